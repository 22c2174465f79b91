//! The web app's HTTP API, end to end: `solvebatch serve` started on a free port, every endpoint
//! called over HTTP, answers compared with the datasets' references (the command line's outputs).

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::server::{dataset, Server};
use base64::Engine;
use serde_json::{json, Value};

/// The hashes a record of `1\n0,1,0\n` sent alone ends with: the input's XXH3-128, no reference.
const ONE_TABLE_HASHES: &str = r#""input_hash":"bd16aff12683c41d88752fa4e3805503","reference_hash":null"#;

/// A client that hands every status back instead of failing on 4xx and 5xx.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}

/// The status and JSON body of a `POST` of `body` to `url`.
pub(crate) fn post(url: &str, body: &[u8]) -> (u16, Value) {
    answer(agent().post(url).send(body).expect("the server answers"))
}

/// The status and JSON body of a `POST` of `value` as JSON.
pub(crate) fn post_json(url: &str, value: &Value) -> (u16, Value) {
    answer(
        agent()
            .post(url)
            .header("Content-Type", "application/json")
            .send(value.to_string())
            .expect("the server answers"),
    )
}

/// The status and JSON body of a `GET` of `url`.
pub(crate) fn get(url: &str) -> (u16, Value) {
    answer(agent().get(url).call().expect("the server answers"))
}

fn answer(mut response: ureq::http::Response<ureq::Body>) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.body_mut().with_config().limit(64 << 20).read_to_string().expect("a text body");
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}")))
}

/// The inputs of `folder` (under `datasets/`) ending in `extension`, in name order.
fn inputs(folder: &str, extension: &str) -> Vec<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(dataset(folder))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_str().unwrap().ends_with(extension))
        .collect();
    found.sort();
    found
}

/// Posts each input to `/api/solve/FAMILY` and checks that the output is the reference's bytes,
/// with 400 exactly for the inputs the family finds invalid.
fn answers_as_the_command_line(
    server: &Server,
    family: &str,
    files: &[std::path::PathBuf],
    reference: fn(&Path) -> std::path::PathBuf,
) {
    assert!(!files.is_empty());
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap();
        let (status, record) =
            post(&server.at(&format!("/api/solve/{family}?name={name}")), &std::fs::read(path).unwrap());
        let expected = std::fs::read_to_string(reference(path)).unwrap();
        assert_eq!(record["output"], expected, "{name}");
        assert_eq!(record["file"], name);
        assert_eq!(record["family"], family);
        assert_eq!(status == 400, record["status"] == "invalid", "{name}: {status} {record}");
        assert!(status == 200 || status == 400, "{name}: {status}");
    }
}

fn with_expected(path: &Path) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".expected");
    name.into()
}

#[test]
fn tournament_datasets_answer_as_the_command_line() {
    let server = Server::start(&[]);
    let mut files = inputs("tournament", ".csv");
    files.extend(inputs("tournament/generated", ".csv"));
    answers_as_the_command_line(&server, "tournament", &files, with_expected);
    let (status, record) = post(
        &server.at("/api/solve/tournament?solver=dlx"),
        &std::fs::read(dataset("tournament/spec-example.csv")).unwrap(),
    );
    assert_eq!((status, &record["solver"], &record["status"]), (200, &json!("dlx"), &json!("solved")));
    assert_eq!(record["output"], "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n");
}

#[test]
fn tictactoe_datasets_answer_as_the_command_line_and_list_their_turns() {
    let server = Server::start(&[]);
    answers_as_the_command_line(&server, "tictactoe", &inputs("tictactoe", ".in"), |path| {
        path.with_extension("ref")
    });

    let (status, turns) =
        post(&server.at("/api/tictactoe/turns"), &std::fs::read(dataset("tictactoe/00-example.in")).unwrap());
    assert_eq!(status, 200);
    assert_eq!(turns["n"], 3);
    let kinds: Vec<&str> =
        turns["turns"].as_array().unwrap().iter().map(|turn| turn["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["chosen", "chosen", "chosen", "chosen", "chosen", "chosen", "not_your_turn", "assigned"]
    );
    // The messages of the moves, in order, are the reference's message lines.
    let messages: String =
        turns["turns"].as_array().unwrap().iter().map(|turn| turn["messages"].as_str().unwrap()).collect();
    assert_eq!(messages, "NOT YOUR TURN\nNOT AN EMPTY CELL\n");
    // X's third move, (0, 2), completes the top row of the first miniboard.
    assert_eq!(turns["turns"][4]["won"], 0);
    let (status, error) = post(&server.at("/api/tictactoe/turns"), b"3 2\nX 0 0\n");
    assert_eq!((status, error["error"].as_str().unwrap()), (400, "line 2: the file ends after 1 of 2 moves"));
}

#[test]
fn guess_datasets_and_games_answer_as_the_command_line() {
    let server = Server::start(&[]);
    answers_as_the_command_line(&server, "guess", &inputs("guess", ".guess"), with_expected);

    // The reference: "secret 3242: 1000 2111 3222 3223 3232 3242 (6 guesses)".
    let (status, game) =
        post_json(&server.at("/api/guess/codebreaker"), &json!({"answers": [0, 0, 3, 2, 3, 4]}));
    assert_eq!(status, 200);
    assert_eq!(
        game,
        json!({"guesses": [1000, 2111, 3222, 3223, 3232, 3242], "state": "won", "candidates": 1, "message": null})
    );
    // The reference: "answers 1000=3 1001=1: inconsistent answers".
    let (_, game) = post_json(&server.at("/api/guess/codebreaker"), &json!({"answers": [3, 1]}));
    assert_eq!((&game["guesses"], &game["state"]), (&json!([1000, 1001]), &json!("inconsistent")));
    assert_eq!(game["message"], "no number matches all your answers");
    let (status, error) = post_json(&server.at("/api/guess/codebreaker"), &json!({"answers": [5]}));
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (400, "answer 1: 5 is not a number of matches from 0 to 4")
    );

    let secret = solvebatch_guess::Host::seeded(solvebatch_guess::Digits::FOUR, 7).secret();
    let (_, hosted) =
        post_json(&server.at("/api/guess/host"), &json!({"seed": 7, "guesses": [1234, secret]}));
    assert_eq!(
        hosted,
        json!({"answers": [solvebatch_guess::matches(1234, secret), 4], "found": true, "secret": secret})
    );
    let (_, hosted) = post_json(&server.at("/api/guess/host"), &json!({"seed": 7, "guesses": [1234]}));
    assert_eq!(hosted["secret"], Value::Null);
    let (status, error) = post_json(&server.at("/api/guess/host"), &json!({"seed": 7, "guesses": [123]}));
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (400, "guess 1: 123 is not a 4-digit number (1000 to 9999)")
    );

    // README: "strategy max-parts, 4 digits, 9000 secrets / worst case: 13 guesses / mean: 10.0061".
    let (status, summary) = get(&server.at("/api/guess/simulate?strategy=max-parts"));
    assert_eq!((status, &summary["secrets"], &summary["worst_case"]), (200, &json!(9000), &json!(13)));
    assert_eq!(format!("{:.4}", summary["mean"].as_f64().unwrap()), "10.0061");
    let bars: u64 =
        summary["histogram"].as_array().unwrap().iter().map(|bar| bar["secrets"].as_u64().unwrap()).sum();
    assert_eq!(bars, 9000);
}

#[test]
fn a_range_too_large_to_play_whole_is_simulated_on_a_sample_as_the_command_line_plays_it() {
    let server = Server::start(&[]);
    // 90 million 8-digit numbers, past the 10 million a simulation plays: 5 drawn with seed 1.
    let (status, sampled) = get(&server.at("/api/guess/simulate?digits=8&sample=5&timeout=60"));
    assert_eq!((status, &sampled["sample"]), (200, &json!({"of": 90_000_000, "seed": 1})), "{sampled}");
    let secrets = solvebatch_guess::secrets::sample_secrets(solvebatch_guess::Digits::new(8).unwrap(), 5, 1);
    assert_eq!(secrets.len(), 5);
    // The same secrets listed for `guess simulate --secrets`: the same summary.
    let folder = tempfile::tempdir().unwrap();
    let listed = folder.path().join("sample.txt");
    let lines: Vec<String> = secrets.iter().map(u32::to_string).collect();
    std::fs::write(&listed, lines.join("\n")).unwrap();
    let simulated = crate::common::child()
        .args(["guess", "simulate", "--digits", "8", "--json", "-", "--secrets"])
        .arg(&listed)
        .output()
        .unwrap();
    assert!(simulated.status.success(), "{}", String::from_utf8_lossy(&simulated.stderr));
    let stdout = String::from_utf8(simulated.stdout).unwrap();
    let summary: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    for field in ["strategy", "digits", "secrets", "worst_case", "worst_secrets", "mean", "histogram"] {
        assert_eq!(sampled[field], summary[field], "{field}");
    }
    assert_eq!(sampled["secrets"], 5);

    // A sample of no secret, or of more than the range could ever be played whole, is refused in the
    // words of every other number of the web and the command line.
    let refused = |query: &str| get(&server.at(&format!("/api/guess/simulate?{query}")));
    let secrets = "is not a number of secrets";
    for (sample, message) in [
        ("0", format!("sample: 0 {secrets} from 1 to 1000000")),
        ("-1", format!("sample: -1 {secrets} from 1 to 1000000")),
        ("99999999999999999999", format!("sample: 99999999999999999999 {secrets} from 1 to 1000000")),
        ("abc", format!("sample: `abc` {secrets} (a whole number from 1 to 1000000)")),
        ("", format!("sample: an empty value {secrets} (a whole number from 1 to 1000000)")),
        ("2.5", format!("sample: `2.5` {secrets} (a whole number from 1 to 1000000)")),
        (
            "2000000",
            "sample: 2000000 secrets is above the web's limit of 1000000 (128 bytes each); `solvebatch \
             guess simulate --secrets` plays any list"
                .to_string(),
        ),
    ] {
        assert_eq!(
            refused(&format!("digits=8&sample={sample}")),
            (400, json!({ "error": message })),
            "sample={sample}"
        );
    }
    // Past the time limit: 422, naming the limit and what to choose instead, with a sample or without.
    let (status, error) = refused("digits=9&sample=3&timeout=0.1");
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (
            422,
            "stopped at the time limit of 0.1 s before the sample of 3 secrets was played; choose a longer \
             limit (at most 60 s), a smaller sample or fewer digits."
        )
    );
    let (status, error) = refused("strategy=entropy&digits=5&timeout=0.1");
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (
            422,
            "stopped at the time limit of 0.1 s before every secret was played; choose a longer limit (at \
             most 60 s), fewer digits or a faster strategy."
        )
    );
}

