//! No input goes missing: awkward file names, FIFOs, devices and the tool's own outputs.

use crate::common::setup;

use std::time::{Duration, Instant};

use predicates::prelude::*;
use serde_json::{json, Value};

const GOOD: &str = "1\n0,1,0\n";

#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_solved_and_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let (dir, mut command) = setup(&[]);
    let name = std::ffi::OsStr::from_bytes(b"zo\xe8.csv");
    std::fs::create_dir(dir.path().join("d")).unwrap();
    std::fs::write(dir.path().join("d").join(name), GOOD).unwrap();
    command
        .args(["run", "d", "--json", "report.json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("| zo\\xE8.csv | tournament | backtrack | solved |"));
    let report = std::fs::read_to_string(dir.path().join("report.json")).unwrap();
    let first = &crate::common::run_report_lines(&report)[0];
    assert_eq!(first["file"], "d/zo\\xE8.csv");
    assert_eq!(first["status"], "solved");
}

#[test]
fn bytes_that_are_not_utf8_are_named_in_one_wording_by_every_family() {
    let (dir, mut command) = setup(&[]);
    let files: [(&str, &[u8], &str); 5] = [
        ("g.guess", b"secret 2111\nsecret 12\xe934\n", "line 2: not UTF-8 text"),
        ("t.in", b"3 2\nX 0 0\n0 1\xe9 4\n", "line 3: not UTF-8 text"),
        ("s.scrabble", b"rack: AT\ntop: 1\nboard:\n..\xff\n", "line 4: not UTF-8 text"),
        (
            "x.gcg",
            b"#character-encoding UTF-8\n#player1 p P\n#player2 q Q\n>p: \xe9T 8G AT +2 2\n",
            "line 4: not UTF-8 text",
        ),
        // A pairing file's errors are the specification's exact texts, lines counted from 0: a
        // field that is not UTF-8 is one that is not an integer.
        ("p.csv", b"2\n0,1,0\n2,\xe9,1\n", "Line 2: The second player is not an integer."),
    ];
    for (name, bytes, _) in &files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let output = command.args(["run", ".", "--json", "-", "-q"]).output().unwrap();
    let records = crate::common::run_report_lines(&String::from_utf8(output.stdout).unwrap());
    for (name, _, message) in files {
        let record = records.iter().find(|record| record["file"] == format!("./{name}")).unwrap();
        assert_eq!((&record["status"], &record["message"]), (&"invalid".into(), &message.into()), "{name}");
    }
    // A family command puts the file's name before the same words.
    crate::common::command_in(dir.path())
        .args(["tictactoe", "t.in"])
        .assert()
        .code(1)
        .stderr("error: t.in: line 3: not UTF-8 text\n");
}

#[test]
fn control_characters_and_bars_in_names_are_escaped_in_the_table() {
    let (_dir, mut command) =
        setup(&[("d/a\nb.csv", GOOD), ("d/e\u{1b}[31m.csv", GOOD), ("d/p|q.csv", GOOD)]);
    let output = command.args(["run", "d"]).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("| a\\nb.csv "), "{stdout}");
    assert!(stdout.contains("| e\\u{1b}[31m.csv "), "{stdout}");
    assert!(stdout.contains("| p\\|q.csv "), "{stdout}");
    assert!(!stdout.contains('\u{1b}'));
    // A header, a rule, three rows, the summary: one line each.
    assert_eq!(stdout.lines().count(), 6, "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_fifo_named_directly_is_read_within_the_time_limit() {
    let (dir, mut command) = setup(&[("d/ok.csv", GOOD)]);
    let made = std::process::Command::new("mkfifo").arg(dir.path().join("d/fifo.csv")).status().unwrap();
    assert!(made.success());
    let started = Instant::now();
    command
        .args(["run", "d/fifo.csv", "d/ok.csv", "--timeout", "1"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::is_match(
                r"\| d/fifo\.csv +\| tournament \| - +\| timeout: nothing to read within the time limit",
            )
            .unwrap(),
        )
        .stdout(predicate::str::contains("2 files: 1 solved, 1 timeout;"));
    assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_walked_folder_is_its_own_row_and_never_opened() {
    let (dir, mut command) = setup(&[("d/ok.csv", GOOD)]);
    std::process::Command::new("mkfifo").arg(dir.path().join("d/fifo.csv")).status().unwrap();
    command.args(["run", "d"]).timeout(Duration::from_secs(10)).assert().code(1).stdout(
        predicate::str::contains("| failed: not a regular file (a FIFO); name it directly to read it |"),
    );
}

#[test]
fn the_file_standard_output_goes_to_is_never_read() {
    let (dir, _) = setup(&[("tree/a.csv", GOOD)]);
    let out = std::fs::File::create(dir.path().join("tree/out.csv")).unwrap();
    let status =
        crate::common::child().args(["run", "tree"]).current_dir(dir.path()).stdout(out).status().unwrap();
    assert!(status.success());
    let printed = std::fs::read_to_string(dir.path().join("tree/out.csv")).unwrap();
    assert!(printed.contains("\n1 file: 1 solved;"), "{printed}");
}

#[test]
fn files_no_family_reads_are_counted() {
    let (_dir, mut command) = setup(&[
        ("d/a.csv", GOOD),
        ("d/a.csv.expected", "Table 0: 0 vs. 1\n"),
        ("d/notes.txt", "x"),
        ("d/more/readme.md", "x"),
    ]);
    command.args(["run", "d"]).assert().success().stdout(predicate::str::contains(
        "\n2 other files skipped; name them with --kind FAMILY to read them\n",
    ));
    // With --kind given, naming them with --kind is no advice: naming them directly is.
    let (_dir, mut command) = setup(&[("d/a.csv", GOOD), ("d/notes.txt", "x")]);
    command.args(["run", "d", "--kind", "tournament"]).assert().success().stdout(predicate::str::contains(
        "\n1 other file skipped; name a file directly to read it as tournament (in folders, --kind \
         tournament reads only tournament files)\n",
    ));
}

#[cfg(unix)]
#[test]
fn a_device_named_directly_is_read_no_further_than_the_limit() {
    // An endless stream of text is read to one byte past the limit.
    let (dir, mut command) = setup(&[]);
    let fifo = dir.path().join("endless.csv");
    crate::common::mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut stream = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let chunk = vec![b'1'; 1 << 16];
            // Until the reader stops reading and closes its end.
            while std::io::Write::write_all(&mut stream, &chunk).is_ok() {}
        })
    };
    command
        .args(["run", "endless.csv"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("| failed: larger than 256 MiB, the most an input may hold |"));
    writer.join().unwrap();
    // A device of NUL bytes is binary from its first block: refused at once.
    let (_dir, mut command) = setup(&[]);
    command
        .args(["run", "--kind", "tournament", "/dev/zero"])
        .timeout(Duration::from_secs(20))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "| invalid: a binary file, not text (a NUL byte in its first 8 KiB) |",
        ));
}

