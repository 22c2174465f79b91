//! Two-player games between engines, with a bag, passes and exchanges, under a rulebook (the
//! standard rules for the leave values and the strength check).
//!
//! The bag holds every tile of the tile set and the rules' blanks, shuffled by a `ChaCha8Rng` seeded
//! with the game's seed; tiles are drawn from its end, the first player's seven first. A turn is the
//! engine's best candidate ([`crate::equity::best_candidate`] under its ranking): a play, an exchange (the
//! thrown tiles are replaced from the bag, then go back into it and the bag is shuffled again), or a
//! pass when there is neither. An engine ranking by score exchanges its whole rack when it has no
//! play and the bag allows it. The game ends when a player plays out with the bag empty (it gains
//! the value of the other's rack, which the other loses), or after six scoreless turns in a row
//! (each loses the value of its own rack).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::board::Board;
use crate::equity::leave::{Leave, LeaveTable};
use crate::equity::{best_candidate, Action, Ranking, EXCHANGE_MIN_BAG};
use crate::game::cgp::Cgp;
use crate::game::gcg::{GcgEntry, GcgEvent, GcgGame, GcgPlayer};
use crate::movegen::moves::Move;
use crate::play::end::{rack_value, Ending};
use crate::play::Rulebook;
use crate::seed::sub_seed;
use crate::tiles::letter::Letter;
use crate::tiles::rack::{Rack, RACK_SIZE};

/// An engine: how it ranks its candidates, and the leave values it uses.
#[derive(Debug, Clone, Copy)]
pub struct Engine<'a> {
    /// Score or equity.
    pub ranking: Ranking,
    /// The leave values (unused when ranking by score).
    pub table: &'a LeaveTable,
}

/// What a player did on a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnAction {
    /// A play.
    Play(Move),
    /// An exchange of these tiles.
    Exchange(Leave),
    /// A pass.
    Pass,
}

/// One turn of a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Turn {
    /// The player, 0 (first) or 1.
    pub player: usize,
    /// The rack before the turn.
    pub rack: Leave,
    /// The tiles in the bag before the turn.
    pub bag: usize,
    /// The play, exchange or pass.
    pub action: TurnAction,
    /// The points it scored.
    pub score: u32,
    /// The tiles kept.
    pub leave: Leave,
    /// The value of the kept tiles the engine counted in its choice (0 ranking by score or with an
    /// empty bag).
    pub leave_value: f32,
}

/// A finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Every turn in order.
    pub turns: Vec<Turn>,
    /// The points of each end-of-game adjustment: the racks left, by player.
    pub adjustments: [i32; 2],
    /// The final scores: each player's turn scores plus its adjustment.
    pub scores: [i32; 2],
    /// The board at the end.
    pub board: Board,
    /// The racks at the end.
    pub racks: [Rack; 2],
    /// The tiles left in the bag (`None` a blank).
    pub bag: Vec<Option<Letter>>,
}

impl GameRecord {
    /// The game as a GCG record between `players` (first to play first), each turn with its rack,
    /// then the end-of-game rack points: the tiles left of the player who did not go out, to the one
    /// who did ([`GcgEvent::EndRack`]) and lost by their holder ([`GcgEvent::RackPenalty`]), or after
    /// six scoreless turns each player's own as a penalty. `rulebook` must be the game's.
    pub fn to_gcg(&self, rulebook: &Rulebook, players: [GcgPlayer; 2], lexicon: Option<String>) -> GcgGame {
        let mut game = GcgGame::new(players.into(), rulebook.rules.clone(), lexicon);
        let (dictionary, tiles) = (rulebook.dictionary, rulebook.tiles);
        let mut record = |player: usize, rack: Rack, event: GcgEvent, points: i32| {
            game.record(dictionary, tiles, GcgEntry { line: 0, player, rack, event, points })
                .expect("a self-played turn follows the rules");
        };
        for turn in &self.turns {
            let event = match turn.action {
                TurnAction::Play(played) => GcgEvent::Play { play: played.play(), phonies: Vec::new() },
                TurnAction::Exchange(thrown) => GcgEvent::Exchange(Ok(thrown.to_rack())),
                TurnAction::Pass => GcgEvent::Pass,
            };
            record(turn.player, turn.rack.to_rack(), event, turn.score as i32);
        }
        if let Some(out) = (0..2).find(|&player| self.racks[player].is_empty()) {
            let left = self.racks[1 - out].clone();
            record(out, Rack::default(), GcgEvent::EndRack(left.clone()), self.adjustments[out]);
            record(1 - out, left.clone(), GcgEvent::RackPenalty(left), self.adjustments[1 - out]);
        } else {
            for player in 0..2 {
                let left = self.racks[player].clone();
                record(player, left.clone(), GcgEvent::RackPenalty(left), self.adjustments[player]);
            }
        }
        game
    }
}

