//! Issue 37, item 2: every web endpoint that solves or analyses honours the server's time limit
//! (`timeout`, default 10 s, at most 60 s) and a memory budget (`src/serve/limits.rs`).
//!
//! A hostile input that would run long is stopped at its limit; an input that cannot run long is
//! sent with a limit of one nanosecond, which has passed before any worker starts, so that the
//! answer is the limit's whatever the machine's speed.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::serve_api::{get, multipart, post, post_form, post_json};
use crate::server::{wait_for, Server};

/// The end of every message of work stopped at the time limit `seconds`.
fn stopped_at(seconds: &str) -> String {
    format!("stopped at the time limit of {seconds} s; choose a longer limit (at most 60 s)")
}

/// The error message of an answer.
fn error(view: &Value) -> &str {
    view["error"].as_str().unwrap_or_else(|| panic!("no error in {view}"))
}

#[test]
fn a_position_of_150000_play_lines_stops_at_the_time_limit() {
    let server = Server::start(&[]);
    // Each line is checked (a quarter of a millisecond each in a release build: 35 s in all).
    let plays = "play: CAT 0 0 horizontal\n".repeat(150_000);
    let board = format!("board:\n{}", format!("{}\n", ".".repeat(15)).repeat(15));
    let position = format!("rules: standard\nrack: ??AEIRS\n{plays}{board}");
    let started = Instant::now();
    let (status, view) = post(&server.at("/api/scrabble/position?timeout=2"), position.as_bytes());
    let took = started.elapsed();
    assert_eq!(status, 422, "{view}");
    let message = error(&view);
    assert!(message.starts_with("the report, at play line "), "{message}");
    assert!(message.ends_with(&format!(" of 150000: {}", stopped_at("2"))), "{message}");
    // The answer comes at the limit, with the work stopped, not after the 150 000 lines.
    assert!(took < Duration::from_secs(15), "{took:?}");
    let (status, view) = post(&server.at("/api/scrabble/position?timeout=61"), position.as_bytes());
    assert_eq!((status, error(&view)), (400, "timeout: 61 seconds is above the limit of 60 seconds"));
}

#[test]
fn the_tictactoe_replay_solitaire_and_guess_games_keep_the_time_limit() {
    let server = Server::start(&[]);
    let nanosecond = "timeout=0.000000001";
    let (status, view) =
        post(&server.at(&format!("/api/tictactoe/turns?{nanosecond}")), b"3 2\nX 0 0\n0 0 3\n");
    assert_eq!(
        (status, error(&view)),
        (422, format!("the replay, at move 1 of 2: {}", stopped_at("0.000000001")).as_str())
    );
    let (status, view) = post_json(
        &server.at(&format!("/api/scrabble/solitaire?{nanosecond}")),
        &json!({"seed": 1, "rules": "standard", "plays": ["pass"]}),
    );
    assert_eq!(
        (status, error(&view)),
        (422, format!("the replay, at play 1 of 1: {}", stopped_at("0.000000001")).as_str())
    );
    let (status, view) = post_json(
        &server.at(&format!("/api/scrabble/solitaire?{nanosecond}")),
        &json!({"seed": 1, "plays": []}),
    );
    assert_eq!(
        (status, error(&view)),
        (422, format!("the best plays: {}", stopped_at("0.000000001")).as_str())
    );
    let (status, view) = post_json(
        &server.at(&format!("/api/guess/codebreaker?{nanosecond}")),
        &json!({"strategy": "entropy", "answers": [0]}),
    );
    assert_eq!(
        (status, error(&view)),
        (422, format!("the entropy strategy's guess 2: {}", stopped_at("0.000000001")).as_str())
    );
    let (status, view) = post_json(
        &server.at(&format!("/api/guess/host?{nanosecond}")),
        &json!({"seed": 1, "guesses": [1234, 5678]}),
    );
    assert_eq!(
        (status, error(&view)),
        (422, format!("the answers, at guess 1 of 2: {}", stopped_at("0.000000001")).as_str())
    );
    // Within the default limit the same requests are answered; the limit is the only parameter.
    // Seed 1 draws 5944: 1234 matches its last digit only.
    let (status, view) =
        post_json(&server.at("/api/guess/host"), &json!({"seed": 1, "guesses": [1234], "reveal": true}));
    assert_eq!((status, &view["answers"], &view["secret"]), (200, &json!([1]), &json!(5944)), "{view}");
    let (status, view) = post(&server.at("/api/tictactoe/turns?limit=1"), b"3 2\nX 0 0\n0 0 3\n");
    assert_eq!(
        (status, error(&view)),
        (400, "unknown query parameter 'limit'; the only parameter accepted is timeout")
    );
    let (status, view) = post_json(
        &server.at("/api/guess/codebreaker?timeout=61"),
        &json!({"strategy": "entropy", "answers": []}),
    );
    assert_eq!((status, error(&view)), (400, "timeout: 61 seconds is above the limit of 60 seconds"));
}

