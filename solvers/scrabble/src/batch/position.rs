//! Batch position files (`.scrabble`): a board, a rack, plays to check, and how many best plays to
//! list; and the report the batch runner prints for them.
//!
//! ```text
//! # comment
//! dictionary: words.txt        (path relative to this file; else the command's --dictionary)
//! tiles: tiles.txt             (optional; else the standard English tile set)
//! rules: standard              (optional: lab or standard; else the command's --rules, else lab)
//! rack: AEINRST                (under the standard rules, '?' for a blank)
//! top: 5                       (optional, default 10)
//! play: AE 0 -1 horizontal     (optional, repeatable)
//! board:                       (then 15 lines of 15 characters, y = 7 first; '.' for an empty square)
//! ```
//!
//! Under the standard rules a lower-case letter on the board or in a play is a blank standing for it.

use solvebatch_core::Deadline;
use std::fmt::Write;

use crate::board::rules::{Rules, UnknownRules};
use crate::board::{Board, BoardRowError, BOARD_SIZE};
use crate::movegen::brute_force::TimedOut;
use crate::movegen::moves::format;
use crate::movegen::solver::Solver;
use crate::play::hint::hint;
use crate::play::{Play, PlayParseError, Rulebook};
use crate::quote::quote;
use crate::tiles::rack::{Rack, RackError};

/// How many best plays a position lists when it does not say.
pub const DEFAULT_TOP: usize = 10;

/// A parsed position file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The `dictionary:` path as written (relative to the position file).
    pub dictionary: Option<String>,
    /// The `tiles:` path as written (relative to the position file).
    pub tiles: Option<String>,
    /// The rules: the file's `rules:` line, else those the file was read with by default.
    pub rules: Rules,
    /// The player's rack.
    pub rack: Rack,
    /// How many best plays to list.
    pub top: usize,
    /// Plays to check, each on the board as given, in file order.
    pub plays: Vec<Play>,
    /// The board.
    pub board: Board,
}

/// What is wrong with one line of a position file. Text quoted from the line is cut to its first 60
/// characters, with `…` after them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    /// Neither a comment, a blank line nor `key: value`.
    #[error("'{0}' is not 'key: value'")]
    NotKeyValue(String),
    /// A key the format does not have.
    #[error("unknown key '{0}' (the keys are dictionary, tiles, rules, rack, top, play and board)")]
    UnknownKey(String),
    /// A key other than `play` given again.
    #[error("{key} is already given on line {first}")]
    Repeated {
        /// The key.
        key: &'static str,
        /// The line that gave it first.
        first: usize,
    },
    /// `dictionary:` or `tiles:` with no file name.
    #[error("{0}: no file name")]
    NoFileName(&'static str),
    /// The rules.
    #[error("rules: {0}")]
    Rules(#[from] UnknownRules),
    /// The rack.
    #[error("rack: {0}")]
    Rack(#[from] RackError),
    /// A blank on the rack under rules without blanks.
    #[error("rack: '?' is a blank, which only the standard rules have (rules: standard)")]
    BlankOnRack,
    /// `top:` is not a count.
    #[error("top: '{0}' is not a non-negative integer")]
    Top(String),
    /// A `play:` line.
    #[error("play: {0}")]
    Play(#[from] PlayParseError),
    /// Text after `board:` on its line.
    #[error("board: the 15 rows go on the lines after 'board:', found '{0}'")]
    BoardValue(String),
    /// A board row.
    #[error("board row {row} (y = {y}): {problem}")]
    BoardRow {
        /// 1-based row from the top.
        row: usize,
        /// Its `y` coordinate.
        y: i32,
        /// What is wrong.
        problem: BoardRowError,
    },
    /// Something other than a comment after the board.
    #[error("'{0}' after the board")]
    AfterBoard(String),
}

/// A position file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The file holds nothing but white space (and perhaps a byte order mark): no position.
    #[error("the file is empty: a position file holds a rack and a board (rack: LETTERS, then board: and its 15 rows)")]
    Empty,
    /// A bad line.
    #[error("line {line}: {problem}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        problem: LineProblem,
    },
    /// A required line is missing.
    #[error("no '{0}:' line")]
    Missing(&'static str),
    /// The file ends inside the board.
    #[error("the file ends after {0} of the 15 board rows")]
    ShortBoard(usize),
}

/// The batch report of a position: the exact output text and the number of valid plays found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionReport {
    /// For each `play:` line `play ...: SCORE` or `play ...: rejected: REASON` and a `hint: ...` line;
    /// then the best plays, one `SCORE WORD x y direction LETTERS` a line (`no valid play` when there is
    /// none). Every line ends in a newline.
    pub text: String,
    /// The number of valid plays of the rack.
    pub move_count: usize,
}

impl PositionReport {
    /// What the position took, as run reports record it.
    pub fn statistics(&self) -> PositionStatistics {
        PositionStatistics { plays: self.move_count }
    }
}

/// What a position took: a report's statistics (serialised with these field names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct PositionStatistics {
    /// The number of valid plays of the rack.
    pub plays: usize,
}

