//! The messages between the page and its Web Worker, and what each side keeps of them. A Web
//! Worker shares no memory with the page: the page sends each request as bytes, and the worker
//! answers with its replies, its progress now and then, and the end of each request. Both sides
//! are plain Rust here, so that they are tested without a browser; `page.rs` and the platform
//! seam carry the bytes.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::protocol::{AnalysisProgress, Reply, Request, RequestId};
use super::serve::{Searches, Shared};
use crate::engine::clock::Clock;
use crate::engine::minimax::{MovesSoFar, Watcher};
use crate::platform::Instant;

/// A request, from the page to its worker.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct ToWorker {
    pub id: RequestId,
    pub request: Request,
}

/// What the worker tells the page.
#[derive(Debug, Serialize, Deserialize)]
pub(super) enum FromWorker {
    Reply(Reply),
    /// How far the exact analysis `id` has got, sent now and then while it runs: the page cannot
    /// look into the worker's memory as the desktop's window looks into its search thread's.
    Progress {
        id: RequestId,
        progress: AnalysisProgress,
    },
    /// The request is over: its last answer, if any, came before this.
    Finished(RequestId),
    /// A message the worker could not read, and why (a page and a worker of two versions).
    Unreadable(String),
}

impl FromWorker {
    fn to_bytes(&self) -> Vec<u8> {
        write(self).unwrap_or_else(|error| {
            let unreadable =
                FromWorker::Unreadable(format!("a reply could not be written: {error}"));
            write(&unreadable).unwrap_or_default()
        })
    }
}

/// A message as bytes, in postcard's compact form. Both sides are the same program (the worker
/// loads the page's own build), so the form need not describe itself, and reading it takes half
/// the code of a text form's: the page's download is smaller by what JSON cost it.
pub(super) fn write(message: &impl Serialize) -> Result<Vec<u8>, String> {
    postcard::to_allocvec(message).map_err(|error| error.to_string())
}

/// A message from its bytes, all of them; `Err` says why it cannot be read.
fn read<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    match postcard::take_from_bytes(bytes) {
        Ok((message, [])) => Ok(message),
        Ok((_, [_])) => Err("1 byte more after its end".to_string()),
        Ok((_, rest)) => Err(format!("{} bytes more after its end", rest.len())),
        Err(error) => Err(error.to_string()),
    }
}

/// Sends a message's bytes to the page.
pub(super) type Post = Arc<dyn Fn(Vec<u8>) + Send + Sync>;

/// The worker's side: serves each request from the page to its end, posting what it sends. One
/// request at a time: the page stops a worker whose request it no longer wants and starts another.
pub(super) struct Responder {
    shared: Arc<Shared>,
    searches: Searches,
    post: Post,
}

impl Responder {
    /// Timing think times on `clock`, and posting an exact analysis's progress at most every
    /// `progress_every`.
    pub fn new(clock: Arc<dyn Clock>, progress_every: Duration, post: Post) -> Responder {
        let shared = Arc::new(Shared::default());
        let watcher = progress_reports(
            Arc::clone(&shared),
            Arc::clone(&clock),
            progress_every,
            Arc::clone(&post),
        );
        Responder {
            shared,
            searches: Searches::new(clock).with_watcher(watcher),
            post,
        }
    }

    /// Serves `message`, one message from the page, to the end of its request.
    pub fn serve(&mut self, message: &[u8]) {
        let post = |message: FromWorker| (self.post)(message.to_bytes());
        match read::<ToWorker>(message) {
            Err(error) => post(FromWorker::Unreadable(error)),
            Ok(ToWorker { id, request }) => {
                self.shared.ask(id, request);
                self.searches.serve_waiting(&self.shared, &|reply| {
                    post(FromWorker::Reply(reply));
                    true
                });
                post(FromWorker::Finished(id));
            }
        }
    }
}

/// A watcher that posts the exact analysis's progress, at most every `every` on `clock`.
fn progress_reports(
    shared: Arc<Shared>,
    clock: Arc<dyn Clock>,
    every: Duration,
    post: Post,
) -> Watcher {
    let last: Mutex<Option<Instant>> = Mutex::new(None);
    Watcher(Arc::new(move || {
        let now = clock.now();
        let mut last = last.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if last.is_some_and(|last| now.saturating_duration_since(last) < every) {
            return;
        }
        *last = Some(now);
        if let Some((id, progress)) = shared.progress() {
            post(FromWorker::Progress { id, progress }.to_bytes());
        }
    }))
}

