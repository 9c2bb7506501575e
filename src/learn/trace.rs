//! The search at work, call by call: the events plain minimax and textbook alpha-beta report as
//! they run, recorded compactly, and the state a debugger would show after any number of them
//! (the call stack, each call's best so far and window, what was pruned and why, counters).
//!
//! An event takes 16 bytes, so the whole plain tree of the empty 3×3 board, 1.6 million events,
//! is 26 MB; the app's worker records a trace in batches (see [`crate::game::worker::Job::Trace`]) and
//! caps it by a node budget.

use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::{
    Analysis, GameValue, Observer, SearchControl, Stop, alpha_beta_game, alpha_beta_observed,
    plain_game, plain_observed,
};
use crate::engine::rules::Rules;
use crate::engine::score::Score;
use crate::learn::view::Shown;
use serde::{Deserialize, Serialize};

/// Which search is traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TraceAlgorithm {
    /// Plain minimax, as the articles write it.
    Plain,
    /// Alpha-beta as the textbooks write it (no table, moves in reading order): the search
    /// [`Algorithm::AlphaBetaClassic`](crate::engine::minimax::Algorithm::AlphaBetaClassic) runs.
    AlphaBetaClassic,
}

impl TraceAlgorithm {
    pub fn name(self) -> &'static str {
        match self {
            TraceAlgorithm::Plain => "plain",
            TraceAlgorithm::AlphaBetaClassic => "alphabeta",
        }
    }

    /// Runs the search on `board`, reporting to `observer`.
    pub fn run(
        self,
        board: &Board,
        control: &SearchControl,
        observer: &mut impl Observer,
    ) -> Result<Analysis, Stop> {
        match self {
            TraceAlgorithm::Plain => plain_observed(board, control, &mut |_| {}, observer),
            TraceAlgorithm::AlphaBetaClassic => {
                alpha_beta_observed(board, control, &mut |_| {}, observer)
            }
        }
        .map_err(|stopped| stopped.reason)
    }

    /// Runs the search from `start` itself (its first call, at depth 0), as the textbooks
    /// search an abstract tree from its root, reporting to `observer`: the same recursion as
    /// [`TraceAlgorithm::run`].
    pub fn run_game<G: Rules>(
        self,
        start: &G,
        control: &SearchControl,
        observer: &mut impl Observer<G>,
    ) -> Result<GameValue<G::Move>, Stop> {
        match self {
            TraceAlgorithm::Plain => plain_game(start, control, observer),
            TraceAlgorithm::AlphaBetaClassic => alpha_beta_game(start, control, observer),
        }
    }
}

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// A call starts; `cell` is the move that led to its board.
    Enter,
    /// The call's board is finished; `score` is its evaluation.
    Leaf,
    /// The call returns `score`.
    Exit,
    /// Alpha-beta skips the moves in `pruned` because α ≥ β.
    Cutoff,
}

/// One event, in 16 bytes: the board is not stored, it follows from the moves of the calls under
/// way (see [`StepState`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceEvent {
    pub kind: EventKind,
    pub depth: i8,
    /// For [`EventKind::Enter`], the cell of the move that led here.
    pub cell: u8,
    pub is_max: bool,
    /// The evaluation (leaf) or the returned value (exit).
    pub score: i8,
    /// The window at the call's start (enter) or at the cutoff; 0 for plain minimax.
    pub alpha: i8,
    pub beta: i8,
    /// For a cutoff, the cells skipped, as a mask (they are skipped in reading order).
    pub pruned: u64,
}

impl TraceEvent {
    pub fn score(&self) -> Score {
        Score::new(self.score.into())
    }

    pub fn window(&self) -> (Score, Score) {
        (Score::new(self.alpha.into()), Score::new(self.beta.into()))
    }

    /// The cells of `pruned`, in the order the search would have tried them.
    fn pruned_cells(&self, board: &Board) -> Vec<Cell> {
        let geometry = board.geometry();
        (0..geometry.cells())
            .filter(|index| self.pruned & 1 << index != 0)
            .map(|index| geometry.cell(index))
            .collect()
    }
}

