//! Equity: a move's score plus the value of the tiles it keeps (Sheppard 2002, "World-championship-
//! caliber Scrabble", the static evaluation of Maven), and the candidates ranked by it: every play,
//! and the best exchange when the bag allows one.
//!
//! The leave counts only while there are tiles to draw: with an empty bag a move's equity is its
//! score. An exchange scores 0 and keeps the tiles it does not throw back; it is allowed only when
//! the bag holds at least [`EXCHANGE_MIN_BAG`] tiles.
//!
//! The leave values are here too ([`leave`], [`leave_file`]): the [`LeaveTable`] of what a kept [`Leave`] is worth, and its
//! learning by self-play ([`crate::game::train`]).

pub mod leave;
pub mod leave_file;

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::board::rules::{Rules, RulesName};
use crate::board::{Board, Square};
use crate::equity::leave::{Leave, LeaveTable, BLANK, TILE_KINDS};
use crate::movegen::moves::Move;
use crate::play::notation::written_move;
use crate::play::Rulebook;
use crate::tiles::letter::Letter;
use crate::tiles::rack::{Rack, RACK_SIZE};
use crate::tiles::TileSet;

/// The fewest tiles the bag must hold for an exchange (the standard rules' seven).
pub const EXCHANGE_MIN_BAG: usize = 7;

/// How best plays are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranking {
    /// By score alone, ties as the spec says ([`Move::ranking`]); no exchanges.
    Score,
    /// By equity, score plus leave value; the best exchange is a candidate too.
    Equity,
}

/// A ranking name other than `score` and `equity`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ranking '{0}': expected score or equity")]
pub struct UnknownRanking(pub String);

impl Ranking {
    /// The default of `rules`: equity under the standard rules, score under the lab rules (the leave
    /// values are learned for the standard rules).
    pub fn default_for(rules: &Rules) -> Ranking {
        match rules.name() {
            RulesName::Lab => Ranking::Score,
            RulesName::Standard => Ranking::Equity,
        }
    }
}

impl FromStr for Ranking {
    type Err = UnknownRanking;

    fn from_str(text: &str) -> Result<Ranking, UnknownRanking> {
        match text {
            "score" => Ok(Ranking::Score),
            "equity" => Ok(Ranking::Equity),
            _ => Err(UnknownRanking(crate::quote::quote(text))),
        }
    }
}

impl fmt::Display for Ranking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ranking::Score => "score",
            Ranking::Equity => "equity",
        })
    }
}

/// What a candidate does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A play on the board.
    Play(Move),
    /// Throw these tiles back into the bag and draw as many.
    Exchange(Leave),
}

/// A candidate move with its score, the tiles it keeps and its equity in points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The play or the exchange.
    pub action: Action,
    /// Its score (0 for an exchange).
    pub score: u32,
    /// The tiles kept.
    pub leave: Leave,
    /// The value of the leave counted in the equity (0 with an empty bag).
    pub leave_value: f32,
}

impl Candidate {
    /// Score plus leave value, in points.
    pub fn equity(&self) -> f32 {
        self.score as f32 + self.leave_value
    }

    /// Best first: higher equity, then plays before exchanges, plays by [`Move::ranking`] and
    /// exchanges by the tiles kept.
    pub fn ranking(&self, other: &Candidate) -> Ordering {
        other.equity().total_cmp(&self.equity()).then_with(|| match (&self.action, &other.action) {
            (Action::Play(a), Action::Play(b)) => a.ranking(b),
            (Action::Play(_), Action::Exchange(_)) => Ordering::Less,
            (Action::Exchange(_), Action::Play(_)) => Ordering::Greater,
            (Action::Exchange(a), Action::Exchange(b)) => a.cmp(b),
        })
    }
}

impl Candidate {
    /// `EQUITY  PLAY  keep LEAVE VALUE`: the equity with one decimal, the play on `board` as `rules`
    /// write a listed play ([`written_move`]) or `exchange TILES`, the tiles kept (`-` for none) and
    /// their value, for example `  28.5  24 8F QUA  keep ERS +4.5` under the standard rules.
    pub fn written(&self, board: &Board, rules: &Rules) -> String {
        let action = match &self.action {
            Action::Play(listed) => written_move(listed, board, rules),
            Action::Exchange(thrown) => format!("exchange {thrown}"),
        };
        let (equity, leave_value) = (tenths(self.equity().into()), tenths(self.leave_value.into()));
        format!("{equity:>6.1}  {action}  keep {} {leave_value:+.1}", self.leave)
    }
}

