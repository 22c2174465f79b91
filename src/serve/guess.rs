//! The guess page's endpoints. Nothing is kept between requests: each request carries the game so
//! far and the server replays it with the crate's [`Codebreaker`] or [`Host`].
//!
//! - `POST /api/guess/codebreaker` `{"strategy", "digits", "answers": [..]}`: the program's guesses
//!   and the next one, or the end (won, or answers that contradict each other).
//! - `POST /api/guess/host` `{"digits", "seed", "guesses": [..], "reveal"}`: the answer to each guess
//!   for the secret the seed draws; the secret once found or when `reveal` is true.
//! - `GET /api/guess/simulate?strategy=S&digits=D&timeout=T&sample=N`: every secret played,
//!   summarised (worst case, mean, histogram), as `guess simulate --json` reports it; past
//!   [`limits::SIMULATED_SECRETS`] numbers (7 to 9 digits), a sample of `N` secrets drawn at random
//!   instead, as `guess simulate --secrets` plays a list, and `sample` says so.
//!
//! Each takes the server's time limit (`timeout`, seconds, as a query parameter: [`limits`]); a game
//! not replayed by then is a 422 naming the limit and the guess reached.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::Query;
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_guess::simulate::{SimulateError, SimulationSummary};
use solvebatch_guess::{self as guess, AnswerError, Codebreaker, Digits, GameState, Host, Solver};

use super::error::ApiError;
use super::limits::{self, TimeLimit, TimeoutQuery};
use super::state::State;
use super::whole;

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
    digits: Option<whole::Sent>,
    /// The number of matches given to each guess so far.
    answers: Vec<whole::Sent>,
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

/// `POST /api/guess/codebreaker?timeout=SECONDS`.
pub async fn codebreaker(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<TimeoutQuery>, axum::extract::rejection::QueryRejection>,
    game: Result<Json<CodebreakerGame>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<CodebreakerView>, ApiError> {
    let Query(query) = query?;
    let limit = TimeLimit::asked(query.timeout.as_deref())?;
    let Json(game) = game?;
    let strategy = strategy_named(game.strategy.as_deref())?;
    let digits = digits(game.digits.as_ref(), CODEBREAKER_MAX_DIGITS)?;
    let answers = (game.answers.iter().enumerate())
        .map(|(index, answer)| {
            answer.read(&format!("answer {}", index + 1), "a number of matches", 0..=u32::MAX)
        })
        .collect::<Result<Vec<u32>, String>>()
        .map_err(ApiError::bad_request)?;
    let mut codebreaker =
        Codebreaker::new(digits, strategy).map_err(|error| ApiError::bad_request(error.to_string()))?;
    state
        .pool
        .run_stoppable(move |stop| replay_answers(&mut codebreaker, &answers, limit, limit.deadline(stop)))
        .await?
        .map(Json)
}

/// Plays `answers` to the codebreaker's guesses, then asks for the next guess while playing, each
/// guess searched until `deadline` (the time limit `limit`).
fn replay_answers(
    game: &mut Codebreaker,
    answers: &[u32],
    limit: TimeLimit,
    deadline: guess::Deadline,
) -> Result<CodebreakerView, ApiError> {
    let mut message = None;
    for (index, &answer) in answers.iter().enumerate() {
        let guessed = game.guess_before(deadline);
        guessed.map_err(|error| guess_failed(error, game, limit))?;
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
            let guessed = game.guess_before(deadline);
            guessed.map_err(|error| guess_failed(error, game, limit))?;
            "playing"
        }
        GameState::Won => "won",
        GameState::Inconsistent => "inconsistent",
    };
    let candidates = if game.state() == GameState::Inconsistent { 0 } else { game.candidates().len() };
    Ok(CodebreakerView { guesses: game.prior_guesses().to_vec(), state, candidates, message })
}

