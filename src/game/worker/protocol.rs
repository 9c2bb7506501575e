//! What the worker is asked ([`Request`], its [`Job`]) and what it answers ([`Reply`]), the same
//! on the desktop and, serialised, between a page and its Web Worker.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::engine::board::{Board, Cell};
use crate::engine::contest::{Contestant, Tally};
use crate::engine::minimax::{
    Analysis, Estimate, Evaluation, MoveBound, MoveScore, Progress, SearchCounts, Stop, Stopped,
    Valuation,
};
use crate::learn::practice::Exercise;
use crate::learn::trace::{TraceAlgorithm, TraceEvent};

/// Identifies a request, to match answers with.
pub type RequestId = u64;

/// What the worker is asked to do with a position, giving up after `node_budget` positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub board: Board,
    pub job: Job,
    pub node_budget: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// Score every move exactly. With a think time, a search still running after
    /// [`EXACT_SHARE`](crate::engine::minimax::EXACT_SHARE) of it stops to estimate every move until the time is up
    /// ([`Reply::Estimated`]), then goes on solving exactly.
    Analyze { think_time: Option<Duration> },
    /// Estimate every move with the depth-limited search, looking at most `depth` plies ahead
    /// (`None`: as deep as `time` allows).
    Estimate { depth: Option<u32>, time: Duration },
    /// Count the positions each search visits (see [`Request::count_searches`]).
    CountSearches,
    /// Record every call `algorithm` makes from the position, as [`Reply::TraceEvents`] in
    /// batches, then [`Reply::TraceDone`]; the node budget caps it. The first `skip` events are
    /// not sent: a trace resumed after another search had the worker starts again from the
    /// start (the searches are deterministic) and sends only what is new.
    Trace {
        algorithm: TraceAlgorithm,
        skip: usize,
    },
    /// Find the practice positions among every position that can arise from this one.
    Exercises,
    /// Rate every move by depth-limited minimax, `plies` ahead, the positions still open there
    /// judged by `evaluation` ([`Reply::Cutoff`]); the node budget caps it.
    Cutoff { plies: u32, evaluation: Evaluation },
    /// The move Monte Carlo tree search plays after `iterations` iterations seeded with `seed`
    /// (a Monte Carlo level's move, [`crate::engine::ai::mcts_choice`]): [`Reply::MctsChose`].
    Mcts { iterations: u64, seed: u64 },
    /// A match of `x` against `o` on 3×3, `games` games seeded with `seed`, as `tictactoe match`
    /// plays it ([`crate::engine::contest::MatchPlay`]): [`Reply::MatchPlayed`] after every game.
    /// The request's board is not used.
    Match {
        x: Contestant,
        o: Contestant,
        games: u64,
        seed: u64,
    },
}

impl Job {
    /// Whether the two ask for the same work: a trace resumed further on is the same trace.
    pub fn same_work(self, other: Job) -> bool {
        match (self, other) {
            (Job::Trace { algorithm: a, .. }, Job::Trace { algorithm: b, .. }) => a == b,
            _ => self == other,
        }
    }
}

impl Request {
    /// Every move of `board`, with the default budget.
    pub fn analyze(board: Board) -> Request {
        Request {
            board,
            job: Job::Analyze { think_time: None },
            node_budget: DEFAULT_NODE_BUDGET,
        }
    }

    /// Every move of `board` exactly, with estimates by the end of `think_time` if the exact
    /// search has not finished by then.
    pub fn analyze_within(board: Board, think_time: Duration) -> Request {
        Request {
            job: Job::Analyze {
                think_time: Some(think_time),
            },
            ..Request::analyze(board)
        }
    }

    /// The events of `algorithm` on `board` after the first `skip`, at most `node_budget`
    /// positions.
    pub fn trace(
        board: Board,
        algorithm: TraceAlgorithm,
        skip: usize,
        node_budget: u64,
    ) -> Request {
        Request {
            board,
            job: Job::Trace { algorithm, skip },
            node_budget,
        }
    }

    /// The three searches' node counts for `board`, each allowed `node_budget` positions.
    pub fn count_searches(board: Board, node_budget: u64) -> Request {
        Request {
            board,
            job: Job::CountSearches,
            node_budget,
        }
    }
}

