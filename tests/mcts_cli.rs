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
use tictactoe::engine::game_tree::GameTree;
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
        (vec!["--c", "inf"], "not inf"),
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

/// A tree as the test builds it, its notation written and its value worked out here.
enum Sketch {
    Leaf(i32),
    /// MAX or MIN, by the level.
    Choice(Vec<Sketch>),
    /// Each outcome with its probability in quarters (adding up to 4), or all alike.
    Chance(Vec<(u32, Sketch)>, bool),
}

impl Sketch {
    fn notation(&self) -> String {
        match self {
            Sketch::Leaf(value) => value.to_string(),
            Sketch::Choice(children) => {
                let inner: Vec<String> = children.iter().map(Sketch::notation).collect();
                format!("[{}]", inner.join(","))
            }
            Sketch::Chance(outcomes, given) => {
                let inner: Vec<String> = outcomes
                    .iter()
                    .map(|(quarters, child)| match given {
                        true => format!("{}: {}", *quarters as f64 / 4.0, child.notation()),
                        false => child.notation(),
                    })
                    .collect();
                format!("chance[{}]", inner.join(","))
            }
        }
    }

    /// Expectiminimax, MAX's value, `max` telling who moves at a choice (a chance level takes
    /// no turn).
    fn value(&self, max: bool) -> f64 {
        match self {
            Sketch::Leaf(value) => f64::from(*value),
            Sketch::Choice(children) => {
                let values = children.iter().map(|child| child.value(!max));
                match max {
                    true => values.fold(f64::NEG_INFINITY, f64::max),
                    false => values.fold(f64::INFINITY, f64::min),
                }
            }
            Sketch::Chance(outcomes, given) => {
                let n = outcomes.len() as f64;
                outcomes
                    .iter()
                    .map(|(quarters, child)| {
                        let p = if *given {
                            f64::from(*quarters) / 4.0
                        } else {
                            1.0 / n
                        };
                        p * child.value(max)
                    })
                    .sum()
            }
        }
    }
}

/// A random tree below a MAX root: two or three levels, chance levels among them.
fn random_sketch(rng: &mut SmallRng, levels: u32) -> Sketch {
    use rand::Rng;
    if levels == 0 {
        return Sketch::Leaf(rng.random_range(-20..=20));
    }
    let width = rng.random_range(2..=3);
    if rng.random_bool(0.35) {
        let given = rng.random_bool(0.5);
        // Quarters adding up to 4 over `width` outcomes: 2+2, 1+3, 3+1, 1+1+2, …
        let mut left = 4;
        let outcomes = (0..width)
            .map(|index| {
                let quarters = if index + 1 == width {
                    left
                } else {
                    rng.random_range(1..=left - (width - index - 1))
                };
                left -= quarters;
                (quarters, random_sketch(rng, levels - 1))
            })
            .collect();
        Sketch::Chance(outcomes, given)
    } else {
        Sketch::Choice((0..width).map(|_| random_sketch(rng, levels - 1)).collect())
    }
}

