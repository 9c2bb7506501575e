//! The rules and the board notation: the game's known figures, computed by enumerating it with
//! the public API, every parse error, and the notation's round trip.

mod common;

use common::{board, board_with_turn, cell, classic_positions};
use tictactoe::engine::board::{BoardError, PlayError, WinningLine};
use tictactoe::learn::review::Review;
use tictactoe::{Board, Geometry, Mark, Outcome};

/// How the positions of one classic game split up.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    positions: usize,
    finished: usize,
    x_wins: usize,
    o_wins: usize,
    draws: usize,
}

fn tally_positions(first: Mark) -> Tally {
    let mut tally = Tally::default();
    for position in classic_positions(first) {
        tally.positions += 1;
        match position.outcome() {
            Outcome::Ongoing => continue,
            Outcome::Won { mark: Mark::X, .. } => tally.x_wins += 1,
            Outcome::Won { mark: Mark::O, .. } => tally.o_wins += 1,
            Outcome::Draw => tally.draws += 1,
        }
        tally.finished += 1;
    }
    tally
}

/// Every move sequence from `position` to the end of the game: (x wins, o wins, draws).
fn count_games(position: &Board) -> (u64, u64, u64) {
    match position.outcome() {
        Outcome::Won { mark: Mark::X, .. } => (1, 0, 0),
        Outcome::Won { mark: Mark::O, .. } => (0, 1, 0),
        Outcome::Draw => (0, 0, 1),
        Outcome::Ongoing => position.legal_moves().fold((0, 0, 0), |(x, o, d), cell| {
            let (cx, co, cd) = count_games(&position.after(cell).unwrap());
            (x + cx, o + co, d + cd)
        }),
    }
}

#[test]
fn the_classic_game_has_5478_positions_of_which_958_are_finished() {
    // The well-known figures for 3×3 with X first: 5,478 legal positions, of which 958 are
    // terminal (626 won by X, 316 by O, 16 full-board draws).
    let expected = Tally {
        positions: 5478,
        finished: 958,
        x_wins: 626,
        o_wins: 316,
        draws: 16,
    };
    assert_eq!(tally_positions(Mark::X), expected);
}

#[test]
fn with_o_first_the_figures_are_the_same_with_the_marks_swapped() {
    let expected = Tally {
        positions: 5478,
        finished: 958,
        x_wins: 316,
        o_wins: 626,
        draws: 16,
    };
    assert_eq!(tally_positions(Mark::O), expected);
}

#[test]
fn the_classic_game_has_255168_possible_games() {
    let (x_wins, o_wins, draws) = count_games(&Board::classic());
    assert_eq!(x_wins + o_wins + draws, 255_168);
    assert_eq!((x_wins, o_wins, draws), (131_184, 77_904, 46_080));
    // The first player's mark wins as many games whichever mark it is.
    let o_first = count_games(&Board::empty(Geometry::CLASSIC, Mark::O));
    assert_eq!(o_first, (o_wins, x_wins, draws));
}

#[test]
fn the_side_to_move_is_inferred_from_the_counts() {
    assert_eq!(board(".../.../...").to_move(), Mark::X);
    assert_eq!(board("X../.../...").to_move(), Mark::O);
    assert_eq!(board("X../.O./...").to_move(), Mark::X);
    // One more O than X: O started, so X is to move.
    assert_eq!(board("O../.../...").to_move(), Mark::X);
    assert_eq!(board("OX./.O./...").to_move(), Mark::X);
    // Equal counts can be either side's turn when asked for explicitly: O may have started.
    assert_eq!(board_with_turn("X../.O./...", Mark::O).to_move(), Mark::O);
    assert_eq!(
        board_with_turn(".../.../...", Mark::O),
        Board::empty(Geometry::CLASSIC, Mark::O)
    );
}

#[test]
fn lower_case_marks_and_underscores_are_accepted() {
    assert_eq!(board("xo_/_x_/o__"), board("XO./.X./O.."));
    assert_eq!(board("xO_/.x_/O._"), board("XO./.X./O.."));
    // Surrounding whitespace is not part of the board.
    assert_eq!(board("  XO./.X./O..\n"), board("XO./.X./O.."));
}

