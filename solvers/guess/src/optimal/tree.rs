//! A strategy built once: the guess for every candidate set its game tree reaches.

use solvebatch_core::Deadline;
use std::collections::HashMap;
use std::sync::Mutex;

use super::bound::chain;
use super::counting::lower_bound;
use super::search::{Interrupted, Plan, Search, Settings};
use super::space::Space;
use crate::digits::Digits;
use crate::strategy::GuessError;

/// Chain boxes up to this many numbers are solved exactly to bound the worst case from below before
/// the strategy is searched (milliseconds: 54 and 192 numbers at 4 digits).
const CHEAP_BOX_SIZE: usize = 200;

/// A strategy for every secret of a `d`-digit game, built by the depth-bounded AND-OR search (see the
/// [module documentation](crate::optimal)) with the smallest budget it meets.
///
/// The budget starts at a proved lower bound (the counting bound and the first boxes of the chain of
/// [`minimum_worst_case`](crate::optimal::bound::minimum_worst_case)), so when the search meets it at once the
/// strategy's worst case is proved optimal ([`StrategyTree::is_proved_optimal`]).
///
/// ```
/// use solvebatch_guess::optimal::search::Settings as SearchSettings;
/// use solvebatch_guess::{Deadline, Digits, StrategyTree};
///
/// let tree = StrategyTree::build(Digits::new(3).unwrap(), SearchSettings::OPTIMAL, Deadline::NEVER).unwrap();
/// assert_eq!(tree.worst_case(), 11);
/// assert!(tree.is_proved_optimal());
/// let all: Vec<u32> = (100..1000).collect();
/// assert_eq!(tree.guess(&all), Some(100));
/// ```
#[derive(Debug)]
pub struct StrategyTree {
    space: Space,
    settings: Settings,
    lower_bound: u32,
    worst_case: u32,
    total: u64,
    /// The guess for each candidate set of the tree, keyed by its numbers in increasing order.
    guesses: HashMap<Box<[u32]>, u32>,
    /// Guesses for sets outside the tree, searched on demand.
    extra: Mutex<HashMap<Box<[u32]>, u32>>,
}

impl StrategyTree {
    /// Builds the strategy for every `digits`-digit secret.
    ///
    /// # Errors
    /// [`GuessError::Interrupted`] when `deadline` passed first.
    pub fn build(
        digits: Digits,
        settings: Settings,
        deadline: Deadline<'_>,
    ) -> Result<StrategyTree, GuessError> {
        let space = Space::new(digits);
        let all: Vec<u32> = (0..space.len() as u32).collect();
        let last = (0..=8)
            .find(|&zeros: &u32| {
                ((9 - zeros) * (10 - zeros).pow(digits.get() - 1)) as usize <= CHEAP_BOX_SIZE
            })
            .unwrap_or(8);
        let steps = chain(&space, last, deadline).map_err(interrupted)?;
        let from_chain = steps.last().map_or(0, |step| step.zeros + step.worst_case);
        let lower = from_chain.max(lower_bound(&space, &all));
        let mut budget = lower;
        let plan = loop {
            if let Some(plan) =
                Search::new(&space, settings, deadline).solve(&all, budget).map_err(interrupted)?
            {
                break plan;
            }
            budget += 1;
        };
        let mut guesses = HashMap::new();
        record(&space, &all, &plan, &mut guesses);
        Ok(StrategyTree {
            settings,
            lower_bound: lower,
            worst_case: plan.worst_case,
            total: plan.total,
            guesses,
            extra: Mutex::new(HashMap::new()),
            space,
        })
    }

    /// The number of digits.
    pub fn digits(&self) -> Digits {
        self.space.digits()
    }

    /// The most guesses any secret takes.
    pub fn worst_case(&self) -> u32 {
        self.worst_case
    }

    /// The mean number of guesses over every secret of the range.
    pub fn mean(&self) -> f64 {
        self.total as f64 / self.space.len() as f64
    }

    /// The lower bound on the worst case of any strategy that the build proved before searching.
    pub fn lower_bound(&self) -> u32 {
        self.lower_bound
    }

    /// Whether the worst case equals the proved lower bound, so that no strategy does better.
    pub fn is_proved_optimal(&self) -> bool {
        self.worst_case == self.lower_bound
    }

