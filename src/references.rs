//! Orphan references: a `.expected` or `.ref` file in a walked folder whose input is gone, which
//! would otherwise be ignored silently. `--orphans warn|fail|delete` decides what they do.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::inputs::has_extension;
use crate::paths::display_path;

/// What `--orphans` does with orphan references.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum, Serialize, Deserialize)]
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
/// [`crate::bless::writable`] allows it (the link itself is removed, never its target).
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
        let removed = crate::bless::writable(orphan).and_then(|()| {
            std::fs::remove_file(orphan).map_err(|error| format!("{}: {error}", display_path(orphan)))
        });
        match removed {
            Ok(()) => summary.deleted += 1,
            Err(problem) => summary.problems.push(format!("cannot delete: {problem}")),
        }
    }
    summary
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
}
