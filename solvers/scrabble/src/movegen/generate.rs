//! Move generation: every valid play of a rack on a board, each placement once, with its score.
//!
//! The anchor-square algorithm of Appel and Jacobson (1988), "The world's fastest Scrabble program",
//! over the dictionary's DAWG. Each line of the board is searched once per direction (vertical plays
//! are found as horizontal plays on the transposed board). An anchor is an empty square next to a
//! tile (the centre on an empty board); a play is found from the leftmost anchor it covers: its left
//! part is either the tiles already left of the anchor or rack letters on the empty non-anchor squares
//! there, and it is extended rightwards through the anchor under the squares' cross-checks (the letters
//! that make a valid word across the line). A blank on the rack may take any letter the graph and the
//! cross-check allow there, worth 0. Scores are summed on the way: the main word, each cross word, the
//! premiums under placed tiles, the bonus for placing a whole rack.
//!
//! The lines, their anchors and cross-checks are read from `Lines` (`movegen::lines`): worked
//! out from the board for each call of [`Rulebook::moves`] and the like, or kept up to date move by
//! move by a search that makes and unmakes moves in place (the endgame's).

use crate::board::run::LetterRun;
use crate::board::{Board, Direction, Square, BOARD_SIZE};
use crate::lexicon::edges::Node;
use crate::lexicon::graph::WordGraph;
use crate::movegen::lines::{letter_tiles, playable_letters, Lines, DIRECTIONS, NO_CROSS_WORD, NO_TILE};
use crate::movegen::moves::{Move, TopMoves};
use crate::play::Rulebook;
use crate::tiles::letter::{LetterSet, LETTER_COUNT};
use crate::tiles::rack::{Rack, RACK_SIZE};

/// Bit set, in a placed tile's letter index, for a blank.
const BLANK: u8 = 0x40;

/// The number of tile codes: letter indices, and letter indices with [`BLANK`] set.
const TILE_CODES: usize = 2 * BLANK as usize;

/// One line of the board in the direction searched, left to right (or top to bottom).
#[derive(Clone, Copy)]
struct Line {
    /// Letter index of each tile, [`NO_TILE`] for an empty square.
    tiles: [u8; BOARD_SIZE],
    /// The value of each tile (0 for a blank and for an empty square).
    tile_values: [u32; BOARD_SIZE],
    /// Bit `c` set when square `c` holds a blank.
    blank_tiles: u32,
    /// The letters allowed on each empty square by the tiles across the line (bit per letter index).
    cross_check: [u32; BOARD_SIZE],
    /// The value of the tiles across the line next to each empty square, [`NO_CROSS_WORD`] when none.
    cross_score: [u32; BOARD_SIZE],
    /// Letter and word multipliers of each square.
    letter_premium: [u32; BOARD_SIZE],
    word_premium: [u32; BOARD_SIZE],
    /// Bit `c` set when square `c` is an anchor.
    anchors: u32,
}

/// Where the search hands each play it finds.
trait Sink {
    /// Whether a play of `score` points may be kept (checked before the play is written out).
    fn wants(&self, _score: u32) -> bool {
        true
    }

    /// Takes a play.
    fn take(&mut self, found: Move);
}

impl Sink for Vec<Move> {
    #[inline]
    fn take(&mut self, found: Move) {
        self.push(found);
    }
}

/// A [`Sink`] calling a closure.
struct Visit<F>(F);

impl Sink for TopMoves {
    #[inline]
    fn wants(&self, score: u32) -> bool {
        TopMoves::wants(self, score)
    }

    #[inline]
    fn take(&mut self, found: Move) {
        TopMoves::take(self, found);
    }
}

impl<F: FnMut(Move)> Sink for Visit<F> {
    #[inline]
    fn take(&mut self, found: Move) {
        (self.0)(found);
    }
}

