//! The analysis of a recorded game ([`analyze`]): for every decision (a play, an exchange or a pass
//! with its rack known) the best candidates by equity (and, asked, by simulation), the move played,
//! its rank among all candidates, the equity it lost against the best, a bingo missed, the phonies
//! it formed; and a summary per player ([`PlayerSummary`]).
//!
//! After a play challenged off, the simulation of the opponent's next turn knows its tiles: every
//! simulated rack of the player who withdrew them holds them.
//!
//! With the bag empty the leave counts nothing, so candidates rank by score, and the exact endgame
//! ([`crate::search::endgame::solve`], every turn valued, within [`AnalysisSettings::endgame_positions`]
//! positions) gives the best line, its value and the value of the move played ([`EndgameVerdict`]).

use std::fmt::Write;

use solvebatch_core::Deadline;

use crate::board::run::LetterRun;
use crate::board::Board;
use crate::equity::leave::{Leave, LeaveTable};
use crate::equity::{tenths, unseen, Action, Candidate, RackLeaves, EXCHANGE_MIN_BAG};
use crate::game::desk::{endgame_line, endgame_position};
use crate::game::gcg::{GcgEvent, GcgGame, GcgTurn};
use crate::game::simulate::{known_tiles_error, simulate, Simulated};
use crate::movegen::moves::Move;
use crate::play::end::SCORELESS_TURNS_TO_END;
use crate::play::Rulebook;
use crate::search::endgame::{
    solve, Position as EndgamePosition, Settings, Solution, Turn, ANALYSIS_NODE_LIMIT,
};
use crate::tiles::letter::Tile;
use crate::tiles::rack::{Rack, RACK_SIZE};

/// What to analyse and how.
#[derive(Debug, Clone, Default)]
pub struct AnalysisSettings {
    /// How many best candidates to list per turn.
    pub top: usize,
    /// Simulate the listed candidates and the move played this many times each (bag not empty).
    pub simulate: Option<usize>,
    /// Seed of the simulation's draws.
    pub seed: u64,
    /// Only this player's turns (0 or 1); all when `None`.
    pub player: Option<usize>,
    /// The positions each endgame (bag empty) searches at most; [`ANALYSIS_NODE_LIMIT`] when
    /// `None`. A count, not a time, so that the analysis is the same on every machine.
    pub endgame_positions: Option<u64>,
    /// The threads of each endgame ([`Settings::threads`]; 0 is 1).
    pub endgame_threads: usize,
}

/// The move a player made, as a candidate would be written.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The candidate of a play or an exchange; `None` for a pass.
    pub candidate: Option<Candidate>,
    /// Score plus the value of the tiles kept, in points.
    pub equity: f32,
    /// As the listing writes it (`  14.3  10 8G CAT  keep ERS? +4.3`, `   9.0  pass  keep ...`).
    pub written: String,
}

/// One decision analysed.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnAnalysis {
    /// The turn's index in [`GcgGame::turns`].
    pub turn: usize,
    /// The best candidates by equity, best first, at most `top`.
    pub best: Vec<Candidate>,
    /// How many candidates there were (every valid play, and the best exchange when allowed).
    pub candidates: usize,
    /// The move made.
    pub played: Played,
    /// 1 + the candidates with a higher equity than the move made.
    pub rank: usize,
    /// The best equity less the move's, in points (0 when it was the best or better).
    pub lost: f32,
    /// Whether the move placed all seven tiles.
    pub bingo: bool,
    /// The best play placing all seven tiles, when the move placed fewer.
    pub missed_bingo: Option<Candidate>,
    /// New words of the move the dictionary lacks.
    pub phonies: Vec<LetterRun>,
    /// The simulated candidates (the listed ones and the move made), best mean spread first.
    pub simulated: Vec<Simulated>,
    /// With the bag empty: the exact endgame.
    pub endgame: Option<EndgameVerdict>,
}

/// The exact endgame of a turn played with the bag empty.
#[derive(Debug, Clone, PartialEq)]
pub struct EndgameVerdict {
    /// The position solved: the opponent holds the unseen tiles.
    pub position: EndgamePosition,
    /// The solution, every root turn valued.
    pub solution: Solution,
    /// The value of the move made (`None` for a phony, which the search never plays).
    pub played: Option<i32>,
}

