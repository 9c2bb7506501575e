//! The desktop's search worker: a thread of its own serving the requests, reading and cancelling
//! them through memory shared with the handle.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use super::protocol::{AnalysisProgress, Reply, Request, RequestId};
use super::serve::{Searches, Shared};
use crate::engine::clock::{Clock, SystemClock};
use crate::platform::Server;

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
    pub fn spawn(wake: impl Fn() + Send + Sync + 'static) -> SearchWorker {
        SearchWorker::spawn_with_clock(Arc::new(SystemClock), wake)
    }

    /// Starts the thread, timing think times on `clock` (a test's, so that deadlines pass only
    /// when the test says so).
    pub fn spawn_with_clock(
        clock: Arc<dyn Clock>,
        wake: impl Fn() + Send + Sync + 'static,
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
            // Once the caller is gone, the next request (there is none) ends the thread.
            searches.serve_waiting(&thread_shared, &send);
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
        self.shared.ask(self.next_id, request);
        // Fails only once the thread is gone.
        let _ = self.server.send(());
        self.next_id
    }

    /// Drops every request: the search under way stops and nothing waits.
    pub fn cancel_all(&mut self) {
        self.shared.cancel_all();
    }

    /// The request being searched now, if any.
    pub fn running(&self) -> Option<RequestId> {
        self.shared.running()
    }

    /// The exact analysis under way and how far it has got, over all its phases.
    pub fn progress(&self) -> Option<(RequestId, AnalysisProgress)> {
        self.shared.progress()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::clock::ManualClock;
    use crate::engine::minimax::{MoveScore, Solver, Stop};
    use crate::game::worker::protocol::Job;
    use crate::learn::trace::TraceAlgorithm;
    use crate::platform::Instant;

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
            crate::platform::threads::yield_now();
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
            crate::platform::threads::yield_now();
        }
        worker.cancel_all();
    }
}

#[cfg(test)]
mod cutoff_tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::minimax::{Evaluation, SearchControl, Stop, depth_limited};
    use crate::game::worker::protocol::Job;

    fn cutoff(board: Board, plies: u32, node_budget: u64) -> Request {
        Request {
            board,
            job: Job::Cutoff {
                plies,
                evaluation: Evaluation::OpenLines,
            },
            node_budget,
        }
    }

    /// The cutoff view's search on the worker gives the engine's numbers, those `tictactoe
    /// cutoff` prints, and gives up at its budget.
    #[test]
    fn the_worker_runs_the_cutoff_search_within_its_budget() {
        let mut worker = SearchWorker::spawn(|| {});
        let board: Board = "X.O/.../...".parse().unwrap();
        let expected = depth_limited(
            &board,
            3,
            Evaluation::OpenLines,
            &SearchControl::with_node_budget(300_000),
        );
        assert!(expected.is_ok());
        for (budget, expected) in [
            (300_000, expected),
            (100, Err(Stop::NodeBudget { limit: 100 })),
        ] {
            let id = worker.submit(cutoff(board, 3, budget));
            match worker.wait_reply(Duration::from_secs(60)) {
                Some(Reply::Cutoff {
                    id: answered,
                    board: of,
                    plies: 3,
                    evaluation: Evaluation::OpenLines,
                    result,
                }) => {
                    assert_eq!((answered, of), (id, board));
                    assert_eq!(result, expected);
                }
                other => panic!("a cutoff search answers with its numbers: {other:?}"),
            }
        }
    }
}

#[cfg(test)]
mod count_tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::minimax::{SearchCounts, Stop};

    /// The worker's counts of the empty board's searches within `budget` positions each.
    fn counted(worker: &mut SearchWorker, budget: u64) -> SearchCounts {
        let id = worker.submit(Request::count_searches(Board::classic(), budget));
        let Some(Reply::Counted {
            id: counted,
            counts,
            ..
        }) = worker.wait_reply(Duration::from_secs(60))
        else {
            panic!("no count came");
        };
        assert_eq!(counted, id);
        counts
    }

    #[test]
    fn the_worker_counts_the_three_searches() {
        let mut worker = SearchWorker::spawn(|| {});
        let counts = counted(&mut worker, 1_000_000);
        assert_eq!(counts.plain, Ok(549_946));
        assert_eq!(counts.alpha_beta, Ok(34_203));
        assert_eq!(counts.alpha_beta_table, Ok(3_749));
        let counts = counted(&mut worker, 100_000);
        assert_eq!(counts.plain, Err(Stop::NodeBudget { limit: 100_000 }));
        assert_eq!(counts.alpha_beta, Ok(34_203));
    }
}

