//! Reading inputs: bounded in size (and in time, for what is not a regular file), then decoded as
//! text: UTF-8, with a leading byte-order mark (U+FEFF) dropped, as some editors write one.

use std::io::Read;
use std::path::Path;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use anyhow::anyhow;
pub use solvebatch_core::text::decode;

/// The most bytes read from one input: far above any real input (a million tic-tac-toe moves take
/// about 10 MB), and a bound on what a device or a runaway file can cost. A regular file above it is
/// refused by its size before a byte of it is read; a stream is read no further than one byte
/// past it. Each file being solved holds at most this many bytes of input, so a batch's inputs
/// take at most this times `--jobs` in memory.
pub use solvebatch_core::text::MAX_INPUT_BYTES;

/// Why an input was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing came within the time limit (a FIFO with no writer, a slow device).
    Timeout,
    /// A signal stopped the batch before anything came.
    Interrupted,
    /// The file cannot be read, or is larger than [`MAX_INPUT_BYTES`]; in words.
    Failed(String),
    /// Text was asked for and the first [`TEXT_CHECK_BYTES`] hold a NUL byte, which no text holds.
    Binary,
}

/// How many bytes of an input are looked at for a NUL byte before the rest is read, so that a large
/// binary file given as text is refused at once.
pub const TEXT_CHECK_BYTES: usize = 8 << 10;

impl ReadError {
    /// [`ReadError::Binary`] in words.
    pub const BINARY: &'static str = "a binary file, not text (a NUL byte in its first 8 KiB)";
}

/// The bytes of `path` (`-`: standard input), at most [`MAX_INPUT_BYTES`] of them (a larger
/// regular file is refused unread, by its size). A read of what is not a regular file (a FIFO
/// without a writer) is abandoned when `limit` passes or a signal stops the batch.
///
/// # Errors
/// [`ReadError::Failed`] for a file that cannot be read or is too large, [`ReadError::Timeout`],
/// [`ReadError::Interrupted`].
pub fn read_limited(path: &Path, limit: Option<Duration>) -> Result<Vec<u8>, ReadError> {
    read_within(path, limit, false)
}

/// [`read_limited`] for an input that must be text: a NUL byte in its first [`TEXT_CHECK_BYTES`]
/// refuses it before the rest is read.
///
/// # Errors
/// As [`read_limited`], and [`ReadError::Binary`].
pub fn read_text_limited(path: &Path, limit: Option<Duration>) -> Result<Vec<u8>, ReadError> {
    read_within(path, limit, true)
}

/// [`read_text_limited`] of the input at `path`, which was a regular file when it was found
/// (`regular`: the walk's status said so): opened at once, without waiting, and read by the size its
/// open file's status gives, which spares looking the path up twice. Were it no longer a regular
/// file (a FIFO put in its place meanwhile), that open did not wait for a writer, and it is refused
/// unread with the words a FIFO found by the walk gets (`not a regular file (a FIFO); ...`), whatever
/// the time limit: never waited for.
///
/// # Errors
/// As [`read_text_limited`]; [`ReadError::Failed`] for what is no longer a regular file.
pub fn read_found(path: &Path, limit: Option<Duration>, regular: bool) -> Result<Vec<u8>, ReadError> {
    #[cfg(unix)]
    if regular {
        use std::os::unix::fs::OpenOptionsExt;
        let failed = |error: std::io::Error| ReadError::Failed(format!("cannot read: {error}"));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(failed)?;
        let metadata = file.metadata().map_err(failed)?;
        if metadata.is_file() {
            // Reading a regular file never waits, whether or not it was opened to wait.
            return read_regular_file(file, metadata.len(), true);
        }
        return Err(ReadError::Failed(crate::inputs::not_regular(&metadata)));
    }
    #[cfg(not(unix))]
    let _ = regular;
    read_text_limited(path, limit)
}