/// How soon the page should look at what its worker said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Look {
    /// At once: the end of a request, or the answer that proves the running analysis's best move
    /// (the computer may play it).
    Now,
    /// Soon, with other answers: what the display shows but nothing waits for (a move settled, a
    /// bound on one).
    Soon,
    /// Not for this: progress, which the window redraws by itself while a search runs, or the
    /// last words of a request no longer awaited.
    NotNeeded,
}

/// The page's side: what its worker has said, as the desktop's handle reads it from its thread.
#[derive(Debug, Default)]
pub(super) struct Inbox {
    running: Option<RequestId>,
    progress: Option<(RequestId, AnalysisProgress)>,
    replies: VecDeque<Reply>,
    /// The running analysis's moves so far, and whether its best move is proven.
    moves: MovesSoFar,
    proven: bool,
}

impl Inbox {
    /// Request `id` has been sent: it runs until the worker says it finished.
    pub fn sent(&mut self, id: RequestId) {
        self.running = Some(id);
        self.progress = None;
        self.moves = MovesSoFar::default();
        self.proven = false;
    }

    /// The worker was stopped: nothing runs any more.
    pub fn stopped(&mut self) {
        self.running = None;
        self.progress = None;
    }

    /// Takes in `message`, one message from the worker, and says how soon the page should look
    /// at it; `Err` says why it makes no sense.
    pub fn receive(&mut self, message: &[u8]) -> Result<Look, String> {
        let message = read(message)
            .map_err(|error| format!("the search worker's message cannot be read: {error}"))?;
        match message {
            FromWorker::Reply(reply) => {
                let look = self.look_at(&reply);
                self.replies.push_back(reply);
                Ok(look)
            }
            // A stopped worker's last words are not about the request running now.
            FromWorker::Progress { id, progress } => {
                if self.running == Some(id) {
                    self.progress = Some((id, progress));
                }
                Ok(Look::NotNeeded)
            }
            FromWorker::Finished(id) if self.running == Some(id) => {
                self.stopped();
                Ok(Look::Now)
            }
            FromWorker::Finished(_) => Ok(Look::NotNeeded),
            FromWorker::Unreadable(why) => {
                Err(format!("the search worker could not read a request: {why}"))
            }
        }
    }

    /// How soon `reply` is wanted: a move settled or bounded only when it proves the running
    /// analysis's best move, every other answer at once.
    fn look_at(&mut self, reply: &Reply) -> Look {
        let (id, board) = match reply {
            Reply::Settled {
                id, board, settled, ..
            } => {
                if self.running == Some(*id) {
                    self.moves.settle(settled.clone());
                }
                (id, board)
            }
            Reply::Bounded { id, board, bound } => {
                if self.running == Some(*id) {
                    self.moves.bound(*bound);
                }
                (id, board)
            }
            // Progress is drawn with the next look; a match's games are few and each is news.
            Reply::MctsProgress { id, .. } if self.running == Some(*id) => return Look::Soon,
            Reply::MctsProgress { .. } => return Look::NotNeeded,
            _ => return Look::Now,
        };
        if self.running != Some(*id) {
            return Look::NotNeeded;
        }
        if self.proven {
            return Look::Soon;
        }
        self.proven = !self.moves.proven_best(board).is_empty();
        if self.proven { Look::Now } else { Look::Soon }
    }

    pub fn running(&self) -> Option<RequestId> {
        self.running
    }

    pub fn progress(&self) -> Option<(RequestId, AnalysisProgress)> {
        self.progress
    }

    /// Whether replies wait to be taken.
    #[cfg(target_arch = "wasm32")]
    pub fn has_replies(&self) -> bool {
        !self.replies.is_empty()
    }

