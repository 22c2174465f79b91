//! Where the files an input names lead in the web app (a position's word list and tile set: the
//! kinds of file its family declares, [`solvebatch_core::extra`]): first to the files sent with it
//! (the same batch or upload, held in memory, named relative to the input's name), then, with
//! `serve --data DIR`, to a regular file inside DIR (named relative to DIR or absolutely; its
//! canonical path must lie inside DIR, so `..`, absolute names and links leading out of it lead
//! nowhere), else to the server's own file of the kind. Each answer says which ([`Notes`]). The
//! family reads each file and the resolver knows no family: it finds files by kind and name.
//!
//! A file the server was given on its command line (`serve --dictionary`) beats the input's own
//! line, as the command line's flags do.
//!
//! A file is read by the request's deadline (a [`LexiconError::PastLimit`] when it passes first: the
//! endpoint answers 422 as for any work stopped at its limit); a kind costly to read (a word list,
//! whose graph is built) is kept by the hash of the file's bytes ([`super::graphs`]), so that the
//! same file sent again is not read again.

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;
use std::sync::{Mutex, PoisonError};
use std::time::SystemTime;

use anyhow::Context;
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use solvebatch_core::{Deadline, ExtraError, ExtraFile, ExtraKind, ExtraValue, Family, Prepared, Settings};

use super::error::ApiError;
use super::graphs::GraphCache;
use super::limits::TimeLimit;
use super::solve::Options;
use super::state::State;
use crate::text::ReadError;

/// Files sent with a request, by the names they came with (`games/a.csv`).
pub type Sent = BTreeMap<String, Vec<u8>>;

/// The folder of `serve --data DIR`, canonical, with the files read from it: each is read again
/// only when its size or time of change is not that of its last read.
#[derive(Debug)]
pub struct DataFolder {
    root: PathBuf,
    read: Mutex<HashMap<(PathBuf, &'static str), Stamped>>,
}

/// A file's size and time of change.
type Stamp = (u64, Option<SystemTime>);

/// A file read as a kind, with the stamp it had then.
type Stamped = (Stamp, ExtraFile);

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

    /// The file at `path` (found by [`DataFolder::find`]) read as `kind` by `deadline` (a graph
    /// found in or kept in `graphs`), named `asked` in messages.
    fn read(
        &self,
        kind: &dyn ExtraKind,
        asked: &str,
        path: &Path,
        graphs: &GraphCache,
        deadline: Deadline<'_>,
    ) -> Result<ExtraFile, LexiconError> {
        let name = format!("{asked} in the server's data folder");
        let metadata =
            std::fs::metadata(path).map_err(|error| LexiconError::Invalid(format!("{name}: {error}")))?;
        let stamp = (metadata.len(), metadata.modified().ok());
        let key = (path.to_path_buf(), kind.name());
        let mut read = self.read.lock().unwrap_or_else(|poison| poison.into_inner());
        if let Some((seen, found)) = read.get(&key) {
            if *seen == stamp {
                return Ok(found.clone());
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
        let found = read_as(kind, (&name, asked), &bytes, graphs, deadline)?;
        read.insert(key, (stamp, found.clone()));
        Ok(found)
    }
}

/// What an input's answer says of the files it names: for each kind of file, in its family's order,
/// which file answered (absent for a kind it names none of), and what reading them skipped. As JSON,
/// an object with a member per kind (`"dictionary": "words.txt, sent with the position"`) and
/// `warning`.
#[derive(Debug, Clone, Default)]
pub struct Notes {
    /// Which file of each kind answered, by the kind's name, such as (`dictionary`, `words.txt, sent
    /// with the position`).
    files: Vec<(&'static str, String)>,
    /// What reading the files that answered skipped, when they are files sent or in the data folder
    /// ([`ExtraKind::warning`]).
    warning: Option<String>,
}

impl Notes {
    /// The note of the kind called `kind`, if the input names a file of it.
    #[cfg(test)]
    pub fn note(&self, kind: &str) -> Option<&str> {
        self.files.iter().find(|(name, _)| *name == kind).map(|(_, note)| note.as_str())
    }
}

impl Serialize for Notes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map =
            serializer.serialize_map(Some(self.files.len() + usize::from(self.warning.is_some())))?;
        for (kind, note) in &self.files {
            map.serialize_entry(kind, note)?;
        }
        if let Some(warning) = &self.warning {
            map.serialize_entry("warning", warning)?;
        }
        map.end()
    }
}

/// Why the files an input names give it none to solve with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LexiconError {
    /// A file that is none of its kind, an unknown solver or rules: the message says which and why.
    Invalid(String),
    /// The request's deadline passed while a file was read: where, such as `the word list words.txt,
    /// building its word graph`.
    PastLimit(String),
}

