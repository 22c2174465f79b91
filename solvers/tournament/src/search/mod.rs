//! The search engine under the solvers: exact cover by Algorithm X (Knuth, "Dancing links", 2000)
//! on dancing links (`links`) or on bitsets for up to 64 tables (`bitset`), either on threads in
//! one thread's order (`in_order`), the item choice ([`branching`]: fewest options, or the failure
//! rates of Li et al.), the matching arguments that prune it (`blossom`: Edmonds' perfect matching; `filter`: the
//! table and pair filters), which pruning is on and what it cost ([`pruning`]), and the restart
//! schedule of a randomised search ([`restarts`]). It imports only the solver interface below it
//! ([`mod@crate::solver`]), never a solver.

pub(crate) mod bitset;
pub(crate) mod blossom;
pub mod branching;
pub(crate) mod filter;
pub(crate) mod in_order;
pub(crate) mod links;
pub mod pruning;
pub mod restarts;
