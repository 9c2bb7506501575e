//! The storage layer: what is kept on disk. [`settings`] keeps the player's preferences,
//! [`game_file`] one game, and [`files`] the reading and atomic writing both share. It imports
//! from the game, learning and engine layers.

pub mod files;
pub mod game_file;
pub mod settings;
