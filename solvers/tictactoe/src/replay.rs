//! The game state and the rules for one move: the turn check, the index and occupied-cell checks, the
//! diagonal fallback, `FULL BOARD`, and miniboard ownership; and [`replay()`]: a whole game file
//! replayed into its exact output ([`Replayed`]) and counts ([`Statistics`]).

use std::fmt::Write;

use crate::diagonal::DiagonalCursor;
use crate::lines::LineCounters;
use crate::parse::{parse, GameFileError, Player, PlayerMove, MAX_SIZE};
use crate::summary::GameSummary;

/// Why a move's own cell was refused, so that the diagonal fallback chose (or failed to choose) one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveRejection {
    /// `x` or `y` is outside `0..n²`: `INVALID INDEX`.
    InvalidIndex,
    /// The cell is taken: `NOT AN EMPTY CELL`.
    NotAnEmptyCell,
}

impl MoveRejection {
    /// The message line, without its newline.
    pub fn message(self) -> &'static str {
        match self {
            MoveRejection::InvalidIndex => "INVALID INDEX",
            MoveRejection::NotAnEmptyCell => "NOT AN EMPTY CELL",
        }
    }
}

/// What one move did. Cells are `(row, column)` of the `n² × n²` board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// The game had already ended with `FULL BOARD`: the move was read and ignored.
    Ignored,
    /// Not the player to move: `NOT YOUR TURN`; nothing changes.
    NotYourTurn,
    /// The player's symbol was placed where asked: a round of the player.
    Chosen {
        /// The cell filled.
        cell: (usize, usize),
    },
    /// The cell asked for was refused and the first free cell in diagonal order was filled instead: a
    /// round of the player.
    Assigned {
        /// Why the cell asked for was refused.
        rejection: MoveRejection,
        /// The cell filled.
        cell: (usize, usize),
    },
    /// The cell asked for was refused and no cell was free: `FULL BOARD`; the game has ended and this
    /// move is not a round.
    FullBoard {
        /// Why the cell asked for was refused.
        rejection: MoveRejection,
    },
}

impl Turn {
    /// The output lines of this move, each ending in `\n` (empty when it prints nothing).
    pub fn messages(self) -> &'static str {
        match self {
            Turn::Ignored | Turn::Chosen { .. } => "",
            Turn::NotYourTurn => "NOT YOUR TURN\n",
            Turn::Assigned { rejection: MoveRejection::InvalidIndex, .. } => "INVALID INDEX\n",
            Turn::Assigned { rejection: MoveRejection::NotAnEmptyCell, .. } => "NOT AN EMPTY CELL\n",
            Turn::FullBoard { rejection: MoveRejection::InvalidIndex } => "INVALID INDEX\nFULL BOARD\n",
            Turn::FullBoard { rejection: MoveRejection::NotAnEmptyCell } => "NOT AN EMPTY CELL\nFULL BOARD\n",
        }
    }
}

/// A game in progress on an `n² × n²` board, `n` in `1..=100`.
///
/// Memory is proportional to the board: one bit per cell, a byte per player for each line of each
/// miniboard, and one owner per miniboard. Each move costs O(1) apart from the fallback cursor, whose
/// steps total at most `n⁴` over the whole game.
///
/// ```
/// use solvebatch_tictactoe::{PlayerMove, Player, MoveRejection, Replay, Turn};
///
/// let mut game = Replay::new(3);
/// assert_eq!(game.play(PlayerMove { player: Player::X, row: 0, column: 1 }), Turn::Chosen { cell: (0, 1) });
/// assert_eq!(game.play(PlayerMove { player: Player::X, row: 0, column: 2 }), Turn::NotYourTurn);
/// assert_eq!(
///     game.play(PlayerMove { player: Player::Zero, row: 9, column: 0 }),
///     Turn::Assigned { rejection: MoveRejection::InvalidIndex, cell: (0, 0) }
/// );
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    n: usize,
    /// `n²`: the side of the board in cells.
    side: usize,
    /// One bit per cell, cell `row * side + column` at bit `cell % 64` of word `cell / 64`.
    occupied: Vec<u64>,
    lines: LineCounters,
    /// The winner of each miniboard, row-major, `None` while nobody has completed a line there.
    owners: Vec<Option<Player>>,
    fallback: DiagonalCursor,
    to_move: Player,
    over: bool,
    /// Rounds per player, indexed by [`Player::index`].
    rounds: [u32; 2],
    /// Miniboards won with a cell of the player's own choice, indexed by [`Player::index`].
    chosen_wins: [u32; 2],
}

