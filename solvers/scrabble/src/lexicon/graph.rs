//! The word graph for move generation: a minimal DAWG (directed acyclic word graph), as used by the
//! anchor-square move generator of Appel and Jacobson (1988), "The world's fastest Scrabble program".
//!
//! Built in one pass over sorted words by the incremental algorithm of Daciuk, Mihov, Watson and Watson
//! (2000), "Incremental construction of minimal acyclic finite-state automata": each node is
//! registered when its last word has been added, and an equal node already in the register is shared.
//!
//! Layout, one flat array for speed: a node is a 26-bit set of the letters leaving it plus a terminal
//! bit, and the index of its first edge. Its edges sit together in letter order, and each edge holds its
//! target node itself (those 8 bytes), so a step down the graph is one population count (of the node's
//! letters below the one taken: its edge's rank) and one memory read, and a node's letters and terminal
//! bit cost no read at all.

use hashbrown::HashTable;
use solvebatch_core::Deadline;

use crate::lexicon::edges::{node_count, Edges, Node, TERMINAL};
use crate::tiles::letter::{Letter, LetterSet, LETTER_COUNT};

/// How many entries of a word list are read, or words added to its graph, between two looks at the
/// deadline of a build with a time limit (a few milliseconds of work).
pub const DEADLINE_STRIDE: usize = 1 << 16;

/// A minimal DAWG over upper-case words.
#[derive(Debug, Clone)]
pub struct WordGraph {
    /// The target of every edge, each node's edges together and in letter order.
    edges: Edges,
    root: Node,
    words: usize,
}

/// Why [`WordGraph::from_sorted_words`] refused its input; `index` counts words from 0.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordGraphError {
    /// A word has a byte other than `A` to `Z`.
    #[error("word {index} has a character other than A to Z")]
    NotUpperCase {
        /// The 0-based position of the word in the input.
        index: usize,
    },
    /// A word sorts before the word given just before it.
    #[error("word {index} sorts before the word before it")]
    NotSorted {
        /// The 0-based position of the word in the input.
        index: usize,
    },
}

