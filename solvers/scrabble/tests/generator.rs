//! The anchor-square generator against the brute-force reference, on random boards, racks, premium
//! squares and small dictionaries, under the standard rules with blanks on the rack and the board; and
//! hand-worked edge cases.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use solvebatch_scrabble::board::rules::Premium;
use solvebatch_scrabble::board::Direction;
use solvebatch_scrabble::movegen::brute_force::moves_by_brute_force;
use solvebatch_scrabble::movegen::moves::rank;
use solvebatch_scrabble::{Board, Dictionary, Letter, Move, Rack, Rulebook, Rules, Square, Tile, TileSet};

fn dictionary(words: &[&str]) -> Dictionary {
    Dictionary::from_text(words.join("\n").into_bytes())
}

/// A board with words of `words` laid at random (where they fit over what is there), then a few loose
/// letters: not necessarily a legal game position, which the generator must handle all the same.
fn random_board(rng: &mut ChaCha8Rng, words: &[String], laid: usize, loose: usize) -> Board {
    random_board_with_blanks(rng, words, laid, loose, 0.0)
}

/// [`random_board`] with each tile a blank with probability `blanks`.
fn random_board_with_blanks(
    rng: &mut ChaCha8Rng,
    words: &[String],
    laid: usize,
    loose: usize,
    blanks: f64,
) -> Board {
    let mut board = Board::new();
    for _ in 0..laid {
        let word = &words[rng.random_range(0..words.len())];
        let direction = if rng.random_bool(0.5) { Direction::Horizontal } else { Direction::Vertical };
        let start = Square::new(rng.random_range(-4..=4), rng.random_range(-4..=4)).unwrap();
        let mut squares = Vec::new();
        let mut square = Some(start);
        for c in word.chars() {
            let Some(here) = square else { break };
            squares.push((here, Letter::from_char(c)));
            square = here.next(direction);
        }
        let fits = squares.len() == word.len()
            && squares
                .iter()
                .all(|&(square, letter)| board.get(square).is_none_or(|tile| Some(tile) == letter));
        if fits {
            for (square, letter) in squares {
                if board.get(square).is_none() {
                    let letter = letter.expect("a letter");
                    board.place(square, Tile { letter, blank: rng.random_bool(blanks) });
                }
            }
        }
    }
    for _ in 0..loose {
        let square = Square::new(rng.random_range(-7..=7), rng.random_range(-7..=7)).unwrap();
        let letter = Letter::from_index(rng.random_range(0..5)).expect("a letter");
        board.place(square, Tile { letter, blank: rng.random_bool(blanks) });
    }
    board
}

/// Random premium squares and a bonus for placing a whole rack.
fn random_rules(rng: &mut ChaCha8Rng) -> Rules {
    let mut rules = Rules::lab().with_bingo_bonus(50);
    for _ in 0..40 {
        let square = Square::new(rng.random_range(-7..=7), rng.random_range(-7..=7)).unwrap();
        rules = rules
            .with_premium(square, Premium { letter: rng.random_range(1..=3), word: rng.random_range(1..=3) });
    }
    rules
}

fn both(rulebook: &Rulebook, board: &Board, rack: &Rack) -> (Vec<Move>, Vec<Move>) {
    let mut fast = rulebook.moves(board, rack);
    let mut slow = moves_by_brute_force(rulebook, board, rack, solvebatch_scrabble::Deadline::NEVER).unwrap();
    rank(&mut fast);
    rank(&mut slow);
    (fast, slow)
}

fn listed(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn generator_equals_brute_force(
        words in prop::collection::vec("[A-E]{2,5}", 4..40),
        rack in "[A-E]{0,4}",
        seed in any::<u64>(),
        laid in 0usize..8,
        loose in 0usize..4,
        premiums in any::<bool>(),
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = random_board(&mut rng, &words, laid, loose);
        let rules = if premiums { random_rules(&mut rng) } else { Rules::lab() };
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let dictionary = dictionary(&refs);
        let tiles = TileSet::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let (fast, slow) = both(&rulebook, &board, &rack.parse().unwrap());
        prop_assert_eq!(listed(&fast), listed(&slow), "board:\n{}", board);
    }
}

proptest! {
    // Fewer cases: the brute force tries each blank as every letter of the dictionary.
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generator_equals_brute_force_under_standard_rules_with_blanks(
        words in prop::collection::vec("[A-E]{2,5}", 4..40),
        rack in "[A-E]{0,2}[?]{0,2}",
        seed in any::<u64>(),
        laid in 0usize..8,
        loose in 0usize..4,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = random_board_with_blanks(&mut rng, &words, laid, loose, 0.25);
        let rules = Rules::standard();
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let dictionary = dictionary(&refs);
        let tiles = TileSet::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let (fast, slow) = both(&rulebook, &board, &rack.parse().unwrap());
        prop_assert_eq!(listed(&fast), listed(&slow), "board:\n{}", board);
    }
}

