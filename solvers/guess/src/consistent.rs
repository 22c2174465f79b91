//! A candidate set built from the answers alone ([`consistent_with`]), with no set to filter: the
//! simulation rebuilds a large set this way rather than keeping its parent's while a sibling's games
//! are played, so that it holds one large set at a time.

use solvebatch_core::Deadline;

use rayon::prelude::*;

use crate::candidates::CandidateSet;
use crate::digits::Digits;
use crate::matches::matches;
use crate::strategy::GuessError;

/// Numbers per block of the range filled as one task (and between two looks at the deadline): a
/// million numbers, 15 625 words, so that every block starts on a word of the bitset.
const BLOCK_NUMBERS: u32 = 1_000_000;

/// The digits after a block's prefix: a block holds the numbers sharing their leading `d - 6` digits.
const BLOCK_DIGITS: u32 = 6;

/// The numbers of the `digits` range that give every `(guess, answer)` of `answers`: the set that
/// [`CandidateSet::all`] filtered by each answer in turn would hold, equal to it.
///
/// The numbers are walked digit by digit from the leading one, keeping for each answer how many
/// matches the digits still to come must give: a digit is tried only if no answer is then over or
/// out of reach; the last three digits are not walked but read from a table, per answer and count
/// of matches, of the 1000 suffixes that give it, so that the numbers of a prefix are found with 16
/// word operations per answer. So the work follows the size of the set and the number of answers,
/// never the size of the range alone (only the prefixes that could still lead to a candidate are
/// walked through). The
/// bitset is filled in parallel blocks of a million numbers (7 digits and more); memory: the bitset
/// (113 MB at 9 digits; pages never written stay unmapped), then, for a set left with fewer than
/// one number of the range in 32, its list.
///
/// # Errors
/// [`GuessError::Interrupted`] when `deadline` passed first (checked before each block).
///
/// ```
/// use solvebatch_guess::candidates::CandidateSet;
/// use solvebatch_guess::consistent::consistent_with;
/// use solvebatch_guess::{Deadline, Digits};
///
/// let built = consistent_with(Digits::FOUR, &[(1000, 0), (2111, 3)], Deadline::NEVER).unwrap();
/// let mut filtered = CandidateSet::all(Digits::FOUR);
/// filtered.eliminate(1000, 0);
/// filtered.eliminate(2111, 3);
/// assert_eq!(built, filtered);
/// // 2, then 1 in two of the last three places and 2 to 9 in the third (3 × 8); or 3 to 9, then 111.
/// assert_eq!(built.len(), 3 * 8 + 7);
/// ```
pub fn consistent_with(
    digits: Digits,
    answers: &[(u32, u32)],
    deadline: Deadline<'_>,
) -> Result<CandidateSet, GuessError> {
    let walk = Walk::new(digits, answers);
    let mut words = vec![0u64; digits.range_len().div_ceil(64)];
    let kept = if digits.get() > BLOCK_DIGITS {
        let block_words = BLOCK_NUMBERS as usize / 64;
        let first_prefix = 10u32.pow(digits.get() - BLOCK_DIGITS - 1);
        words
            .par_chunks_mut(block_words)
            .enumerate()
            .map(|(block, words)| {
                if deadline.passed() {
                    return None;
                }
                Some(walk.block(first_prefix + block as u32, words))
            })
            .sum::<Option<usize>>()
    } else {
        (!deadline.passed()).then(|| walk.block(0, &mut words))
    };
    let kept = kept.ok_or(GuessError::Interrupted)?;
    Ok(CandidateSet::from_bits(digits, words, kept))
}

/// The most trailing digits read from a table rather than walked: 1000 numbers, 16 words.
const SUFFIX_DIGITS: u32 = 3;

/// Words of a table of suffixes.
const SUFFIX_WORDS: usize = 1000usize.div_ceil(64);

/// The answers as the walk reads them.
struct Walk {
    /// The number of digits.
    digits: usize,
    /// The leading digits walked; the others (at most [`SUFFIX_DIGITS`]) are read from `suffixes`.
    walked: usize,
    /// The number of answers.
    answers: usize,
    /// The digit of each guess at each walked level: entry `level * answers + j` is the digit of
    /// guess `j` at `level` (0 for the leading digit).
    guess_digits: Vec<u8>,
    /// For answer `j` and each count `n` of matches, the bitset of the suffixes (the trailing
    /// digits, bit `s` for suffix `s`) that match guess `j`'s in exactly `n` positions: entry
    /// `(j * (suffix digits + 1) + n) * SUFFIX_WORDS`, [`SUFFIX_WORDS`] words long.
    suffixes: Vec<u64>,
    /// The matches each answer gives; `None` when an answer is beyond the digits (no number gives it).
    matches: Option<Vec<u8>>,
}

