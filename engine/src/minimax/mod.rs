//! Minimax with depth-adjusted scores, and an exact faster search that must agree with it.
//!
//! A candidate move's score is `minimax(board after the move, depth 0, opponent to move)`, seen from
//! the side that plays the move (see [`Score`] for the encoding). Four searches implement
//! [`Search`]: [`Plain`] is the reference, written the way the classic articles write it;
//! [`AlphaBetaClassic`] prunes as the textbooks do; [`AlphaBeta`] gives the same score and line of
//! play for every move with alpha-beta pruning, a transposition table and move ordering; the
//! [`Solver`] takes the larger boards. [`fresh`] makes the one an [`Algorithm`] names, and
//! [`ThinkTime`] is the policy for a search given a time: exact first, then estimate.
//!
//! The two teaching searches, plain minimax and textbook alpha-beta, are one recursion each over
//! any game's [`Rules`](crate::rules::Rules): a board's analysis scores each root move
//! with it, as `findBestMove` does, and [`plain_game`] and [`alpha_beta_game`] run it from a
//! position itself, as the textbooks search an abstract tree
//! ([`game_tree`](crate::game_tree)) from its root.
//!
//! Every search can be stopped and watched through a [`SearchControl`]: a cancel flag, a node
//! budget and progress counters, shared with other threads. Root moves are reported as each is
//! settled, and a search that stops returns the ones it settled in [`Stopped`].
//!
//! ```
//! use tictactoe_engine::{Board, Cell, Score, minimax::{self, Search}};
//! let board: Board = "XOX/OOX/...".parse().unwrap();
//! let analysis = minimax::AlphaBeta::new().analyze(&board);
//! let best = analysis.best().unwrap();
//! assert_eq!((best.cell, best.score), (Cell::new(2, 2), Score::new(10)));
//! assert_eq!(analysis.score_of(Cell::new(2, 0)), Some(Score::new(-9)));
//! ```

mod alpha_beta;
mod alpha_beta_classic;
mod control;
mod estimator;
mod observe;
mod plain;
mod search;
mod solver;
mod table;
mod walk;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

use crate::board::{Board, Cell, Geometry};
use crate::score::{Score, Verdict};

pub use alpha_beta::{AlphaBeta, DEFAULT_TABLE_BYTES};
pub use alpha_beta_classic::{alpha_beta, alpha_beta_game, alpha_beta_observed};
pub use control::{CHECK_INTERVAL, Progress, SearchControl, Stop, Stopped, Watcher};
pub use estimator::{Estimate, Estimator, MoveEstimate, Valuation, evaluate};
pub use observe::{Observer, Unobserved};
pub use plain::{plain, plain_game, plain_observed, plain_with};
pub use search::{AlphaBetaClassic, EXACT_SHARE, Plain, Search, ThinkTime, fresh};
pub use solver::Solver;

/// Which search produced an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Plain minimax over the whole game tree: the reference.
    Plain,
    /// Alpha-beta as the textbooks write it: no table, moves in reading order.
    AlphaBetaClassic,
    /// Alpha-beta with a transposition table and move ordering.
    AlphaBeta,
    /// The solver of larger boards: null windows, symmetric table, threats, every core it is
    /// given.
    Solver,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Plain => "plain",
            Algorithm::AlphaBetaClassic => "alphabeta-classic",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Solver => "solver",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One legal move, what it scores for the side that plays it, and how the game then goes under
/// best play by both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveScore {
    pub cell: Cell,
    pub score: Score,
    /// The principal variation: the moves that follow this one under best play by both sides, to
    /// the end of the game (at each step the first best move in row-major order). Empty when
    /// this move ends the game. `analyze` prints it as `"line"`.
    pub pv: Vec<Cell>,
}

impl MoveScore {
    /// What the score means in plain words.
    pub fn verdict(&self, geometry: Geometry) -> Verdict {
        self.score.verdict(geometry)
    }
}

/// What a search knows of a root move's score before the exact value: `lower ≤ score ≤ upper`,
/// both seen from the side that plays the move (a lower bound of [`Score::DRAW`] reads "at least
/// a draw", an upper bound of [`Score::DRAW`] "does not win").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveBound {
    pub cell: Cell,
    pub lower: Score,
    pub upper: Score,
}

impl MoveBound {
    /// Nothing known yet: from losing to the opponent's very next move to winning right now.
    pub fn unknown(cell: Cell, geometry: Geometry) -> MoveBound {
        let win = geometry.win_score();
        MoveBound {
            cell,
            lower: Score::loss_at(1, win),
            upper: Score::win_at(0, win),
        }
    }

