//! `tictactoe analyze`, through the real binary: the JSON it prints, its exit statuses, and how it
//! copes with bad input.

#[path = "common/binary.rs"]
mod binary;
mod common;

use binary::{Run, run};
use common::{board, board_with_turn, cell, open_classic_positions};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};
use tictactoe::{Board, Cell, Mark, Outcome, engine::minimax};

fn analyze(args: &[&str]) -> Run {
    let mut all = vec!["analyze"];
    all.extend_from_slice(args);
    run(&all, b"")
}

fn batch(args: &[&str], stdin: &[u8]) -> Run {
    let mut all = vec!["analyze", "-"];
    all.extend_from_slice(args);
    run(&all, stdin)
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap_or_else(|| panic!("not an object: {value}"))
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort();
    keys
}

fn json_cell(value: &Value) -> Cell {
    let [row, col] = [&value[0], &value[1]].map(|n| n.as_u64().unwrap() as usize);
    cell(row, col)
}

#[test]
fn a_single_board_prints_one_json_line_rating_every_move() {
    let result = analyze(&["XOX/.O./X.."]);
    assert_eq!(result.status, 0);
    assert_eq!(result.stderr, "");
    assert!(result.stdout.ends_with('\n'));
    let json = result.json();
    assert_eq!(
        keys(&json),
        ["best", "board", "moves", "outcome", "to_move"]
    );
    assert_eq!(json["board"], "XOX/.O./X..");
    assert_eq!(json["to_move"], "O");
    assert_eq!(json["outcome"], "ongoing");
    // The empty cells in row-major order. O wins at once on (2,1); (1,0) forks and wins next
    // move; (1,2) and (2,2) let X complete the left column.
    let moves = json["moves"].as_array().unwrap();
    let rated: Vec<(u64, u64, i64)> = moves
        .iter()
        .map(|m| {
            assert_eq!(keys(m), ["col", "line", "row", "score"]);
            (
                m["row"].as_u64().unwrap(),
                m["col"].as_u64().unwrap(),
                m["score"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rated, [(1, 0, 8), (1, 2, -9), (2, 1, 10), (2, 2, -9)]);
    assert_eq!(
        moves[2]["line"],
        json!([]),
        "the winning move ends the game"
    );
    assert_eq!(
        moves[1]["line"],
        json!([[1, 0]]),
        "X completes the left column"
    );
    assert_eq!(json["best"], json!({"row": 2, "col": 1}));
}

#[test]
fn stats_name_the_algorithm_and_count_positions() {
    let plain = analyze(&[".../.../...", "--stats", "--algorithm", "plain"]).json();
    assert_eq!(keys(&plain["stats"]), ["algorithm", "micros", "nodes"]);
    assert_eq!(plain["stats"]["algorithm"], "plain");
    assert_eq!(plain["stats"]["nodes"], 549_946, "the whole game tree");
    assert!(plain["stats"]["micros"].is_u64());

    let fast = analyze(&[".../.../...", "--stats"]).json();
    assert_eq!(fast["stats"]["algorithm"], "solver", "the default search");
    let nodes = fast["stats"]["nodes"].as_u64().unwrap();
    assert!(nodes * 50 <= 549_946, "{nodes}");
    assert!(analyze(&[".../.../..."]).json().get("stats").is_none());
}

#[test]
fn to_move_sets_whose_turn_it_is() {
    // Both sides can complete a row: whoever moves wins at once.
    let x = analyze(&["XX./OO./..."]).json();
    assert_eq!(x["to_move"], "X");
    assert_eq!(x["best"], json!({"row": 0, "col": 2}));
    for mark in ["O", "o"] {
        let o = analyze(&["XX./OO./...", "--to-move", mark]).json();
        assert_eq!(o["to_move"], "O");
        assert_eq!(o["best"], json!({"row": 1, "col": 2}));
        assert_eq!(o["moves"][1]["score"], 10, "(1,2) wins for O");
    }
    let empty = analyze(&[".../.../...", "--to-move", "O"]).json();
    assert_eq!(empty["to_move"], "O");
    // Every opening draws; the tie goes to the first cell in row-major order.
    assert_eq!(empty["best"], json!({"row": 0, "col": 0}));
}

#[test]
fn both_algorithms_print_the_same_analysis() {
    for text in [
        ".../.../...",
        "X../.O./...",
        "XOX/.O./X..",
        "XO./.X./..O",
        "XX./OO./...",
        "XXX/OO./...",
        "XOXO/OXOX/..../....",
    ] {
        let plain = analyze(&[text, "--algorithm", "plain"]);
        for algorithm in ["alphabeta", "solver"] {
            let fast = analyze(&[text, "--algorithm", algorithm]);
            assert_eq!(plain.stdout, fast.stdout, "{text} {algorithm}");
            let mut plain = analyze(&[text, "--algorithm", "plain", "--stats"]).json();
            let mut fast = analyze(&[text, "--algorithm", algorithm, "--stats"]).json();
            assert_eq!(plain["stats"]["algorithm"], "plain");
            assert_eq!(fast["stats"]["algorithm"], algorithm);
            plain.as_object_mut().unwrap().remove("stats");
            fast.as_object_mut().unwrap().remove("stats");
            assert_eq!(plain, fast, "{text}");
        }
    }
}

#[test]
fn a_finished_board_has_an_outcome_and_no_moves() {
    for (text, outcome) in [
        ("XXX/OO./...", "X wins"),
        ("OOO/XX./X..", "O wins"),
        ("XOX/XOO/OXX", "draw"),
    ] {
        let result = analyze(&[text]);
        assert_eq!(result.status, 0, "{text}");
        let json = result.json();
        assert_eq!(json["outcome"], outcome, "{text}");
        assert_eq!(json["moves"], json!([]), "{text}");
        assert_eq!(json["best"], Value::Null, "{text}");
    }
}

#[test]
fn a_bad_board_exits_with_status_2_and_one_line_saying_why() {
    let cases: [(&[&str], &[&str]); 6] = [
        (&["XOZ/.../..."], &["'Z'", "row 1, column 3"]),
        (&["..é/.../..."], &["'é'", "row 1, column 3"]),
        (&["XX./.../..."], &["impossible counts", "2 X and 0 O"]),
        (&[".../..."], &["rows", "found 2"]),
        (&["XXX/OOO/..."], &["both X and O have a line"]),
        (&["X../.../...", "--to-move", "X"], &["X cannot be to move"]),
    ];
    for (args, words) in cases {
        let result = analyze(args);
        assert_eq!(result.status, 2, "{args:?}");
        assert_eq!(result.stdout, "", "{args:?}");
        assert_eq!(result.stderr.lines().count(), 1, "{:?}", result.stderr);
        assert!(result.stderr.ends_with('\n'));
        for word in words {
            assert!(result.stderr.contains(word), "{args:?}: {}", result.stderr);
        }
        // The message quotes the board it is about.
        assert!(result.stderr.contains(args[0]), "{}", result.stderr);
    }
}

#[test]
fn a_huge_single_board_gets_a_short_message() {
    // As long as the command line allows: Windows takes at most 32,767 characters.
    let huge = "X".repeat(if binary::runs_windows_program() {
        30_000
    } else {
        100_000
    });
    let run = analyze(&[&huge]);
    assert_eq!(run.status, 2);
    assert!(run.stdout.is_empty());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.len() < 300,
        "the message echoes the whole board: {} bytes",
        run.stderr.len()
    );
    assert!(run.stderr.contains("columns"), "{}", run.stderr);
}

#[test]
fn batch_mode_prints_one_line_per_board_and_flags_bad_ones() {
    let input = "X../.../...\nbad\nXXX/OO./...\nXX./.../...\n\n.../.X./...\n";
    let result = batch(&[], input.as_bytes());
    assert_eq!(result.status, 1, "some lines were bad");
    assert_eq!(result.stderr, "");
    let lines = result.json_lines();
    // The blank line names no board.
    assert_eq!(lines.len(), 5);

    assert_eq!(lines[0]["board"], "X../.../...");
    assert_eq!(lines[0]["to_move"], "O");
    assert_eq!(lines[2]["outcome"], "X wins");
    assert_eq!(lines[4]["board"], ".../.X./...");

    // Bad lines are the line as read, its number in the input and what is wrong with it,
    // nothing else.
    for (index, board, number, word) in [
        (1, "bad", 2, "'b'"),
        (3, "XX./.../...", 4, "impossible counts"),
    ] {
        let line = &lines[index];
        assert_eq!(keys(line), ["board", "error", "input_line"], "{line}");
        assert_eq!(line["board"], board);
        assert_eq!(line["input_line"], number);
        let error = line["error"].as_str().unwrap();
        assert!(error.contains(word), "{error}");
    }
}

#[test]
fn batch_mode_exits_0_when_every_line_is_good() {
    let result = batch(&["--stats"], b"X../.../...\n.../.X./...\nXOX/.O./X..");
    assert_eq!(result.status, 0);
    let lines = result.json_lines();
    assert_eq!(lines.len(), 3, "the last line needs no newline");
    assert!(lines.iter().all(|line| line["stats"]["nodes"].is_u64()));
    assert_eq!(lines[2]["board"], "XOX/.O./X..");
}

#[test]
fn batch_mode_applies_to_move_to_every_line() {
    let result = batch(&["--to-move", "O"], b".../.../...\nO../.../...\n");
    assert_eq!(result.status, 1);
    let lines = result.json_lines();
    assert_eq!(lines[0]["to_move"], "O");
    let error = lines[1]["error"].as_str().unwrap();
    assert!(error.contains("O cannot be to move"), "{error}");
}

#[test]
fn empty_input_prints_nothing() {
    let result = batch(&[], b"");
    assert_eq!(result.status, 0);
    assert_eq!(result.stdout, "");
    assert_eq!(result.stderr, "");
}

#[test]
fn crlf_line_endings_are_not_part_of_the_board() {
    let result = batch(&[], b"X../.../...\r\nbad\r\n.../.O./...\r\n");
    assert_eq!(result.status, 1);
    let lines = result.json_lines();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["board"], "X../.../...");
    assert_eq!(lines[0]["to_move"], "O");
    assert_eq!(lines[1]["board"], "bad");
    assert_eq!(lines[2]["board"], ".../.O./...");
}

#[test]
fn a_whitespace_only_line_names_no_board() {
    let result = batch(&[], b"   \t \n");
    assert_eq!((result.status, result.stdout.as_str()), (0, ""));
    // As a board given alone, it is an empty board.
    let alone = analyze(&["   \t "]);
    assert_eq!(alone.status, 2);
    assert!(alone.stderr.contains("empty board"), "{}", alone.stderr);
}

#[test]
fn bytes_that_are_not_utf8_are_reported_not_fatal() {
    let result = batch(&[], b"X\xff./.../...\n\xc3\n.../.../...\n");
    assert_eq!(result.status, 1);
    let lines = result.json_lines();
    assert_eq!(lines.len(), 3);
    for line in &lines[..2] {
        assert!(line["error"].as_str().unwrap().contains("UTF-8"), "{line}");
    }
    assert_eq!(lines[2]["board"], ".../.../...");
    assert_eq!(lines[2]["outcome"], "ongoing");
}

#[test]
fn a_huge_line_is_reported_without_echoing_it() {
    let mut input = vec![b'X'; 10 << 20];
    let only_line = batch(&[], &input);
    assert_eq!(only_line.status, 1);
    let line = only_line.json();
    let error = line["error"].as_str().unwrap();
    assert!(error.contains("too long"), "{error}");
    assert!(error.contains(&(10 << 20).to_string()), "{error}");
    // The report stays small: ten megabytes of input are not copied into the output.
    assert!(
        only_line.stdout.len() < 64 << 10,
        "{} bytes",
        only_line.stdout.len()
    );

    // The next line is read normally.
    input.extend_from_slice(b"\nX../.../...\n");
    let lines = batch(&[], &input).json_lines();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["board"], "X../.../...");
    assert_eq!(lines[1]["outcome"], "ongoing");
}