/// `value` rounded to tenths of a point, a negative value that rounds to zero made `0.0`: printed with
/// one decimal, it never reads `-0.0`.
pub(crate) fn tenths(value: f64) -> f64 {
    (value * 10.0).round() / 10.0 + 0.0
}

/// The values of every leave one rack can keep, computed once per rack: a play's leave value is
/// then an index into a small array.
pub struct RackLeaves {
    rack: Leave,
    /// The kinds the rack holds and the stride of each in [`RackLeaves::values`].
    kinds: Vec<(usize, usize)>,
    /// The value of each sub-multiset of the rack, by mixed-radix index of its counts.
    values: Vec<f32>,
}

impl RackLeaves {
    /// The leave values of `rack` under `table`; all 0 when `bag` is 0 (no tile to draw).
    pub fn new(rack: &Rack, table: &LeaveTable, bag: usize) -> RackLeaves {
        let rack = Leave::of_rack(rack);
        let counts = rack.counts();
        let mut kinds = Vec::new();
        let mut size = 1;
        for kind in rack.kinds() {
            kinds.push((kind, size));
            size *= counts[kind] as usize + 1;
        }
        let mut values = vec![0.0; size];
        if bag > 0 {
            for subset in rack.subsets() {
                let sub = subset.counts();
                let index: usize = kinds.iter().map(|&(kind, stride)| sub[kind] as usize * stride).sum();
                values[index] = table.value(&subset);
            }
        }
        RackLeaves { rack, kinds, values }
    }

    /// The value of `leave`, a sub-multiset of the rack.
    pub fn value(&self, leave: &Leave) -> f32 {
        let counts = leave.counts();
        self.values[self.kinds.iter().map(|&(kind, stride)| counts[kind] as usize * stride).sum::<usize>()]
    }

    /// The candidate of `played`, a play of the rack.
    pub fn play(&self, played: &Move) -> Candidate {
        let leave = self.rack.after(played);
        Candidate {
            action: Action::Play(*played),
            score: played.score,
            leave,
            leave_value: self.value(&leave),
        }
    }

    /// The best exchange (highest leave value, ties by [`Candidate::ranking`]), or `None` for an
    /// empty rack. Whether the bag allows it is the caller's question.
    pub fn best_exchange(&self) -> Option<Candidate> {
        let mut best: Option<Candidate> = None;
        for keep in self.rack.subsets() {
            if keep == self.rack {
                continue;
            }
            let candidate = Candidate {
                action: Action::Exchange(self.rack.minus(&keep).expect("a subset")),
                score: 0,
                leave: keep,
                leave_value: self.value(&keep),
            };
            if best.is_none_or(|best| candidate.ranking(&best) == Ordering::Less) {
                best = Some(candidate);
            }
        }
        best
    }
}

/// Every play of `moves` (all plays of `rack`) as a candidate under `ranking`, plus, ranking by
/// equity with at least [`EXCHANGE_MIN_BAG`] tiles in the bag, the best exchange; best first, the
/// first `top` of them. `bag` is the number of tiles left to draw.
pub fn ranked_candidates(
    moves: &[Move],
    rack: &Rack,
    bag: usize,
    table: &LeaveTable,
    ranking: Ranking,
    top: usize,
) -> Vec<Candidate> {
    let leaves = RackLeaves::new(rack, table, if ranking == Ranking::Equity { bag } else { 0 });
    let candidates: Vec<Candidate> = moves.iter().map(|played| leaves.play(played)).collect();
    best_first(candidates, &leaves, ranking, bag, top)
}

/// [`ranked_candidates`] of every play of `rack` on `board`, the plays taken as they are generated
/// and never more than about twice `top` held: the list is cut back to its best `top` whenever it
/// reaches that, and a play ranked after the worst of those is dropped at once, which keeps the same
/// candidates (the ranking is a total order) in far less memory and time than all the plays of a
/// rack with blanks.
pub fn best_candidates(
    rulebook: &Rulebook,
    board: &Board,
    rack: &Rack,
    bag: usize,
    table: &LeaveTable,
    ranking: Ranking,
    top: usize,
) -> Vec<Candidate> {
    let leaves = RackLeaves::new(rack, table, if ranking == Ranking::Equity { bag } else { 0 });
    let mut candidates = Vec::new();
    let bound = top.saturating_mul(2).max(64);
    // The worst of the best `top` kept so far: a play ranked after it is never among the best.
    let mut cutoff: Option<Candidate> = None;
    if top > 0 {
        rulebook.visit_moves(board, rack, |played| {
            let candidate = leaves.play(&played);
            if cutoff.is_some_and(|worst| candidate.ranking(&worst) == Ordering::Greater) {
                return;
            }
            candidates.push(candidate);
            if candidates.len() >= bound {
                keep_best(&mut candidates, top);
                cutoff = candidates.iter().copied().max_by(Candidate::ranking);
            }
        });
    }
    best_first(candidates, &leaves, ranking, bag, top)
}

