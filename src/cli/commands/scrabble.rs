//! `solvebatch scrabble`: check a play on a board, list the best plays of a rack, derive a tile file
//! from a dictionary, find the words a rack spells, play a solitaire game, analyse a recorded game.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::anyhow;
use clap::Subcommand;
use solvebatch_scrabble::batch::job::{LoadedPosition, PositionLoadError};
use solvebatch_scrabble::board::rules::RulesName;
use solvebatch_scrabble::board::Board;
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::equity::{check_tile_counts, Ranking};
use solvebatch_scrabble::game::analyze::AnalysisSettings;
use solvebatch_scrabble::game::cgp::Cgp;
use solvebatch_scrabble::game::desk;
use solvebatch_scrabble::game::figures::final_line;
use solvebatch_scrabble::game::solitaire::run_solitaire;
use solvebatch_scrabble::game::SolitaireGame;
use solvebatch_scrabble::play::hint::Hint;
use solvebatch_scrabble::play::notation::{board_text, is_standard_play};
use solvebatch_scrabble::search::endgame;
use solvebatch_scrabble::{
    find_words, Deadline, Dictionary, Job, Play, Position, PositionSettings, Rack, Rulebook, Rules, Solver,
    TileSet,
};

use crate::error::UsageError;
use crate::output::write_file;
use solvebatch_scrabble::family::{GameAnalysis, GameAnalysisError, ANALYSIS_TOP};

/// Arguments of `solvebatch scrabble`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Dictionaries: `-d` and a position file's `dictionary:` line take a word list or a compiled word graph \
(`compile`). The graph built from a word list is cached, so that the next command with the same list \
reads it in a few milliseconds: in $SOLVEBATCH_CACHE_DIR, else solvebatch in the platform's cache \
folder ($XDG_CACHE_HOME/solvebatch, else $HOME/.cache/solvebatch on Linux), never beside the inputs. An entry is named by the hash of the list's contents \
(an edited list gets a new one) and is checked as it is read (a damaged one is rebuilt); the folder \
may be deleted at any time. SOLVEBATCH_CACHE_DIR set but empty turns the cache off; a cache that \
cannot be written only makes loading slower. `run`, `compare` and `serve` use the same cache.")]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: ScrabbleCommand,
}

