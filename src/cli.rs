//! The command-line definition: clap types only, no work. `main.rs` turns these into actions.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::commands;

/// Solve folders of search and constraint problems (tournament rounds, ultimate tic-tac-toe replays,
/// number guessing, Scrabble positions) and report results and timings.
#[derive(Debug, Parser)]
#[command(name = "solvebatch", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every input under the given files and folders and report results and timings.
    Run(RunArgs),
    /// Solve as `run` does, then, at a terminal, show each file that differs from its reference or
    /// has none and accept its output as the reference (or not) with one key.
    #[command(after_help = "\
Takes the options of `run`, but not --bless, --ci or --require-references. For each file whose \
output differs from its reference, or that has no reference yet, the review shows the diff (or the \
output) and asks for a key: a accept (the output becomes the reference), r reject (keep the \
reference), s skip, A accept this file and all the rest, q quit, ? help. Timeouts, failures and \
valid alternatives are never offered. References are written as `run --bless` writes them. Reports \
(--json, --junit, ...) are written before the questions, with the verdicts as solved.

Exit status: 0 when every file is now as expected, 1 when a file still fails or differs, 2 on usage \
errors, among them standard input or output not being a terminal (use `run --bless` there).

Examples:
  solvebatch review tests/cases
  solvebatch review datasets/tournament --solver dlx --timeout 5")]
    Review(RunArgs),
    /// List each family's solvers with a one-line description.
    ListSolvers,
    /// Run every solver of a family on every file: agreement, validity, median times and ratios.
    Compare(crate::compare::Args),
    /// Join the JSON reports of `run --shard` (or the results of `tournament --cubes`) into one report.
    Merge(crate::merge::Args),
    /// Generate random instances (reproducible from a seed).
    Gen(commands::gen::Args),
    /// Find one tournament round in a pairing file and print or save it.
    Tournament(commands::tournament::Args),
    /// Replay an ultimate tic-tac-toe game and print its messages, macroboard and attention figures.
    #[command(name = "tictactoe")]
    TicTacToe(commands::tictactoe::Args),
    /// Guess a number: play as codebreaker or host, simulate strategies.
    Guess(commands::guess::Args),
    /// Scrabble: check plays, list the best plays, find words, play a solitaire game.
    Scrabble(commands::scrabble::Args),
    /// Serve the web app: a page per family, a batch page and a JSON API, on this machine.
    Serve(crate::serve::Args),
    /// Print a shell completion script to standard output.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff) to standard output: `solvebatch man run | man -l -`.
    Man {
        /// The command whose page to print (`run`, `compare`, `tournament`, ...); default: the
        /// overview.
        command: Option<String>,
    },
}

/// Arguments of `solvebatch run`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Families by extension, in any case: tournament .csv (reference .csv.expected), tic-tac-toe .in \
(.ref), guess .guess (.guess.expected), scrabble .scrabble (.scrabble.expected). A reference file \
beside an input turns on the regression verdict for it: same (byte-equal), valid (another correct answer, such \
as another valid tournament round), or differs.

Settings: a flag given here beats a setting inside an input file, which beats the default.

Exit status: 0 when every file is as expected (same or valid, or solved without a reference), \
1 when a file failed or differs (a file blessed counts as expected), or an orphan reference fails \
the batch (--orphans fail, --ci), 2 on usage errors.

Examples:
  solvebatch run datasets
  solvebatch run datasets/tournament --solver dlx --json report.jsonl
  solvebatch run my-games --out results --diff
  solvebatch run datasets --json - | jq .status
  solvebatch run datasets --shard 2/4 --json shard-2.jsonl
  solvebatch run my-cases --bless --dry-run
  solvebatch run my-cases --ci --github --junit junit.xml")]
pub struct RunArgs {
    /// Input files and folders; folders are walked recursively and reference files are skipped.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Only this family: files named directly are read as it whatever their extension; in folders,
    /// only its files are solved.
    #[arg(long, value_name = "FAMILY")]
    pub kind: Option<String>,

    /// Solver to use (see `solvebatch list-solvers`); default: each family's first solver.
    #[arg(long, value_name = "NAME")]
    pub solver: Option<String>,

    /// Number of files solved at once; default: one per core.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Write each output to DIR/<input path as given>.out, so that several roots never collide.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    #[command(flatten)]
    pub reports: crate::report::ReportArgs,

    /// Stop solving a file after this many seconds and report it as `timeout`.
    #[arg(long, value_name = "SECONDS", value_parser = crate::options::parse_seconds)]
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
    pub bless: Option<crate::bless::BlessMode>,

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
    pub fn terminal(&self) -> crate::report::Terminal {
        crate::report::Terminal::detect(self.quiet, self.color)
    }
}
