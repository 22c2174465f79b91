//! Learns the leave values by self-play and writes the leave file (`data/leaves.txt`).
//!
//! `cargo run --release -p solvebatch-scrabble --example train_leaves -- --games N --seed S
//! --iterations K [--dictionary FILE] [--output FILE]`; progress goes to standard error.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use solvebatch_scrabble::game::train::{train_leaves, TrainOptions};
use solvebatch_scrabble::{Dictionary, Rulebook, Rules, TileSet};

/// Learns the leave values by self-play under the standard rules.
#[derive(Parser)]
struct Args {
    /// Games per iteration.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The run's seed.
    #[arg(long)]
    seed: u64,
    /// Iterations, each playing with the previous iteration's values.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    iterations: u64,
    /// The word list or compiled word graph.
    #[arg(long, default_value = "datasets/scrabble/dictionary.txt")]
    dictionary: PathBuf,
    /// The leave file to write (replaced whole, never left half-written); default: standard output.
    #[arg(long)]
    output: Option<PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let options =
        TrainOptions { games: args.games as usize, seed: args.seed, iterations: args.iterations as usize };
    let dictionary = Dictionary::load(&args.dictionary)?;
    let (tiles, rules) = (TileSet::standard(), Rules::standard());
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    // The command that rebuilds the file, recorded in its header.
    let mut command = format!(
        "cargo run --release -p solvebatch-scrabble --example train_leaves -- --games {} --seed {} --iterations {}",
        options.games, options.seed, options.iterations
    );
    if let Some(path) = &args.output {
        command.push_str(&format!(" --output {}", path.display()));
    }
    let started = Instant::now();
    let mut last = Instant::now();
    let table = train_leaves(&rulebook, options, &command, |report| {
        let seconds = last.elapsed().as_secs_f64();
        last = Instant::now();
        eprintln!(
            "iteration {}: {} games in {seconds:.1} s ({:.1} games/s, {:.0} turns/s), mean {:.1} points a game, \
             {} samples of {} leaves, {} lines",
            report.iteration,
            report.games,
            report.games as f64 / seconds,
            report.turns as f64 / seconds,
            report.mean_game_points,
            report.samples,
            report.leaves,
            report.lines
        );
    });
    eprintln!("{:.1} s in all", started.elapsed().as_secs_f64());
    let text = table.to_file_text();
    match &args.output {
        Some(path) => write_whole(path, text.as_bytes()).with_context(|| path.display().to_string()),
        None => Ok(std::io::stdout().write_all(text.as_bytes())?),
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    let folder = path.parent().filter(|folder| !folder.as_os_str().is_empty()).unwrap_or(".".as_ref());
    let mut file = tempfile::NamedTempFile::new_in(folder)?;
    file.write_all(bytes)?;
    file.persist(path)?;
    Ok(())
}