/// A player's figures over the turns analysed.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct PlayerSummary {
    /// The player's nick.
    pub nick: String,
    /// Decisions analysed.
    pub turns: usize,
    /// Equity lost in total, in points (tenths).
    pub equity_lost: f64,
    /// Equity lost per decision, in points (tenths).
    pub equity_lost_per_turn: f64,
    /// Moves that were the best by equity.
    pub best_moves: usize,
    /// Bingos played.
    pub bingos_found: usize,
    /// Turns where a bingo was possible and not played.
    pub bingos_missed: usize,
    /// Moves forming words the dictionary lacks.
    pub phonies: usize,
}

/// The analysis of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Every decision analysed, in order.
    pub turns: Vec<TurnAnalysis>,
    /// Per player (every player of the game, or the one asked for), in the game's order.
    pub players: Vec<PlayerSummary>,
}

/// Analyses every decision of `game` under `rulebook` (the game's dictionary, tiles and rules)
/// with `table`'s leave values.
pub fn analyze(
    rulebook: &Rulebook,
    game: &GcgGame,
    table: &LeaveTable,
    settings: &AnalysisSettings,
) -> Analysis {
    analyze_until(rulebook, game, table, settings, Deadline::NEVER)
        .expect("an analysis without a deadline finishes")
}

/// A decision the analysis did not reach before its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the analysis stopped at the time limit, at decision {reached} of {decisions}")]
pub struct AnalysisStopped {
    /// The decision not analysed, from 1.
    pub reached: usize,
    /// The decisions to analyse.
    pub decisions: usize,
}

/// [`analyze`], checking `deadline` before each decision: each decision's cost is bounded (its
/// candidates, the simulation's iterations, the endgame's positions) and a game's decisions by the
/// end of the game ([`GcgGame::parse`]), and the deadline bounds the whole.
///
/// # Errors
/// [`AnalysisStopped`] once the deadline has passed with decisions left.
pub fn analyze_until(
    rulebook: &Rulebook,
    game: &GcgGame,
    table: &LeaveTable,
    settings: &AnalysisSettings,
    deadline: Deadline,
) -> Result<Analysis, AnalysisStopped> {
    let decisions = game.turns.iter().filter(|turn| is_decision(settings, turn)).count();
    let mut turns = Vec::new();
    let mut moves = Vec::new();
    let known = opponent_tiles_known(game);
    let mut reached = 0;
    for (index, turn) in game.turns.iter().enumerate() {
        if !is_decision(settings, turn) {
            continue;
        }
        reached += 1;
        if deadline.passed() {
            return Err(AnalysisStopped { reached, decisions });
        }
        if let Some(analysed) =
            analyze_turn(rulebook, table, settings, (index, turn), &known[index], &mut moves, turn.scoreless)
        {
            turns.push(analysed);
        }
    }
    let players = (0..game.players.len())
        .filter(|&player| settings.player.is_none_or(|asked| asked == player))
        .map(|player| summary(game, &turns, player))
        .collect();
    Ok(Analysis { turns, players })
}

/// Whether `turn` is a decision the analysis looks at: a play, an exchange of tiles shown or a pass,
/// by the player asked for (or any), its rack known.
fn is_decision(settings: &AnalysisSettings, turn: &GcgTurn) -> bool {
    let decision = matches!(turn.event, GcgEvent::Play { .. } | GcgEvent::Exchange(Ok(_)) | GcgEvent::Pass);
    decision && settings.player.is_none_or(|player| player == turn.player) && !turn.rack.is_empty()
}

/// For each turn of `game`, the opponent's tiles its player knows: those of a play the opponent
/// withdrew (challenged off), until the player's next decision; else none.
pub fn opponent_tiles_known(game: &GcgGame) -> Vec<Rack> {
    let mut shown: Option<(usize, Rack)> = None;
    let mut known = Vec::with_capacity(game.turns.len());
    for (index, turn) in game.turns.iter().enumerate() {
        let mut tiles = Rack::default();
        let before = index.checked_sub(1).map(|last| &game.turns[last].event);
        if let (GcgEvent::Withdrawn, Some(GcgEvent::Play { play, .. })) = (&turn.event, before) {
            shown = Some((turn.player, withdrawn_tiles(&play.tiles)));
        } else if !turn.rack.is_empty() {
            match shown.take() {
                Some((player, shown_tiles)) if player != turn.player => tiles = shown_tiles,
                kept => shown = kept,
            }
        }
        known.push(tiles);
    }
    known
}

