//! Estimates for boards too large to solve in a think time (6×6, 7×7): iterative deepening
//! alpha-beta that looks a fixed number of plies ahead and judges the positions at its horizon
//! with [`evaluate`].

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;

use super::control::{Meter, SearchControl, Stop};
use crate::board::{BitIter, Board, Cell, Outcome, Runs};
use crate::platform::Instant;
use crate::score::{BEYOND_ESTIMATES, PROVEN, Score};

/// What the estimator thinks of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Valuation {
    /// A result the search proved: a forced win or loss inside its horizon (the fastest win, the
    /// slowest loss, exactly as the exact search scores it), or any result when it saw to the end
    /// of the game.
    Exact(Score),
    /// The value of the positions at the horizon in [`evaluate`]'s units, for the side that plays
    /// the move: positive is good for it. Never a [`Score`].
    Estimate(i32),
}

impl Valuation {
    /// A number that orders valuations for the side that plays the move: proven wins above every
    /// estimate, proven losses below, a proven draw where an estimate of 0 is.
    pub fn rank(self) -> i64 {
        match self {
            Valuation::Exact(score) => score.among_estimates() as i64,
            Valuation::Estimate(value) => value as i64,
        }
    }

    pub fn exact(self) -> Option<Score> {
        match self {
            Valuation::Exact(score) => Some(score),
            Valuation::Estimate(_) => None,
        }
    }
}

/// One move and what the estimator thinks of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEstimate {
    pub cell: Cell,
    pub value: Valuation,
}

/// The result of the deepest iteration an estimator finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Estimate {
    pub board: Board,
    /// How many plies ahead it looked, the move itself counted (0 when the game is over).
    pub depth: u32,
    /// Every legal move, in row-major order.
    pub moves: Vec<MoveEstimate>,
    /// Positions visited by all iterations.
    pub nodes: u64,
    pub elapsed: Duration,
}

impl Estimate {
    /// The first move in row-major order with the highest [`Valuation::rank`].
    pub fn best(&self) -> Option<&MoveEstimate> {
        let best = self.moves.iter().map(|m| m.value.rank()).max()?;
        self.moves.iter().find(|m| m.value.rank() == best)
    }

    /// Every move with the highest rank.
    pub fn best_moves(&self) -> impl Iterator<Item = &MoveEstimate> {
        let best = self.moves.iter().map(|m| m.value.rank()).max();
        self.moves
            .iter()
            .filter(move |m| Some(m.value.rank()) == best)
    }

    pub fn get(&self, cell: Cell) -> Option<&MoveEstimate> {
        self.moves.iter().find(|m| m.cell == cell)
    }
}

/// Points for a run that holds `n` marks of one side and none of the other: ×8 per mark.
const RUN_POINTS: [i32; 8] = [0, 1, 8, 64, 512, 4096, 32768, 262144];

/// How good a position looks to the side to move, without searching: the heuristic at the
/// estimator's horizon.
///
/// A run of k cells that holds marks of only one side is a line that side can still complete.
/// Each such run is worth points to its owner that grow fast with how many marks it already
/// holds: 1 for one mark, 8 for two, 64 for three, 512 for four (×8 per mark), because a run
/// that needs one more mark is a threat and a run that needs four is only a hope. Runs that hold
/// both marks are dead and worth nothing. The value is the side to move's points minus the
/// opponent's. It is not a score: it says "looks better", never "wins in n".
///
/// ```
/// use tictactoe_engine::{Board, minimax::evaluate};
/// // X to move on 3×3. The diagonal holds both marks: dead. X's centre is on three open runs
/// // (its row, its column, the other diagonal), O's corner on two (its row and column).
/// let board: Board = "O../.X./...".parse().unwrap();
/// assert_eq!(evaluate(&board), 3 - 2);
/// ```
pub fn evaluate(board: &Board) -> i32 {
    let mover = board.to_move();
    let runs = board.runs();
    static_value(&runs.all, board.bits(mover), board.bits(mover.opponent()))
}

