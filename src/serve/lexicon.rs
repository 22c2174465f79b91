//! Where a Scrabble position's `dictionary:` and `tiles:` lines (and a game's `#lexicon` line) lead
//! in the web app: first to the
//! files sent with it (the same batch or upload, held in memory, named relative to the position's
//! name), then, with `serve --data DIR`, to a regular file inside DIR (named relative to DIR or
//! absolutely; its canonical path must lie inside DIR, so `..`, absolute names and links leading out of
//! it lead nowhere), else to the server's own dictionary and tiles. Each answer says which ([`Notes`]).
//!
//! `serve --dictionary` / `--tiles` beat the position's lines, as the command line's flags do.

use std::any::{Any, TypeId};
use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use anyhow::Context;
use serde::Serialize;
use solvebatch_core::UnknownSolver;
use solvebatch_scrabble::family::Scrabble;
use solvebatch_scrabble::{Dictionary, Job, Position, PositionSettings, Solver, TileSet};

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

    /// The file at `path` (found by [`DataFolder::find`]) read as a `T`, named `asked` in messages.
    fn read<T: Readable>(&self, asked: &str, path: &Path) -> Result<Read<T>, String> {
        let name = format!("{asked} in the server's data folder");
        let metadata = std::fs::metadata(path).map_err(|error| format!("{name}: {error}"))?;
        let stamp = (metadata.len(), metadata.modified().ok());
        let key = (path.to_path_buf(), TypeId::of::<T>());
        let mut read = self.read.lock().unwrap_or_else(|poison| poison.into_inner());
        if let Some((seen, found, warning)) = read.get(&key) {
            if let (true, Ok(found)) = (*seen == stamp, Arc::clone(found).downcast::<T>()) {
                return Ok((found, warning.clone()));
            }
        }
        // Bounded in time too, should the file have become a FIFO since it was found.
        let bytes = crate::text::read_limited(path, Some(super::limits::DEFAULT_TIMEOUT)).map_err(
            |error| match error {
                ReadError::Failed(message) => format!("{name}: {message}"),
                ReadError::Timeout | ReadError::Interrupted => format!("{name}: nothing to read"),
                ReadError::Binary => format!("{name}: {}", ReadError::BINARY),
            },
        )?;
        let found = Arc::new(T::from_bytes(&name, &bytes)?);
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

/// Resolves the positions of one request against the files it sent and the server's folder,
/// reading each file once per request.
pub struct Resolver<'a> {
    state: &'a State,
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
    /// A resolver for a request that sent `sent`.
    pub fn new(state: &'a State, sent: &'a Sent) -> Resolver<'a> {
        let sent = sent
            .iter()
            .filter_map(|(name, bytes)| Some((normal(Path::new(name))?, bytes.as_slice())))
            .collect();
        Resolver { state, sent, dictionaries: Mutex::default(), tile_sets: Mutex::default() }
    }

    /// `family` prepared with `solver` and `settings` for the input `name` (bytes `input`): for a
    /// Scrabble position, on the dictionary and tiles its lines resolve to, with the notes saying
    /// which; for another family, [`super::prepared::prepared`].
    ///
    /// # Errors
    /// An unknown solver or rules; a file sent or in the data folder that is no dictionary or tile
    /// file (the message names it).
    pub fn prepared(
        &self,
        family: &'static dyn Family,
        solver: &str,
        (options, settings): (&Options, &Settings),
        name: &str,
        input: &[u8],
    ) -> Result<(Rc<dyn Prepared>, Notes), String> {
        if family.name() != Scrabble.name() {
            return Ok((super::prepared::prepared(family, solver, (options, settings))?, Notes::default()));
        }
        let solver: Solver = solver.parse().map_err(|error: UnknownSolver| error.to_string())?;
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
    /// A file found that is no dictionary or tile file.
    pub fn lexicon(
        &self,
        name: &str,
        position: Option<&Position>,
    ) -> Result<(Arc<Dictionary>, Arc<TileSet>, Notes), String> {
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
    /// A file found that is no dictionary or tile file.
    pub fn lexicon_named(
        &self,
        name: &str,
        dictionary: Option<&str>,
        tiles: Option<&str>,
    ) -> Result<(Arc<Dictionary>, Arc<TileSet>, Notes), String> {
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
    ) -> Result<(Read<T>, Option<String>), String> {
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
    ) -> Result<(Option<Read<T>>, String), String> {
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
                let found = T::from_bytes(&key, bytes)?;
                let warning = found.warning(asked, bytes);
                Ok((Arc::new(found), warning))
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
                let found = folder.read::<T>(asked, &path)?;
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
    make: impl FnOnce() -> Result<Read<T>, String>,
) -> Result<Read<T>, String> {
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
    /// From the bytes of the file `name` (as messages name it).
    fn from_bytes(name: &str, bytes: &[u8]) -> Result<Self, String>;

    /// What reading it from `bytes` skipped, the file named `name`.
    fn warning(&self, _name: &str, _bytes: &[u8]) -> Option<String> {
        None
    }
}

impl Readable for Dictionary {
    fn from_bytes(name: &str, bytes: &[u8]) -> Result<Dictionary, String> {
        Dictionary::from_bytes(bytes.to_vec()).map_err(|error| format!("{name}: {error}"))
    }

    fn warning(&self, name: &str, bytes: &[u8]) -> Option<String> {
        self.skipped_note(name, bytes)
    }
}

impl Readable for TileSet {
    fn from_bytes(name: &str, bytes: &[u8]) -> Result<TileSet, String> {
        let text = crate::text::decode(bytes).map_err(|error| format!("{name}: {error}"))?;
        TileSet::parse(text).map_err(|error| format!("{name}: {error}"))
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
    use super::normal;
    use std::path::Path;

    #[test]
    fn names_are_compared_without_dot_parts_and_never_above_their_start() {
        assert_eq!(normal(Path::new("./a/./b/../c.txt")).as_deref(), Some("a/c.txt"));
        assert_eq!(normal(Path::new("a/../../c.txt")), None);
        assert_eq!(normal(Path::new("/etc/passwd")), None);
    }
}
