//! The interactive games: the program as codebreaker ([`play`]) or as host ([`host`]), over any
//! line-oriented input and output, so that a person, a pipe or a test can drive them.

use std::io::{self, BufRead, Read, Write};

use crate::codebreaker::{AnswerError, Codebreaker};
use crate::host::Host;
use crate::text::{parse_whole_number, plural, quoted};

/// How an interactive game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// The secret was found with these guesses (the last is the secret).
    Found(Vec<u32>),
    /// The answers contradict each other (codebreaker mode only); the guesses made.
    Inconsistent(Vec<u32>),
    /// The input ended before the secret was found; the guesses made.
    EndOfInput(Vec<u32>),
}

/// Plays as codebreaker: prints a guess, reads the number of matches, and repeats until a guess matches
/// every digit, the answers contradict each other ("No number matches all your answers") or the input
/// ends. An answer that is not a whole number from 0 to `d` gets a message and is asked again. The
/// guesses made are listed at the end.
///
/// ```
/// use solvebatch_guess::{play, solver, Codebreaker, Digits, Ending};
///
/// let mut game = Codebreaker::new(Digits::FOUR, solver("first").unwrap()).unwrap();
/// let mut output = Vec::new();
/// let ending = play(&mut "0\nfour\n4\n".as_bytes(), &mut output, &mut game).unwrap();
/// assert_eq!(ending, Ending::Found(vec![1000, 2111]));
/// assert_eq!(String::from_utf8(output).unwrap(), "\
/// Think of a 4-digit number from 1000 to 9999. After each guess, type how many of its digits are the right digit in the right place (0 to 4).
/// Guess 1: 1000
/// Matches? Guess 2: 2111
/// Matches? \"four\" is not a number of matches from 0 to 4; try again.
/// Matches? Found 2111 with 2 guesses: 1000 2111
/// ");
/// ```
///
/// # Errors
/// Reading or writing fails.
pub fn play(input: &mut impl BufRead, output: &mut impl Write, game: &mut Codebreaker) -> io::Result<Ending> {
    let digits = game.digits();
    writeln!(
        output,
        "Think of a {digits}-digit number from {} to {}. After each guess, type how many of its digits are \
         the right digit in the right place (0 to {digits}).",
        digits.smallest(),
        digits.largest()
    )?;
    loop {
        let guess = game.guess().map_err(io::Error::other)?;
        writeln!(output, "Guess {}: {guess}", game.guess_count())?;
        loop {
            write!(output, "Matches? ")?;
            output.flush()?;
            let Some(line) = read_line(input)? else {
                writeln!(output, "\nInput ended after {}.", listed(game.prior_guesses()))?;
                return Ok(Ending::EndOfInput(game.prior_guesses().to_vec()));
            };
            match parse_whole_number(&line).map(|answer| game.answer(answer)) {
                Some(Ok(())) => break,
                Some(Err(AnswerError::Inconsistent)) => {
                    writeln!(
                        output,
                        "No number matches all your answers after {}.",
                        listed(game.prior_guesses())
                    )?;
                    return Ok(Ending::Inconsistent(game.prior_guesses().to_vec()));
                }
                // Not a number, or above the number of digits: the game is unchanged.
                _ => writeln!(
                    output,
                    "\"{}\" is not a number of matches from 0 to {digits}; try again.",
                    quoted(&line)
                )?,
            }
        }
        if game.is_over() {
            writeln!(output, "Found {guess} with {}", listed(game.prior_guesses()))?;
            return Ok(Ending::Found(game.prior_guesses().to_vec()));
        }
    }
}

/// Hosts a game: reads guesses and answers each with its number of matches until a guess is the
/// secret or the input ends (the secret is then shown). A line that is not a number with the game's
/// number of digits gets a message and is asked again; it does not count as a guess.
///
/// ```
/// use solvebatch_guess::{host, Digits, Ending, Host};
///
/// let mut output = Vec::new();
/// let secret = Host::new(Digits::FOUR, 5432).unwrap();
/// let ending = host(&mut "1234\n12345\n5432\n".as_bytes(), &mut output, &secret).unwrap();
/// assert_eq!(ending, Ending::Found(vec![1234, 5432]));
/// assert_eq!(String::from_utf8(output).unwrap(), "\
/// I have picked a 4-digit number from 1000 to 9999. Guess it: after each guess I say how many of its digits are the right digit in the right place.
/// Guess 1? 1 match.
/// Guess 2? \"12345\" is not a 4-digit number (1000 to 9999); try again.
/// Guess 2? 4 matches: you found 5432 with 2 guesses.
/// ");
/// ```
///
/// # Errors
/// Reading or writing fails.
pub fn host(input: &mut impl BufRead, output: &mut impl Write, host: &Host) -> io::Result<Ending> {
    let digits = host.digits();
    writeln!(
        output,
        "I have picked a {digits}-digit number from {} to {}. Guess it: after each guess I say how many of its \
         digits are the right digit in the right place.",
        digits.smallest(),
        digits.largest()
    )?;
    let mut guesses = Vec::new();
    loop {
        write!(output, "Guess {}? ", guesses.len() + 1)?;
        output.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(output, "\nInput ended; the number was {}.", host.secret())?;
            return Ok(Ending::EndOfInput(guesses));
        };
        let answer = match parse_whole_number(&line) {
            Some(guess) => host.answer(guess).map(|answer| (guess, answer)),
            None => {
                writeln!(output, "\"{}\" is not a number; type a {digits}-digit number.", quoted(&line))?;
                continue;
            }
        };
        match answer {
            Ok((guess, answer)) if answer == digits.get() => {
                guesses.push(guess);
                let count = guesses.len();
                writeln!(
                    output,
                    "{answer} matches: you found {guess} with {count} {}.",
                    plural(count, "guess", "guesses")
                )?;
                return Ok(Ending::Found(guesses));
            }
            Ok((guess, answer)) => {
                guesses.push(guess);
                writeln!(output, "{answer} {}.", plural(answer as usize, "match", "matches"))?;
            }
            Err(_) => writeln!(
                output,
                "\"{}\" is not a {digits}-digit number ({} to {}); try again.",
                quoted(&line),
                digits.smallest(),
                digits.largest()
            )?,
        }
    }
}

