//! What `history` shows, in every format: a table (laid out by [`crate::report::table`] on the
//! terminal and in Markdown), lines under it, JSON lines and CSV rows of the same items, and an HTML
//! page ([`crate::report::html`]) with the table, the pass/fail strip of every file and solver, and
//! each file's time per run, one series per solver in its colour ([`solver_colour`]), change points
//! marked.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use anyhow::Context;
use serde_json::Value;

use super::changes::{self, Change};
use super::flaky::Flaky;
use super::store::{ResultRow, RunRow};
use crate::output::OutputFile;
use crate::report::charts::{log_line_chart_marked_svg, solver_colour};
use crate::report::figures::Figure;
use crate::report::html;
use crate::report::style::{duration, Terminal};
use crate::report::table::{Cell, Grid, Tone};

/// One answer of `history`, ready for every format.
pub struct View<'a> {
    /// The page's title.
    pub title: String,
    /// The table.
    pub grid: Grid,
    /// The lines under the table.
    pub lines: Vec<String>,
    /// The items of the table as JSON objects: the JSON lines (each with `type` [`View::kind`]
    /// first) and CSV rows.
    pub items: Vec<Value>,
    /// What the items are: the JSON lines' `type`.
    pub kind: &'static str,
    /// The items' fields, in the order the JSON lines and the CSV columns give them.
    pub columns: &'static [&'static str],
    /// The runs and results the page's charts draw.
    pub runs: &'a [RunRow],
    /// The results drawn.
    pub results: Vec<&'a ResultRow>,
    /// The change points to mark, by file and solver: the runs.
    pub marks: BTreeMap<(String, Option<String>), Vec<i64>>,
}

fn plain(text: impl Into<String>) -> Cell {
    Cell { text: text.into(), tone: Tone::Plain }
}

/// The list of runs, with each run's count of results that passed and failed.
pub fn runs<'a>(name: &str, runs: &'a [RunRow], results: &'a [ResultRow]) -> View<'a> {
    let mut counts: BTreeMap<i64, (usize, usize)> = BTreeMap::new();
    for row in results {
        let count = counts.entry(row.run).or_default();
        if row.passes {
            count.0 += 1;
        } else {
            count.1 += 1;
        }
    }
    let header = ["run", "recorded", "command", "label", "commit", "passed", "failed", "wall time"];
    let mut rows = Vec::new();
    let mut items = Vec::new();
    for run in runs {
        let (passed, failed) = counts.get(&run.id).copied().unwrap_or_default();
        rows.push(vec![
            plain(run.id.to_string()),
            plain(&run.recorded_at),
            plain(match &run.source {
                Some(source) => format!("{} {source}", run.command),
                None => run.command.clone(),
            }),
            plain(run.label.as_deref().unwrap_or("")),
            plain(run.git_commit.as_deref().map(changes::short).unwrap_or_default()),
            plain(passed.to_string()),
            Cell { text: failed.to_string(), tone: if failed > 0 { Tone::Bad } else { Tone::Good } },
            plain(duration(run.wall_ms)),
        ]);
        items.push(serde_json::json!({
            "run": run.id,
            "recorded_at": run.recorded_at,
            "command": run.command,
            "label": run.label,
            "source": run.source,
            "git_commit": run.git_commit,
            "cores": run.cores,
            "cpu_model": run.cpu_model,
            "strict": run.strict,
            "passed": passed,
            "failed": failed,
            "wall_ms": crate::report::record::round_to_microseconds(run.wall_ms),
        }));
    }
    let files: BTreeSet<&str> = results.iter().map(|row| row.file.as_str()).collect();
    let numeric = vec![true, false, false, false, false, true, true, true];
    View {
        title: "solvebatch history".to_string(),
        grid: Grid { paths: false, ..Grid::new(header.map(String::from).to_vec(), rows, numeric) },
        lines: vec![format!("{name}: {} of {}", plural(runs.len(), "run"), plural(files.len(), "file"))],
        items,
        kind: "run",
        columns: &[
            "run",
            "recorded_at",
            "command",
            "label",
            "source",
            "git_commit",
            "cores",
            "cpu_model",
            "strict",
            "passed",
            "failed",
            "wall_ms",
        ],
        runs,
        results: results.iter().collect(),
        marks: time_marks(results),
    }
}

