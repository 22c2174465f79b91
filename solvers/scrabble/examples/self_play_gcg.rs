//! A self-play game as a GCG record: two engines ranking by equity with the bundled leave values,
//! under the standard rules, the bag shuffled by the seed; the record (players `one` and `two`,
//! `#lexicon` the dictionary's file name) goes to standard output.
//!
//! `cargo run --release -p solvebatch-scrabble --example self_play_gcg -- --seed S [--dictionary FILE]
//! > game.gcg` (the bundled `datasets/scrabble/self-play.gcg` is `--seed 9`).

use std::path::PathBuf;

use clap::Parser;
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::equity::Ranking;
use solvebatch_scrabble::game::gcg::GcgPlayer;
use solvebatch_scrabble::game::selfplay::{play_game, Engine};
use solvebatch_scrabble::{Dictionary, Rulebook, Rules, TileSet};

/// One self-play game, written as GCG.
#[derive(Parser)]
struct Args {
    /// The seed of the bag.
    #[arg(long)]
    seed: u64,
    /// The word list or compiled word graph.
    #[arg(long, default_value = "datasets/scrabble/dictionary.txt")]
    dictionary: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dictionary = Dictionary::load(&args.dictionary)?;
    let (tiles, rules) = (TileSet::standard(), Rules::standard());
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let engine = Engine { ranking: Ranking::Equity, table: LeaveTable::standard() };
    let record = play_game(&rulebook, [engine, engine], args.seed);
    let players = ["one", "two"].map(|nick| GcgPlayer { nick: nick.into(), name: "(self-play)".into() });
    let lexicon = args.dictionary.file_name().map(|name| name.to_string_lossy().into_owned());
    print!("{}", record.to_gcg(&rulebook, players, lexicon).to_gcg());
    Ok(())
}
