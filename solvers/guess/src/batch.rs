//! Batch files (`.guess`): one job a line, answered one output line each.
//!
//! ```text
//! secret 3242                 -> secret 3242: 1000 2111 3222 3223 3232 3242 (6 guesses)
//! answers 1000=0 2111=0       -> answers 1000=0 2111=0: next 3222 (3584 candidates left)
//! answers 1000=3 1001=1       -> answers 1000=3 1001=1: inconsistent answers
//! ```
//!
//! `#` starts a comment and blank lines are skipped. A malformed line gets an error naming it
//! (`line 4: ...`) in its place in the output; the other lines are still answered.

use solvebatch_core::Deadline;
use std::fmt;

use crate::candidates::CandidateSet;
use crate::digits::Digits;
use crate::matches::matches;
use crate::strategy::{GuessError, Solver, UnsupportedDigits};
use crate::text::{parse_whole_number, plural, quoted};

/// One request of a batch file (a line: `secret N` or `answers G=M ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `secret N`: play the game against the secret `N` and list the guesses.
    Secret(u32),
    /// `answers G=M ...`: the host answered `M` matches to guess `G`; give the next guess.
    Answers(Vec<(u32, u32)>),
}

impl fmt::Display for Request {
    /// The request as written, in canonical spacing: `secret 3242`, `answers 1000=0 2111=0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Secret(secret) => write!(f, "secret {secret}"),
            Request::Answers(answers) => {
                f.write_str("answers")?;
                answers.iter().try_for_each(|(guess, answer)| write!(f, " {guess}={answer}"))
            }
        }
    }
}

/// A request with the line it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestLine {
    /// The line number, from 1.
    pub line: usize,
    /// The request.
    pub request: Request,
}

/// A malformed line of a batch file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct LineError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a line. A field quoted from the line is cut to its first 60 characters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The first word is neither `secret` nor `answers`.
    #[error("unknown keyword \"{0}\" (expected secret or answers)")]
    UnknownKeyword(String),
    /// `secret` is not followed by exactly one number.
    #[error("secret takes exactly one number")]
    SecretCount,
    /// A field that should be a number is not made of digits.
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// A number does not have the game's number of digits.
    #[error("{text} is not a {digits}-digit number ({} to {})", .digits.smallest(), .digits.largest())]
    WrongDigits {
        /// The number as written.
        text: String,
        /// The number of digits of the game.
        digits: Digits,
    },
    /// An answer field is not `GUESS=MATCHES`.
    #[error("\"{0}\" is not of the form GUESS=MATCHES")]
    NotAnAnswer(String),
    /// The line's job holds bytes that are not UTF-8.
    #[error("{}", solvebatch_core::text::NOT_UTF8)]
    NotUtf8,
    /// A number of matches above the number of digits.
    #[error("answer {answer} for {guess} is outside 0..={digits}")]
    AnswerOutOfRange {
        /// The guess.
        guess: u32,
        /// The answer given.
        answer: u32,
        /// The number of digits of the game.
        digits: Digits,
    },
}

/// Reads a batch file of `digits`-digit numbers (its bytes, or text): one entry per job line, in
/// order, each a job or the reason its line is malformed. Blank and comment-only lines give no
/// entry; a line whose job holds bytes that are not UTF-8 is malformed, in every family's words
/// (`line 2: not UTF-8 text`, [`solvebatch_core::text::not_utf8`]). A leading byte-order mark is
/// dropped.
///
/// ```
/// use solvebatch_guess::batch::Request;
/// use solvebatch_guess::{parse, Digits};
///
/// let jobs = parse("# two jobs\nsecret 3242\n\nanswers 1000=0 123=1\n", Digits::FOUR);
/// assert_eq!(jobs[0].as_ref().unwrap().request, Request::Secret(3242));
/// assert_eq!(jobs[1].as_ref().unwrap_err().to_string(), "line 4: 123 is not a 4-digit number (1000 to 9999)");
/// ```
pub fn parse(text: &(impl AsRef<[u8]> + ?Sized), digits: Digits) -> Vec<Result<RequestLine, LineError>> {
    let bytes = text.as_ref();
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    bytes
        .split(|&byte| byte == b'\n')
        .enumerate()
        .filter_map(|(index, line)| {
            // `#` is one byte that no other character's bytes hold: what follows it is a comment,
            // whatever its bytes.
            let content = line.split(|&byte| byte == b'#').next().unwrap_or_default();
            let Ok(content) = std::str::from_utf8(content) else {
                return Some(Err(LineError { line: index + 1, problem: Problem::NotUtf8 }));
            };
            let mut words = content.split_whitespace();
            let keyword = words.next()?;
            let job = parse_job(keyword, words.collect(), digits);
            Some(
                job.map(|request| RequestLine { line: index + 1, request })
                    .map_err(|problem| LineError { line: index + 1, problem }),
            )
        })
        .collect()
}

