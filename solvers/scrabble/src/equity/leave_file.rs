//! Leave files: the project's text form ([`LeaveTable::parse`]) or the KLV2 file of wolges and
//! MAGPIE (and its older KLV form), told apart by content, read by [`LeaveTable::load`].
//!
//! The KLV2 format, as wolges' reader (`src/klv.rs` of andy-k/wolges) reads it, all integers
//! little-endian: a 32-bit count `K` of nodes, a KWG of `K` nodes ([`crate::lexicon::kwg`]) whose DAWG words
//! are the leaves, each leave's tiles in ascending tile order (tile 0 the blank, 1 to 26 `A` to
//! `Z`), then a 32-bit count `N` of values and the `N` values, one per leave in the order of the
//! DAWG's words (depth first, tiles ascending, a leave before its extensions): 32-bit floats in
//! points in a KLV2, or 16-bit signed integers in 1/256 points in a KLV (told apart by the bytes
//! left: `4N` or `2N`). The text form has no NUL byte; a KLV's first node has a NUL byte at offset
//! 7 (tile 0, the end bit, no accept bit), which is how the two are told apart.

use std::path::{Path, PathBuf};

use crate::equity::leave::{Leave, LeaveFileError, LeaveTable, BLANK, MAX_LEAVE, TILE_KINDS};
use crate::file::{read_at_most, ReadError};
use crate::lexicon::kwg::{is_kwg, Kwg, KwgError};
use crate::tiles::letter::LETTER_COUNT;

/// The largest leave file read, in bytes: 64 MiB (a KLV2 of every English leave of up to 6 tiles
/// takes about 8 MiB).
pub const LEAVE_FILE_SIZE_LIMIT: u64 = 64 << 20;

/// A leave file that could not be read. The message names the file and says what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{}: cannot read the leave values: {error}", path.display())]
pub struct LeavesError {
    /// The file as given.
    pub path: PathBuf,
    /// What is wrong.
    pub error: LeavesFault,
}

/// What is wrong with a leave file.
#[derive(Debug, thiserror::Error)]
pub enum LeavesFault {
    /// What the operating system said, or that the file is a folder or past the limit.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A bad line of the text form.
    #[error(transparent)]
    Text(#[from] LeaveFileError),
    /// The text form is not UTF-8: every family's words for it
    /// ([`solvebatch_core::text::not_utf8`]), and that it is no KLV2 either.
    #[error("{}, and not a KLV2 file", solvebatch_core::text::not_utf8(*line))]
    Utf8 {
        /// The line (counted from 1) of the first byte that is not UTF-8.
        line: usize,
    },
    /// It starts as a KLV2 file but is not a valid one.
    #[error(transparent)]
    Klv(#[from] KlvError),
    /// A NUL byte, which no text leave file has, in a file that does not start as a KLV2 does.
    #[error("binary data (a NUL byte at offset {offset}): neither a leave file nor a KLV2 file")]
    Binary {
        /// The offset of the first NUL byte.
        offset: usize,
    },
}

/// Why bytes are not a KLV2 (or KLV) file this program reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KlvError {
    /// Shorter than its counts say.
    #[error("truncated KLV2: {len} bytes, too short for {what}")]
    Short {
        /// The file's length.
        len: usize,
        /// What did not fit.
        what: String,
    },
    /// The bytes after the value count are neither 4 nor 2 per value.
    #[error("damaged KLV2: {values} leave values announced, but {left} bytes follow the count (4 per value in a KLV2, 2 in a KLV)")]
    Values {
        /// The value count.
        values: u32,
        /// The bytes after it.
        left: usize,
    },
    /// The leave graph is damaged.
    #[error("damaged KLV2: its leave graph: {0}")]
    Graph(KwgError),
    /// A leave graph's node with a tile other than the blank or a letter.
    #[error("damaged KLV2: node {node} of its leave graph has tile {tile}, neither the blank (0) nor a letter (1 to 26)")]
    Tile {
        /// The node's index.
        node: usize,
        /// Its tile.
        tile: u8,
    },
    /// A leave longer than a move can keep (or a cycle in the graph).
    #[error("damaged KLV2: a leave of more than {MAX_LEAVE} tiles (at node {node} of its leave graph)")]
    TooLong {
        /// The node that made it too long.
        node: usize,
    },
    /// A leave whose tiles are not in ascending order.
    #[error("damaged KLV2: node {node} of its leave graph puts tile {tile} after a higher one in a leave")]
    Order {
        /// The node's index.
        node: usize,
        /// Its tile.
        tile: u8,
    },
    /// More or fewer leaves than values.
    #[error("damaged KLV2: {values} leave values for {leaves} leaves")]
    Count {
        /// The value count.
        values: u32,
        /// The leaves found (counting stops one past the values).
        leaves: usize,
    },
    /// A value that is not a finite number.
    #[error("damaged KLV2: the value of leave {leave} is not a finite number")]
    NotFinite {
        /// The leave.
        leave: String,
    },
}

impl LeaveTable {
    /// Reads the leave file at `path`: a KLV2 (or KLV) file or the text form (module
    /// documentation), of at most [`LEAVE_FILE_SIZE_LIMIT`] bytes.
    ///
    /// # Errors
    /// The file cannot be read or is past the limit; a bad line of the text form, text that is not
    /// UTF-8, a damaged KLV2, or binary data that is no KLV2. The error names `path`.
    pub fn load(path: &Path) -> Result<LeaveTable, LeavesError> {
        let fail = |error: LeavesFault| LeavesError { path: path.to_path_buf(), error };
        let bytes = read_at_most(path, LEAVE_FILE_SIZE_LIMIT).map_err(|error| fail(error.into()))?;
        LeaveTable::from_file_bytes(&bytes).map_err(fail)
    }

