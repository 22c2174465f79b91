//! The board as the move generator reads it ([`Lines`]): its tiles line by line in both directions,
//! the cross-check and cross score of each empty square in each direction, and the anchors of each
//! line (Appel and Jacobson 1988, "The world's fastest Scrabble program").
//!
//! [`Lines::new`] computes them from a board. A search that makes and unmakes moves in place keeps
//! one [`Lines`] instead: [`Lines::place`] lays a move's tiles and recomputes only what they can
//! change (the empty squares at both ends of the runs through the placed tiles, across and down, and
//! the anchors of the lines beside them), logging each old value, and [`Lines::undo`] restores them
//! from the log, as the incremental cross-sets of Gordon 1994 ("A faster Scrabble move generation
//! algorithm", Software: Practice and Experience 24) are kept.

use crate::board::{Board, Direction, Square, BOARD_SIZE};
use crate::lexicon::edges::Node;
use crate::lexicon::graph::WordGraph;
use crate::play::Rulebook;
use crate::tiles::letter::{Letter, LetterSet, Tile, LETTER_COUNT};
use crate::tiles::rack::Rack;

/// A square of a line without a tile.
pub(crate) const NO_TILE: u8 = u8::MAX;

/// The cross score of a square whose tile would form no cross word.
pub(crate) const NO_CROSS_WORD: u32 = u32::MAX;

/// The directions searched, in the order of [`Lines`]' arrays: 0 for rows, 1 for columns.
pub(crate) const DIRECTIONS: [Direction; 2] = [Direction::Horizontal, Direction::Vertical];

/// The letters of `rack`'s letter tiles, one bit per letter index.
pub(crate) fn letter_tiles(rack: &Rack) -> u32 {
    Letter::all().filter(|&letter| rack.count(letter) > 0).fold(0, |bits, letter| bits | 1 << letter.index())
}

/// The letters `rack` can place, one bit per letter index: its letter tiles', every letter with a
/// blank.
pub(crate) fn playable_letters(rack: &Rack) -> u32 {
    if rack.blanks() > 0 {
        LetterSet::ALL.bits()
    } else {
        letter_tiles(rack)
    }
}

/// The board read for move generation, in both directions. Index 0 of each array is the rows
/// (horizontal plays), index 1 the columns (vertical plays, the board transposed): in direction `d`,
/// line `l` and position `p` is `Square::at(l, p)` for rows and `Square::at(p, l)` for columns.
#[derive(Debug, Clone)]
pub(crate) struct Lines {
    /// The tiles by direction.
    pub(crate) grids: [Grid; 2],
    /// By direction, line and position: the letters of [`Lines::wanted`] that make a word with the
    /// tiles across the line (above and below a row's square, left and right of a column's), one bit
    /// per letter index; all letters on a square with no tile across or holding a tile.
    pub(crate) cross_checks: [[[u32; BOARD_SIZE]; BOARD_SIZE]; 2],
    /// By direction, line and position: the value of the tiles across the line next to an empty
    /// square, [`NO_CROSS_WORD`] when none (and on a square holding a tile).
    pub(crate) cross_scores: [[[u32; BOARD_SIZE]; BOARD_SIZE]; 2],
    /// By direction and line, bit `p` set when position `p` is an anchor: an empty square next to a
    /// tile, or the centre on an empty board.
    pub(crate) anchors: [[u32; BOARD_SIZE]; 2],
    /// The letters cross-checks are worked out for (bit per letter index): moves of racks holding
    /// only these may be generated from these lines.
    wanted: u32,
    /// What [`Lines::place`] changed, the old values, for [`Lines::undo`].
    log: Vec<Change>,
    /// The log's length before each [`Lines::place`] not yet undone.
    marks: Vec<usize>,
}

/// One change of [`Lines::place`], with what was there before.
#[derive(Debug, Clone, Copy)]
enum Change {
    /// A tile laid on the square.
    Tile(Square),
    /// The cross-check and cross score of a square in a direction.
    Cross { direction: u8, line: u8, position: u8, check: u32, score: u32 },
    /// The anchors of a line in a direction.
    Anchors { direction: u8, line: u8, anchors: u32 },
}

