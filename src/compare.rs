//! `solvebatch compare`: every solver of a family on every file, side by side.
//!
//! Files and solvers run one at a time, so that the timings do not disturb each other. For each file,
//! every solver runs `--repeat` times; its time is the median run. The solvers must agree on whether a
//! solution exists and every solution must pass the family's independent check
//! ([`Family::verify`]); a file where they do not is an error row and makes the exit status 1.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use comfy_table::CellAlignment;
use serde::Serialize;

use crate::family::{Family, Job, JobOptions, Outcome, Status};
use crate::inputs::{self, Input};
use crate::options::{family_named, UsageError};
use crate::output::write_atomic;
use crate::report::{self, median};

/// Arguments of `solvebatch compare`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Each cell shows the median time of the solver on the file and its ratio to the fastest solver there.
The summary counts wins (fastest on a file), timeouts and the geometric mean of the ratios over the
files the solver finished.

Exit status: 0 when all solvers agree on every file and every solution is valid, 1 otherwise,
2 on usage errors.

Examples:
  solvebatch compare datasets/tournament --solvers dlx,sat --repeat 3 --timeout 10
  solvebatch compare hard/ --json compare.json --csv compare.csv")]
pub struct Args {
    /// Input files and folders; folders are walked recursively and reference files are skipped.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,

    /// Only this family: files named directly are read as it whatever their extension; in folders,
    /// only its files are solved.
    #[arg(long, value_name = "FAMILY")]
    pub kind: Option<String>,

    /// Solvers to compare, separated by commas; default: every solver of each file's family.
    #[arg(long, value_name = "NAMES", value_delimiter = ',')]
    pub solvers: Option<Vec<String>>,

    /// Runs of each solver on each file; the median time is reported.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,

    /// Stop a run after this many seconds and count it as a timeout.
    #[arg(long, value_name = "SECONDS", value_parser = crate::options::parse_seconds)]
    pub timeout: Option<Duration>,

    /// Worker threads each solver may use inside one file.
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub jobs: u32,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// Write one JSON record per file and solver (JSON lines) to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Write one CSV row per file and solver to this file.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}

/// One solver on one file, as the JSON and CSV reports show it.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// The input path.
    pub file: String,
    /// The family name.
    pub family: String,
    /// The solver name.
    pub solver: String,
    /// `solved`, the family's no-solution label, `error` or `timeout` (the first run that did not time
    /// out decides; `timeout` when none did).
    pub status: String,
    /// Why the file is an error row: bad input, a disagreement, an invalid solution.
    pub message: String,
    /// Runs made.
    pub runs: u32,
    /// Median wall time of the runs, in milliseconds.
    pub median_ms: f64,
    /// Fastest and slowest run, in milliseconds.
    pub min_ms: f64,
    /// Slowest run, in milliseconds.
    pub max_ms: f64,
    /// Median time over the fastest solver's median on this file; empty on a timeout.
    pub ratio: Option<f64>,
    /// Search statistics of the first run, as `name=value` pairs.
    pub stats: String,
}

/// What happened to one file.
struct FileResult {
    /// One row per solver, in the order asked for.
    rows: Vec<Row>,
    /// The file's answer (`solved`, `no round`, `error: ...`), or the reason it is an error row.
    answer: String,
    /// Whether the solvers disagree or a solution is invalid.
    failed: bool,
}

