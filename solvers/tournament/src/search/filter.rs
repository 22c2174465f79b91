//! Filtering by two matching relaxations of a round: rather than only refuting a node whose
//! relaxation has no solution, find the edges that no solution of the relaxation uses, so that the
//! search can drop every pairing that needs one.
//!
//! - Tables onto players ([`table_players`]): each uncovered table seats two uncovered players of its
//!   own options, each player one table, ignoring which two players an option pairs. An edge
//!   table-player lies in some perfect b-matching iff it is matched or it closes an alternating
//!   cycle, that is iff its ends lie in one strongly connected component of the residual graph
//!   (Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994, after the
//!   Dulmage-Mendelsohn decomposition, 1958). Every player is seated in a perfect b-matching, so the
//!   residual graph reduces to one vertex per table: `t -> u` when `t` could seat a player seated at
//!   `u`; the edge from `t` to a player seated at `u` lies in a cycle iff `u` reaches `t`.
//! - Players paired ([`partners`]): an edge `a-b` when some option pairs `a` and `b`, whatever its
//!   table. The edge lies in some perfect matching iff the graph without `a` and `b` has one, that is
//!   iff `b` belongs to the set `D` of the Gallai-Edmonds decomposition of the graph without `a`:
//!   one alternating tree per player (not one augmenting-path search per edge), grown from the mate
//!   of `a` left exposed ([`blossom::exposable`]).

use crate::search::bitset::MAX_TABLES;
use crate::search::blossom::{self, Ones, NONE};

/// A perfect b-matching of the tables of `tables` (bit `t` for table `t`) onto players: `reach[t]` is
/// the set of players (bit `p` for player `p`, below 128) that table `t` can seat. Returns the seat
/// each player takes (table `seat / 2`, [`NONE`] for a player left standing), or `None` when some
/// table cannot seat two distinct players. Augmenting paths (Kuhn, "The Hungarian method for the
/// assignment problem", 1955), two seats per table, from a greedy start.
pub(crate) fn seat(reach: &[u128; MAX_TABLES], tables: u64) -> Option<[u8; 2 * MAX_TABLES]> {
    let mut seat_of = [NONE; 2 * MAX_TABLES];
    // A greedy start (each seat takes a player still standing) leaves few seats for the path searches.
    let mut standing = u128::MAX;
    let mut empty = 0u128;
    for seat in Ones(u128::from(tables)).flat_map(|table| [2 * table, 2 * table + 1]) {
        let free = reach[seat / 2] & standing;
        if free == 0 {
            empty |= 1 << seat;
        } else {
            let player = free.trailing_zeros() as usize;
            seat_of[player] = seat as u8;
            standing &= !(1 << player);
        }
    }
    let seated = Ones(empty).all(|seat| augment(reach, &mut seat_of, &mut 0, seat as u8));
    seated.then_some(seat_of)
}

/// Seats a player at `seat` (of table `seat / 2`), moving seated players along an augmenting path that
/// avoids `visited` players; whether it succeeded.
fn augment(reach: &[u128], seat_of: &mut [u8], visited: &mut u128, seat: u8) -> bool {
    loop {
        let free = reach[usize::from(seat / 2)] & !*visited;
        if free == 0 {
            return false;
        }
        let player = free.trailing_zeros() as usize;
        *visited |= 1 << player;
        let held = seat_of[player];
        if held == NONE || augment(reach, seat_of, visited, held) {
            seat_of[player] = seat;
            return true;
        }
    }
}

