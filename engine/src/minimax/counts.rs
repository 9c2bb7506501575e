//! How many positions each search visits on one position, for learners to compare.

use serde::{Deserialize, Serialize};

use super::alpha_beta_classic::{RootWindow, alpha_beta_root_observed};
use super::analysis::Algorithm;
use super::control::{SearchControl, Stop};
use super::observe::Unobserved;
use super::search::analyze_with;
use crate::board::Board;

/// How many positions each search visits to score every move of one position, for learners to
/// compare: the reference, textbook pruning, and pruning with a table and move ordering. A search
/// that passes `control`'s node budget (or is cancelled) gives its reason instead of a count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchCounts {
    pub plain: Result<u64, Stop>,
    /// Textbook alpha-beta scoring each root move with a fresh window ([`RootWindow::Fresh`]), as
    /// the articles' `findBestMove` does.
    pub alpha_beta: Result<u64, Stop>,
    /// The same alpha-beta searching the position with one window ([`RootWindow::Shared`]), as
    /// the textbook's `alphabeta(root)`: fewer positions, and only the best move's score exact.
    pub alpha_beta_shared: Result<u64, Stop>,
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
        alpha_beta_shared: alpha_beta_root_observed(
            board,
            RootWindow::Shared,
            control,
            &mut |_| {},
            &mut Unobserved,
        )
        .map(|analysis| analysis.stats.nodes)
        .map_err(|stopped| stopped.reason),
        alpha_beta_table: nodes(Algorithm::AlphaBeta),
    }
}
