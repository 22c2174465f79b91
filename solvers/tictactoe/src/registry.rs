//! The family's solver registry: one replay, since the spec fixes every byte of the output.

use std::fmt;
use std::str::FromStr;

/// A way to replay a game file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replayer {
    /// [`crate::replay`]: the diagonal fallback by a cursor, wins by per-line counters.
    Cursor,
}

impl Replayer {
    /// Every replayer, the default first.
    pub const ALL: [Replayer; 1] = [Replayer::Cursor];

    /// The name given to `--solver`.
    pub fn name(self) -> &'static str {
        match self {
            Replayer::Cursor => "replay",
        }
    }

    /// Replays the game file `text` ([`crate::replay`]).
    ///
    /// # Errors
    /// The first [`crate::GameFileError`] of the file.
    pub fn solve(self, text: &[u8]) -> Result<crate::Replayed, crate::GameFileError> {
        match self {
            Replayer::Cursor => crate::replay(text),
        }
    }

    /// One line for `list-solvers`.
    pub fn description(self) -> &'static str {
        match self {
            Replayer::Cursor => "replay the moves: diagonal fallback cursor, per-line win counters",
        }
    }
}

/// A name that no replayer has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no tic-tac-toe solver is called `{0}` (there is: replay)")]
pub struct UnknownReplayer(pub String);

impl FromStr for Replayer {
    type Err = UnknownReplayer;

    fn from_str(name: &str) -> Result<Replayer, UnknownReplayer> {
        Replayer::ALL
            .into_iter()
            .find(|replayer| replayer.name() == name)
            .ok_or_else(|| UnknownReplayer(name.to_string()))
    }
}

impl fmt::Display for Replayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every replayer, the default first.
pub fn solvers() -> &'static [Replayer] {
    &Replayer::ALL
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        assert_eq!("replay".parse(), Ok(Replayer::Cursor));
        assert_eq!(
            "fast".parse::<Replayer>().unwrap_err().to_string(),
            "no tic-tac-toe solver is called `fast` (there is: replay)"
        );
        assert_eq!(solvers().iter().map(|replayer| replayer.name()).collect::<Vec<_>>(), ["replay"]);
    }
}
