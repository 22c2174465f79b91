//! GCG game records (the Poslfit / Quackle format of Woogles, cross-tables and Quackle), read into a
//! [`GcgGame`] that holds every turn's board, rack, scores and bag, and written back
//! ([`GcgGame::to_gcg`]).
//!
//! Lines: pragmas `#player1 NICK NAME`, `#player2`, `#lexicon NAME`, `#note TEXT` (kept with the turn
//! before it; the lines after it that are neither pragmas nor events continue it), `#rack1 RACK` / `#rack2 RACK` (a player's rack at the end), `#rules lab|standard` (this
//! project's: the rules the scores follow, default `standard`); other pragmas are skipped. Events,
//! `>NICK: ...` then the points (`+74`, `-8`) and the player's new total:
//! - a play `RACK POS WORD` (`8D RETAINS` across, `D8 ...` down; tiles on the board as `.` or in
//!   parentheses; a blank in lower case);
//! - an exchange `RACK -TILES` (or `-N`, the number of tiles only), a pass `RACK -`;
//! - a phony withdrawn `RACK --` (the points take back the play just before);
//! - a challenge bonus `RACK (challenge)`, a time penalty `RACK (time)`;
//! - end-of-game rack points `(RACK)` (the opponent's tiles left, counted once or twice) and a rack
//!   penalty `RACK (RACK)` (a player's own tiles left, as the points).
//!
//! Points are `+N` or `-N` (Quackle's `+-N` is `-N`). The game ends where the rules end it
//! ([`Ending`]: a player going out, its rack recorded, or six scoreless turns in a row, a play
//! withdrawn counting as one): no play, exchange or pass may follow. End-of-game rack points and a
//! time penalty come once for each player (rack points given before the rules' end end the game
//! there), challenge bonuses no more often than plays: a record's events are bounded by a game's.
//!
//! Every inconsistency is a [`GcgError`] naming the line and what is wrong: a play that does not fit
//! the board, a score that differs from the rules' score, a rack holding tiles the bag no longer has
//! or lacking the tiles the player kept, a total that does not add up.

use std::fmt::Write;

use crate::board::rules::{Rules, RulesName};
use crate::board::run::LetterRun;
use crate::board::Board;
use crate::equity::leave::Leave;
use crate::equity::{bag_size, check_tile_counts, unseen, EXCHANGE_MIN_BAG};
use crate::lexicon::dictionary::Dictionary;
use crate::play::end::Ending;
use crate::play::notation::{format_play, parse_coordinate, parse_play};
use crate::play::{Play, Rulebook, Scored};
use crate::tiles::rack::Rack;
use crate::tiles::TileSet;

/// A GCG record that is not a consistent game: the line (1-based) and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct GcgError {
    /// The line, 1-based.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// A GCG record with no turn in it, refused before its dictionary is read: there is no game to
/// analyse ([`check_turns`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NoTurnError {
    /// The record holds nothing but white space (and perhaps a byte-order mark).
    #[error(
        "the file is empty: a game record holds one turn a line (>NICK: RACK POS WORD +POINTS TOTAL ...)"
    )]
    Empty,
    /// Every line of the record is blank or a `#` line (a pragma or a comment): no turn.
    #[error("no turn: every line is blank or a #pragma (a turn is >NICK: RACK POS WORD +POINTS TOTAL ...)")]
    NoTurn,
}

/// Whether the GCG record `text` holds a line other than blank ones and `#` lines, which
/// [`GcgGame::parse`] then reads as a turn (or refuses, naming its line). A leading byte-order mark
/// is not text.
///
/// # Errors
/// [`NoTurnError::Empty`] for a record of white space only, [`NoTurnError::NoTurn`] for one of blank
/// and `#` lines only.
pub fn check_turns(text: &str) -> Result<(), NoTurnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(NoTurnError::Empty);
    }
    if text.lines().map(str::trim).all(|line| line.is_empty() || line.starts_with('#')) {
        return Err(NoTurnError::NoTurn);
    }
    Ok(())
}

