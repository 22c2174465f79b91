//! The reference solver: stack-based backtracking over the pairings in file order.

use crate::instance::Instance;
use crate::round::Round;
use crate::solver::{Interrupted, Limits, Solution, Solver, Stats};

/// How many pairings are examined between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// The specified stack-based backtracking matcher. It decides which round is reported when several
/// exist, so it follows the specification's loop exactly:
///
/// ```text
/// while i < len(pairings) or stack is not empty:
///     if stack.len() == n: return the round
///     else if i >= len(pairings): i = stack.pop(); free pairing i
///     else if pairing i's players and table are all free: take pairing i; stack.push(i)
///     i += 1
/// ```
///
/// Exponential in the worst case. [`Stats::nodes`] counts pairings examined, [`Stats::backtracks`] pops.
#[derive(Debug, Clone, Copy, Default)]
pub struct Backtrack;

impl Solver for Backtrack {
    fn name(&self) -> &'static str {
        "backtrack"
    }

    fn description(&self) -> &'static str {
        "the reference stack-based backtracking matcher, pairings in file order (exact, deterministic); \
         prints the reference round, fastest on the small bundled examples"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        let mut stats = Stats::default();
        let Some(n) = instance.tables_if_coverable() else {
            return Ok(Solution { round: None, stats });
        };
        // Each pairing as (first, second, table) indices that fit in memory, since n is small enough here.
        let pairings: Vec<[usize; 3]> = instance
            .pairings
            .iter()
            .map(|p| [p.first as usize, p.second as usize, p.table as usize])
            .collect();
        let mut player_used = vec![false; 2 * n];
        let mut table_used = vec![false; n];
        let mut stack: Vec<usize> = Vec::with_capacity(n);
        let mut i = 0;
        while i < pairings.len() || !stack.is_empty() {
            if stack.len() == n {
                return Ok(Solution { round: Some(Round::from_pairings(instance, stack)), stats });
            }
            if i >= pairings.len() {
                i = stack.pop().expect("the loop condition guarantees a non-empty stack");
                let [first, second, table] = pairings[i];
                player_used[first] = false;
                player_used[second] = false;
                table_used[table] = false;
                stats.backtracks += 1;
            } else {
                stats.nodes += 1;
                if stats.nodes % CLOCK_INTERVAL == 0 && limits.expired() {
                    return Err(Interrupted);
                }
                let [first, second, table] = pairings[i];
                if !player_used[first] && !player_used[second] && !table_used[table] {
                    player_used[first] = true;
                    player_used[second] = true;
                    table_used[table] = true;
                    stack.push(i);
                }
            }
            i += 1;
        }
        Ok(Solution { round: None, stats })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use crate::round::format;

    fn solve(text: &str) -> (String, Stats) {
        let instance = parse(text).unwrap();
        let solution = Backtrack.solve(&instance, &Limits::default()).unwrap();
        (format(&instance, solution.round.as_ref()), solution.stats)
    }

    /// The spec's example, walked by hand:
    /// i=0 takes (0,1,0); i=1 (1,2,0) clashes; i=2 takes (3,4,1); i=3 (5,0,2) clashes on player 0;
    /// i=4 is past the end: pop 2, free it; i=3 still clashes; pop 0, free it; i=1 takes (1,2,0);
    /// i=2 takes (3,4,1); i=3 takes (5,0,2); the stack holds 3 = n pairings.
    /// Examined: 0,1,2,3, 3, 1,2,3 = 8 pairings; 2 pops.
    #[test]
    fn spec_example_follows_the_hand_worked_search() {
        let (text, stats) = solve("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n");
        assert_eq!(text, "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n");
        assert_eq!(stats, Stats { nodes: 8, backtracks: 2 });
    }

    #[test]
    fn the_first_round_in_search_order_is_reported() {
        // Two rounds exist: {0,1} and {2,3}; the matcher finds the first by file order.
        let (text, _) = solve("2\n0,1,0\n2,3,1\n2,3,0\n0,1,1\n");
        assert_eq!(text, "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n");
        // Changing the file order changes the reported round.
        let (text, _) = solve("2\n2,3,0\n0,1,1\n0,1,0\n2,3,1\n");
        assert_eq!(text, "Table 0: 2 vs. 3\nTable 1: 0 vs. 1\n");
    }

    #[test]
    fn no_round_when_a_player_has_no_pairing() {
        let (text, stats) = solve("2\n0,1,0\n0,2,1\n1,2,1\n");
        assert_eq!(text, "No tournament found.\n");
        assert!(stats.backtracks > 0);
    }

    #[test]
    fn huge_table_count_with_few_pairings_allocates_nothing_and_has_no_round() {
        let (text, stats) = solve("1000000000000\n0,1,0\n2,3,1\n");
        assert_eq!(text, "No tournament found.\n");
        assert_eq!(stats, Stats::default());
    }

    #[test]
    fn an_expired_deadline_interrupts_a_long_search() {
        // 12 tables, every pairing at every table but player 0 never meets anyone: no round, and the
        // matcher would explore a huge tree.
        let mut text = String::from("12\n");
        for table in 0..12 {
            for first in 1..24 {
                text.push_str(&format!("{first},{},{table}\n", first % 23 + 1));
            }
        }
        let instance = parse(&text).unwrap();
        let limits = Limits {
            deadline: crate::solver::Deadline::at(Some(std::time::Instant::now())),
            ..Limits::default()
        };
        assert_eq!(Backtrack.solve(&instance, &limits), Err(Interrupted));
    }
}
