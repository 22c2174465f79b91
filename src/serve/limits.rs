//! The web app's limits, in one place: what a request may send, how long its work may take, and
//! what it may make the server hold.
//!
//! # Time
//! Every endpoint that solves or analyses takes the server's time limit, `timeout` (seconds; default
//! [`DEFAULT_TIMEOUT`], at most [`MAX_TIMEOUT`]): its work polls a [`Deadline`] made of the limit and
//! the request's stop flag ([`TimeLimit::deadline`]), so it ends at the limit, or as soon as the
//! client is gone, and nothing runs on after the answer. Work stopped at the limit is a 422 naming the
//! limit and where the work stopped ([`TimeLimit::passed`]).
//!
//! # Memory
//! What one request may make the server hold is bounded by what it may send and by a cap on each
//! structure its work builds from it, never by a number it claims:
//! - its input: a body of at most [`BODY_BYTES`], a `.zip` unpacking to at most [`ZIP_BYTES`] in at
//!   most [`ZIP_ENTRIES`] entries, at most [`BATCH_FILES`] files;
//! - its work: a tic-tac-toe replay of at most 10 000 moves on a board of at most 100 × 100 cells;
//!   a codebreaker of at most 4 digits (a candidate set of 9 000 numbers); a simulation playing a
//!   range whole only up to [`SIMULATED_SECRETS`] secrets (128 bytes each), a sample beyond, which
//!   holds one large candidate set at a time (113 MB at 9 digits; no node of its game tree keeps
//!   one while its subtrees are played); a
//!   tournament page of at most 5000 pairings and round 10 000; a Scrabble position's word list
//!   read once per request, whatever number of its positions name it; a game record refused at its
//!   first turn after the end of the game.
//!
//! The server as a whole: requests under way hold at most [`INPUT_BUDGET`] of input between them
//! ([`InputBudget`]: each takes its share before its body is read, and beyond it the answer is 503),
//! and the work runs on the bounded pool ([`super::pool`]: one solve per worker thread at once), so
//! the server's memory is bounded by the budget plus, per worker, one request's work.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::Semaphore;

use super::error::ApiError;
use solvebatch_core::Deadline;

/// The most bytes a request body may hold (4 MiB); a larger one is answered 413.
pub const BODY_BYTES: usize = 4 << 20;

/// The time limit of a solve when the request names none.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The longest time limit a request may ask for; a batch shares it among all its files.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(60);

/// The most entries a `.zip` uploaded to the batch page may hold (folders included).
pub const ZIP_ENTRIES: usize = 1000;

/// The most bytes the entries of one `.zip` may unpack to, together (64 MiB).
pub const ZIP_BYTES: u64 = 64 << 20;

/// The most files one batch may solve.
pub const BATCH_FILES: usize = 1000;

/// The most bytes of input the requests under way may hold at once (1 GiB): a request takes its
/// body's announced length (at most [`BODY_BYTES`], and [`BODY_BYTES`] for a body sent in chunks,
/// which announces none), a multipart form also [`ZIP_BYTES`], which a `.zip` part may unpack to,
/// and a JSON body [`JSON_GROWTH`] times its length; so 15 uploads, 16 JSON bodies of 4 MiB or 256
/// other bodies of 4 MiB fit at once ([`hold_input`]).
pub const INPUT_BUDGET: usize = 1 << 30;

/// How many times its length a JSON body counts in the [`INPUT_BUDGET`]: what its values take once
/// read (800 000 guesses sent to the host game in 4 MB take 54 MB).
pub const JSON_GROWTH: usize = 16;

/// The most secrets a simulation on the web plays whole: the ranges up to 6 digits (900 000
/// numbers; 128 bytes each, about 115 MB). From 7 digits on the web plays a sample, as
/// `guess simulate --secrets` plays a list; the command line plays up to 7 digits whole.
pub const SIMULATED_SECRETS: usize = 1_000_000;

/// The time limit asked for by a `timeout` parameter (seconds, such as `2` or `0.5`), or the default.
///
/// # Errors
/// 400 for a value that is not a positive number of seconds, or above [`MAX_TIMEOUT`].
pub fn timeout(asked: Option<&str>) -> Result<Duration, ApiError> {
    let Some(text) = asked else { return Ok(DEFAULT_TIMEOUT) };
    let limit = crate::seconds::parse_seconds(text)
        .map_err(|message| ApiError::bad_request(format!("timeout: {message}")))?;
    if limit > MAX_TIMEOUT {
        return Err(ApiError::bad_request(format!(
            "timeout: {text} seconds is above the limit of {} seconds",
            MAX_TIMEOUT.as_secs()
        )));
    }
    Ok(limit)
}

