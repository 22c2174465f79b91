//! `cargo run -p xtask -- fuzz`, `replay`, `faults` and `batch-bench`: see `--help`.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, Parser, Subcommand};
use xtask::case::{Limits, Workdir};
use xtask::corpus::Corpus;
use xtask::fuzz::{self, Config, Event};
use xtask::target::{self, Target};
use xtask::{build_solvebatch, regress, workspace_root};

const FUZZ_ABOUT: &str = "\
Run solvebatch on mutated copies of the bundled datasets and keep every failing input.

Each case writes one mutated input (byte flips, inserted and deleted lines, huge and negative numbers, \
empty files, 1 MiB lines, NUL bytes, invalid UTF-8, CR-only line ends, Unicode digits, truncation) \
and runs one process on it: `run FILE --timeout 2` for each family, `tournament FILE --solver S` for \
each solver that `list-solvers` lists, `compare`, `tictactoe`, `scrabble hint|check|words|tiles|play` \
(positions, dictionaries and tile files mutated), `scrabble analyze` (GCG records), `scrabble \
endgame|pre-endgame|hint` (CGP positions), `scrabble words -d KWG`, `scrabble hint --leaves` (leave \
text and KLV2), `tournament --check-proof` (DRAT proofs), `diff` (JSON reports), `guess simulate \
--secrets FILE`, and `guess play` and `guess host` with mutated standard input. Targets take turns, so \
--cases N spreads evenly over them. The seeds are read from datasets/ at run time; KWG and leave seeds \
are made here, proofs and reports by the binary under test.

A case passes when the process exits with 0, 1 or 2, is not killed by a signal, prints no \
`panicked` or `RUST_BACKTRACE` on stderr, and finishes within --case-timeout of processor time under an address-space \
limit of --memory-mib (so a runaway allocation fails). A failing input is written to \
tests/fuzz-regressions/<target>-<hash>.<ext>, with a .invocation file beside it that names the \
command, the failure and the case; the exit status is 1 when a case failed.

The binary under test is built first with `cargo build --release -p solvebatch`, unless --bin names one.";

/// Project tasks for the solvebatch workspace.
#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run solvebatch on mutated datasets and keep every failing input as a regression file
    #[command(long_about = FUZZ_ABOUT)]
    Fuzz(FuzzArgs),
    /// Run regression files again and report which still fail (exit status 1 when one does)
    Replay(ReplayArgs),
    /// Kill a batch at random moments (SIGINT, SIGTERM, SIGTERM twice, SIGKILL, SIGKILL during
    /// --resume, SIGKILL during a history append) and check that nothing is lost or damaged (exit
    /// status 1 when something is)
    Faults(FaultsArgs),
    /// Time `solvebatch run` on a folder of many tiny pairing files against `cat` of the same files
    /// (best of --repeat runs each, taking turns after a warm-up run)
    BatchBench(BatchBenchArgs),
    /// Measure the results history: the import of a report of --records records, the
    /// `regressions` of --runs runs of --files files, and the bytes per record
    HistoryBench(HistoryBenchArgs),
}

#[derive(Args)]
struct BatchBenchArgs {
    /// Tiny pairing files in the folder
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    files: usize,
    /// Runs of each command after the warm-up
    #[arg(long, value_name = "N", default_value_t = 3)]
    repeat: usize,
    /// The solvebatch binary to measure; default: build it with `cargo build --release -p solvebatch`
    #[arg(long, value_name = "PATH")]
    bin: Option<PathBuf>,
}

fn batch_bench(args: BatchBenchArgs) -> io::Result<bool> {
    let bin = binary_under_test(args.bin.as_deref())?;
    let figures = xtask::batch_bench::measure(&bin, args.files, args.repeat.max(1))?;
    print!("{figures}");
    Ok(true)
}

