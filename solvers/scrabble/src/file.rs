//! Reading an input file into memory (or mapping it), never more of it than a stated limit: a file
//! past the limit is refused by its size or after reading at most one byte beyond it, so that `/dev/zero` or `/dev/urandom` given as a
//! dictionary fails fast instead of filling the memory; a FIFO, which would wait for a writer, is refused.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;
use std::sync::Arc;

use memmap2::Mmap;

/// Why a file could not be read into memory.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The operating system refused to open or read it (it is missing, unreadable, ...).
    #[error("{0}")]
    Io(#[from] io::Error),
    /// It is a folder.
    #[error("it is a folder, not a file")]
    Folder,
    /// It is a FIFO or a socket: opening one waits for a writer, which may never come, so a file
    /// named inside an input never opens one.
    #[error("it is a FIFO or a socket, not a file")]
    Stream,
    /// It holds more than `limit` bytes (a regular file by its size, a stream once one byte more than
    /// `limit` was read).
    #[error("it is larger than the limit of {}", Bytes(*limit))]
    TooLarge {
        /// The most bytes read from such a file.
        limit: u64,
    },
}

/// Reads the file at `path`, a regular file or a device, holding at most `limit` bytes. A regular file
/// larger than `limit` is refused by its size without being read; a device is read up to `limit + 1`
/// bytes; a FIFO or a socket is refused without being opened.
pub(crate) fn read_at_most(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let (file, size) = open_at_most(path, limit)?;
    read_open(file, size, limit)
}

/// The bytes of a file: mapped into memory (a regular file) or read (a device, an empty file).
pub(crate) enum FileBytes {
    /// A regular file mapped read-only, shared by what reads in place from it.
    Mapped(Arc<Mmap>),
    /// The bytes read.
    Read(Vec<u8>),
}

impl Deref for FileBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            FileBytes::Mapped(map) => map,
            FileBytes::Read(bytes) => bytes,
        }
    }
}

impl FileBytes {
    /// The bytes as a vector of their own (a copy of a mapped file).
    pub(crate) fn into_vec(self) -> Vec<u8> {
        match self {
            FileBytes::Mapped(map) => map.to_vec(),
            FileBytes::Read(bytes) => bytes,
        }
    }
}

/// The file at `path` as [`read_at_most`] checks it, a regular file mapped instead of read: mapping
/// costs no copy, and its pages come in from the page cache in blocks when first read, where
/// memory allocated and written faults page by page.
pub(crate) fn map_at_most(path: &Path, limit: u64) -> Result<FileBytes, ReadError> {
    let (file, size) = open_at_most(path, limit)?;
    if size.is_some_and(|size| size > 0) {
        // SAFETY: the map is read-only and private; a file shrunk or rewritten in place by another
        // process while mapped is outside what this program guards against (its own writes replace
        // files by renaming new ones over them, which leaves a mapped file as it was).
        return Ok(FileBytes::Mapped(Arc::new(unsafe { Mmap::map(&file) }?)));
    }
    read_open(file, size, limit).map(FileBytes::Read)
}

/// Reads the open `file` of `size` bytes (`None` for a device) up to `limit + 1` bytes.
fn read_open(file: File, size: Option<u64>, limit: u64) -> Result<Vec<u8>, ReadError> {
    // A regular file's size, at most `limit`, is its likely length; a stream's is unknown.
    let mut bytes = Vec::with_capacity(size.and_then(|size| usize::try_from(size).ok()).unwrap_or(0));
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// Opens the file at `path` after the checks of [`read_at_most`]; gives it with its size in bytes
/// when it is a regular file (`None` for a device).
fn open_at_most(path: &Path, limit: u64) -> Result<(File, Option<u64>), ReadError> {
    if is_fifo_or_socket(path) {
        return Err(ReadError::Stream);
    }
    let file = File::open(path)?;
    let metadata = file.metadata()?;
    if metadata.is_dir() {
        return Err(ReadError::Folder);
    }
    if metadata.is_file() && metadata.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok((file, metadata.is_file().then_some(metadata.len())))
}

#[cfg(unix)]
fn is_fifo_or_socket(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path)
        .is_ok_and(|metadata| metadata.file_type().is_fifo() || metadata.file_type().is_socket())
}

