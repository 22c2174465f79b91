//! Hints for a rejected play: the same letters from another start square or direction (case 1), or
//! a suggestion to try other letters (case 2, shown with the best plays the rack allows).

use std::fmt;

use crate::board::{Board, Direction, Square};
use crate::letter::{tiles_to_string, Tile};
use crate::notation::written_play;
use crate::play::{check_rack, Play, Rulebook};
use crate::quote::quote;
use crate::rack::Rack;
use crate::rules::Rules;

/// What to suggest after a rejected play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// The same tiles in the same order (blanks standing for the same letters) make this valid play,
    /// the best-scoring such play (ties: the start square from the top, then from the left, horizontal
    /// first).
    Elsewhere {
        /// The valid play.
        play: Play,
        /// Its score.
        score: u32,
    },
    /// The letters make no valid play anywhere: try other letters.
    OtherLetters {
        /// The tiles tried.
        letters: Vec<Tile>,
    },
}

/// The hint for `play` (rejected) with `rack` on `board`. Tiles the rack does not hold make no valid
/// play anywhere, which is found without trying the squares.
pub fn hint(rulebook: &Rulebook, board: &Board, rack: &Rack, play: &Play) -> Hint {
    if check_rack(rack, &play.tiles).is_err() {
        return Hint::OtherLetters { letters: play.tiles.clone() };
    }
    let mut best: Option<(Play, u32)> = None;
    for square in Square::all() {
        for direction in [Direction::Horizontal, Direction::Vertical] {
            let candidate = Play { tiles: play.tiles.clone(), x: square.x(), y: square.y(), direction };
            if let Ok(scored) = rulebook.check(board, rack, &candidate) {
                if best.as_ref().is_none_or(|(_, score)| scored.score > *score) {
                    best = Some((candidate, scored.score));
                }
            }
        }
    }
    match best {
        Some((play, score)) => Hint::Elsewhere { play, score },
        None => Hint::OtherLetters { letters: play.tiles.clone() },
    }
}

impl Hint {
    /// The hint as `rules` write plays ([`written_play`]): the [`fmt::Display`] line, its play in
    /// the standard notation under the standard rules (`hint: try H7 AA (4 points)`).
    pub fn written(&self, board: &Board, rules: &Rules) -> String {
        match self {
            Hint::Elsewhere { play, score } => {
                let points = if *score == 1 { "point" } else { "points" };
                format!("hint: try {} ({score} {points})", written_play(play, board, rules))
            }
            Hint::OtherLetters { .. } => self.to_string(),
        }
    }
}

impl fmt::Display for Hint {
    /// `hint: try AE 3 2 vertical (7 points)`, or
    /// `hint: AE makes no valid play from any start square or direction; try other letters` (the
    /// letters cut to 60, with `…` after them).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Elsewhere { play, score } => {
                write!(f, "hint: try {play} ({score} {})", if *score == 1 { "point" } else { "points" })
            }
            Hint::OtherLetters { letters } if letters.is_empty() => {
                f.write_str("hint: try letters from the rack")
            }
            Hint::OtherLetters { letters } => write!(
                f,
                "hint: {} makes no valid play from any start square or direction; try other letters",
                quote(&tiles_to_string(letters))
            ),
        }
    }
}
