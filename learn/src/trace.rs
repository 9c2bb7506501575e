//! The search at work, call by call: the events plain minimax and textbook alpha-beta report as
//! they run, recorded compactly, and the state a debugger would show after any number of them
//! (the call stack, each call's best so far and window, what was pruned and why, counters).
//!
//! An event takes 16 bytes, so the whole plain tree of the empty 3×3 board, 1.6 million events,
//! is 26 MB; the game layer's worker records a trace in batches (its `Job::Trace`) and
//! caps it by a node budget.

use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::{
    Analysis, GameValue, Observer, RootWindow, SearchControl, Stop, alpha_beta_game,
    alpha_beta_observed, alpha_beta_root_observed, plain_game, plain_observed,
};
use crate::engine::rules::Rules;
use crate::engine::score::Score;
use serde::{Deserialize, Serialize};

/// Which search is traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TraceAlgorithm {
    /// Plain minimax, as the articles write it.
    Plain,
    /// Alpha-beta as the textbooks write it (no table, moves in reading order): the search
    /// [`Algorithm::AlphaBetaClassic`](crate::engine::minimax::Algorithm::AlphaBetaClassic) runs.
    AlphaBetaClassic,
    /// The same alpha-beta with one window for the whole search of a board (the textbook's
    /// `alphabeta(root)`, [`RootWindow::Shared`]), where [`TraceAlgorithm::AlphaBetaClassic`]
    /// gives each root move a fresh one, as the articles' `findBestMove` does. A tree's search
    /// is the same for both: it starts with one call on the root.
    AlphaBetaShared,
}

