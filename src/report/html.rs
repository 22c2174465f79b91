//! A self-contained HTML report (`--html FILE`): the summary, charts drawn inline as SVG, then the
//! results table with coloured verdicts and the diffs ([`super::figures`]); no network, no scripts, nothing loaded (its icon is inline too).
//!
//! Tables never break a word: cells wrap at spaces only, a path also after each `/` (a `<wbr>`), and
//! a number stays on one line with its unit (`597.4 ms`, `± 0.02x`); paths are shown relative to the
//! folder all the inputs share, named in the table's caption.

use std::io::Write;

use anyhow::Context;

use std::path::Path;

use super::figures::{self, Figure};
use super::table::{grid, plain_grid, solver_grid, summary_lines, Grid, Tone};
use crate::output::OutputFile;
use crate::paths::common_folder;
use crate::report::exporter::{Batch, Exporter, Layout};
use crate::report::record::Record;
use solvebatch_core::figures::Figures;

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

/// The page's style. Cells wrap at spaces only (`overflow-wrap: normal`, `word-break: normal`): a word
/// wider than its column widens the table, which then scrolls inside its box (`.scroll`) rather than
/// break the word; `.nowrap` keeps a number with its unit.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em}\
table{border-collapse:collapse;font-size:.9em}@media (max-width:900px){body{margin:1em}table{font-size:.8em}}\
td,th{border:1px solid #ccc;padding:2px 4px;overflow-wrap:normal;word-break:normal;hyphens:manual;\
vertical-align:top;text-align:left}@media (max-width:900px){td,th{padding:2px 3px}}td.number{text-align:right}.nowrap{white-space:nowrap}\
caption{caption-side:top;text-align:left;color:#555;padding:.3em 0}\
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
    fn finish(mut self: Box<Self>, batch: &Batch) -> anyhow::Result<()> {
        let page = page(batch)?;
        self.file
            .write_all(page.as_bytes())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))?;
        self.file.commit()
    }
}

/// The whole HTML page of `batch`: the summary and the charts first, then the results table(s)
/// under their headings and the diffs against references.
///
/// # Errors
/// A chart cannot be drawn.
pub fn page(batch: &Batch) -> anyhow::Result<String> {
    let mut body = String::new();
    let mut tables = String::new();
    for line in summary_lines(batch.summary, batch.layout) {
        body.push_str(&format!("<p>{}</p>\n", unbroken_numbers(&line)));
    }
    let folder = common_folder(batch.records.iter().map(|record| record.file.as_str()));
    let mut caption = folder
        .as_ref()
        .map(|folder| format!("Paths are relative to {folder}."))
        .into_iter()
        .collect::<Vec<_>>();
    if batch.layout == Layout::Compare {
        caption.push(compare_times(batch.records));
    }
    let caption = caption.join(" ");
    let results = grid(batch, folder.as_deref().map(Path::new));
    // The results grid has a row per record (`run`) or per file (`compare`, in record order).
    let mut full_paths: Vec<String> = batch.records.iter().map(|record| record.file.clone()).collect();
    full_paths.dedup();
    tables.push_str(&captioned_table(
        &results,
        Some(caption.as_str()).filter(|caption| !caption.is_empty()),
        (full_paths.len() == results.rows.len()).then_some(full_paths.as_slice()),
    ));
    if batch.layout == Layout::Compare && !batch.summary.solvers.is_empty() {
        tables.push_str("<h2>Solver scores</h2>\n");
        tables.push_str(&captioned_table(
            &solver_grid(batch.summary),
            Some(
                "PAR-2 counts a file not solved as twice the time limit; total and CPU sum the \
                         files' times (the median of each file's runs).",
            ),
            None,
        ));
    }
    if !batch.diffs.is_empty() {
        tables.push_str("<h2>Differences from the references</h2>\n");
    }
    for (file, diff) in batch.diffs {
        tables.push_str(&format!(
            "<h3>{} differs from its reference</h3>\n<pre class=\"diff\">{}</pre>\n",
            path_html(file),
            escape(diff)
        ));
    }
    let (title, figures) = match batch.layout {
        Layout::Run => ("solvebatch run", figures::run(batch.records)?),
        Layout::Compare => ("solvebatch compare", figures::compare(batch.records, batch.summary)?),
    };
    Ok(with_charts(title, body, &figures, &tables))
}

