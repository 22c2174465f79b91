//! `solvebatch run`: find the inputs, prepare each family once, keep the share of `--shard`, solve the
//! files in parallel, and hand each record to the reporters in sorted path order as soon as it is
//! known.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use crate::error::UsageError;
use crate::inputs::{self, BareFolders, Input, Own};
use crate::options::RunOptions;
use crate::output::write_file;
use crate::paths::display_path;
use crate::reads::Reads;
use crate::report::exporter::{Batch, Layout};
use crate::report::json::RunStart;
use crate::report::record::Record;
use crate::report::summary::Summary;
use crate::report::Exporters;
use crate::resume::Previous;
use crate::shard;
use crate::signals;
use crate::solve::{self, FileToSolve, Solved, Unprepared};
use crate::workers;
use solvebatch_core::Prepared;
use solvebatch_core::Status;

/// Each family met in a batch, prepared once with its solver, by family name.
type PreparedFamilies = HashMap<&'static str, Box<dyn Prepared>>;

/// Runs a batch, writes its reports, and returns its summary: the `run` command's work, and the
/// first step of `review`.
///
/// # Errors
/// A report path that cannot be written, a solver or setting a family met in the batch cannot use
/// (usage errors, before any work), or no inputs in the whole batch (a shard may hold none).
pub fn run(options: &RunOptions) -> anyhow::Result<Summary> {
    let started = Instant::now();
    // Read before the reports are opened: resuming takes over the partial file a kill left.
    let baseline = options.baseline.as_deref().map(crate::changes::Baseline::read).transpose()?;
    let previous = crate::resume::load(options)?;
    if let Some(refusal) = crate::resume::leftover_partial(options) {
        return Err(refusal);
    }
    let history = options.history.open()?;
    let mut exporters = Exporters::open(&options.reports, options.terminal)?;
    exporters.start(&RunStart { options: options.result_options(), shard: options.shard })?;
    let junit = open_junit(options)?;
    if options.junit.as_deref() == Some(Path::new("-")) {
        exporters.yield_stdout(options.terminal);
    }
    let mut own_files = exporters.files().to_vec();
    own_files.extend(options.junit.iter().filter(|path| *path != Path::new("-")).cloned());
    let own = Own::new(&own_files);
    let mut found =
        inputs::find(&options.paths, options.kind, &own, options.jobs.unwrap_or_else(workers::cores));
    if found.inputs.is_empty() {
        return Err(crate::inputs::no_inputs(found.skipped, options.kind));
    }
    let mut reads = Reads::default();
    // Only a batch that writes files needs what it reads: two look-ups for each input.
    let writes = !options.reports.named().is_empty()
        || options.junit.is_some()
        || options.bless.is_some()
        || options.review.is_some()
        || options.out.is_some();
    if writes {
        reads.add_batch(&found.inputs, &options.settings);
    }
    if let Some(path) = &options.baseline {
        reads.add("the baseline report", path);
    }
    if let Some(crate::options::Resume::RerunFailing(path)) = &options.resume {
        if !crate::resume::is_own_report(options, path) {
            reads.add("the report to rerun", path);
        }
    }
    reads.check_reports(&options.reports)?;
    if let Some(path) = &options.junit {
        reads.check_report(path, "--junit")?;
    }
    if options.bless.is_some() {
        crate::bless::check_batch(&reads, &found.inputs, "--bless")?;
    } else if options.review.is_some() {
        crate::bless::check_batch(&reads, &found.inputs, "review")?;
    }
    let prepared = prepare(options, &found.inputs)?;
    if let Some(out) = &options.out {
        if out.exists() && !out.is_dir() {
            return Err(UsageError(format!("--out {}: not a folder", display_path(out))).into());
        }
        check_distinct_outputs(out, &found.inputs)?;
        for input in &found.inputs {
            reads.check(&output_path(out, &input.path), "--out")?;
        }
    }
    // Every shard prepares and checks the whole batch, so that all fail alike as one run would.
    let input_set = shard::input_set(&options.paths, &found);
    let orphans = crate::references::orphans(&found.references);
    if let Some(share) = options.shard {
        found.inputs.retain(|input| share.holds(&input.path, &options.paths));
    }
    if let Some(previous) = &previous {
        previous.check_inputs(&input_set, &found.inputs, options)?;
    }
    signals::finish_batches_gracefully();
    let (records, diffs) =
        solve_all(options, &prepared, previous.as_ref(), (&found.inputs, &found.bare), &mut exporters)?;

    let mut summary = Summary::of(&records, options.strict);
    if let Some(blessing) = &options.bless {
        blessing.summarise(&mut summary);
    }
    let orphans = crate::references::settle(options.orphans, options.dry_run, &orphans);
    if orphans.fails() {
        summary.exit_code = 1;
    }
    summary.orphans = Some(orphans);
    summary.wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    summary.skipped = found.skipped;
    summary.same_files = found.same_files();
    summary.interrupted = signals::interrupted();
    if let Some(status) = signals::exit_status() {
        summary.exit_code = status;
    }
    summary.shard = options.shard;
    summary.inputs = Some(input_set);
    summary.options = Some(options.result_options());
    summary.resumed = previous.as_ref().map(crate::resume::Previous::kept);
    let batch = Batch {
        layout: Layout::Run,
        records: &records,
        summary: &summary,
        diffs: if options.diff { &diffs } else { &[] },
        roots: &options.paths,
    };
    exporters.finish(&batch)?;
    if let Some(mut history) = history {
        history.record("run", &batch)?;
    }
    if let Some(file) = junit {
        crate::report::junit::write(file, &records, options.strict, &diffs, &options.paths)?;
    }
    if options.github {
        crate::report::github::report(&records, options.strict, &batch)?;
    }
    if let Some(baseline) = baseline {
        let to_stdout = options.reports.to_stdout() || options.junit.as_deref() == Some(Path::new("-"));
        let regressed = baseline.report(&records, options.strict, options.terminal, to_stdout)?;
        summary.exit_code = summary.exit_code.max(regressed);
    }
    Ok(summary)
}

