//! The scores of a solver competition over `compare`'s records (as the SAT and MiniZinc competitions
//! count them): per solver the files solved within the limit, timeouts, failures and PAR-2; the
//! virtual best solver (the best time of any solver on each file), the single best solver (the best
//! PAR-2) and the files only one solver solved. Computed from the records alone, so that a merged
//! report scores as the whole comparison would have.

use serde::{Deserialize, Serialize};

use super::record::Record;
use super::table::by_file;
use solvebatch_core::Status;

/// One solver's scores, over the files that count (not left out). Fields missing from a report
/// written before they existed read as zero or `null`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Scores {
    /// Files it answered (a solution or none) where the solvers agree.
    pub solved: usize,
    /// Files where it reached the time limit.
    pub timeouts: usize,
    /// Files where it failed: crashed, printed an invalid solution, or answered where the solvers
    /// disagree.
    pub failures: usize,
    /// PAR-2 in milliseconds: the sum of its times on the files it solved, plus twice the time limit
    /// for each timeout or failure; `null` without a time limit.
    #[serde(serialize_with = "super::record::serialize_optional_ms")]
    pub par2: Option<f64>,
    /// The sum of its (median) wall times, in milliseconds.
    #[serde(serialize_with = "super::record::serialize_ms")]
    pub total_ms: f64,
    /// The sum of its CPU times, in milliseconds; `null` when one was not measured.
    #[serde(serialize_with = "super::record::serialize_optional_ms")]
    pub cpu_ms: Option<f64>,
    /// Its largest peak resident memory, in KiB; `null` when none was measured (without `--isolate`).
    pub max_rss_kb: Option<u64>,
    /// Its largest heap peak (a record's `peak_heap_kb`), in KiB; `null` when none was counted.
    pub peak_heap_kb: Option<u64>,
}

/// A file only one solver solved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unique {
    /// The file.
    pub file: String,
    /// The solver that solved it.
    pub solver: String,
}

/// The scores of a whole comparison.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Competition {
    /// Per solver, in the order the solvers first appear.
    pub solvers: Vec<(String, Scores)>,
    /// The virtual best solver: on each file the best time of any solver that solved it.
    pub virtual_best: Scores,
    /// The solver with the best PAR-2 (without a time limit: the most files solved, then the least
    /// wall time); `null` when no solver solved a file.
    pub single_best: Option<String>,
    /// The files exactly one solver solved, in file order.
    pub unique: Vec<Unique>,
}

/// Whether the file of `group` (its records, one per solver) is left out of wins, ratios, means and
/// scores: a solver found its input invalid, or it could not be read at all.
pub fn left_out(group: &[Record]) -> bool {
    group.iter().any(|record| record.status == Status::Invalid || record.solver.is_none())
}

/// Whether the file of `group` fails the comparison: a solver failed on it (crashed, printed an
/// invalid solution, answered differently on two runs) or the solvers' answers disagree.
pub fn file_failed(group: &[Record]) -> bool {
    group.iter().any(|record| record.status == Status::Failed) || !agree(group)
}

/// The records of `group` (one file's) that solved it: answered, on a file that counts, where the
/// solvers agree.
pub fn solved(group: &[Record]) -> impl Iterator<Item = &Record> {
    let counts = !left_out(group) && agree(group);
    group.iter().filter(move |record| counts && answered(record))
}

/// Whether the solvers that answered on the file of `group` gave the same answer.
fn agree(group: &[Record]) -> bool {
    let first = group.iter().find(|record| answered(record)).map(|record| record.status);
    group.iter().filter(|record| answered(record)).all(|record| Some(record.status) == first)
}

/// Whether `record` answered: a solution or none.
fn answered(record: &Record) -> bool {
    matches!(record.status, Status::Solved | Status::NoSolution)
}

