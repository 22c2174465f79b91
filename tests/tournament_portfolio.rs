//! The tournament solver portfolio: every solver agrees with the others on random instances and on the
//! datasets, every round is valid; the CNF export; time limits; `gen tournament` and `compare`.

use crate::common::setup;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use predicates::prelude::*;
use proptest::prelude::*;
use solvebatch_tournament::verify::read_round;
use solvebatch_tournament::{
    check_round, format, parse, solvers, Deadline, Instance, Interrupted, Limits, Pairing, Regular, Solution,
};

const EXAMPLE: &str = "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n";

/// Every solver's answer, by name; `None` where it ran out of `time` (`dlx` always has all the time).
fn solve_all(instance: &Instance, time: Option<Duration>) -> Vec<(&'static str, Option<Solution>)> {
    solve_some(instance, time, |_| true)
}

/// The answers of the solvers `wanted` by name, as [`solve_all`].
fn solve_some(
    instance: &Instance,
    time: Option<Duration>,
    wanted: impl Fn(&str) -> bool,
) -> Vec<(&'static str, Option<Solution>)> {
    solvers()
        .iter()
        .filter(|solver| wanted(solver.name()))
        .map(|solver| {
            let time = time.filter(|_| solver.name() != "dlx");
            let limits = Limits {
                deadline: Deadline::at(time.map(|time| Instant::now() + time)),
                ..Limits::default()
            };
            (solver.name(), solver.solve(instance, &limits).ok())
        })
        .collect()
}

/// Asserts that the answers agree on whether a round exists and that every round is valid; returns
/// whether one exists, `None` when no solver answered.
fn assert_agree(instance: &Instance, answers: &[(&str, Option<Solution>)], what: &str) -> Option<bool> {
    let mut exists = None;
    for (name, solution) in answers {
        let Some(solution) = solution else { continue };
        if let Some(round) = &solution.round {
            assert_eq!(check_round(instance, round), Ok(()), "{what}: {name}'s round");
        }
        match exists {
            None => exists = Some(solution.round.is_some()),
            Some(expected) => assert_eq!(solution.round.is_some(), expected, "{what}: {name} disagrees"),
        }
    }
    exists
}

