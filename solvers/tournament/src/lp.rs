//! The LP relaxation of exact cover with three items per option, solved by a bounded dual simplex
//! (Lemke 1954, "The dual method of solving the linear programming problem"; bounded variables as in
//! Chvátal 1983, "Linear Programming", chapter 8).
//!
//! The LP is the phase-1 problem of the fractional exact cover `A x = 1, x >= 0`: minimise the sum of
//! one artificial variable per item,
//!
//! ```text
//! minimise  sum_i s_i   subject to   A x + s = 1,   l <= x <= u,   0 <= s <= 1,
//! ```
//!
//! where `A` is the item-by-option 0/1 matrix (three ones per column). A search changes only bounds: an
//! option removed below a node is fixed to `[0, 0]`, a chosen one to `[1, 1]`, a remaining one is
//! `[0, 1]`. Every variable is boxed, so every basis is dual feasible once each nonbasic variable sits at
//! the bound its reduced cost's sign asks for: the basis the previous node ended with is a warm start for
//! any node, and a few dual pivots restore primal feasibility. The dual objective only grows during the
//! dual simplex and bounds the optimum from below, so the solve stops as soon as it is positive: then no
//! exact cover with the fixed options exists, and the dual vector `y` is the certificate (see
//! [`Lp::certificate`]).
//!
//! The basis inverse is kept dense (`m x m`, `m` the number of items) and updated by one rank-one
//! product per pivot; it is recomputed from the basis every [`REFACTOR_PIVOTS`] pivots to bound the
//! rounding drift.

/// Pivots between two recomputations of the basis inverse from scratch.
pub(crate) const REFACTOR_PIVOTS: u64 = 1000;

/// Primal feasibility tolerance on the bounds of basic variables.
const PRIMAL_TOLERANCE: f64 = 1e-9;

/// Dual feasibility tolerance of the Harris ratio test.
const DUAL_TOLERANCE: f64 = 1e-9;

/// Smallest pivot element accepted.
const PIVOT_TOLERANCE: f64 = 1e-9;

/// The dual objective, relative to `1 + sum |y_i|`, above which the LP is declared infeasible.
const INFEASIBLE_MARGIN: f64 = 1e-7;

/// Marks a variable that is not basic.
const NONBASIC: u32 = u32::MAX;

/// What a solve found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// The fractional exact cover exists (the phase-1 optimum is zero up to the tolerances).
    Feasible,
    /// It does not: [`Lp::certificate`] holds the dual vector proving it.
    Infeasible,
    /// The pivot budget ran out, or the numbers went wrong (a missing pivot): nothing is known.
    Unknown,
}

/// The basis and solution of an [`Lp`]: what a search node saves to go back to its solved state.
#[derive(Default)]
pub(crate) struct Snapshot {
    /// The value of each nonbasic variable (one of its bounds); unused for basic ones.
    value: Vec<f64>,
    /// The row of each basic variable, [`NONBASIC`] for the others.
    basic_row: Vec<u32>,
    /// The basic variable of each row and its value.
    basis: Vec<u32>,
    basic_value: Vec<f64>,
    /// The basis inverse, column-major: `inverse[k * m + i]` is entry `(i, k)`.
    inverse: Vec<f64>,
    /// The dual vector `y = c_B B^-1`, one entry per item.
    dual: Vec<f64>,
    /// Pivots since the inverse was last recomputed.
    pivots_since_refactor: u64,
    /// Names the basis: one more with each [`Lp::solve`], set back by [`Lp::restore`], so that a
    /// restore can see that nothing changed since its snapshot.
    solves: u64,
}

impl Snapshot {
    /// Makes `self` a copy of `other`, reusing its allocations.
    fn copy_from(&mut self, other: &Snapshot) {
        self.value.clone_from(&other.value);
        self.basic_row.clone_from(&other.basic_row);
        self.basis.clone_from(&other.basis);
        self.basic_value.clone_from(&other.basic_value);
        self.inverse.clone_from(&other.inverse);
        self.dual.clone_from(&other.dual);
        self.pivots_since_refactor = other.pivots_since_refactor;
        self.solves = other.solves;
    }
}

