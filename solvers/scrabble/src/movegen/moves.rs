//! A listed play ("move"): its score, main word, first square, direction and the rack tiles placed;
//! the spec's ranking and one-line form. Blanks are written as the lower-case letter they stand for.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fmt;

use crate::board::run::LetterRun;
use crate::board::{Board, Direction, Square};
use crate::play::Play;
use crate::tiles::letter::Tile;

/// A valid play as listed: `letters` played from `start` in `direction` reproduces it.
///
/// A play of a single tile is listed as horizontal when it forms a horizontal word, else as vertical,
/// so every placement is listed once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Points: every letter of every new word (with the rules' premiums and bonus).
    pub score: u32,
    /// The main word: the maximal run along `direction` through the placed tiles.
    pub word: LetterRun,
    /// The first square of the main word.
    pub start: Square,
    /// The direction of the main word.
    pub direction: Direction,
    /// The rack tiles placed, in order along `direction`.
    pub letters: LetterRun,
}

impl Move {
    /// The play that reproduces this one: its tiles from its first square in its direction.
    pub fn play(&self) -> Play {
        Play {
            tiles: self.letters.tiles().collect(),
            x: self.start.x(),
            y: self.start.y(),
            direction: self.direction,
        }
    }

    /// The spec's ranking: higher score first; ties by the word's letters alphabetically, then by the
    /// start square from the top (`y` descending), then from the left, horizontal before vertical; and
    /// last, for plays differing only in where blanks stand, by [`LetterRun::cmp_blanks`] of the word.
    pub fn ranking(&self, other: &Move) -> Ordering {
        Reverse(self.score)
            .cmp(&Reverse(other.score))
            .then_with(|| self.word.cmp_letters(&other.word))
            .then_with(|| (self.start.index(), self.direction).cmp(&(other.start.index(), other.direction)))
            .then_with(|| self.word.cmp_blanks(&other.word))
    }
}

impl fmt::Display for Move {
    /// `SCORE WORD x y direction LETTERS`, for example `5 ARE 0 -1 horizontal AE` (`5 ArE 0 -1
    /// horizontal AE` when the A is a blank).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {} {}", self.score, self.word, self.start, self.direction, self.letters)
    }
}

/// Lays the tiles of `played` on `board`: from its first square along its direction, each empty
/// square taking the next tile; `placed` hears of each square filled and its tile.
///
/// # Panics
/// When the board's edge comes before the last tile (a play generated on another board).
pub fn lay(board: &mut Board, played: &Move, mut placed: impl FnMut(Square, Tile)) {
    let mut square = Some(played.start);
    for tile in played.letters.tiles() {
        while let Some(at) = square.filter(|&at| board.tile(at).is_some()) {
            square = at.next(played.direction);
        }
        let at = square.expect("the play fits the board");
        board.place(at, tile);
        placed(at, tile);
        square = at.next(played.direction);
    }
}

/// The best plays seen so far, at most a fixed number: a heap whose top is the worst one kept.
pub(crate) struct TopMoves {
    heap: BinaryHeap<Ranked>,
    top: usize,
}

/// A play ordered by [`Move::ranking`]: greater is worse.
struct Ranked(Move);

impl PartialEq for Ranked {
    fn eq(&self, other: &Ranked) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Ranked) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ranked {
    fn cmp(&self, other: &Ranked) -> Ordering {
        self.0.ranking(&other.0)
    }
}

impl TopMoves {
    /// Keeps at most `top` plays.
    pub(crate) fn new(top: usize) -> TopMoves {
        TopMoves { heap: BinaryHeap::with_capacity(top.min(1 << 12) + 1), top }
    }

    /// Whether a play of `score` points could be among the best: not while `top` plays scoring more
    /// are kept.
    #[inline]
    pub(crate) fn wants(&self, score: u32) -> bool {
        self.heap.len() < self.top || self.heap.peek().is_some_and(|worst| score >= worst.0.score)
    }

