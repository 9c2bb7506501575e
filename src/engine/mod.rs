//! The engine, the bottom layer: the rules ([`board`]), depth-adjusted scores ([`score`]), the
//! searches that rate moves ([`minimax`], with its solver), what its teaching searches need of a
//! game ([`rules`]), the textbooks' abstract trees they also search ([`game_tree`]), the
//! computer's choices from those ratings ([`ai`]) and the clock searches are timed by
//! ([`clock`]). It imports nothing from the crate above it.

pub mod ai;
pub mod board;
pub mod clock;
pub mod game_tree;
pub mod minimax;
pub mod rules;
pub mod score;
