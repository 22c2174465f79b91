//! The parsed problem: the number of tables and the allowable pairings.

/// One allowable pairing: `first` plays `second` at `table`.
///
/// Players are in `0..2n`, tables in `0..n` for an instance with `n` tables (checked by [`crate::parse()`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// The first player (for many games the one who moves first).
    pub first: u64,
    /// The second player.
    pub second: u64,
    /// The table, that is the game played.
    pub table: u64,
}

/// A tournament round to find: `tables` tables, `2 * tables` players and the allowable pairings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// The number of tables `n`, at least 1 and at most 2^62. Solvers never allocate in proportion to it
    /// unless there are at least `n` pairings.
    pub tables: u64,
    /// The allowable pairings in file order; the order decides which round the backtracking matcher finds.
    pub pairings: Vec<Pairing>,
}

impl Instance {
    /// The number of players, `2n`.
    pub fn players(&self) -> u64 {
        2 * self.tables
    }

    /// The number of tables as a `usize` when a round is possible at all: a round uses `n` distinct
    /// pairings, so with fewer than `n` pairings there is none (and no memory is spent on a huge `n`).
    pub fn tables_if_coverable(&self) -> Option<usize> {
        usize::try_from(self.tables).ok().filter(|&n| n <= self.pairings.len())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Random instances of 1 to 12 tables, often with a round hidden among the pairings.
    pub(crate) fn instances() -> impl Strategy<Value = Instance> {
        (1u64..=12).prop_flat_map(|tables| {
            let pairing = (0..2 * tables, 0..2 * tables, 0..tables)
                .prop_filter("players differ", |(first, second, _)| first != second)
                .prop_map(|(first, second, table)| Pairing { first, second, table });
            let players = Just((0..2 * tables).collect::<Vec<_>>()).prop_shuffle();
            (proptest::collection::vec(pairing, 0..=5 * tables as usize), players, any::<bool>()).prop_map(
                move |(mut pairings, players, plant)| {
                    if plant {
                        let round = players.chunks_exact(2).enumerate().map(|(table, pair)| Pairing {
                            first: pair[0],
                            second: pair[1],
                            table: table as u64,
                        });
                        pairings.extend(round);
                        pairings.reverse();
                    }
                    Instance { tables, pairings }
                },
            )
        })
    }
}
