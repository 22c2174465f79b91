//! `POST /api/batch`: several files (multipart form data, each part a file; a `.zip` part is opened
//! and its files taken) solved as `run` solves a folder: each input by the solver chosen for its
//! family (`solvers=FAMILY:SOLVER,...`; a family not named uses its default), references beside inputs (`a.csv.expected`, `a.ref`) giving verdicts. The answer
//! holds the records in name order, the summary, the HTML report of `run --html`, the JUnit report
//! of `run --junit`, and the references `run --bless` would write, zipped ([`super::references`]).
//!
//! The files are solved by `run`'s batch runner ([`workers::in_order`]) on the server's solving pool,
//! side by side on its free threads, and each record is made by `run`'s one path from a file to its
//! record ([`crate::solve::solve_file`]). The batch shares one time limit (`timeout`, default 10 s, at
//! most 60 s): a file that starts after it is reported `timeout`.

use std::io::Read;
use std::path::{Component, Path};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{Multipart, Query};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::lexicon::{self, LexiconError, Notes, Resolver};
use super::limits;
use super::prepared;
use super::references::{self, References};
use super::state::State;
use crate::family;
use crate::report::exporter::{Batch, Layout};
use crate::report::record::Record;
use crate::report::summary::Summary;
use crate::report::{html, junit};
use crate::solve::FileToSolve;
use crate::workers;
use solvebatch_core::{Deadline, Family, Status};

/// The query parameters of a batch.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BatchQuery {
    /// The time limit of the whole batch, in seconds.
    timeout: Option<String>,
    /// The solver of each family named: `FAMILY:SOLVER` pairs separated by commas.
    solvers: Option<String>,
}

/// The solver chosen for each family, by family name.
type Chosen = std::collections::HashMap<&'static str, String>;

/// The solvers of the query's `solvers`: `FAMILY:SOLVER` pairs separated by commas (none when empty).
///
/// # Errors
/// 400 for a pair that is not `FAMILY:SOLVER`, a family no one has or named twice; 422 for a solver
/// its family does not offer (the message lists those it does).
fn chosen_solvers(text: Option<&str>) -> Result<Chosen, ApiError> {
    let mut chosen = Chosen::new();
    for pair in text.unwrap_or("").split(',').filter(|pair| !pair.is_empty()) {
        let Some((family, solver)) = pair.split_once(':') else {
            return Err(ApiError::bad_request(format!("solvers: `{pair}` is not FAMILY:SOLVER")));
        };
        let family = super::solve::family_named(family)
            .map_err(|error| ApiError::bad_request(format!("solvers: {}", error.message)))?;
        super::solve::check_solver(family, solver)?;
        if chosen.insert(family.name(), solver.to_string()).is_some() {
            return Err(ApiError::bad_request(format!(
                "solvers: the {} family is named twice",
                family.name()
            )));
        }
    }
    Ok(chosen)
}

/// The answer to a batch.
#[derive(Serialize)]
pub struct BatchAnswer {
    /// One record per input, in name order, with verdicts where a reference came along.
    records: Vec<Answered>,
    /// The summary, as `run --json` closes with it.
    summary: Summary,
    /// The HTML report, as `run --html` writes it.
    html: String,
    /// The JUnit XML report, as `run --junit` writes it (test cases named as the files were sent).
    junit: String,
    /// The references blessing would write, and their `.zip` archive.
    references: References,
    /// The files neither solved nor taken as references (`summary.skipped` counts them), in name
    /// order, each with why.
    skipped: Vec<Skipped>,
}

/// A file of the batch left unsolved, and why.
#[derive(Serialize)]
pub struct Skipped {
    /// Its name as sent (`outer.zip/inner.zip` for an entry of an archive that is itself skipped).
    pub file: String,
    /// Why it was not solved.
    pub reason: String,
}

/// Why a `.zip` inside a `.zip` is skipped.
const NESTED_ZIP: &str = "an archive inside an archive is not opened: send it on its own";

/// Why a symbolic link inside a `.zip` is skipped.
const SYMBOLIC_LINK: &str = "a symbolic link, not a file: links in an archive are not followed";

/// The file-type bits of a Unix mode, and those of a symbolic link.
const FILE_TYPE: u32 = 0o170_000;
const LINK_TYPE: u32 = 0o120_000;

/// One input's record as the batch answers it: the record of `run --json`, its status as the
/// tables word it (`result`: `no round` for a tournament without one), where the files it names came
/// from ([`Notes`]), and the unified diff from its reference when the verdict is not `same`.
#[derive(Serialize)]
pub struct Answered {
    #[serde(flatten)]
    record: Record,
    result: &'static str,
    #[serde(flatten)]
    notes: Notes,
    #[serde(skip_serializing_if = "Option::is_none")]
    diff: Option<String>,
}