#[inline]
fn static_value(runs: &[u64], me: u64, op: u64) -> i32 {
    let mut value = 0;
    for &run in runs {
        let (mine, theirs) = ((run & me).count_ones(), (run & op).count_ones());
        if theirs == 0 {
            value += RUN_POINTS[mine as usize];
        } else if mine == 0 {
            value -= RUN_POINTS[theirs as usize];
        }
    }
    debug_assert!(
        value.abs() < PROVEN / 2,
        "an estimate of {value} would read as a proven result"
    );
    value
}

/// Iterative-deepening alpha-beta with [`evaluate`] at the horizon: it searches 1 ply, then 2,
/// then 3… until told to stop, and keeps the last iteration it finished.
///
/// Every move gets its own value (a full window for each root move), so the numbers can be shown
/// beside each other. Inside the horizon it uses the exact shortcuts of the solver (a win now, a
/// forced block, two threats at once) only where a search of that depth would see the same, so
/// that a depth-`n` estimate is what depth-`n` minimax with [`evaluate`] gives. Its table only
/// orders moves, it never cuts a search short, so every proven result is exact.
pub struct Estimator {
    /// The best move found at each position, tried first next time.
    hints: HashMap<(u64, u64), u8>,
    history: [u32; 64],
}

impl Default for Estimator {
    fn default() -> Self {
        Estimator::new()
    }
}

/// The hint table forgets everything past this many positions (about 20 MiB).
const MAX_HINTS: usize = 1 << 19;

impl Estimator {
    pub fn new() -> Estimator {
        Estimator {
            hints: HashMap::new(),
            history: [0; 64],
        }
    }

    /// Estimates every move of `board`, looking at most `max_depth` plies ahead.
    pub fn estimate(&mut self, board: &Board, max_depth: u32) -> Estimate {
        self.estimate_with(board, &SearchControl::new(), Some(max_depth), &mut |_| {})
    }

