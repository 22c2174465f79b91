//! The reference move generator: every start square, both directions, every distinct ordered
//! selection of rack letters, each judged by the play checker. Thousands of times slower than the
//! anchor-square generator; it is the yardstick that generator is tested against.

use std::collections::HashSet;
use std::time::Instant;

use crate::board::{Board, Direction, Square};
use crate::letter::{Letter, LETTER_COUNT};
use crate::moves::Move;
use crate::play::{Play, Rulebook};
use crate::rack::Rack;

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
    deadline: Option<Instant>,
) -> Result<Vec<Move>, TimedOut> {
    let mut sequences = Vec::new();
    let mut counts = rack.counts();
    orderings(&mut counts, &mut Vec::new(), &mut sequences);
    let mut found = HashSet::new();
    for square in Square::all() {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(TimedOut);
        }
        for direction in [Direction::Horizontal, Direction::Vertical] {
            for letters in &sequences {
                let play = Play { letters: letters.clone(), x: square.x(), y: square.y(), direction };
                if let Ok(scored) = rulebook.check(board, rack, &play) {
                    found.insert(scored.to_move());
                }
            }
        }
    }
    Ok(found.into_iter().collect())
}

/// Appends to `out` every distinct non-empty sequence of the letters in `counts` (by letter index),
/// each extending `current`.
fn orderings(counts: &mut [u8; LETTER_COUNT], current: &mut Vec<Letter>, out: &mut Vec<Vec<Letter>>) {
    for letter in Letter::all() {
        if counts[letter.index()] == 0 {
            continue;
        }
        counts[letter.index()] -= 1;
        current.push(letter);
        out.push(current.clone());
        orderings(counts, current, out);
        current.pop();
        counts[letter.index()] += 1;
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
        orderings(&mut rack.counts(), &mut Vec::new(), &mut out);
        let mut texts: Vec<String> = out.iter().map(|s| crate::letter::letters_to_string(s)).collect();
        texts.sort();
        assert_eq!(texts, ["A", "AB", "ABB", "B", "BA", "BAB", "BB", "BBA"]);
    }
}
