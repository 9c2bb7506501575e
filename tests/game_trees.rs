//! Abstract game trees, the textbooks' positions: plain minimax and textbook alpha-beta search
//! them with the same recursion as a board (through `Rules`), and must agree with searches
//! written here from the textbook, straightforwardly, on the tree's own API: the value, the
//! principal line, and exactly which leaves alpha-beta visits, left to right.

mod common;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tictactoe::engine::game_tree::{GameTree, Side, TreePosition};
use tictactoe::engine::minimax;
use tictactoe::engine::minimax::{
    GameValue, Observer, SearchControl, Stop, alpha_beta_game, plain_game,
};
use tictactoe::engine::score::Score;

/// Records the leaves a search evaluates (by node id), the cut-offs it makes, and the calls.
#[derive(Default)]
struct Watch {
    leaves: Vec<usize>,
    cutoffs: Vec<(usize, Vec<usize>)>,
    calls: u64,
}

impl<'a> Observer<TreePosition<'a>> for Watch {
    fn enter(
        &mut self,
        _: i32,
        _: &TreePosition<'a>,
        _: Option<usize>,
        _: bool,
        _: Option<(Score, Score)>,
    ) {
        self.calls += 1;
    }

    fn leaf(&mut self, _: i32, node: &TreePosition<'a>, _: Score) {
        self.leaves.push(node.id());
    }

    fn cutoff(&mut self, _: i32, node: &TreePosition<'a>, _: Score, _: Score, pruned: &[usize]) {
        self.cutoffs.push((node.id(), pruned.to_vec()));
    }
}

/// A search's value for MAX (the engine's is for the side to move at the root).
fn for_max(tree: &GameTree, value: Score) -> i32 {
    match tree.root_side() {
        Side::Max => value.value(),
        Side::Min => -value.value(),
    }
}

fn run(
    tree: &GameTree,
    search: impl Fn(&TreePosition, &SearchControl, &mut Watch) -> Result<GameValue<usize>, Stop>,
) -> (GameValue<usize>, Watch) {
    let mut watch = Watch::default();
    let found = search(&tree.root(), &SearchControl::new(), &mut watch).expect("no budget");
    (found, watch)
}

/// Minimax from the textbook: a leaf's value, else MAX's highest or MIN's lowest child value.
/// With it, the principal line: at each node the first child (from the left) with that value.
fn reference(node: TreePosition) -> (i32, Vec<usize>) {
    if let Some(value) = node.leaf() {
        return (value, Vec::new());
    }
    let values: Vec<(i32, Vec<usize>)> = node.children().map(reference).collect();
    let best = match node.side() {
        Side::Max => values.iter().map(|v| v.0).max(),
        Side::Min => values.iter().map(|v| v.0).min(),
    }
    .unwrap();
    let first = values.iter().position(|v| v.0 == best).unwrap();
    let mut line = vec![first];
    line.extend(&values[first].1);
    (best, line)
}

/// Alpha-beta from the textbook, in MAX's values, children left to right; pushes each leaf it
/// evaluates.
fn reference_alpha_beta(
    node: TreePosition,
    mut alpha: i64,
    mut beta: i64,
    leaves: &mut Vec<usize>,
) -> i64 {
    if let Some(value) = node.leaf() {
        leaves.push(node.id());
        return value.into();
    }
    match node.side() {
        Side::Max => {
            let mut value = i64::MIN;
            for child in node.children() {
                value = value.max(reference_alpha_beta(child, alpha, beta, leaves));
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
            }
            value
        }
        Side::Min => {
            let mut value = i64::MAX;
            for child in node.children() {
                value = value.min(reference_alpha_beta(child, alpha, beta, leaves));
                beta = beta.min(value);
                if alpha >= beta {
                    break;
                }
            }
            value
        }
    }
}

