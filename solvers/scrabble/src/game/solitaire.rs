//! The solitaire game's dialogue, over any text input and output (a terminal, a pipe, a test).
//!
//! Each turn: the rack is filled to 7 from the pool; the board, the rack with each tile's value and
//! the score are printed; the player says whether to play (again, after the first turn), then gives the letters, the start
//! square and the direction. A valid play is scored and its tiles leave the rack; a rejected play gets
//! a hint (the same letters elsewhere, or, when they fit nowhere, the best plays of the rack, ranked
//! by [`SolitaireGame::ranking`]: by default by equity under the standard rules). An answer
//! that cannot be a play (an unknown direction, a square off the board, letters not on the rack) is
//! explained and asked again, and so is an answer longer than `ANSWER_LIMIT` bytes, whose line is
//! skipped unread. The game ends at "no", at the end of the input, or when the rack and the pool are
//! empty, with the final score.
//!
//! Under the standard rules the game speaks as Scrabble players do (see [`crate::play::notation`]): the
//! board shows columns `A`–`O`, rows `1`–`15` and the premium squares; the play may be answered whole
//! at the letters prompt (`8H WORD` across, `H8 WORD` down, or `LETTERS x y direction`), `pass` (or
//! `-`) and `exchange LETTERS` (or `-LETTERS`, `?` a blank; at least 7 tiles in the bag) are turns
//! too, plays and hints are written in that notation, and six scoreless turns in a row
//! ([`SCORELESS_TURNS_TO_END`]) end the game.

use std::io::{self, BufRead, Read, Write};

use crate::board::rules::RulesName;
use crate::board::{Direction, Square};
use crate::equity::leave::LeaveTable;
use crate::game::desk::{self, candidates, listing};
use crate::game::SolitaireGame;
use crate::play::end::SCORELESS_TURNS_TO_END;
use crate::play::hint::Hint;
use crate::play::notation::{board_text, parse_square_name, written_play};
use crate::play::{Play, PlayParseError, Rejection};
use crate::quote::quote;
use crate::tiles::letter::Tile;

/// The longest answer line read, in bytes, its line end included: every valid answer is far shorter,
/// and a longer line is not kept in memory.
pub(crate) const ANSWER_LIMIT: u64 = 1 << 10;

/// Plays `game` to its end, reading answers from `input` and writing the dialogue to `output`;
/// `hint_top` is how many best plays a hint of other letters shows. Returns the final score.
///
/// # Errors
/// Reading `input` or writing `output` failed.
pub fn run_solitaire(
    game: &mut SolitaireGame,
    hint_top: usize,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<u32> {
    let mut dialogue = Dialogue { input: &mut input, output: &mut output };
    let standard = game.rulebook().rules.name() == RulesName::Standard;
    let mut first = true;
    loop {
        game.refill();
        let out = &mut dialogue.output;
        if standard {
            write!(out, "{}", board_text(game.board(), game.rulebook().rules))?;
        } else {
            write!(out, "{}", game.board())?;
        }
        if game.rack().is_empty() {
            writeln!(out, "the rack and the pool are empty")?;
            break;
        }
        if game.is_over() {
            writeln!(out, "{SCORELESS_TURNS_TO_END} scoreless turns in a row end the game")?;
            break;
        }
        write_rack(game, standard, out)?;
        writeln!(out, "score: {}", game.score())?;
        if standard {
            let tiles = if game.pool_len() == 1 { "tile" } else { "tiles" };
            writeln!(out, "bag: {} {tiles}", game.pool_len())?;
        }
        match dialogue.turn(game, hint_top, standard, first)? {
            Turn::Played => first = false,
            Turn::Stop => break,
            Turn::EndOfInput => {
                writeln!(dialogue.output)?;
                break;
            }
        }
    }
    writeln!(dialogue.output, "final score: {}", game.score())?;
    dialogue.output.flush()?;
    Ok(game.score())
}

/// A direction as a player answers it: the spec's `horizontal` or `vertical`, or `across` or `down`,
/// the words of the play prompt (`8H WORD across`), in any case.
fn direction_answer(text: &str) -> Result<Direction, crate::board::DirectionError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "across" => Ok(Direction::Horizontal),
        "down" => Ok(Direction::Vertical),
        _ => text.parse(),
    }
}

