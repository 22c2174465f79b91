//! The official examples in the shared data folder: each `.in` replayed must give its `.ref` byte for
//! byte. Ignored unless asked for (`--include-ignored`), since the folder lies outside the repository;
//! asked for, a missing folder fails with its path.

// In a module of this name so that `.ci/run` can skip them (`--skip shared_data::`) where the
// folder is absent.
mod shared_data {
    use std::fs;
    use std::path::Path;

    use solvebatch_tictactoe::replay;

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn shared_examples_match_their_references() {
        let folder = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/tictactoe"));
        let entries = fs::read_dir(folder).unwrap_or_else(|error| {
            panic!("{}: {error} (no ../shared beside the checkout?)", folder.display())
        });
        let mut inputs: Vec<_> = entries
            .map(|entry| entry.expect("readable folder entry").path())
            .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty(), "no .in files in {}", folder.display());
        for input in inputs {
            let text = fs::read(&input).unwrap();
            let expected = fs::read_to_string(input.with_extension("ref")).unwrap();
            let replayed = replay(&text).unwrap_or_else(|error| panic!("{}: {error}", input.display()));
            assert_eq!(replayed.output, expected, "{}", input.display());
        }
    }
}
