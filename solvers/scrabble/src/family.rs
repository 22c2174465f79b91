//! The two Scrabble families as the runner sees them ([`solvebatch_core::Family`]): `.scrabble`
//! position files judged by [`Job`], and `.gcg` game records analysed turn by turn by
//! [`GameAnalysis`]. Both read the same settings ([`PositionSettings`]: the dictionary, the tile
//! file, the rules and the cache of compiled word lists), given as the options `dictionary`,
//! `tiles`, `rules` and `dictionary-cache`.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use serde::Serialize;
use solvebatch_core::family::FamilyOption;
use solvebatch_core::text::{decode, read_regular};
use solvebatch_core::{
    Deadline, ExtraFile, ExtraKind, Family, FamilyError, Outcome, Prepared, Settings, SolverInfo, Status,
    UnknownOption,
};

use crate::batch::files::{self, Lexicon};
use crate::equity::leave::LeaveTable;
use crate::equity::leave_file::LeavesError;
use crate::game::analyze::{analyze_until, Analysis, AnalysisSettings, AnalysisStopped, PlayerSummary};
use crate::game::figures::AnalysisFigures;
use crate::game::gcg::{check_turns, GcgError, GcgGame, NoTurnError};
use crate::lexicon::dictionary::{Dictionary, DictionaryError};
use crate::tiles::TileLoadError;
use crate::{Job, Position, PositionOutcome, PositionSettings, Rulebook, Rules, Solver, TileSet};

/// The options both Scrabble families take.
const OPTIONS: &[FamilyOption] = &[
    FamilyOption { name: "dictionary", values: "a word list or a compiled word graph" },
    FamilyOption { name: "tiles", values: "a tile definition file" },
    FamilyOption { name: "rules", values: "`lab` or `standard`" },
    FamilyOption { name: "dictionary-cache", values: "the folder caching compiled word lists" },
];

/// Sets the option `name` of a Scrabble family called `family` to `value`.
fn set_option(
    family: &'static str,
    settings: &mut Settings,
    name: &str,
    value: &OsStr,
) -> Result<(), FamilyError> {
    settings.update(|own: &mut PositionSettings| -> Result<(), FamilyError> {
        match name {
            "dictionary" => own.dictionary = Some(PathBuf::from(value)),
            "tiles" => own.tiles = Some(PathBuf::from(value)),
            "rules" => {
                let name = value.to_string_lossy();
                let rules =
                    name.parse::<Rules>().map_err(|_| format!("`{name}` is neither `lab` nor `standard`"))?;
                own.rules = Some(rules);
            }
            "dictionary-cache" => own.dictionary_cache = Some(PathBuf::from(value)),
            _ => return Err(Box::new(UnknownOption { family, option: name.to_string() })),
        }
        Ok(())
    })
}

/// The dictionary and the tile file that `settings` give, with their roles.
fn files_given(settings: &Settings) -> Vec<(&'static str, PathBuf)> {
    let Some(own) = settings.get::<PositionSettings>() else { return Vec::new() };
    let given = [("the dictionary", &own.dictionary), ("the tile file", &own.tiles)];
    given.into_iter().filter_map(|(role, path)| Some((role, path.clone()?))).collect()
}

/// The Scrabble position family.
pub struct Scrabble;

