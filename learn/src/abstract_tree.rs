//! The textbooks' abstract trees ([`GameTree`]) as the learning views show them: every node's
//! minimax value (MAX's, as the leaves are typed) with its first best child, minimax's line from
//! the root, the picture laid out as the game tree's ([`tidy`]), and the trees built in, each
//! named for what it shows. Every value comes from [`plain_game`], the recursion the boards'
//! reference runs.

use crate::engine::fraction::Fraction;
use crate::engine::game_tree::{GameTree, Side, TreePosition, probability_text};
use crate::engine::minimax::{ExpectedValue, SearchControl, Unobserved, plain_game};
use crate::tree_picture::{Laid, tidy};
use crate::view::for_max;

/// Why the step-through's choices do not apply to a tree with chance nodes, in one line, where
/// a learner would try them.
pub const CHANCE_NO_ALPHA_BETA: &str = "Alpha-beta and the step-through do not apply here: a \
     chance node's average can move anywhere until its last child is seen, so no child can be \
     skipped. The values are expectiminimax's.";

/// How many decimal places a chance tree's values are shown with, in the app, its pictures and
/// `tictactoe tree`: exact when they fit (`7.5`, `3.125`), else rounded and marked `≈`
/// (`≈0.333`).
pub const CHANCE_PLACES: u32 = 3;

/// A chance tree's value as the drawings and the lab write it: [`CHANCE_PLACES`] places.
pub fn chance_value_text(value: Fraction) -> String {
    value.decimal(CHANCE_PLACES)
}

/// A probability as the drawings write it: ½, ¼ and ¾ as the textbooks print them, any other
/// as the notation writes it (`0.1`, `1/3`).
pub fn probability_words(probability: Fraction) -> String {
    match (probability.numerator(), probability.denominator()) {
        (1, 2) => "½".to_string(),
        (1, 4) => "¼".to_string(),
        (3, 4) => "¾".to_string(),
        _ => probability_text(probability),
    }
}

/// A chance node's average written out, a term a child, in lines of at most two terms with the
/// value last: `["½·3 + ½·12", "= 7.5"]`. Empty for a node that is not a chance node.
pub fn average_lines(node: &TreePosition, values: &[ExpectedValue]) -> Vec<String> {
    if !node.is_chance() {
        return Vec::new();
    }
    let terms: Vec<String> = node
        .children()
        .map(|child| {
            let value = chance_value_text(values[child.id()].value);
            let value = if value.starts_with('-') || value.starts_with("≈-") {
                format!("({value})")
            } else {
                value
            };
            let probability = child.probability().unwrap_or(Fraction::ONE);
            format!("{}·{value}", probability_words(probability))
        })
        .collect();
    let mut lines: Vec<String> = terms
        .chunks(2)
        .enumerate()
        .map(|(index, pair)| {
            let joined = pair.join(" + ");
            if index == 0 {
                joined
            } else {
                format!("+ {joined}")
            }
        })
        .collect();
    let total = format!("= {}", chance_value_text(values[node.id()].value));
    match lines.last_mut() {
        Some(last) if terms.len() % 2 == 1 && terms.len() > 1 => {
            last.push(' ');
            last.push_str(&total);
        }
        _ => lines.push(total),
    }
    lines
}

/// A chance node's average on one line: "½·3 + ½·12 = 7.5".
pub fn average_words(node: &TreePosition, values: &[ExpectedValue]) -> Option<String> {
    let lines = average_lines(node, values);
    (!lines.is_empty()).then(|| lines.join(" "))
}

/// A node's minimax value and minimax's choice there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeValue {
    /// MAX's number: a leaf's own, an inner node's the highest (MAX) or lowest (MIN) of its
    /// children's.
    pub value: i32,
    /// The first child from the left with that value; `None` at a leaf.
    pub best: Option<usize>,
}

/// Every node's value, by node id (preorder, the root 0): plain minimax from each node.
pub fn values(tree: &GameTree) -> Vec<NodeValue> {
    tree.nodes().map(|node| value_of(&node)).collect()
}

fn value_of(node: &TreePosition) -> NodeValue {
    // A node lies in the subtrees of at most 13 nodes (itself and 12 levels above it), so the
    // searches from every node of a 1,000-node tree make at most 13,000 calls.
    let found = plain_game(node, &SearchControl::new(), &mut Unobserved)
        .expect("a search without a budget is not stopped");
    NodeValue {
        value: for_max(node.side(), found.value),
        best: found.line.first().copied(),
    }
}

