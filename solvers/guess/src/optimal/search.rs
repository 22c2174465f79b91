//! The depth-bounded AND-OR search: can this candidate set be finished within `k` more guesses, and
//! with which guesses?
//!
//! An OR node is a candidate set with a budget of `k` guesses: it succeeds when some guess does. An AND
//! node is a guess: it succeeds when every non-final answer group can be finished within `k - 1`
//! guesses. The search prunes with the counting bound (`counting`): a set larger than
//! `(D^k - 1) / (D - 1)` fails at once, and a guess with a non-final group larger than
//! `(D^(k-1) - 1) / (D - 1)` is not tried. It tries one guess per class of interchangeable guesses
//! (`symmetry`), skips guesses that leave the set whole (a wasted guess) and guesses that
//! split the set exactly like one already tried, orders the rest by a score, and remembers the
//! result for every set it solved (the memo, keyed by the sorted list of the set's numbers).
//!
//! With [`Settings::beam`] unset and one guess compared, the search is exhaustive: a failure is a
//! proof that no strategy finishes the set within the budget. With a beam of `B`, only the `B`
//! best-scoring guesses of each set are tried; whatever such a search finds is still a valid strategy,
//! but its failures prove nothing.
//!
//! Among the guesses that fit the budget (all of them keep the worst case within it), the search can
//! compare several by the total number of guesses over the set, the sum it then minimises, so that the
//! mean is as low as the worst case allows (a branch-and-bound: a guess whose groups cannot beat the
//! best total by the counting bound on totals is skipped).

use solvebatch_core::Deadline;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use rayon::prelude::*;

use super::counting::{least_total, lower_bound, most_finished};
use super::space::Space;
use super::symmetry::representative_guesses;
use crate::matches::{answer_counts, Packed};
use crate::strategy::partition::size_log_size;

/// A strategy for one candidate set: its guess and the plans of its non-final answer groups.
#[derive(Debug)]
pub(crate) struct Plan {
    /// The guess, an index of the [`Space`].
    pub(crate) guess: u32,
    /// The most guesses any secret of the set takes, this guess included.
    pub(crate) worst_case: u32,
    /// The guesses summed over the secrets of the set, this guess included.
    pub(crate) total: u64,
    /// The plans of the non-empty groups of non-final answers, in increasing order of answer.
    pub(crate) children: Vec<Arc<Plan>>,
}

impl Plan {
    /// The plan of a set of one candidate: guess it.
    fn single(guess: u32) -> Arc<Plan> {
        Arc::new(Plan { guess, worst_case: 1, total: 1, children: Vec::new() })
    }
}

/// How widely the search looks at each candidate set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Try at most this many guesses per candidate set, the best-scoring first (`None`: every class
    /// of guesses, an exhaustive search).
    pub beam: Option<usize>,
    /// At sets of at most [`Settings::compare_below`] candidates, compare the totals of up to this many
    /// guesses that fit the budget and keep the smallest; elsewhere keep the first guess that fits.
    pub compare: usize,
    /// See [`Settings::compare`].
    pub compare_below: usize,
}

impl Settings {
    /// An exhaustive search that keeps the first guess that fits: its failures are proofs.
    pub const EXHAUSTIVE: Settings = Settings { beam: None, compare: 1, compare_below: 0 };

    /// The settings of the `optimal` strategy: no beam (the worst case is the least the search can
    /// prove), and up to 10 guesses compared at sets of at most 30 candidates.
    pub const OPTIMAL: Settings = Settings { beam: None, compare: 10, compare_below: 30 };
}

/// The search stopped because its deadline passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Interrupted;

/// Why a child set gave no plan, when children are solved in parallel.
enum Halt {
    NoPlan,
    Interrupted,
}

/// What the memo knows of a set: the plan found (or its absence) with a budget.
struct Known {
    budget: u32,
    plan: Option<Arc<Plan>>,
}

impl Known {
    /// The answer for `budget`, when the memo has one: the same budget, a failure with a larger
    /// budget, or a plan found with a larger budget that fits in this one.
    fn answer(&self, budget: u32) -> Option<Option<Arc<Plan>>> {
        match &self.plan {
            _ if self.budget == budget => Some(self.plan.clone()),
            None if self.budget > budget => Some(None),
            Some(plan) if self.budget > budget && plan.worst_case <= budget => Some(Some(plan.clone())),
            _ => None,
        }
    }
}

/// Sets at least this large solve their answer groups in parallel (each group with a memo of its
/// own: groups of one set are disjoint, so they share no subset).
const PARALLEL_MIN_CANDIDATES: usize = 256;