/// A player of a recorded game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcgPlayer {
    /// The nickname events are written with.
    pub nick: String,
    /// The full name (may be empty).
    pub name: String,
}

/// What happened on a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GcgEvent {
    /// Tiles laid on the board, scored by the rules; `phonies` are its new words the dictionary
    /// lacks (empty for a valid play).
    Play {
        /// The tiles from the word's first square.
        play: Play,
        /// Words formed that are not in the dictionary, main word first.
        phonies: Vec<LetterRun>,
    },
    /// Tiles thrown back into the bag, or only their number when the record hides them.
    Exchange(Result<Rack, usize>),
    /// A pass.
    Pass,
    /// The player's play just before was challenged off: its tiles go back to the rack.
    Withdrawn,
    /// Points for a challenge (the challenged play was valid).
    Challenge,
    /// Points for the opponent's tiles left at the end (counted once or twice).
    EndRack(Rack),
    /// Points lost for the player's own tiles left at the end.
    RackPenalty(Rack),
    /// Points lost on the clock.
    Time,
}

/// A turn to add to a game ([`GcgGame::record`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcgEntry {
    /// The line it comes from, named in errors (1-based; 0 for a game built in memory).
    pub line: usize,
    /// The player, 0 (first) or 1.
    pub player: usize,
    /// The player's rack before the turn (empty where unknown).
    pub rack: Rack,
    /// What happened.
    pub event: GcgEvent,
    /// The points it scored.
    pub points: i32,
}

/// One event of a recorded game, with the state before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcgTurn {
    /// The line it was read from (1-based; 0 for a game built in memory).
    pub line: usize,
    /// The player, 0 (first) or 1.
    pub player: usize,
    /// The player's rack before the turn (empty where the record gives none).
    pub rack: Rack,
    /// The board before the turn.
    pub board: Board,
    /// The tiles in the bag before the turn (the tiles not on the board or the racks).
    pub bag: usize,
    /// Both players' scores before the turn.
    pub scores: [i32; 2],
    /// What happened.
    pub event: GcgEvent,
    /// The points it scored (negative for a withdrawn play or a penalty).
    pub points: i32,
    /// `#note` lines that follow it, each with the plain lines continuing it (joined by `\n`).
    pub notes: Vec<String>,
    /// Scoreless turns in a row before it (passes, exchanges, plays scoring 0, plays withdrawn).
    pub scoreless: usize,
}

/// What closed a game: its end by the rules, or rack points that a record gives where the end
/// cannot be seen (a rack not recorded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Closed {
    /// The rules' end.
    Ended(Ending),
    /// End-of-game rack points, of this player.
    RackPoints(usize),
}

/// A recorded game: its players, lexicon and rules, and every turn with the state before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcgGame {
    /// One player (a solitaire game) or two, in `#player1`, `#player2` order.
    pub players: Vec<GcgPlayer>,
    /// The `#lexicon` line's name, if any.
    pub lexicon: Option<String>,
    /// The rules the scores follow.
    pub rules: Rules,
    /// Every event in order.
    pub turns: Vec<GcgTurn>,
    /// The board after the last turn.
    pub board: Board,
    /// Each player's score after the last turn.
    pub scores: [i32; 2],
    /// Racks known at the end (`#rack1`, `#rack2`), by player.
    pub final_racks: [Option<Rack>; 2],
    /// Per player: the tiles kept after the last play or exchange and the line of it, which the
    /// next rack must hold.
    kept: [Option<(Leave, usize)>; 2],
    /// Scoreless turns in a row after the last turn.
    scoreless: usize,
    /// What closed the game and on which line, once something has: no play, exchange or pass
    /// may follow.
    closed: Option<(Closed, usize)>,
    /// Per player, the line of its end-of-game rack points and of its time penalty, once given:
    /// each comes once.
    rack_points: [Option<usize>; 2],
    time_penalty: [Option<usize>; 2],
    /// The plays and the challenge bonuses so far: a bonus answers a play.
    plays: usize,
    challenges: usize,
    /// The player of the last play, exchange, pass or withdrawal, and its line: the other one moves
    /// next when there are two.
    last_move: Option<(usize, usize)>,
}

