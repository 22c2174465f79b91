//! Tournament rounds: from allowable pairings (first player, second player, table), pick one pairing per
//! table so that every player plays exactly once.
//!
//! This is a generalisation of 3-dimensional matching, solved here as exact cover: the items are the `n`
//! tables and `2n` players, the options the pairings, each covering three items. The crate parses the
//! pairing file format ([`parse`]), offers several solvers through one registry ([`solvers`]), checks any
//! round independently ([`check_round`]) and prints a round exactly as specified ([`format`]).
//!
//! ```
//! use solvebatch_tournament::{format, parse, solver, Limits};
//!
//! let instance = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
//! let solution = solver("backtrack").unwrap().solve(&instance, &Limits::default()).unwrap();
//! assert_eq!(format(&instance, solution.round.as_ref()),
//!            "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n");
//! ```
#![deny(missing_docs)]

mod backtrack;
mod instance;
mod parse;
mod round;
mod solver;

pub use backtrack::Backtrack;
pub use instance::{Instance, Pairing};
pub use parse::{parse, Field, ParseError};
pub use round::{check_round, format, Round, RoundError, NO_ROUND};
pub use solver::{solver, solvers, Interrupted, Limits, Solution, Solver, Stats};
