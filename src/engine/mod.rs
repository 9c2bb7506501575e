//! The engine, the bottom layer: the rules ([`board`]), depth-adjusted scores ([`score`]), the
//! searches that rate moves ([`minimax`], with its solver), the computer's choices from those
//! ratings ([`ai`]) and the clock searches are timed by ([`clock`]). It imports nothing from the
//! crate above it.

pub mod ai;
pub mod board;
pub mod clock;
pub mod minimax;
pub mod score;
