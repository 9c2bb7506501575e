//! How a game stands: going on, won along a line, or drawn.

use std::fmt;

use super::{cell::Cell, mark::Mark};

/// The run of cells that won a game, from one end to the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WinningLine {
    pub start: Cell,
    pub end: Cell,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Ongoing,
    Won { mark: Mark, line: WinningLine },
    Draw,
}

impl Outcome {
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    pub fn winner(self) -> Option<Mark> {
        match self {
            Outcome::Won { mark, .. } => Some(mark),
            _ => None,
        }
    }

    /// `ongoing`, `X wins`, `O wins` or `draw`: the words `analyze` prints and game files keep.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Won { mark: Mark::X, .. } => "X wins",
            Outcome::Won { mark: Mark::O, .. } => "O wins",
            Outcome::Draw => "draw",
        }
    }
}

impl fmt::Display for Outcome {
    /// The outcome's [`name`](Outcome::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
