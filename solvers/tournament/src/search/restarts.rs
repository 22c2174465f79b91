//! The restart schedule of a randomised search: run `i` (from 1) may try `luby(i)` units of work
//! (Luby, Sinclair and Zuckerman, "Optimal speedup of Las Vegas algorithms", 1993), each run
//! ordering the options afresh (Gomes, Selman and Kautz, "Boosting combinatorial search through
//! randomization", AAAI 1998).

/// A restart schedule: run `i` (from 1) may try `luby(i) * unit` options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Restarts {
    /// Options tried per unit of the Luby sequence.
    pub unit: u64,
    /// Run `i` orders options with the ChaCha8 generator seeded `seed + i`.
    pub seed: u64,
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
pub(crate) fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