#[test]
fn an_open_large_board_hits_the_node_limit_instead_of_hanging() {
    for (algorithm, open) in [
        ("plain", "..../..../..../...."),
        ("alphabeta", "..../..../..../...."),
        ("solver", "...../...../...../...../....."),
    ] {
        let result = analyze(&[open, "--max-nodes", "1000", "--algorithm", algorithm]);
        assert_eq!(result.status, 2, "{algorithm}");
        assert_eq!(result.stdout, "");
        assert_eq!(result.stderr.lines().count(), 1, "{}", result.stderr);
        assert!(
            result.stderr.contains("1000 positions"),
            "{}",
            result.stderr
        );
        assert!(result.stderr.contains("--max-nodes"), "{}", result.stderr);
    }
    // In a batch the board gets an error line and the rest carry on. (The empty 4×4 no longer
    // needs 1000 positions with the default solver; the empty 5×5 does.)
    let result = batch(
        &["--max-nodes", "1000"],
        b"...../...../...../...../.....\nX../.../...\n",
    );
    assert_eq!(result.status, 1);
    let lines = result.json_lines();
    assert!(lines[0]["error"].as_str().unwrap().contains("--max-nodes"));
    assert_eq!(lines[1]["board"], "X../.../...");
}

/// Checks one JSON analysis against the library's plain minimax, and that every move's line is
/// a legal continuation that ends the game exactly at its last cell, as the score says.
fn check_against_plain(json: &Value, position: &Board) {
    let plain = minimax::plain(position);
    let mover = position.to_move();
    let win = position.geometry().win_score();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), plain.moves.len(), "{position:?}");
    for (m, expected) in moves.iter().zip(&plain.moves) {
        let played = cell(
            m["row"].as_u64().unwrap() as usize,
            m["col"].as_u64().unwrap() as usize,
        );
        let score = m["score"].as_i64().unwrap() as i32;
        let line: Vec<Cell> = m["line"]
            .as_array()
            .unwrap()
            .iter()
            .map(json_cell)
            .collect();
        assert_eq!(
            (played, score, &line),
            (expected.cell, expected.score.value(), &expected.pv)
        );

        let mut replay = position.after(played).unwrap();
        for &next in &line {
            assert!(
                !replay.outcome().is_over(),
                "{position:?}: line goes on after the end"
            );
            replay.play(next).unwrap();
        }
        let outcome = replay.outcome();
        assert!(
            outcome.is_over(),
            "{position:?} {played}: the line stops early"
        );
        let expected_winner = match score {
            s if s > 0 => Some(mover),
            s if s < 0 => Some(mover.opponent()),
            _ => None,
        };
        assert_eq!(outcome.winner(), expected_winner, "{position:?} {played}");
        if outcome == Outcome::Draw {
            assert_eq!(score, 0);
        } else {
            assert_eq!(win - score.abs(), line.len() as i32, "the depth rule");
        }
    }
    let best = plain
        .best()
        .map(|m| json!({"row": m.cell.row, "col": m.cell.col}));
    assert_eq!(json["best"], best.unwrap_or(Value::Null));
}