fn parse_job(keyword: &str, fields: Vec<&str>, digits: Digits) -> Result<Request, Problem> {
    match keyword {
        "secret" => match fields[..] {
            [secret] => Ok(Request::Secret(parse_number(secret, digits)?)),
            _ => Err(Problem::SecretCount),
        },
        "answers" => fields
            .into_iter()
            .map(|field| parse_answer(field, digits))
            .collect::<Result<_, _>>()
            .map(Request::Answers),
        _ => Err(Problem::UnknownKeyword(quoted(keyword))),
    }
}

/// A `digits`-digit number written in decimal digits only.
pub(crate) fn parse_number(text: &str, digits: Digits) -> Result<u32, Problem> {
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(Problem::NotANumber(quoted(text)));
    }
    match parse_whole_number(text) {
        Some(number) if digits.contains(number) && !text.starts_with('0') => Ok(number),
        _ => Err(Problem::WrongDigits { text: quoted(text), digits }),
    }
}

fn parse_answer(field: &str, digits: Digits) -> Result<(u32, u32), Problem> {
    let (guess, answer) = field.split_once('=').ok_or_else(|| Problem::NotAnAnswer(quoted(field)))?;
    let guess = parse_number(guess, digits)?;
    let answer = parse_whole_number(answer).ok_or_else(|| Problem::NotANumber(quoted(answer)))?;
    if answer > digits.get() {
        return Err(Problem::AnswerOutOfRange { guess, answer, digits });
    }
    Ok((guess, answer))
}

/// What a request came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestResult {
    /// The guesses of the game against the secret, the last being the secret.
    Found(Vec<u32>),
    /// The strategy's next guess and how many candidates the answers leave.
    Next {
        /// The next guess.
        guess: u32,
        /// The number of candidates consistent with every answer.
        candidates: usize,
    },
    /// No number is consistent with every answer.
    Inconsistent,
}

/// The output of a whole batch file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchReport {
    /// One line per job (an answer or an error), in file order, each ending in a newline.
    pub output: String,
    /// The malformed lines, in file order.
    pub errors: Vec<LineError>,
    /// The number of job lines, malformed ones included.
    pub jobs: usize,
    /// The guesses made in all `secret` games.
    pub guesses: u64,
}

impl BatchReport {
    /// What the batch took, as run reports record it.
    pub fn statistics(&self) -> BatchStatistics {
        BatchStatistics { jobs: self.jobs, guesses: self.guesses, errors: self.errors.len() }
    }
}

/// What a batch file took: a report's statistics (serialised with these field names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct BatchStatistics {
    /// The number of job lines, malformed ones included.
    pub jobs: usize,
    /// The guesses made in all `secret` games.
    pub guesses: u64,
    /// The number of malformed lines.
    pub errors: usize,
}

/// Why a batch was not answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The strategy does not handle that many digits.
    #[error(transparent)]
    UnsupportedDigits(#[from] UnsupportedDigits),
    /// The deadline passed first.
    #[error("the time limit was reached")]
    Interrupted,
    /// The file holds nothing but white space: no game to play (the specification's batch file
    /// holds one job a line).
    #[error("the file is empty: a batch file holds one job a line (secret N, or answers G=M ...)")]
    Empty,
    /// Every line of the file is blank or a comment: no game to play.
    #[error("no job: every line is blank or a comment (a job is secret N, or answers G=M ...)")]
    NoJob,
}

/// Answers one request with `strategy`.
///
/// # Errors
/// [`BatchError::Interrupted`] when `deadline` passes (checked during each elimination and by the
/// scoring strategies).
pub fn solve_request(
    job: &Request,
    digits: Digits,
    strategy: &dyn Solver,
    deadline: Deadline<'_>,
) -> Result<RequestResult, BatchError> {
    let mut candidates = CandidateSet::all(digits);
    match job {
        Request::Secret(secret) => {
            let mut guesses = Vec::new();
            loop {
                let Some(guess) = next_guess(strategy, &candidates, deadline)? else {
                    return Ok(RequestResult::Inconsistent);
                };
                guesses.push(guess);
                if guess == *secret {
                    return Ok(RequestResult::Found(guesses));
                }
                candidates.eliminate_before(guess, matches(guess, *secret), deadline).map_err(interrupted)?;
            }
        }
        Request::Answers(answers) => {
            for &(guess, answer) in answers {
                candidates.eliminate_before(guess, answer, deadline).map_err(interrupted)?;
            }
            Ok(match next_guess(strategy, &candidates, deadline)? {
                Some(guess) => RequestResult::Next { guess, candidates: candidates.len() },
                None => RequestResult::Inconsistent,
            })
        }
    }
}

