//! Leaves and their values: the tiles a player keeps after a move, and what keeping them is worth
//! on the turns to come (the "rack leave" of Sheppard 2002, "World-championship-caliber Scrabble",
//! Artificial Intelligence 134, the evaluation of the program Maven; Quackle's leave tables are the
//! same idea). The values of [`LeaveTable::standard`] are learned by this crate's own self-play
//! ([`crate::game::train::train_leaves`]).
//!
//! # The leave file
//! Text, one entry a line: `LEAVE VALUE`, the leave as 1 to 6 tiles (letters `A`–`Z` of either case,
//! `?` for a blank, in any order) and its value in points (a decimal number, `-3.5`). Lines starting
//! with `#` and blank lines are skipped. A leave may have one line only.
//!
//! A leave's value is its own line when it has one; otherwise it is composed from the lines of its
//! parts: for each kind of tile it holds `n` times, the line of those `n` tiles (`EE`), else `n` times
//! the line of one (`E`); plus, for each two kinds it holds, the synergy `line(AB) - line(A) -
//! line(B)` when the pair has a line. A tile with no line is worth 0, and so is the empty leave. So
//! the lines of single tiles, repeated tiles and pairs make a value for every one of the ~900,000
//! leaves, and longer leaves need a line only where self-play saw them often enough to say more.

use hashbrown::hash_map::Entry;
// hashbrown's seeded foldhash: the bundled table is read at every start, and std's SipHash was
// half of that.
use hashbrown::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::movegen::moves::Move;
use crate::tiles::letter::{Letter, LETTER_COUNT};
use crate::tiles::rack::{Rack, RACK_SIZE};

/// The kinds of tile: the 26 letters, then the blank ([`BLANK`]).
pub const TILE_KINDS: usize = LETTER_COUNT + 1;

/// The kind index of the blank.
pub const BLANK: usize = LETTER_COUNT;

/// The most tiles a leave of a move holds (a move places at least one tile of a full rack).
pub(crate) const MAX_LEAVE: usize = RACK_SIZE - 1;

/// A multiset of at most [`RACK_SIZE`] tiles by kind: what a rack keeps after a move.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leave {
    /// Tiles of each kind, by kind index (`A` = 0, the blank [`BLANK`]).
    counts: [u8; TILE_KINDS],
}

impl Leave {
    /// The tiles of `rack`.
    pub fn of_rack(rack: &Rack) -> Leave {
        let mut counts = [0; TILE_KINDS];
        counts[..LETTER_COUNT].copy_from_slice(&rack.counts());
        counts[BLANK] = rack.blanks() as u8;
        Leave { counts }
    }

    /// What these tiles keep after `played`: less the tiles placed (a blank for each blank).
    ///
    /// # Panics
    /// When `played` places a tile the leave does not hold.
    pub fn after(&self, played: &Move) -> Leave {
        let mut leave = *self;
        for tile in played.letters.tiles() {
            let kind = if tile.blank { BLANK } else { tile.letter.index() };
            leave.counts[kind] -= 1;
        }
        leave
    }

    /// The tiles of each kind, by kind index.
    pub fn counts(&self) -> [u8; TILE_KINDS] {
        self.counts
    }

    /// The leave with these counts by kind index.
    pub fn from_counts(counts: [u8; TILE_KINDS]) -> Leave {
        Leave { counts }
    }

    /// The number of tiles.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&count| count as usize).sum()
    }

    /// Whether it holds no tile.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&count| count == 0)
    }

    /// The kinds held, each once, in kind order.
    pub fn kinds(&self) -> impl Iterator<Item = usize> + '_ {
        (0..TILE_KINDS).filter(|&kind| self.counts[kind] > 0)
    }

    /// The rack holding these tiles (blanks as blanks).
    ///
    /// # Panics
    /// When the leave holds more than [`RACK_SIZE`] tiles.
    pub fn to_rack(&self) -> Rack {
        let mut rack = Rack::default();
        for kind in 0..TILE_KINDS {
            for _ in 0..self.counts[kind] {
                rack.add(Letter::from_index(kind)).expect("at most 7 tiles");
            }
        }
        rack
    }

    /// The leave less the tiles of `other`, or `None` when it does not hold them all.
    pub fn minus(&self, other: &Leave) -> Option<Leave> {
        let mut counts = self.counts;
        for (count, &taken) in counts.iter_mut().zip(&other.counts) {
            *count = count.checked_sub(taken)?;
        }
        Some(Leave { counts })
    }

    /// Every distinct sub-multiset of the leave (the empty one and itself included), each once.
    pub fn subsets(&self) -> Vec<Leave> {
        let mut subsets = vec![Leave::default()];
        for kind in self.kinds() {
            let so_far = subsets.len();
            for copies in 1..=self.counts[kind] {
                for index in 0..so_far {
                    let mut subset = subsets[index];
                    subset.counts[kind] = copies;
                    subsets.push(subset);
                }
            }
        }
        subsets
    }
}

