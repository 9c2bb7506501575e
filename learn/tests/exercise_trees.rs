//! The alpha-beta kind and exercises on the textbooks' abstract trees: every key (the branches
//! pruned, the cut-offs, α and β at every node searched) equals a textbook alpha-beta written
//! here, apart from the engine, and the real trace's cut-offs, on generated sets of every level,
//! below positions in both views and on abstract trees; below a position every number is the one
//! `analyze` and plain minimax give (depth counted after the move), and the prompt states the
//! step-through's order of update and test; the textbook figure's known cut-off; the
//! fill-in values are plain minimax's; bad answers get one line. (That codes with `-trees`
//! round-trip and name the same set on the command line, and print as they always have, is in the
//! game's `tests/exercises.rs`, which runs the binary; the quizzes are imported as Moodle does in
//! its `tests/moodle_import.rs`.)

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use tictactoe_learn::engine::game_tree::GameTree;
use tictactoe_learn::engine::minimax::SearchControl;
use tictactoe_learn::engine::rules::Rules;
use tictactoe_learn::engine::score::Score;
use tictactoe_learn::exercises::prune::{Ask, PruneKey, Start, tree_key};
use tictactoe_learn::exercises::{ExerciseSet, Item, Kind, SetCode, Task, generate};
use tictactoe_learn::trace::{EventKind, TraceAlgorithm, trace_game};
use tictactoe_learn::view::{ScoreView, Seen, SeenTree, ShowsSearch};

/// What a textbook alpha-beta finds, by node path (child indices from the root): the branches
/// it skips, and the window each inner node (the root too) has when the search leaves it.
#[derive(Default)]
struct Reference {
    pruned: Vec<Vec<usize>>,
    windows: HashMap<Vec<usize>, (Score, Score)>,
    /// The other textbook order: test the child's value against the far bound, then update α
    /// or β (the step-through's code updates, then tests α ≥ β).
    test_first: bool,
}

