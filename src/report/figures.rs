//! The charts of the HTML report, with the numbers behind them: for `run`, a histogram of the time
//! per file for each family and solver; for `compare`, the cactus plot, a scatter plot of each solver
//! against the baseline, each solver's time and ratio to the fastest file by file, and the peak
//! memory when it was measured; for `guess simulate`, how many guesses the secrets took with each strategy.
//!
//! Every series of a solver is drawn in [`solver_colour`] of its name, on every chart and legend of
//! every page. The times of `compare`'s charts are each solver's mean over its runs ([`shown_ms`]),
//! the statistic its results table shows (mean ± σ); each chart's axis names it.

use super::buckets::{bound_label, histogram, Bucket};
use super::charts::{
    bar_chart_svg, log_line_chart_svg, log_scatter_svg, solver_colour, Colour, Guides, Points, XLabels,
    VIRTUAL_BEST,
};
use super::plots::{shown_ms, Memory, Plots, VIRTUAL_BEST as VIRTUAL_BEST_NAME};
use super::style::counted;
use super::summary::Summary;
use super::table::{by_file, plain_grid, Cell, Grid, Tone};
use crate::report::record::Record;
use solvebatch_core::figures::Bars;
use solvebatch_core::Status;

/// One chart and its caption.
pub struct Figure {
    /// The chart: an `<svg>` element.
    pub svg: String,
    /// The name and colour (`#RRGGBB`) of each series; empty for a chart of one series.
    pub legend: Vec<(String, String)>,
    /// The numbers behind the chart, or the key to its x axis.
    pub table: Option<Grid>,
    /// What the chart leaves out, if anything.
    pub note: Option<String>,
}

fn plain(text: impl Into<String>) -> Cell {
    Cell { text: text.into(), tone: Tone::Plain }
}

/// The legend of series named `names`: each name with its solver's colour.
fn legend_of(names: &[&str]) -> Vec<(String, String)> {
    names.iter().map(|name| (name.to_string(), solver_colour(name).hex())).collect()
}

/// `run`: for each family and solver (in the order of their first file), a histogram of the time
/// per file in log buckets ([`super::buckets`]), with the count of each bucket in a table. Files
/// that no solver ran are left out, and so are timeouts (counted in the note).
///
/// # Errors
/// A chart cannot be drawn.
pub fn run(records: &[Record]) -> anyhow::Result<Vec<Figure>> {
    let mut groups: Vec<((&str, &str), Vec<&Record>)> = Vec::new();
    for record in records {
        let Some(solver) = record.solver.as_deref() else { continue };
        let key = (record.family.as_deref().unwrap_or("-"), solver);
        match groups.iter_mut().find(|(other, _)| *other == key) {
            Some((_, group)) => group.push(record),
            None => groups.push((key, vec![record])),
        }
    }
    let mut figures = Vec::new();
    for ((family, solver), group) in groups {
        figures.extend(time_histogram(&format!("{family}, {solver}: time per file"), solver, &group)?);
    }
    Ok(figures)
}

/// The histogram of the times of `records` (each file's one run, solved by `solver`), stopped solves
/// (timeouts, interrupted) left out; `None` when only those are left.
fn time_histogram(title: &str, solver: &str, records: &[&Record]) -> anyhow::Result<Option<Figure>> {
    let times: Vec<f64> =
        records.iter().filter(|record| !record.status.stopped()).map(|record| record.ms).collect();
    let buckets = histogram(&times);
    let Some((last, _)) = buckets.last() else { return Ok(None) };
    // Past ten buckets, only the powers of ten are named.
    let crowded = buckets.len() > 10;
    let edge = |bucket: Bucket| {
        if crowded && bucket.0 % 3 != 0 {
            String::new()
        } else {
            bound_label(bucket.lower_us())
        }
    };
    let mut edges: Vec<String> = buckets.iter().map(|(bucket, _)| edge(*bucket)).collect();
    edges.push(edge(Bucket(last.0 + 1)));
    let counts = buckets.iter().map(|(_, count)| *count).collect();
    let svg = bar_chart_svg(
        title,
        ("wall time of the file's run (log scale)", "files"),
        &XLabels::Edges(edges),
        &[counts],
        &[solver_colour(solver)],
        &[],
    )?;
    let rows =
        buckets.iter().map(|(bucket, count)| vec![plain(bucket.label()), plain(count.to_string())]).collect();
    let timeouts = records.len() - times.len();
    Ok(Some(Figure {
        svg,
        legend: Vec::new(),
        table: Some(Grid::new(vec!["time".into(), "files".into()], rows, vec![false, true])),
        note: (timeouts > 0).then(|| format!("{} not shown", counted(timeouts, "timeout", "timeouts"))),
    }))
}

