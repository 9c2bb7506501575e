//! The desktop app: holds the settings and the match controller, draws them, and turns clicks
//! and keys into commands.
//!
//! Data flows one way: input → [`Command`] → controller (or settings) → searches on the worker →
//! results back into the controller → drawn. Drawing code only returns commands, which the app
//! carries out after drawing.

mod board_widget;
mod coach;
mod dialogs;
mod explorer;
mod legend;
mod menus;
mod preview;
mod saver;
mod stepper;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use egui::{Color32, Key, KeyboardShortcut, Modifiers, RichText, ThemePreference};

use crate::ai::AiPlayer;
use crate::board::{Board, Cell, Mark, Outcome};
use crate::game::{
    Basis, Clock, ControllerOptions, GameController, Mode, Player, Session, SetupChange,
    SystemClock,
};
use crate::minimax::Analysis;
use crate::settings::{self, Settings, Store, Theme};

pub use board_widget::BoardWidget;
use coach::Coach;
use dialogs::{FileDialogs, Purpose};
use explorer::{Explorer, ExplorerKey};
use preview::Preview;
use saver::SettingsSaver;
use stepper::{StepCommand, Stepper};

pub use menus::Command;

const NEW_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// The width a panel beside the board leaves it at least: a 3×3 board with scores still reads.
const MIN_BOARD_ROOM: f32 = 240.0;
const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);

/// How the app is started.
#[derive(Clone, Default)]
pub struct AppOptions {
    /// The settings file (`--settings FILE`); `None` for the platform's config directory.
    pub settings_path: Option<PathBuf>,
    /// Seed for the computer's random choices, so that tests replay exactly; `None` for a fresh one.
    pub ai_seed: Option<u64>,
    /// Where the computer's pauses are timed; `None` for the system clock. Tests set their own.
    pub clock: Option<Arc<dyn Clock>>,
}

/// Opens the game window and runs it until it is closed.
pub fn run(options: AppOptions) -> eframe::Result {
    let icon = eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon-256.png"))
        .expect("the embedded icon is a valid PNG");
    let native_options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tic-Tac-Toe")
            .with_app_id("tictactoe")
            .with_icon(icon)
            .with_inner_size([460.0, 580.0])
            .with_min_inner_size([300.0, 380.0]),
        // The window's size and position are remembered between runs, in eframe's storage: its
        // own directory, or beside a settings file given on the command line.
        persist_window: true,
        persistence_path: options
            .settings_path
            .as_ref()
            .map(|path| path.with_extension("window.ron")),
        ..Default::default()
    };
    eframe::run_native(
        "Tic-Tac-Toe",
        native_options,
        Box::new(|cc| Ok(Box::new(TicTacToeApp::new(cc, options)))),
    )
}

pub struct TicTacToeApp {
    settings: Settings,
    /// Saves settings off the UI thread; `None` when there is no config directory to keep them in.
    saver: Option<SettingsSaver>,
    dialogs: FileDialogs,
    controller: GameController,
    /// The cell the arrow keys point at.
    focus: Option<Cell>,
    /// A message for the player, shown until dismissed.
    notice: Option<Notice>,
    /// The cell whose score is being looked at (hovered or focused), as the board last reported.
    inspected: Option<Cell>,
    /// Whether the panel on the computer's last move is open.
    show_reasoning: bool,
    /// The text size the window's size calls for, last applied.
    text_scale: f32,
    /// The game-tree explorer, while open.
    explorer: Option<Explorer>,
    /// What the board shows instead of the game, if anything.
    preview: Option<Preview>,
    /// The game's position last drawn: a change ends a preview and moves the explorer's root.
    game_board: Board,
    /// The step-through of the search, while open.
    stepper: Option<Stepper>,
    /// The game review, hints, threats and practice.
    coach: Coach,
    /// Seeds the practice deck's dealing (fixed in tests).
    practice_seed: u64,
}

/// A message over the board.
struct Notice {
    text: String,
    /// About a setup that waits for the next game: it goes away when that game starts.
    until_next_game: bool,
}

impl Notice {
    fn new(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            until_next_game: false,
        }
    }
}

