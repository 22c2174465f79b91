//! Tile definitions: each letter's score and how many tiles of it the pool holds.
//!
//! The file format is one tile kind a line, `LETTER SCORE COUNT` separated by white space
//! (`A 1 9`, `e 1 12`), letters in either case, score and count non-negative integers; blank lines are
//! skipped, a UTF-8 byte order mark at the start is dropped. At most [`TILE_FILE_SIZE_LIMIT`] bytes are
//! read. [`TileSet::from_frequencies`] derives a set from a dictionary's letter counts by the spec's rule.
//!
//! The tiles themselves are here too: a [`Letter`], a [`Tile`](letter::Tile) (a letter or a blank standing for one)
//! and the [`Rack`](rack::Rack) of up to [`RACK_SIZE`](rack::RACK_SIZE) tiles.

pub mod letter;
pub mod rack;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::file::{read_at_most, ReadError};

use crate::quote::quote;
use crate::tiles::letter::{Letter, LETTER_COUNT};

/// The largest tile definition file read, in bytes: 64 KiB, hundreds of times the 26 lines it needs.
pub const TILE_FILE_SIZE_LIMIT: u64 = 64 << 10;

/// The number of tiles a generated pool holds.
pub const GENERATED_POOL_SIZE: u64 = 100;

/// The highest score a generated tile gets.
const GENERATED_MAX_SCORE: u64 = 10;

/// Score and count of every letter; a letter without a line in the file is undefined, which scores 0
/// and has no tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TileSet {
    /// `(score, count)` by letter index (`A` = 0), `None` for an undefined letter.
    kinds: [Option<(u32, u32)>; LETTER_COUNT],
}

/// The standard English set: `(letter, score, count)` (98 letter tiles; the two blanks are not letters).
const STANDARD: [(u8, u32, u32); LETTER_COUNT] = [
    (b'A', 1, 9),
    (b'B', 3, 2),
    (b'C', 3, 2),
    (b'D', 2, 4),
    (b'E', 1, 12),
    (b'F', 4, 2),
    (b'G', 2, 3),
    (b'H', 4, 2),
    (b'I', 1, 9),
    (b'J', 8, 1),
    (b'K', 5, 1),
    (b'L', 1, 4),
    (b'M', 3, 2),
    (b'N', 1, 6),
    (b'O', 1, 8),
    (b'P', 3, 2),
    (b'Q', 10, 1),
    (b'R', 1, 6),
    (b'S', 1, 4),
    (b'T', 1, 6),
    (b'U', 1, 4),
    (b'V', 4, 2),
    (b'W', 4, 2),
    (b'X', 8, 1),
    (b'Y', 4, 2),
    (b'Z', 10, 1),
];

/// The field of a tile definition line that an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileField {
    /// The first field, the letter.
    Letter,
    /// The second field, the score.
    Score,
    /// The third field, the number of tiles.
    Count,
}

impl fmt::Display for TileField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TileField::Letter => "letter",
            TileField::Score => "score",
            TileField::Count => "count",
        })
    }
}

/// What is wrong with a tile definition file; `line` is 1-based. Text quoted from the file is cut
/// to its first 60 characters, with `…` after them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileFileError {
    /// The line holds a byte sequence that is not UTF-8.
    #[error("line {line}: not UTF-8 text")]
    NotUtf8 {
        /// The 1-based line number.
        line: usize,
    },
    /// The line ends before this field.
    #[error("line {line}: {field}: missing")]
    Missing {
        /// The 1-based line number.
        line: usize,
        /// The missing field.
        field: TileField,
    },
    /// The first field is not one ASCII letter.
    #[error("line {line}: letter: '{text}' is not a single letter A to Z")]
    NotALetter {
        /// The 1-based line number.
        line: usize,
        /// The field as written.
        text: String,
    },
    /// The score or count has a character other than a digit.
    #[error("line {line}: {field}: '{text}' is not a non-negative integer")]
    NotANumber {
        /// The 1-based line number.
        line: usize,
        /// The score or the count.
        field: TileField,
        /// The field as written.
        text: String,
    },
    /// The score or count does not fit in 32 bits.
    #[error("line {line}: {field}: {text} is too large (at most 4294967295)")]
    TooLarge {
        /// The 1-based line number.
        line: usize,
        /// The score or the count.
        field: TileField,
        /// The field as written.
        text: String,
    },
    /// The letter already has a line.
    #[error("line {line}: letter: {letter} is already defined on line {first}")]
    Duplicate {
        /// The 1-based line number.
        line: usize,
        /// The letter, upper-case.
        letter: char,
        /// The line that defined it first.
        first: usize,
    },
    /// A fourth field.
    #[error("line {line}: unexpected '{text}' after the count")]
    Extra {
        /// The 1-based line number.
        line: usize,
        /// The first extra field.
        text: String,
    },
}

