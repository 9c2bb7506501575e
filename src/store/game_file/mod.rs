//! Saved games: a small RON file that keeps one game (its board, who sat where, where it started,
//! its moves and its result), opening with the `tictactoe review` command that reviews it.
//!
//! ```text
//! // tictactoe review 5,1,9,3 --first X --size 3 --k 3
//! (
//!     version: 1,          // the game file format
//!     size: 3,             // the board's side, 3 to 7
//!     k: 3,                // how many in a row win
//!     first: X,            // the mark that made the first move
//!     x: Human,            // who played X: Human | Computer
//!     o: Computer,         // who played O: Human | Computer
//!     moves: [5, 1, 9, 3], // cells numbered from 1 in reading order
//!     result: "ongoing",   // X wins | O wins | draw | ongoing
//! )
//! ```
//!
//! A game that started from a set-up position has `start: Some("X../.O./...")` (the position in
//! notation, with `first` to move and `k` in a row), and its command ends with `--from BOARD`.
//!
//! A game with no moves yet has no command to give (`review` needs a move), so its first line
//! says so instead: `// tictactoe review: no moves to review yet (--first X --size 3 --k 3)`.
//!
//! [`load`] accepts a file only when all of it is right: the RON, the version, the board, the
//! start position (by `analyze`'s rules, with its messages), every move (named as `tictactoe
//! review` names it) and the result. Each problem is one line naming the file, and loading never
//! writes anything. [`save`] writes atomically (a temporary file beside the target, synced, then
//! renamed over it), so a failed save leaves the old file whole.
//!
//! The file keeps who played X and who played O; [`GameSetup`] is derived from that when a file is
//! read: `Human`/`Computer` is [`Mode::VsComputer`] with the human on X (and the other way round
//! with the human on O), two humans [`Mode::TwoPlayers`], two computers
//! [`Mode::ComputerVsComputer`]; `human_mark` is the first mover's mark when both seats are alike;
//! and `first_player` is [`FirstPlayer::Human`] when the human's mark moved first, else
//! [`FirstPlayer::Computer`]. [`FirstPlayer::Alternate`] is a rule for a series of games, not a
//! fact about one, so it is saved as whichever of the two it gave.
//!
//! [`GameSetup`]: crate::game::GameSetup
//! [`Mode::VsComputer`]: crate::game::Mode::VsComputer
//! [`Mode::TwoPlayers`]: crate::game::Mode::TwoPlayers
//! [`Mode::ComputerVsComputer`]: crate::game::Mode::ComputerVsComputer
//! [`FirstPlayer::Human`]: crate::game::FirstPlayer::Human
//! [`FirstPlayer::Computer`]: crate::game::FirstPlayer::Computer
//! [`FirstPlayer::Alternate`]: crate::game::FirstPlayer::Alternate

mod file;
mod format;

use std::io;
use std::path::PathBuf;

use thiserror::Error;

use crate::engine::board::{
    BadMoveNumber, Board, BoardError, Geometry, MAX_SIDE, MIN_SIDE, MoveNumbers, NotSquare,
};
use crate::game::GameRecord;

pub use file::{load, save};
pub use format::{from_text, looks_like_game, to_text};

/// The file format's version, written by this build and the only one it reads.
pub const VERSION: u32 = 1;

/// The largest game file [`load`] reads. The longest game, on 7×7, takes under 1 KiB.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// A line and column in a game file, from 1 (columns in characters).
pub use ron::error::Position;

