//! The allocator of the crate's Rust code (`#[global_allocator]` in
//! `lib.rs`). Small blocks (at most [`LARGEST`] bytes, aligned to at most
//! [`GRAIN`]) come from free lists kept per thread, one per size class of
//! `GRAIN` bytes, refilled [`CHUNK`] bytes at a time from the system
//! allocator; everything else goes to the system allocator.
//!
//! Why: a lowering makes and drops a few small allocations per op it
//! visits (operand lists, shapes, keys), half a million over the
//! benchmark's kernels, and glibc's `malloc`/`free` pair costs several times
//! a list pop and push.
//!
//! A block freed on another thread than the one that made it joins the
//! freeing thread's list. Chunks are never given back: the lists hold at
//! most the peak of small blocks in use at once.
//!
//! `PALLAS_SYSTEM_ALLOC=1` in the environment sends every allocation to the
//! system allocator, for tools that watch `malloc`'d blocks (valgrind's
//! memcheck: `scripts/memcheck.sh` sets it). It is read at the first
//! allocation; small blocks taken from the system before (or with it set)
//! are of their class's size, so that any of them can join a list.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// The step between size classes, and the alignment of every small block.
pub const GRAIN: usize = 16;
const CLASSES: usize = 32;
/// The largest small block.
pub const LARGEST: usize = GRAIN * CLASSES;
/// What a list takes from the system when it runs dry.
pub const CHUNK: usize = 64 * 1024;

/// The crate's global allocator (see the module's documentation).
pub struct SmallBlocks;

thread_local! {
    /// The first free block of each class (each free block starts with
    /// the address of the next). Constant-initialized and without a
    /// destructor: usable from the allocator at any time in a thread's life.
    static FREE: [Cell<*mut u8>; CLASSES] = const { [const { Cell::new(null_mut()) }; CLASSES] };
}

const UNDECIDED: u8 = 0;
const DECIDING: u8 = 1;
const POOLED: u8 = 2;
const SYSTEM: u8 = 3;

static MODE: AtomicU8 = AtomicU8::new(UNDECIDED);

/// The size class of `layout`, when its blocks are small.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size();
    (size != 0 && size <= LARGEST && layout.align() <= GRAIN).then(|| (size - 1) / GRAIN)
}

/// The layout of a block of class `class`.
fn class_layout(class: usize) -> Layout {
    // GRAIN is a power of two and the size a multiple of it.
    Layout::from_size_align((class + 1) * GRAIN, GRAIN).expect("valid class layout")
}

/// Whether small blocks come from the lists.
fn pooled() -> bool {
    match MODE.load(Relaxed) {
        POOLED => true,
        UNDECIDED => decide(),
        _ => false,
    }
}

/// Reads the environment once. Allocations made meanwhile (reading the
/// environment allocates) go to the system allocator.
#[cold]
fn decide() -> bool {
    if MODE
        .compare_exchange(UNDECIDED, DECIDING, Relaxed, Relaxed)
        .is_err()
    {
        return MODE.load(Relaxed) == POOLED;
    }
    let system = std::env::var_os("PALLAS_SYSTEM_ALLOC").is_some_and(|v| v == "1");
    MODE.store(if system { SYSTEM } else { POOLED }, Relaxed);
    !system
}

/// Fills the empty list `head` of class `class` from a new chunk and
/// returns one of its blocks (null when the system has no memory).
#[cold]
unsafe fn refill(head: &Cell<*mut u8>, class: usize) -> *mut u8 {
    let chunk = System.alloc(Layout::from_size_align_unchecked(CHUNK, GRAIN));
    if chunk.is_null() {
        return null_mut();
    }
    let size = (class + 1) * GRAIN;
    let count = CHUNK / size;
    // Block 0 is returned; blocks 1.. are linked in address order.
    let mut next = null_mut();
    for i in (1..count).rev() {
        let block = chunk.add(i * size);
        (block as *mut *mut u8).write(next);
        next = block;
    }
    head.set(next);
    chunk
}

