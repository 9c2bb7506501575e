//! The reference: plain minimax as the classic articles write it, over any game's [`Rules`]: a
//! board's moves and an abstract tree's nodes go through the same recursion.

use super::analysis::{Algorithm, Analysis, GameValue, MoveScore};
use super::control::{Meter, SearchControl, Stop, Stopped};
use super::observe::{Observer, Unobserved};
use super::root_moves::{RootSearch, settle_root_moves};
use super::walk::Walk;
use crate::board::{Board, Cell};
use crate::rules::Rules;
use crate::score::Score;

/// Plain minimax, as the classic articles write it: every move of every line is tried, nothing is
/// remembered. From the empty 3×3 board it visits the whole game tree, 549,946 positions.
pub fn plain(board: &Board) -> Analysis {
    plain_with(board, &SearchControl::new(), &mut |_| {})
        .expect("a search without a budget stops only when cancelled, and nothing cancels this one")
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
    // The root is not a call of its own (findBestMove scores each move), but it is a position
    // visited.
    let mut search = PlainMinimax::new(board, Meter::new(control), observer);
    settle_root_moves(board, control, on_settled, &mut search)
}

/// The value of `start` for its side to move by plain minimax, the search starting there (its
/// first call, at depth 0, is `start` itself, as the textbooks search a tree from its root),
/// with the line of play; every call reported to `observer`.
pub fn plain_game<G: Rules>(
    start: &G,
    control: &SearchControl,
    observer: &mut impl Observer<G>,
) -> Result<GameValue<G::Move>, Stop> {
    control.start(start.moves().count());
    let mut search = PlainMinimax::new(start, Meter::starting_at(control, 0), observer);
    let value = search.minimax(start, 0, true);
    search.walk.game_value(value)
}

/// The recursion over the walk's state.
struct PlainMinimax<'a, G: Rules, O> {
    walk: Walk<'a, G, O>,
}

impl<'a, G: Rules, O: Observer<G>> PlainMinimax<'a, G, O> {
    fn new(start: &G, meter: Meter<'a>, observer: &'a mut O) -> Self {
        PlainMinimax {
            walk: Walk::new(start, meter, observer),
        }
    }

    /// The value of `position`, reached by `led_by`, for the maximiser.
    fn minimax(&mut self, position: &G, depth: i32, is_max: bool) -> Result<Score, Stop> {
        self.walk.meter.visit()?;
        self.walk
            .observer
            .enter(depth, position, self.walk.led_by, is_max, None);
        let ply = depth as usize;
        self.walk.pvs[ply].clear();
        // The seeds' `evaluate`: a finished position scored for the maximiser.
        if let Some(score) = position.evaluate(self.walk.player, depth) {
            self.walk.observer.leaf(depth, position, score);
            self.walk.observer.exit(depth, position, score);
            return Ok(score);
        }
        // Worse than any score, so that the first move always becomes the best so far.
        let mut best = if is_max {
            Score::new(i32::MIN)
        } else {
            Score::new(i32::MAX)
        };
        for mv in position.moves() {
            let child = position.after(mv);
            self.walk.led_by = Some(mv);
            let score = self.minimax(&child, depth + 1, !is_max)?;
            let better = if is_max { score > best } else { score < best };
            if better {
                best = score;
                let (this, deeper) = self.walk.pvs.split_at_mut(ply + 1);
                let pv = &mut this[ply];
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&deeper[0]);
            }
        }
        self.walk.observer.exit(depth, position, best);
        Ok(best)
    }
}

impl<O: Observer> RootSearch for PlainMinimax<'_, Board, O> {
    const ALGORITHM: Algorithm = Algorithm::Plain;

    fn score_move(&mut self, board: &Board, cell: Cell) -> Result<MoveScore, Stop> {
        let child = Rules::after(board, cell);
        self.walk.led_by = Some(cell);
        let score = self.minimax(&child, 0, false)?;
        Ok(MoveScore {
            cell,
            score,
            pv: self.walk.pvs[0].clone(),
        })
    }

    fn nodes(&self) -> u64 {
        self.walk.meter.nodes
    }

    fn flush_meter(&mut self) {
        self.walk.meter.flush();
    }
}
