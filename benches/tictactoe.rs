//! Parse + replay of generated ultimate tic-tac-toe games of a million moves.
//!
//! `n = 10` is the assignment's largest board (100 × 100 cells): it fills after about 10^4 rounds,
//! every third move is invalid so the diagonal fallback runs, and after `FULL BOARD` the remaining
//! moves are still read and checked. `n = 32` (1024 × 1024 cells) never fills, so every move goes
//! through the rules. Throughput is reported in moves per second.
//!
//! The `n = 10` game is also written to `solvebatch-tictactoe-bench.in` in the temporary folder, so
//! that the floor of reading its tokens at all can be timed on the same bytes (`time wc -w FILE`).

use std::fmt::Write;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use proptest::prelude::RngExt;
use proptest::test_runner::{RngAlgorithm, TestRng};
use solvebatch_tictactoe::replay;

const MOVES: usize = 1_000_000;

/// A game of `moves` moves, always in turn, from a ChaCha generator seeded with `seed`. One move in
/// three is invalid: a negative row, a column past the board, or the cell the previous move asked for
/// (which that move filled, unless it was itself refused).
fn generated_game(n: usize, moves: usize, seed: u8) -> String {
    let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]);
    let side = (n * n) as i32;
    let mut text = String::with_capacity(moves * 12);
    writeln!(text, "{n} {moves}").unwrap();
    let mut previous = (0, 0);
    for index in 0..moves {
        let player = if index % 2 == 0 { 'X' } else { '0' };
        let cell = match rng.random_range(0..6) {
            0 => (rng.random_range(-side..0), rng.random_range(0..side)),
            1 => (rng.random_range(0..side), rng.random_range(side..2 * side)),
            2 => previous,
            _ => (rng.random_range(0..side), rng.random_range(0..side)),
        };
        writeln!(text, "{player} {} {}", cell.0, cell.1).unwrap();
        previous = cell;
    }
    text
}

fn bench_replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe");
    group.sample_size(30);
    group.throughput(Throughput::Elements(MOVES as u64));
    for (n, seed) in [(10, 1), (32, 2)] {
        let game = generated_game(n, MOVES, seed);
        if n == 10 {
            let path = std::env::temp_dir().join("solvebatch-tictactoe-bench.in");
            std::fs::write(&path, &game).expect("the temporary folder is writable");
        }
        group.bench_function(format!("parse + replay, n = {n}, m = 10^6"), |b| {
            b.iter(|| replay(black_box(game.as_bytes())).expect("a generated game is well formed"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
