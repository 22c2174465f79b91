//! The compiled word graph: a [`WordGraph`] written as bytes, so that a dictionary loads in a few
//! milliseconds instead of being built again from its word list (29 ms for the bundled 270,000
//! words). A mapped file's edges are used where they lie ([`crate::lexicon::edges`]): loading then costs one
//! pass over the file and no copy.
//!
//! The layout is documented on [`WordGraph::to_bytes`].
//!
//! Loading checks the magic, the version, that the file is exactly as long as its edge count says (so
//! its cost is bounded by the file's real size, never by a count the header claims), the checksum
//! (which covers the header's word count too), and the structure in one pass and no memory: every
//! letter bit is one of the 26, every node's edges lie inside the array and wholly before the edge
//! that leads to it (so the graph has no cycle and every walk ends), and a word ends below every
//! edge.

use std::sync::Arc;

use memmap2::Mmap;
use xxhash_rust::xxh3::Xxh3;

use crate::file::FileBytes;
use crate::lexicon::edges::{Edges, Node, TERMINAL};
use crate::lexicon::graph::{rank, WordGraph};
use crate::tiles::letter::LetterSet;

/// The first 8 bytes of a compiled word graph.
pub const GRAPH_MAGIC: [u8; 8] = *b"\xA7SBWG\r\n\x1A";

/// The version of the layout written; a file of another version is refused. Version 2 checksums
/// with XXH3-64 (version 1 had a slower multiply-rotate chain).
pub const GRAPH_VERSION: u32 = 2;

/// Bytes before the edges.
const HEADER_LEN: usize = 40;

/// Why bytes are not a compiled word graph this program reads. Each message says what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphFileError {
    /// Shorter than the header.
    #[error("truncated compiled word graph: {len} bytes, shorter than its {HEADER_LEN}-byte header")]
    ShortHeader {
        /// The file's length in bytes.
        len: usize,
    },
    /// It does not start with [`GRAPH_MAGIC`].
    #[error("not a compiled word graph (its first bytes are not the solvebatch word graph magic)")]
    Foreign,
    /// Written by a version of the layout other than [`GRAPH_VERSION`].
    #[error("compiled word graph of format version {found}; this program reads version {GRAPH_VERSION}: compile the word list again")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// Longer or shorter than its edge count says.
    #[error("{} compiled word graph: the header announces {edges} edges ({} bytes after the header) but {after_header} bytes follow it", if *after_header < edges * 8 { "truncated" } else { "over-long" }, edges * 8)]
    Length {
        /// The edge count in the header.
        edges: u64,
        /// The bytes after the header.
        after_header: u64,
    },
    /// The checksum does not match the contents.
    #[error("corrupt compiled word graph: the checksum does not match the contents")]
    Checksum,
    /// The contents match their checksum but do not form a word graph.
    #[error("corrupt compiled word graph: {0}")]
    Structure(String),
}

impl WordGraph {
    /// The graph in the compiled layout, all integers little-endian: 40 bytes of header, then 8 per
    /// edge.
    ///
    /// | offset | bytes | field |
    /// | --- | --- | --- |
    /// | 0 | 8 | magic [`GRAPH_MAGIC`] (`A7 'S' 'B' 'W' 'G' CR LF 1A`: not text, and damaged by a text-mode copy) |
    /// | 8 | 4 | format version, [`GRAPH_VERSION`] |
    /// | 12 | 4 | distinct words |
    /// | 16 | 4 | edges `E` |
    /// | 20 | 4 | root: letter bits (bit `i` for letter `i`, bit 31 when it ends a word) |
    /// | 24 | 4 | root: index of its first edge |
    /// | 28 | 4 | entries skipped in the word list the graph was built from: 0 from [`WordGraph::to_bytes`], the list's count in a cache entry ([`crate::lexicon::dictionary::Dictionary::load_cached`]) |
    /// | 32 | 8 | checksum: XXH3-64 of bytes 8..32 then of the edges |
    /// | 40 | 8 `E` | each edge's target node: letter bits, then first edge index |
    pub fn to_bytes(&self) -> Vec<u8> {
        self.to_bytes_with_skipped(0)
    }

