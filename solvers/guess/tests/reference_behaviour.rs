//! The expected behaviour of the reference codebreaker, one test per line of
//! `shared/data/guess/reference-behaviour.txt` (values transcribed), and the file itself read line by
//! line when it is present.

use solvebatch_guess::{matches, solver, AnswerError, Codebreaker, Digits, GameState, GuessError};

fn reference() -> Codebreaker {
    Codebreaker::new(Digits::FOUR, solver("first").unwrap()).unwrap()
}

#[test]
fn num_matches() {
    assert_eq!(matches(1234, 4321), 0);
    assert_eq!(matches(1234, 2341), 0);
    assert_eq!(matches(5678, 7777), 1);
    assert_eq!(matches(9000, 3210), 1);
    assert_eq!(matches(1234, 1114), 2);
    assert_eq!(matches(5005, 6006), 2);
    assert_eq!(matches(1000, 9000), 3);
    assert_eq!(matches(1234, 1234), 4);
}

#[test]
fn reset_state() {
    let mut game = reference();
    game.guess().unwrap();
    game.answer(0).unwrap();
    game.reset();
    assert_eq!(game.guess_count(), 0);
    assert!(!game.is_over());
    assert!(game.prior_guesses().is_empty());
}

#[test]
fn first_guess_after_reset() {
    let mut game = reference();
    game.reset();
    assert_eq!(game.guess(), Ok(1000));
}

#[test]
fn is_over_in_two_independent_games() {
    let (mut a, mut b) = (reference(), reference());
    a.reset();
    b.reset();
    assert!(!b.is_over());
    assert_eq!(b.guess(), Ok(1000));
    b.answer(4).unwrap();
    assert!(b.is_over());
    assert!(!a.is_over());
}

#[test]
fn is_prior_guess() {
    let mut game = reference();
    let first = game.guess().unwrap();
    assert_eq!(first, 1000);
    assert!(game.is_prior_guess(first));
    assert!(!game.is_prior_guess(9999));
    game.answer(0).unwrap();
    let second = game.guess().unwrap();
    assert_eq!(second, 2111);
    assert!(game.is_prior_guess(second));
    assert!(!game.is_prior_guess(9999));
}

#[test]
fn guess_count_counts_every_guess_even_after_a_win() {
    let mut game = reference();
    assert_eq!(game.guess_count(), 0);
    assert_eq!(game.guess_count(), 0);
    game.guess().unwrap();
    assert_eq!(game.guess_count(), 1);
    assert_eq!(game.guess_count(), 1);
    game.answer(0).unwrap();
    game.guess().unwrap();
    assert_eq!(game.guess_count(), 2);
    game.answer(4).unwrap();
    assert_eq!(game.guess(), Ok(2111), "after a win the winning number is guessed again");
    assert_eq!(game.guess_count(), 3);
}

#[test]
fn trivial_game_secret_1000() {
    let mut game = reference();
    assert_eq!(game.guess(), Ok(1000));
    assert_eq!(game.answer(4), Ok(()));
    assert!(game.is_over());
}

#[test]
fn full_game_secret_3242() {
    let mut game = reference();
    let expected = [(1000, 0), (2111, 0), (3222, 3), (3223, 2), (3232, 3), (3242, 4)];
    for (guess, reply) in expected {
        assert_eq!(game.guess(), Ok(guess));
        assert_eq!(matches(guess, 3242), reply);
        assert_eq!(game.answer(reply), Ok(()));
    }
    assert!(game.is_over());
    assert_eq!(game.prior_guesses(), expected.map(|(guess, _)| guess));
}

#[test]
fn inconsistent_after_1000_3_and_1001_1() {
    let mut game = reference();
    assert_eq!(game.guess(), Ok(1000));
    game.answer(3).unwrap();
    assert_eq!(game.guess(), Ok(1001));
    assert_eq!(game.answer(1), Err(AnswerError::Inconsistent));
    assert_eq!(game.state(), GameState::Inconsistent);
    assert_eq!(game.guess(), Err(GuessError::NoCandidate), "no further guess");
}

