//! The exact endgame: with the bag empty both racks are known, and the game is a two-player game of
//! perfect information that [`solve`] searches to its end.
//!
//! The search is negamax with alpha-beta pruning (Knuth and Moore 1975, "An analysis of alpha-beta
//! pruning", Artificial Intelligence 6) over every valid play and the pass, deepened one ply at a
//! time for `STEPPED_DEPTHS` iterations and then to the end of the game at once (the shallow
//! iterations fill the table with first moves to try; stepping on costs more in searches again than
//! the ordering gains), as a principal variation search (null windows after the first move), with a
//! transposition table keyed by a Zobrist hash (Zobrist 1970, "A new hashing method with application
//! for game playing") of the board, both racks, the scoreless turns and the player to move. The table is
//! bounded ([`Settings::table_bits`]), one entry a slot: a new entry replaces the old one unless the
//! old one holds another position of the same iteration searched deeper, neither searched to the end.
//! Moves are tried in the order: the best move the table holds for the position (at the root: the
//! previous iteration's best line first, then its values), then by the points they bring (a play
//! going out with twice the other's rack) plus twice the face value of the tiles they unload (what
//! those tiles would cost if the other went out first), the pass last. A position's ordered turns are generated
//! once and kept in a bounded cache by the key of its board and racks (`turn_cache`), for the later
//! iterations, the searches again and transpositions. Each thread keeps one position and makes and
//! unmakes each turn on it in place (`in_place`), the board's cross-checks and anchors updated for
//! the squares a move touches only, so that no board is copied per move and the move generator does
//! not work the cross-checks out again at each position. With threads, the search is the same in
//! each, over one shared table, each putting off the turns another is searching ([`Settings::threads`]).
//!
//! The rules of the end, as self-play ([`crate::game::selfplay::play_game`]) follows them: a player who places
//! its last tile ends the game and gains the value of the other's rack, which the other loses; six
//! scoreless turns in a row (passes and plays scoring 0, [`SCORELESS_TURNS_TO_END`]) end it with each
//! player losing the value of its own rack. A value is a spread: the points the player to move makes
//! from here to the end of the game less the opponent's, adjustments included. A line cut by the
//! depth of an iteration counts 0 beyond the cut (a greedy playout's estimate there instead, measured
//! on the benchmark endgames, saved a tenth of the positions but cost more time than it saved), and a
//! result is proved once an iteration searched every line to the end of the game (the last iteration,
//! unless a shallow one already did).

use std::cmp::Reverse;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::time::Duration;

use solvebatch_core::Deadline;

use crate::movegen::moves::Move;
use crate::play::end::rack_value;
use crate::play::end::{Ending, SCORELESS_TURNS_TO_END};
use crate::play::Rulebook;
use crate::search::in_place::{InPlace, Made};
pub use crate::search::position::{Position, Turn};
use crate::search::transposition::{Bound, Entry, Table, Zobrist};
use crate::search::turn_cache::TurnCache;
use crate::tiles::rack::Rack;

/// The transposition table's default size: `2^20` entries of 24 bytes, 24 MiB.
pub const DEFAULT_TABLE_BITS: u32 = 20;

/// The time limit of the endgames `scrabble hint` solves on its way.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The node limit of the endgames `scrabble analyze` solves on its way: its output is a reference
/// file of `run`, so the same on every machine.
pub const ANALYSIS_NODE_LIMIT: u64 = 20_000;

/// The deepest iteration: no game lasts this many turns from an empty bag (14 tiles to place, at most
/// five scoreless turns between two that score).
const MAX_DEPTH: usize = 100;

/// The iterations of depth 1, 2, ... before the one of [`MAX_DEPTH`]. Measured on the endgames of
/// `solvers/scrabble/scripts/endgame-speed.sh`: after 5 the search to the end needs fewer positions
/// than stepping on does, where after 2 to 4 some long endgames (a stuck tile) took many times more,
/// their ordering not yet learnt.
const STEPPED_DEPTHS: usize = 5;

/// Beyond any spread.
const INFINITY: i32 = 1 << 20;

/// The move-list cache's slots (`2^17`) and the turns it holds at most (`2^21`, about 96 MiB): the
/// search to the end meets most positions once per iteration, so twice the earlier `2^16` and `2^20`
/// keep more of its lists (a bigger cache measured no better).
const TURN_CACHE_BITS: u32 = 17;
const TURN_CACHE_BUDGET: usize = 1 << 21;

