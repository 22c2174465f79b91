//! Scrabble engine speed: move generation over the bundled mid-game positions (7-tile racks, the
//! bundled 270,000-word dictionary) under the spec's rules and the standard rules (with and without a
//! blank on the rack), dictionary loading, the size of the word graph, the word finder on the same
//! racks, a whole solitaire game of 20 turns with hints, and the exact endgame of
//! `datasets/scrabble/endgame-01.cgp` (7 tiles against 4, proved at depth 12).
//!
//! Run with `cargo bench --bench scrabble`; plays per second is the `generate` benchmarks' throughput,
//! generations per second the `generate_positions` one. Per-position medians, the figures to set beside
//! other generators, come from `cargo run --release -p solvebatch-scrabble --example generation_speed`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use solvebatch_scrabble::game::cgp::Cgp;
use solvebatch_scrabble::game::solitaire::run_solitaire;
use solvebatch_scrabble::game::SolitaireGame;
use solvebatch_scrabble::search::endgame::{self, Settings};
use solvebatch_scrabble::tiles::letter::tiles_to_string;
use solvebatch_scrabble::{find_words, Dictionary, Move, Play, Position, Rack, Rulebook, Rules, TileSet};

fn dataset_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/scrabble")
}

/// The mid-game positions, all with 7-tile racks and the bundled dictionary.
fn midgame_positions() -> Vec<Position> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dataset_folder())
        .expect("datasets/scrabble")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("midgame-") && name.ends_with(".scrabble"))
        })
        .collect();
    paths.sort();
    let positions: Vec<Position> = paths
        .iter()
        .map(|path| Position::parse(&std::fs::read_to_string(path).unwrap()).expect("a position"))
        .collect();
    assert!(positions.len() >= 10 && positions.iter().all(|position| position.rack.len() == 7));
    positions
}

