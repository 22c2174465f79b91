//! The organiser's constraints on a round: pairings pinned (`--fix "T:A-B"`, played in every round
//! found) and pairings excluded (`--forbid "T:A-B"`). Both become a smaller instance, so every solver
//! takes them without knowing of them.

use std::collections::HashSet;
use std::fmt;
use std::num::IntErrorKind;
use std::str::FromStr;

use crate::instance::{Instance, Pairing};

/// A pairing named by the organiser: players `a` and `b`, in either order, at `table`; written
/// `T:A-B` (such as `0:1-2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pin {
    /// The table `T`.
    pub table: u64,
    /// One player, `A`.
    pub a: u64,
    /// The other player, `B`.
    pub b: u64,
}

impl Pin {
    /// The pin as a pairing, `a` first.
    fn pairing(&self) -> Pairing {
        Pairing { first: self.a, second: self.b, table: self.table }
    }

    /// Whether `pairing` plays this pin's two players (in either order) at its table.
    fn matches(&self, pairing: &Pairing) -> bool {
        pairing.table == self.table
            && ((pairing.first, pairing.second) == (self.a, self.b)
                || (pairing.first, pairing.second) == (self.b, self.a))
    }

    /// The item of `pairing` that this pin also uses, if any: its table, or a player.
    fn shared_item(&self, pairing: &Pairing) -> Option<Item> {
        if pairing.table == self.table {
            return Some(Item::Table(self.table));
        }
        [pairing.first, pairing.second]
            .into_iter()
            .find(|&player| player == self.a || player == self.b)
            .map(Item::Player)
    }
}

impl fmt::Display for Pin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}-{}", self.table, self.a, self.b)
    }
}

impl FromStr for Pin {
    type Err = String;

    /// Reads `T:A-B` with decimal numbers, such as `0:1-2`, each at most [`u64::MAX`] (a number of
    /// the right shape beyond it is said to be too large, naming the limit).
    fn from_str(text: &str) -> Result<Pin, String> {
        let shape = || format!("`{text}` is not T:A-B (table, then the two players, such as 0:1-2)");
        let (table, players) = text.split_once(':').ok_or_else(shape)?;
        let (a, b) = players.split_once('-').ok_or_else(shape)?;
        let number = |part: &str, what: &str| {
            let part = part.trim();
            part.parse::<u64>().map_err(|error| match error.kind() {
                IntErrorKind::PosOverflow => {
                    format!("`{text}`: {what} {part} is too large (a pin's numbers go up to {})", u64::MAX)
                }
                _ => shape(),
            })
        };
        let pin = Pin { table: number(table, "table")?, a: number(a, "player")?, b: number(b, "player")? };
        if pin.a == pin.b {
            return Err(format!("`{text}`: the players are the same"));
        }
        Ok(pin)
    }
}

/// A table or a player: what a pin can leave without a pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Item {
    /// A table.
    Table(u64),
    /// A player.
    Player(u64),
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Table(table) => write!(f, "table {table}"),
            Item::Player(player) => write!(f, "player {player}"),
        }
    }
}

/// Why the pins cannot hold in any round.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PinError {
    /// The pin names a table or player the instance does not have.
    #[error("{}", self.describe("pin"))]
    OutOfRange {
        /// The pin.
        pin: Pin,
        /// The table or player out of range.
        item: Item,
    },
    /// No allowable pairing (left by `--forbid`) plays the pin.
    #[error("{}", self.describe("pin"))]
    NotAllowed {
        /// The pin.
        pin: Pin,
    },
    /// The pin and an earlier one use the same table or player.
    #[error("{}", self.describe("pin"))]
    Clash {
        /// The pin.
        pin: Pin,
        /// The earlier pin.
        earlier: Pin,
        /// The item both use.
        item: Item,
    },
    /// With the pins played, some table or player has no allowable pairing left.
    #[error("{}", self.describe("pin"))]
    Uncovered {
        /// The last pin to take a pairing from the item.
        pin: Pin,
        /// The item left without a pairing.
        item: Item,
    },
}

impl PinError {
    /// The error with each pin named after `word`: `pin` in the library's own words (its
    /// [`Display`](std::fmt::Display)), `--fix` on the command line.
    pub fn describe(&self, word: &str) -> String {
        match self {
            PinError::OutOfRange { pin, item } => format!("{word} {pin}: {item} is outside the allowable range"),
            PinError::NotAllowed { pin } => format!(
                "{word} {pin}: not an allowable pairing (no line {a},{b},{t} or {b},{a},{t})",
                a = pin.a,
                b = pin.b,
                t = pin.table
            ),
            PinError::Clash { pin, earlier, item } => {
                format!("{word} {pin}: {item} is already pinned by {word} {earlier}")
            }
            PinError::Uncovered { pin, item } => format!(
                "{word} {pin} leaves {item} uncovered: each of its pairings shares a table or player with a pin"
            ),
        }
    }
}

