//! The operating system's measures and limits of a solve: the process CPU clock (in-process solves),
//! the resource usage of a child process as `wait4` reports it, and the address-space limit a child
//! sets on itself (`--memory-limit`).

use std::time::Duration;

use nix::sys::resource::{setrlimit, Resource};
use nix::sys::wait::{waitid, Id, WaitPidFlag};
use nix::time::{clock_gettime, ClockId};
use nix::unistd::Pid;

/// The CPU time (user and system) of every thread of this process so far.
///
/// A difference of two readings is the CPU time of the solve between them, helper threads included,
/// as long as nothing else runs in the process meanwhile (`compare` without `--parallel`).
pub fn process_cpu() -> Duration {
    clock_gettime(ClockId::CLOCK_PROCESS_CPUTIME_ID).map_or(Duration::ZERO, Duration::from)
}

/// The CPU time (user and system) of the calling thread so far: the measure of a solve that runs on
/// it alone (`run`, where files are solved in parallel); threads the solver starts are not counted.
pub fn thread_cpu() -> Duration {
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or(Duration::ZERO, Duration::from)
}

/// Limits this process's address space (`RLIMIT_AS`) to `bytes`: every mapping counts (code, thread
/// stacks, heap), and an allocation past the limit fails, which aborts a Rust program.
///
/// # Errors
/// The system's refusal, in words.
pub fn limit_address_space(bytes: u64) -> Result<(), String> {
    setrlimit(Resource::RLIMIT_AS, bytes, bytes)
        .map_err(|error| format!("cannot set the memory limit: {error}"))
}

/// How a child process ended, with what it used.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChildUsage {
    /// Its exit code, or `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it, or `None`.
    pub signal: Option<i32>,
    /// User plus system CPU time of the child, in milliseconds.
    pub cpu_ms: f64,
    /// Its peak resident set size, in KiB (Linux's `ru_maxrss`).
    pub max_rss_kb: u64,
}

/// Blocks until the child `pid` has ended, without reaping it: its process ID stays its own, so that
/// a watchdog may still signal it safely until [`reap`] is called.
///
/// # Errors
/// The system's refusal (no such child), in words.
pub fn wait_for_end(pid: u32) -> Result<(), String> {
    let pid = Pid::from_raw(pid as i32);
    loop {
        match waitid(Id::Pid(pid), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT) {
            Err(nix::errno::Errno::EINTR) => continue,
            Err(error) => return Err(format!("cannot wait for the child: {error}")),
            Ok(_) => return Ok(()),
        }
    }
}

/// Reaps the child `pid` with `wait4` (blocking until it ends) and returns how it ended and its
/// resource usage.
///
/// # Errors
/// The system's refusal (no such child), in words.
pub fn reap(pid: u32) -> Result<ChildUsage, String> {
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills in; all-zero bytes are a valid value of it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: both pointers are to live, writable locals of the right types.
        let reaped = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
        if reaped >= 0 {
            break;
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("cannot wait for the child: {error}"));
        }
    }
    let seconds = |time: libc::timeval| time.tv_sec as f64 + time.tv_usec as f64 / 1e6;
    let signaled = libc::WIFSIGNALED(status);
    Ok(ChildUsage {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: signaled.then(|| libc::WTERMSIG(status)),
        cpu_ms: (seconds(usage.ru_utime) + seconds(usage.ru_stime)) * 1000.0,
        max_rss_kb: u64::try_from(usage.ru_maxrss).unwrap_or(0),
    })
}

/// Sends SIGKILL to the child `pid` (one not yet reaped: see [`wait_for_end`]); a child already
/// ended is no error.
pub fn kill(pid: u32) {
    // An error means it has already ended: nothing to stop.
    let _ = nix::sys::signal::kill(Pid::from_raw(pid as i32), nix::sys::signal::Signal::SIGKILL);
}

/// The name of signal `number`, such as `SIGSEGV`, or `None` for one this system does not name.
pub fn signal_name(number: i32) -> Option<&'static str> {
    nix::sys::signal::Signal::try_from(number).ok().map(|signal| signal.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signals_are_named() {
        assert_eq!(signal_name(11), Some("SIGSEGV"));
        assert_eq!(signal_name(6), Some("SIGABRT"));
        assert_eq!(signal_name(9), Some("SIGKILL"));
        assert_eq!(signal_name(1000), None);
    }

    #[test]
    fn a_reaped_child_says_how_it_ended() {
        // Reaped by `reap`, the function under test, not by `Child::wait`.
        #[allow(clippy::zombie_processes)]
        let ended = |script: &str| {
            let child = std::process::Command::new("sh").args(["-c", script]).spawn().unwrap();
            wait_for_end(child.id()).unwrap();
            let usage = reap(child.id()).unwrap();
            (usage.code, usage.signal)
        };
        assert_eq!(ended("exit 3"), (Some(3), None));
        assert_eq!(ended("kill -SEGV $$"), (None, Some(11)));
    }
}
