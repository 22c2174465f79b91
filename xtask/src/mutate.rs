//! Mutators: each is a pure function of the input bytes and a random generator, returning new bytes.
//!
//! [`mutate`] stacks one to three of them, picked at random, on a seed input.

use std::ops::Range;

use rand::seq::IndexedRandom;
use rand::Rng;

/// The length of the line that [`Mutator::LongLine`] inserts, newline excluded: 1 MiB.
pub const LONG_LINE: usize = 1 << 20;

/// Numbers past the 32- and 64-bit limits, and one past any integer type.
const HUGE: [&str; 6] = [
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999999999999999999999",
];

/// Negative numbers, including the 32- and 64-bit minimums and one past them.
const NEGATIVE: [&str; 5] = ["-1", "-0", "-2147483649", "-9223372036854775808", "-9223372036854775809"];

/// Byte sequences that are not UTF-8: a byte that never occurs, a lone continuation byte, a truncated
/// two-byte sequence, an encoded surrogate and an overlong encoding of `/`.
const NOT_UTF8: [&[u8]; 5] = [b"\xff", b"\x80", b"\xc3", b"\xed\xa0\x80", b"\xc0\xaf"];

/// The zero of decimal digit blocks outside ASCII: Arabic-Indic, Devanagari, Bengali, fullwidth and
/// mathematical bold. Each is followed by the other nine digits in order.
const UNICODE_ZEROS: [char; 5] = ['\u{660}', '\u{966}', '\u{9e6}', '\u{ff10}', '\u{1d7ce}'];

/// One kind of mutation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutator {
    /// Flip one bit of one byte.
    FlipBit,
    /// Insert a copy of one line at another place.
    InsertLine,
    /// Delete one line.
    DeleteLine,
    /// Replace one number with a huge one (or insert one where there is no number).
    HugeNumber,
    /// Make one number negative (or insert a negative one where there is no number).
    NegativeNumber,
    /// Drop everything: an empty file.
    Empty,
    /// Insert a line of 1 MiB made by repeating one of the lines.
    LongLine,
    /// Insert one to four NUL bytes.
    NulBytes,
    /// Insert a byte sequence that is not UTF-8.
    InvalidUtf8,
    /// Make every line end a lone carriage return.
    CrLineEnds,
    /// Replace the digits of one number with the same digits of another script.
    UnicodeDigits,
    /// Cut the input at some byte.
    Truncate,
}

impl Mutator {
    /// Every mutator.
    pub const ALL: [Mutator; 12] = [
        Mutator::FlipBit,
        Mutator::InsertLine,
        Mutator::DeleteLine,
        Mutator::HugeNumber,
        Mutator::NegativeNumber,
        Mutator::Empty,
        Mutator::LongLine,
        Mutator::NulBytes,
        Mutator::InvalidUtf8,
        Mutator::CrLineEnds,
        Mutator::UnicodeDigits,
        Mutator::Truncate,
    ];

    /// Its name in kebab case, as printed in reports.
    pub fn name(self) -> &'static str {
        match self {
            Mutator::FlipBit => "flip-bit",
            Mutator::InsertLine => "insert-line",
            Mutator::DeleteLine => "delete-line",
            Mutator::HugeNumber => "huge-number",
            Mutator::NegativeNumber => "negative-number",
            Mutator::Empty => "empty",
            Mutator::LongLine => "long-line",
            Mutator::NulBytes => "nul-bytes",
            Mutator::InvalidUtf8 => "invalid-utf8",
            Mutator::CrLineEnds => "cr-line-ends",
            Mutator::UnicodeDigits => "unicode-digits",
            Mutator::Truncate => "truncate",
        }
    }

    /// The mutated copy of `input`.
    pub fn apply<R: Rng + ?Sized>(self, input: &[u8], rng: &mut R) -> Vec<u8> {
        match self {
            Mutator::FlipBit => flip_bit(input, rng),
            Mutator::InsertLine => insert_line(input, rng),
            Mutator::DeleteLine => delete_line(input, rng),
            Mutator::HugeNumber => replace_number(input, rng, &HUGE),
            Mutator::NegativeNumber => negative_number(input, rng),
            Mutator::Empty => Vec::new(),
            Mutator::LongLine => long_line(input, rng),
            Mutator::NulBytes => nul_bytes(input, rng),
            Mutator::InvalidUtf8 => invalid_utf8(input, rng),
            Mutator::CrLineEnds => cr_line_ends(input),
            Mutator::UnicodeDigits => unicode_digits(input, rng),
            Mutator::Truncate => input[..rng.random_range(0..=input.len())].to_vec(),
        }
    }
}

/// Applies one to three mutators picked at random, one after the other; returns the result and the
/// mutators in the order applied.
pub fn mutate<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> (Vec<u8>, Vec<Mutator>) {
    let mut bytes = input.to_vec();
    let mut applied = Vec::new();
    for _ in 0..rng.random_range(1..=3) {
        let mutator = *Mutator::ALL.choose(rng).expect("ALL is not empty");
        bytes = mutator.apply(&bytes, rng);
        applied.push(mutator);
    }
    (bytes, applied)
}

