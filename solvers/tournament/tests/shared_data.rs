//! The pairing files in `../shared/data/tournament/` give the rounds listed in its README. Ignored
//! unless asked for (`--include-ignored`), since the folder lies outside the repository; asked for, a
//! missing folder fails with its path.

// In a module of this name so that `.ci/run` can skip them (`--skip shared_data::`) where the
// folder is absent.
mod shared_data {
    use std::path::PathBuf;

    use solvebatch_tournament::solvers::backtrack::Backtrack;
    use solvebatch_tournament::{format, parse, Limits, Solver};

    fn shared_file(name: &str) -> Vec<u8> {
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tournament").join(name);
        std::fs::read(&path)
            .unwrap_or_else(|error| panic!("{}: {error} (no ../shared beside the checkout?)", path.display()))
    }

    fn round_of(name: &str) -> String {
        let text = shared_file(name);
        let instance = parse(&text).unwrap();
        let solution = Backtrack.solve(&instance, &Limits::default()).unwrap();
        format(&instance, solution.round.as_ref())
    }

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn crlf_four_tables() {
        assert_eq!(
            round_of("crlf-4-tables.csv"),
            "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 6\nTable 3: 7 vs. 0\n"
        );
    }

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn crlf_no_final_newline() {
        assert_eq!(
            round_of("crlf-no-final-newline.csv"),
            "Table 0: 1 vs. 2\nTable 1: 3 vs. 4\nTable 2: 5 vs. 0\n"
        );
    }
}