/// The HTML page of a family's own command (`guess simulate`): its charts, then its tables.
///
/// # Errors
/// A chart cannot be drawn.
pub fn figures_page(figures: &dyn Figures) -> anyhow::Result<String> {
    let tables: String = figures.tables().iter().map(|shown| table(&plain_grid(shown))).collect();
    let charts = figures.bars().iter().map(figures::bars).collect::<anyhow::Result<Vec<_>>>()?;
    Ok(with_charts(&format!("solvebatch {}", figures.command()), String::new(), &charts, &tables))
}

/// The page titled `title`: `body`, then the charts under their heading, then `tables` under theirs.
fn with_charts(title: &str, mut body: String, figures: &[Figure], tables: &str) -> String {
    if !figures.is_empty() {
        body.push_str("<h2>Charts</h2>\n");
    }
    for chart in figures {
        body.push_str(&figure(chart));
    }
    body.push_str("<h2>Results</h2>\n");
    body.push_str(tables);
    document(title, &body)
}

/// What the times of `compare`'s results table are: the mean of each solver's runs, with their
/// standard deviation when there are several, the statistic the charts plot too.
fn compare_times(records: &[Record]) -> String {
    let runs = records.iter().map(|record| record.runs).max().unwrap_or(1);
    if runs > 1 {
        format!(
            "Each time is the mean of the solver's runs on the file (up to {runs}) ± their standard deviation \
             σ, as the charts plot it; the ratio is that mean over the fastest solver's, ± its uncertainty."
        )
    } else {
        "Each time is the solver's one run on the file, as the charts plot it; the ratio is that time over \
         the fastest solver's."
            .to_string()
    }
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
    captioned_table(grid, None, None)
}

