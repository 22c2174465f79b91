//! How evenly `--count` on several threads shares its work out: counts the rounds of random regular
//! instances with `THREADS` threads, takes the options tried below each subproblem of the cut at the
//! first levels, and hands them, in order, to `THREADS` simulated threads, each subproblem to the
//! thread that is free first (as a queue of open subproblems would): the speed-up the cut allows on
//! `THREADS` free cores (options tried in all / options tried by the busiest thread) and the share
//! of the threads' time left idle, whatever the load of the machine it runs on.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example count_balance -- TABLES DEGREE FIRST_SEED LAST_SEED THREADS,...
//! ```

use solvebatch_tournament::{count_rounds, Limits, Regular};

/// The busiest simulated thread's options when `threads` threads take `work` in order, each piece
/// to the thread free first.
fn makespan(work: &[u64], threads: usize) -> u64 {
    let mut busy = vec![0u64; threads];
    for &piece in work {
        let free = busy.iter_mut().min().expect("a thread");
        *free += piece;
    }
    busy.into_iter().max().unwrap_or(0)
}

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
    println!("| file | threads | rounds | subproblems | options tried | busiest thread | speed-up | idle |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for seed in first..=last {
        let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted: false };
        let instance = regular.generate().expect("generate");
        for &threads in &counts {
            let count = count_rounds(&instance, &Limits { threads, ..Limits::default() }).expect("no limit");
            let work = &count.stats.subproblem_nodes;
            let total: u64 = work.iter().sum();
            let busiest = makespan(work, threads);
            println!(
                "| t{tables}-d{degree}-s{seed} | {threads} | {} | {} | {total} | {busiest} | {:.2}x | {:.1} % |",
                count.rounds,
                work.len(),
                total as f64 / busiest as f64,
                100.0 * (1.0 - total as f64 / (threads as f64 * busiest as f64))
            );
        }
    }
}
