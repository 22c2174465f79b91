//! Clap pieces the options are validated from, and those shared by several commands.

use std::path::PathBuf;
use std::time::Duration;

use crate::report::ReportArgs;

/// Parses a positive number of seconds such as `2` or `0.5`.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("the time limit must be positive, not {text}"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("{text} seconds is too long a time limit"))
}

/// Arguments of `solvebatch run`.
#[derive(Debug, clap::Args)]
#[command(after_help = format!("\
Families by extension, in any case: {}. A reference file \
beside an input turns on the regression verdict for it: same (byte-equal), valid (another correct answer, such \
as another valid tournament round), or differs.

Settings: a flag given here beats a setting inside an input file, which beats the default.

Exit status: 0 when every file is as expected (same or valid, or solved without a reference), \
1 when a file failed or differs (a file blessed counts as expected), an orphan reference fails \
the batch (--orphans fail, --ci), or a file regressed from the --baseline report, 2 on usage errors.

Examples:
  solvebatch run datasets
  solvebatch run datasets/tournament --solver dlx --json report.jsonl
  solvebatch run my-games --out results --diff
  solvebatch run datasets --json - | jq .status
  solvebatch run datasets --shard 2/4 --json shard-2.jsonl
  solvebatch run my-cases --bless --dry-run
  solvebatch run my-cases --ci --github --junit junit.xml
  solvebatch run my-cases --baseline yesterday.jsonl
  solvebatch run datasets --json report.jsonl --resume", crate::family::extensions_and_references()))]
pub struct RunArgs {
    /// Input files and folders; folders are walked recursively and reference files are skipped.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Only this family: files named directly are read as it whatever their extension; in folders,
    /// only its files are solved.
    #[arg(long, value_name = "FAMILY")]
    pub kind: Option<String>,

    /// Solver to use (see `solvebatch list-solvers`): `NAME` for every family (a one-family run), or
    /// `FAMILY=NAME`, repeatable, for one family each (`--solver tournament=dlx --solver
    /// guess=optimal`); default: each family's first solver.
    #[arg(long, value_name = "[FAMILY=]NAME")]
    pub solver: Vec<String>,

    /// Number of files solved at once; default: one per core.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Write each output to DIR/<input path as given>.out, so that several roots never collide.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    #[command(flatten)]
    pub reports: crate::report::ReportArgs,

    /// Stop solving a file after this many seconds and report it as `timeout`.
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Print a unified diff for each file whose output differs from its reference.
    #[arg(long)]
    pub diff: bool,

    /// Demand byte-equal outputs: a `valid` verdict (another correct answer) fails too.
    #[arg(long)]
    pub strict: bool,