/// How a turn ended.
enum Turn {
    /// A play was tried (valid or rejected).
    Played,
    /// The player answered no.
    Stop,
    /// The input ended.
    EndOfInput,
}

/// An answer, or the end of the input.
type Answer<T> = io::Result<Option<T>>;

struct Dialogue<'a, R, W> {
    input: &'a mut R,
    output: &'a mut W,
}

impl<R: BufRead, W: Write> Dialogue<'_, R, W> {
    /// One turn: whether to play (`play?` on the `first` turn, `play again?` after it), then the play.
    fn turn(
        &mut self,
        game: &mut SolitaireGame,
        hint_top: usize,
        standard: bool,
        first: bool,
    ) -> io::Result<Turn> {
        let question = if first { "play? (yes or no) " } else { "play again? (yes or no) " };
        let Some(again) = self.ask(question, yes_or_no)? else {
            return Ok(Turn::EndOfInput);
        };
        if !again {
            return Ok(Turn::Stop);
        }
        let blanks = game.rulebook().rules.allows_blanks();
        let rack = game.rack().clone();
        let letters = |text: &str| desk::rack_letters(text, &rack, blanks).map(TurnAnswer::Letters);
        let answer = if standard {
            let (board, pool) = (game.board(), game.pool_len());
            let answer = |text: &str| {
                desk::standard_answer(text, board, &rack, pool)
                    .map(|whole| whole.map(TurnAnswer::Whole))
                    .unwrap_or_else(|| letters(text))
            };
            self.ask("play (8H WORD across, H8 WORD down, or letters; pass; exchange LETTERS): ", answer)?
        } else {
            self.ask("letters: ", letters)?
        };
        let play = match answer {
            None => return Ok(Turn::EndOfInput),
            Some(TurnAnswer::Whole(desk::TurnAnswer::Pass)) => {
                game.pass();
                writeln!(self.output, "pass: 0")?;
                return Ok(Turn::Played);
            }
            Some(TurnAnswer::Whole(desk::TurnAnswer::Exchange(tiles))) => {
                game.exchange(&tiles).expect("an exchange checked when asked");
                writeln!(self.output, "exchange {tiles}: 0")?;
                return Ok(Turn::Played);
            }
            Some(TurnAnswer::Whole(desk::TurnAnswer::Play(play))) => play,
            Some(TurnAnswer::Letters(tiles)) => {
                let prompt = if standard { "start square (x y, or H8): " } else { "start square (x y): " };
                let square = |text: &str| start_square(text, standard);
                let Some(start) = self.ask(prompt, square)? else { return Ok(Turn::EndOfInput) };
                let direction = |text: &str| direction_answer(text).map_err(|error| error.to_string());
                let Some(direction) = self.ask("direction (horizontal or vertical): ", direction)? else {
                    return Ok(Turn::EndOfInput);
                };
                Play { tiles, x: start.x(), y: start.y(), direction }
            }
        };
        // Under the standard rules, the play as players write it on the board before it is made.
        let written = written_play(&play, game.board(), game.rulebook().rules);
        let out = &mut self.output;
        match game.play(&play) {
            Ok(scored) => {
                writeln!(out, "play {written}: {}", scored.score)?;
                let words: Vec<String> = scored.words.iter().map(ToString::to_string).collect();
                writeln!(out, "words: {}", words.join(", "))?;
            }
            Err(rejection) => {
                writeln!(out, "play {written}: rejected: {}", rejection.written(game.rulebook().rules))?;
                let hint = game.hint(&play);
                writeln!(out, "{}", hint.written(game.board(), game.rulebook().rules))?;
                if matches!(hint, Hint::OtherLetters { .. }) {
                    let (board, rack) = (game.board(), game.rack());
                    let (table, bag) = (LeaveTable::standard(), game.pool_len());
                    let listed = listing(
                        &candidates(game.rulebook(), table, board, rack, bag, game.ranking(), hint_top),
                        hint_top,
                    );
                    write!(out, "{listed}")?;
                }
            }
        }
        Ok(Turn::Played)
    }

    /// Asks `prompt` until `read` accepts the answer, printing why it does not; `None` at the end of
    /// the input. Bytes that are not UTF-8 read as U+FFFD, which no answer accepts. Of a line longer
    /// than [`ANSWER_LIMIT`] bytes, the rest is skipped without being kept.
    fn ask<T>(&mut self, prompt: &str, read: impl Fn(&str) -> Result<T, String>) -> Answer<T> {
        let mut line = Vec::new();
        loop {
            write!(self.output, "{prompt}")?;
            self.output.flush()?;
            line.clear();
            let length = (&mut *self.input).take(ANSWER_LIMIT).read_until(b'\n', &mut line)?;
            if length == 0 {
                return Ok(None);
            }
            if length as u64 == ANSWER_LIMIT && !line.ends_with(b"\n") {
                self.input.skip_until(b'\n')?;
                writeln!(self.output, "the answer is longer than {ANSWER_LIMIT} bytes")?;
                continue;
            }
            match read(String::from_utf8_lossy(&line).trim()) {
                Ok(value) => return Ok(Some(value)),
                Err(message) => writeln!(self.output, "{message}")?,
            }
        }
    }
}

