//! The questions of a review: each file shown (its diff, or its output when it has no reference),
//! then one key read without Enter, and the answer carried out.

use std::io::{self, Write};

use console::Key;

use crate::bless::Change;
use crate::pending::Item;
use crate::report::record::content_hash;
use crate::report::style::escape_cell;
use crate::report::table::{diff_block, paint, Tone};
use crate::verdict::unified_diff;

/// The keys, as the prompt lists them and `?` explains them, each line indented by two spaces (a
/// string continued with `\` would drop the first line's).
const HELP: &str = "  a  accept: the output becomes the reference
  r  reject: keep the reference as it is (or none, for a file without one)
  s  skip: leave this file undecided
  A  accept this file and every file after it
  q  quit: leave this file and the rest undecided (Ctrl-C too)
  ?  this help
";

/// What became of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// Its output was written as its reference.
    Accepted,
    /// Its reference was kept.
    Rejected,
    /// Skipped with `s`.
    Skipped,
    /// Never decided (`q`), or accepted but its reference could not be written.
    Left,
}

/// The answers of a review, one per file in order, and how many accepted references could not be
/// written.
#[derive(Debug, Default, PartialEq)]
pub struct Tally {
    /// One answer per file offered.
    pub answers: Vec<Answer>,
    /// Accepted files whose reference could not be written (counted as left).
    pub unwritten: usize,
}

impl Tally {
    /// The closing line: `review: accepted N, rejected N, skipped N, left N`.
    pub fn line(&self) -> String {
        let count = |answer| self.answers.iter().filter(|given| **given == answer).count();
        let mut line = format!(
            "review: accepted {}, rejected {}, skipped {}, left {}",
            count(Answer::Accepted),
            count(Answer::Rejected),
            count(Answer::Skipped),
            count(Answer::Left)
        );
        if self.unwritten > 0 {
            line.push_str(&format!(" ({} could not be written)", self.unwritten));
        }
        line
    }
}

/// A key's meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Accept,
    Reject,
    Skip,
    AcceptAll,
    Quit,
}

/// Where a review reads its answers: each key, and whether a signal came.
pub struct Keys<'a> {
    /// The next key typed.
    pub next: &'a mut dyn FnMut() -> io::Result<Key>,
    /// Whether a signal came (checked before each file and after each key).
    pub signalled: &'a dyn Fn() -> bool,
}

/// Shows each of `items` on `out` and asks about it, reading each key from `keys`, until every file
/// is answered, `q` (or Ctrl-C, or the end of the terminal's input) ends the review, or a signal
/// does.
///
/// An accepted output is written only over the reference that was shown: when the reference
/// changed since (another program edited, created or removed it), nothing is written and the file is
/// shown again as it is now, and asked again. An input removed during the review is skipped, saying
/// so: its reference would be an orphan.
///
/// # Errors
/// The terminal cannot be written to.
pub fn ask_all(items: &[Item], color: bool, out: &mut dyn Write, mut keys: Keys) -> io::Result<Tally> {
    let mut tally = Tally::default();
    let mut accept_all = false;
    'files: for (index, item) in items.iter().enumerate() {
        let mut item = item.clone();
        // Whether the file was shown as it is: a file `A` accepts unseen is shown when it changed.
        let mut shown_again = false;
        let answer = loop {
            if (keys.signalled)() {
                break 'files;
            }
            if input_gone(&item) {
                writeln!(out, "{}", gone_line(&item))?;
                break Answer::Skipped;
            }
            let choice = if accept_all && !shown_again {
                Choice::Accept
            } else {
                out.write_all(shown(&item, color).as_bytes())?;
                ask(&item, index, items.len(), out, &mut keys)?
            };
            match choice {
                Choice::Quit => break 'files,
                Choice::Reject => break Answer::Rejected,
                Choice::Skip => break Answer::Skipped,
                Choice::Accept | Choice::AcceptAll => {
                    accept_all |= choice == Choice::AcceptAll;
                    if input_gone(&item) {
                        writeln!(out, "{}", gone_line(&item))?;
                        break Answer::Skipped;
                    }
                    match reference_now(&item) {
                        Now::AsShown => break accept(&item, out, &mut tally.unwritten)?,
                        Now::HoldsOutput => {
                            writeln!(
                                out,
                                "  not written: {} changed since it was shown, and now holds this output",
                                item.reference_name()
                            )?;
                            break Answer::Accepted;
                        }
                        Now::Changed(now) => {
                            writeln!(
                                out,
                                "  not written: {} changed since it was shown; here it is as it is now",
                                item.reference_name()
                            )?;
                            item = now;
                            shown_again = true;
                        }
                    }
                }
            }
        };
        tally.answers.push(answer);
    }
    tally.answers.resize(items.len(), Answer::Left);
    Ok(tally)
}