/// `grid` as an HTML table under `caption` (plain text), scrolling sideways inside its box when
/// wider than the page. The column headed `file` holds paths ([`path_html`]), each with its whole
/// path as its title (row by row from `full_paths` when the cells show them shortened); every other
/// cell keeps its numbers with their units ([`unbroken_numbers`]).
pub fn captioned_table(grid: &Grid, caption: Option<&str>, full_paths: Option<&[String]>) -> String {
    let mut html = String::from("<div class=\"scroll\"><table>\n");
    if let Some(caption) = caption {
        html.push_str(&format!("<caption>{}</caption>\n", escape(caption)));
    }
    html.push_str("<tr>");
    for name in &grid.header {
        html.push_str(&format!("<th>{}</th>", unbroken_numbers(name)));
    }
    html.push_str("</tr>\n");
    for (index, row) in grid.rows.iter().enumerate() {
        html.push_str("<tr>");
        for ((cell, numeric), name) in row.iter().zip(&grid.numeric).zip(&grid.header) {
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
            let mut attributes =
                if classes.is_empty() { String::new() } else { format!(" class=\"{}\"", classes.join(" ")) };
            let text = if name == "file" {
                // The whole path on hover, as given, also where the cell shows it shortened.
                let whole = full_paths.and_then(|paths| paths.get(index)).unwrap_or(&cell.text);
                attributes.push_str(&format!(" title=\"{}\"", escape(whole)));
                path_html(&cell.text)
            } else {
                unbroken_numbers(&cell.text)
            };
            html.push_str(&format!("<td{attributes}>{text}</td>"));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table></div>\n");
    html
}

/// A path as HTML that may break after each `/` (a `<wbr>` there) and nowhere else.
fn path_html(path: &str) -> String {
    escape(path).replace('/', "/<wbr>")
}

/// The units a number in a table may carry, kept on its line.
const UNITS: [&str; 9] = ["µs", "ms", "s", "B", "KiB", "MiB", "GiB", "TiB", "x"];

/// `text` as HTML with each number and its unit (`597.4 ms`), a `±` with the number after it
/// (`± 0.02x`), and a word with a hyphen (`dlx-restarts`, `PAR-2`), which a browser would break after
/// it, kept on one line in a `<span class="nowrap">`; it breaks only between those groups and the
/// other words.
fn unbroken_numbers(text: &str) -> String {
    let number = |word: &str| word.starts_with(|c: char| c.is_ascii_digit()) && word.parse::<f64>().is_ok();
    let mut groups: Vec<Vec<&str>> = Vec::new();
    let mut joins_next = false;
    for word in text.split(' ') {
        let joins = match groups.last() {
            Some(group) => {
                joins_next
                    || (UNITS.contains(&word.trim_end_matches([',', ';', ')']))
                        && group.last().is_some_and(|last| number(last)))
            }
            None => false,
        };
        joins_next = word == "±";
        match groups.last_mut() {
            Some(group) if joins => group.push(word),
            _ => groups.push(vec![word]),
        }
    }
    let groups: Vec<String> = groups
        .iter()
        .map(|group| match group.as_slice() {
            [word] if !(word.len() > 1 && word.contains('-')) => escape(word),
            words => format!("<span class=\"nowrap\">{}</span>", escape(&words.join(" "))),
        })
        .collect();
    groups.join(" ")
}

/// `text` safe inside HTML elements and attribute values, whatever it holds: markup's characters
/// escaped, and the characters XML forbids or discourages (control characters, noncharacters)
/// written as their escapes (`\u{1b}`), as [`super::markup`] describes.
pub fn escape(text: &str) -> String {
    super::markup::escape(text, super::markup::Place::Html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_stay_with_their_units_and_a_plus_minus_with_its_number() {
        assert_eq!(
            unbroken_numbers("597.4 ms ± 12.0 ms 1.23 ± 0.05x"),
            "<span class=\"nowrap\">597.4 ms</span> <span class=\"nowrap\">± 12.0 ms</span> 1.23 \
             <span class=\"nowrap\">± 0.05x</span>"
        );
        assert_eq!(unbroken_numbers("timeout 10.00 s"), "timeout <span class=\"nowrap\">10.00 s</span>");
        // Words alone, a unit with no number before it, and text to escape are left as they are.
        assert_eq!(unbroken_numbers("solved"), "solved");
        assert_eq!(unbroken_numbers("in ms <b>"), "in ms &lt;b&gt;");
        assert_eq!(unbroken_numbers("12.5 MiB heap"), "<span class=\"nowrap\">12.5 MiB</span> heap");
        // A browser breaks after a hyphen: not inside a solver's name.
        assert_eq!(unbroken_numbers("dlx-restarts - x"), "<span class=\"nowrap\">dlx-restarts</span> - x");
    }

    #[test]
    fn a_path_may_break_after_its_slashes_only() {
        assert_eq!(path_html("hard/t-45&.csv"), "hard/<wbr>t-45&amp;.csv");
    }

    #[test]
    fn the_style_forbids_breaking_inside_words() {
        for rule in ["overflow-wrap:normal", "word-break:normal", ".nowrap{white-space:nowrap}"] {
            assert!(STYLE.contains(rule), "{rule}");
        }
        // Only the diffs' preformatted lines may break anywhere; no table cell may.
        assert_eq!(STYLE.matches("overflow-wrap:anywhere").count(), 1);
        assert!(STYLE.contains(
            "pre.diff{background:#f6f6f4;padding:.5em;white-space:pre-wrap;overflow-wrap:anywhere}"
        ));
        assert!(!STYLE.contains("break-all"));
    }
}
