//! The files the web app read that are costly to read (a word list's graph), sent with a request or
//! read from the data folder, kept by their kind ([`ExtraKind::kept_by_hash`]) and the XXH3-128 hash
//! of their bytes, so that a request sending a file already read, under any name, finds it instead
//! of reading it again. What is kept is called a graph here, after the word lists' graphs.
//!
//! Bounded: at most [`GRAPHS_KEPT`] graphs and [`GRAPH_BYTES_KEPT`] bytes of graphs (as the kind
//! counts them: [`ExtraKind::memory_bytes`]); past either, the graph used longest ago is dropped
//! (requests holding it keep their copy). A graph larger than the whole bound is used by its request
//! and not kept. Two requests sending the same new file at once both read it (the read holds no
//! lock); the second to finish is kept.

use std::sync::{Arc, Mutex};

use solvebatch_core::{ExtraKind, ExtraValue};

/// The most graphs kept.
pub const GRAPHS_KEPT: usize = 16;

/// The most bytes of graphs kept (256 MiB; the bundled word list's graph takes about 1.5 MB, a list
/// of 4 MB of random words about 40 MB).
pub const GRAPH_BYTES_KEPT: usize = 256 << 20;

/// The graphs kept, and how often one was built or found.
#[derive(Debug, Default)]
pub struct GraphCache {
    kept: Mutex<Kept>,
}

/// The inside of a [`GraphCache`].
#[derive(Debug, Default)]
struct Kept {
    /// Each graph with its kind, its file's hash, its size and when it was last used.
    graphs: Vec<(&'static str, u128, ExtraValue, usize, u64)>,
    /// A clock of uses.
    uses: u64,
    /// Counts of graphs built and found.
    counts: Counts,
}

/// How many graphs a [`GraphCache`] built and how many requests found theirs kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Graphs built (by `build`, whether it succeeded or not).
    pub built: u64,
    /// Graphs found kept.
    pub found: u64,
}

impl GraphCache {
    /// The file of the kind `kind` whose bytes are `bytes`, read: the graph kept for them, or
    /// `read()`, kept when it succeeds.
    ///
    /// # Errors
    /// `read`'s: nothing is kept then.
    pub fn get_or_build<E>(
        &self,
        kind: &dyn ExtraKind,
        bytes: &[u8],
        read: impl FnOnce() -> Result<ExtraValue, E>,
    ) -> Result<ExtraValue, E> {
        let key = (kind.name(), xxhash_rust::xxh3::xxh3_128(bytes));
        {
            let mut kept = self.lock();
            kept.uses += 1;
            let now = kept.uses;
            if let Some(entry) = kept.graphs.iter_mut().find(|entry| (entry.0, entry.1) == key) {
                entry.4 = now;
                let found = Arc::clone(&entry.2);
                kept.counts.found += 1;
                return Ok(found);
            }
            kept.counts.built += 1;
        }
        let built = read()?;
        let size = kind.memory_bytes(&built);
        if size <= GRAPH_BYTES_KEPT {
            let mut kept = self.lock();
            kept.graphs.retain(|entry| (entry.0, entry.1) != key);
            while kept.graphs.len() >= GRAPHS_KEPT
                || kept.graphs.iter().map(|entry| entry.3).sum::<usize>() + size > GRAPH_BYTES_KEPT
            {
                let oldest = (0..kept.graphs.len()).min_by_key(|&index| kept.graphs[index].4);
                kept.graphs.swap_remove(oldest.expect("some graph is kept while over the bound"));
            }
            kept.uses += 1;
            let now = kept.uses;
            kept.graphs.push((key.0, key.1, Arc::clone(&built), size, now));
        }
        Ok(built)
    }

    /// How many graphs were built and found so far (what the tests observe of the cache).
    #[cfg(test)]
    pub fn counts(&self) -> Counts {
        self.lock().counts
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|poison| poison.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solvebatch_core::{Deadline, ExtraError, FamilyError, Settings};

    /// A kind whose file is its bytes, counted as their length.
    struct Bytes;

    impl ExtraKind for Bytes {
        fn name(&self) -> &'static str {
            "bytes"
        }

        fn noun(&self) -> &'static str {
            "bytes"
        }

        fn read(&self, _: &str, bytes: &[u8], _: Deadline<'_>) -> Result<ExtraValue, ExtraError> {
            Ok(Arc::new(bytes.to_vec()))
        }

        fn load(&self, _: &std::path::Path, _: &Settings) -> Result<ExtraValue, FamilyError> {
            Err("not read from a path".into())
        }

        fn memory_bytes(&self, value: &ExtraValue) -> usize {
            value.downcast_ref::<Vec<u8>>().map_or(0, Vec::len)
        }
    }

    fn build(list: &[u8]) -> Result<ExtraValue, String> {
        Ok(Bytes.read("list", list, Deadline::NEVER).unwrap())
    }

    #[test]
    fn a_list_sent_again_is_found_and_the_one_used_longest_ago_goes_first() {
        let cache = GraphCache::default();
        let first = cache.get_or_build(&Bytes, b"cat\ndog\n", || build(b"cat\ndog\n")).unwrap();
        let again = cache
            .get_or_build(&Bytes, b"cat\ndog\n", || -> Result<ExtraValue, String> { panic!("built again") });
        assert!(Arc::ptr_eq(&first, &again.unwrap()));
        assert_eq!(cache.counts(), Counts { built: 1, found: 1 });
        // A failed build is counted and not kept.
        let failed = cache.get_or_build(&Bytes, b"ox\n", || Err::<ExtraValue, _>("no".to_string()));
        assert_eq!(failed.unwrap_err(), "no");
        assert_eq!(cache.counts(), Counts { built: 2, found: 1 });
        // GRAPHS_KEPT other lists: the first, used longest ago, is dropped; the newest are kept.
        for index in 0..GRAPHS_KEPT {
            let list = format!("w{}\n", "a".repeat(index + 1));
            cache.get_or_build(&Bytes, list.as_bytes(), || build(list.as_bytes())).unwrap();
        }
        assert_eq!(cache.lock().graphs.len(), GRAPHS_KEPT);
        let rebuilt = cache.get_or_build(&Bytes, b"cat\ndog\n", || build(b"cat\ndog\n")).unwrap();
        assert!(!Arc::ptr_eq(&first, &rebuilt));
        assert_eq!(cache.counts(), Counts { built: 2 + GRAPHS_KEPT as u64 + 1, found: 1 });
        assert_eq!(cache.lock().graphs.len(), GRAPHS_KEPT);
    }
}