#[test]
fn every_open_position_in_one_batch_matches_plain_minimax() {
    let positions = open_classic_positions(Mark::X);
    let input: String = positions.iter().map(|p| format!("{p}\n")).collect();
    let result = batch(&[], input.as_bytes());
    assert_eq!(result.status, 0);
    let lines = result.json_lines();
    assert_eq!(lines.len(), positions.len());
    for (json, position) in lines.iter().zip(&positions) {
        assert_eq!(json["board"], position.to_string());
        assert_eq!(json["to_move"], position.to_move().to_string());
        check_against_plain(json, position);
    }
}

#[test]
fn lines_are_legal_continuations_when_o_is_to_move_on_equal_counts() {
    for text in ["X../.O./...", "XO./.X./..O", ".../.../..."] {
        let json = analyze(&[text, "--to-move", "O"]).json();
        check_against_plain(&json, &board_with_turn(text, Mark::O));
    }
    let json = analyze(&["XOX/.O./X.."]).json();
    check_against_plain(&json, &board("XOX/.O./X.."));
}

#[test]
fn k_sets_how_many_in_a_row_win() {
    // On 4×4 with three in a row, X wins from a centre square with its third move: 17 − 4.
    let json = analyze(&["..../..../..../....", "--k", "3"]).json();
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 16);
    assert_eq!(moves[5]["score"], 13, "(1,1)");
    assert_eq!(moves[5]["line"].as_array().unwrap().len(), 4);
    assert_eq!(json["best"], json!({"row": 1, "col": 1}));
    // The default on 4×4 is four in a row: a draw.
    let json = analyze(&["..../..../..../...."]).json();
    assert!(
        json["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["score"] == 0)
    );
    // Three in a row already won with k = 3.
    let json = analyze(&["XXX./OO../..../....", "--k", "3"]).json();
    assert_eq!(json["outcome"], "X wins");
}