/// The clock is read once every this many positions (a read costs more than a position's probe).
const CLOCK_EVERY: u64 = 256;

/// How to search.
#[derive(Debug, Clone, Copy)]
pub struct Settings<'a> {
    /// When to stop: the best line of the last finished iteration is returned, not proved. The first
    /// iteration (one ply) always finishes, whatever the deadline and the node limit.
    pub deadline: Deadline<'a>,
    /// Give the value of every root turn (each searched with a full window), not only the best.
    pub all: bool,
    /// The transposition table holds `2^table_bits` entries (24 bytes each).
    pub table_bits: u32,
    /// Threads searching at once (at least 1), sharing the transposition table (Lazy SMP): the
    /// first one's search gives the result, the others fill the table with the positions they
    /// search. Each thread puts off the turns another is searching at that moment and comes back
    /// to them after the others (the simplified ABDADA of Weill 1996), so that the threads spread
    /// over the tree rather than search the same turns at once. The value of a proved result is the same
    /// whatever the count; the line may differ among equal values, and an unproved result may
    /// reach further.
    pub threads: usize,
    /// Stop, as at the deadline, once this many positions are searched: a limit that gives the same
    /// result on any machine.
    pub node_limit: Option<u64>,
}

impl Default for Settings<'_> {
    fn default() -> Self {
        Settings {
            deadline: Deadline::NEVER,
            all: false,
            table_bits: DEFAULT_TABLE_BITS,
            node_limit: None,
            threads: 1,
        }
    }
}

/// A root turn and its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootValue {
    /// The turn.
    pub turn: Turn,
    /// Its value: the spread it leads to for the player to move.
    pub value: i32,
}

/// The result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The principal variation: the best turn, the opponent's best answer, and so on (to the end of
    /// the game when proved; it may stop short where the table lost the rest).
    pub line: Vec<Turn>,
    /// The spread at the end of the game for the player to move, in points, under best play (when
    /// proved; else the value of the deepest finished iteration).
    pub value: i32,
    /// With [`Settings::all`]: every root turn with its value, best first (ties in the order
    /// searched); else empty.
    pub turns: Vec<RootValue>,
    /// The plies of the deepest finished iteration; for the one searched to the end of the game, the
    /// longest line it searched.
    pub depth: usize,
    /// Whether every line of that iteration reached the end of the game.
    pub proved: bool,
    /// The positions searched, by every thread.
    pub nodes: u64,
}

/// Solves `position` under `rulebook`: the best line, its value, and whether it is proved. When the
/// game is over ([`Ending::of_position`]: six scoreless turns) there is no line and the value is the
/// final adjustment (each player loses its own rack's value), proved; when a rack is empty, no line
/// and value 0, proved.
pub fn solve(rulebook: &Rulebook, position: &Position, settings: &Settings) -> Solution {
    let mut solution = Solution::empty();
    if let Some(ending) = Ending::of_position(position.scoreless_turns) {
        solution.value = ending.spread(position.racks.each_ref().map(|rack| rack_value(rulebook, rack)));
        return solution;
    }
    if position.racks.iter().any(Rack::is_empty) {
        return solution;
    }
    let table = Table::new(settings.table_bits);
    let busy = (settings.threads > 1).then(Busy::new);
    let done = AtomicBool::new(false);
    let helpers = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..settings.threads.max(1))
            .map(|_| {
                let (table, done, busy) = (&table, &done, busy.as_ref());
                let helper_settings = Settings { deadline: settings.deadline.or_flag(done), ..*settings };
                scope.spawn(move || {
                    let mut search = Search::new(rulebook, table, busy, &helper_settings, position);
                    let mut own = Solution::empty();
                    search.deepen(&mut own, false);
                    own.nodes
                })
            })
            .collect();
        let mut search = Search::new(rulebook, &table, busy.as_ref(), settings, position);
        search.deepen(&mut solution, settings.all);
        done.store(true, AtomicOrdering::Relaxed);
        helpers.into_iter().map(|helper| helper.join().expect("a helper thread does not panic")).sum::<u64>()
    });
    solution.nodes += helpers;
    solution
}

impl Solution {
    /// No line, value 0, proved.
    fn empty() -> Solution {
        Solution { line: Vec::new(), value: 0, turns: Vec::new(), depth: 0, proved: true, nodes: 0 }
    }
}

