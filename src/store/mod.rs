//! The storage layer: what is kept on disk. [`settings`] keeps the player's preferences,
//! [`game_file`] one game, [`picture_file`] an exported picture, and [`files`] the reading and
//! atomic writing they share; [`shown_path()`] is how every message writes a path. It imports
//! from the game, learning and engine layers.

pub mod exercise_progress;
pub mod files;
pub mod game_file;
mod game_shape;
pub mod picture_file;
pub mod settings;
mod shown_path;
pub mod window_state;

pub use shown_path::{MAX_SHOWN_PATH_CHARS, shown_path};
