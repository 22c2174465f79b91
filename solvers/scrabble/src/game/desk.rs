//! The position desk: what a player asks of a position at the table, and the one policy both front
//! ends (`solvebatch scrabble check` / `hint` and the web app's Scrabble page) answer it by: a play
//! read in either notation, the rack's blanks checked against the rules, the ranking chosen, a play
//! checked (its score and words, or why it is rejected and the hint), and the best candidates listed
//! (by score, by equity, or by simulation), and a solitaire turn read whole (a play, a pass or an
//! exchange).

use std::time::Instant;

use solvebatch_core::Deadline;

use crate::board::rules::Rules;
use crate::board::rules::RulesName;
use crate::board::Board;
use crate::equity::leave::LeaveTable;
use crate::equity::leave::{kind_char, Leave};
use crate::equity::{bag_size, best_candidates, ranked_candidates, unseen, Action, Ranking};
use crate::game::simulate::{known_tiles_error, simulate};
use crate::game::ExchangeError;
use crate::movegen::moves::lay;
pub use crate::play::end::game_over;
use crate::play::end::Ending;
use crate::play::hint::{hint, Hint};
use crate::play::notation::{
    is_standard_play, parse_play as parse_standard_play, written_move, written_play,
};
use crate::play::{check_rack, Scored};
use crate::play::{Play, Rulebook};
use crate::quote::quote;
use crate::search::endgame::{self, Solution, Turn};
use crate::search::pre_endgame;
use crate::tiles::letter::parse_tiles;
use crate::tiles::letter::{Letter, Tile};
use crate::tiles::rack::Rack;
use crate::tiles::rack::{RackError, RACK_SIZE};

/// Why a rack does not suit the rules: it holds a blank (`?`) and the rules have none.
pub const BLANK_WITHOUT_BLANKS: &str = "'?' is a blank, which only the standard rules have";

/// The play written `text` on `board`: the standard notation (`8H WORD` across, `H8 WORD` down),
/// or `LETTERS X Y DIRECTION` with lower-case letters as blanks under rules that have them.
///
/// # Errors
/// Why the text is not a play, in words.
pub fn parse_play(text: &str, rules: &Rules, board: &Board) -> Result<Play, String> {
    if is_standard_play(text) {
        parse_standard_play(text, board).map_err(|error| error.to_string())
    } else {
        Play::parse_under(text, rules).map_err(|error| error.to_string())
    }
}

/// The play typed `text` in one line on `board` with `rack` ([`parse_play`]); under the standard
/// rules a text of neither notation's shape is refused in the standard notation, naming the letters
/// the rack lacks (see `standard_refusal`).
///
/// # Errors
/// Why the text is not a play, in words.
pub fn parse_typed_play(text: &str, rules: &Rules, board: &Board, rack: &Rack) -> Result<Play, String> {
    parse_play(text, rules, board).map_err(|error| {
        let lab_shape = matches!(text.split_whitespace().count(), 3 | 4);
        if rules.name() == RulesName::Standard && !lab_shape && !is_standard_play(text) {
            standard_refusal(text.trim(), rack)
        } else {
            error
        }
    })
}

/// Checks that `rack` holds no blank unless the rules have blanks.
///
/// # Errors
/// [`BLANK_WITHOUT_BLANKS`].
pub fn check_rack_blanks(rack: &Rack, rules: &Rules) -> Result<(), &'static str> {
    if rack.blanks() > 0 && !rules.allows_blanks() {
        return Err(BLANK_WITHOUT_BLANKS);
    }
    Ok(())
}

/// A ranking by equity asked for under the lab rules, whose leaves have no values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a ranking by equity needs leave values, which only the standard rules have")]
pub struct EquityUnderLab;

/// The ranking `asked` for, else the rules' default ([`Ranking::default_for`]).
///
/// # Errors
/// [`EquityUnderLab`]: equity asked for under the lab rules.
pub fn ranking(asked: Option<Ranking>, rules: &Rules) -> Result<Ranking, EquityUnderLab> {
    match (asked, rules.name()) {
        (Some(Ranking::Equity), RulesName::Lab) => Err(EquityUnderLab),
        (asked, _) => Ok(asked.unwrap_or_else(|| Ranking::default_for(rules))),
    }
}