/// The turns other threads are searching at the moment, by a hash of the position's key and the
/// turn's code, one slot each (a collision forgets a mark, which only changes an order): a thread
/// puts off a turn another is searching and comes back to it after the others (the simplified
/// ABDADA of Weill 1996, "The ABDADA distributed minimax search algorithm").
struct Busy {
    slots: Vec<AtomicU64>,
}

impl Busy {
    const BITS: u32 = 16;

    fn new() -> Busy {
        Busy { slots: (0..1 << Self::BITS).map(|_| AtomicU64::new(0)).collect() }
    }

    fn slot(&self, mark: u64) -> &AtomicU64 {
        &self.slots[(mark >> (64 - Self::BITS)) as usize]
    }

    fn searching(&self, mark: u64) -> bool {
        self.slot(mark).load(AtomicOrdering::Relaxed) == mark
    }

    fn start(&self, mark: u64) {
        self.slot(mark).store(mark, AtomicOrdering::Relaxed);
    }

    fn finish(&self, mark: u64) {
        let _ = self.slot(mark).compare_exchange(mark, 0, AtomicOrdering::Relaxed, AtomicOrdering::Relaxed);
    }
}

/// The order in which a position's turns are searched with threads: the order given, but a turn
/// another thread is searching at that moment (any but the first) is put off until the others are
/// searched.
#[derive(Default)]
struct Deferral {
    /// The indices put off, in order.
    put_off: Vec<usize>,
    /// How many of them are taken.
    taken: usize,
}

impl Deferral {
    /// Empty, its memory kept.
    fn clear(&mut self) {
        self.put_off.clear();
        self.taken = 0;
    }

    /// The next index to search: from `order`, passing over those `searching` marks unless `first`,
    /// then those put off.
    fn next(
        &mut self,
        order: &mut impl Iterator<Item = usize>,
        first: bool,
        searching: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        for index in order.by_ref() {
            if first || !searching(index) {
                return Some(index);
            }
            self.put_off.push(index);
        }
        let index = self.put_off.get(self.taken).copied();
        self.taken += 1;
        index
    }
}

/// What a turn leads to.
enum Step {
    /// The game ends: the mover's spread from the turn, adjustments included (nothing is made).
    End(i32),
    /// The game goes on: the turn's points, and the turn made in place, to unmake.
    Next(i32, Made),
}

struct Search<'s, 'r> {
    rulebook: &'s Rulebook<'r>,
    zobrist: Zobrist,
    /// The position searched, made and unmade in place (the root between searches).
    at: InPlace,
    table: &'s Table,
    /// With threads: the turns being searched by any of them.
    busy: Option<&'s Busy>,
    /// Per ply, the turns put off because another thread was searching them.
    deferrals: Vec<Deferral>,
    deadline: Deadline<'s>,
    node_limit: u64,
    /// Whether the deadline and the node limit are heeded (not in the first iteration).
    may_stop: bool,
    /// Whether the deadline stopped the iteration: every value since is void.
    stopped: bool,
    nodes: u64,
    /// The count of positions at which the clock is read next (the first of each iteration too).
    clock_due: u64,
    /// Positions whose value was cut by the depth (or taken from such a position): an iteration that
    /// leaves it unchanged reached the end of the game everywhere.
    horizon: u64,
    iteration: u8,
    /// The move generator's output, reused.
    moves: Vec<Move>,
    /// Ordered turn lists by position.
    turn_cache: TurnCache,
    /// The best line from each ply (the triangular table of principal variations).
    pv: Vec<Vec<Turn>>,
    /// The most plies from the root a line of this iteration reached (a turn ending the game
    /// included).
    reached: usize,
}

impl<'s, 'r> Search<'s, 'r> {
    /// A search of `root` under `rulebook` into `table`, stopping as `settings` say.
    fn new(
        rulebook: &'s Rulebook<'r>,
        table: &'s Table,
        busy: Option<&'s Busy>,
        settings: &Settings<'s>,
        root: &Position,
    ) -> Self {
        let zobrist = Zobrist::new();
        Search {
            rulebook,
            at: InPlace::new(rulebook, &zobrist, root),
            zobrist,
            table,
            busy,
            deferrals: Vec::new(),
            deadline: settings.deadline,
            node_limit: settings.node_limit.unwrap_or(u64::MAX),
            may_stop: false,
            stopped: false,
            nodes: 0,
            clock_due: 0,
            horizon: 0,
            iteration: 0,
            moves: Vec::new(),
            turn_cache: TurnCache::new(TURN_CACHE_BITS, TURN_CACHE_BUDGET),
            pv: Vec::new(),
            reached: 0,
        }
    }