/// Pins and exclusions, applied to an instance by [`Pins::apply`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pins {
    /// Pairings every round must play.
    pub fix: Vec<Pin>,
    /// Pairings no round may play.
    pub forbid: Vec<Pin>,
}

impl Pins {
    /// Whether there is nothing to apply.
    pub fn is_empty(&self) -> bool {
        self.fix.is_empty() && self.forbid.is_empty()
    }

    /// The instance whose rounds are exactly the rounds of `instance` that play every fixed pairing
    /// and no forbidden one: the forbidden pairings and those sharing a table or player with a fixed
    /// one (other than the fixed pairing itself) are left out; the rest keep their file order. A
    /// forbidden pairing the instance lacks changes nothing.
    ///
    /// ```
    /// use solvebatch_tournament::{parse, Pins};
    ///
    /// let instance = parse("2\n0,1,0\n2,3,0\n2,3,1\n0,1,1\n").unwrap();
    /// let pins = Pins { fix: vec!["1:1-0".parse().unwrap()], forbid: vec![] };
    /// assert_eq!(pins.apply(&instance).unwrap().pairings, parse("2\n2,3,0\n0,1,1\n").unwrap().pairings);
    /// let clash = Pins { fix: vec!["1:1-0".parse().unwrap(), "0:0-1".parse().unwrap()], forbid: vec![] };
    /// assert_eq!(clash.apply(&instance).unwrap_err().to_string(),
    ///            "pin 0:0-1: player 0 is already pinned by pin 1:1-0");
    /// ```
    ///
    /// # Errors
    /// A [`PinError`] naming the first pin (in the order given) that no round can play, and the table
    /// or player it leaves uncovered.
    pub fn apply(&self, instance: &Instance) -> Result<Instance, PinError> {
        for &pin in &self.fix {
            let players = instance.players();
            let out = [(pin.table >= instance.tables).then_some(Item::Table(pin.table))]
                .into_iter()
                .chain([pin.a, pin.b].map(|player| (player >= players).then_some(Item::Player(player))))
                .flatten()
                .next();
            if let Some(item) = out {
                return Err(PinError::OutOfRange { pin, item });
            }
        }
        let mut kept: Vec<Pairing> = instance
            .pairings
            .iter()
            .filter(|p| !self.forbid.iter().any(|pin| pin.matches(p)))
            .copied()
            .collect();
        for (index, &pin) in self.fix.iter().enumerate() {
            if let Some((earlier, item)) = self.fix[..index]
                .iter()
                .find_map(|earlier| Some((*earlier, earlier.shared_item(&pin.pairing())?)))
            {
                return Err(PinError::Clash { pin, earlier, item });
            }
            if !kept.iter().any(|p| pin.matches(p)) {
                return Err(PinError::NotAllowed { pin });
            }
            let before: HashSet<Item> = items(&kept).collect();
            kept.retain(|p| pin.matches(p) || pin.shared_item(p).is_none());
            let after: HashSet<Item> = items(&kept).collect();
            // Only a coverable instance can be missing an item; a huge one has no round anyway.
            if instance.tables_if_coverable().is_some() {
                if let Some(item) =
                    items(&instance.pairings).find(|item| before.contains(item) && !after.contains(item))
                {
                    return Err(PinError::Uncovered { pin, item });
                }
            }
        }
        Ok(Instance { tables: instance.tables, pairings: kept })
    }
}

