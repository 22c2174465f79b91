//! A comparison as the terminal, Markdown, HTML, JSON lines and CSV show it. Tables are laid out by
//! [`crate::report::table`] and pages by [`crate::report::html`], as every report's are.

use std::io::Write;

use anyhow::Context;
use serde::Serialize;

use super::classify::{Comparison, Kind, TimeRule, Timed};
use crate::output::OutputFile;
use crate::report::charts::{log_scatter_svg, solver_colour, Points};
use crate::report::figures::Figure;
use crate::report::table::{Cell, Grid, Tone};

/// The change table: one row per change.
pub fn grid(comparison: &Comparison) -> Grid {
    let solvers = comparison.changes.iter().any(|change| change.solver.is_some());
    let mut header = vec!["file".to_string()];
    if solvers {
        header.push("solver".to_string());
    }
    header.extend(["change", "old", "new"].map(String::from));
    let plain = |text: &str| Cell { text: text.to_string(), tone: Tone::Plain };
    let rows = comparison
        .changes
        .iter()
        .map(|change| {
            let mut row = vec![plain(&change.file)];
            if solvers {
                row.push(plain(change.solver.as_deref().unwrap_or("")));
            }
            row.push(Cell { text: change.kind.label().to_string(), tone: tone(change.kind) });
            row.extend([plain(&change.old), plain(&change.new)]);
            row
        })
        .collect();
    let numeric = vec![false; header.len()];
    Grid::new(header, rows, numeric)
}

fn tone(kind: Kind) -> Tone {
    match kind {
        Kind::Regression => Tone::Bad,
        Kind::Improvement | Kind::Faster => Tone::Good,
        Kind::Slower | Kind::Changed | Kind::Output | Kind::Input | Kind::Reference => Tone::Warn,
        Kind::Added | Kind::Removed => Tone::Plain,
    }
}

/// The lines under the table: what was compared and what changed, then the time rule applied.
pub fn summary_lines(comparison: &Comparison, rule: TimeRule) -> Vec<String> {
    let plural =
        |count: usize, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    let mut first = format!("diff: {} in both", plural(comparison.common, "file", "files"));
    for kind in [Kind::Added, Kind::Removed] {
        if comparison.count(kind) > 0 {
            first.push_str(&format!(", {} {}", comparison.count(kind), kind.label()));
        }
    }
    let counted: Vec<String> = Kind::ALL[..8]
        .iter()
        .filter(|kind| comparison.count(**kind) > 0)
        .map(|kind| {
            let count = comparison.count(*kind);
            match kind {
                Kind::Regression => plural(count, "regression", "regressions"),
                Kind::Improvement => plural(count, "improvement", "improvements"),
                _ => format!("{count} {}", kind.label()),
            }
        })
        .collect();
    if counted.is_empty() {
        first.push_str("; no changes");
    } else {
        first.push_str(&format!("; {}", counted.join(", ")));
    }
    let mut lines = vec![first];
    let mut rules = Vec::new();
    if comparison.by_factor > 0 {
        rules.push(format!(
            "{} timed once: a change counts past {}x and {} ms",
            comparison.by_factor, rule.factor, rule.min_ms
        ));
    }
    if comparison.by_range > 0 {
        rules.push(format!(
            "{} with repeated runs: a change counts where the min..max ranges do not overlap",
            comparison.by_range
        ));
    }
    if !rules.is_empty() {
        lines.push(format!("times: {}", rules.join("; ")));
    }
    lines
}

/// The solvers of `timed`: the old one when it differs, and the new one (empty when none is named).
fn pair(timed: &Timed) -> (Option<&str>, &str) {
    (timed.old_solver.as_deref(), timed.solver.as_deref().unwrap_or(""))
}

/// The log-log chart of old against new time (the median of each side's runs, as the change table
/// shows it), one point per file timed in both, in its new solver's colour ([`solver_colour`]: the
/// same as on the `run` and `compare` pages), named `old → new` in the legend when the runs used
/// different solvers: a filled circle within the time rule, a ring past it
/// (slower above the diagonal, faster below), with the line where they are equal.
///
/// # Errors
/// The chart cannot be drawn.
pub fn figure(comparison: &Comparison) -> anyhow::Result<Figure> {
    // A series per pair of solvers: `backtrack → dlx` when the runs used different ones.
    let mut pairs: Vec<(Option<&str>, &str)> = Vec::new();
    for timed in &comparison.timed {
        if !pairs.contains(&pair(timed)) {
            pairs.push(pair(timed));
        }
    }
    let series: Vec<Points> = pairs
        .iter()
        .flat_map(|pair| [(*pair, false), (*pair, true)])
        .map(|(wanted, ring)| Points {
            points: comparison
                .timed
                .iter()
                .filter(|timed| pair(timed) == wanted && timed.moved.is_some() == ring)
                .map(|timed| (timed.old_ms, timed.new_ms))
                .collect(),
            colour: solver_colour(wanted.1),
            ring,
        })
        .collect();
    let svg = log_scatter_svg(
        "time per file: old against new",
        ("old time, median of the runs (log scale)", "new time, median of the runs (log scale)"),
        &series,
        crate::report::charts::Guides::default(),
        &[],
    )?;
    Ok(Figure {
        svg,
        legend: pairs
            .iter()
            .filter(|(_, solver)| !solver.is_empty())
            .map(|(old, solver)| {
                let name = old.map_or_else(|| solver.to_string(), |old| format!("{old} → {solver}"));
                (name, solver_colour(solver).hex())
            })
            .collect(),
        table: None,
        note: Some(
            "Both axes are logarithmic; points on the diagonal took as long in both runs. A ring is a file \
             past the time rule: slower above the diagonal, faster below."
                .to_string(),
        ),
    })
}

