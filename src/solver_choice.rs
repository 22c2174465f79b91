//! What `run --solver` chose: `--solver NAME` for every family of a run (a one-family run), and
//! `--solver FAMILY=NAME`, repeatable, for one family each; a family named by neither takes its
//! default solver.

use std::collections::BTreeMap;

use crate::error::UsageError;
use crate::family::{self, FAMILIES};
use crate::options::family_named;
use solvebatch_core::Family;

/// The solvers `--solver` chose, checked against the families.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SolverChoice {
    /// `--solver NAME`: for every family not named below.
    every: Option<String>,
    /// `--solver FAMILY=NAME`, by family name.
    by_family: BTreeMap<&'static str, String>,
}

impl SolverChoice {
    /// Reads the values of `--solver`, each `NAME` or `FAMILY=NAME`; `kind` is the family forced by
    /// `--kind`, which a bare name must belong to.
    ///
    /// # Errors
    /// A [`UsageError`] naming an unknown family, a solver the family does not offer (a bare name:
    /// that no family offers), a family named twice, or two bare names.
    pub fn parse(given: &[String], kind: Option<&'static dyn Family>) -> anyhow::Result<SolverChoice> {
        let mut choice = SolverChoice::default();
        for value in given {
            match value.split_once('=') {
                Some((family, solver)) => {
                    let family = family_named(family)
                        .map_err(|error| UsageError(format!("--solver {value}: {error}")))?;
                    family
                        .check_solver(solver)
                        .map_err(|unknown| UsageError(format!("--solver {value}: {unknown}")))?;
                    if choice.by_family.insert(family.name(), solver.to_string()).is_some() {
                        return Err(
                            UsageError(format!("--solver names the {} family twice", family.name())).into()
                        );
                    }
                }
                None => {
                    if let Some(first) = &choice.every {
                        return Err(UsageError(format!(
                            "--solver {first} and --solver {value}: one solver for every family, or \
                             FAMILY=NAME for each"
                        ))
                        .into());
                    }
                    check_bare(value, kind)?;
                    choice.every = Some(value.clone());
                }
            }
        }
        Ok(choice)
    }

    /// The solver chosen for `family`, if any.
    pub fn for_family(&self, family: &dyn Family) -> Option<&str> {
        self.by_family.get(family.name()).or(self.every.as_ref()).map(String::as_str)
    }

    /// The choice as reports record it (`dlx`, `guess=optimal,tournament=dlx`), `None` when nothing
    /// was chosen.
    pub fn recorded(&self) -> Option<String> {
        let mut parts: Vec<String> = self.every.iter().cloned().collect();
        parts.extend(self.by_family.iter().map(|(family, solver)| format!("{family}={solver}")));
        (!parts.is_empty()).then(|| parts.join(","))
    }
}

/// Checks the bare `--solver NAME`: a solver of `kind` when given, else of some family.
fn check_bare(solver: &str, kind: Option<&'static dyn Family>) -> anyhow::Result<()> {
    let offered = |family: &dyn Family| family.check_solver(solver);
    match kind {
        Some(family) => offered(family).map_err(|unknown| UsageError(unknown.to_string()).into()),
        None if !FAMILIES.iter().any(|family| offered(*family).is_ok()) => Err(UsageError(format!(
            "no solver is called `{solver}`; `solvebatch list-solvers` lists them (for a mixed run, \
             give each family its own: --solver FAMILY=NAME)"
        ))
        .into()),
        None => Ok(()),
    }
}

/// The hint after a bare `--solver` that a family met in a mixed run does not offer: the
/// `FAMILY=NAME` form, with `family`'s default as the example.
pub fn per_family_hint(family: &str) -> String {
    let default = family::by_name(family).map_or("NAME", |family| family.default_solver());
    format!("give each family its own solver with --solver FAMILY=NAME, such as --solver {family}={default}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(given: &[&str]) -> Result<SolverChoice, String> {
        let given: Vec<String> = given.iter().map(|value| value.to_string()).collect();
        SolverChoice::parse(&given, None).map_err(|error| error.to_string())
    }

    #[test]
    fn each_family_takes_its_own_solver_or_the_bare_one() {
        let choice = parse(&["tournament=dlx", "guess=optimal"]).unwrap();
        let family = |name| family::by_name(name).unwrap();
        assert_eq!(choice.for_family(family("tournament")), Some("dlx"));
        assert_eq!(choice.for_family(family("guess")), Some("optimal"));
        assert_eq!(choice.for_family(family("scrabble")), None);
        assert_eq!(choice.recorded().as_deref(), Some("guess=optimal,tournament=dlx"));
        let choice = parse(&["dlx", "guess=optimal"]).unwrap();
        assert_eq!(choice.for_family(family("tournament")), Some("dlx"));
        assert_eq!(choice.for_family(family("guess")), Some("optimal"));
        assert_eq!(parse(&[]).unwrap().recorded(), None);
    }

    #[test]
    fn unknown_families_and_solvers_are_named() {
        assert_eq!(
            parse(&["chess=dlx"]).unwrap_err(),
            "--solver chess=dlx: no family is called `chess`; the families are tournament, tictactoe, guess, scrabble, gcg"
        );
        assert_eq!(
            parse(&["guess=dlx"]).unwrap_err(),
            "--solver guess=dlx: the guess family has no solver `dlx` (it has: first, minimax, max-parts, entropy, optimal)"
        );
        assert_eq!(
            parse(&["guess=first", "guess=optimal"]).unwrap_err(),
            "--solver names the guess family twice"
        );
        assert_eq!(
            parse(&["dlx", "sat"]).unwrap_err(),
            "--solver dlx and --solver sat: one solver for every family, or FAMILY=NAME for each"
        );
        assert_eq!(
            parse(&["magic"]).unwrap_err(),
            "no solver is called `magic`; `solvebatch list-solvers` lists them (for a mixed run, give each \
             family its own: --solver FAMILY=NAME)"
        );
    }
}
