//! The one-tile pre-endgame: one tile is left in the bag, so the player to move sees eight unseen
//! tiles and does not know which seven the opponent holds. Each play is valued against every
//! possible draw: the play draws the bag's tile, the bag is then empty, and the exact endgame
//! ([`crate::search::endgame::solve`], the opponent to move) gives the final spread. A play's value is the
//! mean over the draws, each unseen tile equally likely to be the one in the bag (a kind held twice
//! among the unseen counts twice).
//!
//! The plays valued are the best by score ([`Settings::plays`]); a pass is not valued, since after
//! it the opponent faces the same bag with its own rack hidden, a game of imperfect information the
//! endgame search does not cover.

use crate::play::end::Ending;
use rayon::prelude::*;

use crate::board::Board;
use crate::equity::leave::{Leave, TILE_KINDS};
use crate::equity::unseen;
use crate::movegen::moves::lay;
use crate::movegen::moves::Move;
use crate::play::Rulebook;
use crate::search::endgame;
use crate::tiles::letter::Letter;
use crate::tiles::rack::Rack;
use crate::tiles::rack::RACK_SIZE;

/// The unseen tiles when one is in the bag: the opponent's seven and the bag's one.
pub const UNSEEN_WITH_ONE_IN_THE_BAG: u32 = RACK_SIZE as u32 + 1;

/// How much to search.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// How many plays to value: the first by [`Move::ranking`] (the highest scores).
    pub plays: usize,
    /// The positions each draw's endgame searches at most: a count, not a time, so that the result
    /// is the same on every machine.
    pub node_limit: u64,
    /// The threads of each endgame ([`endgame::Settings::threads`]; 0 is 1), beside the plays
    /// valued in parallel.
    pub threads: usize,
}

/// The endgame after a play when the bag's tile is of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawValue {
    /// The kind drawn: a letter index (0 for A), or [`crate::equity::leave::BLANK`].
    pub kind: usize,
    /// How many of the unseen tiles are of that kind: the draw's weight.
    pub count: u32,
    /// The final spread for the player to move, in points: the play's score less the endgame's
    /// value for the opponent.
    pub value: i32,
    /// Whether that endgame was searched to the end of the game on every line.
    pub proved: bool,
}

/// A play valued over every possible draw.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayValue {
    /// The play.
    pub play: Move,
    /// The mean of the draws' values weighted by their counts, in points.
    pub mean: f64,
    /// Each kind among the unseen tiles, in kind order (the blank last).
    pub draws: Vec<DrawValue>,
}

/// Values the best [`Settings::plays`] plays of `rack` on `board` (after `scoreless_turns`
/// scoreless turns), best mean first (ties by [`Move::ranking`], score first), with the
/// endgames of different plays searched in parallel. No play when the game is over
/// ([`Ending::of_position`]: six scoreless turns).
///
/// # Errors
/// In words: the rack is empty, or the unseen tiles are not eight (no tile or more than one in
/// the bag).
pub fn solve(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    scoreless_turns: usize,
    settings: &Settings,
) -> Result<Vec<PlayValue>, String> {
    if Ending::of_position(scoreless_turns).is_some() {
        return Ok(Vec::new());
    }
    if rack.is_empty() {
        return Err("the rack is empty: the game is over".to_string());
    }
    let unseen = unseen(rulebook.tiles, rulebook.rules, board, rack);
    let count: u32 = unseen.iter().sum();
    if count != UNSEEN_WITH_ONE_IN_THE_BAG {
        let tiles = if count == 1 { "tile is" } else { "tiles are" };
        return Err(format!(
            "{count} {tiles} unseen: with one tile in the bag there are {UNSEEN_WITH_ONE_IN_THE_BAG} \
             (the opponent's 7 and the bag's)"
        ));
    }
    let mut plays = rulebook.moves(board, rack);
    plays.sort_by(Move::ranking);
    plays.truncate(settings.plays);
    let mut valued: Vec<PlayValue> = plays
        .par_iter()
        .map(|play| value_play(rulebook, board, rack, &unseen, scoreless_turns, play, settings))
        .collect();
    // Stable: among equal means, the order by score stays.
    valued.sort_by(|a, b| b.mean.total_cmp(&a.mean));
    Ok(valued)
}

