//! `solvebatch tictactoe FILE|-`: replay one ultimate tic-tac-toe game and print its output.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `solvebatch tictactoe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game file (`n m`, then `m` moves `P x y`), or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub input: PathBuf,

    /// Write the output to this file (replaced whole, never half-written) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Replays the game and prints the messages, the macroboard, the verdict and the attention lines.
///
/// # Errors
/// The file cannot be read or is malformed (`FILE: line N: ...`), or the output cannot be written.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if let Some(output) = &args.output {
        let mut reads = crate::reads::Reads::default();
        reads.add("the input", &args.input);
        reads.check(output, "--output")?;
    }
    let text = crate::text::read_named_text(&args.input)?;
    let name = crate::text::name(&args.input);
    let replayed = solvebatch_tictactoe::replay(&text).map_err(|error| anyhow::anyhow!("{name}: {error}"))?;
    crate::output::write_file(args.output.as_deref().unwrap_or(Path::new("-")), replayed.output.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
