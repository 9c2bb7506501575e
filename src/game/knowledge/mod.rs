//! What is known of each position the game and the display have asked about (analyses,
//! estimates, searches given up on, the three searches' counts, practice positions, a trace), and
//! which search to ask the worker for next. The match ([`super::GameController`]) says what the
//! game itself needs; the display adds what it wants to show.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use crate::engine::ai::{AiPlayer, Difficulty};
use crate::engine::board::{Board, Cell};
use crate::engine::clock::Clock;
use crate::engine::minimax::{
    self, Analysis, Estimate, MoveBound, MoveScore, SearchCounts, Stop, Stopped,
};
use crate::game::worker::{
    AnalysisProgress, DEFAULT_NODE_BUDGET, Job, Reply, Request, RequestId, SearchWorker,
};
use crate::learn::practice::Exercise;
use crate::learn::review::REVIEW_NODE_BUDGET;
use crate::learn::trace::{TraceAlgorithm, TraceEvent};
use crate::platform::Instant;

mod schedule;

/// Boards with more cells than this get a think time, estimates while the exact search runs,
/// and depth-limited searches for Easy, Medium and Hard.
const SMALL_BOARD_CELLS: usize = 9;

pub(super) fn is_large(board: &Board) -> bool {
    board.geometry().cells() > SMALL_BOARD_CELLS
}

/// The exact analysis of `board`: within `think_time` on a large board, estimates if it runs out.
pub(super) fn analyze_job(board: &Board, think_time: Duration) -> Job {
    Job::Analyze {
        think_time: is_large(board).then_some(think_time),
    }
}

/// A search to ask the worker for: the position, the job, and how many positions it may visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Wanted {
    pub(super) board: Board,
    pub(super) job: Job,
    pub(super) node_budget: u64,
}

/// The depth of the search `difficulty` runs on `board`, when it is a depth-limited one: Easy,
/// Medium and Hard on boards larger than 3×3.
pub(super) fn limited_depth(difficulty: Difficulty, board: &Board) -> Option<u32> {
    let horizon = difficulty.horizon()?;
    is_large(board).then_some(horizon as u32)
}

/// What the computer's choice rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Exact scores (seen through the difficulty's horizon on 3×3).
    Exact,
    /// The exact search had not finished, but one move's exact score was proven best: no other
    /// move could score more (each had an exact score or a bound at most that one).
    ProvenBest,
    /// The exact search did not finish in the think time: the best estimate of a search that
    /// looked `depth` plies ahead, with the moves already proven taken into account. Not proven.
    Unproven {
        depth: u32,
        /// Why the exact search had not finished: its share of the think time ran out
        /// ([`Stop::TimeLimit`]) or it gave up after its budget of positions.
        reason: Stop,
    },
    /// The difficulty's depth-limited search on a board larger than 3×3, `depth` plies ahead.
    DepthLimited { depth: u32 },
}

/// At most this many analyses are kept; the classic game has 4,520 open positions.
const CACHE_LIMIT: usize = 10_000;

/// The positions a trace may visit: its events are kept in memory (16 bytes each, two or three a
/// position), so a trace stops here, at about 70 MB. Plain minimax from the empty 3×3 board
/// visits 549,946 positions; from an open 4×4 board, trillions.
pub const TRACE_LIMIT: u64 = 1_500_000;

/// The positions each search may visit when the three are counted: enough for the classic game's
/// whole tree.
pub const COUNT_LIMIT: u64 = 10_000_000;

/// What is known of the moves of a position whose exact search is running or stopped: the
/// exact scores settled so far, bounds on others, and the estimates made when the think time
/// ran out, for the overlay.
#[derive(Debug, Clone, Copy)]
pub struct PartialScores<'a> {
    pub board: Board,
    pub settled: &'a [MoveScore],
    pub bounds: &'a [MoveBound],
    pub estimate: Option<&'a Estimate>,
}

