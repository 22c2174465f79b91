//! The dictionary: reading a word list or a compiled word graph; membership and move generation both
//! walk the word graph (a DAWG lookup, about 35 ns a word on the bundled list, is three times as fast
//! as an `fst` set's, and building only the graph halves the time to read a word list).
//!
//! A file that starts with [`GRAPH_MAGIC`] is a compiled word graph ([`WordGraph::from_bytes`]).
//! Anything else is a word list: one word a line, either case (stored upper-case); lines that begin with `//` are
//! comments; blank lines are skipped; surrounding white space is trimmed; the last line may lack a
//! newline. An entry with a character other than the 26 ASCII letters is skipped and counted. A
//! UTF-8 byte order mark at the start is dropped. At most [`DICTIONARY_SIZE_LIMIT`] bytes are read.

use std::path::{Path, PathBuf};

use crate::file::{read_at_most, ReadError};
use crate::graph::WordGraph;
use crate::graph_file::{GraphFileError, GRAPH_MAGIC};
use crate::letter::{Letter, LETTER_COUNT};

/// The largest dictionary file read, in bytes: 256 MiB, room for over 20 million words of up to 11
/// letters (a 10-million-word list of words up to 15 letters takes about 100 MiB).
pub const DICTIONARY_SIZE_LIMIT: u64 = 256 << 20;

/// The start of a text file written with a UTF-8 byte order mark.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// A dictionary that could not be read. The message is complete (it names the file and says what is
/// wrong), so it has no separate source.
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot read the dictionary: {error}", path.display())]
pub struct DictionaryError {
    /// The file as given.
    pub path: PathBuf,
    /// What is wrong.
    pub error: DictionaryFault,
}