impl TicTacToeApp {
    pub fn new(cc: &eframe::CreationContext<'_>, options: AppOptions) -> TicTacToeApp {
        let wake_ctx = cc.egui_ctx.clone();
        let wake = move || wake_ctx.request_repaint();
        let (saver, settings, notice) = match options.settings_path.or_else(settings::default_path)
        {
            Some(path) => {
                let loaded = Store::open(path);
                (
                    Some(SettingsSaver::spawn(loaded.store, wake.clone())),
                    loaded.settings,
                    loaded
                        .problem
                        .map(|problem| Notice::new(problem.to_string())),
                )
            }
            None => (
                None,
                Settings::default(),
                Some(Notice::new(
                    "No config directory was found: settings will not be saved.",
                )),
            ),
        };
        let controller = GameController::new(
            settings.game_setup(),
            ControllerOptions {
                difficulty: settings.difficulty,
                ai_delay: Duration::from_millis(u64::from(settings.ai_delay_ms)),
                scores_wanted: settings.show_scores,
                think_time: Duration::from_millis(u64::from(settings.think_time_ms)),
                ai: options
                    .ai_seed
                    .map_or_else(AiPlayer::from_entropy, AiPlayer::seeded),
                clock: options.clock.unwrap_or_else(|| Arc::new(SystemClock)),
            },
            wake,
        );
        let mut app = TicTacToeApp {
            settings,
            saver,
            dialogs: FileDialogs::default(),
            controller,
            focus: None,
            notice,
            inspected: None,
            show_reasoning: false,
            text_scale: 0.0,
            explorer: None,
            preview: None,
            game_board: Board::default(),
            stepper: None,
            coach: Coach::default(),
            practice_seed: options.ai_seed.unwrap_or_else(rand::random),
        };
        app.apply_theme(&cc.egui_ctx);
        app.game_board = *app.controller.board();
        if app.settings.explorer_open {
            app.explorer = Some(app.new_explorer(&cc.egui_ctx));
        }
        app
    }

    fn new_explorer(&self, ctx: &egui::Context) -> Explorer {
        let ctx = ctx.clone();
        Explorer::new(*self.controller.board(), move || ctx.request_repaint())
    }

    // --- read access, for tests and the status line ---

    pub fn controller(&self) -> &GameController {
        &self.controller
    }

