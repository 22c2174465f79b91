//! Where outputs go: standard output, FIFOs, devices, links, full devices and closed pipes; temporary
//! files on Ctrl-C and SIGTERM; `--out` folders; completions and the manual page.

mod common;
use common::{hard_instance, setup};

use std::fs;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde_json::Value;
use tempfile::TempDir;

const BINARY: &str = env!("CARGO_BIN_EXE_solvebatch");

const ONE_TABLE: &str = "1\n0,1,0\n";
const ONE_TABLE_ROUND: &str = "Table 0: 0 vs. 1\n";
/// Two tables, each player in two pairings.
const TWO_TABLES: &str = "2\n0,1,1\n1,2,0\n3,0,1\n2,3,0\n";
const TWO_TABLES_ROUND: &str = "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n";
/// The example game of the tic-tac-toe spec.
const GAME: &str = "3 8\nX 0 0\n0 0 3\nX 0 1\n0 0 4\nX 0 2\n0 0 5\n0 0 0\nX 0 0\n";

/// A `solvebatch` command run in `dir`, as [`setup`] makes them.
fn command_in(dir: &Path) -> assert_cmd::Command {
    let (_empty, mut command) = setup(&[]);
    command.current_dir(dir);
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The device number and inode of `path`, links followed.
fn identity(path: &Path) -> (u64, u64) {
    let metadata = fs::metadata(path).unwrap();
    (metadata.dev(), metadata.ino())
}

/// Every `.solvebatch-*.tmp` file under `dir`.
fn temporary_files(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy();
            name.starts_with(".solvebatch-") && name.ends_with(".tmp")
        })
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// A pipe whose reading end is already closed, as standard output: every write fails with `EPIPE`.
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // Close-on-exec, so that no child started meanwhile by another test inherits the reading end.
    assert_eq!(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, 0);
    unsafe {
        libc::close(fds[0]);
        Stdio::from(OwnedFd::from_raw_fd(fds[1]))
    }
}

#[test]
fn emit_cnf_to_standard_output_is_dimacs_and_the_counts_go_to_standard_error() {
    let (_dir, mut command) = setup(&[("two.csv", TWO_TABLES)]);
    let output = command.args(["tournament", "two.csv", "--emit-cnf", "-"]).output().unwrap();
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..7],
        [
            "c tournament round: variable k is true when the k-th pairing (file order) is played",
            "c variables past 4 are sequential-counter auxiliaries",
            "c 1 = 0,1,1",
            "c 2 = 1,2,0",
            "c 3 = 3,0,1",
            "c 4 = 2,3,0",
            "p cnf 4 12",
        ]
    );
    // Exactly one pairing per table and per player: at least one, and no two.
    assert_eq!(
        lines[7..],
        [
            "2 4 0", "-2 -4 0", "1 3 0", "-1 -3 0", "1 3 0", "-1 -3 0", "1 2 0", "-1 -2 0", "2 4 0",
            "-2 -4 0", "3 4 0", "-3 -4 0",
        ]
    );
    assert_eq!(text(&output.stderr), "-: 4 variables, 12 clauses\n");
}

#[test]
fn a_fifo_report_is_written_into_while_it_is_read() {
    let (dir, mut command) = setup(&[("x.csv", ONE_TABLE)]);
    let fifo = dir.path().join("fifo");
    let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
    let (send, receive) = std::sync::mpsc::channel();
    let reader_path = fifo.clone();
    std::thread::spawn(move || send.send(fs::read_to_string(reader_path)));
    command
        .args(["run", "x.csv", "--json", "fifo"])
        .timeout(Duration::from_secs(10))
        .assert()
        .success()
        .stdout(predicate::str::contains("| x.csv | tournament | backtrack | solved |"));
    let read = match receive.recv_timeout(Duration::from_secs(5)) {
        Ok(read) => read.unwrap(),
        Err(_) => {
            // Unblock the reader before failing: it waits for a writer that never came.
            drop(fs::OpenOptions::new().write(true).open(&fifo));
            panic!("the FIFO was never written");
        }
    };
    let lines: Vec<Value> = read.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 2, "{read}");
    assert_eq!(
        (&lines[0]["type"], &lines[0]["file"], &lines[0]["status"]),
        (&"file".into(), &"x.csv".into(), &"solved".into())
    );
    assert_eq!(lines[1]["type"], "summary");
    assert_eq!(lines[1]["files"], 1);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "still a FIFO");
    assert!(temporary_files(dir.path()).is_empty());
}

