//! The exact minimum worst case, proved along a chain of boxes that an opponent answering 0 walks
//! down.
//!
//! For `j = 8, 7, ..., 0` let `P_j` be the box `{1..=9-j} x {0..=9-j}^(d-1)`: front digits 1 to `9 - j`,
//! other digits 0 to `9 - j`. `P_8 = {1} x {0,1}^(d-1)` is the smallest, `P_0` is the whole range. Write
//! `h(S)` for the fewest guesses that finish every secret of `S` in the worst case, guesses being any
//! `d`-digit numbers. Three facts make the chain a proof:
//!
//! 1. **Relabelling.** Permuting the digits of one position (1 to 9 at the front, 0 to 9 elsewhere)
//!    maps the numbers onto themselves and keeps every answer, so it keeps `h`: every box whose front
//!    has `a` digits and whose other positions have `b` digits each has the `h` of
//!    `{1..=a} x {0..=b-1}^(d-1)`.
//! 2. **Subsets.** `S ⊆ T` implies `h(S) <= h(T)`: a strategy for `T` finishes every secret of `S`.
//! 3. **Answers 0.** Whatever the first guess `g` on `P_j` (`j <= 7`), the numbers that answer 0 are
//!    those differing from `g` at every position: the box with `g`'s digit struck out at each position,
//!    with at least `8 - j` front digits and `9 - j` others, so not empty (the opponent may answer 0)
//!    and, by 1 and 2, at least as hard as `P_(j+1)`. Hence `h(P_j) >= 1 + h(P_(j+1))`.
//!
//! Each `h(P_j)` is then found by trying budgets upward from the larger of `1 + h(P_(j+1))` and the
//! counting bound (`counting::lower_bound`): a budget that the exhaustive search
//! ([`Settings::EXHAUSTIVE`]) cannot meet is proved impossible, and the first budget it meets is
//! proved sufficient by the strategy it found. `h(P_0)` is the answer. For 4 digits: `P_8` (8
//! numbers) needs 3 guesses by counting; `P_7 = {1,2} x {0,1,2}^3` (54 numbers) cannot be finished
//! in 4 (exhaustive search) and can in 5; from there each box needs exactly one more guess than the
//! one below, up to `P_0`, the 9000 numbers, with 12: seven answers 0 in a row are always possible
//! (seven guesses strike out at most seven of the nine front digits and of the ten others), they
//! leave a box at least as hard as `P_7`, and `7 + 5 = 12`.

use std::fmt;

use solvebatch_core::Deadline;

use serde::Serialize;

use super::counting::lower_bound;
use super::search::{Interrupted, Search, Settings};
use super::space::Space;
use crate::digits::Digits;
use crate::text::counted;

/// Why a box cannot be finished with one guess fewer than its worst case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Proof {
    /// The counting bound: some part of the box has more numbers than that many guesses can tell
    /// apart.
    Counting,
    /// An answer 0 to any first guess leaves a box at least as hard as the next box of the chain.
    AnswerZero,
    /// The exhaustive search found no strategy.
    ExhaustiveSearch,
}

/// One box `P_j` of the chain and its exact worst case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoundStep {
    /// `j`, how many answers 0 lead from the whole range to a box at least as hard as this one.
    pub zeros: u32,
    /// Digits allowed at the front: 1 to `front_digits`.
    pub front_digits: u32,
    /// Digits allowed at every other position: 0 to `other_digits - 1`.
    pub other_digits: u32,
    /// How many numbers the box holds.
    pub size: usize,
    /// The fewest guesses that finish every number of the box.
    pub worst_case: u32,
    /// Why one guess fewer does not suffice.
    pub proof: Proof,
    /// The budgets (numbers of guesses) below the worst case that the exhaustive search proved
    /// impossible, in increasing order (empty when the counting bound or the chain gave the bound).
    pub searched_out: Vec<u32>,
}

impl BoundStep {
    /// The box in words, for example `{1,2} x {0,1,2}^3` (or `{1..7} x {0..7}^3`).
    pub fn describe(&self, digits: Digits) -> String {
        let front = digit_list(1, self.front_digits);
        let other = digit_list(0, self.other_digits - 1);
        match digits.get() - 1 {
            1 => format!("{front} x {other}"),
            rest => format!("{front} x {other}^{rest}"),
        }
    }
}

/// `{a,...,b}` for at most three digits, `{a..b}` beyond.
fn digit_list(first: u32, last: u32) -> String {
    if last - first < 3 {
        let digits: Vec<String> = (first..=last).map(|digit| digit.to_string()).collect();
        format!("{{{}}}", digits.join(","))
    } else {
        format!("{{{first}..{last}}}")
    }
}

/// The proof of the minimum worst case of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bound {
    /// The number of digits.
    pub digits: Digits,
    /// The fewest guesses that finish every secret of the range: the worst case of the best strategy.
    pub worst_case: u32,
    /// The chain from the smallest box to the whole range (the last step).
    pub steps: Vec<BoundStep>,
}

