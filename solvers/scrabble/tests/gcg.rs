//! GCG game records: a hand-written game with every kind of line reads into the right boards and
//! scores, each inconsistency gives its message, and self-play games written then read come back the
//! same.

use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::equity::Ranking;
use solvebatch_scrabble::game::analyze::{analyze, analyze_until, AnalysisSettings, AnalysisStopped};
use solvebatch_scrabble::game::gcg::{GcgEvent, GcgGame, GcgPlayer};
use solvebatch_scrabble::game::selfplay::{play_game, Engine};
use solvebatch_scrabble::play::end::Ending;
use solvebatch_scrabble::{Deadline, Dictionary, Rulebook, Rules, TileSet};

fn dictionary() -> Dictionary {
    Dictionary::from_text(b"cat\ncats\nscat\nax\nza\n".to_vec())
}

/// Every kind of line: pragmas, plays written with `.` and with parentheses, a blank, a phony and its
/// withdrawal, an exchange, a challenge bonus, a pass, a time penalty and a rack penalty.
const GAME: &str = "\
#character-encoding UTF-8
#player1 alice Alice Liddell
#player2 bob Bob
#lexicon tiny
#title ignored pragma
>alice: ACERST? 8G CAT +10 10
#note a quiet start
>bob: DEIOOXZ H8 .X +9 9
>alice: EERSUV? 7I VE +18 28
>alice: EERSUV? -- -18 10
>bob: DEIOOZL -OO +0 9
>alice: EERSUV? 8F s(CAT) +5 15
>bob: DEILNRZ (challenge) +5 14
>bob: DEILNRZ - +0 14
>alice: EERSUV (time) -10 5
>bob: DEILNRZ (DEILNRZ) -17 -3
#rack1 EERSUV
";

