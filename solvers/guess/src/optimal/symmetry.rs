//! Guesses up to symmetry: one guess per class of guesses that the candidate set cannot tell apart.
//!
//! Relabelling the digits of one position (a permutation of 1 to 9 at the front, of 0 to 9 elsewhere)
//! maps numbers to numbers and keeps every answer: `matches(σ(a), σ(b)) = matches(a, b)`. When such a
//! relabelling `σ` maps the candidate set `S` onto itself, the guesses `g` and `σ(g)` split `S` into
//! groups that `σ` maps onto each other, so every strategy after `g` carries over to one after `σ(g)`
//! with the same number of guesses for every secret: trying one of the two is enough.
//!
//! At position `p`, call digits `x` and `y` interchangeable when swapping them at `p` maps `S` onto
//! itself, that is when the candidates with `x` at `p` and those with `y` at `p` agree everywhere else.
//! This is an equivalence (composing swaps that fix `S` gives swaps that fix `S`). It covers the digits
//! that no candidate has at `p` (all of them interchangeable: each mismatches every candidate) and the
//! digits that no candidate distinguishes. Swaps at different positions commute, so every guess is
//! carried onto the guess made of the smallest digit of each of its classes: those guesses, one per
//! combination of classes, are all that needs trying.
//!
//! Relabellings that fix `S` without being made of such swaps (in `{12, 21}`, swapping 1 and 2 at
//! both positions at once) would merge more guesses; they are not looked for, which costs time, never
//! correctness. The search also tries only once guesses that split the set into the same groups.

use super::space::{Membership, Space};

/// One guess (an index of `space`) per class of interchangeable guesses for the candidate set `set`
/// (sorted indices), in increasing order, and the members of `set` as a bitset.
pub(crate) fn representative_guesses(space: &Space, set: &[u32]) -> (Vec<u32>, Membership) {
    let members = Membership::new(space, set);
    let mut guesses = vec![0u32];
    for position in (0..space.positions()).rev() {
        let digits = representative_digits(space, set, &members, position);
        guesses =
            guesses.iter().flat_map(|prefix| digits.iter().map(move |digit| prefix * 10 + digit)).collect();
    }
    let guesses = guesses.into_iter().map(|number| space.index(number)).collect();
    (guesses, members)
}

/// The smallest digit of each class of interchangeable digits at `position`, in increasing order.
fn representative_digits(space: &Space, set: &[u32], members: &Membership, position: u32) -> Vec<u32> {
    let mut holders: [Vec<u32>; 10] = Default::default();
    for &index in set {
        holders[space.digit(index, position) as usize].push(index);
    }
    let allowed = space.allowed_digits(position);
    let mut representatives: Vec<u32> = Vec::new();
    let mut absent_seen = false;
    for digit in (0..10).filter(|digit| allowed >> digit & 1 == 1) {
        let with_digit = &holders[digit as usize];
        if with_digit.is_empty() {
            // Every absent digit is interchangeable with every other: keep the first.
            if !absent_seen {
                absent_seen = true;
                representatives.push(digit);
            }
            continue;
        }
        // Same number of holders, and each holder with `digit` replaced by `other` is a candidate: the
        // two lists are then images of each other under the swap.
        let interchangeable = representatives.iter().any(|&other| {
            holders[other as usize].len() == with_digit.len()
                && with_digit.iter().all(|&index| members.contains(space.with_digit(index, position, other)))
        });
        if !interchangeable {
            representatives.push(digit);
        }
    }
    representatives
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digits::Digits;

    fn representatives_of(numbers: &[u32], digits: u32) -> Vec<u32> {
        let space = Space::new(Digits::new(digits).unwrap());
        let set: Vec<u32> = numbers.iter().map(|&n| space.index(n)).collect();
        representative_guesses(&space, &set).0.into_iter().map(|index| space.number(index)).collect()
    }

    #[test]
    fn the_whole_range_has_one_guess() {
        let all: Vec<u32> = (100..1000).collect();
        assert_eq!(representatives_of(&all, 3), [100]);
    }

    #[test]
    fn a_product_set_has_present_and_absent_classes() {
        // {1, 2} x {0, 1, 2}: front 1 (both present digits alike) or 3 (absent); units 0 or 3.
        assert_eq!(representatives_of(&[10, 11, 12, 20, 21, 22], 2), [10, 13, 30, 33]);
    }

    #[test]
    fn distinguished_digits_stay_apart() {
        // 12 and 21: swapping 1 and 2 at one position alone breaks the set, so 1, 2 and an absent
        // digit (3 at the front, 0 at the units) are three classes at each position.
        assert_eq!(representatives_of(&[12, 21], 2), [10, 11, 12, 20, 21, 22, 30, 31, 32]);
        // 11, 12, 21, 22 minus 22: units 1 and 2 differ (11 and 21 have 1; only 12 has 2).
        assert_eq!(representatives_of(&[11, 12, 21], 2).len(), 9);
    }
}
