//! `solvebatch tournament`: find one round in a pairing file, print it and optionally save it.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, Context};
use solvebatch_tournament as tournament;

use crate::output::write_atomic;

/// Arguments of `solvebatch tournament`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pairing file (`-` for standard input): line 0 the number of tables, then `first,second,table`.
    pub file: PathBuf,

    /// The solver (see `solvebatch list-solvers`).
    #[arg(long, default_value = "backtrack", value_parser = solver_name)]
    pub solver: String,

    /// Also write the round to this file (exactly the printed text); nothing is written when there is
    /// no round or the input is bad.
    #[arg(long, value_name = "OUT")]
    pub save: Option<PathBuf>,

    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = crate::options::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Worker threads for solvers that use several.
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N")]
    pub jobs: usize,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// Instead of solving, write the problem as a DIMACS CNF formula for any SAT solver: variable k is
    /// true when the k-th pairing is played, and comment lines map each variable to its pairing.
    #[arg(long, value_name = "OUT.cnf")]
    pub emit_cnf: Option<PathBuf>,
}

fn solver_name(name: &str) -> Result<String, String> {
    match tournament::solver(name) {
        Some(_) => Ok(name.to_string()),
        None => {
            let names: Vec<_> = tournament::solvers().iter().map(|solver| solver.name()).collect();
            Err(format!("no tournament solver is called `{name}` (there are: {})", names.join(", ")))
        }
    }
}

/// Prints the round (or `No tournament found.`), saving it with `--save`.
///
/// # Errors
/// An unreadable or invalid file (`FILE: message`, the spec's message), a time-out, a failed save.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let text = read_input(&args.file)?;
    let instance = tournament::parse(&text).map_err(|error| anyhow!("{}: {error}", args.file.display()))?;
    if let Some(path) = &args.emit_cnf {
        let encoding = tournament::encode(&instance);
        let mut dimacs = Vec::new();
        tournament::write_dimacs(&mut dimacs, &instance, &encoding)?;
        write_atomic(path, &dimacs)?;
        let (variables, clauses) = (encoding.formula.var_count(), encoding.formula.len());
        writeln!(std::io::stdout(), "{}: {variables} variables, {clauses} clauses", path.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    let solver = tournament::solver(&args.solver).expect("checked by the argument parser");
    let limits = tournament::Limits {
        deadline: args.timeout.map(|limit| Instant::now() + limit),
        threads: args.jobs.max(1),
        seed: args.seed,
    };
    let solution = solver
        .solve(&instance, &limits)
        .map_err(|_| anyhow!("{}: no answer within the time limit", args.file.display()))?;
    let output = tournament::format(&instance, solution.round.as_ref());
    std::io::stdout().write_all(output.as_bytes())?;
    if let (Some(path), Some(_)) = (&args.save, &solution.round) {
        write_atomic(path, output.as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The bytes of `path`, or of standard input for `-`.
///
/// # Errors
/// The file cannot be read; the message names it.
pub fn read_input(path: &Path) -> anyhow::Result<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
        Ok(bytes)
    } else {
        std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))
    }
}
