//! The search thread: callers ask it to analyze positions, it answers with each move as it is
//! settled and then the whole analysis, and calls a wake function after every answer. Nobody ever
//! waits for it.
//!
//! It always works on the newest request: a new request cancels the search under way and
//! replaces any request still waiting, so a player who clicks quickly never waits for searches
//! of positions already gone. A cancelled or replaced request gets no answer.

use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::engine::board::Board;
use crate::engine::clock::{Clock, SystemClock};
use crate::engine::minimax::{
    Analysis, Estimate, Estimator, MoveBound, MoveScore, Progress, RootReport, SearchControl,
    SearchCounts, Solver, Stop, Stopped, ThinkTime, count_searches,
};
use crate::learn::practice::{self, Exercise};
use crate::learn::trace::{self, TraceAlgorithm, TraceEvent};
use crate::platform::{self, Server};

/// Identifies a request, to match answers with.
pub type RequestId = u64;

/// What the worker is asked to do with a position, giving up after `node_budget` positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    pub board: Board,
    pub job: Job,
    pub node_budget: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Score every move exactly. With a think time, a search still running after
    /// [`EXACT_SHARE`](crate::engine::minimax::EXACT_SHARE) of it stops to estimate every move until the time is up
    /// ([`Reply::Estimated`]), then goes on solving exactly.
    Analyze { think_time: Option<Duration> },
    /// Estimate every move with the depth-limited search, looking at most `depth` plies ahead
    /// (`None`: as deep as `time` allows).
    Estimate { depth: Option<u32>, time: Duration },
    /// Count the positions each search visits (see [`count_searches`]).
    CountSearches,
    /// Record every call `algorithm` makes from the position, as [`Reply::TraceEvents`] in
    /// batches, then [`Reply::TraceDone`]; the node budget caps it. The first `skip` events are
    /// not sent: a trace resumed after another search had the worker starts again from the
    /// start (the searches are deterministic) and sends only what is new.
    Trace {
        algorithm: TraceAlgorithm,
        skip: usize,
    },
    /// Find the practice positions among every position that can arise from this one.
    Exercises,
}

impl Job {
    /// Whether the two ask for the same work: a trace resumed further on is the same trace.
    pub fn same_work(self, other: Job) -> bool {
        match (self, other) {
            (Job::Trace { algorithm: a, .. }, Job::Trace { algorithm: b, .. }) => a == b,
            _ => self == other,
        }
    }
}

impl Request {
    /// Every move of `board`, with the default budget.
    pub fn analyze(board: Board) -> Request {
        Request {
            board,
            job: Job::Analyze { think_time: None },
            node_budget: DEFAULT_NODE_BUDGET,
        }
    }

    /// Every move of `board` exactly, with estimates by the end of `think_time` if the exact
    /// search has not finished by then.
    pub fn analyze_within(board: Board, think_time: Duration) -> Request {
        Request {
            job: Job::Analyze {
                think_time: Some(think_time),
            },
            ..Request::analyze(board)
        }
    }

    /// The events of `algorithm` on `board` after the first `skip`, at most `node_budget`
    /// positions.
    pub fn trace(
        board: Board,
        algorithm: TraceAlgorithm,
        skip: usize,
        node_budget: u64,
    ) -> Request {
        Request {
            board,
            job: Job::Trace { algorithm, skip },
            node_budget,
        }
    }

    /// The three searches' node counts for `board`, each allowed `node_budget` positions.
    pub fn count_searches(board: Board, node_budget: u64) -> Request {
        Request {
            board,
            job: Job::CountSearches,
            node_budget,
        }
    }
}

/// Boards larger than 3×3 can take the exact search very long; past this many positions the
/// worker reports that it gave up instead of thinking forever.
pub const DEFAULT_NODE_BUDGET: u64 = 50_000_000;

