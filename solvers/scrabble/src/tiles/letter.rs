//! Letters: the 26 ASCII letters `A` to `Z`, the only letters of the dictionary, the tiles and the board;
//! and tiles: a letter, or a blank standing for a letter.

use std::fmt;

/// Number of letters, `A` to `Z`.
pub const LETTER_COUNT: usize = 26;

/// One of the 26 letters `A` to `Z`, held as its index `0..26` (`A` = 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Letter(u8);

impl Letter {
    /// The letter with index `index` (`0` = `A`), or `None` when `index >= 26`.
    pub fn from_index(index: usize) -> Option<Letter> {
        (index < LETTER_COUNT).then_some(Letter(index as u8))
    }

    /// The letter written `c`, either case; `None` for anything but an ASCII letter.
    pub fn from_char(c: char) -> Option<Letter> {
        c.is_ascii_alphabetic().then(|| Letter(c.to_ascii_uppercase() as u8 - b'A'))
    }

    /// The letter of the upper-case ASCII byte `byte`; `None` for any other byte.
    pub fn from_upper_ascii(byte: u8) -> Option<Letter> {
        byte.is_ascii_uppercase().then(|| Letter(byte - b'A'))
    }

    /// The index `0..26` (`A` = 0).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The upper-case ASCII byte.
    pub fn to_ascii(self) -> u8 {
        self.0 + b'A'
    }

    /// The upper-case character.
    pub fn to_char(self) -> char {
        self.to_ascii() as char
    }

    /// Every letter, `A` first.
    pub fn all() -> impl Iterator<Item = Letter> {
        (0..LETTER_COUNT as u8).map(Letter)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A set of letters, one bit per letter index (bit 0 = `A`); the word graph's children and the
/// move generator's cross-checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct LetterSet(u32);

impl LetterSet {
    /// No letter.
    pub const EMPTY: LetterSet = LetterSet(0);
    /// All 26 letters.
    pub const ALL: LetterSet = LetterSet((1 << LETTER_COUNT) - 1);

    /// The set whose bit `i` (`i < 26`) says whether the letter with index `i` belongs; higher bits are
    /// dropped.
    pub const fn from_bits(bits: u32) -> LetterSet {
        LetterSet(bits & LetterSet::ALL.0)
    }

    /// Bit `i` set when the letter with index `i` belongs.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether `letter` belongs.
    pub fn contains(self, letter: Letter) -> bool {
        self.0 & (1 << letter.0) != 0
    }

    /// The set with `letter` added.
    #[must_use]
    pub fn with(self, letter: Letter) -> LetterSet {
        LetterSet(self.0 | 1 << letter.0)
    }

    /// Whether no letter belongs.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The letters of both sets.
    #[must_use]
    pub fn intersection(self, other: LetterSet) -> LetterSet {
        LetterSet(self.0 & other.0)
    }

    /// The letters, `A` first.
    pub fn iter(self) -> impl Iterator<Item = Letter> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let index = bits.trailing_zeros();
                bits &= bits - 1;
                Letter(index as u8)
            })
        })
    }
}

/// A tile on the board or in a play: a letter tile, or a blank tile standing for `letter` (worth 0
/// points). Ordered by letter, a letter tile before a blank for the same letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    /// The letter the tile shows or stands for.
    pub letter: Letter,
    /// Whether it is a blank.
    pub blank: bool,
}

impl Tile {
    /// The letter tile of `letter`.
    pub fn letter(letter: Letter) -> Tile {
        Tile { letter, blank: false }
    }

    /// A blank standing for `letter`.
    pub fn blank(letter: Letter) -> Tile {
        Tile { letter, blank: true }
    }

    /// The letter upper-case, or lower-case for a blank (the usual notation of boards and plays).
    pub fn to_char(self) -> char {
        if self.blank {
            self.letter.to_char().to_ascii_lowercase()
        } else {
            self.letter.to_char()
        }
    }
}