/// Whether the input of `item` was removed since it was solved.
fn input_gone(item: &Item) -> bool {
    std::fs::symlink_metadata(&item.input).is_err_and(|error| error.kind() == io::ErrorKind::NotFound)
}

/// What the review says of a file whose input is gone.
fn gone_line(item: &Item) -> String {
    format!(
        "  skipped: {} is gone (removed during the review); no reference written",
        escape_cell(&item.file, false)
    )
}

/// The reference of an item as it is when its output is accepted.
enum Now {
    /// The one shown: the same hash, or still none.
    AsShown,
    /// Another, which holds the output already.
    HoldsOutput,
    /// Another: the item with its diff against the reference now there, or without one when the
    /// reference was removed.
    Changed(Item),
}

/// The reference of `item` now, read as the batch read it before solving, against the one shown.
fn reference_now(item: &Item) -> Now {
    let now = crate::text::read_reference(&item.reference, None);
    let hash = now.as_deref().map(content_hash);
    if hash == item.reference_hash {
        return Now::AsShown;
    }
    match now {
        Some(reference) if reference == item.output.as_bytes() => Now::HoldsOutput,
        Some(reference) => Now::Changed(Item {
            change: Change::Replace,
            diff: Some(unified_diff(&item.reference_name(), &reference, &item.file, &item.output)),
            reference_hash: hash,
            ..item.clone()
        }),
        None => {
            Now::Changed(Item { change: Change::Create, diff: None, reference_hash: None, ..item.clone() })
        }
    }
}

/// The file as the review shows it: the diff as `run --diff` prints it, or the whole output of a
/// file without a reference.
fn shown(item: &Item, color: bool) -> String {
    match (&item.diff, item.change) {
        (Some(diff), Change::Replace) => diff_block(&item.file, diff, color),
        _ => {
            let heading =
                format!("── {} has no reference yet; its output ──", escape_cell(&item.file, false));
            let mut text = format!("{}\n", paint(&heading, Tone::Warn, color));
            for line in item.output.lines() {
                text.push_str(&escape_cell(line, false));
                text.push('\n');
            }
            text
        }
    }
}

/// Asks about the `index`th of `count` files until a key answers (`?` shows the help first).
fn ask(item: &Item, index: usize, count: usize, out: &mut dyn Write, keys: &mut Keys) -> io::Result<Choice> {
    let verb = match item.change {
        Change::Create => "create",
        Change::Replace => "replace",
    };
    loop {
        write!(out, "[{}/{count}] {verb} {}? [a,r,s,A,q,?] ", index + 1, item.reference_name())?;
        out.flush()?;
        // The terminal gone (the end of its input, an error) ends the review as `q` does, and so
        // does a signal that came while the key was awaited (its key is not acted on).
        let key = (keys.next)().unwrap_or(Key::CtrlC);
        let key = if (keys.signalled)() { Key::CtrlC } else { key };
        let (choice, word) = match key {
            Key::Char('a') => (Choice::Accept, "accept"),
            Key::Char('r') => (Choice::Reject, "reject"),
            Key::Char('s') => (Choice::Skip, "skip"),
            Key::Char('A') => (Choice::AcceptAll, "accept all"),
            Key::Char('q') | Key::CtrlC => (Choice::Quit, "quit"),
            Key::Char('?') => {
                write!(out, "?\n{HELP}")?;
                continue;
            }
            _ => {
                writeln!(out, "\n  press a, r, s, A or q (? explains them)")?;
                continue;
            }
        };
        writeln!(out, "{word}")?;
        return Ok(choice);
    }
}

