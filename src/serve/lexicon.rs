//! Where a Scrabble position's `dictionary:` and `tiles:` lines (and a game's `#lexicon` line) lead
//! in the web app: first to the
//! files sent with it (the same batch or upload, held in memory, named relative to the position's
//! name), then, with `serve --data DIR`, to a regular file inside DIR (named relative to DIR or
//! absolutely; its canonical path must lie inside DIR, so `..`, absolute names and links leading out of
//! it lead nowhere), else to the server's own dictionary and tiles. Each answer says which ([`Notes`]).
//!
//! `serve --dictionary` / `--tiles` beat the position's lines, as the command line's flags do.
//!
//! A word list's graph is built by the request's deadline (a [`LexiconError::PastLimit`] when it
//! passes first: the endpoint answers 422 as for any work stopped at its limit), and kept by the
//! hash of the list's bytes ([`super::graphs`]), so that the same list sent again is not built again.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use anyhow::Context;
use serde::Serialize;
use solvebatch_core::{Deadline, UnknownSolver};
use solvebatch_scrabble::family::Scrabble;
use solvebatch_scrabble::lexicon::dictionary::DictionaryFault;
use solvebatch_scrabble::{Dictionary, Job, Position, PositionSettings, Solver, TileSet};

use super::error::ApiError;
use super::graphs::GraphCache;
use super::limits::TimeLimit;
use super::solve::Options;
use super::state::State;
use crate::text::ReadError;
use solvebatch_core::{Family, Prepared, Settings};

/// Files sent with a request, by the names they came with (`datasets/scrabble/words.txt`).
pub type Sent = BTreeMap<String, Vec<u8>>;

/// The folder of `serve --data DIR`, canonical, with the files read from it: each is read again
/// only when its size or time of change is not that of its last read.
#[derive(Debug)]
pub struct DataFolder {
    root: PathBuf,
    read: Mutex<HashMap<(PathBuf, TypeId), Stamped>>,
}

/// A file's size and time of change.
type Stamp = (u64, Option<SystemTime>);

/// A file read (a dictionary or a tile set), with the stamp it had then and its warning.
type Stamped = (Stamp, Arc<dyn Any + Send + Sync>, Option<String>);

/// A file read, with what reading it skipped ([`Readable::warning`]).
type Read<T> = (Arc<T>, Option<String>);

impl DataFolder {
    /// The folder at `path`.
    ///
    /// # Errors
    /// It does not exist or is no folder; the message names it.
    pub fn open(path: &Path) -> anyhow::Result<DataFolder> {
        let root = std::fs::canonicalize(path).with_context(|| format!("--data {}", path.display()))?;
        anyhow::ensure!(root.is_dir(), "--data {}: not a folder", path.display());
        Ok(DataFolder { root, read: Mutex::default() })
    }

