//! The edge array of a word graph: built in memory, or read in place from a compiled word graph
//! file mapped into memory, so that loading one costs no copy and faults its pages in from the page
//! cache in blocks (about 9 µs a fault on a virtual machine: copying the 1.5 MB bundled graph into
//! new memory costs some 750 faults, mapping it a few dozen).

use std::ops::Deref;
use std::sync::Arc;

use memmap2::Mmap;

use crate::tiles::letter::LetterSet;

/// Bit of [`Node::letters`] set on nodes that end a word.
pub(crate) const TERMINAL: u32 = 1 << 31;

/// A node of a [`WordGraph`](crate::lexicon::graph::WordGraph): the words that start with the letters read from the root to here.
/// Equal nodes of one graph are the same node. Laid out as the compiled graph file stores an edge
/// (two `u32`s), so that a mapped file's edges are read in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Node {
    /// Bit `i` set when an edge for the letter with index `i` leaves; [`TERMINAL`] when a word ends.
    pub(crate) letters: u32,
    /// Index in `WordGraph::edges` of the edge for the smallest letter.
    pub(crate) first_edge: u32,
}

/// A shared, read-only array of [`Node`]s; clones share it.
#[derive(Clone)]
pub(crate) struct Edges {
    /// The first node, inside `owner`, which lives as long as the clones do.
    start: *const Node,
    len: usize,
    owner: Owner,
}

/// What holds the memory of [`Edges`].
#[derive(Clone)]
enum Owner {
    Built(Arc<[Node]>),
    Mapped(Arc<Mmap>),
}

// The nodes are plain data behind an `Arc`, never written once made: sharing them between threads
// is sharing an `Arc<[Node]>` or an `Arc<Mmap>`, both `Send` and `Sync`.
unsafe impl Send for Edges {}
unsafe impl Sync for Edges {}

impl Edges {
    /// The nodes of `nodes`.
    pub(crate) fn built(nodes: Vec<Node>) -> Edges {
        let nodes: Arc<[Node]> = nodes.into();
        Edges { start: nodes.as_ptr(), len: nodes.len(), owner: Owner::Built(nodes) }
    }

    /// The nodes stored in `map` from byte `offset` to its end, each as [`Node`] lays it out (two
    /// little-endian `u32`s); `None` when they cannot be read in place: a big-endian machine, or an
    /// offset that is not a multiple of a node's alignment (or a length not a multiple of its size).
    pub(crate) fn mapped(map: Arc<Mmap>, offset: usize) -> Option<Edges> {
        let size = std::mem::size_of::<Node>();
        let bytes = map.get(offset..)?;
        let aligned = bytes.as_ptr().align_offset(std::mem::align_of::<Node>()) == 0;
        if cfg!(target_endian = "big") || !aligned || bytes.len() % size != 0 {
            return None;
        }
        let (start, len) = (bytes.as_ptr().cast::<Node>(), bytes.len() / size);
        Some(Edges { start, len, owner: Owner::Mapped(map) })
    }
}

impl Deref for Edges {
    type Target = [Node];

    #[inline]
    fn deref(&self) -> &[Node] {
        // SAFETY: `start` and `len` describe nodes inside the memory `owner` keeps alive and never
        // changes: a built array, or a mapped file whose bytes [`Edges::mapped`] checked to be
        // aligned and a whole number of nodes; `Node` is `repr(C)`, two `u32`s with no padding,
        // valid for every bit pattern, read little-endian as the file stores them. A mapped file
        // that another process shrinks or rewrites in place under a running program is outside
        // this promise (the cache and `compile` replace files by renaming new ones over them).
        unsafe { std::slice::from_raw_parts(self.start, self.len) }
    }
}

impl std::fmt::Debug for Edges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.owner {
            Owner::Built(nodes) => write!(f, "Edges(built, {} nodes)", nodes.len()),
            Owner::Mapped(map) => {
                write!(f, "Edges({} nodes of a mapped file of {} bytes)", self.len, map.len())
            }
        }
    }
}

/// The nodes of an acyclic graph whose edges lie inside `edges`: the root, one per group of edges
/// some edge leads to, and the leaf (no edges) when some edge leads to one.
pub(crate) fn node_count(edges: &[Node]) -> usize {
    let mut starts = vec![false; edges.len()];
    let mut has_leaf = false;
    for node in edges {
        if node.letters & LetterSet::ALL.bits() == 0 {
            has_leaf = true;
        } else {
            starts[node.first_edge as usize] = true;
        }
    }
    1 + starts.iter().filter(|&&start| start).count() + usize::from(has_leaf)
}