fn flip_bit<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let mut out = input.to_vec();
    if !out.is_empty() {
        let at = rng.random_range(0..out.len());
        out[at] ^= 1 << rng.random_range(0..8);
    }
    out
}

/// The input's lines, each with its `\n` if it has one.
fn lines(input: &[u8]) -> Vec<&[u8]> {
    input.split_inclusive(|&b| b == b'\n').collect()
}

fn insert_line<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let mut lines = lines(input);
    let mut copy = lines.choose(rng).map_or_else(Vec::new, |line| line.to_vec());
    if copy.last() != Some(&b'\n') {
        copy.push(b'\n');
    }
    lines.insert(rng.random_range(0..=lines.len()), &copy);
    lines.concat()
}

fn delete_line<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let mut lines = lines(input);
    if !lines.is_empty() {
        lines.remove(rng.random_range(0..lines.len()));
    }
    lines.concat()
}

/// The byte ranges of the runs of ASCII digits.
fn digit_runs(input: &[u8]) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, b) in input.iter().enumerate() {
        match (b.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push(s..input.len());
    }
    runs
}

/// `input` with `range` replaced by `with`.
fn splice(input: &[u8], range: Range<usize>, with: &[u8]) -> Vec<u8> {
    [&input[..range.start], with, &input[range.end..]].concat()
}

/// A random run of digits, or an empty range at a random place when there is none.
fn pick_number<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Range<usize> {
    digit_runs(input).choose(rng).cloned().unwrap_or_else(|| {
        let at = rng.random_range(0..=input.len());
        at..at
    })
}

fn replace_number<R: Rng + ?Sized>(input: &[u8], rng: &mut R, numbers: &[&str]) -> Vec<u8> {
    let range = pick_number(input, rng);
    let number = numbers.choose(rng).expect("the number lists are not empty");
    splice(input, range, number.as_bytes())
}

/// Prefixes a number with `-` half of the time, else replaces it with one of [`NEGATIVE`].
fn negative_number<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    if rng.random_bool(0.5) {
        let at = pick_number(input, rng).start;
        splice(input, at..at, b"-")
    } else {
        replace_number(input, rng, &NEGATIVE)
    }
}

fn long_line<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let mut lines = lines(input);
    let unit = lines.choose(rng).map_or(&b""[..], |line| line.strip_suffix(b"\n").unwrap_or(line));
    let unit = if unit.is_empty() { &b"9"[..] } else { unit };
    let mut long: Vec<u8> = unit.iter().copied().cycle().take(LONG_LINE).collect();
    long.push(b'\n');
    if lines.last().is_some_and(|line| !line.ends_with(b"\n")) {
        // Keep the last line's end intact when the long line goes after it.
        long.insert(0, b'\n');
    }
    lines.insert(rng.random_range(0..=lines.len()), &long);
    lines.concat()
}

fn nul_bytes<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        out.insert(rng.random_range(0..=out.len()), 0);
    }
    out
}

fn invalid_utf8<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let at = rng.random_range(0..=input.len());
    splice(input, at..at, NOT_UTF8.choose(rng).expect("NOT_UTF8 is not empty"))
}

/// Every `\r\n` and every `\n` becomes a lone `\r`.
fn cr_line_ends(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len());
    for (i, &b) in input.iter().enumerate() {
        match b {
            b'\r' if input.get(i + 1) == Some(&b'\n') => {}
            b'\n' => out.push(b'\r'),
            _ => out.push(b),
        }
    }
    out
}

