//! The browser's search worker: a Web Worker running this same program (see
//! [`serve_page`]), so that no search ever holds up the page. The page and the worker share no
//! memory: requests and answers cross as bytes (`messages.rs`), and a request that is no longer
//! wanted is stopped by stopping the worker, at once, and starting a fresh one.
//!
//! A worker is started before it is needed: with the app, and again as soon as one is stopped, so
//! that a player's move never waits while a worker loads the program. An idle worker waits for a
//! message and uses no processor time.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use super::messages::{Inbox, Look, Responder, ToWorker, write};
use super::protocol::{AnalysisProgress, Reply, Request, RequestId};
use crate::engine::clock::{Clock, SystemClock};
use crate::platform::{self, WebWorker};

/// How often a long analysis tells the page how far it has got: as often as the window redraws
/// the search's counters while one runs.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// In the page's Web Worker: answers the page's requests, one at a time, for as long as the
/// worker lives. The program's `main` calls it when it finds itself in a worker.
pub fn serve_page() {
    let post = Arc::new(|message: Vec<u8>| platform::post_to_page(&message));
    let mut responder = Responder::new(Arc::new(SystemClock), PROGRESS_EVERY, post);
    platform::serve_page(move |message| responder.serve(&message));
}

/// Handle to the page's search worker, with the same calls as the desktop's search thread.
pub struct SearchWorker {
    /// Started with the handle, and again as soon as a request was stopped; `None` only if the
    /// browser could not start one (tried again with the next request).
    worker: Option<WebWorker>,
    inbox: Rc<RefCell<Inbox>>,
    wake: Rc<Wake>,
    next_id: RequestId,
}

/// Calls the app's wake function when the worker's answers need looking at: at once for an answer
/// that ends a request or proves the best move, and for the rest (a move settled, a bound) within
/// [`LOOK_EVERY`], unless the app has looked by then (it redraws a running search's counters as
/// often), so that the page does not draw a frame for each of them. A frame takes processor time
/// from the search beside it, much of it where the browser draws without a graphics card.
struct Wake {
    wake: Rc<dyn Fn()>,
    /// Whether a look is due within [`LOOK_EVERY`].
    due: Rc<Cell<bool>>,
}

/// How long answers that need not be seen at once may wait for the app to look at them: as long
/// as the window takes to redraw a running search's counters.
const LOOK_EVERY: Duration = Duration::from_millis(200);

impl Wake {
    fn on(&self, look: Look, inbox: &Rc<RefCell<Inbox>>) {
        match look {
            Look::Now => (self.wake)(),
            Look::Soon if !self.due.replace(true) => {
                let (wake, due, inbox) = (
                    Rc::clone(&self.wake),
                    Rc::clone(&self.due),
                    Rc::clone(inbox),
                );
                platform::call_later(LOOK_EVERY, move || {
                    due.set(false);
                    if inbox.borrow().has_replies() {
                        wake();
                    }
                });
            }
            Look::Soon | Look::NotNeeded => {}
        }
    }
}

impl SearchWorker {
    /// Starts the worker at once. `wake` is called when the worker's answers need looking at
    /// (see [`Wake`]; the app passes a repaint request).
    pub fn spawn(wake: impl Fn() + Send + Sync + 'static) -> SearchWorker {
        let mut handle = SearchWorker {
            worker: None,
            inbox: Rc::default(),
            wake: Rc::new(Wake {
                wake: Rc::new(wake),
                due: Rc::default(),
            }),
            next_id: 0,
        };
        handle.start();
        handle
    }

    /// As [`SearchWorker::spawn`]: the Web Worker times think times on its own clock, the
    /// system's (a test's clock cannot cross to it).
    pub fn spawn_with_clock(
        _clock: Arc<dyn Clock>,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> SearchWorker {
        SearchWorker::spawn(wake)
    }

    /// Asks for `request`, replacing whatever was asked before: a worker still searching is
    /// stopped and a fresh one takes the request.
    pub fn submit(&mut self, request: Request) -> RequestId {
        self.next_id += 1;
        let id = self.next_id;
        if self.inbox.borrow().running().is_some() {
            self.stop();
        }
        let message = write(&ToWorker { id, request })
            .expect("a request is plain data, which can always be written");
        if self.worker.is_none() {
            self.start();
        }
        if let Some(worker) = &self.worker {
            worker.post(&message);
            self.inbox.borrow_mut().sent(id);
        }
        id
    }

    /// Drops every request: a worker still searching is stopped.
    pub fn cancel_all(&mut self) {
        if self.inbox.borrow().running().is_some() {
            self.stop();
        }
    }

    /// The request being searched now, if any.
    pub fn running(&self) -> Option<RequestId> {
        self.inbox.borrow().running()
    }

    /// The exact analysis under way and how far it had got at its worker's last report.
    pub fn progress(&self) -> Option<(RequestId, AnalysisProgress)> {
        self.inbox.borrow().progress()
    }

    /// The next answer, if one has arrived.
    pub fn try_reply(&self) -> Option<Reply> {
        self.inbox.borrow_mut().next_reply()
    }

    /// The next answer if one has arrived: a page cannot wait without freezing.
    pub fn wait_reply(&self, _timeout: Duration) -> Option<Reply> {
        self.try_reply()
    }

    /// Stops the worker, search and all, and starts the next one at once.
    fn stop(&mut self) {
        // Dropping the worker terminates it.
        self.worker = None;
        self.inbox.borrow_mut().stopped();
        self.start();
    }

    /// Starts a worker in place of none; if the browser cannot start one, says why in the
    /// console and leaves `None`.
    fn start(&mut self) {
        let inbox = Rc::clone(&self.inbox);
        let wake = Rc::clone(&self.wake);
        let started = WebWorker::start(move |message| {
            let received = inbox.borrow_mut().receive(&message);
            match received {
                Ok(look) => wake.on(look, &inbox),
                Err(error) => platform::dialogs::show_error("Search worker", error),
            }
        });
        match started {
            Ok(worker) => self.worker = Some(worker),
            Err(error) => platform::dialogs::show_error("Search worker", error),
        }
    }
}
