//! The regression verdict of an output against its reference: `same`, `valid` or `differs`.

use std::path::Path;

use solvebatch_core::Prepared;
use solvebatch_core::Verdict;

/// `same` when `output` equals `reference` byte for byte; `valid` when it does not, but the family's
/// verifier accepts both as correct answers to `input` and they agree on whether an answer exists
/// (any valid tournament round where the reference has one; `No tournament found.` only where the
/// reference says so); `differs` otherwise, and always for families whose output the spec fixes.
pub fn judge(prepared: &dyn Prepared, path: &Path, input: &[u8], output: &str, reference: &[u8]) -> Verdict {
    if output.as_bytes() == reference {
        return Verdict::Same;
    }
    let Ok(reference) = std::str::from_utf8(reference) else { return Verdict::Differs };
    if prepared.output_is_fixed() {
        return Verdict::Differs;
    }
    match (prepared.verify(path, input, output), prepared.verify(path, input, reference)) {
        (Ok(claims), Ok(reference_claims)) if claims == reference_claims => Verdict::Valid,
        _ => Verdict::Differs,
    }
}

/// The unified diff from `reference` (the file `reference_name`) to `output` (of the input
/// `input_name`), headed `--- REFERENCE` and `+++ INPUT (output)`, as `run --diff` prints it.
pub fn unified_diff(reference_name: &str, reference: &[u8], input_name: &str, output: &str) -> String {
    let reference = String::from_utf8_lossy(reference);
    let diff = similar::TextDiff::from_lines(reference.as_ref(), output);
    diff.unified_diff().header(reference_name, &format!("{input_name} (output)")).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::by_name;
    use solvebatch_core::Settings;

    const INPUT: &[u8] = b"2\n0,1,0\n2,3,1\n1,2,0\n3,0,1\n";

    fn judge_round(output: &str, reference: &str) -> Verdict {
        let prepared = by_name("tournament").unwrap().prepare("dlx", &Settings::default()).unwrap();
        judge(prepared.as_ref(), Path::new("t.csv"), INPUT, output, reference.as_bytes())
    }

    #[test]
    fn another_valid_round_is_valid_and_a_wrong_one_differs() {
        // Two rounds: pairings 1 and 2 (0 vs. 1, 2 vs. 3) or pairings 3 and 4 (1 vs. 2, 3 vs. 0).
        let first = "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\n";
        let second = "Table 0: 1 vs. 2\nTable 1: 3 vs. 0\n";
        assert_eq!(judge_round(first, first), Verdict::Same);
        assert_eq!(judge_round(second, first), Verdict::Valid);
        assert_eq!(judge_round("Table 0: 0 vs. 1\nTable 1: 3 vs. 0\n", first), Verdict::Differs);
        assert_eq!(judge_round("No tournament found.\n", first), Verdict::Differs);
        assert_eq!(judge_round(first, "No tournament found.\n"), Verdict::Differs);
    }

    #[test]
    fn families_whose_output_is_fixed_only_have_same_and_differs() {
        let prepared = by_name("guess").unwrap().prepare("first", &Settings::default()).unwrap();
        let input = b"answers 1000=0 2111=0\n";
        let other = "answers 1000=0 2111=0: next 3322 (3584 candidates left)\n";
        let reference = b"answers 1000=0 2111=0: next 3222 (3584 candidates left)\n";
        assert_eq!(judge(prepared.as_ref(), Path::new("a.guess"), input, other, reference), Verdict::Differs);
        let minimax = by_name("guess").unwrap().prepare("minimax", &Settings::default()).unwrap();
        assert_eq!(judge(minimax.as_ref(), Path::new("a.guess"), input, other, reference), Verdict::Valid);
    }
}
