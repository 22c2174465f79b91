//! Per-line counters that tell in O(1) whether a move completes a line of its miniboard.
//!
//! A miniboard of side `n` has `n` rows, `n` columns, a main and an anti diagonal. For each line and
//! player the counter holds how many of its cells the player has. Cells never change owner, so the
//! line is full of the player's symbol exactly when the counter reaches `n`.

use crate::parse::{Player, MAX_SIZE};

/// Counts per player (`[X, 0]`); a count never exceeds `n <= 100`, so a byte holds it.
type Counts = [u8; 2];

/// The line counters of every miniboard of an `n² × n²` board.
#[derive(Debug, Clone)]
pub(crate) struct LineCounters {
    n: usize,
    /// Indexed by `board_row * n + miniboard_column`: the row segment of one miniboard.
    rows: Vec<Counts>,
    /// Indexed by `board_column * n + miniboard_row`: the column segment of one miniboard.
    columns: Vec<Counts>,
    /// Indexed by miniboard: its main diagonal.
    diagonals: Vec<Counts>,
    /// Indexed by miniboard: its anti diagonal.
    anti_diagonals: Vec<Counts>,
}

impl LineCounters {
    /// Zero counters for miniboards of side `n` (`1 <= n <= 100`).
    pub(crate) fn new(n: usize) -> LineCounters {
        assert!((1..=MAX_SIZE).contains(&n), "miniboard side {n} outside 1..={MAX_SIZE}");
        let side = n * n;
        LineCounters {
            n,
            rows: vec![[0; 2]; side * n],
            columns: vec![[0; 2]; side * n],
            diagonals: vec![[0; 2]; n * n],
            anti_diagonals: vec![[0; 2]; n * n],
        }
    }

    /// Counts a new `player` cell at board `(row, column)`, which must be empty until now and on the
    /// board, and tells whether it completes one of its miniboard's lines for `player`.
    pub(crate) fn record(&mut self, player: Player, row: usize, column: usize) -> bool {
        let n = self.n;
        let (local_row, local_column) = (row % n, column % n);
        let miniboard = (row / n) * n + column / n;
        let p = player.index();
        // Every counter the cell lies on is counted, even once a line is already complete.
        let mut complete = bump(&mut self.rows[row * n + column / n][p], n);
        complete |= bump(&mut self.columns[column * n + row / n][p], n);
        if local_row == local_column {
            complete |= bump(&mut self.diagonals[miniboard][p], n);
        }
        if local_row + local_column == n - 1 {
            complete |= bump(&mut self.anti_diagonals[miniboard][p], n);
        }
        complete
    }
}

/// Adds one to a counter and tells whether it reached `n`.
fn bump(count: &mut u8, n: usize) -> bool {
    *count += 1;
    usize::from(*count) == n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_completes_on_its_nth_cell_of_one_player() {
        let mut lines = LineCounters::new(3);
        // Row 4 of miniboard 4 (board rows 3..6, columns 3..6).
        assert!(!lines.record(Player::X, 4, 3));
        assert!(!lines.record(Player::X, 4, 5));
        assert!(!lines.record(Player::X, 4, 6)); // next miniboard: another line
        assert!(lines.record(Player::X, 4, 4));
    }

    #[test]
    fn a_mixed_line_never_completes() {
        let mut lines = LineCounters::new(3);
        assert!(!lines.record(Player::X, 0, 0));
        assert!(!lines.record(Player::Zero, 0, 1));
        assert!(!lines.record(Player::X, 0, 2));
    }

    #[test]
    fn columns_and_both_diagonals_complete() {
        let mut columns = LineCounters::new(2);
        assert!(!columns.record(Player::Zero, 2, 1));
        assert!(columns.record(Player::Zero, 3, 1));
        // Main diagonal of miniboard 3 (rows 2..4, columns 2..4): (2, 2), (3, 3).
        let mut diagonal = LineCounters::new(2);
        assert!(!diagonal.record(Player::X, 2, 2));
        assert!(diagonal.record(Player::X, 3, 3));
        // Anti diagonal of miniboard 1 (rows 0..2, columns 2..4): (0, 3), (1, 2).
        let mut anti = LineCounters::new(2);
        assert!(!anti.record(Player::X, 0, 3));
        assert!(anti.record(Player::X, 1, 2));
    }

    #[test]
    fn a_one_cell_miniboard_is_complete_at_once() {
        let mut lines = LineCounters::new(1);
        assert!(lines.record(Player::Zero, 0, 0));
    }
}
