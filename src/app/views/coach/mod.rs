//! Coaching in the app: the move list with each move's class (M), the hint (H), the opponent's
//! threat (G), and practice positions (P). The numbers come from [`crate::learn::review`],
//! [`crate::learn::practice`] and the controller's exact analyses, shown as [`Seen`] says; this module
//! only keeps what the player asked for and draws it.
//!
//! The coach is not a [`View`](crate::app::view::View): a view is one place on the screen that
//! draws what it is given. The coach is one state behind several places: its line and highlights
//! over the board, the review beside it, practice in the board's place. It follows the game every
//! frame (its mistakes become practice positions, its review pins a game), and the review and
//! practice share that state, where views share nothing and name no other.

mod coaching;
mod review;

pub use coaching::{BoardKeyboard, Coach};