    /// The deepening from the root into `solution` (its line, value, depth, proved and nodes, and
    /// with `all` its turns).
    fn deepen(&mut self, solution: &mut Solution, all: bool) {
        let mut turns: Vec<RootValue> =
            self.turns().iter().map(|&turn| RootValue { turn, value: 0 }).collect();
        for (iteration, depth) in (1..=STEPPED_DEPTHS).chain([MAX_DEPTH]).enumerate() {
            self.iteration = iteration as u8 + 1;
            self.may_stop = depth > 1;
            self.clock_due = self.nodes;
            self.reached = 0;
            let horizon = self.horizon;
            if !self.root(depth, &mut turns, all) {
                break;
            }
            solution.value = turns[0].value;
            solution.depth = if depth == MAX_DEPTH { self.reached } else { depth };
            solution.proved = self.horizon == horizon;
            solution.line = self.line();
            if solution.proved {
                break;
            }
        }
        if all {
            solution.turns = turns;
        }
        solution.nodes = self.nodes;
    }

    /// One iteration at the root: every turn valued `depth` plies deep, then `turns` sorted best
    /// first for the next iteration. `false` when the deadline stopped it (`turns` unchanged).
    fn root(&mut self, depth: usize, turns: &mut [RootValue], all: bool) -> bool {
        let mut alpha = -INFINITY;
        let mut values = vec![0; turns.len()];
        self.reset_pv(0);
        let key = self.key();
        let mut order = 0..turns.len();
        let mut deferral = Deferral::default();
        let mut searched = 0;
        while let Some(index) =
            deferral.next(&mut order, searched == 0, |index| self.searching(key, &turns[index].turn))
        {
            let turn = turns[index].turn;
            // With `all`, every turn's value exact: each searched with the full window.
            let floor = if all { -INFINITY } else { alpha };
            let value = self.visit(key, &turn, depth, floor, INFINITY, 0, all || searched == 0);
            searched += 1;
            if self.stopped {
                return false;
            }
            values[index] = value;
            if value > alpha {
                alpha = value;
                self.set_pv(0, turn);
            }
        }
        for (entry, value) in turns.iter_mut().zip(values) {
            entry.value = value;
        }
        // Stable: among equal values the one found first, the best line's, stays first.
        turns.sort_by_key(|entry| Reverse(entry.value));
        if let Some(best) = self.pv[0].first() {
            if let Some(at) = turns.iter().position(|entry| entry.turn == *best) {
                turns[..=at].rotate_right(1);
            }
        }
        true
    }

    /// The value of playing `turn` in the position for its mover, searched `depth` plies deep (this
    /// turn included) within the window `(alpha, beta)`; the best line after it in `pv[ply + 1]`.
    fn value_of(&mut self, turn: &Turn, depth: usize, alpha: i32, beta: i32, ply: usize) -> i32 {
        match self.step(turn) {
            Step::End(value) => {
                self.reached = self.reached.max(ply + 1);
                self.reset_pv(ply + 1);
                value
            }
            Step::Next(points, made) => {
                let value = points - self.negamax(depth - 1, points - beta, points - alpha, ply + 1);
                self.at.unmake(made);
                value
            }
        }
    }

