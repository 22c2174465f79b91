//! What every request shares: the solving pool, the settings given to the families, the server's
//! own file of each kind that inputs name (read at start) and the data folder.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::Path;

use anyhow::anyhow;

use super::graphs::GraphCache;
use super::lexicon::DataFolder;
use super::pool::Pool;
use crate::family;
use crate::options::FamilyOptions;
use solvebatch_core::{ExtraKind, ExtraValue, Settings};

/// The server's shared state.
pub struct State {
    /// Where solves run.
    pub pool: Pool,
    /// The settings every solve starts from: the server's own files (so that an input's own lines
    /// naming files are never read from the server's disk), one thread, seed 0.
    pub settings: Settings,
    /// The server's own file of each kind, by the kind's name ([`ExtraKind::name`]).
    pub own: HashMap<&'static str, Own>,
    /// The folder of `--data`, where the files an input names may lead.
    pub data: Option<DataFolder>,
    /// The graphs of the files sent or read from the data folder, by their kinds and hashes.
    pub graphs: GraphCache,
    /// `--history`: where the batch page's runs are recorded, and the history pages read.
    pub history: Option<std::sync::Mutex<crate::history::Recorder>>,
}

/// The server's own file of a kind.
pub struct Own {
    /// The file read.
    pub value: ExtraValue,
    /// Whether the command line gave it (`serve --dictionary`), rather than bundled: it then beats
    /// what an input names.
    pub given: bool,
}

/// A file of the server's own: its kind's name (`dictionary`, also its flag), its path, and whether
/// the command line gave it.
pub type OwnFile<'a> = (&'static str, &'a Path, bool);

impl State {
    /// Reads the server's own files `own` through the kinds of the families that read them, opens the
    /// data folder `data` and starts `workers` solving threads taking at most `capacity` jobs at once.
    ///
    /// # Errors
    /// A file cannot be read or is invalid, or the data folder is none (the message names it); the
    /// threads cannot start.
    pub fn new(
        own: &[OwnFile],
        data: Option<&Path>,
        workers: usize,
        capacity: usize,
    ) -> anyhow::Result<State> {
        let data = data.map(DataFolder::open).transpose()?;
        let settings = FamilyOptions::given(
            own.iter().map(|(kind, path, _)| (*kind, Some(OsString::from(path.as_os_str())))),
        )
        .settings(0, 1)?;
        let mut read = HashMap::new();
        for &(name, path, given) in own {
            let kind = kind_named(name).ok_or_else(|| anyhow!("no family reads files of the kind {name}"))?;
            let value =
                kind.load(path, &settings).map_err(|error| anyhow!("{error}; give another with --{name}"))?;
            read.insert(name, Own { value, given });
        }
        Ok(State {
            pool: Pool::new(workers, capacity)?,
            settings,
            own: read,
            data,
            graphs: GraphCache::default(),
            history: None,
        })
    }
}

/// The kind of file called `name` that a family of the registry reads.
fn kind_named(name: &str) -> Option<&'static dyn ExtraKind> {
    family::FAMILIES.iter().flat_map(|family| family.extra_kinds()).copied().find(|kind| kind.name() == name)
}