/// One file's story: its result in each run, solver by solver.
pub fn story<'a>(file: &str, runs: &'a [RunRow], results: &'a [ResultRow]) -> View<'a> {
    let by_id: BTreeMap<i64, &RunRow> = runs.iter().map(|run| (run.id, run)).collect();
    let header = ["run", "recorded", "label", "solver", "result", "time", "min..max", "input", "output"];
    let mut rows = Vec::new();
    let mut items = Vec::new();
    for row in results {
        let run = by_id.get(&row.run);
        let hash = |hash: &Option<String>| hash.as_deref().map(changes::short).unwrap_or_default();
        rows.push(vec![
            plain(row.run.to_string()),
            plain(run.map(|run| run.recorded_at.clone()).unwrap_or_default()),
            plain(run.and_then(|run| run.label.clone()).unwrap_or_default()),
            plain(row.solver.as_deref().unwrap_or("")),
            Cell { text: changes::outcome(row), tone: if row.passes { Tone::Good } else { Tone::Bad } },
            plain(duration(row.ms)),
            plain(format!("{}..{}", duration(row.min_ms), duration(row.max_ms))),
            plain(hash(&row.input_hash)),
            plain(hash(&row.output_hash)),
        ]);
        items.push(serde_json::json!({
            "run": row.run,
            "file": row.file,
            "solver": row.solver,
            "status": row.status,
            "verdict": row.verdict,
            "passes": row.passes,
            "ms": crate::report::record::round_to_microseconds(row.ms),
            "min_ms": crate::report::record::round_to_microseconds(row.min_ms),
            "max_ms": crate::report::record::round_to_microseconds(row.max_ms),
            "input_hash": row.input_hash,
            "reference_hash": row.reference_hash,
            "output_hash": row.output_hash,
        }));
    }
    let failed = results.iter().filter(|row| !row.passes).count();
    let numeric = vec![true, false, false, false, false, true, true, false, false];
    View {
        title: format!("solvebatch history of {file}"),
        grid: Grid { paths: false, ..Grid::new(header.map(String::from).to_vec(), rows, numeric) },
        lines: vec![format!(
            "{file}: {} in {}, {failed} failed",
            plural(results.len(), "result"),
            plural(by_id.len(), "run")
        )],
        items,
        kind: "result",
        columns: &[
            "run",
            "file",
            "solver",
            "status",
            "verdict",
            "passes",
            "ms",
            "min_ms",
            "max_ms",
            "input_hash",
            "reference_hash",
            "output_hash",
        ],
        runs,
        results: results.iter().collect(),
        marks: time_marks(results),
    }
}

/// The changes found, with the charts of the files that changed.
pub fn regressions<'a>(
    changes: &[Change],
    since: Option<(&str, i64)>,
    runs: &'a [RunRow],
    results: &'a [ResultRow],
) -> View<'a> {
    let header = ["file", "solver", "run", "change", "before", "after", "p-value"];
    let rows = changes
        .iter()
        .map(|change| {
            let tone = match change.kind {
                changes::Kind::Slower | changes::Kind::Fails => Tone::Bad,
                changes::Kind::Faster | changes::Kind::Fixed => Tone::Good,
                changes::Kind::Answer => Tone::Warn,
            };
            vec![
                plain(&change.file),
                plain(change.solver.as_deref().unwrap_or("")),
                plain(change.run.to_string()),
                Cell { text: change.kind.label().to_string(), tone },
                plain(&change.before),
                plain(&change.after),
                plain(change.p_value.map(|p| format!("{p:.1e}")).unwrap_or_default()),
            ]
        })
        .collect();
    let items = changes.iter().map(|change| serde_json::to_value(change).unwrap_or_default()).collect();
    let changed: BTreeSet<&str> = changes.iter().map(|change| change.file.as_str()).collect();
    let mut marks: BTreeMap<(String, Option<String>), Vec<i64>> = BTreeMap::new();
    for change in changes.iter().filter(|change| change.p_value.is_some()) {
        marks.entry((change.file.clone(), change.solver.clone())).or_default().push(change.run);
    }
    let count = |kind: changes::Kind| changes.iter().filter(|change| change.kind == kind).count();
    let mut line = format!(
        "{}: {} slower, {} faster, {} answers changed, {} started to fail, {} pass again",
        plural(changes.len(), "change"),
        count(changes::Kind::Slower),
        count(changes::Kind::Faster),
        count(changes::Kind::Answer),
        count(changes::Kind::Fails),
        count(changes::Kind::Fixed),
    );
    if let Some((label, run)) = since {
        line.push_str(&format!(" (after run {run}, the first labelled {label})"));
    }
    let test = format!(
        "times: a change where the windows of up to {} runs before and after differ by the Mann-Whitney U test \
         (p < {}, at least {} runs each) and their medians by {}x or more",
        changes::WINDOW,
        changes::ALPHA,
        changes::MIN_WINDOW,
        changes::MIN_FACTOR
    );
    View {
        title: "solvebatch history: regressions".to_string(),
        grid: Grid::new(
            header.map(String::from).to_vec(),
            rows,
            vec![false, false, true, false, true, true, true],
        ),
        lines: vec![line, test],
        items,
        kind: "change",
        columns: &["file", "solver", "run", "kind", "before", "after", "p_value", "before_ms", "after_ms"],
        runs,
        results: results.iter().filter(|row| changed.contains(row.file.as_str())).collect(),
        marks,
    }
}