/// Writes the item's output as its reference, saying so (or why not) on `out`.
fn accept(item: &Item, out: &mut dyn Write, unwritten: &mut usize) -> io::Result<Answer> {
    match crate::bless::write_reference(&item.reference, &item.output) {
        Ok(()) => {
            let done = if item.change == Change::Create { "created" } else { "wrote" };
            writeln!(out, "  {done} {}", item.reference_name())?;
            Ok(Answer::Accepted)
        }
        Err(problem) => {
            writeln!(out, "  cannot accept {}: {problem}", item.file)?;
            *unwritten += 1;
            Ok(Answer::Left)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(dir: &std::path::Path, name: &str, change: Change) -> Item {
        std::fs::write(dir.join(name), "1\n0,1,0\n").unwrap();
        Item {
            file: name.to_string(),
            input: dir.join(name),
            reference: dir.join(format!("{name}.expected")),
            change,
            output: format!("{name} output\n"),
            diff: (change == Change::Replace).then(|| format!("-old\n+{name} output\n")),
            reference_hash: None,
        }
    }

    fn review(items: &[Item], typed: &str) -> (Tally, String) {
        let mut typed = typed.chars().map(Key::Char);
        let mut next = || typed.next().ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof));
        let mut out = Vec::new();
        let tally = ask_all(items, false, &mut out, Keys { next: &mut next, signalled: &|| false }).unwrap();
        (tally, String::from_utf8(out).unwrap())
    }

    #[test]
    fn help_and_unknown_keys_ask_again_and_accept_all_takes_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let items: Vec<Item> =
            ["a.csv", "b.csv", "c.csv"].iter().map(|name| item(dir.path(), name, Change::Create)).collect();
        let (tally, shown) = review(&items, "x?rA");
        assert_eq!(tally.answers, [Answer::Rejected, Answer::Accepted, Answer::Accepted]);
        assert_eq!(tally.line(), "review: accepted 2, rejected 1, skipped 0, left 0");
        let first = dir.path().join("a.csv.expected").display().to_string();
        assert!(shown.starts_with(&format!(
            "── a.csv has no reference yet; its output ──\na.csv output\n[1/3] create {first}? [a,r,s,A,q,?] \n  \
             press a, r, s, A or q (? explains them)\n[1/3] create {first}? [a,r,s,A,q,?] ?\n{HELP}"
        )));
        // Every line of the help is indented alike, the first included.
        assert!(HELP.starts_with("  a  accept: the output becomes the reference\n  r  reject"));
        assert_eq!(HELP.lines().filter(|line| line.starts_with("  ") && line.len() > 5).count(), 6);
        assert!(!dir.path().join("a.csv.expected").exists());
        assert_eq!(std::fs::read_to_string(dir.path().join("c.csv.expected")).unwrap(), "c.csv output\n");
        assert_eq!(shown.matches("has no reference yet").count(), 2, "the files accepted by A are not shown");
    }

    #[test]
    fn a_reference_made_or_removed_since_it_was_shown_is_shown_again_as_it_is_now() {
        let dir = tempfile::tempdir().unwrap();
        // Made by another program, holding the output already: nothing to write, nothing to ask.
        let made = item(dir.path(), "a.csv", Change::Create);
        std::fs::write(&made.reference, &made.output).unwrap();
        // Removed by another program: shown again as a file without a reference.
        let removed = Item {
            reference_hash: Some(content_hash(b"old\n")),
            ..item(dir.path(), "b.csv", Change::Replace)
        };
        let (tally, shown) = review(&[made, removed], "aaa");
        assert_eq!(tally.answers, [Answer::Accepted, Answer::Accepted]);
        let (first, second) = (dir.path().join("a.csv.expected"), dir.path().join("b.csv.expected"));
        let (first, second) = (first.display(), second.display());
        assert!(
            shown.contains(&format!(
            "accept\n  not written: {first} changed since it was shown, and now holds this output\n── b.csv"
        )),
            "{shown}"
        );
        assert!(
            shown.ends_with(&format!(
                "[2/2] replace {second}? [a,r,s,A,q,?] accept\n  not written: {second} changed since it was \
             shown; here it is as it is now\n── b.csv has no reference yet; its output ──\nb.csv output\n\
             [2/2] create {second}? [a,r,s,A,q,?] accept\n  created {second}\n"
            )),
            "{shown}"
        );
        assert_eq!(std::fs::read_to_string(dir.path().join("b.csv.expected")).unwrap(), "b.csv output\n");
    }

    #[test]
    fn quitting_or_losing_the_terminal_leaves_the_rest() {
        let dir = tempfile::tempdir().unwrap();
        let items: Vec<Item> =
            ["a.csv", "b.csv"].iter().map(|name| item(dir.path(), name, Change::Replace)).collect();
        let (tally, shown) = review(&items, "s");
        assert_eq!(tally.answers, [Answer::Skipped, Answer::Left]);
        assert!(
            shown.starts_with("── a.csv differs from its reference ──\n-old\n+a.csv output\n"),
            "{shown}"
        );
        assert!(shown.ends_with("? [a,r,s,A,q,?] quit\n"), "{shown}");
        let (tally, _) = review(&items, "q");
        assert_eq!(tally.line(), "review: accepted 0, rejected 0, skipped 0, left 2");
    }
}
