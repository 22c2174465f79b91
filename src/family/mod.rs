//! The one place that knows the problem families: which files belong to which family, which solvers
//! each offers, and how a family crate's outcome becomes a batch record.
//!
//! Every family implements [`Family`]; [`FAMILIES`] lists them. The batch runner, `compare` and
//! `list-solvers` only ever go through this trait.

use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

pub mod guess;
pub mod scrabble;
pub mod tictactoe;
pub mod tournament;

/// A solver a family offers, as listed by `solvebatch list-solvers`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SolverInfo {
    /// The name given to `--solver`.
    pub name: &'static str,
    /// One line for `list-solvers`.
    pub description: &'static str,
}

/// Options of a batch job that some families read; each family ignores what it does not use.
#[derive(Debug, Clone, Default)]
pub struct JobOptions {
    /// Seed for solvers with randomness; the same seed gives the same output.
    pub seed: u64,
    /// Worker threads a solver may use inside one file (1 when files already run in parallel).
    pub threads: usize,
    /// Scrabble: dictionary used when a position file names none.
    pub dictionary: Option<PathBuf>,
    /// Guess: number of digits, when the batch file does not fix it.
    pub digits: Option<u32>,
    /// Scrabble: rules name (`lab` or `standard`).
    pub rules: Option<String>,
}

/// One input to solve.
pub struct Job<'a> {
    /// Where the input came from (`-` for standard input); relative paths inside the input resolve
    /// against its folder.
    pub path: &'a Path,
    /// The raw bytes of the input file.
    pub input: &'a [u8],
    /// A solver name from [`Family::solvers`].
    pub solver: &'a str,
    /// The solve must stop and report [`Status::Timeout`] soon after this instant.
    pub deadline: Option<Instant>,
    /// Family-specific options.
    pub options: &'a JobOptions,
}

/// How solving one file ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// A solution (a round, a replay, the answers) was produced.
    Solved,
    /// The input is valid and has no solution (for example no tournament round exists).
    NoSolution,
    /// The input is invalid; the message is the spec's text (with its line number).
    Invalid(String),
    /// The deadline passed before the solver finished.
    Timeout,
}

/// The result of one [`Family::solve`].
#[derive(Debug, Clone)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// The exact output text of the spec; for invalid input, the message and a newline; empty on timeout.
    pub output: String,
    /// Search statistics worth comparing (nodes, backtracks, conflicts, guesses), by name.
    pub stats: Vec<(&'static str, u64)>,
}

impl Outcome {
    /// The outcome for invalid input: the message is also the output, so datasets can hold expected errors.
    pub fn invalid(message: String) -> Outcome {
        Outcome { output: format!("{message}\n"), status: Status::Invalid(message), stats: Vec::new() }
    }

    /// The outcome of a solve that ran past its deadline.
    pub fn timeout() -> Outcome {
        Outcome { status: Status::Timeout, output: String::new(), stats: Vec::new() }
    }
}

/// A problem family plugged into the batch runner.
pub trait Family: Sync {
    /// The name for `--kind` and reports, for example `tournament`.
    fn name(&self) -> &'static str;

    /// Whether `path` is an input of this family (by its file name).
    fn is_input(&self, path: &Path) -> bool;

    /// Where the reference output of `input` lives, whether or not it exists.
    fn reference_path(&self, input: &Path) -> PathBuf;

    /// How the result column names [`Status::NoSolution`], for example `no round`.
    fn no_solution_label(&self) -> &'static str {
        "no solution"
    }

    /// The solvers offered; the first is the default.
    fn solvers(&self) -> Vec<SolverInfo>;

    /// Solves one input. Never panics on bad input: that is [`Status::Invalid`].
    fn solve(&self, job: &Job) -> Outcome;

    /// Checks, independently of the solver, that `outcome` is a correct answer for `job` (for example
    /// by reading a printed solution back and checking it against the input); `compare` calls it on
    /// every solution. The default accepts everything.
    ///
    /// # Errors
    /// What is wrong with the output, in words.
    fn verify(&self, _job: &Job, _outcome: &Outcome) -> Result<(), String> {
        Ok(())
    }
}

/// Every family, in the order `list-solvers` shows them.
pub static FAMILIES: &[&dyn Family] =
    &[&tournament::Tournament, &tictactoe::TicTacToe, &guess::Guess, &scrabble::Scrabble];

/// The family named `name`, if any.
pub fn by_name(name: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|family| family.name() == name)
}

/// The family whose inputs include `path`, judged by its file name.
pub fn for_path(path: &Path) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|family| family.is_input(path))
}

/// Whether the file name of `path` ends with `suffix` (and has something before it).
pub fn name_ends_with(path: &Path, suffix: &str) -> bool {
    path.file_name()
        .and_then(|name| name.to_str())
        .is_some_and(|name| name.len() > suffix.len() && name.ends_with(suffix))
}

/// `path` with `suffix` appended to its file name (`a.csv` -> `a.csv.expected`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
