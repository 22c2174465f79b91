//! The command line, in one place: every clap definition of the tool ([`args`]: the options of the
//! batch commands; [`jobs`]: those of the other jobs; [`commands`]: the family subcommands, thin
//! views over each crate's own API, with their options; [`values`]: how the values of the other
//! layers' types are read from the command line), turned into typed options before any work
//! ([`hiargs`], and each job's arguments in [`jobs`]). Nothing outside `cli/` sees clap.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

pub mod args;
pub mod commands;
pub mod hiargs;
pub mod jobs;
pub mod values;

use args::RunArgs;

/// The command line of `solvebatch`; its description is the package's (Cargo.toml), naming no family.
#[derive(Debug, Parser)]
#[command(name = "solvebatch", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The command line of this process, parsed; on an error, clap's message and exit status 2.
///
/// Every command takes negative numbers as values (`--timeout -1`), so that a number out of range
/// gets the option's own message instead of being read as a flag.
pub fn parse() -> Cli {
    let matches = command().get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit())
}

/// The clap command [`parse`] reads the command line with: every command takes negative numbers
/// as values.
fn command() -> clap::Command {
    fn with_negative_numbers(command: clap::Command) -> clap::Command {
        command.allow_negative_numbers(true).mut_subcommands(with_negative_numbers)
    }
    with_negative_numbers(Cli::command())
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every input under the given files and folders and report results and timings.
    Run(Box<RunArgs>),
    /// Solve as `run` does, then, at a terminal, show each file that differs from its reference or
    /// has none and accept its output as the reference (or not) with one key.
    #[command(after_help = "\
Takes the options of `run`, but not --bless, --ci or --require-references. For each file whose \
output differs from its reference, or that has no reference yet, the review shows the diff (or the \
output) and asks for a key: a accept (the output becomes the reference), r reject (keep the \
reference), s skip, A accept this file and all the rest, q quit, ? help. Timeouts, failures and \
valid alternatives are never offered. References are written as `run --bless` writes them. Reports \
(--json, --junit, ...) are written before the questions, with the verdicts as solved.

Exit status: 0 when every file is now as expected, 1 when a file still fails or differs, 2 on usage \
errors, among them standard input or output not being a terminal (use `run --bless` there).

Examples:
  solvebatch review tests/cases
  solvebatch review datasets/tournament --solver dlx --timeout 5")]
    Review(Box<RunArgs>),
    /// List each family's solvers with a one-line description.
    ListSolvers,
    /// Run every solver of a family on every file: agreement, validity, median times and ratios.
    Compare(crate::cli::args::CompareArgs),
    /// Join the JSON reports of `run --shard` (or the results of `tournament --cubes`) into one report.
    Merge(jobs::MergeArgs),
    /// Compare two JSON reports (of `run`, `compare` or `merge`): files added and removed,
    /// regressions, improvements, changed outputs, inputs and references, and times past the noise.
    Diff(jobs::DiffArgs),
    /// The results history kept by `--history FILE.db`: the runs, one file's story, the runs where
    /// a time or an answer changed or a file started to fail, the flaky files; import and export of
    /// JSON reports.
    History(jobs::HistoryCommandArgs),
    /// Generate random instances (reproducible from a seed).
    Gen(commands::gen::Args),
    /// Find a tournament round in a pairing file and print or save it; count or list every round, pin
    /// or exclude pairings, prove and check "No tournament found.".
    Tournament(commands::tournament::Args),
    /// Replay an ultimate tic-tac-toe game and print its messages, macroboard and attention figures.
    #[command(name = "tictactoe")]
    TicTacToe(commands::tictactoe::Args),
    /// Guess a number: play as codebreaker or host, simulate strategies.
    Guess(commands::guess::Args),
    /// Scrabble: check plays, list the best plays, find words, play a solitaire game.
    Scrabble(commands::scrabble::Args),
    /// Serve the web app: a page per family, a batch page and a JSON API, on this machine.
    Serve(jobs::ServeArgs),
    /// The child process of `--isolate`: solve one input read from standard input and answer one
    /// JSON line.
    #[command(hide = true)]
    SolveOne(jobs::ChildArgs),
    /// Print a shell completion script to standard output.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print a manual page (roff) to standard output: `solvebatch man run | man -l -`.
    Man {
        /// The command whose page to print (`run`, `compare`, `scrabble hint`, ...); default: the
        /// overview.
        command: Vec<String>,
    },
}

