//! The player's preferences, saved as RON.
//!
//! # Where and how
//!
//! The file is `settings.ron` in the platform's config directory ([`default_path`]) unless the
//! game was given another one. [`Store::open`] loads it once at start-up and [`Store::save`]
//! writes it back atomically: a temporary file beside it is written, flushed and synced, then
//! renamed over the old one, so a crash or a full disk leaves either the old file or the new one,
//! never half of each.
//!
//! # Broken files
//!
//! Loading never fails. A file the game cannot fully accept (bad RON, a wrong or out-of-range
//! value, junk, too large, unreadable, a directory in its place) gives the defaults for whatever
//! could not be read, keeps every field that could, and comes with a [`SettingsProblem`] that
//! names the file, the line and column, and what was used instead. A missing file is a first run,
//! not a problem.
//!
//! The user's bytes are never lost. When the file could be read, its exact bytes are copied to
//! `settings.ron.broken-<unix-seconds>` right away at load time, before anything can write over
//! it, so the problem message can already say where the copy is (an existing identical copy is
//! reused, so starting the game again and again with the same broken file does not pile up
//! copies). When the file could not be read (no permission, too large), the game cannot copy
//! it; instead [`Store::save`] hard-links it (or, failing that, renames it) to such a name just
//! before putting the new file in place, and reports the name in [`Saved`]. If a copy cannot be
//! made, the save fails and the file stays as it is. A directory or a special file (a FIFO, a
//! device such as `/dev/null`) in place of the file is never touched: saving there fails with
//! [`SaveError::IsDirectory`] or [`SaveError::NotARegularFile`].

mod file;
mod format;
mod problems;

use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::board::{Geometry, Mark};
use crate::game::GameSetup;
pub use crate::game::{FirstPlayer, Mode};

pub use file::{
    FileOps, Loaded, MAX_FILE_SIZE, RealFiles, Saved, Store, default_path, load_strict, save_to,
    save_to_with,
};
pub use format::to_ron;
pub use problems::{Backup, Issue, Position, SaveError, SettingsError, SettingsProblem};

/// Light or dark colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    /// Dark colours.
    Dark,
    /// Light colours.
    Light,
    /// Follow the operating system's light or dark preference.
    #[default]
    System,
}

impl Theme {
    /// Every choice, in menu order.
    pub const ALL: [Theme; 3] = [Theme::Dark, Theme::Light, Theme::System];
}

/// Everything the game remembers between runs. Field names are what users see and edit in the
/// file; missing fields take their defaults and unknown ones are ignored.
///
/// A new field needs an entry in `FIELDS` (in `format.rs`) too (saving checks that the file
/// reads back the same, so a forgotten one fails the round-trip tests rather than going
/// unnoticed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The file format's version, [`Settings::VERSION`] when this build wrote it.
    pub version: u32,
    /// Who starts a game.
    pub first_player: FirstPlayer,
    /// The human's mark against the computer.
    pub human_mark: Mark,
    /// Who plays.
    pub mode: Mode,
    /// How strong the computer plays.
    pub difficulty: Difficulty,
    /// Whether the computer's rating of every move is shown.
    pub show_scores: bool,
    /// Light or dark colours.
    pub theme: Theme,
    /// Only [`Settings::BOARD_SIZE`] for now.
    #[serde(deserialize_with = "format::deserialize_board_size")]
    pub board_size: u8,
    /// How long the computer pauses before it moves, at most [`Settings::MAX_AI_DELAY_MS`].
    #[serde(deserialize_with = "format::deserialize_ai_delay_ms")]
    pub ai_delay_ms: u32,
}

impl Settings {
    /// How the next game is set up.
    pub fn game_setup(&self) -> GameSetup {
        let side = usize::from(self.board_size);
        GameSetup {
            mode: self.mode,
            human_mark: self.human_mark,
            first_player: self.first_player,
            geometry: Geometry::with_default_k(side, side).unwrap_or(Geometry::CLASSIC),
        }
    }

    /// The version this build writes.
    pub const VERSION: u32 = 1;
    /// The only board size the game plays so far.
    pub const BOARD_SIZE: u8 = 3;
    /// The longest pause before a computer move that a file may ask for. Longer looks like a
    /// typo (seconds for milliseconds) and would make the game seem hung.
    pub const MAX_AI_DELAY_MS: u32 = 10_000;
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: Settings::VERSION,
            first_player: FirstPlayer::Human,
            human_mark: Mark::X,
            mode: Mode::VsComputer,
            difficulty: Difficulty::Perfect,
            show_scores: false,
            theme: Theme::System,
            board_size: 3,
            ai_delay_ms: 300,
        }
    }
}