    /// Keeps `found` if it is among the `top` best so far.
    pub(crate) fn take(&mut self, found: Move) {
        if self.heap.len() < self.top {
            self.heap.push(Ranked(found));
        } else if let Some(mut worst) = self.heap.peek_mut() {
            if found.ranking(&worst.0) == Ordering::Less {
                *worst = Ranked(found);
            }
        }
    }

    /// The plays kept, best first.
    pub(crate) fn into_ranked(self) -> Vec<Move> {
        self.heap.into_sorted_vec().into_iter().map(|ranked| ranked.0).collect()
    }
}

/// Sorts `moves` best first by [`Move::ranking`].
pub fn rank(moves: &mut [Move]) {
    moves.sort_unstable_by(Move::ranking);
}

/// The `top` best of `moves`, best first.
pub fn best(mut moves: Vec<Move>, top: usize) -> Vec<Move> {
    if top < moves.len() {
        if top > 0 {
            moves.select_nth_unstable_by(top - 1, Move::ranking);
        }
        moves.truncate(top);
    }
    rank(&mut moves);
    moves
}

/// The report of the `top` best of `moves`: one `SCORE WORD x y direction LETTERS` line each, best
/// first, or `no valid play` when there is none (and `top > 0`). Every line ends in a newline.
pub fn format(moves: Vec<Move>, top: usize) -> String {
    if moves.is_empty() && top > 0 {
        return "no valid play\n".to_string();
    }
    best(moves, top).iter().map(|listed| format!("{listed}\n")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_letters;

    fn run(text: &str) -> LetterRun {
        parse_letters(text).unwrap().into_iter().collect()
    }

    fn tiles(text: &str) -> LetterRun {
        crate::tiles::letter::parse_tiles(text, true).unwrap().into_iter().collect()
    }

    fn listed(score: u32, word: &str, x: i32, y: i32, direction: Direction) -> Move {
        Move { score, word: run(word), start: Square::new(x, y).unwrap(), direction, letters: run("A") }
    }

    #[test]
    fn ranking_breaks_ties_in_blanks_last() {
        let at = |word: &str, x: i32| Move {
            score: 1,
            word: tiles(word),
            start: Square::new(x, 0).unwrap(),
            direction: Direction::Horizontal,
            letters: tiles(word),
        };
        let ranked: Vec<String> = best(vec![at("aA", 0), at("Aa", 0), at("aA", -1), at("AB", 0)], 10)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            ranked,
            [
                "1 aA -1 0 horizontal aA",
                "1 Aa 0 0 horizontal Aa",
                "1 aA 0 0 horizontal aA",
                "1 AB 0 0 horizontal AB"
            ]
        );
    }

    #[test]
    fn ranking_is_score_word_top_left_horizontal() {
        use Direction::{Horizontal, Vertical};
        let moves = vec![
            listed(5, "AB", 0, 0, Vertical),
            listed(5, "AB", 0, 0, Horizontal),
            listed(5, "AB", 1, 0, Horizontal),
            listed(5, "AB", 2, 1, Horizontal),
            listed(5, "AA", 3, -3, Vertical),
            listed(9, "ZZ", 0, 0, Horizontal),
        ];
        let ranked: Vec<String> = best(moves.clone(), 10).iter().map(ToString::to_string).collect();
        assert_eq!(
            ranked,
            [
                "9 ZZ 0 0 horizontal A",
                "5 AA 3 -3 vertical A",
                "5 AB 2 1 horizontal A",
                "5 AB 0 0 horizontal A",
                "5 AB 0 0 vertical A",
                "5 AB 1 0 horizontal A",
            ]
        );
        assert_eq!(best(moves.clone(), 2).len(), 2);
        assert_eq!(best(moves.clone(), 2)[1].to_string(), "5 AA 3 -3 vertical A");
        assert!(best(moves, 0).is_empty());
    }
}
