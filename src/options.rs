//! Typed options, validated before any work starts (built from the command line by `cli`), and
//! the family options they hold.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::bless::Blessing;
use crate::error::UsageError;
use crate::family;
use crate::isolate::Isolation;
use crate::paths::display_path;
use crate::references::OrphanPolicy;
use crate::report::style::Terminal;
use crate::report::summary::ResultOptions;
use crate::report::ReportFiles;
use crate::shard::Share;
use crate::solver_choice::SolverChoice;
use solvebatch_core::{Family, Settings};

/// The family options given on the command line (`--dictionary`, `--tiles`, `--digits`,
/// `--rules`), by option name, as given: set into the settings of every family that takes them,
/// recorded in reports, and handed on to `--isolate`'s child.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FamilyOptions(Vec<(String, OsString)>);

impl FamilyOptions {
    /// The options of `given` that have a value.
    pub fn given<N: Into<String>>(given: impl IntoIterator<Item = (N, Option<OsString>)>) -> FamilyOptions {
        FamilyOptions(given.into_iter().filter_map(|(name, value)| Some((name.into(), value?))).collect())
    }

    /// The value of the option `name`, if given.
    pub fn get(&self, name: &str) -> Option<&OsStr> {
        self.0.iter().find(|(given, _)| given == name).map(|(_, value)| value.as_os_str())
    }

    /// Every option given, with its value.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &OsStr)> {
        self.0.iter().map(|(name, value)| (name.as_str(), value.as_os_str()))
    }

    /// The settings of a run with `seed` and `threads`: these options set into every family that
    /// takes them, and the cache of compiled word lists ([`crate::cache`]).
    ///
    /// # Errors
    /// A [`UsageError`] for a value a family cannot use (`--rules: ...`).
    pub fn settings(&self, seed: u64, threads: usize) -> anyhow::Result<Settings> {
        let mut settings = Settings::new(seed, threads);
        let cache = crate::cache::dictionary_cache().map(OsString::from);
        for (name, value) in self.iter().chain(cache.as_deref().map(|cache| ("dictionary-cache", cache))) {
            family::set_option(&mut settings, name, value)
                .map_err(|error| UsageError(format!("--{error}")))?;
        }
        Ok(settings)
    }
}

/// What `run --resume` or `--rerun-failing` reads the records that may stand from.
#[derive(Debug, Clone)]
pub enum Resume {
    /// `--resume`: the `--json` report itself, or its partial file when a kill left one.
    Report(PathBuf),
    /// `--rerun-failing FILE`: keep the files that were as expected in FILE.
    RerunFailing(PathBuf),
}

/// The options of `solvebatch run`, checked.
pub struct RunOptions {
    /// Files and folders to solve.
    pub paths: Vec<PathBuf>,
    /// The family forced by `--kind`.
    pub kind: Option<&'static dyn Family>,
    /// The solvers chosen by `--solver`; a bare name is checked against each family met in the batch.
    pub solver: SolverChoice,
    /// Files solved at once (`None`: one per core).
    pub jobs: Option<usize>,
    /// `--threads` as given (`None`: the default, the cores `jobs` leaves, in [`Settings::threads`]).
    pub threads: Option<usize>,
    /// Folder mirroring the inputs, for outputs.
    pub out: Option<PathBuf>,
    /// The report files.
    pub reports: ReportFiles,
    /// `--history` and `--label`.
    pub history: crate::history::HistoryChoice,
    /// Time limit per file.
    pub timeout: Option<Duration>,
    /// `--isolate`: each solve in a child process, with its limits; `None`: in this process.
    pub isolation: Option<Isolation>,
    /// Print unified diffs against references.
    pub diff: bool,
    /// Only byte-equal outputs pass.
    pub strict: bool,
    /// How the terminal output looks.
    pub terminal: Terminal,
    /// What families read from the command line.
    pub settings: Settings,
    /// The family options as given, from which `settings` were set.
    pub family_options: FamilyOptions,
    /// The share of the inputs to solve (`--shard`), or `None` for all of them.
    pub shard: Option<Share>,
    /// `--bless`: which references to write, and what was written.
    pub bless: Option<Blessing>,
    /// `--require-references` (or `--ci`): an input without a reference fails.
    pub require_references: bool,
    /// `--orphans` (`fail` with `--ci`).
    pub orphans: OrphanPolicy,
    /// `--dry-run`: `--bless` and `--orphans delete` change nothing.
    pub dry_run: bool,
    /// `--junit`: the JUnit XML report.
    pub junit: Option<PathBuf>,
    /// `--github`: annotations and the job summary.
    pub github: bool,
    /// `--baseline`: the report to compare this run with.
    pub baseline: Option<PathBuf>,
    /// `--resume` or `--rerun-failing`: the report whose records may stand.
    pub resume: Option<Resume>,
    /// `review`: the files to ask about, collected as they are judged (`None` in `run`).
    pub review: Option<crate::pending::Pending>,
}