impl<'a> PartialScores<'a> {
    /// The settled moves proven best so far (see [`minimax::proven_best`]).
    pub fn proven_best(&self) -> Vec<&'a MoveScore> {
        minimax::proven_best(&self.board, self.settled, self.bounds)
    }

    /// How many moves have an exact score so far: the one number the status line ("n of m moves
    /// settled") and the legend ("n of m moves have an exact score") both show.
    pub fn settled_count(&self) -> usize {
        self.settled.len()
    }
}

/// A search recorded call by call, as far as it has got.
#[derive(Debug, Clone)]
pub struct TraceLog {
    pub board: Board,
    pub algorithm: TraceAlgorithm,
    pub events: Vec<TraceEvent>,
    /// The search's result once every event is in, or why it stopped ([`TRACE_LIMIT`]).
    pub result: Option<Result<Analysis, Stop>>,
}

/// What the game on the board needs searched, as the match sees it.
pub(super) struct GameNeeds {
    pub(super) board: Board,
    pub(super) computer_to_move: bool,
    /// The scores are wanted and a human is to move.
    pub(super) scores_for_human: bool,
    /// The depth of the computer's depth-limited search on this board, if it plays one.
    pub(super) limited_depth: Option<u32>,
    pub(super) think_time: Duration,
    /// The turn of the position on the board (see [`Knowledge::fresh_estimate`]).
    pub(super) turn: u64,
    /// Once the game is over, the positions its moves were played from.
    pub(super) finished_positions: Option<Vec<Board>>,
}

/// A search the worker is running for us.
pub(super) struct InFlight {
    pub(super) id: RequestId,
    pub(super) board: Board,
    pub(super) job: Job,
    started: Instant,
    /// Its moves settled so far, for a partial display.
    settled: Vec<MoveScore>,
    /// Bounds on moves not settled yet, the latest for each move.
    bounds: Vec<MoveBound>,
}

/// What is known per position, and the search under way to know more.
pub(super) struct Knowledge {
    worker: SearchWorker,
    clock: Arc<dyn Clock>,
    pub(super) trace_limit: u64,
    /// Replies taken from the worker by [`Knowledge::wait_for_worker`], not yet acted on.
    replies: VecDeque<Reply>,
    pub(super) in_flight: Option<InFlight>,
    analyses: HashMap<Board, Analysis>,
    /// Positions the display wants analysed besides the board's (explorer nodes, previews), most
    /// wanted first; asked for after the board's own needs.
    also_wanted: Vec<Board>,
    /// Positions the search gave up on, with what it had settled.
    gave_up: HashMap<Board, Stopped>,
    /// Estimates of large boards' moves: made when the think time ran out (`None`), or by the
    /// depth-limited search of a difficulty (its depth).
    /// With the turn each was made on: the computer plays an unproven move only on an estimate
    /// made on its own turn, when its think time ran out, never on one left from an earlier visit.
    estimates: HashMap<(Board, Option<u32>), (Estimate, u64)>,
    /// The position whose three search counts are wanted, and the counts known.
    counts_wanted: Option<Board>,
    counts: HashMap<Board, SearchCounts>,
    /// Whether the practice positions are wanted, and once found, they.
    exercises_wanted: bool,
    exercises: Option<Vec<Exercise>>,
    /// The trace wanted, as far as it has been recorded.
    trace: Option<TraceLog>,
    /// The positions of the game under review (M), searched as `tictactoe review` searches
    /// them, each with at most `review_budget` positions.
    reviewed: Vec<Board>,
    pub(super) review_budget: u64,
    /// Whether an answer from the worker changed what there is to show since
    /// [`Knowledge::take_news`] was last asked.
    news: bool,
}

