//! The whole job on one position file, as every front end runs it (the batch runner, `compare`,
//! `scrabble hint` and `check`, the web app): a [`Job`] prepared once per run, then
//! [`Job::solve`] on each file.
//!
//! One precedence rule: what the command line gives (dictionary, tiles, rules) beats the position
//! file's own line, which beats the default (no dictionary, the standard tile set, the `lab` rules).
//! A dictionary or tile file named by position files is read once per run, however many files name
//! it, and shared.

use solvebatch_core::Deadline;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::batch::position::{Position, PositionError, PositionReport};
use crate::board::rules::Rules;
use crate::lexicon::dictionary::Dictionary;
use crate::movegen::solver::Solver;
use crate::play::{Play, Rulebook};
use crate::tiles::TileSet;

/// What the command line gives; each beats the position file's own line.
#[derive(Debug, Clone, Default)]
pub struct PositionSettings {
    /// The dictionary (`--dictionary`).
    pub dictionary: Option<PathBuf>,
    /// The tile definition file (`--tiles`).
    pub tiles: Option<PathBuf>,
    /// The rules (`--rules`).
    pub rules: Option<Rules>,
    /// The folder caching the graphs built from word lists ([`Dictionary::load_cached`]), for the
    /// dictionary given and those the files name; `None`: no cache.
    pub dictionary_cache: Option<PathBuf>,
}

/// A position file read with everything needed to judge plays on it.
#[derive(Debug, Clone)]
pub struct LoadedPosition {
    /// The position, under the rules in force.
    pub position: Position,
    /// The dictionary in force.
    pub dictionary: Arc<Dictionary>,
    /// The tiles in force.
    pub tiles: Arc<TileSet>,
    /// What reading the dictionary in force skipped ([`Dictionary::skipped_note_of`]), when it was
    /// read from a file; the same text for every position of a run naming that file.
    pub warning: Option<String>,
}

impl LoadedPosition {
    /// The rulebook of this position.
    pub fn rulebook(&self) -> Rulebook<'_> {
        Rulebook { dictionary: &self.dictionary, tiles: &self.tiles, rules: &self.position.rules }
    }
}

/// Why a position file cannot be judged. Each message is complete: it names the file at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionLoadError {
    /// The position file has a bad line or misses one.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Neither the command line nor the file names a dictionary.
    #[error("no dictionary: the position has no 'dictionary:' line and none was given")]
    NoDictionary,
    /// The dictionary or the tile file cannot be read; the message names it.
    #[error("{0}")]
    File(String),
}

/// How one position file ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionOutcome {
    /// The report: every `play:` line judged, then the best plays (at least one).
    Solved(PositionReport),
    /// The report, and the rack has no valid play.
    NoPlay(PositionReport),
    /// The file cannot be judged.
    Invalid(PositionLoadError),
    /// The deadline passed during the search.
    Interrupted,
}

/// How [`Job::solve`] ended on one file, with what reading its dictionary skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    /// How the file ended.
    pub outcome: PositionOutcome,
    /// [`LoadedPosition::warning`], when the position was read.
    pub warning: Option<String>,
}

/// A run over position files: the generator and what the command line gives, read once.
pub struct Job {
    solver: Solver,
    settings: PositionSettings,
    dictionary: Option<Noted>,
    tiles: Option<Arc<TileSet>>,
    dictionaries: Cache<Noted>,
    tile_sets: Cache<Arc<TileSet>>,
}

/// A dictionary read, with what reading it skipped.
type Noted = (Arc<Dictionary>, Option<String>);

/// Files read once per run, keyed by their canonical path; files naming the same one wait for one
/// read, different ones load in parallel.
type Cache<T> = Mutex<HashMap<PathBuf, Arc<OnceLock<Result<T, String>>>>>;

