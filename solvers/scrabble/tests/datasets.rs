//! The bundled positions in `datasets/scrabble`: each reference equals the report, and every play,
//! hint and listed play in it is confirmed independently by the play checker (and, for the small
//! hand-worked dictionaries and racks of up to 5 tiles, the list is the brute-force generator's).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use solvebatch_scrabble::movegen::brute_force::moves_by_brute_force;
use solvebatch_scrabble::movegen::moves::rank;
use solvebatch_scrabble::{Dictionary, Play, Position, Rulebook, Rules, Solver, TileSet};

fn dataset_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/scrabble")
}

fn positions() -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dataset_folder())
        .expect("datasets/scrabble")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "scrabble"))
        .collect();
    paths.sort();
    paths
}

/// A reference line listing a play: `SCORE WORD x y direction LETTERS`.
struct Listed {
    score: u32,
    word: String,
    play: Play,
}

fn parse_listed(line: &str, rules: &Rules) -> Listed {
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields.len(), 6, "{line}");
    let play = format!("{} {} {} {}", fields[5], fields[2], fields[3], fields[4]);
    Listed {
        score: fields[0].parse().expect("a score"),
        word: fields[1].to_string(),
        play: Play::parse_under(&play, rules).expect("a play"),
    }
}

/// Checks one reference against the play checker, line by line.
fn confirm(rulebook: &Rulebook, position: &Position, reference: &str, path: &Path) {
    let board = &position.board;
    let rack = &position.rack;
    let mut lines = reference.lines().peekable();
    for play in &position.plays {
        let line = lines.next().unwrap_or_else(|| panic!("{}: no line for play {play}", path.display()));
        let prefix = format!("play {play}: ");
        let verdict = line.strip_prefix(&prefix).unwrap_or_else(|| panic!("{}: {line}", path.display()));
        match rulebook.check(board, rack, play) {
            Ok(scored) => assert_eq!(verdict, scored.score.to_string(), "{}", path.display()),
            Err(rejection) => {
                assert_eq!(verdict, format!("rejected: {rejection}"), "{}", path.display());
                let hint = lines.next().expect("a hint line");
                if let Some(suggestion) =
                    hint.strip_prefix("hint: try ").and_then(|rest| rest.strip_suffix(" points)"))
                {
                    let (suggested, score) = suggestion.rsplit_once(" (").expect("a score in brackets");
                    let suggested = Play::parse_under(suggested, &position.rules).expect("a suggested play");
                    assert_eq!(suggested.tiles, play.tiles, "{}: the hint keeps the letters", path.display());
                    let scored = rulebook.check(board, rack, &suggested).expect("the suggestion is valid");
                    assert_eq!(scored.score.to_string(), score, "{}", path.display());
                } else {
                    assert!(
                        hint.starts_with("hint: ") && hint.contains("try "),
                        "{}: {hint}",
                        path.display()
                    );
                }
            }
        }
    }
    let listed: Vec<&str> = lines.collect();
    if listed == ["no valid play"] {
        assert!(rulebook.moves(board, rack).is_empty(), "{}", path.display());
        return;
    }
    assert!(listed.len() <= position.top, "{}", path.display());
    let mut previous: Option<solvebatch_scrabble::Move> = None;
    for line in listed {
        let entry = parse_listed(line, &position.rules);
        let scored = rulebook
            .check(board, rack, &entry.play)
            .unwrap_or_else(|rejection| panic!("{}: {line}: {rejection}", path.display()));
        let listed = scored.to_move();
        assert_eq!(listed.score, entry.score, "{}: {line}", path.display());
        assert_eq!(listed.word.to_string(), entry.word, "{}: {line}", path.display());
        assert_eq!(
            (listed.start.x(), listed.start.y()),
            (entry.play.x, entry.play.y),
            "{}: {line}",
            path.display()
        );
        assert_eq!(listed.direction, entry.play.direction, "{}: {line}", path.display());
        if let Some(previous) = previous {
            assert!(previous.ranking(&listed).is_lt(), "{}: {line} is out of order", path.display());
        }
        previous = Some(listed);
    }
}

#[test]
fn references_match_and_every_listed_play_is_valid() {
    let folder = dataset_folder();
    let paths = positions();
    let count = paths.len();
    let mut dictionaries: HashMap<PathBuf, Dictionary> = HashMap::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let position = Position::parse(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let dictionary_path =
            folder.join(position.dictionary.as_deref().expect("each dataset names its dictionary"));
        let dictionary = dictionaries
            .entry(dictionary_path.clone())
            .or_insert_with(|| Dictionary::load(&dictionary_path).expect("a dictionary"));
        let tiles = match &position.tiles {
            Some(name) => TileSet::parse(&std::fs::read_to_string(folder.join(name)).unwrap()).unwrap(),
            None => TileSet::standard(),
        };
        let rulebook = Rulebook { dictionary, tiles: &tiles, rules: &position.rules };
        let reference = std::fs::read_to_string(format!("{}.expected", path.display())).unwrap();
        let solution =
            position.solve(&rulebook, Solver::Anchor, solvebatch_scrabble::Deadline::NEVER).unwrap();
        assert_eq!(solution.text, reference, "{}", path.display());
        confirm(&rulebook, &position, &reference, &path);
        // The brute force tries every ordering of the rack at every square: with 6 or 7 tiles that
        // takes minutes in a debug build, so the hand-worked lists of those racks are confirmed play by
        // play only.
        if dictionary.len() < 100 && position.rack.len() <= 5 {
            let mut all = moves_by_brute_force(
                &rulebook,
                &position.board,
                &position.rack,
                solvebatch_scrabble::Deadline::NEVER,
            )
            .unwrap();
            rank(&mut all);
            all.truncate(position.top);
            let expected: String = all.iter().map(|listed| format!("{listed}\n")).collect();
            assert!(reference.ends_with(&expected), "{}: brute force lists\n{expected}", path.display());
        }
    }
    assert!(count >= 12, "{count} positions");
}

#[test]
fn the_standard_tile_file_is_the_built_in_set() {
    let text = std::fs::read_to_string(dataset_folder().join("tiles.txt")).unwrap();
    assert_eq!(TileSet::parse(&text).unwrap(), TileSet::standard());
    assert_eq!(text, TileSet::standard().to_file_text());
}

#[test]
fn the_bundled_dictionary_holds_two_to_fifteen_letter_words() {
    let dictionary = Dictionary::load(&dataset_folder().join("dictionary.txt")).unwrap();
    assert_eq!(dictionary.skipped(), 0);
    assert!(dictionary.len() > 250_000, "{} words", dictionary.len());
    let word = |text: &str| solvebatch_scrabble::tiles::letter::parse_letters(text).unwrap();
    assert!(dictionary.contains(&word("QUIXOTIC")) && dictionary.contains(&word("ZA")));
    assert!(!dictionary.contains(&word("A")) && !dictionary.contains(&word("XYZZY")));
}