impl GcgGame {
    /// A game about to start between `players` (one or two) under `rules`.
    pub fn new(players: Vec<GcgPlayer>, rules: Rules, lexicon: Option<String>) -> GcgGame {
        GcgGame {
            players,
            lexicon,
            rules,
            turns: Vec::new(),
            board: Board::new(),
            scores: [0; 2],
            final_racks: [None, None],
            kept: [None, None],
            scoreless: 0,
            closed: None,
            rack_points: [None; 2],
            time_penalty: [None; 2],
            plays: 0,
            challenges: 0,
            last_move: None,
        }
    }

    /// How the game ended by the rules and on which line, if it has: a player went out (placed
    /// its last tile with the bag empty, its rack recorded), or six scoreless turns in a row.
    pub fn ending(&self) -> Option<(Ending, usize)> {
        match self.closed {
            Some((Closed::Ended(ending), line)) => Some((ending, line)),
            _ => None,
        }
    }

    /// Why no turn may follow line `line`'s `closed`, in words.
    fn closed_text(&self, closed: Closed, line: usize) -> String {
        let why = match closed {
            Closed::Ended(Ending::WentOut(player)) => match self.players.get(player) {
                Some(player) => format!("{} went out", player.nick),
                None => Ending::WentOut(player).to_string(),
            },
            Closed::Ended(ending) => ending.to_string(),
            Closed::RackPoints(player) => match self.players.get(player) {
                Some(player) => format!("{}'s end-of-game rack points", player.nick),
                None => "end-of-game rack points".to_string(),
            },
        };
        format!("the game ended at line {line}: {why}")
    }

    /// The tiles in the bag seen from `rack` with `board` in sight: the tiles on neither, less a
    /// full rack of the opponent's when there are two players.
    fn bag(&self, tiles: &TileSet, board: &Board, rack: &Rack) -> usize {
        let unseen = unseen(tiles, &self.rules, board, rack);
        if self.players.len() > 1 {
            bag_size(&unseen)
        } else {
            unseen.iter().sum::<u32>() as usize
        }
    }

