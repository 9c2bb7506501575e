//! `--view mover|x` on `analyze`, `tree`, `trace` and `review`: every number they print is the
//! value a plain minimax written here gives, in the one search from the position given (or, for
//! `review`, from the position before each move), seen by the view's maximiser: the player to
//! move there (`mover`) or X (`x`). Positions with X and with O to move, 3×3 and 4×4.

#[path = "common/binary.rs"]
mod binary;
mod common;

use std::collections::HashMap;

use binary::{Run, run};
use common::{board_with_turn, random_game};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::{Value, json};
use tictactoe::cli::{Report, UnsettledMove, write_report_seen};
use tictactoe::engine::board::MoveNumbers;
use tictactoe::engine::minimax::{MoveBound, Valuation};
use tictactoe::learn::explain::estimate_text;
use tictactoe::learn::view::{ScoreView, Seen};
use tictactoe::{Board, Cell, Geometry, Mark, Outcome};

const VIEWS: [&str; 2] = ["mover", "x"];

/// Positions with X and with O to move (O also on equal counts), 3×3 and 4×4, none finished.
const POSITIONS: [(&str, Mark); 8] = [
    ("X../.O./X.O", Mark::X),
    ("XX./OO./...", Mark::X),
    (".O../OOXX/.XOX/OXO.", Mark::X),
    ("XOX/.O./X..", Mark::O),
    ("X../.O./..X", Mark::O),
    ("X../.../...", Mark::O),
    ("XO./.X./..O", Mark::O),
    (".O.X/OOXX/.XOX/.XO.", Mark::O),
];

/// Plain minimax as the articles write it, X maximising: a board finished at depth `d` is worth
/// `W - d` when X won, `d - W` when O won and 0 for a draw, with `W` the number of cells plus
/// one; the moves of the position searched from lead to depth 0. Values are remembered by board
/// and depth.
#[derive(Default)]
struct Minimax {
    known: HashMap<(Board, i32), i32>,
}

impl Minimax {
    fn x_value(&mut self, board: &Board, depth: i32) -> i32 {
        if let Some(&value) = self.known.get(&(*board, depth)) {
            return value;
        }
        let win = board.geometry().cells() as i32 + 1;
        let value = match board.outcome() {
            Outcome::Won { mark: Mark::X, .. } => win - depth,
            Outcome::Won { .. } => depth - win,
            Outcome::Draw => 0,
            Outcome::Ongoing => {
                let values: Vec<i32> = board
                    .legal_moves()
                    .map(|cell| self.x_value(&board.after(cell).unwrap(), depth + 1))
                    .collect();
                if board.to_move() == Mark::X {
                    *values.iter().max().unwrap()
                } else {
                    *values.iter().min().unwrap()
                }
            }
        };
        self.known.insert((*board, depth), value);
        value
    }

    /// The value of `board`, reached at `depth`, for `maximiser`.
    fn value_for(&mut self, maximiser: Mark, board: &Board, depth: i32) -> i64 {
        let value = self.x_value(board, depth) as i64;
        if maximiser == Mark::X { value } else { -value }
    }
}

/// Who maximises in `view` on `position`.
fn maximiser(view: &str, position: &Board) -> Mark {
    match view {
        "x" => Mark::X,
        _ => position.to_move(),
    }
}

/// The index of the first best of `numbers` for a side that maximises or minimises them.
fn first_best(numbers: &[i64], maximises: bool) -> usize {
    let best = if maximises {
        numbers.iter().max()
    } else {
        numbers.iter().min()
    };
    numbers.iter().position(|n| Some(n) == best).unwrap()
}

fn mark_arg(mark: Mark) -> &'static str {
    match mark {
        Mark::X => "X",
        Mark::O => "O",
    }
}

fn cell_of(value: &Value) -> Cell {
    Cell::new(
        value["row"].as_u64().unwrap() as usize,
        value["col"].as_u64().unwrap() as usize,
    )
}

fn command(name: &str, text: &str, mark: Mark, extra: &[&str]) -> Run {
    let mut args = vec![name, text, "--to-move", mark_arg(mark)];
    args.extend_from_slice(extra);
    let result = run(&args, b"");
    assert_eq!(result.status, 0, "{args:?}: {}", result.stderr);
    result
}

