//! The pairing files in `../shared/data/tournament/` give the rounds listed in its README.

use std::path::PathBuf;

use solvebatch_tournament::{format, parse, Backtrack, Limits, Solver};

fn shared_file(name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tournament").join(name);
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            eprintln!("skipped: {} is absent (no ../shared beside the checkout)", path.display());
            None
        }
    }
}

fn round_of(name: &str) -> Option<String> {
    let text = shared_file(name)?;
    let instance = parse(&text).unwrap();
    let solution = Backtrack.solve(&instance, &Limits::default()).unwrap();
    Some(format(&instance, solution.round.as_ref()))
}

#[test]
fn crlf_four_tables() {
    if let Some(round) = round_of("crlf-4-tables.csv") {
        assert_eq!(round, "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 6\nTable 3: 7 vs. 0\n");
    }
}

#[test]
fn crlf_no_final_newline() {
    if let Some(round) = round_of("crlf-no-final-newline.csv") {
        assert_eq!(round, "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n");
    }
}
