//! Clap pieces the options are validated from, and those shared by several commands.

use std::path::PathBuf;
use std::time::Duration;

use crate::isolate::MemoryLimit;
use crate::report::ReportFiles;

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
    #[arg(long, value_name = "FAMILY", value_parser = crate::cli::values::FamilyName)]
    pub kind: Option<String>,

    /// Solver to use (see `solvebatch list-solvers`): `NAME` for every family (a one-family run), or
    /// `FAMILY=NAME`, repeatable, for one family each (`--solver tournament=dlx --solver
    /// guess=optimal`); default: each family's first solver.
    #[arg(long, value_name = "[FAMILY=]NAME")]
    pub solver: Vec<String>,

    /// Number of files solved at once; default: one per core.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::cli::values::whole("a number of files at once", 1..=usize::MAX))]
    pub jobs: Option<usize>,

    /// Worker threads of each solve (tournament dlx and dlx-frb use them, sat two at most; the others one);
    /// default: the cores left by the files at once (cores / --jobs, at least 1). Recorded in the
    /// report: another number of threads may give dlx-frb another valid round (at most 1024).
    #[arg(long, value_name = "N", value_parser = crate::cli::values::threads())]
    pub threads: Option<u32>,

    /// Write each output to DIR/<input path as given>.out, so that several roots never collide.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    #[command(flatten)]
    pub reports: ReportArgs,

    #[command(flatten)]
    pub history: crate::cli::jobs::HistoryArgs,

    #[command(flatten)]
    pub isolate: IsolateArgs,

    /// Stop solving a file after this many seconds and report it as `timeout`.
    #[arg(long, value_name = "SECONDS", value_parser = crate::seconds::parse_seconds)]
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
    #[arg(long, default_value_t = 0, value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
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
    pub digits: Option<String>,

    /// Scrabble: the rules to score by (beats a position file's `rules:` line; default lab).
    #[arg(long, value_name = "RULES", value_parser = ["lab", "standard"])]
    pub rules: Option<String>,

    /// Solve only share K of N of the inputs (by a hash of each path relative to its root), for
    /// `solvebatch merge`; `auto` reads Slurm array, Kubernetes Indexed Job or GNU parallel variables.
    #[arg(long, value_name = "K/N|auto")]
    pub shard: Option<crate::shard::ShardChoice>,

    /// With `--shard auto`: the number of shards (default: $SOLVEBATCH_SHARD_COUNT; a Slurm array
    /// gives its own).
    #[arg(long, value_name = "N", requires = "shard", value_parser = crate::cli::values::whole("a number of shards", 1..=u32::MAX))]
    pub shard_count: Option<u32>,
}

/// Arguments of `solvebatch compare`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each cell shows the solver's mean time on the file (± the standard deviation of the --repeat runs) \
and its ratio to the fastest solver there (or to --baseline), ± its uncertainty propagated from the \
runs' spreads as hyperfine does; a ratio whose interval holds 1 is a tie. The summary counts wins \
(fastest on a file with no tie), ties, timeouts and the geometric mean of the ratios over the files \
the solver finished. Files whose input is invalid are listed but not counted. Warnings on standard \
error name runs with outliers (past 1.5 IQR), a first run much slower than the rest, or solves under \
50 µs.

--isolate solves each input in a child process (this program, re-run on one file): a crash, an abort \
or a memory limit reached is that file's failed row; CPU time and peak memory come from wait4. \
Without it, CPU time is the process's CPU clock over the solve and the memory is the solve's heap \
peak, as the program's allocator counts it (not with --parallel).

Exit status: 0 when all solvers agree on every file and every solution is valid, 1 otherwise, \
2 on usage errors.

Examples:
  solvebatch compare datasets/tournament --solvers dlx,sat --repeat 3
  solvebatch compare hard/ --isolate --memory-limit 1GiB --repeat 5 --warmup 1 --baseline dlx
  solvebatch compare hard/ --timeout 10 --json c.jsonl --html c.html")]
pub struct CompareArgs {
    /// Input files and folders; folders are walked recursively and reference files are skipped.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Only this family: files named directly are read as it whatever their extension; in folders,
    /// only its files are solved.
    #[arg(long, value_name = "FAMILY", value_parser = crate::cli::values::FamilyName)]
    pub kind: Option<String>,

    /// Solvers to compare, separated by commas; default: every solver of each file's family.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub solvers: Option<Vec<String>>,

    /// Runs of each solver on each file (1 to 1000), counted: mean ± σ, median, min and max.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = crate::cli::values::whole("a number of runs", 1..=1000_u32))]
    pub repeat: u32,

    /// Stop a run after this many seconds and count it as a timeout.
    #[arg(long, value_name = "SECONDS", value_parser = crate::seconds::parse_seconds)]
    pub timeout: Option<Duration>,

    /// Files solved at once (default 1, so that solves do not contend for cores; --parallel: one per
    /// core); the summary says when they contend.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::cli::values::whole("a number of files at once", 1..=u32::MAX), conflicts_with = "parallel")]
    pub jobs: Option<u32>,

