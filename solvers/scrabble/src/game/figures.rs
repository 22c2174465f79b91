//! The figures of an analysed game as data, for `scrabble analyze --json` ([`AnalysisFigures`]):
//! the fields of a `run` record's `stats` (decisions analysed, the players' summaries), the final
//! score as the record has it, and each decision's figures, which the text of [`Analysis::text`]
//! writes in words.

use serde::Serialize;

use crate::board::rules::Rules;
use crate::board::Board;
use crate::equity::leave::Leave;
use crate::equity::{tenths, Action, Candidate};
use crate::game::analyze::{Analysis, EndgameVerdict, PlayerSummary, TurnAnalysis};
use crate::game::desk::endgame_line;
use crate::game::gcg::GcgGame;
use crate::play::notation::written_move;
use crate::play::Rulebook;

/// An analysed game as data: what `scrabble analyze --json` prints.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AnalysisFigures {
    /// Decisions analysed (the `run` record's `stats.turns`).
    pub turns: usize,
    /// Per player (the `run` record's `stats.players`).
    pub players: Vec<PlayerSummary>,
    /// Each player's score at the end of the record, end-of-game rack points and time penalties
    /// included, in the game's order ([`final_scores`]).
    #[serde(rename = "final")]
    pub final_scores: Vec<FinalScore>,
    /// Every decision analysed, in order.
    pub decisions: Vec<TurnFigures>,
}

/// A player's score at the end of the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FinalScore {
    /// The player's nick.
    pub nick: String,
    /// Points.
    pub score: i32,
}

/// One decision's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnFigures {
    /// The turn in the record, from 1 (as the text's `turn N`).
    pub turn: usize,
    /// The record's line, from 1.
    pub line: usize,
    /// The nick of the player to move.
    pub player: String,
    /// Its rack.
    pub rack: String,
    /// Tiles in the bag before the turn.
    pub bag: usize,
    /// Both players' scores before the turn.
    pub scores: Vec<i32>,
    /// The move made.
    pub played: CandidateFigures,
    /// 1 + the candidates with a higher equity than the move made.
    pub rank: usize,
    /// Every valid play, and the best exchange when allowed.
    pub candidates: usize,
    /// The best equity less the move's, in points (tenths).
    pub lost: f64,
    /// Whether the move placed all seven tiles.
    pub bingo: bool,
    /// The words of the move the dictionary lacks (without the `*`).
    pub phonies: Vec<String>,
    /// The best candidates by equity, best first.
    pub best: Vec<CandidateFigures>,
    /// The best bingo, when the move placed fewer tiles.
    pub missed_bingo: Option<CandidateFigures>,
    /// The simulated candidates, best mean spread first.
    pub simulated: Vec<SimulatedFigures>,
    /// With the bag empty: the exact endgame.
    pub endgame: Option<EndgameFigures>,
}

/// A candidate (or the move made).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CandidateFigures {
    /// As the text writes it: `14 8G MOP` (score and play), `exchange TILES` or `pass`.
    #[serde(rename = "move")]
    pub action: String,
    /// Its score.
    pub score: u32,
    /// Score plus leave value, in points (tenths).
    pub equity: f64,
    /// The tiles kept (`-` for none).
    pub leave: String,
    /// Their value, in points (tenths).
    pub leave_value: f64,
}

/// A simulated candidate.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimulatedFigures {
    /// The candidate.
    #[serde(flatten)]
    pub candidate: CandidateFigures,
    /// Mean spread, in points (tenths).
    pub mean: f64,
    /// Standard error of the mean, in points (tenths).
    pub standard_error: f64,
    /// Iterations played.
    pub iterations: usize,
}

/// The exact endgame of a turn played with the bag empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EndgameFigures {
    /// The final spread for the player to move under best play (when proved).
    pub value: i32,
    /// Whether every line reached the end of the game.
    pub proved: bool,
    /// The plies of the deepest finished iteration.
    pub depth: usize,
    /// Positions searched.
    pub nodes: u64,
    /// The best line, each turn as written (`17 N2 OY`, `pass`).
    pub line: Vec<String>,
    /// The value of the move made (`None` for a phony).
    pub played: Option<i32>,
}

