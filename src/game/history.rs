//! One game's history: where it started, the moves played and those taken back, for undo and
//! redo.

use crate::engine::board::{Board, Cell, Geometry, Mark, Outcome, PlayError};

/// One game: the position, the moves that led to it, and the moves taken back (for redo).
#[derive(Debug, Clone)]
pub struct Game {
    start: Board,
    board: Board,
    moves: Vec<Cell>,
    undone: Vec<Cell>,
}

impl Game {
    pub fn new(geometry: Geometry, first: Mark) -> Game {
        Game::from_position(Board::empty(geometry, first))
    }

    /// A game that starts from `start`, a position set up or reached in another game.
    pub fn from_position(start: Board) -> Game {
        Game {
            start,
            board: start,
            moves: Vec::new(),
            undone: Vec::new(),
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn outcome(&self) -> Outcome {
        self.board.outcome()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The mark that moved first.
    pub fn first(&self) -> Mark {
        self.start.to_move()
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> &[Cell] {
        &self.moves
    }

    /// Plays a move for the side to move. A new move forgets what was undone.
    pub fn play(&mut self, cell: Cell) -> Result<(), PlayError> {
        self.board.play(cell)?;
        self.moves.push(cell);
        self.undone.clear();
        Ok(())
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Cell> {
        let cell = self.moves.pop()?;
        self.undone.push(cell);
        self.board = self.replay();
        Some(cell)
    }

    /// Plays again the last move taken back.
    pub fn redo(&mut self) -> Option<Cell> {
        let cell = self.undone.pop()?;
        self.board.play(cell).ok()?;
        self.moves.push(cell);
        Some(cell)
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    fn replay(&self) -> Board {
        let mut board = self.start;
        for &cell in &self.moves {
            // Every stored move was legal when played from the same start.
            board.play(cell).expect("a recorded move replays");
        }
        board
    }
}
