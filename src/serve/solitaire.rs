//! `POST /api/scrabble/solitaire` `{"seed", "rules", "plays": [..], "play", "top"}`: the solitaire
//! game dealt by the seed, replayed through the turns taken so far, then the turn `play` tried, on
//! the dictionary and tiles read at start. A turn is typed as `scrabble play` takes it and goes
//! through the same game: a play in either notation, and under the standard rules also `pass` (or
//! `-`) and `exchange LETTERS` (or `-LETTERS`; at least 7 tiles in the bag); six scoreless turns in
//! a row end the game. The replay keeps the server's time limit (`timeout`, seconds, a query
//! parameter: [`super::limits`]).

use std::sync::Arc;

use axum::extract::Query;
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_scrabble::batch::position::DEFAULT_TOP;
use solvebatch_scrabble::board::rules::RulesName;
use solvebatch_scrabble::game::desk;
use solvebatch_scrabble::game::SolitaireGame;
use solvebatch_scrabble::play::end::SCORELESS_TURNS_TO_END;
use solvebatch_scrabble::play::notation::written_play;
use solvebatch_scrabble::{Play, Rack, Rulebook, Rules};

use super::error::ApiError;
use super::limits::{TimeLimit, TimeoutQuery};
use super::scrabble::{play_of, rejected, rules_named, server_lexicon, top, valid, view, TableView};
use super::state::State;
use super::whole;

/// A solitaire game so far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolitaireTurns {
    /// The seed that shuffles the pool: a whole number up to 18446744073709551615, or its digits as a
    /// string.
    seed: whole::Sent,
    /// `lab` (default) or `standard`.
    rules: Option<String>,
    /// The turns taken so far, in order: valid plays, passes and exchanges.
    plays: Vec<String>,
    /// A turn to try now.
    play: Option<String>,
    /// How many best plays to list (default 10).
    top: Option<whole::Sent>,
}

/// A solitaire game as it stands.
#[derive(Debug, Serialize)]
pub struct SolitaireView {
    /// The board, the rack, the play tried and the best plays.
    #[serde(flatten)]
    table: TableView,
    /// Whether the turn tried was taken: a valid play, a pass or an exchange (it is then part of the
    /// game: send it among `plays`).
    accepted: bool,
    /// What the game says of a pass or an exchange tried, as `scrabble play` prints it: `pass: 0`,
    /// `exchange TILES: 0`, or why the exchange is refused.
    said: Option<String>,
    /// The points scored so far.
    score: u32,
    /// Tiles still to draw.
    pool: usize,
    /// Scoreless turns in a row so far.
    scoreless: usize,
    /// Whether the game is over: the rack and the pool are empty, or six scoreless turns in a row.
    over: bool,
    /// Why the game is over, as `scrabble play` says it.
    ended: Option<String>,
}

/// A turn read as `scrabble play` reads it.
enum Turn {
    /// A play (valid or not).
    Play(Play),
    /// A pass.
    Pass,
    /// An exchange of these tiles, checked.
    Exchange(Rack),
    /// An exchange refused, and why.
    Refused(String),
}

/// The turn written `text` in `game`: under the standard rules a pass, an exchange or a play in
/// either notation, under the lab rules a play.
///
/// # Errors
/// 400 when the text is not a play.
fn turn_of(text: &str, game: &SolitaireGame) -> Result<Turn, ApiError> {
    let rules = game.rulebook().rules;
    if rules.name() == RulesName::Standard {
        match desk::standard_answer(text, game.board(), game.rack(), game.pool_len()) {
            Some(Ok(desk::TurnAnswer::Play(play))) => return Ok(Turn::Play(play)),
            Some(Ok(desk::TurnAnswer::Pass)) => return Ok(Turn::Pass),
            Some(Ok(desk::TurnAnswer::Exchange(tiles))) => return Ok(Turn::Exchange(tiles)),
            Some(Err(reason)) if is_exchange(text) => return Ok(Turn::Refused(reason)),
            Some(Err(reason)) => return Err(ApiError::bad_request(format!("play: {reason}"))),
            None => {}
        }
    }
    play_of(text, rules, game.board(), game.rack()).map(Turn::Play)
}

/// Whether `text` asks for an exchange (`exchange LETTERS` or `-LETTERS`).
fn is_exchange(text: &str) -> bool {
    text.to_ascii_lowercase().starts_with("exchange") || text.starts_with('-')
}