/// A play checked on a position.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The play as written back: `LETTERS x y direction`, or `COORDINATE WORD` under the standard
    /// rules (as players write them).
    pub written: String,
    /// Its score, words and tiles placed, or why it is rejected.
    pub verdict: Result<Scored, Rejected>,
}

/// Why a play is rejected, and what to play instead.
#[derive(Debug, Clone)]
pub struct Rejected {
    /// The reason, as the rules word it.
    pub reason: String,
    /// The hint, and its text.
    pub hint: Hint,
    /// The hint as both front ends print it.
    pub hint_text: String,
}

/// Checks `play` with `rack` on `board`.
pub fn check(rulebook: &Rulebook, board: &Board, rack: &Rack, play: &Play) -> Checked {
    let rules = rulebook.rules;
    let written = written_play(play, board, rules);
    let verdict = rulebook.check(board, rack, play).map_err(|rejection| {
        let hint = hint(rulebook, board, rack, play);
        let hint_text = hint.written(board, rules);
        Rejected { reason: rejection.written(rules), hint, hint_text }
    });
    Checked { written, verdict }
}

/// One of the best candidates of a rack.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// The line `scrabble hint` prints: `SCORE WORD x y direction LETTERS` by score, `EQUITY  SCORE
    /// COORDINATE WORD  keep LEAVE VALUE` or `EQUITY  exchange TILES  keep ...` by equity.
    pub text: String,
    /// The play, none for an exchange.
    pub play: Option<Play>,
    /// The candidate as a player types it: the play as the rules write it ([`written_play`]), or
    /// `exchange TILES`.
    pub typed: String,
}

/// The `top` best candidates of `rack` on `board` under `ranking` (by equity with the leave values
/// of `table`), best first; `bag` tiles are left to draw (exchanges need seven).
pub fn candidates(
    rulebook: &Rulebook,
    table: &LeaveTable,
    board: &Board,
    rack: &Rack,
    bag: usize,
    ranking: Ranking,
    top: usize,
) -> Vec<Listed> {
    let rules = rulebook.rules;
    match ranking {
        Ranking::Score => rulebook
            .best_moves(board, rack, top)
            .iter()
            .map(|listed| Listed {
                text: written_move(listed, board, rules),
                play: Some(listed.play()),
                typed: written_play(&listed.play(), board, rules),
            })
            .collect(),
        Ranking::Equity => best_candidates(rulebook, board, rack, bag, table, ranking, top)
            .iter()
            .map(|candidate| Listed {
                text: candidate.written(board, rules),
                play: match &candidate.action {
                    Action::Play(listed) => Some(listed.play()),
                    Action::Exchange(_) => None,
                },
                typed: match &candidate.action {
                    Action::Play(listed) => written_play(&listed.play(), board, rules),
                    Action::Exchange(thrown) => format!("exchange {thrown}"),
                },
            })
            .collect(),
    }
}

/// A solitaire turn answered whole under the standard rules.
#[derive(Debug, Clone, PartialEq)]
pub enum TurnAnswer {
    /// A play.
    Play(Play),
    /// Pass the turn.
    Pass,
    /// Exchange these tiles (`?` a blank).
    Exchange(Rack),
}

/// The standard rules' whole answers to a solitaire turn, with `rack` on `board` and `pool` tiles
/// left to draw: `pass` or `-`, `exchange LETTERS` or `-LETTERS` (either case), a play in the
/// standard notation or as `LETTERS x y direction`; `None` for anything else (rack letters alone).
///
/// # Errors
/// Why the text is not a play, or why the exchange is refused: fewer than 7 tiles in the bag, no
/// tile named, or tiles the rack does not hold ([`ExchangeError`]).
pub fn standard_answer(
    text: &str,
    board: &Board,
    rack: &Rack,
    pool: usize,
) -> Option<Result<TurnAnswer, String>> {
    let lower = text.to_ascii_lowercase();
    if lower == "pass" || text == "-" {
        return Some(Ok(TurnAnswer::Pass));
    }
    let exchanged = lower.strip_prefix("exchange").map(str::trim).or_else(|| text.strip_prefix('-'));
    if let Some(tiles) = exchanged {
        return Some(exchange_answer(tiles, rack, pool));
    }
    if is_standard_play(text) {
        return Some(
            parse_standard_play(text, board).map(TurnAnswer::Play).map_err(|error| error.to_string()),
        );
    }
    if text.split_whitespace().count() == 4 {
        return Some(Play::parse_with_blanks(text).map(TurnAnswer::Play).map_err(|error| error.to_string()));
    }
    None
}

