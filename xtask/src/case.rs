//! One case: run the binary on one input under a time and memory limit and judge how it ended.

use std::fmt;
use std::fs::{self, File};
use std::io;
use std::os::unix::fs::symlink;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;
use wait_timeout::ChildExt;

use crate::target::{Feed, Target};

/// What stderr must not contain: the marks of a panic.
const PANIC_MARKS: [&str; 2] = ["panicked", "RUST_BACKTRACE"];

/// The longest stderr line kept in a report.
const EXCERPT: usize = 300;

/// A private folder for the cases of one worker: the input is written there, beside links to the
/// files of `datasets/scrabble` that position files name (`dictionary.txt`, `*-words.txt`,
/// `tiles.txt`), so that a position's `dictionary:` line still resolves.
pub struct Workdir {
    dir: TempDir,
}

impl Workdir {
    /// A new folder with links to the `.txt` files of `datasets/scrabble`.
    pub fn new(datasets: &Path) -> io::Result<Workdir> {
        let dir = tempfile::Builder::new().prefix("xtask-fuzz-").tempdir()?;
        for entry in fs::read_dir(datasets.join("scrabble"))? {
            let path = entry?.path();
            if path.extension().is_some_and(|ext| ext == "txt") {
                symlink(fs::canonicalize(&path)?, dir.path().join(path.file_name().unwrap_or_default()))?;
            }
        }
        Ok(Workdir { dir })
    }

    /// Where a case's input goes.
    pub fn input(&self, ext: &str) -> PathBuf {
        self.dir.path().join(format!("case.{ext}"))
    }

    fn output(&self) -> PathBuf {
        self.dir.path().join("case-output")
    }

    fn stderr(&self) -> PathBuf {
        self.dir.path().join("case-stderr")
    }
}

/// The limits of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Processor time (`RLIMIT_CPU`, whole seconds, rounded up); past it the kernel ends the process
    /// and the case fails. Processor time, not wall time, so that a loaded machine fails no case.
    pub time: Duration,
    /// Wall time; past it a process that is blocked (using no processor time) is killed and the case
    /// fails. Several times `time`, since a process on a loaded machine waits for a core.
    pub wall: Duration,
    /// Address space in bytes (`RLIMIT_AS`); an allocation past it fails, which ends a Rust program.
    pub memory: u64,
}

/// Why a case failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process exited with a code other than 0, 1 or 2.
    ExitCode(i32),
    /// The process was ended by this signal.
    Signal(i32),
    /// The process used the processor time limit.
    Timeout(Duration),
    /// The process was still running, blocked or starved, at the wall time limit.
    Stalled(Duration),
    /// Stderr shows a panic; this is the line that does.
    Panic(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::ExitCode(code) => write!(f, "exit code {code}"),
            Failure::Signal(signal) => write!(f, "killed by signal {signal}"),
            Failure::Timeout(limit) => write!(f, "used {:.1} s of processor time", limit.as_secs_f64()),
            Failure::Stalled(limit) => write!(f, "still running after {:.1} s", limit.as_secs_f64()),
            Failure::Panic(line) => write!(f, "panic on stderr: {line}"),
        }
    }
}

/// How a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Wall time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// The exit code, when the process exited by itself.
    pub code: Option<i32>,
    /// Why it failed, or `None` when it passed.
    pub failure: Option<Failure>,
    /// The last non-empty line of stderr, cut to 300 bytes.
    pub stderr_tail: String,
}

/// Runs `bin` as `target` on `input` in `work` and judges it: exit code 0, 1 or 2, no panic on stderr,
/// no signal, within the limits.
pub fn run(bin: &Path, target: &Target, input: &[u8], work: &Workdir, limits: Limits) -> io::Result<Outcome> {
    let input_path = work.input(target.ext);
    fs::write(&input_path, input)?;
    let stdin = match target.feed {
        Feed::File => Stdio::null(),
        Feed::Stdin => File::open(&input_path)?.into(),
    };
    let mut command = Command::new(bin);
    command
        .args(target.resolve(input, &input_path, &work.output()))
        .current_dir(work.dir.path())
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        // No dictionary cache: each mutated word list would add a 1.5 MB entry to the user's cache.
        .env("SOLVEBATCH_CACHE_DIR", "")
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(File::create(work.stderr())?);
    let memory = limits.memory;
    let seconds = limits.time.as_secs() + u64::from(limits.time.subsec_nanos() > 0);
    // SAFETY: the closure runs in the child between fork and exec and only calls setrlimit, which is
    // async-signal-safe; it allocates nothing and takes no lock.
    unsafe {
        command.pre_exec(move || {
            set_limit(libc::RLIMIT_AS, memory, memory)?;
            // SIGXCPU at the soft limit (it ends the process), SIGKILL a second later if it is caught.
            set_limit(libc::RLIMIT_CPU, seconds, seconds + 1)?;
            set_limit(libc::RLIMIT_CORE, 0, 0)
        });
    }
    let start = Instant::now();
    let mut child =
        command.spawn().map_err(|error| io::Error::other(format!("{}: {error}", bin.display())))?;
    let status = child.wait_timeout(limits.wall)?;
    let elapsed = start.elapsed();
    if status.is_none() {
        child.kill()?;
        child.wait()?;
    }
    let stderr = String::from_utf8_lossy(&fs::read(work.stderr())?).into_owned();
    let failure = match status {
        None => Some(Failure::Stalled(limits.wall)),
        Some(status) => match (status.code(), status.signal()) {
            (_, Some(libc::SIGXCPU)) => Some(Failure::Timeout(limits.time)),
            (_, Some(signal)) => Some(Failure::Signal(signal)),
            (Some(code), _) if !(0..=2).contains(&code) => Some(Failure::ExitCode(code)),
            _ => stderr
                .lines()
                .find(|line| PANIC_MARKS.iter().any(|mark| line.contains(mark)))
                .map(|line| Failure::Panic(excerpt(line))),
        },
    };
    let stderr_tail =
        stderr.lines().rev().find(|line| !line.trim().is_empty()).map(excerpt).unwrap_or_default();
    let code = status.and_then(|status| status.code());
    Ok(Outcome { elapsed, code, failure, stderr_tail })
}

fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let limit = libc::rlimit { rlim_cur: soft, rlim_max: hard };
    // SAFETY: setrlimit reads the struct, which lives for the call.
    if unsafe { libc::setrlimit(resource, &limit) } == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// `line` cut to at most [`EXCERPT`] bytes, at a character boundary.
fn excerpt(line: &str) -> String {
    let mut end = line.len().min(EXCERPT);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Arg;

    fn datasets() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../datasets")
    }

    /// A target that runs `sh -c SCRIPT` with the input's path as `$0`.
    fn shell(script: &str, feed: Feed) -> Target {
        let args = vec![Arg::Text("-c".into()), Arg::Text(script.into()), Arg::Input];
        Target { name: "sh".into(), ext: "txt", feed, args, seeds: Vec::new() }
    }

    fn outcome(script: &str, feed: Feed, input: &[u8]) -> Outcome {
        outcome_within(script, feed, input, Duration::from_secs(2))
    }

    /// The outcome with 1 s of processor time and `wall` of wall time.
    fn outcome_within(script: &str, feed: Feed, input: &[u8], wall: Duration) -> Outcome {
        let limits = Limits { time: Duration::from_secs(1), wall, memory: 1 << 30 };
        let work = Workdir::new(&datasets()).unwrap();
        run(Path::new("/bin/sh"), &shell(script, feed), input, &work, limits).unwrap()
    }

    fn failure(script: &str) -> Option<Failure> {
        outcome(script, Feed::File, b"").failure
    }

    #[test]
    fn exit_codes_0_1_and_2_pass_and_others_fail() {
        for code in 0..=2 {
            let out = outcome(&format!("exit {code}"), Feed::File, b"");
            assert_eq!((out.code, out.failure), (Some(code), None));
        }
        assert_eq!(failure("exit 3"), Some(Failure::ExitCode(3)));
        assert_eq!(failure("exit 101"), Some(Failure::ExitCode(101)));
    }

    #[test]
    fn a_signal_fails() {
        assert_eq!(failure("kill -SEGV $$"), Some(Failure::Signal(libc::SIGSEGV)));
    }

    #[test]
    fn a_panic_on_stderr_fails_whatever_the_exit_code() {
        let panic = "thread 'main' panicked at src/main.rs:1:1:";
        assert_eq!(failure(&format!("echo \"{panic}\" >&2; exit 1")), Some(Failure::Panic(panic.into())));
        let hint = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace";
        assert_eq!(failure(&format!("echo '{hint}' >&2")), Some(Failure::Panic(hint.into())));
    }

    #[test]
    fn the_processor_time_limit_ends_a_busy_case() {
        // A wall limit the busy loop never meets, however loaded the machine.
        let out = outcome_within("while :; do :; done", Feed::File, b"", Duration::from_secs(300));
        assert_eq!(out.failure, Some(Failure::Timeout(Duration::from_secs(1))));
    }

    #[test]
    fn the_wall_time_limit_kills_a_blocked_case() {
        let out = outcome("sleep 5", Feed::File, b"");
        assert_eq!(out.failure, Some(Failure::Stalled(Duration::from_secs(2))));
        assert!(out.elapsed < Duration::from_secs(4), "{:?}", out.elapsed);
    }

    #[test]
    fn the_memory_limit_is_set_in_the_child() {
        // `ulimit -v` shows RLIMIT_AS in KiB.
        assert_eq!(failure("test \"$(ulimit -v)\" = 1048576 || exit 9"), None);
        assert_eq!(failure("test \"$(ulimit -c)\" = 0 || exit 9"), None);
        assert_eq!(failure("test \"$(ulimit -t)\" = 1 || exit 9"), None);
    }

    #[test]
    fn the_input_is_a_file_or_standard_input() {
        let file = outcome("read line < \"$0\"; test \"$line\" = abc || exit 9", Feed::File, b"abc\n");
        assert_eq!(file.failure, None);
        let stdin = outcome("read line; test \"$line\" = abc || exit 9", Feed::Stdin, b"abc\n");
        assert_eq!(stdin.failure, None);
        let empty = outcome("read line; exit 9", Feed::File, b"abc\n");
        assert_eq!(empty.failure, Some(Failure::ExitCode(9)));
    }

    #[test]
    fn the_scrabble_files_are_beside_the_input() {
        let tiles = datasets().join("scrabble/tiles.txt");
        assert_eq!(
            failure(&format!("cmp \"$(dirname \"$0\")/tiles.txt\" '{}' || exit 9", tiles.display())),
            None
        );
    }

    #[test]
    fn the_last_stderr_line_is_kept_short() {
        let long = "é".repeat(200);
        let out = outcome(&format!("echo first >&2; echo {long} >&2; echo >&2"), Feed::File, b"");
        assert_eq!(out.stderr_tail, "é".repeat(EXCERPT / 2));
    }
}