fn benchmarks(c: &mut Criterion) {
    let dictionary_path = dataset_folder().join("dictionary.txt");
    let dictionary = Dictionary::load(&dictionary_path).expect("the bundled dictionary");
    let graph = dictionary.graph();
    eprintln!(
        "word graph of {} words: {} nodes, {} edges, {} bytes ({:.2} MiB)",
        graph.word_count(),
        graph.node_count(),
        graph.edge_count(),
        graph.memory_bytes(),
        graph.memory_bytes() as f64 / (1024.0 * 1024.0)
    );
    let tiles = TileSet::standard();
    let rules = Rules::lab();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let positions = midgame_positions();
    let plays: usize =
        positions.iter().map(|position| rulebook.moves(&position.board, &position.rack).len()).sum();
    eprintln!("{} mid-game positions, {plays} plays in all", positions.len());

    let mut group = c.benchmark_group("scrabble");
    group.throughput(Throughput::Elements(plays as u64));
    let mut moves: Vec<Move> = Vec::new();
    group.bench_function("generate", |b| {
        b.iter(|| {
            for position in &positions {
                moves.clear();
                rulebook.moves_into(black_box(&position.board), black_box(&position.rack), &mut moves);
                black_box(&moves);
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("scrabble");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("generate_positions", |b| {
        b.iter(|| {
            for position in &positions {
                moves.clear();
                rulebook.moves_into(black_box(&position.board), black_box(&position.rack), &mut moves);
                black_box(&moves);
            }
        })
    });
    group.bench_function("generate_and_rank_top_10", |b| {
        b.iter(|| {
            for position in &positions {
                black_box(rulebook.best_moves(black_box(&position.board), black_box(&position.rack), 10));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("scrabble_dictionary");
    group.sample_size(10);
    group.throughput(Throughput::Elements(dictionary.len() as u64));
    group.bench_function("load_bundled", |b| {
        b.iter(|| black_box(Dictionary::load(black_box(&dictionary_path)).expect("the bundled dictionary")))
    });
    let compiled = graph.to_bytes();
    eprintln!("compiled word graph: {} bytes", compiled.len());
    group.bench_function("load_compiled_graph", |b| {
        b.iter(|| black_box(Dictionary::from_bytes(black_box(compiled.clone())).expect("a compiled graph")))
    });
    group.finish();

    standard_rules(c, &dictionary, &tiles, &positions);
    word_finder(c, &dictionary, &tiles, &positions);
    solitaire(c, &dictionary, &tiles);
    endgame_solve(c, &dictionary, &tiles);
}

/// The exact endgame of `endgame-01.cgp` under the standard rules, solved until proved (one thread,
/// the default table); the throughput is in positions searched a second, move generation included.
fn endgame_solve(c: &mut Criterion, dictionary: &Dictionary, tiles: &TileSet) {
    let rules = Rules::standard();
    let rulebook = Rulebook { dictionary, tiles, rules: &rules };
    let text = std::fs::read_to_string(dataset_folder().join("endgame-01.cgp")).expect("endgame-01.cgp");
    let cgp: Cgp = text.parse().expect("a CGP position");
    let position = endgame::Position {
        board: cgp.board,
        racks: cgp.racks,
        scoreless_turns: cgp.scoreless_turns as usize,
    };
    let solution = endgame::solve(&rulebook, &position, &Settings::default());
    assert!(solution.proved, "the benchmarked endgame is solved to the end");
    eprintln!("endgame-01: value {}, depth {}, {} positions", solution.value, solution.depth, solution.nodes);
    let mut group = c.benchmark_group("scrabble_endgame");
    group.sample_size(10);
    group.throughput(Throughput::Elements(solution.nodes));
    group.bench_function("solve_endgame_01", |b| {
        b.iter(|| black_box(endgame::solve(&rulebook, black_box(&position), &Settings::default())))
    });
    group.finish();
}

/// The racks of `positions` with their last tile (alphabetically) swapped for a blank.
fn with_a_blank(positions: &[Position]) -> Vec<Position> {
    positions
        .iter()
        .map(|position| {
            let mut rack: String = position.rack.to_string();
            rack.pop();
            rack.push('?');
            Position { rack: rack.parse::<Rack>().expect("a rack"), ..position.clone() }
        })
        .collect()
}

/// Move generation under the standard rules (premium squares, bonus), the racks as they are and with
/// a blank.
fn standard_rules(c: &mut Criterion, dictionary: &Dictionary, tiles: &TileSet, positions: &[Position]) {
    let rules = Rules::standard();
    let rulebook = Rulebook { dictionary, tiles, rules: &rules };
    let blanks = with_a_blank(positions);
    let mut group = c.benchmark_group("scrabble_standard");
    for (name, positions) in [("generate", positions), ("generate_with_a_blank", blanks.as_slice())] {
        let plays: usize =
            positions.iter().map(|position| rulebook.moves(&position.board, &position.rack).len()).sum();
        eprintln!("standard rules, {name}: {plays} plays in all");
        group.throughput(Throughput::Elements(plays as u64));
        let mut moves: Vec<Move> = Vec::new();
        group.bench_function(name, |b| {
            b.iter(|| {
                for position in positions {
                    moves.clear();
                    rulebook.moves_into(black_box(&position.board), black_box(&position.rack), &mut moves);
                    black_box(&moves);
                }
            })
        });
    }
    group.finish();
}

/// The word finder on the mid-game racks (7 tiles) against the bundled dictionary, as they are and with
/// a blank; the throughput is racks.
fn word_finder(c: &mut Criterion, dictionary: &Dictionary, tiles: &TileSet, positions: &[Position]) {
    let blanks = with_a_blank(positions);
    let mut group = c.benchmark_group("scrabble_words");
    group.throughput(Throughput::Elements(positions.len() as u64));
    for (name, positions) in [("find_words", positions), ("find_words_with_a_blank", blanks.as_slice())] {
        let words: usize =
            positions.iter().map(|position| find_words(dictionary, &position.rack, tiles).len()).sum();
        eprintln!("{name}: {words} words for {} racks", positions.len());
        group.bench_function(name, |b| {
            b.iter(|| {
                for position in positions {
                    black_box(find_words(dictionary, black_box(&position.rack), tiles));
                }
            })
        });
    }
    group.finish();
}

/// Turns of the benchmarked game.
const GAME_TURNS: usize = 20;

/// A whole solitaire game under the standard rules, through its text dialogue: each of 20 turns tries
/// the best play's tiles somewhere they are rejected (a hint follows), then plays the best play.
fn solitaire(c: &mut Criterion, dictionary: &Dictionary, tiles: &TileSet) {
    let rules = Rules::standard();
    let rulebook = Rulebook { dictionary, tiles, rules: &rules };
    let seed = 2024;
    let (answers, score) = game_answers(rulebook, seed);
    let mut game = SolitaireGame::new(rulebook, seed).expect("a standard pool");
    let played = run_solitaire(&mut game, 5, answers.as_bytes(), std::io::sink()).expect("no output error");
    assert_eq!(played, score, "the dialogue plays the game as scripted");
    let mut group = c.benchmark_group("scrabble_game");
    group.sample_size(10);
    group.bench_function("solitaire_20_turns_with_hints", |b| {
        b.iter(|| {
            let mut game = SolitaireGame::new(rulebook, seed).expect("a standard pool");
            black_box(run_solitaire(&mut game, 5, black_box(answers.as_bytes()), std::io::sink()))
        })
    });
    group.finish();
}

/// The answers of the benchmarked game, found by playing it through [`SolitaireGame`], and its final score.
fn game_answers(rulebook: Rulebook, seed: u64) -> (String, u32) {
    let mut game = SolitaireGame::new(rulebook, seed).expect("a standard pool");
    let mut answers = String::new();
    let mut answer = |play: &Play| {
        answers.push_str(&format!(
            "yes\n{}\n{} {}\n{}\n",
            tiles_to_string(&play.tiles),
            play.x,
            play.y,
            play.direction
        ));
    };
    let mut hints = [0; 2];
    for _ in 0..GAME_TURNS {
        game.refill();
        let best = rulebook.best_moves(game.board(), game.rack(), 1);
        let best = best.first().expect("a play every turn").play();
        // The same tiles from the squares after the start, or reversed, until rejected.
        let rejected = (1..15)
            .flat_map(|shift| {
                let mut reversed = best.clone();
                reversed.tiles.reverse();
                [Play { x: best.x + shift, ..best.clone() }, Play { y: best.y - shift, ..reversed }]
            })
            // A start square off the board would be asked again, not played.
            .filter(|play| (-7..=7).contains(&play.x) && (-7..=7).contains(&play.y))
            .find(|play| rulebook.check(game.board(), game.rack(), play).is_err())
            .expect("a rejected play");
        hints[usize::from(matches!(
            game.hint(&rejected),
            solvebatch_scrabble::play::hint::Hint::OtherLetters { .. }
        ))] += 1;
        answer(&rejected);
        answer(&best);
        game.play(&best).expect("the best play");
    }
    answers.push_str("no\n");
    eprintln!(
        "solitaire game, seed {seed}: {GAME_TURNS} turns, final score {}, hints: {} same letters, {} other letters",
        game.score(),
        hints[0],
        hints[1]
    );
    (answers, game.score())
}

criterion_group!(benches, benchmarks);
criterion_main!(benches);
