//! The match controller: it owns the session and runs everything that happens between the
//! player's commands: the searches the computer and the score overlay need, the computer's
//! choice and the short pause before it shows, all without egui.
//!
//! The app turns input into commands ([`GameController::play`], [`GameController::undo`], …),
//! calls [`GameController::update`] once a frame and draws what the controller holds. Tests drive
//! it the same way with a [`ManualClock`](super::ManualClock), so no test waits on real time.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Clock, GameSetup, Mode, Session};
use crate::ai::{AiPlayer, Difficulty};
use crate::board::{Board, Cell};
use crate::minimax::{Analysis, Estimate, MoveBound, MoveScore, Progress, Stopped};
use crate::worker::{Job, Reply, Request, RequestId, SearchWorker};

/// How the computer plays and what the display wants, besides the game's setup.
pub struct ControllerOptions {
    pub difficulty: Difficulty,
    /// The pause between the start of the computer's turn and its move appearing.
    pub ai_delay: Duration,
    /// Whether the scores of the human's moves are wanted (the overlay is on).
    pub scores_wanted: bool,
    /// How long the computer may think on boards larger than 3×3 before it moves on an
    /// estimate (3×3 is always solved at once).
    pub think_time: Duration,
    pub ai: AiPlayer,
    pub clock: Arc<dyn Clock>,
}

/// The computer's move, stamped with the position it was chosen for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerMove {
    pub board: Board,
    pub cell: Cell,
    /// When it is played (the pause lets the player see it arrive).
    pub due: Instant,
    /// The moves it rated best at its level, among which it picked `cell` at random.
    pub candidates: Vec<Cell>,
    pub difficulty: Difficulty,
    /// What the choice rests on.
    pub basis: Basis,
}

/// What the computer's choice rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Exact scores (seen through the difficulty's horizon on 3×3).
    Exact,
    /// The exact search did not finish in the think time: the best estimate of a search that
    /// looked `depth` plies ahead, with the moves already proven taken into account. Not proven.
    Unproven { depth: u32 },
    /// The difficulty's depth-limited search on a board larger than 3×3, `depth` plies ahead.
    DepthLimited { depth: u32 },
}

/// Boards with more cells than this get a think time, estimates while the exact search runs,
/// and depth-limited searches for Easy, Medium and Hard.
const SMALL_BOARD_CELLS: usize = 9;

fn is_large(board: &Board) -> bool {
    board.geometry().cells() > SMALL_BOARD_CELLS
}

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

/// What became of a new setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupChange {
    /// The same as the game under way.
    Unchanged,
    /// No move had been played (or the game was over): a new game started with it.
    Applied,
    /// A game is under way: the setup waits for the next one.
    NextGame,
}

/// A search the worker is running for us.
struct InFlight {
    id: RequestId,
    board: Board,
    job: Job,
    started: Instant,
    /// Its moves settled so far, for a partial display.
    settled: Vec<MoveScore>,
    /// Bounds on moves not settled yet, the latest for each move.
    bounds: Vec<MoveBound>,
}

/// At most this many analyses are kept; the classic game has 4,520 open positions.
const CACHE_LIMIT: usize = 10_000;

pub struct GameController {
    session: Session,
    /// The setup the next game starts with.
    next_setup: GameSetup,
    difficulty: Difficulty,
    ai_delay: Duration,
    scores_wanted: bool,
    think_time: Duration,
    ai: AiPlayer,
    clock: Arc<dyn Clock>,
    worker: SearchWorker,
    /// Replies taken from the worker by [`GameController::wait_for_worker`], not yet acted on.
    replies: VecDeque<Reply>,
    in_flight: Option<InFlight>,
    analyses: HashMap<Board, Analysis>,
    /// Positions the display wants analysed besides the board's (explorer nodes, previews), most
    /// wanted first; asked for after the board's own needs.
    also_wanted: Vec<Board>,
    /// Positions the search gave up on, with what it had settled.
    gave_up: HashMap<Board, Stopped>,
    /// Estimates of large boards' moves: made when the think time ran out (`None`), or by the
    /// depth-limited search of a difficulty (its depth).
    estimates: HashMap<(Board, Option<u32>), Estimate>,
    /// When the position on the board arose: the computer's pause counts from here.
    turn_started: Instant,
    computer_move: Option<ComputerMove>,
    last_computer_move: Option<ComputerMove>,
}

