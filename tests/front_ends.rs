//! One file, one record: `run --json`, `compare`'s JSON report, `review`'s, the web app's
//! `POST /api/batch` and its solve endpoint all make a file's record through the one path from a
//! file to its record, so a file of each family (an invalid one, a reference matched, one matched by
//! another valid answer, one that differs, one without a reference) gets the same record fields from
//! each of them.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::common::{output_in, text};
use crate::server::{dataset, Server};

/// Files by name with their bytes.
type Files = Vec<(String, Vec<u8>)>;

/// The files of the folder: a name and its bytes, references beside their inputs.
fn folder() -> Files {
    let own: [(&str, &[u8]); 9] = [
        ("same.csv", b"1\n0,1,0\n"),
        ("same.csv.expected", b"Table 0: 0 vs. 1\n"),
        // Two rounds; the reference holds the one the default solver does not print.
        ("valid.csv", b"2\n0,1,0\n2,3,1\n1,2,0\n3,0,1\n"),
        ("valid.csv.expected", b"Table 0: 1 vs. 2\nTable 1: 3 vs. 0\n"),
        ("differs.csv", b"1\n0,1,0\n"),
        ("differs.csv.expected", b"wrong\n"),
        ("invalid.csv", b"x\n"),
        ("invalid.csv.expected", b"Line 0: The number of tables is not an integer.\n"),
        ("no-round.csv", b"2\n0,1,0\n"),
    ];
    let bundled = [
        "tictactoe/00-example.in",
        "tictactoe/00-example.ref",
        "tictactoe/02-out-of-turn.in",
        "tictactoe/02-out-of-turn.ref",
        "tictactoe/20-error-player.in",
        "tictactoe/20-error-player.ref",
        "guess/spec-example.guess",
        "guess/spec-example.guess.expected",
        "guess/malformed.guess",
        "guess/malformed.guess.expected",
        "scrabble/assignment-are-la.scrabble",
        "scrabble/assignment-are-la.scrabble.expected",
        "scrabble/assignment-words.txt",
    ];
    let mut files: Files = own.iter().map(|(name, bytes)| (name.to_string(), bytes.to_vec())).collect();
    for name in bundled {
        let file = Path::new(name).file_name().unwrap().to_str().unwrap().to_string();
        files.push((file, std::fs::read(dataset(name)).unwrap()));
    }
    files
}

/// The file records of the JSON lines report `report`, by file name (the `./` of `run .` dropped),
/// those of `solver_of` (family name to solver) only when given.
fn records(report: &[u8], solver_of: Option<&BTreeMap<String, String>>) -> BTreeMap<String, Value> {
    text(report)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|line| line["type"] == "file")
        .filter(|record| {
            solver_of.is_none_or(|solvers| {
                solvers.get(record["family"].as_str().unwrap()).map(String::as_str)
                    == record["solver"].as_str()
            })
        })
        .map(|record| {
            let file = record["file"].as_str().unwrap().trim_start_matches("./").to_string();
            (file, record)
        })
        .collect()
}

/// The fields every front end gives a file alike.
const FIELDS: [&str; 9] =
    ["family", "solver", "status", "message", "warning", "output", "stats", "input_hash", "reference_hash"];

/// The files of [`folder`] written into a new folder, and the records `run --json` makes of them.
fn run_folder() -> (Files, tempfile::TempDir, BTreeMap<String, Value>) {
    let files = folder();
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in &files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let run = output_in(dir.path(), &["run", ".", "--json", "-", "--json-outputs", "-q"]);
    assert_eq!(run.status.code(), Some(1), "differs.csv differs: {}", text(&run.stderr));
    let run = records(&run.stdout, None);
    (files, dir, run)
}