impl WordGraph {
    /// Builds the minimal graph of `words`: upper-case ASCII, in ascending byte order (repeats are
    /// allowed and count once). Time linear in the total length of the words.
    ///
    /// # Errors
    /// A word with a byte other than `A` to `Z`, or a word out of order.
    pub fn from_sorted_words<I, W>(words: I) -> Result<WordGraph, WordGraphError>
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        let mut builder = Builder::new();
        for (index, word) in words.into_iter().enumerate() {
            let word = word.as_ref();
            if !word.iter().all(u8::is_ascii_uppercase) {
                return Err(WordGraphError::NotUpperCase { index });
            }
            if word < builder.previous.as_slice() {
                return Err(WordGraphError::NotSorted { index });
            }
            builder.add(word);
        }
        Ok(builder.finish())
    }

    /// [`WordGraph::from_sorted_words`] of words known to be upper-case and in order, or `None` once
    /// `deadline` has passed (looked at every [`DEADLINE_STRIDE`] words).
    pub(crate) fn from_sorted_words_before<I, W>(words: I, deadline: Deadline<'_>) -> Option<WordGraph>
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[u8]>,
    {
        let mut builder = Builder::new();
        for (index, word) in words.into_iter().enumerate() {
            if index % DEADLINE_STRIDE == 0 && deadline.passed() {
                return None;
            }
            debug_assert!(word.as_ref() >= builder.previous.as_slice(), "words in order");
            builder.add(word.as_ref());
        }
        Some(builder.finish())
    }

    /// A graph from its parts, as [`WordGraph::from_bytes`] reads them after checking them.
    pub(crate) fn from_parts(edges: Edges, root: Node, words: usize) -> WordGraph {
        WordGraph { edges, root, words }
    }

    /// The target of every edge, each node's edges together and in letter order.
    pub(crate) fn edge_nodes(&self) -> &[Node] {
        &self.edges
    }

    /// The node of the empty prefix.
    #[inline]
    pub fn root(&self) -> Node {
        self.root
    }

    /// The letters that continue some word from `node`.
    #[inline]
    pub fn children(&self, node: Node) -> LetterSet {
        LetterSet::from_bits(node.letters)
    }

    /// Whether the letters read to reach `node` form a word.
    #[inline]
    pub fn is_terminal(&self, node: Node) -> bool {
        node.letters & TERMINAL != 0
    }

    /// The node reached from `node` by `letter`, if some word continues that way.
    #[inline]
    pub fn child(&self, node: Node, letter: Letter) -> Option<Node> {
        let bit = 1u32 << letter.index();
        if node.letters & bit == 0 {
            return None;
        }
        Some(self.edges[(node.first_edge + rank(node.letters & (bit - 1))) as usize])
    }

    /// The child of `node` for the letter with index `letter`, which must be one of
    /// [`WordGraph::children`] (the move generator's inner step, with no check).
    #[inline]
    pub(crate) fn listed_child(&self, node: Node, letter: usize) -> Node {
        debug_assert!(node.letters & (1 << letter) != 0);
        self.edges[(node.first_edge + rank(node.letters & ((1u32 << letter) - 1))) as usize]
    }

    /// The node reached from `node` by the letters of `path` in order.
    pub fn walk(&self, node: Node, path: impl IntoIterator<Item = Letter>) -> Option<Node> {
        path.into_iter().try_fold(node, |node, letter| self.child(node, letter))
    }

    /// Whether `word` is one of the words.
    pub fn contains(&self, word: &[Letter]) -> bool {
        self.walk(self.root(), word.iter().copied()).is_some_and(|node| self.is_terminal(node))
    }

    /// The number of distinct words.
    pub fn word_count(&self) -> usize {
        self.words
    }

    /// The number of nodes (counted when asked: time linear in the edges).
    pub fn node_count(&self) -> usize {
        node_count(&self.edges)
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Bytes of the edge array (8 per edge).
    pub fn memory_bytes(&self) -> usize {
        self.edges.len() * std::mem::size_of::<Node>()
    }
}

/// The number of bits set in `letters`, below [`TERMINAL`]: the index of a child among its node's
/// edges. Without the `popcnt` instruction, `count_ones` is a dozen dependent operations on the
/// move generator's inner step; two lookups in a table of 13-bit counts are cheaper.
#[inline(always)]
pub(crate) fn rank(letters: u32) -> u32 {
    if cfg!(target_feature = "popcnt") {
        letters.count_ones()
    } else {
        let low = RANK_TABLE[(letters & RANK_MASK) as usize];
        let high = RANK_TABLE[((letters >> RANK_BITS) & RANK_MASK) as usize];
        u32::from(low) + u32::from(high)
    }
}

/// Bits counted by one lookup in [`RANK_TABLE`]: two cover the 26 letters.
const RANK_BITS: u32 = 13;
const RANK_MASK: u32 = (1 << RANK_BITS) - 1;

/// The number of bits set in each 13-bit value (8 KiB).
static RANK_TABLE: [u8; 1 << RANK_BITS] = {
    let mut table = [0; 1 << RANK_BITS];
    let mut value = 1;
    while value < table.len() {
        table[value] = table[value >> 1] + (value & 1) as u8;
        value += 1;
    }
    table
};

const _: () = assert!(2 * RANK_BITS >= LETTER_COUNT as u32);

/// A node whose words are not all added yet: its children so far, all finished except the one
/// along the last word added, which is the next entry of [`Builder::pending`].
#[derive(Debug, Default)]
struct Pending {
    terminal: bool,
    /// `(letter index, child id)` in letter order.
    children: Vec<(u8, u32)>,
}

struct Builder {
    /// Finished nodes by id.
    nodes: Vec<Node>,
    /// Child ids, each finished node's together and in letter order.
    edges: Vec<u32>,
    /// Ids of finished nodes, found by their letters and children.
    register: HashTable<u32>,
    /// The nodes along `previous`: `pending[0]` is the root, `pending[d]` follows `previous[..d]`.
    pending: Vec<Pending>,
    previous: Vec<u8>,
    words: usize,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            nodes: Vec::new(),
            edges: Vec::new(),
            register: HashTable::new(),
            pending: vec![Pending::default()],
            previous: Vec::new(),
            words: 0,
        }
    }

    /// Adds `word` (upper-case, not below the previous word).
    fn add(&mut self, word: &[u8]) {
        if self.words > 0 && word == self.previous.as_slice() {
            return;
        }
        let common = word.iter().zip(&self.previous).take_while(|(a, b)| a == b).count();
        self.finish_down_to(common);
        for _ in common..word.len() {
            self.pending.push(Pending::default());
        }
        if let Some(last) = self.pending.last_mut() {
            last.terminal = true;
        }
        self.previous.clear();
        self.previous.extend_from_slice(word);
        self.words += 1;
    }

    /// Finishes the pending nodes deeper than `depth`, deepest first, each becoming a child of the
    /// one above it.
    fn finish_down_to(&mut self, depth: usize) {
        while self.pending.len() > depth + 1 {
            let node = self.pending.pop().expect("deeper than depth");
            let id = self.register_node(&node);
            let letter = self.previous[self.pending.len() - 1] - b'A';
            self.pending.last_mut().expect("the root stays").children.push((letter, id));
        }
    }

    /// The id of a finished node equal to `node`, registering it when new.
    fn register_node(&mut self, node: &Pending) -> u32 {
        let mut letters = if node.terminal { TERMINAL } else { 0 };
        for &(letter, _) in &node.children {
            letters |= 1 << letter;
        }
        let hash = node.children.iter().fold(u64::from(letters).wrapping_mul(MIX), |hash, &(_, child)| {
            (hash.rotate_left(23) ^ u64::from(child)).wrapping_mul(MIX)
        });
        let (nodes, edges) = (&self.nodes, &self.edges);
        let equal = |&id: &u32| {
            let data = nodes[id as usize];
            let start = data.first_edge as usize;
            data.letters == letters
                && edges[start..start + node.children.len()]
                    .iter()
                    .zip(&node.children)
                    .all(|(&edge, &(_, child))| edge == child)
        };
        if let Some(&id) = self.register.find(hash, equal) {
            return id;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(Node { letters, first_edge: self.edges.len() as u32 });
        self.edges.extend(node.children.iter().map(|&(_, child)| child));
        let (nodes, edges) = (&self.nodes, &self.edges);
        self.register.insert_unique(hash, id, |&id| rehash(nodes, edges, id));
        id
    }

    fn finish(mut self) -> WordGraph {
        self.finish_down_to(0);
        let root = self.pending.pop().expect("the root");
        let root = self.register_node(&root);
        let nodes = &self.nodes;
        WordGraph {
            edges: Edges::built(self.edges.iter().map(|&child| nodes[child as usize]).collect()),
            root: nodes[root as usize],
            words: self.words,
        }
    }
}

