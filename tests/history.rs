//! The results history (`--history FILE.db`, `solvebatch history`): the round trip of a report, the
//! regressions and flaky files planted with the hidden `probe` family (whose `$NAME` words read the
//! environment, so that a solve changes while its input stays the same), two writers at once, and
//! the databases refused.

use std::path::Path;

use serde_json::{json, Value};

use crate::common::{command_in, output_in, text};

/// `solvebatch` in `dir` with the probe family on and `env` set, which must exit with `code`: its
/// standard output.
fn probe_run(dir: &Path, args: &[&str], env: &[(&str, String)], code: i32) -> String {
    let mut command = command_in(dir);
    command.env("SOLVEBATCH_PROBE_FAMILY", "1").env_remove("SOLVEBATCH_HISTORY").args(args);
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(code), "{args:?}: {}", text(&output.stderr));
    text(&output.stdout)
}

/// A folder holding `files` (name, text).
fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, contents) in files {
        std::fs::write(dir.path().join(name), contents).unwrap();
    }
    dir
}

/// JSON lines as values.
fn lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect()
}

/// The `history` command's standard error, which must exit 2.
fn refused(dir: &Path, args: &[&str]) -> String {
    let output = output_in(dir, args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output.stderr));
    text(&output.stderr)
}

#[test]
fn run_json_and_the_history_s_export_are_the_same_report() {
    let dir = folder(&[
        ("a.probe", "solved\n"),
        ("b.probe", "echo no\n"),
        ("b.probe.expected", "ok\n"),
        ("c.probe", "unknown\n"),
    ]);
    for (run, extra) in [("1", None), ("2", Some("--json-outputs"))] {
        let mut args = vec!["run", ".", "--json", "r.jsonl", "--history", "h.db", "-q"];
        args.extend(extra);
        probe_run(dir.path(), &args, &[], 1);
        let exported = probe_run(dir.path(), &["history", "h.db", "export", run], &[], 0);
        let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
        assert_eq!(exported, report, "run {run}");
    }
    // The output's hash is kept without --json-outputs too: the hash of "no\n".
    let story =
        lines(&probe_run(dir.path(), &["history", "h.db", "--file", "./b.probe", "--json", "-"], &[], 0));
    assert_eq!(story.len(), 2);
    assert_eq!(story[0]["output_hash"], story[1]["output_hash"]);
    assert_eq!(story[0]["verdict"], "differs");
    // compare and its report, and an import of it.
    probe_run(
        dir.path(),
        &["compare", ".", "--solvers", "probe,steady", "--json", "c.jsonl", "--history", "h.db", "-q"],
        &[],
        1,
    );
    let compared = std::fs::read_to_string(dir.path().join("c.jsonl")).unwrap();
    assert_eq!(probe_run(dir.path(), &["history", "h.db", "export", "3"], &[], 0), compared);
    let output =
        output_in(dir.path(), &["history", "h.db", "import", "c.jsonl", "r.jsonl", "--label", "old"]);
    assert_eq!(text(&output.stderr), "h.db: imported 2 reports as runs 4, 5\n");
    assert_eq!(probe_run(dir.path(), &["history", "h.db", "export", "4"], &[], 0), compared);
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    assert_eq!(probe_run(dir.path(), &["history", "h.db", "export", "old", "--json", "e.jsonl"], &[], 0), "");
    assert_eq!(std::fs::read_to_string(dir.path().join("e.jsonl")).unwrap(), report);
    let runs = lines(&probe_run(dir.path(), &["history", "h.db", "--json", "-"], &[], 0));
    let commands: Vec<&str> = runs.iter().map(|run| run["command"].as_str().unwrap()).collect();
    assert_eq!(commands, ["run", "run", "compare", "import", "import"]);
    assert_eq!(runs[4]["source"], "r.jsonl");
    assert_eq!(runs[4]["label"], "old");
    assert_eq!((runs[0]["passed"].clone(), runs[0]["failed"].clone()), (json!(1), json!(2)));
    // compare: a row per file and solver; b.probe fails in both (probe's answer is wrong), and
    // c.probe's probe row is invalid.
    assert_eq!((runs[2]["passed"].clone(), runs[2]["failed"].clone()), (json!(3), json!(3)));
    assert!(runs[0]["cores"].as_u64().unwrap() >= 1);
}

