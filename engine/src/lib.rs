//! The engine of the Tic-Tac-Toe game, a crate of its own below the game: the rules
//! ([`board`]), depth-adjusted scores ([`score`]), the searches that rate moves ([`minimax`],
//! with its solver), what its teaching searches need of a game ([`rules`]), the textbooks'
//! abstract trees they also search ([`game_tree`], chance nodes with [`fraction`]s among them),
//! Monte Carlo tree search over the same rules ([`mcts`]), the computer's choices from those ratings
//! ([`ai`]), a match between two computer players ([`contest`]) and the clock searches are timed by ([`clock`]). It knows nothing of the game above
//! it (its app, command line and files); what it needs of the machine (threads, the clock) is
//! in [`platform`].
//!
//! A crate of its own so that it can be built for speed where the rest is built for size (the
//! web page's profile), and measured alone, in a browser's WebAssembly as natively.

pub mod ai;
pub mod board;
pub mod clock;
pub mod contest;
pub mod fraction;
pub mod game_tree;
pub mod mcts;
pub mod minimax;
// The seam may call what clippy.toml keeps from every other module (here: how many threads the
// machine has) on the desktop; in a browser not even the seam may.
#[cfg_attr(
    not(target_arch = "wasm32"),
    allow(clippy::disallowed_methods, clippy::disallowed_types)
)]
pub mod platform;
pub mod rules;
pub mod score;

pub use board::{Board, Cell, Geometry, Mark, Outcome};
pub use minimax::{Analysis, MoveScore};
pub use score::{Score, Verdict};
