//! The notation Scrabble players and engines write (GCG files, Quackle), used under the standard rules:
//! columns `A` to `O` from the left, rows `1` to `15` from the top, so the centre is `H8`; a play
//! across is written with its row first (`8H WORD`), a play down with its column first (`H8 WORD`);
//! the whole word is written, letters already on the board in parentheses (`8G (CAT)S`, or `.` for
//! each, `8G ...S`), a blank as the lower-case letter it stands for.
//!
//! The printed board under the standard rules shows these coordinates and the premium squares, in
//! Quackle's plain-text symbols: `=` triple word, `-` double word, `"` triple letter, `'` double letter,
//! and `*` the centre (a double word).

use std::fmt::Write;

use crate::board::rules::{Rules, RulesName};
use crate::board::{Board, Direction, Square, BOARD_SIZE, RADIUS};
use crate::movegen::moves::Move;
use crate::play::Play;
use crate::quote::quote;
use crate::tiles::letter::{Letter, Tile};

/// Why a text is not a play in the standard notation on a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a coordinate and a word.
    #[error("write a play as 8H WORD (across, row first) or H8 WORD (down, column first)")]
    Shape,
    /// A character that is no letter, `.`, `(` or `)`, or unbalanced parentheses.
    #[error("'{0}' is not a word: letters, a lower-case letter for a blank, and ( ) or . around letters on the board")]
    Word(String),
    /// The word runs off the board.
    #[error("the word runs off the board after {0}")]
    OffBoard(String),
    /// A letter in parentheses (or a `.`) on an empty square.
    #[error("{0} is empty: only letters on the board go in parentheses or as '.'")]
    Empty(String),
    /// A letter that differs from the tile on its square.
    #[error("{square} holds {tile}, not {letter}")]
    Mismatch {
        /// The square's name.
        square: String,
        /// The tile there.
        tile: char,
        /// The letter written.
        letter: char,
    },
}

/// The name of `square`: its column letter and row number, `H8` for the centre.
pub fn square_name(square: Square) -> String {
    format!("{}{}", column_letter(square), square.row() + 1)
}

fn column_letter(square: Square) -> char {
    char::from(b'A' + square.column() as u8)
}

/// Where a play starts and which way it goes: `8H` across (row first), `H8` down (column first).
pub fn coordinate(square: Square, direction: Direction) -> String {
    match direction {
        Direction::Horizontal => format!("{}{}", square.row() + 1, column_letter(square)),
        Direction::Vertical => square_name(square),
    }
}

/// Reads a square's name (`H8`, either case) as the start square prompt takes it.
pub fn parse_square_name(text: &str) -> Option<Square> {
    match parse_coordinate(text)? {
        (square, Direction::Vertical) => Some(square),
        _ => None,
    }
}

/// Reads `8H` (across) or `H8` (down), either case.
pub fn parse_coordinate(text: &str) -> Option<(Square, Direction)> {
    let text = text.to_ascii_uppercase();
    let split = |letter_first: bool| {
        let (letter, number) = if letter_first {
            (text.get(..1)?, text.get(1..)?)
        } else {
            (text.get(text.len().checked_sub(1)?..)?, text.get(..text.len() - 1)?)
        };
        let column = letter.bytes().next().filter(|byte| (b'A'..=b'O').contains(byte))? - b'A';
        if number.is_empty() || !number.bytes().all(|byte| byte.is_ascii_digit()) || number.starts_with('0') {
            return None;
        }
        let row: usize = number.parse().ok().filter(|row| (1..=BOARD_SIZE).contains(row))?;
        Some(Square::at(row - 1, column as usize))
    };
    if let Some(square) = split(true) {
        return Some((square, Direction::Vertical));
    }
    split(false).map(|square| (square, Direction::Horizontal))
}

/// Whether `text` is shaped as a play in this notation (a coordinate and a word, either order),
/// without looking at a board.
pub fn is_standard_play(text: &str) -> bool {
    split_play(text).is_some()
}

fn split_play(text: &str) -> Option<((Square, Direction), &str)> {
    match text.split_whitespace().collect::<Vec<_>>()[..] {
        [first, second] => match (parse_coordinate(first), parse_coordinate(second)) {
            (Some(coordinate), None) => Some((coordinate, second)),
            (None, Some(coordinate)) => Some((coordinate, first)),
            _ => None,
        },
        _ => None,
    }
}

