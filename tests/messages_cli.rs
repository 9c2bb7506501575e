//! Each message says what was typed and what would be accepted, in one line.

#[path = "common/binary.rs"]
mod binary;

use binary::run;

/// The first line of standard error, checked to be the only line that says anything (clap adds
/// its "For more information" line).
fn message(args: &[&str]) -> String {
    let run = run(args, b"");
    assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
    run.stderr.lines().next().unwrap().to_string()
}

#[test]
fn a_time_limit_out_of_range_says_what_is_accepted() {
    for command in ["analyze", "review"] {
        let board = if command == "analyze" {
            "X../.../..."
        } else {
            "5"
        };
        let line = message(&[command, board, "--time-limit", "1e9"]);
        assert!(
            line.ends_with(
                "the time limit must be a number of seconds above 0 and below 1000000000, \
                 like 5 or 0.5, not 1e9"
            ),
            "{line}"
        );
    }
}

#[test]
fn a_budget_of_no_positions_is_refused_as_a_budget() {
    for args in [
        &["analyze", "X../.../...", "--max-nodes", "0"][..],
        &["tree", "X../.../...", "--max-nodes", "0"],
        &["trace", "X../.../...", "--max-nodes", "0"],
        &["review", "5", "--max-nodes", "0"],
    ] {
        let line = message(args);
        assert!(
            line.ends_with(
                "the budget must be a whole number of positions from 1 to 18446744073709551615, \
                 not 0"
            ),
            "{line}"
        );
    }
}

#[test]
fn a_negative_k_is_named_as_a_k_not_an_option() {
    for args in [
        &["analyze", "X../.../...", "--k", "-1"][..],
        &["review", "5", "--k", "-1"],
        &["--position", "X../.../...", "--k", "-1"],
    ] {
        let line = message(args);
        assert!(
            line.ends_with("how many in a row win must be a whole number from 3 to 5, not -1"),
            "{line}"
        );
        assert!(!line.contains("-- -1"), "{line}");
    }
}

#[test]
fn a_start_of_another_shape_names_both_shapes() {
    let line = message(&["review", "1", "--from", "..../..../....", "--size", "3"]);
    assert_eq!(
        line,
        "tictactoe review: --from: the board is 3×4, but --size 3 asks for 3×3"
    );
}

#[test]
fn a_move_number_too_large_is_named_as_typed() {
    for typed in ["18446744073709551615", "9223372036854775808"] {
        let line = message(&["review", typed]);
        assert_eq!(
            line,
            format!(
                "tictactoe review: move 1 ({typed:?}): not a cell number; cells are numbered 1 \
                 to 9"
            )
        );
    }
    // One that fits is a number, and no cell.
    let line = message(&["review", "9223372036854775807"]);
    assert!(
        line.ends_with("move 1 (9223372036854775807): no such cell; cells are numbered 1 to 9"),
        "{line}"
    );
}

#[test]
fn a_huge_move_is_shown_short() {
    let huge = format!("5,{}x", "9".repeat(100_000));
    let line = message(&["review", &huge]);
    assert!(line.len() < 200, "{} bytes", line.len());
    assert!(
        line.contains("not a cell number; cells are numbered 1 to 9"),
        "{line}"
    );
}

/// Issue 30, item 12: with no display the message named a source file of the machine that built
/// the program. On Linux, an X display that does not answer gives winit's OS error, which carries
/// that place; neither the message nor the log may show it.
#[cfg(target_os = "linux")]
#[test]
fn no_display_is_said_without_the_builders_paths() {
    if std::env::var_os("TICTACTOE_TEST_BINARY").is_some() {
        return; // the Windows build under Wine has a display of its own
    }
    let home = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .arg("--settings")
        .arg(home.path().join("settings.ron"))
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        // A display no X server serves.
        .env("DISPLAY", "127.0.0.1:97")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("could not open its window"), "{stderr}");
    let log = std::fs::read_to_string(home.path().join("data/tictactoe/tictactoe.log")).unwrap();
    for text in [&stderr[..], &log] {
        assert!(!text.contains(".rs:"), "{text}");
        assert!(!text.contains("os error at"), "{text}");
        assert!(!text.contains(env!("CARGO_MANIFEST_DIR")), "{text}");
    }
}

/// Issue 30, item 12: a file name with a line break (or another control character) split the
/// message; names are shown on one line, quoted and escaped when they hold such characters.
#[cfg(unix)]
#[test]
fn a_file_name_with_a_line_break_stays_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let name = "my\ngame\u{1b}[2J.ron";
    let path = dir.path().join(name);
    std::fs::write(&path, "not a game").unwrap();
    let shown = format!("\"{}/my\\ngame\\u{{1b}}[2J.ron\"", dir.path().display());
    let line = message(&["review", "--game", path.to_str().unwrap()]);
    assert!(
        line.starts_with(&format!("tictactoe review: game file {shown}: ")),
        "{line}"
    );
    // Settings read from such a file name say so on one line an issue.
    std::fs::write(&path, "(board_size: 9)").unwrap();
    let error = tictactoe::store::settings::load_strict(&path).unwrap_err();
    let text = error.to_string();
    assert!(!text.contains('\u{1b}'), "{text}");
    for line in text.lines() {
        assert!(line.starts_with(&format!("{shown}: ")), "{line}");
    }
}