#[test]
fn scrabble_datasets_on_the_bundled_dictionary_answer_as_the_command_line() {
    let server = Server::start(&[]);
    // The server reads only its own dictionary: the positions that name the bundled one.
    let files: Vec<_> = inputs("scrabble", ".scrabble")
        .into_iter()
        .filter(|path| std::fs::read_to_string(path).unwrap().contains("dictionary: dictionary.txt\n"))
        .collect();
    assert_eq!(files.len(), 11);
    answers_as_the_command_line(&server, "scrabble", &files, with_expected);

    // The reference's first line: "play GARI 5 -3 vertical: 25"; its best play "25 GARI 5 -3 vertical GARI".
    let text = std::fs::read(dataset("scrabble/midgame-01.scrabble")).unwrap();
    let (status, view) =
        post(&server.at("/api/scrabble/position?play=GARI%205%20-3%20vertical&top=3"), &text);
    assert_eq!((status, &view["check"]["score"]), (200, &json!(25)));
    assert_eq!(view["check"]["squares"], json!([162, 177, 192, 207]));
    assert_eq!(view["hints"][0]["text"], "25 GARI 5 -3 vertical GARI");
    assert_eq!(view["hints"].as_array().unwrap().len(), 3);
    // Under the standard rules the hints are the command line's: by equity, as players write plays.
    let (status, view) = post(&server.at("/api/scrabble/position?rules=standard&top=4"), &text);
    assert_eq!(status, 200);
    let listed = crate::common::child()
        .args(["scrabble", "hint", "--rules", "standard", "--top", "4"])
        .arg(dataset("scrabble/midgame-01.scrabble"))
        .output()
        .unwrap();
    let hints: Vec<&str> =
        view["hints"].as_array().unwrap().iter().map(|hint| hint["text"].as_str().unwrap()).collect();
    assert_eq!(hints.len(), 4);
    assert_eq!(hints.join("\n") + "\n", String::from_utf8(listed.stdout).unwrap());
    assert!(hints[0].contains("keep"), "{hints:?}");
    // Its first hint's play, typed as players write it, is that same play.
    assert_eq!(hints[0], "  25.1  32 M11 GARI  keep OTU -6.9");
    let (status, view) = post(&server.at("/api/scrabble/position?rules=standard&play=M11%20GARI"), &text);
    assert_eq!((status, &view["check"]["score"]), (200, &json!(32)));
    assert_eq!(view["check"]["squares"], json!([162, 177, 192, 207]));
    // Seven Es on the rack and six on the board: the set has 12.
    let (status, view) = post(&server.at("/api/scrabble/position?rules=standard&rack=EEEEEEE"), &text);
    assert_eq!(
        (status, &view["error"]),
        (400, &json!("the rack and board hold 13 E tiles; the tile set has 12"))
    );
    let (_, view) = post(&server.at("/api/scrabble/position?play=IRAG%205%20-3%20vertical"), &text);
    assert_eq!(view["check"]["rejected"], "not in the dictionary: IRAG, XG");
    assert_eq!(
        view["check"]["hint"],
        "hint: IRAG makes no valid play from any start square or direction; try other letters"
    );

    // A solitaire game: seven tiles dealt; the best play is accepted and scored.
    let (status, game) = post_json(&server.at("/api/scrabble/solitaire"), &json!({"seed": 7, "plays": []}));
    assert_eq!((status, game["rack"].as_array().unwrap().len(), &game["score"]), (200, 7, &json!(0)));
    let best = game["hints"][0].clone();
    let score: u64 = best["text"].as_str().unwrap().split(' ').next().unwrap().parse().unwrap();
    let (_, after) = post_json(
        &server.at("/api/scrabble/solitaire"),
        &json!({"seed": 7, "plays": [], "play": best["play"]}),
    );
    assert_eq!((&after["accepted"], &after["score"]), (&json!(true), &json!(score)));
    assert_eq!(after["check"]["squares"], best["squares"]);
    let (_, again) =
        post_json(&server.at("/api/scrabble/solitaire"), &json!({"seed": 7, "plays": [best["play"]]}));
    assert_eq!((&again["score"], &again["board"]), (&json!(score), &after["board"]));
}

#[test]
fn positions_never_open_the_files_they_name() {
    let server = Server::start(&[]);
    let folder = tempfile::TempDir::new().unwrap();
    // A tile file that would make every letter worth 9 points: never read.
    let tiles = folder.path().join("tiles.txt");
    let nines: String = ('A'..='Z').map(|letter| format!("{letter} 9 9\n")).collect();
    std::fs::write(&tiles, nines).unwrap();
    let text = std::fs::read_to_string(dataset("scrabble/midgame-01.scrabble")).unwrap();
    let expected = std::fs::read_to_string(dataset("scrabble/midgame-01.scrabble.expected")).unwrap();
    for (dictionary, tiles) in
        [("/nonexistent/words.txt", "/nonexistent/tiles.txt"), ("/etc/passwd", tiles.to_str().unwrap())]
    {
        let named = text
            .replace("dictionary: dictionary.txt\n", &format!("dictionary: {dictionary}\ntiles: {tiles}\n"));
        assert_ne!(named, text);
        let (status, record) = post(&server.at("/api/solve/scrabble"), named.as_bytes());
        assert_eq!((status, &record["output"]), (200, &json!(expected)), "{dictionary} {tiles}");
    }
}

#[test]
fn solvers_are_listed_by_family() {
    let server = Server::start(&[]);
    let (status, families) = get(&server.at("/api/solvers"));
    assert_eq!(status, 200);
    let names: Vec<&str> =
        families.as_array().unwrap().iter().map(|family| family["family"].as_str().unwrap()).collect();
    assert_eq!(names, ["tournament", "tictactoe", "guess", "scrabble", "gcg"]);
    let tournament: Vec<&str> = families[0]["solvers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|solver| solver["name"].as_str().unwrap())
        .collect();
    assert_eq!(tournament, ["backtrack", "dlx", "dlx-frb", "dlx-restarts", "sat", "portfolio"]);
    assert_eq!(families[3]["extension"], ".scrabble");
}

#[test]
fn an_empty_guess_file_is_an_invalid_record_as_on_the_command_line() {
    let server = Server::start(&[]);
    let (status, record) = post(&server.at("/api/solve/guess?name=e.guess"), b"");
    assert_eq!(
        (status, &record["status"], &record["message"]),
        (
            400,
            &json!("invalid"),
            &json!("the file is empty: a batch file holds one job a line (secret N, or answers G=M ...)")
        ),
        "{record}"
    );
}

#[test]
fn errors_are_json_with_their_status() {
    let server = Server::start(&[]);
    let round = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    let cases: [(&str, &[u8], u16, &str); 9] = [
        ("/api/solve/tournament?timeout=x", &round, 400, "timeout: `x` is not a number of seconds"),
        (
            "/api/solve/tournament?timeout=61",
            &round,
            400,
            "timeout: 61 seconds is above the limit of 60 seconds",
        ),
        ("/api/solve/tournament?digits=4", &round, 400, "digits is an option of the guess family only"),
        ("/api/solve/guess?digits=10", b"secret 12\n", 400, "digits: `10` is not a number from 2 to 9"),
        ("/api/solve/scrabble?rules=x", b"", 400, "rules: `x` is neither `lab` nor `standard`"),
        (
            "/api/solve/chess",
            &round,
            404,
            "no family is called `chess`; the families are tournament, tictactoe, guess, scrabble, gcg",
        ),
        ("/api/nothing", b"", 404, "no page or endpoint at /api/nothing; / lists the pages"),
        (
            "/api/solve/tournament?solver=greedy",
            &round,
            422,
            "the tournament family has no solver `greedy`; it has: backtrack, dlx, dlx-frb, dlx-restarts, sat, portfolio",
        ),
        (
            "/api/solve/tournament?solver=dlx&colour=red",
            &round,
            400,
            "unknown query parameter 'colour'; the accepted parameters are solver, timeout, name, digits, rules",
        ),
    ];
    for (path, body, status, message) in cases {
        let (answered, error) = post(&server.at(path), body);
        assert_eq!(answered, status, "{path}: {error}");
        assert_eq!(error["error"], message, "{path}");
    }
    // The batch's parameters (its time limit and the solvers chosen), and a JSON body's unknown
    // field, in the app's words too.
    let (status, error) = post_form(&server.at("/api/batch?limit=5"), &[("a.csv", &round)]);
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (400, "unknown query parameter 'limit'; the accepted parameters are timeout, solvers")
    );
    let (status, error) =
        post_json(&server.at("/api/guess/codebreaker"), &json!({"answers": [1], "strategie": "first"}));
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (
            422,
            "unknown field 'strategie' of the JSON body; the accepted fields are strategy, digits, answers"
        )
    );
    let (status, error) = get(&server.at("/api/guess/simulate?strategy=clever"));
    assert_eq!(status, 422);
    assert!(
        error["error"].as_str().unwrap().starts_with("the guess family has no solver `clever`"),
        "{error}"
    );

    // Bad input: the record, with the spec's message, and 400.
    let bad = std::fs::read(dataset("tournament/error-players-same.csv")).unwrap();
    let (status, record) = post(&server.at("/api/solve/tournament"), &bad);
    assert_eq!(
        (status, &record["status"], &record["message"]),
        (400, &json!("invalid"), &json!("Line 2: The players are the same."))
    );
}

