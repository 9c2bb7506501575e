//! What the views share in drawing: the board widget, the trees and their pictures, the
//! review's graph, the pseudocode beside a search, and the words (`texts`).

pub(super) mod board_widget;
pub(super) mod code_panel;
pub(super) mod exercise_tree;
pub(super) mod review_graph;
pub(super) mod texts;
pub(super) mod tree_drawing;
pub(super) mod tree_export;