    pub fn session(&self) -> &Session {
        self.controller.session()
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|notice| notice.text.as_str())
    }

    /// Whether a search is running or the computer's move waits for its moment.
    pub fn is_busy(&self) -> bool {
        self.controller.is_busy()
            || self.explorer.as_ref().is_some_and(Explorer::is_counting)
            || self
                .coach
                .practice
                .as_ref()
                .is_some_and(coach::Practice::is_building)
    }

    /// The analysis the overlay shows now, if any.
    pub fn shown_scores(&self) -> Option<&Analysis> {
        self.controller.shown_scores()
    }

    /// The cell whose score is being looked at, as the board last reported it.
    pub fn inspected(&self) -> Option<Cell> {
        self.inspected
    }

    /// Waits up to `timeout` for the search thread's next answer (for tests: the app itself never
    /// waits). `false` if none came.
    pub fn wait_for_search(&mut self, timeout: Duration) -> bool {
        if let Some(practice) = &mut self.coach.practice
            && practice.is_building()
        {
            return practice.wait_for_deck(timeout);
        }
        match &mut self.explorer {
            Some(explorer) if !self.controller.is_busy() && explorer.is_counting() => {
                explorer.wait_for_counts(timeout)
            }
            _ => self.controller.wait_for_worker(timeout),
        }
    }

    /// Waits until every settings save asked for so far is on disk (for tests).
    pub fn flush_settings(&self) {
        if let Some(saver) = &self.saver {
            saver.flush();
        }
    }

    // --- commands ---

    fn apply(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Play(cell) => {
                if self.preview.is_none() {
                    self.controller.play(cell);
                }
            }
            Command::PlayFocused => {
                if let Some(cell) = self.focus.filter(|_| self.preview.is_none()) {
                    self.controller.play(cell);
                }
            }
            Command::MoveFocus { rows, cols } => {
                if let Some(explorer) = &mut self.explorer {
                    explorer.has_keyboard = false;
                }
                let geometry = self.controller.board().geometry();
                let center = Cell::new(geometry.rows() / 2, geometry.cols() / 2);
                self.focus = Some(match self.focus {
                    None => center,
                    Some(cell) => Cell::new(
                        cell.row
                            .saturating_add_signed(rows)
                            .min(geometry.rows() - 1),
                        cell.col
                            .saturating_add_signed(cols)
                            .min(geometry.cols() - 1),
                    ),
                });
            }
            Command::NewGame => {
                self.controller.new_game();
                self.notice.take_if(|notice| notice.until_next_game);
            }
            Command::Undo => {
                self.controller.undo();
            }
            Command::Redo => {
                self.controller.redo();
            }
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::ToggleScores => {
                let mut settings = self.settings.clone();
                settings.show_scores = !settings.show_scores;
                settings.welcome_hint = false;
                self.change_settings(ctx, settings);
            }
            Command::DismissWelcome => {
                let mut settings = self.settings.clone();
                settings.welcome_hint = false;
                self.change_settings(ctx, settings);
            }
            Command::ToggleReasoning => self.show_reasoning = !self.show_reasoning,
            Command::ChangeSettings(settings) => self.change_settings(ctx, *settings),
            Command::ResetSettings => self.change_settings(ctx, Settings::default()),
            Command::SaveSettingsAs => self.open_dialog(ctx, Purpose::SaveSettingsAs),
            Command::LoadSettings => self.open_dialog(ctx, Purpose::LoadSettings),
            Command::DismissNotice => self.notice = None,
            Command::ToggleReview => {
                self.coach.show_review = !self.coach.show_review;
                if !self.coach.show_review
                    && matches!(self.preview, Some(Preview::BeforeMove { .. }))
                {
                    self.preview = None;
                }
            }
            Command::ReviewMove(ply) => {
                let game = self.coach.reviewed_game(&self.controller);
                let before = game.positions_before();
                if let (Some(&board), Some(&cell)) = (before.get(ply - 1), game.moves.get(ply - 1))
                {
                    self.preview = Some(Preview::BeforeMove {
                        ply,
                        board,
                        played: format!("{} played {}", board.to_move(), cell.human()),
                    });
                }
            }
            Command::RetryFrom(ply) => {
                self.preview = None;
                self.coach.retry(&mut self.controller, ply);
            }
            Command::UnpinReview => self.coach.unpin(),
            Command::ToggleHint => self.coach.toggle_hint(&self.controller),
            Command::ToggleThreat => self.coach.toggle_threat(&self.controller),
            Command::TogglePractice => self.coach.toggle_practice(ctx, self.practice_seed),
            Command::PracticeAnswer(cell) => self.coach.practice_answer(cell),
            Command::PracticeNext => self.coach.practice_next(),
            Command::ToggleExplorer => {
                let mut settings = self.settings.clone();
                settings.explorer_open = !settings.explorer_open;
                self.change_settings(ctx, settings);
            }
            Command::Explore(key) => {
                if let Some(explorer) = &mut self.explorer
                    && let Some(command) = explorer.key(key, &self.controller)
                {
                    self.apply(ctx, command);
                }
            }
            Command::PreviewNode(path) => {
                if let Some(explorer) = &self.explorer {
                    let board = explorer.board_at(&path);
                    self.preview = Some(Preview::Node { path, board });
                }
            }
            Command::PlayFromHere(path) => {
                self.preview = None;
                for cell in path {
                    self.controller.play(cell);
                }
            }
            Command::ReplayLine { start, first } => {
                self.preview = Some(Preview::replay(start, &first));
            }
            Command::ReplayInspected => {
                let shown = self.controller.shown_scores();
                if let Some(m) = self.inspected.and_then(|cell| shown?.get(cell)) {
                    self.preview = Some(Preview::replay(*self.controller.board(), m));
                }
            }
            Command::ReplayStep(by) => {
                if let Some(preview) = &mut self.preview {
                    preview.step(by);
                }
            }
            Command::BackToGame => {
                if self.preview.take().is_none()
                    && let Some(explorer) = &mut self.explorer
                {
                    explorer.has_keyboard = false;
                }
            }
            Command::ToggleStepper => {
                self.stepper = match self.stepper.take() {
                    Some(_) => None,
                    None => Some(Stepper::new(
                        self.preview
                            .as_ref()
                            .map_or(*self.controller.board(), Preview::board),
                        crate::trace::TraceAlgorithm::Plain,
                    )),
                };
            }
            Command::Step(step) => {
                if let Some(stepper) = &mut self.stepper {
                    stepper.apply(step);
                }
            }
            Command::SetScoreView(view) => {
                let mut settings = self.settings.clone();
                settings.score_view = view;
                self.change_settings(ctx, settings);
            }
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context, purpose: Purpose) {
        if let Err(reason) = self.dialogs.open(purpose, ctx) {
            let saved_at = self.saver.as_ref().map_or(String::new(), |saver| {
                format!(
                    " Your settings are saved automatically in {}.",
                    saver.path().display()
                )
            });
            self.notice = Some(Notice::new(format!("{reason}{saved_at}")));
        }
    }

    /// Acts on a file the player picked in a dialog.
    fn file_picked(&mut self, ctx: &egui::Context) {
        let Some(picked) = self.dialogs.picked() else {
            return;
        };
        let Some(path) = picked.path else { return }; // cancelled
        match picked.purpose {
            Purpose::SaveSettingsAs => {
                self.notice = Some(Notice::new(
                    match settings::save_to(&path, &self.settings) {
                        Ok(()) => format!("Settings saved to {}.", path.display()),
                        Err(error) => error.to_string(),
                    },
                ));
            }
            // A file that is not fully valid changes nothing.
            Purpose::LoadSettings => match settings::load_strict(&path) {
                Ok(loaded) => {
                    self.change_settings(ctx, loaded);
                    self.notice = Some(Notice::new(format!(
                        "Settings loaded from {}.",
                        path.display()
                    )));
                }
                Err(error) => {
                    self.notice = Some(Notice::new(format!("Nothing was changed.\n{error}")));
                }
            },
        }
    }

    /// Shows what became of the saves that finished since the last frame.
    fn saves_finished(&mut self) {
        let Some(saver) = &self.saver else { return };
        while let Some(result) = saver.try_result() {
            match result {
                Ok(saved) => {
                    if let Some(backup) = saved.backup {
                        self.notice = Some(Notice::new(format!(
                            "Your old settings file was kept as {}.",
                            backup.display()
                        )));
                    }
                }
                Err(error) => self.notice = Some(Notice::new(error.to_string())),
            }
        }
    }

    /// Applies edited settings: the game's setup changes a game only before its first move;
    /// otherwise it waits for the next game, and the player is told so.
    fn change_settings(&mut self, ctx: &egui::Context, settings: Settings) {
        let old = std::mem::replace(&mut self.settings, settings);
        let new = self.settings.clone();
        match self.controller.change_setup(new.game_setup()) {
            SetupChange::NextGame => {
                self.notice = Some(Notice {
                    text: "This takes effect from the next game: Game > New game (Ctrl+N).".into(),
                    until_next_game: true,
                });
            }
            // Nothing is pending any more: the change took effect, or was taken back.
            SetupChange::Applied | SetupChange::Unchanged => {
                self.notice.take_if(|notice| notice.until_next_game);
            }
        }
        self.controller.set_difficulty(new.difficulty);
        self.controller
            .set_ai_delay(Duration::from_millis(u64::from(new.ai_delay_ms)));
        self.controller.set_scores_wanted(new.show_scores);
        self.controller
            .set_think_time(Duration::from_millis(u64::from(new.think_time_ms)));
        if old.theme != new.theme {
            self.apply_theme(ctx);
        }
        if old.explorer_open != new.explorer_open {
            self.explorer = new.explorer_open.then(|| self.new_explorer(ctx));
            if new.explorer_open {
                // Room for the panel beside the board in a narrow window.
                let size = ctx.content_rect().size();
                if size.x < 760.0 {
                    let wider = egui::vec2(size.x + 320.0, size.y);
                    ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(wider));
                }
            } else {
                self.preview
                    .take_if(|preview| matches!(preview, Preview::Node { .. }));
            }
        }
        if old != new
            && let Some(saver) = &self.saver
        {
            saver.save(&new);
        }
    }

    fn apply_theme(&self, ctx: &egui::Context) {
        ctx.set_theme(match self.settings.theme {
            Theme::Dark => ThemePreference::Dark,
            Theme::Light => ThemePreference::Light,
            Theme::System => ThemePreference::System,
        });
    }

    fn keyboard_commands(&self, ctx: &egui::Context) -> Vec<Command> {
        const DIGITS: [Key; 9] = [
            Key::Num1,
            Key::Num2,
            Key::Num3,
            Key::Num4,
            Key::Num5,
            Key::Num6,
            Key::Num7,
            Key::Num8,
            Key::Num9,
        ];
        let geometry = self.controller.board().geometry();
        let mut commands = Vec::new();
        ctx.input_mut(|input| {
            if input.consume_key(Modifiers::NONE, Key::D) {
                commands.push(Command::ToggleStepper);
            }
            if self.stepper.is_some() {
                // The step-through covers the board: its keys only.
                for (key, step) in [
                    (Key::ArrowRight, StepCommand::Step),
                    (Key::ArrowLeft, StepCommand::Back),
                    (Key::ArrowDown, StepCommand::StepOver),
                    (Key::ArrowUp, StepCommand::StepOut),
                    (Key::Space, StepCommand::PlayPause),
                    (Key::End, StepCommand::RunToEnd),
                    (Key::Home, StepCommand::Restart),
                ] {
                    if input.consume_key(Modifiers::NONE, key) {
                        commands.push(Command::Step(step));
                    }
                }
                if input.consume_key(Modifiers::NONE, Key::Escape) {
                    commands.push(Command::ToggleStepper);
                }
                return;
            }
            // Ctrl+Shift+Z first: the plain Ctrl+Z shortcut would also match it.
            if input.consume_shortcut(&REDO) {
                commands.push(Command::Redo);
            }
            if input.consume_shortcut(&UNDO) {
                commands.push(Command::Undo);
            }
            if input.consume_shortcut(&NEW_GAME) {
                commands.push(Command::NewGame);
            }
            if input.consume_key(Modifiers::NONE, Key::S) {
                commands.push(Command::ToggleScores);
            }
            if input.consume_key(Modifiers::NONE, Key::W) {
                commands.push(Command::ToggleReasoning);
            }
            if input.consume_key(Modifiers::NONE, Key::T) {
                commands.push(Command::ToggleExplorer);
            }
            if input.consume_key(Modifiers::NONE, Key::R) {
                commands.push(Command::ReplayInspected);
            }
            for (key, command) in [
                (Key::H, Command::ToggleHint),
                (Key::G, Command::ToggleThreat),
                (Key::M, Command::ToggleReview),
                (Key::P, Command::TogglePractice),
            ] {
                if input.consume_key(Modifiers::NONE, key) {
                    commands.push(command);
                }
            }
            if self.coach.practice.is_some() && input.consume_key(Modifiers::NONE, Key::N) {
                commands.push(Command::PracticeNext);
            }
            if input.consume_key(Modifiers::NONE, Key::Comma) {
                commands.push(Command::ReplayStep(-1));
            }
            if input.consume_key(Modifiers::NONE, Key::Period) {
                commands.push(Command::ReplayStep(1));
            }
            if input.consume_key(Modifiers::NONE, Key::Escape) {
                commands.push(Command::BackToGame);
            }
            // A preview is not the game: no move can be played on it.
            // Digits name the cells of the 3×3 board only.
            if self.preview.is_none()
                && self.coach.practice.is_none()
                && geometry.cells() == DIGITS.len()
            {
                for (index, key) in DIGITS.into_iter().enumerate() {
                    if input.consume_key(Modifiers::NONE, key) {
                        commands.push(Command::Play(geometry.cell(index)));
                    }
                }
            }
            let explorer_keys = self.explorer.as_ref().is_some_and(|e| e.has_keyboard);
            for (key, rows, cols, in_tree) in [
                (Key::ArrowUp, -1, 0, ExplorerKey::Up),
                (Key::ArrowDown, 1, 0, ExplorerKey::Down),
                (Key::ArrowLeft, 0, -1, ExplorerKey::Left),
                (Key::ArrowRight, 0, 1, ExplorerKey::Right),
            ] {
                if input.consume_key(Modifiers::NONE, key) {
                    commands.push(if explorer_keys {
                        Command::Explore(in_tree)
                    } else {
                        Command::MoveFocus { rows, cols }
                    });
                }
            }
            if input.consume_key(Modifiers::NONE, Key::Enter)
                || input.consume_key(Modifiers::NONE, Key::Space)
            {
                commands.push(if explorer_keys {
                    Command::Explore(ExplorerKey::Enter)
                } else {
                    Command::PlayFocused
                });
            }
        });
        commands
    }

    // --- drawing ---

    /// One line on whose turn it is or how the game ended.
    fn status_text(&self) -> String {
        let session = self.controller.session();
        let board = session.board();
        let players = session.players();
        let vs_computer = players.x != players.o;
        let name = |mark: Mark| match (players.of(mark), vs_computer) {
            (Player::Human, true) => format!("You ({mark})"),
            (Player::Computer, true) => format!("The computer ({mark})"),
            (Player::Human, false) => format!("{mark}"),
            (Player::Computer, false) => format!("Computer {mark}"),
        };
        match board.outcome() {
            // The result itself is announced in large letters over the board.
            Outcome::Won { .. } | Outcome::Draw => {
                match self.coach.game_summary(&self.controller) {
                    Some(summary) => format!("Game over. {summary} Review: M. New game: Ctrl+N."),
                    None => "Game over. New game: Ctrl+N.".to_string(),
                }
            }
            Outcome::Ongoing => match players.of(board.to_move()) {
                Player::Computer if self.controller.gave_up().is_some() => {
                    format!("{} gave up on this position.", name(board.to_move()))
                }
                Player::Computer if self.controller.board_is_large() => format!(
                    "{} is thinking (up to {:.1} s)…",
                    name(board.to_move()),
                    self.controller.think_time().as_secs_f64()
                ),
                Player::Computer => format!("{} is thinking…", name(board.to_move())),
                Player::Human if vs_computer => format!(
                    "Your move ({}) · Computer: {}{}",
                    board.to_move(),
                    self.settings.difficulty.name(),
                    self.last_move_basis()
                ),
                Player::Human => format!("{} to move.", board.to_move()),
            },
        }
    }

    /// What the computer's last move rested on, when it was not exact: the status says so.
    fn last_move_basis(&self) -> String {
        let Some(last) = self.controller.last_computer_move() else {
            return String::new();
        };
        match last.basis {
            Basis::Exact => String::new(),
            Basis::Unproven { depth } => format!(
                " · its last move is not proven: out of time, it played its best estimate \
                 ({depth} plies ahead)"
            ),
            Basis::DepthLimited { depth } => format!(" · it looks {depth} plies ahead"),
        }
    }

    /// How far the exact search of the board has got, while it runs on a large board: moves
    /// settled of all, positions searched, time.
    fn search_line(&self) -> Option<String> {
        if !self.controller.board_is_large() {
            return None;
        }
        let progress = self.controller.progress()?;
        let elapsed = self.controller.search_elapsed()?;
        let estimated = self
            .controller
            .partial_scores()
            .and_then(|known| known.estimate)
            .map_or(String::new(), |estimate| {
                format!(" Estimates ~ look {} plies ahead.", estimate.depth)
            });
        Some(format!(
            "Solving exactly: {} of {} moves settled, {} positions, {:.1} s.{estimated}",
            progress.settled,
            progress.moves,
            explorer::thousands(progress.nodes),
            elapsed.as_secs_f64()
        ))
    }

    /// Keeps previews and the explorer about the game on the board: a new position ends a preview
    /// and becomes the explorer's root; the positions the explorer and a preview show are asked
    /// for.
    fn follow_the_game(&mut self) {
        let board = *self.controller.board();
        if board != self.game_board {
            self.game_board = board;
            self.preview = None;
            self.inspected = None;
        }
        self.coach.follow(&self.controller);
        let mut wanted = self.coach.wanted(&self.controller);
        if let Some(preview) = &self.preview {
            wanted.push(preview.board());
        }
        if let Some(explorer) = &mut self.explorer {
            explorer.follow(board);
            explorer.update_counts();
            wanted.extend(explorer.wanted(&self.controller));
        }
        self.controller.want_analyses(wanted);
    }

    /// The result of a finished game in large letters, with a colour: who won, or a draw.
    fn result_text(&self) -> Option<(String, Color32)> {
        let session = self.controller.session();
        let players = session.players();
        match session.board().outcome() {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(("Draw.".to_string(), Color32::from_rgb(140, 150, 170))),
            Outcome::Won { mark, .. } => {
                let vs_computer = players.x != players.o;
                let (text, color) = match players.of(mark) {
                    Player::Human if vs_computer => {
                        ("You win!".to_string(), Color32::from_rgb(60, 190, 90))
                    }
                    Player::Computer if vs_computer => (
                        "The computer wins.".to_string(),
                        Color32::from_rgb(230, 70, 70),
                    ),
                    _ => (format!("{mark} wins!"), Color32::from_rgb(200, 160, 40)),
                };
                Some((text, color))
            }
        }
    }

    /// Text grows with the window, so that a large window is not a sea of small print.
    fn scale_text(&mut self, ctx: &egui::Context) {
        let size = ctx.content_rect().size();
        let scale = (size.x / 460.0).min(size.y / 580.0).clamp(0.9, 1.5);
        if (scale - self.text_scale).abs() < 0.02 {
            return;
        }
        self.text_scale = scale;
        ctx.all_styles_mut(|style| {
            let defaults = egui::Style::default().text_styles;
            for (text_style, font) in &mut style.text_styles {
                if let Some(default) = defaults.get(text_style) {
                    font.size = (default.size * scale).round();
                }
            }
        });
    }

    /// The session's score, labelled for the mode of the game being played.
    fn tally_text(&self) -> String {
        let session = self.controller.session();
        let tally = session.tally();
        let score = if session.setup().mode == Mode::VsComputer {
            format!(
                "You {} · Computer {} · Draws {}",
                tally.human, tally.computer, tally.draws
            )
        } else {
            format!("X {} · O {} · Draws {}", tally.x, tally.o, tally.draws)
        };
        match self.coach.accuracy_text(&self.controller) {
            Some(accuracy) => format!("{score} · {accuracy}"),
            None => score,
        }
    }
}

