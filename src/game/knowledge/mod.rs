//! What is known of each position the game and the display have asked about (analyses,
//! estimates, searches given up on, the three searches' counts, practice positions, a trace), and
//! which search to ask the worker for next. The match ([`super::GameController`]) says what the
//! game itself needs (`needs.rs`); the display adds what it wants to show (`wants.rs`); the
//! answers are kept in `known.rs`, and `schedule.rs` orders the searches over the two, with no
//! worker of its own. [`Knowledge`] holds them with the worker and the search under way.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use crate::engine::ai::{AiPlayer, Difficulty};
use crate::engine::board::{Board, Cell};
use crate::engine::clock::Clock;
use crate::engine::minimax::{self, Estimate, MoveBound, MoveScore, MovesSoFar, Stop};
use crate::game::worker::{AnalysisProgress, Job, Reply, Request, RequestId, SearchWorker};
use crate::learn::review::REVIEW_NODE_BUDGET;
use crate::learn::trace::TraceAlgorithm;
use crate::platform::Instant;

mod known;
mod needs;
mod schedule;
mod wants;

pub(super) use known::Known;
pub use known::TraceLog;
pub use needs::{COUNT_LIMIT, CUTOFF_LIMIT, CutoffSearch, MatchSearch, TRACE_LIMIT};
pub(super) use needs::{GameNeeds, Wanted, is_large, limited_depth};
use schedule::Schedule;
use wants::DisplayWants;

/// What the computer's choice rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Exact scores (seen through the difficulty's horizon on 3×3).
    Exact,
    /// The exact search had not finished, but one move's exact score was proven best: no other
    /// move could score more (each had an exact score or a bound at most that one).
    ProvenBest,
    /// The exact search did not finish in the think time: the best estimate of a search that
    /// looked `depth` plies ahead, with the moves already proven taken into account. Not proven.
    Unproven {
        depth: u32,
        /// Why the exact search had not finished: its share of the think time ran out
        /// ([`Stop::TimeLimit`]) or it gave up after its budget of positions.
        reason: Stop,
    },
    /// The difficulty's depth-limited search on a board larger than 3×3, `depth` plies ahead.
    DepthLimited { depth: u32 },
    /// A Monte Carlo level's search: the move visited most in `iterations` iterations.
    MonteCarlo { iterations: u64 },
}

/// What is known of the moves of a position whose exact search is running or stopped: the
/// exact scores settled so far, bounds on others, and the estimates made when the think time
/// ran out, for the overlay.
#[derive(Debug, Clone, Copy)]
pub struct PartialScores<'a> {
    pub board: Board,
    pub settled: &'a [MoveScore],
    pub bounds: &'a [MoveBound],
    pub estimate: Option<&'a Estimate>,
}

impl<'a> PartialScores<'a> {
    /// The settled moves proven best so far (see [`minimax::proven_best`]).
    pub fn proven_best(&self) -> Vec<&'a MoveScore> {
        minimax::proven_best(&self.board, self.settled, self.bounds)
    }

    /// How many moves have an exact score so far: the one number the status line ("n of m moves
    /// settled") and the legend ("n of m moves have an exact score") both show.
    pub fn settled_count(&self) -> usize {
        self.settled.len()
    }
}

/// A search the worker is running for us.
pub(super) struct InFlight {
    pub(super) id: RequestId,
    pub(super) board: Board,
    pub(super) job: Job,
    started: Instant,
    /// Its moves settled so far and bounds on the others, for a partial display.
    moves: MovesSoFar,
    /// A Monte Carlo search's iterations run, as the worker last said.
    iterations_done: u64,
}

/// What is known per position, what is wanted, and the search under way to know more.
pub(super) struct Knowledge {
    worker: SearchWorker,
    clock: Arc<dyn Clock>,
    pub(super) trace_limit: u64,
    /// Replies taken from the worker by [`Knowledge::wait_for_worker`], not yet acted on.
    replies: VecDeque<Reply>,
    pub(super) in_flight: Option<InFlight>,
    known: Known,
    wants: DisplayWants,
    /// The trace wanted, as far as it has been recorded.
    trace: Option<TraceLog>,
    pub(super) review_budget: u64,
    /// Whether an answer from the worker changed what there is to show since
    /// [`Knowledge::take_news`] was last asked.
    news: bool,
}

