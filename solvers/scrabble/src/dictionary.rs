//! The dictionary: reading a word list, membership (an `fst` set) and the word graph for move generation.
//!
//! File format: one word a line, either case (stored upper-case); lines that begin with `//` are
//! comments; blank lines are skipped; surrounding white space is trimmed; the last line may lack a
//! newline. An entry with a character other than the 26 ASCII letters is skipped and counted. A
//! UTF-8 byte order mark at the start is dropped. At most [`DICTIONARY_SIZE_LIMIT`] bytes are read.

use std::path::{Path, PathBuf};

use fst::{IntoStreamer, Streamer};

use crate::file::{read_at_most, ReadError};
use crate::graph::WordGraph;
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
    /// What the operating system said, or that the file is a folder or past [`DICTIONARY_SIZE_LIMIT`].
    pub error: ReadError,
}

/// A set of upper-case words, with its word graph.
///
/// Words of one letter may be listed but never count as words on the board.
#[derive(Debug, Clone)]
pub struct Dictionary {
    /// The distinct words as upper-case ASCII, for membership.
    words: fst::Set<Vec<u8>>,
    /// The same words, for move generation.
    graph: WordGraph,
    /// Entries with a character other than a letter.
    skipped: usize,
}

impl Dictionary {
    /// Reads the word list at `path`: a regular file or a device (a FIFO is refused), of at most
    /// [`DICTIONARY_SIZE_LIMIT`] bytes.
    ///
    /// # Errors
    /// The file is missing, unreadable, a folder, or larger than the limit (found by its size, or for a
    /// stream after reading one byte past the limit); the error names `path`.
    pub fn load(path: &Path) -> Result<Dictionary, DictionaryError> {
        Dictionary::load_with_limit(path, DICTIONARY_SIZE_LIMIT)
    }

    /// [`Dictionary::load`] with another size limit, in bytes.
    pub(crate) fn load_with_limit(path: &Path, limit: u64) -> Result<Dictionary, DictionaryError> {
        let text =
            read_at_most(path, limit).map_err(|error| DictionaryError { path: path.to_path_buf(), error })?;
        Ok(Dictionary::from_text(text))
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
        let words = fst::Set::from_iter(&entries).expect("sorted distinct entries");
        let graph = WordGraph::from_sorted_words(&entries).expect("sorted upper-case entries");
        Dictionary { words, graph, skipped }
    }

    /// Whether `word` is in the dictionary.
    pub fn contains(&self, word: &[Letter]) -> bool {
        let bytes: Vec<u8> = word.iter().map(|letter| letter.to_ascii()).collect();
        self.words.contains(bytes)
    }

    /// The number of distinct words.
    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether there is no word at all.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The number of entries skipped for a character other than a letter (repeats counted).
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
        let mut counts = [0u64; LETTER_COUNT];
        let mut stream = self.words.into_stream();
        while let Some(word) = stream.next() {
            for &byte in word {
                counts[(byte - b'A') as usize] += 1;
            }
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
    fn a_missing_file_is_named() {
        let error = Dictionary::load(Path::new("no/such/words.txt")).unwrap_err();
        assert!(error.to_string().starts_with("no/such/words.txt: cannot read the dictionary: "), "{error}");
    }
}
