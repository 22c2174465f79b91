//! Finding and reading the inputs of a batch: folders walked recursively, reference files skipped,
//! the tool's own outputs never read, every other file either an input or counted as skipped.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use crate::family::{self, Family};
use crate::output::{is_temporary, regular_identity, stream_identity};

/// The most bytes read from one input: far above any real input (a million tic-tac-toe moves take
/// about 10 MB), and a bound on what a device or a runaway file can cost. A regular file above it is
/// refused by its size before a byte of it is read; a stream is read no further than one byte
/// past it. Each file being solved holds at most this many bytes of input, so a batch's inputs
/// take at most this times `--jobs` in memory.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// One input of a batch.
pub struct Input {
    /// The file, as found (a path given, or one below it).
    pub path: PathBuf,
    /// Its family: by extension, or `--kind`.
    pub family: Option<&'static dyn Family>,
    /// Why the path cannot be solved at all (missing, unreadable folder, link loop): its row's error.
    pub problem: Option<String>,
}

/// What a walk found.
pub struct Found {
    /// Every input, sorted by path, each once.
    pub inputs: Vec<Input>,
    /// Files in walked folders that no family reads, operating system leftovers ([`is_junk`])
    /// included (references and the tool's own files aside).
    pub skipped: usize,
    /// Reference files (`.expected`, `.ref`) in walked folders, whether or not their input exists.
    pub references: Vec<PathBuf>,
}

/// Files the batch writes and must never read: its report files and the file its standard output
/// is redirected to. (Its `--out` outputs end in `.out`, which no family reads; their folder may be
/// the input folder itself.)
#[derive(Default)]
pub struct Own {
    files: HashSet<(u64, u64)>,
}

impl Own {
    /// The report files `files` and standard output's file.
    pub fn new(files: &[PathBuf]) -> Own {
        let mut own = Own::default();
        for file in files {
            if let Some(id) = std::fs::metadata(file).ok().and_then(|metadata| regular_identity(&metadata)) {
                own.files.insert(id);
            }
        }
        if let Some(id) = stdout_file_id() {
            own.files.insert(id);
        }
        own
    }

    /// Whether the file at `path` is one of the batch's own files holding a report (or nothing yet):
    /// skipped by the walk. An own file that begins otherwise is a user's file named as an output
    /// (`run d --json d/a.csv`): it stays an input, so that the check of outputs against inputs
    /// refuses the run instead of replacing it.
    fn holds_a_report(&self, path: &Path, metadata: &std::fs::Metadata) -> bool {
        regular_identity(metadata).is_some_and(|id| self.files.contains(&id)) && begins_as_a_report(path)
    }
}

/// Whether the file at `path` is empty or begins as a report of this tool does: a JSON line with a
/// `type`, or the CSV header (Markdown, HTML and JUnit reports end in names no family reads).
fn begins_as_a_report(path: &Path) -> bool {
    let mut start = Vec::with_capacity(16);
    let read = std::fs::File::open(path).and_then(|file| file.take(16).read_to_end(&mut start));
    read.is_ok() && (start.is_empty() || start.starts_with(b"{\"type\":") || start.starts_with(b"file,"))
}

/// The regular file standard output is redirected to, as ripgrep skips it: `run tree > tree/out.csv`
/// must not read its own output.
fn stdout_file_id() -> Option<(u64, u64)> {
    stream_identity(&std::io::stdout())
}

/// Every input under `paths`, sorted by path, each file once however it is named.
///
/// A file named directly is an input even when no family claims its extension (its row then says so);
/// inside folders, only files a family claims (or the `kind` family, when given) are inputs, and the
/// others, operating system leftovers ([`is_junk`]) among them, are counted. A path that does not exist, or a part of a folder that cannot be read, is an
/// input with a [`Input::problem`], so that the rest of the batch still runs.
pub fn find(paths: &[PathBuf], kind: Option<&'static dyn Family>, own: &Own) -> Found {
    let mut found = Found { inputs: Vec::new(), skipped: 0, references: Vec::new() };
    for root in paths {
        let family = kind.or_else(|| family::for_path(root));
        match std::fs::metadata(root) {
            Err(error) => found.inputs.push(Input {
                path: root.clone(),
                family,
                problem: Some(format!("cannot read: {error}")),
            }),
            Ok(metadata) if metadata.is_dir() => walk(root, kind, own, &mut found),
            Ok(_) => found.inputs.push(Input { path: root.clone(), family, problem: None }),
        }
    }
    found.inputs.sort_by(|a, b| a.path.cmp(&b.path));
    // `x`, `./x` and a folder walked twice name the same file: solved once.
    let mut seen = HashSet::new();
    found.inputs.retain(|input| {
        seen.insert(std::fs::canonicalize(&input.path).unwrap_or_else(|_| input.path.clone()))
    });
    found
}

