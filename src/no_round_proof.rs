//! `compare --verify-no-round`: a "No tournament found." is trusted only with a DRAT proof from the
//! SAT solver, written and checked by this program's own checker within the time limit.

use std::time::{Duration, Instant};

use solvebatch_tournament::proof::ProveError;
use solvebatch_tournament::{self as tournament, Proved};

/// Proves and checks that the pairing file `text` has no round, within `timeout`.
///
/// # Errors
/// What stands against the no-round answer, as a phrase: the SAT solver found a round, no proof came
/// within the time limit, the proof could not be written, or the checker refused it (with its line).
/// An invalid file is no error here: its solvers' answers say so.
pub fn verify(text: &[u8], timeout: Option<Duration>) -> Result<(), String> {
    let Ok(instance) = tournament::parse(text) else {
        return Ok(());
    };
    let deadline = tournament::Deadline::at(timeout.map(|limit| Instant::now() + limit));
    let limits = tournament::Limits { deadline, threads: 1, seed: 0 };
    let mut proof = Vec::new();
    match tournament::prove(&instance, &mut proof, &limits) {
        Ok(Proved::NoRound) => tournament::proof::check_proof(&instance, &proof)
            .map(|_| ())
            .map_err(|error| format!("the checker refused sat's proof of it: {error}")),
        Ok(Proved::Round(_)) => Err("sat --proof found a round".to_string()),
        Err(ProveError::Interrupted(_)) => Err("sat gave no proof of it within the time limit".to_string()),
        Err(error @ ProveError::Write(_)) => Err(format!("{error}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_without_a_round_is_proved_and_one_with_a_round_is_not() {
        let none = tournament::Regular { tables: 30, degree: 4, seed: 2, planted: false };
        let text = tournament::generate::to_text(&none.generate().unwrap());
        assert_eq!(verify(text.as_bytes(), None), Ok(()));
        assert_eq!(
            verify(b"3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n", None),
            Err("sat --proof found a round".to_string())
        );
        assert_eq!(verify(b"1\n0,0,0\n", None), Ok(()), "invalid: left to the solvers' answers");
        assert_eq!(
            verify(text.as_bytes(), Some(Duration::ZERO)),
            Err("sat gave no proof of it within the time limit".to_string())
        );
    }
}
