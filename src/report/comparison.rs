//! The summary of `compare` from its records alone (so that `merge` of sharded comparisons sums up
//! as one comparison would): per file its answer; per solver wins and ties, the geometric mean of its
//! ratios and its competition scores ([`super::scores`]); the virtual and single best solvers, the
//! files one solver alone solved, the warnings.

use super::record::Record;
use super::runs::{self, Standing};
use super::scores::{self, Competition};
use super::summary::{SolverSummary, Summary};
use super::table::by_file;
use solvebatch_core::Status;

/// The summary of `records` (grouped by file, in order), whose batch took `wall_ms`, with the time
/// limit `limit_ms` (milliseconds, `None` without one) and the runs' `warnings`.
pub fn summarise(records: &[Record], wall_ms: f64, limit_ms: Option<f64>, warnings: Vec<String>) -> Summary {
    let groups = by_file(records);
    let answers: Vec<Record> = groups
        .iter()
        .map(|group| {
            let mut answer =
                group.iter().find(|record| !record.status.stopped()).unwrap_or(&group[0]).clone();
            if scores::file_failed(group) {
                answer.status = Status::Failed;
            }
            answer
        })
        .collect();
    let mut summary = Summary::of(&answers, false);
    summary.failing =
        groups.iter().filter(|group| scores::file_failed(group)).map(|group| group[0].file.clone()).collect();
    summary.wall_ms = wall_ms;
    summary.left_out = groups.iter().filter(|group| scores::left_out(group)).count();
    let Competition { solvers, virtual_best, single_best, unique } = scores::score(records, limit_ms);
    let counted: Vec<&Record> = groups
        .iter()
        .filter(|group| !scores::left_out(group) && !scores::file_failed(group))
        .flat_map(|group| group.iter())
        .collect();
    let standings: Vec<Standing> = groups.iter().map(|group| runs::standing(group)).collect();
    summary.solvers = solvers
        .into_iter()
        .map(|(name, scores)| {
            let mine = |record: &Record| record.solver.as_deref() == Some(name.as_str());
            let ratios: Vec<f64> =
                counted.iter().filter(|record| mine(record)).filter_map(|record| record.ratio).collect();
            SolverSummary {
                files: records.iter().filter(|record| mine(record)).count(),
                wins: standings.iter().filter(|standing| **standing == Standing::Won(&name)).count(),
                ties: standings
                    .iter()
                    .filter(
                        |standing| matches!(standing, Standing::Tied(tied) if tied.contains(&name.as_str())),
                    )
                    .count(),
                geometric_mean_ratio: (!ratios.is_empty()).then(|| {
                    (ratios.iter().map(|ratio| ratio.ln()).sum::<f64>() / ratios.len() as f64).exp()
                }),
                solver: name,
                scores,
            }
        })
        .collect();
    summary.time_limit_ms = limit_ms;
    summary.virtual_best = Some(virtual_best);
    summary.single_best = single_best;
    summary.unique = unique;
    summary.warnings = warnings;
    summary.exit_code = u8::from(!summary.failing.is_empty());
    summary
}