#[test]
fn a_file_named_twice_is_solved_once() {
    let (_dir, mut command) = setup(&[("d/a.csv", GOOD)]);
    command
        .args(["run", "d/a.csv", "./d/a.csv", "d", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("1 file: 1 solved;"));
}

/// Runs `solvebatch ARGS` in `dir`: its exit code and its own peak resident memory, in KiB.
///
/// Started by this test binary, a child's `ru_maxrss` would hold the binary's memory, as large as the
/// other tests running in it made it: Linux folds the parent's peak into a posix_spawn child's at
/// exec, and a forked child starts with the parent's resident pages. So a small `sh` forks
/// solvebatch and exits; this process, a child subreaper, inherits solvebatch and reaps it with
/// `wait4` (getrusage would give the largest of every child the binary ever waited for).
#[cfg(target_os = "linux")]
fn exit_code_and_peak_kib(dir: &std::path::Path, args: &[&str]) -> (i32, i64) {
    // SAFETY: sets this process's subreaper flag; no memory is passed.
    assert_eq!(unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) }, 0);
    let solvebatch = crate::common::child();
    let mut launcher = std::process::Command::new("sh");
    launcher.args(["-c", "\"$@\" </dev/null >/dev/null & echo $!", "sh"]).arg(solvebatch.get_program());
    for (key, value) in solvebatch.get_envs() {
        match value {
            Some(value) => launcher.env(key, value),
            None => launcher.env_remove(key),
        };
    }
    let launched = launcher.args(args).current_dir(dir).output().unwrap();
    assert!(launched.status.success(), "{launched:?}");
    let pid: libc::pid_t = String::from_utf8(launched.stdout).unwrap().trim().parse().unwrap();
    let mut status = 0;
    // SAFETY: `rusage` is plain data, which `wait4` fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is now this process's child (its parent `sh` has ended), not waited for yet; the
    // pointers are valid.
    assert_eq!(unsafe { libc::wait4(pid, &mut status, 0, &mut usage) }, pid);
    assert!(libc::WIFEXITED(status), "solvebatch ended by a signal: {status}");
    (libc::WEXITSTATUS(status), usage.ru_maxrss)
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_over_the_size_limit_is_refused_unread() {
    let (dir, _command) = setup(&[]);
    // Sparse: 1 GiB each to the file system, no disk blocks.
    for index in 0..4 {
        let file = std::fs::File::create(dir.path().join(format!("big-{index}.csv"))).unwrap();
        file.set_len(1 << 30).unwrap();
    }
    let (code, peak_kib) = exit_code_and_peak_kib(dir.path(), &["run", ".", "-j", "4", "--json", "r.jsonl"]);
    assert_eq!(code, 1);
    // Reading them would hold 256 MiB a file; refused by their size, they cost nothing.
    assert!(peak_kib < 64 << 10, "peak memory {peak_kib} KiB");
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let rows = crate::common::run_report_lines(&report);
    let messages: Vec<(&str, &str)> = rows[..4]
        .iter()
        .map(|row| (row["file"].as_str().unwrap(), row["message"].as_str().unwrap()))
        .collect();
    let expected = "larger than 256 MiB, the most an input may hold";
    assert_eq!(
        messages,
        [
            ("./big-0.csv", expected),
            ("./big-1.csv", expected),
            ("./big-2.csv", expected),
            ("./big-3.csv", expected)
        ]
    );
}