impl Replay {
    /// An empty board of `n × n` miniboards of `n × n` cells, `X` to move.
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_SIZE`] (100); [`parse`](crate::parse) never yields such an `n`.
    pub fn new(n: usize) -> Replay {
        assert!((1..=MAX_SIZE).contains(&n), "board size n = {n} outside 1..={MAX_SIZE}");
        let side = n * n;
        Replay {
            n,
            side,
            occupied: vec![0; (side * side).div_ceil(64)],
            lines: LineCounters::new(n),
            owners: vec![None; side],
            fallback: DiagonalCursor::new(side),
            to_move: Player::X,
            over: false,
            rounds: [0; 2],
            chosen_wins: [0; 2],
        }
    }

    /// Applies one move by the rules, in the order they are checked: game over, turn, index, occupied
    /// cell, diagonal fallback.
    pub fn play(&mut self, attempt: PlayerMove) -> Turn {
        if self.over {
            return Turn::Ignored;
        }
        if attempt.player != self.to_move {
            return Turn::NotYourTurn;
        }
        let rejection = match self.on_board(attempt.row, attempt.column) {
            None => MoveRejection::InvalidIndex,
            Some(cell) if self.is_occupied(cell) => MoveRejection::NotAnEmptyCell,
            Some(cell) => {
                self.place(cell, true);
                return Turn::Chosen { cell };
            }
        };
        let (occupied, side) = (&self.occupied, self.side);
        match self.fallback.first_free(|row, column| is_set(occupied, row * side + column)) {
            Some(cell) => {
                self.place(cell, false);
                Turn::Assigned { rejection, cell }
            }
            None => {
                self.over = true;
                Turn::FullBoard { rejection }
            }
        }
    }

    /// Whether `FULL BOARD` has ended the game.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The final figures as they stand now: macroboard, verdict, rounds and miniboards won by choice.
    pub fn summary(&self) -> GameSummary {
        GameSummary::new(self.n, self.owners.clone(), self.rounds, self.chosen_wins)
    }

    /// `(row, column)` if both are on the board.
    fn on_board(&self, row: i32, column: i32) -> Option<(usize, usize)> {
        let row = usize::try_from(row).ok().filter(|&row| row < self.side)?;
        let column = usize::try_from(column).ok().filter(|&column| column < self.side)?;
        Some((row, column))
    }

    fn is_occupied(&self, (row, column): (usize, usize)) -> bool {
        is_set(&self.occupied, row * self.side + column)
    }

    /// Fills the empty cell `(row, column)` for the player to move, settles its miniboard, and passes
    /// the turn.
    fn place(&mut self, (row, column): (usize, usize), chosen: bool) {
        let player = self.to_move;
        let bit = row * self.side + column;
        self.occupied[bit / 64] |= 1 << (bit % 64);
        if let Some(miniboard) = self.lines.record(player, row, column) {
            let owner = &mut self.owners[miniboard];
            if owner.is_none() {
                *owner = Some(player);
                if chosen {
                    self.chosen_wins[player.index()] += 1;
                }
            }
        }
        self.rounds[player.index()] += 1;
        self.to_move = player.opponent();
    }
}

/// Bit `bit` of a bitset stored as 64-bit words, lowest bit first.
fn is_set(words: &[u64], bit: usize) -> bool {
    words[bit / 64] >> (bit % 64) & 1 == 1
}

/// Counts worth comparing between runs of one game file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Statistics {
    /// Moves read (`m`).
    pub moves: u64,
    /// Moves that placed a symbol, chosen or assigned.
    pub rounds: u64,
    /// Moves given a cell by the diagonal fallback.
    pub assigned: u64,
    /// Message lines printed (`NOT YOUR TURN`, `INVALID INDEX`, `NOT AN EMPTY CELL`, `FULL BOARD`).
    pub messages: u64,
    /// Moves read and ignored after `FULL BOARD`.
    pub ignored: u64,
}

impl Statistics {
    fn record(&mut self, turn: Turn) {
        self.moves += 1;
        match turn {
            Turn::Ignored => self.ignored += 1,
            Turn::NotYourTurn => self.messages += 1,
            Turn::Chosen { .. } => self.rounds += 1,
            Turn::Assigned { .. } => {
                self.rounds += 1;
                self.assigned += 1;
                self.messages += 1;
            }
            Turn::FullBoard { .. } => self.messages += 2,
        }
    }
}

/// A replayed game: its exact output and what it took.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The output of the specification: message lines, the macroboard, the verdict, the attention lines.
    pub output: String,
    /// The final figures behind the last lines of `output`.
    pub summary: GameSummary,
    /// Counts of the replay.
    pub statistics: Statistics,
}

/// Parses and replays a game file's text and formats its output.
///
/// The moves are read and applied one at a time; a malformed move anywhere (even after `FULL BOARD`,
/// since those moves are still read) makes the whole file an error.
///
/// # Errors
/// The first [`GameFileError`] of the file.
pub fn replay(text: &[u8]) -> Result<Replayed, GameFileError> {
    let game = parse(text)?;
    let mut state = Replay::new(game.size);
    let mut output = String::new();
    let mut statistics = Statistics::default();
    for attempt in game.moves {
        let turn = state.play(attempt?);
        output.push_str(turn.messages());
        statistics.record(turn);
    }
    let summary = state.summary();
    write!(output, "{summary}").expect("writing to a String cannot fail");
    Ok(Replayed { output, summary, statistics })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summary::GameResult;

    fn x(row: i32, column: i32) -> PlayerMove {
        PlayerMove { player: Player::X, row, column }
    }

    fn o(row: i32, column: i32) -> PlayerMove {
        PlayerMove { player: Player::Zero, row, column }
    }

    fn play_all(game: &mut Replay, moves: &[PlayerMove]) -> Vec<Turn> {
        moves.iter().map(|&attempt| game.play(attempt)).collect()
    }

    #[test]
    fn x_moves_first_and_turns_alternate() {
        let mut game = Replay::new(3);
        assert_eq!(game.play(o(0, 0)), Turn::NotYourTurn);
        assert_eq!(game.play(x(0, 0)), Turn::Chosen { cell: (0, 0) });
        assert_eq!(game.play(x(0, 1)), Turn::NotYourTurn);
        assert_eq!(game.to_move(), Player::Zero);
        assert_eq!(game.play(o(0, 1)), Turn::Chosen { cell: (0, 1) });
        assert_eq!(game.to_move(), Player::X);
        assert_eq!(game.summary().rounds, [1, 1], "an out-of-turn move is not a round");
    }

    #[test]
    fn the_turn_is_checked_before_the_index() {
        let mut game = Replay::new(2);
        assert_eq!(game.play(o(-1, 99)), Turn::NotYourTurn);
    }

    #[test]
    fn indices_outside_the_board_are_invalid() {
        // n = 2: the board is 4 × 4, indices 0..=3.
        let cases = [(-1, 0), (0, -1), (4, 0), (0, 4), (i32::MIN, 0), (0, i32::MAX), (i32::MAX, i32::MIN)];
        for (row, column) in cases {
            let mut game = Replay::new(2);
            assert_eq!(
                game.play(x(row, column)),
                Turn::Assigned { rejection: MoveRejection::InvalidIndex, cell: (0, 0) },
                "({row}, {column})"
            );
        }
        let mut game = Replay::new(2);
        assert_eq!(game.play(x(3, 3)), Turn::Chosen { cell: (3, 3) });
    }

    #[test]
    fn an_occupied_cell_is_refused() {
        let mut game = Replay::new(2);
        game.play(x(1, 2));
        assert_eq!(
            game.play(o(1, 2)),
            Turn::Assigned { rejection: MoveRejection::NotAnEmptyCell, cell: (0, 0) }
        );
    }

    #[test]
    fn the_fallback_reaches_d_plus_k_before_d_minus_k() {
        // n = 2: d0 = (0,0) (1,1) (2,2) (3,3); d+1 = (0,1) (1,2) (2,3); d-1 = (1,0) (2,1) (3,2); d+2 ...
        let mut game = Replay::new(2);
        let turns = play_all(
            &mut game,
            &[x(0, 0), o(1, 1), x(2, 2), o(3, 3), x(-1, 0), o(-1, 0), x(0, 0), o(9, 9), x(0, 0), o(0, 0)],
        );
        let assigned: Vec<(usize, usize)> = turns[4..]
            .iter()
            .map(|turn| match turn {
                Turn::Assigned { cell, .. } => *cell,
                other => panic!("expected an assigned cell, got {other:?}"),
            })
            .collect();
        assert_eq!(assigned, [(0, 1), (1, 2), (2, 3), (1, 0), (2, 1), (3, 2)]);
        // d+2 next: (0, 2), then (1, 3).
        assert_eq!(
            game.play(x(0, 0)),
            Turn::Assigned { rejection: MoveRejection::NotAnEmptyCell, cell: (0, 2) }
        );
    }

    #[test]
    fn the_fallback_skips_cells_filled_by_choice() {
        let mut game = Replay::new(2);
        play_all(&mut game, &[x(0, 0), o(1, 1), x(0, 1)]);
        assert_eq!(
            game.play(o(5, 5)),
            Turn::Assigned { rejection: MoveRejection::InvalidIndex, cell: (2, 2) }
        );
        play_all(&mut game, &[x(3, 3), o(1, 2)]);
        // d0 and (0, 1), (1, 2) are taken: next is (2, 3).
        assert_eq!(
            game.play(x(7, 7)),
            Turn::Assigned { rejection: MoveRejection::InvalidIndex, cell: (2, 3) }
        );
    }

    #[test]
    fn a_full_board_ends_the_game_and_silences_the_rest() {
        let mut game = Replay::new(1);
        assert_eq!(game.play(x(0, 0)), Turn::Chosen { cell: (0, 0) });
        assert_eq!(game.play(x(0, 0)), Turn::NotYourTurn, "the turn check still comes first");
        assert_eq!(game.play(o(0, 0)), Turn::FullBoard { rejection: MoveRejection::NotAnEmptyCell });
        assert!(game.is_over());
        for attempt in [x(0, 0), o(0, 0), x(-5, 2), o(1, 1)] {
            assert_eq!(game.play(attempt), Turn::Ignored);
        }
        let summary = game.summary();
        assert_eq!(summary.rounds, [1, 0], "the FULL BOARD move is not a round");
    }

    #[test]
    fn a_full_board_after_an_invalid_index_prints_both_lines() {
        let mut game = Replay::new(1);
        game.play(x(0, 0));
        let turn = game.play(o(1, 0));
        assert_eq!(turn, Turn::FullBoard { rejection: MoveRejection::InvalidIndex });
        assert_eq!(turn.messages(), "INVALID INDEX\nFULL BOARD\n");
    }

    #[test]
    fn the_first_line_completed_owns_the_miniboard_once() {
        let mut game = Replay::new(2);
        // X fills row 0 of miniboard 0, then column 0 of it; 0 plays in miniboard 3.
        play_all(&mut game, &[x(0, 0), o(2, 2), x(0, 1), o(3, 3), x(1, 0)]);
        let summary = game.summary();
        assert_eq!(summary.macroboard, [Some(Player::X), None, None, Some(Player::Zero)]);
        assert_eq!(summary.chosen_wins, [1, 1], "completing a second line of a won miniboard is no new win");
    }

    #[test]
    fn a_line_of_the_other_player_does_not_change_the_owner() {
        let mut game = Replay::new(2);
        // X owns miniboard 0 by row 0; 0 then fills row 1 of it.
        play_all(&mut game, &[x(0, 0), o(1, 0), x(0, 1), o(1, 1)]);
        let summary = game.summary();
        assert_eq!(summary.macroboard[0], Some(Player::X));
        assert_eq!(summary.chosen_wins, [1, 0]);
    }

    #[test]
    fn a_miniboard_won_by_an_assigned_cell_counts_on_the_macroboard_but_not_for_attention() {
        let mut game = Replay::new(2);
        // X takes (1, 1) by choice; X's invalid move is then given (0, 0): the main diagonal.
        play_all(&mut game, &[x(1, 1), o(3, 0), x(-1, -1)]);
        let summary = game.summary();
        assert_eq!(summary.macroboard[0], Some(Player::X));
        assert_eq!(summary.chosen_wins, [0, 0]);
        assert_eq!(summary.rounds, [2, 1]);
        assert_eq!(summary.attention(Player::X), Some(0.0));
    }

    #[test]
    fn both_players_with_a_macroboard_line_is_a_draw() {
        let mut game = Replay::new(2);
        // X wins miniboards 0 and 1 (macroboard row 0), 0 wins 2 and 3 (row 1), all by rows.
        play_all(&mut game, &[x(0, 0), o(2, 0), x(0, 1), o(2, 1), x(0, 2), o(2, 2), x(0, 3), o(2, 3)]);
        let summary = game.summary();
        assert_eq!(
            summary.macroboard,
            [Some(Player::X), Some(Player::X), Some(Player::Zero), Some(Player::Zero)]
        );
        assert_eq!(summary.verdict, GameResult::Draw);
    }

    #[test]
    fn counts_rounds_fallbacks_messages_and_ignored_moves() {
        // n = 1: X takes the only cell; 0 asks for (5, 5): INVALID INDEX, then FULL BOARD; the last two
        // moves are ignored.
        let replayed = replay(b"1 4\nX 0 0\n0 5 5\nX 0 0\n0 0 0\n").unwrap();
        assert_eq!(replayed.output, "INVALID INDEX\nFULL BOARD\nX\nX won\nX 1.0000000000\n0 N/A\n");
        assert_eq!(
            replayed.statistics,
            Statistics { moves: 4, rounds: 1, assigned: 0, messages: 2, ignored: 2 }
        );
    }

    #[test]
    fn a_malformed_move_after_full_board_is_still_an_error() {
        let error = replay(b"1 3\nX 0 0\n0 0 0\nX 0 zero\n").unwrap_err();
        assert_eq!(error.to_string(), "line 4: expected the column y of move 3, found \"zero\"");
    }

    #[test]
    fn a_file_with_a_byte_order_mark_replays_as_without() {
        // The spec example, saved with a byte order mark.
        let replayed = replay(
            b"\xEF\xBB\xBF3 8\r\nX 0 0\r\n0 0 3\r\nX 0 1\r\n0 0 4\r\nX 0 2\r\n0 0 5\r\n0 0 0\r\nX 0 0\r\n",
        )
        .unwrap();
        assert_eq!(
            replayed.output,
            "NOT YOUR TURN\nNOT AN EMPTY CELL\nX0-\n---\n---\nDraw again! Let's play darts!\n\
             X 0.2500000000\n0 0.3333333333\n"
        );
    }

    #[test]
    fn an_empty_game_has_no_rounds() {
        let replayed = replay(b"2 0\n").unwrap();
        assert_eq!(replayed.output, "--\n--\nDraw again! Let's play darts!\nX N/A\n0 N/A\n");
    }
}
