//! `solvebatch merge`: joins the JSON reports of `run --shard K/N` into the one report a single `run`
//! over all the inputs would have written (the same rows in the same order, the same summary and exit
//! status, times aside), through every exporter. The results of `tournament --cubes K/N` merge too
//! ([`crate::cubes::merge`]).
//!
//! Each report must be whole (its summary line last) and from `run` (its summary records the inputs
//! and options), and not interrupted. The reports must come from one batch: the same input
//! fingerprint, the same options, the same shard count, each shard once and none missing, and every
//! row in the shard its path hashes to. Any other set is refused with a message naming the report
//! and exit status 2.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::anyhow;

use crate::error::{listed, usage};
use crate::history::HistoryChoice;
use crate::report::exporter::{Batch, Layout};
use crate::report::json::{Line, RunStart, ShareResult};
use crate::report::record::Record;
use crate::report::style::Terminal;
use crate::report::summary::ResultOptions;
use crate::report::summary::Summary;
use crate::report::table::by_file;
use crate::report::{Exporters, ReportFiles};
use crate::shard::InputSet;
use crate::shard::Share;

/// A shard's report, checked alone.
struct ShardReport {
    name: String,
    share: Share,
    records: Vec<Record>,
    summary: Summary,
    inputs: InputSet,
    options: ResultOptions,
}

/// What one file holds.
enum Read {
    Shard(Box<ShardReport>),
    Cubes(ShareResult),
}

/// The options of `solvebatch merge`, checked.
#[derive(Debug, Clone)]
pub struct MergeOptions {
    /// The reports of the shards (or the results of `tournament --cubes`); `-`: standard input.
    pub shards: Vec<PathBuf>,
    /// The report files.
    pub reports: ReportFiles,
    /// `--history` and `--label`.
    pub history: HistoryChoice,
    /// How the terminal output looks.
    pub terminal: Terminal,
}

/// Merges the shards and writes the reports.
///
/// # Errors
/// A [`crate::error::UsageError`] (exit status 2) for a file that cannot be read or is not a report,
/// reports that are not the shards of one batch, or result kinds mixed.
pub fn run(args: &MergeOptions) -> anyhow::Result<ExitCode> {
    let mut reads = crate::reads::Reads::default();
    for path in &args.shards {
        reads.add("a report to merge", path);
    }
    reads.check_reports(&args.reports)?;
    let mut shards = Vec::new();
    let mut cubes = Vec::new();
    for path in &args.shards {
        let name = crate::text::name(path);
        // A file that is no report is refused as every command refuses a bad argument (exit 2).
        match read(path, &name).map_err(|error| usage(format!("{error:#}")))? {
            Read::Shard(report) => shards.push(*report),
            Read::Cubes(result) => cubes.push((name, result)),
        }
    }
    match (shards.first(), cubes.first()) {
        (Some(shard), Some((cube, _))) => Err(usage(format!(
            "{} is a batch report and {cube} a `tournament --cubes` result: merge one kind at a time",
            shard.name
        ))),
        (None, _) => {
            if let Some(history) = &args.history.path {
                // Said, not silently passed over: the history records batches, not cube shares.
                eprintln!(
                    "note: the history records batch reports; results of `tournament --cubes` are not \
                     recorded ({} is left as it was)",
                    crate::paths::display_path(history)
                );
            }
            crate::cubes::merge(cubes, &args.reports)
        }
        (Some(_), None) => write(args, merge(shards)?),
    }
}