#[test]
fn inconsistent_after_1000_3_1001_2_and_1010_1() {
    let mut game = reference();
    assert_eq!(game.guess(), Ok(1000));
    game.answer(3).unwrap();
    assert_eq!(game.guess(), Ok(1001));
    game.answer(2).unwrap();
    assert_eq!(game.guess(), Ok(1010));
    assert_eq!(game.answer(1), Err(AnswerError::Inconsistent));
}

#[test]
fn prior_guesses_in_order_and_a_win_adds_nothing() {
    let mut game = reference();
    assert!(game.prior_guesses().is_empty());
    let g1 = game.guess().unwrap();
    assert_eq!(game.prior_guesses(), [g1]);
    game.answer(1).unwrap();
    let g2 = game.guess().unwrap();
    game.answer(2).unwrap();
    let g3 = game.guess().unwrap();
    game.answer(3).unwrap();
    let g4 = game.guess().unwrap();
    assert_eq!(game.prior_guesses(), [g1, g2, g3, g4]);
    game.answer(4).unwrap();
    assert_eq!(game.prior_guesses(), [g1, g2, g3, g4]);
    assert!(game.is_over());
}

// In a module of this name so that `.ci/run` can skip it (`--skip shared_data::`) where the folder
// is absent.
mod shared_data {
    use super::*;

    /// The shared file (`../shared/data/guess`, beside the checkout): every `numMatches`, `groundtruth` and inconsistent-replies line
    /// (`reset; getGuess -> ...; updateGuess(...) -> false`) is replayed from the file's own text; the
    /// other lines, prose about named games and variables, are the transcribed tests above.
    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn reference_file_line_by_line() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/guess/reference-behaviour.txt");
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("{path}: {error} (no ../shared beside the checkout?)"));
        let (mut num_matches, mut games, mut inconsistent) = (0, 0, 0);
        let mut lines = text.lines().peekable();
        while let Some(line) = lines.next() {
            if let Some(rest) = line.strip_prefix("numMatches ") {
                let numbers: Vec<u32> =
                    rest.split([' ', '-', '>']).filter_map(|field| field.parse().ok()).collect();
                assert_eq!(matches(numbers[0], numbers[1]), numbers[2], "{line}");
                num_matches += 1;
            } else if let Some(rest) = line.strip_prefix("groundtruth ") {
                let secret: u32 = rest.split_whitespace().next().unwrap().parse().unwrap();
                let list = |text: &str, key: &str| -> Vec<u32> {
                    let after = &text[text.find(key).unwrap() + key.len()..];
                    after
                        .split(['(', ';'])
                        .next()
                        .unwrap()
                        .split(',')
                        .map(|n| n.trim().parse().unwrap())
                        .collect()
                };
                let guesses = list(line, "guesses");
                let replies = if line.contains("replies") {
                    list(line, "replies")
                } else {
                    list(lines.next().unwrap(), "replies")
                };
                let mut game = reference();
                for (&guess, &reply) in guesses.iter().zip(&replies) {
                    assert_eq!(game.guess(), Ok(guess), "{line}");
                    assert_eq!(matches(guess, secret), reply, "{line}");
                    assert_eq!(game.answer(reply), Ok(()), "{line}");
                }
                assert_eq!(guesses.len(), replies.len());
                assert!(game.is_over(), "{line}");
                games += 1;
            } else if line.starts_with("reset; getGuess") && line.trim_end().ends_with("-> false") {
                let mut game = reference();
                for step in line.split(';').map(str::trim) {
                    if let Some(guess) = step.strip_prefix("getGuess -> ") {
                        assert_eq!(game.guess(), Ok(guess.parse().unwrap()), "{line}");
                    } else if let Some(reply) = step.strip_prefix("updateGuess(") {
                        let (reply, expected) = reply.split_once(')').unwrap();
                        let result = game.answer(reply.parse().unwrap());
                        if expected.contains("false") {
                            assert_eq!(result, Err(AnswerError::Inconsistent), "{line}");
                        } else {
                            assert_eq!(result, Ok(()), "{line}");
                        }
                    }
                }
                assert_eq!(game.state(), GameState::Inconsistent, "{line}");
                inconsistent += 1;
            }
        }
        assert_eq!((num_matches, games, inconsistent), (8, 2, 2), "lines recognised in {path}");
    }
}