/// The plays `candidates` and, ranking by equity with at least [`EXCHANGE_MIN_BAG`] tiles in the
/// bag, the best exchange of `leaves`: the best `top`, best first.
fn best_first(
    mut candidates: Vec<Candidate>,
    leaves: &RackLeaves,
    ranking: Ranking,
    bag: usize,
    top: usize,
) -> Vec<Candidate> {
    if ranking == Ranking::Equity && bag >= EXCHANGE_MIN_BAG {
        candidates.extend(leaves.best_exchange());
    }
    keep_best(&mut candidates, top);
    candidates.sort_unstable_by(Candidate::ranking);
    candidates
}

/// Cuts `candidates` to their best `top`, in no order.
fn keep_best(candidates: &mut Vec<Candidate>, top: usize) {
    if top < candidates.len() {
        if top == 0 {
            candidates.clear();
            return;
        }
        candidates.select_nth_unstable_by(top - 1, Candidate::ranking);
        candidates.truncate(top);
    }
}

/// The best candidate of [`ranked_candidates`], without sorting the rest.
pub fn best_candidate(
    moves: &[Move],
    rack: &Rack,
    bag: usize,
    table: &LeaveTable,
    ranking: Ranking,
) -> Option<Candidate> {
    let leaves = RackLeaves::new(rack, table, if ranking == Ranking::Equity { bag } else { 0 });
    let exchange = (ranking == Ranking::Equity && bag >= EXCHANGE_MIN_BAG).then(|| leaves.best_exchange());
    moves.iter().map(|played| leaves.play(played)).chain(exchange.flatten()).min_by(Candidate::ranking)
}

/// The tiles not in sight of the player: every tile of `tiles` and the rules' blanks, less the tiles
/// on `board` (a blank on the board counts as a blank) and on `rack`; a kind already used up counts 0.
/// They are the opponent's rack and the bag. Counts by kind ([`TILE_KINDS`]: letters, then the blank).
pub fn unseen(tiles: &TileSet, rules: &Rules, board: &Board, rack: &Rack) -> [u32; TILE_KINDS] {
    let (available, held) = available_and_held(tiles, rules, board, rack);
    std::array::from_fn(|kind| available[kind].saturating_sub(held[kind]))
}

/// More tiles of one kind on the board and the rack than the game has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooManyTiles {
    /// The kind, by index ([`TILE_KINDS`]: letters `A` = 0, then the blank, [`BLANK`]).
    pub kind: usize,
    /// Tiles of the kind on the board and the rack together.
    pub held: u32,
    /// Tiles of the kind in the tile set (blanks: the rules' blanks).
    pub available: u32,
}

impl std::error::Error for TooManyTiles {}

impl fmt::Display for TooManyTiles {
    /// `the rack and board hold 4 Z tiles; the tile set has 1`, or `... hold 3 blanks; the rules have 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (held, available) = (self.held, self.available);
        match self.kind {
            BLANK => write!(f, "the rack and board hold {held} blanks; the rules have {available}"),
            letter => {
                let letter = Letter::from_index(letter).map_or('?', Letter::to_char);
                write!(f, "the rack and board hold {held} {letter} tiles; the tile set has {available}")
            }
        }
    }
}

/// Checks that `board` and `rack` hold no more tiles of any kind than `tiles` and the rules' blanks:
/// the bag, the leave values and the exchanges of a position rest on it.
///
/// # Errors
/// [`TooManyTiles`] for the first kind (`A` to `Z`, then the blank) held more often than the game has.
pub fn check_tile_counts(
    tiles: &TileSet,
    rules: &Rules,
    board: &Board,
    rack: &Rack,
) -> Result<(), TooManyTiles> {
    let (available, held) = available_and_held(tiles, rules, board, rack);
    match (0..TILE_KINDS).find(|&kind| held[kind] > available[kind]) {
        Some(kind) => Err(TooManyTiles { kind, held: held[kind], available: available[kind] }),
        None => Ok(()),
    }
}