#[test]
fn an_impossible_k_is_one_line_on_stderr_and_exit_2() {
    for (board, k) in [
        (".../.../...", "4"),
        ("..../..../..../....", "2"),
        (".../.../...", "6"),
    ] {
        let result = analyze(&[board, "--k", k]);
        assert_eq!(result.status, 2, "{board} --k {k}");
        assert_eq!(result.stdout, "");
        assert_eq!(result.stderr.lines().count(), 1, "{}", result.stderr);
        assert!(
            result.stderr.contains("in a row cannot be played"),
            "{}",
            result.stderr
        );
        assert!(result.stderr.contains("k must be"), "{}", result.stderr);
    }
    // In a batch it is an error line like any bad board.
    let result = batch(&["--k", "4"], b".../.../...\n..../..../..../....\n");
    assert_eq!(result.status, 1);
    let lines = result.json_lines();
    assert!(lines[0]["error"].as_str().unwrap().contains("4 in a row"));
    assert_eq!(lines[1]["moves"].as_array().unwrap().len(), 16);
}

#[test]
fn a_time_limit_prints_what_was_settled_and_estimates_the_rest() {
    let open = "....../....../....../....../....../......";
    let result = analyze(&[open, "--time-limit", "0.5", "--stats"]);
    assert_eq!(result.status, 0, "{}", result.stderr);
    assert_eq!(result.stderr, "");
    let json = result.json();
    assert_eq!(json["complete"], false);
    assert_eq!(json["stats"]["algorithm"], "solver");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 36);
    for (index, m) in moves.iter().enumerate() {
        assert_eq!(
            (m["row"].as_u64(), m["col"].as_u64()),
            (Some(index as u64 / 6), Some(index as u64 % 6))
        );
        if m["score"].is_null() {
            assert!(m["line"].is_null());
            let estimate = &m["estimate"];
            assert!(estimate["depth"].as_u64().unwrap() >= 1, "{m}");
            assert!(
                estimate["value"].is_i64() || estimate["proven"].is_i64(),
                "{m}"
            );
            if let Some(bound) = m.get("bound") {
                assert!(bound["lower"].as_i64().unwrap() <= bound["upper"].as_i64().unwrap());
            }
        } else {
            assert!(m["line"].is_array());
        }
    }
    // With a time limit the node limit also gives a partial answer instead of an error.
    let result = analyze(&[open, "--time-limit", "5", "--max-nodes", "1000"]);
    assert_eq!(result.status, 0);
    assert_eq!(result.json()["complete"], false);
    // A search that finishes in time is complete and prints as without a limit.
    let quick = analyze(&["XOX/.O./X..", "--time-limit", "5"]);
    assert_eq!(quick.stdout, analyze(&["XOX/.O./X.."]).stdout);
    // Bad limits are refused by the argument parser.
    for bad in ["0", "-1", "soon"] {
        let result = analyze(&["XOX/.O./X..", "--time-limit", bad]);
        assert_eq!(result.status, 2, "{bad}");
        assert!(result.stderr.contains("time"), "{}", result.stderr);
    }
}