/// A tile definition file that cannot be used. Each message is complete (the file, then what is
/// wrong), so it has no separate source.
#[derive(Debug, thiserror::Error)]
pub enum TileLoadError {
    /// The file cannot be opened or read, is a folder, or is larger than [`TILE_FILE_SIZE_LIMIT`].
    #[error("{}: cannot read the tile definitions: {error}", path.display())]
    Read {
        /// The file as given.
        path: PathBuf,
        /// What went wrong.
        error: ReadError,
    },
    /// The file has a bad line.
    #[error("{}: {error}", path.display())]
    Parse {
        /// The file as given.
        path: PathBuf,
        /// The line and field at fault.
        error: TileFileError,
    },
}

impl TileSet {
    /// Reads the tile definition file at `path`: a regular file or a stream, of at most
    /// [`TILE_FILE_SIZE_LIMIT`] bytes.
    ///
    /// # Errors
    /// The file cannot be read, is a folder or larger than the limit, or has a bad line (one that is
    /// not UTF-8 included); each names `path`.
    pub fn load(path: &Path) -> Result<TileSet, TileLoadError> {
        TileSet::load_with_limit(path, TILE_FILE_SIZE_LIMIT)
    }

    /// [`TileSet::load`] with another size limit, in bytes.
    pub(crate) fn load_with_limit(path: &Path, limit: u64) -> Result<TileSet, TileLoadError> {
        let parse_error = |error| TileLoadError::Parse { path: path.to_path_buf(), error };
        let bytes = read_at_most(path, limit)
            .map_err(|error| TileLoadError::Read { path: path.to_path_buf(), error })?;
        let text = std::str::from_utf8(&bytes).map_err(|error| {
            let line = 1 + bytes[..error.valid_up_to()].iter().filter(|&&byte| byte == b'\n').count();
            parse_error(TileFileError::NotUtf8 { line })
        })?;
        TileSet::parse(text).map_err(parse_error)
    }

    /// The standard English tile set (the same as `datasets/scrabble/tiles.txt`).
    pub fn standard() -> TileSet {
        let mut kinds = [None; LETTER_COUNT];
        for (letter, score, count) in STANDARD {
            kinds[(letter - b'A') as usize] = Some((score, count));
        }
        TileSet { kinds }
    }

    /// Reads a tile definition file's text; a leading byte order mark (U+FEFF) is dropped.
    ///
    /// # Errors
    /// The first bad line, naming the line (1-based) and the field: a missing field, a letter that is
    /// not one ASCII letter, a score or count that is not a non-negative integer (or does not fit in 32
    /// bits), a letter defined twice, or text after the count.
    pub fn parse(text: &str) -> Result<TileSet, TileFileError> {
        let mut kinds = [None; LETTER_COUNT];
        let mut defined_on = [0usize; LETTER_COUNT];
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (number, content) in text.lines().enumerate() {
            let line = number + 1;
            let mut fields = content.split_whitespace();
            let Some(letter_text) = fields.next() else { continue };
            let mut chars = letter_text.chars();
            let letter = match (chars.next().and_then(Letter::from_char), chars.next()) {
                (Some(letter), None) => letter,
                _ => return Err(TileFileError::NotALetter { line, text: quote(letter_text) }),
            };
            let score = parse_number(fields.next(), line, TileField::Score)?;
            let count = parse_number(fields.next(), line, TileField::Count)?;
            if let Some(extra) = fields.next() {
                return Err(TileFileError::Extra { line, text: quote(extra) });
            }
            let first = defined_on[letter.index()];
            if first != 0 {
                return Err(TileFileError::Duplicate { line, letter: letter.to_char(), first });
            }
            defined_on[letter.index()] = line;
            kinds[letter.index()] = Some((score, count));
        }
        Ok(TileSet { kinds })
    }