/// What the player answered at the letters prompt.
enum TurnAnswer {
    /// Rack letters: the start square and direction follow.
    Letters(Vec<Tile>),
    /// A whole turn.
    Whole(desk::TurnAnswer),
}

/// The rack line (each tile with its value, a blank as `?`) and how to play a blank: under the
/// standard rules always, else when the rack holds one.
fn write_rack(game: &SolitaireGame, standard: bool, out: &mut impl Write) -> io::Result<()> {
    let values = game.rulebook().tiles;
    let tiles: Vec<String> = game
        .rack()
        .tiles()
        .map(|tile| match tile {
            Some(letter) => format!("{letter}({})", values.value(letter)),
            None => "?(0)".to_string(),
        })
        .collect();
    writeln!(out, "rack: {}", tiles.join(" "))?;
    if standard {
        writeln!(
            out,
            "(? is a blank, worth 0; in a play a lower-case letter is a blank standing for that letter)"
        )?;
    } else if game.rack().blanks() > 0 {
        writeln!(out, "(play a blank as the lower-case letter it stands for)")?;
    }
    Ok(())
}

fn yes_or_no(text: &str) -> Result<bool, String> {
    match text.to_ascii_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "n" | "no" => Ok(false),
        _ => Err("please answer yes or no".to_string()),
    }
}

