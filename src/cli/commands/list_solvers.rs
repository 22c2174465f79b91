//! `solvebatch list-solvers`: each family's solvers with a one-line description.

use std::io::Write;
use std::process::ExitCode;

use crate::family::FAMILIES;
use crate::report::style::ColorChoice;
use crate::report::style::Terminal;
use crate::report::table::{lay_out, Cell, Grid, Tone};

/// Prints one table row per solver; the first of each family is its default.
///
/// # Errors
/// Standard output cannot be written.
pub fn run() -> anyhow::Result<ExitCode> {
    let plain = |text: String| Cell { text, tone: Tone::Plain };
    let mut rows = Vec::new();
    for family in FAMILIES {
        for (index, solver) in family.solvers().iter().enumerate() {
            let name =
                if index == 0 { format!("{} (default)", solver.name) } else { solver.name.to_string() };
            rows.push(vec![
                plain(family.name().to_string()),
                plain(name),
                plain(solver.description.to_string()),
            ]);
        }
    }
    let mut grid =
        Grid::new(vec!["family".into(), "solver".into(), "description".into()], rows, vec![false; 3]);
    // Descriptions are read whole: wrapped within the terminal, never shortened.
    grid.prose[2] = true;
    grid.paths = false;
    let terminal = Terminal::detect(false, ColorChoice::Never);
    writeln!(std::io::stdout(), "{}", lay_out(&grid, terminal))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::style::width;
    use crate::report::table::MAX_CELL_COLUMNS;

    /// A table piped to a file cuts a cell past its limit; a description must never be cut.
    #[test]
    fn every_description_fits_a_table_cell_whole() {
        for family in FAMILIES {
            for solver in family.solvers() {
                let columns = width(solver.description);
                assert!(columns <= MAX_CELL_COLUMNS, "{}: {columns} columns", solver.name);
            }
        }
    }
}
