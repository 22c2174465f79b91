//! References beside inputs, kept in order: orphan references (a `.expected` or `.ref` file in a
//! walked folder whose input is gone, which would otherwise be ignored silently; `--orphans
//! warn|fail|delete` decides what they do), what `--bless` did, and which references may be written.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::inputs::{has_extension, kind_of};
use crate::paths::display_path;

/// What `--orphans` does with orphan references.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OrphanPolicy {
    /// List them in the summary.
    #[default]
    Warn,
    /// List them, and exit 1.
    Fail,
    /// Delete them (the rules of `--bless`: never a device, a FIFO or a link out of the folder).
    Delete,
}

/// The orphan references of a batch, in the summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrphanSummary {
    /// `warn`, `fail` or `delete`.
    pub policy: OrphanPolicy,
    /// `--dry-run`: nothing was deleted.
    pub dry_run: bool,
    /// The orphan references, in path order.
    pub files: Vec<String>,
    /// How many of them were deleted.
    pub deleted: usize,
    /// Why an orphan could not be deleted, one message each.
    pub problems: Vec<String>,
}

impl OrphanSummary {
    /// Whether the orphans make the batch fail: any with `fail`, any not deleted with `delete`.
    pub fn fails(&self) -> bool {
        match self.policy {
            OrphanPolicy::Warn => false,
            OrphanPolicy::Fail => !self.files.is_empty(),
            OrphanPolicy::Delete => !self.problems.is_empty(),
        }
    }

    /// The summary lines: the orphans, and what became of them; none without orphans.
    pub fn lines(&self) -> Vec<String> {
        if self.files.is_empty() {
            return Vec::new();
        }
        let count = self.files.len();
        let plural = if count == 1 { "" } else { "s" };
        let fate = match self.policy {
            OrphanPolicy::Delete if self.dry_run => " (--dry-run: none deleted)".to_string(),
            OrphanPolicy::Delete => format!(" ({} deleted)", self.deleted),
            OrphanPolicy::Warn | OrphanPolicy::Fail => String::new(),
        };
        let mut lines = vec![format!(
            "{count} orphan reference{plural}, whose input is gone{fate}: {}",
            self.files.join(", ")
        )];
        lines.extend(self.problems.iter().cloned());
        lines
    }
}

/// The references among `references` (as a walk found them) whose input does not exist: `X` for
/// `X.expected`, `X.in` (in any case) for the tic-tac-toe `X.ref`.
pub fn orphans(references: &[PathBuf]) -> Vec<PathBuf> {
    let mut orphans: Vec<PathBuf> =
        references.iter().filter(|reference| !input_exists(reference)).cloned().collect();
    orphans.sort();
    orphans
}

fn input_exists(reference: &Path) -> bool {
    if has_extension(reference, "expected") {
        return reference.with_extension("").exists();
    }
    let (Some(folder), Some(stem)) = (reference.parent(), reference.file_stem()) else { return false };
    let folder = if folder.as_os_str().is_empty() { Path::new(".") } else { folder };
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .map(|entry| PathBuf::from(entry.file_name()))
            .any(|name| name.file_stem() == Some(stem) && has_extension(&name, "in"))
    })
}

/// Applies `policy` to `orphans`: deletes them with `delete` (not with `dry_run`), each only when
/// [`crate::references::writable`] allows it (the link itself is removed, never its target).
pub fn settle(policy: OrphanPolicy, dry_run: bool, orphans: &[PathBuf]) -> OrphanSummary {
    let mut summary = OrphanSummary {
        policy,
        dry_run,
        files: orphans.iter().map(|orphan| display_path(orphan)).collect(),
        deleted: 0,
        problems: Vec::new(),
    };
    if policy != OrphanPolicy::Delete || dry_run {
        return summary;
    }
    for orphan in orphans {
        let removed = crate::references::writable(orphan).and_then(|()| {
            std::fs::remove_file(orphan).map_err(|error| format!("{}: {error}", display_path(orphan)))
        });
        match removed {
            Ok(()) => summary.deleted += 1,
            Err(problem) => summary.problems.push(format!("cannot delete: {problem}")),
        }
    }
    summary
}

/// Which references `--bless` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BlessMode {
    /// References that differ from the output, and those that do not exist.
    All,
    /// Only references that do not exist.
    Missing,
}