/// The tiles `tiles` of a play, as a rack (a blank as a blank).
fn withdrawn_tiles(tiles: &[Tile]) -> Rack {
    let mut rack = Rack::default();
    for tile in tiles {
        // A play holds at most a rack's tiles.
        let _ = rack.add((!tile.blank).then_some(tile.letter));
    }
    rack
}

/// Analyses turn `index`; `known` holds the opponent's tiles known to the player (the
/// simulation's opponent racks start with them).
fn analyze_turn(
    rulebook: &Rulebook,
    table: &LeaveTable,
    settings: &AnalysisSettings,
    (index, turn): (usize, &GcgTurn),
    known: &Rack,
    moves: &mut Vec<Move>,
    game_scoreless: usize,
) -> Option<TurnAnalysis> {
    let (board, rack) = (&turn.board, &turn.rack);
    let leaves = RackLeaves::new(rack, table, turn.bag);
    let (played, phonies) = match &turn.event {
        GcgEvent::Play { play, phonies } => {
            let (scored, _) = rulebook.check_allowing_phonies(board, rack, play).ok()?;
            (Some(leaves.play(&scored.to_move())), phonies.clone())
        }
        GcgEvent::Exchange(Ok(thrown)) => {
            let leave = Leave::of_rack(rack).minus(&Leave::of_rack(thrown))?;
            let thrown = Leave::of_rack(thrown);
            let candidate = Candidate {
                action: Action::Exchange(thrown),
                score: 0,
                leave,
                leave_value: leaves.value(&leave),
            };
            (Some(candidate), Vec::new())
        }
        GcgEvent::Pass => (None, Vec::new()),
        _ => return None,
    };
    moves.clear();
    rulebook.moves_into(board, rack, moves);
    let mut all: Vec<Candidate> = moves.iter().map(|listed| leaves.play(listed)).collect();
    if turn.bag >= EXCHANGE_MIN_BAG {
        all.extend(leaves.best_exchange());
    }
    all.sort_unstable_by(Candidate::ranking);
    let played = match played {
        Some(candidate) => Played {
            written: candidate.written(board, rulebook.rules),
            equity: candidate.equity(),
            candidate: Some(candidate),
        },
        None => {
            let kept = Leave::of_rack(rack);
            let equity = leaves.value(&kept);
            Played {
                written: format!(
                    "{:>6.1}  pass  keep {kept} {:+.1}",
                    tenths(equity.into()),
                    tenths(equity.into())
                ),
                equity,
                candidate: None,
            }
        }
    };
    let best_equity = all.first().map_or(played.equity, Candidate::equity);
    let rank = 1 + all.iter().filter(|candidate| candidate.equity() > played.equity).count();
    let placed = |candidate: &Candidate| match candidate.action {
        Action::Play(listed) => listed.letters.len(),
        Action::Exchange(_) => 0,
    };
    let bingo = played.candidate.as_ref().is_some_and(|candidate| placed(candidate) == RACK_SIZE);
    let missed_bingo =
        if bingo { None } else { all.iter().find(|candidate| placed(candidate) == RACK_SIZE).copied() };
    let simulated = match settings.simulate {
        Some(iterations) if turn.bag > 0 && !all.is_empty() => {
            let mut listed: Vec<Candidate> = all.iter().take(settings.top.max(1)).copied().collect();
            // A phony cannot be played out: the simulation replays candidates by the dictionary.
            let valid = phonies.is_empty();
            if let Some(candidate) = played.candidate.filter(|candidate| valid && !listed.contains(candidate))
            {
                listed.push(candidate);
            }
            let unseen = unseen(rulebook.tiles, rulebook.rules, board, rack);
            let known = if known_tiles_error(&unseen, known).is_none() { known } else { &Rack::default() };
            simulate(rulebook, board, &unseen, table, &listed, iterations, settings.seed, known)
        }
        _ => Vec::new(),
    };
    let endgame = (turn.bag == 0)
        .then(|| endgame_verdict(rulebook, settings, game_scoreless, board, rack, &played))
        .flatten();
    Some(TurnAnalysis {
        turn: index,
        candidates: all.len(),
        best: all.into_iter().take(settings.top).collect(),
        lost: (best_equity - played.equity).max(0.0),
        played,
        rank,
        bingo,
        missed_bingo,
        phonies,
        simulated,
        endgame,
    })
}

