//! Cells of the board.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A cell of the board, counted from zero: row 0 is the top row, column 0 the left column.
/// (The app's labels and texts count from 1; see [`Cell::human`].)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// "r2c3": the cell's short name, counted from 1, as every drawing, exercise, explanation
    /// and the command line's pictures write a move. The one place it is formatted.
    pub fn name(self) -> String {
        format!("r{}c{}", self.row + 1, self.col + 1)
    }

    /// "row 2, column 3": the cell as people count, from 1.
    pub fn human(self) -> String {
        format!("row {}, column {}", self.row + 1, self.col + 1)
    }
}

impl fmt::Display for Cell {
    /// `(row, col)` counted from 0, as `analyze` prints cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}