#[test]
fn notation_is_upper_case_with_dots() {
    let position = board("xo_/_x_/o__");
    assert_eq!(position.to_string(), "XO./.X./O..");
    assert_eq!(position.notation().as_str(), "XO./.X./O..");
    assert_eq!(Board::classic().to_string(), ".../.../...");
    let wide = board("x_o__/_____/_____/_____");
    assert_eq!(wide.to_string(), "X.O../...../...../.....");
}

#[test]
fn notation_round_trips_on_every_reachable_position() {
    for position in classic_positions(Mark::X) {
        let text = position.to_string();
        assert!(
            text.chars().all(|ch| matches!(ch, 'X' | 'O' | '.' | '/')),
            "{text}"
        );
        // With X first the counts tell whose turn it is, so plain parsing recovers the position.
        assert_eq!(board(&text), position, "{text}");
    }
    for position in classic_positions(Mark::O) {
        let text = position.to_string();
        assert_eq!(
            board_with_turn(&text, position.to_move()),
            position,
            "{text}"
        );
        if position.count(Mark::X) != position.count(Mark::O) {
            // Unequal counts say who moved last whichever side started.
            assert_eq!(board(&text), position, "{text}");
        }
    }
}

#[test]
fn legal_moves_are_the_empty_cells_in_row_major_order() {
    let position = board("X.O/.X./O..");
    let moves: Vec<_> = position.legal_moves().collect();
    assert_eq!(
        moves,
        [cell(0, 1), cell(1, 0), cell(1, 2), cell(2, 1), cell(2, 2)]
    );
    // A won game has no moves left even though cells are empty.
    assert_eq!(board("XXX/OO./...").legal_moves().count(), 0);
    assert_eq!(board("XOX/XOO/OXX").legal_moves().count(), 0);
}

#[test]
fn playing_passes_the_turn_and_after_leaves_the_board_alone() {
    let start = board("X../.../...");
    let next = start.after(cell(1, 1)).unwrap();
    assert_eq!(start, board("X../.../..."));
    assert_eq!(next, board("X../.O./..."));
    assert_eq!(next.to_move(), Mark::X);
    assert_eq!(next.get(cell(1, 1)), Some(Mark::O));
    assert_eq!(next.get(cell(0, 1)), None);
    // Off the board reads as empty rather than panicking.
    assert_eq!(next.get(cell(3, 0)), None);
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut position = board("X../.O./...");
    assert_eq!(
        position.play(cell(1, 1)),
        Err(PlayError::Occupied {
            cell: cell(1, 1),
            mark: Mark::O
        })
    );
    assert_eq!(
        position.play(cell(0, 3)),
        Err(PlayError::OffBoard { cell: cell(0, 3) })
    );
    assert_eq!(
        position,
        board("X../.O./..."),
        "a refused move changes nothing"
    );

    let won = board("XXX/OO./...");
    let error = won.after(cell(2, 2)).unwrap_err();
    assert!(matches!(error, PlayError::GameOver { .. }), "{error:?}");
    assert!(error.to_string().contains("X wins"), "{error}");
    let error = board("XOX/XOO/OXX").after(cell(0, 0)).unwrap_err();
    assert!(error.to_string().contains("already holds X"), "{error}");
}

/// A game that cannot be played names the move (counted from 1, its cell as people count) and
/// why, in the words of [`PlayError`].
#[test]
fn a_bad_move_in_a_reviewed_game_names_the_move_and_why() {
    let moves = [cell(1, 1), cell(0, 0), cell(1, 1)];
    let mut analyze = |board: &Board| tictactoe::engine::minimax::plain(board);
    let error = Review::of_game(&Board::classic(), &moves, &mut analyze).unwrap_err();
    assert_eq!(error.ply, 3);
    assert_eq!(
        error.to_string(),
        "move 3 (row 2, column 2): cell (1, 1) already holds X"
    );
}

