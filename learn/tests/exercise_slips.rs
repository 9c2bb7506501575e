//! Feedback that names the slip (`learn::exercises::slips`): for each classic mistake an answer
//! it gives, worked out by hand in the comments, is graded wrong and the mistake named; a right
//! answer names none; and over many seeded sets every slip's answer is graded: named when it is
//! wrong, never when the slip happens to give the right answer.

use std::collections::BTreeMap;

use tictactoe_learn::engine::ai::Difficulty;
use tictactoe_learn::engine::game_tree::GameTree;
use tictactoe_learn::engine::minimax::plain;
use tictactoe_learn::engine::{Board, Cell, Mark};
use tictactoe_learn::exercises::prune::{self, Ask, TreeFillKey};
use tictactoe_learn::exercises::slips::{self, PruneAnswer, Slip};
use tictactoe_learn::exercises::{
    Item, Kind, MoveKey, SetCode, Task, cell_name, cells_text, generate, horizon_key, tree_key,
    value_key,
};
use tictactoe_learn::practice;
use tictactoe_learn::view::ScoreView;

const NAMING: &str = "That is what you get if ";

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

fn cell(row: usize, col: usize) -> Cell {
    Cell::new(row - 1, col - 1)
}

fn on_board(board: Board, task: Task) -> Item {
    Item {
        number: 1,
        level: 1,
        board,
        task,
    }
}

fn on_tree(task: Task) -> Item {
    on_board(Board::default(), task)
}

fn prune_item(tree: &str, ask: impl Fn(&prune::PruneKey) -> Ask) -> Item {
    let tree: GameTree = tree.parse().unwrap();
    let mut key = prune::tree_key(&tree, None);
    key.ask = ask(&key);
    on_tree(Task::Prune(key))
}

/// The slips the feedback names, as their lines say them.
fn naming_line(feedback: &[String]) -> Option<&String> {
    feedback.iter().find(|line| line.starts_with(NAMING))
}

/// `typed` is graded wrong and `slip` named.
fn assert_named(item: &Item, typed: &str, slip: Slip) {
    let graded = item.grade(typed).unwrap();
    assert!(!graded.correct, "{typed:?} is graded right");
    let line = naming_line(&graded.feedback)
        .unwrap_or_else(|| panic!("no slip named for {typed:?}: {:#?}", graded.feedback));
    assert!(
        line.contains(&slip.clause()),
        "{typed:?}: {line:?} does not name {slip:?}"
    );
}

#[test]
fn maximising_at_min_nodes_is_named_for_a_value() {
    // X to move on XX./OO./...; X's r3c1 lets O win at once with r2c3: -9 (depth 1). Had O
    // maximised X's numbers too, it would leave r1c3 to X (r3c2 or r3c3), and X wins there at
    // depth 2: 8.
    let board = board("XX./OO./...");
    let item = on_board(
        board,
        Task::Value(value_key(&board, cell(3, 1), ScoreView::SideToMove)),
    );
    assert_eq!(item.answer_text(), "-9");
    assert_named(&item, "8", Slip::MinMaximises);
}

#[test]
fn depth_a_ply_off_is_named_for_a_value() {
    // The same loss at depth 1: counted from the position it is at depth 2 (-8); a ply short,
    // at depth 0 (-10).
    let board = board("XX./OO./...");
    let item = on_board(
        board,
        Task::Value(value_key(&board, cell(3, 1), ScoreView::Articles)),
    );
    assert_named(&item, "-8", Slip::Depth(1));
    assert_named(&item, "-10", Slip::Depth(-1));
    // X's win at once with r1c3: 10, or 9 counted from the position.
    let item = on_board(
        board,
        Task::Value(value_key(&board, cell(1, 3), ScoreView::Articles)),
    );
    assert_eq!(item.answer_text(), "10");
    assert_named(&item, "9", Slip::Depth(1));
}

