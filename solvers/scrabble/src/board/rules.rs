//! Rules that change scoring and the tiles in play: premium squares, the bonus for playing a whole
//! rack, and blank tiles. The rules of the spec (`lab`) have none of them; the standard tournament
//! rules (`standard`) have the usual premium squares, a 50-point bonus and two blanks.

use std::fmt;
use std::str::FromStr;

use crate::board::{Square, SQUARE_COUNT};
use crate::quote::quote;

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
    /// A double-letter square.
    pub const DOUBLE_LETTER: Premium = Premium { letter: 2, word: 1 };
    /// A triple-letter square.
    pub const TRIPLE_LETTER: Premium = Premium { letter: 3, word: 1 };
    /// A double-word square.
    pub const DOUBLE_WORD: Premium = Premium { letter: 1, word: 2 };
    /// A triple-word square.
    pub const TRIPLE_WORD: Premium = Premium { letter: 1, word: 3 };
}

/// The premium squares of the standard board as `(x, y)` in the spec's coordinates, `(0, 0)` the
/// centre and `(-7, 7)` the top-left corner.
#[rustfmt::skip]
const STANDARD_PREMIUMS: [(Premium, &[(i32, i32)]); 4] = [
    (
        Premium::DOUBLE_LETTER,
        &[
            (-4, 7), (4, 7),
            (-1, 5), (1, 5),
            (-7, 4), (0, 4), (7, 4),
            (-5, 1), (-1, 1), (1, 1), (5, 1),
            (-4, 0), (4, 0),
            (-5, -1), (-1, -1), (1, -1), (5, -1),
            (-7, -4), (0, -4), (7, -4),
            (-1, -5), (1, -5),
            (-4, -7), (4, -7),
        ],
    ),
    (
        Premium::TRIPLE_LETTER,
        &[
            (-2, 6), (2, 6),
            (-6, 2), (-2, 2), (2, 2), (6, 2),
            (-6, -2), (-2, -2), (2, -2), (6, -2),
            (-2, -6), (2, -6),
        ],
    ),
    (
        Premium::DOUBLE_WORD,
        &[
            (-6, 6), (6, 6),
            (-5, 5), (5, 5),
            (-4, 4), (4, 4),
            (-3, 3), (3, 3),
            (0, 0),
            (-3, -3), (3, -3),
            (-4, -4), (4, -4),
            (-5, -5), (5, -5),
            (-6, -6), (6, -6),
        ],
    ),
    (
        Premium::TRIPLE_WORD,
        &[
            (-7, 7), (0, 7), (7, 7),
            (-7, 0), (7, 0),
            (-7, -7), (0, -7), (7, -7),
        ],
    ),
];

/// Points added to a play placing a whole rack under the standard rules.
const STANDARD_BINGO_BONUS: u32 = 50;

/// Blank tiles in the pool under the standard rules.
const STANDARD_BLANK_TILES: u32 = 2;

/// Premium squares, the bonus for placing a whole rack, and the blank tiles of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    name: RulesName,
    /// Indexed by [`Square::index`].
    premiums: [Premium; SQUARE_COUNT],
    /// Points added to a play that places [`crate::tiles::rack::RACK_SIZE`] tiles.
    bingo_bonus: u32,
    /// Blanks added to a game's pool; with none, positions and plays may not hold blanks.
    blank_tiles: u32,
}

/// The named rule sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesName {
    /// The spec's rules: no premium squares, no bonus, no blanks.
    Lab,
    /// The standard tournament rules: premium squares, a 50-point bonus, two blanks.
    Standard,
}

/// A name that is no rule set's (its first 60 characters, with `…` after a longer one).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules '{0}' (lab or standard)")]
pub struct UnknownRules(pub String);

impl FromStr for RulesName {
    type Err = UnknownRules;

    /// `lab` or `standard`.
    fn from_str(name: &str) -> Result<RulesName, UnknownRules> {
        match name {
            "lab" => Ok(RulesName::Lab),
            "standard" => Ok(RulesName::Standard),
            _ => Err(UnknownRules(quote(name))),
        }
    }
}

impl fmt::Display for RulesName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RulesName::Lab => "lab",
            RulesName::Standard => "standard",
        })
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::lab()
    }
}

impl FromStr for Rules {
    type Err = UnknownRules;