/// The character of a tile kind: the upper-case letter, `?` for the blank.
pub(crate) fn kind_char(kind: usize) -> char {
    Letter::from_index(kind).map_or('?', Letter::to_char)
}

impl fmt::Display for Leave {
    /// The letters in alphabetical order, upper-case, then a `?` per blank; `-` for the empty leave.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for kind in self.kinds() {
            for _ in 0..self.counts[kind] {
                write!(f, "{}", kind_char(kind))?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Leave {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl FromStr for Leave {
    type Err = LeaveError;

    /// Letters of either case and `?` for a blank, at most [`RACK_SIZE`]; `-` or nothing is the
    /// empty leave.
    fn from_str(text: &str) -> Result<Leave, LeaveError> {
        let mut counts = [0u8; TILE_KINDS];
        if text != "-" {
            for c in text.chars() {
                let kind = match c {
                    '?' => BLANK,
                    _ => Letter::from_char(c).ok_or(LeaveError::NotATile(c))?.index(),
                };
                counts[kind] += 1;
                if counts.iter().map(|&count| count as usize).sum::<usize>() > RACK_SIZE {
                    return Err(LeaveError::TooMany(text.chars().count()));
                }
            }
        }
        Ok(Leave { counts })
    }
}

/// Text that is not a leave.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LeaveError {
    /// A character other than a letter or `?`.
    #[error("'{0}' is not a letter or '?'")]
    NotATile(char),
    /// More than [`RACK_SIZE`] tiles.
    #[error("{0} tiles, a leave holds at most 7")]
    TooMany(usize),
}

/// A bad line of a leave file; `line` is 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LeaveFileError {
    /// The line has one field, or more than two.
    #[error("line {line}: expected 'LEAVE VALUE', found '{text}'")]
    Fields {
        /// The 1-based line number.
        line: usize,
        /// The line as written (cut to 60 characters).
        text: String,
    },
    /// The leave is not 1 to 6 tiles.
    #[error("line {line}: leave '{text}': {problem}")]
    Leave {
        /// The 1-based line number.
        line: usize,
        /// The field as written (cut to 60 characters).
        text: String,
        /// What is wrong.
        problem: String,
    },
    /// The value is not a finite decimal number.
    #[error("line {line}: value '{text}' is not a number")]
    Value {
        /// The 1-based line number.
        line: usize,
        /// The field as written (cut to 60 characters).
        text: String,
    },
    /// The leave already has a line.
    #[error("line {line}: leave {leave} already has a value on line {first}")]
    Duplicate {
        /// The 1-based line number.
        line: usize,
        /// The leave, written in order.
        leave: String,
        /// The line that gave it first.
        first: usize,
    },
}

/// The values of leaves in points, as read from a leave file (see the module documentation): the
/// lines, and the composition for leaves without one.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaveTable {
    /// Every line: leave → value.
    lines: HashMap<Leave, f32>,
    /// The value of `n` tiles of a kind with no other tile, by kind and `n` (0 for `n = 0`).
    groups: Vec<[f32; RACK_SIZE + 1]>,
    /// The synergy of two kinds, by `kind * TILE_KINDS + other`, both orders.
    synergy: Vec<f32>,
    /// The text lines before the first entry (the header), kept for writing.
    header: Vec<String>,
}

impl Default for LeaveTable {
    /// No line: every leave is worth 0.
    fn default() -> LeaveTable {
        LeaveTable::new([], Vec::new())
    }
}

/// The bundled leave file, learned by self-play (its header says how).
const STANDARD_LEAVES: &str = include_str!("../../data/leaves.txt");