impl Job {
    /// Prepares a run: reads the dictionary and tile file the command line gives.
    ///
    /// # Errors
    /// [`PositionLoadError::File`] when one of them cannot be read.
    pub fn new(solver: Solver, settings: PositionSettings) -> Result<Job, PositionLoadError> {
        let cache = settings.dictionary_cache.as_deref();
        let dictionary =
            settings.dictionary.as_deref().map(|path| read_dictionary(path, cache)).transpose()?;
        let tiles = settings.tiles.as_deref().map(read_tiles).transpose()?;
        Ok(Job {
            solver,
            settings,
            dictionary,
            tiles,
            dictionaries: Cache::default(),
            tile_sets: Cache::default(),
        })
    }

    /// Prepares a run on a dictionary and tile set already read (say from files held in memory),
    /// which beat the position files' own lines as [`PositionSettings`] files do; `rules` as
    /// [`PositionSettings::rules`]; `warning` what reading the dictionary skipped
    /// ([`LoadedPosition::warning`]).
    pub fn with_lexicon(
        solver: Solver,
        rules: Option<Rules>,
        dictionary: Arc<Dictionary>,
        warning: Option<String>,
        tiles: Arc<TileSet>,
    ) -> Job {
        Job {
            solver,
            settings: PositionSettings { rules, ..PositionSettings::default() },
            dictionary: Some((dictionary, warning)),
            tiles: Some(tiles),
            dictionaries: Cache::default(),
            tile_sets: Cache::default(),
        }
    }

    /// The move generator of this run.
    pub fn solver(&self) -> Solver {
        self.solver
    }

    /// Reads the position file at `path` (its text `text`) with the dictionary and tiles in force.
    /// With `rack_required` false a file without a `rack:` line has an empty rack (a board file).
    ///
    /// # Errors
    /// A bad position file, no dictionary, or a dictionary or tile file that cannot be read.
    pub fn load(
        &self,
        path: &Path,
        text: &str,
        rack_required: bool,
    ) -> Result<LoadedPosition, PositionLoadError> {
        let rules = self.settings.rules.as_ref();
        let position = if rack_required {
            Position::parse_with_rules(text, rules)?
        } else {
            Position::parse_board_file(text, rules)?
        };
        let folder = path.parent().unwrap_or(Path::new(""));
        let (dictionary, warning) = match (&self.dictionary, &position.dictionary) {
            (Some(given), _) => given.clone(),
            (None, Some(name)) => cached(&self.dictionaries, &folder.join(name), |path| {
                read_dictionary(path, self.settings.dictionary_cache.as_deref())
            })?,
            (None, None) => return Err(PositionLoadError::NoDictionary),
        };
        let tiles = match (&self.tiles, &position.tiles) {
            (Some(given), _) => Arc::clone(given),
            (None, Some(name)) => cached(&self.tile_sets, &folder.join(name), read_tiles)?,
            (None, None) => Arc::new(TileSet::standard()),
        };
        Ok(LoadedPosition { position, dictionary, tiles, warning })
    }

    /// Judges the position file at `path`: every `play:` line, then the best plays.
    pub fn solve(&self, path: &Path, text: &str, deadline: Deadline<'_>) -> Judged {
        let loaded = match self.load(path, text, true) {
            Ok(loaded) => loaded,
            Err(error) => return Judged { outcome: PositionOutcome::Invalid(error), warning: None },
        };
        let outcome = match loaded.position.solve(&loaded.rulebook(), self.solver, deadline) {
            Ok(solution) if solution.move_count == 0 => PositionOutcome::NoPlay(solution),
            Ok(solution) => PositionOutcome::Solved(solution),
            Err(_) => PositionOutcome::Interrupted,
        };
        Judged { outcome, warning: loaded.warning }
    }
}