/// Opens the `--junit` report before any work, as every report is opened.
///
/// # Errors
/// A [`UsageError`] for a path that cannot be written or that another report writes too.
fn open_junit(options: &RunOptions) -> anyhow::Result<Option<crate::output::OutputFile>> {
    let Some(path) = &options.junit else { return Ok(None) };
    if let Some((_, other)) =
        options.reports.named().into_iter().find(|(other, _)| crate::paths::same_file(path, other))
    {
        return Err(UsageError(format!("{other} and --junit both write {}", path.display())).into());
    }

    crate::output::OutputFile::create(path).map(Some).map_err(|error| UsageError(format!("{error:#}")).into())
}

/// Prepares every family met in the batch with its solver: `--solver` (its `FAMILY=NAME`, else the
/// bare name), or the family's default.
fn prepare(options: &RunOptions, inputs: &[Input]) -> anyhow::Result<PreparedFamilies> {
    let mut prepared = PreparedFamilies::new();
    for family in inputs.iter().filter_map(|input| input.family) {
        if prepared.contains_key(family.name()) {
            continue;
        }
        let solver = options.solver.for_family(family).unwrap_or_else(|| family.default_solver());
        let ready = solve::prepare(family, solver, &options.settings).map_err(|error| match error {
            Unprepared::UnknownSolver(unknown) => {
                UsageError(format!("{unknown}; {}", crate::solver_choice::per_family_hint(unknown.family)))
            }
            refused => UsageError(refused.describe()),
        })?;
        prepared.insert(family.name(), ready);
    }
    Ok(prepared)
}

/// Where `--out` writes the output of the input `path`: the path as given below `out`, with `.out`
/// added (`..` becomes `__`, and a leading `/` is dropped).
fn output_path(out: &Path, path: &Path) -> PathBuf {
    let mut target = out.to_path_buf();
    for component in path.components() {
        match component {
            Component::Normal(part) => target.push(part),
            Component::ParentDir => target.push("__"),
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    solvebatch_core::text::with_suffix(&target, ".out")
}

/// Two inputs must not write the same file under `--out` (`a/../b` and `__/b` would).
fn check_distinct_outputs(out: &Path, inputs: &[Input]) -> anyhow::Result<()> {
    let mut seen = HashMap::new();
    for input in inputs {
        let target = output_path(out, &input.path);
        if let Some(other) = seen.insert(target.clone(), &input.path) {
            return Err(UsageError(format!(
                "{} and {} would both be written to {} under --out; run them separately",
                display_path(other),
                display_path(&input.path),
                display_path(&target)
            ))
            .into());
        }
    }
    Ok(())
}

/// Unified diffs against references, by file, in path order.
type Diffs = Vec<(String, String)>;

/// The records handed to the exporters, in path order.
struct InOrder<'a> {
    /// The records exported, in path order.
    records: Vec<Record>,
    diffs: Diffs,
    /// The first exporter's error; the batch still finishes its files.
    failure: Option<anyhow::Error>,
    exporters: &'a mut Exporters,
    /// The progress bar, when it is drawn (standard error a terminal): a hidden one is not kept up,
    /// which would cost each file a message and a clock reading.
    progress: Option<ProgressBar>,
}

impl InOrder<'_> {
    /// Exports the next record in path order.
    fn finished(&mut self, (record, diff): (Record, Option<String>)) {
        if let Some(progress) = &self.progress {
            progress.set_message(crate::report::style::escape_cell(&record.file, false));
            progress.inc(1);
        }
        if self.failure.is_none() {
            self.failure = self.exporters.record(&record).err();
        }
        if let Some(diff) = diff {
            self.diffs.push((record.file.clone(), diff));
        }
        self.records.push(record);
    }
}

