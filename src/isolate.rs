//! `--isolate`: each solve in a child process, as BenchExec and runsolver measure, so that a crash,
//! an abort or running out of memory is that file's `failed` row and the batch goes on.
//!
//! The child is this same binary run as the hidden `solve-one` command on one input: it limits its
//! own address space (`--memory-limit`, `RLIMIT_AS`), reads the input's bytes from its standard
//! input, solves them under the time limit and answers one JSON line ([`Answer`]) on its standard
//! output. The parent measures the child with `wait4` (user + system CPU time) and kills it when it
//! outlives the time limit by [`GRACE`]. The peak resident memory of a child that answers is the
//! one it reads of itself (`VmHWM`, [`rusage::own_peak_kb`]) right before answering: `wait4`'s
//! `ru_maxrss` of a child started by posix_spawn also holds the parent's own peak (Linux folds it
//! in at exec). For a child that died without answering (a signal, the memory limit), and on
//! systems without `/proc`, it is `wait4`'s figure: an upper bound, at least the parent's peak.

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::options::FamilyOptions;
use crate::rusage;
use solvebatch_core::{Deadline, Family, Settings};
use solvebatch_core::{Outcome, Status};

/// How long past the time limit a child may run before it is killed: time to notice the deadline,
/// answer and exit.
pub const GRACE: Duration = Duration::from_secs(1);

/// The standard error a child may leave that is kept for its row's message (its last line).
const KEPT_STDERR: usize = 4096;

/// A `--memory-limit`: the bytes, and the text it was given as (for messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The limit in bytes.
    pub bytes: u64,
    /// As given: `256M`, `1GiB`.
    pub text: String,
}

/// Parses a `--memory-limit` SIZE as the `bytesize` crate reads sizes: `512MiB`, `1GiB` (powers of
/// 1024), `512M`, `1G` or `512MB` (powers of 1000), or bytes.
///
/// # Errors
/// A size that cannot be read, or one under 16 MiB (too small for the program itself).
pub fn parse_memory_limit(text: &str) -> Result<MemoryLimit, String> {
    let size: bytesize::ByteSize =
        text.parse().map_err(|_| format!("`{text}` is not a size such as 512MiB, 1GiB or 512M"))?;
    if size.as_u64() < 16 << 20 {
        return Err(format!("a memory limit of {text} is too small to start a solver (16 MiB at least)"));
    }
    Ok(MemoryLimit { bytes: size.as_u64(), text: text.to_string() })
}

/// What the hidden `solve-one` command (the child of `--isolate`) is asked to solve; the input's
/// bytes come on standard input.
#[derive(Debug, Clone)]
pub struct ChildOptions {
    /// The input's path (files it names resolve against its folder).
    pub path: PathBuf,
    /// The family's name.
    pub family: String,
    /// The solver's name.
    pub solver: String,
    /// The time limit of the solve.
    pub timeout: Option<Duration>,
    /// The address-space limit, in bytes.
    pub memory_limit: Option<u64>,
    /// [`solvebatch_core::Settings::seed`].
    pub seed: u64,
    /// [`solvebatch_core::Settings::threads`].
    pub threads: usize,
    /// The family options given to the parent, each as `NAME=VALUE` ([`FamilyOptions`]).
    pub options: Vec<OsString>,
}

/// Solves in child processes, with these limits.
#[derive(Debug, Clone)]
pub struct Isolation {
    /// The child's address-space limit.
    pub memory_limit: Option<MemoryLimit>,
    /// The family options given, handed on to the child.
    pub options: FamilyOptions,
}

/// A solve and what it used.
#[derive(Debug, Clone)]
pub struct Measured {
    /// How it ended.
    pub outcome: Outcome,
    /// Wall time of the solve, in milliseconds (in a child: as the child timed it, without the
    /// process's start).
    pub ms: f64,
    /// CPU time, in milliseconds, or `None` where it was not measured.
    pub cpu_ms: Option<f64>,
    /// Peak resident memory, in KiB, or `None` where it was not measured (in-process solves): a
    /// child's own peak when it answered, else `wait4`'s upper bound (see the module's comment).
    pub max_rss_kb: Option<u64>,
    /// Peak live heap bytes the solve added, in KiB, as the counting allocator saw them
    /// ([`crate::heap::peak_kb_of`]), or `None` where it was not counted (in a child, and wherever
    /// solves share the process).
    pub peak_heap_kb: Option<u64>,
}

/// The child's one line of answer.
#[derive(Debug, Serialize, Deserialize)]
struct Answer {
    status: Status,
    message: Option<String>,
    warning: Option<String>,
    output: String,
    stats: std::collections::BTreeMap<String, serde_json::Value>,
    /// The wall time of the solve, in milliseconds.
    ms: f64,
    /// The child's own peak resident memory, in KiB, or `None` where it cannot read it.
    peak_kb: Option<u64>,
}

