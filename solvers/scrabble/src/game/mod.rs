//! A solitaire game's state: the board, the player's rack, the shuffled pool of tiles still to
//! draw, and the score.
//!
//! Whole games are here too: the solitaire dialogue ([`solitaire::run_solitaire`]), self-play and duels between
//! engines ([`selfplay::play_game`], [`selfplay::duel`]), the two-ply simulation of the top candidates ([`simulate`]),
//! GCG game records ([`GcgGame`]: read, checked turn by turn, and written) and their analysis
//! ([`analyze`]), the one-line CGP position ([`cgp`]), leaves learned by self-play ([`train`]), and
//! the position desk that both front ends ask to check a play, hint and list ([`desk`]), and an
//! analysis's figures as data ([`figures`]).

pub mod analyze;
pub mod cgp;
pub mod desk;
pub mod figures;
pub mod gcg;
pub mod selfplay;
pub mod simulate;
pub mod solitaire;
pub mod train;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::board::Board;
use crate::equity::Ranking;
use crate::game::gcg::{GcgEntry, GcgEvent, GcgGame, GcgPlayer};
use crate::play::end::Ending;
use crate::play::hint::{hint, Hint};
use crate::play::{Play, Rejection, Rulebook, Scored};
use crate::tiles::letter::{Letter, Tile};
use crate::tiles::rack::{Rack, RACK_SIZE};

/// The most tiles a game's pool may hold (a hundred standard sets).
pub const MAX_POOL_SIZE: u64 = 10_000;

/// A game that cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The tile definitions and the rules' blanks make too many tiles.
    #[error("the pool would hold {0} tiles, a game allows at most 10000")]
    PoolTooLarge(u64),
}

/// Why an exchange is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExchangeError {
    /// Fewer tiles to draw than a full rack.
    #[error("the bag holds {0} tiles: an exchange needs at least 7")]
    BagTooSmall(usize),
    /// No tile named.
    #[error("name the tiles to exchange, for example exchange QV?")]
    NoTiles,
    /// The rack does not hold the tiles named.
    #[error("the rack does not hold {0}")]
    NotOnRack(String),
}

/// A solitaire game in progress.
#[derive(Debug, Clone)]
pub struct SolitaireGame<'a> {
    rulebook: Rulebook<'a>,
    board: Board,
    rack: Rack,
    /// The tiles still to draw, drawn from the end: `Some(letter)` a letter tile, `None` a blank.
    pool: Vec<Option<Letter>>,
    /// The shuffle's generator, which shuffles the pool again after an exchange.
    shuffle: ChaCha8Rng,
    score: u32,
    /// How the suggestions of a hint are ranked.
    ranking: Ranking,
    /// Scoreless turns in a row.
    scoreless: usize,
    /// Every turn so far, as a GCG record of one player.
    record: GcgGame,
}

