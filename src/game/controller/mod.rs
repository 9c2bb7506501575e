//! The match controller: it owns the session and runs everything that happens between the
//! player's commands: the computer's choice and the short pause before it shows, undo and the
//! session's accuracy, all without egui. What is known of each position, and which search the
//! worker is asked for next, are its knowledge (`knowledge.rs`).
//!
//! The app turns input into commands ([`GameController::play`], [`GameController::undo`], …),
//! calls [`GameController::update`] once a frame and draws what the controller holds. Tests drive
//! it the same way with a [`ManualClock`](super::ManualClock), so no test waits on real time.

use std::sync::Arc;
use std::time::Duration;

use super::knowledge::{
    Basis, CutoffSearch, GameNeeds, Knowledge, MatchSearch, PartialScores, TraceLog, Wanted,
    is_large, limited_depth,
};
use super::record::{GameRecord, SessionAccuracy, game_summary};
use super::session::{GameSetup, Mode, Session};
use crate::engine::ai::{AiPlayer, Difficulty};
use crate::engine::board::{Board, Cell};
use crate::engine::clock::Clock;
use crate::engine::minimax::{
    Analysis, Estimate, MoveScore, SearchCounts, Stop, Stopped, Valuation,
};
use crate::game::worker::{AnalysisProgress, MatchSoFar};
use crate::learn::practice::Exercise;
use crate::learn::review::{EstimatedMove, MoveReview};
use crate::learn::trace::TraceAlgorithm;
use crate::platform::Instant;

mod review;

use review::{AccuracyTally, GameReview};

/// What the player chooses of how the computer plays and what the display wants, given to the
/// controller as one value whenever it changes (the settings make it: `Settings::play`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayOptions {
    /// Takes effect from the computer's next choice.
    pub difficulty: Difficulty,
    /// The pause between the start of the computer's turn and its move appearing; takes effect
    /// from the computer's next turn.
    pub ai_delay: Duration,
    /// Whether the scores of the human's moves are wanted (the overlay is on).
    pub scores_wanted: bool,
    /// How long the computer may think on boards larger than 3×3 before it moves on an
    /// estimate (3×3 is always solved at once); takes effect from the next search.
    pub think_time: Duration,
}

/// How the computer plays and what the display wants, besides the game's setup.
pub struct ControllerOptions {
    pub play: PlayOptions,
    pub ai: AiPlayer,
    pub clock: Arc<dyn Clock>,
    /// The positions a trace may visit (see [`super::TRACE_LIMIT`]).
    pub trace_limit: u64,
    /// The positions the review may visit in each position of a game (see
    /// [`crate::learn::review::REVIEW_NODE_BUDGET`]).
    pub review_budget: u64,
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

/// The match: turns, the computer's pick and its pause, undo and accuracy. What is known of each
/// position, and the searches that find it out, are its knowledge (`game/knowledge.rs`).
pub struct GameController {
    session: Session,
    /// The setup the next game starts with.
    next_setup: GameSetup,
    play: PlayOptions,
    ai: AiPlayer,
    clock: Arc<dyn Clock>,
    knowledge: Knowledge,
    /// Counts the positions the board has shown: an estimate made during another turn of the
    /// same position is not this turn's.
    turn: u64,
    /// When the position on the board arose: the computer's pause counts from here.
    turn_started: Instant,
    computer_move: Option<ComputerMove>,
    last_computer_move: Option<ComputerMove>,
    /// Best moves over the session's finished games, and the game last counted with what it
    /// added (taken back if that game is undone).
    accuracy: AccuracyTally,
}

impl GameController {
    /// Starts a session with a new game of `setup`. `wake` is called from the search thread when
    /// an answer arrives (the app passes a repaint request).
    pub fn new(
        setup: GameSetup,
        options: ControllerOptions,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> GameController {
        let clock = options.clock;
        let now = clock.now();
        let mut controller = GameController {
            session: Session::new(setup),
            next_setup: setup,
            play: options.play,
            ai: options.ai,
            clock: Arc::clone(&clock),
            knowledge: Knowledge::new(clock, options.trace_limit, wake),
            turn: 0,
            turn_started: now,
            computer_move: None,
            last_computer_move: None,
            accuracy: AccuracyTally::default(),
        };
        controller.knowledge.review_budget = options.review_budget;
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

    pub fn difficulty(&self) -> Difficulty {
        self.play.difficulty
    }

    /// The analysis of `board`, if it has been searched.
    pub fn analysis(&self, board: &Board) -> Option<&Analysis> {
        self.knowledge.known().analysis(board)
    }

    /// The estimate of `board` made when its exact search ran out of think time, if any.
    pub fn estimate(&self, board: &Board) -> Option<&Estimate> {
        self.knowledge
            .known()
            .estimate(board, None)
            .map(|(estimate, _)| estimate)
    }

    /// The analysis the score overlay shows now: the position on the board's, when the overlay is
    /// on and a human is to move, or when the computer plays both sides (each side's scores as
    /// it thinks).
    pub fn shown_scores(&self) -> Option<&Analysis> {
        self.scores_shown()
            .then(|| self.analysis(self.board()))
            .flatten()
    }

    /// Whether the overlay shows scores now (see [`GameController::shown_scores`]).
    fn scores_shown(&self) -> bool {
        let watching = self.session.setup().mode == Mode::ComputerVsComputer;
        let wanted = self.session.human_to_move() || (watching && self.session.computer_to_move());
        self.play.scores_wanted && wanted
    }

    /// What the overlay shows while the scores of the board are not complete (see
    /// [`GameController::partial_scores`]), when it shows scores at all (see
    /// [`GameController::shown_scores`]).
    pub fn shown_partial_scores(&self) -> Option<PartialScores<'_>> {
        self.scores_shown().then(|| self.partial_scores()).flatten()
    }

    /// How long the search for the position on the board has been running.
    pub fn search_elapsed(&self) -> Option<Duration> {
        self.knowledge.search_elapsed(self.board())
    }

    /// The moves of the position on the board settled so far while its search runs.
    pub fn settled_so_far(&self) -> &[MoveScore] {
        self.knowledge.settled_so_far(self.board())
    }

    /// What is known of the moves of the position on the board before its exact scores are all
    /// known: while its search runs, or after it gave up. `None` once the analysis is complete.
    pub fn partial_scores(&self) -> Option<PartialScores<'_>> {
        self.knowledge.partial_scores(self.board())
    }

