//! Ctrl-C, SIGTERM and SIGHUP: temporary files are removed, and a batch closes its reports.
//!
//! During a batch the first signal stops new files from starting: the files under way finish, and
//! the reports are written with what was done and marked interrupted. A second signal, or the
//! first one outside a batch, removes every temporary file being written and exits with status 130,
//! except during an interactive game, where the first signal ends the game's input
//! ([`end_input_on_signal`]).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Mutex;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
static GRACEFUL: AtomicBool = AtomicBool::new(false);
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static INPUT_END: Mutex<Option<Sender<Vec<u8>>>> = Mutex::new(None);

/// Installs the handler; call once at start.
pub fn install() {
    // Without a handler the default action still ends the process; the only loss is a temporary
    // file left behind, which is never read as an input.
    let _ = ctrlc::set_handler(|| {
        let input = INPUT_END.lock().unwrap_or_else(|poison| poison.into_inner()).take();
        if let Some(input) = input {
            // An empty chunk is the end of the game's input.
            if input.send(Vec::new()).is_ok() {
                return;
            }
        }
        if GRACEFUL.load(Ordering::SeqCst) && !INTERRUPTED.swap(true, Ordering::SeqCst) {
            eprintln!("\ninterrupted: finishing the files under way and writing the reports (Ctrl-C again to stop now)");
            return;
        }
        remove_temporary_files();
        std::process::exit(130);
    });
}

/// From now on, the first signal asks the batch to finish early instead of ending the process.
pub fn finish_batches_gracefully() {
    GRACEFUL.store(true, Ordering::SeqCst);
}

/// From now on, the first signal sends an empty chunk to `input` (which reads as the end of the
/// input) instead of ending the process.
pub fn end_input_on_signal(input: Sender<Vec<u8>>) {
    *INPUT_END.lock().unwrap_or_else(|poison| poison.into_inner()) = Some(input);
}

/// Whether a signal asked the batch to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Remembers a temporary file to remove on a signal.
pub fn track(path: &Path) {
    lock().push(path.to_path_buf());
}

/// Forgets a temporary file: renamed into place or removed.
pub fn untrack(path: &Path) {
    lock().retain(|tracked| tracked != path);
}

fn remove_temporary_files() {
    for path in lock().drain(..) {
        let _ = std::fs::remove_file(path);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY.lock().unwrap_or_else(|poison| poison.into_inner())
}
