//! Writes mid-game position files and their references: seeded solitaire games with the standard
//! tiles, each turn playing one of the 8 best plays at random, stopped after 6 to 10 turns with a
//! fresh rack of 7.
//!
//! Usage: `cargo run --release -p solvebatch-scrabble --example midgame_positions -- FOLDER COUNT SEED`
//! with the dictionary at `FOLDER/dictionary.txt`; writes `FOLDER/midgame-NN.scrabble` and
//! `FOLDER/midgame-NN.scrabble.expected` (the references are this engine's own report: a test confirms
//! every play in them with the play checker).

use std::path::PathBuf;
use std::process::ExitCode;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use solvebatch_scrabble::batch::position::DEFAULT_TOP;
use solvebatch_scrabble::tiles::rack::RACK_SIZE;
use solvebatch_scrabble::{Board, Dictionary, Letter, Position, Rack, Rulebook, Rules, Solver, TileSet};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [folder, count, seed] = args.as_slice() else {
        eprintln!("usage: midgame_positions FOLDER COUNT SEED");
        return ExitCode::from(2);
    };
    let (Ok(count), Ok(seed)) = (count.parse::<u64>(), seed.parse::<u64>()) else {
        eprintln!("COUNT and SEED are non-negative integers");
        return ExitCode::from(2);
    };
    let folder = PathBuf::from(folder);
    let dictionary = match Dictionary::load(&folder.join("dictionary.txt")) {
        Ok(dictionary) => dictionary,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let tiles = TileSet::standard();
    let rules = Rules::lab();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    for number in 1..=count {
        let (position, turns) = midgame(&rulebook, &tiles, seed + number);
        let name = format!("midgame-{number:02}.scrabble");
        let mut text = format!(
            "# A position after {turns} turns of a solitaire game (examples/midgame_positions.rs, seed {}).\n\
             dictionary: dictionary.txt\nrack: {}\n",
            seed + number,
            position.rack
        );
        for play in &position.plays {
            text.push_str(&format!("play: {play}\n"));
        }
        text.push_str("board:\n");
        for row in position.board.to_rows() {
            text.push_str(&row);
            text.push('\n');
        }
        let solution = position
            .solve(&rulebook, Solver::Anchor, solvebatch_scrabble::Deadline::NEVER)
            .expect("no deadline");
        let written = std::fs::write(folder.join(&name), text)
            .and_then(|()| std::fs::write(folder.join(format!("{name}.expected")), solution.text));
        if let Err(error) = written {
            eprintln!("{}: {error}", folder.join(name).display());
            return ExitCode::FAILURE;
        }
        println!("{name}: {} plays", solution.move_count);
    }
    ExitCode::SUCCESS
}

/// A mid-game position of the game seeded with `seed` and the number of turns played. Its plays are the
/// best play and the same letters reversed from the same square.
fn midgame(rulebook: &Rulebook, tiles: &TileSet, seed: u64) -> (Position, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pool: Vec<Letter> =
        Letter::all().flat_map(|letter| std::iter::repeat_n(letter, tiles.count(letter) as usize)).collect();
    pool.shuffle(&mut rng);
    let mut board = Board::new();
    let mut rack: Vec<Letter> = Vec::new();
    let turns = rng.random_range(6..=10);
    let mut played = 0;
    for _ in 0..turns {
        refill(&mut rack, &mut pool);
        let moves = rulebook.best_moves(&board, &Rack::new(&rack).expect("7 tiles"), 8);
        if moves.is_empty() {
            break;
        }
        let chosen = moves[rng.random_range(0..moves.len())];
        let play = chosen.play();
        let scored =
            rulebook.check(&board, &Rack::new(&rack).expect("7 tiles"), &play).expect("a listed play");
        scored.apply(&mut board);
        for tile in &play.tiles {
            let index = rack.iter().position(|&letter| letter == tile.letter).expect("on the rack");
            rack.swap_remove(index);
        }
        played += 1;
    }
    refill(&mut rack, &mut pool);
    let rack = Rack::new(&rack).expect("7 tiles");
    let mut plays = Vec::new();
    if let Some(best) = rulebook.best_moves(&board, &rack, 1).first() {
        let play = best.play();
        let mut reversed = play.clone();
        reversed.tiles.reverse();
        plays.push(play.clone());
        if reversed != play {
            plays.push(reversed);
        }
    }
    (
        Position { dictionary: None, tiles: None, rules: Rules::lab(), rack, top: DEFAULT_TOP, plays, board },
        played,
    )
}

fn refill(rack: &mut Vec<Letter>, pool: &mut Vec<Letter>) {
    while rack.len() < RACK_SIZE {
        match pool.pop() {
            Some(letter) => rack.push(letter),
            None => break,
        }
    }
}
