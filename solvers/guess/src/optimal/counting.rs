//! The counting bound: how many secrets `k` guesses can tell apart at most.
//!
//! Take any strategy for `d` digits and write `D = d`. The strategy's guesses depend only on the
//! answers so far. A secret found with guess `i` has answered the `i - 1` guesses before with
//! non-final answers, each one of the `D` values `0..=D-1` (the answer `D` ends the game). Two secrets
//! with the same `i - 1` answers get the same `i`-th guess, and at most one of them is that guess; so
//! at most `D^(i-1)` secrets are found with exactly `i` guesses, and within `k` guesses at most
//!
//! ```text
//! 1 + D + D^2 + ... + D^(k-1) = (D^k - 1) / (D - 1)
//! ```
//!
//! (`2^k - 1` for 2 digits, `(4^k - 1) / 3` for 4). A set of `s` candidates can therefore be finished
//! within `k` guesses only if `s <= (D^k - 1) / (D - 1)`. When the first guess is not a candidate no
//! secret is found with it, the sum starts at `D`, and the bound drops to `(D^k - D) / (D - 1)`, that
//! is `D` times the bound for `k - 1`: each of the `D` answer groups must be finished within `k - 1`
//! guesses. The search uses the bound per answer group: a guess is worth trying within `k` guesses
//! only if each of its non-final groups has at most `(D^(k-1) - 1) / (D - 1)` candidates.
//!
//! The bound holds for every part of a set that varies in fewer positions. If the members of a
//! subset `T` all agree outside a set `Q` of positions, a guess that differs from them at a position
//! outside `Q` splits `T` exactly as the same guess with that digit put right does (every answer
//! moves by the same amount) but can never win, so some best strategy for `T` only makes guesses that
//! agree with `T` outside `Q`; their non-final answers then take only `|Q|` values, and the count above
//! holds with `D = |Q|` (with one position, `k` guesses finish at most `k` secrets: each guess tests
//! one digit). A strategy for `S` is one for every subset, so [`lower_bound`] takes the largest such
//! bound over every `Q` and every group of members agreeing outside `Q`. Six numbers that differ only
//! in their hundreds digit need six guesses, whatever else the set holds.
//!
//! The same count bounds the total: at most `D^(i-1)` of the `s` secrets take exactly `i` guesses, so
//! the sum of guesses over the set is at least what filling 1, D, D^2, ... secrets at 1, 2, 3, ...
//! guesses gives ([`least_total`]).

use super::space::Space;
use crate::matches::nibble_mask;

/// The most secrets that `guesses` guesses can finish at `positions` digits:
/// `(D^k - 1) / (D - 1)` with `D = positions`, `k = guesses` (saturating at `u64::MAX`).
pub(crate) fn most_finished(positions: u32, guesses: u32) -> u64 {
    if positions == 1 {
        return u64::from(guesses);
    }
    let base = u64::from(positions);
    let mut level = 1u64;
    let mut total = 0u64;
    for _ in 0..guesses {
        total = total.saturating_add(level);
        level = level.saturating_mul(base);
    }
    total
}

/// The fewest guesses that the counting bound allows for `secrets` secrets at `positions` digits: the
/// smallest `k` with `secrets <= (D^k - 1) / (D - 1)` (0 for no secret).
pub(crate) fn fewest_guesses(positions: u32, secrets: usize) -> u32 {
    if positions == 0 {
        return u32::from(secrets > 0);
    }
    let mut guesses = 0;
    while most_finished(positions, guesses) < secrets as u64 {
        guesses += 1;
    }
    guesses
}

/// The fewest guesses that any strategy needs in the worst case for `set` (sorted indices of `space`),
/// by the counting bound on every part of the set that varies only in a set of positions (see the
/// module documentation). At least 1 for a non-empty set.
pub(crate) fn lower_bound(space: &Space, set: &[u32]) -> u32 {
    let positions = space.positions();
    let mut bound = fewest_guesses(space.varying_positions(set), set.len());
    let mut keys: Vec<u64> = Vec::with_capacity(set.len());
    for varying in 1..(1u32 << positions) - 1 {
        let hidden = nibble_mask(varying);
        keys.clear();
        keys.extend(set.iter().map(|&index| space.packed(index).hiding(hidden)));
        keys.sort_unstable();
        let largest = keys.chunk_by(|a, b| a == b).map(<[u64]>::len).max().unwrap_or(0);
        bound = bound.max(fewest_guesses(varying.count_ones(), largest));
    }
    bound
}