/// Turns observer calls into compact events, for any sink.
struct Compactor<F> {
    /// The boards of the calls under way, the root's first.
    boards: Vec<Board>,
    sink: F,
}

impl<F: FnMut(TraceEvent)> Compactor<F> {
    fn event(kind: EventKind, depth: i32, is_max: bool) -> TraceEvent {
        TraceEvent {
            kind,
            depth: depth as i8,
            cell: 0,
            is_max,
            score: 0,
            alpha: 0,
            beta: 0,
            pruned: 0,
        }
    }
}

fn occupied(board: &Board) -> u64 {
    let geometry = board.geometry();
    (0..geometry.cells())
        .filter(|&index| board.get(geometry.cell(index)).is_some())
        .fold(0, |mask, index| mask | 1 << index)
}

impl<F: FnMut(TraceEvent)> Observer for Compactor<F> {
    fn enter(&mut self, depth: i32, board: &Board, is_max: bool, window: Option<(Score, Score)>) {
        let parent = self.boards.last().copied().unwrap_or(*board);
        let moved = occupied(board) & !occupied(&parent);
        let mut event = Self::event(EventKind::Enter, depth, is_max);
        event.cell = moved.trailing_zeros() as u8;
        if let Some((alpha, beta)) = window {
            event.alpha = alpha.value() as i8;
            event.beta = beta.value() as i8;
        }
        self.boards.push(*board);
        (self.sink)(event);
    }

    fn leaf(&mut self, depth: i32, _board: &Board, score: Score) {
        let mut event = Self::event(EventKind::Leaf, depth, false);
        event.score = score.value() as i8;
        (self.sink)(event);
    }

    fn exit(&mut self, depth: i32, _board: &Board, score: Score) {
        self.boards.pop();
        let mut event = Self::event(EventKind::Exit, depth, false);
        event.score = score.value() as i8;
        (self.sink)(event);
    }

    fn cutoff(&mut self, depth: i32, board: &Board, alpha: Score, beta: Score, pruned: &[Cell]) {
        let geometry = board.geometry();
        let mut event = Self::event(EventKind::Cutoff, depth, false);
        event.alpha = alpha.value() as i8;
        event.beta = beta.value() as i8;
        event.pruned = pruned
            .iter()
            .fold(0, |mask, &cell| mask | 1 << geometry.index(cell));
        (self.sink)(event);
    }
}

/// Runs `algorithm` on `board`, handing each event to `sink` as it happens.
pub fn trace(
    board: &Board,
    algorithm: TraceAlgorithm,
    control: &SearchControl,
    sink: impl FnMut(TraceEvent),
) -> Result<Analysis, Stop> {
    let mut compactor = Compactor {
        boards: vec![*board],
        sink,
    };
    algorithm.run(board, control, &mut compactor)
}

/// A move tried by a call, as far as the trace has got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Child {
    /// The call for it returned this value.
    Returned { cell: Cell, score: Score },
    /// Skipped by a cutoff, with the window that made it pointless.
    Pruned {
        cells: Vec<Cell>,
        alpha: Score,
        beta: Score,
    },
}

/// A call under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub board: Board,
    /// The move that led here.
    pub cell: Cell,
    pub depth: i32,
    pub is_max: bool,
    /// Alpha-beta's window as it stands now (it narrows as moves return).
    pub window: Option<(Score, Score)>,
    /// The best value so far, once a move has returned.
    pub best: Option<Score>,
    pub children: Vec<Child>,
}

/// What a debugger shows after a number of events: the calls under way, what each has learned,
/// the root's moves scored so far, and counters.
#[derive(Debug, Clone)]
pub struct StepState {
    pub start: Board,
    pub stack: Vec<Frame>,
    /// The root's moves scored so far, in order (what `findBestMove` has seen).
    pub root_moves: Vec<(Cell, Score)>,
    pub calls: u64,
    pub leaves: u64,
    pub cutoffs: u64,
    /// The event applied last.
    pub last: Option<TraceEvent>,
}

impl StepState {
    pub fn new(start: Board) -> StepState {
        StepState {
            start,
            stack: Vec::new(),
            root_moves: Vec::new(),
            calls: 0,
            leaves: 0,
            cutoffs: 0,
            last: None,
        }
    }