/// An answer from the worker.
#[derive(Debug)]
pub enum Reply {
    /// One move of the request's position has its exact score.
    Settled {
        id: RequestId,
        board: Board,
        settled: MoveScore,
    },
    /// A move of the request's position is known to score within a bound (a later `Bounded` or
    /// `Settled` for the same move is at least as tight).
    Bounded {
        id: RequestId,
        board: Board,
        bound: MoveBound,
    },
    /// The exact search did not finish in the think time (or the request asked for estimates):
    /// every move estimated. An exact search goes on after it.
    Estimated { id: RequestId, estimate: Estimate },
    /// Every move is scored.
    Done { id: RequestId, analysis: Analysis },
    /// The search ran out of budget; the moves it settled are in `stopped.partial`.
    GaveUp { id: RequestId, stopped: Stopped },
    /// The answer to [`Job::CountSearches`].
    Counted {
        id: RequestId,
        board: Board,
        counts: SearchCounts,
    },
    /// The next events of a [`Job::Trace`], in order.
    TraceEvents {
        id: RequestId,
        events: Vec<TraceEvent>,
    },
    /// The end of a [`Job::Trace`]: the search's result, or why it stopped (its budget).
    TraceDone {
        id: RequestId,
        result: Result<Analysis, Stop>,
    },
    /// The answer to [`Job::Exercises`].
    Exercises {
        id: RequestId,
        board: Board,
        exercises: Vec<Exercise>,
    },
}

impl Reply {
    pub fn id(&self) -> RequestId {
        match self {
            Reply::Settled { id, .. }
            | Reply::Bounded { id, .. }
            | Reply::Estimated { id, .. }
            | Reply::Done { id, .. }
            | Reply::GaveUp { id, .. }
            | Reply::Counted { id, .. }
            | Reply::TraceEvents { id, .. }
            | Reply::TraceDone { id, .. }
            | Reply::Exercises { id, .. } => *id,
        }
    }
}

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
    /// For an exact analysis, its progress over its phases.
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

/// How far an exact analysis has got, as the status bar shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisProgress {
    /// Positions searched exactly over every phase; moves settled (the most settled at once:
    /// a phase that starts again settles the same moves again, quickly, from the table).
    pub exact: Progress,
    /// Whether the exact search is paused while every move is estimated.
    pub estimating: bool,
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

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic on the search thread leaves the state as consistent as before it.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Takes the request waiting, if any, and marks it running under a new control.
    fn start_next(
        &self,
        clock: &Arc<dyn Clock>,
    ) -> Option<(RequestId, Request, Arc<SearchControl>)> {
        let mut state = self.lock();
        let (id, request) = state.waiting.take()?;
        let mut control =
            SearchControl::with_node_budget(request.node_budget).with_clock(Arc::clone(clock));
        if let Job::Analyze {
            think_time: Some(think_time),
        } = request.job
        {
            control = control.with_time_limit(ThinkTime::new(think_time).exact_share());
        }
        let control = Arc::new(control);
        let exact = matches!(request.job, Job::Analyze { .. }).then(|| ExactProgress {
            carried: Progress::default(),
            live: Some(Arc::clone(&control)),
        });
        state.running = Some(Running {
            id,
            control: Arc::clone(&control),
            exact,
        });
        Some((id, request, control))
    }
}

/// Handle to the search thread. Dropping it cancels the search under way and ends the thread.
pub struct SearchWorker {
    shared: Arc<Shared>,
    /// Told that a request is waiting; serves the newest.
    server: Server<()>,
    replies: Receiver<Reply>,
    next_id: RequestId,
}

impl SearchWorker {
    /// Starts the thread. `wake` is called after every answer (the app passes a repaint request).
    pub fn spawn(wake: impl Fn() + Send + 'static) -> SearchWorker {
        SearchWorker::spawn_with_clock(Arc::new(SystemClock), wake)
    }

