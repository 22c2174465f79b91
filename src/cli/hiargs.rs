//! The parsed command line turned into the checked options of each job (ripgrep's lowargs ->
//! hiargs): the options of `run`, `review` and `compare`, where the checks need more than one
//! argument; the other jobs' arguments turn into their options in [`super::jobs`].

use std::path::Path;
use std::process::ExitCode;

use crate::bless::Blessing;
use crate::cli::args::{CompareArgs, RunArgs};
use crate::error::UsageError;
use crate::isolate::Isolation;
use crate::options::{family_named, CompareOptions, FamilyOptions, Resume, RunOptions};
use crate::references::OrphanPolicy;
use crate::shard::{self, ShardChoice};
use crate::solver_choice::SolverChoice;

impl RunOptions {
    /// Checks `args`.
    ///
    /// # Errors
    /// A [`UsageError`] for a path that does not exist, standard input (`-`) without `--kind` or
    /// with `--bless`, an unknown family, a solver no family offers or a bad `--solver`
    /// ([`SolverChoice::parse`]), `--shard auto`
    /// without a cluster engine's variables ([`shard::from_engine`]), or `--shard-count` with a given
    /// share.
    pub fn from_args(args: RunArgs) -> anyhow::Result<RunOptions> {
        crate::inputs::require_existing(&args.paths)?;
        let kind = args.kind.as_deref().map(family_named).transpose()?;
        crate::inputs::check_standard_input(&args.paths, kind, args.bless.is_some())?;
        let solver = SolverChoice::parse(&args.solver, kind)?;
        let threads = threads_per_solve(args.threads, args.jobs.unwrap_or_else(crate::workers::cores));
        let family_options = args.family_options();
        let shard = match args.shard {
            None => None,
            Some(ShardChoice::Given(_)) if args.shard_count.is_some() => {
                return Err(UsageError("--shard-count goes with --shard auto".to_string()).into());
            }
            Some(ShardChoice::Given(share)) => Some(share),
            Some(ShardChoice::Auto) => Some(
                shard::from_engine(|name| std::env::var(name).ok(), args.shard_count).map_err(UsageError)?,
            ),
        };
        if args.ci && args.bless.is_some() {
            return Err(UsageError(
                "--ci refuses --bless: bless references where you review them, then commit them".to_string(),
            )
            .into());
        }
        let orphans = if args.ci { OrphanPolicy::Fail } else { args.orphans.unwrap_or_default() };
        if args.dry_run && args.bless.is_none() && orphans != OrphanPolicy::Delete {
            return Err(UsageError("--dry-run goes with --bless or --orphans delete".to_string()).into());
        }
        let resume = match (args.resume, args.rerun_failing) {
            (true, _) => match &args.reports.json {
                Some(path) if path != std::path::Path::new("-") => Some(Resume::Report(path.clone())),
                _ => {
                    return Err(UsageError(
                        "--resume needs --json FILE: the report to resume and to write whole".to_string(),
                    )
                    .into())
                }
            },
            (false, Some(path)) => Some(Resume::RerunFailing(path)),
            (false, None) => None,
        };
        Ok(RunOptions {
            paths: args.paths,
            kind,
            solver,
            jobs: args.jobs,
            threads: args.threads.map(|threads| threads as usize),
            out: args.out,
            reports: args.reports.files(),
            history: args.history.choice(),
            timeout: args.timeout,
            isolation: args
                .isolate
                .isolation()
                .map(|memory_limit| Isolation { memory_limit, options: family_options.clone() }),
            diff: args.diff,
            strict: args.strict,
            terminal: args.terminal.terminal(),
            settings: family_options.settings(args.seed, threads)?,
            family_options,
            shard,
            bless: args.bless.map(|mode| Blessing::new(mode, args.dry_run)),
            require_references: args.require_references || args.ci,
            orphans,
            dry_run: args.dry_run,
            junit: args.junit,
            github: args.github,
            baseline: args.baseline,
            resume,
            review: None,
        })
    }
}