    /// Adds `entry`, checked against the board and the rules with `dictionary` (a phony is allowed
    /// and marked) and `tiles`.
    ///
    /// # Errors
    /// The turn is not consistent with the game so far; the game is unchanged.
    pub fn record(
        &mut self,
        dictionary: &Dictionary,
        tiles: &TileSet,
        entry: GcgEntry,
    ) -> Result<(), GcgError> {
        let GcgEntry { line, player, rack, event, points } = entry;
        let fail = |problem: String| GcgError { line, problem };
        let rules = self.rules.clone();
        let rulebook = Rulebook { dictionary, tiles, rules: &rules };
        let value =
            |rack: &Rack| -> i32 { rack.tiles().flatten().map(|letter| tiles.value(letter) as i32).sum() };
        self.check_order(line, player, &event)?;
        // A withdrawal's rack holds the play's tiles again: they count from the board before it.
        let in_sight = match (&event, self.turns.last()) {
            (GcgEvent::Withdrawn, Some(last)) if last.player == player => &last.board,
            _ => &self.board,
        };
        check_tile_counts(tiles, &self.rules, in_sight, &rack)
            .map_err(|error| fail(format!("rack {rack}: {error}")))?;
        if let (Some((kept, from)), false) = (self.kept[player], rack.is_empty()) {
            if Leave::of_rack(&rack).minus(&kept).is_none() {
                return Err(fail(format!("the rack {rack} lacks the tiles {kept} kept on line {from}")));
            }
        }
        let mut board = self.board.clone();
        let mut kept = self.kept[player];
        let mut event = event;
        // The scoreless turns after this one, and whether it went out.
        let mut scoreless = self.scoreless;
        let mut out = false;
        match &mut event {
            GcgEvent::Play { play, phonies } => {
                let written = format_play(play, &self.board);
                let (scored, missing): (Scored, _) =
                    rulebook.check_allowing_phonies(&self.board, &rack, play).map_err(|rejection| {
                        fail(format!("{written} does not fit: {}", rejection.written(&rules)))
                    })?;
                if scored.score as i32 != points {
                    return Err(fail(format!(
                        "{written} scores {} by the rules, not {points}",
                        scored.score
                    )));
                }
                scored.apply(&mut board);
                *phonies = missing;
                let mut left = rack.clone();
                left.remove(&scored.tiles());
                out = !rack.is_empty() && left.is_empty() && self.bag(tiles, in_sight, &rack) == 0;
                scoreless = if points == 0 { scoreless + 1 } else { 0 };
                kept = Some((Leave::of_rack(&left), line));
            }
            GcgEvent::Exchange(thrown) => {
                if points != 0 {
                    return Err(fail(format!("an exchange scores 0, not {points}")));
                }
                let bag = self.bag(tiles, in_sight, &rack);
                if bag < EXCHANGE_MIN_BAG {
                    return Err(fail(format!(
                        "an exchange needs {EXCHANGE_MIN_BAG} tiles in the bag, it holds {bag}"
                    )));
                }
                scoreless += 1;
                if let Ok(thrown) = thrown {
                    let left = Leave::of_rack(&rack).minus(&Leave::of_rack(thrown));
                    let left = left.ok_or_else(|| fail(format!("the rack {rack} does not hold {thrown}")))?;
                    kept = Some((left, line));
                } else {
                    kept = None;
                }
            }
            GcgEvent::Pass => {
                if points != 0 {
                    return Err(fail(format!("a pass scores 0, not {points}")));
                }
                scoreless += 1;
                kept = (!rack.is_empty()).then(|| (Leave::of_rack(&rack), line));
            }
            GcgEvent::Withdrawn => {
                let last = self.turns.last().filter(|turn| turn.player == player);
                let Some(GcgTurn {
                    event: GcgEvent::Play { .. },
                    points: scored,
                    board: before,
                    rack: had,
                    scoreless: scoreless_before,
                    ..
                }) = last
                else {
                    return Err(fail("-- withdraws a play, and the player's last turn is none".to_string()));
                };
                if points != -scored {
                    return Err(fail(format!(
                        "withdrawing a play of {scored} takes {}, not {points}",
                        -scored
                    )));
                }
                board = before.clone();
                kept = (!had.is_empty()).then(|| (Leave::of_rack(had), line));
                // The play challenged off is a scoreless turn, and undoes an end it made.
                scoreless = scoreless_before + 1;
            }
            GcgEvent::EndRack(left) => {
                let mine = self.kept[player].map(|(kept, _)| kept).unwrap_or_default();
                let unseen = unseen(tiles, &self.rules, &self.board, &mine.to_rack());
                let expected = Leave::from_counts(std::array::from_fn(|kind| unseen[kind] as u8));
                if self.players.len() > 1 && mine.is_empty() && Leave::of_rack(left) != expected {
                    return Err(fail(format!("the tiles left are {expected}, not {left}")));
                }
                let worth = value(left);
                if points != worth && points != 2 * worth {
                    return Err(fail(format!(
                        "({left}) is worth {worth} (or {} doubled), not {points}",
                        2 * worth
                    )));
                }
            }
            GcgEvent::RackPenalty(left) => {
                if Leave::of_rack(left) != Leave::of_rack(&rack) && !rack.is_empty() {
                    return Err(fail(format!("the rack is {rack}, not {left}")));
                }
                if points != -value(left) {
                    return Err(fail(format!("({left}) loses {}, not {}", value(left), -points)));
                }
            }
            GcgEvent::Challenge | GcgEvent::Time => {}
        }
        let total = self.scores[player].checked_add(points).ok_or_else(|| {
            fail(format!("a total of {} {points:+} is beyond any score", self.scores[player]))
        })?;
        let bag = self.bag(tiles, in_sight, &rack);
        match event {
            GcgEvent::Play { .. } | GcgEvent::Exchange(_) | GcgEvent::Pass | GcgEvent::Withdrawn => {
                // Rack points close a game for good; the rules' end may be undone by a withdrawal.
                if !matches!(self.closed, Some((Closed::RackPoints(_), _))) {
                    let ending = Ending::after(scoreless, out.then_some(player));
                    self.closed = ending.map(|ending| (Closed::Ended(ending), line));
                }
                self.last_move = Some((player, line));
            }
            GcgEvent::EndRack(_) | GcgEvent::RackPenalty(_) => {
                self.rack_points[player] = Some(line);
                self.closed = self.closed.or(Some((Closed::RackPoints(player), line)));
            }
            GcgEvent::Time => self.time_penalty[player] = Some(line),
            GcgEvent::Challenge => self.challenges += 1,
        }
        if matches!(event, GcgEvent::Play { .. }) {
            self.plays += 1;
        }
        self.turns.push(GcgTurn {
            line,
            player,
            rack,
            board: std::mem::replace(&mut self.board, board),
            bag,
            scores: self.scores,
            event,
            points,
            notes: Vec::new(),
            scoreless: self.scoreless,
        });
        self.scoreless = scoreless;
        self.kept[player] = kept;
        self.scores[player] = total;
        Ok(())
    }