    /// [`WordGraph::to_bytes`] keeping `skipped`, the entries of its word list that were skipped, in
    /// the header (readers that predate the field ignore it).
    pub(crate) fn to_bytes_with_skipped(&self, skipped: u32) -> Vec<u8> {
        let edges = self.edge_nodes();
        let mut bytes = Vec::with_capacity(HEADER_LEN + 8 * edges.len());
        bytes.extend_from_slice(&GRAPH_MAGIC);
        for field in [GRAPH_VERSION, self.word_count() as u32, edges.len() as u32] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        for field in [self.root().letters, self.root().first_edge, skipped] {
            bytes.extend_from_slice(&field.to_le_bytes());
        }
        bytes.extend_from_slice(&[0; 8]);
        for node in edges {
            bytes.extend_from_slice(&node.letters.to_le_bytes());
            bytes.extend_from_slice(&node.first_edge.to_le_bytes());
        }
        let sum = checksum(&bytes[8..32], &bytes[HEADER_LEN..]);
        bytes[32..40].copy_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// Whether `bytes` start as a compiled word graph does (the magic), whatever follows.
    pub fn is_compiled(bytes: &[u8]) -> bool {
        bytes.starts_with(&GRAPH_MAGIC)
    }

    /// Reads a graph written by [`WordGraph::to_bytes`]. Time and memory linear in `bytes.len()`.
    ///
    /// # Errors
    /// A [`GraphFileError`]: too short, foreign, another version, a length that disagrees with the
    /// edge count, a checksum mismatch, or contents that do not form an acyclic word graph.
    pub fn from_bytes(bytes: &[u8]) -> Result<WordGraph, GraphFileError> {
        WordGraph::from_bytes_with_skipped(bytes).map(|(graph, _)| graph)
    }

    /// [`WordGraph::from_bytes`], with the count of skipped word-list entries the header keeps.
    pub(crate) fn from_bytes_with_skipped(bytes: &[u8]) -> Result<(WordGraph, u32), GraphFileError> {
        read_graph(bytes, None)
    }

    /// A graph read from a file's bytes, its edges read in place when the file is mapped
    /// ([`Edges::mapped`]), with the count of skipped word-list entries the header keeps.
    pub(crate) fn from_file_bytes_with_skipped(
        bytes: &FileBytes,
    ) -> Result<(WordGraph, u32), GraphFileError> {
        match bytes {
            FileBytes::Mapped(map) => read_graph(map, Some(map)),
            FileBytes::Read(bytes) => read_graph(bytes, None),
        }
    }
}

/// Reads the compiled graph `bytes`, which are those of `map` when given: then its edges stay in
/// the mapped file when they can.
fn read_graph(bytes: &[u8], map: Option<&Arc<Mmap>>) -> Result<(WordGraph, u32), GraphFileError> {
    if bytes.len() < HEADER_LEN {
        let prefix = bytes.len().min(GRAPH_MAGIC.len());
        return if prefix > 0 && bytes[..prefix] == GRAPH_MAGIC[..prefix] {
            Err(GraphFileError::ShortHeader { len: bytes.len() })
        } else {
            Err(GraphFileError::Foreign)
        };
    }
    if !WordGraph::is_compiled(bytes) {
        return Err(GraphFileError::Foreign);
    }
    let field = |offset: usize| u32::from_le_bytes(bytes[offset..offset + 4].try_into().expect("4 bytes"));
    let version = field(8);
    if version != GRAPH_VERSION {
        return Err(GraphFileError::Version { found: version });
    }
    let (words, edge_count) = (field(12), field(16));
    let body = &bytes[HEADER_LEN..];
    if body.len() as u64 != u64::from(edge_count) * 8 {
        return Err(GraphFileError::Length { edges: edge_count.into(), after_header: body.len() as u64 });
    }
    let stored = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
    if checksum(&bytes[8..32], body) != stored {
        return Err(GraphFileError::Checksum);
    }
    let in_place = map.and_then(|map| Edges::mapped(Arc::clone(map), HEADER_LEN));
    let edges = in_place.unwrap_or_else(|| {
        Edges::built(
            body.chunks_exact(8)
                .map(|chunk| Node {
                    letters: u32::from_le_bytes(chunk[..4].try_into().expect("4 bytes")),
                    first_edge: u32::from_le_bytes(chunk[4..].try_into().expect("4 bytes")),
                })
                .collect(),
        )
    });
    let root = Node { letters: field(20), first_edge: field(24) };
    check_structure(&edges, root).map_err(GraphFileError::Structure)?;
    Ok((WordGraph::from_parts(edges, root, words as usize), field(28)))
}

/// Checks that `edges` and `root` form an acyclic word graph in which a word ends below every edge,
/// in one pass and no memory: every node's letter bits are letters, its edges lie before the edge
/// that leads to it (before the end for the root), so that every walk ends; and every edge leads to
/// a node that ends a word or has edges, so that, walks ending, a word ends below each.
fn check_structure(edges: &[Node], root: Node) -> Result<(), String> {
    if !is_sound(edges) {
        first_fault(edges)?;
    }
    check_node(root, edges.len()).map(|_| ())
}

/// The first edge that fails [`check_structure`]'s tests, as its message.
fn first_fault(edges: &[Node]) -> Result<(), String> {
    for (index, &node) in edges.iter().enumerate() {
        if !check_node(node, index)? && node.letters & TERMINAL == 0 {
            return Err(format!("edge {index} leads to a node below which no word ends"));
        }
    }
    Ok(())
}

/// Whether every edge passes [`first_fault`]'s tests, without branches, so that the pass over a
/// sound graph (the common case: it is read at every start) runs at memory speed; a graph that fails
/// is walked again for the first fault's message.
fn is_sound(edges: &[Node]) -> bool {
    let mut fault = 0u32;
    for (index, node) in edges.iter().enumerate() {
        let letters = node.letters & LetterSet::ALL.bits();
        let count = u64::from(letters.count_ones());
        let beyond = u64::from(node.first_edge) + count > index as u64;
        fault |= node.letters & !(TERMINAL | LetterSet::ALL.bits());
        fault |= u32::from(count > 0 && beyond);
        fault |= u32::from(count == 0 && node.letters & TERMINAL == 0);
    }
    fault == 0
}

/// Checks that `node`'s letter bits are letters and that its edges lie before `end`: before the
/// edge that leads to it, or before the end of the array for the root; whether it has edges.
fn check_node(node: Node, end: usize) -> Result<bool, String> {
    if node.letters & !(TERMINAL | LetterSet::ALL.bits()) != 0 {
        return Err(format!("a node has letter bits {:#010x}, beyond the 26 letters", node.letters));
    }
    // `rank`, not `count_ones`: without the `popcnt` instruction this check of every edge would
    // spend half its time counting bits.
    let count = rank(node.letters & LetterSet::ALL.bits()) as usize;
    let first = node.first_edge as usize;
    if count > 0 && first + count > end {
        return Err(format!("a node's edges {first}..{} do not lie before edge {end}", first + count));
    }
    Ok(count > 0)
}

/// The XXH3-64 of `header` then `body`: catches damage, not forgery, at memory speed (a
/// multiply-rotate chain over the edges took a tenth of a hint's whole process time).
fn checksum(header: &[u8], body: &[u8]) -> u64 {
    let mut hasher = Xxh3::new();
    hasher.update(header);
    hasher.update(body);
    hasher.digest()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_letters;
    use proptest::prelude::*;

    fn graph(words: &[&str]) -> WordGraph {
        WordGraph::from_sorted_words(words).unwrap()
    }

    fn error(bytes: &[u8]) -> String {
        WordGraph::from_bytes(bytes).unwrap_err().to_string()
    }

    /// `bytes` with the checksum made right again after a change.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let sum = checksum(&bytes[8..32], &bytes[HEADER_LEN..]);
        bytes[32..40].copy_from_slice(&sum.to_le_bytes());
        bytes
    }