impl Knowledge {
    /// Starts the worker; `wake` is called from its thread when an answer arrives.
    pub(super) fn new(
        clock: Arc<dyn Clock>,
        trace_limit: u64,
        wake: impl Fn() + Send + 'static,
    ) -> Knowledge {
        Knowledge {
            worker: SearchWorker::spawn_with_clock(Arc::clone(&clock), wake),
            clock,
            trace_limit,
            replies: VecDeque::new(),
            in_flight: None,
            analyses: HashMap::new(),
            also_wanted: Vec::new(),
            gave_up: HashMap::new(),
            estimates: HashMap::new(),
            counts_wanted: None,
            counts: HashMap::new(),
            exercises_wanted: false,
            exercises: None,
            trace: None,
            reviewed: Vec::new(),
            review_budget: REVIEW_NODE_BUDGET,
            news: false,
        }
    }

    // --- what is known ---

    pub(super) fn analysis(&self, board: &Board) -> Option<&Analysis> {
        self.analyses.get(board)
    }

    /// The estimate of `board` by the depth-limited search of `depth` plies, or (`None`) the
    /// one made when the think time ran out, with the turn it was made on.
    pub(super) fn estimate(&self, board: &Board, depth: Option<u32>) -> Option<(&Estimate, u64)> {
        let (estimate, turn) = self.estimates.get(&(*board, depth))?;
        Some((estimate, *turn))
    }

    pub(super) fn gave_up(&self, board: &Board) -> Option<&Stopped> {
        self.gave_up.get(board)
    }

    /// Whether `board` has a game to search and no analysis nor gave-up record yet.
    pub(super) fn unknown(&self, board: &Board) -> bool {
        !board.outcome().is_over()
            && !self.analyses.contains_key(board)
            && !self.gave_up.contains_key(board)
    }

    /// How long the search for `board` has been running.
    pub(super) fn search_elapsed(&self, board: &Board) -> Option<Duration> {
        let search = self.in_flight.as_ref()?;
        (search.board == *board).then(|| self.clock.now().saturating_duration_since(search.started))
    }

    /// The moves of `board` settled so far while its search runs.
    pub(super) fn settled_so_far(&self, board: &Board) -> &[MoveScore] {
        match &self.in_flight {
            Some(search) if search.board == *board => &search.settled,
            _ => &[],
        }
    }