impl PartialEq for Lines {
    /// Whether the two read alike: tiles, cross-checks, cross scores, anchors and wanted letters
    /// (the undo logs aside).
    fn eq(&self, other: &Lines) -> bool {
        self.grids == other.grids
            && self.cross_checks == other.cross_checks
            && self.cross_scores == other.cross_scores
            && self.anchors == other.anchors
            && self.wanted == other.wanted
    }
}

impl Lines {
    /// The lines of `board` under `rulebook`, with cross-checks of the `wanted` letters (bit per
    /// letter index: the letters of the racks whose moves are generated, [`playable_letters`]).
    pub(crate) fn new(rulebook: &Rulebook, board: &Board, wanted: u32) -> Lines {
        let rows = Grid::new(board, &rulebook.tiles.values());
        let mut lines = Lines {
            grids: [rows, rows.transposed()],
            cross_checks: [[[LetterSet::ALL.bits(); BOARD_SIZE]; BOARD_SIZE]; 2],
            cross_scores: [[[NO_CROSS_WORD; BOARD_SIZE]; BOARD_SIZE]; 2],
            anchors: [[0; BOARD_SIZE]; 2],
            wanted,
            log: Vec::new(),
            marks: Vec::new(),
        };
        let empty_board = rows.occupied.iter().all(|&row| row == 0);
        let graph = rulebook.dictionary.graph();
        for (d, direction) in DIRECTIONS.into_iter().enumerate() {
            let grid = &lines.grids[d];
            for line in 0..BOARD_SIZE {
                lines.anchors[d][line] = grid.anchors(line, empty_board, direction);
                // Only empty squares with a tile across the line have a cross word.
                let mut crossed = grid.crossed(line);
                while crossed != 0 {
                    let position = crossed.trailing_zeros() as usize;
                    crossed &= crossed - 1;
                    let (check, score) = cross_check(graph, grid, line, position, wanted);
                    lines.cross_checks[d][line][position] = check;
                    lines.cross_scores[d][line][position] = score;
                }
            }
        }
        lines
    }

    /// The letters cross-checks are worked out for.
    pub(crate) fn wanted(&self) -> u32 {
        self.wanted
    }

    /// Lays the tiles `board` holds on the `placed` squares (empty in these lines) and updates the
    /// cross-checks, cross scores and anchors they change, as [`Lines::new`] of `board` gives them;
    /// [`Lines::undo`] takes it back.
    pub(crate) fn place(&mut self, rulebook: &Rulebook, board: &Board, placed: &[Square]) {
        self.marks.push(self.log.len());
        for &square in placed {
            let tile = board.tile(square).expect("a placed square holds a tile");
            let value = if tile.blank { 0 } else { rulebook.tiles.value(tile.letter) };
            self.grids[0].put(square.row(), square.column(), tile, value);
            self.grids[1].put(square.column(), square.row(), tile, value);
            self.log.push(Change::Tile(square));
        }
        let graph = rulebook.dictionary.graph();
        for (d, direction) in DIRECTIONS.into_iter().enumerate() {
            // Bit per line whose anchors may change: the lines of the placed tiles and beside them.
            let mut touched = 0u32;
            // The last run across the lines updated: its position and first and last lines (the tiles
            // of a move are in order, so those sharing a run come one after the other).
            let mut last_run = None;
            for &square in placed {
                let (line, position) = match direction {
                    Direction::Horizontal => (square.row(), square.column()),
                    Direction::Vertical => (square.column(), square.row()),
                };
                touched |= 0b111 << line >> 1;
                self.set_cross(d, line, position, (LetterSet::ALL.bits(), NO_CROSS_WORD));
                // The empty squares at both ends of the run across the line through the tile.
                let grid = &self.grids[d];
                let occupied = |line: usize| grid.tiles[line][position] != NO_TILE;
                let mut top = line;
                while top > 0 && occupied(top - 1) {
                    top -= 1;
                }
                let mut bottom = line;
                while bottom + 1 < BOARD_SIZE && occupied(bottom + 1) {
                    bottom += 1;
                }
                if last_run.replace((position, top, bottom)) == Some((position, top, bottom)) {
                    continue;
                }
                let ends = [top.checked_sub(1), (bottom + 1 < BOARD_SIZE).then_some(bottom + 1)];
                for end in ends.into_iter().flatten() {
                    let crossed = cross_check(graph, &self.grids[d], end, position, self.wanted);
                    self.set_cross(d, end, position, crossed);
                }
            }
            touched &= (1 << BOARD_SIZE) - 1;
            while touched != 0 {
                let line = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                let anchors = self.grids[d].anchors(line, false, direction);
                if anchors != self.anchors[d][line] {
                    let old = std::mem::replace(&mut self.anchors[d][line], anchors);
                    self.log.push(Change::Anchors { direction: d as u8, line: line as u8, anchors: old });
                }
            }
        }
    }

