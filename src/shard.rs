//! Deterministic shares of a batch: `run PATHS --shard K/N` solves the K-th of N disjoint parts of the
//! inputs, so that a cluster engine (Slurm array jobs, Kubernetes Indexed Jobs, GNU parallel) can start
//! N plain `solvebatch` processes and `solvebatch merge` can join their JSON reports.
//!
//! An input's shard depends on its key alone: its path relative to the first root (a path given on the
//! command line, in the order given) that holds it, components joined by `/`, or the path as given
//! when it is a root itself. The shard is `XXH3-64(key) mod N + 1`. Every worker thus computes its
//! share alone from the same command line, whatever the walk order, the thread count or the machine,
//! and a file added to a folder lands in one shard without moving any other file.

use std::fmt;
use std::path::{Component, Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::{xxh3_64, Xxh3};

use crate::inputs::Found;
use crate::paths::display_path;

/// Share `index` of `count` (1 ≤ `index` ≤ `count`): of a batch's inputs (`run --shard`) or of a
/// tournament's cube split (`tournament --cubes`). Written `K/N` on the command line, and
/// `{"index":K,"count":N}` in reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Share {
    /// Which share, from 1.
    pub index: u32,
    /// How many shares there are.
    pub count: u32,
}

impl Share {
    /// The share `index` of `count`; `None` unless 1 ≤ `index` ≤ `count`.
    pub fn new(index: u32, count: u32) -> Option<Share> {
        (1..=count).contains(&index).then_some(Share { index, count })
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Share {
    type Err = String;

    /// Reads `K/N`, such as `2/8`.
    fn from_str(text: &str) -> Result<Share, String> {
        let (index, count) =
            text.split_once('/').ok_or_else(|| format!("`{text}` is not K/N (such as 2/8)"))?;
        let number =
            |part: &str| part.parse::<u32>().map_err(|_| format!("`{text}`: `{part}` is not a whole number"));
        let (index, count) = (number(index)?, number(count)?);
        Share::new(index, count).ok_or_else(|| format!("`{text}`: K must be from 1 to N"))
    }
}

/// The inputs of a whole batch, before sharding: what the reports of every shard of one batch share.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputSet {
    /// The paths given on the command line, in order.
    pub roots: Vec<String>,
    /// Inputs in the whole batch (every shard's files together).
    pub files: usize,
    /// XXH3-128, in hexadecimal, of the roots in order, every input path in sorted order, and the
    /// count of skipped files: equal for two runs exactly when they saw the same inputs.
    pub fingerprint: String,
}

impl InputSet {
    /// How this input set differs from `first`, in words.
    pub fn difference(&self, first: &InputSet) -> String {
        if self.roots != first.roots {
            format!("roots {}, not {}", self.roots.join(" "), first.roots.join(" "))
        } else if self.files != first.files {
            format!("{} inputs, not {}", self.files, first.files)
        } else {
            "the same roots and number of inputs, but other paths or skipped files".to_string()
        }
    }
}

/// What `--shard` asks for: a given share, or `auto`, the share the cluster engine gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShardChoice {
    /// `--shard K/N`.
    Given(Share),
    /// `--shard auto`: see [`from_engine`].
    Auto,
}

impl FromStr for ShardChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<ShardChoice, String> {
        match text {
            "auto" => Ok(ShardChoice::Auto),
            _ => text.parse().map(ShardChoice::Given).map_err(|error| format!("{error}, or auto")),
        }
    }
}

/// The variable that gives the shard count to `--shard auto` under Kubernetes and GNU parallel, whose
/// variables hold the task's number only; `--shard-count` beats it.
pub const COUNT_VARIABLE: &str = "SOLVEBATCH_SHARD_COUNT";

