//! Depth-limited minimax as the textbooks cut it off: look a fixed number of plies ahead and
//! judge the positions there with an evaluation function, the horizon's "0 beyond the cutoff"
//! or the textbook's open lines (X's open lines minus O's). Plain minimax, no pruning, so that
//! each number is the recursion the lecture writes; results inside the cutoff are exact,
//! depth-adjusted scores, above and below every evaluation (the estimator's scale,
//! [`Score::among_estimates`]).

use serde::{Deserialize, Serialize};

use super::control::{Meter, SearchControl, Stop};
use super::estimator::Valuation;
use crate::board::{Board, Cell, Mark};
use crate::rules::Rules;
use crate::score::Score;

/// How a position at the cutoff is judged, for the side to move there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Evaluation {
    /// 0: nothing is known beyond the cutoff (the computer's difficulties' horizon).
    Zero,
    /// The side's open lines minus the opponent's: a line of k cells is open for a side while
    /// the opponent has no mark on it (AIMA's tic-tac-toe evaluation).
    OpenLines,
}

/// The lines of k cells with no mark of `side`'s opponent, minus those with no mark of `side`.
///
/// ```
/// use tictactoe_engine::{Board, Mark};
/// use tictactoe_engine::minimax::open_lines;
/// // X in the centre, O in a corner: 5 of the 8 lines have no O (X's open lines), 4 have no X
/// // (O's: the centre is on the other four).
/// let board: Board = "O../.X./...".parse().unwrap();
/// assert_eq!(open_lines(&board, Mark::X), 5 - 4);
/// ```
pub fn open_lines(board: &Board, side: Mark) -> i32 {
    let (mine, theirs) = (board.bits(side), board.bits(side.opponent()));
    let mut value = 0;
    for &run in &board.runs().all {
        value += i32::from(run & theirs == 0) - i32::from(run & mine == 0);
    }
    value
}

impl Evaluation {
    fn value(self, board: &Board, side: Mark) -> i32 {
        match self {
            Evaluation::Zero => 0,
            Evaluation::OpenLines => open_lines(board, side),
        }
    }
}

/// Every legal move of `board` (row-major order) with what depth-limited minimax makes of it,
/// for the side that plays it: `plies` plies looked at, the move itself counted (at least 1),
/// positions still open there judged by `evaluation`. A result proven inside the cutoff is
/// [`Valuation::Exact`] with the depth-adjusted score; otherwise the evaluation the line leads to
/// ([`Valuation::Estimate`]). Stops with the control's budget.
pub fn depth_limited(
    board: &Board,
    plies: u32,
    evaluation: Evaluation,
    control: &SearchControl,
) -> Result<Vec<(Cell, Valuation)>, Stop> {
    let mut meter = Meter::new(control);
    let mut moves = Vec::new();
    for cell in board.legal_moves() {
        let after = Rules::after(board, cell);
        let (value, estimated) = negamax(&after, 0, plies.max(1) - 1, evaluation, &mut meter)?;
        let value = -value;
        let valuation = match Score::from_estimates_scale(value) {
            Some(score) => Valuation::Exact(score),
            None if !estimated => Valuation::Exact(Score::new(0)),
            None => Valuation::Estimate(value),
        };
        moves.push((cell, valuation));
    }
    meter.flush();
    Ok(moves)
}

/// The move depth-limited minimax plays among `moves` ([`depth_limited`]'s): the best
/// [`Valuation::rank`], the first in row-major order on a tie, as the classic `findBestMove`
/// picks. `tictactoe cutoff` and the app's cutoff view both choose by it.
pub fn cutoff_choice(moves: &[(Cell, Valuation)]) -> Option<Cell> {
    moves
        .iter()
        .max_by(|a, b| a.1.rank().cmp(&b.1.rank()).then(b.0.cmp(&a.0)))
        .map(|(cell, _)| *cell)
}

/// The value for the side to move at `board`, on the estimator's scale, and whether it comes
/// from an evaluation at the cutoff (rather than a finished game).
fn negamax(
    board: &Board,
    depth: i32,
    plies_left: u32,
    evaluation: Evaluation,
    meter: &mut Meter,
) -> Result<(i32, bool), Stop> {
    meter.visit()?;
    let side = board.to_move();
    if let Some(score) = Rules::evaluate(board, side, depth) {
        return Ok((score.among_estimates(), false));
    }
    if plies_left == 0 {
        return Ok((evaluation.value(board, side), true));
    }
    let mut best = (i32::MIN, false);
    for cell in board.legal_moves() {
        let (value, estimated) = negamax(
            &Rules::after(board, cell),
            depth + 1,
            plies_left - 1,
            evaluation,
            meter,
        )?;
        if -value > best.0 {
            best = (-value, estimated);
        }
    }
    Ok(best)
}
