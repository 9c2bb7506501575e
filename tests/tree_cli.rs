//! `tictactoe tree`: every number it prints is plain minimax's, at every node, and bad input is
//! handled as `analyze` handles it.

#[path = "common/binary.rs"]
mod binary;
mod common;

use binary::run;
use common::{board, classic_positions, open_classic_positions};
use serde_json::Value;
use tictactoe::cli::{Finished, RulesArgs, TreeArgs, TreeFormat, tree};
use tictactoe::{Board, Cell, Mark, engine::minimax};

/// `tree` run in-process on `position`, `depth` levels deep, as JSON.
fn tree_json(position: &Board, depth: u32) -> Value {
    let args = TreeArgs {
        board: position.to_string(),
        depth: Some(depth),
        format: TreeFormat::Json,
        rules: RulesArgs {
            to_move: Some(match position.to_move() {
                Mark::X => tictactoe::cli::MarkArg::X,
                Mark::O => tictactoe::cli::MarkArg::O,
            }),
            k: Some(position.geometry().k()),
        },
        max_nodes: u64::MAX,
        max_printed: u64::MAX,
        view: None,
        boards: false,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let finished = tree(&args, &mut out, &mut err, false).unwrap();
    assert_eq!(
        finished,
        Finished::Done,
        "{}",
        String::from_utf8_lossy(&err)
    );
    serde_json::from_slice(&out).unwrap()
}

/// Checks a node and everything below it against plain minimax: the position, whose turn, the
/// outcome, every move's score and which move is findBestMove's choice.
fn check(node: &Value, position: &Board, levels_left: u32) {
    assert_eq!(node["board"], position.to_string());
    assert_eq!(node["to_move"], position.to_move().to_string());
    assert_eq!(node["outcome"], position.outcome().to_string());
    if levels_left == 0 {
        assert!(node.get("children").is_none(), "{node}");
        return;
    }
    let children = node["children"]
        .as_array()
        .expect("children above the limit");
    let plain = minimax::plain(position);
    assert_eq!(children.len(), plain.moves.len(), "{position:?}");
    let best = plain.best().map(|m| m.cell);
    for (child, expected) in children.iter().zip(&plain.moves) {
        let cell = Cell::new(
            child["row"].as_u64().unwrap() as usize,
            child["col"].as_u64().unwrap() as usize,
        );
        assert_eq!(cell, expected.cell);
        assert_eq!(
            child["score"],
            expected.score.value(),
            "{position:?} {cell}"
        );
        assert_eq!(child["best"], Some(cell) == best, "{position:?} {cell}");
        check(child, &position.after(cell).unwrap(), levels_left - 1);
    }
}

#[test]
fn every_node_to_depth_2_matches_plain_minimax() {
    for first in [Mark::X, Mark::O] {
        let positions = open_classic_positions(first);
        // The opening plies, where trees are widest, and a spread of the rest.
        for (index, position) in positions.iter().enumerate() {
            if index < 12 || index % 97 == 0 {
                check(&tree_json(position, 2), position, 2);
            }
        }
    }
}

#[test]
fn a_finished_game_has_no_children_and_the_default_depth_is_1() {
    let finished = board("XXX/OO./...");
    let json = tree_json(&finished, 3);
    assert_eq!(json["children"], serde_json::json!([]));
    assert_eq!(json["outcome"], "X wins");
    let run = run(&["tree", "XOX/.O./X.."], b"");
    assert_eq!(run.status, 0);
    let json = run.json();
    check(&json, &board("XOX/.O./X.."), 1);
    assert_eq!(
        json["children"].as_array().unwrap().len(),
        4,
        "{}",
        run.stdout
    );
}

#[test]
fn finished_positions_inside_the_tree_carry_empty_children() {
    // Somewhere in every classic game tree of depth 3 from a late position a game ends.
    let position = classic_positions(Mark::X)
        .into_iter()
        .find(|p| p.marks_placed() == 5 && !p.outcome().is_over())
        .unwrap();
    let json = tree_json(&position, 3);
    check(&json, &position, 3);
}

#[test]
fn dot_output_draws_minimax_s_choices_bold() {
    let run = run(&["tree", "XOX/.O./X..", "--format", "dot"], b"");
    assert_eq!(run.status, 0);
    assert!(run.stdout.starts_with("digraph tree {"), "{}", run.stdout);
    let bold: Vec<&str> = run.stdout.lines().filter(|l| l.contains("bold")).collect();
    assert_eq!(
        bold,
        [r#"  n0 -> n3 [label="(2, 1) 10", style=bold, penwidth=3];"#]
    );
    assert_eq!(run.stdout.matches(" -> ").count(), 4);
}

#[test]
fn bad_boards_get_one_line_and_status_2() {
    for (args, needle) in [
        (vec!["tree", "XQX/.../..."], "bad character 'Q'"),
        (vec!["tree", "XXX/OOO/..."], "both X and O have a line"),
        (vec!["tree", ""], "empty board"),
        (
            vec!["tree", "X../.../...", "--to-move", "X"],
            "X cannot be to move",
        ),
    ] {
        let run = run(&args, b"");
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stdout.is_empty());
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        assert!(run.stderr.starts_with("tictactoe tree: "), "{}", run.stderr);
        assert!(run.stderr.contains(needle), "{needle:?} in {}", run.stderr);
    }
    let run = run(&["tree", "X../.../...", "--depth", "many"], b"");
    assert_eq!(run.status, 2, "clap refuses a depth that is not a number");
}

#[test]
fn tree_takes_k_as_analyze_does() {
    // Three in a row on 4×4: X wins at once at (1, 1), which it does not with four.
    let text = "XOXO/O.../X..O/.X..";
    let position = Board::parse_with(text, None, Some(3)).unwrap();
    check(&tree_json(&position, 2), &position, 2);
    let with_k = run(&["tree", text, "--k", "3", "--depth", "2"], b"");
    assert_eq!(with_k.status, 0, "{}", with_k.stderr);
    check(&with_k.json(), &position, 2);
    assert_eq!(with_k.json()["children"][0]["score"], 17);
    let usual = run(&["tree", text], b"").json();
    assert_ne!(
        usual["children"][0]["score"], 17,
        "without --k, four in a row"
    );
    let bad = run(&["tree", ".../.../...", "--k", "4"], b"");
    assert_eq!(bad.status, 2);
    assert_eq!(
        bad.stderr,
        "tictactoe tree: \".../.../...\": 4 in a row cannot be played on a 3×3 board: k must be 3\n"
    );
}

/// The SVG picture draws the tree the JSON prints: one node per position, in the same order,
/// each with the value the JSON gives the move that leads to it (the root with its best move's),
/// in the view asked for; minimax's line is drawn thick.
#[test]
fn the_svg_picture_carries_the_json_tree_s_values() {
    for (position, view) in [
        ("XOX/.O./X..", "x"),
        ("XOX/.O./X..", "mover"),
        ("X../.O./...", "x"),
    ] {
        let args = ["tree", position, "--depth", "2", "--view", view];
        let json = run(&args, b"");
        assert_eq!(json.status, 0, "{}", json.stderr);
        let root: Value = serde_json::from_str(&json.stdout).unwrap();
        let mut expected = Vec::new();
        fn preorder(node: &Value, value: Option<i64>, values: &mut Vec<Option<i64>>) {
            values.push(value);
            for child in node["children"].as_array().into_iter().flatten() {
                preorder(child, child["score"].as_i64(), values);
            }
        }
        let best = root["children"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["best"] == true);
        preorder(&root, best.and_then(|c| c["score"].as_i64()), &mut expected);

        let svg = run(&[&args[..], &["--format", "svg"]].concat(), b"");
        assert_eq!(svg.status, 0, "{}", svg.stderr);
        let text = &svg.stdout;
        assert!(text.starts_with("<svg ") && text.trim_end().ends_with("</svg>"));
        let nodes: Vec<&str> = text.split("<g>").skip(1).collect();
        assert_eq!(nodes.len(), expected.len(), "{position} {view}");
        for (node, value) in nodes.iter().zip(&expected) {
            let drawn = node
                .split("font-weight=\"bold\">")
                .nth(1)
                .map(|rest| rest.split('<').next().unwrap().parse::<i64>().unwrap());
            assert_eq!(drawn, *value, "{position} {view}: {node}");
        }
        let thick = text.matches("stroke-width=\"3.5\"").count();
        assert!(
            (1..=2).contains(&thick),
            "minimax's line, one edge a level: {thick}"
        );
    }
    // Cut short, it says so under the picture.
    let cut = run(
        &[
            "tree",
            ".../.../...",
            "--depth",
            "3",
            "--format",
            "svg",
            "--max-printed",
            "20",
        ],
        b"",
    );
    assert!(
        cut.stdout.contains("stopped after printing 20 positions"),
        "{}",
        cut.stdout
    );
}

/// A typed tree prints every node: leaves with the values typed, in order; each inner node with
/// the highest (MAX) or lowest (MIN) of its children's values, and the first child with that
/// value marked best; the sides alternating from the root's.
#[test]
fn a_typed_tree_prints_minimax_s_value_at_every_node() {
    fn check(node: &Value, side: &str, leaves: &mut Vec<i64>) -> i64 {
        let value = node["value"].as_i64().unwrap();
        let Some(children) = node["children"].as_array() else {
            assert!(node.get("side").is_none(), "a leaf has no side: {node}");
            leaves.push(value);
            return value;
        };
        assert_eq!(node["side"], side);
        let other = if side == "max" { "min" } else { "max" };
        let values: Vec<i64> = children.iter().map(|c| check(c, other, leaves)).collect();
        let best = if side == "max" {
            values.iter().max()
        } else {
            values.iter().min()
        };
        assert_eq!(Some(&value), best, "{node}");
        let first = values.iter().position(|v| v == best.unwrap()).unwrap();
        for (index, child) in children.iter().enumerate() {
            assert_eq!(child["child"], index + 1);
            assert_eq!(child["best"], index == first, "{node}");
        }
        value
    }
    for (text, side, leaves) in [
        (
            "[[3,12,8],[2,4,6],[14,5,2]]",
            "max",
            vec![3, 12, 8, 2, 4, 6, 14, 5, 2],
        ),
        (
            "min:[[3,12,8],[2,4,6],[14,5,2]]",
            "min",
            vec![3, 12, 8, 2, 4, 6, 14, 5, 2],
        ),
        ("[[-1,[4,-7]],5,[[[0]]]]", "max", vec![-1, 4, -7, 5, 0]),
        (
            "three-cutoffs",
            "max",
            vec![4, 6, 7, 9, 1, 2, 0, 1, 8, 1, 9, 2],
        ),
    ] {
        let out = run(&["tree", text], b"");
        assert_eq!(out.status, 0, "{}", out.stderr);
        let root: Value = serde_json::from_str(&out.stdout).unwrap();
        let mut found = Vec::new();
        check(&root, side, &mut found);
        assert_eq!(found, leaves, "{text}");
    }
    // Every built-in tree is reachable by its name, which --help lists, and prints its notation.
    let help = run(&["tree", "--help"], b"")
        .stdout
        .replace(char::is_whitespace, "");
    for example in tictactoe::learn::abstract_tree::tree_examples() {
        assert!(
            help.contains(example.name),
            "{} not in --help",
            example.name
        );
        let out = run(&["tree", example.name, "--depth", "0"], b"");
        let root: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(root["tree"], example.notation);
        assert_eq!(root["value"], example.value);
        assert!(
            root.get("children").is_none(),
            "--depth 0 prints the root alone"
        );
    }
}

/// Every level of the picture is labelled, the last too, with MAX or MIN and the depth the
/// legend explains; moves name cells as the app does, from 1.
#[test]
fn the_svg_labels_every_level_and_names_cells_as_the_app_does() {
    let svg = run(
        &["tree", "XOX/.O./X..", "--depth", "2", "--format", "svg"],
        b"",
    );
    let labels: Vec<&str> = svg
        .stdout
        .lines()
        .filter(|line| line.starts_with("<text x=\"8\"") && line.contains("to move"))
        .map(|line| line.split('>').nth(1).unwrap().trim_end_matches("</text"))
        .collect();
    assert_eq!(
        labels,
        [
            "MAX: O to move (the top)",
            "MIN: X to move (depth 0)",
            "MAX: O to move (depth 1)"
        ]
    );
    assert!(svg.stdout.contains("the top's moves lead to depth 0"));
    // O's move at row 3, column 2 (the JSON's row 2, col 1) wins.
    assert!(svg.stdout.contains(">r3c2</text>"), "{}", svg.stdout);
    assert!(!svg.stdout.contains("(2, 1)"));
    assert!(!svg.stdout.contains("font-size=\"10\""));
    let tree = run(&["tree", "min:[[1,2],[3]]", "--format", "svg"], b"");
    for label in ["MIN (depth 0)", "MAX (depth 1)", "MIN (depth 2)"] {
        assert!(tree.stdout.contains(&format!(">{label}<")), "{label}");
    }
}

/// `--boards` draws each position small under its node: a board a node, holding the node's
/// marks; without it the picture has none.
#[test]
fn the_svg_draws_small_boards_when_asked() {
    let args = ["tree", "XOX/.O./X..", "--depth", "1", "--format", "svg"];
    let plain = run(&args, b"");
    let with: Vec<&str> = args.iter().copied().chain(["--boards"]).collect();
    let boards = run(&with, b"");
    assert_eq!(boards.status, 0, "{}", boards.stderr);
    // The position and its four moves: a small board is the one rectangle placed with `x`.
    let small = |svg: &str| svg.matches("<rect x=").count();
    assert_eq!(small(&plain.stdout), 0);
    assert_eq!(small(&boards.stdout), 5);
    // 5 marks at the top, 6 in each of the four positions below it, in the board's colours
    // on a light theme: an X two red strokes, an O a blue ring.
    let xs = boards.stdout.matches("stroke=\"#d64828\"").count();
    let os = boards
        .stdout
        .matches("fill=\"none\" stroke=\"#1482aa\"")
        .count();
    assert_eq!((xs, os), (2 * (3 + 4 * 3), 2 + 4 * 3));
    // The nodes, their values and their labels are where they were, the levels further apart.
    assert_eq!(
        plain.stdout.matches("<title>").count(),
        boards.stdout.matches("<title>").count()
    );
}

/// A fraction as the JSON writes it ("15/2", "-3", "0.25"), as (numerator, denominator).
fn fraction(text: &str) -> (i128, i128) {
    if let Some((top, bottom)) = text.split_once('/') {
        return (top.parse().unwrap(), bottom.parse().unwrap());
    }
    if let Some((units, places)) = text.split_once('.') {
        let scale = 10i128.pow(places.len() as u32);
        return (
            units.parse::<i128>().unwrap() * scale + places.parse::<i128>().unwrap(),
            scale,
        );
    }
    (text.parse().unwrap(), 1)
}

#[test]
fn a_tree_with_chance_nodes_prints_expectiminimax_values_exactly_and_max_s_pick() {
    /// Checks a node against its children: MAX the highest, MIN the lowest, chance the
    /// probability-weighted sum (cross-multiplied, never rounded). Returns its value.
    fn check(node: &Value) -> (i128, i128) {
        let (n, d) = fraction(node["exact"].as_str().unwrap());
        assert!((node["value"].as_f64().unwrap() - n as f64 / d as f64).abs() < 1e-9);
        let Some(children) = node["children"].as_array() else {
            return (n, d);
        };
        let values: Vec<(i128, i128)> = children.iter().map(check).collect();
        match node["side"].as_str().unwrap() {
            "chance" => {
                let (mut sum_n, mut sum_d) = (0i128, 1i128);
                for (child, (v, w)) in children.iter().zip(&values) {
                    let (p, q) = fraction(child["probability"].as_str().unwrap());
                    (sum_n, sum_d) = (sum_n * q * w + p * v * sum_d, sum_d * q * w);
                    assert!(child.get("best").is_none());
                }
                assert_eq!(n * sum_d, sum_n * d, "{node}");
            }
            side => {
                let better = |a: (i128, i128), b: (i128, i128)| {
                    let higher = a.0 * b.1 > b.0 * a.1;
                    if side == "max" {
                        higher
                    } else {
                        b.0 * a.1 > a.0 * b.1
                    }
                };
                let mut first = 0;
                for (index, &value) in values.iter().enumerate() {
                    if better(value, values[first]) {
                        first = index;
                    }
                }
                assert_eq!(n * values[first].1, values[first].0 * d, "{node}");
                for (index, child) in children.iter().enumerate() {
                    assert_eq!(child["best"], index == first, "{node}");
                }
            }
        }
        (n, d)
    }
    for (text, exact) in [
        ("[chance[3, 12], chance[2, 4, 6]]", "15/2"),
        ("chance[0.5: 3, 0.25: 12, 0.25: [2, 4]]", "11/2"),
        ("[chance[[3,5],[2,9]], chance[1/3: [1, 8], 2/3: -4]]", "5/2"),
        ("min:[chance[7, [1, 2]], 3]", "3"),
    ] {
        let out = run(&["tree", text], b"");
        assert_eq!(out.status, 0, "{}", out.stderr);
        let root = out.json();
        assert_eq!(root["exact"], exact, "{text}");
        check(&root);
    }
    let root = run(&["tree", "[chance[3, 12], chance[2, 4, 6]]"], b"").json();
    assert_eq!(root["value"], 7.5);
    assert_eq!(root["children"][0]["best"], true);
    assert_eq!(root["children"][1]["children"][0]["probability"], "1/3");

    let dot = run(&["tree", "[chance[3, 12], 1]", "--format", "dot"], b"").stdout;
    assert!(dot.contains("n1 [shape=circle, label=\"7.5\"]"), "{dot}");
    assert!(dot.contains("n1 -> n2 [label=\"0.5\"]"), "{dot}");

    // The picture is the tree lab's: the value in each node, chance nodes as double circles
    // (two rings), probabilities on their edges, each average written out under it.
    let svg = run(
        &[
            "tree",
            "[chance[3, 12], chance[2, 4, 6]]",
            "--format",
            "svg",
        ],
        b"",
    );
    assert_eq!(svg.status, 0, "{}", svg.stderr);
    let svg = svg.stdout;
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("<title>the root (MAX): 7.5</title>"), "{svg}");
    assert!(svg.contains(">7.5</text>"), "{svg}");
    assert!(svg.contains(">½·3 + ½·12</text>"), "{svg}");
    assert!(svg.contains(">1/3·2 + 1/3·4</text>"), "{svg}");
    assert!(svg.contains(">+ 1/3·6 = 4</text>"), "{svg}");
    assert!(svg.contains(">½</text>"), "{svg}");
    assert!(svg.contains(">chance (depth 1)</text>"), "{svg}");
    let rings = svg.matches("<circle").count();
    assert_eq!(
        rings,
        2 * 2 + 5,
        "two chance nodes' double rings and five leaves"
    );
}

#[test]
fn a_bad_chance_node_or_a_search_that_does_not_apply_is_one_line_and_status_2() {
    for (args, message) in [
        (
            vec!["tree", "[chance[0.5: 3, 0.4: 12]]"],
            "at character 2: a chance node's probabilities add up to 0.9, not 1",
        ),
        (
            vec!["tree", "[chance[0.5: 3, 12]]"],
            "probabilities for some children and not others",
        ),
        (
            vec!["trace", "[chance[3, 12]]", "--algorithm", "alphabeta"],
            "alpha-beta does not apply to chance nodes",
        ),
        (
            vec!["trace", "chance[3, 12]"],
            "a tree with chance nodes is not traced call by call",
        ),
    ] {
        let out = run(&args, b"");
        assert_eq!(out.status, 2, "{args:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stderr.contains(message), "{}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}
