//! The rules: an m×n board where k marks in a row (across, down or diagonally) win.
//!
//! One module per concept: [`Mark`], [`Cell`], [`Geometry`] (the shape and k), [`Outcome`],
//! [`Board`] (a position, as bitboards), its notation, positions as text to copy and paste
//! ([`Board::copy_text`], [`Board::paste`]), a game's moves as cell numbers ([`MoveNumbers`]), and
//! the errors of parsing and playing.

mod cell;
mod error;
mod geometry;
mod limits;
mod mark;
mod move_numbers;
mod notation;
mod outcome;
mod position;
mod position_text;
mod runs;

pub use cell::Cell;
pub use error::{BoardError, NotSquare, PlayError};
pub use geometry::Geometry;
pub use limits::{MAX_K, MAX_SIDE, MIN_K, MIN_SIDE};
pub use mark::Mark;
pub use move_numbers::{BadMoveNumber, MoveNumbers, MoveNumbersError};
pub use notation::Notation;
pub use outcome::{Outcome, WinningLine};
pub use position::Board;
pub use position_text::{MAX_PASTE_BYTES, PasteError, typed_start};
pub(crate) use runs::{BitIter, RunScan, Runs};