/// The endgame of `rack` on `board` after `scoreless` scoreless turns, and the value of the move
/// made; `None` when no tile is unseen (the opponent is out).
fn endgame_verdict(
    rulebook: &Rulebook,
    analysis: &AnalysisSettings,
    scoreless: usize,
    board: &Board,
    rack: &Rack,
    played: &Played,
) -> Option<EndgameVerdict> {
    let position = endgame_position(rulebook, board, rack, scoreless.min(SCORELESS_TURNS_TO_END - 1)).ok()?;
    let node_limit = analysis.endgame_positions.unwrap_or(ANALYSIS_NODE_LIMIT);
    let settings = Settings {
        all: true,
        node_limit: Some(node_limit),
        threads: analysis.endgame_threads.max(1),
        ..Settings::default()
    };
    let solution = solve(rulebook, &position, &settings);
    let made = match played.candidate.map(|candidate| candidate.action) {
        Some(Action::Play(listed)) => Turn::Play(listed),
        _ => Turn::Pass,
    };
    let played = solution.turns.iter().find(|root| root.turn == made).map(|root| root.value);
    Some(EndgameVerdict { position, solution, played })
}

fn summary(game: &GcgGame, turns: &[TurnAnalysis], player: usize) -> PlayerSummary {
    let mine: Vec<&TurnAnalysis> =
        turns.iter().filter(|turn| game.turns[turn.turn].player == player).collect();
    let lost: f64 = mine.iter().map(|turn| f64::from(turn.lost)).sum();
    PlayerSummary {
        nick: game.players[player].nick.clone(),
        turns: mine.len(),
        equity_lost: tenths(lost),
        equity_lost_per_turn: tenths(if mine.is_empty() { 0.0 } else { lost / mine.len() as f64 }),
        best_moves: mine.iter().filter(|turn| turn.rank == 1).count(),
        bingos_found: mine.iter().filter(|turn| turn.bingo).count(),
        bingos_missed: mine.iter().filter(|turn| turn.missed_bingo.is_some()).count(),
        phonies: mine.iter().filter(|turn| !turn.phonies.is_empty()).count(),
    }
}

/// The text of one decision analysed, line by line, as [`Analysis::text`] writes it (each line
/// without its two leading spaces).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TurnLines {
    /// `turn 3, line 8: alice ACERST?, bag 86, score 10-9` (the scores before the turn).
    pub heading: String,
    /// With the bag empty: `bag empty: endgame value +12 (proved, depth 3): LINE`.
    pub endgame: Option<String>,
    /// With the bag empty, the move made valued: `endgame: the move made +8, lost 4`.
    pub endgame_played: Option<String>,
    /// `played EQUITY  SCORE POS WORD  keep LEAVE VALUE  rank R of N, lost L`.
    pub played: String,
    /// `phony: WORD*, WORD*` when the move formed words the dictionary lacks.
    pub phony: Option<String>,
    /// `best EQUITY  SCORE POS WORD  keep LEAVE VALUE`, best first.
    pub best: Vec<String>,
    /// `missed bingo ...` when a bingo was possible and not played.
    pub missed_bingo: Option<String>,
    /// `simulated ...`, best mean spread first.
    pub simulated: Vec<String>,
}

