//! The Scrabble page's endpoints, on the dictionary and tiles read at start (a position's own
//! `dictionary:` and `tiles:` lines are never read):
//!
//! - `POST /api/scrabble/position?play=P&rack=R&rules=lab|standard&top=N` with a `.scrabble` file as
//!   the body: its board and rack (the query's rack and rules beat the file's), the play checked
//!   (its score, or why it is rejected and the hint), and the ranked best plays.
//! - `POST /api/scrabble/solitaire` `{"seed", "rules", "plays": [..], "play", "top"}`: the solitaire
//!   game dealt by the seed, replayed through the turns taken so far, then the turn `play` tried.
//!   A turn is typed as `scrabble play` takes it: a play, and under the standard rules also `pass`
//!   (or `-`) and `exchange LETTERS` (or `-LETTERS`; at least 7 tiles in the bag); six scoreless
//!   turns in a row end the game.
//!
//! Squares are numbered `0..225` in reading order; a play's start square is `x y` with `(0, 0)` the
//! centre, `x` to the right and `y` upwards.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::Query;
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_scrabble::{
    check_tile_counts, desk, written_play, Board, Play, Position, Premium, Rack, Ranking, Rulebook, Rules,
    RulesName, Scored, SolitaireGame, Square, DEFAULT_TOP, SCORELESS_TURNS_TO_END,
};

use super::error::ApiError;
use super::state::State;

/// The most best plays a request may ask for.
pub const MAX_TOP: usize = 100;

/// A board with its rack, as the page draws it.
#[derive(Debug, Serialize)]
pub struct TableView {
    /// `lab` or `standard`.
    rules: String,
    /// Each square's premium in reading order: `""`, `DL`, `TL`, `DW` or `TW`.
    premiums: Vec<&'static str>,
    /// Each square's tile in reading order: `""`, a letter, or a lower-case letter for a blank.
    board: Vec<String>,
    /// The rack's tiles (`?` for a blank) with their values.
    rack: Vec<(char, u32)>,
    /// The play checked, if one was given.
    check: Option<CheckView>,
    /// The best candidates of the rack, best first, as `scrabble hint` lists them: by score under
    /// the lab rules, by equity (exchanges too) under the standard rules.
    hints: Vec<HintView>,
}

/// A play checked.
#[derive(Debug, Serialize)]
pub struct CheckView {
    /// The play as written back: `LETTERS x y direction`, or `COORDINATE WORD` under the standard rules.
    play: String,
    /// Its score when valid.
    score: Option<u32>,
    /// The words it forms with their scores, when valid.
    words: Vec<String>,
    /// The squares its tiles go on, when valid.
    squares: Vec<usize>,
    /// Why it is rejected.
    rejected: Option<String>,
    /// The hint after a rejection, as the command line prints it.
    hint: Option<String>,
}

/// One of the best candidates.
#[derive(Debug, Serialize)]
pub struct HintView {
    /// The line `scrabble hint` prints: `SCORE WORD x y direction LETTERS` under the lab rules,
    /// `EQUITY  SCORE COORDINATE WORD  keep LEAVE VALUE` or `EQUITY  exchange TILES  keep ...` under
    /// the standard rules.
    text: String,
    /// The play as `LETTERS x y direction`, which either rules take; none for an exchange.
    play: Option<String>,
    /// The candidate as the page types it, in the rules' notation: `LETTERS x y direction` under
    /// the lab rules, `COORDINATE WORD` or `exchange TILES` under the standard rules.
    typed: String,
    /// The squares its tiles go on.
    squares: Vec<usize>,
}

/// A position as the page shows it: the board, the rack, the play checked and the best plays, and
/// the report.
#[derive(Debug, Serialize)]
pub struct PositionView {
    /// The board, the rack, the play checked and the best plays.
    #[serde(flatten)]
    table: TableView,
    /// The file's `play:` lines checked, then its `top` best plays, in the rules' notation: as
    /// `scrabble check` and `scrabble hint` print them.
    report: String,
}

