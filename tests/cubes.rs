//! `tournament FILE --cubes K/N` and the merge of its results: on generated instances with and without
//! a round, the merged answer is the single process's, the round is valid, and sets of results that do
//! not belong together are refused.

use crate::common::command_in;
use std::path::Path;

use serde_json::Value;
use tempfile::TempDir;

/// 35 tables of degree 5, seed 1: without `--planted` it has no round, and its four shares are each
/// refuted in well under a second in a debug build; with `--planted` only the fourth share holds a
/// round.
const INSTANCE: [&str; 8] = ["gen", "tournament", "--tables", "35", "--degree", "5", "--seed", "1"];

/// Runs `solvebatch ARGS` in `dir`: exit status, standard output, standard error.
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let output = command_in(dir).args(args).output().unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap(), text(output.stdout), text(output.stderr))
}

/// A folder with `none.csv` (no round) and `planted.csv` (a hidden round).
fn instances() -> TempDir {
    let dir = TempDir::new().unwrap();
    for (name, planted) in [("none.csv", false), ("planted.csv", true)] {
        let output =
            command_in(dir.path()).args(INSTANCE).args(planted.then_some("--planted")).output().unwrap();
        assert!(output.status.success());
        std::fs::write(dir.path().join(name), output.stdout).unwrap();
    }
    dir
}

/// Solves the four shares of `file`, each into `<stem>-K.json`: their results.
fn shares(dir: &Path, file: &str) -> Vec<Value> {
    let stem = file.trim_end_matches(".csv");
    (1..=4)
        .map(|k| {
            let (share, json) = (format!("{k}/4"), format!("{stem}-{k}.json"));
            let (code, stdout, stderr) = run(dir, &["tournament", file, "--cubes", &share, "--json", &json]);
            assert_eq!((code, stdout.as_str()), (0, ""), "{share}: {stderr}");
            let result: Value =
                serde_json::from_str(&std::fs::read_to_string(dir.join(&json)).unwrap()).unwrap();
            assert_eq!(result["type"], "cube_share");
            assert_eq!(result["file"], file);
            assert_eq!(result["share"], serde_json::json!({"index": k, "count": 4}));
            result
        })
        .collect()
}

fn answers(results: &[Value]) -> Vec<&str> {
    results.iter().map(|result| result["answer"].as_str().unwrap()).collect()
}

#[test]
fn four_shares_of_an_instance_without_a_round_are_all_refuted() {
    let dir = instances();
    let dir = dir.path();
    let single = run(dir, &["tournament", "none.csv", "--solver", "sat"]);
    assert_eq!(single, (0, "No tournament found.\n".to_string(), String::new()));
    let results = shares(dir, "none.csv");
    assert_eq!(answers(&results), ["refuted"; 4]);
    assert!(results
        .iter()
        .all(|result| result["output"].is_null() && result["conflicts"].as_u64() > Some(0)));
    let merged = run(dir, &["merge", "none-1.json", "none-2.json", "none-3.json", "none-4.json"]);
    assert_eq!(merged, single);
}

#[test]
fn the_round_of_the_one_share_that_holds_it_is_the_answer() {
    let dir = instances();
    let dir = dir.path();
    let input = std::fs::read(dir.join("planted.csv")).unwrap();
    let (code, single, _) = run(dir, &["tournament", "planted.csv", "--solver", "sat"]);
    assert_eq!(code, 0);
    assert_eq!(solvebatch_tournament::verify(&input, &single), Ok(true));
    let results = shares(dir, "planted.csv");
    assert_eq!(answers(&results), ["refuted", "refuted", "refuted", "round"]);
    let (code, merged, stderr) =
        run(dir, &["merge", "planted-4.json", "planted-2.json", "planted-1.json", "planted-3.json"]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(merged, results[3]["output"].as_str().unwrap());
    assert_eq!(merged.lines().count(), 35);
    assert_eq!(solvebatch_tournament::verify(&input, &merged), Ok(true));
    // A round settles the question even when other shares are missing.
    assert_eq!(run(dir, &["merge", "planted-4.json"]).1, merged);
    // The history records batches: asked for, it is named and left alone.
    assert_eq!(
        run(dir, &["merge", "planted-4.json", "--history", "h.db"]),
        (
            0,
            merged.clone(),
            "note: the history records batch reports; results of `tournament --cubes` are not recorded (h.db is \
             left as it was)\n"
                .to_string()
        )
    );
    assert!(!dir.join("h.db").exists());
}

#[test]
fn a_share_past_its_time_limit_leaves_the_answer_open_and_is_named() {
    let dir = instances();
    let dir = dir.path();
    shares(dir, "none.csv");
    let (code, stdout, _) = run(
        dir,
        &["tournament", "none.csv", "--cubes", "2/4", "--timeout", "0.000001", "--json", "late.json"],
    );
    assert_eq!((code, stdout.as_str()), (1, ""));
    let late: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("late.json")).unwrap()).unwrap();
    assert_eq!(late["answer"], "timeout");
    assert_eq!(
        run(dir, &["merge", "none-1.json", "late.json", "none-3.json", "none-4.json"]),
        (
            1,
            String::new(),
            "no round found; share 2/4 timed out, so whether a round exists is not known\n".to_string()
        )
    );
}

