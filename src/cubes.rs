//! The step of `merge` that joins the results of one hard tournament solved over many processes:
//! `tournament FILE --cubes K/N` (the tournament subcommand) solves share K of the cube split and
//! writes a JSON result line; the merge of the N results gives the round, or `No tournament found.`
//! when every share is refuted (the merge itself is [`solvebatch_tournament::cubes::merge`]; this
//! step checks the report options and prints). A step, not a job: `merge` calls it, and no job is
//! called from here.
//!
//! The result, written by the subcommand and read by `merge` through the report layer's
//! [`Line::CubeShare`](crate::report::json::Line), is one JSON line:
//! `{"type":"cube_share","file":…,"input":…,"share":{"index":K,"count":N},"answer":…,"output":…,
//! "conflicts":…,"ms":…}` where `input` fingerprints the file's bytes (XXH3-128, hexadecimal),
//! `answer` is `round`, `refuted` or `timeout`, `output` is the round as `tournament` prints it (or
//! `null`), `conflicts` counts the solver's conflicts and `ms` is the share's wall time.

use std::io::Write;
use std::process::ExitCode;

use solvebatch_tournament as tournament;
use solvebatch_tournament::cubes::{self, CubeAnswer, CubeResult, Merged};

use crate::error::{listed, usage};
use crate::report::json::{Answer, ShareResult};
use crate::report::ReportFiles;

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
