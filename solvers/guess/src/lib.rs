//! Guess a number: the host picks a `d`-digit secret (no leading zero), the codebreaker guesses, and
//! each answer is the number of positions where guess and secret share a digit (black pegs).
//!
//! The crate has the game's parts, each a public module usable alone, each importing only from the
//! ones it needs below it; the names used most are also at the root:
//! - [`mod@matches`]: [`matches()`], the answer, by integer arithmetic; [`digits`]: [`Digits`];
//! - [`candidates`]: the [`CandidateSet`](candidates::CandidateSet), the numbers still consistent
//!   with the answers, a bitset over the range filtered in parallel when large (up to 9 digits: 900
//!   million bits), a list once few are left; [`consistent`]: such a set built from the answers
//!   alone, digit by digit, at a cost that follows its size;
//! - [`strategy`]: [`Solver`] (a codebreaking strategy), one file each, and its registry
//!   ([`strategy::registry`], [`solvers`]): `first` (the reference codebreaker: the smallest
//!   candidate), `minimax` (Knuth 1976), `max-parts`, `entropy` and `optimal` (the fewest guesses in
//!   the worst case, proved: 12 for 4 digits, with a mean of 9.8711);
//! - [`optimal`]: [`StrategyTree`], the depth-bounded search behind `optimal`, and
//!   [`minimum_worst_case`], the proof that no strategy does better (see the [`optimal`] module
//!   documentation for the argument);
//! - [`codebreaker`]: [`Codebreaker`] (one game, with the reference's bookkeeping); [`mod@host`]:
//!   [`Host`];
//! - [`interactive`]: [`play`] and [`host()`], the interactive games over any `BufRead` and `Write`;
//! - [`mod@simulate`]: [`simulate()`], every secret (or a list, [`secrets`]) played in parallel as one
//!   game tree, with a transcript of every game for independent checking;
//! - [`batch`]: [`solve_batch`], the `.guess` batch file format, and [`job`]: [`Job`], a run over
//!   batch files prepared once ([`Job::new`]: a solver of [`solvers`] by name, and the digits), with
//!   [`verify`] checking any solver's answers; [`text`]: reading them whatever their encoding.
//!
//! ```
//! use solvebatch_guess::{solve_batch, solver, Deadline, Digits};
//!
//! let report = solve_batch("secret 3242\nanswers 1000=0 2111=0\nanswers 1000=3 1001=1\n",
//!                          Digits::FOUR, solver("first").unwrap(), Deadline::NEVER).unwrap();
//! assert_eq!(report.output, "\
//! secret 3242: 1000 2111 3222 3223 3232 3242 (6 guesses)
//! answers 1000=0 2111=0: next 3222 (3584 candidates left)
//! answers 1000=3 1001=1: inconsistent answers
//! ");
//! ```
//!
//! # What is precomputed, by number of digits
//!
//! | digits | decision |
//! | --- | --- |
//! | all | the packed form (four bits a digit) of every number below 10 000, built at compile time, so that the hot loops compare digits with an exclusive or instead of `d` divisions; the first guess of every strategy (the smallest number: before any answer every guess splits the range alike) |
//! | 2 to 4 | no table of answers: at 4 digits it would hold 81 million bytes and take about 0.3 s to fill, longer than the whole `max-parts` simulation of all 9000 secrets (under 0.2 s), which scores a reduced pool of guesses against mostly small candidate sets directly |
//! | 5 | no table either (it would take 8.1 GB); a scoring strategy takes a few seconds a guess early in the game |
//! | 2 to 4 | `optimal` builds its strategy tree once per process at the first guess (0.2 s at 4 digits) and keeps the guess of every candidate set it reaches, keyed by the set |
//! | 6 to 9 | only `first` plays: scoring a guess costs (range) x (candidates) comparisons; the bitset takes up to 113 MB and is filtered or built in parallel, and becomes a list once fewer than one number in 32 is left; a simulation holds one such large set at a time (each built from its answers, [`consistent`]); [`simulate()`] plays at most [`MAX_SIMULATED_SECRETS`](simulate::MAX_SIMULATED_SECRETS) secrets, so every number of the range up to 7 digits |
#![deny(missing_docs)]

pub mod batch;
pub mod candidates;
pub mod codebreaker;
pub mod consistent;
pub mod digits;
pub mod family;
pub mod figures;
pub mod host;
pub mod interactive;
pub mod job;
pub mod matches;
pub mod optimal;
pub mod secrets;
pub mod simulate;
pub mod strategy;
pub mod text;

pub use crate::batch::{format, parse, solve_batch, BatchError};
pub use crate::codebreaker::{AnswerError, Codebreaker, GameState};
pub use crate::digits::Digits;
pub use crate::host::Host;
pub use crate::interactive::{host, play, Ending};
pub use crate::job::{verify, Job};
pub use crate::matches::matches;
pub use crate::optimal::bound::minimum_worst_case;
pub use crate::optimal::tree::StrategyTree;
pub use crate::simulate::{simulate, Simulation};
pub use crate::strategy::registry::{solver, solvers, UnknownSolver};
pub use crate::strategy::{GuessError, Solver};
pub use solvebatch_core::Deadline;