/// The tiles written `text` (a lower-case letter is a blank when `blanks`), when `rack` holds them:
/// the letters alone, as `scrabble play` reads them at its letters prompt.
///
/// # Errors
/// A character that is not a letter, no tile at all, or the first tile the rack lacks, as that
/// prompt says it (`Q is not on the rack`).
pub fn rack_letters(text: &str, rack: &Rack, blanks: bool) -> Result<Vec<Tile>, String> {
    let tiles = parse_tiles(text, blanks).map_err(|error| error.to_string())?;
    check_rack(rack, &tiles).map_err(|rejection| rejection.to_string())?;
    Ok(tiles)
}

/// Why `text` is no play in the standard notation, when no start square will be asked for after it:
/// letters the rack lacks are named as [`rack_letters`] names them, letters it holds are asked for
/// their start square in that notation, anything else is shown the notation.
fn standard_refusal(text: &str, rack: &Rack) -> String {
    let quoted = quote(text);
    match rack_letters(text, rack, true) {
        Ok(_) => format!(
            "'{quoted}' has no start square: write 8H {quoted} across or H8 {quoted} down (columns A to O, \
             rows 1 to 15)"
        ),
        Err(reason) if !text.is_empty() && parse_tiles(text, true).is_ok() => reason,
        Err(_) => format!(
            "'{quoted}' is not a play: write 8H WORD across (row first) or H8 WORD down (column first), \
             with columns A to O and rows 1 to 15; or pass, or exchange LETTERS"
        ),
    }
}

/// The tiles to exchange, when the rack holds them and the bag holds at least 7.
fn exchange_answer(tiles: &str, rack: &Rack, pool: usize) -> Result<TurnAnswer, String> {
    if pool < RACK_SIZE {
        return Err(ExchangeError::BagTooSmall(pool).to_string());
    }
    let tiles: Rack = tiles.parse().map_err(|error: RackError| error.to_string())?;
    if tiles.is_empty() {
        return Err(ExchangeError::NoTiles.to_string());
    }
    let given: Vec<Tile> = tiles
        .tiles()
        .map(|tile| Tile { letter: tile.or(Letter::from_index(0)).expect("a letter"), blank: tile.is_none() })
        .collect();
    if !rack.clone().remove(&given) {
        return Err(ExchangeError::NotOnRack(tiles.to_string()).to_string());
    }
    Ok(TurnAnswer::Exchange(tiles))
}

/// The tiles left to draw, seen from `rack` on `board`.
pub fn bag(rulebook: &Rulebook, board: &Board, rack: &Rack) -> usize {
    bag_size(&unseen(rulebook.tiles, rulebook.rules, board, rack))
}

/// The listing of a rack with no play ([`listing`]).
pub const NO_VALID_PLAY: &str = "no valid play\n";

/// The `top` best candidates ([`candidates`]) as `scrabble hint` prints them: one a line, best first,
/// every line ending in a newline, or `no valid play` when there is none and some were asked for.
pub fn listing(listed: &[Listed], top: usize) -> String {
    if listed.is_empty() && top > 0 {
        return NO_VALID_PLAY.to_string();
    }
    listed.iter().map(|listed| format!("{}\n", listed.text)).collect()
}