    pub fn next_reply(&mut self) -> Option<Reply> {
        self.replies.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::{Board, Geometry, Mark};
    use crate::engine::clock::{ManualClock, SystemClock};
    use crate::engine::minimax::{Evaluation, MoveScore, SearchControl, Solver, depth_limited};
    use crate::game::worker::protocol::Job;

    /// A responder whose posts are kept, in order.
    fn responder(
        clock: Arc<dyn Clock>,
        progress_every: Duration,
    ) -> (Responder, Arc<Mutex<Vec<Vec<u8>>>>) {
        let posted = Arc::new(Mutex::new(Vec::new()));
        let outbox = Arc::clone(&posted);
        let post: Post = Arc::new(move |message| outbox.lock().unwrap().push(message));
        (Responder::new(clock, progress_every, post), posted)
    }

    fn send(id: RequestId, request: Request) -> Vec<u8> {
        write(&ToWorker { id, request }).unwrap()
    }

    /// What the worker said in `message`.
    fn said(message: &[u8]) -> FromWorker {
        read(message).unwrap()
    }

    /// The inbox of a page that has sent request `id` and waits for its answer.
    fn waiting_for(id: RequestId) -> Inbox {
        let mut inbox = Inbox::default();
        inbox.sent(id);
        inbox
    }

    /// An analysis through the messages comes out as the search itself gives it: every move
    /// settled, then the whole analysis, then the end of the request.
    #[test]
    fn a_request_in_a_message_is_answered_in_messages_as_the_search_answers_it() {
        let board: Board = "XO../.X../..O./....".parse().unwrap();
        let (mut responder, posted) = responder(Arc::new(SystemClock), Duration::from_secs(1));
        responder.serve(&send(7, Request::analyze(board)));

        let mut inbox = waiting_for(7);
        for text in posted.lock().unwrap().iter() {
            inbox.receive(text).unwrap();
        }
        assert_eq!(
            inbox.running(),
            None,
            "the worker said the request finished"
        );
        let mut settled: Vec<MoveScore> = Vec::new();
        let mut analysis = None;
        while let Some(reply) = inbox.next_reply() {
            assert_eq!(reply.id(), 7);
            match reply {
                Reply::Settled {
                    settled: one,
                    board: of,
                    ..
                } => {
                    assert_eq!(of, board);
                    settled.push(one);
                }
                Reply::Bounded { .. } => {}
                Reply::Done { analysis: done, .. } => analysis = Some(done),
                other => panic!("an analysis answers with moves: {other:?}"),
            }
        }
        let analysis = analysis.expect("the whole analysis came");
        let expected = Solver::new().with_threads(1).analyze(&board);
        assert_eq!(analysis.board, board);
        assert_eq!(analysis.moves, expected.moves);
        settled.sort_by_key(|m| m.cell);
        assert_eq!(settled, expected.moves);
    }

    /// The page learns how far a long analysis has got while it runs, as the desktop's status
    /// bar does, and only of the request it is waiting for.
    #[test]
    fn a_long_analysis_reports_its_progress_on_the_way() {
        // Every look at the control posts (the clock stands still, and the least time between
        // two reports is none); the budget ends the search whatever its speed.
        let board = Board::empty(Geometry::with_default_k(5, 5).unwrap(), Mark::X);
        let (mut responder, posted) = responder(Arc::new(ManualClock::new()), Duration::ZERO);
        let request = Request {
            board,
            job: Job::Analyze { think_time: None },
            node_budget: 200_000,
        };
        responder.serve(&send(3, request));

        let posted = posted.lock().unwrap();
        let mut inbox = waiting_for(3);
        let mut reports = Vec::new();
        for text in posted.iter() {
            let look = inbox.receive(text).unwrap();
            // Progress alone wakes nobody: the window redraws its counters by itself.
            let message = said(text);
            let is_progress = matches!(message, FromWorker::Progress { .. });
            assert_eq!(look == Look::NotNeeded, is_progress, "{message:?}");
            if let Some((id, progress)) = inbox.progress() {
                assert_eq!(id, 3);
                reports.push(progress);
            }
        }
        assert!(reports.len() >= 10, "{} reports", reports.len());
        assert!(
            reports
                .windows(2)
                .all(|w| w[0].exact.nodes <= w[1].exact.nodes)
        );
        assert_eq!(reports[0].exact.moves, 25);
        assert!(matches!(
            inbox
                .next_reply()
                .into_iter()
                .chain(std::iter::from_fn(|| inbox.next_reply()))
                .last(),
            Some(Reply::GaveUp { id: 3, .. })
        ));
        assert_eq!(inbox.running(), None);
        assert_eq!(inbox.progress(), None, "no progress once it finished");

        // A stopped worker's late words about an older request change nothing.
        let mut inbox = waiting_for(4);
        for text in posted.iter() {
            inbox.receive(text).unwrap();
        }
        assert_eq!((inbox.running(), inbox.progress()), (Some(4), None));
    }

    /// The page's Web Worker runs the cutoff view's search as the desktop's thread does, telling
    /// the page how far it has got while it runs.
    #[test]
    fn a_cutoff_search_reports_its_progress_and_its_numbers() {
        let board = Board::classic();
        let (mut responder, posted) = responder(Arc::new(ManualClock::new()), Duration::ZERO);
        let job = Job::Cutoff {
            plies: 5,
            evaluation: Evaluation::OpenLines,
        };
        let request = Request {
            board,
            job,
            node_budget: 300_000,
        };
        responder.serve(&send(8, request));
        let mut inbox = waiting_for(8);
        let mut reports = Vec::new();
        for text in posted.lock().unwrap().iter() {
            inbox.receive(text).unwrap();
            if let Some((8, progress)) = inbox.progress() {
                reports.push(progress.exact.nodes);
            }
        }
        assert!(reports.len() >= 2, "{reports:?}");
        assert!(reports.windows(2).all(|w| w[0] <= w[1]), "{reports:?}");
        let expected = depth_limited(
            &board,
            5,
            Evaluation::OpenLines,
            &SearchControl::with_node_budget(300_000),
        );
        match inbox.next_reply() {
            Some(Reply::Cutoff { id: 8, result, .. }) => assert_eq!(result, expected),
            other => panic!("the numbers came: {other:?}"),
        }
        assert_eq!(
            inbox.running(),
            None,
            "the worker said the request finished"
        );
    }

    /// The page looks at once at what someone waits for: the answer that proves the best move
    /// (the computer plays it without waiting for the other scores), a whole analysis, the end of
    /// the request. The other moves settled and bounded wait for the next look, and a request no
    /// longer running wakes nobody.
    #[test]
    fn the_page_looks_at_once_only_at_the_proof_of_the_best_move_and_the_end() {
        let board: Board = "X..../...../..O../...../.....".parse().unwrap();
        let (mut responder, posted) = responder(Arc::new(SystemClock), Duration::from_secs(60));
        responder.serve(&send(5, Request::analyze(board)));
        let posted = posted.lock().unwrap();

        let mut inbox = waiting_for(5);
        let mut moves = MovesSoFar::default();
        let mut proof = None;
        let mut soon = 0;
        for (index, text) in posted.iter().enumerate() {
            let look = inbox.receive(text).unwrap();
            let proven_before = !moves.proven_best(&board).is_empty();
            let message = said(text);
            let expected = match message {
                FromWorker::Reply(Reply::Settled { settled, .. }) => {
                    moves.settle(settled);
                    Some(&moves)
                }
                FromWorker::Reply(Reply::Bounded { bound, .. }) => {
                    moves.bound(bound);
                    Some(&moves)
                }
                FromWorker::Reply(Reply::Done { .. }) | FromWorker::Finished(5) => {
                    assert_eq!(look, Look::Now);
                    None
                }
                FromWorker::Progress { .. } => {
                    assert_eq!(look, Look::NotNeeded);
                    None
                }
                other => panic!("an analysis answers with moves: {other:?}"),
            };
            if let Some(moves) = expected {
                let proves = !proven_before && !moves.proven_best(&board).is_empty();
                assert_eq!(look, if proves { Look::Now } else { Look::Soon }, "{index}");
                if proves {
                    proof = Some(index);
                } else {
                    soon += 1;
                }
            }
        }
        // The proof came before the whole analysis, with moves still to settle after it: the
        // look at once is not the end's.
        let proof = proof.expect("the best move was proven");
        let is_done = |text: &[u8]| matches!(said(text), FromWorker::Reply(Reply::Done { .. }));
        let done = posted
            .iter()
            .position(|text| is_done(text))
            .expect("the analysis finished");
        assert!(proof < done, "proof at {proof}, done at {done}");
        assert!(
            posted[proof..done]
                .iter()
                .any(|text| matches!(said(text), FromWorker::Reply(Reply::Settled { .. }))),
            "moves settled after the proof"
        );
        assert!(soon > 0);

        // The same words about a request no longer running wake nobody (but a whole analysis
        // does: the app keeps it, for undo).
        let mut inbox = waiting_for(6);
        for text in posted.iter() {
            let look = inbox.receive(text).unwrap();
            let expected = if is_done(text) {
                Look::Now
            } else {
                Look::NotNeeded
            };
            assert_eq!(look, expected, "{:?}", said(text));
        }
    }

    /// A Monte Carlo level's move and the MCTS view's match cross to the page as they do to
    /// the desktop's window: the iterations run every 512, looked at with the next look; each
    /// game of the match and the move, at once.
    #[test]
    fn a_monte_carlo_move_and_a_match_cross_with_their_progress() {
        use crate::engine::ai::Difficulty;
        use crate::engine::contest::Contestant;
        let (mut responder, posted) = responder(Arc::new(SystemClock), Duration::from_secs(60));
        let mcts = Request {
            board: Board::classic(),
            job: Job::Mcts {
                iterations: 1_500,
                seed: 2,
            },
            node_budget: 1,
        };
        responder.serve(&send(1, mcts));
        let played = Request {
            board: Board::classic(),
            job: Job::Match {
                x: Contestant::Minimax(Difficulty::Perfect),
                o: Contestant::Mcts { iterations: 100 },
                games: 2,
                seed: 9,
            },
            node_budget: 1,
        };
        responder.serve(&send(2, played));
        let mut inbox = waiting_for(1);
        let mut seen = Vec::new();
        for text in posted.lock().unwrap().iter() {
            let look = inbox.receive(text).unwrap();
            if let Some(reply) = inbox.next_reply() {
                seen.push((reply, look));
            }
            if inbox.running().is_none() {
                // The first request finished: the page sends the second.
                inbox.sent(2);
            }
        }
        let words: Vec<String> = seen
            .iter()
            .map(|(reply, look)| match reply {
                Reply::MctsProgress { id, done } => format!("{id}: {done} {look:?}"),
                Reply::MctsChose { id, .. } => format!("{id}: chose {look:?}"),
                Reply::MatchPlayed { id, so_far } => {
                    format!("{id}: played {} {look:?}", so_far.played)
                }
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            words,
            [
                "1: 512 Soon",
                "1: 1024 Soon",
                "1: chose Now",
                "2: played 1 Now",
                "2: played 2 Now"
            ]
        );
        // Progress of a request no longer running wakes nobody.
        let mut inbox = waiting_for(7);
        let progress = FromWorker::Reply(Reply::MctsProgress { id: 1, done: 512 });
        assert_eq!(inbox.receive(&progress.to_bytes()), Ok(Look::NotNeeded));
    }

    /// Every kind of answer crosses whole: each answer the searches give, sent as the worker
    /// sends it and read as the page reads it, is the same answer, field for field.
    #[test]
    fn every_kind_of_answer_crosses_whole() {
        use crate::engine::ai::Difficulty;
        use crate::engine::contest::Contestant;
        use crate::learn::trace::TraceAlgorithm;
        let board: Board = "X../.O./...".parse().unwrap();
        // On 4×4 moves are bounded before they are settled.
        let four_by_four: Board = "XO../.X../..O./....".parse().unwrap();
        let jobs = [
            Job::Analyze { think_time: None },
            // Out of budget at once: gives up.
            Job::Analyze {
                think_time: Some(Duration::from_secs(1)),
            },
            Job::Estimate {
                depth: Some(3),
                time: Duration::from_secs(1),
            },
            Job::CountSearches,
            Job::Trace {
                algorithm: TraceAlgorithm::AlphaBetaClassic,
                skip: 3,
            },
            Job::Exercises,
            Job::Cutoff {
                plies: 2,
                evaluation: Evaluation::OpenLines,
            },
            Job::Mcts {
                iterations: 600,
                seed: 4,
            },
            Job::Match {
                x: Contestant::Minimax(Difficulty::Easy),
                o: Contestant::Mcts { iterations: 50 },
                games: 1,
                seed: 3,
            },
        ];
        let mut kinds = std::collections::BTreeSet::new();
        for (id, job) in (1..).zip(jobs) {
            let shared = Shared::default();
            let node_budget = if id == 2 { 40 } else { 1_000_000 };
            let board = if id == 1 { four_by_four } else { board };
            shared.ask(
                id,
                Request {
                    board,
                    job,
                    node_budget,
                },
            );
            let replies = Mutex::new(Vec::new());
            Searches::new(Arc::new(ManualClock::new())).serve_waiting(&shared, &|reply| {
                replies.lock().unwrap().push(reply);
                true
            });
            let mut inbox = waiting_for(id);
            for reply in replies.into_inner().unwrap() {
                let sent = format!("{reply:?}");
                kinds.insert(sent.split([' ', '{']).next().unwrap().to_string());
                inbox.receive(&FromWorker::Reply(reply).to_bytes()).unwrap();
                let read = inbox.next_reply().expect("the answer came");
                assert_eq!(format!("{read:?}"), sent);
            }
        }
        assert_eq!(
            kinds.into_iter().collect::<Vec<_>>(),
            [
                "Bounded",
                "Counted",
                "Cutoff",
                "Done",
                "Estimated",
                "Exercises",
                "GaveUp",
                "MatchPlayed",
                "MctsChose",
                "MctsProgress",
                "Settled",
                "TraceDone",
                "TraceEvents"
            ],
            "every kind of answer"
        );
    }

    /// What cannot be read is named, on both sides, and nothing panics: a message cut short, one
    /// with more after its end, one of another kind, or no message at all.
    #[test]
    fn unreadable_messages_are_named() {
        let request = send(1, Request::analyze(Board::classic()));
        let mut longer = request.clone();
        longer.push(0);
        let finished = FromWorker::Finished(1).to_bytes();
        let cut_short = &request[..request.len() - 1];
        for unreadable in [cut_short, &longer[..], &finished[..], &[]] {
            let (mut responder, posted) = responder(Arc::new(SystemClock), Duration::from_secs(1));
            responder.serve(unreadable);
            let posted = posted.lock().unwrap();
            assert_eq!(posted.len(), 1, "{unreadable:?}: no answer but the error");
            let error = Inbox::default().receive(&posted[0]).unwrap_err();
            assert!(
                error.starts_with("the search worker could not read a request: "),
                "{error}"
            );
        }

        // The page: an answer with a byte more, one of no kind the worker sends (the fifth),
        // nothing at all.
        let mut inbox = waiting_for(1);
        let mut longer = finished.clone();
        longer.push(0);
        assert_eq!(
            inbox.receive(&longer),
            Err("the search worker's message cannot be read: 1 byte more after its end".into())
        );
        for unreadable in [&[4, 1][..], &[]] {
            let error = inbox.receive(unreadable).unwrap_err();
            assert!(
                error.starts_with("the search worker's message cannot be read: "),
                "{error}"
            );
        }
        assert_eq!(
            inbox.running(),
            Some(1),
            "nothing unreadable ended the request"
        );
        assert_eq!(inbox.receive(&finished), Ok(Look::Now));
    }

    /// Boards cross only if they could arise in a game.
    #[test]
    fn a_board_crosses_and_only_a_real_one() {
        for text in [
            "XO./.X./..O",
            "XO../.X../..O./....",
            "X....../......./......./...O...",
        ] {
            let board: Board = text.parse().unwrap();
            let crossed: Board = read(&write(&board).unwrap()).unwrap();
            assert_eq!(crossed, board);
            assert_eq!(crossed.to_move(), board.to_move());
        }
        // A board crosses as its rows, columns, marks in a row, X's and O's cells (one bit
        // each) and whose turn it is.
        let wire = |rows: usize, cols: usize, x: u64, o: u64, to_move: Mark| {
            write(&(rows, cols, 3_usize, x, o, to_move)).unwrap()
        };
        let classic = read::<Board>(&wire(3, 3, 1, 2, Mark::X)).unwrap();
        assert_eq!(classic, "XO./.../...".parse().unwrap());
        let bad = [
            // two marks on one cell
            wire(3, 3, 1, 1, Mark::O),
            // a mark off the board
            wire(3, 3, 512, 0, Mark::O),
            // a board too big
            wire(9, 9, 0, 0, Mark::X),
            // X to move after X moved
            wire(3, 3, 1, 0, Mark::X),
        ];
        for message in bad {
            assert!(read::<Board>(&message).is_err(), "{message:?}");
        }
    }
}