/// The two ends of a line, in either order.
fn ends(line: WinningLine) -> [(usize, usize); 2] {
    let mut ends = [
        (line.start.row, line.start.col),
        (line.end.row, line.end.col),
    ];
    ends.sort();
    ends
}

#[test]
fn a_win_reports_the_winner_and_the_ends_of_the_line() {
    let cases = [
        ("XXX/OO./...", Mark::X, [(0, 0), (0, 2)]),
        ("OX./OX./.X.", Mark::X, [(0, 1), (2, 1)]),
        ("X.O/.XO/..X", Mark::X, [(0, 0), (2, 2)]),
        ("XXO/.O./OX.", Mark::O, [(0, 2), (2, 0)]),
        ("XX./.../OOO", Mark::O, [(2, 0), (2, 2)]),
        // 4×4 and 5×5 need four in a row, not necessarily from an edge.
        ("XXXX/OOO./..../....", Mark::X, [(0, 0), (0, 3)]),
        (".X.../O.X../O..X./O...X/.....", Mark::X, [(0, 1), (3, 4)]),
    ];
    for (text, winner, expected_ends) in cases {
        match board(text).outcome() {
            Outcome::Won { mark, line } => {
                assert_eq!(mark, winner, "{text}");
                assert_eq!(ends(line), expected_ends, "{text}");
            }
            other => panic!("{text}: expected a win, got {other:?}"),
        }
    }
    // Three in a row does not win on the larger boards.
    assert_eq!(board("XXX./OO../..../....").outcome(), Outcome::Ongoing);
    assert_eq!(board("XOX/XOO/OXX").outcome(), Outcome::Draw);
    assert_eq!(board("XOX/XOO/OXX").outcome().to_string(), "draw");
}

#[test]
fn the_run_length_is_three_on_3x3_boards_and_four_on_larger_ones() {
    let k = |rows, cols| Geometry::with_default_k(rows, cols).unwrap().k();
    assert_eq!(k(3, 3), 3);
    assert_eq!(k(3, 5), 3, "a line of four cannot fit across three rows");
    assert_eq!(k(4, 4), 4);
    assert_eq!(k(5, 5), 4);
    assert_eq!(k(6, 6), 4);
    assert_eq!(k(7, 7), 5);
    assert_eq!(k(4, 7), 4);
    assert_eq!(
        board("..../..../....").geometry(),
        Geometry::new(3, 4, 3).unwrap()
    );
    // The classic 10: a win must outscore the slowest possible draw on the board.
    assert_eq!(Geometry::CLASSIC.win_score(), 10);
    assert_eq!(Geometry::new(4, 4, 4).unwrap().win_score(), 17);
}

#[test]
fn a_run_length_that_does_not_fit_is_refused() {
    let error = Geometry::new(3, 3, 4).unwrap_err();
    assert_eq!(
        error,
        BoardError::UnsupportedRunLength {
            k: 4,
            rows: 3,
            cols: 3
        }
    );
    assert!(error.to_string().contains("4 in a row"), "{error}");
    assert!(error.to_string().contains("3×3"), "{error}");
    assert!(Geometry::new(3, 3, 1).is_err(), "one in a row is no game");
    assert!(
        Geometry::new(3, 3, 2).is_err(),
        "two in a row is no game either"
    );
    assert!(Geometry::new(8, 3, 3).is_err());
    assert!(Geometry::new(7, 7, 6).is_err(), "at most five in a row");
    assert!(Geometry::new(7, 7, 5).is_ok());
    assert!(Geometry::new(6, 6, 3).is_ok());
    let message = Geometry::new(4, 4, 5).unwrap_err().to_string();
    assert!(message.contains("k must be from 3 to 4"), "{message}");
    let message = Geometry::new(3, 3, 4).unwrap_err().to_string();
    assert!(message.contains("k must be 3"), "{message}");
}