/// Adds the inputs under the folder `root`.
fn walk(root: &Path, kind: Option<&'static dyn Family>, own: &Own, found: &mut Found) {
    for entry in walkdir::WalkDir::new(root).follow_links(true) {
        let entry = match entry {
            Ok(entry) => entry,
            Err(error) => {
                let path = error.path().unwrap_or(root).to_path_buf();
                found.inputs.push(Input {
                    path,
                    family: None,
                    problem: Some(format!("cannot walk: {error}")),
                });
                continue;
            }
        };
        if entry.file_type().is_dir() || is_temporary(entry.file_name()) {
            continue;
        }
        let Ok(metadata) = entry.metadata() else { continue };
        if own.holds_a_report(entry.path(), &metadata) {
            continue;
        }
        if is_junk(entry.path().strip_prefix(root).unwrap_or(entry.path())) {
            found.skipped += 1;
            continue;
        }
        let family = match kind {
            Some(family) => Some(family).filter(|family| family.is_input(entry.path())),
            None => family::for_path(entry.path()),
        };
        match family {
            Some(family) => {
                let problem = (!metadata.is_file()).then(|| not_regular(&metadata));
                found.inputs.push(Input { path: entry.into_path(), family: Some(family), problem });
            }
            None if is_reference(entry.path()) => {
                if !has_extension(entry.path(), "out") {
                    found.references.push(entry.into_path());
                }
            }
            None => found.skipped += 1,
        }
    }
}

/// Whether `path` (relative to a walked folder, or a name inside an archive) is what an operating
/// system leaves beside files: macOS Finder's `__MACOSX/` folder, AppleDouble `._*` files and
/// `.DS_Store`, Windows' `Thumbs.db`. Never an input, even when its name ends like one (`._a.csv`).
pub fn is_junk(path: &Path) -> bool {
    let name = path.file_name().map(|name| name.as_encoded_bytes()).unwrap_or_default();
    name.starts_with(b"._")
        || name.eq_ignore_ascii_case(b".DS_Store")
        || name.eq_ignore_ascii_case(b"Thumbs.db")
        || path.components().any(|component| component.as_os_str() == "__MACOSX")
}

/// Whether `path` is a reference output (`.expected`, `.ref`) or an output of `--out` (`.out`), in
/// any case.
fn is_reference(path: &Path) -> bool {
    ["expected", "ref", "out"].iter().any(|known| has_extension(path, known))
}

/// Whether `path` ends in `.EXTENSION`, in any case.
pub fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|own| own.eq_ignore_ascii_case(extension))
}

/// The message for a FIFO, socket or device found in a walked folder: never opened, since opening a
/// FIFO waits for a writer.
fn not_regular(metadata: &std::fs::Metadata) -> String {
    format!("not a regular file ({}); name it directly to read it", kind_of(metadata))
}

/// What a file that is not a regular one is, in words: `a FIFO`, `a socket`, `a device`.
#[cfg(unix)]
pub fn kind_of(metadata: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let file_type = metadata.file_type();
    if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else {
        "not a file"
    }
}

/// See the Unix version.
#[cfg(not(unix))]
pub fn kind_of(_metadata: &std::fs::Metadata) -> &'static str {
    "not a file"
}

/// Why an input was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing came within the time limit (a FIFO with no writer, a slow device).
    Timeout,
    /// A signal stopped the batch before anything came.
    Interrupted,
    /// The file cannot be read, or is larger than [`MAX_INPUT_BYTES`]; in words.
    Failed(String),
}

/// The bytes of `path` (`-`: standard input), at most [`MAX_INPUT_BYTES`] of them (a larger
/// regular file is refused unread, by its size). A read of what is not a regular file (a FIFO
/// without a writer) is abandoned when `limit` passes or a signal stops the batch.
///
/// # Errors
/// [`ReadError::Failed`] for a file that cannot be read or is too large, [`ReadError::Timeout`],
/// [`ReadError::Interrupted`].
pub fn read(path: &Path, limit: Option<Duration>) -> Result<Vec<u8>, ReadError> {
    let regular = std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file());
    if regular {
        return read_bounded(path);
    }
    let (send, receive) = std::sync::mpsc::channel();
    let owned = path.to_path_buf();
    // The thread may stay blocked in `open` on a FIFO nobody writes to; the process ends anyway.
    std::thread::spawn(move || send.send(read_bounded(&owned)));
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

fn read_bounded(path: &Path) -> Result<Vec<u8>, ReadError> {
    let failed = |error: std::io::Error| ReadError::Failed(format!("cannot read: {error}"));
    let too_large = || {
        ReadError::Failed(format!("larger than {} MiB, the most an input may hold", MAX_INPUT_BYTES >> 20))
    };
    let bytes = if path == Path::new("-") {
        read_at_most(std::io::stdin().lock(), 0).map_err(failed)?
    } else {
        let file = std::fs::File::open(path).map_err(failed)?;
        let metadata = file.metadata().map_err(failed)?;
        // A regular file is refused by its size, unread; a device or FIFO tells nothing of its size.
        let size = if metadata.is_file() { metadata.len() } else { 0 };
        if size > MAX_INPUT_BYTES {
            return Err(too_large());
        }
        read_at_most(file, size).map_err(failed)?
    };
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large());
    }
    Ok(bytes)
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
        crate::report::display_path(path)
    }
}

/// The bytes of `path`, or of standard input for `-`, at most [`MAX_INPUT_BYTES`].
///
/// # Errors
/// The file cannot be read or is too large; the message names it.
pub fn read_named(path: &Path) -> anyhow::Result<Vec<u8>> {
    read(path, None).map_err(|error| match error {
        ReadError::Failed(message) => anyhow::anyhow!("{}: {message}", name(path)),
        ReadError::Timeout => anyhow::anyhow!("{}: nothing to read", name(path)),
        ReadError::Interrupted => anyhow::anyhow!("{}: interrupted before anything came", name(path)),
    })
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
}
