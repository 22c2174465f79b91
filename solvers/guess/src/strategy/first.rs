//! The reference codebreaker: always the smallest candidate.

use solvebatch_core::Deadline;

use super::{GuessError, Solver};
use crate::candidates::CandidateSet;
use crate::digits::Digits;

/// Guesses the smallest number not yet eliminated: 1000 first for 4 digits, then the smallest survivor
/// of each answer. This is the reference strategy of the specification, reproduced exactly; every
/// 4-digit secret is found in at most 16 guesses (10.1891 on average).
#[derive(Debug, Clone, Copy)]
pub struct First;

impl Solver for First {
    fn name(&self) -> &'static str {
        "first"
    }

    fn description(&self) -> &'static str {
        "the smallest candidate left (the reference codebreaker)"
    }

    fn max_digits(&self) -> u32 {
        Digits::MAX
    }

    fn guesses_are_candidates(&self) -> bool {
        true
    }

    fn next_guess(&self, candidates: &CandidateSet, _deadline: Deadline<'_>) -> Result<u32, GuessError> {
        candidates.smallest().ok_or(GuessError::NoCandidate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_the_smallest_survivor() {
        let mut candidates = CandidateSet::all(Digits::FOUR);
        assert_eq!(First.next_guess(&candidates, Deadline::NEVER), Ok(1000));
        candidates.eliminate(1000, 0);
        assert_eq!(First.next_guess(&candidates, Deadline::NEVER), Ok(2111));
        candidates.eliminate(2111, 4);
        assert_eq!(First.next_guess(&candidates, Deadline::NEVER), Ok(2111));
        candidates.eliminate(2111, 3);
        assert_eq!(First.next_guess(&candidates, Deadline::NEVER), Err(GuessError::NoCandidate));
    }
}