/// The phase-1 LP of one exact cover problem, with its current basis.
///
/// Variables `0..options` are the options, `options..options + items` the artificial variables, one per
/// item (row).
pub(crate) struct Lp {
    /// The three items (rows) of each option.
    columns: Vec<[u32; 3]>,
    /// The number of items, `m`.
    rows: usize,
    /// Bounds of every variable.
    lower: Vec<f64>,
    upper: Vec<f64>,
    /// The current basis and solution.
    current: Snapshot,
    /// Variables whose bounds changed since the last solve.
    changed: Vec<u32>,
    is_changed: Vec<bool>,
    /// Scratch: a row of the inverse, a column of `B^-1 A`, ratio-test candidates.
    row: Vec<f64>,
    column: Vec<f64>,
    candidates: Vec<(u32, f64)>,
    /// Dual simplex pivots made in all.
    pub(crate) pivots: u64,
}

impl Lp {
    /// The LP of `options` (three items each, numbered below `items`), every option bounded by `[0, 1]`,
    /// starting from the basis of the artificial variables.
    pub(crate) fn new(options: &[[u32; 3]], items: usize) -> Lp {
        let variables = options.len() + items;
        let mut lp = Lp {
            columns: options.to_vec(),
            rows: items,
            lower: vec![0.0; variables],
            upper: vec![1.0; variables],
            current: Snapshot {
                value: vec![0.0; variables],
                basic_row: vec![NONBASIC; variables],
                basis: (options.len() as u32..variables as u32).collect(),
                basic_value: vec![0.0; items],
                inverse: vec![0.0; items * items],
                dual: vec![0.0; items],
                pivots_since_refactor: 0,
                solves: 0,
            },
            changed: Vec::new(),
            is_changed: vec![false; variables],
            row: vec![0.0; items],
            column: vec![0.0; items],
            candidates: Vec::new(),
            pivots: 0,
        };
        lp.reset_basis();
        lp
    }

    /// Sets the bounds of option `option` (`0 <= lower <= upper <= 1`).
    pub(crate) fn set_bounds(&mut self, option: usize, lower: f64, upper: f64) {
        self.lower[option] = lower;
        self.upper[option] = upper;
        if !self.is_changed[option] {
            self.is_changed[option] = true;
            self.changed.push(option as u32);
        }
    }

    /// The dual vector of the last solve, one entry per item. After [`Status::Infeasible`] it is a
    /// Farkas certificate (Farkas 1902): with `R` the items not covered by options fixed to one and `C`
    /// the options bounded by `[0, 1]`, `sum_{i in R} y_i > sum_{j in C} max(0, y . a_j)`, which no
    /// `x` in `[0, 1]^C` with `A_RC x = 1` allows, since then `sum_R y_i = sum_C x_j (y . a_j)`.
    pub(crate) fn certificate(&self) -> &[f64] {
        &self.current.dual
    }

    /// Copies the basis and solution into `snapshot`.
    pub(crate) fn save(&self, snapshot: &mut Snapshot) {
        snapshot.copy_from(&self.current);
    }

    /// Goes back to the basis and solution of `snapshot`, taken under other bounds: every variable whose
    /// bounds changed since must have been passed to [`Lp::set_bounds`] after the last solve. Nothing is
    /// copied when no solve ran since the snapshot.
    pub(crate) fn restore(&mut self, snapshot: &Snapshot) {
        if snapshot.solves != self.current.solves {
            self.current.copy_from(snapshot);
        }
    }

    /// Runs the dual simplex from the current basis for at most `budget` pivots.
    pub(crate) fn solve(&mut self, budget: u64) -> Status {
        self.current.solves += 1;
        self.apply_changed_bounds();
        for _ in 0..budget {
            if self.current.pivots_since_refactor >= REFACTOR_PIVOTS && !self.refactor() {
                self.reset_basis();
            }
            if self.dual_objective()
                > INFEASIBLE_MARGIN * (1.0 + self.current.dual.iter().map(|y| y.abs()).sum::<f64>())
            {
                return Status::Infeasible;
            }
            let Some((row, to_lower)) = self.leaving_row() else { return Status::Feasible };
            self.load_row(row);
            let Some((entering, pivot)) = self.entering_variable(to_lower) else { return Status::Unknown };
            self.pivot(row, to_lower, entering, pivot);
        }
        Status::Unknown
    }

