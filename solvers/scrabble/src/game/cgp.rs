//! CGP, the one-line position of MAGPIE, Macondo and wolges: the 15 rows from the top separated by
//! `/` (a letter a tile, lower case a blank, a number a run of empty squares), the racks
//! `RACK1/RACK2` (`?` a blank; either may be empty), the scores `SCORE1/SCORE2`, the count of
//! scoreless turns in a row, then options `NAME VALUE;` (such as `lex NWL20;`), kept as written.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, BOARD_SIZE};
use crate::game::gcg::shorten;
use crate::play::Scored;
use crate::tiles::letter::{Letter, Tile};
use crate::tiles::rack::Rack;

/// A position in CGP form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cgp {
    /// The board.
    pub board: Board,
    /// The racks of the player to move and of the opponent.
    pub racks: [Rack; 2],
    /// The scores, the player to move first.
    pub scores: [i32; 2],
    /// Scoreless turns in a row so far.
    pub scoreless_turns: u32,
    /// The options after the scoreless turns, as `(name, value)`, in order.
    pub options: Vec<(String, String)>,
}

/// What is wrong with a CGP text, naming the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CgpError {
    /// Fewer than the four fields.
    #[error("a CGP position has 4 fields (board, racks, scores, scoreless turns), this one {0}")]
    Fields(usize),
    /// Not 15 rows.
    #[error("the CGP board has {0} rows, a board 15")]
    Rows(usize),
    /// A row of another length or with a bad character.
    #[error("CGP row {row}: {problem}")]
    Row {
        /// The row, 1 the top.
        row: usize,
        /// What is wrong.
        problem: String,
    },
    /// A rack that is not tiles.
    #[error("the CGP racks '{0}': {1}")]
    Racks(String, String),
    /// Scores that are not two integers.
    #[error("the CGP scores '{0}' are not SCORE1/SCORE2")]
    Scores(String),
    /// Scoreless turns that are not a count.
    #[error("the CGP scoreless turns '{0}' are not a count")]
    ScorelessTurns(String),
    /// An option without its `;`.
    #[error("the CGP option '{0}' does not end with ';'")]
    Option(String),
}

impl Cgp {
    /// The position of `board` with `rack` to move, the opponent's rack unknown, scores 0.
    pub fn of(board: &Board, rack: &Rack) -> Cgp {
        Cgp {
            board: board.clone(),
            racks: [rack.clone(), Rack::default()],
            scores: [0; 2],
            scoreless_turns: 0,
            options: Vec::new(),
        }
    }

    /// The position after the player to move makes `scored` (a play of its rack): the tiles laid on
    /// the board, the opponent now to move (the racks and scores change places), the mover's rack the
    /// tiles it kept (no tile drawn: the draw is unknown) and its score raised by the play's; the
    /// scoreless turns back to 0, or one more for a play of 0 points. The options are kept as written.
    pub fn after_play(&self, scored: &Scored) -> Cgp {
        let mut board = self.board.clone();
        scored.apply(&mut board);
        let mut kept = self.racks[0].clone();
        for tile in scored.tiles() {
            kept.remove(&[tile]);
        }
        let score = i32::try_from(scored.score).unwrap_or(i32::MAX);
        Cgp {
            board,
            racks: [self.racks[1].clone(), kept],
            scores: [self.scores[1], self.scores[0].saturating_add(score)],
            scoreless_turns: if scored.score == 0 { self.scoreless_turns + 1 } else { 0 },
            options: self.options.clone(),
        }
    }

    /// The value of option `name` (for example `lex`), if given.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.iter().find(|(option, _)| option == name).map(|(_, value)| value.as_str())
    }
}

