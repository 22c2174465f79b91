//! Tournament rounds: from allowable pairings (first player, second player, table), pick one pairing per
//! table so that every player plays exactly once.
//!
//! This is a generalisation of 3-dimensional matching, solved here as exact cover: the items are the `n`
//! tables and `2n` players, the options the pairings, each covering three items. The crate parses the
//! pairing file format ([`fn@parse`]), offers several solvers through one registry ([`fn@solvers`]) and
//! prints a round exactly as specified ([`format()`]).
//!
//! The names a user needs are at the root; the rest is in the module of its part, each layer
//! importing only from those below it:
//! - at the ground, the problem and the answer: [`instance`] ([`Instance`], [`Pairing`]),
//!   [`mod@parse`] (the pairing file), [`round`] ([`Round`], [`check_round`], [`format()`]), and the
//!   solver interface [`mod@solver`] ([`Solver`], [`Limits`], [`Solution`], [`Interrupted`]);
//! - [`search`], the engine under the solvers: Algorithm X on dancing links or bitsets, the item
//!   choice ([`search::branching`]), the matching filters, which pruning is on and what it cost
//!   ([`search::pruning`]) and the restart schedule ([`search::restarts`]);
//! - [`mod@solvers`], one file per solver and their registry: the reference backtracking matcher
//!   ([`solvers::backtrack`]), Algorithm X ([`solvers::dlx`], `dlx` and `dlx-frb`), Algorithm X
//!   with randomised restarts ([`solvers::prune`], `dlx-restarts`, and
//!   [`solvers::prune::pruned_effort`] to measure pruning), SAT on varisat ([`solvers::sat`], with the
//!   CNF exported by [`solvers::cnf`]) and a race of `dlx`, `dlx-restarts` and `dlx-frb`
//!   ([`solvers::portfolio`]); one share of SAT's cube split can be solved alone
//!   ([`solvers::share`]), to spread a hard instance over many processes, and the shares' results
//!   merged ([`cubes::merge`]);
//! - for the organiser: [`count`] counts the rounds exactly ([`count_rounds`]) and lists them
//!   ([`list_rounds`]), both on several threads; [`pins`] pins or excludes pairings ([`Pins`]); a
//!   "No tournament found." can come with a DRAT proof ([`prove`], [`proof`]), checked independently
//!   ([`drat`]); [`generate`] draws random regular instances ([`Regular`]);
//! - a run over many files prepares a [`Job`] once ([`Job::new`] by solver name) and calls
//!   [`Job::solve`] on each file ([`job`]); [`fn@verify`] checks any printed answer, and
//!   [`mod@verify`] reads a printed round back.
//!
//! ```
//! use solvebatch_tournament::{format, parse, solver, Limits, Regular};
//!
//! let instance = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
//! let solution = solver("backtrack").unwrap().solve(&instance, &Limits::default()).unwrap();
//! assert_eq!(format(&instance, solution.round.as_ref()),
//!            "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n");
//!
//! // A random 30-table instance with a hidden round: every solver but the exponential reference
//! // matcher finds a round quickly.
//! let planted = Regular { tables: 30, degree: 6, seed: 1, planted: true }.generate().unwrap();
//! for name in ["dlx", "dlx-frb", "dlx-restarts", "sat", "portfolio"] {
//!     let solution = solver(name).unwrap().solve(&planted, &Limits::default()).unwrap();
//!     assert_eq!(solution.round.map(|round| round.pairing_at_table.len()), Some(30));
//! }
//! ```
#![deny(missing_docs)]

pub mod count;
pub mod cubes;
pub mod drat;
pub mod family;
pub mod generate;
pub mod instance;
pub mod job;
mod memo;
pub mod parse;
pub mod pins;
pub mod proof;
pub mod round;
pub mod search;
pub mod solver;
pub mod solvers;
mod stop;
pub mod verify;

pub use crate::count::{count_rounds, list_rounds};
pub use crate::generate::Regular;
pub use crate::instance::{Instance, Pairing};
pub use crate::job::{verify, Job, RoundOutcome};
pub use crate::parse::{parse, ParseError};
pub use crate::pins::{Pin, Pins};
pub use crate::proof::{prove, Proved};
pub use crate::round::{check_round, format, Round, NO_ROUND};
pub use crate::solver::{Deadline, Interrupted, Limits, Solution, Solver};
pub use crate::solvers::{solver, solvers};