/// What is wrong with a game's text, or with a game that is to be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameFileProblem {
    #[error("no such file")]
    NotFound,
    #[error("cannot be read: {0}")]
    Unreadable(String),
    #[error("is a directory, not a game file")]
    IsDirectory,
    #[error("is not a regular file")]
    NotARegularFile,
    #[error("is {size} bytes long; a game file is at most {MAX_FILE_BYTES} bytes")]
    TooLarge { size: u64 },
    #[error("is not text: line {}, column {} is not UTF-8", .at.line, .at.col)]
    NotUtf8 { at: Position },
    #[error("is empty")]
    Empty,
    /// Settings (what "Save settings as…" writes), not a game.
    #[error("is a settings file, not a saved game")]
    SettingsFile,
    #[error("line {}, column {}: {detail}", .at.line, .at.col)]
    Syntax { at: Position, detail: String },
    #[error("has no version: a game file starts with (version: {VERSION}, …)")]
    NoVersion,
    #[error("is version {found}; this build reads version {VERSION} game files")]
    Version { found: u32 },
    #[error(
        "size {found}: the game offers boards from {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}"
    )]
    Size { found: usize },
    #[error("k: {0}")]
    K(BoardError),
    #[error("{}", NotSquare { rows: *rows, cols: *cols })]
    Shape { rows: usize, cols: usize },
    #[error(
        "the start position's board ({}×{}, {} in a row) is not the game's ({}×{}, {} in a row)",
        .start.rows(), .start.cols(), .start.k(), .setup.rows(), .setup.cols(), .setup.k()
    )]
    SetupGeometry { start: Geometry, setup: Geometry },
    #[error("start position {notation:?} is {rows}×{cols}, but the game is {size}×{size}")]
    StartSize {
        notation: String,
        rows: usize,
        cols: usize,
        size: usize,
    },
    /// The start position is not one a game could reach; the message is `analyze`'s.
    #[error("start position {notation:?}: {error}")]
    Start { notation: String, error: BoardError },
    /// A move that is not a cell, or cannot be played; worded as `tictactoe review` words it.
    #[error("{0}")]
    Move(BadMoveNumber),
    #[error("result {found:?}: expected \"X wins\", \"O wins\", \"draw\" or \"ongoing\"")]
    BadResult { found: String },
    #[error("result says {written:?}, but the moves end in {actual:?}")]
    WrongResult {
        written: String,
        actual: &'static str,
    },
}

impl From<BadMoveNumber> for GameFileProblem {
    fn from(bad: BadMoveNumber) -> Self {
        GameFileProblem::Move(bad)
    }
}

/// A game file that could not be read, and why: one line naming the file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("game file {}: {problem}", crate::store::shown_path(.path))]
pub struct GameFileError {
    pub path: PathBuf,
    pub problem: GameFileProblem,
}

/// A game that could not be saved, and why: one line naming the file.
#[derive(Debug, Error)]
#[error("cannot save the game to {}: {reason}", crate::store::shown_path(.path))]
pub struct GameSaveError {
    pub path: PathBuf,
    pub reason: SaveReason,
}

/// Why a save failed.
#[derive(Debug, Error)]
pub enum SaveReason {
    /// The game itself cannot be written (its moves are illegal, or its board is not one the
    /// game offers).
    #[error("{0}")]
    Game(GameFileProblem),
    #[error("it is a directory")]
    IsDirectory,
    #[error("it is not a regular file")]
    NotARegularFile,
    #[error("the path does not name a file")]
    NoFileName,
    #[error("the file is read-only; it was left as it is")]
    ReadOnly,
    #[error(
        "the file belongs to another user, which a new file could not keep; it was left as it is"
    )]
    OtherOwner,
    #[error("it is a settings file, not a game; it was left as it is")]
    SettingsFile,
    #[error("its folder does not exist")]
    MissingFolder,
    #[error("{0}")]
    Io(io::Error),
}

/// The `tictactoe review` command that reviews `record`'s moves (with `--from BOARD` when the game
/// started from a set-up position; `review` needs that option for such games).
pub fn review_command(record: &GameRecord) -> String {
    let geometry = record.start.geometry();
    let options = format!(
        "--first {} --size {} --k {}",
        record.start.to_move(),
        geometry.rows(),
        geometry.k()
    );
    let from = if is_empty_start(record) {
        String::new()
    } else {
        format!(" --from {}", record.start.notation().as_str())
    };
    if record.moves.is_empty() {
        format!("tictactoe review: no moves to review yet ({options}{from})")
    } else {
        let moves = MoveNumbers::of(geometry, &record.moves);
        format!("tictactoe review {moves} {options}{from}")
    }
}

/// Whether `record` started from an empty board.
fn is_empty_start(record: &GameRecord) -> bool {
    record.start == Board::empty(record.start.geometry(), record.start.to_move())
}
