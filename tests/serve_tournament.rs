//! The tournament page's alternatives over HTTP: `POST /api/tournament/rounds` counts the rounds,
//! steps through them in the order of `tournament --all` and pins pairings as `--fix` and `--forbid`
//! do, with the answers worked out by hand.

use serde_json::{json, Value};

use crate::serve_api::post;
use crate::server::{dataset, Server};

/// Two tables, three rounds. Algorithm X branches on table 0 first (every item has three options),
/// its pairings in file order: 0-1 leaves 2-3 at table 1, 2-3 leaves 0-1, 0-2 leaves 1-3.
const THREE: &[u8] = b"2\n0,1,0\n2,3,0\n0,2,0\n2,3,1\n0,1,1\n1,3,1\n";

/// The round `[first, second, table]` by table, as the file writes each pairing (in decimal digits,
/// as the answer sends them).
const ROUNDS: [[[&str; 3]; 2]; 3] = [
    [["0", "1", "0"], ["2", "3", "1"]],
    [["2", "3", "0"], ["0", "1", "1"]],
    [["0", "2", "0"], ["1", "3", "1"]],
];

/// The answer for `THREE` with the query `query`: status, number of rounds and the round shown.
fn ask(server: &Server, query: &str) -> (u16, Value, Value) {
    let (status, answer) = post(&server.at(&format!("/api/tournament/rounds?name=three.csv&{query}")), THREE);
    (status, answer["rounds"].clone(), answer["round"].clone())
}

#[test]
fn the_spec_example_has_exactly_one_round() {
    let server = Server::start(&[]);
    let example = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    let (status, answer) = post(&server.at("/api/tournament/rounds"), &example);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["rounds"], "1");
    assert_eq!(
        answer["pairings"],
        json!([["0", "1", "0"], ["1", "2", "0"], ["3", "4", "1"], ["5", "0", "2"]])
    );
    assert_eq!(answer["round"], json!([["1", "2", "0"], ["3", "4", "1"], ["5", "0", "2"]]));
    assert_eq!(
        answer["output"],
        std::fs::read_to_string(dataset("tournament/spec-example.csv.expected")).unwrap()
    );
    let (_, past) = post(&server.at("/api/tournament/rounds?index=1"), &example);
    assert_eq!((&past["round"], &past["output"]), (&Value::Null, &json!("No tournament found.\n")));
}

#[test]
fn next_round_steps_through_the_rounds_in_the_order_of_all() {
    let server = Server::start(&[]);
    for (index, round) in ROUNDS.iter().enumerate() {
        assert_eq!(ask(&server, &format!("index={index}")), (200, json!("3"), json!(round)), "round {index}");
    }
    assert_eq!(ask(&server, "index=3"), (200, json!("3"), Value::Null));
    let (_, answer) = post(&server.at("/api/tournament/rounds?index=1"), THREE);
    assert_eq!(answer["output"], "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n");
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("three.csv"), THREE).unwrap();
    let listed = crate::common::child()
        .current_dir(folder.path())
        .args(["tournament", "three.csv", "--all"])
        .output()
        .unwrap();
    let printed: Vec<String> = ROUNDS
        .iter()
        .map(|round| round.iter().map(|[a, b, t]| format!("Table {t}: {a} vs. {b}\n")).collect())
        .collect();
    assert_eq!(String::from_utf8(listed.stdout).unwrap(), printed.join("\n"), "the order of --all");
}

#[test]
fn pins_change_the_count_and_the_round_as_worked_out_by_hand() {
    let server = Server::start(&[]);
    // Fixed: only the rounds that play it; either order of the players.
    assert_eq!(ask(&server, "fix=0:1-0"), (200, json!("1"), json!(ROUNDS[0])));
    assert_eq!(ask(&server, "fix=1:1-3"), (200, json!("1"), json!(ROUNDS[2])));
    // Forbidden: the rounds that do not play it, the first of them shown.
    assert_eq!(ask(&server, "forbid=0:0-1"), (200, json!("2"), json!(ROUNDS[1])));
    assert_eq!(ask(&server, "forbid=0:0-1&index=1"), (200, json!("2"), json!(ROUNDS[2])));
    assert_eq!(ask(&server, "forbid=0:0-1,0:2-3"), (200, json!("1"), json!(ROUNDS[2])));
    assert_eq!(ask(&server, "forbid=0:0-1,1:0-1"), (200, json!("1"), json!(ROUNDS[2])));
    // Player 1 keeps no pairing, which only a pin is checked for: no round, and no error.
    assert_eq!(ask(&server, "forbid=0:0-1,1:0-1,1:1-3"), (200, json!("0"), Value::Null));
}