    /// The reduced cost `c_j - y . a_j` of variable `j`.
    fn reduced_cost(&self, j: usize) -> f64 {
        match self.columns.get(j) {
            Some(&[a, b, c]) => {
                -(self.current.dual[a as usize]
                    + self.current.dual[b as usize]
                    + self.current.dual[c as usize])
            }
            None => 1.0 - self.current.dual[j - self.columns.len()],
        }
    }

    /// The bound a nonbasic variable takes: the lower one when its reduced cost is not negative.
    fn nonbasic_value(&self, j: usize) -> f64 {
        if self.reduced_cost(j) < 0.0 {
            self.upper[j]
        } else {
            self.lower[j]
        }
    }

    /// Subtracts `step` times column `j` of `B^-1 A` from the basic values: the effect of nonbasic
    /// variable `j` growing by `step`.
    fn move_nonbasic(&mut self, j: usize, step: f64) {
        let m = self.rows;
        let rows: &[u32] = match self.columns.get(j) {
            Some(items) => items,
            None => &[(j - self.columns.len()) as u32][..],
        };
        for &k in rows {
            let column = &self.current.inverse[k as usize * m..(k as usize + 1) * m];
            for (value, &entry) in self.current.basic_value.iter_mut().zip(column) {
                *value -= step * entry;
            }
        }
    }

    /// Moves every nonbasic variable whose bounds changed to the bound its reduced cost asks for.
    fn apply_changed_bounds(&mut self) {
        while let Some(j) = self.changed.pop() {
            let j = j as usize;
            self.is_changed[j] = false;
            if self.current.basic_row[j] == NONBASIC {
                let target = self.nonbasic_value(j);
                let step = target - self.current.value[j];
                if step != 0.0 {
                    self.current.value[j] = target;
                    self.move_nonbasic(j, step);
                }
            }
        }
    }

    /// The dual objective, equal to the phase-1 objective of the current basic solution: the sum of the
    /// artificial variables.
    fn dual_objective(&self) -> f64 {
        let artificial = self.columns.len();
        (0..self.rows)
            .map(|i| match self.current.basic_row[artificial + i] {
                NONBASIC => self.current.value[artificial + i],
                row => self.current.basic_value[row as usize],
            })
            .sum()
    }

    /// The row whose basic variable is furthest outside its bounds, and whether it leaves to its lower
    /// bound; `None` when the basic solution is feasible. (Dual Devex weights, Forrest and Goldfarb
    /// 1992, were measured: 4% more pivots on a 45-table instance.)
    fn leaving_row(&self) -> Option<(usize, bool)> {
        let mut best = None;
        let mut worst = PRIMAL_TOLERANCE;
        for (row, (&variable, &value)) in self.current.basis.iter().zip(&self.current.basic_value).enumerate()
        {
            let variable = variable as usize;
            let below = self.lower[variable] - value;
            let above = value - self.upper[variable];
            if below > worst {
                worst = below;
                best = Some((row, true));
            } else if above > worst {
                worst = above;
                best = Some((row, false));
            }
        }
        best
    }

    /// Copies row `row` of the basis inverse into `self.row`.
    fn load_row(&mut self, row: usize) {
        let m = self.rows;
        for (k, entry) in self.row.iter_mut().enumerate() {
            *entry = self.current.inverse[k * m + row];
        }
    }

    /// The entry `(B^-1 a_j)` of the loaded row.
    fn row_entry(&self, j: usize) -> f64 {
        match self.columns.get(j) {
            Some(&[a, b, c]) => self.row[a as usize] + self.row[b as usize] + self.row[c as usize],
            None => self.row[j - self.columns.len()],
        }
    }

