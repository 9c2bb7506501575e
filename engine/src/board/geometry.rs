//! The shape of a board: rows, columns and how many in a row win.

use super::limits::{MAX_SIDE, MIN_K, MIN_SIDE, longest_run};
use super::{cell::Cell, error::BoardError};

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

    /// A rows×cols board with the usual run length for its shorter side: 3 on 3×3, 4 on 4×4, 5×5
    /// and 6×6, 5 on 7×7 (see [`Geometry::default_k`]).
    pub fn with_default_k(rows: usize, cols: usize) -> Result<Geometry, BoardError> {
        Geometry::new(rows, cols, Geometry::default_k(rows, cols))
    }

    /// The usual run length for a rows×cols board: 3 when a side is 3, 4 up to 6, 5 on 7.
    pub fn default_k(rows: usize, cols: usize) -> usize {
        match rows.min(cols) {
            side if side <= 3 => 3,
            side if side <= 6 => 4,
            _ => 5,
        }
    }

    /// The longest run that can win on a rows×cols board: the longer side, at most
    /// [`MAX_K`](super::MAX_K).
    pub fn max_k(rows: usize, cols: usize) -> usize {
        longest_run(rows, cols)
    }

    /// A rows×cols board where `k` in a row win: sides from [`MIN_SIDE`] to [`MAX_SIDE`], `k` from
    /// [`MIN_K`] to the longer side and at most [`MAX_K`](super::MAX_K).
    pub fn new(rows: usize, cols: usize, k: usize) -> Result<Geometry, BoardError> {
        for (what, n) in [("rows", rows), ("columns", cols)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
                return Err(BoardError::UnsupportedSize { what, found: n });
            }
        }
        if !(MIN_K..=Geometry::max_k(rows, cols)).contains(&k) {
            return Err(BoardError::UnsupportedRunLength { k, rows, cols });
        }
        Ok(Geometry { rows, cols, k })
    }

    /// The same board with another run length.
    pub fn with_k(self, k: usize) -> Result<Geometry, BoardError> {
        Geometry::new(self.rows, self.cols, k)
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
