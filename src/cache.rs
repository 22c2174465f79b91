//! Where the word graphs built from Scrabble word lists are cached
//! ([`solvebatch_scrabble::Dictionary::load_cached`]): a folder per user, never beside the inputs, so
//! that `run` never meets cache files among its inputs and read-only input folders work the same.

use std::ffi::OsString;
use std::path::PathBuf;

/// The variable naming the cache folder; set but empty, it turns the cache off.
pub const CACHE_DIR_VARIABLE: &str = "SOLVEBATCH_CACHE_DIR";

/// The folder caching the graphs built from word lists: `$SOLVEBATCH_CACHE_DIR` when set (`None`, no
/// cache, when it is empty), else `$XDG_CACHE_HOME/solvebatch`, else `$HOME/.cache/solvebatch`;
/// `None` when none of them is set (a relative `XDG_CACHE_HOME` or `HOME` is ignored, as the XDG
/// specification says).
pub fn dictionary_cache() -> Option<PathBuf> {
    cache_folder(|name| std::env::var_os(name))
}

/// [`dictionary_cache`] with the environment read by `variable`.
fn cache_folder(variable: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    if let Some(given) = variable(CACHE_DIR_VARIABLE) {
        return (!given.is_empty()).then(|| PathBuf::from(given));
    }
    let absolute = |name: &str| variable(name).map(PathBuf::from).filter(|path| path.is_absolute());
    absolute("XDG_CACHE_HOME")
        .map(|base| base.join("solvebatch"))
        .or_else(|| absolute("HOME").map(|home| home.join(".cache").join("solvebatch")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(variables: &[(&str, &str)]) -> Option<PathBuf> {
        cache_folder(|name| variables.iter().find(|(key, _)| *key == name).map(|(_, value)| value.into()))
    }

    #[test]
    fn the_variable_beats_xdg_which_beats_home() {
        let all = [(CACHE_DIR_VARIABLE, "/c"), ("XDG_CACHE_HOME", "/x"), ("HOME", "/h")];
        assert_eq!(folder(&all), Some(PathBuf::from("/c")));
        assert_eq!(folder(&all[1..]), Some(PathBuf::from("/x/solvebatch")));
        assert_eq!(folder(&all[2..]), Some(PathBuf::from("/h/.cache/solvebatch")));
        assert_eq!(folder(&[]), None);
    }

    #[test]
    fn an_empty_variable_turns_the_cache_off_and_relative_bases_are_ignored() {
        assert_eq!(folder(&[(CACHE_DIR_VARIABLE, ""), ("HOME", "/h")]), None);
        assert_eq!(
            folder(&[("XDG_CACHE_HOME", "rel"), ("HOME", "/h")]),
            Some(PathBuf::from("/h/.cache/solvebatch"))
        );
        assert_eq!(folder(&[("HOME", "rel")]), None);
    }
}
