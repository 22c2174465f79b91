//! The options of the jobs besides run and compare (merge, diff, serve, history, the child of
//! `--isolate`, the cube shares of `tournament`), as the command line reads them, each turned into
//! its job's plain options.

use std::ffi::OsString;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::changes::TimeRule;
use crate::cli::args::{ReportArgs, TerminalArgs};
use crate::diff::DiffOptions;
use crate::history::command::HistoryOptions;
use crate::history::HistoryChoice;
use crate::isolate::ChildOptions;
use crate::merge::MergeOptions;
use crate::serve::ServeOptions;
use crate::shard::Share;

/// Arguments of `solvebatch merge`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Every shard of one batch must be given once: the same inputs, options and shard count. The merged
report has the rows, summary and exit status of a single run (its wall time is the slowest shard's).

Examples:
  solvebatch merge shard-*.jsonl --markdown report.md --json report.jsonl
  solvebatch merge cubes-*.json")]
pub struct MergeArgs {
    /// The JSON reports of `run --shard K/N --json FILE`, or the results of `tournament --cubes K/N`,
    /// in any order; `-` reads standard input.
    #[arg(required = true, value_name = "SHARD.jsonl")]
    pub shards: Vec<PathBuf>,

    #[command(flatten)]
    pub reports: ReportArgs,

    #[command(flatten)]
    pub history: HistoryArgs,

    #[command(flatten)]
    pub terminal: TerminalArgs,
}

impl MergeArgs {
    /// The options of the merge these arguments ask for.
    pub fn options(self) -> MergeOptions {
        MergeOptions {
            shards: self.shards,
            reports: self.reports.files(),
            history: self.history.choice(),
            terminal: self.terminal.terminal(),
        }
    }
}

/// Arguments of `solvebatch diff`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
A change of status or verdict is a regression when the file was as expected and is not (same -> \
differs, solved -> timeout or failed), an improvement the other way round (timeout -> solved, \
differs -> same). Outputs are compared where both reports hold them (--json-outputs), inputs and \
references where both hold their hashes.

Times: a file timed once on either side counts as slower or faster past --threshold (a factor) and \
--min-ms (milliseconds) both; a file with repeated runs on both sides (`compare --repeat`) only where \
the min..max ranges do not overlap.

Exit status: 0 without regressions, 1 with some (or with a slowdown, under --fail-on-slowdown), 2 \
on usage errors and reports that cannot be read.

Examples:
  solvebatch diff yesterday.jsonl today.jsonl
  solvebatch run cases --json - | solvebatch diff yesterday.jsonl - --markdown changes.md")]
pub struct DiffArgs {
    /// The old report: JSON lines of `run`, `compare` or `merge` (`-`: standard input).
    #[arg(value_name = "OLD.jsonl")]
    pub old: PathBuf,

    /// The new report (`-`: standard input).
    #[arg(value_name = "NEW.jsonl")]
    pub new: PathBuf,

    #[command(flatten)]
    pub time: TimeArgs,

    /// Exit 1 on a slowdown too.
    #[arg(long)]
    pub fail_on_slowdown: bool,

    /// Write the changes as JSON lines (a `change` line each, then a `summary`) to FILE; `-` for
    /// standard output.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Write one CSV row per change to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write the change table and summary as Markdown to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,

    /// Write an HTML page to FILE: the change table and a log-log chart of old against new time per
    /// file; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    #[command(flatten)]
    pub terminal: crate::cli::args::TerminalArgs,
}

impl DiffArgs {
    /// The options of the comparison these arguments ask for.
    pub fn options(self) -> DiffOptions {
        DiffOptions {
            old: self.old,
            new: self.new,
            rule: self.time.rule(),
            fail_on_slowdown: self.fail_on_slowdown,
            json: self.json,
            csv: self.csv,
            markdown: self.markdown,
            html: self.html,
            terminal: self.terminal.terminal(),
        }
    }
}

/// The time rule for files timed once.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct TimeArgs {
    /// The factor past which a time change counts: `2x` (or `2`) is twice as slow or as fast.
    #[arg(long, value_name = "FACTOR", default_value = "2x", value_parser = parse_factor)]
    pub threshold: f64,

    /// The least change in milliseconds that counts.
    #[arg(long, value_name = "MS", default_value_t = 1.0, value_parser = parse_milliseconds)]
    pub min_ms: f64,
}

impl TimeArgs {
    /// The rule these arguments give.
    pub fn rule(self) -> TimeRule {
        TimeRule { factor: self.threshold, min_ms: self.min_ms }
    }
}

