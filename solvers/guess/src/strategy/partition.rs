//! Strategies that score every useful guess by how it splits the candidates into answer groups.

use solvebatch_core::Deadline;

use rayon::prelude::*;

use super::pool::guess_pool;
use super::{GuessError, Solver};
use crate::candidates::CandidateSet;
use crate::matches::{answer_counts, Packed};

/// How a [`Partition`] strategy scores the split of the candidates by the answers to a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Criterion {
    /// Minimise the largest group (Knuth 1976, "The computer as master mind").
    LargestGroup,
    /// Maximise the number of groups, that is of distinct answers (Kooi 2005, "Yet another Mastermind
    /// strategy").
    Groups,
    /// Maximise the Shannon entropy of the answer (Neuwirth 1982, "Some strategies for Mastermind").
    Entropy,
}

/// A strategy that scores guesses by the groups they split the candidates into.
///
/// The guess may be any number of the range, candidate or not. Ties, for every criterion, prefer a
/// candidate, then the smallest number; entropies equal to within one part in 10^12 count as tied.
/// The first guess is always the smallest number of the range: before any answer each position
/// matches with probability 1/9 (front) or 1/10 (others) whatever the guess, so every guess splits the
/// range alike and the tie rule decides.
#[derive(Debug, Clone, Copy)]
pub struct Partition {
    name: &'static str,
    description: &'static str,
    criterion: Criterion,
}

/// Candidate-times-guess comparisons above which the guesses are scored in parallel.
const PARALLEL_MIN_WORK: usize = 1 << 22;

/// Guesses per parallel task; fixed, so that the result never depends on the number of threads.
const CHUNK_GUESSES: usize = 256;

impl Partition {
    /// Knuth's minimax: the smallest largest group.
    pub const MINIMAX: Partition = Partition {
        name: "minimax",
        description: "smallest largest answer group, ties to a candidate then the smallest (Knuth 1976)",
        criterion: Criterion::LargestGroup,
    };

    /// The most answer groups.
    pub const MAX_PARTS: Partition = Partition {
        name: "max-parts",
        description: "most distinct answers, ties to a candidate then the smallest (Kooi 2005)",
        criterion: Criterion::Groups,
    };

    /// The most informative guess: the highest entropy of the answer.
    pub const ENTROPY: Partition = Partition {
        name: "entropy",
        description: "highest answer entropy, ties to a candidate then the smallest (Neuwirth 1982)",
        criterion: Criterion::Entropy,
    };

    /// The cost of a split (lower is better) from the group sizes, indexed by answer.
    fn cost(&self, groups: &[u32]) -> f64 {
        match self.criterion {
            Criterion::LargestGroup => f64::from(groups.iter().copied().max().unwrap_or(0)),
            Criterion::Groups => -(groups.iter().filter(|&&size| size > 0).count() as f64),
            // Entropy is log2(n) - sum(g log2 g) / n for n candidates: the sum alone orders guesses.
            Criterion::Entropy => groups.iter().map(|&size| size_log_size(size)).sum(),
        }
    }

    /// The best cost a guess that is no candidate can reach on `candidates` of `positions` digits: such
    /// a guess answers at most `positions - 1` matches, so it splits into at most `positions` groups.
    fn best_cost_of_non_candidates(&self, candidates: usize, positions: usize) -> f64 {
        let (size, larger) = (candidates / positions, candidates % positions);
        let mut even_split = vec![size as u32; positions];
        even_split[..larger].iter_mut().for_each(|group| *group += 1);
        self.cost(&even_split)
    }

    /// The first best-scoring guess of `guesses`, in their order, with its cost.
    fn best_of(
        &self,
        guesses: &[u32],
        candidates: &[Packed],
        positions: usize,
        deadline: Deadline<'_>,
    ) -> Result<Option<(f64, u32)>, GuessError> {
        let best_in = |chunk: &[u32]| -> Result<Option<(f64, u32)>, GuessError> {
            if deadline.passed() {
                return Err(GuessError::Interrupted);
            }
            let mut best: Option<(f64, u32)> = None;
            for &guess in chunk {
                let cost = self.cost(&answer_counts(Packed::new(guess), candidates)[..=positions]);
                if best.is_none_or(|(best_cost, _)| better(cost, best_cost)) {
                    best = Some((cost, guess));
                }
            }
            Ok(best)
        };
        let chunk_bests: Vec<Option<(f64, u32)>> = if guesses.len() * candidates.len() >= PARALLEL_MIN_WORK {
            guesses.par_chunks(CHUNK_GUESSES).map(best_in).collect::<Result<_, _>>()?
        } else {
            guesses.chunks(CHUNK_GUESSES).map(best_in).collect::<Result<_, _>>()?
        };
        Ok(chunk_bests.into_iter().flatten().fold(None, |best, (cost, guess)| match best {
            Some((best_cost, _)) if !better(cost, best_cost) => best,
            _ => Some((cost, guess)),
        }))
    }
}

impl Solver for Partition {
    fn name(&self) -> &'static str {
        self.name
    }

    fn description(&self) -> &'static str {
        self.description
    }

    fn max_digits(&self) -> u32 {
        // Scoring costs (guesses) x (candidates): 90 000 x 90 000 at 5 digits is seconds, at 6 hours.
        5
    }

    fn guesses_are_candidates(&self) -> bool {
        false
    }

    fn next_guess(&self, candidates: &CandidateSet, deadline: Deadline<'_>) -> Result<u32, GuessError> {
        let digits = candidates.digits();
        if candidates.is_full() {
            return Ok(digits.smallest());
        }
        let numbers: Vec<u32> = candidates.iter().collect();
        let packed: Vec<Packed> = numbers.iter().map(|&n| Packed::new(n)).collect();
        let positions = digits.get() as usize;
        let best = self.best_of(&numbers, &packed, positions, deadline)?.ok_or(GuessError::NoCandidate)?;
        if !better(self.best_cost_of_non_candidates(numbers.len(), positions), best.0) {
            return Ok(best.1);
        }
        let others: Vec<u32> =
            guess_pool(&packed, digits).into_iter().filter(|&guess| !candidates.contains(guess)).collect();
        Ok(match self.best_of(&others, &packed, positions, deadline)? {
            Some(other) if better(other.0, best.0) => other.1,
            _ => best.1,
        })
    }
}

