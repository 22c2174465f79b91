//! The strength check: an engine ranking by equity against one ranking by score, under the standard
//! rules with the bundled dictionary and leave values, over pairs of games on the same bag with the
//! sides swapped.
//!
//! Usage: `cargo run --release -p solvebatch-scrabble --example equity_vs_score -- --pairs N --seed S
//! [--dictionary FILE] [--leaves FILE]`; prints the mean margin of equity per game with its standard
//! error. `--leaves` plays with the values of that leave file instead of the bundled ones.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use solvebatch_scrabble::{duel, Dictionary, Engine, LeaveTable, Ranking, Rulebook, Rules, TileSet};

const USAGE: &str = "usage: equity_vs_score --pairs N --seed S [--dictionary FILE] [--leaves FILE]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut pairs, mut seed) = (0, 0);
    let mut dictionary = PathBuf::from("datasets/scrabble/dictionary.txt");
    let mut leaves = None;
    for pair in args.chunks(2) {
        match (pair, pair.get(1).map(|value| value.parse::<u64>())) {
            ([name, _], Some(Ok(n))) if name == "--pairs" => pairs = n as usize,
            ([name, _], Some(Ok(n))) if name == "--seed" => seed = n,
            ([name, value], _) if name == "--dictionary" => dictionary = PathBuf::from(value),
            ([name, value], _) if name == "--leaves" => leaves = Some(PathBuf::from(value)),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if pairs == 0 {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let dictionary = match Dictionary::load(&dictionary) {
        Ok(dictionary) => dictionary,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let (tiles, rules) = (TileSet::standard(), Rules::standard());
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let read = leaves.map(|path| {
        let text = std::fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
        LeaveTable::parse(&text).map_err(|error| format!("{}: {error}", path.display()))
    });
    let table = match read.transpose() {
        Ok(table) => table,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let table = table.as_ref().unwrap_or_else(|| LeaveTable::standard());
    let equity = Engine { ranking: Ranking::Equity, table };
    let score = Engine { ranking: Ranking::Score, table };
    let started = Instant::now();
    let report = duel(&rulebook, equity, score, pairs, seed);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "equity vs score: {} games ({} pairs, seed {seed}): equity {:+.1} ± {:.1} points a game \
         (mean scores {:.1} to {:.1}); equity won {}, drew {}, lost {}; {seconds:.1} s, {:.1} games/s",
        2 * report.pairs,
        report.pairs,
        report.mean,
        report.standard_error,
        report.mean_scores[0],
        report.mean_scores[1],
        report.wins,
        report.draws,
        report.losses,
        2.0 * report.pairs as f64 / seconds
    );
    ExitCode::SUCCESS
}