impl From<ExtraError> for LexiconError {
    fn from(error: ExtraError) -> LexiconError {
        match error {
            ExtraError::Invalid(message) => LexiconError::Invalid(message),
            ExtraError::PastLimit(stopped) => LexiconError::PastLimit(stopped),
        }
    }
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

/// The files of an input: each kind of file with the name the input gives it, if any.
pub type Asked<'a> = [(&'static dyn ExtraKind, Option<&'a str>)];

/// Resolves the inputs of one request against the files it sent and the server's folder, reading
/// each file once per request, by the request's deadline.
pub struct Resolver<'a> {
    state: &'a State,
    deadline: Deadline<'a>,
    /// The files sent, by their names with `.` parts dropped.
    sent: HashMap<String, &'a [u8]>,
    /// The files sent read so far, by their kinds and names.
    read: Mutex<HashMap<(&'static str, String), ExtraFile>>,
}

impl<'a> Resolver<'a> {
    /// A resolver for a request that sent `sent`, reading files until `deadline`.
    pub fn new(state: &'a State, sent: &'a Sent, deadline: Deadline<'a>) -> Resolver<'a> {
        let sent = sent
            .iter()
            .filter_map(|(name, bytes)| Some((normal(Path::new(name))?, bytes.as_slice())))
            .collect();
        Resolver { state, deadline, sent, read: Mutex::default() }
    }

    /// `family` prepared with `solver` and `settings` for the input `name` (bytes `input`): for a
    /// family whose inputs name files ([`Family::extra_kinds`]), on the files they resolve to, with
    /// the notes saying which; for another family, [`super::prepared::prepared`].
    ///
    /// # Errors
    /// An unknown solver or rules; a file sent or in the data folder that is none of its kind (the
    /// message names it); the deadline passed while a file was read.
    pub fn prepared(
        &self,
        family: &'static dyn Family,
        solver: &str,
        (options, settings): (&Options, &Settings),
        name: &str,
        input: &[u8],
    ) -> Result<(Rc<dyn Prepared>, Notes), LexiconError> {
        let kinds = family.extra_kinds();
        if kinds.is_empty() {
            let prepared = super::prepared::prepared(family, solver, (options, settings));
            return Ok((prepared.map_err(LexiconError::Invalid)?, Notes::default()));
        }
        let named = family.extras_asked(input);
        let asked: Vec<_> = kinds
            .iter()
            .enumerate()
            .map(|(index, kind)| (*kind, named.get(index).and_then(Option::as_deref)))
            .collect();
        let (files, mut notes) = self.files(name, &asked)?;
        // The record carries the warning, as `run` records do.
        notes.warning = None;
        let prepared = family
            .prepare_with_extras(solver, settings, &files)
            .map_err(|error| LexiconError::Invalid(error.to_string()))?;
        Ok((Rc::from(prepared), notes))
    }

    /// The files the input `name` asks for (`asked`: a kind, and the name its line gives or `None`
    /// for the server's own), in that order (`None` where neither the input nor the server has one),
    /// and the notes saying where they come from.
    ///
    /// # Errors
    /// A file found that is none of its kind; the deadline passed while a file was read.
    pub fn files(&self, name: &str, asked: &Asked) -> Result<(Vec<Option<ExtraFile>>, Notes), LexiconError> {
        let mut notes = Notes::default();
        let mut files = Vec::with_capacity(asked.len());
        let mut warnings = Vec::new();
        for &(kind, asked) in asked {
            let own = self.state.own.get(kind.name());
            let own_file = || own.map(|own| ExtraFile { value: own.value.clone(), warning: None });
            let Some(asked) = asked else {
                files.push(own_file());
                continue;
            };
            let (found, note) = self.find(name, asked, kind)?;
            notes.files.push((kind.name(), note));
            warnings.extend(found.as_ref().and_then(|found| found.warning.clone()));
            files.push(found.or_else(own_file));
        }
        notes.warning = (!warnings.is_empty()).then(|| warnings.join("; "));
        Ok((files, notes))
    }

    /// The file `asked` of the input `input` as `kind` reads it (`None`: the server's own is used),
    /// with the note saying which answered.
    fn find(
        &self,
        input: &str,
        asked: &str,
        kind: &'static dyn ExtraKind,
    ) -> Result<(Option<ExtraFile>, String), LexiconError> {
        let (name, noun) = (kind.name(), kind.noun());
        let own = self.state.own.get(name);
        let given = own.is_some_and(|own| own.given);
        let server = match own {
            Some(own) if own.given => format!("server's {noun} (serve --{name})"),
            Some(_) => format!("server's bundled {noun}"),
            None => format!("no {noun} of the server's"),
        };
        if given {
            return Ok((None, format!("{server}; the file asks for {asked}, which the server's flag beats")));
        }
        let beside = Path::new(input).parent().unwrap_or(Path::new("")).join(asked);
        if let Some((key, bytes)) = normal(&beside).and_then(|key| Some((key.clone(), *self.sent.get(&key)?)))
        {
            let found = self.once((name, key.clone()), || {
                read_as(kind, (&key, asked), bytes, &self.state.graphs, self.deadline)
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
                let found = folder.read(kind, asked, &path, &self.state.graphs, self.deadline)?;
                Ok((Some(found), format!("{asked}, from the server's data folder")))
            }
            Err(why) => Ok((None, format!("{server}; the file asks for {asked}, {why}"))),
        }
    }

    /// The file sent `key` (its kind's name and its name), read with `make` the first time this
    /// request asks for it (the files of a batch are solved on several threads: one reads it, the
    /// others wait for it).
    fn once(
        &self,
        key: (&'static str, String),
        make: impl FnOnce() -> Result<ExtraFile, LexiconError>,
    ) -> Result<ExtraFile, LexiconError> {
        let mut read = self.read.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = read.get(&key) {
            return Ok(found.clone());
        }
        let found = make()?;
        read.insert(key, found.clone());
        Ok(found)
    }
}

/// The file `bytes` read as `kind`, named `name` in messages and `asked` (as the input names it) in
/// its warning, by `deadline`; found in `graphs`, or read and kept there, for a kind kept by hash.
fn read_as(
    kind: &dyn ExtraKind,
    (name, asked): (&str, &str),
    bytes: &[u8],
    graphs: &GraphCache,
    deadline: Deadline<'_>,
) -> Result<ExtraFile, LexiconError> {
    let read = || kind.read(name, bytes, deadline);
    let value: ExtraValue =
        if kind.kept_by_hash() { graphs.get_or_build(kind, bytes, read) } else { read() }?;
    let warning = kind.warning(&value, asked, bytes);
    Ok(ExtraFile { value, warning })
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
    use solvebatch_core::{FamilyError, Outcome, SolverInfo, Status};
    use std::sync::Arc;

    #[test]
    fn names_are_compared_without_dot_parts_and_never_above_their_start() {
        assert_eq!(normal(Path::new("./a/./b/../c.txt")).as_deref(), Some("a/c.txt"));
        assert_eq!(normal(Path::new("a/../../c.txt")), None);
        assert_eq!(normal(Path::new("/etc/passwd")), None);
    }

    /// A family for this test only: a `.echo` input is a line `table: NAME` naming a table file,
    /// which its solver answers with.
    struct Echo;

    /// Its one kind of file: a table, its text without the lines starting with `#` (reading skips
    /// them, and says so), empty being invalid; kept by hash.
    struct Table;

    static KINDS: &[&dyn ExtraKind] = &[&Table];

    impl ExtraKind for Table {
        fn name(&self) -> &'static str {
            "table"
        }

        fn noun(&self) -> &'static str {
            "table"
        }

        fn kept_by_hash(&self) -> bool {
            true
        }

        fn read(&self, name: &str, bytes: &[u8], _: Deadline<'_>) -> Result<ExtraValue, ExtraError> {
            let text = String::from_utf8_lossy(bytes);
            let kept: String = text
                .lines()
                .filter(|line| !line.starts_with('#'))
                .map(|line| line.to_string() + "\n")
                .collect();
            if kept.is_empty() {
                return Err(ExtraError::Invalid(format!("{name}: an empty table")));
            }
            Ok(Arc::new(kept))
        }

        fn load(&self, path: &Path, _: &Settings) -> Result<ExtraValue, FamilyError> {
            Ok(Arc::new(std::fs::read_to_string(path)?))
        }

        fn warning(&self, _: &ExtraValue, name: &str, bytes: &[u8]) -> Option<String> {
            let skipped = String::from_utf8_lossy(bytes).lines().filter(|line| line.starts_with('#')).count();
            (skipped > 0).then(|| format!("{name}: skipped {skipped} comment lines"))
        }
    }

    /// The table an `echo` solve answers with, and what reading it skipped.
    struct Echoing(Arc<String>, Option<String>);

    impl Prepared for Echoing {
        fn solver(&self) -> &'static str {
            "echo"
        }

        fn solve(&self, _: &Path, _: &[u8], _: Deadline) -> Outcome {
            let outcome = Outcome::answer(Status::Solved, self.0.to_string(), &());
            Outcome { warning: self.1.clone(), ..outcome }
        }

        fn verify(&self, _: &Path, _: &[u8], output: &str) -> Result<bool, FamilyError> {
            Ok(output == *self.0)
        }
    }