/// Reads the report or result at `path`, called `name` in messages.
fn read(path: &Path, name: &str) -> anyhow::Result<Read> {
    let bytes = crate::text::read_named(path)?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow!("{name}: not UTF-8 text, not a JSON report"))?;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty()) {
        let line: Line =
            serde_json::from_str(line).map_err(|error| match crate::report_file::figures_command(line) {
                Some(command) => {
                    anyhow!(
                        "{name} line {}: a `{command}` line: not a report of `solvebatch run`",
                        number + 1
                    )
                }
                None => {
                    anyhow!("{name} line {}: not a line of a solvebatch JSON report ({error})", number + 1)
                }
            })?;
        lines.push((number + 1, line));
    }
    let mut records = Vec::new();
    let mut summary = None;
    let count = lines.len();
    for (number, line) in lines {
        if summary.is_some() {
            anyhow::bail!("{name} line {number}: a line after the summary");
        }
        match line {
            // The summary repeats the options and the shard, and is checked.
            Line::Run(_) => {}
            Line::File(record) => records.push(record.into_owned()),
            Line::Summary(closing) => summary = Some(closing.into_owned()),
            Line::CubeShare(result) if count == 1 => return Ok(Read::Cubes(result.into_owned())),
            Line::CubeShare(_) => {
                anyhow::bail!("{name} line {number}: a `tournament --cubes` result among other lines")
            }
            Line::RoundCount(_) => {
                anyhow::bail!(
                    "{name} line {number}: a `tournament --count` line: not a report of `solvebatch run`"
                )
            }
        }
    }
    let summary = summary.ok_or_else(|| anyhow!("{name}: no summary line: the report is incomplete"))?;
    let (Some(inputs), Some(options)) = (summary.inputs.clone(), summary.options.clone()) else {
        anyhow::bail!("{name}: its summary records no inputs or options: not a report of `solvebatch run`");
    };
    // A comparison's summary counts files, each with a line per solver.
    let files = if is_comparison(&summary) { by_file(&records).len() } else { records.len() };
    if files != summary.files {
        anyhow::bail!("{name}: {files} files in its lines, but its summary counts {}", summary.files);
    }
    let share = summary.shard.unwrap_or(Share { index: 1, count: 1 });
    if Share::new(share.index, share.count).is_none() {
        anyhow::bail!("{name}: shard {share} is not a share (K from 1 to N)");
    }
    if summary.interrupted {
        anyhow::bail!("{name}: shard {share} was interrupted before all its files were solved; run it again");
    }
    Ok(Read::Shard(Box::new(ShardReport {
        name: name.to_string(),
        share,
        records,
        summary,
        inputs,
        options,
    })))
}

/// The merged batch: every row in path order, and the summary of a single run.
struct Merged {
    records: Vec<Record>,
    summary: Summary,
}

/// Checks that `shards` are the shards of one batch, each once, and joins them.
fn merge(mut shards: Vec<ShardReport>) -> anyhow::Result<Merged> {
    let first = &shards[0];
    let kind = |shard: &ShardReport| if is_comparison(&shard.summary) { "`compare`" } else { "`run`" };
    if let Some(other) = shards.iter().find(|shard| kind(shard) != kind(first)) {
        return Err(usage(format!(
            "{} is a report of {} and {} of {}: merge one kind at a time",
            first.name,
            kind(first),
            other.name,
            kind(other)
        )));
    }
    for shard in &shards[1..] {
        let (name, share, first_name, first_share) = (&shard.name, shard.share, &first.name, first.share);
        if share.count != first_share.count {
            return Err(usage(format!(
                "{name} is shard {share}, {first_name} shard {first_share}: the shard counts differ"
            )));
        }
        if shard.inputs != first.inputs {
            return Err(usage(format!(
                "{name} (shard {share}) was run on other inputs than {first_name} (shard {first_share}): {}",
                shard.inputs.difference(&first.inputs)
            )));
        }
        if let Some(difference) = shard.options.difference(&first.options) {
            return Err(usage(format!(
                "{name} (shard {share}) was run with other options than {first_name} (shard {first_share}): \
                 {difference}"
            )));
        }
    }
    shards.sort_by_key(|shard| shard.share.index);
    if let Some(pair) = shards.windows(2).find(|pair| pair[0].share == pair[1].share) {
        return Err(usage(format!("{} and {} are both shard {}", pair[0].name, pair[1].name, pair[0].share)));
    }
    let count = shards[0].share.count;
    let missing: Vec<String> = (1..=count)
        .filter(|index| !shards.iter().any(|shard| shard.share.index == *index))
        .map(|index| format!("{index}/{count}"))
        .collect();
    if !missing.is_empty() {
        let given: Vec<String> = shards.iter().map(|shard| shard.share.to_string()).collect();
        let verb = if missing.len() == 1 { "is" } else { "are" };
        return Err(usage(format!(
            "{} {verb} missing (given: {})",
            listed("shard", &missing),
            given.join(", ")
        )));
    }
    join(shards)
}