/// For each table of `tables`, the players of `reach[table]` it seats in some perfect b-matching of
/// [`seat`]'s relaxation, when the players seatable are exactly twice the tables (as at every node of
/// the search); `None` when there is no perfect b-matching.
pub(crate) fn table_players(reach: &[u128; MAX_TABLES], tables: u64) -> Option<[u128; MAX_TABLES]> {
    let seat_of = seat(reach, tables)?;
    let mut held = [0u128; MAX_TABLES];
    for (player, &seat) in seat_of.iter().enumerate() {
        if seat != NONE {
            held[usize::from(seat / 2)] |= 1 << player;
        }
    }
    // `next[t]`: the tables of the players `t` could seat instead; `prev` the reverse.
    let (mut next, mut prev) = ([0u64; MAX_TABLES], [0u64; MAX_TABLES]);
    for t in Ones(u128::from(tables)) {
        for player in Ones(reach[t] & !held[t]) {
            let u = usize::from(seat_of[player] / 2);
            next[t] |= 1 << u;
            prev[u] |= 1 << t;
        }
    }
    // Strongly connected components, each as the intersection of what its lowest table reaches and
    // is reached from; a cycle through a component never leaves it, so the rest is searched alone.
    let mut allowed = [0u128; MAX_TABLES];
    let mut left = tables;
    while left != 0 {
        let first = 1 << left.trailing_zeros();
        let component = closure(first, &next, left) & closure(first, &prev, left);
        let players = Ones(u128::from(component)).fold(0, |players, u| players | held[u]);
        for t in Ones(u128::from(component)) {
            allowed[t] = reach[t] & players;
        }
        left &= !component;
    }
    Some(allowed)
}

/// The vertices of `within` reachable from `start` along `next`, `start` included.
fn closure(start: u64, next: &[u64; MAX_TABLES], within: u64) -> u64 {
    let (mut seen, mut todo) = (start, start);
    while todo != 0 {
        let vertex = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let new = next[vertex] & within & !seen;
        seen |= new;
        todo |= new;
    }
    seen
}

