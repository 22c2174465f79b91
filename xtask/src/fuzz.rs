//! The fuzz loop: cases spread over worker threads, failures kept as regression files.

use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::case::{self, Limits, Outcome, Workdir};
use crate::mutate::{self, Mutator};
use crate::regress;
use crate::target::Target;

/// How many finished cases pass between two [`Event::Progress`] reports.
pub const PROGRESS_EVERY: u64 = 1000;

/// What a fuzz run does.
#[derive(Clone, Debug)]
pub struct Config {
    /// The `solvebatch` binary under test.
    pub bin: PathBuf,
    /// The datasets folder (for the files that invocations name besides the input).
    pub datasets: PathBuf,
    /// Where failing inputs are written.
    pub regressions: PathBuf,
    /// How many cases to run.
    pub cases: u64,
    /// The seed of every case's random generator.
    pub seed: u64,
    /// How many cases run at once.
    pub jobs: usize,
    /// The limits of each case.
    pub limits: Limits,
}

/// One generated case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case<'a> {
    /// The target it runs.
    pub target: &'a Target,
    /// The name of the seed it mutates.
    pub seed: &'a str,
    /// The mutations applied, in order.
    pub mutators: Vec<Mutator>,
    /// The mutated input.
    pub input: Vec<u8>,
}

/// Case number `index` of a run with `seed`: targets take turns, and the seed input and mutations come
/// from a ChaCha8 generator seeded with `seed` on stream `index`, so a case does not depend on the
/// number of jobs or on the cases before it.
pub fn case(targets: &[Target], seed: u64, index: u64) -> Case<'_> {
    let target = &targets[(index % targets.len() as u64) as usize];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(index);
    let chosen = target.seeds.choose(&mut rng).expect("every target has seeds");
    let (input, mutators) = mutate::mutate(&chosen.bytes, &mut rng);
    Case { target, seed: &chosen.name, mutators, input }
}

/// A failing case.
#[derive(Clone, Debug)]
pub struct Found {
    /// The case's number.
    pub index: u64,
    /// Its target's name.
    pub target: String,
    /// How it ended (with a failure).
    pub outcome: Outcome,
    /// The regression file written for it.
    pub saved: PathBuf,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Cases run.
    pub cases: u64,
    /// The failing cases, by number.
    pub failures: Vec<Found>,
    /// Wall time of the run.
    pub elapsed: Duration,
}

