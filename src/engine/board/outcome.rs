//! How a game stands: going on, won along a line, or drawn.

use std::fmt;

use super::{Cell, Mark};

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
}

impl fmt::Display for Outcome {
    /// `ongoing`, `X wins`, `O wins` or `draw`, as `analyze` prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "ongoing"),
            Outcome::Won { mark, .. } => write!(f, "{mark} wins"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}