impl GameRecord {
    /// The position of the first turn played with the bag empty, as a CGP line: the board, the racks
    /// (the player to move first; the opponent's are the unseen tiles), the scores so far (the player
    /// to move first) and the scoreless turns in a row; `None` when the game ended with tiles in the
    /// bag.
    pub fn first_endgame(&self) -> Option<Cgp> {
        let mut board = Board::new();
        let (mut scores, mut scoreless) = ([0i32; 2], 0);
        let mut racks = [Rack::default(), Rack::default()];
        for turn in &self.turns {
            racks[turn.player] = turn.rack.to_rack();
            if turn.bag == 0 {
                let (mover, other) = (turn.player, 1 - turn.player);
                // With the bag empty the opponent draws nothing more: its next turn (or the end)
                // shows its rack.
                let opponent = self.rack_at(other, turn);
                return Some(Cgp {
                    board,
                    racks: [racks[mover].clone(), opponent],
                    scores: [scores[mover], scores[other]],
                    scoreless_turns: scoreless,
                    options: Vec::new(),
                });
            }
            if let TurnAction::Play(played) = turn.action {
                crate::movegen::moves::lay(&mut board, &played, |_, _| {});
            }
            scores[turn.player] += turn.score as i32;
            scoreless = if turn.score == 0 { scoreless + 1 } else { 0 };
        }
        None
    }

    /// The rack of `player` at the first turn after `turn` that is its own, else at the end.
    fn rack_at(&self, player: usize, turn: &Turn) -> Rack {
        let index =
            self.turns.iter().position(|later| std::ptr::eq(later, turn)).expect("a turn of the game");
        self.turns[index..]
            .iter()
            .find(|later| later.player == player)
            .map_or_else(|| self.racks[player].clone(), |later| later.rack.to_rack())
    }
}

