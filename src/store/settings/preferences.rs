//! What the settings hold ([`Settings`], [`ColorTheme`]) and the values each field may take, as
//! the file is read.

use std::ops::RangeInclusive;
use std::time::Duration;

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize};

use crate::engine::ai::Difficulty;
use crate::engine::board::{Geometry, Mark};
use crate::game::{FirstPlayer, GameSetup, Mode, PlayOptions};
use crate::learn::view::ScoreView;

/// Light or dark colours, or `System`: the operating system's preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ColorTheme {
    Dark,
    Light,
    #[default]
    System,
}

impl ColorTheme {
    /// Every choice, in menu order.
    pub const ALL: [ColorTheme; 3] = [Self::Dark, Self::Light, Self::System];
}

/// Everything the game remembers between runs, as users see and edit it in the file. A new field
/// that is not an enum needs an arm in `describe` (in `format.rs`).
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
    /// Whose side the scores are seen from.
    pub score_view: ScoreView,
    /// Whether the first-run tip about the scores is still to be shown.
    pub welcome_hint: bool,
    /// Whether the game-tree explorer is open.
    pub explorer_open: bool,
    /// Light or dark colours.
    pub theme: ColorTheme,
    /// The board's side, in [`Settings::BOARD_SIZES`].
    #[serde(deserialize_with = "board_size")]
    pub board_size: u8,
    /// How many in a row win, 3 to 5 and at most the side; 0 for the usual length of the size
    /// (3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7).
    #[serde(deserialize_with = "in_a_row")]
    pub in_a_row: u8,
    /// How long the computer may think on boards too large to solve at once.
    #[serde(deserialize_with = "think_time_ms")]
    pub think_time_ms: u32,
    /// How long the computer pauses before it moves, at most [`Settings::MAX_AI_DELAY_MS`].
    #[serde(deserialize_with = "ai_delay_ms")]
    pub ai_delay_ms: u32,
    /// Whether text, code and drawings are drawn large enough for a projector.
    pub presenter: bool,
}

impl Settings {
    /// How the next game is set up.
    pub fn game_setup(&self) -> GameSetup {
        GameSetup {
            mode: self.mode,
            human_mark: self.human_mark,
            first_player: self.first_player,
            geometry: self.geometry(),
        }
    }

    /// How the computer plays and whether scores are wanted, as the controller takes them.
    pub fn play(&self) -> PlayOptions {
        PlayOptions {
            difficulty: self.difficulty,
            ai_delay: Duration::from_millis(u64::from(self.ai_delay_ms)),
            scores_wanted: self.show_scores,
            think_time: Duration::from_millis(u64::from(self.think_time_ms)),
        }
    }

    /// The board the settings ask for; a line length that does not fit the size gives way to the
    /// usual one, and a size this build cannot play to the classic board.
    pub fn geometry(&self) -> Geometry {
        let side = usize::from(self.board_size);
        Geometry::new(side, side, usize::from(self.in_a_row))
            .or_else(|_| Geometry::with_default_k(side, side))
            .unwrap_or(Geometry::CLASSIC)
    }

    /// These settings with the fields that differ between `old` and `new` taken from `new`: what
    /// to save when `self` is what is saved and the player changed `old` to `new`.
    #[must_use]
    pub fn with_changes(&self, old: &Settings, new: &Settings) -> Settings {
        let mut out = self.clone();
        macro_rules! take {
            ($($field:ident),*) => {
                // Every field, so that a new one is not forgotten here.
                let Settings { $($field: _),* } = new;
                $(if old.$field != new.$field {
                    out.$field = new.$field.clone();
                })*
            };
        }
        take!(
            version,
            first_player,
            human_mark,
            mode,
            difficulty,
            show_scores,
            score_view,
            welcome_hint,
            explorer_open,
            theme,
            board_size,
            in_a_row,
            think_time_ms,
            ai_delay_ms,
            presenter
        );
        out
    }

    /// The version this build writes.
    pub const VERSION: u32 = 1;
    /// The board sizes the game plays.
    pub const BOARD_SIZES: std::ops::RangeInclusive<u8> = 3..=7;
    /// The computer's thinking time on large boards may be set within this.
    pub const THINK_TIME_MS: std::ops::RangeInclusive<u32> = 100..=60_000;
    /// The longest pause before a computer move (longer looks like seconds meant as ms).
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
            score_view: ScoreView::SideToMove,
            welcome_hint: true,
            explorer_open: false,
            theme: ColorTheme::System,
            board_size: 3,
            in_a_row: 0,
            think_time_ms: 2_000,
            ai_delay_ms: 300,
            presenter: false,
        }
    }
}

pub(super) const BOARD_SIZE_EXPECTED: &str = "a side from 3 to 7";
pub(super) const IN_A_ROW_EXPECTED: &str = "0 (the usual for the size) or 3 to 5, at most the side";
pub(super) const THINK_TIME_EXPECTED: &str = "a whole number of milliseconds from 100 to 60000";
pub(super) const AI_DELAY_EXPECTED: &str = "a whole number of milliseconds from 0 to 10000";

/// `value` if it is in `range`, else an error saying what was expected.
fn in_range<E: Error>(value: i64, range: RangeInclusive<u32>, expected: &str) -> Result<u32, E> {
    let ok = u32::try_from(value).ok().filter(|v| range.contains(v));
    ok.ok_or_else(|| E::custom(format!("expected {expected}, found {value}")))
}

/// Reads `board_size`: a side in [`Settings::BOARD_SIZES`].
fn board_size<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let sizes = Settings::BOARD_SIZES;
    let range = u32::from(*sizes.start())..=u32::from(*sizes.end());
    in_range(i64::deserialize(d)?, range, BOARD_SIZE_EXPECTED).map(|size| size as u8)
}

/// Reads `in_a_row`: 0 for the usual length, else 3 to 5.
fn in_a_row<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    match i64::deserialize(d)? {
        0 => Ok(0), // the usual length for the size
        k => in_range(k, 3..=5, IN_A_ROW_EXPECTED).map(|k| k as u8),
    }
}

/// Reads `think_time_ms`: within [`Settings::THINK_TIME_MS`].
fn think_time_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let range = Settings::THINK_TIME_MS;
    in_range(i64::deserialize(d)?, range, THINK_TIME_EXPECTED)
}

/// Reads `ai_delay_ms`: at most [`Settings::MAX_AI_DELAY_MS`].
fn ai_delay_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let max = Settings::MAX_AI_DELAY_MS;
    in_range(i64::deserialize(d)?, 0..=max, AI_DELAY_EXPECTED)
}