/// The uploaded files by name.
type Files = lexicon::Sent;

/// `POST /api/batch`.
pub async fn batch(
    axum::extract::State(state): axum::extract::State<Arc<State>>,
    query: Result<Query<BatchQuery>, axum::extract::rejection::QueryRejection>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Json<BatchAnswer>, ApiError> {
    let Query(query) = query?;
    let timeout = limits::timeout(query.timeout.as_deref())?;
    let chosen = chosen_solvers(query.solvers.as_deref())?;
    let (files, unopened) = received(multipart?).await?;
    if files.is_empty() && unopened.is_empty() {
        return Err(ApiError::bad_request("no files: send each file as a part of a multipart form"));
    }
    let shared = Arc::clone(&state);
    let answer = state
        .pool
        .run_stoppable(move |stop| {
            solve_all(&files, unopened, &chosen, &shared, Instant::now() + timeout, stop)
        })
        .await??;
    Ok(Json(answer))
}

/// The files of a multipart form, each part a file, a `.zip` part's entries taken instead of it,
/// and the archives not opened: a part that is not a zip archive, and a `.zip` inside a `.zip`.
///
/// # Errors
/// 400 for a form that cannot be read, a part without a file name, a name given twice or leading
/// outside the upload, an archive whose entries cannot be read ([`unzip`]); 413 beyond the limits.
pub async fn received(mut multipart: Multipart) -> Result<(Files, Vec<Skipped>), ApiError> {
    let mut files = Files::new();
    let mut unopened = Vec::new();
    let mut archives = Vec::new();
    while let Some(field) = multipart.next_field().await? {
        let Some(name) = field.file_name().filter(|name| !name.is_empty()).map(str::to_string) else {
            let part = field.name().map_or(String::new(), |name| format!(" `{name}`"));
            return Err(ApiError::bad_request(format!(
                "the part{part} of the form has no file name: send each file as a part with its name \
                 (Content-Disposition: form-data; name=\"file\"; filename=\"NAME\")"
            )));
        };
        let bytes = field.bytes().await?;
        if is_zip(&name) {
            if unzip(&name, &bytes, &mut files, &mut unopened)? {
                archives.push(name);
            }
        } else {
            if leads_outside(&name) {
                return Err(ApiError::bad_request(format!(
                    "{name}: the name leads outside the upload (absolute, or through `..`)"
                )));
            }
            add(&mut files, name, bytes.to_vec())?;
        }
    }
    if files.is_empty() && unopened.is_empty() && !archives.is_empty() {
        let holds = if archives.len() == 1 { "the archive holds" } else { "the archives hold" };
        return Err(ApiError::bad_request(format!("{}: {holds} no file", archives.join(", "))));
    }
    Ok((files, unopened))
}

/// Whether the file `name` is a `.zip` archive (the extension in any case).
fn is_zip(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".zip")
}

/// Whether the file name `name` is absolute or climbs through `..`: such a name would come back in
/// the references' zip, which would then unpack outside its folder.
fn leads_outside(name: &str) -> bool {
    Path::new(name).components().any(|part| !matches!(part, Component::Normal(_) | Component::CurDir))
}

/// Adds a file, refusing a name given twice and more than [`limits::BATCH_FILES`] files.
fn add(files: &mut Files, name: String, bytes: Vec<u8>) -> Result<(), ApiError> {
    if files.len() >= limits::BATCH_FILES {
        return Err(ApiError::too_large(format!("a batch holds at most {} files", limits::BATCH_FILES)));
    }
    if files.contains_key(&name) {
        return Err(ApiError::bad_request(format!("{name}: sent twice")));
    }
    files.insert(name, bytes);
    Ok(())
}

