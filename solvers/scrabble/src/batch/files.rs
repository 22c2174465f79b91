//! The files a position names (its `dictionary:` and `tiles:` lines) as kinds of file
//! ([`solvebatch_core::ExtraKind`]) for a front end that holds the files sent with a position in
//! memory (the web app): [`DICTIONARY`] and [`TILES`], read here, and [`Lexicon::of`] taking them back
//! as the typed dictionary and tile set.

use std::path::Path;
use std::sync::Arc;

use solvebatch_core::{Deadline, ExtraError, ExtraFile, ExtraKind, ExtraValue, FamilyError, Settings};

use crate::batch::job::PositionSettings;
use crate::lexicon::dictionary::{Dictionary, DictionaryFault};
use crate::tiles::TileSet;

/// A word list or a compiled word graph: read from bytes by the deadline, and kept by the hash of
/// its bytes (building a word list's graph is the costly part of reading it).
pub struct DictionaryKind;

/// A tile definition file.
pub struct TileKind;

/// The dictionary a position names (`dictionary:`; a game's `#lexicon`).
pub static DICTIONARY: &DictionaryKind = &DictionaryKind;

/// The tile set a position names (`tiles:`).
pub static TILES: &TileKind = &TileKind;

/// The kinds of file a position names, in the order front ends list them.
pub static KINDS: &[&dyn ExtraKind] = &[DICTIONARY, TILES];

impl ExtraKind for DictionaryKind {
    fn name(&self) -> &'static str {
        "dictionary"
    }

    fn noun(&self) -> &'static str {
        "list"
    }

    fn kept_by_hash(&self) -> bool {
        true
    }

    fn read(&self, name: &str, bytes: &[u8], deadline: Deadline<'_>) -> Result<ExtraValue, ExtraError> {
        match Dictionary::from_bytes_before(bytes.to_vec(), deadline) {
            Ok(dictionary) => Ok(Arc::new(dictionary)),
            Err(DictionaryFault::Interrupted) => {
                Err(ExtraError::PastLimit(format!("the word list {name}, building its word graph")))
            }
            Err(error) => Err(ExtraError::Invalid(format!("{name}: {error}"))),
        }
    }

    /// Through the cache of compiled word lists the settings name ([`Dictionary::load_cached`]).
    fn load(&self, path: &Path, settings: &Settings) -> Result<ExtraValue, FamilyError> {
        let cache = settings.get::<PositionSettings>().and_then(|own| own.dictionary_cache.as_deref());
        Ok(Arc::new(Dictionary::load_cached(path, cache)?))
    }

    /// Its word graph's ([`crate::lexicon::graph::WordGraph::memory_bytes`]).
    fn memory_bytes(&self, value: &ExtraValue) -> usize {
        value.downcast_ref::<Dictionary>().map_or(0, |dictionary| dictionary.graph().memory_bytes())
    }

    /// [`Dictionary::skipped_note`].
    fn warning(&self, value: &ExtraValue, name: &str, bytes: &[u8]) -> Option<String> {
        value.downcast_ref::<Dictionary>()?.skipped_note(name, bytes)
    }
}

impl ExtraKind for TileKind {
    fn name(&self) -> &'static str {
        "tiles"
    }

    fn noun(&self) -> &'static str {
        "tile set"
    }

    fn read(&self, name: &str, bytes: &[u8], _: Deadline<'_>) -> Result<ExtraValue, ExtraError> {
        let invalid = |error: String| ExtraError::Invalid(format!("{name}: {error}"));
        let text = solvebatch_core::text::decode(bytes).map_err(invalid)?;
        Ok(Arc::new(TileSet::parse(text).map_err(|error| invalid(error.to_string()))?))
    }

    fn load(&self, path: &Path, _: &Settings) -> Result<ExtraValue, FamilyError> {
        Ok(Arc::new(TileSet::load(path)?))
    }
}

/// The dictionary and tile set of [`KINDS`] as a front end found them.
#[derive(Debug, Clone)]
pub struct Lexicon {
    /// The dictionary.
    pub dictionary: Arc<Dictionary>,
    /// What reading the dictionary skipped, when it is a file the position named.
    pub warning: Option<String>,
    /// The tile set: the standard one when none was found.
    pub tiles: Arc<TileSet>,
}

/// Why files found are no [`Lexicon`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LexiconError {
    /// No dictionary among them.
    #[error("no dictionary: the position names none and none was given")]
    NoDictionary,
    /// A file is not of its kind's type (a front end mixed up the kinds).
    #[error("the {0} file found is of another kind")]
    Mixed(&'static str),
}

impl Lexicon {
    /// The dictionary and tiles among `files`, the file of each of [`KINDS`] in order.
    ///
    /// # Errors
    /// No dictionary, or a file of another type than its kind's.
    pub fn of(files: &[Option<ExtraFile>]) -> Result<Lexicon, LexiconError> {
        let file = |index: usize| files.get(index).cloned().flatten();
        let dictionary = file(0).ok_or(LexiconError::NoDictionary)?;
        let tiles = match file(1) {
            Some(tiles) => {
                tiles.value.downcast::<TileSet>().map_err(|_| LexiconError::Mixed(TILES.name()))?
            }
            None => Arc::new(TileSet::standard()),
        };
        Ok(Lexicon {
            dictionary: dictionary
                .value
                .downcast::<Dictionary>()
                .map_err(|_| LexiconError::Mixed(DICTIONARY.name()))?,
            warning: dictionary.warning,
            tiles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_list_and_a_tile_file_read_from_bytes_make_a_lexicon() {
        let list = b"cat\ndog\nox1\n";
        let dictionary = DICTIONARY.read("words.txt", list, Deadline::NEVER).unwrap();
        assert_eq!(
            DICTIONARY.warning(&dictionary, "words.txt", list).as_deref(),
            Some("words.txt: skipped 1 entry with a character other than a letter: line 3: \"ox1\"")
        );
        assert!(DICTIONARY.memory_bytes(&dictionary) > 0);
        let tiles = TILES.read("t.txt", b"\xff", Deadline::NEVER).unwrap_err();
        assert_eq!(tiles, ExtraError::Invalid("t.txt: line 1: not UTF-8 text".to_string()));
        let file = |value: &ExtraValue| Some(ExtraFile { value: Arc::clone(value), warning: None });
        let lexicon = Lexicon::of(&[file(&dictionary), None]).unwrap();
        let q = crate::Letter::from_char('Q').unwrap();
        assert_eq!((lexicon.dictionary.len(), lexicon.tiles.value(q), lexicon.warning), (2, 10, None));
        assert_eq!(Lexicon::of(&[None, None]).unwrap_err(), LexiconError::NoDictionary);
        assert_eq!(Lexicon::of(&[None, file(&dictionary)]).unwrap_err(), LexiconError::NoDictionary);
        assert_eq!(
            Lexicon::of(&[file(&dictionary), file(&dictionary)]).unwrap_err().to_string(),
            "the tiles file found is of another kind"
        );
    }
}
