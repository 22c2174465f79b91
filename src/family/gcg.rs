//! Recorded Scrabble games: `.gcg` files, `.gcg.expected` references holding their analysis
//! ([`solvebatch_scrabble::game::analyze::analyze`]); `scrabble analyze` prints the same text
//! ([`analyze_game`]).

use std::path::{Path, PathBuf};

use serde::Serialize;
use solvebatch_scrabble::equity::leave::LeaveTable;
use solvebatch_scrabble::game::analyze::{
    analyze_until, Analysis, AnalysisSettings, AnalysisStopped, PlayerSummary,
};
use solvebatch_scrabble::game::gcg::GcgGame;
use solvebatch_scrabble::{Dictionary, Rulebook, TileSet};

use crate::family::boundary::{Deadline, Family, FamilyError, Prepared, Settings, SolverInfo};
use crate::outcome::{Outcome, Status};

/// The recorded-game family.
pub struct Gcg;

/// Candidates listed per turn in an analysis unless asked otherwise (`scrabble analyze --top`, a
/// run's analysis, the web app's game stepper).
pub const ANALYSIS_TOP: usize = 3;

/// Where a game's dictionary and tiles come from, and how to analyse it.
#[derive(Debug, Clone, Default)]
pub struct GameSettings {
    /// The dictionary; else the file the game's `#lexicon` line names, beside the game.
    pub dictionary: Option<PathBuf>,
    /// The tile definition file; else the standard English set.
    pub tiles: Option<PathBuf>,
    /// The cache folder of compiled word lists.
    pub dictionary_cache: Option<PathBuf>,
    /// What to analyse; `player` is chosen by nick.
    pub analysis: AnalysisSettings,
    /// Only the turns of the player with this nick.
    pub player: Option<String>,
    /// The leave file (KLV2 or text); else the values built in.
    pub leaves: Option<PathBuf>,
}

/// The figures of an analysis, for a JSON record's `stats`.
#[derive(Debug, Serialize)]
pub struct GameStats {
    /// Decisions analysed.
    pub turns: usize,
    /// Per player: turns, equity lost, bingos found and missed, phonies.
    pub players: Vec<PlayerSummary>,
}

/// The name the first `#lexicon NAME` line of the game `text` gives, if any.
pub fn lexicon_name(text: &str) -> Option<&str> {
    let name = text.lines().find_map(|line| line.trim().strip_prefix("#lexicon"))?.trim();
    (!name.is_empty()).then_some(name)
}

/// The file `#lexicon NAME` names, beside the game at `path` (the first such line).
fn lexicon_file(path: &Path, text: &str) -> Option<PathBuf> {
    lexicon_name(text).map(|name| path.parent().unwrap_or(Path::new("")).join(name))
}

/// Reads the game at `path` (its text `text`) with the dictionary and tiles of `settings` and
/// analyses it: the analysis text and its figures.
///
/// # Errors
/// No dictionary (neither given nor named by `#lexicon`), an unreadable dictionary, tile or leave file,
/// a line of the game that is not consistent (`line N: ...`), or an unknown `--player` nick.
pub fn analyze_game(
    path: &Path,
    text: &str,
    settings: &GameSettings,
    deadline: Deadline,
) -> anyhow::Result<(String, GameStats)> {
    let dictionary_path = match &settings.dictionary {
        Some(path) => path.clone(),
        None => lexicon_file(path, text).ok_or_else(|| {
            anyhow::anyhow!(
                "no dictionary: give --dictionary, or a #lexicon line naming a word list beside the game"
            )
        })?,
    };
    let dictionary = Dictionary::load_cached(&dictionary_path, settings.dictionary_cache.as_deref())?;
    let tiles = match &settings.tiles {
        Some(path) => TileSet::load(path)?,
        None => TileSet::standard(),
    };
    let leaves = settings.leaves.as_deref().map(LeaveTable::load).transpose()?;
    let table = leaves.as_ref().unwrap_or_else(|| LeaveTable::standard());
    let (game, analysis) = analyze_text(
        text,
        (&dictionary, &tiles, table),
        &settings.analysis,
        settings.player.as_deref(),
        deadline,
    )?;
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &game.rules };
    let stats = GameStats { turns: analysis.turns.len(), players: analysis.players.clone() };
    Ok((analysis.text(&game, &rulebook), stats))
}

