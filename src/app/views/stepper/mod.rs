//! Step through the search itself, the way a debugger steps through a program: the real plain
//! minimax or textbook alpha-beta, call by call, with the call stack, the position of the current
//! call, what each call has learned, what alpha-beta prunes and why, counters, and the pseudocode
//! with the line being executed.
//!
//! The controller's worker records the search's events ([`TraceLog`]); the stepper applies them a
//! frame's worth at a time, so a long run never holds up a frame, and going back replays the
//! events from the nearest checkpoint. Every number is shown as [`Seen`] says, with depth counted
//! from the position the step-through started on.

mod playback;
mod step_through;
mod view;

pub use step_through::Stepper;
