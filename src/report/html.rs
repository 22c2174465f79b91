//! A self-contained HTML report (`--html FILE`): the results table with coloured verdicts, the
//! summary, and charts drawn inline as SVG ([`super::figures`]); no network, no scripts, no URL.

use std::io::Write;

use anyhow::Context;

use super::figures::{self, Figure};
use super::table::{grid, solver_grid, summary_lines, Grid, Tone};
use crate::output::OutputFile;
use crate::report::exporter::{Exporter, Layout, Report};

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
.good{color:#060}.warn{color:#960}.bad{color:#b00;font-weight:bold}\
figure{margin:2em 0}figure svg{max-width:100%;height:auto}\
.swatch{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;vertical-align:middle}";

impl Exporter for Html {
    fn finish(mut self: Box<Self>, report: &Report) -> anyhow::Result<()> {
        let page = page(report)?;
        self.file
            .write_all(page.as_bytes())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))?;
        self.file.commit()
    }
}

/// The whole HTML page of `report`: the results table, the summary and the charts.
///
/// # Errors
/// A chart cannot be drawn.
pub fn page(report: &Report) -> anyhow::Result<String> {
    let mut body = String::new();
    let (title, figures) = match report {
        Report::Batch(batch) => {
            body.push_str(&table(&grid(batch, None)));
            if batch.layout == Layout::Compare && !batch.summary.solvers.is_empty() {
                body.push_str(&table(&solver_grid(batch.summary)));
            }
            for line in summary_lines(batch.summary, batch.layout) {
                body.push_str(&format!("<p>{}</p>\n", escape(&line)));
            }
            match batch.layout {
                Layout::Run => ("solvebatch run", figures::run(batch.records)?),
                Layout::Compare => ("solvebatch compare", figures::compare(batch.records, batch.summary)?),
            }
        }
        Report::Simulation(summaries, _) => {
            body.push_str(&table(&super::simulation::figures_grid(summaries)));
            ("solvebatch guess simulate", figures::simulation(summaries)?)
        }
    };
    if !figures.is_empty() {
        body.push_str("<h2>Charts</h2>\n");
    }
    for chart in &figures {
        body.push_str(&figure(chart));
    }
    Ok(document(title, &body))
}

/// A whole page titled `title` (plain text, not escaped: a fixed title) around `body` (HTML).
pub fn document(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n{body}</body>\n</html>\n"
    )
}

/// A chart in a `<figure>`, with its legend, table and note in the caption.
pub fn figure(figure: &Figure) -> String {
    let mut html = format!("<figure>\n{}<figcaption>\n", figure.svg);
    if !figure.legend.is_empty() {
        html.push_str("<p class=\"legend\">");
        for (name, colour) in &figure.legend {
            html.push_str(&format!(
                "<span class=\"swatch\" style=\"background:{colour}\"></span>{}",
                escape(name)
            ));
        }
        html.push_str("</p>\n");
    }
    if let Some(grid) = &figure.table {
        html.push_str(&table(grid));
    }
    if let Some(note) = &figure.note {
        html.push_str(&format!("<p>{}</p>\n", escape(note)));
    }
    html.push_str("</figcaption>\n</figure>\n");
    html
}

/// `grid` as an HTML table.
pub fn table(grid: &Grid) -> String {
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
pub fn escape(text: &str) -> String {
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