    /// Checks that `event` by `player` on `line` may come where it does: no play, exchange or pass
    /// once the game has ended, end-of-game rack points and a time penalty once for each player, no
    /// more challenge bonuses than plays. These bound a record's turns by the game's, whatever its
    /// length.
    fn check_order(&self, line: usize, player: usize, event: &GcgEvent) -> Result<(), GcgError> {
        let fail = |problem: String| Err(GcgError { line, problem });
        let nick = self.players.get(player).map_or("the player", |player| player.nick.as_str());
        match event {
            GcgEvent::Play { .. } | GcgEvent::Exchange(_) | GcgEvent::Pass => {
                if let Some((closed, at)) = self.closed {
                    return fail(self.closed_text(closed, at));
                }
                if let (Some((last, at)), 2) = (self.last_move, self.players.len()) {
                    if last == player {
                        let other = &self.players[1 - player].nick;
                        return fail(format!("it is {other}'s turn: {nick} moved last, at line {at}"));
                    }
                }
            }
            GcgEvent::EndRack(_) | GcgEvent::RackPenalty(_) => {
                if let Some(at) = self.rack_points[player] {
                    return fail(format!(
                        "{nick} had its end-of-game rack points at line {at}; they come once"
                    ));
                }
            }
            GcgEvent::Time => {
                if let Some(at) = self.time_penalty[player] {
                    return fail(format!("{nick} had its time penalty at line {at}; it comes once"));
                }
            }
            GcgEvent::Challenge => {
                if self.challenges >= self.plays {
                    return fail(format!(
                        "a challenge bonus answers a play, and the {} plays so far have had theirs",
                        self.plays
                    ));
                }
            }
            GcgEvent::Withdrawn => {}
        }
        Ok(())
    }

