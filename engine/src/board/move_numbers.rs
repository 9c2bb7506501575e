//! A game's moves as cell numbers: "5,1,9,3", as `tictactoe review` takes them, "Copy moves"
//! copies them and a game file's first line gives them. Cells are numbered from 1 in reading
//! order (1 2 3 / 4 5 6 / 7 8 9 on 3×3).
//!
//! The syntax ([`MoveNumbers`]'s [`FromStr`], with [`MoveNumbersError`]) is apart from what the
//! numbers mean on a board ([`MoveNumbers::cells`], [`MoveNumbers::play`], with
//! [`BadMoveNumber`]).

use std::fmt;
use std::str::FromStr;

use super::{cell::Cell, error::PlayError, geometry::Geometry, position::Board};

/// Moves as cell numbers, as written. Signed, so that a game file's `0` and `-3` are kept and
/// named as moves that are not cells.
///
/// ```
/// use tictactoe_engine::{Board, Cell, board::MoveNumbers};
/// let numbers: MoveNumbers = " 5, 1 ,9".parse()?;
/// let (end, cells) = numbers.play(&Board::classic()).unwrap();
/// assert_eq!(cells, [Cell::new(1, 1), Cell::new(0, 0), Cell::new(2, 2)]);
/// assert_eq!(MoveNumbers::of(end.geometry(), &cells).to_string(), "5,1,9");
/// # Ok::<(), tictactoe_engine::board::MoveNumbersError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MoveNumbers(pub Vec<i64>);

/// Text that is not a list of cell numbers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveNumbersError {
    #[error("no moves given")]
    Empty,
    /// A part that is not a whole number from 0 up ("x", "", "-1").
    #[error("move {ply} ({text:?}): not a cell number")]
    NotANumber { ply: usize, text: String },
}

/// A numbered move that is not a cell or cannot be played: "move 2 (cell 5): that cell
/// already holds X".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct BadMoveNumber {
    /// 1 for the first move.
    pub ply: usize,
    /// The number written for it.
    pub number: i64,
    /// Why it cannot be played, or `None` when the number is not a cell.
    pub reason: Option<PlayError>,
    /// How many cells the board has.
    pub cells: usize,
}

impl Geometry {
    /// The cell numbered `number` (from 1, in reading order), if the board has it.
    fn cell_of_number(self, number: i64) -> Option<Cell> {
        let index = usize::try_from(number).ok()?.checked_sub(1)?;
        (index < self.cells()).then(|| self.cell(index))
    }

    /// A cell's number, from 1 in reading order.
    pub fn cell_number(self, cell: Cell) -> usize {
        self.index(cell) + 1
    }
}

impl MoveNumbers {
    /// The numbers of `moves` on a board of `geometry`.
    pub fn of(geometry: Geometry, moves: &[Cell]) -> MoveNumbers {
        MoveNumbers(
            moves
                .iter()
                .map(|&cell| geometry.cell_number(cell) as i64)
                .collect(),
        )
    }

    /// Each number's cell on a board of `geometry`; the first number that is not a cell is the
    /// error. Whether the moves can be played is not asked.
    pub fn cells(&self, geometry: Geometry) -> Result<Vec<Cell>, BadMoveNumber> {
        self.0
            .iter()
            .enumerate()
            .map(|(index, &number)| {
                geometry
                    .cell_of_number(number)
                    .ok_or_else(|| BadMoveNumber::new(index + 1, number, None, geometry))
            })
            .collect()
    }

    /// Plays the moves from `start`, in order: the position after the last and the cells
    /// played. The first move that is not a cell or cannot be played is the error.
    pub fn play(&self, start: &Board) -> Result<(Board, Vec<Cell>), BadMoveNumber> {
        let geometry = start.geometry();
        let mut board = *start;
        let mut cells = Vec::with_capacity(self.0.len());
        for (index, &number) in self.0.iter().enumerate() {
            let bad = |reason| BadMoveNumber::new(index + 1, number, reason, geometry);
            let cell = geometry.cell_of_number(number).ok_or_else(|| bad(None))?;
            board.play(cell).map_err(|reason| bad(Some(reason)))?;
            cells.push(cell);
        }
        Ok((board, cells))
    }
}

impl fmt::Display for MoveNumbers {
    /// The numbers joined by commas: "5,1,9,3".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, number) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{number}")?;
        }
        Ok(())
    }
}

impl FromStr for MoveNumbers {
    type Err = MoveNumbersError;

