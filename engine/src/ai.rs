//! The computer player: how far ahead it looks, and which of the moves it likes it plays.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use serde::{Deserialize, Serialize};

use crate::board::{Cell, Geometry};
use crate::minimax::{Analysis, Estimate, MoveScore, Valuation};
use crate::score::Score;

/// How strong the computer plays: how many plies (single moves, its own and yours) it looks ahead.
///
/// It rates each move with the exact minimax score, then forgets any result that lies beyond its
/// horizon: a win or loss further away counts as a draw, which is exactly what a depth-limited
/// minimax would see. Among the moves it rates best it picks at random.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Difficulty {
    /// One ply: takes a win when it has one, otherwise plays anywhere, even if you are about to win.
    Easy,
    /// Two plies: takes a win, blocks yours, and is otherwise aimless, so a fork beats it.
    Medium,
    /// Four plies: sees a fork one move before it lands, but not the setup moves that lead to one.
    Hard,
    /// The whole game: never loses.
    #[default]
    Perfect,
}

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Perfect,
    ];

    /// How many plies ahead this level sees, the move it plays included (`None`: to the end).
    pub fn horizon(self) -> Option<i32> {
        match self {
            Difficulty::Easy => Some(1),
            Difficulty::Medium => Some(2),
            Difficulty::Hard => Some(4),
            Difficulty::Perfect => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
            Difficulty::Perfect => "Perfect",
        }
    }

    /// A move's score as this level sees it: results beyond the horizon look like draws.
    pub fn perceived_score(self, score: Score, geometry: Geometry) -> Score {
        score.within_horizon(self.horizon(), geometry)
    }
}

/// Chooses the computer's moves. Random choices come from a seedable source, so games replay
/// exactly in tests.
pub struct AiPlayer {
    rng: StdRng,
}

impl AiPlayer {
    pub fn seeded(seed: u64) -> AiPlayer {
        AiPlayer {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    pub fn from_entropy() -> AiPlayer {
        AiPlayer {
            rng: StdRng::from_os_rng(),
        }
    }

    /// A move for the side to move of the analysed position, or `None` if the game is over: one
    /// of [`AiPlayer::candidates`], at random.
    pub fn choose(&mut self, analysis: &Analysis, difficulty: Difficulty) -> Option<Cell> {
        AiPlayer::candidates(analysis, difficulty)
            .choose(&mut self.rng)
            .copied()
    }

    /// The moves this level rates best, in row-major order: the ones it picks among.
    /// One of `cells` at random.
    pub fn pick(&mut self, cells: &[Cell]) -> Option<Cell> {
        cells.choose(&mut self.rng).copied()
    }

    /// The moves to choose among when the exact search ran out of time: the highest ranked by
    /// [`Valuation::rank`], where a move already settled counts with its exact score and the
    /// others with their estimate. A proven win beats every estimate; a proven loss is played
    /// only when every move loses.
    pub fn unproven_candidates(estimate: &Estimate, settled: &[MoveScore]) -> Vec<Cell> {
        let ranked: Vec<(Cell, i64)> = estimate
            .moves
            .iter()
            .map(|m| {
                let value = settled
                    .iter()
                    .find(|s| s.cell == m.cell)
                    .map_or(m.value, |s| Valuation::Exact(s.score));
                (m.cell, value.rank())
            })
            .collect();
        let Some(best) = ranked.iter().map(|&(_, rank)| rank).max() else {
            return Vec::new();
        };
        ranked
            .into_iter()
            .filter(|&(_, rank)| rank == best)
            .map(|(cell, _)| cell)
            .collect()
    }

    pub fn candidates(analysis: &Analysis, difficulty: Difficulty) -> Vec<Cell> {
        let geometry = analysis.board.geometry();
        let perceived: Vec<(Cell, Score)> = analysis
            .moves
            .iter()
            .map(|m| (m.cell, difficulty.perceived_score(m.score, geometry)))
            .collect();
        let Some(best) = perceived.iter().map(|&(_, score)| score).max() else {
            return Vec::new();
        };
        perceived
            .iter()
            .filter(|&&(_, s)| s == best)
            .map(|&(cell, _)| cell)
            .collect()
    }
}
