//! A play: rack tiles laid from a start square in a direction. Checking it gives either every new
//! word and the score, or the reason it is rejected.
//!
//! Placement walks from the start square: an empty square takes the next unused tile, an occupied
//! square contributes its tile; it stops when every tile is used. A blank is written as the lower-case
//! letter it stands for, and is worth 0.
//!
//! The players' notation of plays and squares (columns A–O, rows 1–15, `8H WORD` across, `H8 WORD`
//! down: [`notation`]) and the [`hint`] after a rejected
//! play are here too.

pub mod end;
pub mod hint;
pub mod notation;

use std::fmt;
use std::str::FromStr;

use crate::board::rules::Rules;
use crate::board::run::LetterRun;
use crate::board::{Board, Direction, DirectionError, Square};
use crate::lexicon::dictionary::Dictionary;
use crate::movegen::moves::Move;
use crate::quote::quote;
use crate::tiles::letter::{parse_tiles, Letter, Tile, TileCharError, LETTER_COUNT};
use crate::tiles::rack::{Rack, RACK_SIZE};
use crate::tiles::TileSet;

/// Everything that decides whether a play is valid and what it scores.
#[derive(Debug, Clone, Copy)]
pub struct Rulebook<'a> {
    /// The words that count.
    pub dictionary: &'a Dictionary,
    /// The value of each letter.
    pub tiles: &'a TileSet,
    /// Premium squares and the bingo bonus (none under the spec's rules).
    pub rules: &'a Rules,
}

/// An attempted play: `tiles` from the rack, laid from `(x, y)` in `direction`. The start square
/// may be off the board: checking the play then rejects it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// The rack tiles in the order they are laid, each a letter tile or a blank naming its letter.
    pub tiles: Vec<Tile>,
    /// The start square's horizontal coordinate.
    pub x: i32,
    /// The start square's vertical coordinate.
    pub y: i32,
    /// Where the letters go from the start square.
    pub direction: Direction,
}

/// Text that is not a play. Text quoted from it is cut to its first 60 characters, with `…` after
/// them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayParseError {
    /// Not three or four fields.
    #[error("'{0}' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal")]
    Shape(String),
    /// A letter field with a character other than a letter.
    #[error(transparent)]
    Letter(#[from] TileCharError),
    /// A coordinate that is not an integer.
    #[error("{axis}: '{text}' is not an integer")]
    Coordinate {
        /// `x` or `y`.
        axis: char,
        /// The field as written.
        text: String,
    },
    /// The direction field.
    #[error(transparent)]
    Direction(#[from] DirectionError),
}

impl FromStr for Play {
    type Err = PlayParseError;

    /// `LETTERS X Y DIRECTION` separated by white space (`AE 0 -1 horizontal`), letters in either case
    /// and no blanks; `X Y DIRECTION` alone is a play with no letters.
    fn from_str(text: &str) -> Result<Play, PlayParseError> {
        Play::read(text, false)
    }
}

impl Play {
    /// Reads a play as [`Play::from_str`] does, except that a lower-case letter is a blank standing
    /// for that letter (`CaT 0 0 horizontal` plays a blank as the A).
    ///
    /// # Errors
    /// Not three or four fields, a character other than a letter, a coordinate that is not an
    /// integer, or an unknown direction.
    pub fn parse_with_blanks(text: &str) -> Result<Play, PlayParseError> {
        Play::read(text, true)
    }

    /// Reads a play in the notation of `rules`: [`Play::parse_with_blanks`] when they allow blanks,
    /// else [`Play::from_str`].
    ///
    /// # Errors
    /// As [`Play::parse_with_blanks`].
    pub fn parse_under(text: &str, rules: &Rules) -> Result<Play, PlayParseError> {
        Play::read(text, rules.allows_blanks())
    }

    fn read(text: &str, blanks: bool) -> Result<Play, PlayParseError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (letters, rest) = match fields.as_slice() {
            [letters, rest @ ..] if rest.len() == 3 => (*letters, rest),
            rest if rest.len() == 3 => ("", rest),
            _ => return Err(PlayParseError::Shape(quote(text.trim()))),
        };
        let tiles = parse_tiles(letters, blanks)?;
        let coordinate = |axis: char, text: &str| {
            text.parse::<i32>().map_err(|_| PlayParseError::Coordinate { axis, text: quote(text) })
        };
        Ok(Play {
            tiles,
            x: coordinate('x', rest[0])?,
            y: coordinate('y', rest[1])?,
            direction: rest[2].parse()?,
        })
    }
}

