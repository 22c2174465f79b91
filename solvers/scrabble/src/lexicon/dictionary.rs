//! The dictionary: reading a word list or a compiled word graph; membership and move generation both
//! walk the word graph (a DAWG lookup, about 35 ns a word on the bundled list, is three times as fast
//! as an `fst` set's, and building only the graph halves the time to read a word list).
//!
//! A file that starts with [`GRAPH_MAGIC`] is a compiled word graph ([`WordGraph::from_bytes`]); one
//! whose first 4-byte node is a KWG's (a NUL byte at offset 3: tile 0, the end bit, no accept bit) is
//! a KWG ([`WordGraph::from_kwg`]). Anything else is a word list: one word a line, either case (stored upper-case); lines that begin with `//` are
//! comments; blank lines are skipped; surrounding white space is trimmed; the last line may lack a
//! newline. An entry with a character other than the 26 ASCII letters is skipped and counted. A
//! UTF-8 byte order mark at the start is dropped. At most [`DICTIONARY_SIZE_LIMIT`] bytes are read.
//!
//! [`Dictionary::load_cached`] keeps the graph built from a word list in a cache folder, so that the
//! next load of the same list reads the compiled graph instead of building it again.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::file::{map_at_most, read_at_most, FileBytes, ReadError};
use crate::lexicon::graph::{WordGraph, DEADLINE_STRIDE};
use crate::lexicon::graph_file::{GraphFileError, GRAPH_MAGIC, GRAPH_VERSION};
use crate::lexicon::kwg::{is_kwg, KwgError};
use crate::tiles::letter::{Letter, LETTER_COUNT};
use solvebatch_core::Deadline;

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
    /// It starts as a KWG but is not a valid one.
    #[error(transparent)]
    Kwg(#[from] KwgError),
    /// It holds a NUL byte, which no word list has, and is neither a compiled word graph nor a KWG.
    #[error(
        "binary data (a NUL byte at offset {offset}): neither a word list, a compiled word graph nor a KWG"
    )]
    Binary {
        /// The offset of the first NUL byte.
        offset: usize,
    },
    /// It holds no word at all (an empty file, or only blank or skipped lines): it serves no play.
    #[error("it holds no word (a word list has one word a line)")]
    NoWord,
    /// The deadline given to [`Dictionary::from_bytes_before`] passed before the graph was built.
    #[error("the time limit passed before its word graph was built")]
    Interrupted,
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
    /// Reads the word list, compiled word graph or KWG at `path` (told apart by their first bytes: the
    /// module documentation): a regular file or a device (a FIFO is refused), of at most
    /// [`DICTIONARY_SIZE_LIMIT`] bytes.
    ///
    /// # Errors
    /// The file is missing, unreadable, a folder, or larger than the limit (found by its size, or for a
    /// stream after reading one byte past the limit); a compiled graph is damaged or of another
    /// version; a KWG is damaged; the file holds binary data but is neither; it holds no word. The
    /// error names `path`.
    pub fn load(path: &Path) -> Result<Dictionary, DictionaryError> {
        Dictionary::load_with_limit(path, DICTIONARY_SIZE_LIMIT, None)
    }

    /// [`Dictionary::load`], keeping the graph built from a word list in the folder `cache` (created
    /// when missing; `None`: no cache), so that loading the same list again costs hashing it (mapped,
    /// not copied) and checking its compiled graph in place instead of building the graph (29 ms for
    /// the bundled 3 MB list).
    ///
    /// The entry of a word list is `cache/HASH-vV.graph`: `HASH` the 32 hex digits of the XXH3-128
    /// hash of the list's bytes, so an edited list has another entry, and `V` the [`GRAPH_VERSION`] of
    /// the layout. It is a compiled word graph that also keeps the list's count of skipped entries.
    /// An entry is used only when it reads as a valid graph; a damaged or foreign one is rebuilt from
    /// the list and replaced. Entries are written whole (a temporary file in `cache`, then renamed). A
    /// compiled graph given as `path`, or a device, is read as it is, without the cache; a KWG is
    /// cached as a word list is.
    ///
    /// # Errors
    /// As [`Dictionary::load`], all about `path`: the cache never makes a load fail (a folder that
    /// cannot be created or written only means the graph is built each time).
    pub fn load_cached(path: &Path, cache: Option<&Path>) -> Result<Dictionary, DictionaryError> {
        Dictionary::load_with_limit(path, DICTIONARY_SIZE_LIMIT, cache)
    }

    /// [`Dictionary::load_cached`] with another size limit, in bytes.
    pub(crate) fn load_with_limit(
        path: &Path,
        limit: u64,
        cache: Option<&Path>,
    ) -> Result<Dictionary, DictionaryError> {
        let fail = |error: DictionaryFault| DictionaryError { path: path.to_path_buf(), error };
        let bytes = map_at_most(path, limit).map_err(|error| fail(error.into()))?;
        Dictionary::from_loaded(bytes, limit, cache).and_then(Dictionary::with_words).map_err(fail)
    }

    /// [`Dictionary::load_with_limit`] on the bytes read, its errors not yet naming the file.
    fn from_loaded(
        bytes: FileBytes,
        limit: u64,
        cache: Option<&Path>,
    ) -> Result<Dictionary, DictionaryFault> {
        // A device, which might give other bytes when read again, is read once, without the cache.
        let listed = matches!(bytes, FileBytes::Mapped(_)) && !WordGraph::is_compiled(&bytes);
        let Some(folder) = cache.filter(|_| listed) else {
            return Dictionary::from_file(bytes);
        };
        let entry = folder.join(cache_entry_name(xxhash_rust::xxh3::xxh3_128(&bytes)));
        if let Some(dictionary) = read_cache_entry(&entry, limit) {
            return Ok(dictionary);
        }
        let dictionary = Dictionary::from_file(bytes)?;
        // The cache only saves time: when it cannot be written, the next load builds the graph again.
        let _ = dictionary.write_cache_entry(folder, &entry);
        Ok(dictionary)
    }

    /// `self`, unless it holds no word.
    fn with_words(self) -> Result<Dictionary, DictionaryFault> {
        if self.is_empty() {
            Err(DictionaryFault::NoWord)
        } else {
            Ok(self)
        }
    }

    /// A dictionary from a file's bytes ([`Dictionary::from_bytes`]), a mapped compiled graph read
    /// in place.
    fn from_file(bytes: FileBytes) -> Result<Dictionary, DictionaryFault> {
        if WordGraph::is_compiled(&bytes) {
            let (graph, skipped) = WordGraph::from_file_bytes_with_skipped(&bytes)?;
            return Ok(Dictionary { graph, skipped: skipped as usize });
        }
        if is_kwg(&bytes) {
            return Ok(Dictionary { graph: WordGraph::from_kwg(&bytes)?, skipped: 0 });
        }
        Dictionary::from_any_bytes(bytes.into_vec(), Deadline::NEVER)
    }

    /// A dictionary from a file's bytes: a compiled word graph when they start with [`GRAPH_MAGIC`],
    /// a KWG when they start as one (module documentation), else a word list
    /// ([`Dictionary::from_text`]).
    ///
    /// # Errors
    /// A damaged compiled graph or KWG, binary data (a NUL byte) that is neither, or no word at all.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Dictionary, DictionaryFault> {
        Dictionary::from_bytes_before(bytes, Deadline::NEVER)
    }

    /// [`Dictionary::from_bytes`], giving up once `deadline` passes: a word list's build looks at it
    /// before it starts, every [`DEADLINE_STRIDE`] entries as the list is read, before sorting the
    /// words of each first letter and every [`DEADLINE_STRIDE`] words as the graph is built (a
    /// compiled graph or a KWG, checked in one pass, before it is read).
    ///
    /// # Errors
    /// As [`Dictionary::from_bytes`]; [`DictionaryFault::Interrupted`] when the deadline passed first.
    pub fn from_bytes_before(bytes: Vec<u8>, deadline: Deadline<'_>) -> Result<Dictionary, DictionaryFault> {
        if deadline.passed() {
            return Err(DictionaryFault::Interrupted);
        }
        Dictionary::from_any_bytes(bytes, deadline).and_then(Dictionary::with_words)
    }

    /// [`Dictionary::from_bytes_before`], an empty dictionary allowed.
    fn from_any_bytes(bytes: Vec<u8>, deadline: Deadline<'_>) -> Result<Dictionary, DictionaryFault> {
        if bytes.starts_with(&GRAPH_MAGIC) {
            let (graph, skipped) = WordGraph::from_bytes_with_skipped(&bytes)?;
            return Ok(Dictionary { graph, skipped: skipped as usize });
        }
        if is_kwg(&bytes) {
            return Ok(Dictionary { graph: WordGraph::from_kwg(&bytes)?, skipped: 0 });
        }
        if let Some(offset) = bytes.iter().position(|&byte| byte == 0) {
            return Err(DictionaryFault::Binary { offset });
        }
        Dictionary::from_text_before(bytes, deadline).ok_or(DictionaryFault::Interrupted)
    }

    /// Reads a word list from its bytes (any encoding: a line with a byte other than an ASCII letter
    /// is a skipped entry; a leading UTF-8 byte order mark is dropped).
    pub fn from_text(text: Vec<u8>) -> Dictionary {
        Dictionary::from_text_before(text, Deadline::NEVER).expect("no deadline to pass")
    }

    /// [`Dictionary::from_text`], or `None` once `deadline` has passed (see
    /// [`Dictionary::from_bytes_before`]). The words are sorted a first letter at a time (each
    /// listed in the bucket of its letter as it is read), so that no single step outlasts the
    /// deadline by more than the sort of one letter's words.
    fn from_text_before(mut text: Vec<u8>, deadline: Deadline<'_>) -> Option<Dictionary> {
        text.make_ascii_uppercase();
        let mut buckets: Vec<Vec<&[u8]>> = vec![Vec::new(); LETTER_COUNT];
        let mut skipped = 0;
        for (index, (_, entry, is_word)) in list_entries(&text).enumerate() {
            if index % DEADLINE_STRIDE == 0 && deadline.passed() {
                return None;
            }
            if is_word {
                buckets[usize::from(entry[0] - b'A')].push(entry);
            } else {
                skipped += 1;
            }
        }
        for bucket in &mut buckets {
            if deadline.passed() {
                return None;
            }
            bucket.sort_unstable();
            bucket.dedup();
        }
        let graph = WordGraph::from_sorted_words_before(buckets.iter().flatten(), deadline)?;
        Some(Dictionary { graph, skipped })
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

    /// The number of entries skipped for a character other than a letter (repeats counted); for a
    /// compiled graph, the count its header keeps (0 from `scrabble compile`, the word list's count in
    /// a cache entry).
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// The entries of the word list `text` that [`Dictionary::from_text`] skips, as written, each with
    /// its line number (from 1), in file order: what [`Dictionary::skipped`] counts.
    pub fn skipped_entries(text: &[u8]) -> Vec<(usize, String)> {
        list_entries(text)
            .filter(|(_, _, is_word)| !is_word)
            .map(|(line, entry, _)| (line, String::from_utf8_lossy(entry).into_owned()))
            .collect()
    }

    /// What reading the word list `name` (its bytes `list`) skipped, as every front end reports it:
    /// `NAME: skipped N entries with a character other than a letter, the first on line L: "ENTRY"`
    /// (`1 entry ...: line L: "ENTRY"` for one; the entry quoted as Rust writes a string, so that
    /// control characters show as escapes); `None` when nothing was skipped. The first entry is
    /// looked up in `list` (a cached graph keeps only the count), and left out when `list` does not
    /// hold it.
    pub fn skipped_note(&self, name: &str, list: &[u8]) -> Option<String> {
        let (count, where_) = match self.skipped {
            0 => return None,
            1 => ("1 entry".to_string(), ":"),
            count => (format!("{count} entries"), ", the first on"),
        };
        let first = Dictionary::skipped_entries(list).into_iter().next();
        let shown =
            first.map_or_else(String::new, |(line, entry)| format!("{where_} line {line}: {entry:?}"));
        Some(format!("{name}: skipped {count} with a character other than a letter{shown}"))
    }

    /// [`Dictionary::skipped_note`] of the dictionary read from `path`, named as `path` displays;
    /// the list is read again only when entries were skipped and it is a regular file (a device might
    /// give other bytes).
    pub fn skipped_note_of(&self, path: &Path) -> Option<String> {
        if self.skipped == 0 {
            return None;
        }
        let regular = std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file());
        let list =
            regular.then(|| read_at_most(path, DICTIONARY_SIZE_LIMIT).ok()).flatten().unwrap_or_default();
        self.skipped_note(&path.display().to_string(), &list)
    }

    /// The word graph (a DAWG) of the same words, for move generation.
    pub fn graph(&self) -> &WordGraph {
        &self.graph
    }

    /// How often each letter occurs across all distinct words, by letter index (`A` = 0): the input of
    /// [`crate::tiles::TileSet::from_frequencies`].
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

    /// Writes the graph and the skipped count to `entry` in `folder` (created when missing), whole or
    /// not at all: a temporary file in `folder`, renamed over any older entry.
    fn write_cache_entry(&self, folder: &Path, entry: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(folder)?;
        let mut file = tempfile::NamedTempFile::new_in(folder)?;
        let skipped = u32::try_from(self.skipped).unwrap_or(u32::MAX);
        file.write_all(&self.graph.to_bytes_with_skipped(skipped))?;
        file.persist(entry)?;
        Ok(())
    }
}

