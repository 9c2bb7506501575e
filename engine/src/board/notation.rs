//! Board notation: rows of `X`, `O` and `.` joined by `/`, read with [`FromStr`] and written with
//! [`Display`](fmt::Display).

use std::fmt;
use std::str::FromStr;

use super::limits::MAX_SIDE;
use super::{error::BoardError, geometry::Geometry, mark::Mark, position::Board};

impl Board {
    /// Parses board notation with an explicit side to move (`None` infers it from the counts).
    ///
    /// One pass over the text, so that any input, however long, costs little: it stops at the first
    /// problem, in reading order.
    pub fn parse_with_turn(text: &str, to_move: Option<Mark>) -> Result<Board, BoardError> {
        Board::parse_with(text, to_move, None)
    }

    /// Parses board notation with an explicit side to move and run length (`None`: infer the
    /// side from the counts, take the board's usual k from [`Geometry::with_default_k`]).
    ///
    /// ```
    /// use tictactoe_engine::Board;
    /// let board = Board::parse_with("..../..../..../....", None, Some(3)).unwrap();
    /// assert_eq!(board.geometry().k(), 3);
    /// assert!(Board::parse_with(".../.../...", None, Some(4)).is_err());
    /// ```
    pub fn parse_with(
        text: &str,
        to_move: Option<Mark>,
        k: Option<usize>,
    ) -> Result<Board, BoardError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(BoardError::Empty);
        }
        // Marks are collected with a stride of MAX_SIDE bits per row, then packed once the width
        // is known.
        let (mut wide_x, mut wide_o) = (0u64, 0u64);
        let (mut row, mut col, mut cols) = (0, 0, None);
        for ch in text.chars() {
            if ch == '/' {
                match cols {
                    None => cols = Some(col),
                    Some(expected) if col != expected => {
                        return Err(BoardError::RaggedRow {
                            row: row + 1,
                            found: col,
                            expected,
                        });
                    }
                    Some(_) => {}
                }
                row += 1;
                col = 0;
                if row == MAX_SIDE {
                    return Err(BoardError::UnsupportedSize {
                        what: "rows",
                        found: text.split('/').count(),
                    });
                }
                continue;
            }
            if col == cols.unwrap_or(MAX_SIDE) {
                let row_text = text.split('/').nth(row).unwrap_or_default();
                let found = row_text.chars().count();
                return Err(match cols {
                    None => BoardError::UnsupportedSize {
                        what: "columns",
                        found,
                    },
                    Some(expected) => BoardError::RaggedRow {
                        row: row + 1,
                        found,
                        expected,
                    },
                });
            }
            let bit = 1 << (row * MAX_SIDE + col);
            match ch {
                'X' | 'x' => wide_x |= bit,
                'O' | 'o' => wide_o |= bit,
                '.' | '_' => {}
                _ => {
                    return Err(BoardError::BadCharacter {
                        ch,
                        row: row + 1,
                        col: col + 1,
                    });
                }
            }
            col += 1;
        }
        let cols = match cols {
            Some(expected) if col != expected => {
                return Err(BoardError::RaggedRow {
                    row: row + 1,
                    found: col,
                    expected,
                });
            }
            Some(cols) => cols,
            None => col,
        };
        let geometry = match k {
            Some(k) => Geometry::new(row + 1, cols, k)?,
            None => Geometry::with_default_k(row + 1, cols)?,
        };
        let pack = |wide: u64| {
            (0..geometry.rows()).fold(0u64, |packed, r| {
                packed | (wide >> (r * MAX_SIDE) & ((1 << cols) - 1)) << (r * cols)
            })
        };
        Board::from_marks(geometry, pack(wide_x), pack(wide_o), to_move)
    }

    /// The board in notation, without allocating: rows of `X`, `O` and `.` joined by `/`.
    pub fn notation(&self) -> Notation {
        let mut notation = Notation {
            bytes: [0; NOTATION_CAPACITY],
            len: 0,
        };
        let geometry = self.geometry();
        let (x, o) = (self.bits(Mark::X), self.bits(Mark::O));
        for index in 0..geometry.cells() {
            if index > 0 && index % geometry.cols() == 0 {
                notation.push(b'/');
            }
            let bit = 1 << index;
            notation.push(if x & bit != 0 {
                b'X'
            } else if o & bit != 0 {
                b'O'
            } else {
                b'.'
            });
        }
        notation
    }
}

const NOTATION_CAPACITY: usize = MAX_SIDE * MAX_SIDE + MAX_SIDE - 1;

/// A board's notation in a fixed buffer; see [`Board::notation`].
#[derive(Clone, Copy)]
pub struct Notation {
    bytes: [u8; NOTATION_CAPACITY],
    len: usize,
}

impl Notation {
    fn push(&mut self, byte: u8) {
        self.bytes[self.len] = byte;
        self.len += 1;
    }

    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).expect("notation is ASCII")
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses rows joined by `/`, with `X`, `O` and `.` (or lower case and `_`), inferring whose
    /// turn it is: equal counts, X; one more X, O; one more O, X.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Board::parse_with_turn(text, None)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.notation().as_str())
    }
}
