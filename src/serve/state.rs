//! What every request shares: the solving pool, the settings given to the families, the Scrabble
//! dictionary and tiles read at start and the data folder.

use std::path::Path;
use std::sync::Arc;

use anyhow::anyhow;
use solvebatch_scrabble::{Dictionary, TileSet};

use super::graphs::GraphCache;
use super::lexicon::DataFolder;
use super::pool::Pool;
use crate::options::FamilyOptions;
use solvebatch_core::Settings;

/// The server's shared state.
pub struct State {
    /// Where solves run.
    pub pool: Pool,
    /// The settings every solve starts from: the dictionary and tile files (so that a position's own
    /// `dictionary:` and `tiles:` lines are never read), one thread, seed 0.
    pub settings: Settings,
    /// The dictionary of the Scrabble page.
    pub dictionary: Arc<Dictionary>,
    /// The tiles of the Scrabble page.
    pub tiles: Arc<TileSet>,
    /// Which of the dictionary and tiles the command line gave (they then beat a position's lines).
    pub given: Given,
    /// The folder of `--data`, where a position's `dictionary:` and `tiles:` lines may lead.
    pub data: Option<DataFolder>,
    /// The graphs of the word lists sent or read from the data folder, by their lists' hashes.
    pub graphs: GraphCache,
    /// `--history`: where the batch page's runs are recorded, and the history pages read.
    pub history: Option<std::sync::Mutex<crate::history::Recorder>>,
}

/// Which Scrabble files `serve` was given rather than bundled.
#[derive(Debug, Clone, Copy, Default)]
pub struct Given {
    /// `--dictionary` was given.
    pub dictionary: bool,
    /// `--tiles` was given.
    pub tiles: bool,
}

impl State {
    /// Reads the dictionary and the tile file (`given` says which the command line named), opens
    /// the data folder `data` and starts `workers` solving threads taking at most `capacity` jobs at
    /// once.
    ///
    /// # Errors
    /// A file cannot be read or is invalid, or the data folder is none (the message names it); the
    /// threads cannot start.
    pub fn new(
        (dictionary, tiles): (&Path, &Path),
        given: Given,
        data: Option<&Path>,
        workers: usize,
        capacity: usize,
    ) -> anyhow::Result<State> {
        let data = data.map(DataFolder::open).transpose()?;
        let dictionary_cache = crate::cache::dictionary_cache();
        let words = Dictionary::load_cached(dictionary, dictionary_cache.as_deref())
            .map_err(|error| anyhow!("{error}; give another with --dictionary"))?;
        let tile_set = TileSet::load(tiles).map_err(|error| anyhow!("{error}; give another with --tiles"))?;
        Ok(State {
            pool: Pool::new(workers, capacity)?,
            settings: FamilyOptions::given([
                ("dictionary", Some(dictionary.as_os_str().to_owned())),
                ("tiles", Some(tiles.as_os_str().to_owned())),
            ])
            .settings(0, 1)?,
            dictionary: Arc::new(words),
            tiles: Arc::new(tile_set),
            given,
            data,
            graphs: GraphCache::default(),
            history: None,
        })
    }
}