/// Every numeric option names what was typed and what it accepts, in the same words, for bad
/// text, an empty value, a number too large for its type and a negative one (never clap's tip
/// to write `-- -1`).
#[test]
fn every_numeric_option_names_what_was_typed_and_what_it_accepts() {
    let options: [(&[&str], &str, &str); 4] = [
        (
            &["tree", "XOX/.O./X..", "--depth"],
            "--depth <N>",
            "the depth must be a whole number of levels from 0 to 4294967295",
        ),
        (
            &["review", "1", "--size"],
            "--size <N>",
            "the board's side must be a whole number from 3 to 7",
        ),
        (
            &["tree", "XOX/.O./X..", "--max-printed"],
            "--max-printed <N>",
            "the most positions printed must be a whole number from 0 to 18446744073709551615",
        ),
        (
            &["trace", "XOX/.O./X..", "--max-lines"],
            "--max-lines <N>",
            "the most lines written must be a whole number from 0 to 18446744073709551615",
        ),
    ];
    for (command, option, accepted) in options {
        for value in [
            "abc",
            "",
            "1e3",
            "-1",
            "-5-",
            "--x",
            "18446744073709551616",
            "99999999999999999999",
        ] {
            let mut args = command.to_vec();
            args.push(value);
            let line = message(&args);
            let shown = if value.is_empty() { "''" } else { value };
            assert_eq!(
                line,
                format!("error: invalid value '{value}' for '{option}': {accepted}, not {shown}"),
                "{args:?}"
            );
        }
    }
    // Out of range for the option, though it fits the type.
    let line = message(&["review", "1,2,3", "--size", "8"]);
    assert!(line.ends_with("from 3 to 7, not 8"), "{line}");
    let line = message(&["tree", "XOX/.O./X..", "--depth", "4294967296"]);
    assert!(
        line.ends_with("from 0 to 4294967295, not 4294967296"),
        "{line}"
    );
}

/// A long value is shown by its start, and a control character in it escaped: one short line.
#[test]
fn a_long_or_odd_numeric_value_is_shown_short_on_one_line() {
    let long = "7".repeat(5_000);
    let line = message(&["tree", "XOX/.O./X..", "--depth", &long]);
    assert!(line.len() < 300, "{} bytes: {line}", line.len());
    let run = run(&["analyze", "X../.../...", "--max-nodes", "1\n2"], b"");
    assert_eq!(run.status, 2);
    let first = run.stderr.lines().next().unwrap();
    assert!(first.ends_with("not 1\\n2"), "{first}");
}

/// `review --from` with a bad board names the option and the board as typed.
#[test]
fn a_bad_from_board_names_the_option_and_the_board() {
    let line = message(&["review", "1", "--from", "X../.Q./..."]);
    assert_eq!(
        line,
        "tictactoe review: --from \"X../.Q./...\": bad character 'Q' at row 2, column 2: use X, \
         O or . (or _) for empty"
    );
}

/// A budget too small for an easy position is blamed on the budget, not on the position.
#[test]
fn a_search_stopped_by_its_budget_says_so() {
    let line = message(&["analyze", "XOX/.O./X..", "--max-nodes", "2"]);
    assert!(!line.contains("too open"), "{line}");
    assert!(
        line.ends_with(
            "the search gave up after visiting 2 positions, its budget, before the position was \
             solved (raise --max-nodes to search further)"
        ),
        "{line}"
    );
}

/// A game file's field that is no name, or a number too large for its field, is named with the
/// field and what it accepts, not with RON's advice to Rust programmers.
#[test]
fn game_file_numbers_and_names_are_explained_in_the_files_terms() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ron");
    let says = |text: &str| {
        std::fs::write(&path, text).unwrap();
        message(&["review", "--game", path.to_str().unwrap()])
    };
    let line = says("(version: 1, 0: 3)");
    assert!(
        line.ends_with("\"0\" is not a field name; a field's name is a word, like version"),
        "{line}"
    );
    assert!(!line.contains("r#"), "{line}");
    let line = says("(version: 4294967296)");
    assert!(
        line.ends_with("version: found 4294967296; expected the game file format's version, 1"),
        "{line}"
    );
    let line = says("(version: -1)");
    assert!(
        line.ends_with("version: found -1; expected the game file format's version, 1"),
        "{line}"
    );
    let line = says("(version: 1,\n size: 99999999999999999999999)");
    assert!(
        line.ends_with(
            "line 2, column 8: size: found 99999999999999999999999; expected the board's side, \
             3 to 7"
        ),
        "{line}"
    );
    // A value of a choice: the field, what was typed and what it takes, not RON's `enum Mark`.
    let game = |first: &str, x: &str| {
        format!(
            "(version: 1, size: 3, k: 3, first: {first}, x: {x}, o: Computer, moves: [5], \
             result: \"ongoing\")"
        )
    };
    let line = says(&game("Q", "Human"));
    assert!(line.ends_with("first: found Q; expected X or O"), "{line}");
    let line = says(&game("X", "Robot"));
    assert!(
        line.ends_with("x: found Robot; expected Human or Computer"),
        "{line}"
    );
    assert!(!line.contains("enum"), "{line}");
    let line = says(&format!("(start: \"XOX\", {}", &game("X", "Human")[1..]));
    assert!(
        line.ends_with("start: found \"XOX\"; expected Some(\"…\") or None"),
        "{line}"
    );
    // A game with no moves is nothing to review, as no moves given is.
    let line = says(
        "(version: 1, size: 3, k: 3, first: X, x: Human, o: Computer, moves: [], result: \
         \"ongoing\")",
    );
    assert!(line.ends_with("no moves to review yet; review a game file with at least one move"));
    assert!(message(&["review", ""]).contains("no moves given"));
}