/// Plays a game of `engines[0]` (first to play) against `engines[1]` with the bag shuffled by `seed`.
/// The same seed deals the same bag, so a game and the one with the engines swapped see the same
/// tiles in the same order.
pub fn play_game(rulebook: &Rulebook, engines: [Engine; 2], seed: u64) -> GameRecord {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bag: Vec<Option<Letter>> = Letter::all()
        .flat_map(|letter| std::iter::repeat_n(Some(letter), rulebook.tiles.count(letter) as usize))
        .chain(std::iter::repeat_n(None, rulebook.rules.blank_tiles() as usize))
        .collect();
    bag.shuffle(&mut rng);
    let mut racks = [Rack::default(), Rack::default()];
    for rack in &mut racks {
        draw(rack, &mut bag);
    }
    let mut board = Board::new();
    let mut turns = Vec::new();
    let mut moves = Vec::new();
    let mut scoreless = 0;
    let mut player = 0;
    let adjustments = loop {
        let engine = engines[player];
        let rack = &mut racks[player];
        moves.clear();
        rulebook.moves_into(&board, rack, &mut moves);
        let chosen = best_candidate(&moves, rack, bag.len(), engine.table, engine.ranking);
        let before = Leave::of_rack(rack);
        let bag_count = bag.len();
        let (action, score, leave, leave_value) = match chosen {
            Some(candidate) => match candidate.action {
                Action::Play(played) => {
                    let scored =
                        rulebook.check(&board, rack, &played.play()).expect("a generated play is valid");
                    scored.apply(&mut board);
                    rack.remove(&scored.tiles());
                    draw(rack, &mut bag);
                    (TurnAction::Play(played), played.score, candidate.leave, candidate.leave_value)
                }
                Action::Exchange(thrown) => {
                    exchange(rack, &thrown, &mut bag, &mut rng);
                    (TurnAction::Exchange(thrown), 0, candidate.leave, candidate.leave_value)
                }
            },
            None if bag_count >= EXCHANGE_MIN_BAG && !rack.is_empty() => {
                exchange(rack, &before, &mut bag, &mut rng);
                (TurnAction::Exchange(before), 0, Leave::default(), 0.0)
            }
            None => (TurnAction::Pass, 0, before, 0.0),
        };
        turns.push(Turn { player, rack: before, bag: bag_count, action, score, leave, leave_value });
        scoreless = if score == 0 { scoreless + 1 } else { 0 };
        let out = (racks[player].is_empty() && bag.is_empty()).then_some(player);
        if let Some(ending) = Ending::after(scoreless, out) {
            break ending.adjustments(racks.each_ref().map(|rack| rack_value(rulebook, rack)));
        }
        player = 1 - player;
    };
    let mut scores = adjustments;
    for turn in &turns {
        scores[turn.player] += turn.score as i32;
    }
    GameRecord { turns, adjustments, scores, board, racks, bag }
}

/// The outcome of [`duel`]: engine A's margin over engine B.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DuelReport {
    /// Pairs of games played (twice as many games).
    pub pairs: usize,
    /// A's mean final score less B's, per game, in points.
    pub mean: f64,
    /// The standard error of `mean`, over the pairs' means (the pairs are independent).
    pub standard_error: f64,
    /// Games A won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games A lost.
    pub losses: usize,
    /// A's and B's mean final scores per game.
    pub mean_scores: [f64; 2],
}

