//! A round: one pairing per table; its independent check and its printed form.

use std::fmt::Write;

use crate::instance::Instance;

/// The single line printed when no round exists.
pub const NO_ROUND: &str = "No tournament found.\n";

/// A round: `pairing_at_table[t]` is the index (into [`Instance::pairings`]) of the pairing played at
/// table `t`, for every table `0..n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// Pairing indices, indexed by table.
    pub pairing_at_table: Vec<usize>,
}

impl Round {
    /// Builds a round from chosen pairing indices in any order, placing each at its table.
    ///
    /// The result is only meaningful for a set of `n` pairings on distinct tables; [`check_round`]
    /// verifies it.
    pub fn from_pairings(instance: &Instance, chosen: impl IntoIterator<Item = usize>) -> Round {
        let mut pairing_at_table = vec![usize::MAX; instance.tables_if_coverable().unwrap_or(0)];
        for index in chosen {
            let table = instance.pairings[index].table as usize;
            if table < pairing_at_table.len() {
                pairing_at_table[table] = index;
            }
        }
        Round { pairing_at_table }
    }
}

/// Why a claimed round is not a round of an instance.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundError {
    /// The round does not have one entry per table.
    #[error("the round has {found} tables, the instance {expected}")]
    TableCount {
        /// Entries in the round.
        found: usize,
        /// Tables in the instance.
        expected: u64,
    },
    /// An entry is not an index of a pairing.
    #[error("table {table} names pairing {index}, which does not exist")]
    NoSuchPairing {
        /// The table of the entry.
        table: usize,
        /// The index given.
        index: usize,
    },
    /// The pairing placed at a table is for another table.
    #[error("table {table} holds a pairing for table {actual}")]
    WrongTable {
        /// The table of the entry.
        table: usize,
        /// The table the pairing is for.
        actual: u64,
    },
    /// A player appears twice.
    #[error("player {player} plays twice")]
    PlayerTwice {
        /// The player.
        player: u64,
    },
}

/// Checks, independently of any solver, that `round` uses every table once, every player once, and
/// only pairings of `instance`.
///
/// # Errors
/// The first violation found, as a [`RoundError`].
pub fn check_round(instance: &Instance, round: &Round) -> Result<(), RoundError> {
    let expected = instance.tables;
    if round.pairing_at_table.len() as u64 != expected {
        return Err(RoundError::TableCount { found: round.pairing_at_table.len(), expected });
    }
    let mut seen = vec![false; 2 * round.pairing_at_table.len()];
    for (table, &index) in round.pairing_at_table.iter().enumerate() {
        let pairing = instance.pairings.get(index).ok_or(RoundError::NoSuchPairing { table, index })?;
        if pairing.table != table as u64 {
            return Err(RoundError::WrongTable { table, actual: pairing.table });
        }
        for player in [pairing.first, pairing.second] {
            let slot = &mut seen[player as usize];
            if *slot {
                return Err(RoundError::PlayerTwice { player });
            }
            *slot = true;
        }
    }
    Ok(())
}

/// The printed form of a solve: `Table i: j vs. k` for each table in increasing order, or
/// [`NO_ROUND`] when `round` is `None`. Every line ends with `\n`.
pub fn format(instance: &Instance, round: Option<&Round>) -> String {
    let Some(round) = round else {
        return NO_ROUND.to_string();
    };
    let mut text = String::with_capacity(24 * round.pairing_at_table.len());
    for (table, &index) in round.pairing_at_table.iter().enumerate() {
        let pairing = instance.pairings[index];
        writeln!(text, "Table {table}: {} vs. {}", pairing.first, pairing.second)
            .expect("writing to a String");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    #[test]
    fn check_round_finds_each_violation() {
        let instance = parse("2\n0,1,0\n2,3,1\n1,2,1\n0,3,0\n").unwrap();
        assert_eq!(check_round(&instance, &Round { pairing_at_table: vec![0, 1] }), Ok(()));
        assert_eq!(
            check_round(&instance, &Round { pairing_at_table: vec![0] }),
            Err(RoundError::TableCount { found: 1, expected: 2 })
        );
        assert_eq!(
            check_round(&instance, &Round { pairing_at_table: vec![0, 7] }),
            Err(RoundError::NoSuchPairing { table: 1, index: 7 })
        );
        assert_eq!(
            check_round(&instance, &Round { pairing_at_table: vec![1, 0] }),
            Err(RoundError::WrongTable { table: 0, actual: 1 })
        );
        assert_eq!(
            check_round(&instance, &Round { pairing_at_table: vec![0, 2] }),
            Err(RoundError::PlayerTwice { player: 1 })
        );
    }

    #[test]
    fn format_prints_tables_in_order() {
        let instance = parse("2\n0,1,0\n3,2,1\n").unwrap();
        let round = Round::from_pairings(&instance, [1, 0]);
        assert_eq!(format(&instance, Some(&round)), "Table 0: 0 vs. 1\nTable 1: 3 vs. 2\n");
        assert_eq!(format(&instance, None), "No tournament found.\n");
    }
}