    #[test]
    fn round_trip_keeps_words_nodes_and_edges() {
        let original = graph(&["CAT", "CATS", "HAT", "HATS"]);
        let bytes = original.to_bytes();
        // 40 bytes of header and 5 edges of 8 bytes.
        assert_eq!(bytes.len(), 40 + 5 * 8);
        assert_eq!(&bytes[..8], b"\xA7SBWG\r\n\x1A");
        let read = WordGraph::from_bytes(&bytes).unwrap();
        assert_eq!((read.word_count(), read.node_count(), read.edge_count()), (4, 5, 5));
        assert_eq!(read.edge_nodes(), original.edge_nodes());
        assert_eq!(read.root(), original.root());
        assert!(read.contains(&parse_letters("HATS").unwrap()));
        assert!(!read.contains(&parse_letters("HA").unwrap()));
        let kept = WordGraph::from_bytes_with_skipped(&original.to_bytes_with_skipped(7)).unwrap();
        assert_eq!((kept.0.edge_nodes(), kept.1), (original.edge_nodes(), 7));
        assert_eq!(WordGraph::from_bytes_with_skipped(&bytes).unwrap().1, 0);
        let empty = graph(&[]).to_bytes();
        assert_eq!(WordGraph::from_bytes(&empty).unwrap().word_count(), 0);
    }