/// The `solvebatch scrabble` subcommands.
#[derive(Debug, Subcommand)]
pub enum ScrabbleCommand {
    /// Score a play on a board, or say why it is rejected and give a hint.
    ///
    /// Prints `play LETTERS X Y DIRECTION: SCORE`, the new words with their scores and the board after
    /// the play (exit 0); or `play ...: rejected: REASON` and a hint (exit 1): the best place for the
    /// same letters, or, when they fit nowhere, the best plays of the rack (ranked as `hint` ranks them
    /// by default: by equity under the standard rules).
    Check(CheckArgs),
    /// List the best plays of a rack on a board, best first.
    ///
    /// Ranked by score (the lab rules' default), each line is `SCORE PLAY`; ranked by equity (the
    /// standard rules' default: the score plus the learned value of the tiles kept), each line is
    /// `EQUITY  SCORE PLAY  keep LEAVE VALUE`, and the best exchange (`EQUITY  exchange TILES  keep
    /// LEAVE VALUE`) is listed among them when the bag holds at least 7 tiles: the bag is the tile set
    /// and blanks less the board, the rack and a full rack of the opponent's. With `--simulate N` the
    /// listed candidates are played out at most N times each (two plies against random racks of the
    /// opponent; a candidate clearly behind stops early) and ranked by mean spread: each line starts
    /// `SPREAD ±SE ITERATIONS`.
    ///
    /// A play is `WORD X Y DIRECTION LETTERS` under the lab rules; under the standard rules it is
    /// `COORDINATE WORD` as players write plays: columns A-O, rows 1-15, `8H` across (row first), `H8`
    /// down (column first), letters already on the board in parentheses, a blank in lower case (`32
    /// M11 GARI`, `5 8G (CaT)S`). By score only the best N plays are ever held.
    ///
    /// Ranked by equity with the bag empty (at most 7 unseen tiles, which the opponent then holds),
    /// the listing is the exact endgame instead (as `endgame --all`, at most 10 s): a heading with the
    /// opponent's rack, the value, the depth and whether it is proved, the best turns by the final
    /// spread they lead to (`VALUE  PLAY`), and the best line.
    #[command(
        after_help = "Example:\n  solvebatch scrabble hint datasets/scrabble/standard-midgame.scrabble \
                            --simulate 1000 --seed 7"
    )]
    Hint(HintArgs),
    /// Write a tile definition file derived from a dictionary's letter frequencies (100 tiles).
    Tiles(TilesArgs),
    /// Compile a word list into a word graph file that loads in a few milliseconds.
    ///
    /// The graph file (about 1.5 MB for the bundled 270,000-word list) may be given wherever a
    /// dictionary is: `-d` of every subcommand and a position file's `dictionary:` line. A word list
    /// and a graph are told apart by the graph's first bytes; a graph is checked as it is read (its
    /// format version, its length, a checksum and its structure), and a damaged or foreign file is an
    /// error naming it.
    #[command(
        after_help = "Example:\n  solvebatch scrabble compile datasets/scrabble/dictionary.txt -o dictionary.graph"
    )]
    Compile(CompileArgs),
    /// List every dictionary word some of the rack's tiles spell: `SCORE WORD`, best first.
    ///
    /// Ties in score are listed alphabetically. A `?` on the rack is a blank: it stands for any letter,
    /// is worth 0 and is printed as the lower-case letter it stands for.
    Words(WordsArgs),
    /// Play a solitaire game: draw tiles, lay words, score, with hints for rejected plays.
    ///
    /// Each turn prints the board, the rack with each tile's value and the score, then asks whether to
    /// play again, the letters, the start square (`x y`) and the direction. When the tile file cannot
    /// be opened, one is derived from the dictionary and written there. The game ends at "no", at the
    /// end of the input, at Ctrl-C (with the final score, as at the end of the input), or when the
    /// tiles run out.
    ///
    /// Under `--rules standard` the board shows columns A-O, rows 1-15 and the premium squares (`=`
    /// triple word, `-` double word, `"` triple letter, `'` double letter, `*` the centre), and the
    /// letters prompt also takes a whole play (`8H WORD` across, `H8 WORD` down, letters on the board
    /// in parentheses or as `.`, a blank as a lower-case letter; or `LETTERS X Y DIRECTION`), `pass`
    /// (or `-`) and `exchange LETTERS` (or `-LETTERS`, `?` for a blank; at least 7 tiles must be left
    /// in the bag). Six scoreless turns in a row end the game.
    #[command(
        after_help = "Example:\n  solvebatch scrabble play -d datasets/scrabble/dictionary.txt -t t.txt"
    )]
    Play(PlayArgs),
    /// Analyse a recorded game (GCG): every turn against every candidate, and a summary per player.
    ///
    /// Each decision (a play, an exchange or a pass with its rack known) gets a heading (`turn N, line
    /// L: NICK RACK, bag B, score S1-S2`), the move made (`played EQUITY SCORE MOVE keep LEAVE VALUE
    /// rank R of C, lost X`: its rank among every valid play and the best exchange by equity, and
    /// the equity it lost against the best), its phonies (`phony: WORD*`), the best candidates (`best
    /// ...`), the best bingo when the move was none (`missed bingo ...`) and, with `--simulate`, the
    /// simulated candidates and the move made (`simulated SPREAD ±SE ITERATIONS ...`). With the bag
    /// empty the leave counts nothing and candidates rank by score, and the exact endgame is solved
    /// (as `endgame --all`, searching at most 20,000 positions a turn unless `--endgame-positions`
    /// says otherwise, so that the analysis is the same on every machine): `bag empty: endgame value VALUE (proved, depth D):
    /// LINE` and `endgame: the move made VALUE, lost X` (in points of final spread).
    /// Then a line per player gives its turns, best moves, equity lost in total and per turn,
    /// bingos found and missed, and phonies, and the last line the final score as the record has
    /// it, end-of-game rack points and time penalties included (`final: NICK 406, NICK 368`). Every line of the game is checked first; an
    /// inconsistent one is an error naming the file and the line.
    #[command(
        after_help = "Example:\n  solvebatch scrabble analyze datasets/scrabble/self-play.gcg --player one"
    )]
    Analyze(AnalyzeArgs),
    /// Solve an endgame exactly: with the bag empty the opponent holds the unseen tiles.
    ///
    /// Negamax with alpha-beta pruning over every play and the pass, deepened a ply at a time, with a
    /// transposition table; six scoreless turns in a row end the game (each player loses its rack's
    /// value), and a player going out gains the value of the other's rack, which the other loses.
    /// Prints the racks, the value (the final spread for the player to move), the depth reached and
    /// whether it is proved (every line searched to the end of the game), then the best line, one
    /// turn a line with the mover's rack. A position whose bag is not empty (more than 7 unseen tiles)
    /// is refused (`scrabble pre-endgame` values the plays when one tile is left). A CGP position gives its scoreless turns; its opponent's rack, when given, must be
    /// the unseen tiles.
    #[command(after_help = "Example:\n  solvebatch scrabble endgame datasets/scrabble/endgame-01.cgp \
                            -d datasets/scrabble/dictionary.txt --timeout 10")]
    Endgame(EndgameArgs),
    /// Value the best plays when one tile is left in the bag: each against every possible draw.
    ///
    /// With eight tiles unseen the opponent holds seven of them and the bag the eighth. Each of the
    /// best plays by score (`--plays`) draws the bag's tile, and the exact endgame that follows (the
    /// opponent to move, each within `--endgame-positions` positions, a count so that the result is
    /// the same on every machine) gives the final spread for each kind the bag may hold. A play's
    /// value is the mean over the draws, a kind unseen twice counting twice; the plays are listed
    /// best mean first with each draw's value and how many endgames were proved. A pass is not
    /// valued. POS is a position file or a CGP position, as `endgame` takes it.
    #[command(
        name = "pre-endgame",
        after_help = "Example:\n  solvebatch scrabble pre-endgame datasets/scrabble/pre-endgame-01.cgp -d datasets/scrabble/dictionary.txt --plays 5"
    )]
    PreEndgame(PreEndgameArgs),
}

