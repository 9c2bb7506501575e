//! Tic-Tac-Toe with a minimax opponent that can show how it rates every move.
//!
//! The crate is layered one way: [`board`] holds the rules, [`minimax`] rates moves, [`ai`] turns
//! ratings into the computer's choices, [`game`] keeps a game's history, and [`settings`] the
//! player's preferences. The desktop app (`app`) and the command line (`cli`) sit on top; nothing
//! below them knows about egui.
//!
//! ```
//! use tictactoe::{Board, minimax};
//! let board: Board = "XOX/OOX/...".parse()?;
//! let analysis = minimax::Searcher::new().analyze(&board);
//! let scores: Vec<i32> = analysis.moves.iter().map(|m| m.score).collect();
//! assert_eq!(scores, [-9, 0, 10]); // (2,0) loses, (2,1) draws, (2,2) wins at once
//! # Ok::<(), tictactoe::board::BoardError>(())
//! ```

pub mod ai;
pub mod app;
pub mod board;
pub mod cli;
pub mod game;
pub mod minimax;
pub mod settings;

pub use board::{Board, Cell, Geometry, Mark, Outcome};
pub use minimax::{Analysis, MoveScore};
