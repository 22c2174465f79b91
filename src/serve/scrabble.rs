//! The Scrabble page's endpoints:
//!
//! - `POST /api/scrabble/position?play=P&rack=R&rules=lab|standard&top=N` with a `.scrabble` file as
//!   the body (or a multipart form of it with the word list and tile file it names): its board and
//!   rack (the query's rack and rules beat the file's), the play checked (its score, or why it is
//!   rejected and the hint), the ranked best plays, and the report: the file's `play:` lines checked
//!   and its best plays, written as the command line writes them under those rules; on the
//!   dictionary and tiles its lines lead to ([`super::lexicon`]: the files sent, the data folder,
//!   else the server's), with `dictionary` and `tiles` saying which. The work keeps the server's
//!   time limit (`timeout`, seconds: [`super::limits`]), checked between the play lines and before
//!   the best plays.
//! - `POST /api/scrabble/solitaire`: a solitaire game ([`super::solitaire`]), drawn as a position is.
//! - `POST /api/scrabble/game`: a recorded game (GCG) analysed turn by turn ([`super::gcg`]).
//!
//! Squares are numbered `0..225` in reading order; a play's start square is `x y` with `(0, 0)` the
//! centre, `x` to the right and `y` upwards.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Query, Request};
use axum::http::header;
use axum::Json;
use serde::{Deserialize, Serialize};
use solvebatch_scrabble::batch::position::DEFAULT_TOP;
use solvebatch_scrabble::board::rules::{Premium, RulesName};
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::equity::{check_tile_counts, Ranking};
use solvebatch_scrabble::game::desk;
use solvebatch_scrabble::play::Scored;
use solvebatch_scrabble::{Board, Deadline, Play, Position, Rack, Rulebook, Rules, Square, TileSet};

use super::error::ApiError;
use super::lexicon::{LexiconError, Notes, Resolver, Sent};
use super::limits::TimeLimit;
use super::state::State;
use solvebatch_core::{ExtraFile, ExtraKind, Family};
use solvebatch_scrabble::batch::files::{Lexicon, DICTIONARY, TILES};
use solvebatch_scrabble::family::Scrabble;

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
    /// Which dictionary and tiles answered, for a position that names files.
    #[serde(flatten)]
    notes: Notes,
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
    /// How many best plays to list (default 10), as sent ([`top`]).
    top: Option<String>,
    /// The time limit, in seconds ([`super::limits::timeout`]).
    timeout: Option<String>,
}

/// `POST /api/scrabble/position`: the body is the position file, or a multipart form of it (the one
/// `.scrabble` part) with the files its `dictionary:` and `tiles:` lines name ([`lexicon`]).
pub async fn position(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<PositionQuery>, axum::extract::rejection::QueryRejection>,
    request: Request,
) -> Result<Json<PositionView>, ApiError> {
    let Query(query) = query?;
    let (name, sent) = request_files(request, &Scrabble).await?;
    let limit = TimeLimit::asked(query.timeout.as_deref())?;
    let top = top(query.top.as_deref(), DEFAULT_TOP)?;
    let rules = query.rules.as_deref().map(rules_named).transpose()?;
    let shared = Arc::clone(&state);
    state
        .pool
        .run_stoppable(move |stop| {
            let deadline = limit.deadline(stop);
            let text = crate::text::decode(&sent[&name]).map_err(ApiError::bad_request)?;
            let mut position = Position::parse_board_file(text, rules.as_ref())
                .map_err(|error| ApiError::bad_request(error.to_string()))?;
            if let Some(rack) = &query.rack {
                position.rack = rack_of(rack, &position.rules)?;
            }
            let resolver = Resolver::new(&shared, &sent, deadline);
            let asked = (position.dictionary.as_deref(), position.tiles.as_deref());
            let (Lexicon { dictionary, tiles, .. }, notes) =
                lexicon(&resolver, &name, asked).map_err(|error| error.answer(limit))?;
            limit.check(deadline, || "the position, once its word list was read".to_string())?;
            let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &position.rules };
            let (board, rack) = (&position.board, &position.rack);
            if position.rules.name() == RulesName::Standard {
                check_tile_counts(rulebook.tiles, rulebook.rules, board, rack)
                    .map_err(|error| ApiError::bad_request(error.to_string()))?;
            }
            let play =
                query.play.as_deref().map(|text| play_of(text, &position.rules, board, rack)).transpose()?;
            let check = play.map(|play| {
                let checked = desk::check(&rulebook, board, rack, &play);
                match checked.verdict {
                    Ok(scored) => valid(checked.written, &scored),
                    Err(refused) => rejected(checked.written, refused.reason, refused.hint_text),
                }
            });
            let bag = desk::bag(&rulebook, board, rack);
            let report = report(&rulebook, &position, bag, limit, deadline)?;
            limit.check(deadline, || "the position, before its best plays".to_string())?;
            let table = view(&rulebook, board, rack, bag, check, top);
            Ok(PositionView { table: TableView { notes, ..table }, report })
        })
        .await?
        .map(Json)
}