impl GameController {
    /// Starts a session with a new game of `setup`. `wake` is called from the search thread when
    /// an answer arrives (the app passes a repaint request).
    pub fn new(
        setup: GameSetup,
        options: ControllerOptions,
        wake: impl Fn() + Send + 'static,
    ) -> GameController {
        let now = options.clock.now();
        let mut controller = GameController {
            session: Session::new(setup),
            next_setup: setup,
            difficulty: options.difficulty,
            ai_delay: options.ai_delay,
            scores_wanted: options.scores_wanted,
            think_time: options.think_time,
            ai: options.ai,
            clock: options.clock,
            worker: SearchWorker::spawn(wake),
            replies: VecDeque::new(),
            in_flight: None,
            analyses: HashMap::new(),
            also_wanted: Vec::new(),
            gave_up: HashMap::new(),
            estimates: HashMap::new(),
            turn_started: now,
            computer_move: None,
            last_computer_move: None,
        };
        controller.update();
        controller
    }

    // --- what there is to show ---

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn board(&self) -> &Board {
        self.session.board()
    }

    /// The setup the next game starts with.
    pub fn next_setup(&self) -> GameSetup {
        self.next_setup
    }

    pub fn difficulty(&self) -> Difficulty {
        self.difficulty
    }

    /// The analysis of `board`, if it has been searched.
    pub fn analysis(&self, board: &Board) -> Option<&Analysis> {
        self.analyses.get(board)
    }

    /// The analysis the score overlay shows now: the position on the board's, when the overlay is
    /// on and a human is to move, or when the computer plays both sides (each side's scores as
    /// it thinks).
    pub fn shown_scores(&self) -> Option<&Analysis> {
        let watching = self.session.setup().mode == Mode::ComputerVsComputer;
        let wanted = self.session.human_to_move() || (watching && self.session.computer_to_move());
        (self.scores_wanted && wanted)
            .then(|| self.analysis(self.board()))
            .flatten()
    }

