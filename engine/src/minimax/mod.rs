//! Minimax with depth-adjusted scores, and an exact faster search that must agree with it.
//!
//! A candidate move's score is `minimax(board after the move, depth 0, opponent to move)`, seen from
//! the side that plays the move (see [`Score`](crate::score::Score) for the encoding). Four searches implement
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
mod analysis;
mod control;
mod counts;
mod depth_limited;
mod estimator;
mod expectimax;
mod observe;
mod plain;
mod root_moves;
mod search;
mod solver;
mod table;
mod walk;

pub use alpha_beta::{AlphaBeta, DEFAULT_TABLE_BYTES};
pub use alpha_beta_classic::{
    RootWindow, alpha_beta, alpha_beta_game, alpha_beta_observed, alpha_beta_root_observed,
};
pub use analysis::{
    Algorithm, Analysis, GameValue, MoveBound, MoveScore, MovesSoFar, RootReport, SearchStats,
    proven_best,
};
pub use control::{CHECK_INTERVAL, Progress, SearchControl, Stop, Stopped, Watcher};
pub use counts::{SearchCounts, count_searches};
pub use depth_limited::{Evaluation, cutoff_choice, depth_limited, open_lines};
pub use estimator::{Estimate, Estimator, MoveEstimate, Valuation, evaluate};
pub use expectimax::{ExpectedValue, expectiminimax};
pub use observe::{Observer, Unobserved};
pub use plain::{plain, plain_game, plain_observed, plain_with};
pub use search::{AlphaBetaClassic, EXACT_SHARE, Plain, Search, ThinkTime, analyze_with, fresh};
pub use solver::Solver;