    /// Reads a GCG record under the rules of its `#rules` line (default standard), checking every
    /// play against `dictionary` (phonies are marked, not refused) and `tiles`.
    ///
    /// # Errors
    /// The first line that is not GCG or not consistent with the game so far.
    pub fn parse(text: &str, dictionary: &Dictionary, tiles: &TileSet) -> Result<GcgGame, GcgError> {
        let mut game = GcgGame::new(Vec::new(), Rules::standard(), None);
        // Whether the last line that was not blank is a note's: a plain line after it continues it.
        let mut in_note = false;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let fail = |problem: String| GcgError { line, problem };
            let raw = raw.trim();
            if let Some(pragma) = raw.strip_prefix('#') {
                let (key, value) = pragma.split_once(char::is_whitespace).unwrap_or((pragma, ""));
                game.pragma(key, value.trim()).map_err(fail)?;
                in_note = key == "note";
            } else if in_note && !raw.is_empty() && !raw.starts_with('>') {
                if let Some(note) = game.turns.last_mut().and_then(|turn| turn.notes.last_mut()) {
                    note.push('\n');
                    note.push_str(raw);
                }
            } else if let Some(event) = raw.strip_prefix('>') {
                in_note = false;
                let (nick, rest) = event.split_once(':').ok_or_else(|| fail("write >NICK: ...".into()))?;
                let player = game.player(nick.trim()).map_err(fail)?;
                let (rack, event, points, total) = parse_event(rest, &game.board).map_err(fail)?;
                game.record(dictionary, tiles, GcgEntry { line, player, rack, event, points })?;
                if game.scores[player] != total {
                    return Err(fail(format!(
                        "the total after {points:+} is {}, not {total}",
                        game.scores[player]
                    )));
                }
            } else if !raw.is_empty() {
                return Err(fail(format!("not a GCG line (#pragma or >NICK: event): {}", shorten(raw))));
            }
        }
        Ok(game)
    }

    fn pragma(&mut self, key: &str, value: &str) -> Result<(), String> {
        match key {
            "player1" | "player2" => {
                let (nick, name) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
                let index = usize::from(key == "player2");
                if nick.is_empty() || self.players.len() != index {
                    return Err(format!("#{key} needs a nick, after #player1 for #player2"));
                }
                if self.players.iter().any(|player| player.nick == nick) {
                    return Err(format!(
                        "#{key}: {} is #player1's nick too; each player needs its own",
                        shorten(nick)
                    ));
                }
                self.players.push(GcgPlayer { nick: nick.to_string(), name: name.trim().to_string() });
            }
            "lexicon" => self.lexicon = Some(value.to_string()),
            "rules" => {
                if !self.turns.is_empty() {
                    return Err("#rules comes before the first turn".into());
                }
                self.rules = value.parse::<Rules>().map_err(|error| format!("#rules: {error}"))?;
            }
            "note" => {
                if let Some(turn) = self.turns.last_mut() {
                    turn.notes.push(value.to_string());
                }
            }
            "rack1" | "rack2" => {
                let rack: Rack = value.parse().map_err(|error| format!("#{key}: {error}"))?;
                self.final_racks[usize::from(key == "rack2")] = Some(rack);
            }
            _ => {}
        }
        Ok(())
    }

    /// The index of the player called `nick`; a nick not seen yet becomes the next player when the
    /// record has no `#player` lines for it.
    fn player(&mut self, nick: &str) -> Result<usize, String> {
        if let Some(index) = self.players.iter().position(|player| player.nick == nick) {
            return Ok(index);
        }
        if nick.is_empty() {
            return Err("no nick before the ':' (write >NICK: and the event)".to_string());
        }
        if self.players.len() >= 2 {
            return Err(format!("{} is neither player's nick", shorten(nick)));
        }
        self.players.push(GcgPlayer { nick: nick.to_string(), name: String::new() });
        Ok(self.players.len() - 1)
    }

    /// The record as GCG text: the pragmas, then one line per turn (and its notes), which
    /// [`GcgGame::parse`] reads back into the same game.
    pub fn to_gcg(&self) -> String {
        let mut text = String::from("#character-encoding UTF-8\n");
        for (index, player) in self.players.iter().enumerate() {
            let _ = writeln!(
                text,
                "{}",
                format!("#player{} {} {}", index + 1, player.nick, player.name).trim_end()
            );
        }
        if let Some(lexicon) = &self.lexicon {
            let _ = writeln!(text, "#lexicon {lexicon}");
        }
        if self.rules.name() != RulesName::Standard {
            let _ = writeln!(text, "#rules {}", self.rules.name());
        }
        let mut scores = [0; 2];
        for turn in &self.turns {
            scores[turn.player] += turn.points;
            let rack = &turn.rack;
            let what = match &turn.event {
                GcgEvent::Play { play, .. } => format!("{rack} {}", format_play(play, &turn.board)),
                GcgEvent::Exchange(Ok(thrown)) => format!("{rack} -{thrown}"),
                GcgEvent::Exchange(Err(count)) => format!("{rack} -{count}"),
                GcgEvent::Pass => format!("{rack} -"),
                GcgEvent::Withdrawn => format!("{rack} --"),
                GcgEvent::Challenge => format!("{rack} (challenge)"),
                GcgEvent::EndRack(left) => format!("({left})"),
                GcgEvent::RackPenalty(left) => format!("{left} ({left})"),
                GcgEvent::Time => format!("{rack} (time)"),
            };
            let nick = &self.players[turn.player].nick;
            let _ =
                writeln!(text, ">{nick}: {} {:+} {}", what.trim_start(), turn.points, scores[turn.player]);
            for note in &turn.notes {
                let _ = writeln!(text, "#note {note}");
            }
        }
        for (index, rack) in self.final_racks.iter().enumerate() {
            if let Some(rack) = rack {
                let _ = writeln!(text, "#rack{} {rack}", index + 1);
            }
        }
        text
    }
}

