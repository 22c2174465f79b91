//! The registry: the one place in the runner that names the problem families. Every family is a
//! crate implementing [`solvebatch_core::Family`]; [`FAMILIES`] lists them. A run prepares each
//! family once ([`Family::prepare`]: the family crate reads what every file shares, such as a
//! dictionary) and then solves file after file with the [`Prepared`](solvebatch_core::Prepared)
//! value. `run`, `compare`, `review`, the family subcommands, the web app and the shards all go
//! through this path.
//!
//! Adding a family takes its crate (`solvers/<name>`, implementing `Family`), its line in
//! [`FAMILIES`] and the crate in `Cargo.toml`, nothing else: which files are its inputs and
//! references, its options, `--kind`, `list-solvers`, the help of `run` and the "no inputs found"
//! message all come from the trait. The hidden test family `solvebatch-probe` is added that way.
//! (A subcommand or a web page of its own is an addition, not a requirement.)
//!
//! One precedence rule everywhere: a flag given on the command line beats a setting inside the input
//! file, which beats the default.

use std::ffi::OsStr;
use std::path::Path;

use solvebatch_core::{Family, FamilyError, Settings, Status};
use solvebatch_guess::family::Guess;
use solvebatch_scrabble::family::{Gcg, Scrabble};
use solvebatch_tictactoe::family::TicTacToe;
use solvebatch_tournament::family::Tournament;

/// Every family, in the order `list-solvers` shows them.
pub static FAMILIES: &[&dyn Family] = &[&Tournament, &TicTacToe, &Guess, &Scrabble, &Gcg];

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

/// Every family, then the hidden test family where `SOLVEBATCH_PROBE_FAMILY=1`: its variable is read
/// only once the others are passed (a walk asks for each file's family).
fn all() -> impl Iterator<Item = &'static dyn Family> {
    FAMILIES.iter().copied().chain(std::iter::once_with(solvebatch_probe::enabled).flatten())
}

/// The family named `name`, if any (the hidden test family too, where `SOLVEBATCH_PROBE_FAMILY=1`).
pub fn by_name(name: &str) -> Option<&'static dyn Family> {
    all().find(|family| family.name() == name)
}

/// The command of the family whose own command writes JSON lines of `type` `kind` (`guess simulate`
/// for `simulation`), if any.
pub fn figures_command(kind: &str) -> Option<&'static str> {
    let kinds = FAMILIES.iter().flat_map(|family| family.figures_kinds());
    kinds.into_iter().find(|figures| figures.kind == kind).map(|figures| figures.command)
}

/// The family whose inputs include `path`, judged by its file name.
pub fn for_path(path: &Path) -> Option<&'static dyn Family> {
    all().find(|family| family.is_input(path))
}

/// Sets the option `name` to `value` for every family that takes it (the command line's
/// `--dictionary`, `--digits`, ...; the web app's query parameters): each keeps it in its own
/// settings type within `settings`.
///
/// # Errors
/// The first family's refusal of the value, as `digits: ...`.
pub fn set_option(settings: &mut Settings, name: &str, value: &OsStr) -> Result<(), FamilyError> {
    for family in FAMILIES.iter().filter(|family| family.options().iter().any(|option| option.name == name)) {
        family.set_option(settings, name, value).map_err(|error| format!("{name}: {error}"))?;
    }
    Ok(())
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
