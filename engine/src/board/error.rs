//! Why a text is not a position, and why a move cannot be played.

use thiserror::Error;

use super::limits::{MAX_SIDE, MIN_K, MIN_SIDE, longest_run};
use super::{cell::Cell, mark::Mark, outcome::Outcome};

/// Why a text is not a position that could arise in a game. Rows and columns are counted from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("empty board: expected rows like XOX/.O./X.. joined by '/'")]
    Empty,
    /// Too few or too many rows or columns (`what`).
    #[error("a board needs {MIN_SIDE} to {MAX_SIDE} {what}, found {found}")]
    UnsupportedSize { what: &'static str, found: usize },
    #[error(
        "{k} in a row cannot be played on a {rows}×{cols} board: k must be {}",
        run_lengths(*rows, *cols)
    )]
    UnsupportedRunLength { k: usize, rows: usize, cols: usize },
    #[error("row {row} has {found} cells but row 1 has {expected}")]
    RaggedRow {
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("bad character {ch:?} at row {row}, column {col}: use X, O or . (or _) for empty")]
    BadCharacter { ch: char, row: usize, col: usize },
    #[error(
        "impossible counts: {x} X and {o} O (players alternate, so they differ by at most one)"
    )]
    ImpossibleCounts { x: usize, o: usize },
    #[error("both X and O have a line, but the game ends at the first")]
    BothHaveLines,
    #[error(
        "{winner} has a line but {} moved after it; the game ends at a win",
        winner.opponent()
    )]
    PlayedAfterWin { winner: Mark },
    #[error("{winner} has two separate lines, but the game ends when the first is made")]
    SeparateLines { winner: Mark },
    #[error(
        "{to_move} cannot be to move: with {x} X and {o} O, {last_mover} moved last, so {} is to \
         move",
        last_mover.opponent()
    )]
    WrongTurn {
        to_move: Mark,
        last_mover: Mark,
        x: usize,
        o: usize,
    },
}

/// A board the game cannot seat: the window (its Board menu, game files, `--position` and pasted
/// positions) plays square boards only, while `tictactoe analyze` and the other commands read
/// any shape from 3×3 to 7×7. One wording wherever the game refuses a shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error(
    "the game offers square boards from {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}, not \
     {rows}×{cols}"
)]
pub struct NotSquare {
    pub rows: usize,
    pub cols: usize,
}

/// The run lengths a `rows`×`cols` board allows: "3", or "from 3 to 5".
fn run_lengths(rows: usize, cols: usize) -> String {
    match longest_run(rows, cols) {
        MIN_K => format!("{MIN_K}"),
        max => format!("from {MIN_K} to {max}"),
    }
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("cell {cell} is off the board")]
    OffBoard { cell: Cell },
    #[error("cell {cell} already holds {mark}")]
    Occupied { cell: Cell, mark: Mark },
    #[error("the game is over ({outcome})")]
    GameOver { outcome: Outcome },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::outcome::WinningLine;

    /// Every message in full: the command line prints them, so they must not drift.
    #[test]
    fn board_error_messages() {
        let cases = [
            (
                BoardError::Empty,
                "empty board: expected rows like XOX/.O./X.. joined by '/'",
            ),
            (
                BoardError::UnsupportedSize {
                    what: "rows",
                    found: 9,
                },
                "a board needs 3 to 7 rows, found 9",
            ),
            (
                BoardError::UnsupportedRunLength {
                    k: 4,
                    rows: 3,
                    cols: 3,
                },
                "4 in a row cannot be played on a 3×3 board: k must be 3",
            ),
            (
                BoardError::UnsupportedRunLength {
                    k: 6,
                    rows: 5,
                    cols: 5,
                },
                "6 in a row cannot be played on a 5×5 board: k must be from 3 to 5",
            ),
            (
                BoardError::RaggedRow {
                    row: 2,
                    found: 2,
                    expected: 3,
                },
                "row 2 has 2 cells but row 1 has 3",
            ),
            (
                BoardError::BadCharacter {
                    ch: 'q',
                    row: 1,
                    col: 2,
                },
                "bad character 'q' at row 1, column 2: use X, O or . (or _) for empty",
            ),
            (
                BoardError::ImpossibleCounts { x: 3, o: 1 },
                "impossible counts: 3 X and 1 O (players alternate, so they differ by at most one)",
            ),
            (
                BoardError::BothHaveLines,
                "both X and O have a line, but the game ends at the first",
            ),
            (
                BoardError::PlayedAfterWin { winner: Mark::X },
                "X has a line but O moved after it; the game ends at a win",
            ),
            (
                BoardError::SeparateLines { winner: Mark::O },
                "O has two separate lines, but the game ends when the first is made",
            ),
            (
                BoardError::WrongTurn {
                    to_move: Mark::X,
                    last_mover: Mark::X,
                    x: 2,
                    o: 1,
                },
                "X cannot be to move: with 2 X and 1 O, X moved last, so O is to move",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }

    #[test]
    fn not_square_message() {
        assert_eq!(
            NotSquare { rows: 3, cols: 4 }.to_string(),
            "the game offers square boards from 3×3 to 7×7, not 3×4"
        );
    }

    #[test]
    fn play_error_messages() {
        let cell = Cell::new(1, 2);
        let line = WinningLine {
            start: Cell::new(0, 0),
            end: Cell::new(0, 2),
        };
        let cases = [
            (PlayError::OffBoard { cell }, "cell (1, 2) is off the board"),
            (
                PlayError::Occupied {
                    cell,
                    mark: Mark::O,
                },
                "cell (1, 2) already holds O",
            ),
            (
                PlayError::GameOver {
                    outcome: Outcome::Won {
                        mark: Mark::X,
                        line,
                    },
                },
                "the game is over (X wins)",
            ),
            (
                PlayError::GameOver {
                    outcome: Outcome::Draw,
                },
                "the game is over (draw)",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }
}
