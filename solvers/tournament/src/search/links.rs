//! Algorithm X with dancing links (Knuth, "Dancing Links", 2000; TAOCP 7.2.2.1, Algorithm X), on
//! doubly linked lists in flat arrays: any number of items and options, no allocation during the search.

use crate::search::branching::{Branching, FailureRates};
use crate::solver::{Interrupted, Stats};
use crate::stop::{Stop, CLOCK_INTERVAL};

/// The dancing-links matrix. Option `o` owns nodes `3o` (its table), `3o + 1` and `3o + 2` (its players);
/// item `i` (tables `0..n`, then players `n..3n`) has its list header at node `3m + i`.
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
        Links { up, down, item: nodes, len, left, right, header, empty, stats: Stats::default(), rates }
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

    /// Algorithm X, iterative: the options of a round, or `None` when the whole tree holds none.
    ///
    /// # Errors
    /// [`Interrupted`] when `stop` says so first.
    pub(crate) fn search(&mut self, stop: &Stop) -> Result<Option<Vec<usize>>, Interrupted> {
        // The chosen node at each level; its item is the one branched on there.
        let mut chosen: Vec<u32> = Vec::new();
        'enter: loop {
            let choice = match &self.rates {
                None => self.choose(),
                Some(rates) => self.choose_by_rate(rates),
            };
            let Some(item) = choice else {
                return Ok(Some(chosen.iter().map(|&node| node as usize / 3).collect()));
            };
            if self.len[item as usize] > 0 {
                self.cover(item);
                let node = self.down[(self.header + item) as usize];
                self.select(node);
                chosen.push(node);
                self.count_node(item, stop)?;
                continue 'enter;
            }
            // Dead end: the latest choice left `item` without options; take it back and try the next
            // option of its item.
            if let (Some(rates), Some(&node)) = (&mut self.rates, chosen.last()) {
                rates.failed(self.item[node as usize] as usize);
            }
            loop {
                let Some(node) = chosen.pop() else { return Ok(None) };
                self.deselect(node);
                self.stats.backtracks += 1;
                let item = self.item[node as usize];
                let next = self.down[node as usize];
                if next != self.header + item {
                    self.select(next);
                    chosen.push(next);
                    self.count_node(item, stop)?;
                    continue 'enter;
                }
                self.uncover(item);
            }
        }
    }
}
