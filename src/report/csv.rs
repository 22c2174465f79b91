//! CSV: a header, then one row per record as each file finishes. The statistics column holds the
//! record's `stats` object as JSON text, and the hashes come last.

use anyhow::Context;
use serde::Serialize;

use crate::output::OutputFile;
use crate::report::exporter::{Batch, Exporter};
use crate::report::record::Record;
use solvebatch_core::{Status, Verdict};

/// The CSV exporter.
pub struct Csv {
    writer: csv::Writer<OutputFile>,
}

impl Csv {
    /// Writes to `file`.
    pub fn new(file: OutputFile) -> Csv {
        Csv { writer: csv::Writer::from_writer(file) }
    }
}

/// A record as one CSV row: the same fields as JSON, statistics as JSON text.
#[derive(Serialize)]
struct Row<'a> {
    file: &'a str,
    family: Option<&'a str>,
    solver: Option<&'a str>,
    status: Status,
    message: Option<&'a str>,
    warning: Option<&'a str>,
    verdict: Option<Verdict>,
    ms: f64,
    min_ms: f64,
    max_ms: f64,
    runs: u32,
    ratio: Option<f64>,
    ratio_sd: Option<f64>,
    mean_ms: Option<f64>,
    sd_ms: Option<f64>,
    cpu_ms: Option<f64>,
    max_rss_kb: Option<u64>,
    peak_heap_kb: Option<u64>,
    stats: String,
    input_hash: Option<&'a str>,
    reference_hash: Option<&'a str>,
}

impl Exporter for Csv {
    fn record(&mut self, record: &Record) -> anyhow::Result<()> {
        let round = super::record::round_to_microseconds;
        self.writer
            .serialize(Row {
                file: &record.file,
                family: record.family.as_deref(),
                solver: record.solver.as_deref(),
                status: record.status,
                message: record.message.as_deref(),
                warning: record.warning.as_deref(),
                verdict: record.verdict,
                ms: round(record.ms),
                min_ms: round(record.min_ms),
                max_ms: round(record.max_ms),
                runs: record.runs,
                ratio: record.ratio,
                ratio_sd: record.ratio_sd,
                mean_ms: record.mean_ms.map(round),
                sd_ms: record.sd_ms.map(round),
                cpu_ms: record.cpu_ms.map(round),
                max_rss_kb: record.max_rss_kb,
                peak_heap_kb: record.peak_heap_kb,
                stats: serde_json::to_string(&record.stats)?,
                input_hash: record.input_hash.as_deref(),
                reference_hash: record.reference_hash.as_deref(),
            })
            .map_err(anyhow::Error::from)
            .and_then(|()| self.writer.flush().map_err(anyhow::Error::from))
            .with_context(|| format!("{}: cannot write", self.writer.get_ref().path().display()))
    }

    fn finish(self: Box<Self>, _batch: &Batch) -> anyhow::Result<()> {
        close(self.writer)
    }
}

/// Flushes `writer` and commits its file.
///
/// # Errors
/// The file cannot be written.
pub fn close(writer: csv::Writer<OutputFile>) -> anyhow::Result<()> {
    let path = writer.get_ref().path().to_path_buf();
    let file = writer
        .into_inner()
        .map_err(|error| error.into_error())
        .with_context(|| format!("{}: cannot write", path.display()))?;
    file.commit()
}
