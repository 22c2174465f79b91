//! `solvebatch tictactoe FILE|-`: replay one ultimate tic-tac-toe game and print its output.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Arguments of `solvebatch tictactoe`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game file (`n m`, then `m` moves `P x y`), or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub input: PathBuf,

    /// Write the output to this file (replaced atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Replays the game and prints the messages, the macroboard, the verdict and the attention lines.
///
/// # Errors
/// The file cannot be read or is malformed (`FILE: line N: ...`), or the output cannot be written.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let (name, text) = if args.input.as_os_str() == "-" {
        let mut text = Vec::new();
        std::io::stdin().lock().read_to_end(&mut text).context("standard input: cannot read")?;
        ("standard input".to_string(), text)
    } else {
        let name = args.input.display().to_string();
        let text = std::fs::read(&args.input).with_context(|| format!("{name}: cannot read"))?;
        (name, text)
    };
    let replayed = solvebatch_tictactoe::replay(&text).map_err(|error| anyhow::anyhow!("{name}: {error}"))?;
    match &args.output {
        Some(path) => crate::output::write_atomic(path, replayed.output.as_bytes())?,
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(replayed.output.as_bytes())?;
            stdout.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
