//! The web app's game stepper endpoint, `POST /api/scrabble/game`: the bundled self-play game
//! analysed as `scrabble analyze` analyses it, turn by turn, and a damaged record refused with the
//! command line's message.

use std::path::Path;

use serde_json::{json, Value};

use crate::serve_api::{post, post_form};
use crate::server::{dataset, Server};

/// What `solvebatch scrabble analyze GAME` prints in `dir` (the dictionary's graph cached in
/// `cache`): its exit status, standard output and standard error.
fn analyze(dir: &Path, cache: &Path, game: &str, extra: &[&str]) -> (i32, String, String) {
    let output = crate::common::command_in(dir)
        .env("SOLVEBATCH_CACHE_DIR", cache)
        .args(["scrabble", "analyze", game])
        .args(extra)
        .output()
        .unwrap();
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (output.status.code().unwrap(), text(output.stdout), text(output.stderr))
}

/// The bundled game and the word list its `#lexicon` line names, as the page sends them.
fn bundled_game() -> (Vec<u8>, Vec<u8>) {
    let read = |name: &str| std::fs::read(dataset(&format!("scrabble/{name}"))).unwrap();
    (read("self-play.gcg"), read("dictionary.txt"))
}

/// A turn's analysis as the command line writes it: the heading, then each line indented.
fn turn_text(lines: &Value) -> String {
    let mut text = format!("{}\n", lines["heading"].as_str().unwrap());
    let one = ["endgame", "endgame_played", "played", "phony"].map(|key| &lines[key]);
    let many = ["best", "missed_bingo", "simulated"].map(|key| &lines[key]);
    let listed = |value: &Value| match value {
        Value::Array(items) => items.clone(),
        Value::Null => Vec::new(),
        single => vec![single.clone()],
    };
    for line in one.into_iter().chain(many).flat_map(listed) {
        text += &format!("  {}\n", line.as_str().unwrap());
    }
    text
}

#[test]
fn the_bundled_game_is_analysed_turn_by_turn_as_the_command_line_analyses_it() {
    let server = Server::start(&[]);
    let cache = tempfile::tempdir().unwrap();
    let (game, words) = bundled_game();
    let (status, view) =
        post_form(&server.at("/api/scrabble/game"), &[("self-play.gcg", &game), ("dictionary.txt", &words)]);
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["dictionary"], "dictionary.txt, sent with the position");
    let (code, printed, _) = analyze(&dataset("scrabble"), cache.path(), "self-play.gcg", &[]);
    assert_eq!(code, 0);
    assert_eq!(view["analysis"], json!(printed));
    // `run`'s reference, then the final score as the record has it (402 + 4 for two's V, 372 - 4).
    let expected = std::fs::read_to_string(dataset("scrabble/self-play.gcg.expected")).unwrap();
    assert_eq!(printed, format!("{expected}final: one 406, two 368\n"));

    // Every line of the record is a turn, with the total it gives; a decision's analysis is the
    // command line's block of that turn, in order, and the summary its last lines.
    let record = String::from_utf8(game).unwrap();
    let events: Vec<&str> = record.lines().filter(|line| line.starts_with('>')).collect();
    let turns = view["turns"].as_array().unwrap();
    assert_eq!(turns.len(), events.len());
    let players = ["one", "two"];
    assert_eq!(view["players"], json!(players));
    let mut blocks = String::new();
    for (turn, event) in turns.iter().zip(&events) {
        assert_eq!(turn["record"], json!(event));
        let (nick, rest) = event[1..].split_once(':').unwrap();
        let total: i64 = rest.split_whitespace().last().unwrap().parse().unwrap();
        let player = players.iter().position(|name| *name == nick).unwrap();
        assert_eq!((&turn["player"], &turn["scores"][player]), (&json!(player), &json!(total)), "{event}");
        if !turn["analysis"].is_null() {
            blocks += &turn_text(&turn["analysis"]);
        }
    }
    // The players' summaries, then the final score.
    let summary: Vec<&str> = printed
        .lines()
        .filter(|line| !line.starts_with(' ') && !line.starts_with("turn ") && !line.starts_with("final: "))
        .collect();
    let shown: Vec<&str> =
        view["summary"].as_array().unwrap().iter().map(|p| p["text"].as_str().unwrap()).collect();
    assert_eq!(shown, summary);
    assert_eq!(blocks + &summary.join("\n") + "\nfinal: one 406, two 368\n", printed);

    // Turn 1, 8H OOMPH: row 8 from column H, squares 112 to 116, the only tiles on the board.
    let first = &turns[0];
    assert_eq!(first["placed"], json!([112, 113, 114, 115, 116]));
    let board = first["board"].as_array().unwrap();
    assert_eq!(board[112..117].iter().map(|tile| tile.as_str().unwrap()).collect::<String>(), "OOMPH");
    assert_eq!(board.iter().filter(|tile| *tile != "").count(), 5);
    assert_eq!(first["rack"][1], json!(["H", 4]));
    assert_eq!(first["bag"], 86);
    // The last turn, two's rack penalty, places nothing and is no decision; both final totals stand.
    let last = turns.last().unwrap();
    assert_eq!(
        (&last["placed"], &last["analysis"], &last["scores"]),
        (&json!([]), &Value::Null, &json!([406, 368]))
    );
}

