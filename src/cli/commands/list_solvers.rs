//! `solvebatch list-solvers`: each family's solvers with a one-line description.

use std::io::Write;
use std::process::ExitCode;

use crate::family::FAMILIES;
use crate::report::style::Terminal;
use crate::report::style::{wrap_prose, ColorChoice};
use crate::report::table::{lay_out, Cell, Grid, Tone};

/// Prints one table row per solver (the first of each family is its default), then each family's
/// inputs: its name as `--kind` takes it, the ending of its files, and what they are where the name
/// does not say it (`gcg .gcg (Scrabble game)`: the scrabble family's recorded games).
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
    let inputs = inputs_line();
    let inputs = terminal.width.map_or_else(|| vec![inputs.clone()], |columns| wrap_prose(&inputs, columns));
    writeln!(std::io::stdout(), "{}\n\n{}", lay_out(&grid, terminal), inputs.join("\n"))?;
    Ok(ExitCode::SUCCESS)
}

/// `Inputs by family: tournament .csv, tictactoe .in (tic-tac-toe), ...`: each family's name, the
/// ending of its input files, and its title where it differs from the name.
fn inputs_line() -> String {
    let inputs: Vec<String> = FAMILIES
        .iter()
        .map(|family| match family.title() {
            title if title == family.name() => format!("{} {}", family.name(), family.extension()),
            title => format!("{} {} ({title})", family.name(), family.extension()),
        })
        .collect();
    format!("Inputs by family: {}.", inputs.join(", "))
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