/// Arguments of `solvebatch scrabble pre-endgame`.
#[derive(Debug, clap::Args)]
pub struct PreEndgameArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// How many plays to value: the best by score.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = crate::cli::values::whole("a number of plays", 1..=u64::MAX))]
    pub plays: u64,

    /// The positions each draw's endgame searches at most.
    #[arg(long, value_name = "N", default_value_t = solvebatch_scrabble::search::endgame::ANALYSIS_NODE_LIMIT,
        value_parser = crate::cli::values::whole("a number of positions", 1..=u64::MAX))]
    pub endgame_positions: u64,

    /// Print the valuation as one JSON object: `rack`, `unseen`, `scoreless_turns`, `game_over`,
    /// `endgame_positions` and `plays` (each `move`, `mean`, `proved` and `draws`: each `tile`,
    /// `count`, `value` and `proved`).
    #[arg(long)]
    pub json: bool,
    /// Worker threads of each endgame, sharing its transposition table (default 1: each endgame is
    /// bounded by a count of positions so that the result is the same on every machine, which holds
    /// for one thread; more may prove more within the count).
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::cli::values::threads())]
    pub jobs: Option<u32>,
}

/// Arguments of `solvebatch scrabble endgame`.
#[derive(Debug, clap::Args)]
pub struct EndgameArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// Also value every turn of the player to move (each searched to the end; slower).
    #[arg(long)]
    pub all: bool,

    /// Stop after this many seconds with the best line of the deepest finished iteration, marked
    /// not proved.
    #[arg(long, value_name = "SECONDS", value_parser = crate::seconds::parse_seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Print the solution as one JSON object: `value`, `proved`, `depth`, `nodes`, `racks`, `line`
    /// (each turn's `rack` and `move`) and, with `--all`, `turns` (each `move` and `value`).
    #[arg(long)]
    pub json: bool,

    /// Print the endgame position as one CGP line (the opponent's rack the unseen tiles) instead of
    /// solving it.
    #[arg(long, conflicts_with_all = ["all", "json", "timeout"])]
    pub cgp: bool,
    /// Worker threads searching at once, sharing one transposition table (Lazy SMP; default: the
    /// cores available). The value of a proved endgame is the same whatever the number; with more
    /// than one, the depth reported may differ from run to run.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::cli::values::threads())]
    pub jobs: Option<u32>,
}

/// Arguments of `solvebatch scrabble analyze`.
#[derive(Debug, clap::Args)]
pub struct AnalyzeArgs {
    /// The game record (GCG).
    #[arg(value_name = "GAME.gcg")]
    pub game: PathBuf,

    /// The dictionary (a word list or a compiled graph); default: the file the game's `#lexicon`
    /// line names, beside the game.
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: Option<PathBuf>,

    /// The tile definition file; default: the standard English set.
    #[arg(long, short = 't', short_alias = 'T', value_name = "FILE")]
    pub tiles: Option<PathBuf>,

    /// How many best candidates to list per turn.
    #[arg(long, value_name = "N", default_value_t = ANALYSIS_TOP, value_parser = crate::cli::values::whole("a number of plays", 0..=usize::MAX))]
    pub top: usize,

    /// Also play out the listed candidates and the move made at most N times each (two plies against
    /// random draws; the bag not empty). After a play challenged off, the opponent's racks on the
    /// next turn hold its tiles.
    #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a number of play-outs", 1..=u64::MAX))]
    pub simulate: Option<u64>,

    /// Seed of the simulation's draws.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "simulate", value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,

    /// Only the turns of the player with this nick.
    #[arg(long, value_name = "NICK")]
    pub player: Option<String>,

    /// The positions each endgame (bag empty) searches at most: more proves longer endgames, at
    /// their cost in time; a count, not a time, so that the analysis is the same on every machine.
    #[arg(long, value_name = "N", default_value_t = solvebatch_scrabble::search::endgame::ANALYSIS_NODE_LIMIT,
        value_parser = crate::cli::values::whole("a number of positions", 1..=u64::MAX))]
    pub endgame_positions: u64,

    /// The leave values: a KLV2 file (wolges, MAGPIE; or its older KLV form) or a text leave file
    /// (`LEAVE VALUE` lines), told apart by content; default: the values built in.
    #[arg(long, value_name = "FILE")]
    pub leaves: Option<PathBuf>,

    /// Print the analysis as one JSON object: the fields of a `run` record's `stats` (`turns`, the
    /// decisions analysed; `players`, each player's summary), `final` (each `nick` and `score`) and
    /// `decisions`, each with its figures (`turn`, `line`, `player`, `rack`, `bag`, `scores`,
    /// `played`, `rank`, `candidates`, `lost`, `bingo`, `phonies`, `best`, `missed_bingo`,
    /// `simulated`, `endgame`).
    #[arg(long)]
    pub json: bool,
    /// Worker threads of each endgame, sharing its transposition table (default 1: each endgame is
    /// bounded by a count of positions so that the result is the same on every machine, which holds
    /// for one thread; more may prove more within the count).
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::cli::values::threads())]
    pub jobs: Option<u32>,
}

/// The board, rack and dictionary that `check` and `hint` work on.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    /// A position file (`.scrabble` format) holding the board (its `play:` lines are ignored); or a
    /// CGP position, in a `.cgp` file or given as the text itself (quoted: `"15/15/... RACK/ 0/0 0"`),
    /// read under the standard rules with the dictionary of `-d`.
    pub board_file: PathBuf,

    /// The rack's letters (at most 7; `?` for a blank under the standard rules); default: the position
    /// file's `rack:` line.
    #[arg(long, value_name = "LETTERS")]
    pub rack: Option<Rack>,

    /// The dictionary, beating the position file's `dictionary:` line (relative to that file).
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: Option<PathBuf>,

    /// The tile definition file, beating the position file's `tiles:` line; default: the standard
    /// English set.
    #[arg(long, short = 't', short_alias = 'T', value_name = "FILE")]
    pub tiles: Option<PathBuf>,

    /// The rules, beating the position file's `rules:` line (default `lab`): `lab` (no premium
    /// squares, bonus or blanks) or `standard` (premium squares, 50 points for all 7 tiles, `?` blanks
    /// on the rack and lower-case letters for blanks on the board and in plays).
    #[arg(long, value_name = "RULES")]
    pub rules: Option<RulesName>,

    /// The leave values of a ranking by equity: a KLV2 file (wolges, MAGPIE; or its older KLV form)
    /// or a text leave file (`LEAVE VALUE` lines), told apart by content; default: the values
    /// built in, learned by self-play.
    #[arg(long, value_name = "FILE")]
    pub leaves: Option<PathBuf>,
}