    /// What is known of the moves of `board` before its exact scores are all known: while its
    /// search runs, or after it gave up. `None` once the analysis is complete.
    pub(super) fn partial_scores(&self, board: &Board) -> Option<PartialScores<'_>> {
        let board = *board;
        if self.analyses.contains_key(&board) || board.outcome().is_over() {
            return None;
        }
        let estimate = self
            .estimates
            .get(&(board, None))
            .map(|(estimate, _)| estimate);
        let (settled, bounds) = match (&self.in_flight, self.gave_up.get(&board)) {
            (Some(search), _)
                if search.board == board && matches!(search.job, Job::Analyze { .. }) =>
            {
                (&search.settled[..], &search.bounds[..])
            }
            (_, Some(stopped)) => (&stopped.partial.moves[..], &stopped.bounds[..]),
            _ if estimate.is_some() => (&[][..], &[][..]),
            _ => return None,
        };
        Some(PartialScores {
            board,
            settled,
            bounds,
            estimate,
        })
    }

    /// How far the exact search for `board` has got, while it runs: the positions from the
    /// worker, the moves settled as the overlay and the legend have them
    /// ([`PartialScores::settled_count`]), not the worker's own count, which runs ahead of the
    /// replies taken in and starts again with each exact phase.
    pub(super) fn progress(&self, board: &Board) -> Option<AnalysisProgress> {
        let search = self.in_flight.as_ref()?;
        let (id, mut progress) = self.worker.progress()?;
        if id != search.id || search.board != *board {
            return None;
        }
        let partial = self.partial_scores(board)?;
        progress.exact.settled = partial.settled_count();
        progress.exact.moves = board.legal_moves().count();
        Some(progress)
    }

    pub(super) fn counts(&self, board: &Board) -> Option<&SearchCounts> {
        self.counts.get(board)
    }

    pub(super) fn exercises(&self) -> Option<&[Exercise]> {
        self.exercises.as_deref()
    }

    pub(super) fn trace(&self) -> Option<&TraceLog> {
        self.trace.as_ref()
    }

    /// Whether a search is running or an answer waits to be taken in.
    pub(super) fn is_busy(&self) -> bool {
        self.in_flight.is_some() || !self.replies.is_empty()
    }

    // --- what the display wants ---

    pub(super) fn want_analyses(&mut self, boards: Vec<Board>) {
        self.also_wanted = boards;
    }

    /// The positions before each move of the game under review; they are searched after the
    /// analyses the display wants (and before the explorer's counts), each within the review's
    /// budget.
    pub(super) fn want_review(&mut self, boards: Vec<Board>) {
        self.reviewed = boards;
    }

    pub(super) fn want_counts(&mut self, board: Option<Board>) {
        self.counts_wanted = board;
    }

    pub(super) fn want_exercises(&mut self, wanted: bool) {
        self.exercises_wanted = wanted;
    }

    /// A new trace drops the one recorded before.
    pub(super) fn want_trace(&mut self, trace: Option<(Board, TraceAlgorithm)>) {
        let current = self.trace.as_ref().map(|log| (log.board, log.algorithm));
        if current != trace {
            self.trace = trace.map(|(board, algorithm)| TraceLog {
                board,
                algorithm,
                events: Vec::new(),
                result: None,
            });
        }
    }

    // --- the loop ---

    /// Takes in every answer that has arrived; estimates are stamped with `turn`.
    pub(super) fn take_in(&mut self, turn: u64) {
        while let Some(reply) = self.replies.pop_front().or_else(|| self.worker.try_reply()) {
            self.receive(reply, turn);
            self.news = true;
        }
    }

    /// Whether answers taken in since the last call changed what there is to show.
    pub(super) fn take_news(&mut self) -> bool {
        std::mem::take(&mut self.news)
    }

    /// Waits up to `timeout` for the worker's next answer; `false` if none came.
    pub(super) fn wait_for_worker(&mut self, timeout: Duration) -> bool {
        match self.worker.wait_reply(timeout) {
            Some(reply) => {
                self.replies.push_back(reply);
                true
            }
            None => false,
        }
    }

    pub(super) fn receive(&mut self, reply: Reply, turn: u64) {
        let ours = |search: &Option<InFlight>, id| search.as_ref().is_some_and(|s| s.id == id);
        match reply {
            Reply::Settled { id, settled, .. } => {
                // An exact phase after the estimates settles again, from the table, the moves
                // an earlier phase settled: each move is counted once.
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id)
                    && !search.settled.iter().any(|m| m.cell == settled.cell)
                {
                    search.bounds.retain(|known| known.cell != settled.cell);
                    search.settled.push(settled);
                }
            }
            Reply::Bounded { id, bound, .. } => {
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id)
                    && !search.settled.iter().any(|m| m.cell == bound.cell)
                {
                    search.bounds.retain(|known| known.cell != bound.cell);
                    search.bounds.push(bound);
                }
            }
            Reply::Done { id, analysis } => {
                if ours(&self.in_flight, id) {
                    self.in_flight = None;
                }
                if self.analyses.len() >= CACHE_LIMIT {
                    self.analyses.clear();
                }
                // Kept even if no longer awaited: it is exact, and undo may bring it back.
                self.analyses.insert(analysis.board, analysis);
            }
            Reply::GaveUp { id, stopped } => {
                if ours(&self.in_flight, id) {
                    self.in_flight = None;
                }
                self.gave_up.insert(stopped.partial.board, stopped);
            }
            Reply::Estimated { id, estimate } => {
                // Kept only if still wanted: the search goes on, and the key says which kind.
                if let Some(search) = self.in_flight.as_ref().filter(|s| s.id == id) {
                    let depth = match search.job {
                        Job::Estimate { depth, .. } => depth,
                        _ => None,
                    };
                    let key = (estimate.board, depth);
                    if matches!(search.job, Job::Estimate { .. }) {
                        self.in_flight = None;
                    }
                    if self.estimates.len() >= CACHE_LIMIT {
                        self.estimates.clear();
                    }
                    self.estimates.insert(key, (estimate, turn));
                }
            }
            Reply::Counted { id, board, counts } => {
                if ours(&self.in_flight, id) {
                    self.in_flight = None;
                }
                self.counts.insert(board, counts);
            }
            Reply::Exercises { id, exercises, .. } => {
                if ours(&self.in_flight, id) {
                    self.in_flight = None;
                    self.exercises = Some(exercises);
                }
            }
            Reply::TraceEvents { id, events } => {
                if ours(&self.in_flight, id)
                    && let Some(log) = &mut self.trace
                {
                    log.events.extend(events);
                }
            }
            Reply::TraceDone { id, result } => {
                if ours(&self.in_flight, id) {
                    self.in_flight = None;
                    if let Some(log) = &mut self.trace {
                        log.result = Some(result);
                    }
                }
            }
        }
    }

    /// Asks the worker for `wanted`, unless it is already under way; `None` stops the search.
    pub(super) fn ask(&mut self, wanted: Option<Wanted>) {
        let running = self
            .in_flight
            .as_ref()
            .map(|search| (search.board, search.job));
        let same = match (wanted, running) {
            (Some(wanted), Some((running_board, running_job))) => {
                wanted.board == running_board && wanted.job.same_work(running_job)
            }
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        self.in_flight = wanted.map(
            |Wanted {
                 board,
                 job,
                 node_budget,
             }| InFlight {
                id: self.worker.submit(Request {
                    board,
                    job,
                    node_budget,
                }),
                board,
                job,
                started: self.clock.now(),
                settled: Vec::new(),
                bounds: Vec::new(),
            },
        );
        if wanted.is_none() {
            self.worker.cancel_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Geometry;
    use crate::engine::clock::ManualClock;
    use crate::engine::score::Score;

    /// On 7×7 the status once said "1 of 47 moves settled" while the legend said "2
    /// of 47 moves have an exact score": the exact phase after the estimates settled again the
    /// move the first phase had settled, and the status counted the worker's moves while the
    /// legend counted the replies. Both now show [`PartialScores::settled_count`], each move once.
    #[test]
    fn the_status_and_the_legend_count_the_same_settled_moves() {
        // A manual clock that never moves: the exact search on the open 7×7 board runs on (its
        // budget of positions takes minutes) and settles nothing of its own during the test.
        let clock = Arc::new(ManualClock::new());
        let mut knowledge = Knowledge::new(clock, TRACE_LIMIT, || {});
        let geometry = Geometry::new(7, 7, 5).unwrap();
        let mut board = Board::empty(geometry, crate::engine::board::Mark::X);
        board.play(Cell::new(3, 3)).unwrap();
        board.play(Cell::new(3, 4)).unwrap();
        assert_eq!(board.legal_moves().count(), 47);
        let job = analyze_job(&board, Duration::from_secs(5));
        knowledge.ask(Some(knowledge.with_budget(board, job)));
        let id = knowledge.in_flight.as_ref().unwrap().id;
        // The worker takes the request on its own thread.
        while knowledge.progress(&board).is_none() {
            crate::platform::threads::sleep(Duration::from_millis(1));
        }
        let one = MoveScore {
            cell: Cell::new(0, 0),
            score: Score::DRAW,
            pv: Vec::new(),
        };
        // Settled in the first exact phase, then again in the one after the estimates.
        for _ in 0..2 {
            knowledge.receive(
                Reply::Settled {
                    id,
                    board,
                    settled: one.clone(),
                },
                0,
            );
        }
        let legend = knowledge.partial_scores(&board).unwrap().settled_count();
        let status = knowledge.progress(&board).unwrap().exact;
        assert_eq!(legend, 1);
        assert_eq!((status.settled, status.moves), (legend, 47));
    }
}
