//! How the app is started ([`AppOptions`]), and the mirrors through which a web page keeps
//! copies of what the app draws.

use std::path::PathBuf;
use std::sync::Arc;

use crate::app::drawing::board_widget::Spoken;
use crate::app::files::link::Link;
use crate::engine::clock::Clock;

/// How the app is started.
#[derive(Clone, Default)]
pub struct AppOptions {
    /// The settings file (`--settings FILE`); `None` for the platform's config directory.
    pub settings_path: Option<PathBuf>,
    /// Where the window's size and position are written on the way out (the desktop's window;
    /// `None` in tests and on the web page: not written).
    pub window_state: Option<crate::store::window_state::WindowStateFile>,
    /// Seed for the computer's random choices, so that tests replay exactly; `None` for a fresh one.
    pub ai_seed: Option<u64>,
    /// Where the computer's pauses are timed; `None` for the system clock. Tests set their own.
    pub clock: Option<Arc<dyn Clock>>,
    /// The positions a step-through trace may visit; `None` for [`crate::game::TRACE_LIMIT`].
    pub trace_limit: Option<u64>,
    /// The positions the review (M) may visit in each position of the game; `None` for
    /// [`crate::learn::review::REVIEW_NODE_BUDGET`], `tictactoe review`'s default.
    pub review_node_budget: Option<u64>,
    /// What to open on and show (a position, whose numbers, a textbook's tree, a set of
    /// exercises): the web page's link, or the command line's `--position`, `--tree` and
    /// `--exercises`, which say the same. Against the computer you take the position's side to
    /// move, so that it is yours to study and play; whose numbers and whether the scores are on
    /// hold for this visit only. What of a link could not be used is said over the board at start.
    pub open_on: Link,
    /// Called with the status line and the words over the board (a notice, or the first line of
    /// a preview's banner; `""` for none) whenever they are drawn: the web page keeps a copy of
    /// each in the page (`aria-live` regions that screen readers and the browser tests read).
    pub status_mirror: Option<StatusMirror>,
    /// Told what a screen reader hears of the board on show whenever it is drawn: the web page
    /// keeps a button for each cell with that name, which assistive technology reads and
    /// presses (eframe's web runner gives it nothing of egui's own names).
    pub board_mirror: Option<BoardMirror>,
    /// Told the open view's key controls, their names and places, as each frame draws them:
    /// the web page keeps a button over each for assistive technology (see [`crate::app::controls`]).
    pub controls_mirror: Option<ControlsMirror>,
    /// Asked every frame for the cells pressed outside the canvas since (the page's cell
    /// buttons), by their index in reading order.
    pub pressed_cells: Option<PressedCells>,
    /// The screen is known to be a touch screen before it is first touched (a phone's or a
    /// tablet's page), so that the first screen already speaks of taps and is sized for fingers.
    pub touch_screen: bool,
    /// Show no file dialog, as where none can be shown: a game is saved as text on the
    /// clipboard instead (for tests, where a dialog would wait for a person).
    pub no_file_dialogs: bool,
}

/// Told the board's and its cells' names as they are drawn.
pub type BoardMirror = Arc<dyn Fn(&Spoken) + Send + Sync>;

pub use crate::app::controls::ControlsMirror;

/// Gives the cells pressed outside the canvas since it was last asked.
pub type PressedCells = Arc<dyn Fn() -> Vec<usize> + Send + Sync>;

/// Told the status line and the notice as they are drawn.
pub type StatusMirror = Arc<dyn Fn(&str, &str) + Send + Sync>;
