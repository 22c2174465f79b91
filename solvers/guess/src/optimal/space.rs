//! Every number of a game by index, packed for fast answers, and candidate sets as sorted index lists.

use crate::digits::Digits;
use crate::matches::Packed;

/// The numbers of a `d`-digit game: index `i` stands for `10^(d-1) + i`.
///
/// The searches hold candidate sets as sorted `Vec<u32>` of indices (small sets are the common case deep
/// in a game tree, and a sorted list is its own memo key); the packed forms make an answer a few
/// machine instructions.
#[derive(Debug)]
pub(crate) struct Space {
    digits: Digits,
    packed: Vec<Packed>,
}

impl Space {
    /// Every number of `digits`, 9 * 10^(d-1) of them (90 000 at 5 digits).
    pub(crate) fn new(digits: Digits) -> Space {
        let smallest = digits.smallest();
        let packed = (0..digits.range_len() as u32).map(|index| Packed::new(smallest + index)).collect();
        Space { digits, packed }
    }

    /// The number of digits.
    pub(crate) fn digits(&self) -> Digits {
        self.digits
    }

    /// The number of digits as a count of positions.
    pub(crate) fn positions(&self) -> u32 {
        self.digits.get()
    }

    /// How many numbers the game has.
    pub(crate) fn len(&self) -> usize {
        self.packed.len()
    }

    /// The number at `index`.
    pub(crate) fn number(&self, index: u32) -> u32 {
        self.digits.smallest() + index
    }

    /// The index of `number` (which must have the game's number of digits).
    pub(crate) fn index(&self, number: u32) -> u32 {
        number - self.digits.smallest()
    }

    /// The packed form of the number at `index`.
    pub(crate) fn packed(&self, index: u32) -> Packed {
        self.packed[index as usize]
    }

    /// The answer (matches, `0..=d`) to the guess at index `guess` when the secret is at index `secret`.
    pub(crate) fn answer(&self, guess: u32, secret: u32) -> u32 {
        self.positions() - self.packed(guess).mismatches(self.packed(secret))
    }

    /// The digit of the number at `index` at `position` (0 for the units digit).
    pub(crate) fn digit(&self, index: u32, position: u32) -> u32 {
        self.packed(index).digit(position)
    }

    /// The index of the number at `index` with the digit at `position` replaced by `digit`.
    pub(crate) fn with_digit(&self, index: u32, position: u32, digit: u32) -> u32 {
        let place = 10u32.pow(position);
        let old = self.digit(index, position);
        // Adding (digit - old) * place in wrapping arithmetic works for either sign of the difference.
        index.wrapping_add(digit.wrapping_sub(old).wrapping_mul(place))
    }

    /// The digits allowed at `position`: 1 to 9 at the front (no leading zero), 0 to 9 elsewhere, as a
    /// bit mask over digits.
    pub(crate) fn allowed_digits(&self, position: u32) -> u16 {
        if position == self.positions() - 1 {
            0b11_1111_1110
        } else {
            0b11_1111_1111
        }
    }

    /// How many positions hold different digits in different members of `set` (0 for one member).
    pub(crate) fn varying_positions(&self, set: &[u32]) -> u32 {
        let Some((&first, rest)) = set.split_first() else {
            return 0;
        };
        let first = self.packed(first);
        let mut differing = 0u64;
        for &index in rest {
            differing |= first.differing_nibbles(self.packed(index));
        }
        differing.count_ones()
    }

    /// The indices of `set` split by their answer to `guess`: entry `a` lists (in increasing order) the
    /// members answering `a` matches, for `a` in `0..=d`.
    pub(crate) fn split(&self, set: &[u32], guess: u32) -> Vec<Vec<u32>> {
        let mut groups = vec![Vec::new(); self.positions() as usize + 1];
        for &secret in set {
            groups[self.answer(guess, secret) as usize].push(secret);
        }
        groups
    }
}

/// A set of indices of one [`Space`] as a bitset, for membership tests.
pub(crate) struct Membership {
    words: Vec<u64>,
}

impl Membership {
    /// The members of `set` (indices below `space.len()`).
    pub(crate) fn new(space: &Space, set: &[u32]) -> Membership {
        let mut words = vec![0u64; space.len().div_ceil(64)];
        for &index in set {
            words[index as usize / 64] |= 1 << (index % 64);
        }
        Membership { words }
    }

    /// Whether `index` is a member.
    pub(crate) fn contains(&self, index: u32) -> bool {
        self.words.get(index as usize / 64).is_some_and(|word| word >> (index % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::matches;

    #[test]
    fn indices_numbers_and_answers_agree() {
        let space = Space::new(Digits::FOUR);
        assert_eq!(space.len(), 9000);
        assert_eq!((space.number(0), space.index(3242)), (1000, 2242));
        let (guess, secret) = (space.index(1234), space.index(5432));
        assert_eq!(space.answer(guess, secret), matches(1234, 5432));
        assert_eq!(space.digit(space.index(3242), 3), 3);
    }

    #[test]
    fn replacing_a_digit_moves_the_index() {
        let space = Space::new(Digits::FOUR);
        let index = space.index(3242);
        assert_eq!(space.number(space.with_digit(index, 1, 9)), 3292);
        assert_eq!(space.number(space.with_digit(index, 3, 1)), 1242);
        assert_eq!(space.number(space.with_digit(index, 0, 2)), 3242);
    }

    #[test]
    fn split_groups_by_answer() {
        let space = Space::new(Digits::new(2).unwrap());
        let set: Vec<u32> = [10, 11, 21, 23].map(|n| space.index(n)).to_vec();
        let groups = space.split(&set, space.index(11));
        let numbers: Vec<Vec<u32>> =
            groups.iter().map(|group| group.iter().map(|&i| space.number(i)).collect()).collect();
        assert_eq!(numbers, [vec![23], vec![10, 21], vec![11]]);
        let members = Membership::new(&space, &set);
        assert!(members.contains(space.index(21)) && !members.contains(space.index(22)));
    }
}