#[cfg(not(unix))]
fn is_fifo_or_socket(_path: &Path) -> bool {
    false
}

/// A byte count in the largest binary unit that divides it exactly: `256 MiB`, `64 KiB`, `100 bytes`.
struct Bytes(u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            bytes if bytes >= 1 << 20 && bytes % (1 << 20) == 0 => write!(f, "{} MiB", bytes >> 20),
            bytes if bytes >= 1 << 10 && bytes % (1 << 10) == 0 => write!(f, "{} KiB", bytes >> 10),
            1 => f.write_str("1 byte"),
            bytes => write!(f, "{bytes} bytes"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn write(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path =
            std::env::temp_dir().join(format!("solvebatch-scrabble-file-{}-{name}", std::process::id()));
        File::create(&path).unwrap().write_all(bytes).unwrap();
        path
    }

    #[test]
    fn reads_a_file_up_to_the_limit_and_refuses_one_byte_more() {
        let path = write("eight", b"12345678");
        assert_eq!(read_at_most(&path, 8).unwrap(), b"12345678");
        assert_eq!(read_at_most(&path, 7).unwrap_err().to_string(), "it is larger than the limit of 7 bytes");
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_regular_file_is_mapped_under_the_same_limit_and_a_device_or_an_empty_file_read() {
        let bytes: Vec<u8> = (0..200_000u32).map(|index| (index % 251) as u8).collect();
        let path = write("mapped", &bytes);
        let mapped = map_at_most(&path, 200_000).unwrap();
        assert!(matches!(mapped, FileBytes::Mapped(_)));
        assert_eq!(&mapped[..], &bytes[..]);
        assert_eq!(mapped.into_vec(), bytes);
        assert_eq!(
            map_at_most(&path, 199_999).err().unwrap().to_string(),
            "it is larger than the limit of 199999 bytes"
        );
        std::fs::remove_file(path).unwrap();
        let empty = write("empty", b"");
        assert!(matches!(map_at_most(&empty, 10).unwrap(), FileBytes::Read(bytes) if bytes.is_empty()));
        std::fs::remove_file(empty).unwrap();
        // A device is read, never mapped: it might give other bytes when read again.
        assert_eq!(
            map_at_most(Path::new("/dev/zero"), 1 << 20).err().unwrap().to_string(),
            "it is larger than the limit of 1 MiB"
        );
        assert!(
            matches!(map_at_most(Path::new("/dev/null"), 1).unwrap(), FileBytes::Read(bytes) if bytes.is_empty())
        );
        assert_eq!(
            map_at_most(&std::env::temp_dir(), 1).err().unwrap().to_string(),
            "it is a folder, not a file"
        );
    }

    #[test]
    fn a_stream_is_read_up_to_one_byte_past_the_limit() {
        // /dev/zero never ends: only the bound stops the reading.
        let error = read_at_most(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert_eq!(error.to_string(), "it is larger than the limit of 1 MiB");
        assert_eq!(read_at_most(Path::new("/dev/null"), 1).unwrap(), b"");
    }

    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let path = std::env::temp_dir().join(format!("solvebatch-scrabble-fifo-{}", std::process::id()));
        assert!(std::process::Command::new("mkfifo").arg(&path).status().unwrap().success());
        // No writer: opening it would wait for ever.
        let error = read_at_most(&path, 10_000).unwrap_err();
        assert_eq!(error.to_string(), "it is a FIFO or a socket, not a file");
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_folder_or_a_missing_file_is_refused() {
        assert_eq!(
            read_at_most(&std::env::temp_dir(), 1 << 10).unwrap_err().to_string(),
            "it is a folder, not a file"
        );
        assert!(matches!(read_at_most(Path::new("no/such/file"), 1 << 10), Err(ReadError::Io(_))));
    }

    #[test]
    fn byte_counts_use_the_unit_that_divides_them() {
        let shown = [256 << 20, 64 << 10, 1536, 100, 1].map(|bytes| Bytes(bytes).to_string());
        assert_eq!(shown, ["256 MiB", "64 KiB", "1536 bytes", "100 bytes", "1 byte"]);
    }
}
