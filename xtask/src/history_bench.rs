//! `xtask history-bench`: the figures of the results history, measured on the binary: the import of
//! one report of many records (reading the report and appending its run in one transaction), the
//! database's bytes per record, and `history FILE.db regressions` over many runs of many files, with
//! slowdowns planted in a tenth of the files from the middle run on.

use std::fmt;
use std::fs;
use std::io;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// What was measured.
#[derive(Debug)]
pub struct Figures {
    /// Records in the report imported.
    pub records: usize,
    /// Wall time of `history FILE.db import` of that report.
    pub import_wall: Duration,
    /// Its processor time (user and system).
    pub import_cpu: Duration,
    /// The database's bytes (with its write-ahead log, if any is left) after that import.
    pub database_bytes: u64,
    /// Runs in the history `regressions` read.
    pub runs: usize,
    /// Files in each.
    pub files: usize,
    /// Wall time of `history FILE.db regressions`.
    pub regressions_wall: Duration,
    /// Its processor time.
    pub regressions_cpu: Duration,
    /// Slowdowns planted.
    pub planted: usize,
    /// Of those, found at the run planted.
    pub found: usize,
    /// Other time changes reported.
    pub others: usize,
}

impl fmt::Display for Figures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "import of a report of {} records: {:.3} s wall, {:.3} s CPU",
            self.records,
            self.import_wall.as_secs_f64(),
            self.import_cpu.as_secs_f64()
        )?;
        writeln!(
            f,
            "database: {} bytes, {:.0} bytes per record",
            self.database_bytes,
            self.database_bytes as f64 / self.records as f64
        )?;
        write!(
            f,
            "regressions over {} runs of {} files: {:.3} s wall, {:.3} s CPU; {} of {} planted slowdowns found \
             at their run, {} other time changes",
            self.runs,
            self.files,
            self.regressions_wall.as_secs_f64(),
            self.regressions_cpu.as_secs_f64(),
            self.found,
            self.planted,
            self.others
        )
    }
}

