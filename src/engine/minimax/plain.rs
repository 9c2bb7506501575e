//! The reference: plain minimax as the classic articles write it.

use super::control::{Meter, SearchControl, Stop, Stopped};
use super::observe::{Observer, Unobserved};
use super::{Algorithm, Analysis, MoveScore, RootSearch, settle_root_moves};
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::score::Score;

/// Plain minimax, as the classic articles write it: every move of every line is tried, nothing is
/// remembered. From the empty 3×3 board it visits the whole game tree, 549,946 positions.
pub fn plain(board: &Board) -> Analysis {
    super::Search::analyze(&mut super::Plain, board)
}

/// [`plain`] under `control`, calling `on_settled` with each root move as soon as it is scored.
pub fn plain_with(
    board: &Board,
    control: &SearchControl,
    on_settled: &mut dyn FnMut(&MoveScore),
) -> Result<Analysis, Stopped> {
    plain_observed(board, control, on_settled, &mut Unobserved)
}

/// [`plain_with`], reporting every call to `observer`.
pub fn plain_observed(
    board: &Board,
    control: &SearchControl,
    on_settled: &mut dyn FnMut(&MoveScore),
    observer: &mut impl Observer,
) -> Result<Analysis, Stopped> {
    let geometry = board.geometry();
    let mut search = PlainMinimax {
        player: board.to_move(),
        win: geometry.win_score(),
        meter: Meter::new(control),
        pvs: vec![Vec::new(); geometry.cells() + 1],
        observer,
    };
    settle_root_moves(board, control, on_settled, &mut search)
}

struct PlainMinimax<'a, O> {
    /// The side whose moves are being rated: the maximiser of the classic formulation.
    player: Mark,
    win: i32,
    meter: Meter<'a>,
    /// `pvs[d]` is the best line found from the node at depth `d` (a triangular PV table).
    pvs: Vec<Vec<Cell>>,
    observer: &'a mut O,
}

impl<O: Observer> RootSearch for PlainMinimax<'_, O> {
    const ALGORITHM: Algorithm = Algorithm::Plain;

    fn score_move(&mut self, board: &Board, cell: Cell) -> Result<MoveScore, Stop> {
        let child = board
            .after(cell)
            .expect("legal_moves yields playable cells");
        let score = self.minimax(&child, 0, false)?;
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

impl<O: Observer> PlainMinimax<'_, O> {
    /// The seeds' `evaluate`: a finished board scored for the maximiser, `None` if play goes on.
    fn evaluate(&self, board: &Board, depth: i32) -> Option<Score> {
        Score::of_outcome(board.outcome(), self.player, depth, self.win)
    }

    fn minimax(&mut self, board: &Board, depth: i32, is_max: bool) -> Result<Score, Stop> {
        self.meter.visit()?;
        self.observer.enter(depth, board, is_max, None);
        let ply = depth as usize;
        self.pvs[ply].clear();
        if let Some(score) = self.evaluate(board, depth) {
            self.observer.leaf(depth, board, score);
            self.observer.exit(depth, board, score);
            return Ok(score);
        }
        // Worse than any score, so that the first move always becomes the best so far.
        let mut best = if is_max {
            Score::new(i32::MIN)
        } else {
            Score::new(i32::MAX)
        };
        for cell in board.legal_moves() {
            let child = board
                .after(cell)
                .expect("legal_moves yields playable cells");
            let score = self.minimax(&child, depth + 1, !is_max)?;
            let better = if is_max { score > best } else { score < best };
            if better {
                best = score;
                let (this, deeper) = self.pvs.split_at_mut(ply + 1);
                let pv = &mut this[ply];
                pv.clear();
                pv.push(cell);
                pv.extend_from_slice(&deeper[0]);
            }
        }
        self.observer.exit(depth, board, best);
        Ok(best)
    }
}