/// For each player of `players`, the partners in `adjacent` (as in [`blossom::has_perfect_matching`])
/// it is paired with in some perfect matching of `players`; `None` when there is no perfect matching.
/// One alternating tree per player whose edges are not all known by then, each O(V^2) word operations
/// and blossom contractions.
pub(crate) fn partners(adjacent: &[u128], players: u128) -> Option<[u128; 2 * MAX_TABLES]> {
    let mate = blossom::perfect_matching(adjacent, players)?;
    let mut allowed = [0u128; 2 * MAX_TABLES];
    for a in Ones(players) {
        allowed[a] |= 1 << mate[a];
    }
    // Players whose every edge is known: both ends of an edge answer for it.
    let mut known = 0u128;
    for a in Ones(players) {
        if adjacent[a] & players & !allowed[a] & !known != 0 {
            let m = usize::from(mate[a]);
            let mut without = mate;
            without[a] = NONE;
            without[m] = NONE;
            let found = adjacent[a] & blossom::exposable(adjacent, players & !(1 << a), without, m);
            allowed[a] |= found;
            for b in Ones(found) {
                allowed[b] |= 1 << a;
            }
        }
        known |= 1 << a;
    }
    Some(allowed)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Whether `tables` can each seat two players of `reach`, no player twice, trying every pair.
    fn brute_seat(reach: &[u128; MAX_TABLES], tables: u64, standing: u128) -> bool {
        if tables == 0 {
            return true;
        }
        let t = tables.trailing_zeros() as usize;
        let rest = tables & (tables - 1);
        let free = reach[t] & standing;
        Ones(free).any(|a| {
            Ones(free & !((2 << a) - 1)).any(|b| brute_seat(reach, rest, standing & !(1 << a) & !(1 << b)))
        })
    }

    /// Whether `vertices` pair off by edges, trying every partner of the lowest vertex.
    fn brute_pair(adjacent: &[u128], vertices: u128) -> bool {
        if vertices == 0 {
            return true;
        }
        let v = vertices.trailing_zeros() as usize;
        let rest = vertices & !(1 << v);
        Ones(adjacent[v] & rest).any(|w| brute_pair(adjacent, rest & !(1 << w)))
    }

    /// Table 0 can seat players 0, 1 and 2, table 1 only players 1 and 3: player 1 is taken there, so
    /// table 0 seats 0 and 2 and its edge to player 1 is in no perfect b-matching.
    #[test]
    fn a_player_forced_elsewhere_is_filtered_from_a_table() {
        let mut reach = [0u128; MAX_TABLES];
        reach[0] = 0b0111;
        reach[1] = 0b1010;
        let allowed = table_players(&reach, 0b11).unwrap();
        assert_eq!((allowed[0], allowed[1]), (0b0101, 0b1010));
        reach[1] = 0b1000;
        assert_eq!(table_players(&reach, 0b11), None);
    }

    /// The path 0-1-2-3 has the one perfect matching 0-1, 2-3: its middle edge 1-2 is filtered; the
    /// 4-cycle keeps all four edges.
    #[test]
    fn an_edge_outside_every_perfect_matching_is_filtered() {
        let mut adjacent = [0u128; 2 * MAX_TABLES];
        for (a, b) in [(0, 1), (1, 2), (2, 3)] {
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        let allowed = partners(&adjacent, 0b1111).unwrap();
        assert_eq!(allowed[..4], [0b0010, 0b0001, 0b1000, 0b0100]);
        adjacent[0] |= 1 << 3;
        adjacent[3] |= 1 << 0;
        let allowed = partners(&adjacent, 0b1111).unwrap();
        assert_eq!(allowed[..4], [0b1010, 0b0101, 0b1010, 0b0101]);
    }

    proptest! {
        /// An edge table-player is kept iff some perfect b-matching uses it: the table seats that
        /// player and one more, and the other tables seat the rest.
        #[test]
        fn table_players_keeps_exactly_the_edges_of_some_b_matching(
            n in 1usize..=6,
            edges in proptest::collection::vec((0usize..6, 0usize..12), 0..40),
        ) {
            let mut reach = [0u128; MAX_TABLES];
            for (t, p) in edges.into_iter().filter(|&(t, p)| t < n && p < 2 * n) {
                reach[t] |= 1 << p;
            }
            let (tables, players) = ((1u64 << n) - 1, (1u128 << (2 * n)) - 1);
            let allowed = table_players(&reach, tables);
            prop_assert_eq!(allowed.is_some(), brute_seat(&reach, tables, players));
            for t in 0..n {
                for p in Ones(reach[t]) {
                    let others = reach[t] & !(1 << p) & players;
                    let rest = tables & !(1 << t);
                    let used = Ones(others)
                        .any(|q| brute_seat(&reach, rest, players & !(1 << p) & !(1 << q)));
                    prop_assert_eq!(allowed.is_some_and(|a| a[t] >> p & 1 == 1), used, "{} {}", t, p);
                }
            }
        }

        /// An edge is kept iff the graph without its two ends has a perfect matching.
        #[test]
        fn partners_keeps_exactly_the_edges_of_some_perfect_matching(
            n in 1usize..=14,
            edges in proptest::collection::vec((0usize..14, 0usize..14), 0..40),
            mask in any::<u16>(),
        ) {
            let mut adjacent = [0u128; 2 * MAX_TABLES];
            for (a, b) in edges.into_iter().filter(|&(a, b)| a < n && b < n && a != b) {
                adjacent[a] |= 1 << b;
                adjacent[b] |= 1 << a;
            }
            let vertices = u128::from(mask) & ((1 << n) - 1);
            let allowed = partners(&adjacent, vertices);
            prop_assert_eq!(allowed.is_some(), brute_pair(&adjacent, vertices));
            for a in Ones(vertices) {
                for b in Ones(adjacent[a] & vertices) {
                    let used = brute_pair(&adjacent, vertices & !(1 << a) & !(1 << b));
                    prop_assert_eq!(allowed.is_some_and(|s| s[a] >> b & 1 == 1), used, "{} {}", a, b);
                }
            }
        }
    }
}
