//! Where outputs go: standard output, FIFOs, devices, links, full devices and closed pipes; temporary
//! files on Ctrl-C and SIGTERM; `--out` folders; completions and the manual page.

use crate::common::{command_in, hard_instance, setup, text};

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
    crate::common::mkfifo(&fifo);
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
    let lines = crate::common::run_report_lines(&read);
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
    assert!(written.lines().nth(1).unwrap().starts_with(r#"{"type":"file","file":"x.csv","#), "{written}");
    assert_eq!(crate::common::run_report_lines(&written).len(), 2);
    assert!(temporary_files(dir.path()).is_empty());
}

#[test]
fn a_transcript_to_dev_stdout_goes_into_the_file_standard_output_is_redirected_to() {
    let (dir, _) = setup(&[("secrets.txt", "12 34\n")]);
    let path = dir.path().join("out.txt");
    let file = fs::File::create(&path).unwrap();
    let before = identity(&path);
    let status = crate::common::child()
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
        let output = crate::common::child()
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

    let output = crate::common::child()
        .args(["completions", "bash"])
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(text(&output.stderr), "");
}

/// `--kind` takes a family's name: `--help` lists the five, and the shell completes them, in `run`,
/// `compare` and `review` alike.
#[test]
fn kind_lists_the_families_in_help_and_completions() {
    let families = "tournament tictactoe guess scrabble gcg";
    for command in ["run", "compare", "review"] {
        let output = crate::common::child().args([command, "--help"]).output().unwrap();
        assert!(output.status.success());
        let help = text(&output.stdout);
        let after_kind = &help[help.find("--kind <FAMILY>").expect(command)..];
        let listed = after_kind.lines().find(|line| line.contains("[possible values:")).expect(command);
        assert_eq!(
            listed.trim(),
            "[possible values: tournament, tictactoe, guess, scrabble, gcg]",
            "{command}"
        );
    }
    let output = crate::common::child().args(["completions", "bash"]).output().unwrap();
    let script = text(&output.stdout);
    let offered = format!("COMPREPLY=($(compgen -W \"{families}\" -- \"${{cur}}\"))");
    let kinds: Vec<_> =
        script.split("--kind)").skip(1).map(|rest| rest.lines().nth(1).unwrap().trim()).collect();
    assert_eq!(kinds.len(), 3, "run, compare and review: {kinds:?}");
    assert!(kinds.iter().all(|line| *line == offered), "{kinds:?}");
}

/// A time limit is a deadline the clock must hold: past about 31 years it is refused in words, never
/// a panic of the clock (`--timeout 1e19` overflowed it), and the longest taken works.
#[test]
fn the_longest_time_limit_is_taken_and_a_longer_one_refused_in_words() {
    let spec = crate::server::dataset("tournament/spec-example.csv");
    let spec = spec.to_str().unwrap();
    for command in
        [&["run", spec, "-q"][..], &["tournament", spec], &["compare", spec, "--solvers", "dlx", "-q"]]
    {
        let output = crate::common::child().args(command).args(["--timeout", "1e19"]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{command:?}");
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains(
                "1e19 seconds is too long a time limit (at most 1000000000 seconds, about 31 years)"
            ),
            "{command:?}: {stderr}"
        );
        let output = crate::common::child().args(command).args(["--timeout", "1000000000"]).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{command:?}: {}", text(&output.stderr));
    }
}

#[test]
fn man_prints_a_roff_page() {
    let output = crate::common::child().arg("man").output().unwrap();
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
    let output = crate::common::child().args(["man", "run"]).output().unwrap();
    assert!(output.status.success());
    let page = text(&output.stdout);
    assert!(
        page.contains(&format!("\n.TH solvebatch-run 1  \"run {}\"", env!("CARGO_PKG_VERSION"))),
        "{page}"
    );
    assert!(page.contains("\\-\\-strict"), "the options are listed: {page}");
    let unknown = crate::common::child().args(["man", "chess"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).starts_with("error: no command is called `chess`; the commands are run, "));
}

#[test]
fn man_prints_the_page_of_a_nested_command() {
    let output = crate::common::child().args(["man", "scrabble", "hint"]).output().unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    let page = text(&output.stdout);
    assert!(
        page.contains(&format!("\n.TH solvebatch-scrabble-hint 1  \"hint {}\"", env!("CARGO_PKG_VERSION"))),
        "{page}"
    );
    let parent = crate::common::child().args(["man", "scrabble"]).output().unwrap();
    assert!(text(&parent.stdout).contains("\nsolvebatch\\-scrabble\\-hint(1)\n"), "the page it is named by");
    let unknown = crate::common::child().args(["man", "scrabble", "chess"]).output().unwrap();
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown.stderr).starts_with(
            "error: no command is called `scrabble chess`; the commands of `scrabble` are check, "
        ),
        "{}",
        text(&unknown.stderr)
    );
}