#[test]
fn the_other_views_sign_is_named_for_a_value() {
    // O to move on XX./OO./X..: O's r2c3 wins at once, 10 in O's numbers, -10 in X's.
    let board = board("XX./OO./X..");
    let item = on_board(
        board,
        Task::Value(value_key(&board, cell(2, 3), ScoreView::SideToMove)),
    );
    assert_eq!(item.answer_text(), "10");
    assert_named(&item, "-10", Slip::OtherView { maximiser: Mark::X });
    let item = on_board(
        board,
        Task::Value(value_key(&board, cell(2, 3), ScoreView::Articles)),
    );
    assert_named(&item, "10", Slip::OtherView { maximiser: Mark::O });
}

#[test]
fn slips_are_named_for_a_tree_on_a_board() {
    // X to move on XOX/XO./O.., empty r2c3, r3c2, r3c3; O threatens column 2 (r3c2).
    // r2c3: O's r3c2 wins at depth 1 (-9), O's r3c3 leaves X r3c2 and a draw (0): min -9.
    // r3c2 blocks: O's r2c3 or r3c3, X takes the last cell, a draw either way: 0.
    // r3c3: O's r2c3 draws (0), O's r3c2 wins (-9): min -9.
    // With MIN maximising, r2c3 and r3c3 take their replies' highest, 0.
    let board = board("XOX/XO./O..");
    let item = on_board(board, Task::Tree(tree_key(&board, ScoreView::SideToMove)));
    assert_eq!(item.answer_text(), "-9, 0, -9, 0, 0, 0, 0, -9, -9");
    assert_named(&item, "-9, 0, 0, 0, 0, 0, 0, -9, 0", Slip::MinMaximises);
    // O's win at depth 1 counted from the position: depth 2, -8.
    assert_named(&item, "-8, 0, -8, 0, 0, 0, 0, -8, -8", Slip::Depth(1));
    // O to move on XOX/OO./X.X: both of O's moves win at once (10 for O, -10 for X).
    let board = self::board("XOX/OO./X.X");
    let item = on_board(board, Task::Tree(tree_key(&board, ScoreView::SideToMove)));
    assert_eq!(item.answer_text(), "10, 10");
    assert_named(&item, "-10, -10", Slip::OtherView { maximiser: Mark::X });
    assert_named(&item, "9, 9", Slip::Depth(1));
}

#[test]
fn maximising_at_min_nodes_is_named_for_a_textbook_tree() {
    // [[3,12,8],[2,4,6],[14,5,2]] filled B, F, J, A: 3, 2, 2, 3; every level taking the
    // highest: 12, 6, 14, 14.
    let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let item = on_tree(Task::TreeFill(TreeFillKey::new(tree, None)));
    assert_eq!(item.answer_text(), "3, 2, 2, 3");
    assert_named(&item, "12, 6, 14, 14", Slip::MinMaximises);
}

#[test]
fn alpha_beta_slips_are_named_for_the_pruned_branches() {
    // The textbook tree: A over B (C 3, D 12, E 8), F (G 2, H 4, I 6), J (K 14, L 5, M 2).
    // Left to right F cuts after G (α = 3 ≥ β = 2): H, I. Right to left, J gives α = 2, F's β
    // reaches 2 only at its last leaf and B's stays 3: nothing pruned. Without α and β passed
    // down no node ever has α ≥ β: nothing pruned.
    let item = prune_item("[[3,12,8],[2,4,6],[14,5,2]]", |_| Ask::Pruned);
    assert_eq!(item.answer_text(), "H, I");
    assert_named(&item, "none", Slip::RightToLeft);
    assert_named(&item, "none", Slip::WindowNotPassedDown);
    // A over B (C 3, D 5) and E (F 3, G 9): E enters with α = 3, F makes β = 3: G is pruned
    // when the test is α ≥ β, searched when it is α > β.
    let item = prune_item("[[3,5],[3,9]]", |_| Ask::Pruned);
    assert_eq!(item.answer_text(), "G");
    assert_named(&item, "none", Slip::StrictCutoff);
    // A over B (C 5, D 6) and E (F 2, G); G over H 7, I 8: E cuts after F, G's whole subtree
    // is pruned, named by its top G, not by its leaves H, I.
    let item = prune_item("[[5,6],[2,[7,8]]]", |_| Ask::Pruned);
    assert_eq!(item.answer_text(), "G");
    assert_named(&item, "H, I", Slip::LeafForSubtree);
    let graded = item.grade("H, I").unwrap();
    assert!(
        graded.feedback.contains(
            &"H, I lie inside G, pruned whole: name the top (extra); G is pruned too (missed)."
                .to_string()
        ),
        "{:#?}",
        graded.feedback
    );
}

