//! KWG, the word graph file of wolges, MAGPIE and Woogles, read into a [`WordGraph`] and written from
//! one; and the checked node array that KLV2 leave files ([`crate::equity::leave_file`]) share.
//!
//! The format, as wolges' reader (`src/kwg.rs` of andy-k/wolges) reads it: a KWG is an array of
//! 32-bit little-endian nodes and nothing else (no magic, no header). Each node is an arc of the
//! graph: bits 24–31 hold its tile, bit 23 is set when the letters read to this arc end a word
//! ("accepts"), bit 22 when it is the last arc of its sibling list ("is end"), bits 0–21 the index
//! of the first arc of the sibling list it leads to (0: none). Siblings sit together in ascending
//! tile order. Node 0 points at the sibling list of the DAWG's root; node 1, when present, at the
//! GADDAG's root, both with tile 0 and the end bit. In the English alphabet tile 0 is the GADDAG's
//! separator (or a blank in a KLV2 file) and tiles 1 to 26 are `A` to `Z`.
//!
//! A KWG is told from a word list and from a compiled word graph by its first node (tile 0, the end
//! bit, no accept bit: a NUL byte at offset 3, which no text has). Reading checks every node's
//! pointer (inside the array), that the last node ends a sibling list (so every list ends inside
//! the file: a truncated file fails here or on a pointer past its new end), and, along the DAWG, that
//! tiles are letters in ascending order, that the graph has no cycle, and that every arc either ends
//! a word or leads on. Only the DAWG half is read; the GADDAG half is checked for pointers only.

use crate::lexicon::edges::Edges;
use crate::lexicon::edges::{Node, TERMINAL};
use crate::lexicon::graph::WordGraph;
use crate::tiles::letter::LETTER_COUNT;

/// Bit of a KWG node set when the letters read to it end a word.
const ACCEPTS: u32 = 1 << 23;
/// Bit of a KWG node set on the last arc of a sibling list.
const IS_END: u32 = 1 << 22;
/// The bits of a KWG node's pointer.
const POINTER: u32 = IS_END - 1;

/// Why bytes are not a KWG this program reads. Each message says what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KwgError {
    /// The length is not a whole number of 4-byte nodes.
    #[error("damaged KWG: {len} bytes, not a whole number of 4-byte nodes")]
    Length {
        /// The length in bytes.
        len: usize,
    },
    /// A node points past the end of the array.
    #[error("damaged KWG: node {node} points to node {target}, past the last node {last}")]
    Pointer {
        /// The node's index.
        node: usize,
        /// Where it points.
        target: usize,
        /// The index of the last node.
        last: usize,
    },
    /// The last node does not end its sibling list: the file was cut short.
    #[error("damaged KWG: the last node, {last}, does not end its sibling list (the file is cut short)")]
    Unterminated {
        /// The index of the last node.
        last: usize,
    },
    /// A tile that is not a letter of the English alphabet.
    #[error(
        "damaged KWG: node {node} has tile {tile}, not a letter of the English alphabet (tiles 1 to 26)"
    )]
    Tile {
        /// The node's index.
        node: usize,
        /// Its tile.
        tile: u8,
    },
    /// A sibling list whose tiles are not in ascending order.
    #[error("damaged KWG: node {node} has tile {tile}, not above the tile of the node before it in its sibling list")]
    Order {
        /// The node's index.
        node: usize,
        /// Its tile.
        tile: u8,
    },
    /// A path of arcs that comes back to a sibling list it left.
    #[error("damaged KWG: node {node} leads back to sibling list {list}, a cycle")]
    Cycle {
        /// The node's index.
        node: usize,
        /// The list it leads back to.
        list: usize,
    },
    /// An arc that neither ends a word nor leads on.
    #[error("damaged KWG: node {node} neither ends a word nor leads to other nodes")]
    DeadEnd {
        /// The node's index.
        node: usize,
    },
    /// More words below a node than the format can number.
    #[error("damaged KWG: more than 2^32 words")]
    TooManyWords,
    /// A graph too large for the format's 22-bit pointers (written only).
    #[error("a KWG holds at most {} nodes; this graph needs {nodes}", POINTER + 1)]
    TooLarge {
        /// The nodes needed.
        nodes: usize,
    },
}

/// Whether `bytes` start as a KWG does: a first node with tile 0, the end bit and no accept bit.
pub(crate) fn is_kwg(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && bytes[3] == 0 && bytes[2] & 0xC0 == 0x40
}

/// The nodes of a KWG, each pointer inside the array and the last node ending its list.
pub(crate) struct Kwg {
    nodes: Vec<u32>,
}