/// Odd multiplier of the register's hash (the 64-bit golden ratio).
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The register hash of finished node `id`, the same as [`Builder::register_node`] computes.
fn rehash(nodes: &[Node], edges: &[u32], id: u32) -> u64 {
    let data = nodes[id as usize];
    let count = (data.letters & !TERMINAL).count_ones() as usize;
    let start = data.first_edge as usize;
    edges[start..start + count].iter().fold(u64::from(data.letters).wrapping_mul(MIX), |hash, &child| {
        (hash.rotate_left(23) ^ u64::from(child)).wrapping_mul(MIX)
    })
}

const _: () = assert!(LETTER_COUNT < 31, "letters and the terminal bit share a u32");

#[cfg(test)]
impl WordGraph {
    /// Every word, in ascending order, by a walk from the root: what tests compare.
    pub(crate) fn all_words(&self) -> Vec<String> {
        self.words_below(self.root())
    }

    /// The words below `node` (the letters read after it), in ascending order.
    pub(crate) fn words_below(&self, node: Node) -> Vec<String> {
        fn suffixes(graph: &WordGraph, node: Node, prefix: &mut String, out: &mut Vec<String>) {
            if graph.is_terminal(node) {
                out.push(prefix.clone());
            }
            for letter in graph.children(node).iter() {
                prefix.push(letter.to_char());
                suffixes(graph, graph.child(node, letter).unwrap(), prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        suffixes(self, node, &mut String::new(), &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_letters;
    use proptest::prelude::*;

    fn graph(words: &[&str]) -> WordGraph {
        WordGraph::from_sorted_words(words).unwrap()
    }

    fn reachable(graph: &WordGraph, node: Node, out: &mut std::collections::HashSet<Node>) {
        if out.insert(node) {
            for letter in graph.children(node).iter() {
                reachable(graph, graph.child(node, letter).unwrap(), out);
            }
        }
    }

    fn all_words(graph: &WordGraph) -> Vec<String> {
        graph.all_words()
    }

    #[test]
    fn shares_common_suffixes() {
        // CAT, CATS, HAT, HATS: C and H lead to one shared node, so 5 nodes in all:
        // root -{C,H}-> AT... -A-> T... -T-> (terminal) -S-> (terminal, no edges).
        let graph = graph(&["CAT", "CATS", "HAT", "HATS"]);
        assert_eq!(graph.node_count(), 5);
        assert_eq!(graph.edge_count(), 5);
        assert_eq!(graph.memory_bytes(), 5 * 8);
        assert_eq!(all_words(&graph), ["CAT", "CATS", "HAT", "HATS"]);
        assert!(graph.contains(&parse_letters("HATS").unwrap()));
        assert!(!graph.contains(&parse_letters("HA").unwrap()));
        assert!(!graph.contains(&parse_letters("HATSS").unwrap()));
    }

    #[test]
    fn repeats_count_once_and_order_is_checked() {
        let graph = graph(&["AB", "AB", "B"]);
        assert_eq!(graph.word_count(), 2);
        assert_eq!(
            WordGraph::from_sorted_words(["B", "A"]).unwrap_err(),
            WordGraphError::NotSorted { index: 1 }
        );
        assert_eq!(
            WordGraph::from_sorted_words(["A", "b"]).unwrap_err(),
            WordGraphError::NotUpperCase { index: 1 }
        );
    }

    #[test]
    fn empty_graph_has_no_words() {
        let graph = graph(&[]);
        assert!(graph.children(graph.root()).is_empty());
        assert!(!graph.is_terminal(graph.root()));
        assert!(!graph.contains(&[]));
    }

    proptest! {
        #[test]
        fn holds_exactly_the_words(mut words in prop::collection::vec("[A-E]{1,6}", 0..60)) {
            words.sort();
            let graph = WordGraph::from_sorted_words(&words).unwrap();
            words.dedup();
            prop_assert_eq!(all_words(&graph), words.clone());
            prop_assert_eq!(graph.word_count(), words.len());
        }

        #[test]
        fn is_minimal(mut words in prop::collection::vec("[A-C]{1,5}", 0..40)) {
            // A minimal automaton has no two nodes with the same words below them.
            words.sort();
            let graph = WordGraph::from_sorted_words(&words).unwrap();
            let mut nodes = std::collections::HashSet::new();
            reachable(&graph, graph.root(), &mut nodes);
            prop_assert_eq!(nodes.len(), graph.node_count());
            let mut seen = std::collections::HashSet::new();
            for &node in &nodes {
                prop_assert!(seen.insert(graph.words_below(node)));
            }
        }
    }
}
