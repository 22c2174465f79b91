//! `solvebatch guess` (placeholder until the family crate lands).

use std::process::ExitCode;

/// Arguments of `solvebatch guess`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `solvebatch guess`.
pub fn run(_args: &Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not available yet")
}