impl LeaveTable {
    /// The table with these lines; `header` (lines written before them, each without its `# `) says
    /// where they come from.
    pub fn new(lines: impl IntoIterator<Item = (Leave, f32)>, header: Vec<String>) -> LeaveTable {
        let lines: HashMap<Leave, f32> = lines.into_iter().filter(|(leave, _)| !leave.is_empty()).collect();
        let line = |leave: &Leave| lines.get(leave).copied();
        let mut single = [0f32; TILE_KINDS];
        let mut groups = vec![[0f32; RACK_SIZE + 1]; TILE_KINDS];
        for kind in 0..TILE_KINDS {
            let mut counts = [0; TILE_KINDS];
            counts[kind] = 1;
            single[kind] = line(&Leave { counts }).unwrap_or(0.0);
            for (n, group) in groups[kind].iter_mut().enumerate().skip(1) {
                counts[kind] = n as u8;
                *group = line(&Leave { counts }).unwrap_or(n as f32 * single[kind]);
            }
        }
        let mut synergy = vec![0f32; TILE_KINDS * TILE_KINDS];
        for a in 0..TILE_KINDS {
            for b in a + 1..TILE_KINDS {
                let mut counts = [0; TILE_KINDS];
                counts[a] = 1;
                counts[b] = 1;
                if let Some(value) = line(&Leave { counts }) {
                    let pair = value - single[a] - single[b];
                    synergy[a * TILE_KINDS + b] = pair;
                    synergy[b * TILE_KINDS + a] = pair;
                }
            }
        }
        LeaveTable { lines, groups, synergy, header }
    }

