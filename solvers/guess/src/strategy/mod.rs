//! Codebreaking strategies behind one trait, and the registry that `--strategy NAME` reads.

use crate::Deadline;
use std::fmt;

use crate::candidates::CandidateSet;
use crate::digits::Digits;

mod first;
mod optimal;
pub(crate) mod partition;
mod pool;

pub use first::First;
pub use optimal::Optimal;
pub use partition::Partition;

/// How a codebreaker picks its next guess from the numbers still consistent with the answers.
///
/// A strategy is a function of the candidate set alone, so games that reach the same set share their
/// next guess (the simulation plays whole groups of secrets at once on that account). Every guess must
/// make progress: it is a candidate, or it splits the candidates into at least two answer groups.
pub trait Solver: Sync {
    /// The name given to `--strategy`, for example `minimax`.
    fn name(&self) -> &'static str;

    /// One line describing the rule, its tie rule and its source.
    fn description(&self) -> &'static str;

    /// The most digits the strategy handles in reasonable time.
    fn max_digits(&self) -> u32;

    /// Whether every guess is a candidate, that is consistent with every answer before it.
    fn guesses_are_candidates(&self) -> bool;

    /// The next guess given the candidates left.
    ///
    /// # Errors
    /// [`GuessError::NoCandidate`] when `candidates` is empty; [`GuessError::Interrupted`] when
    /// `deadline` passes during a long search.
    fn next_guess(&self, candidates: &CandidateSet, deadline: Deadline<'_>) -> Result<u32, GuessError>;

    /// Checks that the strategy handles `digits`.
    ///
    /// # Errors
    /// [`UnsupportedDigits`] when `digits` exceeds [`Solver::max_digits`].
    fn check_digits(&self, digits: Digits) -> Result<(), UnsupportedDigits> {
        if digits.get() <= self.max_digits() {
            Ok(())
        } else {
            Err(UnsupportedDigits { strategy: self.name(), max: self.max_digits(), digits })
        }
    }
}

impl fmt::Debug for dyn Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why no guess was produced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GuessError {
    /// Every number has been eliminated: the answers contradict each other.
    #[error("no number matches all your answers")]
    NoCandidate,
    /// The deadline passed first.
    #[error("the time limit was reached")]
    Interrupted,
}

/// A strategy asked to play more digits than it handles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("strategy {strategy} handles at most {max} digits, not {digits}")]
pub struct UnsupportedDigits {
    /// The strategy's name.
    pub strategy: &'static str,
    /// Its [`Solver::max_digits`].
    pub max: u32,
    /// The digits asked for.
    pub digits: Digits,
}

pub use solvebatch_core::UnknownSolver;

/// Every strategy; the first, the reference codebreaker, is the default.
pub fn solvers() -> &'static [&'static dyn Solver] {
    &[&First, &Partition::MINIMAX, &Partition::MAX_PARTS, &Partition::ENTROPY, &Optimal]
}

/// The strategy called `name`.
///
/// # Errors
/// [`UnknownSolver`] when no strategy has that name.
pub fn solver(name: &str) -> Result<&'static dyn Solver, UnknownSolver> {
    solvers().iter().copied().find(|strategy| strategy.name() == name).ok_or_else(|| UnknownSolver {
        family: "guess",
        solver: name.to_string(),
        offered: solvers().iter().map(|strategy| strategy.name()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_names_five_strategies_with_first_as_default() {
        let names: Vec<_> = solvers().iter().map(|strategy| strategy.name()).collect();
        assert_eq!(names, ["first", "minimax", "max-parts", "entropy", "optimal"]);
        assert_eq!(solver("max-parts").unwrap().name(), "max-parts");
        assert_eq!(
            solver("best").unwrap_err().to_string(),
            "the guess family has no solver `best` (it has: first, minimax, max-parts, entropy, optimal)"
        );
    }

    #[test]
    fn digit_limits_are_checked() {
        let nine = Digits::new(9).unwrap();
        assert_eq!(solver("first").unwrap().check_digits(nine), Ok(()));
        assert_eq!(
            solver("minimax").unwrap().check_digits(nine).unwrap_err().to_string(),
            "strategy minimax handles at most 5 digits, not 9"
        );
    }
}
