//! The fast replay (fallback cursor, per-line counters, byte-level reader) against a plain one kept
//! here: it rescans the diagonal order from the top for every fallback and re-reads the whole
//! miniboard after every move. Random games, written out with random white space, must give the same
//! output.

use proptest::prelude::*;
use solvebatch_tictactoe::{replay, Player, PlayerMove};

/// The rules read straight from the specification, with no cleverness.
struct PlainGame {
    n: usize,
    side: usize,
    /// Row-major `side × side` cells.
    board: Vec<Option<Player>>,
    /// Row-major `n × n` miniboard owners.
    owners: Vec<Option<Player>>,
    to_move: Player,
    over: bool,
    rounds: [u32; 2],
    chosen_wins: [u32; 2],
    output: String,
}

impl PlainGame {
    fn new(n: usize) -> PlainGame {
        let side = n * n;
        PlainGame {
            n,
            side,
            board: vec![None; side * side],
            owners: vec![None; n * n],
            to_move: Player::X,
            over: false,
            rounds: [0; 2],
            chosen_wins: [0; 2],
            output: String::new(),
        }
    }

    /// Every cell in diagonal order: d0, d+1, d-1, d+2, d-2, ..., each top to bottom.
    fn diagonal_order(&self) -> Vec<(usize, usize)> {
        let mut cells = Vec::new();
        for distance in 0..self.side {
            for above in [true, false] {
                if distance == 0 && !above {
                    continue;
                }
                for i in 0..self.side - distance {
                    cells.push(if above { (i, i + distance) } else { (i + distance, i) });
                }
            }
        }
        cells
    }

    fn play(&mut self, attempt: PlayerMove) {
        if self.over {
            return;
        }
        if attempt.player != self.to_move {
            self.output.push_str("NOT YOUR TURN\n");
            return;
        }
        let on_board = |value: i32| value >= 0 && (value as i64) < self.side as i64;
        let asked = (attempt.row as usize, attempt.column as usize);
        let (cell, chosen) = if !on_board(attempt.row) || !on_board(attempt.column) {
            self.output.push_str("INVALID INDEX\n");
            (self.first_free(), false)
        } else if self.board[asked.0 * self.side + asked.1].is_some() {
            self.output.push_str("NOT AN EMPTY CELL\n");
            (self.first_free(), false)
        } else {
            (Some(asked), true)
        };
        let Some((row, column)) = cell else {
            self.output.push_str("FULL BOARD\n");
            self.over = true;
            return;
        };
        let player = self.to_move;
        self.board[row * self.side + column] = Some(player);
        let miniboard = (row / self.n) * self.n + column / self.n;
        if self.owners[miniboard].is_none() && self.miniboard_has_line(miniboard, player) {
            self.owners[miniboard] = Some(player);
            if chosen {
                self.chosen_wins[player.index()] += 1;
            }
        }
        self.rounds[player.index()] += 1;
        self.to_move = player.opponent();
    }

    fn first_free(&self) -> Option<(usize, usize)> {
        self.diagonal_order()
            .into_iter()
            .find(|&(row, column)| self.board[row * self.side + column].is_none())
    }

    fn miniboard_has_line(&self, miniboard: usize, player: Player) -> bool {
        let (top, left) = ((miniboard / self.n) * self.n, (miniboard % self.n) * self.n);
        let mine = |i: usize, j: usize| self.board[(top + i) * self.side + left + j] == Some(player);
        has_line(self.n, mine)
    }

    fn finish(mut self) -> String {
        for row in self.owners.chunks(self.n) {
            let line: String = row.iter().map(|owner| owner.map_or('-', Player::symbol)).collect();
            self.output.push_str(&line);
            self.output.push('\n');
        }
        let owners = &self.owners;
        let n = self.n;
        let lines = Player::BOTH.map(|player| has_line(n, |i, j| owners[i * n + j] == Some(player)));
        self.output.push_str(match lines {
            [true, false] => "X won\n",
            [false, true] => "0 won\n",
            _ => "Draw again! Let's play darts!\n",
        });
        for player in Player::BOTH {
            let (wins, rounds) = (self.chosen_wins[player.index()], self.rounds[player.index()]);
            let attention = if rounds == 0 {
                "N/A".to_string()
            } else {
                format!("{:.10}", f64::from(wins) / f64::from(rounds))
            };
            self.output.push_str(&format!("{} {attention}\n", player.symbol()));
        }
        self.output
    }
}

/// Whether some row, column or diagonal of an `n × n` square is all `mine`.
fn has_line(n: usize, mine: impl Fn(usize, usize) -> bool) -> bool {
    (0..n).any(|i| (0..n).all(|j| mine(i, j)))
        || (0..n).any(|j| (0..n).all(|i| mine(i, j)))
        || (0..n).all(|i| mine(i, i))
        || (0..n).all(|i| mine(i, n - 1 - i))
}

/// A coordinate: mostly on a board of side `side`, sometimes just off it or at a 32-bit extreme.
fn coordinate(side: i32) -> impl Strategy<Value = i32> {
    prop_oneof![
        8 => 0..side,
        1 => prop_oneof![Just(-1), Just(side), Just(i32::MIN), Just(i32::MAX), any::<i32>()],
    ]
}

/// A game: `n`, and moves that follow the turn except where a move is flipped to the wrong player.
fn game() -> impl Strategy<Value = (usize, Vec<PlayerMove>)> {
    (1usize..=4).prop_flat_map(|n| {
        let side = (n * n) as i32;
        let attempt = (prop::bool::weighted(0.15), coordinate(side), coordinate(side));
        prop::collection::vec(attempt, 0..=(3 * n * n * n * n).min(300)).prop_map(move |attempts| {
            let mut turn = Player::X;
            let moves = attempts
                .into_iter()
                .map(|(out_of_turn, row, column)| {
                    let player = if out_of_turn { turn.opponent() } else { turn };
                    if !out_of_turn {
                        turn = turn.opponent();
                    }
                    PlayerMove { player, row, column }
                })
                .collect();
            (n, moves)
        })
    })
}

/// The game as a file, tokens separated by the given pieces of white space in turn.
fn write_game(n: usize, moves: &[PlayerMove], separators: &[&str]) -> String {
    let mut pieces = vec![n.to_string(), moves.len().to_string()];
    for attempt in moves {
        pieces.push(attempt.player.symbol().to_string());
        pieces.push(attempt.row.to_string());
        pieces.push(attempt.column.to_string());
    }
    let mut text = String::new();
    for (index, piece) in pieces.iter().enumerate() {
        text.push_str(piece);
        text.push_str(separators[index % separators.len()]);
    }
    text.push_str("trailing lines are never read\n");
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn fast_replay_matches_the_rescanning_replay(
        (n, moves) in game(),
        separators in prop::collection::vec(prop::sample::select(vec![" ", "\n", "\t", "  ", "\r\n", " \n\n "]), 1..6),
    ) {
        let text = write_game(n, &moves, &separators);
        let mut plain = PlainGame::new(n);
        for &attempt in &moves {
            plain.play(attempt);
        }
        let replayed = replay(text.as_bytes()).map_err(|error| TestCaseError::fail(error.to_string()))?;
        prop_assert_eq!(replayed.output, plain.finish());
    }
}