/// Every number of a query or a JSON body is refused in the command line's words, naming it, the
/// value and its range (`solvebatch scrabble position --top x` says the same after its option).
#[test]
fn numbers_are_refused_in_the_command_lines_words() {
    let server = Server::start(&[]);
    let position = std::fs::read(dataset("scrabble/assignment-are-la.scrabble")).unwrap();
    let game = std::fs::read(dataset("scrabble/self-play.gcg")).unwrap();
    let plays = "is not a number of plays";
    let tops = [
        ("x", format!("top: `x` {plays} (a whole number from 0 to 100)")),
        ("", format!("top: an empty value {plays} (a whole number from 0 to 100)")),
        ("99999999999999999999", format!("top: 99999999999999999999 {plays} from 0 to 100")),
        ("-1", format!("top: -1 {plays} from 0 to 100")),
        ("1e3", format!("top: `1e3` {plays} (a whole number from 0 to 100)")),
    ];
    for (endpoint, body) in [("position", &position), ("game", &game)] {
        for (top, message) in &tops {
            let (status, error) = post(&server.at(&format!("/api/scrabble/{endpoint}?top={top}")), body);
            assert_eq!(
                (status, error["error"].as_str().unwrap()),
                (400, message.as_str()),
                "{endpoint} top={top}"
            );
        }
    }
    let cases = [
        ("/api/guess/host", json!({"seed": -1, "guesses": []}), "seed: -1 is not a seed (at least 0)"),
        (
            "/api/guess/host",
            json!({"seed": "x", "guesses": []}),
            "seed: `x` is not a seed (a whole number, at least 0)",
        ),
        (
            "/api/scrabble/solitaire",
            json!({"seed": -1, "rules": "standard", "plays": []}),
            "seed: -1 is not a seed (at least 0)",
        ),
        (
            "/api/scrabble/solitaire",
            json!({"seed": 7, "plays": [], "top": -1}),
            "top: -1 is not a number of plays from 0 to 100",
        ),
        (
            "/api/guess/codebreaker",
            json!({"digits": 4, "answers": [-1]}),
            "answer 1: -1 is not a number of matches (at least 0)",
        ),
        (
            "/api/guess/codebreaker",
            json!({"digits": 4, "answers": [0, 1e3]}),
            "answer 2: `1000.0` is not a number of matches (a whole number, at least 0)",
        ),
    ];
    for (path, body, message) in cases {
        let (status, error) = post_json(&server.at(path), &body);
        assert_eq!((status, error["error"].as_str().unwrap()), (400, message), "{path} {body}");
    }
    // A seed may be sent as its digits in a string (a JSON number past 2^53 loses digits in JavaScript).
    let (status, hosted) =
        post_json(&server.at("/api/guess/host"), &json!({"seed": "18446744073709551615", "guesses": [1234]}));
    assert_eq!((status, hosted["answers"].as_array().map(Vec::len)), (200, Some(1)), "{hosted}");
}

#[test]
fn a_body_over_the_limit_is_refused_with_413() {
    let server = Server::start(&[]);
    let limit = 4 << 20;
    // Announced too large (with `Expect: 100-continue`, as curl sends large bodies): refused before
    // the body is sent.
    let address = server.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    let mut stream = std::net::TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "POST /api/solve/tournament HTTP/1.1\r\nHost: {address}\r\nContent-Length: {}\r\n\
         Expect: 100-continue\r\nConnection: close\r\n\r\n",
        limit + 1
    )
    .unwrap();
    let mut response = String::new();
    std::io::Read::read_to_string(&mut stream, &mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 413 "), "{response}");
    assert!(
        response.ends_with(r#"{"error":"the request body is larger than the limit of 4 MiB"}"#),
        "{response}"
    );
    // Sent in chunks, without a length announced: refused as it arrives.
    let chunks = std::io::Cursor::new(vec![b' '; limit + 1]);
    let response = agent()
        .post(server.at("/api/solve/tournament"))
        .send(ureq::SendBody::from_reader(&mut { chunks }))
        .unwrap();
    let (status, error) = answer(response);
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (413, "the request body is larger than the limit of 4 MiB")
    );
    // At the limit, the body is read and solved: the spec's example padded with blank lines.
    let mut padded = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    padded.resize(limit, b'\n');
    let (status, record) = post(&server.at("/api/solve/tournament"), &padded);
    assert_eq!(
        (status, &record["output"]),
        (200, &json!("Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n"))
    );
}

#[test]
fn a_full_server_answers_503_and_every_solve_has_a_time_limit() {
    let server = Server::start(&["--workers", "1", "--max-solves", "1"]);
    let hard = std::fs::read(dataset("tournament/hard/tournament-45-d6-s3-planted.pairings")).unwrap();
    let url = server.at("/api/solve/tournament?solver=backtrack&timeout=2");
    crate::server::wait_for("the worker to wait for work", || {
        (server.worker_states() == ['S']).then_some(())
    });
    let started = Instant::now();
    let slow = std::thread::spawn(move || post(&url, &hard));
    crate::server::wait_for("the worker to run the solve", || {
        (server.worker_states() == ['R']).then_some(())
    });
    let (status, error) = post(&server.at("/api/solve/tournament"), b"1\n0,1,0\n");
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (503, "busy: 1 solves are under way or waiting; try again shortly")
    );
    let (status, record) = slow.join().unwrap();
    assert_eq!((status, &record["status"], &record["output"]), (200, &json!("timeout"), &json!("")));
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_secs(2) && elapsed < Duration::from_secs(10), "{elapsed:?}");
    // The place is free again.
    let (status, record) = post(&server.at("/api/solve/tournament"), b"1\n0,1,0\n");
    assert_eq!((status, &record["output"]), (200, &json!("Table 0: 0 vs. 1\n")));
}