/// The batch error for an interrupted elimination.
fn interrupted(_: GuessError) -> BatchError {
    BatchError::Interrupted
}

/// The strategy's guess, or `None` when no candidate is left.
fn next_guess(
    strategy: &dyn Solver,
    candidates: &CandidateSet,
    deadline: Deadline<'_>,
) -> Result<Option<u32>, BatchError> {
    match strategy.next_guess(candidates, deadline) {
        Ok(guess) => Ok(Some(guess)),
        Err(GuessError::NoCandidate) => Ok(None),
        Err(GuessError::Interrupted) => Err(BatchError::Interrupted),
    }
}

/// The output line of a job (without its newline).
///
/// ```
/// use solvebatch_guess::batch::{Request, RequestResult};
/// use solvebatch_guess::format;
///
/// let job = Request::Answers(vec![(1000, 0), (2111, 0)]);
/// let next = RequestResult::Next { guess: 3222, candidates: 3584 };
/// assert_eq!(format(&job, &next), "answers 1000=0 2111=0: next 3222 (3584 candidates left)");
/// assert_eq!(format(&Request::Secret(1000), &RequestResult::Found(vec![1000])), "secret 1000: 1000 (1 guess)");
/// ```
pub fn format(job: &Request, result: &RequestResult) -> String {
    match result {
        RequestResult::Found(guesses) => {
            let list: Vec<String> = guesses.iter().map(u32::to_string).collect();
            format!(
                "{job}: {} ({} {})",
                list.join(" "),
                guesses.len(),
                plural(guesses.len(), "guess", "guesses")
            )
        }
        RequestResult::Next { guess, candidates } => {
            format!(
                "{job}: next {guess} ({candidates} {} left)",
                plural(*candidates, "candidate", "candidates")
            )
        }
        RequestResult::Inconsistent => format!("{job}: inconsistent answers"),
    }
}

