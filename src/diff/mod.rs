//! `solvebatch diff OLD.jsonl NEW.jsonl`: what changed from one run to another, as critcmp and
//! asv's `compare` show it for benchmarks; `run --baseline` prints the same after its summary.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::error::UsageError;
use crate::output::OutputFile;
use crate::report::record::Record;

pub mod classify;
mod export;

pub use classify::{compare, Comparison, TimeRule};

/// Arguments of `solvebatch diff`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
A change of status or verdict is a regression when the file was as expected and is not (same -> \
differs, solved -> timeout or failed), an improvement the other way round (timeout -> solved, \
differs -> same). Outputs are compared where both reports hold them (--json-outputs), inputs and \
references where both hold their hashes.

Times: a file timed once on either side counts as slower or faster past --threshold (a factor) and \
--min-ms (milliseconds) both; a file with repeated runs on both sides (`compare --repeat`) only where \
the min..max ranges do not overlap.

Exit status: 0 without regressions, 1 with some (or with a slowdown, under --fail-on-slowdown), 2 \
on usage errors and reports that cannot be read.

Examples:
  solvebatch diff yesterday.jsonl today.jsonl
  solvebatch run cases --json - | solvebatch diff yesterday.jsonl - --markdown changes.md")]
pub struct Args {
    /// The old report: JSON lines of `run`, `compare` or `merge` (`-`: standard input).
    #[arg(value_name = "OLD.jsonl")]
    pub old: PathBuf,

    /// The new report (`-`: standard input).
    #[arg(value_name = "NEW.jsonl")]
    pub new: PathBuf,

    #[command(flatten)]
    pub time: TimeArgs,

    /// Exit 1 on a slowdown too.
    #[arg(long)]
    pub fail_on_slowdown: bool,

    /// Write the changes as JSON lines (a `change` line each, then a `summary`) to FILE; `-` for
    /// standard output.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Write one CSV row per change to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write the change table and summary as Markdown to FILE; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,

    /// Write an HTML page to FILE: the change table and a log-log chart of old against new time per
    /// file; `-` for standard output.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    #[command(flatten)]
    pub terminal: crate::args::TerminalArgs,
}

/// The time rule for files timed once.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct TimeArgs {
    /// The factor past which a time change counts: `2x` (or `2`) is twice as slow or as fast.
    #[arg(long, value_name = "FACTOR", default_value = "2x", value_parser = parse_factor)]
    pub threshold: f64,

    /// The least change in milliseconds that counts.
    #[arg(long, value_name = "MS", default_value_t = 1.0)]
    pub min_ms: f64,
}

impl TimeArgs {
    /// The rule these arguments give.
    pub fn rule(self) -> TimeRule {
        TimeRule { factor: self.threshold, min_ms: self.min_ms }
    }
}

/// Parses a factor above 1 such as `2x`, `1.5` or `3X`.
fn parse_factor(text: &str) -> Result<f64, String> {
    let number = text.strip_suffix(['x', 'X']).unwrap_or(text);
    match number.parse::<f64>() {
        Ok(factor) if factor > 1.0 && factor.is_finite() => Ok(factor),
        Ok(_) => Err(format!("the threshold must be a factor above 1, such as 2x, not {text}")),
        Err(_) => Err(format!("`{text}` is not a factor such as 2x")),
    }
}

/// Compares two reports and writes every report asked for.
///
/// # Errors
/// A [`UsageError`]: both reports read from standard input, a report that cannot be read (naming it
/// and the line), or a report path that cannot be written or is a report compared.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    if args.old == Path::new("-") && args.new == Path::new("-") {
        return Err(UsageError("OLD and NEW cannot both be `-` (standard input)".to_string()).into());
    }
    // The same report options as every command's, but `--json-outputs`: a change holds no output.
    let reports = crate::report::ReportArgs {
        json: args.json.clone(),
        json_outputs: false,
        csv: args.csv.clone(),
        markdown: args.markdown.clone(),
        html: args.html.clone(),
    };
    let outputs = reports.named();
    let mut reads = crate::reads::Reads::default();
    reads.add("a report compared", &args.old);
    reads.add("a report compared", &args.new);
    reads.check_reports(&reports)?;
    reports.check_distinct()?;
    let mut files = Vec::new();
    for (path, option) in &outputs {
        let file = OutputFile::create(path).map_err(|error| UsageError(format!("{error:#}")))?;
        files.push((*option, file));
    }
    let old = crate::report_file::read(&args.old)?;
    let new = crate::report_file::read(&args.new)?;
    let strict = new.strict() || old.strict();
    let rule = args.time.rule();
    let comparison = compare(&old.into_records(), &new.into_records(), strict, rule);
    let exit_code = comparison.exit_code(args.fail_on_slowdown);
    let to_stdout = reports.to_stdout();
    print(&comparison, rule, args.terminal.terminal(), to_stdout)?;
    for (option, mut file) in files {
        match option {
            "--json" => export::json(file, &comparison, exit_code)?,
            "--csv" => export::csv(file, &comparison)?,
            _ => {
                let text = if option == "--html" {
                    export::html(&comparison, rule)?
                } else {
                    export::markdown(&comparison, rule)
                };
                std::io::Write::write_all(&mut file, text.as_bytes())
                    .map_err(|error| anyhow::anyhow!("{}: cannot write: {error}", file.path().display()))?;
                file.commit()?;
            }
        }
    }
    Ok(ExitCode::from(exit_code))
}

/// Prints the change table and the summary lines on standard output, or only the lines on standard
/// error when a report goes to standard output.
///
/// # Errors
/// Standard output cannot be written (a closed pipe included).
pub fn print(
    comparison: &Comparison,
    rule: TimeRule,
    terminal: crate::report::style::Terminal,
    summary_only_on_stderr: bool,
) -> anyhow::Result<()> {
    let lines = export::summary_lines(comparison, rule).join("\n");
    if summary_only_on_stderr {
        eprintln!("{lines}");
        return Ok(());
    }
    let mut text = String::new();
    if !comparison.changes.is_empty() && !terminal.quiet {
        text.push_str(&crate::report::table::lay_out_files(export::grid(comparison), terminal));
        text.push('\n');
    }
    text.push_str(&lines);
    text.push('\n');
    std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes())?;
    Ok(())
}

/// `run --baseline`: the records of the baseline report, read before any work.
pub struct Baseline {
    records: Vec<Record>,
}

impl Baseline {
    /// Reads the report at `path`.
    ///
    /// # Errors
    /// As [`crate::report_file::read`].
    pub fn read(path: &Path) -> anyhow::Result<Baseline> {
        Ok(Baseline { records: crate::report_file::read(path)?.into_records() })
    }

    /// Compares the baseline with this run's `records` with the default time rule, prints the
    /// comparison, and returns its exit status.
    ///
    /// # Errors
    /// As [`print`].
    pub fn report(
        &self,
        records: &[Record],
        strict: bool,
        terminal: crate::report::style::Terminal,
        summary_only_on_stderr: bool,
    ) -> anyhow::Result<u8> {
        let rule = TimeRule::DEFAULT;
        let comparison = compare(&self.records, records, strict, rule);
        print(&comparison, rule, terminal, summary_only_on_stderr)?;
        Ok(comparison.exit_code(false))
    }
}
