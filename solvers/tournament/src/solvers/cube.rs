//! The cube half of cube-and-conquer (Heule, Kullmann, Wieringa and Biere, "Cube and Conquer: Guiding
//! CDCL SAT Solvers by Lookaheads", 2011): the first levels of the exact cover search tree cut the
//! problem into cubes, each a set of pairings assumed to be in the round, which a CDCL solver then
//! settles one by one.
//!
//! The split is Algorithm X's (Knuth, "Dancing Links", 2000) with forced choices propagated: choosing a
//! pairing removes every other pairing that shares its table or a player; an uncovered item (table or
//! player) left with one pairing forces it, one left with none refutes the cube on the spot; otherwise
//! the uncovered item with the fewest remaining pairings is branched on, one branch per pairing. The
//! branches of a node differ in which pairing covers the branched item and miss no pairing of it, and
//! a refuted branch holds no round, so every round extends exactly one cube.

use crate::instance::Instance;
use crate::solvers::dlx;

/// A cube: the indices (into [`Instance::pairings`]) of the pairings chosen at each branching, in
/// order. Forced pairings are left out: unit propagation in the solver finds them again.
pub(crate) type Cube = Vec<usize>;

/// How a node of the split ends once its forced choices are made.
enum Node {
    /// An item has no pairing left: no round below.
    DeadEnd,
    /// Every item is covered: the choices so far are a round.
    Covered,
    /// Branch on this item.
    Branch(usize),
}

/// The exact cover state of the split: which pairings remain, with undo by trail.
struct Split {
    /// The three items of each option (tables `0..n`, players `n..3n`), and the pairing behind it.
    items: Vec<[u32; 3]>,
    pairing: Vec<usize>,
    /// The options of each item.
    item_options: Vec<Vec<u32>>,
    alive: Vec<bool>,
    /// Remaining options of each item, and whether it is covered.
    count: Vec<u32>,
    covered: Vec<bool>,
    /// Options removed and items covered, in order, for undoing.
    removed: Vec<u32>,
    covered_items: Vec<u32>,
    /// Items whose count fell to 1 or 0 since the last propagation: the only candidates for a forced
    /// choice or a dead end, so that propagating does not scan every item.
    low: Vec<u32>,
}

impl Split {
    /// The state before any choice, for the options ([`dlx::options`]) of an instance with `n` tables.
    fn new((items, pairing): (Vec<[u32; 3]>, Vec<usize>), n: usize) -> Split {
        let item_options = dlx::item_options(&items, 3 * n);
        let count: Vec<u32> = item_options.iter().map(|options| options.len() as u32).collect();
        let low = (0..3 * n as u32).filter(|&item| count[item as usize] <= 1).collect();
        Split {
            alive: vec![true; items.len()],
            items,
            pairing,
            item_options,
            count,
            covered: vec![false; 3 * n],
            removed: Vec::new(),
            covered_items: Vec::new(),
            low,
        }
    }

    /// Chooses `option`: covers its items and removes every option that shares one.
    fn select(&mut self, option: usize) {
        for item in self.items[option] {
            self.covered[item as usize] = true;
            self.covered_items.push(item);
            for &other in &self.item_options[item as usize] {
                if std::mem::replace(&mut self.alive[other as usize], false) {
                    for i in self.items[other as usize] {
                        self.count[i as usize] -= 1;
                        if self.count[i as usize] <= 1 {
                            self.low.push(i);
                        }
                    }
                    self.removed.push(other);
                }
            }
        }
    }

    /// The trail lengths, to undo back to.
    fn mark(&self) -> (usize, usize) {
        (self.removed.len(), self.covered_items.len())
    }

    fn undo(&mut self, (removed, covered): (usize, usize)) {
        for option in self.removed.drain(removed..) {
            self.alive[option as usize] = true;
            self.items[option as usize].iter().for_each(|&i| self.count[i as usize] += 1);
        }
        for item in self.covered_items.drain(covered..) {
            self.covered[item as usize] = false;
        }
    }