impl AnalysisFigures {
    /// The figures of `analysis`, an analysis of `game` under `rulebook`.
    pub fn of(analysis: &Analysis, game: &GcgGame, rulebook: &Rulebook) -> AnalysisFigures {
        AnalysisFigures {
            turns: analysis.turns.len(),
            players: analysis.players.clone(),
            final_scores: final_scores(game),
            decisions: analysis.turns.iter().map(|turn| turn_figures(turn, game, rulebook)).collect(),
        }
    }
}

/// Each player's score at the end of `game`, in order.
pub fn final_scores(game: &GcgGame) -> Vec<FinalScore> {
    game.players
        .iter()
        .zip(game.scores)
        .map(|(player, score)| FinalScore { nick: player.nick.clone(), score })
        .collect()
}

/// `final: NICK SCORE, NICK SCORE`: the last line of `scrabble analyze`.
pub fn final_line(game: &GcgGame) -> String {
    let scores: Vec<String> =
        final_scores(game).iter().map(|player| format!("{} {}", player.nick, player.score)).collect();
    format!("final: {}\n", scores.join(", "))
}

fn turn_figures(analysed: &TurnAnalysis, game: &GcgGame, rulebook: &Rulebook) -> TurnFigures {
    let turn = &game.turns[analysed.turn];
    let (board, rules) = (&turn.board, rulebook.rules);
    let played = match &analysed.played.candidate {
        Some(candidate) => candidate_figures(candidate, board, rules),
        None => CandidateFigures {
            action: "pass".to_string(),
            score: 0,
            equity: tenths(analysed.played.equity.into()),
            leave: Leave::of_rack(&turn.rack).to_string(),
            leave_value: tenths(analysed.played.equity.into()),
        },
    };
    TurnFigures {
        turn: analysed.turn + 1,
        line: turn.line,
        player: game.players[turn.player].nick.clone(),
        rack: turn.rack.to_string(),
        bag: turn.bag,
        scores: turn.scores[..game.players.len()].to_vec(),
        played,
        rank: analysed.rank,
        candidates: analysed.candidates,
        lost: tenths(analysed.lost.into()),
        bingo: analysed.bingo,
        phonies: analysed.phonies.iter().map(ToString::to_string).collect(),
        best: analysed.best.iter().map(|candidate| candidate_figures(candidate, board, rules)).collect(),
        missed_bingo: analysed.missed_bingo.as_ref().map(|missed| candidate_figures(missed, board, rules)),
        simulated: analysed
            .simulated
            .iter()
            .map(|simulated| SimulatedFigures {
                candidate: candidate_figures(&simulated.candidate, board, rules),
                mean: tenths(simulated.mean),
                standard_error: tenths(simulated.standard_error),
                iterations: simulated.iterations,
            })
            .collect(),
        endgame: analysed.endgame.as_ref().map(|verdict| endgame_figures(verdict, rulebook)),
    }
}

fn candidate_figures(candidate: &Candidate, board: &Board, rules: &Rules) -> CandidateFigures {
    CandidateFigures {
        action: match &candidate.action {
            Action::Play(listed) => written_move(listed, board, rules),
            Action::Exchange(thrown) => format!("exchange {thrown}"),
        },
        score: candidate.score,
        equity: tenths(candidate.equity().into()),
        leave: candidate.leave.to_string(),
        leave_value: tenths(candidate.leave_value.into()),
    }
}

fn endgame_figures(verdict: &EndgameVerdict, rulebook: &Rulebook) -> EndgameFigures {
    let solution = &verdict.solution;
    EndgameFigures {
        value: solution.value,
        proved: solution.proved,
        depth: solution.depth,
        nodes: solution.nodes,
        line: endgame_line(rulebook, &verdict.position, &solution.line)
            .into_iter()
            .map(|written| written.turn)
            .collect(),
        played: verdict.played,
    }
}
