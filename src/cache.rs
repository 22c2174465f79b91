//! Where the word graphs built from Scrabble word lists are cached
//! ([`solvebatch_scrabble::Dictionary::load_cached`]): a folder per user, never beside the inputs, so
//! that `run` never meets cache files among its inputs and read-only input folders work the same.

use std::path::PathBuf;

/// The variable naming the cache folder; set but empty, it turns the cache off.
pub const CACHE_DIR_VARIABLE: &str = "SOLVEBATCH_CACHE_DIR";

/// The folder caching the graphs built from word lists: `$SOLVEBATCH_CACHE_DIR` when set (`None`, no
/// cache, when it is empty), else `solvebatch` in the platform's cache folder ([`dirs::cache_dir`]:
/// `$XDG_CACHE_HOME` or `$HOME/.cache` on Linux, `~/Library/Caches` on macOS, the local application
/// data folder on Windows); `None` when there is none.
pub fn dictionary_cache() -> Option<PathBuf> {
    match std::env::var_os(CACHE_DIR_VARIABLE) {
        Some(given) => (!given.is_empty()).then(|| PathBuf::from(given)),
        None => dirs::cache_dir().map(|base| base.join("solvebatch")),
    }
}

/// Reads a dictionary through the cache (this module's cache), reporting skipped entries on standard
/// error ([`solvebatch_scrabble::Dictionary::skipped_note_of`]).
///
/// # Errors
/// A path that does not exist is a usage error naming it ([`crate::inputs::require_existing`]:
/// `words.txt: no such file or folder`, exit status 2); a dictionary that cannot be read, the
/// error saying why.
pub fn load_dictionary(path: &std::path::Path) -> anyhow::Result<solvebatch_scrabble::Dictionary> {
    crate::inputs::require_existing(&[path.to_path_buf()])?;
    let dictionary = solvebatch_scrabble::Dictionary::load_cached(path, dictionary_cache().as_deref())?;
    if let Some(note) = dictionary.skipped_note_of(path) {
        eprintln!("{}", crate::report::style::terminal_text(&note));
    }
    Ok(dictionary)
}
