//! Coaching in the app: the move list with each move's class (M), the hint (H), the opponent's
//! threat (G), and practice positions (P). The numbers come from [`crate::learn::review`],
//! [`crate::learn::practice`] and the controller's exact analyses, shown as [`Seen`] says; this module
//! only keeps what the player asked for and draws it.

mod coaching;
mod review;

pub use coaching::{BoardKeyboard, Coach};