#[test]
fn merge_refuses_results_that_do_not_belong_together() {
    let dir = instances();
    let dir = dir.path();
    shares(dir, "none.csv");
    shares(dir, "planted.csv");
    let refusal = |args: &[&str]| {
        let (code, stdout, stderr) = run(dir, args);
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
        stderr
    };
    assert_eq!(
        refusal(&["merge", "none-1.json", "none-2.json", "none-4.json"]),
        "error: no round in the shares given, and share 3/4 is missing\n"
    );
    assert_eq!(
        refusal(&["merge", "none-1.json", "none-2.json", "none-2.json", "none-3.json", "none-4.json"]),
        "error: none-2.json and none-2.json are both share 2/4\n"
    );
    assert_eq!(
        refusal(&["merge", "none-1.json", "planted-2.json"]),
        "error: planted-2.json (share 2/4) is a result for another input than none-1.json (share 1/4)\n"
    );
    run(dir, &["tournament", "none.csv", "--cubes", "1/2", "--json", "half.json"]);
    assert_eq!(
        refusal(&["merge", "none-1.json", "half.json"]),
        "error: half.json is share 1/2, none-1.json share 1/4: the share counts differ\n"
    );
    assert_eq!(
        refusal(&["merge", "none-1.json", "--csv", "out.csv"]),
        "error: --json, --csv, --markdown and --html are for batch reports; the merge of `tournament --cubes` \
         results prints the round\n"
    );
    let forged =
        std::fs::read_to_string(dir.join("none-1.json")).unwrap().replace(r#""index":1"#, r#""index":5"#);
    std::fs::write(dir.join("forged.json"), forged).unwrap();
    assert_eq!(
        run(dir, &["merge", "forged.json"]),
        (1, String::new(), "error: forged.json: share 5/4 is not a share (K from 1 to N)\n".to_string())
    );
    run(dir, &["run", "none.csv", "--solver", "sat", "-q", "--json", "batch.jsonl"]);
    assert_eq!(
        refusal(&["merge", "batch.jsonl", "none-1.json"]),
        "error: batch.jsonl is a batch report and none-1.json a `tournament --cubes` result: merge one kind \
         at a time\n"
    );
}

#[test]
fn cubes_reject_other_solvers_and_bad_shares() {
    let dir = instances();
    let dir = dir.path();
    let (code, _, stderr) = run(dir, &["tournament", "none.csv", "--cubes", "1/4", "--solver", "dlx"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("the argument '--cubes <K/N>' cannot be used with '--solver <SOLVER>'"),
        "{stderr}"
    );
    let (code, _, stderr) = run(dir, &["tournament", "none.csv", "--cubes", "5/4"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`5/4`: K must be from 1 to N"), "{stderr}");
    // A missing file is a usage error, as a missing input of `run` is.
    let (code, _, stderr) = run(dir, &["tournament", "missing.csv", "--cubes", "1/4"]);
    assert_eq!((code, stderr.as_str()), (2, "error: missing.csv: no such file or folder\n"));
    let (code, _, stderr) =
        run(dir, &["tournament", "none.csv", "--cubes", "1/4", "--json", "no/such/r.json"]);
    assert_eq!(code, 1);
    assert!(stderr.starts_with("error: no/such/r.json: "), "{stderr}");
}
