//! The official examples in the shared data folder: each `.in` replayed must give its `.ref` byte for
//! byte. Skipped, with a message, when the folder is absent.

use std::fs;
use std::path::Path;

use solvebatch_tictactoe::replay;

#[test]
fn shared_examples_match_their_references() {
    let folder = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/tictactoe"));
    let Ok(entries) = fs::read_dir(folder) else {
        println!("skipped: {} is absent", folder.display());
        return;
    };
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
