//! `solvebatch scrabble` (placeholder until the family crate lands).

use std::process::ExitCode;

/// Arguments of `solvebatch scrabble`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `solvebatch scrabble`.
pub fn run(_args: &Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not available yet")
}