#[test]
fn the_solver_matches_plain_minimax_on_larger_boards_through_the_command() {
    let mut rng = SmallRng::seed_from_u64(55);
    for (rows, k) in [(4, 3), (5, 4), (6, 4), (7, 5)] {
        let geometry = tictactoe::Geometry::new(rows, rows, k).unwrap();
        let position = common::random_open_position(geometry, Mark::X, 7, &mut rng);
        let text = position.to_string();
        let k = k.to_string();
        let json = analyze(&[&text, "--k", &k, "--time-limit", "60"]).json();
        assert!(json.get("complete").is_none(), "{json}");
        check_against_plain(&json, &position);
    }
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    // Far more output than a pipe holds, so the command is still writing when the reader goes.
    let positions = open_classic_positions(Mark::X);
    let input: String = positions.iter().map(|p| format!("{p}\n")).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["analyze", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    #[allow(clippy::disallowed_methods, reason = "a test, not the seam")]
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes()); // the command may be gone before the end
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("{\"board\":"), "{first}");
    // The reader is dropped here, as `| head -1` does.
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}

/// Issue 30, item 12: a batch's error lines say which input line they are about, and blank
/// lines (a file ending in an extra `\r\n`) name no board, so they neither fail the batch nor
/// print anything.
#[test]
fn batch_errors_carry_their_line_number_and_blank_lines_are_skipped() {
    let run = batch(
        &[],
        b"X../.../...\r\n\r\nQQ/...\r\n  \t\r\nXX./.../...\r\n\r\n",
    );
    assert_eq!(run.status, 1, "{}", run.stdout);
    let lines = run.json_lines();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0]["board"], "X../.../...");
    assert!(lines[0].get("input_line").is_none(), "{}", lines[0]);
    assert_eq!(keys(&lines[1]), ["board", "error", "input_line"]);
    assert_eq!(
        (&lines[1]["board"], &lines[1]["input_line"]),
        (&"QQ/...".into(), &3.into())
    );
    assert_eq!(lines[2]["input_line"], 5);
    // Good boards and blank lines only, the last ending in an extra `\r\n`: the batch succeeds.
    let run = batch(&[], b"X../.../...\r\n.../.O./...\r\n\r\n");
    assert_eq!(run.status, 0, "{}", run.stdout);
    assert_eq!(run.json_lines().len(), 2);
    // Nothing but blank lines is no board at all, as an empty input is.
    let run = batch(&[], b"\n \n\r\n");
    assert_eq!((run.status, run.stdout.as_str()), (0, ""));
}

