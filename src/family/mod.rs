//! The one place that knows the problem families: which files belong to which family, which solvers
//! each offers, and how a family crate's whole job becomes an [`Outcome`](crate::outcome::Outcome).
//!
//! Every family implements [`Family`] (in [`boundary`]); [`FAMILIES`] lists them. A run prepares each
//! family once ([`Family::prepare`]: the family crate reads what every file shares, such as a dictionary) and then
//! solves file after file with the [`Prepared`](boundary::Prepared) value. `run`, `compare`, the family subcommands, the
//! web app and the shards all go through this path.
//!
//! One precedence rule everywhere: a flag given on the command line beats a setting inside the input
//! file, which beats the default.

use std::path::Path;

use crate::outcome::Status;
use boundary::Family;

pub mod boundary;
pub mod guess;
pub mod scrabble;
pub mod tictactoe;
pub mod tournament;

/// Every family, in the order `list-solvers` shows them.
pub static FAMILIES: &[&dyn Family] =
    &[&tournament::Tournament, &tictactoe::TicTacToe, &guess::Guess, &scrabble::Scrabble];

/// The family named `name`, if any.
pub fn by_name(name: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|family| family.name() == name)
}

/// The family whose inputs include `path`, judged by its file name.
pub fn for_path(path: &Path) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|family| family.is_input(path))
}

/// How tables name `status` for the family called `family`.
pub fn status_label(family: Option<&str>, status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::NoSolution => {
            family.and_then(by_name).map_or("no solution", |family| family.no_solution_label())
        }
        Status::Invalid => "invalid",
        Status::Timeout => "timeout",
        Status::Interrupted => "interrupted",
        Status::Failed => "failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_claim_their_extensions_only() {
        let family = |name: &str| for_path(Path::new(name)).map(|family| family.name());
        assert_eq!(family("games/a.in"), Some("tictactoe"));
        assert_eq!(family("a.csv"), Some("tournament"));
        assert_eq!(family("a.csv.expected"), None);
        assert_eq!(family("games/.in"), None);
        assert_eq!(family("x.guess"), Some("guess"));
        assert_eq!(family("x.scrabble"), Some("scrabble"));
        assert_eq!(family("A.CSV"), Some("tournament"));
        assert_eq!(family("b.Csv"), Some("tournament"));
        assert_eq!(family("G.IN"), Some("tictactoe"));
        assert_eq!(family("A.CSV.expected"), None);
        assert_eq!(
            by_name("tournament").unwrap().reference_path(Path::new("A.CSV")),
            Path::new("A.CSV.expected")
        );
        assert_eq!(by_name("tictactoe").unwrap().reference_path(Path::new("G.IN")), Path::new("G.ref"));
        assert_eq!(by_name("tictactoe").unwrap().reference_path(Path::new("a.b.in")), Path::new("a.b.ref"));
        assert_eq!(
            by_name("guess").unwrap().reference_path(Path::new("a.guess")),
            Path::new("a.guess.expected")
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_is_claimed_by_its_extension() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"zo\xe8.csv");
        assert_eq!(for_path(Path::new(name)).map(|family| family.name()), Some("tournament"));
    }
}
