//! Whether an item tells a right method from a plausible wrong one: what the wrong method
//! answers, worked out here from the rules, against the key (the tree's and the horizon's
//! checks are their keys' own methods). A set is made of items that do, so
//! that a learner who lets MIN maximise, or picks every cell, cannot score by it.

use crate::engine::board::{Board, Cell, Mark};
use crate::engine::score::Score;

/// The value of `board`, reached `depth` plies after the move asked about, if every side played
/// for `maximiser` (the slip "MIN also maximises"): in `maximiser`'s numbers, depth counted as
/// the key counts it.
fn all_maximise(board: &Board, maximiser: Mark, depth: i32) -> i32 {
    let win = board.geometry().win_score();
    if let Some(score) = Score::of_outcome(board.outcome(), maximiser, depth, win) {
        return score.value();
    }
    board
        .legal_moves()
        .map(|cell| {
            let after = board.after(cell).expect("a legal move plays");
            all_maximise(&after, maximiser, depth + 1)
        })
        .max()
        .expect("a game not over has a move")
}

/// Whether the value of `cell` on `board` (`score`, for the side to move, as plain minimax
/// gives it) differs from what the learner gets if MIN also maximises, in both views (X's
/// numbers, and the mover's), so that the same seed deals the same positions in either view.
pub(super) fn value_tells(board: &Board, cell: Cell, score: Score) -> bool {
    let after = board
        .after(cell)
        .expect("the cell asked about is a legal move");
    let mover = board.to_move();
    [Mark::X, mover].into_iter().all(|maximiser| {
        let right = score.seen_by(mover, maximiser).value();
        all_maximise(&after, maximiser, 0) != right
    })
}

/// Whether a "find the move" item's one good move differs from what the learner picks if the
/// opponent is taken to help (MIN maximising the mover's numbers too): some other move would
/// then look as good or better. A move that wins at once never does, so those are not asked.
pub(super) fn move_tells(board: &Board, answer: Cell) -> bool {
    let mover = board.to_move();
    let helped: Vec<(Cell, i32)> = board
        .legal_moves()
        .map(|cell| {
            let after = board.after(cell).expect("a legal move plays");
            (cell, all_maximise(&after, mover, 0))
        })
        .collect();
    let best = helped.iter().map(|&(_, value)| value).max();
    helped
        .iter()
        .any(|&(cell, value)| cell != answer && Some(value) == best)
}
