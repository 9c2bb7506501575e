//! Alpha-beta as the textbooks write it: plain minimax with a window (α, β), the moves in the
//! order the rules give them, nothing remembered. It gives the same scores as plain minimax while
//! skipping the branches that cannot change the result; the fast
//! [`AlphaBeta`](super::alpha_beta::AlphaBeta) adds a table and move ordering on top. One recursion over any
//! game's [`Rules`] serves a board and an abstract tree.

use super::analysis::{Algorithm, Analysis, GameValue, MoveScore};
use super::control::{Meter, SearchControl, Stop, Stopped};
use super::observe::{Observer, Unobserved};
use super::root_moves::{RootSearch, settle_root_moves};
use super::walk::Walk;
use crate::board::{Board, Cell};
use crate::rules::Rules;
use crate::score::Score;

/// Every legal move's exact score and line of play, by textbook alpha-beta: each root move is
/// searched with the whole window, so its score is exact.
pub fn alpha_beta(board: &Board) -> Analysis {
    alpha_beta_observed(board, &SearchControl::new(), &mut |_| {}, &mut Unobserved)
        .expect("a search without a budget stops only when cancelled, and nothing cancels this one")
}

/// [`alpha_beta`] under `control`, calling `on_settled` with each root move as it is scored and
/// reporting every call to `observer`.
pub fn alpha_beta_observed(
    board: &Board,
    control: &SearchControl,
    on_settled: &mut dyn FnMut(&MoveScore),
    observer: &mut impl Observer,
) -> Result<Analysis, Stopped> {
    alpha_beta_root_observed(board, RootWindow::Fresh, control, on_settled, observer)
}

/// How textbook alpha-beta treats the moves of the position it is asked about. The two visit
/// different numbers of positions (25 and 15 on `XOX/.O./X..`), so a count says which it used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum RootWindow {
    /// "Score each move": each root move searched with the whole window (−∞, +∞), as the
    /// articles' `findBestMove` does. Every move's score is exact.
    #[default]
    Fresh,
    /// "Search the position": one window for the whole search, as the textbook's
    /// `alphabeta(root, −∞, +∞)`: the best value so far becomes α for the next root move, so
    /// a move that cannot beat it is cut short. The best move's score is exact; another move's
    /// is only an upper bound (it is at most that).
    Shared,
}

/// [`alpha_beta_observed`] with the root's moves searched as `root` says.
pub fn alpha_beta_root_observed(
    board: &Board,
    root: RootWindow,
    control: &SearchControl,
    on_settled: &mut dyn FnMut(&MoveScore),
    observer: &mut impl Observer,
) -> Result<Analysis, Stopped> {
    let mut search = TextbookRecursion::new(board, Meter::new(control), observer);
    search.root = root;
    settle_root_moves(board, control, on_settled, &mut search)
}

/// The value of `start` for its side to move by textbook alpha-beta from it: one call on `start`
/// with the whole window (depth 0), so the window found under one move prunes the next ones, as
/// the textbooks prune a tree below its root. Every call is reported to `observer`.
pub fn alpha_beta_game<G: Rules>(
    start: &G,
    control: &SearchControl,
    observer: &mut impl Observer<G>,
) -> Result<GameValue<G::Move>, Stop> {
    control.start(start.moves().count());
    let mut search = TextbookRecursion::new(start, Meter::starting_at(control, 0), observer);
    let infinity = start.infinity();
    let value = search.alpha_beta(start, 0, true, -infinity, infinity);
    search.walk.game_value(value)
}

/// The recursion over the walk's state.
struct TextbookRecursion<'a, G: Rules, O> {
    walk: Walk<'a, G, O>,
    /// How a board's root moves are searched.
    root: RootWindow,
    /// The best root move's score so far: α for the next root move under [`RootWindow::Shared`].
    root_best: Option<Score>,
}

impl<'a, G: Rules, O: Observer<G>> TextbookRecursion<'a, G, O> {
    fn new(start: &G, meter: Meter<'a>, observer: &'a mut O) -> Self {
        TextbookRecursion {
            walk: Walk::new(start, meter, observer),
            root: RootWindow::Fresh,
            root_best: None,
        }
    }

    /// The value of `position`, reached by `led_by`, for the maximiser: exact when it lies
    /// strictly between `alpha` and `beta`, otherwise a bound on the side it fell (the caller
    /// does not need more).
    fn alpha_beta(
        &mut self,
        position: &G,
        depth: i32,
        is_max: bool,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Score, Stop> {
        self.walk.meter.visit()?;
        self.walk.observer.enter(
            depth,
            position,
            self.walk.led_by,
            is_max,
            Some((alpha, beta)),
        );
        let ply = depth as usize;
        self.walk.pvs[ply].clear();
        if let Some(score) = position.evaluate(self.walk.player, depth) {
            self.walk.observer.leaf(depth, position, score);
            self.walk.observer.exit(depth, position, score);
            return Ok(score);
        }
        let moves: Vec<G::Move> = position.moves().collect();
        // Infinity is one beyond the best score there is (`W + 1` on a board): it reads as such
        // in a trace.
        let infinity = position.infinity();
        let mut best = if is_max { -infinity } else { infinity };
        for (tried, &mv) in moves.iter().enumerate() {
            let child = position.after(mv);
            self.walk.led_by = Some(mv);
            let score = self.alpha_beta(&child, depth + 1, !is_max, alpha, beta)?;
            let better = if is_max { score > best } else { score < best };
            if better {
                best = score;
                let (this, deeper) = self.walk.pvs.split_at_mut(ply + 1);
                let pv = &mut this[ply];
                pv.clear();
                pv.push(mv);
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
                    self.walk
                        .observer
                        .cutoff(depth, position, alpha, beta, pruned);
                }
                break;
            }
        }
        self.walk.observer.exit(depth, position, best);
        Ok(best)
    }
}

impl<O: Observer> RootSearch for TextbookRecursion<'_, Board, O> {
    const ALGORITHM: Algorithm = Algorithm::AlphaBetaClassic;

    fn score_move(&mut self, board: &Board, cell: Cell) -> Result<MoveScore, Stop> {
        let child = Rules::after(board, cell);
        let infinity = board.infinity();
        self.walk.led_by = Some(cell);
        let alpha = match (self.root, self.root_best) {
            (RootWindow::Shared, Some(best)) => best,
            _ => -infinity,
        };
        let score = self.alpha_beta(&child, 0, false, alpha, infinity)?;
        self.root_best = Some(self.root_best.map_or(score, |best| best.max(score)));
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
