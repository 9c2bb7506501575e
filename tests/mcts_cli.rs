//! `tictactoe mcts` and the search behind it: a seed gives the same output byte for byte, the
//! exact values beside the estimates are plain minimax's, bad arguments get one line and status
//! 2, and with enough iterations the most visited move has the best outcome there is.

#[path = "common/binary.rs"]
mod binary;
mod common;

use binary::{run, run_raw};
use common::{board, random_open_position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tictactoe::engine::board::{Geometry, Mark};
use tictactoe::engine::mcts::Mcts;
use tictactoe::engine::minimax;

#[test]
fn the_same_seed_gives_the_same_output_and_another_seed_another() {
    for position in ["X../.O./...", "[[3,12,8],[2,4,6],[14,5,2]]"] {
        let args = |seed: &'static str| {
            vec![
                "mcts",
                position,
                "--iterations",
                "300",
                "--seed",
                seed,
                "--c",
                "2",
                "--trace",
            ]
        };
        let first = run_raw(&args("5"), b"");
        assert_eq!(
            first.status,
            0,
            "{}",
            String::from_utf8_lossy(&first.stderr)
        );
        assert_eq!(first.stdout, run_raw(&args("5"), b"").stdout);
        assert_ne!(first.stdout, run_raw(&args("6"), b"").stdout);
        let lines = run(&args("5"), b"").json_lines();
        assert_eq!(
            lines.len(),
            301,
            "{position}: 300 iterations and the result"
        );
        assert_eq!(lines[299]["iteration"], 300);
        // Every iteration's reward is backed up into the root's total, for the side to move.
        let total: f64 = lines[..300]
            .iter()
            .map(|line| line["reward"].as_f64().unwrap())
            .sum();
        let result = &lines[300];
        let moves = result["moves"].as_array().unwrap();
        let visits: u64 = moves.iter().map(|m| m["visits"].as_u64().unwrap()).sum();
        let totals: f64 = moves.iter().map(|m| m["total"].as_f64().unwrap()).sum();
        assert_eq!(visits, 300, "the root's N is the sum of its children's");
        assert!((totals - total).abs() < 1e-9, "{totals} {total}");
    }
}

