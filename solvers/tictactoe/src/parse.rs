//! Reading a game the way C's `scanf("%d")` and `scanf(" %c")` would: tokens separated by any white
//! space, one byte at a time, with errors that name the line (the first line is line 1).

use std::fmt;

/// The largest board parameter `n` accepted (the board is `n² × n²` cells).
pub const MAX_SIZE: usize = 100;

/// Longest piece of an offending token quoted in an error message, in characters (`…` follows a
/// longer token).
const QUOTE_LIMIT: usize = 60;

/// U+FEFF in UTF-8, which some editors write at the start of a text file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// A number is read saturating at this magnitude: anything past 32 bits stays past it without overflow.
const SATURATION: u64 = 1 << 33;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Player {
    /// `X`, who always moves first.
    X,
    /// `0` (the digit zero), who moves second.
    Zero,
}

impl Player {
    /// Both players in the order they move and are reported: `X`, then `0`.
    pub const BOTH: [Player; 2] = [Player::X, Player::Zero];

    /// The player's symbol on the boards and in the output: `'X'` or `'0'`.
    pub fn symbol(self) -> char {
        match self {
            Player::X => 'X',
            Player::Zero => '0',
        }
    }

    /// The player who moves after this one.
    pub fn opponent(self) -> Player {
        match self {
            Player::X => Player::Zero,
            Player::Zero => Player::X,
        }
    }

    /// 0 for `X`, 1 for `0`: the index of the player in per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A move as written in the file: `P x y`, not yet checked against the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerMove {
    /// Who claims to move.
    pub player: Player,
    /// `x`: the board row asked for, 0 at the top; any 32-bit value.
    pub row: i32,
    /// `y`: the board column asked for, 0 at the left; any 32-bit value.
    pub column: i32,
}

/// Which number of the file an error is about, named as in the messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveField {
    /// `n`, the size of a miniboard side.
    Size,
    /// `m`, the number of moves.
    MoveCount,
    /// `x` of the move with this number (moves count from 1).
    Row(u32),
    /// `y` of the move with this number (moves count from 1).
    Column(u32),
}

impl fmt::Display for MoveField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveField::Size => f.write_str("the board size n"),
            MoveField::MoveCount => f.write_str("the number of moves m"),
            MoveField::Row(number) => write!(f, "the row x of move {number}"),
            MoveField::Column(number) => write!(f, "the column y of move {number}"),
        }
    }
}

/// Why a game file was rejected; only the first problem in file order is reported.
///
/// `Display` gives the message with its line, for example
/// `line 3: expected the row x of move 2, found "a"`. Lines count from 1; at the end of the file the line
/// is that of the last token read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameFileError {
    /// The token where a player or a number was expected holds bytes that are not UTF-8: every
    /// family's words for them ([`solvebatch_core::text::not_utf8`]).
    #[error("{}", solvebatch_core::text::not_utf8(*line))]
    NotUtf8 {
        /// The line of the token.
        line: usize,
    },
    /// The file ends where a number was expected.
    #[error("line {line}: expected {field}, found end of input")]
    Missing {
        /// The line of the last token read, or 1 for an empty file.
        line: usize,
        /// The number that is missing.
        field: MoveField,
    },
    /// A token where a number was expected is not an optionally signed decimal integer.
    #[error("line {line}: expected {field}, found \"{found}\"")]
    NotANumber {
        /// The line of the token.
        line: usize,
        /// The number expected.
        field: MoveField,
        /// The token (at most 40 bytes of it, invalid UTF-8 replaced).
        found: String,
    },
    /// A number does not fit in a 32-bit signed integer.
    #[error("line {line}: {field} is outside the 32-bit range, found {found}")]
    OutOfRange {
        /// The line of the number.
        line: usize,
        /// Which number.
        field: MoveField,
        /// The number as written (at most 40 bytes of it).
        found: String,
    },
    /// A move's first token is not `X` or `0`.
    #[error("line {line}: the player of move {number} must be X or 0, found \"{found}\"")]
    NotAPlayer {
        /// The line of the token.
        line: usize,
        /// The move, counted from 1.
        number: u32,
        /// The token (at most 40 bytes of it, invalid UTF-8 replaced).
        found: String,
    },
    /// `n` is outside `1..=100`.
    #[error("line {line}: the board size n must be between 1 and 100, found {n}")]
    Size {
        /// The line of `n`.
        line: usize,
        /// The value read.
        n: i32,
    },
    /// `m` is negative.
    #[error("line {line}: the number of moves m must not be negative, found {m}")]
    NegativeMoveCount {
        /// The line of `m`.
        line: usize,
        /// The value read.
        m: i32,
    },
    /// The file ends before move `read + 1` of `expected`.
    #[error("line {line}: the file ends after {read} of {expected} moves")]
    TooFewMoves {
        /// The line of the last token read.
        line: usize,
        /// Complete moves read.
        read: u32,
        /// `m`.
        expected: u32,
    },
}

