//! `tictactoe trace`: the events of the real searches, checked against plain minimax and the rules
//! of a call stack.

#[path = "common/binary.rs"]
mod binary;
mod common;

use binary::run;
use common::{board, open_classic_positions};
use serde_json::Value;
use tictactoe::cli::{
    Finished, MarkArg, RootArg, RulesArgs, TraceAlgorithmArg, TraceArgs, TraceFormat, trace,
};
use tictactoe::{Board, Cell, Mark, Score, engine::minimax};

fn events(position: &Board, algorithm: TraceAlgorithmArg) -> Vec<Value> {
    let args = TraceArgs {
        board: position.to_string(),
        algorithm,
        root: RootArg::Fresh,
        rules: RulesArgs {
            to_move: Some(match position.to_move() {
                Mark::X => MarkArg::X,
                Mark::O => MarkArg::O,
            }),
            k: Some(position.geometry().k()),
        },
        max_nodes: u64::MAX,
        max_lines: u64::MAX,
        view: None,
        pseudocode: false,
        format: TraceFormat::Json,
    };
    let mut out = Vec::new();
    assert_eq!(trace(&args, &mut out, false).unwrap(), Finished::Done);
    out.split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).unwrap())
        .collect()
}

fn parsed(event: &Value, to_move: Mark, k: usize) -> Board {
    Board::parse_with(event["board"].as_str().unwrap(), Some(to_move), Some(k)).unwrap()
}

/// Walks a trace: every call has one enter and one return at the same depth with the same board,
/// depths nest, each call's board is its parent's after one move, leaves are `evaluate` at their
/// depth, cutoffs happen only where α ≥ β and skip exactly the moves not tried. Returns the number
/// of calls and the scores of the depth-0 returns.
fn check_trace(start: &Board, events: &[Value], windowed: bool) -> (u64, Vec<i32>) {
    let maximiser = start.to_move();
    let win = start.geometry().win_score();
    // (board, depth, moves entered so far)
    let mut stack: Vec<(Board, i64, Vec<Cell>)> = Vec::new();
    let mut calls = 0;
    let mut root_scores = Vec::new();
    let (last, body) = events.split_last().unwrap();
    assert_eq!(last["event"], "done");
    for event in body {
        let depth = event["depth"].as_i64().unwrap();
        match event["event"].as_str().unwrap() {
            "enter" => {
                calls += 1;
                let parent = stack.last().map_or(*start, |frame| frame.0);
                assert_eq!(depth, stack.len() as i64, "depths nest");
                let board = parsed(event, parent.to_move().opponent(), start.geometry().k());
                let moved: Vec<Cell> = board
                    .geometry()
                    .all_cells()
                    .filter(|&c| board.get(c).is_some() && parent.get(c).is_none())
                    .collect();
                assert_eq!(moved.len(), 1, "one move from the parent: {event}");
                assert_eq!(parent.after(moved[0]).unwrap(), board);
                if let Some(frame) = stack.last_mut() {
                    frame.2.push(moved[0]);
                }
                let is_max = board.to_move() == maximiser;
                assert_eq!(event["role"], if is_max { "max" } else { "min" });
                assert_eq!(event.get("alpha").is_some(), windowed);
                stack.push((board, depth, Vec::new()));
            }
            "leaf" => {
                let (board, frame_depth, _) = stack.last().unwrap();
                assert_eq!(depth, *frame_depth);
                let expected = Score::of_outcome(board.outcome(), maximiser, depth as i32, win)
                    .expect("a leaf is a finished board");
                assert_eq!(event["score"], expected.value(), "{event}");
            }
            "return" => {
                let (board, frame_depth, _) = stack.pop().expect("a return has its enter");
                assert_eq!(depth, frame_depth);
                assert_eq!(event["board"], board.to_string());
                if depth == 0 {
                    root_scores.push(event["score"].as_i64().unwrap() as i32);
                }
            }
            "cutoff" => {
                let (board, frame_depth, tried) = stack.last().unwrap();
                assert_eq!(depth, *frame_depth);
                assert!(
                    event["alpha"].as_i64().unwrap() >= event["beta"].as_i64().unwrap(),
                    "a cut only where α ≥ β: {event}"
                );
                let pruned: Vec<Cell> = event["pruned"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| {
                        Cell::new(
                            c[0].as_u64().unwrap() as usize,
                            c[1].as_u64().unwrap() as usize,
                        )
                    })
                    .collect();
                let untried: Vec<Cell> =
                    board.legal_moves().filter(|c| !tried.contains(c)).collect();
                assert_eq!(pruned, untried, "{event}");
                assert!(!pruned.is_empty());
            }
            other => panic!("unknown event {other}"),
        }
    }
    assert!(stack.is_empty(), "every call returned");
    (calls, root_scores)
}

