//! What a search is for and what it may spend: the game's needs as the match sees them, a search
//! wanted, the budgets of counts and traces, and which boards are large (a think time, estimates,
//! depth-limited searches).

use std::time::Duration;

use crate::engine::ai::Difficulty;
use crate::engine::board::Board;
use crate::engine::contest::Contestant;
use crate::engine::minimax::Evaluation;
use crate::game::worker::Job;

/// Boards with more cells than this get a think time, estimates while the exact search runs,
/// and depth-limited searches for Easy, Medium and Hard.
const SMALL_BOARD_CELLS: usize = 9;

/// Whether `board` is large: more cells than the classic board.
pub(in crate::game) fn is_large(board: &Board) -> bool {
    board.geometry().cells() > SMALL_BOARD_CELLS
}

/// The exact analysis of `board`: within `think_time` on a large board, estimates if it runs out.
pub(in crate::game) fn analyze_job(board: &Board, think_time: Duration) -> Job {
    Job::Analyze {
        think_time: is_large(board).then_some(think_time),
    }
}

/// A search to ask the worker for: the position, the job, and how many positions it may visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::game) struct Wanted {
    pub(in crate::game) board: Board,
    pub(in crate::game) job: Job,
    pub(in crate::game) node_budget: u64,
}

/// The depth of the search `difficulty` runs on `board`, when it is a depth-limited one: Easy,
/// Medium and Hard on boards larger than 3×3.
pub(in crate::game) fn limited_depth(difficulty: Difficulty, board: &Board) -> Option<u32> {
    let horizon = difficulty.horizon()?;
    is_large(board).then_some(horizon as u32)
}

/// The positions a trace may visit: its events are kept in memory (16 bytes each, two or three a
/// position), so a trace stops here, at about 70 MB. Plain minimax from the empty 3×3 board
/// visits 549,946 positions; from an open 4×4 board, trillions.
pub const TRACE_LIMIT: u64 = 1_500_000;

/// The positions each search may visit when the three are counted: enough for the classic game's
/// whole tree.
pub const COUNT_LIMIT: u64 = 10_000_000;

/// The positions a cutoff search may visit: an open 3×3 board to depth 8 from its first move
/// (the empty board to depth 7 is just under it); deeper on an open board it says to look
/// shallower.
pub const CUTOFF_LIMIT: u64 = 300_000;

/// A depth-limited search with an evaluation function, as the cutoff view asks for it and
/// `tictactoe cutoff` runs it: every move of `board`, `plies` ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CutoffSearch {
    pub board: Board,
    pub plies: u32,
    pub evaluation: Evaluation,
}

impl CutoffSearch {
    pub(in crate::game) fn job(self) -> Job {
        Job::Cutoff {
            plies: self.plies,
            evaluation: self.evaluation,
        }
    }
}

/// A match between two computer players, as the MCTS view asks for it and `tictactoe match`
/// plays it: `games` games of `x` against `o` on 3×3, seeded with `seed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchSearch {
    pub x: Contestant,
    pub o: Contestant,
    pub games: u64,
    pub seed: u64,
}

impl MatchSearch {
    pub(in crate::game) fn job(self) -> Job {
        Job::Match {
            x: self.x,
            o: self.o,
            games: self.games,
            seed: self.seed,
        }
    }
}

/// What the game on the board needs searched, as the match sees it.
pub(in crate::game) struct GameNeeds {
    pub(in crate::game) board: Board,
    pub(in crate::game) computer_to_move: bool,
    /// The scores are wanted and a human is to move.
    pub(in crate::game) scores_for_human: bool,
    /// The depth of the computer's depth-limited search on this board, if it plays one.
    pub(in crate::game) limited_depth: Option<u32>,
    /// The computer's Monte Carlo search on this board, if it plays one: its iterations and
    /// seed.
    pub(in crate::game) mcts: Option<(u64, u64)>,
    pub(in crate::game) think_time: Duration,
    /// The turn of the position on the board (see `Knowledge::fresh_estimate`).
    pub(in crate::game) turn: u64,
    /// Once the game is over, the positions its moves were played from.
    pub(in crate::game) finished_positions: Option<Vec<Board>>,
}