unsafe impl GlobalAlloc for SmallBlocks {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            Some(class) if pooled() => FREE.with(|free| {
                let head = &free[class];
                let block = head.get();
                if block.is_null() {
                    return refill(head, class);
                }
                head.set((block as *mut *mut u8).read());
                block
            }),
            Some(class) => System.alloc(class_layout(class)),
            None => System.alloc(layout),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match class_of(layout) {
            Some(class) if MODE.load(Relaxed) == POOLED => FREE.with(|free| {
                let head = &free[class];
                (ptr as *mut *mut u8).write(head.get());
                head.set(ptr);
            }),
            Some(class) => System.dealloc(ptr, class_layout(class)),
            None => System.dealloc(ptr, layout),
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if class_of(layout).is_none() {
            return System.alloc_zeroed(layout);
        }
        let block = self.alloc(layout);
        if !block.is_null() {
            block.write_bytes(0, layout.size());
        }
        block
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
        match (class_of(layout), class_of(new_layout)) {
            // The block already has room (every small block is of its
            // class's size, wherever it came from).
            (Some(old), Some(new)) if old == new => ptr,
            (None, None) => System.realloc(ptr, layout, new_size),
            _ => {
                let new = self.alloc(new_layout);
                if !new.is_null() {
                    new.copy_from_nonoverlapping(ptr, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                new
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_hold_their_sizes() {
        for size in 1..=LARGEST {
            let layout = Layout::from_size_align(size, 8).unwrap();
            let class = class_of(layout).unwrap();
            assert!(class_layout(class).size() >= size);
            assert!(class == 0 || class_layout(class - 1).size() < size);
        }
        assert_eq!(
            class_of(Layout::from_size_align(LARGEST + 1, 8).unwrap()),
            None
        );
        assert_eq!(class_of(Layout::from_size_align(64, 32).unwrap()), None);
    }

    #[test]
    fn blocks_are_distinct_aligned_and_reused() {
        let layout = Layout::from_size_align(40, 16).unwrap();
        let blocks: Vec<*mut u8> = (0..5000)
            .map(|i| unsafe {
                let b = SmallBlocks.alloc(layout);
                assert_eq!(b as usize % GRAIN, 0);
                b.write_bytes(i as u8, layout.size());
                b
            })
            .collect();
        let mut sorted = blocks.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), blocks.len(), "a block was handed out twice");
        for (i, b) in blocks.iter().enumerate() {
            // No block overlaps another: each still holds what was written.
            assert!(unsafe { std::slice::from_raw_parts(*b, layout.size()) }
                .iter()
                .all(|x| *x == i as u8));
        }
        for b in &blocks {
            unsafe { SmallBlocks.dealloc(*b, layout) };
        }
        if pooled() {
            // The last block freed is the next one handed out.
            let again = unsafe { SmallBlocks.alloc(layout) };
            assert_eq!(again, *blocks.last().unwrap());
            unsafe { SmallBlocks.dealloc(again, layout) };
        }
    }

    #[test]
    fn realloc_keeps_the_contents_across_classes() {
        unsafe {
            let small = Layout::from_size_align(24, 8).unwrap();
            let p = SmallBlocks.alloc(small);
            for i in 0..24 {
                p.add(i).write(i as u8);
            }
            // Same class: the block itself.
            assert_eq!(SmallBlocks.realloc(p, small, 30), p);
            let grown = SmallBlocks.realloc(p, small, 3000);
            assert!((0..24).all(|i| grown.add(i).read() == i as u8));
            let shrunk = SmallBlocks.realloc(grown, Layout::from_size_align(3000, 8).unwrap(), 10);
            assert!((0..10).all(|i| shrunk.add(i).read() == i as u8));
            SmallBlocks.dealloc(shrunk, Layout::from_size_align(10, 8).unwrap());
            let zeroed = SmallBlocks.alloc_zeroed(small);
            assert!((0..24).all(|i| zeroed.add(i).read() == 0));
            SmallBlocks.dealloc(zeroed, small);
        }
    }

    #[test]
    fn blocks_move_between_threads() {
        let layout = Layout::from_size_align(100, 8).unwrap();
        let made: Vec<usize> = std::thread::spawn(move || {
            (0..1000)
                .map(|_| unsafe { SmallBlocks.alloc(layout) } as usize)
                .collect()
        })
        .join()
        .unwrap();
        for b in &made {
            unsafe { SmallBlocks.dealloc(*b as *mut u8, layout) };
        }
        let reused = unsafe { SmallBlocks.alloc(layout) } as usize;
        if pooled() {
            assert!(made.contains(&reused));
        }
        unsafe { SmallBlocks.dealloc(reused as *mut u8, layout) };
    }
}