/// Checks one line of `analyze --view`: each move's score is the minimax value of the position
/// it leads to (depth 0) for the view's maximiser; lines are as without a view; `best` is the
/// side to move's first best move. Returns how many scores were not 0.
fn check_analysis(
    json: &Value,
    plain: &Value,
    position: &Board,
    view: &str,
    minimax: &mut Minimax,
) -> usize {
    let maximiser = maximiser(view, position);
    let moves = json["moves"].as_array().unwrap();
    let plain_moves = plain["moves"].as_array().unwrap();
    assert_eq!(moves.len(), position.legal_moves().count());
    let mut numbers = Vec::new();
    for (m, p) in moves.iter().zip(plain_moves) {
        assert_eq!(
            (&m["row"], &m["col"], &m["line"]),
            (&p["row"], &p["col"], &p["line"])
        );
        let child = position.after(cell_of(m)).unwrap();
        let expected = minimax.value_for(maximiser, &child, 0);
        assert_eq!(m["score"], expected, "{position:?} {view} {m}");
        numbers.push(expected);
    }
    let best = first_best(&numbers, position.to_move() == maximiser);
    assert_eq!(
        json["best"],
        json!({"row": moves[best]["row"], "col": moves[best]["col"]}),
        "{position:?} {view}"
    );
    assert_eq!(
        json["best"], plain["best"],
        "the same move, whatever the view"
    );
    numbers.iter().filter(|&&n| n != 0).count()
}

#[test]
fn analyze_prints_the_minimax_value_of_each_move_for_the_views_maximiser() {
    let mut minimax = Minimax::default();
    let mut not_draws = [0, 0];
    for (text, mark) in POSITIONS {
        let position = board_with_turn(text, mark);
        let plain = command("analyze", text, mark, &[]);
        for view in VIEWS {
            let run = command("analyze", text, mark, &["--view", view]);
            let counted = check_analysis(&run.json(), &plain.json(), &position, view, &mut minimax);
            not_draws[usize::from(mark == Mark::O)] += counted;
            if view == "mover" {
                assert_eq!(
                    run.stdout, plain.stdout,
                    "--view mover is what it printed before"
                );
            }
        }
    }
    assert!(
        not_draws.iter().all(|&n| n > 0),
        "both sides to move have moves that are not draws, so a sign can be wrong: {not_draws:?}"
    );
}

#[test]
fn a_batch_sees_each_line_from_its_own_position() {
    let mut minimax = Minimax::default();
    // Batch lines take the side to move from the counts.
    let positions: Vec<Board> = POSITIONS
        .iter()
        .map(|(text, _)| text.parse::<Board>().unwrap())
        .collect();
    assert!(positions.iter().any(|p| p.to_move() == Mark::O));
    assert!(positions.iter().any(|p| p.to_move() == Mark::X));
    let input: String = positions.iter().map(|p| format!("{p}\n")).collect();
    let plain = run(&["analyze", "-"], input.as_bytes());
    for view in VIEWS {
        let result = run(&["analyze", "-", "--view", view], input.as_bytes());
        assert_eq!(result.status, 0, "{}", result.stderr);
        let lines = result.json_lines();
        assert_eq!(lines.len(), positions.len());
        for ((json, plain), position) in lines.iter().zip(plain.json_lines()).zip(&positions) {
            check_analysis(json, &plain, position, view, &mut minimax);
        }
    }
}

