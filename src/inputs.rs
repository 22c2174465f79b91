//! Finding the input files of a batch: folders walked recursively, reference files skipped.

use std::path::{Path, PathBuf};

use crate::family::{self, Family};

/// One input of a batch.
pub struct Input {
    /// The file, as found.
    pub path: PathBuf,
    /// The path below the folder it was found in (the file name for a file named directly); outputs
    /// under `--out` mirror it.
    pub relative: PathBuf,
    /// Its family: by extension, or `--kind`.
    pub family: Option<&'static dyn Family>,
    /// Why the path cannot be solved at all (missing, unreadable folder, link loop): its row's error.
    pub problem: Option<String>,
}

/// Every input under `paths`, sorted by path, each once.
///
/// A file named directly is an input even when no family claims its extension (its row then says so);
/// inside folders, only files a family claims (or the `kind` family, when given) are inputs.
///
/// A path that does not exist, or a part of a folder that cannot be read, is an input with a
/// [`Input::problem`], so that the rest of the batch still runs.
pub fn find(paths: &[PathBuf], kind: Option<&'static dyn Family>) -> Vec<Input> {
    let mut inputs = Vec::new();
    for root in paths {
        let named = |problem: Option<String>| Input {
            path: root.clone(),
            relative: root.file_name().map_or_else(|| root.clone(), PathBuf::from),
            family: kind.or_else(|| family::for_path(root)),
            problem,
        };
        match std::fs::metadata(root) {
            Err(error) => inputs.push(named(Some(format!("cannot read: {error}")))),
            Ok(metadata) if !metadata.is_dir() => inputs.push(named(None)),
            Ok(_) => walk(root, kind, &mut inputs),
        }
    }
    inputs.sort_by(|a, b| a.path.cmp(&b.path));
    inputs.dedup_by(|a, b| a.path == b.path);
    inputs
}

/// Adds the inputs under the folder `root`.
fn walk(root: &Path, kind: Option<&'static dyn Family>, inputs: &mut Vec<Input>) {
    for entry in walkdir::WalkDir::new(root).follow_links(true) {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                let path = error.path().unwrap_or(root).to_path_buf();
                let relative = relative_to(&path, root);
                let problem = Some(format!("cannot walk: {error}"));
                inputs.push(Input { path, relative, family: None, problem });
                continue;
            }
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let family = match kind {
            Some(family) => Some(family).filter(|family| family.is_input(entry.path())),
            None => family::for_path(entry.path()),
        };
        if family.is_some() {
            let relative = relative_to(entry.path(), root);
            inputs.push(Input { path: entry.into_path(), relative, family, problem: None });
        }
    }
}

fn relative_to(path: &Path, root: &Path) -> PathBuf {
    path.strip_prefix(root).map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}
