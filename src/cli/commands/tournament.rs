//! `solvebatch tournament`: find one round in a pairing file, print it and optionally save it; or
//! count or list every round, with pairings pinned or excluded; or prove "No tournament found." and
//! check such a proof.

use std::borrow::Cow;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use solvebatch_tournament::{self as tournament, RoundOutcome};

use crate::error::usage;
use crate::output::{write_file, OutputFile};
use crate::reads::Reads;
use crate::report::json::{Answer, Line, RoundCountResult, ShareResult};
use crate::shard::Share;
use solvebatch_tournament::solvers::share::{solve_cube_share, CubeShare, ShareAnswer};

/// Arguments of `solvebatch tournament`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("json_for").args(["cubes", "count"]).multiple(true))]
pub struct Args {
    /// The pairing file (`-` for standard input): line 0 the number of tables, then `first,second,table`.
    pub file: PathBuf,

    /// The solver (see `solvebatch list-solvers`). Deterministic, the same file giving the same round
    /// on every run: backtrack (the reference round), dlx (the same round whatever -j: the first in
    /// its depth-first order, which its threads keep), dlx-restarts (for a given --seed), dlx-frb and
    /// sat with -j 1. Not deterministic: portfolio, whose round is that of the search that answers
    /// first, dlx-frb with -j 2 or more (where its threads split the tree depends on the timing, and
    /// each part learns its own failure rates), and sat with -j 2 or more. Whether a round exists
    /// never depends on the solver or on -j.
    #[arg(long, default_value = "backtrack", value_parser = solver_name)]
    pub solver: String,

    /// Also write the round to this file (exactly the printed text; `-` for standard output); nothing
    /// is written when there is no round or the input is bad.
    #[arg(long, value_name = "OUT")]
    pub save: Option<PathBuf>,

    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = crate::seconds::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Worker threads for dlx, dlx-frb, sat (two at most), --count and --all (default: the cores
    /// available; at most 1024); backtrack and dlx-restarts use one, portfolio three. --count and
    /// --all answer the same whatever the number.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::cli::values::threads())]
    pub jobs: Option<u32>,

    /// Seed for solvers with randomness.
    #[arg(long, default_value_t = 0, value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,

    /// Instead of solving, write the problem as a DIMACS CNF formula for any SAT solver: variable k is
    /// true when the k-th pairing is played, and comment lines map each variable to its pairing (`-`
    /// for standard output; the counts go to standard error).
    #[arg(long, value_name = "OUT.cnf", conflicts_with = "save")]
    pub emit_cnf: Option<PathBuf>,

    /// Pin a pairing: every round found plays players A and B (in either order) at table T; repeat
    /// for several. A pin that is not an allowable pairing, or that no round can play, is an error
    /// naming the table or player it leaves uncovered.
    #[arg(long, value_name = "T:A-B", conflicts_with = "cubes")]
    pub fix: Vec<tournament::Pin>,

    /// Exclude a pairing: no round found plays players A and B (in either order) at table T; repeat
    /// for several.
    #[arg(long, value_name = "T:A-B", conflicts_with = "cubes")]
    pub forbid: Vec<tournament::Pin>,

    /// Print the exact number of rounds instead of one round (counted by Algorithm X to the end of
    /// its tree, on dlx's bitsets on -j threads, or with a memo of subproblems where they repeat and
    /// over 64 tables; of any size; its own search, so not with --solver). With --json, also write
    /// it as a JSON line whose `rounds` is a string of decimal digits.
    #[arg(long, conflicts_with_all = ["solver", "save", "all", "cubes", "emit_cnf"])]
    pub count: bool,

    /// Print every round, one after another with an empty line between them, in a stable order (the
    /// same file gives the same rounds in the same order); its own search, so not with --solver.
    #[arg(long, conflicts_with_all = ["solver", "cubes", "emit_cnf"])]
    pub all: bool,

    /// With --all: print at most K rounds (all of them when there are fewer).
    #[arg(long, value_name = "K", requires = "all", value_parser = crate::cli::values::whole("a number of rounds", 1..=u64::MAX))]
    pub limit: Option<u64>,

    /// With --solver sat: when there is no round, write a DRAT proof of it (text form) for the CNF
    /// that --emit-cnf writes, for `--check-proof` or any DRAT checker. A file with a round gets no
    /// proof: the round is printed and nothing is written.
    #[arg(long, value_name = "FILE.drat", conflicts_with_all = ["count", "all", "cubes", "emit_cnf"])]
    pub proof: Option<PathBuf>,

    /// Instead of solving, check a DRAT proof that the file (with any --fix and --forbid) has no
    /// round, with this program's own checker: every lemma must follow by unit propagation (RUP) or
    /// be a RAT, and the empty clause must follow. A refused proof names its line (exit status 1).
    #[arg(
        long,
        value_name = "FILE.drat",
        conflicts_with_all = ["solver", "save", "count", "all", "cubes", "emit_cnf", "proof"]
    )]
    pub check_proof: Option<PathBuf>,

    #[command(flatten)]
    pub cubes: crate::cli::jobs::CubeArgs,
}