    /// The guess for the candidate set `candidates` (numbers in increasing order) when the tree holds
    /// it, that is when the strategy's own guesses led there.
    pub fn guess(&self, candidates: &[u32]) -> Option<u32> {
        self.guesses.get(candidates).copied()
    }

    /// The guess for `candidates` (numbers of the range in increasing order, not empty): the tree's,
    /// or for a set the tree does not hold (reached by other guesses) the first guess of a plan searched
    /// on the spot with the fewest guesses a narrow search finds (never more than the tree's worst case:
    /// the set is part of the range). Plans searched on the spot are kept for the sets that follow.
    ///
    /// # Errors
    /// [`GuessError::NoCandidate`] for an empty set; [`GuessError::Interrupted`] when `deadline` passed.
    pub fn guess_or_search(&self, candidates: &[u32], deadline: Deadline<'_>) -> Result<u32, GuessError> {
        if candidates.is_empty() {
            return Err(GuessError::NoCandidate);
        }
        if let Some(guess) = self.guess(candidates) {
            return Ok(guess);
        }
        if let Some(&guess) = self.extra.lock().unwrap_or_else(|poison| poison.into_inner()).get(candidates) {
            return Ok(guess);
        }
        let set: Vec<u32> = candidates.iter().map(|&number| self.space.index(number)).collect();
        let narrow = Settings { beam: Some(NARROW_BEAM), ..self.settings };
        let mut plan = None;
        for budget in lower_bound(&self.space, &set)..self.worst_case {
            plan = Search::new(&self.space, narrow, deadline).solve(&set, budget).map_err(interrupted)?;
            if plan.is_some() {
                break;
            }
        }
        let plan = match plan {
            Some(plan) => plan,
            // A part of the range can always be finished within the range's worst case.
            None => Search::new(&self.space, Settings::EXHAUSTIVE, deadline)
                .solve(&set, self.worst_case)
                .map_err(interrupted)?
                .ok_or(GuessError::NoCandidate)?,
        };
        let mut found = HashMap::new();
        record(&self.space, &set, &plan, &mut found);
        let guess = self.space.number(plan.guess);
        self.extra.lock().unwrap_or_else(|poison| poison.into_inner()).extend(found);
        Ok(guess)
    }
}

/// Guesses tried per set when searching a plan for a set outside the tree below the tree's worst
/// case: failures of a narrow search are quick.
const NARROW_BEAM: usize = 4;

fn interrupted(_: Interrupted) -> GuessError {
    GuessError::Interrupted
}

/// Records the guess of `plan` for `set` (sorted indices) and of its children for the answer groups.
fn record(space: &Space, set: &[u32], plan: &Plan, guesses: &mut HashMap<Box<[u32]>, u32>) {
    let numbers: Box<[u32]> = set.iter().map(|&index| space.number(index)).collect();
    guesses.insert(numbers, space.number(plan.guess));
    let mut groups = space.split(set, plan.guess);
    groups.truncate(space.positions() as usize);
    groups.retain(|group| !group.is_empty());
    for (group, child) in groups.iter().zip(&plan.children) {
        record(space, group, child, guesses);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_outside_the_tree_get_a_plan_searched_on_the_spot() {
        let tree = StrategyTree::build(Digits::new(2).unwrap(), Settings::OPTIMAL, Deadline::NEVER).unwrap();
        assert_eq!((tree.worst_case(), tree.lower_bound()), (10, 10));
        // After 55 answered 1 (front 5 or units 5, not both): 8 + 9 = 17 numbers, not in the tree
        // since its first guess is 10.
        let set: Vec<u32> = (10..100).filter(|&n| crate::matches::matches(n, 55) == 1).collect();
        assert_eq!(set.len(), 17);
        assert_eq!(tree.guess(&set), None);
        let guess = tree.guess_or_search(&set, Deadline::NEVER).unwrap();
        assert_eq!(tree.guess_or_search(&set, Deadline::NEVER), Ok(guess));
        assert_eq!(tree.guess_or_search(&[], Deadline::NEVER), Err(GuessError::NoCandidate));
    }

    #[test]
    fn a_past_deadline_interrupts_the_build() {
        let past = Deadline::at(Some(std::time::Instant::now()));
        assert_eq!(
            StrategyTree::build(Digits::new(3).unwrap(), Settings::OPTIMAL, past).unwrap_err(),
            GuessError::Interrupted
        );
    }
}
