//! The computer player: how far ahead it looks (or, at the Monte Carlo levels, how many
//! iterations it searches), and which of the moves it likes it plays.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell, Geometry};
use crate::mcts::{Mcts, SplitMix};
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
    /// Monte Carlo tree search (UCT, c = √2) with 1,000 iterations a move: plays the move it
    /// visited most ([`mcts_choice`]), not minimax's scores.
    MctsThousand,
    /// Monte Carlo tree search with 10,000 iterations a move.
    MctsTenThousand,
}

impl Difficulty {
    /// The minimax levels, weakest first: each plays on the exact scores through its horizon.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Perfect,
    ];

    /// The Monte Carlo tree search levels, fewest iterations first.
    pub const MONTE_CARLO: [Difficulty; 2] =
        [Difficulty::MctsThousand, Difficulty::MctsTenThousand];

    /// Every level, as the menus list them: the minimax levels, then the Monte Carlo ones.
    pub const CHOICES: [Difficulty; 6] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Perfect,
        Difficulty::MctsThousand,
        Difficulty::MctsTenThousand,
    ];

    /// How many MCTS iterations this level runs a move; `None` for the minimax levels.
    pub fn mcts_iterations(self) -> Option<u64> {
        match self {
            Difficulty::MctsThousand => Some(1_000),
            Difficulty::MctsTenThousand => Some(10_000),
            _ => None,
        }
    }

    /// How many plies ahead this level sees, the move it plays included (`None`: to the end).
    pub fn horizon(self) -> Option<i32> {
        match self {
            Difficulty::Easy => Some(1),
            Difficulty::Medium => Some(2),
            Difficulty::Hard => Some(4),
            Difficulty::Perfect => None,
            // Not a horizon: MCTS plays out to the end, without minimax's scores.
            Difficulty::MctsThousand | Difficulty::MctsTenThousand => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
            Difficulty::Perfect => "Perfect",
            Difficulty::MctsThousand => "MCTS, 1,000 iterations",
            Difficulty::MctsTenThousand => "MCTS, 10,000 iterations",
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
    /// What the Monte Carlo levels' searches are seeded from ([`AiPlayer::search_seed`]).
    seed: u64,
}

impl AiPlayer {
    pub fn seeded(seed: u64) -> AiPlayer {
        AiPlayer {
            rng: StdRng::seed_from_u64(seed),
            seed,
        }
    }

    pub fn from_entropy() -> AiPlayer {
        let mut rng = StdRng::from_os_rng();
        let seed = rng.next_u64();
        AiPlayer { rng, seed }
    }

    /// The seed of a Monte Carlo level's search of `board`: the player's seed mixed with the
    /// position, so that a seeded game replays exactly and each position gets its own
    /// numbers, however often the search is asked for.
    pub fn search_seed(&self, board: &Board) -> u64 {
        position_seed(self.seed, board)
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

/// `seed` mixed with `board` (its notation, FNV-1a, then SplitMix64): the same on every machine.
pub fn position_seed(seed: u64, board: &Board) -> u64 {
    let text = board.to_string();
    let hash = text.bytes().fold(0xCBF2_9CE4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
    });
    SplitMix::new(seed ^ hash).next_u64()
}

/// How many iterations [`mcts_choice`] runs between asks whether to go on.
pub const MCTS_CHUNK: u64 = 256;

/// The move Monte Carlo tree search plays on `board` after `iterations` iterations (UCT with
/// c = √2, seeded with `seed`): the root's most visited move. `go_on` is asked every
/// [`MCTS_CHUNK`] iterations with the number run so far; `None` once it says stop, or on a
/// finished board.
pub fn mcts_choice(
    board: &Board,
    iterations: u64,
    seed: u64,
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Option<Cell> {
    if board.outcome().is_over() {
        return None;
    }
    // Each iteration adds at most one node: the tree never reaches its cap.
    let nodes = usize::try_from(iterations.saturating_add(1)).unwrap_or(usize::MAX);
    let mut search = Mcts::new(*board, seed, std::f64::consts::SQRT_2, nodes);
    let mut done = 0;
    while done < iterations {
        if !go_on(done) {
            return None;
        }
        let chunk = MCTS_CHUNK.min(iterations - done);
        search.run(chunk);
        done += chunk;
    }
    search.most_visited()
}
