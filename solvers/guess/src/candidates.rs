//! The candidate set: which numbers of the range are still consistent with every answer.

use solvebatch_core::Deadline;

use rayon::prelude::*;

use crate::digits::Digits;
use crate::matches::Packed;
use crate::strategy::GuessError;

/// Sets of at least this many 64-bit words (262 144 numbers, so 6 digits and more) are filtered in
/// parallel; below it the work is too small to pay for spreading it over threads.
const PARALLEL_MIN_WORDS: usize = 1 << 12;

/// Words per parallel task: 65 536 numbers, a few hundred microseconds of work.
const CHUNK_WORDS: usize = 1 << 10;

/// A set holding fewer than one number of the range in this many is kept as a list.
const LIST_RATIO: usize = 32;

/// The numbers of a `d`-digit range still consistent with the answers so far: a bitset while at least
/// one number of the range in `LIST_RATIO` is left (bit `i` of word `i / 64` stands for the number
/// `10^(d-1) + i`; nine digits take 900 million bits, 113 MB), then the sorted list of the numbers
/// left, which takes less memory than the bitset and is filtered in time proportional to its length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CandidateSet {
    digits: Digits,
    members: Members,
    len: usize,
}

/// How a [`CandidateSet`] holds its numbers. Which form a set has depends on its length alone, so
/// that equal sets have equal forms.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Members {
    /// A bit for every number of the range.
    Bits(Vec<u64>),
    /// The numbers left, in increasing order.
    List(Vec<u32>),
}

impl CandidateSet {
    /// Every number of the range: the state before any answer.
    pub fn all(digits: Digits) -> CandidateSet {
        let len = digits.range_len();
        let mut words = vec![u64::MAX; len.div_ceil(64)];
        if len % 64 != 0 {
            words[len / 64] = (1 << (len % 64)) - 1;
        }
        CandidateSet { digits, members: Members::Bits(words), len }
    }

    /// The number of digits of the range.
    pub fn digits(&self) -> Digits {
        self.digits
    }

    /// How many candidates are left.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The memory the set takes for its numbers, in bytes: 8 a word of a bitset, 4 a number of a list.
    pub fn heap_bytes(&self) -> usize {
        match &self.members {
            Members::Bits(words) => 8 * words.len(),
            Members::List(numbers) => 4 * numbers.len(),
        }
    }

    /// Whether no candidate is left: the answers are inconsistent.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether no number has been eliminated yet.
    pub fn is_full(&self) -> bool {
        self.len == self.digits.range_len()
    }

    /// Whether `n` is a candidate (false for numbers outside the range).
    pub fn contains(&self, n: u32) -> bool {
        self.digits.contains(n)
            && match &self.members {
                Members::Bits(words) => {
                    let index = (n - self.digits.smallest()) as usize;
                    words[index / 64] >> (index % 64) & 1 == 1
                }
                Members::List(numbers) => numbers.binary_search(&n).is_ok(),
            }
    }

    /// The smallest candidate, or `None` when the set is empty.
    pub fn smallest(&self) -> Option<u32> {
        self.iter().next()
    }

