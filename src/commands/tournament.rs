//! `solvebatch tournament`: find one round in a pairing file, print it and optionally save it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, Context};
use solvebatch_tournament::{self as tournament, RoundOutcome};

use crate::output::{write_file, OutputFile};
use crate::reads::Reads;

/// Arguments of `solvebatch tournament`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pairing file (`-` for standard input): line 0 the number of tables, then `first,second,table`.
    pub file: PathBuf,

    /// The solver (see `solvebatch list-solvers`).
    #[arg(long, default_value = "backtrack", value_parser = solver_name)]
    pub solver: String,

    /// Also write the round to this file (exactly the printed text; `-` for standard output); nothing
    /// is written when there is no round or the input is bad.
    #[arg(long, value_name = "OUT")]
    pub save: Option<PathBuf>,

    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Worker threads for solvers that use several.
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N")]
    pub jobs: usize,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// Instead of solving, write the problem as a DIMACS CNF formula for any SAT solver: variable k is
    /// true when the k-th pairing is played, and comment lines map each variable to its pairing (`-`
    /// for standard output; the counts go to standard error).
    #[arg(long, value_name = "OUT.cnf", conflicts_with = "save")]
    pub emit_cnf: Option<PathBuf>,

    #[command(flatten)]
    pub cubes: crate::cubes::CubeArgs,
}

fn solver_name(name: &str) -> Result<String, String> {
    tournament::Job::new(name, 1, 0).map(|_| name.to_string()).map_err(|error| error.to_string())
}

/// Prints the round (or `No tournament found.`), saving it with `--save`.
///
/// # Errors
/// An unreadable or invalid file (`FILE: message`, the spec's message), a time-out, a failed save.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let mut reads = Reads::default();
    reads.add("the input", &args.file);
    let outputs = [(&args.save, "--save"), (&args.emit_cnf, "--emit-cnf"), (&args.cubes.json, "--json")];
    for (path, option) in outputs {
        path.as_deref().map_or(Ok(()), |path| reads.check(path, option))?;
    }
    if let Some(share) = args.cubes.cubes {
        return crate::cubes::run_share(&args.file, share, args.timeout, args.cubes.json.as_deref());
    }
    let name = crate::text::name(&args.file);
    let text = crate::text::read_named(&args.file)?;
    if let Some(path) = &args.emit_cnf {
        let instance = tournament::parse(&text).map_err(|error| anyhow!("{name}: {error}"))?;
        let encoding = tournament::encode(&instance);
        let mut dimacs = Vec::new();
        tournament::write_dimacs(&mut dimacs, &instance, &encoding)?;
        write_file(path, &dimacs)?;
        let (variables, clauses) = (encoding.formula.var_count(), encoding.formula.len());
        eprintln!("{}: {variables} variables, {clauses} clauses", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    let job = tournament::Job::new(&args.solver, args.jobs, args.seed)?;
    // Opened before the search, so that a path that cannot be written is found at once; dropped
    // unwritten when there is no round.
    let save = args.save.as_deref().map(OutputFile::create).transpose()?;
    let deadline = tournament::Deadline::at(args.timeout.map(|limit| Instant::now() + limit));
    match job.solve(&text, deadline) {
        RoundOutcome::Found { output, .. } => match save {
            Some(mut file) => {
                if file.path() != Path::new("-") {
                    std::io::stdout().write_all(output.as_bytes())?;
                }
                file.write_all(output.as_bytes())
                    .with_context(|| format!("{}: cannot write", file.path().display()))?;
                file.commit()?;
            }
            None => std::io::stdout().write_all(output.as_bytes())?,
        },
        RoundOutcome::NoRound { output, .. } => std::io::stdout().write_all(output.as_bytes())?,
        RoundOutcome::Invalid(error) => anyhow::bail!("{name}: {error}"),
        RoundOutcome::Interrupted => anyhow::bail!("{name}: no answer within the time limit"),
    }
    Ok(ExitCode::SUCCESS)
}
