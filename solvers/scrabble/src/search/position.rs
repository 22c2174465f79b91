//! An endgame's position (board, racks, scoreless turns) and a turn of it, shared by the search
//! ([`super::endgame`]), its position made in place and its cache of move lists.

use crate::board::Board;
use crate::movegen::moves::Move;
use crate::tiles::rack::Rack;

/// A turn of the endgame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// A play.
    Play(Move),
    /// A pass.
    Pass,
}

impl Turn {
    /// The points the turn scores (0 for a pass).
    pub fn score(&self) -> u32 {
        match self {
            Turn::Play(played) => played.score,
            Turn::Pass => 0,
        }
    }
}

/// An endgame position: the board, the racks (the player to move first) and the scoreless turns in a
/// row so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The board.
    pub board: Board,
    /// The racks of the player to move and of the opponent.
    pub racks: [Rack; 2],
    /// Scoreless turns in a row before this one (0 to 5).
    pub scoreless_turns: usize,
}