fn parse_row(text: &str) -> Result<[Option<Tile>; BOARD_SIZE], String> {
    // Squares past the 15th are counted, not kept: a long row costs no more than a row.
    let mut squares = Vec::with_capacity(BOARD_SIZE);
    let mut total = 0usize;
    let mut run = String::new();
    let mut place = |square: Option<Tile>, count: usize, squares: &mut Vec<Option<Tile>>| {
        total = total.saturating_add(count);
        let room = BOARD_SIZE.saturating_sub(squares.len());
        squares.extend(std::iter::repeat_n(square, count.min(room)));
    };
    let flush = |run: &mut String| -> Result<Option<usize>, String> {
        if run.is_empty() {
            return Ok(None);
        }
        let count: usize = run.parse().map_err(|_| format!("'{}' is not a count", shorten(run)))?;
        if count == 0 || count > BOARD_SIZE {
            return Err(format!("{count} empty squares"));
        }
        run.clear();
        Ok(Some(count))
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if let Some(count) = flush(&mut run)? {
            place(None, count, &mut squares);
        }
        let letter =
            Letter::from_char(c.to_ascii_uppercase()).ok_or_else(|| format!("'{c}' is not a tile"))?;
        place(Some(Tile { letter, blank: c.is_ascii_lowercase() }), 1, &mut squares);
    }
    if let Some(count) = flush(&mut run)? {
        place(None, count, &mut squares);
    }
    if total != BOARD_SIZE {
        return Err(format!("{total} squares, a row has 15"));
    }
    squares.try_into().map_err(|squares: Vec<_>| format!("{} squares, a row has 15", squares.len()))
}

impl FromStr for Cgp {
    type Err = CgpError;

    /// Reads a CGP line (surrounding white space ignored).
    fn from_str(text: &str) -> Result<Cgp, CgpError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [rows, racks, scores, scoreless, options @ ..] = &fields[..] else {
            return Err(CgpError::Fields(fields.len()));
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != BOARD_SIZE {
            return Err(CgpError::Rows(rows.len()));
        }
        let mut board = Board::new();
        for (index, row) in rows.iter().enumerate() {
            let squares = parse_row(row).map_err(|problem| CgpError::Row { row: index + 1, problem })?;
            board.set_row(index, squares);
        }
        let bad_racks = |problem: String| CgpError::Racks(racks.to_string(), problem);
        let (first, second) = racks.split_once('/').ok_or_else(|| bad_racks("write RACK1/RACK2".into()))?;
        let rack = |text: &str| text.parse::<Rack>().map_err(|error| bad_racks(error.to_string()));
        let racks = [rack(first)?, rack(second)?];
        let score = |text: &str| text.parse::<i32>().ok();
        let scores = scores
            .split_once('/')
            .and_then(|(first, second)| Some([score(first)?, score(second)?]))
            .ok_or_else(|| CgpError::Scores(scores.to_string()))?;
        let scoreless_turns =
            scoreless.parse::<u32>().map_err(|_| CgpError::ScorelessTurns(scoreless.to_string()))?;
        let mut parsed = Vec::new();
        let rest = options.join(" ");
        for option in rest.split_inclusive(';').map(str::trim).filter(|option| !option.is_empty()) {
            let body = option.strip_suffix(';').ok_or_else(|| CgpError::Option(option.to_string()))?;
            let (name, value) = body.split_once(' ').unwrap_or((body, ""));
            parsed.push((name.to_string(), value.trim().to_string()));
        }
        Ok(Cgp { board, racks, scores, scoreless_turns, options: parsed })
    }
}