/// A game whose header has been read; the moves are read lazily by [`GameFile::moves`], so replaying a
/// file needs memory for the board only, not for its moves.
#[derive(Debug, Clone)]
pub struct GameFile<'a> {
    /// `n`: the side of a miniboard in cells and of the macroboard in miniboards, in `1..=100`.
    pub size: usize,
    /// `m`: the number of moves the file announces.
    pub move_count: u32,
    /// The `m` moves, in file order; whatever follows them is never read.
    pub moves: PlayerMoves<'a>,
}

/// Reads the header `n m` of a game file; the moves follow lazily in [`GameFile::moves`]. A UTF-8 byte
/// order mark at the start of `text` is dropped, as some editors write one.
///
/// # Errors
/// [`GameFileError`] for a missing, non-numeric or out-of-range `n` or `m` (`n` must be in `1..=100`, `m`
/// must not be negative).
///
/// ```
/// use solvebatch_tictactoe::{parse, PlayerMove, Player};
///
/// let game = parse(b"3 2\nX 0 0\n0 -1 4\n").unwrap();
/// assert_eq!((game.size, game.move_count), (3, 2));
/// let moves: Vec<PlayerMove> = game.moves.collect::<Result<_, _>>().unwrap();
/// assert_eq!(moves[1], PlayerMove { player: Player::Zero, row: -1, column: 4 });
/// assert_eq!(parse(b"3 x").unwrap_err().to_string(),
///            "line 1: expected the number of moves m, found \"x\"");
/// ```
pub fn parse(text: &[u8]) -> Result<GameFile<'_>, GameFileError> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let mut reader = Reader { text, position: 0, line: 1, token_line: 1 };
    let n = reader.number(MoveField::Size)?;
    if n < 1 || n as usize > MAX_SIZE {
        return Err(GameFileError::Size { line: reader.token_line, n });
    }
    let m = reader.number(MoveField::MoveCount)?;
    if m < 0 {
        return Err(GameFileError::NegativeMoveCount { line: reader.token_line, m });
    }
    let move_count = m as u32;
    Ok(GameFile {
        size: n as usize,
        move_count,
        moves: PlayerMoves { reader, read: 0, expected: move_count },
    })
}

/// The moves of a [`GameFile`], read one at a time from the text; an iterator of `Result<PlayerMove, GameFileError>`
/// that ends after `m` moves or after its first error.
#[derive(Debug, Clone)]
pub struct PlayerMoves<'a> {
    reader: Reader<'a>,
    read: u32,
    expected: u32,
}

impl Iterator for PlayerMoves<'_> {
    type Item = Result<PlayerMove, GameFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.read == self.expected {
            return None;
        }
        let number = self.read + 1;
        let result = self.read_move(number);
        // An error ends the iteration: nothing after it is trustworthy.
        self.read = if result.is_ok() { number } else { self.expected };
        Some(result)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some((self.expected - self.read) as usize))
    }
}

impl PlayerMoves<'_> {
    fn read_move(&mut self, number: u32) -> Result<PlayerMove, GameFileError> {
        let player = self.reader.player(number, self.read, self.expected)?;
        let row = self.reader.number(MoveField::Row(number))?;
        let column = self.reader.number(MoveField::Column(number))?;
        Ok(PlayerMove { player, row, column })
    }
}

/// A position in the text and the line it is on.
#[derive(Debug, Clone)]
struct Reader<'a> {
    text: &'a [u8],
    position: usize,
    /// The line of `position`.
    line: usize,
    /// The line of the last token read: where end-of-input errors point.
    token_line: usize,
}

/// White space as C's `isspace` sees it in the "C" locale.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\n' | b'\t' | b'\r' | 0x0b | 0x0c)
}

impl<'a> Reader<'a> {
    /// Skips white space and returns the next byte, if any, leaving `position` on it.
    fn next_token_start(&mut self) -> Option<u8> {
        while let Some(&byte) = self.text.get(self.position) {
            if byte == b'\n' {
                self.line += 1;
            } else if !is_space(byte) {
                self.token_line = self.line;
                return Some(byte);
            }
            self.position += 1;
        }
        None
    }

    /// The token starting at `position`, shortened for quoting in a message: its first
    /// [`QUOTE_LIMIT`] characters, with `…` after a longer token.
    fn quote_token(&self) -> String {
        let rest = &self.text[self.position..];
        let end = rest.iter().position(|&byte| is_space(byte)).unwrap_or(rest.len());
        // A character takes at most 4 bytes: decoding a bounded prefix keeps the cost independent of
        // the token's length.
        let token = String::from_utf8_lossy(&rest[..end.min(4 * QUOTE_LIMIT + 4)]);
        match token.char_indices().nth(QUOTE_LIMIT) {
            Some((cut, _)) => format!("{}…", &token[..cut]),
            None => token.into_owned(),
        }
    }