/// A guess worth trying at a set, with what its answer counts promise.
///
/// Guesses are tried by most answer groups first, the final answer of a candidate counting as one
/// (Kooi 2005's "most parts"), then by highest entropy of the answer (Neuwirth 1982), then candidates
/// first, then the smallest number. Most parts leads: over all 4-digit secrets it gives a mean of
/// about 9.88 guesses within the worst case of 12, where entropy first gives about 10.06.
struct Choice {
    guess: u32,
    /// How many answers occur, the final one included: higher is better.
    parts: u32,
    /// `sum g log2 g` over the non-final answer groups: lower is better (higher entropy).
    entropy: f64,
    /// Whether the guess is a candidate.
    is_candidate: bool,
    /// The least total any plan starting with this guess can reach, by the counting bound.
    least: u64,
}

/// Which plans a search step builds for the answer groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The first guess that fits, at every set below: a quick plan, used to compare guesses.
    Fit,
    /// Plans improved by comparing guesses wherever the settings say so.
    Improve,
}

/// The search and its memos.
pub(crate) struct Search<'a> {
    space: &'a Space,
    settings: Settings,
    deadline: Deadline<'a>,
    /// Plans of [`Mode::Improve`].
    improved: HashMap<Box<[u32]>, Known>,
    /// Plans of [`Mode::Fit`].
    fitted: HashMap<Box<[u32]>, Known>,
}

