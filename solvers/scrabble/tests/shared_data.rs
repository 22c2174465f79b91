//! The shared Scrabble data beside the repository (`../shared/data/scrabble`), when present: commented
//! words are not words, and the standard tile file is the built-in set.

use std::path::{Path, PathBuf};

use solvebatch_scrabble::{parse_letters, Dictionary, TileSet};

/// The shared data folder, or `None` (with a message) when it is absent.
fn shared_folder() -> Option<PathBuf> {
    let folder = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/scrabble"));
    if folder.is_dir() {
        Some(folder.to_path_buf())
    } else {
        eprintln!("skipped: {} is absent", folder.display());
        None
    }
}

fn has(dictionary: &Dictionary, word: &str) -> bool {
    dictionary.contains(&parse_letters(word).unwrap())
}

#[test]
fn commented_words_are_not_words() {
    let Some(folder) = shared_folder() else { return };
    let commented = Dictionary::load(&folder.join("dictionary-with-comments.txt")).unwrap();
    let plain = Dictionary::load(&folder.join("dictionary.txt")).unwrap();
    // The two files differ only in their first two lines, "//aa" and "//aah".
    assert!(has(&plain, "AA") && has(&plain, "AAH"));
    assert!(!has(&commented, "AA") && !has(&commented, "AAH"));
    assert!(has(&commented, "AAHED") && has(&commented, "ZYZZYVAS"));
    assert_eq!(commented.len() + 2, plain.len());
    assert_eq!(commented.skipped(), 0);
}

#[test]
fn the_standard_tile_file_is_the_built_in_set() {
    let Some(folder) = shared_folder() else { return };
    let text = std::fs::read_to_string(folder.join("tiles-standard.txt")).unwrap();
    assert_eq!(TileSet::parse(&text).unwrap(), TileSet::standard());
}

#[test]
fn tiles_generated_from_the_shared_dictionary_fill_a_pool_of_100() {
    let Some(folder) = shared_folder() else { return };
    let dictionary = Dictionary::load(&folder.join("dictionary.txt")).unwrap();
    let tiles = TileSet::from_frequencies(&dictionary.letter_frequencies());
    assert_eq!(tiles.pool_size(), 100);
    // E is the most frequent letter of English word lists: it scores 1 and has the most tiles.
    let e = parse_letters("E").unwrap()[0];
    assert_eq!(tiles.value(e), 1);
    assert!(parse_letters("ABCDFGHIJKLMNOPQRSTUVWXYZ")
        .unwrap()
        .iter()
        .all(|&l| tiles.count(l) <= tiles.count(e)));
}
