//! The rules: an m×n board where k marks in a row (across, down or diagonally) win.
//!
//! A position is two bitboards (one bit per cell, row-major) plus whose turn it is. Turn order is
//! explicit because either mark may start a game.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The smallest number of rows or columns a board may have.
pub const MIN_SIDE: usize = 3;
/// The largest number of rows or columns a board may have: the 5×5 game is the largest the
/// product plans, and exact search is already slow there.
pub const MAX_SIDE: usize = 5;

/// One of the two marks. X moves first unless the players choose otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mark {
    X,
    O,
}

impl Mark {
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

/// A cell of the board, counted from zero: row 0 is the top row, column 0 the left column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A straight run of cells that won the game, from one end to the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Line {
    pub start: Cell,
    pub end: Cell,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Ongoing,
    Won { mark: Mark, line: Line },
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => write!(f, "ongoing"),
            Outcome::Won { mark, .. } => write!(f, "{mark} wins"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}

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

/// The winning lines of one geometry, computed once and shared by every board of that shape.
#[derive(Debug)]
pub(crate) struct Lines {
    /// Every run of k cells, as a bit mask.
    pub all: Vec<u64>,
    /// For each cell, the runs through it: a move can only complete one of these.
    pub through: Vec<Vec<u64>>,
    /// Cell indices, those on the most lines first: the order in which the search tries moves.
    pub by_strength: Vec<usize>,
}

impl Lines {
    fn compute(geometry: Geometry) -> Lines {
        let Geometry { rows, cols, k } = geometry;
        let mut all = Vec::new();
        let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        for row in 0..rows as isize {
            for col in 0..cols as isize {
                for (dr, dc) in directions {
                    let end_row = row + dr * (k as isize - 1);
                    let end_col = col + dc * (k as isize - 1);
                    if end_row < 0
                        || end_row >= rows as isize
                        || end_col < 0
                        || end_col >= cols as isize
                    {
                        continue;
                    }
                    let mask = (0..k as isize).fold(0u64, |mask, step| {
                        let index = (row + dr * step) as usize * cols + (col + dc * step) as usize;
                        mask | 1 << index
                    });
                    all.push(mask);
                }
            }
        }
        let through = (0..geometry.cells())
            .map(|index| {
                all.iter()
                    .copied()
                    .filter(|line| line & (1 << index) != 0)
                    .collect()
            })
            .collect::<Vec<Vec<u64>>>();
        let mut by_strength: Vec<usize> = (0..geometry.cells()).collect();
        by_strength.sort_by_key(|&index| std::cmp::Reverse(through[index].len()));
        Lines {
            all,
            through,
            by_strength,
        }
    }

    /// Whether `bits` hold a whole line through the cell `index`.
    pub fn completed_through(&self, index: usize, bits: u64) -> bool {
        for &line in &self.through[index] {
            if bits & line == line {
                return true;
            }
        }
        false
    }

    /// The lines of this geometry, computed on first use and kept for the life of the process.
    fn of(geometry: Geometry) -> &'static Lines {
        const SIDES: usize = MAX_SIDE - MIN_SIDE + 1;
        const RUNS: usize = MAX_SIDE - 1; // k from 2 to MAX_SIDE
        static TABLES: [OnceLock<Lines>; SIDES * SIDES * RUNS] =
            [const { OnceLock::new() }; SIDES * SIDES * RUNS];
        let Geometry { rows, cols, k } = geometry;
        let slot = ((rows - MIN_SIDE) * SIDES + (cols - MIN_SIDE)) * RUNS + (k - 2);
        TABLES[slot].get_or_init(|| Lines::compute(geometry))
    }
}

/// A position: the marks on the board and whose turn it is.
///
/// ```
/// use tictactoe::{Board, Cell, Mark};
/// let mut board: Board = "XOX/.O./X..".parse().unwrap();
/// assert_eq!(board.to_move(), Mark::O);
/// board.play(Cell::new(2, 1)).unwrap();
/// assert_eq!(board.outcome().winner(), Some(Mark::O));
/// assert_eq!(board.to_string(), "XOX/.O./XO.");
/// ```
#[derive(Clone, Copy)]
pub struct Board {
    geometry: Geometry,
    lines: &'static Lines,
    x: u64,
    o: u64,
    to_move: Mark,
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
            lines: Lines::of(geometry),
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
        for mark in [Mark::X, Mark::O] {
            let bits = self.bits(mark);
            if let Some(&line) = self.lines.all.iter().find(|&&line| bits & line == line) {
                return Outcome::Won {
                    mark,
                    line: self.line_ends(line),
                };
            }
        }
        if self.is_full() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
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

    pub(crate) fn lines(&self) -> &'static Lines {
        self.lines
    }

    /// Puts the side to move on an empty cell by index and passes the turn; no checks.
    pub(crate) fn place(&mut self, index: usize) {
        match self.to_move {
            Mark::X => self.x |= 1 << index,
            Mark::O => self.o |= 1 << index,
        }
        self.to_move = self.to_move.opponent();
    }

    /// Whether the mark that just moved to `index` completed a line with it.
    pub(crate) fn completes_line(&self, index: usize, mark: Mark) -> bool {
        self.lines.completed_through(index, self.bits(mark))
    }

    /// A key that tells positions of one geometry apart: both bitboards and whose turn it is.
    pub(crate) fn key(&self) -> u128 {
        self.x as u128 | ((self.o as u128) << 64) | ((self.to_move == Mark::O) as u128) << 127
    }

    fn line_ends(&self, line: u64) -> Line {
        let first = line.trailing_zeros() as usize;
        let last = 63 - line.leading_zeros() as usize;
        let (start, end) = (self.geometry.cell(first), self.geometry.cell(last));
        // An anti-diagonal's lowest bit is its top-right end; both orders describe the same segment.
        Line { start, end }
    }

    /// Builds a position from marks, checking that it could arise in a game.
    fn from_marks(
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
        let has_line = |bits: u64| {
            board
                .lines
                .all
                .iter()
                .filter(move |&&line| bits & line == line)
        };
        let winner = match (has_line(x).next().is_some(), has_line(o).next().is_some()) {
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
            // The winning move completed every line the winner has, so they all share a cell.
            let shared = has_line(board.bits(winner)).fold(u64::MAX, |acc, line| acc & line);
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

    /// Parses board notation with an explicit side to move (`None` infers it from the counts).
    ///
    /// One pass over the text, so that any input, however long, costs little: it stops at the first
    /// problem, in reading order.
    pub fn parse_with_turn(text: &str, to_move: Option<Mark>) -> Result<Board, BoardError> {
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
        let geometry = Geometry::with_default_k(row + 1, cols)?;
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
        for index in 0..self.geometry.cells() {
            if index > 0 && index % self.geometry.cols == 0 {
                notation.push(b'/');
            }
            let bit = 1 << index;
            notation.push(if self.x & bit != 0 {
                b'X'
            } else if self.o & bit != 0 {
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

/// Iterates over the indices of the set bits of a mask, lowest first (row-major order).
pub(crate) struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.0.count_ones() as usize;
        (count, Some(count))
    }
}

impl ExactSizeIterator for BitIter {}

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
                write!(f, "{k} in a row cannot be played on a {rows}×{cols} board")
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