impl Walk {
    fn new(digits: Digits, answers: &[(u32, u32)]) -> Walk {
        let d = digits.get();
        let suffix_digits = SUFFIX_DIGITS.min(d - 1);
        let walked = d - suffix_digits;
        let mut guess_digits = vec![0u8; walked as usize * answers.len()];
        let suffix_numbers = 10u32.pow(suffix_digits);
        let mut suffixes = vec![0u64; answers.len() * (suffix_digits as usize + 1) * SUFFIX_WORDS];
        for (j, &(guess, _)) in answers.iter().enumerate() {
            for level in 0..walked {
                guess_digits[level as usize * answers.len() + j] =
                    (guess / 10u32.pow(d - 1 - level) % 10) as u8;
            }
            let guess_suffix = guess % suffix_numbers;
            for suffix in 0..suffix_numbers {
                // Both read with their leading zeros: the positions past the shorter one match too.
                let matching = matches(suffix + suffix_numbers, guess_suffix + suffix_numbers) - 1;
                let table = (j * (suffix_digits as usize + 1) + matching as usize) * SUFFIX_WORDS;
                suffixes[table + suffix as usize / 64] |= 1 << (suffix % 64);
            }
        }
        let matches = answers.iter().map(|&(_, answer)| (answer <= d).then_some(answer as u8)).collect();
        Walk {
            digits: d as usize,
            walked: walked as usize,
            answers: answers.len(),
            guess_digits,
            suffixes,
            matches,
        }
    }

    /// Sets the bits of the numbers whose leading digits are `prefix` (0 for none: the whole range)
    /// that give every answer, in `words` (bit 0: the block's first number); returns how many.
    fn block(&self, prefix: u32, words: &mut [u64]) -> usize {
        let Some(matches) = &self.matches else { return 0 };
        let k = self.answers;
        // The matches still to give at each level, level by level.
        let mut needs = vec![0u8; (self.walked + 1) * k];
        needs[..k].copy_from_slice(matches);
        let fixed = if prefix == 0 { 0 } else { self.digits - BLOCK_DIGITS as usize };
        for level in 0..fixed {
            let digit = (prefix / 10u32.pow((fixed - 1 - level) as u32) % 10) as u16;
            if self.allowed(level, &needs[level * k..][..k]) >> digit & 1 == 0 {
                return 0;
            }
            self.step(level, digit as u8, &mut needs);
        }
        let first = if prefix == 0 {
            10u64.pow(self.digits as u32 - 1)
        } else {
            u64::from(prefix) * u64::from(BLOCK_NUMBERS)
        };
        let mut out = Out { words, first, kept: 0 };
        self.walk(fixed, u64::from(prefix), &mut needs, &mut out);
        out.kept
    }

    /// The digits that may stand at `level` with `needs` matches still to give: none that would
    /// give an answer more matches than it has, nor leave too few positions for the matches it lacks.
    #[inline]
    fn allowed(&self, level: usize, needs: &[u8]) -> u16 {
        let after = (self.digits - 1 - level) as u8;
        let mut allowed: u16 = if level == 0 { 0b11_1111_1110 } else { 0b11_1111_1111 };
        for (&need, &digit) in needs.iter().zip(&self.guess_digits[level * self.answers..]) {
            let bit = 1u16 << digit;
            if need == 0 {
                allowed &= !bit;
            } else if need > after {
                allowed &= bit;
            }
        }
        allowed
    }

    /// The needs of `level + 1` once `digit` stands at `level`.
    #[inline]
    fn step(&self, level: usize, digit: u8, needs: &mut [u8]) {
        let k = self.answers;
        let (current, next) = needs[level * k..].split_at_mut(k);
        for ((next, &need), &guess_digit) in
            next.iter_mut().zip(current.iter()).zip(&self.guess_digits[level * k..])
        {
            *next = need - u8::from(guess_digit == digit);
        }
    }

