//! Writing files so that nothing the user had is lost or half-written.
//!
//! Every option that names an output file goes through [`OutputFile`]:
//! - `-` is standard output;
//! - an existing path that is not a regular file (a character device such as `/dev/null`, a FIFO, a
//!   socket, a link to one, `/dev/stdout`) is opened and written into, never replaced;
//! - anything else is written to a temporary file beside it (named `.solvebatch-XXXXXX.tmp`, removed
//!   on Ctrl-C and SIGTERM) and renamed over it once complete, so a failure leaves an existing file
//!   untouched. A symbolic link to a regular file is followed and its target replaced; the target
//!   keeps its permissions, and a new file is readable by all (`0644`) as one made by the shell.
//!
//! A report written record by record ([`OutputFile::create_streamed`]: JSON lines, CSV) goes instead
//! to a recognisable partial file beside it (`r.jsonl` -> `r.jsonl.partial`), flushed after each
//! record and renamed over the report once complete. A run killed or stopped by a second signal
//! leaves it there, holding every record finished so far; the run's own failures remove it.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::signals;

/// The prefix and suffix of temporary files: recognisable, and never taken for an input.
pub const TEMPORARY_PREFIX: &str = ".solvebatch-";
/// See [`TEMPORARY_PREFIX`].
pub const TEMPORARY_SUFFIX: &str = ".tmp";
/// What a streamed report's partial file adds to the report's name.
pub const PARTIAL_SUFFIX: &str = ".partial";

/// An output being written: see the module documentation for where the bytes go.
pub struct OutputFile {
    path: PathBuf,
    target: Target,
}

/// A standard stream an output path leads to.
enum Stream {
    Stdout,
    Stderr,
}

enum Target {
    Stdout(io::Stdout),
    Stderr(io::Stderr),
    Into(File),
    Replace { temporary: Temporary, destination: PathBuf },
    Partial(Partial),
}

/// A streamed report's partial file, removed when dropped uncommitted (the run failed); a signal's
/// exit and a kill run no destructor, and leave it.
struct Partial {
    file: File,
    path: PathBuf,
    destination: PathBuf,
    committed: bool,
}

/// `error` without the path `tempfile` adds to its message (`... at path "/d/.solvebatch-tRaM6c.tmp"`,
/// with no other way to the cause): the message names the file asked for and its folder, never the
/// random name of a file that was not made.
fn without_path(error: io::Error) -> io::Error {
    match error.to_string().rsplit_once(" at path ") {
        Some((message, _)) => io::Error::new(error.kind(), message.to_string()),
        None => error,
    }
}