/// Arguments of `solvebatch serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Pages: / (links), /tournament, /tictactoe, /guess, /scrabble, /batch, and with --history FILE.db \
/history (the runs; ?view=regressions[&since=LABEL], ?view=flaky, ?file=PATH), where the batch \
page's runs are recorded.

API: POST /api/solve/FAMILY?solver=NAME&timeout=SECONDS with the file as the body answers the JSON \
record of `run --json` with its output; GET /api/solvers lists the solvers. POST \
/api/tournament/rounds?index=K&fix=T:A-B,...&forbid=T:A-B,... with a pairing file answers its number \
of rounds and its round K in the order of `tournament --all`, with the pins of --fix and --forbid. \
Requests are limited to 4 MiB, solves to 10 s by default and 60 s at most. A request whose client \
goes away (closes the connection or gives up waiting) gives its place back if it waits for a worker, and its solve is \
stopped at once if it runs.

A Scrabble position's `dictionary:` and `tiles:` lines lead to the files sent with it (a batch's zip, \
or a multipart form of the position and its word list), then to regular files inside --data DIR; \
otherwise the server's own list answers. The answer's `dictionary` and `tiles` say which.

Example:
  solvebatch serve --port 8080 --open")]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080, value_parser = crate::cli::values::whole("a port", 0..=u16::MAX))]
    pub port: u16,

    /// The address to listen on; the default is reachable from this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// Open the start page in the default browser.
    #[arg(long)]
    pub open: bool,

    /// Scrabble: the dictionary of every game and position, beating a position's `dictionary:` line
    /// when given; default: datasets/scrabble/dictionary.txt, for the positions whose line leads to
    /// no file (see --data). A word list's graph is cached in a folder per user (`solvebatch
    /// scrabble --help`).
    #[arg(long, value_name = "FILE")]
    pub dictionary: Option<PathBuf>,

    /// Scrabble: the tile definition file, beating a position's `tiles:` line when given; default:
    /// datasets/scrabble/tiles.txt, the standard English set, for the positions whose line leads to
    /// no file.
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<PathBuf>,

    /// Scrabble: the folder where a position's `dictionary:` and `tiles:` lines may lead (named
    /// relative to it) when the files were not sent with the position; only regular files whose
    /// canonical path stays inside it are read. Without it, no request reads a server file.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// Worker threads that solve; default: one per core.
    #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a number of worker threads", 1..=u16::MAX))]
    pub workers: Option<u16>,

    /// Solves accepted at once, running or waiting for a worker; beyond this a request is answered
    /// 503 (busy).
    #[arg(long, value_name = "K", default_value_t = 256, value_parser = crate::cli::values::whole("a number of solves", 1..=u16::MAX))]
    pub max_solves: u16,

    /// Seconds a connection has to send a request's headers, from its opening or from its previous
    /// answer (so an idle connection is closed then too); a slower one is closed.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::seconds::parse_seconds)]
    pub header_timeout: Duration,

    /// Seconds a request body may send nothing; a stalled request is answered 408 (timeout).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::seconds::parse_seconds)]
    pub idle_timeout: Duration,

    /// Record every batch of the batch page in this results history (an SQLite database, created
    /// when missing), and show the history at /history (?view=regressions, ?view=flaky,
    /// ?file=PATH).
    #[arg(long, value_name = "FILE.db")]
    pub history: Option<PathBuf>,

    /// Connections open at once; more wait to be accepted until one closes.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = crate::cli::values::whole("a number of connections", 1..=u16::MAX))]
    pub max_connections: u16,
}

impl ServeArgs {
    /// The options of the server these arguments ask for.
    pub fn options(self) -> ServeOptions {
        ServeOptions {
            port: self.port,
            host: self.host,
            open: self.open,
            dictionary: self.dictionary,
            tiles: self.tiles,
            data: self.data,
            workers: self.workers,
            max_solves: self.max_solves,
            header_timeout: self.header_timeout,
            idle_timeout: self.idle_timeout,
            history: self.history,
            max_connections: self.max_connections,
        }
    }
}