fn unicode_digits<R: Rng + ?Sized>(input: &[u8], rng: &mut R) -> Vec<u8> {
    let zero = *UNICODE_ZEROS.choose(rng).expect("UNICODE_ZEROS is not empty") as u32;
    let range = pick_number(input, rng);
    let number: String = if range.is_empty() {
        char::from_u32(zero + rng.random_range(0..10)).into_iter().collect()
    } else {
        input[range.clone()].iter().filter_map(|&d| char::from_u32(zero + u32::from(d - b'0'))).collect()
    };
    splice(input, range, number.as_bytes())
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    const SAMPLE: &[u8] = b"3\r\n0,1,0\n1,2,0\n";

    fn rng() -> ChaCha8Rng {
        ChaCha8Rng::seed_from_u64(7)
    }

    fn apply(mutator: Mutator, input: &[u8]) -> Vec<u8> {
        mutator.apply(input, &mut rng())
    }

    #[test]
    fn a_fixed_seed_gives_fixed_outputs() {
        let expected: [(Mutator, &[u8]); 11] = [
            (Mutator::FlipBit, b"3\r\x080,1,0\n1,2,0\n"),
            (Mutator::InsertLine, b"3\r\n3\r\n0,1,0\n1,2,0\n"),
            (Mutator::DeleteLine, b"0,1,0\n1,2,0\n"),
            (Mutator::HugeNumber, b"2147483648\r\n0,1,0\n1,2,0\n"),
            (Mutator::NegativeNumber, b"3\r\n-0,1,0\n1,2,0\n"),
            (Mutator::Empty, b""),
            (Mutator::NulBytes, b"3\r\0\n0,1,0\n1,2,0\n"),
            (Mutator::InvalidUtf8, b"3\r\xff\n0,1,0\n1,2,0\n"),
            (Mutator::CrLineEnds, b"3\r0,1,0\r1,2,0\r"),
            (Mutator::UnicodeDigits, "3\r\n\u{660},1,0\n1,2,0\n".as_bytes()),
            (Mutator::Truncate, b"3\r"),
        ];
        for (mutator, bytes) in expected {
            assert_eq!(apply(mutator, SAMPLE), bytes, "{}", mutator.name());
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_stack_of_mutations() {
        let first = mutate(SAMPLE, &mut rng());
        assert_eq!(mutate(SAMPLE, &mut rng()), first);
        assert!((1..=3).contains(&first.1.len()));
    }

    #[test]
    fn every_mutator_changes_the_sample() {
        for mutator in Mutator::ALL {
            if mutator != Mutator::Truncate {
                assert_ne!(apply(mutator, SAMPLE), SAMPLE, "{}", mutator.name());
            }
        }
    }

    #[test]
    fn flip_bit_changes_one_bit() {
        let out = apply(Mutator::FlipBit, SAMPLE);
        let bits: u32 = out.iter().zip(SAMPLE).map(|(a, b)| (a ^ b).count_ones()).sum();
        assert_eq!((out.len(), bits), (SAMPLE.len(), 1));
    }

    #[test]
    fn line_mutators_add_or_remove_one_whole_line() {
        let inserted = apply(Mutator::InsertLine, SAMPLE);
        assert_eq!(lines(&inserted).len(), 4);
        assert_eq!(apply(Mutator::DeleteLine, SAMPLE).split(|&b| b == b'\n').count(), 3);
        assert_eq!(apply(Mutator::InsertLine, b""), b"\n");
        assert_eq!(apply(Mutator::DeleteLine, b""), b"");
    }

    #[test]
    fn number_mutators_insert_a_number_where_there_is_none() {
        let huge = apply(Mutator::HugeNumber, b"abc");
        assert!(HUGE.iter().any(|n| huge.windows(n.len()).any(|w| w == n.as_bytes())), "{huge:?}");
        let negative = apply(Mutator::NegativeNumber, b"abc");
        assert_eq!(negative.len() - 3, negative.iter().filter(|b| b"-0123456789".contains(b)).count());
    }

    #[test]
    fn long_line_inserts_one_line_of_one_mebibyte() {
        for input in [SAMPLE, b"no newline", b""] {
            let out = apply(Mutator::LongLine, input);
            let long: Vec<_> = lines(&out).into_iter().filter(|line| line.len() > 100).collect();
            assert_eq!(long.len(), 1);
            assert_eq!(long[0].len(), LONG_LINE + 1);
            assert_eq!(out.len(), input.len() + LONG_LINE + 1 + usize::from(input == b"no newline"));
        }
    }

    #[test]
    fn nul_bytes_inserts_only_nul_bytes() {
        let out = apply(Mutator::NulBytes, SAMPLE);
        let nuls = out.iter().filter(|&&b| b == 0).count();
        assert!((1..=4).contains(&nuls));
        assert_eq!(out.iter().copied().filter(|&b| b != 0).collect::<Vec<_>>(), SAMPLE);
    }

    #[test]
    fn invalid_utf8_is_not_utf8() {
        for seed in 0..20 {
            let out = Mutator::InvalidUtf8.apply(SAMPLE, &mut ChaCha8Rng::seed_from_u64(seed));
            assert!(std::str::from_utf8(&out).is_err(), "{out:?}");
        }
    }

    #[test]
    fn cr_line_ends_leave_no_newline_and_one_cr_per_line() {
        let out = apply(Mutator::CrLineEnds, SAMPLE);
        assert_eq!(out, b"3\r0,1,0\r1,2,0\r");
        assert!(!out.contains(&b'\n'));
        assert_eq!(out.iter().filter(|&&b| b == b'\r').count(), lines(SAMPLE).len());
    }

    #[test]
    fn unicode_digits_keep_the_digit_values() {
        for seed in 0..20 {
            let out = Mutator::UnicodeDigits.apply(b"x 1234 y", &mut ChaCha8Rng::seed_from_u64(seed));
            let text = String::from_utf8(out).unwrap();
            let digits: String = text
                .chars()
                .filter(|c| !"x y".contains(*c))
                .filter_map(|c| {
                    UNICODE_ZEROS.iter().map(|&z| (c as u32).wrapping_sub(z as u32)).find(|&d| d < 10)
                })
                .filter_map(|d| char::from_digit(d, 10))
                .collect();
            assert_eq!(digits, "1234", "{text}");
        }
    }
}