    /// The table learned for the standard rules and tiles with the bundled dictionary
    /// (`data/leaves.txt` in this crate), read once.
    pub fn standard() -> &'static LeaveTable {
        static TABLE: OnceLock<LeaveTable> = OnceLock::new();
        TABLE.get_or_init(|| LeaveTable::parse(STANDARD_LEAVES).expect("the bundled leave file is valid"))
    }

    /// The value of `leave` in points: its line, else composed from its parts (module documentation).
    pub fn value(&self, leave: &Leave) -> f32 {
        if let Some(&value) = self.lines.get(leave) {
            return value;
        }
        self.composed(leave)
    }

    /// The value of `leave` composed from its groups and pairs, ignoring any line of its own.
    pub fn composed(&self, leave: &Leave) -> f32 {
        let mut kinds = [0usize; RACK_SIZE];
        let mut held = 0;
        let mut value = 0.0;
        for kind in leave.kinds() {
            value += self.groups[kind][(leave.counts[kind] as usize).min(RACK_SIZE)];
            for &other in &kinds[..held] {
                value += self.synergy[other * TILE_KINDS + kind];
            }
            if held < RACK_SIZE {
                kinds[held] = kind;
                held += 1;
            }
        }
        value
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether the table has no line (every leave is worth 0).
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The header lines (without their `# `).
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// Reads a leave file (module documentation). The comment lines before the first entry are
    /// kept as the header.
    ///
    /// # Errors
    /// The first bad line, by its 1-based number: not two fields, a leave that is not 1 to 6 tiles,
    /// a value that is not a finite number, a leave given twice.
    pub fn parse(text: &str) -> Result<LeaveTable, LeaveFileError> {
        let cut = |text: &str| crate::quote::quote(text);
        let mut lines: HashMap<Leave, (f32, usize)> = HashMap::new();
        let mut header = Vec::new();
        for (number, content) in text.lines().enumerate() {
            let line = number + 1;
            let content = content.trim();
            if let Some(comment) = content.strip_prefix('#') {
                if lines.is_empty() {
                    header.push(comment.strip_prefix(' ').unwrap_or(comment).to_string());
                }
                continue;
            }
            let fields: Vec<&str> = content.split_whitespace().collect();
            let [leave_text, value_text] = fields.as_slice() else {
                if fields.is_empty() {
                    continue;
                }
                return Err(LeaveFileError::Fields { line, text: cut(content) });
            };
            let leave_error =
                |problem: String| LeaveFileError::Leave { line, text: cut(leave_text), problem };
            let leave: Leave =
                leave_text.parse().map_err(|error: LeaveError| leave_error(error.to_string()))?;
            if leave.is_empty() || leave.len() > MAX_LEAVE {
                return Err(leave_error(format!("{} tiles, a leave holds 1 to 6", leave.len())));
            }
            let value = value_text
                .parse::<f32>()
                .ok()
                .filter(|value| value.is_finite())
                .ok_or_else(|| LeaveFileError::Value { line, text: cut(value_text) })?;
            match lines.entry(leave) {
                Entry::Occupied(entry) => {
                    let first = entry.get().1;
                    return Err(LeaveFileError::Duplicate { line, leave: entry.key().to_string(), first });
                }
                Entry::Vacant(entry) => {
                    entry.insert((value, line));
                }
            }
        }
        Ok(LeaveTable::new(lines.into_iter().map(|(leave, (value, _))| (leave, value)), header))
    }

    /// The leave file: the header as `# ` lines, then one `LEAVE VALUE` line per entry, by length
    /// then alphabetically (blanks last); values in Rust's shortest form that reads back the same.
    pub fn to_file_text(&self) -> String {
        let mut text: String = self.header.iter().map(|line| format!("# {line}\n")).collect();
        let mut entries: Vec<(String, f32)> =
            self.lines.iter().map(|(leave, &value)| (leave.to_string(), value)).collect();
        entries.sort_by(|a, b| (a.0.len(), &a.0).cmp(&(b.0.len(), &b.0)));
        for (leave, value) in entries {
            text.push_str(&format!("{leave} {value}\n"));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leave(text: &str) -> Leave {
        text.parse().unwrap()
    }

    #[test]
    fn leaves_read_and_print_in_order() {
        assert_eq!(leave("sre?").to_string(), "ERS?");
        assert_eq!(leave("").to_string(), "-");
        assert_eq!(leave("-"), Leave::default());
        assert_eq!(leave("QVVWU").len(), 5);
        assert_eq!("AB1".parse::<Leave>(), Err(LeaveError::NotATile('1')));
        assert_eq!("ABCDEFGH".parse::<Leave>().unwrap_err().to_string(), "8 tiles, a leave holds at most 7");
        assert_eq!(leave("AAB").subsets().len(), 6);
        assert_eq!(leave("ERS").minus(&leave("S")), Some(leave("ER")));
        assert_eq!(leave("ERS").minus(&leave("SS")), None);
        assert_eq!(leave("AB?").to_rack().to_string(), "AB?");
    }

    #[test]
    fn values_compose_from_groups_and_pairs() {
        let table = LeaveTable::parse("E 2\nS 8\nQ -7\nEE -1\nES 12\n").unwrap();
        assert_eq!(table.value(&leave("ES")), 12.0);
        // No line of its own: E + S + synergy(E, S) = 2 + 8 + 2, and Q.
        assert_eq!(table.value(&leave("ESQ")), 5.0);
        // Two Es have a line; a third has none: three times E.
        assert_eq!(table.value(&leave("EES")), -1.0 + 8.0 + 2.0);
        assert_eq!(table.value(&leave("EEE")), 6.0);
        assert_eq!(table.value(&leave("Z?")), 0.0);
        assert_eq!(table.value(&Leave::default()), 0.0);
    }

    #[test]
    fn a_leave_file_round_trips() {
        let text = "# learned by a test\n# second line\nE 2.5\n? 24.75\nEE -1.25\nES 12\nERS? 31.5\n";
        let table = LeaveTable::parse(text).unwrap();
        let written = table.to_file_text();
        assert_eq!(
            written,
            "# learned by a test\n# second line\n? 24.75\nE 2.5\nEE -1.25\nES 12\nERS? 31.5\n"
        );
        let read = LeaveTable::parse(&written).unwrap();
        assert_eq!(read, table);
        assert_eq!(read.header(), ["learned by a test", "second line"]);
    }

    #[test]
    fn bad_lines_are_named() {
        let error = |text: &str| LeaveTable::parse(text).unwrap_err().to_string();
        assert_eq!(error("E 1\nES\n"), "line 2: expected 'LEAVE VALUE', found 'ES'");
        assert_eq!(error("E 1 2"), "line 1: expected 'LEAVE VALUE', found 'E 1 2'");
        assert_eq!(error("E1 2"), "line 1: leave 'E1': '1' is not a letter or '?'");
        assert_eq!(error("ABCDEFG 2"), "line 1: leave 'ABCDEFG': 7 tiles, a leave holds 1 to 6");
        assert_eq!(error("- 2"), "line 1: leave '-': 0 tiles, a leave holds 1 to 6");
        assert_eq!(error("E x"), "line 1: value 'x' is not a number");
        assert_eq!(error("E NaN"), "line 1: value 'NaN' is not a number");
        assert_eq!(error("# c\nSE 1\n\nes 2"), "line 4: leave ES already has a value on line 2");
    }

    #[test]
    fn the_bundled_table_reads() {
        let table = LeaveTable::standard();
        assert!(table.len() > 27);
        assert!(table.value(&leave("?")) > table.value(&leave("Q")));
    }
}
