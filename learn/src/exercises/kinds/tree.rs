//! "Fill in the tree bottom-up": the values of every move and every reply two plies below a
//! position. On an abstract tree the same kind deals a [`TreeFillKey`](super::TreeFillKey)
//! (`tree_fill.rs`).

use rand::rngs::StdRng;

use super::exercise::{
    Exercise, Form, NumbersInOrder, Plan, QuizForm, Spec, by_level, numbers_words, telling_draw,
};
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::{MoveScore, plain};
use crate::exercises::answer::AnswerError;
use crate::exercises::cell_names::{cells_text, path_name};
use crate::exercises::prune::{TreeFillKey, pick_tree};
use crate::exercises::slips;
use crate::explain::formula;
use crate::view::{Role, ScoreView, Seen, Shown};

/// How the kind is named and dealt.
pub fn spec<T: From<TreeKey> + From<TreeFillKey>>() -> Spec<T> {
    Spec {
        code: "tree",
        name: "a tree bottom-up",
        levels: &[
            "3 or 4 empty cells",
            "3 or 4 empty cells",
            "3 or 4 empty cells",
        ],
        tree_levels: &[
            "a textbook's tree",
            "a random tree, two levels",
            "a random tree, three levels",
        ],
        // A tree of three moves has about nine nodes, of four about sixteen.
        empty_cells: |level, geometry, mover| by_level([3, 3, 4], 4, level, geometry, mover),
        make: make::<T>,
    }
}

/// A tree two plies deep, its nodes listed bottom-up: each move's replies, then the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeKey {
    pub seen: Seen,
    pub nodes: Vec<TreeNode>,
}

/// A node of an exercise's tree: the move (and reply) that lead to it from the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// One cell for a move, two for a reply to it.
    pub path: Vec<Cell>,
    /// Who plays the node's last move.
    pub mover: Mark,
    /// The node's last move with its score for `mover` (counted from where it is played) and
    /// its line, as plain minimax gives it there.
    pub scored: MoveScore,
    /// The number to type: seen in the set's view, depth counted from the item's position.
    pub number: Shown,
}

fn make<T: From<TreeKey> + From<TreeFillKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    if plan.trees {
        let (tree, name) = pick_tree(rng, plan.level);
        return (plan.no_board(), TreeFillKey::new(tree, name).into());
    }
    telling_draw(rng, |rng| {
        let board = plan.position(rng);
        let key = tree_key(&board, plan.view);
        let tells = key.has_replies_to_choose();
        ((board, key.into()), tells)
    })
}

impl TreeKey {
    /// The values as the learner types them: every node, a reply after its move.
    fn in_order(&self) -> NumbersInOrder {
        NumbersInOrder {
            nodes: self
                .nodes
                .iter()
                .map(|n| (path_name(&n.path), n.number.value()))
                .collect(),
            what: "nodes",
        }
    }

    /// Whether some move's replies are not all worth the same: there the side that replies must
    /// pick the lowest (or the highest), and a learner who lets it pick the other way is caught.
    pub fn has_replies_to_choose(&self) -> bool {
        let replies = |of: &TreeNode| -> Vec<i32> {
            self.nodes
                .iter()
                .filter(|n| n.path.len() == 2 && n.path[0] == of.path[0])
                .map(|n| n.number.value())
                .collect()
        };
        self.nodes.iter().filter(|n| n.path.len() == 1).any(|node| {
            let values = replies(node);
            values.iter().min() != values.iter().max()
        })
    }
}

/// The key of the tree two plies below `board`: each move's replies, then the move, in reading
/// order, each scored by plain minimax where it is played.
pub fn tree_key(board: &Board, view: ScoreView) -> TreeKey {
    let seen = Seen::new(view, board);
    let mover = board.to_move();
    let mut nodes = Vec::new();
    for scored in plain(board).moves {
        let after = board.after(scored.cell).expect("a scored move is legal");
        for reply in plain(&after).moves {
            nodes.push(TreeNode {
                path: vec![scored.cell, reply.cell],
                mover: mover.opponent(),
                number: seen.number(reply.score, mover.opponent(), 1),
                scored: reply,
            });
        }
        nodes.push(TreeNode {
            path: vec![scored.cell],
            mover,
            number: seen.number(scored.score, mover, 0),
            scored,
        });
    }
    TreeKey { seen, nodes }
}

impl Exercise for TreeKey {
    fn prompt(&self, _board: &Board, at: &str) -> String {
        let order: Vec<String> = self.nodes.iter().map(|n| path_name(&n.path)).collect();
        format!(
            "{at}: fill in the tree bottom-up, {}. Type the value of each node in this order (a \
             reply after its move): {}.",
            numbers_words(&self.seen),
            order.join(", ")
        )
    }

    fn answer_text(&self) -> String {
        self.in_order().answer_text()
    }

    fn accepted(&self, _board: &Board) -> String {
        self.in_order().accepted()
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        self.in_order().grade(typed)
    }

    fn slip_feedback(&self, board: &Board, typed: &str) -> Vec<String> {
        let paths: Vec<Vec<Cell>> = self.nodes.iter().map(|n| n.path.clone()).collect();
        let right: Vec<i32> = self.nodes.iter().map(|n| n.number.value()).collect();
        slips::tree_feedback(board, self.seen.view(), &paths, &right, typed)
    }

    /// Each node worked out: a leaf by its formula, an inner node as the best of its replies for
    /// the side that chooses there.
    fn worked(&self, _board: &Board) -> Vec<String> {
        self.nodes
            .iter()
            .map(|node| {
                let replies: Vec<&TreeNode> = self
                    .nodes
                    .iter()
                    .filter(|n| {
                        n.path.len() == 2 && n.path[0] == node.path[0] && node.path.len() == 1
                    })
                    .collect();
                if replies.is_empty() {
                    // A node the tree stops at without the game ending takes its value from the
                    // best play below it, which the learner finds as plain minimax does.
                    let ends = match node.scored.pv.is_empty() {
                        true => "the game ends".to_string(),
                        false => format!("best play after it: {}", cells_text(&node.scored.pv)),
                    };
                    return format!(
                        "{} ({ends}): {}",
                        path_name(&node.path),
                        formula(&self.seen, node.number)
                    );
                }
                let chooser = node.mover.opponent();
                let (how, pick) = match self.seen.role(chooser) {
                    Role::Maximiser => ("max", "highest"),
                    Role::Minimiser => ("min", "lowest"),
                };
                let values: Vec<String> = replies
                    .iter()
                    .map(|r| r.number.value().to_string())
                    .collect();
                format!(
                    "{} = {how}({}) = {}: {chooser} replies there and picks the {pick}.",
                    path_name(&node.path),
                    values.join(", "),
                    node.number.value()
                )
            })
            .collect()
    }

    fn form(&self) -> Form<'_> {
        Form::Numbers
    }

    fn quiz(&self, board: &Board) -> QuizForm {
        let bound = board.geometry().win_score();
        self.in_order().quiz(&[], Some(bound))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        self.in_order().key_json()
    }
}
