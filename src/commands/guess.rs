//! `solvebatch guess`: play as codebreaker or host on the terminal (or through pipes), and simulate
//! strategies over many secrets.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, Context};
use serde::Serialize;
use solvebatch_guess::{self as guess, Codebreaker, Digits, Ending, Host, Strategy, Summary};

use crate::options::UsageError;
use crate::output::write_atomic;

/// Arguments of `solvebatch guess`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: GuessCommand,
}

/// What `solvebatch guess` does.
#[derive(Debug, clap::Subcommand)]
pub enum GuessCommand {
    /// Think of a number: the program guesses, you type how many digits match after each guess
    /// (exit status 1 when the answers contradict each other).
    Play {
        /// Number of digits of the secret (2 to 9).
        #[arg(long, default_value = "4", value_name = "D", value_parser = digits)]
        digits: Digits,
        /// How the program guesses: first, minimax, max-parts or entropy.
        #[arg(long, default_value = "first", value_name = "S", value_parser = strategy)]
        strategy: &'static dyn Strategy,
    },
    /// The program picks a number, you guess it; after each guess it says how many digits match.
    Host {
        /// Number of digits of the secret (2 to 9).
        #[arg(long, default_value = "4", value_name = "D", value_parser = digits)]
        digits: Digits,
        /// Seed for picking the secret: the same seed gives the same secret; default: a new secret
        /// every game.
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
    },
    /// Play every secret (or those listed) with a strategy, in parallel, and report the worst case,
    /// the mean, a histogram of guess counts and the time taken.
    Simulate {
        /// The strategy: first, minimax, max-parts or entropy.
        #[arg(long, default_value = "first", value_name = "S", value_parser = strategy)]
        strategy: &'static dyn Strategy,
        /// Number of digits (2 to 9; the scoring strategies stop at 5).
        #[arg(long, default_value = "4", value_name = "D", value_parser = digits)]
        digits: Digits,
        /// Play only the secrets listed in this file (numbers separated by blanks or lines, `#`
        /// comments); default: every number of the range.
        #[arg(long, value_name = "FILE")]
        secrets: Option<PathBuf>,
        /// Also write the figures as JSON to this file.
        #[arg(long, value_name = "F")]
        json: Option<PathBuf>,
    },
}

fn digits(text: &str) -> Result<Digits, String> {
    let d: u32 = text.parse().map_err(|_| format!("`{text}` is not a number of digits"))?;
    Digits::new(d).map_err(|error| error.to_string())
}

fn strategy(name: &str) -> Result<&'static dyn Strategy, String> {
    guess::strategy(name).map_err(|error| error.to_string())
}

/// Runs `solvebatch guess`.
///
/// # Errors
/// A strategy asked for more digits than it handles (usage error), an unreadable or invalid secrets
/// file (`FILE: line N: ...`), a failed read or write.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    match &args.command {
        GuessCommand::Play { digits, strategy } => play(*digits, *strategy),
        GuessCommand::Host { digits, seed } => host(*digits, *seed),
        GuessCommand::Simulate { strategy, digits, secrets, json } => {
            simulate(*strategy, *digits, secrets.as_deref(), json.as_deref())
        }
    }
}

/// The program guesses; exit status 1 when the answers contradict each other.
fn play(digits: Digits, strategy: &'static dyn Strategy) -> anyhow::Result<ExitCode> {
    let mut game = Codebreaker::new(digits, strategy).map_err(|error| UsageError(error.to_string()))?;
    let ending = guess::play(&mut std::io::stdin().lock(), &mut std::io::stdout().lock(), &mut game)?;
    Ok(match ending {
        Ending::Inconsistent(_) => ExitCode::FAILURE,
        Ending::Found(_) | Ending::EndOfInput(_) => ExitCode::SUCCESS,
    })
}

/// The program hosts, with a seeded or a fresh random secret.
fn host(digits: Digits, seed: Option<u64>) -> anyhow::Result<ExitCode> {
    let host = match seed {
        Some(seed) => Host::seeded(digits, seed),
        None => Host::random(digits),
    };
    guess::host(&mut std::io::stdin().lock(), &mut std::io::stdout().lock(), &host)?;
    Ok(ExitCode::SUCCESS)
}

/// Plays the secrets, prints the report and writes the JSON export.
fn simulate(
    strategy: &'static dyn Strategy,
    digits: Digits,
    secrets: Option<&Path>,
    json: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    strategy.check_digits(digits).map_err(|error| UsageError(error.to_string()))?;
    let secrets = secrets.map(|path| read_secrets(path, digits)).transpose()?;
    let started = Instant::now();
    let simulation = guess::simulate(strategy, digits, secrets.as_deref(), None)?;
    let seconds = started.elapsed().as_secs_f64();
    let summary = simulation.summary();
    std::io::stdout().lock().write_all(report(&summary, seconds).as_bytes())?;
    if let Some(path) = json {
        let mut text = serde_json::to_string_pretty(&Export { summary: &summary, seconds })?;
        text.push('\n');
        write_atomic(path, text.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The secrets listed in `path`.
///
/// # Errors
/// The file cannot be read, holds a field that is no `digits`-digit number (`FILE: line N: ...`), or
/// lists nothing.
fn read_secrets(path: &Path, digits: Digits) -> anyhow::Result<Vec<u32>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("{}: cannot read", path.display()))?;
    let secrets =
        guess::parse_secrets(&text, digits).map_err(|error| anyhow!("{}: {error}", path.display()))?;
    if secrets.is_empty() {
        anyhow::bail!("{}: lists no secret", path.display());
    }
    Ok(secrets)
}

/// The JSON export of a simulation: the summary and the wall time in seconds.
#[derive(Serialize)]
struct Export<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    seconds: f64,
}

/// The simulation report printed on standard output.
fn report(summary: &Summary, seconds: f64) -> String {
    let mut worst: Vec<String> = summary.worst_secrets.iter().take(5).map(u32::to_string).collect();
    if summary.worst_secrets.len() > 5 {
        worst.push("...".to_string());
    }
    format!(
        "strategy {}, {} digits, {}\nworst case: {} ({})\nmean: {:.4} guesses\n{}time: {}\n",
        summary.strategy,
        summary.digits,
        counted(summary.secrets, "secret", "secrets"),
        counted(summary.worst_case as usize, "guess", "guesses"),
        worst.join(" "),
        summary.mean,
        summary.chart(50),
        duration(seconds)
    )
}

/// `count` and the noun in the form that agrees with it: `1 guess`, `6 guesses`.
fn counted(count: usize, singular: &str, plural: &str) -> String {
    format!("{count} {}", if count == 1 { singular } else { plural })
}

/// `12.3 ms` below a second, `1.23 s` above.
fn duration(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1000.0)
    } else {
        format!("{seconds:.2} s")
    }
}
