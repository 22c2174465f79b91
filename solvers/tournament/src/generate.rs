//! Random regular instances: every table and every player occurs in exactly `degree` pairings.
//!
//! Drawn with the configuration model (Bollobás 1980): each table is written `degree` times and each
//! player `degree` times, the player copies are shuffled and cut into consecutive pairs, pair `k` going
//! to table copy `k`. A draw with a player facing itself or a pairing repeated (the same two players at
//! the same table) is thrown away whole and drawn again, so every simple regular instance is equally
//! likely; at high degrees, where such draws are rare, a draw is repaired by random switchings instead
//! (McKay and Wormald 1990), which keeps the degrees but is only close to uniform. Random regular exact cover is hardest around degree 6 to 7 (Moore, "The phase transition in
//! random regular exact cover", 2016).
//!
//! With `planted`, a random round is drawn first and the other `degree - 1` pairings of each table and
//! player are added around it, so the instance has at least that round. The pairings are shuffled and
//! each is oriented at random, so neither the file order nor the first/second order reveals the round.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::instance::{Instance, Pairing};

/// Configuration-model draws tried before repairing one: a draw is simple with probability about
/// `exp(-degree / 2)`, so this is plenty up to degree 10 or so.
const UNIFORM_DRAWS: usize = 1000;

/// Switching attempts per pair before the repair gives up (it cannot succeed when `n` is tiny and the
/// degree large: one table and two players allow a single distinct pairing).
const MAX_SWITCHES: usize = 200;

/// The most pairings a generated instance may hold (tables times degree): ten million, about 240 MB
/// in memory and 200 MB of text, far past what any solver here refutes.
pub const MAX_PAIRINGS: usize = 10_000_000;

/// The parameters of a random regular instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Regular {
    /// The number of tables `n` (the instance has `2n` players), at least 1.
    pub tables: usize,
    /// How many pairings each table and each player occurs in, at least 1.
    pub degree: usize,
    /// The seed of the ChaCha8 generator: the same parameters give the same instance on every platform.
    pub seed: u64,
    /// Whether a round is hidden first, making the instance solvable.
    pub planted: bool,
}

/// Why no instance was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The number of tables is 0.
    #[error("the number of tables must be positive")]
    NoTables,
    /// The degree is 0.
    #[error("the degree must be positive")]
    NoDegree,
    /// More pairings asked for than a generated instance may hold.
    #[error("{tables} tables of degree {degree} make {pairings} pairings, above the {MAX_PAIRINGS} a generated instance may hold")]
    TooLarge {
        /// The number of tables asked for.
        tables: usize,
        /// The degree asked for.
        degree: usize,
        /// Their product (saturated).
        pairings: usize,
    },
    /// No draw, and no repair of one, avoided a repeated pairing or a player facing itself.
    #[error("no {degree}-regular instance with {tables} tables and distinct pairings was found")]
    NoSimpleDraw {
        /// The number of tables asked for.
        tables: usize,
        /// The degree asked for.
        degree: usize,
    },
}