/// The report of `position`: each `play:` line checked (`play WRITTEN: SCORE`, or `play WRITTEN:
/// rejected: REASON` and the hint), then the file's `top` best plays, `bag` tiles left to draw;
/// until `deadline` (the time limit `limit`).
///
/// # Errors
/// 422 when the deadline passes first, naming the play line reached.
fn report(
    rulebook: &Rulebook,
    position: &Position,
    bag: usize,
    limit: TimeLimit,
    deadline: Deadline,
) -> Result<String, ApiError> {
    let (board, rack) = (&position.board, &position.rack);
    let mut text = String::new();
    let count = position.plays.len();
    for (index, play) in position.plays.iter().enumerate() {
        limit.check(deadline, || format!("the report, at play line {} of {count}", index + 1))?;
        let checked = desk::check(rulebook, board, rack, play);
        text += &match checked.verdict {
            Ok(scored) => format!("play {}: {}\n", checked.written, scored.score),
            Err(refused) => {
                format!("play {}: rejected: {}\n{}\n", checked.written, refused.reason, refused.hint_text)
            }
        };
    }
    let ranking = Ranking::default_for(rulebook.rules);
    limit.check(deadline, || "the report, before its best plays".to_string())?;
    let listed = desk::candidates(rulebook, LeaveTable::standard(), board, rack, bag, ranking, position.top);
    Ok(text + &desk::listing(&listed, position.top))
}

/// The dictionary and tiles of the file `name` (a position or a game) that asks for the dictionary
/// `dictionary` and the tiles `tiles` (the server's own for `None`), as `resolver` finds them, and
/// the notes saying where they come from.
///
/// # Errors
/// A file found that is no dictionary or tile file; the deadline passed while a word list was
/// built.
pub(super) fn lexicon(
    resolver: &Resolver,
    name: &str,
    (dictionary, tiles): (Option<&str>, Option<&str>),
) -> Result<(Lexicon, Notes), LexiconError> {
    let (files, notes) = resolver.files(name, &[(DICTIONARY, dictionary), (TILES, tiles)])?;
    Ok((Lexicon::of(&files).map_err(|error| LexiconError::Invalid(error.to_string()))?, notes))
}

/// The server's own dictionary and tiles, as the solitaire game plays on them.
///
/// # Errors
/// 500 when the server has none (it reads them at start).
pub(super) fn server_lexicon(state: &State) -> Result<Lexicon, ApiError> {
    let own = |kind: &dyn ExtraKind| {
        state.own.get(kind.name()).map(|own| ExtraFile { value: own.value.clone(), warning: None })
    };
    Lexicon::of(&[own(DICTIONARY), own(TILES)]).map_err(|error| ApiError::internal(error.to_string()))
}