impl Rulebook<'_> {
    /// Every valid play of `rack` on `board`, each placement once (a single tile as the spec lists
    /// it), with its score, in no particular order. Each is exactly what [`Rulebook::check`] accepts.
    pub fn moves(&self, board: &Board, rack: &Rack) -> Vec<Move> {
        let mut moves = Vec::new();
        self.moves_into(board, rack, &mut moves);
        moves
    }

    /// [`Rulebook::moves`] appended to `moves` (which may be reused between calls).
    pub fn moves_into(&self, board: &Board, rack: &Rack, moves: &mut Vec<Move>) {
        self.search_board(board, rack, moves);
    }

    /// [`Rulebook::moves_into`] on the board `lines` read (its cross-checks and anchors as kept,
    /// not computed again), in the same order. `lines` holds the cross-checks of every letter the
    /// rack can place.
    pub(crate) fn moves_on_lines_into(&self, lines: &Lines, rack: &Rack, moves: &mut Vec<Move>) {
        debug_assert_eq!(playable_letters(rack) & !lines.wanted(), 0, "cross-checks of the rack's letters");
        if !rack.is_empty() {
            self.search(lines, rack, moves);
        }
    }

    /// [`Rulebook::moves`] handed to `visit` one by one as they are found, with nothing stored.
    pub fn visit_moves(&self, board: &Board, rack: &Rack, visit: impl FnMut(Move)) {
        self.search_board(board, rack, &mut Visit(visit));
    }

    /// The `top` best plays of `rack` on `board`, best first (ranked as [`Move::ranking`]): the same
    /// as ranking all of [`Rulebook::moves`] and keeping `top`, but only `top` plays are ever held (a
    /// bounded heap), and a play scoring below the worst one held is never written out.
    pub fn best_moves(&self, board: &Board, rack: &Rack, top: usize) -> Vec<Move> {
        let mut best = TopMoves::new(top);
        if top > 0 {
            self.search_board(board, rack, &mut best);
        }
        best.into_ranked()
    }

    /// Runs the search on `board`, its lines read with the cross-checks of the rack's letters,
    /// handing every play to `sink`.
    fn search_board(&self, board: &Board, rack: &Rack, sink: &mut impl Sink) {
        if !rack.is_empty() {
            self.search(&Lines::new(self, board, playable_letters(rack)), rack, sink);
        }
    }

    /// Runs the search on the board `lines` read, handing every play of the (non-empty) `rack` to
    /// `sink`: each direction's lines with anchors in turn, each line's anchors from the left.
    fn search(&self, lines: &Lines, rack: &Rack, sink: &mut impl Sink) {
        let values = self.tiles.values();
        let mut tile_values = [0; TILE_CODES];
        tile_values[..LETTER_COUNT].copy_from_slice(&values);
        let mut search = Search {
            graph: self.dictionary.graph(),
            values: tile_values,
            bingo_bonus: self.rules.bingo_bonus(),
            rack: rack.counts(),
            rack_letters: letter_tiles(rack),
            blanks: rack.blanks(),
            blank_letters: if rack.blanks() > 0 { LetterSet::ALL.bits() } else { 0 },
            rack_left: rack.len(),
            direction: Direction::Horizontal,
            row: 0,
            line: EMPTY_LINE,
            anchor: 0,
            placed: [NO_TILE; BOARD_SIZE],
            placed_count: 0,
            left_parts: Vec::new(),
            moves: sink,
        };
        search.left_parts = search.all_left_parts();
        for (d, direction) in DIRECTIONS.into_iter().enumerate() {
            search.direction = direction;
            for row in 0..BOARD_SIZE {
                let anchors = lines.anchors[d][row];
                if anchors == 0 {
                    continue;
                }
                search.row = row;
                self.fill_line(&mut search.line, lines, d, row, anchors);
                let mut anchors = anchors;
                while anchors != 0 {
                    let anchor = anchors.trailing_zeros() as usize;
                    anchors &= anchors - 1;
                    search.search_anchor(anchor);
                }
            }
        }
    }

    /// Sets `line` to line `row` of `lines` in direction `d` (an index of [`DIRECTIONS`]) with its
    /// `anchors`: its tiles, premiums, and the cross-checks and cross scores of its squares.
    fn fill_line(&self, line: &mut Line, lines: &Lines, d: usize, row: usize, anchors: u32) {
        let grid = &lines.grids[d];
        line.tiles = grid.tiles[row];
        line.tile_values = grid.tile_values[row];
        line.blank_tiles = grid.blank_tiles[row];
        line.anchors = anchors;
        line.cross_check = lines.cross_checks[d][row];
        line.cross_score = lines.cross_scores[d][row];
        for column in 0..BOARD_SIZE {
            let square = match DIRECTIONS[d] {
                Direction::Horizontal => Square::at(row, column),
                Direction::Vertical => Square::at(column, row),
            };
            let premium = self.rules.premium(square);
            line.letter_premium[column] = premium.letter;
            line.word_premium[column] = premium.word;
        }
    }
}