    /// Takes back the last [`Lines::place`] not yet taken back, restoring every value it changed.
    ///
    /// # Panics
    /// When there is none.
    pub(crate) fn undo(&mut self) {
        let mark = self.marks.pop().expect("a placing to undo");
        for change in self.log.drain(mark..).rev() {
            match change {
                Change::Tile(square) => {
                    self.grids[0].clear(square.row(), square.column());
                    self.grids[1].clear(square.column(), square.row());
                }
                Change::Cross { direction, line, position, check, score } => {
                    let (d, line, position) = (direction as usize, line as usize, position as usize);
                    self.cross_checks[d][line][position] = check;
                    self.cross_scores[d][line][position] = score;
                }
                Change::Anchors { direction, line, anchors } => {
                    self.anchors[direction as usize][line as usize] = anchors;
                }
            }
        }
    }

    /// Sets the cross-check and cross score of a square, logging the old ones when they change.
    fn set_cross(&mut self, d: usize, line: usize, position: usize, (check, score): (u32, u32)) {
        let (old_check, old_score) =
            (self.cross_checks[d][line][position], self.cross_scores[d][line][position]);
        if (old_check, old_score) == (check, score) {
            return;
        }
        self.cross_checks[d][line][position] = check;
        self.cross_scores[d][line][position] = score;
        let (direction, line, position) = (d as u8, line as u8, position as u8);
        self.log.push(Change::Cross { direction, line, position, check: old_check, score: old_score });
    }
}

/// The board's tiles as lines in one direction (rows, or columns once transposed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Letter index of each tile, [`NO_TILE`] for an empty square.
    pub(crate) tiles: [[u8; BOARD_SIZE]; BOARD_SIZE],
    /// The value of each tile (0 for a blank and for an empty square).
    pub(crate) tile_values: [[u32; BOARD_SIZE]; BOARD_SIZE],
    /// Per line, bit `c` set when square `c` holds a blank.
    pub(crate) blank_tiles: [u32; BOARD_SIZE],
    /// Per line, bit `c` set when square `c` holds a tile.
    occupied: [u32; BOARD_SIZE],
}

impl Grid {
    /// A board without tiles.
    const EMPTY: Grid = Grid {
        tiles: [[NO_TILE; BOARD_SIZE]; BOARD_SIZE],
        tile_values: [[0; BOARD_SIZE]; BOARD_SIZE],
        blank_tiles: [0; BOARD_SIZE],
        occupied: [0; BOARD_SIZE],
    };

    /// The board's rows, tile values from `values`.
    fn new(board: &Board, values: &[u32; LETTER_COUNT]) -> Grid {
        let mut grid = Grid::EMPTY;
        for row in 0..BOARD_SIZE {
            for column in 0..BOARD_SIZE {
                if let Some(tile) = board.tile(Square::at(row, column)) {
                    let value = if tile.blank { 0 } else { values[tile.letter.index()] };
                    grid.put(row, column, tile, value);
                }
            }
        }
        grid
    }

