//! `solvebatch`: solve folders of search and constraint problems and report results and timings.
//!
//! Exit status: 0 when every file's outcome is as expected, 1 when some file failed or differs from
//! its reference (or a command failed), 2 on usage errors.
//!
//! The layers, top to bottom (an import only ever points to its own layer or a lower one): the entry
//! point and the command-line definition (`main`, `cli`); the jobs (`commands/`, `batch`, `compare`,
//! `merge`, `cubes`, `diff/`, `history/`'s command, `resume`, `serve/`, `review/`); the validated
//! options (`options`); the steps of a run that the options name (`bless`, `pending`, `reads`, and
//! `solve`: the one per-file solve path); the clap pieces the options come from (`args`); the reports
//! (`report/`: records, summaries, one exporter per format; `report_file`: a report read back;
//! `history/`'s store, which records a finished report); the values summaries hold
//! (`references`, `shard`); finding inputs and judging outputs (`inputs`, `verdict`); the families
//! (`family/`: the trait boundary, the registry, one adapter per family crate); reading inputs and the
//! caches (`text`, `cache`, `game_input`); every file written, the signals and the counting allocator
//! (`output`, `signals`, `heap`); and the shared words (`outcome`: Status, Verdict, Outcome; `error`:
//! UsageError; `paths`).

use std::process::ExitCode;

use clap::CommandFactory;

mod args;
mod batch;
mod bless;
mod cache;
mod changes;
mod cli;
mod commands;
mod compare;
mod cubes;
mod diff;
mod error;
mod family;
mod game_input;
mod heap;
mod history;
mod inputs;
mod isolate;
mod merge;
mod options;
mod output;
mod paths;
mod pending;
mod reads;
mod references;
mod report;
mod report_file;
mod resume;
mod review;
mod rusage;
mod serve;
mod shard;
mod signals;
mod solve;
mod solver_choice;
mod text;
mod verdict;

use cli::{Cli, Command};

/// Counts heap bytes only while `compare` measures an in-process solve ([`heap::peak_kb_of`]).
#[global_allocator]
static ALLOCATOR: heap::Counting = heap::Counting;

fn main() -> ExitCode {
    let cli = cli::parse();
    signals::install();
    match run(cli) {
        Ok(code) => code,
        Err(error) => {
            if is_broken_pipe(&error) {
                // The reader went away: a normal end, unless a signal had already asked to stop.
                return signals::exit_status().map_or(ExitCode::SUCCESS, ExitCode::from);
            }
            eprintln!("error: {}", report::style::terminal_text(&format!("{error:#}")));
            if error.downcast_ref::<error::UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Run(args) => {
            let summary = batch::run(&options::RunOptions::from_args(*args)?)?;
            Ok(ExitCode::from(summary.exit_code))
        }
        Command::Review(args) => review::run(*args),
        Command::ListSolvers => commands::list_solvers::run(),
        Command::Compare(args) => compare::run(&options::CompareOptions::from_args(args)?),
        Command::Merge(args) => merge::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::History(args) => history::command::run(&args),
        Command::Gen(args) => commands::gen::run(&args),
        Command::Tournament(args) => commands::tournament::run(&args),
        Command::TicTacToe(args) => commands::tictactoe::run(&args),
        Command::Guess(args) => commands::guess::run(&args),
        Command::Scrabble(args) => commands::scrabble::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::SolveOne(args) => isolate::child(args),
        Command::Completions { shell } => {
            // Written to a buffer first: `generate` panics on a closed pipe.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "solvebatch", &mut script);
            std::io::Write::write_all(&mut std::io::stdout(), &script)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man { command } => {
            let mut cli = Cli::command();
            cli.build();
            let (shown, title) = manual_page(cli, &command)?;
            let mut page = Vec::new();
            clap_mangen::Man::new(shown).title(title).render(&mut page)?;
            std::io::Write::write_all(&mut std::io::stdout(), &page)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The command that `path` (`[]`, `["run"]`, `["scrabble", "hint"]`) names below `cli`, with the title
/// of its page, `solvebatch-scrabble-hint`, as its parent's SUBCOMMANDS section names it.
///
/// # Errors
/// A usage error naming the first word that is no command there, and the commands that are.
fn manual_page(cli: clap::Command, path: &[String]) -> Result<(clap::Command, String), error::UsageError> {
    let mut shown = cli;
    let mut title = "solvebatch".to_string();
    for (depth, name) in path.iter().enumerate() {
        let Some(sub) = shown.find_subcommand(name).cloned() else {
            let names: Vec<&str> = shown.get_subcommands().map(|sub| sub.get_name()).collect();
            let of = match depth {
                0 => String::new(),
                _ => format!(" of `{}`", path[..depth].join(" ")),
            };
            return Err(error::UsageError(format!(
                "no command is called `{}`; the commands{of} are {}",
                path[..=depth].join(" "),
                names.join(", ")
            )));
        };
        shown = sub.version(env!("CARGO_PKG_VERSION"));
        title = format!("{title}-{name}");
    }
    Ok((shown, title))
}

/// A closed pipe (`solvebatch ... | head`) is a normal end, not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
