//! The binary's global allocator: `std::alloc::System` with a count of live heap bytes that is off
//! unless a measurement asks for it ([`peak_kb_of`]), so that an in-process solve can report its heap
//! peak (`peak_heap_kb`) and every other allocation pays one relaxed atomic load.
//!
//! While counting, each allocation adds its size to the live count and each free (of a block
//! allocated before or during the measurement) takes its size off, with relaxed atomics: the figure
//! is the peak, over the measurement, of bytes allocated minus bytes freed since it began. Every
//! thread's allocations count (a solver's own helper threads are part of its solve), so it means
//! something only when one measurement runs at a time and nothing else allocates meanwhile.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};

/// The allocator `main` installs: [`System`], counted by [`COUNTER`] while a measurement runs.
pub struct Counting;

/// The live and peak bytes of the process's measurement, if one runs.
static COUNTER: Counter = Counter::new();

// SAFETY: every call is forwarded unchanged to `System`; the counting only reads the layouts.
unsafe impl GlobalAlloc for Counting {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's promises about `layout` are passed on as they are.
        counted(unsafe { System.alloc(layout) }, layout.size() as isize)
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        counted(unsafe { System.alloc_zeroed(layout) }, layout.size() as isize)
    }

    #[inline]
    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from `System` with `layout`, as the caller promises of this allocator.
        unsafe { System.dealloc(block, layout) };
        COUNTER.changed(-(layout.size() as isize));
    }

    #[inline]
    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc`, with the caller's promises about `new_size`.
        counted(
            unsafe { System.realloc(block, layout, new_size) },
            new_size as isize - layout.size() as isize,
        )
    }
}

/// `block` as `System` returned it, with `bytes` more counted live unless it is null (a failure).
#[inline]
fn counted(block: *mut u8, bytes: isize) -> *mut u8 {
    if !block.is_null() {
        COUNTER.changed(bytes);
    }
    block
}

/// Runs `work` with the allocator counting and returns its value with the peak of live heap bytes
/// it added (see the module's comment), in KiB rounded up; `None` when another measurement was
/// already running (its figure and this one would mix), and then `work` runs uncounted.
pub fn peak_kb_of<T>(work: impl FnOnce() -> T) -> (T, Option<u64>) {
    let Some(measurement) = COUNTER.start() else {
        return (work(), None);
    };
    let value = work();
    (value, Some(measurement.peak_bytes().div_ceil(1024)))
}

/// A live count of heap bytes and its peak, counted only while switched on.
struct Counter {
    on: AtomicBool,
    live: AtomicIsize,
    peak: AtomicIsize,
}

/// A measurement under way: switches counting off when dropped, a panicking `work` included.
struct Measurement<'a>(&'a Counter);

impl Counter {
    const fn new() -> Counter {
        Counter { on: AtomicBool::new(false), live: AtomicIsize::new(0), peak: AtomicIsize::new(0) }
    }

    /// Adds `bytes` (negative for a free) to the live count, when on. The peak is only written when
    /// passed, so that the common allocation costs one `fetch_add` while counting.
    #[inline]
    fn changed(&self, bytes: isize) {
        if !self.on.load(Ordering::Relaxed) {
            return;
        }
        let live = self.live.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if bytes > 0 && live > self.peak.load(Ordering::Relaxed) {
            self.peak.fetch_max(live, Ordering::Relaxed);
        }
    }

    /// Starts counting from zero, or `None` when counting is on already.
    fn start(&self) -> Option<Measurement<'_>> {
        self.on.compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst).ok()?;
        self.live.store(0, Ordering::SeqCst);
        self.peak.store(0, Ordering::SeqCst);
        Some(Measurement(self))
    }
}

impl Measurement<'_> {
    /// Stops counting and returns the peak in bytes.
    fn peak_bytes(self) -> u64 {
        let counter = self.0;
        drop(self);
        u64::try_from(counter.peak.load(Ordering::SeqCst)).unwrap_or(0)
    }
}

impl Drop for Measurement<'_> {
    fn drop(&mut self) {
        self.0.on.store(false, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peak_is_the_most_bytes_held_at_once_since_the_start() {
        let counter = Counter::new();
        counter.changed(500); // before the start: not counted
        let measurement = counter.start().unwrap();
        counter.changed(100);
        counter.changed(300);
        counter.changed(-300);
        counter.changed(-500); // a block from before the start, freed meanwhile
        counter.changed(450);
        counter.changed(200); // grown in place by realloc
                              // Live: 100, 400, 100, -400, 50, 250: the peak is 400.
        assert_eq!(measurement.peak_bytes(), 400);
        counter.changed(10_000); // after the end: not counted
        let again = counter.start().unwrap();
        counter.changed(24);
        assert_eq!(again.peak_bytes(), 24);
    }

    #[test]
    fn counting_is_off_unless_measuring_and_one_measurement_runs_at_a_time() {
        let counter = Counter::new();
        counter.changed(1 << 20);
        assert_eq!((counter.live.load(Ordering::SeqCst), counter.peak.load(Ordering::SeqCst)), (0, 0));
        let first = counter.start().unwrap();
        assert!(counter.start().is_none(), "a second measurement would mix with the first");
        counter.changed(64);
        assert_eq!(first.peak_bytes(), 64);
        assert!(counter.start().is_some(), "the first one's end frees the counter");
    }
}
