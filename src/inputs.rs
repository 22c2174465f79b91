//! Finding the inputs of a batch (reading them is [`crate::text`]'s job): folders walked
//! recursively, reference files skipped, the tool's own outputs never read, every other file either
//! an input or counted as skipped.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use crate::error::UsageError;
use crate::family;
use crate::output::{identity, is_temporary, regular_identity, stream_identity};
use crate::paths::display_path;
use solvebatch_core::Family;

/// One input of a batch.
pub struct Input {
    /// The file, as found (a path given, or one below it).
    pub path: PathBuf,
    /// Its family: by extension, or `--kind`.
    pub family: Option<&'static dyn Family>,
    /// Why the path cannot be solved at all (missing, unreadable folder, link loop): its row's error.
    pub problem: Option<String>,
    /// Its device and inode, from the metadata the walk read: what tells one file named twice.
    identity: Option<(u64, u64)>,
    /// Whether the status read when it was found said a regular file ([`crate::text::read_found`]).
    pub regular: bool,
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
    /// The walked folders that hold inputs and folders only.
    pub bare: BareFolders,
    /// The folders of the files that are not inputs (references, skipped files), from every walk.
    crowded: HashSet<Vec<u8>>,
    /// Paths left out as the same file as an input kept (a link to it, the file named twice): each
    /// with the input kept (the file itself rather than a link to it), in path order. Solved once,
    /// and said so.
    pub same: Vec<(PathBuf, PathBuf)>,
}

impl Found {
    fn new() -> Found {
        Found {
            inputs: Vec::new(),
            skipped: 0,
            references: Vec::new(),
            bare: BareFolders::default(),
            crowded: HashSet::new(),
            same: Vec::new(),
        }
    }

    /// [`Found::same`] as the summary says it: each path with the input kept, as shown.
    pub fn same_files(&self) -> Vec<crate::report::summary::SameFile> {
        self.same
            .iter()
            .map(|(file, same_as)| crate::report::summary::SameFile {
                file: display_path(file),
                same_as: display_path(same_as),
            })
            .collect()
    }
}

/// The folders a walk listed whole (it met no error) and found holding inputs and folders only, no
/// other file: a reference beside an input in one of them was not there when the batch began, and
/// is not looked for again for each file (in a folder of 10,000 inputs, the look-up is a tenth of a
/// file's cost). Wherever the walk saw any other file, each reference is looked for as the file is
/// solved.
#[derive(Default)]
pub struct BareFolders(HashSet<Vec<u8>>);

impl BareFolders {
    /// Whether `reference`, the reference of the input at `input`, is known to be absent: it would
    /// lie beside the input, in a bare folder.
    pub fn lacks(&self, input: &Path, reference: &Path) -> bool {
        !self.0.is_empty()
            && folder_bytes(input)
                .is_some_and(|folder| folder_bytes(reference) == Some(folder) && self.0.contains(folder))
    }

    /// Counts the walked folder `folder` in.
    fn add(&mut self, folder: &Path) {
        self.0.insert(without_trailing_separators(folder.as_os_str().as_encoded_bytes()).to_vec());
    }
}

/// The bytes of `path` before its last separator: the folder a walk's path lies in, as the walk
/// wrote it (the walked folder, `/`, the names below it), which spares taking the path apart for each
/// file. `None` without a separator.
fn folder_bytes(path: &Path) -> Option<&[u8]> {
    let bytes = path.as_os_str().as_encoded_bytes();
    let last = bytes.iter().rposition(|&byte| is_separator(byte))?;
    // `d//a.csv` lies in `d`, as the walk of `d/` counts it.
    Some(without_trailing_separators(&bytes[..last]))
}

/// `bytes` of a path without the separators it ends with (`d/` and `d//` are `d`).
fn without_trailing_separators(bytes: &[u8]) -> &[u8] {
    &bytes[..bytes.iter().rposition(|&byte| !is_separator(byte)).map_or(0, |last| last + 1)]
}

