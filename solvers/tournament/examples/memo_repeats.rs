//! Measures the memo of refuted subproblems (Nishino et al., AAAI 2017) in the search that lists
//! rounds: how often a subproblem met along one path was met before along another, by depth, and the
//! search with the memo on and off, on random regular instances.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example memo_repeats -- TABLES DEGREE FIRST_SEED LAST_SEED SECONDS
//! ```
//! Each seed is run plain and planted, memo on then off, each within `SECONDS`; a line per run
//! (answer, seconds, options tried, repeats), then the repeats by depth over every run with the memo.

use std::time::{Duration, Instant};

use solvebatch_tournament::count::{first_round_effort, DepthStats, MEMO_ENTRIES};
use solvebatch_tournament::{Deadline, Limits, Regular};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|arg| arg.parse().expect("a number")).collect();
    let [tables, degree, first, last, seconds] = args[..] else {
        panic!("usage: memo_repeats TABLES DEGREE FIRST_SEED LAST_SEED SECONDS");
    };
    let mut by_depth: Vec<DepthStats> = Vec::new();
    println!("| file | memo | answer | seconds | options tried | repeats |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for seed in first..=last {
        for planted in [false, true] {
            let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted };
            let instance = regular.generate().expect("a valid family");
            for (memo, entries) in [("on", MEMO_ENTRIES), ("off", 0)] {
                let started = Instant::now();
                let deadline = Deadline::at(Some(started + Duration::from_secs(seconds)));
                let (answer, stats) =
                    first_round_effort(&instance, &Limits { deadline, ..Limits::default() }, entries);
                let answer = match answer {
                    Some(true) => "round",
                    Some(false) => "no round",
                    None => "timeout",
                };
                let name = format!("{tables}-d{degree}-s{seed}{}", if planted { "-planted" } else { "" });
                let elapsed = started.elapsed().as_secs_f64();
                println!(
                    "| {name} | {memo} | {answer} | {elapsed:.2} | {} | {} |",
                    stats.nodes, stats.memo_hits
                );
                if entries > 0 {
                    if by_depth.len() < stats.depths.len() {
                        by_depth.resize(stats.depths.len(), DepthStats::default());
                    }
                    for (total, depth) in by_depth.iter_mut().zip(&stats.depths) {
                        total.met += depth.met;
                        total.repeats += depth.repeats;
                    }
                }
            }
        }
    }
    println!("\n| depths | subproblems met | repeats | share |");
    println!("| --- | --- | --- | --- |");
    for (band, chunk) in by_depth.chunks(5).enumerate() {
        let (met, repeats) = chunk.iter().fold((0, 0), |(m, r), d| (m + d.met, r + d.repeats));
        let share = if met == 0 { 0.0 } else { 100.0 * repeats as f64 / met as f64 };
        println!("| {}-{} | {met} | {repeats} | {share:.2} % |", 5 * band, 5 * band + chunk.len() - 1);
    }
}
