//! Watching a search call by call: the plain minimax and the classic alpha-beta report what they
//! do to an [`Observer`], for the step-through view and `tictactoe trace`. The analysis runs the
//! same code with [`Unobserved`], whose empty methods compile away.
//!
//! Depths and scores are the seeds' own: the root's moves lead to depth 0, as `findBestMove`
//! calls `minimax(board, 0, false)`, and every score is seen by the side to move at the root, the
//! maximiser.

use crate::engine::board::{Board, Cell};
use crate::engine::score::Score;

/// What a search reports as it runs. Every method does nothing unless overridden.
pub trait Observer {
    /// A call starts on `board` at `depth`, for the maximiser or the minimiser; alpha-beta gives
    /// the window (α, β) it starts with.
    fn enter(&mut self, depth: i32, board: &Board, is_max: bool, window: Option<(Score, Score)>) {
        let _ = (depth, board, is_max, window);
    }

    /// The call's board is finished and scores `score` (the seeds' `evaluate`).
    fn leaf(&mut self, depth: i32, board: &Board, score: Score) {
        let _ = (depth, board, score);
    }

    /// The call returns `score`.
    fn exit(&mut self, depth: i32, board: &Board, score: Score) {
        let _ = (depth, board, score);
    }

    /// Alpha-beta stops looking at the moves of `board` because α ≥ β: `pruned` are the moves it
    /// skips, in the order it would have tried them.
    fn cutoff(&mut self, depth: i32, board: &Board, alpha: Score, beta: Score, pruned: &[Cell]) {
        let _ = (depth, board, alpha, beta, pruned);
    }
}

/// Nobody is watching: the normal path.
pub struct Unobserved;

impl Observer for Unobserved {}
