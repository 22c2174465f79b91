//! Writing files so that nothing the user had is lost or half-written.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

/// Writes `contents` to `path` through a temporary file in the same folder, renamed over `path` once
/// complete: a failure leaves any existing file at `path` untouched.
///
/// A symbolic link at `path` is followed, so its target is replaced; an existing file keeps its
/// permissions, a new one is readable by all (`0644` on Unix) like a file made by the shell.
///
/// # Errors
/// The folder cannot be written, or the rename fails; the message names `path`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let resolved = std::fs::canonicalize(path).ok();
    let target = resolved.as_deref().unwrap_or(path);
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(folder)
        .with_context(|| format!("{}: cannot create a file in {}", path.display(), folder.display()))?;
    file.write_all(contents).with_context(|| format!("{}: cannot write", path.display()))?;
    let permissions =
        std::fs::metadata(target).map(|metadata| metadata.permissions()).ok().or_else(new_file_permissions);
    if let Some(permissions) = permissions {
        file.as_file()
            .set_permissions(permissions)
            .with_context(|| format!("{}: cannot set permissions", path.display()))?;
    }
    file.persist(target)
        .map_err(|error| error.error)
        .with_context(|| format!("{}: cannot replace", path.display()))?;
    Ok(())
}

/// Read and write for the owner, read for everyone else: what the shell gives a new file under the
/// usual umask (the temporary file itself starts private).
#[cfg(unix)]
fn new_file_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(std::fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn new_file_permissions() -> Option<std::fs::Permissions> {
    None
}