    /// The think time on boards larger than 3×3.
    pub fn think_time(&self) -> Duration {
        self.play.think_time
    }

    /// Whether the position on the board is large enough to be thought about within a think
    /// time.
    pub fn board_is_large(&self) -> bool {
        is_large(self.board())
    }

    /// How far the exact search for the position on the board has got, while it runs.
    pub fn progress(&self) -> Option<AnalysisProgress> {
        self.knowledge.progress(self.board())
    }

    /// Why the search gave up on the position on the board, if it did.
    pub fn gave_up(&self) -> Option<&Stopped> {
        self.knowledge.known().gave_up(self.board())
    }

    /// The computer's next move, once chosen and until it is played.
    pub fn computer_move(&self) -> Option<&ComputerMove> {
        self.computer_move.as_ref()
    }

    /// The computer's most recent move in this game, with what it chose among.
    pub fn last_computer_move(&self) -> Option<&ComputerMove> {
        self.last_computer_move.as_ref()
    }

    /// The game under way, with its seating.
    pub fn record(&self) -> GameRecord {
        GameRecord::of(&self.session)
    }

    /// Best moves of all moves over the session's finished games.
    pub fn accuracy(&self) -> SessionAccuracy {
        self.accuracy.accuracy()
    }

    /// Each move of `game` as its review stands (see [`MoveReview`]). The positions are
    /// searched within the review's budget ([`crate::learn::review::REVIEW_NODE_BUDGET`]) once
    /// [`GameController::want_review`] asks for them, so a big board's review fills in and ends.
    pub fn review(&self, game: &GameRecord) -> Vec<MoveReview> {
        GameReview::of(&self.knowledge).moves(game)
    }

    /// Each move of `game` as an estimate saw it, where its position has an estimate and no
    /// exact analysis; `None` elsewhere.
    pub fn estimated_review(&self, game: &GameRecord) -> Vec<Option<EstimatedMove>> {
        GameReview::of(&self.knowledge).estimated(game)
    }

    /// The summary of the game on the board once it is over and every move is reviewed.
    pub fn game_summary(&self) -> Option<String> {
        if !self.board().outcome().is_over() {
            return None;
        }
        let game = self.record();
        let moves = GameReview::of(&self.knowledge).complete(&game)?;
        Some(game_summary(&game, &moves))
    }

    /// Counts a game that has just ended, once every move of it is reviewed.
    fn count_finished_game(&mut self) {
        if !self.board().outcome().is_over() {
            return;
        }
        let game = self.record();
        if self.accuracy.has_counted(&game) {
            return;
        }
        if let Some(moves) = GameReview::of(&self.knowledge).complete(&game) {
            self.accuracy.count(game, &moves);
        }
    }

    /// The three searches' counts for `board`, once counted.
    pub fn counts(&self, board: &Board) -> Option<&SearchCounts> {
        self.knowledge.known().counts(board)
    }

    /// The practice positions, once found.
    pub fn exercises(&self) -> Option<&[Exercise]> {
        self.knowledge.known().exercises()
    }

    /// The numbers of the depth-limited `search` asked for with
    /// [`GameController::want_cutoff`], once it has run, or why it stopped.
    pub fn cutoff(&self, search: &CutoffSearch) -> Option<&Result<Vec<(Cell, Valuation)>, Stop>> {
        self.knowledge.known().cutoff(search)
    }

