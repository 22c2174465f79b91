//! The files a command reads, so that no output replaces one: `run in.csv --json in.csv` would
//! otherwise solve the input and then rename the report over it.
//!
//! A command lists what it reads (inputs, references, dictionaries, tile files, reports to merge)
//! in a [`Reads`], then checks every output path against it before any work: a usage error names
//! both roles of the file. Files are compared by device and inode with links followed, so a link or
//! a hard link to an input is caught too (the other way round, [`crate::inputs::Own`] keeps a batch
//! from reading its own reports).

use std::path::{Path, PathBuf};

use crate::error::UsageError;
use crate::inputs::Input;
use crate::output::regular_identity;
use crate::paths::display_path;
use crate::report::ReportFiles;
use solvebatch_core::Settings;

/// The regular files a command reads, each with its role.
#[derive(Default)]
pub struct Reads {
    files: Vec<Read>,
}

/// One file read: its role in messages ("an input", "the dictionary"), its path as given, and its
/// device and inode.
struct Read {
    role: &'static str,
    path: PathBuf,
    id: (u64, u64),
}

impl Reads {
    /// Adds `path`, read as `role` (a phrase with its article: "an input", "the dictionary"). A path
    /// that does not exist (yet), `-` and anything but a regular file are left out: only a regular
    /// file is replaced by an output.
    pub fn add(&mut self, role: &'static str, path: &Path) {
        if let Some(id) = regular_file_id(path) {
            self.files.push(Read { role, path: path.to_path_buf(), id });
        }
    }

    /// Adds every input of a batch as "an input", and what solving it reads: its reference, the files
    /// the families' settings name (a dictionary given) and the files the input names.
    pub fn add_batch(&mut self, inputs: &[Input], settings: &Settings) {
        let mut given: Vec<(&'static str, PathBuf)> =
            crate::family::FAMILIES.iter().flat_map(|family| family.files_given(settings)).collect();
        // Both Scrabble families name the same dictionary: each file once.
        given.sort();
        given.dedup();
        for (role, path) in given {
            self.add(role, &path);
        }
        for input in inputs.iter().filter(|input| input.problem.is_none()) {
            self.add("an input", &input.path);
            if let Some(family) = input.family {
                self.add("a reference", &family.reference_path(&input.path));
                for (role, path) in family.files_named(&input.path, settings) {
                    self.add(role, &path);
                }
            }
        }
    }

    /// Checks that writing `output` (the output of `option`, such as `--json`) replaces no file read.
    ///
    /// # Errors
    /// A [`UsageError`]: `in.csv is both an input and the file --json writes; writing would destroy it`
    /// (the file read is named in parentheses when it was given under another path).
    pub fn check(&self, output: &Path, option: &str) -> anyhow::Result<()> {
        self.check_but(output, option, |_| false)
    }

    /// [`Reads::check`] for a reference that `option` (`--bless`) rewrites: being read as itself is
    /// allowed, being any other file read (a link to an input, to another input's reference) is not.
    ///
    /// # Errors
    /// As [`Reads::check`].
    pub fn check_reference(&self, reference: &Path, option: &str) -> anyhow::Result<()> {
        self.check_but(reference, option, |read| read.role == "a reference" && read.path == reference)
    }

    fn check_but(&self, output: &Path, option: &str, allowed: impl Fn(&Read) -> bool) -> anyhow::Result<()> {
        let Some(id) = regular_file_id(output) else { return Ok(()) };
        let Some(read) = self.files.iter().find(|read| read.id == id && !allowed(read)) else {
            return Ok(());
        };
        let shown = display_path(output);
        let mut role = read.role.to_string();
        if display_path(&read.path) != shown {
            role.push_str(&format!(" ({})", display_path(&read.path)));
        }
        Err(UsageError(format!(
            "{shown} is both {role} and the file {option} writes; writing would destroy it"
        ))
        .into())
    }

    /// [`Reads::check`] for every report file of `reports`.
    ///
    /// # Errors
    /// As [`Reads::check`].
    pub fn check_reports(&self, reports: &ReportFiles) -> anyhow::Result<()> {
        reports.named().into_iter().try_for_each(|(path, option)| self.check_report(path, option))
    }

    /// [`Reads::check`] for the report that `option` writes to `path`, which must also not replace a
    /// problem file that is no report, read or not ([`check_not_an_input`]).
    ///
    /// # Errors
    /// As [`Reads::check`], and that [`UsageError`].
    pub fn check_report(&self, path: &Path, option: &str) -> anyhow::Result<()> {
        self.check(path, option)?;
        Ok(check_not_an_input(path, option)?)
    }
}

/// Refuses to write the report of `option` over `path` when it is a regular file named as a family's
/// input (`a.csv`, `game.in`) that holds something other than a report of this tool: a problem file
/// of the user's, which the report would destroy (`run d/b.csv --json d/a.csv`), whether or not this
/// run reads it. An empty file, or one that begins as a report, is replaced as any report is.
///
/// # Errors
/// A [`UsageError`] naming the file and the option.
fn check_not_an_input(path: &Path, option: &str) -> Result<(), UsageError> {
    let regular = path != Path::new("-") && std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file());
    if regular && crate::family::for_path(path).is_some() && !crate::inputs::begins_as_a_report(path) {
        return Err(UsageError(format!(
            "{} holds a problem file, not a report of this tool; {option} would replace it (name another \
             file, or remove it first)",
            crate::paths::display_path(path)
        )));
    }
    Ok(())
}

/// The device and inode of `path` when it is a regular file, links followed.
fn regular_file_id(path: &Path) -> Option<(u64, u64)> {
    if path == Path::new("-") {
        return None;
    }
    regular_identity(&std::fs::metadata(path).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_to_a_file_read_is_refused_naming_both_paths() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.csv");
        std::fs::write(&input, "1\n0,1,0\n").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&input, &link).unwrap();
        let mut reads = Reads::default();
        reads.add("an input", &input);
        let error = reads.check(&link, "--json").unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{} is both an input ({}) and the file --json writes; writing would destroy it",
                link.display(),
                input.display()
            )
        );
        assert!(reads.check(&dir.path().join("new.json"), "--json").is_ok());
        assert!(reads.check(Path::new("-"), "--json").is_ok());
        assert!(reads.check(Path::new("/dev/null"), "--json").is_ok());
    }
}
