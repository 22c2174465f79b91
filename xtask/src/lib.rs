//! Project tasks for the solvebatch workspace: a fuzz harness on stable Rust, and fault trials
//! ([`faults`]: a batch killed at random moments loses and damages nothing).
//!
//! `xtask fuzz` runs the `solvebatch` binary on mutated copies of the bundled datasets, one process
//! per case, and checks that each case exits with 0, 1 or 2, prints no panic, is not killed by a
//! signal and stays within a time and memory limit. A failing input is kept in
//! `tests/fuzz-regressions/`, and `xtask replay` runs those again.
//!
//! Modules: [`mutate`] (the mutations), [`corpus`] (the seeds), [`target`] (the invocations), [`case`]
//! (one run and its verdict), [`fuzz`] (the loop), [`regress`] (the regression files), [`faults`]
//! and [`batch_bench`] (the per-file path's cost against `cat`).

#![warn(missing_docs)]

use std::io;
use std::path::{Path, PathBuf};

use escargot::format::Message;

pub mod batch_bench;
pub mod case;
pub mod corpus;
pub mod faults;
pub mod fuzz;
pub mod history_bench;
pub mod mutate;
pub mod regress;
pub mod target;

/// The workspace root: the folder above this crate's.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Runs `cargo build` with `cargo_args` (for example `["--release", "-p", "solvebatch"]`) and returns
/// the path of the `solvebatch` binary, as cargo's JSON messages report it.
pub fn build_solvebatch(cargo_args: &[&str]) -> io::Result<PathBuf> {
    let failed = |error: escargot::error::CargoError| io::Error::other(format!("cargo build: {error}"));
    let messages = escargot::CargoBuild::new()
        .manifest_path(workspace_root().join("Cargo.toml"))
        .args(cargo_args)
        .exec()
        .map_err(failed)?;
    let mut bin = None;
    for message in messages {
        if let Message::CompilerArtifact(artifact) = message.map_err(failed)?.decode().map_err(failed)? {
            if artifact.target.name == "solvebatch"
                && artifact.target.kind == ["bin"]
                && !artifact.profile.test
            {
                bin = artifact.executable.map(|path| path.into_owned());
            }
        }
    }
    bin.ok_or_else(|| io::Error::other(format!("cargo build {}: no solvebatch binary", cargo_args.join(" "))))
}