/// Tiles of each kind in the game (`tiles` and the rules' blanks) and on `board` and `rack` together.
fn available_and_held(
    tiles: &TileSet,
    rules: &Rules,
    board: &Board,
    rack: &Rack,
) -> ([u32; TILE_KINDS], [u32; TILE_KINDS]) {
    let mut available = [0u32; TILE_KINDS];
    for letter in Letter::all() {
        available[letter.index()] = tiles.count(letter);
    }
    available[BLANK] = rules.blank_tiles();
    let mut held = [0u32; TILE_KINDS];
    for square in Square::all() {
        if let Some(tile) = board.tile(square) {
            held[if tile.blank { BLANK } else { tile.letter.index() }] += 1;
        }
    }
    for tile in rack.tiles() {
        held[tile.map_or(BLANK, Letter::index)] += 1;
    }
    (available, held)
}

/// The tiles in the bag when `unseen` tiles are out of sight and the opponent holds a full rack.
pub fn bag_size(unseen: &[u32; TILE_KINDS]) -> usize {
    (unseen.iter().sum::<u32>() as usize).saturating_sub(RACK_SIZE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::dictionary::Dictionary;
    use crate::play::{Play, Rulebook};

    fn rack(text: &str) -> Rack {
        text.parse().unwrap()
    }

    /// Lab rules, a toy dictionary and `ZAXJ` across the centre: with `EQRSVVW`, `ZAXJERS` scores
    /// 30 and keeps `QVVW`; `AQVVW` down through the A scores 23 and keeps `ERS`. (A 7-tile rack
    /// cannot keep both `QVVWU` and `ERS`, eight tiles; this is the nearest case.)
    fn zaxj<'a>(dictionary: &'a Dictionary, tiles: &'a TileSet, rules: &'a Rules) -> (Rulebook<'a>, Board) {
        let rulebook = Rulebook { dictionary, tiles, rules };
        let mut board = Board::new();
        let play: Play = "ZAXJ -1 0 horizontal".parse().unwrap();
        rulebook.check(&board, &rack("AJXZ"), &play).unwrap().apply(&mut board);
        (rulebook, board)
    }

    fn toy_dictionary() -> Dictionary {
        Dictionary::from_text(b"zaxj\nzaxjers\naqvvw\naw\n".to_vec())
    }

    /// The candidate lines under the lab rules, which write plays as the spec does.
    fn lines(candidates: &[Candidate]) -> Vec<String> {
        candidates.iter().map(|candidate| candidate.written(&Board::new(), &Rules::lab())).collect()
    }

    #[test]
    fn the_streamed_best_candidates_are_the_best_of_all_plays() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/scrabble/dictionary.txt");
        let dictionary = Dictionary::load(&path).unwrap();
        let (tiles, rules) = (TileSet::standard(), Rules::standard());
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let board = Board::new();
        // A blank on an empty board: thousands of plays, so the held list is cut many times.
        let rack = rack("AEINST?");
        let moves = rulebook.moves(&board, &rack);
        assert!(moves.len() > 1000, "{}", moves.len());
        let table = LeaveTable::standard();
        for top in [0, 1, 7, 63, 64, 200, usize::MAX] {
            for (ranking, bag) in [(Ranking::Equity, 86), (Ranking::Equity, 3), (Ranking::Score, 86)] {
                let all = ranked_candidates(&moves, &rack, bag, table, ranking, top);
                let streamed = best_candidates(&rulebook, &board, &rack, bag, table, ranking, top);
                assert_eq!(streamed, all, "top {top}, {ranking}, bag {bag}");
                assert_eq!(
                    all.len(),
                    top.min(moves.len() + usize::from(bag >= 7 && ranking == Ranking::Equity))
                );
            }
        }
    }

    #[test]
    fn equity_puts_keeping_ers_before_a_higher_score_keeping_qvvw() {
        let (dictionary, tiles, rules) = (toy_dictionary(), TileSet::standard(), Rules::lab());
        let (rulebook, board) = zaxj(&dictionary, &tiles, &rules);
        let rack = rack("EQRSVVW");
        let moves = rulebook.moves(&board, &rack);
        let table = LeaveTable::parse("Q -7\nV -3\nW -2\nU -1\nE 2\nR 1\nS 8\nVV -3\n").unwrap();
        assert_eq!(
            lines(&ranked_candidates(&moves, &rack, 50, &table, Ranking::Score, 10)),
            [
                "  30.0  30 ZAXJERS -1 0 horizontal ERS  keep QVVW +0.0",
                "  23.0  23 AQVVW 0 0 vertical QVVW  keep ERS +0.0",
                "   5.0  5 AW 0 0 vertical W  keep EQRSVV +0.0"
            ]
        );
        assert_eq!(
            lines(&ranked_candidates(&moves, &rack, 50, &table, Ranking::Equity, 2)),
            [
                "  34.0  23 AQVVW 0 0 vertical QVVW  keep ERS +11.0",
                "  18.0  30 ZAXJERS -1 0 horizontal ERS  keep QVVW -12.0"
            ]
        );
        // The learned table agrees, and values QVVWU below ERS.
        let standard = LeaveTable::standard();
        let top = best_candidate(&moves, &rack, 50, standard, Ranking::Equity).unwrap();
        assert_eq!(top.leave.to_string(), "ERS");
        assert!(standard.value(&"QVVWU".parse().unwrap()) + 10.0 < standard.value(&"ERS".parse().unwrap()));
        // With an empty bag the leave counts nothing: the score decides.
        assert_eq!(
            best_candidate(&moves, &rack, 0, standard, Ranking::Equity).unwrap().leave.to_string(),
            "QVVW"
        );
    }

    #[test]
    fn an_exchange_is_chosen_when_best_and_only_with_seven_in_the_bag() {
        let (dictionary, tiles, rules) = (toy_dictionary(), TileSet::standard(), Rules::lab());
        let (rulebook, board) = zaxj(&dictionary, &tiles, &rules);
        let rack = rack("IQUUVWW");
        let moves = rulebook.moves(&board, &rack);
        let table = LeaveTable::parse("Q -7\nV -3\nW -2\nU -1\nI 0.5\nVV -8\n").unwrap();
        assert_eq!(
            lines(&ranked_candidates(&moves, &rack, 7, &table, Ranking::Equity, 10)),
            ["   0.5  exchange QUUVWW  keep I +0.5", "  -8.5  5 AW 0 0 vertical W  keep IQUUVW -13.5"]
        );
        assert_eq!(
            lines(&ranked_candidates(&moves, &rack, 6, &table, Ranking::Equity, 10)),
            ["  -8.5  5 AW 0 0 vertical W  keep IQUUVW -13.5"]
        );
        assert!(matches!(
            best_candidate(&moves, &rack, 7, &table, Ranking::Equity).unwrap().action,
            Action::Exchange(_)
        ));
        assert!(matches!(
            best_candidate(&moves, &rack, 6, &table, Ranking::Equity).unwrap().action,
            Action::Play(_)
        ));
        // Ranked by score, never an exchange.
        assert!(matches!(
            best_candidate(&moves, &rack, 50, &table, Ranking::Score).unwrap().action,
            Action::Play(_)
        ));
    }

    #[test]
    fn unseen_tiles_are_the_set_less_board_and_rack() {
        let (dictionary, tiles, rules) = (toy_dictionary(), TileSet::standard(), Rules::standard());
        let (_, board) = zaxj(&dictionary, &tiles, &rules);
        let unseen = unseen(&tiles, &rules, &board, &rack("AEQ?"));
        // 100 tiles less ZAXJ and the four on the rack; the only Z, X, J and Q are all in sight.
        assert_eq!(unseen.iter().sum::<u32>(), 92);
        assert_eq!((unseen[0], unseen[25], unseen[16], unseen[BLANK]), (7, 0, 0, 1));
        assert_eq!(bag_size(&unseen), 85);
    }

    #[test]
    fn tile_counts_are_checked_against_the_set_and_the_blanks() {
        let (tiles, rules) = (TileSet::standard(), Rules::standard());
        let mut board = Board::new();
        board.set(Square::new(0, 0).unwrap(), Letter::from_char('Q'));
        assert_eq!(check_tile_counts(&tiles, &rules, &board, &rack("AB??")), Ok(()));
        let error = check_tile_counts(&tiles, &rules, &board, &rack("Q")).unwrap_err();
        assert_eq!(error, TooManyTiles { kind: 16, held: 2, available: 1 });
        assert_eq!(error.to_string(), "the rack and board hold 2 Q tiles; the tile set has 1");
        let error = check_tile_counts(&tiles, &rules, &board, &rack("???")).unwrap_err();
        assert_eq!(error.to_string(), "the rack and board hold 3 blanks; the rules have 2");
    }

    #[test]
    fn values_print_in_tenths_never_as_minus_zero() {
        assert_eq!(format!("{:+.1}", tenths(-0.04)), "+0.0");
        assert_eq!(format!("{:+.1}", tenths(-0.05)), "-0.1");
        assert_eq!(format!("{:+.1}", tenths(14.06)), "+14.1");
    }

    #[test]
    fn names_of_rankings() {
        assert_eq!("equity".parse::<Ranking>(), Ok(Ranking::Equity));
        assert_eq!("score".parse::<Ranking>(), Ok(Ranking::Score));
        assert_eq!(
            "best".parse::<Ranking>().unwrap_err().to_string(),
            "unknown ranking 'best': expected score or equity"
        );
    }
}
