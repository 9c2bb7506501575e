//! A position: the marks on the board and whose turn it is.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::runs::{BitIter, Runs};
use super::{
    cell::Cell, error::BoardError, error::PlayError, geometry::Geometry, mark::Mark,
    outcome::Outcome, outcome::WinningLine,
};

/// A position: two bitboards (one bit per cell, row-major) and whose turn it is. The turn is
/// explicit because either mark may start a game.
///
/// ```
/// use tictactoe_engine::{Board, Cell, Mark};
/// let mut board: Board = "XOX/.O./X..".parse().unwrap();
/// assert_eq!(board.to_move(), Mark::O);
/// board.play(Cell::new(2, 1)).unwrap();
/// assert_eq!(board.outcome().winner(), Some(Mark::O));
/// assert_eq!(board.to_string(), "XOX/.O./XO.");
/// ```
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(into = "BoardWire", try_from = "BoardWire")]
pub struct Board {
    geometry: Geometry,
    runs: &'static Runs,
    x: u64,
    o: u64,
    to_move: Mark,
}

/// A board as the search worker's messages carry it (the page's Web Worker gets its positions
/// in messages): its shape, its two bitboards and whose turn it is, checked again when read.
#[derive(Serialize, Deserialize)]
struct BoardWire {
    rows: usize,
    cols: usize,
    k: usize,
    x: u64,
    o: u64,
    to_move: Mark,
}

impl From<Board> for BoardWire {
    fn from(board: Board) -> BoardWire {
        let geometry = board.geometry;
        BoardWire {
            rows: geometry.rows(),
            cols: geometry.cols(),
            k: geometry.k(),
            x: board.x,
            o: board.o,
            to_move: board.to_move,
        }
    }
}

impl TryFrom<BoardWire> for Board {
    type Error = String;

    fn try_from(wire: BoardWire) -> Result<Board, String> {
        let geometry = Geometry::new(wire.rows, wire.cols, wire.k).map_err(|e| e.to_string())?;
        // At most 49 cells: the shift stays inside the u64.
        let inside = (1u64 << geometry.cells()) - 1;
        if (wire.x | wire.o) & !inside != 0 || wire.x & wire.o != 0 {
            return Err(format!(
                "marks off the {}×{} board or two marks on one cell",
                geometry.rows(),
                geometry.cols()
            ));
        }
        Board::from_marks(geometry, wire.x, wire.o, Some(wire.to_move)).map_err(|e| e.to_string())
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key() && self.geometry == other.geometry
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.geometry.hash(state);
        self.key().hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self}, {} to move)", self.to_move)
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::empty(Geometry::CLASSIC, Mark::X)
    }
}

impl Board {
    /// An empty board on which `first` moves first.
    pub fn empty(geometry: Geometry, first: Mark) -> Board {
        Board {
            geometry,
            runs: Runs::of(geometry),
            x: 0,
            o: 0,
            to_move: first,
        }
    }

    /// The empty classic 3×3 board with X to move.
    pub fn classic() -> Board {
        Board::default()
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    pub fn to_move(&self) -> Mark {
        self.to_move
    }

    /// The mark on a cell, if any. Cells off the board are reported empty.
    pub fn get(&self, cell: Cell) -> Option<Mark> {
        if !self.geometry.contains(cell) {
            return None;
        }
        let bit = 1 << self.geometry.index(cell);
        if self.x & bit != 0 {
            Some(Mark::X)
        } else if self.o & bit != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// How many marks of one kind are on the board.
    pub fn count(&self, mark: Mark) -> usize {
        self.bits(mark).count_ones() as usize
    }

    /// How many marks are on the board.
    pub fn marks_placed(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    pub fn outcome(&self) -> Outcome {
        for mark in Mark::BOTH {
            let bits = self.bits(mark);
            if let Some(&run) = self.runs.all.iter().find(|&&run| bits & run == run) {
                return Outcome::Won {
                    mark,
                    line: self.run_ends(run),
                };
            }
        }
        if self.is_full() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    /// The same marks with `mark` to move: what the opponent could do if it were its turn
    /// (coaching's threat), or a position given with `--to-move`.
    #[must_use]
    pub fn with_to_move(&self, mark: Mark) -> Board {
        Board {
            to_move: mark,
            ..*self
        }
    }

    /// The empty cells in row-major order, whether or not the game is over.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        BitIter(self.empty_bits()).map(|index| self.geometry.cell(index))
    }

    /// The empty cells where `mark` would complete a line with one more mark (its threats), in
    /// row-major order, whoever is to move and whether or not the game is over.
    pub fn winning_cells(&self, mark: Mark) -> impl Iterator<Item = Cell> + '_ {
        let scan = self.runs.scan(self.bits(mark), self.bits(mark.opponent()));
        BitIter(scan.my_wins).map(|index| self.geometry.cell(index))
    }

    /// The empty cells in row-major order; none once the game is over.
    pub fn legal_moves(&self) -> impl Iterator<Item = Cell> + '_ {
        let open = if self.outcome().is_over() {
            0
        } else {
            self.empty_bits()
        };
        BitIter(open).map(|index| self.geometry.cell(index))
    }

    /// Plays the side to move on `cell` and passes the turn.
    pub fn play(&mut self, cell: Cell) -> Result<(), PlayError> {
        if !self.geometry.contains(cell) {
            return Err(PlayError::OffBoard { cell });
        }
        if let Some(mark) = self.get(cell) {
            return Err(PlayError::Occupied { cell, mark });
        }
        if let outcome @ (Outcome::Won { .. } | Outcome::Draw) = self.outcome() {
            return Err(PlayError::GameOver { outcome });
        }
        self.place(self.geometry.index(cell));
        Ok(())
    }

    /// This board after `cell` is played, leaving `self` as it is.
    pub fn after(&self, cell: Cell) -> Result<Board, PlayError> {
        let mut next = *self;
        next.play(cell)?;
        Ok(next)
    }

    // --- bit-level access for the search ---

    pub(crate) fn bits(&self, mark: Mark) -> u64 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    pub(crate) fn empty_bits(&self) -> u64 {
        let all = if self.geometry.cells() == 64 {
            u64::MAX
        } else {
            (1 << self.geometry.cells()) - 1
        };
        all & !(self.x | self.o)
    }

    pub(crate) fn is_full(&self) -> bool {
        self.empty_bits() == 0
    }

    pub(crate) fn runs(&self) -> &'static Runs {
        self.runs
    }

