//! JSON lines: one object per record as each file finishes, then a summary object that closes the
//! report. Every line has a `type`: `run`, `file`, `summary`, and in the result of
//! `tournament --cubes K/N` `cube_share`; [`Line`] is the one schema. A family's own command writes
//! lines of its own `type` ([`super::FigureExporters`]).

use std::borrow::Cow;
use std::io::Write;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::output::OutputFile;
use crate::report::exporter::{Batch, Exporter};
use crate::report::record::Record;
use crate::report::summary::{ResultOptions, Summary};
use crate::shard::Share;

/// The JSON lines exporter.
pub struct JsonLines {
    file: OutputFile,
    outputs: bool,
}

impl JsonLines {
    /// Writes to `file`; record outputs only with `outputs` (`--json-outputs`).
    pub fn new(file: OutputFile, outputs: bool) -> JsonLines {
        JsonLines { file, outputs }
    }

    fn line(&mut self, value: &impl Serialize) -> anyhow::Result<()> {
        // Written whole, so that a failed write is an I/O error naming the file (a closed pipe is then
        // recognised as one), and a line is complete on disk before the next file finishes.
        let mut line = serde_json::to_vec(value)?;
        line.push(b'\n');
        self.file
            .write_all(&line)
            .and_then(|()| self.file.flush())
            .with_context(|| format!("{}: cannot write", self.file.path().display()))
    }
}

/// A line of a JSON report, as every command writes it and `merge` reads it back: one schema.
/// Borrowed when written, owned when read.
/// What the first line of a report of `run` holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunStart {
    /// The options that affect the results, as the summary records them.
    pub options: ResultOptions,
    /// `--shard K/N`, or `null` for the whole batch.
    pub shard: Option<Share>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line<'a> {
    /// The first line of a report of `run`: the options and the shard it was run with, so that a
    /// report cut off by a kill, which has no summary, still says them (`run --resume` checks them).
    Run(Cow<'a, RunStart>),
    /// A file's record.
    File(Cow<'a, Record>),
    /// The summary that closes a report.
    Summary(Box<Cow<'a, Summary>>),
    /// The result of `tournament --cubes K/N`.
    CubeShare(Cow<'a, ShareResult>),
    /// The result of `tournament --count`.
    RoundCount(Cow<'a, RoundCountResult>),
}

/// The number of rounds of one pairing file (`tournament FILE --count --json OUT`):
/// `{"type":"round_count","file":…,"rounds":"…","nodes":…,"memo_hits":…,"ms":…}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundCountResult {
    /// The pairing file, as given.
    pub file: String,
    /// The exact number of rounds, in decimal digits: a string, since counts pass 64 bits and
    /// JavaScript's numbers are exact only up to 2^53.
    pub rounds: String,
    /// Options tried by the counting search.
    pub nodes: u64,
    /// Subproblems answered from the memo.
    pub memo_hits: u64,
    /// Wall time, parsing included, in milliseconds.
    #[serde(serialize_with = "super::record::serialize_ms")]
    pub ms: f64,
}

/// How a share ended, in a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// A round was found in this share.
    Round,
    /// No cube of this share holds a round.
    Refuted,
    /// The time limit passed first.
    Timeout,
}

/// The result of one share (`tournament --cubes K/N`; see [`crate::cubes`] for the JSON form).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShareResult {
    /// The pairing file, as given.
    pub file: String,
    /// XXH3-128 of the file's bytes, in hexadecimal: shares of one instance agree on it.
    pub input: String,
    /// Which share.
    pub share: Share,
    /// How it ended.
    pub answer: Answer,
    /// The round's printed lines for [`Answer::Round`]; `null` otherwise.
    pub output: Option<String>,
    /// Conflicts of the SAT solver.
    pub conflicts: u64,
    /// Wall time of the share, parsing included, in milliseconds.
    #[serde(serialize_with = "super::record::serialize_ms")]
    pub ms: f64,
}

impl Exporter for JsonLines {
    fn start(&mut self, start: &RunStart) -> anyhow::Result<()> {
        self.line(&Line::Run(Cow::Borrowed(start)))
    }

    fn record(&mut self, record: &Record) -> anyhow::Result<()> {
        if self.outputs || record.output.is_none() {
            self.line(&Line::File(Cow::Borrowed(record)))
        } else {
            let without = Record { output: None, ..record.clone() };
            self.line(&Line::File(Cow::Owned(without)))
        }
    }

    fn finish(mut self: Box<Self>, batch: &Batch) -> anyhow::Result<()> {
        self.line(&Line::Summary(Box::new(Cow::Borrowed(batch.summary))))?;
        self.file.commit()
    }
}
