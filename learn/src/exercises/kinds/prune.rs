//! "Which branches does alpha-beta prune?" or "what are α and β as it leaves this node?", on
//! the whole tree below a position or on an abstract tree. The key ([`PruneKey`]) and the
//! search it is read from are in `exercises/prune.rs`.

use std::collections::BTreeSet;

use rand::rngs::StdRng;

use super::exercise::{Exercise, Form, Plan, QuizForm, Spec, by_level, numbers_words};
use crate::engine::board::Board;
use crate::engine::game_tree::GameTree;
use crate::exercises::answer::{self, AnswerError, WINDOW_ACCEPTED};
use crate::exercises::prune::{
    Ask, PruneKey, Start, board_key, make_key, pick_tree, rule_words, tree_key,
};
use crate::exercises::slips;
use crate::view::Seen;

/// How the kind is named and dealt.
pub fn spec<T: From<PruneKey>>() -> Spec<T> {
    Spec {
        code: "prune",
        name: "alpha-beta's cut-offs",
        levels: &[
            "which branches are pruned",
            "α and β as the search leaves a node",
            "which branches are pruned",
        ],
        tree_levels: &[
            "which branches are pruned, on a textbook's tree",
            "α and β as the search leaves a node, on a random tree",
            "which branches are pruned, on a random tree of three levels",
        ],
        // The whole tree below three or four empty cells is drawn; a start whose tree has more than
        // `prune::MAX_NODES` nodes is passed over.
        empty_cells: |level, geometry, mover| by_level([3, 3, 3], 4, level, geometry, mover),
        make: make::<T>,
    }
}

fn make<T: From<PruneKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    if plan.trees {
        let key = make_key(
            rng,
            |rng| {
                let (tree, name) = pick_tree(rng, plan.level);
                tree_key(&tree, name)
            },
            plan.level,
        );
        return (plan.no_board(), key.into());
    }
    let key = make_key(
        rng,
        |rng| board_key(&plan.position(rng), plan.view),
        plan.level,
    );
    let Start::Board(board) = key.start else {
        unreachable!("a board's key starts on the board")
    };
    (board, key.into())
}

/// The choices of "which branches are pruned": every node but the root (which is always
/// searched), and "none", with the right ones.
fn prune_choices(key: &PruneKey) -> (Vec<String>, Vec<String>) {
    let mut all: Vec<String> = (1..key.nodes.len()).map(|n| key.node_words(n)).collect();
    all.push("none".to_string());
    let mut right: Vec<String> = key.pruned.iter().map(|&n| key.node_words(n)).collect();
    if right.is_empty() {
        right.push("none".to_string());
    }
    (all, right)
}

/// α and β at `node`, each matched to its value among every number the tree shows and both
/// infinities, written as the app writes them.
fn window_question(key: &PruneKey, node: usize) -> QuizForm {
    let (alpha, beta) = key.final_window(node).expect("asked of a searched node");
    let mut values: BTreeSet<i32> = key
        .nodes
        .iter()
        .filter_map(|n| n.leaf.map(|leaf| leaf.value()))
        .collect();
    values.extend([alpha.value(), beta.value(), -key.infinity, key.infinity]);
    QuizForm::Matching {
        ask: "Here, choose α and β from their lists rather than type them.",
        pairs: vec![
            ("α".to_string(), key.number_text(alpha.value())),
            ("β".to_string(), key.number_text(beta.value())),
        ],
        choices: values.into_iter().map(|v| key.number_text(v)).collect(),
    }
}

impl Exercise for PruneKey {
    fn on_board(&self) -> bool {
        matches!(self.start, Start::Board(_))
    }

    fn figure(&self) -> Vec<String> {
        self.outline()
    }

    fn figure_line(&self) -> Option<String> {
        Some(self.one_line())
    }

    fn tree(&self) -> Option<&GameTree> {
        match &self.start {
            Start::Tree { tree, .. } => Some(tree),
            Start::Board(_) => None,
        }
    }

