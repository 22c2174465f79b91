//! The harness against a freshly built debug `solvebatch`: every target's invocation works on its
//! seeds, a bounded fuzz run finds no failure, and every regression file replays cleanly.
//!
//! A test of another package cannot use `CARGO_BIN_EXE_solvebatch`, and `target/debug/solvebatch` may
//! be stale or missing, so the binary is built here: `cargo build --workspace --tests` through
//! escargot, which takes the binary's path from cargo's own JSON messages (so `CARGO_TARGET_DIR` and
//! cargo's configuration hold). Those are the targets, and so the features, that
//! `cargo test --workspace` builds: under it (as in CI) nothing is rebuilt, whereas
//! `cargo build -p solvebatch` would rebuild much of the workspace without the features that the
//! dev-dependencies turn on.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use xtask::case::{self, Limits, Workdir};
use xtask::corpus::Corpus;
use xtask::fuzz::{self, Config, Event};
use xtask::target::{self, Target};
use xtask::{build_solvebatch, regress, workspace_root};

/// Cases in the bounded run, ten for each of the 21 targets: 300 took 24 s in a debug build on two
/// cores under a load average of 7, so 210 stay well under 30 s.
const CASES: u64 = 210;

/// The limits of a case: generous, since CI machines are loaded.
/// Processor time, so that a loaded machine fails no case; the wall limit only catches a blocked one.
const LIMITS: Limits =
    Limits { time: Duration::from_secs(10), wall: Duration::from_secs(120), memory: 4 << 30 };

fn solvebatch() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| build_solvebatch(&["--workspace", "--tests"]).expect("cargo builds solvebatch"))
}

fn datasets() -> PathBuf {
    workspace_root().join("datasets")
}

fn targets() -> Vec<Target> {
    let corpus = Corpus::load(&datasets()).unwrap();
    target::targets(&corpus, &datasets(), &target::tournament_solvers(solvebatch()).unwrap())
}

#[test]
fn every_target_runs_and_exits_0_on_one_of_its_seeds() {
    let targets = targets();
    let names: Vec<&str> = targets.iter().map(|t| t.name.as_str()).collect();
    for expected in ["run-scrabble", "tournament-backtrack", "tournament-sat", "guess-play", "scrabble-tiles"]
    {
        assert!(names.contains(&expected), "{names:?}");
    }
    let work = Workdir::new(&datasets()).unwrap();
    for target in &targets {
        // A usage error (exit 2) would pass every case without testing anything.
        let passes = target.seeds.iter().any(|seed| {
            let outcome = case::run(solvebatch(), target, &seed.bytes, &work, LIMITS).unwrap();
            assert_eq!(outcome.failure, None, "{} on {}", target.name, seed.name);
            outcome.code == Some(0)
        });
        assert!(passes, "{}: no seed exits 0", target.name);
    }
}

#[test]
fn a_bounded_run_finds_no_failure() {
    let regressions = tempfile::tempdir().unwrap();
    let config = Config {
        bin: solvebatch().to_path_buf(),
        datasets: datasets(),
        regressions: regressions.path().to_path_buf(),
        cases: CASES,
        seed: 1,
        jobs: 2,
        limits: LIMITS,
    };
    let summary = fuzz::fuzz(&config, &targets(), &|event| {
        if let Event::Failed(found) = event {
            let note = std::fs::read_to_string(format!("{}.{}", found.saved.display(), regress::SIDECAR));
            eprintln!("{}", note.unwrap_or_default());
        }
    })
    .unwrap();
    eprintln!(
        "{} cases in {:.1} s: {:.1} inputs/s",
        summary.cases,
        summary.elapsed.as_secs_f64(),
        summary.per_second()
    );
    assert_eq!(summary.cases, CASES);
    let failed: Vec<String> =
        summary.failures.iter().map(|f| format!("case {} ({})", f.index, f.target)).collect();
    assert!(failed.is_empty(), "failing cases (their notes are above): {failed:?}");
}

/// Replays every regression file and asserts that each passes. Among them, two positions whose
/// 1 MiB `play:` and `dictionary:` lines came back whole in the error message: the table once took
/// 12 to 31 s to lay that row out.
#[test]
fn every_regression_file_replays_cleanly() {
    let files: Vec<PathBuf> = regress::list(&workspace_root().join("tests/fuzz-regressions")).unwrap();
    let targets = targets();
    let work = Workdir::new(&datasets()).unwrap();
    for file in files {
        let outcome = regress::replay(solvebatch(), &targets, &file, &work, LIMITS).unwrap();
        assert_eq!(outcome.failure, None, "{}: {}", file.display(), outcome.stderr_tail);
    }
}
