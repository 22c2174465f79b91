//! The tournament family as the runner sees it ([`solvebatch_core::Family`]): `.csv` pairing files
//! with `.csv.expected` references, solved by [`Job`]; an answer of no round can be checked with a
//! DRAT proof from the SAT solver, written and checked by this crate's own checker.

use std::path::Path;

use solvebatch_core::{Deadline, Family, FamilyError, Outcome, Prepared, Settings, SolverInfo, Status};

use crate::proof::{check_proof, ProveError};
use crate::{parse, prove, solvers, verify, Job, Limits, Proved, RoundOutcome};

/// The tournament-round family.
pub struct Tournament;

impl Family for Tournament {
    fn name(&self) -> &'static str {
        "tournament"
    }

    fn extension(&self) -> &'static str {
        ".csv"
    }

    fn no_solution_label(&self) -> &'static str {
        "no round"
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        solvers()
            .iter()
            .map(|solver| SolverInfo { name: solver.name(), description: solver.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        Ok(Box::new(Job::new(solver, settings.threads, settings.seed)?))
    }

    /// Proves with the SAT solver, and checks the DRAT proof, that the pairing file `input` has no
    /// round, before `deadline`. An invalid file is no error here: its solvers' answers say so.
    fn check_no_solution(&self, input: &[u8], deadline: Deadline) -> Option<Result<(), String>> {
        let Ok(instance) = parse(input) else {
            return Some(Ok(()));
        };
        let limits = Limits { deadline, threads: 1, seed: 0 };
        let mut proof = Vec::new();
        Some(match prove(&instance, &mut proof, &limits) {
            Ok(Proved::NoRound) => check_proof(&instance, &proof)
                .map(|_| ())
                .map_err(|error| format!("the checker refused sat's proof of it: {error}")),
            Ok(Proved::Round(_)) => Err("sat --proof found a round".to_string()),
            Err(ProveError::Interrupted(_)) => {
                Err("sat gave no proof of it within the time limit".to_string())
            }
            Err(error @ ProveError::Write(_)) => Err(format!("{error}")),
        })
    }
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    fn solve(&self, _path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        match Job::solve(self, input, deadline) {
            RoundOutcome::Found { output, stats } => Outcome::answer(Status::Solved, output, &stats),
            RoundOutcome::NoRound { output, stats } => Outcome::answer(Status::NoSolution, output, &stats),
            RoundOutcome::Invalid(error) => Outcome::invalid(error.to_string()),
            RoundOutcome::Interrupted => Outcome::stopped(deadline),
        }
    }

    /// Reads the printed round back and checks it against the input ([`verify()`]).
    fn verify(&self, _path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        Ok(verify(input, output)?)
    }

    /// Any valid round is a correct answer; the reference matcher's is one of them.
    fn output_is_fixed(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::generate::to_text;
    use crate::Regular;

    #[test]
    fn a_file_without_a_round_is_proved_and_one_with_a_round_is_not() {
        let check = |text: &[u8], deadline| Tournament.check_no_solution(text, deadline).unwrap();
        let none = Regular { tables: 30, degree: 4, seed: 2, planted: false };
        let text = to_text(&none.generate().unwrap());
        assert_eq!(check(text.as_bytes(), Deadline::NEVER), Ok(()));
        assert_eq!(
            check(b"3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n", Deadline::NEVER),
            Err("sat --proof found a round".to_string())
        );
        assert_eq!(check(b"1\n0,0,0\n", Deadline::NEVER), Ok(()), "invalid: left to the solvers' answers");
        assert_eq!(
            check(text.as_bytes(), Deadline::at(Some(Instant::now()))),
            Err("sat gave no proof of it within the time limit".to_string())
        );
    }
}
