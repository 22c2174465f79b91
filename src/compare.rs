//! `solvebatch compare`: every solver of a family on every file, side by side.
//!
//! Files and solvers run one at a time, so that the timings do not disturb each other. For each file,
//! every solver runs `--repeat` times; its time is the median run. The solvers must agree on whether a
//! solution exists and every solution must pass the family's independent check
//! ([`Prepared::verify`]); a file where they do not is an error row and makes the exit status 1.
//! Files whose input a solver finds invalid are listed but left out of wins, ratios and means.

use std::process::ExitCode;
use std::time::Instant;

use crate::error::UsageError;
use crate::family::boundary::{Deadline, Family, Prepared};
use crate::inputs::{self, Own};
use crate::options::CompareOptions;
use crate::outcome::Outcome;
use crate::outcome::Status;
use crate::paths::display_path;
use crate::report::exporter::{Batch, Layout, Report};
use crate::report::record::{content_hash, Record};
use crate::report::summary::{median, SolverSummary, Summary};
use crate::report::Exporters;
use crate::solve;

/// The records of one file, one per solver, and whether the file counts in wins and ratios.
struct FileResult {
    records: Vec<Record>,
    /// The solvers disagree or a solution is invalid.
    failed: bool,
    /// A solver found the input invalid or the file cannot be read: listed, not counted.
    left_out: bool,
}

