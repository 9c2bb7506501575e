//! What `tree` and `trace` take as their position: a board, or one of the textbooks' abstract
//! trees, typed in its notation or named.

use super::args::RulesArgs;
use crate::engine::board::Board;
use crate::engine::game_tree::GameTree;
use crate::learn::abstract_tree::{find_tree, tree_examples};

/// A position a command was given.
pub(super) enum Position {
    Board(Board),
    Tree(GameTree),
}

/// Whether `text` is meant as an abstract tree rather than a board: a built-in tree's name; text
/// that starts with `max`, `min` (a root's side; no board starts with m) or `chance`; or text that starts
/// with '[' and has no quotes, with a digit or none of a board's marks and empty cells. A board
/// pasted as a list (`[['x', 'o', 'x'], …]`, `[[X, O, .], …]`) has quotes or marks and no
/// digits; a tree has digits, so a tree with a typing mistake still gets the tree's message.
fn names_a_tree(text: &str) -> bool {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    let board_like = |c: char| c.is_alphabetic() || matches!(c, '.' | '_');
    find_tree(text).is_some()
        || name_meant(text).is_some()
        // No board starts with a minus sign; a tree's leaf may.
        || text.starts_with('-')
        || lower.starts_with("max")
        || lower.starts_with("min")
        || lower.starts_with("chance")
        || (text.starts_with('[')
            && !text.contains(['\'', '"'])
            && (text.contains(|c: char| c.is_ascii_digit()) || !text.contains(board_like)))
}

/// The built-in tree a name written another way means (`Three-Ply`, `three_ply`, `THREE PLY`).
fn name_meant(text: &str) -> Option<&'static str> {
    let plain = text.trim().to_lowercase().replace(['_', ' '], "-");
    find_tree(&plain).map(|example| example.name)
}

impl RulesArgs {
    /// The board or tree `text` gives: a tree's notation or a built-in tree's name, else a board
    /// read as [`RulesArgs::board`] reads it. `Err` is the message after the command's name and
    /// the text. `view_given`: `--view` was given, which applies to boards only, as the rules'
    /// options do.
    pub(super) fn position(&self, text: &str, view_given: bool) -> Result<Position, String> {
        if !names_a_tree(text) {
            return self
                .board(text)
                .map(Position::Board)
                .map_err(|error| error.to_string());
        }
        if self.to_move.is_some() || self.k.is_some() || view_given {
            return Err(
                "--to-move, --k and --view are for boards; a tree's numbers are MAX's, \
                        as its leaves are typed"
                    .to_string(),
            );
        }
        if let Some(example) = find_tree(text.trim()) {
            return Ok(Position::Tree(example.tree()));
        }
        if let Some(name) = name_meant(text) {
            let names: Vec<&str> = tree_examples().iter().map(|e| e.name).collect();
            return Err(format!(
                "not a tree's name; did you mean {name}? The names are {}",
                names.join(", ")
            ));
        }
        text.parse::<GameTree>()
            .map(Position::Tree)
            .map_err(|error| format!("tree notation {error}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_are_told_from_boards_by_their_first_characters_and_digits() {
        for tree in [
            "[[3,12,8],[2,4,6],[14,5,2]]",
            " min:[1]",
            "MAX : [1]",
            "max[1]",
            "[[3,12,8],[2,x]]",
            "[]",
            "three-ply",
            "Three-Ply",
            "three_ply",
            "chance[3, 12]",
            "-[1,2]",
            "-3",
        ] {
            assert!(names_a_tree(tree), "{tree}");
        }
        for board in [
            "XOX/.O./X..",
            "x_o/___/o_x",
            "[['x', 'o', 'x'], ['_', 'o', '_'], ['x', '_', '_']]",
            "[[X, O, X], [., O, .], [X, ., .]]",
            "[[\"X\",\"O\",\"X\"]]",
            "",
        ] {
            assert!(!names_a_tree(board), "{board}");
        }
    }
}