/// A node of an abstract tree's picture.
#[derive(Debug, Clone, PartialEq)]
pub struct AbstractSpot {
    /// The node's id (preorder, the root 0).
    pub node: usize,
    /// Across, in leaf slots from 0; down, in levels from 0 (the root).
    pub x: f32,
    pub level: usize,
    /// MAX's number at the node.
    pub value: i32,
    /// Who moves at an inner node; `None` at a leaf.
    pub side: Option<Side>,
    /// On minimax's line from the root.
    pub on_line: bool,
}

/// An edge of the picture: the `child`-th child (from 0) of `from`, drawn to `to` (spot indices).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AbstractEdge {
    pub from: usize,
    pub to: usize,
    pub child: usize,
    /// Minimax's choice at `from`.
    pub best: bool,
    pub on_line: bool,
}

/// Which nodes lie on the line of choices from the root, by node id, `best` giving each node's
/// chosen child (none at a leaf or where chance decides).
pub fn best_line(tree: &GameTree, best: impl Fn(usize) -> Option<usize>) -> Vec<bool> {
    let mut on_line = vec![false; tree.len()];
    let mut node = tree.root();
    on_line[0] = true;
    while let Some(child) = best(node.id()) {
        node = node.child(child).expect("the best child is a child");
        on_line[node.id()] = true;
    }
    on_line
}

/// Each node's children's ids, by node id: the shape [`tidy`] lays out.
pub fn children_ids(tree: &GameTree) -> Vec<Vec<usize>> {
    tree.nodes()
        .map(|node| node.children().map(|child| child.id()).collect())
        .collect()
}

/// A tree's nodes placed and its choices marked, as every picture of a tree with values draws
/// them (the abstract tree's and the chance tree's alike).
pub struct Chosen {
    /// Each node's place across, by node id, in leaf widths; and the width of all.
    pub across: Vec<f32>,
    pub width: usize,
    /// Each node's chosen child, by node id (none at a leaf or where chance decides).
    pub best: Vec<Option<usize>>,
    /// Whether each node lies on the line of choices from the root, by node id.
    pub on_line: Vec<bool>,
}

/// An edge of a [`Chosen`] tree: `parent`'s `index`-th child (from 0), and whether it is the
/// parent's choice and on the line of choices.
pub struct ChosenEdge<'t> {
    pub parent: TreePosition<'t>,
    pub index: usize,
    pub child: TreePosition<'t>,
    pub best: bool,
    pub on_line: bool,
}

impl Chosen {
    /// `tree` laid out, `best` giving each node's chosen child.
    pub fn new(tree: &GameTree, best: impl Fn(usize) -> Option<usize>) -> Chosen {
        let best: Vec<Option<usize>> = (0..tree.len()).map(best).collect();
        let on_line = best_line(tree, |id| best[id]);
        let (across, width) = tidy(&children_ids(tree));
        Chosen {
            across,
            width,
            best,
            on_line,
        }
    }

    /// Every edge of `tree`, parent by parent in preorder.
    pub fn edges<'t>(&self, tree: &'t GameTree) -> Vec<ChosenEdge<'t>> {
        tree.nodes()
            .flat_map(|parent| {
                let chosen = self.best[parent.id()];
                let from_line = self.on_line[parent.id()];
                let edges = parent.children().enumerate().map(move |(index, child)| {
                    let best = Some(index) == chosen;
                    ChosenEdge {
                        parent,
                        index,
                        child,
                        best,
                        on_line: from_line && best,
                    }
                });
                edges.collect::<Vec<_>>()
            })
            .collect()
    }
}

/// An abstract tree laid out as [`tree_picture`](super::tree_picture) lays out the game tree:
/// spots in preorder (so a spot's index is its node's id), leaves side by side from the left.
pub type AbstractPicture = Laid<AbstractSpot, AbstractEdge>;

/// Lays out `tree` with the values of [`values`].
pub fn picture(tree: &GameTree) -> AbstractPicture {
    let values = values(tree);
    let chosen = Chosen::new(tree, |id| values[id].best);
    let spots = tree
        .nodes()
        .map(|node| AbstractSpot {
            node: node.id(),
            x: chosen.across[node.id()],
            level: node.depth(),
            value: values[node.id()].value,
            side: (!node.is_leaf()).then(|| node.side()),
            on_line: chosen.on_line[node.id()],
        })
        .collect();
    let edges = chosen
        .edges(tree)
        .into_iter()
        .map(|edge| AbstractEdge {
            from: edge.parent.id(),
            to: edge.child.id(),
            child: edge.index,
            best: edge.best,
            on_line: edge.on_line,
        })
        .collect();
    AbstractPicture {
        spots,
        edges,
        width: chosen.width,
        levels: tree.height() + 1,
    }
}

