//! The player's rack: up to seven letter tiles, order irrelevant.

use std::fmt;
use std::str::FromStr;

use crate::letter::{Letter, LETTER_COUNT};

/// The most tiles a rack holds; a play placing this many earns the rules' bingo bonus.
pub const RACK_SIZE: usize = 7;

/// A multiset of at most [`RACK_SIZE`] letters.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rack {
    /// Tiles of each letter, by letter index (`A` = 0).
    counts: [u8; LETTER_COUNT],
    len: u8,
}

/// Text that is not a rack.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RackError {
    /// A character other than a letter.
    #[error("'{0}' is not a letter")]
    NotALetter(char),
    /// More than [`RACK_SIZE`] letters.
    #[error("{0} tiles, a rack holds at most 7")]
    TooMany(usize),
}

impl Rack {
    /// The rack holding `letters`.
    ///
    /// # Errors
    /// More than [`RACK_SIZE`] letters.
    pub fn new(letters: &[Letter]) -> Result<Rack, RackError> {
        if letters.len() > RACK_SIZE {
            return Err(RackError::TooMany(letters.len()));
        }
        let mut counts = [0; LETTER_COUNT];
        for letter in letters {
            counts[letter.index()] += 1;
        }
        Ok(Rack { counts, len: letters.len() as u8 })
    }

    /// How many tiles of `letter` the rack holds.
    pub fn count(&self, letter: Letter) -> usize {
        self.counts[letter.index()] as usize
    }

    /// Tiles of each letter, by letter index (`A` = 0).
    pub fn counts(&self) -> [u8; LETTER_COUNT] {
        self.counts
    }

    /// The number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the rack holds no tile.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The tiles in alphabetical order.
    pub fn letters(&self) -> Vec<Letter> {
        Letter::all().flat_map(|letter| std::iter::repeat(letter).take(self.count(letter))).collect()
    }
}

impl FromStr for Rack {
    type Err = RackError;

    /// Letters of either case, nothing else (an empty text is an empty rack).
    fn from_str(text: &str) -> Result<Rack, RackError> {
        let letters = crate::letter::parse_letters(text).map_err(RackError::NotALetter)?;
        Rack::new(&letters)
    }
}

impl fmt::Display for Rack {
    /// The tiles in alphabetical order, upper-case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::letter::letters_to_string(&self.letters()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_letters_with_repeats() {
        let rack: Rack = "tEsT".parse().unwrap();
        assert_eq!(rack.len(), 4);
        assert_eq!(rack.count(Letter::from_char('T').unwrap()), 2);
        assert_eq!(rack.to_string(), "ESTT");
        assert!("".parse::<Rack>().unwrap().is_empty());
        assert_eq!("AB1".parse::<Rack>(), Err(RackError::NotALetter('1')));
        assert_eq!("ABCDEFGH".parse::<Rack>().unwrap_err().to_string(), "8 tiles, a rack holds at most 7");
    }
}