/// The Markdown report: a title, the change table, the summary lines.
pub fn markdown(comparison: &Comparison, rule: TimeRule) -> String {
    let mut text = String::from("# solvebatch diff\n\n");
    if !comparison.changes.is_empty() {
        text.push_str(&crate::report::table::markdown(&grid(comparison)));
        text.push_str("\n\n");
    }
    for line in summary_lines(comparison, rule) {
        text.push_str(&line);
        text.push_str("\n\n");
    }
    text
}

/// The HTML page: the change table, the summary lines and the chart.
///
/// # Errors
/// The chart cannot be drawn.
pub fn html(comparison: &Comparison, rule: TimeRule) -> anyhow::Result<String> {
    use crate::report::html;
    let mut body = String::new();
    if !comparison.changes.is_empty() {
        body.push_str("<h2>Changes</h2>\n");
        // The files after the folder they all share, named in the caption; whole on hover.
        let files: Vec<String> = comparison.changes.iter().map(|change| change.file.clone()).collect();
        let folder = crate::paths::common_folder(files.iter().map(String::as_str));
        let mut changes = grid(comparison);
        if let Some(folder) = &folder {
            for row in &mut changes.rows {
                if let Some(shown) = row[0].text.strip_prefix(folder.as_str()) {
                    row[0].text = shown.to_string();
                }
            }
        }
        let caption = folder.map(|folder| format!("Paths are relative to {folder}."));
        body.push_str(&html::captioned_table(&changes, caption.as_deref(), Some(&files)));
    }
    for line in summary_lines(comparison, rule) {
        body.push_str(&format!("<p>{}</p>\n", html::escape(&line)));
    }
    body.push_str("<h2>Charts</h2>\n");
    body.push_str(&html::figure(&figure(comparison)?));
    Ok(html::document("solvebatch diff", &body))
}

/// The summary line of the JSON report.
#[derive(Serialize)]
struct Totals {
    /// Files in both reports.
    common: usize,
    /// Changes by kind (every kind, zero included).
    changes: std::collections::BTreeMap<Kind, usize>,
    /// The exit status of the comparison.
    exit_code: u8,
}

/// A line of the JSON report.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Line<'a> {
    Change(&'a super::classify::Change),
    Summary(Totals),
}

/// The JSON lines report: one `change` line per change, then a `summary` line.
///
/// # Errors
/// The file cannot be written.
pub fn json(mut file: OutputFile, comparison: &Comparison, exit_code: u8) -> anyhow::Result<()> {
    let mut text = Vec::new();
    for change in &comparison.changes {
        serde_json::to_writer(&mut text, &Line::Change(change))?;
        text.push(b'\n');
    }
    let changes = Kind::ALL.iter().map(|kind| (*kind, comparison.count(*kind))).collect();
    serde_json::to_writer(
        &mut text,
        &Line::Summary(Totals { common: comparison.common, changes, exit_code }),
    )?;
    text.push(b'\n');
    file.write_all(&text).with_context(|| format!("{}: cannot write", file.path().display()))?;
    file.commit()
}

/// The CSV report: one row per change, with the fields of the JSON `change` lines.
///
/// # Errors
/// The file cannot be written.
pub fn csv(file: OutputFile, comparison: &Comparison) -> anyhow::Result<()> {
    let path = file.path().to_path_buf();
    let cannot = || format!("{}: cannot write", path.display());
    let mut writer = csv::Writer::from_writer(file);
    if comparison.changes.is_empty() {
        writer
            .write_record(["file", "solver", "change", "old", "new", "old_ms", "new_ms"])
            .with_context(cannot)?;
    }
    for change in &comparison.changes {
        writer.serialize(change).with_context(cannot)?;
    }
    writer.into_inner().map_err(|error| error.into_error()).with_context(cannot)?.commit()
}