#[test]
fn boards_up_to_7x7_parse_and_print_back() {
    for text in [
        "....../....../..X.../...O../....../......",
        "X....../.O...../......./...X.../......./......./......O",
        "......./......./.......",
    ] {
        let position = board(text);
        assert_eq!(position.to_string(), text);
    }
    let seven = board("XXXXX../OOOO.../......./......./......./......./.......");
    assert_eq!(seven.geometry().k(), 5);
    assert_eq!(seven.outcome().winner(), Some(Mark::X));
    // A chosen run length applies to the position's checks.
    let four_in_a_row = Board::parse_with(
        "XXXX.../OOO..../......./......./......./......./.......",
        None,
        Some(4),
    )
    .unwrap();
    assert_eq!(four_in_a_row.outcome().winner(), Some(Mark::X));
    assert!(Board::parse_with("XXX./OO../..../....", None, Some(3)).is_ok());
    assert!(Board::parse_with("..../..../..../....", None, Some(6)).is_err());
}

/// Parses `text` (with an optional explicit side to move), expecting `expected`, and checks that
/// the message is one line containing every word of `words`.
fn assert_parse_error(text: &str, to_move: Option<Mark>, expected: BoardError, words: &[&str]) {
    let error = Board::parse_with_turn(text, to_move).expect_err(text);
    assert_eq!(error, expected, "{text:?}");
    let message = error.to_string();
    assert!(!message.contains('\n'), "{text:?}: {message:?}");
    for word in words {
        assert!(
            message.contains(word),
            "{text:?}: the message {message:?} should mention {word:?}"
        );
    }
}

#[test]
fn an_empty_board_is_refused() {
    for text in ["", "   ", "\n\t"] {
        assert_parse_error(text, None, BoardError::Empty, &["empty"]);
    }
}

#[test]
fn too_few_or_too_many_rows_are_refused() {
    let too_few = BoardError::UnsupportedSize {
        what: "rows",
        found: 2,
    };
    assert_parse_error(".../...", None, too_few, &["rows", "found 2", "3 to 7"]);
    let one = BoardError::UnsupportedSize {
        what: "rows",
        found: 1,
    };
    assert_parse_error("X.O", None, one, &["rows", "found 1"]);
    let too_many = BoardError::UnsupportedSize {
        what: "rows",
        found: 8,
    };
    assert_parse_error(
        ".../.../.../.../.../.../.../...",
        None,
        too_many,
        &["rows", "found 8", "3 to 7"],
    );
}

#[test]
fn too_few_or_too_many_columns_are_refused() {
    let too_few = BoardError::UnsupportedSize {
        what: "columns",
        found: 2,
    };
    assert_parse_error("../../..", None, too_few, &["columns", "found 2"]);
    let too_many = BoardError::UnsupportedSize {
        what: "columns",
        found: 8,
    };
    assert_parse_error(
        "......../......../........",
        None,
        too_many.clone(),
        &["columns", "found 8", "3 to 7"],
    );
    // Columns are characters: a two-byte 'é' is one more column, not two.
    assert_parse_error(".......é/......./.......", None, too_many, &["found 8"]);
}

#[test]
fn ragged_rows_are_refused_naming_the_row() {
    let short = BoardError::RaggedRow {
        row: 2,
        found: 2,
        expected: 3,
    };
    assert_parse_error(
        "X../O./...",
        None,
        short,
        &["row 2 has 2 cells", "row 1 has 3"],
    );
    let long = BoardError::RaggedRow {
        row: 3,
        found: 4,
        expected: 3,
    };
    assert_parse_error(".../.../....", None, long, &["row 3 has 4 cells"]);
    // A trailing '/' starts an empty row.
    let trailing = BoardError::RaggedRow {
        row: 4,
        found: 0,
        expected: 3,
    };
    assert_parse_error(".../.../.../", None, trailing, &["row 4 has 0 cells"]);
}