/// The most bytes of an answer line kept: no answer is longer, and a longer line (even an endless
/// one from `/dev/zero`) is skipped unread past it and then answered as invalid.
const LINE_LIMIT: u64 = 1024;

/// The next line without its line ending and surrounding blanks (its first [`LINE_LIMIT`] bytes), or
/// `None` at the end of the input. Bytes that are not UTF-8 are replaced, so they get the
/// invalid-input message.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let length = input.by_ref().take(LINE_LIMIT).read_until(b'\n', &mut bytes)?;
    if length == 0 {
        return Ok(None);
    }
    if length as u64 == LINE_LIMIT && !bytes.ends_with(b"\n") {
        input.skip_until(b'\n')?;
    }
    Ok(Some(String::from_utf8_lossy(&bytes).trim().to_string()))
}

/// "2 guesses: 1000 2111" (or "1 guess: 1000").
fn listed(guesses: &[u32]) -> String {
    let list: Vec<String> = guesses.iter().map(u32::to_string).collect();
    format!("{} {}: {}", guesses.len(), plural(guesses.len(), "guess", "guesses"), list.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::Digits;
    use crate::strategy::registry::solver;

    fn play_with(input: &str, strategy_name: &str) -> (Ending, String) {
        let mut game = Codebreaker::new(Digits::FOUR, solver(strategy_name).unwrap()).unwrap();
        let mut output = Vec::new();
        let ending = play(&mut input.as_bytes(), &mut output, &mut game).unwrap();
        (ending, String::from_utf8(output).unwrap())
    }

    #[test]
    fn player_detects_inconsistent_answers() {
        let (ending, output) = play_with("3\n1\n", "first");
        assert_eq!(ending, Ending::Inconsistent(vec![1000, 1001]));
        assert!(
            output.ends_with("Matches? No number matches all your answers after 2 guesses: 1000 1001.\n"),
            "{output}"
        );
    }

    #[test]
    fn a_megabyte_answer_is_skipped_past_1024_bytes_and_quoted_short() {
        let (ending, output) = play_with(&format!("{}\n0\n", "1".repeat(1 << 20)), "first");
        assert_eq!(ending, Ending::EndOfInput(vec![1000, 2111]));
        assert!(output.contains(&format!(
            "Matches? \"{}…\" is not a number of matches from 0 to 4; try again.\nMatches? Guess 2: 2111\n",
            "1".repeat(60)
        )));
    }

    #[test]
    fn player_retries_bad_answers_and_stops_at_end_of_input() {
        let (ending, output) = play_with("5\n-1\n\n+2\n0\n", "first");
        assert_eq!(ending, Ending::EndOfInput(vec![1000, 2111]));
        for bad in ["5", "-1", "", "+2"] {
            assert!(
                output.contains(&format!("\"{bad}\" is not a number of matches from 0 to 4; try again.\n")),
                "{bad}"
            );
        }
        assert!(
            output.ends_with("Guess 2: 2111\nMatches? \nInput ended after 2 guesses: 1000 2111.\n"),
            "{output}"
        );
    }

    #[test]
    fn player_plays_the_3242_game() {
        let (ending, output) = play_with("0\n0\n3\n2\n3\n4\n", "first");
        assert_eq!(ending, Ending::Found(vec![1000, 2111, 3222, 3223, 3232, 3242]));
        assert!(output.ends_with("Found 3242 with 6 guesses: 1000 2111 3222 3223 3232 3242\n"));
    }

    #[test]
    fn host_answers_retries_and_reveals_at_end_of_input() {
        let secret = Host::new(Digits::FOUR, 3242).unwrap();
        let mut output = Vec::new();
        let ending = host(&mut "1000\nabc\n999\n2111\n3222".as_bytes(), &mut output, &secret).unwrap();
        assert_eq!(ending, Ending::EndOfInput(vec![1000, 2111, 3222]));
        let output = String::from_utf8(output).unwrap();
        assert!(output
            .contains("Guess 1? 0 matches.\nGuess 2? \"abc\" is not a number; type a 4-digit number.\n"));
        assert!(output.contains(
            "Guess 2? \"999\" is not a 4-digit number (1000 to 9999); try again.\nGuess 2? 0 matches.\n"
        ));
        assert!(
            output.ends_with("Guess 3? 3 matches.\nGuess 4? \nInput ended; the number was 3242.\n"),
            "{output}"
        );
    }

    #[test]
    fn host_found_in_one_guess_is_singular() {
        let secret = Host::new(Digits::new(2).unwrap(), 42).unwrap();
        let mut output = Vec::new();
        assert_eq!(host(&mut "42\n".as_bytes(), &mut output, &secret).unwrap(), Ending::Found(vec![42]));
        assert!(String::from_utf8(output)
            .unwrap()
            .ends_with("Guess 1? 2 matches: you found 42 with 1 guess.\n"));
    }
}