    /// How many positions the depth-limited `search` has visited, while it runs.
    pub fn cutoff_progress(&self, search: &CutoffSearch) -> Option<u64> {
        self.knowledge.cutoff_progress(search)
    }

    /// The trace asked for with [`GameController::want_trace`], as far as it has got.
    pub fn trace(&self) -> Option<&TraceLog> {
        self.knowledge.trace()
    }

    /// Whether a search is running or the computer's move waits for its moment.
    pub fn is_busy(&self) -> bool {
        self.is_searching() || self.computer_move.is_some()
    }

    /// Whether a search is running or about to be asked for: its answer will wake the window.
    pub fn is_searching(&self) -> bool {
        self.knowledge.is_busy() || self.wanted_search().is_some()
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

    /// Abandons the game under way and starts one of `setup` from `start` (a position set up or
    /// opened): `setup` is also the next game's.
    pub fn start_from(&mut self, setup: GameSetup, start: &Board) {
        self.next_setup = setup;
        self.retry(setup, start, &[]);
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
        // A finished game taken back leaves the accuracy, as it leaves the tally.
        if self.session.can_undo() {
            self.accuracy.take_back(&self.record());
        }
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

    /// What the player chose of how the computer plays, as last given.
    pub fn play_options(&self) -> PlayOptions {
        self.play
    }

    /// Takes the player's choices, each from its next use (see [`PlayOptions`]).
    pub fn set_play_options(&mut self, play: PlayOptions) {
        self.play = play;
    }

    /// Asks for the analyses of `boards` (most wanted first), after what the game itself needs.
    /// Replaces the list given before; positions already known are skipped.
    pub fn want_analyses(&mut self, boards: Vec<Board>) {
        self.knowledge.want_analyses(boards);
    }

    /// Asks for the review of `game` (`None`: no review is open): the positions before its
    /// moves are searched after the analyses the display wants, each as `tictactoe review`
    /// searches it, with at most the review's budget of positions.
    pub fn want_review(&mut self, game: Option<&GameRecord>) {
        self.knowledge
            .want_review(game.map_or_else(Vec::new, GameRecord::positions_before));
    }

    /// Asks for the three searches' counts of `board` (the explorer's root), after the analyses.
    pub fn want_counts(&mut self, board: Option<Board>) {
        self.knowledge.want_counts(board);
    }

    /// Asks for the cutoff view's depth-limited search (`None`: none is wanted, and one under
    /// way stops), before the analyses the display wants: it is over in a fraction of a second.
    pub fn want_cutoff(&mut self, search: Option<CutoffSearch>) {
        self.knowledge.want_cutoff(search);
    }

    /// Asks for a match between two computer players (the MCTS view's), after the cutoff view's
    /// search and before the analyses the display wants; `None`: none is wanted, and one under
    /// way stops, keeping the games it played.
    pub fn want_match(&mut self, search: Option<MatchSearch>) {
        self.knowledge.want_match(search);
    }

    /// Forgets the match played, so that the next one asked for is played from its start.
    pub fn forget_match(&mut self) {
        self.knowledge.forget_match();
    }

    /// The match `search` as far as it has got (the games played and each side's tally).
    pub fn match_so_far(&self, search: &MatchSearch) -> Option<&MatchSoFar> {
        self.knowledge.known().match_so_far(search)
    }

    /// While a Monte Carlo level thinks about the board on show: its iterations run so far, as
    /// the worker last said, and of how many.
    pub fn mcts_progress(&self) -> Option<(u64, u64)> {
        self.knowledge.mcts_progress(self.board())
    }

    /// Asks for the practice positions of the classic game, before the analyses the display
    /// wants.
    pub fn want_exercises(&mut self, wanted: bool) {
        self.knowledge.want_exercises(wanted);
    }

    /// Asks for the trace of `algorithm` on `board` (the step-through), or for none: a new trace
    /// drops the one recorded before.
    pub fn want_trace(&mut self, trace: Option<(Board, TraceAlgorithm)>) {
        self.knowledge.want_trace(trace);
    }

    // --- the loop ---

    /// Acts on the search results that have arrived, plays the computer's move when it is due and
    /// asks for the searches now needed. Returns how long until it must run again at the latest
    /// (the computer's move is due then); `None` when only a search result can change anything.
    pub fn update(&mut self) -> Option<Duration> {
        self.knowledge.take_in(self.turn);
        self.count_finished_game();
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

    /// Whether answers taken in since the last call changed what there is to show. A display that
    /// drew before taking them in draws again.
    pub fn take_news(&mut self) -> bool {
        self.knowledge.take_news()
    }

    /// Waits up to `timeout` for the search thread's next answer; `false` if none came. For
    /// tests and scripts, which have nothing else to do meanwhile: the app never waits.
    pub fn wait_for_worker(&mut self, timeout: Duration) -> bool {
        self.knowledge.wait_for_worker(timeout)
    }

    fn choose_computer_move(&mut self) {
        self.complete_proven_move();
        if self.computer_move.is_some() || !self.session.computer_to_move() {
            return;
        }
        let board = *self.board();
        let Some((candidates, basis)) = self.knowledge.candidates(
            &board,
            self.play.difficulty,
            self.turn,
            self.mcts_seed(&board),
        ) else {
            return;
        };
        let Some(cell) = self.ai.pick(&candidates) else {
            return;
        };
        self.computer_move = Some(ComputerMove {
            board,
            cell,
            due: self.turn_started + self.play.ai_delay,
            candidates,
            difficulty: self.play.difficulty,
            basis,
        });
    }

    /// A move chosen as proven best whose analysis came in full before it was played: the same
    /// move, now resting on every score (and rated alike with every move as good).
    fn complete_proven_move(&mut self) {
        let Some(next) = self.computer_move.as_mut() else {
            return;
        };
        if next.basis != Basis::ProvenBest {
            return;
        }
        let now_known = self.knowledge.candidates(
            &next.board,
            self.play.difficulty,
            self.turn,
            self.ai.search_seed(&next.board),
        );
        if let Some((candidates, Basis::Exact)) = now_known {
            next.candidates = candidates;
            next.basis = Basis::Exact;
        }
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

    /// What the game on the board needs searched (see [`Knowledge::next_search`]).
    fn needs(&self) -> GameNeeds {
        let over = self.board().outcome().is_over();
        GameNeeds {
            board: *self.board(),
            computer_to_move: self.session.computer_to_move(),
            scores_for_human: self.play.scores_wanted && self.session.human_to_move(),
            limited_depth: limited_depth(self.play.difficulty, self.board()),
            mcts: self
                .play
                .difficulty
                .mcts_iterations()
                .map(|iterations| (iterations, self.mcts_seed(self.board()))),
            think_time: self.play.think_time,
            turn: self.turn,
            finished_positions: over.then(|| self.record().positions_before()),
        }
    }

    /// The seed of a Monte Carlo level's search of `board`: the computer player's, mixed with
    /// the position, so that a seeded game replays exactly.
    fn mcts_seed(&self, board: &Board) -> u64 {
        self.ai.search_seed(board)
    }

    fn wanted_search(&self) -> Option<Wanted> {
        self.knowledge.next_search(&self.needs())
    }

    fn request_search(&mut self) {
        self.knowledge.ask(self.wanted_search());
    }

    fn position_changed(&mut self) {
        self.computer_move = None;
        self.turn += 1;
        self.turn_started = self.clock.now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Mark;
    use crate::engine::clock::ManualClock;
    use crate::engine::minimax::Stop;
    use crate::engine::score::Score;
    use crate::game::knowledge::TRACE_LIMIT;
    use crate::game::session::FirstPlayer;

    const DELAY: Duration = Duration::from_millis(300);

    fn controller(setup: GameSetup, clock: &Arc<ManualClock>) -> GameController {
        GameController::new(
            setup,
            ControllerOptions {
                play: PlayOptions {
                    difficulty: Difficulty::Perfect,
                    ai_delay: DELAY,
                    scores_wanted: false,
                    think_time: Duration::from_secs(2),
                },
                ai: AiPlayer::seeded(7),
                clock: Arc::clone(clock) as Arc<dyn Clock>,
                trace_limit: TRACE_LIMIT,
                review_budget: crate::learn::review::REVIEW_NODE_BUDGET,
            },
            || {},
        )
    }

    /// A controller for a game of `mode`, otherwise as the defaults set it up.
    fn in_mode(mode: Mode, clock: &Arc<ManualClock>) -> GameController {
        controller(
            GameSetup {
                mode,
                ..GameSetup::default()
            },
            clock,
        )
    }

    /// Waits for the worker's next answer; a search that never answers fails the test.
    fn await_answer(controller: &mut GameController, timeout: Duration) {
        assert!(
            controller.wait_for_worker(timeout),
            "the search never answered"
        );
    }

    /// Runs the controller until it only waits for the clock (or for nothing).
    fn settle(controller: &mut GameController) {
        while controller.update().is_none() && controller.knowledge.in_flight.is_some() {
            await_answer(controller, Duration::from_secs(20));
        }
    }

    /// Runs the controller until no search is left (the clock standing still, a search must
    /// finish for this to return).
    fn finish_searches(controller: &mut GameController) {
        controller.update();
        while controller.knowledge.in_flight.is_some() {
            await_answer(controller, Duration::from_secs(20));
            controller.update();
        }
    }

    /// The default setup on a `side`×`side` board.
    fn on_side(side: usize) -> GameSetup {
        GameSetup {
            geometry: crate::engine::board::Geometry::with_default_k(side, side).unwrap(),
            ..GameSetup::default()
        }
    }

    fn large(side: usize, clock: &Arc<ManualClock>) -> GameController {
        controller(on_side(side), clock)
    }

    /// A controller for a game on a `side`×`side` board that the computer opens.
    fn computer_first(side: usize, clock: &Arc<ManualClock>) -> GameController {
        let setup = GameSetup {
            first_player: FirstPlayer::Computer,
            ..on_side(side)
        };
        controller(setup, clock)
    }

    /// A two-player game on a `side`×`side` board.
    fn two_players_on(side: usize, clock: &Arc<ManualClock>) -> GameController {
        let setup = GameSetup {
            mode: Mode::TwoPlayers,
            ..on_side(side)
        };
        controller(setup, clock)
    }

    /// The computer's answer to the centre of 7×7 with no think time (the exact search is
    /// past its deadline before it begins), and the game after it.
    fn answered_without_think_time() -> (GameController, ComputerMove) {
        let clock = Arc::new(ManualClock::new());
        let mut game = large(7, &clock);
        adjust(&mut game, |play| play.think_time = Duration::ZERO);
        let reply = exchange(&mut game, &clock, Cell::new(3, 3));
        (game, reply)
    }

    /// Changes the play options of `game` as `change` says.
    fn adjust(game: &mut GameController, change: impl FnOnce(&mut PlayOptions)) {
        let mut play = game.play_options();
        change(&mut play);
        game.set_play_options(play);
    }

    /// Lets the pause run out and returns the move the computer played then.
    fn played_after_the_pause(game: &mut GameController, clock: &ManualClock) -> ComputerMove {
        clock.advance(DELAY);
        game.update();
        game.last_computer_move()
            .expect("the computer moved")
            .clone()
    }

    /// Plays `cell` for the human, then lets the computer answer.
    fn exchange(game: &mut GameController, clock: &ManualClock, cell: Cell) -> ComputerMove {
        assert!(game.play(cell));
        settle(game);
        played_after_the_pause(game, clock)
    }

    /// The id of the search under way.
    fn searched_id(game: &GameController) -> crate::game::worker::RequestId {
        game.knowledge
            .in_flight
            .as_ref()
            .map(|s| s.id)
            .expect("searching")
    }

    #[test]
    fn on_4x4_the_perfect_computer_moves_on_exact_scores() {
        let clock = Arc::new(ManualClock::new());
        let mut game = large(4, &clock);
        assert!(game.play(Cell::new(1, 1)));
        // The move may be chosen as proven best before the last scores come; when they come
        // before it is played, it rests on them all.
        finish_searches(&mut game);
        let reply = played_after_the_pause(&mut game, &clock);
        assert_eq!(reply.basis, Basis::Exact);
        let analysis = game.analysis(&reply.board).expect("solved");
        let best = analysis.best_score().unwrap();
        assert_eq!(analysis.get(reply.cell).unwrap().score, best);
    }

    #[test]
    fn on_the_empty_7x7_the_perfect_computer_opens_on_exact_scores() {
        // Five in a row: every first move is a draw, and the solver proves all 49 within the
        // default budget of positions (in about 0.4 s on one core of the 2-core machine, in
        // an optimised build; the clock here stands still, so the think time never runs out).
        let clock = Arc::new(ManualClock::new());
        let mut game = computer_first(7, &clock);
        finish_searches(&mut game);
        let opening = played_after_the_pause(&mut game, &clock);
        assert_eq!(opening.basis, Basis::Exact);
        let analysis = game.analysis(&opening.board).expect("solved");
        assert_eq!(analysis.moves.len(), 49);
        assert!(analysis.moves.iter().all(|m| m.score == Score::DRAW));
    }

    #[test]
    fn on_the_empty_6x6_the_perfect_computer_opens_on_a_proven_best_move() {
        // Four in a row: the solver settles a centre move first (27, the fastest win there is:
        // see engine/tests/fixtures/solver/first_moves.txt) and then shows every other move unable
        // to beat it, long before every move is settled (in about 0.6 s against 3.2 s on one core
        // of the 2-core machine, in an optimised build). The clock stands still: the think time
        // never runs out, so nothing but the proof can choose the move.
        let clock = Arc::new(ManualClock::new());
        let mut game = computer_first(6, &clock);
        let chosen = wait_for_the_computers_choice(&mut game);
        assert_eq!(chosen.basis, Basis::ProvenBest);
        let centre = [(2, 2), (2, 3), (3, 2), (3, 3)].map(|(row, col)| Cell::new(row, col));
        assert!(centre.contains(&chosen.cell), "{:?}", chosen.cell);
        assert!(chosen.candidates.iter().all(|cell| centre.contains(cell)));
        let known = game
            .partial_scores()
            .expect("not every move is settled yet");
        let best = known.proven_best();
        assert!(best.iter().all(|m| m.score == Score::new(27)));
        // Chosen early: the four centre moves settled, and a rim move or two since at most
        // (in the order that settles every move soonest, it was chosen after 35).
        assert!(
            known.settled_count() <= 6,
            "{} settled",
            known.settled_count()
        );
        clock.advance(DELAY);
        game.update();
        assert_eq!(game.last_computer_move(), Some(&chosen));
    }

    /// Updates `game` until the computer has chosen its move (the clock standing still).
    fn wait_for_the_computers_choice(game: &mut GameController) -> ComputerMove {
        loop {
            game.update();
            if let Some(chosen) = game.computer_move() {
                return chosen.clone();
            }
            await_answer(game, Duration::from_secs(60));
        }
    }

    #[test]
    fn on_7x7_the_perfect_computer_answers_a_corner_opening_on_a_proven_best_move() {
        // Five in a row: the empty board's first pass shows that X cannot win by any first
        // move, so O cannot win after X's corner either (strategy stealing), and the answer
        // that pass proved to hold the draw is settled at once (in about 0.6 s on one core of
        // the 2-core machine, in an optimised build; every score takes minutes).
        let clock = Arc::new(ManualClock::new());
        let mut game = large(7, &clock);
        assert!(game.play(Cell::new(0, 0)));
        let chosen = wait_for_the_computers_choice(&mut game);
        assert_eq!(chosen.basis, Basis::ProvenBest);
        let known = game
            .partial_scores()
            .expect("not every move is settled yet");
        let best = known.proven_best();
        assert!(best.iter().any(|m| m.cell == chosen.cell));
        assert!(best.iter().all(|m| m.score == Score::DRAW));
        assert!(known.settled_count() < 48);
    }

    /// A Monte Carlo level's move comes from the worker's MCTS search, seeded from the computer
    /// player's seed and the position: the move [`mcts_choice`](crate::engine::ai::mcts_choice)
    /// gives with that seed, on 3×3 and on a large board alike, with no exact search for it.
    #[test]
    fn a_monte_carlo_level_plays_the_worker_s_most_visited_move() {
        for side in [3, 5] {
            let clock = Arc::new(ManualClock::new());
            let mut game = large(side, &clock);
            game.set_play_options(PlayOptions {
                difficulty: Difficulty::MctsThousand,
                ..game.play_options()
            });
            let reply = exchange(&mut game, &clock, Cell::new(1, 1));
            assert_eq!(reply.basis, Basis::MonteCarlo { iterations: 1_000 });
            let seed = AiPlayer::seeded(7).search_seed(&reply.board);
            let expected = crate::engine::ai::mcts_choice(&reply.board, 1_000, seed, &mut |_| true);
            assert_eq!(Some(reply.cell), expected, "{side}×{side}");
            assert_eq!(reply.candidates, vec![reply.cell]);
            assert!(game.analysis(&reply.board).is_none());
        }
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
            adjust(&mut game, |play| play.difficulty = difficulty);
            let reply = exchange(&mut game, &clock, Cell::new(2, 2));
            assert_eq!(reply.basis, Basis::DepthLimited { depth }, "{difficulty:?}");
            // No exact search was needed for it.
            assert!(game.analysis(&reply.board).is_none());
            assert_eq!(game.board().get(reply.cell), Some(Mark::O));
        }
    }

    #[test]
    fn out_of_think_time_the_computer_plays_its_best_estimate_and_says_so() {
        let (game, reply) = answered_without_think_time();
        let Basis::Unproven { depth, reason } = reply.basis else {
            panic!("no time, no proof: {:?}", reply.basis);
        };
        assert!(depth >= 1);
        assert_eq!(
            reason,
            Stop::TimeLimit,
            "it says the think time ran out: it did"
        );
        assert!(reply.candidates.contains(&reply.cell));
        assert_eq!(game.board().get(reply.cell), Some(Mark::O));
        // The search of that position is over: nobody needs it any more.
        assert!(game.partial_scores().is_none());
    }

    #[test]
    fn a_move_played_on_an_estimate_is_reviewed_from_that_estimate() {
        let (game, reply) = answered_without_think_time();
        let record = game.record();
        // Move 2 is the computer's, chosen on an estimate: no exact review, the estimate's.
        assert_eq!(record.moves[1], reply.cell);
        assert!(game.review(&record)[1].reviewed().is_none());
        let estimated = game.estimated_review(&record)[1]
            .clone()
            .expect("the computer's estimate of its position");
        let estimate = game.estimate(&reply.board).unwrap();
        assert_eq!(estimated.before, reply.board);
        assert_eq!(estimated.cell, reply.cell);
        assert_eq!(estimated.depth, estimate.depth);
        assert_eq!(estimated.best, estimate.best().unwrap().value);
        // It played a move the estimate ranked best.
        assert_eq!(estimated.value.rank(), estimated.best.rank());
    }

    #[test]
    fn while_a_large_board_is_solved_the_overlay_has_estimates_then_exact_scores() {
        let clock = Arc::new(ManualClock::new());
        let mut game = large(6, &clock);
        adjust(&mut game, |play| {
            play.think_time = Duration::ZERO;
            play.scores_wanted = true;
        });
        // The human (X) is to move on the empty 6×6; with no think time the exact search stops
        // at once and the estimates come.
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
    fn an_estimate_left_from_an_earlier_visit_is_not_a_reason_to_play_at_once() {
        // The computer opens 7×7 without proof (no think time), then a new game comes back to
        // the same empty board: it must think again, not play the old estimate at once and say
        // its think time ran out.
        let clock = Arc::new(ManualClock::new());
        let mut game = computer_first(7, &clock);
        adjust(&mut game, |play| play.think_time = Duration::ZERO);
        settle(&mut game);
        assert!(matches!(
            game.computer_move().map(|m| m.basis),
            Some(Basis::Unproven { .. })
        ));
        adjust(&mut game, |play| play.think_time = Duration::from_secs(2));
        game.new_game();
        game.update();
        // The clock stands still: this turn's think time has not run out, so there is no move
        // yet, only the search.
        assert!(game.computer_move().is_none(), "{:?}", game.computer_move());
        assert!(game.knowledge.in_flight.is_some());
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
        let setup = GameSetup {
            first_player: FirstPlayer::Computer,
            ..GameSetup::default()
        };
        let mut game = controller(setup, &clock);
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
        let mut game = two_players_on(5, &clock);
        adjust(&mut game, |play| play.scores_wanted = true);
        game.update();
        let first = searched_id(&game);
        game.play(Cell::new(2, 2));
        game.update();
        let second = searched_id(&game);
        assert_ne!(first, second);
        assert_eq!(
            game.knowledge.in_flight.as_ref().unwrap().board,
            *game.board()
        );
        adjust(&mut game, |play| play.scores_wanted = false);
        game.update();
        assert!(
            game.knowledge.in_flight.is_none(),
            "nothing is searched that is not wanted"
        );
    }

    #[test]
    fn scores_are_kept_per_position_and_come_back_after_undo() {
        let clock = Arc::new(ManualClock::new());
        let mut game = controller(GameSetup::default(), &clock);
        adjust(&mut game, |play| play.scores_wanted = true);
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
        assert!(game.knowledge.in_flight.is_none(), "already known");
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
        let mut game = in_mode(Mode::ComputerVsComputer, &clock);
        for _ in 0..9 {
            settle(&mut game);
            clock.advance(DELAY);
        }
        settle(&mut game);
        assert_eq!(game.board().outcome(), crate::engine::board::Outcome::Draw);
        assert_eq!(game.session().tally().draws, 1);
    }

    /// Takes in answers until nothing is under way (no clock involved: only searches).
    fn drain(game: &mut GameController) {
        while game.is_busy() {
            game.update();
            if game.knowledge.in_flight.is_some() {
                await_answer(game, Duration::from_secs(20));
            }
        }
    }

    #[test]
    fn a_trace_is_recorded_through_the_worker_and_a_new_one_replaces_it() {
        use crate::learn::trace::{StepState, TraceAlgorithm};
        let clock = Arc::new(ManualClock::new());
        let mut game = in_mode(Mode::TwoPlayers, &clock);
        let start: Board = "XOX/.O./X..".parse().unwrap();
        game.want_trace(Some((start, TraceAlgorithm::AlphaBetaClassic)));
        drain(&mut game);
        let log = game.trace().expect("asked for");
        let result = log
            .result
            .clone()
            .expect("finished")
            .expect("within its limit");
        let state = StepState::after(start, &log.events);
        assert!(state.stack.is_empty(), "every call returned");
        assert_eq!(result.stats.nodes, state.calls + 1);
        // Another algorithm: the old trace is dropped, the new one recorded from its start.
        game.want_trace(Some((start, TraceAlgorithm::Plain)));
        assert!(game.trace().unwrap().events.is_empty());
        drain(&mut game);
        let plain = crate::engine::minimax::plain(&start);
        let log = game.trace().unwrap();
        assert_eq!(
            StepState::after(start, &log.events).calls + 1,
            plain.stats.nodes
        );
        game.want_trace(None);
        assert!(game.trace().is_none());
        assert!(!game.is_busy());
    }

    #[test]
    fn a_trace_stops_at_its_limit_and_says_so() {
        use crate::learn::trace::TraceAlgorithm;
        let clock = Arc::new(ManualClock::new());
        let mut game = two_players_on(4, &clock);
        game.knowledge.trace_limit = 500;
        let start = *game.board();
        game.want_trace(Some((start, TraceAlgorithm::Plain)));
        drain(&mut game);
        let log = game.trace().unwrap();
        assert_eq!(log.result, Some(Err(Stop::NodeBudget { limit: 500 })));
        // Two or three events a position: the memory it takes is bounded by the limit.
        assert!(log.events.len() <= 3 * 500, "{} events", log.events.len());
    }

    #[test]
    fn the_explorers_counts_and_the_practice_positions_come_from_the_worker() {
        let clock = Arc::new(ManualClock::new());
        let mut game = in_mode(Mode::TwoPlayers, &clock);
        let root: Board = "X../.O./...".parse().unwrap();
        game.want_counts(Some(root));
        game.want_exercises(true);
        drain(&mut game);
        let counts = game.counts(&root).expect("counted");
        let plain = crate::engine::minimax::plain(&root);
        assert_eq!(counts.plain, Ok(plain.stats.nodes));
        let exercises = game.exercises().expect("found");
        assert!(!exercises.is_empty());
        for exercise in exercises {
            let analysis = crate::engine::minimax::plain(&exercise.board);
            assert_eq!(analysis.best_moves().count(), 1, "{:?}", exercise.board);
            assert_eq!(analysis.best().unwrap().cell, exercise.answer);
        }
        // Known results are not asked for again.
        game.update();
        assert!(game.knowledge.in_flight.is_none());
    }

    #[test]
    fn accuracy_counts_a_finished_game_once_for_whoever_played_and_undo_takes_it_back() {
        let clock = Arc::new(ManualClock::new());
        // The human (X) plays the corner, then blunders; the computer (O) plays perfectly.
        let mut game = controller(GameSetup::default(), &clock);
        let finish = |game: &mut GameController| {
            while !game.board().outcome().is_over() {
                let board = *game.board();
                let cell = board.legal_moves().next().unwrap();
                exchange_or_end(game, &clock, cell);
            }
            drain(game);
        };
        finish(&mut game);
        let accuracy = game.accuracy();
        assert!(accuracy.human.moves > 0 && accuracy.computer.moves > 0);
        assert_eq!(
            accuracy.computer.best, accuracy.computer.moves,
            "Perfect is always best"
        );
        assert_eq!(
            accuracy.x,
            Default::default(),
            "no two-player game was played"
        );
        assert!(game.game_summary().unwrap().starts_with("Your moves: "));
        // Counted once, however often it is looked at.
        game.update();
        assert_eq!(game.accuracy(), accuracy);
        // Undo takes the finished game back out, as it takes it out of the tally.
        assert!(game.undo());
        assert_eq!(game.accuracy(), Default::default());
    }

    /// The review of a big game fills in as its searches settle moves, before
    /// they end: a move is reviewed as soon as its score and the best score are known.
    #[test]
    fn a_big_games_review_fills_in_while_its_positions_are_searched() {
        use crate::engine::minimax::{MoveBound, MoveScore};
        use crate::engine::score::Score;
        use crate::game::worker::{Job, Reply};
        let clock = Arc::new(ManualClock::new());
        let mut game = two_players_on(7, &clock);
        assert!(game.play(Cell::new(3, 3)));
        let record = game.record();
        game.want_review(Some(&record));
        game.update();
        // The empty 7×7 board before move 1 is searched, with the review's budget; it takes
        // minutes, so nothing of its own arrives during the test.
        let search = game.knowledge.in_flight.as_ref().expect("a review search");
        let (id, before) = (search.id, search.board);
        assert_eq!(before, record.start);
        assert_eq!(search.job, Job::Analyze { think_time: None });
        let waiting = game.review(&record);
        assert!(matches!(
            waiting[..],
            [MoveReview::Unsettled { stopped: None, .. }]
        ));
        // The move played settles at a draw; every other move is bounded at most a draw.
        let played = Cell::new(3, 3);
        let replies = before.legal_moves().map(|cell| {
            if cell == played {
                Reply::Settled {
                    id,
                    board: before,
                    settled: MoveScore {
                        cell,
                        score: Score::DRAW,
                        pv: Vec::new(),
                    },
                }
            } else {
                Reply::Bounded {
                    id,
                    board: before,
                    bound: MoveBound {
                        cell,
                        lower: Score::loss_at(1, 100),
                        upper: Score::DRAW,
                    },
                }
            }
        });
        for reply in replies.collect::<Vec<_>>() {
            game.knowledge.receive(reply, 0);
        }
        assert!(game.knowledge.in_flight.is_some(), "still searching");
        let [MoveReview::Reviewed(m)] = &game.review(&record)[..] else {
            panic!("not reviewed: {:?}", game.review(&record));
        };
        assert_eq!((m.score, m.best_score), (Score::DRAW, Score::DRAW));
        assert_eq!(m.class, crate::learn::review::MoveClass::Best);
    }

    /// Plays `cell` for the human and lets the computer answer, if the game goes on.
    fn exchange_or_end(game: &mut GameController, clock: &ManualClock, cell: Cell) {
        assert!(game.play(cell));
        settle(game);
        if game.computer_move().is_some() {
            clock.advance(DELAY);
            game.update();
        }
    }
}