    /// The value of the position for its mover, `depth` plies deep, within `(alpha, beta)`: exact
    /// inside the window, a bound outside it (fail-soft).
    fn negamax(&mut self, depth: usize, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.reset_pv(ply);
        let clock = self.nodes >= self.clock_due;
        if clock {
            self.clock_due = self.nodes + CLOCK_EVERY;
        }
        if self.stopped
            || (self.may_stop && (self.nodes >= self.node_limit || (clock && self.deadline.passed())))
        {
            self.stopped = true;
            return 0;
        }
        self.nodes += 1;
        let key = self.key();
        let stored = self.table.probe(key);
        if let Some(entry) = stored.filter(|entry| entry.to_end || entry.depth as usize >= depth) {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.value >= beta,
                Bound::Upper => entry.value <= alpha,
            };
            if usable {
                if !entry.to_end {
                    self.horizon += 1;
                }
                return entry.value;
            }
        }
        self.reached = self.reached.max(ply);
        if depth == 0 {
            self.horizon += 1;
            return 0;
        }
        let turns = self.turns();
        // The table's best move first, then the list's order.
        let first = stored.map_or(0, |entry| entry.best);
        let at = (first != 0).then(|| turns.iter().position(|turn| code(turn) == first)).flatten();
        let at = at.unwrap_or(0);
        let mut order = std::iter::once(at).chain((0..turns.len()).filter(|&index| index != at));
        let (alpha_in, horizon) = (alpha, self.horizon);
        let (mut best, mut best_turn) = (-INFINITY, None);
        if self.deferrals.len() <= ply {
            self.deferrals.resize_with(ply + 1, Deferral::default);
        }
        let mut deferral = std::mem::take(&mut self.deferrals[ply]);
        deferral.clear();
        let mut searched = 0;
        while let Some(index) =
            deferral.next(&mut order, searched == 0, |index| self.searching(key, &turns[index]))
        {
            let turn = &turns[index];
            let value = self.visit(key, turn, depth, alpha, beta, ply, searched == 0);
            searched += 1;
            if self.stopped {
                return 0;
            }
            if value > best {
                (best, best_turn) = (value, Some(*turn));
                self.set_pv(ply, *turn);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.deferrals[ply] = deferral;
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(Entry {
            key,
            best: best_turn.as_ref().map_or(0, code),
            value: best,
            bound,
            depth: depth as u8,
            to_end: self.horizon == horizon,
            iteration: self.iteration,
        });
        best
    }

    /// The value of `turn` as [`Search::value_of`] gives it, as a principal variation search: the
    /// `first` turn with the window `(alpha, beta)`, the others with a null window first, which
    /// proves a turn worse than the best so far cheaply, and again with the full window when it is
    /// not. Marked as searched by this thread meanwhile, when there are threads.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        key: u64,
        turn: &Turn,
        depth: usize,
        alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
    ) -> i32 {
        let mark = self.busy.map(|busy| {
            let mark = mark(key, turn);
            busy.start(mark);
            mark
        });
        let mut value = if first {
            self.value_of(turn, depth, alpha, beta, ply)
        } else {
            self.value_of(turn, depth, alpha, alpha + 1, ply)
        };
        if !first && value > alpha && value < beta && !self.stopped {
            value = self.value_of(turn, depth, alpha, beta, ply);
        }
        if let (Some(busy), Some(mark)) = (self.busy, mark) {
            busy.finish(mark);
        }
        value
    }

    /// Whether another thread is searching `turn` from the position of `key`.
    fn searching(&self, key: u64, turn: &Turn) -> bool {
        self.busy.is_some_and(|busy| busy.searching(mark(key, turn)))
    }

    /// The key of the position in the table: its board, racks, scoreless turns and player to move.
    fn key(&self) -> u64 {
        let at = &self.at;
        at.board_key ^ self.zobrist.state(&at.racks, at.scoreless, at.side)
    }

    /// Every turn of the position's mover, plays by the points they bring (a play going out with the
    /// other's rack) plus twice the face value of the tiles they unload (what those would cost if
    /// the other went out first), the pass last; from the cache when there.
    fn turns(&mut self) -> Rc<[Turn]> {
        let at = &self.at;
        let key = at.board_key ^ self.zobrist.turns(&at.racks, at.side);
        if let Some(turns) = self.turn_cache.get(key) {
            return turns;
        }
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        let rack = &at.racks[at.side];
        self.rulebook.moves_on_lines_into(&at.lines, rack, &mut moves);
        let out_bonus = 2 * self.rack_value(&at.racks[1 - at.side]);
        let tiles = self.rulebook.tiles;
        let brought = |played: &Move| {
            let unloaded: i32 = played
                .letters
                .tiles()
                .map(|tile| if tile.blank { 0 } else { tiles.value(tile.letter) as i32 })
                .sum();
            let out = if played.letters.len() == rack.len() { out_bonus } else { 0 };
            played.score as i32 + 2 * unloaded + out
        };
        moves.sort_by_key(|played| Reverse(brought(played)));
        let turns: Rc<[Turn]> = moves.iter().copied().map(Turn::Play).chain([Turn::Pass]).collect();
        self.moves = moves;
        self.turn_cache.put(key, Rc::clone(&turns));
        turns
    }

    /// What `turn` leads to from the position: the end of the game, or the turn made in place.
    fn step(&mut self, turn: &Turn) -> Step {
        let (side, other) = (self.at.side, 1 - self.at.side);
        let points = turn.score() as i32;
        if let Turn::Play(played) = turn {
            if played.letters.len() == self.at.racks[side].len() {
                // The mover places its last tile.
                return Step::End(points + 2 * self.rack_value(&self.at.racks[other]));
            }
        }
        let made = self.at.make(self.rulebook, &self.zobrist, turn);
        if self.at.scoreless >= SCORELESS_TURNS_TO_END {
            let penalty = self.rack_value(&self.at.racks[other]) - self.rack_value(&self.at.racks[side]);
            self.at.unmake(made);
            return Step::End(points + penalty);
        }
        Step::Next(points, made)
    }