impl RunOptions {
    /// The options that affect the results, as reports record them.
    pub fn result_options(&self) -> ResultOptions {
        let shown = |name: &str| self.family_options.get(name).map(|path| display_path(Path::new(path)));
        ResultOptions {
            kind: self.kind.map(|family| family.name().to_string()),
            solver: self.solver.recorded(),
            timeout_ms: self.timeout.map(|limit| limit.as_secs_f64() * 1000.0),
            strict: self.strict,
            seed: self.settings.seed,
            json_outputs: self.reports.json_outputs,
            dictionary: shown("dictionary"),
            tiles: shown("tiles"),
            digits: self.family_options.get("digits").and_then(|digits| digits.to_str()?.parse().ok()),
            rules: self.family_options.get("rules").map(|rules| rules.to_string_lossy().into_owned()),
            require_references: self.require_references,
            threads: self.threads,
            measuring: None,
        }
    }
}

/// The options of `solvebatch compare`, checked.
pub struct CompareOptions {
    /// Input files and folders.
    pub paths: Vec<PathBuf>,
    /// `--kind`: only this family.
    pub kind: Option<&'static dyn Family>,
    /// `--solvers`, each named once; `None`: every solver of each file's family.
    pub solvers: Option<Vec<String>>,
    /// Runs of each solver on each file (1 to 1000).
    pub repeat: u32,
    /// Runs before those, not counted (`--warmup`).
    pub warmup: u32,
    /// `--baseline`: the solver whose time is the reference of the ratios; `None`: the fastest.
    pub baseline: Option<String>,
    /// The time limit of one run.
    pub timeout: Option<Duration>,
    /// Report files.
    pub reports: ReportFiles,
    /// `--history` and `--label`.
    pub history: crate::history::HistoryChoice,
    /// How the terminal output looks.
    pub terminal: Terminal,
    /// What the families read: the seed, the threads each solver may use, the dictionary cache.
    pub settings: Settings,
    /// `--verify-no-round`: prove every "No tournament found." with the SAT solver.
    pub verify_no_round: bool,
    /// `--isolate`: each solve in a child process, with its limits; `None`: in this process.
    pub isolation: Option<Isolation>,
    /// `--parallel` or `--jobs` over 1: several files at once.
    pub parallel: bool,
    /// Files solved at once: `--jobs`, the cores with `--parallel`, else 1.
    pub files_at_once: usize,
    /// `--plot-data`: the folder for the charts' series as CSV.
    pub plot_data: Option<PathBuf>,
    /// The share of the inputs to compare (`--shard`), or `None` for all of them.
    pub shard: Option<Share>,
}

impl CompareOptions {
    /// The options that affect the results, as reports record them (the shards of one comparison
    /// must share them): `solver` holds `--solvers` as given, joined by commas.
    pub fn result_options(&self) -> ResultOptions {
        ResultOptions {
            kind: self.kind.map(|family| family.name().to_string()),
            solver: self.solvers.as_ref().map(|names| names.join(",")),
            timeout_ms: self.timeout.map(|limit| limit.as_secs_f64() * 1000.0),
            strict: false,
            seed: self.settings.seed,
            json_outputs: self.reports.json_outputs,
            dictionary: None,
            tiles: None,
            digits: None,
            rules: None,
            require_references: false,
            threads: Some(self.settings.threads),
            measuring: Some(crate::report::summary::Measuring {
                repeat: self.repeat,
                warmup: self.warmup,
                baseline: self.baseline.clone(),
                isolate: self.isolation.is_some(),
                memory_limit: self
                    .isolation
                    .as_ref()
                    .and_then(|isolation| isolation.memory_limit.as_ref())
                    .map(|limit| limit.text.clone()),
                parallel: self.parallel,
            }),
        }
    }
}

/// The family called `name`.
///
/// # Errors
/// A [`UsageError`] listing the families when there is none of that name.
pub fn family_named(name: &str) -> anyhow::Result<&'static dyn Family> {
    family::by_name(name).ok_or_else(|| {
        let names: Vec<_> = family::FAMILIES.iter().map(|family| family.name()).collect();
        UsageError(format!("no family is called `{name}`; the families are {}", names.join(", "))).into()
    })
}