/// Plays `pairs` pairs of games between engines `a` and `b`: pair `i` is two games on the same bag
/// (seed [`sub_seed`]`(seed, i)`), A first in one and B first in the other, which cancels most of the
/// luck of the draw. Pairs run in parallel (rayon); the result depends only on the arguments.
pub fn duel(rulebook: &Rulebook, a: Engine, b: Engine, pairs: usize, seed: u64) -> DuelReport {
    use rayon::prelude::*;
    let games: Vec<[[i32; 2]; 2]> = (0..pairs as u64)
        .into_par_iter()
        .map(|pair| {
            let seed = sub_seed(seed, pair);
            let first = play_game(rulebook, [a, b], seed).scores;
            let second = play_game(rulebook, [b, a], seed).scores;
            [first, [second[1], second[0]]]
        })
        .collect();
    let margins: Vec<f64> =
        games.iter().map(|pair| f64::from(pair[0][0] - pair[0][1] + pair[1][0] - pair[1][1]) / 2.0).collect();
    let n = margins.len().max(1) as f64;
    let mean = margins.iter().sum::<f64>() / n;
    let variance = margins.iter().map(|m| (m - mean) * (m - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    let outcomes = games.iter().flatten().map(|scores| scores[0].cmp(&scores[1]));
    let count = |ordering| outcomes.clone().filter(|&outcome| outcome == ordering).count();
    let mean_score =
        |side: usize| games.iter().flatten().map(|s| f64::from(s[side])).sum::<f64>() / (2.0 * n);
    DuelReport {
        pairs,
        mean,
        standard_error: (variance / n).sqrt(),
        wins: count(std::cmp::Ordering::Greater),
        draws: count(std::cmp::Ordering::Equal),
        losses: count(std::cmp::Ordering::Less),
        mean_scores: [mean_score(0), mean_score(1)],
    }
}

/// Fills `rack` to [`RACK_SIZE`] tiles from the end of `bag` (fewer when it runs out).
fn draw(rack: &mut Rack, bag: &mut Vec<Option<Letter>>) {
    while rack.len() < RACK_SIZE {
        let Some(tile) = bag.pop() else { break };
        rack.add(tile).expect("the rack has room");
    }
}

/// Takes `thrown` off `rack`, draws as many from `bag`, puts them into the bag and shuffles it.
fn exchange(rack: &mut Rack, thrown: &Leave, bag: &mut Vec<Option<Letter>>, rng: &mut ChaCha8Rng) {
    let kept = Leave::of_rack(rack).minus(thrown).expect("thrown from the rack");
    *rack = kept.to_rack();
    draw(rack, bag);
    bag.extend(thrown.to_rack().tiles());
    bag.shuffle(rng);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;
    use crate::board::Square;
    use crate::lexicon::dictionary::Dictionary;
    use crate::play::end::SCORELESS_TURNS_TO_END;
    use crate::tiles::TileSet;

    /// The tiles of `board`, by square.
    fn board_tiles(board: &Board) -> usize {
        Square::all().filter(|&square| board.tile(square).is_some()).count()
    }

    fn bundled() -> Dictionary {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../datasets/scrabble/dictionary.txt");
        Dictionary::load(std::path::Path::new(path)).unwrap()
    }

    #[test]
    fn games_keep_every_tile_add_up_and_end() {
        let dictionary = bundled();
        let (tiles, rules) = (TileSet::standard(), Rules::standard());
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let equity = Engine { ranking: Ranking::Equity, table: LeaveTable::standard() };
        let score = Engine { ranking: Ranking::Score, table: LeaveTable::standard() };
        for seed in 0..4 {
            let game = play_game(&rulebook, [equity, score], seed);
            let held: usize = game.racks.iter().map(Rack::len).sum();
            assert_eq!(board_tiles(&game.board) + held + game.bag.len(), 100, "seed {seed}");
            for player in 0..2 {
                let turns: i32 = game
                    .turns
                    .iter()
                    .filter(|turn| turn.player == player)
                    .map(|turn| turn.score as i32)
                    .sum();
                assert_eq!(game.scores[player], turns + game.adjustments[player]);
            }
            let last = game.turns.last().unwrap();
            let scoreless = game.turns.iter().rev().take_while(|turn| turn.score == 0).count();
            let out = game.racks[last.player].is_empty() && game.bag.is_empty();
            assert!(out || scoreless >= SCORELESS_TURNS_TO_END, "seed {seed}");
            if out {
                assert_eq!(game.adjustments[last.player], -game.adjustments[1 - last.player]);
            }
            // Turns alternate, and each play's tiles leave the rack.
            for (index, turn) in game.turns.iter().enumerate() {
                assert_eq!(turn.player, index % 2);
                if let TurnAction::Play(played) = turn.action {
                    assert_eq!(turn.leave.len() + played.letters.len(), turn.rack.len());
                }
            }
        }
        // The same seed plays the same game.
        let again = |seed| play_game(&rulebook, [equity, score], seed).turns;
        assert_eq!(again(3), again(3));
    }

    #[test]
    fn an_engine_against_itself_draws_every_pair() {
        let dictionary = bundled();
        let (tiles, rules) = (TileSet::standard(), Rules::standard());
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let equity = Engine { ranking: Ranking::Equity, table: LeaveTable::standard() };
        let report = duel(&rulebook, equity, equity, 2, 11);
        assert_eq!((report.pairs, report.mean, report.standard_error), (2, 0.0, 0.0));
        assert_eq!(report.wins, report.losses);
        assert_eq!(report.mean_scores[0], report.mean_scores[1]);
    }
}