    fn rack_value(&self, rack: &Rack) -> i32 {
        rack_value(self.rulebook, rack)
    }

    /// The best line from the root: the triangular table's, continued by the table's best moves
    /// where a stored value cut it short. The position is the root again at the end.
    fn line(&mut self) -> Vec<Turn> {
        let mut line = self.pv[0].clone();
        let mut made = Vec::new();
        let mut ended = false;
        for turn in &line {
            match self.step(turn) {
                Step::Next(_, turn) => made.push(turn),
                Step::End(_) => {
                    ended = true;
                    break;
                }
            }
        }
        while !ended && line.len() < MAX_DEPTH {
            let Some(best) = self.table.probe(self.key()).map(|entry| entry.best).filter(|&best| best != 0)
            else {
                break;
            };
            let Some(turn) = self.turns().iter().copied().find(|turn| code(turn) == best) else {
                break;
            };
            line.push(turn);
            match self.step(&turn) {
                Step::Next(_, turn) => made.push(turn),
                Step::End(_) => ended = true,
            }
        }
        for turn in made.into_iter().rev() {
            self.at.unmake(turn);
        }
        line
    }

    fn reset_pv(&mut self, ply: usize) {
        if self.pv.len() <= ply + 1 {
            self.pv.resize_with(ply + 2, Vec::new);
        }
        self.pv[ply].clear();
    }

    /// `pv[ply]` = `turn`, then `pv[ply + 1]`.
    fn set_pv(&mut self, ply: usize, turn: Turn) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(turn);
        line.extend_from_slice(&tail[0]);
    }
}

