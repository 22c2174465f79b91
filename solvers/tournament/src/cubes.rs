//! Merging the results of one cube split solved as N processes ([`crate::solvers::share::solve_cube_share`] once per
//! share): the round of the lowest share that found one; no round when all N shares are refuted;
//! otherwise the shares that timed out, since whether a round exists is then not known.
//!
//! Pure: results in, merged answer out. Reading the results and printing the answer are the caller's.

/// How one share ended, as its result records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CubeAnswer<'a> {
    /// A round was found: its lines as [`crate::round::format`] prints them.
    Round(&'a str),
    /// No cube of the share holds a round.
    Refuted,
    /// The time limit passed first.
    Timeout,
}

/// One share's result, as read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CubeResult<'a> {
    /// What messages call the result (its file's name).
    pub name: &'a str,
    /// The fingerprint of the instance's bytes: shares of one instance agree on it.
    pub input: &'a str,
    /// Which share, from 1 (a result may hold any number; the merge checks it).
    pub index: u32,
    /// How many shares the split has.
    pub count: u32,
    /// How the share ended.
    pub answer: CubeAnswer<'a>,
}

impl CubeResult<'_> {
    /// The share as `K/N`.
    fn share(&self) -> String {
        format!("{}/{}", self.index, self.count)
    }
}

/// What the shares say together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Merged<'a> {
    /// The round of the lowest share that found one, as [`crate::round::format`] prints it.
    Round(&'a str),
    /// All N shares are refuted: the instance has no round.
    NoRound,
    /// No share found a round and these shares (`K/N`, in increasing order) timed out.
    Unknown {
        /// The shares that timed out.
        timed_out: Vec<String>,
    },
}

/// Results that cannot be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No result was given.
    #[error("no result of a cube share to merge")]
    NoResults,
    /// A result whose share is not K of N with 1 ≤ K ≤ N.
    #[error("{name}: share {share} is not a share (K from 1 to N)")]
    NotAShare {
        /// The result's name.
        name: String,
        /// Its share, `K/N`.
        share: String,
    },
    /// Two results of different instances.
    #[error("{name} (share {share}) is a result for another input than {first} (share {first_share})")]
    OtherInput {
        /// The result that differs.
        name: String,
        /// Its share.
        share: String,
        /// The first result.
        first: String,
        /// The first result's share.
        first_share: String,
    },
    /// Two results of splits into different numbers of shares.
    #[error("{name} is share {share}, {first} share {first_share}: the share counts differ")]
    CountsDiffer {
        /// The result that differs.
        name: String,
        /// Its share.
        share: String,
        /// The first result.
        first: String,
        /// The first result's share.
        first_share: String,
    },
    /// One share given twice.
    #[error("{first} and {second} are both share {share}")]
    Twice {
        /// The result first in share order.
        first: String,
        /// The other.
        second: String,
        /// The share both are.
        share: String,
    },
    /// No round was found and some shares are not among the results.
    #[error("no round in the shares given, and {} missing", listed(missing))]
    Missing {
        /// The missing shares, `K/N`, in increasing order.
        missing: Vec<String>,
    },
}

impl MergeError {
    /// Whether the results do not belong together (every error but [`MergeError::NotAShare`], a
    /// damaged result): a usage error for a command line.
    pub fn is_mismatch(&self) -> bool {
        !matches!(self, MergeError::NotAShare { .. })
    }
}

/// `share 2/4 is`, or `shares 2/4, 3/4 are` for several.
fn listed(shares: &[String]) -> String {
    match shares {
        [one] => format!("share {one} is"),
        _ => format!("shares {} are", shares.join(", ")),
    }
}

