//! The root of the searches that score one root move at a time (plain minimax, the textbook's
//! alpha-beta, alpha-beta with a table): every legal move in reading order, each reported as it
//! is settled, the analysis so far returned when the search is stopped.

use super::analysis::{Algorithm, Analysis, MoveScore, SearchStats};
use super::control::{SearchControl, Stop, Stopped};
use crate::board::{Board, Cell};

/// A search as the root sees it: something that scores one root move at a time.
pub(super) trait RootSearch {
    const ALGORITHM: Algorithm;

    /// The exact score and line of playing `cell` on `board`.
    fn score_move(&mut self, board: &Board, cell: Cell) -> Result<MoveScore, Stop>;

    /// Positions visited so far, the root included.
    fn nodes(&self) -> u64;

    /// Tells the control of the positions visited since the last time.
    fn flush_meter(&mut self);
}

/// Scores every legal move of `board` in reading order, telling `control` and `on_settled` of
/// each as it is settled; a stop returns the moves settled until then.
pub(super) fn settle_root_moves<S: RootSearch>(
    board: &Board,
    control: &SearchControl,
    on_settled: &mut dyn FnMut(&MoveScore),
    search: &mut S,
) -> Result<Analysis, Stopped> {
    let started = crate::platform::Instant::now();
    let legal: Vec<Cell> = board.legal_moves().collect();
    control.start(legal.len());
    let mut moves = Vec::with_capacity(legal.len());
    let mut result = Ok(());
    for cell in legal {
        match search.score_move(board, cell) {
            Ok(settled) => {
                search.flush_meter();
                control.settled_one();
                on_settled(&settled);
                moves.push(settled);
            }
            Err(reason) => {
                search.flush_meter();
                result = Err(reason);
                break;
            }
        }
    }
    let analysis = Analysis {
        board: *board,
        moves,
        stats: SearchStats {
            algorithm: S::ALGORITHM,
            nodes: search.nodes(),
            elapsed: started.elapsed(),
        },
    };
    match result {
        Ok(()) => Ok(analysis),
        Err(reason) => Err(Stopped {
            reason,
            bounds: Vec::new(),
            partial: Box::new(analysis),
        }),
    }
}
