//! A Scrabble engine: dictionaries and their word graph, tile sets, the board, plays and their scores,
//! every valid play of a rack (move generation), hints for rejected plays, batch position files, a
//! word finder and a solitaire game; under the spec's rules or the standard tournament rules.
//!
//! - [`Dictionary`]: a word list (comments, either case, skipped entries counted) or a compiled word
//!   graph, held as a minimal DAWG ([`WordGraph`]) for membership and move generation;
//!   [`WordGraph::to_bytes`] and [`WordGraph::from_bytes`] write and check the compiled form, and
//!   [`Dictionary::load_cached`] keeps the graph built from a word list in a cache folder.
//! - [`TileSet`]: letter scores and counts, read from a tile definition file or derived from a
//!   dictionary's letter frequencies.
//! - [`Board`], [`Square`], [`Direction`]: the 15×15 board addressed `(x, y)` from the centre.
//! - [`Rules`]: the spec's `lab` rules (no premium squares, bonus or blanks) or the `standard` rules
//!   (the usual premium squares, counted under newly placed tiles only; 50 points for placing all 7
//!   tiles; blanks worth 0, written `?` on a rack and as the lower-case letter they stand for on the
//!   board and in plays: a [`Tile`]).
//! - [`Rulebook::check`]: a [`Play`] judged and scored, or its [`Rejection`].
//! - [`Rulebook::moves`]: every valid play, by anchor squares and cross-checks over the DAWG (Appel
//!   and Jacobson 1988); [`Rulebook::visit_moves`] hands them to a closure and
//!   [`Rulebook::best_moves`] keeps only the best N (a bounded heap); [`moves_by_brute_force`] is the
//!   slow reference they are tested against.
//! - [`board_text`], [`format_move`], [`parse_standard_play`]: the standard notation of players and
//!   engines (columns A–O, rows 1–15, `8H WORD` across, `H8 WORD` down), used under the standard rules.
//! - [`hint()`]: what to suggest after a rejected play.
//! - [`Position`]: a `.scrabble` batch file and its report.
//! - [`find_words`]: every word some of a rack's tiles spell, by a walk of the DAWG.
//! - [`SolitaireGame`], [`run_solitaire`]: the solitaire game and its dialogue over any text input and output.
//! - [`LeaveTable`]: the value of the tiles a move keeps ([`Leave`]), learned by self-play
//!   ([`train_leaves`], [`play_game`]); [`ranked_candidates`]: plays and the best exchange ranked by
//!   equity, score plus leave value (Sheppard 2002); [`simulate`]: the top candidates played out two
//!   plies against random draws; [`duel`]: one engine against another over pairs of games.
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
//! use solvebatch_scrabble::{
//!     ranked_candidates, Board, Dictionary, LeaveTable, Ranking, Rulebook, Rules, TileSet,
//! };
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

mod board;
mod brute_force;
pub mod desk;
mod dictionary;
mod equity;
mod file;
mod game;
mod generate;
mod graph;
mod graph_file;
mod hint;
mod job;
mod leave;
mod letter;
mod moves;
mod notation;
mod play;
mod position;
mod quote;
mod rack;
mod rules;
mod selfplay;
mod simulate;
mod solitaire;
mod solver;
mod tiles;
mod train;
mod words;

pub use board::{Board, BoardRowError, Direction, DirectionError, Square, BOARD_SIZE, RADIUS, SQUARE_COUNT};
pub use brute_force::{moves_by_brute_force, TimedOut};
pub use desk::listing;
pub use dictionary::{Dictionary, DictionaryError, DictionaryFault, DICTIONARY_SIZE_LIMIT};
pub use equity::{
    bag_size, best_candidate, check_tile_counts, ranked_candidates, unseen, Action, Candidate, RackLeaves,
    Ranking, TooManyTiles, UnknownRanking, EXCHANGE_MIN_BAG,
};
pub use file::ReadError;
pub use game::{ExchangeError, GameError, SolitaireGame, MAX_POOL_SIZE, SCORELESS_TURNS_TO_END};
pub use graph::{Node, WordGraph, WordGraphError};
pub use graph_file::{GraphFileError, GRAPH_MAGIC, GRAPH_VERSION};
pub use hint::{hint, Hint};
pub use job::{
    verify, Job, ListingError, LoadedPosition, PositionLoadError, PositionOutcome, PositionSettings,
};
pub use leave::{Leave, LeaveError, LeaveFileError, LeaveTable, BLANK, MAX_LEAVE, TILE_KINDS};
pub use letter::{
    letters_to_string, parse_letters, parse_tiles, tiles_to_string, Letter, LetterSet, Tile, TileCharError,
    LETTER_COUNT,
};
pub use moves::{best, format, rank, LetterRun, Move};
pub use notation::{
    board_text, coordinate, format_move, format_play, is_standard_play, parse_coordinate,
    parse_play as parse_standard_play, parse_square_name, square_name, written_move, written_play,
    NotationError,
};
pub use play::{FormedWord, Play, PlayParseError, Rejection, Rulebook, Scored};
pub use position::{
    parse, LineProblem, Position, PositionError, PositionReport, PositionStatistics, DEFAULT_TOP,
};
pub use rack::{Rack, RackError, RACK_SIZE};
pub use rules::{Premium, Rules, RulesName, UnknownRules};
pub use selfplay::{duel, play_game, sub_seed, DuelReport, Engine, GameRecord, Turn, TurnAction};
pub use simulate::{simulate, Simulated, MIN_ITERATIONS, ROUND, Z};
pub use solitaire::run_solitaire;
pub use solvebatch_deadline::Deadline;
pub use solver::{solvers, Solver, UnknownSolver};
pub use tiles::{
    TileField, TileFileError, TileLoadError, TileSet, GENERATED_POOL_SIZE, TILE_FILE_SIZE_LIMIT,
};
pub use train::{train_leaves, IterationReport, TrainOptions, MIN_SAMPLES, RIDGE, SAMPLE_MIN_BAG, SHRINK};
pub use words::{find_words, FoundWord};
