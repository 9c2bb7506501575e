//! The player's preferences, saved as RON.
//!
//! The file is `settings.ron` in the platform's config directory ([`default_path`]) unless the
//! game was given another one. [`Store::open`] loads it once at start-up and [`Store::save`]
//! writes it back atomically (a temporary file beside it, written, synced, then persisted over
//! it), so a crash or a full disk leaves either the old file or the new one, never half of each.
//!
//! Loading never fails. A file the game cannot fully accept (bad RON, a wrong or out-of-range
//! value, junk, too large, unreadable, a directory in its place) gives the defaults for whatever
//! could not be read, keeps every field that could, and comes with a [`SettingsProblem`] that
//! names the file, the line and column, and what was used instead. A missing file is a first run.
//!
//! The user's bytes are never lost. A file that could be read is copied to
//! `settings.ron.broken-<unix-seconds>` at load time (an identical copy is reused). One that could
//! not be read (no permission, too large) is hard-linked (or else renamed) to such a name by
//! [`Store::save`] just before the new file replaces it, reported in [`Saved`]. If no copy can be
//! made, the save fails and the file stays as it is. A directory or a special file (a FIFO, a
//! device such as `/dev/null`) in place of the file is never touched.

mod file;
mod format;
mod problems;

use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::board::Mark;

pub use file::{
    FileOps, Loaded, MAX_FILE_SIZE, RealFiles, Saved, Store, default_path, load_strict, save_to,
    save_to_with,
};
pub use format::to_ron;
pub use problems::{Backup, Issue, Position, SaveError, SettingsError, SettingsProblem};

/// Who makes the first move of a game; `Alternate`: each in turn, game after game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FirstPlayer {
    #[default]
    Human,
    Computer,
    Alternate,
}

/// Who plays: a human against the computer, two humans at the same screen, or the computer
/// against itself, for watching.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    #[default]
    VsComputer,
    TwoPlayers,
    ComputerVsComputer,
}

/// Light or dark colours, or `System`: the operating system's preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    Dark,
    Light,
    #[default]
    System,
}

impl FirstPlayer {
    /// Every choice, in menu order.
    pub const ALL: [FirstPlayer; 3] = [Self::Human, Self::Computer, Self::Alternate];
}

impl Mode {
    /// Every choice, in menu order.
    pub const ALL: [Mode; 3] = [Self::VsComputer, Self::TwoPlayers, Self::ComputerVsComputer];
}

impl Theme {
    /// Every choice, in menu order.
    pub const ALL: [Theme; 3] = [Self::Dark, Self::Light, Self::System];
}

/// Everything the game remembers between runs. Field names are what users see and edit in the
/// file; missing fields take their defaults and unknown ones are ignored.
/// A new field needs an entry in `FIELDS` and `describe` (in `format.rs`) too.
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
    #[serde(deserialize_with = "format::board_size")]
    pub board_size: u8,
    /// How long the computer pauses before it moves, at most [`Settings::MAX_AI_DELAY_MS`].
    #[serde(deserialize_with = "format::ai_delay_ms")]
    pub ai_delay_ms: u32,
}

impl Settings {
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