/// The error of a guess of `game` that failed: 422 past the time limit `limit`, naming the strategy
/// and the guess; 500 otherwise.
fn guess_failed(error: guess::GuessError, game: &Codebreaker, limit: TimeLimit) -> ApiError {
    match error {
        guess::GuessError::Interrupted => limit.passed(&format!(
            "the {} strategy's guess {}",
            game.strategy().name(),
            game.guess_count() + 1
        )),
        error => ApiError::internal(error.to_string()),
    }
}

/// A game where the program hosts, as far as it went.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostGame {
    /// The number of digits (default 4).
    digits: Option<whole::Sent>,
    /// The seed that draws the secret (the page draws one per game): a whole number up to
    /// 18446744073709551615, or its digits as a string.
    seed: whole::Sent,
    /// The guesses so far.
    guesses: Vec<whole::Sent>,
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

/// `POST /api/guess/host?timeout=SECONDS`: answered on the server's own threads, which the time
/// limit leaves at once (each guess takes a few nanoseconds: 800 000 guesses, a 4 MB body, take
/// about 0.1 s).
pub async fn host(
    query: Result<Query<TimeoutQuery>, axum::extract::rejection::QueryRejection>,
    game: Result<Json<HostGame>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<HostView>, ApiError> {
    let Query(query) = query?;
    let limit = TimeLimit::asked(query.timeout.as_deref())?;
    let Json(game) = game?;
    let digits = digits(game.digits.as_ref(), Digits::MAX)?;
    let seed = game.seed.read("seed", "a seed", 0..=u64::MAX).map_err(ApiError::bad_request)?;
    let host = Host::seeded(digits, seed);
    let deadline = limit.deadline(&NEVER_STOPPED);
    let count = game.guesses.len();
    let answers = game
        .guesses
        .iter()
        .enumerate()
        .map(|(index, guess)| {
            limit.check(deadline, || format!("the answers, at guess {} of {count}", index + 1))?;
            // A guess beyond u32 is out of range as surely as one of too few digits.
            let out_of_range = || {
                format!(
                    "{} is not a {digits}-digit number ({} to {})",
                    guess.text,
                    digits.smallest(),
                    digits.largest()
                )
            };
            let answer = guess
                .value
                .ok_or_else(out_of_range)
                .and_then(|value| host.answer(value).map_err(|error| error.to_string()));
            answer.map_err(|error| ApiError::bad_request(format!("guess {}: {error}", index + 1)))
        })
        .collect::<Result<Vec<u32>, ApiError>>()?;
    let found = answers.last() == Some(&digits.get());
    let secret = (found || game.reveal).then(|| host.secret());
    Ok(Json(HostView { answers, found, secret }))
}

/// The stop flag of the work done on the server's own threads, which no client going away can
/// leave running (the request's future is dropped with it).
static NEVER_STOPPED: AtomicBool = AtomicBool::new(false);

/// How many secrets a simulation draws when the range is too large to play whole, unless the
/// request says: with `first` on 2 busy cores, 100 of 8 digits take 7 to 12 s; at 9 digits the 50
/// take about 45 s of wall time and 11 s of processor time (each large set is built from its answers).
pub const DEFAULT_SAMPLE: usize = 50;

/// The seed of every sample, so that the same request plays the same secrets.
pub const SAMPLE_SEED: u64 = 1;

/// The query of a simulation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateQuery {
    /// The strategy's name (default `first`).
    strategy: Option<String>,
    /// The number of digits (default 4).
    digits: Option<whole::Sent>,
    /// The time limit in seconds.
    timeout: Option<String>,
    /// How many secrets to draw when the range has more than [`limits::SIMULATED_SECRETS`] numbers
    /// (default [`DEFAULT_SAMPLE`], at most [`limits::SIMULATED_SECRETS`]).
    sample: Option<whole::Sent>,
}

/// A simulation's summary, and the sample it played when it played only some secrets.
#[derive(Debug, Serialize)]
pub struct SimulationView {
    /// The summary, as `guess simulate --json` writes it (`secrets` is the number played).
    #[serde(flatten)]
    summary: SimulationSummary,
    /// The sample, when the range was too large to play whole.
    sample: Option<Sample>,
}

