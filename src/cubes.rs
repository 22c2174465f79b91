//! One hard tournament over many processes: `tournament FILE --cubes K/N` solves share K of the cube
//! split ([`solvebatch_tournament::solvers::share::solve_cube_share`]) and writes a JSON result; `merge` of the N
//! results gives the round, or `No tournament found.` when every share is refuted (the merge itself is
//! [`solvebatch_tournament::cubes::merge`]; this module reads and prints).
//!
//! The result is one JSON line:
//! `{"type":"cube_share","file":…,"input":…,"share":{"index":K,"count":N},"answer":…,"output":…,
//! "conflicts":…,"ms":…}` where `input` fingerprints the file's bytes (XXH3-128, hexadecimal),
//! `answer` is `round`, `refuted` or `timeout`, `output` is the round as `tournament` prints it (or
//! `null`), `conflicts` counts the solver's conflicts and `ms` is the share's wall time.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context};
use solvebatch_tournament as tournament;
use solvebatch_tournament::cubes::{self, CubeAnswer, CubeResult, Merged};
use solvebatch_tournament::solvers::share::{CubeShare, ShareAnswer};

use crate::error::{listed, usage};
use crate::output::OutputFile;
use crate::report::json::{Answer, Line, ShareResult};
use crate::report::ReportFiles;
use crate::shard::Share;

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
    let solution = tournament::solvers::share::solve_cube_share(
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
        input: crate::report::record::content_hash(&text),
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
pub fn merge(results: Vec<(String, ShareResult)>, reports: &ReportFiles) -> anyhow::Result<ExitCode> {
    if reports.json.is_some() || reports.csv.is_some() || reports.markdown.is_some() || reports.html.is_some()
    {
        return Err(usage(
            "--json, --csv, --markdown and --html are for batch reports; the merge of `tournament --cubes` \
             results prints the round"
                .to_string(),
        ));
    }
    let results: Vec<CubeResult<'_>> = results
        .iter()
        .map(|(name, result)| CubeResult {
            name,
            input: &result.input,
            index: result.share.index,
            count: result.share.count,
            answer: match result.answer {
                Answer::Round => CubeAnswer::Round(result.output.as_deref().unwrap_or_default()),
                Answer::Refuted => CubeAnswer::Refuted,
                Answer::Timeout => CubeAnswer::Timeout,
            },
        })
        .collect();
    match cubes::merge(&results) {
        Ok(Merged::Round(round)) => std::io::stdout().write_all(round.as_bytes())?,
        Ok(Merged::NoRound) => std::io::stdout().write_all(tournament::NO_ROUND.as_bytes())?,
        Ok(Merged::Unknown { timed_out }) => {
            eprintln!(
                "no round found; {} timed out, so whether a round exists is not known",
                listed("share", &timed_out)
            );
            return Ok(ExitCode::FAILURE);
        }
        Err(error) if error.is_mismatch() => return Err(usage(error.to_string())),
        Err(error) => return Err(error.into()),
    }
    Ok(ExitCode::SUCCESS)
}