    /// Whether the bound says more than [`MoveBound::unknown`].
    pub fn is_known(&self, geometry: Geometry) -> bool {
        *self != MoveBound::unknown(self.cell, geometry)
    }
}

/// What a teaching search ([`plain_game`], [`alpha_beta_game`]) finds from the position it
/// starts on: its value for the side to move there, the line of play that leads to it (at each
/// step the first best move), and how many positions it visited, the start included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameValue<M> {
    pub value: Score,
    pub line: Vec<M>,
    pub nodes: u64,
}

/// What a search reports about a root move as it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootReport<'a> {
    /// The move's exact score and line.
    Settled(&'a MoveScore),
    /// A bound on the move's score, known before the exact value (a later report of the same
    /// move is at least as tight).
    Bounded(MoveBound),
}

/// What a search cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    pub algorithm: Algorithm,
    /// Positions visited, the root included.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Every legal move of a position with its exact score and line of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    pub board: Board,
    /// In row-major order. Empty when the game is over.
    pub moves: Vec<MoveScore>,
    pub stats: SearchStats,
}

/// The moves of a partial analysis of `board` that are proven best: the settled moves with the
/// best score, when every other legal move has a bound at or below it (a move with no bound
/// might beat it, unless the best wins at once). Empty until then. The computer at Perfect
/// plays one of them without waiting for the other scores, and `analyze --time-limit` names the
/// first as its best move.
pub fn proven_best<'a>(
    board: &Board,
    settled: &'a [MoveScore],
    bounds: &[MoveBound],
) -> Vec<&'a MoveScore> {
    let Some(best) = settled.iter().map(|m| m.score).max() else {
        return Vec::new();
    };
    let geometry = board.geometry();
    let cannot_beat = |cell: Cell| {
        let bound = bounds.iter().find(|bound| bound.cell == cell);
        settled.iter().any(|m| m.cell == cell)
            || bound
                .map_or(MoveBound::unknown(cell, geometry), |b| *b)
                .upper
                <= best
    };
    if !board.legal_moves().all(cannot_beat) {
        return Vec::new();
    }
    settled.iter().filter(|m| m.score == best).collect()
}

impl Analysis {
    /// The highest score, if there is any move.
    pub fn best_score(&self) -> Option<Score> {
        self.moves.iter().map(|m| m.score).max()
    }

    /// The first move in row-major order with the highest score, as the classic `findBestMove`
    /// picks it.
    pub fn best(&self) -> Option<&MoveScore> {
        let best = self.best_score()?;
        self.moves.iter().find(|m| m.score == best)
    }

    /// Every move with the highest score.
    pub fn best_moves(&self) -> impl Iterator<Item = &MoveScore> {
        let best = self.best_score();
        self.moves.iter().filter(move |m| Some(m.score) == best)
    }

    /// The score of playing `cell`, if it is a legal move.
    pub fn score_of(&self, cell: Cell) -> Option<Score> {
        self.get(cell).map(|m| m.score)
    }

    pub fn get(&self, cell: Cell) -> Option<&MoveScore> {
        self.moves.iter().find(|m| m.cell == cell)
    }
}

/// A search as the root sees it: something that scores one root move at a time.
trait RootSearch {
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
fn settle_root_moves<S: RootSearch>(
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

/// Analyzes a position with a fresh search of the given kind, under `control`.
pub fn analyze_with(
    board: &Board,
    algorithm: Algorithm,
    control: &SearchControl,
) -> Result<Analysis, Stopped> {
    fresh(algorithm).analyze_with(board, control, &mut |_| {})
}

/// How many positions each search visits to score every move of one position, for learners to
/// compare: the reference, textbook pruning, and pruning with a table and move ordering. A search
/// that passes `control`'s node budget (or is cancelled) gives its reason instead of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchCounts {
    pub plain: Result<u64, Stop>,
    pub alpha_beta: Result<u64, Stop>,
    pub alpha_beta_table: Result<u64, Stop>,
}

/// Runs the three searches on `board` one after the other, each with a fresh start under
/// `control` (the budget applies to each).
pub fn count_searches(board: &Board, control: &SearchControl) -> SearchCounts {
    let nodes = |algorithm| {
        analyze_with(board, algorithm, control)
            .map(|analysis| analysis.stats.nodes)
            .map_err(|stopped| stopped.reason)
    };
    SearchCounts {
        plain: nodes(Algorithm::Plain),
        alpha_beta: nodes(Algorithm::AlphaBetaClassic),
        alpha_beta_table: nodes(Algorithm::AlphaBeta),
    }
}
