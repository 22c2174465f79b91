//! The fallback order for rejected moves: the diagonals parallel to the main one, `d0`, `d+1`, `d-1`,
//! `d+2`, `d-2`, ..., each read top to bottom, where `d+k` holds the cells `(i, i + k)` and `d-k` the
//! cells `(i + k, i)`.
//!
//! Cells only ever fill up, so the first free cell in this order only moves forward: a cursor that
//! stays on it finds every fallback cell with a total of `side²` steps over a whole game.

/// A cursor over the diagonal order of a `side × side` board, resting on the first cell that may be
/// free (every cell before it is occupied).
#[derive(Debug, Clone)]
pub(crate) struct DiagonalCursor {
    side: usize,
    /// The diagonal `d`: cells `(i, i + d)` for `d >= 0`, `(i - d, i)` for `d < 0`.
    offset: isize,
    /// The cursor's cell `(row, column)`; `None` once every diagonal is passed.
    cell: Option<(usize, usize)>,
}

impl DiagonalCursor {
    /// A cursor on cell `(0, 0)` of a `side × side` board (`side >= 1`).
    pub(crate) fn new(side: usize) -> DiagonalCursor {
        DiagonalCursor { side, offset: 0, cell: Some((0, 0)) }
    }

    /// The first cell `(row, column)` in diagonal order for which `occupied` is false, or `None` when
    /// the board is full. The cursor stays there: `occupied` must stay true for every cell passed,
    /// which holds because cells are never emptied.
    pub(crate) fn first_free(&mut self, occupied: impl Fn(usize, usize) -> bool) -> Option<(usize, usize)> {
        while let Some((row, column)) = self.cell {
            if !occupied(row, column) {
                return self.cell;
            }
            self.cell = if row + 1 < self.side && column + 1 < self.side {
                Some((row + 1, column + 1))
            } else {
                self.next_diagonal()
            };
        }
        None
    }

    /// Moves to the top of the next diagonal: `d+k` is followed by `d-k`, and `d-k` by `d+(k+1)`.
    fn next_diagonal(&mut self) -> Option<(usize, usize)> {
        self.offset = if self.offset > 0 { -self.offset } else { 1 - self.offset };
        let distance = self.offset.unsigned_abs();
        if distance >= self.side {
            None
        } else if self.offset > 0 {
            Some((0, distance))
        } else {
            Some((distance, 0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    /// The whole order, read by marking each cell found as occupied.
    fn order(side: usize) -> Vec<(usize, usize)> {
        let occupied = RefCell::new(vec![false; side * side]);
        let mut cursor = DiagonalCursor::new(side);
        let mut cells = Vec::new();
        while let Some((row, column)) =
            cursor.first_free(|row, column| occupied.borrow()[row * side + column])
        {
            occupied.borrow_mut()[row * side + column] = true;
            cells.push((row, column));
        }
        cells
    }

    #[test]
    fn visits_d0_then_d_plus_k_before_d_minus_k_each_top_to_bottom() {
        assert_eq!(order(1), vec![(0, 0)]);
        assert_eq!(order(2), vec![(0, 0), (1, 1), (0, 1), (1, 0)]);
        assert_eq!(order(3), vec![(0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (1, 0), (2, 1), (0, 2), (2, 0)]);
    }

    #[test]
    fn visits_every_cell_once() {
        for side in [4, 9, 16] {
            let mut cells = order(side);
            assert_eq!(cells.len(), side * side);
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), side * side);
        }
    }

    #[test]
    fn stays_on_a_free_cell_and_skips_cells_filled_meanwhile() {
        let mut occupied = [[false; 3]; 3];
        let mut cursor = DiagonalCursor::new(3);
        assert_eq!(cursor.first_free(|row, column| occupied[row][column]), Some((0, 0)));
        assert_eq!(cursor.first_free(|row, column| occupied[row][column]), Some((0, 0)));
        // (0, 0), (1, 1), (2, 2) and (0, 1) filled by chosen moves: next is (1, 2) on d+1.
        for (row, column) in [(0, 0), (1, 1), (2, 2), (0, 1)] {
            occupied[row][column] = true;
        }
        assert_eq!(cursor.first_free(|row, column| occupied[row][column]), Some((1, 2)));
        occupied = [[true; 3]; 3];
        assert_eq!(cursor.first_free(|row, column| occupied[row][column]), None);
        assert_eq!(cursor.first_free(|row, column| occupied[row][column]), None);
    }
}
