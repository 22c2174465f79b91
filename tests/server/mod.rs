//! What the web app's tests share: `solvebatch serve` started on a free port of the loopback
//! address, stopped when the test ends, however it ends.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

/// A running `solvebatch serve`, killed when dropped.
pub struct Server {
    child: Child,
    /// Kept open: the server may print to it.
    _stdout: BufReader<ChildStdout>,
    /// The address it printed, such as `http://127.0.0.1:40123/`.
    pub url: String,
}

impl Server {
    /// Starts `solvebatch serve --port 0` with `args` in the repository's folder and waits for the
    /// address it prints.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_solvebatch"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(repository())
            // No test writes to the user's dictionary cache.
            .env("SOLVEBATCH_CACHE_DIR", "")
            .stdout(Stdio::piped())
            .spawn()
            .expect("solvebatch serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("standard output is piped"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the server prints its address");
        let mut server = Server { child, _stdout: stdout, url: String::new() };
        let start =
            line.find("http://").unwrap_or_else(|| panic!("no address in the server's first line {line:?}"));
        server.url = line[start..].split_whitespace().next().unwrap_or_default().to_string();
        server
    }

    /// The full address of `path` (which starts with `/`).
    pub fn at(&self, path: &str) -> String {
        format!("{}{}", self.url.trim_end_matches('/'), path)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The repository's folder.
pub fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of `datasets/`.
pub fn dataset(path: &str) -> PathBuf {
    repository().join("datasets").join(path)
}