#[test]
fn alpha_beta_slips_are_named_for_a_window() {
    // F on the textbook tree: entered with (3, ∞), G = 2 makes β = 2: (3, 2). Right to left
    // it enters with (2, ∞) and β falls to 2: (2, 2). With a fresh window: (−∞, 2).
    let f =
        |key: &prune::PruneKey| Ask::Window(key.nodes.iter().position(|n| n.label == "F").unwrap());
    let item = prune_item("[[3,12,8],[2,4,6],[14,5,2]]", f);
    assert_eq!(item.answer_text(), "3, 2");
    assert_named(&item, "2, 2", Slip::RightToLeft);
    assert_named(&item, "-inf, 2", Slip::WindowNotPassedDown);
    // Maximising at MIN nodes too: B = 12 makes A's α 12, and F's leaves never raise it: (12, ∞).
    assert_named(&item, "12, inf", Slip::MinMaximises);
    let graded = item.grade("3, 5").unwrap();
    assert!(
        graded
            .feedback
            .contains(&"Your α is right; β is not.".to_string())
    );
    // E of A over B (C 3, D 5) and E (F 3, G 1): entered with (3, ∞), F = 3 makes β = 3 and
    // cuts: (3, 3). Cutting only on α > β, G = 1 is searched too: (3, 1).
    let e =
        |key: &prune::PruneKey| Ask::Window(key.nodes.iter().position(|n| n.label == "E").unwrap());
    let item = prune_item("[[3,5],[3,1]]", e);
    assert_eq!(item.answer_text(), "3, 3");
    assert_named(&item, "3, 1", Slip::StrictCutoff);
}

#[test]
fn horizon_slips_are_named() {
    // X to move on OO./X../X..: O threatens r1c3, X has no win at once. Looking 1 ply ahead
    // every move looks like a draw; looking 2, every move but r1c3 loses at depth 1.
    let board = board("OO./X../X..");
    let easy = on_board(
        board,
        Task::Horizon(horizon_key(&board, Difficulty::Easy, ScoreView::SideToMove)),
    );
    assert_eq!(easy.answer_text(), "r1c3; r2c2; r2c3; r3c2; r3c3");
    assert_named(&easy, "r1c3", Slip::Horizon { plies: 2, asked: 1 });
    assert_named(&easy, "r1c3", Slip::SeesToTheEnd);
    let graded = easy.grade("r1c3").unwrap();
    assert!(
        graded
            .feedback
            .contains(&"r2c2, r2c3, r3c2, r3c3 are rated best too (missed).".to_string())
    );
    let medium = on_board(
        board,
        Task::Horizon(horizon_key(
            &board,
            Difficulty::Medium,
            ScoreView::SideToMove,
        )),
    );
    assert_eq!(medium.answer_text(), "r1c3");
    let typed = "r1c3; r2c2; r2c3; r3c2; r3c3";
    assert_named(&medium, typed, Slip::Horizon { plies: 1, asked: 2 });
    let graded = medium.grade(typed).unwrap();
    assert!(
        graded
            .feedback
            .contains(&"r2c2, r2c3, r3c2, r3c3 are rated lower (extra).".to_string())
    );
    // O to move on .../.OX/X..: r1c1 and r2c1 lose at depth 3, the rest draw. Two plies
    // ahead every move looks like a draw; seeing to the end, r1c1 and r2c1 are not best.
    let board = self::board(".../.OX/X..");
    let item = on_board(
        board,
        Task::Horizon(horizon_key(
            &board,
            Difficulty::Medium,
            ScoreView::SideToMove,
        )),
    );
    assert_named(&item, "r1c2; r1c3; r3c2; r3c3", Slip::SeesToTheEnd);
}

