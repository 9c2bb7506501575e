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
mod problems;

pub use crate::store::game_shape::looks_like_game;
pub use file::{load, save};
pub use format::{from_text, review_command, to_text};
pub use problems::{
    GameFileError, GameFileProblem, GameSaveError, MAX_FILE_BYTES, Position, SaveReason, VERSION,
};
