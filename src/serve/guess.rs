//! The guess page's endpoints. Nothing is kept between requests: each request carries the game so
//! far and the server replays it with the crate's [`Codebreaker`] or [`Host`].
//!
//! - `POST /api/guess/codebreaker` `{"strategy", "digits", "answers": [..]}`: the program's guesses
//!   and the next one, or the end (won, or answers that contradict each other).
//! - `POST /api/guess/host` `{"digits", "seed", "guesses": [..], "reveal"}`: the answer to each guess
//!   for the secret the seed draws; the secret once found or when `reveal` is true.
//! - `GET /api/guess/simulate?strategy=S&digits=D&timeout=T`: every secret played, summarised
//!   (worst case, mean, histogram), as `guess simulate --json` reports it.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::Query;
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_guess::{
    self as guess, AnswerError, Codebreaker, Digits, GameState, Host, SimulationSummary, Solver,
};

use super::error::ApiError;
use super::limits;
use super::state::State;

/// The most digits of a game against the codebreaker: each request replays every guess, and a
/// scoring strategy takes seconds a guess at 5 digits.
pub const CODEBREAKER_MAX_DIGITS: u32 = 4;

/// A game against the program's codebreaker, as far as it went.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodebreakerGame {
    /// The strategy's name (default `first`).
    strategy: Option<String>,
    /// The number of digits (default 4, at most [`CODEBREAKER_MAX_DIGITS`]).
    digits: Option<u32>,
    /// The number of matches given to each guess so far.
    answers: Vec<u32>,
}

/// Where a codebreaker game stands.
#[derive(Debug, Serialize)]
pub struct CodebreakerView {
    /// Every guess made, the one awaiting an answer last while playing.
    guesses: Vec<u32>,
    /// `playing`, `won` or `inconsistent`.
    state: &'static str,
    /// Numbers still consistent with every answer (0 when inconsistent).
    candidates: usize,
    /// Why the game stopped, when the answers contradict each other.
    message: Option<String>,
}

/// `POST /api/guess/codebreaker`.
pub async fn codebreaker(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    game: Result<Json<CodebreakerGame>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<CodebreakerView>, ApiError> {
    let Json(game) = game?;
    let strategy = strategy_named(game.strategy.as_deref())?;
    let digits = digits(game.digits)?;
    if digits.get() > CODEBREAKER_MAX_DIGITS {
        return Err(ApiError::bad_request(format!(
            "digits: a game against the codebreaker has at most {CODEBREAKER_MAX_DIGITS} digits, not {digits}"
        )));
    }
    let mut codebreaker =
        Codebreaker::new(digits, strategy).map_err(|error| ApiError::bad_request(error.to_string()))?;
    state.pool.run(move || replay_answers(&mut codebreaker, &game.answers)).await?.map(Json)
}

/// Plays `answers` to the codebreaker's guesses, then asks for the next guess while playing.
fn replay_answers(game: &mut Codebreaker, answers: &[u32]) -> Result<CodebreakerView, ApiError> {
    let guess_failed = |error: guess::GuessError| ApiError::internal(error.to_string());
    let mut message = None;
    for (index, &answer) in answers.iter().enumerate() {
        game.guess().map_err(guess_failed)?;
        match game.answer(answer) {
            Ok(()) => {}
            Err(error @ AnswerError::Inconsistent) => {
                message = Some(error.to_string());
                break;
            }
            Err(error) => return Err(ApiError::bad_request(format!("answer {}: {error}", index + 1))),
        }
    }
    let state = match game.state() {
        GameState::Playing => {
            game.guess().map_err(guess_failed)?;
            "playing"
        }
        GameState::Won => "won",
        GameState::Inconsistent => "inconsistent",
    };
    let candidates = if game.state() == GameState::Inconsistent { 0 } else { game.candidates().len() };
    Ok(CodebreakerView { guesses: game.prior_guesses().to_vec(), state, candidates, message })
}

/// A game where the program hosts, as far as it went.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostGame {
    /// The number of digits (default 4).
    digits: Option<u32>,
    /// The seed that draws the secret (the page draws one per game).
    seed: u64,
    /// The guesses so far.
    guesses: Vec<u32>,
    /// Show the secret even if not found (giving up).
    #[serde(default)]
    reveal: bool,
}

/// The host's answers.
#[derive(Debug, Serialize)]
pub struct HostView {
    /// The matches of each guess.
    answers: Vec<u32>,
    /// Whether the last guess is the secret.
    found: bool,
    /// The secret, once found or revealed.
    secret: Option<u32>,
}

/// `POST /api/guess/host`.
pub async fn host(
    game: Result<Json<HostGame>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<HostView>, ApiError> {
    let Json(game) = game?;
    let digits = digits(game.digits)?;
    let host = Host::seeded(digits, game.seed);
    let answers = game
        .guesses
        .iter()
        .enumerate()
        .map(|(index, &guess)| {
            host.answer(guess).map_err(|error| ApiError::bad_request(format!("guess {}: {error}", index + 1)))
        })
        .collect::<Result<Vec<u32>, ApiError>>()?;
    let found = answers.last() == Some(&digits.get());
    let secret = (found || game.reveal).then(|| host.secret());
    Ok(Json(HostView { answers, found, secret }))
}

/// The query of a simulation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateQuery {
    /// The strategy's name (default `first`).
    strategy: Option<String>,
    /// The number of digits (default 4).
    digits: Option<u32>,
    /// The time limit in seconds.
    timeout: Option<String>,
}

/// `GET /api/guess/simulate`.
pub async fn simulate(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<SimulateQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<SimulationSummary>, ApiError> {
    let Query(query) = query?;
    let strategy = strategy_named(query.strategy.as_deref())?;
    let digits = digits(query.digits)?;
    strategy.check_digits(digits).map_err(|error| ApiError::bad_request(error.to_string()))?;
    let deadline = Instant::now() + limits::timeout(query.timeout.as_deref())?;
    let simulation = state
        .pool
        .run_stoppable(move |stop| {
            guess::simulate(strategy, digits, None, guess::Deadline::at(Some(deadline)).or_flag(stop))
        })
        .await?;
    simulation
        .map(|simulation| Json(simulation.summary()))
        .map_err(|error| ApiError::timed_out(error.to_string()))
}

/// The strategy called `name` (`first` when none).
///
/// # Errors
/// 422 for an unknown name, listing the strategies.
fn strategy_named(name: Option<&str>) -> Result<&'static dyn Solver, ApiError> {
    guess::solver(name.unwrap_or("first")).map_err(|error| ApiError::unknown_solver(error.to_string()))
}

/// The number of digits asked for (4 when none).
///
/// # Errors
/// 400 outside 2 to 9.
fn digits(asked: Option<u32>) -> Result<Digits, ApiError> {
    asked.map_or(Ok(Digits::FOUR), |d| {
        Digits::new(d).map_err(|error| ApiError::bad_request(format!("digits: {error}")))
    })
}
