//! Finding the input files of a batch: folders walked recursively, reference files skipped.

use std::path::{Path, PathBuf};

use anyhow::Context;

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
}

/// Every input under `paths`, sorted by path, each once.
///
/// A file named directly is an input even when no family claims its extension (its row then says so);
/// inside folders, only files a family claims (or the `kind` family, when given) are inputs.
///
/// # Errors
/// A path that does not exist or a folder that cannot be read.
pub fn find(paths: &[PathBuf], kind: Option<&'static dyn Family>) -> anyhow::Result<Vec<Input>> {
    let mut inputs = Vec::new();
    for root in paths {
        let metadata = std::fs::metadata(root).with_context(|| format!("{}: cannot read", root.display()))?;
        if !metadata.is_dir() {
            let relative = root.file_name().map_or_else(|| root.clone(), PathBuf::from);
            let family = kind.or_else(|| family::for_path(root));
            inputs.push(Input { path: root.clone(), relative, family });
            continue;
        }
        for entry in walkdir::WalkDir::new(root).follow_links(true) {
            let entry = entry.with_context(|| format!("{}: cannot walk", root.display()))?;
            if !entry.file_type().is_file() {
                continue;
            }
            let family = match kind {
                Some(family) => Some(family).filter(|family| family.is_input(entry.path())),
                None => family::for_path(entry.path()),
            };
            if family.is_some() {
                let relative = relative_to(entry.path(), root);
                inputs.push(Input { path: entry.into_path(), relative, family });
            }
        }
    }
    inputs.sort_by(|a, b| a.path.cmp(&b.path));
    inputs.dedup_by(|a, b| a.path == b.path);
    Ok(inputs)
}

fn relative_to(path: &Path, root: &Path) -> PathBuf {
    path.strip_prefix(root).map_or_else(|_| path.to_path_buf(), Path::to_path_buf)
}