    /// Starts the thread, timing think times on `clock` (a test's, so that deadlines pass only
    /// when the test says so).
    pub fn spawn_with_clock(
        clock: Arc<dyn Clock>,
        wake: impl Fn() + Send + 'static,
    ) -> SearchWorker {
        let shared = Arc::new(Shared::default());
        let (outbox, replies) = mpsc::channel();
        let thread_shared = Arc::clone(&shared);
        let mut searches = Searches::new(clock);
        let server = Server::spawn("search", move |_wakeups| {
            let send = |reply: Reply| {
                let sent = outbox.send(reply).is_ok();
                wake();
                sent
            };
            while let Some((id, request, control)) = thread_shared.start_next(&searches.clock) {
                let reply = searches.run(&thread_shared, id, request, &control, &send);
                thread_shared.lock().running = None;
                if let Some(reply) = reply
                    && !send(reply)
                {
                    return; // the caller is gone
                }
            }
        });
        SearchWorker {
            shared,
            server,
            replies,
            next_id: 0,
        }
    }

    /// Asks for `request`, replacing whatever was asked before: the search under way is
    /// cancelled and a request still waiting is dropped.
    pub fn submit(&mut self, request: Request) -> RequestId {
        self.next_id += 1;
        {
            let mut state = self.shared.lock();
            state.waiting = Some((self.next_id, request));
            if let Some(running) = &state.running {
                running.control.cancel();
            }
        }
        // Fails only while the request before is served inline, which then serves this one.
        let _ = self.server.send(());
        self.next_id
    }

    /// Drops every request: the search under way stops and nothing waits.
    pub fn cancel_all(&mut self) {
        let mut state = self.shared.lock();
        state.waiting = None;
        if let Some(running) = &state.running {
            running.control.cancel();
        }
    }

    /// The request being searched now, if any.
    pub fn running(&self) -> Option<RequestId> {
        self.shared
            .lock()
            .running
            .as_ref()
            .map(|running| running.id)
    }

    /// The exact analysis under way and how far it has got, over all its phases.
    pub fn progress(&self) -> Option<(RequestId, AnalysisProgress)> {
        let state = self.shared.lock();
        let running = state.running.as_ref()?;
        Some((running.id, running.exact.as_ref()?.now()))
    }

    /// The next answer, if one has arrived.
    pub fn try_reply(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }

    /// The next answer, waiting at most `timeout` for it.
    pub fn wait_reply(&self, timeout: Duration) -> Option<Reply> {
        self.replies.recv_timeout(timeout).ok()
    }
}

impl Drop for SearchWorker {
    fn drop(&mut self) {
        // The server's thread ends once the handle is gone and the search under way stops.
        self.cancel_all();
    }
}

