//! Files an input names besides itself and its reference (a word list, a tile set), for a front end
//! that holds the files sent with an input in memory (the web app): the family declares the kinds
//! of file its inputs may name ([`Family::extra_kinds`](crate::Family::extra_kinds)), says which
//! ones an input names ([`Family::extras_asked`](crate::Family::extras_asked)) and reads each kind
//! ([`ExtraKind`]); the front end finds the files by kind and name and hands them back read
//! ([`Family::prepare_with_extras`](crate::Family::prepare_with_extras)), knowing no family.

use std::any::Any;
use std::path::Path;
use std::sync::Arc;

use crate::deadline::Deadline;
use crate::family::{FamilyError, Settings};

/// A file read into its kind's own type (a dictionary, a tile set), shared by every input naming it;
/// the family downcasts it ([`Arc::downcast`]).
pub type ExtraValue = Arc<dyn Any + Send + Sync>;

/// A file of some kind as an input uses it: read, with what reading it skipped.
#[derive(Clone)]
pub struct ExtraFile {
    /// The file read.
    pub value: ExtraValue,
    /// What reading it skipped ([`ExtraKind::warning`]), for the input's record; `None` for the
    /// front end's own file.
    pub warning: Option<String>,
}

impl std::fmt::Debug for ExtraFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtraFile").field("warning", &self.warning).finish_non_exhaustive()
    }
}

/// Why a file of some kind cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtraError {
    /// The bytes are no file of the kind: the message names the file and says why.
    Invalid(String),
    /// The deadline passed while it was read: where, such as `the word list words.txt, building its
    /// word graph`.
    PastLimit(String),
}

/// A kind of file that inputs name (a Scrabble position's dictionary and tile set), read by the
/// family that declares it. Families that read the same kind name it alike and read it into the
/// same type.
pub trait ExtraKind: Sync {
    /// The kind's name, also the family option that gives one file of the kind for every input:
    /// `dictionary`, `tiles`.
    fn name(&self) -> &'static str;

    /// How a front end speaks of its own file of this kind: `list`, `tile set`.
    fn noun(&self) -> &'static str;

    /// Whether a file read is worth keeping by the hash of its bytes, across requests, because
    /// reading it is costly (a word list's graph); [`ExtraKind::memory_bytes`] then bounds what is kept.
    fn kept_by_hash(&self) -> bool {
        false
    }

    /// Reads the file called `name` (as messages name it) from its `bytes`, before `deadline`.
    ///
    /// # Errors
    /// [`ExtraError::Invalid`] for bytes that are no file of the kind, the message starting with
    /// `name`; [`ExtraError::PastLimit`] when the deadline passed first.
    fn read(&self, name: &str, bytes: &[u8], deadline: Deadline<'_>) -> Result<ExtraValue, ExtraError>;

    /// Reads the file at `path` with the family settings `settings` (a cache of compiled files), as
    /// a front end reads its own file of the kind once at start.
    ///
    /// # Errors
    /// The file cannot be read or is no file of the kind; the message names it.
    fn load(&self, path: &Path, settings: &Settings) -> Result<ExtraValue, FamilyError>;

    /// The bytes `value` (read by this kind) takes in memory; 0 by default.
    fn memory_bytes(&self, _value: &ExtraValue) -> usize {
        0
    }

    /// What reading `value` (by this kind) from `bytes` skipped, naming the file `name`; none by
    /// default.
    fn warning(&self, _value: &ExtraValue, _name: &str, _bytes: &[u8]) -> Option<String> {
        None
    }
}
