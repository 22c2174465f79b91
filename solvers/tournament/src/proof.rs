//! A checkable "No tournament found.": varisat solves [`crate::solvers::cnf::encode`]'s formula (the CNF that
//! `--emit-cnf` writes) as one problem, without cubes (a DRAT proof has no assumptions), and writes
//! its DRAT proof of unsatisfiability; [`check_proof`] checks it independently ([`check_drat`]).

use std::io::{self, Write};

use varisat::solver::SolverError;
use varisat::{ProofFormat, Solver as Varisat};

use crate::drat::{check_drat, DratError};
use crate::instance::Instance;
use crate::round::Round;
use crate::solver::{Interrupted, Limits};
use crate::solvers::cnf::encode;
use crate::solvers::sat::decode;
use crate::stop::Stop;

/// What [`prove`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proved {
    /// A round: the instance is satisfiable and what was written is no proof (discard it).
    Round(Round),
    /// No round: a DRAT proof of it was written, ending with the empty clause.
    NoRound,
}

/// Why [`prove`] stopped without an answer.
#[derive(Debug, thiserror::Error)]
pub enum ProveError {
    /// The deadline passed first.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
    /// The proof could not be written.
    #[error("cannot write the proof")]
    Write(#[source] io::Error),
}

/// Solves `instance` with varisat, writing the DRAT proof (text form: one clause a line, `d` before a
/// deleted one) of [`crate::solvers::cnf::encode`]'s formula to `target`, stopping soon after the deadline of
/// `limits` (checked at each write of varisat's proof buffer, every few kilobytes).
///
/// # Errors
/// [`ProveError::Interrupted`] when the deadline passes, [`ProveError::Write`] when `target` fails.
pub fn prove(instance: &Instance, target: &mut dyn Write, limits: &Limits) -> Result<Proved, ProveError> {
    let stop = Stop::new(limits);
    let encoding = encode(instance);
    let mut solver = Varisat::new();
    solver.write_proof(Deadlined { target, stop: &stop }, ProofFormat::Drat);
    solver.add_formula(&encoding.formula);
    let failed = |error| match error {
        SolverError::ProofIoError { .. } if stop.is_due() => ProveError::Interrupted(Interrupted),
        SolverError::ProofIoError { cause } => ProveError::Write(cause),
        other => ProveError::Write(io::Error::other(other.to_string())),
    };
    match solver.solve().map_err(failed)? {
        true => {
            let model = solver.model().expect("a satisfiable formula has a model");
            let chosen = model.iter().filter(|lit| lit.is_positive() && lit.index() < encoding.pairings);
            Ok(Proved::Round(decode(instance, chosen.map(|lit| lit.index()).collect())))
        }
        false => {
            solver.close_proof().map_err(failed)?;
            Ok(Proved::NoRound)
        }
    }
}

/// Checks, with [`check_drat`], the DRAT proof `proof` that [`crate::solvers::cnf::encode`]'s formula for
/// `instance` is unsatisfiable, that is that `instance` has no round; returns the lemmas checked.
///
/// # Errors
/// The [`DratError`] naming the proof line at fault.
pub fn check_proof(instance: &Instance, proof: &[u8]) -> Result<usize, DratError> {
    let clauses: Vec<Vec<i64>> = encode(instance)
        .formula
        .iter()
        .map(|clause| clause.iter().map(|lit| lit.to_dimacs() as i64).collect())
        .collect();
    check_drat(&clauses, proof)
}

/// A proof target that fails its writes once the search must stop, so that varisat stops.
struct Deadlined<'a> {
    target: &'a mut dyn Write,
    stop: &'a Stop<'a>,
}

impl Write for Deadlined<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.stop.is_due() {
            return Err(io::Error::other(Interrupted));
        }
        self.target.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.target.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Regular;
    use crate::parse;
    use crate::round::check_round;

    fn proof_of(instance: &Instance) -> (Proved, Vec<u8>) {
        let mut bytes = Vec::new();
        let proved = prove(instance, &mut bytes, &Limits::default()).unwrap();
        (proved, bytes)
    }

    /// A 30-table degree-4 instance without a round, which varisat refutes in a few hundred
    /// conflicts: its proof is accepted; without its first half of lemmas, or with a lemma's literal
    /// negated, it is refused.
    #[test]
    fn a_proof_of_no_round_is_accepted_and_a_corrupted_one_refused() {
        let instance = Regular { tables: 30, degree: 4, seed: 2, planted: false }.generate().unwrap();
        let (proved, bytes) = proof_of(&instance);
        assert_eq!(proved, Proved::NoRound);
        let text = String::from_utf8(bytes).unwrap();
        let lemmas = text.lines().filter(|line| !line.starts_with('d')).count();
        assert!(lemmas > 100, "{lemmas} lemmas");
        assert!(text.ends_with("\n0\n"), "the empty clause last");
        let checked = check_proof(&instance, text.as_bytes()).unwrap();
        assert!(checked > 100 && checked <= lemmas, "{checked} of {lemmas} lemmas checked");

        let lines: Vec<&str> = text.lines().collect();
        let tail = lines[lines.len() / 2..].join("\n") + "\n";
        assert!(
            matches!(check_proof(&instance, tail.as_bytes()), Err(DratError::NotImplied { .. })),
            "half a proof"
        );
        assert_eq!(check_proof(&instance, b"0\n"), Err(DratError::NotImplied { line: 1, lemma: "0".into() }));
        assert_eq!(check_proof(&instance, b""), Err(DratError::Incomplete));
    }

    #[test]
    fn a_satisfiable_instance_gets_a_round_and_no_proof() {
        let instance = Regular { tables: 20, degree: 4, seed: 1, planted: true }.generate().unwrap();
        let (proved, _) = proof_of(&instance);
        let Proved::Round(round) = proved else { panic!("a planted round, got {proved:?}") };
        assert_eq!(check_round(&instance, &round), Ok(()));
        let example = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        assert_eq!(proof_of(&example).0, Proved::Round(Round { pairing_at_table: vec![1, 2, 3] }));
    }

    #[test]
    fn an_expired_deadline_interrupts_the_proof() {
        let instance = Regular { tables: 30, degree: 4, seed: 2, planted: false }.generate().unwrap();
        let limits = Limits {
            deadline: crate::solver::Deadline::at(Some(std::time::Instant::now())),
            ..Limits::default()
        };
        let result = prove(&instance, &mut Vec::new(), &limits);
        assert!(matches!(result, Err(ProveError::Interrupted(Interrupted))), "{result:?}");
    }
}
