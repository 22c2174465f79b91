//! The optimal strategy and the proof of its worst case.
//!
//! # The result
//!
//! | digits | numbers | fewest guesses in the worst case | mean of `optimal` | strategy built in | bound proved in |
//! | --- | --- | --- | --- | --- | --- |
//! | 2 | 90 | 10 | 7.2333 | under 1 ms | under 1 ms |
//! | 3 | 900 | 11 | 8.7267 | 6 ms | 4 ms |
//! | 4 | 9000 | 12 | 9.8711 | 0.2 s | 0.2 s |
//! | 5 | 90 000 | at least 12 (proved); a strategy with 14 found | — | — | — |
//!
//! (Times on two cores.) For 4 digits no strategy can guarantee 11 guesses, and the `optimal`
//! strategy never needs more than 12; within that worst case its mean, 9.8711, is even below the
//! 9.9432 of the `entropy` strategy, whose worst case is 14. For 5 digits the chain below proves 12
//! at once, but deciding 12 and 13 needs exhaustive searches over 90 000 numbers that do not end in
//! minutes; a search with budget 14 finds a strategy in under 2 s.
//!
//! # The argument for 4 digits
//!
//! *12 guesses suffice*: the depth-bounded search below finds a strategy that finishes every secret
//! within 12 guesses; `solvebatch guess simulate --strategy optimal --transcript FILE` writes every
//! game, so anyone can replay and check it.
//!
//! *11 do not*: an opponent answers 0 to the first seven guesses, whatever they are. That is always
//! possible: the numbers answering 0 to a guess are those that differ from it at every position, so
//! after `j` answers 0 the candidates are all the numbers built from the digits not yet struck out at
//! each position, and each guess strikes out at most one digit per position. Seven guesses leave at
//! least 2 of the 9 front digits and 3 of the 10 digits of every other position: the candidates form a
//! box that contains, after renaming the digits of each position, a copy of
//! `{1,2} x {0,1,2}^3`, 54 numbers. Renaming the digits of a position changes no answer and maps the
//! guesses onto themselves, and a strategy for a set also serves every subset, so the codebreaker is
//! left at least as badly off as with those 54 numbers, which no strategy finishes within 4 more
//! guesses, even with guesses outside the box (exhaustive search). Some secret thus needs
//! `7 + 5 = 12` guesses. [`minimum_worst_case`](bound::minimum_worst_case) proves this and more: it climbs the chain of boxes
//! `P_8 ⊂ P_7 ⊂ ... ⊂ P_0` (the whole range), proving each box's worst case exactly (see
//! the `bound` part below), and works for any number of digits.
//!
//! # The parts
//!
//! Each is a module whose documentation gives the details (`counting`, `symmetry` and `space` are
//! private to the crate; [`search`], [`bound`] and [`tree`] are public):
//! - `counting`: the counting bound `(D^k - 1) / (D - 1)` for `D` positions and `k` guesses, with
//!   its proof, applied to every part of a set that varies in fewer positions;
//! - `symmetry`: one guess per class of guesses that digit relabellings fixing the candidate set
//!   make interchangeable;
//! - [`search`]: the depth-bounded AND-OR search ("can this set be finished within `k` guesses?"),
//!   memoised by candidate set, with guesses ordered by a score, an optional beam, and the comparison
//!   of guesses by total that lowers the mean;
//! - [`bound`]: the exact minimum worst case along the chain of boxes;
//! - [`tree`]: the strategy built once, the guess of every candidate set it reaches.

pub mod bound;
pub(crate) mod counting;
pub mod search;
pub(crate) mod space;
pub(crate) mod symmetry;
pub mod tree;