/// What is wrong with a dictionary file.
#[derive(Debug, thiserror::Error)]
pub enum DictionaryFault {
    /// What the operating system said, or that the file is a folder or past [`DICTIONARY_SIZE_LIMIT`].
    #[error(transparent)]
    Read(#[from] ReadError),
    /// It starts as a compiled word graph but is not a valid one.
    #[error(transparent)]
    Graph(#[from] GraphFileError),
    /// It holds a NUL byte, which no word list has, and is not a compiled word graph.
    #[error("binary data (a NUL byte at offset {offset}): neither a word list nor a compiled word graph")]
    Binary {
        /// The offset of the first NUL byte.
        offset: usize,
    },
}

/// A set of upper-case words, held as a word graph.
///
/// Words of one letter may be listed but never count as words on the board.
#[derive(Debug, Clone)]
pub struct Dictionary {
    /// The distinct words, for membership and move generation.
    graph: WordGraph,
    /// Entries with a character other than a letter.
    skipped: usize,
}

impl Dictionary {
    /// Reads the word list or compiled word graph at `path` (told apart by the graph's magic bytes): a
    /// regular file or a device (a FIFO is refused), of at most [`DICTIONARY_SIZE_LIMIT`] bytes.
    ///
    /// # Errors
    /// The file is missing, unreadable, a folder, or larger than the limit (found by its size, or for a
    /// stream after reading one byte past the limit); a compiled graph is damaged or of another
    /// version; the file holds binary data but is no compiled graph. The error names `path`.
    pub fn load(path: &Path) -> Result<Dictionary, DictionaryError> {
        Dictionary::load_with_limit(path, DICTIONARY_SIZE_LIMIT)
    }

    /// [`Dictionary::load`] with another size limit, in bytes.
    pub(crate) fn load_with_limit(path: &Path, limit: u64) -> Result<Dictionary, DictionaryError> {
        let fail = |error: DictionaryFault| DictionaryError { path: path.to_path_buf(), error };
        let bytes = read_at_most(path, limit).map_err(|error| fail(error.into()))?;
        Dictionary::from_bytes(bytes).map_err(fail)
    }

    /// A dictionary from a file's bytes: a compiled word graph when they start with [`GRAPH_MAGIC`],
    /// else a word list ([`Dictionary::from_text`]).
    ///
    /// # Errors
    /// A damaged compiled graph, or binary data (a NUL byte) that is no compiled graph.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Dictionary, DictionaryFault> {
        if bytes.starts_with(&GRAPH_MAGIC) {
            return Ok(Dictionary { graph: WordGraph::from_bytes(&bytes)?, skipped: 0 });
        }
        if let Some(offset) = bytes.iter().position(|&byte| byte == 0) {
            return Err(DictionaryFault::Binary { offset });
        }
        Ok(Dictionary::from_text(bytes))
    }

    /// Reads a word list from its bytes (any encoding: a line with a byte other than an ASCII letter
    /// is a skipped entry; a leading UTF-8 byte order mark is dropped).
    pub fn from_text(mut text: Vec<u8>) -> Dictionary {
        text.make_ascii_uppercase();
        let body = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(&text);
        let mut entries: Vec<&[u8]> = Vec::new();
        let mut skipped = 0;
        for line in body.split(|&byte| byte == b'\n') {
            let entry = line.trim_ascii();
            if entry.is_empty() || entry.starts_with(b"//") {
                continue;
            }
            if entry.iter().all(u8::is_ascii_uppercase) {
                entries.push(entry);
            } else {
                skipped += 1;
            }
        }
        entries.sort_unstable();
        entries.dedup();
        let graph = WordGraph::from_sorted_words(&entries).expect("sorted upper-case entries");
        Dictionary { graph, skipped }
    }

    /// Whether `word` is in the dictionary.
    pub fn contains(&self, word: &[Letter]) -> bool {
        self.graph.contains(word)
    }

    /// The number of distinct words.
    pub fn len(&self) -> usize {
        self.graph.word_count()
    }

    /// Whether there is no word at all.
    pub fn is_empty(&self) -> bool {
        self.graph.word_count() == 0
    }

    /// The number of entries skipped for a character other than a letter (repeats counted); 0 for a
    /// compiled graph.
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The word graph (a DAWG) of the same words, for move generation.
    pub fn graph(&self) -> &WordGraph {
        &self.graph
    }

    /// How often each letter occurs across all distinct words, by letter index (`A` = 0): the input of
    /// [`crate::TileSet::from_frequencies`].
    pub fn letter_frequencies(&self) -> [u64; LETTER_COUNT] {
        let graph = &self.graph;
        let mut counts = [0u64; LETTER_COUNT];
        // The letters read from the root to the node on top of the stack.
        let mut prefix = [0u64; LETTER_COUNT];
        // Depth first over every path from the root, on a stack of its own: the depth is the longest
        // word's length, which the input decides. Each entry: a node, the letters below it still to
        // visit (bits), and the index of the letter that led to it.
        let mut stack = vec![(graph.root(), graph.children(graph.root()).bits(), None)];
        while let Some((node, remaining, _)) = stack.last_mut() {
            if *remaining == 0 {
                if let Some((_, _, Some(letter))) = stack.pop() {
                    prefix[letter] -= 1;
                }
                continue;
            }
            let letter = remaining.trailing_zeros() as usize;
            *remaining &= *remaining - 1;
            let child = graph.listed_child(*node, letter);
            prefix[letter] += 1;
            if graph.is_terminal(child) {
                counts.iter_mut().zip(prefix).for_each(|(count, letters)| *count += letters);
            }
            stack.push((child, graph.children(child).bits(), Some(letter)));
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::letter::parse_letters;

    fn has(dictionary: &Dictionary, word: &str) -> bool {
        dictionary.contains(&parse_letters(word).unwrap())
    }

    #[test]
    fn comments_blank_lines_case_and_white_space() {
        let text = b"// a comment\n  cat \r\n\nDog\n//mouse\nhen\tx\ncat\nna\xefve\nit's\nOX".to_vec();
        let dictionary = Dictionary::from_text(text);
        assert_eq!(dictionary.len(), 3);
        assert_eq!(dictionary.skipped(), 3);
        assert!(has(&dictionary, "CAT") && has(&dictionary, "dog") && has(&dictionary, "ox"));
        assert!(!has(&dictionary, "MOUSE"));
        assert_eq!(dictionary.graph().word_count(), 3);
    }

    #[test]
    fn letter_frequencies_count_distinct_words() {
        let dictionary = Dictionary::from_text(b"aab\nAAB\nac\n".to_vec());
        let counts = dictionary.letter_frequencies();
        assert_eq!(&counts[..4], &[3, 1, 1, 0]);
    }

    /// The walk's depth is the longest word's length: a word of a million letters needs no deep stack.
    #[test]
    fn letter_frequencies_of_a_word_of_a_million_letters() {
        let mut text = vec![b'a'; 1_000_000];
        text.extend_from_slice(b"b\nab\n");
        let counts = Dictionary::from_text(text).letter_frequencies();
        assert_eq!(&counts[..3], &[1_000_001, 2, 0]);
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped() {
        let dictionary = Dictionary::from_text(b"\xEF\xBB\xBFcat\ndog\n\xEF\xBB\xBFox\n".to_vec());
        assert!(has(&dictionary, "CAT") && has(&dictionary, "DOG"));
        // Only at the start of the file: elsewhere it is a character other than a letter.
        assert_eq!((dictionary.len(), dictionary.skipped()), (2, 1));
    }

    #[test]
    fn a_file_past_the_limit_is_refused_naming_the_file_and_the_limit() {
        let path = std::env::temp_dir().join(format!("solvebatch-scrabble-words-{}.txt", std::process::id()));
        std::fs::write(&path, b"cat\ndog\nox\n").unwrap();
        assert_eq!(Dictionary::load_with_limit(&path, 11).unwrap().len(), 3);
        let error = Dictionary::load_with_limit(&path, 10).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{}: cannot read the dictionary: it is larger than the limit of 10 bytes",
                path.display()
            )
        );
        std::fs::remove_file(path).unwrap();
        let error = Dictionary::load_with_limit(Path::new("/dev/zero"), 64 << 10).unwrap_err();
        assert_eq!(
            error.to_string(),
            "/dev/zero: cannot read the dictionary: it is larger than the limit of 64 KiB"
        );
    }

    #[test]
    fn a_compiled_graph_loads_as_the_same_words_and_damage_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let text = b"cat\ncats\nhat\nit's\n".to_vec();
        let path = dir.path().join("words.graph");
        std::fs::write(&path, Dictionary::from_text(text).graph().to_bytes()).unwrap();
        let compiled = Dictionary::load(&path).unwrap();
        assert_eq!((compiled.len(), compiled.skipped()), (3, 0));
        assert!(has(&compiled, "CATS") && !has(&compiled, "HATS"));
        assert_eq!(compiled.letter_frequencies()[..3], [3, 0, 2]);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes.truncate(60);
        std::fs::write(&path, bytes).unwrap();
        assert_eq!(
            Dictionary::load(&path).unwrap_err().to_string(),
            format!(
                "{}: cannot read the dictionary: truncated compiled word graph: the header announces 7 edges (56 bytes after the header) but 20 bytes follow it",
                path.display()
            )
        );
    }

    #[test]
    fn binary_data_is_neither_a_word_list_nor_a_graph() {
        let error = Dictionary::from_bytes(b"\x1f\x8b\x08\x00\x00\x00".to_vec()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "binary data (a NUL byte at offset 3): neither a word list nor a compiled word graph"
        );
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = Dictionary::load(Path::new("no/such/words.txt")).unwrap_err();
        assert!(error.to_string().starts_with("no/such/words.txt: cannot read the dictionary: "), "{error}");
    }
}