impl TraceAlgorithm {
    pub fn name(self) -> &'static str {
        match self {
            TraceAlgorithm::Plain => "plain",
            TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared => "alphabeta",
        }
    }

    /// Whether it is alpha-beta (it has a window and prunes).
    pub fn prunes(self) -> bool {
        self != TraceAlgorithm::Plain
    }

    /// How alpha-beta treats a board's root moves; `None` for plain minimax, which has no window.
    pub fn root_window(self) -> Option<RootWindow> {
        match self {
            TraceAlgorithm::Plain => None,
            TraceAlgorithm::AlphaBetaClassic => Some(RootWindow::Fresh),
            TraceAlgorithm::AlphaBetaShared => Some(RootWindow::Shared),
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
            TraceAlgorithm::AlphaBetaShared => {
                alpha_beta_root_observed(board, RootWindow::Shared, control, &mut |_| {}, observer)
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
            TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared => {
                alpha_beta_game(start, control, observer)
            }
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
    pub fn pruned_cells(&self, board: &Board) -> Vec<Cell> {
        let geometry = board.geometry();
        (0..geometry.cells())
            .filter(|index| self.pruned & 1 << index != 0)
            .map(|index| geometry.cell(index))
            .collect()
    }
}

/// Turns observer calls into compact events, for any sink.
struct Compactor<F> {
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

impl<F: FnMut(TraceEvent)> Observer for Compactor<F> {
    fn enter(
        &mut self,
        depth: i32,
        board: &Board,
        cell: Option<Cell>,
        is_max: bool,
        window: Option<(Score, Score)>,
    ) {
        let mut event = Self::event(EventKind::Enter, depth, is_max);
        // A board's search calls only its moves: the position it starts on is findBestMove's.
        event.cell = cell.map_or(0, |cell| board.geometry().index(cell) as u8);
        if let Some((alpha, beta)) = window {
            event.alpha = alpha.value() as i8;
            event.beta = beta.value() as i8;
        }
        (self.sink)(event);
    }

    fn leaf(&mut self, depth: i32, _board: &Board, score: Score) {
        let mut event = Self::event(EventKind::Leaf, depth, false);
        event.score = score.value() as i8;
        (self.sink)(event);
    }

    fn exit(&mut self, depth: i32, _board: &Board, score: Score) {
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
    let mut compactor = Compactor { sink };
    algorithm.run(board, control, &mut compactor)
}

/// Every event of `algorithm`'s whole search of `board`, with no bound on it (a small board's:
/// the tests and the pictures of a finished search).
pub fn whole_board_trace(board: &Board, algorithm: TraceAlgorithm) -> Vec<TraceEvent> {
    let mut events = Vec::new();
    trace(board, algorithm, &SearchControl::new(), |e| events.push(e))
        .expect("a search without a bound is not stopped");
    events
}

/// One event of a search of any game, as a [`StepState`] applies it: what a [`TraceEvent`]
/// holds, with the game's own moves and numbers (a board's trace is decoded into these).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step<M> {
    pub kind: EventKind,
    pub depth: i32,
    /// For [`EventKind::Enter`], the move that led here; `None` for the search's first call on
    /// the position it starts on (a tree's root).
    pub mv: Option<M>,
    pub is_max: bool,
    /// The evaluation (leaf) or the returned value (exit).
    score: Score,
    /// The window at the call's start (alpha-beta's enter) or at the cutoff.
    window: Option<(Score, Score)>,
}

impl<M> Step<M> {
    pub fn score(&self) -> Score {
        self.score
    }

    /// The window, or (0, 0) where there is none (plain minimax), as [`TraceEvent::window`].
    pub fn window(&self) -> (Score, Score) {
        self.window.unwrap_or_default()
    }

    /// Alpha-beta's window at a call's start or at a cutoff; `None` for plain minimax.
    pub fn alpha_beta_window(&self) -> Option<(Score, Score)> {
        self.window
    }
}

/// Hands each call of a search of any game to a sink as a [`Step`], with the moves a cutoff
/// skips.
struct Stepper<F> {
    sink: F,
}

impl<G: Rules, F: FnMut(Step<G::Move>, &[G::Move])> Observer<G> for Stepper<F> {
    fn enter(
        &mut self,
        depth: i32,
        _: &G,
        mv: Option<G::Move>,
        is_max: bool,
        window: Option<(Score, Score)>,
    ) {
        let step = Step {
            kind: EventKind::Enter,
            depth,
            mv,
            is_max,
            score: Score::DRAW,
            window,
        };
        (self.sink)(step, &[]);
    }

    fn leaf(&mut self, depth: i32, _: &G, score: Score) {
        (self.sink)(Step::returned(EventKind::Leaf, depth, score), &[]);
    }

    fn exit(&mut self, depth: i32, _: &G, score: Score) {
        (self.sink)(Step::returned(EventKind::Exit, depth, score), &[]);
    }

    fn cutoff(&mut self, depth: i32, _: &G, alpha: Score, beta: Score, pruned: &[G::Move]) {
        let step = Step {
            kind: EventKind::Cutoff,
            depth,
            mv: None,
            is_max: false,
            score: Score::DRAW,
            window: Some((alpha, beta)),
        };
        (self.sink)(step, pruned);
    }
}

impl<M> Step<M> {
    fn returned(kind: EventKind, depth: i32, score: Score) -> Step<M> {
        Step {
            kind,
            depth,
            mv: None,
            is_max: false,
            score,
            window: None,
        }
    }
}

/// Runs `algorithm` from `start` itself (its first call, at depth 0, as the textbooks search a
/// tree from its root), handing each call to `sink` as a [`Step`] with the moves a cutoff skips
/// (empty for the other steps): what a [`StepState`] of any game applies.
pub fn trace_game<G: Rules>(
    start: &G,
    algorithm: TraceAlgorithm,
    control: &SearchControl,
    sink: impl FnMut(Step<G::Move>, &[G::Move]),
) -> Result<GameValue<G::Move>, Stop> {
    algorithm.run_game(start, control, &mut Stepper { sink })
}

/// A step of a search with the moves it prunes (empty unless it is a cutoff).
pub type TracedStep<M> = (Step<M>, Vec<M>);

/// Every step of `algorithm`'s whole search from `start`, each with the moves it prunes
/// ([`trace_game`] without a budget): for a small search, such as a typed tree's (at most 1,000
/// nodes), kept to be stepped through and drawn.
pub fn whole_trace<G: Rules>(start: &G, algorithm: TraceAlgorithm) -> Vec<TracedStep<G::Move>> {
    let mut steps = Vec::new();
    let _ = trace_game(start, algorithm, &SearchControl::new(), |step, pruned| {
        steps.push((step, pruned.to_vec()))
    });
    steps
}

/// What a value alpha-beta returned says of the minimax value, in the search's own numbers (its
/// maximiser's): the textbooks' "≥ 7" at a MAX node that cut, "≤ 2" at a MIN node that cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bound {
    /// The minimax value itself: every move was searched, each giving what its value needs.
    #[default]
    Exact,
    /// The minimax value is at least this: the maximiser stopped looking once it had enough.
    AtLeast,
    /// The minimax value is at most this.
    AtMost,
}

impl Bound {
    /// The bound seen from the other side: "at least" for one player is "at most" for the other.
    pub fn flipped(self) -> Bound {
        match self {
            Bound::Exact => Bound::Exact,
            Bound::AtLeast => Bound::AtMost,
            Bound::AtMost => Bound::AtLeast,
        }
    }

    /// A value with its bound, as the textbooks write it: "7", "≥ 7", "≤ 2".
    pub fn write(self, value: impl std::fmt::Display) -> String {
        match self {
            Bound::Exact => value.to_string(),
            Bound::AtLeast => format!("≥ {value}"),
            Bound::AtMost => format!("≤ {value}"),
        }
    }

    /// What a call returned `score` says, from what its moves returned (`children`): a call that
    /// cut is a bound on its side (a maximiser's value can only rise with the moves it skipped);
    /// a call that tried every move is exact on a side where the moves' values allow it (the
    /// best move's value is a bound the right way, every other move's does not exceed it).
    pub fn of_call<M>(is_max: bool, score: Score, children: &[Child<M>]) -> Bound {
        let cut = children
            .iter()
            .any(|child| matches!(child, Child::Pruned { .. }));
        // In the maximiser's terms: "at least" is the side a maximiser's best move gives.
        let (rising, falling) = if is_max {
            (Bound::AtLeast, Bound::AtMost)
        } else {
            (Bound::AtMost, Bound::AtLeast)
        };
        if cut {
            return rising;
        }
        let returned = children.iter().filter_map(|child| match child {
            Child::Returned { score, bound, .. } => Some((*score, *bound)),
            Child::Pruned { .. } => None,
        });
        let mut best_holds = true;
        let mut others_hold = true;
        let mut best_seen = false;
        for (value, bound) in returned {
            if value == score && !best_seen {
                best_seen = true;
                best_holds = bound != falling;
            }
            others_hold &= bound != rising;
        }
        match (best_holds, others_hold) {
            (true, true) => Bound::Exact,
            (true, false) => rising,
            (false, _) => falling,
        }
    }
}

/// Where a jump through a recorded search lands: how many steps are applied after it, from
/// `position` steps applied. The tree lab and the step-through jump by these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jump {
    /// Just past the next cut-off.
    NextCutoff,
    /// The next call run whole: one step, and if it starts a call, on until that call returns.
    StepOver,
    /// On until the call under way returns (the current subtree finished); the whole search
    /// when no call is under way.
    StepOut,
}

/// How many calls are under way after `steps` (a tree's root call counted as one).
fn calls_open<M>(steps: &[Step<M>]) -> usize {
    steps.iter().fold(0usize, |open, step| match step.kind {
        EventKind::Enter => open + 1,
        EventKind::Exit => open.saturating_sub(1),
        EventKind::Leaf | EventKind::Cutoff => open,
    })
}

impl Jump {
    /// The position the jump lands on from `position` in `steps` (the whole search's): never
    /// past the end, and the end when there is nothing more to land on.
    pub fn from<M>(self, steps: &[Step<M>], position: usize) -> usize {
        let position = position.min(steps.len());
        let end = steps.len();
        let mut open = calls_open(&steps[..position]);
        match self {
            Jump::NextCutoff => steps[position..]
                .iter()
                .position(|step| step.kind == EventKind::Cutoff)
                .map_or(end, |at| position + at + 1),
            Jump::StepOver | Jump::StepOut => {
                // Step over: until the calls under way are back to as many as now (after one
                // step at least); step out: until fewer.
                let goal = match self {
                    Jump::StepOut => open.saturating_sub(1),
                    _ => open,
                };
                for (at, step) in steps.iter().enumerate().skip(position) {
                    match step.kind {
                        EventKind::Enter => open += 1,
                        EventKind::Exit => open = open.saturating_sub(1),
                        EventKind::Leaf | EventKind::Cutoff => {}
                    }
                    if open <= goal && (self == Jump::StepOver || step.kind == EventKind::Exit) {
                        return at + 1;
                    }
                }
                end
            }
        }
    }
}

/// Where "run to this node" lands in `steps` (a whole search's, with the moves each cut-off
/// skips): just past the step that enters the call reached by `path` (the moves from the start;
/// empty for a search's first call on its start), or, where the search never gets there, past
/// the cut-off that prunes it or a move above it. `None` if the search neither reaches nor
/// prunes it (a path the start does not have).
pub fn reaching<M: PartialEq>(steps: &[TracedStep<M>], path: &[M]) -> Option<usize> {
    let mut at_path: Vec<&M> = Vec::new();
    for (index, (step, pruned)) in steps.iter().enumerate() {
        match step.kind {
            EventKind::Enter => {
                let entered = match &step.mv {
                    Some(mv) => {
                        at_path.push(mv);
                        true
                    }
                    None => at_path.is_empty(),
                };
                if entered
                    && at_path.len() == path.len()
                    && at_path.iter().zip(path).all(|(a, b)| *a == b)
                {
                    return Some(index + 1);
                }
            }
            EventKind::Exit => {
                at_path.pop();
            }
            EventKind::Cutoff => {
                let above =
                    at_path.len() < path.len() && at_path.iter().zip(path).all(|(a, b)| *a == b);
                if above && pruned.contains(&path[at_path.len()]) {
                    return Some(index + 1);
                }
            }
            EventKind::Leaf => {}
        }
    }
    None
}

/// The last cut-off in `steps`: its index, and the moves from the start to the call that cut.
pub fn last_cutoff<M: Copy>(steps: &[TracedStep<M>]) -> Option<(usize, Vec<M>)> {
    let mut at_path = Vec::new();
    let mut last = None;
    for (index, (step, _)) in steps.iter().enumerate() {
        match step.kind {
            EventKind::Enter => at_path.extend(step.mv),
            EventKind::Exit => {
                at_path.pop();
            }
            EventKind::Cutoff => last = Some((index, at_path.clone())),
            EventKind::Leaf => {}
        }
    }
    last
}

/// A move tried by a call, as far as the trace has got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Child<M = Cell> {
    /// The call for it returned this value, which says `bound` of the move's minimax value.
    Returned { cell: M, score: Score, bound: Bound },
    /// Skipped by a cutoff, with the window that made it pointless.
    Pruned {
        cells: Vec<M>,
        alpha: Score,
        beta: Score,
    },
}