impl fmt::Display for Play {
    /// `AE 0 -1 horizontal` (`0 -1 horizontal` with no letters; a blank lower-case).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for tile in &self.tiles {
            write!(f, "{tile}")?;
        }
        if !self.tiles.is_empty() {
            f.write_str(" ")?;
        }
        write!(f, "{} {} {}", self.x, self.y, self.direction)
    }
}

/// Why a play is rejected (it scores 0 and the board is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// The play has no letters.
    #[error("the play has no letters")]
    NoLetters,
    /// The play uses a letter more often than the rack holds it.
    #[error("{}", not_on_rack(*letter, *used, *held))]
    NotOnRack {
        /// The first such letter in the play.
        letter: Letter,
        /// How many times the play uses it.
        used: usize,
        /// How many the rack holds.
        held: usize,
    },
    /// The play uses more blanks than the rack holds.
    #[error("{}", blanks_not_on_rack(*used, *held))]
    BlankNotOnRack {
        /// How many blanks the play uses.
        used: usize,
        /// How many the rack holds.
        held: usize,
    },
    /// The start square is off the board.
    #[error("the start square ({x}, {y}) is outside the board")]
    StartOutside {
        /// As given.
        x: i32,
        /// As given.
        y: i32,
    },
    /// The edge was reached before every letter was laid.
    #[error("the play reaches the edge of the board with {left} {} still to place", plural(*left, "letter"))]
    OffTheBoard {
        /// Letters not placed.
        left: usize,
    },
    /// First play that does not cover `(0, 0)`.
    #[error("the first play must cover the centre square (0, 0)")]
    MissesCentre,
    /// A play that neither passes through nor touches an existing tile.
    #[error("the play neither passes through nor touches a tile on the board")]
    NotConnected,
    /// No new word of two or more letters.
    #[error("the play forms no word of 2 or more letters")]
    NoWord,
    /// New words missing from the dictionary, in the order they are formed (main word first).
    #[error("not in the dictionary: {}", join_words(.0))]
    NotWords(Vec<LetterRun>),
}

impl Rejection {
    /// Why the play is rejected, as `rules` name squares: the [`fmt::Display`] text, the centre called
    /// `H8` under the standard rules.
    pub fn written(&self, rules: &Rules) -> String {
        match (self, rules.name()) {
            (Rejection::MissesCentre, crate::board::rules::RulesName::Standard) => {
                "the first play must cover the centre square H8".to_string()
            }
            _ => self.to_string(),
        }
    }
}

fn not_on_rack(letter: Letter, used: usize, held: usize) -> String {
    if held == 0 {
        format!("{letter} is not on the rack")
    } else {
        format!("the play uses {used} {letter} but the rack holds {held}")
    }
}

fn blanks_not_on_rack(used: usize, held: usize) -> String {
    if held == 0 {
        "the rack holds no blank".to_string()
    } else {
        format!("the play uses {used} blanks but the rack holds {held}")
    }
}

fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        noun.to_string()
    } else {
        format!("{noun}s")
    }
}

fn join_words(words: &[LetterRun]) -> String {
    words.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

/// A word formed by a play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormedWord {
    /// The letters.
    pub word: LetterRun,
    /// Its first square.
    pub start: Square,
    /// Its direction.
    pub direction: Direction,
    /// Its points: each letter's value (0 for a blank; times the letter premium under a placed tile),
    /// times the word premiums under placed tiles.
    pub score: u32,
}

impl fmt::Display for FormedWord {
    /// `WORD SCORE`, for example `ARE 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.word, self.score)
    }
}

/// A valid play: what it places, the new words and the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// The squares filled and their tiles, in play order.
    pub placed: Vec<(Square, Tile)>,
    /// The direction the play was laid in.
    pub direction: Direction,
    /// The main word (when it has 2 or more letters) first, then the cross word of each placed tile
    /// that has one, in play order.
    pub words: Vec<FormedWord>,
    /// The sum of the words' scores, plus the bingo bonus when a whole rack was placed.
    pub score: u32,
}

impl Scored {
    /// Puts the placed tiles on `board`.
    pub fn apply(&self, board: &mut Board) {
        for &(square, tile) in &self.placed {
            board.place(square, tile);
        }
    }