impl Regular {
    /// Draws the instance: `tables * degree` pairings, no pairing repeated (the same two players at the
    /// same table in either order), no player facing itself.
    ///
    /// # Errors
    /// [`GenerateError::NoTables`] or [`GenerateError::NoDegree`] for a zero parameter,
    /// [`GenerateError::TooLarge`] past [`MAX_PAIRINGS`];
    /// [`GenerateError::NoSimpleDraw`] when no draw without repeats was found (tiny `tables`).
    pub fn generate(&self) -> Result<Instance, GenerateError> {
        if self.tables == 0 {
            return Err(GenerateError::NoTables);
        }
        if self.degree == 0 {
            return Err(GenerateError::NoDegree);
        }
        let pairings = self.tables.saturating_mul(self.degree);
        if pairings > MAX_PAIRINGS {
            return Err(GenerateError::TooLarge { tables: self.tables, degree: self.degree, pairings });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let mut planted = Vec::new();
        if self.planted {
            let mut players: Vec<u64> = (0..2 * self.tables as u64).collect();
            players.shuffle(&mut rng);
            planted = players
                .chunks_exact(2)
                .enumerate()
                .map(|(table, pair)| Pairing { first: pair[0], second: pair[1], table: table as u64 })
                .collect();
        }
        let degree = self.degree - usize::from(self.planted);
        let mut pairings = draw(self.tables, degree, &planted, &mut rng)
            .ok_or(GenerateError::NoSimpleDraw { tables: self.tables, degree: self.degree })?;
        pairings.extend(planted);
        pairings.shuffle(&mut rng);
        for pairing in &mut pairings {
            if rng.random::<bool>() {
                std::mem::swap(&mut pairing.first, &mut pairing.second);
            }
        }
        Ok(Instance { tables: self.tables as u64, pairings })
    }
}

/// A `degree`-regular set of pairings avoiding the `fixed` ones: configuration-model draws until one
/// has no player facing itself and no repeated pairing, or after [`UNIFORM_DRAWS`] failures (high
/// degrees, where such draws are rare), the last draw repaired by random switchings.
fn draw(tables: usize, degree: usize, fixed: &[Pairing], rng: &mut ChaCha8Rng) -> Option<Vec<Pairing>> {
    let sorted: Vec<u64> =
        (0..2 * tables as u64).flat_map(|player| std::iter::repeat_n(player, degree)).collect();
    let mut copies = sorted.clone();
    for _ in 0..UNIFORM_DRAWS {
        copies.clone_from(&sorted);
        copies.shuffle(rng);
        if let Some(pairings) = simple(&copies, degree, fixed) {
            return Some(pairings);
        }
    }
    repair(&mut copies, degree, fixed, rng);
    simple(&copies, degree, fixed)
}

/// The pairings of consecutive copies, pair `k` at table `k / degree`, or `None` when one pairs a
/// player with itself or repeats a pairing (of `fixed` or of its own).
fn simple(copies: &[u64], degree: usize, fixed: &[Pairing]) -> Option<Vec<Pairing>> {
    let mut seen: HashSet<(u64, u64, u64)> = fixed.iter().map(key).collect();
    let mut pairings = Vec::with_capacity(copies.len() / 2);
    for (index, pair) in copies.chunks_exact(2).enumerate() {
        let pairing = Pairing { first: pair[0], second: pair[1], table: (index / degree) as u64 };
        if pairing.first == pairing.second || !seen.insert(key(&pairing)) {
            return None;
        }
        pairings.push(pairing);
    }
    Some(pairings)
}

/// Swaps the second copy of a bad pair with a random copy elsewhere, keeping the swaps that leave both
/// pairs involved good, until no pair is bad or [`MAX_SWITCHES`] attempts per pair are spent.
fn repair(copies: &mut [u64], degree: usize, fixed: &[Pairing], rng: &mut ChaCha8Rng) {
    let pairs = copies.len() / 2;
    let pairing = |copies: &[u64], k: usize| Pairing {
        first: copies[2 * k],
        second: copies[2 * k + 1],
        table: (k / degree) as u64,
    };
    let mut uses: HashMap<(u64, u64, u64), usize> = fixed.iter().map(|p| (key(p), 1)).collect();
    for k in 0..pairs {
        *uses.entry(key(&pairing(copies, k))).or_default() += 1;
    }
    let good = |uses: &HashMap<_, usize>, p: &Pairing| p.first != p.second && uses[&key(p)] == 1;
    for _ in 0..MAX_SWITCHES * pairs {
        let Some(bad) = (0..pairs).find(|&k| !good(&uses, &pairing(copies, k))) else { return };
        let other = rng.random_range(0..copies.len());
        let partner = other / 2;
        if partner == bad {
            continue;
        }
        let before = [pairing(copies, bad), pairing(copies, partner)];
        before.iter().for_each(|p| *uses.get_mut(&key(p)).expect("counted") -= 1);
        copies.swap(2 * bad + 1, other);
        let after = [pairing(copies, bad), pairing(copies, partner)];
        after.iter().for_each(|p| *uses.entry(key(p)).or_default() += 1);
        if !after.iter().all(|p| good(&uses, p)) {
            after.iter().for_each(|p| *uses.get_mut(&key(p)).expect("counted") -= 1);
            copies.swap(2 * bad + 1, other);
            before.iter().for_each(|p| *uses.get_mut(&key(p)).expect("counted") += 1);
        }
    }
}

/// A pairing without its orientation: the same two players at the same table.
fn key(p: &Pairing) -> (u64, u64, u64) {
    (p.first.min(p.second), p.first.max(p.second), p.table)
}

/// The pairing file of `instance`: `n` on line 0, then `first,second,table` per line in order, each
/// line ended by `\n` (the format [`crate::parse()`] reads).
pub fn to_text(instance: &Instance) -> String {
    let mut text = format!("{}\n", instance.tables);
    for pairing in &instance.pairings {
        writeln!(text, "{},{},{}", pairing.first, pairing.second, pairing.table)
            .expect("writing to a String");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use crate::round::check_round;
    use crate::solver::{Limits, Solver};
    use crate::solvers::dlx::Dlx;

    fn regular(tables: usize, degree: usize, seed: u64, planted: bool) -> Instance {
        Regular { tables, degree, seed, planted }.generate().unwrap()
    }

    #[test]
    fn the_same_seed_gives_the_same_file_and_another_seed_another() {
        let text = to_text(&regular(30, 6, 7, false));
        assert_eq!(text, to_text(&regular(30, 6, 7, false)));
        assert_ne!(text, to_text(&regular(30, 6, 8, false)));
        assert_ne!(text, to_text(&regular(30, 6, 7, true)));
    }

    #[test]
    fn every_table_and_player_has_the_degree_and_no_pairing_repeats() {
        let cases =
            [(30, 6, false), (30, 6, true), (45, 7, false), (5, 3, true), (1, 1, false), (30, 24, false)];
        for (tables, degree, planted) in cases {
            let instance = regular(tables, degree, 1, planted);
            assert_eq!(instance.pairings.len(), tables * degree);
            let mut table_degree = vec![0; tables];
            let mut player_degree = vec![0; 2 * tables];
            let mut seen = HashSet::new();
            for p in &instance.pairings {
                assert_ne!(p.first, p.second);
                assert!(seen.insert((p.first.min(p.second), p.first.max(p.second), p.table)), "{p:?} twice");
                table_degree[p.table as usize] += 1;
                player_degree[p.first as usize] += 1;
                player_degree[p.second as usize] += 1;
            }
            assert!(table_degree.iter().chain(&player_degree).all(|&d| d == degree), "{tables} {degree}");
        }
    }

    #[test]
    fn the_text_parses_back_to_the_instance() {
        let instance = regular(12, 5, 2, true);
        assert_eq!(parse(to_text(&instance)).unwrap(), instance);
        assert!(to_text(&instance).starts_with("12\n"));
    }

    #[test]
    fn planted_instances_have_a_round() {
        for seed in 0..6 {
            let instance = regular(25, 6, seed, true);
            let round = Dlx.solve(&instance, &Limits::default()).unwrap().round.expect("a planted round");
            assert_eq!(check_round(&instance, &round), Ok(()));
        }
    }

    #[test]
    fn impossible_parameters_are_errors() {
        let error =
            |tables, degree| Regular { tables, degree, seed: 0, planted: false }.generate().unwrap_err();
        assert_eq!(error(0, 3), GenerateError::NoTables);
        assert_eq!(error(3, 0), GenerateError::NoDegree);
        // One table and two players allow one distinct pairing only.
        assert_eq!(error(1, 2), GenerateError::NoSimpleDraw { tables: 1, degree: 2 });
        assert_eq!(
            error(1, 2).to_string(),
            "no 2-regular instance with 1 tables and distinct pairings was found"
        );
    }
}
