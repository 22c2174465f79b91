//! The ground every family crate of solvebatch stands on: what a problem family is to the runner
//! ([`Family`], prepared once per run into a [`Prepared`] solver), the settings a run hands it
//! ([`Settings`]: the seed and threads every family takes, and each family's own settings by their
//! type), when a solve must stop ([`Deadline`]) and how it ended ([`Outcome`], [`Status`]; against a
//! reference, [`Verdict`]).
//!
//! A family is its crate, implementing [`Family`], plus one line in the runner's registry: which
//! files are its inputs and references, the kinds of file its inputs name ([`extra`]), its solvers,
//! its options and how one input becomes an [`Outcome`] all come from the trait.
//!
//! When a solve must stop: a time limit, a stop flag set from outside (a signal, a client gone), or
//! both. Every solver takes a [`Deadline`] where it polls for the end of its search, so one flag
//! stops every solver, however it searches.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::time::{Duration, Instant};
//! use solvebatch_core::Deadline;
//!
//! let stop = AtomicBool::new(false);
//! let deadline = Deadline::at(Some(Instant::now() + Duration::from_secs(60))).or_flag(&stop);
//! assert!(!deadline.passed());
//! stop.store(true, Ordering::Relaxed);
//! assert!(deadline.passed() && deadline.stopped());
//! ```

mod deadline;
pub mod extra;
pub mod family;
pub mod figures;
pub mod outcome;
pub mod text;

pub use deadline::Deadline;
pub use extra::{ExtraError, ExtraFile, ExtraKind, ExtraValue};
pub use family::{Family, FamilyError, Prepared, Settings, SolverInfo, UnknownOption, UnknownSolver};
pub use outcome::{Outcome, Status, Verdict};
