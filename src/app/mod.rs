//! The desktop app: holds the settings and the match controller, draws them, and turns clicks
//! and keys into commands.
//!
//! Data flows one way: input → [`Command`] → controller (or settings) → searches on the worker →
//! results back into the controller → drawn. Drawing code only returns commands, which the app
//! carries out after drawing. What the board shows is one value, [`OnShow`]: every panel takes
//! the position it counts depth from there, and every number from [`crate::learn::view::Seen`].

mod commands;
pub mod controls;
mod drawing;
mod files;
mod on_show;
mod shell;
mod view;
mod views;
/// The page's fonts (built on every target, so that their test runs on the desktop).
pub mod web_fonts;

/// A link's position, view and scores, read and written.
pub use files::link;
/// The web page's start, as `launch` is the desktop's: the game on a canvas.
#[cfg(target_arch = "wasm32")]
pub use shell::web;

pub use commands::Command;
/// The quiz the set builder saves (GIFT or Moodle XML), for the tests that hold it to the
/// command line's bytes.
pub use commands::QuizFormat;
pub use drawing::board_widget::{BoardWidget, Spoken};
pub use on_show::{OnShow, Source};
#[cfg(not(target_arch = "wasm32"))]
pub use shell::launch::{WindowFailure, run};
pub use shell::options::{AppOptions, BoardMirror, ControlsMirror, PressedCells, StatusMirror};
pub use shell::tic_tac_toe_app::TicTacToeApp;
pub use view::ViewKind;
pub use views::set_builder::quiz_text;
