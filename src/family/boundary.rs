//! The trait boundary between the runner and the family crates: a [`Family`] prepares a run once
//! ([`Family::prepare`]) and the [`Prepared`] value solves file after file into an [`Outcome`].

use std::path::{Path, PathBuf};

use serde::Serialize;
pub use solvebatch_deadline::Deadline;

use crate::outcome::Outcome;
use crate::paths::{ends_with_ignoring_case, with_suffix};

/// What a family crate reports when it cannot prepare a run or finds an output wrong: the crate's
/// own error, boxed, its causes kept ([`std::error::Error::source`]), so that `{:#}` through anyhow
/// prints the whole chain (`the input is invalid: line 2: ...`) and a caller may downcast it.
pub type FamilyError = Box<dyn std::error::Error + Send + Sync>;

/// A solver a family offers, as listed by `solvebatch list-solvers`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct SolverInfo {
    /// The name given to `--solver`.
    pub name: &'static str,
    /// One line for `list-solvers`.
    pub description: &'static str,
}

/// What the command line says about solving; each family reads what it uses.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Seed for solvers with randomness; the same seed gives the same output.
    pub seed: u64,
    /// Worker threads a solver may use inside one file (1 when files already run in parallel).
    pub threads: usize,
    /// Scrabble: the dictionary, beating a position file's `dictionary:` line.
    pub dictionary: Option<PathBuf>,
    /// Scrabble: the tile definition file, beating a position file's `tiles:` line.
    pub tiles: Option<PathBuf>,
    /// Scrabble: the rules (`lab` or `standard`), beating a position file's `rules:` line.
    pub rules: Option<String>,
    /// Guess: the number of digits (default 4).
    pub digits: Option<u32>,
    /// Scrabble: the folder caching the graphs built from word lists ([`crate::cache`]), or `None`.
    pub dictionary_cache: Option<PathBuf>,
}

/// A family prepared for a run with one solver.
pub trait Prepared: Sync {
    /// The solver's name.
    fn solver(&self) -> &'static str;

    /// Solves the input at `path` (`-` for standard input; files it names resolve against its
    /// folder) whose bytes are `input`, stopping soon after `deadline` passes (within a second of its
    /// stop flag being set: [`Outcome::stopped`]). Never panics on bad input: that is
    /// [`Status::Invalid`](crate::outcome::Status::Invalid).
    fn solve(&self, path: &Path, input: &[u8], deadline: Deadline) -> Outcome;

    /// Checks, independently of the solver, that `output` is a correct answer for `input`, and says
    /// whether it claims an answer exists (`compare` checks every solution with it).
    ///
    /// # Errors
    /// The crate's error: what is wrong with the output (or with the input, which cannot be checked).
    fn verify(&self, path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError>;

    /// Whether the spec fixes this solver's output to the byte, so that only an output equal to the
    /// reference is correct; otherwise another output that [`Prepared::verify`] accepts is `valid`.
    fn output_is_fixed(&self) -> bool {
        true
    }
}

/// A problem family plugged into the runner.
pub trait Family: Sync {
    /// The name for `--kind` and reports, for example `tournament`.
    fn name(&self) -> &'static str;

    /// How messages and help texts name the family, for example `tic-tac-toe`; by default its
    /// [`Family::name`].
    fn title(&self) -> &'static str {
        self.name()
    }

    /// The file name ending of its inputs, for example `.csv` (matched in any case: [`Family::is_input`]).
    fn extension(&self) -> &'static str;

    /// Where the reference output of `input` lives, whether or not it exists.
    fn reference_path(&self, input: &Path) -> PathBuf {
        with_suffix(input, ".expected")
    }

    /// The files solving `input` reads besides it and its reference (with their roles, as
    /// [`crate::reads::Reads::add`] takes them), as far as they can be known before solving.
    fn files_named(&self, _input: &Path, _settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        Vec::new()
    }

    /// How tables name [`Status::NoSolution`](crate::outcome::Status::NoSolution), for example `no round`.
    fn no_solution_label(&self) -> &'static str {
        "no solution"
    }

    /// The solvers offered; the first is the default.
    fn solvers(&self) -> Vec<SolverInfo>;

    /// Prepares a run with the solver called `solver`: reads once what every file shares.
    ///
    /// # Errors
    /// The crate's error: an unknown solver, or a setting that cannot be used (a dictionary that
    /// cannot be read, digits a strategy does not handle).
    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError>;

    /// Whether `path` is an input of this family, by its file name: its extension in any case
    /// (`A.CSV`, `b.Csv`: files from Windows).
    fn is_input(&self, path: &Path) -> bool {
        path.file_name().is_some_and(|name| ends_with_ignoring_case(name, self.extension()))
    }

    /// The default solver.
    fn default_solver(&self) -> &'static str {
        self.solvers()[0].name
    }
}
