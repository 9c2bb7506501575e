//! Issue 30: a fuzz target per parser (board notation, game trees, pasted boards, move lists,
//! game files, settings), each run for a fixed number of cases from a fixed seed. Inputs are valid texts
//! mutated a few edits at a time (so that most get deep into the parser) and random bytes. Each
//! target checks that nothing panics, that every message is one line of reasonable length, and
//! that what is accepted round-trips (nothing of the user's is lost).

use std::fs;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tictactoe::engine::board::MoveNumbers;
use tictactoe::engine::game_tree::GameTree;
use tictactoe::store::game_file;
use tictactoe::store::settings::{Backup, ColorTheme, Issue, Settings, Store, to_ron};
use tictactoe::{Board, Geometry};

/// Characters the mutations insert: the notations' own, separators, digits, RON's punctuation,
/// controls and a few outside ASCII.
const ALPHABET: &[char] = &[
    'X', 'O', 'x', 'o', '.', '_', '-', '/', '|', ' ', '\n', '\r', '\t', ',', '0', '1', '5', '9',
    '(', ')', '[', ']', ':', '"', '/', '*', 'S', 'e', 'é', '×', '\u{0}', '\u{feff}', '\u{202e}',
];

/// `seed` with 1 to 8 random edits; one case in eight is random characters instead.
fn mutated(rng: &mut SmallRng, seed: &str) -> String {
    if rng.random_ratio(1, 8) {
        let length = rng.random_range(0..40);
        return (0..length)
            .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())])
            .collect();
    }
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..rng.random_range(1..=8) {
        let at = rng.random_range(0..=chars.len());
        match rng.random_range(0..4) {
            0 => chars.insert(at, ALPHABET[rng.random_range(0..ALPHABET.len())]),
            1 if at < chars.len() => drop(chars.remove(at)),
            2 if at < chars.len() => chars[at] = ALPHABET[rng.random_range(0..ALPHABET.len())],
            _ => {
                // A chunk repeated: deep nesting, long numbers, many rows.
                let end = (at + rng.random_range(1..6)).min(chars.len());
                let chunk: Vec<char> = chars[at..end].to_vec();
                for _ in 0..rng.random_range(1..50) {
                    chars.splice(at..at, chunk.iter().copied());
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// A message a user reads: one line, without the whole of a long input in it.
fn assert_readable(message: &str, input: &str) {
    assert!(!message.contains('\n'), "{message:?} for {input:?}");
    assert!(message.chars().count() <= 300, "{message:?} for {input:?}");
}

const CASES: usize = 3000;

#[test]
fn board_notation() {
    let mut rng = SmallRng::seed_from_u64(30);
    let seeds = [
        "XOX/.O./X..",
        "..../..../..../....",
        "X..../...../..O../...../.....",
        "x_o/___/o_x",
    ];
    for case in 0..CASES {
        let text = mutated(&mut rng, seeds[case % seeds.len()]);
        match Board::parse_with(&text, None, None) {
            Ok(board) => {
                let again =
                    Board::parse_with(board.notation().as_str(), Some(board.to_move()), None);
                assert_eq!(again.unwrap(), board, "{text:?}");
            }
            Err(error) => assert_readable(&error.to_string(), &text),
        }
    }
}

/// The textbooks' abstract trees: every accepted tree prints as text that reads back as itself,
/// and every refusal says where (a character of the input, or just past its end).
#[test]
fn game_tree_notation() {
    let mut rng = SmallRng::seed_from_u64(45);
    let seeds = [
        "[[3,12,8],[2,4,6],[14,5,2]]",
        "min:[[[4,6],[7,9]],[[1,2],[0,1]],[[8,1],[9,2]]]",
        "max: [ [-3, 12], [0] ]",
        "[[[[[[1]]]]],[2,[3,[4]]],-999999999]",
    ];
    for case in 0..CASES {
        let text = mutated(&mut rng, seeds[case % seeds.len()]);
        match text.parse::<GameTree>() {
            Ok(tree) => {
                let again = tree.to_string().parse::<GameTree>();
                assert_eq!(again.as_ref(), Ok(&tree), "{text:?}");
            }
            Err(error) => {
                assert_readable(&error.to_string(), &text);
                assert!(
                    (1..=text.chars().count() + 1).contains(&error.at),
                    "{error} for {text:?}"
                );
            }
        }
    }
}

#[test]
fn pasted_boards() {
    let mut rng = SmallRng::seed_from_u64(31);
    let seeds = [
        "X | O | X\n---------\n  | O |  \n---------\nX |   |  ",
        "X O X\n. O .\nX . .",
        "XOX/.O./X..",
        "[['x', 'o', 'x'], ['_', 'o', '_'], ['x', '_', '_']]",
    ];
    for case in 0..CASES {
        let text = mutated(&mut rng, seeds[case % seeds.len()]);
        match Board::paste(&text) {
            Ok(board) => {
                let again = Board::paste(&board.copy_text()).unwrap();
                assert_eq!(
                    again.notation().as_str(),
                    board.notation().as_str(),
                    "{text:?}"
                );
            }
            Err(error) => assert_readable(&error.to_string(), &text),
        }
    }
}

#[test]
fn move_lists() {
    let mut rng = SmallRng::seed_from_u64(32);
    let seeds = ["5,1,9,3", " 5, 1 ,9", "1,4,2,5,3", "6,11,7,1"];
    let geometries = [Geometry::CLASSIC, Geometry::with_default_k(7, 7).unwrap()];
    for case in 0..CASES {
        let text = mutated(&mut rng, seeds[case % seeds.len()]);
        // A text that is not a list of numbers: `tictactoe review` shows it shortened.
        if let Ok(numbers) = text.parse::<MoveNumbers>() {
            for geometry in geometries {
                if let Err(error) = numbers.cells(geometry) {
                    assert_readable(&error.to_string(), &text);
                }
            }
        }
    }
}

#[test]
fn game_files() {
    let mut rng = SmallRng::seed_from_u64(33);
    let seeds = [
        "// tictactoe review 5,1,9,3 --first X --size 3 --k 3\n(\n    version: 1,\n    size: 3,\n    \
         k: 3,\n    first: X,\n    x: Human,\n    o: Computer,\n    moves: [5, 1, 9, 3],\n    \
         result: \"ongoing\",\n)\n",
        "(version: 1, size: 4, k: 4, first: O, x: Human, o: Human, start: Some(\"X.../..../..../....\"), \
         moves: [6], result: \"ongoing\")",
    ];
    for case in 0..CASES {
        let text = mutated(&mut rng, seeds[case % seeds.len()]);
        match game_file::from_text(&text) {
            Ok(record) => {
                let written = game_file::to_text(&record).unwrap();
                assert_eq!(game_file::from_text(&written).unwrap(), record, "{text:?}");
            }
            Err(error) => assert_readable(&error.to_string(), &text),
        }
    }
}

#[test]
fn settings() {
    let mut rng = SmallRng::seed_from_u64(34);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.ron");
    let seeds = [
        to_ron(&Default::default()).unwrap(),
        "(difficulty: Hard, board_size: 5, in_a_row: 4, new_feature: (a: 1))".to_string(),
    ];
    // Each case reads and writes a file: fewer of them.
    for case in 0..CASES / 6 {
        let text = mutated(&mut rng, &seeds[case % seeds.len()]);
        fs::write(&path, &text).unwrap();
        let mut loaded = Store::open(&path);
        if let Some(problem) = &loaded.problem {
            for issue in &problem.error.issues {
                assert_readable(&issue.to_string(), &text);
            }
        }
        // Whatever was read is saved and read back the same, with the unknown fields kept.
        let unknown = |issues: &[Issue]| -> Vec<String> {
            issues
                .iter()
                .filter_map(|issue| match issue {
                    Issue::UnknownField { field, .. } => Some(field.clone()),
                    _ => None,
                })
                .collect()
        };
        let before = loaded
            .problem
            .as_ref()
            .map_or(Vec::new(), |p| unknown(&p.error.issues));
        // A file that is not settings is never saved over: the save says so, the bytes stay.
        let never = loaded
            .problem
            .as_ref()
            .is_some_and(|p| p.backup == Backup::NeverOverwritten);
        if never {
            assert!(loaded.store.save(&loaded.settings).is_err(), "{text:?}");
            assert_eq!(fs::read_to_string(&path).unwrap(), text);
        } else {
            loaded.store.save(&loaded.settings).unwrap();
            let again = Store::open(&path);
            assert_eq!(again.settings, loaded.settings, "{text:?}");
            let after = again
                .problem
                .as_ref()
                .map_or(Vec::new(), |p| unknown(&p.error.issues));
            assert_eq!(after, before, "{text:?}");
            // A change, written into the file, reads back, the unknown fields still there.
            let changed = Settings {
                show_scores: !loaded.settings.show_scores,
                theme: match loaded.settings.theme {
                    ColorTheme::Dark => ColorTheme::Light,
                    _ => ColorTheme::Dark,
                },
                ..loaded.settings.clone()
            };
            let mut again = Store::open(&path);
            again.store.save(&changed).unwrap();
            let third = Store::open(&path);
            assert_eq!(third.settings, changed, "{text:?}");
            let after = third
                .problem
                .as_ref()
                .map_or(Vec::new(), |p| unknown(&p.error.issues));
            assert_eq!(after, before, "{text:?}");
        }
        for entry in fs::read_dir(dir.path()).unwrap() {
            let entry = entry.unwrap();
            if entry.file_name() != "settings.ron" {
                fs::remove_file(entry.path()).unwrap();
            }
        }
    }
}

/// Set codes (the `-trees` ones too) and the alpha-beta exercises' answers: the branches'
/// letters and a window's α and β. A code accepted prints as itself; an answer read is graded
/// with feedback; every refusal is one line.
#[test]
fn exercise_codes_and_alpha_beta_answers() {
    use tictactoe::learn::exercises::{SetCode, Task, generate};
    let mut rng = SmallRng::seed_from_u64(46);
    let codes = [
        "v1-s7-k=prune,tree-n=6-3x3-trees",
        "v1-s12-k=value,prune-n=4-4x4-view=x",
    ];
    for case in 0..CASES {
        let text = mutated(&mut rng, codes[case % codes.len()]);
        match text.parse::<SetCode>() {
            Ok(code) => assert_eq!(code.to_string().parse::<SetCode>(), Ok(code), "{text:?}"),
            // A code's message quotes the code and the part refused (each shortened) and shows
            // what a code looks like: one line, longer than most (as tests/exercises.rs bounds it).
            Err(error) => {
                let message = error.to_string();
                assert!(!message.contains('\n'), "{message:?} for {text:?}");
                assert!(message.chars().count() < 400, "{message:?} for {text:?}");
            }
        }
    }
    let set = generate(&"v1-s7-k=prune-n=3-3x3-trees".parse().unwrap());
    let answers = ["H, M, V", "α=3 β=∞", "-inf, 2", "none", "b c d"];
    for case in 0..CASES {
        let item = &set.items[case % set.items.len()];
        assert!(matches!(item.task, Task::Prune(_)));
        let text = mutated(&mut rng, answers[case % answers.len()]);
        match item.grade(&text) {
            Ok(graded) => assert!(!graded.feedback.is_empty(), "{text:?}"),
            Err(error) => assert_readable(&error.to_string(), &text),
        }
    }
}