/// Arguments of `solvebatch scrabble check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// The play: rack letters, start square and direction, for example "AE 0 -1 horizontal" (under the
    /// standard rules a lower-case letter plays a blank as that letter); or in the standard notation,
    /// "9G ARE" across or "G9 ARE" down, letters already on the board in parentheses ("8E (HELLO)S").
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true, value_parser = play_syntax)]
    pub play: String,

    /// How many best plays to show when the letters fit nowhere.
    #[arg(long, default_value_t = solvebatch_scrabble::batch::position::DEFAULT_TOP, value_name = "N",
        value_parser = crate::cli::values::whole("a number of plays", 0..=usize::MAX))]
    pub top: usize,

    /// Print the position after an accepted play as one CGP line: the opponent to move, the racks and
    /// scores exchanged, the mover's rack the tiles it kept (nothing drawn).
    #[arg(long)]
    pub cgp: bool,
}

/// Arguments of `solvebatch scrabble hint`.
#[derive(Debug, clap::Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// How many best plays to list; default: the position file's `top:`, else 10.
    #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a number of plays", 0..=usize::MAX))]
    pub top: Option<usize>,

    /// `score` or `equity` (score plus leave value, with exchanges); default: `equity` under the
    /// standard rules, `score` under the lab rules (which have no leave values).
    #[arg(long, value_name = "RANKING")]
    pub rank: Option<Ranking>,

    /// Play out each listed candidate at most N times against random draws (two plies) and rank by
    /// mean spread; a candidate clearly behind the leader stops early, and the leader stops once every
    /// other candidate has (standard rules, ranked by equity).
    #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a number of play-outs", 1..=u64::MAX))]
    pub simulate: Option<u64>,

    /// Seed of the simulation's draws: the same seed gives the same result on any number of threads.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "simulate", value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,

    /// The opponent's tiles known (all or some of its rack, after a play challenged off): each
    /// simulated opponent rack holds them and draws the rest from the unseen tiles.
    #[arg(long, value_name = "LETTERS", requires = "simulate")]
    pub opponent_rack: Option<Rack>,

    /// Print the position (the board and the rack) as one CGP line instead of listing plays.
    #[arg(long, conflicts_with = "simulate")]
    pub cgp: bool,
}

/// Arguments of `solvebatch scrabble tiles`.
#[derive(Debug, clap::Args)]
pub struct TilesArgs {
    /// The dictionary whose letter frequencies give the scores and counts.
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: PathBuf,

    /// The tile definition file to write (replaced whole, never left half-written; `-` for standard
    /// output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
}

/// Arguments of `solvebatch scrabble compile`.
#[derive(Debug, clap::Args)]
pub struct CompileArgs {
    /// The word list (or a compiled graph, written again).
    #[arg(value_name = "DICT")]
    pub dictionary: PathBuf,

    /// The word graph file to write (replaced whole, never left half-written; `-` for standard
    /// output).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
}

/// Arguments of `solvebatch scrabble words`.
#[derive(Debug, clap::Args)]
pub struct WordsArgs {
    /// The dictionary.
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: PathBuf,

    /// The rack: at most 7 letters, `?` for a blank.
    #[arg(long, value_name = "LETTERS")]
    pub rack: Rack,

    /// The tile definition file giving the letters' values; default: the standard English set.
    #[arg(long, short = 't', short_alias = 'T', value_name = "FILE")]
    pub tiles: Option<PathBuf>,
}

/// Arguments of `solvebatch scrabble play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// The dictionary.
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: PathBuf,

    /// The tile definition file: required under the lab rules, whose game deals from it; under the
    /// standard rules the standard English set by default. When the file named cannot be opened,
    /// one derived from the dictionary is written there and used.
    #[arg(long, short = 't', short_alias = 'T', value_name = "FILE")]
    pub tiles: Option<PathBuf>,

    /// Seed of the shuffle of the pool: the same seed deals the same tiles; default: from the clock
    /// (printed on standard error).
    #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: Option<u64>,

    /// `lab` (no premium squares, bonus or blanks) or `standard` (premium squares, 50 points for all 7
    /// tiles, two blanks in the pool, played as lower-case letters).
    #[arg(long, value_name = "RULES", default_value = "lab")]
    pub rules: RulesName,

    /// How many best plays a hint shows when the letters tried fit nowhere.
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = crate::cli::values::whole("a number of plays", 0..=usize::MAX))]
    pub top: usize,

    /// How a hint ranks the best plays: `score`, or `equity` (score plus leave value, with
    /// exchanges); default: `equity` under the standard rules, `score` under the lab rules.
    #[arg(long, value_name = "RANKING")]
    pub rank: Option<Ranking>,

    /// Write the game, when it ends, as a GCG record (one player, `player`; a `#rules lab` line
    /// under the lab rules; replaced whole, never left half-written; `-` for standard output).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Runs a `solvebatch scrabble` subcommand.