#[test]
fn run_compare_and_the_web_batch_give_a_file_the_same_record() {
    let (files, dir, run) = run_folder();
    let solvers: BTreeMap<String, String> = run
        .values()
        .map(|record| {
            (record["family"].as_str().unwrap().to_string(), record["solver"].as_str().unwrap().to_string())
        })
        .collect();
    let compare =
        output_in(dir.path(), &["compare", ".", "--repeat", "1", "--json", "-", "--json-outputs", "-q"]);
    let compare = records(&compare.stdout, Some(&solvers));
    let server = Server::start(&[]);
    let named: Vec<(&str, &[u8])> =
        files.iter().map(|(name, bytes)| (name.as_str(), bytes.as_slice())).collect();
    let (status, batch) = crate::serve_api::post_form(&server.at("/api/batch?timeout=60"), &named);
    assert_eq!(status, 200, "{batch}");
    let web: BTreeMap<String, Value> = batch["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| (record["file"].as_str().unwrap().to_string(), record.clone()))
        .collect();

    // The verdicts and statuses worked out by hand; compare judges solvers against each other, so
    // its records carry no verdict.
    let expected = [
        ("00-example.in", "solved", Some("same")),
        // Moves out of turn are answered `NOT YOUR TURN` by the spec: solved.
        ("02-out-of-turn.in", "solved", Some("same")),
        ("20-error-player.in", "invalid", Some("same")),
        ("assignment-are-la.scrabble", "solved", Some("same")),
        ("differs.csv", "solved", Some("differs")),
        ("invalid.csv", "invalid", Some("same")),
        ("malformed.guess", "invalid", Some("same")),
        ("no-round.csv", "no_solution", None),
        ("same.csv", "solved", Some("same")),
        ("spec-example.guess", "solved", Some("same")),
        ("valid.csv", "solved", Some("valid")),
    ];
    let names: Vec<&str> = expected.iter().map(|(name, _, _)| *name).collect();
    for records in [&run, &compare, &web] {
        assert_eq!(records.keys().map(String::as_str).collect::<Vec<_>>(), names);
    }
    for (name, status, verdict) in expected {
        let (run, compare, web) = (&run[name], &compare[name], &web[name]);
        assert_eq!((run["status"].as_str(), run["verdict"].as_str()), (Some(status), verdict), "{name}");
        assert_eq!(web["verdict"], run["verdict"], "{name}: verdict of the web batch");
        assert_eq!(compare["verdict"], Value::Null, "{name}: compare judges no reference");
        for field in FIELDS {
            assert_eq!(web[field], run[field], "{name}: {field} of the web batch");
            assert_eq!(compare[field], run[field], "{name}: {field} of compare");
        }
        assert!(run["output"].is_string() && run["input_hash"].as_str().is_some_and(|hash| hash.len() == 32));
        assert_eq!(run["reference_hash"].is_null(), verdict.is_none(), "{name}");
    }
    // The solve endpoint of the web pages, sent a file alone (no reference, and no word list: the
    // Scrabble position is left out), gives the same record but for the reference's fields.
    for (name, run) in run.iter().filter(|(name, _)| !name.ends_with(".scrabble")) {
        let bytes = &files.iter().find(|(file, _)| file == name).unwrap().1;
        let family = run["family"].as_str().unwrap();
        let (_, solved) =
            crate::serve_api::post(&server.at(&format!("/api/solve/{family}?name={name}")), bytes);
        for field in FIELDS.iter().filter(|field| **field != "reference_hash") {
            assert_eq!(solved[*field], run[*field], "{name}: {field} of /api/solve");
        }
        assert_eq!((&solved["verdict"], &solved["reference_hash"]), (&Value::Null, &Value::Null), "{name}");
    }
    // The diff from the reference is the one `run --diff` prints.
    let diff = "--- differs.csv.expected\n+++ differs.csv (output)\n@@ -1 +1 @@\n-wrong\n+Table 0: 0 vs. 1\n";
    let differs = batch["records"].as_array().unwrap().iter().find(|record| record["file"] == "differs.csv");
    assert_eq!(differs.unwrap()["diff"], diff);
    let printed = output_in(dir.path(), &["run", "differs.csv", "--diff", "--color", "never"]);
    assert!(text(&printed.stdout).contains(diff), "{}", text(&printed.stdout));
}

/// `review` solves through the same path as `run`: its JSON report (written before it asks) gives
/// every file the record fields and verdict of `run --json`, the diff it shows is the one from the
/// record's output, and the references it writes on `A` (accept all) hold `run`'s outputs.
#[test]
fn review_gives_a_file_the_same_record_as_run_and_writes_its_output() {
    let (_, dir, run) = run_folder();
    // Outside the folder reviewed, so that the report is none of its files.
    let reports = tempfile::tempdir().unwrap();
    let report = reports.path().join("review.json");
    let mut session = crate::review::spawn(
        dir.path(),
        &["review", ".", "--json", report.to_str().unwrap(), "--json-outputs", "--color", "never"],
    );
    // Offered: the file that differs, then the one without a reference (`no-round.csv`), named as
    // `review .` names them.
    let shown = crate::review::expect(&mut session, "[1/2] replace ./differs.csv.expected? [a,r,s,A,q,?] ");
    let output = run["differs.csv"]["output"].as_str().unwrap();
    let diff = format!(
        "── ./differs.csv differs from its reference ──\n--- ./differs.csv.expected\n\
         +++ ./differs.csv (output)\n@@ -1 +1 @@\n-wrong\n+{output}"
    );
    assert!(shown.ends_with(&diff), "{shown}");
    session.send("A").unwrap();
    session.flush().unwrap();
    let (rest, code) = crate::review::finish(&mut session);
    assert_eq!(
        rest,
        "accept all\n  wrote ./differs.csv.expected\n  created ./no-round.csv.expected\n\
         review: accepted 2, rejected 0, skipped 0, left 0\n"
    );
    assert_eq!(code, 0, "the file that differed was accepted");

    let review = records(&std::fs::read(&report).unwrap(), None);
    assert_eq!(review.keys().collect::<Vec<_>>(), run.keys().collect::<Vec<_>>());
    for (name, run) in &run {
        for field in FIELDS.iter().chain(&["verdict"]) {
            assert_eq!(review[name][*field], run[*field], "{name}: {field} of review");
        }
    }
    for name in ["differs.csv", "no-round.csv"] {
        let written = std::fs::read_to_string(dir.path().join(format!("{name}.expected"))).unwrap();
        assert_eq!(Some(written.as_str()), run[name]["output"].as_str(), "{name}: the reference accepted");
    }
}