/// Joins the checked shards of one batch, in shard order: rows in path order, each in the shard its
/// path hashes to.
fn join(shards: Vec<ShardReport>) -> anyhow::Result<Merged> {
    let roots: Vec<PathBuf> = shards[0].inputs.roots.iter().map(PathBuf::from).collect();
    // Not sized from the count a report claims: the rows grow with the records read.
    let mut rows = Vec::new();
    let wall_ms = shards.iter().map(|shard| shard.summary.wall_ms).fold(0.0, f64::max);
    let (skipped, inputs, options) =
        (shards[0].summary.skipped, shards[0].inputs.clone(), shards[0].options.clone());
    // Every shard walks the whole batch, so each found the same orphan references.
    let orphans = shards[0].summary.orphans.clone();
    let same_files = shards[0].summary.same_files.clone();
    // Shards of `compare`: their time limit, baseline and schedule, and every shard's warnings.
    let first = &shards[0].summary;
    let comparison =
        is_comparison(first).then(|| (first.time_limit_ms, first.baseline.clone(), first.parallel));
    let warnings: Vec<String> =
        shards.iter().flat_map(|shard| shard.summary.warnings.iter().cloned()).collect();
    for shard in shards {
        for record in shard.records {
            let path = crate::paths::path_of(&record.file);
            if !shard.share.holds(&path, &roots) {
                return Err(usage(format!(
                    "{}: the row of {} is not in shard {} (a shard from another solvebatch version?)",
                    shard.name, record.file, shard.share
                )));
            }
            rows.push((path, record));
        }
    }
    // Stable: a comparison's lines of one file keep their solver order.
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let records: Vec<Record> = rows.into_iter().map(|(_, record)| record).collect();
    let files = if comparison.is_some() { by_file(&records).len() } else { records.len() };
    if files != inputs.files {
        let unit = if comparison.is_some() { "files" } else { "rows" };
        return Err(usage(format!(
            "the shards hold {files} {unit}, but the batch has {} inputs",
            inputs.files
        )));
    }
    let mut summary = match comparison {
        Some((limit_ms, baseline, parallel)) => {
            let mut summary = crate::report::comparison::summarise(&records, wall_ms, limit_ms, warnings);
            (summary.baseline, summary.parallel) = (baseline, parallel);
            summary
        }
        None => Summary::of(&records, options.strict),
    };
    summary.wall_ms = wall_ms;
    summary.skipped = skipped;
    summary.same_files = same_files;
    summary.inputs = Some(inputs);
    summary.options = Some(options);
    if orphans.as_ref().is_some_and(crate::references::OrphanSummary::fails) {
        summary.exit_code = 1;
    }
    summary.orphans = orphans;
    Ok(Merged { records, summary })
}

/// Writes the merged batch to every exporter; the exit status is the summary's.
fn write(args: &MergeOptions, merged: Merged) -> anyhow::Result<ExitCode> {
    let history = args.history.open()?;
    let mut exporters = Exporters::open(&args.reports, args.terminal)?;
    let comparison = is_comparison(&merged.summary);
    // As a single run of the whole batch opens its report (a comparison's has no opening line).
    if let Some(options) = merged.summary.options.as_ref().filter(|_| !comparison) {
        exporters.start(&RunStart { options: options.clone(), shard: None })?;
    }
    for record in &merged.records {
        exporters.record(record)?;
    }
    let roots: Vec<PathBuf> =
        merged.summary.inputs.iter().flat_map(|inputs| &inputs.roots).map(PathBuf::from).collect();
    let batch = Batch {
        layout: if comparison { Layout::Compare } else { Layout::Run },
        records: &merged.records,
        summary: &merged.summary,
        diffs: &[],
        roots: &roots,
    };
    exporters.finish(&batch)?;
    if let Some(mut history) = history {
        history.record("merge", &batch)?;
    }
    Ok(ExitCode::from(merged.summary.exit_code))
}

/// Whether `summary` closes a report of `compare` (which scores its solvers) rather than of `run`.
fn is_comparison(summary: &Summary) -> bool {
    summary.virtual_best.is_some()
}