const KEYS: [&str; 7] = ["dictionary", "tiles", "rules", "rack", "top", "play", "board"];

impl Position {
    /// Reads a position file's text, under its `rules:` line or else the spec's (`lab`) rules. A
    /// leading byte order mark (U+FEFF) is dropped.
    ///
    /// # Errors
    /// [`PositionError::Empty`] for a file of white space only; else the first bad line with its
    /// number, a missing `rack:` or `board:` line, or a short board.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        Position::read(text, true, None)
    }

    /// Reads a position file's text as [`Position::parse`] does, under `rules` when given (the
    /// command line's rules beat the file's `rules:` line, which beats the `lab` default).
    ///
    /// # Errors
    /// As [`Position::parse`].
    pub fn parse_with_rules(text: &str, rules: Option<&Rules>) -> Result<Position, PositionError> {
        Position::read(text, true, rules)
    }

    /// Reads a position file that serves as a board (for checking a play or listing hints with a rack
    /// given apart): like [`Position::parse_with_rules`], but a missing `rack:` line is an empty rack.
    ///
    /// # Errors
    /// [`PositionError::Empty`] for a file of white space only; else the first bad line with its
    /// number, a missing `board:` line, or a short board.
    pub fn parse_board_file(text: &str, rules: Option<&Rules>) -> Result<Position, PositionError> {
        Position::read(text, false, rules)
    }

    fn read(text: &str, rack_required: bool, given_rules: Option<&Rules>) -> Result<Position, PositionError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(PositionError::Empty);
        }
        // The rules decide how the rack, the board and the plays are written, whatever line comes first.
        let rules = match given_rules {
            Some(rules) => rules.clone(),
            None => named_rules(text).unwrap_or_else(Rules::lab),
        };
        let blanks = rules.allows_blanks();
        let mut first_on = [0usize; KEYS.len()];
        let (mut dictionary, mut tiles, mut rack, mut top) = (None, None, None, None);
        let mut plays = Vec::new();
        let mut lines = numbered_lines(text);
        let mut board = None;
        while let Some((line, content)) = lines.next() {
            let fail = |problem: LineProblem| PositionError::Line { line, problem };
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            let (key, value) =
                content.split_once(':').ok_or_else(|| fail(LineProblem::NotKeyValue(quote(content))))?;
            let (key, value) = (key.trim(), value.trim());
            let which = KEYS
                .iter()
                .position(|&k| k == key)
                .ok_or_else(|| fail(LineProblem::UnknownKey(quote(key))))?;
            let key = KEYS[which];
            if key != "play" && first_on[which] != 0 {
                return Err(fail(LineProblem::Repeated { key, first: first_on[which] }));
            }
            first_on[which] = line;
            let file_name = |value: &str| {
                if value.is_empty() {
                    Err(fail(LineProblem::NoFileName(key)))
                } else {
                    Ok(Some(value.to_string()))
                }
            };
            match key {
                "dictionary" => dictionary = file_name(value)?,
                "tiles" => tiles = file_name(value)?,
                "rules" => {
                    value.parse::<Rules>().map_err(|e| fail(e.into()))?;
                }
                "rack" => {
                    let parsed = value.parse::<Rack>().map_err(|e| fail(e.into()))?;
                    if parsed.blanks() > 0 && !blanks {
                        return Err(fail(LineProblem::BlankOnRack));
                    }
                    rack = Some(parsed);
                }
                "top" => {
                    top = Some(value.parse::<usize>().map_err(|_| fail(LineProblem::Top(quote(value))))?)
                }
                "play" => plays.push(Play::parse_under(value, &rules).map_err(|e| fail(e.into()))?),
                _ => {
                    if !value.is_empty() {
                        return Err(fail(LineProblem::BoardValue(quote(value))));
                    }
                    board = Some(read_board(&mut lines, blanks)?);
                    break;
                }
            }
        }
        for (line, content) in lines {
            if !content.is_empty() && !content.starts_with('#') {
                return Err(PositionError::Line { line, problem: LineProblem::AfterBoard(quote(content)) });
            }
        }
        Ok(Position {
            dictionary,
            tiles,
            rules,
            rack: match rack {
                Some(rack) => rack,
                None if rack_required => return Err(PositionError::Missing("rack")),
                None => Rack::default(),
            },
            top: top.unwrap_or(DEFAULT_TOP),
            plays,
            board: board.ok_or(PositionError::Missing("board"))?,
        })
    }

    /// The batch report: each `play:` line checked on the board as given (with a hint when rejected),
    /// then the `top` best plays found by `generator`. A play is echoed as written, cut to 60
    /// characters with `…` after them (no valid play is that long).
    ///
    /// # Errors
    /// [`TimedOut`] when `deadline` passes during the search.
    pub fn solve(
        &self,
        rulebook: &Rulebook,
        generator: Solver,
        deadline: Deadline<'_>,
    ) -> Result<PositionReport, TimedOut> {
        let mut text = String::new();
        for play in &self.plays {
            let shown = quote(&play.to_string());
            match rulebook.check(&self.board, &self.rack, play) {
                Ok(scored) => writeln!(text, "play {shown}: {}", scored.score),
                Err(rejection) => writeln!(
                    text,
                    "play {shown}: rejected: {rejection}\n{}",
                    hint(rulebook, &self.board, &self.rack, play)
                ),
            }
            .expect("writing to a string");
        }
        let moves = generator.moves(rulebook, &self.board, &self.rack, deadline)?;
        let move_count = moves.len();
        text.push_str(&format(moves, self.top));
        Ok(PositionReport { text, move_count })
    }
}