/// The child's side: limit memory, read the input, solve, answer one JSON line.
///
/// # Errors
/// A limit that cannot be set, a family or solver that cannot be prepared, an input that cannot be
/// read from standard input: the parent makes that the file's `failed` row.
pub fn child(args: ChildOptions) -> anyhow::Result<ExitCode> {
    // A panic is caught and answered as `failed`: its message is enough, and a backtrace (with
    // RUST_BACKTRACE set) would be symbolized inside the timed solve and under the memory limit.
    std::panic::set_hook(Box::new(|info| eprintln!("{info}")));
    if let Some(bytes) = args.memory_limit {
        rusage::limit_address_space(bytes).map_err(anyhow::Error::msg)?;
    }
    let family = crate::family::by_name(&args.family)
        .ok_or_else(|| anyhow::anyhow!("no family is called `{}`", args.family))?;
    let options = args.options.iter().map(|option| {
        let bytes = option.as_bytes();
        let (name, value) = match bytes.iter().position(|&byte| byte == b'=') {
            Some(equals) => (&bytes[..equals], &bytes[equals + 1..]),
            None => (bytes, &b""[..]),
        };
        (String::from_utf8_lossy(name).into_owned(), Some(OsStr::from_bytes(value).to_os_string()))
    });
    let settings = FamilyOptions::given(options).settings(args.seed, args.threads)?;
    let prepared = crate::solve::prepare(family, &args.solver, &settings)
        .map_err(|error| anyhow::anyhow!(error.describe()))?;
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    let started = Instant::now();
    let deadline =
        Deadline::at(args.timeout.map(|limit| started + limit)).or_flag(crate::signals::stop_flag());
    let outcome = crate::solve::solve(prepared.as_ref(), &args.path, &input, deadline);
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let answer = Answer {
        status: outcome.status,
        message: outcome.message,
        warning: outcome.warning,
        output: outcome.output,
        stats: outcome.stats,
        ms,
        peak_kb: rusage::own_peak_kb(),
    };
    let mut line = serde_json::to_vec(&answer)?;
    line.push(b'\n');
    std::io::stdout().write_all(&line)?;
    Ok(ExitCode::SUCCESS)
}

/// The parent's side: solves `input` (the bytes of the file at `path`) with `family`'s solver called
/// `solver` in a child process, within `timeout` (killed [`GRACE`] after it) and `isolation`'s
/// memory limit. Never fails: a child that cannot start, crashes or answers nothing is a `failed`
/// outcome saying why.
pub fn solve(
    family: &dyn Family,
    solver: &str,
    settings: &Settings,
    path: &Path,
    input: &[u8],
    timeout: Option<Duration>,
    isolation: &Isolation,
) -> Measured {
    let started = Instant::now();
    let spawned = std::env::current_exe().and_then(|program| {
        child_command(program, family, solver, settings, path, timeout, isolation)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
    });
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => return failed(format!("cannot start a child process: {error}"), None),
    };
    let pid = child.id();
    // The watchdog kills the child only while it is not reaped, so never another process of its ID.
    let alive = Arc::new(Mutex::new(true));
    let (done, finished) = std::sync::mpsc::channel::<()>();
    let watchdog = timeout.map(|limit| {
        let alive = Arc::clone(&alive);
        std::thread::spawn(move || {
            let overdue = finished.recv_timeout(limit + GRACE).is_err();
            if overdue && *alive.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) {
                rusage::kill(pid);
            }
            overdue
        })
    });
    let mut stdin = child.stdin.take();
    let mut stderr = child.stderr.take();
    let (answer, kept_stderr) = std::thread::scope(|scope| {
        scope.spawn(move || {
            // A child that dies before reading all of it closes the pipe: its death says why.
            let _ = stdin.as_mut().map(|stdin| stdin.write_all(input));
        });
        let errors = scope.spawn(move || {
            let mut text = Vec::new();
            let _ = stderr.as_mut().map(|stderr| stderr.read_to_end(&mut text));
            let start = text.len().saturating_sub(KEPT_STDERR);
            String::from_utf8_lossy(&text[start..]).into_owned()
        });
        let mut answer = Vec::new();
        let _ = child.stdout.take().map(|mut stdout| stdout.read_to_end(&mut answer));
        (answer, errors.join().unwrap_or_default())
    });
    let ended = rusage::wait_for_end(pid);
    *alive.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = false;
    let _ = done.send(());
    let killed = watchdog.is_some_and(|watchdog| watchdog.join().unwrap_or(false));
    let usage = match ended.and_then(|()| rusage::reap(pid)) {
        Ok(usage) => usage,
        Err(message) => return failed(message, None),
    };
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut max_rss_kb = usage.max_rss_kb;
    let (outcome, ms) = match serde_json::from_slice::<Answer>(&answer) {
        Ok(answer) if usage.code == Some(0) => {
            let Answer { status, message, warning, output, stats, ms, peak_kb } = answer;
            max_rss_kb = peak_kb.unwrap_or(max_rss_kb);
            (Outcome { status, message, warning, output, stats }, ms)
        }
        _ if killed => {
            let mut outcome = Outcome::stopped(Deadline::NEVER);
            let limit = timeout.unwrap_or_default().as_secs_f64();
            outcome.message =
                Some(format!("killed {} s after the time limit of {limit} s", GRACE.as_secs_f64()));
            (outcome, wall_ms)
        }
        _ => {
            let mut outcome = failed(death_cause(&usage, &kept_stderr, isolation), Some(wall_ms)).outcome;
            if usage.signal.is_some() && crate::signals::interrupted() {
                outcome.status = Status::Interrupted;
            }
            (outcome, wall_ms)
        }
    };
    Measured { outcome, ms, cpu_ms: Some(usage.cpu_ms), max_rss_kb: Some(max_rss_kb), peak_heap_kb: None }
}

