//! The search at work, call by call: the events plain minimax and textbook alpha-beta report as
//! they run, recorded compactly, and the state a debugger would show after any number of them
//! (the call stack, each call's best so far and window, what was pruned and why, counters).
//!
//! An event takes 16 bytes, so the whole plain tree of the empty 3×3 board, 1.6 million events,
//! is 26 MB; the app's worker records a trace in batches (see [`crate::game::worker::Job::Trace`]) and
//! caps it by a node budget.

use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::{
    Analysis, GameValue, Observer, RootWindow, SearchControl, Stop, alpha_beta_game,
    alpha_beta_observed, alpha_beta_root_observed, plain_game, plain_observed,
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

/// A move tried by a call, as far as the trace has got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Child<M = Cell> {
    /// The call for it returned this value.
    Returned { cell: M, score: Score },
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
                    self.returned(done.cell, step.score);
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
    fn returned(&mut self, cell: G::Move, score: Score) {
        let Some(parent) = self.stack.last_mut() else {
            self.root_moves.push((cell, score));
            return;
        };
        parent.children.push(Child::Returned { cell, score });
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
        let mut state = StepState::new(start);
        for event in events {
            state.apply(event);
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
                            score: two
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

    #[test]
    fn an_event_takes_16_bytes() {
        assert_eq!(size_of::<TraceEvent>(), 16);
    }
}