impl eframe::App for TicTacToeApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.file_picked(ctx);
        self.saves_finished();
        self.follow_the_game();
        if let Some(stepper) = &mut self.stepper
            && stepper.tick(ctx.input(|input| input.stable_dt))
        {
            ctx.request_repaint();
        }
        if let Some(due) = self.controller.update() {
            ctx.request_repaint_after(due);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.scale_text(&ctx);
        let mut commands = self.keyboard_commands(&ctx);
        let view = self.settings.score_view;
        let shown = self.controller.shown_scores();
        let partial = self.controller.shown_partial_scores();
        let last_reasoning = self
            .controller
            .last_computer_move()
            .map(|last| (last, self.controller.analysis(&last.board)));

        egui::Panel::top("menu bar").show(ui, |ui| {
            commands.extend(menus::menu_bar(
                ui,
                &self.settings,
                self.controller.session(),
            ));
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(4.0);
            ui.add(egui::Label::new(RichText::new(self.status_text()).heading()).wrap());
            if let Some(line) = self.search_line() {
                ui.label(line);
                // The counters move while the search runs; nothing repaints once it is over.
                ctx.request_repaint_after(Duration::from_millis(200));
            }
            ui.label(self.tally_text());
            ui.add_space(4.0);
        });
        if let Some(stepper) = &self.stepper {
            egui::CentralPanel::default().show(ui, |ui| {
                let (steps, close) = stepper.show(ui);
                commands.extend(steps.into_iter().map(Command::Step));
                if close {
                    commands.push(Command::ToggleStepper);
                }
            });
            for command in commands {
                self.apply(&ctx, command);
            }
            return;
        }
        if self.coach.show_review {
            let previewed = match &self.preview {
                Some(Preview::BeforeMove { ply, .. }) => Some(*ply),
                _ => None,
            };
            egui::Panel::right("review")
                .resizable(true)
                .default_size(260.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        commands.extend(self.coach.review_panel(ui, &self.controller, previewed));
                    });
                });
        }
        if let Some(explorer) = &mut self.explorer {
            egui::Panel::left("explorer")
                .resizable(true)
                .default_size(320.0)
                .min_size(200.0)
                .show(ui, |ui| {
                    commands.extend(explorer.show(ui, &self.controller, view))
                });
        }
        // The legend goes beside the board when what the side panels leave is wide, under it
        // otherwise, and never takes the room the board needs.
        let room = ui.available_rect_before_wrap().size();
        let wide = room.x >= 1.25 * room.y && room.x >= 640.0;
        let explains = shown.is_some() || partial.is_some() || self.show_reasoning;
        if explains {
            let legend_data = legend::LegendData {
                scores: shown,
                partial,
                view,
                inspected: self.inspected,
                compact: !wide,
            };
            let side = |ui: &mut egui::Ui| {
                legend::legend(ui, &legend_data);
                if self.show_reasoning {
                    if shown.is_some() {
                        ui.separator();
                    }
                    commands.extend(legend::reasoning(ui, last_reasoning, view));
                }
            };
            if wide {
                egui::Panel::right("legend")
                    .resizable(true)
                    .default_size(room.x * 0.32)
                    .max_size((room.x - MIN_BOARD_ROOM).max(room.x * 0.32))
                    .show(ui, |ui| egui::ScrollArea::vertical().show(ui, side));
            } else {
                // Under the board the strip takes the height it needs.
                egui::Panel::bottom("legend")
                    .resizable(false)
                    .show(ui, side);
            }
        }
        let mut inspected = self.inspected;
        let coach_line = self.coach.line(&self.controller);
        let highlights = self
            .coach
            .highlights(&self.controller, &board_widget::Palette::of(ui));
        egui::CentralPanel::default().show(ui, |ui| {
            if self.coach.practice.is_some() {
                commands.extend(self.coach.practice_panel(ui, &self.controller, view));
                return;
            }
            let two_players = self.controller.session().setup().mode == Mode::TwoPlayers;
            if let Some(preview) = &self.preview {
                commands.extend(preview.banner(ui, two_players, view));
            } else if let Some(notice) = &self.notice {
                commands.extend(menus::notice_banner(ui, &notice.text, "Dismiss"));
            } else if self.settings.welcome_hint && !self.settings.show_scores {
                commands.extend(menus::welcome_banner(ui));
            }
            if let Some(line) = &coach_line {
                ui.add(egui::Label::new(RichText::new(line).strong()).wrap());
            }
            if let Some(result) = self.result_text() {
                ui.vertical_centered(|ui| {
                    ui.label(
                        RichText::new(result.0)
                            .size(self.text_scale * 26.0)
                            .strong()
                            .color(result.1),
                    );
                });
            }
            let mut clicked = None;
            if let Some(preview) = &self.preview {
                let board = preview.board();
                let scores = self
                    .settings
                    .show_scores
                    .then(|| self.controller.analysis(&board))
                    .flatten();
                ui.add(
                    BoardWidget::new(&board, "preview board")
                        .scores(scores)
                        .view(view)
                        .preview(true)
                        .inspected(&mut inspected)
                        .on_click(&mut clicked, false),
                );
            } else {
                let board = *self.controller.board();
                let last_move = self
                    .controller
                    .last_computer_move()
                    .filter(|last| {
                        self.controller.session().game().moves().last() == Some(&last.cell)
                    })
                    .map(|last| last.cell);
                ui.add(
                    BoardWidget::new(&board, "game board")
                        .scores(shown)
                        .partial(partial)
                        .view(view)
                        .last_move(last_move)
                        .highlights(&highlights)
                        .focus(self.focus)
                        .inspected(&mut inspected)
                        .on_click(&mut clicked, self.controller.session().human_to_move()),
                );
            }
            commands.extend(clicked.map(Command::Play));
        });
        self.inspected = inspected;

        for command in commands {
            self.apply(&ctx, command);
        }
        // Commands may have made a move or asked for a search: act on them this frame.
        if let Some(due) = self.controller.update() {
            ctx.request_repaint_after(due);
        }
    }

    /// Saves on the way out too (settings are also saved on every change), so quitting with
    /// Ctrl+Q, the menu or the window's close button keeps them.
    fn on_exit(&mut self) {
        if let Some(saver) = &self.saver {
            saver.save(&self.settings);
            saver.flush();
        }
    }
}
