//! `solvebatch tictactoe` (placeholder until the family crate lands).

use std::process::ExitCode;

/// Arguments of `solvebatch tictactoe`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `solvebatch tictactoe`.
pub fn run(_args: &Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not available yet")
}
