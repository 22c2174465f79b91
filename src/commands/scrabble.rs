//! `solvebatch scrabble`: check a play on a board, list the best plays of a rack, derive a tile file
//! from a dictionary.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, Context};
use clap::Subcommand;
use solvebatch_scrabble::{hint, Dictionary, Hint, Play, Position, Rack, Rulebook, Rules, TileSet};

use crate::output::write_atomic;

/// Arguments of `solvebatch scrabble`.
#[derive(Debug, clap::Args)]
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
    /// same letters, or, when they fit nowhere, the best plays of the rack.
    Check(CheckArgs),
    /// List the best plays of a rack on a board: `SCORE WORD X Y DIRECTION LETTERS`, best first.
    Hint(HintArgs),
    /// Write a tile definition file derived from a dictionary's letter frequencies (100 tiles).
    Tiles(TilesArgs),
}

/// The board, rack and dictionary that `check` and `hint` work on.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    /// A position file (`.scrabble` format) holding the board; its `play:` lines are ignored.
    pub board_file: PathBuf,

    /// The rack's letters (at most 7); default: the position file's `rack:` line.
    #[arg(long, value_name = "LETTERS")]
    pub rack: Option<Rack>,

    /// The dictionary; default: the position file's `dictionary:` (relative to that file).
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: Option<PathBuf>,

    /// The tile definition file; default: the position file's `tiles:`, else the standard English set.
    #[arg(long, short = 't', short_alias = 'T', value_name = "FILE")]
    pub tiles: Option<PathBuf>,
}

/// Arguments of `solvebatch scrabble check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// The play: rack letters, start square and direction, for example "AE 0 -1 horizontal".
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true)]
    pub play: Play,

    /// How many best plays to show when the letters fit nowhere.
    #[arg(long, default_value_t = solvebatch_scrabble::DEFAULT_TOP, value_name = "N")]
    pub top: usize,
}

/// Arguments of `solvebatch scrabble hint`.
#[derive(Debug, clap::Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub board: BoardArgs,

    /// How many best plays to list; default: the position file's `top:`, else 10.
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,
}

/// Arguments of `solvebatch scrabble tiles`.
#[derive(Debug, clap::Args)]
pub struct TilesArgs {
    /// The dictionary whose letter frequencies give the scores and counts.
    #[arg(long, short = 'd', short_alias = 'D', value_name = "FILE")]
    pub dictionary: PathBuf,

    /// The tile definition file to write (replaced whole, never left half-written).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: PathBuf,
}

/// Runs a `solvebatch scrabble` subcommand.
///
/// # Errors
/// An unreadable or invalid board file, dictionary or tile file (each message names the file and, for
/// bad lines, the line), or a failed write.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    match &args.command {
        ScrabbleCommand::Check(args) => check(args),
        ScrabbleCommand::Hint(args) => list_hints(args),
        ScrabbleCommand::Tiles(args) => tiles(args),
    }
}

/// What `check` and `hint` read: the position (with the rack to use), dictionary and tiles.
struct Setting {
    position: Position,
    dictionary: Dictionary,
    tiles: TileSet,
}

impl BoardArgs {
    fn load(&self) -> anyhow::Result<Setting> {
        let path = &self.board_file;
        let text =
            std::fs::read_to_string(path).with_context(|| format!("{}: cannot read", path.display()))?;
        let mut position =
            Position::parse_board_file(&text).map_err(|error| anyhow!("{}: {error}", path.display()))?;
        if let Some(rack) = &self.rack {
            position.rack = rack.clone();
        }
        let folder = path.parent().unwrap_or(Path::new(""));
        let dictionary_path = match (&self.dictionary, &position.dictionary) {
            (Some(given), _) => given.clone(),
            (None, Some(name)) => folder.join(name),
            (None, None) => {
                return Err(anyhow!("{}: no dictionary: add a 'dictionary:' line or give -d", path.display()))
            }
        };
        let dictionary = load_dictionary(&dictionary_path)?;
        let tiles = match (&self.tiles, &position.tiles) {
            (Some(given), _) => TileSet::load(given)?,
            (None, Some(name)) => TileSet::load(&folder.join(name))?,
            (None, None) => TileSet::standard(),
        };
        Ok(Setting { position, dictionary, tiles })
    }
}

/// Reads a dictionary, reporting skipped entries on standard error.
fn load_dictionary(path: &Path) -> anyhow::Result<Dictionary> {
    let dictionary = Dictionary::load(path)?;
    if dictionary.skipped() > 0 {
        eprintln!("{}: skipped {} entries", path.display(), dictionary.skipped());
    }
    Ok(dictionary)
}

fn check(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let Setting { position, dictionary, tiles } = args.board.load()?;
    let rules = Rules::lab();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let (board, rack, play) = (&position.board, &position.rack, &args.play);
    let mut out = String::new();
    let code = match rulebook.check(board, rack, play) {
        Ok(scored) => {
            out.push_str(&format!("play {play}: {}\n", scored.score));
            let words: Vec<String> =
                scored.words.iter().map(|word| format!("{} {}", word.word, word.score)).collect();
            out.push_str(&format!("words: {}\n", words.join(", ")));
            let mut after = board.clone();
            scored.apply(&mut after);
            out.push_str(&after.to_string());
            ExitCode::SUCCESS
        }
        Err(rejection) => {
            out.push_str(&format!("play {play}: rejected: {rejection}\n"));
            let hint = hint(&rulebook, board, rack, play);
            out.push_str(&format!("{hint}\n"));
            if matches!(hint, Hint::OtherLetters { .. }) {
                out.push_str(&plays_listing(&rulebook, &position, args.top));
            }
            ExitCode::FAILURE
        }
    };
    std::io::stdout().write_all(out.as_bytes())?;
    Ok(code)
}

fn list_hints(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let Setting { position, dictionary, tiles } = args.board.load()?;
    let rules = Rules::lab();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let listing = plays_listing(&rulebook, &position, args.top.unwrap_or(position.top));
    std::io::stdout().write_all(listing.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The `top` best plays of the position's rack, one a line, or `no valid play`.
fn plays_listing(rulebook: &Rulebook, position: &Position, top: usize) -> String {
    let moves = rulebook.best_moves(&position.board, &position.rack, top);
    if moves.is_empty() && top > 0 {
        return "no valid play\n".to_string();
    }
    moves.iter().map(|listed| format!("{listed}\n")).collect()
}

fn tiles(args: &TilesArgs) -> anyhow::Result<ExitCode> {
    let dictionary = load_dictionary(&args.dictionary)?;
    let tiles = TileSet::from_frequencies(&dictionary.letter_frequencies());
    write_atomic(&args.output, tiles.to_file_text().as_bytes())?;
    println!(
        "{}: {} letters, {} tiles",
        args.output.display(),
        tiles.to_file_text().lines().count(),
        tiles.pool_size()
    );
    Ok(ExitCode::SUCCESS)
}