impl<'a> Search<'a> {
    /// A search over `space` that gives up once `deadline` passes.
    pub(crate) fn new(space: &'a Space, settings: Settings, deadline: Deadline<'a>) -> Search<'a> {
        Search { space, settings, deadline, improved: HashMap::new(), fitted: HashMap::new() }
    }

    /// A plan that finishes `set` (sorted indices) within `budget` guesses, or `None` when the search
    /// finds none (a proof that none exists when the search is exhaustive).
    ///
    /// # Errors
    /// [`Interrupted`] when the deadline passed.
    pub(crate) fn solve(&mut self, set: &[u32], budget: u32) -> Result<Option<Arc<Plan>>, Interrupted> {
        let mode = if self.settings.compare > 1 { Mode::Improve } else { Mode::Fit };
        self.plan(set, budget, mode)
    }

    /// The plan of `set` within `budget` in `mode`, through the memo of that mode.
    fn plan(&mut self, set: &[u32], budget: u32, mode: Mode) -> Result<Option<Arc<Plan>>, Interrupted> {
        if set.is_empty() || set.len() as u64 > most_finished(self.space.varying_positions(set), budget) {
            return Ok(None);
        }
        match *set {
            [only] => return Ok(Some(Plan::single(only))),
            // Two candidates: guess the first, then the other (the counting bound left budget >= 2).
            [first, second] => {
                return Ok(Some(Arc::new(Plan {
                    guess: first,
                    worst_case: 2,
                    total: 3,
                    children: vec![Plan::single(second)],
                })))
            }
            _ => {}
        }
        let memo = match mode {
            Mode::Fit => &self.fitted,
            Mode::Improve => &self.improved,
        };
        if let Some(answer) = memo.get(set).and_then(|known| known.answer(budget)) {
            return Ok(answer);
        }
        if self.deadline.passed() {
            return Err(Interrupted);
        }
        let plan = if lower_bound(self.space, set) > budget {
            None
        } else if mode == Mode::Improve && set.len() <= self.settings.compare_below {
            self.compared_plan(set, budget)?
        } else {
            self.first_fit(set, budget, mode)?
        };
        let memo = match mode {
            Mode::Fit => &mut self.fitted,
            Mode::Improve => &mut self.improved,
        };
        memo.insert(set.into(), Known { budget, plan: plan.clone() });
        Ok(plan)
    }

    /// The guesses worth trying at `set` within `budget`, best first.
    fn options(&self, set: &[u32], budget: u32) -> Vec<Choice> {
        let space = self.space;
        let positions = space.positions() as usize;
        let group_limit = most_finished(space.varying_positions(set), budget - 1);
        let packed: Vec<Packed> = set.iter().map(|&index| space.packed(index)).collect();
        let (guesses, _) = representative_guesses(space, set);
        let mut options: Vec<Choice> = guesses
            .into_iter()
            .filter_map(|guess| {
                let counts = answer_counts(space.packed(guess), &packed);
                // Index 0 of the counts is the final answer (no mismatch); 1..=d the others.
                let groups = &counts[1..=positions];
                let is_candidate = counts[0] > 0;
                let non_empty = groups.iter().filter(|&&size| size > 0).count();
                if groups.iter().any(|&size| u64::from(size) > group_limit)
                    || (!is_candidate && non_empty < 2)
                {
                    return None;
                }
                let parts = non_empty as u32 + u32::from(is_candidate);
                let entropy = groups.iter().map(|&size| size_log_size(size)).sum();
                let least = set.len() as u64
                    + groups.iter().map(|&size| least_total(space.positions(), size as usize)).sum::<u64>();
                Some(Choice { guess, parts, entropy, is_candidate, least })
            })
            .collect();
        options.sort_by(|a, b| {
            b.parts
                .cmp(&a.parts)
                .then(a.entropy.total_cmp(&b.entropy))
                .then(b.is_candidate.cmp(&a.is_candidate))
                .then(a.guess.cmp(&b.guess))
        });
        options
    }

    /// The plan of the first guess, in score order, whose groups all get a plan in `mode`.
    fn first_fit(&mut self, set: &[u32], budget: u32, mode: Mode) -> Result<Option<Arc<Plan>>, Interrupted> {
        let mut tried = 0;
        let mut splits_seen = HashSet::new();
        for option in self.options(set, budget) {
            if self.settings.beam.is_some_and(|beam| tried >= beam) {
                break;
            }
            if !splits_seen.insert(self.split_key(set, option.guess)) {
                continue;
            }
            tried += 1;
            if let Some(plan) = self.plan_with(set, option.guess, budget, None, mode)? {
                return Ok(Some(plan));
            }
        }
        Ok(None)
    }

    /// Compares up to [`Settings::compare`] guesses that fit by the totals of their quick plans, then
    /// improves the groups of the best one; the better of the quick and the improved plan.
    fn compared_plan(&mut self, set: &[u32], budget: u32) -> Result<Option<Arc<Plan>>, Interrupted> {
        let mut best: Option<Arc<Plan>> = None;
        let (mut tried, mut found) = (0, 0);
        let mut splits_seen = HashSet::new();
        for option in self.options(set, budget) {
            if found >= self.settings.compare || self.settings.beam.is_some_and(|beam| tried >= beam) {
                break;
            }
            let bound = best.as_ref().map(|best| best.total);
            if bound.is_some_and(|bound| option.least >= bound) {
                continue;
            }
            if !splits_seen.insert(self.split_key(set, option.guess)) {
                continue;
            }
            tried += 1;
            if let Some(plan) = self.plan_with(set, option.guess, budget, bound, Mode::Fit)? {
                found += 1;
                best = Some(plan);
            }
        }
        let Some(quick) = best else {
            return Ok(None);
        };
        let improved = self.plan_with(set, quick.guess, budget, None, Mode::Improve)?;
        Ok(Some(match improved {
            Some(improved) if improved.total < quick.total => improved,
            _ => quick,
        }))
    }

    /// The answers of `set` to `guess` with the non-final answers renamed in order of first
    /// appearance: two guesses with the same key split the set into the same groups.
    fn split_key(&self, set: &[u32], guess: u32) -> Vec<u8> {
        let positions = self.space.positions();
        let mut names = [u8::MAX; 10];
        let mut next = 0;
        set.iter()
            .map(|&secret| {
                let answer = self.space.answer(guess, secret);
                if answer == positions {
                    return u8::MAX;
                }
                if names[answer as usize] == u8::MAX {
                    names[answer as usize] = next;
                    next += 1;
                }
                names[answer as usize]
            })
            .collect()
    }

    /// The plan starting with `guess` at `set`, its groups planned in `mode` within `budget - 1`;
    /// `None` when a group has no plan, or when the total cannot stay below `bound`.
    fn plan_with(
        &mut self,
        set: &[u32],
        guess: u32,
        budget: u32,
        bound: Option<u64>,
        mode: Mode,
    ) -> Result<Option<Arc<Plan>>, Interrupted> {
        let positions = self.space.positions();
        let mut groups = self.space.split(set, guess);
        groups.truncate(positions as usize);
        groups.retain(|group| !group.is_empty());
        let children: Vec<Arc<Plan>> = if set.len() >= PARALLEL_MIN_CANDIDATES {
            let (space, settings, deadline) = (self.space, self.settings, self.deadline);
            let solved: Result<Vec<Arc<Plan>>, Halt> = groups
                .par_iter()
                .map(|group| match Search::new(space, settings, deadline).plan(group, budget - 1, mode) {
                    Ok(Some(plan)) => Ok(plan),
                    Ok(None) => Err(Halt::NoPlan),
                    Err(Interrupted) => Err(Halt::Interrupted),
                })
                .collect();
            match solved {
                Ok(children) => children,
                Err(Halt::NoPlan) => return Ok(None),
                Err(Halt::Interrupted) => return Err(Interrupted),
            }
        } else {
            // The largest groups first: they are the likeliest to fail.
            let mut order: Vec<usize> = (0..groups.len()).collect();
            order.sort_by_key(|&index| std::cmp::Reverse(groups[index].len()));
            let mut lower_rest: u64 = groups.iter().map(|group| least_total(positions, group.len())).sum();
            let mut total = set.len() as u64;
            let mut children: Vec<Option<Arc<Plan>>> = vec![None; groups.len()];
            for index in order {
                lower_rest -= least_total(positions, groups[index].len());
                let Some(plan) = self.plan(&groups[index], budget - 1, mode)? else {
                    return Ok(None);
                };
                total += plan.total;
                if bound.is_some_and(|bound| total + lower_rest >= bound) {
                    return Ok(None);
                }
                children[index] = Some(plan);
            }
            children.into_iter().flatten().collect()
        };
        let worst_case = 1 + children.iter().map(|child| child.worst_case).max().unwrap_or(0);
        let total = set.len() as u64 + children.iter().map(|child| child.total).sum::<u64>();
        Ok(Some(Arc::new(Plan { guess, worst_case, total, children })))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::Digits;

    /// Walks `plan` over `set` and returns the guesses each secret takes, checking that every guess
    /// splits the set as the plan says and that each secret is eventually guessed.
    fn games(space: &Space, set: &[u32], plan: &Plan) -> Vec<u32> {
        let mut counts = Vec::new();
        let groups = space.split(set, plan.guess);
        let final_group = &groups[space.positions() as usize];
        assert!(final_group.len() <= 1 && final_group.iter().all(|&secret| secret == plan.guess));
        counts.extend(final_group.iter().map(|_| 1));
        let non_final: Vec<&Vec<u32>> =
            groups[..space.positions() as usize].iter().filter(|group| !group.is_empty()).collect();
        assert_eq!(non_final.len(), plan.children.len());
        for (group, child) in non_final.into_iter().zip(&plan.children) {
            counts.extend(games(space, group, child).into_iter().map(|count| count + 1));
        }
        counts
    }

    /// The box `{1..=front} x {0..other-1}^3` of 4-digit numbers.
    fn four_digit_box(space: &Space, front: u32, other: u32) -> Vec<u32> {
        (0..space.len() as u32)
            .filter(|&index| {
                space.digit(index, 3) <= front && (0..3).all(|position| space.digit(index, position) < other)
            })
            .collect()
    }

    #[test]
    fn the_54_number_box_needs_exactly_5_guesses() {
        let space = Space::new(Digits::FOUR);
        let set = four_digit_box(&space, 2, 3);
        assert_eq!(set.len(), 54);
        let mut search = Search::new(&space, Settings::EXHAUSTIVE, Deadline::NEVER);
        assert!(search.solve(&set, 4).unwrap().is_none());
        let plan = search.solve(&set, 5).unwrap().expect("5 guesses suffice");
        let counts = games(&space, &set, &plan);
        assert_eq!(counts.len(), 54);
        assert_eq!(counts.iter().max(), Some(&5));
        assert_eq!((plan.worst_case, plan.total), (5, counts.iter().map(|&count| u64::from(count)).sum()));
    }

    #[test]
    fn comparing_guesses_never_raises_the_total() {
        let space = Space::new(Digits::FOUR);
        let set = four_digit_box(&space, 3, 4);
        let first =
            Search::new(&space, Settings::EXHAUSTIVE, Deadline::NEVER).solve(&set, 6).unwrap().unwrap();
        let compared = Settings { beam: None, compare: 10, compare_below: 100 };
        let better = Search::new(&space, compared, Deadline::NEVER).solve(&set, 6).unwrap().unwrap();
        assert!(better.total <= first.total, "{} > {}", better.total, first.total);
        let counts = games(&space, &set, &better);
        assert_eq!(counts.len(), 192);
        assert!(counts.iter().all(|&count| count <= 6));
    }

    #[test]
    fn a_beam_finds_a_valid_plan_or_none() {
        let space = Space::new(Digits::new(3).unwrap());
        let all: Vec<u32> = (0..900).collect();
        let narrow = Settings { beam: Some(1), compare: 1, compare_below: 0 };
        for budget in [11, 16] {
            if let Some(plan) = Search::new(&space, narrow, Deadline::NEVER).solve(&all, budget).unwrap() {
                let counts = games(&space, &all, &plan);
                assert!(counts.iter().all(|&count| count <= budget));
            }
        }
        assert!(
            Search::new(&space, narrow, Deadline::NEVER).solve(&all, 16).unwrap().is_some(),
            "one guess a set fits 16"
        );
    }

    #[test]
    fn a_past_deadline_interrupts() {
        let space = Space::new(Digits::FOUR);
        let all: Vec<u32> = (0..9000).collect();
        let past = Deadline::at(Some(std::time::Instant::now()));
        assert_eq!(Search::new(&space, Settings::OPTIMAL, past).solve(&all, 12).unwrap_err(), Interrupted);
    }
}
