//! A short fault run (`xtask faults` in small): a batch killed at random moments by each kind of
//! signal loses and damages nothing. The binary is built as in `tests/fuzz.rs`.

use xtask::build_solvebatch;
use xtask::faults::{faults, Kill};

#[test]
fn kills_at_random_moments_lose_and_damage_nothing() {
    let bin = build_solvebatch(&["--workspace", "--tests"]).expect("cargo builds solvebatch");
    let tally = faults(&bin, 6, 30, 7, None).unwrap();
    assert_eq!(tally.trials, 6);
    assert_eq!(tally.damaged, Vec::<String>::new());
    assert_eq!(tally.lost, 0);
    assert!(tally.by_kill.iter().filter(|&&count| count > 0).count() >= 2, "{:?}", tally.by_kill);
}

/// Item 6 of issue 37: a batch whose `--resume` runs are killed too keeps every record finished
/// before, and its last `--resume` writes the report of an uninterrupted run.
#[test]
fn kills_during_resume_lose_no_finished_record() {
    let bin = build_solvebatch(&["--workspace", "--tests"]).expect("cargo builds solvebatch");
    let tally = faults(&bin, 3, 30, 7, Some(Kill::DuringResume)).unwrap();
    assert_eq!((tally.trials, tally.by_kill[4]), (3, 3));
    assert_eq!(tally.damaged, Vec::<String>::new());
    assert_eq!((tally.resume.lost, tally.resume.kept), (0, tally.resume.finished));
    assert_eq!(tally.records_kept, 3 * 30, "each last report holds every file");
}

/// Issue 40: an append to a results history killed by SIGKILL leaves a history that reads and
/// writes, with the run whole or absent.
#[test]
fn kills_during_a_history_append_leave_the_run_whole_or_absent() {
    let bin = build_solvebatch(&["--workspace", "--tests"]).expect("cargo builds solvebatch");
    let tally = faults(&bin, 3, 30, 7, Some(Kill::DuringAppend)).unwrap();
    assert_eq!((tally.trials, tally.by_kill[5]), (3, 3));
    assert_eq!(tally.damaged, Vec::<String>::new());
    assert_eq!(tally.append.whole + tally.append.absent, 3);
}