#[test]
fn each_root_move_carries_plain_minimax_s_exact_score() {
    for text in [
        "X../.O./...",
        "XX./OO./...",
        "XO./.X./..O",
        "XO.O/.XX./..O./.X..",
    ] {
        let position = board(text);
        let out = run(&["mcts", text, "--iterations", "200"], b"");
        assert_eq!(out.status, 0, "{}", out.stderr);
        let result = out.json();
        let reference = minimax::plain(&position);
        let moves = result["moves"].as_array().unwrap();
        assert_eq!(moves.len(), reference.moves.len());
        for m in moves {
            let cell = tictactoe::Cell::new(
                m["row"].as_u64().unwrap() as usize,
                m["col"].as_u64().unwrap() as usize,
            );
            let score = reference.score_of(cell).unwrap();
            assert_eq!(m["exact"], score.value(), "{text} {cell}");
            let word = if score.is_win() {
                "win"
            } else if score.is_loss() {
                "loss"
            } else {
                "draw"
            };
            assert_eq!(m["outcome"], word);
        }
    }
    // A tree's exact values are minimax's, for the side to move at the root.
    let result = run(&["mcts", "min:[[3,12,8],[2,4,6],[14,5,2]]"], b"").json();
    let exact: Vec<i64> = result["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["exact"].as_i64().unwrap())
        .collect();
    assert_eq!(
        exact,
        [-12, -6, -14],
        "MIN's own numbers: MAX's 12, 6 and 14 negated"
    );
}

#[test]
fn bad_arguments_get_one_line_naming_what_was_typed_and_status_2() {
    for (args, message) in [
        (vec!["--iterations", "0"], "from 1 to 10000000, not 0"),
        (vec!["--iterations", "1e9"], "not 1e9"),
        (vec!["--iterations", "20000000"], "not 20000000"),
        (
            vec!["--c", "-1"],
            "c must be a number from 0 to 1000000, like 1.41 or 0.5, not -1",
        ),
        (vec!["--c", "lots"], "not lots"),
        (vec!["--c", "NaN"], "not NaN"),
        (vec!["--seed", "-3"], "the seed must be a whole number"),
        (vec!["--max-tree-nodes", "0"], "not 0"),
        (
            vec!["--iterations", "200000", "--trace"],
            "--trace writes at most 100000",
        ),
    ] {
        let mut all = vec!["mcts", "X../.O./..."];
        all.extend(args.iter());
        let out = run(&all, b"");
        assert_eq!(out.status, 2, "{all:?}");
        assert!(out.stderr.contains(message), "{all:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
    for (position, message) in [
        ("XXX/OO./...", "the game is over"),
        ("[chance[3, 12]]", "not chance nodes"),
        ("XXXX/...", "tictactoe mcts: \"XXXX/...\""),
    ] {
        let out = run(&["mcts", position], b"");
        assert_eq!(out.status, 2, "{position}");
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stderr.contains(message), "{}", out.stderr);
    }
}

#[test]
fn the_tree_cap_is_kept_and_said() {
    let result = run(
        &[
            "mcts",
            "..../..../..../....",
            "--iterations",
            "500",
            "--max-tree-nodes",
            "40",
        ],
        b"",
    )
    .json();
    assert_eq!(result["tree_nodes"], 40);
    assert_eq!(result["full"], true);
    assert_eq!(result["iterations"], 500);
}

/// With a fixed seed this is deterministic: the count is the same on every run.
#[test]
fn with_enough_iterations_the_most_visited_move_has_the_best_outcome() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let (mut right, mut positions) = (0, 0);
    for index in 0..40 {
        let empty = 4 + index % 5;
        let position =
            random_open_position(Geometry::new(3, 3, 3).unwrap(), Mark::X, empty, &mut rng);
        let reference = minimax::plain(&position);
        let best = reference.best_score().unwrap();
        let mut search = Mcts::new(position, index as u64, std::f64::consts::SQRT_2, 100_000);
        search.run(3_000);
        let chosen = reference.score_of(search.most_visited().unwrap()).unwrap();
        let class = |score: tictactoe::Score| (score.is_win(), score.is_loss());
        positions += 1;
        if class(chosen) == class(best) {
            right += 1;
        }
    }
    assert!(right * 100 >= positions * 95, "{right} of {positions}");
}

#[test]
fn cutoff_prints_depth_limited_numbers_beside_plain_minimax_s_and_refuses_bad_depths() {
    use tictactoe::engine::minimax::{Evaluation, SearchControl, Valuation, depth_limited};
    for (text, depth, eval) in [
        ("X../.O./...", "2", Evaluation::OpenLines),
        ("XX./OO./...", "1", Evaluation::OpenLines),
        ("X../.O./...", "3", Evaluation::Zero),
    ] {
        let flag = if eval == Evaluation::Zero {
            "zero"
        } else {
            "open-lines"
        };
        let out = run(&["cutoff", text, "--depth", depth, "--eval", flag], b"");
        assert_eq!(out.status, 0, "{}", out.stderr);
        let result = out.json();
        let position = board(text);
        let reference = minimax::plain(&position);
        let limited = depth_limited(
            &position,
            depth.parse().unwrap(),
            eval,
            &SearchControl::new(),
        )
        .unwrap();
        let moves = result["moves"].as_array().unwrap();
        assert_eq!(moves.len(), limited.len());
        for (m, (cell, valuation)) in moves.iter().zip(&limited) {
            assert_eq!(
                (m["row"].as_u64(), m["col"].as_u64()),
                (Some(cell.row as u64), Some(cell.col as u64))
            );
            let (value, evaluated) = match valuation {
                Valuation::Exact(score) => (score.value(), false),
                Valuation::Estimate(value) => (*value, true),
            };
            assert_eq!(
                (m["value"].as_i64(), m["evaluated"].as_bool()),
                (Some(value.into()), Some(evaluated))
            );
            assert_eq!(m["exact"], reference.score_of(*cell).unwrap().value());
        }
    }
    // Depth 1 sees X's win now and judges the rest by open lines.
    let result = run(&["cutoff", "XX./OO./...", "--depth", "1"], b"").json();
    assert_eq!(result["choice"], serde_json::json!({"row": 0, "col": 2}));
    assert_eq!(result["moves"][0]["value"], 10);
    assert_eq!(result["moves"][0]["evaluated"], false);
    for (args, message) in [
        (
            vec!["cutoff", "X../.O./...", "--depth", "0"],
            "from 1 to 49, not 0",
        ),
        (
            vec!["cutoff", "XXX/OO./...", "--depth", "2"],
            "the game is over",
        ),
        (
            vec!["cutoff", "X../.O./...", "--depth", "9", "--max-nodes", "10"],
            "raise --max-nodes",
        ),
    ] {
        let out = run(&args, b"");
        assert_eq!(out.status, 2, "{args:?}");
        assert!(out.stderr.contains(message), "{}", out.stderr);
    }
}