/// The tables and players the pairings use, with repeats.
fn items(pairings: &[Pairing]) -> impl Iterator<Item = Item> + '_ {
    pairings.iter().flat_map(|p| [Item::Table(p.table), Item::Player(p.first), Item::Player(p.second)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use crate::round::format;
    use crate::solver::Limits;
    use crate::solvers::solvers;

    /// Two rounds: 0-1, 2-3, 4-5 at tables 0, 1, 2, and 2-3, 4-5, 0-1.
    const TWO_ROUNDS: &str = "3\n0,1,0\n2,3,0\n2,3,1\n4,5,1\n4,5,2\n0,1,2\n";
    const FIRST: &str = "Table 0: 0 vs. 1\nTable 1: 2 vs. 3\nTable 2: 4 vs. 5\n";
    const SECOND: &str = "Table 0: 2 vs. 3\nTable 1: 4 vs. 5\nTable 2: 0 vs. 1\n";

    fn pins(fix: &[&str], forbid: &[&str]) -> Pins {
        let read = |list: &[&str]| list.iter().map(|text| text.parse().unwrap()).collect();
        Pins { fix: read(fix), forbid: read(forbid) }
    }

    /// The answer of every solver with `pins` applied, or the pins' error.
    fn answers(fix: &[&str], forbid: &[&str]) -> Result<Vec<String>, String> {
        let instance =
            pins(fix, forbid).apply(&parse(TWO_ROUNDS).unwrap()).map_err(|e| e.describe("--fix"))?;
        Ok(solvers()
            .iter()
            .map(|solver| {
                format(&instance, solver.solve(&instance, &Limits::default()).unwrap().round.as_ref())
            })
            .collect())
    }

    #[test]
    fn pins_and_exclusions_pick_the_round_worked_out_by_hand() {
        let every = |answer: &str| Ok(vec![answer.to_string(); solvers().len()]);
        assert_eq!(answers(&[], &[]).unwrap()[0], FIRST, "backtrack takes the first round");
        assert_eq!(answers(&["0:3-2"], &[]), every(SECOND));
        assert_eq!(answers(&["2:4-5"], &[]), every(FIRST));
        assert_eq!(answers(&[], &["1:2-3"]), every(SECOND));
        assert_eq!(answers(&[], &["2:5-4"]), every(SECOND));
        assert_eq!(answers(&[], &["0:0-1", "0:2-3"]), every("No tournament found.\n"));
        // Forbidding a pairing that is not there changes nothing (the instance itself is compared:
        // portfolio's round may differ from one solve to the next).
        let instance = parse(TWO_ROUNDS).unwrap();
        assert_eq!(pins(&[], &["0:0-7"]).apply(&instance), Ok(instance), "a pairing that is not there");
    }

    #[test]
    fn an_impossible_pin_names_what_it_leaves_uncovered() {
        assert_eq!(
            answers(&["0:0-1", "1:4-5"], &[]),
            Err("--fix 1:4-5 leaves player 2 uncovered: each of its pairings shares a table or player \
                 with a pin"
                .to_string())
        );
        assert_eq!(
            answers(&["0:1-3"], &[]),
            Err("--fix 0:1-3: not an allowable pairing (no line 1,3,0 or 3,1,0)".to_string())
        );
        assert_eq!(
            answers(&["0:0-1"], &["0:1-0"]),
            Err("--fix 0:0-1: not an allowable pairing (no line 0,1,0 or 1,0,0)".to_string())
        );
        assert_eq!(
            answers(&["0:0-1", "2:1-5"], &[]),
            Err("--fix 2:1-5: player 1 is already pinned by --fix 0:0-1".to_string())
        );
        assert_eq!(
            answers(&["0:0-1", "0:2-3"], &[]),
            Err("--fix 0:2-3: table 0 is already pinned by --fix 0:0-1".to_string())
        );
        assert_eq!(
            answers(&["3:0-1"], &[]),
            Err("--fix 3:0-1: table 3 is outside the allowable range".to_string())
        );
        assert_eq!(
            answers(&["0:0-6"], &[]),
            Err("--fix 0:0-6: player 6 is outside the allowable range".to_string())
        );
    }

    #[test]
    fn a_pin_reads_as_t_colon_a_dash_b() {
        assert_eq!("4:10-2".parse(), Ok(Pin { table: 4, a: 10, b: 2 }));
        assert_eq!(
            "4-10:2".parse::<Pin>(),
            Err("`4-10:2` is not T:A-B (table, then the two players, such as 0:1-2)".to_string())
        );
        assert_eq!("0:3-3".parse::<Pin>(), Err("`0:3-3`: the players are the same".to_string()));
        assert_eq!("18446744073709551615:0-1".parse::<Pin>().map(|pin| pin.table), Ok(u64::MAX));
        assert_eq!(
            "0:1-18446744073709551616".parse::<Pin>(),
            Err("`0:1-18446744073709551616`: player 18446744073709551616 is too large (a pin's numbers go up \
                 to 18446744073709551615)"
                .to_string())
        );
    }

    #[test]
    fn a_huge_instance_takes_a_pin_without_memory_for_its_tables() {
        let instance = parse("1000000000000\n0,1,5\n2,3,7\n").unwrap();
        let pinned = pins(&["5:1-0"], &[]).apply(&instance).unwrap();
        assert_eq!(pinned.pairings, instance.pairings);
    }
}