const EMPTY_LINE: Line = Line {
    tiles: [NO_TILE; BOARD_SIZE],
    tile_values: [0; BOARD_SIZE],
    blank_tiles: 0,
    cross_check: [LetterSet::ALL.bits(); BOARD_SIZE],
    cross_score: [NO_CROSS_WORD; BOARD_SIZE],
    letter_premium: [1; BOARD_SIZE],
    word_premium: [1; BOARD_SIZE],
    anchors: 0,
};

/// Rack tiles that may lie just before an anchor, in order, spelling the start of some word.
#[derive(Clone, Copy)]
struct LeftPart {
    /// The graph node the tiles lead to.
    node: Node,
    /// How many tiles.
    length: u8,
    /// The tiles (letter index, with [`BLANK`] set for a blank); the first `length` count.
    tiles: [u8; RACK_SIZE - 1],
    /// The letters a tile left on the rack can stand for: the letter tiles left, or all letters while
    /// a blank is left.
    letters_left: u32,
}

/// The state of the search along one line.
struct Search<'a, S> {
    graph: &'a WordGraph,
    /// The value of each tile code: a letter's value, 0 for a blank.
    values: [u32; TILE_CODES],
    bingo_bonus: u32,
    /// Rack letter tiles left, by letter index.
    rack: [u8; LETTER_COUNT],
    /// Bit per letter index with a letter tile left.
    rack_letters: u32,
    /// Blanks left on the rack.
    blanks: usize,
    /// Every letter while a blank is left, else none: the letters the blanks can stand for.
    blank_letters: u32,
    /// Tiles left on the rack, blanks included.
    rack_left: usize,
    direction: Direction,
    /// The line searched: a row for horizontal plays, a column for vertical ones.
    row: usize,
    line: Line,
    anchor: usize,
    /// Letter index placed on each square of the line by the play being built (with [`BLANK`] set for
    /// a blank), [`NO_TILE`] elsewhere.
    placed: [u8; BOARD_SIZE],
    placed_count: usize,
    /// Every left part the rack allows, shortest first (the same for every anchor).
    left_parts: Vec<LeftPart>,
    moves: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    /// Takes a tile for the letter with index `letter` off the rack: a blank when `IS_BLANK`, else a
    /// letter tile. Returns the tile as a line stores it (the letter index, with [`BLANK`] for a blank).
    #[inline]
    fn take<const IS_BLANK: bool>(&mut self, letter: u8) -> u8 {
        self.rack_left -= 1;
        if IS_BLANK {
            self.blanks -= 1;
            if self.blanks == 0 {
                self.blank_letters = 0;
            }
            letter | BLANK
        } else {
            let index = letter as usize;
            self.rack[index] -= 1;
            if self.rack[index] == 0 {
                self.rack_letters &= !(1 << index);
            }
            letter
        }
    }

    /// Puts back the tile [`Search::take`] took.
    #[inline]
    fn give_back<const IS_BLANK: bool>(&mut self, letter: u8) {
        self.rack_left += 1;
        if IS_BLANK {
            self.blanks += 1;
            self.blank_letters = LetterSet::ALL.bits();
        } else {
            self.rack[letter as usize] += 1;
            self.rack_letters |= 1 << letter;
        }
    }

    /// The child of `node` for the letter with index `letter`, if any.
    #[inline]
    fn child(&self, node: Node, letter: usize) -> Option<Node> {
        (self.graph.children(node).bits() & (1 << letter) != 0).then(|| self.graph.listed_child(node, letter))
    }

    /// Every play whose leftmost anchor is `anchor`.
    fn search_anchor(&mut self, anchor: usize) {
        self.anchor = anchor;
        // Every play found from an anchor places a rack tile on it.
        if self.line.cross_check[anchor] & (self.rack_letters | self.blank_letters) == 0 {
            return;
        }
        let tiles = self.line.tiles;
        if anchor > 0 && tiles[anchor - 1] != NO_TILE {
            // The left part is the tiles already there.
            let mut start = anchor - 1;
            while start > 0 && tiles[start - 1] != NO_TILE {
                start -= 1;
            }
            let mut node = self.graph.root();
            let mut main = 0;
            for (&tile, &value) in tiles[start..anchor].iter().zip(&self.line.tile_values[start..anchor]) {
                match self.child(node, tile as usize) {
                    Some(next) => node = next,
                    None => return,
                }
                main += value;
            }
            self.placed_count = 0;
            self.extend_right(node, anchor, start, main, 1, 0);
        } else {
            // The left part is rack letters on the empty non-anchor squares before the anchor, keeping
            // one tile for the anchor itself.
            let mut limit = 0;
            while limit + 1 < self.rack_left
                && limit < anchor
                && self.line.anchors & (1 << (anchor - limit - 1)) == 0
            {
                limit += 1;
            }
            let parts = std::mem::take(&mut self.left_parts);
            let at_anchor = self.line.cross_check[anchor];
            for part in parts.iter().take_while(|part| part.length as usize <= limit) {
                if self.may_extend(part, at_anchor) {
                    self.extend_left_part(part);
                }
            }
            self.left_parts = parts;
        }
    }

    /// Every left part of the rack's tiles, shortest first: each sequence of at most `rack_left - 1`
    /// tiles that starts some word and that a tile left on the rack continues (the empty one first).
    fn all_left_parts(&mut self) -> Vec<LeftPart> {
        let mut parts = Vec::with_capacity(256);
        let mut part = LeftPart {
            node: self.graph.root(),
            length: 0,
            tiles: [0; RACK_SIZE - 1],
            letters_left: self.rack_letters | self.blank_letters,
        };
        self.collect_left_parts(&mut part, self.rack_left - 1, &mut parts);
        // A counting sort by length, keeping the depth-first order within a length.
        let mut starts = [0; RACK_SIZE + 1];
        for part in &parts {
            starts[part.length as usize + 1] += 1;
        }
        for length in 0..RACK_SIZE {
            starts[length + 1] += starts[length];
        }
        let mut sorted = vec![part; parts.len()];
        for part in parts {
            let slot = &mut starts[part.length as usize];
            sorted[*slot] = part;
            *slot += 1;
        }
        sorted
    }

    /// Lists `part` and every longer left part of up to `limit` tiles that starts with it, each only
    /// when a tile left on the rack continues it.
    fn collect_left_parts(&mut self, part: &mut LeftPart, limit: usize, parts: &mut Vec<LeftPart>) {
        part.letters_left = self.rack_letters | self.blank_letters;
        let node = part.node;
        let children = self.graph.children(node).bits();
        // A part no rack tile continues can put nothing on the anchor, and has no longer parts.
        if children & part.letters_left == 0 {
            return;
        }
        parts.push(*part);
        let length = part.length as usize;
        if length == limit {
            return;
        }
        for blank in [false, true] {
            let mut letters =
                if blank { children & self.blank_letters } else { children & self.rack_letters };
            while letters != 0 {
                let letter = letters.trailing_zeros() as u8;
                letters &= letters - 1;
                part.tiles[length] =
                    if blank { self.take::<true>(letter) } else { self.take::<false>(letter) };
                part.node = self.graph.listed_child(node, letter as usize);
                part.length += 1;
                self.collect_left_parts(part, limit, parts);
                part.length -= 1;
                if blank {
                    self.give_back::<true>(letter);
                } else {
                    self.give_back::<false>(letter);
                }
            }
        }
        part.node = node;
    }

    /// Whether `part` may lead to a play through the anchor: some rack letter allowed there (in
    /// `at_anchor`) continues it and then either ends a word or goes on past the anchor (through the
    /// next tile, or with a letter that square allows). A filter only: [`Search::extend_right`] decides.
    #[inline]
    fn may_extend(&self, part: &LeftPart, at_anchor: u32) -> bool {
        let node = part.node;
        let mut letters = self.graph.children(node).bits() & at_anchor & part.letters_left;
        let after = self.anchor + 1;
        while letters != 0 {
            let letter = letters.trailing_zeros() as usize;
            letters &= letters - 1;
            if self.may_go_on(self.graph.listed_child(node, letter), after, part.letters_left) {
                return true;
            }
        }
        false
    }

    /// Whether a play just placed before the square `after`, reaching `next`, may lead to a play with
    /// `letters_left` on the rack: the tile on `after` continues its word, or, with `after` empty or
    /// off the board, the word ends there or goes on with a letter that square allows. A filter only.
    #[inline]
    fn may_go_on(&self, next: Node, after: usize, letters_left: u32) -> bool {
        if after == BOARD_SIZE {
            return self.graph.is_terminal(next);
        }
        let children = self.graph.children(next).bits();
        let tile = self.line.tiles[after];
        if tile != NO_TILE {
            // A word ending here would run on into the tile: only a word through it counts.
            return children & (1 << tile) != 0;
        }
        self.graph.is_terminal(next) || children & self.line.cross_check[after] & letters_left != 0
    }

    /// Lays `part` just before the anchor, its tiles taken off the rack, and extends it rightwards.
    fn extend_left_part(&mut self, part: &LeftPart) {
        let length = part.length as usize;
        let start = self.anchor - length;
        let (mut main, mut multiplier) = (0, 1);
        for (offset, &tile) in part.tiles[..length].iter().enumerate() {
            let column = start + offset;
            self.placed[column] = tile;
            main += self.values[tile as usize] * self.line.letter_premium[column];
            multiplier *= self.line.word_premium[column];
            self.take_tile(tile);
        }
        self.placed_count = length;
        self.extend_right(part.node, self.anchor, start, main, multiplier, 0);
        for &tile in &part.tiles[..length] {
            self.give_back_tile(tile);
        }
        self.placed[start..self.anchor].fill(NO_TILE);
    }

    /// [`Search::take`] of a tile as a line stores it.
    #[inline]
    fn take_tile(&mut self, tile: u8) {
        if tile & BLANK != 0 {
            self.take::<true>(tile & !BLANK);
        } else {
            self.take::<false>(tile);
        }
    }

    /// [`Search::give_back`] of a tile as a line stores it.
    #[inline]
    fn give_back_tile(&mut self, tile: u8) {
        if tile & BLANK != 0 {
            self.give_back::<true>(tile & !BLANK);
        } else {
            self.give_back::<false>(tile);
        }
    }

    /// Extends the play covering `start..column` (reaching `node`) from `column` rightwards. `main` is
    /// the main word's letter sum so far, `multiplier` its word premium, `cross` the cross words' score.
    fn extend_right(
        &mut self,
        node: Node,
        column: usize,
        start: usize,
        main: u32,
        multiplier: u32,
        cross: u32,
    ) {
        // Through the tiles already there.
        let (mut node, mut column, mut main) = (node, column, main);
        while column < BOARD_SIZE && self.line.tiles[column] != NO_TILE {
            match self.child(node, self.line.tiles[column] as usize) {
                Some(next) => node = next,
                None => return,
            }
            main += self.line.tile_values[column];
            column += 1;
        }
        if column > self.anchor && column - start >= 2 && self.graph.is_terminal(node) {
            self.record(start, column, main * multiplier + cross);
        }
        if column == BOARD_SIZE {
            return;
        }
        let allowed = self.graph.children(node).bits() & self.line.cross_check[column];
        let score = (main, multiplier, cross);
        self.place_each::<false>(node, column, start, score, allowed & self.rack_letters);
        if self.blanks > 0 {
            self.place_each::<true>(node, column, start, score, allowed);
        }
    }

    /// Places each letter of `letters` on the empty square `column`, as a blank when `IS_BLANK`, else as
    /// a letter tile, and extends the play from there. `score` is [`Search::extend_right`]'s
    /// `(main, multiplier, cross)` so far.
    #[inline]
    fn place_each<const IS_BLANK: bool>(
        &mut self,
        node: Node,
        column: usize,
        start: usize,
        (main, multiplier, cross): (u32, u32, u32),
        mut letters: u32,
    ) {
        let word_premium = self.line.word_premium[column];
        let cross_score = self.line.cross_score[column];
        while letters != 0 {
            let letter = letters.trailing_zeros() as u8;
            letters &= letters - 1;
            let next = self.graph.listed_child(node, letter as usize);
            let value =
                if IS_BLANK { 0 } else { self.values[letter as usize] * self.line.letter_premium[column] };
            let cross_word =
                if cross_score == NO_CROSS_WORD { 0 } else { (cross_score + value) * word_premium };
            let tile = self.take::<IS_BLANK>(letter);
            // Skip the call when it could neither list a play nor place another tile.
            let after = column + 1;
            if self.may_go_on(next, after, self.rack_letters | self.blank_letters) {
                self.placed[column] = tile;
                self.placed_count += 1;
                self.extend_right(
                    next,
                    after,
                    start,
                    main + value,
                    multiplier * word_premium,
                    cross + cross_word,
                );
                self.placed_count -= 1;
                self.placed[column] = NO_TILE;
            }
            self.give_back::<IS_BLANK>(letter);
        }
    }

    /// Lists the play whose main word covers `start..end`.
    fn record(&mut self, start: usize, end: usize, score: u32) {
        // A single tile with a word across the line is listed by the horizontal search.
        if self.direction == Direction::Vertical
            && self.placed_count == 1
            && self.line.cross_score[self.anchor] != NO_CROSS_WORD
        {
            return;
        }
        let bonus = if self.placed_count == RACK_SIZE { self.bingo_bonus } else { 0 };
        if !self.moves.wants(score + bonus) {
            return;
        }
        let mut word = LetterRun::EMPTY;
        let mut letters = LetterRun::EMPTY;
        for column in start..end {
            let placed = self.placed[column];
            if placed == NO_TILE {
                word.push_index(self.line.tiles[column], self.line.blank_tiles & (1 << column) != 0);
            } else {
                let blank = placed & BLANK != 0;
                word.push_index(placed & !BLANK, blank);
                letters.push_index(placed & !BLANK, blank);
            }
        }
        let start = match self.direction {
            Direction::Horizontal => Square::at(self.row, start),
            Direction::Vertical => Square::at(start, self.row),
        };
        self.moves.take(Move { score: score + bonus, word, start, direction: self.direction, letters });
    }
}