/// The bytes of the reference at `path` as [`read_limited`] reads them, or `None` when it cannot be
/// read: most often there is none, which costs one status and no message (a batch looks for a
/// reference beside each of its files, and most have none).
pub fn read_reference(path: &Path, limit: Option<Duration>) -> Option<Vec<u8>> {
    let status = std::fs::metadata(path);
    if status.is_err() {
        return None;
    }
    read_after_status(path, Some(status), limit, false).ok()
}

fn read_within(path: &Path, limit: Option<Duration>, text: bool) -> Result<Vec<u8>, ReadError> {
    let status = (path != Path::new("-")).then(|| std::fs::metadata(path));
    read_after_status(path, status, limit, text)
}

/// [`read_within`] given the status of `path` (`None` for standard input).
fn read_after_status(
    path: &Path,
    status: Option<std::io::Result<std::fs::Metadata>>,
    limit: Option<Duration>,
    text: bool,
) -> Result<Vec<u8>, ReadError> {
    // Only what may block (a FIFO, a device, standard input) is read on a thread of its own: a
    // regular file, or a path that is not there (a missing reference), costs no thread, and is
    // read with the size its status gave: one status and one open, as `cat` does. (Opening first
    // without blocking would spare the status, but a FIFO's writer may come and go while such a
    // probe is its only reader.)
    if let Some(status) = status {
        let failed = |error: std::io::Error| ReadError::Failed(format!("cannot read: {error}"));
        let metadata = status.map_err(failed)?;
        if metadata.is_file() {
            let file = std::fs::File::open(path).map_err(failed)?;
            return read_regular_file(file, metadata.len(), text);
        }
    }
    let (send, receive) = std::sync::mpsc::channel();
    let owned = path.to_path_buf();
    // The thread may stay blocked in `open` on a FIFO nobody writes to; the process ends anyway.
    std::thread::spawn(move || send.send(read_bounded(&owned, text)));
    let deadline = limit.map(|limit| Instant::now() + limit);
    // Woken often enough to stop within a second of a signal.
    let poll = Duration::from_millis(50);
    loop {
        let wait =
            deadline.map_or(poll, |deadline| deadline.saturating_duration_since(Instant::now()).min(poll));
        match receive.recv_timeout(wait) {
            Ok(read) => return read,
            Err(RecvTimeoutError::Disconnected) => return Err(ReadError::Failed("cannot read".to_string())),
            Err(RecvTimeoutError::Timeout) => {}
        }
        if crate::signals::interrupted() {
            return Err(ReadError::Interrupted);
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(ReadError::Timeout);
        }
    }
}

