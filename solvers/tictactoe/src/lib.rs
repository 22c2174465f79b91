//! Ultimate tic-tac-toe ("X and 0" on an `n² × n²` board of `n × n` miniboards): replay a game file,
//! validate each move, and print the messages, the macroboard, the verdict and each player's
//! attention exactly as specified.
//!
//! The pipeline is [`parse`] (a byte-level reader that reads as `scanf` would, with line-numbered
//! [`GameFileError`]s), [`Replay`] (the rules of one move, with the diagonal fallback for refused cells
//! and O(1) win detection by per-line counters) and [`GameSummary`] (the end of the game and its output).
//! [`replay`] runs them all over a file's text, streaming the moves so that memory stays proportional to
//! the board and to the output. A run over many files prepares a [`Job`] once with a solver of
//! [`solvers`] ([`Job::new`] by name) and calls [`Job::solve`] on each file; [`verify`] checks any
//! printed output.
//!
//! ```
//! use solvebatch_tictactoe::replay;
//!
//! let text = b"3 8\nX 0 0\n0 0 3\nX 0 1\n0 0 4\nX 0 2\n0 0 5\n0 0 0\nX 0 0\n";
//! let replayed = replay(text).unwrap();
//! assert_eq!(
//!     replayed.output,
//!     "NOT YOUR TURN\nNOT AN EMPTY CELL\nX0-\n---\n---\nDraw again! Let's play darts!\n\
//!      X 0.2500000000\n0 0.3333333333\n"
//! );
//! assert_eq!(replayed.statistics.rounds, 7);
//! ```
#![deny(missing_docs)]

mod diagonal;
pub mod family;
mod job;
mod lines;
mod parse;
mod registry;
mod replay;
mod summary;
mod verify;

use std::fmt::Write;

pub use job::Job;
pub use parse::{parse, GameFile, GameFileError, MoveField, Player, PlayerMove, PlayerMoves, MAX_SIZE};
pub use registry::{solvers, Solver, UnknownSolver};
pub use replay::{MoveRejection, Replay, Turn};
pub use summary::{GameResult, GameSummary};
pub use verify::{verify, OutputMismatch};

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
