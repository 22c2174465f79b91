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

pub use job::Job;
pub use parse::{parse, GameFile, GameFileError, MoveField, Player, PlayerMove, PlayerMoves, MAX_SIZE};
pub use registry::{solvers, Solver, UnknownSolver};
pub use replay::{replay, MoveRejection, Replay, Replayed, Statistics, Turn};
pub use summary::{GameResult, GameSummary};
pub use verify::{verify, OutputMismatch};
