//! The word finder: every dictionary word that some of a rack's tiles spell, with its score.
//!
//! A depth-first walk of the word graph (the DAWG of [`crate::lexicon::graph::WordGraph`]) that only follows letters
//! still on the rack, so it visits just the prefixes the rack can spell, never the rack's
//! permutations. A blank is used for a letter only when no letter tile of it is left: using a letter
//! tile instead is worth as much or more and keeps the blank free, so each word is found once, with its
//! best score.

use std::fmt;

use crate::board::run::LetterRun;
use crate::lexicon::dictionary::Dictionary;
use crate::lexicon::edges::Node;
use crate::lexicon::graph::WordGraph;
use crate::tiles::letter::{Tile, LETTER_COUNT};
use crate::tiles::rack::Rack;
use crate::tiles::TileSet;

/// A word the rack spells, with the tiles it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoundWord {
    /// The word; a letter standing for a blank is a blank tile (printed lower-case).
    pub word: LetterRun,
    /// The sum of its tiles' values (a blank is worth 0).
    pub score: u32,
}

impl fmt::Display for FoundWord {
    /// `SCORE WORD`, for example `6 CATS` (`5 CaTS` with a blank for the A).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.score, self.word)
    }
}

/// Every distinct word of `dictionary` spelled by some of the tiles of `rack` (words of every length,
/// one-letter words included when the dictionary lists them), each with its best score under `tiles`:
/// highest score first, ties alphabetically.
pub fn find_words(dictionary: &Dictionary, rack: &Rack, tiles: &TileSet) -> Vec<FoundWord> {
    let mut finder = Finder {
        graph: dictionary.graph(),
        values: tiles.values(),
        counts: rack.counts(),
        blanks: rack.blanks(),
        found: Vec::new(),
    };
    finder.walk(finder.graph.root(), LetterRun::EMPTY, 0);
    let mut found = finder.found;
    found.sort_unstable_by(|a, b| b.score.cmp(&a.score).then_with(|| a.word.cmp(&b.word)));
    found
}

struct Finder<'a> {
    graph: &'a WordGraph,
    values: [u32; LETTER_COUNT],
    /// Letter tiles left, by letter index.
    counts: [u8; LETTER_COUNT],
    blanks: usize,
    found: Vec<FoundWord>,
}

impl Finder<'_> {
    /// Lists the words below `node`, which `word` (worth `score`) reached.
    fn walk(&mut self, node: Node, word: LetterRun, score: u32) {
        if !word.is_empty() && self.graph.is_terminal(node) {
            self.found.push(FoundWord { word, score });
        }
        for letter in self.graph.children(node).iter() {
            let index = letter.index();
            let next = self.graph.listed_child(node, index);
            let mut longer = word;
            if self.counts[index] > 0 {
                self.counts[index] -= 1;
                longer.push(letter);
                self.walk(next, longer, score + self.values[index]);
                self.counts[index] += 1;
            } else if self.blanks > 0 {
                self.blanks -= 1;
                longer.push_tile(Tile::blank(letter));
                self.walk(next, longer, score);
                self.blanks += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(words: &str, rack: &str) -> Vec<String> {
        let dictionary = Dictionary::from_text(words.as_bytes().to_vec());
        find_words(&dictionary, &rack.parse().unwrap(), &TileSet::standard())
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn lists_every_word_the_rack_spells_best_first() {
        // C3 A1 T1 S1: CATS 6, CAST 6, CAT 5, ACT 5, AT 2, TA 2; TACT needs two Ts, A alone is a word.
        let words = "cat\ncats\ncast\nact\nat\nta\ntact\na\ndog";
        assert_eq!(found(words, "STAC"), ["6 CAST", "6 CATS", "5 ACT", "5 CAT", "2 AT", "2 TA", "1 A"]);
        assert!(found(words, "").is_empty());
        assert!(found(words, "XYZ").is_empty());
    }

    #[test]
    fn a_blank_stands_for_a_missing_letter_only() {
        // With C, A and a blank: CAT uses the blank for T (4); the A tile is used before the blank, so
        // A scores 1 and TA uses the blank for T.
        let words = "cat\nta\na\ncc";
        assert_eq!(found(words, "CA?"), ["4 CAt", "3 Cc", "1 A", "1 tA"]);
        // Two blanks spell a word with no letter from the rack.
        assert_eq!(found("zzz\nzz", "Z??"), ["10 Zz", "10 Zzz"]);
    }
}
