//! The solitaire game's dialogue, over any text input and output (a terminal, a pipe, a test).
//!
//! Each turn: the rack is filled to 7 from the pool; the board, the rack with each tile's value and
//! the score are printed; the player says whether to play again, then gives the letters, the start
//! square and the direction. A valid play is scored and its tiles leave the rack; a rejected play gets
//! a hint (the same letters elsewhere, or, when they fit nowhere, the best plays of the rack, ranked
//! by [`SolitaireGame::ranking`]: by default by equity under the standard rules). An answer
//! that cannot be a play (an unknown direction, a square off the board, letters not on the rack) is
//! explained and asked again, and so is an answer longer than [`ANSWER_LIMIT`] bytes, whose line is
//! skipped unread. The game ends at "no", at the end of the input, or when the rack and the pool are
//! empty, with the final score.

use std::io::{self, BufRead, Read, Write};

use crate::board::{Direction, Square};
use crate::equity::listing;
use crate::game::SolitaireGame;
use crate::hint::Hint;
use crate::letter::parse_tiles;
use crate::play::{check_rack, Play, PlayParseError, Rejection};
use crate::quote::quote;

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
    loop {
        game.refill();
        let out = &mut dialogue.output;
        write!(out, "{}", game.board())?;
        if game.rack().is_empty() {
            writeln!(out, "the rack and the pool are empty")?;
            break;
        }
        write_rack(game, out)?;
        writeln!(out, "score: {}", game.score())?;
        match dialogue.turn(game, hint_top)? {
            Turn::Played => {}
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
    fn turn(&mut self, game: &mut SolitaireGame, hint_top: usize) -> io::Result<Turn> {
        let Some(again) = self.ask("play again? (yes or no) ", yes_or_no)? else {
            return Ok(Turn::EndOfInput);
        };
        if !again {
            return Ok(Turn::Stop);
        }
        let blanks = game.rulebook().rules.allows_blanks();
        let rack = game.rack().clone();
        let letters = |text: &str| {
            let tiles = parse_tiles(text, blanks).map_err(|error| error.to_string())?;
            check_rack(&rack, &tiles).map_err(|rejection| rejection.to_string())?;
            Ok(tiles)
        };
        let Some(tiles) = self.ask("letters: ", letters)? else { return Ok(Turn::EndOfInput) };
        let Some(start) = self.ask("start square (x y): ", start_square)? else {
            return Ok(Turn::EndOfInput);
        };
        let direction = |text: &str| text.parse::<Direction>().map_err(|error| error.to_string());
        let Some(direction) = self.ask("direction (horizontal or vertical): ", direction)? else {
            return Ok(Turn::EndOfInput);
        };
        let play = Play { tiles, x: start.x(), y: start.y(), direction };
        let out = &mut self.output;
        match game.play(&play) {
            Ok(scored) => {
                writeln!(out, "play {play}: {}", scored.score)?;
                let words: Vec<String> = scored.words.iter().map(ToString::to_string).collect();
                writeln!(out, "words: {}", words.join(", "))?;
            }
            Err(rejection) => {
                writeln!(out, "play {play}: rejected: {rejection}")?;
                let hint = game.hint(&play);
                writeln!(out, "{hint}")?;
                if matches!(hint, Hint::OtherLetters { .. }) {
                    let moves = game.rulebook().moves(game.board(), game.rack());
                    write!(
                        out,
                        "{}",
                        listing(moves, game.rack(), game.pool_len(), game.ranking(), hint_top)
                    )?;
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

/// The rack line (each tile with its value, a blank as `?`) and, when the rack holds a blank, how
/// to play it.
fn write_rack(game: &SolitaireGame, out: &mut impl Write) -> io::Result<()> {
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
    if game.rack().blanks() > 0 {
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

/// `x y`, two integers naming a square of the board.
fn start_square(text: &str) -> Result<Square, String> {
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
    use crate::dictionary::Dictionary;
    use crate::play::Rulebook;
    use crate::rules::Rules;
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

    /// The whole dialogue of a game with `words`, `tiles` and `rules`, seed 1 and hints of 3 plays,
    /// given `answers` (one a line).
    fn dialogue(words: &str, tiles: &str, rules: Rules, answers: &str) -> String {
        let dictionary = Dictionary::from_text(words.as_bytes().to_vec());
        let tiles = TileSet::parse(tiles).unwrap();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let mut game = SolitaireGame::new(rulebook, 1).unwrap();
        let mut output = Vec::new();
        run_solitaire(&mut game, 3, answers.as_bytes(), &mut output).unwrap();
        String::from_utf8(output).unwrap()
    }

    /// The prompts of a turn that reaches the direction, in a row (the answers are not echoed).
    const PROMPTS: &str =
        "play again? (yes or no) letters: start square (x y): direction (horizontal or vertical): ";

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
            "play again? (yes or no) please answer yes or no\n".into(),
            "play again? (yes or no) ".into(),
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
            format!("{turn}play again? (yes or no) final score: 0\n")
        );
        assert_eq!(
            dialogue("at", tiles, Rules::lab(), "yes\nAT\n0 0\n"),
            format!("{turn}play again? (yes or no) letters: start square (x y): direction (horizontal or vertical): \nfinal score: 0\n")
        );
    }

    #[test]
    fn an_answer_that_is_not_text_is_asked_again() {
        let tiles = "A 1 1\nT 1 1";
        let expected = format!(
            "{}rack: A(1) T(1)\nscore: 0\nplay again? (yes or no) letters: '\u{FFFD}' is not a letter\n\
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
                "{turn}play again? (yes or no) the answer is longer than 1024 bytes\n\
                 play again? (yes or no) final score: 0\n"
            )
        );
        // One byte shorter, with its line end, is read: and refused as no answer.
        assert_eq!(
            dialogue("at", tiles, Rules::lab(), &format!("{}\nno\n", &long[1..])),
            format!("{turn}play again? (yes or no) please answer yes or no\nplay again? (yes or no) final score: 0\n")
        );
    }

    #[test]
    fn the_game_ends_when_the_rack_and_the_pool_are_empty() {
        let tiles = "A 1 1\nT 1 1";
        let expected = [
            printed(&[]),
            "rack: A(1) T(1)\nscore: 0\n".into(),
            PROMPTS.into(),
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
            ["yes", "?AT", "CAT", "CaT", "-1 0", "horizontal", "yes", "ss", "s", "2 0", "horizontal"]
                .join("\n");
        let expected = [
            printed(&[]),
            "rack: C(3) T(1) ?(0) ?(0)\n(play a blank as the lower-case letter it stands for)\nscore: 0\n"
                .into(),
            "play again? (yes or no) ".into(),
            "letters: '?' is not a letter: play a blank as the lower-case letter it stands for\n".into(),
            "letters: A is not on the rack\n".into(),
            "letters: start square (x y): direction (horizontal or vertical): ".into(),
            // C3 + a blank (0) on the centre's double word + T1: (3 + 0 + 1) x 2 = 8.
            "play CaT -1 0 horizontal: 8\nwords: CaT 8\n".into(),
            printed(&[(0, "      CaT      ")]),
            "rack: ?(0)\n(play a blank as the lower-case letter it stands for)\nscore: 8\n".into(),
            "play again? (yes or no) ".into(),
            "letters: the play uses 2 blanks but the rack holds 1\n".into(),
            "letters: start square (x y): direction (horizontal or vertical): ".into(),
            // The double word under the a counts no more: 3 + 0 + 1 + 0 = 4.
            "play s 2 0 horizontal: 4\nwords: CaTs 4\n".into(),
            printed(&[(0, "      CaTs     ")]),
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
                    (play a blank as the lower-case letter it stands for)\nscore: 0\n";
        let expected = [
            &printed(&[]),
            rack,
            PROMPTS,
            "play QAT -1 0 horizontal: rejected: not in the dictionary: QAT\n",
            "hint: QAT makes no valid play from any start square or direction; try other letters\n",
            "  30.7  exchange AQTT  keep AC? +30.7\n",
            "  26.9  10 ACT 0 2 vertical ACT  keep AQT? +16.9\n",
            "  26.9  10 ACT 0 1 vertical ACT  keep AQT? +16.9\n",
            &printed(&[]),
            rack,
            "play again? (yes or no) \nfinal score: 0\n",
        ]
        .concat();
        let answers = "yes\nQAT\n-1 0\nhorizontal\n";
        assert_eq!(dialogue("cat\nact\nacts\nta\nat", tiles, Rules::standard(), answers), expected);
    }
}