    /// The candidates in increasing order.
    pub fn iter(&self) -> Iter<'_> {
        Iter(match &self.members {
            Members::Bits(words) => {
                Walk::Bits { words, next_word: 0, current: 0, first: self.digits.smallest().wrapping_sub(64) }
            }
            Members::List(numbers) => Walk::List(numbers.iter()),
        })
    }

    /// Keeps only the candidates `c` with `matches(c, guess) == answer`: the secret answered `answer`
    /// to `guess`. Large bitsets are filtered in parallel, in chunks of 65 536 numbers; a bitset left
    /// with fewer than one number in `LIST_RATIO` becomes a list.
    pub fn eliminate(&mut self, guess: u32, answer: u32) {
        self.filter(guess, answer, Deadline::NEVER);
    }

    /// [`CandidateSet::eliminate`], giving up once `deadline` passes (checked before each chunk of
    /// 65 536 numbers of a bitset, and before filtering a list: a pass over 9 digits takes seconds).
    ///
    /// # Errors
    /// [`GuessError::Interrupted`] when the deadline passed first; the set is then left empty.
    pub fn eliminate_before(
        &mut self,
        guess: u32,
        answer: u32,
        deadline: Deadline<'_>,
    ) -> Result<(), GuessError> {
        if self.filter(guess, answer, deadline) {
            Ok(())
        } else {
            self.clear();
            Err(GuessError::Interrupted)
        }
    }

    /// Filters the set as [`CandidateSet::eliminate`] says; `false` when `deadline` passed first (some
    /// chunks are then left unfiltered).
    fn filter(&mut self, guess: u32, answer: u32, deadline: Deadline<'_>) -> bool {
        let guess = Packed::new(guess);
        let Some(mismatches) = self.digits.get().checked_sub(answer) else {
            self.clear();
            return true;
        };
        let kept = match &mut self.members {
            Members::Bits(words) => filter_bits(words, self.digits.smallest(), guess, mismatches, deadline),
            Members::List(numbers) => (!deadline.passed()).then(|| {
                numbers.retain(|&number| Packed::new(number).mismatches(guess) == mismatches);
                numbers.len()
            }),
        };
        let Some(kept) = kept else { return false };
        self.len = kept;
        self.settle();
        true
    }

    /// The set of the `digits` range whose bitset is `words` (bit `i` of word `i / 64` standing for
    /// `10^(d-1) + i`), holding `len` numbers: a list if that is fewer than one in `LIST_RATIO`.
    pub(crate) fn from_bits(digits: Digits, words: Vec<u64>, len: usize) -> CandidateSet {
        let mut set = CandidateSet { digits, members: Members::Bits(words), len };
        set.settle();
        set
    }

    /// Turns a bitset left with fewer than one number of the range in `LIST_RATIO` into its list,
    /// allocated at its length (the bitset and the list are held together only while it is made).
    fn settle(&mut self) {
        if matches!(self.members, Members::Bits(_)) && self.len < self.digits.range_len() / LIST_RATIO {
            let mut list = Vec::with_capacity(self.len);
            list.extend(self.iter());
            self.members = Members::List(list);
        }
    }

    /// Eliminates every number.
    fn clear(&mut self) {
        self.members = Members::List(Vec::new());
        self.len = 0;
    }
}

/// Keeps the bits of `words` (bit `i` standing for `smallest + i`) whose numbers differ from `guess`
/// in exactly `mismatches` positions: how many are kept, or `None` when `deadline` passed first (some
/// chunks are then left unfiltered).
fn filter_bits(
    words: &mut [u64],
    smallest: u32,
    guess: Packed,
    mismatches: u32,
    deadline: Deadline<'_>,
) -> Option<usize> {
    let filter_chunk = |(chunk_index, chunk): (usize, &mut [u64])| -> Option<usize> {
        if deadline.passed() {
            return None;
        }
        let first_word = chunk_index * CHUNK_WORDS;
        let mut kept = 0;
        for (offset, word) in chunk.iter_mut().enumerate() {
            let first = smallest + ((first_word + offset) * 64) as u32;
            *word = keep_matching(*word, first, guess, mismatches);
            kept += word.count_ones() as usize;
        }
        Some(kept)
    };
    if words.len() >= PARALLEL_MIN_WORDS {
        words.par_chunks_mut(CHUNK_WORDS).enumerate().map(filter_chunk).sum()
    } else {
        words.chunks_mut(CHUNK_WORDS).enumerate().map(filter_chunk).sum()
    }
}

/// The bits of `word` (bit `i` standing for `first + i`) whose numbers differ from `guess` in exactly
/// `mismatches` positions.
#[inline]
fn keep_matching(word: u64, first: u32, guess: Packed, mismatches: u32) -> u64 {
    let mut kept = word;
    let mut rest = word;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        if Packed::new(first + bit).mismatches(guess) != mismatches {
            kept &= !(1 << bit);
        }
    }
    kept
}

/// The candidates of a [`CandidateSet`] in increasing order.
#[derive(Debug, Clone)]
pub struct Iter<'a>(Walk<'a>);

/// A walk through a bitset or a list.
#[derive(Debug, Clone)]
enum Walk<'a> {
    Bits {
        words: &'a [u64],
        next_word: usize,
        current: u64,
        /// The number standing for bit 0 of `current`.
        first: u32,
    },
    List(std::slice::Iter<'a, u32>),
}

impl Iterator for Iter<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match &mut self.0 {
            Walk::Bits { words, next_word, current, first } => {
                while *current == 0 {
                    *current = *words.get(*next_word)?;
                    *next_word += 1;
                    *first = first.wrapping_add(64);
                }
                let bit = current.trailing_zeros();
                *current &= *current - 1;
                Some(*first + bit)
            }
            Walk::List(numbers) => numbers.next().copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::matches::matches;

    #[test]
    fn all_holds_the_whole_range_in_order() {
        let set = CandidateSet::all(Digits::new(2).unwrap());
        assert_eq!(set.len(), 90);
        assert!(set.is_full());
        assert_eq!(set.iter().collect::<Vec<_>>(), (10..=99).collect::<Vec<_>>());
        assert!(set.contains(10) && set.contains(99) && !set.contains(9) && !set.contains(100));
    }