///
/// # Errors
/// An unreadable or invalid board file, dictionary or tile file (each message names the file and, for
/// bad lines, the line), a failed write, or a failed read of the game's answers.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    match &args.command {
        ScrabbleCommand::Check(args) => check(args),
        ScrabbleCommand::Hint(args) => list_hints(args),
        ScrabbleCommand::Tiles(args) => tiles(args),
        ScrabbleCommand::Compile(args) => compile(args),
        ScrabbleCommand::Words(args) => words(args),
        ScrabbleCommand::Play(args) => play(args),
        ScrabbleCommand::Analyze(args) => analyze(args),
        ScrabbleCommand::Endgame(args) => solve_endgame(args),
        ScrabbleCommand::PreEndgame(args) => solve_pre_endgame(args),
    }
}

/// Accepts the text of a play: `LETTERS X Y DIRECTION` (the rules then say whether a lower-case
/// letter is a blank), or the standard notation (`8H WORD`), read against the board later.
fn play_syntax(text: &str) -> Result<String, String> {
    if is_standard_play(text) {
        return Ok(text.to_string());
    }
    text.parse::<Play>()
        .map(|_| text.to_string())
        .map_err(|error| format!("{error}; or 8H WORD across, H8 WORD down (columns A-O, rows 1-15)"))
}

impl BoardArgs {
    /// The board file read with the dictionary, tiles and rules in force: the flags beat the file's
    /// lines, which beat the defaults. What reading the dictionary skipped goes to standard error.
    fn load(&self) -> anyhow::Result<LoadedPosition> {
        let path = &self.board_file;
        let text = match self.cgp_text()? {
            Some(cgp) => position_text(&cgp),
            None => crate::text::read(path)?,
        };
        let settings = PositionSettings {
            dictionary: self.dictionary.clone(),
            tiles: self.tiles.clone(),
            rules: self.rules.map(Rules::named),
            dictionary_cache: crate::cache::dictionary_cache(),
        };
        let solver = Job::new(Solver::Anchor, settings)?;
        let mut loaded = solver.load(path, &text, false).map_err(|error| match error {
            PositionLoadError::File(message) => anyhow!(message),
            error => anyhow!("{}: {error}", crate::text::name(path)),
        })?;
        if let Some(warning) = &loaded.warning {
            eprintln!("{}", crate::report::style::terminal_text(warning));
        }
        if let Some(rack) = &self.rack {
            desk::check_rack_blanks(rack, &loaded.position.rules)
                .map_err(|error| anyhow!("--rack: {error} (--rules standard)"))?;
            loaded.position.rack = rack.clone();
        }
        Ok(loaded)
    }

    /// The CGP position the board argument gives (a `.cgp` file, or CGP text where no file is),
    /// `None` for a position file.
    fn cgp_text(&self) -> anyhow::Result<Option<Cgp>> {
        let path = &self.board_file;
        let is_file = path.extension().is_some_and(|extension| extension.eq_ignore_ascii_case("cgp"));
        let given = path.to_string_lossy();
        let text = if is_file {
            crate::text::read(path)?
        } else if !path.exists() && given.contains('/') && given.contains(' ') {
            given.into_owned()
        } else {
            return Ok(None);
        };
        let name = if is_file { crate::text::name(path) } else { "the CGP position".to_string() };
        let cgp: Cgp = text.parse().map_err(|error| anyhow!("{name}: {error}"))?;
        if self.dictionary.is_none() {
            return Err(anyhow!("{name}: a CGP position names no dictionary file: give --dictionary"));
        }
        Ok(Some(cgp))
    }

    /// The position as one CGP line: the CGP read, if one was, with `board` and `rack` in place of
    /// its own (its opponent's rack, scores, scoreless turns and options kept), else [`Cgp::of`].
    fn cgp_with(&self, board: &Board, rack: &Rack) -> anyhow::Result<Cgp> {
        let mut cgp = self.cgp_text()?.unwrap_or_else(|| Cgp::of(board, rack));
        (cgp.board, cgp.racks[0]) = (board.clone(), rack.clone());
        Ok(cgp)
    }

    /// The leave table of `--leaves`, `None` for the values built in.
    fn leave_table(&self) -> anyhow::Result<Option<LeaveTable>> {
        Ok(self.leaves.as_deref().map(LeaveTable::load).transpose()?)
    }

