//! Rules that change scoring: premium squares and the bonus for playing a whole rack. The rules of
//! the spec (`lab`) have neither; the type leaves room for the standard tournament rules.

use crate::board::{Square, SQUARE_COUNT};

/// The multipliers of one square, counted only for a tile placed on it by the play being scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Premium {
    /// The placed tile's value is multiplied by this (2 on a double-letter square).
    pub letter: u32,
    /// Every word through the placed tile is multiplied by this (3 on a triple-word square).
    pub word: u32,
}

impl Premium {
    /// A plain square.
    pub const NONE: Premium = Premium { letter: 1, word: 1 };
}

/// Premium squares and the bonus for placing a whole rack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Indexed by [`Square::index`].
    premiums: [Premium; SQUARE_COUNT],
    /// Points added to a play that places [`crate::RACK_SIZE`] tiles.
    bingo_bonus: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::lab()
    }
}

impl Rules {
    /// The rules of the spec: no premium squares, no bonus.
    pub fn lab() -> Rules {
        Rules { premiums: [Premium::NONE; SQUARE_COUNT], bingo_bonus: 0 }
    }

    /// These rules with `premium` on `square`.
    #[must_use]
    pub fn with_premium(mut self, square: Square, premium: Premium) -> Rules {
        self.premiums[square.index()] = premium;
        self
    }

    /// These rules with `points` added to every play that places a whole rack of tiles.
    #[must_use]
    pub fn with_bingo_bonus(mut self, points: u32) -> Rules {
        self.bingo_bonus = points;
        self
    }

    /// The premium of `square`.
    #[inline]
    pub fn premium(&self, square: Square) -> Premium {
        self.premiums[square.index()]
    }

    /// Points added to a play that places a whole rack.
    pub fn bingo_bonus(&self) -> u32 {
        self.bingo_bonus
    }
}
