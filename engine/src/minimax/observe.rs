//! Watching a search call by call: the plain minimax and the classic alpha-beta report what they
//! do to an [`Observer`], for the step-through view and `tictactoe trace`. The analysis runs the
//! same code with [`Unobserved`], whose empty methods compile away.
//!
//! Depths and scores are the seeds' own: on a board, the root's moves lead to depth 0, as
//! `findBestMove` calls `minimax(board, 0, false)`; an abstract tree's search starts at its root,
//! depth 0, as the textbooks' does. Every score is seen by the side to move where the search
//! starts, the maximiser.

use crate::board::Board;
use crate::rules::Rules;
use crate::score::Score;

/// What a search of the game `G` reports as it runs. Every method does nothing unless
/// overridden.
pub trait Observer<G: Rules = Board> {
    /// A call starts on `position` at `depth`, reached by `mv` from its caller's position (`None`
    /// for a search's first call on where it starts, as on a tree's root), for the maximiser or
    /// the minimiser; alpha-beta gives the window (α, β) it starts with.
    fn enter(
        &mut self,
        depth: i32,
        position: &G,
        mv: Option<G::Move>,
        is_max: bool,
        window: Option<(Score, Score)>,
    ) {
        let _ = (depth, position, mv, is_max, window);
    }

    /// Play is over at the call's position, which scores `score` (the seeds' `evaluate`).
    fn leaf(&mut self, depth: i32, position: &G, score: Score) {
        let _ = (depth, position, score);
    }

    /// The call returns `score`.
    fn exit(&mut self, depth: i32, position: &G, score: Score) {
        let _ = (depth, position, score);
    }

    /// Alpha-beta stops looking at the moves of `position` because α ≥ β: `pruned` are the moves
    /// it skips, in the order it would have tried them.
    fn cutoff(&mut self, depth: i32, position: &G, alpha: Score, beta: Score, pruned: &[G::Move]) {
        let _ = (depth, position, alpha, beta, pruned);
    }
}

/// Nobody is watching: the normal path.
pub struct Unobserved;

impl<G: Rules> Observer<G> for Unobserved {}
