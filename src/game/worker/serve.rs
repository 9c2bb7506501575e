//! Serving requests: the searches and what they keep from one request to the next, and the
//! state shared with whoever asks (the request waiting and the one under way). The desktop's
//! search thread and the browser's Web Worker both serve through [`Searches::serve_waiting`].

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use super::protocol::{
    AnalysisProgress, Job, MCTS_PROGRESS_EVERY, MatchSoFar, Reply, Request, RequestId,
};
use crate::engine::ai;
use crate::engine::board::Board;
use crate::engine::clock::Clock;
use crate::engine::contest::{Contestant, MatchPlay};
use crate::engine::minimax::{
    Analysis, Estimator, Progress, RootReport, SearchControl, Solver, Stop, Stopped, ThinkTime,
    Watcher, count_searches, depth_limited,
};
use crate::learn::practice;
use crate::learn::trace::{self, TraceAlgorithm};
use crate::platform;

#[derive(Default)]
struct State {
    waiting: Option<(RequestId, Request)>,
    running: Option<Running>,
}

/// The request under way.
struct Running {
    id: RequestId,
    /// The control of the phase under way: cancelling it stops the request.
    control: Arc<SearchControl>,
    /// For an exact analysis, its progress over its phases; for a cutoff search, its one
    /// phase's (the positions it has visited, for the view's "searching…").
    exact: Option<ExactProgress>,
}

/// How far an exact analysis has got across its phases: the exact search, the estimates made
/// when it runs out of its share of the think time, and the exact search again.
struct ExactProgress {
    /// What the exact search had done before its current phase.
    carried: Progress,
    /// The exact search's control while it runs; `None` while the estimates are made.
    live: Option<Arc<SearchControl>>,
}

impl ExactProgress {
    /// What has been done once `live`, the exact phase ending, is counted in.
    fn now_with(&self, live: &SearchControl) -> Progress {
        let live = live.progress();
        Progress {
            nodes: self.carried.nodes + live.nodes,
            settled: self.carried.settled.max(live.settled),
            moves: self.carried.moves.max(live.moves),
        }
    }

    fn now(&self) -> AnalysisProgress {
        let exact = match &self.live {
            None => self.carried,
            Some(live) => self.now_with(live),
        };
        AnalysisProgress {
            exact,
            estimating: self.live.is_none(),
        }
    }
}

/// What the searches share with the handle that asks for them.
#[derive(Default)]
pub(super) struct Shared {
    state: Mutex<State>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic on the search thread leaves the state as consistent as before it.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Asks for `request` as `id`, replacing whatever was asked before: the search under way is
    /// cancelled and a request still waiting is dropped.
    pub(super) fn ask(&self, id: RequestId, request: Request) {
        let mut state = self.lock();
        state.waiting = Some((id, request));
        if let Some(running) = &state.running {
            running.control.cancel();
        }
    }

    /// Drops every request: the search under way stops and nothing waits.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn cancel_all(&self) {
        let mut state = self.lock();
        state.waiting = None;
        if let Some(running) = &state.running {
            running.control.cancel();
        }
    }

    /// The request being searched now, if any.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn running(&self) -> Option<RequestId> {
        self.lock().running.as_ref().map(|running| running.id)
    }

    /// The exact analysis under way and how far it has got, over all its phases.
    pub(super) fn progress(&self) -> Option<(RequestId, AnalysisProgress)> {
        let state = self.lock();
        let running = state.running.as_ref()?;
        Some((running.id, running.exact.as_ref()?.now()))
    }

    /// Takes the request waiting, if any, and marks it running under a new control.
    fn start_next(
        &self,
        clock: &Arc<dyn Clock>,
        watcher: Option<&Watcher>,
    ) -> Option<(RequestId, Request, Arc<SearchControl>)> {
        let mut state = self.lock();
        let (id, request) = state.waiting.take()?;
        let mut control =
            SearchControl::with_node_budget(request.node_budget).with_clock(Arc::clone(clock));
        if let Some(watcher) = watcher {
            control = control.with_watcher(watcher.clone());
        }
        if let Job::Analyze {
            think_time: Some(think_time),
        } = request.job
        {
            control = control.with_time_limit(ThinkTime::new(think_time).exact_share());
        }
        let control = Arc::new(control);
        let exact = matches!(request.job, Job::Analyze { .. } | Job::Cutoff { .. }).then(|| {
            ExactProgress {
                carried: Progress::default(),
                live: Some(Arc::clone(&control)),
            }
        });
        state.running = Some(Running {
            id,
            control: Arc::clone(&control),
            exact,
        });
        Some((id, request, control))
    }
}

