//! `solvebatch run`: find the inputs, solve them in parallel, report in sorted path order.

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::family::{Family, Job, Outcome, Status};
use crate::inputs::{self, Input};
use crate::options::{RunOptions, UsageError};
use crate::output::write_atomic;
use crate::report::{self, Record, Summary, Verdict};

/// Runs a batch and prints its diffs, table and summary.
///
/// # Errors
/// No inputs, a solver that a family met in the batch does not offer, or a report that cannot be written.
pub fn run(options: &RunOptions) -> anyhow::Result<ExitCode> {
    let inputs = inputs::find(&options.paths, options.kind);
    if inputs.is_empty() {
        anyhow::bail!(
            "no inputs found (tournament .csv, tic-tac-toe .in, guess .guess, scrabble .scrabble); \
             use --kind to name the family of other files"
        );
    }
    check_solver(options, &inputs)?;
    if options.out.is_some() {
        check_distinct_outputs(&inputs)?;
    }
    let records = solve_all(options, &inputs)?;

    let mut stdout = std::io::stdout().lock();
    for record in &records {
        if let Some(diff) = &record.diff {
            writeln!(stdout, "{diff}")?;
        }
    }
    writeln!(stdout, "{}", report::table::render(&records))?;
    writeln!(stdout, "{}", Summary::of(&records))?;
    if let Some(path) = &options.json {
        write_atomic(path, &report::json::render(&records)?)?;
    }
    if let Some(path) = &options.csv {
        let rows: Vec<report::csv::FlatRecord> = records.iter().map(Into::into).collect();
        write_atomic(path, &report::csv::render(&rows)?)?;
    }
    let all_as_expected = records.iter().all(|record| record.as_expected);
    Ok(if all_as_expected { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// `--solver` must be offered by every family in the batch.
fn check_solver(options: &RunOptions, inputs: &[Input]) -> anyhow::Result<()> {
    let Some(solver) = &options.solver else { return Ok(()) };
    let mut families: Vec<&dyn Family> = inputs.iter().filter_map(|input| input.family).collect();
    families.sort_by_key(|family| family.name());
    families.dedup_by_key(|family| family.name());
    for family in families {
        let solvers = family.solvers();
        if !solvers.iter().any(|info| info.name == solver) {
            let names: Vec<_> = solvers.iter().map(|info| info.name).collect();
            return Err(UsageError(format!(
                "the {} family has no solver `{solver}` (it has: {}); run its files separately",
                family.name(),
                names.join(", ")
            ))
            .into());
        }
    }
    Ok(())
}

/// Two inputs with the same path below their folders would write the same file under `--out`.
fn check_distinct_outputs(inputs: &[Input]) -> anyhow::Result<()> {
    let mut seen = std::collections::HashMap::new();
    for input in inputs {
        if let Some(other) = seen.insert(&input.relative, &input.path) {
            return Err(UsageError(format!(
                "{} and {} would both be written to {} under --out; run them separately",
                other.display(),
                input.path.display(),
                input.relative.display()
            ))
            .into());
        }
    }
    Ok(())
}

fn solve_all(options: &RunOptions, inputs: &[Input]) -> anyhow::Result<Vec<Record>> {
    let pool = rayon::ThreadPoolBuilder::new()
        // More threads than files would only cost memory.
        .num_threads(options.jobs.map_or(0, |jobs| jobs.min(inputs.len())))
        .build()
        .context("cannot start the worker threads")?;
    let progress = ProgressBar::new(inputs.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} (ETA {eta}) {wide_msg}")
            .expect("the progress template is valid"),
    );
    let records = pool.install(|| {
        inputs
            .par_iter()
            .map(|input| {
                let record = solve_one(options, input);
                progress.set_message(record.file.clone());
                progress.inc(1);
                record
            })
            .collect()
    });
    progress.finish_and_clear();
    Ok(records)
}

/// Solves one input; every failure becomes the record's result.
fn solve_one(options: &RunOptions, input: &Input) -> Record {
    if let Some(problem) = &input.problem {
        return Record::failed(
            &input.path,
            input.family.map_or("unknown", |family| family.name()),
            problem.clone(),
        );
    }
    let Some(family) = input.family else {
        let message = "no family reads this kind of file; use --kind".to_string();
        return Record::failed(&input.path, "unknown", message);
    };
    let text = match std::fs::read(&input.path) {
        Ok(text) => text,
        Err(error) => return Record::failed(&input.path, family.name(), format!("cannot read: {error}")),
    };
    let solver = options.solver.as_deref().unwrap_or_else(|| family.solvers()[0].name);
    let job = Job {
        path: &input.path,
        input: &text,
        solver,
        deadline: options.timeout.map(|limit| Instant::now() + limit),
        options: &options.job,
    };
    let started = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| family.solve(&job)))
        .unwrap_or_else(|_| Outcome::invalid("internal error: the solver panicked".to_string()));
    let ms = started.elapsed().as_secs_f64() * 1000.0;

    let mut record = record_of(&input.path, family, solver, &outcome, ms);
    if outcome.status == Status::Timeout {
        return record;
    }
    compare_with_reference(options, family, input, &outcome, &mut record);
    if let Some(out) = &options.out {
        let target = crate::family::with_suffix(&out.join(&input.relative), ".out");
        let written = target
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(anyhow::Error::from)
            .and_then(|()| write_atomic(&target, outcome.output.as_bytes()));
        if let Err(error) = written {
            record.status = "error".to_string();
            record.message = Some(format!("cannot write the output: {error:#}"));
            record.as_expected = false;
        }
    }
    record
}

fn record_of(
    path: &std::path::Path,
    family: &dyn Family,
    solver: &str,
    outcome: &Outcome,
    ms: f64,
) -> Record {
    let (status, message) = match &outcome.status {
        Status::Solved => ("solved", None),
        Status::NoSolution => (family.no_solution_label(), None),
        Status::Invalid(message) => ("error", Some(message.clone())),
        Status::Timeout => ("timeout", None),
    };
    Record {
        file: path.display().to_string(),
        family: family.name().to_string(),
        solver: solver.to_string(),
        status: status.to_string(),
        message,
        verdict: None,
        ms,
        stats: outcome.stats.iter().copied().collect(),
        as_expected: matches!(outcome.status, Status::Solved | Status::NoSolution),
        diff: None,
    }
}

/// Sets the verdict (and the diff, with `--diff`) when a reference file exists.
fn compare_with_reference(
    options: &RunOptions,
    family: &dyn Family,
    input: &Input,
    outcome: &Outcome,
    record: &mut Record,
) {
    let reference_path = family.reference_path(&input.path);
    let Ok(reference) = std::fs::read(&reference_path) else { return };
    let same = reference == outcome.output.as_bytes();
    record.verdict = Some(if same { Verdict::Same } else { Verdict::Differs });
    record.as_expected = same;
    if options.diff && !same {
        let reference = String::from_utf8_lossy(&reference);
        let diff = similar::TextDiff::from_lines(reference.as_ref(), outcome.output.as_str());
        let reference_name = reference_path.display().to_string();
        let output_name = format!("{} (output)", input.path.display());
        record.diff = Some(diff.unified_diff().header(&reference_name, &output_name).to_string());
    }
}
