//! Issue 30, item 12: each message says what was typed and what would be accepted, in one line.

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
fn a_huge_move_is_shown_short() {
    let huge = format!("5,{}x", "9".repeat(100_000));
    let line = message(&["review", &huge]);
    assert!(line.len() < 200, "{} bytes", line.len());
    assert!(
        line.contains("not a cell number; cells are numbered 1 to 9"),
        "{line}"
    );
}