    /// Numbers joined by commas, with spaces around them allowed: "5,1,9,3", " 5, 1 ,9".
    fn from_str(text: &str) -> Result<MoveNumbers, MoveNumbersError> {
        if text.trim().is_empty() {
            return Err(MoveNumbersError::Empty);
        }
        text.split(',')
            .enumerate()
            .map(|(index, part)| {
                let part = part.trim();
                // A cell number is never negative: "-1" is not a number of a cell at all. Nor
                // is one too large to keep as it was typed (past 2⁶³ − 1), which is named as
                // typed rather than as another number.
                part.parse::<u64>()
                    .ok()
                    .and_then(|number| i64::try_from(number).ok())
                    .ok_or_else(|| MoveNumbersError::NotANumber {
                        ply: index + 1,
                        text: part.to_string(),
                    })
            })
            .collect::<Result<_, _>>()
            .map(MoveNumbers)
    }
}

impl BadMoveNumber {
    fn new(ply: usize, number: i64, reason: Option<PlayError>, geometry: Geometry) -> Self {
        BadMoveNumber {
            ply,
            number,
            reason,
            cells: geometry.cells(),
        }
    }
}

impl BadMoveNumber {
    /// The one line that names the move, the number written and why it cannot be played.
    fn describe(&self) -> String {
        let (ply, number, cells) = (self.ply, self.number, self.cells);
        match self.reason {
            None => format!("move {ply} ({number}): no such cell; cells are numbered 1 to {cells}"),
            Some(PlayError::Occupied { mark, .. }) => {
                format!("move {ply} (cell {number}): that cell already holds {mark}")
            }
            Some(PlayError::GameOver { outcome }) => {
                format!("move {ply} (cell {number}): the game is already over ({outcome})")
            }
            Some(PlayError::OffBoard { .. }) => {
                format!("move {ply} (cell {number}): that cell is off the board")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::mark::Mark;

    #[test]
    fn numbers_round_trip_through_text() {
        let numbers: MoveNumbers = "5,1,9,3".parse().unwrap();
        assert_eq!(numbers, MoveNumbers(vec![5, 1, 9, 3]));
        assert_eq!(numbers.to_string(), "5,1,9,3");
        assert_eq!(
            " 5, 1 ,9".parse::<MoveNumbers>().unwrap().to_string(),
            "5,1,9"
        );
    }

    #[test]
    fn text_that_is_not_numbers_names_the_part() {
        assert_eq!("".parse::<MoveNumbers>(), Err(MoveNumbersError::Empty));
        assert_eq!(" ".parse::<MoveNumbers>(), Err(MoveNumbersError::Empty));
        for (text, ply, part) in [
            ("5,x", 2, "x"),
            ("5,,1", 2, ""),
            ("-1", 1, "-1"),
            // Numbers too large to keep are named as they were typed (this one was named
            // 9223372036854775807).
            ("18446744073709551615", 1, "18446744073709551615"),
            ("5,9223372036854775808", 2, "9223372036854775808"),
        ] {
            assert_eq!(
                text.parse::<MoveNumbers>(),
                Err(MoveNumbersError::NotANumber {
                    ply,
                    text: part.to_string()
                }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn cells_are_numbered_from_1_in_reading_order() {
        let geometry = Geometry::with_default_k(4, 4).unwrap();
        assert_eq!(geometry.cell_of_number(1), Some(Cell::new(0, 0)));
        assert_eq!(geometry.cell_of_number(6), Some(Cell::new(1, 1)));
        assert_eq!(geometry.cell_of_number(16), Some(Cell::new(3, 3)));
        for not_a_cell in [0, -3, 17] {
            assert_eq!(geometry.cell_of_number(not_a_cell), None);
        }
        for index in 0..16 {
            let cell = geometry.cell(index);
            assert_eq!(
                geometry.cell_of_number(geometry.cell_number(cell) as i64),
                Some(cell)
            );
        }
    }

    #[test]
    fn playing_names_the_first_move_that_cannot_be_played() {
        let start = Board::classic();
        let bad = |text: &str| {
            text.parse::<MoveNumbers>()
                .unwrap()
                .play(&start)
                .unwrap_err()
        };
        assert_eq!(
            bad("5,1,5").to_string(),
            "move 3 (cell 5): that cell already holds X"
        );
        assert_eq!(
            bad("1,4,2,5,3,6").to_string(),
            "move 6 (cell 6): the game is already over (X wins)"
        );
        assert_eq!(
            bad("5,10").to_string(),
            "move 2 (10): no such cell; cells are numbered 1 to 9"
        );
        // Cells alone are checked before any move is played: the number that is no cell.
        let numbers: MoveNumbers = "5,5,10".parse().unwrap();
        assert_eq!(numbers.cells(start.geometry()).unwrap_err().ply, 3);
        assert_eq!(numbers.play(&start).unwrap_err().ply, 2);
        let (end, cells) = MoveNumbers(vec![5, 1]).play(&start).unwrap();
        assert_eq!(end.to_move(), Mark::X);
        assert_eq!(cells, [Cell::new(1, 1), Cell::new(0, 0)]);
    }
}