/// Adds the files of the `.zip` archive `bytes`, named by their path inside it, and answers
/// whether it was opened: one that is not a zip archive, and each `.zip` and each symbolic link
/// inside it, is put among `unopened` instead (a bad file is its own entry, never the end of the
/// batch; a link's target is never read as a file).
///
/// # Errors
/// 400 for an archive that cannot be read, holds two entries of one name or a name that leads
/// outside it; 413 beyond
/// [`limits::ZIP_ENTRIES`] entries or [`limits::ZIP_BYTES`] unpacked (counted as read, not as the
/// archive claims).
fn unzip(name: &str, bytes: &[u8], files: &mut Files, unopened: &mut Vec<Skipped>) -> Result<bool, ApiError> {
    let unreadable = |error: zip::result::ZipError| {
        ApiError::bad_request(format!("{name}: not a readable zip archive: {error}"))
    };
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else {
        unopened.push(Skipped { file: name.to_string(), reason: "not a zip archive".to_string() });
        return Ok(false);
    };
    // The zip crate keeps only the last of several entries of one name: refuse the archive instead.
    if let Some(entry) = entry_named_twice(bytes, archive.central_directory_start()) {
        return Err(ApiError::bad_request(format!(
            "{name}: {entry}: the archive holds two entries of this name"
        )));
    }
    if archive.len() > limits::ZIP_ENTRIES {
        return Err(ApiError::too_large(format!(
            "{name}: {} entries, above the limit of {}",
            archive.len(),
            limits::ZIP_ENTRIES
        )));
    }
    let mut left = limits::ZIP_BYTES;
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).map_err(unreadable)?;
        if entry.is_dir() {
            continue;
        }
        let entry_name = entry.name().to_string();
        if leads_outside(&entry_name) {
            return Err(ApiError::bad_request(format!(
                "{name}: {entry_name}: the name leads outside the archive (absolute, or through `..`)"
            )));
        }
        if entry.unix_mode().is_some_and(|mode| mode & FILE_TYPE == LINK_TYPE) {
            unopened
                .push(Skipped { file: format!("{name}/{entry_name}"), reason: SYMBOLIC_LINK.to_string() });
            continue;
        }
        if is_zip(&entry_name) {
            unopened.push(Skipped { file: format!("{name}/{entry_name}"), reason: NESTED_ZIP.to_string() });
            continue;
        }
        let mut content = Vec::new();
        (&mut entry).take(left + 1).read_to_end(&mut content).map_err(|error| {
            ApiError::bad_request(format!("{name}: {entry_name}: cannot unpack: {error}"))
        })?;
        left = left.checked_sub(content.len() as u64).ok_or_else(|| {
            ApiError::too_large(format!("{name}: unpacks to more than {} MiB", limits::ZIP_BYTES >> 20))
        })?;
        add(files, entry_name, content)?;
    }
    Ok(true)
}

/// The first name that two records of the central directory of the zip archive `bytes` (starting at
/// byte `start`) share, read from the records themselves since the zip crate keeps one entry per name.
fn entry_named_twice(bytes: &[u8], start: u64) -> Option<String> {
    // A central directory record: a signature, 42 bytes of fields, then the name, the extra field
    // and the comment, whose lengths are the little-endian 16-bit fields at bytes 28, 30 and 32.
    const SIGNATURE: &[u8] = b"PK\x01\x02";
    let mut names = std::collections::HashSet::new();
    let mut at = usize::try_from(start).ok()?;
    while bytes.get(at..at + 4) == Some(SIGNATURE) {
        let length = |field: usize| {
            bytes.get(at + field..at + field + 2).map(|two| usize::from(u16::from_le_bytes([two[0], two[1]])))
        };
        let (name, extra, comment) = (length(28)?, length(30)?, length(32)?);
        let entry = bytes.get(at + 46..at + 46 + name)?;
        if !names.insert(entry) {
            return Some(String::from_utf8_lossy(entry).into_owned());
        }
        at += 46 + name + extra + comment;
    }
    None
}

