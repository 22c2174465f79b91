//! A listed play ("move"): its score, main word, first square, direction and the rack letters placed;
//! the spec's ranking and one-line form.

use std::cmp::{Ordering, Reverse};
use std::fmt;

use crate::board::{Direction, Square, BOARD_SIZE};
use crate::letter::Letter;

/// Up to 15 letters in a line of the board: a word, or the letters a play places.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LetterRun {
    len: u8,
    /// Letter indices (`A` = 0); only the first `len` count.
    letters: [u8; BOARD_SIZE],
}

impl LetterRun {
    /// No letters.
    pub const EMPTY: LetterRun = LetterRun { len: 0, letters: [0; BOARD_SIZE] };

    /// Appends `letter`.
    ///
    /// # Panics
    /// When the run already holds 15 letters (no line of the board is longer).
    #[inline]
    pub fn push(&mut self, letter: Letter) {
        self.letters[self.len as usize] = letter.index() as u8;
        self.len += 1;
    }

    /// Appends the letter with index `index` (below 26).
    #[inline]
    pub(crate) fn push_index(&mut self, index: u8) {
        debug_assert!((index as usize) < crate::letter::LETTER_COUNT);
        self.letters[self.len as usize] = index;
        self.len += 1;
    }

    /// The number of letters.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no letter.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The letters in order.
    pub fn iter(&self) -> impl Iterator<Item = Letter> + '_ {
        self.letters[..self.len()].iter().map(|&index| Letter::from_index(index as usize).expect("a letter"))
    }

    /// The letters as a vector.
    pub fn to_vec(&self) -> Vec<Letter> {
        self.iter().collect()
    }
}

impl FromIterator<Letter> for LetterRun {
    /// Collects at most 15 letters (panics on more).
    fn from_iter<I: IntoIterator<Item = Letter>>(letters: I) -> LetterRun {
        let mut run = LetterRun::EMPTY;
        for letter in letters {
            run.push(letter);
        }
        run
    }
}

impl Ord for LetterRun {
    /// Alphabetical order.
    fn cmp(&self, other: &LetterRun) -> Ordering {
        self.letters[..self.len()].cmp(&other.letters[..other.len()])
    }
}

impl PartialOrd for LetterRun {
    fn partial_cmp(&self, other: &LetterRun) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for LetterRun {
    /// Upper-case letters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|letter| write!(f, "{letter}"))
    }
}

impl fmt::Debug for LetterRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

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
    /// The rack letters placed, in order along `direction`.
    pub letters: LetterRun,
}

impl Move {
    /// The spec's ranking: higher score first; ties by word alphabetically, then by the start square
    /// from the top (`y` descending), then from the left, horizontal before vertical.
    pub fn ranking(&self, other: &Move) -> Ordering {
        (Reverse(self.score), self.word, self.start.index(), self.direction).cmp(&(
            Reverse(other.score),
            other.word,
            other.start.index(),
            other.direction,
        ))
    }
}

impl fmt::Display for Move {
    /// `SCORE WORD x y direction LETTERS`, for example `5 ARE 0 -1 horizontal AE`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {} {}", self.score, self.word, self.start, self.direction, self.letters)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letter::parse_letters;

    fn run(text: &str) -> LetterRun {
        parse_letters(text).unwrap().into_iter().collect()
    }

    fn listed(score: u32, word: &str, x: i32, y: i32, direction: Direction) -> Move {
        Move { score, word: run(word), start: Square::new(x, y).unwrap(), direction, letters: run("A") }
    }

    #[test]
    fn letter_runs_sort_alphabetically() {
        assert!(run("AB") < run("ABA"));
        assert!(run("AA") < run("AB"));
        assert!(run("A") < run("AA"));
        assert!(run("ZA") > run("AZZ"));
        assert_eq!(run("QUA").to_string(), "QUA");
        assert_eq!(run("").len(), 0);
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