/// Reads the game `text` with `dictionary` and `tiles` and analyses it with `table`'s leave values
/// as `settings` say (only the turns of the player nicked `player`, when given), before `deadline`:
/// the game and its analysis. `scrabble analyze`, the `.gcg` family of `run` and the web app's
/// game stepper all analyse through here.
///
/// # Errors
/// A line of the game that is not consistent (`line N: ...`), an unknown `player` nick, or
/// [`AnalysisStopped`] once `deadline` has passed.
pub fn analyze_text(
    text: &str,
    (dictionary, tiles, table): (&Dictionary, &TileSet, &LeaveTable),
    settings: &AnalysisSettings,
    player: Option<&str>,
    deadline: Deadline,
) -> anyhow::Result<(GcgGame, Analysis)> {
    let game = GcgGame::parse(text, dictionary, tiles)?;
    let mut analysis_settings = settings.clone();
    if let Some(nick) = player {
        let index = game.players.iter().position(|player| player.nick == nick);
        let nicks: Vec<&str> = game.players.iter().map(|player| player.nick.as_str()).collect();
        analysis_settings.player = Some(index.ok_or_else(|| {
            anyhow::anyhow!("--player: {nick} is not a player of the game ({})", nicks.join(", "))
        })?);
    }
    let rulebook = Rulebook { dictionary, tiles, rules: &game.rules };
    let analysis = analyze_until(&rulebook, &game, table, &analysis_settings, deadline)?;
    Ok((game, analysis))
}

impl Family for Gcg {
    fn name(&self) -> &'static str {
        "gcg"
    }

    fn title(&self) -> &'static str {
        "Scrabble game"
    }

    fn extension(&self) -> &'static str {
        ".gcg"
    }

    /// The word list a game's `#lexicon` line names, where the command line gives no dictionary.
    fn files_named(&self, input: &Path, settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        let Some(text) = crate::text::read_regular(input) else {
            return Vec::new();
        };
        let named =
            settings.dictionary.is_none().then(|| lexicon_file(input, &String::from_utf8_lossy(&text)));
        named.flatten().map(|path| ("the dictionary", path)).into_iter().collect()
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        vec![SolverInfo {
            name: "equity",
            description: "every turn against every candidate ranked by equity (score plus leave value)",
        }]
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        if solver != "equity" {
            return Err(format!("unknown solver {solver} for Scrabble games (equity)").into());
        }
        Ok(Box::new(GameSettings {
            dictionary: settings.dictionary.clone(),
            tiles: settings.tiles.clone(),
            dictionary_cache: settings.dictionary_cache.clone(),
            analysis: AnalysisSettings { top: ANALYSIS_TOP, ..AnalysisSettings::default() },
            player: None,
            leaves: None,
        }))
    }
}

impl Prepared for GameSettings {
    fn solver(&self) -> &'static str {
        "equity"
    }

    fn solve(&self, path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        let analysed = crate::text::decode(input)
            .map_err(anyhow::Error::msg)
            .and_then(|text| analyze_game(path, text, self, deadline));
        match analysed {
            Ok((text, stats)) => Outcome::answer(Status::Solved, text, &stats),
            Err(error) if error.is::<AnalysisStopped>() => Outcome::stopped(deadline),
            Err(error) => Outcome::invalid(format!("{error:#}")),
        }
    }

    /// The game must read, and the output must name the move made on every turn it analyses.
    fn verify(&self, path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        let text = crate::text::decode(input)?;
        let (analysis, _) = analyze_game(path, text, self, Deadline::NEVER)?;
        let played = |text: &str| -> Vec<String> {
            text.lines().filter(|line| line.starts_with("  played ")).map(str::to_string).collect()
        };
        if played(output) != played(&analysis) {
            return Err("the moves named as played are not the game's".into());
        }
        Ok(true)
    }
}