/// The share a cluster engine gives this process, read from its variables by `var` (the process
/// environment, in `run`). The innermost engine wins, in this order:
///
/// 1. GNU parallel: `PARALLEL_SEQ` (from 1) is K; N is `count`, else [`COUNT_VARIABLE`].
/// 2. Kubernetes Indexed Job: `JOB_COMPLETION_INDEX` (from 0) plus 1 is K; N is `count`, else
///    [`COUNT_VARIABLE`] (the Job's `completions`).
/// 3. Slurm array job: K is `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN` + 1, and N is
///    `SLURM_ARRAY_TASK_MAX` − `SLURM_ARRAY_TASK_MIN` + 1 (or `SLURM_ARRAY_TASK_COUNT`); the array must
///    be contiguous (`--array=1-8`), and a `count` given must equal N.
///
/// `count` is `--shard-count`.
///
/// # Errors
/// In words: no engine's variables, a variable that is not a whole number, a missing count, a task
/// outside `1..=N`, or a Slurm array with gaps.
pub fn from_engine(var: impl Fn(&str) -> Option<String>, count: Option<u32>) -> Result<Share, String> {
    let number = |name: &str| -> Result<Option<u32>, String> {
        var(name)
            .map(|value| value.trim().parse().map_err(|_| format!("{name}=`{value}` is not a whole number")))
            .transpose()
    };
    let count = match count {
        Some(count) => Some(count),
        None => number(COUNT_VARIABLE)?,
    };
    let share = |index: Option<u32>, count: u32, source: String| {
        index.and_then(|index| Share::new(index, count)).ok_or_else(|| {
            format!("{source} is not a shard from 1 to {count}: check the engine's task numbers")
        })
    };
    let no_count = |variable: &str, engine: &str, count: &str| {
        format!(
            "{variable} is set ({engine}) but not the shard count: give --shard-count N or \
             {COUNT_VARIABLE}=N, {count}"
        )
    };
    if let Some(sequence) = number("PARALLEL_SEQ")? {
        let count =
            count.ok_or_else(|| no_count("PARALLEL_SEQ", "a GNU parallel job", "the number of jobs"))?;
        return share(Some(sequence), count, format!("PARALLEL_SEQ={sequence}"));
    }
    if let Some(index) = number("JOB_COMPLETION_INDEX")? {
        let count = count.ok_or_else(|| {
            no_count("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job", "the Job's completions")
        })?;
        return share(index.checked_add(1), count, format!("JOB_COMPLETION_INDEX={index}"));
    }
    if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        return slurm_share(id, &number, count);
    }
    Err("--shard auto found no cluster engine's variables (SLURM_ARRAY_TASK_ID of a Slurm array job, \
         JOB_COMPLETION_INDEX of a Kubernetes Indexed Job, PARALLEL_SEQ of GNU parallel): give \
         --shard K/N instead"
        .to_string())
}

/// The share of Slurm array task `id`; `number` reads a variable.
fn slurm_share(
    id: u32,
    number: &dyn Fn(&str) -> Result<Option<u32>, String>,
    count: Option<u32>,
) -> Result<Share, String> {
    let min = number("SLURM_ARRAY_TASK_MIN")?
        .ok_or("SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_MIN".to_string())?;
    let tasks = number("SLURM_ARRAY_TASK_COUNT")?;
    let span = match number("SLURM_ARRAY_TASK_MAX")? {
        Some(max) => max.checked_sub(min).and_then(|span| span.checked_add(1)),
        None => tasks,
    }
    .ok_or(
        "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_MAX nor SLURM_ARRAY_TASK_COUNT".to_string(),
    )?;
    if tasks.is_some_and(|tasks| tasks != span) {
        return Err(format!(
            "the Slurm array is not contiguous ({} tasks from {min} to {}): submit it as --array=MIN-MAX",
            tasks.unwrap_or_default(),
            min + span - 1
        ));
    }
    if count.is_some_and(|count| count != span) {
        return Err(format!(
            "the Slurm array has {span} tasks, but the shard count given is {}",
            count.unwrap_or_default()
        ));
    }
    id.checked_sub(min)
        .and_then(|offset| Share::new(offset + 1, span))
        .ok_or_else(|| format!("SLURM_ARRAY_TASK_ID={id} is outside the array's {min} to {}", min + span - 1))
}

impl Share {
    /// Whether this share holds the input `path`, with `roots` the paths given on the command line.
    pub fn holds(&self, path: &Path, roots: &[PathBuf]) -> bool {
        shard_of(path, roots, self.count) == self.index
    }
}