/// The threads of the search: `-j`, else the cores available.
fn threads(args: &Args) -> usize {
    args.jobs.map_or_else(rayon::current_num_threads, |jobs| jobs as usize)
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
    if let Some(proof) = &args.check_proof {
        reads.add("the proof", proof);
    }
    let outputs = [
        (&args.save, "--save"),
        (&args.emit_cnf, "--emit-cnf"),
        (&args.cubes.json, "--json"),
        (&args.proof, "--proof"),
    ];
    for (path, option) in outputs {
        path.as_deref().map_or(Ok(()), |path| reads.check(path, option))?;
    }
    if let Some(share) = args.cubes.cubes {
        return run_share(&args.file, share, args.timeout, args.cubes.json.as_deref());
    }
    let started = Instant::now();
    let name = crate::text::name(&args.file);
    let text = crate::text::read_named_text(&args.file)?;
    let pins = tournament::Pins { fix: args.fix.clone(), forbid: args.forbid.clone() };
    let instance =
        tournament::parse(&text).map_err(|error| anyhow!("{name}: {error}")).and_then(|instance| {
            pins.apply(&instance).map_err(|error| anyhow!("{name}: {}", error.describe("--fix")))
        })?;
    if let Some(path) = &args.emit_cnf {
        let encoding = tournament::solvers::cnf::encode(&instance);
        let mut dimacs = Vec::new();
        tournament::solvers::cnf::write_dimacs(&mut dimacs, &instance, &encoding)?;
        write_file(path, &dimacs)?;
        let (variables, clauses) = (encoding.formula.var_count(), encoding.formula.len());
        eprintln!("{}: {variables} variables, {clauses} clauses", path.display());
        return Ok(ExitCode::SUCCESS);
    }
    let deadline = tournament::Deadline::at(args.timeout.map(|limit| started + limit));
    if args.count {
        return count(args, &instance, deadline, started);
    }
    if let Some(proof) = &args.check_proof {
        return check_proof(&name, &instance, proof);
    }
    if args.proof.is_some() && args.solver != "sat" {
        return Err(usage(format!(
            "--proof needs --solver sat: only the SAT solver writes a proof (not --solver {})",
            args.solver
        )));
    }
    let job = tournament::Job::new(&args.solver, threads(args), args.seed)?;
    // Opened before the search, so that a path that cannot be written is found at once; dropped
    // unwritten when there is no round.
    let save = args.save.as_deref().map(OutputFile::create).transpose()?;
    let output = if let Some(path) = &args.proof {
        prove(&instance, path, deadline).map_err(|error| anyhow!("{name}: {error:#}"))?
    } else if args.all {
        let limits = tournament::Limits { deadline, threads: threads(args), seed: args.seed };
        let (rounds, _) = tournament::list_rounds(
            &instance,
            args.limit.map(|limit| usize::try_from(limit).unwrap_or(usize::MAX)),
            &limits,
        )
        .map_err(|_| anyhow!("{name}: no answer within the time limit"))?;
        let printed: Vec<String> =
            rounds.iter().map(|round| tournament::format(&instance, Some(round))).collect();
        (!printed.is_empty()).then(|| printed.join("\n")).ok_or(tournament::NO_ROUND.to_string())
    } else {
        match with_slow_hint(args.solver == "backtrack", || job.solve_instance(&instance, deadline)) {
            RoundOutcome::Found { output, .. } => Ok(output),
            RoundOutcome::NoRound { output, .. } => Err(output),
            RoundOutcome::Invalid(error) => anyhow::bail!("{name}: {error}"),
            RoundOutcome::Interrupted => anyhow::bail!("{name}: no answer within the time limit"),
        }
    };
    match (output, save) {
        (Ok(output), Some(mut file)) => {
            if file.path() != Path::new("-") {
                std::io::stdout().write_all(output.as_bytes())?;
            }
            file.write_all(output.as_bytes())
                .with_context(|| format!("{}: cannot write", file.path().display()))?;
            file.commit()?;
        }
        (Ok(output) | Err(output), _) => std::io::stdout().write_all(output.as_bytes())?,
    }
    Ok(ExitCode::SUCCESS)
}

/// How long the default solver searches before [`with_slow_hint`] names a faster one.
const HINT_AFTER: Duration = Duration::from_secs(2);

/// `solve()`; when `hint` and it has not answered within [`HINT_AFTER`], a note on standard error
/// that the dancing-links solver is usually far faster (the default stays the specified search,
/// whose rounds the references hold).
fn with_slow_hint<T>(hint: bool, solve: impl FnOnce() -> T) -> T {
    if !hint {
        return solve();
    }
    let (answered, waiting) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if waiting.recv_timeout(HINT_AFTER) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                eprintln!(
                    "note: no answer yet after {} s of the default `backtrack`, the specified search; \
                     `--solver dlx` is usually far faster",
                    HINT_AFTER.as_secs()
                );
            }
        });
        let answer = solve();
        drop(answered);
        answer
    })
}

