//! The optimal strategy: the fewest guesses in the worst case, proved, then few on average.

use solvebatch_core::Deadline;
use std::sync::{Arc, OnceLock};

use super::{GuessError, Solver};
use crate::candidates::CandidateSet;
use crate::digits::Digits;
use crate::optimal::search::Settings;
use crate::optimal::tree::StrategyTree;

/// The strategy of a [`StrategyTree`] built with [`Settings::OPTIMAL`]: for 4 digits, never more than
/// 12 guesses (no strategy guarantees 11; see [`minimum_worst_case`](crate::optimal::bound::minimum_worst_case)) and
/// 9.8711 on average.
///
/// The tree for a number of digits is built at the first guess asked for (under 0.2 s at 4 digits on
/// two cores) and kept for the rest of the process. Guesses may be numbers that are no longer
/// candidates.
#[derive(Debug, Clone, Copy)]
pub struct Optimal;

/// The tree built for each number of digits from 2 to [`Optimal`]'s most, index `d - 2`.
static TREES: [OnceLock<Arc<StrategyTree>>; 3] = [const { OnceLock::new() }; 3];

impl Optimal {
    /// The strategy tree for `digits`, built now if no earlier call built it (up to 4 digits: beyond
    /// that the build takes minutes or more).
    ///
    /// Two threads asking at once may both build it (the first to finish is kept): building under a
    /// lock could deadlock, since the build runs on the rayon pool whose threads may be the ones
    /// asking.
    ///
    /// # Errors
    /// [`GuessError::Interrupted`] when `deadline` passed during the build.
    pub fn tree(digits: Digits, deadline: Deadline<'_>) -> Result<Arc<StrategyTree>, GuessError> {
        let slot = TREES.get((digits.get() - Digits::MIN) as usize);
        if let Some(tree) = slot.and_then(OnceLock::get) {
            return Ok(Arc::clone(tree));
        }
        let tree = Arc::new(StrategyTree::build(digits, Settings::OPTIMAL, deadline)?);
        // Beyond `max_digits` (callers check it first) the tree is built each time, not kept.
        Ok(match slot {
            Some(slot) => Arc::clone(slot.get_or_init(|| tree)),
            None => tree,
        })
    }
}

impl Solver for Optimal {
    fn name(&self) -> &'static str {
        "optimal"
    }

    fn description(&self) -> &'static str {
        "fewest guesses in the worst case (proved optimal), then fewest on average (depth-bounded search)"
    }

    fn max_digits(&self) -> u32 {
        Digits::MIN + TREES.len() as u32 - 1
    }

    fn guesses_are_candidates(&self) -> bool {
        false
    }

    fn next_guess(&self, candidates: &CandidateSet, deadline: Deadline<'_>) -> Result<u32, GuessError> {
        if candidates.is_empty() {
            return Err(GuessError::NoCandidate);
        }
        let tree = Optimal::tree(candidates.digits(), deadline)?;
        let numbers: Vec<u32> = candidates.iter().collect();
        tree.guess_or_search(&numbers, deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_digits_follow_the_tree_and_search_off_it() {
        let digits = Digits::new(3).unwrap();
        let mut candidates = CandidateSet::all(digits);
        assert_eq!(Optimal.next_guess(&candidates, Deadline::NEVER), Ok(100));
        // 555 is not the tree's first guess: the set it leaves is searched on the spot.
        candidates.eliminate(555, 1);
        let guess = Optimal.next_guess(&candidates, Deadline::NEVER).unwrap();
        assert!(digits.contains(guess));
        assert_eq!(
            Optimal.next_guess(&candidates, Deadline::NEVER),
            Ok(guess),
            "the same set gets the same guess"
        );
        let mut empty = CandidateSet::all(digits);
        empty.eliminate(100, 3);
        empty.eliminate(101, 3);
        assert_eq!(Optimal.next_guess(&empty, Deadline::NEVER), Err(GuessError::NoCandidate));
    }
}