impl Family for Scrabble {
    fn name(&self) -> &'static str {
        "scrabble"
    }

    fn extension(&self) -> &'static str {
        ".scrabble"
    }

    fn no_solution_label(&self) -> &'static str {
        "no play"
    }

    fn options(&self) -> &'static [FamilyOption] {
        OPTIONS
    }

    fn set_option(&self, settings: &mut Settings, name: &str, value: &OsStr) -> Result<(), FamilyError> {
        set_option(self.name(), settings, name, value)
    }

    fn files_given(&self, settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        files_given(settings)
    }

    /// The dictionary and tile file a position file's `dictionary:` and `tiles:` lines name
    /// (relative to its folder), where the settings give none. Only a regular file is read for
    /// them: a FIFO would lose what it holds.
    fn files_named(&self, input: &Path, settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        let Some(text) = read_regular(input) else {
            return Vec::new();
        };
        let own = settings.get::<PositionSettings>().cloned().unwrap_or_default();
        let folder = input.parent().unwrap_or(Path::new(""));
        let keys = [
            ("dictionary", "the dictionary", own.dictionary.is_some()),
            ("tiles", "the tile file", own.tiles.is_some()),
        ];
        let mut named = Vec::new();
        // The header lines come before `board:`; a bad file is the solve's to report.
        for line in String::from_utf8_lossy(&text).lines() {
            let Some((key, value)) = line.split_once(':') else { continue };
            let key = key.trim();
            if key == "board" {
                break;
            }
            for (name, role, given) in keys {
                if key == name && !given && !value.trim().is_empty() {
                    named.push((role, folder.join(value.trim())));
                }
            }
        }
        named
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        crate::solvers()
            .iter()
            .map(|solver| SolverInfo { name: solver.name(), description: solver.description() })
            .collect()
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        let solver: Solver = solver.parse()?;
        let own = settings.get::<PositionSettings>().cloned().unwrap_or_default();
        Ok(Box::new(Job::new(solver, own)?))
    }

    /// The dictionary and the tile set ([`files::KINDS`]).
    fn extra_kinds(&self) -> &'static [&'static dyn ExtraKind] {
        files::KINDS
    }

    /// The position's `dictionary:` and `tiles:` lines, as its board file reads them; none for a
    /// position that does not read.
    fn extras_asked(&self, input: &[u8]) -> Vec<Option<String>> {
        let position = decode(input).ok().and_then(|text| Position::parse_board_file(text, None).ok());
        match position {
            Some(position) => vec![position.dictionary, position.tiles],
            None => vec![None, None],
        }
    }

    /// A [`Job`] on the dictionary and tiles found ([`Lexicon::of`]), with the settings' rules.
    fn prepare_with_extras(
        &self,
        solver: &str,
        settings: &Settings,
        extras: &[Option<ExtraFile>],
    ) -> Result<Box<dyn Prepared>, FamilyError> {
        let solver: Solver = solver.parse()?;
        let rules = settings.get::<PositionSettings>().and_then(|own| own.rules.clone());
        let Lexicon { dictionary, warning, tiles } = Lexicon::of(extras)?;
        Ok(Box::new(Job::with_lexicon(solver, rules, dictionary, warning, tiles)))
    }
}

impl Prepared for Job {
    fn solver(&self) -> &'static str {
        Job::solver(self).name()
    }

    fn solve(&self, path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        let text = match decode(input) {
            Ok(text) => text,
            Err(message) => return Outcome::invalid(message),
        };
        let judged = Job::solve(self, path, text, deadline);
        let outcome = match judged.outcome {
            PositionOutcome::Solved(solution) => {
                let statistics = solution.statistics();
                Outcome::answer(Status::Solved, solution.text, &statistics)
            }
            PositionOutcome::NoPlay(solution) => {
                let statistics = solution.statistics();
                Outcome::answer(Status::NoSolution, solution.text, &statistics)
            }
            PositionOutcome::Invalid(error) => Outcome::invalid(error.to_string()),
            PositionOutcome::Interrupted => Outcome::stopped(deadline),
        };
        Outcome { warning: judged.warning, ..outcome }
    }

    /// Checks every listed play on the board ([`crate::verify`]); says whether a play exists.
    fn verify(&self, path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        let text = decode(input)?;
        let loaded = self.load(path, text, true)?;
        Ok(crate::verify(&loaded, output)?)
    }
}

/// Candidates listed per turn in an analysis unless asked otherwise (`scrabble analyze --top`, a
/// run's analysis, the web app's game stepper).
pub const ANALYSIS_TOP: usize = 3;

/// The recorded-game family.
pub struct Gcg;