/// The `top` best candidates by equity (the leave values of `table`), simulated `iterations` times
/// each with `seed` against an opponent holding `opponent`'s tiles and drawing the rest, best mean
/// spread first, one a line (or `no valid play`).
///
/// # Errors
/// The known tiles are not among the unseen tiles ([`known_tiles_error`]).
#[allow(clippy::too_many_arguments)]
pub fn simulation_listing(
    rulebook: &Rulebook,
    table: &LeaveTable,
    board: &Board,
    rack: &Rack,
    top: usize,
    iterations: usize,
    seed: u64,
    opponent: &Rack,
) -> Result<String, String> {
    let unseen = unseen(rulebook.tiles, rulebook.rules, board, rack);
    if let Some(error) = known_tiles_error(&unseen, opponent) {
        return Err(error);
    }
    let moves = rulebook.moves(board, rack);
    let candidates = ranked_candidates(&moves, rack, bag_size(&unseen), table, Ranking::Equity, top);
    if candidates.is_empty() && top > 0 {
        return Ok(NO_VALID_PLAY.to_string());
    }
    let simulated = simulate(rulebook, board, &unseen, table, &candidates, iterations, seed, opponent);
    Ok(simulated.iter().map(|line| format!("{}\n", line.written(board, rulebook.rules))).collect())
}

/// The endgame of `rack` to move on `board` after `scoreless_turns` scoreless turns: the opponent
/// holds every unseen tile.
///
/// # Errors
/// In words: the rack is empty, no tile is unseen (the opponent has gone out), or more than seven
/// are (the bag is not empty).
pub fn endgame_position(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    scoreless_turns: usize,
) -> Result<endgame::Position, String> {
    let unseen = unseen(rulebook.tiles, rulebook.rules, board, rack);
    let count: u32 = unseen.iter().sum();
    if rack.is_empty() {
        return Err("the rack is empty: the game is over".to_string());
    }
    if count == 0 {
        return Err("no tile is unseen: the opponent has gone out".to_string());
    }
    if count as usize > RACK_SIZE {
        return Err(format!(
            "the bag is not empty: {count} tiles are unseen, more than the opponent's rack of 7 \
             (the endgame is solved with the bag empty)"
        ));
    }
    let opponent = Leave::from_counts(unseen.map(|count| count as u8)).to_rack();
    Ok(endgame::Position { board: board.clone(), racks: [rack.clone(), opponent], scoreless_turns })
}

/// A turn of an endgame line as written: the mover's rack before it and the turn ([`written_move`]
/// on the board it is played on, a pass as `pass`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenTurn {
    /// The mover's rack before the turn.
    pub rack: String,
    /// The turn.
    pub turn: String,
}

/// Each turn of `line`, played from `position` on, as `rules` write it.
pub fn endgame_line(rulebook: &Rulebook, position: &endgame::Position, line: &[Turn]) -> Vec<WrittenTurn> {
    let (mut board, mut racks) = (position.board.clone(), position.racks.clone());
    line.iter()
        .enumerate()
        .map(|(ply, turn)| {
            let rack = &mut racks[ply % 2];
            let written = WrittenTurn { rack: rack.to_string(), turn: "pass".to_string() };
            match turn {
                Turn::Pass => written,
                Turn::Play(played) => {
                    let turn = written_move(played, &board, rulebook.rules);
                    let mut tiles = Vec::with_capacity(RACK_SIZE);
                    lay(&mut board, played, |_, tile| tiles.push(tile));
                    rack.remove(&tiles);
                    WrittenTurn { turn, ..written }
                }
            }
        })
        .collect()
}

/// The endgame `solution` of `position` as `scrabble endgame` prints it: the racks, the value and
/// whether it is proved, the best line with each mover's rack, and with every root turn valued
/// their values (best first). Every line ends in a newline. After six scoreless turns a line says
/// the game is over, and the value is the final adjustment ([`endgame::solve`]).
pub fn endgame_report(rulebook: &Rulebook, position: &endgame::Position, solution: &Solution) -> String {
    let [rack, opponent] = &position.racks;
    let mut text = format!(
        "endgame: {rack} to move, the opponent holds {opponent} (the unseen tiles), {} scoreless turns\n",
        position.scoreless_turns
    );
    if Ending::of_position(position.scoreless_turns).is_some() {
        text.push_str("the game is over: six scoreless turns; each player loses the value of its own rack\n");
    }
    let proved = if solution.proved { "proved" } else { "not proved: the time limit came first" };
    text.push_str(&format!(
        "value {:+} (the final spread for the player to move), depth {}, {proved}\n",
        solution.value, solution.depth
    ));
    // No line when the game is over or a rack is empty.
    text.push_str(if solution.line.is_empty() { "best line: none\n" } else { "best line:\n" });
    for (ply, written) in endgame_line(rulebook, position, &solution.line).iter().enumerate() {
        text.push_str(&format!("  {:>2} {:<7} {}\n", ply + 1, written.rack, written.turn));
    }
    if !solution.turns.is_empty() {
        text.push_str("every turn:\n");
        for root in &solution.turns {
            let written = endgame_line(rulebook, position, &[root.turn]).remove(0);
            text.push_str(&format!("  {:+5}  {}\n", root.value, written.turn));
        }
    }
    text
}

