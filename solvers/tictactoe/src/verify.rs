//! Checking a printed output against its game file: the spec fixes every byte, so the correct output
//! is the replay's, and a wrong one is named by its first differing line.

use crate::parse::GameFileError;
use crate::replay::replay;

/// Why an output is not the one of its game file; for a malformed file, the cause
/// ([`std::error::Error::source`]) is the file's error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OutputMismatch {
    /// The game file itself is malformed.
    #[error("the input is invalid")]
    Input(#[source] GameFileError),
    /// The output differs from the replay's at this line.
    #[error("output line {line}: expected \"{expected}\"")]
    Line {
        /// The first differing line, from 1.
        line: usize,
        /// What the replay prints there (empty past its end).
        expected: String,
    },
}

/// Checks `output` against the replay of the game file `text`.
///
/// ```
/// use solvebatch_tictactoe::verify;
///
/// let game = b"1 1\nX 0 0\n";
/// assert_eq!(verify(game, "X\nX won\nX 1.0000000000\n0 N/A\n"), Ok(()));
/// assert_eq!(
///     verify(game, "X\nDraw again! Let's play darts!\n").unwrap_err().to_string(),
///     "output line 2: expected \"X won\""
/// );
/// ```
///
/// # Errors
/// [`OutputMismatch::Input`] for a malformed game file, [`OutputMismatch::Line`] at the first line
/// that differs (or is missing, or extra).
pub fn verify(text: &[u8], output: &str) -> Result<(), OutputMismatch> {
    let expected = replay(text).map_err(OutputMismatch::Input)?.output;
    if expected == output {
        return Ok(());
    }
    let (wanted, found): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), output.lines().collect());
    let index = wanted.iter().zip(&found).position(|(want, got)| want != got).unwrap_or_else(|| {
        // Equal lines up to the shorter: the first extra or missing line, or, with as many lines, the
        // last one, whose line ending differs.
        if wanted.len() == found.len() {
            wanted.len().saturating_sub(1)
        } else {
            wanted.len().min(found.len())
        }
    });
    Err(OutputMismatch::Line {
        line: index + 1,
        expected: wanted.get(index).copied().unwrap_or_default().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &[u8] = b"1 1\nX 0 0\n";

    fn mismatch(output: &str) -> (usize, String) {
        match verify(GAME, output) {
            Err(OutputMismatch::Line { line, expected }) => (line, expected),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn missing_extra_and_unended_lines_are_named() {
        assert_eq!(mismatch("X\nX won\nX 1.0000000000\n0 N/A"), (4, "0 N/A".to_string()));
        assert_eq!(mismatch("X\nX won\nX 1.0000000000\n0 N/A\nmore\n"), (5, String::new()));
        assert_eq!(mismatch("X\nX won\n"), (3, "X 1.0000000000".to_string()));
        assert!(matches!(verify(b"1 2\nX 0 0\n", ""), Err(OutputMismatch::Input(_))));
    }
}
