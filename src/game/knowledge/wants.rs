//! What the display wants searched besides the game's own needs.

use super::needs::{CutoffSearch, MatchSearch};
use crate::engine::board::Board;

/// What the display wants searched, each kind asked for in its turn after the game's own needs
/// (see `Schedule`).
#[derive(Debug, Default)]
pub(super) struct DisplayWants {
    /// Positions to analyse besides the board's (explorer nodes, previews), most wanted first.
    pub(super) analyses: Vec<Board>,
    /// The positions of the game under review (M), searched as `tictactoe review` searches
    /// them, each with at most the review's budget of positions.
    pub(super) reviewed: Vec<Board>,
    /// The position whose three search counts are wanted.
    pub(super) counts: Option<Board>,
    /// Whether the practice positions are wanted.
    pub(super) exercises: bool,
    /// The cutoff view's depth-limited search.
    pub(super) cutoff: Option<CutoffSearch>,
    /// The MCTS view's match against minimax.
    pub(super) matched: Option<MatchSearch>,
}