#[test]
fn a_bad_character_is_refused_naming_it_and_where_it_is() {
    let cases = [
        ("XOZ/.../...", 'Z', 1, 3),
        (".../.-./...", '-', 2, 2),
        ("X O/.../...", ' ', 1, 2),
        // Columns are counted in characters, not bytes: 'é' and '✗' take 2 and 3 bytes.
        ("..é/.../...", 'é', 1, 3),
        (".../.✗./...", '✗', 2, 2),
        ("é✗./.../...", 'é', 1, 1),
        ("0../.../...", '0', 1, 1),
    ];
    for (text, ch, row, col) in cases {
        let ch_text = ch.to_string();
        let position = format!("row {row}, column {col}");
        assert_parse_error(
            text,
            None,
            BoardError::BadCharacter { ch, row, col },
            &[&ch_text, &position],
        );
    }
}

#[test]
fn counts_that_players_taking_turns_cannot_reach_are_refused() {
    let two_ahead = BoardError::ImpossibleCounts { x: 2, o: 0 };
    assert_parse_error("XX./.../...", None, two_ahead, &["2 X", "0 O"]);
    let o_two_ahead = BoardError::ImpossibleCounts { x: 1, o: 3 };
    assert_parse_error("OOX/O../...", None, o_two_ahead, &["1 X", "3 O"]);
}

#[test]
fn both_sides_having_a_line_is_refused() {
    assert_parse_error(
        "XXX/OOO/...",
        None,
        BoardError::BothHaveLines,
        &["both", "line"],
    );
}

#[test]
fn a_move_after_the_game_was_won_is_refused() {
    // X has a line but O has more marks: O moved after X had won.
    assert_parse_error(
        "XXX/OO./O.O",
        None,
        BoardError::PlayedAfterWin { winner: Mark::X },
        &["X has a line", "O moved after"],
    );
    // O has a line but X has one more mark.
    assert_parse_error(
        "OOO/XX./XX.",
        None,
        BoardError::PlayedAfterWin { winner: Mark::O },
        &["O has a line", "X moved after"],
    );
}

#[test]
fn two_separate_lines_for_the_winner_are_refused() {
    // On 5×5 (four in a row) X has two rows with no cell in common, so one of them was completed
    // after the game had ended. Counts 8 X, 7 O; O has no four in a row.
    assert_parse_error(
        "XXXXO/OO.O./XXXXO/OO.../.....",
        None,
        BoardError::SeparateLines { winner: Mark::X },
        &["X has two separate lines"],
    );
    // Two lines through a shared cell are fine: the last move at (0, 0) made both.
    let double = board("XXX/XOO/XOO");
    assert_eq!(double.outcome().winner(), Some(Mark::X));
}

#[test]
fn an_explicit_side_to_move_that_just_moved_is_refused() {
    assert_parse_error(
        "X../.../...",
        Some(Mark::X),
        BoardError::WrongTurn {
            to_move: Mark::X,
            last_mover: Mark::X,
            x: 1,
            o: 0,
        },
        &["X cannot be to move", "1 X and 0 O", "O is to move"],
    );
    assert_parse_error(
        "O../.X./O..",
        Some(Mark::O),
        BoardError::WrongTurn {
            to_move: Mark::O,
            last_mover: Mark::O,
            x: 1,
            o: 2,
        },
        &["O cannot be to move", "X is to move"],
    );
    // Equal counts, and O has just won: it cannot be O's move again.
    assert!(Board::parse_with_turn("OOO/XX./X..", Some(Mark::O)).is_err());
    assert_eq!(
        Board::parse_with_turn("OOO/XX./X..", Some(Mark::X))
            .unwrap()
            .to_move(),
        Mark::X
    );
}

#[test]
fn marks_parse_in_either_case() {
    assert_eq!("x".parse::<Mark>(), Ok(Mark::X));
    assert_eq!(" O ".parse::<Mark>(), Ok(Mark::O));
    let error = "Y".parse::<Mark>().unwrap_err();
    assert!(error.contains("\"Y\""), "{error}");
    assert_eq!(Mark::X.opponent(), Mark::O);
    assert_eq!(Mark::O.opponent(), Mark::X);
}