    /// Walks the digits from `level` on, the digits before it making `prefix`; once only the suffix is
    /// left, its numbers are the suffixes that give each answer the matches it still needs.
    fn walk(&self, level: usize, prefix: u64, needs: &mut [u8], out: &mut Out<'_>) {
        let k = self.answers;
        if level == self.walked {
            let suffix_digits = self.digits - self.walked;
            let numbers = 10usize.pow(suffix_digits as u32);
            let mut pattern = [0u64; SUFFIX_WORDS];
            for (word, pattern) in pattern.iter_mut().enumerate().take(numbers.div_ceil(64)) {
                let bits = (numbers - 64 * word).min(64);
                *pattern = if bits == 64 { u64::MAX } else { (1 << bits) - 1 };
            }
            for (j, &need) in needs[level * k..][..k].iter().enumerate() {
                let table = &self.suffixes[(j * (suffix_digits + 1) + need as usize) * SUFFIX_WORDS..]
                    [..SUFFIX_WORDS];
                pattern.iter_mut().zip(table).for_each(|(pattern, table)| *pattern &= table);
            }
            out.put(prefix * numbers as u64, &pattern);
            return;
        }
        let mut rest = self.allowed(level, &needs[level * k..][..k]);
        while rest != 0 {
            let digit = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            self.step(level, digit, needs);
            self.walk(level + 1, prefix * 10 + u64::from(digit), needs, out);
        }
    }
}

/// The bits being filled.
struct Out<'a> {
    words: &'a mut [u64],
    /// The number of bit 0.
    first: u64,
    kept: usize,
}

impl Out<'_> {
    /// Sets the bits of `start + s` for every suffix `s` in `pattern` (bit `s`).
    #[inline]
    fn put(&mut self, start: u64, pattern: &[u64; SUFFIX_WORDS]) {
        let index = (start - self.first) as usize;
        let (word, offset) = (index / 64, index % 64);
        for (at, &bits) in pattern.iter().enumerate() {
            if bits == 0 {
                continue;
            }
            self.kept += bits.count_ones() as usize;
            self.words[word + at] |= bits << offset;
            if offset != 0 && bits >> (64 - offset) != 0 {
                self.words[word + at + 1] |= bits >> (64 - offset);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn no_answer_leaves_the_whole_range_and_an_impossible_one_nothing() {
        for d in 2..=7 {
            let digits = Digits::new(d).unwrap();
            assert_eq!(consistent_with(digits, &[], Deadline::NEVER).unwrap(), CandidateSet::all(digits));
        }
        let none = consistent_with(Digits::FOUR, &[(1234, 5)], Deadline::NEVER).unwrap();
        assert!(none.is_empty());
    }

    #[test]
    fn seven_digits_in_blocks_agree_with_filtering() {
        // 7 digits: nine blocks of a million numbers, the first prefix 1.
        let digits = Digits::new(7).unwrap();
        for answers in
            [vec![(1_000_000, 0)], vec![(1_000_000, 6), (1_000_001, 6)], vec![(2_345_678, 3), (9_999_999, 1)]]
        {
            let mut filtered = CandidateSet::all(digits);
            for &(guess, answer) in &answers {
                filtered.eliminate(guess, answer);
            }
            assert_eq!(consistent_with(digits, &answers, Deadline::NEVER).unwrap(), filtered, "{answers:?}");
        }
        // No match with 1000000: the leading digit one of 8, the six others one of 9 each.
        assert_eq!(consistent_with(digits, &[(1_000_000, 0)], Deadline::NEVER).unwrap().len(), 8 * 531_441);
    }

    #[test]
    fn a_past_deadline_builds_nothing() {
        let past = Deadline::at(Some(std::time::Instant::now()));
        for d in [4, 8] {
            let built = consistent_with(Digits::new(d).unwrap(), &[(10u32.pow(d - 1), 0)], past);
            assert_eq!(built, Err(GuessError::Interrupted));
        }
    }

    proptest! {
        #[test]
        fn the_built_set_is_exactly_the_numbers_giving_every_answer(
            d in 2u32..=5,
            guesses in proptest::collection::vec((0u32..100_000, 0u32..=6), 0..5),
        ) {
            let digits = Digits::new(d).unwrap();
            let answers: Vec<(u32, u32)> = guesses
                .iter()
                .map(|&(guess, answer)| (digits.smallest() + guess % digits.range_len() as u32, answer.min(d + 1)))
                .collect();
            let built = consistent_with(digits, &answers, Deadline::NEVER).unwrap();
            let expected: Vec<u32> = (digits.smallest()..=digits.largest())
                .filter(|&n| answers.iter().all(|&(guess, answer)| matches(n, guess) == answer))
                .collect();
            prop_assert_eq!(built.iter().collect::<Vec<_>>(), expected);
            let mut filtered = CandidateSet::all(digits);
            answers.iter().for_each(|&(guess, answer)| filtered.eliminate(guess, answer));
            prop_assert_eq!(built, filtered);
        }
    }
}
