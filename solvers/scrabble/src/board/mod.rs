//! The 15×15 board: squares `(x, y)` with `x` left to right and `y` bottom to top, both in `-7..=7`,
//! `(0, 0)` the centre; directions; the printed form (a blank tile as the lower-case letter it stands
//! for).
//!
//! The rules, which give the squares their premiums, live here too ([`rules`]: [`Rules`](rules::Rules), [`Premium`](rules::Premium)); the
//! one-line CGP form of a position is a game's ([`crate::game::cgp`]).

pub mod rules;
pub mod run;

use std::fmt;
use std::str::FromStr;

use crate::quote::quote;
use crate::tiles::letter::{Letter, Tile};

/// Squares along one side of the board.
pub const BOARD_SIZE: usize = 15;

/// The largest coordinate: squares run from `-RADIUS` to `RADIUS` on both axes.
pub const RADIUS: i32 = 7;

/// The number of squares on the board.
pub const SQUARE_COUNT: usize = BOARD_SIZE * BOARD_SIZE;

/// A square of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Index in reading order: 0 is the top-left corner `(-7, 7)`, 224 the bottom-right `(7, -7)`.
    index: u8,
}

impl Square {
    /// The centre square `(0, 0)`.
    pub const CENTRE: Square = Square { index: (SQUARE_COUNT / 2) as u8 };

    /// The square `(x, y)`, or `None` when either coordinate is outside `-7..=7`.
    pub fn new(x: i32, y: i32) -> Option<Square> {
        let inside = |c: i32| (-RADIUS..=RADIUS).contains(&c);
        (inside(x) && inside(y)).then(|| Square::at((RADIUS - y) as usize, (x + RADIUS) as usize))
    }

    /// The square in row `row` (0 = top, `y = 7`) and column `column` (0 = left, `x = -7`); both below 15.
    pub fn at(row: usize, column: usize) -> Square {
        debug_assert!(row < BOARD_SIZE && column < BOARD_SIZE);
        Square { index: (row * BOARD_SIZE + column) as u8 }
    }

    /// The horizontal coordinate, `-7` (left) to `7` (right).
    pub fn x(self) -> i32 {
        self.column() as i32 - RADIUS
    }

    /// The vertical coordinate, `-7` (bottom) to `7` (top).
    pub fn y(self) -> i32 {
        RADIUS - self.row() as i32
    }

    /// The row from the top, `0..15`.
    pub fn row(self) -> usize {
        self.index as usize / BOARD_SIZE
    }

    /// The column from the left, `0..15`.
    pub fn column(self) -> usize {
        self.index as usize % BOARD_SIZE
    }

    /// The index in reading order, `0..225` (rows from the top, each from the left).
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// The next square in `direction` (right, or down), if on the board.
    pub fn next(self, direction: Direction) -> Option<Square> {
        self.offset(direction, 1)
    }

    /// The square before this one in `direction` (left, or up), if on the board.
    pub fn previous(self, direction: Direction) -> Option<Square> {
        self.offset(direction, -1)
    }

    fn offset(self, direction: Direction, step: i32) -> Option<Square> {
        match direction {
            Direction::Horizontal => Square::new(self.x() + step, self.y()),
            Direction::Vertical => Square::new(self.x(), self.y() - step),
        }
    }

    /// The up to four squares sharing a side with this one.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        [
            self.next(Direction::Horizontal),
            self.previous(Direction::Horizontal),
            self.next(Direction::Vertical),
            self.previous(Direction::Vertical),
        ]
        .into_iter()
        .flatten()
    }

    /// Every square in reading order: `y` from the top, then `x` from the left.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARE_COUNT as u8).map(|index| Square { index })
    }
}

impl fmt::Display for Square {
    /// `x y`, as a play gives its start square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x(), self.y())
    }
}

/// The way a play runs: `Horizontal` is `x` increasing, `Vertical` is downwards (`y` decreasing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Top to bottom.
    Vertical,
}

impl Direction {
    /// The perpendicular direction.
    pub fn other(self) -> Direction {
        match self {
            Direction::Horizontal => Direction::Vertical,
            Direction::Vertical => Direction::Horizontal,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Horizontal => "horizontal",
            Direction::Vertical => "vertical",
        })
    }
}

/// Text that is neither `horizontal` nor `vertical` (its first 60 characters, with `…` after a longer
/// one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a direction (horizontal or vertical)")]
pub struct DirectionError(pub String);

impl FromStr for Direction {
    type Err = DirectionError;

    /// `horizontal` or `vertical`, either case.
    fn from_str(text: &str) -> Result<Direction, DirectionError> {
        match text.to_ascii_lowercase().as_str() {
            "horizontal" => Ok(Direction::Horizontal),
            "vertical" => Ok(Direction::Vertical),
            _ => Err(DirectionError(quote(text))),
        }
    }
}

