//! The end of a game, one notion for every part of the crate that follows a game to its end: GCG
//! records ([`crate::game::gcg::GcgGame`]), solitaire, self-play, the endgame and pre-endgame searches,
//! and the commands that take a position (`hint`, `endgame`, `pre-endgame`).
//!
//! Under the tournament rules (NASPA and WESPA), a game ends when a player places its last tile with
//! the bag empty (it gains the value of the other's rack, which the other loses), or after
//! [`SCORELESS_TURNS_TO_END`] scoreless turns in a row (passes, exchanges, plays scoring 0, plays
//! challenged off), each player then losing the value of its own rack (`rack_value`).

use crate::play::Rulebook;
use crate::tiles::rack::Rack;

/// Scoreless turns in a row (passes, exchanges, plays scoring 0) that end a game, as under the
/// tournament rules (NASPA and WESPA: six).
pub const SCORELESS_TURNS_TO_END: usize = 6;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// [`SCORELESS_TURNS_TO_END`] scoreless turns in a row: each player loses its own rack's value.
    Scoreless,
    /// The player (0 or 1) placed its last tile with the bag empty: it gains the value of the other's
    /// rack, which the other loses.
    WentOut(usize),
}

impl Ending {
    /// The end reached after a turn that leaves `scoreless` scoreless turns in a row, by a player
    /// who went out (`out`: its index) or not; `None` while the game goes on.
    pub fn after(scoreless: usize, out: Option<usize>) -> Option<Ending> {
        match out {
            Some(player) => Some(Ending::WentOut(player)),
            None => (scoreless >= SCORELESS_TURNS_TO_END).then_some(Ending::Scoreless),
        }
    }

    /// The end of a position with `scoreless` scoreless turns in a row: only their count tells
    /// (a position's empty rack may be an unknown one).
    pub fn of_position(scoreless: usize) -> Option<Ending> {
        Ending::after(scoreless, None)
    }

    /// Each player's end-of-game adjustment, in points, from the value of the rack each holds.
    pub fn adjustments(self, rack_values: [i32; 2]) -> [i32; 2] {
        match self {
            Ending::Scoreless => rack_values.map(|value| -value),
            Ending::WentOut(player) => {
                let left = rack_values[1 - player];
                let mut adjustments = [-left; 2];
                adjustments[player] = left;
                adjustments
            }
        }
    }

    /// The adjustments as a spread for player 0: its adjustment less the other's.
    pub fn spread(self, rack_values: [i32; 2]) -> i32 {
        let [first, second] = self.adjustments(rack_values);
        first - second
    }
}

impl std::fmt::Display for Ending {
    /// `six scoreless turns`, or `player N went out` (N from 1).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ending::Scoreless => f.write_str("six scoreless turns"),
            Ending::WentOut(player) => write!(f, "player {} went out", player + 1),
        }
    }
}

/// What `hint` and `pre-endgame` print for a position after `scoreless` scoreless turns in a row
/// when the game is over ([`Ending::of_position`]): `the game is over: six scoreless turns`, with a
/// newline; `None` while it goes on.
pub fn game_over(scoreless: usize) -> Option<String> {
    Ending::of_position(scoreless).map(|ending| format!("the game is over: {ending}\n"))
}

/// The value of the tiles of `rack` under `rulebook` (a blank is worth 0).
pub(crate) fn rack_value(rulebook: &Rulebook, rack: &Rack) -> i32 {
    rack.tiles().flatten().map(|letter| rulebook.tiles.value(letter) as i32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_ends_at_six_scoreless_turns_or_when_a_player_goes_out() {
        assert_eq!(Ending::after(5, None), None);
        assert_eq!(Ending::after(6, None), Some(Ending::Scoreless));
        assert_eq!(Ending::after(0, Some(1)), Some(Ending::WentOut(1)));
        assert_eq!(Ending::of_position(7), Some(Ending::Scoreless));
        assert_eq!(game_over(6).as_deref(), Some("the game is over: six scoreless turns\n"));
        assert_eq!(game_over(5), None);
        assert_eq!(Ending::WentOut(1).to_string(), "player 2 went out");
    }

    /// EHINOTU (10 points) against EMST (6): each loses its own rack, a spread of -4 for the first;
    /// going out with EMST left against it gains 6 and the other loses 6.
    #[test]
    fn each_end_has_its_adjustments() {
        assert_eq!(Ending::Scoreless.adjustments([10, 6]), [-10, -6]);
        assert_eq!(Ending::Scoreless.spread([10, 6]), -4);
        assert_eq!(Ending::WentOut(0).adjustments([0, 6]), [6, -6]);
        assert_eq!(Ending::WentOut(1).spread([10, 0]), -20);
    }
}
