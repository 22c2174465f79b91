//! Which pruning a search on bitsets uses ([`Pruning`]: failed-option tests near the root, the
//! matching checks and filters, restarts) and what it cost and removed ([`ProbeStats`],
//! [`FilterStats`]), measured one technique at a time by
//! [`pruned_effort`](crate::solvers::prune::pruned_effort)(crate::solvers::prune::pruned_effort).

use serde::Serialize;

use crate::search::restarts::Restarts;

/// Which pruning a search of [`pruned_effort`](crate::solvers::prune::pruned_effort) uses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pruning {
    /// Levels of the tree, from the root, whose nodes are probed: every remaining option whose choice
    /// would leave an uncovered item without options is removed, again to a fixpoint. 0: no probing,
    /// 1: the root only.
    pub probe_levels: usize,
    /// Levels of the tree whose nodes are refuted when their tables cannot each seat two players
    /// through remaining options, no player twice (a b-matching by augmenting paths, Kuhn 1955).
    pub matching_levels: usize,
    /// Levels of the tree whose nodes drop every remaining option with a table-player edge that no
    /// perfect b-matching of tables (two seats each) onto players uses (Régin 1994, on strongly
    /// connected components of the residual graph), again to a fixpoint; refuted when there is no
    /// such b-matching.
    pub table_filter_levels: usize,
    /// Levels of the tree whose nodes drop every remaining option whose two players are paired in no
    /// perfect matching of the graph of remaining pairings (Gallai-Edmonds decomposition, one
    /// alternating tree per player), again to a fixpoint; refuted when there is no perfect matching.
    /// Applied after the table filter when both are on.
    pub pair_filter_levels: usize,
    /// Levels of the tree whose nodes are refuted when their uncovered players have no perfect
    /// matching in the graph of the remaining pairings (Edmonds' blossom algorithm, 1965, from scratch
    /// at each node).
    pub pairing_levels: usize,
    /// Restart the search from the root with a fresh random option order at each level, after the
    /// nodes of the Luby schedule; `None`: one depth-first search in option order.
    pub restarts: Option<Restarts>,
}

/// What the pruning of [`pruned_effort`](crate::solvers::prune::pruned_effort) cost and removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ProbeStats {
    /// Failed-option tests made (each the cost of about one node).
    pub tests: u64,
    /// Options removed by them.
    pub removed: u64,
    /// Wall-clock time in the tests, in nanoseconds.
    pub nanoseconds: u64,
    /// Runs abandoned for a restart.
    pub restarts: u64,
    /// Table-to-player matching checks made, nodes they refuted, and time in them (nanoseconds).
    pub matching_tests: u64,
    /// See [`ProbeStats::matching_tests`].
    pub matching_cuts: u64,
    /// See [`ProbeStats::matching_tests`].
    pub matching_nanoseconds: u64,
    /// Player perfect-matching checks made, nodes they refuted, and time in them (nanoseconds).
    pub pairing_tests: u64,
    /// See [`ProbeStats::pairing_tests`].
    pub pairing_cuts: u64,
    /// See [`ProbeStats::pairing_tests`].
    pub pairing_nanoseconds: u64,
    /// The effort of [`Pruning::table_filter_levels`].
    pub table_filter: FilterStats,
    /// The effort of [`Pruning::pair_filter_levels`].
    pub pair_filter: FilterStats,
}

impl ProbeStats {
    /// Adds the counts of `other` to these, but not its restarts.
    pub(crate) fn add(&mut self, other: &ProbeStats) {
        self.tests += other.tests;
        self.removed += other.removed;
        self.nanoseconds += other.nanoseconds;
        self.matching_tests += other.matching_tests;
        self.matching_cuts += other.matching_cuts;
        self.matching_nanoseconds += other.matching_nanoseconds;
        self.pairing_tests += other.pairing_tests;
        self.pairing_cuts += other.pairing_cuts;
        self.pairing_nanoseconds += other.pairing_nanoseconds;
        self.table_filter.add(&other.table_filter);
        self.pair_filter.add(&other.pair_filter);
    }
}

/// What one matching filter of [`Pruning`] cost and removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct FilterStats {
    /// Nodes filtered.
    pub calls: u64,
    /// Nodes refuted by it.
    pub cuts: u64,
    /// Options remaining at those nodes before filtering, summed.
    pub options: u64,
    /// Options it removed, summed.
    pub removed: u64,
    /// Wall-clock time in it, in nanoseconds.
    pub nanoseconds: u64,
}

impl FilterStats {
    /// Adds the counts of `other` to these.
    pub(crate) fn add(&mut self, other: &FilterStats) {
        self.calls += other.calls;
        self.cuts += other.cuts;
        self.options += other.options;
        self.removed += other.removed;
        self.nanoseconds += other.nanoseconds;
    }
}
