//! The two marks.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the two marks. X moves first unless the players choose otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mark {
    X,
    O,
}

impl Mark {
    /// Both marks, X first.
    pub const BOTH: [Mark; 2] = [Mark::X, Mark::O];

    /// The other mark.
    #[must_use]
    pub fn opponent(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }

    /// The character that stands for this mark in board notation.
    pub fn symbol(self) -> char {
        match self {
            Mark::X => 'X',
            Mark::O => 'O',
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for Mark {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim() {
            "X" | "x" => Ok(Mark::X),
            "O" | "o" => Ok(Mark::O),
            other => Err(format!("unknown mark {other:?}: expected X or O")),
        }
    }
}
