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
    /// Indexed by a board row or column `c`: `[c / n, c % n]`, so that no move divides.
    split: Vec<[u8; 2]>,
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
        debug_assert!((1..=MAX_SIZE).contains(&n), "counts up to n = {n} must fit a byte");
        let side = n * n;
        LineCounters {
            n,
            split: (0..side).map(|c| [(c / n) as u8, (c % n) as u8]).collect(),
            rows: vec![[0; 2]; side * n],
            columns: vec![[0; 2]; side * n],
            diagonals: vec![[0; 2]; n * n],
            anti_diagonals: vec![[0; 2]; n * n],
        }
    }

    /// Counts a new `player` cell at board `(row, column)`, which must be on the board and empty until
    /// now. Returns the cell's miniboard (row-major) if the cell completes one of its lines for `player`.
    pub(crate) fn record(&mut self, player: Player, row: usize, column: usize) -> Option<usize> {
        let n = self.n;
        let [block_row, local_row] = self.split[row].map(usize::from);
        let [block_column, local_column] = self.split[column].map(usize::from);
        let miniboard = block_row * n + block_column;
        let p = player.index();
        // Every counter the cell lies on is counted, even once a line is already complete.
        let mut complete = bump(&mut self.rows[row * n + block_column][p], n);
        complete |= bump(&mut self.columns[column * n + block_row][p], n);
        if local_row == local_column {
            complete |= bump(&mut self.diagonals[miniboard][p], n);
        }
        if local_row + local_column == n - 1 {
            complete |= bump(&mut self.anti_diagonals[miniboard][p], n);
        }
        complete.then_some(miniboard)
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
        assert_eq!(lines.record(Player::X, 4, 3), None);
        assert_eq!(lines.record(Player::X, 4, 5), None);
        assert_eq!(lines.record(Player::X, 4, 6), None); // next miniboard: another line
        assert_eq!(lines.record(Player::X, 4, 4), Some(4));
    }

    #[test]
    fn a_mixed_line_never_completes() {
        let mut lines = LineCounters::new(3);
        assert_eq!(lines.record(Player::X, 0, 0), None);
        assert_eq!(lines.record(Player::Zero, 0, 1), None);
        assert_eq!(lines.record(Player::X, 0, 2), None);
    }

    #[test]
    fn columns_and_both_diagonals_complete() {
        let mut columns = LineCounters::new(2);
        assert_eq!(columns.record(Player::Zero, 2, 1), None);
        assert_eq!(columns.record(Player::Zero, 3, 1), Some(2));
        // Main diagonal of miniboard 3 (rows 2..4, columns 2..4): (2, 2), (3, 3).
        let mut diagonal = LineCounters::new(2);
        assert_eq!(diagonal.record(Player::X, 2, 2), None);
        assert_eq!(diagonal.record(Player::X, 3, 3), Some(3));
        // Anti diagonal of miniboard 1 (rows 0..2, columns 2..4): (0, 3), (1, 2).
        let mut anti = LineCounters::new(2);
        assert_eq!(anti.record(Player::X, 0, 3), None);
        assert_eq!(anti.record(Player::X, 1, 2), Some(1));
    }

    #[test]
    fn a_one_cell_miniboard_is_complete_at_once() {
        let mut lines = LineCounters::new(1);
        assert_eq!(lines.record(Player::Zero, 0, 0), Some(0));
    }
}