/// The name of the input and the files of a request for one input of `family` (a position, a game):
/// the body alone (named `-`), or the parts of a multipart form, one of them the family's input.
///
/// # Errors
/// 400 for a body that cannot be read, or a form with none of the family's inputs or several.
pub(super) async fn request_files(request: Request, family: &dyn Family) -> Result<(String, Sent), ApiError> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("multipart/form-data"));
    if !multipart {
        let body = Bytes::from_request(request, &()).await?;
        ApiError::unless_text(&crate::text::name(std::path::Path::new("-")), &body)?;
        return Ok(("-".to_string(), Sent::from([("-".to_string(), body.to_vec())])));
    }
    let (sent, unopened) = super::batch::received(Multipart::from_request(request, &()).await?).await?;
    // An input reads its files from what was sent: an archive left unopened is refused, not passed over.
    if let Some(skipped) = unopened.first() {
        return Err(ApiError::bad_request(format!("{}: {}", skipped.file, skipped.reason)));
    }
    let extension = family.extension();
    let mut inputs = sent.keys().filter(|name| family.is_input(std::path::Path::new(name)));
    let name = match (inputs.next(), inputs.next()) {
        (Some(name), None) => name.clone(),
        (None, _) => return Err(ApiError::bad_request(format!("no {extension} file among the files sent"))),
        (Some(first), Some(second)) => {
            return Err(ApiError::bad_request(format!(
                "{first}, {second}: send one {extension} file at a time"
            )))
        }
    };
    ApiError::unless_text(&name, &sent[&name])?;
    Ok((name, sent))
}

/// The board, rack, check and `top` best candidates, `bag` tiles left to draw.
pub(super) fn view(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    bag: usize,
    check: Option<CheckView>,
    top: usize,
) -> TableView {
    let ranking = Ranking::default_for(rulebook.rules);
    let hints = desk::candidates(rulebook, LeaveTable::standard(), board, rack, bag, ranking, top)
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
        premiums: premiums(rulebook.rules),
        board: cells(board),
        rack: rack_tiles(rack, rulebook.tiles),
        check,
        hints,
        notes: Notes::default(),
    }
}

/// Each square's premium under `rules` in reading order, as the page names it.
pub(super) fn premiums(rules: &Rules) -> Vec<&'static str> {
    Square::all().map(|square| premium_name(rules.premium(square))).collect()
}

/// Each square's tile on `board` in reading order: `""`, a letter, or a lower-case letter for a blank.
pub(super) fn cells(board: &Board) -> Vec<String> {
    Square::all().map(|square| board.tile(square).map(|tile| tile.to_string()).unwrap_or_default()).collect()
}

/// The tiles of `rack` (`?` for a blank) with their values in `tiles`.
pub(super) fn rack_tiles(rack: &Rack, tiles: &TileSet) -> Vec<(char, u32)> {
    rack.tiles()
        .map(|tile| match tile {
            Some(letter) => (letter.to_char(), tiles.value(letter)),
            None => ('?', 0),
        })
        .collect()
}