/// Measures the history with `bin` in a temporary folder: a report of `records` records imported,
/// and `regressions` over `runs` runs of `files` files.
///
/// # Errors
/// A command fails or a file cannot be written.
pub fn measure(bin: &Path, records: usize, runs: usize, files: usize) -> io::Result<Figures> {
    let dir = tempfile::tempdir()?;
    let dir = dir.path();
    let generated = Command::new(bin)
        .current_dir(dir)
        .args(["gen", "tournament", "--tables", "6", "--degree", "3", "--out", "in", "--count"])
        .arg(files.to_string())
        .output()?;
    check(&generated, "gen")?;
    let ran =
        Command::new(bin).current_dir(dir).args(["run", "in", "--json", "base.jsonl", "-q"]).output()?;
    if ran.status.code().is_none_or(|code| code > 1) {
        return Err(io::Error::other(format!("run: {}", String::from_utf8_lossy(&ran.stderr))));
    }
    let base = Report::read(&dir.join("base.jsonl"))?;

    // One large report: the base records again and again, each copy under other file names.
    let copies = records.div_ceil(base.records.len());
    let mut large = Vec::with_capacity(copies * base.records.len());
    for copy in 0..copies {
        for record in &base.records {
            let mut record = record.clone();
            record["file"] = Value::from(format!("{}#{copy}", record["file"].as_str().unwrap_or_default()));
            large.push(record);
        }
    }
    large.truncate(records);
    base.write(&dir.join("large.jsonl"), &large)?;
    let (output, import_wall, import_cpu) =
        timed(Command::new(bin).current_dir(dir).args(["history", "a.db", "import", "large.jsonl"]))?;
    check(&output, "history import")?;
    let database_bytes = ["a.db", "a.db-wal"]
        .iter()
        .filter_map(|name| fs::metadata(dir.join(name)).ok())
        .map(|meta| meta.len())
        .sum();

    // Many runs: each file's time moved by up to ±20 %, a tenth of the files twice as slow from the
    // middle run on.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let planted = files.div_ceil(10);
    let step = runs / 2;
    let mut names = Vec::with_capacity(runs);
    for run in 0..runs {
        let records: Vec<Value> = base
            .records
            .iter()
            .enumerate()
            .map(|(index, record)| {
                let mut record = record.clone();
                let level = record["ms"].as_f64().unwrap_or(1.0).max(0.01);
                let factor = if index < planted && run >= step { 2.0 } else { 1.0 };
                let ms = level * factor * rng.random_range(0.8..1.2);
                for key in ["ms", "min_ms", "max_ms"] {
                    record[key] = Value::from((ms * 1000.0).round() / 1000.0);
                }
                record
            })
            .collect();
        let name = format!("r{run:05}.jsonl");
        base.write(&dir.join(&name), &records)?;
        names.push(name);
    }
    let imported =
        Command::new(bin).current_dir(dir).args(["history", "b.db", "import"]).args(&names).output()?;
    check(&imported, "history import")?;
    let (output, regressions_wall, regressions_cpu) = timed(Command::new(bin).current_dir(dir).args([
        "history",
        "b.db",
        "regressions",
        "--json",
        "-",
        "-q",
    ]))?;
    if output.status.code().is_none_or(|code| code > 1) {
        return Err(io::Error::other(format!(
            "history regressions: {}",
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    let changes: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    let planted_files: Vec<&str> =
        base.records[..planted].iter().filter_map(|record| record["file"].as_str()).collect();
    let is_planted = |change: &Value| {
        change["kind"] == "slower"
            && change["run"] == (step + 1) as u64
            && planted_files.contains(&change["file"].as_str().unwrap_or_default())
    };
    let found = changes.iter().filter(|change| is_planted(change)).count();
    let others: Vec<&Value> =
        changes.iter().filter(|change| !is_planted(change) && change["p_value"].is_number()).collect();
    for change in &others {
        eprintln!("a time change not planted: {change}");
    }
    let others = others.len();
    Ok(Figures {
        records,
        import_wall,
        import_cpu,
        database_bytes,
        runs,
        files,
        regressions_wall,
        regressions_cpu,
        planted,
        found,
        others,
    })
}

/// A report of `run`: its first line, its records, its summary line.
struct Report {
    first: String,
    records: Vec<Value>,
    summary: String,
}

impl Report {
    fn read(path: &Path) -> io::Result<Report> {
        let text = fs::read_to_string(path)?;
        let lines: Vec<&str> = text.lines().collect();
        let (first, rest) = lines.split_first().ok_or_else(|| io::Error::other("an empty report"))?;
        let (summary, records) =
            rest.split_last().ok_or_else(|| io::Error::other("a report without records"))?;
        let records = records
            .iter()
            .map(|line| serde_json::from_str(line).map_err(io::Error::other))
            .collect::<io::Result<_>>()?;
        Ok(Report { first: first.to_string(), records, summary: summary.to_string() })
    }

    /// Writes this report with `records` instead of its own.
    fn write(&self, path: &Path, records: &[Value]) -> io::Result<()> {
        let mut text = format!("{}\n", self.first);
        for record in records {
            text.push_str(&record.to_string());
            text.push('\n');
        }
        text.push_str(&self.summary);
        text.push('\n');
        fs::write(path, text)
    }
}

/// Runs `command` to its end: its output, wall time and processor time (its children's, from
/// `getrusage`).
fn timed(command: &mut Command) -> io::Result<(Output, Duration, Duration)> {
    let before = children_cpu();
    let started = Instant::now();
    let output = command.output()?;
    Ok((output, started.elapsed(), children_cpu().saturating_sub(before)))
}

/// User and system time of the waited-for children so far.
fn children_cpu() -> Duration {
    // SAFETY: getrusage writes the struct it is given; zeroed is a valid rusage.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to that struct.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let time = |value: libc::timeval| Duration::new(value.tv_sec as u64, value.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

fn check(output: &Output, what: &str) -> io::Result<()> {
    if output.status.success() {
        Ok(())
    } else {
        Err(io::Error::other(format!("{what}: {}", String::from_utf8_lossy(&output.stderr))))
    }
}
