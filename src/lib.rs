//! Tic-Tac-Toe with a minimax opponent that can show how it rates every move.
//!
//! The crate is layered one way: [`board`] holds the rules, [`score`] the depth-adjusted scores,
//! [`minimax`] rates moves, [`ai`] turns ratings into the computer's choices, [`game`] keeps a
//! game's history and runs a match (the computer's turns, the searches it needs) without knowing
//! how it is drawn, [`worker`] runs searches on a thread, and [`settings`] keeps the player's
//! preferences. The desktop app (`app`) and the command line (`cli`) sit on top; nothing below
//! them knows about egui.
//!
//! ```
//! use tictactoe::{Board, Score, minimax};
//! let board: Board = "XOX/OOX/...".parse()?;
//! let analysis = minimax::Searcher::new().analyze(&board);
//! let scores: Vec<i32> = analysis.moves.iter().map(|m| m.score.value()).collect();
//! assert_eq!(scores, [-9, 0, 10]); // (2,0) loses, (2,1) draws, (2,2) wins at once
//! # Ok::<(), tictactoe::board::BoardError>(())
//! ```

pub mod ai;
pub mod app;
pub mod board;
pub mod cli;
pub mod clock;
pub mod examples;
pub mod explain;
pub mod files;
pub mod game;
pub mod game_file;
pub mod minimax;
pub mod practice;
pub mod review;
pub mod score;
pub mod settings;
pub mod trace;
pub mod tree;
pub mod view;
pub mod worker;

pub use board::{Board, Cell, Geometry, Mark, Outcome};
pub use minimax::{Analysis, MoveScore};
pub use score::{Score, Verdict};