    /// A table from a leave file's bytes: a KLV2 or KLV when they start as one, else the text form.
    ///
    /// # Errors
    /// As [`LeaveTable::load`], without the file's name.
    pub fn from_file_bytes(bytes: &[u8]) -> Result<LeaveTable, LeavesFault> {
        if bytes.len() >= 8 && is_kwg(&bytes[4..8]) {
            return Ok(LeaveTable::from_klv(bytes)?);
        }
        if let Some(offset) = bytes.iter().position(|&byte| byte == 0) {
            return Err(LeavesFault::Binary { offset });
        }
        let text = std::str::from_utf8(bytes).map_err(|error| LeavesFault::Utf8 {
            line: solvebatch_core::text::first_line_not_utf8(bytes, error),
        })?;
        Ok(LeaveTable::parse(text)?)
    }

    /// Reads a KLV2 (or KLV) file (module documentation). Time linear in its length.
    ///
    /// # Errors
    /// A [`KlvError`]: counts the length does not hold, a damaged leave graph, a tile other than the
    /// blank or a letter, a leave of more than 6 tiles or out of tile order, as many values as
    /// leaves, a value that is not finite.
    pub fn from_klv(bytes: &[u8]) -> Result<LeaveTable, KlvError> {
        let short = |what: String| KlvError::Short { len: bytes.len(), what };
        let count_at = |offset: usize| {
            bytes.get(offset..offset + 4).map(|field| u32::from_le_bytes(field.try_into().expect("4 bytes")))
        };
        let nodes = count_at(0).ok_or_else(|| short("its node count".to_string()))? as usize;
        let graph_end = 4 + 4 * nodes;
        let values = count_at(graph_end).ok_or_else(|| short(format!("{nodes} nodes and a value count")))?;
        let left = bytes.len() - graph_end - 4;
        let wide = match left {
            _ if left == 4 * values as usize => true,
            _ if left == 2 * values as usize => false,
            _ => return Err(KlvError::Values { values, left }),
        };
        let kwg = Kwg::parse(&bytes[4..graph_end]).map_err(KlvError::Graph)?;
        let leaves = klv_leaves(&kwg, values as usize)?;
        let body = &bytes[graph_end + 4..];
        let mut lines = Vec::with_capacity(leaves.len());
        for (index, leave) in leaves.into_iter().enumerate() {
            let value = if wide {
                f32::from_le_bytes(body[4 * index..4 * index + 4].try_into().expect("4 bytes"))
            } else {
                f32::from(i16::from_le_bytes(body[2 * index..2 * index + 2].try_into().expect("2 bytes")))
                    / 256.0
            };
            if !value.is_finite() {
                return Err(KlvError::NotFinite { leave: leave.to_string() });
            }
            lines.push((leave, value));
        }
        Ok(LeaveTable::new(lines, Vec::new()))
    }
}

/// The leaves of a KLV's graph in the order of their values, checking that there are exactly
/// `values` of them (the walk stops one past).
fn klv_leaves(kwg: &Kwg, values: usize) -> Result<Vec<Leave>, KlvError> {
    let mut walk = LeaveWalk { kwg, values, leaves: Vec::new(), counts: [0; TILE_KINDS] };
    if kwg.dawg_root() != 0 {
        walk.list(kwg.dawg_root(), 0, 0)?;
    }
    if walk.leaves.len() != values {
        return Err(KlvError::Count { values: values as u32, leaves: walk.leaves.len() });
    }
    Ok(walk.leaves)
}

/// A depth-first walk of a KLV's leave graph, recursive: no deeper than a leave is long (at most
/// [`MAX_LEAVE`], which also ends any cycle).
struct LeaveWalk<'a> {
    kwg: &'a Kwg,
    values: usize,
    leaves: Vec<Leave>,
    /// The tiles read to the list walked.
    counts: [u8; TILE_KINDS],
}

