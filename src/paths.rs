//! Paths as reports and messages show them, and the small path tests every layer shares.

use std::path::{Path, PathBuf};

/// Whether two report paths name the same file (standard output is never "the same" as a file),
/// whether or not the file exists yet: `new.jsonl` and `./new.jsonl` are the same.
pub fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (resolved(a), resolved(b)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// The absolute path `path` names, links followed: itself when it exists, else its folder's with its
/// file name.
fn resolved(path: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok().or_else(|| {
        let folder = match path.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        Some(std::fs::canonicalize(folder).ok()?.join(path.file_name()?))
    })
}

/// A path for reports: non-UTF-8 bytes as `\xE8`, so that every report can hold it.
pub fn display_path(path: &Path) -> String {
    let bytes = path.as_os_str().as_encoded_bytes();
    let mut shown = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        shown.push_str(chunk.valid());
        for byte in chunk.invalid() {
            shown.push_str(&format!("\\x{byte:02X}"));
        }
    }
    shown
}

/// The folder that every path of `files` (as reports write them, `/` between folders) lies in: their
/// longest common run of whole folders, ending in `/` (`datasets/tournament/`); `None` for no paths,
/// or when they share no folder but `.`, so that a table can show each path after it.
pub fn common_folder<'a>(files: impl IntoIterator<Item = &'a str>) -> Option<String> {
    let mut common: Option<Vec<&str>> = None;
    for file in files {
        let folders: Vec<&str> =
            file.rsplit_once('/').map_or_else(Vec::new, |(folder, _)| folder.split('/').collect());
        common = Some(match common {
            None => folders,
            Some(mut common) => {
                let shared = common.iter().zip(&folders).take_while(|(a, b)| a == b).count();
                common.truncate(shared);
                common
            }
        });
    }
    let common = common?;
    common.iter().any(|part| !part.is_empty() && *part != ".").then(|| format!("{}/", common.join("/")))
}

/// The path a report's `file` names: the `\xE8` escapes of bytes that are not UTF-8 (see
/// [`crate::paths::display_path`]) turned back into bytes, so that rows sort as `run` sorts them.
#[cfg(unix)]
pub fn path_of(file: &str) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    let bytes = file.as_bytes();
    let mut path = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = bytes[at..]
            .starts_with(b"\\x")
            .then(|| file.get(at + 2..at + 4))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .filter(|byte| *byte >= 0x80);
        match escaped {
            Some(byte) => {
                path.push(byte);
                at += 4;
            }
            None => {
                path.push(bytes[at]);
                at += 1;
            }
        }
    }
    PathBuf::from(std::ffi::OsString::from_vec(path))
}

#[cfg(not(unix))]
pub fn path_of(file: &str) -> PathBuf {
    PathBuf::from(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn escaped_bytes_come_back_and_other_text_stays() {
        use std::os::unix::ffi::OsStrExt;
        assert_eq!(path_of("d/zo\\xE8.csv").as_os_str().as_bytes(), b"d/zo\xe8.csv");
        assert_eq!(path_of("a\\x41\\x.csv").as_os_str().as_bytes(), b"a\\x41\\x.csv");
        assert_eq!(path_of("é\\xE").as_os_str().as_bytes(), "é\\xE".as_bytes());
    }

    #[test]
    fn the_common_folder_is_made_of_whole_folders() {
        let folder = |files: &[&str]| common_folder(files.iter().copied());
        assert_eq!(
            folder(&["datasets/tournament/hard/a.pairings", "datasets/tournament/b.csv"]).as_deref(),
            Some("datasets/tournament/")
        );
        assert_eq!(folder(&["/tmp/run/a.csv", "/tmp/run/ab/c.csv"]).as_deref(), Some("/tmp/run/"));
        // A folder whose name begins another's is not shared.
        assert_eq!(folder(&["d/tour/a.csv", "d/tournament/b.csv"]).as_deref(), Some("d/"));
        assert_eq!(folder(&["./one.csv", "./three.csv"]), None);
        assert_eq!(folder(&["a.csv", "d/b.csv"]), None);
        assert_eq!(folder(&[]), None);
    }

    #[test]
    fn a_new_file_spelled_two_ways_is_the_same_file() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("new.jsonl");
        let roundabout = dir.path().join(".").join("new.jsonl");
        assert!(same_file(&plain, &roundabout));
        assert!(!same_file(&plain, &dir.path().join("other.jsonl")));
        assert!(!same_file(Path::new("-"), &plain));
    }

    #[cfg(unix)]
    #[test]
    fn bytes_that_are_not_utf8_are_escaped() {
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(std::ffi::OsStr::from_bytes(b"d/zo\xe8.csv"));
        assert_eq!(display_path(path), "d/zo\\xE8.csv");
    }
}
