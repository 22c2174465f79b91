//! Hints for a rejected play: the same letters from another start square or direction (case 1), or
//! a suggestion to try other letters (case 2, shown with the best plays the rack allows).

use std::fmt;

use crate::board::rules::Rules;
use crate::board::{Board, Direction, Square};
use crate::play::notation::written_play;
use crate::play::{check_rack, Play, Rulebook};
use crate::quote::quote;
use crate::tiles::letter::{tiles_to_string, Tile};
use crate::tiles::rack::Rack;

/// What to suggest after a rejected play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// The same letters in the same order make this valid play (when the tiles as written are not on
    /// the rack: the rack's letter tiles, and a blank for each letter it lacks),
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
    let tiles = match check_rack(rack, &play.tiles) {
        Ok(()) => play.tiles.clone(),
        Err(_) => match as_the_rack_holds(rack, &play.tiles) {
            Some(tiles) => tiles,
            None => return Hint::OtherLetters { letters: play.tiles.clone() },
        },
    };
    let mut best: Option<(Play, u32)> = None;
    for square in Square::all() {
        for direction in [Direction::Horizontal, Direction::Vertical] {
            let candidate = Play { tiles: tiles.clone(), x: square.x(), y: square.y(), direction };
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

/// The letters of `tiles` as `rack` can play them, whatever was written blank or not: its letter tiles
/// first, in order, and a blank for each letter left over. `None` when the rack cannot spell them
/// (always so, without blanks, when it lacks a letter).
fn as_the_rack_holds(rack: &Rack, tiles: &[Tile]) -> Option<Vec<Tile>> {
    let mut letters = rack.counts();
    let mut blanks = rack.blanks();
    tiles
        .iter()
        .map(|tile| {
            let left = &mut letters[tile.letter.index()];
            if *left > 0 {
                *left -= 1;
                Some(Tile::letter(tile.letter))
            } else if blanks > 0 {
                blanks -= 1;
                Some(Tile::blank(tile.letter))
            } else {
                None
            }
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_tiles;

    fn tiles(text: &str) -> Vec<Tile> {
        parse_tiles(text, true).unwrap()
    }

    #[test]
    fn letters_the_rack_lacks_are_played_by_its_blanks() {
        let rack: Rack = "AGIORT?".parse().unwrap();
        // No E on the rack: the blank is the E, whether GOATIER was written with letters or blanks.
        assert_eq!(as_the_rack_holds(&rack, &tiles("GOATIER")), Some(tiles("GOATIeR")));
        assert_eq!(as_the_rack_holds(&rack, &tiles("goatier")), Some(tiles("GOATIeR")));
        // Two letters missing and one blank, or no blank at all: nothing to play.
        assert_eq!(as_the_rack_holds(&rack, &tiles("GOATEES")), None);
        assert_eq!(as_the_rack_holds(&"AGIORTS".parse().unwrap(), &tiles("GOATIER")), None);
    }
}