/// What is wrong with one row of a board written as text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardRowError {
    /// The row is not 15 characters long.
    #[error("{0} squares, a row has 15")]
    Length(usize),
    /// A character is neither an upper-case letter nor `.`.
    #[error("character {position}: '{found}' is neither an upper-case letter A to Z nor '.'")]
    Square {
        /// 1-based position in the row.
        position: usize,
        /// The character found.
        found: char,
    },
    /// A character is neither a letter nor `.`, in a row that may hold blanks.
    #[error("character {position}: '{found}' is neither a letter (lower-case for a blank) nor '.'")]
    SquareWithBlanks {
        /// 1-based position in the row.
        position: usize,
        /// The character found.
        found: char,
    },
}

/// The 15×15 board; each square is empty or holds a tile (a letter tile or a blank).
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// Indexed by [`Square::index`].
    squares: [Option<Tile>; SQUARE_COUNT],
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl Board {
    /// The empty board.
    pub fn new() -> Board {
        Board { squares: [None; SQUARE_COUNT] }
    }

    /// The letter on `square` (of a letter tile or a blank), if any.
    #[inline]
    pub fn get(&self, square: Square) -> Option<Letter> {
        self.squares[square.index()].map(|tile| tile.letter)
    }

    /// The tile on `square`, if any.
    #[inline]
    pub fn tile(&self, square: Square) -> Option<Tile> {
        self.squares[square.index()]
    }

    /// Puts a letter tile of `letter` on `square` (`None` empties it).
    pub fn set(&mut self, square: Square, letter: Option<Letter>) {
        self.squares[square.index()] = letter.map(Tile::letter);
    }

    /// Puts `tile` on `square`.
    pub fn place(&mut self, square: Square, tile: Tile) {
        self.squares[square.index()] = Some(tile);
    }

    /// Whether some square holds a blank.
    pub fn has_blanks(&self) -> bool {
        self.squares.iter().flatten().any(|tile| tile.blank)
    }

    /// Whether no square holds a tile.
    pub fn is_empty(&self) -> bool {
        self.squares.iter().all(Option::is_none)
    }

    /// Whether every square holds a tile.
    pub fn is_full(&self) -> bool {
        self.squares.iter().all(Option::is_some)
    }

    /// Reads one row written as 15 characters, `.` for an empty square and `A` to `Z` for a letter tile.
    ///
    /// # Errors
    /// The row is not 15 characters, or holds another character.
    pub fn parse_row(text: &str) -> Result<[Option<Tile>; BOARD_SIZE], BoardRowError> {
        Board::read_row(text, false)
    }

    /// Reads one row as [`Board::parse_row`] does, and a lower-case letter as a blank standing for it.
    ///
    /// # Errors
    /// The row is not 15 characters, or holds a character other than a letter or `.`.
    pub fn parse_row_with_blanks(text: &str) -> Result<[Option<Tile>; BOARD_SIZE], BoardRowError> {
        Board::read_row(text, true)
    }

    fn read_row(text: &str, blanks: bool) -> Result<[Option<Tile>; BOARD_SIZE], BoardRowError> {
        let length = text.chars().count();
        if length != BOARD_SIZE {
            return Err(BoardRowError::Length(length));
        }
        let mut row = [None; BOARD_SIZE];
        for (position, (slot, c)) in row.iter_mut().zip(text.chars()).enumerate() {
            *slot = match (c, Letter::from_char(c)) {
                ('.', _) => None,
                ('A'..='Z', Some(letter)) => Some(Tile::letter(letter)),
                ('a'..='z', Some(letter)) if blanks => Some(Tile::blank(letter)),
                _ if blanks => {
                    return Err(BoardRowError::SquareWithBlanks { position: position + 1, found: c })
                }
                _ => return Err(BoardRowError::Square { position: position + 1, found: c }),
            };
        }
        Ok(row)
    }

    /// Sets row `row` (0 = top, `y = 7`) to `squares`, left to right.
    pub fn set_row(&mut self, row: usize, squares: [Option<Tile>; BOARD_SIZE]) {
        self.squares[row * BOARD_SIZE..(row + 1) * BOARD_SIZE].copy_from_slice(&squares);
    }

    /// The board as the 15 rows of a position file, top first, `.` for empty squares and a lower-case
    /// letter for a blank.
    pub fn to_rows(&self) -> Vec<String> {
        self.squares
            .chunks(BOARD_SIZE)
            .map(|row| row.iter().map(|square| square.map_or('.', Tile::to_char)).collect())
            .collect()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_rows()).finish()
    }
}

/// The column labels: the absolute values of `x` from `-7` to `7`.
const LABELS: &str = " 765432101234567";

impl fmt::Display for Board {
    /// The printed form: a label line, then rows `y = 7` down to `y = -7` each as
    /// `|y|`, 15 squares (a space when empty, a lower-case letter for a blank), `|y|`, then the label
    /// line again.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{LABELS}")?;
        for (row, squares) in self.squares.chunks(BOARD_SIZE).enumerate() {
            let label = (RADIUS - row as i32).abs();
            let squares: String = squares.iter().map(|square| square.map_or(' ', Tile::to_char)).collect();
            writeln!(f, "{label}{squares}{label}")?;
        }
        writeln!(f, "{LABELS}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: char) -> Option<Letter> {
        Letter::from_char(c)
    }