    fn at_token_end(&self, index: usize) -> bool {
        !matches!(self.text.get(index), Some(&byte) if !is_space(byte))
    }

    /// Reads a player token: exactly `X` or `0`.
    fn player(&mut self, number: u32, read: u32, expected: u32) -> Result<Player, GameFileError> {
        let Some(first) = self.next_token_start() else {
            return Err(GameFileError::TooFewMoves { line: self.token_line, read, expected });
        };
        let player = match first {
            b'X' => Player::X,
            b'0' => Player::Zero,
            _ => return Err(self.not_a_player(number)),
        };
        if !self.at_token_end(self.position + 1) {
            return Err(self.not_a_player(number));
        }
        self.position += 1;
        Ok(player)
    }

    fn not_a_player(&self, number: u32) -> GameFileError {
        self.not_utf8().unwrap_or_else(|| GameFileError::NotAPlayer {
            line: self.token_line,
            number,
            found: self.quote_token(),
        })
    }

    /// [`GameFileError::NotUtf8`] when the token starting at `position` holds bytes that are not
    /// UTF-8: a token that is no player and no number is named so rather than quoted.
    fn not_utf8(&self) -> Option<GameFileError> {
        let rest = &self.text[self.position..];
        let end = rest.iter().position(|&byte| is_space(byte)).unwrap_or(rest.len());
        std::str::from_utf8(&rest[..end]).is_err().then_some(GameFileError::NotUtf8 { line: self.token_line })
    }

    /// Reads a 32-bit signed decimal integer token (`scanf("%d")` with a leading `+` or `-` allowed).
    fn number(&mut self, field: MoveField) -> Result<i32, GameFileError> {
        let Some(first) = self.next_token_start() else {
            return Err(GameFileError::Missing { line: self.token_line, field });
        };
        let negative = first == b'-';
        let digits_start = self.position + usize::from(matches!(first, b'-' | b'+'));
        let mut index = digits_start;
        let mut magnitude: u64 = 0;
        while let Some(&byte) = self.text.get(index) {
            let digit = byte.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            magnitude = (magnitude * 10 + u64::from(digit)).min(SATURATION);
            index += 1;
        }
        if index == digits_start || !self.at_token_end(index) {
            return Err(self.not_utf8().unwrap_or_else(|| GameFileError::NotANumber {
                line: self.token_line,
                field,
                found: self.quote_token(),
            }));
        }
        let value = if negative { -(magnitude as i64) } else { magnitude as i64 };
        let value = i32::try_from(value).map_err(|_| GameFileError::OutOfRange {
            line: self.token_line,
            field,
            found: self.quote_token(),
        })?;
        self.position = index;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &str) -> Result<Vec<PlayerMove>, GameFileError> {
        parse(text.as_bytes())?.moves.collect()
    }

