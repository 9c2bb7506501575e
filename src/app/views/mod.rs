//! The views: each draws what it is given and returns the commands the player gave. No view
//! imports another; what they share is drawn in `drawing`.

pub(super) mod coach;
pub(super) mod cutoff;
pub(super) mod editor;
pub(super) mod exercises;
pub(super) mod explorer;
pub(super) mod legend;
pub(super) mod mcts;
pub(super) mod set_builder;
pub(super) mod stepper;
pub(super) mod tree_lab;