    /// The regular file `name` (relative to the folder, or absolute) names inside the folder,
    /// canonical.
    ///
    /// # Errors
    /// Why it is not used, worded to follow "which": missing, outside the folder, not a regular file.
    fn find(&self, name: &str) -> Result<PathBuf, &'static str> {
        let path = std::fs::canonicalize(self.root.join(name))
            .map_err(|_| "which is neither sent with it nor in the server's data folder")?;
        if !path.starts_with(&self.root) {
            return Err("which leads outside the server's data folder");
        }
        if !std::fs::metadata(&path).is_ok_and(|metadata| metadata.is_file()) {
            return Err("which is not a regular file in the server's data folder");
        }
        Ok(path)
    }

    /// The file at `path` (found by [`DataFolder::find`]) read as a `T` by `deadline` (a word list's
    /// graph found in or kept in `graphs`), named `asked` in messages.
    fn read<T: Readable>(
        &self,
        asked: &str,
        path: &Path,
        graphs: &GraphCache,
        deadline: Deadline<'_>,
    ) -> Result<Read<T>, LexiconError> {
        let name = format!("{asked} in the server's data folder");
        let metadata =
            std::fs::metadata(path).map_err(|error| LexiconError::Invalid(format!("{name}: {error}")))?;
        let stamp = (metadata.len(), metadata.modified().ok());
        let key = (path.to_path_buf(), TypeId::of::<T>());
        let mut read = self.read.lock().unwrap_or_else(|poison| poison.into_inner());
        if let Some((seen, found, warning)) = read.get(&key) {
            if let (true, Ok(found)) = (*seen == stamp, Arc::clone(found).downcast::<T>()) {
                return Ok((found, warning.clone()));
            }
        }
        // Bounded in time too, should the file have become a FIFO since it was found.
        let bytes = crate::text::read_limited(path, Some(super::limits::DEFAULT_TIMEOUT))
            .map_err(|error| match error {
                ReadError::Failed(message) => format!("{name}: {message}"),
                ReadError::Timeout | ReadError::Interrupted => format!("{name}: nothing to read"),
                ReadError::Binary => format!("{name}: {}", ReadError::BINARY),
            })
            .map_err(LexiconError::Invalid)?;
        let found = T::read(&name, &bytes, graphs, deadline)?;
        let warning = found.warning(asked, &bytes);
        read.insert(key, (stamp, Arc::clone(&found) as Arc<dyn Any + Send + Sync>, warning.clone()));
        Ok((found, warning))
    }
}

/// What a position's answer says of the files it names (absent for a line it does not have).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Notes {
    /// Which dictionary answered, such as `words.txt, sent with the position`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<String>,
    /// Which tile set answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiles: Option<String>,
    /// What reading the dictionary that answered skipped, when it is a file sent or in the data
    /// folder ([`Dictionary::skipped_note`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// Why the files a position names give it no dictionary or tiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LexiconError {
    /// A file that is no dictionary or tile file, an unknown solver or rules: the message says
    /// which and why.
    Invalid(String),
    /// The request's deadline passed while a word list's graph was built: where, such as `the word
    /// list words.txt, building its word graph`.
    PastLimit(String),
}

impl LexiconError {
    /// The answer of a request with the time limit `limit`: 400 for [`LexiconError::Invalid`], the
    /// limit's 422 for [`LexiconError::PastLimit`] ([`TimeLimit::passed`]).
    pub fn answer(self, limit: TimeLimit) -> ApiError {
        match self {
            LexiconError::Invalid(message) => ApiError::bad_request(message),
            LexiconError::PastLimit(stopped) => limit.passed(&stopped),
        }
    }
}

/// Resolves the positions of one request against the files it sent and the server's folder,
/// reading each file once per request, by the request's deadline.
pub struct Resolver<'a> {
    state: &'a State,
    deadline: Deadline<'a>,
    /// The files sent, by their names with `.` parts dropped.
    sent: HashMap<String, &'a [u8]>,
    dictionaries: Mutex<HashMap<String, Read<Dictionary>>>,
    tile_sets: Mutex<HashMap<String, Read<TileSet>>>,
}

/// The two kinds of file a position names.
#[derive(Clone, Copy)]
enum Kind {
    Dictionary,
    Tiles,
}

