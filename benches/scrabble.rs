//! Scrabble engine speed: move generation over the bundled mid-game positions (7-tile racks, the
//! bundled 270,000-word dictionary), dictionary loading, and the size of the word graph.
//!
//! Run with `cargo bench --bench scrabble`; plays per second is the `generate` group's throughput.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use solvebatch_scrabble::{Dictionary, Move, Position, Rulebook, Rules, TileSet};

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
    group.finish();
}

criterion_group!(benches, benchmarks);
criterion_main!(benches);
