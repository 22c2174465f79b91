//! One share of the cube split, to spread one hard instance over many processes.
//!
//! The split of [`crate::solvers::sat::Sat`] is deterministic: every process walks the same cubes in the same
//! depth-first order, numbered from 0, and share K of N takes cubes K − 1, K − 1 + N, K − 1 + 2N, ...
//! (taken in turn, so that the hard regions of the tree spread over the shares). A share solves its
//! cubes on one incremental varisat solver and ends with a round, a refutation of all its cubes, or the
//! deadline. Every round of the instance extends exactly one cube, so the instance has a round exactly
//! when some share finds one, and none exactly when every share is refuted.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;

use crate::instance::Instance;
use crate::round::Round;
use crate::solver::{Deadline, Interrupted, Limits};
use crate::solvers::cnf::encode;
use crate::solvers::cube::Cubes;
use crate::solvers::sat::{conquer, decode, Answer, Meeting, MAX_CUBE_WEIGHT};
use crate::stop::Stop;

/// Share `index` of `count` of the cube split (1 ≤ `index` ≤ `count`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeShare {
    index: usize,
    count: usize,
}

impl CubeShare {
    /// Share `index` of `count`; `None` unless 1 ≤ `index` ≤ `count`.
    pub fn new(index: usize, count: usize) -> Option<CubeShare> {
        (1..=count).contains(&index).then_some(CubeShare { index, count })
    }
}

/// How a share ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareAnswer {
    /// A round, which extends one of this share's cubes (checked with [`crate::round::check_round`]).
    Round(Round),
    /// No cube of this share extends to a round (or the formula alone has none).
    Refuted,
    /// The deadline passed first: nothing is known of the cubes left.
    Interrupted,
}

/// What a share found, and the effort.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareSolution {
    /// The answer.
    pub answer: ShareAnswer,
    /// Conflicts (learned clauses) of the solver.
    pub conflicts: u64,
}

/// Solves share `share` of the cube split of `instance` on one thread, stopping soon after `deadline`.
///
/// ```
/// use solvebatch_tournament::solvers::share::{solve_cube_share, CubeShare, ShareAnswer};
/// use solvebatch_tournament::{Deadline, Regular};
///
/// let planted = Regular { tables: 20, degree: 5, seed: 1, planted: true }.generate().unwrap();
/// let answers: Vec<ShareAnswer> = (1..=3)
///     .map(|index| solve_cube_share(&planted, CubeShare::new(index, 3).unwrap(), Deadline::NEVER).answer)
///     .collect();
/// assert!(answers.iter().any(|answer| matches!(answer, ShareAnswer::Round(_))));
/// ```
pub fn solve_cube_share(instance: &Instance, share: CubeShare, deadline: Deadline<'_>) -> ShareSolution {
    let stop = Stop::new(&Limits { deadline, ..Limits::default() });
    let learned = Cell::new(0);
    let answer = stop.check().and_then(|()| {
        let cubes = Cubes::new(instance, MAX_CUBE_WEIGHT, false).share(share.index - 1, share.count);
        conquer(&encode(instance), cubes, &Meeting::default(), &stop, &AtomicBool::new(false), &learned)
    });
    let answer = match answer {
        Ok(Answer::Round(chosen)) => ShareAnswer::Round(decode(instance, chosen)),
        Ok(Answer::NoRound | Answer::NoRoundInCubes) => ShareAnswer::Refuted,
        Err(Interrupted) => ShareAnswer::Interrupted,
    };
    ShareSolution { answer, conflicts: learned.get() }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::generate::Regular;
    use crate::solver::Solver;
    use crate::solvers::backtrack::Backtrack;

    fn answers(instance: &Instance, count: usize) -> Vec<ShareAnswer> {
        (1..=count)
            .map(|index| {
                solve_cube_share(instance, CubeShare::new(index, count).unwrap(), Deadline::NEVER).answer
            })
            .collect()
    }

    #[test]
    fn shares_must_be_k_of_n() {
        assert_eq!(CubeShare::new(0, 3), None);
        assert_eq!(CubeShare::new(4, 3), None);
        assert_eq!(CubeShare::new(3, 3), Some(CubeShare { index: 3, count: 3 }));
    }

    /// On instances with and without rounds, some share finds a round exactly when the reference
    /// matcher does, and otherwise every share is refuted.
    #[test]
    fn the_shares_agree_with_the_reference() {
        for (tables, degree, seed, planted) in [(10, 4, 2, false), (11, 6, 4, true), (12, 3, 5, false)] {
            let instance = Regular { tables, degree, seed, planted }.generate().unwrap();
            let expected = Backtrack.solve(&instance, &Limits::default()).unwrap().round.is_some();
            for count in [1, 2, 4] {
                let answers = answers(&instance, count);
                assert!(!answers.contains(&ShareAnswer::Interrupted));
                let found = answers.iter().any(|answer| matches!(answer, ShareAnswer::Round(_)));
                assert_eq!(found, expected, "{tables} {degree} {seed} {planted} {count}: {answers:?}");
            }
        }
    }

    #[test]
    fn a_passed_deadline_interrupts() {
        let instance = Regular { tables: 60, degree: 6, seed: 1, planted: false }.generate().unwrap();
        let past = std::time::Instant::now() - Duration::from_millis(1);
        let solution = solve_cube_share(&instance, CubeShare::new(1, 8).unwrap(), Deadline::at(Some(past)));
        assert_eq!(solution, ShareSolution { answer: ShareAnswer::Interrupted, conflicts: 0 });
    }
}
