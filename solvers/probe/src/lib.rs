//! A hidden family for the tests of `--isolate`, CPU time and memory: `.probe` files whose one line
//! says what the `probe` solver does: `solved`, `sleep MS` (ignoring the time limit, as a stuck
//! solver would), `spin THREADS MS` (each thread busy for MS ms of its own CPU time), `alloc MIB`
//! (MIB mebibytes written), `abort`, `segfault`, `panic`, or `echo WORDS` (answers WORDS instead of
//! `ok`). A word `$NAME` stands for the value of the environment variable NAME, so that a test can
//! change what a solve does while the input and its hash stay the same. The `steady` solver answers
//! `solved` at once whatever the line. It exists only where `SOLVEBATCH_PROBE_FAMILY=1` is set
//! ([`enabled`]): never listed, never read otherwise.

use std::path::Path;
use std::time::Duration;

use nix::time::{clock_gettime, ClockId};
use solvebatch_core::{Deadline, Family, FamilyError, Outcome, Prepared, Settings, SolverInfo, Status};

/// The environment variable that turns the family on.
const SWITCH: &str = "SOLVEBATCH_PROBE_FAMILY";

/// The probe family, when `SOLVEBATCH_PROBE_FAMILY=1` is set.
pub fn enabled() -> Option<&'static dyn Family> {
    (std::env::var_os(SWITCH).is_some_and(|value| value == "1")).then_some(&Probe as &dyn Family)
}

/// The hidden test family.
pub struct Probe;

/// Its two solvers.
#[derive(Clone, Copy)]
struct ProbeSolver {
    /// `steady`: ignores the line.
    steady: bool,
}

impl Family for Probe {
    fn name(&self) -> &'static str {
        "probe"
    }

    fn extension(&self) -> &'static str {
        ".probe"
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        vec![
            SolverInfo { name: "probe", description: "does what the file's line says" },
            SolverInfo { name: "steady", description: "answers solved at once" },
        ]
    }

    fn prepare(&self, solver: &str, _settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        match solver {
            "probe" | "steady" => Ok(Box::new(ProbeSolver { steady: solver == "steady" })),
            other => Err(format!("no probe solver `{other}`").into()),
        }
    }
}

impl Prepared for ProbeSolver {
    fn solver(&self) -> &'static str {
        if self.steady {
            "steady"
        } else {
            "probe"
        }
    }

    fn solve(&self, _path: &Path, input: &[u8], _deadline: Deadline) -> Outcome {
        let line = String::from_utf8_lossy(input);
        let words: Vec<String> = line
            .split_whitespace()
            .map(|word| match word.strip_prefix('$') {
                Some(name) => std::env::var(name).unwrap_or_default(),
                None => word.to_string(),
            })
            .collect();
        let number = |index: usize| words.get(index).and_then(|word| word.parse::<u64>().ok()).unwrap_or(0);
        let solved = Outcome::answer(Status::Solved, "ok\n".to_string(), &());
        if self.steady {
            return solved;
        }
        match words.first().map(String::as_str) {
            Some("solved") => {}
            Some("echo") => {
                return Outcome::answer(Status::Solved, format!("{}\n", words[1..].join(" ")), &())
            }
            Some("sleep") => std::thread::sleep(Duration::from_millis(number(1))),
            Some("spin") => spin(number(1), Duration::from_millis(number(2))),
            Some("alloc") => {
                let bytes = vec![1u8; (number(1) << 20) as usize];
                std::hint::black_box(&bytes);
            }
            Some("abort") => std::process::abort(),
            Some("segfault") => segfault(),
            Some("panic") => panic!("the probe was asked to panic"),
            _ => return Outcome::invalid(format!("Line 1: unknown probe `{line}`", line = line.trim())),
        }
        solved
    }

    fn verify(&self, _path: &Path, _input: &[u8], output: &str) -> Result<bool, FamilyError> {
        if output == "ok\n" {
            Ok(true)
        } else {
            Err(format!("expected `ok`, got `{}`", output.trim()).into())
        }
    }
}

/// Dies of SIGSEGV as a solver reading a bad pointer would: raised rather than provoked (no
/// undefined behaviour), with the default action restored first, since Rust's own handler (for stack
/// overflows) returns from a raised signal.
fn segfault() {
    use nix::sys::signal::{raise, signal, SigHandler, Signal};
    // SAFETY: restoring the default action installs no handler code; nothing else runs meanwhile.
    let _ = unsafe { signal(Signal::SIGSEGV, SigHandler::SigDfl) };
    let _ = raise(Signal::SIGSEGV);
}

/// The CPU time of the calling thread so far.
fn thread_cpu() -> Duration {
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or(Duration::ZERO, Duration::from)
}

/// Keeps `threads` threads (the calling one and `threads - 1` more) busy until each has used `busy`
/// of its own CPU time.
fn spin(threads: u64, busy: Duration) {
    let work = || {
        let (mut turns, start) = (0u64, thread_cpu());
        while thread_cpu() - start < busy {
            turns = std::hint::black_box(turns.wrapping_add(1));
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(work);
        }
        work();
    });
}
