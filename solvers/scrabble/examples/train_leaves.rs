//! Learns the leave values by self-play and writes the leave file (`data/leaves.txt`).
//!
//! Usage: `cargo run --release -p solvebatch-scrabble --example train_leaves -- --games N --seed S
//! --iterations K [--dictionary FILE] [--output FILE]`; defaults: the bundled dictionary
//! (`datasets/scrabble/dictionary.txt`) and standard output. Progress goes to standard error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use solvebatch_scrabble::{train_leaves, Dictionary, Rulebook, Rules, TileSet, TrainOptions};

const USAGE: &str =
    "usage: train_leaves --games N --seed S --iterations K [--dictionary FILE] [--output FILE]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = TrainOptions { games: 0, seed: 0, iterations: 0 };
    let mut dictionary = PathBuf::from("datasets/scrabble/dictionary.txt");
    let mut output = None;
    for pair in args.chunks(2) {
        let [name, value] = pair else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        let number = value.parse::<u64>();
        match (name.as_str(), number) {
            ("--games", Ok(n)) => options.games = n as usize,
            ("--seed", Ok(n)) => options.seed = n,
            ("--iterations", Ok(n)) => options.iterations = n as usize,
            ("--dictionary", _) => dictionary = PathBuf::from(value),
            ("--output", _) => output = Some(PathBuf::from(value)),
            _ => {
                eprintln!("{name} {value}: {USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if options.games == 0 || options.iterations == 0 {
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
    let mut command = format!(
        "cargo run --release -p solvebatch-scrabble --example train_leaves -- --games {} --seed {} --iterations {}",
        options.games, options.seed, options.iterations
    );
    if let Some(path) = &output {
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
    let written = match output {
        Some(path) => std::fs::write(&path, text).map_err(|error| format!("{}: {error}", path.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    };
    if let Err(error) = written {
        eprintln!("{error}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
