//! Measures the failure-rate item choice (FRB) against fewest-options on random regular instances,
//! one thread each: options tried and CPU time of the searching thread, file by file.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example frb_effort -- TABLES DEGREE FIRST_SEED LAST_SEED count|tree|solve [SECONDS [planted]]
//! ```
//! `count` counts every round (`--count`'s search: the whole tree, on `dlx`'s bitsets, or with a memo
//! where its sample meets repeated subproblems, and over 64 tables); `tree` walks
//! `dlx`'s whole tree on one thread, counting every round on the way, without a memo (as Knuth's
//! `ssxcc` counts them, so its node counts compare); `solve` runs `dlx`
//! and `dlx-frb` to their first round or to the refutation of the whole tree, each stopped after
//! `SECONDS` of wall-clock time (default 60). `planted` makes the files of `solvebatch gen tournament
//! --planted`. Each line: the file, then per branching the answer, options tried and CPU seconds,
//! then FRB's ratios.

use std::time::{Duration, Instant};

use nix::time::{clock_gettime, ClockId};
use solvebatch_tournament::count::count_rounds_by;
use solvebatch_tournament::search::branching::Branching;
use solvebatch_tournament::solvers::dlx::whole_tree;
use solvebatch_tournament::{solver, Deadline, Instance, Limits, Regular};

/// The CPU time of the calling thread so far, in seconds.
fn thread_cpu() -> f64 {
    let now = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).expect("a thread CPU clock");
    now.tv_sec() as f64 + now.tv_nsec() as f64 * 1e-9
}

/// The answer (or `timeout`), the options tried and the CPU seconds of one search of `instance`.
fn measure(instance: &Instance, mode: &str, branching: Branching, seconds: f64) -> (String, u64, f64) {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let limits = Limits { deadline: Deadline::at(Some(deadline)), threads: 1, ..Limits::default() };
    let cpu = thread_cpu();
    let (answer, nodes) = if mode == "tree" {
        match whole_tree(instance, &limits, branching) {
            Ok(Some((rounds, stats))) => (format!("{rounds} rounds"), stats.nodes),
            Ok(None) => panic!("over 64 tables"),
            Err(_) => ("timeout".to_string(), 0),
        }
    } else if mode == "count" {
        match count_rounds_by(instance, &limits, branching) {
            Ok(count) => (format!("{} rounds", count.rounds), count.stats.nodes),
            Err(_) => ("timeout".to_string(), 0),
        }
    } else {
        let name = if branching == Branching::FailureRate { "dlx-frb" } else { "dlx" };
        match solver(name).expect("a solver").solve(instance, &limits) {
            Ok(solution) => {
                (if solution.round.is_some() { "round" } else { "none" }.to_string(), solution.stats.nodes)
            }
            Err(_) => ("timeout".to_string(), 0),
        }
    };
    (answer, nodes, thread_cpu() - cpu)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> u64 {
        args.get(i).and_then(|a| a.parse().ok()).expect("TABLES DEGREE FIRST LAST count|solve")
    };
    let (tables, degree, first, last) = (number(0), number(1), number(2), number(3));
    let mode = args.get(4).map_or("solve", String::as_str);
    let count = mode != "solve";
    let seconds = args.get(5).map_or(60.0, |a| a.parse().expect("SECONDS"));
    let planted = args.get(6).is_some_and(|a| a == "planted");
    println!(
        "| file | fewest-options | options | CPU s | FRB | options | CPU s | FRB/fewest options | CPU |"
    );
    println!("| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |");
    let mut sums = [0.0f64; 4];
    for seed in first..=last {
        let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted };
        let instance = regular.generate().expect("generate");
        let (a, a_nodes, a_cpu) = measure(&instance, mode, Branching::FewestOptions, seconds);
        let (b, b_nodes, b_cpu) = measure(&instance, mode, Branching::FailureRate, seconds);
        if a != "timeout" && b != "timeout" {
            assert!(a == b || !count, "the branchings disagree: {a} against {b}");
            for (sum, value) in sums.iter_mut().zip([a_nodes as f64, a_cpu, b_nodes as f64, b_cpu]) {
                *sum += value;
            }
        }
        let p = if planted { "-planted" } else { "" };
        println!(
            "| t{tables}-d{degree}-s{seed}{p} | {a} | {a_nodes} | {a_cpu:.3} | {b} | {b_nodes} | {b_cpu:.3} | {:.2} | {:.2} |",
            b_nodes as f64 / a_nodes as f64,
            b_cpu / a_cpu
        );
    }
    println!(
        "| sum (files both finished) | | {} | {:.3} | | {} | {:.3} | {:.2} | {:.2} |",
        sums[0],
        sums[1],
        sums[2],
        sums[3],
        sums[2] / sums[0],
        sums[3] / sums[1]
    );
}
