//! A self-contained HTML report (`--html FILE`): the results table with coloured verdicts and the
//! summary; no network, no scripts from elsewhere.

use std::io::Write;

use super::table::{grid, solver_grid, summary_lines, Grid, Tone};
use super::{Exporter, Layout, Report};
use crate::output::OutputFile;

/// The HTML exporter.
pub struct Html {
    file: OutputFile,
}

impl Html {
    /// Writes to `file`.
    pub fn new(file: OutputFile) -> Html {
        Html { file }
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}\
td,th{border:1px solid #ccc;padding:2px 8px}td.number{text-align:right}\
.good{color:#060}.warn{color:#960}.bad{color:#b00;font-weight:bold}";

impl Exporter for Html {
    fn finish(mut self: Box<Self>, report: &Report) -> anyhow::Result<()> {
        self.file.write_all(page(report).as_bytes())?;
        self.file.commit()
    }
}

/// The whole HTML document of `report`, as `--html` writes it (the web app offers it for download).
pub fn page(report: &Report) -> String {
    let mut body = String::new();
    let title = match report {
        Report::Batch(batch) => {
            body.push_str(&table(&grid(batch, None)));
            if batch.layout == Layout::Compare && !batch.summary.solvers.is_empty() {
                body.push_str(&table(&solver_grid(batch.summary)));
            }
            for line in summary_lines(batch.summary, batch.layout) {
                body.push_str(&format!("<p>{}</p>\n", escape(&line)));
            }
            if batch.layout == Layout::Run {
                "solvebatch run"
            } else {
                "solvebatch compare"
            }
        }
        Report::Simulation(summaries, _) => {
            body.push_str(&table(&super::simulation::figures_grid(summaries)));
            body.push_str(&table(&super::simulation::histogram_grid(summaries)));
            "solvebatch guess simulate"
        }
    };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
             <style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n{body}</body>\n</html>\n"
    )
}

/// `grid` as an HTML table.
fn table(grid: &Grid) -> String {
    let mut html = String::from("<table>\n<tr>");
    for name in &grid.header {
        html.push_str(&format!("<th>{}</th>", escape(name)));
    }
    html.push_str("</tr>\n");
    for row in &grid.rows {
        html.push_str("<tr>");
        for (cell, numeric) in row.iter().zip(&grid.numeric) {
            let mut classes = Vec::new();
            if *numeric {
                classes.push("number");
            }
            match cell.tone {
                Tone::Plain => {}
                Tone::Good => classes.push("good"),
                Tone::Warn => classes.push("warn"),
                Tone::Bad => classes.push("bad"),
            }
            let class =
                if classes.is_empty() { String::new() } else { format!(" class=\"{}\"", classes.join(" ")) };
            html.push_str(&format!("<td{class}>{}</td>", escape(&cell.text)));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
    html
}

/// `text` safe inside HTML elements and attribute values.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            c => escaped.push(c),
        }
    }
    escaped
}
