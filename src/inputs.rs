//! Finding and reading the inputs of a batch: folders walked recursively, reference files skipped,
//! the tool's own outputs never read, every other file either an input or counted as skipped.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use crate::family::{self, Family};
use crate::output::{identity, is_temporary, stream_identity};

/// The most bytes read from one input: far above any real input (a million tic-tac-toe moves take
/// about 10 MB), and a bound on what a device or a runaway file can cost.
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
    /// Files in walked folders that no family reads (references and the tool's own files aside).
    pub skipped: usize,
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
            if let Some(id) = std::fs::metadata(file).ok().and_then(|metadata| file_id(&metadata)) {
                own.files.insert(id);
            }
        }
        if let Some(id) = stdout_file_id() {
            own.files.insert(id);
        }
        own
    }

    fn contains(&self, metadata: &std::fs::Metadata) -> bool {
        file_id(metadata).is_some_and(|id| self.files.contains(&id))
    }
}

/// The device and inode of a regular file.
fn file_id(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    metadata.is_file().then(|| identity(metadata)).flatten()
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
/// others are counted. A path that does not exist, or a part of a folder that cannot be read, is an
/// input with a [`Input::problem`], so that the rest of the batch still runs.
pub fn find(paths: &[PathBuf], kind: Option<&'static dyn Family>, own: &Own) -> Found {
    let mut found = Found { inputs: Vec::new(), skipped: 0 };
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
        if own.contains(&metadata) {
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
            None if is_reference(entry.path()) => {}
            None => found.skipped += 1,
        }
    }
}

/// Whether `path` is a reference output (`.expected`, `.ref`) or an output of `--out` (`.out`).
fn is_reference(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension == "expected" || extension == "ref" || extension == "out")
}

/// The message for a FIFO, socket or device found in a walked folder: never opened, since opening a
/// FIFO waits for a writer.
fn not_regular(metadata: &std::fs::Metadata) -> String {
    format!("not a regular file ({}); name it directly to read it", kind_of(metadata))
}

#[cfg(unix)]
fn kind_of(metadata: &std::fs::Metadata) -> &'static str {
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

#[cfg(not(unix))]
fn kind_of(_metadata: &std::fs::Metadata) -> &'static str {
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

/// The bytes of `path` (`-`: standard input), at most [`MAX_INPUT_BYTES`] of them. A read of what is
/// not a regular file (a FIFO without a writer) is abandoned when `limit` passes or a signal stops
/// the batch.
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
    let mut bytes = Vec::new();
    let result = if path == Path::new("-") {
        std::io::stdin().lock().take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
    };
    result.map_err(|error| ReadError::Failed(format!("cannot read: {error}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(ReadError::Failed(format!(
            "larger than {} MiB, the most an input may hold",
            MAX_INPUT_BYTES >> 20
        )));
    }
    Ok(bytes)
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
