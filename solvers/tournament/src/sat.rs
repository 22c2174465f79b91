//! The round as satisfiability, solved by varisat (a CDCL solver).
//!
//! varisat has no time limit of its own. The solver is given a proof sink: varisat writes a binary DRAT
//! proof of its learned clauses through a buffer to a [`Write`] target, and this target answers every
//! write with an error once the deadline has passed (or a portfolio partner has answered). varisat then
//! stops at its next step and reports the error, read here as [`Interrupted`]. Writes come every few
//! hundred learned clauses, so the solver stops within milliseconds of the deadline on hard instances;
//! on easy ones it finishes first anyway.

use std::cell::Cell;
use std::io::{self, Write};

use varisat::solver::SolverError;
use varisat::{ProofFormat, Solver as Varisat};

use crate::cnf::encode;
use crate::instance::Instance;
use crate::round::{check_round, Round};
use crate::solver::{Interrupted, Limits, Solution, Solver, Stats};
use crate::stop::Stop;

/// SAT on varisat: one variable per pairing, "exactly one" per table and per player (see
/// [`crate::encode`]). The model is decoded into a round and checked with [`check_round`].
/// [`Stats::backtracks`] counts conflicts (learned clauses, read from the proof stream); varisat does
/// not report its decisions, so [`Stats::nodes`] stays 0.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sat;

impl Solver for Sat {
    fn name(&self) -> &'static str {
        "sat"
    }

    fn description(&self) -> &'static str {
        "CDCL satisfiability on varisat, one variable per pairing, exactly-one per table and player"
    }

    fn solve(&self, instance: &Instance, limits: &Limits) -> Result<Solution, Interrupted> {
        solve(instance, &Stop::new(limits))
    }
}

/// A proof target that counts the learned clauses of the binary DRAT stream, discards the rest, and
/// fails once the search must stop.
struct StopSink<'s> {
    stop: &'s Stop<'s>,
    /// Clauses added to the proof (`a` steps): one per conflict.
    learned: &'s Cell<u64>,
    /// Whether the next byte starts a step (`a` or `d`); a zero byte ends each step.
    at_step: bool,
}

impl Write for StopSink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.stop.is_due() {
            return Err(io::Error::other(Interrupted));
        }
        let mut learned = self.learned.get();
        for &byte in buf {
            if self.at_step {
                learned += u64::from(byte == b'a');
                self.at_step = false;
            } else if byte == 0 {
                self.at_step = true;
            }
        }
        self.learned.set(learned);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Solves `instance` with varisat, stopping when `stop` says so.
pub(crate) fn solve(instance: &Instance, stop: &Stop) -> Result<Solution, Interrupted> {
    stop.check()?;
    let encoding = encode(instance);
    let learned = Cell::new(0);
    let mut solver = Varisat::new();
    solver.write_proof(StopSink { stop, learned: &learned, at_step: true }, ProofFormat::BinaryDrat);
    solver.add_formula(&encoding.formula);
    let satisfiable = match solver.solve() {
        Ok(satisfiable) => satisfiable,
        Err(SolverError::ProofIoError { .. }) => return Err(Interrupted),
        Err(error) => unreachable!("varisat without proof processors cannot fail with {error}"),
    };
    let stats = Stats { nodes: 0, backtracks: learned.get() };
    if !satisfiable {
        return Ok(Solution { round: None, stats });
    }
    let model = solver.model().expect("a satisfiable formula has a model");
    let chosen = model.iter().filter(|lit| lit.is_positive() && lit.index() < encoding.pairings);
    let round = Round::from_pairings(instance, chosen.map(|lit| lit.index()));
    if let Err(error) = check_round(instance, &round) {
        panic!("varisat's model is not a round ({error}): the encoding is wrong");
    }
    Ok(Solution { round: Some(round), stats })
}