/// The pre-endgame of `rack` on `board` as `scrabble pre-endgame --json` prints it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PreEndgameFigures {
    /// The rack to move.
    pub rack: String,
    /// The unseen tiles: the opponent's seven and the bag's one (`-` when none).
    pub unseen: String,
    /// Scoreless turns in a row before this one.
    pub scoreless_turns: usize,
    /// Whether six scoreless turns already ended the game (then no play is valued).
    pub game_over: bool,
    /// The positions each draw's endgame searches at most.
    pub endgame_positions: u64,
    /// The plays valued, best mean first.
    pub plays: Vec<PreEndgamePlay>,
}

/// A play of the pre-endgame valued over every draw.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct PreEndgamePlay {
    /// The play as written (`1 8H (at)S`).
    #[serde(rename = "move")]
    pub written: String,
    /// The mean final spread over the draws, in points.
    pub mean: f64,
    /// How many of the draws' endgames were proved.
    pub proved: usize,
    /// Each kind the bag may hold, in kind order (the blank last).
    pub draws: Vec<PreEndgameDraw>,
}

/// One draw of a pre-endgame play.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PreEndgameDraw {
    /// The tile drawn (`?` for a blank).
    pub tile: String,
    /// How many of the unseen tiles are of its kind: the draw's weight.
    pub count: u32,
    /// The final spread for the player to move, in points.
    pub value: i32,
    /// Whether its endgame was searched to the end of the game on every line.
    pub proved: bool,
}

/// The pre-endgame of `rack` on `board` after `scoreless_turns` scoreless turns, as data: each of
/// the plays valued ([`pre_endgame::solve`]), best mean first; none when the game is over.
///
/// # Errors
/// [`pre_endgame::solve`]'s, in words.
pub fn pre_endgame_figures(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    scoreless_turns: usize,
    settings: &pre_endgame::Settings,
) -> Result<PreEndgameFigures, String> {
    let game_over = game_over(scoreless_turns).is_some();
    let valued = pre_endgame::solve(rulebook, board, rack, scoreless_turns, settings)?;
    let unseen =
        Leave::from_counts(unseen(rulebook.tiles, rulebook.rules, board, rack).map(|count| count as u8));
    let plays = valued
        .iter()
        .map(|play| PreEndgamePlay {
            written: written_move(&play.play, board, rulebook.rules),
            mean: play.mean,
            proved: play.draws.iter().filter(|draw| draw.proved).count(),
            draws: play
                .draws
                .iter()
                .map(|draw| PreEndgameDraw {
                    tile: kind_char(draw.kind).to_string(),
                    count: draw.count,
                    value: draw.value,
                    proved: draw.proved,
                })
                .collect(),
        })
        .collect();
    Ok(PreEndgameFigures {
        rack: rack.to_string(),
        unseen: unseen.to_string(),
        scoreless_turns,
        game_over,
        endgame_positions: settings.node_limit,
        plays,
    })
}

