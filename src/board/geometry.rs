//! The shape of a board: rows, columns and how many in a row win.

use super::{BoardError, Cell};

/// The smallest number of rows or columns a board may have.
pub const MIN_SIDE: usize = 3;
/// The largest number of rows or columns a board may have: the 5×5 game is the largest the
/// product plans, and exact search is already slow there.
pub const MAX_SIDE: usize = 5;

/// The shape of a board: its size and how many in a row win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    rows: usize,
    cols: usize,
    k: usize,
}

impl Geometry {
    /// The classic game: 3×3, three in a row.
    pub const CLASSIC: Geometry = Geometry {
        rows: 3,
        cols: 3,
        k: 3,
    };

    /// A rows×cols board with the usual run length: 3 on 3×3, 4 on anything larger.
    pub fn with_default_k(rows: usize, cols: usize) -> Result<Geometry, BoardError> {
        Geometry::new(rows, cols, rows.min(cols).min(4))
    }

    pub fn new(rows: usize, cols: usize, k: usize) -> Result<Geometry, BoardError> {
        for (what, n) in [("rows", rows), ("columns", cols)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
                return Err(BoardError::UnsupportedSize { what, found: n });
            }
        }
        if k < 2 || k > rows.max(cols) {
            return Err(BoardError::UnsupportedRunLength { k, rows, cols });
        }
        Ok(Geometry { rows, cols, k })
    }

    pub fn rows(self) -> usize {
        self.rows
    }

    pub fn cols(self) -> usize {
        self.cols
    }

    /// How many in a row win.
    pub fn k(self) -> usize {
        self.k
    }

    pub fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// The score of winning right now. It is larger than the number of cells so that a win, however
    /// late, always scores above a draw: `cells + 1`, which is the classic 10 on 3×3.
    pub fn win_score(self) -> i32 {
        self.cells() as i32 + 1
    }

    pub fn index(self, cell: Cell) -> usize {
        cell.row * self.cols + cell.col
    }

    pub fn cell(self, index: usize) -> Cell {
        Cell::new(index / self.cols, index % self.cols)
    }

    pub fn contains(self, cell: Cell) -> bool {
        cell.row < self.rows && cell.col < self.cols
    }

    /// Every cell in row-major order.
    pub fn all_cells(self) -> impl Iterator<Item = Cell> {
        (0..self.cells()).map(move |i| self.cell(i))
    }
}
