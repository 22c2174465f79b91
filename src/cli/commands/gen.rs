//! `solvebatch gen`: random instances for benchmarks and datasets.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::equity::Ranking;
use solvebatch_scrabble::game::selfplay::{play_game, Engine};
use solvebatch_scrabble::{Rulebook, Rules, TileSet};
use solvebatch_tournament as tournament;

use crate::error::UsageError;
use crate::output::write_file;

/// Arguments of `solvebatch gen`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub family: Family,
}

/// The family to generate for.
#[derive(Debug, clap::Subcommand)]
pub enum Family {
    /// Random regular pairing files: every table and every player in exactly D pairings.
    #[command(after_help = "\
The instances come from the configuration model (uniform over regular instances without a repeated \
pairing), drawn with ChaCha8 from the seed: the same arguments give the same files on every platform. \
Degrees 6 and 7 are the hard region. Without --out the file is printed on standard output.

Files are named tournament-N-dD-sS.csv (tournament-N-dD-sS-planted.csv with --planted).

Examples:
  solvebatch gen tournament --tables 45 --degree 6 --seed 1 > t45.csv
  solvebatch gen tournament --tables 60 --degree 6 --count 10 --out t60")]
    Tournament(TournamentArgs),
    /// Scrabble endgames from self-play: the first position of each game with the bag empty, as CGP.
    #[command(after_help = "\
Each game is played by the equity engine against itself under the standard rules and tiles, its bag \
shuffled by ChaCha8 from the seed (game k of --count uses seed S + k); the position is the first turn \
with the bag empty: the board, the racks (the player to move first), the scores and the scoreless turns. \
A game that ends with tiles in the bag gives none (its seed is skipped). Without --out the lines are \
printed on standard output.

Files are named endgame-sS.cgp.

Example:
  solvebatch gen scrabble-endgame -d datasets/scrabble/dictionary.txt --count 50 --out endgames")]
    ScrabbleEndgame(ScrabbleEndgameArgs),
}

/// Arguments of `solvebatch gen scrabble-endgame`.
#[derive(Debug, clap::Args)]
pub struct ScrabbleEndgameArgs {
    /// The dictionary (a word list or a compiled graph).
    #[arg(long, short = 'd', value_name = "FILE")]
    pub dictionary: PathBuf,

    /// Seed of the first game.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,

    /// Number of games.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::cli::values::whole("a number of files", 1..=u32::MAX))]
    pub count: u32,

    /// Folder to write the files to (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Arguments of `solvebatch gen tournament`.
#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// Number of tables (the instance has twice as many players).
    #[arg(long, value_name = "N", value_parser = crate::cli::values::whole("a number of tables", 1..=u32::MAX))]
    pub tables: u32,

    /// Pairings per table and per player.
    #[arg(long, value_name = "D", value_parser = crate::cli::values::whole("a number of pairings per table", 1..=u32::MAX))]
    pub degree: u32,

    /// Seed of the first instance; instance k of --count uses seed S + k.
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = crate::cli::values::whole("a seed", 0..=u64::MAX))]
    pub seed: u64,

    /// Hide a round first, so that every instance has one.
    #[arg(long)]
    pub planted: bool,

    /// Number of instances (needs --out when more than one).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = crate::cli::values::whole("a number of files", 1..=u32::MAX))]
    pub count: u32,

    /// Folder to write the files to (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Generates the instances and prints them, or writes them and prints their paths.
///
/// # Errors
/// `--count` above 1 without `--out` (a usage error), parameters that admit no instance, a folder or
/// file that cannot be written.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let args = match &args.family {
        Family::Tournament(args) => args,
        Family::ScrabbleEndgame(args) => return scrabble_endgames(args),
    };
    if args.count > 1 && args.out.is_none() {
        return Err(UsageError("--count above 1 needs --out DIR".to_string()).into());
    }
    let mut stdout = std::io::stdout().lock();
    for k in 0..u64::from(args.count) {
        let seed = args.seed.checked_add(k).context("the seeds pass 2^64")?;
        let regular = tournament::Regular {
            tables: args.tables as usize,
            degree: args.degree as usize,
            seed,
            planted: args.planted,
        };
        let instance = regular.generate().map_err(|error| match error {
            // What the options ask for, refused before any work: a usage error.
            tournament::generate::GenerateError::TooLarge { .. } => UsageError(error.to_string()).into(),
            error => anyhow::Error::from(error),
        })?;
        let text = tournament::generate::to_text(&instance);
        match &args.out {
            None => stdout.write_all(text.as_bytes())?,
            Some(folder) => {
                let planted = if args.planted { "-planted" } else { "" };
                let name = format!("tournament-{}-d{}-s{seed}{planted}.csv", args.tables, args.degree);
                write_into(folder, &name, &text, &mut stdout)?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes `text` to the file `name` in `folder` (created if needed) and prints its path.
fn write_into(folder: &Path, name: &str, text: &str, stdout: &mut impl Write) -> anyhow::Result<()> {
    std::fs::create_dir_all(folder)
        .with_context(|| format!("{}: cannot create the folder", folder.display()))?;
    let path = folder.join(name);
    write_file(&path, text.as_bytes())?;
    writeln!(stdout, "{}", path.display())?;
    Ok(())
}

/// Plays the games and prints or writes the first endgame of each.
fn scrabble_endgames(args: &ScrabbleEndgameArgs) -> anyhow::Result<ExitCode> {
    let dictionary = crate::cache::load_dictionary(&args.dictionary)?;
    let (tiles, rules) = (TileSet::standard(), Rules::standard());
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let engine = Engine { ranking: Ranking::Equity, table: LeaveTable::standard() };
    let mut stdout = std::io::stdout().lock();
    for k in 0..u64::from(args.count) {
        let seed = args.seed.checked_add(k).context("the seeds pass 2^64")?;
        let Some(cgp) = play_game(&rulebook, [engine, engine], seed).first_endgame() else {
            continue;
        };
        let text = format!("{cgp}\n");
        match &args.out {
            None => stdout.write_all(text.as_bytes())?,
            Some(folder) => write_into(folder, &format!("endgame-s{seed}.cgp"), &text, &mut stdout)?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
