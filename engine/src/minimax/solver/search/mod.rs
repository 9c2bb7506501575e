//! One thread of the solver: the prover's search (`prover.rs`), the order of the null-window
//! questions that find an exact value (`depth.rs`), and the walk that finds each move's line of
//! play (`lines.rs`).

mod depth;
mod lines;
mod prover;

pub(super) use lines::line_after;
pub(super) use prover::{DEPTH_AFTER_PROOF, Prover};