impl fmt::Display for Cgp {
    /// The CGP line, which [`Cgp::from_str`] reads back into the same position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self
            .board
            .to_rows()
            .iter()
            .map(|row| {
                let mut text = String::new();
                let mut empty = 0;
                for c in row.chars() {
                    if c == '.' {
                        empty += 1;
                        continue;
                    }
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                }
                text
            })
            .collect();
        write!(
            f,
            "{} {}/{} {}/{} {}",
            rows.join("/"),
            self.racks[0],
            self.racks[1],
            self.scores[0],
            self.scores[1],
            self.scoreless_turns
        )?;
        self.options.iter().try_for_each(|(name, value)| write!(f, " {name} {value};"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Direction, Square};

    const OPENING: &str =
        "15/15/15/15/15/15/15/6CaT6/15/15/15/15/15/15/15 EIRST?/AB 10/0 1 lex NWL20; bag 86;";

    #[test]
    fn a_position_reads_and_writes_back_the_same() {
        let cgp: Cgp = OPENING.parse().unwrap();
        assert_eq!(cgp.board.to_rows()[7], "......CaT......");
        assert_eq!((cgp.racks[0].to_string(), cgp.racks[1].to_string()), ("EIRST?".into(), "AB".into()));
        assert_eq!((cgp.scores, cgp.scoreless_turns), ([10, 0], 1));
        assert_eq!(cgp.option("lex"), Some("NWL20"));
        assert_eq!(cgp.to_string(), OPENING);
        assert_eq!(
            Cgp::of(&Board::new(), &Rack::default()).to_string(),
            [["15"; 15].join("/"), " / 0/0 0".into()].concat()
        );
    }

    /// CaT on row 8 with EIRST? to move (10 to 0, one scoreless turn): an S and a blank E laid after
    /// it (the play's score, 5, is given with it); then the same tiles scoring 0.
    #[test]
    fn after_a_play_the_opponent_moves_with_the_scores_and_racks_exchanged() {
        let cgp: Cgp = OPENING.parse().unwrap();
        let s = Tile::letter(Letter::from_char('S').unwrap());
        let blank_e = Tile::blank(Letter::from_char('E').unwrap());
        let scored = Scored {
            placed: vec![(Square::at(7, 9), s), (Square::at(7, 10), blank_e)],
            direction: Direction::Horizontal,
            words: Vec::new(),
            score: 5,
        };
        let after = cgp.after_play(&scored);
        assert_eq!(after.board.to_rows()[7], "......CaTSe....");
        assert_eq!((after.racks[0].to_string(), after.racks[1].to_string()), ("AB".into(), "EIRT".into()));
        assert_eq!((after.scores, after.scoreless_turns), ([0, 15], 0));
        assert_eq!(
            after.to_string(),
            "15/15/15/15/15/15/15/6CaTSe4/15/15/15/15/15/15/15 AB/EIRT 0/15 0 lex NWL20; bag 86;"
        );
        let nothing = Scored { score: 0, ..scored };
        assert_eq!(cgp.after_play(&nothing).scoreless_turns, 2);
    }

    #[test]
    fn a_damaged_position_names_the_field() {
        let error = |text: &str| text.parse::<Cgp>().unwrap_err().to_string();
        let rows = ["15"; 15].join("/");
        assert_eq!(
            error("15/15 A/ 0/0"),
            "a CGP position has 4 fields (board, racks, scores, scoreless turns), this one 3"
        );
        assert_eq!(error("15/15 A/ 0/0 0"), "the CGP board has 2 rows, a board 15");
        let bad_row = rows.replacen("15", "14", 1);
        assert_eq!(error(&format!("{bad_row} A/ 0/0 0")), "CGP row 1: 14 squares, a row has 15");
        let bad_tile = rows.replacen("15", "7*7", 1);
        assert_eq!(error(&format!("{bad_tile} A/ 0/0 0")), "CGP row 1: '*' is not a tile");
        assert_eq!(error(&format!("{rows} A1/ 0/0 0")), "the CGP racks 'A1/': '1' is not a letter");
        assert_eq!(error(&format!("{rows} A 0/0 0")), "the CGP racks 'A': write RACK1/RACK2");
        assert_eq!(error(&format!("{rows} A/ 0 0")), "the CGP scores '0' are not SCORE1/SCORE2");
        assert_eq!(error(&format!("{rows} A/ 0/0 x")), "the CGP scoreless turns 'x' are not a count");
        assert_eq!(
            error(&format!("{rows} A/ 0/0 0 lex NWL20")),
            "the CGP option 'lex NWL20' does not end with ';'"
        );
    }

    /// A row of 1.6 million squares keeps 15 and counts the rest; a run beyond any count is named
    /// cut short.
    #[test]
    fn a_long_row_is_counted_not_kept() {
        let error = |text: &str| text.parse::<Cgp>().unwrap_err().to_string();
        let rows = ["15"; 14].join("/");
        let long = "15A".repeat(100_000);
        assert_eq!(error(&format!("{long}/{rows} A/ 0/0 0")), "CGP row 1: 1600000 squares, a row has 15");
        let digits = "9".repeat(100);
        assert_eq!(
            error(&format!("{digits}/{rows} A/ 0/0 0")),
            format!("CGP row 1: '{}...' is not a count", "9".repeat(40))
        );
    }
}