/// The arguments of the hidden `solve-one` command (the child of `--isolate`); the input's bytes
/// come on standard input.
#[derive(Debug, clap::Args)]
pub struct ChildArgs {
    /// The input's path (files it names resolve against its folder).
    pub path: PathBuf,
    /// The family's name.
    #[arg(long)]
    pub family: String,
    /// The solver's name.
    #[arg(long)]
    pub solver: String,
    /// The time limit of the solve, in seconds.
    #[arg(long, value_parser = crate::seconds::parse_seconds)]
    pub timeout: Option<Duration>,
    /// The address-space limit, in bytes.
    #[arg(long, value_parser = crate::cli::values::whole("a number of bytes", 1..=u64::MAX))]
    pub memory_limit: Option<u64>,
    /// [`solvebatch_core::Settings::seed`].
    #[arg(long, default_value_t = 0, value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,
    /// [`solvebatch_core::Settings::threads`].
    #[arg(long, default_value_t = 1, value_parser = crate::cli::values::whole("a thread count", 1..=usize::MAX))]
    pub threads: usize,
    /// A family option given to the parent, as `NAME=VALUE` ([`crate::options::FamilyOptions`]).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<OsString>,
}

impl ChildArgs {
    /// What the child is asked to solve.
    pub fn options(self) -> ChildOptions {
        ChildOptions {
            path: self.path,
            family: self.family,
            solver: self.solver,
            timeout: self.timeout,
            memory_limit: self.memory_limit,
            seed: self.seed,
            threads: self.threads,
            options: self.options,
        }
    }
}

/// The arguments `--cubes` adds to `solvebatch tournament`.
#[derive(Debug, clap::Args)]
pub struct CubeArgs {
    /// Solve only share K of N of the SAT solver's cube split (the cubes numbered K-1, K-1+N, ... in
    /// depth-first order) and write the result as JSON, for `solvebatch merge`.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["solver", "save", "emit_cnf", "jobs", "seed"])]
    pub cubes: Option<Share>,

    /// With --cubes: write the JSON result to FILE instead of standard output; with --count: also
    /// write the count as a JSON line to FILE (`-`: standard output, instead of the number).
    #[arg(long, value_name = "FILE", requires = "json_for")]
    pub json: Option<PathBuf>,
}

/// `--history FILE.db` and `--label`, shared by `run`, `compare` and `merge`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct HistoryArgs {
    /// Append this run to the results history FILE.db (an SQLite database, created when missing):
    /// the run, its options, label, git commit and machine, and every record; `solvebatch history
    /// FILE.db` reads it back.
    #[arg(long, value_name = "FILE.db", env = "SOLVEBATCH_HISTORY")]
    pub history: Option<PathBuf>,

    /// A name for this run in the history (a release, a branch, a solver's strategy), which
    /// `history FILE.db regressions --since LABEL` can start from.
    #[arg(long, value_name = "LABEL", requires = "history")]
    pub label: Option<String>,
}

impl HistoryArgs {
    /// The history asked for.
    pub fn choice(&self) -> HistoryChoice {
        HistoryChoice { path: self.history.clone(), label: self.label.clone() }
    }
}

/// Arguments of `solvebatch history`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Without a command, lists the runs (with --file PATH, that file's result in every run). The history \
is written by `run`, `compare` and `merge` with --history FILE.db (or SOLVEBATCH_HISTORY), and by \
`serve --history FILE.db`.

regressions: per file and solver, the runs where the time changed beyond the noise (a Mann-Whitney \
U test between the runs before and after, see docs/formats.md), where the output changed, and where \
the file started to fail or passes again. flaky: the files whose result comes back after another \
with the same input and reference.

Exit status: 0; 1 when `regressions` finds a run that got slower or started to fail, or `flaky` \
finds a flaky file; 2 on usage errors and databases that cannot be read.

