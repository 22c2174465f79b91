//! The optimal strategy and the minimum worst case, checked from outside the crate: every game is
//! replayed by an independent transcript checker, and the proved bound is compared with a brute-force
//! minimax written plainly here.

use std::collections::HashMap;

use solvebatch_guess::optimal::bound::Proof;
use solvebatch_guess::{minimum_worst_case, simulate, solver, solvers, Digits};

/// The answer to `guess` for `secret`: digits compared as characters of the decimal texts.
fn matches_by_text(guess: u32, secret: u32) -> u32 {
    guess.to_string().chars().zip(secret.to_string().chars()).filter(|(a, b)| a == b).count() as u32
}

/// Checks a transcript of a `digits`-digit game (`secret g1 g2 ... gn` lines) and returns how many
/// guesses each game took. Panics unless every secret of the range appears exactly once, every guess
/// is a number of the range, only the last guess of a game is its secret (every answer is recomputed),
/// and games with the same answers so far make the same next guess (a strategy sees only answers).
fn check_transcript(text: &str, digits: u32) -> Vec<usize> {
    let smallest = 10u32.pow(digits - 1);
    let range = smallest..smallest * 10;
    let mut seen = vec![false; range.len()];
    let mut next_guess: HashMap<Vec<u32>, u32> = HashMap::new();
    let mut counts = Vec::new();
    for line in text.lines() {
        let numbers: Vec<u32> = line
            .split(' ')
            .map(|field| field.parse().unwrap_or_else(|_| panic!("bad line {line:?}")))
            .collect();
        let (&secret, guesses) = numbers.split_first().expect("a line holds a secret");
        assert!(range.contains(&secret), "secret {secret} outside the range");
        assert!(!std::mem::replace(&mut seen[(secret - smallest) as usize], true), "secret {secret} twice");
        assert!(!guesses.is_empty(), "secret {secret} has no guess");
        let mut answers = Vec::new();
        for (index, &guess) in guesses.iter().enumerate() {
            assert!(range.contains(&guess), "guess {guess} outside the range");
            let expected = *next_guess.entry(answers.clone()).or_insert(guess);
            assert_eq!(guess, expected, "after the answers {answers:?}, secret {secret} gets another guess");
            let answer = matches_by_text(guess, secret);
            if index + 1 < guesses.len() {
                assert!(answer < digits, "secret {secret} guessed before the end of its game");
            } else {
                assert_eq!(guess, secret, "the last guess of a game is its secret");
            }
            answers.push(answer);
        }
        counts.push(guesses.len());
    }
    assert!(seen.iter().all(|&seen| seen), "some secret has no game");
    counts
}

fn worst_and_mean(counts: &[usize]) -> (usize, f64) {
    let worst = counts.iter().copied().max().unwrap_or(0);
    (worst, counts.iter().sum::<usize>() as f64 / counts.len() as f64)
}

#[test]
fn the_checker_rejects_broken_transcripts() {
    // Two-digit games cut down to their shape: each case breaks one rule.
    let complete =
        simulate(solver("first").unwrap(), Digits::new(2).unwrap(), None, solvebatch_guess::Deadline::NEVER)
            .unwrap()
            .transcript();
    assert_eq!(check_transcript(&complete, 2).len(), 90);
    let broken = [
        complete.replacen("10 10\n", "", 1),                     // a secret missing
        complete.replacen("10 10\n", "10 10\n10 10\n", 1),       // a secret twice
        complete.replacen("10 10\n", "10 11\n", 1),              // ends on another number
        complete.replacen("\n11 10 11\n", "\n11 10 12 11\n", 1), // a different guess after the same answers
    ];
    for transcript in broken {
        assert!(std::panic::catch_unwind(|| check_transcript(&transcript, 2)).is_err());
    }
}

#[test]
fn optimal_needs_at_most_12_guesses_for_4_digits_and_fewer_than_9_95_on_average() {
    let simulation =
        simulate(solver("optimal").unwrap(), Digits::FOUR, None, solvebatch_guess::Deadline::NEVER).unwrap();
    let (worst, mean) = worst_and_mean(&check_transcript(&simulation.transcript(), 4));
    assert_eq!(worst, 12);
    assert!(mean <= 9.95, "mean {mean}");
}

#[test]
fn every_strategy_passes_the_checker_at_3_digits() {
    for &strategy in solvers() {
        let simulation =
            simulate(strategy, Digits::new(3).unwrap(), None, solvebatch_guess::Deadline::NEVER).unwrap();
        let counts = check_transcript(&simulation.transcript(), 3);
        assert_eq!(counts.len(), 900, "{}", strategy.name());
    }
}

/// `secret` with its digits counted from the units (position 0).
fn digit(number: u32, position: u32) -> u32 {
    number / 10u32.pow(position) % 10
}

/// `set` with the digits present at each position renumbered in increasing order (from 1 at the front,
/// from 0 elsewhere): a relabelling of digits per position, which keeps every answer, so two sets with
/// the same image need the same number of guesses.
fn renumbered(set: &[u32], digits: u32) -> Vec<u32> {
    let mut image = vec![0; set.len()];
    for position in 0..digits {
        let mut present: Vec<u32> = set.iter().map(|&number| digit(number, position)).collect();
        present.sort_unstable();
        present.dedup();
        let first = u32::from(position == digits - 1);
        for (image, &number) in image.iter_mut().zip(set) {
            let rank = present.binary_search(&digit(number, position)).unwrap() as u32;
            *image += (first + rank) * 10u32.pow(position);
        }
    }
    image.sort_unstable();
    image
}

