//! The lexicon: a [`Dictionary`](dictionary::Dictionary) (a word list, comments and either case
//! allowed, a compiled word graph or a KWG) held as a minimal DAWG ([`graph::WordGraph`]) over an
//! edge array ([`edges`]) for membership and move generation; the compiled graph's file form
//! ([`graph_file`]), the KWG of wolges, MAGPIE and Woogles ([`kwg`]), and the word finder
//! ([`words::find_words`]: every word some of a rack's tiles spell).

pub mod dictionary;
pub mod edges;
pub mod graph;
pub mod graph_file;
pub mod kwg;
pub mod words;
