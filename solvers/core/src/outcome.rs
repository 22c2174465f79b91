//! The shared words of every layer: how a solve ended ([`Status`], with its output: [`Outcome`]) and
//! how an output compares with its reference ([`Verdict`]).

use std::collections::BTreeMap;

use crate::deadline::Deadline;
use serde::{Deserialize, Serialize};

/// How solving one file ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution (a round, a replay, the answers, the plays) was produced.
    Solved,
    /// The input is valid and has no solution (no tournament round, no Scrabble play).
    NoSolution,
    /// The input is invalid; the record's message says why (the spec's text, with its line).
    Invalid,
    /// The time limit passed first.
    Timeout,
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped the solve under way: neither solved nor timed out,
    /// and worth solving again.
    Interrupted,
    /// The file could not be solved at all: unreadable, of no family, an output that could not be
    /// written, a solver that panicked. The message says which.
    Failed,
}

impl Status {
    /// Every status, in the order summaries list them.
    pub const ALL: [Status; 6] = [
        Status::Solved,
        Status::NoSolution,
        Status::Invalid,
        Status::Timeout,
        Status::Interrupted,
        Status::Failed,
    ];

    /// The name in JSON and CSV reports: `solved`, `no_solution`, `invalid`, `timeout`,
    /// `interrupted`, `failed`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::NoSolution => "no_solution",
            Status::Invalid => "invalid",
            Status::Timeout => "timeout",
            Status::Interrupted => "interrupted",
            Status::Failed => "failed",
        }
    }

    /// Whether the solve was stopped before it answered (the time limit, a signal): there is no
    /// output to judge.
    pub fn stopped(self) -> bool {
        matches!(self, Status::Timeout | Status::Interrupted)
    }
}

/// How a file's output compares with its reference file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Byte for byte equal to the reference.
    Same,
    /// Not equal, but the family's verifier accepts it as a correct answer to the same input, and it
    /// agrees with the reference on whether an answer exists (another valid tournament round).
    Valid,
    /// Neither.
    Differs,
}

/// How solving one input ended, with its output.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// How it ended ([`Status::Failed`] is never a family's answer: the runner sets it).
    pub status: Status,
    /// Why the input is invalid, for [`Status::Invalid`].
    pub message: Option<String>,
    /// What the answer should be read with, whatever the status: a Scrabble dictionary's skipped
    /// entries.
    pub warning: Option<String>,
    /// The exact output text of the spec; for invalid input, the message and a newline (so that
    /// references can hold expected errors); empty on timeout.
    pub output: String,
    /// Search statistics worth comparing (nodes, backtracks, conflicts, guesses), by name.
    pub stats: BTreeMap<String, serde_json::Value>,
}

impl Outcome {
    /// An answer with its output and statistics (any serde struct of numbers).
    pub fn answer(status: Status, output: String, stats: &impl Serialize) -> Outcome {
        let stats = match serde_json::to_value(stats) {
            Ok(serde_json::Value::Object(map)) => map.into_iter().collect(),
            _ => BTreeMap::new(),
        };
        Outcome { status, message: None, warning: None, output, stats }
    }

    /// The outcome for invalid input: the message is also the output.
    pub fn invalid(message: String) -> Outcome {
        Outcome {
            output: format!("{message}\n"),
            status: Status::Invalid,
            message: Some(message),
            warning: None,
            stats: BTreeMap::new(),
        }
    }

    /// The outcome of a solve stopped by `deadline`: [`Status::Interrupted`] when its stop flag was
    /// set (a signal), else [`Status::Timeout`].
    pub fn stopped(deadline: Deadline) -> Outcome {
        let status = if deadline.stopped() { Status::Interrupted } else { Status::Timeout };
        Outcome { status, message: None, warning: None, output: String::new(), stats: BTreeMap::new() }
    }
}