    /// The state after `events`, from the start.
    pub fn after(start: Board, events: &[TraceEvent]) -> StepState {
        let mut state = StepState::new(start);
        for event in events {
            state.apply(event);
        }
        state
    }

    /// The board of the call under way, or the start.
    pub fn board(&self) -> Board {
        self.stack.last().map_or(self.start, |frame| frame.board)
    }

    /// The side the scores are for: the side to move at the start, the maximiser.
    pub fn maximiser(&self) -> Mark {
        self.start.to_move()
    }

    pub fn apply(&mut self, event: &TraceEvent) {
        let geometry = self.start.geometry();
        match event.kind {
            EventKind::Enter => {
                self.calls += 1;
                let cell = geometry.cell(event.cell as usize);
                let parent = self.board();
                let board = parent.after(cell).expect("a traced move is legal");
                let window = (event.alpha != event.beta).then(|| event.window());
                self.stack.push(Frame {
                    board,
                    cell,
                    depth: event.depth.into(),
                    is_max: event.is_max,
                    window,
                    best: None,
                    children: Vec::new(),
                });
            }
            EventKind::Leaf => self.leaves += 1,
            EventKind::Exit => {
                let Some(done) = self.stack.pop() else {
                    return;
                };
                let score = event.score();
                match self.stack.last_mut() {
                    Some(parent) => {
                        parent.children.push(Child::Returned {
                            cell: done.cell,
                            score,
                        });
                        let better = parent.best.is_none_or(|best| {
                            if parent.is_max {
                                score > best
                            } else {
                                score < best
                            }
                        });
                        if better {
                            parent.best = Some(score);
                        }
                        // Alpha-beta narrows the window as the moves return.
                        if let (Some((alpha, beta)), Some(best)) = (parent.window, parent.best) {
                            parent.window = Some(if parent.is_max {
                                (alpha.max(best), beta)
                            } else {
                                (alpha, beta.min(best))
                            });
                        }
                    }
                    None => self.root_moves.push((done.cell, score)),
                }
            }
            EventKind::Cutoff => {
                self.cutoffs += 1;
                if let Some(frame) = self.stack.last_mut() {
                    let (alpha, beta) = event.window();
                    let cells = event.pruned_cells(&frame.board);
                    frame.children.push(Child::Pruned { cells, alpha, beta });
                }
            }
        }
        self.last = Some(*event);
    }
}

/// Why alpha-beta skipped moves, in words: "α = 0 >= β = -9: O already has a better choice".
/// `frame_is_max` is the role at the call that cut; `maximiser` moves at the root.
pub fn cutoff_reason(alpha: Shown, beta: Shown, frame_is_max: bool, maximiser: Mark) -> String {
    // A maximiser's call stops when its best so far (α) reaches what the minimiser above it can
    // already get elsewhere (β): the minimiser will never let the game come here. And the other
    // way round.
    let who = if frame_is_max {
        maximiser.opponent()
    } else {
        maximiser
    };
    format!(
        "α = {} >= β = {}: {who} already has a better choice",
        alpha.value(),
        beta.value()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;

    #[test]
    fn a_whole_trace_leaves_an_empty_stack_and_findbestmoves_scores() {
        let start: Board = "XOX/.O./X..".parse().unwrap();
        for algorithm in [TraceAlgorithm::Plain, TraceAlgorithm::AlphaBetaClassic] {
            let mut events = Vec::new();
            let analysis = trace(&start, algorithm, &SearchControl::new(), |e| events.push(e))
                .expect("nothing stops it");
            let state = StepState::after(start, &events);
            assert!(state.stack.is_empty());
            let reference = plain(&start);
            let scores: Vec<(Cell, Score)> =
                reference.moves.iter().map(|m| (m.cell, m.score)).collect();
            assert_eq!(state.root_moves, scores, "{algorithm:?}");
            assert_eq!(analysis.stats.nodes, state.calls + 1);
        }
    }

    #[test]
    fn an_event_takes_16_bytes() {
        assert_eq!(size_of::<TraceEvent>(), 16);
    }
}