/// Runs the comparison and writes its reports.
///
/// # Errors
/// No inputs, an unknown family or solver (a usage error), a report that cannot be written.
pub fn run(options: &CompareOptions) -> anyhow::Result<ExitCode> {
    let mut exporters = Exporters::open(&options.reports, options.terminal.terminal())?;
    let own = Own::new(exporters.files());
    let found = inputs::find(&options.paths, options.kind, &own);
    if found.inputs.is_empty() {
        anyhow::bail!("no inputs found; name other files with --kind FAMILY to read them as that family");
    }
    let mut reads = crate::reads::Reads::default();
    reads.add_batch(&found.inputs, &options.settings);
    reads.check_reports(&options.reports)?;
    let mut prepared: Vec<(&'static str, Vec<Box<dyn Prepared>>)> = Vec::new();
    for family in found.inputs.iter().filter_map(|input| input.family) {
        if !prepared.iter().any(|(name, _)| *name == family.name()) {
            prepared.push((family.name(), prepare_solvers(options, family)?));
        }
    }
    let started = Instant::now();
    let mut results = Vec::with_capacity(found.inputs.len());
    crate::signals::finish_batches_gracefully();
    for input in &found.inputs {
        if crate::signals::interrupted() {
            break;
        }
        let file = display_path(&input.path);
        let solved = solve::family_of(input).and_then(|family| {
            let text = solve::load(&input.path, options.timeout)?;
            let solvers = &prepared.iter().find(|(name, _)| *name == family.name()).expect("prepared").1;
            Ok(compare_file(options, &input.path, file.clone(), family, solvers, &text))
        });
        let result = solved.unwrap_or_else(|unsolved| {
            let record = solve::unsolved(file, input.family.map(|family| family.name()), unsolved);
            FileResult { records: vec![record], failed: true, left_out: true }
        });
        for record in &result.records {
            exporters.record(record)?;
        }
        results.push(result);
    }
    let mut summary = summarise(&results, started.elapsed().as_secs_f64() * 1000.0);
    summary.interrupted = crate::signals::interrupted();
    if let Some(status) = crate::signals::exit_status() {
        summary.exit_code = status;
    }
    let records: Vec<Record> = results.into_iter().flat_map(|result| result.records).collect();
    let batch = Batch {
        layout: Layout::Compare,
        records: &records,
        summary: &summary,
        diffs: &[],
        roots: &options.paths,
    };
    exporters.finish(&Report::Batch(batch))?;
    Ok(ExitCode::from(summary.exit_code))
}

/// The solvers to run on files of `family`, prepared: `--solvers`, each checked, or all of the family's.
fn prepare_solvers(options: &CompareOptions, family: &dyn Family) -> anyhow::Result<Vec<Box<dyn Prepared>>> {
    let names: Vec<&str> = match &options.solvers {
        None => family.solvers().iter().map(|info| info.name).collect(),
        Some(asked) => asked.iter().map(String::as_str).collect(),
    };
    names
        .into_iter()
        .map(|name| {
            solve::prepare(family, name, &options.settings)
                .map_err(|error| UsageError(error.describe()).into())
        })
        .collect()
}

/// Every solver on one file, `--repeat` times each, then the agreement and validity checks.
fn compare_file(
    options: &CompareOptions,
    path: &std::path::Path,
    file: String,
    family: &dyn Family,
    solvers: &[Box<dyn Prepared>],
    text: &[u8],
) -> FileResult {
    let mut records = Vec::with_capacity(solvers.len());
    // Read only for its hash (within the time limit, as the input): `compare` judges solvers against
    // each other, not against references. Both hashes are the same for every solver's record.
    let reference = crate::text::read_limited(&family.reference_path(path), options.timeout).ok();
    let (input_hash, reference_hash) = (content_hash(text), reference.as_deref().map(content_hash));
    let mut problems = Vec::new();
    let mut answers: Vec<(&str, Status)> = Vec::new();
    for solver in solvers {
        let name = solver.solver();
        let mut times = Vec::with_capacity(options.repeat as usize);
        let mut decided: Option<Outcome> = None;
        let mut first: Option<Outcome> = None;
        for _ in 0..options.repeat {
            let started = Instant::now();
            let deadline = Deadline::at(options.timeout.map(|limit| started + limit))
                .or_flag(crate::signals::stop_flag());
            let outcome = solve::solve(solver.as_ref(), path, text, deadline);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            if outcome.status == Status::Failed {
                // A solver that panicked: the file fails, and its answer is left out of the agreement.
                problems.push(format!("{name}: {}", outcome.message.as_deref().unwrap_or("failed")));
            } else if !outcome.status.stopped() {
                if let Err(error) = solver.verify(path, text, &outcome.output) {
                    if outcome.status != Status::Invalid {
                        let message = crate::error::with_causes(error.as_ref());
                        problems.push(format!("{name} printed an invalid solution: {message}"));
                    }
                }
                match &decided {
                    Some(previous) if previous.status != outcome.status => {
                        problems.push(format!("{name} answered differently on two runs"));
                    }
                    Some(_) => {}
                    None => decided = Some(outcome.clone()),
                }
            }
            let interrupted = outcome.status == Status::Interrupted;
            first.get_or_insert(outcome);
            if interrupted {
                break;
            }
        }
        let outcome = decided.or(first).expect("at least one run");
        if !outcome.status.stopped() && outcome.status != Status::Failed {
            answers.push((name, outcome.status));
        }
        let (min_ms, max_ms) =
            (times.iter().copied().fold(f64::INFINITY, f64::min), times.iter().copied().fold(0.0, f64::max));
        let record = Record::of(
            file.clone(),
            family.name(),
            name,
            &outcome,
            median(&mut times),
            options.reports.json_outputs,
        );
        records.push(Record {
            min_ms,
            max_ms,
            runs: options.repeat,
            input_hash: Some(input_hash.clone()),
            reference_hash: reference_hash.clone(),
            ..record
        });
    }
    if let Some((first_solver, first_status)) = answers.first() {
        for (solver, status) in &answers[1..] {
            if status != first_status {
                problems.push(format!(
                    "solvers disagree: {first_solver} says {}, {solver} says {}",
                    crate::family::status_label(Some(family.name()), *first_status),
                    crate::family::status_label(Some(family.name()), *status)
                ));
            }
        }
    }
    problems.dedup();
    let left_out = answers.iter().any(|(_, status)| *status == Status::Invalid);
    let failed = !problems.is_empty();
    if failed {
        let message = problems.join("; ");
        records.iter_mut().for_each(|record| record.message = Some(message.clone()));
    } else if !left_out {
        let fastest = records
            .iter()
            .filter(|record| !record.status.stopped())
            .map(|record| record.ms)
            .min_by(f64::total_cmp);
        for record in records.iter_mut().filter(|record| !record.status.stopped()) {
            record.ratio = fastest.map(|fastest| record.ms / fastest.max(f64::MIN_POSITIVE));
        }
    }
    FileResult { records, failed, left_out }
}

/// The summary of a comparison: per file, its answer; per solver, wins, timeouts, the geometric mean
/// of its ratios and its total time over the files that count.
fn summarise(results: &[FileResult], wall_ms: f64) -> Summary {
    let answers: Vec<Record> = results
        .iter()
        .map(|result| {
            let answer =
                result.records.iter().find(|record| !record.status.stopped()).unwrap_or(&result.records[0]);
            let mut answer = answer.clone();
            if result.failed && answer.status != Status::Failed {
                answer.status = Status::Failed;
            }
            answer
        })
        .collect();
    let mut summary = Summary::of(&answers, false);
    summary.failing =
        results.iter().filter(|result| result.failed).map(|result| result.records[0].file.clone()).collect();
    summary.wall_ms = wall_ms;
    summary.left_out = results.iter().filter(|result| result.left_out).count();
    let mut names: Vec<&str> = Vec::new();
    for name in
        results.iter().flat_map(|result| &result.records).filter_map(|record| record.solver.as_deref())
    {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let counted: Vec<&Record> = results
        .iter()
        .filter(|result| !result.left_out && !result.failed)
        .flat_map(|result| &result.records)
        .collect();
    summary.solvers = names
        .into_iter()
        .map(|name| {
            let ran = results
                .iter()
                .flat_map(|result| &result.records)
                .filter(|record| record.solver.as_deref() == Some(name))
                .count();
            let mine: Vec<&&Record> =
                counted.iter().filter(|record| record.solver.as_deref() == Some(name)).collect();
            let ratios: Vec<f64> = mine.iter().filter_map(|record| record.ratio).collect();
            SolverSummary {
                solver: name.to_string(),
                files: ran,
                wins: ratios.iter().filter(|ratio| **ratio == 1.0).count(),
                timeouts: mine.iter().filter(|record| record.status == Status::Timeout).count(),
                geometric_mean_ratio: (!ratios.is_empty()).then(|| {
                    (ratios.iter().map(|ratio| ratio.ln()).sum::<f64>() / ratios.len() as f64).exp()
                }),
                total_ms: crate::report::summary::total(mine.iter().map(|record| record.ms)),
            }
        })
        .collect();
    summary.exit_code = u8::from(!summary.failing.is_empty());
    summary
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{CompareArgs, TerminalArgs};
    use crate::report::style::ColorChoice;
    use crate::report::ReportArgs;

    #[test]
    fn a_solver_that_panics_fails_the_file_and_the_others_still_run() {
        let family = crate::family::by_name("tournament").unwrap();
        let args = CompareArgs {
            paths: vec![],
            kind: None,
            solvers: None,
            repeat: 2,
            timeout: None,
            jobs: 1,
            seed: 0,
            reports: ReportArgs::default(),
            terminal: TerminalArgs { quiet: true, color: ColorChoice::Never },
        };
        let options = CompareOptions::from_args(args).unwrap();
        let solver = family.default_solver();
        let working = crate::solve::prepare(family, solver, &options.settings).unwrap();
        let solvers: Vec<Box<dyn Prepared>> = vec![Box::new(crate::solve::Panicking), working];
        let path = std::path::Path::new("a.csv");
        let result = compare_file(&options, path, "a.csv".to_string(), family, &solvers, b"1\n0,1,0\n");
        assert!(result.failed && !result.left_out);
        let rows: Vec<_> = result
            .records
            .iter()
            .map(|record| (record.solver.as_deref(), record.status, record.runs))
            .collect();
        assert_eq!(rows, [(Some("panicking"), Status::Failed, 2), (Some(solver), Status::Solved, 2)]);
        let message = "panicking: internal error: the solver panicked";
        assert!(result.records.iter().all(|record| record.message.as_deref() == Some(message)));
    }
}
