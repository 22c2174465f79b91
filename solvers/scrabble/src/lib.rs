//! A Scrabble engine: dictionaries and their word graph, tile sets, the board, plays and their scores,
//! every valid play of a rack (move generation), hints for rejected plays, batch position files, a
//! word finder and a solitaire game; under the spec's rules or the standard tournament rules.
//!
//! The crate is in folders by the engine's parts, each a public module whose files are its public
//! submodules; a folder imports only from the folders listed above it (the one exception: a play and
//! the move it becomes name each other, [`play`] and [`movegen::moves`]). The names used most are
//! also at the root (the board, tiles, dictionary, rules and checker, a play and a move, a position
//! file and the prepared [`Job`] with its registry [`solvers`] and [`verify`], the same names as the
//! other solver crates):
//! - [`tiles`]: a [`Letter`], a [`Tile`] (a blank is written `?` on a rack and as the lower-case
//!   letter it stands for on the board and in plays), the [`Rack`], and the [`TileSet`] of letter
//!   scores and counts, read from a tile definition file or derived from a dictionary's letter
//!   frequencies.
//! - [`board`]: the 15×15 [`Board`] of [`Square`]s addressed `(x, y)` from the centre, a run of
//!   tiles in a line of it ([`board::run`]: a word, or the tiles a play places), and the
//!   [`Rules`] ([`board::rules`]): the spec's `lab` rules (no premium squares, bonus or blanks) or
//!   the `standard` rules (the usual premium squares, counted under newly placed tiles only; 50
//!   points for placing all 7 tiles; blanks worth 0).
//! - [`lexicon`]: the [`Dictionary`] (a word list or a compiled word graph), held as a minimal DAWG
//!   ([`lexicon::graph::WordGraph`]) for membership and move generation, its file forms
//!   ([`lexicon::graph_file`], [`lexicon::kwg`]), [`Dictionary::load_cached`] keeping the graph built
//!   from a word list in a cache folder; [`find_words`] ([`lexicon::words`]): every word some of a
//!   rack's tiles spell.
//! - [`play`]: [`Rulebook::check`] judges and scores a [`Play`] or gives its
//!   [`play::Rejection`]; the standard notation of players and engines ([`play::notation`]: columns
//!   A–O, rows 1–15, `8H WORD` across, `H8 WORD` down); [`play::hint`]: what to suggest after a
//!   rejected play; [`play::end`]: how a game ends and what the racks left count.
//! - [`movegen`]: [`Rulebook::moves`], every valid play, by anchor squares and cross-checks over the
//!   DAWG (Appel and Jacobson 1988, [`movegen::generate`]); [`Rulebook::visit_moves`] hands them to a
//!   closure and [`Rulebook::best_moves`] keeps only the best N (a bounded heap);
//!   [`movegen::brute_force`] is the slow reference they are tested against; [`movegen::solver`]:
//!   the registry of generators.
//! - [`equity`]: [`equity::ranked_candidates`]: plays and the best exchange ranked by equity, score
//!   plus the value of the tiles a move keeps ([`equity::leave::LeaveTable`], read from text or a
//!   KLV file by [`equity::leave_file`]) (Sheppard 2002).
//! - [`search`]: the exact endgame with the bag empty ([`search::endgame::solve`]): negamax with
//!   alpha-beta pruning (Knuth and Moore 1975), iterative deepening, a transposition table on a
//!   Zobrist hash (Zobrist 1970) and a cache of move lists; the principal
//!   variation, its value, and whether it is proved; the one-tile pre-endgame
//!   ([`search::pre_endgame`]).
//! - [`game`]: the solitaire game ([`game::SolitaireGame`], [`game::solitaire`]), self-play and duels
//!   ([`game::selfplay`]), leaves learned by self-play ([`game::train`]), the top candidates played
//!   out two plies against random draws ([`game::simulate`]); GCG game records ([`game::gcg`]), the
//!   one-line CGP position ([`game::cgp`]) and the analysis of a game turn by turn
//!   ([`game::analyze`]); [`game::desk`]: the position desk, the check / hint / listing policy of
//!   both front ends.
//! - [`batch`]: a `.scrabble` batch file ([`Position`], [`batch::position`]) and its report, and the
//!   prepared [`Job`] that solves one file after another ([`batch::job`]).
//! - At the ground: [`seed`] (seeds for the random draws) and [`mod@file`] (the bounded reading of the
//!   files the crate reads).
//!
//! ```
//! use solvebatch_scrabble::{Board, Dictionary, Letter, Play, Rack, Rules, Rulebook, Square, TileSet};
//!
//! let dictionary = Dictionary::from_text(b"are\nla\nhello\n// era\n".to_vec());
//! let tiles = TileSet::standard();
//! let rules = Rules::lab();
//! let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
//!
//! let mut board = Board::new();
//! let hello: Play = "HELLO -3 0 horizontal".parse().unwrap();
//! rulebook.check(&board, &"EHLLO".parse().unwrap(), &hello).unwrap().apply(&mut board);
//! board.set(Square::new(1, -1).unwrap(), Letter::from_char('R'));
//!
//! // ARE under HELLO makes LA down through the A: A + R + E + L + A = 5 points.
//! let rack: Rack = "AET".parse().unwrap();
//! let play: Play = "AE 0 -1 horizontal".parse().unwrap();
//! assert_eq!(rulebook.check(&board, &rack, &play).unwrap().score, 5);
//! let play: Play = "EA 0 -1 horizontal".parse().unwrap();
//! assert_eq!(rulebook.check(&board, &rack, &play).unwrap_err().to_string(), "not in the dictionary: ERA, LE");
//!
//! let best: Vec<String> = rulebook.best_moves(&board, &rack, 3).iter().map(ToString::to_string).collect();
//! assert_eq!(best, ["5 ARE 0 -1 horizontal AE", "2 LA -1 0 vertical A"]);
//! ```
//!
//! Equity ranks a lower score that keeps good tiles before a higher one that keeps bad ones:
//!
//! ```
//! use solvebatch_scrabble::equity::leave::LeaveTable;
//! use solvebatch_scrabble::equity::{ranked_candidates, Ranking};
//! use solvebatch_scrabble::{Board, Dictionary, Rulebook, Rules, TileSet};
//!
//! let dictionary = Dictionary::from_text(b"qat\nat\n".to_vec());
//! let (tiles, rules) = (TileSet::standard(), Rules::standard());
//! let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
//! let rack = "AQST".parse().unwrap();
//! let moves = rulebook.moves(&Board::new(), &rack);
//! let table = LeaveTable::parse("Q -9\nS 8\n").unwrap();
//! let best = ranked_candidates(&moves, &rack, 80, &table, Ranking::Equity, 1);
//! // QAT on the centre's double word scores 24 and keeps S (+8); AT scores 4 and keeps QS (-1).
//! // Written as players write it: down from H6 (x 0, y 2).
//! assert_eq!(best[0].written(&Board::new(), &rules), "  32.0  24 H6 QAT  keep S +8.0");
//! // Ranked by score, the leave counts nothing.
//! let by_score = ranked_candidates(&moves, &rack, 80, &table, Ranking::Score, 1);
//! assert_eq!(by_score[0].equity(), 24.0);
//! ```
//!
//! Under the standard rules the centre's double word doubles the first word, and a blank is worth 0:
//!
//! ```
//! use solvebatch_scrabble::{find_words, Board, Dictionary, Play, Rules, Rulebook, TileSet};
//!
//! let dictionary = Dictionary::from_text(b"cat\ncats\nact\n".to_vec());
//! let tiles = TileSet::standard();
//! let rules = Rules::standard();
//! let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
//!
//! // C, a blank as the A, T: (3 + 0 + 1) x 2.
//! let play = Play::parse_with_blanks("CaT -1 0 horizontal").unwrap();
//! assert_eq!(rulebook.check(&Board::new(), &"CT?".parse().unwrap(), &play).unwrap().score, 8);
//!
//! // The words of C, A, T and a blank: the blank stands for the S of CATS.
//! let words: Vec<String> =
//!     find_words(&dictionary, &"CAT?".parse().unwrap(), &tiles).iter().map(ToString::to_string).collect();
//! assert_eq!(words, ["5 ACT", "5 CAT", "5 CATs"]);
//! ```

#![deny(missing_docs)]

pub mod batch;
pub mod board;
pub mod equity;
pub mod family;
pub mod file;
pub mod game;
pub mod lexicon;
pub mod movegen;
pub mod play;
mod quote;
pub mod search;
pub mod seed;
pub mod tiles;

pub use crate::batch::job::{verify, Job, PositionOutcome, PositionSettings};
pub use crate::batch::position::{parse, Position};
pub use crate::board::rules::Rules;
pub use crate::board::{Board, Square};
pub use crate::lexicon::dictionary::Dictionary;
pub use crate::lexicon::words::find_words;
pub use crate::movegen::moves::Move;
pub use crate::movegen::solver::{solvers, Solver};
pub use crate::play::{Play, Rulebook};
pub use crate::tiles::letter::{Letter, Tile};
pub use crate::tiles::rack::Rack;
pub use crate::tiles::TileSet;
pub use solvebatch_core::Deadline;
