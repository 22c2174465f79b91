//! What the integration tests share: a temporary folder with files, and a `solvebatch` command in it.

use assert_cmd::Command;
use tempfile::TempDir;

/// A temporary folder holding `files` (sub-folders created as needed), and a `solvebatch` command run
/// inside it.
pub fn setup(files: &[(&str, &str)]) -> (TempDir, Command) {
    let dir = TempDir::new().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let mut command = Command::cargo_bin("solvebatch").unwrap();
    command.current_dir(dir.path());
    (dir, command)
}

/// As [`setup`], without the variables that change the terminal output (`COLUMNS`, `NO_COLOR`,
/// `TERM`), so that a test sees the same output whatever shell started `cargo test`.
#[allow(dead_code)]
pub fn setup_plain(files: &[(&str, &str)]) -> (TempDir, Command) {
    let (dir, mut command) = setup(files);
    command.env_remove("COLUMNS").env_remove("NO_COLOR").env_remove("TERM");
    (dir, command)
}
