//! What can be wrong with a game file, read or saved: each problem one line, and the limits
//! those lines quote (the version this build reads, the largest file it reads).

use std::io;
use std::path::PathBuf;

use thiserror::Error;

use crate::engine::board::{BadMoveNumber, BoardError, Geometry, MAX_SIDE, MIN_SIDE, NotSquare};
use crate::store::shown_path::shown_path;

/// The file format's version, written by this build and the only one it reads.
pub const VERSION: u32 = 1;

/// The largest game file [`load`](super::load) reads. The longest game, on 7×7, takes under 1 KiB.
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
#[error("game file {}: {problem}", shown_path(.path))]
pub struct GameFileError {
    pub path: PathBuf,
    pub problem: GameFileProblem,
}

/// A game that could not be saved, and why: one line naming the file.
#[derive(Debug, Error)]
#[error("cannot save the game to {}: {reason}", shown_path(.path))]
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