/// A random tree: a root with 1 to 4 children, nodes going on with a chance that falls with
/// depth, leaves from a small range (ties make the first-best rule matter) or a wide one.
fn random_tree(rng: &mut SmallRng) -> GameTree {
    fn node(rng: &mut SmallRng, depth: usize, wide: bool, out: &mut String) {
        let inner = depth == 0 || (depth < 6 && rng.random_ratio(3, (depth + 4) as u32));
        if !inner {
            let value: i32 = if wide {
                rng.random_range(-999_999_999..=999_999_999)
            } else {
                rng.random_range(-5..=5)
            };
            out.push_str(&value.to_string());
            return;
        }
        out.push('[');
        for index in 0..rng.random_range(1..=4) {
            if index > 0 {
                out.push(',');
            }
            node(rng, depth + 1, wide, out);
        }
        out.push(']');
    }
    let mut text = String::new();
    if rng.random_ratio(1, 3) {
        text.push_str("min:");
    }
    let wide = rng.random_ratio(1, 5);
    node(rng, 0, wide, &mut text);
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn minimax_and_alpha_beta_agree_with_the_textbook_on_random_trees() {
    let mut rng = SmallRng::seed_from_u64(45);
    let mut pruned_somewhere = 0;
    for _ in 0..2000 {
        let tree = random_tree(&mut rng);
        let (value, line) = reference(tree.root());
        let mut expected_leaves = Vec::new();
        let reference_ab =
            reference_alpha_beta(tree.root(), i64::MIN, i64::MAX, &mut expected_leaves);
        assert_eq!(reference_ab, i64::from(value), "{tree}");

        let (plain, plain_watch) = run(&tree, |root, control, watch| {
            plain_game(root, control, watch)
        });
        assert_eq!(for_max(&tree, plain.value), value, "plain on {tree}");
        assert_eq!(plain.line, line, "plain's line on {tree}");
        let all_leaves: Vec<usize> = tree.leaves().map(|leaf| leaf.id()).collect();
        assert_eq!(
            plain_watch.leaves, all_leaves,
            "plain visits every leaf, left to right"
        );
        assert_eq!(plain.nodes, tree.len() as u64);
        assert_eq!(plain_watch.calls, tree.len() as u64);
        assert!(plain_watch.cutoffs.is_empty());

        let (ab, ab_watch) = run(&tree, |root, control, watch| {
            alpha_beta_game(root, control, watch)
        });
        assert_eq!(for_max(&tree, ab.value), value, "alpha-beta on {tree}");
        assert_eq!(ab.line, line, "alpha-beta's line on {tree}");
        assert_eq!(
            ab_watch.leaves, expected_leaves,
            "alpha-beta's leaves on {tree}"
        );
        assert_eq!(ab.nodes, ab_watch.calls);
        if expected_leaves.len() < all_leaves.len() {
            pruned_somewhere += 1;
        }
    }
    assert!(
        pruned_somewhere > 200,
        "the trees exercise pruning: {pruned_somewhere}"
    );
}

/// The leaves alpha-beta skips, counted from 1 left to right as a reader counts them.
fn pruned_leaves(tree: &GameTree) -> Vec<usize> {
    let (_, watch) = run(tree, |root, control, watch| {
        alpha_beta_game(root, control, watch)
    });
    tree.leaves()
        .enumerate()
        .filter(|(_, leaf)| !watch.leaves.contains(&leaf.id()))
        .map(|(number, _)| number + 1)
        .collect()
}

fn leaf_values(tree: &GameTree, numbers: &[usize]) -> Vec<i32> {
    let leaves: Vec<i32> = tree.leaves().map(|leaf| leaf.leaf().unwrap()).collect();
    numbers.iter().map(|&n| leaves[n - 1]).collect()
}

/// Russell and Norvig's 3-ply figure: a MAX root over three MIN nodes. MIN's values are 3, 2 and
/// 2, so the root's is 3, by its first move. Alpha-beta, knowing MAX has 3 from the first node,
/// stops the second at its first leaf (2 < 3) and skips its 4 and 6.
#[test]
fn the_three_ply_figure() {
    let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let (plain, _) = run(&tree, |root, control, watch| {
        plain_game(root, control, watch)
    });
    assert_eq!(
        (plain.value, plain.line.as_slice()),
        (Score::new(3), &[0, 0][..])
    );
    let (ab, watch) = run(&tree, |root, control, watch| {
        alpha_beta_game(root, control, watch)
    });
    assert_eq!((ab.value, ab.line), (plain.value, plain.line));
    assert_eq!(pruned_leaves(&tree), [5, 6]);
    assert_eq!(leaf_values(&tree, &[5, 6]), [4, 6]);
    // One cut-off, at the second MIN node (node 5 in preorder), skipping its second and third.
    assert_eq!(watch.cutoffs, [(5, vec![1, 2])]);
    // The root, three MIN nodes and seven leaves.
    assert_eq!(ab.nodes, 11);
    assert_eq!(plain.nodes, 13);
}

/// The same leaves with MIN at the root: MIN's choice among MAX nodes worth 12, 6 and 14 is 6.
/// Checked by hand: the first MAX node gives 12 (β = 12); the second sees 2, 4 and 6, all below
/// 12, and gives 6 (β = 6); the third's first leaf, 14 ≥ 6, cuts its 5 and 2.
#[test]
fn the_three_ply_figure_with_min_at_the_root() {
    let tree: GameTree = "min:[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let (ab, _) = run(&tree, |root, control, watch| {
        alpha_beta_game(root, control, watch)
    });
    assert_eq!(for_max(&tree, ab.value), 6);
    assert_eq!(ab.line, [1, 2]);
    assert_eq!(pruned_leaves(&tree), [8, 9]);
    assert_eq!(leaf_values(&tree, &[8, 9]), [5, 2]);
}