impl<'a> Resolver<'a> {
    /// A resolver for a request that sent `sent`, building word graphs until `deadline`.
    pub fn new(state: &'a State, sent: &'a Sent, deadline: Deadline<'a>) -> Resolver<'a> {
        let sent = sent
            .iter()
            .filter_map(|(name, bytes)| Some((normal(Path::new(name))?, bytes.as_slice())))
            .collect();
        Resolver { state, deadline, sent, dictionaries: Mutex::default(), tile_sets: Mutex::default() }
    }

    /// `family` prepared with `solver` and `settings` for the input `name` (bytes `input`): for a
    /// Scrabble position, on the dictionary and tiles its lines resolve to, with the notes saying
    /// which; for another family, [`super::prepared::prepared`].
    ///
    /// # Errors
    /// An unknown solver or rules; a file sent or in the data folder that is no dictionary or tile
    /// file (the message names it); the deadline passed while a word list was built.
    pub fn prepared(
        &self,
        family: &'static dyn Family,
        solver: &str,
        (options, settings): (&Options, &Settings),
        name: &str,
        input: &[u8],
    ) -> Result<(Rc<dyn Prepared>, Notes), LexiconError> {
        if family.name() != Scrabble.name() {
            let prepared = super::prepared::prepared(family, solver, (options, settings));
            return Ok((prepared.map_err(LexiconError::Invalid)?, Notes::default()));
        }
        let solver: Solver =
            solver.parse().map_err(|error: UnknownSolver| LexiconError::Invalid(error.to_string()))?;
        let rules = settings.get::<PositionSettings>().and_then(|own| own.rules.clone());
        let position = solvebatch_core::text::decode(input)
            .ok()
            .and_then(|text| Position::parse_board_file(text, None).ok());
        let (dictionary, tiles, mut notes) = self.lexicon(name, position.as_ref())?;
        // The record carries the warning, as `run` records do.
        let warning = notes.warning.take();
        Ok((Rc::new(Job::with_lexicon(solver, rules, dictionary, warning, tiles)), notes))
    }

    /// The dictionary and tiles of the position `name`, read as `position` (`None` when it cannot
    /// be read: its solve says why; the server's own then), and the notes saying where they come from.
    ///
    /// # Errors
    /// A file found that is no dictionary or tile file; the deadline passed while a word list was
    /// built.
    pub fn lexicon(
        &self,
        name: &str,
        position: Option<&Position>,
    ) -> Result<(Arc<Dictionary>, Arc<TileSet>, Notes), LexiconError> {
        let asked = |line: fn(&Position) -> Option<&str>| position.and_then(line);
        self.lexicon_named(
            name,
            asked(|position| position.dictionary.as_deref()),
            asked(|position| position.tiles.as_deref()),
        )
    }

    /// The dictionary and tiles of the file `name` (a position or a game) that asks for the
    /// dictionary `dictionary` and the tiles `tiles` (the server's own for `None`), and the notes
    /// saying where they come from.
    ///
    /// # Errors
    /// As [`Resolver::lexicon`].
    pub fn lexicon_named(
        &self,
        name: &str,
        dictionary: Option<&str>,
        tiles: Option<&str>,
    ) -> Result<(Arc<Dictionary>, Arc<TileSet>, Notes), LexiconError> {
        let ((dictionary, warning), dictionary_note) =
            self.resolve(name, dictionary, Kind::Dictionary, &self.dictionaries, &self.state.dictionary)?;
        let ((tiles, _), tiles_note) =
            self.resolve(name, tiles, Kind::Tiles, &self.tile_sets, &self.state.tiles)?;
        let notes = Notes { dictionary: dictionary_note, tiles: tiles_note, warning };
        Ok((dictionary, tiles, notes))
    }

    /// The file the position `position` asks for (`asked`, if its line is there) read as `kind`, or
    /// the server's own (`server`), with the note saying which answered when it asked for one.
    fn resolve<T: Readable>(
        &self,
        position: &str,
        asked: Option<&str>,
        kind: Kind,
        read: &Mutex<HashMap<String, Read<T>>>,
        server: &Arc<T>,
    ) -> Result<(Read<T>, Option<String>), LexiconError> {
        let Some(asked) = asked else { return Ok(((Arc::clone(server), None), None)) };
        let (found, note) = self.find(position, asked, kind, read)?;
        Ok((found.unwrap_or_else(|| (Arc::clone(server), None)), Some(note)))
    }

    /// The file `asked` of the position `position` as `kind` reads it (`None`: the server's own
    /// is used), with the note saying which answered.
    fn find<T: Readable>(
        &self,
        position: &str,
        asked: &str,
        kind: Kind,
        read: &Mutex<HashMap<String, Read<T>>>,
    ) -> Result<(Option<Read<T>>, String), LexiconError> {
        let given = match kind {
            Kind::Dictionary => self.state.given.dictionary,
            Kind::Tiles => self.state.given.tiles,
        };
        let server = match (kind, given) {
            (Kind::Dictionary, true) => "server's list (serve --dictionary)",
            (Kind::Dictionary, false) => "server's bundled list",
            (Kind::Tiles, true) => "server's tile set (serve --tiles)",
            (Kind::Tiles, false) => "server's bundled tile set",
        };
        if given {
            return Ok((None, format!("{server}; the file asks for {asked}, which the server's flag beats")));
        }
        let beside = Path::new(position).parent().unwrap_or(Path::new("")).join(asked);
        if let Some((key, bytes)) = normal(&beside).and_then(|key| Some((key.clone(), *self.sent.get(&key)?)))
        {
            let found = once(read, key.clone(), || {
                let found = T::read(&key, bytes, &self.state.graphs, self.deadline)?;
                let warning = found.warning(asked, bytes);
                Ok((found, warning))
            })?;
            return Ok((Some(found), format!("{asked}, sent with the position")));
        }
        let Some(folder) = &self.state.data else {
            return Ok((
                None,
                format!(
                    "{server}; the file asks for {asked}, which this server does not read (serve --data DIR)"
                ),
            ));
        };
        match folder.find(asked) {
            Ok(path) => {
                let found = folder.read::<T>(asked, &path, &self.state.graphs, self.deadline)?;
                Ok((Some(found), format!("{asked}, from the server's data folder")))
            }
            Err(why) => Ok((None, format!("{server}; the file asks for {asked}, {why}"))),
        }
    }
}

/// The file `key` from `read`, read with `make` the first time this request asks for it (the files
/// of a batch are solved on several threads: one reads it, the others wait for it).
fn once<T>(
    read: &Mutex<HashMap<String, Read<T>>>,
    key: String,
    make: impl FnOnce() -> Result<Read<T>, LexiconError>,
) -> Result<Read<T>, LexiconError> {
    let mut read = read.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = read.get(&key) {
        return Ok(found.clone());
    }
    let found = make()?;
    read.insert(key, found.clone());
    Ok(found)
}

/// A dictionary or a tile set, read from the bytes of a file sent or of the data folder.
trait Readable: Sized + Send + Sync + 'static {
    /// From the bytes of the file `name` (as messages name it), by `deadline`; a word list's graph
    /// is found in `graphs`, or built and kept there.
    fn read(
        name: &str,
        bytes: &[u8],
        graphs: &GraphCache,
        deadline: Deadline<'_>,
    ) -> Result<Arc<Self>, LexiconError>;

