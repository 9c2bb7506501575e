//! The fast exact search: alpha-beta negamax with a transposition table and move ordering.

use super::analysis::{Algorithm, Analysis, MoveScore};
use super::control::{Meter, SearchControl, Stop, Stopped};
use super::root_moves::{RootSearch, settle_root_moves};
use super::table::{Bound, TranspositionTable};
use crate::board::{BitIter, Board, Cell};
use crate::score::Score;

/// How much memory the transposition table may use unless told otherwise: 256 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;

/// Alpha-beta negamax with a transposition table and move ordering, exact for every root move.
///
/// The table outlives one analysis: analyzing many positions of one game (or one batch) with the
/// same searcher reuses what earlier searches learned. Values are stored relative to the position
/// they belong to, so an entry is valid at any depth. The table stays within its memory limit
/// (forgetting what it knew when full), which costs time, never exactness.
pub struct AlphaBeta {
    table: TranspositionTable,
}

impl Default for AlphaBeta {
    fn default() -> Self {
        AlphaBeta::new()
    }
}

impl AlphaBeta {
    pub fn new() -> AlphaBeta {
        AlphaBeta::with_table_limit(DEFAULT_TABLE_BYTES)
    }

    /// A searcher whose table uses at most `bytes` of memory (the dense table of boards of up to
    /// 12 cells is always allowed: 4 MiB at most).
    pub fn with_table_limit(bytes: usize) -> AlphaBeta {
        AlphaBeta {
            table: TranspositionTable::with_limit(bytes),
        }
    }

    /// The memory the table holds now, in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// [`Search::analyze_with`](super::search::Search::analyze_with) with a callback for settled moves
    /// only (the searcher has no bounds to tell): each root move as soon as its score and line
    /// are known. What was learned before a stop stays in the table; nothing
    /// unfinished is stored.
    pub fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_settled: &mut dyn FnMut(&MoveScore),
    ) -> Result<Analysis, Stopped> {
        self.table.prepare(board.geometry());
        let mut search = OrderedRecursion {
            table: &mut self.table,
            meter: Meter::new(control),
            infinity: Score::infinity(board.geometry().win_score()),
        };
        settle_root_moves(board, control, on_settled, &mut search)
    }
}

/// One analysis in progress: the searcher's table and this search's meter.
struct OrderedRecursion<'a> {
    table: &'a mut TranspositionTable,
    meter: Meter<'a>,
    /// Beyond every score of the board's geometry: the open window's ends.
    infinity: Score,
}

impl RootSearch for OrderedRecursion<'_> {
    const ALGORITHM: Algorithm = Algorithm::AlphaBeta;

    fn score_move(&mut self, board: &Board, cell: Cell) -> Result<MoveScore, Stop> {
        let index = board.geometry().index(cell);
        Ok(MoveScore {
            cell,
            score: self.move_value(board, index, 0)?,
            pv: self.pv_after(board, index)?,
        })
    }

    fn nodes(&self) -> u64 {
        self.meter.nodes
    }

    fn flush_meter(&mut self) {
        self.meter.flush();
    }
}

impl OrderedRecursion<'_> {
    /// The exact value of playing `index` on the ongoing `board`, for the side that plays it, when
    /// the resulting position is at `depth`.
    fn move_value(&mut self, board: &Board, index: usize, depth: i32) -> Result<Score, Stop> {
        let mover = board.to_move();
        let mut child = *board;
        child.place(index);
        if child.completes_run(index, mover) {
            Ok(Score::win_at(depth, board.geometry().win_score()))
        } else if child.is_full() {
            Ok(Score::DRAW)
        } else {
            Ok(-self.negamax(&child, depth, -self.infinity, self.infinity)?)
        }
    }

    /// The moves that follow `index` on `board` under best play, to the end of the game: at each
    /// step the first move in row-major order with the best score, as plain minimax picks it.
    fn pv_after(&mut self, board: &Board, index: usize) -> Result<Vec<Cell>, Stop> {
        let mut pv = Vec::with_capacity(board.empty_bits().count_ones() as usize - 1);
        let (mut node, mut next, mut depth) = (*board, index, 0);
        loop {
            let mover = node.to_move();
            node.place(next);
            if node.completes_run(next, mover) || node.is_full() {
                return Ok(pv);
            }
            next = self.first_best_move(&node, depth)?;
            pv.push(node.geometry().cell(next));
            depth += 1;
        }
    }

    /// The first move in row-major order whose exact value is the position's value. Remembered in
    /// the table, because batch analysis walks the same lines again and again.
    fn first_best_move(&mut self, board: &Board, depth: i32) -> Result<usize, Stop> {
        if let Some(index) = self.table.first_best(board) {
            return Ok(index);
        }
        let value = self.negamax(board, depth, -self.infinity, self.infinity)?;
        for index in BitIter(board.empty_bits()) {
            if self.move_value(board, index, depth + 1)? == value {
                self.table.remember_first_best(board, index);
                return Ok(index);
            }
        }
        unreachable!("the value of a position is the value of one of its moves")
    }

    /// The value of an ongoing `board` at `depth` for its side to move, exact when it lies strictly
    /// inside (alpha, beta) and otherwise a bound on the side it fell.
    fn negamax(
        &mut self,
        board: &Board,
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Result<Score, Stop> {
        self.meter.visit()?;
        let mut hint = None;
        if let Some(entry) = self.table.get(board) {
            // Bounds only cut; they do not narrow the window, so that a search with an open window
            // always ends in an exact value, stored once and for all.
            let value = entry.value_at(depth);
            match entry.bound {
                Bound::Exact => return Ok(value),
                Bound::Lower if value >= beta => return Ok(value),
                Bound::Upper if value <= alpha => return Ok(value),
                _ => hint = entry.best_move(),
            }
        }
        let window_start = alpha;
        let mover = board.to_move();
        let open = board.empty_bits();
        let runs = board.runs();

        // A move that wins at once is the best there is.
        let mover_bits = board.bits(mover);
        if let Some(index) =
            BitIter(open).find(|&index| runs.completes(mover_bits | 1 << index, index))
        {
            let value = Score::win_at(depth + 1, board.geometry().win_score());
            self.table.store(board, depth, value, Bound::Exact, index);
            return Ok(value);
        }

        let ordered = hint.into_iter().chain(
            runs.by_strength
                .iter()
                .copied()
                .filter(|&i| Some(i) != hint),
        );
        let mut best = -self.infinity;
        let mut best_index = 0;
        for index in ordered.filter(|&index| open & 1 << index != 0) {
            let mut child = *board;
            child.place(index);
            let value = if child.is_full() {
                Score::DRAW
            } else {
                -self.negamax(&child, depth + 1, -beta, -alpha)?
            };
            if value > best {
                best = value;
                best_index = index;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= window_start {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(board, depth, best, bound, best_index);
        Ok(best)
    }
}
