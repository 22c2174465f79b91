//! The files `review` asks about, collected from the batch's workers as each file is judged: a step
//! of a run that its options name, as blessing is.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::bless::Change;
use crate::paths::display_path;
use crate::references::BlessMode;
use crate::report::record::Record;
use solvebatch_core::Outcome;

/// One file to ask about: its output would become its reference.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// The input, as records name it.
    pub file: String,
    /// The input's path, by which items are ordered as the batch's records are.
    pub input: PathBuf,
    /// The reference file the output would be written to.
    pub reference: PathBuf,
    /// Whether the reference would be created or replaced.
    pub change: Change,
    /// The output that would become the reference.
    pub output: String,
    /// The unified diff from the reference to the output, for a replaced reference.
    pub diff: Option<String>,
    /// The hash of the reference the diff was made from ([`crate::report::record::content_hash`]),
    /// `None` when there was none: the review writes only over the reference it showed.
    pub reference_hash: Option<String>,
}

/// The files to ask about, filled by the batch's workers ([`Pending::hold`]).
#[derive(Default)]
pub struct Pending {
    items: Mutex<Vec<Item>>,
}

impl Pending {
    /// Keeps the judged file `record` of `input` for the review when blessing would write its
    /// `reference` ([`crate::bless::change`]), with its `outcome`'s output and its `diff`.
    pub fn hold(
        &self,
        input: &Path,
        reference: &Path,
        outcome: &Outcome,
        record: &Record,
        diff: Option<&str>,
    ) {
        let Some(change) = crate::bless::change(record, BlessMode::All) else { return };
        let item = Item {
            file: record.file.clone(),
            input: input.to_path_buf(),
            reference: reference.to_path_buf(),
            change,
            output: outcome.output.clone(),
            diff: diff.map(str::to_string),
            reference_hash: record.reference_hash.clone(),
        };
        self.items.lock().unwrap_or_else(|poison| poison.into_inner()).push(item);
    }

    /// The files held, in the batch's path order.
    pub fn into_items(self) -> Vec<Item> {
        let mut items = self.items.into_inner().unwrap_or_else(|poison| poison.into_inner());
        items.sort_by(|a, b| a.input.cmp(&b.input));
        items
    }
}

impl Item {
    /// The reference's name, as messages show it.
    pub fn reference_name(&self) -> String {
        display_path(&self.reference)
    }
}