    /// What reading it from `bytes` skipped, the file named `name`.
    fn warning(&self, _name: &str, _bytes: &[u8]) -> Option<String> {
        None
    }
}

impl Readable for Dictionary {
    fn read(
        name: &str,
        bytes: &[u8],
        graphs: &GraphCache,
        deadline: Deadline<'_>,
    ) -> Result<Arc<Dictionary>, LexiconError> {
        graphs.get_or_build(bytes, || {
            Dictionary::from_bytes_before(bytes.to_vec(), deadline).map_err(|error| match error {
                DictionaryFault::Interrupted => {
                    LexiconError::PastLimit(format!("the word list {name}, building its word graph"))
                }
                error => LexiconError::Invalid(format!("{name}: {error}")),
            })
        })
    }

    fn warning(&self, name: &str, bytes: &[u8]) -> Option<String> {
        self.skipped_note(name, bytes)
    }
}

impl Readable for TileSet {
    fn read(name: &str, bytes: &[u8], _: &GraphCache, _: Deadline<'_>) -> Result<Arc<TileSet>, LexiconError> {
        let invalid = |error: String| LexiconError::Invalid(format!("{name}: {error}"));
        let text = crate::text::decode(bytes).map_err(|error| invalid(error.to_string()))?;
        Ok(Arc::new(TileSet::parse(text).map_err(|error| invalid(error.to_string()))?))
    }
}

