//! The desktop app: holds the settings and the match controller, draws them, and turns clicks
//! and keys into commands.
//!
//! Data flows one way: input → [`Command`] → controller (or settings) → searches on the worker →
//! results back into the controller → drawn. Drawing code only returns commands, which the app
//! carries out after drawing. What the board shows is one value, [`OnShow`]: every panel takes
//! the position it counts depth from there, and every number from [`crate::learn::view::Seen`].

mod apply;
mod board_widget;
mod coach;
mod code_panel;
mod commands;
pub mod controls;
mod dialogs;
mod editor;
mod exercise_tree;
mod exercises;
mod explorer;
mod keys;
/// The window, on the desktop (a browser starts the app from its own entry point).
#[cfg(not(target_arch = "wasm32"))]
mod launch;
mod legend;
pub mod link;
mod menus;
mod notice;
mod on_show;
mod options;
mod panels;
mod picture_saving;
mod preview;
mod review_graph;
mod saver;
mod settings_io;
mod stepper;
mod texts;
mod tic_tac_toe_app;
mod transfers;
mod tree_drawing;
mod tree_export;
mod tree_lab;
/// The web page's start, as `launch` is the desktop's: the game on a canvas.
#[cfg(target_arch = "wasm32")]
pub mod web;
pub mod web_fonts;

pub use board_widget::{BoardWidget, Spoken};
pub use commands::Command;
#[cfg(not(target_arch = "wasm32"))]
pub use launch::{WindowFailure, run};
pub use on_show::{OnShow, Source};
pub use options::{AppOptions, BoardMirror, ControlsMirror, PressedCells, StatusMirror};
pub use tic_tac_toe_app::TicTacToeApp;
