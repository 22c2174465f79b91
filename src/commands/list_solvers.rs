//! `solvebatch list-solvers`: each family's solvers with a one-line description.

use std::io::Write;
use std::process::ExitCode;

use crate::family::FAMILIES;

/// Prints one table row per solver; the first of each family is its default.
///
/// # Errors
/// Standard output cannot be written.
pub fn run() -> anyhow::Result<ExitCode> {
    let mut table = crate::report::table::new(&["family", "solver", "description"]);
    for family in FAMILIES {
        for (index, solver) in family.solvers().iter().enumerate() {
            let name =
                if index == 0 { format!("{} (default)", solver.name) } else { solver.name.to_string() };
            table.add_row([family.name(), &name, solver.description]);
        }
    }
    writeln!(std::io::stdout(), "{table}")?;
    Ok(ExitCode::SUCCESS)
}