/// Solves every input among `files` through the batch runner ([`workers::in_order`], on the
/// server's solving pool) with the solver `chosen` for its family (else the family's default) before
/// `deadline` on the server's `state` (an input that names files on those among `files`:
/// [`lexicon`]), judging it against its reference when one came along ([`Solving::solve_one`]); files that
/// are neither inputs nor references are counted as skipped, and so are the archives not opened
/// (`unopened`, [`received`]) and the leftovers of macOS and Windows ([`crate::inputs::is_junk`]: a
/// zip made by Finder holds them). Once `stop` is set (the client is gone) no further file is solved.
///
/// # Errors
/// 500 when the client went away, or the references cannot be zipped.
fn solve_all(
    files: &Files,
    unopened: Vec<Skipped>,
    chosen: &Chosen,
    state: &State,
    deadline: Instant,
    stop: &AtomicBool,
) -> Result<BatchAnswer, ApiError> {
    let started = Instant::now();
    let unopened_count = unopened.len();
    let mut skipped = unopened;
    let mut references = 0;
    let mut inputs = Vec::new();
    for (name, input) in files {
        let path = Path::new(name);
        let mut skip =
            |reason: &str| skipped.push(Skipped { file: name.clone(), reason: reason.to_string() });
        if crate::inputs::is_junk(path) {
            skip("left by macOS Finder or Windows, never solved");
        } else if let Some(family) = family::for_path(path) {
            inputs.push((name, input.as_slice(), family));
        } else if is_reference(files, path) {
            references += 1;
        } else {
            skip("no family reads files of this extension");
        }
    }
    let resolver = Resolver::new(state, files, Deadline::at(Some(deadline)).or_flag(stop));
    let solving = Solving { files, chosen, state, resolver: &resolver, deadline, stop };
    let mut solved = Vec::with_capacity(inputs.len());
    workers::in_order(
        inputs.len(),
        workers::Threads::Shared,
        &|| stop.load(Ordering::Relaxed),
        &|index| solving.solve_one(inputs[index]),
        |answer| solved.push(answer),
    )
    .map_err(|error| ApiError::internal(format!("{error:#}")))?;
    if stop.load(Ordering::Relaxed) {
        // The client is gone: no one reads the reports, so the worker is freed without making them.
        return Err(ApiError::internal("the client went away before the batch ended"));
    }
    let mut records = Vec::with_capacity(solved.len());
    let mut notes = Vec::with_capacity(solved.len());
    let mut diffs = Vec::new();
    for (record, note, diff) in solved {
        diffs.extend(diff.map(|diff| (record.file.clone(), diff)));
        records.push(record);
        notes.push(note);
    }
    let mut summary = Summary::of(&records, false);
    summary.wall_ms = started.elapsed().as_secs_f64() * 1000.0;
    summary.skipped = files.len() - records.len() - references + unopened_count;
    skipped.sort_by(|one, other| one.file.cmp(&other.file));
    let batch =
        Batch { layout: Layout::Run, records: &records, summary: &summary, diffs: &diffs, roots: &[] };
    if let Some(history) = &state.history {
        let mut history = history.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        history.record("serve", &batch).map_err(|error| ApiError::internal(format!("{error:#}")))?;
    }
    let html = html::page(&batch)
        // Charts fail only when the drawing library does: the records still answer.
        .unwrap_or_else(|error| format!("<!DOCTYPE html>\n<p>The report could not be drawn: {error}</p>\n"));
    let junit = junit::xml(&records, false, &diffs, &[]);
    let references = references::blessed(&records)?;
    let mut diffs: std::collections::HashMap<_, _> = diffs.into_iter().collect();
    let records = records
        .into_iter()
        .zip(notes)
        .map(|(record, notes)| Answered {
            diff: diffs.remove(&record.file),
            result: crate::family::status_label(record.family.as_deref(), record.status),
            record,
            notes,
        })
        .collect();
    Ok(BatchAnswer { records, summary, html, junit, references, skipped })
}

/// A file's answer in a batch: its record, where the files it names came from, its diff.
type Solved = (Record, Notes, Option<String>);

/// What every file of one web batch is solved with.
struct Solving<'a> {
    files: &'a Files,
    chosen: &'a Chosen,
    state: &'a State,
    resolver: &'a Resolver<'a>,
    deadline: Instant,
    stop: &'a AtomicBool,
}

impl Solving<'_> {
    /// The record of the input `name` (bytes `input`) of `family`, as `run` records it
    /// ([`prepared::solve`]), where the files it names came from, and its diff from its reference.
    fn solve_one(&self, (name, input, family): (&String, &[u8], &'static dyn Family)) -> Solved {
        let path = Path::new(name);
        let solver = self.chosen.get(family.name()).map_or(family.default_solver(), String::as_str);
        let reference_name = crate::paths::display_path(&family.reference_path(path));
        let reference = self.files.get(&reference_name).map(Vec::as_slice);
        let file = FileToSolve::new(name.clone(), path, input)
            .with_reference(reference.map(|bytes| (reference_name, bytes)));
        // Past the time limit nothing more is prepared (a word list sent is read only then).
        if Instant::now() >= self.deadline {
            let passed = (Status::Timeout, "the batch's time limit passed first".to_string());
            return (file.unsolved(family.name(), passed), Notes::default(), None);
        }
        match self.resolver.prepared(family, solver, (&Vec::new(), &self.state.settings), name, input) {
            Err(LexiconError::Invalid(message)) => {
                (file.unsolved(family.name(), (Status::Failed, message)), Notes::default(), None)
            }
            // The time limit passed while a file it names was read.
            Err(LexiconError::PastLimit(_)) => {
                let passed = (Status::Timeout, "the batch's time limit passed first".to_string());
                (file.unsolved(family.name(), passed), Notes::default(), None)
            }
            Ok((prepared, notes)) => {
                let solved = prepared::solve(family, prepared.as_ref(), &file, self.deadline, self.stop);
                (solved.record, notes, solved.diff)
            }
        }
    }
}

/// Whether `path` is the reference of an input among `files`.
fn is_reference(files: &Files, path: &Path) -> bool {
    files.keys().any(|name| {
        let input = Path::new(name);
        !crate::inputs::is_junk(input)
            && family::for_path(input).is_some_and(|family| family.reference_path(input) == path)
    })
}