/// The depths and branchings a random tree to practise on may have: up to 4 levels of moves and
/// 4 moves a node, small enough to read on a slide (at most 256 leaves).
pub const RANDOM_DEPTHS: std::ops::RangeInclusive<usize> = 1..=4;
pub const RANDOM_BRANCHINGS: std::ops::RangeInclusive<usize> = 2..=4;

/// A tree to practise on, in [the notation](crate::engine::game_tree): MAX at the root, `depth`
/// levels of moves (clamped to [`RANDOM_DEPTHS`]), `branching` moves at every node (clamped to
/// [`RANDOM_BRANCHINGS`]), leaves from 0 to 20 as the textbooks' figures have them; the same
/// `seed` gives the same tree on every platform.
pub fn random_tree(seed: u64, depth: usize, branching: usize) -> String {
    use rand::SeedableRng;
    let depth = depth.clamp(*RANDOM_DEPTHS.start(), *RANDOM_DEPTHS.end());
    let branching = branching.clamp(*RANDOM_BRANCHINGS.start(), *RANDOM_BRANCHINGS.end());
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut notation = String::new();
    write_random_tree(&mut rng, depth, &mut |_| branching, &mut notation);
    notation
}

/// Writes a random tree in the notation to `out`: `depth` levels of moves, each node's number
/// of children from `children` (which may draw it), then its children in order, leaves drawn
/// from 0 to 20.
pub fn write_random_tree(
    rng: &mut rand::rngs::StdRng,
    depth: usize,
    children: &mut impl FnMut(&mut rand::rngs::StdRng) -> usize,
    out: &mut String,
) {
    use rand::Rng;
    if depth == 0 {
        out.push_str(&rng.random_range(0..=20u32).to_string());
        return;
    }
    out.push('[');
    for child in 0..children(rng) {
        if child > 0 {
            out.push(',');
        }
        write_random_tree(rng, depth - 1, children, out);
    }
    out.push(']');
}

/// One of the textbooks' trees, built in: named for what it shows, with what minimax and
/// alpha-beta do there (the tests check both against the searches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeExample {
    /// A short name, unique among the trees (`three-ply`).
    pub name: &'static str,
    /// The tree in [the notation](crate::engine::game_tree).
    pub notation: &'static str,
    /// The root's minimax value (MAX's).
    pub value: i32,
    /// The leaves alpha-beta skips, counted from 1 from the left.
    pub pruned: &'static [usize],
    /// What it shows, in one sentence.
    pub sentence: &'static str,
}

impl TreeExample {
    pub fn tree(&self) -> GameTree {
        self.notation
            .parse()
            .expect("every built-in tree reads (checked by the tests)")
    }
}

/// The built-in trees, in the order a lesson meets them.
pub fn tree_examples() -> &'static [TreeExample] {
    &TREE_EXAMPLES
}

/// The built-in tree named `name`, if there is one.
pub fn find_tree(name: &str) -> Option<&'static TreeExample> {
    TREE_EXAMPLES.iter().find(|example| example.name == name)
}