#[derive(Args)]
struct FaultsArgs {
    /// How many trials
    #[arg(long, value_name = "N", default_value_t = 100)]
    trials: usize,
    /// Inputs in the batch
    #[arg(long, value_name = "N", default_value_t = 500)]
    files: usize,
    /// Seed of the kills and their moments
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Run only trials of this kind (kill-during-resume: SIGKILL during the batch, then during
    /// `--resume` one to three times, then `--resume` to the end; kill-during-append: SIGKILL while
    /// `history FILE.db import` appends a large report); default: each drawn at random
    #[arg(long, value_name = "KIND")]
    kind: Option<xtask::faults::Kill>,
    /// The solvebatch binary to test; default: build it with `cargo build --release -p solvebatch`
    #[arg(long, value_name = "PATH")]
    bin: Option<PathBuf>,
}

#[derive(Args)]
struct HistoryBenchArgs {
    /// Records in the report imported at once
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    records: usize,
    /// Runs in the history that `regressions` reads
    #[arg(long, value_name = "N", default_value_t = 1_000)]
    runs: usize,
    /// Files in each of those runs
    #[arg(long, value_name = "N", default_value_t = 100)]
    files: usize,
    /// The solvebatch binary to measure; default: build it with `cargo build --release -p solvebatch`
    #[arg(long, value_name = "PATH")]
    bin: Option<PathBuf>,
}

fn history_bench(args: HistoryBenchArgs) -> io::Result<bool> {
    let bin = binary_under_test(args.bin.as_deref())?;
    let figures = xtask::history_bench::measure(&bin, args.records, args.runs, args.files)?;
    println!("{figures}");
    Ok(true)
}

/// Options of both tasks.
#[derive(Args)]
struct Common {
    /// The solvebatch binary to test; default: build it with `cargo build --release -p solvebatch`
    #[arg(long, value_name = "PATH")]
    bin: Option<PathBuf>,
    /// Processor time one case may take, in seconds (RLIMIT_CPU, rounded up to whole seconds)
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = parse_seconds)]
    case_timeout: Duration,
    /// Wall time one case may take, in seconds: catches a case blocked without using the processor
    #[arg(long, value_name = "SECONDS", default_value = "120", value_parser = parse_seconds)]
    case_wall_timeout: Duration,
    /// Address space one case may take, in MiB (RLIMIT_AS)
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    memory_mib: u64,
}

#[derive(Args)]
struct FuzzArgs {
    /// How many cases to run
    #[arg(long, value_name = "N", default_value_t = 1000)]
    cases: u64,
    /// Seed of the mutations (the same seed and targets give the same cases); default: from the
    /// clock, printed
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Cases run at once; default: one per core
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
    /// Only this target (repeatable); an unknown name lists them all
    #[arg(long = "target", value_name = "NAME")]
    targets: Vec<String>,
    /// Where failing inputs are written
    #[arg(long, value_name = "DIR", default_value_os_t = workspace_root().join("tests/fuzz-regressions"))]
    regressions: PathBuf,
    #[command(flatten)]
    common: Common,
}

#[derive(Args)]
struct ReplayArgs {
    /// Regression files; default: every one in tests/fuzz-regressions
    files: Vec<PathBuf>,
    #[command(flatten)]
    common: Common,
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds.is_finite() => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!("{text:?} is not a positive number of seconds")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Fuzz(args) => fuzz(args),
        Task::Replay(args) => replay(args),
        Task::Faults(args) => faults(args),
        Task::BatchBench(args) => batch_bench(args),
        Task::HistoryBench(args) => history_bench(args),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}

/// The binary `--bin` names, canonical (each run starts in a folder of its own), or else the release
/// build of solvebatch, built now.
///
/// # Errors
/// The named binary does not exist, or the build fails.
fn binary_under_test(bin: Option<&Path>) -> io::Result<PathBuf> {
    match bin {
        Some(bin) => {
            bin.canonicalize().map_err(|error| io::Error::other(format!("{}: {error}", bin.display())))
        }
        None => {
            eprintln!("building the binary under test: cargo build --release -p solvebatch");
            build_solvebatch(&["--release", "-p", "solvebatch"])
        }
    }
}

/// The binary under test, the datasets folder, the targets and the limits.
fn set_up(common: &Common) -> io::Result<(PathBuf, PathBuf, Vec<Target>, Limits)> {
    let bin = binary_under_test(common.bin.as_deref())?;
    let datasets = workspace_root().join("datasets");
    let mut corpus = Corpus::load(&datasets)?;
    corpus.add_made_by(&bin, &datasets)?;
    let targets = target::targets(&corpus, &datasets, &target::tournament_solvers(&bin)?);
    let limits =
        Limits { time: common.case_timeout, wall: common.case_wall_timeout, memory: common.memory_mib << 20 };
    Ok((bin, datasets, targets, limits))
}

