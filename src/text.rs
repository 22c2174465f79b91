//! Input files as text: UTF-8, with a leading byte-order mark (U+FEFF) dropped, as some editors write
//! one.

use std::path::Path;

use anyhow::anyhow;

/// `bytes` as UTF-8 text, without a leading byte-order mark.
///
/// # Errors
/// `line N: not UTF-8 text`, naming the first line (counted from 1) that holds a byte sequence that
/// is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, String> {
    let text = std::str::from_utf8(bytes).map_err(|error| {
        let line = 1 + bytes[..error.valid_up_to()].iter().filter(|&&byte| byte == b'\n').count();
        format!("line {line}: not UTF-8 text")
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// `bytes` as text line by line: a byte sequence that is not UTF-8 becomes U+FFFD, so that a file
/// read one line at a time can name the bad line and still answer the others. A leading byte-order
/// mark is dropped.
pub fn decode_lossy(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_string()
}

/// The text of the file at `path` (`-`: standard input), read as every input is
/// ([`crate::inputs::read_named`], at most 256 MiB) and decoded with [`decode`].
///
/// # Errors
/// `FILE: cannot read` with the cause, `FILE: larger than ...`, or `FILE: line N: not UTF-8 text`.
pub fn read(path: &Path) -> anyhow::Result<String> {
    let bytes = crate::inputs::read_named(path)?;
    decode(&bytes).map(str::to_string).map_err(|message| anyhow!("{}: {message}", crate::inputs::name(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_line_of_the_first_bad_byte() {
        assert_eq!(decode(b"\xff"), Err("line 1: not UTF-8 text".to_string()));
        assert_eq!(
            decode(b"secret 1234\r\nsecret 12\xe934\n\xff"),
            Err("line 2: not UTF-8 text".to_string())
        );
    }

    #[test]
    fn drops_a_leading_byte_order_mark_only() {
        assert_eq!(decode("\u{feff}secret 1234\n".as_bytes()), Ok("secret 1234\n"));
        assert_eq!(decode("a\u{feff}".as_bytes()), Ok("a\u{feff}"));
        assert_eq!(decode_lossy(b"\xef\xbb\xbfsecret 1\xff\n"), "secret 1\u{fffd}\n");
    }
}
