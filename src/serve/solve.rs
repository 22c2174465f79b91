//! `POST /api/solve/{family}`: one input file solved as `run --json` solves it, and
//! `GET /api/solvers`: every family's solvers.
//!
//! The body is the file. Query parameters: `solver` (default: the family's first), `timeout` in
//! seconds (default 10, at most 60), `name` (the file name the record shows; default `-`), and the
//! family options `digits` (guess, 2 to 9) and `rules` (scrabble: `lab` or `standard`).
//!
//! A Scrabble position's `dictionary:` and `tiles:` lines lead into the `serve --data` folder, else
//! to the server's own files ([`super::lexicon`]); `dictionary` and `tiles` say which.
//!
//! The answer is the record of `run --json` with `output` set: 200 for a solved file, no solution or
//! a timeout (see its `status`), 400 with the same record for an input the family finds invalid.
//! Errors: 400 bad parameters, 404 unknown family, 413 body over 4 MiB, 422 unknown solver, 503 busy.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::lexicon::{Notes, Resolver, Sent};
use super::limits;
use super::prepared;
use super::state::State;
use crate::family;
use crate::family::boundary::{Family, Settings, SolverInfo};
use crate::outcome::Status;
use crate::report::record::Record;

/// The query parameters of a solve.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveQuery {
    /// The solver's name.
    pub solver: Option<String>,
    /// The time limit in seconds.
    pub timeout: Option<String>,
    /// The name the record gives the file.
    pub name: Option<String>,
    /// Guess: the number of digits.
    pub digits: Option<String>,
    /// Scrabble: the rules.
    pub rules: Option<String>,
}

/// A solve request checked: the family, its solver, the settings and the time limit.
pub struct Job {
    /// The family.
    pub family: &'static dyn Family,
    /// The solver's name, offered by the family.
    pub solver: String,
    /// The server's settings with the request's digits and rules.
    pub settings: Settings,
    /// The time limit.
    pub timeout: Duration,
}

impl Job {
    /// Checks the family name and the query against what `family` offers.
    ///
    /// # Errors
    /// 404 for an unknown family, 422 for a solver it does not offer, 400 for a bad time limit or an
    /// option the family does not take or that is out of range.
    pub fn new(family: &str, query: &SolveQuery, base: &Settings) -> Result<Job, ApiError> {
        let family = family_named(family)?;
        let solver = query.solver.clone().unwrap_or_else(|| family.default_solver().to_string());
        check_solver(family, &solver)?;
        let mut settings = base.clone();
        settings.digits = option_of(family, "digits", "guess", query.digits.as_deref())?
            .map(|text| {
                let digits = text.parse::<u32>().ok().filter(|digits| (2..=9).contains(digits));
                digits.ok_or_else(|| {
                    ApiError::bad_request(format!("digits: `{text}` is not a number from 2 to 9"))
                })
            })
            .transpose()?;
        settings.rules = option_of(family, "rules", "scrabble", query.rules.as_deref())?
            .map(|text| match text {
                "lab" | "standard" => Ok(text.to_string()),
                _ => Err(ApiError::bad_request(format!("rules: `{text}` is neither `lab` nor `standard`"))),
            })
            .transpose()?;
        Ok(Job { family, solver, settings, timeout: limits::timeout(query.timeout.as_deref())? })
    }
}

/// Checks that `family` offers the solver called `solver`.
///
/// # Errors
/// 422 naming the solvers it offers.
pub fn check_solver(family: &dyn Family, solver: &str) -> Result<(), ApiError> {
    crate::solve::check_solver(family, solver).map_err(|unknown| {
        ApiError::unknown_solver(format!(
            "the {} family has no solver `{solver}`; it has: {}",
            unknown.family,
            unknown.offered.join(", ")
        ))
    })
}

/// The family called `name`.
///
/// # Errors
/// 404, listing the families.
pub fn family_named(name: &str) -> Result<&'static dyn Family, ApiError> {
    family::by_name(name).ok_or_else(|| {
        let names: Vec<_> = family::FAMILIES.iter().map(|family| family.name()).collect();
        ApiError::not_found(format!("no family is called `{name}`; the families are {}", names.join(", ")))
    })
}

/// `value` of the option `option`, which only the family `owner` takes.
fn option_of<'a>(
    family: &dyn Family,
    option: &str,
    owner: &str,
    value: Option<&'a str>,
) -> Result<Option<&'a str>, ApiError> {
    match value {
        Some(_) if family.name() != owner => {
            Err(ApiError::bad_request(format!("{option} is an option of the {owner} family only")))
        }
        value => Ok(value),
    }
}

/// `POST /api/solve/{family}`.
pub async fn solve(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    Path(family): Path<String>,
    query: Result<Query<SolveQuery>, axum::extract::rejection::QueryRejection>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query?;
    let job = Job::new(&family, &query, &state.settings)?;
    let body = body?;
    let name = query.name.unwrap_or_else(|| "-".to_string());
    let shared = Arc::clone(&state);
    let answered = state
        .pool
        .run_stoppable(move |stop| {
            let sent = Sent::new();
            let resolver = Resolver::new(&shared, &sent);
            let (prepared, notes) =
                resolver.prepared(job.family, &job.solver, &job.settings, &name, &body)?;
            let deadline = Instant::now() + job.timeout;
            let (_, record) = prepared::solve(job.family, prepared.as_ref(), &name, &body, deadline, stop);
            Ok::<_, String>(Answered { record: record.with_hashes(&body, None), notes })
        })
        .await?
        .map_err(ApiError::bad_request)?;
    Ok(answer(answered))
}

/// A solve's answer: the record of `run --json`, and for a Scrabble position that names files,
/// where its dictionary and tiles came from ([`Notes`]).
#[derive(Serialize)]
struct Answered {
    #[serde(flatten)]
    record: Record,
    #[serde(flatten)]
    notes: Notes,
}

/// A record as answered: 400 for invalid input, 500 for a solver that failed (it panicked), 200
/// otherwise.
fn answer(answered: Answered) -> Response {
    let status = match answered.record.status {
        Status::Invalid => StatusCode::BAD_REQUEST,
        Status::Failed => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::OK,
    };
    (status, Json(answered)).into_response()
}

/// One family in `GET /api/solvers`.
#[derive(Serialize)]
pub struct FamilySolvers {
    /// The family's name.
    family: &'static str,
    /// The ending of its input files, such as `.csv`.
    extension: &'static str,
    /// Its solvers, the default first.
    solvers: Vec<SolverInfo>,
}

/// `GET /api/solvers`: every family with its solvers, as `list-solvers` shows them.
pub async fn solvers() -> Json<Vec<FamilySolvers>> {
    Json(
        family::FAMILIES
            .iter()
            .map(|family| FamilySolvers {
                family: family.name(),
                extension: family.extension(),
                solvers: family.solvers(),
            })
            .collect(),
    )
}