/// A rulebook over `words` with the standard tiles and no premiums, handed to `body`.
fn with_rulebook(words: &[&str], body: impl FnOnce(&Rulebook)) {
    let dictionary = dictionary(words);
    let tiles = TileSet::standard();
    let rules = Rules::lab();
    body(&Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules });
}

fn board(rows: &[(i32, &str)]) -> Board {
    let mut board = Board::new();
    for &(y, text) in rows {
        board.set_row((7 - y) as usize, Board::parse_row(text).unwrap());
    }
    board
}

#[test]
fn first_play_goes_through_the_centre() {
    // AT and TA, each in two places covering (0, 0) both ways; ties go to the start square nearest the
    // top, then the left.
    with_rulebook(&["AT", "TA"], |rulebook| {
        let (fast, slow) = both(rulebook, &Board::new(), &"AT".parse().unwrap());
        let expected = [
            "2 AT 0 1 vertical AT",
            "2 AT -1 0 horizontal AT",
            "2 AT 0 0 horizontal AT",
            "2 AT 0 0 vertical AT",
            "2 TA 0 1 vertical TA",
            "2 TA -1 0 horizontal TA",
            "2 TA 0 0 horizontal TA",
            "2 TA 0 0 vertical TA",
        ];
        assert_eq!(listed(&fast), expected);
        assert_eq!(fast, slow);
    });
}

#[test]
fn extends_and_hooks_existing_words() {
    // CAT across the centre. S extends it at either end: CATS and SCAT (C3 A1 T1 S1 = 6). A hooks the
    // T: AT down from above it, TA down from it (2 each).
    with_rulebook(&["CAT", "CATS", "SCAT", "AT", "TA"], |rulebook| {
        let board = board(&[(0, "......CAT......")]);
        let (fast, slow) = both(rulebook, &board, &"SA".parse().unwrap());
        assert_eq!(
            listed(&fast),
            [
                "6 CATS -1 0 horizontal S",
                "6 SCAT -2 0 horizontal S",
                "2 AT 1 1 vertical A",
                "2 TA 1 0 vertical A",
            ]
        );
        assert_eq!(fast, slow);
    });
}

#[test]
fn a_single_tile_is_listed_once_horizontal_first() {
    // An A at (0, 0), rack B: AB and BA across and down, each listed in its own direction.
    with_rulebook(&["AB", "BA"], |rulebook| {
        let board = board(&[(0, ".......A.......")]);
        let (fast, slow) = both(rulebook, &board, &"B".parse().unwrap());
        assert_eq!(
            listed(&fast),
            ["4 AB 0 0 horizontal B", "4 AB 0 0 vertical B", "4 BA 0 1 vertical B", "4 BA -1 0 horizontal B"]
        );
        assert_eq!(fast, slow);
    });
    // A B at (1, -1) makes AB across (4) and BB down (6): one play, listed once, as horizontal.
    with_rulebook(&["AB", "BB"], |rulebook| {
        let board = board(&[(0, ".......AB......"), (-1, ".......A.......")]);
        let (fast, slow) = both(rulebook, &board, &"B".parse().unwrap());
        let listed = listed(&fast);
        assert!(listed.contains(&"10 AB 0 -1 horizontal B".to_string()), "{listed:?}");
        assert!(!listed.iter().any(|line| line.starts_with("10 BB")), "{listed:?}");
        assert_eq!(fast, slow);
    });
}

#[test]
fn repeated_letters_give_each_play_once() {
    with_rulebook(&["EE", "EEE"], |rulebook| {
        let (fast, slow) = both(rulebook, &Board::new(), &"EEE".parse().unwrap());
        // EE: 2 placements covering the centre each way; EEE: 3 each way.
        assert_eq!(fast.len(), 10);
        assert_eq!(fast, slow);
        assert_eq!(listed(&fast)[0], "3 EEE 0 2 vertical EEE");
    });
}

#[test]
fn full_board_and_empty_rack_have_no_play() {
    with_rulebook(&["AA", "AAA"], |rulebook| {
        let full = board(&(-7..=7).map(|y| (y, "AAAAAAAAAAAAAAA")).collect::<Vec<_>>());
        assert!(full.is_full());
        assert!(rulebook.moves(&full, &"A".parse().unwrap()).is_empty());
        let some = board(&[(0, ".......A.......")]);
        assert!(rulebook.moves(&some, &Rack::default()).is_empty());
        assert!(!rulebook.moves(&some, &"A".parse().unwrap()).is_empty());
    });
}

