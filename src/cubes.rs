//! One hard tournament over many processes: `tournament FILE --cubes K/N` solves share K of the cube
//! split ([`solvebatch_tournament::solve_cube_share`]) and writes a JSON result; `merge` of the N
//! results gives the round, or `No tournament found.` when every share is refuted.
//!
//! The result is one JSON line:
//! `{"type":"cube_share","file":…,"input":…,"share":{"index":K,"count":N},"answer":…,"output":…,
//! "conflicts":…,"ms":…}` where `input` fingerprints the file's bytes (XXH3-128, hexadecimal),
//! `answer` is `round`, `refuted` or `timeout`, `output` is the round as `tournament` prints it (or
//! `null`), `conflicts` counts the solver's conflicts and `ms` is the share's wall time.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use solvebatch_tournament::{self as tournament, CubeShare, ShareAnswer};
use xxhash_rust::xxh3::xxh3_128;

use crate::error::{listed, usage};
use crate::output::OutputFile;
use crate::report::json::{Answer, Line, ShareResult};
use crate::report::ReportArgs;
use crate::shard::Share;

/// The arguments `--cubes` adds to `solvebatch tournament`.
#[derive(Debug, clap::Args)]
pub struct CubeArgs {
    /// Solve only share K of N of the SAT solver's cube split (the cubes numbered K-1, K-1+N, ... in
    /// depth-first order) and write the result as JSON, for `solvebatch merge`.
    #[arg(long, value_name = "K/N", conflicts_with_all = ["solver", "save", "emit_cnf", "jobs", "seed"])]
    pub cubes: Option<Share>,

    /// With --cubes: write the JSON result to FILE instead of standard output.
    #[arg(long, value_name = "FILE", requires = "cubes")]
    pub json: Option<PathBuf>,
}

/// Solves share `share` of `file` within `timeout` and writes its result to `json` (standard output
/// when `None`).
///
/// # Errors
/// An unreadable or invalid pairing file (`FILE: message`), or a result that cannot be written. A
/// timeout is a result (exit status 1), not an error.
pub fn run_share(
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
    let text = crate::text::read_named(file)?;
    let instance = tournament::parse(&text).map_err(|error| anyhow!("{name}: {error}"))?;
    let part = CubeShare::new(share.index as usize, share.count as usize)
        .ok_or_else(|| anyhow!("{share} is not a share"))?;
    let solution = tournament::solve_cube_share(
        &instance,
        part,
        tournament::Deadline::at(timeout.map(|limit| started + limit)),
    );
    let (answer, output) = match &solution.answer {
        ShareAnswer::Round(round) => (Answer::Round, Some(tournament::format(&instance, Some(round)))),
        ShareAnswer::Refuted => (Answer::Refuted, None),
        ShareAnswer::Interrupted => (Answer::Timeout, None),
    };
    let result = ShareResult {
        file: crate::paths::display_path(file),
        input: format!("{:032x}", xxh3_128(&text)),
        share,
        answer,
        output,
        conflicts: solution.conflicts,
        ms: started.elapsed().as_secs_f64() * 1000.0,
    };
    let mut line = serde_json::to_vec(&Line::CubeShare(std::borrow::Cow::Borrowed(&result)))?;
    line.push(b'\n');
    out.write_all(&line).with_context(|| format!("{}: cannot write", destination.display()))?;
    out.commit()?;
    Ok(if answer == Answer::Timeout { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Merges share results (each with the name of its file): prints the round of the lowest share that
/// found one, else `No tournament found.` when all N shares are refuted; otherwise says on standard
/// error which shares timed out, and exits 1.
///
/// # Errors
/// A result whose share is not K of N; a [`crate::error::UsageError`] naming the result for report
/// options (`--json`, `--csv`, ...), results of other inputs or share counts, a share given twice, or,
/// when no round was found, a missing share.
pub fn merge(results: Vec<(String, ShareResult)>, reports: &ReportArgs) -> anyhow::Result<ExitCode> {
    if reports.json.is_some() || reports.csv.is_some() || reports.markdown.is_some() || reports.html.is_some()
    {
        return Err(usage(
            "--json, --csv, --markdown and --html are for batch reports; the merge of `tournament --cubes` \
             results prints the round"
                .to_string(),
        ));
    }
    let mut results = results;
    if let Some((name, result)) =
        results.iter().find(|(_, result)| Share::new(result.share.index, result.share.count).is_none())
    {
        anyhow::bail!("{name}: share {} is not a share (K from 1 to N)", result.share);
    }
    let (first_name, first) = &results[0];
    for (name, result) in &results[1..] {
        if result.input != first.input {
            return Err(usage(format!(
                "{name} (share {}) is a result for another input than {first_name} (share {})",
                result.share, first.share
            )));
        }
        if result.share.count != first.share.count {
            return Err(usage(format!(
                "{name} is share {}, {first_name} share {}: the share counts differ",
                result.share, first.share
            )));
        }
    }
    results.sort_by_key(|(_, result)| result.share.index);
    if let Some(pair) = results.windows(2).find(|pair| pair[0].1.share == pair[1].1.share) {
        return Err(usage(format!("{} and {} are both share {}", pair[0].0, pair[1].0, pair[0].1.share)));
    }
    if let Some((_, found)) = results.iter().find(|(_, result)| result.answer == Answer::Round) {
        std::io::stdout().write_all(found.output.as_deref().unwrap_or_default().as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let count = results[0].1.share.count;
    let given: Vec<u32> = results.iter().map(|(_, result)| result.share.index).collect();
    let missing: Vec<String> =
        (1..=count).filter(|index| !given.contains(index)).map(|index| format!("{index}/{count}")).collect();
    if !missing.is_empty() {
        return Err(usage(format!(
            "no round in the shares given, and {} {} missing",
            listed("share", &missing),
            if missing.len() == 1 { "is" } else { "are" }
        )));
    }
    let timed_out: Vec<String> = results
        .iter()
        .filter(|(_, result)| result.answer == Answer::Timeout)
        .map(|(_, result)| result.share.to_string())
        .collect();
    if timed_out.is_empty() {
        std::io::stdout().write_all(tournament::NO_ROUND.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "no round found; {} timed out, so whether a round exists is not known",
        listed("share", &timed_out)
    );
    Ok(ExitCode::FAILURE)
}