#[test]
fn upper_case_extensions_are_inputs() {
    let (_dir, mut command) = setup(&[
        ("d/A.CSV", GOOD),
        ("d/A.CSV.expected", "Table 0: 0 vs. 1\n"),
        ("d/b.Csv", GOOD),
        ("d/G.IN", "3 8\nX 0 0\n0 0 3\nX 0 1\n0 0 4\nX 0 2\n0 0 5\n0 0 0\nX 0 0\n"),
        ("d/B.CSV.EXPECTED", "x"),
    ]);
    let output = command.args(["run", "d", "--json", "-"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let rows = crate::common::run_report_lines(&String::from_utf8(output.stdout).unwrap());
    let files: Vec<(&str, &str, &serde_json::Value)> = rows[..3]
        .iter()
        .map(|row| (row["file"].as_str().unwrap(), row["family"].as_str().unwrap(), &row["verdict"]))
        .collect();
    assert_eq!(
        files,
        [
            ("d/A.CSV", "tournament", &serde_json::json!("same")),
            ("d/G.IN", "tictactoe", &serde_json::Value::Null),
            ("d/b.Csv", "tournament", &serde_json::Value::Null),
        ]
    );
    // A reference spelled in capitals is a reference still: not counted as a file no family reads.
    assert_eq!((&rows[3]["files"], &rows[3]["skipped"]), (&serde_json::json!(3), &serde_json::json!(0)));
}

#[test]
fn upper_case_extensions_are_inputs_of_compare() {
    let (_dir, mut command) = setup(&[("d/A.CSV", GOOD)]);
    command
        .args(["compare", "d", "--solvers", "backtrack,dlx", "-q"])
        .assert()
        .success()
        .stdout("1 file: 1 solved\n");
}

#[test]
fn macos_zip_junk_is_skipped_in_folder_walks() {
    let (_dir, mut command) = setup(&[
        ("d/a.csv", GOOD),
        ("d/._a.csv", "\0\u{5}\u{16}\u{7}AppleDouble"),
        ("d/.DS_Store", "\0\0\0\u{1}Bud1"),
        ("d/Thumbs.db", "x"),
        ("d/__MACOSX/d/._a.csv", "\0\u{5}\u{16}\u{7}"),
        ("d/__MACOSX/d/b.csv", "not a round"),
    ]);
    let output = command.args(["run", "d"]).output().unwrap();
    let printed = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{printed}");
    assert!(printed.contains("\n1 file: 1 solved;"), "{printed}");
    assert!(
        printed.contains("\n5 other files skipped; name them with --kind FAMILY to read them\n"),
        "{printed}"
    );
    assert!(!printed.contains("._a.csv") && !printed.contains("b.csv"), "{printed}");
}

/// The files that `args` (a successful run with a JSON report on standard output) solved, and the
/// `same_files` of its summary (`null` when it has none).
#[cfg(unix)]
fn solved_files_and_same_files(dir: &std::path::Path, args: &[&str]) -> (Vec<String>, serde_json::Value) {
    let output = crate::common::output_in(dir, args);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records = crate::common::run_report_lines(&crate::common::text(&output.stdout));
    let files = records
        .iter()
        .filter(|record| record["type"] == "file")
        .map(|record| record["file"].as_str().unwrap().to_string())
        .collect();
    let summary = records.iter().find(|record| record["type"] == "summary").unwrap();
    (files, summary["same_files"].clone())
}

/// A link to a file already in the batch is solved once, as that file, and said so: no input is left
/// out without a word, in the summary lines as in the JSON summary.
#[cfg(unix)]
#[test]
fn a_link_to_a_file_of_the_batch_is_solved_once_and_named_in_the_summary() {
    let (dir, _) = setup(&[("f/a.csv", GOOD)]);
    std::os::unix::fs::symlink("a.csv", dir.path().join("f/link.csv")).unwrap();
    let summary_of = |args: &[&str]| solved_files_and_same_files(dir.path(), args);
    assert_eq!(
        summary_of(&["run", "f", "--json", "-", "-q"]),
        (vec!["f/a.csv".to_string()], serde_json::json!([{"file": "f/link.csv", "same_as": "f/a.csv"}]))
    );
    // Named on the command line, link first: the file keeps its own name, the link is said.
    assert_eq!(
        summary_of(&["run", "f/link.csv", "f/a.csv", "--json", "-", "-q"]),
        (vec!["f/a.csv".to_string()], serde_json::json!([{"file": "f/link.csv", "same_as": "f/a.csv"}]))
    );
    crate::common::command_in(dir.path())
        .args(["run", "f", "-q"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\nf/link.csv: the same file as f/a.csv, solved once\n"));
    // A batch without such a path has no `same_files` in its summary.
    let (files, same) = summary_of(&["run", "f/a.csv", "--json", "-", "-q"]);
    assert_eq!((files, same), (vec!["f/a.csv".to_string()], serde_json::Value::Null));
}

/// Of a file and a link to it, the file is kept and the link named, whichever name sorts first:
/// `a-link.csv` comes before its file `b.csv`, `d-link.csv` after its file `c.csv`, and a folder
/// reached through a link (`0-e`) before the folder itself (`e`).
#[cfg(unix)]
#[test]
fn the_file_is_kept_and_the_link_named_whichever_sorts_first() {
    let (dir, _) = setup(&[("f/b.csv", GOOD), ("f/c.csv", GOOD), ("w/e/x.csv", GOOD)]);
    std::os::unix::fs::symlink("b.csv", dir.path().join("f/a-link.csv")).unwrap();
    std::os::unix::fs::symlink("c.csv", dir.path().join("f/d-link.csv")).unwrap();
    std::os::unix::fs::symlink("e", dir.path().join("w/0-e")).unwrap();
    let kept_and_named = |args: &[&str]| solved_files_and_same_files(dir.path(), args);
    assert_eq!(
        kept_and_named(&["run", "f", "w", "--json", "-", "-q"]),
        (
            vec!["f/b.csv".to_string(), "f/c.csv".to_string(), "w/e/x.csv".to_string()],
            json!([
                {"file": "f/a-link.csv", "same_as": "f/b.csv"},
                {"file": "f/d-link.csv", "same_as": "f/c.csv"},
                {"file": "w/0-e/x.csv", "same_as": "w/e/x.csv"},
            ])
        )
    );
    // Named on the command line, the link's name first in both orders.
    for args in [["run", "f/a-link.csv", "f/b.csv"], ["run", "f/b.csv", "f/a-link.csv"]] {
        assert_eq!(
            kept_and_named(&[&args[..], &["--json", "-", "-q"]].concat()),
            (vec!["f/b.csv".to_string()], json!([{"file": "f/a-link.csv", "same_as": "f/b.csv"}])),
            "{args:?}"
        );
    }
    // `compare` keeps and names the same paths, under its summary as `run` does.
    for args in [&["run", "f", "w"][..], &["compare", "f", "w", "--solvers", "dlx"]] {
        let output = crate::common::command_in(dir.path()).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(
            stdout.ends_with(
                "f/a-link.csv: the same file as f/b.csv, solved once\n\
                 f/d-link.csv: the same file as f/c.csv, solved once\n\
                 w/0-e/x.csv: the same file as w/e/x.csv, solved once\n"
            ),
            "{args:?}:\n{stdout}"
        );
        assert!(!stdout.contains("| f/a-link.csv ") && !stdout.contains("| w/0-e/x.csv "), "{stdout}");
    }
}

/// `compare` says what `run` says of the files it leaves out: the files no family reads and the
/// paths naming a file already in the batch.
#[test]
fn compare_names_the_files_it_leaves_out_as_run_does() {
    let (dir, _) = setup(&[("f/a.csv", GOOD), ("f/notes.txt", "not an input\n")]);
    std::os::unix::fs::symlink("a.csv", dir.path().join("f/link.csv")).unwrap();
    let output = crate::common::command_in(dir.path())
        .args(["compare", "f", "--solvers", "dlx", "--repeat", "1", "--json", "r.jsonl"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.ends_with(
            "1 other file skipped; name them with --kind FAMILY to read them\n\
             f/link.csv: the same file as f/a.csv, solved once\n"
        ),
        "{stdout}"
    );
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    let summary: serde_json::Value = serde_json::from_str(report.lines().last().unwrap()).unwrap();
    assert_eq!(summary["skipped"], 1);
    assert_eq!(summary["same_files"], serde_json::json!([{"file": "f/link.csv", "same_as": "f/a.csv"}]));
}

/// `compare -` reads standard input as `run -` does: of the `--kind` family, else a usage error.
#[test]
fn compare_reads_standard_input_of_the_kind_family() {
    let (dir, _) = setup(&[]);
    let compare = |kind: &[&str]| {
        crate::common::command_in(dir.path())
            .args(
                [&["compare", "-", "--solvers", "dlx", "--repeat", "1", "--json", "-", "-q"][..], kind]
                    .concat(),
            )
            .write_stdin(GOOD)
            .output()
            .unwrap()
    };
    let refused = compare(&[]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(refused.stderr).unwrap(),
        "error: -: standard input needs --kind FAMILY, as no file name tells its family \
         (tournament, tictactoe, guess, scrabble, gcg)\n"
    );
    let solved = compare(&["--kind", "tournament"]);
    assert_eq!(solved.status.code(), Some(0), "{solved:?}");
    let stdout = String::from_utf8(solved.stdout).unwrap();
    let lines: Vec<serde_json::Value> =
        stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let row = lines.iter().find(|line| line["type"] == "file").unwrap();
    assert_eq!((&row["file"], &row["status"]), (&serde_json::json!("-"), &serde_json::json!("solved")));
}

/// `-` is standard input, as in every other command: one input of the `--kind` family, without a
/// reference; without `--kind` nothing tells its family, a usage error.
#[test]
fn standard_input_is_one_input_of_the_kind_family() {
    let (dir, _) = setup(&[("-.expected", "Table 0: 1 vs. 0\n")]);
    crate::common::command_in(dir.path())
        .args(["run", "-"])
        .write_stdin(GOOD)
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: -: standard input needs --kind FAMILY, as no file name tells its family (tournament, \
             tictactoe, guess, scrabble, gcg)\n",
        );
    crate::common::command_in(dir.path())
        .args(["run", "-", "--kind", "tournament", "--bless=all"])
        .write_stdin(GOOD)
        .assert()
        .code(2)
        .stderr("error: -: standard input has no reference for --bless to write\n");
    let output = crate::common::command_in(dir.path())
        .args(["run", "-", "--kind", "tournament", "--json", "-", "-q"])
        .write_stdin(GOOD)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let records = crate::common::run_report_lines(&String::from_utf8(output.stdout).unwrap());
    let row = records.iter().find(|record| record["type"] == "file").unwrap();
    // The file `-.expected` beside it is no reference of standard input.
    let fields = ["file", "family", "status", "verdict", "reference_hash"].map(|key| row[key].clone());
    assert_eq!(fields, [json!("-"), json!("tournament"), json!("solved"), Value::Null, Value::Null]);
    // An empty standard input is read, and refused as an empty file of the family is.
    let output = crate::common::command_in(dir.path())
        .args(["run", "-", "--kind", "guess", "--json", "-", "-q"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let records = crate::common::run_report_lines(&String::from_utf8(output.stdout).unwrap());
    let row = records.iter().find(|record| record["type"] == "file").unwrap();
    assert_eq!(
        [&row["file"], &row["status"], &row["message"]],
        [
            &json!("-"),
            &json!("invalid"),
            &json!("the file is empty: a batch file holds one job a line (secret N, or answers G=M ...)")
        ]
    );
}

/// A folder named twice names each of its files twice: the first ten are said, the others counted.
#[test]
fn a_folder_named_twice_says_its_first_ten_files_and_counts_the_others() {
    let names: Vec<String> = (0..12).map(|index| format!("d/f{index:02}.csv")).collect();
    let files: Vec<(&str, &str)> = names.iter().map(|name| (name.as_str(), GOOD)).collect();
    let (_dir, mut command) = setup(&files);
    let output = command.args(["run", "d", "./d", "-q"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let mut expected = String::new();
    for index in 0..10 {
        // Paths in path order: `./d/...` comes first, and is the row kept.
        expected += &format!("d/f{index:02}.csv: the same file as ./d/f{index:02}.csv, solved once\n");
    }
    expected += "and 2 other paths naming a file already in the batch, solved once (same_files in --json)\n";
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("12 files: 12 solved;"), "{stdout}");
    assert!(stdout.ends_with(&expected), "{stdout}");
}