/// The smallest possible sum, over `secrets` secrets, of the guesses each takes at `positions` digits:
/// one secret with 1 guess, `D` with 2, `D^2` with 3, and so on until all are placed.
pub(crate) fn least_total(positions: u32, secrets: usize) -> u64 {
    let (mut left, mut level, mut guesses, mut total) = (secrets as u64, 1u64, 1u64, 0u64);
    while left > 0 {
        let placed = left.min(level);
        total += placed * guesses;
        left -= placed;
        level = level.saturating_mul(u64::from(positions));
        guesses += 1;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_digit_bounds_by_hand() {
        // (4^k - 1) / 3: 0, 1, 5, 21, 85, 341, ...
        let bounds: Vec<u64> = (0..6).map(|k| most_finished(4, k)).collect();
        assert_eq!(bounds, [0, 1, 5, 21, 85, 341]);
        // 9000 numbers: (4^7 - 1) / 3 = 5461 < 9000 <= (4^8 - 1) / 3 = 21845.
        assert_eq!(fewest_guesses(4, 9000), 8);
        assert_eq!(fewest_guesses(4, 54), 4);
        assert_eq!(fewest_guesses(4, 1), 1);
        assert_eq!(fewest_guesses(4, 0), 0);
    }

    #[test]
    fn two_digit_bounds_are_powers_of_two_minus_one() {
        assert!((0..10).all(|k| most_finished(2, k) == (1 << k) - 1));
        assert_eq!(fewest_guesses(2, 90), 7);
    }

    #[test]
    fn least_totals_fill_the_levels() {
        // 4 digits: 1 secret at 1 guess, 4 at 2, then 3.
        assert_eq!(least_total(4, 1), 1);
        assert_eq!(least_total(4, 5), 1 + 4 * 2);
        assert_eq!(least_total(4, 7), 1 + 4 * 2 + 2 * 3);
        assert_eq!(least_total(3, 0), 0);
    }

    fn indices(space: &Space, numbers: &[u32]) -> Vec<u32> {
        numbers.iter().map(|&number| space.index(number)).collect()
    }

    #[test]
    fn numbers_differing_in_one_position_need_one_guess_each() {
        let space = Space::new(crate::digits::Digits::FOUR);
        // Five numbers differ only in the hundreds digit: each guess tests one of those digits.
        let line = indices(&space, &[1302, 1402, 1502, 1602, 1702]);
        assert_eq!(lower_bound(&space, &line), 5);
        // A sixth number elsewhere changes nothing: the line still needs 5 guesses, while counting
        // over 4 positions would allow 3.
        let with_other = indices(&space, &[1302, 1402, 1502, 1602, 1702, 3010]);
        assert_eq!(fewest_guesses(4, with_other.len()), 3);
        assert_eq!(lower_bound(&space, &with_other), 5);
    }

    #[test]
    fn a_grid_in_two_positions_counts_with_two_answers() {
        // {1,2,3,4} x {0,1,2,3} in the last two digits of 55xy: 16 numbers over 2 positions need
        // 5 guesses (2^4 - 1 = 15 < 16), where 4 positions would allow 3.
        let space = Space::new(crate::digits::Digits::FOUR);
        let grid: Vec<u32> =
            (1..=4).flat_map(|x| (0..4).map(move |y| 5500 + 10 * x + y)).map(|n| space.index(n)).collect();
        assert_eq!(lower_bound(&space, &grid), 5);
        assert_eq!(lower_bound(&space, &grid[..1]), 1);
    }

    #[test]
    fn huge_budgets_saturate() {
        assert_eq!(most_finished(9, 200), u64::MAX);
    }
}
