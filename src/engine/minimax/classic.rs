//! Alpha-beta as the textbooks write it: plain minimax with a window (α, β), the moves in reading
//! order, nothing remembered. It gives the same scores as plain minimax while skipping the
//! branches that cannot change the result; the fast [`Searcher`](super::Searcher) adds a table
//! and move ordering on top.

use super::control::{Meter, SearchControl, Stop, Stopped};
use super::observe::Observer;
use super::{Algorithm, Analysis, MoveScore, RootSearch, settle_root_moves};
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::score::Score;

/// Every legal move's exact score and line of play, by textbook alpha-beta: each root move is
/// searched with the whole window, so its score is exact.
pub fn alpha_beta(board: &Board) -> Analysis {
    super::Search::analyze(&mut super::AlphaBetaClassic, board)
}

/// [`alpha_beta`] under `control`, calling `on_settled` with each root move as it is scored and
/// reporting every call to `observer`.
pub fn alpha_beta_observed(
    board: &Board,
    control: &SearchControl,
    on_settled: &mut dyn FnMut(&MoveScore),
    observer: &mut impl Observer,
) -> Result<Analysis, Stopped> {
    let geometry = board.geometry();
    let mut search = AlphaBeta {
        player: board.to_move(),
        win: geometry.win_score(),
        meter: Meter::new(control),
        pvs: vec![Vec::new(); geometry.cells() + 1],
        observer,
    };
    settle_root_moves(board, control, on_settled, &mut search)
}

struct AlphaBeta<'a, O> {
    /// The side whose moves are being rated: the maximiser.
    player: Mark,
    win: i32,
    meter: Meter<'a>,
    /// `pvs[d]` is the best line found from the node at depth `d`.
    pvs: Vec<Vec<Cell>>,
    observer: &'a mut O,
}

impl<O: Observer> RootSearch for AlphaBeta<'_, O> {
    const ALGORITHM: Algorithm = Algorithm::AlphaBetaClassic;

    fn score_move(&mut self, board: &Board, cell: Cell) -> Result<MoveScore, Stop> {
        let child = board
            .after(cell)
            .expect("legal_moves yields playable cells");
        let infinity = self.infinity();
        let score = self.alpha_beta(&child, 0, false, -infinity, infinity)?;
        Ok(MoveScore {
            cell,
            score,
            pv: self.pvs[0].clone(),
        })
    }

    fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    fn flush_meter(&mut self) {
        self.meter.flush();
    }
}

impl<O: Observer> AlphaBeta<'_, O> {
    /// One more than the best score there is (`W + 1`): it stands for infinity in the window, and
    /// reads as such in a trace.
    fn infinity(&self) -> Score {
        Score::infinity(self.win)
    }

    /// The value of `board` for the maximiser: exact when it lies strictly between `alpha` and
    /// `beta`, otherwise a bound on the side it fell (the caller does not need more).
    fn alpha_beta(
        &mut self,
        board: &Board,
        depth: i32,
        is_max: bool,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, Stop> {
        self.meter.visit()?;
        self.observer
            .enter(depth, board, is_max, Some((alpha, beta)));
        let ply = depth as usize;
        self.pvs[ply].clear();
        if let Some(score) = Score::of_outcome(board.outcome(), self.player, depth, self.win) {
            self.observer.leaf(depth, board, score);
            self.observer.exit(depth, board, score);
            return Ok(score);
        }
        let moves: Vec<Cell> = board.legal_moves().collect();
        let mut best = if is_max {
            -self.infinity()
        } else {
            self.infinity()
        };
        for (tried, &cell) in moves.iter().enumerate() {
            let child = board
                .after(cell)
                .expect("legal_moves yields playable cells");
            let score = self.alpha_beta(&child, depth + 1, !is_max, alpha, beta)?;
            let better = if is_max { score > best } else { score < best };
            if better {
                best = score;
                let (this, deeper) = self.pvs.split_at_mut(ply + 1);
                let pv = &mut this[ply];
                pv.clear();
                pv.push(cell);
                pv.extend_from_slice(&deeper[0]);
            }
            if is_max {
                alpha = alpha.max(best);
            } else {
                beta = beta.min(best);
            }
            if alpha >= beta {
                let pruned = &moves[tried + 1..];
                if !pruned.is_empty() {
                    self.observer.cutoff(depth, board, alpha, beta, pruned);
                }
                break;
            }
        }
        self.observer.exit(depth, board, best);
        Ok(best)
    }
}
