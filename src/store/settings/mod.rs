//! The player's preferences, saved as RON in `settings.ron` ([`default_path`]) or the file given
//! with `--settings`. [`Store::open`] loads it once; [`Store::save`] writes it back atomically.
//!
//! Loading never fails. A file the game cannot fully accept gives defaults for what could not be
//! read, keeps every field that could, and comes with a [`SettingsProblem`] that names the file,
//! the line and column, and what was used instead. The user's bytes are never lost: they are kept
//! as `settings.ron.broken-<unix-seconds>` before anything is written over them, or nothing is
//! written. A directory or a special file in place of the file is never touched.

mod file;
mod format;
mod preferences;
mod problems;

pub use file::{FileOps, Loaded, RealFiles, Saved, Store};
pub use file::{
    default_path, from_text_strict, load_strict, save_to, save_to_with, window_state_path,
};
pub use format::{UnknownFields, from_text, looks_like_settings, to_ron, to_ron_keeping};
pub use preferences::{ColorTheme, Settings};
pub use problems::{Backup, Issue, MAX_FILE_SIZE, SaveError, SettingsError, SettingsProblem};
/// A line and column in a settings file, from 1 (columns in characters).
pub use ron::error::Position;
