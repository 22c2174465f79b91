//! Times `dlx` against the plain fewest-options dancing-links solver of the `xcov` crate on random
//! regular instances, file by file, and checks that both agree on whether a round exists.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example dlx_vs_xcov -- TABLES DEGREE FIRST_SEED LAST_SEED [SOLVERS [THREADS [planted]]]
//! ```
//! `SOLVERS` is a comma-separated list among `xcov` and this crate's solvers (default `dlx,xcov`);
//! `THREADS` the threads this crate's solvers may use (default 1); `planted` makes the files of
//! `solvebatch gen tournament --planted` (a round hidden in each).

use std::time::Instant;

use solvebatch_tournament::{check_round, solver, Instance, Limits, Regular};
use xcov::{DlxBuilder, ExactCoverProblem, MrvExactCoverSearch};

/// Whether `instance` has a round, by `xcov`'s MRV search (items: tables, then players, from 1).
fn xcov_has_round(instance: &Instance) -> bool {
    let n = instance.tables as usize;
    let mut builder = DlxBuilder::new(3 * n, 0);
    for p in &instance.pairings {
        let mut option = [1 + p.table as usize, 1 + n + p.first as usize, 1 + n + p.second as usize];
        option.sort_unstable();
        builder.add_option(&option);
    }
    let mut search = MrvExactCoverSearch::new(builder.build());
    search.search();
    let found = search.current_solution().is_some();
    found
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |i: usize| -> u64 { args.get(i).and_then(|a| a.parse().ok()).expect("TABLES DEGREE FIRST LAST") };
    let (tables, degree, first, last) = (number(0), number(1), number(2), number(3));
    let names: Vec<String> =
        args.get(4).map_or("dlx,xcov", String::as_str).split(',').map(str::to_string).collect();
    let threads = args.get(5).map_or(1, |a| a.parse().expect("THREADS"));
    let planted = args.get(6).is_some_and(|a| a == "planted");
    let limits = Limits { threads, ..Limits::default() };
    let mut totals = vec![0.0f64; names.len()];
    for seed in first..=last {
        let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted };
        let instance = regular.generate().expect("generate");
        let mut row = format!("t{tables} d{degree} s{seed:<3}");
        let mut answers = Vec::new();
        for (index, name) in names.iter().enumerate() {
            let start = Instant::now();
            let found = if name == "xcov" {
                xcov_has_round(&instance)
            } else {
                let solution = solver(name).expect("solver name").solve(&instance, &limits).unwrap();
                if let Some(round) = &solution.round {
                    check_round(&instance, round).expect("valid round");
                }
                row.push_str(&format!(" [{} nodes]", solution.stats.nodes));
                solution.round.is_some()
            };
            let seconds = start.elapsed().as_secs_f64();
            totals[index] += seconds;
            answers.push(found);
            row.push_str(&format!(" {name} {seconds:8.3} s {}", if found { "round" } else { "none " }));
        }
        assert!(answers.windows(2).all(|w| w[0] == w[1]), "solvers disagree: {row}");
        println!("{row}");
    }
    for (name, total) in names.iter().zip(&totals) {
        println!("total {name} {total:.3} s");
    }
}
