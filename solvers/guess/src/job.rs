//! The whole job on one `.guess` batch file, as every front end runs it (the batch runner,
//! `compare`, the web app): a [`Job`] prepared once per run, then [`Job::solve`] on each
//! file; [`verify`] checks any strategy's answers.

use solvebatch_core::Deadline;

use crate::batch::{format, parse, solve_batch, BatchError, BatchReport, Request, RequestResult};
use crate::candidates::CandidateSet;
use crate::digits::{Digits, DigitsError};
use crate::matches::matches;
use crate::strategy::registry::{solver, UnknownSolver};
use crate::strategy::{Solver, UnsupportedDigits};

/// Why a run cannot be prepared.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuessSetupError {
    /// No strategy has that name.
    #[error(transparent)]
    UnknownSolver(#[from] UnknownSolver),
    /// The number of digits is outside `2..=9`.
    #[error(transparent)]
    Digits(#[from] DigitsError),
    /// The strategy does not handle that many digits.
    #[error(transparent)]
    UnsupportedDigits(#[from] UnsupportedDigits),
}

/// A run over batch files: the strategy and the number of digits.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    solver: &'static dyn Solver,
    digits: Digits,
}

impl Job {
    /// Prepares a run with the strategy called `name` and `digits` digits (4 when `None`).
    ///
    /// # Errors
    /// An unknown strategy, digits outside `2..=9`, or more digits than the strategy handles.
    pub fn new(name: &str, digits: Option<u32>) -> Result<Job, GuessSetupError> {
        let solver = solver(name)?;
        let digits = Digits::new(digits.unwrap_or(Digits::FOUR.get()))?;
        solver.check_digits(digits)?;
        Ok(Job { solver, digits })
    }

    /// The strategy of this run.
    pub fn solver(&self) -> &'static dyn Solver {
        self.solver
    }

    /// The number of digits of this run.
    pub fn digits(&self) -> Digits {
        self.digits
    }

    /// Answers every line of the batch file `text` ([`solve_batch`]).
    ///
    /// # Errors
    /// [`BatchError::Interrupted`] when `deadline` passes.
    pub fn solve(
        &self,
        text: &(impl AsRef<[u8]> + ?Sized),
        deadline: Deadline<'_>,
    ) -> Result<BatchReport, BatchError> {
        solve_batch(text, self.digits, self.solver, deadline)
    }
}

/// Why an output is not a correct answer to a batch file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BatchAnswerError {
    /// The output has another number of lines than the file has jobs.
    #[error("the output has {found} lines for {expected} jobs")]
    LineCount {
        /// Lines in the output.
        found: usize,
        /// Request lines in the file, malformed ones included.
        expected: usize,
    },
    /// An output line is not a correct answer to its job.
    #[error("output line {line}: {problem}")]
    Line {
        /// The output line, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
}

/// Checks that `output` answers every job of the batch file `text` correctly, whatever the strategy:
/// a malformed line has its error; a game against a secret ends with its first guess of the secret;
/// a next guess comes with the right number of candidates left and makes progress (it is a candidate,
/// or the candidates give it at least two different answers); `inconsistent answers` only when no
/// number fits the answers.
///
/// ```
/// use solvebatch_guess::{verify, Digits};
///
/// let text = "secret 3242\nanswers 1000=0 2111=0\n";
/// let another = "secret 3242: 1000 1123 3242 (3 guesses)\nanswers 1000=0 2111=0: next 3322 (3584 candidates left)\n";
/// assert_eq!(verify(text, Digits::FOUR, another), Ok(()));
/// assert_eq!(
///     verify(text, Digits::FOUR, "secret 3242: 3242 1000 (2 guesses)\nanswers 1000=0 2111=0: next 3322 (3584 candidates left)\n")
///         .unwrap_err().to_string(),
///     "output line 1: the game goes on after guessing the secret"
/// );
/// ```
///
/// # Errors
/// The first [`BatchAnswerError`].
pub fn verify(
    text: &(impl AsRef<[u8]> + ?Sized),
    digits: Digits,
    output: &str,
) -> Result<(), BatchAnswerError> {
    let jobs = parse(text, digits);
    let lines: Vec<&str> = output.lines().collect();
    if lines.len() != jobs.len() || !output.ends_with('\n') && !output.is_empty() {
        return Err(BatchAnswerError::LineCount { found: lines.len(), expected: jobs.len() });
    }
    for (index, (job, line)) in jobs.iter().zip(lines).enumerate() {
        let checked = match job {
            Err(error) if error.to_string() == line => Ok(()),
            Err(error) => Err(format!("expected the error \"{error}\"")),
            Ok(job) => check_answer(&job.request, digits, line),
        };
        checked.map_err(|problem| BatchAnswerError::Line { line: index + 1, problem })?;
    }
    Ok(())
}

