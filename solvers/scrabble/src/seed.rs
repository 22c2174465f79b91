//! Seeds for the crate's random draws: one run seed split into unrelated seeds for its items, so
//! that self-play games, simulated draws and hash keys do not depend on the order they are made in.

/// A seed for item `index` of a run seeded with `seed` (SplitMix64 of both): the items of a run get
/// unrelated seeds, whatever order they are computed in.
pub fn sub_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_seeds_differ() {
        assert_ne!(sub_seed(1, 0), sub_seed(1, 1));
        assert_ne!(sub_seed(1, 0), sub_seed(2, 0));
        assert_eq!(sub_seed(7, 9), sub_seed(7, 9));
    }
}