    /// The Harris two-pass ratio test (Harris 1973) of the dual simplex: the entering variable and its
    /// pivot element, or `None` when no nonbasic variable can enter.
    fn entering_variable(&mut self, to_lower: bool) -> Option<(usize, f64)> {
        let sign = if to_lower { 1.0 } else { -1.0 };
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        let mut bound = f64::INFINITY;
        for j in 0..self.current.basic_row.len() {
            if self.current.basic_row[j] != NONBASIC || self.lower[j] == self.upper[j] {
                continue;
            }
            let alpha = self.row_entry(j);
            let directed = sign * alpha;
            let at_lower = self.current.value[j] == self.lower[j];
            if (at_lower && directed < -PIVOT_TOLERANCE) || (!at_lower && directed > PIVOT_TOLERANCE) {
                let slack = self.reduced_cost(j).abs();
                bound = bound.min((slack + DUAL_TOLERANCE) / alpha.abs());
                candidates.push((j as u32, alpha));
            }
        }
        let mut best: Option<(usize, f64)> = None;
        for &(j, alpha) in &candidates {
            let ratio = self.reduced_cost(j as usize).abs() / alpha.abs();
            if ratio <= bound && best.is_none_or(|(_, pivot)| alpha.abs() > pivot.abs()) {
                best = Some((j as usize, alpha));
            }
        }
        self.candidates = candidates;
        best
    }

    /// Exchanges the basic variable of `row` (leaving to its lower bound when `to_lower`) for `entering`,
    /// whose entry in the loaded row is `pivot`.
    fn pivot(&mut self, row: usize, to_lower: bool, entering: usize, pivot: f64) {
        let m = self.rows;
        // The entering column of B^-1 A.
        self.column.fill(0.0);
        let rows: &[u32] = match self.columns.get(entering) {
            Some(items) => items,
            None => &[(entering - self.columns.len()) as u32][..],
        };
        for &k in rows {
            let source = &self.current.inverse[k as usize * m..(k as usize + 1) * m];
            for (entry, &value) in self.column.iter_mut().zip(source) {
                *entry += value;
            }
        }
        // Primal step: the leaving variable reaches its violated bound.
        let leaving = self.current.basis[row] as usize;
        let bound = if to_lower { self.lower[leaving] } else { self.upper[leaving] };
        let step = (self.current.basic_value[row] - bound) / pivot;
        for (value, &entry) in self.current.basic_value.iter_mut().zip(&self.column) {
            *value -= step * entry;
        }
        self.current.basic_value[row] = self.current.value[entering] + step;
        self.current.value[leaving] = bound;
        self.current.basic_row[leaving] = NONBASIC;
        self.current.basic_row[entering] = row as u32;
        self.current.basis[row] = entering as u32;
        // Dual step: the entering reduced cost becomes zero.
        let dual_step = self.reduced_cost(entering) / pivot;
        for (y, &r) in self.current.dual.iter_mut().zip(&self.row) {
            *y += dual_step * r;
        }
        // The inverse: row `row` divided by the pivot, the others cleared in the entering column.
        for k in 0..m {
            let r = self.row[k];
            if r == 0.0 {
                continue;
            }
            let factor = r / pivot;
            let target = &mut self.current.inverse[k * m..(k + 1) * m];
            for (entry, &c) in target.iter_mut().zip(&self.column) {
                *entry -= c * factor;
            }
            target[row] = factor;
        }
        self.pivots += 1;
        self.current.pivots_since_refactor += 1;
    }

    /// Recomputes the inverse, the basic values and the dual vector from the basis by Gauss-Jordan
    /// elimination with partial pivoting; `false` when the basis is numerically singular.
    fn refactor(&mut self) -> bool {
        let m = self.rows;
        // Row-major copies, so that row operations run over contiguous memory: `work` holds B and is
        // reduced to the identity while `inverse` becomes B^-1.
        let mut work = vec![0.0f64; m * m];
        for (i, &variable) in self.current.basis.iter().enumerate() {
            match self.columns.get(variable as usize) {
                Some(items) => items.iter().for_each(|&k| work[k as usize * m + i] += 1.0),
                None => work[(variable as usize - self.columns.len()) * m + i] = 1.0,
            }
        }
        let mut inverse = vec![0.0; m * m];
        (0..m).for_each(|i| inverse[i * m + i] = 1.0);
        for column in 0..m {
            let pivot_row = (column..m)
                .max_by(|&a, &b| work[a * m + column].abs().total_cmp(&work[b * m + column].abs()))
                .expect("a row");
            let pivot = work[pivot_row * m + column];
            if pivot.abs() < 1e-11 {
                return false;
            }
            for matrix in [&mut work, &mut inverse] {
                for k in 0..m {
                    matrix.swap(pivot_row * m + k, column * m + k);
                }
                matrix[column * m..(column + 1) * m].iter_mut().for_each(|entry| *entry /= pivot);
            }
            for i in 0..m {
                let factor = work[i * m + column];
                if i == column || factor == 0.0 {
                    continue;
                }
                for matrix in [&mut work, &mut inverse] {
                    let (pivot_part, target) = if i < column {
                        let (head, tail) = matrix.split_at_mut(column * m);
                        (&tail[..m], &mut head[i * m..(i + 1) * m])
                    } else {
                        let (head, tail) = matrix.split_at_mut(i * m);
                        (&head[column * m..(column + 1) * m], &mut tail[..m])
                    };
                    for (entry, &p) in target.iter_mut().zip(pivot_part) {
                        *entry -= factor * p;
                    }
                }
            }
        }
        for i in 0..m {
            for k in 0..m {
                self.current.inverse[k * m + i] = inverse[i * m + k];
            }
        }
        self.recompute_solution();
        true
    }

