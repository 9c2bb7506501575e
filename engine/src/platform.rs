//! What the engine needs of the machine it runs on, in one place: how many threads a search may
//! use, scoped threads, and the monotonic clock. The game's own platform seam re-exports these
//! and adds the rest (files, dialogs, the page); nothing else in the engine names `std::thread`
//! or `std::time::Instant` (`tests/layers.rs` checks it).

/// A point in time on the monotonic clock: std's type on the desktop (`web-time` re-exports it),
/// one read from `performance.now()` in a browser, where std's panics.
pub use web_time::Instant;

/// How many threads can run at once (at least one).
#[cfg(not(target_arch = "wasm32"))]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The page has one thread.
#[cfg(target_arch = "wasm32")]
pub fn cores() -> usize {
    1
}

/// Threads a search shares its work among.
pub mod threads {
    /// Scoped threads, for a search that shares its work among as many threads as
    /// [`crate::platform::cores`] says. A browser has one core, so a search never spawns one
    /// there (std's spawn would panic); the scope runs its closure on the calling thread.
    pub use std::thread::scope;
}
