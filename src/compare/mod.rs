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
use crate::inputs::{self, Input, Own};
use crate::options::CompareOptions;
use crate::paths::display_path;
use crate::report::exporter::{Batch, Layout};
use crate::report::record::Record;
use crate::report::runs::{self, RunStats};
use crate::report::summary::median;
use crate::report::Exporters;
use crate::solve::{self, FileToSolve, Solved};
use solvebatch_core::Status;
use solvebatch_core::{Deadline, Family, Prepared};

/// The records of one file, one per solver (whether the file failed or is left out of wins and
/// ratios follows from them: [`crate::report::scores`]).
struct FileResult {
    records: Vec<Record>,
    /// Why some solver's runs on the file cannot be trusted: where (`FILE, SOLVER`) and what.
    warnings: Vec<(String, String)>,
}

/// Runs the comparison and writes its reports.
///
/// # Errors
/// No inputs, an unknown family or solver (a usage error), a report that cannot be written.
pub fn run(options: &CompareOptions) -> anyhow::Result<ExitCode> {
    let history = options.history.open()?;
    let mut exporters = Exporters::open(&options.reports, options.terminal)?;
    let own = Own::new(exporters.files());
    let found = inputs::find(&options.paths, options.kind, &own, options.files_at_once);
    if found.inputs.is_empty() {
        return Err(crate::inputs::no_inputs(found.skipped, options.kind));
    }
    let input_set = crate::shard::input_set(&options.paths, &found);
    let mut found = found;
    if let Some(share) = options.shard {
        found.inputs.retain(|input| share.holds(&input.path, &options.paths));
    }
    let mut reads = crate::reads::Reads::default();
    reads.add_batch(&found.inputs, &options.settings);
    reads.check_reports(&options.reports)?;
    if let Some(dir) = &options.plot_data {
        for name in crate::report::plots::FILES {
            reads.check(&dir.join(name), "--plot-data")?;
        }
    }
    // Opened now, as the reports are: a folder that cannot hold the series is known before solving.
    let plot_files = options.plot_data.as_deref().map(crate::report::plots::PlotFiles::open).transpose()?;
    let mut prepared: Vec<(&'static str, Vec<Box<dyn Prepared>>)> = Vec::new();
    for family in found.inputs.iter().filter_map(|input| input.family) {
        if !prepared.iter().any(|(name, _)| *name == family.name()) {
            prepared.push((family.name(), prepare_solvers(options, family)?));
        }
    }
    let started = Instant::now();
    crate::signals::finish_batches_gracefully();
    let one = |input: &Input| {
        if crate::signals::interrupted() {
            return None;
        }
        let file = display_path(&input.path);
        let solved = solve::family_of(input).and_then(|family| {
            let text = solve::load(&input.path, options.timeout, input.regular)?;
            let solvers = &prepared.iter().find(|(name, _)| *name == family.name()).expect("prepared").1;
            Ok(compare_file(options, &input.path, file.clone(), family, solvers, &text))
        });
        Some(solved.unwrap_or_else(|unsolved| {
            let record = solve::unsolved(file, input.family.map(|family| family.name()), unsolved);
            FileResult { records: vec![record], warnings: Vec::new() }
        }))
    };
    let mut results = Vec::with_capacity(found.inputs.len());
    if options.parallel {
        // Files at once (`--jobs`, or one per core); each file's results are reported in path order at
        // the end.
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.files_at_once)
            .build()
            .map_err(|error| anyhow::anyhow!("cannot start the worker threads: {error}"))?;
        let solved: Vec<Option<FileResult>> = pool.install(|| found.inputs.par_iter().map(one).collect());
        for result in solved.into_iter().flatten() {
            report(&mut exporters, &result)?;
            results.push(result);
        }
    } else {
        for input in &found.inputs {
            let Some(result) = one(input) else { break };
            report(&mut exporters, &result)?;
            results.push(result);
        }
    }
    let wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    let mut warnings: Vec<(String, String)> =
        results.iter().flat_map(|result| result.warnings.iter().cloned()).collect();
    let records: Vec<Record> = results.into_iter().flat_map(|result| result.records).collect();
    warnings.extend(contention(&records).map(|warning| ("the comparison".to_string(), warning)));
    print_warnings(&warnings);
    let warnings = warnings.into_iter().map(|(place, what)| format!("{place}: {what}")).collect();
    let limit_ms = options.timeout.map(|limit| limit.as_secs_f64() * 1000.0);
    let mut summary = crate::report::comparison::summarise(&records, wall_ms, limit_ms, warnings);
    summary.baseline = options.baseline.clone();
    summary.parallel = options.parallel;
    summary.shard = options.shard;
    summary.inputs = Some(input_set);
    summary.skipped = found.skipped;
    summary.same_files = found.same_files();
    summary.options = Some(options.result_options());
    summary.interrupted = crate::signals::interrupted();
    if let Some(status) = crate::signals::exit_status() {
        summary.exit_code = status;
    }
    let batch = Batch {
        layout: Layout::Compare,
        records: &records,
        summary: &summary,
        diffs: &[],
        roots: &options.paths,
    };
    exporters.finish(&batch)?;
    if let Some(mut history) = history {
        history.record("compare", &batch)?;
    }
    if let Some(files) = plot_files {
        files.write(&crate::report::plots::plots(&records, &summary))?;
    }
    Ok(ExitCode::from(summary.exit_code))
}