#[test]
fn an_impossible_pin_answers_the_command_lines_message_in_its_own_words() {
    let server = Server::start(&[]);
    let refused = |query: &str| {
        let (status, answer) =
            post(&server.at(&format!("/api/tournament/rounds?name=three.csv&{query}")), THREE);
        (status, answer["error"].as_str().unwrap_or_default().to_string())
    };
    let cases = [
        (
            "fix=0:2-3&forbid=1:0-1",
            "--fix 0:2-3 leaves player 0 uncovered: each of its pairings shares a table or player with a pin",
            &["--fix", "0:2-3", "--forbid", "1:0-1"][..],
        ),
        (
            "fix=0:2-0&forbid=1:1-3",
            "--fix 0:2-0 leaves player 1 uncovered: each of its pairings shares a table or player with a pin",
            &["--fix", "0:2-0", "--forbid", "1:1-3"][..],
        ),
        (
            "fix=0:0-1,1:1-3",
            "--fix 1:1-3: player 1 is already pinned by --fix 0:0-1",
            &["--fix", "0:0-1", "--fix", "1:1-3"],
        ),
        ("fix=1:0-2", "--fix 1:0-2: not an allowable pairing (no line 0,2,1 or 2,0,1)", &["--fix", "1:0-2"]),
        ("fix=2:0-1", "--fix 2:0-1: table 2 is outside the allowable range", &["--fix", "2:0-1"]),
    ];
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("three.csv");
    std::fs::write(&file, THREE).unwrap();
    for (query, message, options) in cases {
        // The page pins pairings; the command line fixes them with `--fix`.
        let pinned = message.replace("--fix", "pin");
        assert_eq!(refused(query), (400, format!("three.csv: {pinned}")), "{query}");
        let cli = crate::common::child()
            .current_dir(folder.path())
            .arg("tournament")
            .arg("three.csv")
            .args(options)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(cli.stderr).unwrap(),
            format!("error: three.csv: {message}\n"),
            "{query}"
        );
    }
    assert_eq!(
        refused("fix=0:0"),
        (400, "fix: `0:0` is not T:A-B (table, then the two players, such as 0:1-2)".to_string())
    );
    assert_eq!(refused("index=10001"), (400, "index: `10001` is not a number from 0 to 10000".to_string()));
    assert_eq!(
        refused("timeout=61"),
        (400, "timeout: 61 seconds is above the limit of 60 seconds".to_string())
    );
}

#[test]
fn numbers_past_2_to_the_53_go_as_the_digits_the_command_line_prints() {
    let server = Server::start(&[]);
    // 2^62 tables (the most a file may have), players up to 2^63 - 1; 2^53 + 1 is the first whole
    // number a JavaScript number cannot hold (it reads 9007199254740992).
    let file = b"4611686018427387904\n9007199254740993,9223372036854775807,9007199254740993\n";
    let (status, answer) = post(&server.at("/api/tournament/rounds?name=huge.csv"), file);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["pairings"], json!([["9007199254740993", "9223372036854775807", "9007199254740993"]]));
    assert_eq!((&answer["rounds"], &answer["round"]), (&json!("0"), &Value::Null));
    // A pin names the pairing in those digits, as `--fix` does; the page sends what it shows.
    let pinned =
        "/api/tournament/rounds?name=huge.csv&forbid=9007199254740993:9223372036854775807-9007199254740993";
    let (status, answer) = post(&server.at(pinned), file);
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["pairings"][0][1], "9223372036854775807");
    // A round's triples are the digits of the round as printed.
    let (status, answer) = post(&server.at("/api/tournament/rounds"), b"2\n0,3,0\n1,2,1\n");
    assert_eq!(status, 200, "{answer}");
    let printed: String = answer["round"]
        .as_array()
        .unwrap()
        .iter()
        .map(|triple| {
            format!(
                "Table {}: {} vs. {}\n",
                triple[2].as_str().unwrap(),
                triple[0].as_str().unwrap(),
                triple[1].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(printed, answer["output"].as_str().unwrap());
    assert_eq!(printed, "Table 0: 0 vs. 3\nTable 1: 1 vs. 2\n");
}

#[test]
fn a_bad_file_or_one_with_too_many_pairings_is_refused_with_its_name() {
    let server = Server::start(&[]);
    let (status, answer) = post(&server.at("/api/tournament/rounds?name=bad.csv"), b"1\n0,0,0\n");
    assert_eq!((status, answer["error"].clone()), (400, json!("bad.csv: Line 1: The players are the same.")));
    let mut big = String::from("2501\n");
    for table in 0..2501 {
        big.push_str(&format!(
            "{},{},{table}\n{},{},{table}\n",
            2 * table,
            2 * table + 1,
            2 * table + 1,
            2 * table
        ));
    }
    let (status, answer) = post(&server.at("/api/tournament/rounds?name=big.csv"), big.as_bytes());
    assert_eq!(
        (status, answer["error"].clone()),
        (
            400,
            json!("big.csv: 5002 pairings; the page lists at most 5000 (`solvebatch tournament big.csv --count` and `--all` take any file)")
        )
    );
}
