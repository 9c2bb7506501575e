//! The tree kind on an abstract tree: its inner nodes' values filled in bottom-up with minimax.
//! The key ([`TreeFillKey`]) is made with the other abstract trees' keys, in `prune.rs`.

use super::exercise::{Exercise, Form, NumbersInOrder, QuizForm};
use crate::engine::board::Board;
use crate::engine::game_tree::GameTree;
use crate::exercises::answer::AnswerError;
use crate::exercises::prune::{TreeFillKey, label};
use crate::exercises::slips;

/// The values as the learner types them: every inner node, after its children.
fn in_order(key: &TreeFillKey) -> NumbersInOrder {
    NumbersInOrder {
        nodes: key
            .order
            .iter()
            .map(|&n| (label(n), key.values[n]))
            .collect(),
        what: "inner nodes",
    }
}

impl Exercise for TreeFillKey {
    fn on_board(&self) -> bool {
        false
    }

    fn figure(&self) -> Vec<String> {
        self.outline()
    }

    fn figure_line(&self) -> Option<String> {
        Some(self.one_line())
    }

    fn tree(&self) -> Option<&GameTree> {
        Some(&self.tree)
    }

    fn prompt(&self, _board: &Board, _at: &str) -> String {
        let order: Vec<String> = self.order.iter().map(|&n| label(n)).collect();
        let name = match self.name {
            Some(name) => format!("the textbook tree \"{name}\""),
            None => "this tree".to_string(),
        };
        format!(
            "Fill in {name} bottom-up with minimax (leaves are MAX's values; MAX takes the \
             highest, MIN the lowest). Type the value of each inner node in this order: {}.",
            order.join(", ")
        )
    }

    fn answer_text(&self) -> String {
        in_order(self).answer_text()
    }

    fn accepted(&self, _board: &Board) -> String {
        in_order(self).accepted()
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        in_order(self).grade(typed)
    }

    fn slip_feedback(&self, _board: &Board, typed: &str) -> Vec<String> {
        slips::tree_fill_feedback(self, typed)
    }

    fn worked(&self, _board: &Board) -> Vec<String> {
        TreeFillKey::worked(self)
    }

    fn form(&self) -> Form<'_> {
        Form::Fill(self)
    }

    fn quiz(&self, _board: &Board) -> QuizForm {
        let leaves: Vec<i32> = self.tree.nodes().filter_map(|n| n.leaf()).collect();
        in_order(self).quiz(&leaves, None)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        in_order(self).key_json()
    }
}
