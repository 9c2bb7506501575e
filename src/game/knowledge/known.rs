//! What is known of the positions searched: analyses, searches given up on, estimates, the three
//! searches' counts, the practice positions, and a search recorded call by call.

use std::collections::HashMap;

use super::needs::{CutoffSearch, MatchSearch};
use crate::engine::board::{Board, Cell};
use crate::engine::minimax::{Analysis, Estimate, SearchCounts, Stop, Stopped, Valuation};
use crate::game::worker::MatchSoFar;
use crate::learn::practice::Exercise;
use crate::learn::trace::{TraceAlgorithm, TraceEvent};

/// At most this many analyses are kept; the classic game has 4,520 open positions.
const CACHE_LIMIT: usize = 10_000;

/// A search recorded call by call, as far as it has got.
#[derive(Debug, Clone)]
pub struct TraceLog {
    pub board: Board,
    pub algorithm: TraceAlgorithm,
    pub events: Vec<TraceEvent>,
    /// The search's result once every event is in, or why it stopped ([`TRACE_LIMIT`](super::needs::TRACE_LIMIT)).
    pub result: Option<Result<Analysis, Stop>>,
}

/// The answers the worker gave, per position, kept for as long as they may be shown again.
#[derive(Debug, Default)]
pub(in crate::game) struct Known {
    analyses: HashMap<Board, Analysis>,
    /// Positions the search gave up on, with what it had settled.
    gave_up: HashMap<Board, Stopped>,
    /// Estimates of large boards' moves: made when the think time ran out (`None`), or by the
    /// depth-limited search of a difficulty (its depth).
    /// With the turn each was made on: the computer plays an unproven move only on an estimate
    /// made on its own turn, when its think time ran out, never on one left from an earlier visit.
    estimates: HashMap<(Board, Option<u32>), (Estimate, u64)>,
    counts: HashMap<Board, SearchCounts>,
    /// The practice positions, once found.
    exercises: Option<Vec<Exercise>>,
    /// Depth-limited searches: each move's number, or why the search stopped.
    cutoffs: HashMap<CutoffSearch, Result<Vec<(Cell, Valuation)>, Stop>>,
    /// The Monte Carlo levels' moves, by position, seed and iterations.
    mcts: HashMap<(Board, u64, u64), Cell>,
    /// The last match asked for, as far as it has got.
    matched: Option<(MatchSearch, MatchSoFar)>,
}

impl Known {
    pub(in crate::game) fn analysis(&self, board: &Board) -> Option<&Analysis> {
        self.analyses.get(board)
    }

    /// The estimate of `board` by the depth-limited search of `depth` plies, or (`None`) the
    /// one made when the think time ran out, with the turn it was made on.
    pub(in crate::game) fn estimate(
        &self,
        board: &Board,
        depth: Option<u32>,
    ) -> Option<(&Estimate, u64)> {
        let (estimate, turn) = self.estimates.get(&(*board, depth))?;
        Some((estimate, *turn))
    }

    /// The estimate of `board`'s moves made on `turn` (its think time ran out), if any.
    pub(super) fn fresh_estimate(&self, board: &Board, turn: u64) -> Option<&Estimate> {
        let (estimate, made) = self.estimate(board, None)?;
        (made == turn).then_some(estimate)
    }

    pub(in crate::game) fn gave_up(&self, board: &Board) -> Option<&Stopped> {
        self.gave_up.get(board)
    }

    /// Whether `board` has a game to search and no analysis nor gave-up record yet.
    pub(super) fn unknown(&self, board: &Board) -> bool {
        !board.outcome().is_over()
            && !self.analyses.contains_key(board)
            && !self.gave_up.contains_key(board)
    }

    pub(in crate::game) fn counts(&self, board: &Board) -> Option<&SearchCounts> {
        self.counts.get(board)
    }

    pub(in crate::game) fn exercises(&self) -> Option<&[Exercise]> {
        self.exercises.as_deref()
    }

    /// The numbers of the depth-limited `search`, once it has run, or why it stopped.
    pub(in crate::game) fn cutoff(
        &self,
        search: &CutoffSearch,
    ) -> Option<&Result<Vec<(Cell, Valuation)>, Stop>> {
        self.cutoffs.get(search)
    }

    /// Keeps an exact analysis, whoever asked for it: undo may bring its position back.
    pub(super) fn add_analysis(&mut self, analysis: Analysis) {
        if self.analyses.len() >= CACHE_LIMIT {
            self.analyses.clear();
        }
        self.analyses.insert(analysis.board, analysis);
    }

    pub(super) fn add_gave_up(&mut self, stopped: Stopped) {
        self.gave_up.insert(stopped.partial.board, stopped);
    }

    /// Keeps an estimate made on `turn`, by the search of `depth` plies (`None`: the one made
    /// when the think time ran out).
    pub(super) fn add_estimate(&mut self, depth: Option<u32>, estimate: Estimate, turn: u64) {
        if self.estimates.len() >= CACHE_LIMIT {
            self.estimates.clear();
        }
        self.estimates
            .insert((estimate.board, depth), (estimate, turn));
    }

    pub(super) fn add_counts(&mut self, board: Board, counts: SearchCounts) {
        self.counts.insert(board, counts);
    }

    pub(super) fn add_cutoff(
        &mut self,
        search: CutoffSearch,
        result: Result<Vec<(Cell, Valuation)>, Stop>,
    ) {
        if self.cutoffs.len() >= CACHE_LIMIT {
            self.cutoffs.clear();
        }
        self.cutoffs.insert(search, result);
    }

    /// The move MCTS chose on `board` with `seed` and `iterations`, if it has.
    pub(super) fn mcts_choice(&self, board: &Board, seed: u64, iterations: u64) -> Option<Cell> {
        self.mcts.get(&(*board, seed, iterations)).copied()
    }

    pub(super) fn add_mcts_choice(&mut self, board: Board, seed: u64, iterations: u64, cell: Cell) {
        if self.mcts.len() >= CACHE_LIMIT {
            self.mcts.clear();
        }
        self.mcts.insert((board, seed, iterations), cell);
    }

    /// The match `search` as far as it has got, if it is the last one asked for.
    pub(in crate::game) fn match_so_far(&self, search: &MatchSearch) -> Option<&MatchSoFar> {
        self.matched
            .as_ref()
            .filter(|(known, _)| known == search)
            .map(|(_, so_far)| so_far)
    }

    /// Whether every game of `search` is known.
    pub(super) fn match_is_played(&self, search: &MatchSearch) -> bool {
        self.match_so_far(search)
            .is_some_and(|so_far| so_far.played >= search.games)
    }

    /// Keeps how far `search` has got, in place of any other match; a match played again from
    /// its start (after another search took the worker) does not take back games already shown.
    pub(super) fn add_match(&mut self, search: MatchSearch, so_far: MatchSoFar) {
        if self
            .match_so_far(&search)
            .is_none_or(|known| known.played <= so_far.played)
        {
            self.matched = Some((search, so_far));
        }
    }

    /// Forgets the match, so that it is played again when asked for.
    pub(super) fn forget_match(&mut self) {
        self.matched = None;
    }

    pub(super) fn add_exercises(&mut self, exercises: Vec<Exercise>) {
        self.exercises = Some(exercises);
    }
}