#[test]
fn plain_traces_follow_plain_minimax() {
    for position in open_classic_positions(Mark::X).iter().step_by(211) {
        let events = events(position, TraceAlgorithmArg::Plain);
        let (calls, root_scores) = check_trace(position, &events, false);
        let reference = minimax::plain(position);
        let done = events.last().unwrap();
        assert_eq!(done["algorithm"], "plain");
        assert_eq!(done["nodes"], reference.stats.nodes);
        assert_eq!(calls + 1, reference.stats.nodes, "enters + 1 = nodes");
        let scores: Vec<i32> = reference.moves.iter().map(|m| m.score.value()).collect();
        assert_eq!(
            root_scores, scores,
            "the depth-0 returns are the move scores"
        );
        let done_scores: Vec<i64> = done["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["score"].as_i64().unwrap())
            .collect();
        assert_eq!(
            done_scores,
            scores.iter().map(|&s| s as i64).collect::<Vec<_>>()
        );
        let best = reference.best().unwrap().cell;
        assert_eq!(done["best"]["row"], best.row);
        assert_eq!(done["best"]["col"], best.col);
    }
}

#[test]
fn alpha_beta_traces_give_the_same_scores_with_fewer_calls() {
    let mut cutoffs = 0;
    for first in [Mark::X, Mark::O] {
        for position in open_classic_positions(first).iter().step_by(97) {
            let plain = minimax::plain(position);
            let events = events(position, TraceAlgorithmArg::Alphabeta);
            let (calls, root_scores) = check_trace(position, &events, true);
            let scores: Vec<i32> = plain.moves.iter().map(|m| m.score.value()).collect();
            assert_eq!(root_scores, scores, "{position:?}");
            assert!(calls < plain.stats.nodes);
            assert_eq!(events.last().unwrap()["algorithm"], "alphabeta");
            cutoffs += events.iter().filter(|e| e["event"] == "cutoff").count();
        }
    }
    assert!(cutoffs > 100, "the sample has cutoffs to check: {cutoffs}");
}

#[test]
fn the_empty_board_traced_by_both() {
    let empty = Board::classic();
    let plain = events(&empty, TraceAlgorithmArg::Plain);
    assert_eq!(plain.last().unwrap()["nodes"], 549_946);
    let alpha_beta = events(&empty, TraceAlgorithmArg::Alphabeta);
    let (calls, _) = check_trace(&empty, &alpha_beta, true);
    assert_eq!(calls + 1, 34_203);
}

#[test]
fn bad_boards_get_one_line_and_status_2() {
    for (args, needle) in [
        (vec!["trace", "XQX/.../..."], "bad character 'Q'"),
        (
            vec!["trace", "XXXX/..../..../....", "--max-nodes", "5"],
            "impossible counts",
        ),
        (
            vec!["trace", "X../.../...", "--to-move", "X"],
            "X cannot be to move",
        ),
        (
            vec!["trace", "..../..../..../....", "--max-nodes", "1000"],
            "gave up",
        ),
    ] {
        let run = run(&args, b"");
        assert_eq!(run.status, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(
            run.stderr.starts_with("tictactoe trace: "),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains(needle), "{needle:?} in {}", run.stderr);
    }
    let run = run(&["trace", "XOX/OOX/...", "--algorithm", "alphabeta"], b"");
    assert_eq!(run.status, 0);
    assert_eq!(run.json_lines().last().unwrap()["nodes"], 11);
}

#[test]
fn o_to_move_is_the_maximiser_of_its_trace() {
    let position = board("XOX/.O./X..");
    let events = events(&position, TraceAlgorithmArg::Plain);
    let first = &events[0];
    assert_eq!(
        first["role"], "min",
        "the root's moves lead to the minimiser's turn"
    );
    check_trace(&position, &events, false);
}

#[test]
fn trace_takes_k_as_analyze_does() {
    // Three in a row on 4×4: X wins at once at (1, 1), which it does not with four.
    let text = "XOXO/O.../X..O/.X..";
    let position = Board::parse_with(text, None, Some(3)).unwrap();
    let plain = minimax::plain(&position);
    let scores: Vec<i32> = plain.moves.iter().map(|m| m.score.value()).collect();
    for (algorithm, windowed) in [
        (TraceAlgorithmArg::Plain, false),
        (TraceAlgorithmArg::Alphabeta, true),
    ] {
        let (_, root_scores) = check_trace(&position, &events(&position, algorithm), windowed);
        assert_eq!(root_scores, scores, "{algorithm:?}");
    }
    let with_k = run(&["trace", text, "--k", "3"], b"");
    assert_eq!(with_k.status, 0, "{}", with_k.stderr);
    let events = with_k.json_lines();
    assert_eq!(check_trace(&position, &events, false).1, scores);
    let usual = run(&["trace", text], b"");
    assert_ne!(usual.stdout, with_k.stdout, "without --k, four in a row");
    let bad = run(&["trace", ".../.../...", "--k", "4"], b"");
    assert_eq!(bad.status, 2);
    assert_eq!(
        bad.stderr,
        "tictactoe trace: \".../.../...\": 4 in a row cannot be played on a 3×3 board: k must be 3\n"
    );
}

/// `--pseudocode` names, for every event, the line of code it shows, as the step-through
/// highlights it: a call asks whether the game is over, a finished board is scored by the line
/// its number says, a value returns to findBestMove at the root and otherwise to a caller that
/// takes it as the maximiser or the minimiser (and, in alpha-beta, prunes as one).
#[test]
fn each_event_names_the_line_of_pseudocode_it_shows() {
    for (algorithm, view) in [
        ("plain", "mover"),
        ("alphabeta", "mover"),
        ("alphabeta", "x"),
    ] {
        // O to move: in X's view O is the minimiser, and the lines say so.
        let traced = run(
            &[
                "trace",
                "XOX/.O./X..",
                "--algorithm",
                algorithm,
                "--view",
                view,
                "--pseudocode",
            ],
            b"",
        );
        assert_eq!(traced.status, 0, "{}", traced.stderr);
        let events = traced.json_lines();
        let mut roles: Vec<String> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for event in &events {
            let kind = event["event"].as_str().unwrap();
            let code = event["code"].as_str();
            let expected = match kind {
                "enter" => {
                    roles.push(event["role"].as_str().unwrap().to_string());
                    "if the game is over: return evaluate(board, depth)".to_string()
                }
                "leaf" => match event["score"].as_i64().unwrap() {
                    score if score > 0 => "if the maximiser has a line: return W - depth".into(),
                    score if score < 0 => "if the minimiser has a line: return depth - W".into(),
                    _ => "return 0                           # a draw".into(),
                },
                "return" => {
                    roles.pop();
                    match (roles.last().map(String::as_str), algorithm) {
                        (None, "plain") => {
                            "for each empty cell: value = minimax(board + move, 0, false)".into()
                        }
                        // In X's view O's root minimises: its calls are X's, who maximises.
                        (None, _) => format!(
                            "for each empty cell: value = alphabeta(board + move, 0, {}, -inf, \
                             +inf)",
                            view == "x"
                        ),
                        (Some("max"), "plain") => "for each empty cell: best = max(best, \
                                                   minimax(board + move, depth + 1, false))"
                            .into(),
                        (Some(_), "plain") => "for each empty cell: best = min(best, \
                                               minimax(board + move, depth + 1, true))"
                            .into(),
                        (Some("max"), _) => "alpha = max(alpha, best)".into(),
                        (Some(_), _) => "beta = min(beta, best)".into(),
                    }
                }
                "cutoff" => match roles.last().map(String::as_str) {
                    Some("max") => {
                        "if alpha >= beta: break    # the minimiser has better: prune the rest"
                            .into()
                    }
                    _ => "if alpha >= beta: break    # the maximiser has better: prune the rest"
                        .into(),
                },
                _ => {
                    assert_eq!(code, None, "{event}");
                    continue;
                }
            };
            assert_eq!(code, Some(expected.as_str()), "{algorithm} {view}: {event}");
            seen.insert(kind);
        }
        assert!(seen.contains("leaf") && seen.contains("return"), "{seen:?}");
        if algorithm == "alphabeta" {
            assert!(
                seen.contains("cutoff"),
                "{algorithm} {view}: no cutoff to check"
            );
        }
    }
    // Without the flag, no event carries code.
    let plain = run(&["trace", "XOX/.O./X.."], b"");
    assert!(
        plain
            .json_lines()
            .iter()
            .all(|event| event.get("code").is_none())
    );
}

/// A typed tree is traced from its root as the textbooks prune it: alpha-beta on Russell and
/// Norvig's figure leaves the second MIN node after its first leaf, skipping its second and
/// third, and every leaf event carries the value typed there.
#[test]
fn a_typed_tree_is_traced_as_the_textbooks_prune_it() {
    let out = run(
        &[
            "trace",
            "[[3,12,8],[2,4,6],[14,5,2]]",
            "--algorithm",
            "alphabeta",
        ],
        b"",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let events: Vec<Value> = out
        .stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let leaves: Vec<(Value, i64)> = events
        .iter()
        .filter(|e| e["event"] == "leaf")
        .map(|e| (e["node"].clone(), e["score"].as_i64().unwrap()))
        .collect();
    let expected: Vec<(Value, i64)> = [
        ([1, 1], 3),
        ([1, 2], 12),
        ([1, 3], 8),
        ([2, 1], 2),
        ([3, 1], 14),
        ([3, 2], 5),
        ([3, 3], 2),
    ]
    .into_iter()
    .map(|(node, score)| (serde_json::json!(node), score))
    .collect();
    assert_eq!(leaves, expected);
    let cutoffs: Vec<&Value> = events.iter().filter(|e| e["event"] == "cutoff").collect();
    assert_eq!(cutoffs.len(), 1);
    assert_eq!(cutoffs[0]["node"], serde_json::json!([2]));
    assert_eq!(cutoffs[0]["pruned"], serde_json::json!([2, 3]));
    assert_eq!(
        (cutoffs[0]["alpha"].clone(), cutoffs[0]["beta"].clone()),
        (3.into(), 2.into())
    );
    let done = events.last().unwrap();
    assert_eq!(done["value"], 3);
    assert_eq!(done["line"], serde_json::json!([1, 1]));
    assert_eq!(done["nodes"], 11);
    // Plain minimax visits every node; the enter and return events pair up.
    let plain = run(&["trace", "[[3,12,8],[2,4,6],[14,5,2]]"], b"");
    let enters = plain.stdout.matches("\"event\":\"enter\"").count();
    assert_eq!(enters, 13);
    assert_eq!(plain.stdout.matches("\"event\":\"return\"").count(), 13);
}

/// The positions textbook alpha-beta visits on `board` (its start counted once), by a search
/// written here from the rules alone: with `shared`, one call on the start with the whole
/// window (the textbook's `alphabeta(root)`); without, each of the start's moves searched with
/// a fresh (-inf, +inf) window, as the articles' `findBestMove` does.
fn alpha_beta_positions(board: &Board, shared: bool) -> u64 {
    // Depth-adjusted values (a win at depth d is W - d, with the start's moves at depth 0), as
    // the articles score: they decide where the cuts fall.
    fn search(
        board: &Board,
        me: Mark,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        nodes: &mut u64,
    ) -> i32 {
        *nodes += 1;
        let w = board.geometry().cells() as i32 + 1;
        match board.outcome().winner() {
            Some(mark) if mark == me => return w - depth,
            Some(_) => return depth - w,
            None if board.outcome().is_over() => return 0,
            None => {}
        }
        let maximising = board.to_move() == me;
        let mut best = if maximising { -w - 1 } else { w + 1 };
        for cell in board.legal_moves().collect::<Vec<_>>() {
            let value = search(
                &board.after(cell).unwrap(),
                me,
                depth + 1,
                alpha,
                beta,
                nodes,
            );
            if maximising {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
    let me = board.to_move();
    let infinity = board.geometry().cells() as i32 + 2;
    let mut nodes = 0;
    if shared {
        search(board, me, -1, -infinity, infinity, &mut nodes);
    } else {
        nodes += 1; // findBestMove's own position
        for cell in board.legal_moves().collect::<Vec<_>>() {
            search(
                &board.after(cell).unwrap(),
                me,
                0,
                -infinity,
                infinity,
                &mut nodes,
            );
        }
    }
    nodes
}

#[test]
fn alpha_beta_names_its_root_rule_and_counts_fifteen_shared_and_twenty_five_fresh() {
    // Counted by the search above, and pinned, so that a change to either shows.
    let board: Board = "XOX/.O./X..".parse().unwrap();
    let fresh = alpha_beta_positions(&board, false);
    let shared = alpha_beta_positions(&board, true);
    let done = |root: &str| {
        let run = run(
            &[
                "trace",
                "XOX/.O./X..",
                "--algorithm",
                "alphabeta",
                "--root",
                root,
            ],
            b"",
        );
        assert_eq!(run.status, 0, "{}", run.stderr);
        let last = run.stdout.lines().last().unwrap().to_string();
        serde_json::from_str::<Value>(&last).unwrap()
    };
    let (fresh_done, shared_done) = (done("fresh"), done("shared"));
    assert_eq!(fresh_done["root"], "fresh");
    assert_eq!(shared_done["root"], "shared");
    assert_eq!(fresh_done["nodes"], fresh);
    assert_eq!(shared_done["nodes"], shared);
    assert_eq!((fresh, shared), (25, 15));
    // The best move is the same; under one window only it is sure to be exact.
    assert_eq!(fresh_done["best"], shared_done["best"]);
    let exact = fresh_done["moves"].as_array().unwrap();
    let shared_moves = shared_done["moves"].as_array().unwrap();
    let mut bounds = 0;
    for (exact, shared) in exact.iter().zip(shared_moves) {
        let (value, seen) = (exact["score"].as_i64(), shared["score"].as_i64());
        match shared.get("bound") {
            None => assert_eq!(seen, value, "{shared}"),
            Some(bound) => {
                assert_eq!(bound, "at most");
                assert!(value <= seen, "{exact} {shared}");
                bounds += 1;
            }
        }
    }
    assert_eq!(
        bounds, 2,
        "r2c3 and r3c3 cannot beat r2c1's 8 and are cut short"
    );
    // Without --root, as before: each move with a fresh window.
    let default = run(&["trace", "XOX/.O./X..", "--algorithm", "alphabeta"], b"");
    assert_eq!(
        default.stdout,
        run(
            &[
                "trace",
                "XOX/.O./X..",
                "--algorithm",
                "alphabeta",
                "--root",
                "fresh"
            ],
            b""
        )
        .stdout
    );
    // The name `analyze` gives the textbook's search works here too.
    let classic = run(
        &["trace", "XOX/.O./X..", "--algorithm", "alphabeta-classic"],
        b"",
    );
    assert_eq!(classic.stdout, default.stdout);
    // Plain minimax has no window to share: said, not ignored.
    let plain = run(&["trace", "XOX/.O./X..", "--root", "shared"], b"");
    assert_eq!(plain.status, 2);
    assert!(
        plain.stderr.contains("--root shared is alpha-beta's"),
        "{}",
        plain.stderr
    );
}