    /// Worker threads of each solve (tournament dlx and dlx-frb use them, sat two at most; the others one);
    /// default: the cores left by the files at once (cores / files at once, at least 1). Recorded in
    /// the report; `merge` refuses shards whose threads differ. With several files at once and more
    /// than one thread, --isolate is needed to measure each solve's CPU time.
    #[arg(long, value_name = "N", value_parser = crate::cli::values::threads())]
    pub threads: Option<u32>,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0, value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,

    /// Cross-check every "No tournament found." with a DRAT proof from the SAT solver, written and
    /// checked within --timeout: a file whose proof shows a round, is refused or does not come in
    /// time fails, with the reason in its message. Other families' files are compared as usual.
    #[arg(long)]
    pub verify_no_round: bool,

    #[command(flatten)]
    pub isolate: IsolateArgs,

    #[command(flatten)]
    pub statistics: StatisticsArgs,

    #[command(flatten)]
    pub schedule: ScheduleArgs,

    #[command(flatten)]
    pub reports: ReportArgs,

    #[command(flatten)]
    pub history: crate::cli::jobs::HistoryArgs,

    #[command(flatten)]
    pub terminal: TerminalArgs,
}

/// How `compare` schedules its solves and what it writes besides its reports.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ScheduleArgs {
    /// Solve several files at once (one per core) instead of one solve at a time; the times then
    /// contend for cores, and the summary says so.
    #[arg(long)]
    pub parallel: bool,

    /// Compare only share K of N of the inputs (by a hash of each path relative to its root), for
    /// `solvebatch merge`; `auto` reads Slurm array, Kubernetes Indexed Job or GNU parallel variables.
    #[arg(long, value_name = "K/N|auto")]
    pub shard: Option<crate::shard::ShardChoice>,

    /// Write the series of the charts as CSV files in DIR (cactus.csv, scatter.csv, memory.csv), for
    /// other plotting tools.
    #[arg(long, value_name = "DIR")]
    pub plot_data: Option<PathBuf>,
}

/// How `compare` counts and relates its runs.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct StatisticsArgs {
    /// Runs of each solver on each file before the counted ones, not counted (warm caches).
    #[arg(long, default_value_t = 0, value_name = "N", value_parser = crate::cli::values::whole("a number of warm-up runs", 0..=100_u32))]
    pub warmup: u32,

    /// The solver whose time is the 1.00 reference of the ratios, instead of the fastest on each file.
    #[arg(long, value_name = "SOLVER")]
    pub baseline: Option<String>,
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

/// The `--isolate` and `--memory-limit` options, shared by `run` and `compare`.
#[derive(Debug, Clone, clap::Args)]
pub struct IsolateArgs {
    /// Solve each input in a child process: a crash, an abort or running out of memory is that
    /// file's `failed` row; CPU time and peak memory are measured from outside (wait4).
    #[arg(long)]
    pub isolate: bool,

    /// With --isolate: limit each child's address space (RLIMIT_AS: code, stacks and heap together)
    /// to SIZE, such as 512MiB or 1GiB (512M is 512 000 000 bytes).
    #[arg(long, value_name = "SIZE", requires = "isolate", value_parser = crate::isolate::parse_memory_limit)]
    pub memory_limit: Option<MemoryLimit>,
}

impl IsolateArgs {
    /// The memory limit of each child, or `None` for solves in this process (no `--isolate`).
    pub fn isolation(&self) -> Option<Option<MemoryLimit>> {
        self.isolate.then(|| self.memory_limit.clone())
    }
}

impl RunArgs {
    /// The family options given (`--dictionary`, `--tiles`, `--digits`, `--rules`), by option name.
    pub fn family_options(&self) -> crate::options::FamilyOptions {
        crate::options::FamilyOptions::given([
            ("dictionary", self.dictionary.clone().map(Into::into)),
            ("tiles", self.tiles.clone().map(Into::into)),
            ("digits", self.digits.clone().map(Into::into)),
            ("rules", self.rules.clone().map(Into::into)),
        ])
    }
}

/// The report files asked for on the command line (shared by `run`, `compare`, `merge`, `history`
/// and `guess simulate`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ReportArgs {
    /// Write one JSON record per row (a file; a strategy in `guess simulate`) to FILE as JSON lines,
    /// then a summary record; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Put each file's output text in its JSON record (field `output`; `run` and `compare`).
    #[arg(long)]
    pub json_outputs: bool,

    /// Write one CSV row per file (per strategy in `guess simulate`) to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write the results table and summary as Markdown to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,

    /// Write a self-contained HTML report with charts to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl ReportArgs {
    /// The report files asked for.
    pub fn files(&self) -> ReportFiles {
        let ReportArgs { json, json_outputs, csv, markdown, html } = self.clone();
        ReportFiles { json, json_outputs, csv, markdown, html }
    }
}
