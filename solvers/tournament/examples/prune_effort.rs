//! Measures probing, matching checks and filters near the root and randomised restarts against the
//! plain bitset search, file by file, on random regular instances: answer, seconds, options tried,
//! failed-option tests, options they removed, time in them and restarts, the matching checks and
//! filters, each run within `SECONDS` of wall-clock time. `cpu s` is the thread's CPU time, the
//! measure to compare on a machine shared with other work.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example prune_effort -- TABLES DEGREE FIRST_SEED LAST_SEED SECONDS PLANTED CONFIGS
//! ```
//! `PLANTED` is `plain`, `planted` or `both`; `CONFIGS` a comma-separated list of `plain`, `probeK`
//! (probe the first K levels), `matchK` (the table matching check on the first K levels), `pairK` (the
//! player perfect-matching check, Edmonds' blossom algorithm, on the first K levels), `tfilterD` and
//! `pfilterD` (the table-player and player-pair matching filters at depths 0 to D), `lubyU` (restarts,
//! U options per Luby unit, seed 1), or several joined by `+` (`tfilter2+pfilter2`); `all` for K or D
//! means every level. The filter columns give nodes filtered, the share of their options removed,
//! microseconds per call and nodes refuted.

use std::time::{Duration, Instant};

use nix::time::{clock_gettime, ClockId};
use solvebatch_tournament::search::pruning::{FilterStats, Pruning};
use solvebatch_tournament::search::restarts::Restarts;
use solvebatch_tournament::solvers::prune::pruned_effort;
use solvebatch_tournament::{check_round, Deadline, Limits, Regular};

/// The pruning of `config`: parts joined by `+`, each setting one field of [`Pruning`].
fn pruning(config: &str) -> Pruning {
    let mut pruning = Pruning::default();
    for part in config.split('+') {
        let levels = |prefix: &str| {
            let rest = part.strip_prefix(prefix)?;
            Some(if rest == "all" { usize::MAX } else { rest.parse().expect("a number or all") })
        };
        if let Some(levels) = levels("probe") {
            pruning.probe_levels = levels;
        } else if let Some(levels) = levels("match") {
            pruning.matching_levels = levels;
        } else if let Some(levels) = levels("pair") {
            pruning.pairing_levels = levels;
        } else if let Some(depth) = levels("tfilter") {
            pruning.table_filter_levels = depth.saturating_add(1);
        } else if let Some(depth) = levels("pfilter") {
            pruning.pair_filter_levels = depth.saturating_add(1);
        } else if let Some(unit) = part.strip_prefix("luby") {
            pruning.restarts = Some(Restarts { unit: unit.parse().expect("lubyU"), seed: 1 });
        } else {
            assert_eq!(part, "plain", "configs: plain, probeK, matchK, pairK, tfilterD, pfilterD, lubyU");
        }
    }
    pruning
}

/// The columns of one filter's effort: nodes filtered, share of their options removed, microseconds
/// per call, nodes refuted.
fn filter_columns(filter: &FilterStats) -> String {
    let share = 100.0 * filter.removed as f64 / filter.options.max(1) as f64;
    let micros = filter.nanoseconds as f64 / 1e3 / filter.calls.max(1) as f64;
    format!("{} | {share:.2} % | {micros:.1} | {}", filter.calls, filter.cuts)
}

/// The CPU time of the calling thread so far, in seconds.
fn thread_cpu() -> f64 {
    let now = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).expect("a thread CPU clock");
    now.tv_sec() as f64 + now.tv_nsec() as f64 / 1e9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "TABLES DEGREE FIRST_SEED LAST_SEED SECONDS PLANTED CONFIGS";
    let number = |i: usize| -> u64 { args.get(i).and_then(|a| a.parse().ok()).expect(usage) };
    let (tables, degree, first, last, seconds) = (number(0), number(1), number(2), number(3), number(4));
    let planted: &[bool] = match args.get(5).map(String::as_str) {
        Some("plain") => &[false],
        Some("planted") => &[true],
        _ => &[false, true],
    };
    let configs: Vec<&str> = args.get(6).map_or("plain,probe1", String::as_str).split(',').collect();
    println!("| file | config | answer | seconds | cpu s | options tried | tests | removed | ms in tests | restarts | matching checks | cut | ns per check | pairing checks | cut | ns per check | table filter calls | removed | µs per call | cut | pair filter calls | removed | µs per call | cut |");
    println!("|{}", " --- |".repeat(24));
    for seed in first..=last {
        for &planted in planted {
            let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted };
            let instance = regular.generate().expect("a valid family");
            let name = format!("{tables}-d{degree}-s{seed}{}", if planted { "-planted" } else { "" });
            for config in &configs {
                let (started, cpu) = (Instant::now(), thread_cpu());
                let deadline = Deadline::at(Some(started + Duration::from_secs(seconds)));
                let limits = Limits { deadline, ..Limits::default() };
                let (round, stats, probe) = pruned_effort(&instance, &limits, &pruning(config));
                let elapsed = started.elapsed().as_secs_f64();
                let cpu = thread_cpu() - cpu;
                let answer = match &round {
                    Ok(Some(round)) => {
                        check_round(&instance, round).expect("a valid round");
                        "round"
                    }
                    Ok(None) => "no round",
                    Err(_) => "timeout",
                };
                println!(
                    "| {name} | {config} | {answer} | {elapsed:.2} | {cpu:.3} | {} | {} | {} | {:.1} | {} | {} | {} | {:.0} | {} | {} | {:.0} | {} | {} |",
                    stats.nodes,
                    probe.tests,
                    probe.removed,
                    probe.nanoseconds as f64 / 1e6,
                    probe.restarts,
                    probe.matching_tests,
                    probe.matching_cuts,
                    probe.matching_nanoseconds as f64 / probe.matching_tests.max(1) as f64,
                    probe.pairing_tests,
                    probe.pairing_cuts,
                    probe.pairing_nanoseconds as f64 / probe.pairing_tests.max(1) as f64,
                    filter_columns(&probe.table_filter),
                    filter_columns(&probe.pair_filter),
                );
            }
        }
    }
}
