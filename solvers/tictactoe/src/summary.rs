//! The end of a game: the macroboard, its verdict and each player's attention, printed exactly as
//! specified.

use std::fmt;

use crate::parse::Player;

/// Who won the macroboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum GameResult {
    /// Only this player has a full row, column or diagonal of the macroboard: `X won` or `0 won`.
    Won(Player),
    /// Both players or neither have one: `Draw again! Let's play darts!`.
    Draw,
}

/// The final figures of a game.
///
/// `Display` prints the `n` macroboard lines, the verdict and the two attention lines, each ending in
/// `\n`; attention is printed with 10 decimals, rounded as C's `printf("%.10f")` rounds (the exact
/// binary value of the quotient, ties to even), or `N/A` for a player with no rounds.
///
/// ```
/// use solvebatch_tictactoe::{Player, GameSummary};
///
/// let summary = GameSummary::new(2, vec![Some(Player::X), None, Some(Player::X), Some(Player::Zero)], [3, 0], [2, 0]);
/// assert_eq!(summary.to_string(), "X-\nX0\nX won\nX 0.6666666667\n0 N/A\n");
/// ```
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct GameSummary {
    /// `n`: the side of the macroboard.
    pub size: usize,
    /// The owner of each miniboard, row-major (`n * n` entries), `None` for `-`.
    pub macroboard: Vec<Option<Player>>,
    /// The macroboard's verdict.
    pub verdict: GameResult,
    /// Rounds per player (chosen and assigned moves), indexed by [`Player::index`].
    pub rounds: [u32; 2],
    /// Miniboards won by a cell of the player's own choice, indexed by [`Player::index`].
    pub chosen_wins: [u32; 2],
}

impl GameSummary {
    /// The summary of a game whose macroboard (`size * size` owners, row-major), rounds and
    /// miniboards won by choice (per player, indexed by [`Player::index`]) are given; the verdict is
    /// worked out from the macroboard.
    ///
    /// # Panics
    /// If `macroboard` does not have `size * size` entries.
    pub fn new(
        size: usize,
        macroboard: Vec<Option<Player>>,
        rounds: [u32; 2],
        chosen_wins: [u32; 2],
    ) -> GameSummary {
        assert_eq!(macroboard.len(), size * size, "a macroboard of side {size} has {} cells", size * size);
        let x = has_line(&macroboard, size, Player::X);
        let zero = has_line(&macroboard, size, Player::Zero);
        let verdict = match (x, zero) {
            (true, false) => GameResult::Won(Player::X),
            (false, true) => GameResult::Won(Player::Zero),
            _ => GameResult::Draw,
        };
        GameSummary { size, macroboard, verdict, rounds, chosen_wins }
    }

    /// Miniboards won by the player's own choice divided by the player's rounds; `None` without rounds.
    pub fn attention(&self, player: Player) -> Option<f64> {
        let rounds = self.rounds[player.index()];
        (rounds > 0).then(|| f64::from(self.chosen_wins[player.index()]) / f64::from(rounds))
    }
}

/// Whether `player` holds a whole row, column, main or anti diagonal of the `size × size` macroboard.
fn has_line(macroboard: &[Option<Player>], size: usize, player: Player) -> bool {
    let owned = |row: usize, column: usize| macroboard[row * size + column] == Some(player);
    (0..size).any(|row| (0..size).all(|column| owned(row, column)))
        || (0..size).any(|column| (0..size).all(|row| owned(row, column)))
        || (0..size).all(|i| owned(i, i))
        || (0..size).all(|i| owned(i, size - 1 - i))
}