/// Reads a play written `8H WORD`, `H8 WORD`, `WORD 8H` or `WORD H8` on `board`: the word whole,
/// letters on the board in parentheses or as `.` (or written plainly where they match the tile), a
/// lower-case letter a blank. Returns the [`Play`] of the tiles it places, from the word's first square.
///
/// # Errors
/// Not a coordinate and a word, a bad character, the word off the board, or a letter that disagrees
/// with the board.
pub fn parse_play(text: &str, board: &Board) -> Result<Play, NotationError> {
    let ((start, direction), word) = split_play(text).ok_or(NotationError::Shape)?;
    let bad_word = || NotationError::Word(quote(word));
    let mut tiles = Vec::new();
    let mut square = Some(start);
    let mut previous = start;
    let mut through = false;
    for c in word.chars() {
        match c {
            '(' if !through => through = true,
            ')' if through => through = false,
            '.' | 'A'..='Z' | 'a'..='z' => {
                let here = square.ok_or_else(|| NotationError::OffBoard(square_name(previous)))?;
                let letter = Letter::from_char(c.to_ascii_uppercase());
                match board.tile(here) {
                    Some(tile) => {
                        if let Some(letter) = letter.filter(|&letter| letter != tile.letter) {
                            return Err(NotationError::Mismatch {
                                square: square_name(here),
                                tile: tile.to_char(),
                                letter: letter.to_char(),
                            });
                        }
                    }
                    None if through || c == '.' => return Err(NotationError::Empty(square_name(here))),
                    None => {
                        tiles.push(Tile { letter: letter.expect("a letter"), blank: c.is_ascii_lowercase() })
                    }
                }
                previous = here;
                square = here.next(direction);
            }
            _ => return Err(bad_word()),
        }
    }
    if through || word.is_empty() {
        return Err(bad_word());
    }
    Ok(Play { tiles, x: start.x(), y: start.y(), direction })
}

/// `play` on `board` in this notation, before it is made: the coordinate of the first square of its
/// word (tiles on the board just before its start square belong to it), then the word to the end of
/// the run of tiles, tiles already on the board in parentheses (`8G (CaT)S`). A play that runs off the
/// board lists its remaining tiles after the last square.
pub fn format_play(play: &Play, board: &Board) -> String {
    let Some(mut start) = Square::new(play.x, play.y) else {
        return format!("{} {} {}", crate::tiles::letter::tiles_to_string(&play.tiles), play.x, play.y);
    };
    while let Some(before) = start.previous(play.direction).filter(|&square| board.tile(square).is_some()) {
        start = before;
    }
    let mut text = format!("{} ", coordinate(start, play.direction));
    let mut tiles = play.tiles.iter();
    let mut square = Some(start);
    let mut through = false;
    let mut pending = tiles.next();
    while let Some(here) = square {
        match (board.tile(here), pending) {
            (Some(tile), _) => {
                if !through {
                    text.push('(');
                    through = true;
                }
                text.push(tile.to_char());
            }
            (None, Some(tile)) => {
                if through {
                    text.push(')');
                    through = false;
                }
                text.push(tile.to_char());
                pending = tiles.next();
            }
            (None, None) => break,
        }
        square = here.next(play.direction);
    }
    if through {
        text.push(')');
    }
    for tile in pending.into_iter().chain(tiles) {
        text.push(tile.to_char());
    }
    text
}

/// A listed play in this notation: `SCORE COORDINATE WORD`, for example `25 5F GARI`.
pub fn format_move(listed: &Move, board: &Board) -> String {
    format!("{} {}", listed.score, format_play(&listed.play(), board))
}

/// `play` on `board` as `rules` write it: in this notation under the standard rules ([`format_play`]),
/// else the spec's `LETTERS x y direction`.
pub fn written_play(play: &Play, board: &Board, rules: &Rules) -> String {
    match rules.name() {
        RulesName::Standard => format_play(play, board),
        RulesName::Lab => play.to_string(),
    }
}

/// A listed play on `board` as `rules` write it: `SCORE COORDINATE WORD` under the standard rules
/// ([`format_move`]), else the spec's `SCORE WORD x y direction LETTERS`.
pub fn written_move(listed: &Move, board: &Board, rules: &Rules) -> String {
    match rules.name() {
        RulesName::Standard => format_move(listed, board),
        RulesName::Lab => listed.to_string(),
    }
}

/// The board under the standard rules: columns `A`–`O` above and below, rows `1`–`15` on both sides,
/// each square a letter (lower case for a blank), a premium symbol or `.`, then a legend.
pub fn board_text(board: &Board, rules: &Rules) -> String {
    let columns: String =
        (0..BOARD_SIZE).map(|column| format!(" {}", char::from(b'A' + column as u8))).collect();
    let mut text = format!("   {columns}\n");
    for row in 0..BOARD_SIZE {
        let _ = write!(text, "{:>2} ", row + 1);
        for column in 0..BOARD_SIZE {
            let square = Square::at(row, column);
            let symbol = match board.tile(square) {
                Some(tile) => tile.to_char(),
                None if square == Square::CENTRE => '*',
                None => match rules.premium(square) {
                    premium if premium.word == 3 => '=',
                    premium if premium.word == 2 => '-',
                    premium if premium.letter == 3 => '"',
                    premium if premium.letter == 2 => '\'',
                    _ => '.',
                },
            };
            let _ = write!(text, " {symbol}");
        }
        let _ = writeln!(text, "  {}", row + 1);
    }
    let _ = writeln!(text, "   {columns}");
    text.push_str("    = triple word  - double word  \" triple letter  ' double letter  * centre\n");
    text
}

const _: () = assert!(RADIUS == 7, "columns A to O and rows 1 to 15");

