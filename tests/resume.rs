//! `run --resume` and `--rerun-failing`: a batch killed by SIGKILL resumes into the report one
//! uninterrupted run writes, solving only the files it had not finished; reports of other options,
//! shards or inputs are refused.

use crate::common::{mkfifo, output_in, setup, text};

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

/// A tournament input of `tables` tables, each a pairing of its own two players.
fn tables(tables: usize) -> String {
    let mut text = format!("{tables}\n");
    for table in 0..tables {
        text.push_str(&format!("{},{},{table}\n", 2 * table, 2 * table + 1));
    }
    text
}

/// 100 files in `a/`, `b.csv`, 99 files in `c/`: 200 inputs, every fifth with its reference.
fn batch() -> tempfile::TempDir {
    let (dir, _) = setup(&[]);
    for (folder, count) in [("a", 100), ("c", 99)] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        for index in 0..count {
            let path = dir.path().join(format!("{folder}/f{index:03}.csv"));
            std::fs::write(&path, tables(index % 4 + 1)).unwrap();
            if index % 5 == 0 {
                let reference = (0..index % 4 + 1)
                    .map(|table| format!("Table {table}: {} vs. {}\n", 2 * table, 2 * table + 1));
                std::fs::write(path.with_extension("csv.expected"), reference.collect::<String>()).unwrap();
            }
        }
    }
    dir
}

/// The lines of the JSON report at `path`, parsed.
fn json_lines(path: &Path) -> Vec<Value> {
    crate::common::run_report_lines(&std::fs::read_to_string(path).unwrap())
}

/// A record without its times: what two runs of one batch share.
fn timeless(mut line: Value) -> Value {
    for field in ["ms", "min_ms", "max_ms", "cpu_ms", "wall_ms", "solve_ms", "median_ms", "resumed"] {
        line.as_object_mut().unwrap().remove(field);
    }
    line
}