/// The flaky files, with their charts.
pub fn flaky<'a>(found: &[Flaky], runs: &'a [RunRow], results: &'a [ResultRow]) -> View<'a> {
    let header = ["file", "solver", "runs", "flips", "results", "last flip"];
    let rows = found
        .iter()
        .map(|flaky| {
            let seen: Vec<String> =
                flaky.results.iter().map(|(result, count)| format!("{result} ×{count}")).collect();
            vec![
                plain(&flaky.file),
                plain(flaky.solver.as_deref().unwrap_or("")),
                plain(flaky.runs.to_string()),
                Cell { text: flaky.flips.to_string(), tone: Tone::Warn },
                plain(seen.join("; ")),
                plain(flaky.last_run.to_string()),
            ]
        })
        .collect();
    let files: BTreeSet<&str> = found.iter().map(|flaky| flaky.file.as_str()).collect();
    View {
        title: "solvebatch history: flaky files".to_string(),
        grid: Grid::new(header.map(String::from).to_vec(), rows, vec![false, false, true, true, false, true]),
        lines: vec![format!(
            "{}: a result came back after another, with the same input and reference",
            plural(found.len(), "flaky file/solver pair")
        )],
        items: found.iter().map(|flaky| serde_json::to_value(flaky).unwrap_or_default()).collect(),
        kind: "flaky",
        columns: &["file", "solver", "input_hash", "runs", "flips", "results", "last_run"],
        runs,
        results: results.iter().filter(|row| files.contains(row.file.as_str())).collect(),
        marks: BTreeMap::new(),
    }
}

/// The time change points of every file and solver of `results`.
fn time_marks(results: &[ResultRow]) -> BTreeMap<(String, Option<String>), Vec<i64>> {
    let mut marks: BTreeMap<(String, Option<String>), Vec<i64>> = BTreeMap::new();
    for change in changes::find(results, None).into_iter().filter(|change| change.p_value.is_some()) {
        marks.entry((change.file, change.solver)).or_default().push(change.run);
    }
    marks
}

/// `1 NOUN`, or `COUNT NOUNs`.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

