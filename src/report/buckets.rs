//! Solve times in log buckets for the HTML report's histograms: three buckets per power of ten, with
//! bounds at 1, 2 and 5 times a power of ten microseconds (1–2 µs, 2–5 µs, 5–10 µs, 10–20 µs, ...).
//!
//! A time is rounded to the microsecond first, as every report writes it; a time under 1 µs counts
//! in the first bucket, 1–2 µs.

/// One bucket: the times from [`Bucket::lower_us`] (included) to [`Bucket::upper_us`] (excluded),
/// in microseconds. Bucket 0 is 1–2 µs, 1 is 2–5 µs, 2 is 5–10 µs, 3 is 10–20 µs, and so on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bucket(pub u32);

/// The steps within a power of ten.
const STEPS: [u64; 3] = [1, 2, 5];

impl Bucket {
    /// The bucket of a time in milliseconds.
    pub fn of(ms: f64) -> Bucket {
        // `as` saturates: NaN and negative times become 0, then 1 µs.
        let us = ((ms * 1000.0).round() as u64).max(1);
        let decade = us.ilog10();
        let leading = us / 10u64.pow(decade);
        let step = STEPS.iter().rposition(|step| *step <= leading).unwrap_or(0) as u32;
        Bucket(3 * decade + step)
    }

    /// The lowest time in the bucket, in microseconds.
    pub fn lower_us(self) -> u64 {
        STEPS[(self.0 % 3) as usize] * 10u64.pow(self.0 / 3)
    }

    /// The first time past the bucket, in microseconds.
    pub fn upper_us(self) -> u64 {
        Bucket(self.0 + 1).lower_us()
    }

    /// The bucket's range as a caption shows it: `10–20 µs`, `500 µs–1 ms`, `1–2 s`.
    pub fn label(self) -> String {
        let (lower, lower_unit) = split_unit(self.lower_us());
        let (upper, upper_unit) = split_unit(self.upper_us());
        if lower_unit == upper_unit {
            format!("{lower}–{upper} {upper_unit}")
        } else {
            format!("{lower} {lower_unit}–{upper} {upper_unit}")
        }
    }
}

/// A bucket bound as an axis shows it: `10 µs`, `2 ms`, `5 s`.
pub fn bound_label(us: u64) -> String {
    let (value, unit) = split_unit(us);
    format!("{value} {unit}")
}

/// A bucket bound (1, 2 or 5 times a power of ten microseconds) in whole µs, ms or s.
fn split_unit(us: u64) -> (u64, &'static str) {
    if us < 1_000 {
        (us, "µs")
    } else if us < 1_000_000 {
        (us / 1_000, "ms")
    } else {
        (us / 1_000_000, "s")
    }
}

/// The histogram of `times_ms`: every bucket from the fastest time's to the slowest's, the empty
/// ones between included, each with how many times fall in it. Empty for no times.
pub fn histogram(times_ms: &[f64]) -> Vec<(Bucket, usize)> {
    let buckets: Vec<Bucket> = times_ms.iter().map(|ms| Bucket::of(*ms)).collect();
    let (Some(first), Some(last)) = (buckets.iter().min(), buckets.iter().max()) else {
        return Vec::new();
    };
    (first.0..=last.0)
        .map(|index| (Bucket(index), buckets.iter().filter(|bucket| bucket.0 == index).count()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_fall_in_1_2_5_buckets_of_microseconds() {
        // 12.3 µs: 10 ≤ 12 < 20, the first bucket of the second power of ten.
        assert_eq!(Bucket::of(0.0123), Bucket(3));
        assert_eq!((Bucket(3).lower_us(), Bucket(3).upper_us()), (10, 20));
        // Bounds belong to the bucket above them.
        assert_eq!(Bucket::of(0.02), Bucket(4));
        assert_eq!(Bucket::of(0.005), Bucket(2));
        assert_eq!(Bucket::of(1.0), Bucket(9));
        // 999 µs: 500 ≤ 999 < 1000.
        assert_eq!(Bucket::of(0.999), Bucket(8));
        // 7.89 s = 7 890 000 µs: 5 000 000 ≤ it < 10 000 000.
        assert_eq!(Bucket::of(7890.0), Bucket(20));
        assert_eq!((Bucket(20).lower_us(), Bucket(20).upper_us()), (5_000_000, 10_000_000));
    }

    #[test]
    fn times_are_rounded_to_the_microsecond_first() {
        // 19.6 µs rounds to 20 µs; 19.4 µs to 19 µs.
        assert_eq!(Bucket::of(0.0196), Bucket(4));
        assert_eq!(Bucket::of(0.0194), Bucket(3));
        // Nothing is faster than the first bucket.
        assert_eq!(Bucket::of(0.0), Bucket(0));
        assert_eq!(Bucket::of(0.0004), Bucket(0));
        assert_eq!(Bucket::of(-1.0), Bucket(0));
    }

    #[test]
    fn labels_name_the_range_in_whole_units() {
        assert_eq!(Bucket(0).label(), "1–2 µs");
        assert_eq!(Bucket(4).label(), "20–50 µs");
        assert_eq!(Bucket(8).label(), "500 µs–1 ms");
        assert_eq!(Bucket(9).label(), "1–2 ms");
        assert_eq!(Bucket(17).label(), "500 ms–1 s");
        assert_eq!(Bucket(20).label(), "5–10 s");
        assert_eq!(bound_label(50), "50 µs");
        assert_eq!(bound_label(2_000), "2 ms");
        assert_eq!(bound_label(100_000_000), "100 s");
    }

    #[test]
    fn the_histogram_spans_the_fastest_to_the_slowest_with_empty_buckets_between() {
        // 12 and 13 µs in 10–20, 60 µs in 50–100, 250 µs in 200–500; 20–50 and 100–200 are empty.
        assert_eq!(
            histogram(&[0.012, 0.25, 0.013, 0.06]),
            vec![(Bucket(3), 2), (Bucket(4), 0), (Bucket(5), 1), (Bucket(6), 0), (Bucket(7), 1)]
        );
        assert_eq!(histogram(&[3.0]), vec![(Bucket(10), 1)]);
        assert_eq!(histogram(&[]), vec![]);
    }
}
