//! Tic-Tac-Toe with a minimax opponent that can show how it rates every move.
//!
//! The crate is built in layers, one folder each, and a module imports only from its own layer
//! and the layers below it (`tests/layers.rs` checks every `crate::` path):
//!
//! 0. [`platform`]: the seam where the desktop and the browser differ: work off the UI thread,
//!    threads and how many a search may use, the clocks, where files are kept and their owners,
//!    file dialogs, the web page's DOM. Nothing above it names threads, the clocks, the file
//!    system, `std::os`, the dialog crates or the browser's (clippy.toml and `tests/layers.rs`
//!    check it).
//! 1. [`engine`]: the rules ([`engine::board`]), depth-adjusted scores ([`engine::score`]), the
//!    searches that rate moves ([`engine::minimax`], with its solver), what the teaching
//!    searches need of a game ([`engine::rules`]) and the textbooks' abstract trees they also
//!    search ([`engine::game_tree`]), the computer's choices ([`engine::ai`]) and the clock
//!    ([`engine::clock`]).
//! 2. [`learn`]: pure functions from engine data to numbers and words: whose side a number is
//!    read from ([`learn::view`]), scores in words ([`learn::explain`]), the search as a tree and
//!    as a trace ([`learn::tree`], [`learn::trace`]), a game's moves classed
//!    ([`learn::review`]), practice positions ([`learn::practice`]), the teaching examples
//!    ([`learn::examples`]) and the abstract trees' values, picture and built-in trees
//!    ([`learn::abstract_tree`]).
//! 3. [`game`]: a match without knowing how it is drawn: a game's history and a session
//!    ([`game::Session`]), its record and accuracy ([`game::GameRecord`]), the match that runs
//!    the computer's turns ([`game::GameController`]) beside what is known of each position and
//!    which search to ask for next (`game/knowledge.rs`), and the thread that runs the searches
//!    ([`game::worker`]).
//! 4. [`store`]: what is kept on disk: the player's preferences ([`store::settings`]), saved
//!    games ([`store::game_file`]) and the file handling both share ([`store::files`]).
//! 5. [`app`] (the desktop game, the only module that knows egui) and [`cli`] (the command line),
//!    side by side on top; neither imports the other.
//!
//! The crate root re-exports the engine's everyday types ([`Board`], [`Score`], …) for callers
//! outside the crate; modules inside it name their full paths.
//!
//! ```
//! use tictactoe::{Board, Score, engine::minimax::{self, Search}};
//! let board: Board = "XOX/OOX/...".parse()?;
//! let analysis = minimax::AlphaBeta::new().analyze(&board);
//! let scores: Vec<i32> = analysis.moves.iter().map(|m| m.score.value()).collect();
//! assert_eq!(scores, [-9, 0, 10]); // (2,0) loses, (2,1) draws, (2,2) wins at once
//! # Ok::<(), tictactoe::engine::board::BoardError>(())
//! ```

pub mod app;
/// The command line has no place in a browser.
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
/// The engine is a crate of its own (`engine/`), so that the web page's build can optimise it
/// for speed and the rest for size; it is this crate's bottom layer all the same.
pub use tictactoe_engine as engine;
pub mod game;
/// The learning layer is a crate of its own (`learn/`), so that its tests need no window; it is
/// this crate's second layer all the same.
pub use tictactoe_learn as learn;
// The seam may call what clippy.toml keeps from every other module (threads, sleeping, the wall
// clock, folders, file dialogs) on the desktop; in a browser, where those panic or are missing,
// not even the seam may.
#[cfg_attr(
    not(target_arch = "wasm32"),
    allow(clippy::disallowed_methods, clippy::disallowed_types)
)]
pub mod platform;
pub mod store;

pub use engine::{Analysis, Board, Cell, Geometry, Mark, MoveScore, Outcome, Score, Verdict};