    /// Makes the forced choices, then tells how the node ends.
    ///
    /// Only the items whose count fell to 1 or 0 are looked at until none is left, then every item once
    /// to find the branching. The order of the forced choices does not matter: they are the unit
    /// propagation of "exactly one option per item", whose outcome (every forced choice made, or a
    /// dead end) is the same in any order.
    fn propagate(&mut self) -> Node {
        while let Some(item) = self.low.pop() {
            let item = item as usize;
            if self.covered[item] {
                continue;
            }
            match self.count[item] {
                0 => {
                    self.low.clear();
                    return Node::DeadEnd;
                }
                1 => {
                    let option = self.options_of(item).next().expect("one option remains");
                    self.select(option);
                }
                _ => {}
            }
        }
        // The uncovered item with the fewest options (two or more), the lowest-numbered among equals.
        let fewest = (0..self.count.len())
            .filter(|&item| !self.covered[item])
            .min_by_key(|&item| (self.count[item], item));
        fewest.map_or(Node::Covered, Node::Branch)
    }

    /// The remaining options of `item`, in file order.
    fn options_of(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        self.item_options[item].iter().map(|&option| option as usize).filter(|&option| self.alive[option])
    }
}

/// A branching in progress: the options of the branched item in the order tried, the next to try,
/// and the trail lengths from before the option being tried was chosen.
struct Frame {
    options: Vec<usize>,
    next: usize,
    before_child: (usize, usize),
    /// The product of the branching factors down to and including this one.
    weight: f64,
}

/// The cubes of an instance, generated one at a time in depth-first order (or its reverse), so that a
/// search that stops at its first round never splits the rest of the tree.
///
/// A path is cut into a cube once the product of the branching factors along it reaches
/// `max_weight`: that product is Knuth's estimate ("Estimating the efficiency of backtrack programs",
/// 1975) of how many nodes the path's level holds, so the split goes deeper where the tree is narrow,
/// stays shallow on dense instances, and yields fewer than `max_weight` times the largest branching
/// factor cubes in all.
pub(crate) struct Cubes {
    split: Split,
    max_weight: f64,
    /// Whether options are tried last first, which yields the cubes in reverse order.
    pub(crate) from_back: bool,
    /// The branchings open along the current path, and the pairings chosen at them.
    frames: Vec<Frame>,
    chosen: Vec<usize>,
    started: bool,
    /// Only the cubes numbered `offset`, `offset + stride`, ... (from 0, in the walk's order) are
    /// yielded; `numbered` counts the cubes met so far.
    offset: usize,
    stride: usize,
    numbered: usize,
}

impl Cubes {
    /// The cubes of `instance` cut at weight `max_weight`, front to back or, when `from_back`, back to
    /// front. Without a possible round (fewer pairings than tables) there is no cube, and no memory is
    /// spent on the tables.
    pub(crate) fn new(instance: &Instance, max_weight: f64, from_back: bool) -> Cubes {
        let n = instance.tables_if_coverable();
        let split = match n {
            Some(n) => Split::new(dlx::options(instance, n), n),
            None => Split::new((Vec::new(), Vec::new()), 0),
        };
        Cubes {
            split,
            max_weight,
            from_back,
            frames: Vec::new(),
            chosen: Vec::new(),
            started: n.is_none(),
            offset: 0,
            stride: 1,
            numbered: 0,
        }
    }

    /// Only every `stride`-th cube, from the `offset`-th (counted from 0): one of `stride` disjoint
    /// shares that together are all the cubes. `offset` must be below `stride`.
    pub(crate) fn share(self, offset: usize, stride: usize) -> Cubes {
        Cubes { offset, stride, ..self }
    }

    /// The position of the cube last returned in depth-first order: the index of the option taken at
    /// each branching, counted from the front. No cube's position is a prefix of another's, so
    /// positions compare (lexicographically) as the cubes do in depth-first order.
    pub(crate) fn position(&self) -> Vec<usize> {
        let index =
            |frame: &Frame| if self.from_back { frame.options.len() - frame.next } else { frame.next - 1 };
        self.frames.iter().map(index).collect()
    }