    /// The tiles placed, in play order.
    pub fn tiles(&self) -> Vec<Tile> {
        self.placed.iter().map(|&(_, tile)| tile).collect()
    }

    /// The play as listed: the main word, its first square and direction, the letters placed. A single
    /// tile is listed along its horizontal word when it has one, else along its vertical word.
    pub fn to_move(&self) -> Move {
        let direction = match self.placed.as_slice() {
            [_] if self.words.iter().any(|word| word.direction == Direction::Horizontal) => {
                Direction::Horizontal
            }
            [_] => Direction::Vertical,
            _ => self.direction,
        };
        let main =
            self.words.iter().find(|word| word.direction == direction).expect("a word in that direction");
        Move {
            score: self.score,
            word: main.word,
            start: main.start,
            direction,
            letters: self.placed.iter().map(|&(_, tile)| tile).collect(),
        }
    }
}

impl Rulebook<'_> {
    /// Checks `play` with `rack` on `board`: the placed tiles, new words and score, or the first
    /// reason (in the spec's order) it is rejected.
    ///
    /// # Errors
    /// The [`Rejection`]: no letters or tiles not on the rack; a start square off the board or the
    /// edge reached too soon; a first play missing the centre; a later play touching no tile; no word of
    /// two or more letters; new words missing from the dictionary.
    pub fn check(&self, board: &Board, rack: &Rack, play: &Play) -> Result<Scored, Rejection> {
        let (scored, missing) = self.check_allowing_phonies(board, rack, play)?;
        if !missing.is_empty() {
            return Err(Rejection::NotWords(missing));
        }
        Ok(scored)
    }

    /// Checks `play` as [`Rulebook::check`] does but scores it whatever the dictionary says, as a
    /// recorded game scores a phony until it is challenged off: the scored play and its new words
    /// missing from the dictionary (each once, main word first; empty for a valid play).
    ///
    /// # Errors
    /// Every [`Rejection`] of [`Rulebook::check`] but [`Rejection::NotWords`].
    pub fn check_allowing_phonies(
        &self,
        board: &Board,
        rack: &Rack,
        play: &Play,
    ) -> Result<(Scored, Vec<LetterRun>), Rejection> {
        check_rack(rack, &play.tiles)?;
        let start = Square::new(play.x, play.y).ok_or(Rejection::StartOutside { x: play.x, y: play.y })?;

        let mut placed = Vec::with_capacity(play.tiles.len());
        let mut passes_through = false;
        let mut square = Some(start);
        for (laid, &tile) in play.tiles.iter().enumerate() {
            loop {
                let here = square.ok_or(Rejection::OffTheBoard { left: play.tiles.len() - laid })?;
                square = here.next(play.direction);
                if board.get(here).is_some() {
                    passes_through = true;
                } else {
                    placed.push((here, tile));
                    break;
                }
            }
        }

        if board.is_empty() {
            if !placed.iter().any(|&(square, _)| square == Square::CENTRE) {
                return Err(Rejection::MissesCentre);
            }
        } else if !passes_through
            && !placed.iter().any(|&(square, _)| square.neighbours().any(|n| board.get(n).is_some()))
        {
            return Err(Rejection::NotConnected);
        }

        let after = Overlay { board, placed: &placed };
        let mut words = Vec::new();
        let main = self.word_through(&after, placed[0].0, play.direction);
        words.extend(main);
        for &(square, _) in &placed {
            words.extend(self.word_through(&after, square, play.direction.other()));
        }
        if words.is_empty() {
            return Err(Rejection::NoWord);
        }
        let mut missing: Vec<LetterRun> = Vec::new();
        for formed in &words {
            if !self.dictionary.contains(&formed.word.to_vec())
                && !missing.iter().any(|word| word.cmp_letters(&formed.word).is_eq())
            {
                missing.push(formed.word);
            }
        }
        let bingo = if placed.len() == RACK_SIZE { self.rules.bingo_bonus() } else { 0 };
        let score = words.iter().map(|word| word.score).sum::<u32>() + bingo;
        Ok((Scored { placed, direction: play.direction, words, score }, missing))
    }

    /// The maximal run of tiles through `square` along `direction`, when it has 2 or more letters.
    fn word_through(&self, after: &Overlay, square: Square, direction: Direction) -> Option<FormedWord> {
        let mut start = square;
        while let Some(before) = start.previous(direction).filter(|&s| after.get(s).is_some()) {
            start = before;
        }
        let mut word = LetterRun::EMPTY;
        let (mut sum, mut multiplier) = (0, 1);
        let mut here = Some(start);
        while let Some((square, tile)) = here.and_then(|s| after.get(s).map(|tile| (s, tile))) {
            word.push_tile(tile);
            let value = if tile.blank { 0 } else { self.tiles.value(tile.letter) };
            if after.is_placed(square) {
                let premium = self.rules.premium(square);
                sum += value * premium.letter;
                multiplier *= premium.word;
            } else {
                sum += value;
            }
            here = square.next(direction);
        }
        (word.len() >= 2).then_some(FormedWord { word, start, direction, score: sum * multiplier })
    }
}