/// The scores of `records` (`compare`'s, grouped by file in order) with the time limit `limit_ms`
/// (milliseconds, `None` without one).
pub fn score(records: &[Record], limit_ms: Option<f64>) -> Competition {
    let mut names: Vec<&str> = Vec::new();
    for name in records.iter().filter_map(|record| record.solver.as_deref()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut solvers: Vec<(String, Scores)> = names
        .iter()
        .map(|name| {
            (name.to_string(), Scores { par2: limit_ms.map(|_| 0.0), cpu_ms: Some(0.0), ..Scores::default() })
        })
        .collect();
    let mut best = Scores { par2: limit_ms.map(|_| 0.0), cpu_ms: None, ..Scores::default() };
    let mut unique = Vec::new();
    for group in by_file(records).into_iter().filter(|group| !left_out(group)) {
        let agree = agree(group);
        let solved = |record: &Record| answered(record) && agree;
        for record in group {
            let Some(index) = names.iter().position(|name| record.solver.as_deref() == Some(*name)) else {
                continue;
            };
            let scores = &mut solvers[index].1;
            let penalty = if solved(record) {
                scores.solved += 1;
                Some(record.ms)
            } else if record.status == Status::Timeout {
                scores.timeouts += 1;
                limit_ms.map(|limit| 2.0 * limit)
            } else if record.status == Status::Failed || answered(record) {
                scores.failures += 1;
                limit_ms.map(|limit| 2.0 * limit)
            } else {
                // Interrupted: a signal stopped it, which scores nothing.
                Some(0.0)
            };
            scores.par2 = scores.par2.zip(penalty).map(|(sum, time)| sum + time);
            scores.total_ms += record.ms;
            scores.cpu_ms = scores.cpu_ms.zip(record.cpu_ms).map(|(sum, time)| sum + time);
            scores.max_rss_kb = scores.max_rss_kb.max(record.max_rss_kb);
            scores.peak_heap_kb = scores.peak_heap_kb.max(record.peak_heap_kb);
        }
        let winners: Vec<&Record> = group.iter().filter(|record| solved(record)).collect();
        match winners.iter().min_by(|a, b| a.ms.total_cmp(&b.ms)) {
            Some(fastest) => {
                best.solved += 1;
                best.total_ms += fastest.ms;
                best.par2 = best.par2.map(|sum| sum + fastest.ms);
            }
            None => {
                best.timeouts += usize::from(group.iter().any(|record| record.status == Status::Timeout));
                best.failures += usize::from(group.iter().all(|record| record.status != Status::Timeout));
                best.par2 = best.par2.zip(limit_ms).map(|(sum, limit)| sum + 2.0 * limit);
            }
        }
        // With one solver every solve is its only one: nothing to name.
        if let ([only], 2..) = (&winners[..], names.len()) {
            unique.push(Unique { file: only.file.clone(), solver: only.solver.clone().unwrap_or_default() });
        }
    }
    let single_best = solvers
        .iter()
        .filter(|(_, scores)| scores.solved > 0)
        .min_by(|(_, a), (_, b)| match (a.par2, b.par2) {
            (Some(a), Some(b)) => a.total_cmp(&b),
            _ => b.solved.cmp(&a.solved).then(a.total_ms.total_cmp(&b.total_ms)),
        })
        .map(|(name, _)| name.clone());
    Competition { solvers, virtual_best: best, single_best, unique }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record measured as `--isolate` measures: all of `ms` on the processor, 1000 KiB at the peak.
    fn record(file: &str, solver: &str, status: Status, ms: f64) -> Record {
        Record {
            cpu_ms: Some(ms),
            max_rss_kb: Some(1000),
            peak_heap_kb: Some(ms as u64),
            ..Record::timed(file, solver, status, ms)
        }
    }

    #[test]
    fn par2_virtual_best_single_best_and_unique_solves_on_known_records() {
        use Status::*;
        // Limit 100 ms, so a timeout or failure costs 200.
        //   a: x 10, y 30          b: x timeout, y 50     c: x 20, y failed
        //   d: x timeout, y timeout                       e: invalid input (left out)
        let records = vec![
            record("a", "x", Solved, 10.0),
            record("a", "y", Solved, 30.0),
            record("b", "x", Timeout, 100.0),
            record("b", "y", NoSolution, 50.0),
            record("c", "x", Solved, 20.0),
            record("c", "y", Failed, 5.0),
            record("d", "x", Timeout, 100.0),
            record("d", "y", Timeout, 100.0),
            record("e", "x", Invalid, 1.0),
            record("e", "y", Invalid, 1.0),
        ];
        let scores = score(&records, Some(100.0));
        let (x, y) = (&scores.solvers[0].1, &scores.solvers[1].1);
        // x: 10 + 200 + 20 + 200 = 430; y: 30 + 50 + 200 + 200 = 480.
        assert_eq!((x.solved, x.timeouts, x.failures, x.par2), (2, 2, 0, Some(430.0)));
        assert_eq!((y.solved, y.timeouts, y.failures, y.par2), (2, 1, 1, Some(480.0)));
        assert_eq!((x.total_ms, x.cpu_ms, x.max_rss_kb), (230.0, Some(230.0), Some(1000)));
        // The largest heap peak (here each record's ms, in KiB): both timed out at 100 on d.
        assert_eq!((x.peak_heap_kb, y.peak_heap_kb), (Some(100), Some(100)));
        // The virtual best: 10 (a) + 50 (b) + 20 (c) + 200 (d) = 280, three solved.
        let best = &scores.virtual_best;
        assert_eq!((best.solved, best.timeouts, best.failures, best.par2), (3, 1, 0, Some(280.0)));
        assert_eq!(best.total_ms, 80.0);
        assert_eq!(scores.single_best.as_deref(), Some("x"));
        let unique: Vec<(&str, &str)> =
            scores.unique.iter().map(|unique| (unique.file.as_str(), unique.solver.as_str())).collect();
        assert_eq!(unique, [("b", "y"), ("c", "x")]);
    }

    #[test]
    fn solvers_that_disagree_solve_nothing_and_without_a_limit_there_is_no_par2() {
        let records = vec![
            record("a", "x", Status::Solved, 1.0),
            record("a", "y", Status::NoSolution, 2.0),
            record("b", "x", Status::Solved, 5.0),
            record("b", "y", Status::Solved, 3.0),
        ];
        let scores = score(&records, None);
        let (x, y) = (&scores.solvers[0].1, &scores.solvers[1].1);
        assert_eq!((x.solved, x.failures, x.par2), (1, 1, None));
        assert_eq!((y.solved, y.failures, y.par2), (1, 1, None));
        // Both solved one file: the single best is the one with less wall time (5 ms against 6).
        assert_eq!(scores.single_best.as_deref(), Some("y"));
        assert_eq!(scores.virtual_best.solved, 1);
        assert_eq!(scores.unique, []);
    }

    #[test]
    fn one_solver_alone_names_no_file_as_solved_by_it_only() {
        let records = vec![record("a", "x", Status::Solved, 1.0), record("b", "x", Status::Solved, 2.0)];
        let scores = score(&records, None);
        assert_eq!(scores.solvers[0].1.solved, 2);
        assert_eq!(scores.unique, []);
    }
}
