//! `xtask batch-bench`: the cost of the per-file path. `solvebatch run` on a folder of many tiny
//! pairing files against `cat` of the same files, in one run of this task, so that the ratio says
//! what the runner adds to reading the files (issue: the per-file path costs what the work costs).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A tiny valid pairing file: one table, players 0 and 1.
const TINY: &str = "1\n0,1,0\n";

/// The times of one command over the runs: wall times and the CPU time (user and system) of each.
#[derive(Debug, Clone, Default)]
pub struct Times {
    /// Wall time of each run.
    pub wall: Vec<Duration>,
    /// CPU time of each run, the command's processes and threads together.
    pub cpu: Vec<Duration>,
}

impl Times {
    /// The shortest wall time.
    pub fn best(&self) -> Duration {
        self.wall.iter().copied().min().unwrap_or_default()
    }

    /// The shortest CPU time.
    pub fn best_cpu(&self) -> Duration {
        self.cpu.iter().copied().min().unwrap_or_default()
    }

    /// The median wall time (the lower middle one of an even count).
    pub fn median(&self) -> Duration {
        let mut wall = self.wall.clone();
        wall.sort();
        wall.get(wall.len().saturating_sub(1) / 2).copied().unwrap_or_default()
    }
}

/// What `batch-bench` measured.
#[derive(Debug, Clone)]
pub struct Figures {
    /// Files in the folder.
    pub files: usize,
    /// `cat` of every file.
    pub cat: Times,
    /// `solvebatch run FOLDER -q`, files at once by default (one per core).
    pub run: Times,
    /// `solvebatch run FOLDER -q -j 1`.
    pub run_one_job: Times,
    /// The machine's load (`/proc/loadavg`, its first three figures) before and after the runs,
    /// where it can be read: wall times mean little on a busy machine.
    pub load: Option<(String, String)>,
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |duration: Duration| duration.as_secs_f64() * 1000.0;
        let ratio = |times: &Times| ms(times.best()) / ms(self.cat.best()).max(f64::MIN_POSITIVE);
        writeln!(f, "{} tiny pairing files, best of {} runs each:", self.files, self.cat.wall.len())?;
        for (name, times) in [("cat", &self.cat), ("run -q", &self.run), ("run -q -j 1", &self.run_one_job)] {
            writeln!(
                f,
                "  {name:<12} wall {:>8.1} ms  cpu {:>8.1} ms  ({:.2}x cat's wall time; median wall {:.1} ms)",
                ms(times.best()),
                ms(times.best_cpu()),
                ratio(times),
                ms(times.median())
            )?;
        }
        if let Some((before, after)) = &self.load {
            writeln!(f, "  load {before} before, {after} after")?;
        }
        Ok(())
    }
}

/// The CPU time (user and system) of the waited-for children of this process so far.
fn children_cpu() -> Duration {
    // SAFETY: getrusage writes into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage
    };
    let time = |value: libc::timeval| Duration::new(value.tv_sec as u64, value.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// Runs `command` (its output thrown away) and returns its wall and CPU time.
///
/// # Errors
/// The command cannot start, or exits with a failure.
fn timed(mut command: Command) -> io::Result<(Duration, Duration)> {
    let (cpu, started) = (children_cpu(), Instant::now());
    let status = command.stdout(Stdio::null()).stderr(Stdio::null()).status()?;
    let wall = started.elapsed();
    if !status.success() {
        return Err(io::Error::other(format!("{command:?} failed: {status}")));
    }
    Ok((wall, children_cpu() - cpu))
}

/// Writes `files` tiny pairing files into `folder` and returns their paths.
///
/// # Errors
/// A file cannot be written.
pub fn write_files(folder: &Path, files: usize) -> io::Result<Vec<PathBuf>> {
    (0..files)
        .map(|index| {
            let path = folder.join(format!("tiny-{index:05}.csv"));
            std::fs::write(&path, TINY)?;
            Ok(path)
        })
        .collect()
}

/// Measures `cat` and `bin run` on `files` tiny files, `repeat` runs each after one warm-up run,
/// the commands taking turns so that a change of the machine's load falls on all of them.
///
/// # Errors
/// A file cannot be written, or a command fails.
pub fn measure(bin: &Path, files: usize, repeat: usize) -> io::Result<Figures> {
    let folder = tempfile::tempdir()?;
    let paths = write_files(folder.path(), files)?;
    let cat = || {
        let mut command = Command::new("cat");
        command.args(&paths);
        command
    };
    let run = |jobs: Option<&str>| {
        let mut command = Command::new(bin);
        command.arg("run").arg(folder.path()).arg("-q");
        if let Some(jobs) = jobs {
            command.args(["-j", jobs]);
        }
        command
    };
    let load_before = load();
    let mut figures = Figures {
        files,
        cat: Times::default(),
        run: Times::default(),
        run_one_job: Times::default(),
        load: None,
    };
    for round in 0..=repeat {
        let measured = [timed(cat())?, timed(run(None))?, timed(run(Some("1")))?];
        if round == 0 {
            continue;
        }
        let slots = [&mut figures.cat, &mut figures.run, &mut figures.run_one_job];
        for (times, (wall, cpu)) in slots.into_iter().zip(measured) {
            times.wall.push(wall);
            times.cpu.push(cpu);
        }
    }
    figures.load = load_before.zip(load());
    Ok(figures)
}

/// The first three figures of `/proc/loadavg` (the load over 1, 5 and 15 minutes), where there is one.
fn load() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    Some(text.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_wall_time_or_the_lower_of_the_two_middle_ones() {
        let times = |ms: &[u64]| Times {
            wall: ms.iter().map(|&ms| Duration::from_millis(ms)).collect(),
            cpu: Vec::new(),
        };
        assert_eq!(times(&[30, 10, 20]).median(), Duration::from_millis(20));
        assert_eq!(times(&[40, 10, 30, 20]).median(), Duration::from_millis(20));
        assert_eq!(times(&[]).median(), Duration::ZERO);
    }
}