/// Runs the comparison and prints the table and the summary.
///
/// # Errors
/// No inputs, an unknown family or solver (a usage error), a report that cannot be written.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let kind = args.kind.as_deref().map(family_named).transpose()?;
    let inputs = inputs::find(&args.paths, kind);
    if let Some(input) = inputs.iter().find(|input| input.problem.is_some()) {
        anyhow::bail!("{}: {}", input.path.display(), input.problem.as_deref().unwrap_or_default());
    }
    if inputs.is_empty() {
        anyhow::bail!("no inputs found; use --kind to name the family of other files");
    }
    let options = JobOptions { seed: args.seed, threads: args.jobs as usize, ..JobOptions::default() };
    let mut results = Vec::with_capacity(inputs.len());
    for input in &inputs {
        let Some(family) = input.family else {
            return Err(UsageError(format!(
                "{}: no family reads this kind of file; use --kind",
                input.path.display()
            ))
            .into());
        };
        let solvers = solvers_for(args, family)?;
        results.push(compare_file(args, &options, input, family, &solvers));
    }

    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{}", table(&results))?;
    writeln!(stdout, "{}", summary(&results))?;
    let rows: Vec<&Row> = results.iter().flat_map(|result| &result.rows).collect();
    if let Some(path) = &args.json {
        write_atomic(path, &report::json::render(&rows)?)?;
    }
    if let Some(path) = &args.csv {
        write_atomic(path, &report::csv::render(&rows)?)?;
    }
    let failed = results.iter().any(|result| result.failed);
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// The solvers to run on a file of `family`: `--solvers`, each checked, or all of the family's.
fn solvers_for(args: &Args, family: &dyn Family) -> anyhow::Result<Vec<&'static str>> {
    let offered = family.solvers();
    let Some(asked) = &args.solvers else {
        return Ok(offered.iter().map(|info| info.name).collect());
    };
    asked
        .iter()
        .map(|name| {
            offered.iter().find(|info| info.name == name).map(|info| info.name).ok_or_else(|| {
                let names: Vec<_> = offered.iter().map(|info| info.name).collect();
                UsageError(format!(
                    "the {} family has no solver `{name}` (it has: {})",
                    family.name(),
                    names.join(", ")
                ))
                .into()
            })
        })
        .collect()
}

/// Every solver on one file, `--repeat` times each, then the agreement and validity checks.
fn compare_file(
    args: &Args,
    options: &JobOptions,
    input: &Input,
    family: &dyn Family,
    solvers: &[&str],
) -> FileResult {
    let file = input.path.display().to_string();
    let text = match std::fs::read(&input.path) {
        Ok(text) => text,
        Err(error) => {
            let answer = format!("error: cannot read: {error}");
            return FileResult { rows: Vec::new(), answer, failed: true };
        }
    };
    let mut rows = Vec::with_capacity(solvers.len());
    let mut problems = Vec::new();
    let mut answers: Vec<(&str, Status)> = Vec::new();
    for &solver in solvers {
        let job = |deadline| Job { path: &input.path, input: &text, solver, deadline, options };
        let mut times = Vec::with_capacity(args.repeat as usize);
        let mut decided: Option<Outcome> = None;
        let mut first_stats = String::new();
        for run in 0..args.repeat {
            let started = Instant::now();
            let job = job(args.timeout.map(|limit| started + limit));
            let outcome = family.solve(&job);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            if run == 0 {
                first_stats = outcome
                    .stats
                    .iter()
                    .map(|(name, value)| format!("{name}={value}"))
                    .collect::<Vec<_>>()
                    .join(" ");
            }
            if outcome.status == Status::Timeout {
                continue;
            }
            if let Err(message) = family.verify(&job, &outcome) {
                problems.push(format!("{solver} printed an invalid solution: {message}"));
            }
            if let Some(previous) = &decided {
                if previous.status != outcome.status {
                    problems.push(format!("{solver} answered differently on two runs"));
                }
            } else {
                decided = Some(outcome);
            }
        }
        times.sort_by(f64::total_cmp);
        let status = decided.as_ref().map_or(Status::Timeout, |outcome| outcome.status.clone());
        if status != Status::Timeout {
            answers.push((solver, status.clone()));
        }
        rows.push(Row {
            file: file.clone(),
            family: family.name().to_string(),
            solver: solver.to_string(),
            status: status_label(family, &status).to_string(),
            message: String::new(),
            runs: args.repeat,
            median_ms: median(&times),
            min_ms: times[0],
            max_ms: times[times.len() - 1],
            ratio: None,
            stats: first_stats,
        });
    }
    if let Some((first_solver, first_status)) = answers.first() {
        for (solver, status) in &answers[1..] {
            if status != first_status {
                problems.push(format!(
                    "solvers disagree: {first_solver} says {}, {solver} says {}",
                    status_label(family, first_status),
                    status_label(family, status)
                ));
            }
        }
    }
    let fastest =
        rows.iter().filter(|row| row.status != "timeout").map(|row| row.median_ms).min_by(f64::total_cmp);
    for row in &mut rows {
        if row.status != "timeout" {
            row.ratio = fastest.map(|fastest| row.median_ms / fastest.max(f64::MIN_POSITIVE));
        }
    }
    problems.dedup();
    let failed = !problems.is_empty();
    let answer = if failed {
        let message = problems.join("; ");
        rows.iter_mut().for_each(|row| row.message.clone_from(&message));
        format!("error: {message}")
    } else {
        match answers.first() {
            Some((_, Status::Invalid(message))) => {
                rows.iter_mut().for_each(|row| row.message.clone_from(message));
                format!("error: {message}")
            }
            Some((_, status)) => status_label(family, status).to_string(),
            None => "timeout".to_string(),
        }
    };
    FileResult { rows, answer, failed }
}

