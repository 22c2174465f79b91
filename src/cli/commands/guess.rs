//! `solvebatch guess`: play as codebreaker or host on the terminal (or through pipes), and simulate
//! strategies over many secrets.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::anyhow;
use solvebatch_guess::{self as guess, Codebreaker, Digits, Ending, Host, Solver};

use crate::cli::args::ReportArgs;
use crate::error::UsageError;
use crate::output::write_file;
use crate::report::FigureExporters;
use solvebatch_guess::figures::SimulationFigures;

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
        /// How the program guesses: first, minimax, max-parts, entropy or optimal.
        #[arg(long, default_value = "first", value_name = "S", value_parser = strategy)]
        strategy: &'static dyn Solver,
    },
    /// The program picks a number, you guess it; after each guess it says how many digits match.
    Host {
        /// Number of digits of the secret (2 to 9).
        #[arg(long, default_value = "4", value_name = "D", value_parser = digits)]
        digits: Digits,
        /// Seed for picking the secret: the same seed gives the same secret; default: a new secret
        /// every game.
        #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
        seed: Option<u64>,
    },
    /// Play every secret (or those listed) with one or more strategies, in parallel, and report the
    /// worst case, the mean, a histogram of guess counts and the time taken.
    #[command(after_help = "\
Examples:
  solvebatch guess simulate --strategy max-parts
  solvebatch guess simulate --strategy first,minimax,entropy --html s.html
  solvebatch guess simulate --secrets mine.txt --json - --transcript t.txt")]
    Simulate {
        /// The strategies, separated by commas: first, minimax, max-parts, entropy or optimal.
        #[arg(long, default_value = "first", value_name = "S", value_parser = strategy, value_delimiter = ',')]
        strategy: Vec<&'static dyn Solver>,
        /// Number of digits (2 to 9; the scoring strategies stop at 5, optimal at 4).
        #[arg(long, default_value = "4", value_name = "D", value_parser = digits)]
        digits: Digits,
        /// Play only the secrets listed in this file (numbers separated by blanks or lines, `#`
        /// comments); default: every number of the range.
        #[arg(long, value_name = "FILE")]
        secrets: Option<PathBuf>,
        #[command(flatten)]
        reports: ReportArgs,
        /// Also write every game to this file, one line per secret: `secret g1 g2 ... gn` (one
        /// strategy only; `-` for standard output).
        #[arg(long, value_name = "FILE")]
        transcript: Option<PathBuf>,
    },
    /// Prove the fewest guesses that any strategy needs in the worst case, by exhaustive search along
    /// a chain of boxes that an opponent answering 0 walks down; prints each box, its worst case and
    /// why one guess fewer fails, then the bound and the time.
    Bound {
        /// Number of digits (2 to 5; 4 takes a fraction of a second, 5 much longer).
        #[arg(long, default_value = "4", value_name = "D", value_parser = digits)]
        digits: Digits,
    },
}

/// A number of digits, in the game's words for a whole number out of range (`the number of digits
/// must be from 2 to 9, not 1`), in [`crate::cli::values::whole`]'s for anything else.
fn digits(text: &str) -> Result<Digits, String> {
    let d = match text.parse::<u32>() {
        Ok(d) => d,
        Err(_) => crate::cli::values::whole("a number of digits", Digits::MIN..=Digits::MAX)(text)?,
    };
    Digits::new(d).map_err(|error| error.to_string())
}

fn strategy(name: &str) -> Result<&'static dyn Solver, String> {
    guess::solver(name).map_err(|error| error.to_string())
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
        GuessCommand::Simulate { strategy, digits, secrets, reports, transcript } => Simulate {
            strategies: strategy,
            digits: *digits,
            secrets: secrets.as_deref(),
            reports,
            transcript: transcript.as_deref(),
        }
        .run(),
        GuessCommand::Bound { digits } => bound(*digits),
    }
}

