//! The registry of strategies that `--strategy NAME` reads: [`solvers`], first the default, and
//! [`solver`] by name.

use crate::strategy::first::First;
use crate::strategy::optimal::Optimal;
use crate::strategy::partition::Partition;
use crate::strategy::Solver;

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
    use crate::digits::Digits;

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