    #[test]
    fn coordinates_follow_the_spec() {
        let centre = Square::new(0, 0).unwrap();
        assert_eq!(centre, Square::CENTRE);
        assert_eq!((centre.row(), centre.column()), (7, 7));
        assert_eq!(Square::new(-7, 7).unwrap().index(), 0);
        assert_eq!(Square::new(7, -7).unwrap().index(), 224);
        assert_eq!(Square::new(8, 0), None);
        assert_eq!(Square::new(0, -8), None);
        let square = Square::new(2, -3).unwrap();
        assert_eq!((square.x(), square.y()), (2, -3));
        assert_eq!(square.next(Direction::Horizontal), Square::new(3, -3));
        assert_eq!(square.next(Direction::Vertical), Square::new(2, -4));
        assert_eq!(square.previous(Direction::Vertical), Square::new(2, -2));
        assert_eq!(Square::new(7, 0).unwrap().next(Direction::Horizontal), None);
        assert_eq!(Square::new(0, -7).unwrap().next(Direction::Vertical), None);
        assert_eq!(Square::new(-7, 7).unwrap().neighbours().count(), 2);
        assert_eq!(Square::all().count(), 225);
        assert_eq!(square.to_string(), "2 -3");
    }

    #[test]
    fn directions_read_and_print() {
        assert_eq!("horizontal".parse(), Ok(Direction::Horizontal));
        assert_eq!("Vertical".parse(), Ok(Direction::Vertical));
        assert_eq!(
            "diagonal".parse::<Direction>().unwrap_err().to_string(),
            "'diagonal' is not a direction (horizontal or vertical)"
        );
        assert_eq!(Direction::Vertical.to_string(), "vertical");
        assert_eq!(Direction::Horizontal.other(), Direction::Vertical);
    }

    #[test]
    fn prints_the_assignment_board_byte_for_byte() {
        // The board of the assignment: SAY, L, WOULD, HELLO, ARE, L, D.
        let mut board = Board::new();
        let words: [(&str, i32, i32, Direction); 7] = [
            ("SAY", 3, 3, Direction::Horizontal),
            ("L", 4, 2, Direction::Horizontal),
            ("WOULD", 1, 1, Direction::Horizontal),
            ("HELLO", -3, 0, Direction::Horizontal),
            ("ARE", 0, -1, Direction::Horizontal),
            ("L", 1, -2, Direction::Horizontal),
            ("D", 1, -3, Direction::Horizontal),
        ];
        for (word, x, y, direction) in words {
            let mut square = Square::new(x, y);
            for c in word.chars() {
                board.set(square.unwrap(), letter(c));
                square = square.unwrap().next(direction);
            }
        }
        let expected = concat!(
            " 765432101234567\n",
            "7               7\n",
            "6               6\n",
            "5               5\n",
            "4               4\n",
            "3          SAY  3\n",
            "2           L   2\n",
            "1        WOULD  1\n",
            "0    HELLO      0\n",
            "1       ARE     1\n",
            "2        L      2\n",
            "3        D      3\n",
            "4               4\n",
            "5               5\n",
            "6               6\n",
            "7               7\n",
            " 765432101234567\n",
        );
        assert_eq!(board.to_string(), expected);
        assert_eq!(board.to_rows()[4], "..........SAY..");
    }

    #[test]
    fn rows_read_letters_and_dots_only() {
        let row = Board::parse_row("......CAT......").unwrap();
        assert_eq!(row[6], letter('C').map(Tile::letter));
        assert_eq!(row[5], None);
        assert_eq!(Board::parse_row("...").unwrap_err().to_string(), "3 squares, a row has 15");
        assert_eq!(
            Board::parse_row("......cAT......").unwrap_err().to_string(),
            "character 7: 'c' is neither an upper-case letter A to Z nor '.'"
        );
        let mut board = Board::new();
        assert!(board.is_empty() && !board.is_full());
        board.set_row(0, row);
        assert_eq!(board.get(Square::new(-1, 7).unwrap()), letter('C'));
        assert!(!board.is_empty());
    }

    #[test]
    fn blanks_are_lower_case_letters_where_allowed() {
        let row = Board::parse_row_with_blanks("......CaT......").unwrap();
        assert_eq!(row[7], letter('A').map(Tile::blank));
        assert_eq!(
            Board::parse_row_with_blanks("......C?T......").unwrap_err().to_string(),
            "character 8: '?' is neither a letter (lower-case for a blank) nor '.'"
        );
        let mut board = Board::new();
        assert!(!board.has_blanks());
        board.set_row(7, row);
        assert!(board.has_blanks());
        assert_eq!(board.get(Square::new(0, 0).unwrap()), letter('A'));
        assert_eq!(board.tile(Square::new(0, 0).unwrap()), letter('A').map(Tile::blank));
        assert_eq!(board.to_rows()[7], "......CaT......");
        assert_eq!(board.to_string().lines().nth(8), Some("0      CaT      0"));
    }
}