#[test]
fn a_stopped_search_shows_its_bounds_and_proven_estimates_for_the_views_maximiser() {
    // Stopped by --max-nodes; the estimator sees to the end of these nearly full boards, so what
    // it proves is exact. 4×4, since the solver hands 3×3 to the alpha-beta searcher, which
    // settles moves one by one and reports no bounds before.
    let mut minimax = Minimax::default();
    let mut bounds_seen = 0;
    for (text, mark) in [
        ("XOXO/OXOX/X.../....", Mark::O),
        ("XOX./OXO./.X../O...", Mark::X),
    ] {
        let position = board_with_turn(text, mark);
        let limits = ["--time-limit", "60", "--max-nodes", "6"];
        let plain = command("analyze", text, mark, &limits).json();
        for view in VIEWS {
            let maximiser = maximiser(view, &position);
            let mut args = limits.to_vec();
            args.extend(["--view", view]);
            let json = command("analyze", text, mark, &args).json();
            assert_eq!(json["complete"], false);
            assert_eq!(json["best"], plain["best"]);
            for (m, p) in json["moves"]
                .as_array()
                .unwrap()
                .iter()
                .zip(plain["moves"].as_array().unwrap())
            {
                let child = position.after(cell_of(m)).unwrap();
                let value = minimax.value_for(maximiser, &child, 0);
                if !m["score"].is_null() {
                    assert_eq!(m["score"], value, "{text} {view} {m}");
                    continue;
                }
                assert!(
                    p["score"].is_null(),
                    "the same moves are settled in every view"
                );
                if let Some(bound) = m.get("bound") {
                    bounds_seen += 1;
                    let (lower, upper) = (
                        bound["lower"].as_i64().unwrap(),
                        bound["upper"].as_i64().unwrap(),
                    );
                    assert!(
                        lower <= value && value <= upper,
                        "{text} {view}: {value} outside {bound}"
                    );
                }
                assert_eq!(m["estimate"]["proven"], value, "{text} {view} {m}");
            }
        }
    }
    assert!(bounds_seen > 0, "the sample has a bound to check");
}

#[test]
fn estimates_in_points_are_seen_as_the_board_shows_them() {
    // Points are not scores: they are negated when the view flips the sign, as the overlay's
    // "~+37" is. A report built by hand, since only a long search on a large board has them.
    for (text, mark) in [("X../.O./..X", Mark::O), ("X../.O./X.O", Mark::X)] {
        let position = board_with_turn(text, mark);
        let mut analysis = tictactoe::engine::minimax::plain(&position);
        let cell = analysis.moves.remove(0).cell;
        let report = Report {
            analysis,
            unsettled: vec![UnsettledMove {
                bound: MoveBound::unknown(cell, position.geometry()),
                bounded: false,
                estimate: Some((3, Valuation::Estimate(37))),
            }],
            complete: false,
        };
        for view in ScoreView::ALL {
            let mut out = Vec::new();
            write_report_seen(&mut out, &report, false, view).unwrap();
            let json: Value = serde_json::from_slice(&out).unwrap();
            let shown = json["moves"][0]["estimate"]["value"].as_i64().unwrap();
            let seen = Seen::new(view, &position);
            assert_eq!(
                format!("~{shown:+}"),
                estimate_text(&seen, 37),
                "{text} {view:?}"
            );
            let flips = view == ScoreView::Articles && mark == Mark::O;
            assert_eq!(shown, if flips { -37 } else { 37 }, "{text} {view:?}");
        }
    }
}

/// Checks a tree node's children and everything below: each move's score is the minimax value,
/// for the view's `maximiser`, of the position it leads to at its depth in the one search from
/// the root (`plies` is how many moves below the root `node` is); `best` marks the first best
/// move for the side to move there. Returns the scores in the order the nodes are written.
fn check_tree(
    node: &Value,
    position: &Board,
    plies: i32,
    maximiser: Mark,
    minimax: &mut Minimax,
    scores: &mut Vec<i64>,
) {
    let Some(children) = node["children"].as_array() else {
        return;
    };
    assert_eq!(children.len(), position.legal_moves().count());
    let mut numbers = Vec::new();
    for child in children {
        let board = position.after(cell_of(child)).unwrap();
        assert_eq!(child["board"], board.to_string());
        let expected = minimax.value_for(maximiser, &board, plies);
        assert_eq!(child["score"], expected, "{board:?} at depth {plies}");
        numbers.push(expected);
        scores.push(expected);
        check_tree(child, &board, plies + 1, maximiser, minimax, scores);
    }
    if !numbers.is_empty() {
        let best = first_best(&numbers, position.to_move() == maximiser);
        for (index, child) in children.iter().enumerate() {
            assert_eq!(child["best"], index == best, "{position:?} {child}");
        }
    }
}

