//! The series behind `compare`'s competition charts, as the SAT and SMT competitions draw them: the
//! cactus plot (per solver, its solve times sorted: the x-th point is the time within which it solved
//! x instances; and the virtual best's), each time the mean of the solver's runs on the file
//! ([`shown_ms`]), the scatter plot of each solver against the baseline (one
//! point per file, unsolved ones on the time limit) and the peak memory per file. `--plot-data DIR`
//! writes them as CSV files for other plotting tools ([`PlotFiles`]).

use std::io::Write;
use std::path::Path;

use anyhow::Context;

use serde::Serialize;

use super::record::Record;
use super::scores;
use super::summary::Summary;
use super::table::by_file;
use crate::output::OutputFile;

/// The time of `record` that `compare`'s charts plot: the mean of its runs (the results table's
/// mean ± σ), or its one time where no mean was kept (a `run`, or a report of an older version).
pub fn shown_ms(record: &Record) -> f64 {
    record.mean_ms.unwrap_or(record.ms)
}

/// The files `--plot-data DIR` writes in DIR.
pub const FILES: [&str; 3] = ["cactus.csv", "scatter.csv", "memory.csv"];

/// The name of the virtual best solver's series.
pub const VIRTUAL_BEST: &str = "virtual best";

/// A file's times (the means of the runs) for one solver and the baseline, in milliseconds; `None`
/// where it did not solve it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pair {
    /// The file.
    pub file: String,
    /// The solver set against the baseline.
    pub solver: String,
    /// The baseline's time, or `None` (a timeout, a failure).
    #[serde(serialize_with = "super::record::serialize_optional_ms")]
    pub baseline_ms: Option<f64>,
    /// The solver's time, or `None`.
    #[serde(serialize_with = "super::record::serialize_optional_ms")]
    pub solver_ms: Option<f64>,
}

/// One solver's peak memory on one file: at least one of the two figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Memory {
    /// The file.
    pub file: String,
    /// The solver.
    pub solver: String,
    /// Its peak resident memory, in KiB (`--isolate`), or `None`.
    pub max_rss_kb: Option<u64>,
    /// Its heap peak, in KiB (in-process), or `None`.
    pub peak_heap_kb: Option<u64>,
}

/// The series of a comparison's charts.
#[derive(Debug, Clone, PartialEq)]
pub struct Plots {
    /// Per solver (in order, then [`VIRTUAL_BEST`]), the mean times of the files it solved, ascending.
    pub cactus: Vec<(String, Vec<f64>)>,
    /// The solver the others are set against: `--baseline`, else the single best, else the first.
    pub baseline: Option<String>,
    /// Per other solver and file (files left out excepted), its time and the baseline's.
    pub pairs: Vec<Pair>,
    /// The peak memory of every record that measured it.
    pub memory: Vec<Memory>,
}

/// The series of `records` (a comparison's, grouped by file) and its `summary`.
pub fn plots(records: &[Record], summary: &Summary) -> Plots {
    let groups = by_file(records);
    let names: Vec<&str> = summary.solvers.iter().map(|solver| solver.solver.as_str()).collect();
    let sorted = |mut times: Vec<f64>| {
        times.sort_by(f64::total_cmp);
        times
    };
    let mut cactus: Vec<(String, Vec<f64>)> = names
        .iter()
        .map(|name| {
            let times = groups
                .iter()
                .flat_map(|group| scores::solved(group))
                .filter(|record| record.solver.as_deref() == Some(*name))
                .map(shown_ms)
                .collect();
            (name.to_string(), sorted(times))
        })
        .collect();
    let best = groups
        .iter()
        .filter_map(|group| scores::solved(group).map(shown_ms).min_by(f64::total_cmp))
        .collect();
    cactus.push((VIRTUAL_BEST.to_string(), sorted(best)));
    let baseline = summary
        .baseline
        .clone()
        .or(summary.single_best.clone())
        .or(names.first().map(|name| name.to_string()));
    let mut pairs = Vec::new();
    if let Some(baseline) = &baseline {
        for group in groups.iter().filter(|group| !scores::left_out(group)) {
            let time = |name: &str| {
                scores::solved(group).find(|record| record.solver.as_deref() == Some(name)).map(shown_ms)
            };
            for name in names.iter().filter(|name| **name != baseline.as_str()) {
                pairs.push(Pair {
                    file: group[0].file.clone(),
                    solver: name.to_string(),
                    baseline_ms: time(baseline),
                    solver_ms: time(name),
                });
            }
        }
    }
    let memory = records
        .iter()
        .filter(|record| record.max_rss_kb.is_some() || record.peak_heap_kb.is_some())
        .filter_map(|record| {
            Some(Memory {
                file: record.file.clone(),
                solver: record.solver.clone()?,
                max_rss_kb: record.max_rss_kb,
                peak_heap_kb: record.peak_heap_kb,
            })
        })
        .collect();
    Plots { cactus, baseline, pairs, memory }
}

/// A row of `cactus.csv`.
#[derive(Serialize)]
struct CactusRow<'a> {
    series: &'a str,
    solved: usize,
    #[serde(serialize_with = "super::record::serialize_ms")]
    ms: f64,
}