    /// Puts the side to move on an empty cell by index and passes the turn; no checks.
    #[inline]
    pub(crate) fn place(&mut self, index: usize) {
        match self.to_move {
            Mark::X => self.x |= 1 << index,
            Mark::O => self.o |= 1 << index,
        }
        self.to_move = self.to_move.opponent();
    }

    /// Whether the mark that just moved to `index` completed a run with it.
    #[inline]
    pub(crate) fn completes_run(&self, index: usize, mark: Mark) -> bool {
        self.runs.completes(self.bits(mark), index)
    }

    /// A key that tells positions of one geometry apart: both bitboards and whose turn it is.
    pub(crate) fn key(&self) -> u128 {
        self.x as u128 | ((self.o as u128) << 64) | ((self.to_move == Mark::O) as u128) << 127
    }

    fn run_ends(&self, run: u64) -> WinningLine {
        let first = run.trailing_zeros() as usize;
        let last = 63 - run.leading_zeros() as usize;
        // An anti-diagonal's lowest bit is its top-right end; both orders describe the same segment.
        WinningLine {
            start: self.geometry.cell(first),
            end: self.geometry.cell(last),
        }
    }

    /// Builds a position from marks, checking that it could arise in a game.
    pub(crate) fn from_marks(
        geometry: Geometry,
        x: u64,
        o: u64,
        to_move: Option<Mark>,
    ) -> Result<Board, BoardError> {
        let mut board = Board::empty(geometry, Mark::X);
        board.x = x;
        board.o = o;
        let (xs, os) = (board.count(Mark::X), board.count(Mark::O));
        if xs.abs_diff(os) > 1 {
            return Err(BoardError::ImpossibleCounts { x: xs, o: os });
        }
        let runs_of = |bits: u64| board.runs.all.iter().filter(move |&&run| bits & run == run);
        let winner = match (runs_of(x).next().is_some(), runs_of(o).next().is_some()) {
            (true, true) => return Err(BoardError::BothHaveLines),
            (true, false) => Some(Mark::X),
            (false, true) => Some(Mark::O),
            (false, false) => None,
        };
        // Who moved last: the side with more marks, or, with equal counts, the winner if any.
        let last_mover = match xs.cmp(&os) {
            std::cmp::Ordering::Greater => Some(Mark::X),
            std::cmp::Ordering::Less => Some(Mark::O),
            std::cmp::Ordering::Equal => winner,
        };
        if let Some(winner) = winner {
            if last_mover != Some(winner) {
                return Err(BoardError::PlayedAfterWin { winner });
            }
            // The winning move completed every run the winner has, so they all share a cell.
            let shared = runs_of(board.bits(winner)).fold(u64::MAX, |acc, run| acc & run);
            if shared == 0 {
                return Err(BoardError::SeparateLines { winner });
            }
        }
        board.to_move = match (to_move, last_mover) {
            (Some(mark), Some(last)) if mark == last => {
                return Err(BoardError::WrongTurn {
                    to_move: mark,
                    last_mover: last,
                    x: xs,
                    o: os,
                });
            }
            (Some(mark), _) => mark,
            (None, Some(last)) => last.opponent(),
            (None, None) => Mark::X,
        };
        Ok(board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_cells_are_each_sides_threats_in_reading_order() {
        let board: Board = "XX./.X./O.O".parse().unwrap();
        let cells = |mark| board.winning_cells(mark).collect::<Vec<_>>();
        assert_eq!(cells(Mark::X), [Cell::new(0, 2), Cell::new(2, 1)]);
        assert_eq!(cells(Mark::O), [Cell::new(2, 1)]);
    }
}