/// Checks that `rack` holds `tiles`: a letter tile for each letter, a blank for each blank.
///
/// # Errors
/// [`Rejection::NoLetters`] for no tiles; else the first tile, in play order, used more often than
/// the rack holds it.
pub(crate) fn check_rack(rack: &Rack, tiles: &[Tile]) -> Result<(), Rejection> {
    if tiles.is_empty() {
        return Err(Rejection::NoLetters);
    }
    let mut used = [0usize; LETTER_COUNT];
    let mut blanks = 0;
    for tile in tiles {
        if tile.blank {
            blanks += 1;
        } else {
            used[tile.letter.index()] += 1;
        }
    }
    for tile in tiles {
        if tile.blank && blanks > rack.blanks() {
            return Err(Rejection::BlankNotOnRack { used: blanks, held: rack.blanks() });
        }
        let letter = tile.letter;
        if !tile.blank && used[letter.index()] > rack.count(letter) {
            return Err(Rejection::NotOnRack {
                letter,
                used: used[letter.index()],
                held: rack.count(letter),
            });
        }
    }
    Ok(())
}

/// The board with a play's tiles laid on it.
struct Overlay<'a> {
    board: &'a Board,
    placed: &'a [(Square, Tile)],
}

impl Overlay<'_> {
    fn get(&self, square: Square) -> Option<Tile> {
        self.board.tile(square).or_else(|| self.placed.iter().find(|(s, _)| *s == square).map(|&(_, t)| t))
    }

    fn is_placed(&self, square: Square) -> bool {
        self.placed.iter().any(|(s, _)| *s == square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Premium;

    fn board(rows: &[(i32, &str)]) -> Board {
        let mut board = Board::new();
        for &(y, text) in rows {
            board.set_row((7 - y) as usize, Board::parse_row(text).unwrap());
        }
        board
    }

    /// The assignment's board: SAY, L, WOULD, HELLO, R, L, D (ARE not yet played).
    fn assignment_board() -> Board {
        board(&[
            (3, "..........SAY.."),
            (2, "...........L..."),
            (1, "........WOULD.."),
            (0, "....HELLO......"),
            (-1, "........R......"),
            (-2, "........L......"),
            (-3, "........D......"),
        ])
    }

    fn dictionary(words: &str) -> Dictionary {
        Dictionary::from_text(words.as_bytes().to_vec())
    }

    fn check(board: &Board, rack: &str, play: &str, words: &str) -> Result<Scored, Rejection> {
        check_with(board, rack, play, words, &Rules::lab())
    }

    fn check_with(
        board: &Board,
        rack: &str,
        play: &str,
        words: &str,
        rules: &Rules,
    ) -> Result<Scored, Rejection> {
        let dictionary = dictionary(words);
        let tiles = TileSet::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules };
        rulebook.check(board, &rack.parse().unwrap(), &play.parse().unwrap())
    }

    fn words(scored: &Scored) -> Vec<String> {
        scored
            .words
            .iter()
            .map(|word| format!("{} {} {} {}", word.word, word.start, word.direction, word.score))
            .collect()
    }

    fn reason(result: Result<Scored, Rejection>) -> String {
        result.unwrap_err().to_string()
    }

    #[test]
    fn the_assignment_example_counts_a_twice() {
        // ARE: A(1) + R(1) + E(1); LA: L(1) + A(1). The A at (0, -1) counts in both: 5 points.
        let scored = check(&assignment_board(), "AEXQZJK", "AE 0 -1 horizontal", "ARE\nLA\nHELLO").unwrap();
        assert_eq!(words(&scored), ["ARE 0 -1 horizontal 3", "LA 0 0 vertical 2"]);
        assert_eq!(scored.score, 5);
        assert_eq!(scored.to_move().to_string(), "5 ARE 0 -1 horizontal AE");
    }

    #[test]
    fn cross_words_count_a_high_letter_twice() {
        // An A above (0, 0) and a T below it; QI laid across from (0, 0) makes QI and, down, AQT.
        let board = board(&[(1, ".......A......."), (-1, ".......T.......")]);
        let scored = check(&board, "QI", "QI 0 0 horizontal", "QI\nAQT").unwrap();
        // QI = Q(10) + I(1) = 11; AQT = A(1) + Q(10) + T(1) = 12; the Q counts in both.
        assert_eq!(words(&scored), ["QI 0 0 horizontal 11", "AQT 0 1 vertical 12"]);
        assert_eq!(scored.score, 23);
    }

    #[test]
    fn main_word_extends_over_tiles_before_and_after() {
        // CAT exists at (-1, 0)..(1, 0); playing S at (2, 0) makes CATS; playing from an occupied start
        // square walks over C, A, T first.
        let board = board(&[(0, "......CAT......")]);
        let from_c = check(&board, "S", "S -1 0 horizontal", "CATS").unwrap();
        let after = check(&board, "S", "S 2 0 horizontal", "CATS").unwrap();
        assert_eq!(words(&from_c), ["CATS -1 0 horizontal 6"]);
        assert_eq!(from_c, after);
        // SCAT: the main word reaches back over the tiles after the placed S.
        let before = check(&board, "S", "S -2 0 horizontal", "SCAT").unwrap();
        assert_eq!(words(&before), ["SCAT -2 0 horizontal 6"]);
        // A single tile laid "horizontal" that forms only a vertical word is valid and listed vertical.
        let hook = check(&board, "O", "O 0 -1 horizontal", "AO").unwrap();
        assert_eq!(words(&hook), ["AO 0 0 vertical 2"]);
        assert_eq!(hook.to_move().to_string(), "2 AO 0 0 vertical O");
    }

    #[test]
    fn every_rejection_has_its_own_message() {
        let board = assignment_board();
        let words = "ARE\nLA\nHELLO\nSAYS";
        assert_eq!(reason(check(&board, "AE", "0 -1 horizontal", words)), "the play has no letters");
        assert_eq!(reason(check(&board, "AE", "AX 0 -1 horizontal", words)), "X is not on the rack");
        assert_eq!(
            reason(check(&board, "AEE", "AAE 0 -1 horizontal", words)),
            "the play uses 2 A but the rack holds 1"
        );
        assert_eq!(
            reason(check(&board, "AE", "AE 8 -1 horizontal", words)),
            "the start square (8, -1) is outside the board"
        );
        assert_eq!(
            reason(check(&board, "AE", "AE 0 -8 vertical", words)),
            "the start square (0, -8) is outside the board"
        );
        assert_eq!(
            reason(check(&board, "AE", "AE 7 -1 horizontal", words)),
            "the play reaches the edge of the board with 1 letter still to place"
        );
        assert_eq!(
            reason(check(&board, "AET", "AET 7 -7 horizontal", words)),
            "the play reaches the edge of the board with 2 letters still to place"
        );
        assert_eq!(
            reason(check(&Board::new(), "AE", "AE 1 0 horizontal", words)),
            "the first play must cover the centre square (0, 0)"
        );
        assert_eq!(
            reason(check(&board, "AE", "AE -6 -6 horizontal", words)),
            "the play neither passes through nor touches a tile on the board"
        );
        assert_eq!(
            reason(check(&Board::new(), "A", "A 0 0 vertical", words)),
            "the play forms no word of 2 or more letters"
        );
        assert_eq!(
            reason(check(&board, "AE", "EA 0 -1 horizontal", words)),
            "not in the dictionary: ERA, LE"
        );
        assert_eq!(
            reason(check(&board, "AE", "AE 0 -1 horizontal", "ARE\nHELLO")),
            "not in the dictionary: LA"
        );
    }

    #[test]
    fn a_first_play_through_the_centre_scores_its_word() {
        let scored = check(&Board::new(), "CAT", "CAT 0 1 vertical", "CAT").unwrap();
        assert_eq!(words(&scored), ["CAT 0 1 vertical 5"]);
    }

    #[test]
    fn premiums_count_under_placed_tiles_only() {
        // Double letter under the new A, triple word under the new E, double word under the existing R.
        let rules = Rules::lab()
            .with_premium(Square::new(0, -1).unwrap(), Premium { letter: 2, word: 1 })
            .with_premium(Square::new(2, -1).unwrap(), Premium { letter: 1, word: 3 })
            .with_premium(Square::new(1, -1).unwrap(), Premium { letter: 1, word: 2 })
            .with_bingo_bonus(50);
        let scored =
            check_with(&assignment_board(), "AE", "AE 0 -1 horizontal", "ARE\nLA\nHELLO", &rules).unwrap();
        // ARE = (2 + 1 + 1) * 3 = 12; LA = 1 + 2 = 3 (no word premium under the A).
        assert_eq!(words(&scored), ["ARE 0 -1 horizontal 12", "LA 0 0 vertical 3"]);
        assert_eq!(scored.score, 15);
        // Seven tiles earn the bonus: ABANDON (first play, no premiums on its squares but the centre's).
        let rules = Rules::lab().with_bingo_bonus(50);
        let scored =
            check_with(&Board::new(), "ABANDON", "ABANDON -3 0 horizontal", "ABANDON", &rules).unwrap();
        assert_eq!(scored.score, 1 + 3 + 1 + 1 + 2 + 1 + 1 + 50);
    }

    /// Checks `play` (lower-case letters are blanks) under the standard rules on a board whose rows
    /// may hold blanks.
    fn check_standard(
        rows: &[(i32, &str)],
        rack: &str,
        play: &str,
        words: &str,
    ) -> Result<Scored, Rejection> {
        let mut board = Board::new();
        for &(y, text) in rows {
            board.set_row((7 - y) as usize, Board::parse_row_with_blanks(text).unwrap());
        }
        let dictionary = dictionary(words);
        let tiles = TileSet::standard();
        let rules = Rules::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        rulebook.check(&board, &rack.parse().unwrap(), &Play::parse_with_blanks(play).unwrap())
    }

    #[test]
    fn standard_two_double_words_make_four_times() {
        // CARTONS across row 3 through an existing T, from the double word at (-3, 3) to the one at
        // (3, 3): C3 A1 R1 T1 O1 N1 S1 = 9, times 2 times 2 = 36 (six tiles: no bonus).
        let rows = [(4, ".......A......."), (3, ".......T.......")];
        let scored = check_standard(&rows, "ACNORS", "CARONS -3 3 horizontal", "CARTONS\nAT").unwrap();
        assert_eq!(words(&scored), ["CARTONS -3 3 horizontal 36"]);
        assert_eq!(scored.score, 36);
    }

    #[test]
    fn standard_two_triple_words_a_double_letter_and_the_bonus() {
        // STRAINED along the top row through an existing I, from the triple word at (-7, 7) to the one
        // at (0, 7), with the A on the double letter at (-4, 7): S1 T1 R1 A2 I1 N1 E1 D2 = 10, times 9
        // = 90, plus 50 for placing all seven tiles.
        let rows = [(7, "....I.........."), (6, "....T..........")];
        let scored = check_standard(&rows, "ADENRST", "STRANED -7 7 horizontal", "STRAINED\nIT").unwrap();
        assert_eq!(words(&scored), ["STRAINED -7 7 horizontal 90"]);
        assert_eq!(scored.score, 140);
    }

    #[test]
    fn standard_premiums_under_existing_tiles_count_no_more() {
        // QUESTION along row 0 up to the N already on the centre: the triple word at (-7, 0) and the
        // double letter under the S at (-4, 0) count, the centre's double word under the N does not:
        // Q10 U1 E1 S2 T1 I1 O1 N1 = 18, times 3 = 54, plus 50 for seven tiles.
        let rows = [(0, ".......N......."), (-1, ".......O.......")];
        let scored = check_standard(&rows, "EIOQSTU", "QUESTIO -7 0 horizontal", "QUESTION\nNO").unwrap();
        assert_eq!(words(&scored), ["QUESTION -7 0 horizontal 54"]);
        assert_eq!(scored.score, 104);
    }

    #[test]
    fn standard_letter_premium_counts_in_both_words() {
        // OX under CAT: the O on the double letter at (1, -1) makes OX across and TO down.
        // OX = O2 + X8 = 10; TO = T1 + O2 = 3.
        let rows = [(0, "......CAT......")];
        let scored = check_standard(&rows, "OX", "OX 1 -1 horizontal", "CAT\nOX\nTO").unwrap();
        assert_eq!(words(&scored), ["OX 1 -1 horizontal 10", "TO 1 0 vertical 3"]);
        assert_eq!(scored.score, 13);
    }

    #[test]
    fn standard_blanks_are_worth_nothing_wherever_they_stand() {
        let list = "CAT\nCATS\nQI\nABANDON\nAT";
        // An S after CaT, whose A is a blank: C3 + 0 + T1 + S1 = 5; with a blank for the S, 4.
        let cat = [(0, "......CaT......")];
        assert_eq!(words_of(check_standard(&cat, "S", "S 2 0 horizontal", list)), ["CaTS -1 0 horizontal 5"]);
        assert_eq!(words_of(check_standard(&cat, "?", "s 2 0 horizontal", list)), ["CaTs -1 0 horizontal 4"]);
        // A blank on the double letter at (1, 1) above the T: aT = 0 + 1.
        assert_eq!(words_of(check_standard(&cat, "?", "a 1 1 vertical", list)), ["aT 1 1 vertical 1"]);
        // The centre's double word doubles a word whatever stands on it: Q on (-1, 0) and a blank I on
        // the centre make (10 + 0) x 2; the blank Q and the I tile, (0 + 1) x 2.
        assert_eq!(
            words_of(check_standard(&[], "Q?", "Qi -1 0 horizontal", list)),
            ["Qi -1 0 horizontal 20"]
        );
        assert_eq!(words_of(check_standard(&[], "I?", "qI -1 0 horizontal", list)), ["qI -1 0 horizontal 2"]);
        // Seven tiles with a blank still earn the bonus: (A1 B3 A1 N1 D2 O1 + 0) x 2 + 50.
        let bingo = check_standard(&[], "AABDNO?", "ABANDOn -3 0 horizontal", list).unwrap();
        assert_eq!((words(&bingo), bingo.score), (vec!["ABANDOn -3 0 horizontal 18".to_string()], 68));
        // Blanks must be on the rack like any tile.
        assert_eq!(
            reason(check_standard(&[], "CAT", "CaT -1 0 horizontal", list)),
            "the rack holds no blank"
        );
        assert_eq!(
            reason(check_standard(&[], "CA?", "Cat -1 0 horizontal", list)),
            "the play uses 2 blanks but the rack holds 1"
        );
    }

    fn words_of(result: Result<Scored, Rejection>) -> Vec<String> {
        words(&result.unwrap())
    }

    #[test]
    fn plays_read_and_print() {
        let play: Play = "ae 0 -1 Horizontal".parse().unwrap();
        assert_eq!(play.to_string(), "AE 0 -1 horizontal");
        assert_eq!("0 -1 vertical".parse::<Play>().unwrap().to_string(), "0 -1 vertical");
        let error = |text: &str| text.parse::<Play>().unwrap_err().to_string();
        assert_eq!(
            error("AE 0"),
            "'AE 0' is not a play: write LETTERS X Y DIRECTION, for example AE 0 -1 horizontal"
        );
        assert_eq!(error("A1 0 0 vertical"), "'1' is not a letter");
        assert_eq!(error("a? 0 0 vertical"), "'?' is not a letter");
        let blanks = |text: &str| Play::parse_with_blanks(text).map(|play| play.to_string());
        assert_eq!(blanks("CaT 0 0 horizontal"), Ok("CaT 0 0 horizontal".to_string()));
        assert_eq!(
            blanks("C?T 0 0 horizontal").unwrap_err().to_string(),
            "'?' is not a letter: play a blank as the lower-case letter it stands for"
        );
        assert_eq!(
            Play::parse_under("cat 0 0 vertical", &Rules::lab()).unwrap().to_string(),
            "CAT 0 0 vertical"
        );
        assert_eq!(
            Play::parse_under("cat 0 0 vertical", &Rules::standard()).unwrap().to_string(),
            "cat 0 0 vertical"
        );
        assert_eq!(error("AE zero 0 vertical"), "x: 'zero' is not an integer");
        assert_eq!(error("AE 0 0 up"), "'up' is not a direction (horizontal or vertical)");
    }
}