/// Alpha-beta as the textbooks write it, children left to right, cutting at α ≥ β.
#[allow(clippy::too_many_arguments)]
fn alpha_beta<G: Rules>(
    position: &G,
    player: G::Side,
    depth: i32,
    is_max: bool,
    mut alpha: Score,
    mut beta: Score,
    path: &mut Vec<usize>,
    found: &mut Reference,
) -> Score {
    if let Some(score) = position.evaluate(player, depth) {
        return score;
    }
    let infinity = position.infinity();
    let moves: Vec<G::Move> = position.moves().collect();
    let mut best = if is_max { -infinity } else { infinity };
    for (index, &mv) in moves.iter().enumerate() {
        path.push(index);
        let value = alpha_beta(
            &position.after(mv),
            player,
            depth + 1,
            !is_max,
            alpha,
            beta,
            path,
            found,
        );
        path.pop();
        if is_max {
            best = best.max(value);
        } else {
            best = best.min(value);
        }
        let cut_before_update = match is_max {
            true => best >= beta,
            false => best <= alpha,
        };
        if !(found.test_first && cut_before_update) {
            if is_max {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
        }
        if alpha >= beta || (found.test_first && cut_before_update) {
            for skipped in index + 1..moves.len() {
                let mut pruned = path.clone();
                pruned.push(skipped);
                found.pruned.push(pruned);
            }
            break;
        }
    }
    // The root's too: it is an alpha-beta call like any other, its window narrowed as its
    // children return.
    found.windows.insert(path.clone(), (alpha, beta));
    best
}

/// The reference search from `start`, depth counted as the articles count it: the start's
/// moves lead to depth 0 (a tree's leaves carry no depth).
fn reference<G: Rules>(start: &G) -> Reference {
    reference_in_order(start, false)
}

/// The reference search from `start`, updating α or β before the test, or (`test_first`) after.
fn reference_in_order<G: Rules>(start: &G, test_first: bool) -> Reference {
    let mut found = Reference {
        test_first,
        ..Reference::default()
    };
    let infinity = start.infinity();
    alpha_beta(
        start,
        start.to_move(),
        -1,
        true,
        -infinity,
        infinity,
        &mut Vec::new(),
        &mut found,
    );
    found
}

/// The child indices that lead to `node` from the key's root.
fn path_of(key: &PruneKey, node: usize) -> Vec<usize> {
    let mut path = Vec::new();
    let mut at = node;
    while let Some(parent) = key.nodes[at].parent {
        let index = key.nodes[parent]
            .children
            .iter()
            .position(|&c| c == at)
            .unwrap();
        path.push(index);
        at = parent;
    }
    path.reverse();
    path
}

/// How many cut-offs the engine's own trace reports from `start`.
fn trace_cutoffs<G: Rules>(start: &G) -> usize {
    let mut cutoffs = 0;
    trace_game(
        start,
        TraceAlgorithm::AlphaBetaClassic,
        &SearchControl::new(),
        |step, _| cutoffs += usize::from(step.kind == EventKind::Cutoff),
    )
    .unwrap();
    cutoffs
}

/// `key` against the reference alpha-beta from `start`, its numbers shown by `seen`.
fn check_against<G: Rules>(key: &PruneKey, start: &G, seen: &impl ShowsSearch<G>, context: &str) {
    let found = reference(start);
    let mut pruned: Vec<Vec<usize>> = key.pruned.iter().map(|&n| path_of(key, n)).collect();
    let mut want = found.pruned.clone();
    pruned.sort();
    want.sort();
    assert_eq!(pruned, want, "{context}: the branches pruned");
    assert_eq!(key.cutoffs.len(), trace_cutoffs(start), "{context}");
    let cut_nodes: usize = key.cutoffs.iter().map(|c| c.pruned.len()).sum();
    assert_eq!(cut_nodes, key.pruned.len(), "{context}");
    for (node, facts) in key.nodes.iter().enumerate() {
        if facts.leaf.is_some() {
            continue;
        }
        let want = found.windows.get(&path_of(key, node));
        let shown = want.map(|&(alpha, beta)| {
            let (a, b) = seen.window(alpha, beta);
            (a.value(), b.value())
        });
        let keyed = key.final_window(node).map(|(a, b)| (a.value(), b.value()));
        assert_eq!(
            keyed, shown,
            "{context}: the window leaving {}",
            facts.label
        );
    }
    // A cut-off's window is the one its node leaves with, and α ≥ β there.
    for cut in &key.cutoffs {
        assert_eq!(key.final_window(cut.at), Some(cut.window), "{context}");
        assert!(cut.window.0 >= cut.window.1, "{context}: α ≥ β");
    }
}

/// Every alpha-beta and fill-in item of `set` against the references; grading takes the key's
/// own answer and refuses a changed one.
fn check_set(set: &ExerciseSet) -> (usize, usize) {
    let (mut pruned_asks, mut window_asks) = (0, 0);
    for item in &set.items {
        let context = format!("{} item {}", set.code, item.number);
        match &item.task {
            Task::Prune(key) => {
                match &key.start {
                    Start::Board(board) => {
                        assert_eq!(board, &item.board, "{context}");
                        assert!(item.on_board());
                        check_against(key, board, &Seen::new(set.code.view, board), &context);
                    }
                    Start::Tree { tree, .. } => {
                        assert!(!item.on_board());
                        check_against(key, &tree.root(), &SeenTree::new(tree), &context);
                    }
                }
                assert!(key.nodes.len() <= 40, "{context}: small enough to draw");
                match key.ask {
                    Ask::Pruned => {
                        pruned_asks += 1;
                        assert_ne!(item.level, 2, "{context}");
                        let mut wrong = key.pruned.clone();
                        match wrong.pop() {
                            Some(_) => {}
                            None => wrong.push(1),
                        }
                        let typed = key.labels(&wrong);
                        let graded = item.grade(&typed).unwrap();
                        assert!(!graded.correct, "{context}: {typed}");
                        // A wrong answer works each cut-off out.
                        for cut in &key.cutoffs {
                            let at = &key.nodes[cut.at].label;
                            assert!(
                                graded
                                    .feedback
                                    .iter()
                                    .any(|l| l.starts_with(&format!("At {at} ")) && l.contains('≥')),
                                "{context}: {:?}",
                                graded.feedback
                            );
                        }
                    }
                    Ask::Window(node) => {
                        window_asks += 1;
                        assert_eq!(item.level, 2, "{context}");
                        let (alpha, beta) = key.final_window(node).unwrap();
                        let typed = format!("{}, {}", alpha.value(), beta.value() + 1);
                        assert!(!item.grade(&typed).unwrap().correct, "{context}");
                        let typed = format!("α={} β={}", alpha.value(), beta.value());
                        let right = item.grade(&typed).unwrap();
                        assert!(right.correct, "{context}: {typed}");
                    }
                }
            }
            Task::TreeFill(key) => {
                // Each inner node the best of its children for the side there, from the leaves
                // up, worked out here.
                fn value(node: tictactoe_learn::engine::game_tree::TreePosition) -> i32 {
                    if let Some(leaf) = node.leaf() {
                        return leaf;
                    }
                    let values = node.children().map(value);
                    match node.side() {
                        tictactoe_learn::engine::game_tree::Side::Max => values.max().unwrap(),
                        tictactoe_learn::engine::game_tree::Side::Min => values.min().unwrap(),
                    }
                }
                for &node in &key.order {
                    let position = key.tree.node(node).unwrap();
                    assert_eq!(key.values[node], value(position), "{context}");
                    assert!(
                        position.children().all(|c| c.is_leaf()
                            || key.order.iter().position(|&n| n == c.id())
                                < key.order.iter().position(|&n| n == node)),
                        "{context}: children first"
                    );
                }
                let mut numbers: Vec<i32> = key.order.iter().map(|&n| key.values[n]).collect();
                numbers[0] += 1;
                let typed: Vec<String> = numbers.iter().map(i32::to_string).collect();
                assert!(!item.grade(&typed.join(", ")).unwrap().correct, "{context}");
            }
            _ => continue,
        }
        let graded = item.grade(&item.answer_text()).unwrap();
        assert!(graded.correct, "{context}: {:?}", graded.feedback);
        assert!(graded.feedback.len() >= 2, "{context}: worked out");
    }
    (pruned_asks, window_asks)
}

#[test]
fn every_alpha_beta_key_is_the_real_trace_on_sets_of_every_level() {
    let (mut pruned_asks, mut window_asks, mut items) = (0, 0, 0);
    for seed in 0..25 {
        for view in ScoreView::ALL {
            for trees in [false, true] {
                for size in [3, 4] {
                    let code = SetCode::new(seed, vec![Kind::Prune, Kind::Tree], 6, size, view)
                        .unwrap()
                        .on_trees(trees);
                    let set = generate(&code);
                    let levels: Vec<u8> = set.items.iter().map(|i| i.level).collect();
                    assert_eq!(levels, [1, 1, 2, 2, 3, 3]);
                    let (p, w) = check_set(&set);
                    pruned_asks += p;
                    window_asks += w;
                    items += set.items.len();
                }
            }
        }
    }
    assert!(
        pruned_asks > 150 && window_asks > 80,
        "{pruned_asks} {window_asks} of {items}"
    );
}

#[test]
fn every_item_has_a_cut_off_to_find() {
    let mut with_cut = 0;
    let mut items = 0;
    for seed in 0..40 {
        let trees = seed % 2 == 0;
        let code = SetCode::new(seed, vec![Kind::Prune], 3, 3, ScoreView::SideToMove)
            .unwrap()
            .on_trees(trees);
        for item in generate(&code).items {
            let Task::Prune(key) = &item.task else {
                panic!()
            };
            items += 1;
            with_cut += usize::from(!key.cutoffs.is_empty());
        }
    }
    assert_eq!(
        with_cut, items,
        "every item's start was chosen where alpha-beta cuts"
    );
}

/// Russell and Norvig's figure: MAX over three MIN nodes; alpha-beta, sure of 3 after the
/// first, stops the second at its 2 and never looks at its 4 and 6.
#[test]
fn the_textbook_figure_prunes_the_second_min_nodes_4_and_6() {
    let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let key = tree_key(&tree, Some("three-ply"));
    let leaves: Vec<i32> = key
        .pruned
        .iter()
        .map(|&n| key.nodes[n].leaf.unwrap().value())
        .collect();
    assert_eq!(leaves, [4, 6]);
    assert_eq!(key.labels(&key.pruned), "H, I");
    assert_eq!(key.cutoffs.len(), 1);
    let cut = &key.cutoffs[0];
    assert_eq!(key.nodes[cut.at].label, "F");
    assert_eq!(path_of(&key, cut.at), [1], "the 2nd MIN node");
    assert_eq!((cut.window.0.value(), cut.window.1.value()), (3, 2));
    assert_eq!(key.returned[0].map(|v| v.value()), Some(3));
    // The window leaving the second MIN node, worked out as the learner is shown it.
    assert_eq!(
        key.window_worked(cut.at),
        "F (MIN) is entered with (α, β) = (3, ∞); G returns 2: (3, 2) (β falls to the best \
         value so far); leaving it, α = 3 and β = 2."
    );
    assert_eq!(
        key.worked()[0],
        "At F (MIN): α = 3 ≥ β = 2: the maximiser above can already get 3 elsewhere, so it \
         never lets play reach here; H, I skipped."
    );
    // The same tree with MIN at the root prunes the mirror image's leaves.
    let min: GameTree = "min:[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let key = tree_key(&min, None);
    let leaves: Vec<i32> = key
        .pruned
        .iter()
        .map(|&n| key.nodes[n].leaf.unwrap().value())
        .collect();
    assert_eq!(leaves, [5, 2]);
    check_against(&key, &min.root(), &SeenTree::new(&min), "min root");
    // Every built-in tree's documented pruned leaves (counted from 1) are the key's leaves.
    for example in tictactoe_learn::abstract_tree::tree_examples() {
        let tree = example.tree();
        let key = tree_key(&tree, Some(example.name));
        let leaf_ids: Vec<usize> = tree.leaves().map(|l| l.id()).collect();
        let mut skipped: Vec<usize> = Vec::new();
        for &top in &key.pruned {
            // Every leaf under a pruned branch is skipped.
            let mut under = vec![top];
            while let Some(n) = under.pop() {
                if key.nodes[n].leaf.is_some() {
                    skipped.push(leaf_ids.iter().position(|&l| l == n).unwrap() + 1);
                }
                under.extend(&key.nodes[n].children);
            }
        }
        skipped.sort_unstable();
        assert_eq!(skipped, example.pruned, "{}", example.name);
    }
}

fn item_of(code: &str, kind: Kind, ask_window: bool) -> Item {
    let set = generate(&code.parse().unwrap());
    set.items
        .into_iter()
        .find(|i| {
            i.kind() == kind
                && match &i.task {
                    Task::Prune(key) => matches!(key.ask, Ask::Window(_)) == ask_window,
                    _ => true,
                }
        })
        .unwrap()
}

/// Characters the answers are fuzzed with.
const ALPHABET: &[char] = &[
    'A', 'b', 'Z', 'α', 'β', '=', ',', ';', ' ', '-', '∞', '−', 'i', 'n', 'f', '0', '9', '\n',
    '\u{0}', 'é', '(', ')',
];

#[test]
fn a_bad_answer_gets_one_line_never_a_panic() {
    let mut rng = SmallRng::seed_from_u64(46);
    let code = "v1-s4-k=prune,tree-n=6-3x3-trees";
    let items = [
        item_of(code, Kind::Prune, false),
        item_of(code, Kind::Prune, true),
        item_of(code, Kind::Tree, false),
        item_of("v1-s4-k=prune-n=3-3x3", Kind::Prune, false),
    ];
    let mut refused = 0;
    for item in &items {
        let answer = item.answer_text();
        for _ in 0..400 {
            let mut chars: Vec<char> = answer.chars().collect();
            for _ in 0..rng.random_range(1..=5) {
                let at = rng.random_range(0..=chars.len());
                let c = ALPHABET[rng.random_range(0..ALPHABET.len())];
                if rng.random_bool(0.5) || at == chars.len() {
                    chars.insert(at, c);
                } else {
                    chars[at] = c;
                }
            }
            let typed: String = chars.into_iter().collect();
            match item.grade(&typed) {
                Ok(graded) => assert!(!graded.feedback.is_empty()),
                Err(error) => {
                    refused += 1;
                    let message = error.to_string();
                    assert!(
                        !message.contains('\n') && !message.contains('\0'),
                        "{message:?}"
                    );
                    assert!(message.starts_with('"'), "{message}");
                    assert!(message.contains("type"), "{message}");
                }
            }
        }
    }
    assert!(refused > 200, "{refused}");
    let [pruned, window, fill, _] = &items;
    assert_eq!(
        pruned.grade("E, Q9").unwrap_err().to_string(),
        format!(
            "\"E, Q9\" has \"Q9\" where a node's letter belongs: type the letters of the pruned \
             branches separated by commas, like E, F, or none (the tree's nodes are A to {})",
            match &pruned.task {
                Task::Prune(key) => key.nodes.last().unwrap().label.clone(),
                _ => unreachable!(),
            }
        )
    );
    assert!(
        pruned
            .grade("A")
            .unwrap_err()
            .to_string()
            .contains("the root")
    );
    assert!(!pruned.grade("none").unwrap().correct);
    assert_eq!(
        window.grade("3").unwrap_err().to_string(),
        "\"3\" has one value, not two: type α and β by name, like α=3, β=inf (or two numbers, α \
         first: 3, inf); ∞ is typed inf"
    );
    assert!(
        window
            .grade("x, 2")
            .unwrap_err()
            .to_string()
            .contains("where α or β belongs")
    );
    assert!(
        fill.grade("1")
            .unwrap_err()
            .to_string()
            .contains("inner nodes")
    );
}

#[test]
fn infinity_is_typed_as_inf_or_the_sign() {
    // The first MIN node of the three-ply figure leaves with (−∞, 3).
    let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let key = tree_key(&tree, None);
    let b = key.nodes.iter().position(|n| n.label == "B").unwrap();
    let (alpha, beta) = key.final_window(b).unwrap();
    assert_eq!(
        (key.number_text(alpha.value()), beta.value()),
        ("−∞".to_string(), 3)
    );
    for typed in ["-inf, 3", "−∞ 3", "α=-infinity β=3", "(-inf, 3)"] {
        assert_eq!(
            tictactoe_learn::exercises::parse_window(typed, key.infinity),
            Ok((alpha.value(), 3)),
            "{typed}"
        );
    }
}

/// The cells of the moves that lead from the key's board to `node`.
fn cells_to(
    key: &PruneKey,
    node: usize,
    geometry: tictactoe_learn::engine::Geometry,
) -> Vec<tictactoe_learn::engine::Cell> {
    let mut cells = Vec::new();
    let mut at = node;
    while let Some(parent) = key.nodes[at].parent {
        let name = key.nodes[at].move_name.as_deref().expect("a board's move");
        cells.push(tictactoe_learn::exercises::parse_cell(name, geometry).unwrap());
        at = parent;
    }
    cells.reverse();
    cells
}

/// Below a position, every number of an alpha-beta item is the one `analyze` (plain minimax)
/// gives, in the set's view, depth counted after the first move as the articles, the explorer
/// and the other kinds count it: every leaf (a move that ends the game scores what `analyze`
/// prints for it where it is played, shifted by the moves before it), every move on the
/// position that the search did not cut short, and the root.
#[test]
fn a_board_prune_trees_numbers_are_the_scores_analyze_gives_those_moves() {
    use tictactoe_learn::engine::minimax::plain;
    let (mut leaves, mut moves, mut items) = (0, 0, 0);
    let mut movers = std::collections::HashSet::new();
    for seed in 0..40 {
        for view in ScoreView::ALL {
            for size in [3, 4] {
                let code = SetCode::new(seed, vec![Kind::Prune], 3, size, view).unwrap();
                for item in generate(&code).items {
                    let Task::Prune(key) = &item.task else {
                        panic!("a prune item")
                    };
                    let context = format!("{code} item {}", item.number);
                    let board = item.board;
                    let (geometry, mover) = (board.geometry(), board.to_move());
                    let seen = Seen::new(view, &board);
                    let analysis = plain(&board);
                    items += 1;
                    movers.insert(mover);
                    let best = analysis.best().unwrap();
                    assert_eq!(
                        key.returned[0],
                        Some(seen.number(best.score, mover, 0)),
                        "{context}: the root"
                    );
                    for (node, facts) in key.nodes.iter().enumerate().skip(1) {
                        let cells = cells_to(key, node, geometry);
                        let (last, before) = cells.split_last().unwrap();
                        let parent = before.iter().fold(board, |b, &cell| b.after(cell).unwrap());
                        let scored = plain(&parent).get(*last).unwrap().score;
                        let want = seen.number(scored, parent.to_move(), before.len() as i32);
                        if let Some(leaf) = facts.leaf {
                            assert_eq!(leaf, want, "{context}: leaf {}", facts.label);
                            leaves += 1;
                        } else if cells.len() == 1 && !key.cutoffs.iter().any(|c| c.at == node) {
                            // A move on the position whose call ran to its end (a cut-off there
                            // returns a bound, not the value).
                            assert_eq!(
                                key.returned[node],
                                Some(want),
                                "{context}: move {}",
                                facts.label
                            );
                            moves += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(movers.len(), 2, "X and O to move");
    assert!(
        items == 480 && leaves > 2000 && moves > 300,
        "{items} items, {leaves} leaves, {moves} moves"
    );
}

/// The window asked about depends on the order of update and test (α raised, then α ≥ β tested,
/// or the other way round): the prompt states the step-through's, taken from its code, and says
/// once how ∞ is typed.
#[test]
fn an_alpha_beta_prompt_states_the_step_throughs_order_and_infinity_once() {
    use tictactoe_learn::engine::game_tree::Side;
    use tictactoe_learn::pseudocode::tree_pseudocode;
    let code = tree_pseudocode(TraceAlgorithm::AlphaBetaClassic, Side::Max);
    let mut stated: Vec<&str> = code
        .iter()
        .map(|line| line.text.split('#').next().unwrap().trim())
        .filter(|text| {
            text.starts_with("best = max(")
                || text.starts_with("alpha = max(")
                || text.starts_with("if alpha >= beta")
        })
        .collect();
    // MIN's test is written the same as MAX's.
    stated.dedup();
    assert_eq!(stated.len(), 3, "{stated:?}");
    let mut windows = 0;
    for text in [
        "v1-s3-k=prune-n=6-3x3",
        "v1-s4-k=prune-n=6-4x4-view=x",
        "v1-s5-k=prune-n=6-3x3-trees",
    ] {
        for item in generate(&text.parse().unwrap()).items {
            let prompt = item.prompt();
            let Task::Prune(key) = &item.task else {
                panic!()
            };
            let joined = stated.join("; ");
            assert!(prompt.contains(&joined), "{prompt}");
            if matches!(key.ask, Ask::Window(_)) {
                windows += 1;
                assert_eq!(prompt.matches("may be typed inf").count(), 1, "{prompt}");
            }
            assert!(!prompt.contains("∞ as"), "{prompt}");
            assert!(!prompt.contains("counted from here"), "{prompt}");
            // No sentence said twice.
            let sentences: Vec<&str> = prompt.split(". ").collect();
            for (i, sentence) in sentences.iter().enumerate() {
                assert!(!sentences[..i].contains(sentence), "{prompt}");
            }
        }
    }
    assert!(windows >= 3, "{windows}");
}

/// A window item tells the two textbook orders apart: with the child's value tested before α or
/// β is updated, the window leaving the node asked about is another one, in every window item of
/// many sets (boards in both views, abstract trees).
#[test]
fn a_window_item_is_answered_otherwise_if_the_test_comes_before_the_update() {
    let mut windows = 0;
    for seed in 0..30 {
        for view in ScoreView::ALL {
            for trees in [false, true] {
                let code = SetCode::new(seed, vec![Kind::Prune], 6, 3, view)
                    .unwrap()
                    .on_trees(trees);
                for item in generate(&code).items {
                    let Task::Prune(key) = &item.task else {
                        panic!("a prune item")
                    };
                    let Ask::Window(node) = key.ask else {
                        continue;
                    };
                    let other = match &key.start {
                        Start::Board(board) => {
                            let found = reference_in_order(board, true);
                            // Both orders cut at the same places; only the windows differ.
                            assert_eq!(found.pruned, reference(board).pruned);
                            let (alpha, beta) = found.windows[&path_of(key, node)];
                            let (a, b) = Seen::new(view, board).window(alpha, beta);
                            (a.value(), b.value())
                        }
                        Start::Tree { tree, .. } => {
                            let found = reference_in_order(&tree.root(), true);
                            assert_eq!(found.pruned, reference(&tree.root()).pruned);
                            let (alpha, beta) = found.windows[&path_of(key, node)];
                            let (a, b) = SeenTree::new(tree).window(alpha, beta);
                            (a.value(), b.value())
                        }
                    };
                    let (alpha, beta) = key.final_window(node).unwrap();
                    assert_ne!(
                        other,
                        (alpha.value(), beta.value()),
                        "{code} item {}",
                        item.number
                    );
                    windows += 1;
                }
            }
        }
    }
    assert!(windows > 100, "{windows}");
}