impl Summary {
    /// Cases per second of wall time.
    pub fn per_second(&self) -> f64 {
        self.cases as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Reports during a run.
#[derive(Debug)]
pub enum Event<'a> {
    /// A case failed; its input is saved.
    Failed(&'a Found),
    /// Another [`PROGRESS_EVERY`] cases are done.
    Progress {
        /// Cases done.
        done: u64,
        /// Failures so far.
        failures: usize,
        /// Wall time so far.
        elapsed: Duration,
    },
}

/// Runs `config.cases` cases over `targets` on `config.jobs` threads, saving each failing input in
/// `config.regressions` and telling `on_event` about failures and progress.
pub fn fuzz(
    config: &Config,
    targets: &[Target],
    on_event: &(dyn Fn(Event<'_>) + Sync),
) -> io::Result<Summary> {
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let failures = Mutex::new(Vec::new());
    let worker = || -> io::Result<()> {
        let work = Workdir::new(&config.datasets)?;
        while !stop.load(Ordering::Relaxed) {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= config.cases {
                break;
            }
            let case = case(targets, config.seed, index);
            let outcome = case::run(&config.bin, case.target, &case.input, &work, config.limits)?;
            if let Some(failure) = &outcome.failure {
                let note = note(config, index, &case, &failure.to_string(), &outcome.stderr_tail);
                let saved = regress::save(&config.regressions, case.target, &case.input, &note)?;
                let found = Found { index, target: case.target.name.clone(), outcome, saved };
                on_event(Event::Failed(&found));
                failures.lock().expect("no worker panics").push(found);
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if finished % PROGRESS_EVERY == 0 {
                let count = failures.lock().expect("no worker panics").len();
                on_event(Event::Progress { done: finished, failures: count, elapsed: start.elapsed() });
            }
        }
        Ok(())
    };
    let results: Vec<io::Result<()>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..config.jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let result = worker();
                    if result.is_err() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    result
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().expect("no worker panics")).collect()
    });
    results.into_iter().collect::<io::Result<()>>()?;
    let mut failures = failures.into_inner().expect("no worker panics");
    failures.sort_by_key(|found| found.index);
    Ok(Summary { cases: done.into_inner(), failures, elapsed: start.elapsed() })
}

/// The sidecar text of a failing case.
fn note(config: &Config, index: u64, case: &Case<'_>, failure: &str, stderr_tail: &str) -> String {
    let mutators: Vec<&str> = case.mutators.iter().map(|m| m.name()).collect();
    format!(
        "target: {}\ncommand: {}\nfailure: {failure}\nstderr: {stderr_tail}\n\
         found by: xtask fuzz --seed {} (case {index}), seed input {}, mutations {}\n",
        case.target.name,
        regress::command_line(case.target, &case.input),
        config.seed,
        case.seed,
        mutators.join(", "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Seed;
    use crate::target::{Arg, Feed};

    fn target(name: &str, seeds: &[&str]) -> Target {
        let seeds =
            seeds.iter().map(|s| Seed { name: s.to_string(), bytes: s.as_bytes().to_vec() }).collect();
        Target { name: name.into(), ext: "txt", feed: Feed::File, args: vec![Arg::Input], seeds }
    }

    #[test]
    fn targets_take_turns_and_cases_are_reproducible() {
        let targets = [target("a", &["1 2 3\n", "4 5 6\n"]), target("b", &["x\n"])];
        let names: Vec<_> = (0..5).map(|i| case(&targets, 9, i).target.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "a", "b", "a"]);
        assert_eq!(case(&targets, 9, 4), case(&targets, 9, 4));
        let inputs: Vec<_> = (0..20).map(|i| case(&targets, 9, i).input).collect();
        let distinct: std::collections::HashSet<_> = inputs.iter().collect();
        assert!(distinct.len() > 10, "{inputs:?}");
        assert_ne!((0..20).map(|i| case(&targets, 10, i).input).collect::<Vec<_>>(), inputs);
    }

    #[test]
    fn failures_are_saved_and_counted() {
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            bin: PathBuf::from("/bin/sh"),
            datasets: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../datasets"),
            regressions: dir.path().join("regressions"),
            cases: 12,
            seed: 3,
            jobs: 2,
            limits: Limits { time: Duration::from_secs(5), wall: Duration::from_secs(50), memory: 1 << 30 },
        };
        // `sh FILE` runs the input as a script: `exit 3` fails, `exit 0` passes, whatever the mutations
        // do to the rest.
        let seeds = ["exit 0\n", "exit 3\n"];
        let targets = [target("shell", &seeds)];
        let events = Mutex::new(0);
        let summary = fuzz(&config, &targets, &|event| {
            if let Event::Failed(_) = event {
                *events.lock().unwrap() += 1;
            }
        })
        .unwrap();
        assert_eq!(summary.cases, 12);
        assert_eq!(*events.lock().unwrap(), summary.failures.len());
        let saved = regress::list(&config.regressions).unwrap();
        for found in &summary.failures {
            assert!(saved.contains(&found.saved));
            let note = std::fs::read_to_string(format!("{}.invocation", found.saved.display())).unwrap();
            assert!(note.starts_with("target: shell\ncommand: solvebatch FILE\nfailure: "), "{note}");
            assert!(note.contains(&format!("--seed 3 (case {})", found.index)), "{note}");
        }
        let failed: Vec<u64> = summary.failures.iter().map(|f| f.index).collect();
        let expected: Vec<u64> = (0..12)
            .filter(|&i| {
                case::run(
                    &config.bin,
                    &targets[0],
                    &case(&targets, 3, i).input,
                    &Workdir::new(&config.datasets).unwrap(),
                    config.limits,
                )
                .unwrap()
                .failure
                .is_some()
            })
            .collect();
        assert_eq!(failed, expected);
        assert!(!failed.is_empty() && failed.len() < 12, "{failed:?}");
    }
}