/// Merges the results of the shares of one split, in any order.
///
/// # Errors
/// No result; a result whose share is not K of N; results of other inputs or share counts than the
/// first; a share given twice; or, when no round was found, a missing share.
pub fn merge<'a>(results: &[CubeResult<'a>]) -> Result<Merged<'a>, MergeError> {
    let first = results.first().ok_or(MergeError::NoResults)?;
    if let Some(bad) = results.iter().find(|result| !(1..=result.count).contains(&result.index)) {
        return Err(MergeError::NotAShare { name: bad.name.to_string(), share: bad.share() });
    }
    for result in &results[1..] {
        let names = || (result.name.to_string(), result.share(), first.name.to_string(), first.share());
        if result.input != first.input {
            let (name, share, first, first_share) = names();
            return Err(MergeError::OtherInput { name, share, first, first_share });
        }
        if result.count != first.count {
            let (name, share, first, first_share) = names();
            return Err(MergeError::CountsDiffer { name, share, first, first_share });
        }
    }
    let mut sorted = results.to_vec();
    sorted.sort_by_key(|result| result.index);
    if let Some(pair) = sorted.windows(2).find(|pair| pair[0].index == pair[1].index) {
        let (first, second) = (pair[0].name.to_string(), pair[1].name.to_string());
        return Err(MergeError::Twice { first, second, share: pair[0].share() });
    }
    if let Some(round) = sorted.iter().find_map(|result| match result.answer {
        CubeAnswer::Round(round) => Some(round),
        CubeAnswer::Refuted | CubeAnswer::Timeout => None,
    }) {
        return Ok(Merged::Round(round));
    }
    let count = first.count;
    let given: Vec<u32> = sorted.iter().map(|result| result.index).collect();
    let missing: Vec<String> =
        (1..=count).filter(|index| !given.contains(index)).map(|index| format!("{index}/{count}")).collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing { missing });
    }
    let timed_out: Vec<String> =
        sorted.iter().filter(|result| result.answer == CubeAnswer::Timeout).map(CubeResult::share).collect();
    Ok(if timed_out.is_empty() { Merged::NoRound } else { Merged::Unknown { timed_out } })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result<'a>(name: &'a str, index: u32, count: u32, answer: CubeAnswer<'a>) -> CubeResult<'a> {
        CubeResult { name, input: "ab12", index, count, answer }
    }

    #[test]
    fn the_lowest_share_with_a_round_wins() {
        let results = [
            result("c.json", 3, 3, CubeAnswer::Round("Table 0: 3 vs. 4\n")),
            result("a.json", 1, 3, CubeAnswer::Timeout),
            result("b.json", 2, 3, CubeAnswer::Round("Table 0: 1 vs. 2\n")),
        ];
        assert_eq!(merge(&results), Ok(Merged::Round("Table 0: 1 vs. 2\n")));
    }

    #[test]
    fn all_refuted_is_no_round_and_a_timeout_leaves_it_unknown() {
        let refuted = [result("a", 2, 2, CubeAnswer::Refuted), result("b", 1, 2, CubeAnswer::Refuted)];
        assert_eq!(merge(&refuted), Ok(Merged::NoRound));
        let unknown = [result("a", 2, 2, CubeAnswer::Timeout), result("b", 1, 2, CubeAnswer::Refuted)];
        assert_eq!(merge(&unknown), Ok(Merged::Unknown { timed_out: vec!["2/2".to_string()] }));
    }

    #[test]
    fn results_that_do_not_belong_together_are_named() {
        let messages = |results: &[CubeResult<'_>]| merge(results).unwrap_err().to_string();
        assert_eq!(
            messages(&[result("a", 3, 2, CubeAnswer::Refuted)]),
            "a: share 3/2 is not a share (K from 1 to N)"
        );
        let other = CubeResult { input: "cd34", ..result("b", 2, 2, CubeAnswer::Refuted) };
        assert_eq!(
            messages(&[result("a", 1, 2, CubeAnswer::Refuted), other]),
            "b (share 2/2) is a result for another input than a (share 1/2)"
        );
        assert_eq!(
            messages(&[result("a", 1, 2, CubeAnswer::Refuted), result("b", 1, 3, CubeAnswer::Refuted)]),
            "b is share 1/3, a share 1/2: the share counts differ"
        );
        assert_eq!(
            messages(&[result("a", 1, 2, CubeAnswer::Refuted), result("b", 1, 2, CubeAnswer::Refuted)]),
            "a and b are both share 1/2"
        );
        assert_eq!(
            messages(&[result("a", 2, 4, CubeAnswer::Refuted)]),
            "no round in the shares given, and shares 1/4, 3/4, 4/4 are missing"
        );
        assert_eq!(
            messages(&[result("a", 2, 2, CubeAnswer::Refuted)]),
            "no round in the shares given, and share 1/2 is missing"
        );
        assert!(!MergeError::NotAShare { name: String::new(), share: String::new() }.is_mismatch());
        assert!(MergeError::NoResults.is_mismatch());
        assert_eq!(merge(&[]), Err(MergeError::NoResults));
    }
}