impl Partial {
    /// The partial file of `destination` (canonical: links followed), named in messages as `given`
    /// (the path as given) + the suffix.
    fn create(given: &Path, destination: PathBuf) -> anyhow::Result<Partial> {
        let path = solvebatch_core::text::with_suffix(&destination, PARTIAL_SUFFIX);
        let shown = solvebatch_core::text::with_suffix(given, PARTIAL_SUFFIX);
        let file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(|error| {
            if error.kind() == io::ErrorKind::AlreadyExists {
                anyhow::anyhow!(
                    "{}: left by a run that was stopped before its end; keep its records elsewhere or remove it",
                    shown.display()
                )
            } else {
                let folder = path.parent().unwrap_or(Path::new("."));
                anyhow::Error::new(error)
                    .context(format!("{}: cannot create a file in {}", given.display(), folder.display()))
            }
        })?;
        Ok(Partial { file, path, destination, committed: false })
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// A temporary file, tracked for removal on a signal until it is renamed into place or dropped.
struct Temporary(Option<tempfile::NamedTempFile>);

impl Temporary {
    fn file(&mut self) -> &mut tempfile::NamedTempFile {
        self.0.as_mut().expect("a temporary file is there until it is persisted")
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        // An uncommitted temporary file is removed by its own drop; stop tracking it.
        if let Some(file) = &self.0 {
            signals::untrack(file.path());
        }
    }
}

impl OutputFile {
    /// Opens `path` for writing now, so that a path that cannot be written is found before any work.
    ///
    /// # Errors
    /// The device cannot be opened, or no temporary file can be made in the destination's folder;
    /// the message names `path`.
    pub fn create(path: &Path) -> anyhow::Result<OutputFile> {
        OutputFile::open(path, false)
    }

    /// Opens `path` as [`OutputFile::create`] does, but a file to replace is streamed to its partial
    /// file (`path` + [`PARTIAL_SUFFIX`]) instead of a hidden temporary one: see the module
    /// documentation.
    ///
    /// # Errors
    /// As [`OutputFile::create`]; also a partial file already there (left by a stopped run).
    pub fn create_streamed(path: &Path) -> anyhow::Result<OutputFile> {
        OutputFile::open(path, true)
    }

    fn open(path: &Path, streamed: bool) -> anyhow::Result<OutputFile> {
        let target = if path == Path::new("-") {
            Target::Stdout(io::stdout())
        } else if let Some(stream) = standard_stream(path) {
            match stream {
                Stream::Stdout => Target::Stdout(io::stdout()),
                Stream::Stderr => Target::Stderr(io::stderr()),
            }
        } else if writes_into(path) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("{}: cannot open for writing", path.display()))?;
            Target::Into(file)
        } else {
            let destination = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
            if streamed {
                return Ok(OutputFile {
                    path: path.to_path_buf(),
                    target: Target::Partial(Partial::create(path, destination)?),
                });
            }
            let folder = match destination.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            let temporary = signals::create_tracked(|| {
                tempfile::Builder::new().prefix(TEMPORARY_PREFIX).suffix(TEMPORARY_SUFFIX).tempfile_in(folder)
            })
            .map_err(without_path)
            .with_context(|| format!("{}: cannot create a file in {}", path.display(), folder.display()))?;
            Target::Replace { temporary: Temporary(Some(temporary)), destination }
        };
        Ok(OutputFile { path: path.to_path_buf(), target })
    }

