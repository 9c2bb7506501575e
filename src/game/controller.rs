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
use crate::minimax::{Analysis, MoveBound, MoveScore, Progress, Stopped};
use crate::worker::{Reply, Request, RequestId, SearchWorker};

/// How the computer plays and what the display wants, besides the game's setup.
pub struct ControllerOptions {
    pub difficulty: Difficulty,
    /// The pause between the start of the computer's turn and its move appearing.
    pub ai_delay: Duration,
    /// Whether the scores of the human's moves are wanted (the overlay is on).
    pub scores_wanted: bool,
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
            ai: options.ai,
            clock: options.clock,
            worker: SearchWorker::spawn(wake),
            replies: VecDeque::new(),
            in_flight: None,
            analyses: HashMap::new(),
            also_wanted: Vec::new(),
            gave_up: HashMap::new(),
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

    /// The moves of the position on the board settled so far while its search runs.
    pub fn settled_so_far(&self) -> &[MoveScore] {
        match &self.in_flight {
            Some(search) if search.board == *self.board() => &search.settled,
            _ => &[],
        }
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
            Reply::Counted { .. } => {} // the controller never asks for counts
        }
    }

    fn choose_computer_move(&mut self) {
        if self.computer_move.is_some() || !self.session.computer_to_move() {
            return;
        }
        let board = *self.board();
        let Some(analysis) = self.analyses.get(&board) else {
            return;
        };
        let candidates = AiPlayer::candidates(analysis, self.difficulty);
        let Some(cell) = self.ai.choose(analysis, self.difficulty) else {
            return;
        };
        self.computer_move = Some(ComputerMove {
            board,
            cell,
            due: self.turn_started + self.ai_delay,
            candidates,
            difficulty: self.difficulty,
        });
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

    /// The position whose analysis is needed and not known: the board's, when the computer is to
    /// move or a human is and the scores are wanted; then whatever else the display asked for.
    fn wanted_search(&self) -> Option<Board> {
        let board = *self.board();
        let needed =
            self.session.computer_to_move() || (self.scores_wanted && self.session.human_to_move());
        let unknown = |board: &Board| {
            !board.outcome().is_over()
                && !self.analyses.contains_key(board)
                && !self.gave_up.contains_key(board)
        };
        std::iter::once(board)
            .filter(|_| needed)
            .chain(self.also_wanted.iter().copied())
            .find(unknown)
    }

    fn request_search(&mut self) {
        let wanted = self.wanted_search();
        if wanted == self.in_flight.as_ref().map(|search| search.board) {
            return;
        }
        self.in_flight = wanted.map(|board| InFlight {
            id: self.worker.submit(Request::analyze(board)),
            board,
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