/// Reads a position file's text ([`Position::parse`]): the crate's `parse`, as every family crate
/// has one.
///
/// # Errors
/// As [`Position::parse`].
pub fn parse(text: &str) -> Result<Position, PositionError> {
    Position::parse(text)
}

/// The lines of `text` with their 1-based numbers, trimmed.
fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(index, content)| (index + 1, content.trim()))
}

/// The rules of the first `rules:` line before the board, when it names some (a bad line is reported
/// by the full read).
fn named_rules(text: &str) -> Option<Rules> {
    numbered_lines(text)
        .filter_map(|(_, content)| content.split_once(':'))
        .take_while(|(key, _)| key.trim() != "board")
        .find(|(key, _)| key.trim() == "rules")
        .and_then(|(_, value)| value.trim().parse().ok())
}

/// Reads the 15 board rows that follow `board:`, lower-case letters as blanks when `blanks`.
fn read_board<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    blanks: bool,
) -> Result<Board, PositionError> {
    let parse_row = if blanks { Board::parse_row_with_blanks } else { Board::parse_row };
    let mut board = Board::new();
    for row in 0..BOARD_SIZE {
        let (line, content) = lines.next().ok_or(PositionError::ShortBoard(row))?;
        let squares = parse_row(content).map_err(|problem| PositionError::Line {
            line,
            problem: LineProblem::BoardRow { row: row + 1, y: 7 - row as i32, problem },
        })?;
        board.set_row(row, squares);
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "board:\n...............\n...............\n...............\n...............\n\
        ..........SAY..\n...........L...\n........WOULD..\n....HELLO......\n........R......\n\
        ........L......\n........D......\n...............\n...............\n...............\n\
        ...............\n";

    #[test]
    fn reads_every_key() {
        let text = format!(
            "# the assignment\ndictionary: words.txt\ntiles: t.txt\nrack: aex\ntop: 3\n\
             play: AE 0 -1 horizontal\nplay: X 0 0 vertical\n{BOARD}\n# done\n"
        );
        let position = Position::parse(&text).unwrap();
        assert_eq!(position.dictionary.as_deref(), Some("words.txt"));
        assert_eq!(position.tiles.as_deref(), Some("t.txt"));
        assert_eq!(position.rack.to_string(), "AEX");
        assert_eq!(position.top, 3);
        assert_eq!(position.plays.len(), 2);
        assert_eq!(position.board.to_rows()[7], "....HELLO......");
    }

    #[test]
    fn defaults_and_empty_rack() {
        let position = Position::parse(&format!("rack:\n{BOARD}")).unwrap();
        assert!(position.rack.is_empty());
        assert_eq!(position.top, DEFAULT_TOP);
        assert_eq!(position.dictionary, None);
    }

    #[test]
    fn errors_name_the_line() {
        let error = |text: &str| Position::parse(text).unwrap_err().to_string();
        assert_eq!(error("rack: AB\nrack: C\n"), "line 2: rack is already given on line 1");
        assert_eq!(error("\nrack: A1"), "line 2: rack: '1' is not a letter");
        assert_eq!(
            error("colour: red"),
            "line 1: unknown key 'colour' (the keys are dictionary, tiles, rules, rack, top, play and board)"
        );
        assert_eq!(error("hello"), "line 1: 'hello' is not 'key: value'");
        assert_eq!(error("top: -1"), "line 1: top: '-1' is not a non-negative integer");
        assert_eq!(error("dictionary:"), "line 1: dictionary: no file name");
        assert_eq!(
            error("play: AE 0"),
            "line 1: play: 'AE 0' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal"
        );
        assert_eq!(error("board: x"), "line 1: board: the 15 rows go on the lines after 'board:', found 'x'");
        assert_eq!(error(BOARD), "no 'rack:' line");
        // A file of comments has no rack either; one of nothing at all is said to be empty.
        assert_eq!(error("# a position\n\n"), "no 'rack:' line");
        for empty in ["", "\n\n   \n", "\u{feff}", "\u{feff}\r\n\t\n"] {
            assert_eq!(Position::parse(empty), Err(PositionError::Empty), "{empty:?}");
            assert_eq!(
                Position::parse_board_file(empty, None).map(|_| ()),
                Err(PositionError::Empty),
                "{empty:?}"
            );
        }
        assert_eq!(
            error(""),
            "the file is empty: a position file holds a rack and a board (rack: LETTERS, then board: and its 15 rows)"
        );
        assert_eq!(error("rack: A"), "no 'board:' line");
        assert!(Position::parse_board_file(BOARD, None).unwrap().rack.is_empty());
        assert_eq!(error("rack: A\nboard:\n...............\n"), "the file ends after 1 of the 15 board rows");
        assert_eq!(
            error("rack: A\nboard:\n...............\n....x.........."),
            "line 4: board row 2 (y = 6): character 5: 'x' is neither an upper-case letter A to Z nor '.'"
        );
        assert_eq!(error(&format!("rack: A\n{BOARD}top: 3\n")), "line 18: 'top: 3' after the board");
        assert_eq!(error("rules: scrabble"), "line 1: rules: unknown rules 'scrabble' (lab or standard)");
        assert_eq!(error("rules: lab\nrules: lab"), "line 2: rules is already given on line 1");
    }

    #[test]
    fn a_long_line_is_quoted_cut_to_60_characters() {
        let error = |text: &str| Position::parse(text).unwrap_err().to_string();
        let x60 = "x".repeat(60);
        let line = "x".repeat(1 << 20);
        assert_eq!(error(&line), format!("line 1: '{x60}…' is not 'key: value'"));
        assert_eq!(
            error(&format!("{line}: value")),
            format!("line 1: unknown key '{x60}…' (the keys are dictionary, tiles, rules, rack, top, play and board)")
        );
        assert_eq!(
            error(&format!("top: {line}")),
            format!("line 1: top: '{x60}…' is not a non-negative integer")
        );
        assert_eq!(
            error(&format!("rules: {line}")),
            format!("line 1: rules: unknown rules '{x60}…' (lab or standard)")
        );
        assert_eq!(
            error(&format!("board: {line}")),
            format!("line 1: board: the 15 rows go on the lines after 'board:', found '{x60}…'")
        );
        assert_eq!(error(&format!("rack: A\n{BOARD}{line}")), format!("line 18: '{x60}…' after the board"));
        let many_fields = "A ".repeat(1 << 19);
        assert_eq!(
            error(&format!("play: {many_fields}")),
            format!(
                "line 1: play: '{}…' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal",
                &many_fields[..60]
            )
        );
        assert_eq!(
            error(&format!("play: A {line} 0 vertical")),
            format!("line 1: play: x: '{x60}…' is not an integer")
        );
        assert_eq!(
            error(&format!("play: A 0 0 {line}")),
            format!("line 1: play: '{x60}…' is not a direction (horizontal or vertical)")
        );
    }

    #[test]
    fn a_long_play_is_echoed_cut_and_hinted_without_trying_every_square() {
        let dictionary = crate::lexicon::dictionary::Dictionary::from_text(b"are\nla".to_vec());
        let tiles = crate::tiles::TileSet::standard();
        let rules = Rules::lab();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let letters = "A".repeat(1 << 20);
        let position =
            Position::parse(&format!("rack: AE\nplay: {letters} 0 0 horizontal\n{BOARD}")).unwrap();
        let solution = position.solve(&rulebook, Solver::Anchor, Deadline::NEVER).unwrap();
        let a60 = "A".repeat(60);
        assert!(
            solution.text.starts_with(&format!(
                "play {a60}…: rejected: the play uses 1048576 A but the rack holds 1\n\
                 hint: {a60}… makes no valid play from any start square or direction; try other letters\n"
            )),
            "{}",
            &solution.text[..200]
        );
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped() {
        let position =
            Position::parse(&format!("\u{feff}# saved with a byte order mark\nrack: AE\n{BOARD}")).unwrap();
        assert_eq!(position.rack.to_string(), "AE");
    }

    #[test]
    fn blanks_need_the_standard_rules() {
        let with_blanks = format!(
            "rack: A?\nplay: aT 0 0 vertical\n{}",
            BOARD.replace("....HELLO......", "....HeLLO......")
        );
        let error = |text: &str| Position::parse(text).unwrap_err().to_string();
        assert_eq!(
            error(&with_blanks),
            "line 1: rack: '?' is a blank, which only the standard rules have (rules: standard)"
        );
        assert_eq!(
            error(&with_blanks.replace('?', "")),
            "line 11: board row 8 (y = 0): character 6: 'e' is neither an upper-case letter A to Z nor '.'"
        );
        // The rules line may come after the lines it governs; rules given to the reader beat it.
        let standard = Position::parse(&with_blanks.replace("board:", "rules: standard\nboard:")).unwrap();
        assert_eq!(standard.rules, Rules::standard());
        assert_eq!(
            (standard.rack.to_string(), standard.plays[0].to_string()),
            ("A?".into(), "aT 0 0 vertical".into())
        );
        assert_eq!(standard.board.to_rows()[7], "....HeLLO......");
        let given = Position::parse_with_rules(&with_blanks, Some(&Rules::standard())).unwrap();
        assert_eq!(given, standard);
        let given =
            Position::parse_with_rules(&format!("rules: lab\n{with_blanks}"), Some(&Rules::standard()));
        assert_eq!(given.unwrap().rules, Rules::standard());
        let lab = Position::parse_with_rules(&format!("rules: standard\n{with_blanks}"), Some(&Rules::lab()));
        assert_eq!(
            lab.unwrap_err().to_string(),
            "line 2: rack: '?' is a blank, which only the standard rules have (rules: standard)"
        );
        // Under the lab rules a lower-case play is the same as an upper-case one.
        let lab = Position::parse(&format!("rack: AT\nplay: at 0 0 vertical\n{BOARD}")).unwrap();
        assert_eq!(lab.plays[0].to_string(), "AT 0 0 vertical");
    }
}