/// A sample of secrets drawn at random ([`guess::secrets::sample_secrets`]).
#[derive(Debug, Serialize)]
pub struct Sample {
    /// The numbers of the range it was drawn from.
    of: usize,
    /// The seed that drew it.
    seed: u64,
}

/// `GET /api/guess/simulate`.
///
/// # Errors
/// 400 for bad parameters; 422 when the simulation stops at its time limit, naming the limit and
/// what to choose instead.
pub async fn simulate(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<SimulateQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<SimulationView>, ApiError> {
    let Query(query) = query?;
    let strategy = strategy_named(query.strategy.as_deref())?;
    let digits = digits(query.digits.as_ref(), Digits::MAX)?;
    strategy.check_digits(digits).map_err(|error| ApiError::bad_request(error.to_string()))?;
    let limit = limits::timeout(query.timeout.as_deref())?;
    // One limit, the web's: a whole number above it is told where any list plays.
    let size = match &query.sample {
        Some(whole::Sent { value: Some(size), .. }) if *size as usize > limits::SIMULATED_SECRETS => {
            return Err(ApiError::bad_request(format!(
                "sample: {size} secrets is above the web's limit of {} (128 bytes each); `solvebatch guess \
                 simulate --secrets` plays any list",
                limits::SIMULATED_SECRETS
            )));
        }
        Some(sent) => sent
            .read("sample", "a number of secrets", 1..=limits::SIMULATED_SECRETS)
            .map_err(ApiError::bad_request)?,
        None => DEFAULT_SAMPLE,
    };
    let sample = (digits.range_len() > limits::SIMULATED_SECRETS)
        .then_some(Sample { of: digits.range_len(), seed: SAMPLE_SEED });
    let deadline = Instant::now() + limit;
    let sampled = sample.is_some();
    let simulation = state
        .pool
        .run_stoppable(move |stop| {
            let secrets = sampled.then(|| guess::secrets::sample_secrets(digits, size, SAMPLE_SEED));
            let deadline = guess::Deadline::at(Some(deadline)).or_flag(stop);
            guess::simulate(strategy, digits, secrets.as_deref(), deadline)
        })
        .await?;
    match simulation {
        Ok(simulation) => Ok(Json(SimulationView { summary: simulation.summary(), sample })),
        Err(SimulateError::Guess(_)) => {
            Err(ApiError::past_limit(past_the_limit(strategy, limit, sampled.then_some(size))))
        }
        Err(error) => Err(ApiError::bad_request(error.to_string())),
    }
}

/// Why a simulation of `strategy` stopped at the time limit `limit`, and what to choose instead;
/// `sample` is the size of the sample it played, if it played one. `first`, which searches nothing,
/// has no faster strategy to suggest.
fn past_the_limit(strategy: &dyn Solver, limit: std::time::Duration, sample: Option<usize>) -> String {
    let seconds = limit.as_secs_f64();
    let played = match sample {
        None => "every secret was played".to_string(),
        Some(size) => format!("the sample of {size} secrets was played"),
    };
    let mut choices = vec![format!("a longer limit (at most {} s)", limits::MAX_TIMEOUT.as_secs())];
    choices.extend(sample.map(|_| "a smaller sample".to_string()));
    choices.push("fewer digits".to_string());
    if strategy.name() != "first" {
        choices.push("a faster strategy".to_string());
    }
    let last = choices.pop().expect("fewer digits at least");
    format!(
        "stopped at the time limit of {seconds} s before {played}; choose {} or {last}.",
        choices.join(", ")
    )
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
/// 400 outside 2 to `max`.
fn digits(asked: Option<&whole::Sent>, max: u32) -> Result<Digits, ApiError> {
    let Some(asked) = asked else { return Ok(Digits::FOUR) };
    let digits = asked.within("digits", Digits::MIN, max).map_err(ApiError::bad_request)?;
    Digits::new(digits).map_err(|error| ApiError::bad_request(format!("digits: {error}")))
}