/// `compare`: each solver's mean time per file (log scale), then its ratio to the fastest (of the
/// means), one line per solver, the files numbered in table order (the first figure's table is the key). A
/// solver that timed out or failed on a file has no point there, nor has a file left out of the
/// ratios on the second chart.
///
/// # Errors
/// A chart cannot be drawn.
pub fn compare(records: &[Record], summary: &Summary) -> anyhow::Result<Vec<Figure>> {
    let files = by_file(records);
    let mut solvers: Vec<&str> = Vec::new();
    for solver in records.iter().filter_map(|record| record.solver.as_deref()) {
        if !solvers.contains(&solver) {
            solvers.push(solver);
        }
    }
    let series = |value: fn(&Record) -> Option<f64>| -> Vec<Vec<Option<f64>>> {
        let of = |solver: &str| {
            files
                .iter()
                .map(|group| {
                    group.iter().find(|record| record.solver.as_deref() == Some(solver)).and_then(value)
                })
                .collect()
        };
        solvers.iter().map(|solver| of(solver)).collect()
    };
    let times = series(|record| {
        let finished = !record.status.stopped() && record.status != Status::Failed;
        (finished && shown_ms(record) > 0.0).then_some(shown_ms(record))
    });
    let ratios = series(|record| record.ratio);
    let legend = legend_of(&solvers);
    let colours: Vec<Colour> = solvers.iter().map(|solver| solver_colour(solver)).collect();
    // The key names the files as the results table does: after the folder they all share.
    let folder = crate::paths::common_folder(records.iter().map(|record| record.file.as_str()));
    let key = Grid::new(
        vec!["#".into(), "file".into()],
        files
            .iter()
            .enumerate()
            .map(|(index, group)| {
                let file = &group[0].file;
                let shown = folder.as_deref().and_then(|folder| file.strip_prefix(folder)).unwrap_or(file);
                vec![plain((index + 1).to_string()), plain(shown)]
            })
            .collect(),
        vec![true, false],
    );
    let plots = super::plots::plots(records, summary);
    let mut figures = competition(&plots, summary.time_limit_ms)?;
    if times.iter().flatten().any(Option::is_some) {
        let svg = log_line_chart_svg(
            "Mean time per file",
            ("file", "mean time of the runs (log scale)"),
            &times,
            &colours,
            time_label,
            summary.time_limit_ms,
            &[],
        )?;
        let note = "Each point is the mean of the solver's runs on the file, as in the results table \
                    (mean ± σ).";
        figures.push(Figure { svg, legend: legend.clone(), table: Some(key), note: Some(note.to_string()) });
    }
    if ratios.iter().flatten().any(Option::is_some) {
        let svg = log_line_chart_svg(
            "Ratio to the fastest solver",
            ("file", "mean time over the fastest's (log scale)"),
            &ratios,
            &colours,
            |ratio| format!("{}×", (ratio * 100.0).round() / 100.0),
            None,
            &[],
        )?;
        figures.push(Figure { svg, legend: legend.clone(), table: None, note: None });
    }
    figures.extend(memory_chart(&plots, &solvers, files.len())?);
    Ok(figures)
}

/// The cactus plot (one line per solver and the virtual best, the time limit drawn) and a scatter
/// plot of each solver against the baseline (the diagonal, the 2× lines, and the files a solver did
/// not solve on the limit line, or left out without a limit).
fn competition(plots: &Plots, limit: Option<f64>) -> anyhow::Result<Vec<Figure>> {
    let mut figures = Vec::new();
    // The virtual best is the last series: no solver's colour.
    let colour = |name: &str| if name == VIRTUAL_BEST_NAME { VIRTUAL_BEST } else { solver_colour(name) };
    let legend: Vec<(String, String)> =
        plots.cactus.iter().map(|(name, _)| (name.clone(), colour(name).hex())).collect();
    let colours: Vec<Colour> = plots.cactus.iter().map(|(name, _)| colour(name)).collect();
    let series: Vec<Vec<Option<f64>>> =
        plots.cactus.iter().map(|(_, times)| times.iter().map(|ms| Some(ms.max(0.001))).collect()).collect();
    let names: Vec<String> = plots.cactus.iter().map(|(name, _)| name.clone()).collect();
    if series.iter().any(|times| !times.is_empty()) {
        let svg = log_line_chart_svg(
            "Cactus plot: instances solved within a mean time",
            ("instances solved", "mean time per instance, sorted (log scale)"),
            &series,
            &colours,
            time_label,
            limit,
            &names,
        )?;
        let note = limit.map(|limit| format!("the grey line is the time limit, {}", time_label(limit)));
        figures.push(Figure { svg, legend, table: None, note });
    }
    let Some(baseline) = &plots.baseline else { return Ok(figures) };
    let mut others: Vec<&str> = Vec::new();
    for pair in &plots.pairs {
        if !others.contains(&pair.solver.as_str()) {
            others.push(&pair.solver);
        }
    }
    for solver in &others {
        let mine = plots.pairs.iter().filter(|pair| pair.solver == *solver);
        let points: Vec<(f64, f64)> = mine
            .clone()
            .filter_map(|pair| Some((pair.baseline_ms.or(limit)?, pair.solver_ms.or(limit)?)))
            .collect();
        let dropped = mine.count() - points.len();
        let svg = log_scatter_svg(
            &format!("{solver} against {baseline}, per file"),
            (&format!("{baseline} mean time (log scale)"), &format!("{solver} mean time (log scale)")),
            &[Points { points, colour: solver_colour(solver), ring: false }],
            Guides { twice: true, limit },
            &[format!("a file ({solver} against {baseline})")],
        )?;
        let mut note = format!(
            "Below the diagonal {solver} is faster; the light lines are 2× faster and 2× slower{}.",
            if limit.is_some() { "; files not solved are on the grey limit lines" } else { "" }
        );
        if dropped > 0 {
            note.push_str(&format!(
                " {} without a time limit to draw them at.",
                counted(dropped, "file not solved is left out", "files not solved are left out")
            ));
        }
        figures.push(Figure { svg, legend: legend_of(&[solver]), table: None, note: Some(note) });
    }
    Ok(figures)
}