static TREE_EXAMPLES: [TreeExample; 4] = [
    TreeExample {
        name: "three-ply",
        notation: "[[3,12,8],[2,4,6],[14,5,2]]",
        value: 3,
        pruned: &[5, 6],
        sentence: "MAX over three MIN nodes worth 3, 2 and 2: the root's value is 3, and \
                   alpha-beta, already sure of 3, leaves the second MIN node at its 2 and \
                   never looks at its 4 and 6.",
    },
    TreeExample {
        name: "three-cutoffs",
        notation: "[[[4,6],[7,9]],[[1,2],[0,1]],[[8,1],[9,2]]]",
        value: 8,
        pruned: &[4, 7, 8, 12],
        sentence: "Three levels below MAX, three cut-offs: a MAX node stops at a 7 its MIN \
                   parent will not allow (the 9 skipped), a MIN node stops at a 2 below MAX's \
                   6 (a whole MAX node skipped), and another MAX node stops at a 9 (the 2 \
                   skipped); the value is 8.",
    },
    TreeExample {
        name: "worst-order",
        notation: "[[2,4,6],[14,5,2],[3,12,8]]",
        value: 3,
        pruned: &[],
        sentence: "The three-ply tree's MIN nodes with the best one last: the value is still \
                   3, but MAX learns only 2 from the first node, and alpha-beta prunes nothing.",
    },
    TreeExample {
        name: "best-order",
        notation: "[[3,12,8],[2,4,6],[2,5,14]]",
        value: 3,
        pruned: &[5, 6, 8, 9],
        sentence: "The three-ply tree with the last MIN node's 2 moved first: the value is \
                   still 3, and alpha-beta now stops both later MIN nodes at their first leaf, \
                   skipping four leaves instead of two.",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::{Observer, alpha_beta_game};
    use crate::engine::score::Score;

    /// The leaves a search evaluates, by node id.
    struct Leaves(Vec<usize>);

    impl<'a> Observer<TreePosition<'a>> for Leaves {
        fn leaf(&mut self, _: i32, node: &TreePosition<'a>, _: Score) {
            self.0.push(node.id());
        }
    }

    #[test]
    fn every_built_in_tree_says_what_the_searches_find() {
        for example in tree_examples() {
            let tree = example.tree();
            assert_eq!(values(&tree)[0].value, example.value, "{}", example.name);
            let mut visited = Leaves(Vec::new());
            let found = alpha_beta_game(&tree.root(), &SearchControl::new(), &mut visited);
            assert_eq!(
                for_max(tree.root_side(), found.unwrap().value),
                example.value
            );
            let pruned: Vec<usize> = tree
                .leaves()
                .enumerate()
                .filter(|(_, leaf)| !visited.0.contains(&leaf.id()))
                .map(|(number, _)| number + 1)
                .collect();
            assert_eq!(pruned, example.pruned, "{}", example.name);
            assert_eq!(find_tree(example.name), Some(example));
        }
        // Move order: the same nine leaves, the same value, different pruning.
        let mut leaves: Vec<Vec<i32>> = ["three-ply", "worst-order", "best-order"]
            .iter()
            .map(|name| {
                let mut values: Vec<i32> = find_tree(name)
                    .unwrap()
                    .tree()
                    .leaves()
                    .map(|leaf| leaf.leaf().unwrap())
                    .collect();
                values.sort();
                values
            })
            .collect();
        leaves.dedup();
        assert_eq!(leaves.len(), 1);
    }

    /// A random tree has the depth and branching asked for, reads back, and is the same for the
    /// same seed.
    #[test]
    fn a_random_tree_has_the_shape_asked_for() {
        for (depth, branching) in [(1, 2), (3, 3), (4, 4), (9, 9)] {
            let notation = random_tree(7, depth, branching);
            let tree: GameTree = notation.parse().unwrap();
            let (depth, branching) = (depth.min(4), branching.min(4));
            assert_eq!(tree.height(), depth);
            assert_eq!(tree.leaves().count(), branching.pow(depth as u32));
            assert_eq!(random_tree(7, depth, branching), notation);
        }
        assert_ne!(random_tree(1, 3, 3), random_tree(2, 3, 3));
    }

    #[test]
    fn a_chance_node_s_average_is_written_out_term_by_term() {
        let tree: GameTree = "[chance[3, 12], chance[2, 4, 6], chance[0.25: -4, 0.75: 1]]"
            .parse()
            .unwrap();
        let values = crate::engine::minimax::expectiminimax(&tree);
        let lines = |id: usize| average_lines(&tree.node(id).unwrap(), &values);
        assert_eq!(lines(1), ["½·3 + ½·12", "= 7.5"]);
        assert_eq!(lines(4), ["1/3·2 + 1/3·4", "+ 1/3·6 = 4"]);
        assert_eq!(lines(8), ["¼·(-4) + ¾·1", "= -0.25"]);
        assert_eq!(average_words(&tree.root(), &values), None);
        assert_eq!(chance_value_text(values[0].value), "7.5");
    }

    #[test]
    fn the_picture_marks_minimax_s_line_and_sits_parents_over_children() {
        let tree = find_tree("three-ply").unwrap().tree();
        let picture = picture(&tree);
        assert_eq!((picture.width, picture.levels), (9, 3));
        let line: Vec<(usize, i32)> = picture
            .spots
            .iter()
            .filter(|spot| spot.on_line)
            .map(|spot| (spot.node, spot.value))
            .collect();
        assert_eq!(line, [(0, 3), (1, 3), (2, 3)]);
        let mins: Vec<(f32, i32)> = picture
            .spots
            .iter()
            .filter(|spot| spot.side == Some(Side::Min))
            .map(|spot| (spot.x, spot.value))
            .collect();
        assert_eq!(mins, [(1.0, 3), (4.0, 2), (7.0, 2)]);
        assert_eq!(picture.spots[0].x, 4.0);
        assert_eq!(picture.edges.iter().filter(|e| e.on_line).count(), 2);
    }
}
