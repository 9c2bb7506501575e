//! Which search to ask for next: the game's own first, then what the display shows, then the
//! review, the explorer's counts, the practice positions and the step-through's trace.

use super::*;

impl Knowledge {
    /// The estimate of `board`'s moves made on `turn` (its think time ran out), if any.
    pub(in crate::game) fn fresh_estimate(&self, board: &Board, turn: u64) -> Option<&Estimate> {
        let (estimate, made) = self.estimate(board, None)?;
        (made == turn).then_some(estimate)
    }

    /// The moves the computer at `difficulty` may choose among on `board`, on turn `turn`, and what
    /// they rest on: its depth-limited estimate, the exact analysis, the moves proven best before
    /// it is complete, or else the estimate made when this turn's think time ran out. `None`
    /// while none of them is known.
    pub(in crate::game) fn candidates(
        &self,
        board: &Board,
        difficulty: Difficulty,
        turn: u64,
    ) -> Option<(Vec<Cell>, Basis)> {
        if let Some(depth) = limited_depth(difficulty, board) {
            let (estimate, _) = self.estimate(board, Some(depth))?;
            let best = estimate.best_moves().map(|m| m.cell).collect();
            Some((best, Basis::DepthLimited { depth }))
        } else if let Some(analysis) = self.analysis(board) {
            Some((AiPlayer::candidates(analysis, difficulty), Basis::Exact))
        } else if let Some(proven) = self.proven_best(board) {
            Some((proven, Basis::ProvenBest))
        } else {
            let estimate = self.fresh_estimate(board, turn)?;
            let settled = self
                .partial_scores(board)
                .map_or(&[][..], |known| known.settled);
            let reason = self
                .gave_up(board)
                .map_or(Stop::TimeLimit, |stopped| stopped.reason);
            let basis = Basis::Unproven {
                depth: estimate.depth,
                reason,
            };
            Some((AiPlayer::unproven_candidates(estimate, settled), basis))
        }
    }

    /// The moves proven best on a large board before its analysis is complete, if any: the
    /// computer at Perfect need not wait for the others' scores. (On 3×3 every difficulty plays
    /// on the complete analysis, through its horizon; larger boards reach this only at Perfect.)
    fn proven_best(&self, board: &Board) -> Option<Vec<Cell>> {
        let known = self.partial_scores(board).filter(|_| is_large(board))?;
        let proven: Vec<Cell> = known.proven_best().iter().map(|m| m.cell).collect();
        (!proven.is_empty()).then_some(proven)
    }

    /// The search needed and not done, most needed first: the computer's move, the scores of the
    /// board when a human is to move and they are wanted, a finished game's review (its summary
    /// and the accuracy count need it), then what the display wants.
    pub(in crate::game) fn next_search(&self, needs: &GameNeeds) -> Option<Wanted> {
        self.game_search(needs)
            .map(|(board, job)| self.with_budget(board, job))
            .or_else(|| {
                let positions = needs.finished_positions.as_ref()?;
                let board = positions.iter().copied().find(|b| self.unknown(b))?;
                Some(self.review_search(board, needs.think_time))
            })
            .or_else(|| self.display_search(needs.think_time))
    }

    /// `job` on `board` with the budget such a job gets.
    pub(super) fn with_budget(&self, board: Board, job: Job) -> Wanted {
        let node_budget = match job {
            Job::CountSearches => COUNT_LIMIT,
            Job::Trace { .. } => self.trace_limit,
            _ => DEFAULT_NODE_BUDGET,
        };
        Wanted {
            board,
            job,
            node_budget,
        }
    }

    /// A position of a game under review, searched as `tictactoe review` searches it: on a
    /// large board exactly, with at most the review's budget of positions and no estimates
    /// (they would not review a move).
    fn review_search(&self, board: Board, think_time: Duration) -> Wanted {
        if !is_large(&board) {
            return self.with_budget(board, analyze_job(&board, think_time));
        }
        Wanted {
            board,
            job: Job::Analyze { think_time: None },
            node_budget: self.review_budget,
        }
    }

    /// The search the game on the board needs, if any.
    fn game_search(&self, needs: &GameNeeds) -> Option<(Board, Job)> {
        let board = needs.board;
        if board.outcome().is_over() {
            return None;
        }
        let computer = needs.computer_to_move;
        if computer && let Some(depth) = needs.limited_depth {
            let known = self.estimates.contains_key(&(board, Some(depth)));
            let job = Job::Estimate {
                depth: Some(depth),
                time: needs.think_time,
            };
            return (!known).then_some((board, job));
        }
        let needed = computer || needs.scores_for_human;
        if !needed || self.analyses.contains_key(&board) {
            return None;
        }
        if !self.gave_up.contains_key(&board) {
            return Some((board, analyze_job(&board, needs.think_time)));
        }
        // The exact search gave up before the think time ran out: the computer still needs a
        // move.
        let job = Job::Estimate {
            depth: None,
            time: needs.think_time,
        };
        let fresh = self.fresh_estimate(&board, needs.turn).is_some();
        (computer && !fresh).then_some((board, job))
    }

    /// The search the display wants, after the game's: the practice positions, the trace, the
    /// analyses asked for, the reviewed game's positions, and last the explorer's counts.
    fn display_search(&self, think_time: Duration) -> Option<Wanted> {
        let exercises = || {
            let wanted = self.exercises_wanted && self.exercises.is_none();
            wanted.then(|| self.with_budget(Board::classic(), Job::Exercises))
        };
        let trace = || {
            let log = self.trace.as_ref().filter(|log| log.result.is_none())?;
            let skip = log.events.len();
            let job = Job::Trace {
                algorithm: log.algorithm,
                skip,
            };
            Some(self.with_budget(log.board, job))
        };
        // A position of the reviewed game is searched as the review searches it, whoever asks.
        let search = |board: Board| {
            if self.reviewed.contains(&board) {
                self.review_search(board, think_time)
            } else {
                self.with_budget(board, analyze_job(&board, think_time))
            }
        };
        let also_wanted = || {
            let board = self.also_wanted.iter().copied().find(|b| self.unknown(b))?;
            Some(search(board))
        };
        let reviewed = || {
            let board = self.reviewed.iter().copied().find(|b| self.unknown(b))?;
            Some(search(board))
        };
        let counts = || {
            let board = self.counts_wanted.filter(|b| !b.outcome().is_over())?;
            (!self.counts.contains_key(&board)).then(|| self.with_budget(board, Job::CountSearches))
        };
        exercises()
            .or_else(trace)
            .or_else(also_wanted)
            .or_else(reviewed)
            .or_else(counts)
    }
}