/// The pre-endgame of `rack` on `board` as `scrabble pre-endgame` prints it: a heading with the
/// unseen tiles, then each play valued ([`pre_endgame_figures`]), best mean first: `MEAN  PLAY`
/// and its draws, `TILE VALUE` each (`xN` for a kind unseen N times), and how many of their
/// endgames were proved. Every line ends in a newline. When the game is over, [`game_over`]'s line
/// alone.
///
/// # Errors
/// [`pre_endgame::solve`]'s, in words.
pub fn pre_endgame_report(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    scoreless_turns: usize,
    settings: &pre_endgame::Settings,
) -> Result<String, String> {
    if let Some(over) = game_over(scoreless_turns) {
        return Ok(over);
    }
    let figures = pre_endgame_figures(rulebook, board, rack, scoreless_turns, settings)?;
    let mut text = format!(
        "pre-endgame: {rack} to move, one tile in the bag, unseen {} (the opponent holds seven of them)\n\
         plays valued: {} (the best by score), each over every draw by the mean final spread (an endgame \
         each, at most {} positions):\n",
        figures.unseen,
        figures.plays.len(),
        settings.node_limit
    );
    for play in &figures.plays {
        let draws: Vec<String> = play
            .draws
            .iter()
            .map(|draw| {
                let times = if draw.count > 1 { format!(" x{}", draw.count) } else { String::new() };
                format!("{}{times} {:+}", draw.tile, draw.value)
            })
            .collect();
        text.push_str(&format!(
            "{:+7.1}  {}  draws {}; {} of {} proved\n",
            play.mean,
            play.written,
            draws.join(", "),
            play.proved,
            play.draws.len()
        ));
    }
    Ok(text)
}

/// The listing of `scrabble hint` with the bag empty: the exact endgame of `rack` on `board` (every
/// turn valued, within [`endgame::DEFAULT_TIME_LIMIT`]): a heading with the opponent's rack, the
/// value, the depth and whether it is proved, the `top` best turns (`VALUE  TURN`), and the best
/// line. `None` when it is no endgame ([`endgame_position`]).
pub fn endgame_listing(rulebook: &Rulebook, board: &Board, rack: &Rack, top: usize) -> Option<String> {
    let position = endgame_position(rulebook, board, rack, 0).ok()?;
    let deadline = Deadline::at(Some(Instant::now() + endgame::DEFAULT_TIME_LIMIT));
    let settings = endgame::Settings { deadline, all: true, ..endgame::Settings::default() };
    let solution = endgame::solve(rulebook, &position, &settings);
    let proved = if solution.proved { "proved" } else { "not proved" };
    let mut text = format!(
        "bag empty: the exact endgame, the opponent holding {}: value {:+}, depth {}, {proved}\n",
        position.racks[1], solution.value, solution.depth
    );
    for root in solution.turns.iter().take(top) {
        let written = endgame_line(rulebook, &position, &[root.turn]).remove(0);
        text.push_str(&format!("{:+6}  {}\n", root.value, written.turn));
    }
    let line: Vec<String> =
        endgame_line(rulebook, &position, &solution.line).into_iter().map(|written| written.turn).collect();
    text.push_str(&format!("best line: {}\n", line.join(", ")));
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error of `text` typed as a play on an empty board with the rack `AEIOOOS`.
    fn typed(text: &str, rules: RulesName) -> String {
        let rack: Rack = "AEIOOOS".parse().unwrap();
        parse_typed_play(text, &Rules::named(rules), &Board::new(), &rack).unwrap_err()
    }

    #[test]
    fn a_play_typed_under_the_standard_rules_is_explained_in_their_notation() {
        let standard = |text| typed(text, RulesName::Standard);
        // Letters alone: those the rack lacks named as `scrabble play` names them, else the square asked.
        assert_eq!(standard("OQ"), "Q is not on the rack");
        assert_eq!(standard("SOS"), "the play uses 2 S but the rack holds 1");
        assert_eq!(
            standard("AE"),
            "'AE' has no start square: write 8H AE across or H8 AE down (columns A to O, rows 1 to 15)"
        );
        let shape = "is not a play: write 8H WORD across (row first) or H8 WORD down (column first), with \
                     columns A to O and rows 1 to 15; or pass, or exchange LETTERS";
        assert_eq!(standard("8Z WORD"), format!("'8Z WORD' {shape}"));
        assert_eq!(standard("A-E"), format!("'A-E' {shape}"));
        // The lab notation typed whole is explained as it is written.
        assert_eq!(standard("AE 0 x horizontal"), "y: 'x' is not an integer");
        // Under the lab rules, the lab notation.
        assert_eq!(
            typed("AE", RulesName::Lab),
            "'AE' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal"
        );
    }
}