/// How many threads the exact search may take where it could take `cores` (one per core): one
/// fewer, so that drawing the window never waits for a core, and at least one.
fn threads_leaving_one_core(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

/// Sends a reply; `false` once nobody listens.
pub(super) type SendReply<'a> = &'a (dyn Fn(Reply) -> bool + Sync);

/// What the worker keeps from one request to the next.
pub(super) struct Searches {
    /// One table for the whole session: positions repeat across games, so later searches are
    /// nearly free.
    solver: Solver,
    estimator: Estimator,
    clock: Arc<dyn Clock>,
    /// Put on every search's control (the Web Worker's progress reports).
    watcher: Option<Watcher>,
}

impl Searches {
    /// Searches timing think times on `clock`.
    pub(super) fn new(clock: Arc<dyn Clock>) -> Searches {
        // The window keeps a core of its own.
        let threads = threads_leaving_one_core(platform::cores());
        Searches {
            // The computer waits for a proven best move, not for every score.
            solver: Solver::new()
                .with_threads(threads)
                .with_best_move_first(true),
            estimator: Estimator::new(),
            clock,
            watcher: None,
        }
    }

    /// The same searches, calling `watcher` now and then while each runs.
    #[cfg(any(test, target_arch = "wasm32"))]
    pub(super) fn with_watcher(mut self, watcher: Watcher) -> Searches {
        self.watcher = Some(watcher);
        self
    }

    /// Serves the requests waiting in `shared`, the newest each time, until none waits, sending
    /// every answer; `false` once nobody listens.
    pub(super) fn serve_waiting(&mut self, shared: &Shared, send: SendReply) -> bool {
        while let Some((id, request, control)) =
            shared.start_next(&self.clock, self.watcher.as_ref())
        {
            let reply = self.run(shared, id, request, &control, send);
            shared.lock().running = None;
            if let Some(reply) = reply
                && !send(reply)
            {
                return false;
            }
        }
        true
    }

    /// Runs `request` under `control`, sending what comes along the way; returns the last
    /// answer, or `None` when nobody wants one (cancelled, replaced).
    fn run(
        &mut self,
        shared: &Shared,
        id: RequestId,
        request: Request,
        control: &Arc<SearchControl>,
        send: SendReply,
    ) -> Option<Reply> {
        let board = request.board;
        match request.job {
            Job::Analyze { think_time } => {
                self.analyze(shared, id, board, think_time, control, send)
            }
            Job::Estimate { depth, time } => self.estimate(shared, id, board, depth, time, control),
            Job::CountSearches => count(id, board, control),
            Job::Trace { algorithm, skip } => {
                let result = send_trace(&board, algorithm, skip, control, id, send);
                (result != Err(Stop::Cancelled)).then_some(Reply::TraceDone { id, result })
            }
            Job::Exercises => self.exercises(id, board, control),
            Job::Cutoff { plies, evaluation } => {
                let result = depth_limited(&board, plies, evaluation, control);
                // Replaced by a newer request or cancelled: nobody wants the answer.
                (result != Err(Stop::Cancelled)).then_some(Reply::Cutoff {
                    id,
                    board,
                    plies,
                    evaluation,
                    result,
                })
            }
            Job::Mcts { iterations, seed } => mcts(id, board, iterations, seed, control, send),
            Job::Match { x, o, games, seed } => play_match(id, x, o, games, seed, control, send),
        }
    }

    /// Every move of `board` estimated for `time`, looking at most `depth` plies ahead.
    fn estimate(
        &mut self,
        shared: &Shared,
        id: RequestId,
        board: Board,
        depth: Option<u32>,
        time: Duration,
        control: &Arc<SearchControl>,
    ) -> Option<Reply> {
        let control = next_phase(shared, control, time)?;
        let estimate = self
            .estimator
            .estimate_with(&board, &control, depth, &mut |_| {});
        (!control.is_cancelled()).then_some(Reply::Estimated { id, estimate })
    }

    /// The practice positions among every position that can arise from `board`.
    fn exercises(&mut self, id: RequestId, board: Board, control: &SearchControl) -> Option<Reply> {
        // Only a cancel stops it: 3×3 needs a few thousand positions each.
        let exercises = practice::exercises(&board, &mut |position| {
            self.solver.analyze_with(position, control, &mut |_| {})
        })
        .ok()?;
        Some(Reply::Exercises {
            id,
            board,
            exercises,
        })
    }

    /// Every move of `board` exactly, sending each as it settles. Out of its share of
    /// `think_time`, the exact search stops to estimate every move until the time is up, then
    /// goes on solving exactly, with what the table learned, for as long as it is wanted.
    fn analyze(
        &mut self,
        shared: &Shared,
        id: RequestId,
        board: Board,
        think_time: Option<Duration>,
        control: &Arc<SearchControl>,
        send: SendReply,
    ) -> Option<Reply> {
        let started = self.clock.now();
        let mut report = |report: RootReport| {
            send(match report {
                RootReport::Settled(settled) => Reply::Settled {
                    id,
                    board,
                    settled: settled.clone(),
                },
                RootReport::Bounded(bound) => Reply::Bounded { id, board, bound },
            });
        };
        let mut result = self.solver.analyze_with(&board, control, &mut report);
        if let (Err(stopped), Some(think_time)) = (&result, think_time.map(ThinkTime::new))
            && ThinkTime::ran_out(stopped)
        {
            let elapsed = self.clock.now().saturating_duration_since(started);
            let rest = think_time.rest(elapsed);
            let estimating = next_phase(shared, control, rest)?;
            let estimate = self
                .estimator
                .estimate_with(&board, &estimating, None, &mut |_| {});
            if estimating.is_cancelled() || !send(Reply::Estimated { id, estimate }) {
                return None;
            }
            let solving = next_phase(shared, &estimating, Duration::MAX)?;
            result = self.solver.analyze_with(&board, &solving, &mut report);
        }
        match result {
            Ok(analysis) => Some(Reply::Done { id, analysis }),
            // Replaced by a newer request or cancelled: nobody wants the answer.
            Err(Stopped {
                reason: Stop::Cancelled,
                ..
            }) => None,
            Err(stopped) => Some(Reply::GaveUp { id, stopped }),
        }
    }
}

/// The three searches' node counts for `board`, unless cancelled.
fn count(id: RequestId, board: Board, control: &SearchControl) -> Option<Reply> {
    let counts = count_searches(&board, control);
    let cancelled = [
        counts.plain,
        counts.alpha_beta,
        counts.alpha_beta_shared,
        counts.alpha_beta_table,
    ]
    .contains(&Err(Stop::Cancelled));
    (!cancelled).then_some(Reply::Counted { id, board, counts })
}

/// A Monte Carlo level's move on `board`, unless cancelled (asked between chunks of
/// iterations, so a new request stops it within a few milliseconds), saying how far it has got
/// every [`MCTS_PROGRESS_EVERY`] iterations.
fn mcts(
    id: RequestId,
    board: Board,
    iterations: u64,
    seed: u64,
    control: &SearchControl,
    send: SendReply,
) -> Option<Reply> {
    let mut go_on = |done: u64| {
        if done > 0 && done.is_multiple_of(MCTS_PROGRESS_EVERY) && !control.is_cancelled() {
            send(Reply::MctsProgress { id, done });
        }
        !control.is_cancelled()
    };
    let cell = ai::mcts_choice(&board, iterations, seed, &mut go_on)?;
    Some(Reply::MctsChose {
        id,
        board,
        seed,
        iterations,
        cell,
    })
}

/// The match `tictactoe match` plays for these contestants, games and seed, sending the games
/// so far and the tally after every game; the last of them (every game played) is the answer.
/// A cancel stops it between chunks of a Monte Carlo move's iterations.
fn play_match(
    id: RequestId,
    x: Contestant,
    o: Contestant,
    games: u64,
    seed: u64,
    control: &SearchControl,
    send: SendReply,
) -> Option<Reply> {
    let mut play = MatchPlay::new(x, o, games, seed);
    let so_far = |play: &MatchPlay| MatchSoFar {
        played: play.result().games.len() as u64,
        x: play.result().x,
        o: play.result().o,
    };
    while !play.is_done() {
        let before = play.result().games.len();
        if !play.step_unless_stopped(&mut |_| !control.is_cancelled()) || control.is_cancelled() {
            return None;
        }
        let finished_a_game = play.result().games.len() > before;
        if finished_a_game && !play.is_done() {
            send(Reply::MatchPlayed {
                id,
                so_far: so_far(&play),
            });
        }
    }
    Some(Reply::MatchPlayed {
        id,
        so_far: so_far(&play),
    })
}

/// Events are sent in batches of this many, so that handing them over costs little.
const TRACE_BATCH: usize = 4096;

/// Runs the trace of `algorithm` on `board`, sending its events after the first `skip` in
/// batches. Returns the search's result.
fn send_trace(
    board: &Board,
    algorithm: TraceAlgorithm,
    skip: usize,
    control: &SearchControl,
    id: RequestId,
    send: SendReply,
) -> Result<Analysis, Stop> {
    let mut batch = Vec::with_capacity(TRACE_BATCH);
    let mut seen = 0;
    let result = trace::trace(board, algorithm, control, |event| {
        seen += 1;
        if seen <= skip {
            return;
        }
        batch.push(event);
        if batch.len() == TRACE_BATCH {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(TRACE_BATCH));
            if !send(Reply::TraceEvents { id, events: full }) {
                control.cancel(); // nobody reads any more
            }
        }
    });
    if !batch.is_empty() && !control.is_cancelled() {
        send(Reply::TraceEvents { id, events: batch });
    }
    result
}

