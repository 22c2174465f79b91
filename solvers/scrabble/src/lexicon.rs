//! The lexicon: a [`Dictionary`] (a word list, comments and either case allowed, a compiled word
//! graph or a KWG) held as a minimal DAWG ([`WordGraph`]) for membership and move generation, the
//! compiled graph's file form ([`WordGraph::to_bytes`], [`WordGraph::from_bytes`], [`GRAPH_MAGIC`]),
//! the KWG of wolges, MAGPIE and Woogles ([`WordGraph::from_kwg`], [`WordGraph::to_kwg`]), and the
//! word finder ([`find_words`]: every word some of a rack's tiles spell).

pub use crate::dictionary::{Dictionary, DictionaryError, DictionaryFault, DICTIONARY_SIZE_LIMIT};
pub use crate::graph::{Node, WordGraph, WordGraphError};
pub use crate::graph_file::{GraphFileError, GRAPH_MAGIC, GRAPH_VERSION};
pub use crate::kwg::KwgError;
pub use crate::words::{find_words, FoundWord};
