//! Perfect matchings of graphs of at most 128 vertices by Edmonds' blossom algorithm (Edmonds, "Paths,
//! trees, and flowers", 1965): a greedy matching, then one search for an augmenting path from each
//! exposed vertex, contracting odd cycles (blossoms) by their bases. Adjacency is a 128-bit set per
//! vertex; O(V^3) per call.

/// Whether the vertices of `vertices` (bit `v` for vertex `v`) can be paired off by edges among
/// themselves: `adjacent[v]` is the set of neighbours of `v` (symmetric, no loops; bits outside
/// `vertices` are ignored). `adjacent` holds at least one entry per vertex of `vertices`.
pub(crate) fn has_perfect_matching(adjacent: &[u128], vertices: u128) -> bool {
    perfect_matching(adjacent, vertices).is_some()
}

/// A perfect matching of `vertices` in the graph `adjacent` (as in [`has_perfect_matching`]): the mate
/// of each vertex, indexed by vertex (entries outside `vertices` are [`NONE`]), or `None` when there
/// is none.
pub(crate) fn perfect_matching(adjacent: &[u128], vertices: u128) -> Option<[u8; 128]> {
    if vertices.count_ones() % 2 == 1 {
        return None;
    }
    let mut mate = [NONE; 128];
    // A greedy start leaves few exposed vertices for the path searches.
    for v in Ones(vertices) {
        if mate[v] == NONE {
            if let Some(w) = Ones(adjacent[v] & vertices).find(|&w| mate[w] == NONE) {
                mate[v] = w as u8;
                mate[w] = v as u8;
            }
        }
    }
    let mut search = Search::new(adjacent, vertices, mate);
    Ones(vertices).all(|root| search.mate[root] != NONE || search.augment_from(root)).then_some(search.mate)
}

/// The vertices of `vertices` that some maximum matching leaves exposed, when `mate` (as returned by
/// [`perfect_matching`], restricted to `vertices`) is a maximum matching of `vertices` whose only
/// exposed vertex is `root`: the even (outer) vertices of the alternating tree grown from `root`,
/// blossoms included, which are the set `D` of the Gallai-Edmonds decomposition (Lovász and Plummer,
/// "Matching Theory", 1986: the structure theorem, and Edmonds' algorithm labelling `D` even).
pub(crate) fn exposable(adjacent: &[u128], vertices: u128, mate: [u8; 128], root: usize) -> u128 {
    let mut search = Search::new(adjacent, vertices, mate);
    let augmented = search.augment_from(root);
    debug_assert!(!augmented, "the matching is maximum");
    search.even
}

/// The mate of an exposed vertex, the parent of a vertex outside the tree.
pub(crate) const NONE: u8 = u8::MAX;

/// The set bits of a 128-bit set, lowest first.
pub(crate) struct Ones(pub(crate) u128);

impl Iterator for Ones {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let bit = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            bit
        })
    }
}

/// The state of one path search: the matching, the alternating tree's parents of odd vertices, each
/// vertex's blossom base, and the even vertices of the last tree that found no augmenting path.
struct Search<'a> {
    adjacent: &'a [u128],
    vertices: u128,
    mate: [u8; 128],
    parent: [u8; 128],
    base: [u8; 128],
    even: u128,
}