/// A valid play's view.
pub(super) fn valid(play: String, scored: &Scored) -> CheckView {
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
pub(super) fn rejected(play: String, reason: String, hint: String) -> CheckView {
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
pub(super) fn rules_named(name: &str) -> Result<Rules, ApiError> {
    let name: RulesName =
        name.parse().map_err(|error: solvebatch_scrabble::board::rules::UnknownRules| {
            ApiError::bad_request(format!("rules: {error}"))
        })?;
    Ok(Rules::named(name))
}

/// The play typed `text` on `board` with `rack`, in either notation ([`desk::parse_typed_play`]).
pub(super) fn play_of(text: &str, rules: &Rules, board: &Board, rack: &Rack) -> Result<Play, ApiError> {
    desk::parse_typed_play(text, rules, board, rack)
        .map_err(|error| ApiError::bad_request(format!("play: {error}")))
}

/// The rack written `text`.
fn rack_of(text: &str, rules: &Rules) -> Result<Rack, ApiError> {
    let rack: Rack = text.parse().map_err(|error| ApiError::bad_request(format!("rack: {error}")))?;
    desk::check_rack_blanks(&rack, rules).map_err(|error| ApiError::bad_request(format!("rack: {error}")))?;
    Ok(rack)
}

/// How many best plays to list: `asked` (its text, from a query or a JSON body), else `default`.
///
/// # Errors
/// 400 in the command line's words unless a whole number from 0 to [`MAX_TOP`]:
/// `top: 101 is not a number of plays from 0 to 100`.
pub(super) fn top(asked: Option<&str>, default: usize) -> Result<usize, ApiError> {
    let Some(text) = asked else { return Ok(default) };
    crate::whole_number::read("a number of plays", &(0..=MAX_TOP), text)
        .map_err(|error| ApiError::bad_request(format!("top: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::graphs::Counts;
    use solvebatch_core::Deadline;
    use std::path::Path;

    /// A request sending a word list already built (under any name) reads its graph: the server's
    /// count of graphs built stays at one. A request past its limit builds nothing and keeps nothing.
    #[test]
    fn a_word_list_sent_again_has_its_graph_built_once() {
        let datasets = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/scrabble");
        let paths = (datasets.join("dictionary.txt"), datasets.join("tiles.txt"));
        let own = [("dictionary", paths.0.as_path(), false), ("tiles", paths.1.as_path(), false)];
        let state = State::new(&own, None, 1, 1).unwrap();
        let list = b"cat\ndog\nox\n".to_vec();
        let first: Sent =
            [("p.scrabble".to_string(), Vec::new()), ("words.txt".to_string(), list.clone())].into();
        let second: Sent =
            [("q/q.scrabble".to_string(), Vec::new()), ("q/list.txt".to_string(), list)].into();
        let read = |sent: &Sent, position: &str, asked: &str, deadline: Deadline<'static>| {
            let (Lexicon { dictionary, tiles, .. }, notes) =
                lexicon(&Resolver::new(&state, sent, deadline), position, (Some(asked), None))?;
            Ok::<_, LexiconError>((dictionary, tiles, notes))
        };
        let (built, _, notes) = read(&first, "p.scrabble", "words.txt", Deadline::NEVER).unwrap();
        assert_eq!((built.len(), notes.note("dictionary")), (3, Some("words.txt, sent with the position")));
        assert_eq!(state.graphs.counts(), Counts { built: 1, found: 0 });
        let (found, _, notes) = read(&second, "q/q.scrabble", "list.txt", Deadline::NEVER).unwrap();
        assert!(Arc::ptr_eq(&built, &found));
        assert_eq!(notes.note("dictionary"), Some("list.txt, sent with the position"));
        assert_eq!(state.graphs.counts(), Counts { built: 1, found: 1 });
        // Another list, past the deadline: refused with the limit's words, and nothing kept.
        let other: Sent =
            [("p.scrabble".to_string(), Vec::new()), ("w.txt".to_string(), b"hen\n".to_vec())].into();
        let past = Deadline::at(Some(std::time::Instant::now()));
        let Err(error) = read(&other, "p.scrabble", "w.txt", past) else { panic!("built past the deadline") };
        assert_eq!(
            error,
            LexiconError::PastLimit("the word list w.txt, building its word graph".to_string())
        );
        let limit = TimeLimit { limit: std::time::Duration::from_millis(1), ends: std::time::Instant::now() };
        assert_eq!(
            error.answer(limit).message,
            "the word list w.txt, building its word graph: stopped at the time limit of 0.001 s; choose a \
             longer limit (at most 60 s)"
        );
        assert_eq!(state.graphs.counts(), Counts { built: 2, found: 1 });
        let (hen, _, _) = read(&other, "p.scrabble", "w.txt", Deadline::NEVER).unwrap();
        assert_eq!((hen.len(), state.graphs.counts()), (1, Counts { built: 3, found: 1 }));
    }
}
