//! Positions as text: copy then paste gives back the same position on every board size, k and
//! side to move; `tictactoe analyze` reads the copied text as the same position; boards pasted as
//! the articles print them are read; a bad paste gets `analyze`'s message. And the articles'
//! examples: every number they state is checked against plain minimax.

mod common;

use clap::Parser;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tictactoe::cli::{Cli, Command, Finished, analyze, exit_status};
use tictactoe::engine::board::{MAX_PASTE_BYTES, PasteError};
use tictactoe::learn::examples::{Example, examples, find};
use tictactoe::{Board, Cell, Geometry, Mark, engine::minimax};

/// Positions of `geometry` reached by random play from the empty board, `first` moving first:
/// the empty board, some after each number of moves, and finished games.
fn sample_positions(geometry: Geometry, first: Mark, rng: &mut impl Rng) -> Vec<Board> {
    let mut positions = vec![Board::empty(geometry, first)];
    for _ in 0..6 {
        let mut board = Board::empty(geometry, first);
        let stop = rng.random_range(..geometry.cells() + 1);
        while !board.outcome().is_over() && board.marks_placed() < stop {
            let moves: Vec<Cell> = board.legal_moves().collect();
            board.play(moves[rng.random_range(..moves.len())]).unwrap();
            positions.push(board);
        }
    }
    positions
}

/// Every square board the game offers, with every k it can have.
fn every_geometry() -> Vec<Geometry> {
    (3..=7)
        .flat_map(|side| (3..=side.min(5)).map(move |k| Geometry::new(side, side, k).unwrap()))
        .collect()
}

/// The side the counts give, as `analyze` infers it.
fn counted_side(board: &Board) -> Mark {
    if board.count(Mark::X) > board.count(Mark::O) {
        Mark::O
    } else {
        Mark::X
    }
}