    /// Deepens one ply at a time until `control` stops it (deadline, cancel or node budget),
    /// `max_depth` is reached, or every move is proven; calls `on_iteration` after each finished
    /// iteration and returns the last one. The first iteration (one ply: every move judged by
    /// [`evaluate`]) is always finished, whatever the control says, so there is always a move.
    pub fn estimate_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        max_depth: Option<u32>,
        on_iteration: &mut dyn FnMut(&Estimate),
    ) -> Estimate {
        let started = Instant::now();
        let open = if board.outcome() == Outcome::Ongoing {
            board.empty_bits()
        } else {
            0
        };
        let empties = open.count_ones();
        let limit = max_depth.unwrap_or(u32::MAX).min(empties).max(1);
        let mut nodes = 0;
        let mut best = Estimate {
            board: *board,
            depth: 0,
            moves: Vec::new(),
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if open == 0 {
            return best;
        }
        let unlimited = SearchControl::new();
        let mover = board.to_move();
        let search_board = Search {
            runs: board.runs(),
            win: board.geometry().win_score(),
        };
        let (me, op) = (board.bits(mover), board.bits(mover.opponent()));
        for depth in 1..=limit {
            // The first iteration cannot be stopped; the others stop when the control says so.
            let control = if depth == 1 { &unlimited } else { control };
            // A short iteration may end before its meter first looks at the control: look now.
            if depth > 1 && (control.is_cancelled() || control.is_past_deadline()) {
                break;
            }
            let mut meter = Meter::new(control);
            let mut moves = Vec::with_capacity(empties as usize);
            let mut stopped = false;
            for index in BitIter(open) {
                let result = self.root_move(&search_board, &mut meter, me, op, index, depth);
                match result {
                    Ok(value) => moves.push(MoveEstimate {
                        cell: board.geometry().cell(index),
                        value: valuation(value, depth >= empties),
                    }),
                    Err(_) => {
                        stopped = true;
                        break;
                    }
                }
            }
            nodes += meter.nodes;
            if stopped {
                break;
            }
            best = Estimate {
                board: *board,
                depth,
                moves,
                nodes,
                elapsed: started.elapsed(),
            };
            on_iteration(&best);
            if best.moves.iter().all(|m| m.value.exact().is_some()) {
                break;
            }
        }
        best.nodes = nodes;
        best.elapsed = started.elapsed();
        best
    }

    /// The value of playing `index` for the side to move, looking `depth` plies ahead in all.
    fn root_move(
        &mut self,
        search: &Search,
        meter: &mut Meter,
        me: u64,
        op: u64,
        index: usize,
        depth: u32,
    ) -> Result<i32, Stop> {
        let mine = me | 1 << index;
        if search.runs.completes(mine, index) {
            return Ok(Score::win_at(0, search.win).among_estimates());
        }
        if mine | op == search.runs.full {
            return Ok(0);
        }
        Ok(-self.negamax(
            search,
            meter,
            op,
            mine,
            0,
            depth - 1,
            -BEYOND_ESTIMATES,
            BEYOND_ESTIMATES,
        )?)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        search: &Search,
        meter: &mut Meter,
        me: u64,
        op: u64,
        depth: i32,
        remaining: u32,
        mut alpha: i32,
        beta: i32,
    ) -> Result<i32, Stop> {
        meter.visit()?;
        if remaining == 0 {
            return Ok(static_value(&search.runs.all, me, op));
        }
        let scan = search.runs.scan(me, op);
        let (my_wins, op_wins) = (scan.my_wins, scan.op_wins);
        if my_wins != 0 {
            return Ok(Score::win_at(depth + 1, search.win).among_estimates());
        }
        if remaining >= 2 && op_wins.count_ones() >= 2 {
            return Ok(Score::loss_at(depth + 2, search.win).among_estimates());
        }
        let empty = search.runs.full & !(me | op);
        // With two plies left, an open threat must be blocked: anything else loses at once.
        let forced = remaining >= 2 && op_wins != 0;
        let hint = self.hints.get(&(me, op)).map(|&index| index as usize);
        let mut moves: Vec<(i32, usize)> = Vec::with_capacity(empty.count_ones() as usize);
        for index in BitIter(if forced { op_wins } else { empty }) {
            let (order, threats) = search.move_order(me, op, index);
            if remaining >= 3 && op_wins == 0 && threats >= 2 {
                return Ok(Score::win_at(depth + 3, search.win).among_estimates());
            }
            let order = if Some(index) == hint {
                i32::MAX
            } else {
                order + (threats as i32) * (1 << 20) + self.history[index].min(1 << 19) as i32
            };
            moves.push((order, index));
        }
        moves.sort_by_key(|&(order, _)| std::cmp::Reverse(order));
        let mut best = -BEYOND_ESTIMATES;
        let mut best_index = moves[0].1;
        for &(_, index) in &moves {
            let mine = me | 1 << index;
            let value = if mine | op == search.runs.full {
                0
            } else {
                -self.negamax(
                    search,
                    meter,
                    op,
                    mine,
                    depth + 1,
                    remaining - 1,
                    -beta,
                    -alpha,
                )?
            };
            if value > best {
                best = value;
                best_index = index;
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                let slot = &mut self.history[index];
                *slot = slot.saturating_add(remaining * remaining);
                break;
            }
        }
        if self.hints.len() >= MAX_HINTS {
            self.hints.clear();
        }
        self.hints.insert((me, op), best_index as u8);
        Ok(best)
    }
}

/// A root move's internal value as a [`Valuation`]; `complete` when the search saw every line to
/// the end of the game.
fn valuation(value: i32, complete: bool) -> Valuation {
    match Score::from_estimates_scale(value) {
        Some(proven) => Valuation::Exact(proven),
        None if complete => Valuation::Exact(Score::DRAW),
        None => Valuation::Estimate(value),
    }
}

/// The board's runs, for the estimator's bit-level search.
struct Search {
    runs: &'static Runs,
    win: i32,
}

impl Search {
    /// How promising playing `index` looks (the runs it joins or blocks), and how many cells it
    /// would then threaten to win on.
    fn move_order(&self, me: u64, op: u64, index: usize) -> (i32, u32) {
        let bit = 1u64 << index;
        let (mut order, mut threats) = (0, 0u64);
        for &run in &self.runs.through[index] {
            let (m, t) = ((run & me).count_ones(), (run & op).count_ones());
            if t == 0 {
                order += RUN_POINTS[m as usize + 1];
                if m + 2 == self.runs.k {
                    threats |= run & !me & !bit;
                }
            }
            if m == 0 {
                order += RUN_POINTS[t as usize + 1];
            }
        }
        (order, threats.count_ones())
    }
}
