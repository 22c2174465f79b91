//! `solvebatch scrabble ...` and `solvebatch run` on Scrabble positions, end to end.

use crate::common::solvebatch;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

fn datasets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/scrabble")
}

const ASSIGNMENT_AFTER_ARE: &str = concat!(
    "play AE 0 -1 horizontal: 5\n",
    "words: ARE 3, LA 2\n",
    " 765432101234567\n",
    "7               7\n",
    "6               6\n",
    "5               5\n",
    "4               4\n",
    "3          SAY  3\n",
    "2           L   2\n",
    "1        WOULD  1\n",
    "0    HELLO      0\n",
    "1       ARE     1\n",
    "2        L      2\n",
    "3        D      3\n",
    "4               4\n",
    "5               5\n",
    "6               6\n",
    "7               7\n",
    " 765432101234567\n",
);

#[test]
fn check_scores_the_assignment_play_and_prints_the_board() {
    solvebatch()
        .args([
            "scrabble",
            "check",
            "assignment-are-la.scrabble",
            "--rack",
            "AE",
            "--play",
            "AE 0 -1 horizontal",
        ])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(ASSIGNMENT_AFTER_ARE);
}

#[test]
fn check_suggests_the_same_letters_elsewhere() {
    solvebatch()
        .args(["scrabble", "check", "assignment-are-la.scrabble", "--rack", "ae", "--play", "AE 1 -1 horizontal"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout("play AE 1 -1 horizontal: rejected: not in the dictionary: RAE\nhint: try AE 0 -1 horizontal (5 points)\n");
}

#[test]
fn check_suggests_other_letters_with_the_best_plays() {
    solvebatch()
        .args([
            "scrabble",
            "check",
            "assignment-are-la.scrabble",
            "--rack",
            "AET",
            "--play",
            "T 5 2 horizontal",
        ])
        .args(["--top", "2"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout(concat!(
            "play T 5 2 horizontal: rejected: not in the dictionary: LT, YTD\n",
            "hint: T makes no valid play from any start square or direction; try other letters\n",
            "5 ARE 0 -1 horizontal AE\n",
            "2 LA -1 0 vertical A\n",
        ));
}

#[test]
fn check_takes_the_rack_from_the_file_and_a_dictionary_from_d() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    std::fs::write(&words, "// assignment words, ERA added\nare\nla\nera\nle\n").unwrap();
    solvebatch()
        .args(["scrabble", "check", "assignment-are-la.scrabble", "-D"])
        .arg(&words)
        .args(["--play", "EA 0 -1 horizontal"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("play EA 0 -1 horizontal: 5\nwords: ERA 3, LE 2\n"));
}

#[test]
fn hint_lists_the_best_plays() {
    solvebatch()
        .args(["scrabble", "hint", "single-tiles.scrabble", "--rack", "BB", "--top", "3"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout("10 BB -1 1 horizontal BB\n10 BB -1 1 vertical BB\n10 BB 0 1 horizontal BB\n");
}

#[test]
fn an_empty_word_list_is_an_error_naming_it() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("empty.txt");
    std::fs::write(&words, "").unwrap();
    solvebatch()
        .args(["scrabble", "hint", "single-tiles.scrabble", "--rack", "BB", "-d"])
        .arg(&words)
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "error: {}: cannot read the dictionary: it holds no word (a word list has one word a line)\n",
            words.display()
        ));
}

#[test]
fn bad_inputs_name_the_file_and_line() {
    let folder = tempfile::tempdir().unwrap();
    let board = folder.path().join("board.scrabble");
    std::fs::write(&board, "rack: AE\ntop: many\n").unwrap();
    solvebatch()
        .args(["scrabble", "hint"])
        .arg(&board)
        .assert()
        .code(1)
        .stderr(format!("error: {}: line 2: top: 'many' is not a non-negative integer\n", board.display()));
    std::fs::write(&board, "dictionary: missing.txt\nboard:\n").unwrap();
    solvebatch()
        .args(["scrabble", "hint"])
        .arg(&board)
        .assert()
        .code(1)
        .stderr(format!("error: {}: the file ends after 0 of the 15 board rows\n", board.display()));
    let mut text = "dictionary: missing.txt\nboard:\n".to_string();
    text.push_str(&"...............\n".repeat(15));
    std::fs::write(&board, &text).unwrap();
    solvebatch().args(["scrabble", "hint", "--rack", "AE"]).arg(&board).assert().code(1).stderr(
        predicate::str::starts_with(format!(
            "error: {}: cannot read the dictionary: ",
            folder.path().join("missing.txt").display()
        )),
    );
    std::fs::write(&board, b"rack: AE\ntop: 1\nboard:\n..\xff\n").unwrap();
    solvebatch()
        .args(["scrabble", "hint"])
        .arg(&board)
        .assert()
        .code(1)
        .stderr(format!("error: {}: line 4: not UTF-8 text\n", board.display()));
    solvebatch()
        .args(["scrabble", "check", "--rack", "A1"])
        .arg(&board)
        .args(["--play", "A 0 0 horizontal"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'1' is not a letter"));
}

#[test]
fn tiles_are_derived_from_a_dictionary_and_written_whole() {
    // Scores round(3/3) = 1 and round(3/1) = 3; the pool of 100 is 60, 20 and 20.
    let (_folder, words, tiles) = derived_tiles_folder();
    std::fs::write(&tiles, "old contents").unwrap();
    solvebatch()
        .args(["scrabble", "tiles", "-d"])
        .arg(&words)
        .arg("-o")
        .arg(&tiles)
        .assert()
        .success()
        .stderr(format!("{}{}: 3 letters, 100 tiles\n", skipped_x1(&words), tiles.display()))
        .stdout("");
    assert_eq!(std::fs::read_to_string(&tiles).unwrap(), "A 1 60\nB 3 20\nC 3 20\n");
}

#[test]
fn run_uses_the_dictionary_option_and_reports_bad_files() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    std::fs::write(&words, "at\nta\n").unwrap();
    let mut text = "rack: AT\ntop: 1\nboard:\n".to_string();
    text.push_str(&"...............\n".repeat(15));
    std::fs::write(folder.path().join("first.scrabble"), &text).unwrap();
    std::fs::write(folder.path().join("first.scrabble.expected"), "2 AT 0 1 vertical AT\n").unwrap();
    std::fs::write(folder.path().join("bad.scrabble"), "rack: AT\nplay: AT 0 0 diagonal\n").unwrap();
    std::fs::write(
        folder.path().join("bad.scrabble.expected"),
        "line 2: play: 'diagonal' is not a direction (horizontal or vertical)\n",
    )
    .unwrap();
    // A byte-order mark is dropped; a line that is not UTF-8 is named.
    std::fs::write(folder.path().join("marked.scrabble"), format!("\u{feff}{text}")).unwrap();
    std::fs::write(folder.path().join("marked.scrabble.expected"), "2 AT 0 1 vertical AT\n").unwrap();
    std::fs::write(folder.path().join("latin1.scrabble"), b"rack: AT\nplay: \xc9T 0 0 vertical\n").unwrap();
    std::fs::write(folder.path().join("latin1.scrabble.expected"), "line 2: not UTF-8 text\n").unwrap();
    solvebatch()
        .arg("run")
        .arg(folder.path())
        .arg("--dictionary")
        .arg(&words)
        .assert()
        .success()
        .stdout(predicate::str::contains("references: 4 same, 0 valid, 0 differ"));
    solvebatch().arg("run").arg(folder.path().join("first.scrabble")).assert().code(1);
}

/// The printed board with `rows` (`(y, 15 squares)`) filled and every other row empty.
fn printed(rows: &[(i32, &str)]) -> String {
    let mut text = String::from(" 765432101234567\n");
    for y in (-7..=7).rev() {
        let squares =
            rows.iter().find(|(row, _)| *row == y).map_or("               ", |(_, squares)| squares);
        text.push_str(&format!("{}{squares}{}\n", y.abs(), y.abs()));
    }
    text + " 765432101234567\n"
}

/// A folder with `words.txt` and `tiles.txt`.
fn game_folder(words: &str, tiles: &str) -> tempfile::TempDir {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("words.txt"), words).unwrap();
    std::fs::write(folder.path().join("tiles.txt"), tiles).unwrap();
    folder
}

/// `scrabble play` in a [`game_folder`], seeded, under the standard rules.
fn standard_game(folder: &Path) -> assert_cmd::Command {
    let mut command = solvebatch();
    command.args(["scrabble", "play", "-d", "words.txt", "-t", "tiles.txt", "--seed", "4"]);
    command.args(["--rules", "standard"]);
    command.current_dir(folder);
    command
}

/// A folder holding `words.txt`, in which A occurs 3 times, B and C once, and `x1` is skipped: tiles
/// derived from it score 1, 3 and 3 and make a pool of 60, 20 and 20. The paths of `words.txt` and of
/// `tiles.txt` (not written).
fn derived_tiles_folder() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    std::fs::write(&words, "aab\nAC\nx1\n").unwrap();
    let tiles = folder.path().join("tiles.txt");
    (folder, words, tiles)
}

/// What reading [`derived_tiles_folder`]'s word list says on standard error.
fn skipped_x1(words: &Path) -> String {
    format!("{}: skipped 1 entry with a character other than a letter: line 3: \"x1\"\n", words.display())
}

const PROMPTS: &str =
    "play again? (yes or no) letters: start square (x y): direction (horizontal or vertical): ";

#[test]
fn play_a_game_through_piped_input() {
    // Seven tiles, so the rack holds them all whatever the seed; the tile file comes first.
    let folder = game_folder("cat\ncats\nat\nta\neat\n", "C 3 1\nA 1 2\nT 1 2\nS 1 1\nE 1 1\n");
    let answers = [
        "perhaps",
        "y",
        "QQ",
        "C?",
        "",
        "CAT",
        "zero 0",
        "0 -9",
        "1 2 3",
        "-1 0",
        "sideways",
        "horizontal",
        "yes",
        "S",
        "-2 0",
        "horizontal",
        "no",
    ];
    let expected = [
        printed(&[]),
        "rack: A(1) A(1) C(3) E(1) S(1) T(1) T(1)\nscore: 0\n".into(),
        "play? (yes or no) please answer yes or no\n".into(),
        "play? (yes or no) letters: Q is not on the rack\n".into(),
        "letters: '?' is not a letter\n".into(),
        "letters: the play has no letters\n".into(),
        "letters: start square (x y): x: 'zero' is not an integer\n".into(),
        "start square (x y): the start square (0, -9) is outside the board\n".into(),
        "start square (x y): write the start square as two integers x y, each from -7 to 7, for example 0 -1\n"
            .into(),
        "start square (x y): direction (horizontal or vertical): 'sideways' is not a direction (horizontal or vertical)\n"
            .into(),
        "direction (horizontal or vertical): ".into(),
        // C3 + A1 + T1, no premiums under the spec's rules.
        "play CAT -1 0 horizontal: 5\nwords: CAT 5\n".into(),
        printed(&[(0, "      CAT      ")]),
        "rack: A(1) E(1) S(1) T(1)\nscore: 5\n".into(),
        PROMPTS.into(),
        // SCAT is no word; CATS is, from the first start square that makes it: the C, walked over.
        "play S -2 0 horizontal: rejected: not in the dictionary: SCAT\n".into(),
        "hint: try S -1 0 horizontal (6 points)\n".into(),
        printed(&[(0, "      CAT      ")]),
        "rack: A(1) E(1) S(1) T(1)\nscore: 5\n".into(),
        "play again? (yes or no) final score: 5\n".into(),
    ]
    .concat();
    solvebatch()
        .args(["scrabble", "play", "-T", "tiles.txt", "-D", "words.txt", "--seed", "1"])
        .current_dir(folder.path())
        .write_stdin(answers.join("\n"))
        .assert()
        .success()
        .stdout(expected);
}

#[test]
fn play_under_the_standard_rules_deals_blanks() {
    use solvebatch_scrabble::play::notation::board_text;
    use solvebatch_scrabble::{Board, Rules, Square, Tile};
    let folder = game_folder("cat\n", "C 3 1\nT 1 1\n");
    let mut after = Board::new();
    for (x, c) in [(-1, 'C'), (0, 'a'), (1, 'T')] {
        let letter = solvebatch_scrabble::Letter::from_char(c.to_ascii_uppercase()).unwrap();
        after.place(Square::new(x, 0).unwrap(), Tile { letter, blank: c.is_ascii_lowercase() });
    }
    let blanks =
        "(? is a blank, worth 0; in a play a lower-case letter is a blank standing for that letter)\n";
    let expected = [
        board_text(&Board::new(), &Rules::standard()),
        format!("rack: C(3) T(1) ?(0) ?(0)\n{blanks}score: 0\nbag: 0 tiles\n"),
        "play? (yes or no) play (8H WORD across, H8 WORD down, or letters; pass; exchange LETTERS): ".into(),
        // (C3 + a blank + T1) on the centre's double word: 8.
        "play 8G CaT: 8\nwords: CaT 8\n".into(),
        board_text(&after, &Rules::standard()),
        format!("rack: ?(0)\n{blanks}score: 8\nbag: 0 tiles\n"),
        "play again? (yes or no) \nfinal score: 8\n".into(),
    ]
    .concat();
    standard_game(folder.path()).write_stdin("yes\n8G CaT\n").assert().success().stdout(expected);
}

#[test]
fn play_records_the_game_as_gcg_which_reads_back() {
    use solvebatch_scrabble::game::gcg::GcgGame;
    use solvebatch_scrabble::{Dictionary, TileSet};
    let folder = game_folder("cat\n", "C 3 1\nT 1 1\n");
    standard_game(folder.path())
        .args(["--record", "game.gcg"])
        .write_stdin("yes\n8G CaT\nyes\npass\n")
        .assert()
        .success();
    let written = std::fs::read_to_string(folder.path().join("game.gcg")).unwrap();
    assert_eq!(
        written,
        "#character-encoding UTF-8\n#player1 player\n#lexicon words.txt\n>player: CT?? 8G CaT +8 8\n>player: ? - +0 8\n"
    );
    let tiles = TileSet::parse("C 3 1\nT 1 1\n").unwrap();
    let game = GcgGame::parse(&written, &Dictionary::from_text(b"cat".to_vec()), &tiles).unwrap();
    assert_eq!((game.scores, game.turns.len(), game.turns[1].bag), ([8, 0], 2, 0));
    // The record is never written over a file the game reads.
    solvebatch()
        .args(["scrabble", "play", "-d", "words.txt", "-t", "tiles.txt", "--record", "words.txt"])
        .current_dir(folder.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("words.txt is both the dictionary and the file --record writes"));
}

#[test]
fn play_writes_a_tile_file_it_cannot_open_and_deals_from_it() {
    let (_folder, words, tiles) = derived_tiles_folder();
    let game = |seed: &str| {
        let output = solvebatch()
            .args(["scrabble", "play", "-d"])
            .arg(&words)
            .arg("-t")
            .arg(&tiles)
            .args(["--seed", seed])
            .write_stdin("no\n")
            .assert()
            .success()
            .get_output()
            .clone();
        (String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
    };
    let (first, messages) = game("11");
    assert_eq!(std::fs::read_to_string(&tiles).unwrap(), "A 1 60\nB 3 20\nC 3 20\n");
    assert!(messages.starts_with(&format!("{}{}: cannot be opened (", skipped_x1(&words), tiles.display())));
    assert!(messages.ends_with(&format!("); wrote the tile definitions derived from {}\n", words.display())));
    let rack = first.lines().nth(17).unwrap();
    let rack_tiles: Vec<&str> = rack.strip_prefix("rack: ").unwrap().split(' ').collect();
    assert_eq!(rack_tiles.len(), 7, "{rack}");
    assert!(rack_tiles.iter().all(|tile| ["A(1)", "B(3)", "C(3)"].contains(tile)), "{rack}");
    assert!(
        first.starts_with(&printed(&[])) && first.ends_with("score: 0\nplay? (yes or no) final score: 0\n")
    );
    // The file now exists: it is read, not written again; the same seed deals the same rack.
    let (again, messages) = game("11");
    assert_eq!((again, messages), (first.clone(), skipped_x1(&words)));
    assert!(["1", "2", "3", "4"].iter().any(|seed| game(seed).0 != first));
}

#[test]
fn play_refuses_a_bad_tile_file_and_leaves_it() {
    let folder = game_folder("at\n", "A 1 9\nT 1 x\n");
    solvebatch()
        .args(["scrabble", "play", "-d", "words.txt", "-t", "tiles.txt"])
        .current_dir(folder.path())
        .write_stdin("no\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: tiles.txt: line 2: count: 'x' is not a non-negative integer\n");
    assert_eq!(std::fs::read_to_string(folder.path().join("tiles.txt")).unwrap(), "A 1 9\nT 1 x\n");
    // A dictionary that does not exist is a usage error naming it (issue 36: as `run nosuchdir`).
    solvebatch()
        .args(["scrabble", "play", "-d", "missing.txt", "-t", "tiles.txt"])
        .current_dir(folder.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: missing.txt: no such file or folder\n");
    // One that cannot be read (a path through a file): one line, the operating system's reason once.
    let unreadable = solvebatch()
        .args(["scrabble", "play", "-d", "words.txt/x", "-t", "tiles.txt"])
        .current_dir(folder.path())
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let unreadable = String::from_utf8(unreadable).unwrap();
    let reason = unreadable.strip_prefix("error: words.txt/x: cannot read the dictionary: ").unwrap();
    assert!(reason.ends_with('\n') && reason.lines().count() == 1 && !reason.contains(": "), "{unreadable}");
}

#[test]
fn play_without_tiles_deals_the_standard_tile_set_under_the_standard_rules_only() {
    let standard = solvebatch_scrabble::TileSet::standard().to_file_text();
    let folder = game_folder("at\n", &standard);
    let game = |tiles: &[&str]| {
        let output = solvebatch()
            .args(["scrabble", "play", "-d", "words.txt", "--rules", "standard", "--seed", "7"])
            .args(tiles)
            .current_dir(folder.path())
            .write_stdin("no\n")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    let default = game(&[]);
    // The same deal, tile for tile, as the standard set named by a file.
    assert_eq!(default, game(&["-t", "tiles.txt"]));
    let rack = default.lines().find_map(|line| line.strip_prefix("rack: ")).unwrap();
    let tiles: Vec<&str> = rack.split(' ').collect();
    assert_eq!(tiles.len(), 7, "{rack}");
    // The standard English values: E is 1, Q and Z are 10, K is 5, a blank (`?`) 0.
    let value = |letter: char| match letter {
        '?' => 0,
        'D' | 'G' => 2,
        'B' | 'C' | 'M' | 'P' => 3,
        'F' | 'H' | 'V' | 'W' | 'Y' => 4,
        'K' => 5,
        'J' | 'X' => 8,
        'Q' | 'Z' => 10,
        _ => 1,
    };
    for tile in tiles {
        let letter = tile.chars().next().unwrap();
        assert_eq!(tile, format!("{letter}({})", value(letter)), "{rack}");
    }
    assert!(default.ends_with("play? (yes or no) final score: 0\n"), "{default}");

    // The lab rules' game deals from the tile file it is given, so it asks for one.
    solvebatch()
        .args(["scrabble", "play", "-d", "words.txt", "--seed", "7"])
        .current_dir(folder.path())
        .write_stdin("no\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: scrabble play: the lab rules' game deals from a tile file: name one with -t FILE \
             (under --rules standard the standard set is the default)\n",
        );
}

#[test]
fn play_ranks_by_equity_only_under_the_standard_rules() {
    let folder = game_folder("at\n", "A 1 9\nT 1 9\n");
    solvebatch()
        .args(["scrabble", "play", "-d", "words.txt", "-t", "tiles.txt", "--rank", "equity"])
        .current_dir(folder.path())
        .write_stdin("no\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: --rank equity: the leave values are for the standard rules (--rules standard)\n");
    solvebatch()
        .args(["scrabble", "play", "-d", "words.txt", "-t", "tiles.txt", "--seed", "1"])
        .args(["--rules", "standard", "--rank", "score"])
        .current_dir(folder.path())
        .write_stdin("no\n")
        .assert()
        .success()
        .stdout(predicate::str::ends_with("final score: 0\n"));
}

#[test]
fn words_lists_what_the_rack_spells_best_first() {
    let folder = game_folder("cat\ncats\ncast\nact\nat\nta\ntact\nzap\n", "");
    // C3 A1 T1 S1: CAST and CATS 6, ACT and CAT 5, AT and TA 2 (one T: no TACT). With a blank instead
    // of the S, CAST and CATS are worth 5, and so is TACT (its second T a blank); ZAP needs two blanks.
    solvebatch()
        .args(["scrabble", "words", "-d", "words.txt", "--rack", "tacs"])
        .current_dir(folder.path())
        .assert()
        .success()
        .stdout("6 CAST\n6 CATS\n5 ACT\n5 CAT\n2 AT\n2 TA\n");
    solvebatch()
        .args(["scrabble", "words", "-D", "words.txt", "--rack", "CAT?"])
        .current_dir(folder.path())
        .assert()
        .success()
        .stdout("5 ACT\n5 CAsT\n5 CAT\n5 CATs\n5 TACt\n2 AT\n2 TA\n");
    solvebatch()
        .args(["scrabble", "words", "-d", "words.txt", "--rack", "QQ"])
        .current_dir(folder.path())
        .assert()
        .success()
        .stdout("no word\n");
}

/// `scrabble words -d missing.txt` failed with exit status 1, as if the list were unreadable; a
/// file named on the command line that does not exist is a usage error naming it, as `run
/// nosuchdir` is.
#[test]
fn scrabble_words_with_a_missing_dictionary_is_a_usage_error_naming_it() {
    let folder = game_folder("cat\n", "");
    solvebatch()
        .args(["scrabble", "words", "-d", "missing.txt", "--rack", "tacs"])
        .current_dir(folder.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: missing.txt: no such file or folder\n");
    solvebatch()
        .args(["scrabble", "words", "-d", "missing.txt", "-t", "gone.txt", "--rack", "tacs"])
        .current_dir(folder.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: no such files or folders: missing.txt, gone.txt\n");
    // Every command reading a dictionary says the same.
    solvebatch()
        .args(["scrabble", "compile", "missing.txt", "-o", "out.graph"])
        .current_dir(folder.path())
        .assert()
        .code(2)
        .stderr("error: missing.txt: no such file or folder\n");
}

#[test]
fn check_and_hint_under_the_standard_rules() {
    // The A below the first L of HELLO lands on the double letter at (-1, -1): LA = 1 + 2 = 3 (2 under
    // the spec's rules).
    let check = |rack: &str, play: &str, rules: &[&str]| {
        let mut command = solvebatch();
        command
            .args(["scrabble", "check", "assignment-are-la.scrabble", "--rack", rack, "--play", play])
            .args(rules)
            .current_dir(datasets());
        command
    };
    check("A", "A -1 -1 vertical", &["--rules", "standard"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("play G8 (L)A: 3\nwords: LA 3\n"));
    check("A", "A -1 -1 vertical", &[])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("play A -1 -1 vertical: 2\n"));
    // A blank as the A is worth nothing, even on a double letter.
    check("A?", "a -1 -1 vertical", &["--rules", "standard"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("play G8 (L)a: 1\nwords: La 1\n"));
    check("A?", "a -1 -1 vertical", &[])
        .assert()
        .code(1)
        .stderr("error: --rack: '?' is a blank, which only the standard rules have (--rules standard)\n");
    // The position's own rules line decides.
    solvebatch()
        .args(["scrabble", "hint", "standard-blanks.scrabble", "--rank", "score"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout("5 8G (CaT)S\n4 8G (CaT)s\n");
    // The standard notation is read as well: the same play across from G8, and the board after it
    // shows the coordinates and the premium squares.
    check("A", "G7 A(L)", &["--rules", "standard"])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("play G7 A(L): rejected: not in the dictionary: AL\n"));
    check("A", "G8 (L)A", &["--rules", "standard"]).assert().success().stdout(predicate::str::contains(
        "play G8 (L)A: 3\nwords: LA 3\n    A B C D E F G H I J K L M N O\n 1  = . . ' . . . = . . . ' . . =  1\n",
    ));
    check("A", "G8 (E)A", &["--rules", "standard"])
        .assert()
        .code(1)
        .stderr("error: --play: G8 holds L, not E\n");
    // standard-midgame.scrabble's board holds no Z tile and one blank (the z of ADzED); the set has
    // one Z, and the rules two blanks.
    for (rack, error) in [
        ("ZZZZ", "the rack and board hold 4 Z tiles; the tile set has 1"),
        ("???", "the rack and board hold 4 blanks; the rules have 2"),
    ] {
        solvebatch()
            .args(["scrabble", "hint", "standard-midgame.scrabble", "--rack", rack])
            .current_dir(datasets())
            .assert()
            .code(1)
            .stderr(format!("error: standard-midgame.scrabble: {error}\n"));
    }
    // GOATIER needs an E the rack lacks: its blank is the E, the play the listing's best (a bingo).
    solvebatch()
        .args(["scrabble", "check", "standard-midgame.scrabble", "--play", "M7 GOATIER"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "play M7 GOATIER: rejected: E is not on the rack\nhint: try M7 GOATIeR (87 points)\n",
        ));
    solvebatch()
        .args(["scrabble", "hint", "standard-midgame.scrabble", "--top", "1", "--rank", "score"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout("87 M7 GOATIeR\n");
    // Row 16 is off the board: neither form reads it, and the message gives both.
    check("A", "M16 GARI", &["--rules", "standard"]).assert().code(2).stderr(predicate::str::contains(
        "'M16 GARI' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal; \
         or 8H WORD across, H8 WORD down (columns A-O, rows 1-15)",
    ));
}

#[test]
fn hint_ranks_by_equity_under_the_standard_rules_with_exchanges() {
    // Keeping the blank is worth more than the point the blank S would save; throwing back the S
    // and keeping the blank is the second best (88 tiles in the bag).
    solvebatch()
        .args(["scrabble", "hint", "standard-blanks.scrabble"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(EQUITY_STANDARD_BLANKS);
    solvebatch()
        .args(["scrabble", "hint", "standard-blanks.scrabble", "--rank", "equity", "--top", "1"])
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(EQUITY_STANDARD_BLANKS.lines().next().unwrap().to_string() + "\n");
    solvebatch()
        .args(["scrabble", "hint", "assignment-are-la.scrabble", "--rank", "equity"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stderr("error: --rank equity: the leave values are for the standard rules (--rules standard)\n");
    solvebatch()
        .args(["scrabble", "hint", "standard-blanks.scrabble", "--rank", "score", "--simulate", "10"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stderr("error: --simulate: simulation ranks by equity; drop --rank score\n");
    solvebatch()
        .args(["scrabble", "hint", "midgame-01.scrabble", "--simulate", "10"])
        .current_dir(datasets())
        .assert()
        .code(1)
        .stderr(
            "error: --simulate: simulation plays by the standard rules' leave values (--rules standard)\n",
        );
    solvebatch()
        .args(["scrabble", "hint", "standard-blanks.scrabble", "--simulate", "0"])
        .current_dir(datasets())
        .assert()
        .code(2)
        .stderr(
            "error: invalid value '0' for '--simulate <N>': 0 is not a number of play-outs (at least 1)\n\n\
             For more information, try '--help'.\n",
        );
}

const EQUITY_STANDARD_BLANKS: &str = concat!(
    "  32.5  5 8G (CaT)S  keep ? +27.5\n",
    "  27.5  exchange S  keep ? +27.5\n",
    "  11.8  4 8G (CaT)s  keep S +7.8\n",
);

/// A KLV2 file of leaves of one tile each (`?` the blank), as wolges and MAGPIE write one: the node
/// count, a KWG whose root list holds the tiles (blank 0, then A 1 to Z 26), the value count, the
/// values as 32-bit floats, all little-endian.
fn single_tile_klv2(values: &[(char, f32)]) -> Vec<u8> {
    let tile = |c: char| if c == '?' { 0 } else { c as u32 - 'A' as u32 + 1 };
    let mut bytes = (values.len() as u32 + 1).to_le_bytes().to_vec();
    bytes.extend((1u32 << 22 | 1).to_le_bytes());
    for (index, &(c, _)) in values.iter().enumerate() {
        let end = if index + 1 == values.len() { 1 << 22 } else { 0 };
        bytes.extend((tile(c) << 24 | 1 << 23 | end).to_le_bytes());
    }
    bytes.extend((values.len() as u32).to_le_bytes());
    values.iter().for_each(|&(_, value)| bytes.extend(value.to_le_bytes()));
    bytes
}

#[test]
fn leaves_from_a_klv2_or_a_text_file_rank_alike_and_a_damaged_one_is_named() {
    let folder = tempfile::tempdir().unwrap();
    let values = [('?', 25.0), ('G', -3.0), ('O', -1.5), ('T', 0.5), ('U', -4.0)];
    let klv2 = folder.path().join("five.klv2");
    std::fs::write(&klv2, single_tile_klv2(&values)).unwrap();
    let text = folder.path().join("five.txt");
    std::fs::write(&text, values.iter().map(|(c, value)| format!("{c} {value}\n")).collect::<String>())
        .unwrap();
    let hint = |leaves: Option<&Path>| {
        let mut command = solvebatch();
        command.args(["scrabble", "hint", "midgame-01.scrabble", "--rules", "standard", "--top", "5"]);
        command.current_dir(datasets());
        if let Some(leaves) = leaves {
            command.arg("--leaves").arg(leaves);
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    let by_klv2 = hint(Some(&klv2));
    assert_eq!(by_klv2, hint(Some(&text)));
    // Each equity is the score plus the values of the tiles kept (I and R have none: 0). GAUR keeps
    // I, O, T: 27 - 1.5 + 0.5; RATIO keeps G, U: 31 - 3 - 4.
    assert_eq!(
        by_klv2,
        concat!(
            "  27.0  32 M11 GARI  keep OTU -5.0\n",
            "  26.0  27 M12 GAUR  keep IOT -1.0\n",
            "  25.0  29 M10 TOGA  keep IRU -4.0\n",
            "  24.5  29 M11 RATU  keep GIO -4.5\n",
            "  24.0  31 M11 RATIO  keep GU -7.0\n",
        )
    );
    let bytes = single_tile_klv2(&values);
    std::fs::write(&klv2, &bytes[..bytes.len() - 3]).unwrap();
    solvebatch()
        .args(["scrabble", "hint", "midgame-01.scrabble", "--rules", "standard", "--leaves"])
        .arg(&klv2)
        .current_dir(datasets())
        .assert()
        .code(1)
        .stderr(format!(
            "error: {}: cannot read the leave values: damaged KLV2: 5 leave values announced, but 17 bytes follow the count (4 per value in a KLV2, 2 in a KLV)\n",
            klv2.display()
        ));
    // `check` reads the file too when the play is accepted and no hint ranks plays by it.
    solvebatch()
        .args(["scrabble", "check", "midgame-01.scrabble", "--rules", "standard", "--play", "M10 TOGA"])
        .arg("--leaves")
        .arg(&klv2)
        .current_dir(datasets())
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!(
            "error: {}: cannot read the leave values: damaged KLV2: 5 leave values announced, but 17 bytes follow the count (4 per value in a KLV2, 2 in a KLV)\n",
            klv2.display()
        ));
    solvebatch()
        .args(["scrabble", "hint", "midgame-01.scrabble", "--leaves"])
        .arg(&text)
        .current_dir(datasets())
        .assert()
        .code(1)
        .stderr("error: --leaves: leave values count only in a ranking by equity (--rules standard)\n");
    // The bundled values given as a file analyse the self-play game as the values built in do.
    let bundled = Path::new(env!("CARGO_MANIFEST_DIR")).join("solvers/scrabble/data/leaves.txt");
    solvebatch()
        .args(["scrabble", "analyze", "self-play.gcg", "--leaves"])
        .arg(&bundled)
        .current_dir(datasets())
        .assert()
        .success()
        .stdout(
            std::fs::read_to_string(datasets().join("self-play.gcg.expected")).unwrap()
                + "final: one 406, two 368\n",
        );
}

#[test]
fn a_simulation_seed_gives_one_listing_on_any_number_of_threads() {
    let simulate = |threads: &str, seed: &str| {
        let output = solvebatch()
            .args(["scrabble", "hint", "midgame-03.scrabble", "--rules", "standard", "--top", "4"])
            .args(["--simulate", "200", "--seed", seed])
            .env("RAYON_NUM_THREADS", threads)
            .current_dir(datasets())
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let one = simulate("1", "5");
    assert_eq!(one.lines().count(), 4);
    assert_eq!(simulate("2", "5"), one);
    assert_ne!(simulate("2", "6"), one);
}

#[test]
fn run_rules_come_from_the_option_then_the_file_then_lab() {
    let folder = tempfile::tempdir().unwrap();
    let words = folder.path().join("words.txt");
    std::fs::write(&words, "at\nta\n").unwrap();
    let mut text = "rack: AT\ntop: 1\nboard:\n".to_string();
    text.push_str(&"...............\n".repeat(15));
    std::fs::write(folder.path().join("first.scrabble"), &text).unwrap();
    // (A1 + T1) x 2 on the centre's double word.
    std::fs::write(folder.path().join("first.scrabble.expected"), "4 AT 0 1 vertical AT\n").unwrap();
    let run = |rules: &[&str]| {
        let mut command = solvebatch();
        command.arg("run").arg(folder.path()).arg("--dictionary").arg(&words).args(rules);
        command
    };
    run(&["--rules", "standard"]).assert().success();
    run(&[]).assert().code(1);
    std::fs::write(folder.path().join("first.scrabble"), format!("rules: standard\n{text}")).unwrap();
    run(&[]).assert().success();
    // The command line beats the file: under the lab rules AT scores 2, not the reference's 4.
    run(&["--rules", "lab"]).assert().code(1);
}

#[test]
fn compile_writes_a_word_graph_that_position_files_and_d_accept() {
    let folder = tempfile::tempdir().unwrap();
    let graph = folder.path().join("dictionary.graph");
    solvebatch()
        .args(["scrabble", "compile", "dictionary.txt", "-o"])
        .arg(&graph)
        .current_dir(datasets())
        .assert()
        .success()
        .stdout("")
        .stderr(format!("{}: 269870 words, 78232 nodes, 186889 edges, 1495152 bytes\n", graph.display()));
    assert_eq!(std::fs::metadata(&graph).unwrap().len(), 1_495_152);
    // The mid-game positions naming the graph instead of the word list give the same references.
    for name in ["midgame-01.scrabble", "midgame-08.scrabble", "standard-midgame.scrabble"] {
        let text = std::fs::read_to_string(datasets().join(name)).unwrap();
        let text = text.replace("dictionary: dictionary.txt", "dictionary: dictionary.graph");
        assert!(text.contains("dictionary: dictionary.graph"));
        std::fs::write(folder.path().join(name), text).unwrap();
        let expected = datasets().join(format!("{name}.expected"));
        std::fs::copy(expected, folder.path().join(format!("{name}.expected"))).unwrap();
    }
    solvebatch()
        .arg("run")
        .arg(folder.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("references: 3 same, 0 valid, 0 differ"));
    let hint = |dictionary: &Path| {
        let output = solvebatch()
            .args(["scrabble", "hint", "midgame-05.scrabble", "--top", "4", "-d"])
            .arg(dictionary)
            .current_dir(datasets())
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(hint(&graph), hint(&datasets().join("dictionary.txt")));
}

#[test]
fn a_kwg_dictionary_gives_the_word_lists_hints_and_a_damaged_one_is_named() {
    use solvebatch_scrabble::Dictionary;
    let folder = tempfile::tempdir().unwrap();
    let kwg = folder.path().join("dictionary.kwg");
    let list = Dictionary::load(&datasets().join("dictionary.txt")).unwrap();
    let bytes = list.graph().to_kwg().unwrap();
    std::fs::write(&kwg, &bytes).unwrap();
    let hint = |dictionary: &Path, name: &str| {
        let output = solvebatch()
            .args(["scrabble", "hint", name, "--top", "8", "-d"])
            .arg(dictionary)
            .current_dir(datasets())
            .env("SOLVEBATCH_CACHE_DIR", "")
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    for name in ["standard-midgame.scrabble", "midgame-05.scrabble"] {
        let by_kwg = hint(&kwg, name);
        assert_eq!(by_kwg.lines().count(), 8, "{by_kwg}");
        assert_eq!(by_kwg, hint(&datasets().join("dictionary.txt"), name), "{name}");
    }
    let refused = |bytes: &[u8], message: &str| {
        std::fs::write(&kwg, bytes).unwrap();
        solvebatch()
            .args(["scrabble", "words", "--rack", "ARE", "-d"])
            .arg(&kwg)
            .env("SOLVEBATCH_CACHE_DIR", "")
            .assert()
            .code(1)
            .stderr(format!("error: {}: cannot read the dictionary: {message}\n", kwg.display()));
    };
    let nodes = bytes.len() / 4;
    refused(
        &bytes[..bytes.len() - 2],
        &format!("damaged KWG: {} bytes, not a whole number of 4-byte nodes", bytes.len() - 2),
    );
    // The root's sibling list is written last: cut one node short, it ends nowhere.
    refused(
        &bytes[..bytes.len() - 4],
        &format!(
            "damaged KWG: the last node, {}, does not end its sibling list (the file is cut short)",
            nodes - 2
        ),
    );
    let mut flipped = bytes.clone();
    flipped[7] = 27;
    refused(
        &flipped,
        "damaged KWG: node 1 has tile 27, not a letter of the English alphabet (tiles 1 to 26)",
    );
}

#[test]
fn a_damaged_or_foreign_word_graph_is_an_error_naming_it() {
    let folder = tempfile::tempdir().unwrap();
    let graph = folder.path().join("words.graph");
    solvebatch()
        .args(["scrabble", "compile", "-o"])
        .arg(&graph)
        .arg(datasets().join("assignment-words.txt"))
        .assert()
        .success();
    let bytes = std::fs::read(&graph).unwrap();
    let refused = |bytes: &[u8], message: &str| {
        std::fs::write(&graph, bytes).unwrap();
        solvebatch()
            .args(["scrabble", "words", "--rack", "ARE", "-d"])
            .arg(&graph)
            .assert()
            .code(1)
            .stderr(format!("error: {}: cannot read the dictionary: {message}\n", graph.display()));
    };
    let mut flipped = bytes.clone();
    flipped[44] ^= 1;
    refused(&flipped, "corrupt compiled word graph: the checksum does not match the contents");
    let edges = (bytes.len() - 40) / 8;
    refused(
        &bytes[..bytes.len() - 3],
        &format!(
            "truncated compiled word graph: the header announces {edges} edges ({} bytes after the header) but {} bytes follow it",
            edges * 8,
            edges * 8 - 3
        ),
    );
    let mut newer = bytes.clone();
    newer[8] = 7;
    refused(
        &newer,
        "compiled word graph of format version 7; this program reads version 2: compile the word list again",
    );
    refused(
        b"\x7fELF\x02\x01\x01\x00\x00",
        "binary data (a NUL byte at offset 7): neither a word list, a compiled word graph nor a KWG",
    );
}

#[test]
fn ctrl_c_ends_the_game_with_the_final_score_as_the_end_of_input_does() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::Stdio;
    let folder = game_folder("cat\n", "C 3 1\nA 1 2\nT 1 2\n");
    let mut game = crate::common::child()
        .args(["scrabble", "play", "-d", "words.txt", "-t", "tiles.txt", "--seed", "4"])
        .current_dir(folder.path())
        .env("SOLVEBATCH_CACHE_DIR", "")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // One whole turn, then the game waits for an answer that never comes: standard input stays open.
    let mut stdin = game.stdin.take().unwrap();
    stdin.write_all(b"yes\nCAT\n-1 0\nhorizontal\n").unwrap();
    let mut stdout = BufReader::new(game.stdout.take().unwrap());
    let mut seen = String::new();
    while !seen.ends_with("score: 5\n") {
        assert!(stdout.read_line(&mut seen).unwrap() > 0, "the game ended early:\n{seen}");
    }
    let status = std::process::Command::new("kill").args(["-INT", &game.id().to_string()]).status().unwrap();
    assert!(status.success());
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    assert!(game.wait().unwrap().success());
    assert_eq!(rest, "play again? (yes or no) \nfinal score: 5\n");
    drop(stdin);
}

/// The names in `folder`, sorted.
fn names_in(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn a_word_list_is_cached_in_the_cache_folder_with_the_same_answers() {
    let cache = tempfile::tempdir().unwrap();
    let expected = std::fs::read_to_string(datasets().join("midgame-01.scrabble.expected")).unwrap();
    let listing: String = expected
        .lines()
        .filter(|line| !line.starts_with("play ") && !line.starts_with("hint: "))
        .map(|line| format!("{line}\n"))
        .collect();
    let before = names_in(&datasets());
    // Cold (the entry is written), warm (it is read), and without the cache.
    for folder in [cache.path().as_os_str(), cache.path().as_os_str(), "".as_ref()] {
        solvebatch()
            .args(["scrabble", "hint", "midgame-01.scrabble"])
            .env("SOLVEBATCH_CACHE_DIR", folder)
            .current_dir(datasets())
            .assert()
            .success()
            .stdout(listing.clone())
            .stderr("");
        let entries = names_in(cache.path());
        assert_eq!(entries.len(), 1, "{entries:?}");
        assert!(entries[0].ends_with("-v2.graph") && entries[0].len() == 41, "{entries:?}");
    }
    solvebatch()
        .arg("run")
        .arg(datasets())
        .env("SOLVEBATCH_CACHE_DIR", cache.path())
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"references: \d+ same, 0 valid, 0 differ").unwrap());
    // Every word list the position files name has its entry, and the inputs' folder is unchanged.
    assert!(names_in(cache.path()).len() > 1);
    assert_eq!(names_in(&datasets()), before);
}

/// Without `SOLVEBATCH_CACHE_DIR` the cache is the platform's: `$XDG_CACHE_HOME/solvebatch`, else
/// `$HOME/.cache/solvebatch` (a relative `XDG_CACHE_HOME` does not count).
#[test]
fn the_cache_folder_is_the_platforms_unless_the_variable_names_one() {
    let home = tempfile::tempdir().unwrap();
    let xdg = tempfile::tempdir().unwrap();
    let hint = |xdg_cache_home: &std::ffi::OsStr| {
        let mut command = crate::common::child();
        command
            .args(["scrabble", "hint", "midgame-01.scrabble", "--top", "1"])
            .env_remove("SOLVEBATCH_CACHE_DIR")
            .env("HOME", home.path())
            .env("XDG_CACHE_HOME", xdg_cache_home)
            .current_dir(datasets());
        assert_cmd::Command::from_std(command).assert().success().stdout("25 GARI 5 -3 vertical GARI\n");
    };
    hint(xdg.path().as_os_str());
    assert_eq!(names_in(&xdg.path().join("solvebatch")).len(), 1);
    hint("relative".as_ref());
    assert_eq!(names_in(&home.path().join(".cache").join("solvebatch")).len(), 1);
}

#[test]
fn a_cached_word_list_keeps_its_skipped_count_and_a_cache_that_cannot_be_written_is_no_error() {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("words.txt"), "are\nera\nit's\n").unwrap();
    let blocked = folder.path().join("words.txt").join("cache");
    for cache in [folder.path().join("cache"), folder.path().join("cache"), blocked] {
        solvebatch()
            .args(["scrabble", "words", "--rack", "ARE", "-d", "words.txt"])
            .env("SOLVEBATCH_CACHE_DIR", &cache)
            .current_dir(folder.path())
            .assert()
            .success()
            .stdout("3 ARE\n3 ERA\n")
            .stderr("words.txt: skipped 1 entry with a character other than a letter: line 3: \"it's\"\n");
    }
    assert_eq!(names_in(&folder.path().join("cache")).len(), 1);
}

#[test]
fn analyze_prints_the_bundled_self_play_game_with_no_equity_lost() {
    let game = datasets().join("self-play.gcg");
    let reference = std::fs::read_to_string(datasets().join("self-play.gcg.expected")).unwrap();
    let output = solvebatch().args(["scrabble", "analyze"]).arg(&game).output().unwrap();
    assert!(output.status.success());
    // The run's reference, then the final score as the record has it: one's 402 and the V it
    // takes from two (4), two's 372 less its V: 406 to 368.
    assert_eq!(String::from_utf8(output.stdout).unwrap(), reference.clone() + "final: one 406, two 368\n");
    // Every move of a self-play game is the engine's first choice.
    let played: Vec<&str> = reference.lines().filter(|line| line.starts_with("  played ")).collect();
    assert_eq!(played.len(), 23);
    assert!(played.iter().all(|line| line.contains(" rank 1 of ") && line.ends_with(", lost 0.0")));
    // With the bag empty the endgame is solved. Two's OY (17), one's (DE)I (4), two's V stuck, one's
    // R(EF) (6) and the V (2 x 4): -1 for two. One's RI(N) (8) going out at once makes 8 + 8 = 16
    // where (DE)I, a pass and R(EF) make 4 + 6 + 8 = 18.
    assert!(reference.contains(
        "turn 22, line 26: two OVY, bag 0, score 394-355\n\
         \x20 bag empty: endgame value -1 (proved, depth 10): 17 N2 OY, 4 G9 (DE)I, pass, 6 K13 R(EF)\n\
         \x20 endgame: the move made -1, lost 0\n"
    ));
    assert!(reference.contains(
        "turn 23, line 27: one IR, bag 0, score 394-372\n\
         \x20 bag empty: endgame value +18 (proved, depth 7): 4 G9 (DE)I, pass, 6 K13 R(EF)\n\
         \x20 endgame: the move made +16, lost 2\n"
    ));
    assert!(reference.ends_with(
        "one: 12 turns, 12 best, equity lost 0.0 (0.0 a turn), bingos 2 found, 0 missed, 0 phonies\n\
         two: 11 turns, 11 best, equity lost 0.0 (0.0 a turn), bingos 1 found, 0 missed, 0 phonies\n"
    ));
    let two = solvebatch()
        .args(["scrabble", "analyze", "--player", "two", "--top", "0"])
        .arg(&game)
        .output()
        .unwrap();
    let two = String::from_utf8(two.stdout).unwrap();
    assert!(
        two.starts_with("turn 2, line 6: two DEELPTU, bag 81, score 32-0\n  played 26.9  25 9G DUPE"),
        "{two}"
    );
    assert_eq!(two.lines().filter(|line| line.starts_with("turn ")).count(), 11);
    assert!(two.ends_with(
        "\ntwo: 11 turns, 11 best, equity lost 0.0 (0.0 a turn), bingos 1 found, 0 missed, 0 phonies\n\
         final: one 406, two 368\n"
    ));
}

/// The final line counts every point of the record after the last play: end-of-game rack points,
/// a rack penalty and a time penalty.
#[test]
fn analyze_ends_with_the_final_score_after_rack_points_and_time_penalties() {
    let folder = tempfile::tempdir().unwrap();
    let recorded = std::fs::read_to_string(datasets().join("self-play.gcg")).unwrap();
    let game = folder.path().join("timed.gcg");
    // Two ran 10 points over its time: 368 - 10.
    std::fs::write(&game, recorded + ">two: (time) -10 358\n").unwrap();
    let output = solvebatch()
        .args(["scrabble", "analyze", "--top", "0", "--player", "one", "-d"])
        .arg(datasets().join("dictionary.txt"))
        .arg(&game)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8(output.stdout).unwrap().ends_with(
        "one: 12 turns, 12 best, equity lost 0.0 (0.0 a turn), bingos 2 found, 0 missed, 0 phonies\n\
         final: one 406, two 358\n"
    ));
}

/// `analyze --json`: the fields of a run record's stats, the final score and each decision's
/// figures, as the text gives them.
#[test]
fn analyze_json_gives_the_stats_the_final_score_and_each_turns_figures() {
    let output = solvebatch()
        .args(["scrabble", "analyze", "--json", "--top", "1"])
        .arg(datasets().join("self-play.gcg"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["turns"], 23);
    assert_eq!(
        json["players"][1],
        serde_json::json!({
            "nick": "two", "turns": 11, "equity_lost": 0.0, "equity_lost_per_turn": 0.0, "best_moves": 11,
            "bingos_found": 1, "bingos_missed": 0, "phonies": 0
        })
    );
    assert_eq!(
        json["final"],
        serde_json::json!([{ "nick": "one", "score": 406 }, { "nick": "two", "score": 368 }])
    );
    let decisions = json["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), 23);
    // Turn 22 as the text writes it (above): two's OY, the endgame proved at -1.
    assert_eq!(
        decisions[21],
        serde_json::json!({
            "turn": 22, "line": 26, "player": "two", "rack": "OVY", "bag": 0, "scores": [394, 355],
            "played": { "move": "17 N2 OY", "score": 17, "equity": 17.0, "leave": "V", "leave_value": 0.0 },
            "rank": 1, "candidates": decisions[21]["candidates"], "lost": 0.0, "bingo": false,
            "phonies": [],
            "best": [{ "move": "17 N2 OY", "score": 17, "equity": 17.0, "leave": "V", "leave_value": 0.0 }],
            "missed_bingo": null, "simulated": [],
            "endgame": {
                "value": -1, "proved": true, "depth": 10, "nodes": decisions[21]["endgame"]["nodes"],
                "line": ["17 N2 OY", "4 G9 (DE)I", "pass", "6 K13 R(EF)"], "played": -1
            }
        })
    );
    assert!(decisions[21]["candidates"].as_u64().unwrap() > 1);
    assert!(decisions[0]["endgame"].is_null());
}

#[test]
fn analyze_endgame_positions_bounds_each_endgame_search() {
    // Two's endgame of turn 22 is proved within the 20,000 positions of the default (above); within
    // 1,000 only the first iteration finishes: OY's 17 points, a line one ply deep.
    let output = solvebatch()
        .args(["scrabble", "analyze", "--player", "two", "--top", "0", "--endgame-positions", "1000"])
        .arg(datasets().join("self-play.gcg"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains(
            "turn 22, line 26: two OVY, bag 0, score 394-355\n\
             \x20 bag empty: endgame value +17 (not proved, depth 1): 17 N2 OY\n\
             \x20 endgame: the move made +17, lost 0\n"
        ),
        "{text}"
    );
    solvebatch()
        .args(["scrabble", "analyze", "--endgame-positions", "0"])
        .arg(datasets().join("self-play.gcg"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("invalid value '0' for '--endgame-positions <N>'"));
}

#[test]
fn analyze_measures_a_worse_move_and_marks_a_phony() {
    let folder = tempfile::tempdir().unwrap();
    let game = folder.path().join("worse.gcg");
    // MOP instead of OOMPH, then DUPE, which makes MD and PP down.
    std::fs::write(
        &game,
        "#player1 one\n#player2 two\n>one: AHLMOOP 8G MOP +14 14\n>two: DEELPTU 9G DUPE +30 30\n",
    )
    .unwrap();
    let dictionary = datasets().join("dictionary.txt");
    let output = solvebatch()
        .args(["scrabble", "analyze", "--top", "1", "-d"])
        .arg(&dictionary)
        .arg(&game)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "turn 1, line 3: one AHLMOOP, bag 86, score 0-0\n\
         \x20 played 14.6  14 8G MOP  keep AHLO +0.6  rank 163 of 533, lost 19.6\n\
         \x20 best 34.2  32 8H OOMPH  keep AL +2.2\n\
         turn 2, line 4: two DEELPTU, bag 83, score 14-0\n\
         \x20 played 31.9  30 9G DUPE  keep ELT +1.9  rank 1 of 498, lost 0.0\n\
         \x20 phony: MD*, PP*\n\
         \x20 best 25.1  21 7F LETUP  keep DE +4.1\n\
         one: 1 turns, 0 best, equity lost 19.6 (19.6 a turn), bingos 0 found, 0 missed, 0 phonies\n\
         two: 1 turns, 1 best, equity lost 0.0 (0.0 a turn), bingos 0 found, 0 missed, 1 phonies\n\
         final: one 14, two 30\n"
    );
    // With the simulation the move played is played out beside the best.
    let simulated = solvebatch()
        .args(["scrabble", "analyze", "--top", "1", "--player", "one", "--simulate", "20", "-d"])
        .arg(&dictionary)
        .arg(&game)
        .output()
        .unwrap();
    let simulated = String::from_utf8(simulated.stdout).unwrap();
    let lines: Vec<&str> = simulated.lines().filter(|line| line.starts_with("  simulated ")).collect();
    assert_eq!(lines.len(), 2, "{simulated}");
    assert!(lines.iter().any(|line| line.ends_with("  14.6  14 8G MOP  keep AHLO +0.6")), "{simulated}");
    // A damaged game, an unknown nick, no dictionary: errors naming the file.
    std::fs::write(&game, "#player1 one\n>one: AHLMOOP 8G MOP +15 15\n").unwrap();
    solvebatch()
        .args(["scrabble", "analyze", "-d"])
        .arg(&dictionary)
        .arg(&game)
        .assert()
        .code(1)
        .stderr(format!("error: {}: line 2: 8G MOP scores 14 by the rules, not 15\n", game.display()));
    solvebatch()
        .args(["scrabble", "analyze", "--player", "zed", "-d"])
        .arg(&dictionary)
        .arg(datasets().join("self-play.gcg"))
        .assert()
        .code(1)
        .stderr(predicate::str::ends_with("--player: zed is not a player of the game (one, two)\n"));
    solvebatch().args(["scrabble", "analyze"]).arg(&game).assert().code(1).stderr(predicate::str::ends_with(
        "no dictionary: give --dictionary, or a #lexicon line naming a word list beside the game\n",
    ));
}

#[test]
fn hint_takes_and_prints_cgp_positions() {
    let position = datasets().join("standard-blanks.scrabble");
    let words = datasets().join("standard-blanks-words.txt");
    let cgp = "15/15/15/15/15/15/15/6CaT6/15/15/15/15/15/15/15 S?/ 0/0 0\n";
    solvebatch().args(["scrabble", "hint", "--cgp"]).arg(&position).assert().success().stdout(cgp);
    let listing = solvebatch().args(["scrabble", "hint"]).arg(&position).output().unwrap();
    assert!(listing.status.success());
    // The same position as CGP text and as a .cgp file lists the same plays.
    solvebatch()
        .args(["scrabble", "hint", cgp.trim(), "-d"])
        .arg(&words)
        .assert()
        .success()
        .stdout(String::from_utf8(listing.stdout.clone()).unwrap());
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("position.cgp");
    std::fs::write(&file, format!("{}  lex tiny;\n", cgp.trim())).unwrap();
    solvebatch()
        .args(["scrabble", "hint", "-d"])
        .arg(&words)
        .arg(&file)
        .assert()
        .success()
        .stdout(String::from_utf8(listing.stdout).unwrap());
    // Read from a CGP, the line printed keeps its options.
    solvebatch()
        .args(["scrabble", "hint", "--cgp", "-d"])
        .arg(&words)
        .arg(&file)
        .assert()
        .success()
        .stdout(format!("{} lex tiny;\n", cgp.trim()));
    // check reads CGP too.
    solvebatch()
        .args(["scrabble", "check", "--play", "8G (CaT)S", "-d"])
        .arg(&words)
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("play 8G (CaT)S: 5\n"));
    // A damaged CGP names the file and the field; CGP text names itself; no dictionary is an error.
    std::fs::write(&file, cgp.replace("6CaT6", "6CaT7")).unwrap();
    solvebatch()
        .args(["scrabble", "hint", "-d"])
        .arg(&words)
        .arg(&file)
        .assert()
        .code(1)
        .stderr(format!("error: {}: CGP row 8: 16 squares, a row has 15\n", file.display()));
    solvebatch()
        .args(["scrabble", "hint", "15/15 S?/ 0/0 0", "-d"])
        .arg(&words)
        .assert()
        .code(1)
        .stderr("error: the CGP position: the CGP board has 2 rows, a board 15\n");
    solvebatch()
        .args(["scrabble", "hint", cgp.trim()])
        .assert()
        .code(1)
        .stderr("error: the CGP position: a CGP position names no dictionary file: give --dictionary\n");
}

#[test]
fn a_simulation_takes_the_opponents_known_tiles() {
    let simulate = |known: &str| {
        solvebatch()
            .args(["scrabble", "hint", "standard-blanks.scrabble", "--simulate", "20", "--top", "2"])
            .args(["--opponent-rack", known])
            .current_dir(datasets())
            .output()
            .unwrap()
    };
    let known = simulate("QZ");
    assert!(known.status.success());
    assert_eq!(String::from_utf8(known.stdout).unwrap().lines().count(), 2);
    let refused = simulate("QQ");
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(refused.stderr).unwrap(),
        "error: --opponent-rack: the unseen tiles hold 1 Q, not 2\n"
    );
    solvebatch()
        .args(["scrabble", "hint", "standard-blanks.scrabble", "--opponent-rack", "Q"])
        .current_dir(datasets())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--simulate"));
}

/// A hand-made endgame under the standard rules: `at` (both blanks) across the centre, S to move, E
/// unseen, with a tile set of one E and one S (`tiles`), the words AT, ATS and ATE.
fn endgame_folder(e_tiles: u32) -> (tempfile::TempDir, &'static str) {
    let folder = tempfile::tempdir().unwrap();
    std::fs::write(folder.path().join("words.txt"), "at\nats\nate\n").unwrap();
    std::fs::write(folder.path().join("tiles.txt"), format!("A 1 0\nT 1 0\nE 1 {e_tiles}\nS 1 1\n")).unwrap();
    (folder, "15/15/15/15/15/15/15/7at6/15/15/15/15/15/15/15 S/ 0/0 0")
}

#[test]
fn endgame_plays_out_first_and_values_every_turn() {
    let (folder, cgp) = endgame_folder(1);
    // (at)S scores 0 + 0 + 1 and takes the E (2 x 1); a pass lets (at)E do the same.
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "endgame", cgp, "-d", "words.txt", "-t", "tiles.txt", "--all"])
        .assert()
        .success()
        .stdout(concat!(
            "endgame: S to move, the opponent holds E (the unseen tiles), 0 scoreless turns\n",
            "value +3 (the final spread for the player to move), depth 3, proved\n",
            "best line:\n",
            "   1 S       1 8H (at)S\n",
            "every turn:\n",
            "     +3  1 8H (at)S\n",
            "     -3  pass\n",
        ));
    let output = solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "endgame", cgp, "-d", "words.txt", "-t", "tiles.txt", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["value"], 3);
    assert_eq!(json["proved"], true);
    assert_eq!(json["racks"], serde_json::json!(["S", "E"]));
    assert_eq!(json["line"], serde_json::json!([{ "rack": "S", "move": "1 8H (at)S" }]));
    assert!(json.get("turns").is_none(), "turns only with --all");
    // The same value and line on one thread and on four sharing the table.
    for jobs in ["1", "4"] {
        let output = solvebatch()
            .current_dir(folder.path())
            .args(["scrabble", "endgame", cgp, "-d", "words.txt", "-t", "tiles.txt", "--json", "-j", jobs])
            .output()
            .unwrap();
        let threaded: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(
            (&threaded["value"], &threaded["proved"], &threaded["line"]),
            (&json["value"], &json["proved"], &json["line"])
        );
    }
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "endgame", cgp, "-d", "words.txt", "-t", "tiles.txt", "-j", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value '0' for '--jobs <N>'"));
    // hint says it solved the endgame.
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "hint", cgp, "-d", "words.txt", "-t", "tiles.txt"])
        .assert()
        .success()
        .stdout(concat!(
            "bag empty: the exact endgame, the opponent holding E: value +3, depth 3, proved\n",
            "    +3  1 8H (at)S\n",
            "    -3  pass\n",
            "best line: 1 8H (at)S\n",
        ));
}

#[test]
fn pre_endgame_values_each_play_over_every_draw() {
    // Eight E unseen: the opponent holds seven, the bag one. (at)S (1) draws an E; then neither
    // player can move (ATS and AT take no E), and six scoreless turns cost the opponent its seven E
    // and the player its one: 1 - (-7 + 1) = +7 whatever the draw.
    let (folder, cgp) = endgame_folder(8);
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "pre-endgame", cgp, "-d", "words.txt", "-t", "tiles.txt"])
        .assert()
        .success()
        .stdout(concat!(
            "pre-endgame: S to move, one tile in the bag, unseen EEEEEEEE (the opponent holds seven of them)\n",
            "plays valued: 1 (the best by score), each over every draw by the mean final spread (an endgame \
             each, at most 20000 positions):\n",
            "   +7.0  1 8H (at)S  draws E x8 +7; 1 of 1 proved\n",
        ));
    let output = solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "pre-endgame", cgp, "-d", "words.txt", "-t", "tiles.txt", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap(),
        serde_json::json!({
            "rack": "S", "unseen": "EEEEEEEE", "scoreless_turns": 0, "game_over": false,
            "endgame_positions": 20000,
            "plays": [{
                "move": "1 8H (at)S", "mean": 7.0, "proved": 1,
                "draws": [{ "tile": "E", "count": 8, "value": 7, "proved": true }]
            }]
        })
    );
    let (folder, cgp) = endgame_folder(1);
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "pre-endgame", cgp, "-d", "words.txt", "-t", "tiles.txt", "--json"])
        .assert()
        .failure()
        .stderr(
            "error: the CGP position: 1 tile is unseen: with one tile in the bag there are 8 (the \
             opponent's 7 and the bag's)\n",
        );
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "pre-endgame", cgp, "-d", "words.txt", "-t", "tiles.txt"])
        .assert()
        .failure()
        .stderr(
            "error: the CGP position: 1 tile is unseen: with one tile in the bag there are 8 (the \
             opponent's 7 and the bag's)\n",
        );
}

#[test]
fn endgame_refuses_a_bag_not_empty_and_a_wrong_opponent_rack() {
    let (folder, cgp) = endgame_folder(9);
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "endgame", cgp, "-d", "words.txt", "-t", "tiles.txt"])
        .assert()
        .failure()
        .stderr(
            "error: the CGP position: the bag is not empty: 9 tiles are unseen, more than the opponent's \
             rack of 7 (the endgame is solved with the bag empty)\n",
        );
    let (folder, cgp) = endgame_folder(1);
    solvebatch()
        .current_dir(folder.path())
        .args(["scrabble", "endgame", &cgp.replace("S/ ", "S/S "), "-d", "words.txt", "-t", "tiles.txt"])
        .assert()
        .failure()
        .stderr("error: the CGP position: the opponent's rack S is not the unseen tiles E\n");
}

#[test]
fn gen_scrabble_endgame_writes_the_first_position_with_the_bag_empty() {
    let dictionary = datasets().join("dictionary.txt");
    let output = solvebatch()
        .args(["gen", "scrabble-endgame", "--seed", "110", "-d"])
        .arg(&dictionary)
        .output()
        .unwrap();
    assert!(output.status.success());
    let line = String::from_utf8(output.stdout).unwrap();
    assert_eq!(line, std::fs::read_to_string(datasets().join("endgame-01.cgp")).unwrap());
    // The opponent's rack is the unseen tiles: the endgame accepts it (the first ply, at once).
    solvebatch()
        .args(["scrabble", "endgame", line.trim(), "--timeout", "0.001", "-d"])
        .arg(&dictionary)
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "endgame: EHINOTU to move, the opponent holds EMST (the unseen tiles), 0 scoreless turns\n",
        ));
}

/// `--cgp` reads back what it was given: `hint` and `endgame` print the bundled endgame's own line
/// (its scores and the opponent's rack kept); `endgame` fills an opponent's rack left empty with the
/// unseen tiles; `check` prints the position after the play, worked by hand: THE at 1M scores 37,
/// so the opponent (EMST, 372) is to move against 356 + 37 = 393 with EHINOTU's INOU kept.
#[test]
fn cgp_is_printed_by_hint_check_and_endgame_and_reads_back() {
    let folder = datasets();
    let given = std::fs::read_to_string(folder.join("endgame-01.cgp")).unwrap();
    let run = |args: &[&str]| {
        let output = solvebatch()
            .current_dir(&folder)
            .args(["scrabble"])
            .args(args)
            .args(["-d", "dictionary.txt", "--cgp"])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        String::from_utf8(output.stdout).unwrap()
    };
    assert_eq!(run(&["hint", "endgame-01.cgp"]), given);
    assert_eq!(run(&["endgame", "endgame-01.cgp"]), given);
    let without_opponent = given.replace("EHINOTU/EMST", "EHINOTU/");
    assert_eq!(run(&["endgame", without_opponent.trim_end()]), given);
    let after = run(&["check", "endgame-01.cgp", "--play", "1M THE"]);
    assert_eq!(
        after,
        given.replace("V4AERIE5/", "V4AERIE2THE/").replace("EHINOTU/EMST 356/372", "EMST/INOU 372/393")
    );
    assert_eq!(run(&["hint", after.trim_end()]), after);
}

/// The bundled endgame after six scoreless turns: the game is over. Each player loses its own rack,
/// EHINOTU (10) against EMST (6): -4 for the player to move; `hint` and `pre-endgame` list no play.
#[test]
fn a_cgp_after_six_scoreless_turns_is_a_game_over_with_its_final_adjustment() {
    let given = std::fs::read_to_string(datasets().join("endgame-01.cgp")).unwrap();
    let over = given.trim_end().strip_suffix(" 0").unwrap().to_string() + " 6";
    let run = |command: &str, extra: &[&str]| {
        solvebatch()
            .current_dir(datasets())
            .args(["scrabble", command, &over, "-d", "dictionary.txt"])
            .args(extra)
            .assert()
            .success()
    };
    run("endgame", &[]).stdout(concat!(
        "endgame: EHINOTU to move, the opponent holds EMST (the unseen tiles), 6 scoreless turns\n",
        "the game is over: six scoreless turns; each player loses the value of its own rack\n",
        "value -4 (the final spread for the player to move), depth 0, proved\n",
        "best line: none\n",
    ));
    run("endgame", &["--json"]).stdout(
        "{\"depth\":0,\"line\":[],\"nodes\":0,\"proved\":true,\"racks\":[\"EHINOTU\",\"EMST\"],\
         \"scoreless_turns\":6,\"value\":-4}\n",
    );
    run("hint", &[]).stdout("the game is over: six scoreless turns\n");
    run("pre-endgame", &[]).stdout("the game is over: six scoreless turns\n");
    run("pre-endgame", &["--json"]).stdout(
        "{\"endgame_positions\":20000,\"game_over\":true,\"plays\":[],\"rack\":\"EHINOTU\",\
         \"scoreless_turns\":6,\"unseen\":\"EMST\"}\n",
    );
    // THE at 1M, which scores 37 while the game goes on (above), is rejected.
    solvebatch()
        .current_dir(datasets())
        .args(["scrabble", "check", &over, "-d", "dictionary.txt", "--play", "1M THE"])
        .assert()
        .code(1)
        .stdout("play 1M THE: rejected: the game is over: six scoreless turns\n");
}

/// An empty, blank or byte-order-mark-only position file is said to be empty, as an empty game record
/// or guess batch file is, in `run` as in `scrabble hint`; one of comments only lacks its rack.
#[test]
fn an_empty_position_file_is_said_to_be_empty() {
    let empty =
        "the file is empty: a position file holds a rack and a board (rack: LETTERS, then board: and its 15 rows)";
    let files = [
        ("blank.scrabble", "\n\n   \n"),
        ("bom.scrabble", "\u{feff}"),
        ("comment.scrabble", "# just a comment\n"),
        ("empty.scrabble", ""),
    ];
    let (dir, _) = crate::common::setup(&files);
    let rows = crate::common::invalid_run_rows(dir.path());
    assert_eq!(
        rows,
        [
            ["./blank.scrabble", "invalid", empty],
            ["./bom.scrabble", "invalid", empty],
            ["./comment.scrabble", "invalid", "no 'rack:' line"],
            ["./empty.scrabble", "invalid", empty],
        ]
    );
    solvebatch()
        .current_dir(dir.path())
        .args(["scrabble", "hint", "empty.scrabble"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(format!("error: empty.scrabble: {empty}\n"));
}

/// An empty, blank, byte-order-mark-only or comment-only game record holds no game: invalid as a
/// whole, refused before any dictionary is looked for (none is given here, and no `#lexicon` line
/// names one), in `run` as in `scrabble analyze`.
#[test]
fn a_game_record_with_no_turn_is_invalid_before_any_dictionary_is_needed() {
    let empty =
        "the file is empty: a game record holds one turn a line (>NICK: RACK POS WORD +POINTS TOTAL ...)";
    let no_turn =
        "no turn: every line is blank or a #pragma (a turn is >NICK: RACK POS WORD +POINTS TOTAL ...)";
    let files = [
        ("blank.gcg", "\n\n   \n"),
        ("bom.gcg", "\u{feff}"),
        ("comment.gcg", "# just a comment\n"),
        ("empty.gcg", ""),
        ("players.gcg", "#player1 one\n#player2 two\n#lexicon words.txt\n"),
    ];
    let (dir, _) = crate::common::setup(&files);
    let rows = crate::common::invalid_run_rows(dir.path());
    assert_eq!(
        rows,
        [
            ["./blank.gcg", "invalid", empty],
            ["./bom.gcg", "invalid", empty],
            ["./comment.gcg", "invalid", no_turn],
            ["./empty.gcg", "invalid", empty],
            ["./players.gcg", "invalid", no_turn],
        ]
    );
    for (name, message) in [("empty.gcg", empty), ("comment.gcg", no_turn)] {
        solvebatch()
            .current_dir(dir.path())
            .args(["scrabble", "analyze", name])
            .assert()
            .code(1)
            .stdout("")
            .stderr(format!("error: {name}: {message}\n"));
    }
}

/// The README's Scrabble examples (`    $ solvebatch scrabble ...` and the indented lines after it)
/// are what the commands print, run from the repository's root; an example that leaves lines out
/// (`...`, or a line in parentheses saying what follows) is left out. The endgame searches on one thread, since the depth it reports may differ
/// with threads (the value and the line do not).
#[test]
fn the_readme_s_scrabble_examples_are_what_the_commands_print() {
    let readme = include_str!("../README.md");
    let mut lines = readme.lines().peekable();
    let mut checked = Vec::new();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("    $ solvebatch scrabble ") else { continue };
        let mut shown = Vec::new();
        while let Some(next) = lines.peek().and_then(|next| next.strip_prefix("    ")) {
            if next.starts_with("$ ") {
                break;
            }
            shown.push(next);
            lines.next();
        }
        if shown.iter().any(|line| *line == "..." || line.starts_with('(')) {
            continue;
        }
        let mut args: Vec<&str> = ["scrabble"].into_iter().chain(command.split_whitespace()).collect();
        if args[1] == "endgame" {
            args.extend(["-j", "1"]);
        }
        let output = crate::common::output_in(Path::new(env!("CARGO_MANIFEST_DIR")), &args);
        let printed = crate::common::text(&output.stdout);
        assert_eq!(
            printed.lines().collect::<Vec<_>>(),
            shown,
            "the README's `solvebatch scrabble {command}`"
        );
        checked.push(args[1].to_string());
    }
    assert_eq!(checked, ["hint", "words", "hint", "endgame", "pre-endgame"]);
}
