//! Fault trials: a batch with `--json`, `--csv` and `--out`, killed at a random moment by SIGINT,
//! SIGTERM, SIGTERM twice or SIGKILL, then checked against an uninterrupted run of the same batch.
//! A trial of the last kind, [`Kill::DuringResume`], kills the batch and then one to three
//! `--resume` runs of it by SIGKILL, and resumes it to its end (see [`Batch::resume_trial`]). A
//! trial of kind [`Kill::DuringAppend`] kills the appending of a large report to a results history
//! (see [`Batch::append_trial`]).
//!
//! After each trial: no input or reference changed; no temporary file is left (but by SIGKILL); the
//! JSON report is either the old one untouched or complete; the records kept (in the report, else
//! in its partial file) are a prefix of the uninterrupted run's, with the same statuses and outputs
//! (a file under way may be `interrupted` instead); every output file written is complete. After a
//! single signal, every file whose output was written has its record ("lost" otherwise).

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How a trial ends the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kill {
    /// One SIGINT.
    Interrupt,
    /// One SIGTERM.
    Terminate,
    /// SIGTERM, then another at once.
    TerminateTwice,
    /// SIGKILL.
    Kill,
    /// SIGKILL, then SIGKILL during `--resume` one to three times, then `--resume` to the end.
    #[value(name = "kill-during-resume")]
    DuringResume,
    /// SIGKILL while `history FILE.db import` appends a large report to a results history.
    #[value(name = "kill-during-append")]
    DuringAppend,
}

/// Every kind, in the order the tally counts them.
pub const KILLS: [Kill; 6] = [
    Kill::Interrupt,
    Kill::Terminate,
    Kill::TerminateTwice,
    Kill::Kill,
    Kill::DuringResume,
    Kill::DuringAppend,
];

/// The counts over all trials.
#[derive(Debug, Default)]
pub struct Tally {
    /// Trials run.
    pub trials: usize,
    /// Trials by kind, in the order of [`KILLS`].
    pub by_kill: [usize; 6],
    /// Records kept on disk over all trials (report or partial file).
    pub records_kept: usize,
    /// Of those, files recorded `interrupted`.
    pub interrupted: usize,
    /// Finished files (their output written) without a record after a single signal.
    pub lost: usize,
    /// What was found damaged, one line each (trial, what); the goal is none.
    pub damaged: Vec<String>,
    /// The trials of kind [`Kill::DuringResume`].
    pub resume: ResumeTally,
    /// The trials of kind [`Kill::DuringAppend`].
    pub append: AppendTally,
}

/// The counts of the trials that kill an append to a results history ([`Kill::DuringAppend`]).
#[derive(Debug, Default)]
pub struct AppendTally {
    /// Trials whose killed append left its run whole in the history.
    pub whole: usize,
    /// Trials whose killed append left no run.
    pub absent: usize,
}

/// The counts of the trials that kill `--resume` runs ([`Kill::DuringResume`]).
#[derive(Debug, Default)]
pub struct ResumeTally {
    /// Records finished (not `interrupted`) on disk after any kill of a trial, each file once.
    pub finished: usize,
    /// Of those, the ones the last `--resume` kept as they were.
    pub kept: usize,
    /// Of those, the ones it lost: solved again, or missing from its report (the goal is none).
    pub lost: usize,
    /// Lines of [`Tally::damaged`] from these trials.
    pub damaged: usize,
}

/// A file record as the trials compare it: the file, its status and its output.
type Kept = (String, String, String);

/// The batch every trial runs: its folder, the inputs and references as they were, and the
/// uninterrupted run's records (file, status, output) in path order.
pub struct Batch {
    dir: PathBuf,
    originals: BTreeMap<PathBuf, Vec<u8>>,
    expected: Vec<Kept>,
    wall: Duration,
    /// The uninterrupted run's JSON report.
    report: PathBuf,
    /// That report's records repeated to [`LARGE_REPORT`] records or more, and how many it holds.
    large: (PathBuf, usize),
    /// The wall time of importing the large report into a new history.
    import_wall: Duration,
}

/// The records of the report whose import a trial of kind [`Kill::DuringAppend`] kills.
const LARGE_REPORT: usize = 20_000;

/// The arguments of every run, from a folder beside `in/`.
const RUN: [&str; 13] = [
    "run",
    "../in",
    "--json",
    "r.jsonl",
    "--csv",
    "r.csv",
    "--out",
    "o",
    "--json-outputs",
    "-j",
    "2",
    "-q",
    "--color=never",
];