    /// Checks, before a listing by equity, that the position's board and rack hold no more tiles of a
    /// kind than the game has: the bag, the leave values and the exchanges rest on the counts.
    fn check_tile_counts(&self, loaded: &LoadedPosition) -> anyhow::Result<()> {
        let (rulebook, position) = (loaded.rulebook(), &loaded.position);
        check_tile_counts(rulebook.tiles, rulebook.rules, &position.board, &position.rack)
            .map_err(|error| anyhow!("{}: {error}", crate::text::name(&self.board_file)))
    }
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let loaded = args.board.load()?;
    let position = &loaded.position;
    let standard = position.rules.name() == RulesName::Standard;
    let play = desk::parse_play(&args.play, &position.rules, &position.board)
        .map_err(|error| anyhow!("--play: {error}"))?;
    let rulebook = loaded.rulebook();
    let (board, rack) = (&position.board, &position.rack);
    // Read before the verdict, so that a damaged --leaves file is an error whether or not the hint
    // comes to rank plays by it.
    let leaves = args.board.leave_table()?;
    let checked = desk::check(&rulebook, board, rack, &play);
    // A position whose game is over takes no play: rejected, with the status of a rejected play.
    let scoreless = args.board.cgp_text()?.map_or(0, |cgp| cgp.scoreless_turns as usize);
    if let Some(over) = desk::game_over(scoreless) {
        print!("play {}: rejected: {over}", checked.written);
        return Ok(ExitCode::FAILURE);
    }
    let mut out = String::new();
    let code = match &checked.verdict {
        Ok(scored) if args.cgp => {
            out.push_str(&format!("{}\n", args.board.cgp_with(board, rack)?.after_play(scored)));
            ExitCode::SUCCESS
        }
        Ok(scored) => {
            out.push_str(&format!("play {}: {}\n", checked.written, scored.score));
            let words: Vec<String> = scored.words.iter().map(ToString::to_string).collect();
            out.push_str(&format!("words: {}\n", words.join(", ")));
            let mut after = board.clone();
            scored.apply(&mut after);
            if standard {
                out.push_str(&board_text(&after, &position.rules));
            } else {
                out.push_str(&after.to_string());
            }
            ExitCode::SUCCESS
        }
        Err(rejected) => {
            out.push_str(&format!("play {}: rejected: {}\n", checked.written, rejected.reason));
            out.push_str(&format!("{}\n", rejected.hint_text));
            if matches!(rejected.hint, Hint::OtherLetters { .. }) {
                let ranking = desk::ranking(None, &position.rules).map_err(equity_under_lab)?;
                if ranking == Ranking::Equity {
                    args.board.check_tile_counts(&loaded)?;
                }
                let table = leaves.as_ref().unwrap_or_else(|| LeaveTable::standard());
                out.push_str(&plays_listing(&rulebook, table, position, args.top, ranking));
            }
            ExitCode::FAILURE
        }
    };
    std::io::stdout().write_all(out.as_bytes())?;
    Ok(code)
}

