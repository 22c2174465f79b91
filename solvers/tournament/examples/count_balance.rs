//! How evenly `--count` on several threads shares its work out: counts the rounds of random regular
//! instances on the bitset search with `THREADS` simulated threads taking turns on one core
//! (`simulate_count`: the queue of open subtrees, a thread with nothing to take waiting until a
//! subtree ends or is split), time measured in options tried. Prints per file and thread count the
//! subtrees each thread searched, the speed-up the split allows on `THREADS` free cores (options
//! tried in all / the time the last thread finishes) and the share of the threads' time left idle,
//! whatever the load of the machine it runs on.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example count_balance -- TABLES DEGREE FIRST_SEED LAST_SEED THREADS,...
//! ```

use solvebatch_tournament::count::simulate_count;
use solvebatch_tournament::{Limits, Regular};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 {
        args.get(i).and_then(|a| a.parse().ok()).expect("TABLES DEGREE FIRST LAST THREADS,...")
    };
    let (tables, degree, first, last) = (number(0), number(1), number(2), number(3));
    let counts: Vec<usize> = args
        .get(4)
        .map_or("2,4,8,16", String::as_str)
        .split(',')
        .map(|t| t.parse().expect("THREADS"))
        .collect();
    println!("| file | threads | subtrees in all | subtrees per thread (min-max) | options tried | last thread done | speed-up | idle |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for seed in first..=last {
        let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted: false };
        let instance = regular.generate().expect("generate");
        for &threads in &counts {
            let simulated = simulate_count(&instance, threads, &Limits::default())
                .expect("no limit")
                .expect("at most 64 tables");
            let total: u64 = simulated.busy.iter().sum();
            let idle: u64 = simulated.idle.iter().sum();
            let parts = &simulated.parts;
            println!(
                "| t{tables}-d{degree}-s{seed} | {threads} | {} | {}-{} | {total} | {} | {:.2}x | {:.1} % |",
                parts.iter().sum::<u64>(),
                parts.iter().min().unwrap_or(&0),
                parts.iter().max().unwrap_or(&0),
                simulated.makespan,
                total as f64 / simulated.makespan as f64,
                100.0 * idle as f64 / (threads as f64 * simulated.makespan as f64)
            );
        }
    }
}
