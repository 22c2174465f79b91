//! The heap a simulation holds, counted by this test binary's own allocator (so this file holds one
//! test: another running beside it would be counted too).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use solvebatch_guess::secrets::sample_secrets;
use solvebatch_guess::{simulate, solver, Deadline, Digits};

/// [`System`], with the live heap bytes and their peak counted.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded unchanged to `System`; the counting only reads the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's promises about `layout` are passed on.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            grown(layout.size() as isize);
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        if !block.is_null() {
            grown(layout.size() as isize);
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from `System` with `layout`.
        unsafe { System.dealloc(block, layout) };
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc`, with the caller's promises about `new_size`.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if !moved.is_null() {
            grown(new_size as isize - layout.size() as isize);
        }
        moved
    }
}

fn grown(bytes: isize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The web's 9-digit simulation peaked at 664 MB: every node of the game tree being played kept its
/// candidate set (900 million bits, 112.5 MB) while its subtrees were played, five or six at once
/// down a path. Now no node keeps a large set: the simulation of the page's 9-digit sample holds at
/// most two bitsets' worth at once (a set being made and the list it becomes).
#[test]
fn a_nine_digit_simulation_holds_one_candidate_bitset_at_a_time() {
    let nine = Digits::new(9).unwrap();
    let bitset_bytes = nine.range_len().div_ceil(64) * 8;
    assert_eq!(bitset_bytes, 112_500_000);
    // The sample the web page plays at 9 digits by default (5 secrets, seed 1), and a secret whose
    // game is worked out by hand (the crate's unit tests): 10 guesses, 100000000 to 100000009.
    let mut secrets = sample_secrets(nine, 5, 1);
    secrets.push(100_000_009);
    let first = solver("first").unwrap();
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let simulation = simulate(first, nine, Some(&secrets), Deadline::NEVER).unwrap();
    let peak = (PEAK.load(Ordering::Relaxed) - before) as usize;
    assert!(peak <= 2 * bitset_bytes, "peak {peak} bytes, over two bitsets of {bitset_bytes}");
    let game = simulation.games.iter().position(|game| game.secret == 100_000_009).unwrap();
    assert_eq!(simulation.transcripts[game], (100_000_000..=100_000_009).collect::<Vec<u32>>());
}