/// A CGP position as the text of a position file: the standard rules, the rack to move, the board.
fn position_text(cgp: &Cgp) -> String {
    let rack = if cgp.racks[0].is_empty() { String::new() } else { format!("rack: {}\n", cgp.racks[0]) };
    let mut text = format!("rules: standard\n{rack}board:\n");
    for row in cgp.board.to_rows() {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

fn list_hints(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let loaded = args.board.load()?;
    let position = &loaded.position;
    if args.cgp {
        println!("{}", args.board.cgp_with(&position.board, &position.rack)?);
        return Ok(ExitCode::SUCCESS);
    }
    // A position whose game is over has no play to list: said, with the status of `no valid play`.
    let scoreless = args.board.cgp_text()?.map_or(0, |cgp| cgp.scoreless_turns as usize);
    if let Some(over) = desk::game_over(scoreless) {
        std::io::stdout().write_all(over.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let ranking = desk::ranking(args.rank, &position.rules).map_err(equity_under_lab)?;
    if ranking == Ranking::Equity {
        args.board.check_tile_counts(&loaded)?;
    } else if args.board.leaves.is_some() {
        return Err(anyhow!("--leaves: leave values count only in a ranking by equity (--rules standard)"));
    }
    let table = args.board.leave_table()?;
    let table = table.as_ref().unwrap_or_else(|| LeaveTable::standard());
    let top = args.top.unwrap_or(position.top);
    let rulebook = loaded.rulebook();
    let endgame = (ranking == Ranking::Equity && args.simulate.is_none())
        .then(|| desk::endgame_listing(&rulebook, &position.board, &position.rack, top))
        .flatten();
    let listing = match args.simulate {
        None => endgame.unwrap_or_else(|| {
            let listing = plays_listing(&rulebook, table, position, top, ranking);
            // On a terminal the fields are named; a pipe gets the lines alone, as the spec writes them.
            let plays = !listing.is_empty() && listing != desk::NO_VALID_PLAY;
            if plays && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                format!("{}\n{listing}", listing_heading(ranking, position.rules.name()))
            } else {
                listing
            }
        }),
        Some(_) if position.rules.name() == RulesName::Lab => {
            return Err(anyhow!(
                "--simulate: simulation plays by the standard rules' leave values (--rules standard)"
            ));
        }
        Some(_) if ranking == Ranking::Score => {
            return Err(anyhow!("--simulate: simulation ranks by equity; drop --rank score"));
        }
        Some(iterations) => desk::simulation_listing(
            &rulebook,
            table,
            &position.board,
            &position.rack,
            top,
            iterations as usize,
            args.seed,
            args.opponent_rack.as_ref().unwrap_or(&Rack::default()),
        )
        .map_err(|error| anyhow!("--opponent-rack: {error}"))?,
    };
    std::io::stdout().write_all(listing.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The line naming the fields of a listing's lines (as `scrabble hint --help` does).
fn listing_heading(ranking: Ranking, rules: RulesName) -> &'static str {
    match (ranking, rules) {
        (Ranking::Equity, _) => "EQUITY  SCORE PLAY  keep LEAVE VALUE",
        (Ranking::Score, RulesName::Lab) => "SCORE WORD X Y DIRECTION LETTERS",
        (Ranking::Score, _) => "SCORE PLAY",
    }
}

/// The `top` best candidates of the position's rack under `ranking` (by equity with the leave values
/// of `table`), one a line, or `no valid play` ([`desk::listing`]).
fn plays_listing(
    rulebook: &Rulebook,
    table: &LeaveTable,
    position: &Position,
    top: usize,
    ranking: Ranking,
) -> String {
    let (board, rack) = (&position.board, &position.rack);
    let bag = desk::bag(rulebook, board, rack);
    desk::listing(&desk::candidates(rulebook, table, board, rack, bag, ranking, top), top)
}

fn solve_endgame(args: &EndgameArgs) -> anyhow::Result<ExitCode> {
    let loaded = args.board.load()?;
    args.board.check_tile_counts(&loaded)?;
    let (rulebook, position) = (loaded.rulebook(), &loaded.position);
    let cgp = args.board.cgp_text()?;
    let name = position_name(&args.board, cgp.is_some());
    let scoreless = cgp.as_ref().map_or(0, |cgp| cgp.scoreless_turns as usize);
    let endgame = desk::endgame_position(&rulebook, &position.board, &position.rack, scoreless)
        .map_err(|error| anyhow!("{name}: {error}"))?;
    if let Some(given) = cgp.as_ref().map(|cgp| cgp.racks[1].clone()).filter(|rack| !rack.is_empty()) {
        if given != endgame.racks[1] {
            return Err(anyhow!(
                "{name}: the opponent's rack {given} is not the unseen tiles {}",
                endgame.racks[1]
            ));
        }
    }
    if args.cgp {
        let mut written = cgp.unwrap_or_else(|| Cgp::of(&position.board, &position.rack));
        written.racks = endgame.racks.clone();
        written.scoreless_turns = endgame.scoreless_turns as u32;
        println!("{written}");
        return Ok(ExitCode::SUCCESS);
    }
    let settings = endgame::Settings {
        deadline: Deadline::at(args.timeout.map(|timeout| Instant::now() + timeout)),
        all: args.all,
        threads: args.jobs.map_or_else(cores, |jobs| jobs as usize),
        ..endgame::Settings::default()
    };
    let solution = endgame::solve(&rulebook, &endgame, &settings);
    let text = if args.json {
        let line: Vec<_> = desk::endgame_line(&rulebook, &endgame, &solution.line)
            .into_iter()
            .map(|written| serde_json::json!({ "rack": written.rack, "move": written.turn }))
            .collect();
        let turns: Vec<_> = solution
            .turns
            .iter()
            .map(|root| {
                let written = desk::endgame_line(&rulebook, &endgame, &[root.turn]).remove(0);
                serde_json::json!({ "move": written.turn, "value": root.value })
            })
            .collect();
        let mut object = serde_json::json!({
            "value": solution.value,
            "proved": solution.proved,
            "depth": solution.depth,
            "nodes": solution.nodes,
            "racks": [endgame.racks[0].to_string(), endgame.racks[1].to_string()],
            "scoreless_turns": endgame.scoreless_turns,
            "line": line,
        });
        if args.all {
            object["turns"] = serde_json::Value::Array(turns);
        }
        format!("{object}\n")
    } else {
        desk::endgame_report(&rulebook, &endgame, &solution)
    };
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The cores available to this process (1 when unknown).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// How errors name the position: its file, or `the CGP position` given on the command line.
fn position_name(board: &BoardArgs, is_cgp: bool) -> String {
    let path = &board.board_file;
    if is_cgp && !path.exists() {
        "the CGP position".to_string()
    } else {
        crate::text::name(path)
    }
}

fn solve_pre_endgame(args: &PreEndgameArgs) -> anyhow::Result<ExitCode> {
    let loaded = args.board.load()?;
    args.board.check_tile_counts(&loaded)?;
    let (rulebook, position) = (loaded.rulebook(), &loaded.position);
    let cgp = args.board.cgp_text()?;
    let scoreless = cgp.as_ref().map_or(0, |cgp| cgp.scoreless_turns as usize);
    let settings = solvebatch_scrabble::search::pre_endgame::Settings {
        plays: usize::try_from(args.plays).unwrap_or(usize::MAX),
        node_limit: args.endgame_positions,
        threads: args.jobs.unwrap_or(1) as usize,
    };
    let (board, rack) = (&position.board, &position.rack);
    let text = if args.json {
        desk::pre_endgame_figures(&rulebook, board, rack, scoreless, &settings)
            .map(|figures| format!("{}\n", serde_json::json!(figures)))
    } else {
        desk::pre_endgame_report(&rulebook, board, rack, scoreless, &settings)
    }
    .map_err(|error| anyhow!("{}: {error}", position_name(&args.board, cgp.is_some())))?;
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn tiles(args: &TilesArgs) -> anyhow::Result<ExitCode> {
    check_dictionary_output(&args.dictionary, &args.output)?;
    let dictionary = crate::cache::load_dictionary(&args.dictionary)?;
    let tiles = TileSet::from_frequencies(&dictionary.letter_frequencies());
    write_file(&args.output, tiles.to_file_text().as_bytes())?;
    // On standard error, so that `-o -` prints the tile file alone.
    eprintln!(
        "{}: {} letters, {} tiles",
        args.output.display(),
        tiles.to_file_text().lines().count(),
        tiles.pool_size()
    );
    Ok(ExitCode::SUCCESS)
}

fn compile(args: &CompileArgs) -> anyhow::Result<ExitCode> {
    check_dictionary_output(&args.dictionary, &args.output)?;
    let dictionary = crate::cache::load_dictionary(&args.dictionary)?;
    let graph = dictionary.graph();
    let bytes = graph.to_bytes();
    write_file(&args.output, &bytes)?;
    // On standard error, so that `-o -` writes the graph alone.
    eprintln!(
        "{}: {} words, {} nodes, {} edges, {} bytes",
        args.output.display(),
        graph.word_count(),
        graph.node_count(),
        graph.edge_count(),
        bytes.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// `tiles` and `compile` read a dictionary and write `--output`: never over the dictionary.
fn check_dictionary_output(dictionary: &Path, output: &Path) -> anyhow::Result<()> {
    let mut reads = crate::reads::Reads::default();
    reads.add("the dictionary", dictionary);
    reads.check(output, "--output")
}

fn words(args: &WordsArgs) -> anyhow::Result<ExitCode> {
    // Both files named, when both are missing, before any is read.
    crate::inputs::require_existing(
        &[Some(&args.dictionary), args.tiles.as_ref()]
            .map(|path| path.cloned())
            .into_iter()
            .flatten()
            .collect::<Vec<_>>(),
    )?;
    let dictionary = crate::cache::load_dictionary(&args.dictionary)?;
    let tiles = match &args.tiles {
        Some(path) => TileSet::load(path)?,
        None => TileSet::standard(),
    };
    let found = find_words(&dictionary, &args.rack, &tiles);
    let mut out: String = found.iter().map(|word| format!("{word}\n")).collect();
    if found.is_empty() {
        out.push_str("no word\n");
    }
    std::io::stdout().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn play(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let rules = Rules::named(args.rules);
    let ranking = desk::ranking(args.rank, &rules).map_err(equity_under_lab)?;
    if let Some(record) = &args.record {
        let mut reads = crate::reads::Reads::default();
        reads.add("the dictionary", &args.dictionary);
        if let Some(tiles) = &args.tiles {
            reads.add("the tile file", tiles);
        }
        reads.check(record, "--record")?;
    }
    let dictionary = crate::cache::load_dictionary(&args.dictionary)?;
    let tiles =
        match &args.tiles {
            Some(path) => game_tiles(path, &args.dictionary, &dictionary)?,
            None if args.rules == RulesName::Standard => TileSet::standard(),
            None => return Err(UsageError(
                "scrabble play: the lab rules' game deals from a tile file: name one with -t FILE (under \
                 --rules standard the standard set is the default)"
                    .into(),
            )
            .into()),
        };
    let seed = args.seed.unwrap_or_else(|| {
        let seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |time| time.as_nanos() as u64);
        eprintln!("seed: {seed}");
        seed
    });
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let tile_file =
        args.tiles.as_ref().map_or_else(|| "the standard tile set".into(), |path| path.display().to_string());
    let mut game = SolitaireGame::new(rulebook, seed).map_err(|error| anyhow!("{tile_file}: {error}"))?;
    game.set_ranking(ranking);
    let input = std::io::BufReader::new(crate::game_input::GameInput::start());
    run_solitaire(&mut game, args.top, input, std::io::stdout().lock())?;
    if let Some(path) = &args.record {
        let mut record = game.record().clone();
        record.lexicon = args.dictionary.file_name().map(|name| name.to_string_lossy().into_owned());
        write_file(path, record.to_gcg().as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// [`desk::EquityUnderLab`] in the command line's words.
fn equity_under_lab(_: desk::EquityUnderLab) -> anyhow::Error {
    anyhow!("--rank equity: the leave values are for the standard rules (--rules standard)")
}

fn analyze(args: &AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let text = crate::text::read(&args.game)?;
    let files = PositionSettings {
        dictionary: args.dictionary.clone(),
        tiles: args.tiles.clone(),
        rules: None,
        dictionary_cache: crate::cache::dictionary_cache(),
    };
    let settings = GameAnalysis {
        files,
        analysis: AnalysisSettings {
            top: args.top,
            simulate: args.simulate.map(|iterations| iterations as usize),
            seed: args.seed,
            player: None,
            endgame_positions: Some(args.endgame_positions),
            endgame_threads: args.jobs.unwrap_or(1) as usize,
        },
        player: args.player.clone(),
        leaves: args.leaves.clone(),
    };
    let analysed = settings.analyse(&args.game, &text, Deadline::NEVER).map_err(|error| {
        let worded = match &error {
            GameAnalysisError::NoDictionary => {
                "no dictionary: give --dictionary, or a #lexicon line naming a word list beside the game"
                    .to_string()
            }
            GameAnalysisError::UnknownPlayer { .. } => format!("--player: {error}"),
            _ => crate::error::with_causes(&error),
        };
        anyhow!("{}: {worded}", crate::text::name(&args.game))
    })?;
    let text = if args.json {
        format!("{}\n", serde_json::json!(analysed.figures))
    } else {
        analysed.text + &final_line(&analysed.game)
    };
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The game's tiles: the file at `path`, or, when it cannot be opened, tiles derived from the
/// dictionary (read from `dictionary_path`) and written there.
fn game_tiles(path: &Path, dictionary_path: &Path, dictionary: &Dictionary) -> anyhow::Result<TileSet> {
    if let Err(error) = std::fs::File::open(path) {
        let tiles = TileSet::from_frequencies(&dictionary.letter_frequencies());
        write_file(path, tiles.to_file_text().as_bytes())?;
        eprintln!(
            "{}: cannot be opened ({error}); wrote the tile definitions derived from {}",
            path.display(),
            dictionary_path.display()
        );
        return Ok(tiles);
    }
    Ok(TileSet::load(path)?)
}
