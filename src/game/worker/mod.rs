//! The search worker: callers ask it to analyze positions, it answers with each move as it is
//! settled and then the whole analysis, and calls a wake function after every answer. Nobody ever
//! waits for it. On the desktop it is a thread (`thread.rs`); in a browser, a Web Worker running
//! this same program, spoken to in serialised messages (`page.rs`, `messages.rs`). Both serve
//! through `serve.rs`.
//!
//! It always works on the newest request: a new request cancels the search under way and
//! replaces any request still waiting, so a player who clicks quickly never waits for searches
//! of positions already gone. A cancelled or replaced request gets no answer.

#[cfg(any(test, target_arch = "wasm32"))]
mod messages;
#[cfg(target_arch = "wasm32")]
mod page;
mod protocol;
mod serve;
#[cfg(not(target_arch = "wasm32"))]
mod thread;

#[cfg(target_arch = "wasm32")]
pub use page::{SearchWorker, serve_page};
pub use protocol::{
    AnalysisProgress, DEFAULT_NODE_BUDGET, Job, MCTS_PROGRESS_EVERY, MatchSoFar, Reply, Request,
    RequestId,
};
#[cfg(not(target_arch = "wasm32"))]
pub use thread::SearchWorker;