#[test]
fn the_articles_rows_on_separate_lines_are_read_as_a_paste_and_position_read_them() {
    // The articles' board, as their drivers print it, and with the options in the text.
    for (text, args) in [
        ("x o x\no o x\n_ _ _", vec![]),
        ("  X O X\n  O O X\n  _ _ _\n", vec![]),
        ("x o x\no o x\n_ _ _", vec!["--view", "x"]),
    ] {
        let mut rows = vec![text];
        rows.extend(&args);
        let read = analyze(&rows);
        let mut slashes = vec!["XOX/OOX/..."];
        slashes.extend(&args);
        let notation = analyze(&slashes);
        assert_eq!((read.status, read.stderr.as_str()), (0, ""), "{text:?}");
        assert_eq!(read.stdout, notation.stdout, "{text:?}");
    }
    // tree and trace read them the same way.
    for command in ["tree", "trace"] {
        let read = run(&[command, "x o x\no o x\n_ _ _"], b"");
        let notation = run(&[command, "XOX/OOX/..."], b"");
        assert_eq!(read.status, 0, "{command}: {}", read.stderr);
        assert_eq!(read.stdout, notation.stdout, "{command}");
    }
    // A mistake in such a board is named by its row and column, as in the notation.
    let bad = analyze(&["x o x\no q x\n_ _ _"]);
    assert_eq!(bad.status, 2);
    assert!(
        bad.stderr.contains("bad character 'q' at row 2, column 2"),
        "{}",
        bad.stderr
    );
}
