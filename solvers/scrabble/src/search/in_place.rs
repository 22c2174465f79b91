//! The endgame search's position, made and unmade in place ([`InPlace`]): one board with its lines
//! for move generation (cross-checks and anchors kept up to date, [`Lines`]), both racks, the board's
//! Zobrist key, the scoreless turns and the player to move. [`InPlace::make`] plays a turn on them
//! and [`InPlace::unmake`] takes it back exactly, so that a search copies no board per move and
//! generates moves without working the cross-checks out again (as Gordon 1994 and the strongest
//! endgame solvers keep their boards).

use crate::board::{Board, Square};
use crate::movegen::lines::{playable_letters, Lines};
use crate::movegen::moves::lay;
use crate::play::Rulebook;
use crate::search::position::{Position, Turn};
use crate::search::transposition::Zobrist;
use crate::tiles::rack::{Rack, RACK_SIZE};

/// A position of the search, changed in place.
pub(crate) struct InPlace {
    /// The board.
    pub(crate) board: Board,
    /// The board read for move generation, with the cross-checks of every letter either rack held
    /// at the start.
    pub(crate) lines: Lines,
    /// The racks of the root's player to move (0) and of the other (1).
    pub(crate) racks: [Rack; 2],
    /// The player to move: 0 the root's, 1 the other.
    pub(crate) side: usize,
    /// Scoreless turns in a row before this one.
    pub(crate) scoreless: usize,
    /// The Zobrist key of the board's tiles.
    pub(crate) board_key: u64,
}

/// What [`InPlace::make`] changed besides the board and its lines, to be put back.
pub(crate) struct Made {
    /// The mover's rack before the turn.
    rack: Rack,
    scoreless: usize,
    board_key: u64,
    /// The squares the turn filled; the first `count` count.
    squares: [Square; RACK_SIZE],
    count: usize,
}

impl InPlace {
    /// `position` with its player to move as side 0, its board read with the cross-checks of the
    /// letters of both racks (they only lose tiles).
    pub(crate) fn new(rulebook: &Rulebook, zobrist: &Zobrist, position: &Position) -> InPlace {
        let [first, second] = &position.racks;
        let wanted = playable_letters(first) | playable_letters(second);
        InPlace {
            board: position.board.clone(),
            lines: Lines::new(rulebook, &position.board, wanted),
            racks: position.racks.clone(),
            side: 0,
            scoreless: position.scoreless_turns,
            board_key: zobrist.board(&position.board),
        }
    }

    /// Plays `turn` (a play generated on this board for the mover's rack, or the pass): lays its
    /// tiles and updates the lines and the key, takes the tiles off the mover's rack, counts the
    /// turn as scoreless or not, and hands the move to the other player.
    pub(crate) fn make(&mut self, rulebook: &Rulebook, zobrist: &Zobrist, turn: &Turn) -> Made {
        let mut made = Made {
            rack: self.racks[self.side].clone(),
            scoreless: self.scoreless,
            board_key: self.board_key,
            squares: [Square::CENTRE; RACK_SIZE],
            count: 0,
        };
        if let Turn::Play(played) = turn {
            let side = self.side;
            lay(&mut self.board, played, |square, tile| {
                self.board_key ^= zobrist.square(square, tile);
                let removed = self.racks[side].remove(&[tile]);
                debug_assert!(removed, "a generated play's tiles are on the rack");
                made.squares[made.count] = square;
                made.count += 1;
            });
            self.lines.place(rulebook, &self.board, &made.squares[..made.count]);
        }
        self.scoreless = if turn.score() == 0 { self.scoreless + 1 } else { 0 };
        self.side = 1 - self.side;
        made
    }

    /// Takes back the turn `made` records, the last one made.
    pub(crate) fn unmake(&mut self, made: Made) {
        self.side = 1 - self.side;
        if made.count > 0 {
            for &square in &made.squares[..made.count] {
                self.board.set(square, None);
            }
            self.lines.undo();
        }
        self.racks[self.side] = made.rack;
        self.scoreless = made.scoreless;
        self.board_key = made.board_key;
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::board::rules::Rules;
    use crate::board::Direction;
    use crate::lexicon::dictionary::Dictionary;
    use crate::play::Play;
    use crate::tiles::TileSet;

    const WORDS: &str =
        "at ta as es et eat tea ate eta sat set tes sea ates east seat teas eats sate etas tat \
                         rat tar art arts star rats tsar rest eras ears sear stare tears rates aster re er";

    /// Everything a position holds.
    fn snapshot(at: &InPlace) -> (Board, Lines, [Rack; 2], usize, usize, u64) {
        (at.board.clone(), at.lines.clone(), at.racks.clone(), at.side, at.scoreless, at.board_key)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random turns on random small positions under the standard rules (premiums, blanks): after
        /// each make the kept lines are those of the board worked out anew, and give the same moves
        /// in the same order; unmaking every turn in reverse gives back each position bit for bit.
        #[test]
        fn make_keeps_the_lines_of_the_board_and_unmake_restores_every_position(
            word in prop::sample::select(vec!["AT", "SEA", "EAST", "STARE", "TEARS"]),
            direction in prop::sample::select(vec![Direction::Horizontal, Direction::Vertical]),
            mover in "[AERST?]{1,7}",
            opponent in "[AERST]{1,7}",
            choices in prop::collection::vec(0usize..1000, 1..10),
        ) {
            let dictionary = Dictionary::from_text(WORDS.replace(' ', "\n").into_bytes());
            let (tiles, rules) = (TileSet::standard(), Rules::standard());
            let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
            let mut board = Board::new();
            let play: Play = format!("{word} 0 0 {direction}").parse().unwrap();
            rulebook.check(&board, &word.parse().unwrap(), &play).unwrap().apply(&mut board);
            let position =
                Position { board, racks: [mover.parse().unwrap(), opponent.parse().unwrap()], scoreless_turns: 0 };
            let zobrist = Zobrist::new();
            let mut at = InPlace::new(&rulebook, &zobrist, &position);
            prop_assert_eq!(&at.lines, &Lines::new(&rulebook, &position.board, at.lines.wanted()));
            let mut made = Vec::new();
            for choice in choices {
                let rack = &at.racks[at.side];
                if rack.is_empty() {
                    break;
                }
                let mut moves = Vec::new();
                rulebook.moves_on_lines_into(&at.lines, rack, &mut moves);
                prop_assert_eq!(&moves, &rulebook.moves(&at.board, rack));
                let turn = moves.get(choice % (moves.len() + 1)).map_or(Turn::Pass, |&played| Turn::Play(played));
                let before = snapshot(&at);
                made.push((before.clone(), at.make(&rulebook, &zobrist, &turn)));
                prop_assert_eq!(&at.lines, &Lines::new(&rulebook, &at.board, at.lines.wanted()));
                prop_assert_eq!(at.board_key, zobrist.board(&at.board));
                let mover = 1 - at.side;
                let placed = if let Turn::Play(played) = turn { played.letters.len() } else { 0 };
                prop_assert_eq!(at.racks[mover].len() + placed, before.2[mover].len());
                prop_assert_eq!(&at.racks[at.side], &before.2[at.side]);
                let scoreless = if turn.score() == 0 { before.4 + 1 } else { 0 };
                prop_assert_eq!(at.scoreless, scoreless);
            }
            while let Some((before, turn)) = made.pop() {
                at.unmake(turn);
                prop_assert_eq!(snapshot(&at), before);
            }
        }
    }
}