/// The peak memory per file, one bar per solver: the resident peak in MiB where any was measured
/// (`--isolate`), else the in-process heap peak in KiB; `None` when nothing measured either.
fn memory_chart(plots: &Plots, solvers: &[&str], files: usize) -> anyhow::Result<Option<Figure>> {
    if plots.memory.is_empty() {
        return Ok(None);
    }
    let resident = plots.memory.iter().any(|memory| memory.max_rss_kb.is_some());
    let (title, y_desc, note) = if resident {
        ("Peak memory per file", "peak resident memory (MiB)", "Each child process's own peak (--isolate).")
    } else {
        (
            "Peak heap per file",
            "peak live heap (KiB)",
            "The most heap bytes each in-process solve held at once (counted): not resident memory.",
        )
    };
    let height = |memory: &Memory| match (resident, memory.max_rss_kb, memory.peak_heap_kb) {
        (true, Some(kb), _) => kb.div_ceil(1024),
        (false, _, Some(kb)) => kb,
        _ => 0,
    };
    let mut file_names: Vec<&str> = Vec::new();
    for memory in &plots.memory {
        if !file_names.contains(&memory.file.as_str()) {
            file_names.push(&memory.file);
        }
    }
    let series: Vec<Vec<usize>> = solvers
        .iter()
        .map(|solver| {
            file_names
                .iter()
                .map(|file| {
                    let found =
                        plots.memory.iter().find(|memory| memory.file == *file && memory.solver == *solver);
                    found.map_or(0, |memory| height(memory) as usize)
                })
                .collect()
        })
        .collect();
    let labels =
        XLabels::Centred((1..=file_names.len().min(files)).map(|number| number.to_string()).collect());
    let names: Vec<String> = solvers.iter().map(|solver| solver.to_string()).collect();
    let colours: Vec<Colour> = solvers.iter().map(|solver| solver_colour(solver)).collect();
    let svg = bar_chart_svg(title, ("file", y_desc), &labels, &series, &colours, &names)?;
    let legend = legend_of(solvers);
    Ok(Some(Figure { svg, legend, table: None, note: Some(note.to_string()) }))
}

/// A family's bar chart ([`Bars`]): one bar per series in each group, the chart's table beside it.
///
/// # Errors
/// The chart cannot be drawn.
pub fn bars(bars: &Bars) -> anyhow::Result<Figure> {
    let counts: Vec<Vec<usize>> = bars.series.iter().map(|(_, counts)| counts.clone()).collect();
    let names: Vec<&str> = bars.series.iter().map(|(name, _)| name.as_str()).collect();
    let colours: Vec<Colour> = names.iter().map(|name| solver_colour(name)).collect();
    let svg = bar_chart_svg(
        &bars.title,
        (&bars.x, &bars.y),
        &XLabels::Centred(bars.labels.clone()),
        &counts,
        &colours,
        &[],
    )?;
    let legend = legend_of(&names);
    Ok(Figure { svg, legend, table: Some(plain_grid(&bars.table)), note: None })
}

/// A time in milliseconds as the y axis of `compare` shows it: in µs, ms or s, to two decimals
/// without trailing zeros (`0.5 µs`, `20 µs`, `1 ms`, `10 s`).
fn time_label(ms: f64) -> String {
    let us = (ms * 100_000.0).round() / 100.0;
    if us < 1_000.0 {
        format!("{us} µs")
    } else if us < 1_000_000.0 {
        format!("{} ms", us / 1_000.0)
    } else {
        format!("{} s", us / 1_000_000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_labels_take_the_unit_that_suits_them() {
        assert_eq!(time_label(0.0001), "0.1 µs");
        assert_eq!(time_label(0.02), "20 µs");
        // Plotters' powers of ten come with rounding errors.
        assert_eq!(time_label(0.9999999999999999), "1 ms");
        assert_eq!(time_label(100.00000000000001), "100 ms");
        assert_eq!(time_label(10_000.0), "10 s");
    }
}