/// A multipart form with one part per file.
pub(crate) fn multipart(files: &[(&str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "solvebatch-test-boundary";
    let mut body = Vec::new();
    for (name, bytes) in files {
        write!(
            body,
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n\r\n"
        )
        .unwrap();
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    write!(body, "--{boundary}--\r\n").unwrap();
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The status and JSON body of a `POST` of `files` as a multipart form.
pub(crate) fn post_form(url: &str, files: &[(&str, &[u8])]) -> (u16, Value) {
    let (content_type, body) = multipart(files);
    answer(agent().post(url).header("Content-Type", &content_type).send(&body[..]).unwrap())
}

/// A `.zip` archive of `files`, deflated.
pub(crate) fn zipped(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut archive = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        archive.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
        archive.write_all(bytes).unwrap();
    }
    archive.finish().unwrap().into_inner()
}

#[test]
fn batch_solves_files_and_zips_with_verdicts_and_limits() {
    let server = Server::start(&[]);
    let read = |path: &str| std::fs::read(dataset(path)).unwrap();
    let (round, round_reference) =
        (read("tournament/spec-example.csv"), read("tournament/spec-example.csv.expected"));
    let (game, game_reference) = (read("tictactoe/00-example.in"), read("tictactoe/00-example.ref"));
    let archive = zipped(&[
        ("games/00-example.in", &game),
        ("games/00-example.ref", &game_reference),
        ("notes.txt", b"x"),
    ]);
    let (status, batch) = post_form(
        &server.at("/api/batch"),
        &[
            ("spec-example.csv", &round),
            ("spec-example.csv.expected", &round_reference),
            ("games.zip", &archive),
        ],
    );
    assert_eq!(status, 200, "{batch}");
    let rows: Vec<(String, String)> = batch["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| {
            (record["file"].as_str().unwrap().to_string(), record["verdict"].as_str().unwrap().to_string())
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("games/00-example.in".to_string(), "same".to_string()),
            ("spec-example.csv".to_string(), "same".to_string())
        ]
    );
    let hash = |bytes: &[u8]| format!("{:032x}", xxhash_rust::xxh3::xxh3_128(bytes));
    assert_eq!(
        (&batch["records"][1]["input_hash"], &batch["records"][1]["reference_hash"]),
        (&json!(hash(&round)), &json!(hash(&round_reference))),
        "the hashes of the bytes sent, as `run` records them"
    );
    assert_eq!(batch["records"][1]["output"], String::from_utf8(round_reference).unwrap());
    assert_eq!((&batch["summary"]["files"], &batch["summary"]["skipped"]), (&json!(2), &json!(1)));
    let html = batch["html"].as_str().unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("games/00-example.in"), "{html}");

    let names: Vec<String> = (0..1001).map(|index| format!("{index}.csv")).collect();
    let many: Vec<(&str, &[u8])> = names.iter().map(|name| (name.as_str(), &b""[..])).collect();
    let (status, error) = post_form(&server.at("/api/batch"), &[("many.zip", &zipped(&many))]);
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (413, "many.zip: 1001 entries, above the limit of 1000")
    );
    let zeros = vec![0; (64 << 20) + 1];
    let (status, error) =
        post_form(&server.at("/api/batch"), &[("big.zip", &zipped(&[("big.csv", &zeros)]))]);
    assert_eq!((status, error["error"].as_str().unwrap()), (413, "big.zip: unpacks to more than 64 MiB"));
    // A bad archive is its own skipped entry; the other files are solved.
    let (status, batch) =
        post_form(&server.at("/api/batch"), &[("fake.zip", b"not a zip"), ("a.csv", b"1\n0,1,0\n")]);
    assert_eq!(status, 200, "{batch}");
    assert_eq!(
        (&batch["records"][0]["file"], &batch["records"][0]["status"]),
        (&json!("a.csv"), &json!("solved"))
    );
    assert_eq!(batch["skipped"], json!([{"file": "fake.zip", "reason": "not a zip archive"}]));
    assert_eq!((&batch["summary"]["files"], &batch["summary"]["skipped"]), (&json!(1), &json!(1)));
    let (status, batch) = post_form(&server.at("/api/batch"), &[("fake.zip", b"not a zip")]);
    assert_eq!((status, &batch["records"], &batch["summary"]["skipped"]), (200, &json!([]), &json!(1)));
    // A position reads only what was sent with it: an archive it cannot open is refused, named.
    let (status, error) = post_form(
        &server.at("/api/scrabble/position"),
        &[("p.scrabble", b"rack: ABC\n"), ("fake.zip", b"not a zip")],
    );
    assert_eq!((status, error["error"].as_str().unwrap()), (400, "fake.zip: not a zip archive"));
}

#[test]
fn a_zip_entry_named_outside_the_archive_is_refused_naming_it() {
    let server = Server::start(&[]);
    for entry in ["../up.csv", "/abs.csv", "d/../../up.csv"] {
        let (status, error) =
            post_form(&server.at("/api/batch"), &[("bad.zip", &zipped(&[(entry, b"1\n0,1,0\n")]))]);
        let expected =
            format!("bad.zip: {entry}: the name leads outside the archive (absolute, or through `..`)");
        assert_eq!((status, error["error"].as_str().unwrap()), (400, expected.as_str()));
    }
    let (status, error) = post_form(&server.at("/api/batch"), &[("../up.csv", b"1\n0,1,0\n")]);
    let expected = "../up.csv: the name leads outside the upload (absolute, or through `..`)";
    assert_eq!((status, error["error"].as_str().unwrap()), (400, expected));
}

#[test]
fn a_zip_with_two_entries_of_one_name_is_refused_naming_the_entry() {
    let server = Server::start(&[]);
    let round = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    // The zip writer refuses a name twice: write two names of one length, then make them one.
    let mut archive = zipped(&[("x.csv", &round), ("y.csv", b"1\n0,1,0\n")]);
    let mut renamed = 0;
    for at in 0..archive.len() - 4 {
        if &archive[at..at + 5] == b"y.csv" {
            archive[at] = b'x';
            renamed += 1;
        }
    }
    assert_eq!(renamed, 2, "the local header and the central directory name it");
    let (status, error) = post_form(&server.at("/api/batch"), &[("twice.zip", &archive)]);
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (400, "twice.zip: x.csv: the archive holds two entries of this name")
    );
}

#[test]
fn a_method_an_endpoint_does_not_take_is_answered_405_with_a_json_error() {
    let server = Server::start(&[]);
    let response = agent().get(server.at("/api/batch")).call().unwrap();
    assert_eq!(response.headers()["allow"], "POST");
    let (status, error) = answer(response);
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (405, "/api/batch does not take GET; the Allow header lists what it takes")
    );
    let (status, error) = post(&server.at("/tournament"), b"");
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (405, "/tournament does not take POST; the Allow header lists what it takes")
    );
}

/// A batch of about a minute: 200 copies of an instance the backtracking solver takes about a
/// quarter of a second on, as a multipart form.
fn long_batch() -> (String, Vec<u8>) {
    let instance = std::fs::read(dataset("tournament/generated/tournament-25-d2-s9-planted.csv")).unwrap();
    let names: Vec<String> = (0..200).map(|index| format!("{index:03}.csv")).collect();
    let files: Vec<(&str, &[u8])> = names.iter().map(|name| (name.as_str(), &instance[..])).collect();
    multipart(&files)
}

/// Sends a request whose solve runs long on the only worker, waits for the worker to run it, closes
/// the connection, and checks that the worker stops and solves for the next client.
fn a_client_going_away_stops_its_solve(path: &str, content_type: &str, body: &[u8]) {
    let server = Server::start(&["--workers", "1", "--max-solves", "1"]);
    // The worker spins for a moment after starting, then waits for work.
    crate::server::wait_for("the worker to wait for work", || {
        (server.worker_states() == ['S']).then_some(())
    });
    let gone = server.send_post(path, content_type, body);
    crate::server::wait_for("the worker to run the solve", || {
        (server.worker_states() == ['R']).then_some(())
    });
    drop(gone);
    crate::server::wait_for("the worker to stop", || (server.worker_states() == ['S']).then_some(()));
    // The stopped solve gives its slot back once its request's task ends, a moment after the worker
    // does: until then the next client is told 503 (busy), never left waiting.
    let (status, record) = crate::server::wait_for("the solve's slot to be given back", || {
        let (status, record) = post(&server.at("/api/solve/tournament"), b"1\n0,1,0\n");
        (status != 503).then_some((status, record))
    });
    assert_eq!((status, &record["output"]), (200, &json!("Table 0: 0 vs. 1\n")));
}

#[test]
fn a_batch_whose_client_goes_away_is_stopped_and_frees_its_worker() {
    let (content_type, body) = long_batch();
    a_client_going_away_stops_its_solve("/api/batch?timeout=60", &content_type, &body);
}

#[test]
fn a_solve_whose_client_goes_away_is_stopped_and_frees_its_worker() {
    let hard = std::fs::read(dataset("tournament/hard/tournament-45-d6-s3-planted.pairings")).unwrap();
    a_client_going_away_stops_its_solve(
        "/api/solve/tournament?solver=backtrack&timeout=60",
        "application/octet-stream",
        &hard,
    );
}