/// The JSON without its scores, to compare the rest.
fn without_scores(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, _)| *key != "score")
                .map(|(key, value)| (key.clone(), without_scores(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_scores).collect()),
        other => other.clone(),
    }
}

#[test]
fn tree_nodes_two_levels_down_are_the_values_of_the_one_search_from_the_root() {
    let mut minimax = Minimax::default();
    let mut differs_from_own_scores = false;
    for (text, mark) in POSITIONS {
        let position = board_with_turn(text, mark);
        let plain = command("tree", text, mark, &["--depth", "2"]);
        for view in VIEWS {
            let maximiser = maximiser(view, &position);
            let run = command("tree", text, mark, &["--depth", "2", "--view", view]);
            let json = run.json();
            assert_eq!(without_scores(&json), without_scores(&plain.json()));
            let mut scores = Vec::new();
            check_tree(&json, &position, 0, maximiser, &mut minimax, &mut scores);
            assert!(scores.len() > json["children"].as_array().unwrap().len());
            differs_from_own_scores |= run.stdout != plain.stdout;

            // Graphviz: node ids in the order the JSON lists the nodes; each arrow's label ends
            // with the score of the node it points to.
            let dot = command(
                "tree",
                text,
                mark,
                &["--depth", "2", "--view", view, "--format", "dot"],
            );
            let mut labelled = 0;
            for line in dot.stdout.lines().filter(|l| l.contains(" -> ")) {
                let child: usize = line
                    .split(" -> n")
                    .nth(1)
                    .unwrap()
                    .split(' ')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                let label = line
                    .split("label=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                let number: i64 = label.rsplit(' ').next().unwrap().parse().unwrap();
                assert_eq!(number, scores[child - 1], "{text} {view}: {line}");
                labelled += 1;
            }
            assert_eq!(labelled, scores.len());
        }
        // One level down the numbers are the moves' own scores in the mover's view.
        let own = command("tree", text, mark, &[]);
        assert_eq!(
            command("tree", text, mark, &["--view", "mover"]).stdout,
            own.stdout
        );
    }
    assert!(
        differs_from_own_scores,
        "below the root's moves, depth counts from the root, not from each node"
    );
}

/// A call under way in a trace.
struct Frame {
    board: Board,
    /// Alpha-beta's window when the call started.
    window: Option<(i64, i64)>,
    /// What the calls for its moves returned so far.
    returned: Vec<i64>,
}

impl Frame {
    /// The window as alpha-beta has narrowed it by now: a maximiser raises α to its best so
    /// far, a minimiser lowers β to its.
    fn window_now(&self, maximises: bool) -> Option<(i64, i64)> {
        let (alpha, beta) = self.window?;
        Some(if maximises {
            (self.returned.iter().fold(alpha, |a, &v| a.max(v)), beta)
        } else {
            (alpha, self.returned.iter().fold(beta, |b, &v| b.min(v)))
        })
    }
}

/// Walks a trace with `--view`: roles name the view's maximiser; leaves and returns are the
/// minimax values of their boards at their depths, for that maximiser (with alpha-beta, exact
/// when the value lies inside the window the call started with, else a bound on the side it
/// fell); each call starts with its parent's window as narrowed so far (the root's moves with
/// ±(W + 1)), and a cutoff shows that window, closed. Returns the number of calls.
fn check_trace(
    position: &Board,
    events: &[Value],
    view: &str,
    windowed: bool,
    minimax: &mut Minimax,
) -> usize {
    let maximiser = maximiser(view, position);
    let infinity = position.geometry().cells() as i64 + 2;
    let mut stack: Vec<Frame> = Vec::new();
    let mut calls = 0;
    let window_of = |event: &Value| {
        (
            event["alpha"].as_i64().unwrap(),
            event["beta"].as_i64().unwrap(),
        )
    };
    let (done, body) = events.split_last().unwrap();
    for event in body {
        let depth = event["depth"].as_i64().unwrap();
        assert_eq!(
            depth,
            stack.len() as i64 - i64::from(event["event"] != "enter")
        );
        match event["event"].as_str().unwrap() {
            "enter" => {
                calls += 1;
                let parent = stack.last().map_or(*position, |frame| frame.board);
                let board = Board::parse_with_turn(
                    event["board"].as_str().unwrap(),
                    Some(parent.to_move().opponent()),
                )
                .unwrap();
                let role = if board.to_move() == maximiser {
                    "max"
                } else {
                    "min"
                };
                assert_eq!(event["role"], role, "{view}: {event}");
                assert_eq!(event.get("alpha").is_some(), windowed);
                let window = windowed.then(|| window_of(event));
                if let Some((alpha, beta)) = window {
                    assert!(alpha < beta, "a call starts with an open window: {event}");
                    let expected = match stack.last() {
                        Some(frame) => frame.window_now(frame.board.to_move() == maximiser),
                        None => Some((-infinity, infinity)),
                    };
                    assert_eq!(window, expected, "{view}: {event}");
                }
                stack.push(Frame {
                    board,
                    window,
                    returned: Vec::new(),
                });
            }
            "leaf" => {
                let frame = stack.last().unwrap();
                let value = minimax.value_for(maximiser, &frame.board, depth as i32);
                assert_eq!(event["score"], value, "{view}: {event}");
            }
            "return" => {
                let frame = stack.pop().unwrap();
                let value = minimax.value_for(maximiser, &frame.board, depth as i32);
                let returned = event["score"].as_i64().unwrap();
                match frame.window {
                    Some((alpha, _)) if value <= alpha => {
                        assert!(
                            value <= returned && returned <= alpha,
                            "{view}: {value} {event}"
                        )
                    }
                    Some((_, beta)) if value >= beta => {
                        assert!(
                            beta <= returned && returned <= value,
                            "{view}: {value} {event}"
                        )
                    }
                    _ => assert_eq!(returned, value, "{view}: {event}"),
                }
                if depth == 0 {
                    assert_eq!(
                        returned, value,
                        "the root's moves are searched with the whole window"
                    );
                }
                if let Some(parent) = stack.last_mut() {
                    parent.returned.push(returned);
                }
            }
            "cutoff" => {
                let frame = stack.last().unwrap();
                let (alpha, beta) = window_of(event);
                assert!(alpha >= beta, "{event}");
                let now = frame.window_now(frame.board.to_move() == maximiser);
                assert_eq!(Some((alpha, beta)), now, "{view}: {event}");
            }
            other => panic!("unknown event {other}"),
        }
    }
    assert!(stack.is_empty());
    for m in done["moves"].as_array().unwrap() {
        let child = position.after(cell_of(m)).unwrap();
        assert_eq!(
            m["score"],
            minimax.value_for(maximiser, &child, 0),
            "{view}: {done}"
        );
    }
    calls
}

#[test]
fn trace_events_are_the_values_of_the_search_seen_by_the_views_maximiser() {
    let mut minimax = Minimax::default();
    for (text, mark) in POSITIONS
        .into_iter()
        .filter(|(text, _)| *text != "X../.../...")
    {
        let position = board_with_turn(text, mark);
        for (algorithm, windowed) in [("plain", false), ("alphabeta", true)] {
            let plain = command("trace", text, mark, &["--algorithm", algorithm]);
            let mut cutoffs = 0;
            for view in VIEWS {
                let run = command(
                    "trace",
                    text,
                    mark,
                    &["--algorithm", algorithm, "--view", view],
                );
                let events = run.json_lines();
                let calls = check_trace(&position, &events, view, windowed, &mut minimax);
                let (done, plain_done) =
                    (events.last().unwrap(), plain.json_lines().pop().unwrap());
                assert_eq!(done["best"], plain_done["best"]);
                assert_eq!(done["nodes"], calls as u64 + 1);
                cutoffs += events.iter().filter(|e| e["event"] == "cutoff").count();
                if view == "mover" {
                    assert_eq!(
                        run.stdout, plain.stdout,
                        "--view mover is what it printed before"
                    );
                }
            }
            assert_eq!(cutoffs > 0, windowed, "{text} {algorithm}");
        }
    }
}

#[test]
fn review_sees_each_move_from_the_position_before_it() {
    let mut minimax = Minimax::default();
    let mut rng = SmallRng::seed_from_u64(19);
    let four = Geometry::new(4, 4, 4).unwrap();
    let mut games: Vec<(Geometry, Mark, usize)> = Vec::new();
    for game in 0..24 {
        let first = if game % 2 == 0 { Mark::X } else { Mark::O };
        games.push((Geometry::CLASSIC, first, 9));
    }
    games.extend([(four, Mark::X, 14), (four, Mark::O, 14)]);
    let mut checked = [0, 0];
    for (geometry, first, length) in games {
        let cells = random_game(&Board::empty(geometry, first), length, &mut rng);
        let numbers = MoveNumbers::of(geometry, &cells).to_string();
        let size = geometry.rows().to_string();
        let common = [
            "review",
            numbers.as_str(),
            "--first",
            mark_arg(first),
            "--size",
            size.as_str(),
        ];
        let plain = run(&common, b"");
        assert_eq!(plain.status, 0, "{}", plain.stderr);
        for view in VIEWS {
            let mut args = common.to_vec();
            args.extend(["--view", view]);
            let result = run(&args, b"");
            assert_eq!(result.status, 0, "{}", result.stderr);
            if view == "mover" {
                assert_eq!(
                    result.stdout, plain.stdout,
                    "--view mover is what it printed before"
                );
            }
            let json = result.json();
            let plain = plain.json();
            let mut before = Board::empty(geometry, first);
            for ((&cell, m), p) in cells
                .iter()
                .zip(json["moves"].as_array().unwrap())
                .zip(plain["moves"].as_array().unwrap())
            {
                let mover = before.to_move();
                assert_eq!(
                    m["class"], p["class"],
                    "the class does not depend on the view"
                );
                assert_eq!(m["mark"], mover.to_string());
                // Plain minimax from scratch only where few cells are left (all of 3×3).
                if geometry.cells() - before.marks_placed() <= 9 {
                    let maximiser = maximiser(view, &before);
                    let numbers: Vec<i64> = before
                        .legal_moves()
                        .map(|c| minimax.value_for(maximiser, &before.after(c).unwrap(), 0))
                        .collect();
                    let played = before.legal_moves().position(|c| c == cell).unwrap();
                    assert_eq!(m["score"], numbers[played], "{numbers:?} {m}");
                    let best = numbers[first_best(&numbers, mover == maximiser)];
                    assert_eq!(m["best_score"], best, "{before:?} {view}: {m}");
                    checked[usize::from(mover == Mark::O)] += 1;
                } else {
                    // Early 4×4 moves: the same numbers as the mover's, negated for O in X's view.
                    let sign = if view == "x" && mover == Mark::O {
                        -1
                    } else {
                        1
                    };
                    assert_eq!(
                        m["score"].as_i64().unwrap(),
                        sign * p["score"].as_i64().unwrap()
                    );
                    assert_eq!(
                        m["best_score"].as_i64().unwrap(),
                        sign * p["best_score"].as_i64().unwrap()
                    );
                }
                before.play(cell).unwrap();
            }
        }
    }
    assert!(
        checked.iter().all(|&n| n > 50),
        "moves of both sides checked: {checked:?}"
    );
}

#[test]
fn a_view_that_does_not_exist_is_refused_by_the_argument_parser() {
    for command in ["analyze", "tree", "trace", "review"] {
        let position = if command == "review" {
            "5,1"
        } else {
            "X../.O./..."
        };
        let result = run(&[command, position, "--view", "o"], b"");
        assert_eq!(result.status, 2, "{command}");
        assert_eq!(result.stdout, "");
        assert!(
            result
                .stderr
                .contains("invalid value 'o' for '--view <VIEW>'"),
            "{command}: {}",
            result.stderr
        );
        assert!(
            result.stderr.contains("[possible values: mover, x]"),
            "{}",
            result.stderr
        );
    }
    // The mark may be written in either case, as for --to-move.
    let upper = run(&["analyze", "XOX/.O./X..", "--view", "X"], b"");
    assert_eq!(upper.status, 0, "{}", upper.stderr);
    let lower = run(&["analyze", "XOX/.O./X..", "--view", "x"], b"");
    assert_eq!(upper.stdout, lower.stdout);
}