/// What `--bless` did, in the summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlessSummary {
    /// `all` or `missing`.
    pub mode: BlessMode,
    /// `--dry-run`: nothing was written; `written` and `created` are what would have been.
    pub dry_run: bool,
    /// Existing references replaced by the output, in path order.
    pub written: Vec<String>,
    /// References created, in path order.
    pub created: Vec<String>,
    /// References left as they were: `same`, `valid`, and `differs` with `missing` (timeouts and
    /// failures are never blessed, and a refused reference makes its file `failed`).
    pub left: usize,
}

impl BlessSummary {
    /// The summary lines: the counts, and with `--dry-run` each reference that would be written.
    pub fn lines(&self) -> Vec<String> {
        let plural = if self.written.len() == 1 { "" } else { "s" };
        let counts = format!(
            "{} reference{plural} {}written, {} created, {} left as they were",
            self.written.len(),
            if self.dry_run { "would be " } else { "" },
            self.created.len(),
            self.left
        );
        if !self.dry_run {
            return vec![format!("blessed: {counts}")];
        }
        let mut lines = vec![format!("--dry-run: {counts}")];
        lines.extend(self.written.iter().map(|reference| format!("would write {reference}")));
        lines.extend(self.created.iter().map(|reference| format!("would create {reference}")));
        lines
    }
}

/// Whether a reference may be replaced (or deleted): it does not exist, or it is a regular file
/// inside its input's folder (a link to one there is followed). Otherwise, why not, naming it.
///
/// # Errors
/// A link leading out of the folder or to nothing, or a device, FIFO or socket (or a link to one).
pub fn writable(reference: &Path) -> Result<(), String> {
    let shown = display_path(reference);
    let Ok(itself) = std::fs::symlink_metadata(reference) else { return Ok(()) };
    if itself.file_type().is_symlink() {
        let folder = match reference.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let target = std::fs::canonicalize(reference)
            .map_err(|_| format!("{shown} is a link to nothing; left alone"))?;
        let home = std::fs::canonicalize(folder).map_err(|error| format!("{shown}: {error}"))?;
        if !target.starts_with(&home) {
            return Err(format!(
                "{shown} is a link out of its input's folder (to {}); left alone",
                display_path(&target)
            ));
        }
    }
    let metadata = std::fs::metadata(reference).map_err(|error| format!("{shown}: {error}"))?;
    if !metadata.is_file() {
        return Err(format!("{shown} is not a regular file ({}); left alone", kind_of(&metadata)));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_orphan_is_a_reference_without_its_input() {
        let dir = tempfile::tempdir().unwrap();
        for name in
            ["a.csv", "a.csv.expected", "b.csv.expected", "G.IN", "G.ref", "h.ref", "n.txt", "n.txt.expected"]
        {
            std::fs::write(dir.path().join(name), "").unwrap();
        }
        let references: Vec<PathBuf> =
            ["a.csv.expected", "b.csv.expected", "G.ref", "h.ref", "n.txt.expected"]
                .iter()
                .map(|name| dir.path().join(name))
                .collect();
        assert_eq!(orphans(&references), [dir.path().join("b.csv.expected"), dir.path().join("h.ref")]);
    }

    #[test]
    fn only_regular_files_inside_the_folder_may_be_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let inside = dir.path().join("in");
        std::fs::create_dir(&inside).unwrap();
        std::fs::write(inside.join("other.txt"), "x").unwrap();
        std::fs::write(dir.path().join("outside.txt"), "x").unwrap();
        let link = |name: &str, target: &Path| {
            let path = inside.join(name);
            std::os::unix::fs::symlink(target, &path).unwrap();
            path
        };
        assert_eq!(writable(&inside.join("new.csv.expected")), Ok(()));
        assert_eq!(writable(&link("near.csv.expected", Path::new("other.txt"))), Ok(()));
        let out = link("out.csv.expected", &dir.path().join("outside.txt"));
        let target = std::fs::canonicalize(dir.path().join("outside.txt")).unwrap();
        assert_eq!(
            writable(&out),
            Err(format!(
                "{} is a link out of its input's folder (to {}); left alone",
                out.display(),
                target.display()
            ))
        );
        let device = link("null.csv.expected", Path::new("/dev/null"));
        assert_eq!(
            writable(&device),
            Err(format!(
                "{} is a link out of its input's folder (to /dev/null); left alone",
                device.display()
            ))
        );
        let dangling = link("gone.csv.expected", Path::new("gone"));
        assert_eq!(
            writable(&dangling),
            Err(format!("{} is a link to nothing; left alone", dangling.display()))
        );
    }

    #[test]
    fn a_fifo_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f.csv.expected");
        let name = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        assert_eq!(
            writable(&fifo),
            Err(format!("{} is not a regular file (a FIFO); left alone", fifo.display()))
        );
    }
}