    fn error(text: &str) -> String {
        moves(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_tokens_across_any_white_space() {
        let read = moves("  2\t\n2\r\n X\n\n 1 \x0b 2\x0c0 -3\n+4").unwrap();
        assert_eq!(
            read,
            vec![
                PlayerMove { player: Player::X, row: 1, column: 2 },
                PlayerMove { player: Player::Zero, row: -3, column: 4 },
            ]
        );
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped() {
        assert_eq!(
            moves("\u{feff}1 1\nX 0 0").unwrap(),
            vec![PlayerMove { player: Player::X, row: 0, column: 0 }]
        );
        assert_eq!(error("\u{feff}\n\nx"), "line 3: expected the board size n, found \"x\"");
        // Only at the start: anywhere else it is a token like any other.
        assert_eq!(error("3 \u{feff}1"), "line 1: expected the number of moves m, found \"\u{feff}1\"");
        assert_eq!(error("\u{feff}\u{feff}3 1"), "line 1: expected the board size n, found \"\u{feff}3\"");
    }

    #[test]
    fn ignores_everything_after_the_last_move() {
        let read = moves("1 1\nX 0 0\nthis is not a move\n0 x y").unwrap();
        assert_eq!(read, vec![PlayerMove { player: Player::X, row: 0, column: 0 }]);
        assert_eq!(moves("1 0 garbage").unwrap(), vec![]);
    }

    #[test]
    fn reads_the_32_bit_extremes() {
        let read = moves("3 1\nX -2147483648 2147483647").unwrap();
        assert_eq!(read, vec![PlayerMove { player: Player::X, row: i32::MIN, column: i32::MAX }]);
        assert_eq!(moves("3 1\nX -0 +007").unwrap()[0], PlayerMove { player: Player::X, row: 0, column: 7 });
        let zeros = moves("3 1\nX 000000000000000000002147483647 -000000000000002147483648").unwrap();
        assert_eq!(zeros[0], PlayerMove { player: Player::X, row: i32::MAX, column: i32::MIN });
    }

    #[test]
    fn rejects_values_outside_32_bits() {
        assert_eq!(
            error("3 1\nX 2147483648 0"),
            "line 2: the row x of move 1 is outside the 32-bit range, found 2147483648"
        );
        assert_eq!(
            error("3 1\nX 0\n-2147483649"),
            "line 3: the column y of move 1 is outside the 32-bit range, found -2147483649"
        );
        assert_eq!(
            error("3 99999999999999999999999999"),
            "line 1: the number of moves m is outside the 32-bit range, found 99999999999999999999999999"
        );
    }

    #[test]
    fn rejects_non_numeric_numbers() {
        assert_eq!(error("three 1"), "line 1: expected the board size n, found \"three\"");
        let long = "7".repeat(1 << 20);
        assert_eq!(
            error(&format!("3 1\nX 0 {long}x")),
            format!("line 2: expected the column y of move 1, found \"{}…\"", "7".repeat(60))
        );
        assert_eq!(error("3 1\n\nX 1 2a"), "line 3: expected the column y of move 1, found \"2a\"");
        assert_eq!(error("3 1\nX - 2"), "line 2: expected the row x of move 1, found \"-\"");
        assert_eq!(error("3 1\nX 1.5 2"), "line 2: expected the row x of move 1, found \"1.5\"");
    }

    #[test]
    fn rejects_missing_numbers() {
        assert_eq!(error(""), "line 1: expected the board size n, found end of input");
        assert_eq!(error("\n\n3\n\n"), "line 3: expected the number of moves m, found end of input");
        assert_eq!(error("3 2\nX 0 0\n0 1\n"), "line 3: expected the column y of move 2, found end of input");
    }

    #[test]
    fn rejects_players_other_than_x_and_zero() {
        assert_eq!(error("3 1\nO 0 0"), "line 2: the player of move 1 must be X or 0, found \"O\"");
        assert_eq!(error("3 2\nX 0 0\nx 0 1"), "line 3: the player of move 2 must be X or 0, found \"x\"");
        assert_eq!(error("3 1\nX0 0 0"), "line 2: the player of move 1 must be X or 0, found \"X0\"");
    }

    #[test]
    fn rejects_fewer_moves_than_announced() {
        assert_eq!(error("3 3\nX 0 0\n0 1 1\n\n"), "line 3: the file ends after 2 of 3 moves");
        assert_eq!(error("3 1"), "line 1: the file ends after 0 of 1 moves");
    }

    #[test]
    fn rejects_sizes_outside_1_to_100_and_negative_move_counts() {
        assert_eq!(error("0 1"), "line 1: the board size n must be between 1 and 100, found 0");
        assert_eq!(error("\n101 1"), "line 2: the board size n must be between 1 and 100, found 101");
        assert_eq!(error("-3 1"), "line 1: the board size n must be between 1 and 100, found -3");
        assert_eq!(error("3\n-1"), "line 2: the number of moves m must not be negative, found -1");
        assert_eq!(parse(b"100 0").unwrap().size, 100);
        assert_eq!(parse(b"1 0").unwrap().size, 1);
    }

    #[test]
    fn quotes_long_and_binary_tokens_shortened() {
        let long = "7".repeat(61);
        assert_eq!(
            error(&format!("3 1\nX {long} 0")),
            format!("line 2: the row x of move 1 is outside the 32-bit range, found {}…", &long[..60])
        );
        assert_eq!(
            moves("3 1\n\u{ff}x 0 0").unwrap_err().to_string(),
            "line 2: the player of move 1 must be X or 0, found \"\u{ff}x\""
        );
        // Bytes that are not UTF-8, in every family's words.
        let invalid_utf8 = |text: &[u8]| parse(text).unwrap().moves.next().unwrap().unwrap_err().to_string();
        assert_eq!(invalid_utf8(b"3 1\n\xff 0 0"), "line 2: not UTF-8 text");
        assert_eq!(invalid_utf8(b"3 1\nX 0\n1\xe9"), "line 3: not UTF-8 text");
        assert_eq!(parse(b"3\n\xe9").unwrap_err().to_string(), "line 2: not UTF-8 text");
    }

    #[test]
    fn stops_after_the_first_error() {
        let mut read = parse(b"3 3\nX a 0\nX 0 0\n0 1 1").unwrap().moves;
        assert!(read.next().unwrap().is_err());
        assert_eq!(read.next(), None);
    }
}
