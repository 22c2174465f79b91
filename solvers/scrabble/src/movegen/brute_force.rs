//! The reference move generator: every start square, both directions, every distinct ordered
//! selection of rack tiles (each blank standing for each letter in turn), each judged by the play
//! checker. Thousands of times slower than the anchor-square generator; it is the yardstick that
//! generator is tested against.

use solvebatch_core::Deadline;
use std::collections::HashSet;

use crate::board::{Board, Direction, Square};
use crate::movegen::moves::Move;
use crate::play::{Play, Rulebook};
use crate::tiles::letter::{Letter, Tile, LETTER_COUNT};
use crate::tiles::rack::Rack;

/// The deadline passed before the search finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the deadline passed")]
pub struct TimedOut;

/// Every valid play of `rack` on `board`, each placement once as the spec lists it, in no particular
/// order: the same set as [`Rulebook::moves`], found by trying every play.
///
/// # Errors
/// [`TimedOut`] when `deadline` passes first (checked once per start square).
pub fn moves_by_brute_force(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    deadline: Deadline<'_>,
) -> Result<Vec<Move>, TimedOut> {
    // A blank only makes a valid play standing for a letter of some word.
    let blank_letters: Vec<Letter> = if rack.blanks() > 0 {
        let frequencies = rulebook.dictionary.letter_frequencies();
        Letter::all().filter(|letter| frequencies[letter.index()] > 0).collect()
    } else {
        Vec::new()
    };
    let mut sequences = Vec::new();
    let mut counts = rack.counts();
    let mut blanks = rack.blanks();
    orderings(&mut counts, &mut blanks, &blank_letters, &mut Vec::new(), &mut sequences);
    let mut found = HashSet::new();
    for square in Square::all() {
        if deadline.passed() {
            return Err(TimedOut);
        }
        for direction in [Direction::Horizontal, Direction::Vertical] {
            for tiles in &sequences {
                let play = Play { tiles: tiles.clone(), x: square.x(), y: square.y(), direction };
                if let Ok(scored) = rulebook.check(board, rack, &play) {
                    found.insert(scored.to_move());
                }
            }
        }
    }
    Ok(found.into_iter().collect())
}

/// Appends to `out` every distinct non-empty sequence of the letter tiles in `counts` (by letter
/// index) and of `blanks` blanks, each blank standing for each of `blank_letters`, each sequence
/// extending `current`.
fn orderings(
    counts: &mut [u8; LETTER_COUNT],
    blanks: &mut usize,
    blank_letters: &[Letter],
    current: &mut Vec<Tile>,
    out: &mut Vec<Vec<Tile>>,
) {
    for letter in Letter::all() {
        if counts[letter.index()] == 0 {
            continue;
        }
        counts[letter.index()] -= 1;
        current.push(Tile::letter(letter));
        out.push(current.clone());
        orderings(counts, blanks, blank_letters, current, out);
        current.pop();
        counts[letter.index()] += 1;
    }
    if *blanks > 0 {
        *blanks -= 1;
        for &letter in blank_letters {
            current.push(Tile::blank(letter));
            out.push(current.clone());
            orderings(counts, blanks, blank_letters, current, out);
            current.pop();
        }
        *blanks += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orderings_are_distinct_and_complete() {
        // A, B, B: A B BA AB BB ABB BAB BBA = 8 distinct sequences.
        let rack: Rack = "BAB".parse().unwrap();
        let mut out = Vec::new();
        orderings(&mut rack.counts(), &mut 0, &[], &mut Vec::new(), &mut out);
        let mut texts: Vec<String> = out.iter().map(|s| crate::tiles::letter::tiles_to_string(s)).collect();
        texts.sort();
        assert_eq!(texts, ["A", "AB", "ABB", "B", "BA", "BAB", "BB", "BBA"]);
    }

    #[test]
    fn a_blank_stands_for_each_letter_given() {
        // A and a blank standing for A or B: A a b Aa Ab aA bA = 7 sequences.
        let rack: Rack = "A?".parse().unwrap();
        let letters = [Letter::from_char('A').unwrap(), Letter::from_char('B').unwrap()];
        let mut out = Vec::new();
        orderings(&mut rack.counts(), &mut rack.blanks(), &letters, &mut Vec::new(), &mut out);
        let mut texts: Vec<String> = out.iter().map(|s| crate::tiles::letter::tiles_to_string(s)).collect();
        texts.sort();
        assert_eq!(texts, ["A", "Aa", "Ab", "a", "aA", "b", "bA"]);
    }
}