/// Three levels below a MAX root, checked by hand (see `learn::examples`): the value 8 by the
/// third move, and three cut-offs: a leaf under the first MIN node (7 already beats its 6), the
/// whole second MAX node under the second MIN node (its first gives 2, below the root's 6), and a
/// leaf under the third (9 beats its 8).
#[test]
fn a_figure_with_three_cutoffs() {
    let tree: GameTree = "[[[4,6],[7,9]],[[1,2],[0,1]],[[8,1],[9,2]]]"
        .parse()
        .unwrap();
    let (ab, watch) = run(&tree, |root, control, watch| {
        alpha_beta_game(root, control, watch)
    });
    assert_eq!(
        (ab.value, ab.line.as_slice()),
        (Score::new(8), &[2, 0, 0][..])
    );
    assert_eq!(watch.cutoffs.len(), 3);
    assert_eq!(pruned_leaves(&tree), [4, 7, 8, 12]);
    assert_eq!(leaf_values(&tree, &[4, 7, 8, 12]), [9, 0, 1, 2]);
}

/// The figure's nine leaves in other orders: the value stays 3, what alpha-beta skips does not.
/// Weakest first, MAX learns little from the first node and nothing is pruned; with the third
/// node's 2 first, two more leaves go.
#[test]
fn move_order_changes_what_is_pruned_but_not_the_value() {
    for (text, pruned) in [
        ("[[3,12,8],[2,4,6],[14,5,2]]", vec![5, 6]),
        ("[[2,4,6],[14,5,2],[3,12,8]]", vec![]),
        ("[[3,12,8],[2,4,6],[2,5,14]]", vec![5, 6, 8, 9]),
    ] {
        let tree: GameTree = text.parse().unwrap();
        let (ab, _) = run(&tree, |root, control, watch| {
            alpha_beta_game(root, control, watch)
        });
        assert_eq!(ab.value, Score::new(3), "{text}");
        assert_eq!(pruned_leaves(&tree), pruned, "{text}");
    }
}

#[test]
fn a_node_budget_stops_a_tree_search() {
    let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
    let control = SearchControl::with_node_budget(4);
    let stopped = plain_game(&tree.root(), &control, &mut Watch::default());
    assert_eq!(stopped, Err(Stop::NodeBudget { limit: 4 }));
}

/// The notation round-trips: every random tree prints as text that reads back as itself.
#[test]
fn random_trees_round_trip_through_their_notation() {
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..500 {
        let tree = random_tree(&mut rng);
        let text = tree.to_string();
        assert_eq!(text.parse::<GameTree>().as_ref(), Ok(&tree), "{text}");
    }
}

/// The game searches are the board's own: run from a board itself (its first call at depth 0, one
/// ply above findBestMove's), they find the best move's score one ply further from the end of the
/// game, its line with the best move first, and the analysis's node count.
#[test]
fn from_a_board_the_game_searches_agree_with_the_board_s_analysis() {
    let positions: Vec<_> = common::reachable_from(common::board("X../.O./..X"))
        .into_iter()
        .filter(|position| !position.outcome().is_over())
        .collect();
    assert!(positions.len() > 100, "{}", positions.len());
    for position in positions {
        let analysis = minimax::plain(&position);
        let best = analysis.best().unwrap();
        let mut line = vec![best.cell];
        line.extend(&best.pv);
        let control = SearchControl::new();
        for found in [
            plain_game(&position, &control, &mut minimax::Unobserved).unwrap(),
            alpha_beta_game(&position, &control, &mut minimax::Unobserved).unwrap(),
        ] {
            assert_eq!(found.value, best.score.shifted(1), "{position}");
            assert_eq!(found.line, line, "{position}");
        }
        let plain = plain_game(&position, &control, &mut minimax::Unobserved).unwrap();
        assert_eq!(plain.nodes, analysis.stats.nodes, "{position}");
    }
}

/// A tree with chance nodes as this test builds it, apart from the engine's.
enum Gen {
    Leaf(i64),
    /// MAX or MIN as the levels fall.
    Choice(Vec<Gen>),
    /// Each child with its probability as (numerator, denominator); `None`: equal shares.
    Chance(Vec<(Option<(i64, i64)>, Gen)>),
}