/// A batch held by the test: `quick` one-table files `a/q000.csv`..., then `z/w.csv`, a FIFO the test
/// never writes (a FIFO named on the command line is read, and the read waits for a writer), then
/// `z/y.csv`; one file at a time, with outputs, JSON and CSV reports (`r.jsonl` holds `old` before),
/// standard output piped. Returns once the JSON report's partial file holds the `quick` records: the
/// batch is then waiting on the FIFO, with no time limit, until a signal stops it.
fn held_batch(quick: usize) -> (TempDir, Child, fs::File) {
    let mut files: Vec<(String, &str)> =
        (0..quick).map(|index| (format!("a/q{index:03}.csv"), ONE_TABLE)).collect();
    files.push(("z/y.csv".to_string(), ONE_TABLE));
    files.push(("r.jsonl".to_string(), "old\n"));
    let files: Vec<(&str, &str)> = files.iter().map(|(name, text)| (name.as_str(), *text)).collect();
    let (dir, _) = setup(&files);
    crate::common::mkfifo(&dir.path().join("z/w.csv"));
    let child = crate::common::child()
        .current_dir(dir.path())
        .args([
            "run", "a", "z/w.csv", "z/y.csv", "--out", "o", "--json", "r.jsonl", "--csv", "r.csv", "-j", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_records(&dir.path().join("r.jsonl.partial"), quick);
    let writer = open_when_read(&dir.path().join("z/w.csv"));
    (dir, child, writer)
}

/// The write end of the FIFO `path`, opened once the batch has opened it to read (so that its file
/// is under way); kept open and never written, it holds the read. Polled with a generous limit.
fn open_when_read(path: &Path) -> fs::File {
    use std::os::unix::fs::OpenOptionsExt;
    let started = Instant::now();
    loop {
        // Without a reader, a non-blocking open for writing fails at once (ENXIO).
        match fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(path) {
            Ok(file) => return file,
            Err(error) => {
                assert!(started.elapsed() < Duration::from_secs(20), "{} never read: {error}", path.display())
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The JSON lines of `path` (a report of `run` or its partial file) after its `run` line (checked),
/// each parsed.
fn json_lines(path: &Path) -> Vec<Value> {
    crate::common::run_report_lines(&fs::read_to_string(path).unwrap())
}

/// The JSON lines of `path` (a report of `compare`, which has no `run` line), each parsed.
fn compare_lines(path: &Path) -> Vec<Value> {
    fs::read_to_string(path).unwrap().lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

/// Waits until `path` holds at least `count` complete file records (a generous limit: the state is
/// held, never raced).
fn wait_for_records(path: &Path, count: usize) {
    let started = Instant::now();
    let records = |text: String| text.lines().filter(|line| line.starts_with(r#"{"type":"file""#)).count();
    while fs::read_to_string(path).map_or(0, records) < count {
        assert!(started.elapsed() < Duration::from_secs(20), "{} never held {count} records", path.display());
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Waits until `child` catches SIGINT (its handler is installed), from its `SigCgt` line in `/proc`.
fn wait_for_handler(child: &Child) {
    let started = Instant::now();
    loop {
        let status = fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        let caught = status.lines().find_map(|line| line.strip_prefix("SigCgt:")).unwrap().trim();
        if u64::from_str_radix(caught, 16).unwrap() & (1 << (libc::SIGINT - 1)) != 0 {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "no handler installed");
        std::thread::sleep(Duration::from_millis(5));
    }
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

/// One signal while a file is under way with no time limit: that file stops and is recorded
/// `interrupted`, the next is not started, the reports are put in place with the finished records
/// and a summary, no temporary or partial file is left, and the exit status is 128 + the signal.
fn one_signal_stops_the_solve_under_way(signal_number: libc::c_int, status: i32) {
    let (dir, child, _writer) = held_batch(1);
    signal(&child, signal_number);
    let output = wait(child, Duration::from_secs(10));
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{stderr}");
    assert!(stderr.contains("interrupted: stopping the files under way and writing the reports"), "{stderr}");
    assert_eq!(temporary_files(dir.path()), Vec::<PathBuf>::new());
    assert!(!dir.path().join("r.jsonl.partial").exists() && !dir.path().join("r.csv.partial").exists());

    let lines = json_lines(&dir.path().join("r.jsonl"));
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        (&lines[0]["file"], &lines[0]["status"]),
        (&Value::from("a/q000.csv"), &Value::from("solved"))
    );
    assert_eq!(
        (&lines[1]["file"], &lines[1]["status"]),
        (&Value::from("z/w.csv"), &Value::from("interrupted"))
    );
    assert_eq!(lines[1]["message"], "nothing came before the signal");
    let summary = &lines[2];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["interrupted"], true);
    assert_eq!(summary["exit_code"], status);
    assert_eq!(summary["statuses"]["interrupted"], 1);
    assert_eq!(summary["files"], 2, "z/y.csv was not started");

    let csv = fs::read_to_string(dir.path().join("r.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "the header and one row per file:\n{csv}");
    assert!(csv.contains("\nz/w.csv,tournament,,interrupted,nothing came before the signal,"), "{csv}");
    assert_eq!(fs::read_to_string(dir.path().join("o/a/q000.csv.out")).unwrap(), ONE_TABLE_ROUND);
    let table = text(&output.stdout);
    assert!(
        table.contains("| z/w.csv    | tournament | -         | interrupted: nothing came before the signal"),
        "{table}"
    );
    assert!(table.contains("2 files: 1 solved, 1 interrupted;"), "{table}");
}

#[test]
fn a_signal_stops_a_solve_that_has_no_time_limit_and_keeps_every_finished_row_on_ctrl_c() {
    one_signal_stops_the_solve_under_way(libc::SIGINT, 130);
}

#[test]
fn a_signal_stops_a_solve_that_has_no_time_limit_and_keeps_every_finished_row_on_sigterm() {
    one_signal_stops_the_solve_under_way(libc::SIGTERM, 143);
}

#[test]
fn a_signal_stops_a_solve_that_has_no_time_limit_and_keeps_every_finished_row_on_sighup() {
    one_signal_stops_the_solve_under_way(libc::SIGHUP, 129);
}

/// Waits until `child` has used `time` of processor time in user mode (from /proc: the state is
/// the child's own work, polled with a generous limit).
fn wait_for_processor_time(child: &Child, time: Duration) {
    let ticks_per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    let started = Instant::now();
    loop {
        let stat = fs::read_to_string(format!("/proc/{}/stat", child.id())).unwrap();
        // The fields after the command name, which is in parentheses; utime is the 14th field.
        let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 2..].split(' ').collect();
        let user = fields[11].parse::<f64>().unwrap() / ticks_per_second;
        if user >= time.as_secs_f64() {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the search never ran");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A reader that went away before the table was printed (`run ... | head`, the pipeline then
/// stopped by Ctrl-C) does not turn the signal's exit status into success.
#[test]
fn a_closed_standard_output_after_a_signal_keeps_the_signals_exit_status() {
    let (dir, mut child, _writer) = held_batch(1);
    drop(child.stdout.take());
    signal(&child, libc::SIGINT);
    let output = wait(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    let lines = json_lines(&dir.path().join("r.jsonl"));
    assert_eq!(lines.last().unwrap()["exit_code"], 130);
}

/// A hard search with no time limit (the backtracking solver on an instance far too large to
/// finish) stops on the first signal and is recorded `interrupted`, neither solved nor timed out.
#[test]
fn a_signal_stops_a_hard_search_that_has_no_time_limit() {
    let (dir, _) = setup(&[("in/a.csv", ONE_TABLE), ("in/h.csv", &hard_instance())]);
    let child = crate::common::child()
        .current_dir(dir.path())
        .args(["run", "in", "--json", "r.jsonl", "-j", "1", "--solver", "backtrack"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_records(&dir.path().join("r.jsonl.partial"), 1);
    // A fifth of a second of processor time after a file of microseconds: the search is under way.
    wait_for_processor_time(&child, Duration::from_millis(200));
    signal(&child, libc::SIGTERM);
    let output = wait(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(143), "{}", text(&output.stderr));
    let lines = json_lines(&dir.path().join("r.jsonl"));
    let statuses: Vec<&Value> = lines.iter().map(|line| &line["status"]).collect();
    assert_eq!(statuses, [&Value::from("solved"), &Value::from("interrupted"), &Value::Null]);
}

/// The pipe standard output is, made as small as Linux allows (one page) so that the batch's table
/// fills it; the test never reads it.
fn shrink_pipe(child: &Child) -> std::os::fd::RawFd {
    use std::os::fd::AsRawFd;
    let fd = child.stdout.as_ref().unwrap().as_raw_fd();
    assert!(unsafe { libc::fcntl(fd, libc::F_SETPIPE_SZ, 4096) } >= 4096);
    fd
}

/// Bytes waiting in a pipe.
fn pending_bytes(fd: std::os::fd::RawFd) -> usize {
    let mut count: libc::c_int = 0;
    assert_eq!(unsafe { libc::ioctl(fd, libc::FIONREAD, &mut count) }, 0);
    count as usize
}

/// The graceful stop is held by the test: the table does not fit in the standard output pipe, which
/// the test never reads. A second signal then exits at once; the JSON report's partial file keeps
/// every record written, the old report is untouched, and no temporary file is left.
#[test]
fn a_second_ctrl_c_stops_at_once_and_removes_the_temporary_files() {
    let (dir, child, _writer) = held_batch(60);
    let stdout = shrink_pipe(&child);
    signal(&child, libc::SIGINT);
    wait_for_records(&dir.path().join("r.jsonl.partial"), 61);
    let started = Instant::now();
    while pending_bytes(stdout) < 4096 {
        assert!(started.elapsed() < Duration::from_secs(20), "the table never filled the pipe");
        std::thread::sleep(Duration::from_millis(5));
    }
    signal(&child, libc::SIGINT);
    let output = wait(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
    assert_eq!(temporary_files(dir.path()), Vec::<PathBuf>::new());
    assert_eq!(fs::read_to_string(dir.path().join("r.jsonl")).unwrap(), "old\n", "never half-overwritten");
    let kept = json_lines(&dir.path().join("r.jsonl.partial"));
    assert_eq!(kept.len(), 61, "every record, no summary");
    assert!(kept[..60].iter().all(|record| record["status"] == "solved"));
    assert_eq!(kept[60]["status"], "interrupted");
    assert!(!dir.path().join("r.csv").exists(), "an unfinished report is not put in place");
    assert_eq!(fs::read_to_string(dir.path().join("r.csv.partial")).unwrap().lines().count(), 62);
}

/// SIGKILL runs no handler: the records finished are on disk in the partial file, complete lines,
/// and the report it would replace is untouched.
#[test]
fn a_sigkill_keeps_the_finished_records_in_the_partial_file() {
    let (dir, mut child, _writer) = held_batch(3);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(fs::read_to_string(dir.path().join("r.jsonl")).unwrap(), "old\n");
    let kept = json_lines(&dir.path().join("r.jsonl.partial"));
    let files: Vec<&Value> = kept.iter().map(|record| &record["file"]).collect();
    assert_eq!(files, ["a/q000.csv", "a/q001.csv", "a/q002.csv"]);
    assert!(kept.iter().all(|record| record["type"] == "file" && record["status"] == "solved"));

    // The next run refuses to start over the records left.
    let (_, mut command) = setup(&[]);
    let output = command.current_dir(dir.path()).args(["run", "a", "--json", "r.jsonl"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        "error: r.jsonl.partial: left by a run that was stopped before its end; run again with --resume to keep \
         its records and solve only the other files, or move it away or remove it\n"
    );
}

/// `compare` stops the solve under way on a signal too, and `tournament FILE` exits at once.
#[test]
fn a_signal_stops_compare_and_the_family_commands_that_have_no_time_limit() {
    let (dir, _) = setup(&[("in/a.csv", ONE_TABLE), ("in/h.csv", &hard_instance())]);
    let child = crate::common::child()
        .current_dir(dir.path())
        .args(["compare", "in", "--solvers", "backtrack", "--json", "c.jsonl"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_records(&dir.path().join("c.jsonl.partial"), 1);
    signal(&child, libc::SIGTERM);
    let output = wait(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(143), "{}", text(&output.stderr));
    let lines = compare_lines(&dir.path().join("c.jsonl"));
    assert_eq!(lines[1]["status"], "interrupted");
    assert_eq!(lines[2]["exit_code"], 143);

    let child = crate::common::child()
        .current_dir(dir.path())
        .args(["tournament", "in/h.csv", "--solver", "backtrack"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_handler(&child);
    signal(&child, libc::SIGINT);
    let output = wait(child, Duration::from_secs(10));
    assert_eq!(output.status.code(), Some(130), "{}", text(&output.stderr));
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
    let lines = crate::common::run_report_lines(&text(&output.stdout));
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
        &[("g.gcg", "#lexicon w.txt\n"), ("w.txt", "AB\n")],
        &["run", "g.gcg", "--csv", "w.txt"],
        "w.txt is both the dictionary and the file --csv writes; writing would destroy it",
    );
    refused_as_output(
        &[("in.csv", ONE_TABLE), ("t.txt", "A 1 9\n")],
        &["run", "in.csv", "--tiles", "t.txt", "--html", "./t.txt"],
        "./t.txt is both the tile file (t.txt) and the file --html writes; writing would destroy it",
    );
}

#[test]
fn an_output_naming_an_input_in_a_walked_folder_is_refused_not_skipped() {
    refused_as_output(
        &[("d/a.csv", ONE_TABLE), ("d/b.csv", ONE_TABLE)],
        &["run", "d", "--json", "d/a.csv"],
        "d/a.csv is both an input and the file --json writes; writing would destroy it",
    );
}

#[test]
fn reports_of_an_earlier_run_in_the_input_folder_are_not_read_as_inputs() {
    let (dir, _) = setup(&[("d/a.csv", ONE_TABLE)]);
    for _ in 0..2 {
        command_in(dir.path())
            .args(["run", "d", "--csv", "d/report.csv", "--json", "d/report.json.csv", "-q"])
            .assert()
            .success();
    }
    let csv = fs::read_to_string(dir.path().join("d/report.csv")).unwrap();
    assert_eq!(csv.lines().count(), 2, "the header and the one input's row: {csv}");
    assert!(csv.lines().nth(1).unwrap().starts_with("d/a.csv,tournament,"), "{csv}");
    let json = fs::read_to_string(dir.path().join("d/report.json.csv")).unwrap();
    assert_eq!(json.lines().filter(|line| line.contains(r#""type":"file""#)).count(), 1, "{json}");
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

/// A small tmpfs mounted for one test, unmounted when dropped.
struct SmallDisk(PathBuf);

impl SmallDisk {
    /// Mounts 16 KiB of tmpfs on a new folder in `dir`; `None` where mounting is not permitted.
    fn mount(dir: &Path) -> Option<SmallDisk> {
        let point = dir.join("disk");
        fs::create_dir(&point).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=16k", "tmpfs"])
            .arg(&point)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        mounted.then_some(SmallDisk(point))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// Reports and outputs on a disk that fills up mid-batch: a clear error naming the report, exit 1,
/// no report, partial or temporary file left on the disk, and the inputs untouched.
#[test]
fn a_full_disk_fails_with_a_clear_error_and_leaves_no_half_written_file() {
    let files: Vec<(String, String)> =
        (0..400).map(|index| (format!("in/t{index:03}.csv"), TWO_TABLES.to_string())).collect();
    let files: Vec<(&str, &str)> = files.iter().map(|(name, text)| (name.as_str(), text.as_str())).collect();
    let (dir, _) = setup(&files);
    let Some(disk) = SmallDisk::mount(dir.path()) else {
        eprintln!("skipped: cannot mount a tmpfs here (not root, or no mount permission)");
        return;
    };
    for (report, option) in
        [("r.jsonl", "--json"), ("r.csv", "--csv"), ("r.md", "--markdown"), ("r.html", "--html")]
    {
        let output = command_in(dir.path())
            .args(["run", "in", "--json-outputs", "-q", option])
            .arg(disk.0.join(report))
            .output()
            .unwrap();
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{option}: {stderr}");
        assert!(
            stderr.starts_with(&format!("error: {}: cannot write", disk.0.join(report).display())),
            "{stderr}"
        );
        assert!(stderr.contains("No space left on device"), "{stderr}");
        assert_eq!(fs::read_dir(&disk.0).unwrap().count(), 0, "{option}: nothing is left on the disk");
    }
    // Outputs that do not fit fail their files; those written are whole.
    let output =
        command_in(dir.path()).args(["run", "in", "-q", "--out"]).arg(disk.0.join("o")).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let written: Vec<PathBuf> = walkdir::WalkDir::new(&disk.0)
        .into_iter()
        .map(Result::unwrap)
        .filter(|entry| entry.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect();
    assert!(written.len() < files.len(), "the disk filled up");
    assert!(written.iter().all(|path| fs::read_to_string(path).unwrap() == TWO_TABLES_ROUND), "{written:?}");
    for (name, text) in &files {
        assert_eq!(fs::read_to_string(dir.path().join(name)).unwrap(), *text);
    }
}

/// `--plot-data` is checked before the comparison runs, as the reports are: a path that is no
/// folder, and a folder that cannot hold the files, fail at once with nothing printed.
#[test]
fn plot_data_that_cannot_be_written_fails_before_solving() {
    let (dir, mut command) = setup(&[("x.csv", ONE_TABLE)]);
    command
        .args(["compare", "x.csv", "--plot-data", "/dev/full"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: /dev/full: not a folder (--plot-data takes the folder for its CSV files)\n");
    std::fs::write(dir.path().join("plots"), "a file").unwrap();
    let mut command = crate::common::command_in(dir.path());
    command
        .args(["compare", "x.csv", "--plot-data", "plots"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: plots: not a folder (--plot-data takes the folder for its CSV files)\n");
}

#[test]
fn a_report_over_a_problem_file_this_run_does_not_read_is_refused() {
    refused_as_output(
        &[("a.csv", ONE_TABLE), ("other.csv", ONE_TABLE)],
        &["run", "a.csv", "--json", "other.csv"],
        "other.csv holds a problem file, not a report of this tool; --json would replace it (name another \
         file, or remove it first)",
    );
    refused_as_output(
        &[("a.csv", ONE_TABLE), ("game.in", "1 1\nX 0 0\n")],
        &["run", "a.csv", "--junit", "game.in"],
        "game.in holds a problem file, not a report of this tool; --junit would replace it (name another \
         file, or remove it first)",
    );
    // An empty file, or a report of this tool, is replaced as any report is.
    let (dir, _) = setup(&[("a.csv", ONE_TABLE), ("r.csv", "")]);
    for _ in 0..2 {
        let output = crate::common::output_in(dir.path(), &["run", "a.csv", "--csv", "r.csv", "-q"]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(fs::read_to_string(dir.path().join("r.csv")).unwrap().starts_with("file,"));
    }
}
