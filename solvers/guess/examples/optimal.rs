//! Builds the optimal strategy for `D` digits (2 to 4, default 4) and proves its worst case:
//! `cargo run --release -p solvebatch-guess --example optimal -- 4`.

use std::time::Instant;

use solvebatch_guess::optimal::search::Settings as SearchSettings;
use solvebatch_guess::{minimum_worst_case, Digits, StrategyTree};

fn main() {
    let digits = std::env::args().nth(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let digits = Digits::new(digits).expect("2 to 9 digits");
    let started = Instant::now();
    let tree = StrategyTree::build(digits, SearchSettings::OPTIMAL, solvebatch_guess::Deadline::NEVER)
        .expect("no deadline");
    println!(
        "strategy: worst case {} (lower bound {}), mean {:.4}, built in {:.2?}",
        tree.worst_case(),
        tree.lower_bound(),
        tree.mean(),
        started.elapsed()
    );
    let started = Instant::now();
    let bound = minimum_worst_case(digits, solvebatch_guess::Deadline::NEVER).expect("no deadline");
    println!("minimum worst case: {} proved in {:.2?}", bound.worst_case, started.elapsed());
}
