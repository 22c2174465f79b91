//! The shared Scrabble data beside the repository (`../shared/data/scrabble`): commented
//! words are not words, the standard tile file is the built-in set, and the standard premium squares
//! are the built-in table. Ignored unless asked for (`--include-ignored`), since the folder lies
//! outside the repository; asked for, a missing folder fails with its path.

// In a module of this name so that `.ci/run` can skip them (`--skip shared_data::`) where the
// folder is absent.
mod shared_data {
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    use solvebatch_scrabble::board::rules::Premium;
    use solvebatch_scrabble::tiles::letter::parse_letters;
    use solvebatch_scrabble::{Dictionary, Rules, Square, TileSet};

    /// The shared data folder.
    ///
    /// # Panics
    /// When it is absent, naming it.
    fn shared_folder() -> PathBuf {
        let folder = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/scrabble"));
        assert!(folder.is_dir(), "{} is absent (no ../shared beside the checkout?)", folder.display());
        folder.to_path_buf()
    }

    fn has(dictionary: &Dictionary, word: &str) -> bool {
        dictionary.contains(&parse_letters(word).unwrap())
    }

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn commented_words_are_not_words() {
        let folder = shared_folder();
        let commented = Dictionary::load(&folder.join("dictionary-with-comments.txt")).unwrap();
        let plain = Dictionary::load(&folder.join("dictionary.txt")).unwrap();
        // The two files differ only in their first two lines, "//aa" and "//aah".
        assert!(has(&plain, "AA") && has(&plain, "AAH"));
        assert!(!has(&commented, "AA") && !has(&commented, "AAH"));
        assert!(has(&commented, "AAHED") && has(&commented, "ZYZZYVAS"));
        assert_eq!(commented.len() + 2, plain.len());
        assert_eq!(commented.skipped(), 0);
    }

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn the_standard_tile_file_is_the_built_in_set() {
        let folder = shared_folder();
        let text = std::fs::read_to_string(folder.join("tiles-standard.txt")).unwrap();
        assert_eq!(TileSet::parse(&text).unwrap(), TileSet::standard());
    }

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn tiles_generated_from_the_shared_dictionary_fill_a_pool_of_100() {
        let folder = shared_folder();
        let dictionary = Dictionary::load(&folder.join("dictionary.txt")).unwrap();
        let tiles = TileSet::from_frequencies(&dictionary.letter_frequencies());
        assert_eq!(tiles.pool_size(), 100);
        // E is the most frequent letter of English word lists: it scores 1 and has the most tiles.
        let e = parse_letters("E").unwrap()[0];
        assert_eq!(tiles.value(e), 1);
        assert!(parse_letters("ABCDFGHIJKLMNOPQRSTUVWXYZ")
            .unwrap()
            .iter()
            .all(|&l| tiles.count(l) <= tiles.count(e)));
    }

    #[test]
    #[ignore = "needs the shared specification data beside the checkout: ../shared/data"]
    fn the_standard_premium_squares_are_the_built_in_table() {
        let folder = shared_folder();
        // One square a line: `x y kind`, kind dl, tl, dw or tw.
        let text = std::fs::read_to_string(folder.join("premium-squares.txt")).unwrap();
        let listed: BTreeSet<(i32, i32, String)> = text
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                assert_eq!(fields.len(), 3, "{line}");
                (fields[0].parse().unwrap(), fields[1].parse().unwrap(), fields[2].to_string())
            })
            .collect();
        let rules = Rules::standard();
        let built_in: BTreeSet<(i32, i32, String)> = Square::all()
            .filter_map(|square| {
                let kind = match rules.premium(square) {
                    Premium::DOUBLE_LETTER => "dl",
                    Premium::TRIPLE_LETTER => "tl",
                    Premium::DOUBLE_WORD => "dw",
                    Premium::TRIPLE_WORD => "tw",
                    _ => return None,
                };
                Some((square.x(), square.y(), kind.to_string()))
            })
            .collect();
        assert_eq!(built_in, listed);
        assert_eq!(listed.len(), 61);
    }
}