impl Batch {
    /// Makes `files` tournament inputs in `dir/in` with `bin gen` (every tenth with its reference),
    /// and runs them once uninterrupted.
    ///
    /// # Errors
    /// A file cannot be written, or the uninterrupted run fails.
    pub fn prepare(bin: &Path, dir: &Path, files: usize) -> io::Result<Batch> {
        let generated = Command::new(bin)
            .current_dir(dir)
            .args(["gen", "tournament", "--tables", "14", "--degree", "3", "--out", "in", "--count"])
            .arg(files.to_string())
            .output()?;
        if !generated.status.success() {
            return Err(io::Error::other(String::from_utf8_lossy(&generated.stderr).into_owned()));
        }
        let baseline = dir.join("baseline");
        let (_, records) = run_to_end(bin, &baseline)?;
        for (index, (file, _, output)) in records.iter().enumerate() {
            if index % 10 == 0 {
                fs::write(baseline.join(format!("{file}.expected")), output)?;
            }
        }
        fs::remove_dir_all(&baseline)?;
        let (wall, expected) = run_to_end(bin, &baseline)?;
        let mut originals = BTreeMap::new();
        for entry in fs::read_dir(dir.join("in"))? {
            let path = entry?.path();
            originals.insert(path.clone(), fs::read(&path)?);
        }
        let report = baseline.join("r.jsonl");
        let large = large_report(&report, &dir.join("large.jsonl"))?;
        let started = Instant::now();
        let imported = Command::new(bin)
            .current_dir(dir)
            .args(["history", "timing.db", "import"])
            .arg(&large.0)
            .output()?;
        if !imported.status.success() {
            return Err(io::Error::other(String::from_utf8_lossy(&imported.stderr).into_owned()));
        }
        let import_wall = started.elapsed();
        Ok(Batch { dir: dir.to_path_buf(), originals, expected, wall, report, large, import_wall })
    }

