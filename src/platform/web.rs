//! The browser: one thread (the page's), no folders, no blocking dialogs. Work runs inline for
//! now; a Web Worker will take it off the page's thread.

use std::cell::RefCell;

/// Serves each request at once, on the caller's thread, before [`Server::send`] returns.
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

/// Work runs on the page's own thread ([`Server`] serves inline), so nothing may run without
/// end.
pub const WORK_RUNS_INLINE: bool = true;

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

    /// Writes `message` to the browser's console.
    pub fn show_error(title: &str, message: String) {
        eprintln!("{title}: {message}");
    }
}