#[test]
fn merge_records_the_merged_report() {
    let dir = folder(&[]);
    std::fs::create_dir(dir.path().join("in")).unwrap();
    for name in ["a", "b", "c"] {
        std::fs::write(dir.path().join(format!("in/{name}.probe")), "solved\n").unwrap();
    }
    for share in ["1/2", "2/2"] {
        let report = format!("s{}.jsonl", &share[..1]);
        probe_run(dir.path(), &["run", "in", "--shard", share, "--json", &report, "-q"], &[], 0);
    }
    probe_run(
        dir.path(),
        &["merge", "s1.jsonl", "s2.jsonl", "--json", "m.jsonl", "--history", "h.db", "-q"],
        &[],
        0,
    );
    let merged = std::fs::read_to_string(dir.path().join("m.jsonl")).unwrap();
    assert_eq!(probe_run(dir.path(), &["history", "h.db", "export", "1"], &[], 0), merged);
}

/// `count` times from `level` in milliseconds, each moved by a repeatable noise of up to `spread`.
fn noisy(count: usize, level: u64, spread: u64, seed: &mut u64) -> Vec<u64> {
    (0..count)
        .map(|_| {
            *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            level - spread + (*seed >> 33) % (2 * spread + 1)
        })
        .collect()
}

#[test]
fn a_solver_made_slower_from_run_20_on_is_found_at_run_20_and_nowhere_else() {
    let dir = folder(&[("slow.probe", "sleep $SLOW_MS\n"), ("steady.probe", "sleep $STEADY_MS\n")]);
    let mut seed = 7;
    // 40 ms ± 10 for 19 runs, then 80 ms ± 10 for 12 (a change needs 10 runs after it to show);
    // the other file 40 ms ± 10 throughout. Sleeps, so that a busy machine moves them little.
    let mut slow = noisy(19, 40, 10, &mut seed);
    slow.extend(noisy(12, 80, 10, &mut seed));
    let steady = noisy(31, 40, 10, &mut seed);
    for (run, (slow, steady)) in slow.iter().zip(&steady).enumerate() {
        let label = format!("r{}", run + 1);
        let env = [("SLOW_MS", slow.to_string()), ("STEADY_MS", steady.to_string())];
        probe_run(dir.path(), &["run", ".", "--history", "h.db", "--label", &label, "-q"], &env, 0);
    }
    let output = output_in(dir.path(), &["history", "h.db", "regressions", "--json", "-"]);
    let found = lines(&text(&output.stdout));
    if found.len() != 1 || output.status.code() != Some(1) {
        let times = |file: &str| {
            let story = output_in(dir.path(), &["history", "h.db", "--file", file, "--json", "-"]);
            lines(&text(&story.stdout))
                .iter()
                .map(|result| result["ms"].as_f64().unwrap())
                .collect::<Vec<_>>()
        };
        panic!("{found:?}\nslow: {:?}\nsteady: {:?}", times("./slow.probe"), times("./steady.probe"));
    }
    let change = &found[0];
    assert_eq!(
        (&change["type"], &change["file"], &change["solver"], &change["run"], &change["kind"]),
        (&json!("change"), &json!("./slow.probe"), &json!("probe"), &json!(20), &json!("slower"))
    );
    assert!(change["p_value"].as_f64().unwrap() < 0.0001);
    let (before, after) = (change["before_ms"].as_f64().unwrap(), change["after_ms"].as_f64().unwrap());
    // The medians of the planted times of the windows (12 runs each side), and more: a sleep ends
    // late, never early, and on a busy machine several milliseconds late.
    let median = |times: &[u64]| {
        let mut times = times.to_vec();
        times.sort_unstable();
        (times[5] + times[6]) as f64 / 2.0
    };
    let (planted_before, planted_after) = (median(&slow[7..19]), median(&slow[19..31]));
    assert!(
        (planted_before..planted_before + 20.0).contains(&before),
        "{before} ms, planted {planted_before}"
    );
    assert!((planted_after..planted_after + 20.0).contains(&after), "{after} ms, planted {planted_after}");
    // Since a run after it, nothing; since one before it, the same change.
    assert_eq!(
        probe_run(dir.path(), &["history", "h.db", "regressions", "--since", "r20", "--json", "-"], &[], 0),
        ""
    );
    let since =
        probe_run(dir.path(), &["history", "h.db", "regressions", "--since", "r19", "--json", "-"], &[], 1);
    assert_eq!(lines(&since), found);
    let stderr = refused(dir.path(), &["history", "h.db", "regressions", "--since", "v9"]);
    assert_eq!(stderr, "error: h.db: no run is labelled `v9`\n");
    // The page draws each file's times in the solver's colour, the change marked, and the strips.
    probe_run(dir.path(), &["history", "h.db", "regressions", "--html", "r.html", "-q"], &[], 1);
    let page = std::fs::read_to_string(dir.path().join("r.html")).unwrap();
    assert!(page.contains("<h3>./slow.probe</h3>") && !page.contains("<h3>./steady.probe</h3>"));
    assert!(page.contains("change point") && page.contains("Pass and fail, run by run"));
    assert_eq!(page.matches("<title>run ").count(), 31, "one mark per run of the file that changed");
}