    fn prompt(&self, board: &Board, at: &str) -> String {
        let on = match &self.start {
            Start::Board(_) => format!(
                "{at}: alpha-beta searches the whole tree below this position, children left to \
                 right; each node is lettered, each leaf is a finished game's value {}.",
                numbers_words(&Seen::new(self.view, board))
            ),
            Start::Tree { name, .. } => format!(
                "Alpha-beta searches {} (leaves are MAX's values), children left to right.",
                match name {
                    Some(name) => format!("the textbook tree \"{name}\""),
                    None => "this tree".to_string(),
                }
            ),
        };
        let rule = rule_words(&self.nodes[0].label);
        match self.ask {
            Ask::Pruned => format!(
                "{on} {rule} Which branches does it prune? Name the tops of the subtrees it \
                 never searches, left to right (or none)."
            ),
            Ask::Window(node) => format!(
                "{on} {rule} What are α and β when the search leaves node {}? (∞ may be typed \
                 inf.)",
                self.nodes[node].label
            ),
        }
    }

    fn answer_text(&self) -> String {
        match self.ask {
            Ask::Pruned => self.labels(&self.pruned),
            Ask::Window(node) => {
                let (alpha, beta) = self.final_window(node).expect("asked of a searched node");
                format!(
                    "{}, {}",
                    self.number_text(alpha.value()),
                    self.number_text(beta.value())
                )
            }
        }
    }

    fn accepted(&self, _board: &Board) -> String {
        match self.ask {
            Ask::Pruned => "type the letters of the pruned branches separated by commas, like \
                            E, F (or none)"
                .into(),
            Ask::Window(_) => WINDOW_ACCEPTED.into(),
        }
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        Ok(match self.ask {
            Ask::Pruned => {
                let named = answer::parse_labels(typed, self)?;
                let verdict = format!("alpha-beta prunes {}", self.labels(&self.pruned));
                (named == self.pruned, verdict)
            }
            Ask::Window(node) => {
                let (alpha, beta) = answer::parse_window(typed, self.infinity)?;
                let (right_alpha, right_beta) =
                    self.final_window(node).expect("asked of a searched node");
                let verdict = format!(
                    "leaving {}, α = {} and β = {}",
                    self.nodes[node].label,
                    self.number_text(right_alpha.value()),
                    self.number_text(right_beta.value())
                );
                (
                    (alpha, beta) == (right_alpha.value(), right_beta.value()),
                    verdict,
                )
            }
        })
    }

    fn slip_feedback(&self, _board: &Board, typed: &str) -> Vec<String> {
        slips::prune_feedback(self, typed)
    }

    fn worked(&self, _board: &Board) -> Vec<String> {
        PruneKey::worked(self)
    }

    fn form(&self) -> Form<'_> {
        Form::Search(self)
    }

    fn quiz(&self, _board: &Board) -> QuizForm {
        match self.ask {
            Ask::Pruned => {
                let (among, right) = prune_choices(self);
                QuizForm::Ticks { right, among }
            }
            Ask::Window(node) => window_question(self, node),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct Json {
            /// The letters of the branches pruned, left to right.
            pruned: Vec<String>,
            cutoffs: Vec<CutoffJson>,
            /// The node whose window is asked, and the window when the search leaves it.
            #[serde(skip_serializing_if = "Option::is_none")]
            window_at: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            window: Option<[String; 2]>,
        }
        #[derive(serde::Serialize)]
        struct CutoffJson {
            at: String,
            alpha: String,
            beta: String,
            pruned: Vec<String>,
        }
        let labels = |nodes: &[usize]| -> Vec<String> {
            nodes.iter().map(|&n| self.nodes[n].label.clone()).collect()
        };
        let asked = match self.ask {
            Ask::Window(node) => Some(node),
            Ask::Pruned => None,
        };
        super::exercise::json(&Json {
            pruned: labels(&self.pruned),
            cutoffs: self
                .cutoffs
                .iter()
                .map(|cut| CutoffJson {
                    at: self.nodes[cut.at].label.clone(),
                    alpha: self.number_text(cut.window.0.value()),
                    beta: self.number_text(cut.window.1.value()),
                    pruned: labels(&cut.pruned),
                })
                .collect(),
            window_at: asked.map(|node| self.nodes[node].label.clone()),
            window: asked
                .and_then(|node| self.final_window(node))
                .map(|(a, b)| [self.number_text(a.value()), self.number_text(b.value())]),
        })
    }
}
