//! A run of tiles in a line of the board ([`LetterRun`]): a word, or the tiles a play places, packed
//! in a few bytes so that words compare, hash and copy cheaply.

use std::cmp::Ordering;
use std::fmt;

use crate::board::BOARD_SIZE;
use crate::tiles::letter::{Letter, Tile, LETTER_COUNT};

/// Up to 15 tiles in a line of the board: a word, or the tiles a play places; each a letter tile or
/// a blank standing for a letter.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct LetterRun {
    len: u8,
    /// Letter indices (`A` = 0); only the first `len` count.
    letters: [u8; BOARD_SIZE],
    /// Bit `i` set when tile `i` is a blank.
    blanks: u16,
}

impl LetterRun {
    /// No letters.
    pub const EMPTY: LetterRun = LetterRun { len: 0, letters: [0; BOARD_SIZE], blanks: 0 };

    /// Appends a letter tile of `letter`.
    ///
    /// # Panics
    /// When the run already holds 15 letters (no line of the board is longer).
    #[inline]
    pub fn push(&mut self, letter: Letter) {
        self.push_index(letter.index() as u8, false);
    }

    /// Appends `tile`.
    ///
    /// # Panics
    /// When the run already holds 15 letters.
    #[inline]
    pub fn push_tile(&mut self, tile: Tile) {
        self.push_index(tile.letter.index() as u8, tile.blank);
    }

    /// Appends the letter with index `index` (below 26), a blank when `blank`.
    #[inline]
    pub(crate) fn push_index(&mut self, index: u8, blank: bool) {
        debug_assert!((index as usize) < LETTER_COUNT);
        self.letters[self.len as usize] = index;
        self.blanks |= u16::from(blank) << self.len;
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

    /// The letters in order (a blank's is the letter it stands for).
    pub fn iter(&self) -> impl Iterator<Item = Letter> + '_ {
        self.letters[..self.len()].iter().map(|&index| Letter::from_index(index as usize).expect("a letter"))
    }

    /// The tiles in order.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.iter().enumerate().map(|(i, letter)| Tile { letter, blank: self.blanks & (1 << i) != 0 })
    }

    /// The letters as a vector.
    pub fn to_vec(&self) -> Vec<Letter> {
        self.iter().collect()
    }

    /// The number of blanks.
    pub fn blank_count(&self) -> usize {
        self.blanks.count_ones() as usize
    }

    /// Alphabetical order of the letters alone.
    pub fn cmp_letters(&self, other: &LetterRun) -> Ordering {
        self.letters[..self.len()].cmp(&other.letters[..other.len()])
    }

    /// Order of the blanks alone: at the first tile where one run has a blank and the other a letter
    /// tile, the letter tile comes first.
    pub fn cmp_blanks(&self, other: &LetterRun) -> Ordering {
        let differ = self.blanks ^ other.blanks;
        if differ == 0 {
            Ordering::Equal
        } else if self.blanks & differ & differ.wrapping_neg() != 0 {
            Ordering::Greater
        } else {
            Ordering::Less
        }
    }
}

impl FromIterator<Letter> for LetterRun {
    /// Collects at most 15 letter tiles (panics on more).
    fn from_iter<I: IntoIterator<Item = Letter>>(letters: I) -> LetterRun {
        let mut run = LetterRun::EMPTY;
        for letter in letters {
            run.push(letter);
        }
        run
    }
}

impl FromIterator<Tile> for LetterRun {
    /// Collects at most 15 tiles (panics on more).
    fn from_iter<I: IntoIterator<Item = Tile>>(tiles: I) -> LetterRun {
        let mut run = LetterRun::EMPTY;
        for tile in tiles {
            run.push_tile(tile);
        }
        run
    }
}

impl Ord for LetterRun {
    /// Alphabetical order of the letters ([`LetterRun::cmp_letters`]), then of the blanks
    /// ([`LetterRun::cmp_blanks`]).
    fn cmp(&self, other: &LetterRun) -> Ordering {
        self.cmp_letters(other).then_with(|| self.cmp_blanks(other))
    }
}

impl PartialOrd for LetterRun {
    fn partial_cmp(&self, other: &LetterRun) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for LetterRun {
    /// Upper-case letters, a blank as the lower-case letter it stands for.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tiles().try_for_each(|tile| write!(f, "{tile}"))
    }
}

impl fmt::Debug for LetterRun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_letters;

    fn run(text: &str) -> LetterRun {
        parse_letters(text).unwrap().into_iter().collect()
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

    fn tiles(text: &str) -> LetterRun {
        crate::tiles::letter::parse_tiles(text, true).unwrap().into_iter().collect()
    }

    #[test]
    fn blanks_print_lower_case_and_sort_after_letter_tiles() {
        let word = tiles("CaT");
        assert_eq!(word.to_string(), "CaT");
        assert_eq!(word.to_vec(), run("CAT").to_vec());
        assert_eq!(word.blank_count(), 1);
        assert_eq!(word.cmp_letters(&run("CAT")), Ordering::Equal);
        // At the first difference a letter tile comes before a blank.
        assert!(run("CAT") < tiles("CAt") && tiles("CAt") < tiles("CaT") && tiles("CaT") < tiles("cAT"));
        // Letters decide first.
        assert!(tiles("cAT") < run("CAX") && tiles("Ca") < run("CB"));
    }
}
