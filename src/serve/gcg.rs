//! `POST /api/scrabble/game?top=N`: a recorded game (GCG) analysed for the Scrabble page's stepper.
//! The body is the game, or a multipart form of it (the one `.gcg` part) with the word list its
//! `#lexicon` line names ([`super::lexicon`]: the files sent, the data folder, else the server's
//! dictionary); the tiles are the server's. The analysis is `scrabble analyze`'s
//! ([`GameAnalysis::analyse_text`]), `top` best plays a turn (default 3).
//!
//! The answer: the rules, the premiums, the players, every turn of the record (its line, the rack,
//! the bag before it, both scores and the board after it, the squares it put tiles on, and for a
//! decision its analysis line by line), each player's summary, and the whole analysis as
//! `scrabble analyze` prints it. A game that does not read is a 400 whose message is the command
//! line's: `FILE: line N: what is wrong`. The analysis honours the server's time limit (`timeout`,
//! seconds, default 10, at most 60): a game not analysed by then is a 422 saying where it stopped.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Query, Request};
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::game::analyze::{AnalysisSettings, PlayerSummary, TurnLines};
use solvebatch_scrabble::game::gcg::{check_turns, GcgGame};
use solvebatch_scrabble::{Deadline, Rulebook, Square};

use super::error::ApiError;
use super::lexicon::{Notes, Resolver};
use super::limits;
use super::scrabble::{cells, lexicon, premiums, rack_tiles, request_files, top};
use super::state::State;
use solvebatch_scrabble::batch::files::Lexicon;
use solvebatch_scrabble::family::{lexicon_name, GameAnalysis, GameAnalysisError, Gcg, ANALYSIS_TOP};
use solvebatch_scrabble::game::figures::final_line;

/// A game as the stepper shows it.
#[derive(Debug, Serialize)]
pub struct GameView {
    /// `lab` or `standard`.
    rules: String,
    /// Each square's premium in reading order: `""`, `DL`, `TL`, `DW` or `TW`.
    premiums: Vec<&'static str>,
    /// The players' nicks, in the record's order.
    players: Vec<String>,
    /// Every event of the record, in order.
    turns: Vec<TurnView>,
    /// Per player, the summary of the turns analysed.
    summary: Vec<SummaryView>,
    /// The analysis as `scrabble analyze` prints it, its final score last.
    analysis: String,
    /// Which dictionary and tiles answered, when the game names a lexicon.
    #[serde(flatten)]
    notes: Notes,
}

/// One event of the record.
#[derive(Debug, Serialize)]
struct TurnView {
    /// The record's line, 1-based.
    line: usize,
    /// The line as written (`>one: AHLMOOP 8H OOMPH +32 32`).
    record: String,
    /// The player, an index into the players.
    player: usize,
    /// The player's rack before the turn (`?` for a blank) with the tiles' values; empty where the
    /// record gives none.
    rack: Vec<(char, u32)>,
    /// The tiles in the bag before the turn.
    bag: usize,
    /// Both scores after the turn.
    scores: [i32; 2],
    /// Each square's tile after the turn in reading order: `""`, a letter, or a lower-case letter
    /// for a blank.
    board: Vec<String>,
    /// The squares the turn put tiles on.
    placed: Vec<usize>,
    /// For a decision analysed (a play, an exchange or a pass with its rack known), its analysis.
    analysis: Option<TurnLines>,
}

/// A player's summary: the figures and the line `scrabble analyze` ends with.
#[derive(Debug, Serialize)]
struct SummaryView {
    /// Turns, best moves, equity lost, bingos found and missed, phonies.
    #[serde(flatten)]
    figures: PlayerSummary,
    /// The line `scrabble analyze` prints for the player.
    text: String,
}

/// The query of a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameQuery {
    /// How many best plays to list per turn (default 3).
    top: Option<String>,
    /// The time limit, in seconds ([`limits::timeout`]).
    timeout: Option<String>,
}