/// Waits until the file at `path` holds `count` whole lines.
fn wait_for_lines(path: &Path, count: usize) {
    let started = Instant::now();
    while std::fs::read_to_string(path).map_or(0, |text| text.matches('\n').count()) < count {
        assert!(started.elapsed() < Duration::from_secs(20), "{} never held {count} lines", path.display());
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The batch, on one worker, is held at `b.csv` (a FIFO nobody writes) once the 100 files of `a/`
/// are written; the test then kills it. The resumed run (`b.csv` now a file) solves only the other
/// 100 files and writes the report of one uninterrupted run.
#[test]
fn a_killed_batch_resumes_into_the_report_of_one_run() {
    let dir = batch();
    let path = |name: &str| dir.path().join(name);
    mkfifo(&path("b.csv"));
    let args = ["run", "a", "b.csv", "c", "--json", "r.jsonl", "-j", "1"];
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_solvebatch"))
        .current_dir(dir.path())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The `run` line, then the 100 records of `a/`.
    wait_for_lines(&path("r.jsonl.partial"), 101);
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = std::fs::read_to_string(path("r.jsonl.partial")).unwrap();
    assert_eq!(partial.lines().count(), 101, "held at b.csv");
    // The partial file has no summary, but its first line says the options it was run with.
    let other = output_in(dir.path(), &[&args[..], &["--resume", "--seed", "7"]].concat());
    assert_eq!(
        (other.status.code(), text(&other.stderr).as_str()),
        (
            Some(2),
            "error: r.jsonl.partial was run with other options than this run: seed 7, not 0; run without \
             resuming to start again\n"
        )
    );
    assert_eq!(std::fs::read_to_string(path("r.jsonl.partial")).unwrap(), partial, "left as it was");
    // A kill may cut a line mid-way: a resumed report leaves such a last line out.
    std::fs::write(path("r.jsonl.partial"), format!("{partial}{{\"type\":\"file\",\"file\":\"b.c")).unwrap();
    std::fs::remove_file(path("b.csv")).unwrap();
    std::fs::write(path("b.csv"), tables(2)).unwrap();

    let resumed = output_in(dir.path(), &[&args[..], &["--resume"]].concat());
    let whole = output_in(dir.path(), &["run", "a", "b.csv", "c", "--json", "whole.jsonl"]);
    assert_eq!(resumed.status.code(), whole.status.code());
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(
        text(&resumed.stderr),
        "note: r.jsonl.partial line 102 is cut off (the report was stopped while writing it); it is left out\n"
    );
    assert!(!path("r.jsonl.partial").exists());
    let report = std::fs::read_to_string(path("r.jsonl")).unwrap();
    // The records kept are those of the killed run, times and all: their files were not solved again.
    assert!(report.starts_with(&partial), "the first 100 records are the killed run's");
    let (lines, single) = (json_lines(&path("r.jsonl")), json_lines(&path("whole.jsonl")));
    assert_eq!(lines.len(), 201);
    let summary = lines.last().unwrap();
    assert_eq!((summary["resumed"].as_u64(), summary["files"].as_u64()), (Some(100), Some(200)));
    assert_eq!(summary["statuses"]["solved"], 200);
    assert_eq!(summary["verdicts"]["same"], 40);
    assert_eq!(
        lines.into_iter().map(timeless).collect::<Vec<_>>(),
        single.into_iter().map(timeless).collect::<Vec<_>>(),
        "rows, verdicts, hashes and summary as one run's, times aside"
    );
    let stdout = text(&resumed.stdout);
    assert!(stdout.contains("\nresumed: 100 files kept from the earlier report, 100 solved\n"), "{stdout}");

    // A finished report resumes too: only the files whose input or reference changed are solved.
    std::fs::write(path("c/f000.csv.expected"), "Table 0: 1 vs. 0\n").unwrap();
    std::fs::write(path("a/f001.csv"), tables(3)).unwrap();
    let again = output_in(dir.path(), &[&args[..], &["--resume"]].concat());
    assert_eq!(again.status.code(), Some(1), "c/f000.csv differs now");
    let lines = json_lines(&path("r.jsonl"));
    assert_eq!(lines.last().unwrap()["resumed"], 198);
    let record = |file: &str| lines.iter().find(|line| line["file"] == file).unwrap().clone();
    assert_eq!(record("c/f000.csv")["verdict"], "differs");
    let hash = format!("{:032x}", xxhash_rust::xxh3::xxh3_128(tables(3).as_bytes()));
    assert_eq!(record("a/f001.csv")["input_hash"], hash.as_str(), "solved again");
}

#[test]
fn reports_of_other_options_shards_or_inputs_are_refused() {
    let dir = batch();
    let run = |args: &[&str]| output_in(dir.path(), &[&["run", "a", "--json", "r.jsonl"], args].concat());
    assert_eq!(run(&[]).status.code(), Some(0));
    let refused = |args: &[&str], message: &str| {
        let output = run(args);
        assert_eq!(
            (output.status.code(), text(&output.stderr)),
            (Some(2), format!("error: {message}\n")),
            "{args:?}"
        );
    };
    refused(
        &["--resume", "--seed", "7"],
        "r.jsonl was run with other options than this run: seed 7, not 0; run without resuming to start again",
    );
    refused(
        &["--resume", "--solver", "dlx"],
        "r.jsonl was run with other options than this run: solver \"dlx\", not null; run without resuming to start again",
    );
    refused(&["--resume", "--shard", "1/2"], "r.jsonl is the whole batch, this run shard 1/2");
    std::fs::write(dir.path().join("a/f050a.csv"), tables(1)).unwrap();
    refused(
        &["--resume"],
        "r.jsonl was run on other inputs than this run: 101 inputs, not 100 (first difference: a/f050a.csv is not in r.jsonl)",
    );
    std::fs::remove_file(dir.path().join("a/f050a.csv")).unwrap();
    let missing = output_in(dir.path(), &["run", "a", "--resume"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("--json <FILE>"), "{}", text(&missing.stderr));
    let device = output_in(dir.path(), &["run", "a", "--json", "/dev/null", "--resume"]);
    assert_eq!(
        (device.status.code(), text(&device.stderr)),
        (
            Some(2),
            "error: --resume reads the --json report back, and /dev/null is not a regular file\n".to_string()
        )
    );
    refused(&["--resume", "--json-outputs"], "r.jsonl was run with other options than this run: json_outputs true, not false; run without resuming to start again");

    let review = output_in(dir.path(), &["review", "a", "--json", "r.jsonl", "--resume"]);
    assert_eq!(
        (review.status.code(), text(&review.stderr)),
        (
            Some(2),
            "error: review does not take --resume, --rerun-failing or --baseline (review judges every file itself)\n"
                .to_string()
        )
    );

    // Without its summary (a kill), the records themselves are checked.
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let records: String = report
        .lines()
        .filter(|line| line.contains("\"type\":\"file\""))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(dir.path().join("r.jsonl.partial"), &records).unwrap();
    refused(
        &["--resume", "--solver", "dlx"],
        "r.jsonl.partial line 1: a/f000.csv was solved by backtrack, this run uses dlx (--solver)",
    );
    // The partial file became the report: whatever this run does, its records are not lost.
    assert!(!dir.path().join("r.jsonl.partial").exists());
    assert_eq!(std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap(), records);
    let output = output_in(dir.path(), &["run", "a/f001.csv", "a/f002.csv", "--json", "r.jsonl", "--resume"]);
    assert_eq!(
        (output.status.code(), text(&output.stderr)),
        (Some(2), "error: r.jsonl line 1: a/f000.csv is not an input of this run\n".to_string())
    );
}

#[test]
fn rerun_failing_solves_only_the_files_not_as_expected() {
    let dir = batch();
    let path = |name: &str| dir.path().join(name);
    std::fs::write(path("a/bad.csv"), "x\n").unwrap();
    std::fs::write(path("a/f005.csv.expected"), "Table 0: 1 vs. 0\n").unwrap();
    assert_eq!(output_in(dir.path(), &["run", "a", "--json", "r.jsonl"]).status.code(), Some(1));
    std::fs::write(path("a/f005.csv.expected"), "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n").unwrap();
    let summary_lines = |args: &[&str]| {
        let output = output_in(dir.path(), &[&["run", "a", "-q"], args].concat());
        (output.status.code(), text(&output.stdout).lines().skip(1).map(String::from).collect::<Vec<_>>())
    };
    // The invalid file and the one that differed are solved again; the invalid one still fails.
    assert_eq!(
        summary_lines(&["--rerun-failing", "r.jsonl", "--json", "r2.jsonl"]),
        (
            Some(1),
            vec![
                "resumed: 99 files kept from the earlier report, 2 solved".to_string(),
                "not as expected: a/bad.csv".to_string()
            ]
        )
    );
    let lines = json_lines(&path("r2.jsonl"));
    assert_eq!(lines.iter().find(|line| line["file"] == "a/f005.csv").unwrap()["verdict"], "same");
    // Resuming keeps every record that still holds, failing or not: only the changed reference's
    // file is solved again.
    assert_eq!(
        summary_lines(&["--json", "r.jsonl", "--resume"]).1[0],
        "resumed: 100 files kept from the earlier report, 1 solved"
    );
}

#[test]
fn each_shard_resumes_its_own_report_and_they_merge() {
    let dir = batch();
    for share in ["1/2", "2/2"] {
        let report = format!("s{}.jsonl", &share[..1]);
        let args = ["run", "a", "c", "--shard", share, "--json", &report];
        assert_eq!(output_in(dir.path(), &args).status.code(), Some(0));
        let resumed = output_in(dir.path(), &[&args[..], &["--resume"]].concat());
        assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
        let summary = json_lines(&dir.path().join(&report)).pop().unwrap();
        assert_eq!(summary["resumed"], summary["files"], "every record kept");
    }
    let wrong = output_in(dir.path(), &["run", "a", "c", "--shard", "2/2", "--json", "s1.jsonl", "--resume"]);
    assert_eq!(text(&wrong.stderr), "error: s1.jsonl is shard 1/2, this run shard 2/2\n");
    let merged = output_in(dir.path(), &["merge", "s1.jsonl", "s2.jsonl", "--json", "m.jsonl"]);
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged.stderr));
    let merged = json_lines(&dir.path().join("m.jsonl"));
    assert_eq!(merged.len(), 200);
    assert!(
        merged[..199].iter().all(|record| record["input_hash"].as_str().map(str::len) == Some(32)),
        "merge keeps the hashes"
    );
}

/// Starts `solvebatch ARGS` in `dir`, its output thrown away.
fn spawn_in(dir: &Path, args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_solvebatch"))
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Opens the FIFO at `path` for writing once a process opened it for reading, so that the reader
/// waits for bytes (and not for a writer) while the file returned is open.
fn wait_for_reader(path: &Path) -> std::fs::File {
    use std::os::unix::fs::OpenOptionsExt;
    let started = Instant::now();
    loop {
        match std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(path) {
            Ok(file) => return file,
            Err(error) if error.raw_os_error() == Some(libc::ENXIO) => {
                assert!(started.elapsed() < Duration::from_secs(20), "{} never read", path.display());
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(error) => panic!("{}: {error}", path.display()),
        }
    }
}

/// Item 6 of issue 37: a kill during `--resume` leaves the report (the records of the run killed
/// before) and a new partial file holding only what the resumed run wrote so far; the next `--resume`
/// keeps the records of both (it kept only the partial file's: 1 of 100 here), however many times
/// that happens. Each resumed run is held at `a/f001.csv`, whose reference is a FIFO nobody writes,
/// once it has written the record of `a/f000.csv`.
#[test]
fn resume_keeps_every_finished_record_however_often_it_is_interrupted() {
    let dir = batch();
    let path = |name: &str| dir.path().join(name);
    mkfifo(&path("b.csv"));
    let args = ["run", "a", "b.csv", "c", "--json", "r.jsonl", "-j", "1"];
    let mut child = spawn_in(dir.path(), &args);
    wait_for_lines(&path("r.jsonl.partial"), 101);
    child.kill().unwrap();
    child.wait().unwrap();
    let first = std::fs::read_to_string(path("r.jsonl.partial")).unwrap();
    assert_eq!(first.lines().count(), 101, "the run line and the 100 records of a/");

    mkfifo(&path("a/f001.csv.expected"));
    let resume = [&args[..], &["--resume"]].concat();
    for kill in 1..=2 {
        let mut child = spawn_in(dir.path(), &resume);
        // Once the run reads the FIFO, it took the partial file over and made its own, where the
        // record of a/f000.csv comes.
        let writer = wait_for_reader(&path("a/f001.csv.expected"));
        wait_for_lines(&path("r.jsonl.partial"), 2);
        child.kill().unwrap();
        child.wait().unwrap();
        drop(writer);
        let report = std::fs::read_to_string(path("r.jsonl")).unwrap();
        assert_eq!(report.lines().count(), 101, "kill {kind}: the report holds every record", kind = kill);
        assert_eq!(std::fs::read_to_string(path("r.jsonl.partial")).unwrap().lines().count(), 2);
    }

    std::fs::remove_file(path("a/f001.csv.expected")).unwrap();
    std::fs::remove_file(path("b.csv")).unwrap();
    std::fs::write(path("b.csv"), tables(2)).unwrap();
    let resumed = output_in(dir.path(), &[&resume[..], &["-q"]].concat());
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(
        text(&resumed.stdout).lines().nth(1),
        Some("resumed: 100 files kept from the earlier report, 100 solved")
    );
    assert!(!path("r.jsonl.partial").exists());
    let report = std::fs::read_to_string(path("r.jsonl")).unwrap();
    // The records of a/ are the first run's, times and all.
    assert!(report.starts_with(&first), "the first 100 records are the first run's");
    let whole = output_in(dir.path(), &["run", "a", "b.csv", "c", "--json", "whole.jsonl"]);
    assert_eq!(whole.status.code(), Some(0));
    assert_eq!(
        json_lines(&path("r.jsonl")).into_iter().map(timeless).collect::<Vec<_>>(),
        json_lines(&path("whole.jsonl")).into_iter().map(timeless).collect::<Vec<_>>(),
    );
}

/// Issue 36, item 4: a run that would start over the partial file a stopped run left names
/// `--resume`, the option that keeps its records; with it, the run goes on.
#[test]
fn a_run_over_a_left_partial_file_names_resume() {
    let dir = batch();
    let record = output_in(dir.path(), &["run", "a/f000.csv", "--json", "-"]);
    std::fs::write(
        dir.path().join("r.jsonl.partial"),
        text(&record.stdout).lines().take(2).collect::<Vec<_>>().join("\n") + "\n",
    )
    .unwrap();
    let refused = output_in(dir.path(), &["run", "a/f000.csv", "--json", "r.jsonl"]);
    assert_eq!(
        (refused.status.code(), text(&refused.stderr).as_str()),
        (
            Some(2),
            "error: r.jsonl.partial: left by a run that was stopped before its end; run again with --resume \
             to keep its records and solve only the other files, or move it away or remove it\n"
        )
    );
    let resumed = output_in(dir.path(), &["run", "a/f000.csv", "--json", "r.jsonl", "--resume", "-q"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(
        text(&resumed.stdout).lines().nth(1),
        Some("resumed: 1 file kept from the earlier report, 0 solved")
    );
}
