//! What the teaching searches need to know of a game, and nothing of how they search: the side
//! to move, the moves in the order they are tried, the position after one, and the value of a
//! position where play is over. The rules and the search are separate traits, as in the
//! `minimax` crate: plain minimax and textbook alpha-beta
//! ([`plain_game`](crate::minimax::plain_game),
//! [`alpha_beta_game`](crate::minimax::alpha_beta_game)) run on anything that implements
//! [`Rules`] — a [`Board`] and an abstract [`TreePosition`](crate::game_tree::TreePosition)
//! — with one recursion for both.

use std::fmt::Debug;

use crate::board::{Board, Cell, Mark};
use crate::score::Score;

/// A game as a search sees it. A position is a small value the search copies as it goes down.
pub trait Rules: Copy {
    /// A move, as lines of play and cut-offs report it.
    type Move: Copy + Eq + Debug;
    /// Who moves. The search's maximiser is the side to move where it starts.
    type Side: Copy + Eq + Debug;

    fn to_move(&self) -> Self::Side;

    /// The moves, in the order the search tries them (reading order on a board, left to right in
    /// a tree); none once play is over.
    fn moves(&self) -> impl Iterator<Item = Self::Move> + '_;

    /// The position after `mv`, one of [`Rules::moves`].
    fn after(&self, mv: Self::Move) -> Self;

    /// The value for `side` of a position where play is over, `depth` plies below where the
    /// search's depth counts from (the seeds' `evaluate`); `None` while play goes on.
    fn evaluate(&self, side: Self::Side, depth: i32) -> Option<Score>;

    /// One beyond the best value there is: infinity in alpha-beta's window.
    fn infinity(&self) -> Score;

    /// At most how many more moves can be played from here (sizes the search's table of lines).
    fn plies_left(&self) -> usize;
}

impl Rules for Board {
    type Move = Cell;
    type Side = Mark;

    fn to_move(&self) -> Mark {
        Board::to_move(self)
    }

    fn moves(&self) -> impl Iterator<Item = Cell> + '_ {
        self.legal_moves()
    }

    fn after(&self, cell: Cell) -> Board {
        Board::after(self, cell).expect("legal_moves yields playable cells")
    }

    #[inline]
    fn evaluate(&self, side: Mark, depth: i32) -> Option<Score> {
        Score::of_outcome(self.outcome(), side, depth, self.geometry().win_score())
    }

    fn infinity(&self) -> Score {
        Score::infinity(self.geometry().win_score())
    }

    fn plies_left(&self) -> usize {
        self.geometry().cells()
    }
}