impl LeaveWalk<'_> {
    /// Walks the sibling list at `list`, reached by `depth` tiles of which the last is `lowest`.
    fn list(&mut self, list: usize, depth: usize, lowest: u8) -> Result<(), KlvError> {
        let kwg = self.kwg;
        let mut node = list;
        loop {
            let tile = kwg.tile(node);
            let kind = match tile {
                0 => BLANK,
                1..=26 => usize::from(tile) - 1,
                _ => return Err(KlvError::Tile { node, tile }),
            };
            kwg.check_order(node, list).map_err(KlvError::Graph)?;
            if tile < lowest {
                return Err(KlvError::Order { node, tile });
            }
            let child = kwg.target(node);
            if child == 0 && !kwg.accepts(node) {
                return Err(KlvError::Graph(KwgError::DeadEnd { node }));
            }
            self.counts[kind] += 1;
            if kwg.accepts(node) {
                if self.leaves.len() == self.values {
                    return Err(KlvError::Count { values: self.values as u32, leaves: self.values + 1 });
                }
                self.leaves.push(Leave::from_counts(self.counts));
            }
            if child != 0 {
                if depth + 2 > MAX_LEAVE {
                    return Err(KlvError::TooLong { node: child });
                }
                self.list(child, depth + 1, tile)?;
            }
            self.counts[kind] -= 1;
            if kwg.is_end(node) {
                return Ok(());
            }
            node += 1;
        }
    }
}