    #[test]
    fn no_match_with_1000_leaves_5832() {
        // First digit in 2..=9 (8 ways), each other digit in 1..=9 (9 ways): 8 * 9 * 9 * 9.
        let mut set = CandidateSet::all(Digits::FOUR);
        set.eliminate(1000, 0);
        assert_eq!(set.len(), 5832);
        assert_eq!(set.smallest(), Some(2111));
    }

    #[test]
    fn three_then_one_match_is_inconsistent() {
        let mut set = CandidateSet::all(Digits::FOUR);
        set.eliminate(1234, 3);
        assert_eq!(set.len(), 4 * 9 - 1, "one position changed, to one of 9 digits (8 at the front)");
        set.eliminate(1235, 1);
        assert!(set.is_empty());
        assert_eq!(set.smallest(), None);
    }

    #[test]
    fn a_sparse_set_becomes_a_list_and_equal_sets_compare_equal() {
        // 4 digits: 9000 numbers in 141 words; a list below 9000 / 32 = 281 numbers.
        let mut set = CandidateSet::all(Digits::FOUR);
        assert_eq!(set.heap_bytes(), 141 * 8);
        set.eliminate(1000, 0);
        assert_eq!((set.len(), set.heap_bytes()), (5832, 141 * 8));
        // 3 matches with 1235: one position changed, to one of 9 digits (8 at the front): 35.
        let mut list = CandidateSet::all(Digits::FOUR);
        list.eliminate(1235, 3);
        assert_eq!((list.len(), list.heap_bytes()), (35, 35 * 4));
        assert!(list.contains(1234) && list.contains(9235) && !list.contains(1235) && !list.contains(1000));
        assert_eq!(list.iter().take(3).collect::<Vec<_>>(), [1035, 1135, 1205]);
        assert_eq!(list.smallest(), Some(1035));
        list.eliminate(1234, 4);
        let mut direct = CandidateSet::all(Digits::FOUR);
        direct.eliminate(1234, 4);
        assert_eq!(list, direct);
        assert_eq!(list.iter().collect::<Vec<_>>(), [1234]);
    }

    #[test]
    fn answers_beyond_the_digit_count_leave_nothing() {
        let mut set = CandidateSet::all(Digits::FOUR);
        set.eliminate(1234, 5);
        assert!(set.is_empty());
    }

    #[test]
    fn parallel_elimination_at_six_digits_counts_by_hand() {
        // 6 digits: 900 000 numbers, above the parallel threshold. No match with 100000 leaves
        // 8 * 9^5 = 472 392 numbers; 5 matches with it leaves 8 + 5 * 9 = 53.
        let digits = Digits::new(6).unwrap();
        let mut set = CandidateSet::all(digits);
        set.eliminate(100_000, 0);
        assert_eq!(set.len(), 472_392);
        assert_eq!(set.smallest(), Some(211_111));
        let mut set = CandidateSet::all(digits);
        set.eliminate(100_000, 5);
        assert_eq!(set.len(), 53);
        assert_eq!(set.iter().take(3).collect::<Vec<_>>(), [100_001, 100_002, 100_003]);
        assert_eq!(set.iter().last(), Some(900_000));
    }

    #[test]
    fn a_past_deadline_stops_the_elimination_and_empties_the_set() {
        let mut set = CandidateSet::all(Digits::new(7).unwrap());
        assert_eq!(
            set.eliminate_before(1_000_000, 7, Deadline::at(Some(std::time::Instant::now()))),
            Err(GuessError::Interrupted)
        );
        assert!(set.is_empty() && set.smallest().is_none());
        let mut set = CandidateSet::all(Digits::FOUR);
        let later = std::time::Instant::now() + std::time::Duration::from_secs(3600);
        assert_eq!(set.eliminate_before(1000, 0, Deadline::at(Some(later))), Ok(()));
        assert_eq!(set.len(), 5832);
    }

    proptest! {
        #[test]
        fn elimination_keeps_exactly_the_consistent_numbers(guess in 100u32..1000, answer in 0u32..=3, other in 100u32..1000, other_answer in 0u32..=3) {
            let mut set = CandidateSet::all(Digits::new(3).unwrap());
            set.eliminate(guess, answer);
            set.eliminate(other, other_answer);
            let expected: Vec<u32> = (100..1000)
                .filter(|&c| matches(c, guess) == answer && matches(c, other) == other_answer)
                .collect();
            prop_assert_eq!(set.len(), expected.len());
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), expected);
        }
    }
}
