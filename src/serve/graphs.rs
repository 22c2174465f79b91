//! The word graphs the web app built from word lists (sent with a request or read from the data
//! folder), kept by the XXH3-128 hash of the list's bytes, so that a request sending a list already
//! built, under any name, reads its graph instead of building it again.
//!
//! Bounded: at most [`GRAPHS_KEPT`] graphs and [`GRAPH_BYTES_KEPT`] bytes of graphs (a graph's
//! [`WordGraph::memory_bytes`](solvebatch_scrabble::lexicon::graph::WordGraph::memory_bytes));
//! past either, the graph used longest ago is dropped (requests holding it keep their copy). A
//! graph larger than the whole bound is used by its request and not kept. Two requests sending the
//! same new list at once both build it (the build holds no lock); the second to finish is kept.

use std::sync::{Arc, Mutex};

use solvebatch_scrabble::Dictionary;

/// The most graphs kept.
pub const GRAPHS_KEPT: usize = 16;

/// The most bytes of graphs kept (256 MiB; the bundled list's graph takes about 1.5 MB, a list of
/// 4 MB of random words about 40 MB).
pub const GRAPH_BYTES_KEPT: usize = 256 << 20;

/// The graphs kept, and how often one was built or found.
#[derive(Debug, Default)]
pub struct GraphCache {
    kept: Mutex<Kept>,
}

/// The inside of a [`GraphCache`].
#[derive(Debug, Default)]
struct Kept {
    /// Each graph with its list's hash, its size and when it was last used.
    graphs: Vec<(u128, Arc<Dictionary>, usize, u64)>,
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
    /// The dictionary of the word list `list`: the graph kept for its bytes, or `build()`, kept when it
    /// succeeds.
    ///
    /// # Errors
    /// `build`'s: nothing is kept then.
    pub fn get_or_build<E>(
        &self,
        list: &[u8],
        build: impl FnOnce() -> Result<Dictionary, E>,
    ) -> Result<Arc<Dictionary>, E> {
        let hash = xxhash_rust::xxh3::xxh3_128(list);
        {
            let mut kept = self.lock();
            kept.uses += 1;
            let now = kept.uses;
            if let Some(entry) = kept.graphs.iter_mut().find(|entry| entry.0 == hash) {
                entry.3 = now;
                let found = Arc::clone(&entry.1);
                kept.counts.found += 1;
                return Ok(found);
            }
            kept.counts.built += 1;
        }
        let built = Arc::new(build()?);
        let bytes = built.graph().memory_bytes();
        if bytes <= GRAPH_BYTES_KEPT {
            let mut kept = self.lock();
            kept.graphs.retain(|entry| entry.0 != hash);
            while kept.graphs.len() >= GRAPHS_KEPT
                || kept.graphs.iter().map(|entry| entry.2).sum::<usize>() + bytes > GRAPH_BYTES_KEPT
            {
                let oldest = (0..kept.graphs.len()).min_by_key(|&index| kept.graphs[index].3);
                kept.graphs.swap_remove(oldest.expect("some graph is kept while over the bound"));
            }
            kept.uses += 1;
            let now = kept.uses;
            kept.graphs.push((hash, Arc::clone(&built), bytes, now));
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

    fn build(list: &[u8]) -> Result<Dictionary, String> {
        Ok(Dictionary::from_text(list.to_vec()))
    }

    #[test]
    fn a_list_sent_again_is_found_and_the_one_used_longest_ago_goes_first() {
        let cache = GraphCache::default();
        let first = cache.get_or_build(b"cat\ndog\n", || build(b"cat\ndog\n")).unwrap();
        let again =
            cache.get_or_build(b"cat\ndog\n", || -> Result<Dictionary, String> { panic!("built again") });
        assert!(Arc::ptr_eq(&first, &again.unwrap()));
        assert_eq!(cache.counts(), Counts { built: 1, found: 1 });
        // A failed build is counted and not kept.
        let failed = cache.get_or_build(b"ox\n", || Err::<Dictionary, _>("no".to_string()));
        assert_eq!(failed.unwrap_err(), "no");
        assert_eq!(cache.counts(), Counts { built: 2, found: 1 });
        // GRAPHS_KEPT other lists: the first, used longest ago, is dropped; the newest are kept.
        for index in 0..GRAPHS_KEPT {
            let list = format!("w{}\n", "a".repeat(index + 1));
            cache.get_or_build(list.as_bytes(), || build(list.as_bytes())).unwrap();
        }
        assert_eq!(cache.lock().graphs.len(), GRAPHS_KEPT);
        let rebuilt = cache.get_or_build(b"cat\ndog\n", || build(b"cat\ndog\n")).unwrap();
        assert!(!Arc::ptr_eq(&first, &rebuilt));
        assert_eq!(cache.counts(), Counts { built: 2 + GRAPHS_KEPT as u64 + 1, found: 1 });
        assert_eq!(cache.lock().graphs.len(), GRAPHS_KEPT);
    }
}
