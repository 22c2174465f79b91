//! Reading what a family needs beside its input: text decoding, a second look at a regular file,
//! and the file name helpers of input and reference names.

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most bytes an input may hold (256 MiB): a larger file is refused, not read.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// `bytes` as UTF-8 text, without a leading byte-order mark.
///
/// # Errors
/// [`not_utf8`] of the first line (counted from 1) that holds a byte sequence that is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, String> {
    let text = std::str::from_utf8(bytes).map_err(|error| not_utf8(first_line_not_utf8(bytes, error)))?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// What every family says of an input, dictionary or tile file holding bytes that are not UTF-8,
/// after the number of the line holding them: `not UTF-8 text`.
pub const NOT_UTF8: &str = "not UTF-8 text";

/// The one wording of every family for bytes that are not UTF-8 on `line` (counted from 1):
/// `line 3: not UTF-8 text`. The caller puts the file's name before it where it names the file.
pub fn not_utf8(line: usize) -> String {
    format!("line {line}: {NOT_UTF8}")
}

/// The line (counted from 1) of the first byte that is not UTF-8 in `bytes`, as `error` found it.
pub fn first_line_not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> usize {
    1 + bytes[..error.valid_up_to()].iter().filter(|&&byte| byte == b'\n').count()
}

/// The bytes of `path` when it is a regular file that can be read and holds at most
/// [`MAX_INPUT_BYTES`], else `None`: for a second look at a file (the files a position names) where
/// a FIFO, a device or standard input would lose or change what it holds, and where a read error is
/// the solve's to report.
pub fn read_regular(path: &Path) -> Option<Vec<u8>> {
    if path == Path::new("-") || !std::fs::metadata(path).is_ok_and(|metadata| metadata.is_file()) {
        return None;
    }
    let mut bytes = Vec::new();
    let file = std::fs::File::open(path).ok()?;
    file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes).ok()?;
    (bytes.len() as u64 <= MAX_INPUT_BYTES).then_some(bytes)
}

/// Whether the file name `name` is longer than `suffix` and ends with it, ASCII case ignored.
pub fn ends_with_ignoring_case(name: &OsStr, suffix: &str) -> bool {
    let (name, suffix) = (name.as_encoded_bytes(), suffix.as_bytes());
    name.len() > suffix.len() && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

/// `path` with `suffix` appended to its file name (`a.csv` -> `a.csv.expected`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = std::ffi::OsString::with_capacity(path.as_os_str().len() + suffix.len());
    name.push(path);
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_names_the_first_line_that_is_not_utf8_and_drops_a_byte_order_mark() {
        assert_eq!(decode(b"a\nb\n\xff\n"), Err("line 3: not UTF-8 text".to_string()));
        assert_eq!(decode(b"\xff"), Err("line 1: not UTF-8 text".to_string()));
        assert_eq!(
            decode(b"secret 1234\r\nsecret 12\xe934\n\xff"),
            Err("line 2: not UTF-8 text".to_string())
        );
        assert_eq!(decode("\u{feff}1,2,0\n".as_bytes()), Ok("1,2,0\n"));
    }

    #[test]
    fn names_end_with_a_suffix_in_any_case() {
        assert!(ends_with_ignoring_case(OsStr::new("A.CSV"), ".csv"));
        assert!(!ends_with_ignoring_case(OsStr::new(".csv"), ".csv"));
        assert_eq!(with_suffix(Path::new("d/a.csv"), ".expected"), Path::new("d/a.csv.expected"));
    }

    #[test]
    fn only_a_regular_file_is_read_again() {
        let folder = std::env::temp_dir();
        assert_eq!(read_regular(Path::new("-")), None);
        assert_eq!(read_regular(&folder), None);
        assert_eq!(read_regular(Path::new("/dev/null")), None);
        assert_eq!(read_regular(&folder.join("solvebatch-core-missing")), None);
        let file = folder.join(format!("solvebatch-core-read-{}", std::process::id()));
        std::fs::write(&file, b"dictionary: words.txt\n").unwrap();
        assert_eq!(read_regular(&file).as_deref(), Some(&b"dictionary: words.txt\n"[..]));
        std::fs::remove_file(file).unwrap();
    }
}