impl Kwg {
    /// Decodes and checks `bytes` (module documentation): every pointer inside the array, the last
    /// node the end of a sibling list.
    ///
    /// # Errors
    /// [`KwgError::Length`], [`KwgError::Pointer`] or [`KwgError::Unterminated`].
    pub(crate) fn parse(bytes: &[u8]) -> Result<Kwg, KwgError> {
        if bytes.is_empty() || bytes.len() % 4 != 0 {
            return Err(KwgError::Length { len: bytes.len() });
        }
        let nodes: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|chunk| u32::from_le_bytes(chunk.try_into().expect("4 bytes")))
            .collect();
        let last = nodes.len() - 1;
        for (node, &value) in nodes.iter().enumerate() {
            let target = (value & POINTER) as usize;
            if target > last {
                return Err(KwgError::Pointer { node, target, last });
            }
        }
        if nodes[last] & IS_END == 0 {
            return Err(KwgError::Unterminated { last });
        }
        Ok(Kwg { nodes })
    }

    /// The first node of the DAWG root's sibling list; 0 for an empty lexicon.
    pub(crate) fn dawg_root(&self) -> usize {
        (self.nodes[0] & POINTER) as usize
    }

    /// The tile of node `index`.
    pub(crate) fn tile(&self, index: usize) -> u8 {
        (self.nodes[index] >> 24) as u8
    }

    /// Whether node `index` ends a word.
    pub(crate) fn accepts(&self, index: usize) -> bool {
        self.nodes[index] & ACCEPTS != 0
    }

    /// Whether node `index` is the last of its sibling list.
    pub(crate) fn is_end(&self, index: usize) -> bool {
        self.nodes[index] & IS_END != 0
    }

    /// The sibling list node `index` leads to; 0 for none.
    pub(crate) fn target(&self, index: usize) -> usize {
        (self.nodes[index] & POINTER) as usize
    }

    /// Checks that node `index`, not the first of its list, has a tile above the one before it.
    pub(crate) fn check_order(&self, index: usize, first: usize) -> Result<(), KwgError> {
        if index > first && self.tile(index) <= self.tile(index - 1) {
            return Err(KwgError::Order { node: index, tile: self.tile(index) });
        }
        Ok(())
    }

    /// The DAWG half as a [`WordGraph`] with the same words: each sibling list becomes a node's
    /// edges, children before parents (an iterative depth-first walk: a damaged file's depth is not
    /// bounded). Time and memory linear in the number of nodes.
    ///
    /// # Errors
    /// A tile that is not a letter, siblings out of order, a cycle, a dead end, or more than 2^32
    /// words.
    fn to_graph(&self) -> Result<WordGraph, KwgError> {
        // Per list start: UNSEEN, OPEN while its descendants are walked, then its first edge plus
        // DONE. Zero for unseen, so that the arrays' pages are only touched along the DAWG (a KWG's
        // GADDAG half, most of its nodes, is never walked).
        const UNSEEN: u32 = 0;
        const OPEN: u32 = 1;
        const DONE: u32 = 2;
        let mut first_edge = vec![UNSEEN; self.nodes.len()];
        // Per list start, once finished: its letter bits and the words below it.
        let mut letters = vec![0u32; self.nodes.len()];
        let mut words = vec![0u64; self.nodes.len()];
        let mut edges: Vec<Node> = Vec::new();
        let root = self.dawg_root();
        if root == 0 {
            return Ok(WordGraph::from_parts(Edges::built(edges), Node { letters: 0, first_edge: 0 }, 0));
        }
        // Each entry: a list's first node and the node of it to look at next.
        let mut stack = vec![(root, root)];
        first_edge[root] = OPEN;
        while let Some(&(list, node)) = stack.last() {
            let tile = self.tile(node);
            if !(1..=LETTER_COUNT as u8).contains(&tile) {
                return Err(KwgError::Tile { node, tile });
            }
            self.check_order(node, list)?;
            let child = self.target(node);
            if child == 0 && !self.accepts(node) {
                return Err(KwgError::DeadEnd { node });
            }
            if child != 0 && first_edge[child] == OPEN {
                return Err(KwgError::Cycle { node, list: child });
            }
            if child != 0 && first_edge[child] == UNSEEN {
                first_edge[child] = OPEN;
                stack.push((child, child));
                continue;
            }
            if !self.is_end(node) {
                stack.last_mut().expect("the list walked").1 += 1;
                continue;
            }
            // Every child of the list is finished: its edges go after theirs.
            stack.pop();
            let start = edges.len();
            let (mut bits, mut below) = (0u32, 0u64);
            for arc in list..=node {
                let child = self.target(arc);
                let terminal = if self.accepts(arc) { TERMINAL } else { 0 };
                let (child_letters, child_edge) =
                    if child == 0 { (0, 0) } else { (letters[child], first_edge[child] - DONE) };
                edges.push(Node { letters: child_letters | terminal, first_edge: child_edge });
                bits |= 1 << (self.tile(arc) - 1);
                below = below.saturating_add(u64::from(self.accepts(arc)));
                below = below.saturating_add(if child == 0 { 0 } else { words[child] });
            }
            first_edge[list] = start as u32 + DONE;
            letters[list] = bits;
            words[list] = below;
        }
        let count = u32::try_from(words[root]).map_err(|_| KwgError::TooManyWords)?;
        let root = Node { letters: letters[root], first_edge: first_edge[root] - DONE };
        Ok(WordGraph::from_parts(Edges::built(edges), root, count as usize))
    }
}