/// The command line of the child solving the file at `path`.
fn child_command(
    program: PathBuf,
    family: &dyn Family,
    solver: &str,
    settings: &Settings,
    path: &Path,
    timeout: Option<Duration>,
    isolation: &Isolation,
) -> Command {
    let mut command = Command::new(program);
    command.arg("solve-one").arg("--family").arg(family.name()).arg("--solver").arg(solver);
    command
        .arg("--seed")
        .arg(settings.seed.to_string())
        .arg("--threads")
        .arg(settings.threads.max(1).to_string());
    if let Some(limit) = timeout {
        command.arg("--timeout").arg(limit.as_secs_f64().to_string());
    }
    if let Some(limit) = &isolation.memory_limit {
        command.arg("--memory-limit").arg(limit.bytes.to_string());
    }
    for (name, value) in isolation.options.iter() {
        let mut option = OsString::from(format!("{name}="));
        option.push(value);
        command.arg("--option").arg(option);
    }
    // After `--`, a path that starts with a dash is still a path.
    command.arg("--").arg(path);
    command
}

/// Why a child that gave no answer ended: the signal (a memory limit reached, when the allocator's
/// last words say so) or its exit status with the last line it wrote on standard error.
fn death_cause(usage: &rusage::ChildUsage, stderr: &str, isolation: &Isolation) -> String {
    let out_of_memory = stderr.contains("memory allocation of") && stderr.contains("failed");
    if let (true, Some(limit)) = (out_of_memory, &isolation.memory_limit) {
        return format!("memory limit {} reached", limit.text);
    }
    let last_words = stderr.lines().rev().find(|line| !line.trim().is_empty()).map(str::trim);
    let said = last_words.map(|words| format!(": {words}")).unwrap_or_default();
    match (usage.signal, usage.code) {
        (Some(signal), _) => match rusage::signal_name(signal) {
            Some(name) => format!("killed by signal {signal} ({name}){said}"),
            None => format!("killed by signal {signal}{said}"),
        },
        (None, Some(0)) => format!("the child process gave no answer{said}"),
        (None, code) => format!("the child process exited with status {}{said}", code.unwrap_or(-1)),
    }
}

/// A `failed` measure saying `message`, after `ms` milliseconds (0 when it never started).
fn failed(message: String, ms: Option<f64>) -> Measured {
    let mut outcome = Outcome::invalid(message);
    outcome.status = Status::Failed;
    outcome.output.clear();
    Measured { outcome, ms: ms.unwrap_or(0.0), cpu_ms: None, max_rss_kb: None, peak_heap_kb: None }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_limits_are_read_as_bytesize_reads_sizes() {
        assert_eq!(parse_memory_limit("256MiB").map(|limit| limit.bytes), Ok(256 << 20));
        assert_eq!(parse_memory_limit("1GiB").map(|limit| limit.bytes), Ok(1 << 30));
        assert_eq!(parse_memory_limit("256M").map(|limit| limit.bytes), Ok(256_000_000));
        assert_eq!(
            parse_memory_limit("lots"),
            Err("`lots` is not a size such as 512MiB, 1GiB or 512M".to_string())
        );
        assert_eq!(
            parse_memory_limit("1MiB"),
            Err("a memory limit of 1MiB is too small to start a solver (16 MiB at least)".to_string())
        );
    }

    #[test]
    fn a_death_is_named_by_its_signal_or_the_memory_limit() {
        let usage = rusage::ChildUsage { code: None, signal: Some(11), cpu_ms: 1.0, max_rss_kb: 1 };
        let free = Isolation { memory_limit: None, options: FamilyOptions::default() };
        assert_eq!(death_cause(&usage, "", &free), "killed by signal 11 (SIGSEGV)");
        let limited = Isolation {
            memory_limit: Some(parse_memory_limit("256M").unwrap()),
            options: FamilyOptions::default(),
        };
        let aborted = rusage::ChildUsage { signal: Some(6), ..usage };
        let words = "memory allocation of 1073741824 bytes failed\n";
        assert_eq!(death_cause(&aborted, words, &limited), "memory limit 256M reached");
        assert_eq!(
            death_cause(&aborted, words, &free),
            "killed by signal 6 (SIGABRT): memory allocation of 1073741824 bytes failed"
        );
        let exited = rusage::ChildUsage { code: Some(1), signal: None, ..usage };
        assert_eq!(
            death_cause(&exited, "error: no family is called `x`\n", &free),
            "the child process exited with status 1: error: no family is called `x`"
        );
    }
}