    /// Makes every artificial variable basic, with the identity as inverse.
    fn reset_basis(&mut self) {
        let (m, options) = (self.rows, self.columns.len());
        self.current.basic_row.fill(NONBASIC);
        for i in 0..m {
            self.current.basis[i] = (options + i) as u32;
            self.current.basic_row[options + i] = i as u32;
        }
        self.current.inverse.fill(0.0);
        (0..m).for_each(|i| self.current.inverse[i * m + i] = 1.0);
        self.recompute_solution();
    }

    /// The dual vector, the nonbasic values and the basic values, computed afresh from the inverse.
    fn recompute_solution(&mut self) {
        let (m, options) = (self.rows, self.columns.len());
        for k in 0..m {
            let column = &self.current.inverse[k * m..(k + 1) * m];
            self.current.dual[k] =
                (0..m).filter(|&i| self.current.basis[i] as usize >= options).map(|i| column[i]).sum();
        }
        // b - N x_N, then B^-1 times it.
        let mut residual = vec![1.0; m];
        for j in 0..self.current.basic_row.len() {
            if self.current.basic_row[j] != NONBASIC {
                continue;
            }
            self.current.value[j] = self.nonbasic_value(j);
            if self.current.value[j] != 0.0 {
                match self.columns.get(j) {
                    Some(items) => items.iter().for_each(|&k| residual[k as usize] -= self.current.value[j]),
                    None => residual[j - options] -= self.current.value[j],
                }
            }
        }
        self.current.basic_value.fill(0.0);
        for (k, &r) in residual.iter().enumerate() {
            if r != 0.0 {
                let column = &self.current.inverse[k * m..(k + 1) * m];
                for (value, &entry) in self.current.basic_value.iter_mut().zip(column) {
                    *value += r * entry;
                }
            }
        }
        self.changed.iter().for_each(|&j| self.is_changed[j as usize] = false);
        self.changed.clear();
        self.current.pivots_since_refactor = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `y` is a Farkas certificate for `A x = 1, x >= 0` over every item and option:
    /// `sum y > 0` and `y . a_j <= 0` for every option (up to rounding).
    fn is_certificate(options: &[[u32; 3]], y: &[f64]) -> bool {
        y.iter().sum::<f64>() > 1e-6
            && options.iter().all(|items| items.iter().map(|&i| y[i as usize]).sum::<f64>() <= 1e-9)
    }

    /// One table, two players, one option: `x = 1` covers every item, the artificial sum is zero.
    #[test]
    fn one_option_covering_every_item_is_feasible_at_one() {
        let mut lp = Lp::new(&[[0, 1, 2]], 3);
        assert_eq!(lp.solve(100), Status::Feasible);
        assert_eq!(option_value(&lp, 0), 1.0);
    }

    /// Tables 0 and 1, players 2..5; options a = (0, 2, 3), b = (1, 2, 4), c = (1, 3, 5). Players 4 and 5
    /// each have one option, b and c, which share table 1: `x_b = x_c = 1` covers table 1 twice. By hand,
    /// `y = e_4 + e_5 - e_1` is a certificate: `sum y = 1`, `y . a = 0`, `y . b = 0`, `y . c = 0`.
    #[test]
    fn two_forced_options_on_one_table_are_infeasible_with_a_certificate() {
        let options = [[0, 2, 3], [1, 2, 4], [1, 3, 5]];
        let mut by_hand = [0.0; 6];
        (by_hand[4], by_hand[5], by_hand[1]) = (1.0, 1.0, -1.0);
        assert!(is_certificate(&options, &by_hand));
        let mut lp = Lp::new(&options, 6);
        assert_eq!(lp.solve(100), Status::Infeasible);
        assert!(is_certificate(&options, lp.certificate()), "{:?}", lp.certificate());
    }

    /// Tables 0 and 1, players 2..5; options a = (0, 2, 3), b = (0, 4, 5), c = (1, 4, 5), d = (1, 2, 3):
    /// the covers are {a, c} and {b, d}. Fixing a to one and removing b and d leaves c, at one; removing c
    /// too leaves none; going back to the snapshot and the first bounds, the LP is feasible again.
    #[test]
    fn bound_changes_are_followed_from_the_previous_basis_and_from_a_snapshot() {
        let options = [[0, 2, 3], [0, 4, 5], [1, 4, 5], [1, 2, 3]];
        let mut lp = Lp::new(&options, 6);
        assert_eq!(lp.solve(100), Status::Feasible);
        let mut root = Snapshot::default();
        lp.save(&mut root);
        lp.set_bounds(0, 1.0, 1.0);
        lp.set_bounds(1, 0.0, 0.0);
        lp.set_bounds(3, 0.0, 0.0);
        assert_eq!(lp.solve(100), Status::Feasible);
        assert_eq!([0, 1, 2, 3].map(|option| option_value(&lp, option)), [1.0, 0.0, 1.0, 0.0]);
        lp.set_bounds(2, 0.0, 0.0);
        assert_eq!(lp.solve(100), Status::Infeasible);
        // Over the items left uncovered by a (1, 4, 5) and no remaining option, any positive sum proves it.
        let y = lp.certificate();
        assert!(y[1] + y[4] + y[5] > 1e-6, "{y:?}");
        lp.restore(&root);
        (0..4).for_each(|option| lp.set_bounds(option, 0.0, 1.0));
        assert_eq!(lp.solve(100), Status::Feasible);
        let values = [0, 1, 2, 3].map(|option| option_value(&lp, option));
        assert!(
            (values[0] + values[1] - 1.0).abs() < 1e-9 && (values[0] - values[2]).abs() < 1e-9,
            "{values:?}"
        );
    }

    /// The value of option `option` in the current basic solution.
    fn option_value(lp: &Lp, option: usize) -> f64 {
        match lp.current.basic_row[option] {
            NONBASIC => lp.current.value[option],
            row => lp.current.basic_value[row as usize],
        }
    }

    /// The largest deviation of the current basic solution from `A x + s = 1`.
    fn residual(lp: &Lp) -> f64 {
        let options = lp.columns.len();
        let value = |j: usize| match lp.current.basic_row[j] {
            NONBASIC => lp.current.value[j],
            row => lp.current.basic_value[row as usize],
        };
        let mut rows: Vec<f64> = (0..lp.rows).map(|i| value(options + i) - 1.0).collect();
        for (j, items) in lp.columns.iter().enumerate() {
            items.iter().for_each(|&i| rows[i as usize] += value(j));
        }
        rows.iter().fold(0.0, |worst, r| worst.max(r.abs()))
    }

    /// After pivots the updated inverse gives a solution of the equations; so does the recomputed one,
    /// with the same basis (nonbasic variables of zero reduced cost may change bound).
    #[test]
    fn refactoring_keeps_the_basis_and_solves_the_equations() {
        let options = [[0, 2, 3], [0, 4, 5], [1, 4, 5], [1, 2, 3], [0, 3, 4], [1, 2, 5]];
        let mut lp = Lp::new(&options, 6);
        assert_eq!(lp.solve(100), Status::Feasible);
        assert!(lp.pivots > 0);
        assert!(residual(&lp) < 1e-12);
        let basis = lp.current.basis.clone();
        assert!(lp.refactor());
        assert_eq!(lp.current.basis, basis);
        assert!(residual(&lp) < 1e-12);
    }
}
