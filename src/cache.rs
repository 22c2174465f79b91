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
