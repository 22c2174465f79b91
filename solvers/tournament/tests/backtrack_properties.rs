//! Properties of the reference backtracking matcher on random small instances.

use proptest::prelude::*;
use solvebatch_tournament::solvers::backtrack::Backtrack;
use solvebatch_tournament::{check_round, parse, Instance, Limits, Pairing, Solver};

/// Whether a round exists, by trying every pairing at every table in turn: written plainly, for n <= 5.
fn brute_force_has_round(instance: &Instance) -> bool {
    fn extend(instance: &Instance, table: u64, used: &mut Vec<u64>) -> bool {
        if table == instance.tables {
            return true;
        }
        for pairing in instance.pairings.iter().filter(|p| p.table == table) {
            if used.contains(&pairing.first) || used.contains(&pairing.second) {
                continue;
            }
            used.extend([pairing.first, pairing.second]);
            let found = extend(instance, table + 1, used);
            used.truncate(used.len() - 2);
            if found {
                return true;
            }
        }
        false
    }
    extend(instance, 0, &mut Vec::new())
}

/// Random instances with 1 to 5 tables and up to 24 pairings with distinct players.
fn instances() -> impl Strategy<Value = Instance> {
    (1u64..=5).prop_flat_map(|tables| {
        let pairing = (0..2 * tables, 0..2 * tables, 0..tables)
            .prop_filter("players differ", |(first, second, _)| first != second)
            .prop_map(|(first, second, table)| Pairing { first, second, table });
        proptest::collection::vec(pairing, 0..24).prop_map(move |pairings| Instance { tables, pairings })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_reported_round_is_valid_and_found_whenever_one_exists(instance in instances()) {
        let solution = Backtrack.solve(&instance, &Limits::default()).unwrap();
        if let Some(round) = &solution.round {
            prop_assert_eq!(check_round(&instance, round), Ok(()));
        }
        prop_assert_eq!(solution.round.is_some(), brute_force_has_round(&instance));
    }

    #[test]
    fn printing_and_parsing_a_file_gives_back_the_instance(instance in instances()) {
        let mut text = format!("{}\n", instance.tables);
        for pairing in &instance.pairings {
            text.push_str(&format!("{},{},{}\n", pairing.first, pairing.second, pairing.table));
        }
        prop_assert_eq!(parse(&text).unwrap(), instance);
    }
}