/// Over random trees with chance nodes, the exact values `mcts` prints are those of an
/// expectiminimax written here, and the most visited root child is a best one in nearly every
/// tree (measured: 199 of the 200 trees here).
#[test]
fn on_random_chance_trees_the_most_visited_child_is_expectiminimax_s_best() {
    let mut rng = SmallRng::seed_from_u64(61);
    let (mut right, mut trees) = (0, 0);
    for index in 0..200u64 {
        let root = Sketch::Choice(
            (0..rand::Rng::random_range(&mut rng, 2..=3))
                .map(|_| random_sketch(&mut rng, 1 + (index % 2) as u32))
                .collect(),
        );
        let text = root.notation();
        let tree: GameTree = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let Sketch::Choice(children) = &root else {
            unreachable!()
        };
        let exact: Vec<f64> = children.iter().map(|child| child.value(false)).collect();
        let best = exact.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // Rewards are the leaves as typed (up to 20): c scaled to them.
        let mut search = Mcts::new(tree.root(), index, 20.0, 100_000);
        search.run(3_000);
        let chosen = search.most_visited().unwrap();
        trees += 1;
        if (exact[chosen] - best).abs() < 1e-9 {
            right += 1;
        }
        // The command prints the same exact values (every tenth tree: each run starts a process).
        if index % 10 == 0 {
            let printed = run(&["mcts", &text, "--iterations", "50"], b"").json();
            let values: Vec<f64> = printed["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["exact"].as_f64().unwrap())
                .collect();
            for (found, expected) in values.iter().zip(&exact) {
                assert!(
                    (found - expected).abs() < 1e-9,
                    "{text}: {values:?} {exact:?}"
                );
            }
        }
    }
    eprintln!("most visited = expectiminimax's best in {right} of {trees} trees");
    assert!(right * 100 >= trees * 90, "{right} of {trees}");
}

#[test]
fn mcts_on_the_chance_example_prints_expectiminimax_s_values() {
    let result = run(
        &[
            "mcts",
            "[chance[3, 12], chance[2, 4, 6]]",
            "--iterations",
            "3000",
            "--c",
            "10",
        ],
        b"",
    )
    .json();
    let moves = result["moves"].as_array().unwrap();
    assert_eq!(moves[0]["exact"], 7.5);
    assert_eq!(moves[1]["exact"], 4);
    let mean = moves[0]["mean"].as_f64().unwrap();
    assert!((mean - 7.5).abs() < 0.5, "{mean}");
    assert_eq!(result["choice"]["child"], 1);
    assert_eq!(result["exact_best"], true);
    // A chance root: nobody chooses, the outcomes are drawn half, a quarter and a quarter.
    let result = run(
        &[
            "mcts",
            "chance[0.5: 3, 0.25: 12, 0.25: [2, 4]]",
            "--iterations",
            "4000",
        ],
        b"",
    )
    .json();
    assert_eq!(result["to_move"], "chance");
    assert_eq!(result["choice"], serde_json::Value::Null);
    let visits: Vec<f64> = result["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["visits"].as_f64().unwrap() / 4000.0)
        .collect();
    assert!((visits[0] - 0.5).abs() < 0.03, "{visits:?}");
    assert!((visits[1] - 0.25).abs() < 0.03, "{visits:?}");
}

#[test]
fn a_match_adds_up_alternates_the_first_move_and_replays_for_a_seed() {
    let args = [
        "match", "--x", "mcts:50", "--o", "perfect", "--games", "12", "--seed", "3",
    ];
    let first = run(&args, b"");
    assert_eq!(first.status, 0, "{}", first.stderr);
    assert_eq!(
        first.stdout,
        run(&args, b"").stdout,
        "the same seed, the same match"
    );
    let result = first.json();
    let (x, o) = (&result["x"], &result["o"]);
    assert_eq!(
        (x["player"].as_str(), o["player"].as_str()),
        (Some("mcts:50"), Some("perfect"))
    );
    for side in [x, o] {
        let sum: u64 = ["wins", "draws", "losses"]
            .iter()
            .map(|k| side[k].as_u64().unwrap())
            .sum();
        assert_eq!(sum, 12);
        assert_eq!(side["first"], 6);
    }
    assert_eq!(x["wins"], o["losses"]);
    assert_eq!(o["losses"], 0, "perfect play never loses");
    // Every game replayed here: legal moves, the first mover alternating, the winner printed.
    for (index, game) in result["results"].as_array().unwrap().iter().enumerate() {
        let first = if index % 2 == 0 { Mark::X } else { Mark::O };
        assert_eq!(game["first"], first.to_string());
        let mut position = tictactoe::Board::empty(Geometry::CLASSIC, first);
        for name in game["moves"].as_array().unwrap() {
            let name = name.as_str().unwrap();
            let cell = position
                .legal_moves()
                .find(|cell| cell.name() == name)
                .unwrap_or_else(|| panic!("{name} is not a legal move"));
            position.play(cell).unwrap();
        }
        assert!(position.outcome().is_over());
        let winner = position.outcome().winner().map(|mark| mark.to_string());
        assert_eq!(game["winner"], serde_json::json!(winner));
    }
    let other = run(
        &[
            "match", "--x", "mcts:50", "--o", "perfect", "--games", "12", "--seed", "4",
        ],
        b"",
    );
    assert_ne!(first.stdout, other.stdout);
}

#[test]
fn a_bad_match_argument_gets_one_line_naming_it_and_status_2() {
    for (args, message) in [
        (vec!["--x", "mcts:0", "--o", "perfect"], "'mcts:0'"),
        (
            vec!["--x", "insane", "--o", "perfect"],
            "easy, medium, hard, perfect or mcts:N",
        ),
        (vec!["--x", "easy", "--o", "mcts:x"], "'mcts:x'"),
        (
            vec!["--x", "easy", "--o", "hard", "--games", "0"],
            "from 1 to 10000, not 0",
        ),
        (
            vec!["--x", "easy", "--o", "hard", "--seed", "-1"],
            "the seed must be",
        ),
    ] {
        let mut all = vec!["match"];
        all.extend(args.iter());
        let out = run(&all, b"");
        assert_eq!(out.status, 2, "{all:?}");
        // clap's line, then its pointer to --help.
        let line = out.stderr.lines().next().unwrap();
        assert!(line.contains(message), "{all:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}