#[test]
fn a_file_whose_verdict_flips_is_flaky_and_stable_or_fixed_files_are_not() {
    let dir = folder(&[
        ("flaky.probe", "echo $FLAKY\n"),
        ("flaky.probe.expected", "ok\n"),
        ("fixed.probe", "echo $FIXED\n"),
        ("fixed.probe.expected", "ok\n"),
        ("stable.probe", "solved\n"),
        ("stable.probe.expected", "ok\n"),
    ]);
    let flaky = ["ok", "no", "ok", "ok", "no", "ok"];
    let fixed = ["no", "no", "no", "ok", "ok", "ok"];
    for (flaky, fixed) in flaky.iter().zip(fixed) {
        let env = [("FLAKY", flaky.to_string()), ("FIXED", fixed.to_string())];
        let code = if *flaky == "ok" && fixed == "ok" { 0 } else { 1 };
        probe_run(dir.path(), &["run", ".", "--history", "h.db", "-q"], &env, code);
    }
    let found = lines(&probe_run(dir.path(), &["history", "h.db", "flaky", "--json", "-"], &[], 1));
    let input_hash = found[0]["input_hash"].clone();
    assert_eq!(
        found,
        [json!({
            "type": "flaky",
            "file": "./flaky.probe",
            "solver": "probe",
            "input_hash": input_hash,
            "runs": 6,
            "flips": 4,
            "results": [["solved, same", 4], ["solved, differs", 2]],
            "last_run": 6,
        })]
    );
    // --file looks at one file alone.
    let stable = ["history", "h.db", "--file", "./stable.probe", "flaky", "--json", "-"];
    assert_eq!(probe_run(dir.path(), &stable, &[], 0), "");
    let alone = ["history", "h.db", "flaky", "--file", "./flaky.probe", "--json", "-"];
    assert_eq!(lines(&probe_run(dir.path(), &alone, &[], 1)), found);
    let changes = lines(&probe_run(dir.path(), &["history", "h.db", "regressions", "--json", "-"], &[], 1));
    let seen: Vec<(&str, i64, &str)> = changes
        .iter()
        .map(|change| {
            (
                change["file"].as_str().unwrap(),
                change["run"].as_i64().unwrap(),
                change["kind"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("./fixed.probe", 4, "answer"),
            ("./fixed.probe", 4, "fixed"),
            ("./flaky.probe", 2, "answer"),
            ("./flaky.probe", 2, "fails"),
            ("./flaky.probe", 3, "answer"),
            ("./flaky.probe", 3, "fixed"),
            ("./flaky.probe", 5, "answer"),
            ("./flaky.probe", 5, "fails"),
            ("./flaky.probe", 6, "answer"),
            ("./flaky.probe", 6, "fixed"),
        ]
    );
    let csv = probe_run(dir.path(), &["history", "h.db", "flaky", "--csv", "-"], &[], 1);
    assert_eq!(
        csv,
        format!(
            "file,solver,input_hash,runs,flips,results,last_run\n./flaky.probe,probe,{},6,4,\"[[\"\"solved, same\"\",4],[\"\"solved, differs\"\",2]]\",6\n",
            input_hash.as_str().unwrap()
        )
    );
}

#[test]
fn two_processes_appending_at_once_lose_no_run() {
    let dir = folder(&[("a.probe", "solved\n"), ("b.probe", "solved\n")]);
    probe_run(dir.path(), &["run", ".", "--json", "r.jsonl", "-q"], &[], 0);
    let report = std::fs::read_to_string(dir.path().join("r.jsonl")).unwrap();
    // Both start on a missing file: it is created once.
    let mut args = vec!["history", "h.db", "import"];
    args.extend(["r.jsonl"; 40]);
    let children: Vec<_> = (0..2)
        .map(|_| {
            crate::common::child()
                .current_dir(dir.path())
                .args(&args)
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
    }
    let runs = lines(&probe_run(dir.path(), &["history", "h.db", "--json", "-"], &[], 0));
    assert_eq!(runs.len(), 80);
    assert!(runs.iter().all(|run| run["passed"] == 2 && run["failed"] == 0));
    assert_eq!(
        runs.iter().map(|run| run["run"].as_i64().unwrap()).collect::<Vec<_>>(),
        (1..=80).collect::<Vec<_>>()
    );
    assert_eq!(probe_run(dir.path(), &["history", "h.db", "export", "80"], &[], 0), report);
}

#[test]
fn a_file_that_is_no_history_is_refused_by_name_and_left_as_it_was() {
    let dir = folder(&[("a.probe", "solved\n"), ("notes.db", "hello, world\n"), ("empty.db", "")]);
    let expected = "error: notes.db: not an SQLite database, so not a solvebatch results history\n";
    assert_eq!(refused(dir.path(), &["history", "notes.db"]), expected);
    let mut run = command_in(dir.path());
    let output =
        run.env("SOLVEBATCH_PROBE_FAMILY", "1").args(["run", ".", "--history", "notes.db"]).output().unwrap();
    assert_eq!((output.status.code(), text(&output.stderr)), (Some(2), expected.to_string()));
    assert_eq!(std::fs::read_to_string(dir.path().join("notes.db")).unwrap(), "hello, world\n");
    assert_eq!(
        refused(dir.path(), &["history", "missing.db"]),
        "error: missing.db: no such file (a history is made by --history FILE.db or `history FILE.db import`)\n"
    );
    assert!(!dir.path().join("missing.db").exists());
    // An empty file becomes a history, as SQLite makes it a database.
    probe_run(dir.path(), &["run", ".", "--history", "empty.db", "-q"], &[], 0);
    assert_eq!(lines(&probe_run(dir.path(), &["history", "empty.db", "--json", "-"], &[], 0)).len(), 1);
}

#[test]
fn another_program_s_database_and_a_newer_schema_are_refused() {
    let dir = folder(&[("a.probe", "solved\n")]);
    let other = rusqlite::Connection::open(dir.path().join("other.db")).unwrap();
    other.execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('x');").unwrap();
    drop(other);
    assert_eq!(
        refused(dir.path(), &["history", "other.db"]),
        "error: other.db: an SQLite database, but not a solvebatch results history\n"
    );
    probe_run(dir.path(), &["run", ".", "--history", "h.db", "-q"], &[], 0);
    let newer = rusqlite::Connection::open(dir.path().join("h.db")).unwrap();
    newer.execute_batch("PRAGMA user_version = 2;").unwrap();
    drop(newer);
    let expected = "error: h.db: a results history of schema version 2, newer than this solvebatch reads \
                    (version 1); use a newer solvebatch\n";
    assert_eq!(refused(dir.path(), &["history", "h.db"]), expected);
    let output = command_in(dir.path())
        .env("SOLVEBATCH_PROBE_FAMILY", "1")
        .env("SOLVEBATCH_HISTORY", "h.db")
        .args(["run", ".", "-q"])
        .output()
        .unwrap();
    assert_eq!((output.status.code(), text(&output.stderr)), (Some(2), expected.to_string()));
}

#[test]
fn a_damaged_history_is_said_to_be_damaged() {
    let dir = folder(&[("a.probe", "solved\n")]);
    probe_run(dir.path(), &["run", ".", "--history", "h.db", "-q"], &[], 0);
    let path = dir.path().join("h.db");
    let mut bytes = std::fs::read(&path).unwrap();
    // The first page's b-tree header and cell pointers (after the 100-byte file header): the
    // schema table cannot be read.
    bytes[100..160].fill(0xA5);
    std::fs::write(&path, bytes).unwrap();
    assert_eq!(
        refused(dir.path(), &["history", "h.db"]),
        "error: h.db: the database is damaged (database disk image is malformed); restore it from a copy\n"
    );
}

#[test]
fn serve_records_the_batch_page_s_runs_and_shows_the_history_pages() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("h.db");
    let server = crate::server::Server::start(&["--history", database.to_str().unwrap()]);
    let read = |path: &str| std::fs::read(crate::server::dataset(path)).unwrap();
    let (input, reference) =
        (read("tournament/spec-example.csv"), read("tournament/spec-example.csv.expected"));
    for _ in 0..2 {
        let files: [(&str, &[u8]); 2] = [("a.csv", &input), ("a.csv.expected", &reference)];
        let (status, answer) = crate::serve_api::post_form(&server.at("/api/batch"), &files);
        assert_eq!(status, 200, "{answer}");
    }
    let runs = lines(&probe_run(dir.path(), &["history", "h.db", "--json", "-"], &[], 0));
    let seen: Vec<(&str, i64, i64)> = runs
        .iter()
        .map(|run| {
            (
                run["command"].as_str().unwrap(),
                run["passed"].as_i64().unwrap(),
                run["failed"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(seen, [("serve", 1, 0), ("serve", 1, 0)]);
    let story = lines(&probe_run(dir.path(), &["history", "h.db", "--file", "a.csv", "--json", "-"], &[], 0));
    assert_eq!(story[1]["verdict"], "same");
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let page = |path: &str| {
        let mut response = agent.get(server.at(path)).call().unwrap();
        (response.status().as_u16(), response.body_mut().read_to_string().unwrap())
    };
    assert!(page("/batch").1.contains("<a href=\"/history\">history</a>"), "the batch page links to it");
    let (status, runs_page) = page("/history");
    assert_eq!(status, 200);
    assert!(runs_page.contains("<title>solvebatch history</title>") && runs_page.contains("<h3>a.csv</h3>"));
    let (status, story_page) = page("/history?file=a.csv");
    assert_eq!(status, 200);
    assert!(story_page.contains("<title>solvebatch history of a.csv</title>"));
    assert_eq!(page("/history?view=flaky").0, 200);
    assert_eq!(page("/history?view=regressions").0, 200);
    let (status, body) = page("/history?view=slow");
    assert_eq!(
        (status, body.as_str()),
        (400, r#"{"error":"view: `slow` is neither regressions nor flaky"}"#)
    );
    let (status, body) = page("/history?view=regressions&since=v1");
    assert_eq!((status, body.contains("no run is labelled `v1`")), (404, true), "{body}");
}
