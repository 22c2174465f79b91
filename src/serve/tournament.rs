//! `POST /api/tournament/rounds`: the organiser's alternatives for the tournament page: the number
//! of rounds (the search of `tournament --count`), the round at a place in the order of `tournament
//! --all`, and pairings pinned or excluded as `--fix` and `--forbid` pin them.
//!
//! The body is the pairing file. Query parameters: `index` (the round's place, from 0; default 0, at
//! most [`MAX_INDEX`]), `fix` and `forbid` (pins `T:A-B`, comma-separated), `timeout` (seconds, as
//! for a solve) and `name` (the file's name in messages; default `-`).
//!
//! The answer: the file's pairings (`[first, second, table]`, file order), the round at `index` as
//! the same triples and as printed (`null` past the last round), and `rounds`, the number of rounds
//! as a string of digits. Player and table numbers are strings of digits too, as the command line
//! prints them: they go up to 2^63 and JavaScript's numbers are exact only up to 2^53 (`null` when the count did not finish within the time limit, which the
//! round shares). Errors: 400 for a bad file, a bad pin or an impossible one (the command line's
//! message after the file's name), or a file of over [`MAX_PAIRINGS`] pairings; 422 when no round
//! was reached within the time limit.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::Query;
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_tournament::{self as tournament, Deadline, Limits, Pin, Pins};

use super::error::ApiError;
use super::limits;
use super::state::State;

/// The most pairings a file may have for the page to list them, one button each.
pub const MAX_PAIRINGS: usize = 5000;

/// The last place a round may be asked for: reaching round `k` lists the `k` before it.
pub const MAX_INDEX: usize = 10_000;

/// The query of `POST /api/tournament/rounds`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundsQuery {
    /// The round's place in the order of `--all`, from 0.
    index: Option<String>,
    /// Pins played in every round, `T:A-B,T:A-B`.
    fix: Option<String>,
    /// Pins played in no round.
    forbid: Option<String>,
    /// The time limit in seconds.
    timeout: Option<String>,
    /// The file's name in messages.
    name: Option<String>,
}

/// The answer of `POST /api/tournament/rounds`.
#[derive(Debug, Serialize)]
pub struct Rounds {
    /// Every pairing of the file, `[first, second, table]` in decimal digits, in file order.
    pairings: Vec<[String; 3]>,
    /// The number of rounds with the pins, decimal digits; `None` when counting ran out of time.
    rounds: Option<String>,
    /// The place asked for.
    index: usize,
    /// The round at `index`, `[first, second, table]` in decimal digits, by table; `None` past the
    /// last round.
    round: Option<Vec<[String; 3]>>,
    /// The round as `tournament` prints it, or `No tournament found.` past the last round.
    output: String,
    /// Milliseconds the answer took.
    ms: f64,
}

/// `POST /api/tournament/rounds` with the pairing file as the body.
pub async fn rounds(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<RoundsQuery>, axum::extract::rejection::QueryRejection>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Json<Rounds>, ApiError> {
    let Query(query) = query?;
    let timeout = limits::timeout(query.timeout.as_deref())?;
    let index = match query.index.as_deref() {
        None => 0,
        Some(text) => text.parse().ok().filter(|index| *index <= MAX_INDEX).ok_or_else(|| {
            ApiError::bad_request(format!("index: `{text}` is not a number from 0 to {MAX_INDEX}"))
        })?,
    };
    let pins = Pins {
        fix: pin_list(query.fix.as_deref(), "fix")?,
        forbid: pin_list(query.forbid.as_deref(), "forbid")?,
    };
    let name = query.name.unwrap_or_else(|| "-".to_string());
    let body = body?;
    ApiError::unless_text(&name, &body)?;
    state.pool.run_stoppable(move |stop| answer(&body, &name, &pins, index, timeout, stop)).await?.map(Json)
}

/// The pins of the parameter `option`: `T:A-B` pins separated by commas.
///
/// # Errors
/// 400 naming the first pin that is not `T:A-B`.
fn pin_list(text: Option<&str>, option: &str) -> Result<Vec<Pin>, ApiError> {
    let Some(text) = text.filter(|text| !text.is_empty()) else { return Ok(Vec::new()) };
    text.split(',')
        .map(|pin| pin.parse().map_err(|message| ApiError::bad_request(format!("{option}: {message}"))))
        .collect()
}

/// The page's answer for the file `text` called `name`, within `timeout` or until `stop` is set.
///
/// # Errors
/// 400 for a bad file, an impossible pin or too many pairings; 422 when the round's search ran past
/// the time limit.
fn answer(
    text: &[u8],
    name: &str,
    pins: &Pins,
    index: usize,
    timeout: Duration,
    stop: &AtomicBool,
) -> Result<Rounds, ApiError> {
    let started = Instant::now();
    let file = tournament::parse(text).map_err(|error| ApiError::bad_request(format!("{name}: {error}")))?;
    if file.pairings.len() > MAX_PAIRINGS {
        return Err(ApiError::bad_request(format!(
            "{name}: {} pairings; the page lists at most {MAX_PAIRINGS} (`solvebatch tournament {name} \
             --count` and `--all` take any file)",
            file.pairings.len()
        )));
    }
    let instance = pins.apply(&file).map_err(|error| ApiError::bad_request(format!("{name}: {error}")))?;
    let limits =
        Limits { deadline: Deadline::at(Some(started + timeout)).or_flag(stop), threads: 1, seed: 0 };
    let (listed, _) = tournament::list_rounds(&instance, Some(index + 1), &limits).map_err(|_| {
        ApiError::past_limit(format!(
            "{name}: round {} was not reached within the time limit of {} s",
            index + 1,
            timeout.as_secs_f64()
        ))
    })?;
    let round = listed.get(index);
    let rounds = tournament::count_rounds(&instance, &limits).ok().map(|count| count.rounds.to_string());
    let triple = |pairing: &tournament::Pairing| {
        [pairing.first, pairing.second, pairing.table].map(|number| number.to_string())
    };
    Ok(Rounds {
        pairings: file.pairings.iter().map(triple).collect(),
        rounds,
        index,
        round: round
            .map(|round| round.pairing_at_table.iter().map(|&at| triple(&instance.pairings[at])).collect()),
        output: tournament::format(&instance, round),
        ms: started.elapsed().as_secs_f64() * 1000.0,
    })
}
