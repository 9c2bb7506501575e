//! The browser: one thread (the page's), no folders, no blocking dialogs. Searches run in a Web
//! Worker ([`WebWorker`]): a second copy of this program, spoken to in text messages.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue};
use web_sys::{
    DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType,
};

/// Serves each request at once, on the caller's thread, before [`Server::send`] returns (for
/// quick work: the searches go to a [`WebWorker`]).
pub struct Server<R> {
    serve: RefCell<Box<dyn FnMut(Vec<R>) + Send>>,
}

impl<R: Send + 'static> Server<R> {
    /// A server that calls `serve` with each request as it is sent (`name` is for threads).
    pub fn spawn(_name: &str, serve: impl FnMut(Vec<R>) + Send + 'static) -> Server<R> {
        Server {
            serve: RefCell::new(Box::new(serve)),
        }
    }

    /// Serves `request` now; `false` if the server is busy (a request sent while serving).
    pub fn send(&self, request: R) -> bool {
        match self.serve.try_borrow_mut() {
            Ok(mut serve) => {
                serve(vec![request]);
                true
            }
            Err(_) => false,
        }
    }
}

/// A Web Worker running this same program: `worker.js`, beside the page, loads it there, and its
/// `main` finds itself in a worker (see [`in_web_worker`]) and serves the page's messages
/// ([`serve_page`]). Dropping the handle stops the worker at once, whatever it is doing.
pub struct WebWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl WebWorker {
    /// Starts a worker that will call `on_message` with each text it sends; `Err` says why the
    /// browser could not start it.
    pub fn start(mut on_message: impl FnMut(String) + 'static) -> Result<WebWorker, String> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("worker.js", &options)
            .map_err(|error| format!("the browser cannot start a Web Worker: {error:?}"))?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(text) = event.data().as_string() {
                on_message(text);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(|event: ErrorEvent| {
            dialogs::show_error("Search worker", event.message());
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // First this program, compiled already, so that the worker need not fetch and compile
        // it again; then the messages.
        worker
            .post_message(&wasm_bindgen::module())
            .map_err(|error| format!("the Web Worker cannot be given the program: {error:?}"))?;
        Ok(WebWorker {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends `text` to the worker.
    pub fn post(&self, text: &str) {
        if let Err(error) = self.worker.post_message(&JsValue::from_str(text)) {
            dialogs::show_error(
                "Search worker",
                format!("a request was not sent: {error:?}"),
            );
        }
    }
}

impl Drop for WebWorker {
    fn drop(&mut self) {
        // Messages already on their way must not reach the closures, which go with the handle.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Whether this program runs in a Web Worker (else on the page).
pub fn in_web_worker() -> bool {
    js_sys::global().is_instance_of::<DedicatedWorkerGlobalScope>()
}

/// In a Web Worker: calls `serve` with each text the page sends, for as long as the worker lives.
pub fn serve_page(mut serve: impl FnMut(String) + 'static) {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(text) = event.data().as_string() {
            serve(text);
        }
    });
    worker_scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker's handler lives as long as the worker.
    on_message.forget();
}

/// In a Web Worker: sends `text` to the page.
pub fn post_to_page(text: &str) {
    if let Err(error) = worker_scope().post_message(&JsValue::from_str(text)) {
        dialogs::show_error(
            "Search worker",
            format!("an answer was not sent: {error:?}"),
        );
    }
}

fn worker_scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// A page is closed by its browser, not by a menu of its own.
pub const CAN_QUIT: bool = false;

/// The page's address without its query (`https://example.org/tictactoe/index.html`), which a
/// link to a position starts with.
pub fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// The page has one thread.
pub fn cores() -> usize {
    1
}

/// A browser has no folders: settings live in eframe's storage.
pub mod dirs {
    use std::path::PathBuf;

    pub fn config_dir() -> Option<PathBuf> {
        None
    }

    pub fn data_local_dir() -> Option<PathBuf> {
        None
    }
}

/// No blocking dialogs in a browser (files come as uploads and go as downloads).
pub mod dialogs {
    use std::path::PathBuf;

    use crate::platform::FileQuestion;

    pub fn available() -> bool {
        false
    }

    /// Answers `None`, as if the player cancelled.
    pub fn ask(_question: FileQuestion, answer: impl FnOnce(Option<PathBuf>) + Send + 'static) {
        answer(None);
    }

    /// Writes `message` to the browser's console, as an error.
    pub fn show_error(title: &str, message: String) {
        web_sys::console::error_1(&format!("{title}: {message}").into());
    }
}