fn read_bounded(path: &Path, text: bool) -> Result<Vec<u8>, ReadError> {
    let failed = |error: std::io::Error| ReadError::Failed(format!("cannot read: {error}"));
    let too_large = || {
        ReadError::Failed(format!("larger than {} MiB, the most an input may hold", MAX_INPUT_BYTES >> 20))
    };
    let bytes = if path == Path::new("-") {
        read_checked(std::io::stdin().lock(), 0, text)?
    } else {
        let file = std::fs::File::open(path).map_err(failed)?;
        let metadata = file.metadata().map_err(failed)?;
        if metadata.is_file() {
            return read_regular_file(file, metadata.len(), text);
        }
        // A device or FIFO tells nothing of its size.
        read_checked(file, 0, text)?
    };
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The bytes of the regular file `file`, of `size` bytes by its status: refused unread when larger
/// than [`MAX_INPUT_BYTES`], and refused after reading when it grew past it meanwhile.
fn read_regular_file(file: std::fs::File, size: u64, text: bool) -> Result<Vec<u8>, ReadError> {
    let too_large = || {
        ReadError::Failed(format!("larger than {} MiB, the most an input may hold", MAX_INPUT_BYTES >> 20))
    };
    if size > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    let bytes = read_checked(file, size, text)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`ReadError::Binary`] when the first [`TEXT_CHECK_BYTES`] of `bytes` hold a NUL byte: the look
/// every input read as text gets, for bytes already in memory (a body sent to the web app).
///
/// # Errors
/// [`ReadError::Binary`].
pub fn check_text(bytes: &[u8]) -> Result<(), ReadError> {
    if bytes[..bytes.len().min(TEXT_CHECK_BYTES)].contains(&0) {
        return Err(ReadError::Binary);
    }
    Ok(())
}

/// [`read_at_most`], after a look at the first [`TEXT_CHECK_BYTES`] for a NUL byte when `text`.
fn read_checked(mut reader: impl Read, size: u64, text: bool) -> Result<Vec<u8>, ReadError> {
    let failed = |error: std::io::Error| ReadError::Failed(format!("cannot read: {error}"));
    let mut head = Vec::new();
    if text {
        (&mut reader).take(TEXT_CHECK_BYTES as u64).read_to_end(&mut head).map_err(failed)?;
        check_text(&head)?;
        if head.len() < TEXT_CHECK_BYTES {
            // The end came within the first block: the input is whole.
            return Ok(head);
        }
    }
    read_at_most(std::io::Cursor::new(head).chain(reader), size).map_err(failed)
}

/// Reads `reader` to its end or to one byte past [`MAX_INPUT_BYTES`], holding no more than that
/// many bytes at any time: the buffer starts at `size` (plus the byte that finds the end) and at
/// most doubles up to the bound, where `read_to_end` alone could grow it to twice the bound.
fn read_at_most(reader: impl Read, size: u64) -> std::io::Result<Vec<u8>> {
    let bound = MAX_INPUT_BYTES + 1;
    let mut reader = reader.take(bound);
    let mut bytes = Vec::new();
    let mut chunk = (size + 1).min(bound);
    loop {
        // Exactly `chunk` bytes of room: `read_to_end` fills it without growing the buffer.
        bytes.reserve_exact(chunk as usize);
        let read = (&mut reader).take(chunk).read_to_end(&mut bytes)? as u64;
        if read < chunk || bytes.len() as u64 >= bound {
            return Ok(bytes);
        }
        chunk = (bytes.len() as u64).max(64 << 10).min(bound - bytes.len() as u64);
    }
}

/// How messages name an input: its path, or `standard input` for `-`.
pub fn name(path: &Path) -> String {
    if path == Path::new("-") {
        "standard input".to_string()
    } else {
        crate::paths::display_path(path)
    }
}

/// The bytes of `path`, or of standard input for `-`, at most [`MAX_INPUT_BYTES`].
///
/// # Errors
/// The file cannot be read or is too large; the message names it.
pub fn read_named(path: &Path) -> anyhow::Result<Vec<u8>> {
    named(path, read_limited(path, None))
}

/// The bytes of a problem file at `path` (`-`: standard input), as [`read_named`] reads them, refused
/// from its first block when that holds a NUL byte, as `run` refuses an input.
///
/// # Errors
/// A path that does not exist is a usage error (`FILE: no such file or folder`, exit status 2, as
/// `run` says it); else as [`read_named`], and `FILE: a binary file, not text (...)`.
pub fn read_named_text(path: &Path) -> anyhow::Result<Vec<u8>> {
    crate::inputs::require_existing(&[path.to_path_buf()])?;
    named(path, read_text_limited(path, None))
}

/// `read`'s outcome with the error naming `path`.
fn named(path: &Path, read: Result<Vec<u8>, ReadError>) -> anyhow::Result<Vec<u8>> {
    read.map_err(|error| match error {
        ReadError::Failed(message) => anyhow::anyhow!("{}: {message}", name(path)),
        ReadError::Timeout => anyhow::anyhow!("{}: nothing to read", name(path)),
        ReadError::Interrupted => anyhow::anyhow!("{}: interrupted before anything came", name(path)),
        ReadError::Binary => anyhow::anyhow!("{}: {}", name(path), ReadError::BINARY),
    })
}

/// The text of the file at `path` (`-`: standard input), read as every input is
/// ([`read_named`], at most 256 MiB) and decoded with [`decode`].
///
/// # Errors
/// A path that does not exist is a usage error (`FILE: no such file or folder`); else `FILE:
/// cannot read` with the cause, `FILE: larger than ...`, `FILE: a binary file, not text ...` (a NUL
/// byte in the first block), or `FILE: line N: not UTF-8 text`.
pub fn read(path: &Path) -> anyhow::Result<String> {
    let bytes = read_named_text(path)?;
    decode(&bytes).map(str::to_string).map_err(|message| anyhow!("{}: {message}", name(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_read_into_no_more_than_the_bound() {
        let bytes = read_at_most(std::io::repeat(7), 0).unwrap();
        assert_eq!(bytes.len() as u64, MAX_INPUT_BYTES + 1);
        // `read_to_end` alone doubles its buffer past the bound, to 512 MiB.
        assert_eq!(bytes.capacity() as u64, MAX_INPUT_BYTES + 1);
        let small = read_at_most(&b"1\n0,1,0\n"[..], 8).unwrap();
        assert_eq!((small.as_slice(), small.capacity()), (&b"1\n0,1,0\n"[..], 9));
    }

    #[test]
    fn a_file_found_regular_is_read_as_any_input_and_a_fifo_put_in_its_place_is_not_waited_for() {
        let folder = tempfile::tempdir().unwrap();
        let path = folder.path().join("a.csv");
        std::fs::write(&path, "1\n0,1,0\n").unwrap();
        assert_eq!(read_found(&path, None, true).unwrap(), b"1\n0,1,0\n");
        std::fs::write(&path, "\u{feff}1\0").unwrap();
        assert_eq!(read_found(&path, None, true), Err(ReadError::Binary));
        std::fs::remove_file(&path).unwrap();
        assert!(
            matches!(read_found(&path, None, true), Err(ReadError::Failed(message)) if message.starts_with("cannot read: "))
        );
        #[cfg(unix)]
        {
            let name = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
            // SAFETY: `name` is a NUL-terminated path.
            assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
            // No writer ever comes, and none is waited for, with a time limit or without one: the
            // FIFO is refused as the walk refuses one it finds.
            let not_regular = "not a regular file (a FIFO); name it directly to read it".to_string();
            assert_eq!(read_found(&path, None, true), Err(ReadError::Failed(not_regular.clone())));
            let limit = Some(Duration::from_secs(5));
            assert_eq!(read_found(&path, limit, true), Err(ReadError::Failed(not_regular)));
        }
    }

    #[test]
    fn a_reference_is_its_bytes_or_none_when_it_cannot_be_read() {
        let folder = tempfile::tempdir().unwrap();
        let reference = folder.path().join("a.csv.expected");
        assert_eq!(read_reference(&reference, None), None);
        // A folder where the reference would be cannot be read as one either.
        std::fs::create_dir(&reference).unwrap();
        assert_eq!(read_reference(&reference, None), None);
        std::fs::remove_dir(&reference).unwrap();
        std::fs::write(&reference, "Table 0: 0 vs. 1\n").unwrap();
        assert_eq!(read_reference(&reference, None).as_deref(), Some(&b"Table 0: 0 vs. 1\n"[..]));
    }

    #[test]
    fn a_binary_file_is_refused_from_its_first_block() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("a.csv");
        let mut bytes = b"1\n0,1,0\n\0".to_vec();
        bytes.resize(1 << 20, 7);
        std::fs::write(&file, &bytes).unwrap();
        assert_eq!(read_text_limited(&file, None), Err(ReadError::Binary));
        assert_eq!(read_limited(&file, None).map(|read| read.len()), Ok(1 << 20), "bytes, unchecked");
        // A NUL byte past the first block is the parser's to find; the text before it is whole.
        let mut late = vec![b'a'; TEXT_CHECK_BYTES];
        late.extend_from_slice(b"\0tail");
        std::fs::write(&file, &late).unwrap();
        assert_eq!(read_text_limited(&file, None), Ok(late));
    }

    #[test]
    fn drops_a_leading_byte_order_mark_only() {
        assert_eq!(decode("\u{feff}secret 1234\n".as_bytes()), Ok("secret 1234\n"));
        assert_eq!(decode("a\u{feff}".as_bytes()), Ok("a\u{feff}"));
    }
}
