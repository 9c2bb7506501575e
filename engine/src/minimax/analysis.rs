//! What a search tells of a position: every move's exact score and line ([`Analysis`],
//! [`MoveScore`]), what is known of a move before its score ([`MoveBound`]), as a search reports
//! it on the way ([`RootReport`]), which moves are proven best so far ([`proven_best`]), what a
//! teaching search finds from a position itself ([`GameValue`]), and what the search cost
//! ([`SearchStats`]).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

use crate::board::{Board, Cell, Geometry};
use crate::score::{Score, Verdict};

/// Which search produced an analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Algorithm {
    /// Plain minimax over the whole game tree: the reference.
    Plain,
    /// Alpha-beta as the textbooks write it: no table, moves in reading order.
    AlphaBetaClassic,
    /// Alpha-beta with a transposition table and move ordering.
    AlphaBeta,
    /// The solver of larger boards: null windows, symmetric table, threats, every core it is
    /// given.
    Solver,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Plain => "plain",
            Algorithm::AlphaBetaClassic => "alphabeta-classic",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::Solver => "solver",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One legal move, what it scores for the side that plays it, and how the game then goes under
/// best play by both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveScore {
    pub cell: Cell,
    pub score: Score,
    /// The principal variation: the moves that follow this one under best play by both sides, to
    /// the end of the game (at each step the first best move in row-major order). Empty when
    /// this move ends the game. `analyze` prints it as `"line"`.
    pub pv: Vec<Cell>,
}

impl MoveScore {
    /// What the score means in plain words.
    pub fn verdict(&self, geometry: Geometry) -> Verdict {
        self.score.verdict(geometry)
    }
}

/// What a search knows of a root move's score before the exact value: `lower ≤ score ≤ upper`,
/// both seen from the side that plays the move (a lower bound of [`Score::DRAW`] reads "at least
/// a draw", an upper bound of [`Score::DRAW`] "does not win").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveBound {
    pub cell: Cell,
    pub lower: Score,
    pub upper: Score,
}

impl MoveBound {
    /// Nothing known yet: from losing to the opponent's very next move to winning right now.
    pub fn unknown(cell: Cell, geometry: Geometry) -> MoveBound {
        let win = geometry.win_score();
        MoveBound {
            cell,
            lower: Score::loss_at(1, win),
            upper: Score::win_at(0, win),
        }
    }

    /// Whether the bound says more than [`MoveBound::unknown`].
    pub fn is_known(&self, geometry: Geometry) -> bool {
        *self != MoveBound::unknown(self.cell, geometry)
    }
}

/// What a teaching search ([`plain_game`](super::plain_game), [`alpha_beta_game`](super::alpha_beta_game)) finds from the position it
/// starts on: its value for the side to move there, the line of play that leads to it (at each
/// step the first best move), and how many positions it visited, the start included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameValue<M> {
    pub value: Score,
    pub line: Vec<M>,
    pub nodes: u64,
}

/// What a search reports about a root move as it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootReport<'a> {
    /// The move's exact score and line.
    Settled(&'a MoveScore),
    /// A bound on the move's score, known before the exact value (a later report of the same
    /// move is at least as tight).
    Bounded(MoveBound),
}

/// What a search cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchStats {
    pub algorithm: Algorithm,
    /// Positions visited, the root included.
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Every legal move of a position with its exact score and line of play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    pub board: Board,
    /// In row-major order. Empty when the game is over.
    pub moves: Vec<MoveScore>,
    pub stats: SearchStats,
}

/// The moves of a partial analysis of `board` that are proven best: the settled moves with the
/// best score, when every other legal move has a bound at or below it (a move with no bound
/// might beat it, unless the best wins at once). Empty until then. The computer at Perfect
/// plays one of them without waiting for the other scores, and `analyze --time-limit` names the
/// first as its best move.
pub fn proven_best<'a>(
    board: &Board,
    settled: &'a [MoveScore],
    bounds: &[MoveBound],
) -> Vec<&'a MoveScore> {
    let Some(best) = settled.iter().map(|m| m.score).max() else {
        return Vec::new();
    };
    let geometry = board.geometry();
    let cannot_beat = |cell: Cell| {
        let bound = bounds.iter().find(|bound| bound.cell == cell);
        settled.iter().any(|m| m.cell == cell)
            || bound
                .map_or(MoveBound::unknown(cell, geometry), |b| *b)
                .upper
                <= best
    };
    if !board.legal_moves().all(cannot_beat) {
        return Vec::new();
    }
    settled.iter().filter(|m| m.score == best).collect()
}

/// What the answers to one exact analysis have told of its moves so far: the moves settled, each
/// once, and for every other move the latest bound (a later one is at least as tight). The game's
/// display keeps it while an analysis runs, the page to look at once when the best move is proven,
/// and [`Solver::until_proven_best`](super::Solver::until_proven_best) to stop there.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MovesSoFar {
    pub settled: Vec<MoveScore>,
    pub bounds: Vec<MoveBound>,
}

impl MovesSoFar {
    /// Takes in the exact score of a move. An exact phase after the estimates settles again, from
    /// the table, the moves an earlier phase settled: each move is counted once.
    pub fn settle(&mut self, settled: MoveScore) {
        if !self.is_settled(settled.cell) {
            self.bounds.retain(|known| known.cell != settled.cell);
            self.settled.push(settled);
        }
    }

    /// Takes in a bound on a move not settled yet.
    pub fn bound(&mut self, bound: MoveBound) {
        if !self.is_settled(bound.cell) {
            self.bounds.retain(|known| known.cell != bound.cell);
            self.bounds.push(bound);
        }
    }

    fn is_settled(&self, cell: Cell) -> bool {
        self.settled.iter().any(|m| m.cell == cell)
    }

    /// The settled moves of `board` proven best so far (see [`proven_best`]).
    pub fn proven_best(&self, board: &Board) -> Vec<&MoveScore> {
        proven_best(board, &self.settled, &self.bounds)
    }
}

impl Analysis {
    /// The highest score, if there is any move.
    pub fn best_score(&self) -> Option<Score> {
        self.moves.iter().map(|m| m.score).max()
    }

    /// The first move in row-major order with the highest score, as the classic `findBestMove`
    /// picks it.
    pub fn best(&self) -> Option<&MoveScore> {
        let best = self.best_score()?;
        self.moves.iter().find(|m| m.score == best)
    }

    /// Every move with the highest score.
    pub fn best_moves(&self) -> impl Iterator<Item = &MoveScore> {
        let best = self.best_score();
        self.moves.iter().filter(move |m| Some(m.score) == best)
    }

    /// The score of playing `cell`, if it is a legal move.
    pub fn score_of(&self, cell: Cell) -> Option<Score> {
        self.get(cell).map(|m| m.score)
    }

    pub fn get(&self, cell: Cell) -> Option<&MoveScore> {
        self.moves.iter().find(|m| m.cell == cell)
    }
}
