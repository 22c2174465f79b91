//! The one place that knows the problem families: which files belong to which family, which solvers
//! each offers, and how a family crate's whole job becomes an [`Outcome`](crate::outcome::Outcome).
//!
//! Every family implements [`Family`] (in [`boundary`]); [`FAMILIES`] lists them. A run prepares each
//! family once ([`Family::prepare`]: the family crate reads what every file shares, such as a dictionary) and then
//! solves file after file with the [`Prepared`](boundary::Prepared) value. `run`, `compare`, the family subcommands, the
//! web app and the shards all go through this path.
//!
//! Adding a family touches its crate (`solvers/<name>`), `family/<name>.rs` (its [`Family`] and
//! [`Prepared`](boundary::Prepared)), this module (its `mod` line and its entry in [`FAMILIES`]) and
//! `Cargo.toml` (the crate as a dependency), nothing else: which files are its inputs and references,
//! `--kind`, `list-solvers`, the help of `run` and the "no inputs found" message all come from
//! [`FAMILIES`]. (A family whose references are not named `INPUT.expected` also teaches the orphan
//! check in `references.rs` how to find the input of one; a subcommand or a web page of its own is
//! an addition, not a requirement.)
//!
//! Each family crate offers the same surface under the same names: `parse` (text to an instance,
//! with line-numbered errors); the registry `solvers()`, whose entries (`Solver`: a trait object in
//! tournament and guess, where a solver is a codebreaking strategy; an enum in tic-tac-toe and
//! Scrabble, where it is the move generator) each have `name()` and `description()`; the prepared
//! `Job` (`Job::new` from a solver and the run's settings, the crate's `UnknownSolver` for a name it
//! lacks; `Job::solve` on one input); and a crate-level `verify` that checks any printed output
//! independently of the solver. `family/<name>.rs` implements [`Family`] and
//! [`Prepared`](boundary::Prepared) over them, passing the crate's errors on as
//! [`FamilyError`](boundary::FamilyError) with their causes.
//!
//! One precedence rule everywhere: a flag given on the command line beats a setting inside the input
//! file, which beats the default.

use std::path::Path;

use crate::outcome::Status;
use boundary::Family;

pub mod boundary;
pub mod gcg;
pub mod guess;
pub mod probe;
pub mod scrabble;
pub mod tictactoe;
pub mod tournament;

/// Every family, in the order `list-solvers` shows them.
pub static FAMILIES: &[&dyn Family] =
    &[&tournament::Tournament, &tictactoe::TicTacToe, &guess::Guess, &scrabble::Scrabble, &gcg::Gcg];

/// Each family with its inputs' ending, for messages: `tournament .csv, tic-tac-toe .in, ...`.
pub fn extensions() -> String {
    let listed: Vec<String> =
        FAMILIES.iter().map(|family| format!("{} {}", family.title(), family.extension())).collect();
    listed.join(", ")
}

/// Each family with its inputs' and its references' endings, for help texts:
/// `tournament .csv (reference .csv.expected), tic-tac-toe .in (.ref), ...`.
pub fn extensions_and_references() -> String {
    let listed: Vec<String> = FAMILIES
        .iter()
        .enumerate()
        .map(|(index, family)| {
            let reference = if index == 0 { "reference " } else { "" };
            format!("{} {} ({reference}{})", family.title(), family.extension(), reference_ending(*family))
        })
        .collect();
    listed.join(", ")
}

/// The ending of `family`'s reference file names, for example `.csv.expected` or `.ref`.
fn reference_ending(family: &dyn Family) -> String {
    let input = format!("x{}", family.extension());
    let reference = family.reference_path(Path::new(&input));
    reference.to_string_lossy().strip_prefix('x').map(str::to_string).unwrap_or_default()
}

/// The last extension of each family's reference file names, without its dot (`expected`, `ref`).
pub fn reference_extensions() -> impl Iterator<Item = String> {
    FAMILIES.iter().map(|family| {
        let ending = reference_ending(*family);
        ending.rsplit('.').next().unwrap_or_default().to_string()
    })
}

/// The family named `name`, if any (the hidden test family too, where [`probe::enabled`]).
pub fn by_name(name: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().chain(probe::enabled()).find(|family| family.name() == name)
}

/// The family whose inputs include `path`, judged by its file name.
pub fn for_path(path: &Path) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().chain(probe::enabled()).find(|family| family.is_input(path))
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

    #[test]
    fn the_lists_of_extensions_come_from_the_families() {
        assert_eq!(
            extensions(),
            "tournament .csv, tic-tac-toe .in, guess .guess, scrabble .scrabble, Scrabble game .gcg"
        );
        assert_eq!(
            extensions_and_references(),
            "tournament .csv (reference .csv.expected), tic-tac-toe .in (.ref), guess .guess \
             (.guess.expected), scrabble .scrabble (.scrabble.expected), Scrabble game .gcg (.gcg.expected)"
        );
        assert_eq!(
            reference_extensions().collect::<Vec<_>>(),
            ["expected", "ref", "expected", "expected", "expected"]
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