fn check_answer(job: &Request, digits: Digits, line: &str) -> Result<(), String> {
    let answer =
        line.strip_prefix(&format!("{job}: ")).ok_or_else(|| format!("does not answer \"{job}\""))?;
    match job {
        Request::Secret(secret) => {
            let guesses = read_guesses(answer, digits)?;
            match guesses.iter().position(|guess| guess == secret) {
                None => Err("the game does not find the secret".to_string()),
                Some(found) if found + 1 < guesses.len() => {
                    Err("the game goes on after guessing the secret".to_string())
                }
                Some(_) => expect_line(line, &format(job, &RequestResult::Found(guesses))),
            }
        }
        Request::Answers(answers) => {
            let mut candidates = CandidateSet::all(digits);
            for &(guess, answer) in answers {
                candidates.eliminate(guess, answer);
            }
            if candidates.is_empty() {
                return expect_line(line, &format(job, &RequestResult::Inconsistent));
            }
            let guess = answer
                .strip_prefix("next ")
                .and_then(|rest| rest.split(' ').next())
                .and_then(|guess| guess.parse::<u32>().ok())
                .filter(|&guess| digits.contains(guess))
                .ok_or_else(|| "no next guess of the game's digits".to_string())?;
            let first_answer = candidates.iter().next().map(|candidate| matches(guess, candidate));
            let splits = candidates.iter().any(|candidate| Some(matches(guess, candidate)) != first_answer);
            if !candidates.contains(guess) && !splits {
                return Err(format!("{guess} is no candidate and tells the candidates apart in no way"));
            }
            expect_line(line, &format(job, &RequestResult::Next { guess, candidates: candidates.len() }))
        }
    }
}

/// The guesses of `g1 g2 ... gk (k guesses)`.
fn read_guesses(answer: &str, digits: Digits) -> Result<Vec<u32>, String> {
    let (list, _) = answer.rsplit_once(" (").ok_or_else(|| "no guess count".to_string())?;
    list.split(' ')
        .map(|guess| guess.parse::<u32>().ok().filter(|&guess| digits.contains(guess)))
        .collect::<Option<Vec<u32>>>()
        .ok_or_else(|| format!("a guess is not a {digits}-digit number"))
}

/// `line` must read exactly `expected` (counts and wording).
fn expect_line(line: &str, expected: &str) -> Result<(), String> {
    if line == expected {
        Ok(())
    } else {
        Err(format!("expected \"{expected}\""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_checked_when_prepared() {
        assert_eq!(Job::new("first", None).unwrap().digits(), Digits::FOUR);
        assert_eq!(
            Job::new("minimax", Some(9)).unwrap_err().to_string(),
            "strategy minimax handles at most 5 digits, not 9"
        );
        assert_eq!(Job::new("first", Some(10)).unwrap_err(), GuessSetupError::Digits(DigitsError(10)));
    }

    #[test]
    fn every_strategy_answers_the_reference_file_correctly() {
        let text = "secret 3242\nsecret 1000\nanswers 1000=0 2111=0\nanswers 1000=3 1001=1\nsecret 12\n";
        for name in ["first", "minimax", "max-parts", "entropy"] {
            let report = Job::new(name, None).unwrap().solve(text, Deadline::NEVER).unwrap();
            assert_eq!(verify(text, Digits::FOUR, &report.output), Ok(()), "{name}");
        }
    }

    #[test]
    fn wrong_answers_are_named() {
        let text = "answers 1000=0 2111=0\nanswers 1000=3 1001=1\nsecret x\n";
        let right = "answers 1000=0 2111=0: next 3222 (3584 candidates left)\n\
                     answers 1000=3 1001=1: inconsistent answers\nline 3: \"x\" is not a number\n";
        assert_eq!(verify(text, Digits::FOUR, right), Ok(()));
        let wrong_count = right.replace("3584", "3585");
        assert_eq!(
            verify(text, Digits::FOUR, &wrong_count).unwrap_err().to_string(),
            "output line 1: expected \"answers 1000=0 2111=0: next 3222 (3584 candidates left)\""
        );
        // 1000 was answered 0: every candidate answers 0 to it again.
        let no_progress = right.replace("next 3222", "next 1000");
        assert_eq!(
            verify(text, Digits::FOUR, &no_progress).unwrap_err().to_string(),
            "output line 1: 1000 is no candidate and tells the candidates apart in no way"
        );
        assert_eq!(
            verify(text, Digits::FOUR, "only one line\n").unwrap_err(),
            BatchAnswerError::LineCount { found: 1, expected: 3 }
        );
    }
}
