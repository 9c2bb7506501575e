//! The browser's search worker: a Web Worker running this same program (see
//! [`serve_page`]), so that no search ever holds up the page. The page and the worker share no
//! memory: requests and answers cross as text (`messages.rs`), and a request that is no longer
//! wanted is stopped by stopping the worker, at once, and starting a fresh one.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use super::messages::{Inbox, Responder, ToWorker};
use super::protocol::{AnalysisProgress, Reply, Request, RequestId};
use crate::engine::clock::{Clock, SystemClock};
use crate::platform::{self, WebWorker};

/// How often a long analysis tells the page how far it has got: as often as the window redraws
/// the search's counters while one runs.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// In the page's Web Worker: answers the page's requests, one at a time, for as long as the
/// worker lives. The program's `main` calls it when it finds itself in a worker.
pub fn serve_page() {
    let post = Arc::new(|text: String| platform::post_to_page(&text));
    let mut responder = Responder::new(Arc::new(SystemClock), PROGRESS_EVERY, post);
    platform::serve_page(move |text| responder.serve(&text));
}

/// Handle to the page's search worker, with the same calls as the desktop's search thread.
pub struct SearchWorker {
    /// Started with the first request, and again after a request was stopped.
    worker: Option<WebWorker>,
    inbox: Rc<RefCell<Inbox>>,
    wake: Rc<dyn Fn()>,
    next_id: RequestId,
}

impl SearchWorker {
    /// `wake` is called after every answer from the worker (the app passes a repaint request).
    pub fn spawn(wake: impl Fn() + Send + Sync + 'static) -> SearchWorker {
        SearchWorker {
            worker: None,
            inbox: Rc::default(),
            wake: Rc::new(wake),
            next_id: 0,
        }
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
        let text = serde_json::to_string(&ToWorker { id, request })
            .expect("a request is plain data, which JSON can always write");
        if let Some(worker) = self.started() {
            worker.post(&text);
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

    fn stop(&mut self) {
        // Dropping the worker terminates it, search and all.
        self.worker = None;
        self.inbox.borrow_mut().stopped();
    }

    /// The worker, started if there is none; `None` (said in the console) if the browser
    /// cannot start one.
    fn started(&mut self) -> Option<&WebWorker> {
        if self.worker.is_none() {
            let inbox = Rc::clone(&self.inbox);
            let wake = Rc::clone(&self.wake);
            let started = WebWorker::start(move |text| {
                let received = inbox.borrow_mut().receive(&text);
                match received {
                    Ok(true) => wake(),
                    Ok(false) => {}
                    Err(error) => platform::dialogs::show_error("Search worker", error),
                }
            });
            match started {
                Ok(worker) => self.worker = Some(worker),
                Err(error) => platform::dialogs::show_error("Search worker", error),
            }
        }
        self.worker.as_ref()
    }
}