/// A call under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame<G: Rules = Board> {
    /// The call's position (a board, or a tree's node).
    pub board: G,
    /// The move that led here.
    pub cell: G::Move,
    pub depth: i32,
    pub is_max: bool,
    /// Alpha-beta's window as it stands now (it narrows as moves return).
    pub window: Option<(Score, Score)>,
    /// The best value so far, once a move has returned.
    pub best: Option<Score>,
    pub children: Vec<Child<G::Move>>,
}

/// What a debugger shows after a number of events: the calls under way, what each has learned,
/// the root's moves scored so far, and counters. For a board the root is findBestMove's
/// position, whose moves are the calls at depth 0; for a search that starts with a call on its
/// start (a tree's root, depth 0), that call is the root and is not on the stack.
#[derive(Debug, Clone)]
pub struct StepState<G: Rules = Board> {
    pub start: G,
    pub stack: Vec<Frame<G>>,
    /// The root's moves scored so far, in order (what `findBestMove` has seen).
    pub root_moves: Vec<(G::Move, Score)>,
    /// What each of `root_moves`' values says of its minimax value (a board's root moves are
    /// each searched with a window of their own, and are exact; a tree's root narrows it).
    pub root_bounds: Vec<Bound>,
    pub calls: u64,
    pub leaves: u64,
    pub cutoffs: u64,
    /// The event applied last.
    pub last: Option<Step<G::Move>>,
}