impl View<'_> {
    /// The table and the lines on standard output; only the lines, on standard error, when a report
    /// goes to standard output.
    ///
    /// # Errors
    /// Standard output cannot be written.
    pub fn print(&self, terminal: Terminal, summary_only_on_stderr: bool) -> anyhow::Result<()> {
        let lines = self.lines.join("\n");
        if summary_only_on_stderr {
            eprintln!("{lines}");
            return Ok(());
        }
        let mut text = String::new();
        if !self.grid.rows.is_empty() && !terminal.quiet {
            text.push_str(&crate::report::table::lay_out(&self.grid, terminal));
            text.push('\n');
        }
        text.push_str(&lines);
        text.push('\n');
        std::io::stdout().write_all(text.as_bytes())?;
        Ok(())
    }

    /// Writes the report `option` (`--json`, `--csv`, `--markdown`, `--html`) to `file`.
    ///
    /// # Errors
    /// A chart cannot be drawn, or the file cannot be written.
    pub fn write(&self, option: &str, mut file: OutputFile) -> anyhow::Result<()> {
        let text = match option {
            "--json" => {
                let mut text = String::new();
                for item in &self.items {
                    text.push_str(&format!("{{\"type\":{}", serde_json::to_string(self.kind)?));
                    for key in self.columns {
                        let value = item.get(key).unwrap_or(&Value::Null);
                        text.push_str(&format!(
                            ",{}:{}",
                            serde_json::to_string(key)?,
                            serde_json::to_string(value)?
                        ));
                    }
                    text.push_str("}\n");
                }
                text
            }
            "--csv" => self.csv()?,
            "--markdown" => {
                let mut text = format!("# {}\n\n", self.title);
                if !self.grid.rows.is_empty() {
                    text.push_str(&crate::report::table::markdown(&self.grid));
                    text.push_str("\n\n");
                }
                for line in &self.lines {
                    text.push_str(&format!("{line}\n\n"));
                }
                text
            }
            _ => self.html()?,
        };
        file.write_all(text.as_bytes())
            .with_context(|| format!("{}: cannot write", file.path().display()))?;
        file.commit()
    }

    /// One CSV row per item, its fields as columns; a list or an object in a field is written as
    /// its JSON text.
    fn csv(&self) -> anyhow::Result<String> {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(self.columns)?;
        for item in &self.items {
            let row = self.columns.iter().map(|key| match item.get(key) {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(text)) => text.clone(),
                Some(other) => other.to_string(),
            });
            writer.write_record(row)?;
        }
        Ok(String::from_utf8(writer.into_inner().map_err(|error| error.into_error())?)?)
    }

    /// The page: the table and lines, the pass/fail strips, then a chart per file.
    ///
    /// # Errors
    /// A chart cannot be drawn.
    pub fn html(&self) -> anyhow::Result<String> {
        let mut body = String::new();
        if !self.grid.rows.is_empty() {
            body.push_str(&html::table(&self.grid));
        }
        for line in &self.lines {
            body.push_str(&format!("<p>{}</p>\n", html::escape(line)));
        }
        let positions: BTreeMap<i64, usize> =
            self.runs.iter().enumerate().map(|(index, run)| (run.id, index + 1)).collect();
        let mut by_file: BTreeMap<&str, BTreeMap<Option<&str>, Vec<&ResultRow>>> = BTreeMap::new();
        for row in &self.results {
            by_file.entry(row.file.as_str()).or_default().entry(row.solver.as_deref()).or_default().push(row);
        }
        if by_file.is_empty() {
            return Ok(html::document(&html::escape(&self.title), &body));
        }
        body.push_str(
            "<h2>Pass and fail, run by run</h2>\n<p>One mark per run, oldest first: green passed, red \
             failed, grey not run.</p>\n",
        );
        body.push_str("<div class=\"scroll\"><table>\n<tr><th>file</th><th>solver</th><th>runs</th></tr>\n");
        for (file, solvers) in &by_file {
            for (solver, rows) in solvers {
                body.push_str(&format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                    html::escape(file),
                    html::escape(solver.unwrap_or("")),
                    strip(rows, &positions, self.runs.len())
                ));
            }
        }
        body.push_str("</table></div>\n<h2>Time per run</h2>\n");
        for (file, solvers) in &by_file {
            body.push_str(&format!("<h3>{}</h3>\n", html::escape(file)));
            body.push_str(&html::figure(&self.chart(file, solvers, &positions)?));
        }
        Ok(html::document(&html::escape(&self.title), &body))
    }

    /// The chart of `file`: a series per solver of its time in each run where it was solved or had
    /// no solution, change points marked.
    fn chart(
        &self,
        file: &str,
        solvers: &BTreeMap<Option<&str>, Vec<&ResultRow>>,
        positions: &BTreeMap<i64, usize>,
    ) -> anyhow::Result<Figure> {
        let mut series = Vec::new();
        let mut names = Vec::new();
        let mut marks = Vec::new();
        for (solver, rows) in solvers {
            let mut values = vec![None; self.runs.len()];
            for row in rows {
                if matches!(row.status, solvebatch_core::Status::Solved | solvebatch_core::Status::NoSolution)
                {
                    if let Some(&position) = positions.get(&row.run) {
                        values[position - 1] = Some(row.ms.max(0.001));
                    }
                }
            }
            series.push(values);
            names.push(solver.unwrap_or("").to_string());
            let key = (file.to_string(), solver.map(str::to_string));
            marks.extend(
                self.marks.get(&key).into_iter().flatten().filter_map(|run| positions.get(run).copied()),
            );
        }
        let colours: Vec<_> = names.iter().map(|name| solver_colour(name)).collect();
        let svg = log_line_chart_marked_svg(
            &format!("time per run: {file}"),
            ("run", "time (log scale)"),
            &series,
            &colours,
            duration,
            None,
            &names,
            &marks,
        )?;
        Ok(Figure {
            svg,
            legend: names.iter().map(|name| (name.clone(), solver_colour(name).hex())).collect(),
            table: None,
            note: (!marks.is_empty()).then(|| {
                "A grey vertical line marks a change point: the first run of a new level of time.".to_string()
            }),
        })
    }
}

/// The pass/fail strip of one file and solver: an SVG of one mark per run.
fn strip(rows: &[&ResultRow], positions: &BTreeMap<i64, usize>, runs: usize) -> String {
    const WIDTH: f64 = 600.0;
    let step = WIDTH / runs.max(1) as f64;
    let mut svg = format!(
        "<svg width=\"{WIDTH}\" height=\"14\" role=\"img\">\
         <rect width=\"{WIDTH}\" height=\"14\" fill=\"#ddd\"/>"
    );
    for row in rows {
        if let Some(&position) = positions.get(&row.run) {
            let colour = if row.passes { "#060" } else { "#b00" };
            svg.push_str(&format!(
                "<rect x=\"{:.2}\" width=\"{:.2}\" height=\"14\" fill=\"{colour}\">\
                 <title>run {}: {}</title></rect>",
                (position - 1) as f64 * step,
                step.max(1.0),
                row.run,
                html::escape(&changes::outcome(row))
            ));
        }
    }
    svg.push_str("</svg>");
    svg
}