    /// Derives a tile set from letter frequencies by the spec's rule. `frequencies[i]` is how often
    /// the letter with index `i` occurs across all dictionary words.
    ///
    /// Letters that never occur are undefined. Score = `clamp(round(f_max / f), 1, 10)` rounding halves
    /// up. Counts share a pool of 100: each letter starts at `max(1, floor(q))` with
    /// `q = 100 · f / F`; while the pool is short, the letter with the largest remainder `q - floor(q)`
    /// not yet raised gets one more; while it is over, the letter with the most tiles gives one up (ties
    /// in both: alphabetical).
    pub fn from_frequencies(frequencies: &[u64; LETTER_COUNT]) -> TileSet {
        let mut kinds = [None; LETTER_COUNT];
        let total: u64 = frequencies.iter().sum();
        let most = frequencies.iter().copied().max().unwrap_or(0);
        if total == 0 {
            return TileSet { kinds };
        }
        let present: Vec<usize> = (0..LETTER_COUNT).filter(|&i| frequencies[i] > 0).collect();
        let mut counts = [0u64; LETTER_COUNT];
        for &i in &present {
            counts[i] = (GENERATED_POOL_SIZE * frequencies[i] / total).max(1);
        }
        // The remainder q - floor(q), scaled by F to stay exact.
        let remainder = |i: usize| GENERATED_POOL_SIZE * frequencies[i] % total;
        let mut raised = [false; LETTER_COUNT];
        let mut pool: u64 = counts.iter().sum();
        while pool < GENERATED_POOL_SIZE {
            let Some(&pick) = present
                .iter()
                .filter(|&&i| !raised[i])
                .min_by_key(|&&i| (std::cmp::Reverse(remainder(i)), i))
            else {
                break;
            };
            raised[pick] = true;
            counts[pick] += 1;
            pool += 1;
        }
        while pool > GENERATED_POOL_SIZE {
            let pick = present.iter().copied().min_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
            let Some(pick) = pick else { break };
            counts[pick] -= 1;
            pool -= 1;
        }
        for &i in &present {
            let f = frequencies[i];
            // round(most / f) with halves up, as integers: floor((2 · most + f) / (2 · f)).
            let score = ((2 * most + f) / (2 * f)).clamp(1, GENERATED_MAX_SCORE);
            kinds[i] = Some((score as u32, counts[i] as u32));
        }
        TileSet { kinds }
    }

    /// The score of a tile of `letter`; 0 for an undefined letter.
    pub fn value(&self, letter: Letter) -> u32 {
        self.kinds[letter.index()].map_or(0, |(score, _)| score)
    }

    /// The scores of all letters, by letter index (`A` = 0); 0 for undefined letters.
    pub fn values(&self) -> [u32; LETTER_COUNT] {
        std::array::from_fn(|i| self.kinds[i].map_or(0, |(score, _)| score))
    }

    /// How many tiles of `letter` the pool holds; 0 for an undefined letter.
    pub fn count(&self, letter: Letter) -> u32 {
        self.kinds[letter.index()].map_or(0, |(_, count)| count)
    }

    /// Whether the definitions have a line for `letter`.
    pub fn is_defined(&self, letter: Letter) -> bool {
        self.kinds[letter.index()].is_some()
    }