/// Instances with up to 8 tables: random pairings, often with a random round hidden among them.
fn small_instance() -> impl Strategy<Value = Instance> {
    (1u64..=8).prop_flat_map(|n| {
        let pairing = (0..2 * n, 0..2 * n, 0..n)
            .prop_filter("two players", |(first, second, _)| first != second)
            .prop_map(|(first, second, table)| Pairing { first, second, table });
        let players: Vec<u64> = (0..2 * n).collect();
        (prop::collection::vec(pairing, 0..=(5 * n as usize)), Just(players).prop_shuffle(), any::<bool>())
            .prop_map(move |(mut pairings, players, plant)| {
                if plant {
                    let round = players.chunks_exact(2).enumerate();
                    let planted =
                        round.map(|(t, pair)| Pairing { first: pair[0], second: pair[1], table: t as u64 });
                    let at = pairings.len() / 2;
                    pairings.splice(at..at, planted);
                }
                Instance { tables: n, pairings }
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn all_solvers_agree_on_small_instances_and_every_round_is_valid(instance in small_instance()) {
        let answers = solve_all(&instance, None);
        prop_assert!(answers.iter().all(|(_, solution)| solution.is_some()));
        assert_agree(&instance, &answers, "random instance");
    }
}

fn dataset_files(folder: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            dataset_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "csv" || extension == "pairings") {
            found.push(path);
        }
    }
}

/// Every `.csv` dataset file: every solver answers within 1 s, they agree, every round is valid, and
/// the answer matches the reference (the backtracking matcher's to the byte).
#[test]
fn all_solvers_agree_on_every_csv_dataset_file() {
    for file in dataset_files_with("csv") {
        let what = file.display().to_string();
        let Ok(instance) = parse(std::fs::read(&file).unwrap()) else { continue };
        let answers = solve_all(&instance, Some(Duration::from_secs(1)));
        let exists = assert_agree(&instance, &answers, &what).expect("a solver answered");
        if let Ok(reference) = std::fs::read_to_string(file.with_extension("csv.expected")) {
            assert_eq!(exists, reference.starts_with("Table "), "{what}: reference");
            let backtrack =
                answers.iter().find(|(name, _)| *name == "backtrack").and_then(|(_, s)| s.as_ref());
            if let Some(solution) = backtrack {
                assert_eq!(format(&instance, solution.round.as_ref()), reference, "{what}: backtrack output");
            }
        }
    }
}

/// The hard `.pairings` instances: `dlx` answers each with a valid round. The other solvers' share is
/// measured by `solvebatch compare datasets/tournament --kind tournament`, not here: SAT and the
/// backtracking matcher take minutes on them.
#[test]
fn dlx_answers_every_hard_dataset_instance() {
    let files = dataset_files_with("pairings");
    assert!(files.len() >= 6, "only {} hard instances", files.len());
    for file in files {
        let instance = parse(std::fs::read(&file).unwrap()).unwrap();
        let answers = solve_some(&instance, None, |name| name == "dlx");
        assert_agree(&instance, &answers, &file.display().to_string()).expect("dlx answered");
    }
}

/// The dataset files with this extension.
fn dataset_files_with(extension: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    dataset_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/tournament"), &mut files);
    files.retain(|file| file.extension().is_some_and(|found| found == extension));
    files
}

/// Each solver stops within 100 ms past its limit on a 60-table regular instance of degree 6 (which
/// takes every solver far longer). The smallest overshoot of three tries is checked, so that a busy
/// machine pausing the test once does not fail it, while a solver that misses its deadline does.
#[test]
fn every_solver_stops_within_100_ms_past_its_time_limit() {
    let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
    let limit = Duration::from_millis(300);
    for solver in solvers() {
        let overshoot = (0..3)
            .map(|_| {
                let started = Instant::now();
                let limits = Limits { deadline: Deadline::at(Some(started + limit)), ..Limits::default() };
                assert_eq!(solver.solve(&instance, &limits), Err(Interrupted), "{}", solver.name());
                started.elapsed().saturating_sub(limit)
            })
            .min()
            .unwrap();
        assert!(overshoot < Duration::from_millis(100), "{} stopped {overshoot:?} late", solver.name());
    }
}

#[test]
fn timeout_on_the_command_line_names_the_file() {
    let text = solvebatch_tournament::generate::to_text(
        &Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap(),
    );
    for solver in ["dlx", "dlx-restarts", "sat", "portfolio"] {
        let (_dir, mut command) = setup(&[("hard.csv", &text)]);
        command
            .args(["tournament", "hard.csv", "--solver", solver, "--timeout", "0.2"])
            .assert()
            .code(1)
            .stderr("error: hard.csv: no answer within the time limit\n");
    }
}

/// The spec example by hand: 4 pairing variables; groups table 0 {1,2}, table 1 {3}, table 2 {4},
/// player 0 {1,4}, player 1 {1,2}, players 2..5 {2}, {3}, {3}, {4}: 9 at-least-one clauses and 3
/// pairwise clauses.
#[test]
fn emit_cnf_writes_dimacs_that_parses_back() {
    let (dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command
        .args(["tournament", "example.csv", "--emit-cnf", "example.cnf"])
        .assert()
        .success()
        .stdout("")
        .stderr("example.cnf: 4 variables, 12 clauses\n");
    let cnf = std::fs::read_to_string(dir.path().join("example.cnf")).unwrap();
    let mut lines = cnf.lines().skip_while(|line| line.starts_with('c'));
    assert_eq!(lines.next(), Some("p cnf 4 12"));
    let clauses: Vec<Vec<i64>> =
        lines.map(|line| line.split(' ').map(|literal| literal.parse().unwrap()).collect()).collect();
    assert_eq!(clauses.len(), 12);
    assert!(clauses.iter().all(|clause| clause.last() == Some(&0) && clause.len() >= 2));
    // The only round, pairings 2, 3, 4 (variables 2, 3, 4 true, 1 false), satisfies every clause;
    // the first pairing alone does not.
    let satisfied = |model: &[i64]| {
        clauses.iter().all(|clause| clause.iter().any(|&literal| literal != 0 && model.contains(&literal)))
    };
    assert!(satisfied(&[-1, 2, 3, 4]));
    assert!(!satisfied(&[1, -2, 3, 4]));
    assert!(cnf.contains("c 1 = 0,1,0\nc 2 = 1,2,0\nc 3 = 3,4,1\nc 4 = 5,0,2\n"));
}

#[test]
fn emit_cnf_on_bad_input_names_the_file_and_writes_nothing() {
    let (dir, mut command) = setup(&[("bad.csv", "2\n0,0,1\n")]);
    command
        .args(["tournament", "bad.csv", "--emit-cnf", "bad.cnf"])
        .assert()
        .code(1)
        .stderr("error: bad.csv: Line 1: The players are the same.\n");
    assert!(!dir.path().join("bad.cnf").exists());
}

#[test]
fn gen_gives_the_same_file_for_the_same_seed_with_every_degree_exact() {
    let generate = |seed: &str| {
        let (_dir, mut command) = setup(&[]);
        let args = ["gen", "tournament", "--tables", "12", "--degree", "5", "--seed", seed];
        String::from_utf8(command.args(args).assert().success().get_output().stdout.clone()).unwrap()
    };
    let text = generate("4");
    assert_eq!(text, generate("4"));
    assert_ne!(text, generate("5"));
    let instance = parse(&text).unwrap();
    assert_eq!(instance.tables, 12);
    let mut degree = vec![0; 36];
    for p in &instance.pairings {
        degree[p.table as usize] += 1;
        degree[12 + p.first as usize] += 1;
        degree[12 + p.second as usize] += 1;
    }
    assert_eq!(degree, vec![5; 36]);
}

#[test]
fn gen_writes_count_planted_files_that_have_rounds() {
    let (dir, mut command) = setup(&[]);
    let args = ["gen", "tournament", "--tables", "20", "--degree", "6", "--seed", "7", "--planted"];
    command.args(args).args(["--count", "3", "--out", "set"]).assert().success().stdout(format!(
        "{0}tournament-20-d6-s7-planted.csv\n{0}tournament-20-d6-s8-planted.csv\n{0}tournament-20-d6-s9-planted.csv\n",
        Path::new("set/").display()
    ));
    for seed in 7..10 {
        let text =
            std::fs::read(dir.path().join(format!("set/tournament-20-d6-s{seed}-planted.csv"))).unwrap();
        let instance = parse(text).unwrap();
        let answers = solve_some(&instance, None, |name| name != "backtrack");
        assert_eq!(assert_agree(&instance, &answers, "planted"), Some(true));
    }
}

#[test]
fn gen_count_without_out_is_a_usage_error() {
    let (_dir, mut command) = setup(&[]);
    command
        .args(["gen", "tournament", "--tables", "5", "--degree", "2", "--count", "2"])
        .assert()
        .code(2)
        .stderr("error: --count above 1 needs --out DIR\n");
}

#[test]
fn compare_checks_every_solver_and_writes_json_and_csv() {
    let (dir, mut command) =
        setup(&[("example.csv", EXAMPLE), ("none.csv", "2\n0,1,0\n0,2,1\n1,2,1\n"), ("bad.csv", "2\n0,1\n")]);
    command
        .args([
            "compare",
            ".",
            "--solvers",
            "backtrack,dlx,sat",
            "--repeat",
            "3",
            "--json",
            "c.json",
            "--csv",
            "c.csv",
        ])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"\| example\.csv +\| solved +\|").unwrap())
        .stdout(predicate::str::is_match(r"\| none\.csv +\| no round +\|").unwrap())
        .stdout(predicate::str::contains("| invalid: Line 1: Expected 3 comma-separated values. |"))
        .stdout(predicate::str::contains(
            "\n1 file left out of wins, ratios and means: a solver found the input invalid\n",
        ))
        .stdout(
            predicate::str::is_match(
                r"\| solver +\| files \| answered \| timeouts \| failures \| PAR-2 \(fail = 2×limit\) \| wins \| ties \| geometric mean ratio \| +total \| +CPU \| +peak memory +\|",
            )
            .unwrap(),
        );
    let json = std::fs::read_to_string(dir.path().join("c.json")).unwrap();
    let lines: Vec<serde_json::Value> =
        json.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(lines.len(), 10);
    assert!(lines[..9].iter().all(|line| line["type"] == "file" && line["runs"] == 3));
    // The broken file is listed with no ratio; the others have one per solver, 1 for the fastest.
    assert!(lines[..3].iter().all(|line| line["file"] == "./bad.csv" && line["ratio"].is_null()));
    assert!(lines[3..9].iter().all(|line| line["ratio"].as_f64().unwrap() >= 1.0));
    let summary = &lines[9];
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["left_out"], 1);
    let wins: u64 =
        summary["solvers"].as_array().unwrap().iter().map(|solver| solver["wins"].as_u64().unwrap()).sum();
    let ties: u64 =
        summary["solvers"].as_array().unwrap().iter().map(|solver| solver["ties"].as_u64().unwrap()).sum();
    // Each counted file has one winner, or two or three solvers tied (their runs' spreads overlap).
    let tied_files = match wins {
        2 => ties == 0,
        1 => (2..=3).contains(&ties),
        0 => (4..=6).contains(&ties),
        _ => false,
    };
    assert!(tied_files, "one win or one tie per counted file: {wins} wins, {ties} ties");
    let csv = std::fs::read_to_string(dir.path().join("c.csv")).unwrap();
    assert!(csv.starts_with(
        "file,family,solver,status,message,warning,verdict,ms,min_ms,max_ms,runs,ratio,ratio_sd,mean_ms,sd_ms,cpu_ms,max_rss_kb,peak_heap_kb,stats,input_hash,reference_hash\n"
    ));
    assert_eq!(csv.lines().count(), 10);
}

#[test]
fn compare_reports_timeouts_and_an_unknown_solver_is_a_usage_error() {
    let text = solvebatch_tournament::generate::to_text(
        &Regular { tables: 40, degree: 6, seed: 2, planted: false }.generate().unwrap(),
    );
    let (_dir, mut command) = setup(&[("hard.csv", &text)]);
    command
        .args(["compare", "hard.csv", "--solvers", "backtrack", "--timeout", "0.1"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"\| hard\.csv +\| timeout +\| +timeout \d").unwrap());
    let (_dir, mut command) = setup(&[("example.csv", EXAMPLE)]);
    command
        .args(["compare", "example.csv", "--solvers", "dlx,magic"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: the tournament family has no solver `magic`"));
}

#[test]
fn a_printed_round_reads_back_for_every_solver() {
    let instance = Regular { tables: 25, degree: 6, seed: 3, planted: true }.generate().unwrap();
    for (name, solution) in solve_some(&instance, None, |name| name != "backtrack") {
        let round = solution.unwrap().round.expect("planted");
        assert_eq!(read_round(&instance, &format(&instance, Some(&round))), Ok(Some(round)), "{name}");
    }
}
