//! The player's rack: up to seven tiles, letters and blanks, order irrelevant.

use std::fmt;
use std::str::FromStr;

use crate::tiles::letter::{Letter, Tile, LETTER_COUNT};

/// The most tiles a rack holds; a play placing this many earns the rules' bingo bonus.
pub const RACK_SIZE: usize = 7;

/// A multiset of at most [`RACK_SIZE`] tiles: letter tiles and blanks (a blank stands for any letter
/// once played).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rack {
    /// Letter tiles of each letter, by letter index (`A` = 0).
    counts: [u8; LETTER_COUNT],
    blanks: u8,
    len: u8,
}

/// Text that is not a rack, or a tile that does not fit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RackError {
    /// A character other than a letter or `?`.
    #[error("'{0}' is not a letter")]
    NotALetter(char),
    /// More than [`RACK_SIZE`] tiles.
    #[error("{0} tiles, a rack holds at most 7")]
    TooMany(usize),
}

impl Rack {
    /// The rack holding the letter tiles `letters`.
    ///
    /// # Errors
    /// More than [`RACK_SIZE`] letters.
    pub fn new(letters: &[Letter]) -> Result<Rack, RackError> {
        let mut rack = Rack::default();
        for &letter in letters {
            rack.add(Some(letter)).map_err(|_| RackError::TooMany(letters.len()))?;
        }
        Ok(rack)
    }

    /// Adds a tile: `Some(letter)` for a letter tile, `None` for a blank.
    ///
    /// # Errors
    /// The rack already holds [`RACK_SIZE`] tiles.
    pub fn add(&mut self, tile: Option<Letter>) -> Result<(), RackError> {
        if self.len() == RACK_SIZE {
            return Err(RackError::TooMany(RACK_SIZE + 1));
        }
        match tile {
            Some(letter) => self.counts[letter.index()] += 1,
            None => self.blanks += 1,
        }
        self.len += 1;
        Ok(())
    }

    /// Takes off the rack the tiles a play placed: a blank for each blank, the letter tile otherwise.
    /// Returns `false`, leaving the rack unchanged, when it does not hold them all.
    pub fn remove(&mut self, tiles: &[Tile]) -> bool {
        let mut left = self.clone();
        for tile in tiles {
            let slot = if tile.blank { &mut left.blanks } else { &mut left.counts[tile.letter.index()] };
            if *slot == 0 {
                return false;
            }
            *slot -= 1;
            left.len -= 1;
        }
        *self = left;
        true
    }

    /// How many letter tiles of `letter` the rack holds.
    pub fn count(&self, letter: Letter) -> usize {
        self.counts[letter.index()] as usize
    }

    /// Letter tiles of each letter, by letter index (`A` = 0).
    pub fn counts(&self) -> [u8; LETTER_COUNT] {
        self.counts
    }

    /// How many blanks the rack holds.
    pub fn blanks(&self) -> usize {
        self.blanks as usize
    }

    /// The number of tiles, blanks included.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the rack holds no tile.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles: letter tiles in alphabetical order as `Some(letter)`, then one `None` per blank.
    pub fn tiles(&self) -> impl Iterator<Item = Option<Letter>> + '_ {
        Letter::all()
            .flat_map(|letter| std::iter::repeat_n(Some(letter), self.count(letter)))
            .chain(std::iter::repeat_n(None, self.blanks()))
    }
}

impl FromStr for Rack {
    type Err = RackError;

    /// Letters of either case and `?` for a blank, nothing else (an empty text is an empty rack).
    fn from_str(text: &str) -> Result<Rack, RackError> {
        let mut rack = Rack::default();
        let count = text.chars().count();
        for c in text.chars() {
            let tile = match c {
                '?' => None,
                _ => Some(Letter::from_char(c).ok_or(RackError::NotALetter(c))?),
            };
            rack.add(tile).map_err(|_| RackError::TooMany(count))?;
        }
        Ok(rack)
    }
}

impl fmt::Display for Rack {
    /// The letter tiles in alphabetical order, upper-case, then a `?` per blank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tiles().try_for_each(|tile| write!(f, "{}", tile.map_or('?', Letter::to_char)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: char) -> Letter {
        Letter::from_char(c).unwrap()
    }

    #[test]
    fn reads_letters_with_repeats() {
        let rack: Rack = "tEsT".parse().unwrap();
        assert_eq!(rack.len(), 4);
        assert_eq!(rack.count(letter('T')), 2);
        assert_eq!(rack.to_string(), "ESTT");
        assert!("".parse::<Rack>().unwrap().is_empty());
        assert_eq!("AB1".parse::<Rack>(), Err(RackError::NotALetter('1')));
        assert_eq!("ABCDEFGH".parse::<Rack>().unwrap_err().to_string(), "8 tiles, a rack holds at most 7");
    }

    #[test]
    fn blanks_are_question_marks_and_count_as_tiles() {
        let rack: Rack = "?b?a".parse().unwrap();
        assert_eq!((rack.len(), rack.blanks(), rack.count(letter('A'))), (4, 2, 1));
        assert_eq!(rack.to_string(), "AB??");
        assert_eq!("ABCDEF??".parse::<Rack>(), Err(RackError::TooMany(8)));
    }

    #[test]
    fn adds_and_removes_tiles() {
        let mut rack: Rack = "AB?".parse().unwrap();
        assert!(rack.remove(&[Tile::letter(letter('A')), Tile::blank(letter('Z'))]));
        assert_eq!(rack.to_string(), "B");
        // A second blank is not there: nothing is taken.
        assert!(!rack.remove(&[Tile::letter(letter('B')), Tile::blank(letter('B'))]));
        assert_eq!(rack.to_string(), "B");
        for tile in [Some(letter('C')), None, None, Some(letter('A')), None, Some(letter('C'))] {
            rack.add(tile).unwrap();
        }
        assert_eq!(rack.to_string(), "ABCC???");
        assert_eq!(rack.add(None), Err(RackError::TooMany(8)));
    }
}