/// Writes the completion script of `shell` on standard output.
///
/// # Errors
/// Standard output cannot be written.
pub fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    // Written to a buffer first: `generate` panics on a closed pipe.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "solvebatch", &mut script);
    std::io::Write::write_all(&mut std::io::stdout(), &script)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the manual page of the command that `path` names (`[]`: the tool) on standard output.
///
/// # Errors
/// A usage error for a command that does not exist; standard output cannot be written.
pub fn manual(path: &[String]) -> anyhow::Result<ExitCode> {
    let mut cli = Cli::command();
    cli.build();
    let (shown, title) = manual_page(cli, path)?;
    let mut page = Vec::new();
    clap_mangen::Man::new(shown).title(title).render(&mut page)?;
    std::io::Write::write_all(&mut std::io::stdout(), &page)?;
    Ok(ExitCode::SUCCESS)
}

/// The command that `path` (`[]`, `["run"]`, `["scrabble", "hint"]`) names below `cli`, with the title
/// of its page, `solvebatch-scrabble-hint`, as its parent's SUBCOMMANDS section names it.
///
/// # Errors
/// A usage error naming the first word that is no command there, and the commands that are.
fn manual_page(
    cli: clap::Command,
    path: &[String],
) -> Result<(clap::Command, String), crate::error::UsageError> {
    let mut shown = cli;
    let mut title = "solvebatch".to_string();
    for (depth, name) in path.iter().enumerate() {
        let Some(sub) = shown.find_subcommand(name).cloned() else {
            let names: Vec<&str> = shown.get_subcommands().map(|sub| sub.get_name()).collect();
            let of = match depth {
                0 => String::new(),
                _ => format!(" of `{}`", path[..depth].join(" ")),
            };
            return Err(crate::error::UsageError(format!(
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

#[cfg(test)]
mod tests {
    /// Every option that takes a value, of every command and subcommand: the words before it
    /// (`solvebatch scrabble hint`) and the option (`--top`).
    fn options(command: &clap::Command, path: &[String], found: &mut Vec<(Vec<String>, String)>) {
        let mut words = path.to_vec();
        words.push(command.get_name().to_string());
        for arg in command.get_arguments().filter(|arg| arg.get_action().takes_values()) {
            let flag = match (arg.get_long(), arg.get_short()) {
                (Some(long), _) => format!("--{long}"),
                (None, Some(short)) => format!("-{short}"),
                (None, None) => continue,
            };
            found.push((words.clone(), flag));
        }
        for sub in command.get_subcommands() {
            options(sub, &words, found);
        }
    }

    #[test]
    fn no_numeric_option_answers_in_clap_s_or_the_standard_library_s_words() {
        let mut command = super::command();
        command.build();
        let mut found = Vec::new();
        options(&command, &[], &mut found);
        let mut refused = 0;
        for (words, flag) in &found {
            for value in ["0", "-1", "123456789012345678901234567890"] {
                let line = words.iter().map(String::as_str).chain([flag.as_str(), value]);
                let Err(error) = super::command().try_get_matches_from(line) else { continue };
                let text = error.to_string();
                if error.kind() == clap::error::ErrorKind::ValueValidation {
                    refused += 1;
                    // clap's frame names the option and the value; the message the range in words.
                    assert!(
                        text.starts_with(&format!("error: invalid value '{value}' for '{flag}")),
                        "{text}"
                    );
                }
                for internal in ["is not in", "too large to fit", "invalid digit", "invalid float literal"] {
                    assert!(!text.contains(internal), "{} {flag} {value}: {text}", words.join(" "));
                }
            }
        }
        // The walk reached the numeric options: --threads, --seed, --top, --port, ... (each refuses
        // a number of 30 digits at least).
        assert!(refused >= 40, "{refused} refusals of {} options", found.len());
    }
}
