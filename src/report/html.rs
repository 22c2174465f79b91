//! A self-contained HTML report (`--html FILE`): the summary, charts drawn inline as SVG, then the
//! results table with coloured verdicts and the diffs ([`super::figures`]); no network, no scripts, nothing loaded (its icon is inline too).

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
td,th{border:1px solid #ccc;padding:2px 6px;overflow-wrap:anywhere}td.number{text-align:right;overflow-wrap:normal}\
.good{color:#060}.warn{color:#960}.bad{color:#b00;font-weight:bold}\
.scroll{overflow-x:auto;max-width:100%}pre.diff{background:#f6f6f4;padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}\
figure{margin:2em 0}figure svg{max-width:100%;height:auto}\
.swatch{display:inline-block;width:1em;height:1em;margin:0 .3em 0 1em;vertical-align:middle}";

/// The icon of every page, inline (a 16 x 16 PNG: a white check mark on the web app's navigation
/// blue), so that no browser asks a server for a missing `/favicon.ico`.
pub const FAVICON: &str = "<link rel=\"icon\" type=\"image/png\" href=\"data:image/png;base64,\
    iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAARklEQVR42mNgAAJtK6//5GAGSjTDDRmBBsAAWQYgA5INwKYZwwBsCvBpxmkAsk\
    J8mrF6ARcgKRaI1Yw3EInRPEhSIqXZGQD3f+7KFMb1fgAAAABJRU5ErkJggg==\">";

impl Exporter for Html {
    fn finish(mut self: Box<Self>, report: &Report) -> anyhow::Result<()> {
        let page = page(report)?;
        self.file
            .write_all(page.as_bytes())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))?;
        self.file.commit()
    }
}

/// The whole HTML page of `report`: the summary and the charts first, then the results table(s)
/// and the diffs against references.
///
/// # Errors
/// A chart cannot be drawn.
pub fn page(report: &Report) -> anyhow::Result<String> {
    let mut body = String::new();
    let mut tables = String::new();
    let (title, figures) = match report {
        Report::Batch(batch) => {
            for line in summary_lines(batch.summary, batch.layout) {
                body.push_str(&format!("<p>{}</p>\n", escape(&line)));
            }
            tables.push_str(&table(&grid(batch, None)));
            if batch.layout == Layout::Compare && !batch.summary.solvers.is_empty() {
                tables.push_str(&table(&solver_grid(batch.summary)));
            }
            for (file, diff) in batch.diffs {
                tables.push_str(&format!(
                    "<h3>{} differs from its reference</h3>\n<pre class=\"diff\">{}</pre>\n",
                    escape(file),
                    escape(diff)
                ));
            }
            match batch.layout {
                Layout::Run => ("solvebatch run", figures::run(batch.records)?),
                Layout::Compare => ("solvebatch compare", figures::compare(batch.records, batch.summary)?),
            }
        }
        Report::Simulation(summaries, _) => {
            tables.push_str(&table(&super::simulation::figures_grid(summaries)));
            ("solvebatch guess simulate", figures::simulation(summaries)?)
        }
    };
    if !figures.is_empty() {
        body.push_str("<h2>Charts</h2>\n");
    }
    for chart in &figures {
        body.push_str(&figure(chart));
    }
    body.push_str("<h2>Results</h2>\n");
    body.push_str(&tables);
    Ok(document(title, &body))
}

/// A whole page titled `title` (plain text, not escaped: a fixed title) around `body` (HTML).
pub fn document(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n\
         {FAVICON}\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n{body}</body>\n</html>\n"
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

/// `grid` as an HTML table, scrolling sideways inside its box when wider than the page.
pub fn table(grid: &Grid) -> String {
    let mut html = String::from("<div class=\"scroll\"><table>\n<tr>");
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
    html.push_str("</table></div>\n");
    html
}

/// `text` safe inside HTML elements and attribute values, whatever it holds: markup's characters
/// escaped, and the characters XML forbids or discourages (control characters, noncharacters)
/// written as their escapes (`\u{1b}`), as [`super::markup`] describes.
pub fn escape(text: &str) -> String {
    super::markup::escape(text, super::markup::Place::Html)
}