/// `POST /api/scrabble/game`: the body is the GCG record, or a multipart form of it with the word
/// list it names.
pub async fn game(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<GameQuery>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Json<GameView>, ApiError> {
    let Query(query) = query?;
    let (name, sent) = request_files(request, &Gcg).await?;
    let top = top(query.top.as_deref(), ANALYSIS_TOP)?;
    let limit = limits::timeout(query.timeout.as_deref())?;
    let deadline = Instant::now() + limit;
    let shared = Arc::clone(&state);
    state
        .pool
        .run_stoppable(move |stop| {
            // Named as the command line names the file: standard input for a body alone.
            let file = crate::text::name(Path::new(&name));
            let fail = |message: String| ApiError::bad_request(format!("{file}: {message}"));
            let text = crate::text::decode(&sent[&name]).map_err(fail)?;
            // An empty record is refused as such, before any word list is looked for.
            check_turns(text).map_err(|error| fail(error.to_string()))?;
            let ends = deadline;
            let deadline = Deadline::at(Some(deadline)).or_flag(stop);
            let resolver = Resolver::new(&shared, &sent, deadline);
            let (Lexicon { dictionary, tiles, .. }, notes) =
                lexicon(&resolver, &name, (lexicon_name(text), None))
                    .map_err(|error| error.answer(limits::TimeLimit { limit, ends }))?;
            let settings = GameAnalysis {
                analysis: AnalysisSettings { top, ..AnalysisSettings::default() },
                ..GameAnalysis::default()
            };
            let (game, analysis) = settings
                .analyse_text(text, (&dictionary, &tiles, LeaveTable::standard()), deadline)
                .map_err(|error| match error {
                    GameAnalysisError::Stopped(stopped) => ApiError::past_limit(format!(
                        "{file}: {stopped} ({} s); `solvebatch scrabble analyze` takes any game",
                        limit.as_secs_f64()
                    )),
                    error => fail(crate::error::with_causes(&error)),
                })?;
            let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &game.rules };
            let mut lines: Vec<Option<TurnLines>> = vec![None; game.turns.len()];
            for analysed in &analysis.turns {
                lines[analysed.turn] = Some(TurnLines::of(analysed, &game, &rulebook));
            }
            let record: Vec<&str> = text.lines().collect();
            let turns = lines
                .into_iter()
                .enumerate()
                .map(|(index, analysis)| {
                    let turn = &game.turns[index];
                    let (board, scores) = after(&game, index);
                    TurnView {
                        line: turn.line,
                        record: (turn.line.checked_sub(1).and_then(|at| record.get(at)))
                            .map_or("", |line| line.trim())
                            .to_string(),
                        player: turn.player,
                        rack: rack_tiles(&turn.rack, &tiles),
                        bag: turn.bag,
                        scores,
                        board: cells(board),
                        placed: Square::all()
                            .filter(|&square| {
                                turn.board.tile(square).is_none() && board.tile(square).is_some()
                            })
                            .map(Square::index)
                            .collect(),
                        analysis,
                    }
                })
                .collect();
            let summary = analysis
                .players
                .iter()
                .map(|figures| SummaryView { text: figures.text(), figures: figures.clone() })
                .collect();
            Ok(GameView {
                rules: game.rules.name().to_string(),
                premiums: premiums(&game.rules),
                players: game.players.iter().map(|player| player.nick.clone()).collect(),
                turns,
                summary,
                analysis: analysis.text(&game, &rulebook) + &final_line(&game),
                notes,
            })
        })
        .await?
        .map(Json)
}

/// The board and both scores after turn `index` of `game`: those before the next turn, or the
/// game's at the end.
fn after(game: &GcgGame, index: usize) -> (&solvebatch_scrabble::Board, [i32; 2]) {
    match game.turns.get(index + 1) {
        Some(next) => (&next.board, next.scores),
        None => (&game.board, game.scores),
    }
}