impl<'a> Search<'a> {
    fn new(adjacent: &'a [u128], vertices: u128, mate: [u8; 128]) -> Search<'a> {
        Search { adjacent, vertices, mate, parent: [NONE; 128], base: [0; 128], even: 0 }
    }

    /// Grows an alternating tree from the exposed `root` breadth first; on reaching an exposed vertex,
    /// flips the path and returns true; false when the tree is exhausted (then no perfect matching:
    /// `root` stays exposed in every maximum matching reachable from this one, Edmonds 1965), with the
    /// tree's even vertices in `even`.
    fn augment_from(&mut self, root: usize) -> bool {
        self.parent = [NONE; 128];
        for v in Ones(self.vertices) {
            self.base[v] = v as u8;
        }
        let mut used = 1u128 << root;
        let mut queue = [0u8; 128];
        let (mut head, mut tail) = (0, 1);
        queue[0] = root as u8;
        while head < tail {
            let v = usize::from(queue[head]);
            head += 1;
            for to in Ones(self.adjacent[v] & self.vertices) {
                if self.base[v] == self.base[to] || usize::from(self.mate[v]) == to {
                    continue;
                }
                let mate_to = self.mate[to];
                if to == root || (mate_to != NONE && self.parent[usize::from(mate_to)] != NONE) {
                    // An even-even edge: contract the blossom it closes.
                    let cur = self.lca(v, to);
                    let mut blossom = 0u128;
                    self.mark_path(v, cur, to, &mut blossom);
                    self.mark_path(to, cur, v, &mut blossom);
                    for i in Ones(self.vertices) {
                        if blossom >> self.base[i] & 1 == 1 {
                            self.base[i] = cur as u8;
                            if used >> i & 1 == 0 {
                                used |= 1 << i;
                                queue[tail] = i as u8;
                                tail += 1;
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v as u8;
                    if mate_to == NONE {
                        self.flip(to);
                        return true;
                    }
                    let m = usize::from(mate_to);
                    used |= 1 << m;
                    queue[tail] = mate_to;
                    tail += 1;
                }
            }
        }
        self.even = used;
        false
    }

    /// The base of the lowest common blossom of even vertices `a` and `b` in the tree.
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = 0u128;
        loop {
            a = usize::from(self.base[a]);
            seen |= 1 << a;
            if self.mate[a] == NONE {
                break;
            }
            a = usize::from(self.parent[usize::from(self.mate[a])]);
        }
        loop {
            b = usize::from(self.base[b]);
            if seen >> b & 1 == 1 {
                return b;
            }
            b = usize::from(self.parent[usize::from(self.mate[b])]);
        }
    }

    /// Marks in `blossom` the bases on the tree path from `v` up to base `b`, pointing odd vertices
    /// on it back through `child` so that paths through the blossom can be flipped.
    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, blossom: &mut u128) {
        while usize::from(self.base[v]) != b {
            let m = usize::from(self.mate[v]);
            *blossom |= 1 << self.base[v] | 1 << self.base[m];
            self.parent[v] = child as u8;
            child = m;
            v = usize::from(self.parent[m]);
        }
    }

    /// Flips the matching along the tree path ending at the exposed vertex `v`.
    fn flip(&mut self, mut v: usize) {
        while v != usize::from(NONE) {
            let p = usize::from(self.parent[v]);
            let next = self.mate[p];
            self.mate[v] = p as u8;
            self.mate[p] = v as u8;
            v = usize::from(next);
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Whether `vertices` pair off by edges, trying every partner of the lowest vertex.
    fn brute_force(adjacent: &[u128], vertices: u128) -> bool {
        if vertices == 0 {
            return true;
        }
        let v = vertices.trailing_zeros() as usize;
        let rest = vertices & !(1 << v);
        Ones(adjacent[v] & rest).any(|w| brute_force(adjacent, rest & !(1 << w)))
    }

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<u128> {
        let mut adjacent = vec![0u128; n];
        for &(a, b) in edges {
            if a != b {
                adjacent[a] |= 1 << b;
                adjacent[b] |= 1 << a;
            }
        }
        adjacent
    }

    #[test]
    fn a_blossom_is_contracted_to_reach_the_exposed_vertex() {
        // A 5-cycle 0..4 with a pendant 5 on vertex 3 and the greedy matching 0-1, 2-3: the only
        // perfect matching, 0-4, 1-2, 3-5, needs a path through the odd cycle.
        let adjacent = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (3, 5)]);
        assert!(has_perfect_matching(&adjacent, 0b11_1111));
        // Without vertex 5 the odd cycle cannot pair off; without 5 and 4, the path 0-1-2-3 can.
        assert!(!has_perfect_matching(&adjacent, 0b01_1111));
        assert!(has_perfect_matching(&adjacent, 0b00_1111));
    }

    proptest! {
        #[test]
        fn agrees_with_brute_force(
            n in 1usize..=14,
            edges in proptest::collection::vec((0usize..14, 0usize..14), 0..40),
            mask in any::<u16>(),
        ) {
            let edges: Vec<_> = edges.into_iter().filter(|&(a, b)| a < n && b < n).collect();
            let adjacent = graph(n, &edges);
            let vertices = u128::from(mask) & ((1 << n) - 1);
            prop_assert_eq!(has_perfect_matching(&adjacent, vertices), brute_force(&adjacent, vertices));
        }
    }
}