/// A long text cut to 40 characters for a message.
pub(crate) fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push_str("...");
    }
    short
}

/// Reads what follows `>NICK:`: the rack (empty when absent), the event, the points and the total.
fn parse_event(text: &str, board: &Board) -> Result<(Rack, GcgEvent, i32, i32), String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let missing = || {
        format!(
            "{} ends without the points and the new total (an event ends with both, as +14 14)",
            shorten(text.trim())
        )
    };
    let [body @ .., points, total] = &words[..] else {
        return Err(if words.is_empty() {
            "nothing follows the ':' (an event is a rack, what it does, the points and the new total, as ABC 8H CAB +14 14)"
                .to_string()
        } else {
            missing()
        });
    };
    // Words after the points and the total (Quackle's older records list the words formed there)
    // are named as such rather than read as the points.
    let trailing = || {
        let is_total = |text: &str| {
            let digits = text.strip_prefix('-').unwrap_or(text);
            !digits.is_empty() && digits.bytes().all(|byte| byte.is_ascii_digit())
        };
        let at = words.windows(2).position(|pair| parse_points(pair[0]).is_ok() && is_total(pair[1]))?;
        let after = words[at + 2..].join(" ");
        let (points, total) = (words[at], words[at + 1]);
        Some(format!(
            "{} follows the points and the total {points} {total}: an event ends with them",
            shorten(&after)
        ))
    };
    let (points, total) = match (parse_points(points), total.parse::<i32>()) {
        (Ok(points), Ok(total)) => (points, total),
        read => {
            return Err(trailing().unwrap_or_else(|| match read {
                // Totals are written without a sign: a last word with a plus is the points.
                (Err(_), Ok(_)) if total.starts_with('+') => format!(
                    "{} ends with the points {total} and no new total after them (an event ends with both, as +14 14)",
                    shorten(text.trim())
                ),
                (Err(_), Err(_)) => missing(),
                (Err(error), Ok(_)) => error,
                _ => format!("the total {} is not a number", shorten(total)),
            }));
        }
    };
    let rack_of = |text: &str| -> Result<Rack, String> {
        text.parse::<Rack>().map_err(|error| format!("rack {}: {error}", shorten(text)))
    };
    let inner =
        |text: &str| text.strip_prefix('(').and_then(|text| text.strip_suffix(')')).map(str::to_string);
    let (rack, event) = match body {
        [single] if inner(single).is_some_and(|inner| inner != "challenge" && inner != "time") => {
            (Rack::default(), GcgEvent::EndRack(rack_of(&inner(single).unwrap_or_default())?))
        }
        [what] | [_, what] if *what == "(challenge)" || *what == "(time)" => {
            let rack = if body.len() == 2 { rack_of(body[0])? } else { Rack::default() };
            (rack, if *what == "(challenge)" { GcgEvent::Challenge } else { GcgEvent::Time })
        }
        [rack, "-"] => (rack_of(rack)?, GcgEvent::Pass),
        [rack, "--"] => (rack_of(rack)?, GcgEvent::Withdrawn),
        [rack, left] if inner(left).is_some() => {
            (rack_of(rack)?, GcgEvent::RackPenalty(rack_of(&inner(left).unwrap_or_default())?))
        }
        [rack, thrown] if thrown.starts_with('-') => {
            let thrown = &thrown[1..];
            let event = match thrown.parse::<usize>() {
                Ok(count) => GcgEvent::Exchange(Err(count)),
                Err(_) => GcgEvent::Exchange(Ok(rack_of(thrown)?)),
            };
            (rack_of(rack)?, event)
        }
        [rack, position, word] if parse_coordinate(position).is_some() => {
            let play = parse_play(&format!("{position} {word}"), board)
                .map_err(|error| format!("{position} {}: {error}", shorten(word)))?;
            (rack_of(rack)?, GcgEvent::Play { play, phonies: Vec::new() })
        }
        _ => {
            return Err(format!(
                "not an event: {} (RACK POS WORD, RACK -TILES, RACK -, RACK --, RACK (challenge), (RACK), \
                 RACK (RACK) or RACK (time))",
                shorten(&body.join(" "))
            ))
        }
    };
    Ok((rack, event, points, total))
}