/// Solves `instance` with varisat, writing its DRAT proof to `path` when there is no round: the
/// round's text, or `Err` with the no-round line.
fn prove(
    instance: &tournament::Instance,
    path: &Path,
    deadline: tournament::Deadline<'_>,
) -> anyhow::Result<Result<String, String>> {
    // Opened before the search, so that a path that cannot be written is found at once.
    let mut file = OutputFile::create(path)?;
    let limits = tournament::Limits { deadline, threads: 1, seed: 0 };
    match tournament::prove(instance, &mut file, &limits) {
        Ok(tournament::Proved::Round(round)) => {
            eprintln!("{}: not written: the file has a round", path.display());
            Ok(Ok(tournament::format(instance, Some(&round))))
        }
        Ok(tournament::Proved::NoRound) => {
            file.commit()?;
            Ok(Err(tournament::NO_ROUND.to_string()))
        }
        Err(tournament::proof::ProveError::Interrupted(_)) => Err(anyhow!("no answer within the time limit")),
        Err(error) => Err(anyhow::Error::new(error).context(format!("{}", path.display()))),
    }
}

/// Checks the DRAT proof at `proof` that `instance` (the file called `name`) has no round.
fn check_proof(name: &str, instance: &tournament::Instance, proof: &Path) -> anyhow::Result<ExitCode> {
    let bytes = crate::text::read_named(proof)?;
    let proof_name = crate::text::name(proof);
    let lemmas = tournament::proof::check_proof(instance, &bytes)
        .with_context(|| format!("{proof_name}: refused as a proof that {name} has no round"))?;
    println!("{proof_name}: valid: {name} has no round ({lemmas} lemmas checked)");
    Ok(ExitCode::SUCCESS)
}

/// Prints the number of rounds of `instance` and, with `--json`, writes it as a JSON line.
fn count(
    args: &Args,
    instance: &tournament::Instance,
    deadline: tournament::Deadline<'_>,
    started: Instant,
) -> anyhow::Result<ExitCode> {
    // Opened first, so that a path that cannot be written is known before the search.
    let json = args.cubes.json.as_deref().map(OutputFile::create).transpose()?;
    let limits = tournament::Limits { deadline, threads: threads(args), seed: args.seed };
    let name = crate::text::name(&args.file);
    let count = tournament::count_rounds(instance, &limits)
        .map_err(|_| anyhow!("{name}: no answer within the time limit"))?;
    let rounds = count.rounds.to_string();
    if let Some(mut out) = json {
        let result = RoundCountResult {
            file: crate::paths::display_path(&args.file),
            rounds: rounds.clone(),
            nodes: count.stats.nodes,
            memo_hits: count.stats.memo_hits,
            ms: started.elapsed().as_secs_f64() * 1000.0,
        };
        let mut line = serde_json::to_vec(&Line::RoundCount(Cow::Borrowed(&result)))?;
        line.push(b'\n');
        out.write_all(&line).with_context(|| format!("{}: cannot write", out.path().display()))?;
        let on_stdout = out.path() == Path::new("-");
        out.commit()?;
        if on_stdout {
            return Ok(ExitCode::SUCCESS);
        }
    }
    println!("{rounds}");
    Ok(ExitCode::SUCCESS)
}

/// `--cubes K/N`: solves share `share` of `file` within `timeout`
/// ([`solve_cube_share`]) and writes its result line to `json` (standard output when `None`), which
/// `merge` joins with the other shares' ([`crate::cubes::merge`]).
///
/// # Errors
/// An unreadable or invalid pairing file (`FILE: message`), or a result that cannot be written. A
/// timeout is a result (exit status 1), not an error.
fn run_share(
    file: &Path,
    share: Share,
    timeout: Option<Duration>,
    json: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    // Opened first, so that a path that cannot be written is known before hours of search.
    let destination = json.unwrap_or(Path::new("-"));
    let mut out = OutputFile::create(destination)?;
    let name = crate::text::name(file);
    let text = crate::text::read_named_text(file)?;
    let instance = tournament::parse(&text).map_err(|error| anyhow!("{name}: {error}"))?;
    let part = CubeShare::new(share.index as usize, share.count as usize)
        .ok_or_else(|| anyhow!("{share} is not a share"))?;
    let solution =
        solve_cube_share(&instance, part, tournament::Deadline::at(timeout.map(|limit| started + limit)));
    let (answer, output) = match &solution.answer {
        ShareAnswer::Round(round) => (Answer::Round, Some(tournament::format(&instance, Some(round)))),
        ShareAnswer::Refuted => (Answer::Refuted, None),
        ShareAnswer::Interrupted => (Answer::Timeout, None),
    };
    let result = ShareResult {
        file: crate::paths::display_path(file),
        input: crate::report::record::content_hash(&text),
        share,
        answer,
        output,
        conflicts: solution.conflicts,
        ms: started.elapsed().as_secs_f64() * 1000.0,
    };
    let mut line = serde_json::to_vec(&Line::CubeShare(Cow::Borrowed(&result)))?;
    line.push(b'\n');
    out.write_all(&line).with_context(|| format!("{}: cannot write", destination.display()))?;
    out.commit()?;
    Ok(if answer == Answer::Timeout { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