/// The program guesses; exit status 1 when the answers contradict each other.
fn play(digits: Digits, strategy: &'static dyn Solver) -> anyhow::Result<ExitCode> {
    let mut game = Codebreaker::new(digits, strategy).map_err(|error| UsageError(error.to_string()))?;
    // Ctrl-C ends the game's input, so the game ends as at the end of a pipe.
    let mut input = std::io::BufReader::new(crate::game_input::GameInput::start());
    let ending = guess::play(&mut input, &mut std::io::stdout().lock(), &mut game)?;
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
    // Ctrl-C ends the game's input: the secret is told before the end, as at the end of a pipe.
    let mut input = std::io::BufReader::new(crate::game_input::GameInput::start());
    guess::host(&mut input, &mut std::io::stdout().lock(), &host)?;
    Ok(ExitCode::SUCCESS)
}

/// What `solvebatch guess simulate` was asked.
struct Simulate<'a> {
    strategies: &'a [&'static dyn Solver],
    digits: Digits,
    secrets: Option<&'a Path>,
    reports: &'a ReportArgs,
    transcript: Option<&'a Path>,
}

impl Simulate<'_> {
    /// Plays the secrets with each strategy, then writes the reports and the transcript.
    fn run(&self) -> anyhow::Result<ExitCode> {
        for strategy in self.strategies {
            strategy.check_digits(self.digits).map_err(|error| UsageError(error.to_string()))?;
        }
        if self.transcript.is_some() && self.strategies.len() > 1 {
            return Err(UsageError("--transcript takes one strategy".to_string()).into());
        }
        let mut reads = crate::reads::Reads::default();
        if let Some(secrets) = self.secrets {
            reads.add("the secrets file", secrets);
        }
        reads.check_reports(&self.reports.files())?;
        if let Some(path) = self.transcript {
            reads.check(path, "--transcript")?;
        }
        let exporters = FigureExporters::open(&self.reports.files())?;
        let secrets = self.secrets.map(|path| read_secrets(path, self.digits)).transpose()?;
        let started = Instant::now();
        let mut summaries = Vec::with_capacity(self.strategies.len());
        for strategy in self.strategies {
            let simulation =
                guess::simulate(*strategy, self.digits, secrets.as_deref(), guess::Deadline::NEVER)?;
            if let Some(path) = self.transcript {
                write_file(path, simulation.transcript().as_bytes())?;
            }
            summaries.push(simulation.summary());
        }
        exporters.finish(&SimulationFigures { summaries }, started.elapsed().as_secs_f64())?;
        Ok(ExitCode::SUCCESS)
    }
}

/// Proves the minimum worst case and prints the chain of boxes, the bound and the time.
fn bound(digits: Digits) -> anyhow::Result<ExitCode> {
    if digits.get() > BOUND_MAX_DIGITS {
        return Err(
            UsageError(format!("bound handles at most {BOUND_MAX_DIGITS} digits, not {digits}")).into()
        );
    }
    let started = Instant::now();
    let bound = guess::minimum_worst_case(digits, guess::Deadline::NEVER)?;
    let seconds = started.elapsed().as_secs_f64();
    let time = crate::report::style::duration(seconds * 1000.0);
    writeln!(std::io::stdout().lock(), "{bound}time: {time}")?;
    Ok(ExitCode::SUCCESS)
}

/// The most digits `bound` accepts: at 6 digits the exhaustive search would not end in reasonable time.
const BOUND_MAX_DIGITS: u32 = 5;

/// The secrets listed in `path`.
///
/// # Errors
/// The file cannot be read, holds a field that is no `digits`-digit number (`FILE: line N: ...`), or
/// lists nothing.
fn read_secrets(path: &Path, digits: Digits) -> anyhow::Result<Vec<u32>> {
    let text = crate::text::read(path)?;
    let secrets = guess::secrets::parse_secrets(&text, digits)
        .map_err(|error| anyhow!("{}: {error}", path.display()))?;
    if secrets.is_empty() {
        anyhow::bail!("{}: lists no secret", path.display());
    }
    Ok(secrets)
}