#[test]
fn a_whole_rack_earns_the_bingo_bonus() {
    let dictionary = dictionary(&["ABANDON"]);
    let tiles = TileSet::standard();
    let rules = Rules::lab().with_bingo_bonus(50);
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let moves = rulebook.best_moves(&Board::new(), &"NODNABA".parse().unwrap(), 1);
    // A1 B3 A1 N1 D2 O1 N1 = 10, plus 50; the vertical play from (0, 6) starts nearest the top.
    assert_eq!(listed(&moves), ["60 ABANDON 0 6 vertical ABANDON"]);
}

#[test]
fn standard_first_plays_with_a_blank() {
    // Rack Q, I and a blank; the words QI and QIS; the standard rules. Every first play covers the
    // centre's double word and no other premium square is within reach. QI with both tiles:
    // (10 + 1) x 2 = 22; the blank as the I: (10 + 0) x 2 = 20; as the Q: (0 + 1) x 2 = 2; each in two
    // places across and two down. QIS takes the blank as the S: (10 + 1 + 0) x 2 = 22, in three places
    // each way.
    let dictionary = dictionary(&["QI", "QIS"]);
    let tiles = TileSet::standard();
    let rules = Rules::standard();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let (fast, slow) = both(&rulebook, &Board::new(), &"QI?".parse().unwrap());
    assert_eq!(
        listed(&fast),
        [
            "22 QI 0 1 vertical QI",
            "22 QI -1 0 horizontal QI",
            "22 QI 0 0 horizontal QI",
            "22 QI 0 0 vertical QI",
            "22 QIs 0 2 vertical QIs",
            "22 QIs 0 1 vertical QIs",
            "22 QIs -2 0 horizontal QIs",
            "22 QIs -1 0 horizontal QIs",
            "22 QIs 0 0 horizontal QIs",
            "22 QIs 0 0 vertical QIs",
            "20 Qi 0 1 vertical Qi",
            "20 Qi -1 0 horizontal Qi",
            "20 Qi 0 0 horizontal Qi",
            "20 Qi 0 0 vertical Qi",
            "2 qI 0 1 vertical qI",
            "2 qI -1 0 horizontal qI",
            "2 qI 0 0 horizontal qI",
            "2 qI 0 0 vertical qI",
        ]
    );
    assert_eq!(fast, slow);
}

#[test]
fn standard_plays_through_a_blank_on_the_board() {
    // CaT across the centre with a blank A; rack S and a blank. CATS: C3 + 0 + T1 + S1 = 5, or 4 with
    // the blank as the S; the centre's double word is under an existing tile and counts no more.
    // Hooks down from the ends: none of AS, CS, TS is a word, so the S goes after the T or stays.
    let dictionary = dictionary(&["CAT", "CATS"]);
    let tiles = TileSet::standard();
    let rules = Rules::standard();
    let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
    let mut board = Board::new();
    board.set_row(7, Board::parse_row_with_blanks("......CaT......").unwrap());
    let (fast, slow) = both(&rulebook, &board, &"S?".parse().unwrap());
    assert_eq!(listed(&fast), ["5 CaTS -1 0 horizontal S", "4 CaTs -1 0 horizontal s"]);
    assert_eq!(fast, slow);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn best_moves_are_the_top_of_all_moves_ranked_and_visit_sees_them_all(
        words in prop::collection::vec("[A-E]{2,5}", 4..40),
        rack in "[A-E]{0,5}[?]{0,1}",
        seed in any::<u64>(),
        laid in 0usize..8,
        top in 0usize..12,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let board = random_board_with_blanks(&mut rng, &words, laid, 2, 0.2);
        let rules = random_rules(&mut rng).with_blank_tiles(2);
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let dictionary = dictionary(&refs);
        let tiles = TileSet::standard();
        let rulebook = Rulebook { dictionary: &dictionary, tiles: &tiles, rules: &rules };
        let rack: Rack = rack.parse().unwrap();
        let mut all = rulebook.moves(&board, &rack);
        let mut visited = Vec::new();
        rulebook.visit_moves(&board, &rack, |found| visited.push(found));
        rank(&mut all);
        rank(&mut visited);
        prop_assert_eq!(listed(&visited), listed(&all));
        let best = rulebook.best_moves(&board, &rack, top);
        prop_assert_eq!(listed(&best), listed(&all[..top.min(all.len())]), "board:\n{}", board);
    }
}