    /// Runs trial `index`: the kill and its moment drawn from `rng`; what is found wrong goes to the
    /// tally.
    ///
    /// # Errors
    /// The run cannot be started or its files read.
    pub fn trial(
        &self,
        bin: &Path,
        index: usize,
        kind: Option<Kill>,
        rng: &mut ChaCha8Rng,
        tally: &mut Tally,
    ) -> io::Result<()> {
        let kill = kind.unwrap_or_else(|| KILLS[rng.random_range(0..KILLS.len())]);
        let at = self.wall.mul_f64(rng.random_range(0.0..1.2));
        let work = self.dir.join(format!("trial-{index}"));
        fs::create_dir_all(&work)?;
        if kill == Kill::DuringAppend {
            tally.trials += 1;
            tally.by_kill[5] += 1;
            self.append_trial(bin, &work, index, rng, tally)?;
            return fs::remove_dir_all(&work);
        }
        if kill == Kill::DuringResume {
            tally.trials += 1;
            tally.by_kill[4] += 1;
            let before = tally.damaged.len();
            self.resume_trial(bin, &work, index, rng, tally)?;
            tally.resume.damaged += tally.damaged.len() - before;
            return fs::remove_dir_all(&work);
        }
        fs::write(work.join("r.jsonl"), "old\n")?;
        let mut child = Command::new(bin)
            .current_dir(&work)
            .args(RUN)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        std::thread::sleep(at);
        let pid = child.id() as libc::pid_t;
        // SAFETY: kill(2) on our own child, which is not reaped before `wait` below.
        let send = |signal| unsafe { libc::kill(pid, signal) };
        match kill {
            Kill::Interrupt => send(libc::SIGINT),
            Kill::Terminate => send(libc::SIGTERM),
            Kill::TerminateTwice => {
                send(libc::SIGTERM);
                send(libc::SIGTERM)
            }
            Kill::Kill | Kill::DuringResume | Kill::DuringAppend => send(libc::SIGKILL),
        };
        child.wait()?;
        tally.trials += 1;
        tally.by_kill[KILLS.iter().position(|k| *k == kill).expect("a kind")] += 1;
        let mut damage =
            |what: String| tally.damaged.push(format!("trial {index} ({kill:?} at {at:?}): {what}"));

        for (path, bytes) in &self.originals {
            if fs::read(path).ok().as_ref() != Some(bytes) {
                damage(format!("{} changed", path.display()));
            }
        }
        let leftovers = files_under(&work)?
            .into_iter()
            .filter(|path| {
                path.file_name().is_some_and(|name| name.to_string_lossy().starts_with(".solvebatch-"))
            })
            .count();
        if leftovers > 0 && kill != Kill::Kill {
            damage(format!("{leftovers} temporary files left"));
        }
        let report = fs::read_to_string(work.join("r.jsonl"))?;
        let (lines, complete) = if report == "old\n" {
            (fs::read_to_string(work.join("r.jsonl.partial")).unwrap_or_default(), false)
        } else {
            (report, true)
        };
        let mut kept = Vec::new();
        for (number, line) in lines.split_inclusive('\n').enumerate() {
            let Some(line) = line.strip_suffix('\n') else {
                damage(format!("line {} of the JSON records is torn", number + 1));
                break;
            };
            match parse_record(line) {
                Ok(Some(record)) => kept.push(record),
                Ok(None) => {}
                Err(error) => damage(format!("line {}: {error}", number + 1)),
            }
        }
        let summary_last = lines.lines().last().is_some_and(|line| line.contains(r#""type":"summary""#));
        if complete && !summary_last {
            damage("the JSON report is neither the old one nor complete".to_string());
        }
        for (position, (file, status, output)) in kept.iter().enumerate() {
            match self.expected.get(position) {
                Some((expected_file, _, _)) if expected_file != file => {
                    damage(format!("record {position} is {file}, not {expected_file}: not a prefix"))
                }
                Some(_) if status == "interrupted" => tally.interrupted += 1,
                Some((_, expected_status, expected_output)) => {
                    if status != expected_status || output != expected_output {
                        damage(format!(
                            "{file}: {status} differs from the uninterrupted run's {expected_status}"
                        ));
                    }
                }
                None => damage(format!("{file}: a record the uninterrupted run has not")),
            }
        }
        tally.records_kept += kept.len();
        for (file, _, output) in &self.expected {
            let written = work.join("o/__").join(file.trim_start_matches("../")).with_extension("csv.out");
            let Ok(text) = fs::read_to_string(&written) else { continue };
            if &text != output {
                damage(format!("{}: a half-written output", written.display()));
            }
            let single = matches!(kill, Kill::Interrupt | Kill::Terminate);
            if single && !kept.iter().any(|(kept_file, _, _)| kept_file == file) {
                tally.lost += 1;
            }
        }
        fs::remove_dir_all(&work)
    }
}

impl Batch {
    /// Runs a trial of kind [`Kill::DuringResume`] in `work`: the batch killed by SIGKILL at a random
    /// moment, then `--resume` killed so one to three times (each at a random moment within the
    /// batch's wall time), then `--resume` to its end. After each kill, the records finished are read
    /// from the report and its partial file; the last run must keep each one as it was (the same
    /// JSON line: not solved again), and write the report of an uninterrupted run. Damaged: an input
    /// changed, a torn line in the report, a last run that fails, a report that is not complete or
    /// whose records (file, status, output) are not the uninterrupted run's, an output missing or
    /// half-written.
    ///
    /// # Errors
    /// A run cannot be started or its files read.
    pub fn resume_trial(
        &self,
        bin: &Path,
        work: &Path,
        index: usize,
        rng: &mut ChaCha8Rng,
        tally: &mut Tally,
    ) -> io::Result<()> {
        let resumes = rng.random_range(1..=3);
        let mut finished: BTreeMap<String, String> = BTreeMap::new();
        let mut moments = Vec::new();
        let mut damaged = Vec::new();
        let resume_args: Vec<&str> = RUN.iter().copied().chain(["--resume"]).collect();
        for attempt in 0..=resumes {
            let at = self.wall.mul_f64(rng.random_range(0.0..1.0));
            moments.push(at);
            let args = if attempt == 0 { &RUN[..] } else { &resume_args[..] };
            let mut child = Command::new(bin)
                .current_dir(work)
                .args(args)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()?;
            std::thread::sleep(at);
            child.kill()?;
            child.wait()?;
            for (name, whole) in [("r.jsonl", true), ("r.jsonl.partial", false)] {
                let text = match fs::read_to_string(work.join(name)) {
                    Ok(text) => text,
                    Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
                    Err(error) => return Err(error),
                };
                for (number, line) in text.split_inclusive('\n').enumerate() {
                    let Some(line) = line.strip_suffix('\n') else {
                        if whole {
                            damaged.push(format!("after kill {attempt}: {name} line {} is torn", number + 1));
                        }
                        break;
                    };
                    let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
                        damaged.push(format!("after kill {attempt}: {name} line {} is no JSON", number + 1));
                        continue;
                    };
                    if value["type"] == "file" && value["status"] != "interrupted" {
                        let file = value["file"].as_str().unwrap_or_default().to_string();
                        finished.entry(file).or_insert_with(|| line.to_string());
                    }
                }
            }
        }
        let last = Command::new(bin).current_dir(work).args(&resume_args).stdout(Stdio::null()).output()?;
        if last.status.code().is_none_or(|code| code > 1) {
            damaged.push(format!(
                "the last --resume exited with {}: {}",
                last.status,
                String::from_utf8_lossy(&last.stderr).trim_end()
            ));
        }
        for (path, bytes) in &self.originals {
            if fs::read(path).ok().as_ref() != Some(bytes) {
                damaged.push(format!("{} changed", path.display()));
            }
        }
        let report = fs::read_to_string(work.join("r.jsonl")).unwrap_or_default();
        if !report.lines().last().is_some_and(|line| line.contains(r#""type":"summary""#)) {
            damaged.push("the report of the last --resume is not complete".to_string());
        }
        let lines: BTreeMap<String, &str> = report
            .lines()
            .filter_map(|line| {
                let value: serde_json::Value = serde_json::from_str(line).ok()?;
                (value["type"] == "file")
                    .then(|| (value["file"].as_str().unwrap_or_default().to_string(), line))
            })
            .collect();
        let records: Vec<Kept> =
            report.lines().filter_map(|line| parse_record(line).ok().flatten()).collect();
        if records != self.expected {
            let first = records.iter().zip(&self.expected).position(|(record, expected)| record != expected);
            damaged.push(format!(
                "the report holds {} records, not the uninterrupted run's {} (first difference at {first:?})",
                records.len(),
                self.expected.len()
            ));
        }
        for (file, line) in &finished {
            if lines.get(file) == Some(&line.as_str()) {
                tally.resume.kept += 1;
            } else {
                tally.resume.lost += 1;
            }
        }
        tally.resume.finished += finished.len();
        tally.records_kept += records.len();
        for (file, _, output) in &self.expected {
            let written = work.join("o/__").join(file.trim_start_matches("../")).with_extension("csv.out");
            match fs::read_to_string(&written) {
                Ok(text) if &text == output => {}
                Ok(_) => damaged.push(format!("{}: a half-written output", written.display())),
                Err(_) => damaged.push(format!("{}: no output", written.display())),
            }
        }
        for what in damaged {
            tally.damaged.push(format!("trial {index} (DuringResume, kills at {moments:?}): {what}"));
        }
        Ok(())
    }
}

impl Batch {
    /// Runs a trial of kind [`Kill::DuringAppend`] in `work`: the uninterrupted run's report
    /// imported into a new history (run 1), then the large report's import killed by SIGKILL at a
    /// random moment from the middle of its wall time to a tenth past its end, then the report
    /// imported once more. Damaged: a history
    /// that cannot be read or written after the kill, run 1 changed (its export is not the report),
    /// the killed run present but not whole (not every record), or the last import missing.
    ///
    /// # Errors
    /// A run cannot be started.
    pub fn append_trial(
        &self,
        bin: &Path,
        work: &Path,
        index: usize,
        rng: &mut ChaCha8Rng,
        tally: &mut Tally,
    ) -> io::Result<()> {
        // Reading the report takes the first part of the import, the append the rest: the kill
        // falls in the second half, or just after the end.
        let at = self.import_wall.mul_f64(rng.random_range(0.5..1.1));
        let mut damaged = Vec::new();
        let history = |args: &[&str]| {
            Command::new(bin).current_dir(work).arg("history").arg("h.db").args(args).output()
        };
        let report = self.report.to_string_lossy().into_owned();
        let first = history(&["import", &report])?;
        if !first.status.success() {
            return Err(io::Error::other(String::from_utf8_lossy(&first.stderr).into_owned()));
        }
        let mut child = Command::new(bin)
            .current_dir(work)
            .args(["history", "h.db", "import"])
            .arg(&self.large.0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        std::thread::sleep(at);
        child.kill()?;
        child.wait()?;
        let listed = history(&["--json", "-"])?;
        let runs: Vec<serde_json::Value> = String::from_utf8_lossy(&listed.stdout)
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect();
        if !listed.status.success() {
            damaged.push(format!(
                "the history cannot be read: {}",
                String::from_utf8_lossy(&listed.stderr).trim_end()
            ));
        }
        let records = |run: &serde_json::Value| {
            run["passed"].as_u64().unwrap_or(0) + run["failed"].as_u64().unwrap_or(0)
        };
        match runs.len() {
            1 => tally.append.absent += 1,
            2 if records(&runs[1]) == self.large.1 as u64 => tally.append.whole += 1,
            2 => damaged.push(format!(
                "the killed run holds {} records of {}",
                records(&runs[1]),
                self.large.1
            )),
            0 if !listed.status.success() => {}
            count => damaged.push(format!("{count} runs, not 1 or 2")),
        }
        let exported = history(&["export", "1"])?;
        if exported.stdout != fs::read(&self.report)? {
            damaged.push("run 1 is no longer the report it was imported from".to_string());
        }
        let last = history(&["import", &report])?;
        if !last.status.success() {
            damaged.push(format!(
                "the history cannot be written: {}",
                String::from_utf8_lossy(&last.stderr).trim_end()
            ));
        }
        for what in damaged {
            tally.damaged.push(format!("trial {index} (DuringAppend at {at:?}): {what}"));
        }
        Ok(())
    }
}

/// Writes to `large` the report at `report` with its records repeated until it holds
/// [`LARGE_REPORT`] or more, and returns its path and record count.
fn large_report(report: &Path, large: &Path) -> io::Result<(PathBuf, usize)> {
    let text = fs::read_to_string(report)?;
    let lines: Vec<&str> = text.lines().collect();
    let (first, rest) = lines.split_first().ok_or_else(|| io::Error::other("an empty report"))?;
    let (summary, records) = rest.split_last().ok_or_else(|| io::Error::other("a report without records"))?;
    let copies = LARGE_REPORT.div_ceil(records.len().max(1));
    let mut out = format!("{first}\n");
    for _ in 0..copies {
        for record in records {
            out.push_str(record);
            out.push('\n');
        }
    }
    out.push_str(summary);
    out.push('\n');
    fs::write(large, out)?;
    Ok((large.to_path_buf(), copies * records.len()))
}

/// Runs the batch uninterrupted in `work`: its wall time and its records.
fn run_to_end(bin: &Path, work: &Path) -> io::Result<(Duration, Vec<Kept>)> {
    fs::create_dir_all(work)?;
    let started = Instant::now();
    let status = Command::new(bin).current_dir(work).args(RUN).stdout(Stdio::null()).status()?;
    let wall = started.elapsed();
    if status.code().is_none_or(|code| code > 1) {
        return Err(io::Error::other(format!("the uninterrupted run exited with {status}")));
    }
    let text = fs::read_to_string(work.join("r.jsonl"))?;
    let records = text.lines().filter_map(|line| parse_record(line).transpose()).collect::<Result<_, _>>()?;
    Ok((wall, records))
}

/// A file record's file, status and output; `None` for the summary.
fn parse_record(line: &str) -> io::Result<Option<Kept>> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(io::Error::other)?;
    if value["type"] != "file" {
        return Ok(None);
    }
    let field = |name: &str| value[name].as_str().unwrap_or_default().to_string();
    Ok(Some((field("file"), field("status"), field("output"))))
}

fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(folder)? {
            let entry = entry?;
            if entry.file_type()?.is_dir() {
                folders.push(entry.path());
            } else {
                found.push(entry.path());
            }
        }
    }
    Ok(found)
}

/// Runs `trials` trials on a batch of `files` inputs in a temporary folder, seeded by `seed`: each of
/// the kind `kind`, or of a kind drawn at random.
///
/// # Errors
/// The batch cannot be prepared or a run started.
pub fn faults(bin: &Path, trials: usize, files: usize, seed: u64, kind: Option<Kill>) -> io::Result<Tally> {
    let dir = tempfile::tempdir()?;
    let batch = Batch::prepare(bin, dir.path(), files)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tally = Tally::default();
    for index in 0..trials {
        batch.trial(bin, index, kind, &mut rng, &mut tally)?;
    }
    Ok(tally)
}