/// Swaps the running search's control for a new one with the same budget and clock and `time`
/// to run (`Duration::MAX`: no limit), unless the old one was cancelled meanwhile (`None`). An
/// exact analysis keeps its progress: the estimates pause it, the next exact phase goes on from
/// it.
fn next_phase(
    shared: &Shared,
    old: &Arc<SearchControl>,
    time: Duration,
) -> Option<Arc<SearchControl>> {
    let mut state = shared.lock();
    if old.is_cancelled() {
        state.running = None;
        return None;
    }
    let mut control = SearchControl::with_node_budget(old.node_budget());
    if let Some(clock) = old.clock() {
        control = control.with_clock(Arc::clone(clock));
    }
    if let Some(watcher) = old.watcher() {
        control = control.with_watcher(watcher.clone());
    }
    if time != Duration::MAX {
        control = control.with_time_limit(time);
    }
    let control = Arc::new(control);
    if let Some(running) = state.running.as_mut() {
        running.control = Arc::clone(&control);
        if let Some(exact) = &mut running.exact {
            match exact.live.take() {
                // The exact search stops: the estimates come next.
                Some(live) => exact.carried = exact.now_with(&live),
                // The estimates are done: the exact search goes on.
                None => exact.live = Some(Arc::clone(&control)),
            }
        }
    }
    Some(control)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exact_search_leaves_the_window_a_core() {
        assert_eq!(threads_leaving_one_core(1), 1);
        assert_eq!(threads_leaving_one_core(2), 1);
        assert_eq!(threads_leaving_one_core(8), 7);
    }
}
