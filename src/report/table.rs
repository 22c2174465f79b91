//! The results and timings table printed on the terminal.

use std::io::IsTerminal;

use comfy_table::{presets, CellAlignment, ContentArrangement, Table};

use super::{Record, Verdict};

/// A table with the given header; Markdown when standard output is not a terminal, so that piped output
/// is stable and pastes into documents.
pub fn new(header: &[&str]) -> Table {
    let mut table = Table::new();
    if std::io::stdout().is_terminal() {
        table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic);
    } else {
        table.load_preset(presets::ASCII_MARKDOWN);
    }
    table.set_header(header.iter().copied());
    table
}

/// One row per record: file, family, solver, result, verdict, milliseconds.
pub fn render(records: &[Record]) -> String {
    let mut table = new(&["file", "family", "solver", "result", "reference", "ms"]);
    for record in records {
        let verdict = match record.verdict {
            Some(Verdict::Same) => "same",
            Some(Verdict::Differs) => "DIFFERS",
            None => "",
        };
        table.add_row([
            record.file.clone(),
            record.family.clone(),
            record.solver.clone(),
            record.result(),
            verdict.to_string(),
            format!("{:.3}", record.ms),
        ]);
    }
    table.column_mut(5).expect("the table has six columns").set_cell_alignment(CellAlignment::Right);
    table.to_string()
}