#[cfg(test)]
mod tests {
    use super::*;

    fn square(x: i32, y: i32) -> Square {
        Square::new(x, y).unwrap()
    }

    /// The assignment's board: HELLO across through the centre, then ARE under it.
    fn board() -> Board {
        let mut board = Board::new();
        for (i, c) in "HELLO".chars().enumerate() {
            board.set(square(-3 + i as i32, 0), Letter::from_char(c));
        }
        board.place(square(1, -1), Tile { letter: Letter::from_char('R').unwrap(), blank: true });
        board
    }

    #[test]
    fn coordinates_name_the_column_then_the_row_for_down_and_the_reverse_across() {
        assert_eq!(square_name(Square::CENTRE), "H8");
        assert_eq!(square_name(square(-7, 7)), "A1");
        assert_eq!(square_name(square(7, -7)), "O15");
        assert_eq!(coordinate(square(-1, 0), Direction::Horizontal), "8G");
        assert_eq!(coordinate(square(-1, 0), Direction::Vertical), "G8");
        assert_eq!(parse_coordinate("8g"), Some((square(-1, 0), Direction::Horizontal)));
        assert_eq!(parse_coordinate("O15"), Some((square(7, -7), Direction::Vertical)));
        assert_eq!(parse_coordinate("15A"), Some((square(-7, -7), Direction::Horizontal)));
        for bad in ["P1", "A16", "A0", "A08", "8", "H", "", "HH", "8H8"] {
            assert_eq!(parse_coordinate(bad), None, "{bad}");
        }
        assert_eq!(parse_square_name("h8"), Some(Square::CENTRE));
        assert_eq!(parse_square_name("8H"), None);
    }

    #[test]
    fn plays_are_read_with_letters_on_the_board_in_parentheses_dots_or_plain() {
        let board = board();
        let play = |text: &str| parse_play(text, &board).map(|play| play.to_string());
        // HELLO + S: all four forms, and the coordinate after the word.
        for text in ["8E (HELLO)S", "8E .....S", "8E HELLOS", "8e (HEL)LOS", "HELLOS 8E"] {
            assert_eq!(play(text), Ok("S -3 0 horizontal".into()), "{text}");
        }
        // FORE down column I through the O of HELLO and the blank R below it.
        assert_eq!(play("I7 F(Or)E"), Ok("FE 1 1 vertical".into()));
        assert_eq!(play("i7 f(OR)e"), Ok("fe 1 1 vertical".into()));
        assert_eq!(
            play("H8 MOO"),
            Err(NotationError::Mismatch { square: "H8".into(), tile: 'L', letter: 'M' })
        );
        assert_eq!(play("8A (AB)"), Err(NotationError::Empty("A8".into())));
        assert_eq!(play("8N ABC"), Err(NotationError::OffBoard("O8".into())));
        assert_eq!(play("8A A-B"), Err(NotationError::Word("A-B".into())));
        assert_eq!(play("8E (H"), Err(NotationError::Word("(H".into())));
        assert_eq!(play("AB CD"), Err(NotationError::Shape));
        assert_eq!(play("8H 9H"), Err(NotationError::Shape));
        assert!(is_standard_play("WORD 8H") && !is_standard_play("AE 0 -1 horizontal"));
    }

    #[test]
    fn plays_are_written_with_the_board_letters_in_parentheses() {
        let board = board();
        let written = |text: &str| format_play(&Play::parse_with_blanks(text).unwrap(), &board);
        assert_eq!(written("S -3 0 horizontal"), "8E (HELLO)S");
        assert_eq!(written("S 2 0 horizontal"), "8E (HELLO)S");
        assert_eq!(written("FE 1 1 vertical"), "I7 F(Or)E");
        assert_eq!(written("XY -2 1 horizontal"), "7F XY");
        assert_eq!(written("aB 0 1 vertical"), "H7 a(L)B");
        // Off the board: the tiles left over follow.
        assert_eq!(written("ABC 6 3 horizontal"), "5N ABC");
    }

    #[test]
    fn the_standard_board_shows_coordinates_premiums_and_a_legend() {
        let text = board_text(&board(), &Rules::standard());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[0], "    A B C D E F G H I J K L M N O");
        assert_eq!(lines[1], " 1  = . . ' . . . = . . . ' . . =  1");
        assert_eq!(lines[2], " 2  . - . . . \" . . . \" . . . - .  2");
        assert_eq!(lines[8], " 8  = . . ' H E L L O . . ' . . =  8");
        assert_eq!(lines[9], " 9  . . ' . . . ' . r . . . ' . .  9");
        assert_eq!(lines[15], "15  = . . ' . . . = . . . ' . . =  15");
        assert_eq!(lines[16], lines[0]);
        assert_eq!(
            lines[17],
            "    = triple word  - double word  \" triple letter  ' double letter  * centre"
        );
        assert!(
            board_text(&Board::new(), &Rules::standard()).contains(" 8  = . . ' . . . * . . . ' . . =  8\n")
        );
    }
}