/// The query of a position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionQuery {
    /// A play to check.
    play: Option<String>,
    /// The rack, beating the file's `rack:` line.
    rack: Option<String>,
    /// The rules, beating the file's `rules:` line.
    rules: Option<String>,
    /// How many best plays to list (default 10).
    top: Option<usize>,
}

/// `POST /api/scrabble/position`.
pub async fn position(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<PositionQuery>, axum::extract::rejection::QueryRejection>,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Json<PositionView>, ApiError> {
    let Query(query) = query?;
    let body = body?;
    let top = top(query.top)?;
    let rules = query.rules.as_deref().map(rules_named).transpose()?;
    let shared = Arc::clone(&state);
    state
        .pool
        .run(move || {
            let text = crate::text::decode(&body).map_err(ApiError::bad_request)?;
            let mut position = Position::parse_board_file(text, rules.as_ref())
                .map_err(|error| ApiError::bad_request(error.to_string()))?;
            if let Some(rack) = &query.rack {
                position.rack = rack_of(rack, &position.rules)?;
            }
            let rulebook =
                Rulebook { dictionary: &shared.dictionary, tiles: &shared.tiles, rules: &position.rules };
            let (board, rack) = (&position.board, &position.rack);
            if position.rules.name() == RulesName::Standard {
                check_tile_counts(rulebook.tiles, rulebook.rules, board, rack)
                    .map_err(|error| ApiError::bad_request(error.to_string()))?;
            }
            let play = query.play.as_deref().map(|text| play_of(text, &position.rules, board)).transpose()?;
            let check = play.map(|play| {
                let checked = desk::check(&rulebook, board, rack, &play);
                match checked.verdict {
                    Ok(scored) => valid(checked.written, &scored),
                    Err(refused) => rejected(checked.written, refused.reason, refused.hint_text),
                }
            });
            let bag = desk::bag(&rulebook, board, rack);
            let report = report(&rulebook, &position, bag);
            Ok(PositionView { table: view(&rulebook, board, rack, bag, check, top), report })
        })
        .await?
        .map(Json)
}

/// The report of `position`: each `play:` line checked (`play WRITTEN: SCORE`, or `play WRITTEN:
/// rejected: REASON` and the hint), then the file's `top` best plays, `bag` tiles left to draw.
fn report(rulebook: &Rulebook, position: &Position, bag: usize) -> String {
    let (board, rack) = (&position.board, &position.rack);
    let mut text = String::new();
    for play in &position.plays {
        let checked = desk::check(rulebook, board, rack, play);
        text += &match checked.verdict {
            Ok(scored) => format!("play {}: {}\n", checked.written, scored.score),
            Err(refused) => {
                format!("play {}: rejected: {}\n{}\n", checked.written, refused.reason, refused.hint_text)
            }
        };
    }
    let ranking = Ranking::default_for(rulebook.rules);
    let listed = desk::candidates(rulebook, board, rack, bag, ranking, position.top);
    text + &desk::listing(&listed, position.top)
}

/// A solitaire game so far.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolitaireTurns {
    /// The seed that shuffles the pool.
    seed: u64,
    /// `lab` (default) or `standard`.
    rules: Option<String>,
    /// The turns taken so far, in order: valid plays, passes and exchanges.
    plays: Vec<String>,
    /// A turn to try now.
    play: Option<String>,
    /// How many best plays to list (default 10).
    top: Option<usize>,
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
    play_of(text, rules, game.board()).map(Turn::Play)
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

/// `POST /api/scrabble/solitaire`.
pub async fn solitaire(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    turns: Result<Json<SolitaireTurns>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<SolitaireView>, ApiError> {
    let Json(turns) = turns?;
    let top = top(turns.top)?;
    let rules = turns.rules.as_deref().map_or(Ok(Rules::lab()), rules_named)?;
    let shared = Arc::clone(&state);
    state
        .pool
        .run(move || {
            let rulebook = Rulebook { dictionary: &shared.dictionary, tiles: &shared.tiles, rules: &rules };
            let mut game = SolitaireGame::new(rulebook, turns.seed)
                .map_err(|error| ApiError::bad_request(error.to_string()))?;
            game.refill();
            for (index, text) in turns.plays.iter().enumerate() {
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

/// The board, rack, check and `top` best candidates, `bag` tiles left to draw.
fn view(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    bag: usize,
    check: Option<CheckView>,
    top: usize,
) -> TableView {
    let ranking = Ranking::default_for(rulebook.rules);
    let hints = desk::candidates(rulebook, board, rack, bag, ranking, top)
        .into_iter()
        .map(|listed| {
            let squares = listed
                .play
                .as_ref()
                .and_then(|play| rulebook.check(board, rack, play).ok())
                .map(|scored| squares(&scored))
                .unwrap_or_default();
            HintView {
                text: listed.text,
                play: listed.play.map(|play| play.to_string()),
                typed: listed.typed,
                squares,
            }
        })
        .collect();
    TableView {
        rules: rulebook.rules.name().to_string(),
        premiums: Square::all().map(|square| premium_name(rulebook.rules.premium(square))).collect(),
        board: Square::all()
            .map(|square| board.tile(square).map(|tile| tile.to_string()).unwrap_or_default())
            .collect(),
        rack: rack
            .tiles()
            .map(|tile| match tile {
                Some(letter) => (letter.to_char(), rulebook.tiles.value(letter)),
                None => ('?', 0),
            })
            .collect(),
        check,
        hints,
    }
}

/// A valid play's view.
fn valid(play: String, scored: &Scored) -> CheckView {
    CheckView {
        play,
        score: Some(scored.score),
        words: scored.words.iter().map(ToString::to_string).collect(),
        squares: squares(scored),
        rejected: None,
        hint: None,
    }
}

/// A rejected play's view.
fn rejected(play: String, reason: String, hint: String) -> CheckView {
    CheckView {
        play,
        score: None,
        words: Vec::new(),
        squares: Vec::new(),
        rejected: Some(reason),
        hint: Some(hint),
    }
}

/// The squares a scored play puts tiles on.
fn squares(scored: &Scored) -> Vec<usize> {
    scored.placed.iter().map(|(square, _)| square.index()).collect()
}

/// The page's name of a premium.
fn premium_name(premium: Premium) -> &'static str {
    match premium {
        Premium::DOUBLE_LETTER => "DL",
        Premium::TRIPLE_LETTER => "TL",
        Premium::DOUBLE_WORD => "DW",
        Premium::TRIPLE_WORD => "TW",
        _ => "",
    }
}

/// The rules called `name`.
fn rules_named(name: &str) -> Result<Rules, ApiError> {
    let name: RulesName = name.parse().map_err(|error: solvebatch_scrabble::UnknownRules| {
        ApiError::bad_request(format!("rules: {error}"))
    })?;
    Ok(Rules::named(name))
}

/// The play written `text` on `board`, in either notation ([`desk::parse_play`]).
fn play_of(text: &str, rules: &Rules, board: &Board) -> Result<Play, ApiError> {
    desk::parse_play(text, rules, board).map_err(|error| ApiError::bad_request(format!("play: {error}")))
}

/// The rack written `text`.
fn rack_of(text: &str, rules: &Rules) -> Result<Rack, ApiError> {
    let rack: Rack = text.parse().map_err(|error| ApiError::bad_request(format!("rack: {error}")))?;
    desk::check_rack_blanks(&rack, rules).map_err(|error| ApiError::bad_request(format!("rack: {error}")))?;
    Ok(rack)
}

/// The error of the play at `index` among the plays so far.
fn numbered(index: usize, error: ApiError) -> ApiError {
    ApiError { message: format!("play {}: {}", index + 1, error.message), ..error }
}

/// How many best plays to list.
fn top(asked: Option<usize>) -> Result<usize, ApiError> {
    match asked {
        Some(top) if top > MAX_TOP => {
            Err(ApiError::bad_request(format!("top: at most {MAX_TOP}, not {top}")))
        }
        asked => Ok(asked.unwrap_or(DEFAULT_TOP)),
    }
}