/// `path` with its `.` parts dropped and each `..` taking the part before it, as `/`-separated
/// text; `None` when it is absolute or climbs above its start.
fn normal(path: &Path) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_str()?),
            Component::CurDir => {}
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::graphs::Counts;
    use crate::serve::state::Given;

    #[test]
    fn names_are_compared_without_dot_parts_and_never_above_their_start() {
        assert_eq!(normal(Path::new("./a/./b/../c.txt")).as_deref(), Some("a/c.txt"));
        assert_eq!(normal(Path::new("a/../../c.txt")), None);
        assert_eq!(normal(Path::new("/etc/passwd")), None);
    }

    /// A request sending a word list already built (under any name) reads its graph: the server's
    /// count of graphs built stays at one. A request past its limit builds nothing and keeps nothing.
    #[test]
    fn a_word_list_sent_again_has_its_graph_built_once() {
        let datasets = Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/scrabble");
        let paths = (datasets.join("dictionary.txt"), datasets.join("tiles.txt"));
        let state = State::new((&paths.0, &paths.1), Given::default(), None, 1, 1).unwrap();
        let list = b"cat\ndog\nox\n".to_vec();
        let first: Sent =
            [("p.scrabble".to_string(), Vec::new()), ("words.txt".to_string(), list.clone())].into();
        let second: Sent =
            [("q/q.scrabble".to_string(), Vec::new()), ("q/list.txt".to_string(), list)].into();
        let read = |sent: &Sent, position: &str, asked: &str, deadline: Deadline<'static>| {
            Resolver::new(&state, sent, deadline).lexicon_named(position, Some(asked), None)
        };
        let (built, _, notes) = read(&first, "p.scrabble", "words.txt", Deadline::NEVER).unwrap();
        assert_eq!(
            (built.len(), notes.dictionary.as_deref()),
            (3, Some("words.txt, sent with the position"))
        );
        assert_eq!(state.graphs.counts(), Counts { built: 1, found: 0 });
        let (found, _, notes) = read(&second, "q/q.scrabble", "list.txt", Deadline::NEVER).unwrap();
        assert!(Arc::ptr_eq(&built, &found));
        assert_eq!(notes.dictionary.as_deref(), Some("list.txt, sent with the position"));
        assert_eq!(state.graphs.counts(), Counts { built: 1, found: 1 });
        // Another list, past the deadline: refused with the limit's words, and nothing kept.
        let other: Sent =
            [("p.scrabble".to_string(), Vec::new()), ("w.txt".to_string(), b"hen\n".to_vec())].into();
        let past = Deadline::at(Some(std::time::Instant::now()));
        let Err(error) = read(&other, "p.scrabble", "w.txt", past) else { panic!("built past the deadline") };
        assert_eq!(
            error,
            LexiconError::PastLimit("the word list w.txt, building its word graph".to_string())
        );
        let limit = TimeLimit { limit: std::time::Duration::from_millis(1), ends: std::time::Instant::now() };
        assert_eq!(
            error.answer(limit).message,
            "the word list w.txt, building its word graph: stopped at the time limit of 0.001 s; choose a \
             longer limit (at most 60 s)"
        );
        assert_eq!(state.graphs.counts(), Counts { built: 2, found: 1 });
        let (hen, _, _) = read(&other, "p.scrabble", "w.txt", Deadline::NEVER).unwrap();
        assert_eq!((hen.len(), state.graphs.counts()), (1, Counts { built: 3, found: 1 }));
    }
}
