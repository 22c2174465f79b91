//! Move generation speed on position files: for each, the median time of one full generation (every
//! valid play, unsorted, into a reused vector), its plays, and generations and plays per second.
//!
//! Usage: `cargo run --release -p solvebatch-scrabble --example generation_speed -- [--standard] REPS
//! ROUNDS FILE...`: each round times `REPS` generations after `REPS` untimed ones; the median of the
//! `ROUNDS` rounds is reported. `--standard` uses the standard rules (premium squares, bonus) whatever
//! the files say. The dictionary is the first file's `dictionary:` line, relative to that file.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use solvebatch_scrabble::{Dictionary, Move, Position, Rulebook, Rules, TileSet};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let standard = args.first().is_some_and(|arg| arg == "--standard");
    if standard {
        args.remove(0);
    }
    let (Some(Ok(reps)), Some(Ok(rounds))) =
        (args.first().map(|n| n.parse::<usize>()), args.get(1).map(|n| n.parse::<usize>()))
    else {
        eprintln!("usage: generation_speed [--standard] REPS ROUNDS FILE...");
        return ExitCode::from(2);
    };
    let files = &args[2..];
    let Some(first) = files.first() else {
        eprintln!("no position file");
        return ExitCode::from(2);
    };
    let parse =
        |file: &String| Position::parse(&std::fs::read_to_string(file).expect("readable")).expect("valid");
    let positions: Vec<Position> = files.iter().map(parse).collect();
    let folder = Path::new(first).parent().unwrap_or(Path::new("."));
    let name = positions[0].dictionary.as_deref().expect("a dictionary: line");
    let dictionary = Dictionary::load(&folder.join(name)).expect("the dictionary");
    let tiles = TileSet::standard();
    let mut moves: Vec<Move> = Vec::new();
    let (mut total_time, mut total_plays) = (0.0, 0);
    println!("position\tplays\tmedian µs\tgenerations/s\tplays/s");
    for (file, position) in files.iter().zip(&positions) {
        let rules = if standard { Rules::standard() } else { position.rules.clone() };
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let mut generate = || {
            moves.clear();
            rulebook.moves_into(std::hint::black_box(&position.board), &position.rack, &mut moves);
        };
        (0..reps).for_each(|_| generate());
        let mut times: Vec<f64> = (0..rounds)
            .map(|_| {
                let start = Instant::now();
                (0..reps).for_each(|_| generate());
                start.elapsed().as_secs_f64() / reps as f64
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let stem = Path::new(file).file_stem().map_or_else(String::new, |stem| stem.to_string_lossy().into());
        println!(
            "{stem}\t{}\t{:.2}\t{:.0}\t{:.0}",
            moves.len(),
            median * 1e6,
            1.0 / median,
            moves.len() as f64 / median
        );
        total_time += median;
        total_plays += moves.len();
    }
    println!(
        "all {}\t{total_plays}\t{:.2}\t{:.0}\t{:.0}",
        positions.len(),
        total_time * 1e6,
        positions.len() as f64 / total_time,
        total_plays as f64 / total_time
    );
    ExitCode::SUCCESS
}