impl<'a> SolitaireGame<'a> {
    /// A new game with an empty board, an empty rack and score 0. The pool holds every tile of
    /// `rulebook.tiles` (letters in alphabetical order, each as many times as its count) followed by
    /// the rules' blanks, shuffled by `rand`'s `SliceRandom::shuffle` with a `ChaCha8Rng` seeded by
    /// `seed`: the same seed deals the same tiles. Suggestions are ranked by the rules' default
    /// ([`Ranking::default_for`]).
    ///
    /// # Errors
    /// [`GameError::PoolTooLarge`] beyond [`MAX_POOL_SIZE`] tiles.
    pub fn new(rulebook: Rulebook<'a>, seed: u64) -> Result<SolitaireGame<'a>, GameError> {
        let size = rulebook.tiles.pool_size() + u64::from(rulebook.rules.blank_tiles());
        if size > MAX_POOL_SIZE {
            return Err(GameError::PoolTooLarge(size));
        }
        let mut pool: Vec<Option<Letter>> = Letter::all()
            .flat_map(|letter| std::iter::repeat_n(Some(letter), rulebook.tiles.count(letter) as usize))
            .chain(std::iter::repeat_n(None, rulebook.rules.blank_tiles() as usize))
            .collect();
        let mut shuffle = ChaCha8Rng::seed_from_u64(seed);
        pool.shuffle(&mut shuffle);
        Ok(SolitaireGame {
            rulebook,
            board: Board::new(),
            rack: Rack::default(),
            pool,
            shuffle,
            score: 0,
            ranking: Ranking::default_for(rulebook.rules),
            scoreless: 0,
            record: GcgGame::new(
                vec![GcgPlayer { nick: "player".into(), name: String::new() }],
                rulebook.rules.clone(),
                None,
            ),
        })
    }

    /// The dictionary, tile values and rules of the game.
    pub fn rulebook(&self) -> &Rulebook<'a> {
        &self.rulebook
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player's rack.
    pub fn rack(&self) -> &Rack {
        &self.rack
    }

    /// The points scored so far.
    pub fn score(&self) -> u32 {
        self.score
    }

    /// How the suggestions of a hint are ranked.
    pub fn ranking(&self) -> Ranking {
        self.ranking
    }

    /// Ranks the suggestions of hints by `ranking` (the leave values are the standard rules').
    pub fn set_ranking(&mut self, ranking: Ranking) {
        self.ranking = ranking;
    }

    /// The number of tiles still to draw.
    pub fn pool_len(&self) -> usize {
        self.pool.len()
    }

    /// Fills the rack to [`RACK_SIZE`] tiles from the pool (fewer when the pool runs out).
    pub fn refill(&mut self) {
        while self.rack.len() < RACK_SIZE {
            let Some(tile) = self.pool.pop() else { break };
            self.rack.add(tile).expect("the rack has room");
        }
    }

    /// Plays `play`: when valid, its tiles go on the board and leave the rack, and its score is added;
    /// when rejected nothing changes (the play scores 0).
    ///
    /// # Errors
    /// Why the play is rejected, as [`Rulebook::check`] says.
    pub fn play(&mut self, play: &Play) -> Result<Scored, Rejection> {
        let scored = self.rulebook.check(&self.board, &self.rack, play)?;
        self.keep(GcgEvent::Play { play: play.clone(), phonies: Vec::new() }, scored.score);
        scored.apply(&mut self.board);
        let removed = self.rack.remove(&scored.tiles());
        debug_assert!(removed, "a valid play uses tiles of the rack");
        self.score += scored.score;
        self.count_turn(scored.score);
        Ok(scored)
    }

    /// Passes the turn: it scores nothing.
    pub fn pass(&mut self) {
        self.keep(GcgEvent::Pass, 0);
        self.count_turn(0);
    }

    /// Exchanges `tiles` (`?` a blank, letters either case): new tiles are drawn first, then those
    /// given back go into the bag, which is shuffled again. The turn scores nothing.
    ///
    /// # Errors
    /// Fewer than 7 tiles in the bag, no tile named, or tiles the rack does not hold; nothing changes.
    pub fn exchange(&mut self, tiles: &Rack) -> Result<(), ExchangeError> {
        if self.pool.len() < RACK_SIZE {
            return Err(ExchangeError::BagTooSmall(self.pool.len()));
        }
        if tiles.is_empty() {
            return Err(ExchangeError::NoTiles);
        }
        let given: Vec<Tile> = tiles
            .tiles()
            .map(|tile| Tile {
                letter: tile.or(Letter::from_index(0)).expect("a letter"),
                blank: tile.is_none(),
            })
            .collect();
        let mut after = self.rack.clone();
        if !after.remove(&given) {
            return Err(ExchangeError::NotOnRack(tiles.to_string()));
        }
        self.keep(GcgEvent::Exchange(Ok(tiles.clone())), 0);
        self.rack = after;
        self.refill();
        self.pool.extend(tiles.tiles());
        self.pool.shuffle(&mut self.shuffle);
        self.count_turn(0);
        Ok(())
    }

    /// Scoreless turns in a row so far.
    pub fn scoreless_turns(&self) -> usize {
        self.scoreless
    }

    /// How the game ended, if it has ([`Ending`]): the rack and the pool empty (the player went
    /// out), or [`SCORELESS_TURNS_TO_END`](crate::play::end::SCORELESS_TURNS_TO_END) scoreless turns in a row.
    pub fn ending(&self) -> Option<Ending> {
        let out = (self.rack.is_empty() && self.pool.is_empty()).then_some(0);
        Ending::after(self.scoreless, out)
    }

    /// Whether the game is over ([`SolitaireGame::ending`]).
    pub fn is_over(&self) -> bool {
        self.ending().is_some()
    }

    /// The game so far as a GCG record of one player, nicknamed `player` (its `lexicon` unset).
    pub fn record(&self) -> &GcgGame {
        &self.record
    }

    /// Adds the turn about to be made from the current rack to the record.
    fn keep(&mut self, event: GcgEvent, score: u32) {
        let Rulebook { dictionary, tiles, .. } = self.rulebook;
        self.record
            .record(
                dictionary,
                tiles,
                GcgEntry { line: 0, player: 0, rack: self.rack.clone(), event, points: score as i32 },
            )
            .expect("a turn the game accepted follows the rules");
    }

    fn count_turn(&mut self, score: u32) {
        self.scoreless = if score == 0 { self.scoreless + 1 } else { 0 };
    }

    /// What to suggest after `play` was rejected.
    pub fn hint(&self, play: &Play) -> Hint {
        hint(&self.rulebook, &self.board, &self.rack, play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;
    use crate::lexicon::dictionary::Dictionary;
    use crate::tiles::TileSet;

    fn tiles(text: &str) -> TileSet {
        TileSet::parse(text).unwrap()
    }

    #[test]
    fn the_rack_holds_the_whole_pool_when_it_is_small() {
        let dictionary = Dictionary::from_text(b"cat".to_vec());
        let tiles = tiles("C 3 1\nA 1 2\nT 1 1");
        let rules = Rules::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let mut game = SolitaireGame::new(rulebook, 7).unwrap();
        assert_eq!((game.pool_len(), game.rack().len()), (6, 0));
        game.refill();
        // Four letter tiles and the standard rules' two blanks.
        assert_eq!((game.pool_len(), game.rack().to_string()), (0, "AACT??".to_string()));
        let scored = game.play(&Play::parse_with_blanks("CaT -1 0 horizontal").unwrap()).unwrap();
        // C3 + a blank 0 + T1 on a double word at the centre: 8.
        assert_eq!((scored.score, game.score(), game.rack().to_string()), (8, 8, "AA?".to_string()));
        let rejected = game.play(&Play::parse_with_blanks("CAT -1 0 horizontal").unwrap());
        assert_eq!(rejected.unwrap_err().to_string(), "C is not on the rack");
        assert_eq!(game.score(), 8);
    }

    #[test]
    fn the_same_seed_deals_the_same_tiles() {
        let dictionary = Dictionary::from_text(Vec::new());
        let tiles = TileSet::standard();
        let rules = Rules::lab();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let deal = |seed| {
            let mut game = SolitaireGame::new(rulebook, seed).unwrap();
            game.refill();
            (game.rack().clone(), game.pool_len())
        };
        assert_eq!(deal(1), deal(1));
        assert_eq!(deal(1).1, 98 - 7);
        assert!((2..10).any(|seed| deal(seed) != deal(1)));
    }

    #[test]
    fn the_rack_is_drawn_from_the_end_of_the_shuffled_pool() {
        let dictionary = Dictionary::from_text(Vec::new());
        let tiles = tiles("A 1 3\nB 3 2\nC 3 4");
        let rules = Rules::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let mut game = SolitaireGame::new(rulebook, 42).unwrap();
        game.refill();
        // The documented pool: A A A B B C C C C, then two blanks; shuffled with ChaCha8 seeded by 42.
        let mut pool: Vec<char> = "AAABBCCCC??".chars().collect();
        pool.shuffle(&mut ChaCha8Rng::seed_from_u64(42));
        let mut drawn: Vec<char> = pool[pool.len() - 7..].to_vec();
        drawn.sort_by_key(|&c| (c == '?', c));
        assert_eq!(game.rack().to_string(), drawn.into_iter().collect::<String>());
        assert_eq!(game.pool_len(), 4);
    }

    #[test]
    fn an_absurd_pool_is_refused() {
        let dictionary = Dictionary::from_text(Vec::new());
        let tiles = tiles("A 1 9999\nB 1 1");
        let rules = Rules::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        assert_eq!(
            SolitaireGame::new(rulebook, 0).unwrap_err().to_string(),
            "the pool would hold 10002 tiles, a game allows at most 10000"
        );
    }
}