#[test]
fn a_game_sent_alone_reads_its_lexicon_from_the_data_folder_only() {
    let cache = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let (game, words) = bundled_game();
    let (_, printed, _) = analyze(&dataset("scrabble"), cache.path(), "self-play.gcg", &[]);
    // Without --data the server's own list answers, and the answer says the file asks for another.
    let server = Server::start(&[]);
    let (status, view) = post(&server.at("/api/scrabble/game"), &game);
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        view["dictionary"],
        "server's bundled list; the file asks for dictionary.txt, which this server does not read (serve --data DIR)"
    );
    assert_eq!(view["analysis"], json!(printed));
    // With --data, the list of that name in the folder.
    std::fs::write(data.path().join("dictionary.txt"), &words).unwrap();
    let server = Server::start(&["--data", data.path().to_str().unwrap()]);
    let (status, view) = post(&server.at("/api/scrabble/game?top=1"), &game);
    assert_eq!((status, &view["dictionary"]), (200, &json!("dictionary.txt, from the server's data folder")));
    let (_, one, _) = analyze(&dataset("scrabble"), cache.path(), "self-play.gcg", &["--top", "1"]);
    assert_eq!(view["analysis"], json!(one));
}

#[test]
fn a_damaged_game_is_refused_with_the_command_lines_message() {
    let server = Server::start(&[]);
    let cache = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let (game, words) = bundled_game();
    // Line 6 claims 26 for DUPE, which scores 25.
    let damaged = String::from_utf8(game).unwrap().replace("9G DUPE +25 25", "9G DUPE +26 26");
    std::fs::write(folder.path().join("damaged.gcg"), &damaged).unwrap();
    std::fs::write(folder.path().join("dictionary.txt"), &words).unwrap();
    let (code, _, said) = analyze(folder.path(), cache.path(), "damaged.gcg", &[]);
    let message = "damaged.gcg: line 6: 9G DUPE scores 25 by the rules, not 26";
    assert_eq!((code, said.as_str()), (1, format!("error: {message}\n").as_str()));
    let url = server.at("/api/scrabble/game");
    let (status, view) = post_form(&url, &[("damaged.gcg", damaged.as_bytes()), ("dictionary.txt", &words)]);
    assert_eq!((status, &view["error"]), (400, &json!(message)));
    // A record sent alone is named as the command line names standard input.
    let (status, view) = post(&url, damaged.as_bytes());
    assert_eq!(
        (status, &view["error"]),
        (400, &json!("standard input: line 6: 9G DUPE scores 25 by the rules, not 26"))
    );
    // A form needs exactly one record, and the page lists at most the limit's best plays.
    let (status, view) = post_form(&url, &[("dictionary.txt", &words)]);
    assert_eq!((status, &view["error"]), (400, &json!("no .gcg file among the files sent")));
    let (status, view) = post(&server.at("/api/scrabble/game?top=101"), damaged.as_bytes());
    assert_eq!((status, &view["error"]), (400, &json!("top: 101 is not a number of plays from 0 to 100")));
}

