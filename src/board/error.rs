//! Why a text is not a position, and why a move cannot be played.

use std::fmt;

use super::geometry::{Geometry, MAX_SIDE, MIN_K, MIN_SIDE};
use super::{Cell, Mark, Outcome};

/// Why a text is not a position that could arise in a game. Rows and columns are counted from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    Empty,
    UnsupportedSize {
        what: &'static str,
        found: usize,
    },
    UnsupportedRunLength {
        k: usize,
        rows: usize,
        cols: usize,
    },
    RaggedRow {
        row: usize,
        found: usize,
        expected: usize,
    },
    BadCharacter {
        ch: char,
        row: usize,
        col: usize,
    },
    ImpossibleCounts {
        x: usize,
        o: usize,
    },
    BothHaveLines,
    PlayedAfterWin {
        winner: Mark,
    },
    SeparateLines {
        winner: Mark,
    },
    WrongTurn {
        to_move: Mark,
        last_mover: Mark,
        x: usize,
        o: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Empty => write!(
                f,
                "empty board: expected rows like XOX/.O./X.. joined by '/'"
            ),
            BoardError::UnsupportedSize { what, found } => {
                write!(
                    f,
                    "a board needs {MIN_SIDE} to {MAX_SIDE} {what}, found {found}"
                )
            }
            BoardError::UnsupportedRunLength { k, rows, cols } => {
                let max = Geometry::max_k(*rows, *cols);
                write!(
                    f,
                    "{k} in a row cannot be played on a {rows}×{cols} board: k must be {}",
                    if max == MIN_K {
                        format!("{MIN_K}")
                    } else {
                        format!("from {MIN_K} to {max}")
                    }
                )
            }
            BoardError::RaggedRow {
                row,
                found,
                expected,
            } => {
                write!(f, "row {row} has {found} cells but row 1 has {expected}")
            }
            BoardError::BadCharacter { ch, row, col } => {
                write!(
                    f,
                    "bad character {ch:?} at row {row}, column {col}: use X, O or . (or _) for empty"
                )
            }
            BoardError::ImpossibleCounts { x, o } => {
                write!(
                    f,
                    "impossible counts: {x} X and {o} O (players alternate, so they differ by at most one)"
                )
            }
            BoardError::BothHaveLines => write!(
                f,
                "both X and O have a line, but the game ends at the first"
            ),
            BoardError::PlayedAfterWin { winner } => {
                write!(
                    f,
                    "{winner} has a line but {} moved after it; the game ends at a win",
                    winner.opponent()
                )
            }
            BoardError::SeparateLines { winner } => {
                write!(
                    f,
                    "{winner} has two separate lines, but the game ends when the first is made"
                )
            }
            BoardError::WrongTurn {
                to_move,
                last_mover,
                x,
                o,
            } => write!(
                f,
                "{to_move} cannot be to move: with {x} X and {o} O, {last_mover} moved last, so {} is to move",
                last_mover.opponent()
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    OffBoard { cell: Cell },
    Occupied { cell: Cell, mark: Mark },
    GameOver { outcome: Outcome },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OffBoard { cell } => write!(f, "cell {cell} is off the board"),
            PlayError::Occupied { cell, mark } => write!(f, "cell {cell} already holds {mark}"),
            PlayError::GameOver { outcome } => write!(f, "the game is over ({outcome})"),
        }
    }
}

impl std::error::Error for PlayError {}
