//! The endgame search's cache of move lists: a position's turns, generated and ordered once, are
//! kept by the key of the board and both racks, so that the next iterations of the deepening, the
//! searches again after a null window failed, and transpositions take them from here instead of
//! running the move generator again (the generator is most of a node's cost).
//!
//! One list a slot (the key's low bits); a new list replaces its slot's, and a list is not kept when
//! the turns held would pass the budget, so the cache's memory is bounded.

use std::rc::Rc;

use crate::search::position::Turn;

/// A bounded cache of turn lists by key.
pub(crate) struct TurnCache {
    slots: Vec<Option<(u64, Rc<[Turn]>)>>,
    mask: u64,
    /// Turns held in all slots.
    held: usize,
    /// The most turns held at once.
    budget: usize,
}

impl TurnCache {
    /// An empty cache of `2^bits` slots holding at most `budget` turns in all.
    pub(crate) fn new(bits: u32, budget: usize) -> TurnCache {
        TurnCache { slots: vec![None; 1 << bits], mask: (1u64 << bits) - 1, held: 0, budget }
    }

    /// The list stored under `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<Rc<[Turn]>> {
        match &self.slots[(key & self.mask) as usize] {
            Some((stored, turns)) if *stored == key => Some(Rc::clone(turns)),
            _ => None,
        }
    }

    /// Stores `turns` under `key` in place of its slot's list, unless that would pass the budget.
    pub(crate) fn put(&mut self, key: u64, turns: Rc<[Turn]>) {
        let slot = &mut self.slots[(key & self.mask) as usize];
        let freed = slot.as_ref().map_or(0, |(_, old)| old.len());
        if self.held - freed + turns.len() > self.budget {
            return;
        }
        self.held = self.held - freed + turns.len();
        *slot = Some((key, turns));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passes(count: usize) -> Rc<[Turn]> {
        vec![Turn::Pass; count].into()
    }

    #[test]
    fn a_list_is_found_by_its_key_replaced_in_its_slot_and_refused_over_the_budget() {
        let mut cache = TurnCache::new(2, 5);
        cache.put(1, passes(3));
        assert_eq!(cache.get(1).map(|turns| turns.len()), Some(3));
        // Key 5 has the slot of 1; key 2 another slot.
        assert!(cache.get(5).is_none());
        cache.put(5, passes(4));
        assert!(cache.get(1).is_none());
        assert_eq!(cache.get(5).map(|turns| turns.len()), Some(4));
        // 4 held + 2 would pass the budget of 5: refused; 1 fits.
        cache.put(2, passes(2));
        assert!(cache.get(2).is_none());
        cache.put(2, passes(1));
        assert_eq!(cache.get(2).map(|turns| turns.len()), Some(1));
        assert_eq!(cache.held, 5);
    }
}