impl<G: Rules> StepState<G> {
    pub fn new(start: G) -> StepState<G> {
        StepState {
            start,
            stack: Vec::new(),
            root_moves: Vec::new(),
            root_bounds: Vec::new(),
            calls: 0,
            leaves: 0,
            cutoffs: 0,
            last: None,
        }
    }

    /// The state after `steps` (each with the moves a cutoff skips), from the start.
    pub fn after_steps<'a>(
        start: G,
        steps: impl IntoIterator<Item = (Step<G::Move>, &'a [G::Move])>,
    ) -> StepState<G>
    where
        G::Move: 'a,
    {
        let mut state = StepState::new(start);
        for (step, pruned) in steps {
            state.step(step, pruned);
        }
        state
    }

    /// The position of the call under way, or the start.
    pub fn position(&self) -> G {
        self.stack.last().map_or(self.start, |frame| frame.board)
    }

    /// Applies one step; `pruned` are the moves a cutoff skips.
    pub fn step(&mut self, step: Step<G::Move>, pruned: &[G::Move]) {
        match step.kind {
            EventKind::Enter => {
                self.calls += 1;
                // The first call on the start itself (a tree's root) is the root: not a frame.
                if let Some(mv) = step.mv {
                    let board = self.position().after(mv);
                    self.stack.push(Frame {
                        board,
                        cell: mv,
                        depth: step.depth,
                        is_max: step.is_max,
                        window: step.window,
                        best: None,
                        children: Vec::new(),
                    });
                }
            }
            EventKind::Leaf => self.leaves += 1,
            EventKind::Exit => {
                // The root's own return (a tree's) leaves nothing to pop.
                if let Some(done) = self.stack.pop() {
                    let bound = Bound::of_call(done.is_max, step.score, &done.children);
                    self.returned(done.cell, step.score, bound);
                }
            }
            EventKind::Cutoff => {
                self.cutoffs += 1;
                if let Some(frame) = self.stack.last_mut() {
                    let (alpha, beta) = step.window();
                    frame.children.push(Child::Pruned {
                        cells: pruned.to_vec(),
                        alpha,
                        beta,
                    });
                }
            }
        }
        self.last = Some(step);
    }

