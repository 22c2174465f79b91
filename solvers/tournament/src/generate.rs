//! Random regular instances: every table and every player occurs in exactly `degree` pairings.
//!
//! Drawn with the configuration model (Bollobás 1980): each table is written `degree` times and each
//! player `degree` times, the player copies are shuffled and cut into consecutive pairs, pair `k` going
//! to table copy `k`. A draw with a player facing itself or a pairing repeated (the same two players at
//! the same table) is thrown away whole and drawn again, so every simple regular instance is equally
//! likely. Random regular exact cover is hardest around degree 6 to 7 (Moore, "The phase transition in
//! random regular exact cover", 2016).
//!
//! With `planted`, a random round is drawn first and the other `degree - 1` pairings of each table and
//! player are added around it, so the instance has at least that round. The pairings are shuffled and
//! each is oriented at random, so neither the file order nor the first/second order reveals the round.

use std::collections::HashSet;
use std::fmt::Write;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::instance::{Instance, Pairing};

/// Draws thrown away before giving up (a repeated pairing cannot be avoided when `n` is tiny and the
/// degree large: one table and two players allow a single distinct pairing).
const MAX_DRAWS: usize = 100_000;

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
    /// Every draw repeated a pairing or paired a player with itself.
    #[error("no {degree}-regular instance with {tables} tables and distinct pairings was found in {MAX_DRAWS} draws")]
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
    /// [`GenerateError::NoTables`] or [`GenerateError::NoDegree`] for a zero parameter;
    /// [`GenerateError::NoSimpleDraw`] when no draw without repeats was found (tiny `tables`).
    pub fn generate(&self) -> Result<Instance, GenerateError> {
        if self.tables == 0 {
            return Err(GenerateError::NoTables);
        }
        if self.degree == 0 {
            return Err(GenerateError::NoDegree);
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
        let mut pairings = (0..MAX_DRAWS)
            .find_map(|_| draw(self.tables, degree, &planted, &mut rng))
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

/// One configuration-model draw of a `degree`-regular set of pairings avoiding the `fixed` ones, or
/// `None` when it pairs a player with itself or repeats a pairing.
fn draw(tables: usize, degree: usize, fixed: &[Pairing], rng: &mut ChaCha8Rng) -> Option<Vec<Pairing>> {
    let mut copies: Vec<u64> =
        (0..2 * tables as u64).flat_map(|player| std::iter::repeat_n(player, degree)).collect();
    copies.shuffle(rng);
    let key = |p: &Pairing| (p.first.min(p.second), p.first.max(p.second), p.table);
    let mut seen: HashSet<(u64, u64, u64)> = fixed.iter().map(key).collect();
    let mut pairings = Vec::with_capacity(tables * degree);
    for (index, pair) in copies.chunks_exact(2).enumerate() {
        let pairing = Pairing { first: pair[0], second: pair[1], table: (index / degree) as u64 };
        if pairing.first == pairing.second || !seen.insert(key(&pairing)) {
            return None;
        }
        pairings.push(pairing);
    }
    Some(pairings)
}

/// The pairing file of `instance`: `n` on line 0, then `first,second,table` per line in order, each
/// line ended by `\n` (the format [`crate::parse`] reads).
pub fn to_text(instance: &Instance) -> String {
    let mut text = format!("{}\n", instance.tables);
    for pairing in &instance.pairings {
        writeln!(text, "{},{},{}", pairing.first, pairing.second, pairing.table).expect("writing to a String");
    }
    text
}
