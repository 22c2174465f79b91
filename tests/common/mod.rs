//! What the integration tests share: a temporary folder with files, and a `solvebatch` command in it.

use assert_cmd::Command;
use tempfile::TempDir;

/// A temporary folder holding `files` (sub-folders created as needed), and a `solvebatch` command run
/// inside it, without the variables that change the terminal output (`COLUMNS`, `NO_COLOR`, `TERM`),
/// so that a test sees the same output whatever shell started `cargo test`, and without the
/// dictionary cache (`SOLVEBATCH_CACHE_DIR` empty), so that no test writes to the user's cache.
pub fn setup(files: &[(&str, &str)]) -> (TempDir, Command) {
    let dir = TempDir::new().unwrap();
    for (name, text) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let mut command = Command::cargo_bin("solvebatch").unwrap();
    command
        .current_dir(dir.path())
        .env_remove("COLUMNS")
        .env_remove("NO_COLOR")
        .env_remove("TERM")
        .env("SOLVEBATCH_CACHE_DIR", "");
    (dir, command)
}

/// Twelve tables and every pairing but none with player 0: no round, and a search tree far too large to
/// finish.
#[allow(dead_code)]
pub fn hard_instance() -> String {
    let mut text = String::from("12\n");
    for table in 0..12 {
        for first in 1..24 {
            text.push_str(&format!("{first},{},{table}\n", first % 23 + 1));
        }
    }
    text
}
