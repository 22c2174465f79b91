//! Codebreaking strategies behind one trait ([`Solver`]), one file each ([`first`], [`partition`],
//! [`optimal`]), and the registry that `--strategy NAME` reads ([`registry`]).

use std::fmt;

use solvebatch_core::Deadline;

use crate::candidates::CandidateSet;
use crate::digits::Digits;

pub mod first;
pub mod optimal;
pub mod partition;
pub(crate) mod pool;
pub mod registry;

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