/// Exchanges `tiles` in `game`, and says it as `scrabble play` does.
fn exchange(game: &mut SolitaireGame, tiles: &Rack) -> Result<String, String> {
    game.exchange(tiles).map_err(|error| error.to_string())?;
    Ok(format!("exchange {tiles}: 0"))
}

/// Why `game` is over, if it is.
fn ended(game: &SolitaireGame) -> Option<String> {
    if game.rack().is_empty() {
        Some("the rack and the pool are empty".to_string())
    } else if game.is_over() {
        Some(format!("{SCORELESS_TURNS_TO_END} scoreless turns in a row end the game"))
    } else {
        None
    }
}

/// `POST /api/scrabble/solitaire?timeout=SECONDS`.
pub async fn solitaire(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<TimeoutQuery>, axum::extract::rejection::QueryRejection>,
    turns: Result<Json<SolitaireTurns>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<SolitaireView>, ApiError> {
    let Query(query) = query?;
    let limit = TimeLimit::asked(query.timeout.as_deref())?;
    let Json(turns) = turns?;
    let top = top(turns.top.as_ref().map(|top| top.text.as_str()), DEFAULT_TOP)?;
    let seed = turns.seed.read("seed", "a seed", 0..=u64::MAX).map_err(ApiError::bad_request)?;
    let rules = turns.rules.as_deref().map_or(Ok(Rules::lab()), rules_named)?;
    let shared = Arc::clone(&state);
    state
        .pool
        .run_stoppable(move |stop| {
            let deadline = limit.deadline(stop);
            let count = turns.plays.len();
            let lexicon = server_lexicon(&shared)?;
            let rulebook = Rulebook { dictionary: &lexicon.dictionary, tiles: &lexicon.tiles, rules: &rules };
            let mut game = SolitaireGame::new(rulebook, seed)
                .map_err(|error| ApiError::bad_request(error.to_string()))?;
            game.refill();
            for (index, text) in turns.plays.iter().enumerate() {
                limit.check(deadline, || format!("the replay, at play {} of {count}", index + 1))?;
                let refused =
                    |reason: String| ApiError::bad_request(format!("play {}: {text}: {reason}", index + 1));
                if let Some(reason) = ended(&game) {
                    return Err(refused(format!("the game is over: {reason}")));
                }
                match turn_of(text, &game).map_err(|error| numbered(index, error))? {
                    Turn::Play(play) => {
                        game.play(&play).map_err(|rejection| refused(format!("rejected: {rejection}")))?;
                    }
                    Turn::Pass => game.pass(),
                    Turn::Exchange(tiles) => {
                        exchange(&mut game, &tiles).map_err(refused)?;
                    }
                    Turn::Refused(reason) => return Err(refused(reason)),
                }
                game.refill();
            }
            if let (Some(reason), Some(_)) = (ended(&game), &turns.play) {
                return Err(ApiError::bad_request(format!("the game is over: {reason}")));
            }
            let (mut accepted, mut said) = (false, None);
            let check = match turns.play.as_deref().map(|text| turn_of(text, &game)).transpose()? {
                None => None,
                Some(Turn::Play(play)) => {
                    // Written on the board before the play is made.
                    let written = written_play(&play, game.board(), &rules);
                    match game.play(&play) {
                        Ok(scored) => {
                            accepted = true;
                            game.refill();
                            Some(valid(written, &scored))
                        }
                        Err(rejection) => {
                            let hint = game.hint(&play).written(game.board(), &rules);
                            Some(rejected(written, rejection.written(&rules), hint))
                        }
                    }
                }
                Some(Turn::Pass) => {
                    game.pass();
                    (accepted, said) = (true, Some("pass: 0".to_string()));
                    None
                }
                Some(Turn::Exchange(tiles)) => {
                    let taken = exchange(&mut game, &tiles);
                    accepted = taken.is_ok();
                    said = Some(taken.unwrap_or_else(|reason| reason));
                    None
                }
                Some(Turn::Refused(reason)) => {
                    said = Some(reason);
                    None
                }
            };
            limit.check(deadline, || "the best plays".to_string())?;
            let table = view(game.rulebook(), game.board(), game.rack(), game.pool_len(), check, top);
            let ended = ended(&game);
            Ok(SolitaireView {
                table,
                accepted,
                said,
                score: game.score(),
                pool: game.pool_len(),
                scoreless: game.scoreless_turns(),
                over: ended.is_some(),
                ended,
            })
        })
        .await?
        .map(Json)
}

/// The error of the play at `index` among the plays so far.
fn numbered(index: usize, error: ApiError) -> ApiError {
    ApiError { message: format!("play {}: {}", index + 1, error.message), ..error }
}
