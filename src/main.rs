//! `solvebatch`: solve folders of search and constraint problems and report results and timings.
//!
//! Exit status: 0 when every file's outcome is as expected, 1 when some file failed or differs from
//! its reference (or a command failed), 2 on usage errors.
//!
//! The layers, top to bottom (an import only ever points to its own layer or a lower one):
//! - `main` and `cli/`: every clap definition (the batch commands' options, the jobs' options, the
//!   family subcommands as thin views over each crate's API), turned into typed options;
//! - the jobs, none calling another: `batch` (run; review starts from it), `compare/`, `merge`,
//!   `diff/`, `history/`, `review/`, `serve/` (the web app);
//! - the run layer they share: `options` (validated), `solve` (the one path from a file to its
//!   record), `workers` (the batch runner's workers, for `run` and the web batch), `cubes` (the
//!   merge of cube shares' results, a step of `merge`), `changes/` (what changed between two runs),
//!   `resume`, `bless`, `pending`, `reads`, `inputs`, `verdict`, `references`, `shard`, `isolate`;
//! - `report/` (records, summaries, one exporter per format, taking plain values) and
//!   `report_file` (a report read back);
//! - `family/`: the registry, the one place naming the families (each a crate implementing
//!   `solvebatch_core::Family`);
//! - reading, writing and the process: `text`, `cache`, `game_input`, `output`, `signals`, `heap`,
//!   `rusage`, `error`, `paths`.

use std::process::ExitCode;

mod batch;
mod bless;
mod cache;
mod changes;
mod cli;
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
mod seconds;
mod serve;
mod shard;
mod signals;
mod solve;
mod solver_choice;
mod text;
mod verdict;
mod whole_number;
mod workers;

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
        Command::Review(args) => cli::hiargs::review(*args),
        Command::ListSolvers => cli::commands::list_solvers::run(),
        Command::Compare(args) => compare::run(&options::CompareOptions::from_args(args)?),
        Command::Merge(args) => merge::run(&args.options()),
        Command::Diff(args) => diff::run(&args.options()),
        Command::History(args) => history::command::run(&args.options()),
        Command::Gen(args) => cli::commands::gen::run(&args),
        Command::Tournament(args) => cli::commands::tournament::run(&args),
        Command::TicTacToe(args) => cli::commands::tictactoe::run(&args),
        Command::Guess(args) => cli::commands::guess::run(&args),
        Command::Scrabble(args) => cli::commands::scrabble::run(&args),
        Command::Serve(args) => serve::run(&args.options()),
        Command::SolveOne(args) => isolate::child(args.options()),
        Command::Completions { shell } => cli::completions(shell),
        Command::Man { command } => cli::manual(&command),
    }
}

/// A closed pipe (`solvebatch ... | head`) is a normal end, not an error.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