#[test]
fn slow_headers_stalled_bodies_and_idle_connections_are_closed() {
    let server = Server::start(&["--header-timeout", "0.5", "--idle-timeout", "0.5"]);
    let mut slow = std::net::TcpStream::connect(server.address()).unwrap();
    slow.write_all(b"POST /api/solve/tournament HTTP/1.1\r\nHost: x\r\n").unwrap();
    assert_eq!(
        crate::server::read_to_close(&mut slow),
        "",
        "headers never finished: closed without an answer"
    );

    let mut stalled = std::net::TcpStream::connect(server.address()).unwrap();
    stalled
        .write_all(b"POST /api/solve/tournament HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n1\n")
        .unwrap();
    let answer = crate::server::read_to_close(&mut stalled);
    assert!(answer.starts_with("HTTP/1.1 408 Request Timeout\r\n"), "{answer}");
    assert!(
        answer.ends_with(r#"{"error":"the request body stopped arriving (see --idle-timeout)"}"#),
        "{answer}"
    );

    // A connection kept open after its answer is closed after the same time.
    let mut idle = server.send_post("/api/solve/tournament", "text/csv", b"1\n0,1,0\n");
    let answer = crate::server::read_to_close(&mut idle);
    assert!(
        answer.starts_with("HTTP/1.1 200 OK\r\n")
            && answer.ends_with(&format!(r#""output":"Table 0: 0 vs. 1\n",{ONE_TABLE_HASHES}}}"#)),
        "{answer}"
    );
}

#[test]
fn connections_beyond_the_cap_wait_until_one_closes() {
    // Headers due within a minute: the two connections stay open, idle, however slow the machine.
    let server = Server::start(&["--max-connections", "2", "--header-timeout", "60"]);
    let solve = || server.send_post("/api/solve/tournament", "text/csv", b"1\n0,1,0\n");
    // Two connections answered and kept open: the cap is reached.
    let (mut first, mut second) = (solve(), solve());
    for open in [&mut first, &mut second] {
        assert!(crate::server::read_answer(open).starts_with("HTTP/1.1 200 OK\r\n"));
    }
    let mut third = solve();
    crate::server::wait_for("the third connection to wait", || {
        (server.unaccepted_connections() == 1).then_some(())
    });
    third.set_nonblocking(true).unwrap();
    let unanswered = std::io::Read::read(&mut third, &mut [0; 1]).unwrap_err();
    assert_eq!(unanswered.kind(), std::io::ErrorKind::WouldBlock);
    third.set_nonblocking(false).unwrap();
    drop(first);
    let answer = crate::server::read_answer(&mut third);
    assert!(answer.ends_with(&format!(r#""output":"Table 0: 0 vs. 1\n",{ONE_TABLE_HASHES}}}"#)), "{answer}");
    assert_eq!(server.unaccepted_connections(), 0);
}

#[test]
fn serve_help_states_the_timeouts_and_limits() {
    let help = crate::common::child().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for (option, default) in [
        ("--header-timeout <SECONDS>", "10"),
        ("--idle-timeout <SECONDS>", "10"),
        ("--max-connections <N>", "512"),
    ] {
        let paragraph = &help[help.find(option).unwrap_or_else(|| panic!("{option} in {help}"))..];
        let stated = &paragraph[paragraph.find("[default: ").unwrap() + 10..];
        assert_eq!(&stated[..stated.find(']').unwrap()], default, "{option}");
    }
}

#[test]
fn two_hundred_concurrent_small_solves_are_all_answered() {
    let server = Server::start(&[]);
    let round = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    let expected = std::fs::read_to_string(dataset("tournament/spec-example.csv.expected")).unwrap();
    let url = server.at("/api/solve/tournament");
    let barrier = std::sync::Barrier::new(200);
    let started = Instant::now();
    let mut latencies: Vec<Duration> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..200)
            .map(|_| {
                scope.spawn(|| {
                    barrier.wait();
                    let sent = Instant::now();
                    let (status, record) = post(&url, &round);
                    assert_eq!((status, record["output"].as_str().unwrap()), (200, expected.as_str()));
                    sent.elapsed()
                })
            })
            .collect();
        workers.into_iter().map(|worker| worker.join().unwrap()).collect()
    });
    let wall = started.elapsed();
    latencies.sort();
    // Figures for the record (cargo test -- --nocapture shows them); the test checks the answers only.
    println!(
        "200 concurrent solves: p50 {:?}, p99 {:?}, {:.0} requests/s",
        latencies[99],
        latencies[197],
        200.0 / wall.as_secs_f64()
    );
}

/// The values of the `<option>`s of the `<select id="ID">` in `html`, in order.
fn menu(html: &str, id: &str) -> Vec<String> {
    let start = html.find(&format!("<select id=\"{id}\"")).unwrap_or_else(|| panic!("no menu {id}"));
    let menu = &html[start..start + html[start..].find("</select>").unwrap()];
    menu.split("<option value=\"")
        .skip(1)
        .map(|option| option[..option.find('"').unwrap()].to_owned())
        .collect()
}

#[test]
fn the_pages_offer_every_solver_and_strategy_the_server_has() {
    let server = Server::start(&[]);
    let (status, families) = get(&server.at("/api/solvers"));
    assert_eq!(status, 200);
    let names = |family: &str| -> Vec<String> {
        let family = families.as_array().unwrap().iter().find(|f| f["family"] == family).unwrap();
        family["solvers"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap().to_owned()).collect()
    };
    let page = |path: &str| agent().get(server.at(path)).call().unwrap().body_mut().read_to_string().unwrap();
    let tournament = names("tournament");
    assert_eq!(tournament, ["backtrack", "dlx", "dlx-frb", "dlx-restarts", "sat", "portfolio"]);
    assert_eq!(menu(&page("/tournament"), "solver"), tournament);
    let guess = page("/guess");
    assert_eq!(menu(&guess, "strategy"), names("guess"));
    assert_eq!(menu(&guess, "sim-strategy"), names("guess"));
}

#[test]
fn pages_and_their_assets_are_served_from_the_binary() {
    let server = Server::start(&[]);
    for page in ["/", "/tournament", "/tictactoe", "/guess", "/scrabble", "/batch"] {
        let mut response = agent().get(server.at(page)).call().unwrap();
        assert_eq!(response.status().as_u16(), 200, "{page}");
        assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8", "{page}");
        let html = response.body_mut().read_to_string().unwrap();
        // Nothing from elsewhere: every script and stylesheet is one of the server's own, and the icon
        // is inline, so no browser asks for a missing /favicon.ico.
        assert!(!html.contains("http://") && !html.contains("https://"), "{page}");
        assert!(
            html.contains("<link rel=\"icon\" type=\"image/png\" href=\"data:image/png;base64,"),
            "{page}"
        );
        for asset in html.split('"').filter(|part| part.starts_with("/assets/")) {
            let response = agent().get(server.at(asset)).call().unwrap();
            assert_eq!(response.status().as_u16(), 200, "{page}: {asset}");
            let expected = if asset.ends_with(".js") {
                "text/javascript; charset=utf-8"
            } else {
                "text/css; charset=utf-8"
            };
            assert_eq!(response.headers()["content-type"], expected, "{asset}");
        }
    }
}

#[test]
fn macos_zip_junk_is_skipped_and_upper_case_extensions_are_inputs_in_the_web_batch() {
    let server = Server::start(&[]);
    let apple_double = b"\0\x05\x16\x07\0\x02\0\0Mac OS X        ";
    let archive = zipped(&[
        ("d/A.CSV", b"1\n0,1,0\n"),
        ("d/A.CSV.expected", b"Table 0: 0 vs. 1\n"),
        ("d/._A.CSV", apple_double),
        ("__MACOSX/d/._A.CSV", apple_double),
        ("__MACOSX/d/b.csv", b"not a round"),
        ("d/.DS_Store", b"\0\0\0\x01Bud1"),
        ("d/Thumbs.db", b"x"),
    ]);
    let (status, batch) = post_form(&server.at("/api/batch"), &[("finder.zip", &archive)]);
    assert_eq!(status, 200, "{batch}");
    let rows: Vec<(&str, &str)> = batch["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| (record["file"].as_str().unwrap(), record["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(rows, [("d/A.CSV", "same")]);
    assert_eq!((&batch["summary"]["files"], &batch["summary"]["skipped"]), (&json!(1), &json!(5)));
    let junk = "left by macOS Finder or Windows, never solved";
    assert_eq!(
        batch["skipped"],
        json!([
            {"file": "__MACOSX/d/._A.CSV", "reason": junk},
            {"file": "__MACOSX/d/b.csv", "reason": junk},
            {"file": "d/.DS_Store", "reason": junk},
            {"file": "d/._A.CSV", "reason": junk},
            {"file": "d/Thumbs.db", "reason": junk},
        ])
    );
}

#[test]
fn a_batch_names_an_empty_zip_and_the_zips_inside_a_zip_it_skips() {
    let server = Server::start(&[]);
    let empty = zipped(&[]);
    let (status, error) = post_form(&server.at("/api/batch"), &[("empty.zip", &empty)]);
    assert_eq!((status, error["error"].as_str().unwrap()), (400, "empty.zip: the archive holds no file"));
    let (status, error) = post_form(&server.at("/api/batch"), &[("empty.zip", &empty), ("none.ZIP", &empty)]);
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (400, "empty.zip, none.ZIP: the archives hold no file")
    );
    let inner = zipped(&[("x.csv", b"1\n0,1,0\n")]);
    let outer = zipped(&[("a.csv", b"1\n0,1,0\n"), ("more/inner.zip", &inner), ("notes.md", b"x")]);
    let (status, batch) = post_form(&server.at("/api/batch"), &[("outer.zip", &outer)]);
    assert_eq!(status, 200, "{batch}");
    assert_eq!(batch["summary"]["skipped"], 2);
    assert_eq!(
        batch["skipped"],
        json!([
            {"file": "notes.md", "reason": "no family reads files of this extension"},
            {"file": "outer.zip/more/inner.zip", "reason": "an archive inside an archive is not opened: send it on its own"},
        ])
    );
}

#[test]
fn an_empty_sum_is_zero_not_minus_zero_in_the_web_batch() {
    let server = Server::start(&[]);
    let (status, batch) = post_form(&server.at("/api/batch"), &[("notes.txt", b"x")]);
    assert_eq!(status, 200, "{batch}");
    assert_eq!((&batch["records"], &batch["summary"]["skipped"]), (&json!([]), &json!(1)));
    let solve_ms = batch["summary"]["solve_ms"].as_f64().unwrap();
    assert!(solve_ms == 0.0 && solve_ms.is_sign_positive(), "{solve_ms}");
    assert!(!batch["html"].as_str().unwrap().contains("-0.0"), "{}", batch["html"]);
}

/// What `solvebatch scrabble ARGS` prints for the position `file`, with the server's dictionary and
/// tiles (the flags beat the file's lines), the dictionary's graph cached in `cache`: its exit status
/// and standard output.
fn scrabble_command(cache: &Path, command: &str, file: &Path, extra: &[&str]) -> (i32, String) {
    let output = crate::common::solvebatch()
        .env("SOLVEBATCH_CACHE_DIR", cache)
        .args(["scrabble", command])
        .arg(file)
        .arg("-d")
        .arg(dataset("scrabble/dictionary.txt"))
        .arg("-t")
        .arg(dataset("scrabble/tiles.txt"))
        .args(extra)
        .output()
        .unwrap();
    (output.status.code().unwrap(), String::from_utf8(output.stdout).unwrap())
}

/// The command line and the web app answer a position alike, through the one position desk of the
/// Scrabble crate: on every bundled position, `scrabble hint` lists the page's hints, line for line,
/// and `scrabble check` of the best play writes and scores it as the page's check does.
#[test]
fn the_command_line_and_the_web_app_answer_every_bundled_position_alike() {
    let server = Server::start(&[]);
    let cache = tempfile::tempdir().unwrap();
    let positions = inputs("scrabble", "scrabble");
    assert!(positions.len() >= 10, "the bundled positions: {positions:?}");
    let mut checked = 0;
    for file in positions {
        let text = std::fs::read(&file).unwrap();
        let (status, view) = post(&server.at("/api/scrabble/position?top=5"), &text);
        let (code, listing) = scrabble_command(cache.path(), "hint", &file, &["--top", "5"]);
        if status != 200 {
            assert_ne!(
                code,
                0,
                "{}: the page refuses it ({view}), the command line lists\n{listing}",
                file.display()
            );
            continue;
        }
        assert_eq!(code, 0, "{}", file.display());
        let hints = view["hints"].as_array().unwrap();
        let mut lines: Vec<String> =
            hints.iter().map(|hint| hint["text"].as_str().unwrap().to_string()).collect();
        if lines.is_empty() {
            lines.push("no valid play".to_string());
        }
        assert_eq!(listing.lines().collect::<Vec<_>>(), lines, "{}", file.display());
        let Some(best) = hints.iter().find_map(|hint| hint["play"].as_str()) else { continue };
        let query = format!("/api/scrabble/position?top=0&play={}", best.replace(' ', "%20"));
        let (status, view) = post(&server.at(&query), &text);
        assert_eq!(status, 200, "{}: {view}", file.display());
        let (code, out) = scrabble_command(cache.path(), "check", &file, &["--play", best]);
        assert_eq!(code, 0, "{}: {out}", file.display());
        let check = &view["check"];
        assert_eq!(
            out.lines().next().unwrap(),
            format!("play {}: {}", check["play"].as_str().unwrap(), check["score"])
        );
        assert_eq!(
            out.lines().nth(1).unwrap(),
            format!(
                "words: {}",
                check["words"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|word| word.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions had a play to check");
}

#[test]
fn batch_offers_the_blessed_references_zipped_and_the_junit_report() {
    let server = Server::start(&[]);
    let game = std::fs::read(dataset("tictactoe/00-example.in")).unwrap();
    let replay = std::fs::read(dataset("tictactoe/00-example.ref")).unwrap();
    let hard = std::fs::read(dataset("tournament/hard/tournament-45-d6-s3-planted.pairings")).unwrap();
    let files: [(&str, &[u8]); 10] = [
        ("a.csv", b"1\n1,0,0\n"),
        ("a.csv.expected", b"Table 0: 0 vs. 1\n"),
        ("b/missing.csv", b"2\n0,1,0\n2,3,1\n"),
        ("g/00-example.in", &game),
        ("invalid.csv", b"x\n"),
        ("same.csv", b"1\n0,1,0\n"),
        ("same.csv.expected", b"Table 0: 0 vs. 1\n"),
        // Two rounds: the reference holds the one the solver does not find, a valid alternative.
        ("valid.csv", b"2\n0,1,0\n2,3,1\n1,2,0\n3,0,1\n"),
        ("valid.csv.expected", b"Table 0: 1 vs. 2\nTable 1: 3 vs. 0\n"),
        // Solved last, past the batch's time limit: never blessed.
        ("z-slow.csv", &hard),
    ];
    let (status, batch) = post_form(&server.at("/api/batch?timeout=1"), &files);
    assert_eq!(status, 200, "{batch}");
    let statuses: Vec<(&str, &str)> = batch["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| (record["file"].as_str().unwrap(), record["status"].as_str().unwrap()))
        .collect();
    assert_eq!(statuses[6], ("z-slow.csv", "timeout"), "{statuses:?}");

    let references = &batch["references"];
    let expected: [(&str, &[u8]); 4] = [
        ("a.csv.expected", b"Table 0: 1 vs. 0\n"),
        ("b/missing.csv.expected", b"Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n"),
        ("g/00-example.ref", &replay),
        ("invalid.csv.expected", b"Line 0: The number of tables is not an integer.\n"),
    ];
    let names: Vec<&str> = expected.iter().map(|(name, _)| *name).collect();
    assert_eq!(references["files"], json!(names));
    let bytes =
        base64::engine::general_purpose::STANDARD.decode(references["zip"].as_str().unwrap()).unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(archive.len(), expected.len());
    for (index, (name, content)) in expected.iter().enumerate() {
        let mut entry = archive.by_index(index).unwrap();
        assert_eq!((entry.name(), entry.compression()), (*name, zip::CompressionMethod::Deflated));
        let mut unpacked = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut unpacked).unwrap();
        assert_eq!(unpacked, *content, "{name}");
    }

    let junit = batch["junit"].as_str().unwrap();
    let opening = junit.lines().nth(1).unwrap();
    assert!(
        opening.starts_with(r#"<testsuites name="solvebatch" tests="7" failures="1" errors="2" time=""#),
        "{junit}"
    );
    assert!(
        junit.contains(r#"<testsuite name="tictactoe" tests="1" failures="0" errors="0" skipped="1" time=""#),
        "{junit}"
    );
    assert!(
        junit
            .contains(r#"<testsuite name="tournament" tests="6" failures="1" errors="2" skipped="1" time=""#),
        "{junit}"
    );
    assert!(
        junit.contains(
            "<failure type=\"differs\" message=\"differs: the output is not its reference\">--- a.csv.expected\n\
             +++ a.csv (output)\n@@ -1 +1 @@\n-Table 0: 0 vs. 1\n+Table 0: 1 vs. 0\n</failure>"
        ),
        "{junit}"
    );
    assert!(junit.contains("<testcase classname=\"tournament\" name=\"z-slow.csv\" time=\""), "{junit}");
}

/// The note an answer gives for a position that names `asked` when this server reads no such file.
fn unread(asked: &str) -> String {
    format!("server's bundled list; the file asks for {asked}, which this server does not read (serve --data DIR)")
}

#[test]
fn a_position_naming_another_dictionary_says_so_or_answers_on_the_list_sent_with_it() {
    let server = Server::start(&[]);
    let position = std::fs::read(dataset("scrabble/assignment-are-la.scrabble")).unwrap();
    let words = std::fs::read(dataset("scrabble/assignment-words.txt")).unwrap();
    let (status, record) = post(&server.at("/api/solve/scrabble?name=are-la.scrabble"), &position);
    assert_eq!((status, &record["dictionary"]), (200, &json!(unread("assignment-words.txt"))));
    assert_eq!(record.get("tiles"), None, "{record}");
    // On the bundled list the best play is another than the command line's `5 ARE 0 -1 horizontal`.
    let (status, view) = post(&server.at("/api/scrabble/position?top=1"), &position);
    assert_eq!((status, &view["hints"][0]["text"]), (200, &json!("9 AE -3 1 horizontal AE")));
    assert_eq!(view["dictionary"], unread("assignment-words.txt"));

    // Opened with its word list beside it, it answers as `scrabble hint` does.
    let files: [(&str, &[u8]); 2] = [("p/are-la.scrabble", &position), ("p/assignment-words.txt", &words)];
    let (status, view) = post_form(&server.at("/api/scrabble/position?top=1"), &files);
    assert_eq!((status, &view["hints"][0]["text"]), (200, &json!("5 ARE 0 -1 horizontal AE")));
    assert_eq!(view["dictionary"], "assignment-words.txt, sent with the position");
    let (status, error) = post_form(&server.at("/api/scrabble/position"), &files[1..]);
    assert_eq!((status, &error["error"]), (400, &json!("no .scrabble file among the files sent")));
    // A dictionary the server is given beats the position's line, as --dictionary does on the command line.
    let bundled = dataset("scrabble/dictionary.txt");
    let given = Server::start(&["--dictionary", bundled.to_str().unwrap()]);
    let (status, view) = post_form(&given.at("/api/scrabble/position?top=1"), &files);
    assert_eq!((status, &view["hints"][0]["text"]), (200, &json!("9 AE -3 1 horizontal AE")));
    assert_eq!(
        view["dictionary"],
        "server's list (serve --dictionary); the file asks for assignment-words.txt, which the server's flag beats"
    );
    // A word list that is no word list is the position's error, naming it.
    let files: [(&str, &[u8]); 2] = [("are-la.scrabble", &position), ("assignment-words.txt", b"AB\0\n")];
    let (status, error) = post_form(&server.at("/api/scrabble/position"), &files);
    assert_eq!(
        (status, &error["error"]),
        (
            400,
            &json!("assignment-words.txt: binary data (a NUL byte at offset 2): neither a word list, a compiled word graph nor a KWG")
        )
    );
}

/// Every file of `datasets/` with its name there (`datasets/guess/answers.guess`), but those
/// `skip` refuses.
fn datasets_files(skip: fn(&str) -> bool) -> Vec<(String, Vec<u8>)> {
    let root = crate::server::repository();
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(root.join("datasets")).sort_by_file_name() {
        let entry = entry.unwrap();
        let name = entry.path().strip_prefix(root).unwrap().to_str().unwrap().to_string();
        if entry.file_type().is_file() && !skip(&name) {
            files.push((name, std::fs::read(entry.path()).unwrap()));
        }
    }
    files
}

/// Checks that the batch of `files` zipped answers every input as `run datasets` does: the same
/// files, each with the command line's status and the verdict `same`.
fn batch_answers_as_run_datasets(server: &Server, files: &[(String, Vec<u8>)]) {
    let named: Vec<(&str, &[u8])> =
        files.iter().map(|(name, bytes)| (name.as_str(), bytes.as_slice())).collect();
    let (status, batch) =
        post_form(&server.at("/api/batch?timeout=60"), &[("datasets.zip", &zipped(&named))]);
    assert_eq!(status, 200, "{batch}");
    let run = crate::common::solvebatch()
        .args(["run", "datasets", "--json", "-"])
        .current_dir(crate::server::repository())
        .output()
        .unwrap();
    let expected: Vec<(String, String, String)> = String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|record| record["type"] == "file")
        .map(|record| {
            let field = |key: &str| record[key].as_str().unwrap().to_string();
            (field("file"), field("status"), field("verdict"))
        })
        .collect();
    let answered: Vec<(String, String, String)> = batch["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| {
            let field = |key: &str| record[key].as_str().unwrap_or_default().to_string();
            (field("file"), field("status"), field("verdict"))
        })
        .collect();
    assert_eq!(answered, expected);
    assert!(expected.len() >= 90 && expected.iter().all(|(_, _, verdict)| verdict == "same"), "{expected:?}");
    assert_eq!(batch["summary"]["verdicts"]["same"], expected.len());
}

#[test]
fn the_datasets_folder_zipped_answers_through_batch_as_the_command_line() {
    // With its word lists, on a server that reads no file of its own.
    batch_answers_as_run_datasets(&Server::start(&[]), &datasets_files(|_| false));
    // Without them, on a server whose data folder holds them.
    let data = dataset("scrabble");
    let server = Server::start(&["--data", data.to_str().unwrap()]);
    let inputs = datasets_files(|name| name.ends_with(".txt"));
    assert!(!inputs.iter().any(|(name, _)| name.ends_with("assignment-words.txt")));
    batch_answers_as_run_datasets(&server, &inputs);
}

#[test]
fn a_position_reads_only_regular_files_inside_the_data_folder() {
    let folder = tempfile::tempdir().unwrap();
    let (data, outside) = (folder.path().join("data"), folder.path().join("outside"));
    std::fs::create_dir_all(data.join("lists")).unwrap();
    std::fs::create_dir(&outside).unwrap();
    for place in [&data.join("lists"), &outside] {
        std::fs::write(place.join("words.txt"), "ARE\nLA\nAE\n").unwrap();
    }
    std::os::unix::fs::symlink(outside.join("words.txt"), data.join("out.txt")).unwrap();
    std::os::unix::fs::symlink(data.join("lists/words.txt"), data.join("in.txt")).unwrap();
    crate::common::mkfifo(&data.join("fifo.txt"));
    let server = Server::start(&["--data", data.to_str().unwrap()]);
    let position = std::fs::read_to_string(dataset("scrabble/assignment-are-la.scrabble")).unwrap();
    let outside_words = outside.join("words.txt");
    // An absolute name is read when it leads inside the folder, as a relative one is.
    let inside_words = data.join("lists/words.txt");
    let inside_note = format!("{}, from the server's data folder", inside_words.display());
    let refused = |why: &str| format!("which {why}");
    let cases = [
        ("lists/words.txt", "lists/words.txt, from the server's data folder".to_string()),
        ("in.txt", "in.txt, from the server's data folder".to_string()),
        ("lists/../lists/words.txt", "lists/../lists/words.txt, from the server's data folder".to_string()),
        ("../outside/words.txt", refused("leads outside the server's data folder")),
        (inside_words.to_str().unwrap(), inside_note.clone()),
        (outside_words.to_str().unwrap(), refused("leads outside the server's data folder")),
        ("out.txt", refused("leads outside the server's data folder")),
        ("fifo.txt", refused("is not a regular file in the server's data folder")),
        ("lists", refused("is not a regular file in the server's data folder")),
        ("/dev/null", refused("leads outside the server's data folder")),
        ("absent.txt", refused("is neither sent with it nor in the server's data folder")),
    ];
    for (asked, note) in cases {
        let text = position.replace("dictionary: assignment-words.txt", &format!("dictionary: {asked}"));
        let (status, view) = post(&server.at("/api/scrabble/position?top=1"), text.as_bytes());
        let read = note.ends_with("data folder") && !note.starts_with("which");
        let expected = if read {
            note.clone()
        } else {
            format!("server's bundled list; the file asks for {asked}, {note}")
        };
        assert_eq!((status, &view["dictionary"]), (200, &json!(expected)), "{asked}");
        // The list of the data folder answers as the command line; the bundled one otherwise.
        let best = if read { "5 ARE 0 -1 horizontal AE" } else { "9 AE -3 1 horizontal AE" };
        assert_eq!(view["hints"][0]["text"], best, "{asked}");
    }
    // A list of the data folder that changes is read again: without ARE, LA is the best play left.
    std::fs::write(data.join("lists/words.txt"), "LA\n").unwrap();
    let text = position.replace("dictionary: assignment-words.txt", "dictionary: lists/words.txt");
    let (_, view) = post(&server.at("/api/scrabble/position?top=1"), text.as_bytes());
    assert_eq!(view["hints"][0]["text"], "2 LA -1 0 vertical A");
}

#[test]
fn a_batch_answers_each_differing_files_diff_from_its_reference() {
    let server = Server::start(&[]);
    let files: [(&str, &[u8]); 5] = [
        ("a.csv", b"1\n0,1,0\n"),
        ("a.csv.expected", b"wrong\n"),
        ("b.csv", b"1\n0,1,0\n"),
        ("b.csv.expected", b"Table 0: 0 vs. 1\n"),
        ("c.csv", b"2\n0,1,0\n"),
    ];
    let (status, batch) = post_form(&server.at("/api/batch"), &files);
    assert_eq!(status, 200, "{batch}");
    let records = batch["records"].as_array().unwrap();
    assert_eq!((&records[0]["verdict"], &records[1]["verdict"]), (&json!("differs"), &json!("same")));
    assert_eq!(
        records[0]["diff"],
        "--- a.csv.expected\n+++ a.csv (output)\n@@ -1 +1 @@\n-wrong\n+Table 0: 0 vs. 1\n"
    );
    assert_eq!(records[1].get("diff"), None);
    // Each record's result in the words of the tables: a tournament without a round has `no round`.
    let results: Vec<&str> = records.iter().map(|record| record["result"].as_str().unwrap()).collect();
    assert_eq!(results, ["solved", "solved", "no round"]);
    // The report saved from the page shows it too.
    assert!(batch["html"].as_str().unwrap().contains("-wrong"), "the HTML report shows the diff");
}

#[test]
fn a_word_list_sent_with_positions_says_what_it_skipped_in_each_record() {
    let server = Server::start(&[]);
    let position = std::fs::read_to_string(dataset("scrabble/assignment-are-la.scrabble"))
        .unwrap()
        .replace("dictionary: assignment-words.txt", "dictionary: words.txt");
    let archive = zipped(&[
        ("d/words.txt", b"are\nla\nx-ray\n"),
        ("d/one.scrabble", position.as_bytes()),
        ("d/two.scrabble", position.as_bytes()),
    ]);
    let (status, batch) = post_form(&server.at("/api/batch"), &[("d.zip", &archive)]);
    assert_eq!(status, 200, "{batch}");
    let note = "words.txt: skipped 1 entry with a character other than a letter: line 3: \"x-ray\"";
    let records = batch["records"].as_array().unwrap();
    let warnings: Vec<&Value> = records.iter().map(|record| &record["warning"]).collect();
    assert_eq!(warnings, [&json!(note), &json!(note)]);
    assert_eq!(records[0]["dictionary"], "words.txt, sent with the position");
    // Read from the data folder, by a solve and by the Scrabble page's endpoint.
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("words.txt"), "are\nla\nx-ray\n").unwrap();
    let server = Server::start(&["--data", data.path().to_str().unwrap()]);
    let (status, record) = post(&server.at("/api/solve/scrabble"), position.as_bytes());
    assert_eq!((status, &record["warning"]), (200, &json!(note)), "{record}");
    let (status, view) = post(&server.at("/api/scrabble/position?top=1"), position.as_bytes());
    assert_eq!((status, &view["warning"]), (200, &json!(note)), "{view}");
}

/// The status and JSON body of a `POST` of `body` with the header `Content-Type: content_type`.
fn post_typed(url: &str, content_type: &str, body: &[u8]) -> (u16, Value) {
    answer(agent().post(url).header("Content-Type", content_type).send(body).expect("the server answers"))
}

#[test]
fn framework_and_serde_refusals_are_said_in_the_app_s_words() {
    let server = Server::start(&[]);
    let said = |(status, error): (u16, Value)| (status, error["error"].as_str().unwrap().to_string());
    let codebreaker = server.at("/api/guess/codebreaker");
    assert_eq!(
        said(post(&codebreaker, br#"{"digits":4,"answers":[]}"#)),
        (415, "the body must be sent as JSON, with the header `Content-Type: application/json`".into())
    );
    let json = "application/json";
    assert_eq!(
        said(post_typed(&codebreaker, json, b"\x01\x02junk")),
        (400, "the body is not JSON: expected value at line 1 column 1".into())
    );
    assert_eq!(
        said(post_typed(&codebreaker, json, br#"{"digits":4,"answers":["#)),
        (400, "the body is not JSON: answers: EOF while parsing a list at line 1 column 23".into())
    );
    assert_eq!(
        said(post_json(&server.at("/api/scrabble/solitaire"), &json!([]))),
        (
            422,
            "the JSON body must be a JSON object of named fields (`{\"name\": value, ...}`), not a list or a \
             single value"
                .into()
        )
    );
    assert_eq!(
        said(post_typed(&codebreaker, json, br#"{"digits":99999999999999999999,"answers":[]}"#)),
        (400, "digits: 1e20 is not a whole number from 2 to 4".into())
    );
    assert_eq!(
        said(get(&server.at("/api/guess/simulate?digits=99999999999&strategy=first"))),
        (400, "digits: 99999999999 is not a whole number from 2 to 9".into())
    );
    assert_eq!(
        said(post_json(
            &server.at("/api/guess/host"),
            &json!({"seed": 7, "guesses": [1234, 99999999999u64]})
        )),
        (400, "guess 2: 99999999999 is not a 4-digit number (1000 to 9999)".into())
    );
    let not_multipart = "the upload is not a complete multipart form (multipart/form-data, each file a part)";
    let batch = server.at("/api/batch");
    assert_eq!(said(post_typed(&batch, "multipart/form-data", b"x")), (400, not_multipart.into()));
    assert_eq!(
        said(post_typed(&batch, "multipart/form-data; boundary=B", b"--B\r\nContent-Disposition: form-data")),
        (400, not_multipart.into())
    );
}

#[test]
fn a_batch_solves_each_family_with_the_solver_chosen_for_it() {
    let server = Server::start(&[]);
    let round = std::fs::read(dataset("tournament/spec-example.csv")).unwrap();
    let guess = std::fs::read(dataset("guess/spec-example.guess")).unwrap();
    let game = std::fs::read(dataset("tictactoe/00-example.in")).unwrap();
    let files: [(&str, &[u8]); 3] = [("a.csv", &round), ("b.guess", &guess), ("c.in", &game)];
    let url = |solvers: &str| server.at(&format!("/api/batch?solvers={solvers}"));
    let (status, batch) = post_form(&url("tournament:dlx,guess:minimax"), &files);
    assert_eq!(status, 200, "{batch}");
    let solvers: Vec<&str> = batch["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|record| record["solver"].as_str().unwrap())
        .collect();
    // Tic-tac-toe, not named, keeps its default.
    assert_eq!(solvers, ["dlx", "minimax", "replay"]);
    // dlx's round of the specification's example, as `solvebatch tournament --solver dlx` prints it.
    assert_eq!(batch["records"][0]["status"], "solved");

    let refused = |solvers: &str| {
        let (status, error) = post_form(&url(solvers), &files);
        (status, error["error"].as_str().unwrap().to_string())
    };
    assert_eq!(
        refused("tournament:fast"),
        (422, "the tournament family has no solver `fast`; it has: backtrack, dlx, dlx-frb, dlx-restarts, sat, portfolio".to_string())
    );
    assert_eq!(refused("tournament"), (400, "solvers: `tournament` is not FAMILY:SOLVER".to_string()));
    assert_eq!(
        refused("chess:fast"),
        (
            400,
            "solvers: no family is called `chess`; the families are tournament, tictactoe, guess, scrabble, gcg"
                .to_string()
        )
    );
    assert_eq!(
        refused("guess:first,guess:minimax"),
        (400, "solvers: the guess family is named twice".to_string())
    );
}

/// A symbolic link inside a `.zip` is a skipped row saying so, never a file holding its target's
/// path; a part of the form without a file name is refused saying that.
#[test]
fn a_link_in_a_zip_is_skipped_and_a_part_without_a_file_name_refused() {
    let server = Server::start(&[]);
    let mut archive = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    archive.start_file("a.csv", zip::write::SimpleFileOptions::default()).unwrap();
    archive.write_all(b"1\n0,1,0\n").unwrap();
    archive.add_symlink("link.csv", "/etc/passwd", zip::write::SimpleFileOptions::default()).unwrap();
    let links = archive.finish().unwrap().into_inner();
    let (status, batch) = post_form(&server.at("/api/batch"), &[("links.zip", &links)]);
    assert_eq!(status, 200, "{batch}");
    assert_eq!(batch["records"].as_array().unwrap().len(), 1, "{batch}");
    assert_eq!(
        batch["skipped"],
        json!([{"file": "links.zip/link.csv", "reason": "a symbolic link, not a file: links in an archive are not followed"}])
    );
    let boundary = "solvebatch-test-boundary";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n1\n0,1,0\n\r\n--{boundary}--\r\n"
    );
    let (status, error) = answer(
        agent()
            .post(&server.at("/api/batch"))
            .header("Content-Type", &format!("multipart/form-data; boundary={boundary}"))
            .send(body.as_bytes())
            .unwrap(),
    );
    assert_eq!(
        (status, error["error"].as_str().unwrap()),
        (
            400,
            "the part `file` of the form has no file name: send each file as a part with its name \
             (Content-Disposition: form-data; name=\"file\"; filename=\"NAME\")"
        )
    );
}

/// A binary file sent to an API endpoint reached the parser, and tic-tac-toe's message quoted its
/// bytes back (`found "X\u0000\u0001…"`). Now every endpoint that reads a text file refuses one whose
/// first 8 KiB hold a NUL byte, in the command line's words (`run` says the same of such a file),
/// and no byte of it is in the answer.
#[test]
fn a_binary_file_sent_to_the_web_api_is_refused_from_its_first_block_and_never_echoed() {
    let server = Server::start(&[]);
    let binary: &[u8] = b"3 2\nX\0\x01\xff 0 0\n";
    let refused = "a binary file, not text (a NUL byte in its first 8 KiB)";
    let body = |view: &Value| view.to_string();
    for (endpoint, name) in [
        ("/api/tictactoe/turns", "standard input"),
        ("/api/tournament/rounds", "-"),
        ("/api/tournament/rounds?name=t.csv", "t.csv"),
        ("/api/scrabble/position", "standard input"),
        ("/api/scrabble/game", "standard input"),
    ] {
        let (status, view) = post(&server.at(endpoint), binary);
        assert_eq!((status, &view), (400, &json!({"error": format!("{name}: {refused}")})), "{endpoint}");
    }
    let (status, view) = post_form(&server.at("/api/scrabble/position"), &[("p.scrabble", binary)]);
    assert_eq!((status, &view), (400, &json!({"error": format!("p.scrabble: {refused}")})));
    // A solve and a batch give the record `run` gives: invalid, with the same message.
    let (status, record) = post(&server.at("/api/solve/tictactoe?name=b.txt"), binary);
    assert_eq!((status, &record["status"], &record["message"]), (400, &json!("invalid"), &json!(refused)));
    let (status, view) = post_form(&server.at("/api/batch"), &[("b.csv", binary)]);
    let record = &view["records"][0];
    assert_eq!((status, &record["status"], &record["message"]), (200, &json!("invalid"), &json!(refused)));
    for view in [record, &view] {
        assert!(!body(view).contains("\\u0000") && !body(view).contains('\u{fffd}'), "{view}");
    }
    // A NUL byte past the first block is the parser's to find, as on the command line.
    let mut late = b"3 2\n".to_vec();
    late.extend(std::iter::repeat_n(b' ', 8 << 10));
    late.extend_from_slice(b"\0");
    let (status, view) = post(&server.at("/api/tictactoe/turns"), &late);
    assert_eq!(status, 400);
    assert!(!view["error"].as_str().unwrap().contains(refused), "{view}");
}