    /// The call for `cell` returned `score` to the call under way, or to the root.
    fn returned(&mut self, cell: G::Move, score: Score, bound: Bound) {
        let Some(parent) = self.stack.last_mut() else {
            self.root_moves.push((cell, score));
            self.root_bounds.push(bound);
            return;
        };
        parent.children.push(Child::Returned { cell, score, bound });
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
}

impl StepState<Board> {
    /// The state after `events`, from the start.
    pub fn after(start: Board, events: &[TraceEvent]) -> StepState {
        StepState::after_each(start, events, |_, _| {})
    }

    /// The state after `events`, from the start, `each` shown every event with the state just
    /// after it: a walk through a search, step by step.
    pub fn after_each(
        start: Board,
        events: &[TraceEvent],
        mut each: impl FnMut(&TraceEvent, &StepState),
    ) -> StepState {
        let mut state = StepState::new(start);
        for event in events {
            state.apply(event);
            each(event, &state);
        }
        state
    }

    /// The board of the call under way, or the start.
    pub fn board(&self) -> Board {
        self.position()
    }

    /// The side the scores are for: the side to move at the start, the maximiser.
    pub fn maximiser(&self) -> Mark {
        self.start.to_move()
    }

    /// Applies one compact event, decoded into the [`Step`] it stands for.
    pub fn apply(&mut self, event: &TraceEvent) {
        let geometry = self.start.geometry();
        let window = match event.kind {
            // Plain minimax's calls have no window: both ends 0.
            EventKind::Enter => (event.alpha != event.beta).then(|| event.window()),
            EventKind::Cutoff => Some(event.window()),
            EventKind::Leaf | EventKind::Exit => None,
        };
        let step = Step {
            kind: event.kind,
            depth: event.depth.into(),
            mv: (event.kind == EventKind::Enter).then(|| geometry.cell(event.cell as usize)),
            is_max: event.is_max,
            score: event.score(),
            window,
        };
        let pruned = match event.kind {
            EventKind::Cutoff => event.pruned_cells(&self.start),
            _ => Vec::new(),
        };
        self.step(step, &pruned);
    }
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

