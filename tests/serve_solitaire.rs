//! The web app's Scrabble endpoints as the page uses them: a solitaire game's passes and exchanges
//! under the rules' limits, and a position's report in the rules' notation, compared with what the
//! command line prints.

use serde_json::{json, Value};

use crate::serve_api::{post, post_json};
use crate::server::{dataset, Server};

/// The game of seed 7 under the standard rules after `plays`, with `play` tried.
fn standard_game(server: &Server, plays: &[&str], play: Option<&str>) -> (u16, Value) {
    let game = json!({"seed": 7, "rules": "standard", "plays": plays, "play": play, "top": 3});
    post_json(&server.at("/api/scrabble/solitaire"), &game)
}

/// The rack of a game's view, as typed (`?` a blank).
fn rack(view: &Value) -> String {
    view["rack"].as_array().unwrap().iter().map(|tile| tile[0].as_str().unwrap()).collect()
}

#[test]
fn solitaire_passes_and_exchanges_until_six_scoreless_turns_end_the_game() {
    let server = Server::start(&[]);
    let (status, start) = standard_game(&server, &[], None);
    assert_eq!(
        (status, &start["pool"], &start["scoreless"], &start["over"]),
        (200, &json!(93), &json!(0), &json!(false))
    );
    let dealt = rack(&start);
    assert_eq!(dealt.len(), 7);

    // A pass, typed either way, scores nothing and changes no tile.
    let (_, passed) = standard_game(&server, &[], Some("pass"));
    assert_eq!(
        (&passed["accepted"], &passed["said"], &passed["scoreless"]),
        (&json!(true), &json!("pass: 0"), &json!(1))
    );
    assert_eq!((rack(&passed), &passed["pool"], &passed["score"]), (dealt.clone(), &json!(93), &json!(0)));
    let (_, dashed) = standard_game(&server, &["pass"], Some("-"));
    assert_eq!((&dashed["said"], &dashed["scoreless"]), (&json!("pass: 0"), &json!(2)));

    // An exchange of the rack's first tile: as many drawn as given back, the bag as full as before.
    let first = &dealt[..1];
    let typed = format!("exchange {}", first.to_lowercase());
    let (_, exchanged) = standard_game(&server, &["pass", "-"], Some(&typed));
    assert_eq!(
        (&exchanged["accepted"], &exchanged["said"], &exchanged["scoreless"], &exchanged["pool"]),
        (&json!(true), &json!(format!("exchange {first}: 0")), &json!(3), &json!(93))
    );
    assert_eq!(rack(&exchanged).len(), 7);
    // Tiles the rack does not hold: refused, nothing changes, and the turn is not taken.
    let absent = ('A'..='Z').find(|letter| !dealt.contains(*letter)).unwrap();
    let (_, refused) = standard_game(&server, &["pass"], Some(&format!("-{absent}")));
    assert_eq!(
        (&refused["accepted"], &refused["said"], &refused["scoreless"]),
        (&json!(false), &json!(format!("the rack does not hold {absent}")), &json!(1))
    );

    // The sixth scoreless turn in a row ends the game; a turn after it is refused.
    let five = ["pass", "-", typed.as_str(), "pass", "pass"];
    let (_, ended) = standard_game(&server, &five, Some("pass"));
    assert_eq!(
        (&ended["over"], &ended["ended"], &ended["scoreless"]),
        (&json!(true), &json!("6 scoreless turns in a row end the game"), &json!(6))
    );
    let six = ["pass", "-", typed.as_str(), "pass", "pass", "pass"];
    assert_eq!(
        standard_game(&server, &six, Some("pass")),
        (400, json!({"error": "the game is over: 6 scoreless turns in a row end the game"}))
    );

    // The lab rules, as `scrabble play` under them, take plays only.
    let lab = json!({"seed": 7, "plays": [], "play": "pass"});
    assert_eq!(
        post_json(&server.at("/api/scrabble/solitaire"), &lab),
        (
            400,
            json!({"error": "play: 'pass' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal"})
        )
    );
}

#[test]
fn an_exchange_needs_seven_tiles_in_the_bag() {
    let folder = tempfile::tempdir().unwrap();
    // Ten letter tiles and the standard rules' two blanks: five are left to draw after the rack.
    let tiles = folder.path().join("tiles.txt");
    std::fs::write(&tiles, "A 1 5\nE 1 5\n").unwrap();
    let server = Server::start(&["--tiles", tiles.to_str().unwrap()]);
    let (status, start) = standard_game(&server, &[], None);
    assert_eq!((status, &start["pool"]), (200, &json!(5)));
    let (_, refused) = standard_game(&server, &[], Some("exchange A"));
    assert_eq!(
        (&refused["accepted"], &refused["said"], &refused["scoreless"]),
        (&json!(false), &json!("the bag holds 5 tiles: an exchange needs at least 7"), &json!(0))
    );
    assert_eq!(rack(&refused), rack(&start));
    // Sent among the turns taken, it is refused with its number.
    assert_eq!(
        standard_game(&server, &["exchange A"], None),
        (400, json!({"error": "play 1: exchange A: the bag holds 5 tiles: an exchange needs at least 7"}))
    );
}

#[test]
fn a_position_report_is_written_in_the_notation_of_its_rules() {
    let server = Server::start(&[]);
    // Under the lab rules: the reference, which the command line writes.
    let lab = dataset("scrabble/midgame-01.scrabble");
    let (status, view) = post(&server.at("/api/scrabble/position"), &std::fs::read(&lab).unwrap());
    let reference = std::fs::read_to_string(dataset("scrabble/midgame-01.scrabble.expected")).unwrap();
    assert_eq!((status, view["report"].as_str().unwrap()), (200, reference.as_str()));

    // Under the standard rules: the plays as `scrabble check` writes them, then `scrabble hint`'s list.
    let standard = dataset("scrabble/standard-midgame.scrabble");
    let (status, view) = post(&server.at("/api/scrabble/position"), &std::fs::read(&standard).unwrap());
    let hint = crate::common::child().args(["scrabble", "hint"]).arg(&standard).output().unwrap();
    let checks =
        "play M11 GARI: 32\nplay M11 GaRI: 29\nplay M11 IRAG: rejected: not in the dictionary: IRAG, XG\n\
                  hint: IRAG makes no valid play from any start square or direction; try other letters\n";
    assert_eq!(
        (status, view["report"].as_str().unwrap().to_string()),
        (200, format!("{checks}{}", String::from_utf8(hint.stdout).unwrap()))
    );
    // The lab file opened under the standard rules: the same board, written as players write it.
    let (_, view) = post(&server.at("/api/scrabble/position?rules=standard"), &std::fs::read(&lab).unwrap());
    assert!(view["report"].as_str().unwrap().starts_with("play M11 GARI: 32\n"), "{}", view["report"]);
    assert_eq!(view["hints"][0]["typed"], "M11 GARI");
}
