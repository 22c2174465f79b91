//! The endgame search's transposition table: Zobrist keys of a position (Zobrist 1970, "A new
//! hashing method with application for game playing", University of Wisconsin TR 88) and a bounded
//! table of searched positions indexed by them.
//!
//! A key is the XOR of one random 64-bit number per occupied square and tile (letter tiles and blanks
//! apart), per rack kind and count of each player, per count of scoreless turns, and one for the
//! second player to move. A play changes the key by the squares it fills, so the board's part is kept
//! up to date incrementally; the racks' part is recomputed (27 kinds each).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::{Board, Square, SQUARE_COUNT};
use crate::equity::leave::TILE_KINDS;
use crate::seed::sub_seed;
use crate::tiles::letter::{Tile, LETTER_COUNT};
use crate::tiles::rack::{Rack, RACK_SIZE};

/// The seed of the keys: any fixed number, so that runs hash alike.
const KEY_SEED: u64 = 0x5EED_E4D6_0F00_0001;

/// Scoreless turns counted in a key: the game ends at six, so 0 to 5 occur.
const SCORELESS_KEYS: usize = 6;

/// The random numbers a key is made of.
pub(crate) struct Zobrist {
    /// By square index, then tile code (letter index, plus [`LETTER_COUNT`] for a blank).
    squares: Vec<[u64; 2 * LETTER_COUNT]>,
    /// By player, kind ([`TILE_KINDS`]) and count (0 to 7).
    racks: [[[u64; RACK_SIZE + 1]; TILE_KINDS]; 2],
    scoreless: [u64; SCORELESS_KEYS],
    second_to_move: u64,
}

impl Zobrist {
    /// The keys, the same on every run.
    pub(crate) fn new() -> Zobrist {
        let mut next = 0u64;
        let mut key = || {
            next += 1;
            sub_seed(KEY_SEED, next)
        };
        let squares = (0..SQUARE_COUNT).map(|_| std::array::from_fn(|_| key())).collect();
        let racks = std::array::from_fn(|_| std::array::from_fn(|_| std::array::from_fn(|_| key())));
        let scoreless = std::array::from_fn(|_| key());
        Zobrist { squares, racks, scoreless, second_to_move: key() }
    }

    /// The key of `tile` on `square`.
    #[inline]
    pub(crate) fn square(&self, square: Square, tile: Tile) -> u64 {
        self.squares[square.index()][tile.letter.index() + usize::from(tile.blank) * LETTER_COUNT]
    }

    /// The key of every tile on `board`.
    pub(crate) fn board(&self, board: &Board) -> u64 {
        Square::all()
            .filter_map(|square| board.tile(square).map(|tile| self.square(square, tile)))
            .fold(0, |a, b| a ^ b)
    }

    /// The key of the racks, the scoreless turns and the player to move, beside the board's.
    pub(crate) fn state(&self, racks: &[Rack; 2], scoreless: usize, side: usize) -> u64 {
        self.turns(racks, side) ^ self.scoreless(scoreless)
    }

    /// The key of `scoreless` turns in a row: [`Zobrist::state`] is [`Zobrist::turns`] XOR this.
    #[inline]
    pub(crate) fn scoreless(&self, scoreless: usize) -> u64 {
        self.scoreless[scoreless.min(SCORELESS_KEYS - 1)]
    }

    /// The key of the racks and the player to move, beside the board's: what the turns of a position
    /// and their order depend on.
    pub(crate) fn turns(&self, racks: &[Rack; 2], side: usize) -> u64 {
        let mut key = if side == 1 { self.second_to_move } else { 0 };
        for (player, rack) in racks.iter().enumerate() {
            let keys = &self.racks[player];
            for (kind, &count) in rack.counts().iter().enumerate() {
                key ^= keys[kind][count as usize];
            }
            key ^= keys[TILE_KINDS - 1][rack.blanks()];
        }
        key
    }
}

/// What a stored value says of the true one (at the stored depth).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// It is the value.
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

/// One searched position.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    /// The full key (0: an empty slot).
    pub(crate) key: u64,
    /// The best move found, as [`crate::search::endgame`] codes it (0: none).
    pub(crate) best: u64,
    pub(crate) value: i32,
    pub(crate) bound: Bound,
    /// Plies searched below the position.
    pub(crate) depth: u8,
    /// Whether every line searched below it reached the end of the game: the bound then holds at any
    /// depth.
    pub(crate) to_end: bool,
    /// The iteration of the deepening that stored it.
    pub(crate) iteration: u8,
}

/// A table of `2^bits` entries, one slot per index (the key's low bits), shared by the threads of
/// a search without a lock: a slot is three 64-bit words (the entry packed in two, and the key XOR
/// both), written and read one word at a time, so that a slot torn by two threads writing at once
/// fails its key check and reads as empty (Hyatt and Mann 2002, "A lockless transposition-table
/// implementation for parallel search", ICGA Journal 25).
///
/// Replacement: a new entry takes its slot unless the slot holds another position stored in the same
/// iteration, searched deeper and not to the end while the new one is not to the end either; so the
/// deeper, costlier results of the current iteration stay and stale ones give way.
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: u64,
}

/// One slot: the key XOR the other two words, the packed fields ([`pack`]) and the best move.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
    best: AtomicU64,
}