#[test]
fn a_phony_is_marked_on_its_turn_as_the_command_line_marks_it() {
    let server = Server::start(&[]);
    let cache = tempfile::tempdir().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let (game, words) = bundled_game();
    // Without DUPE in the list, two's play of line 6 is a phony.
    let without: String = String::from_utf8(words)
        .unwrap()
        .lines()
        .filter(|word| *word != "dupe")
        .map(|word| format!("{word}\n"))
        .collect();
    std::fs::write(folder.path().join("self-play.gcg"), &game).unwrap();
    std::fs::write(folder.path().join("dictionary.txt"), &without).unwrap();
    let (code, printed, said) = analyze(folder.path(), cache.path(), "self-play.gcg", &[]);
    assert_eq!(code, 0, "{said}");
    let (status, view) = post_form(
        &server.at("/api/scrabble/game"),
        &[("self-play.gcg", &game), ("dictionary.txt", without.as_bytes())],
    );
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["analysis"], json!(printed));
    let second = &view["turns"][1]["analysis"];
    assert_eq!(second["phony"], "phony: DUPE*");
    // Its block, phony line after the move's, is the command line's.
    assert!(printed.contains(&turn_text(second)), "{printed}");
    assert_eq!(view["summary"][1]["phonies"], 1);
}

/// The 2.2 MB record of 100,000 passes that kept a request busy for 27.7 s in 3.9 GB: refused at its
/// seventh pass, as the command line refuses it; the time limit is the server's (at most 60 s).
#[test]
fn a_record_of_100000_passes_is_refused_at_its_seventh_pass_and_the_time_limit_is_the_servers() {
    let server = Server::start(&[]);
    let passes: String =
        (0..100_000).map(|turn| format!(">{}: ABCDEFG - +0 0\n", ["one", "two"][turn % 2])).collect();
    let record = format!("#player1 one\n#player2 two\n{passes}");
    let started = std::time::Instant::now();
    let (status, view) = post(&server.at("/api/scrabble/game"), record.as_bytes());
    assert_eq!(
        (status, &view["error"]),
        (400, &json!("standard input: line 9: the game ended at line 8: six scoreless turns"))
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "{:?}", started.elapsed());
    let (status, view) = post(&server.at("/api/scrabble/game?timeout=61"), record.as_bytes());
    assert_eq!(
        (status, &view["error"]),
        (400, &json!("timeout: 61 seconds is above the limit of 60 seconds"))
    );
}

/// An empty record is refused as the command line refuses it, before any word list is looked for,
/// by the game stepper and by `/api/solve/gcg` (an invalid record, as an empty `.guess` file is).
#[test]
fn an_empty_record_is_refused_as_on_the_command_line() {
    let server = Server::start(&[]);
    let empty =
        "the file is empty: a game record holds one turn a line (>NICK: RACK POS WORD +POINTS TOTAL ...)";
    let no_turn =
        "no turn: every line is blank or a #pragma (a turn is >NICK: RACK POS WORD +POINTS TOTAL ...)";
    let url = server.at("/api/scrabble/game");
    let (status, view) = post(&url, b"");
    assert_eq!((status, &view["error"]), (400, &json!(format!("standard input: {empty}"))));
    let (status, view) = post_form(&url, &[("comment.gcg", b"# just a comment\n")]);
    assert_eq!((status, &view["error"]), (400, &json!(format!("comment.gcg: {no_turn}"))));
    for (body, message) in [(&b"\xef\xbb\xbf\n"[..], empty), (b"#player1 one\n#player2 two\n", no_turn)] {
        let (status, record) = post(&server.at("/api/solve/gcg?name=e.gcg"), body);
        assert_eq!(
            (status, &record["status"], &record["message"]),
            (400, &json!("invalid"), &json!(message)),
            "{record}"
        );
    }
}