impl CompareOptions {
    /// Checks `args`.
    ///
    /// # Errors
    /// A [`UsageError`] for a path that does not exist, an unknown family, a solver named twice
    /// in `--solvers`, a
    /// `--baseline` that is not among them, or `--shard auto` without a cluster engine's variables.
    pub fn from_args(args: CompareArgs) -> anyhow::Result<CompareOptions> {
        crate::inputs::require_existing(&args.paths)?;
        let kind = args.kind.as_deref().map(family_named).transpose()?;
        crate::inputs::check_standard_input(&args.paths, kind, false)?;
        if let Some(names) = &args.solvers {
            if let Some(twice) = names
                .iter()
                .enumerate()
                .find_map(|(index, name)| names[..index].contains(name).then_some(name))
            {
                return Err(UsageError(format!("--solvers names `{twice}` twice")).into());
            }
        }
        if let (Some(baseline), Some(names)) = (&args.statistics.baseline, &args.solvers) {
            if !names.contains(baseline) {
                return Err(UsageError(format!(
                    "--baseline {baseline} is not among --solvers {}",
                    names.join(",")
                ))
                .into());
            }
        }
        let files_at_once = match args.jobs {
            Some(jobs) => jobs as usize,
            None if args.schedule.parallel => crate::workers::cores(),
            None => 1,
        };
        let threads = threads_per_solve(args.threads, files_at_once);
        if files_at_once > 1 && threads > 1 && !args.isolate.isolate {
            return Err(UsageError(format!(
                "--threads {threads} with {files_at_once} files at once needs --isolate: in one process the \
                 CPU time of a solve's threads cannot be told from the other files'"
            ))
            .into());
        }
        let shard = match args.schedule.shard {
            None => None,
            Some(ShardChoice::Given(share)) => Some(share),
            Some(ShardChoice::Auto) => {
                Some(shard::from_engine(|name| std::env::var(name).ok(), None).map_err(UsageError)?)
            }
        };
        Ok(CompareOptions {
            shard,
            paths: args.paths,
            kind,
            solvers: args.solvers,
            repeat: args.repeat,
            warmup: args.statistics.warmup,
            baseline: args.statistics.baseline,
            timeout: args.timeout,
            isolation: args
                .isolate
                .isolation()
                .map(|memory_limit| Isolation { memory_limit, options: FamilyOptions::default() }),
            parallel: files_at_once > 1,
            files_at_once,
            plot_data: args.schedule.plot_data,
            reports: args.reports.files(),
            history: args.history.choice(),
            terminal: args.terminal.terminal(),
            settings: FamilyOptions::default().settings(args.seed, threads)?,
            verify_no_round: args.verify_no_round,
        })
    }
}

/// Runs `review` with the arguments of `run`.
///
/// # Errors
/// A [`UsageError`] for the options that decide without asking (`--bless`, `--ci`,
/// `--require-references`, ...) and for `-` among the paths or as a report, then when standard
/// input or output is not a terminal; then `run`'s errors.
pub fn review(args: RunArgs) -> anyhow::Result<ExitCode> {
    refuse_deciding_options(&args)?;
    crate::review::refuse_off_a_terminal()?;
    crate::review::run(RunOptions::from_args(args)?)
}

/// The options of `run` that would decide for the person reviewing, or read the terminal's input.
fn refuse_deciding_options(args: &RunArgs) -> Result<(), UsageError> {
    let refused = if args.bless.is_some() {
        Some("--bless (review accepts references one by one; `run --bless` accepts them all)".to_string())
    } else if args.ci {
        Some("--ci (it refuses to bless; review references before the CI run)".to_string())
    } else if args.require_references {
        Some("--require-references (review offers the files without a reference)".to_string())
    } else if args.resume || args.rerun_failing.is_some() || args.baseline.is_some() {
        Some("--resume, --rerun-failing or --baseline (review judges every file itself)".to_string())
    } else if args.paths.iter().any(|path| path == Path::new("-")) {
        Some("`-` as a path (review reads its keys from standard input)".to_string())
    } else {
        standard_output_report(args)
            .map(|option| format!("{option} - (review shows its questions on standard output; name a file)"))
    };
    refused.map_or(Ok(()), |what| Err(UsageError(format!("review does not take {what}"))))
}

/// The first report option that names standard output (`--json -`), where the questions go.
fn standard_output_report(args: &RunArgs) -> Option<&'static str> {
    let files = args.reports.files();
    let mut named = files.named();
    named.extend(args.junit.as_deref().map(|path| (path, "--junit")));
    named.into_iter().find(|(path, _)| *path == Path::new("-")).map(|(_, option)| option)
}

/// The threads of each solve: `--threads`, else the cores left by `files_at_once` files at once
/// (at least 1).
fn threads_per_solve(threads: Option<u32>, files_at_once: usize) -> usize {
    threads
        .map_or_else(|| (crate::workers::cores() / files_at_once.max(1)).max(1), |threads| threads as usize)
}
