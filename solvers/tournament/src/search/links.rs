//! Algorithm X with dancing links (Knuth, "Dancing Links", 2000; TAOCP 7.2.2.1, Algorithm X), on
//! doubly linked lists in flat arrays: any number of items and options, no allocation during the search.
//! On several threads each subtree is a matrix of its own with the options above it chosen, searched
//! in [`in_order`]'s order.

use crate::search::branching::{Branching, FailureRates};
use crate::search::in_order::{self, Part, Progress};
use crate::solver::{Interrupted, Stats};
use crate::stop::{Stop, CLOCK_INTERVAL};

/// The dancing-links matrix. Option `o` owns nodes `3o` (its table), `3o + 1` and `3o + 2` (its players);
/// item `i` (tables `0..n`, then players `n..3n`) has its list header at node `3m + i`. With its search
/// state it is a subtree of the search: the options chosen above it, and the levels chosen below.
#[derive(Clone)]
pub(crate) struct Links {
    /// Vertical links of every node: the previous and next node of the same item (headers included).
    up: Vec<u32>,
    down: Vec<u32>,
    /// The item of each option node.
    item: Vec<u32>,
    /// Remaining options of each item.
    len: Vec<u32>,
    /// The doubly linked list of uncovered items; index `3n` is its root.
    left: Vec<u32>,
    right: Vec<u32>,
    /// Index of the first header node, `3m`.
    header: u32,
    /// How many uncovered items have no option left: while there is none, [`Links::choose`] stops at
    /// the first item with one option, so that a run of forced choices costs no scans of the item list.
    empty: usize,
    /// Options tried and taken back.
    pub(crate) stats: Stats,
    /// FRB's counters with [`Branching::FailureRate`], `None` for fewest-options.
    rates: Option<FailureRates>,
    /// The options chosen above this subtree, whose items are covered.
    prefix: Vec<usize>,
    /// The node chosen at each level below the prefix; its item is the one branched on there.
    chosen: Vec<u32>,
    /// Where each level's options end: the item's header, or the first option given away
    /// ([`Part::give_away`]).
    ends: Vec<u32>,
}

