//! Writing files so that nothing the user had is lost or half-written.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

/// Writes `contents` to `path` through a temporary file in the same folder, renamed over `path` once
/// complete: a failure leaves any existing file at `path` untouched.
///
/// # Errors
/// The folder cannot be written, or the rename fails; the message names `path`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(folder)
        .with_context(|| format!("{}: cannot create a file in {}", path.display(), folder.display()))?;
    file.write_all(contents).with_context(|| format!("{}: cannot write", path.display()))?;
    file.persist(path).with_context(|| format!("{}: cannot replace", path.display()))?;
    Ok(())
}