/// A game file's path of 5 KB is shown by its start and its end, on one short line.
#[cfg(unix)]
#[test]
fn a_long_game_file_path_is_shown_short() {
    let dir = tempfile::tempdir().unwrap();
    let mut path = dir.path().to_path_buf();
    for _ in 0..25 {
        path.push("d".repeat(200));
    }
    path.push("game.ron");
    let line = message(&["review", "--game", path.to_str().unwrap()]);
    assert!(line.len() < 300, "{} bytes", line.len());
    assert!(line.contains("…") && line.contains("/game.ron"), "{line}");
}

/// A file name that is not UTF-8 is shown with its bytes escaped, never raw.
#[cfg(target_os = "linux")]
#[test]
fn a_file_name_that_is_not_utf8_is_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9.ron"));
    std::fs::write(&path, "not a game").unwrap();
    let run = binary::run_raw(
        &[
            std::ffi::OsStr::new("review"),
            "--game".as_ref(),
            path.as_os_str(),
        ],
        b"",
    );
    assert_eq!(run.status, 2);
    let stderr = String::from_utf8(run.stderr).expect("the message is UTF-8");
    assert!(stderr.contains("caf\\xe9.ron\""), "{stderr}");
}

#[test]
fn a_window_opened_on_a_set_that_is_no_code_names_the_option_and_the_kinds() {
    let line = message(&["--exercises", "v1-s7-k=fork-n=2-3x3"]);
    assert!(line.contains("for '--exercises <CODE>'"), "{line}");
    assert!(
        line.ends_with(
            "\"fork\" is not a kind of exercise: the kinds are value, tree, horizon, move, prune, \
             chance, eval or mcts"
        ),
        "{line}"
    );
}

/// An empty seed is named as such (`''`), not as nothing after "not".
#[test]
fn an_empty_seed_is_named() {
    let line = message(&["exercises", "--seed", ""]);
    assert!(
        line.ends_with("the seed must be a whole number from 0 to 18446744073709551615, not ''"),
        "{line}"
    );
}

/// A pass mark left empty, or out of range, is named as typed (`''` for nothing) with what is
/// accepted.
#[test]
fn a_pass_mark_that_is_no_percentage_is_named() {
    for (typed, shown) in [("", "''"), ("101", "101"), ("70%", "70%")] {
        let line = message(&[
            "exercises",
            "--code",
            "v1-s7-k=value-n=4-3x3",
            "--pass-mark",
            typed,
        ]);
        assert!(line.contains("for '--pass-mark <N>'"), "{line}");
        assert!(
            line.ends_with(&format!(
                "the pass mark must be a whole number from 0 to 100, not {shown}"
            )),
            "{line}"
        );
    }
}

/// The set's count and board side name an empty value as `''`, as every numeric option does,
/// not with nothing after "not".
#[test]
fn an_empty_count_or_board_side_is_named() {
    for (option, expected) in [
        (
            "--count",
            "the count must be a whole number from 1 to 100, not ''",
        ),
        ("--size", "the board's side must be 3 or 4, not ''"),
    ] {
        let line = message(&["exercises", "--seed", "7", option, ""]);
        assert!(line.ends_with(expected), "{line}");
    }
}

/// A byte-order mark before the moves (a file saved by a Windows editor) is not read as part of
/// the first move.
#[test]
fn a_byte_order_mark_before_the_moves_is_no_move() {
    let run = run(&["review", "\u{feff}5,1"], b"");
    assert_eq!(run.status, 0, "{}", run.stderr);
}

/// `tree` and `trace` name a built-in tree written another way, and read text starting with a
/// minus sign (after `--`) as a tree, with the tree's message, not a board's.
#[test]
fn a_tree_name_written_another_way_and_a_tree_starting_with_minus_are_named() {
    for command in ["tree", "trace"] {
        for typed in ["Three-Ply", "three_ply"] {
            let line = message(&[command, typed]);
            assert!(line.contains("did you mean three-ply?"), "{line}");
        }
        let line = message(&[command, "--", "-[1,2]"]);
        assert!(line.contains("tree notation at character 1"), "{line}");
        assert!(!line.contains("use X, O"), "{line}");
    }
}