impl Knowledge {
    /// Starts the worker; `wake` is called from its thread when an answer arrives.
    pub(super) fn new(
        clock: Arc<dyn Clock>,
        trace_limit: u64,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Knowledge {
        Knowledge {
            worker: SearchWorker::spawn_with_clock(Arc::clone(&clock), wake),
            clock,
            trace_limit,
            replies: VecDeque::new(),
            in_flight: None,
            known: Known::default(),
            wants: DisplayWants::default(),
            trace: None,
            review_budget: REVIEW_NODE_BUDGET,
            news: false,
        }
    }

    // --- what is known ---

    /// The worker's answers kept: analyses, estimates, searches given up on, counts, practice
    /// positions, depth-limited searches, matches (read through [`Known`]'s own getters).
    pub(super) fn known(&self) -> &Known {
        &self.known
    }

    /// How long the search for `board` has been running.
    pub(super) fn search_elapsed(&self, board: &Board) -> Option<Duration> {
        let search = self.in_flight.as_ref()?;
        (search.board == *board).then(|| self.clock.now().saturating_duration_since(search.started))
    }

    /// The moves of `board` settled so far while its search runs.
    pub(super) fn settled_so_far(&self, board: &Board) -> &[MoveScore] {
        match &self.in_flight {
            Some(search) if search.board == *board => &search.moves.settled,
            _ => &[],
        }
    }

    /// What is known of the moves of `board` before its exact scores are all known: while its
    /// search runs, or after it gave up. `None` once the analysis is complete.
    pub(super) fn partial_scores(&self, board: &Board) -> Option<PartialScores<'_>> {
        let board = *board;
        if self.known.analysis(&board).is_some() || board.outcome().is_over() {
            return None;
        }
        let estimate = self
            .known
            .estimate(&board, None)
            .map(|(estimate, _)| estimate);
        let (settled, bounds) = match (&self.in_flight, self.known.gave_up(&board)) {
            (Some(search), _)
                if search.board == board && matches!(search.job, Job::Analyze { .. }) =>
            {
                (&search.moves.settled[..], &search.moves.bounds[..])
            }
            (_, Some(stopped)) => (&stopped.partial.moves[..], &stopped.bounds[..]),
            _ if estimate.is_some() => (&[][..], &[][..]),
            _ => return None,
        };
        Some(PartialScores {
            board,
            settled,
            bounds,
            estimate,
        })
    }

    /// How far the exact search for `board` has got, while it runs: the positions from the
    /// worker, the moves settled as the overlay and the legend have them
    /// ([`PartialScores::settled_count`]), not the worker's own count, which runs ahead of the
    /// replies taken in and starts again with each exact phase.
    pub(super) fn progress(&self, board: &Board) -> Option<AnalysisProgress> {
        let search = self.in_flight.as_ref()?;
        let (id, mut progress) = self.worker.progress()?;
        let exact = matches!(search.job, Job::Analyze { .. });
        if id != search.id || search.board != *board || !exact {
            return None;
        }
        let partial = self.partial_scores(board)?;
        progress.exact.settled = partial.settled_count();
        progress.exact.moves = board.legal_moves().count();
        Some(progress)
    }

    /// How many positions the depth-limited `search` has visited, while it runs.
    pub(super) fn cutoff_progress(&self, search: &CutoffSearch) -> Option<u64> {
        let running = self.in_flight.as_ref()?;
        if running.board != search.board || running.job != search.job() {
            return None;
        }
        let (id, progress) = self.worker.progress()?;
        (id == running.id).then_some(progress.exact.nodes)
    }

    pub(super) fn trace(&self) -> Option<&TraceLog> {
        self.trace.as_ref()
    }