/// A game record's analysis prepared for a run: where its dictionary and tiles come from, and what
/// to analyse.
#[derive(Debug, Clone, Default)]
pub struct GameAnalysis {
    /// The dictionary, tiles and cache; a game without a dictionary takes the file its `#lexicon`
    /// line names, beside it.
    pub files: PositionSettings,
    /// What to analyse; `player` is chosen by nick.
    pub analysis: AnalysisSettings,
    /// Only the turns of the player with this nick.
    pub player: Option<String>,
    /// The leave file (KLV2 or text); else the values built in.
    pub leaves: Option<PathBuf>,
}

/// Why a game record could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum GameAnalysisError {
    /// Neither a dictionary given nor a `#lexicon` line naming one.
    #[error("no dictionary: none was given and no #lexicon line names a word list beside the game")]
    NoDictionary,
    /// The dictionary cannot be read.
    #[error(transparent)]
    Dictionary(#[from] DictionaryError),
    /// The tile file cannot be read.
    #[error(transparent)]
    Tiles(#[from] TileLoadError),
    /// The leave file cannot be read.
    #[error(transparent)]
    Leaves(#[from] LeavesError),
    /// The record is empty, or holds no turn (refused before the dictionary is looked for).
    #[error(transparent)]
    NoTurn(#[from] NoTurnError),
    /// A line of the record is not consistent (`line N: ...`).
    #[error(transparent)]
    Game(#[from] GcgError),
    /// The player asked for is not in the game.
    #[error("{nick} is not a player of the game ({})", nicks.join(", "))]
    UnknownPlayer {
        /// The nick asked for.
        nick: String,
        /// The game's players.
        nicks: Vec<String>,
    },
    /// The deadline passed first.
    #[error(transparent)]
    Stopped(#[from] AnalysisStopped),
}

/// The figures of an analysis, for a record's `stats`.
#[derive(Debug, Serialize)]
pub struct GameStats {
    /// Decisions analysed.
    pub turns: usize,
    /// Per player: turns, equity lost, bingos found and missed, phonies.
    pub players: Vec<PlayerSummary>,
}

/// An analysed game: its text (what `scrabble analyze` prints and a `.gcg.expected` holds), the game
/// and its analysis.
#[derive(Debug)]
pub struct AnalysedGame {
    /// The analysis as text.
    pub text: String,
    /// The game read.
    pub game: GcgGame,
    /// The analysis, turn by turn.
    pub analysis: Analysis,
    /// The analysis's figures as data (`scrabble analyze --json`).
    pub figures: AnalysisFigures,
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

impl GameAnalysis {
    /// Reads the game at `path` (its text `text`) with the dictionary and tiles of these settings and
    /// analyses it before `deadline`.
    ///
    /// # Errors
    /// See [`GameAnalysisError`].
    pub fn analyse(
        &self,
        path: &Path,
        text: &str,
        deadline: Deadline,
    ) -> Result<AnalysedGame, GameAnalysisError> {
        check_turns(text)?;
        let dictionary_path = match &self.files.dictionary {
            Some(path) => path.clone(),
            None => lexicon_file(path, text).ok_or(GameAnalysisError::NoDictionary)?,
        };
        let dictionary = Dictionary::load_cached(&dictionary_path, self.files.dictionary_cache.as_deref())?;
        let tiles = match &self.files.tiles {
            Some(path) => TileSet::load(path)?,
            None => TileSet::standard(),
        };
        let leaves = self.leaves.as_deref().map(LeaveTable::load).transpose()?;
        let table = leaves.as_ref().unwrap_or_else(|| LeaveTable::standard());
        let (game, analysis) = self.analyse_text(text, (&dictionary, &tiles, table), deadline)?;
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &game.rules };
        let figures = AnalysisFigures::of(&analysis, &game, &rulebook);
        Ok(AnalysedGame { text: analysis.text(&game, &rulebook), game, analysis, figures })
    }

    /// Reads the game `text` with `dictionary` and `tiles` and analyses it with `table`'s leave
    /// values, before `deadline`: `scrabble analyze`, the `.gcg` family of `run` and the web app's
    /// game stepper all analyse through here.
    ///
    /// # Errors
    /// A record that is empty or holds no turn, a line of the game that is not consistent, an
    /// unknown player nick, or the deadline passed.
    pub fn analyse_text(
        &self,
        text: &str,
        (dictionary, tiles, table): (&Dictionary, &TileSet, &LeaveTable),
        deadline: Deadline,
    ) -> Result<(GcgGame, Analysis), GameAnalysisError> {
        check_turns(text)?;
        let game = GcgGame::parse(text, dictionary, tiles)?;
        let mut settings = self.analysis.clone();
        if let Some(nick) = &self.player {
            let index = game.players.iter().position(|player| &player.nick == nick);
            let nicks = game.players.iter().map(|player| player.nick.clone()).collect();
            settings.player =
                Some(index.ok_or_else(|| GameAnalysisError::UnknownPlayer { nick: nick.clone(), nicks })?);
        }
        let rulebook = Rulebook { dictionary, tiles, rules: &game.rules };
        let analysis = analyze_until(&rulebook, &game, table, &settings, deadline)?;
        Ok((game, analysis))
    }
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

    fn options(&self) -> &'static [FamilyOption] {
        OPTIONS
    }

    fn set_option(&self, settings: &mut Settings, name: &str, value: &OsStr) -> Result<(), FamilyError> {
        set_option(self.name(), settings, name, value)
    }

    fn files_given(&self, settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        files_given(settings)
    }

    /// The word list a game's `#lexicon` line names, where the settings give no dictionary.
    fn files_named(&self, input: &Path, settings: &Settings) -> Vec<(&'static str, PathBuf)> {
        let given = settings.get::<PositionSettings>().is_some_and(|own| own.dictionary.is_some());
        let Some(text) = read_regular(input).filter(|_| !given) else {
            return Vec::new();
        };
        let named = lexicon_file(input, &String::from_utf8_lossy(&text));
        named.map(|path| ("the dictionary", path)).into_iter().collect()
    }

    fn solvers(&self) -> Vec<SolverInfo> {
        vec![SolverInfo {
            name: "equity",
            description: "every turn against every candidate ranked by equity (score plus leave value)",
        }]
    }

    fn prepare(&self, solver: &str, settings: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
        self.check_solver(solver)?;
        Ok(Box::new(GameAnalysis {
            files: settings.get::<PositionSettings>().cloned().unwrap_or_default(),
            analysis: AnalysisSettings { top: ANALYSIS_TOP, ..AnalysisSettings::default() },
            player: None,
            leaves: None,
        }))
    }
}

impl Prepared for GameAnalysis {
    fn solver(&self) -> &'static str {
        "equity"
    }

    fn solve(&self, path: &Path, input: &[u8], deadline: Deadline) -> Outcome {
        let text = match decode(input) {
            Ok(text) => text,
            Err(message) => return Outcome::invalid(message),
        };
        match self.analyse(path, text, deadline) {
            Ok(analysed) => {
                let stats =
                    GameStats { turns: analysed.analysis.turns.len(), players: analysed.analysis.players };
                Outcome::answer(Status::Solved, analysed.text, &stats)
            }
            Err(GameAnalysisError::Stopped(_)) => Outcome::stopped(deadline),
            Err(error) => Outcome::invalid(error.to_string()),
        }
    }

    /// The game must read, and the output must name the same move played on every turn it analyses
    /// as a fresh analysis does.
    fn verify(&self, path: &Path, input: &[u8], output: &str) -> Result<bool, FamilyError> {
        let text = decode(input)?;
        let analysed = self.analyse(path, text, Deadline::NEVER)?;
        if output != analysed.text && played_lines(output) != played_lines(&analysed.text) {
            return Err("the moves named as played are not the game's".into());
        }
        Ok(true)
    }
}

/// The lines naming the move played on each analysed turn.
fn played_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|line| line.starts_with("  played ")).collect()
}
