//! The learning layer: pure functions from the engine's data to numbers and words, shown by the
//! app and printed by the command line. [`view`] says from whose side a number is read,
//! [`explain`] puts scores into words, [`tree`] and [`trace`] walk the search, [`pseudocode`]
//! is the code a trace is stepped through, tagged with the step each line shows, [`review`]
//! classes a game's moves, [`practice`] finds positions to solve, [`exercises`] makes graded
//! sets of exercises with their keys, [`quiz`] writes one as a quiz for a course (GIFT, Moodle XML), [`examples`] holds the positions that teach, and
//! [`abstract_tree`] the textbooks' abstract trees (their values, picture and the built-in ones);
//! every drawn tree is a [`tree_sketch`], laid out once by [`tree_layout`], which the app paints
//! and [`tree_svg`] writes as an SVG picture.
//! It imports only from the engine.

/// The engine, the only crate this one builds on: `crate::engine::…` names it here as in the
/// game, which re-exports both.
pub use tictactoe_engine as engine;

pub mod abstract_tree;
pub mod examples;
pub mod exercises;
pub mod explain;
pub mod mcts_report;
pub mod practice;
pub mod pseudocode;
pub mod quiz;
pub mod review;
pub mod search_picture;
pub mod short_sort;
pub mod trace;
pub mod tree;
pub mod tree_layout;
pub mod tree_picture;
pub mod tree_sketch;
pub mod tree_svg;
pub mod view;