#[test]
fn a_character_device_report_stays_a_device() {
    let (dir, mut command) = setup(&[("x.csv", ONE_TABLE)]);
    let device = dir.path().join("null");
    let made = std::process::Command::new("mknod").arg(&device).args(["c", "1", "3"]).output().unwrap();
    if !made.status.success() {
        println!("skipped: mknod could not make a device here: {}", text(&made.stderr).trim());
        return;
    }
    if let Err(error) = fs::OpenOptions::new().write(true).open(&device) {
        println!("skipped: the device made by mknod cannot be opened here: {error}");
        return;
    }
    let before = identity(&device);
    command.args(["run", "x.csv", "--csv", "null"]).assert().success();
    let metadata = fs::symlink_metadata(&device).unwrap();
    assert!(metadata.file_type().is_char_device(), "still a character device");
    assert_eq!(metadata.rdev(), libc::makedev(1, 3));
    assert_eq!(identity(&device), before, "the same device node");
    assert!(temporary_files(dir.path()).is_empty());
}

#[test]
fn dev_null_stays_a_device_for_reports_outputs_and_saved_rounds() {
    let null = Path::new("/dev/null");
    let before = (identity(null), fs::metadata(null).unwrap().rdev());
    let (dir, mut run) = setup(&[("x.csv", ONE_TABLE), ("game.in", GAME)]);
    run.args(["run", "x.csv", "--json", "/dev/null"]).assert().success();
    command_in(dir.path()).args(["tictactoe", "game.in", "-o", "/dev/null"]).assert().success().stdout("");
    command_in(dir.path())
        .args(["tournament", "x.csv", "--save", "/dev/null"])
        .assert()
        .success()
        .stdout(ONE_TABLE_ROUND);
    let metadata = fs::metadata(null).unwrap();
    assert!(metadata.file_type().is_char_device());
    assert_eq!((identity(null), metadata.rdev()), before);
}