    /// Puts `tile`, worth `value`, on the empty square `column` of line `row`.
    fn put(&mut self, row: usize, column: usize, tile: Tile, value: u32) {
        self.tiles[row][column] = tile.letter.index() as u8;
        self.tile_values[row][column] = value;
        self.blank_tiles[row] |= u32::from(tile.blank) << column;
        self.occupied[row] |= 1 << column;
    }

    /// Empties the square `column` of line `row`.
    fn clear(&mut self, row: usize, column: usize) {
        self.tiles[row][column] = NO_TILE;
        self.tile_values[row][column] = 0;
        self.blank_tiles[row] &= !(1 << column);
        self.occupied[row] &= !(1 << column);
    }

    /// The same board read by columns.
    fn transposed(&self) -> Grid {
        let mut grid = Grid::EMPTY;
        for row in 0..BOARD_SIZE {
            let mut occupied = self.occupied[row];
            while occupied != 0 {
                let column = occupied.trailing_zeros() as usize;
                occupied &= occupied - 1;
                grid.tiles[column][row] = self.tiles[row][column];
                grid.tile_values[column][row] = self.tile_values[row][column];
                grid.blank_tiles[column] |= (self.blank_tiles[row] >> column & 1) << row;
                grid.occupied[column] |= 1 << row;
            }
        }
        grid
    }

    /// Bit `c` set when the empty square `c` of line `row` has a tile above or below it.
    fn crossed(&self, row: usize) -> u32 {
        let above = if row > 0 { self.occupied[row - 1] } else { 0 };
        let below = if row + 1 < BOARD_SIZE { self.occupied[row + 1] } else { 0 };
        (above | below) & !self.occupied[row]
    }

    /// The anchors of line `row`: its empty squares next to a tile, or the centre on an empty board.
    fn anchors(&self, row: usize, empty_board: bool, direction: Direction) -> u32 {
        if empty_board {
            let centre = match direction {
                Direction::Horizontal => Square::CENTRE.index() / BOARD_SIZE,
                Direction::Vertical => Square::CENTRE.index() % BOARD_SIZE,
            };
            return if row == centre { 1 << (Square::CENTRE.index() % BOARD_SIZE) } else { 0 };
        }
        let occupied = self.occupied[row];
        let line = (1 << BOARD_SIZE) - 1;
        (self.crossed(row) | ((occupied << 1 | occupied >> 1) & !occupied)) & line
    }
}

/// The letters of `wanted` that may go on the empty square `(row, column)` of `grid` given the tiles
/// above and below it, and the value of those tiles; `(all letters, NO_CROSS_WORD)` when it has none.
fn cross_check(graph: &WordGraph, grid: &Grid, row: usize, column: usize, wanted: u32) -> (u32, u32) {
    let (tiles, tile_values) = (&grid.tiles, &grid.tile_values);
    let occupied = |r: usize| tiles[r][column] != NO_TILE;
    let mut top = row;
    while top > 0 && occupied(top - 1) {
        top -= 1;
    }
    let mut bottom = row;
    while bottom + 1 < BOARD_SIZE && occupied(bottom + 1) {
        bottom += 1;
    }
    if top == row && bottom == row {
        return (LetterSet::ALL.bits(), NO_CROSS_WORD);
    }
    let score = (top..row).chain(row + 1..=bottom).map(|r| tile_values[r][column]).sum();
    // The node after the tiles above, then each wanted letter followed by the tiles below.
    let follow = |mut node: Node, rows: std::ops::Range<usize>| {
        for r in rows {
            let letter = tiles[r][column] as usize;
            if graph.children(node).bits() & (1 << letter) == 0 {
                return None;
            }
            node = graph.listed_child(node, letter);
        }
        Some(node)
    };
    let Some(above) = follow(graph.root(), top..row) else {
        return (0, score);
    };
    let mut allowed = 0;
    let mut letters = graph.children(above).bits() & wanted;
    while letters != 0 {
        let letter = letters.trailing_zeros() as usize;
        letters &= letters - 1;
        let middle = graph.listed_child(above, letter);
        let below = follow(middle, row + 1..bottom + 1);
        if below.is_some_and(|node| graph.is_terminal(node)) {
            allowed |= 1 << letter;
        }
    }
    (allowed, score)
}