#[test]
fn a_simulation_plays_at_most_a_million_secrets_on_the_web() {
    let server = Server::start(&[]);
    // 7 digits (9 million secrets, 1.1 GB when played whole) are sampled on the web.
    let (status, view) = get(&server.at("/api/guess/simulate?digits=7&sample=5&timeout=60"));
    assert_eq!(
        (status, &view["secrets"], &view["sample"]),
        (200, &json!(5), &json!({"of": 9_000_000, "seed": 1}))
    );
    let (status, view) = get(&server.at("/api/guess/simulate?digits=8&sample=2000000"));
    assert_eq!(
        (status, error(&view)),
        (
            400,
            "sample: 2000000 secrets is above the web's limit of 1000000 (128 bytes each); `solvebatch guess \
             simulate --secrets` plays any list"
        )
    );
}

/// A word list sent to the web app had its graph built with no deadline: a request with a limit of
/// one nanosecond was answered only once the list was built, by the check after it. Now the build
/// looks at the limit as it goes, and the answer names it. (That a list sent again is not built
/// again is `serve::lexicon::tests::a_word_list_sent_again_has_its_graph_built_once`.)
#[test]
fn a_word_list_sent_to_the_web_app_has_its_graph_built_by_the_time_limit() {
    let server = Server::start(&[]);
    // 150,000 distinct words of nine letters (1.5 MB), in no order: more than two strides of the
    // build's looks at the deadline.
    let mut seed: u64 = 1;
    let mut words = Vec::new();
    for _ in 0..150_000 {
        for _ in 0..9 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            words.push(b'A' + (seed >> 33) as u8 % 26);
        }
        words.push(b'\n');
    }
    let board = format!("{}\n", ".".repeat(15)).repeat(15);
    let position = format!("rules: standard\nrack: AEIRST?\ndictionary: big.txt\nboard:\n{board}");
    let files: [(&str, &[u8]); 2] = [("p.scrabble", position.as_bytes()), ("big.txt", &words)];
    let started = Instant::now();
    let (status, view) = post_form(&server.at("/api/scrabble/position?timeout=0.000000001"), &files);
    let took = started.elapsed();
    assert_eq!(
        (status, error(&view)),
        (
            422,
            format!("the word list big.txt, building its word graph: {}", stopped_at("0.000000001")).as_str()
        )
    );
    // Within the limit and a margin: the build never started.
    assert!(took < Duration::from_secs(10), "{took:?}");
    // With time, the same request is answered on the list sent.
    let (status, view) = post_form(&server.at("/api/scrabble/position?timeout=60&top=1"), &files);
    assert_eq!((status, &view["dictionary"]), (200, &json!("big.txt, sent with the position")), "{view}");
}

#[test]
fn uploads_past_the_servers_input_budget_are_answered_busy() {
    let server = Server::start(&["--idle-timeout", "60", "--header-timeout", "60"]);
    // Each multipart form holds 64 MiB of the 1 GiB budget (a `.zip` in it may unpack to that) from
    // the moment its headers arrive: of 16 uploads stalled before their bodies, the last to arrive
    // finds no room, while 15 fit.
    let (content_type, body) = multipart(&[("a.csv", b"1\n0,1,0\n")]);
    let head = format!(
        "POST /api/batch HTTP/1.1\r\nHost: {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        server.address(),
        body.len()
    );
    let mut stalled: Vec<TcpStream> = (0..16)
        .map(|_| {
            let mut stream = TcpStream::connect(server.address()).unwrap();
            stream.write_all(head.as_bytes()).unwrap();
            stream.set_nonblocking(true).unwrap();
            stream
        })
        .collect();
    let refused = wait_for("an upload to be refused", || {
        stalled.iter_mut().find_map(|stream| {
            let mut answer = [0; 1024];
            let length = stream.read(&mut answer).ok().filter(|length| *length > 0)?;
            Some(String::from_utf8_lossy(&answer[..length]).into_owned())
        })
    });
    assert!(refused.starts_with("HTTP/1.1 503 Service Unavailable\r\n"), "{refused}");
    assert!(
        refused.ends_with(
            r#"{"error":"busy: the requests under way hold the server's input budget of 1024 MiB; try again shortly"}"#
        ),
        "{refused}"
    );
    let probe = || {
        let mut stream = server.send_post("/api/batch", &content_type, &body);
        crate::server::read_answer(&mut stream)
    };
    assert!(probe().starts_with("HTTP/1.1 503"), "the 15 uploads under way still hold the budget");
    // A small body that is no form still fits.
    let (status, _) = post(&server.at("/api/solve/tournament"), b"1\n0,1,0\n");
    assert_eq!(status, 200);
    drop(stalled);
    wait_for("the budget to come back", || probe().starts_with("HTTP/1.1 200").then_some(()));
}