    /// How many of its iterations the Monte Carlo search of `board` has run, and of how many,
    /// while it runs.
    pub(super) fn mcts_progress(&self, board: &Board) -> Option<(u64, u64)> {
        let search = self.in_flight.as_ref().filter(|s| s.board == *board)?;
        match search.job {
            Job::Mcts { iterations, .. } => Some((search.iterations_done, iterations)),
            _ => None,
        }
    }

    /// Forgets the match played, so that the next one asked for is played from its start.
    pub(super) fn forget_match(&mut self) {
        self.known.forget_match();
    }

    /// Whether a search is running or an answer waits to be taken in.
    pub(super) fn is_busy(&self) -> bool {
        self.in_flight.is_some() || !self.replies.is_empty()
    }

    // --- what the computer may choose among ---

    /// The estimate of `board`'s moves made on `turn` (its think time ran out), if any.
    pub(in crate::game) fn fresh_estimate(&self, board: &Board, turn: u64) -> Option<&Estimate> {
        self.known.fresh_estimate(board, turn)
    }

    /// The moves the computer at `difficulty` may choose among on `board`, on turn `turn`, and what
    /// they rest on: a Monte Carlo level's move (its search seeded with `seed`), its
    /// depth-limited estimate, the exact analysis, the moves proven best before it is complete,
    /// or else the estimate made when this turn's think time ran out. `None` while none of them
    /// is known.
    pub(in crate::game) fn candidates(
        &self,
        board: &Board,
        difficulty: Difficulty,
        turn: u64,
        seed: u64,
    ) -> Option<(Vec<Cell>, Basis)> {
        if let Some(iterations) = difficulty.mcts_iterations() {
            let cell = self.known.mcts_choice(board, seed, iterations)?;
            Some((vec![cell], Basis::MonteCarlo { iterations }))
        } else if let Some(depth) = limited_depth(difficulty, board) {
            let (estimate, _) = self.known.estimate(board, Some(depth))?;
            let best = estimate.best_moves().map(|m| m.cell).collect();
            Some((best, Basis::DepthLimited { depth }))
        } else if let Some(analysis) = self.known.analysis(board) {
            Some((AiPlayer::candidates(analysis, difficulty), Basis::Exact))
        } else if let Some(proven) = self.proven_best(board) {
            Some((proven, Basis::ProvenBest))
        } else {
            let estimate = self.fresh_estimate(board, turn)?;
            let settled = self
                .partial_scores(board)
                .map_or(&[][..], |known| known.settled);
            let reason = (self.known)
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

    /// The search needed and not done, most needed first (see [`Schedule::next_search`]).
    pub(in crate::game) fn next_search(&self, needs: &GameNeeds) -> Option<Wanted> {
        self.schedule().next_search(needs)
    }

    /// The order of the searches, over what is known and wanted now.
    fn schedule(&self) -> Schedule<'_> {
        Schedule {
            known: &self.known,
            wants: &self.wants,
            trace: self.trace.as_ref(),
            trace_limit: self.trace_limit,
            review_budget: self.review_budget,
        }
    }

    // --- what the display wants ---

    pub(super) fn want_analyses(&mut self, boards: Vec<Board>) {
        self.wants.analyses = boards;
    }

    /// The positions before each move of the game under review; they are searched after the
    /// analyses the display wants (and before the explorer's counts), each within the review's
    /// budget.
    pub(super) fn want_review(&mut self, boards: Vec<Board>) {
        self.wants.reviewed = boards;
    }

    pub(super) fn want_counts(&mut self, board: Option<Board>) {
        self.wants.counts = board;
    }

    pub(super) fn want_exercises(&mut self, wanted: bool) {
        self.wants.exercises = wanted;
    }

    pub(super) fn want_cutoff(&mut self, search: Option<CutoffSearch>) {
        self.wants.cutoff = search;
    }

    pub(super) fn want_match(&mut self, search: Option<MatchSearch>) {
        self.wants.matched = search;
    }

    /// A new trace drops the one recorded before.
    pub(super) fn want_trace(&mut self, trace: Option<(Board, TraceAlgorithm)>) {
        let current = self.trace.as_ref().map(|log| (log.board, log.algorithm));
        if current != trace {
            self.trace = trace.map(|(board, algorithm)| TraceLog {
                board,
                algorithm,
                events: Vec::new(),
                result: None,
            });
        }
    }

    // --- the loop ---

    /// Takes in every answer that has arrived; estimates are stamped with `turn`.
    pub(super) fn take_in(&mut self, turn: u64) {
        while let Some(reply) = self.replies.pop_front().or_else(|| self.worker.try_reply()) {
            self.receive(reply, turn);
            self.news = true;
        }
    }

    /// Whether answers taken in since the last call changed what there is to show.
    pub(super) fn take_news(&mut self) -> bool {
        std::mem::take(&mut self.news)
    }

    /// Waits up to `timeout` for the worker's next answer; `false` if none came.
    pub(super) fn wait_for_worker(&mut self, timeout: Duration) -> bool {
        match self.worker.wait_reply(timeout) {
            Some(reply) => {
                self.replies.push_back(reply);
                true
            }
            None => false,
        }
    }

    pub(super) fn receive(&mut self, reply: Reply, turn: u64) {
        match reply {
            Reply::Settled { id, settled, .. } => {
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id) {
                    search.moves.settle(settled);
                }
            }
            Reply::Bounded { id, bound, .. } => {
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id) {
                    search.moves.bound(bound);
                }
            }
            Reply::Done { id, analysis } => {
                self.ended_by(id);
                // Kept even if no longer awaited: it is exact, and undo may bring it back.
                self.known.add_analysis(analysis);
            }
            Reply::GaveUp { id, stopped } => {
                self.ended_by(id);
                self.known.add_gave_up(stopped);
            }
            Reply::Estimated { id, estimate } => {
                // Kept only if still wanted: the search goes on, and the key says which kind.
                if let Some(search) = self.in_flight.as_ref().filter(|s| s.id == id) {
                    let depth = match search.job {
                        Job::Estimate { depth, .. } => depth,
                        _ => None,
                    };
                    if matches!(search.job, Job::Estimate { .. }) {
                        self.in_flight = None;
                    }
                    self.known.add_estimate(depth, estimate, turn);
                }
            }
            Reply::Counted { id, board, counts } => {
                self.ended_by(id);
                self.known.add_counts(board, counts);
            }
            Reply::Cutoff {
                id,
                board,
                plies,
                evaluation,
                result,
            } => {
                // A search no longer awaited is dropped: its depth or evaluation changed.
                if self.ended_by(id) {
                    let search = CutoffSearch {
                        board,
                        plies,
                        evaluation,
                    };
                    self.known.add_cutoff(search, result);
                }
            }
            Reply::MctsChose {
                id,
                board,
                seed,
                iterations,
                cell,
            } => {
                self.ended_by(id);
                self.known.add_mcts_choice(board, seed, iterations, cell);
            }
            Reply::MctsProgress { id, done } => {
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id) {
                    search.iterations_done = done;
                }
            }
            Reply::MatchPlayed { id, so_far } => {
                // A match no longer awaited (stopped, or asked again) is dropped.
                if let Some(search) = self.in_flight.as_ref().filter(|s| s.id == id)
                    && let Job::Match { x, o, games, seed } = search.job
                {
                    if so_far.played >= games {
                        self.in_flight = None;
                    }
                    let search = MatchSearch { x, o, games, seed };
                    self.known.add_match(search, so_far);
                }
            }
            Reply::Exercises { id, exercises, .. } => {
                if self.ended_by(id) {
                    self.known.add_exercises(exercises);
                }
            }
            Reply::TraceEvents { id, events } => {
                if self.in_flight.as_ref().is_some_and(|s| s.id == id)
                    && let Some(log) = &mut self.trace
                {
                    log.events.extend(events);
                }
            }
            Reply::TraceDone { id, result } => {
                if self.ended_by(id)
                    && let Some(log) = &mut self.trace
                {
                    log.result = Some(result);
                }
            }
        }
    }

    /// Whether the reply to request `id` ends the search in flight, which then is no more.
    fn ended_by(&mut self, id: RequestId) -> bool {
        let ours = self.in_flight.as_ref().is_some_and(|s| s.id == id);
        if ours {
            self.in_flight = None;
        }
        ours
    }

    /// Asks the worker for `wanted`, unless it is already under way; `None` stops the search.
    pub(super) fn ask(&mut self, wanted: Option<Wanted>) {
        let running = self
            .in_flight
            .as_ref()
            .map(|search| (search.board, search.job));
        let same = match (wanted, running) {
            (Some(wanted), Some((running_board, running_job))) => {
                wanted.board == running_board && wanted.job.same_work(running_job)
            }
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        self.in_flight = wanted.map(
            |Wanted {
                 board,
                 job,
                 node_budget,
             }| InFlight {
                id: self.worker.submit(Request {
                    board,
                    job,
                    node_budget,
                }),
                board,
                job,
                started: self.clock.now(),
                moves: MovesSoFar::default(),
                iterations_done: 0,
            },
        );
        if wanted.is_none() {
            self.worker.cancel_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::needs::analyze_job;
    use super::*;
    use crate::engine::board::Geometry;
    use crate::engine::clock::ManualClock;
    use crate::engine::score::Score;
    use crate::game::worker::MatchSoFar;

    /// The cutoff view's numbers are kept only from the search asked for: an answer to one
    /// whose depth changed meanwhile is dropped, and the one asked for now is kept.
    #[test]
    fn a_stale_cutoff_answer_is_dropped() {
        let mut knowledge = Knowledge::new(Arc::new(ManualClock::new()), TRACE_LIMIT, || {});
        let board: Board = "X.O/.../...".parse().unwrap();
        let search = |plies| CutoffSearch {
            board,
            plies,
            evaluation: minimax::Evaluation::OpenLines,
        };
        let answer = |id, plies| Reply::Cutoff {
            id,
            board,
            plies,
            evaluation: minimax::Evaluation::OpenLines,
            result: Ok(Vec::new()),
        };
        knowledge.ask(Some(
            knowledge.schedule().with_budget(board, search(2).job()),
        ));
        let stale = knowledge.in_flight.as_ref().unwrap().id;
        knowledge.ask(Some(
            knowledge.schedule().with_budget(board, search(3).job()),
        ));
        let asked = knowledge.in_flight.as_ref().unwrap().id;
        assert_ne!(stale, asked);
        knowledge.receive(answer(stale, 2), 0);
        assert!(
            knowledge.known().cutoff(&search(2)).is_none(),
            "no longer awaited"
        );
        assert!(knowledge.in_flight.is_some(), "depth 3 is still awaited");
        knowledge.receive(answer(asked, 3), 0);
        assert_eq!(knowledge.known().cutoff(&search(3)), Some(&Ok(Vec::new())));
        assert!(knowledge.in_flight.is_none());
    }

    /// The MCTS view's match is kept only from the match asked for: games of one stopped (or
    /// replaced) meanwhile are dropped; each game of the one asked for is kept as it comes, and
    /// the last ends the search.
    #[test]
    fn a_stale_match_answer_is_dropped() {
        use crate::engine::ai::Difficulty;
        use crate::engine::contest::{Contestant, Tally};
        let mut knowledge = Knowledge::new(Arc::new(ManualClock::new()), TRACE_LIMIT, || {});
        let search = |seed| MatchSearch {
            x: Contestant::Mcts { iterations: 1_000 },
            o: Contestant::Minimax(Difficulty::Perfect),
            games: 2,
            seed,
        };
        let played = |id, played| Reply::MatchPlayed {
            id,
            so_far: MatchSoFar {
                played,
                x: Tally {
                    draws: played,
                    ..Tally::default()
                },
                o: Tally::default(),
            },
        };
        let ask = |knowledge: &mut Knowledge, seed| {
            let board = Board::classic();
            knowledge.ask(Some(
                knowledge.schedule().with_budget(board, search(seed).job()),
            ));
            knowledge.in_flight.as_ref().unwrap().id
        };
        let stale = ask(&mut knowledge, 1);
        let asked = ask(&mut knowledge, 2);
        knowledge.receive(played(stale, 1), 0);
        assert!(
            knowledge.known().match_so_far(&search(1)).is_none(),
            "no longer awaited"
        );
        knowledge.receive(played(asked, 1), 0);
        assert_eq!(
            knowledge.known().match_so_far(&search(2)).unwrap().played,
            1
        );
        assert!(knowledge.in_flight.is_some(), "a game is still to play");
        knowledge.receive(played(asked, 2), 0);
        assert_eq!(
            knowledge.known().match_so_far(&search(2)).unwrap().x.draws,
            2
        );
        assert!(knowledge.in_flight.is_none());
        // Stopped: nothing is asked for, and a late game changes nothing.
        knowledge.forget_match();
        let stopped = ask(&mut knowledge, 2);
        knowledge.ask(None);
        knowledge.receive(played(stopped, 1), 0);
        assert!(knowledge.known().match_so_far(&search(2)).is_none());
    }

    /// A Monte Carlo level's progress is the last its search reported, only for the position
    /// it searches.
    #[test]
    fn a_monte_carlo_search_s_progress_is_its_last_report() {
        let mut knowledge = Knowledge::new(Arc::new(ManualClock::new()), TRACE_LIMIT, || {});
        let board: Board = "X../.../...".parse().unwrap();
        let job = Job::Mcts {
            iterations: 10_000,
            seed: 4,
        };
        knowledge.ask(Some(knowledge.schedule().with_budget(board, job)));
        let id = knowledge.in_flight.as_ref().unwrap().id;
        assert_eq!(knowledge.mcts_progress(&board), Some((0, 10_000)));
        knowledge.receive(Reply::MctsProgress { id, done: 3_072 }, 0);
        assert_eq!(knowledge.mcts_progress(&board), Some((3_072, 10_000)));
        knowledge.receive(
            Reply::MctsProgress {
                id: id + 1,
                done: 9_000,
            },
            0,
        );
        assert_eq!(knowledge.mcts_progress(&board), Some((3_072, 10_000)));
        assert_eq!(knowledge.mcts_progress(&Board::classic()), None);
        knowledge.ask(None);
        assert_eq!(knowledge.mcts_progress(&board), None);
    }

    /// On 7×7 the status once said "1 of 47 moves settled" while the legend said "2
    /// of 47 moves have an exact score": the exact phase after the estimates settled again the
    /// move the first phase had settled, and the status counted the worker's moves while the
    /// legend counted the replies. Both now show [`PartialScores::settled_count`], each move once.
    #[test]
    fn the_status_and_the_legend_count_the_same_settled_moves() {
        // A manual clock that never moves: the exact search on the open 7×7 board runs on (its
        // budget of positions takes minutes) and settles nothing of its own during the test.
        let clock = Arc::new(ManualClock::new());
        let mut knowledge = Knowledge::new(clock, TRACE_LIMIT, || {});
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let mut board = Board::empty(geometry, crate::engine::board::Mark::X);
        board.play(Cell::new(3, 3)).unwrap();
        board.play(Cell::new(3, 4)).unwrap();
        assert_eq!(board.legal_moves().count(), 47);
        let job = analyze_job(&board, Duration::from_secs(5));
        knowledge.ask(Some(knowledge.schedule().with_budget(board, job)));
        let id = knowledge.in_flight.as_ref().unwrap().id;
        // The worker takes the request on its own thread.
        while knowledge.progress(&board).is_none() {
            crate::platform::threads::sleep(Duration::from_millis(1));
        }
        let one = MoveScore {
            cell: Cell::new(0, 0),
            score: Score::DRAW,
            pv: Vec::new(),
        };
        // Settled in the first exact phase, then again in the one after the estimates.
        for _ in 0..2 {
            knowledge.receive(
                Reply::Settled {
                    id,
                    board,
                    settled: one.clone(),
                },
                0,
            );
        }
        let legend = knowledge.partial_scores(&board).unwrap().settled_count();
        let status = knowledge.progress(&board).unwrap().exact;
        assert_eq!(legend, 1);
        assert_eq!((status.settled, status.moves), (legend, 47));
    }
}
