//! `POST /api/tictactoe/turns`: the moves of a game file replayed one by one with the crate's
//! [`Replay`], for the page's slider. The output text comes from `/api/solve/tictactoe`, the same
//! path as the command line. The replay keeps the server's time limit (`timeout`, [`super::limits`]).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::Query;
use axum::Json;
use serde::Serialize;
use solvebatch_tictactoe::{parse, Player, Replay, Turn};

use super::error::ApiError;
use super::limits::{TimeLimit, TimeoutQuery};
use super::state::State;
use solvebatch_core::Deadline;

/// The most moves a game may have for its turns to be listed.
pub const MAX_MOVES: u32 = 10_000;

/// The largest `n` whose board the page draws (100 × 100 cells).
pub const MAX_SIZE: usize = 10;

/// One move and what it did.
#[derive(Debug, Serialize)]
pub struct TurnView {
    /// Who moved: `X` or `0`.
    player: char,
    /// The cell asked for, `[row, column]`, as written in the file.
    asked: [i32; 2],
    /// `chosen`, `assigned`, `not_your_turn`, `full_board` or `ignored`.
    kind: &'static str,
    /// The cell filled, `[row, column]`, if any.
    cell: Option<[usize; 2]>,
    /// The message lines the move printed (`INVALID INDEX\n`...), possibly empty.
    messages: &'static str,
    /// The miniboard (row-major index) this move won, if it did.
    won: Option<usize>,
}

/// The turns of a game.
#[derive(Debug, Serialize)]
pub struct Turns {
    /// `n`: the board has `n² × n²` cells in `n × n` miniboards.
    n: usize,
    /// Every move, in order.
    turns: Vec<TurnView>,
}

/// `POST /api/tictactoe/turns?timeout=SECONDS` with the game file as the body.
pub async fn turns(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<TimeoutQuery>, axum::extract::rejection::QueryRejection>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Json<Turns>, ApiError> {
    let Query(query) = query?;
    let limit = TimeLimit::asked(query.timeout.as_deref())?;
    let body = body?;
    ApiError::unless_text(&crate::text::name(std::path::Path::new("-")), &body)?;
    state.pool.run_stoppable(move |stop| replay_turns(&body, limit, limit.deadline(stop))).await?.map(Json)
}

/// Replays `text` move by move, until `deadline` (the time limit `limit`).
///
/// # Errors
/// 400 for a malformed file (the crate's message, as the command line prints it), or a game above
/// [`MAX_MOVES`] moves or [`MAX_SIZE`]; 422 past the time limit, naming the move reached.
fn replay_turns(text: &[u8], limit: TimeLimit, deadline: Deadline) -> Result<Turns, ApiError> {
    let game = parse(text).map_err(|error| ApiError::bad_request(error.to_string()))?;
    if game.size > MAX_SIZE || game.move_count > MAX_MOVES {
        return Err(ApiError::bad_request(format!(
            "the move-by-move view shows games of at most {MAX_MOVES} moves with n at most {MAX_SIZE}; \
             this one has {} moves and n = {}",
            game.move_count, game.size
        )));
    }
    let n = game.size;
    let mut replay = Replay::new(n);
    let mut owners = vec![None; n * n];
    let mut turns = Vec::new();
    let count = game.move_count;
    for (index, attempt) in game.moves.enumerate() {
        limit.check(deadline, || format!("the replay, at move {} of {count}", index + 1))?;
        let attempt = attempt.map_err(|error| ApiError::bad_request(error.to_string()))?;
        let turn = replay.play(attempt);
        let (kind, cell) = match turn {
            Turn::Ignored => ("ignored", None),
            Turn::NotYourTurn => ("not_your_turn", None),
            Turn::Chosen { cell } => ("chosen", Some(cell)),
            Turn::Assigned { cell, .. } => ("assigned", Some(cell)),
            Turn::FullBoard { .. } => ("full_board", None),
        };
        let won = cell.and_then(|(row, column)| {
            let miniboard = (row / n) * n + column / n;
            let owner: Option<Player> = replay.summary().macroboard[miniboard];
            (owner != owners[miniboard]).then(|| {
                owners[miniboard] = owner;
                miniboard
            })
        });
        turns.push(TurnView {
            player: attempt.player.symbol(),
            asked: [attempt.row, attempt.column],
            kind,
            cell: cell.map(|(row, column)| [row, column]),
            messages: turn.messages(),
            won,
        });
    }
    Ok(Turns { n, turns })
}