/// Reads and answers a whole batch file of `digits`-digit numbers with `strategy`.
///
/// # Errors
/// [`BatchError::UnsupportedDigits`] before any work when the strategy does not handle `digits`;
/// [`BatchError::Empty`] or [`BatchError::NoJob`] for a file with no job line;
/// [`BatchError::Interrupted`] when `deadline` passes.
pub fn solve_batch(
    text: &(impl AsRef<[u8]> + ?Sized),
    digits: Digits,
    strategy: &dyn Solver,
    deadline: Deadline<'_>,
) -> Result<BatchReport, BatchError> {
    strategy.check_digits(digits)?;
    let mut report = BatchReport { output: String::new(), errors: Vec::new(), jobs: 0, guesses: 0 };
    let entries = parse(text, digits);
    if entries.is_empty() {
        let bytes = text.as_ref();
        let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        return Err(if bytes.iter().all(u8::is_ascii_whitespace) {
            BatchError::Empty
        } else {
            BatchError::NoJob
        });
    }
    for entry in entries {
        report.jobs += 1;
        let line = match entry {
            Ok(RequestLine { request: job, .. }) => {
                let result = solve_request(&job, digits, strategy, deadline)?;
                if let RequestResult::Found(guesses) = &result {
                    report.guesses += guesses.len() as u64;
                }
                format(&job, &result)
            }
            Err(error) => {
                let line = error.to_string();
                report.errors.push(error);
                line
            }
        };
        report.output.push_str(&line);
        report.output.push('\n');
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::registry::solver;

    fn answer(text: &str) -> String {
        solve_batch(text, Digits::FOUR, solver("first").unwrap(), Deadline::NEVER).unwrap().output
    }

    #[test]
    fn the_example_of_the_specification() {
        // 1000=0 and 2111=0: first digit 3..=9 (7 ways), others 2..=9 (8 ways): 7 * 8^3 = 3584.
        assert_eq!(
            answer("secret 3242\nanswers 1000=0 2111=0\nanswers 1000=3 1001=1\n"),
            "secret 3242: 1000 2111 3222 3223 3232 3242 (6 guesses)\n\
             answers 1000=0 2111=0: next 3222 (3584 candidates left)\n\
             answers 1000=3 1001=1: inconsistent answers\n"
        );
    }

    #[test]
    fn singular_forms_comments_and_blank_lines() {
        assert_eq!(
            answer("# a comment\n\n   \nsecret 1000   # found at once\nanswers 1234=4\n"),
            "secret 1000: 1000 (1 guess)\nanswers 1234=4: next 1234 (1 candidate left)\n"
        );
    }

    #[test]
    fn a_megabyte_field_is_quoted_cut_to_60_characters() {
        let field = "7".repeat(1 << 20);
        let report = solve_batch(
            &format!("secret {field}x\n"),
            Digits::FOUR,
            solver("first").unwrap(),
            Deadline::NEVER,
        );
        assert_eq!(report.unwrap().output, format!("line 1: \"{}…\" is not a number\n", "7".repeat(60)));
    }

    #[test]
    fn statistics_count_jobs_guesses_and_malformed_lines() {
        let text = "secret 3242\nanswers 1000=0\nsecret 12\n";
        let report = solve_batch(text, Digits::FOUR, solver("first").unwrap(), Deadline::NEVER).unwrap();
        assert_eq!(report.statistics(), BatchStatistics { jobs: 3, guesses: 6, errors: 1 });
    }

    #[test]
    fn a_job_that_is_not_utf8_is_named_in_every_family_s_words_and_the_others_answered() {
        let report = solve_batch(
            &b"\xef\xbb\xbfsecret 3242 # caf\xe9\nsecret 12\xe934\n\xff\n# \xff only a comment\nsecret 1000\n"[..],
            Digits::FOUR,
            solver("first").unwrap(),
            Deadline::NEVER,
        )
        .unwrap();
        assert_eq!(
            report.output,
            "secret 3242: 1000 2111 3222 3223 3232 3242 (6 guesses)\n\
             line 2: not UTF-8 text\n\
             line 3: not UTF-8 text\n\
             secret 1000: 1000 (1 guess)\n"
        );
        assert_eq!(report.errors.len(), 2);
    }

    #[test]
    fn a_file_with_no_job_is_refused_as_empty_or_as_having_none() {
        let solve = |text: &[u8]| solve_batch(text, Digits::FOUR, solver("first").unwrap(), Deadline::NEVER);
        for empty in [&b""[..], b"\n\n", b"\xef\xbb\xbf \r\n\t"] {
            assert_eq!(solve(empty), Err(BatchError::Empty), "{empty:?}");
        }
        assert_eq!(
            BatchError::Empty.to_string(),
            "the file is empty: a batch file holds one job a line (secret N, or answers G=M ...)"
        );
        assert_eq!(solve(b"# secrets to come\n\n  # later\n"), Err(BatchError::NoJob));
        assert_eq!(
            BatchError::NoJob.to_string(),
            "no job: every line is blank or a comment (a job is secret N, or answers G=M ...)"
        );
    }

    #[test]
    fn malformed_lines_are_named_and_the_others_answered() {
        let report = solve_batch(
            "secret 123\nsecret 2111\nanswers 1000=5\nguess 1234\nsecret\nsecret 1x34\nanswers 1000:3\nsecret 0123\nanswers 1000=x\n",
            Digits::FOUR,
            solver("first").unwrap(),
            Deadline::NEVER,
        )
        .unwrap();
        assert_eq!(
            report.output,
            "line 1: 123 is not a 4-digit number (1000 to 9999)\n\
             secret 2111: 1000 2111 (2 guesses)\n\
             line 3: answer 5 for 1000 is outside 0..=4\n\
             line 4: unknown keyword \"guess\" (expected secret or answers)\n\
             line 5: secret takes exactly one number\n\
             line 6: \"1x34\" is not a number\n\
             line 7: \"1000:3\" is not of the form GUESS=MATCHES\n\
             line 8: 0123 is not a 4-digit number (1000 to 9999)\n\
             line 9: \"x\" is not a number\n"
        );
        assert_eq!(report.errors.len(), 8);
        assert_eq!((report.jobs, report.guesses), (9, 2));
    }

    #[test]
    fn other_digit_counts_and_strategies() {
        let three = Digits::new(3).unwrap();
        // 100 answered 0: first digit 2..=9, others 1..=9: 8 * 9 * 9 = 648, the smallest 211.
        let report =
            solve_batch("answers 100=0\nsecret 1000\n", three, solver("first").unwrap(), Deadline::NEVER)
                .unwrap();
        assert_eq!(report.output, "answers 100=0: next 211 (648 candidates left)\nline 2: 1000 is not a 3-digit number (100 to 999)\n");
        let error = solve_batch(
            "secret 123456\n",
            Digits::new(6).unwrap(),
            solver("entropy").unwrap(),
            Deadline::NEVER,
        )
        .unwrap_err();
        assert_eq!(error.to_string(), "strategy entropy handles at most 5 digits, not 6");
    }

    #[test]
    fn a_past_deadline_interrupts() {
        let past = Deadline::at(Some(std::time::Instant::now()));
        assert_eq!(
            solve_batch("secret 3242\n", Digits::FOUR, solver("first").unwrap(), past),
            Err(BatchError::Interrupted)
        );
    }
}