    impl Family for Echo {
        fn name(&self) -> &'static str {
            "echo"
        }

        fn extension(&self) -> &'static str {
            ".echo"
        }

        fn solvers(&self) -> Vec<SolverInfo> {
            vec![SolverInfo { name: "echo", description: "answers with the table" }]
        }

        fn prepare(&self, _: &str, _: &Settings) -> Result<Box<dyn Prepared>, FamilyError> {
            Err("an echo input needs its table".into())
        }

        fn extra_kinds(&self) -> &'static [&'static dyn ExtraKind] {
            KINDS
        }

        fn extras_asked(&self, input: &[u8]) -> Vec<Option<String>> {
            let text = String::from_utf8_lossy(input);
            vec![text.lines().find_map(|line| line.strip_prefix("table: ")).map(str::to_string)]
        }

        fn prepare_with_extras(
            &self,
            _: &str,
            _: &Settings,
            extras: &[Option<ExtraFile>],
        ) -> Result<Box<dyn Prepared>, FamilyError> {
            let table = extras[0].clone().ok_or("no table")?;
            let text = table.value.downcast::<String>().map_err(|_| "not a table")?;
            Ok(Box::new(Echoing(text, table.warning)))
        }
    }

    /// A family other than the bundled ones that declares a kind of file has its files found among
    /// those sent (read once per request, kept by hash across requests), its notes and warning
    /// given, and a file it names that is not there said so, through the same resolver.
    #[test]
    fn a_family_declaring_a_kind_of_file_is_resolved_through_the_same_code() {
        let state = State::new(&[], None, 1, 1).unwrap();
        let sent: Sent = [
            ("in/a.echo".to_string(), b"table: t.txt\n".to_vec()),
            ("in/b.echo".to_string(), b"table: ./t.txt\n".to_vec()),
            ("in/t.txt".to_string(), b"# made by hand\nx y\n".to_vec()),
            ("in/c.echo".to_string(), b"table: u.txt\n".to_vec()),
            ("in/d.echo".to_string(), b"table: e.txt\n".to_vec()),
            ("in/e.txt".to_string(), b"# only a comment\n".to_vec()),
            ("in/f.echo".to_string(), b"no table\n".to_vec()),
        ]
        .into();
        let resolver = Resolver::new(&state, &sent, Deadline::NEVER);
        let prepared =
            |name: &str| resolver.prepared(&Echo, "echo", (&Vec::new(), &state.settings), name, &sent[name]);
        let (echo, notes) = prepared("in/a.echo").unwrap();
        let outcome = echo.solve(Path::new("in/a.echo"), &sent["in/a.echo"], Deadline::NEVER);
        assert_eq!(
            (outcome.output.as_str(), outcome.warning.as_deref()),
            ("x y\n", Some("t.txt: skipped 1 comment lines"))
        );
        // The record carries the warning; the notes say where the table came from.
        assert_eq!(serde_json::to_string(&notes).unwrap(), r#"{"table":"t.txt, sent with the position"}"#);
        // Named another way, the same file is read once in the request.
        let (_, notes) = prepared("in/b.echo").unwrap();
        assert_eq!(notes.note("table"), Some("./t.txt, sent with the position"));
        assert_eq!(state.graphs.counts(), Counts { built: 1, found: 0 });
        // The files of an input with their warning in the notes.
        let (files, notes) = resolver.files("in/a.echo", &[(&Table, Some("t.txt"))]).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(
            serde_json::to_string(&notes).unwrap(),
            r#"{"table":"t.txt, sent with the position","warning":"t.txt: skipped 1 comment lines"}"#
        );
        // A file not sent, on a server without a table of its own or a data folder.
        let Err(missing) = prepared("in/c.echo") else { panic!("solved without its table") };
        assert_eq!(missing, LexiconError::Invalid("no table".to_string()));
        let (files, notes) = resolver.files("in/c.echo", &[(&Table, Some("u.txt"))]).unwrap();
        assert!(files[0].is_none());
        assert_eq!(
            notes.note("table"),
            Some("no table of the server's; the file asks for u.txt, which this server does not read (serve --data DIR)")
        );
        // A file that is no table, named by the kind's own message; an input naming none.
        let Err(invalid) = prepared("in/d.echo") else { panic!("an empty table read") };
        assert_eq!(invalid, LexiconError::Invalid("in/e.txt: an empty table".to_string()));
        let Err(none) = prepared("in/f.echo") else { panic!("solved without its table") };
        assert_eq!(none, LexiconError::Invalid("no table".to_string()));
        // Another request sending the same table under another name finds it kept by its hash.
        let again: Sent = [
            ("g.echo".to_string(), b"table: s.txt\n".to_vec()),
            ("s.txt".to_string(), b"# made by hand\nx y\n".to_vec()),
        ]
        .into();
        let (files, _) = Resolver::new(&state, &again, Deadline::NEVER)
            .files("g.echo", &[(&Table, Some("s.txt"))])
            .unwrap();
        let first = resolver.files("in/a.echo", &[(&Table, Some("t.txt"))]).unwrap().0;
        let value = |files: &[Option<ExtraFile>]| files[0].as_ref().unwrap().value.clone();
        assert!(Arc::ptr_eq(&value(&files), &value(&first)));
        assert_eq!(state.graphs.counts(), Counts { built: 2, found: 1 });
    }
}