/// The mark of `turn` from the position of `key` in [`Busy`].
fn mark(key: u64, turn: &Turn) -> u64 {
    key ^ code(turn).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A turn as the table stores it: 1 for a pass; for a play, bit 63, the start square's index (8 bits),
/// the direction (1 bit), the count of tiles (3 bits) and 6 bits per tile (letter index, blank) from
/// bit 12. The tiles placed from a start square in a direction make one play, so codes differ.
fn code(turn: &Turn) -> u64 {
    let Turn::Play(played) = turn else {
        return 1;
    };
    let mut code = 1 << 63
        | played.start.index() as u64
        | (played.direction as u64) << 8
        | (played.letters.len() as u64) << 9;
    for (i, tile) in played.letters.tiles().enumerate() {
        code |= (tile.letter.index() as u64 | u64::from(tile.blank) << 5) << (12 + 6 * i);
    }
    code
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use proptest::prelude::*;

    use super::*;
    use crate::board::rules::Rules;
    use crate::board::Board;
    use crate::lexicon::dictionary::Dictionary;
    use crate::play::notation::written_move;
    use crate::play::Play;
    use crate::tiles::TileSet;

    /// Lab rules and the standard tile values (A, E, S, T 1; V 4; Q 10).
    fn with_rulebook<T>(words: &str, run: impl FnOnce(&Rulebook) -> T) -> T {
        let dictionary = Dictionary::from_text(words.replace(' ', "\n").into_bytes());
        let (tiles, rules) = (TileSet::standard(), Rules::lab());
        run(&Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules })
    }

    /// The board with `word` laid across from the centre.
    fn board_with(rulebook: &Rulebook, word: &str) -> Board {
        let mut board = Board::new();
        let play: Play = format!("{word} 0 0 horizontal").parse().unwrap();
        rulebook.check(&board, &word.parse().unwrap(), &play).unwrap().apply(&mut board);
        board
    }

    fn position(board: Board, mover: &str, opponent: &str, scoreless_turns: usize) -> Position {
        Position { board, racks: [mover.parse().unwrap(), opponent.parse().unwrap()], scoreless_turns }
    }

    /// The line as written, each play on the board it is played on.
    fn written(rulebook: &Rulebook, board: &Board, line: &[Turn]) -> Vec<String> {
        let mut board = board.clone();
        line.iter()
            .map(|turn| match turn {
                Turn::Pass => "pass".to_string(),
                Turn::Play(played) => {
                    let text = written_move(played, &board, rulebook.rules);
                    let mut rack = Rack::default();
                    played.letters.iter().for_each(|letter| rack.add(Some(letter)).unwrap());
                    rulebook.check(&board, &rack, &played.play()).unwrap().apply(&mut board);
                    text
                }
            })
            .collect()
    }

    #[test]
    fn turns_another_thread_is_searching_come_after_the_others_but_the_first_never_waits() {
        let mut deferral = Deferral::default();
        let mut order = [0, 1, 2, 3, 4].into_iter();
        let searching = |index: usize| index != 3;
        let mut taken = vec![deferral.next(&mut order, true, searching).unwrap()];
        while let Some(index) = deferral.next(&mut order, false, searching) {
            taken.push(index);
        }
        assert_eq!(taken, [0, 3, 1, 2, 4]);
        deferral.clear();
        assert_eq!(deferral.next(&mut [7].into_iter(), false, |_| false), Some(7));
    }

    #[test]
    fn a_turn_is_marked_from_its_start_to_its_finish_and_a_newer_mark_takes_its_slot() {
        let busy = Busy::new();
        let pass = mark(7, &Turn::Pass);
        assert!(!busy.searching(pass));
        busy.start(pass);
        assert!(busy.searching(pass));
        assert!(!busy.searching(mark(8, &Turn::Pass)), "another position");
        busy.finish(pass);
        assert!(!busy.searching(pass));
        // The same slot (the same top bits): the newer mark replaces the older, and finishing the
        // older leaves it.
        let newer = pass ^ 1;
        busy.start(pass);
        busy.start(newer);
        assert!(!busy.searching(pass));
        busy.finish(pass);
        assert!(busy.searching(newer));
    }

    #[test]
    fn with_one_tile_each_the_player_to_move_plays_out_first() {
        with_rulebook("at ats ate", |rulebook| {
            let board = board_with(rulebook, "AT");
            let settings = Settings { all: true, ..Settings::default() };
            let solution = solve(rulebook, &position(board.clone(), "S", "E", 0), &settings);
            // ATS scores 3 and takes the E: 3 + 2 x 1. Passing lets the opponent do the same with ATE.
            assert_eq!(solution.value, 5);
            assert!(solution.proved);
            assert_eq!(written(rulebook, &board, &solution.line), ["3 ATS 0 0 horizontal S"]);
            let values: Vec<(String, i32)> = solution
                .turns
                .iter()
                .map(|root| (written(rulebook, &board, &[root.turn])[0].clone(), root.value))
                .collect();
            assert_eq!(values, [("3 ATS 0 0 horizontal S".to_string(), 5), ("pass".to_string(), -5)]);
        });
    }

    #[test]
    fn a_stuck_tile_passes_while_the_opponent_plays_out_in_two_turns() {
        with_rulebook("at ate ates", |rulebook| {
            let board = board_with(rulebook, "AT");
            let solution = solve(rulebook, &position(board.clone(), "Q", "ES", 0), &Settings::default());
            // ATE (3), then ATES (4) and the Q (2 x 10) beat ATES at once (4 + 20).
            assert_eq!(solution.value, -27);
            assert!(solution.proved);
            assert_eq!(
                written(rulebook, &board, &solution.line),
                ["pass", "3 ATE 0 0 horizontal E", "pass", "4 ATES 0 0 horizontal S"]
            );
        });
    }

    #[test]
    fn six_scoreless_turns_end_the_game_with_each_rack_lost() {
        with_rulebook("at", |rulebook| {
            let board = board_with(rulebook, "AT");
            // Neither V (4) nor Q (10) fits: each loses its own, a spread of 10 - 4.
            let solution = solve(rulebook, &position(board.clone(), "V", "Q", 0), &Settings::default());
            assert_eq!((solution.value, solution.proved), (6, true));
            assert_eq!(solution.line, [Turn::Pass; 6]);
            // Deeper than the stepped iterations: the search to the end proves it, its depth the
            // one line of six passes.
            assert_eq!(solution.depth, 6);
            let solution = solve(rulebook, &position(board.clone(), "V", "Q", 4), &Settings::default());
            assert_eq!((solution.value, solution.line.len(), solution.depth), (6, 2, 2));
            // Six already: the game is over, the value is the final adjustment, 10 - 4.
            for scoreless in [6, 9] {
                let solution =
                    solve(rulebook, &position(board.clone(), "V", "Q", scoreless), &Settings::default());
                assert_eq!((solution.value, solution.line.len(), solution.proved), (6, 0, true));
            }
        });
    }

    #[test]
    fn a_deadline_already_passed_returns_the_first_ply_not_proved() {
        with_rulebook("at ate ates", |rulebook| {
            let board = board_with(rulebook, "AT");
            let settings = Settings { deadline: Deadline::at(Some(Instant::now())), ..Settings::default() };
            let solution = solve(rulebook, &position(board, "Q", "ES", 0), &settings);
            assert_eq!((solution.depth, solution.proved), (1, false));
            assert_eq!(solution.line, [Turn::Pass]);
        });
    }

    /// Plain full-width minimax, every play checked and laid by the rulebook, to the end of the game.
    fn minimax(rulebook: &Rulebook, board: &Board, racks: [&Rack; 2], scoreless: usize) -> i32 {
        minimax_turns(rulebook, board, racks, scoreless).into_iter().map(|(_, value)| value).max().unwrap()
    }

    /// Every turn of the mover (its code, as the table stores it) with its value, by plain minimax.
    fn minimax_turns(
        rulebook: &Rulebook,
        board: &Board,
        racks: [&Rack; 2],
        scoreless: usize,
    ) -> Vec<(u64, i32)> {
        let value = |rack: &Rack| rack_value(rulebook, rack);
        let pass = if scoreless + 1 >= SCORELESS_TURNS_TO_END {
            value(racks[1]) - value(racks[0])
        } else {
            -minimax(rulebook, board, [racks[1], racks[0]], scoreless + 1)
        };
        let mut turns = vec![(code(&Turn::Pass), pass)];
        for played in rulebook.moves(board, racks[0]) {
            let scored = rulebook.check(board, racks[0], &played.play()).unwrap();
            let (mut after, mut rack) = (board.clone(), racks[0].clone());
            scored.apply(&mut after);
            assert!(rack.remove(&scored.tiles()));
            let points = scored.score as i32;
            let value = if rack.is_empty() {
                points + 2 * value(racks[1])
            } else if points == 0 && scoreless + 1 >= SCORELESS_TURNS_TO_END {
                value(racks[1]) - value(&rack)
            } else {
                let scoreless = if points == 0 { scoreless + 1 } else { 0 };
                points - minimax(rulebook, &after, [racks[1], &rack], scoreless)
            };
            turns.push((code(&Turn::Play(played)), value));
        }
        turns
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn alpha_beta_with_the_table_equals_plain_minimax(
            word in prop::sample::select(vec!["AT", "SEA", "TEA", "EAST"]),
            mover in "[AESTQ]{1,3}",
            opponent in "[AESTV]{1,2}",
            scoreless in 0usize..4,
            table_bits in 4u32..12,
        ) {
            with_rulebook("at ta as es et eat tea ate eta sat set tes sea ates east seat teas eats sate etas tat", |rulebook| {
                let board = board_with(rulebook, word);
                let start = position(board.clone(), &mover, &opponent, scoreless);
                let solution = solve(rulebook, &start, &Settings { all: true, table_bits, ..Settings::default() });
                prop_assert!(solution.proved);
                let [first, second] = &start.racks;
                prop_assert_eq!(solution.value, minimax(rulebook, &board, [first, second], scoreless));
                // The best root turn's value is the solution's, and the line is that turn's.
                prop_assert_eq!(solution.turns[0].value, solution.value);
                prop_assert_eq!(Some(&solution.turns[0].turn), solution.line.first());
                let by_turn = |turns: &[RootValue]| {
                    let mut valued: Vec<(u64, i32)> =
                        turns.iter().map(|root| (code(&root.turn), root.value)).collect();
                    valued.sort_unstable();
                    valued
                };
                // Every root turn's value is its plain minimax value.
                let mut plain = minimax_turns(rulebook, &board, [first, second], scoreless);
                plain.sort_unstable();
                prop_assert_eq!(by_turn(&solution.turns), plain);
                // Searched with null windows at the root too, by 1, 2 and 4 threads sharing the
                // table.
                for threads in [1, 2, 4] {
                    let alone = solve(rulebook, &start, &Settings { table_bits, threads, ..Settings::default() });
                    prop_assert_eq!((alone.value, alone.proved), (solution.value, true));
                    // Every root turn's value too (ties may come in another order).
                    let every = Settings { all: true, table_bits, threads, ..Settings::default() };
                    prop_assert_eq!(by_turn(&solve(rulebook, &start, &every).turns), by_turn(&solution.turns));
                }
                Ok(())
            })?;
        }
    }
}