/// Why a listing of best plays is not a correct answer for its position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("output line {line}: {problem}")]
pub struct ListingError {
    /// The output line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// Checks, independently of the generator, the best plays that end a position's report: each
/// `SCORE WORD x y direction LETTERS` line is a valid play of the rack, forms `WORD` and scores
/// `SCORE`, and the lines come best first by score. The `play ...` and `hint: ...` lines that judge
/// the file's own plays are left to byte comparison.
///
/// Says whether the output claims a play exists (it does unless it says `no valid play`).
///
/// # Errors
/// The first line that fails, with what is wrong.
pub fn verify(loaded: &LoadedPosition, output: &str) -> Result<bool, ListingError> {
    let rulebook = loaded.rulebook();
    let position = &loaded.position;
    let mut previous = u32::MAX;
    let mut has_play = true;
    for (index, line) in output.lines().enumerate() {
        if line == crate::game::desk::NO_VALID_PLAY.trim_end() {
            has_play = false;
            continue;
        }
        if line.starts_with("play ") || line.starts_with("hint: ") {
            continue;
        }
        let fail = |problem: String| ListingError { line: index + 1, problem };
        let fields: Vec<&str> = line.split(' ').collect();
        let [score, word, x, y, direction, letters] = fields[..] else {
            return Err(fail("not `SCORE WORD x y direction LETTERS`".to_string()));
        };
        let score: u32 = score.parse().map_err(|_| fail(format!("'{score}' is not a score")))?;
        let play = Play::parse_under(&format!("{letters} {x} {y} {direction}"), &position.rules)
            .map_err(|error| fail(error.to_string()))?;
        let scored = rulebook
            .check(&position.board, &position.rack, &play)
            .map_err(|error| fail(error.to_string()))?;
        let formed = scored.words.first().map(|formed| formed.word.to_string()).unwrap_or_default();
        if scored.score != score || formed != word {
            return Err(fail(format!(
                "the play forms {formed} for {}, not {word} for {score}",
                scored.score
            )));
        }
        if score > previous {
            return Err(fail("not ranked best first".to_string()));
        }
        previous = score;
    }
    Ok(has_play)
}

fn read_dictionary(path: &Path, cache: Option<&Path>) -> Result<Noted, PositionLoadError> {
    let dictionary =
        Dictionary::load_cached(path, cache).map_err(|error| PositionLoadError::File(error.to_string()))?;
    let warning = dictionary.skipped_note_of(path);
    Ok((Arc::new(dictionary), warning))
}

fn read_tiles(path: &Path) -> Result<Arc<TileSet>, PositionLoadError> {
    TileSet::load(path).map(Arc::new).map_err(|error| PositionLoadError::File(error.to_string()))
}

/// The file at `path` from `cache`, read with `read` on first use.
fn cached<T: Clone>(
    cache: &Cache<T>,
    path: &Path,
    read: impl FnOnce(&Path) -> Result<T, PositionLoadError>,
) -> Result<T, PositionLoadError> {
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let slot = {
        let mut files = cache.lock().unwrap_or_else(|poison| poison.into_inner());
        Arc::clone(files.entry(key).or_default())
    };
    slot.get_or_init(|| read(path).map_err(|error| error.to_string()))
        .clone()
        .map_err(PositionLoadError::File)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD: &str = "board:\n...............\n...............\n...............\n...............\n\
        ...............\n...............\n...............\n.....HELLO.....\n...............\n\
        ...............\n...............\n...............\n...............\n...............\n\
        ...............\n";

    fn folder_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn the_command_line_dictionary_beats_the_files_line() {
        let dir = folder_with(&[("file.txt", "hello\nhellos\n"), ("given.txt", "hello\nhell\n")]);
        let text = format!("dictionary: file.txt\nrack: S\n{BOARD}");
        let position = dir.path().join("p.scrabble");

        let by_file = Job::new(Solver::Anchor, PositionSettings::default()).unwrap();
        // H 4 + E 1 + L 1 + L 1 + O 1 + S 1, the word starting at x = -2.
        let PositionOutcome::Solved(solution) = by_file.solve(&position, &text, Deadline::NEVER).outcome
        else {
            panic!()
        };
        assert_eq!(solution.text, "9 HELLOS -2 0 horizontal S\n");

        let settings =
            PositionSettings { dictionary: Some(dir.path().join("given.txt")), ..Default::default() };
        let given = Job::new(Solver::Anchor, settings).unwrap();
        assert_eq!(
            given.solve(&position, &text, Deadline::NEVER).outcome,
            PositionOutcome::NoPlay(PositionReport { text: "no valid play\n".to_string(), move_count: 0 })
        );
        // A dictionary already read (from memory) beats the line as a given file does.
        let words = Arc::new(Dictionary::from_text(b"hello\nhell\n".to_vec()));
        let in_memory = Job::with_lexicon(Solver::Anchor, None, words, None, Arc::new(TileSet::standard()));
        assert_eq!(
            in_memory.solve(&position, &text, Deadline::NEVER).outcome,
            given.solve(&position, &text, Deadline::NEVER).outcome
        );
    }

    #[test]
    fn a_listing_is_checked_play_by_play() {
        let dir = folder_with(&[("words.txt", "hello\nhellos\nshe\nhe\n")]);
        let text = format!("dictionary: words.txt\nrack: SH\n{BOARD}");
        let solver = Job::new(Solver::Anchor, PositionSettings::default()).unwrap();
        let path = dir.path().join("p.scrabble");
        let loaded = solver.load(&path, &text, true).unwrap();
        let PositionOutcome::Solved(report) = solver.solve(&path, &text, Deadline::NEVER).outcome else {
            panic!()
        };
        assert_eq!(verify(&loaded, &report.text), Ok(true));
        // H 4 + E 1 + L 1 + L 1 + O 1 + S 1 = 9: claiming 10 is caught, as is a word off the board, and
        // HE down through the E (4 + 1 = 5) listed above it.
        let wrong = "10 HELLOS -2 0 horizontal S\n";
        assert_eq!(
            verify(&loaded, wrong).unwrap_err().to_string(),
            "output line 1: the play forms HELLOS for 9, not HELLOS for 10"
        );
        assert!(verify(&loaded, "9 HELLOS 7 7 horizontal S\n").is_err());
        assert_eq!(
            verify(&loaded, "5 HE -1 1 vertical H\n9 HELLOS -2 0 horizontal S\n").unwrap_err().to_string(),
            "output line 2: not ranked best first"
        );
    }

    #[test]
    fn a_dictionary_named_by_many_files_is_read_once_and_errors_name_it() {
        let dir = folder_with(&[("words.txt", "hello\n")]);
        let solver = Job::new(Solver::Anchor, PositionSettings::default()).unwrap();
        let text = format!("dictionary: words.txt\nrack: A\n{BOARD}");
        let first = solver.load(&dir.path().join("a.scrabble"), &text, true).unwrap();
        let second = solver.load(&dir.path().join("b.scrabble"), &text, true).unwrap();
        assert!(Arc::ptr_eq(&first.dictionary, &second.dictionary));

        let missing = format!("dictionary: absent.txt\nrack: A\n{BOARD}");
        let error = solver.load(&dir.path().join("c.scrabble"), &missing, true).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!(
                "{}: cannot read the dictionary: ",
                dir.path().join("absent.txt").display()
            )),
            "{error}"
        );
        let none = format!("rack: A\n{BOARD}");
        assert_eq!(
            solver.load(Path::new("d.scrabble"), &none, true).unwrap_err(),
            PositionLoadError::NoDictionary
        );
    }

    #[test]
    fn the_dictionary_cache_serves_the_given_dictionary_and_those_files_name() {
        let dir = folder_with(&[("file.txt", "hello\nhellos\n"), ("given.txt", "hello\nhell\n")]);
        let cache = dir.path().join("cache");
        let text = format!("dictionary: file.txt\nrack: S\n{BOARD}");
        let position = dir.path().join("p.scrabble");
        for _ in 0..2 {
            let settings = PositionSettings { dictionary_cache: Some(cache.clone()), ..Default::default() };
            let by_file = Job::new(Solver::Anchor, settings).unwrap();
            let PositionOutcome::Solved(solution) = by_file.solve(&position, &text, Deadline::NEVER).outcome
            else {
                panic!()
            };
            assert_eq!(solution.text, "9 HELLOS -2 0 horizontal S\n");
            assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
        }
        let settings = PositionSettings {
            dictionary: Some(dir.path().join("given.txt")),
            dictionary_cache: Some(cache.clone()),
            ..Default::default()
        };
        let given = Job::new(Solver::Anchor, settings).unwrap();
        assert!(matches!(given.solve(&position, &text, Deadline::NEVER).outcome, PositionOutcome::NoPlay(_)));
        assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 2);
    }
}