    /// The path as given (`-` for standard output).
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Finishes the file: flushes it, and renames a temporary file over the destination.
    ///
    /// # Errors
    /// The write or the rename fails; the message names the path.
    pub fn commit(mut self) -> anyhow::Result<()> {
        self.flush().with_context(|| format!("{}: cannot write", self.path.display()))?;
        let path = self.path;
        match self.target {
            Target::Stdout(_) | Target::Stderr(_) | Target::Into(_) => Ok(()),
            Target::Replace { mut temporary, destination } => {
                let temporary = temporary.0.take().expect("a temporary file is there until it is persisted");
                let permissions = std::fs::metadata(&destination)
                    .map(|metadata| metadata.permissions())
                    .ok()
                    .or_else(new_file_permissions);
                if let Some(permissions) = permissions {
                    temporary
                        .as_file()
                        .set_permissions(permissions)
                        .with_context(|| format!("{}: cannot set permissions", path.display()))?;
                }
                let temporary_path = temporary.path().to_path_buf();
                let persisted = temporary.persist(&destination);
                signals::untrack(&temporary_path);
                persisted
                    .map_err(|error| error.error)
                    .with_context(|| format!("{}: cannot replace", path.display()))?;
                Ok(())
            }
            Target::Partial(mut partial) => {
                if let Ok(metadata) = std::fs::metadata(&partial.destination) {
                    partial
                        .file
                        .set_permissions(metadata.permissions())
                        .with_context(|| format!("{}: cannot set permissions", path.display()))?;
                }
                std::fs::rename(&partial.path, &partial.destination)
                    .with_context(|| format!("{}: cannot replace", path.display()))?;
                partial.committed = true;
                Ok(())
            }
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Target::Stdout(stdout) => stdout.write(bytes),
            Target::Stderr(stderr) => stderr.write(bytes),
            Target::Into(file) => file.write(bytes),
            Target::Replace { temporary, .. } => temporary.file().write(bytes),
            Target::Partial(partial) => partial.file.write(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Target::Stdout(stdout) => stdout.flush(),
            Target::Stderr(stderr) => stderr.flush(),
            Target::Into(file) => file.flush(),
            Target::Replace { temporary, .. } => temporary.file().flush(),
            Target::Partial(partial) => partial.file.flush(),
        }
    }
}

/// The partial file a streamed report at `path` is written to: beside the file a link leads to.
pub fn partial_path(path: &Path) -> PathBuf {
    let destination = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    solvebatch_core::text::with_suffix(&destination, PARTIAL_SUFFIX)
}

/// Writes `contents` to `path` as [`OutputFile`] does.
///
/// # Errors
/// As [`OutputFile::create`] and [`OutputFile::commit`], or a failed write.
pub fn write_file(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let mut file = OutputFile::create(path)?;
    file.write_all(contents).with_context(|| format!("{}: cannot write", path.display()))?;
    file.commit()
}

/// Whether `path` exists and is not a regular file once links are followed, or is a device or
/// process path such as `/dev/stdout` (which may lead to the very file standard output is
/// redirected to: replacing that would cut the shell's redirection).
fn writes_into(path: &Path) -> bool {
    let special_name = path.starts_with("/dev") || path.starts_with("/proc");
    match std::fs::metadata(path) {
        Ok(metadata) => !metadata.is_file() || special_name,
        Err(_) => false,
    }
}

/// Which standard stream `path` leads to, when it is a device or process path (`/dev/stdout`,
/// `/dev/stderr`, `/proc/self/fd/1`) for the file that stream already is. Writing there through the
/// stream keeps the order of what is printed: a second descriptor opened on a redirected file starts
/// at offset 0, and the two would overwrite each other.
fn standard_stream(path: &Path) -> Option<Stream> {
    if !(path.starts_with("/dev") || path.starts_with("/proc")) {
        return None;
    }
    let target = identity(&std::fs::metadata(path).ok()?);
    if target.is_some() && target == stream_identity(&io::stdout()) {
        Some(Stream::Stdout)
    } else if target.is_some() && target == stream_identity(&io::stderr()) {
        Some(Stream::Stderr)
    } else {
        None
    }
}

/// The device and inode of a file.
#[cfg(unix)]
pub fn identity(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
pub fn identity(_metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// The device and inode of a regular file: the one kind an output replaces.
pub fn regular_identity(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    metadata.is_file().then(|| identity(metadata)).flatten()
}

/// The device and inode of what a standard stream is (a terminal, a pipe, a redirected file).
#[cfg(unix)]
pub fn stream_identity(stream: &impl std::os::fd::AsFd) -> Option<(u64, u64)> {
    let fd = stream.as_fd().try_clone_to_owned().ok()?;
    identity(&File::from(fd).metadata().ok()?)
}

#[cfg(not(unix))]
pub fn stream_identity<T>(_stream: &T) -> Option<(u64, u64)> {
    None
}

/// Whether a file name is one of this tool's temporary files or a report's partial file.
pub fn is_temporary(name: &std::ffi::OsStr) -> bool {
    let name = name.as_encoded_bytes();
    name.starts_with(TEMPORARY_PREFIX.as_bytes()) && name.ends_with(TEMPORARY_SUFFIX.as_bytes())
        || name.ends_with(PARTIAL_SUFFIX.as_bytes())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_replaced_whole_and_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.txt");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let mut file = OutputFile::create(&path).unwrap();
        file.write_all(b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old", "replaced only on commit");
        file.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1, "no temporary file is left");
    }

    #[test]
    fn an_uncommitted_file_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let mut file = OutputFile::create(&dir.path().join("new.txt")).unwrap();
        file.write_all(b"half").unwrap();
        drop(file);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_device_is_written_into() {
        write_file(Path::new("/dev/null"), b"gone").unwrap();
        assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
    }

    #[test]
    fn temporary_names_are_recognised() {
        assert!(is_temporary(std::ffi::OsStr::new(".solvebatch-a1B2c3.tmp")));
        assert!(!is_temporary(std::ffi::OsStr::new("solvebatch-a1B2c3.tmp")));
        assert!(!is_temporary(std::ffi::OsStr::new(".solvebatch-a1B2c3.csv")));
        assert!(is_temporary(std::ffi::OsStr::new("r.jsonl.partial")));
    }
}