/// Whether `cost` is lower than `best` by more than one part in 10^12 (integer costs compare exactly).
fn better(cost: f64, best: f64) -> bool {
    cost < best - 1e-12 * best.abs().max(cost.abs())
}

/// `n log2 n`, with `0 log2 0 = 0`.
pub(crate) fn size_log_size(size: u32) -> f64 {
    if size == 0 {
        0.0
    } else {
        f64::from(size) * f64::from(size).log2()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::Digits;
    use crate::matches::matches;

    /// The best guess by scoring every number of the range in order, without the pool or the
    /// shortcuts: the definition the strategies must agree with.
    fn best_by_definition(strategy: &Partition, candidates: &CandidateSet) -> u32 {
        let digits = candidates.digits();
        let numbers: Vec<u32> = candidates.iter().collect();
        let mut best: Option<(f64, bool, u32)> = None;
        for guess in digits.smallest()..=digits.largest() {
            let mut groups = vec![0u32; digits.get() as usize + 1];
            numbers.iter().for_each(|&candidate| groups[matches(candidate, guess) as usize] += 1);
            let cost = strategy.cost(&groups);
            let candidate = candidates.contains(guess);
            let replaces = match best {
                None => true,
                Some((best_cost, best_candidate, _)) => {
                    better(cost, best_cost) || (!better(best_cost, cost) && candidate && !best_candidate)
                }
            };
            if replaces {
                best = Some((cost, candidate, guess));
            }
        }
        best.unwrap().2
    }

    #[test]
    fn every_first_guess_splits_the_whole_range_alike() {
        for d in [2, 3] {
            let digits = Digits::new(d).unwrap();
            let split = |guess: u32| {
                let mut groups = vec![0u32; d as usize + 1];
                (digits.smallest()..=digits.largest()).for_each(|c| groups[matches(c, guess) as usize] += 1);
                groups
            };
            let first = split(digits.smallest());
            assert!((digits.smallest()..=digits.largest()).all(|guess| split(guess) == first));
        }
    }

    #[test]
    fn knuth_minimax_after_no_match_with_100() {
        // 3 digits, 100 answered 0: first digit 2..=9, others 1..=9, 648 candidates.
        let mut candidates = CandidateSet::all(Digits::new(3).unwrap());
        candidates.eliminate(100, 0);
        for strategy in [Partition::MINIMAX, Partition::MAX_PARTS, Partition::ENTROPY] {
            assert_eq!(
                strategy.next_guess(&candidates, Deadline::NEVER),
                Ok(best_by_definition(&strategy, &candidates))
            );
        }
    }

    #[test]
    fn agrees_with_the_definition_after_two_answers() {
        let digits = Digits::new(3).unwrap();
        for (first, second) in
            [((100, 1), (211, 1)), ((100, 0), (234, 2)), ((555, 1), (123, 0)), ((100, 2), (909, 1))]
        {
            let mut candidates = CandidateSet::all(digits);
            candidates.eliminate(first.0, first.1);
            candidates.eliminate(second.0, second.1);
            for strategy in [Partition::MINIMAX, Partition::MAX_PARTS, Partition::ENTROPY] {
                assert_eq!(
                    strategy.next_guess(&candidates, Deadline::NEVER),
                    Ok(best_by_definition(&strategy, &candidates)),
                    "{} after {first:?} {second:?}",
                    strategy.name
                );
            }
        }
    }

    #[test]
    fn group_sizes_of_21_among_72_candidates() {
        // Candidates 10..=99 with 2 digits answered 0 to 10: front 2..=9, units 1..=9 (72 numbers).
        // Guess 21: front 2 matches 9 numbers, units 1 matches 8; both match 1 (21 itself).
        // Groups by mismatches: 0 -> 1, 1 -> 8 + 7 = 15, 2 -> 72 - 16 = 56.
        let numbers: Vec<Packed> = (10..100).filter(|&c| matches(c, 10) == 0).map(Packed::new).collect();
        assert_eq!(numbers.len(), 72);
        assert_eq!(&answer_counts(Packed::new(21), &numbers)[..3], [1, 15, 56]);
        assert_eq!(Partition::MINIMAX.cost(&[1, 15, 56]), 56.0);
        assert_eq!(Partition::MAX_PARTS.cost(&[1, 15, 56]), -3.0);
        assert!((Partition::ENTROPY.cost(&[4, 4, 0]) - 16.0).abs() < 1e-12);
    }

    #[test]
    fn no_candidate_left_is_an_error() {
        let mut candidates = CandidateSet::all(Digits::FOUR);
        candidates.eliminate(1234, 3);
        candidates.eliminate(1235, 1);
        assert_eq!(Partition::MINIMAX.next_guess(&candidates, Deadline::NEVER), Err(GuessError::NoCandidate));
    }

    #[test]
    fn a_past_deadline_interrupts() {
        let mut candidates = CandidateSet::all(Digits::FOUR);
        candidates.eliminate(1000, 0);
        let past = Deadline::at(Some(std::time::Instant::now()));
        assert_eq!(Partition::ENTROPY.next_guess(&candidates, past), Err(GuessError::Interrupted));
    }
}