/// The file name of the cache entry of a word list whose bytes have the XXH3-128 hash `hash` (see
/// [`Dictionary::load_cached`]).
fn cache_entry_name(hash: u128) -> String {
    format!("{hash:032x}-v{GRAPH_VERSION}.graph")
}

/// The dictionary kept in the cache entry `entry`, or `None` when it is missing, unreadable or not a
/// valid compiled graph (then it is built again and replaced).
fn read_cache_entry(entry: &Path, limit: u64) -> Option<Dictionary> {
    let bytes = map_at_most(entry, limit).ok()?;
    let (graph, skipped) = WordGraph::from_file_bytes_with_skipped(&bytes).ok()?;
    Some(Dictionary { graph, skipped: skipped as usize })
}

/// The entries of the word list `text` (comments and blank lines left out), each with its line
/// number from 1 and whether it is a word (letters only, in either case).
fn list_entries(text: &[u8]) -> impl Iterator<Item = (usize, &[u8], bool)> {
    let body = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    body.split(|&byte| byte == b'\n').enumerate().filter_map(|(index, line)| {
        let entry = line.trim_ascii();
        let listed = !entry.is_empty() && !entry.starts_with(b"//");
        listed.then(|| (index + 1, entry, entry.iter().all(u8::is_ascii_alphabetic)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::letter::parse_letters;

    fn has(dictionary: &Dictionary, word: &str) -> bool {
        dictionary.contains(&parse_letters(word).unwrap())
    }

    /// The words of a generated list: every word of two to five letters from A to H (37,440 words,
    /// over 230 KB), listed from the last to the first so that the build must sort them.
    fn generated_list() -> Vec<u8> {
        let mut words = Vec::new();
        for length in 2..=5u32 {
            for index in 0..8usize.pow(length) {
                let word: Vec<u8> = (0..length).map(|at| b'A' + (index / 8usize.pow(at) % 8) as u8).collect();
                words.push(word);
            }
        }
        words.reverse();
        words.join(&b'\n')
    }

    #[test]
    fn a_word_list_built_past_its_deadline_stops_and_one_built_in_time_is_whole() {
        let list = generated_list();
        let past = Deadline::at(Some(std::time::Instant::now()));
        let error = Dictionary::from_bytes_before(list.clone(), past).unwrap_err();
        assert!(matches!(error, DictionaryFault::Interrupted));
        assert_eq!(error.to_string(), "the time limit passed before its word graph was built");
        let stop = std::sync::atomic::AtomicBool::new(true);
        let stopped = Dictionary::from_bytes_before(list.clone(), Deadline::NEVER.or_flag(&stop));
        assert!(matches!(stopped, Err(DictionaryFault::Interrupted)));
        let later = Deadline::at(Some(std::time::Instant::now() + std::time::Duration::from_secs(3600)));
        let built = Dictionary::from_bytes_before(list, later).unwrap();
        assert_eq!(built.len(), 64 + 512 + 4096 + 32_768);
        assert!(has(&built, "AB") && has(&built, "HHHHH") && has(&built, "ACEGH") && !has(&built, "ABCDEF"));
        assert_eq!(built.graph().all_words().first().map(String::as_str), Some("AA"));
    }

    #[test]
    fn comments_blank_lines_case_and_white_space() {
        let dictionary = Dictionary::from_text(text_of_comments_test());
        assert_eq!(dictionary.len(), 3);
        assert_eq!(dictionary.skipped(), 3);
        assert!(has(&dictionary, "CAT") && has(&dictionary, "dog") && has(&dictionary, "ox"));
        assert!(!has(&dictionary, "MOUSE"));
        assert_eq!(dictionary.graph().word_count(), 3);
        let skipped = Dictionary::skipped_entries(&text_of_comments_test());
        let expected = [(6, "hen\tx".to_string()), (8, "na\u{fffd}ve".to_string()), (9, "it's".to_string())];
        assert_eq!(skipped, expected);
    }

    fn text_of_comments_test() -> Vec<u8> {
        b"// a comment\n  cat \r\n\nDog\n//mouse\nhen\tx\ncat\nna\xefve\nit's\nOX".to_vec()
    }

    #[test]
    fn a_word_list_with_no_word_is_an_error_naming_the_file() {
        let folder = tempfile::tempdir().unwrap();
        for (name, text) in [("empty.txt", &b""[..]), ("comments.txt", b"// words\n\nit's\n")] {
            let path = folder.path().join(name);
            std::fs::write(&path, text).unwrap();
            let error = Dictionary::load(&path).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "{}: cannot read the dictionary: it holds no word (a word list has one word a line)",
                    path.display()
                )
            );
            assert!(matches!(Dictionary::from_bytes(text.to_vec()), Err(DictionaryFault::NoWord)));
        }
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
        assert_eq!(Dictionary::load_with_limit(&path, 11, None).unwrap().len(), 3);
        let error = Dictionary::load_with_limit(&path, 10, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{}: cannot read the dictionary: it is larger than the limit of 10 bytes",
                path.display()
            )
        );
        std::fs::remove_file(path).unwrap();
        let cache = std::env::temp_dir().join(format!("solvebatch-scrabble-cache-{}", std::process::id()));
        let error = Dictionary::load_with_limit(Path::new("/dev/zero"), 64 << 10, Some(&cache)).unwrap_err();
        assert!(!cache.exists(), "a device is not cached");
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

    /// The name of the cache entry of the word list `text`.
    fn entry_name(text: &[u8]) -> String {
        cache_entry_name(xxhash_rust::xxh3::xxh3_128(text))
    }

    /// The cache entries in `folder`, by name.
    fn entries(folder: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_cached_word_list_answers_as_the_list_and_the_second_load_reads_the_entry() {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datasets/scrabble/dictionary.txt");
        let dir = tempfile::tempdir().unwrap();
        let list = dir.path().join("words.txt");
        let words = std::fs::read_to_string(&data).unwrap();
        let text = [words.as_bytes(), b"it's\nna\xefve\n"].concat();
        std::fs::write(&list, &text).unwrap();
        let cache = dir.path().join("cache");
        let built = Dictionary::load(&list).unwrap();
        let first = Dictionary::load_cached(&list, Some(&cache)).unwrap();
        let name = entry_name(&text);
        assert_eq!(entries(&cache), std::slice::from_ref(&name));
        assert!(name[..32].bytes().all(|byte| byte.is_ascii_hexdigit()), "{name}");
        assert_eq!(name[32..], format!("-v{GRAPH_VERSION}.graph"));
        let second = Dictionary::load_cached(&list, Some(&cache)).unwrap();
        for dictionary in [&first, &second] {
            assert_eq!((dictionary.len(), dictionary.skipped()), (built.len(), 2));
            assert_eq!(dictionary.graph().edge_nodes(), built.graph().edge_nodes());
        }
        for line in words.lines().filter(|line| !line.starts_with("//")) {
            let word = parse_letters(line.trim()).unwrap();
            assert!(second.contains(&word), "{line}");
            // The word with a letter added at the end is a word exactly when the list has it.
            let mut longer = word.clone();
            longer.push(parse_letters("Q").unwrap()[0]);
            assert_eq!(second.contains(&longer), built.contains(&longer), "{line}Q");
        }
        for non_word in ["QQQ", "XYZZY", "ZZZZZZZZ", "AAAAB"] {
            assert!(!has(&second, non_word), "{non_word}");
        }
        // The entry is what the second load reads: another valid graph under its name is believed.
        std::fs::write(cache.join(&name), Dictionary::from_text(b"cat\ndog\n".to_vec()).graph().to_bytes())
            .unwrap();
        let read = Dictionary::load_cached(&list, Some(&cache)).unwrap();
        assert_eq!((read.len(), read.skipped()), (2, 0));
        assert!(has(&read, "DOG"));
    }

    #[test]
    fn an_edited_list_gets_its_own_entry() {
        let dir = tempfile::tempdir().unwrap();
        let (list, cache) = (dir.path().join("words.txt"), dir.path().join("cache"));
        std::fs::write(&list, b"cat\ndog\n").unwrap();
        let before = Dictionary::load_cached(&list, Some(&cache)).unwrap();
        std::fs::write(&list, b"cat\ncow\nox-en\n").unwrap();
        let after = Dictionary::load_cached(&list, Some(&cache)).unwrap();
        assert!(has(&before, "DOG") && !has(&before, "COW"));
        assert!(has(&after, "COW") && !has(&after, "DOG"));
        assert_eq!((after.len(), after.skipped()), (2, 1));
        let mut expected = [entry_name(b"cat\ndog\n"), entry_name(b"cat\ncow\nox-en\n")];
        expected.sort();
        assert_eq!(entries(&cache), expected);
    }

    #[test]
    fn a_damaged_entry_is_never_trusted_but_rebuilt_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let (list, cache) = (dir.path().join("words.txt"), dir.path().join("cache"));
        let text = b"cat\ncats\nhat\nit's\n";
        std::fs::write(&list, text).unwrap();
        let entry = cache.join(entry_name(text));
        Dictionary::load_cached(&list, Some(&cache)).unwrap();
        let good = std::fs::read(&entry).unwrap();
        let mut flipped = good.clone();
        flipped[44] ^= 1;
        for damaged in [flipped, good[..50].to_vec(), b"cat\n".to_vec(), Vec::new()] {
            std::fs::write(&entry, &damaged).unwrap();
            let dictionary = Dictionary::load_cached(&list, Some(&cache)).unwrap();
            assert_eq!((dictionary.len(), dictionary.skipped()), (3, 1));
            assert!(has(&dictionary, "CATS") && !has(&dictionary, "HATS"));
            assert_eq!(std::fs::read(&entry).unwrap(), good);
        }
        assert_eq!(entries(&cache).len(), 1, "no temporary file is left");
    }

    #[test]
    fn a_cache_that_cannot_be_written_still_answers() {
        let dir = tempfile::tempdir().unwrap();
        let list = dir.path().join("words.txt");
        std::fs::write(&list, b"cat\ndog\n").unwrap();
        // A folder inside a regular file can be created by nobody, not even by root.
        let cache = list.join("cache");
        let dictionary = Dictionary::load_cached(&list, Some(&cache)).unwrap();
        assert!(has(&dictionary, "CAT") && has(&dictionary, "DOG"));
        let error = Dictionary::load_cached(&dir.path().join("none.txt"), Some(&cache)).unwrap_err();
        assert!(error.to_string().contains("none.txt: cannot read the dictionary: "), "{error}");
    }

    #[test]
    fn a_compiled_graph_is_read_as_it_is_without_the_cache() {
        let dir = tempfile::tempdir().unwrap();
        let (path, cache) = (dir.path().join("words.graph"), dir.path().join("cache"));
        std::fs::write(&path, Dictionary::from_text(b"cat\n".to_vec()).graph().to_bytes()).unwrap();
        assert!(has(&Dictionary::load_cached(&path, Some(&cache)).unwrap(), "CAT"));
        assert!(!cache.exists());
    }

    #[test]
    fn binary_data_is_neither_a_word_list_nor_a_graph() {
        let error = Dictionary::from_bytes(b"\x1f\x8b\x08\x00\x00\x00".to_vec()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "binary data (a NUL byte at offset 3): neither a word list, a compiled word graph nor a KWG"
        );
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = Dictionary::load(Path::new("no/such/words.txt")).unwrap_err();
        assert!(error.to_string().starts_with("no/such/words.txt: cannot read the dictionary: "), "{error}");
    }
}