/// Whether `byte` separates the names of a path (`/`, and `\\` on Windows).
fn is_separator(byte: u8) -> bool {
    byte.is_ascii() && std::path::is_separator(char::from(byte))
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
pub fn begins_as_a_report(path: &Path) -> bool {
    let mut start = Vec::with_capacity(16);
    let read = std::fs::File::open(path).and_then(|file| file.take(16).read_to_end(&mut start));
    read.is_ok() && (start.is_empty() || start.starts_with(b"{\"type\":") || start.starts_with(b"file,"))
}

/// The regular file standard output is redirected to, as ripgrep skips it: `run tree > tree/out.csv`
/// must not read its own output.
fn stdout_file_id() -> Option<(u64, u64)> {
    stream_identity(&std::io::stdout())
}

/// A [`UsageError`] naming each of `paths` that does not exist (a typo, most often), so that a
/// batch stops before any work, as a missing path given to ripgrep does.
pub fn require_existing(paths: &[PathBuf]) -> Result<(), UsageError> {
    let missing: Vec<String> = paths
        .iter()
        .filter(|path| {
            path.as_os_str() != "-"
                && std::fs::metadata(path).is_err_and(|error| error.kind() == std::io::ErrorKind::NotFound)
        })
        .map(|path| display_path(path))
        .collect();
    match missing.as_slice() {
        [] => Ok(()),
        [one] => Err(UsageError(format!("{one}: no such file or folder"))),
        many => Err(UsageError(format!("no such files or folders: {}", many.join(", ")))),
    }
}

/// Checks standard input (`-`) among the `paths` of `run`: it is read as one input of the `kind`
/// family, so `--kind` must name it (no file name tells its family), and it has no reference, so
/// `--bless` (`bless`) has none to write.
///
/// # Errors
/// A [`UsageError`] saying so.
pub fn check_standard_input(
    paths: &[PathBuf],
    kind: Option<&'static dyn Family>,
    bless: bool,
) -> Result<(), UsageError> {
    if !paths.iter().any(|path| path.as_os_str() == "-") {
        return Ok(());
    }
    if kind.is_none() {
        let names: Vec<_> = family::FAMILIES.iter().map(|family| family.name()).collect();
        return Err(UsageError(format!(
            "-: standard input needs --kind FAMILY, as no file name tells its family ({})",
            names.join(", ")
        )));
    }
    if bless {
        return Err(UsageError("-: standard input has no reference for --bless to write".to_string()));
    }
    Ok(())
}

/// Every input under `paths`, sorted by path, each file once however it is named.
///
/// A file named directly is an input even when no family claims its extension (its row then says so),
/// and `-` is standard input (of the `kind` family, [`check_standard_input`]);
/// inside folders, only files a family claims (or the `kind` family, when given) are inputs, and the
/// others, operating system leftovers ([`is_junk`]) among them, are counted. A path that cannot be read
/// (found missing after [`require_existing`] passed, unreadable) or a part of a folder that cannot
/// be read is an input with a [`Input::problem`], so that the rest of the batch still runs. The
/// status of the files found in folders is taken on up to `threads` threads ([`walk`]).
pub fn find(paths: &[PathBuf], kind: Option<&'static dyn Family>, own: &Own, threads: usize) -> Found {
    let mut found = Found::new();
    for root in paths {
        let family = kind.or_else(|| family::for_path(root));
        if root.as_os_str() == "-" {
            // Standard input: one input, read as a stream ([`crate::text::read_found`]).
            found.inputs.push(Input {
                path: root.clone(),
                family,
                problem: None,
                identity: None,
                regular: false,
            });
            continue;
        }
        match std::fs::metadata(root) {
            Err(error) => found.inputs.push(Input {
                path: root.clone(),
                family,
                problem: Some(format!("cannot read: {error}")),
                identity: None,
                regular: false,
            }),
            Ok(metadata) if metadata.is_dir() => walk(root, kind, own, threads, &mut found),
            Ok(metadata) => {
                found.inputs.push(Input {
                    path: root.clone(),
                    family,
                    problem: None,
                    identity: identity(&metadata),
                    regular: metadata.is_file(),
                });
            }
        }
    }
    let crowded = std::mem::take(&mut found.crowded);
    found.bare.0.retain(|folder| !crowded.contains(folder));
    // A folder walked alone comes in path order already ([`walk`]).
    if !found.inputs.is_sorted_by(|a, b| a.path <= b.path) {
        found.inputs.sort_by(|a, b| a.path.cmp(&b.path));
    }
    // `x`, `./x`, a link to `x` and a folder walked twice name the same file: solved once. The file's
    // device and inode, from the metadata the walk read anyway, tell; a path without them is made
    // canonical instead. The path kept is the one through the fewest symbolic links (the file
    // itself rather than a link to it, whatever their names' order), else the first in path order;
    // the paths left out are kept, with the input they name, for the summary.
    let files: Vec<SameFile> = found
        .inputs
        .iter()
        .map(|input| match input.identity {
            Some(identity) => SameFile::Identity(identity),
            None => SameFile::Path(std::fs::canonicalize(&input.path).unwrap_or_else(|_| input.path.clone())),
        })
        .collect();
    let mut kept: HashMap<&SameFile, usize> = HashMap::with_capacity(files.len());
    for (index, file) in files.iter().enumerate() {
        match kept.entry(file) {
            Entry::Vacant(vacant) => {
                vacant.insert(index);
            }
            Entry::Occupied(mut occupied) => {
                let path = |index: usize| found.inputs[index].path.as_path();
                if links_along(path(index)) < links_along(path(*occupied.get())) {
                    occupied.insert(index);
                }
            }
        }
    }
    if kept.len() < files.len() {
        let keeps: Vec<usize> = files.iter().map(|file| kept[file]).collect();
        found.same = (0..files.len())
            .filter(|&index| keeps[index] != index)
            .map(|index| (found.inputs[index].path.clone(), found.inputs[keeps[index]].path.clone()))
            .collect();
        let mut index = 0;
        found.inputs.retain(|_| {
            index += 1;
            keeps[index - 1] == index - 1
        });
    }
    found
}

/// What a walk could not follow, in words: a link to nothing (and what it names), a link to a
/// folder above it (not followed, since it would walk for ever), or what the system said.
fn walk_problem(error: &walkdir::Error) -> String {
    if let Some(ancestor) = error.loop_ancestor() {
        return format!("a link to the folder {} above it, not followed", display_path(ancestor));
    }
    let path = error.path();
    let target = path.filter(|path| !path.exists()).and_then(|path| std::fs::read_link(path).ok());
    if let Some(target) = target {
        return format!("a link to nothing ({} is not there)", display_path(&target));
    }
    match error.io_error() {
        Some(io) if io.kind() == std::io::ErrorKind::PermissionDenied => {
            "cannot read: permission denied".to_string()
        }
        Some(io) => format!("cannot read: {io}"),
        None => format!("cannot walk: {error}"),
    }
}

/// How many of the names along `path` (the file's and each folder's it gives) are symbolic links:
/// the path of a file through none is the file itself, one through some a link to it.
fn links_along(path: &Path) -> usize {
    path.ancestors()
        .filter(|name| !name.as_os_str().is_empty())
        .filter(|name| {
            std::fs::symlink_metadata(name).is_ok_and(|metadata| metadata.file_type().is_symlink())
        })
        .count()
}

/// What makes two inputs one file: its device and inode, or else its canonical path.
#[derive(PartialEq, Eq, Hash)]
enum SameFile {
    Identity((u64, u64)),
    Path(PathBuf),
}

/// Adds the inputs under the folder `root`, in path order. The folders are read on this thread; the
/// status of each entry (the costly part: a `stat` of each file) is taken on up to `threads`
/// threads, each over a run of the entries, their finds joined in the walk's order.
fn walk(root: &Path, kind: Option<&'static dyn Family>, own: &Own, threads: usize, found: &mut Found) {
    let first = found.inputs.len();
    let entries: Vec<walkdir::Result<walkdir::DirEntry>> =
        walkdir::WalkDir::new(root).follow_links(true).into_iter().collect();
    // Below this many entries per thread, starting a thread costs more than it spares.
    const ENTRIES_PER_THREAD: usize = 512;
    let threads = threads.min(entries.len() / ENTRIES_PER_THREAD).max(1);
    if entries.iter().all(Result::is_ok) {
        let folders = entries.iter().flatten().filter(|entry| entry.file_type().is_dir());
        for folder in folders {
            found.bare.add(folder.path());
        }
    }
    let sort_run = |entries: Vec<walkdir::Result<walkdir::DirEntry>>| {
        let mut part = Found::new();
        for entry in entries {
            classify(root, entry, kind, own, &mut part);
        }
        part
    };
    let parts = if threads == 1 {
        vec![sort_run(entries)]
    } else {
        let mut entries = entries.into_iter();
        let share = entries.len().div_ceil(threads);
        let runs: Vec<Mutex<Vec<_>>> =
            (0..threads).map(|_| Mutex::new(entries.by_ref().take(share).collect())).collect();
        let take = |index: usize| {
            sort_run(std::mem::take(&mut *runs[index].lock().unwrap_or_else(PoisonError::into_inner)))
        };
        let mut parts = Vec::with_capacity(threads);
        let threads = crate::workers::Threads::Own(threads);
        if crate::workers::in_order(runs.len(), threads, &|| false, &take, |part| parts.push(part)).is_err() {
            // No thread could be started, and no run was taken: all on this thread.
            parts = (0..runs.len()).map(take).collect();
        }
        parts
    };
    for part in parts {
        found.inputs.extend(part.inputs);
        found.skipped += part.skipped;
        found.references.extend(part.references);
        found.crowded.extend(part.crowded);
    }
    found.inputs[first..].sort_unstable_by(|a, b| {
        path_order(a.path.as_os_str().as_encoded_bytes(), b.path.as_os_str().as_encoded_bytes())
    });
}

/// Sorts one entry of the walk of the folder `root` into `found`: an input (with its status, or
/// the problem met), a reference, a skipped file, or nothing (a folder, a temporary file, a report
/// of the batch).
fn classify(
    root: &Path,
    entry: walkdir::Result<walkdir::DirEntry>,
    kind: Option<&'static dyn Family>,
    own: &Own,
    found: &mut Found,
) {
    let entry = match entry {
        Ok(entry) => entry,
        Err(error) => {
            let path = error.path().unwrap_or(root).to_path_buf();
            found.inputs.push(Input {
                path,
                family: None,
                problem: Some(walk_problem(&error)),
                identity: None,
                regular: false,
            });
            return;
        }
    };
    if entry.file_type().is_dir() {
        return;
    }
    let crowd = |found: &mut Found, path: &Path| {
        if let Some(folder) = folder_bytes(path) {
            found.crowded.insert(folder.to_vec());
        }
    };
    if is_temporary(entry.file_name()) {
        return crowd(found, entry.path());
    }
    let Ok(metadata) = entry.metadata() else { return crowd(found, entry.path()) };
    if own.holds_a_report(entry.path(), &metadata) {
        return crowd(found, entry.path());
    }
    if is_junk_below(root, entry.path()) {
        found.skipped += 1;
        return crowd(found, entry.path());
    }
    let family = match kind {
        Some(family) => Some(family).filter(|family| family.is_input(entry.path())),
        None => family::for_path(entry.path()),
    };
    match family {
        Some(family) => {
            let problem = (!metadata.is_file()).then(|| not_regular(&metadata));
            let identity = identity(&metadata);
            let regular = metadata.is_file();
            found.inputs.push(Input {
                path: entry.into_path(),
                family: Some(family),
                problem,
                identity,
                regular,
            });
        }
        None => {
            crowd(found, entry.path());
            if !is_reference(entry.path()) {
                found.skipped += 1;
            } else if !has_extension(entry.path(), "out") {
                found.references.push(entry.into_path());
            }
        }
    }
}

/// The order of two paths of one walk as [`Path::cmp`] gives it (component by component, a folder's
/// files before a sibling whose name continues the folder's: `a/z` before `a-b`), from their bytes
/// alone: the first byte that differs decides, a `/` ranking below every byte of a name and an end
/// below both. [`Path::cmp`] parses components on every comparison, a tenth of the cost of a batch
/// of 10,000 tiny files.
fn path_order(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let rank =
        |bytes: &[u8]| bytes.get(common).map(|&byte| if byte == b'/' { 0 } else { u16::from(byte) + 1 });
    rank(a).cmp(&rank(b))
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
    has_extension(path, "out") || family::reference_extensions().any(|known| has_extension(path, &known))
}

/// [`is_junk`] of `path` below the folder `root`: its name alone, unless some name on the way is
/// `__MACOSX` (a look at its bytes first, which spares taking most paths apart).
fn is_junk_below(root: &Path, path: &Path) -> bool {
    let marker = b"__MACOSX";
    if !path.as_os_str().as_encoded_bytes().windows(marker.len()).any(|window| window == marker) {
        return path.file_name().is_some_and(|name| is_junk(Path::new(name)));
    }
    is_junk(path.strip_prefix(root).unwrap_or(path))
}

/// Whether `path` ends in `.EXTENSION`, in any case.
pub fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|own| own.eq_ignore_ascii_case(extension))
}