/// Hands `result`'s records to the exporters.
fn report(exporters: &mut Exporters, result: &FileResult) -> anyhow::Result<()> {
    for record in &result.records {
        exporters.record(record)?;
    }
    Ok(())
}

/// Prints `warnings` (where, what) on standard error, one line for each kind of warning with how
/// many file and solver pairs it concerns, so that a folder of tiny files does not open with a
/// screen of the same line; every one of them stays in the report's summary.
fn print_warnings(warnings: &[(String, String)]) {
    let mut kinds: Vec<(&str, Vec<&str>)> = Vec::new();
    for (place, what) in warnings {
        match kinds.iter_mut().find(|(kind, _)| kind == what) {
            Some((_, places)) => places.push(place),
            None => kinds.push((what, vec![place])),
        }
    }
    // Wrapped at spaces on a terminal, where it would cut words anywhere: a path breaks between its
    // folders only where it is wider than a line.
    let columns = console::Term::stderr().size_checked().map(|(_, columns)| usize::from(columns));
    for (what, places) in kinds {
        let line = match places.as_slice() {
            [place] => format!("warning: {place}: {what}"),
            [_, _] | [_, _, _] => {
                format!("warning: {what}; {} file and solver pairs: {}", places.len(), places.join("; "))
            }
            [first, ..] => {
                format!("warning: {what}; {} file and solver pairs, the first {first}", places.len())
            }
            [] => continue,
        };
        let line = crate::report::style::terminal_text(&line);
        match columns {
            Some(columns) => {
                crate::report::style::wrap_prose(&line, columns).iter().for_each(|line| eprintln!("{line}"))
            }
            None => eprintln!("{line}"),
        }
    }
}

/// The wall time that solves of a single thread took past their CPU time, for the run: over
/// [`CONTENDED_RATIO`] the process was waiting for a core, and the times are the machine's load
/// as much as the solver's. Only solves of at least [`CONTENTION_MIN_MS`] count, where the clocks'
/// granularity and a thread's start do not dominate.
fn contention(records: &[Record]) -> Option<String> {
    let timed = records.iter().filter(|record| record.ms >= CONTENTION_MIN_MS);
    let (wall, cpu) = timed
        .filter_map(|record| Some((record.ms, record.cpu_ms?)))
        .fold((0.0, 0.0), |(wall, cpu), (ms, cpu_ms)| (wall + ms, cpu + cpu_ms));
    (cpu > 0.0 && wall > CONTENDED_RATIO * cpu).then(|| {
        format!(
            "the solves took {:.1}x their CPU time on the wall clock: the machine was busy, and the times \
             show its load as much as the solvers; compare on a quieter machine, or with --isolate",
            wall / cpu
        )
    })
}