/// `+74` or `-8`: a sign, then a number; Quackle's `+-15` is -15.
fn parse_points(text: &str) -> Result<i32, String> {
    let bad = || format!("the points {} are not +N or -N", shorten(text));
    let (sign, digits) = if let Some(digits) = text.strip_prefix("+-") {
        (-1, digits)
    } else if let Some(digits) = text.strip_prefix('+') {
        (1, digits)
    } else if let Some(digits) = text.strip_prefix('-') {
        (-1, digits)
    } else {
        return Err(bad());
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(bad());
    }
    digits.parse::<i32>().map(|points| sign * points).map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_without_a_turn_is_refused_as_empty_or_as_holding_no_turn() {
        for empty in ["", "\n\n   \n", "\u{feff}", "\u{feff}\r\n\t\n"] {
            assert_eq!(check_turns(empty), Err(NoTurnError::Empty), "{empty:?}");
        }
        assert_eq!(
            NoTurnError::Empty.to_string(),
            "the file is empty: a game record holds one turn a line (>NICK: RACK POS WORD +POINTS TOTAL ...)"
        );
        for no_turn in ["# just a comment\n", "\u{feff}#player1 a\n\n#player2 b\n  #lexicon w.txt\n"] {
            assert_eq!(check_turns(no_turn), Err(NoTurnError::NoTurn), "{no_turn:?}");
        }
        assert_eq!(
            NoTurnError::NoTurn.to_string(),
            "no turn: every line is blank or a #pragma (a turn is >NICK: RACK POS WORD +POINTS TOTAL ...)"
        );
        // A turn, or a line that is not GCG (which the reader refuses naming its line), is past this check.
        assert_eq!(check_turns("#player1 a\n>a: ABCDEFG - +0 0\n"), Ok(()));
        assert_eq!(check_turns("hello world\n"), Ok(()));
    }
}
