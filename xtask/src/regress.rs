//! Regression files: failing inputs kept as `<target>-<hash>.<ext>` with a sidecar
//! `<target>-<hash>.<ext>.invocation` that says how the case ran and how it failed, and their replay.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::case::{self, Limits, Outcome, Workdir};
use crate::target::{Feed, Target};

/// The extension added to a regression file's name for its sidecar.
pub const SIDECAR: &str = "invocation";

/// The file name that keeps `input` as a regression of `target`: `<target>-<12 hex digits>.<ext>`,
/// the digits from a hash of the bytes.
pub fn file_name(target: &Target, input: &[u8]) -> String {
    format!("{}-{:012x}.{}", target.name, fnv1a(input) >> 16, target.ext)
}

/// The 64-bit FNV-1a hash: stable across platforms and Rust versions.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Writes `input` into `dir` (created when missing) under [`file_name`] and `note` into its sidecar;
/// returns the input's path.
pub fn save(dir: &Path, target: &Target, input: &[u8], note: &str) -> io::Result<PathBuf> {
    fs::create_dir_all(dir)?;
    let path = dir.join(file_name(target, input));
    fs::write(&path, input)?;
    fs::write(sidecar(&path), note)?;
    Ok(path)
}

fn sidecar(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{SIDECAR}"));
    PathBuf::from(name)
}

/// The command line of a case of `target`, the input written as `FILE`, quoted for a POSIX shell.
pub fn command_line(target: &Target, input: &[u8]) -> String {
    let args = target.resolve(input, Path::new("FILE"), Path::new("OUTPUT"));
    let mut line = std::iter::once("solvebatch".to_string())
        .chain(args.iter().map(|arg| quote(arg)))
        .collect::<Vec<_>>()
        .join(" ");
    if target.feed == Feed::Stdin {
        line.push_str(" < FILE");
    }
    line
}

fn quote(arg: &str) -> String {
    let plain = !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_alphanumeric() || b"_./=:,+-".contains(&b));
    if plain {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

/// The regression files in `dir` (README and sidecars left out), in name order; none when `dir` is
/// missing.
pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let entries = match fs::read_dir(dir) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        entries => entries?,
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry?.path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_file() && name != "README.md" && !name.ends_with(&format!(".{SIDECAR}")) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// The target whose regression file `path` is, from its name.
pub fn target_of<'a>(path: &Path, targets: &'a [Target]) -> Option<&'a Target> {
    let name = path.file_name()?.to_str()?;
    let (stem, ext) = name.rsplit_once('.')?;
    let (target, _hash) = stem.rsplit_once('-')?;
    targets.iter().find(|t| t.name == target && t.ext == ext)
}

/// Runs the regression file `path` again as its target.
pub fn replay(
    bin: &Path,
    targets: &[Target],
    path: &Path,
    work: &Workdir,
    limits: Limits,
) -> io::Result<Outcome> {
    let target = target_of(path, targets).ok_or_else(|| {
        io::Error::other(format!("{}: the name starts with no known target", path.display()))
    })?;
    case::run(bin, target, &fs::read(path)?, work, limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Arg;

    fn target(name: &str, feed: Feed) -> Target {
        let args =
            vec![Arg::Text("scrabble".into()), Arg::Input, Arg::Text("--play".into()), Arg::PlayFromInput];
        Target { name: name.into(), ext: "scrabble", feed, args, seeds: Vec::new() }
    }

    #[test]
    fn the_hash_is_fnv1a() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(
            file_name(&target("scrabble-check", Feed::File), b"a"),
            "scrabble-check-af63dc4c8601.scrabble"
        );
    }

    #[test]
    fn the_command_line_is_quoted_for_a_shell() {
        let line = command_line(&target("t", Feed::File), b"play: it's 0 0 across");
        assert_eq!(line, r"solvebatch scrabble FILE --play 'it'\''s 0 0 across'");
        assert!(command_line(&target("t", Feed::Stdin), b"").ends_with("horizontal' < FILE"));
    }

    #[test]
    fn saved_files_are_listed_and_name_their_target() {
        let dir = tempfile::tempdir().unwrap();
        let targets = [target("scrabble-check", Feed::File), target("scrabble", Feed::File)];
        let path = save(&dir.path().join("new"), &targets[0], b"input", "how it failed").unwrap();
        fs::write(dir.path().join("new/README.md"), "about").unwrap();
        assert_eq!(list(&dir.path().join("new")).unwrap(), std::slice::from_ref(&path));
        assert_eq!(fs::read(&path).unwrap(), b"input");
        assert_eq!(fs::read_to_string(sidecar(&path)).unwrap(), "how it failed");
        assert_eq!(target_of(&path, &targets).map(|t| t.name.as_str()), Some("scrabble-check"));
        assert!(target_of(Path::new("guess-0123.scrabble"), &targets).is_none());
        assert!(list(&dir.path().join("missing")).unwrap().is_empty());
    }
}
