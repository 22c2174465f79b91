//! `POST /api/solve/{family}`: one input file solved as `run --json` solves it, and
//! `GET /api/solvers`: every family's solvers.
//!
//! The body is the file. Query parameters: `solver` (default: the family's first), `timeout` in
//! seconds (default 10, at most 60), `name` (the file name the record shows; default `-`), and the
//! family options `digits` and `rules`, for the families that take them ([`Family::options`]).
//!
//! The files an input names (a kind of file its family declares, [`Family::extra_kinds`]) lead into
//! the `serve --data` folder, else to the server's own files ([`super::lexicon`]); a member named
//! after each kind says which.
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
use super::limits::TimeLimit;
use super::prepared;
use super::state::State;
use crate::family;
use crate::report::record::Record;
use crate::solve::FileToSolve;
use solvebatch_core::Deadline;
use solvebatch_core::Status;
use solvebatch_core::{Family, Settings, SolverInfo};

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
    /// The family option `digits`.
    pub digits: Option<String>,
    /// The family option `rules`.
    pub rules: Option<String>,
}

/// A solve request checked: the family, its solver, the settings and the time limit.
pub struct Job {
    /// The family.
    pub family: &'static dyn Family,
    /// The solver's name, offered by the family.
    pub solver: String,
    /// The server's settings with the request's options.
    pub settings: Settings,
    /// The family options the request gives, by name (`digits`, `rules`).
    pub options: Options,
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
        let options = query.options();
        for (name, value) in &options {
            set_option(family, &mut settings, name, value)?;
        }
        let timeout = limits::timeout(query.timeout.as_deref())?;
        Ok(Job { family, solver, settings, options, timeout })
    }
}

/// Checks that `family` offers the solver called `solver`.
///
/// # Errors
/// 422 naming the solvers it offers.
pub fn check_solver(family: &dyn Family, solver: &str) -> Result<(), ApiError> {
    family.check_solver(solver).map_err(|unknown| {
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

/// Sets the family option `name` to `value` in `settings`.
///
/// # Errors
/// 400 for an option that `family` does not take (naming the families that do) or a value it cannot
/// use.
pub fn set_option(
    family: &dyn Family,
    settings: &mut Settings,
    name: &str,
    value: &str,
) -> Result<(), ApiError> {
    let takes = |family: &dyn Family| family.options().iter().any(|option| option.name == name);
    if !takes(family) {
        let owners: Vec<&str> =
            family::FAMILIES.iter().filter(|family| takes(**family)).map(|family| family.name()).collect();
        return Err(ApiError::bad_request(format!(
            "{name} is an option of the {} family only",
            owners.join(" and ")
        )));
    }
    family
        .set_option(settings, name, std::ffi::OsStr::new(value))
        .map_err(|error| ApiError::bad_request(format!("{name}: {error}")))
}

/// The family options of a request, by name, as given.
pub type Options = Vec<(&'static str, String)>;

impl SolveQuery {
    /// The family options given: `digits` and `rules`.
    pub fn options(&self) -> Options {
        let given = [("digits", &self.digits), ("rules", &self.rules)];
        given.into_iter().filter_map(|(name, value)| Some((name, value.clone()?))).collect()
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
            // The time limit covers the word list's graph, when one is built, and the solve.
            let deadline = Instant::now() + job.timeout;
            let limit = TimeLimit { limit: job.timeout, ends: deadline };
            let sent = Sent::new();
            let resolver = Resolver::new(&shared, &sent, Deadline::at(Some(deadline)).or_flag(stop));
            let (prepared, notes) = resolver
                .prepared(job.family, &job.solver, (&job.options, &job.settings), &name, &body)
                .map_err(|error| error.answer(limit))?;
            let file = FileToSolve::new(name.clone(), std::path::Path::new(&name), &body);
            let record = prepared::solve(job.family, prepared.as_ref(), &file, deadline, stop).record;
            Ok::<_, ApiError>(Answered { record, notes })
        })
        .await??;
    Ok(answer(answered))
}

/// A solve's answer: the record of `run --json`, and for an input that names files, where they came
/// from ([`Notes`]).
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
