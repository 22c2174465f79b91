//! The results table, laid out once for the terminal and for Markdown: one row per file (`run`), or
//! one row per file and one column per solver (`compare`); then the summary lines.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use comfy_table::{presets, CellAlignment, Color, ContentArrangement, Table};

use super::style::{elide_end, elide_middle, escape_cell, widest_line, width, wrap_at_spaces, wrap_within};
use crate::family::status_label;
use crate::paths::{common_folder, display_path};
use crate::report::exporter::{Batch, Exporter, Layout};
use crate::report::record::Record;
use crate::report::scores::Scores;
use crate::report::style::{duration, Terminal};
use crate::report::summary::Summary;
use solvebatch_core::figures;
use solvebatch_core::{Status, Verdict};

/// How a cell reads at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Plain.
    Plain,
    /// As expected.
    Good,
    /// Worth a look.
    Warn,
    /// Wrong.
    Bad,
}

/// One cell: its text and tone.
#[derive(Debug, Clone)]
pub struct Cell {
    /// The text, unescaped.
    pub text: String,
    /// How it reads.
    pub tone: Tone,
}

fn cell(text: impl Into<String>, tone: Tone) -> Cell {
    Cell { text: text.into(), tone }
}

/// A laid-out table: a header, rows of cells, which columns hold numbers (right-aligned), and which
/// column holds file paths (shortened in the middle on a narrow terminal).
#[derive(Debug, Clone)]
pub struct Grid {
    /// Column names.
    pub header: Vec<String>,
    /// Rows of cells, one per header column.
    pub rows: Vec<Vec<Cell>>,
    /// Per column: whether it holds numbers.
    pub numeric: Vec<bool>,
    /// Per column: whether its texts are prose that wraps onto more lines within its cell on a
    /// narrow terminal (else a text too long for its column is written whole under its row).
    pub prose: Vec<bool>,
    /// Whether column 0 holds file paths: cut in the middle, and written whole under their rows
    /// where two would read alike.
    pub paths: bool,
}

impl Grid {
    /// A grid of `header`, `rows` and `numeric` columns, file paths in column 0, no prose column.
    pub fn new(header: Vec<String>, rows: Vec<Vec<Cell>>, numeric: Vec<bool>) -> Grid {
        let prose = vec![false; header.len()];
        Grid { header, rows, numeric, prose, paths: true }
    }

    /// The grid of `columns` (indices, in order) alone.
    fn with_columns(&self, columns: &[usize]) -> Grid {
        let pick = |values: &[bool]| columns.iter().map(|&index| values[index]).collect();
        Grid {
            header: columns.iter().map(|&index| self.header[index].clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|row| columns.iter().map(|&index| row[index].clone()).collect())
                .collect(),
            numeric: pick(&self.numeric),
            prose: pick(&self.prose),
            paths: self.paths,
        }
    }

    /// Removes column `index` from the header, every row and the column flags.
    fn remove_column(&mut self, index: usize) {
        self.header.remove(index);
        self.numeric.remove(index);
        self.prose.remove(index);
        for row in &mut self.rows {
            row.remove(index);
        }
    }
}

/// The results grid of a batch.
pub fn grid(batch: &Batch, relative_to: Option<&Path>) -> Grid {
    match batch.layout {
        Layout::Run => run_grid(batch.records, relative_to),
        Layout::Compare => compare_grid(batch.records, &batch.summary.failing, relative_to),
    }
}

fn shown_file(file: &str, relative_to: Option<&Path>) -> String {
    match relative_to {
        Some(root) => Path::new(file).strip_prefix(root).map_or_else(|_| file.to_string(), display_path),
        None => file.to_string(),
    }
}

fn result_cell(record: &Record) -> Cell {
    let label = status_label(record.family.as_deref(), record.status);
    let text = match &record.message {
        Some(message) => format!("{label}: {message}"),
        None => label.to_string(),
    };
    let tone = match record.status {
        Status::Solved | Status::NoSolution => Tone::Plain,
        Status::Invalid if record.verdict == Some(Verdict::Same) => Tone::Plain,
        Status::Timeout | Status::Interrupted => Tone::Warn,
        Status::Invalid | Status::Failed => Tone::Bad,
    };
    cell(text, tone)
}

fn verdict_cell(verdict: Option<Verdict>) -> Cell {
    match verdict {
        Some(Verdict::Same) => cell("same", Tone::Good),
        Some(Verdict::Valid) => cell("valid", Tone::Warn),
        Some(Verdict::Differs) => cell("DIFFERS", Tone::Bad),
        None => cell("", Tone::Plain),
    }
}

fn run_grid(records: &[Record], relative_to: Option<&Path>) -> Grid {
    let header = ["file", "family", "solver", "result", "reference", "ms"].map(String::from).to_vec();
    let rows = records
        .iter()
        .map(|record| {
            vec![
                cell(shown_file(&record.file, relative_to), Tone::Plain),
                cell(record.family.as_deref().unwrap_or("-"), Tone::Plain),
                cell(record.solver.as_deref().unwrap_or("-"), Tone::Plain),
                result_cell(record),
                verdict_cell(record.verdict),
                cell(format!("{:.3}", record.ms), Tone::Plain),
            ]
        })
        .collect();
    Grid::new(header, rows, vec![false, false, false, false, false, true])
}

/// The records of `compare` grouped by file, in order.
pub fn by_file(records: &[Record]) -> Vec<&[Record]> {
    records.chunk_by(|a, b| a.file == b.file).collect()
}