Examples:
  solvebatch run cases --history results.db --label nightly
  solvebatch history results.db
  solvebatch history results.db --file cases/hard.csv
  solvebatch history results.db regressions --since v1.2 --html regressions.html
  solvebatch history results.db flaky --json -
  solvebatch history results.db import old/*.jsonl
  solvebatch history results.db export 12 --json run-12.jsonl")]
pub struct HistoryCommandArgs {
    /// The results history, an SQLite database.
    #[arg(value_name = "FILE.db", env = "SOLVEBATCH_HISTORY")]
    pub database: PathBuf,

    /// Show the result of this input file (as the reports name it) in every run; with
    /// `regressions` or `flaky`, look at this file alone.
    #[arg(long, value_name = "PATH", global = true)]
    pub file: Option<String>,

    #[command(flatten)]
    pub outputs: Outputs,

    #[command(subcommand)]
    pub action: Option<Action>,
}

impl HistoryCommandArgs {
    /// The options of the question these arguments ask the history.
    pub fn options(self) -> HistoryOptions {
        let Outputs { json, csv, markdown, html, quiet, color } = self.outputs;
        HistoryOptions {
            database: self.database,
            file: self.file,
            json,
            csv,
            markdown,
            html,
            quiet,
            color,
            action: self.action.map(Action::plain),
        }
    }
}

/// The reports of `history`, given before or after its command.
#[derive(Debug, Clone, clap::Args)]
pub struct Outputs {
    /// Write the items as JSON lines to FILE (`export`: the run's report); `-` for standard output.
    #[arg(long, value_name = "FILE", global = true)]
    pub json: Option<PathBuf>,

    /// Write one CSV row per item to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE", global = true)]
    pub csv: Option<PathBuf>,

    /// Write the table as Markdown to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE", global = true)]
    pub markdown: Option<PathBuf>,

    /// Write an HTML page to FILE: the table, each file's pass/fail strip and its time per run,
    /// change points marked; `-` for standard output.
    #[arg(long, value_name = "FILE", global = true)]
    pub html: Option<PathBuf>,

    /// Print only the lines under the table.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,

    /// Colour the table: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto", global = true)]
    pub color: crate::report::style::ColorChoice,
}

/// What to ask the history.
#[derive(Debug, clap::Subcommand)]
pub enum Action {
    /// Per file and solver, the runs where the time changed beyond the noise, the answer changed,
    /// or the file started to fail (or passes again).
    Regressions {
        /// Only the changes in the runs after the first run labelled LABEL.
        #[arg(long, value_name = "LABEL")]
        since: Option<String>,
    },
    /// The files whose result (status, verdict, output) flips between runs with the same input and
    /// reference.
    Flaky,
    /// Append JSON reports of `run`, `compare` or `merge` to the history, a run each.
    Import {
        /// The reports, in the order to record them.
        #[arg(required = true, value_name = "REPORT.jsonl")]
        reports: Vec<PathBuf>,
        /// A label for every run imported.
        #[arg(long, value_name = "LABEL")]
        label: Option<String>,
    },
    /// Write a run back as the JSON report it was recorded from (to --json FILE, else standard
    /// output).
    Export {
        /// The run: its number, or a label (the last run so labelled).
        #[arg(value_name = "RUN")]
        run: String,
    },
}

impl Action {
    /// The same question, as [`crate::history::command`] takes it.
    fn plain(self) -> crate::history::command::Action {
        use crate::history::command::Action as Plain;
        match self {
            Action::Regressions { since } => Plain::Regressions { since },
            Action::Flaky => Plain::Flaky,
            Action::Import { reports, label } => Plain::Import { reports, label },
            Action::Export { run } => Plain::Export { run },
        }
    }
}

/// Parses a factor above 1 such as `2x`, `1.5` or `3X`.
fn parse_factor(text: &str) -> Result<f64, String> {
    let number = text.strip_suffix(['x', 'X']).unwrap_or(text);
    match number.parse::<f64>() {
        Ok(factor) if factor > 1.0 && factor.is_finite() => Ok(factor),
        Ok(_) => Err(format!("the threshold must be a factor above 1, such as 2x, not {text}")),
        Err(_) => Err(format!("`{text}` is not a factor such as 2x")),
    }
}

/// A number of milliseconds, 0 or more (`--min-ms`): `-1 is not a number of milliseconds (0 or
/// more, such as 1 or 0.5)`, and the same words for what is no number.
fn parse_milliseconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(ms) if ms >= 0.0 && ms.is_finite() => Ok(ms),
        Ok(_) => Err(format!("{text} is not a number of milliseconds (0 or more, such as 1 or 0.5)")),
        Err(_) => Err(format!("`{text}` is not a number of milliseconds (0 or more, such as 1 or 0.5)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_least_change_is_a_number_of_milliseconds_0_or_more() {
        assert_eq!(parse_milliseconds("0"), Ok(0.0));
        assert_eq!(parse_milliseconds("0.5"), Ok(0.5));
        let refused = |text: &str| parse_milliseconds(text).unwrap_err();
        assert_eq!(refused("-1"), "-1 is not a number of milliseconds (0 or more, such as 1 or 0.5)");
        assert_eq!(refused("NaN"), "NaN is not a number of milliseconds (0 or more, such as 1 or 0.5)");
        assert_eq!(refused("inf"), "inf is not a number of milliseconds (0 or more, such as 1 or 0.5)");
        assert_eq!(refused("abc"), "`abc` is not a number of milliseconds (0 or more, such as 1 or 0.5)");
    }
}
