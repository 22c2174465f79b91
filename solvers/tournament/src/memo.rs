//! The memo of the counting and listing searches: subproblems keyed by the bitset of covered items,
//! held by one search ([`HashMap`], [`HashSet`]) or shared by the threads of one ([`Shared`]).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Subproblems known so far, each with a value (its number of rounds, or nothing for "refuted").
pub(crate) trait Memo<V> {
    /// The value kept for the subproblem `key`, if any.
    fn look_up(&self, key: &[u64]) -> Option<V>;
    /// Subproblems kept.
    fn len(&self) -> usize;
    /// Keeps `value` for `key`.
    fn keep(&mut self, key: &[u64], value: V);
}

impl<V: Clone> Memo<V> for HashMap<Box<[u64]>, V> {
    fn look_up(&self, key: &[u64]) -> Option<V> {
        self.get(key).cloned()
    }

    fn len(&self) -> usize {
        HashMap::len(self)
    }

    fn keep(&mut self, key: &[u64], value: V) {
        self.insert(key.into(), value);
    }
}

impl Memo<()> for HashSet<Box<[u64]>> {
    fn look_up(&self, key: &[u64]) -> Option<()> {
        self.contains(key).then_some(())
    }

    fn len(&self) -> usize {
        HashSet::len(self)
    }

    fn keep(&mut self, key: &[u64], (): ()) {
        self.insert(key.into());
    }
}

/// Shards of a memo shared by threads: a key's shard comes from a hash of its words, so that two
/// threads rarely wait for the same lock.
pub(crate) struct Shared<V> {
    shards: Vec<Mutex<HashMap<Box<[u64]>, V>>>,
    entries: AtomicUsize,
}

/// Shards of a [`Shared`] memo (a power of two).
const SHARDS: usize = 64;

impl<V> Shared<V> {
    /// An empty memo.
    pub(crate) fn new() -> Shared<V> {
        Shared {
            shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect(),
            entries: AtomicUsize::new(0),
        }
    }

    fn shard(&self, key: &[u64]) -> std::sync::MutexGuard<'_, HashMap<Box<[u64]>, V>> {
        let hash = key.iter().fold(0u64, |hash, &word| (hash ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let shard = &self.shards[(hash >> (64 - SHARDS.trailing_zeros())) as usize];
        // A thread that panicked while holding the lock left a whole entry or none: still usable.
        shard.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<V: Clone> Memo<V> for &Shared<V> {
    fn look_up(&self, key: &[u64]) -> Option<V> {
        self.shard(key).get(key).cloned()
    }

    fn len(&self) -> usize {
        self.entries.load(Ordering::Relaxed)
    }

    fn keep(&mut self, key: &[u64], value: V) {
        if self.shard(key).insert(key.into(), value).is_none() {
            self.entries.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_memo_keeps_each_key_once_across_threads() {
        let shared = Shared::<u32>::new();
        std::thread::scope(|scope| {
            for thread in 0..4u32 {
                let mut memo = &shared;
                scope.spawn(move || {
                    for key in 0..100u64 {
                        memo.keep(&[key, 7], thread);
                    }
                });
            }
        });
        let memo = &shared;
        assert_eq!(memo.len(), 100);
        assert!(memo.look_up(&[5, 7]).is_some_and(|thread| thread < 4));
        assert_eq!(memo.look_up(&[5, 8]), None);
    }
}