/// Every guess worth trying: at each position the digits some member has there, and one digit none
/// has (all such digits match nothing, so they split the set alike).
fn brute_force_guesses(set: &[u32], digits: u32) -> Vec<u32> {
    let mut guesses = vec![0];
    for position in (0..digits).rev() {
        let first = u32::from(position == digits - 1);
        let present: Vec<u32> =
            (first..10).filter(|&d| set.iter().any(|&number| digit(number, position) == d)).collect();
        let absent = (first..10).find(|d| !present.contains(d));
        let choices: Vec<u32> = present.into_iter().chain(absent).collect();
        guesses = guesses.iter().flat_map(|&prefix| choices.iter().map(move |&d| prefix * 10 + d)).collect();
    }
    guesses
}

/// Whether some strategy finds every secret of `set` within `budget` guesses: plain minimax over every
/// guess, with a memo of renumbered sets and the textbook counting bound (`budget` guesses tell at most
/// `1 + d + ... + d^(budget-1)` secrets apart).
fn brute_force_solvable(
    set: &[u32],
    budget: u32,
    digits: u32,
    memo: &mut HashMap<(Vec<u32>, u32), bool>,
) -> bool {
    if set.len() == 1 {
        return budget >= 1;
    }
    let most: u64 = (0..budget).map(|power| u64::from(digits).pow(power)).sum();
    if budget <= 1 || set.len() as u64 > most {
        return false;
    }
    let key = (renumbered(set, digits), budget);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut splits: Vec<Vec<Vec<u32>>> = brute_force_guesses(set, digits)
        .into_iter()
        .map(|guess| {
            let mut groups = vec![Vec::new(); digits as usize];
            for &secret in set {
                let answer = matches_by_text(guess, secret);
                if answer < digits {
                    groups[answer as usize].push(secret);
                }
            }
            groups.retain(|group: &Vec<u32>| !group.is_empty());
            groups.sort_by_key(|group| std::cmp::Reverse(group.len()));
            groups
        })
        .filter(|groups| groups.first().is_none_or(|group| group.len() < set.len()))
        .collect();
    splits.sort_by_key(|groups| std::cmp::Reverse(groups.len()));
    let solvable = splits
        .iter()
        .any(|groups| groups.iter().all(|group| brute_force_solvable(group, budget - 1, digits, memo)));
    memo.insert(key, solvable);
    solvable
}

/// The fewest guesses that finish every secret of `set` in the worst case, by brute force.
fn brute_force_minimax(set: &[u32], digits: u32) -> u32 {
    let mut memo = HashMap::new();
    (1..).find(|&budget| brute_force_solvable(set, budget, digits, &mut memo)).unwrap()
}

#[test]
fn two_digit_bound_equals_the_brute_force_minimax() {
    let digits = Digits::new(2).unwrap();
    let bound = minimum_worst_case(digits, solvebatch_guess::Deadline::NEVER).unwrap();
    let all: Vec<u32> = (10..100).collect();
    assert_eq!(bound.worst_case, brute_force_minimax(&all, 2));
    assert_eq!(bound.worst_case, 10);
}

#[test]
fn three_digit_bound_equals_the_brute_force_minimax() {
    let digits = Digits::new(3).unwrap();
    let bound = minimum_worst_case(digits, solvebatch_guess::Deadline::NEVER).unwrap();
    assert_eq!(bound.worst_case, 11);
    // The brute force proves that one guess fewer fails; the strategy `optimal`, replayed by the
    // checker, shows that the bound suffices.
    let all: Vec<u32> = (100..1000).collect();
    assert!(!brute_force_solvable(&all, bound.worst_case - 1, 3, &mut HashMap::new()));
    let simulation =
        simulate(solver("optimal").unwrap(), digits, None, solvebatch_guess::Deadline::NEVER).unwrap();
    let (worst, _) = worst_and_mean(&check_transcript(&simulation.transcript(), 3));
    assert_eq!(worst as u32, bound.worst_case);
}

#[test]
fn four_digit_bound_is_12_through_the_54_number_box() {
    let bound = minimum_worst_case(Digits::FOUR, solvebatch_guess::Deadline::NEVER).unwrap();
    assert_eq!(bound.worst_case, 12);
    let sizes: Vec<usize> = bound.steps.iter().map(|step| step.size).collect();
    assert_eq!(sizes, [8, 54, 192, 500, 1080, 2058, 3584, 5832, 9000]);
    let worst: Vec<u32> = bound.steps.iter().map(|step| step.worst_case).collect();
    assert_eq!(worst, [3, 5, 6, 7, 8, 9, 10, 11, 12]);
    let seven_zeros = &bound.steps[1];
    assert_eq!((seven_zeros.zeros, seven_zeros.proof), (7, Proof::ExhaustiveSearch));
    assert_eq!(seven_zeros.describe(Digits::FOUR), "{1,2} x {0,1,2}^3");
    assert!(bound.steps[2..].iter().all(|step| step.proof == Proof::AnswerZero));
    // The crux, by brute force: {1,2} x {0,1,2}^3 needs 5 guesses, guesses outside it allowed.
    let boxed: Vec<u32> = (1000..10_000)
        .filter(|&number| number / 1000 <= 2 && (0..3).all(|position| digit(number, position) <= 2))
        .collect();
    assert_eq!(boxed.len(), 54);
    assert_eq!(brute_force_minimax(&boxed, 4), 5);
}