fn fuzz(args: FuzzArgs) -> io::Result<bool> {
    let (bin, datasets, mut targets, limits) = set_up(&args.common)?;
    if !args.targets.is_empty() {
        if let Some(unknown) = args.targets.iter().find(|name| !targets.iter().any(|t| &t.name == *name)) {
            let names: Vec<&str> = targets.iter().map(|t| t.name.as_str()).collect();
            return Err(io::Error::other(format!("no target {unknown}; the targets: {}", names.join(" "))));
        }
        targets.retain(|t| args.targets.contains(&t.name));
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_nanos() as u64)
    });
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let config =
        Config { bin, datasets, regressions: args.regressions, cases: args.cases, seed, jobs, limits };
    eprintln!(
        "fuzzing {}: {} cases over {} targets, --seed {seed}, {jobs} jobs; a case may take {:.1} s of processor \
         time ({:.0} s of wall time) and {} MiB",
        config.bin.display(),
        config.cases,
        targets.len(),
        limits.time.as_secs_f64(),
        limits.wall.as_secs_f64(),
        args.common.memory_mib,
    );
    let summary = fuzz::fuzz(&config, &targets, &|event| match event {
        Event::Failed(found) => eprintln!(
            "FAILED case {} ({}): {}\n  stderr: {}\n  input kept in {}",
            found.index,
            found.target,
            found.outcome.failure.as_ref().map_or(String::new(), ToString::to_string),
            found.outcome.stderr_tail,
            found.saved.display(),
        ),
        Event::Progress { done, failures, elapsed } => {
            eprintln!("{done} cases, {failures} failures, {:.1} s", elapsed.as_secs_f64())
        }
    })?;
    println!(
        "{} cases, {} failures, {:.1} inputs/s ({:.1} s)",
        summary.cases,
        summary.failures.len(),
        summary.per_second(),
        summary.elapsed.as_secs_f64(),
    );
    Ok(summary.failures.is_empty())
}

fn replay(args: ReplayArgs) -> io::Result<bool> {
    let (bin, datasets, targets, limits) = set_up(&args.common)?;
    let files = if args.files.is_empty() {
        regress::list(&workspace_root().join("tests/fuzz-regressions"))?
    } else {
        args.files
    };
    let work = Workdir::new(&datasets)?;
    let mut failed = 0;
    for file in &files {
        let outcome = regress::replay(&bin, &targets, file, &work, limits)?;
        let verdict =
            outcome.failure.as_ref().map_or("ok".to_string(), |failure| format!("FAILED: {failure}"));
        println!("{} ({:.2} s): {verdict}", display(file), outcome.elapsed.as_secs_f64());
        failed += usize::from(outcome.failure.is_some());
    }
    println!("{} files, {failed} failed", files.len());
    Ok(failed == 0)
}

fn faults(args: FaultsArgs) -> io::Result<bool> {
    let bin = binary_under_test(args.bin.as_deref())?;
    let started = std::time::Instant::now();
    let tally = xtask::faults::faults(&bin, args.trials, args.files, args.seed, args.kind)?;
    for line in &tally.damaged {
        println!("DAMAGED {line}");
    }
    let [interrupt, terminate, twice, kill, during_resume, during_append] = tally.by_kill;
    println!(
        "{} trials of {} files (SIGINT {interrupt}, SIGTERM {terminate}, SIGTERM twice {twice}, SIGKILL {kill}, \
         SIGKILL during --resume {during_resume}, SIGKILL during a history append {during_append}), seed {}: \
         {} records kept ({} interrupted), {} lost, {} damaged ({:.1} s)",
        tally.trials,
        args.files,
        args.seed,
        tally.records_kept,
        tally.interrupted,
        tally.lost + tally.resume.lost,
        tally.damaged.len(),
        started.elapsed().as_secs_f64()
    );
    if during_resume > 0 {
        let resume = &tally.resume;
        println!(
            "kill during resume, then resume: {during_resume} trials, {} records finished before the last \
             resume, {} kept, {} lost, {} damaged",
            resume.finished, resume.kept, resume.lost, resume.damaged
        );
    }
    if during_append > 0 {
        println!(
            "kill during a history append: {during_append} trials, the run whole in {}, absent in {}",
            tally.append.whole, tally.append.absent
        );
    }
    Ok(tally.lost == 0 && tally.resume.lost == 0 && tally.damaged.is_empty())
}

/// `path` relative to the current folder when it is below it.
fn display(path: &Path) -> String {
    let relative =
        std::env::current_dir().ok().and_then(|dir| path.strip_prefix(dir).ok().map(Path::to_path_buf));
    relative.unwrap_or_else(|| path.to_path_buf()).display().to_string()
}
