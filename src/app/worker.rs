//! The search thread: the UI sends positions, the worker answers with analyses and the computer's
//! moves, and wakes the UI when an answer is ready. The UI never waits for it.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use crate::ai::{AiPlayer, Difficulty};
use crate::board::{Board, Cell};
use crate::minimax::{Analysis, NodeLimitReached, Searcher};

/// Positions larger than 3×3 can take the exact search very long; past this many positions the
/// worker reports that it gave up instead of thinking forever.
const NODE_LIMIT: u64 = 50_000_000;

/// What the UI asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Rate every move of the position, for the score overlay.
    Analyze,
    /// Rate every move, then pick one at this strength.
    ChooseMove(Difficulty),
}

#[derive(Debug)]
struct Request {
    id: u64,
    board: Board,
    job: Job,
}

/// The worker's answer to one request.
#[derive(Debug)]
pub struct Reply {
    pub id: u64,
    pub job: Job,
    pub result: Result<Answer, NodeLimitReached>,
}

#[derive(Debug)]
pub struct Answer {
    pub analysis: Analysis,
    /// The computer's move, for [`Job::ChooseMove`].
    pub chosen: Option<Cell>,
}

/// Handle to the search thread. Dropping it ends the thread once its current search is done.
pub struct SearchWorker {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    next_id: u64,
}

impl SearchWorker {
    /// Starts the thread. `wake` is called after every reply (the app passes a repaint request).
    pub fn spawn(ai: AiPlayer, wake: impl Fn() + Send + 'static) -> SearchWorker {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (outbox, replies) = mpsc::channel();
        thread::Builder::new()
            .name("search".into())
            .spawn(move || serve(inbox, outbox, ai, wake))
            .expect("the OS can start a thread");
        SearchWorker {
            requests,
            replies,
            next_id: 0,
        }
    }

    /// Queues a job and returns its id, to match the reply with.
    pub fn request(&mut self, board: Board, job: Job) -> u64 {
        self.next_id += 1;
        // A send only fails if the thread is gone; its reply then never comes and the app keeps
        // showing "thinking", which is the honest state.
        let _ = self.requests.send(Request {
            id: self.next_id,
            board,
            job,
        });
        self.next_id
    }

    /// The next reply, if one has arrived.
    pub fn try_reply(&self) -> Option<Reply> {
        self.replies.try_recv().ok()
    }
}

fn serve(inbox: Receiver<Request>, outbox: Sender<Reply>, mut ai: AiPlayer, wake: impl Fn()) {
    // One table for the whole session: positions repeat across games, so later searches are
    // nearly free.
    let mut searcher = Searcher::new();
    // Every request gets its reply, in order; the app ignores replies it no longer needs.
    while let Ok(request) = inbox.recv() {
        let result = searcher
            .analyze_within(&request.board, NODE_LIMIT)
            .map(|analysis| {
                let chosen = match request.job {
                    Job::Analyze => None,
                    Job::ChooseMove(difficulty) => ai.choose(&analysis, difficulty),
                };
                Answer { analysis, chosen }
            });
        if outbox
            .send(Reply {
                id: request.id,
                job: request.job,
                result,
            })
            .is_err()
        {
            return; // the app is gone
        }
        wake();
    }
}
