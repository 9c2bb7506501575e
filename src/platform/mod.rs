//! The platform seam: what the desktop and the browser do differently, in one place at the bottom
//! of the crate. Everything above it is plain Rust that compiles for every target, and names none
//! of `std::thread`, `std::time::{Instant, SystemTime}`, `std::fs`, `std::os`, `directories`,
//! `rfd`, `web_sys`, `js_sys` or `wasm_bindgen` (clippy.toml's `disallowed-methods` and
//! `disallowed-types` and `tests/layers.rs` check it):
//!
//! - running work off the UI thread ([`Server`]), how many threads a search may use ([`cores`]),
//!   scoped threads, work beside work and sleeping ([`threads`]);
//! - the clocks ([`Instant`]: std's on the desktop, the browser's `performance.now()` on the web;
//!   [`wall_clock`] for names and files' ages);
//! - where settings and logs are kept ([`dirs`]; on the page, texts in the browser's storage:
//!   [`browser_storage`]), the file system ([`fs`]) and files' owners
//!   ([`owner`]);
//! - file dialogs, or in a browser downloads and uploads, and the message box shown when the
//!   window cannot open ([`dialogs`]), pictures saved ([`pictures`]);
//! - the LMS a page runs in, through SCORM 1.2's runtime ([`lms`]);
//! - whether the game can quit ([`CAN_QUIT`]), the page's own address ([`page_address`]) and, in
//!   a browser, the page around the game (`page`: its query, canvas, mirrored text and buttons).
//!
//! The desktop is one implementation (`desktop.rs`); the browser's (`web.rs`) has one core, no
//! folders and no dialogs, and runs the searches in a Web Worker (`WebWorker`) instead of a
//! thread.
//!
//! The file system stays std's own (`pub use std::fs`) rather than a narrower set of calls: on
//! the web std's calls already fail with `Unsupported`, which is what the store must handle
//! anyway, and the store's safe saving (links refused, modes and owners kept, temporary files
//! renamed into place) uses a dozen of them, each tested against real files; a wrapper per call
//! would rename them without adding a guarantee. What is Unix-only about files (owners, modes)
//! is here, in [`owner`].

#[cfg(not(target_arch = "wasm32"))]
mod desktop;
mod file_exchange;
pub mod lms;
pub mod owner;
#[cfg(not(target_arch = "wasm32"))]
use desktop as implementation;
#[cfg(target_arch = "wasm32")]
pub mod page;
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
use web as implementation;

pub use file_exchange::{FileQuestion, Upload};
pub use implementation::{
    CAN_QUIT, Server, browser_storage, dialogs, dirs, page_address, pictures, threads, wall_clock,
};
/// The file system, where there is one. In a browser every call fails with `Unsupported`.
pub use std::fs;
/// How many threads a search may use, and the monotonic clock (std's `Instant` on the desktop,
/// one read from `performance.now()` in a browser, where std's panics): the engine's, which
/// needs them below this crate.
pub use tictactoe_engine::platform::{Instant, cores};
#[cfg(target_arch = "wasm32")]
pub use web::{WebWorker, call_later, in_web_worker, post_to_page, serve_page};

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    #[test]
    fn a_server_answers_every_request_in_order_and_batches_what_waits() {
        let (answers, inbox) = mpsc::channel();
        let server = Server::spawn("test", move |batch: Vec<u32>| {
            for request in batch {
                answers.send(request * 2).unwrap();
            }
        });
        for request in 1..=5 {
            assert!(server.send(request));
        }
        drop(server);
        let answered: Vec<u32> = inbox.iter().collect();
        assert_eq!(answered, [2, 4, 6, 8, 10]);
    }

    #[test]
    fn there_is_always_a_core() {
        assert!(cores() >= 1);
    }
}