impl fmt::Display for GameSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.macroboard.chunks(self.size) {
            let line: String = row.iter().map(|owner| owner.map_or('-', Player::symbol)).collect();
            writeln!(f, "{line}")?;
        }
        match self.verdict {
            GameResult::Won(player) => writeln!(f, "{} won", player.symbol())?,
            GameResult::Draw => writeln!(f, "Draw again! Let's play darts!")?,
        }
        for player in Player::BOTH {
            match self.attention(player) {
                // Rust's `{:.10}` rounds the exact binary value half to even, as glibc's printf does.
                Some(attention) => writeln!(f, "{} {attention:.10}", player.symbol())?,
                None => writeln!(f, "{} N/A", player.symbol())?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const X: Option<Player> = Some(Player::X);
    const O: Option<Player> = Some(Player::Zero);
    const NONE: Option<Player> = None;

    fn verdict(size: usize, macroboard: Vec<Option<Player>>) -> GameResult {
        GameSummary::new(size, macroboard, [0; 2], [0; 2]).verdict
    }

    /// The attention line of X after `wins` miniboards won by choice in `rounds` rounds.
    fn attention_line(wins: u32, rounds: u32) -> String {
        let text = GameSummary::new(1, vec![None], [rounds, 0], [wins, 0]).to_string();
        text.lines().nth(2).unwrap().to_string()
    }

    #[test]
    fn a_line_of_one_player_wins_the_macroboard() {
        assert_eq!(verdict(3, vec![X, X, X, O, O, NONE, NONE, NONE, NONE]), GameResult::Won(Player::X));
        assert_eq!(verdict(3, vec![O, X, X, O, X, NONE, O, NONE, NONE]), GameResult::Won(Player::Zero));
        assert_eq!(verdict(3, vec![X, O, O, NONE, X, O, NONE, NONE, X]), GameResult::Won(Player::X));
        assert_eq!(verdict(3, vec![X, X, O, NONE, O, X, O, NONE, NONE]), GameResult::Won(Player::Zero));
        assert_eq!(verdict(1, vec![O]), GameResult::Won(Player::Zero));
    }

    #[test]
    fn both_or_neither_is_a_draw() {
        assert_eq!(verdict(2, vec![X, X, O, O]), GameResult::Draw);
        assert_eq!(verdict(3, vec![X, O, X, O, X, O, O, X, O]), GameResult::Draw);
        assert_eq!(verdict(1, vec![NONE]), GameResult::Draw);
    }

    #[test]
    fn prints_the_macroboard_verdict_and_attention() {
        let summary =
            GameSummary::new(3, vec![X, O, NONE, NONE, NONE, NONE, NONE, NONE, NONE], [4, 3], [1, 1]);
        assert_eq!(
            summary.to_string(),
            "X0-\n---\n---\nDraw again! Let's play darts!\nX 0.2500000000\n0 0.3333333333\n"
        );
        let zero_won = GameSummary::new(2, vec![O, NONE, O, X], [0, 2], [0, 2]);
        assert_eq!(zero_won.to_string(), "0-\n0X\n0 won\nX N/A\n0 1.0000000000\n");
    }

    #[test]
    fn attention_rounds_at_the_tenth_decimal() {
        assert_eq!(attention_line(2, 3), "X 0.6666666667");
        assert_eq!(attention_line(1, 7), "X 0.1428571429");
        assert_eq!(attention_line(1, 3), "X 0.3333333333");
        assert_eq!(attention_line(0, 5), "X 0.0000000000");
        assert_eq!(attention_line(5, 5), "X 1.0000000000");
    }

    #[test]
    fn attention_rounds_the_binary_value_half_to_even_as_printf_does() {
        // 1/2048 = 0.00048828125 and 3/2048 = 0.00146484375 exactly: ties, to the even digit.
        assert_eq!(attention_line(1, 2048), "X 0.0004882812");
        assert_eq!(attention_line(3, 2048), "X 0.0014648438");
        // 3/10240 is 0.00029296875 as a fraction, but its double lies just below: printf rounds down.
        assert_eq!(attention_line(3, 10240), "X 0.0002929687");
        // 1/10240 is 0.00009765625 as a fraction, its double just above: printf rounds up.
        assert_eq!(attention_line(1, 10240), "X 0.0000976563");
    }
}