fn status_label<'f>(family: &'f dyn Family, status: &Status) -> &'f str {
    match status {
        Status::Solved => "solved",
        Status::NoSolution => family.no_solution_label(),
        Status::Invalid(_) => "error",
        Status::Timeout => "timeout",
    }
}

/// One line per file: its answer, then each solver's median time and ratio to the fastest.
fn table(results: &[FileResult]) -> String {
    let mut solvers: Vec<&str> = Vec::new();
    for row in results.iter().flat_map(|result| &result.rows) {
        if !solvers.contains(&row.solver.as_str()) {
            solvers.push(&row.solver);
        }
    }
    let mut header = vec!["file", "answer"];
    header.extend(&solvers);
    let mut table = report::table::new(&header);
    for result in results {
        let file = result.rows.first().map_or_else(String::new, |row| row.file.clone());
        let mut cells = vec![file, result.answer.clone()];
        for solver in &solvers {
            let cell = match result.rows.iter().find(|row| row.solver == *solver) {
                None => String::new(),
                Some(row) => match row.ratio {
                    None => format!("timeout ({})", report::duration(row.median_ms)),
                    Some(ratio) => format!("{} ({ratio:.2}x)", report::duration(row.median_ms)),
                },
            };
            cells.push(cell);
        }
        table.add_row(cells);
    }
    for column in 2..2 + solvers.len() {
        if let Some(column) = table.column_mut(column) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    table.to_string()
}

/// Per solver: files won (fastest), timeouts, the geometric mean of its ratios over the files it
/// finished, and its total median time.
fn summary(results: &[FileResult]) -> String {
    let mut solvers: Vec<&str> = Vec::new();
    for row in results.iter().flat_map(|result| &result.rows) {
        if !solvers.contains(&row.solver.as_str()) {
            solvers.push(&row.solver);
        }
    }
    let mut table =
        report::table::new(&["solver", "files", "wins", "timeouts", "geometric mean ratio", "total ms"]);
    for solver in solvers {
        let rows: Vec<&Row> =
            results.iter().flat_map(|result| &result.rows).filter(|row| row.solver == solver).collect();
        let wins = rows.iter().filter(|row| row.ratio == Some(1.0)).count();
        let timeouts = rows.iter().filter(|row| row.ratio.is_none()).count();
        let ratios: Vec<f64> = rows.iter().filter_map(|row| row.ratio).collect();
        let geometric_mean = if ratios.is_empty() {
            "-".to_string()
        } else {
            format!("{:.2}", (ratios.iter().map(|ratio| ratio.ln()).sum::<f64>() / ratios.len() as f64).exp())
        };
        let total: f64 = rows.iter().map(|row| row.median_ms).sum();
        table.add_row([
            solver.to_string(),
            rows.len().to_string(),
            wins.to_string(),
            timeouts.to_string(),
            geometric_mean,
            format!("{total:.1}"),
        ]);
    }
    table.to_string()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::family::SolverInfo;

    /// A family whose solver `yes` finds a solution, `no` finds none, and `wrong` prints a solution
    /// that its check rejects.
    struct Invented;

    impl Family for Invented {
        fn name(&self) -> &'static str {
            "invented"
        }
        fn is_input(&self, _path: &Path) -> bool {
            true
        }
        fn reference_path(&self, input: &Path) -> PathBuf {
            input.to_path_buf()
        }
        fn solvers(&self) -> Vec<SolverInfo> {
            ["yes", "no", "wrong"].map(|name| SolverInfo { name, description: "" }).to_vec()
        }
        fn solve(&self, job: &Job) -> Outcome {
            let status = if job.solver == "no" { Status::NoSolution } else { Status::Solved };
            Outcome { status, output: job.solver.to_string(), stats: vec![("nodes", 1)] }
        }
        fn verify(&self, _job: &Job, outcome: &Outcome) -> Result<(), String> {
            if outcome.output == "wrong" {
                Err("not a solution".to_string())
            } else {
                Ok(())
            }
        }
    }

    fn compare(solvers: &[&str]) -> FileResult {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("input");
        std::fs::write(&path, "anything").unwrap();
        let input =
            Input { path: path.clone(), relative: PathBuf::from("input"), family: None, problem: None };
        let args = Args {
            paths: vec![path],
            kind: None,
            solvers: None,
            repeat: 3,
            timeout: None,
            jobs: 1,
            seed: 0,
            json: None,
            csv: None,
        };
        compare_file(&args, &JobOptions::default(), &input, &Invented, solvers)
    }

    #[test]
    fn agreeing_solvers_give_ratios_to_the_fastest() {
        let result = compare(&["yes", "yes"]);
        assert!(!result.failed);
        assert_eq!(result.answer, "solved");
        assert!(result.rows.iter().all(|row| row.runs == 3 && row.stats == "nodes=1"));
        assert!(result.rows.iter().any(|row| row.ratio == Some(1.0)));
        assert!(result.rows.iter().all(|row| row.ratio.is_some_and(|ratio| ratio >= 1.0)));
    }

    #[test]
    fn a_disagreement_is_an_error_row() {
        let result = compare(&["yes", "no"]);
        assert!(result.failed);
        assert_eq!(result.answer, "error: solvers disagree: yes says solved, no says no solution");
        assert!(result
            .rows
            .iter()
            .all(|row| row.message == "solvers disagree: yes says solved, no says no solution"));
    }

    #[test]
    fn an_invalid_solution_is_an_error_row() {
        let result = compare(&["yes", "wrong"]);
        assert!(result.failed);
        assert_eq!(result.answer, "error: wrong printed an invalid solution: not a solution");
    }

    #[test]
    fn the_summary_counts_wins_timeouts_and_the_geometric_mean() {
        let row = |solver: &str, median_ms: f64, ratio: Option<f64>| Row {
            file: "f".to_string(),
            family: "invented".to_string(),
            solver: solver.to_string(),
            status: if ratio.is_some() { "solved" } else { "timeout" }.to_string(),
            message: String::new(),
            runs: 1,
            median_ms,
            min_ms: median_ms,
            max_ms: median_ms,
            ratio,
            stats: String::new(),
        };
        let results = [
            FileResult {
                rows: vec![row("a", 1.0, Some(1.0)), row("b", 4.0, Some(4.0))],
                answer: String::new(),
                failed: false,
            },
            FileResult {
                rows: vec![row("a", 9.0, Some(9.0)), row("b", 1.0, Some(1.0))],
                answer: String::new(),
                failed: false,
            },
            FileResult {
                rows: vec![row("a", 2.0, Some(1.0)), row("b", 50.0, None)],
                answer: String::new(),
                failed: false,
            },
        ];
        let text = summary(&results);
        // a: ratios 1, 9, 1 -> geometric mean 9^(1/3) = 2.08; b: ratios 4, 1 -> 2.00, one timeout.
        assert!(
            text.contains("| a      | 3     | 2    | 0        | 2.08                 | 12.0     |"),
            "{text}"
        );
        assert!(
            text.contains("| b      | 3     | 1    | 1        | 2.00                 | 55.0     |"),
            "{text}"
        );
    }
}
