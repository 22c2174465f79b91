//! The position desk: what a player asks of a position at the table, and the one policy both front
//! ends (`solvebatch scrabble check` / `hint` and the web app's Scrabble page) answer it by: a play
//! read in either notation, the rack's blanks checked against the rules, the ranking chosen, a play
//! checked (its score and words, or why it is rejected and the hint), and the best candidates listed
//! (by score, by equity, or by simulation).

use crate::board::RulesName;
use crate::equity::{bag_size, ranked_candidates, unseen, Action, LeaveTable, Ranking};
use crate::game::{known_tiles_error, simulate};
use crate::play::{hint, is_standard_play, parse_standard_play, written_move, written_play, Hint, Scored};
use crate::{Board, Play, Rack, Rulebook, Rules};

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

/// The ranking `asked` for, else the rules' default ([`Ranking::default_for`]).
///
/// # Errors
/// Equity asked for under the lab rules, whose leaves have no values.
pub fn ranking(asked: Option<Ranking>, rules: &Rules) -> Result<Ranking, &'static str> {
    match (asked, rules.name()) {
        (Some(Ranking::Equity), RulesName::Lab) => {
            Err("--rank equity: the leave values are for the standard rules (--rules standard)")
        }
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
}

/// The `top` best candidates of `rack` on `board` under `ranking`, best first; `bag` tiles are left
/// to draw (exchanges need seven).
pub fn candidates(
    rulebook: &Rulebook,
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
            .map(|listed| Listed { text: written_move(listed, board, rules), play: Some(listed.play()) })
            .collect(),
        Ranking::Equity => {
            let moves = rulebook.moves(board, rack);
            ranked_candidates(&moves, rack, bag, LeaveTable::standard(), ranking, top)
                .iter()
                .map(|candidate| Listed {
                    text: candidate.written(board, rules),
                    play: match &candidate.action {
                        Action::Play(listed) => Some(listed.play()),
                        Action::Exchange(_) => None,
                    },
                })
                .collect()
        }
    }
}

/// The tiles left to draw, seen from `rack` on `board`.
pub fn bag(rulebook: &Rulebook, board: &Board, rack: &Rack) -> usize {
    bag_size(&unseen(rulebook.tiles, rulebook.rules, board, rack))
}

/// The `top` best candidates ([`candidates`]) as `scrabble hint` prints them: one a line, best first,
/// every line ending in a newline, or `no valid play` when there is none and some were asked for.
pub fn listing(listed: &[Listed], top: usize) -> String {
    if listed.is_empty() && top > 0 {
        return "no valid play\n".to_string();
    }
    listed.iter().map(|listed| format!("{}\n", listed.text)).collect()
}

/// The `top` best candidates by equity, simulated `iterations` times each with `seed` against an
/// opponent holding `opponent`'s tiles and drawing the rest, best mean spread first, one a line (or
/// `no valid play`).
///
/// # Errors
/// The known tiles are not among the unseen tiles ([`known_tiles_error`]).
pub fn simulation_listing(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    top: usize,
    iterations: usize,
    seed: u64,
    opponent: &Rack,
) -> Result<String, String> {
    let table = LeaveTable::standard();
    let unseen = unseen(rulebook.tiles, rulebook.rules, board, rack);
    if let Some(error) = known_tiles_error(&unseen, opponent) {
        return Err(error);
    }
    let moves = rulebook.moves(board, rack);
    let candidates = ranked_candidates(&moves, rack, bag_size(&unseen), table, Ranking::Equity, top);
    if candidates.is_empty() && top > 0 {
        return Ok("no valid play\n".to_string());
    }
    let simulated = simulate(rulebook, board, &unseen, table, &candidates, iterations, seed, opponent);
    Ok(simulated.iter().map(|line| format!("{}\n", line.written(board, rulebook.rules))).collect())
}