/// How many threads the exact search may take where it could take `cores` (one per core): one
/// fewer, so that drawing the window never waits for a core, and at least one.
fn threads_leaving_one_core(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

/// Sends a reply; `false` once nobody listens.
type SendReply<'a> = &'a dyn Fn(Reply) -> bool;

/// What the worker keeps from one request to the next.
struct Searches {
    /// One table for the whole session: positions repeat across games, so later searches are
    /// nearly free.
    solver: Solver,
    estimator: Estimator,
    clock: Arc<dyn Clock>,
}

impl Searches {
    fn new(clock: Arc<dyn Clock>) -> Searches {
        // The window keeps a core of its own.
        let threads = threads_leaving_one_core(platform::cores());
        Searches {
            solver: Solver::new().with_threads(threads),
            estimator: Estimator::new(),
            clock,
        }
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
            Job::Estimate { depth, time } => {
                let control = next_phase(shared, control, time)?;
                let estimate = self
                    .estimator
                    .estimate_with(&board, &control, depth, &mut |_| {});
                (!control.is_cancelled()).then_some(Reply::Estimated { id, estimate })
            }
            Job::CountSearches => {
                let counts = count_searches(&board, control);
                let cancelled = [counts.plain, counts.alpha_beta, counts.alpha_beta_table]
                    .contains(&Err(Stop::Cancelled));
                (!cancelled).then_some(Reply::Counted { id, board, counts })
            }
            Job::Trace { algorithm, skip } => {
                let result = send_trace(&board, algorithm, skip, control, id, send);
                (result != Err(Stop::Cancelled)).then_some(Reply::TraceDone { id, result })
            }
            Job::Exercises => {
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
        }
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
            // Where work runs on the page's own thread (the web page, until a Web Worker takes
            // it), a search with no end would freeze the page: the estimates are the answer.
            if !crate::platform::WORK_RUNS_INLINE {
                let solving = next_phase(shared, &estimating, Duration::MAX)?;
                result = self.solver.analyze_with(&board, &solving, &mut report);
            }
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
    use crate::engine::clock::ManualClock;
    use crate::platform::Instant;

    #[test]
    fn the_exact_search_leaves_the_window_a_core() {
        assert_eq!(threads_leaving_one_core(1), 1);
        assert_eq!(threads_leaving_one_core(2), 1);
        assert_eq!(threads_leaving_one_core(8), 7);
    }

    /// A request that runs until it is cancelled, however fast the searches get: plain minimax,
    /// call by call, on the empty 4×4 board (trillions of positions).
    fn endless() -> Request {
        let board = Board::empty(
            crate::engine::board::Geometry::with_default_k(4, 4).unwrap(),
            crate::engine::board::Mark::X,
        );
        Request::trace(board, TraceAlgorithm::Plain, 0, u64::MAX)
    }

    /// Waits until the worker is running `id`.
    fn until_running(worker: &SearchWorker, id: RequestId) {
        let started = Instant::now();
        while worker.running() != Some(id) {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the worker never started request {id}"
            );
            std::thread::yield_now();
        }
    }

    fn replies_until_done(worker: &SearchWorker, id: RequestId) -> Vec<Reply> {
        let mut replies = Vec::new();
        while let Some(reply) = worker.wait_reply(Duration::from_secs(20)) {
            let done = matches!(&reply, Reply::Done { id: done, .. } if *done == id);
            replies.push(reply);
            if done {
                return replies;
            }
        }
        panic!("no answer to request {id}");
    }

    #[test]
    fn an_analysis_comes_move_by_move_then_whole() {
        let mut worker = SearchWorker::spawn(|| {});
        let board: Board = "XOX/.O./X..".parse().unwrap();
        let id = worker.submit(Request::analyze(board));
        let replies = replies_until_done(&worker, id);
        let settled: Vec<&MoveScore> = replies
            .iter()
            .filter_map(|reply| match reply {
                Reply::Settled { settled, .. } => Some(settled),
                _ => None,
            })
            .collect();
        let Some(Reply::Done { analysis, .. }) = replies.last() else {
            unreachable!()
        };
        // Moves settle in the order the search finds them; the analysis lists them row by row.
        let mut settled = settled;
        settled.sort_by_key(|m| m.cell);
        assert_eq!(analysis.moves.iter().collect::<Vec<_>>(), settled);
        assert_eq!(analysis.moves.len(), 4);
    }

    #[test]
    fn the_worker_drops_stale_requests_without_finishing_them() {
        let mut worker = SearchWorker::spawn(|| {});
        let first = worker.submit(endless());
        // Once the long search is under way, ask for two more: the second replaces the first
        // before it can start, or the worker drops it as soon as the newest arrives.
        until_running(&worker, first);
        let stale = worker.submit(endless());
        let newest = worker.submit(Request::analyze("X../.O./...".parse().unwrap()));
        let replies = replies_until_done(&worker, newest);
        // The stale requests may have sent events before they were cancelled, but neither
        // finishes: only the newest request is answered to the end.
        assert!(
            replies.iter().all(|reply| reply.id() == newest
                || [first, stale].contains(&reply.id())
                    && matches!(reply, Reply::TraceEvents { .. })),
            "only the newest request is answered, not {first} or {stale}: {replies:?}"
        );
        assert!(matches!(replies.last(), Some(Reply::Done { id, .. }) if *id == newest));
    }

    #[test]
    fn a_search_over_budget_gives_up_with_the_moves_it_settled() {
        // A budget of half what the fresh solver needs on one thread: some moves settle, not
        // all, whatever the solver's speed.
        let board: Board = "XO../.X../..O./....".parse().unwrap();
        let needed = Solver::new().with_threads(1).analyze(&board).stats.nodes;
        let mut worker = SearchWorker::spawn(|| {});
        let budget = needed / 2;
        let id = worker.submit(Request {
            board,
            job: Job::Analyze { think_time: None },
            node_budget: budget,
        });
        let mut settled = Vec::new();
        loop {
            match worker
                .wait_reply(Duration::from_secs(20))
                .expect("an answer")
            {
                Reply::Settled { settled: one, .. } => settled.push(one),
                Reply::GaveUp {
                    id: gave_up,
                    stopped,
                } => {
                    assert_eq!(gave_up, id);
                    assert_eq!(stopped.reason, Stop::NodeBudget { limit: budget });
                    settled.sort_by_key(|m: &MoveScore| m.cell);
                    assert_eq!(stopped.partial.moves, settled);
                    assert!(settled.len() < board.legal_moves().count());
                    return;
                }
                Reply::Bounded { id: bounded, .. } => assert_eq!(bounded, id),
                other => panic!("half the positions it needs cannot solve it: {other:?}"),
            }
        }
    }

    #[test]
    fn out_of_its_think_time_an_analysis_estimates_then_goes_on_and_keeps_its_progress() {
        // No think time at all: the deadline has passed before the search begins, so the exact
        // search stops at its first position, whatever its speed, and the estimates follow.
        // The clock stands still, so the estimates finish their first ply and stop there.
        let clock = Arc::new(ManualClock::new());
        let mut worker = SearchWorker::spawn_with_clock(clock, || {});
        let board = Board::empty(
            crate::engine::board::Geometry::with_default_k(7, 7).unwrap(),
            crate::engine::board::Mark::X,
        );
        let id = worker.submit(Request::analyze_within(board, Duration::ZERO));
        match worker
            .wait_reply(Duration::from_secs(60))
            .expect("an answer")
        {
            Reply::Estimated {
                id: estimated,
                estimate,
            } => {
                assert_eq!(estimated, id);
                assert_eq!(estimate.moves.len(), 49);
                assert_eq!(estimate.depth, 1, "the clock never moved");
            }
            reply => panic!("estimates first: {reply:?}"),
        }
        // The exact search goes on after the estimates, counting on from where it stopped: its
        // progress never reads "0 of 0 moves".
        let started = Instant::now();
        loop {
            let (running, progress) = worker.progress().expect("still under way");
            assert_eq!(running, id);
            assert_eq!(progress.exact.moves, 49, "{progress:?}");
            if !progress.estimating {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "never went on");
            std::thread::yield_now();
        }
        worker.cancel_all();
    }
}

#[cfg(test)]
mod count_tests {
    use super::*;

    #[test]
    fn the_worker_counts_the_three_searches() {
        let mut worker = SearchWorker::spawn(|| {});
        let id = worker.submit(Request::count_searches(Board::classic(), 1_000_000));
        let Some(Reply::Counted {
            id: counted,
            counts,
            ..
        }) = worker.wait_reply(Duration::from_secs(60))
        else {
            panic!("no count came");
        };
        assert_eq!(counted, id);
        assert_eq!(counts.plain, Ok(549_946));
        assert_eq!(counts.alpha_beta, Ok(34_203));
        assert_eq!(counts.alpha_beta_table, Ok(3_749));
        let id = worker.submit(Request::count_searches(Board::classic(), 100_000));
        let Some(Reply::Counted {
            id: counted,
            counts,
            ..
        }) = worker.wait_reply(Duration::from_secs(60))
        else {
            panic!("no count came");
        };
        assert_eq!(counted, id);
        assert_eq!(counts.plain, Err(Stop::NodeBudget { limit: 100_000 }));
        assert_eq!(counts.alpha_beta, Ok(34_203));
    }
}