    /// Enters the node reached by the choices so far: a cube when every item is covered or the path is
    /// heavy enough, nothing at a dead end, otherwise a new branching.
    fn enter(&mut self) -> Option<Cube> {
        let weight = self.frames.last().map_or(1.0, |frame| frame.weight);
        match self.split.propagate() {
            Node::DeadEnd => None,
            Node::Branch(item) if weight < self.max_weight => {
                let mut options: Vec<usize> = self.split.options_of(item).collect();
                if self.from_back {
                    options.reverse();
                }
                let weight = weight * options.len() as f64;
                self.frames.push(Frame { options, next: 0, before_child: (0, 0), weight });
                None
            }
            Node::Covered | Node::Branch(_) => Some(self.chosen.clone()),
        }
    }
}

impl Iterator for Cubes {
    type Item = Cube;

    fn next(&mut self) -> Option<Cube> {
        loop {
            let cube = self.next_in_tree()?;
            self.numbered += 1;
            if (self.numbered - 1) % self.stride == self.offset {
                return Some(cube);
            }
        }
    }
}

impl Cubes {
    /// The next cube of the whole split, whatever the share.
    fn next_in_tree(&mut self) -> Option<Cube> {
        if !std::mem::replace(&mut self.started, true) {
            if let Some(cube) = self.enter() {
                return Some(cube);
            }
        }
        while let Some(frame) = self.frames.last_mut() {
            if frame.next > 0 {
                // Takes back the option tried last and everything forced below it.
                self.split.undo(frame.before_child);
                self.chosen.pop();
            }
            let Some(&option) = frame.options.get(frame.next) else {
                self.frames.pop();
                continue;
            };
            frame.next += 1;
            frame.before_child = self.split.mark();
            self.chosen.push(self.split.pairing[option]);
            self.split.select(option);
            if let Some(cube) = self.enter() {
                return Some(cube);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::generate::Regular;
    use crate::parse;

    fn cubes(instance: &Instance, max_weight: f64) -> Vec<Cube> {
        Cubes::new(instance, max_weight, false).collect()
    }

    /// Spec example: table 1 and table 2 have one pairing each (forced: pairings 2 and 3), which takes
    /// players 3, 4, 5 and 0; pairing 0 uses player 0, so table 0 takes pairing 1. No branching: one
    /// empty cube.
    #[test]
    fn forced_choices_leave_one_empty_cube() {
        let instance = parse("3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n").unwrap();
        assert_eq!(cubes(&instance, 1e9), vec![Vec::<usize>::new()]);
    }

    /// Two tables, each with pairings 0-1 and 2-3 (lines in that order): table 0 is branched on first
    /// (two options, lowest item); either choice forces the other table. Cubes [0] and [1].
    #[test]
    fn branches_on_the_first_item_with_fewest_options() {
        let instance = parse("2\n0,1,0\n2,3,0\n0,1,1\n2,3,1\n").unwrap();
        assert_eq!(cubes(&instance, 1e9), vec![vec![0], vec![1]]);
        assert_eq!(cubes(&instance, 1.0), vec![Vec::<usize>::new()], "weight 1 at the root: no split");
    }

    #[test]
    fn a_refuted_split_or_too_few_pairings_is_no_cube() {
        // Player 3 has no pairing.
        assert!(cubes(&parse("2\n0,1,0\n0,2,1\n1,2,1\n").unwrap(), 1e9).is_empty());
        assert!(cubes(&parse("1000000000000\n0,1,0\n").unwrap(), 1e9).is_empty());
    }

    /// Every round of an instance with `n` tables, as the sorted indices of its first copies of each
    /// pairing, by trying every pairing at every table in turn.
    fn all_rounds(instance: &Instance) -> Vec<Vec<usize>> {
        let first_copy = |index: usize| {
            let p = instance.pairings[index];
            let same = |q: &crate::instance::Pairing| {
                q.table == p.table
                    && q.first.min(q.second) == p.first.min(p.second)
                    && q.first.max(q.second) == p.first.max(p.second)
            };
            instance.pairings.iter().position(same).unwrap()
        };
        fn extend(instance: &Instance, table: u64, round: &mut Vec<usize>, rounds: &mut Vec<Vec<usize>>) {
            if table == instance.tables {
                rounds.push(round.clone());
                return;
            }
            for (index, p) in instance.pairings.iter().enumerate().filter(|(_, p)| p.table == table) {
                let used = round.iter().any(|&other| {
                    let q = instance.pairings[other];
                    [q.first, q.second].iter().any(|player| [p.first, p.second].contains(player))
                });
                if !used {
                    round.push(index);
                    extend(instance, table + 1, round, rounds);
                    round.pop();
                }
            }
        }
        let mut rounds = Vec::new();
        extend(instance, 0, &mut Vec::new(), &mut rounds);
        let mut canonical: Vec<Vec<usize>> = rounds
            .into_iter()
            .map(|round| {
                let mut round: Vec<usize> = round.into_iter().map(first_copy).collect();
                round.sort_unstable();
                round
            })
            .collect();
        canonical.sort();
        canonical.dedup();
        canonical
    }

    /// Random instances with 1 to 5 tables and up to 24 pairings (repeats allowed).
    fn instances() -> impl Strategy<Value = Instance> {
        (1u64..=5).prop_flat_map(|tables| {
            let pairing = (0..2 * tables, 0..2 * tables, 0..tables)
                .prop_filter("players differ", |(first, second, _)| first != second)
                .prop_map(|(first, second, table)| crate::instance::Pairing { first, second, table });
            proptest::collection::vec(pairing, 0..24).prop_map(move |pairings| Instance { tables, pairings })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn every_round_extends_exactly_one_cube(instance in instances(), max_weight in 1.0..20.0f64) {
            let cubes = cubes(&instance, max_weight);
            for round in all_rounds(&instance) {
                let holding = cubes.iter().filter(|cube| cube.iter().all(|index| round.contains(index))).count();
                prop_assert_eq!(holding, 1, "round {:?} in cubes {:?}", round, cubes);
            }
        }
    }

    /// Regular instances: the cubes come in depth-first order (their positions increase), backwards
    /// from the back, and the weight bounds their number.
    #[test]
    fn positions_increase_and_the_back_is_the_front_reversed() {
        let instance = Regular { tables: 20, degree: 5, seed: 2, planted: true }.generate().unwrap();
        for max_weight in [1.0, 10.0, 1000.0] {
            let mut front = Cubes::new(&instance, max_weight, false);
            let mut cubes = Vec::new();
            let mut positions: Vec<Vec<usize>> = Vec::new();
            while let Some(cube) = front.next() {
                cubes.push(cube);
                positions.push(front.position());
            }
            assert!(positions.windows(2).all(|pair| pair[0] < pair[1]), "{positions:?}");
            assert!(!cubes.is_empty() && (cubes.len() as f64) < max_weight * 5.0, "{} cubes", cubes.len());
            let mut back = Cubes::new(&instance, max_weight, true);
            let mut reversed = Vec::new();
            while let Some(cube) = back.next() {
                reversed.push((cube, back.position()));
            }
            reversed.reverse();
            assert_eq!(reversed, cubes.into_iter().zip(positions).collect::<Vec<_>>());
        }
    }

    /// Three shares of a split take its cubes in turn: together they are every cube, each once.
    #[test]
    fn shares_take_the_cubes_in_turn() {
        let instance = Regular { tables: 20, degree: 5, seed: 2, planted: true }.generate().unwrap();
        let all = cubes(&instance, 1000.0);
        assert!(all.len() > 10, "{} cubes", all.len());
        let shares: Vec<Vec<Cube>> =
            (0..3).map(|offset| Cubes::new(&instance, 1000.0, false).share(offset, 3).collect()).collect();
        for (number, cube) in all.iter().enumerate() {
            assert_eq!(&shares[number % 3][number / 3], cube);
        }
        assert_eq!(shares.iter().map(Vec::len).sum::<usize>(), all.len());
    }
}
