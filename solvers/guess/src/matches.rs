//! The host's answer: how many positions of a guess hold the secret's digit.

/// The number of positions where `a` and `b` have the same digit (black pegs in Mastermind terms).
///
/// Both numbers should have the same number of digits `d`; the result is then in `0..=d`. Computed with
/// `%` and `/` only, comparing the units digits, then the tens, and so on while either number has
/// digits left (a shorter number is read with leading zeros).
///
/// ```
/// use solvebatch_guess::matches;
/// assert_eq!(matches(1234, 5432), 1); // the tens digit
/// assert_eq!(matches(2345, 5432), 0); // same digits, none in place
/// assert_eq!(matches(1234, 1234), 4);
/// ```
pub fn matches(a: u32, b: u32) -> u32 {
    let (mut a, mut b) = (a, b);
    let mut count = 0;
    while a > 0 || b > 0 {
        count += u32::from(a % 10 == b % 10);
        a /= 10;
        b /= 10;
    }
    count
}

/// A number's digits packed four bits each (binary-coded decimal), units digit in the lowest nibble.
///
/// The hot loops (elimination, answer counts) compare packed numbers: one exclusive or, a fold of each
/// nibble onto its low bit and a multiplication that adds the nibbles, instead of `d` divisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Packed(u64);

/// The packed form of every number below 10 000, so that packing takes two or three table reads.
static PACKED_BELOW_10_000: [u16; 10_000] = {
    let mut table = [0u16; 10_000];
    let mut n = 0;
    while n < 10_000 {
        table[n] = ((n / 1000) << 12 | (n / 100 % 10) << 8 | (n / 10 % 10) << 4 | (n % 10)) as u16;
        n += 1;
    }
    table
};

/// The low bit of each of the nine nibbles a packed number may use.
const NIBBLE_LOW_BITS: u64 = 0x1_1111_1111;

impl Packed {
    /// Packs `n` (at most 9 digits, so at most 36 bits).
    pub(crate) fn new(n: u32) -> Packed {
        let low = u64::from(PACKED_BELOW_10_000[(n % 10_000) as usize]);
        let middle = u64::from(PACKED_BELOW_10_000[(n / 10_000 % 10_000) as usize]);
        let high = u64::from(n / 100_000_000);
        Packed(low | middle << 16 | high << 32)
    }

    /// The number of positions whose digits differ; `d - mismatches` is [`matches()`] for `d`-digit numbers.
    #[inline]
    pub(crate) fn mismatches(self, other: Packed) -> u32 {
        // Each differing nibble leaves its low bit set; multiplying by 0x1_1111_1111 adds the nine
        // low bits into bits 32..36 (a sum of at most 9, so no carry spills between nibbles).
        let differing = self.differing_nibbles(other);
        (differing.wrapping_mul(NIBBLE_LOW_BITS) >> 32) as u32 & 0xF
    }

    /// The low bit of each nibble (digit) where `self` and `other` differ.
    #[inline]
    pub(crate) fn differing_nibbles(self, other: Packed) -> u64 {
        let x = self.0 ^ other.0;
        (x | x >> 1 | x >> 2 | x >> 3) & NIBBLE_LOW_BITS
    }

    /// The packed number with the digits under `nibbles` (a mask of whole nibbles, see
    /// [`nibble_mask`]) set to 0xF, a value no digit takes: numbers that agree outside those positions
    /// agree here.
    #[inline]
    pub(crate) fn hiding(self, nibbles: u64) -> u64 {
        self.0 | nibbles
    }

    /// The digit at `position` (0 for the units digit).
    pub(crate) fn digit(self, position: u32) -> u32 {
        (self.0 >> (4 * position)) as u32 & 0xF
    }
}

/// The mask of the nibbles of the positions in `positions` (bit `p` for position `p`, 0 for the units).
pub(crate) fn nibble_mask(positions: u32) -> u64 {
    (0..9).filter(|position| positions >> position & 1 == 1).map(|position| 0xF << (4 * position)).sum()
}

/// How many candidates differ from `guess` in each number of positions (index 0: all digits match).
///
/// Four histograms filled in turn keep successive increments independent of each other.
pub(crate) fn answer_counts(guess: Packed, candidates: &[Packed]) -> [u32; 10] {
    let mut histograms = [[0u32; 16]; 4];
    let mut quads = candidates.chunks_exact(4);
    for quad in &mut quads {
        for (histogram, &candidate) in histograms.iter_mut().zip(quad) {
            histogram[guess.mismatches(candidate) as usize & 15] += 1;
        }
    }
    for &candidate in quads.remainder() {
        histograms[0][guess.mismatches(candidate) as usize & 15] += 1;
    }
    std::array::from_fn(|mismatches| histograms.iter().map(|histogram| histogram[mismatches]).sum())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn examples_of_the_specification() {
        assert_eq!(matches(1234, 5432), 1);
        assert_eq!(matches(2345, 5432), 0);
    }

    #[test]
    fn packing_keeps_every_digit() {
        let packed = Packed::new(987_654_321);
        assert_eq!(
            (0..9).map(|position| packed.digit(position)).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
        assert_eq!(Packed::new(1000), Packed(0x1000));
    }

    proptest! {
        #[test]
        fn packed_mismatches_agree_with_matches(digits in 2u32..=9, a in 0u32..1_000_000_000, b in 0u32..1_000_000_000) {
            let low = 10u32.pow(digits - 1);
            let (a, b) = (low + a % (9 * low), low + b % (9 * low));
            prop_assert_eq!(digits - Packed::new(a).mismatches(Packed::new(b)), matches(a, b));
        }

        #[test]
        fn matches_is_symmetric_and_bounded(a in 1000u32..10_000, b in 1000u32..10_000) {
            prop_assert_eq!(matches(a, b), matches(b, a));
            prop_assert!(matches(a, b) <= 4);
            prop_assert_eq!(matches(a, b) == 4, a == b);
        }
    }
}