    /// What the overlay shows while the scores of the board are not complete (see
    /// [`GameController::partial_scores`]), when it shows scores at all (see
    /// [`GameController::shown_scores`]).
    pub fn shown_partial_scores(&self) -> Option<PartialScores<'_>> {
        let watching = self.session.setup().mode == Mode::ComputerVsComputer;
        let wanted = self.session.human_to_move() || (watching && self.session.computer_to_move());
        (self.scores_wanted && wanted)
            .then(|| self.partial_scores())
            .flatten()
    }

    /// How long the search for the position on the board has been running.
    pub fn search_elapsed(&self) -> Option<Duration> {
        let search = self.in_flight.as_ref()?;
        (search.board == *self.board())
            .then(|| self.clock.now().saturating_duration_since(search.started))
    }

    /// The moves of the position on the board settled so far while its search runs.
    pub fn settled_so_far(&self) -> &[MoveScore] {
        match &self.in_flight {
            Some(search) if search.board == *self.board() => &search.settled,
            _ => &[],
        }
    }

    /// What is known of the moves of the position on the board before its exact scores are all
    /// known: while its search runs, or after it gave up. `None` once the analysis is complete.
    pub fn partial_scores(&self) -> Option<PartialScores<'_>> {
        let board = *self.board();
        if self.analyses.contains_key(&board) || board.outcome().is_over() {
            return None;
        }
        let estimate = self.estimates.get(&(board, None));
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

    /// The think time on boards larger than 3×3.
    pub fn think_time(&self) -> Duration {
        self.think_time
    }

    /// Whether the position on the board is large enough to be thought about within a think
    /// time.
    pub fn board_is_large(&self) -> bool {
        is_large(self.board())
    }

    /// How far the search for the position on the board has got, while it runs.
    pub fn progress(&self) -> Option<Progress> {
        let search = self.in_flight.as_ref()?;
        let (id, progress) = self.worker.progress()?;
        (id == search.id && search.board == *self.board()).then_some(progress)
    }

    /// Why the search gave up on the position on the board, if it did.
    pub fn gave_up(&self) -> Option<&Stopped> {
        self.gave_up.get(self.board())
    }

    /// The computer's next move, once chosen and until it is played.
    pub fn computer_move(&self) -> Option<&ComputerMove> {
        self.computer_move.as_ref()
    }

    /// The computer's most recent move in this game, with what it chose among.
    pub fn last_computer_move(&self) -> Option<&ComputerMove> {
        self.last_computer_move.as_ref()
    }

    /// Whether a search is running or the computer's move waits for its moment.
    pub fn is_busy(&self) -> bool {
        self.in_flight.is_some()
            || self.computer_move.is_some()
            || !self.replies.is_empty()
            || self.wanted_search().is_some()
    }

    // --- commands ---

    /// Plays `cell` for the human to move. `false` (and nothing changes) when it is not a human's
    /// turn or the move is not legal.
    pub fn play(&mut self, cell: Cell) -> bool {
        let played = self.session.human_to_move() && self.session.play(cell).is_ok();
        if played {
            self.position_changed();
        }
        played
    }

    /// Abandons the game under way and starts one with the next setup.
    pub fn new_game(&mut self) {
        self.session.new_game(self.next_setup);
        self.last_computer_move = None;
        self.position_changed();
    }

    /// Abandons the game under way and starts one of `setup` from `start` with `moves` played:
    /// "retry from here" in a game review.
    pub fn retry(&mut self, setup: GameSetup, start: &Board, moves: &[Cell]) {
        self.session.retry(setup, start, moves);
        self.last_computer_move = None;
        self.position_changed();
    }

    /// Sets up the next game. Before the first move (or after the end) it starts at once.
    pub fn change_setup(&mut self, setup: GameSetup) -> SetupChange {
        self.next_setup = setup;
        let game = self.session.game();
        if setup == self.session.setup() {
            SetupChange::Unchanged
        } else if game.moves().is_empty() || game.outcome().is_over() {
            self.new_game();
            SetupChange::Applied
        } else {
            SetupChange::NextGame
        }
    }

    pub fn undo(&mut self) -> bool {
        let undone = self.session.undo();
        if undone {
            self.position_changed();
        }
        undone
    }

    pub fn redo(&mut self) -> bool {
        let redone = self.session.redo();
        if redone {
            self.position_changed();
        }
        redone
    }

    /// Takes effect from the computer's next choice.
    pub fn set_difficulty(&mut self, difficulty: Difficulty) {
        self.difficulty = difficulty;
    }

    /// Takes effect from the next search.
    pub fn set_think_time(&mut self, think_time: Duration) {
        self.think_time = think_time;
    }

    /// Takes effect from the computer's next turn.
    pub fn set_ai_delay(&mut self, delay: Duration) {
        self.ai_delay = delay;
    }

    pub fn set_scores_wanted(&mut self, wanted: bool) {
        self.scores_wanted = wanted;
    }

    /// Asks for the analyses of `boards` (most wanted first), after what the game itself needs.
    /// Replaces the list given before; positions already known are skipped.
    pub fn want_analyses(&mut self, boards: Vec<Board>) {
        self.also_wanted = boards;
    }

    // --- the loop ---

    /// Acts on the search results that have arrived, plays the computer's move when it is due and
    /// asks for the searches now needed. Returns how long until it must run again at the latest
    /// (the computer's move is due then); `None` when only a search result can change anything.
    pub fn update(&mut self) -> Option<Duration> {
        while let Some(reply) = self.replies.pop_front().or_else(|| self.worker.try_reply()) {
            self.receive(reply);
        }
        let now = self.clock.now();
        loop {
            self.choose_computer_move();
            if !self.play_due_move(now) {
                break;
            }
        }
        self.request_search();
        self.computer_move
            .as_ref()
            .map(|next| next.due.saturating_duration_since(now))
    }

    /// Waits up to `timeout` for the search thread's next answer; `false` if none came. For
    /// tests and scripts, which have nothing else to do meanwhile: the app never waits.
    pub fn wait_for_worker(&mut self, timeout: Duration) -> bool {
        match self.worker.wait_reply(timeout) {
            Some(reply) => {
                self.replies.push_back(reply);
                true
            }
            None => false,
        }
    }

    fn receive(&mut self, reply: Reply) {
        let ours = |search: &Option<InFlight>, id| search.as_ref().is_some_and(|s| s.id == id);
        match reply {
            Reply::Settled { id, settled, .. } => {
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id) {
                    search.settled.push(settled);
                }
            }
            Reply::Bounded { id, bound, .. } => {
                if let Some(search) = self.in_flight.as_mut().filter(|s| s.id == id) {
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
                    self.estimates.insert(key, estimate);
                }
            }
            Reply::Counted { .. } => {} // the controller never asks for counts
        }
    }

    fn choose_computer_move(&mut self) {
        if self.computer_move.is_some() || !self.session.computer_to_move() {
            return;
        }
        let board = *self.board();
        let limited = self.limited_depth(&board);
        let (candidates, basis) = if let Some(depth) = limited {
            let Some(estimate) = self.estimates.get(&(board, Some(depth))) else {
                return;
            };
            let best = estimate.best_moves().map(|m| m.cell).collect();
            (best, Basis::DepthLimited { depth })
        } else if let Some(analysis) = self.analyses.get(&board) {
            (
                AiPlayer::candidates(analysis, self.difficulty),
                Basis::Exact,
            )
        } else if let Some(estimate) = self.estimates.get(&(board, None)) {
            let settled = self.partial_scores().map_or(&[][..], |known| known.settled);
            (
                AiPlayer::unproven_candidates(estimate, settled),
                Basis::Unproven {
                    depth: estimate.depth,
                },
            )
        } else {
            return;
        };
        let Some(cell) = self.ai.pick(&candidates) else {
            return;
        };
        self.computer_move = Some(ComputerMove {
            board,
            cell,
            due: self.turn_started + self.ai_delay,
            candidates,
            difficulty: self.difficulty,
            basis,
        });
    }

    /// The depth of the search the computer's level runs on `board`, when it is a
    /// depth-limited one: Easy, Medium and Hard on boards larger than 3×3.
    fn limited_depth(&self, board: &Board) -> Option<u32> {
        let horizon = self.difficulty.horizon()?;
        is_large(board).then_some(horizon as u32)
    }

    /// Plays the computer's move if its moment has come. `true` if it did.
    fn play_due_move(&mut self, now: Instant) -> bool {
        let Some(next) = self.computer_move.take_if(|next| now >= next.due) else {
            return false;
        };
        // The stamp guards against a move chosen for another position; every change of position
        // drops the pending move anyway.
        if next.board != *self.board() || self.session.play(next.cell).is_err() {
            return false;
        }
        self.last_computer_move = Some(next);
        self.position_changed();
        true
    }

    /// The search needed and not done: for the computer's move, or the scores of the board
    /// when a human is to move and they are wanted; then whatever else the display asked for.
    fn wanted_search(&self) -> Option<(Board, Job)> {
        let board = *self.board();
        if board.outcome().is_over() {
            return self.also_wanted_search();
        }
        let computer = self.session.computer_to_move();
        if computer && let Some(depth) = self.limited_depth(&board) {
            let known = self.estimates.contains_key(&(board, Some(depth)));
            let job = Job::Estimate {
                depth: Some(depth),
                time: self.think_time,
            };
            return if known {
                self.also_wanted_search()
            } else {
                Some((board, job))
            };
        }
        let needed = computer || (self.scores_wanted && self.session.human_to_move());
        if needed && !self.analyses.contains_key(&board) {
            if !self.gave_up.contains_key(&board) {
                return Some((board, self.analyze_job(&board)));
            }
            // The exact search gave up before the think time ran out: the computer still
            // needs a move.
            if computer && !self.estimates.contains_key(&(board, None)) {
                let job = Job::Estimate {
                    depth: None,
                    time: self.think_time,
                };
                return Some((board, job));
            }
        }
        self.also_wanted_search()
    }

    fn also_wanted_search(&self) -> Option<(Board, Job)> {
        let unknown = |board: &Board| {
            !board.outcome().is_over()
                && !self.analyses.contains_key(board)
                && !self.gave_up.contains_key(board)
        };
        self.also_wanted
            .iter()
            .copied()
            .find(unknown)
            .map(|board| (board, self.analyze_job(&board)))
    }

    fn analyze_job(&self, board: &Board) -> Job {
        Job::Analyze {
            think_time: is_large(board).then_some(self.think_time),
        }
    }

    fn request_search(&mut self) {
        let wanted = self.wanted_search();
        if wanted
            == self
                .in_flight
                .as_ref()
                .map(|search| (search.board, search.job))
        {
            return;
        }
        self.in_flight = wanted.map(|(board, job)| InFlight {
            id: self.worker.submit(Request {
                job,
                ..Request::analyze(board)
            }),
            board,
            job,
            started: self.clock.now(),
            settled: Vec::new(),
            bounds: Vec::new(),
        });
        if wanted.is_none() {
            self.worker.cancel_all();
        }
    }

    fn position_changed(&mut self) {
        self.computer_move = None;
        self.turn_started = self.clock.now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Mark;
    use crate::game::{FirstPlayer, ManualClock};

    const DELAY: Duration = Duration::from_millis(300);

    fn controller(setup: GameSetup, clock: &Arc<ManualClock>) -> GameController {
        GameController::new(
            setup,
            ControllerOptions {
                difficulty: Difficulty::Perfect,
                ai_delay: DELAY,
                scores_wanted: false,
                think_time: Duration::from_secs(2),
                ai: AiPlayer::seeded(7),
                clock: Arc::clone(clock) as Arc<dyn Clock>,
            },
            || {},
        )
    }

    /// Runs the controller until it only waits for the clock (or for nothing).
    fn settle(controller: &mut GameController) {
        while controller.update().is_none() && controller.in_flight.is_some() {
            assert!(
                controller.wait_for_worker(Duration::from_secs(20)),
                "the search never answered"
            );
        }
    }

    fn large(side: usize, clock: &Arc<ManualClock>) -> GameController {
        controller(
            GameSetup {
                geometry: crate::board::Geometry::with_default_k(side, side).unwrap(),
                ..GameSetup::default()
            },
            clock,
        )
    }

    /// Plays `cell` for the human, then lets the computer answer.
    fn exchange(game: &mut GameController, clock: &ManualClock, cell: Cell) -> ComputerMove {
        assert!(game.play(cell));
        settle(game);
        clock.advance(DELAY);
        game.update();
        game.last_computer_move()
            .expect("the computer moved")
            .clone()
    }

    #[test]
    fn on_4x4_the_perfect_computer_moves_on_exact_scores() {
        let clock = Arc::new(ManualClock::new());
        let mut game = large(4, &clock);
        let reply = exchange(&mut game, &clock, Cell::new(1, 1));
        assert_eq!(reply.basis, Basis::Exact);
        let analysis = game.analysis(&reply.board).expect("solved");
        let best = analysis.best_score().unwrap();
        assert_eq!(analysis.get(reply.cell).unwrap().score, best);
    }

    #[test]
    fn easy_medium_and_hard_search_large_boards_to_their_depth_only() {
        for (difficulty, depth) in [
            (Difficulty::Easy, 1),
            (Difficulty::Medium, 2),
            (Difficulty::Hard, 4),
        ] {
            let clock = Arc::new(ManualClock::new());
            let mut game = large(5, &clock);
            game.set_difficulty(difficulty);
            let reply = exchange(&mut game, &clock, Cell::new(2, 2));
            assert_eq!(reply.basis, Basis::DepthLimited { depth }, "{difficulty:?}");
            // No exact search was needed for it.
            assert!(game.analysis(&reply.board).is_none());
            assert_eq!(game.board().get(reply.cell), Some(Mark::O));
        }
    }

    #[test]
    fn out_of_think_time_the_computer_plays_its_best_estimate_and_says_so() {
        let clock = Arc::new(ManualClock::new());
        let mut game = large(7, &clock);
        game.set_think_time(Duration::from_millis(300));
        let reply = exchange(&mut game, &clock, Cell::new(3, 3));
        let Basis::Unproven { depth } = reply.basis else {
            panic!(
                "an open 7×7 board is not solved in 0.3 s: {:?}",
                reply.basis
            );
        };
        assert!(depth >= 1);
        assert!(reply.candidates.contains(&reply.cell));
        assert_eq!(game.board().get(reply.cell), Some(Mark::O));
        // The search of that position is over: nobody needs it any more.
        assert!(game.partial_scores().is_none());
    }

    #[test]
    fn while_a_large_board_is_solved_the_overlay_has_estimates_then_exact_scores() {
        let clock = Arc::new(ManualClock::new());
        let mut game = large(6, &clock);
        game.set_think_time(Duration::from_millis(200));
        game.set_scores_wanted(true);
        // The human (X) is to move on the empty 6×6: the search cannot finish in 0.2 s.
        game.update();
        while game
            .partial_scores()
            .is_none_or(|known| known.estimate.is_none())
        {
            assert!(
                game.wait_for_worker(Duration::from_secs(20)),
                "no estimate came"
            );
            game.update();
        }
        let known = game
            .shown_partial_scores()
            .expect("shown while the human is to move");
        let estimate = known.estimate.unwrap();
        assert_eq!(estimate.moves.len(), 36);
        assert!(known.settled.len() < 36);
        // A move by the human drops that search and starts the computer's.
        assert!(game.play(Cell::new(0, 0)));
        game.update();
        assert!(
            game.partial_scores()
                .is_none_or(|known| known.board == *game.board())
        );
    }

    #[test]
    fn the_computer_moves_when_its_pause_is_over_and_not_before() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(GameSetup::default(), &clock);
        assert!(game.play(Cell::new(1, 1)));
        settle(&mut game);
        let pending = game.computer_move().expect("the move is chosen").clone();
        assert_eq!(pending.board, *game.board());
        assert_eq!(game.board().marks_placed(), 1);
        assert_eq!(game.update(), Some(DELAY));

        clock.advance(DELAY - Duration::from_millis(1));
        assert_eq!(game.update(), Some(Duration::from_millis(1)));
        assert_eq!(
            game.board().marks_placed(),
            1,
            "not before the pause is over"
        );

        clock.advance(Duration::from_millis(1));
        assert_eq!(game.update(), None);
        assert_eq!(game.board().get(pending.cell), Some(Mark::O));
        assert!(!game.is_busy());
        assert_eq!(game.last_computer_move(), Some(&pending));
    }

    #[test]
    fn the_human_cannot_move_for_the_computer() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(
            GameSetup {
                first_player: FirstPlayer::Computer,
                ..GameSetup::default()
            },
            &clock,
        );
        assert!(!game.play(Cell::new(0, 0)));
        assert_eq!(game.board().marks_placed(), 0);
    }

    #[test]
    fn undo_while_the_computer_waits_drops_its_move() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(GameSetup::default(), &clock);
        game.play(Cell::new(0, 0));
        settle(&mut game);
        assert!(game.computer_move().is_some());
        assert!(game.undo());
        assert!(game.computer_move().is_none());
        clock.advance(DELAY * 2);
        game.update();
        assert_eq!(
            game.board().marks_placed(),
            0,
            "the stale move is never played"
        );
    }

    #[test]
    fn a_new_position_cancels_the_search_for_the_old_one() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(
            GameSetup {
                mode: Mode::TwoPlayers,
                geometry: crate::board::Geometry::with_default_k(5, 5).unwrap(),
                ..GameSetup::default()
            },
            &clock,
        );
        game.set_scores_wanted(true);
        game.update();
        let first = game.in_flight.as_ref().map(|s| s.id).expect("searching");
        game.play(Cell::new(2, 2));
        game.update();
        let second = game.in_flight.as_ref().map(|s| s.id).expect("searching");
        assert_ne!(first, second);
        assert_eq!(game.in_flight.as_ref().unwrap().board, *game.board());
        game.set_scores_wanted(false);
        game.update();
        assert!(
            game.in_flight.is_none(),
            "nothing is searched that is not wanted"
        );
    }

    #[test]
    fn scores_are_kept_per_position_and_come_back_after_undo() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(GameSetup::default(), &clock);
        game.set_scores_wanted(true);
        settle(&mut game);
        let empty = *game.board();
        assert_eq!(game.shown_scores().map(|a| a.board), Some(empty));
        game.play(Cell::new(1, 1));
        settle(&mut game);
        clock.advance(DELAY);
        game.update();
        settle(&mut game);
        assert_eq!(game.board().marks_placed(), 2);
        assert_eq!(game.shown_scores().map(|a| a.board), Some(*game.board()));
        game.undo();
        game.update();
        assert!(game.in_flight.is_none(), "already known");
        assert_eq!(game.shown_scores().map(|a| a.board), Some(empty));
    }

    #[test]
    fn a_setup_change_mid_game_waits_for_the_next_game() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(GameSetup::default(), &clock);
        let two_players = GameSetup {
            mode: Mode::TwoPlayers,
            ..GameSetup::default()
        };
        game.play(Cell::new(1, 1));
        assert_eq!(game.change_setup(two_players), SetupChange::NextGame);
        assert_eq!(game.session().setup().mode, Mode::VsComputer);
        game.new_game();
        assert_eq!(game.session().setup(), two_players);
        assert_eq!(
            game.change_setup(GameSetup::default()),
            SetupChange::Applied,
            "before the first move it applies at once"
        );
    }

    #[test]
    fn two_computers_play_a_whole_game() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(
            GameSetup {
                mode: Mode::ComputerVsComputer,
                ..GameSetup::default()
            },
            &clock,
        );
        for _ in 0..9 {
            settle(&mut game);
            clock.advance(DELAY);
        }
        settle(&mut game);
        assert_eq!(game.board().outcome(), crate::board::Outcome::Draw);
        assert_eq!(game.session().tally().draws, 1);
    }
}