/// An entry's value (32 bits), bound (2), depth (8), whether to the end (1) and iteration (8) in
/// one word.
fn pack(entry: &Entry) -> u64 {
    let bound = match entry.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    u64::from(entry.value as u32)
        | bound << 32
        | u64::from(entry.depth) << 34
        | u64::from(entry.to_end) << 42
        | u64::from(entry.iteration) << 43
}

/// The entry of `key` whose fields `data` packs ([`pack`]) and whose best move is `best`.
fn unpack(key: u64, data: u64, best: u64) -> Entry {
    let bound = match (data >> 32) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        key,
        best,
        value: data as u32 as i32,
        bound,
        depth: (data >> 34) as u8,
        to_end: (data >> 42) & 1 == 1,
        iteration: (data >> 43) as u8,
    }
}

impl Table {
    /// An empty table of `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Table {
        Table { slots: (0..1usize << bits).map(|_| Slot::default()).collect(), mask: (1u64 << bits) - 1 }
    }

    /// The entry in `key`'s slot, whatever its key (an empty or torn slot: key 0 or another).
    #[inline]
    fn slot(&self, key: u64) -> Entry {
        let slot = &self.slots[(key & self.mask) as usize];
        let (data, best) = (slot.data.load(Ordering::Relaxed), slot.best.load(Ordering::Relaxed));
        unpack(slot.check.load(Ordering::Relaxed) ^ data ^ best, data, best)
    }

    /// The entry of the position keyed `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let entry = self.slot(key);
        (entry.key == key && key != 0).then_some(entry)
    }

    /// Stores `entry` by the replacement rule.
    #[inline]
    pub(crate) fn store(&self, entry: Entry) {
        let held = self.slot(entry.key);
        let keep = held.key != entry.key
            && held.iteration == entry.iteration
            && held.depth > entry.depth
            && !held.to_end
            && !entry.to_end;
        if !keep {
            let slot = &self.slots[(entry.key & self.mask) as usize];
            let data = pack(&entry);
            slot.data.store(data, Ordering::Relaxed);
            slot.best.store(entry.best, Ordering::Relaxed);
            slot.check.store(entry.key ^ data ^ entry.best, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::Letter;

    #[test]
    fn keys_tell_tiles_racks_scoreless_turns_and_the_side_apart() {
        let zobrist = Zobrist::new();
        let square = Square::new(0, 0).unwrap();
        let a = Letter::from_char('A').unwrap();
        assert_ne!(zobrist.square(square, Tile::letter(a)), zobrist.square(square, Tile::blank(a)));
        let racks: [Rack; 2] = ["AB".parse().unwrap(), "C".parse().unwrap()];
        let swapped = [racks[1].clone(), racks[0].clone()];
        let state = zobrist.state(&racks, 0, 0);
        assert_ne!(state, zobrist.state(&swapped, 0, 0));
        assert_ne!(state, zobrist.state(&racks, 1, 0));
        assert_ne!(state, zobrist.state(&racks, 0, 1));
        assert_eq!(state, zobrist.state(&racks.clone(), 0, 0));
        // The move lists' key leaves the scoreless turns out, and only them.
        assert_eq!(zobrist.state(&racks, 3, 1), zobrist.turns(&racks, 1) ^ zobrist.scoreless(3));
        assert_ne!(zobrist.turns(&racks, 0), zobrist.turns(&racks, 1));
        assert_ne!(zobrist.turns(&racks, 0), zobrist.turns(&swapped, 0));
        let mut board = Board::new();
        board.place(square, Tile::letter(a));
        assert_eq!(zobrist.board(&board), zobrist.square(square, Tile::letter(a)));
    }

    #[test]
    fn an_entry_reads_back_as_stored_and_a_torn_slot_reads_as_empty() {
        let table = Table::new(4);
        let entry = Entry {
            key: 0x1234_5678_9ABC_DEF3,
            best: 1 << 63 | 0xABCDE,
            value: -1234,
            bound: Bound::Upper,
            depth: 100,
            to_end: true,
            iteration: 6,
        };
        table.store(entry);
        let read = table.probe(entry.key).unwrap();
        assert_eq!(
            (read.key, read.best, read.value, read.bound, read.depth, read.to_end, read.iteration),
            (entry.key, entry.best, -1234, Bound::Upper, 100, true, 6)
        );
        // Another thread's half-written entry: the key check fails.
        table.slots[3].best.store(7, Ordering::Relaxed);
        assert!(table.probe(entry.key).is_none());
    }

    const EMPTY: Entry =
        Entry { key: 0, best: 0, value: 0, bound: Bound::Exact, depth: 0, to_end: false, iteration: 0 };

    #[test]
    fn a_deeper_entry_of_this_iteration_stays_and_a_stale_one_gives_way() {
        let table = Table::new(2);
        let deep = Entry { key: 4, depth: 5, iteration: 1, ..EMPTY };
        table.store(deep);
        // Key 8 has the same slot as 4.
        table.store(Entry { key: 8, depth: 2, iteration: 1, ..EMPTY });
        assert_eq!(table.probe(4).map(|entry| entry.depth), Some(5));
        assert!(table.probe(8).is_none());
        table.store(Entry { key: 8, depth: 2, iteration: 2, ..EMPTY });
        assert!(table.probe(4).is_none());
        assert_eq!(table.probe(8).map(|entry| entry.depth), Some(2));
    }
}