/// The report of `solvebatch guess bound` without its time: a heading line, one line per box of the
/// chain (its description, size, worst case and why one guess fewer fails), then the bound; every
/// line ends with a newline.
impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} digits: answers 0 to the first j guesses always leave a box at least as hard as P_j",
            self.digits
        )?;
        let width = self.steps.iter().map(|step| step.describe(self.digits).len()).max().unwrap_or(0);
        for step in &self.steps {
            let fewer = counted(step.worst_case as usize - 1, "guess fails", "guesses fail");
            let why = match step.proof {
                Proof::Counting => format!("{fewer}: counting bound"),
                Proof::AnswerZero => format!("{fewer}: an answer 0 leaves a copy of P_{}", step.zeros + 1),
                Proof::ExhaustiveSearch => format!("{fewer}: exhaustive search"),
            };
            writeln!(
                f,
                "P_{} = {:width$} {:>6} numbers: {:>2} guesses ({why})",
                step.zeros,
                step.describe(self.digits),
                step.size,
                step.worst_case,
            )?;
        }
        writeln!(
            f,
            "minimum worst case: {} (no strategy guarantees {}; the search found one that needs no more)",
            counted(self.worst_case as usize, "guess", "guesses"),
            self.worst_case - 1
        )
    }
}

/// The box `P_j` of `space` (`j = zeros`) as sorted indices: every digit at most `9 - j` (the front
/// digit is at least 1 in every number of the range).
fn chain_box(space: &Space, zeros: u32) -> Vec<u32> {
    (0..space.len() as u32)
        .filter(|&index| (0..space.positions()).all(|position| space.digit(index, position) <= 9 - zeros))
        .collect()
}

/// The steps of the chain from `P_8` down to `P_last`, each with its exact worst case.
///
/// # Errors
/// [`Interrupted`] when `deadline` passed.
pub(crate) fn chain(space: &Space, last: u32, deadline: Deadline<'_>) -> Result<Vec<BoundStep>, Interrupted> {
    let mut steps: Vec<BoundStep> = Vec::new();
    for zeros in (last..=8).rev() {
        let set = chain_box(space, zeros);
        let counting = lower_bound(space, &set);
        let below = steps.last().map_or(0, |step| step.worst_case + 1);
        let mut budget = counting.max(below);
        let mut searched_out = Vec::new();
        let mut search = Search::new(space, Settings::EXHAUSTIVE, deadline);
        while search.solve(&set, budget)?.is_none() {
            searched_out.push(budget);
            budget += 1;
        }
        let proof = if !searched_out.is_empty() {
            Proof::ExhaustiveSearch
        } else if below >= counting && zeros < 8 {
            Proof::AnswerZero
        } else {
            Proof::Counting
        };
        steps.push(BoundStep {
            zeros,
            front_digits: 9 - zeros,
            other_digits: 10 - zeros,
            size: set.len(),
            worst_case: budget,
            proof,
            searched_out,
        });
    }
    Ok(steps)
}

/// The minimum worst case of the `digits`-digit game, with its proof: the chain of boxes from
/// `{1} x {0,1}^(d-1)` to the whole range, each box's worst case proved exactly by an exhaustive search
/// (no beam) and the answer-0 argument of the module documentation.
///
/// ```
/// use solvebatch_guess::{minimum_worst_case, Deadline, Digits};
///
/// let bound = minimum_worst_case(Digits::new(2).unwrap(), Deadline::NEVER).unwrap();
/// assert_eq!(bound.worst_case, 10);
/// assert_eq!(bound.steps.last().unwrap().size, 90);
/// ```
///
/// # Errors
/// [`Interrupted`](crate::strategy::GuessError::Interrupted) when `deadline` passed first.
pub fn minimum_worst_case(
    digits: Digits,
    deadline: Deadline<'_>,
) -> Result<Bound, crate::strategy::GuessError> {
    let space = Space::new(digits);
    let steps = chain(&space, 0, deadline).map_err(|Interrupted| crate::strategy::GuessError::Interrupted)?;
    let worst_case = steps.last().map_or(0, |step| step.worst_case);
    Ok(Bound { digits, worst_case, steps })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_are_described_in_digits() {
        let digits = Digits::FOUR;
        let step = |zeros: u32| BoundStep {
            zeros,
            front_digits: 9 - zeros,
            other_digits: 10 - zeros,
            size: 0,
            worst_case: 1,
            proof: Proof::Counting,
            searched_out: Vec::new(),
        };
        assert_eq!(step(8).describe(digits), "{1} x {0,1}^3");
        assert_eq!(step(6).describe(digits), "{1,2,3} x {0..3}^3");
        assert_eq!(step(0).describe(Digits::new(2).unwrap()), "{1..9} x {0..9}");
    }

    #[test]
    fn three_digit_chain_by_hand() {
        // P_8 = {1} x {0,1}^2: 4 numbers over 2 varying positions need 3 (1 + 2 < 4). Each box above
        // needs one more, to 11 for the 900 numbers.
        let bound = minimum_worst_case(Digits::new(3).unwrap(), Deadline::NEVER).unwrap();
        let worst: Vec<u32> = bound.steps.iter().map(|step| step.worst_case).collect();
        assert_eq!(worst, [3, 4, 5, 6, 7, 8, 9, 10, 11]);
        assert_eq!(bound.steps[0].size, 4);
        assert_eq!(bound.steps[0].proof, Proof::Counting);
        assert_eq!(bound.worst_case, 11);
    }
}
