//! The strength check: an engine ranking by equity against one ranking by score, under the standard
//! rules with the bundled dictionary and leave values, over pairs of games on the same bag with the
//! sides swapped.
//!
//! `cargo run --release -p solvebatch-scrabble --example equity_vs_score -- --pairs N --seed S
//! [--dictionary FILE] [--leaves FILE]` prints the mean margin of equity per game with its standard
//! error.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::equity::Ranking;
use solvebatch_scrabble::game::selfplay::{duel, Engine};
use solvebatch_scrabble::{Dictionary, Rulebook, Rules, TileSet};

/// Equity against score over pairs of self-play games with the same tile draws.
#[derive(Parser)]
struct Args {
    /// Pairs of games (each pair: the same bag, the sides swapped).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pairs: u64,
    /// The seed of the bags.
    #[arg(long)]
    seed: u64,
    /// The word list or compiled word graph.
    #[arg(long, default_value = "datasets/scrabble/dictionary.txt")]
    dictionary: PathBuf,
    /// A leave file to play with instead of the bundled leave values.
    #[arg(long)]
    leaves: Option<PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dictionary = Dictionary::load(&args.dictionary)?;
    let (tiles, rules) = (TileSet::standard(), Rules::standard());
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let read = |path: &PathBuf| -> anyhow::Result<LeaveTable> {
        let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
        LeaveTable::parse(&text).with_context(|| path.display().to_string())
    };
    let table = args.leaves.as_ref().map(read).transpose()?;
    let table = table.as_ref().unwrap_or_else(|| LeaveTable::standard());
    let equity = Engine { ranking: Ranking::Equity, table };
    let score = Engine { ranking: Ranking::Score, table };
    let started = Instant::now();
    let report = duel(&rulebook, equity, score, args.pairs as usize, args.seed);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "equity vs score: {} games ({} pairs, seed {}): equity {:+.1} ± {:.1} points a game \
         (mean scores {:.1} to {:.1}); equity won {}, drew {}, lost {}; {seconds:.1} s, {:.1} games/s",
        2 * report.pairs,
        report.pairs,
        args.seed,
        report.mean,
        report.standard_error,
        report.mean_scores[0],
        report.mean_scores[1],
        report.wins,
        report.draws,
        report.losses,
        2.0 * report.pairs as f64 / seconds
    );
    Ok(())
}