/// The query of an endpoint whose only parameter is the time limit.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeoutQuery {
    /// The time limit, in seconds ([`timeout`]).
    pub timeout: Option<String>,
}

/// A request's time limit: how long it is, and when it ends (counted from the request's arrival).
#[derive(Debug, Clone, Copy)]
pub struct TimeLimit {
    /// The limit asked for.
    pub limit: Duration,
    /// When it passes.
    pub ends: Instant,
}

impl TimeLimit {
    /// The limit asked for by a `timeout` parameter ([`timeout`]), from now.
    ///
    /// # Errors
    /// As [`timeout`].
    pub fn asked(asked: Option<&str>) -> Result<TimeLimit, ApiError> {
        let limit = timeout(asked)?;
        Ok(TimeLimit { limit, ends: Instant::now() + limit })
    }

    /// The deadline of the work: this limit, or `stop` set when the request is gone.
    pub fn deadline(self, stop: &AtomicBool) -> Deadline<'_> {
        Deadline::at(Some(self.ends)).or_flag(stop)
    }

    /// 422: the work stopped at this limit; `stopped` says what stopped where (`the replay, at move 12
    /// of 10000`).
    pub fn passed(self, stopped: &str) -> ApiError {
        ApiError::past_limit(format!(
            "{stopped}: stopped at the time limit of {} s; choose a longer limit (at most {} s)",
            self.limit.as_secs_f64(),
            MAX_TIMEOUT.as_secs()
        ))
    }

    /// `Ok` while `deadline` has not passed, else [`TimeLimit::passed`] with `stopped()`.
    ///
    /// # Errors
    /// As [`TimeLimit::passed`].
    pub fn check(self, deadline: Deadline<'_>, stopped: impl FnOnce() -> String) -> Result<(), ApiError> {
        if deadline.passed() {
            return Err(self.passed(&stopped()));
        }
        Ok(())
    }
}

/// The server's [`INPUT_BUDGET`], shared by the requests under way, counted in KiB.
#[derive(Debug, Clone)]
pub struct InputBudget {
    kib: Arc<Semaphore>,
    total: usize,
}

impl InputBudget {
    /// A budget of `bytes`.
    pub fn new(bytes: usize) -> InputBudget {
        InputBudget { kib: Arc::new(Semaphore::new(bytes >> 10)), total: bytes }
    }
}

/// The bytes of input a request with `headers` may make the server hold ([`INPUT_BUDGET`]).
pub fn input_share(headers: &HeaderMap) -> usize {
    let announced = match headers.get(header::CONTENT_LENGTH) {
        Some(length) => length.to_str().ok().and_then(|text| text.parse().ok()).unwrap_or(BODY_BYTES),
        // A body sent in chunks announces no length: it may be as long as the limit.
        None if headers.contains_key(header::TRANSFER_ENCODING) => BODY_BYTES,
        None => 0,
    }
    .min(BODY_BYTES);
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()).unwrap_or("");
    if content_type.starts_with("multipart/form-data") {
        announced + ZIP_BYTES as usize
    } else if content_type.starts_with("application/json") {
        announced * JSON_GROWTH
    } else {
        announced
    }
}

/// The layer that holds each request's share of the [`InputBudget`] until its answer is made (or
/// the request is dropped), taken before its body is read; 503 naming the budget when it is spent.
pub async fn hold_input(State(budget): State<InputBudget>, request: Request, next: Next) -> Response {
    let kib = input_share(request.headers()).div_ceil(1 << 10);
    let Ok(held) = Arc::clone(&budget.kib).try_acquire_many_owned(kib as u32) else {
        return ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "busy: the requests under way hold the server's input budget of {} MiB; try again shortly",
                budget.total >> 20
            ),
        }
        .into_response();
    };
    let response = next.run(request).await;
    drop(held);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| (header::HeaderName::from_static(name), value.parse().unwrap()))
            .collect()
    }

    #[test]
    fn a_request_holds_its_announced_body_and_a_form_its_zip_never_what_it_claims() {
        assert_eq!(input_share(&headers(&[])), 0, "no body");
        assert_eq!(input_share(&headers(&[("content-length", "100")])), 100);
        let form = ("content-type", "multipart/form-data; boundary=b");
        assert_eq!(input_share(&headers(&[("content-length", "100"), form])), 100 + (64 << 20));
        let json = ("content-type", "application/json");
        assert_eq!(input_share(&headers(&[("content-length", "100"), json])), 1600);
        // A claimed length is never trusted beyond the body limit, nor a body that announces none.
        assert_eq!(input_share(&headers(&[("content-length", "10000000000")])), 4 << 20);
        assert_eq!(input_share(&headers(&[("transfer-encoding", "chunked")])), 4 << 20);
        assert_eq!(input_share(&headers(&[("content-length", "x")])), 4 << 20);
    }
}
