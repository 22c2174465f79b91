//! The trait boundary between the runner and the family crates: a [`Family`] prepares a run once
//! ([`Family::prepare`]) and the [`Prepared`] value solves file after file into an [`Outcome`].

use std::path::{Path, PathBuf};

use std::any::Any;
use std::ffi::OsStr;
use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use crate::deadline::Deadline;
use crate::extra::{ExtraFile, ExtraKind};
use crate::outcome::Outcome;
use crate::text::{ends_with_ignoring_case, with_suffix};

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

/// What a run hands a family: the seed and worker threads every family takes, and each family's own
/// settings, one value per type (the Scrabble crate's rules and dictionary, the guess crate's number
/// of digits), set through [`Family::set_option`] and read by the family with [`Settings::get`].
/// No family reads another's settings, and the runner never looks inside them.
#[derive(Clone, Default)]
pub struct Settings {
    /// Seed for solvers with randomness; the same seed gives the same output.
    pub seed: u64,
    /// Worker threads a solver may use inside one file (1 when files already run in parallel).
    pub threads: usize,
    /// The families' own settings, at most one of each type.
    own: Vec<Arc<dyn Any + Send + Sync>>,
}

impl Settings {
    /// The settings with `seed` and `threads` and no family's own.
    pub fn new(seed: u64, threads: usize) -> Settings {
        Settings { seed, threads, own: Vec::new() }
    }

    /// The family settings of type `T`, if any were set.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.own.iter().find_map(|own| own.downcast_ref::<T>())
    }

    /// Sets the family settings of type `T`, replacing those set before.
    pub fn set<T: Any + Send + Sync>(&mut self, value: T) {
        self.own.retain(|own| !own.is::<T>());
        self.own.push(Arc::new(value));
    }

    /// Changes the family settings of type `T` (its default when none were set) with `change`.
    ///
    /// # Errors
    /// Whatever `change` returns; the settings stay as they were then.
    pub fn update<T, E>(&mut self, change: impl FnOnce(&mut T) -> Result<(), E>) -> Result<(), E>
    where
        T: Any + Send + Sync + Clone + Default,
    {
        let mut value = self.get::<T>().cloned().unwrap_or_default();
        change(&mut value)?;
        self.set(value);
        Ok(())
    }
}

impl fmt::Debug for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("seed", &self.seed)
            .field("threads", &self.threads)
            .field("own", &self.own.len())
            .finish()
    }
}

/// An option a family takes by name (`digits`, `rules`, `dictionary`), as the command line's flags
/// and the web app's query parameters set it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FamilyOption {
    /// Its name, for example `digits`.
    pub name: &'static str,
    /// The values it takes, in words, for example `a number from 2 to 9`.
    pub values: &'static str,
}

/// An option that a family does not take.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {family} family takes no option `{option}`")]
pub struct UnknownOption {
    /// The family's name.
    pub family: &'static str,
    /// The option asked for.
    pub option: String,
}

/// A solver name that a family does not offer, with the names it does.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the {family} family has no solver `{solver}` (it has: {})", offered.join(", "))]
pub struct UnknownSolver {
    /// The family's name.
    pub family: &'static str,
    /// The name asked for.
    pub solver: String,
    /// The solvers the family offers, in its order.
    pub offered: Vec<&'static str>,
}

/// A family prepared for a run with one solver.
pub trait Prepared: Sync {
    /// The solver's name.
    fn solver(&self) -> &'static str;

    /// Solves the input at `path` (`-` for standard input; files it names resolve against its
    /// folder) whose bytes are `input`, stopping soon after `deadline` passes (within a second of its
    /// stop flag being set: [`Outcome::stopped`]). Never panics on bad input: that is
    /// [`Status::Invalid`](crate::Status::Invalid).
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
    /// a phrase with its article, such as "the dictionary"), as far as they can be known before solving.
    fn files_named(&self, _input: &Path, _settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        Vec::new()
    }

    /// How tables name [`Status::NoSolution`](crate::Status::NoSolution), for example `no round`.
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

    /// The options its settings take by name, besides the seed and threads (none by default).
    fn options(&self) -> &'static [FamilyOption] {
        &[]
    }

    /// Sets the option called `name` to `value` in `settings` (its own settings type).
    ///
    /// # Errors
    /// [`UnknownOption`] for a name not among [`Family::options`]; the crate's error for a value it
    /// cannot use, in words about the value (`` `x` is neither `lab` nor `standard` ``).
    fn set_option(&self, _settings: &mut Settings, name: &str, _value: &OsStr) -> Result<(), FamilyError> {
        Err(Box::new(UnknownOption { family: self.name(), option: name.to_string() }))
    }

    /// The files the family's own settings name (its dictionary given on the command line, with
    /// their roles), read by every solve whatever the input.
    fn files_given(&self, _settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        Vec::new()
    }

    /// The kinds of file its inputs may name besides themselves, for a front end that finds them
    /// among files held in memory ([`crate::extra`]), in the order the front end lists them; none by
    /// default.
    fn extra_kinds(&self) -> &'static [&'static dyn ExtraKind] {
        &[]
    }

    /// The file of each kind of [`Family::extra_kinds`] that `input` names, in that order, as written
    /// in it (relative to the input's folder), `None` for a kind it names none of; all `None` for an
    /// input that cannot be read (its solve says why).
    fn extras_asked(&self, _input: &[u8]) -> Vec<Option<String>> {
        Vec::new()
    }

    /// [`Family::prepare`] on files already read: `extras` holds the file of each kind of
    /// [`Family::extra_kinds`], in that order (`None` where the front end has none), and they beat
    /// what the inputs name as the settings' files do. By default the files are not used.
    ///
    /// # Errors
    /// As [`Family::prepare`]; a file missing that the family needs.
    fn prepare_with_extras(
        &self,
        solver: &str,
        settings: &Settings,
        _extras: &[Option<ExtraFile>],
    ) -> Result<Box<dyn Prepared>, FamilyError> {
        self.prepare(solver, settings)
    }

    /// Checks independently, before `deadline`, an answer that `input` has no solution, where the
    /// family can (the tournament family proves it with a checked DRAT proof): `None` where it
    /// cannot, else what stands against the answer, as a phrase.
    fn check_no_solution(&self, _input: &[u8], _deadline: Deadline) -> Option<Result<(), String>> {
        None
    }

    /// Whether `path` is an input of this family, by its file name: its extension in any case
    /// (`A.CSV`, `b.Csv`: files from Windows).
    fn is_input(&self, path: &Path) -> bool {
        path.file_name().is_some_and(|name| ends_with_ignoring_case(name, self.extension()))
    }

    /// The default solver.
    fn default_solver(&self) -> &'static str {
        self.solvers()[0].name
    }

    /// The JSON lines of this family's own commands (`simulation` of `guess simulate`), so that a
    /// reader of batch reports can name the command that wrote one; none by default.
    fn figures_kinds(&self) -> &'static [crate::figures::FiguresKind] {
        &[]
    }

    /// Checks that the family offers the solver called `solver`.
    ///
    /// # Errors
    /// [`UnknownSolver`] when it does not, listing the ones it does.
    fn check_solver(&self, solver: &str) -> Result<(), UnknownSolver> {
        let offered: Vec<&'static str> = self.solvers().iter().map(|info| info.name).collect();
        if offered.contains(&solver) {
            return Ok(());
        }
        Err(UnknownSolver { family: self.name(), solver: solver.to_string(), offered })
    }
}