    /// The rules named `lab` or `standard`.
    fn from_str(name: &str) -> Result<Rules, UnknownRules> {
        name.parse::<RulesName>().map(Rules::named)
    }
}

impl Rules {
    /// The rules of the spec: no premium squares, no bonus, no blanks.
    pub fn lab() -> Rules {
        Rules {
            name: RulesName::Lab,
            premiums: [Premium::NONE; SQUARE_COUNT],
            bingo_bonus: 0,
            blank_tiles: 0,
        }
    }

    /// The standard tournament rules: the usual premium squares (24 double-letter, 12 triple-letter,
    /// 17 double-word including the centre, 8 triple-word), 50 points for placing all 7 tiles, and
    /// two blanks in the pool.
    pub fn standard() -> Rules {
        let mut rules = Rules {
            name: RulesName::Standard,
            bingo_bonus: STANDARD_BINGO_BONUS,
            blank_tiles: STANDARD_BLANK_TILES,
            ..Rules::lab()
        };
        for (premium, squares) in STANDARD_PREMIUMS {
            for &(x, y) in squares {
                let square = Square::new(x, y).expect("a square of the board");
                rules.premiums[square.index()] = premium;
            }
        }
        rules
    }

    /// The rules called `name`.
    pub fn named(name: RulesName) -> Rules {
        match name {
            RulesName::Lab => Rules::lab(),
            RulesName::Standard => Rules::standard(),
        }
    }

    /// The name of the rule set these rules were made from (changes made with the `with_` methods
    /// keep it).
    pub fn name(&self) -> RulesName {
        self.name
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

    /// These rules with `count` blanks in a game's pool (and blanks allowed when `count > 0`).
    #[must_use]
    pub fn with_blank_tiles(mut self, count: u32) -> Rules {
        self.blank_tiles = count;
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

    /// Blanks added to the pool of a game.
    pub fn blank_tiles(&self) -> u32 {
        self.blank_tiles
    }

    /// Whether racks, boards and plays may hold blanks (`?` on a rack, a lower-case letter on the
    /// board or in a play).
    pub fn allows_blanks(&self) -> bool {
        self.blank_tiles > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn premium(x: i32, y: i32) -> Premium {
        Rules::standard().premium(Square::new(x, y).unwrap())
    }

    #[test]
    fn the_standard_board_has_the_usual_premium_squares() {
        let rules = Rules::standard();
        let count = |wanted: Premium| Square::all().filter(|&square| rules.premium(square) == wanted).count();
        assert_eq!(
            [Premium::DOUBLE_LETTER, Premium::TRIPLE_LETTER, Premium::DOUBLE_WORD, Premium::TRIPLE_WORD]
                .map(count),
            [24, 12, 17, 8]
        );
        assert_eq!(premium(0, 0), Premium::DOUBLE_WORD);
        assert_eq!(premium(-7, 7), Premium::TRIPLE_WORD);
        assert_eq!(premium(0, -7), Premium::TRIPLE_WORD);
        assert_eq!(premium(-2, 2), Premium::TRIPLE_LETTER);
        assert_eq!(premium(-4, 0), Premium::DOUBLE_LETTER);
        assert_eq!(premium(1, 0), Premium::NONE);
        // The board looks the same turned a quarter or mirrored.
        for square in Square::all() {
            let (x, y) = (square.x(), square.y());
            assert_eq!(premium(x, y), premium(-y, x), "({x}, {y})");
            assert_eq!(premium(x, y), premium(-x, y), "({x}, {y})");
        }
        assert_eq!((rules.bingo_bonus(), rules.blank_tiles()), (50, 2));
        assert!(rules.allows_blanks() && !Rules::lab().allows_blanks());
    }

    #[test]
    fn rules_are_named() {
        assert_eq!("standard".parse::<Rules>(), Ok(Rules::standard()));
        assert_eq!("lab".parse::<Rules>().map(|rules| rules.name()), Ok(RulesName::Lab));
        assert_eq!(
            "tournament".parse::<Rules>().unwrap_err().to_string(),
            "unknown rules 'tournament' (lab or standard)"
        );
        assert_eq!(Rules::standard().name().to_string(), "standard");
        assert_eq!(Rules::lab().with_bingo_bonus(50).name(), RulesName::Lab);
    }
}
