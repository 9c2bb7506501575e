//! The shell around the views: the app's state and eframe's frame, the menus, the keys, the
//! panels, carrying out the commands, and the app's side of files (dialogs answered, settings
//! and games loaded and saved, pictures written).

mod apply;
mod hand_ins;
mod keys;
/// The window, on the desktop (a browser starts the app from its own entry point).
#[cfg(not(target_arch = "wasm32"))]
pub(super) mod launch;
mod lms_link;
mod menus;
mod notice;
mod open_views;
pub(super) mod options;
mod panels;
mod picture_saving;
mod preview;
mod progress_keeping;
mod quiz_export;
mod settings_io;
pub(super) mod tic_tac_toe_app;
mod transfers;
/// The web page's start, as `launch` is the desktop's: the game on a canvas.
#[cfg(target_arch = "wasm32")]
pub mod web;