#[test]
fn a_link_to_a_regular_file_is_followed_and_stays_a_link() {
    let (dir, mut command) = setup(&[("x.csv", ONE_TABLE), ("reports/target.jsonl", "old\n")]);
    std::os::unix::fs::symlink("reports/target.jsonl", dir.path().join("link.jsonl")).unwrap();
    command.args(["run", "x.csv", "--json", "link.jsonl"]).assert().success();
    let link = dir.path().join("link.jsonl");
    assert!(fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "still a link");
    assert_eq!(fs::read_link(&link).unwrap(), Path::new("reports/target.jsonl"));
    let written = fs::read_to_string(dir.path().join("reports/target.jsonl")).unwrap();
    assert!(written.starts_with(r#"{"type":"file","file":"x.csv","#), "{written}");
    assert_eq!(written.lines().count(), 2);
    assert!(temporary_files(dir.path()).is_empty());
}

#[test]
fn a_transcript_to_dev_stdout_goes_into_the_file_standard_output_is_redirected_to() {
    let (dir, _) = setup(&[("secrets.txt", "12 34\n")]);
    let path = dir.path().join("out.txt");
    let file = fs::File::create(&path).unwrap();
    let before = identity(&path);
    let status = std::process::Command::new(BINARY)
        .current_dir(dir.path())
        .args([
            "guess",
            "simulate",
            "--digits",
            "2",
            "--secrets",
            "secrets.txt",
            "--transcript",
            "/dev/stdout",
        ])
        .stdout(file)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(identity(&path), before, "the same file, not one renamed over it");
    let written = fs::read_to_string(&path).unwrap();
    assert!(
        written.starts_with("12 10 11 12\n34 10 21 32 33 34\nstrategy first, 2 digits, 2 secrets\n"),
        "the transcript, then the simulation:\n{written}"
    );
    assert!(written.contains("\nworst case: 5 guesses (34)\n"), "{written}");
    assert!(temporary_files(dir.path()).is_empty());
}

#[test]
fn saving_to_a_full_device_fails_and_names_it() {
    let (_dir, mut command) = setup(&[("x.csv", ONE_TABLE)]);
    command
        .args(["tournament", "x.csv", "--save", "/dev/full"])
        .assert()
        .code(1)
        .stdout(ONE_TABLE_ROUND)
        .stderr("error: /dev/full: cannot write: No space left on device (os error 28)\n");
}

#[test]
fn a_report_to_a_full_device_fails_and_names_it() {
    for option in ["--json", "--csv", "--markdown"] {
        let (_dir, mut command) = setup(&[("x.csv", ONE_TABLE)]);
        command.args(["run", "x.csv", "-q", option, "/dev/full"]).assert().code(1).stderr(
            predicate::str::ends_with(
                "error: /dev/full: cannot write: No space left on device (os error 28)\n",
            ),
        );
    }
}

#[test]
fn a_closed_pipe_ends_a_report_quietly() {
    let many_tables: String = std::iter::once("100".to_string())
        .chain((0..100).map(|table| format!("{},{},{table}", 2 * table, 2 * table + 1)))
        .map(|line| line + "\n")
        .collect();
    let (dir, _) = setup(&[("x.csv", ONE_TABLE), ("many.csv", &many_tables)]);
    let runs: [&[&str]; 5] = [
        &["run", "x.csv"],
        &["run", "x.csv", "--json", "-"],
        // A record longer than standard output's buffer.
        &["run", "many.csv", "--json", "-", "--json-outputs"],
        &["run", "x.csv", "--csv", "-"],
        &["run", "x.csv", "--markdown", "-"],
    ];
    for args in runs {
        let output = std::process::Command::new(BINARY)
            .current_dir(dir.path())
            .args(args)
            .env_remove("COLUMNS")
            .stdout(closed_pipe())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("error") && !stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn completions_into_a_closed_pipe_do_not_panic() {
    let output = std::process::Command::new("sh")
        .arg("-c")
        .arg("\"$0\" completions bash | head -1")
        .arg(BINARY)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(text(&output.stdout), "_solvebatch() {\n");
    assert_eq!(text(&output.stderr), "");

    let output = std::process::Command::new(BINARY)
        .args(["completions", "bash"])
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stderr), "");
}

#[test]
fn man_prints_a_roff_page() {
    let output = std::process::Command::new(BINARY).arg("man").output().unwrap();
    assert!(output.status.success());
    let page = text(&output.stdout);
    // clap_mangen opens with two lines that define the `Aq` string for groff and other roffs.
    let mut requests = page.lines().skip_while(|line| line.starts_with(".ie ") || line.starts_with(".el "));
    let title = requests.next().unwrap();
    assert_eq!(title.split_whitespace().take(3).collect::<Vec<_>>(), [".TH", "solvebatch", "1"], "{title}");
    assert!(title.contains(&format!("\"solvebatch {}\"", env!("CARGO_PKG_VERSION"))), "{title}");
    assert!(page.contains("\n.SH NAME\nsolvebatch \\- "), "{page}");
    assert!(page.contains("\n.SH SUBCOMMANDS\n"), "{page}");
}

#[test]
fn man_prints_the_page_of_a_command_with_its_options() {
    let output = std::process::Command::new(BINARY).args(["man", "run"]).output().unwrap();
    assert!(output.status.success());
    let page = text(&output.stdout);
    assert!(
        page.contains(&format!("\n.TH solvebatch-run 1  \"run {}\"", env!("CARGO_PKG_VERSION"))),
        "{page}"
    );
    assert!(page.contains("\\-\\-strict"), "the options are listed: {page}");
    let unknown = std::process::Command::new(BINARY).args(["man", "chess"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).starts_with("error: no command is called `chess`; the commands are run, "));
}

/// A batch that takes a while: one quick file, then hard ones stopped after `timeout` seconds each,
/// one at a time, with outputs and two reports.
fn slow_batch(timeout: &str) -> (TempDir, Child) {
    let hard = hard_instance();
    let mut files = vec![("in/a.csv".to_string(), ONE_TABLE.to_string())];
    files.extend((0..6).map(|index| (format!("in/h{index}.csv"), hard.clone())));
    let files: Vec<(&str, &str)> = files.iter().map(|(name, text)| (name.as_str(), text.as_str())).collect();
    let (dir, _) = setup(&files);
    let child = std::process::Command::new(BINARY)
        .current_dir(dir.path())
        .args([
            "run",
            "in",
            "--out",
            "o",
            "--json",
            "r.jsonl",
            "--csv",
            "r.csv",
            "-j",
            "1",
            "--timeout",
            timeout,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first record in the JSON report's temporary file: the batch is under way.
    let started = Instant::now();
    loop {
        let written = temporary_files(dir.path())
            .iter()
            .any(|path| fs::read_to_string(path).is_ok_and(|text| text.contains(r#""type":"file""#)));
        if written {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "the batch never wrote its first record");
        std::thread::sleep(Duration::from_millis(5));
    }
    (dir, child)
}

fn signal(child: &Child, signal: libc::c_int) {
    assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
}

/// Waits for `child` at most `limit`, killing it past that.
fn wait(mut child: Child, limit: Duration) -> std::process::Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// One signal during a batch: the files under way finish, the reports close with a summary marked
/// interrupted, and no temporary file is left.
fn one_signal_closes_the_reports(signal_number: libc::c_int) {
    let (dir, child) = slow_batch("0.3");
    signal(&child, signal_number);
    let output = wait(child, Duration::from_secs(10));
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("interrupted: finishing the files under way"), "{stderr}");
    assert_eq!(temporary_files(dir.path()), Vec::<PathBuf>::new());

    let json = fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let lines: Vec<Value> = json.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let summary = lines.last().unwrap();
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["interrupted"], true);
    assert_eq!(summary["exit_code"], 1);
    let files = summary["files"].as_u64().unwrap() as usize;
    assert_eq!(lines.len(), files + 1, "one record per file solved, then the summary");
    assert!((1..7).contains(&files), "stopped before the 7 files: {files}");
    assert_eq!(lines[0]["file"], "in/a.csv");
    assert_eq!(lines[0]["status"], "solved");
    assert!(lines[1..files].iter().all(|record| record["status"] == "timeout"));

    let csv = fs::read_to_string(dir.path().join("r.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + files, "the header and one row per file solved:\n{csv}");
    assert_eq!(fs::read_to_string(dir.path().join("o/in/a.csv.out")).unwrap(), ONE_TABLE_ROUND);
}

#[test]
fn ctrl_c_closes_the_reports_and_leaves_no_temporary_file() {
    one_signal_closes_the_reports(libc::SIGINT);
}

#[test]
fn sigterm_closes_the_reports_and_leaves_no_temporary_file() {
    one_signal_closes_the_reports(libc::SIGTERM);
}

#[test]
fn sighup_closes_the_reports_and_leaves_no_temporary_file() {
    one_signal_closes_the_reports(libc::SIGHUP);
}

#[test]
fn a_second_ctrl_c_stops_at_once_and_removes_the_temporary_files() {
    let (dir, child) = slow_batch("20");
    let started = Instant::now();
    signal(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(200));
    signal(&child, libc::SIGINT);
    let output = wait(child, Duration::from_secs(10));
    assert!(started.elapsed() < Duration::from_secs(5), "did not wait for the file under way");
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    assert_eq!(temporary_files(dir.path()), Vec::<PathBuf>::new());
    assert!(!dir.path().join("r.jsonl").exists(), "an unfinished report is not put in place");
    assert!(!dir.path().join("r.csv").exists());
}

#[test]
fn a_leftover_temporary_file_is_neither_read_nor_counted() {
    let (_dir, mut command) = setup(&[
        ("in/good.csv", ONE_TABLE),
        ("in/.solvebatch-abc123.tmp", ONE_TABLE),
        ("in/notes.txt", "not an input"),
    ]);
    let output = command.args(["run", "in", "--json", "-"]).output().unwrap();
    assert!(output.status.success());
    let lines: Vec<Value> =
        text(&output.stdout).lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["file"], "in/good.csv");
    assert_eq!(lines[1]["files"], 1);
    assert_eq!(lines[1]["skipped"], 1, "notes.txt only");
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("\n1 other file skipped; name them with --kind FAMILY to read them\n"),
        "{stderr}"
    );
}

#[test]
fn out_keeps_the_paths_as_given_so_that_two_roots_never_collide() {
    let (dir, mut command) = setup(&[("a/x.csv", ONE_TABLE), ("d/x.csv", TWO_TABLES)]);
    command.args(["run", "a", "d", "--out", "o"]).assert().success();
    assert_eq!(fs::read_to_string(dir.path().join("o/a/x.csv.out")).unwrap(), ONE_TABLE_ROUND);
    assert_eq!(fs::read_to_string(dir.path().join("o/d/x.csv.out")).unwrap(), TWO_TABLES_ROUND);
}

#[test]
fn a_second_root_into_the_same_out_folder_leaves_the_first_alone() {
    let (dir, mut command) = setup(&[("a/x.csv", ONE_TABLE), ("d/x.csv", TWO_TABLES)]);
    command.args(["run", "a", "--out", "o"]).assert().success();
    let first = dir.path().join("o/a/x.csv.out");
    let before = (identity(&first), fs::metadata(&first).unwrap().modified().unwrap());
    command_in(dir.path()).args(["run", "d", "--out", "o"]).assert().success();
    assert_eq!(fs::read_to_string(&first).unwrap(), ONE_TABLE_ROUND);
    assert_eq!(
        (identity(&first), fs::metadata(&first).unwrap().modified().unwrap()),
        before,
        "not rewritten"
    );
    assert_eq!(fs::read_to_string(dir.path().join("o/d/x.csv.out")).unwrap(), TWO_TABLES_ROUND);
    let mut written: Vec<PathBuf> = walkdir::WalkDir::new(dir.path().join("o"))
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| entry.path().strip_prefix(dir.path()).unwrap().to_path_buf())
        .collect();
    written.sort();
    assert_eq!(written, [Path::new("o/a/x.csv.out"), Path::new("o/d/x.csv.out")]);
}

/// Runs `solvebatch ARGS` in a folder holding `files` and checks that it is refused before any work
/// with exit status 2 and the error `message`, every file left byte-identical and no other file made.
fn refused_as_output(files: &[(&str, &str)], args: &[&str], message: &str) {
    let (dir, mut command) = setup(files);
    command.args(args).assert().code(2).stdout("").stderr(format!("error: {message}\n"));
    for (name, content) in files {
        assert_eq!(fs::read_to_string(dir.path().join(name)).unwrap(), *content, "{name} is unchanged");
    }
    let left = walkdir::WalkDir::new(dir.path())
        .into_iter()
        .filter(|entry| entry.as_ref().unwrap().file_type().is_file());
    let left = left.count();
    assert_eq!(left, files.len(), "no file is added");
}

#[test]
fn an_output_naming_an_input_is_refused_in_run() {
    refused_as_output(
        &[("in.csv", ONE_TABLE)],
        &["run", "in.csv", "--json", "in.csv"],
        "in.csv is both an input and the file --json writes; writing would destroy it",
    );
    refused_as_output(
        &[("d/in.csv", ONE_TABLE), ("d/in.csv.expected", ONE_TABLE_ROUND)],
        &["run", "d", "--markdown", "d/in.csv.expected"],
        "d/in.csv.expected is both a reference and the file --markdown writes; writing would destroy it",
    );
    refused_as_output(
        &[("p.scrabble", "dictionary: w.txt\n"), ("w.txt", "AB\n")],
        &["run", "p.scrabble", "--csv", "w.txt"],
        "w.txt is both the dictionary and the file --csv writes; writing would destroy it",
    );
    refused_as_output(
        &[("in.csv", ONE_TABLE), ("t.txt", "A 1 9\n")],
        &["run", "in.csv", "--tiles", "t.txt", "--html", "./t.txt"],
        "./t.txt is both the tile file (t.txt) and the file --html writes; writing would destroy it",
    );
}

#[test]
fn an_output_naming_an_input_is_refused_in_run_through_a_link_under_out() {
    let (dir, mut command) = setup(&[("in.csv", ONE_TABLE)]);
    fs::create_dir(dir.path().join("o")).unwrap();
    std::os::unix::fs::symlink("../in.csv", dir.path().join("o/in.csv.out")).unwrap();
    command.args(["run", "in.csv", "--out", "o"]).assert().code(2).stdout("").stderr(
        "error: o/in.csv.out is both an input (in.csv) and the file --out writes; writing would destroy it\n",
    );
    assert_eq!(fs::read_to_string(dir.path().join("in.csv")).unwrap(), ONE_TABLE);
}

#[test]
fn an_output_naming_an_input_is_refused_in_compare() {
    refused_as_output(
        &[("in.csv", ONE_TABLE)],
        &["compare", "in.csv", "--csv", "in.csv"],
        "in.csv is both an input and the file --csv writes; writing would destroy it",
    );
}

#[test]
fn an_output_naming_a_report_to_merge_is_refused() {
    let report = "{\"type\":\"summary\"}\n";
    refused_as_output(
        &[("a.jsonl", report), ("b.jsonl", report)],
        &["merge", "a.jsonl", "b.jsonl", "--json", "b.jsonl"],
        "b.jsonl is both a report to merge and the file --json writes; writing would destroy it",
    );
}

#[test]
fn an_output_naming_the_input_is_refused_in_tournament() {
    for option in ["--save", "--emit-cnf"] {
        refused_as_output(
            &[("s.csv", ONE_TABLE)],
            &["tournament", "s.csv", option, "s.csv"],
            &format!("s.csv is both the input and the file {option} writes; writing would destroy it"),
        );
    }
    refused_as_output(
        &[("s.csv", ONE_TABLE)],
        &["tournament", "s.csv", "--cubes", "1/2", "--json", "s.csv"],
        "s.csv is both the input and the file --json writes; writing would destroy it",
    );
}

#[test]
fn an_output_naming_the_input_is_refused_in_tictactoe() {
    refused_as_output(
        &[("g.in", GAME)],
        &["tictactoe", "g.in", "-o", "g.in"],
        "g.in is both the input and the file --output writes; writing would destroy it",
    );
}

#[test]
fn an_output_naming_the_dictionary_is_refused_in_scrabble() {
    for subcommand in [
        &["scrabble", "tiles", "-d", "w.txt", "-o", "w.txt"][..],
        &["scrabble", "compile", "w.txt", "-o", "w.txt"],
    ] {
        refused_as_output(
            &[("w.txt", "AB\nCD\n")],
            subcommand,
            "w.txt is both the dictionary and the file --output writes; writing would destroy it",
        );
    }
}

#[test]
fn an_output_naming_the_secrets_is_refused_in_guess_simulate() {
    for option in ["--transcript", "--json"] {
        refused_as_output(
            &[("s.txt", "1234\n")],
            &["guess", "simulate", "--secrets", "s.txt", option, "s.txt"],
            &format!("s.txt is both the secrets file and the file {option} writes; writing would destroy it"),
        );
    }
}
