//! Benchmarks of the guess family, one per goal: the reference strategy over every 4-digit secret
//! (goal: under 20 ms), one reference game at 8 digits (under 10 s), one simulated game at 9 digits
//! (seconds, within 1 GiB: `/usr/bin/time -v solvebatch guess simulate --digits 9 --secrets FILE`
//! gives its peak memory), the scoring strategies over every 4-digit secret (`max-parts`: under 3 s
//! on 2 cores), building the optimal strategy for 4 digits (under 2 s on 2 cores) and proving its
//! worst case of 12 (under 10 s).
//!
//! `cargo bench --bench guess`; the worst case and mean of each strategy come from
//! `solvebatch guess simulate --strategy NAME`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use solvebatch_guess::batch::{solve_request, Request};
use solvebatch_guess::optimal::search::Settings as SearchSettings;
use solvebatch_guess::{minimum_worst_case, simulate, solver, Deadline, Digits, StrategyTree};

fn reference_over_all_secrets(c: &mut Criterion) {
    c.bench_function("first, all 9000 secrets", |b| {
        b.iter(|| simulate(solver("first").unwrap(), black_box(Digits::FOUR), None, Deadline::NEVER).unwrap())
    });
}

fn reference_game_at_eight_digits(c: &mut Criterion) {
    // 98765432 takes 18 guesses, among the longest games at 8 digits.
    let digits = Digits::new(8).unwrap();
    let mut group = c.benchmark_group("eight digits");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.bench_function("first, secret 98765432", |b| {
        b.iter(|| {
            solve_request(
                black_box(&Request::Secret(98_765_432)),
                digits,
                solver("first").unwrap(),
                Deadline::NEVER,
            )
            .unwrap()
        })
    });
    group.finish();
}

fn simulated_game_at_nine_digits(c: &mut Criterion) {
    // 987654321 takes 18 guesses; the first filters 900 million candidates.
    let digits = Digits::new(9).unwrap();
    let mut group = c.benchmark_group("nine digits");
    group.sample_size(10).measurement_time(Duration::from_secs(60));
    group.bench_function("simulate first, secret 987654321", |b| {
        b.iter(|| {
            simulate(solver("first").unwrap(), digits, Some(black_box(&[987_654_321])), Deadline::NEVER)
                .unwrap()
        })
    });
    group.finish();
}

fn scoring_strategies_over_all_secrets(c: &mut Criterion) {
    let mut group = c.benchmark_group("all 9000 secrets");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    for name in ["max-parts", "minimax", "entropy"] {
        group.bench_function(name, |b| {
            b.iter(|| {
                simulate(solver(name).unwrap(), black_box(Digits::FOUR), None, Deadline::NEVER).unwrap()
            })
        });
    }
    group.finish();
}

fn optimal_strategy_and_its_bound(c: &mut Criterion) {
    let mut group = c.benchmark_group("optimal, 4 digits");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.bench_function("build the strategy", |b| {
        b.iter(|| {
            StrategyTree::build(black_box(Digits::FOUR), SearchSettings::OPTIMAL, Deadline::NEVER).unwrap()
        })
    });
    group.bench_function("prove the bound", |b| {
        b.iter(|| minimum_worst_case(black_box(Digits::FOUR), Deadline::NEVER).unwrap())
    });
    group.finish();
}

criterion_group!(
    benches,
    reference_over_all_secrets,
    reference_game_at_eight_digits,
    simulated_game_at_nine_digits,
    scoring_strategies_over_all_secrets,
    optimal_strategy_and_its_bound
);
criterion_main!(benches);