// Tile `t` from 1 to 26 is the letter of index `t - 1`, and the blank comes after the letters.
const _: () = assert!(LETTER_COUNT == 26 && BLANK == LETTER_COUNT);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The tiles of a leave as a KLV writes them: the blank (0) first, then the letters (1 to 26).
    fn tiles(leave: &str) -> Vec<u8> {
        let mut tiles: Vec<u8> = leave
            .bytes()
            .map(|byte| if byte == b'?' { 0 } else { byte.to_ascii_uppercase() - b'A' + 1 })
            .collect();
        tiles.sort_unstable();
        tiles
    }

    /// A trie-shaped KWG of `words` (sorted, distinct), written from `nodes[1]` on: the start of the
    /// list of the words' tiles at `depth`.
    fn write_list(words: &[Vec<u8>], depth: usize, nodes: &mut Vec<u32>) -> u32 {
        let mut groups: Vec<(u8, bool, Vec<Vec<u8>>)> = Vec::new();
        for word in words.iter().filter(|word| word.len() > depth) {
            if groups.last().is_none_or(|group| group.0 != word[depth]) {
                groups.push((word[depth], false, Vec::new()));
            }
            let group = groups.last_mut().unwrap();
            if word.len() == depth + 1 {
                group.1 = true;
            } else {
                group.2.push(word.clone());
            }
        }
        let start = nodes.len();
        nodes.resize(start + groups.len(), 0);
        for (index, (tile, accepts, longer)) in groups.iter().enumerate() {
            let child = if longer.is_empty() { 0 } else { write_list(longer, depth + 1, nodes) };
            let end = if index + 1 == groups.len() { 1 << 22 } else { 0 };
            nodes[start + index] = u32::from(*tile) << 24 | u32::from(*accepts) << 23 | end | child;
        }
        start as u32
    }

    /// A KLV2 (values as 32-bit floats) or KLV (16-bit, in 1/256 points) of these leaves and values.
    fn klv(entries: &[(&str, f32)], wide: bool) -> Vec<u8> {
        let mut entries: Vec<(Vec<u8>, f32)> =
            entries.iter().map(|&(leave, value)| (tiles(leave), value)).collect();
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        let words: Vec<Vec<u8>> = entries.iter().map(|entry| entry.0.clone()).collect();
        let mut nodes = vec![1 << 22];
        if !words.is_empty() {
            nodes[0] |= write_list(&words, 0, &mut nodes);
        }
        let mut bytes = (nodes.len() as u32).to_le_bytes().to_vec();
        bytes.extend(nodes.iter().flat_map(|node| node.to_le_bytes()));
        bytes.extend((entries.len() as u32).to_le_bytes());
        for (_, value) in &entries {
            if wide {
                bytes.extend(value.to_le_bytes());
            } else {
                bytes.extend(((value * 256.0) as i16).to_le_bytes());
            }
        }
        bytes
    }

    const ENTRIES: [(&str, f32); 7] =
        [("?", 24.75), ("E", 2.5), ("S", 8.0), ("EE", -1.25), ("ES", 12.0), ("?ERS", 31.5), ("Q", -7.0)];

    fn text() -> String {
        ENTRIES.iter().map(|(leave, value)| format!("{leave} {value}\n")).collect()
    }

    fn error(bytes: &[u8]) -> String {
        LeaveTable::from_file_bytes(bytes).unwrap_err().to_string()
    }

    #[test]
    fn a_klv2_and_a_klv_read_as_the_text_form_of_the_same_values() {
        let from_text = LeaveTable::parse(&text()).unwrap();
        for wide in [true, false] {
            let table = LeaveTable::from_file_bytes(&klv(&ENTRIES, wide)).unwrap();
            assert_eq!(table, from_text, "wide {wide}");
            assert_eq!(table.value(&"RES?".parse().unwrap()), 31.5);
            // QS has no line: Q + S.
            assert_eq!(table.value(&"QS".parse().unwrap()), 1.0);
        }
        assert_eq!(LeaveTable::from_file_bytes(text().as_bytes()).unwrap(), from_text);
        assert!(LeaveTable::from_file_bytes(&klv(&[], true)).unwrap().is_empty());
        // wolges' EMPTY_KLV_BYTES: a graph of node 0 alone, no value.
        assert!(LeaveTable::from_file_bytes(b"\x01\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00\x00")
            .unwrap()
            .is_empty());
    }

    #[test]
    fn damaged_klv2_files_and_binary_data_are_named() {
        let good = klv(&ENTRIES, true);
        assert_eq!(
            error(&good[..6]),
            "binary data (a NUL byte at offset 1): neither a leave file nor a KLV2 file"
        );
        assert_eq!(error(&good[..10]), "truncated KLV2: 10 bytes, too short for 10 nodes and a value count");
        let value_count = good.len() - 4 - 4 * ENTRIES.len();
        assert_eq!(
            error(&good[..good.len() - 1]),
            "damaged KLV2: 7 leave values announced, but 27 bytes follow the count (4 per value in a KLV2, 2 in a KLV)"
        );
        let mut fewer = good.clone();
        fewer[value_count] = 6;
        assert_eq!(error(&fewer[..good.len() - 4]), "damaged KLV2: 6 leave values for 7 leaves");
        let mut nan = good.clone();
        let last = nan.len() - 4;
        nan[last..].copy_from_slice(&f32::NAN.to_le_bytes());
        // The last value is the last leave in tile order: S.
        assert_eq!(error(&nan), "damaged KLV2: the value of leave S is not a finite number");
        let long = klv(&[("ABCDEFG", 1.0)], true);
        assert_eq!(error(&long), "damaged KLV2: a leave of more than 6 tiles (at node 7 of its leave graph)");
        assert_eq!(error(b"E 1\n\xffS 2\n"), "line 2: not UTF-8 text, and not a KLV2 file");
        assert_eq!(error(b"E 1\nS\n"), "line 2: expected 'LEAVE VALUE', found 'S'");
    }

    #[test]
    fn a_leave_out_of_tile_order_or_a_foreign_tile_is_named() {
        // The graph of one leave, tiles written by hand: node 0, then one node a tile.
        let one = |tiles: &[u8]| {
            let mut nodes = vec![1 << 22 | 1];
            for (index, &tile) in tiles.iter().enumerate() {
                let last = index + 1 == tiles.len();
                let next = if last { 0 } else { index as u32 + 2 };
                nodes.push(u32::from(tile) << 24 | u32::from(last) << 23 | 1 << 22 | next);
            }
            let mut bytes = (nodes.len() as u32).to_le_bytes().to_vec();
            bytes.extend(nodes.iter().flat_map(|node| node.to_le_bytes()));
            bytes.extend(1u32.to_le_bytes());
            bytes.extend(1f32.to_le_bytes());
            bytes
        };
        assert_eq!(LeaveTable::from_file_bytes(&one(&[0, 5])).unwrap().value(&"?E".parse().unwrap()), 1.0);
        assert_eq!(
            error(&one(&[5, 0])),
            "damaged KLV2: node 2 of its leave graph puts tile 0 after a higher one in a leave"
        );
        assert_eq!(
            error(&one(&[27])),
            "damaged KLV2: node 1 of its leave graph has tile 27, neither the blank (0) nor a letter (1 to 26)"
        );
    }

    #[test]
    fn a_missing_file_is_named() {
        let error = LeaveTable::load(Path::new("no/such/leaves.klv2")).unwrap_err().to_string();
        assert!(error.starts_with("no/such/leaves.klv2: cannot read the leave values: "), "{error}");
    }

    proptest! {
        #[test]
        fn cut_or_flipped_klv2_files_are_errors_or_tables_never_panics(
            leaves in prop::collection::btree_set("[A-E?]{1,4}", 2..20),
            position in any::<prop::sample::Index>(),
            bit in 0..8u8,
            cut in any::<prop::sample::Index>(),
        ) {
            // Leaves as multisets: written in tile order, each once.
            let leaves: std::collections::BTreeSet<Vec<u8>> = leaves.iter().map(|leave| tiles(leave)).collect();
            let written: Vec<String> = leaves
                .iter()
                .map(|tiles| tiles.iter().map(|&tile| if tile == 0 { '?' } else { (b'A' + tile - 1) as char }).collect())
                .collect();
            let entries: Vec<(&str, f32)> =
                written.iter().enumerate().map(|(index, leave)| (leave.as_str(), index as f32 - 3.5)).collect();
            let bytes = klv(&entries, true);
            let table = LeaveTable::from_file_bytes(&bytes).unwrap();
            for (leave, value) in &entries {
                prop_assert_eq!(table.value(&leave.parse().unwrap()), *value);
            }
            let kept = cut.index(bytes.len());
            // Cut by 2 bytes a value, the rest reads as a KLV's 16-bit values; any other cut that
            // keeps the first node (what tells a KLV2) fails.
            let as_klv = bytes.len() - kept == 2 * entries.len();
            prop_assert!(kept < 8 || as_klv || LeaveTable::from_file_bytes(&bytes[..kept]).is_err());
            let mut flipped = bytes.clone();
            flipped[position.index(bytes.len())] ^= 1 << bit;
            let _ = LeaveTable::from_file_bytes(&flipped);
        }
    }
}