    /// The tiles of the whole pool.
    pub fn pool_size(&self) -> u64 {
        self.kinds.iter().flatten().map(|&(_, count)| u64::from(count)).sum()
    }

    /// The tile definition file's text: one `LETTER SCORE COUNT` line per defined letter, sorted by
    /// letter, each ending in a newline.
    pub fn to_file_text(&self) -> String {
        Letter::all()
            .filter_map(|letter| {
                self.kinds[letter.index()].map(|(score, count)| format!("{letter} {score} {count}\n"))
            })
            .collect()
    }
}

fn parse_number(field: Option<&str>, line: usize, which: TileField) -> Result<u32, TileFileError> {
    let text = field.ok_or(TileFileError::Missing { line, field: which })?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TileFileError::NotANumber { line, field: which, text: quote(text) });
    }
    text.parse().map_err(|_| TileFileError::TooLarge { line, field: which, text: quote(text) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frequencies(pairs: &[(char, u64)]) -> [u64; LETTER_COUNT] {
        let mut out = [0; LETTER_COUNT];
        for &(c, f) in pairs {
            out[Letter::from_char(c).unwrap().index()] = f;
        }
        out
    }

    #[test]
    fn parses_either_case_and_any_white_space() {
        let tiles = TileSet::parse("A 1 9\n\n  e\t1   12\r\nq 10 1").unwrap();
        let letter = |c| Letter::from_char(c).unwrap();
        assert_eq!((tiles.value(letter('A')), tiles.count(letter('A'))), (1, 9));
        assert_eq!((tiles.value(letter('E')), tiles.count(letter('E'))), (1, 12));
        assert_eq!((tiles.value(letter('Q')), tiles.count(letter('Q'))), (10, 1));
        assert!(!tiles.is_defined(letter('B')));
        assert_eq!(tiles.value(letter('B')), 0);
        assert_eq!(tiles.to_file_text(), "A 1 9\nE 1 12\nQ 10 1\n");
        assert_eq!(tiles.pool_size(), 22);
    }

    #[test]
    fn errors_name_the_line_and_the_field() {
        let error = |text: &str| TileSet::parse(text).unwrap_err().to_string();
        assert_eq!(error("A 1 9\nB 3"), "line 2: count: missing");
        assert_eq!(error("A"), "line 1: score: missing");
        assert_eq!(error("A 1 9\n\nAB 3 2"), "line 3: letter: 'AB' is not a single letter A to Z");
        assert_eq!(error("7 3 2"), "line 1: letter: '7' is not a single letter A to Z");
        assert_eq!(error("A x 2"), "line 1: score: 'x' is not a non-negative integer");
        assert_eq!(error("A 1 -2"), "line 1: count: '-2' is not a non-negative integer");
        assert_eq!(error("A 1 99999999999"), "line 1: count: 99999999999 is too large (at most 4294967295)");
        assert_eq!(error("A 1 9\na 2 3"), "line 2: letter: A is already defined on line 1");
        assert_eq!(error("A 1 9 extra"), "line 1: unexpected 'extra' after the count");
    }

    #[test]
    fn standard_set_has_98_letter_tiles() {
        let tiles = TileSet::standard();
        assert_eq!(tiles.pool_size(), 98);
        assert_eq!(tiles.value(Letter::from_char('Q').unwrap()), 10);
        assert_eq!(tiles.count(Letter::from_char('E').unwrap()), 12);
    }

    #[test]
    fn generated_pool_raises_the_largest_remainder() {
        // F = 7: q(A) = 57.14, q(B) = 28.57, q(C) = 14.29; floors total 99, B has the largest remainder.
        // f_max = 4: scores round(4/4) = 1, round(4/2) = 2, round(4/1) = 4.
        let tiles = TileSet::from_frequencies(&frequencies(&[('A', 4), ('B', 2), ('C', 1)]));
        assert_eq!(tiles.to_file_text(), "A 1 57\nB 2 29\nC 4 14\n");
    }

    #[test]
    fn generated_pool_over_100_takes_from_the_largest_count() {
        // F = 202: q(A) = 99.01, q(B) = q(C) = 0.495 raised to 1 each: 101 tiles, A gives one up.
        // Scores: round(200/1) = 200 clamped to 10.
        let tiles = TileSet::from_frequencies(&frequencies(&[('A', 200), ('B', 1), ('C', 1)]));
        assert_eq!(tiles.to_file_text(), "A 1 98\nB 10 1\nC 10 1\n");
    }

    #[test]
    fn generated_scores_round_halves_up_and_ties_go_alphabetically() {
        // f_max / f(B) = 5 / 2 = 2.5 rounds to 3. F = 10: q = 50, 20, 10, 20, all exact, 100 tiles.
        let tiles = TileSet::from_frequencies(&frequencies(&[('A', 5), ('B', 2), ('C', 1), ('D', 2)]));
        assert_eq!(tiles.to_file_text(), "A 1 50\nB 3 20\nC 5 10\nD 3 20\n");
        // F = 3, q = 33.33 each: 99 tiles, equal remainders, so A (alphabetically first) is raised.
        let tiles = TileSet::from_frequencies(&frequencies(&[('C', 1), ('B', 1), ('A', 1)]));
        assert_eq!(tiles.to_file_text(), "A 1 34\nB 1 33\nC 1 33\n");
    }

    #[test]
    fn load_errors_name_the_file() {
        let error = TileSet::load(Path::new("no/such/tiles.txt")).unwrap_err().to_string();
        assert!(error.starts_with("no/such/tiles.txt: cannot read the tile definitions: "), "{error}");
        let error = TileSet::load(Path::new("/dev/urandom")).unwrap_err().to_string();
        assert_eq!(
            error,
            "/dev/urandom: cannot read the tile definitions: it is larger than the limit of 64 KiB"
        );
    }

    #[test]
    fn a_file_past_the_limit_or_not_utf8_is_refused() {
        let path = std::env::temp_dir().join(format!("solvebatch-scrabble-tiles-{}.txt", std::process::id()));
        std::fs::write(&path, "A 1 9\nB 3 2\n").unwrap();
        assert_eq!(TileSet::load_with_limit(&path, 12).unwrap().pool_size(), 11);
        let error = TileSet::load_with_limit(&path, 11).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "{}: cannot read the tile definitions: it is larger than the limit of 11 bytes",
                path.display()
            )
        );
        std::fs::write(&path, b"A 1 9\nB 3 2\n\xff 1 1\n").unwrap();
        let error = TileSet::load(&path).unwrap_err().to_string();
        assert_eq!(error, format!("{}: line 3: not UTF-8 text", path.display()));
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped_and_long_fields_are_cut() {
        let tiles = TileSet::parse("\u{feff}A 1 9\nb 3 2").unwrap();
        assert_eq!(tiles.to_file_text(), "A 1 9\nB 3 2\n");
        let long = "x".repeat(100_000);
        let error = |text: &str| TileSet::parse(text).unwrap_err().to_string();
        let cut = format!("{}…", "x".repeat(60));
        assert_eq!(error(&long), format!("line 1: letter: '{cut}' is not a single letter A to Z"));
        assert_eq!(
            error(&format!("A {long} 2")),
            format!("line 1: score: '{cut}' is not a non-negative integer")
        );
        assert_eq!(
            error(&format!("A 1 {}", "9".repeat(100))),
            format!("line 1: count: {}… is too large (at most 4294967295)", "9".repeat(60))
        );
        assert_eq!(error(&format!("A 1 9 {long}")), format!("line 1: unexpected '{cut}' after the count"));
    }

    #[test]
    fn no_letters_give_an_empty_set() {
        assert_eq!(TileSet::from_frequencies(&[0; LETTER_COUNT]).to_file_text(), "");
    }
}
