//! The word finder against a brute-force permutation finder: every ordering of every selection of the
//! rack's tiles (each blank standing for each letter in turn), looked up in the dictionary.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::prelude::*;
use solvebatch_scrabble::{find_words, Dictionary, Letter, Rack, TileSet};

/// The word finder's report for `rack`, one `SCORE WORD` a line.
fn found(dictionary: &Dictionary, rack: &Rack) -> Vec<String> {
    find_words(dictionary, rack, &TileSet::standard()).iter().map(ToString::to_string).collect()
}

/// The same report by brute force, each blank standing for each of `blank_letters`. A word's best
/// score uses a letter tile wherever the rack has one, so the blanks stand for the occurrences of a
/// letter beyond the rack's count of it (written in lower case).
fn by_permutations(dictionary: &Dictionary, rack: &Rack, blank_letters: &[Letter]) -> Vec<String> {
    let mut spellings = Vec::new();
    let mut counts = rack.counts();
    let mut blanks = rack.blanks();
    permutations(&mut counts, &mut blanks, blank_letters, &mut Vec::new(), &mut spellings);
    let tiles = TileSet::standard();
    // Keyed by (minus the score, the word): the report's order.
    let mut words: BTreeMap<(i64, String), String> = BTreeMap::new();
    for letters in spellings {
        if !dictionary.contains(&letters) {
            continue;
        }
        let mut used = [0usize; 26];
        let (mut score, mut written) = (0, String::new());
        for letter in &letters {
            used[letter.index()] += 1;
            if used[letter.index()] <= rack.count(*letter) {
                score += tiles.value(*letter);
                written.push(letter.to_char());
            } else {
                written.push(letter.to_char().to_ascii_lowercase());
            }
        }
        let upper: String = letters.iter().map(|letter| letter.to_char()).collect();
        words.insert((-i64::from(score), upper), format!("{score} {written}"));
    }
    words.into_values().collect()
}

/// Appends to `out` every non-empty ordering of some of the tiles in `counts` and `blanks`, a blank
/// standing for each of `blank_letters`, each extending `current`.
fn permutations(
    counts: &mut [u8; 26],
    blanks: &mut usize,
    blank_letters: &[Letter],
    current: &mut Vec<Letter>,
    out: &mut Vec<Vec<Letter>>,
) {
    for letter in Letter::all() {
        if counts[letter.index()] > 0 {
            counts[letter.index()] -= 1;
            current.push(letter);
            out.push(current.clone());
            permutations(counts, blanks, blank_letters, current, out);
            current.pop();
            counts[letter.index()] += 1;
        }
        if *blanks > 0 && blank_letters.contains(&letter) {
            *blanks -= 1;
            current.push(letter);
            out.push(current.clone());
            permutations(counts, blanks, blank_letters, current, out);
            current.pop();
            *blanks += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn finder_equals_permutations(
        words in prop::collection::vec("[A-F]{1,5}", 0..60),
        letters in "[A-F]{0,4}",
        blanks in 0usize..=2,
    ) {
        let dictionary = Dictionary::from_text(words.join("\n").into_bytes());
        let rack: Rack = format!("{letters}{}", "?".repeat(blanks)).parse().unwrap();
        // The words use A to F; a blank standing for G (or any letter past F) spells nothing.
        let blank_letters: Vec<Letter> = Letter::all().take(7).collect();
        prop_assert_eq!(found(&dictionary, &rack), by_permutations(&dictionary, &rack, &blank_letters));
    }
}

#[test]
fn finder_equals_permutations_on_the_bundled_dictionary() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/scrabble/dictionary.txt");
    let dictionary = Dictionary::load(&path).unwrap();
    for rack in ["AEINRST", "QUIZ?E"] {
        let rack: Rack = rack.parse().unwrap();
        let fast = found(&dictionary, &rack);
        assert!(fast.len() > 50, "{rack}: {} words", fast.len());
        let all: Vec<Letter> = Letter::all().collect();
        assert_eq!(fast, by_permutations(&dictionary, &rack, &all), "{rack}");
    }
}