impl WordGraph {
    /// Reads the DAWG half of a KWG file (module documentation) as a word graph of the same words.
    /// Time and memory linear in the file's length.
    ///
    /// # Errors
    /// A [`KwgError`]: a length that is no whole number of nodes, a pointer past the end, a last node
    /// that ends no list, a tile other than the letters `A`–`Z`, siblings out of order, a cycle, an
    /// arc that neither ends a word nor leads on.
    pub fn from_kwg(bytes: &[u8]) -> Result<WordGraph, KwgError> {
        Kwg::parse(bytes)?.to_graph()
    }

    /// The graph as a DAWG-only KWG: node 0 points at the root's list, each edge of the graph is one
    /// node (the edge at index `i` is node `i + 1`), so the file is `4 × (edges + 1)` bytes. Read by
    /// [`WordGraph::from_kwg`] and by wolges' DAWG lookups; move generators that need the GADDAG
    /// half (MAGPIE, wolges) take a KWG built by wolges' `buildlex`.
    ///
    /// # Errors
    /// [`KwgError::TooLarge`] past the format's 2^22 nodes.
    pub fn to_kwg(&self) -> Result<Vec<u8>, KwgError> {
        let edges = self.edge_nodes();
        if edges.len() > POINTER as usize {
            return Err(KwgError::TooLarge { nodes: edges.len() + 1 });
        }
        // Each edge's tile and end bit, from the nodes that own the edge groups.
        let mut nodes = vec![0u32; edges.len() + 1];
        let pointer = |node: &Node| if node.letters & !TERMINAL == 0 { 0 } else { node.first_edge + 1 };
        nodes[0] = IS_END | pointer(&self.root());
        for owner in edges.iter().chain([&self.root()]) {
            let letters = self.children(*owner);
            let count = letters.bits().count_ones() as usize;
            for (rank, letter) in letters.iter().enumerate() {
                let at = owner.first_edge as usize + rank;
                let end = if rank + 1 == count { IS_END } else { 0 };
                nodes[at + 1] = (letter.index() as u32 + 1) << 24 | end;
            }
        }
        for (index, edge) in edges.iter().enumerate() {
            let accepts = if edge.letters & TERMINAL != 0 { ACCEPTS } else { 0 };
            nodes[index + 1] |= accepts | pointer(edge);
        }
        Ok(nodes.iter().flat_map(|node| node.to_le_bytes()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_letters;
    use proptest::prelude::*;

    /// A KWG from its nodes.
    fn bytes(nodes: &[u32]) -> Vec<u8> {
        nodes.iter().flat_map(|node| node.to_le_bytes()).collect()
    }

    /// A node: tile, accepts, is end, pointer.
    fn node(tile: u8, accepts: bool, end: bool, pointer: u32) -> u32 {
        u32::from(tile) << 24 | if accepts { ACCEPTS } else { 0 } | if end { IS_END } else { 0 } | pointer
    }

    /// Every word of `graph`, in order.
    fn words(graph: &WordGraph) -> Vec<String> {
        graph.all_words()
    }

    fn error(nodes: &[u32]) -> String {
        WordGraph::from_kwg(&bytes(nodes)).unwrap_err().to_string()
    }

    #[test]
    fn a_hand_made_kwg_with_a_gaddag_header_reads_as_its_dawg_words() {
        // Node 0 -> DAWG root list at 2: A (-> 4), C (-> 4); node 1 -> a "GADDAG" list at 6.
        // List at 4: T accepting, S accepting (T before S would be out of order, so S=19, T=20).
        // Words: AS, AT, CS, CT.
        let kwg = [
            node(0, false, true, 2),
            node(0, false, true, 6),
            node(1, false, false, 4),
            node(3, false, true, 4),
            node(19, true, false, 0),
            node(20, true, true, 0),
            node(0, true, true, 0),
        ];
        let graph = WordGraph::from_kwg(&bytes(&kwg)).unwrap();
        assert_eq!(words(&graph), ["AS", "AT", "CS", "CT"]);
        assert_eq!(graph.word_count(), 4);
        assert!(graph.contains(&parse_letters("CT").unwrap()));
        assert!(!graph.contains(&parse_letters("C").unwrap()));
        assert!(is_kwg(&bytes(&kwg)));
    }

    #[test]
    fn the_empty_kwg_of_wolges_has_no_words() {
        // wolges' EMPTY_KWG_BYTES.
        let graph = WordGraph::from_kwg(b"\x00\x00\x40\x00\x00\x00\x40\x00").unwrap();
        assert_eq!(graph.word_count(), 0);
        assert!(!graph.is_terminal(graph.root()) && graph.children(graph.root()).is_empty());
    }

    #[test]
    fn the_written_kwg_has_the_documented_nodes() {
        let graph = WordGraph::from_sorted_words(["AT", "ATS"]).unwrap();
        // Edges: [S (leaf, terminal)], [T (-> S group, terminal)], [A (-> T group)]; root -> A.
        let kwg = graph.to_kwg().unwrap();
        assert_eq!(
            kwg,
            bytes(&[
                node(0, false, true, 3),
                node(19, true, true, 0),
                node(20, true, true, 1),
                node(1, false, true, 2),
            ])
        );
    }

    #[test]
    fn damage_is_named() {
        let good = [
            node(0, false, true, 1),
            node(1, true, false, 3),
            node(2, true, true, 0),
            node(20, true, true, 0),
        ];
        assert_eq!(words(&WordGraph::from_kwg(&bytes(&good)).unwrap()), ["A", "AT", "B"]);
        assert_eq!(
            WordGraph::from_kwg(&bytes(&good)[..15]).unwrap_err().to_string(),
            "damaged KWG: 15 bytes, not a whole number of 4-byte nodes"
        );
        assert_eq!(error(&good[..3]), "damaged KWG: node 1 points to node 3, past the last node 2");
        let mut bad = good;
        bad[3] = node(20, true, false, 0);
        assert_eq!(
            error(&bad),
            "damaged KWG: the last node, 3, does not end its sibling list (the file is cut short)"
        );
        bad = good;
        bad[2] = node(27, true, true, 0);
        assert_eq!(
            error(&bad),
            "damaged KWG: node 2 has tile 27, not a letter of the English alphabet (tiles 1 to 26)"
        );
        bad[2] = node(1, true, true, 0);
        assert_eq!(
            error(&bad),
            "damaged KWG: node 2 has tile 1, not above the tile of the node before it in its sibling list"
        );
        bad[2] = node(2, false, true, 0);
        assert_eq!(error(&bad), "damaged KWG: node 2 neither ends a word nor leads to other nodes");
        bad = good;
        bad[3] = node(20, true, true, 1);
        assert_eq!(error(&bad), "damaged KWG: node 3 leads back to sibling list 1, a cycle");
    }

    proptest! {
        #[test]
        fn a_word_list_round_trips_through_a_kwg(mut list in prop::collection::vec("[A-Z]{1,7}", 0..80)) {
            list.sort();
            let graph = WordGraph::from_sorted_words(&list).unwrap();
            let read = WordGraph::from_kwg(&graph.to_kwg().unwrap()).unwrap();
            list.dedup();
            prop_assert_eq!(words(&read), list.clone());
            prop_assert_eq!(read.word_count(), list.len());
            prop_assert_eq!(read.edge_nodes(), graph.edge_nodes());
        }

        #[test]
        fn cut_or_flipped_kwg_files_are_errors_or_graphs_never_panics(
            mut list in prop::collection::vec("[A-E]{1,5}", 1..30),
            position in any::<prop::sample::Index>(),
            bit in 0..8u8,
            cut in any::<prop::sample::Index>(),
        ) {
            list.sort();
            let kwg = WordGraph::from_sorted_words(&list).unwrap().to_kwg().unwrap();
            // Every cut is found: a pointer past the new end or a list left open.
            prop_assert!(WordGraph::from_kwg(&kwg[..cut.index(kwg.len())]).is_err());
            let mut flipped = kwg.clone();
            flipped[position.index(kwg.len())] ^= 1 << bit;
            // A flipped accept bit is another valid lexicon; anything else read is a graph whose
            // words all come from walking it.
            if let Ok(graph) = WordGraph::from_kwg(&flipped) {
                prop_assert_eq!(words(&graph).len(), graph.word_count());
            }
        }
    }
}