/// Solves every input on `--jobs` workers ([`workers::in_order`]: this thread one of them, so that
/// `-j 1` solves on this thread alone), and hands the records to the exporters in path order as soon
/// as every earlier file is done. After a signal the files under way stop and no new file starts.
/// No reference is looked for in the `bare` folders.
fn solve_all(
    options: &RunOptions,
    prepared: &PreparedFamilies,
    previous: Option<&Previous>,
    (inputs, bare): (&[Input], &BareFolders),
    exporters: &mut Exporters,
) -> anyhow::Result<(Vec<Record>, Diffs)> {
    let progress = ProgressBar::new(inputs.len() as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} (ETA {eta}) {wide_msg}")
            .expect("the progress template is valid"),
    );
    let mut in_order = InOrder {
        records: Vec::with_capacity(inputs.len()),
        diffs: Vec::new(),
        failure: None,
        exporters,
        progress: Some(progress).filter(|progress| !progress.is_hidden()),
    };
    let threads = workers::Threads::Own(options.jobs.unwrap_or_else(workers::cores));
    workers::in_order(
        inputs.len(),
        threads,
        &signals::interrupted,
        &|index| solve_one(options, prepared, previous, bare, &inputs[index]),
        |solved| in_order.finished(solved),
    )?;
    if let Some(progress) = &in_order.progress {
        progress.finish_and_clear();
    }
    match in_order.failure {
        Some(error) => Err(error),
        None => Ok((in_order.records, in_order.diffs)),
    }
}

/// Solves one input ([`solve::solve_file`]), unless its record in the report resumed still holds;
/// every failure becomes the record's result. Its reference is read unless `bare` says there is none.
fn solve_one(
    options: &RunOptions,
    prepared: &PreparedFamilies,
    previous: Option<&Previous>,
    bare: &BareFolders,
    input: &Input,
) -> (Record, Option<String>) {
    let file = display_path(&input.path);
    let family = match solve::family_of(input) {
        Ok(family) => family,
        Err(unsolved) => {
            return (solve::unsolved(file, input.family.map(|family| family.name()), unsolved), None)
        }
    };
    let prepared = prepared[family.name()].as_ref();
    let reference_path = family.reference_path(&input.path);
    // Standard input has no reference beside it.
    let reference = if input.path.as_os_str() == "-" || bare.lacks(&input.path, &reference_path) {
        None
    } else {
        crate::text::read_reference(&reference_path, None)
    };
    let started = Instant::now();
    let text = match solve::load(&input.path, options.timeout, input.regular) {
        Ok(text) => text,
        Err(unsolved) => return (solve::unsolved(file, Some(family.name()), unsolved), None),
    };
    let to_solve = FileToSolve::new(file, &input.path, &text)
        .with_reference(reference.as_deref().map(|bytes| (display_path(&reference_path), bytes)));
    if let Some(kept) = previous.and_then(|previous| {
        previous.keep(&to_solve.file, &to_solve.input_hash, to_solve.reference_hash.as_deref())
    }) {
        return (kept, None);
    }
    // Files are solved side by side in this process: the solving thread's clock, no heap count.
    let measuring = solve::Measuring {
        timeout: options.timeout,
        isolation: options.isolation.as_ref().map(|isolation| (isolation, &options.settings)),
        clock: solve::CpuClock::Thread,
        heap: false,
    };
    let recording = solve::Recording {
        // The history keeps the output's hash.
        keep_output: options.reports.json_outputs || options.history.path.is_some(),
        diff: options.diff || options.junit.is_some() || options.review.is_some(),
    };
    let Solved { outcome, mut record, diff } = solve::solve_file(
        (family, prepared),
        &to_solve,
        (started, signals::stop_flag()),
        &measuring,
        recording,
    );
    if outcome.status.stopped() {
        return (record, None);
    }
    crate::bless::settle(
        options.bless.as_ref(),
        options.require_references,
        family,
        input,
        &outcome,
        &mut record,
    );
    if let Some(review) = &options.review {
        review.hold(&input.path, &reference_path, &outcome, &record, diff.as_deref());
    }
    if let Some(out) = &options.out {
        let target = output_path(out, &input.path);
        let written = target
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(anyhow::Error::from)
            .and_then(|()| write_file(&target, outcome.output.as_bytes()));
        if let Err(error) = written {
            record.status = Status::Failed;
            record.message = Some(format!("cannot write the output: {error:#}"));
        }
    }
    (record, diff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_mirror_the_path_as_given() {
        let out = Path::new("o");
        assert_eq!(output_path(out, Path::new("a/x.csv")), Path::new("o/a/x.csv.out"));
        assert_eq!(output_path(out, Path::new("./d/x.csv")), Path::new("o/d/x.csv.out"));
        assert_eq!(output_path(out, Path::new("/tmp/x.csv")), Path::new("o/tmp/x.csv.out"));
        assert_eq!(output_path(out, Path::new("../x.csv")), Path::new("o/__/x.csv.out"));
    }
}
