//! A short fault run (`xtask faults` in small): a batch killed at random moments by each kind of
//! signal loses and damages nothing. The binary is built as in `tests/fuzz.rs`.

use xtask::build_solvebatch;
use xtask::faults::faults;

#[test]
fn kills_at_random_moments_lose_and_damage_nothing() {
    let bin = build_solvebatch(&["--workspace", "--tests"]).expect("cargo builds solvebatch");
    let tally = faults(&bin, 6, 30, 7).unwrap();
    assert_eq!(tally.trials, 6);
    assert_eq!(tally.damaged, Vec::<String>::new());
    assert_eq!(tally.lost, 0);
    assert!(tally.by_kill.iter().filter(|&&count| count > 0).count() >= 2, "{:?}", tally.by_kill);
}