impl Links {
    /// The matrix of `options` (three items each, numbered below `items`), every item uncovered,
    /// searched by `branching`.
    pub(crate) fn new(options: &[[u32; 3]], items: usize, branching: Branching) -> Links {
        let nodes: Vec<u32> = options.iter().flatten().copied().collect();
        let header = nodes.len() as u32;
        let total = nodes.len() + items;
        let mut up: Vec<u32> = (0..total as u32).collect();
        let mut down = up.clone();
        let mut len = vec![0; items];
        for (node, &item) in nodes.iter().enumerate() {
            let head = header as usize + item as usize;
            let last = up[head] as usize;
            down[last] = node as u32;
            up[node] = last as u32;
            down[node] = head as u32;
            up[head] = node as u32;
            len[item as usize] += 1;
        }
        let root = items as u32;
        let left = (0..=items as u32).map(|i| if i == 0 { root } else { i - 1 }).collect();
        let right = (0..=items as u32).map(|i| if i == root { 0 } else { i + 1 }).collect();
        let empty = len.iter().filter(|&&len| len == 0).count();
        let rates = FailureRates::for_branching(branching, items);
        Links {
            up,
            down,
            item: nodes,
            len,
            left,
            right,
            header,
            empty,
            stats: Stats::default(),
            rates,
            prefix: Vec::new(),
            chosen: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Removes the options of `item`, then the item itself.
    fn cover(&mut self, item: u32) {
        let head = self.header + item;
        let mut node = self.down[head as usize];
        while node != head {
            self.hide(node);
            node = self.down[node as usize];
        }
        let (l, r) = (self.left[item as usize], self.right[item as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        if self.len[item as usize] == 0 {
            self.empty -= 1;
        }
    }

    /// Undoes [`Links::cover`], in reverse order.
    fn uncover(&mut self, item: u32) {
        if self.len[item as usize] == 0 {
            self.empty += 1;
        }
        let (l, r) = (self.left[item as usize], self.right[item as usize]);
        self.right[l as usize] = item;
        self.left[r as usize] = item;
        let head = self.header + item;
        let mut node = self.up[head as usize];
        while node != head {
            self.unhide(node);
            node = self.up[node as usize];
        }
    }

    /// Unlinks the two other nodes of `node`'s option from their items.
    fn hide(&mut self, node: u32) {
        let base = node - node % 3;
        for other in [base + (node + 1) % 3, base + (node + 2) % 3] {
            let (u, d) = (self.up[other as usize], self.down[other as usize]);
            self.down[u as usize] = d;
            self.up[d as usize] = u;
            let len = &mut self.len[self.item[other as usize] as usize];
            *len -= 1;
            if *len == 0 {
                self.empty += 1;
            }
        }
    }

    /// Undoes [`Links::hide`], in reverse order.
    fn unhide(&mut self, node: u32) {
        let base = node - node % 3;
        for other in [base + (node + 2) % 3, base + (node + 1) % 3] {
            let (u, d) = (self.up[other as usize], self.down[other as usize]);
            self.down[u as usize] = other;
            self.up[d as usize] = other;
            let len = &mut self.len[self.item[other as usize] as usize];
            if *len == 0 {
                self.empty -= 1;
            }
            *len += 1;
        }
    }

    /// The uncovered item with the fewest remaining options (the first such in list order, which is item
    /// order), or `None` when every item is covered. The scan stops at the first item with no option
    /// left, or with one when no item has none.
    fn choose(&self) -> Option<u32> {
        let root = self.len.len() as u32;
        let fewest_possible = u32::from(self.empty == 0);
        let mut item = self.right[root as usize];
        let mut best = None;
        let mut best_len = u32::MAX;
        while item != root {
            let len = self.len[item as usize];
            if len < best_len {
                best = Some(item);
                best_len = len;
                if len == fewest_possible {
                    break;
                }
            }
            item = self.right[item as usize];
        }
        best
    }

    /// The item FRB branches on ([`Branching::FailureRate`]): the first uncovered item with no
    /// option or, failing that, with one; else the smallest score of `rates`, the first in list order
    /// among equals; `None` when every item is covered.
    fn choose_by_rate(&self, rates: &FailureRates) -> Option<u32> {
        if self.empty > 0 {
            return self.choose();
        }
        let root = self.len.len() as u32;
        let mut item = self.right[root as usize];
        let (mut best, mut best_score) = (None, f64::INFINITY);
        while item != root {
            let len = self.len[item as usize];
            if len == 1 {
                return Some(item);
            }
            let score = rates.score(item as usize, len);
            if score < best_score {
                (best, best_score) = (Some(item), score);
            }
            item = self.right[item as usize];
        }
        best
    }

    /// Counts an option of `item` tried, looking at the clock every [`CLOCK_INTERVAL`] of them.
    fn count_node(&mut self, item: u32, stop: &Stop) -> Result<(), Interrupted> {
        if let Some(rates) = &mut self.rates {
            rates.tried(item as usize);
        }
        self.stats.nodes += 1;
        if self.stats.nodes % CLOCK_INTERVAL == 0 {
            stop.check()?;
        }
        Ok(())
    }

    /// Covers the items of `node`'s option other than `node`'s own.
    fn select(&mut self, node: u32) {
        let base = node - node % 3;
        self.cover(self.item[(base + (node + 1) % 3) as usize]);
        self.cover(self.item[(base + (node + 2) % 3) as usize]);
    }

    /// Undoes [`Links::select`].
    fn deselect(&mut self, node: u32) {
        let base = node - node % 3;
        self.uncover(self.item[(base + (node + 2) % 3) as usize]);
        self.uncover(self.item[(base + (node + 1) % 3) as usize]);
    }

    /// Algorithm X, iterative, on one thread: the options of a round, or `None` when the whole tree
    /// holds none.
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn search(&mut self, stop: &Stop) -> Result<Option<Vec<usize>>, Interrupted> {
        match self.resume(u64::MAX, stop)? {
            Progress::Found(cover) => Ok(Some(cover)),
            _ => Ok(None),
        }
    }

    /// Algorithm X on `threads` threads ([`in_order::search`]) from this fresh matrix, adding the
    /// options tried to `stats`: the first round in depth-first order, or `None`.
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn search_on(
        self,
        threads: usize,
        stop: &Stop,
        stats: &mut Stats,
    ) -> Result<Option<Vec<usize>>, Interrupted> {
        in_order::search(self, threads, stop, stats)
    }

    /// The options chosen, from the top of the whole tree.
    fn cover_found(&self) -> Vec<usize> {
        self.prefix.iter().copied().chain(self.chosen.iter().map(|&node| node as usize / 3)).collect()
    }
}

impl Part for Links {
    /// Searches on below the prefix for up to `budget` options tried: the first round in this
    /// subtree's depth-first order, [`Progress::Exhausted`] when it holds none.
    fn resume(&mut self, budget: u64, stop: &Stop) -> Result<Progress, Interrupted> {
        let limit = self.stats.nodes.saturating_add(budget);
        'enter: loop {
            if self.stats.nodes >= limit {
                return Ok(Progress::Paused);
            }
            let choice = match &self.rates {
                None => self.choose(),
                Some(rates) => self.choose_by_rate(rates),
            };
            let Some(item) = choice else {
                return Ok(Progress::Found(self.cover_found()));
            };
            if self.len[item as usize] > 0 {
                self.cover(item);
                let node = self.down[(self.header + item) as usize];
                self.select(node);
                self.chosen.push(node);
                self.ends.push(self.header + item);
                self.count_node(item, stop)?;
                continue 'enter;
            }
            // Dead end: the latest choice left `item` without options; take it back and try the next
            // option of its item.
            if let (Some(rates), Some(&node)) = (&mut self.rates, self.chosen.last()) {
                rates.failed(self.item[node as usize] as usize);
            }
            loop {
                let Some(node) = self.chosen.pop() else { return Ok(Progress::Exhausted) };
                self.deselect(node);
                self.stats.backtracks += 1;
                let item = self.item[node as usize];
                let next = self.down[node as usize];
                if next != self.ends[self.chosen.len()] {
                    self.select(next);
                    self.chosen.push(next);
                    self.count_node(item, stop)?;
                    continue 'enter;
                }
                self.ends.pop();
                self.uncover(item);
            }
        }
    }

    /// The options after the chosen one at the shallowest level that has some, each a fresh copy of
    /// the matrix with the options above chosen (one option tried each, and FRB's counters copied);
    /// this subtree's level then ends at its chosen option. The options of a level's item stay
    /// linked while the item is covered, so they are read from its list.
    fn give_away(&mut self) -> Vec<Links> {
        let open =
            (0..self.chosen.len()).find(|&level| self.down[self.chosen[level] as usize] != self.ends[level]);
        let Some(level) = open else { return Vec::new() };
        let mut given = Vec::new();
        let mut node = self.down[self.chosen[level] as usize];
        while node != self.ends[level] {
            given.push(node);
            node = self.down[node as usize];
        }
        self.ends[level] = given[0];
        // A fresh copy has this subtree's prefix chosen already.
        let above: Vec<usize> = self.chosen[..level].iter().map(|&node| node as usize / 3).collect();
        given
            .into_iter()
            .map(|node| {
                let mut part = self.fresh();
                for option in above.iter().copied().chain([node as usize / 3]) {
                    part.choose_above(option);
                }
                part.stats.nodes = 1;
                part
            })
            .collect()
    }

    fn take_stats(&mut self) -> Stats {
        std::mem::take(&mut self.stats)
    }
}

impl Links {
    /// A copy of this subtree at its root: its prefix chosen, nothing below, no effort counted, and
    /// this subtree's FRB counters.
    fn fresh(&self) -> Links {
        let mut copy = self.clone();
        while let Some(node) = copy.chosen.pop() {
            copy.deselect(node);
            copy.uncover(copy.item[node as usize]);
        }
        copy.ends.clear();
        copy.stats = Stats::default();
        copy
    }

    /// Chooses `option` above the search: covers its three items.
    fn choose_above(&mut self, option: usize) {
        let node = 3 * option as u32;
        self.cover(self.item[node as usize]);
        self.select(node);
        self.prefix.push(option);
    }
}