    /// Write each output as its reference where the verdict is `differs` or no reference exists yet
    /// (`same` and `valid` references are left alone; timeouts and failures are never blessed);
    /// `--bless=missing` only creates references that do not exist.
    #[arg(
        long,
        value_name = "WHICH",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "all"
    )]
    pub bless: Option<crate::references::BlessMode>,

    /// With `--bless` or `--orphans delete`: list the references that would be written or deleted,
    /// and change nothing.
    #[arg(long)]
    pub dry_run: bool,

    /// An input without a reference fails: `no reference (FILE.expected); bless it with --bless`.
    #[arg(long)]
    pub require_references: bool,

    /// What to do with orphan references (a `.expected` or `.ref` in a walked folder whose input is
    /// gone): list them in the summary (warn, the default), also exit 1 (fail), or delete them.
    #[arg(long, value_name = "WHAT")]
    pub orphans: Option<crate::references::OrphanPolicy>,

    /// For continuous integration: `--require-references --orphans fail`, and `--bless` is refused
    /// (a flag only: no environment variable changes anything).
    #[arg(long, conflicts_with = "orphans")]
    pub ci: bool,

    /// Write a JUnit XML report to FILE (`-` for standard output): a test suite per family, a test
    /// case per input, with a failure (and its diff) or an error for each file not as expected.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,

    /// GitHub Actions: an `::error` annotation per failing file on standard error, and the Markdown
    /// report appended to the file `$GITHUB_STEP_SUMMARY` names.
    #[arg(long)]
    pub github: bool,

    /// After the summary, compare this run with the JSON report OLD.jsonl as `solvebatch diff` does
    /// (default time rule); a regression (a file as expected there and not here) exits 1.
    #[arg(long, value_name = "OLD.jsonl")]
    pub baseline: Option<PathBuf>,

    /// Resume the `--json` report (or the partial file a kill left beside it): keep each record whose
    /// input and reference are unchanged (by hash) and not interrupted, solve only the other files, and
    /// write the whole report. A report of other options, another shard or other inputs is refused.
    #[arg(long, requires = "json", conflicts_with_all = ["bless", "rerun_failing"])]
    pub resume: bool,

    /// Solve only the files that were not as expected in the JSON report FILE (or whose input or
    /// reference changed since); keep the records of the others. The report written is whole.
    #[arg(long, value_name = "FILE", conflicts_with = "bless")]
    pub rerun_failing: Option<PathBuf>,

    #[command(flatten)]
    pub terminal: TerminalArgs,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// Scrabble: the dictionary (beats a position file's `dictionary:` line): a word list or a compiled
    /// graph; a word list's graph is cached in a folder per user (`solvebatch scrabble --help`).
    #[arg(long, value_name = "FILE")]
    pub dictionary: Option<PathBuf>,

    /// Scrabble: the tile definition file (beats a position file's `tiles:` line).
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<PathBuf>,

    /// Guess: number of digits for batch files (default 4).
    #[arg(long, value_name = "D")]
    pub digits: Option<u32>,

    /// Scrabble: the rules to score by (beats a position file's `rules:` line; default lab).
    #[arg(long, value_name = "RULES", value_parser = ["lab", "standard"])]
    pub rules: Option<String>,

    /// Solve only share K of N of the inputs (by a hash of each path relative to its root), for
    /// `solvebatch merge`; `auto` reads Slurm array, Kubernetes Indexed Job or GNU parallel variables.
    #[arg(long, value_name = "K/N|auto")]
    pub shard: Option<crate::shard::ShardChoice>,

    /// With `--shard auto`: the number of shards (default: $SOLVEBATCH_SHARD_COUNT; a Slurm array
    /// gives its own).
    #[arg(long, value_name = "N", requires = "shard", value_parser = clap::value_parser!(u32).range(1..))]
    pub shard_count: Option<u32>,
}

/// Arguments of `solvebatch compare`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each cell shows the median time of the solver on the file and its ratio to the fastest solver there. \
The summary counts wins (fastest on a file), timeouts and the geometric mean of the ratios over the \
files the solver finished. Files whose input is invalid are listed but not counted.

Exit status: 0 when all solvers agree on every file and every solution is valid, 1 otherwise, \
2 on usage errors.

Examples:
  solvebatch compare datasets/tournament --solvers dlx,sat --repeat 3
  solvebatch compare hard/ --timeout 10 --json c.jsonl --html c.html")]
pub struct CompareArgs {
    /// Input files and folders; folders are walked recursively and reference files are skipped.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Only this family: files named directly are read as it whatever their extension; in folders,
    /// only its files are solved.
    #[arg(long, value_name = "FAMILY")]
    pub kind: Option<String>,

    /// Solvers to compare, separated by commas; default: every solver of each file's family.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub solvers: Option<Vec<String>>,

    /// Runs of each solver on each file (1 to 1000); the median time is reported.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub repeat: u32,

    /// Stop a run after this many seconds and count it as a timeout.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,

    /// Worker threads each solver may use inside one file.
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: u32,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    #[command(flatten)]
    pub reports: ReportArgs,

    #[command(flatten)]
    pub terminal: TerminalArgs,
}

/// How the terminal output looks (shared by `run` and `compare`).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct TerminalArgs {
    /// Print only the summary.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Colour verdicts and diffs: auto (on a terminal, unless NO_COLOR is set), always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    pub color: crate::report::style::ColorChoice,
}

impl TerminalArgs {
    /// The terminal settings these arguments ask for.
    pub fn terminal(&self) -> crate::report::style::Terminal {
        crate::report::style::Terminal::detect(self.quiet, self.color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_must_be_a_positive_representable_number() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_seconds("x"), Err("`x` is not a number of seconds".to_string()));
        assert_eq!(parse_seconds("0"), Err("the time limit must be positive, not 0".to_string()));
        assert_eq!(parse_seconds("nan"), Err("the time limit must be positive, not nan".to_string()));
        assert_eq!(parse_seconds("1e30"), Err("1e30 seconds is too long a time limit".to_string()));
        assert_eq!(parse_seconds("inf"), Err("inf seconds is too long a time limit".to_string()));
    }
}
