//! Tournament rounds: from allowable pairings (first player, second player, table), pick one pairing per
//! table so that every player plays exactly once.
//!
//! This is a generalisation of 3-dimensional matching, solved here as exact cover: the items are the `n`
//! tables and `2n` players, the options the pairings, each covering three items. The crate parses the
//! pairing file format ([`parse`]), offers several solvers through one registry ([`solvers`]): the
//! reference backtracking matcher ([`Backtrack`]), Algorithm X ([`Dlx`]), Algorithm X
//! with randomised restarts ([`DlxRestarts`], and [`pruned_effort`] to measure pruning), Algorithm X
//! with the failure-rate item choice ([`DlxFrb`], [`Branching`]), SAT on varisat ([`Sat`], with the CNF exported by [`encode`]
//! and [`write_dimacs`]) and a race of `dlx`, `dlx-restarts` and `dlx-frb` ([`Portfolio`]); one share of SAT's cube split
//! can be solved alone ([`solve_cube_share`]), to spread a hard instance over many processes, and the
//! shares' results merged ([`cubes::merge`]). For the organiser it counts the rounds exactly
//! ([`count_rounds`], [`count_rounds_by`]), lists them ([`list_rounds`]), both on several threads, and pins or excludes pairings ([`Pins`]); a
//! "No tournament found." can come with a DRAT proof ([`prove`]), checked independently
//! ([`check_drat`]). It checks
//! any round independently ([`check_round`], [`read_round`]), prints a round
//! exactly as specified ([`format`]) and draws random regular instances ([`Regular`]). A run over many
//! files prepares a [`Job`] once ([`Job::new`] by solver name) and calls [`Job::solve`] on each file;
//! [`verify`] checks any printed answer.
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

mod backtrack;
mod bitset;
mod blossom;
mod branching;
mod cnf;
mod count;
mod cube;
pub mod cubes;
mod dlx;
mod drat;
pub mod family;
mod filter;
mod generate;
mod instance;
mod job;
mod links;
mod memo;
mod parse;
mod pins;
mod portfolio;
mod proof;
mod proof_sink;
mod prune;
mod round;
mod sat;
mod share;
mod solver;
mod stop;
mod verify;

pub use backtrack::Backtrack;
pub use branching::Branching;
pub use cnf::{encode, write_dimacs, Encoding};
pub use count::{
    count_rounds, count_rounds_by, first_round_effort, list_rounds, CountStats, DepthStats, RoundCount,
    MEMO_ENTRIES,
};
pub use dlx::{Dlx, DlxFrb};
pub use drat::{check_drat, DratError};
pub use generate::{to_text, GenerateError, Regular};
pub use instance::{Instance, Pairing};
pub use job::{verify, Job, RoundOutcome, UnknownSolver, VerifyError};
pub use parse::{parse, Field, ParseError};
pub use pins::{Item, Pin, PinError, Pins};
pub use portfolio::Portfolio;
pub use proof::{check_proof, prove, ProveError, Proved};
pub use prune::{pruned_effort, DlxRestarts, FilterStats, ProbeStats, Pruning, Restarts};
pub use round::{check_round, format, Round, RoundError, NO_ROUND};
pub use sat::Sat;
pub use share::{solve_cube_share, CubeShare, ShareAnswer, ShareSolution};
pub use solver::{solver, solvers, Deadline, Interrupted, Limits, Solution, Solver, Stats};
pub use verify::{read_round, OutputError};