/// The files of `--plot-data DIR`, opened before any work ([`PlotFiles::open`]) and written at the
/// end ([`PlotFiles::write`]).
pub struct PlotFiles([OutputFile; 3]);

impl PlotFiles {
    /// Creates DIR (unless it is there) and opens its three files through the safe writer, so that a
    /// folder that cannot hold them is known before the comparison runs.
    ///
    /// # Errors
    /// DIR is not a folder or cannot be created, or a file cannot be created in it, naming it.
    pub fn open(dir: &Path) -> anyhow::Result<PlotFiles> {
        if dir.exists() && !dir.is_dir() {
            anyhow::bail!("{}: not a folder (--plot-data takes the folder for its CSV files)", dir.display());
        }
        std::fs::create_dir_all(dir)
            .map_err(|error| anyhow::anyhow!("{}: cannot create: {error}", dir.display()))?;
        let [cactus, scatter, memory] = FILES.map(|name| dir.join(name));
        Ok(PlotFiles([
            OutputFile::create(&cactus)?,
            OutputFile::create(&scatter)?,
            OutputFile::create(&memory)?,
        ]))
    }

    /// Writes the series as `DIR/cactus.csv` (`series,solved,ms`: the x-th solve of each series),
    /// `DIR/scatter.csv` (`file,solver,baseline_ms,solver_ms`, empty where unsolved) and
    /// `DIR/memory.csv` (`file,solver,max_rss_kb,peak_heap_kb`, empty where not measured).
    ///
    /// # Errors
    /// A file cannot be written, naming it.
    pub fn write(self, plots: &Plots) -> anyhow::Result<()> {
        let rows = plots.cactus.iter().flat_map(|(series, times)| {
            times.iter().enumerate().map(|(index, ms)| CactusRow { series, solved: index + 1, ms: *ms })
        });
        let [cactus, scatter, memory] = self.0;
        write_rows(cactus, rows)?;
        write_rows(scatter, plots.pairs.iter())?;
        write_rows(memory, plots.memory.iter())
    }
}

/// `rows` as a CSV file into `file` (a header even without rows).
fn write_rows<T: Serialize>(mut file: OutputFile, rows: impl Iterator<Item = T>) -> anyhow::Result<()> {
    let mut writer = csv::WriterBuilder::new().has_headers(true).from_writer(Vec::new());
    for row in rows {
        writer.serialize(row)?;
    }
    let bytes = writer.into_inner().map_err(|error| anyhow::anyhow!("{error}"))?;
    file.write_all(&bytes).with_context(|| format!("{}: cannot write", file.path().display()))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;
    use solvebatch_core::Status;

    #[test]
    fn cactus_series_sort_each_solver_s_solves_and_the_virtual_best_takes_the_fastest() {
        let records = vec![
            Record::timed("a", "x", Status::Solved, 30.0),
            Record::timed("a", "y", Status::Solved, 10.0),
            Record::timed("b", "x", Status::Solved, 5.0),
            Record::timed("b", "y", Status::Timeout, 100.0),
            Record::timed("c", "x", Status::Timeout, 100.0),
            Record::timed("c", "y", Status::NoSolution, 50.0),
        ];
        let summary = crate::report::comparison::summarise(&records, 1.0, Some(100.0), Vec::new());
        let plots = plots(&records, &summary);
        assert_eq!(
            plots.cactus,
            [
                ("x".to_string(), vec![5.0, 30.0]),
                ("y".to_string(), vec![10.0, 50.0]),
                (VIRTUAL_BEST.to_string(), vec![5.0, 10.0, 50.0]),
            ]
        );
        // PAR-2 x = 30 + 5 + 200 = 235, y = 10 + 200 + 50 = 260: x is the baseline of the scatter.
        assert_eq!(plots.baseline.as_deref(), Some("x"));
        let pairs: Vec<_> =
            plots.pairs.iter().map(|pair| (pair.file.as_str(), pair.baseline_ms, pair.solver_ms)).collect();
        assert_eq!(pairs, [("a", Some(30.0), Some(10.0)), ("b", Some(5.0), None), ("c", None, Some(50.0))]);
        assert_eq!(plots.memory, []);
    }

    #[test]
    fn the_series_hold_each_solve_s_mean_as_the_results_table_shows_it() {
        // Runs of 10, 10 and 16 ms: median 10, mean 12; the other solver's one run, 20 ms.
        let mut repeated = Record::timed("a", "x", Status::Solved, 10.0);
        repeated.mean_ms = Some(12.0);
        let records = vec![repeated, Record::timed("a", "y", Status::Solved, 20.0)];
        let summary = crate::report::comparison::summarise(&records, 1.0, None, Vec::new());
        let plots = plots(&records, &summary);
        assert_eq!(plots.cactus[0], ("x".to_string(), vec![12.0]));
        assert_eq!(plots.cactus[2], (VIRTUAL_BEST.to_string(), vec![12.0]));
        let pair = &plots.pairs[0];
        assert_eq!((pair.baseline_ms, pair.solver_ms), (Some(12.0), Some(20.0)));
    }
}
