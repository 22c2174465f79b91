//! The guesses worth scoring against a candidate set.

use crate::digits::Digits;
use crate::matches::Packed;

/// Every guess that may score differently from the others against `candidates`, in increasing order.
///
/// At each position, a digit that no candidate has there mismatches every candidate, so all such digits
/// answer alike: the pool keeps, per position, the digits some candidate has plus the smallest digit
/// none has (1 to 9 at the front). Each left-out guess answers exactly like a smaller guess of the pool
/// and, like it, is no candidate, so scoring the pool and preferring the smallest best guess gives the
/// same guess as scoring the whole range.
pub(crate) fn guess_pool(candidates: &[Packed], digits: Digits) -> Vec<u32> {
    let positions = digits.get();
    let mut present = vec![0u16; positions as usize];
    for candidate in candidates {
        for (position, digits_seen) in present.iter_mut().enumerate() {
            *digits_seen |= 1 << candidate.digit(position as u32);
        }
    }
    let mut pool = vec![0u32];
    for position in (0..positions).rev() {
        let possible: u16 = if position == positions - 1 { 0b11_1111_1110 } else { 0b11_1111_1111 };
        let seen = present[position as usize] & possible;
        let absent = possible & !seen;
        let allowed = seen | (absent & absent.wrapping_neg());
        let choices: Vec<u32> = (0..10).filter(|digit| allowed >> digit & 1 == 1).collect();
        pool = pool.iter().flat_map(|prefix| choices.iter().map(move |digit| prefix * 10 + digit)).collect();
    }
    pool
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool_of(candidates: &[u32], digits: u32) -> Vec<u32> {
        let packed: Vec<Packed> = candidates.iter().map(|&n| Packed::new(n)).collect();
        guess_pool(&packed, Digits::new(digits).unwrap())
    }

    #[test]
    fn one_candidate_pairs_each_digit_with_the_smallest_absent_one() {
        // Front: 3 or the smallest other of 1..=9 (1); tens: 5 or 0.
        assert_eq!(pool_of(&[35], 2), [10, 15, 30, 35]);
    }

    #[test]
    fn digits_seen_everywhere_give_the_whole_range() {
        let all: Vec<u32> = (100..1000).collect();
        assert_eq!(pool_of(&all, 3), all);
    }

    #[test]
    fn pool_is_increasing_and_holds_the_candidates() {
        let candidates = [1203, 4560, 1253, 9999];
        let pool = pool_of(&candidates, 4);
        assert!(pool.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(candidates.iter().all(|candidate| pool.contains(candidate)));
        // Front digits seen: 1, 4, 9, plus 2; hundreds: 2, 5, 9, plus 0; tens: 0, 5, 6, 9, plus 1;
        // units: 0, 3, 9, plus 1.
        assert_eq!(pool.len(), 4 * 4 * 5 * 4);
        assert_eq!(pool[0], 1000);
    }
}