    /// A typed tree steps through as a board does, with the same state: its root is the first
    /// call, its children the root's moves; alpha-beta's cut on the 3-ply figure is kept, with
    /// its window, under the call that made it.
    #[test]
    fn a_tree_steps_through_with_the_same_state() {
        use crate::engine::game_tree::GameTree;
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let mut steps = Vec::new();
        let found = trace_game(
            &tree.root(),
            TraceAlgorithm::AlphaBetaClassic,
            &SearchControl::new(),
            |step, pruned| steps.push((step, pruned.to_vec())),
        )
        .unwrap();
        assert_eq!(found.value, Score::new(3));
        let mut state = StepState::new(tree.root());
        let mut saw_the_cut = false;
        for (step, pruned) in &steps {
            state.step(*step, pruned);
            if step.kind == EventKind::Cutoff {
                let frame = state.stack.last().unwrap();
                assert_eq!((frame.cell, frame.depth, frame.is_max), (1, 1, false));
                let three = Score::new(3);
                let two = Score::new(2);
                assert_eq!(
                    frame.children,
                    [
                        Child::Returned {
                            cell: 0,
                            score: two,
                            bound: Bound::Exact
                        },
                        Child::Pruned {
                            cells: vec![1, 2],
                            alpha: three,
                            beta: two
                        }
                    ]
                );
                assert_eq!(frame.window, Some((three, two)));
                saw_the_cut = true;
            }
        }
        assert!(saw_the_cut);
        assert!(state.stack.is_empty());
        let root_moves: Vec<(usize, i32)> = state
            .root_moves
            .iter()
            .map(|&(child, score)| (child, score.value()))
            .collect();
        assert_eq!(root_moves, [(0, 3), (1, 2), (2, 2)]);
        assert_eq!((state.calls, state.leaves, state.cutoffs), (11, 7, 1));
        assert_eq!(state.last.map(|step| step.kind), Some(EventKind::Exit));
        let again = StepState::after_steps(
            tree.root(),
            steps
                .iter()
                .map(|(step, pruned)| (*step, pruned.as_slice())),
        );
        assert_eq!(again.root_moves, state.root_moves);
    }

    /// The jumps on the textbooks' three cut-offs, against the trace read step by step: the
    /// next cut-off lands just past each cut in turn; step out finishes the call under way (the
    /// stack one shorter, just after its return); step over runs the next call whole; "run to
    /// this node" lands where the node is entered, or where it is pruned.
    #[test]
    fn the_jumps_land_where_the_trace_says() {
        use crate::abstract_tree::find_tree;
        let tree = find_tree("three-cutoffs").unwrap().tree();
        let traced = whole_trace(&tree.root(), TraceAlgorithm::AlphaBetaClassic);
        let steps: Vec<Step<usize>> = traced.iter().map(|(step, _)| *step).collect();
        let cuts: Vec<usize> = (0..steps.len())
            .filter(|&i| steps[i].kind == EventKind::Cutoff)
            .map(|i| i + 1)
            .collect();
        assert_eq!(cuts.len(), 3);
        let mut at = 0;
        for &cut in &cuts {
            at = Jump::NextCutoff.from(&steps, at);
            assert_eq!(at, cut);
        }
        assert_eq!(Jump::NextCutoff.from(&steps, at), steps.len());
        let open_after = |count: usize| {
            StepState::after_steps(
                tree.root(),
                traced[..count].iter().map(|(s, p)| (*s, p.as_slice())),
            )
            .stack
            .len()
        };
        // Step out from just after the first cut (at F, two calls deep): F returns.
        let out = Jump::StepOut.from(&steps, cuts[0]);
        assert_eq!(steps[out - 1].kind, EventKind::Exit);
        assert_eq!(open_after(out), open_after(cuts[0]) - 1);
        // Step over from the start of B (entered, nothing below it yet): C runs whole.
        let b = reaching(&traced, &[0]).unwrap();
        let over = Jump::StepOver.from(&steps, b);
        assert_eq!(open_after(over), open_after(b));
        assert_eq!(
            StepState::after_steps(
                tree.root(),
                traced[..over].iter().map(|(s, p)| (*s, p.as_slice()))
            )
            .stack[0]
                .children
                .len(),
            1
        );
        // Run to F (path 1.2) and to H, which is pruned: past F's entry, past F's cut.
        let f = reaching(&traced, &[0, 1]).unwrap();
        assert_eq!(
            (steps[f - 1].kind, steps[f - 1].mv),
            (EventKind::Enter, Some(1))
        );
        assert_eq!(reaching(&traced, &[0, 1, 1]), Some(cuts[0]));
        // M's leaves are under a pruned move: the cut at I.
        assert_eq!(reaching(&traced, &[1, 1, 0]), Some(cuts[1]));
        assert_eq!(reaching(&traced, &[]), Some(1));
        assert_eq!(reaching(&traced, &[5]), None);
    }

    #[test]
    fn an_event_takes_16_bytes() {
        assert_eq!(size_of::<TraceEvent>(), 16);
    }
}