/// The shard of the input `path` among `count`, with `roots` the paths given on the command line.
fn shard_of(path: &Path, roots: &[PathBuf], count: u32) -> u32 {
    (xxh3_64(&key(path, roots)) % u64::from(count)) as u32 + 1
}

/// The key of `path`: relative to the first of `roots` that holds it, or the path as given when it is
/// a root (or under none), its components joined by `/`.
fn key(path: &Path, roots: &[PathBuf]) -> Vec<u8> {
    let relative = roots.iter().find_map(|root| path.strip_prefix(root).ok());
    let shown = match relative {
        Some(relative) if relative.components().next().is_some() => relative,
        _ => path,
    };
    let parts: Vec<&[u8]> = shown
        .components()
        .map(|component| match component {
            Component::RootDir => &[][..],
            other => other.as_os_str().as_encoded_bytes(),
        })
        .collect();
    parts.join(&b'/')
}

/// What the reports of every shard of one batch share: the roots, the number of inputs, and a
/// fingerprint of the roots (in order), every input path (sorted) and the count of skipped files.
pub fn input_set(roots: &[PathBuf], found: &Found) -> InputSet {
    let mut hasher = Xxh3::new();
    for root in roots {
        hasher.update(root.as_os_str().as_encoded_bytes());
        hasher.update(&[0]);
    }
    hasher.update(&[0]);
    for input in &found.inputs {
        hasher.update(input.path.as_os_str().as_encoded_bytes());
        hasher.update(&[0]);
    }
    hasher.update(&(found.skipped as u64).to_le_bytes());
    InputSet {
        roots: roots.iter().map(|root| display_path(root)).collect(),
        files: found.inputs.len(),
        fingerprint: format!("{:032x}", hasher.digest128()),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn shares_read_as_k_of_n() {
        assert_eq!("2/8".parse(), Ok(Share { index: 2, count: 8 }));
        assert_eq!("8/8".parse::<Share>().map(|share| share.to_string()), Ok("8/8".to_string()));
        assert_eq!("0/8".parse::<Share>(), Err("`0/8`: K must be from 1 to N".to_string()));
        assert_eq!("9/8".parse::<Share>(), Err("`9/8`: K must be from 1 to N".to_string()));
        assert_eq!("2".parse::<Share>(), Err("`2` is not K/N (such as 2/8)".to_string()));
        assert_eq!("a/8".parse::<Share>(), Err("`a/8`: `a` is not a whole number".to_string()));
        assert_eq!("auto".parse(), Ok(ShardChoice::Auto));
        assert_eq!("x".parse::<ShardChoice>(), Err("`x` is not K/N (such as 2/8), or auto".to_string()));
    }

    #[test]
    fn keys_are_relative_to_the_first_root_that_holds_the_file() {
        let roots = [PathBuf::from("./data"), PathBuf::from("data/sub"), PathBuf::from("/abs/x.csv")];
        let key = |path: &str| String::from_utf8(key(Path::new(path), &roots)).unwrap();
        assert_eq!(key("./data/sub/a.csv"), "sub/a.csv");
        assert_eq!(key("data/sub/a.csv"), "a.csv");
        assert_eq!(key("/abs/x.csv"), "/abs/x.csv");
        assert_eq!(key("elsewhere//b.csv"), "elsewhere/b.csv");
    }

    #[test]
    fn the_same_relative_path_has_the_same_shard_under_any_root() {
        let here = shard_of(Path::new("a/x/y.csv"), &[PathBuf::from("a")], 7);
        let there = shard_of(Path::new("/mnt/b/x/y.csv"), &[PathBuf::from("/mnt/b")], 7);
        assert_eq!(here, there);
        // XXH3-64 is a fixed algorithm: the shards never change between versions or machines.
        assert_eq!(xxh3_64(b"x/y.csv"), 13133640725110406458);
        assert_eq!(here, 7);
    }

    #[test]
    fn shards_spread_files_evenly() {
        let roots = [PathBuf::from("d")];
        let mut sizes = [0; 4];
        for file in 0..4000 {
            sizes[shard_of(Path::new(&format!("d/f{file}.csv")), &roots, 4) as usize - 1] += 1;
        }
        assert!(sizes.iter().all(|&size| (900..1100).contains(&size)), "{sizes:?}");
    }

    fn engine(vars: &[(&str, &str)], count: Option<u32>) -> Result<Share, String> {
        let vars: HashMap<String, String> =
            vars.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect();
        from_engine(|name| vars.get(name).cloned(), count)
    }

    #[test]
    fn slurm_arrays_give_the_task_and_the_span() {
        let array =
            [("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_MIN", "0"), ("SLURM_ARRAY_TASK_MAX", "3")];
        assert_eq!(engine(&array, None), Ok(Share { index: 4, count: 4 }));
        let counted =
            [("SLURM_ARRAY_TASK_ID", "5"), ("SLURM_ARRAY_TASK_MIN", "5"), ("SLURM_ARRAY_TASK_COUNT", "2")];
        assert_eq!(engine(&counted, None), Ok(Share { index: 1, count: 2 }));
        let gaps = [
            ("SLURM_ARRAY_TASK_ID", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "12"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ];
        assert_eq!(
            engine(&gaps, None),
            Err("the Slurm array is not contiguous (4 tasks from 0 to 12): submit it as --array=MIN-MAX"
                .to_string())
        );
        assert_eq!(
            engine(&array, Some(3)),
            Err("the Slurm array has 4 tasks, but the shard count given is 3".to_string())
        );
        assert_eq!(
            engine(&[("SLURM_ARRAY_TASK_ID", "1")], None),
            Err("SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_MIN".to_string())
        );
    }

    #[test]
    fn kubernetes_indexes_count_from_zero_and_need_a_count() {
        assert_eq!(engine(&[("JOB_COMPLETION_INDEX", "0")], Some(3)), Ok(Share { index: 1, count: 3 }));
        assert_eq!(
            engine(&[("JOB_COMPLETION_INDEX", "2"), (COUNT_VARIABLE, "3")], None),
            Ok(Share { index: 3, count: 3 })
        );
        assert_eq!(
            engine(&[("JOB_COMPLETION_INDEX", "3"), (COUNT_VARIABLE, "3")], None),
            Err("JOB_COMPLETION_INDEX=3 is not a shard from 1 to 3: check the engine's task numbers"
                .to_string())
        );
        assert_eq!(
            engine(&[("JOB_COMPLETION_INDEX", "0")], None),
            Err("JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but not the shard count: give \
                 --shard-count N or SOLVEBATCH_SHARD_COUNT=N, the Job's completions"
                .to_string())
        );
        assert_eq!(
            engine(&[("JOB_COMPLETION_INDEX", "x")], Some(2)),
            Err("JOB_COMPLETION_INDEX=`x` is not a whole number".to_string())
        );
    }

    #[test]
    fn gnu_parallel_needs_a_count_and_wins_over_outer_engines() {
        let nested = [("PARALLEL_SEQ", "2"), (COUNT_VARIABLE, "4"), ("SLURM_ARRAY_TASK_ID", "9")];
        assert_eq!(engine(&nested, None), Ok(Share { index: 2, count: 4 }));
        assert_eq!(engine(&nested, Some(2)), Ok(Share { index: 2, count: 2 }), "--shard-count wins");
        assert_eq!(
            engine(&[("PARALLEL_SEQ", "5")], Some(4)),
            Err("PARALLEL_SEQ=5 is not a shard from 1 to 4: check the engine's task numbers".to_string())
        );
        assert_eq!(
            engine(&[("PARALLEL_SEQ", "1")], None),
            Err("PARALLEL_SEQ is set (a GNU parallel job) but not the shard count: give --shard-count N or \
                 SOLVEBATCH_SHARD_COUNT=N, the number of jobs"
                .to_string())
        );
    }

    #[test]
    fn no_engine_is_a_clear_error() {
        assert_eq!(
            engine(&[], Some(4)).unwrap_err(),
            "--shard auto found no cluster engine's variables (SLURM_ARRAY_TASK_ID of a Slurm array job, \
             JOB_COMPLETION_INDEX of a Kubernetes Indexed Job, PARALLEL_SEQ of GNU parallel): give \
             --shard K/N instead"
        );
    }
}