impl fmt::Display for Tile {
    /// `A` for a letter tile, `a` for a blank standing for `A`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A character that is not a tile of a play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TileCharError {
    /// Neither a letter nor `.`.
    #[error("'{0}' is not a letter")]
    NotALetter(char),
    /// A `?` where a blank must say which letter it stands for.
    #[error("'?' is not a letter: play a blank as the lower-case letter it stands for")]
    UnnamedBlank,
}

/// Parses the tiles of a play. With `blanks`, an upper-case letter is a letter tile and a lower-case
/// letter a blank standing for that letter; without, letters of either case are letter tiles.
///
/// # Errors
/// The first character that is not an ASCII letter.
pub fn parse_tiles(text: &str, blanks: bool) -> Result<Vec<Tile>, TileCharError> {
    text.chars()
        .map(|c| match Letter::from_char(c) {
            Some(letter) if blanks && c.is_ascii_lowercase() => Ok(Tile::blank(letter)),
            Some(letter) => Ok(Tile::letter(letter)),
            None if blanks && c == '?' => Err(TileCharError::UnnamedBlank),
            None => Err(TileCharError::NotALetter(c)),
        })
        .collect()
}

/// Writes `tiles` as text: letter tiles upper-case, blanks lower-case.
pub fn tiles_to_string(tiles: &[Tile]) -> String {
    tiles.iter().map(|tile| tile.to_char()).collect()
}

/// Parses `text` as letters (either case), for racks and plays.
///
/// # Errors
/// The first character that is not an ASCII letter.
pub fn parse_letters(text: &str) -> Result<Vec<Letter>, char> {
    text.chars().map(|c| Letter::from_char(c).ok_or(c)).collect()
}

/// Writes `letters` as upper-case text.
pub fn letters_to_string(letters: &[Letter]) -> String {
    letters.iter().map(|letter| letter.to_char()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_read_either_case_and_print_upper_case() {
        assert_eq!(Letter::from_char('a'), Letter::from_char('A'));
        assert_eq!(Letter::from_char('z').map(Letter::index), Some(25));
        assert_eq!(Letter::from_char('é'), None);
        assert_eq!(Letter::from_char('1'), None);
        assert_eq!(parse_letters("aRe").map(|letters| letters_to_string(&letters)), Ok("ARE".to_string()));
        assert_eq!(parse_letters("A-E"), Err('-'));
    }

    #[test]
    fn tiles_read_blanks_as_lower_case_letters_only_when_asked() {
        let with_blanks = parse_tiles("CaT", true).unwrap();
        assert_eq!(with_blanks[1], Tile::blank(Letter::from_char('A').unwrap()));
        assert_eq!(tiles_to_string(&with_blanks), "CaT");
        assert_eq!(tiles_to_string(&parse_tiles("CaT", false).unwrap()), "CAT");
        assert_eq!(
            parse_tiles("C?T", true).unwrap_err().to_string(),
            "'?' is not a letter: play a blank as the lower-case letter it stands for"
        );
        assert_eq!(parse_tiles("C?T", false).unwrap_err().to_string(), "'?' is not a letter");
        assert_eq!(parse_tiles("C1", true).unwrap_err(), TileCharError::NotALetter('1'));
        assert!(Tile::letter(Letter::from_char('B').unwrap()) < Tile::blank(Letter::from_char('B').unwrap()));
        assert!(Tile::blank(Letter::from_char('A').unwrap()) < Tile::letter(Letter::from_char('B').unwrap()));
    }

    #[test]
    fn letter_sets_iterate_in_alphabetical_order() {
        let set = LetterSet::EMPTY.with(Letter(25)).with(Letter(0)).with(Letter(4));
        assert_eq!(set.iter().map(Letter::to_char).collect::<String>(), "AEZ");
        assert!(set.contains(Letter(4)) && !set.contains(Letter(5)));
        assert_eq!(set.intersection(LetterSet::from_bits(0b10001)).iter().count(), 2);
        assert_eq!(LetterSet::ALL.iter().count(), 26);
        assert!(LetterSet::from_bits(1 << 31).is_empty());
    }
}