    #[test]
    fn truncated_foreign_and_other_versions_are_refused_saying_why() {
        let bytes = graph(&["CAT", "CATS", "HAT", "HATS"]).to_bytes();
        assert_eq!(
            error(&bytes[..20]),
            "truncated compiled word graph: 20 bytes, shorter than its 40-byte header"
        );
        assert_eq!(
            error(&bytes[..75]),
            "truncated compiled word graph: the header announces 5 edges (40 bytes after the header) but 35 bytes follow it"
        );
        assert_eq!(
            error(&[&bytes[..], b"\n"].concat()),
            "over-long compiled word graph: the header announces 5 edges (40 bytes after the header) but 41 bytes follow it"
        );
        assert_eq!(
            error(b"AA\nAAH\nAAHED\nAAHING\nAAHS\nAAL\nAALII\nAALIIS\nAALS\n"),
            "not a compiled word graph (its first bytes are not the solvebatch word graph magic)"
        );
        let mut older = bytes.clone();
        older[8] = 1;
        assert_eq!(
            error(&older),
            "compiled word graph of format version 1; this program reads version 2: compile the word list again"
        );
        let mut newer = bytes.clone();
        newer[8] = 3;
        assert_eq!(
            error(&newer),
            "compiled word graph of format version 3; this program reads version 2: compile the word list again"
        );
    }

    #[test]
    fn damage_is_found_by_the_checksum_or_the_structure() {
        let bytes = graph(&["CAT", "CATS", "HAT", "HATS"]).to_bytes();
        let mut flipped = bytes.clone();
        flipped[50] ^= 0x10;
        assert_eq!(error(&flipped), "corrupt compiled word graph: the checksum does not match the contents");
        // An edge pointing at itself would make a cycle.
        let mut cycle = bytes.clone();
        let last = bytes.len() - 8;
        cycle[last + 4..].copy_from_slice(&4u32.to_le_bytes());
        cycle[last..last + 4].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(
            error(&resealed(cycle)),
            "corrupt compiled word graph: a node's edges 4..5 do not lie before edge 4"
        );
        let mut bits = bytes.clone();
        bits[40..44].copy_from_slice(&(1u32 << 27).to_le_bytes());
        assert_eq!(
            error(&resealed(bits)),
            "corrupt compiled word graph: a node has letter bits 0x08000000, beyond the 26 letters"
        );
        let mut dead_end = bytes;
        dead_end[40..44].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(
            error(&resealed(dead_end)),
            "corrupt compiled word graph: edge 0 leads to a node below which no word ends"
        );
    }

    proptest! {
        #[test]
        fn the_compiled_graph_answers_every_word_and_no_other(
            mut words in prop::collection::vec("[A-F]{1,7}", 0..80),
            probes in prop::collection::vec("[A-F]{0,8}", 0..200),
        ) {
            words.sort();
            let read = WordGraph::from_bytes(&WordGraph::from_sorted_words(&words).unwrap().to_bytes()).unwrap();
            for word in &words {
                prop_assert!(read.contains(&parse_letters(word).unwrap()), "{} missing", word);
            }
            for probe in &probes {
                let expected = words.binary_search(probe).is_ok();
                prop_assert_eq!(read.contains(&parse_letters(probe).unwrap()), expected, "{}", probe);
            }
        }

        #[test]
        fn the_branchless_pass_finds_a_fault_where_the_walk_does(
            nodes in prop::collection::vec((any::<u32>(), 0u32..12), 0..12),
        ) {
            // Letter bits mostly among a few low letters, so that sound arrays come up too.
            let edges: Vec<Node> = nodes
                .iter()
                .map(|&(bits, first_edge)| {
                    let letters = if bits % 4 == 0 { bits } else { bits & (TERMINAL | 0b111) };
                    Node { letters, first_edge }
                })
                .collect();
            prop_assert_eq!(is_sound(&edges), first_fault(&edges).is_ok());
        }

        #[test]
        fn any_damage_is_an_error_never_a_panic(
            mut words in prop::collection::vec("[A-D]{1,5}", 1..30),
            position in any::<prop::sample::Index>(),
            value in any::<u8>(),
            cut in any::<prop::sample::Index>(),
        ) {
            words.sort();
            let bytes = WordGraph::from_sorted_words(&words).unwrap().to_bytes();
            let mut damaged = bytes.clone();
            let at = position.index(bytes.len());
            damaged[at] = value;
            if damaged != bytes {
                prop_assert!(WordGraph::from_bytes(&damaged).is_err());
            }
            prop_assert!(WordGraph::from_bytes(&bytes[..cut.index(bytes.len())]).is_err());
            // With the checksum made right, the structure checks alone must hold.
            if damaged.len() >= HEADER_LEN && at >= 8 {
                let _ = WordGraph::from_bytes(&resealed(damaged));
            }
        }
    }
}