/// Boards larger than 3×3 can take the exact search very long; past this many positions the
/// worker reports that it gave up instead of thinking forever.
pub const DEFAULT_NODE_BUDGET: u64 = 50_000_000;

/// An answer from the worker.
#[derive(Debug, Serialize, Deserialize)]
pub enum Reply {
    /// One move of the request's position has its exact score.
    Settled {
        id: RequestId,
        board: Board,
        settled: MoveScore,
    },
    /// A move of the request's position is known to score within a bound (a later `Bounded` or
    /// `Settled` for the same move is at least as tight).
    Bounded {
        id: RequestId,
        board: Board,
        bound: MoveBound,
    },
    /// The exact search did not finish in the think time (or the request asked for estimates):
    /// every move estimated. An exact search goes on after it.
    Estimated { id: RequestId, estimate: Estimate },
    /// Every move is scored.
    Done { id: RequestId, analysis: Analysis },
    /// The search ran out of budget; the moves it settled are in `stopped.partial`.
    GaveUp { id: RequestId, stopped: Stopped },
    /// The answer to [`Job::CountSearches`].
    Counted {
        id: RequestId,
        board: Board,
        counts: SearchCounts,
    },
    /// The next events of a [`Job::Trace`], in order.
    TraceEvents {
        id: RequestId,
        events: Vec<TraceEvent>,
    },
    /// The end of a [`Job::Trace`]: the search's result, or why it stopped (its budget).
    TraceDone {
        id: RequestId,
        result: Result<Analysis, Stop>,
    },
    /// The answer to [`Job::Exercises`].
    Exercises {
        id: RequestId,
        board: Board,
        exercises: Vec<Exercise>,
    },
    /// The answer to [`Job::Cutoff`]: each move's number, or why the search stopped (its
    /// budget).
    Cutoff {
        id: RequestId,
        board: Board,
        plies: u32,
        evaluation: Evaluation,
        result: Result<Vec<(Cell, Valuation)>, Stop>,
    },
    /// The answer to [`Job::Mcts`]: the most visited move.
    MctsChose {
        id: RequestId,
        board: Board,
        seed: u64,
        iterations: u64,
        cell: Cell,
    },
    /// How far a [`Job::Mcts`] has got: `done` of its iterations run, sent every
    /// [`MCTS_PROGRESS_EVERY`] iterations while it runs.
    MctsProgress { id: RequestId, done: u64 },
    /// A game of a [`Job::Match`] is over: the games played so far and each side's tally. The
    /// one with every game played is the match's answer.
    MatchPlayed { id: RequestId, so_far: MatchSoFar },
}

/// How often a Monte Carlo level's search says how far it has got: every 512 iterations (twice
/// [`crate::engine::ai::MCTS_CHUNK`]), a message to a few milliseconds of search, so that the
/// report costs the search nothing it could measure. A 1,000-iteration move reports once, a
/// 10,000-iteration move 19 times.
pub const MCTS_PROGRESS_EVERY: u64 = 2 * crate::engine::ai::MCTS_CHUNK;

/// A match as far as it has got: the games played and each side's tally (X is the first
/// contestant).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSoFar {
    pub played: u64,
    pub x: Tally,
    pub o: Tally,
}

impl Reply {
    pub fn id(&self) -> RequestId {
        match self {
            Reply::Settled { id, .. }
            | Reply::Bounded { id, .. }
            | Reply::Estimated { id, .. }
            | Reply::Done { id, .. }
            | Reply::GaveUp { id, .. }
            | Reply::Counted { id, .. }
            | Reply::TraceEvents { id, .. }
            | Reply::TraceDone { id, .. }
            | Reply::Exercises { id, .. }
            | Reply::Cutoff { id, .. }
            | Reply::MctsChose { id, .. }
            | Reply::MctsProgress { id, .. }
            | Reply::MatchPlayed { id, .. } => *id,
        }
    }
}

/// How far an exact analysis has got, as the status bar shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisProgress {
    /// Positions searched exactly over every phase; moves settled (the most settled at once:
    /// a phase that starts again settles the same moves again, quickly, from the table).
    pub exact: Progress,
    /// Whether the exact search is paused while every move is estimated.
    pub estimating: bool,
}