#[test]
fn copy_then_paste_round_trips_every_size_k_and_side_to_move() {
    let mut rng = SmallRng::seed_from_u64(22);
    let (mut needed_turn, mut needed_k) = (0, 0);
    for geometry in every_geometry() {
        for first in Mark::BOTH {
            for board in sample_positions(geometry, first, &mut rng) {
                let text = board.copy_text();
                let pasted = Board::paste(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(pasted, board, "{text}");
                assert_eq!(pasted.to_move(), board.to_move(), "{text}");
                assert_eq!(pasted.geometry(), geometry, "{text}");
                // The options appear exactly where the defaults would get the position wrong.
                let turn_needed = board.to_move() != counted_side(&board);
                let k_needed =
                    geometry.k() != Geometry::default_k(geometry.rows(), geometry.cols());
                assert_eq!(text.contains("--to-move"), turn_needed, "{text}");
                assert_eq!(text.contains("--k"), k_needed, "{text}");
                needed_turn += usize::from(turn_needed);
                needed_k += usize::from(k_needed);
                // As copied from a terminal, and with the options in the other order.
                let command = format!("$ tictactoe analyze {text}\n");
                assert_eq!(Board::paste(&command), Ok(board), "{command}");
                let mut words: Vec<&str> = text.split(' ').collect();
                words.rotate_left(1);
                let reordered = format!("  {}  ", words.join("   "));
                assert_eq!(Board::paste(&reordered), Ok(board), "{reordered}");
            }
        }
    }
    assert!(
        needed_turn > 0 && needed_k > 0,
        "both options were exercised"
    );
}

#[test]
fn copy_text_needs_options_only_where_the_defaults_differ() {
    let empty_o = Board::empty(Geometry::CLASSIC, Mark::O);
    assert_eq!(empty_o.copy_text(), ".../.../... --to-move O");
    assert_eq!(Board::paste(".../.../... --to-move O"), Ok(empty_o));
    assert_eq!(
        Board::empty(Geometry::new(7, 7, 4).unwrap(), Mark::X).copy_text(),
        "......./......./......./......./......./......./....... --k 4"
    );
    let gfg: Board = "XOX/OOX/...".parse().unwrap();
    assert_eq!(gfg.copy_text(), "XOX/OOX/...");
    // O started and X replied: equal counts, O to move.
    let o_started = Board::parse_with("O../.X./...", Some(Mark::O), None).unwrap();
    assert_eq!(o_started.copy_text(), "O../.X./... --to-move O");
}

/// The position `tictactoe analyze` reads from `analyze TEXT`, through its own argument parser.
fn analyze_reads(text: &str) -> Board {
    let args = ["tictactoe", "analyze"]
        .into_iter()
        .chain(text.split_whitespace());
    let Some(Command::Analyze(args)) = Cli::try_parse_from(args).unwrap().command else {
        panic!("not an analyze command: {text}");
    };
    args.rules.board(&args.board).unwrap()
}

#[test]
fn analyze_reads_the_copied_text_as_the_same_position() {
    let mut rng = SmallRng::seed_from_u64(7);
    for geometry in every_geometry() {
        for first in Mark::BOTH {
            for board in sample_positions(geometry, first, &mut rng) {
                assert_eq!(analyze_reads(&board.copy_text()), board, "{board:?}");
            }
        }
    }
    // And the command itself, end to end, on positions it searches at once.
    for first in Mark::BOTH {
        for board in sample_positions(Geometry::CLASSIC, first, &mut rng) {
            let text = board.copy_text();
            let args = ["tictactoe", "analyze"].into_iter().chain(text.split(' '));
            let Some(Command::Analyze(args)) = Cli::try_parse_from(args).unwrap().command else {
                unreachable!()
            };
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let finished = analyze(&args, &b""[..], &mut out, &mut err, false).unwrap();
            assert_eq!(finished, Finished::Done);
            let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(json["board"], board.to_string().as_str(), "{text}");
            assert_eq!(
                json["to_move"],
                board.to_move().to_string().as_str(),
                "{text}"
            );
        }
    }
}

#[test]
fn the_gfg_example_pastes_in_every_format_the_articles_print() {
    let pastes = [
        "XOX/OOX/...",
        "  xox/oox/___ \n",
        "X O X / O O X / . . .",
        "tictactoe analyze XOX/OOX/...",
        "$ tictactoe analyze XOX/OOX/... --to-move X --k 3",
        "x o x\no o x\n_ _ _",
        "X O X\n\nO O X\n\n. . .\n",
        "xox\noox\n---",
        "x | o | x\no | o | x\n_ | _ | _",
        // C++ and C#, as in the article's driver code.
        "char board[3][3] =\n{\n    { 'x', 'o', 'x' },\n    { 'o', 'o', 'x' },\n    { '_', '_', '_' }\n};",
        "// Driver code\nint main()\n{\n    char board[3][3] =\n    {\n        { 'x', 'o', 'x' }, // top\n        { 'o', 'o', 'x' },\n        { '_', '_', '_' }\n    };\n",
        // The whole driver, code before and after the board included.
        "int main()\n{\n    char board[3][3] =\n    {\n        { 'x', 'o', 'x' },\n        \
         { 'o', 'o', 'x' },\n        { '_', '_', '_' }\n    };\n\n    \
         Move bestMove = findBestMove(board);\n\n    printf(\"The Optimal Move is :\\n\");\n    \
         printf(\"ROW: %d COL: %d\\n\\n\", bestMove.row, bestMove.col );\n    \
         for (int i = 3; i > 0; --i) {}\n    return 0;\n}\n",
        // Java, with the first row on the declaration's line.
        "char board[][] = {{ 'x', 'o', 'x' },\n                  { 'o', 'o', 'x' },\n                  { '_', '_', '_' }};",
        // Python, on several lines and on one.
        "# Driver code\nboard = [\n    [ 'x', 'o', 'x' ],\n    [ 'o', 'o', 'x' ],\n    [ '_', '_', '_' ]\n]\n\nbestMove = findBestMove(board)",
        "board = [['x','o','x'],['o','o','x'],['_','_','_']]",
        "board = [\n    [\"X\", \"O\", \"X\"],\n    [\"O\", \"O\", \"X\"],\n    [\"\", \"\", \"\"],\n]",
        "Board:\n  'x', 'o', 'x'\n  'o', 'o', 'x'\n  '_', '_', '_'\nX to move.",
    ];
    let expected: Board = "XOX/OOX/...".parse().unwrap();
    for text in pastes {
        let board = Board::paste(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(board, expected, "{text:?}");
        assert_eq!(board.to_move(), Mark::X, "{text:?}");
        assert_eq!(board.geometry(), Geometry::CLASSIC, "{text:?}");
    }
    // And the article's numbers on row 3, as the engine gives them.
    let scores: Vec<i32> = minimax::plain(&expected)
        .moves
        .iter()
        .map(|m| m.score.value())
        .collect();
    assert_eq!(scores, [-9, 0, 10]);
}

#[test]
fn the_other_seeds_boards_paste_as_they_are_printed() {
    // Seed 002's Python driver, as the page flows it onto one line.
    let opengenus = "def main(): board.append(['x','x','o']) board.append(['o','_','_']) \
                     board.append(['x','_','o']) bestmove=findBestMove(board) \
                     print (bestmove.row,bestmove.col,sep=' ') board[bestmove.row][bestmove.col] = pc";
    assert_eq!(Board::paste(opengenus).unwrap().to_string(), "XXO/O../X.O");
    // Seed 004's empty board, empty strings for empty cells.
    let notes = "board = [['', '', ''], ['', '', ''], ['', '', '']]";
    assert_eq!(Board::paste(notes), Ok(Board::classic()));
    // Upper and lower case mixed, with spaces for empty cells in quotes.
    let mixed = "[' ', 'X', ' ']\n['o', ' ', ' ']\n[' ', ' ', ' ']";
    assert_eq!(Board::paste(mixed).unwrap().to_string(), ".X./O../...");
}

/// What `tictactoe analyze` prints on standard error for `args`, and its exit status.
fn analyze_error(args: &[&str]) -> (i32, String) {
    let all = ["tictactoe", "analyze"].iter().chain(args);
    let Some(Command::Analyze(args)) = Cli::try_parse_from(all).unwrap().command else {
        unreachable!()
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let outcome = analyze(&args, &b""[..], &mut out, &mut err, false);
    let status = exit_status("analyze", outcome, &mut err);
    (status, String::from_utf8(err).unwrap())
}

#[test]
fn a_pasted_board_that_is_no_position_gets_analyzes_message() {
    // (pasted text, the same position as analyze's arguments)
    let cases: [(&str, &[&str]); 9] = [
        ("x x _\nx _ _\n_ _ _", &["XX./X../..."]),
        (
            "{ 'x', 'x', 'x' },\n{ 'o', 'o', 'o' },\n{ '_', '_', '_' }",
            &["XXX/OOO/..."],
        ),
        ("o o o\nx x _\nx x _", &["OOO/XX./XX."]),
        (
            "X X X .\nO O . O\n. . O O\nX X X .\n--k 3",
            &["XXX./OO.O/..OO/XXX.", "--k", "3"],
        ),
        (
            "x . .\n. . .\n. . .\n--to-move X",
            &["X../.../...", "--to-move", "X"],
        ),
        (".../.../... --k 4", &[".../.../...", "--k", "4"]),
        ("x o x\no o\n_ _ _", &["XOX/OO/..."]),
        ("x o x\no q x\n_ _ _", &["XOX/OqX/..."]),
        (
            ".../.../.../.../.../.../.../...",
            &[".../.../.../.../.../.../.../..."],
        ),
    ];
    for (text, args) in cases {
        let error = Board::paste(text).expect_err(text);
        let (status, stderr) = analyze_error(args);
        assert!(matches!(error, PasteError::Board(_)), "{text:?}: {error:?}");
        assert_eq!(status, 2, "{args:?}");
        let message = error.to_string();
        assert!(!message.contains('\n'), "{message}");
        assert!(
            stderr.trim_end().ends_with(&format!(": {message}")),
            "{text:?}: paste says {message:?}, analyze says {stderr:?}"
        );
    }
}

#[test]
fn each_kind_of_impossible_position_is_named() {
    let message = |text: &str| Board::paste(text).unwrap_err().to_string();
    assert!(message("x x _\nx _ _\n_ _ _").starts_with("impossible counts: 3 X and 0 O"));
    assert!(message("XXX/OOO/...").starts_with("both X and O have a line"));
    assert!(message("OOO/XX./XX.").starts_with("O has a line but X moved after it"));
    assert!(message("XXX./OO.O/..OO/XXX. --k 3").starts_with("X has two separate lines"));
    assert!(message("X../.../... --to-move X").starts_with("X cannot be to move"));
    assert!(message("x o x\no o\n_ _ _").starts_with("row 2 has 2 cells but row 1 has 3"));
    assert!(message("x o x\no q x\n_ _ _").starts_with("bad character 'q' at row 2, column 2"));
    // A mistyped row between rows is a row, named by its place, never skipped.
    assert!(message("x o x\nhello\n_ _ _").starts_with("bad character 'h' at row 2, column 1"));
    // The first problem in reading order, as analyze finds it: the short row before the bad
    // character.
    assert!(message("x o x\no o\nq _ _").starts_with("row 2 has 2 cells but row 1 has 3"));
    // A slash inside a line of text between rows cannot start a row there.
    assert!(message("x o x\nsee x/y\n_ _ _").starts_with("bad character 's' at row 2"));
    assert!(
        message("x o x\n/ not a row\n_ _ _").starts_with("bad character '/' at row 2, column 1")
    );
}

#[test]
fn a_paste_that_is_no_board_says_what_is_wrong_in_one_line() {
    let cases: [(&str, &str); 12] = [
        ("", "nothing to read"),
        ("// just a comment\n--k 3", "nothing to read"),
        ("  \n\t\n", "nothing to read"),
        ("hello world", "no board in the text"),
        ("XOX/OOX/... --size 3", "unknown option \"--size\""),
        ("XOX/OOX/... --k", "--k needs a value"),
        ("XOX/OOX/... --to-move\nX", "--to-move needs a value"),
        (
            "XOX/OOX/... --to-move Z",
            "--to-move takes X or O, not \"Z\"",
        ),
        ("XOX/OOX/... --k four", "--k takes how many in a row win"),
        ("XOX/OOX/... --k=3 --k 3", "--k is given twice"),
        ("tictactoe analyze", "nothing to read"),
        ("XOX/OOX/... --to-move=Q", "not \"Q\""),
    ];
    for (text, expected) in cases {
        let message = match Board::paste(text) {
            Err(error) => error.to_string(),
            Ok(board) => panic!("{text:?} pasted as {board:?}"),
        };
        assert!(message.contains(expected), "{text:?}: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
    let long = "x".repeat(MAX_PASTE_BYTES + 1);
    assert_eq!(
        Board::paste(&long),
        Err(PasteError::TooLong {
            bytes: MAX_PASTE_BYTES + 1
        })
    );
    let junk = format!("--k {}", "9".repeat(100));
    assert!(
        Board::paste(&junk)
            .unwrap_err()
            .to_string()
            .ends_with("…\"")
    );
}

#[test]
fn junk_never_panics_and_whatever_pastes_copies_back() {
    let alphabet: Vec<char> = "xXoO._- \n/{}[]'\",;|#-=kt0123456789abcé→\t"
        .chars()
        .collect();
    let mut rng = SmallRng::seed_from_u64(2022);
    for _ in 0..20_000 {
        let length = rng.random_range(..40usize);
        let text: String = (0..length)
            .map(|_| alphabet[rng.random_range(..alphabet.len())])
            .collect();
        if let Ok(board) = Board::paste(&text) {
            assert_eq!(Board::paste(&board.copy_text()), Ok(board), "{text:?}");
        }
    }
}

#[test]
fn every_example_is_the_position_the_article_works_through_and_its_numbers_are_exact() {
    let all = examples();
    assert_eq!(all.len(), 6);
    for (i, example) in all.iter().enumerate() {
        let name = example.name;
        assert!(all[..i].iter().all(|e| e.name != name), "{name} is unique");
        assert_eq!(find(name), Some(example));
        let board = example.board();
        assert_eq!(board.to_string(), example.notation, "{name}");
        assert_eq!(board.to_move(), example.to_move, "{name}");
        assert_eq!(board.geometry().k(), example.k, "{name}");
        // The article's maximiser moves, so its numbers are the mover's, as analyze prints them.
        assert_eq!(example.maximiser, example.to_move, "{name}");
        assert_eq!(Board::paste(&example.copy_text()), Ok(board), "{name}");

        let analysis = minimax::plain(&board);
        let exact: Vec<(Cell, i32)> = analysis
            .moves
            .iter()
            .map(|m| (m.cell, m.score.value()))
            .collect();
        assert_eq!(exact, example.scores, "{name}: every move's exact score");
        let best = analysis.best().unwrap();
        assert_eq!(
            (best.cell, best.score.value()),
            (example.best, example.value),
            "{name}: findBestMove's choice"
        );
        let agrees = example
            .article_scores
            .iter()
            .all(|(cell, score)| analysis.score_of(*cell).map(|s| s.value()) == Some(*score));
        assert_eq!(
            agrees, example.article_agrees,
            "{name}: does the article agree?"
        );
        check_sentence(example, &exact);
    }
}

/// Every cell the sentence names is a move of the position; the best move is named when it is
/// the only best one; every number in it is an exact score or one the article prints; and it
/// states the best move's value.
fn check_sentence(example: &Example, exact: &[(Cell, i32)]) {
    let (name, sentence) = (example.name, example.sentence);
    assert!(
        !sentence.contains('\n') && sentence.ends_with('.'),
        "{name}"
    );
    let mut rest = sentence.to_string();
    for &(cell, _) in exact {
        rest = rest.replace(&cell.human(), "");
    }
    let names_a_cell = ["row ", "column "].iter().any(|word| {
        rest.match_indices(word)
            .any(|(at, _)| rest[at + word.len()..].starts_with(|c: char| c.is_ascii_digit()))
    });
    assert!(
        !names_a_cell,
        "{name}: names a cell that is not a move: {rest}"
    );
    let unique_best = exact.iter().filter(|(_, s)| *s == example.value).count() == 1;
    if unique_best {
        assert!(sentence.contains(&example.best.human()), "{name}");
    }
    let numbers: Vec<i32> = rest
        .split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|word| word.trim_end_matches('-').parse().ok())
        .collect();
    assert!(
        numbers.contains(&example.value),
        "{name}: states {}",
        example.value
    );
    for number in numbers {
        let known = exact
            .iter()
            .chain(example.article_scores)
            .any(|&(_, s)| s == number);
        assert!(known, "{name}: {number} is neither exact nor the article's");
    }
}

#[test]
fn the_gfg_example_is_the_issues_example() {
    let gfg = find("gfg-driver").unwrap();
    assert_eq!(gfg.notation, "XOX/OOX/...");
    assert_eq!(gfg.to_move, Mark::X);
    assert!(
        gfg.sentence
            .contains("best move is row 3, column 3, value 10")
    );
}

/// The position `tictactoe --position` opens the game on, or its one-line message.
fn position_option(args: &[&str]) -> Result<Option<Board>, String> {
    let all = ["tictactoe", "--position"].iter().chain(args);
    Cli::try_parse_from(all).unwrap().position()
}

/// Issue 30, item 13: the game plays square boards only. `--position` and a paste refuse any
/// other shape with one message; `analyze` reads every shape it can search.
#[test]
fn a_board_that_is_not_square_is_refused_by_the_game_with_one_message_and_read_by_analyze() {
    let not_square = "the game offers square boards from 3×3 to 7×7, not 3×4";
    for text in ["..../..../....", "x o x o\n. . . .\n. . . ."] {
        assert_eq!(
            Board::paste(text).unwrap_err().to_string(),
            not_square,
            "{text:?}"
        );
        let message = position_option(&[text]).unwrap_err();
        assert_eq!(
            message,
            format!("tictactoe --position: {text:?}: {not_square}")
        );
    }
    // 4×3 as well, and with the options on the command line.
    assert!(
        position_option(&["X../.../.../...", "--k", "3"])
            .unwrap_err()
            .ends_with("not 4×3")
    );
    // The same text to `analyze`: a 3×4 board it searches.
    let board = analyze_reads("..../..../....");
    assert_eq!((board.geometry().rows(), board.geometry().cols()), (3, 4));
    // Shapes out of range and ragged rows keep analyze's own messages.
    assert!(matches!(
        Board::paste(".../.../.../.../.../.../.../..."),
        Err(PasteError::Board(_))
    ));
    assert!(matches!(
        Board::paste("x o x\no o\n_ _ _"),
        Err(PasteError::Board(_))
    ));
}

/// Issue 30, item 13: `--position` reads what Ctrl+V reads (one reader for both), with its
/// `--to-move` and `--k` given apart.
#[test]
fn the_position_option_takes_every_board_a_paste_takes() {
    let article = "x o x\no o x\n_ _ _";
    let pasted = Board::paste(article).unwrap();
    assert_eq!(position_option(&[article]), Ok(Some(pasted)));
    assert_eq!(pasted.to_string(), "XOX/OOX/...");
    let code =
        "char board[3][3] = {\n  { 'x', 'o', 'x' },\n  { 'o', 'o', 'x' },\n  { '_', '_', '_' }\n};";
    assert_eq!(position_option(&[code]), Ok(Some(pasted)));
    // The options beside the board, as before.
    let empty_o = Board::empty(Geometry::new(4, 4, 3).unwrap(), Mark::O);
    assert_eq!(
        position_option(&["..../..../..../....", "--to-move", "O", "--k", "3"]),
        Ok(Some(empty_o))
    );
    assert_eq!(
        position_option(&[
            "_ _ _ _\n_ _ _ _\n_ _ _ _\n_ _ _ _",
            "--to-move",
            "o",
            "--k",
            "3"
        ]),
        Ok(Some(empty_o))
    );
    // A bad board gets the paste's (and so analyze's) message, on one line.
    let message = position_option(&["x x _\nx _ _\n_ _ _"]).unwrap_err();
    assert_eq!(
        message,
        "tictactoe --position: \"x x _\\nx _ _\\n_ _ _\": impossible counts: 3 X and 0 O \
         (players alternate, so they differ by at most one)"
    );
}