fn generate(rng: &mut SmallRng, depth: usize) -> Gen {
    if depth == 0 || (depth < 3 && rng.random_bool(0.3)) {
        return Gen::Leaf(rng.random_range(-20..=20));
    }
    let width = rng.random_range(1..=3);
    if rng.random_bool(0.4) {
        let children: Vec<Gen> = (0..width).map(|_| generate(rng, depth - 1)).collect();
        // Probabilities in tenths, quarters or thirds that add up to 1, or none.
        let shares: Option<Vec<(i64, i64)>> = match rng.random_range(0..3) {
            0 => None,
            kind => {
                let whole = if kind == 1 { 20 } else { 12 };
                let mut left = whole;
                let mut shares = Vec::new();
                for index in 0..width {
                    let share = if index + 1 == width {
                        left
                    } else {
                        rng.random_range(1..=left - (width - index - 1) as i64)
                    };
                    left -= share;
                    shares.push((share, whole));
                }
                Some(shares)
            }
        };
        Gen::Chance(
            children
                .into_iter()
                .enumerate()
                .map(|(index, child)| (shares.as_ref().map(|s| s[index]), child))
                .collect(),
        )
    } else {
        Gen::Choice((0..width).map(|_| generate(rng, depth - 1)).collect())
    }
}

fn notation(shape: &Gen) -> String {
    match shape {
        Gen::Leaf(value) => value.to_string(),
        Gen::Choice(children) => {
            let inner: Vec<String> = children.iter().map(notation).collect();
            format!("[{}]", inner.join(", "))
        }
        Gen::Chance(children) => {
            let inner: Vec<String> = children
                .iter()
                .map(|(share, child)| match share {
                    Some((top, bottom)) => format!("{top}/{bottom}: {}", notation(child)),
                    None => notation(child),
                })
                .collect();
            format!("chance[{}]", inner.join(", "))
        }
    }
}

/// Expectiminimax as a fraction `(numerator, denominator)`, never reduced: products of
/// denominators, compared by cross-multiplying. `maximise`: the side at this node's lists.
fn expected(shape: &Gen, maximise: bool) -> (i128, i128) {
    match shape {
        Gen::Leaf(value) => (*value as i128, 1),
        Gen::Choice(children) => children
            .iter()
            .map(|child| expected(child, !maximise))
            .reduce(|best, next| {
                let next_higher = next.0 * best.1 > best.0 * next.1;
                if next_higher == maximise && next.0 * best.1 != best.0 * next.1 {
                    next
                } else {
                    best
                }
            })
            .unwrap(),
        Gen::Chance(children) => {
            let count = children.len() as i128;
            children.iter().fold((0, 1), |(num, den), (share, child)| {
                let (p, q) = share.map_or((1, count), |(p, q)| (p as i128, q as i128));
                let (v, w) = expected(child, maximise);
                (num * q * w + p * v * den, den * q * w)
            })
        }
    }
}

#[test]
fn expectiminimax_equals_a_test_written_one_on_a_thousand_random_trees_with_chance_nodes() {
    let mut rng = SmallRng::seed_from_u64(61);
    let mut with_chance = 0;
    for _ in 0..1000 {
        let shape = generate(&mut rng, 4);
        let text = notation(&shape);
        let tree: GameTree = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        with_chance += usize::from(tree.has_chance());
        let engine = minimax::expectiminimax(&tree)[0].value;
        let (num, den) = expected(&shape, true);
        assert_eq!(
            engine.numerator() * den,
            num * engine.denominator(),
            "{text}: the engine says {engine}, the test {num}/{den}"
        );
    }
    assert!(with_chance > 500, "{with_chance} trees had a chance node");
}

#[test]
fn expectimax_on_the_textbook_example_is_seven_and_a_half_and_max_picks_the_first() {
    let tree: GameTree = "[chance[3, 12], chance[2, 4, 6]]".parse().unwrap();
    let values = minimax::expectiminimax(&tree);
    assert_eq!(values[0].value.decimal(4), "7.5");
    assert_eq!(values[0].best, Some(0));
    assert_eq!(values[4].value.decimal(4), "4");
    assert_eq!(values[1].value.to_string(), "15/2");
    // Without chance nodes, expectiminimax is minimax: the same value at every node.
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..200 {
        let shape = generate(&mut rng, 4);
        if notation(&shape).contains("chance") {
            continue;
        }
        let tree: GameTree = notation(&shape).parse().unwrap();
        for node in tree.nodes() {
            let found = plain_game(&node, &SearchControl::new(), &mut minimax::Unobserved)
                .unwrap()
                .value
                .value();
            let for_max = if node.side() == Side::Max {
                found
            } else {
                -found
            };
            let expected = minimax::expectiminimax(&tree)[node.id()].value;
            assert_eq!(expected.to_string(), for_max.to_string());
        }
    }
}
