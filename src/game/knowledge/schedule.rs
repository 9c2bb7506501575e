//! Which search to ask for next: the game's own first, then what the display shows, then the
//! review, the explorer's counts, the practice positions and the step-through's trace.

use std::time::Duration;

use super::known::{Known, TraceLog};
use super::needs::{COUNT_LIMIT, CUTOFF_LIMIT, GameNeeds, Wanted, analyze_job, is_large};
use super::wants::DisplayWants;
use crate::engine::board::Board;
use crate::game::worker::{DEFAULT_NODE_BUDGET, Job};

/// The order of the searches over what is known and what is wanted: the game's needs first (the
/// computer's move, the scores a human wants, a finished game's review), then the display's.
pub(super) struct Schedule<'a> {
    pub(super) known: &'a Known,
    pub(super) wants: &'a DisplayWants,
    /// The trace wanted, as far as it has been recorded.
    pub(super) trace: Option<&'a TraceLog>,
    /// The positions a trace may visit.
    pub(super) trace_limit: u64,
    /// The positions a search of a reviewed game's large board may visit.
    pub(super) review_budget: u64,
}

impl Schedule<'_> {
    /// The search needed and not done, most needed first: the computer's move, the scores of the
    /// board when a human is to move and they are wanted, a finished game's review (its summary
    /// and the accuracy count need it), then what the display wants.
    pub(super) fn next_search(&self, needs: &GameNeeds) -> Option<Wanted> {
        self.game_search(needs)
            .map(|(board, job)| self.with_budget(board, job))
            .or_else(|| {
                let positions = needs.finished_positions.as_ref()?;
                let board = positions.iter().copied().find(|b| self.known.unknown(b))?;
                Some(self.review_search(board, needs.think_time))
            })
            .or_else(|| self.display_search(needs.think_time))
    }

    /// `job` on `board` with the budget such a job gets.
    pub(super) fn with_budget(&self, board: Board, job: Job) -> Wanted {
        let node_budget = match job {
            Job::CountSearches => COUNT_LIMIT,
            Job::Trace { .. } => self.trace_limit,
            Job::Cutoff { .. } => CUTOFF_LIMIT,
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
        if computer && let Some((iterations, seed)) = needs.mcts {
            let known = self.known.mcts_choice(&board, seed, iterations).is_some();
            return (!known).then_some((board, Job::Mcts { iterations, seed }));
        }
        if computer && let Some(depth) = needs.limited_depth {
            let known = self.known.estimate(&board, Some(depth)).is_some();
            let job = Job::Estimate {
                depth: Some(depth),
                time: needs.think_time,
            };
            return (!known).then_some((board, job));
        }
        let needed = computer || needs.scores_for_human;
        if !needed || self.known.analysis(&board).is_some() {
            return None;
        }
        if self.known.gave_up(&board).is_none() {
            return Some((board, analyze_job(&board, needs.think_time)));
        }
        // The exact search gave up before the think time ran out: the computer still needs a
        // move.
        let job = Job::Estimate {
            depth: None,
            time: needs.think_time,
        };
        let fresh = self.known.fresh_estimate(&board, needs.turn).is_some();
        (computer && !fresh).then_some((board, job))
    }

    /// The search the display wants, after the game's: the practice positions, the trace, the
    /// cutoff view's search (a fraction of a second), the analyses asked for, the reviewed
    /// game's positions, and last the explorer's counts.
    fn display_search(&self, think_time: Duration) -> Option<Wanted> {
        let exercises = || {
            let wanted = self.wants.exercises && self.known.exercises().is_none();
            wanted.then(|| self.with_budget(Board::classic(), Job::Exercises))
        };
        let trace = || {
            let log = self.trace.filter(|log| log.result.is_none())?;
            let skip = log.events.len();
            let job = Job::Trace {
                algorithm: log.algorithm,
                skip,
            };
            Some(self.with_budget(log.board, job))
        };
        // A position of the reviewed game is searched as the review searches it, whoever asks.
        let search = |board: Board| {
            if self.wants.reviewed.contains(&board) {
                self.review_search(board, think_time)
            } else {
                self.with_budget(board, analyze_job(&board, think_time))
            }
        };
        // The first of `boards` whose scores are not known yet.
        let first_unknown = |boards: &[Board]| {
            let board = boards.iter().copied().find(|b| self.known.unknown(b))?;
            Some(search(board))
        };
        let also_wanted = || first_unknown(&self.wants.analyses);
        let reviewed = || first_unknown(&self.wants.reviewed);
        let counts = || {
            let board = self.wants.counts.filter(|b| !b.outcome().is_over())?;
            self.known
                .counts(&board)
                .is_none()
                .then(|| self.with_budget(board, Job::CountSearches))
        };
        let cutoff = || {
            let search = self.wants.cutoff.filter(|s| !s.board.outcome().is_over())?;
            let known = self.known.cutoff(&search).is_some();
            (!known).then(|| self.with_budget(search.board, search.job()))
        };
        // A match the player started: seconds at most, and on 3×3 whatever the board.
        let matched = || {
            let search = self.wants.matched?;
            let played = self.known.match_is_played(&search);
            (!played).then(|| self.with_budget(Board::classic(), search.job()))
        };
        exercises()
            .or_else(trace)
            .or_else(cutoff)
            .or_else(matched)
            .or_else(also_wanted)
            .or_else(reviewed)
            .or_else(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::super::needs::{CutoffSearch, MatchSearch, TRACE_LIMIT};
    use super::*;
    use crate::engine::board::Geometry;
    use crate::engine::contest::Contestant;
    use crate::engine::minimax::Solver;
    use crate::engine::minimax::{Evaluation, Stop};
    use crate::game::worker::MatchSoFar;
    use crate::learn::trace::TraceAlgorithm;

    const THINK: Duration = Duration::from_secs(2);

    fn board(notation: &str) -> Board {
        notation.parse().unwrap()
    }

    /// The game's needs on `board`: nobody waiting on a search unless a test says so.
    fn needs(board: Board) -> GameNeeds {
        GameNeeds {
            board,
            computer_to_move: false,
            scores_for_human: false,
            limited_depth: None,
            mcts: None,
            think_time: THINK,
            turn: 0,
            finished_positions: None,
        }
    }

    fn schedule<'a>(known: &'a Known, wants: &'a DisplayWants) -> Schedule<'a> {
        Schedule {
            known,
            wants,
            trace: None,
            trace_limit: TRACE_LIMIT,
            review_budget: 1_000,
        }
    }

    #[test]
    fn the_computers_move_comes_before_what_the_display_wants() {
        let (known, on_board, shown) =
            (Known::default(), board("X../.O./..."), board("XO./.../..."));
        let wants = DisplayWants {
            analyses: vec![shown],
            exercises: true,
            ..DisplayWants::default()
        };
        let mut game = needs(on_board);
        game.computer_to_move = true;
        let next = schedule(&known, &wants).next_search(&game).unwrap();
        assert_eq!(next.board, on_board);
        assert_eq!(next.job, Job::Analyze { think_time: None });
        // Nothing for the game: the display's wants, the practice positions first.
        let next = schedule(&known, &wants)
            .next_search(&needs(on_board))
            .unwrap();
        assert_eq!((next.board, next.job), (Board::classic(), Job::Exercises));
    }

    #[test]
    fn what_is_known_is_not_searched_again_and_the_rest_comes_in_order() {
        let (first, second) = (board("XO./.../..."), board("X../.O./..."));
        let cutoff = CutoffSearch {
            board: second,
            plies: 3,
            evaluation: Evaluation::OpenLines,
        };
        let mut known = Known::default();
        known.add_analysis(Solver::new().analyze(&first));
        let matched = MatchSearch {
            x: Contestant::Mcts { iterations: 1_000 },
            o: Contestant::Minimax(crate::engine::ai::Difficulty::Perfect),
            games: 10,
            seed: 1,
        };
        let wants = DisplayWants {
            analyses: vec![first, second],
            reviewed: vec![first],
            counts: Some(first),
            exercises: false,
            cutoff: Some(cutoff),
            matched: Some(matched),
        };
        // The cutoff view's search first: a fraction of a second, within its own budget.
        let next = schedule(&known, &wants).next_search(&needs(first)).unwrap();
        assert_eq!((next.board, next.job), (second, cutoff.job()));
        assert_eq!(next.node_budget, CUTOFF_LIMIT);
        known.add_cutoff(
            cutoff,
            Err(Stop::NodeBudget {
                limit: CUTOFF_LIMIT,
            }),
        );
        // Then the MCTS view's match (on 3×3, whatever the board), until every game is played.
        let next = schedule(&known, &wants).next_search(&needs(first)).unwrap();
        assert_eq!((next.board, next.job), (Board::classic(), matched.job()));
        let so_far = |played| MatchSoFar {
            played,
            ..MatchSoFar::default()
        };
        known.add_match(matched, so_far(9));
        let next = schedule(&known, &wants).next_search(&needs(first)).unwrap();
        assert_eq!(next.job, matched.job(), "a game is still to play");
        known.add_match(matched, so_far(10));
        let next = schedule(&known, &wants).next_search(&needs(first)).unwrap();
        assert_eq!(next.board, second);
        known.add_analysis(Solver::new().analyze(&second));
        // Both analysed, the reviewed game's position too: the explorer's counts, last.
        let next = schedule(&known, &wants).next_search(&needs(first)).unwrap();
        assert_eq!((next.board, next.job), (first, Job::CountSearches));
        assert_eq!(next.node_budget, COUNT_LIMIT);
    }

    #[test]
    fn a_reviewed_large_board_is_searched_exactly_within_the_reviews_budget() {
        let large = Board::empty(
            Geometry::new(4, 4, 4).unwrap(),
            crate::engine::board::Mark::X,
        );
        let known = Known::default();
        let wants = DisplayWants {
            reviewed: vec![large],
            ..DisplayWants::default()
        };
        let next = schedule(&known, &wants).next_search(&needs(large)).unwrap();
        assert_eq!(next.job, Job::Analyze { think_time: None });
        assert_eq!(next.node_budget, 1_000);
        // Asked for by the display as well, it is still searched as the review searches it.
        let also = DisplayWants {
            analyses: vec![large],
            ..wants
        };
        let next = schedule(&known, &also).next_search(&needs(large)).unwrap();
        assert_eq!(
            (next.job, next.node_budget),
            (Job::Analyze { think_time: None }, 1_000)
        );
    }

    #[test]
    fn a_trace_is_resumed_after_its_recorded_events_within_its_limit() {
        let start = board("XO./.X./O..");
        let log = TraceLog {
            board: start,
            algorithm: TraceAlgorithm::Plain,
            events: Vec::new(),
            result: None,
        };
        let (known, wants) = (Known::default(), DisplayWants::default());
        let with_trace = Schedule {
            trace: Some(&log),
            ..schedule(&known, &wants)
        };
        let next = with_trace.next_search(&needs(start)).unwrap();
        let job = Job::Trace {
            algorithm: TraceAlgorithm::Plain,
            skip: 0,
        };
        assert_eq!(
            (next.board, next.job, next.node_budget),
            (start, job, TRACE_LIMIT)
        );
        // Nothing wanted at all: no search.
        assert_eq!(schedule(&known, &wants).next_search(&needs(start)), None);
    }
}