#[test]
fn a_hand_written_game_reads_into_its_boards_and_scores() {
    let game = GcgGame::parse(GAME, &dictionary(), &TileSet::standard()).unwrap();
    let nicks: Vec<&str> = game.players.iter().map(|player| player.nick.as_str()).collect();
    assert_eq!(nicks, ["alice", "bob"]);
    assert_eq!(game.players[0].name, "Alice Liddell");
    assert_eq!(game.lexicon.as_deref(), Some("tiny"));
    let lines: Vec<usize> = game.turns.iter().map(|turn| turn.line).collect();
    assert_eq!(lines, [6, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    let scores: Vec<[i32; 2]> = game.turns.iter().map(|turn| turn.scores).collect();
    assert_eq!(
        scores,
        [[0, 0], [10, 0], [10, 9], [28, 9], [10, 9], [10, 9], [15, 9], [15, 14], [15, 14], [5, 14]]
    );
    assert_eq!(game.scores, [5, -3]);
    assert_eq!(game.turns[0].notes, ["a quiet start"]);
    // The bag: 100 tiles less the board and two racks of 7. At the withdrawal (line 10) alice's rack
    // holds VE again, so the board counts without them: 100 - 4 (CAT, X) - 7 - 7 = 82.
    let bags: Vec<usize> = game.turns.iter().map(|turn| turn.bag).collect();
    assert_eq!(bags, [86, 83, 82, 82, 82, 82, 81, 81, 82, 81]);
    // VE and its cross-word TV are phonies until challenged off, which puts the board back.
    let GcgEvent::Play { phonies, .. } = &game.turns[2].event else { panic!("a play") };
    let phonies: Vec<String> = phonies.iter().map(ToString::to_string).collect();
    assert_eq!(phonies, ["VE", "VT"]);
    assert_eq!(game.turns[4].board, game.turns[2].board);
    assert_eq!(game.turns[4].event, GcgEvent::Exchange(Ok("OO".parse().unwrap())));
    let row = |turn: usize, row: usize| game.turns[turn].board.to_rows()[row].clone();
    assert_eq!(row(2, 7), "......CAT......");
    assert_eq!(row(2, 8), ".......X.......");
    assert_eq!(game.board.to_rows()[7], ".....sCAT......");
    assert_eq!(game.final_racks[0], Some("EERSUV".parse().unwrap()));
}

/// `GAME` with line `line` (1-based) replaced by `text`, read.
fn read_with(line: usize, text: &str) -> String {
    let mut lines: Vec<&str> = GAME.lines().collect();
    lines[line - 1] = text;
    GcgGame::parse(&lines.join("\n"), &dictionary(), &TileSet::standard()).unwrap_err().to_string()
}

#[test]
fn each_inconsistency_names_its_line_and_what_is_wrong() {
    assert_eq!(
        read_with(6, ">alice: ACERST? 7A CAT +10 10"),
        "line 6: 7A CAT does not fit: the first play must cover the centre square H8"
    );
    assert_eq!(
        read_with(6, ">alice: ACERST? 8G CAT +12 12"),
        "line 6: 8G CAT scores 10 by the rules, not 12"
    );
    assert_eq!(read_with(6, ">alice: ACERST? 8G CAT +10 11"), "line 6: the total after +10 is 10, not 11");
    assert_eq!(
        read_with(6, ">alice: ACERZZ? 8G CAT +10 10"),
        "line 6: rack ACERZZ?: the rack and board hold 2 Z tiles; the tile set has 1"
    );
    assert_eq!(
        read_with(9, ">alice: EEUVWYY 7I VE +18 28"),
        "line 9: the rack EEUVWYY lacks the tiles ERS? kept on line 6"
    );
    assert_eq!(read_with(8, ">bob: DEIOOXZ H8 ZX +18 18"), "line 8: H8 ZX: H8 holds A, not Z");
    assert_eq!(
        read_with(10, ">bob: DEIOOZL -- -9 0"),
        "line 10: -- withdraws a play, and the player's last turn is none"
    );
    assert_eq!(
        read_with(10, ">alice: EERSUV? -- -17 11"),
        "line 10: withdrawing a play of 18 takes -18, not -17"
    );
    assert_eq!(read_with(11, ">bob: DEIOOZL -OOO +0 9"), "line 11: the rack DEILOOZ does not hold OOO");
    assert_eq!(read_with(14, ">bob: DEILNRZ - +3 17"), "line 14: a pass scores 0, not 3");
    // 14 letter tiles and 2 blanks: less two racks, 2 in the bag.
    let late = "#player1 a\n#player2 b\n#rules standard\n>a: ACERST? -ACE +0 0\n";
    let tiles = TileSet::parse("A 1 3\nC 3 2\nE 1 3\nR 1 2\nS 1 2\nT 1 2\n").unwrap();
    assert_eq!(
        GcgGame::parse(late, &dictionary(), &tiles).unwrap_err().to_string(),
        "line 4: an exchange needs 7 tiles in the bag, it holds 2"
    );
    assert_eq!(read_with(16, ">bob: DEILNRZ (DEILNRZ) -16 -2"), "line 16: (DEILNRZ) loses 17, not 16");
    assert_eq!(read_with(16, ">carol: A - +0 0"), "line 16: carol is neither player's nick");
    // The players take turns: a play, exchange or pass by the player who moved last is refused (a
    // play challenged off counts as its player's move).
    assert_eq!(read_with(9, ">bob: DEIOOZL - +0 9"), "line 9: it is alice's turn: bob moved last, at line 8");
    assert_eq!(
        read_with(11, ">alice: EERSUV? - +0 10"),
        "line 11: it is bob's turn: alice moved last, at line 10"
    );
    assert_eq!(
        read_with(3, "#player2 alice Alice"),
        "line 3: #player2: alice is #player1's nick too; each player needs its own"
    );
    assert_eq!(read_with(16, "bob passes"), "line 16: not a GCG line (#pragma or >NICK: event): bob passes");
    assert_eq!(read_with(16, ">bob: DEILNRZ - 0 14"), "line 16: the points 0 are not +N or -N");
    // What is missing at the end of an event is named as missing, not read as the points.
    assert_eq!(
        read_with(16, ">bob: DEILNRZ"),
        "line 16: DEILNRZ ends without the points and the new total (an event ends with both, as +14 14)"
    );
    assert_eq!(
        read_with(16, ">bob: DEILNRZ 9H BAD"),
        "line 16: DEILNRZ 9H BAD ends without the points and the new total (an event ends with both, as +14 14)"
    );
    assert_eq!(
        read_with(16, ">bob: DEILNRZ - +0"),
        "line 16: DEILNRZ - +0 ends with the points +0 and no new total after them (an event ends with both, \
         as +14 14)"
    );
    assert_eq!(
        read_with(16, ">bob:"),
        "line 16: nothing follows the ':' (an event is a rack, what it does, the points and the new total, as \
         ABC 8H CAB +14 14)"
    );
    assert_eq!(
        read_with(16, ">: DEILNRZ - +0 14"),
        "line 16: no nick before the ':' (write >NICK: and the event)"
    );
    assert_eq!(read_with(16, ">bob: DEILNRZ - +0 x"), "line 16: the total x is not a number");
    // Words after the total (Quackle's older records list the words formed) are named, not read as points.
    assert_eq!(
        read_with(16, ">bob: DEILNRZ - +0 14 passes"),
        "line 16: passes follows the points and the total +0 14: an event ends with them"
    );
    assert_eq!(
        read_with(16, ">bob: DEILNRZ - +0 14 BE, ET, DO"),
        "line 16: BE, ET, DO follows the points and the total +0 14: an event ends with them"
    );
    assert_eq!(
        read_with(16, ">bob: DEILNRZ (challenge) +2147483647 0"),
        "line 16: a total of 14 +2147483647 is beyond any score"
    );
    assert_eq!(
        read_with(16, ">bob: DEILNRZ 8H +0 14"),
        "line 16: not an event: DEILNRZ 8H (RACK POS WORD, RACK -TILES, RACK -, RACK --, RACK (challenge), \
         (RACK), RACK (RACK) or RACK (time))"
    );
}

#[test]
fn a_game_read_is_written_back_line_for_line() {
    let game = GcgGame::parse(GAME, &dictionary(), &TileSet::standard()).unwrap();
    let written = game.to_gcg();
    assert!(
        written.starts_with("#character-encoding UTF-8\n#player1 alice Alice Liddell\n#player2 bob Bob\n")
    );
    assert!(written.contains("\n>bob: DEIOOXZ H8 (A)X +9 9\n"), "{written}");
    assert!(written.contains("\n>alice: ACERST? 8G CAT +10 10\n#note a quiet start\n"), "{written}");
    assert!(written.contains("\n>alice: EERSUV? 8F s(CAT) +5 15\n"), "{written}");
    let again = GcgGame::parse(&written, &dictionary(), &TileSet::standard()).unwrap();
    assert_eq!(again.to_gcg(), written);
    assert_eq!((again.board, again.scores), (game.board, game.scores));
}

/// The bundled words of up to four letters: games full of short plays, quick to generate.
fn short_words() -> &'static Dictionary {
    static WORDS: OnceLock<Dictionary> = OnceLock::new();
    WORDS.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/scrabble/dictionary.txt");
        let text = std::fs::read_to_string(path).expect("the bundled dictionary");
        let short: Vec<&str> = text.lines().filter(|word| word.len() <= 4).collect();
        Dictionary::from_text(short.join("\n").into_bytes())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn self_play_games_written_then_read_give_the_same_boards_and_scores(seed in any::<u64>()) {
        let (tiles, rules) = (TileSet::standard(), Rules::standard());
        let rulebook = Rulebook { dictionary: short_words(), tiles: &tiles, rules: &rules };
        let engine = Engine { ranking: Ranking::Equity, table: LeaveTable::standard() };
        let record = play_game(&rulebook, [engine, engine], seed);
        let players = ["one", "two"].map(|nick| GcgPlayer { nick: nick.into(), name: String::new() });
        let game = record.to_gcg(&rulebook, players, Some("short".into()));
        let read = GcgGame::parse(&game.to_gcg(), short_words(), &tiles).unwrap();
        prop_assert_eq!(read.scores, record.scores);
        prop_assert_eq!(&read.board, &record.board);
        prop_assert_eq!(read.turns.len(), record.turns.len() + 2);
        for (read, made) in read.turns.iter().zip(&game.turns) {
            prop_assert_eq!((&read.board, read.scores, &read.rack, read.bag), (&made.board, made.scores, &made.rack, made.bag));
            prop_assert_eq!(&read.event, &made.event);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Lines of `GAME` cut, repeated, shuffled and mixed with stray text: a game, or an error naming
    /// one of the text's lines, never a panic.
    #[test]
    fn any_damage_is_an_error_never_a_panic(
        picks in prop::collection::vec((0usize..16, 0usize..40, "[ -~]{0,6}"), 0..24),
    ) {
        let lines: Vec<&str> = GAME.lines().collect();
        let mut text = String::new();
        for (line, cut, stray) in picks {
            let line = lines[line % lines.len()];
            let cut = (0..=cut.min(line.len())).rev().find(|&at| line.is_char_boundary(at)).unwrap_or(0);
            text.push_str(&line[..cut]);
            text.push_str(&stray);
            text.push('\n');
        }
        if let Err(error) = GcgGame::parse(&text, &dictionary(), &TileSet::standard()) {
            prop_assert!((1..=text.lines().count()).contains(&error.line), "{error}");
        }
    }
}

/// A record of two players holding ABCDEFG (16 points) who pass `passes` times, then `tail`.
fn passes_then(passes: usize, tail: &str) -> String {
    let turns: String =
        (0..passes).map(|turn| format!(">{}: ABCDEFG - +0 0\n", ["a", "b"][turn % 2])).collect();
    format!("#player1 a\n#player2 b\n{turns}{tail}")
}

fn error_of(text: &str, tiles: &TileSet) -> String {
    GcgGame::parse(text, &dictionary(), tiles).unwrap_err().to_string()
}

#[test]
fn a_turn_after_six_scoreless_turns_is_an_error_naming_the_line_the_game_ended() {
    let standard = TileSet::standard();
    // The passes are lines 3 to 8.
    assert_eq!(
        error_of(&passes_then(7, ""), &standard),
        "line 9: the game ended at line 8: six scoreless turns"
    );
    assert_eq!(
        error_of(&passes_then(6, ">a: ABCDEFG -ABC +0 0\n"), &standard),
        "line 9: the game ended at line 8: six scoreless turns"
    );
    // Five passes and a play (a phony, allowed and marked): the game goes on.
    let game =
        GcgGame::parse(&passes_then(5, ">b: ABCDEFG 8G CAB +14 14\n"), &dictionary(), &standard).unwrap();
    assert_eq!((game.ending(), game.turns[5].scoreless), (None, 5));
    let game = GcgGame::parse(&passes_then(6, ""), &dictionary(), &standard).unwrap();
    assert_eq!(game.ending(), Some((Ending::Scoreless, 8)));
}

/// The 2.2 MB record that was analysed for 54 s in 3.2 GB: refused at its seventh pass.
#[test]
fn a_record_of_100000_passes_is_refused_at_its_seventh_pass() {
    let record = passes_then(100_000, "");
    assert!(record.len() > 1_800_000, "{}", record.len());
    assert_eq!(
        error_of(&record, &TileSet::standard()),
        "line 9: the game ended at line 8: six scoreless turns"
    );
}

#[test]
fn end_of_game_rack_points_come_once_per_player_and_end_the_game() {
    let standard = TileSet::standard();
    let penalty = |nick: &str| format!(">{nick}: ABCDEFG (ABCDEFG) -16 -16\n");
    // After six scoreless turns each loses its rack, once.
    let both = passes_then(6, &(penalty("a") + &penalty("b")));
    let game = GcgGame::parse(&both, &dictionary(), &standard).unwrap();
    assert_eq!(game.scores, [-16, -16]);
    assert_eq!(
        error_of(&(both.clone() + ">a: ABCDEFG (ABCDEFG) -16 -32\n"), &standard),
        "line 11: a had its end-of-game rack points at line 9; they come once"
    );
    // In mid-game they end it: play carrying on is an error naming the line.
    assert_eq!(
        error_of(&passes_then(2, &(penalty("a") + ">b: ABCDEFG - +0 0\n")), &standard),
        "line 6: the game ended at line 5: a's end-of-game rack points"
    );
}

/// Eight tiles in all: two each of C, A and T, and the two blanks. A player holding ACT with five
/// tiles unseen (the bag empty) plays it out.
#[test]
fn a_player_going_out_ends_the_game() {
    let tiles = TileSet::parse("C 3 2\nA 1 2\nT 1 2\n").unwrap();
    let out = "#player1 a\n#player2 b\n>a: ACT 8G CAT +10 10\n";
    let game = GcgGame::parse(out, &dictionary(), &tiles).unwrap();
    assert_eq!(game.ending(), Some((Ending::WentOut(0), 3)));
    assert_eq!(
        error_of(&format!("{out}>b: ACT?? - +0 0\n"), &tiles),
        "line 4: the game ended at line 3: a went out"
    );
    // The rack points follow, once each: ACT?? is worth 5 (a blank 0).
    let ended = format!("{out}>a: (ACT??) +5 15\n>b: ACT?? (ACT??) -5 -5\n");
    assert_eq!(GcgGame::parse(&ended, &dictionary(), &tiles).unwrap().scores, [15, -5]);
    // A play withdrawn is a scoreless turn, and the game goes on.
    let withdrawn = format!("{out}>a: ACT -- -10 0\n");
    let game = GcgGame::parse(&withdrawn, &dictionary(), &tiles).unwrap();
    assert_eq!(game.ending(), None);
}

/// The rack of a `--` line is the rack the play came from, its tiles back from the board: the only Z
/// played in a phony and withdrawn is counted once, not on the board and the rack both (as in a
/// recorded tournament game withdrawing BOEK with both B tiles in sight).
#[test]
fn a_phony_withdrawn_with_the_only_tile_of_a_kind_reads() {
    // AZ is no word: 8G AZ scores (1 + 10) x 2 = 22 on the centre square, then is challenged off.
    let phony = "#player1 a\n#player2 b\n>a: AZ 8G AZ +22 22\n>a: AZ -- -22 0\n>b: DEIOOXL - +0 0\n";
    let game = GcgGame::parse(&format!("{phony}>a: AZ 8G ZA +22 22\n"), &dictionary(), &TileSet::standard())
        .unwrap();
    assert_eq!(game.scores, [22, 0]);
    let GcgEvent::Play { phonies, .. } = &game.turns[0].event else { panic!("a play") };
    assert_eq!(phonies.iter().map(ToString::to_string).collect::<Vec<_>>(), ["AZ"]);
    assert_eq!(game.turns[2].board, game.turns[0].board);
    assert_eq!(game.board.to_rows()[7], "......ZA.......");
    // A second Z on the withdrawn line's rack is still one too many.
    assert_eq!(
        error_of("#player1 a\n#player2 b\n>a: AZ 8G AZ +22 22\n>a: AZZ -- -22 0\n", &TileSet::standard()),
        "line 4: rack AZZ: the rack and board hold 2 Z tiles; the tile set has 1"
    );
}

/// A note may run on over plain lines (neither pragmas nor events), as Macondo writes them; it is
/// written back the same way. A plain line anywhere else is still no GCG line.
#[test]
fn a_note_runs_on_over_the_plain_lines_after_it() {
    let noted = GAME.replace("#note a quiet start\n", "#note a quiet start\nand more\n\n  still more\n");
    let game = GcgGame::parse(&noted, &dictionary(), &TileSet::standard()).unwrap();
    assert_eq!(game.turns[0].notes, ["a quiet start\nand more\nstill more"]);
    assert_eq!(game.turns[1].line, 11);
    let again = GcgGame::parse(&game.to_gcg(), &dictionary(), &TileSet::standard()).unwrap();
    assert_eq!(again.turns[0].notes, game.turns[0].notes);
    let stray = GAME.replace("#lexicon tiny\n", "#lexicon tiny\nand more\n");
    assert_eq!(
        GcgGame::parse(&stray, &dictionary(), &TileSet::standard()).unwrap_err().to_string(),
        "line 5: not a GCG line (#pragma or >NICK: event): and more"
    );
}

/// Quackle writes a deduction after a `+`.
#[test]
fn quackles_plus_minus_points_read_as_a_deduction() {
    let game =
        GcgGame::parse(&passes_then(0, ">a: ABCDEFG (time) +-15 -15\n"), &dictionary(), &TileSet::standard())
            .unwrap();
    assert_eq!((game.scores, game.turns[0].points), ([-15, 0], -15));
}

/// A deadline already passed stops the analysis before its first decision, saying how many there
/// were; none analyses every one.
#[test]
fn the_analysis_stops_at_its_deadline_between_decisions() {
    let standard = TileSet::standard();
    let dictionary = dictionary();
    let game = GcgGame::parse(GAME, &dictionary, &standard).unwrap();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &standard, rules: &game.rules };
    let settings = AnalysisSettings { top: 1, ..AnalysisSettings::default() };
    let passed = Deadline::at(Some(std::time::Instant::now()));
    let stopped = analyze_until(&rulebook, &game, LeaveTable::standard(), &settings, passed).unwrap_err();
    // Four plays (one withdrawn), an exchange and a pass: six decisions.
    assert_eq!(stopped, AnalysisStopped { reached: 1, decisions: 6 });
    assert_eq!(stopped.to_string(), "the analysis stopped at the time limit, at decision 1 of 6");
    let all = analyze_until(&rulebook, &game, LeaveTable::standard(), &settings, Deadline::NEVER).unwrap();
    assert_eq!(all, analyze(&rulebook, &game, LeaveTable::standard(), &settings));
}