#[cfg(test)]
mod mcts_tests {
    use super::*;
    use crate::engine::ai::{Difficulty, mcts_choice};
    use crate::engine::board::Board;
    use crate::engine::contest::{Contestant, play_match};
    use crate::game::worker::protocol::{
        DEFAULT_NODE_BUDGET, Job, MCTS_PROGRESS_EVERY, MatchSoFar,
    };

    fn request(job: Job) -> Request {
        Request {
            board: Board::classic(),
            job,
            node_budget: DEFAULT_NODE_BUDGET,
        }
    }

    /// A Monte Carlo level's move says how far it has got every 512 iterations, then plays the
    /// move the engine's search plays.
    #[test]
    fn a_monte_carlo_move_reports_its_iterations_on_the_way() {
        let mut worker = SearchWorker::spawn(|| {});
        let board: Board = "X../.O./...".parse().unwrap();
        let id = worker.submit(Request {
            board,
            ..request(Job::Mcts {
                iterations: 2_000,
                seed: 3,
            })
        });
        let mut reported = Vec::new();
        let cell = loop {
            match worker.wait_reply(Duration::from_secs(60)) {
                Some(Reply::MctsProgress { id: of, done }) => {
                    assert_eq!(of, id);
                    reported.push(done);
                }
                Some(Reply::MctsChose { id: of, cell, .. }) => {
                    assert_eq!(of, id);
                    break cell;
                }
                other => panic!("progress, then the move: {other:?}"),
            }
        };
        assert_eq!(MCTS_PROGRESS_EVERY, 512);
        assert_eq!(reported, [512, 1_024, 1_536]);
        assert_eq!(Some(cell), mcts_choice(&board, 2_000, 3, &mut |_| true));
    }

    /// The match is played on the worker game by game, each game's tally sent as it ends, and
    /// ends with the tally `tictactoe match` prints for the same seed.
    #[test]
    fn a_match_on_the_worker_sends_each_game_and_ends_with_the_commands_tally() {
        let (x, o) = (
            Contestant::Mcts { iterations: 200 },
            Contestant::Minimax(Difficulty::Perfect),
        );
        let mut worker = SearchWorker::spawn(|| {});
        let id = worker.submit(request(Job::Match {
            x,
            o,
            games: 4,
            seed: 5,
        }));
        let mut so_far: Vec<MatchSoFar> = Vec::new();
        while so_far.last().is_none_or(|last| last.played < 4) {
            match worker.wait_reply(Duration::from_secs(60)) {
                Some(Reply::MatchPlayed {
                    id: of,
                    so_far: one,
                }) => {
                    assert_eq!(of, id);
                    so_far.push(one);
                }
                other => panic!("the games, one by one: {other:?}"),
            }
        }
        let played: Vec<u64> = so_far.iter().map(|one| one.played).collect();
        assert_eq!(played, [1, 2, 3, 4]);
        for one in &so_far {
            let x = one.x;
            assert_eq!(x.wins + x.draws + x.losses, one.played, "{one:?}");
        }
        let expected = play_match(x, o, 4, 5, &mut |_| true).unwrap();
        let last = so_far.last().unwrap();
        assert_eq!((last.x, last.o), (expected.x, expected.o));
        assert!(worker.wait_reply(Duration::from_millis(50)).is_none());
    }

    /// A match replaced by another request stops in the middle of a move and never finishes.
    #[test]
    fn a_match_stops_when_another_request_replaces_it() {
        let mut worker = SearchWorker::spawn(|| {});
        // A million iterations a move: minutes for a game in a debug build.
        let long = worker.submit(request(Job::Match {
            x: Contestant::Mcts {
                iterations: 1_000_000,
            },
            o: Contestant::Mcts {
                iterations: 1_000_000,
            },
            games: 10,
            seed: 1,
        }));
        let started = crate::platform::Instant::now();
        while worker.running() != Some(long) {
            assert!(started.elapsed() < Duration::from_secs(60), "never started");
            crate::platform::threads::yield_now();
        }
        let next = worker.submit(Request::analyze("X../.O./...".parse().unwrap()));
        loop {
            let reply = worker
                .wait_reply(Duration::from_secs(60))
                .expect("the new request is answered");
            assert_eq!(reply.id(), next, "nothing of the stopped match: {reply:?}");
            if matches!(reply, Reply::Done { .. }) {
                break;
            }
        }
    }
}