/// The message for a FIFO, socket or device found in a walked folder (or put in the place of a
/// file the walk found, [`crate::text::read_found`]): never read, since opening a FIFO waits for a
/// writer.
pub fn not_regular(metadata: &std::fs::Metadata) -> String {
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
/// The error of a batch that found no inputs: how many other files were skipped, and which names
/// are read (every family's extensions, or `kind`'s inside folders). Shared by `run` and `compare`.
pub fn no_inputs(skipped: usize, kind: Option<&'static dyn solvebatch_core::Family>) -> anyhow::Error {
    let skipped = match skipped {
        0 => String::new(),
        1 => " (1 other file skipped)".to_string(),
        count => format!(" ({count} other files skipped)"),
    };
    match kind {
        // Inside folders `--kind` reads only its family's files; a file named directly is read
        // whatever its name.
        Some(family) => anyhow::anyhow!(
            "no {} inputs found{skipped} (in folders, {} files); name a file itself to read it as {}",
            family.title(),
            family.extension(),
            family.title()
        ),
        None => anyhow::anyhow!(
            "no inputs found{skipped} ({}); name other files with --kind FAMILY to read them as that family",
            crate::family::extensions()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The walk's byte order is the order of paths, on names of the bytes that sort around `/`
        /// (`-` and `.` below it, `0` and `a` above).
        #[test]
        fn the_byte_order_of_walked_paths_is_the_order_of_paths(
            a in proptest::collection::vec("[-.a0]{1,3}", 1..4),
            b in proptest::collection::vec("[-.a0]{1,3}", 1..4),
        ) {
            // What a walk names: no `.` or `..` component.
            let path = |names: &Vec<String>| {
                let names: Vec<&str> = names.iter().map(String::as_str).filter(|name| *name != "." && *name != "..").collect();
                let names = if names.is_empty() { vec!["x"] } else { names };
                format!("root/{}", names.join("/"))
            };
            let (a, b) = (path(&a), path(&b));
            prop_assert_eq!(path_order(a.as_bytes(), b.as_bytes()), Path::new(&a).cmp(Path::new(&b)), "{} {}", a, b);
        }
    }

    /// A link to nothing and a link to a folder above it are rows of their own, said in words.
    #[test]
    fn links_a_walk_cannot_follow_are_said_in_words() {
        let folder = tempfile::tempdir().unwrap();
        let root = folder.path().join("e");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(root.join("a.csv"), "1\n0,1,0\n").unwrap();
        std::os::unix::fs::symlink("nowhere.csv", root.join("dangling.csv")).unwrap();
        std::os::unix::fs::symlink(".", root.join("loop")).unwrap();
        let found = find(std::slice::from_ref(&root), None, &Own::default(), 1);
        let rows: Vec<(String, Option<String>)> =
            found.inputs.iter().map(|input| (display_path(&input.path), input.problem.clone())).collect();
        let shown = |name: &str| display_path(&root.join(name));
        assert_eq!(
            rows,
            [
                (shown("a.csv"), None),
                (shown("dangling.csv"), Some("a link to nothing (nowhere.csv is not there)".to_string())),
                (
                    shown("loop"),
                    Some(format!("a link to the folder {} above it, not followed", display_path(&root)))
                ),
            ]
        );
    }

    #[test]
    fn a_walk_on_several_threads_finds_what_one_thread_finds() {
        let folder = tempfile::tempdir().unwrap();
        let root = folder.path();
        std::fs::create_dir_all(root.join("sub/__MACOSX")).unwrap();
        // Enough entries for four threads to take a run each ([`walk`] starts one per 512).
        for index in 0..2100 {
            let name = match index % 7 {
                0 => format!("sub/t{index}.csv"),
                1 => format!("t{index}.csv.expected"),
                2 => format!("notes{index}.txt"),
                3 => format!("._t{index}.csv"),
                4 => format!("sub/__MACOSX/t{index}.csv"),
                5 => format!("g{index}.in"),
                _ => format!("t{index}.csv"),
            };
            std::fs::write(root.join(name), "1\n0,1,0\n").unwrap();
        }
        let found = |threads| {
            let found = find(&[root.to_path_buf()], None, &Own::default(), threads);
            let paths: Vec<PathBuf> = found.inputs.iter().map(|input| input.path.clone()).collect();
            let mut references = found.references;
            references.sort();
            (paths, found.skipped, references)
        };
        let (paths, skipped, references) = found(1);
        assert_eq!(paths.len(), 300 * 3);
        assert!(paths.is_sorted(), "{paths:?}");
        // The notes, the AppleDouble files and the files under `__MACOSX`.
        assert_eq!(skipped, 300 * 3);
        assert_eq!(references.len(), 300);
        assert_eq!(found(4), (paths, skipped, references));
    }

    #[test]
    fn a_folder_of_inputs_alone_is_bare_and_one_file_of_another_kind_makes_it_not() {
        let folder = tempfile::tempdir().unwrap();
        let root = folder.path();
        for folder in ["inputs/deeper", "referenced", "noted"] {
            std::fs::create_dir_all(root.join(folder)).unwrap();
        }
        for file in ["inputs/a.csv", "inputs/deeper/b.in", "referenced/a.csv", "referenced/a.csv.expected"] {
            std::fs::write(root.join(file), "1\n").unwrap();
        }
        std::fs::write(root.join("noted/a.csv"), "1\n").unwrap();
        std::fs::write(root.join("noted/notes.txt"), "1\n").unwrap();
        // A root given with a trailing `/` names the same folders.
        let given = PathBuf::from(format!("{}/", root.display()));
        let found = find(std::slice::from_ref(&given), None, &Own::default(), 1);
        let lacks = |input: &str, reference: &str| found.bare.lacks(&root.join(input), &root.join(reference));
        assert!(lacks("inputs/a.csv", "inputs/a.csv.expected"));
        assert!(lacks("inputs/deeper/b.in", "inputs/deeper/b.ref"));
        assert!(!lacks("referenced/a.csv", "referenced/a.csv.expected"));
        assert!(!lacks("noted/a.csv", "noted/a.csv.expected"));
        // A reference elsewhere than beside its input is always looked for.
        assert!(!lacks("inputs/a.csv", "referenced/a.csv.expected"));
        // The root holds folders only.
        assert!(lacks("x.csv", "x.csv.expected"));
        // A folder named directly is walked; a file named directly is not a walk.
        let found = find(&[root.join("inputs/a.csv")], None, &Own::default(), 1);
        assert!(!found.bare.lacks(&root.join("inputs/a.csv"), &root.join("inputs/a.csv.expected")));
    }

    #[test]
    fn a_walked_path_lies_in_the_bytes_before_its_last_separator() {
        assert_eq!(folder_bytes(Path::new("d/sub/a.csv")), Some(&b"d/sub"[..]));
        assert_eq!(folder_bytes(Path::new("d//a.csv")), Some(&b"d"[..]));
        assert_eq!(folder_bytes(Path::new("./a.csv")), Some(&b"."[..]));
        assert_eq!(folder_bytes(Path::new("/a.csv")), Some(&b""[..]));
        assert_eq!(folder_bytes(Path::new("a.csv")), None);
        let mut bare = BareFolders::default();
        bare.add(Path::new("d//"));
        bare.add(Path::new("/"));
        assert!(bare.lacks(Path::new("d/a.csv"), Path::new("d/a.csv.expected")));
        assert!(bare.lacks(Path::new("/a.csv"), Path::new("/a.csv.expected")));
        assert!(!bare.lacks(Path::new("e/a.csv"), Path::new("e/a.csv.expected")));
        assert!(!bare.lacks(Path::new("a.csv"), Path::new("a.csv.expected")));
    }

    #[test]
    fn junk_below_a_folder_is_told_by_its_names_below_the_folder() {
        let root = Path::new("x/__MACOSX/d");
        assert!(!is_junk_below(root, Path::new("x/__MACOSX/d/a.csv")));
        assert!(is_junk_below(root, Path::new("x/__MACOSX/d/__MACOSX/a.csv")));
        assert!(is_junk_below(root, Path::new("x/__MACOSX/d/._a.csv")));
        assert!(is_junk_below(Path::new("d"), Path::new("d/e/Thumbs.db")));
        assert!(!is_junk_below(Path::new("d"), Path::new("d/__MACOSX.csv")));
    }

    #[test]
    fn a_folders_files_come_before_a_sibling_whose_name_continues_the_folders() {
        let mut paths = vec!["d/a-b.csv", "d/a/z.csv", "d/a.csv", "d/a/b/c.csv", "d/0.csv"];
        paths.sort_by(|a, b| path_order(a.as_bytes(), b.as_bytes()));
        assert_eq!(paths, ["d/0.csv", "d/a/b/c.csv", "d/a/z.csv", "d/a-b.csv", "d/a.csv"]);
    }
}