fn solver_names(records: &[Record]) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for name in records.iter().filter_map(|record| record.solver.as_deref()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The grid of `compare`; an input every solver finds invalid (none of the `failing` files) is an
/// intended error case, not shown as a failure.
fn compare_grid(records: &[Record], failing: &[String], relative_to: Option<&Path>) -> Grid {
    let solvers = solver_names(records);
    let mut header = vec!["file".to_string(), "answer".to_string()];
    header.extend(solvers.iter().map(|name| name.to_string()));
    let rows = by_file(records)
        .into_iter()
        .map(|group| {
            let first = &group[0];
            let answer = group.iter().find(|record| !record.status.stopped()).unwrap_or(first);
            let mut result = result_cell(answer);
            if answer.status == Status::Invalid && !failing.contains(&answer.file) {
                result.tone = Tone::Warn;
            }
            let mut row = vec![cell(shown_file(&first.file, relative_to), Tone::Plain), result];
            for solver in &solvers {
                let text = match group.iter().find(|record| record.solver.as_deref() == Some(*solver)) {
                    None => String::new(),
                    Some(record) if record.status.stopped() => {
                        format!("{} {}", record.status.name(), duration(record.ms))
                    }
                    Some(record) => timed_cell(record),
                };
                let won = super::runs::standing(group) == super::runs::Standing::Won(solver);
                let tone = if won { Tone::Good } else { Tone::Plain };
                row.push(cell(text, tone));
            }
            row
        })
        .collect();
    let mut numeric = vec![false, false];
    numeric.extend(solvers.iter().map(|_| true));
    Grid::new(header, rows, numeric)
}

/// A finished solver's cell in `compare`: its mean time (± σ over several runs) and its ratio to the
/// reference (± its uncertainty), `tie` when that interval holds 1.
fn timed_cell(record: &Record) -> String {
    let mean = record.mean_ms.unwrap_or(record.ms);
    let time = match record.sd_ms {
        Some(sd) => format!("{} ± {}", duration(mean), duration(sd)),
        None => duration(mean),
    };
    match (record.ratio, record.ratio_sd) {
        (None, _) => time,
        (Some(ratio), None) => format!("{time} {ratio:>6.2}x"),
        (Some(ratio), Some(sd)) if super::runs::is_tie(ratio, Some(sd)) => {
            format!("{time} tie {ratio:.2} ± {sd:.2}x")
        }
        (Some(ratio), Some(sd)) => format!("{time} {ratio:.2} ± {sd:.2}x"),
    }
}

/// The per-solver summary grid of `compare`: a row per solver, then the virtual best solver and the
/// single best solver.
pub fn solver_grid(summary: &Summary) -> Grid {
    let header = [
        "solver",
        "files",
        // A solver answers a file with a round or with none: "solved" is one of the two statuses.
        "answered",
        "timeouts",
        "failures",
        "PAR-2 (fail = 2×limit)",
        "wins",
        "ties",
        "geometric mean ratio",
        "total",
        "CPU",
        "peak memory",
    ]
    .map(String::from)
    .to_vec();
    let scores_cells = |name: String, scores: &Scores| {
        let warn = |count: usize| if count > 0 { Tone::Warn } else { Tone::Plain };
        vec![
            cell(name, Tone::Plain),
            cell(scores.solved.to_string(), Tone::Plain),
            cell(scores.timeouts.to_string(), warn(scores.timeouts)),
            cell(scores.failures.to_string(), warn(scores.failures)),
            cell(scores.par2.map_or("-".to_string(), duration), Tone::Plain),
        ]
    };
    let measures = |scores: &Scores| {
        vec![
            cell(duration(scores.total_ms), Tone::Plain),
            cell(scores.cpu_ms.map_or("-".to_string(), duration), Tone::Plain),
            cell(peak_memory(scores), Tone::Plain),
        ]
    };
    let mut rows: Vec<Vec<Cell>> = summary
        .solvers
        .iter()
        .map(|solver| {
            let mut row = scores_cells(solver.solver.clone(), &solver.scores);
            row.insert(1, cell(solver.files.to_string(), Tone::Plain));
            row.push(cell(solver.wins.to_string(), Tone::Plain));
            row.push(cell(solver.ties.to_string(), Tone::Plain));
            row.push(cell(
                solver.geometric_mean_ratio.map_or("-".to_string(), |ratio| format!("{ratio:.2}")),
                Tone::Plain,
            ));
            row.extend(measures(&solver.scores));
            row
        })
        .collect();
    let dash = || cell("-", Tone::Plain);
    if let Some(best) = &summary.virtual_best {
        let mut row = scores_cells("virtual best".to_string(), best);
        row.insert(1, dash());
        row.extend([dash(), dash(), dash(), cell(duration(best.total_ms), Tone::Plain), dash(), dash()]);
        rows.push(row);
    }
    if let Some(single) = summary
        .single_best
        .as_ref()
        .and_then(|name| summary.solvers.iter().find(|solver| &solver.solver == name))
    {
        let mut row = rows[summary.solvers.iter().position(|solver| solver == single).unwrap_or(0)].clone();
        row[0] = cell(format!("single best: {}", single.solver), Tone::Good);
        rows.push(row);
    }
    let mut numeric = vec![false];
    numeric.extend([true; 11]);
    let mut grid = Grid::new(header, rows, numeric);
    // Solver names, read whole: wrapped, never cut in the middle.
    grid.paths = false;
    grid
}

/// The peak memory cell of `scores`: the resident peak (`--isolate`), else the heap peak marked as
/// such (in-process), else `-`.
fn peak_memory(scores: &Scores) -> String {
    let size = |kb: u64| bytesize::ByteSize::kib(kb).to_string();
    match (scores.max_rss_kb, scores.peak_heap_kb) {
        (Some(kb), _) => size(kb),
        (None, Some(kb)) => format!("{} heap", size(kb)),
        (None, None) => "-".to_string(),
    }
}

/// The summary lines under a table.
pub fn summary_lines(summary: &Summary, layout: Layout) -> Vec<String> {
    let mut lines = Vec::new();
    let plural = if summary.files == 1 { "" } else { "s" };
    // Files without a solution in the words of their rows (`no round`, `no play`) when known.
    let labelled = summary.no_solution_labels.values().sum::<usize>() == summary.statuses.no_solution;
    let statuses: Vec<String> = Status::ALL
        .iter()
        .filter(|status| summary.statuses.get(**status) > 0)
        .flat_map(|status| match status {
            Status::NoSolution if labelled => summary
                .no_solution_labels
                .iter()
                .map(|(label, count)| format!("{count} {label}"))
                .collect::<Vec<_>>(),
            _ => vec![format!("{} {}", summary.statuses.get(*status), status.name().replace('_', " "))],
        })
        .collect();
    let mut first = match summary.shard {
        Some(share) => format!("shard {share}: {} file{plural}", summary.files),
        None => format!("{} file{plural}", summary.files),
    };
    if !statuses.is_empty() {
        first.push_str(&format!(": {}", statuses.join(", ")));
    }
    let verdicts = summary.verdicts;
    if verdicts.same + verdicts.valid + verdicts.differs > 0 {
        first.push_str(&format!(
            "; references: {} same, {} valid, {} differ",
            verdicts.same, verdicts.valid, verdicts.differs
        ));
    }
    if layout == Layout::Run {
        first.push_str(&format!(
            "; time: wall {}, solving {} (sum), median {}",
            duration(summary.wall_ms),
            duration(summary.solve_ms),
            duration(summary.median_ms)
        ));
    }
    lines.push(first);
    if summary.parallel {
        lines.push("solves ran in parallel (--parallel): their times contended for cores".to_string());
    }
    if !summary.unique.is_empty() {
        let named: Vec<String> =
            summary.unique.iter().map(|unique| format!("{} ({})", unique.file, unique.solver)).collect();
        lines.push(format!("solved by one solver only: {}", named.join(", ")));
    }
    if summary.left_out > 0 {
        lines.push(format!(
            "{} file{} left out of wins, ratios and means: a solver found the input invalid",
            summary.left_out,
            if summary.left_out == 1 { "" } else { "s" }
        ));
    }
    if summary.skipped > 0 {
        let plural = if summary.skipped == 1 { "" } else { "s" };
        let hint = match summary.options.as_ref().and_then(|options| options.kind.as_deref()) {
            // `--kind` was given: in folders it reads only its family's files.
            Some(kind) => format!("name a file directly to read it as {kind} (in folders, --kind {kind} reads only {kind} files)"),
            None => "name them with --kind FAMILY to read them".to_string(),
        };
        lines.push(format!("{} other file{plural} skipped; {hint}", summary.skipped));
    }
    // A folder named twice would list each of its files: the first few are said, the rest counted.
    const SAME_FILES_SHOWN: usize = 10;
    lines.extend(summary.same_files.iter().take(SAME_FILES_SHOWN).map(super::summary::SameFile::line));
    if let Some(more) = summary.same_files.len().checked_sub(SAME_FILES_SHOWN).filter(|&more| more > 0) {
        let plural = if more == 1 { "" } else { "s" };
        lines.push(format!(
            "and {more} other path{plural} naming a file already in the batch, solved once (same_files in --json)"
        ));
    }
    lines.extend(summary.bless.as_ref().map(crate::references::BlessSummary::lines).unwrap_or_default());
    lines.extend(summary.orphans.as_ref().map(crate::references::OrphanSummary::lines).unwrap_or_default());
    if let Some(kept) = summary.resumed {
        let plural = if kept == 1 { "" } else { "s" };
        lines.push(format!(
            "resumed: {kept} file{plural} kept from the earlier report, {} solved",
            summary.files - kept
        ));
    }
    if !summary.failing.is_empty() {
        const SHOWN: usize = 10;
        let names: Vec<&str> = summary.failing.iter().take(SHOWN).map(String::as_str).collect();
        let more = summary.failing.len().saturating_sub(SHOWN);
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let names: Vec<String> = names.iter().map(|name| escape_cell(name, false)).collect();
        lines.push(format!("not as expected: {}{more}", names.join(", ")));
    }
    if summary.interrupted {
        lines.push(
            "interrupted: the files above are those finished or stopped; the others were not started"
                .to_string(),
        );
    }
    lines
}

/// The results table on the terminal (or, when standard output is not one, in Markdown), the diffs
/// after it each headed by its file, then the summary.
pub struct TerminalTable {
    terminal: Terminal,
    /// A report goes to standard output: print only the summary, on standard error.
    summary_only_on_stderr: bool,
}

impl TerminalTable {
    /// The terminal exporter.
    pub fn new(terminal: Terminal, summary_only_on_stderr: bool) -> TerminalTable {
        TerminalTable { terminal, summary_only_on_stderr }
    }
}

impl Exporter for TerminalTable {
    fn finish(self: Box<Self>, batch: &Batch) -> anyhow::Result<()> {
        if self.summary_only_on_stderr {
            eprintln!("{}", summary_lines(batch.summary, batch.layout).join("\n"));
            return Ok(());
        }
        let text = self.batch_text(batch);
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(text.as_bytes())?;
        stdout.flush()?;
        Ok(())
    }
}

impl TerminalTable {
    fn batch_text(&self, batch: &Batch) -> String {
        let mut text = String::new();
        if !self.terminal.quiet {
            // On the terminal the paths follow the folder the inputs share, named above the table;
            // Markdown, for scripts and documents, keeps them as given (after the one folder given).
            let (mut grid, folder) = if boxed(self.terminal) {
                let mut grid = grid(batch, None);
                let folder = after_common_folder(&mut grid);
                (grid, folder)
            } else {
                (grid(batch, single_folder(batch.roots).as_deref()), None)
            };
            let mut annotations = Annotations::default();
            if batch.layout == Layout::Run {
                annotations.notes = warning_notes(batch.records);
            }
            if batch.layout == Layout::Run && boxed(self.terminal) {
                // The family and solver columns of a one-family run say one thing on every row.
                let constant = drop_constant_columns(&mut grid, &[1, 2]);
                if !constant.is_empty() {
                    text.push_str(&format!("{}\n", constant.join("; ")));
                }
            }
            if boxed(self.terminal) {
                section_where_shorter(&mut grid, self.terminal, &mut annotations);
            }
            if let Some(folder) = &folder {
                text.push_str(&folder_line(folder, self.terminal.width));
            }
            if boxed(self.terminal) {
                text.push_str(&render_annotated(&grid, self.terminal, &annotations));
            } else {
                text.push_str(&markdown(&grid));
                for (row, notes) in &annotations.notes {
                    for note in notes {
                        let file = escape_cell(&grid.rows[*row][0].text, true);
                        text.push_str(&format!("\n{file}: {}", note.trim_start_matches("↳ ")));
                    }
                }
            }
            text.push('\n');
            if batch.layout == Layout::Compare && !batch.summary.solvers.is_empty() {
                text.push_str(&lay_out(&solver_grid(batch.summary), self.terminal));
                text.push('\n');
            }
            for (file, diff) in batch.diffs {
                text.push_str(&diff_block(file, diff, self.terminal.color));
            }
        }
        for line in summary_lines(batch.summary, batch.layout) {
            // Wrapped here, at spaces, where the terminal would cut words and paths anywhere.
            let lines = match self.terminal.width {
                Some(limit) => wrap_at_spaces(&line, limit, SUMMARY_INDENT),
                None => vec![line],
            };
            for line in lines {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    }
}

/// What begins each further line of a summary line wrapped to the terminal, to tell it from the
/// next summary line.
const SUMMARY_INDENT: &str = "  ";

/// The unified diff `diff` of `file` as `run --diff` prints it: a heading naming the file, then the
/// diff's lines, removed ones red and added ones green when `color`, control characters escaped.
pub fn diff_block(file: &str, diff: &str, color: bool) -> String {
    let heading = format!("── {} differs from its reference ──", escape_cell(file, false));
    let mut text = format!("{}\n", paint(&heading, Tone::Bad, color));
    for line in diff.split_inclusive('\n') {
        let tone = match line.as_bytes().first() {
            Some(b'-') if !line.starts_with("---") => Tone::Bad,
            Some(b'+') if !line.starts_with("+++") => Tone::Good,
            _ => Tone::Plain,
        };
        let escaped = escape_cell(line.trim_end_matches('\n'), false);
        text.push_str(&format!("{}\n", paint(&escaped, tone, color)));
    }
    text
}

/// The one folder given, when exactly one path was given and it is a folder: paths in the table are
/// then shown relative to it.
fn single_folder(roots: &[PathBuf]) -> Option<PathBuf> {
    match roots {
        [root] if root.is_dir() => Some(root.clone()),
        _ => None,
    }
}

/// ANSI colour for `text` in `tone`, when `color`.
pub fn paint(text: &str, tone: Tone, color: bool) -> String {
    let code = match tone {
        Tone::Plain => return text.to_string(),
        Tone::Good => "32",
        Tone::Warn => "33",
        Tone::Bad => "31",
    };
    if color {
        format!("\u{1b}[{code}m{text}\u{1b}[0m")
    } else {
        text.to_string()
    }
}

/// A box-drawing table fitted to the terminal; Markdown when the width is unknown (standard output
/// is a pipe or a file) and colour is off, so that piped output is stable and pastes into documents.
/// With colour on (`--color always`), the box-drawing table, which alone carries colours.
pub fn lay_out(grid: &Grid, terminal: Terminal) -> String {
    if boxed(terminal) {
        render(grid, terminal)
    } else {
        markdown(grid)
    }
}

/// [`lay_out`] of a grid whose column 0 holds file paths: on the terminal they follow the folder they
/// all share, named on a line above the table ([`after_common_folder`], [`folder_line`]), and go
/// under folder headings where that cuts less of them ([`section_where_shorter`]); in Markdown they
/// stay as given.
pub fn lay_out_files(mut grid: Grid, terminal: Terminal) -> String {
    if !boxed(terminal) {
        return markdown(&grid);
    }
    let folder = after_common_folder(&mut grid);
    let line = folder.map(|folder| folder_line(&folder, terminal.width)).unwrap_or_default();
    let mut annotations = Annotations::default();
    section_where_shorter(&mut grid, terminal, &mut annotations);
    format!("{line}{}", render_annotated(&grid, terminal, &annotations))
}

/// Shortens the file paths of `grid` (column 0, as the reports write them) to what follows the
/// folder they all share ([`common_folder`]: `datasets/tournament/hard/a.csv` becomes `hard/a.csv`
/// under `datasets/tournament/`), and returns that folder; `None`, every path kept as given, when
/// the rows name fewer than two files (a file given alone) or the files share no folder.
pub fn after_common_folder(grid: &mut Grid) -> Option<String> {
    let mut files: Vec<&str> = grid.rows.iter().map(|row| row[0].text.as_str()).collect();
    files.sort_unstable();
    files.dedup();
    if files.len() < 2 {
        return None;
    }
    let folder = common_folder(files)?;
    for row in &mut grid.rows {
        if let Some(shown) = row[0].text.strip_prefix(folder.as_str()) {
            row[0].text = shown.to_string();
        }
    }
    Some(folder)
}

/// The line above a table whose paths follow `folder` (`files under datasets/tournament/:`), with its
/// newline; a line too long for `limit` columns breaks after a `/`.
pub fn folder_line(folder: &str, limit: Option<usize>) -> String {
    let line = format!("files under {}", escape_cell(folder, false));
    match limit {
        // The colon stays with the folder's last part: one column is kept for it.
        Some(limit) => format!("{}:\n", wrap_within(&line, limit.saturating_sub(1)).join("\n")),
        None => format!("{line}:\n"),
    }
}

/// Whether [`lay_out`] draws the box-drawing table (else Markdown).
fn boxed(terminal: Terminal) -> bool {
    terminal.width.is_some() || terminal.color
}

/// Removes from `grid` those of `columns` (ascending) whose cells read the same on every row, and
/// returns each as `NAME: VALUE`, for a line above the table.
fn drop_constant_columns(grid: &mut Grid, columns: &[usize]) -> Vec<String> {
    let Some(first) = grid.rows.first() else { return Vec::new() };
    let constant: Vec<(usize, String)> = columns
        .iter()
        .filter(|&&index| grid.rows.iter().all(|row| row[index].text == first[index].text))
        .map(|&index| (index, format!("{}: {}", grid.header[index], escape_cell(&first[index].text, false))))
        .collect();
    for (index, _) in constant.iter().rev() {
        grid.remove_column(*index);
    }
    constant.into_iter().map(|(_, line)| line).collect()
}

/// Lines a table adds around its rows, by row index: a heading above a row, notes under it.
#[derive(Debug, Default)]
struct Annotations {
    headings: BTreeMap<usize, String>,
    notes: BTreeMap<usize, Vec<String>>,
}

/// Notes for a run's rows: each warning ([`Record::warning`]) under the first row carrying it, once
/// per table, since every position naming one word list carries the same one (the JSON records
/// keep it on each).
fn warning_notes(records: &[Record]) -> BTreeMap<usize, Vec<String>> {
    let mut seen = std::collections::HashSet::new();
    let mut notes: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (row, record) in records.iter().enumerate() {
        if let Some(warning) = record.warning.as_deref().filter(|warning| seen.insert(*warning)) {
            notes.entry(row).or_default().push(format!("↳ warning: {}", escape_cell(warning, false)));
        }
    }
    notes
}

/// How many columns of the paths (column 0) of `grid` would be cut off, over all rows, to fit
/// `limit` columns.
fn path_columns_hidden(grid: &Grid, limit: usize) -> usize {
    let (cells, _, _) = shortened(grid, limit);
    let whole = |row: &Vec<Cell>| width(&escape_cell(&row[0].text, false));
    cells.iter().zip(&grid.rows).map(|(texts, row)| whole(row).saturating_sub(width(&texts[0]))).sum()
}

/// Groups the rows of `grid` under folder headings ([`section_by_folder`]) when its paths would be
/// cut on `terminal` and less of them is then cut; each row's notes in `annotations` follow it.
fn section_where_shorter(grid: &mut Grid, terminal: Terminal, annotations: &mut Annotations) {
    let Some(limit) = terminal.width.filter(|&limit| path_columns_hidden(grid, limit) > 0) else { return };
    let mut sectioned = grid.clone();
    let (headings, order) = section_by_folder(&mut sectioned);
    if path_columns_hidden(&sectioned, limit) < path_columns_hidden(grid, limit) {
        (*grid, annotations.headings) = (sectioned, headings);
        let notes = std::mem::take(&mut annotations.notes);
        annotations.notes = notes
            .into_iter()
            .filter_map(|(row, notes)| Some((order.iter().position(|&was| was == row)?, notes)))
            .collect();
    }
}

/// Groups the rows of a run by folder, family and solver (whose columns it removes): each row then
/// shows its file's name, under a heading naming the group (`scrabble/ — scrabble, anchor`) above
/// its first row. So that a folder of mixed families has a heading per family, not one at each
/// change of family in path order, the rows are sorted (stably) by folder, in the order folders
/// come, then by family and solver: within a group they keep the run's order, by path. Returns the
/// headings by row, and the rows' order: the index in `grid` before of each row now.
fn section_by_folder(grid: &mut Grid) -> (BTreeMap<usize, String>, Vec<usize>) {
    let said: Vec<usize> = ["family", "solver"]
        .iter()
        .filter_map(|name| grid.header.iter().position(|header| header == name))
        .collect();
    let headings: Vec<(String, String)> = grid
        .rows
        .iter()
        .map(|row| {
            let folder =
                Path::new(&row[0].text).parent().map(display_path).filter(|folder| !folder.is_empty());
            let folder = folder.map_or_else(|| "./".to_string(), |folder| format!("{folder}/"));
            let what: Vec<&str> = said.iter().map(|&column| row[column].text.as_str()).collect();
            let heading =
                if what.is_empty() { folder.clone() } else { format!("{folder} — {}", what.join(", ")) };
            (folder, heading)
        })
        .collect();
    let mut folders: Vec<&str> = Vec::new();
    for (folder, _) in &headings {
        if !folders.contains(&folder.as_str()) {
            folders.push(folder);
        }
    }
    let rank = |row: usize| folders.iter().position(|folder| *folder == headings[row].0);
    let mut order: Vec<usize> = (0..grid.rows.len()).collect();
    order.sort_by_key(|&row| (rank(row), &headings[row].1));
    let mut rows: Vec<Vec<Cell>> = order.iter().map(|&row| grid.rows[row].clone()).collect();
    let mut shown = BTreeMap::new();
    for (index, row) in rows.iter_mut().enumerate() {
        if let Some(name) = Path::new(&row[0].text).file_name() {
            row[0].text = name.to_string_lossy().into_owned();
        }
        let heading = &headings[order[index]].1;
        if index == 0 || headings[order[index - 1]].1 != *heading {
            shown.insert(index, escape_cell(heading, false));
        }
    }
    grid.rows = rows;
    for &column in said.iter().rev() {
        grid.remove_column(column);
    }
    (shown, order)
}

/// The cells of `grid` shortened to fit `limit` columns, and the notes under each row. A text cut
/// short (a message) shows its label (the part before `: `) and `↓`, and is written whole in a
/// note; paths are cut in the middle.
fn shortened(grid: &Grid, limit: usize) -> (Vec<Vec<String>>, Vec<Vec<String>>, Vec<usize>) {
    let mut cells: Vec<Vec<String>> =
        grid.rows.iter().map(|row| row.iter().map(|cell| escape_cell(&cell.text, false)).collect()).collect();
    let mut notes: Vec<Vec<String>> = vec![Vec::new(); cells.len()];
    // Texts that would be cut go under their rows, which frees their columns' width for the others.
    let natural = fit(&grid.header, &grid.numeric, &cells, limit);
    for (row, texts) in cells.iter_mut().enumerate() {
        for (index, text) in texts.iter_mut().enumerate().skip(1) {
            // A text with no label wraps in its cell instead: a note would only repeat it.
            let label = text.split_once(": ").map(|(label, _)| format!("{label} ↓"));
            if let Some(label) = label.filter(|_| width(text) > natural[index] && !grid.prose[index]) {
                notes[row].push(format!("↳ {text}"));
                *text = label;
            }
        }
    }
    let mut widths = fit(&grid.header, &grid.numeric, &cells, limit);
    // Paths are cut in the middle, so that both folder and name show; any other text wraps, so
    // that no word or number is lost.
    let first = usize::from(grid.paths);
    let wrapped = |index: usize, columns: usize| {
        cells
            .iter()
            .map(move |row| wrap_within(&row[index], columns))
            .chain([wrap_within(&grid.header[index], columns)])
    };
    // The columns a column shows at `columns` wide, and the lines its wrapping adds.
    let shown = |index: usize, columns: usize| {
        wrapped(index, columns)
            .flat_map(|lines| lines.into_iter().map(|line| width(&line)))
            .max()
            .unwrap_or(0)
    };
    let added_lines = |index: usize, columns: usize| {
        wrapped(index, columns).map(|lines| lines.len().max(1) - 1).sum::<usize>()
    };
    let overhead = 3 * widths.len() + 1;
    let mut used: Vec<usize> = (0..widths.len())
        .map(|index| if index < first { widths[index] } else { shown(index, widths[index]) })
        .collect();
    // A wrapped column may show narrower than its share: what it leaves goes to the columns whose
    // wrapping adds the most lines (a row on one line), then to the path (whole names).
    let mut order: Vec<usize> = (first..widths.len()).collect();
    order.sort_by_key(|&index| std::cmp::Reverse(added_lines(index, widths[index])));
    for index in order.into_iter().chain(0..first) {
        let whole = if index < first {
            cells.iter().map(|row| width(&row[0])).max().unwrap_or(0)
        } else {
            shown(index, usize::MAX)
        };
        let slack = limit.saturating_sub(used.iter().sum::<usize>() + overhead);
        if used[index] < whole && slack > 0 {
            widths[index] = (used[index] + slack).min(whole).max(widths[index]);
            used[index] = if index < first { widths[index] } else { shown(index, widths[index]) };
        }
    }
    for texts in &mut cells {
        for (index, text) in texts.iter_mut().enumerate() {
            if width(text) > widths[index] {
                *text = if index < first {
                    elide_middle(text, widths[index])
                } else {
                    wrap_within(text, widths[index]).join("\n")
                };
            }
        }
    }
    (cells, notes, widths)
}

/// Lays `grid` out for the terminal: box-drawing borders, one line per row, numbers right-aligned,
/// cells shortened to fit `terminal.width` ([`shortened`]); two paths that would then read alike
/// are written whole under their rows.
pub fn render(grid: &Grid, terminal: Terminal) -> String {
    render_annotated(grid, terminal, &Annotations::default())
}

/// [`render`], with `annotations`' headings and notes on lines of their own spanning the table. A
/// table that cannot fit the terminal's width even with every column at its narrowest, or fits only
/// by cutting column 0, is drawn as several tables one under the other, each with column 0 and as
/// many of the next columns as fit ([`column_groups`]); the notes go under the first.
fn render_annotated(grid: &Grid, terminal: Terminal, annotations: &Annotations) -> String {
    let groups = terminal.width.map_or_else(Vec::new, |limit| column_groups(grid, limit));
    if groups.len() < 2 {
        return render_part(grid, terminal, annotations);
    }
    let headings_only = Annotations { headings: annotations.headings.clone(), notes: BTreeMap::new() };
    let parts: Vec<String> = groups
        .iter()
        .enumerate()
        .map(|(index, columns)| {
            let part = grid.with_columns(columns);
            render_part(&part, terminal, if index == 0 { annotations } else { &headings_only })
        })
        .collect();
    parts.join("\n")
}

/// The columns of `grid` in groups that each fit `limit` columns beside column 0 (which every group
/// starts with), every column at its narrowest ([`fit`] with no room); one group when all fit with
/// column 0 whole, or when column 0 would be cut in parts too.
fn column_groups(grid: &Grid, limit: usize) -> Vec<Vec<usize>> {
    let cells: Vec<Vec<String>> =
        grid.rows.iter().map(|row| row.iter().map(|cell| escape_cell(&cell.text, false)).collect()).collect();
    let narrowest = fit(&grid.header, &grid.numeric, &cells, 0);
    let groups_beside = |first_columns: usize| {
        // A column takes its text plus a space either side and a border; one more border closes the row.
        let first = first_columns + 4;
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut used = first;
        for (index, columns) in narrowest.iter().enumerate().skip(1) {
            match groups.last_mut() {
                Some(group) if used + columns + 3 <= limit || group.len() == 1 => {
                    group.push(index);
                    used += columns + 3;
                }
                _ => {
                    groups.push(vec![0, index]);
                    used = first + columns + 3;
                }
            }
        }
        if groups.is_empty() {
            groups.push(vec![0]);
        }
        groups
    };
    let groups = groups_beside(narrowest[0]);
    // In parts when column 0 (each file's name, `single best: dlx-restarts`) would be cut in one
    // piece (the other columns wrapped as far as they go) or in parts, and is whole in parts that
    // each but the last still show two columns beside it.
    let whole =
        cells.iter().map(|row| widest_line(&row[0])).chain([width(&grid.header[0])]).max().unwrap_or(0);
    if groups.len() < 2 && shortened(grid, limit).2[0] >= whole {
        return groups;
    }
    let whole_groups = groups_beside(whole);
    if whole_groups[..whole_groups.len() - 1].iter().all(|group| group.len() >= 3) {
        whole_groups
    } else {
        groups
    }
}

/// [`render_annotated`] of a table that is drawn in one piece.
fn render_part(grid: &Grid, terminal: Terminal, annotations: &Annotations) -> String {
    let columns = grid.header.len();
    let (cells, mut notes, widths) = match terminal.width {
        Some(limit) => shortened(grid, limit),
        None => (
            grid.rows
                .iter()
                .map(|row| row.iter().map(|cell| escape_cell(&cell.text, false)).collect())
                .collect(),
            vec![Vec::new(); grid.rows.len()],
            vec![usize::MAX; columns],
        ),
    };
    if terminal.width.is_some() && grid.paths {
        note_alike_paths(grid, &cells, &annotations.headings, &mut notes);
    }
    for (row, added) in &annotations.notes {
        notes[*row].extend(added.iter().cloned());
    }
    let heights: Vec<usize> = cells
        .iter()
        .map(|row| row.iter().map(|text| text.lines().count().max(1)).max().unwrap_or(1))
        .collect();
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Disabled);
    // A heading wider than its column wraps ([`fit`] leaves room for its longest word).
    let mut header: Vec<String> = grid
        .header
        .iter()
        .zip(&widths)
        .map(
            |(name, &columns)| {
                if width(name) > columns {
                    wrap_within(name, columns).join("\n")
                } else {
                    name.clone()
                }
            },
        )
        .collect();
    let header_lines = header.iter().map(|name| name.lines().count()).max().unwrap_or(1);
    let annotated = notes.iter().any(|row| !row.is_empty()) || !annotations.headings.is_empty();
    if let (Some(limit), true) = (terminal.width, annotated) {
        // The lines under the rows take the whole width, which the first column takes up.
        let widths: Vec<usize> = (0..columns)
            .map(|index| {
                cells
                    .iter()
                    .map(|row| widest_line(&row[index]))
                    .chain([width(&header[index])])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let drawn = widths.iter().sum::<usize>() + 3 * columns + 1;
        let first = widths[0] + limit.saturating_sub(drawn);
        header[0] = format!("{:first$}", header[0]);
    }
    if terminal.color {
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
    table.set_header(header.iter());
    for (row, texts) in grid.rows.iter().zip(cells) {
        table.add_row(row.iter().zip(texts).map(|(cell, text)| {
            let styled = comfy_table::Cell::new(text);
            match (terminal.color, cell.tone) {
                (true, Tone::Good) => styled.fg(Color::Green),
                (true, Tone::Warn) => styled.fg(Color::Yellow),
                (true, Tone::Bad) => styled.fg(Color::Red),
                _ => styled,
            }
        }));
    }
    for index in 0..columns {
        if grid.numeric[index] {
            if let Some(column) = table.column_mut(index) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
    }
    let drawn = table.to_string();
    if !annotated {
        return drawn;
    }
    let table_width = drawn.lines().next().map_or(0, width);
    let mut lines = drawn.lines();
    // The top border, the header and its rule come before the rows; then each row takes as many
    // lines as its tallest cell.
    let mut text: String = lines.by_ref().take(2 + header_lines).map(|line| format!("{line}\n")).collect();
    for (row, height) in heights.into_iter().enumerate() {
        if let Some(heading) = annotations.headings.get(&row) {
            text.push_str(&spanning_lines(heading, table_width));
        }
        for line in lines.by_ref().take(height) {
            text.push_str(line);
            text.push('\n');
        }
        for note in &notes[row] {
            text.push_str(&spanning_lines(note, table_width));
        }
    }
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text.pop();
    text
}

/// Adds to `notes` the whole path of each row whose shortened path (column 0 of `cells`) reads as
/// another row's under the same heading (of `headings`, by row), so that no two rows look alike.
fn note_alike_paths(
    grid: &Grid,
    cells: &[Vec<String>],
    headings: &BTreeMap<usize, String>,
    notes: &mut [Vec<String>],
) {
    let mut rows_by_shown: std::collections::HashMap<(Option<usize>, &str), Vec<usize>> =
        std::collections::HashMap::new();
    for (row, texts) in cells.iter().enumerate() {
        let section = headings.range(..=row).next_back().map(|(start, _)| *start);
        rows_by_shown.entry((section, texts[0].as_str())).or_default().push(row);
    }
    // Rows of one file (a file with two changes) read alike because they are alike.
    let distinct =
        |rows: &&Vec<usize>| rows.iter().any(|&row| grid.rows[row][0].text != grid.rows[rows[0]][0].text);
    for rows in rows_by_shown.values().filter(distinct) {
        for &row in rows {
            notes[row].insert(0, format!("↳ {}", escape_cell(&grid.rows[row][0].text, false)));
        }
    }
}

/// `text` in a row spanning a table `table_width` columns wide, in its borders, wrapped onto as
/// many lines as it needs ([`wrap_within`]: between words and folders, not inside a word).
fn spanning_lines(text: &str, table_width: usize) -> String {
    // A border and a space on either side.
    let inner = table_width.saturating_sub(4);
    wrap_within(text, inner)
        .iter()
        .map(|line| format!("│ {line}{} │\n", " ".repeat(inner.saturating_sub(width(line)))))
        .collect()
}

/// Column widths that fit `limit` terminal columns: the natural widths, then the widest columns other
/// than the path shrunk first (messages lose their ends), and the path (column 0) last, so that a
/// file stays recognisable; no column below its header or 12 columns, and numbers never cut.
fn fit(header: &[String], numeric: &[bool], cells: &[Vec<String>], limit: usize) -> Vec<usize> {
    let mut widths: Vec<usize> = header.iter().map(|name| width(name)).collect();
    for row in cells {
        for (index, text) in row.iter().enumerate() {
            widths[index] = widths[index].max(width(text));
        }
    }
    let floor = |index: usize| width(&header[index]).max(12);
    // Each column takes its text plus a space either side and a border; one more border closes the row.
    let overhead = 3 * widths.len() + 1;
    let mut excess = (widths.iter().sum::<usize>() + overhead).saturating_sub(limit);
    // Headings wider than their cells wrap at spaces, down to their longest word.
    let wrap_headings = |widths: &mut [usize], excess: &mut usize, columns: std::ops::Range<usize>| {
        for index in columns {
            let cells = cells.iter().map(|row| widest_line(&row[index])).max().unwrap_or(0);
            let narrowest = cells.max(longest_word(&header[index]));
            let cut = (*excess).min(widths[index].saturating_sub(narrowest));
            widths[index] -= cut;
            *excess -= cut;
        }
    };
    for path_column in [false, true] {
        if path_column {
            // The other columns' headings wrap before column 0 (a file, a solver) is cut.
            wrap_headings(&mut widths, &mut excess, 1..header.len());
        }
        while excess > 0 {
            let Some(index) = (0..widths.len())
                .filter(|&index| {
                    !numeric[index] && (index == 0) == path_column && widths[index] > floor(index)
                })
                .max_by_key(|&index| widths[index])
            else {
                break;
            };
            let room = widths[index] - floor(index);
            let cut = excess.min(room).min(room.div_ceil(2));
            widths[index] -= cut;
            excess -= cut;
        }
    }
    wrap_headings(&mut widths, &mut excess, 0..header.len().min(1));
    widths
}

/// The columns of the longest word of `text` (its parts between spaces).
fn longest_word(text: &str) -> usize {
    text.split(' ').map(width).max().unwrap_or(0)
}

/// The most columns a cell shows: the whole text is in the JSON and CSV reports, and a cell of a
/// megabyte would cost the table layout far more than the solve.
pub(crate) const MAX_CELL_COLUMNS: usize = 200;

/// A cell's text as a table shows it: escaped, and cut to [`MAX_CELL_COLUMNS`].
fn shown(text: &str, markdown: bool) -> String {
    let cut: String = text.chars().take(MAX_CELL_COLUMNS + 1).collect();
    elide_end(&escape_cell(&cut, markdown), MAX_CELL_COLUMNS)
}

/// A family's [`Table`] as a grid of plain cells.
pub fn plain_grid(table: &figures::Table) -> Grid {
    let cell = |text: &String| Cell { text: text.clone(), tone: Tone::Plain };
    let rows = table.rows.iter().map(|row| row.iter().map(cell).collect()).collect();
    Grid::new(table.headers.clone(), rows, table.numeric.clone())
}

/// The grid as a Markdown table.
pub fn markdown(grid: &Grid) -> String {
    let mut table = Table::new();
    table.load_preset(presets::ASCII_MARKDOWN).set_content_arrangement(ContentArrangement::Disabled);
    table.force_no_tty();
    table.set_header(grid.header.iter());
    for row in &grid.rows {
        table.add_row(row.iter().map(|cell| shown(&cell.text, true)));
    }
    for (index, numeric) in grid.numeric.iter().enumerate() {
        if *numeric {
            if let Some(column) = table.column_mut(index) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
    }
    table.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peak_memory_cell_is_the_resident_peak_else_the_heap_peak_marked_as_such() {
        let scores = |max_rss_kb, peak_heap_kb| Scores { max_rss_kb, peak_heap_kb, ..Scores::default() };
        assert_eq!(peak_memory(&scores(Some(2048), Some(1))), "2.0 MiB");
        assert_eq!(peak_memory(&scores(None, Some(1536))), "1.5 MiB heap");
        assert_eq!(peak_memory(&scores(None, None)), "-");
    }

    fn files_grid(files: &[&str]) -> Grid {
        let rows =
            files.iter().map(|file| vec![cell(*file, Tone::Plain), cell("solved", Tone::Plain)]).collect();
        Grid::new(vec!["file".into(), "result".into()], rows, vec![false, false])
    }

    fn first_column(grid: &Grid) -> Vec<&str> {
        grid.rows.iter().map(|row| row[0].text.as_str()).collect()
    }

    #[test]
    fn paths_follow_the_folder_the_files_share_and_a_file_alone_keeps_its_path() {
        let mut grid = files_grid(&[
            "datasets/tournament/hard/a.csv",
            "datasets/tournament/b.csv",
            "datasets/tournament/b.csv",
        ]);
        assert_eq!(after_common_folder(&mut grid).as_deref(), Some("datasets/tournament/"));
        assert_eq!(first_column(&grid), ["hard/a.csv", "b.csv", "b.csv"]);
        assert_eq!(grid.rows[0][1].text, "solved", "only the paths change");
        // One file, on however many rows (a diff's solvers), is shown as given.
        let mut alone = files_grid(&["datasets/tournament/b.csv", "datasets/tournament/b.csv"]);
        assert_eq!(after_common_folder(&mut alone), None);
        assert_eq!(first_column(&alone), ["datasets/tournament/b.csv"; 2]);
        // Files that share no folder keep their paths.
        for files in [["a/x.csv", "b/y.csv"], ["x.csv", "d/y.csv"], ["./x.csv", "./y.csv"]] {
            let mut grid = files_grid(&files);
            assert_eq!(after_common_folder(&mut grid), None, "{files:?}");
            assert_eq!(first_column(&grid), files);
        }
    }

    #[test]
    fn the_folder_line_names_the_folder_and_breaks_after_a_slash() {
        assert_eq!(folder_line("datasets/tournament/", None), "files under datasets/tournament/:\n");
        assert_eq!(folder_line("datasets/tournament/", Some(80)), "files under datasets/tournament/:\n");
        // 33 columns with its colon: it fits 33, not 32.
        assert_eq!(folder_line("datasets/tournament/", Some(33)), "files under datasets/tournament/:\n");
        assert_eq!(folder_line("datasets/tournament/", Some(32)), "files under datasets/\ntournament/:\n");
        assert_eq!(folder_line("datasets/tournament/", Some(20)), "files under\ndatasets/\ntournament/:\n");
        assert_eq!(folder_line("d\u{1b}/", None), "files under d\\u{1b}/:\n");
    }

    #[test]
    fn a_cell_too_wide_wraps_once_and_names_keep_the_room_the_other_columns_leave() {
        let row = |file: &str, change: &str, old: &str, new: &str| {
            [file, change, old, new].map(|text| cell(text, Tone::Plain)).to_vec()
        };
        let grid = Grid::new(
            ["file", "change", "old", "new"].map(String::from).to_vec(),
            vec![
                row("tournament-10-d2-s1-planted.csv", "status changed", "solved, same", "solved, valid"),
                row("tournament-15-d3-s10-planted.csv", "faster", "6.8 ms", "41.0 µs (166x faster)"),
                row("tournament-25-d2-s9-planted.csv", "status changed", "solved, same", "solved, valid"),
                row("tournament-25-d2-s9-planted.csv", "faster", "143.4 ms", "31.0 µs (4624x faster)"),
            ],
            vec![false; 4],
        );
        let terminal = Terminal { quiet: false, color: false, width: Some(80) };
        let drawn = render(&grid, terminal);
        assert!(drawn.lines().all(|line| width(line) <= 80), "{drawn}");
        // A text without a label wraps in its cell and is not repeated under the row, and two rows
        // of one file are not told apart by a line naming it.
        assert!(!drawn.contains('↳'), "{drawn}");
        // Every name is whole: the wrapped columns leave it room.
        for name in ["tournament-10-d2-s1-planted.csv", "tournament-15-d3-s10-planted.csv"] {
            assert_eq!(drawn.matches(name).count(), 1, "{drawn}");
        }
        assert_eq!(drawn.matches("tournament-25-d2-s9-planted.csv").count(), 2, "{drawn}");
        assert!(
            drawn.contains("│ tournament-15-d3-s10-planted.csv ┆ faster  ┆ 6.8 ms       ┆ 41.0 µs (166x  │"),
            "{drawn}"
        );
    }

    #[test]
    fn files_of_several_folders_go_under_folder_headings_where_their_names_would_be_cut() {
        // 44 columns: whole in the 47 a 60-column table leaves it, cut after `second/`.
        let name = "a-name-long-enough-to-be-cut-after-a-dir.csv";
        let files = [format!("runs/first/{name}"), format!("runs/second/{name}")];
        let grid = files_grid(&files.iter().map(String::as_str).collect::<Vec<_>>());
        let drawn = lay_out_files(grid, Terminal { quiet: false, color: false, width: Some(60) });
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines[0], "files under runs/:");
        // Each folder a heading, each row its file's whole name.
        assert!(lines[4].starts_with("│ first/ "), "{drawn}");
        assert!(lines[5].starts_with(&format!("│ {name} ")) && lines[5].ends_with("┆ solved │"), "{drawn}");
        assert!(lines[6].starts_with("│ second/ "), "{drawn}");
        assert!(drawn.lines().all(|line| width(line) <= 60), "{drawn}");
    }

    #[test]
    fn a_ratio_whose_interval_holds_one_prints_as_a_tie_and_wins_nothing() {
        let timed = |solver: &str, mean: f64, sd: f64| {
            let mut record = Record::failed("a.csv".to_string(), Some("tournament"), String::new());
            record.solver = Some(solver.to_string());
            record.status = Status::Solved;
            (record.ms, record.mean_ms, record.sd_ms, record.runs) = (mean, Some(mean), Some(sd), 5);
            record
        };
        let mut records = vec![timed("fast", 5.0, 0.5), timed("near", 5.5, 1.0), timed("slow", 10.0, 1.0)];
        crate::report::runs::set_ratios(&mut records, |_| true, None);
        let grid = compare_grid(&records, &[], None);
        let texts: Vec<&str> = grid.rows[0][2..].iter().map(|cell| cell.text.as_str()).collect();
        // 5.5 ± 1 over 5 ± 0.5 is 1.1 ± 0.228: a tie; 10 ± 1 is 2 ± 0.283: slower.
        assert_eq!(
            texts,
            [
                "5.0 ms ± 500.0 µs   1.00x",
                "5.5 ms ± 1.0 ms tie 1.10 ± 0.23x",
                "10.0 ms ± 1.0 ms 2.00 ± 0.28x"
            ]
        );
        assert!(grid.rows[0][2..].iter().all(|cell| cell.tone == Tone::Plain), "no winner in a tie");
    }
}
