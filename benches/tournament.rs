//! Benchmarks of the tournament family: parse + the reference backtracking matcher on the spec example
//! and on a 30-table instance; `dlx` on the slowest of its 45-table regular instances of degree 5, 6
//! and 7 (goal: every one under 1 s); `dlx-restarts` against `dlx` on the 45-table instance of degree
//! 6, seed 4, whose round the plain search finds late (28 M options tried, against 0.88 M with
//! restarts); `sat` on 30- and 45-table ones. The 60-table instances (goal:
//! under 10 s each) take too long for criterion's repeated samples: `solvebatch compare` times them.
//! Every solver on 40 000 and 200 000 tables with one pairing each, where the work is the set-up and
//! a run of forced choices (goal: linear in the input, 40 000 tables under 0.5 s).
//!
//! `cargo bench --bench tournament`. The side-by-side figures over whole families (every solver,
//! seeds 1 to 10, ratios) come from `solvebatch compare`; the comparison with the `xcov` crate from
//! `cargo run --release -p solvebatch-tournament --example dlx_vs_xcov -- 45 6 1 10`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use solvebatch_tournament::generate::to_text;
use solvebatch_tournament::{parse, solver, solvers, Instance, Limits, Pairing, Regular};

const EXAMPLE: &str = "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";

fn regular(tables: usize, degree: usize, seed: u64, planted: bool) -> Instance {
    Regular { tables, degree, seed, planted }.generate().expect("valid parameters")
}

/// A 30-table instance of degree 3 with a round first in file order, so that the reference matcher
/// (exponential on random file orders: over 3 s on every random 30-table instance tried) finishes:
/// it takes the first 30 pairings after examining them and skipping none.
fn thirty_tables_round_first() -> String {
    let instance = regular(30, 3, 1, true);
    let round = solver("dlx").unwrap().solve(&instance, &Limits::default()).unwrap().round.expect("planted");
    let mut order = round.pairing_at_table.clone();
    order.extend((0..instance.pairings.len()).filter(|index| !round.pairing_at_table.contains(index)));
    let pairings = order.iter().map(|&index| instance.pairings[index]).collect();
    to_text(&Instance { tables: 30, pairings })
}

fn parse_and_backtrack(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse + backtrack");
    let thirty = thirty_tables_round_first();
    for (name, text) in [("spec example", EXAMPLE), ("30 tables", thirty.as_str())] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let instance = parse(black_box(text)).unwrap();
                solver("backtrack").unwrap().solve(&instance, &Limits::default()).unwrap()
            })
        });
    }
    group.finish();
}

/// `dlx` on one thread, on the 45-table instance of each degree that takes it longest among seeds 1
/// to 10.
fn dlx_on_regular_instances(c: &mut Criterion) {
    let mut group = c.benchmark_group("dlx");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for (tables, degree, seed) in [(45, 5, 3), (45, 6, 4), (45, 7, 5)] {
        let instance = regular(tables, degree, seed, false);
        let id = BenchmarkId::from_parameter(format!("{tables} tables, degree {degree}, seed {seed}"));
        group.bench_with_input(id, &instance, |b, instance| {
            b.iter(|| solver("dlx").unwrap().solve(black_box(instance), &Limits::default()).unwrap())
        });
    }
    group.finish();
}

/// `dlx-restarts` and `dlx` side by side on one thread, on a 45-table instance with a round that the
/// plain depth-first search reaches only after a long detour.
fn restarts_on_a_heavy_tailed_instance(c: &mut Criterion) {
    let mut group = c.benchmark_group("dlx-restarts");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    let instance = regular(45, 6, 4, false);
    for name in ["dlx-restarts", "dlx"] {
        group.bench_with_input(
            BenchmarkId::new(name, "45 tables, degree 6, seed 4"),
            &instance,
            |b, instance| {
                b.iter(|| solver(name).unwrap().solve(black_box(instance), &Limits::default()).unwrap())
            },
        );
    }
    group.finish();
}

fn sat_on_regular_instances(c: &mut Criterion) {
    let mut group = c.benchmark_group("sat");
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    for (tables, degree, seed) in [(30, 6, 1), (45, 5, 1)] {
        let instance = regular(tables, degree, seed, false);
        let id = BenchmarkId::from_parameter(format!("{tables} tables, degree {degree}, seed {seed}"));
        group.bench_with_input(id, &instance, |b, instance| {
            b.iter(|| solver("sat").unwrap().solve(black_box(instance), &Limits::default()).unwrap())
        });
    }
    group.finish();
}

/// `n` tables with one pairing each, `2t,2t+1,t`: the only round, which every solver must find in time
/// linear in `n`.
fn one_pairing_per_table(tables: u64) -> Instance {
    let pairings = (0..tables).map(|t| Pairing { first: 2 * t, second: 2 * t + 1, table: t }).collect();
    Instance { tables, pairings }
}

fn set_up_on_one_pairing_per_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("one pairing per table");
    group.sample_size(10).warm_up_time(Duration::from_secs(1)).measurement_time(Duration::from_secs(3));
    for tables in [40_000, 200_000] {
        let instance = one_pairing_per_table(tables);
        for solver in solvers() {
            let id = BenchmarkId::new(solver.name(), format!("{tables} tables"));
            group.bench_with_input(id, &instance, |b, instance| {
                b.iter(|| solver.solve(black_box(instance), &Limits::default()).unwrap())
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    parse_and_backtrack,
    dlx_on_regular_instances,
    restarts_on_a_heavy_tailed_instance,
    sat_on_regular_instances,
    set_up_on_one_pairing_per_table
);
criterion_main!(benches);
