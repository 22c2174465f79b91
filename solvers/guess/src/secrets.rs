//! Lists of secrets for the simulation: numbers separated by blanks or line ends, `#` comments; or a
//! sample of a range drawn at random.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::batch::{parse_number, LineError};
use crate::digits::Digits;

/// `count` different `digits`-digit secrets (the whole range when it holds fewer), drawn uniformly
/// by ChaCha8 seeded with `seed` (the same seed gives the same sample on every platform), in
/// increasing order: a sample to simulate when the range is too large to play whole.
///
/// ```
/// use solvebatch_guess::secrets::sample_secrets;
/// use solvebatch_guess::Digits;
///
/// let nine = Digits::new(9).unwrap();
/// let sample = sample_secrets(nine, 3, 1);
/// assert_eq!(sample.len(), 3);
/// assert!(sample.windows(2).all(|pair| pair[0] < pair[1]));
/// assert!(sample.iter().all(|&secret| nine.contains(secret)));
/// assert_eq!(sample, sample_secrets(nine, 3, 1));
/// assert_eq!(sample_secrets(Digits::new(2).unwrap(), 100, 1), (10..=99).collect::<Vec<u32>>());
/// ```
pub fn sample_secrets(digits: Digits, count: usize, seed: u64) -> Vec<u32> {
    let range = digits.range_len();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut secrets: Vec<u32> = rand::seq::index::sample(&mut rng, range, count.min(range))
        .into_iter()
        .map(|offset| digits.smallest() + offset as u32)
        .collect();
    secrets.sort_unstable();
    secrets
}

/// The secrets listed in `text`, in the order written.
///
/// ```
/// use solvebatch_guess::secrets::parse_secrets;
/// use solvebatch_guess::Digits;
///
/// assert_eq!(parse_secrets("3242 1000\n# hard ones\n9876\n", Digits::FOUR), Ok(vec![3242, 1000, 9876]));
/// assert_eq!(parse_secrets("1000\n999\n", Digits::FOUR).unwrap_err().to_string(),
///            "line 2: 999 is not a 4-digit number (1000 to 9999)");
/// ```
///
/// # Errors
/// [`LineError`] for the first field that is not a `digits`-digit number.
pub fn parse_secrets(text: &str, digits: Digits) -> Result<Vec<u32>, LineError> {
    let mut secrets = Vec::new();
    for (index, line) in text.lines().enumerate() {
        for field in line.split('#').next().unwrap_or_default().split_whitespace() {
            secrets
                .push(parse_number(field, digits).map_err(|problem| LineError { line: index + 1, problem })?);
        }
    }
    Ok(secrets)
}