#[test]
fn a_right_answer_names_no_slip() {
    for code in [
        "v1-s2025-k=value,tree,prune,horizon,move-n=15-3x3",
        "v1-s2025-k=value,tree,prune,horizon,move-n=15-3x3-view=x-trees",
        "v1-s7-k=value,tree,prune,move-n=12-4x4",
    ] {
        let set = generate(&code.parse().unwrap());
        for item in &set.items {
            let graded = item.grade(&item.answer_text()).unwrap();
            assert!(graded.correct);
            assert!(
                !graded.feedback.iter().any(|line| line.starts_with(NAMING)
                    || line.contains("(missed)")
                    || line.contains("(extra)")),
                "{code} item {}: {:#?}",
                item.number,
                graded.feedback
            );
        }
    }
}

/// What grading a slip's answer should say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// The slip gives the right answer: graded right, nothing named.
    Right,
    /// Graded wrong and the slip named.
    Named,
    /// Graded wrong, nothing named: a slip that picks every wrong move says nothing of one.
    Unnamed,
}

fn expect(right: bool) -> Expect {
    if right { Expect::Right } else { Expect::Named }
}

/// Every slip's answer to `item`, as typed, with what grading it should say.
fn slipped_texts(item: &Item) -> Vec<(Slip, String, Expect)> {
    let numbers = |n: &[i32]| {
        n.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &item.task {
        Task::Value(key) => {
            let paths = [vec![key.scored.cell]];
            let (right, slipped) = slips::tree_answers(&item.board, key.seen.view(), &paths);
            slipped
                .into_iter()
                .map(|(slip, n)| (slip, numbers(&n), expect(n == right)))
                .collect()
        }
        Task::Tree(key) => {
            let paths: Vec<Vec<Cell>> = key.nodes.iter().map(|n| n.path.clone()).collect();
            let (right, slipped) = slips::tree_answers(&item.board, key.seen.view(), &paths);
            slipped
                .into_iter()
                .map(|(slip, n)| (slip, numbers(&n), expect(n == right)))
                .collect()
        }
        Task::TreeFill(key) => {
            let (right, slipped) = slips::tree_fill_answers(key);
            slipped
                .into_iter()
                .map(|(slip, n)| (slip, numbers(&n), expect(n == right)))
                .collect()
        }
        Task::Horizon(key) => {
            let (right, slipped) = slips::horizon_answers(&key.analysis, key.difficulty);
            slipped
                .into_iter()
                .map(|(slip, cells)| (slip, cells_text(&cells), expect(cells == right)))
                .collect()
        }
        Task::FindMove(key) => {
            let good = &key.exercise.good;
            let wrong = item
                .board
                .legal_moves()
                .filter(|c| !good.contains(c))
                .count();
            slips::move_answers(&item.board, key.view)
                .into_iter()
                .map(|(slip, picks)| {
                    // A slip that picks a good move among its picks gives the right answer.
                    match picks.iter().find(|p| good.contains(p)) {
                        Some(&good) => (slip, cell_name(good), Expect::Right),
                        None if picks.len() == wrong => {
                            (slip, cell_name(picks[0]), Expect::Unnamed)
                        }
                        None => (slip, cell_name(picks[0]), Expect::Named),
                    }
                })
                .collect()
        }
        Task::Prune(key) => {
            let (right, slipped) = slips::prune_answers(key);
            let right = right.expect("the slip-free search gives the key's answer");
            slipped
                .into_iter()
                .map(|(slip, answer)| {
                    let text = match &answer {
                        PruneAnswer::Pruned(nodes) => key.labels(nodes),
                        PruneAnswer::Window(a, b) => {
                            format!("{}, {}", key.number_text(*a), key.number_text(*b))
                        }
                    };
                    (slip, text, expect(answer == right))
                })
                .collect()
        }
        // Their slips are their own (the average's, the cutoff's, UCB1's), named by their
        // modules and checked in tests/exercises.rs, not among the minimax slips here.
        Task::Chance(_) | Task::Eval(_) | Task::Mcts(_) => Vec::new(),
    }
}

/// What a slip is called in the table the test prints.
fn slip_name(slip: Slip) -> String {
    match slip {
        Slip::OtherView { .. } => "other view".into(),
        Slip::Horizon { plies, asked } => format!("horizon {:+}", plies - asked),
        Slip::Depth(plies) => format!("depth {plies:+}"),
        other => format!("{other:?}"),
    }
}

#[test]
fn over_many_sets_a_slip_is_named_exactly_when_its_answer_is_wrong() {
    // (kind, slip) → (items, the slip's answer wrong, named when typed, named and no other
    // slip giving that answer). Printed with `--nocapture`: how often each slip can be told
    // from the key and from the other slips.
    let mut table: BTreeMap<(String, String), (usize, usize, usize, usize)> = BTreeMap::new();
    let kinds = [
        Kind::Value,
        Kind::Tree,
        Kind::Horizon,
        Kind::FindMove,
        Kind::Prune,
    ];
    for seed in 0..16u64 {
        let view = [ScoreView::SideToMove, ScoreView::Articles][seed as usize % 2];
        let mut code = SetCode::new(seed, kinds.to_vec(), 15, 3, view).unwrap();
        code.trees = seed % 3 == 0;
        let mut codes = vec![code];
        if seed % 4 < 2 {
            // 4×4 items have O to move, where the two views differ.
            let four = vec![Kind::Value, Kind::Tree, Kind::FindMove, Kind::Prune];
            codes.push(SetCode::new(seed, four, 8, 4, view).unwrap());
        }
        for code in codes {
            for item in &generate(&code).items {
                let kind = match &item.task {
                    Task::Prune(key) if matches!(key.ask, Ask::Window(_)) => "prune (window)",
                    Task::Prune(_) => "prune (branches)",
                    Task::TreeFill(_) => "tree (abstract)",
                    _ => item.kind().code(),
                };
                let answers = slipped_texts(item);
                for (slip, typed, expected) in answers.iter().cloned() {
                    // Told apart: no other slip gives the same answer.
                    let alone = !answers.iter().any(|(s, t, _)| *s != slip && *t == typed);
                    let graded = item.grade(&typed).unwrap();
                    let named = naming_line(&graded.feedback)
                        .is_some_and(|line| line.contains(&slip.clause()));
                    let context = format!("{code} item {}: {slip:?} typed {typed:?}", item.number);
                    assert_eq!(graded.correct, expected == Expect::Right, "{context}");
                    assert_eq!(
                        named,
                        expected == Expect::Named,
                        "{context}: {:#?}",
                        graded.feedback
                    );
                    let row = table
                        .entry((kind.to_string(), slip_name(slip)))
                        .or_default();
                    row.0 += 1;
                    row.1 += usize::from(expected != Expect::Right);
                    row.2 += usize::from(named);
                    row.3 += usize::from(named && alone);
                }
            }
        }
    }
    for ((kind, slip), (items, wrong, named, alone)) in &table {
        eprintln!(
            "{kind:18} {slip:20} {items:4} items, {wrong:4} wrong, {named:4} named, {alone:4} alone"
        );
    }
}

#[test]
fn maximising_at_min_nodes_is_named_for_find_the_move() {
    // 4×4, four in a row, O to move on OO../.X.O/..OX/X.XX: X threatens row 4 (r4c2), so O
    // must block there. Were X to help O, O's fastest win would be row 1, r1c3 then r1c4 (at
    // depth 2); no other line of O's needs fewer than three more moves.
    let board = board("OO../.X.O/..OX/X.XX");
    let analysis = plain(&board);
    let exercise = practice::exercise(&analysis).expect("one good move");
    let item = on_board(
        board,
        Task::FindMove(MoveKey {
            view: ScoreView::SideToMove,
            exercise,
            analysis,
        }),
    );
    assert_eq!(item.answer_text(), "r4c2");
    assert_named(&item, "r1c3", Slip::MinMaximises);
    assert_named(&item, "r1c4", Slip::MinMaximises);
    let graded = item.grade("r2c1").unwrap();
    assert!(!graded.correct && naming_line(&graded.feedback).is_none());
}