impl TurnLines {
    /// The lines of `analysed`, a decision of `game` under `rulebook`.
    pub fn of(analysed: &TurnAnalysis, game: &GcgGame, rulebook: &Rulebook) -> TurnLines {
        let turn = &game.turns[analysed.turn];
        let scores: Vec<String> =
            game.players.iter().enumerate().map(|(i, _)| turn.scores[i].to_string()).collect();
        let heading = format!(
            "turn {}, line {}: {} {}, bag {}, score {}",
            analysed.turn + 1,
            turn.line,
            game.players[turn.player].nick,
            turn.rack,
            turn.bag,
            scores.join("-")
        );
        let endgame = analysed.endgame.as_ref().map(|verdict| {
            let solution = &verdict.solution;
            let line: Vec<String> = endgame_line(rulebook, &verdict.position, &solution.line)
                .into_iter()
                .map(|written| written.turn)
                .collect();
            let proved = if solution.proved { "proved" } else { "not proved" };
            format!(
                "bag empty: endgame value {:+} ({proved}, depth {}): {}",
                solution.value,
                solution.depth,
                line.join(", ")
            )
        });
        let endgame_played = analysed.endgame.as_ref().and_then(|verdict| {
            let value = verdict.played?;
            Some(format!("endgame: the move made {value:+}, lost {}", verdict.solution.value - value))
        });
        let written = |candidate: &Candidate| candidate.written(&turn.board, rulebook.rules);
        TurnLines {
            heading,
            endgame,
            endgame_played,
            played: format!(
                "played {}  rank {} of {}, lost {:.1}",
                analysed.played.written.trim_start(),
                analysed.rank,
                analysed.candidates,
                tenths(analysed.lost.into())
            ),
            phony: (!analysed.phonies.is_empty()).then(|| {
                let marked: Vec<String> = analysed.phonies.iter().map(|word| format!("{word}*")).collect();
                format!("phony: {}", marked.join(", "))
            }),
            best: analysed
                .best
                .iter()
                .map(|candidate| format!("best {}", written(candidate).trim_start()))
                .collect(),
            missed_bingo: analysed
                .missed_bingo
                .as_ref()
                .map(|missed| format!("missed bingo {}", written(missed).trim_start())),
            simulated: analysed
                .simulated
                .iter()
                .map(|simulated| {
                    format!("simulated {}", simulated.written(&turn.board, rulebook.rules).trim_start())
                })
                .collect(),
        }
    }

    /// The lines as [`Analysis::text`] writes them: the heading, then each line indented by two
    /// spaces, each ending in a newline.
    pub fn text(&self) -> String {
        let mut text = format!("{}\n", self.heading);
        let details = (self.endgame.iter().chain(&self.endgame_played))
            .chain(std::iter::once(&self.played))
            .chain(&self.phony)
            .chain(&self.best)
            .chain(&self.missed_bingo)
            .chain(&self.simulated);
        for line in details {
            let _ = writeln!(text, "  {line}");
        }
        text
    }
}

impl PlayerSummary {
    /// The summary as one line: `alice: 12 turns, 10 best, equity lost 8.3 (0.7 a turn), bingos 2
    /// found, 1 missed, 0 phonies`.
    pub fn text(&self) -> String {
        format!(
            "{}: {} turns, {} best, equity lost {:.1} ({:.1} a turn), bingos {} found, {} missed, {} phonies",
            self.nick,
            self.turns,
            self.best_moves,
            self.equity_lost,
            self.equity_lost_per_turn,
            self.bingos_found,
            self.bingos_missed,
            self.phonies
        )
    }
}

impl Analysis {
    /// The analysis as text: per decision its [`TurnLines`] (a heading, the move made with its rank
    /// and the equity it lost, the best candidates, the bingo missed, the phonies (each marked `*`),
    /// the simulation); then a line per player ([`PlayerSummary::text`]).
    pub fn text(&self, game: &GcgGame, rulebook: &Rulebook) -> String {
        let mut text = String::new();
        for analysed in &self.turns {
            text += &TurnLines::of(analysed, game, rulebook).text();
        }
        for player in &self.players {
            let _ = writeln!(text, "{}", player.text());
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::dictionary::Dictionary;
    use crate::tiles::TileSet;

    #[test]
    fn the_tiles_of_a_play_challenged_off_are_known_to_the_opponents_next_turn() {
        let text = "#player1 a\n#player2 b\n>a: ACERST? 8G CAT +10 10\n>b: DEIOOXZ H8 .X +9 9\n\
                    >a: EERSUV? 7I VE +18 28\n>a: EERSUV? -- -18 10\n>b: DEIOOZL -OO +0 9\n>a: EERSUV? - +0 10\n";
        let game =
            GcgGame::parse(text, &Dictionary::from_text(b"cat\nax".to_vec()), &TileSet::standard()).unwrap();
        let known: Vec<String> = opponent_tiles_known(&game).iter().map(ToString::to_string).collect();
        assert_eq!(known, ["", "", "", "", "EV", ""]);
    }
}