/// `play` valued over every kind among `unseen`.
fn value_play(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    unseen: &[u32; TILE_KINDS],
    scoreless_turns: usize,
    play: &Move,
    settings: &Settings,
) -> PlayValue {
    let mut after = board.clone();
    let mut placed = Vec::with_capacity(RACK_SIZE);
    lay(&mut after, play, |_, tile| placed.push(tile));
    let mut kept = rack.clone();
    let removed = kept.remove(&placed);
    debug_assert!(removed, "a generated play's tiles are on the rack");
    let scoreless = if play.score == 0 { scoreless_turns + 1 } else { 0 };
    let search = endgame::Settings {
        node_limit: Some(settings.node_limit),
        // A draw's endgame holds far fewer positions than a whole one: 2^16 entries (2 MiB).
        table_bits: 16,
        threads: settings.threads.max(1),
        ..endgame::Settings::default()
    };
    let draws: Vec<DrawValue> = (0..TILE_KINDS)
        .filter(|&kind| unseen[kind] > 0)
        .map(|kind| {
            let mut mover = kept.clone();
            // `from_index` of the blank's kind is `None`, a blank.
            mover.add(Letter::from_index(kind)).expect("a play frees a place on the rack");
            let mut rest = unseen.map(|count| count as u8);
            rest[kind] -= 1;
            let opponent = Leave::from_counts(rest).to_rack();
            let position = endgame::Position {
                board: after.clone(),
                racks: [opponent, mover],
                scoreless_turns: scoreless,
            };
            let solution = endgame::solve(rulebook, &position, &search);
            DrawValue {
                kind,
                count: unseen[kind],
                value: play.score as i32 - solution.value,
                proved: solution.proved,
            }
        })
        .collect();
    let weight: u32 = draws.iter().map(|draw| draw.count).sum();
    let total: f64 = draws.iter().map(|draw| f64::from(draw.count) * f64::from(draw.value)).sum();
    PlayValue { play: *play, mean: total / f64::from(weight), draws }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;
    use crate::lexicon::dictionary::Dictionary;
    use crate::play::Play;
    use crate::tiles::TileSet;

    /// Lab rules (no premium, no bingo bonus), the words AT and TA, and twelve tiles: two A and two T
    /// worth 1, seven Q worth 10.
    fn with_rulebook<T>(run: impl FnOnce(&Rulebook) -> T) -> T {
        let dictionary = Dictionary::from_text(b"AT\nTA\n".to_vec());
        let tiles = TileSet::parse("A 1 2\nT 1 2\nQ 10 7\n").unwrap();
        let rules = Rules::lab();
        run(&Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules })
    }

    fn board_with_at(rulebook: &Rulebook) -> Board {
        let mut board = Board::new();
        let play: Play = "AT 0 0 horizontal".parse().unwrap();
        rulebook.check(&board, &"AT".parse().unwrap(), &play).unwrap().apply(&mut board);
        board
    }

    #[test]
    fn each_play_is_valued_over_every_draw_by_hand() {
        with_rulebook(|rulebook| {
            // AT on the board, A on the rack: the unseen tiles are one T and seven Q. The A makes AT
            // down to the T, or TA down from it (2 points either way), then draws the bag's tile.
            // The new A and the board's A then leave a corner where a T makes TA across and AT or
            // TA down: 4 points.
            // - T drawn (1 in 8): the opponent's seven Q cannot move; after its pass the T takes
            //   the corner (4) and goes out with 2 x 70: 2 + 4 + 140 = +146.
            // - Q drawn (7 in 8): the opponent's T takes the corner (4), then neither can move, and
            //   six scoreless turns cost each its rack: 2 - (4 - 60 + 10) = +48.
            // The mean: (146 + 7 x 48) / 8 = 60.25.
            let board = board_with_at(rulebook);
            let rack: Rack = "A".parse().unwrap();
            let settings = Settings { plays: 10, node_limit: 1_000_000, threads: 1 };
            let valued = solve(rulebook, &board, &rack, 0, &settings).unwrap();
            assert_eq!(valued.len(), 2);
            let q = Letter::from_char('Q').unwrap().index();
            let t = Letter::from_char('T').unwrap().index();
            for play in &valued {
                assert_eq!(play.play.score, 2);
                assert_eq!(
                    play.draws,
                    [
                        DrawValue { kind: q, count: 7, value: 48, proved: true },
                        DrawValue { kind: t, count: 1, value: 146, proved: true },
                    ]
                );
                assert_eq!(play.mean, 60.25);
            }
            let one = solve(rulebook, &board, &rack, 0, &Settings { plays: 1, ..settings }).unwrap();
            assert_eq!(one.len(), 1);
        });
    }

    #[test]
    fn a_bag_that_is_not_one_tile_is_refused() {
        with_rulebook(|rulebook| {
            let board = board_with_at(rulebook);
            let settings = Settings { plays: 10, node_limit: 1_000, threads: 1 };
            // With AT on the rack only the seven Q are unseen: the bag is empty.
            let error = solve(rulebook, &board, &"AT".parse().unwrap(), 0, &settings).unwrap_err();
            assert_eq!(
                error,
                "7 tiles are unseen: with one tile in the bag there are 8 (the opponent's 7 and the bag's)"
            );
            let error = solve(rulebook, &board, &Rack::default(), 0, &settings).unwrap_err();
            assert_eq!(error, "the rack is empty: the game is over");
        });
    }
}