/// `x y`, two integers naming a square of the board; under the standard rules also its name (`H8`).
fn start_square(text: &str, standard: bool) -> Result<Square, String> {
    if let Some(square) = parse_square_name(text).filter(|_| standard) {
        return Ok(square);
    }
    let [x, y] = text.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err("write the start square as two integers x y, each from -7 to 7, for example 0 -1".into());
    };
    let coordinate = |axis: char, text: &str| {
        text.parse::<i32>().map_err(|_| PlayParseError::Coordinate { axis, text: quote(text) }.to_string())
    };
    let (x, y) = (coordinate('x', x)?, coordinate('y', y)?);
    Square::new(x, y).ok_or_else(|| Rejection::StartOutside { x, y }.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::rules::Rules;
    use crate::board::Board;
    use crate::equity::Ranking;
    use crate::lexicon::dictionary::Dictionary;
    use crate::play::Rulebook;
    use crate::tiles::TileSet;

    /// The printed board with `rows` (`(y, 15 squares)`) filled and every other row empty.
    fn printed(rows: &[(i32, &str)]) -> String {
        let mut text = String::from(" 765432101234567\n");
        for y in (-7..=7).rev() {
            let squares =
                rows.iter().find(|(row, _)| *row == y).map_or("               ", |(_, squares)| squares);
            text.push_str(&format!("{}{squares}{}\n", y.abs(), y.abs()));
        }
        text + " 765432101234567\n"
    }

    /// The standard rules' letters prompt.
    const STANDARD_PROMPT: &str = "play (8H WORD across, H8 WORD down, or letters; pass; exchange LETTERS): ";

    /// The standard rules' line on blanks under the rack.
    const BLANKS: &str =
        "(? is a blank, worth 0; in a play a lower-case letter is a blank standing for that letter)\n";

    /// The board printed under the standard rules with each `(x, y, tiles)` laid across from `(x, y)`
    /// (a lower-case letter a blank).
    fn standard_board(words: &[(i32, i32, &str)]) -> String {
        let mut board = crate::board::Board::new();
        for &(x, y, word) in words {
            for (i, c) in word.chars().enumerate() {
                let letter = crate::tiles::letter::Letter::from_char(c.to_ascii_uppercase()).unwrap();
                board.place(
                    Square::new(x + i as i32, y).unwrap(),
                    Tile { letter, blank: c.is_ascii_lowercase() },
                );
            }
        }
        board_text(&board, &Rules::standard())
    }

    /// The whole dialogue of a game with `words`, `tiles` and `rules`, seed 1 and hints of 3 plays,
    /// given `answers` (one a line).
    fn dialogue(words: &str, tiles: &str, rules: Rules, answers: &str) -> String {
        let ranking = Ranking::default_for(&rules);
        ranked_dialogue(words, tiles, rules, ranking, answers)
    }

    /// [`dialogue`] with the suggestions ranked by `ranking`.
    fn ranked_dialogue(words: &str, tiles: &str, rules: Rules, ranking: Ranking, answers: &str) -> String {
        let dictionary = Dictionary::from_text(words.as_bytes().to_vec());
        let tiles = TileSet::parse(tiles).unwrap();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let mut game = SolitaireGame::new(rulebook, 1).unwrap();
        game.set_ranking(ranking);
        let mut output = Vec::new();
        run_solitaire(&mut game, 3, answers.as_bytes(), &mut output).unwrap();
        String::from_utf8(output).unwrap()
    }

    /// The prompts of a turn that reaches the direction, in a row (the answers are not echoed).
    const PROMPTS: &str =
        "play again? (yes or no) letters: start square (x y): direction (horizontal or vertical): ";

    /// [`PROMPTS`] on the first turn, before any play.
    const FIRST_PROMPTS: &str =
        "play? (yes or no) letters: start square (x y): direction (horizontal or vertical): ";

    #[test]
    fn the_direction_takes_the_words_of_the_play_prompt() {
        let tiles = "C 3 1\nA 1 2\nT 1 2\nS 1 1\nE 1 1";
        for (answers, played) in [
            ("yes\nCAT\n-1 0\nacross\n", "play CAT -1 0 horizontal: 5\n"),
            ("yes\nCAT\n0 1\nDown\n", "play CAT 0 1 vertical: 5\n"),
        ] {
            let shown = dialogue("cat\n", tiles, Rules::lab(), answers);
            assert!(shown.contains(played), "{shown}");
            assert!(!shown.contains("is not a direction"), "{shown}");
        }
    }

    #[test]
    fn a_game_with_every_kind_of_answer() {
        // Seven tiles: the rack holds them all, whatever the shuffle.
        let tiles = "C 3 1\nA 1 2\nT 1 2\nS 1 1\nE 1 1";
        let answers = [
            // Turn 1: every invalid answer, then CAT off the centre (rejected; hint: the same letters
            // from the highest start square covering the centre, downwards).
            "maybe",
            "yes",
            "",
            "CX",
            "CC",
            "C4",
            "cat",
            "0",
            "a 0",
            "0 8",
            "1 0",
            "diagonal",
            "horizontal",
            // Turn 2: CAT across the centre, C3 + A1 + T1 = 5.
            "y",
            "CAT",
            "-1 0",
            "horizontal",
            // Turn 3: S hooks CAT into CATS, 6.
            "YES",
            "S",
            "2 0",
            "Horizontal",
            // Turn 4: TE above CATS makes TE and ET, neither a word, and T before E is in no word at
            // all: hint of other letters with the 3 best plays of AET (worked out in full below).
            "yes",
            "TE",
            "0 1",
            "horizontal",
            // Turn 5: TA above CA makes TA (2) across and TA (2), AT (2) down: 6.
            "yes",
            "TA",
            "0 1",
            "horizontal",
        ]
        .join("\n");
        let empty = printed(&[]);
        let rack = "rack: A(1) A(1) C(3) E(1) S(1) T(1) T(1)\n";
        let expected = [
            empty.clone(),
            rack.into(),
            "score: 0\n".into(),
            "play? (yes or no) please answer yes or no\n".into(),
            "play? (yes or no) ".into(),
            "letters: the play has no letters\n".into(),
            "letters: X is not on the rack\n".into(),
            "letters: the play uses 2 C but the rack holds 1\n".into(),
            "letters: '4' is not a letter\n".into(),
            "letters: ".into(),
            "start square (x y): write the start square as two integers x y, each from -7 to 7, for example 0 -1\n".into(),
            "start square (x y): x: 'a' is not an integer\n".into(),
            "start square (x y): the start square (0, 8) is outside the board\n".into(),
            "start square (x y): ".into(),
            "direction (horizontal or vertical): 'diagonal' is not a direction (horizontal or vertical)\n".into(),
            "direction (horizontal or vertical): ".into(),
            "play CAT 1 0 horizontal: rejected: the first play must cover the centre square (0, 0)\n".into(),
            "hint: try CAT 0 2 vertical (5 points)\n".into(),
            // Turn 2.
            empty,
            rack.into(),
            "score: 0\n".into(),
            PROMPTS.into(),
            "play CAT -1 0 horizontal: 5\nwords: CAT 5\n".into(),
            // Turn 3.
            printed(&[(0, "      CAT      ")]),
            "rack: A(1) E(1) S(1) T(1)\nscore: 5\n".into(),
            PROMPTS.into(),
            "play S 2 0 horizontal: 6\nwords: CATS 6\n".into(),
            // Turn 4. The plays of AET with CATS, AT, TA and EAT: TA across above or below CA makes
            // two more words (6 each), CAT down from the C (5), EAT down through the A or the T (3
            // each), and single tiles hooking A or T (2 each).
            printed(&[(0, "      CATS     ")]),
            "rack: A(1) E(1) T(1)\nscore: 11\n".into(),
            PROMPTS.into(),
            "play TE 0 1 horizontal: rejected: not in the dictionary: TE, ET\n".into(),
            "hint: TE makes no valid play from any start square or direction; try other letters\n".into(),
            "6 TA 0 1 horizontal TA\n6 TA 0 -1 horizontal TA\n5 CAT -1 0 vertical AT\n".into(),
            // Turn 5.
            printed(&[(0, "      CATS     ")]),
            "rack: A(1) E(1) T(1)\nscore: 11\n".into(),
            PROMPTS.into(),
            "play TA 0 1 horizontal: 6\nwords: TA 2, TA 2, AT 2\n".into(),
            // The input ends at the next question.
            printed(&[(1, "       TA      "), (0, "      CATS     ")]),
            "rack: E(1)\nscore: 17\n".into(),
            "play again? (yes or no) \nfinal score: 17\n".into(),
        ]
        .concat();
        let words = "cat\ncats\nat\nta\neat";
        assert_eq!(dialogue(words, tiles, Rules::lab(), &answers), expected);
    }

    #[test]
    fn no_ends_the_game_and_so_does_the_end_of_input_in_a_turn() {
        let tiles = "A 1 1\nT 1 1";
        let turn = format!("{}rack: A(1) T(1)\nscore: 0\n", printed(&[]));
        assert_eq!(
            dialogue("at", tiles, Rules::lab(), "no\n"),
            format!("{turn}play? (yes or no) final score: 0\n")
        );
        assert_eq!(
            dialogue("at", tiles, Rules::lab(), "yes\nAT\n0 0\n"),
            format!("{turn}{FIRST_PROMPTS}\nfinal score: 0\n")
        );
    }

    #[test]
    fn an_answer_that_is_not_text_is_asked_again() {
        let tiles = "A 1 1\nT 1 1";
        let expected = format!(
            "{}rack: A(1) T(1)\nscore: 0\nplay? (yes or no) letters: '\u{FFFD}' is not a letter\n\
             letters: \nfinal score: 0\n",
            printed(&[])
        );
        let dictionary = Dictionary::from_text(b"at".to_vec());
        let tiles = TileSet::parse(tiles).unwrap();
        let rules = Rules::lab();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let mut game = SolitaireGame::new(rulebook, 1).unwrap();
        let mut output = Vec::new();
        run_solitaire(&mut game, 3, &b"yes\nA\xff\n"[..], &mut output).unwrap();
        assert_eq!(String::from_utf8(output).unwrap(), expected);
    }

    #[test]
    fn an_answer_longer_than_the_limit_is_skipped_and_asked_again() {
        let tiles = "A 1 1\nT 1 1";
        let long = "y".repeat(ANSWER_LIMIT as usize);
        let turn = format!("{}rack: A(1) T(1)\nscore: 0\n", printed(&[]));
        assert_eq!(
            dialogue("at", tiles, Rules::lab(), &format!("{long}{long}\nno\n")),
            format!(
                "{turn}play? (yes or no) the answer is longer than 1024 bytes\n\
                 play? (yes or no) final score: 0\n"
            )
        );
        // One byte shorter, with its line end, is read: and refused as no answer.
        assert_eq!(
            dialogue("at", tiles, Rules::lab(), &format!("{}\nno\n", &long[1..])),
            format!("{turn}play? (yes or no) please answer yes or no\nplay? (yes or no) final score: 0\n")
        );
    }

    #[test]
    fn the_game_ends_when_the_rack_and_the_pool_are_empty() {
        let tiles = "A 1 1\nT 1 1";
        let expected = [
            printed(&[]),
            "rack: A(1) T(1)\nscore: 0\n".into(),
            FIRST_PROMPTS.into(),
            "play AT 0 0 vertical: 2\nwords: AT 2\n".into(),
            printed(&[(0, "       A       "), (-1, "       T       ")]),
            "the rack and the pool are empty\nfinal score: 2\n".into(),
        ]
        .concat();
        assert_eq!(dialogue("at", tiles, Rules::lab(), "yes\nAT\n0 0\nvertical\n"), expected);
    }

    #[test]
    fn standard_rules_deal_blanks_and_count_premiums_once() {
        // C and T and the two blanks of the standard rules: four tiles, all on the rack.
        let tiles = "C 3 1\nT 1 1";
        let answers =
            ["yes", "?AT", "CAT", "CaT", "-1 0", "horizontal", "yes", "ss", "s", "J8", "horizontal"]
                .join("\n");
        let expected = [
            standard_board(&[]),
            format!("rack: C(3) T(1) ?(0) ?(0)\n{BLANKS}score: 0\nbag: 0 tiles\n"),
            "play? (yes or no) ".into(),
            format!(
                "{STANDARD_PROMPT}'?' is not a letter: play a blank as the lower-case letter it stands for\n"
            ),
            format!("{STANDARD_PROMPT}A is not on the rack\n"),
            format!("{STANDARD_PROMPT}start square (x y, or H8): direction (horizontal or vertical): "),
            // C3 + a blank (0) on the centre's double word + T1: (3 + 0 + 1) x 2 = 8.
            "play 8G CaT: 8\nwords: CaT 8\n".into(),
            standard_board(&[(-1, 0, "CaT")]),
            format!("rack: ?(0)\n{BLANKS}score: 8\nbag: 0 tiles\n"),
            "play again? (yes or no) ".into(),
            format!("{STANDARD_PROMPT}the play uses 2 blanks but the rack holds 1\n"),
            format!("{STANDARD_PROMPT}start square (x y, or H8): direction (horizontal or vertical): "),
            // The double word under the a counts no more: 3 + 0 + 1 + 0 = 4.
            "play 8G (CaT)s: 4\nwords: CaTs 4\n".into(),
            standard_board(&[(-1, 0, "CaTs")]),
            "the rack and the pool are empty\nfinal score: 12\n".into(),
        ]
        .concat();
        assert_eq!(dialogue("cat\ncats", tiles, Rules::standard(), &answers), expected);
    }

    #[test]
    fn standard_rules_suggest_plays_by_equity() {
        // 13 letter tiles and two blanks: 8 left in the pool after the first rack, so the leaves count
        // and an exchange is allowed. QAT fits nowhere: the best candidates by equity follow.
        let tiles = "A 1 4\nC 3 2\nT 1 4\nS 1 2\nQ 10 1";
        let rack = "rack: A(1) A(1) C(3) Q(10) T(1) T(1) ?(0)\n\
                    (? is a blank, worth 0; in a play a lower-case letter is a blank standing for that letter)\n\
                    score: 0\nbag: 8 tiles\n";
        let board = board_text(&Board::new(), &Rules::standard());
        let expected = [
            &board,
            rack,
            "play? (yes or no) play (8H WORD across, H8 WORD down, or letters; pass; exchange LETTERS): ",
            "start square (x y, or H8): direction (horizontal or vertical): ",
            "play 8G QAT: rejected: not in the dictionary: QAT\n",
            "hint: QAT makes no valid play from any start square or direction; try other letters\n",
            "  30.7  exchange AQTT  keep AC? +30.7\n",
            // ACT down from (0, 2) and (0, 1): H6 and H7.
            "  26.9  10 H6 ACT  keep AQT? +16.9\n",
            "  26.9  10 H7 ACT  keep AQT? +16.9\n",
            &board,
            rack,
            "play again? (yes or no) \nfinal score: 0\n",
        ]
        .concat();
        let answers = "yes\nQAT\n-1 0\nhorizontal\n";
        assert_eq!(dialogue("cat\nact\nacts\nta\nat", tiles, Rules::standard(), answers), expected);
    }

    #[test]
    fn standard_notation_pass_exchange_and_six_scoreless_turns() {
        // Fourteen As and no blank: seven on the rack, seven in the bag.
        let rules = Rules::standard().with_blank_tiles(0);
        let answers = [
            "yes",
            "exchange Q",
            "-AA", // two As back: the bag still holds 7
            "yes",
            "9H AA", // off the centre: the hint says where
            "yes",
            "H8 AAA", // no such word: the best plays, written as players do
            "yes",
            "H8 AA", // AA down from the centre: (1 + 1) x 2 = 4
            "yes",
            "-A",
            "pass", // five tiles left in the bag: no exchange
            "yes",
            "-",
            "yes",
            "PASS",
            "yes",
            "pass",
            "yes",
            "pass",
            "yes",
            "pass",
        ]
        .join("\n");
        let output = ranked_dialogue("aa", "A 1 14", rules.clone(), Ranking::Score, &answers);
        let wanted = [
            "the rack does not hold Q\n",
            "exchange AA: 0\n",
            "play 9H AA: rejected: the first play must cover the centre square H8\nhint: try H7 AA (4 points)\n",
            "play H8 AAA: rejected: not in the dictionary: AAA\n",
            "hint: AAA makes no valid play from any start square or direction; try other letters\n4 H7 AA\n4 8G AA\n4 8H AA\n",
            "play H8 AA: 4\nwords: AA 4\n",
            "the bag holds 5 tiles: an exchange needs at least 7\n",
            "pass: 0\n",
            "6 scoreless turns in a row end the game\nfinal score: 4\n",
        ];
        let mut rest = output.as_str();
        for text in wanted {
            let at = rest.find(text).unwrap_or_else(|| panic!("{text:?} missing in order from:\n{output}"));
            rest = &rest[at + text.len()..];
        }
        assert_eq!(output.matches("pass: 0").count(), 6, "{output}");
        let mut after = crate::board::Board::new();
        after.set(Square::new(0, 0).unwrap(), crate::tiles::letter::Letter::from_char('A'));
        after.set(Square::new(0, -1).unwrap(), crate::tiles::letter::Letter::from_char('A'));
        assert!(output.ends_with(&format!(
            "{}6 scoreless turns in a row end the game\nfinal score: 4\n",
            board_text(&after, &rules)
        )));
    }
}