/// The wall time over CPU time above which [`contention`] warns.
const CONTENDED_RATIO: f64 = 1.5;

/// The shortest solve, in milliseconds, that [`contention`] counts.
const CONTENTION_MIN_MS: f64 = 10.0;

/// The solvers to run on files of `family`, prepared: `--solvers`, each checked, or all of the family's.
fn prepare_solvers(options: &CompareOptions, family: &dyn Family) -> anyhow::Result<Vec<Box<dyn Prepared>>> {
    let names: Vec<&str> = match &options.solvers {
        None => family.solvers().iter().map(|info| info.name).collect(),
        Some(asked) => asked.iter().map(String::as_str).collect(),
    };
    if let Some(baseline) = &options.baseline {
        family.check_solver(baseline).map_err(|unknown| UsageError(format!("--baseline: {unknown}")))?;
    }
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
    let reference_path = family.reference_path(path);
    let reference = crate::text::read_reference(&reference_path, options.timeout);
    let to_solve = FileToSolve::new(file.clone(), path, text)
        .with_reference(reference.as_deref().map(|bytes| (display_path(&reference_path), bytes)))
        .unjudged();
    let mut problems = Vec::new();
    let mut warnings = Vec::new();
    let mut answers: Vec<(&str, Status)> = Vec::new();
    for solver in solvers {
        let name = solver.solver();
        let mut times = Vec::with_capacity(options.repeat as usize);
        let mut cpu_times = Vec::with_capacity(options.repeat as usize);
        let (mut max_rss_kb, mut peak_heap_kb): (Option<u64>, Option<u64>) = (None, None);
        let mut decided: Option<Solved> = None;
        let mut first: Option<Solved> = None;
        // A run failed, printed an invalid solution, or answered otherwise than another: its record
        // is `failed`, whatever it answered.
        let mut faulty = false;
        for _ in 0..options.warmup {
            if solve_once(options, family, solver.as_ref(), &to_solve).outcome.status == Status::Interrupted {
                break;
            }
        }
        for _ in 0..options.repeat {
            let solved = solve_once(options, family, solver.as_ref(), &to_solve);
            times.push(solved.record.ms);
            cpu_times.extend(solved.record.cpu_ms);
            max_rss_kb = max_rss_kb.max(solved.record.max_rss_kb);
            peak_heap_kb = peak_heap_kb.max(solved.record.peak_heap_kb);
            let outcome = &solved.outcome;
            if outcome.status == Status::Failed {
                // A solver that panicked: the file fails, and its answer is left out of the agreement.
                problems.push(format!("{name}: {}", outcome.message.as_deref().unwrap_or("failed")));
                faulty = true;
            } else if !outcome.status.stopped() {
                if let Err(error) = solver.verify(path, text, &outcome.output) {
                    if outcome.status != Status::Invalid {
                        let message = crate::error::with_causes(error.as_ref());
                        problems.push(format!("{name} printed an invalid solution: {message}"));
                        faulty = true;
                    }
                }
                match &decided {
                    Some(previous) if previous.outcome.status != outcome.status => {
                        problems.push(format!("{name} answered differently on two runs"));
                        faulty = true;
                    }
                    Some(_) => {}
                    None => {
                        decided = Some(solved);
                        continue;
                    }
                }
            }
            let interrupted = outcome.status == Status::Interrupted;
            first.get_or_insert(solved);
            if interrupted {
                break;
            }
        }
        // The record of the answer decided on, with the times of all the runs.
        let Solved { outcome, record, .. } = decided.or(first).expect("at least one run");
        if !outcome.status.stopped() && outcome.status != Status::Failed {
            answers.push((name, outcome.status));
        }
        let stats = RunStats::of(&times);
        if matches!(outcome.status, Status::Solved | Status::NoSolution) {
            warnings.extend(
                runs::warnings(&times).into_iter().map(|warning| (format!("{file}, {name}"), warning)),
            );
        }
        records.push(Record {
            ms: stats.median,
            min_ms: stats.min,
            max_ms: stats.max,
            mean_ms: Some(stats.mean),
            sd_ms: stats.sd,
            runs: times.len() as u32,
            cpu_ms: (!cpu_times.is_empty()).then(|| median(&mut cpu_times)),
            max_rss_kb,
            peak_heap_kb,
            status: if faulty { Status::Failed } else { record.status },
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
    let no_round: Vec<&str> =
        answers.iter().filter(|(_, status)| *status == Status::NoSolution).map(|(name, _)| *name).collect();
    if options.verify_no_round && !no_round.is_empty() {
        let deadline = Deadline::at(options.timeout.map(|limit| Instant::now() + limit));
        if let Some(Err(problem)) = family.check_no_solution(text, deadline) {
            problems.push(format!(
                "{} said {}, but {problem}",
                no_round.join(", "),
                family.no_solution_label()
            ));
        }
    }
    problems.dedup();
    let left_out = answers.iter().any(|(_, status)| *status == Status::Invalid);
    if !problems.is_empty() {
        let message = problems.join("; ");
        records.iter_mut().for_each(|record| record.message = Some(message.clone()));
    } else if !left_out {
        runs::set_ratios(&mut records, |record| !record.status.stopped(), options.baseline.as_deref());
    }
    FileResult { records, warnings }
}

/// One run of `solver` on `file` through the one path of `run` ([`solve::solve_file`]): in a child
/// process with `--isolate` (CPU time and peak memory from `wait4`), else in this process (CPU time
/// from the process clock, which counts the solver's own threads since nothing else runs meanwhile,
/// and the heap peak from the counting allocator).
fn solve_once(
    options: &CompareOptions,
    family: &dyn Family,
    solver: &dyn Prepared,
    file: &FileToSolve,
) -> Solved {
    // One solve at a time: the process clock, which counts the solver's own threads, and the heap;
    // with `--parallel`, other files' solves share the process: the solving thread's clock only.
    let measuring = solve::Measuring {
        timeout: options.timeout,
        isolation: options.isolation.as_ref().map(|isolation| (isolation, &options.settings)),
        clock: if options.parallel { solve::CpuClock::Thread } else { solve::CpuClock::Process },
        heap: !options.parallel,
    };
    let recording = solve::Recording {
        // The history keeps the output's hash.
        keep_output: options.reports.json_outputs || options.history.path.is_some(),
        diff: false,
    };
    let started = (Instant::now(), crate::signals::stop_flag());
    solve::solve_file((family, solver), file, started, &measuring, recording)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::FamilyOptions;
    use crate::report::style::{ColorChoice, Terminal};

    #[test]
    fn a_solver_that_panics_fails_the_file_and_the_others_still_run() {
        let family = crate::family::by_name("tournament").unwrap();
        let options = CompareOptions {
            paths: vec![],
            kind: None,
            solvers: None,
            repeat: 2,
            warmup: 0,
            baseline: None,
            timeout: None,
            reports: crate::report::ReportFiles::default(),
            history: crate::history::HistoryChoice::default(),
            terminal: Terminal::detect(true, ColorChoice::Never),
            settings: FamilyOptions::default().settings(0, 1).unwrap(),
            verify_no_round: false,
            isolation: None,
            parallel: false,
            files_at_once: 1,
            plot_data: None,
            shard: None,
        };
        let solver = family.default_solver();
        let working = crate::solve::prepare(family, solver, &options.settings).unwrap();
        let solvers: Vec<Box<dyn Prepared>> = vec![Box::new(crate::solve::Panicking), working];
        let path = std::path::Path::new("a.csv");
        let result = compare_file(&options, path, "a.csv".to_string(), family, &solvers, b"1\n0,1,0\n");
        let scores = |records: &[Record]| {
            (crate::report::scores::file_failed(records), crate::report::scores::left_out(records))
        };
        assert_eq!(scores(&result.records), (true, false));
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
