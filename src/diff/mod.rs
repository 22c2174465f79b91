//! `solvebatch diff OLD.jsonl NEW.jsonl`: what changed from one run to another, as critcmp and
//! asv's `compare` show it for benchmarks; `run --baseline` prints the same after its summary.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::error::UsageError;
use crate::output::OutputFile;
use crate::report::style::Terminal;

use crate::changes::{compare, export, print, TimeRule};

/// The options of `solvebatch diff`, checked.
#[derive(Debug, Clone)]
pub struct DiffOptions {
    /// The old report (`-`: standard input).
    pub old: PathBuf,
    /// The new report (`-`: standard input).
    pub new: PathBuf,
    /// When a time change of a file timed once counts (`--threshold`, `--min-ms`).
    pub rule: TimeRule,
    /// `--fail-on-slowdown`: exit 1 on a slowdown too.
    pub fail_on_slowdown: bool,
    /// `--json`: the changes as JSON lines.
    pub json: Option<PathBuf>,
    /// `--csv`: one CSV row per change.
    pub csv: Option<PathBuf>,
    /// `--markdown`: the change table and summary as Markdown.
    pub markdown: Option<PathBuf>,
    /// `--html`: the change table and a chart of old against new time.
    pub html: Option<PathBuf>,
    /// How the terminal output looks.
    pub terminal: Terminal,
}

/// Compares two reports and writes every report asked for.
///
/// # Errors
/// A [`UsageError`]: both reports read from standard input, a report that cannot be read (naming it
/// and the line), or a report path that cannot be written or is a report compared.
pub fn run(args: &DiffOptions) -> anyhow::Result<ExitCode> {
    if args.old == Path::new("-") && args.new == Path::new("-") {
        return Err(UsageError("OLD and NEW cannot both be `-` (standard input)".to_string()).into());
    }
    // The same report options as every command's, but `--json-outputs`: a change holds no output.
    let reports = crate::report::ReportFiles {
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
    let old = crate::report_file::read(&args.old)?.non_empty()?.noting_an_unfinished_run();
    let new = crate::report_file::read(&args.new)?.non_empty()?.noting_an_unfinished_run();
    let strict = new.strict() || old.strict();
    let rule = args.rule;
    let comparison = compare(&old.into_records(), &new.into_records(), strict, rule);
    let exit_code = comparison.exit_code(args.fail_on_slowdown);
    let to_stdout = reports.to_stdout();
    print(&comparison, rule, args.terminal, to_stdout)?;
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
