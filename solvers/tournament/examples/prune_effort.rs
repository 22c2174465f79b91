//! Measures probing near the root and randomised restarts against the plain bitset search, file by
//! file, on random regular instances: answer, seconds, options tried, failed-option tests, options
//! they removed, time in them and restarts, table matching checks, each run within `SECONDS`.
//!
//! ```text
//! cargo run --release -p solvebatch-tournament --example prune_effort -- TABLES DEGREE FIRST_SEED LAST_SEED SECONDS PLANTED CONFIGS
//! ```
//! `PLANTED` is `plain`, `planted` or `both`; `CONFIGS` a comma-separated list of `plain`, `probeK`
//! (probe the first K levels), `matchK` (the table matching check on the first K levels), `pairK` (the player perfect-matching
//! check, Edmonds' blossom algorithm, on the first K levels) and `lubyU` (restarts, U options per Luby unit, seed 1).

use std::time::{Duration, Instant};

use solvebatch_tournament::{check_round, pruned_effort, Deadline, Limits, Pruning, Regular, Restarts};

fn pruning(config: &str) -> Pruning {
    if let Some(levels) = config.strip_prefix("probe") {
        return Pruning { probe_levels: levels.parse().expect("probeK"), ..Pruning::default() };
    }
    if let Some(levels) = config.strip_prefix("match") {
        return Pruning { matching_levels: levels.parse().expect("matchK"), ..Pruning::default() };
    }
    if let Some(levels) = config.strip_prefix("pair") {
        return Pruning { pairing_levels: levels.parse().expect("pairK"), ..Pruning::default() };
    }
    if let Some(unit) = config.strip_prefix("luby") {
        let restarts = Some(Restarts { unit: unit.parse().expect("lubyU"), seed: 1 });
        return Pruning { restarts, ..Pruning::default() };
    }
    assert_eq!(config, "plain", "configs: plain, probeK, matchK, pairK, lubyU");
    Pruning::default()
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
    println!("| file | config | answer | seconds | options tried | tests | removed | ms in tests | restarts | matching checks | cut | ns per check | pairing checks | cut | ns per check |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for seed in first..=last {
        for &planted in planted {
            let regular = Regular { tables: tables as usize, degree: degree as usize, seed, planted };
            let instance = regular.generate().expect("a valid family");
            let name = format!("{tables}-d{degree}-s{seed}{}", if planted { "-planted" } else { "" });
            for config in &configs {
                let started = Instant::now();
                let deadline = Deadline::at(Some(started + Duration::from_secs(seconds)));
                let limits = Limits { deadline, ..Limits::default() };
                let (round, stats, probe) = pruned_effort(&instance, &limits, &pruning(config));
                let elapsed = started.elapsed().as_secs_f64();
                let answer = match &round {
                    Ok(Some(round)) => {
                        check_round(&instance, round).expect("a valid round");
                        "round"
                    }
                    Ok(None) => "no round",
                    Err(_) => "timeout",
                };
                println!(
                    "| {name} | {config} | {answer} | {elapsed:.2} | {} | {} | {} | {:.1} | {} | {} | {} | {:.0} | {} | {} | {:.0} |",
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
                    probe.pairing_nanoseconds as f64 / probe.pairing_tests.max(1) as f64
                );
            }
        }
    }
}
