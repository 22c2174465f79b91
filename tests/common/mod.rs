//! What the integration tests share: the `solvebatch` command every test runs, and a temporary folder
//! with files to run it in.

use std::path::Path;

use assert_cmd::Command;
use tempfile::TempDir;

/// The `solvebatch` binary as a child process the test drives itself (FIFOs, signals, pipes held
/// open), without the variables that change the terminal output (`COLUMNS`, `NO_COLOR`, `TERM`), so
/// that a test sees the same output whatever shell started `cargo test`, and without the dictionary
/// cache (`SOLVEBATCH_CACHE_DIR` empty), so that no test writes to the user's cache. A test that
/// needs one of them sets it again.
pub fn child() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_solvebatch"));
    command.env_remove("COLUMNS").env_remove("NO_COLOR").env_remove("TERM").env("SOLVEBATCH_CACHE_DIR", "");
    command
}

/// [`child`] as an `assert_cmd` command, for tests that check its exit status and output.
pub fn solvebatch() -> Command {
    Command::from_std(child())
}

/// [`solvebatch`] run in `dir`.
pub fn command_in(dir: &Path) -> Command {
    let mut command = solvebatch();
    command.current_dir(dir);
    command
}

/// [`command_in`] `dir` with `args`, run to its end: its exit status and both outputs.
pub fn output_in(dir: &Path, args: &[&str]) -> std::process::Output {
    command_in(dir).args(args).output().unwrap()
}

/// `bytes` as UTF-8 text (outputs of the binary are).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// A FIFO at `path`: a test holds a batch with it (opening it for reading waits for a writer).
pub fn mkfifo(path: &Path) {
    let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: mkfifo reads the NUL-terminated name, which lives for the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
}

/// The JSON lines report `text` of `run` (or `merge`) without its first line, which it checks: the
/// `run` line with the options the report was run with.
pub fn run_report_lines(text: &str) -> Vec<serde_json::Value> {
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect();
    assert!(!lines.is_empty(), "an empty report");
    let first = lines.remove(0);
    assert_eq!(first["type"], "run", "the first line: {first}");
    assert!(first["options"]["seed"].is_u64() && first["options"].get("solver").is_some(), "{first}");
    lines
}

/// The file rows of `run . --json - -q` in `dir`, a batch with an invalid file (exit status 1):
/// each row's file, status and message, in report order.
pub fn invalid_run_rows(dir: &Path) -> Vec<[String; 3]> {
    let output = output_in(dir, &["run", ".", "--json", "-", "-q"]);
    assert_eq!(output.status.code(), Some(1));
    let field =
        |record: &serde_json::Value, name: &str| record[name].as_str().unwrap_or_default().to_string();
    run_report_lines(&text(&output.stdout))
        .iter()
        .filter(|record| record["type"] == "file")
        .map(|record| [field(record, "file"), field(record, "status"), field(record, "message")])
        .collect()
}

/// A temporary folder holding `files` (sub-folders created as needed), and [`solvebatch`] run inside
/// it.
pub fn setup(files: &[(&str, &str)]) -> (TempDir, Command) {
    let dir = TempDir::new().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let command = command_in(dir.path());
    (dir, command)
}

/// Twelve tables and every pairing but none with player 0: no round, and a search tree far too large to
/// finish.
pub fn hard_instance() -> String {
    let mut text = String::from("12\n");
    for table in 0..12 {
        for first in 1..24 {
            text.push_str(&format!("{first},{},{table}\n", first % 23 + 1));
        }
    }
    text
}
