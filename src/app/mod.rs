//! The desktop app: holds the session, draws it, and turns clicks and keys into moves.
//!
//! Data flows one way: input → [`Command`] → session move → search request to the worker → reply →
//! state → drawn. Drawing code only returns commands, which the app carries out after drawing.

mod board_view;
mod dialogs;
mod menus;
mod worker;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{Key, KeyboardShortcut, Modifiers, ThemePreference};

use crate::ai::AiPlayer;
use crate::board::{Board, Cell, Mark, Outcome};
use crate::game::{Player, Session};
use crate::minimax::Analysis;
use crate::settings::{self, Mode, Settings, Store, Theme};

use board_view::BoardView;
use dialogs::{FileDialogs, Purpose};
use worker::{Job, SearchWorker};

pub use menus::Command;

const NEW_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);

/// How the app is started.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// The settings file (`--settings FILE`); `None` for the platform's config directory.
    pub settings_path: Option<PathBuf>,
    /// Seed for the computer's random choices, so that tests replay exactly; `None` for a fresh one.
    pub ai_seed: Option<u64>,
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
        ..Default::default()
    };
    eframe::run_native(
        "Tic-Tac-Toe",
        native_options,
        Box::new(|cc| Ok(Box::new(TicTacToeApp::new(cc, options)))),
    )
}

/// Where the computer's next move stands.
#[derive(Debug, Clone, Copy, PartialEq)]
enum ComputerTurn {
    Idle,
    /// The worker is searching; the move may be shown from `since + delay` on.
    Searching {
        request: u64,
        since: Instant,
    },
    /// The move is known and waits for its moment, so the human sees it arrive.
    Ready {
        cell: Cell,
        at: Instant,
    },
    /// The search gave up (a board too large to solve); the game waits.
    GaveUp,
}

pub struct TicTacToeApp {
    settings: Settings,
    /// Where settings are saved; `None` when there is no config directory to keep them in.
    store: Option<Store>,
    dialogs: FileDialogs,
    session: Session,
    worker: SearchWorker,
    computer: ComputerTurn,
    /// The newest analysis received, for the score overlay (drawn only if it is of the board shown).
    analysis: Option<Analysis>,
    /// The analysis request in flight, if any.
    analysis_request: Option<u64>,
    /// The position last asked about: it is asked about once, even if the search gives up.
    analysis_asked_for: Option<Board>,
    /// The cell the arrow keys point at.
    focus: Option<Cell>,
    /// A message for the player, shown until dismissed.
    notice: Option<String>,
}

impl TicTacToeApp {
    pub fn new(cc: &eframe::CreationContext<'_>, options: AppOptions) -> TicTacToeApp {
        let (store, settings, notice) = match options.settings_path.or_else(settings::default_path)
        {
            Some(path) => {
                let loaded = Store::open(path);
                (
                    Some(loaded.store),
                    loaded.settings,
                    loaded.problem.map(|problem| problem.to_string()),
                )
            }
            None => (
                None,
                Settings::default(),
                Some("No config directory was found: settings will not be saved.".into()),
            ),
        };
        let ai = options
            .ai_seed
            .map_or_else(AiPlayer::from_entropy, AiPlayer::seeded);
        let ctx = cc.egui_ctx.clone();
        let mut app = TicTacToeApp {
            session: Session::new(&settings),
            settings,
            store,
            dialogs: FileDialogs::default(),
            worker: SearchWorker::spawn(ai, move || ctx.request_repaint()),
            computer: ComputerTurn::Idle,
            analysis: None,
            analysis_request: None,
            analysis_asked_for: None,
            focus: None,
            notice,
        };
        app.apply_theme(&cc.egui_ctx);
        app.schedule(&cc.egui_ctx);
        app
    }

    // --- read access, for tests and the status line ---

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Whether the app is waiting for the worker or for the computer's move to show.
    pub fn is_busy(&self) -> bool {
        matches!(
            self.computer,
            ComputerTurn::Searching { .. } | ComputerTurn::Ready { .. }
        ) || self.analysis_request.is_some()
    }

    /// The analysis the overlay shows now, if any.
    pub fn shown_scores(&self) -> Option<&Analysis> {
        self.scores_wanted()
            .then_some(self.analysis.as_ref())
            .flatten()
            .filter(|a| a.board == *self.session.board())
    }

    fn scores_wanted(&self) -> bool {
        self.settings.show_scores && self.session.human_to_move()
    }

    // --- the loop: replies in, due moves played, new requests out ---

    fn receive(&mut self) {
        while let Some(reply) = self.worker.try_reply() {
            let awaited = match reply.job {
                Job::Analyze => self.analysis_request == Some(reply.id),
                Job::ChooseMove(_) => {
                    matches!(self.computer, ComputerTurn::Searching { request, .. } if request == reply.id)
                }
            };
            if !awaited {
                continue; // an answer about a position no longer shown
            }
            match (reply.job, reply.result) {
                (Job::Analyze, Ok(answer)) => {
                    self.analysis_request = None;
                    self.analysis = Some(answer.analysis);
                }
                (Job::ChooseMove(_), Ok(answer)) => {
                    let ComputerTurn::Searching { since, .. } = self.computer else {
                        continue;
                    };
                    let delay = Duration::from_millis(u64::from(self.settings.ai_delay_ms));
                    self.computer = match answer.chosen {
                        Some(cell) => ComputerTurn::Ready {
                            cell,
                            at: since + delay,
                        },
                        None => ComputerTurn::Idle,
                    };
                    self.analysis = Some(answer.analysis);
                }
                (job, Err(error)) => {
                    match job {
                        Job::Analyze => self.analysis_request = None,
                        Job::ChooseMove(_) => self.computer = ComputerTurn::GaveUp,
                    }
                    self.notice = Some(format!(
                        "The computer could not rate this position: {error}."
                    ));
                }
            }
        }
    }

    fn play_due_move(&mut self) {
        if let ComputerTurn::Ready { cell, at } = self.computer
            && Instant::now() >= at
        {
            self.computer = ComputerTurn::Idle;
            // The board cannot have changed under a ready move: every change resets `computer`.
            let _ = self.session.play(cell);
        }
    }

    /// Sends the searches the current state needs and asks for a repaint when a move is due.
    fn schedule(&mut self, ctx: &egui::Context) {
        let board = *self.session.board();
        if self.session.computer_to_move() && self.computer == ComputerTurn::Idle {
            let request = self
                .worker
                .request(board, Job::ChooseMove(self.settings.difficulty));
            self.computer = ComputerTurn::Searching {
                request,
                since: Instant::now(),
            };
        }
        if self.scores_wanted() && self.analysis_asked_for != Some(board) {
            self.analysis_request = Some(self.worker.request(board, Job::Analyze));
            self.analysis_asked_for = Some(board);
        }
        if let ComputerTurn::Ready { at, .. } = self.computer {
            ctx.request_repaint_after(at.saturating_duration_since(Instant::now()));
        }
    }

    /// Forgets the computer's move for the position shown: it just changed under the player's
    /// hand. (An analysis in flight may still arrive; it is kept with the position it is of.)
    fn position_changed(&mut self) {
        self.computer = ComputerTurn::Idle;
    }

    // --- commands ---

    fn apply(&mut self, ctx: &egui::Context, command: Command) {
        match command {
            Command::Play(cell) => {
                if self.session.human_to_move() && self.session.play(cell).is_ok() {
                    self.position_changed();
                }
            }
            Command::PlayFocused => {
                if let Some(cell) = self.focus {
                    self.apply(ctx, Command::Play(cell));
                }
            }
            Command::MoveFocus { rows, cols } => {
                let geometry = self.session.board().geometry();
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
                self.session.new_game(&self.settings);
                self.position_changed();
            }
            Command::Undo => {
                if self.session.undo() {
                    self.position_changed();
                }
            }
            Command::Redo => {
                if self.session.redo() {
                    self.position_changed();
                }
            }
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::ToggleScores => {
                let mut settings = self.settings.clone();
                settings.show_scores = !settings.show_scores;
                self.change_settings(ctx, settings);
            }
            Command::ChangeSettings(settings) => self.change_settings(ctx, *settings),
            Command::ResetSettings => self.change_settings(ctx, Settings::default()),
            Command::SaveSettingsAs => self.open_dialog(ctx, Purpose::SaveSettingsAs),
            Command::LoadSettings => self.open_dialog(ctx, Purpose::LoadSettings),
            Command::DismissNotice => self.notice = None,
        }
    }

    fn open_dialog(&mut self, ctx: &egui::Context, purpose: Purpose) {
        if let Err(reason) = self.dialogs.open(purpose, ctx) {
            let saved_at = self.store.as_ref().map_or(String::new(), |store| {
                format!(
                    " Your settings are saved automatically in {}.",
                    store.path().display()
                )
            });
            self.notice = Some(format!("{reason}{saved_at}"));
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
                self.notice = Some(match settings::save_to(&path, &self.settings) {
                    Ok(()) => format!("Settings saved to {}.", path.display()),
                    Err(error) => error.to_string(),
                });
            }
            // A file that is not fully valid changes nothing.
            Purpose::LoadSettings => match settings::load_strict(&path) {
                Ok(loaded) => {
                    self.change_settings(ctx, loaded);
                    self.notice = Some(format!("Settings loaded from {}.", path.display()));
                }
                Err(error) => self.notice = Some(format!("Nothing was changed.\n{error}")),
            },
        }
    }

    /// Writes the settings to their file; problems are shown, never fatal.
    fn save_settings(&mut self) {
        let Some(store) = &mut self.store else { return };
        match store.save(&self.settings) {
            Ok(saved) => {
                if let Some(backup) = saved.backup {
                    self.notice = Some(format!(
                        "Your old settings file was kept as {}.",
                        backup.display()
                    ));
                }
            }
            Err(error) => self.notice = Some(error.to_string()),
        }
    }

    /// Applies edited settings: the seating and first player change a game only before its first
    /// move; otherwise they wait for the next game, and the player is told so.
    fn change_settings(&mut self, ctx: &egui::Context, settings: Settings) {
        let old = std::mem::replace(&mut self.settings, settings);
        let new = &self.settings;
        let seating_changed = (old.first_player, old.human_mark, old.mode, old.board_size)
            != (new.first_player, new.human_mark, new.mode, new.board_size);
        if seating_changed {
            let game = self.session.game();
            if game.moves().is_empty() || game.outcome().is_over() {
                self.session.new_game(&self.settings);
                self.position_changed();
            } else {
                self.notice = Some(
                    "This takes effect from the next game: Game > New game (Ctrl+N).".to_string(),
                );
            }
        }
        if old.theme != self.settings.theme {
            self.apply_theme(ctx);
        }
        if old != self.settings {
            self.save_settings();
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
        let geometry = self.session.board().geometry();
        let mut commands = Vec::new();
        ctx.input_mut(|input| {
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
            for (index, key) in DIGITS.into_iter().enumerate().take(geometry.cells()) {
                if input.consume_key(Modifiers::NONE, key) {
                    commands.push(Command::Play(geometry.cell(index)));
                }
            }
            for (key, rows, cols) in [
                (Key::ArrowUp, -1, 0),
                (Key::ArrowDown, 1, 0),
                (Key::ArrowLeft, 0, -1),
                (Key::ArrowRight, 0, 1),
            ] {
                if input.consume_key(Modifiers::NONE, key) {
                    commands.push(Command::MoveFocus { rows, cols });
                }
            }
            if input.consume_key(Modifiers::NONE, Key::Enter)
                || input.consume_key(Modifiers::NONE, Key::Space)
            {
                commands.push(Command::PlayFocused);
            }
        });
        commands
    }

    // --- drawing ---

    /// One line on whose turn it is or how the game ended.
    fn status_text(&self) -> String {
        let board = self.session.board();
        let players = self.session.players();
        let vs_computer = players.x != players.o;
        let name = |mark: Mark| match (players.of(mark), vs_computer) {
            (Player::Human, true) => format!("You ({mark})"),
            (Player::Computer, true) => format!("The computer ({mark})"),
            (Player::Human, false) => format!("{mark}"),
            (Player::Computer, false) => format!("Computer {mark}"),
        };
        match board.outcome() {
            Outcome::Won { mark, .. } if vs_computer && players.of(mark) == Player::Human => {
                "You win!".to_string()
            }
            Outcome::Won { mark, .. } => format!("{} wins.", name(mark)),
            Outcome::Draw => "Draw.".to_string(),
            Outcome::Ongoing => match (players.of(board.to_move()), self.computer) {
                (Player::Computer, ComputerTurn::GaveUp) => {
                    format!("{} gave up on this position.", name(board.to_move()))
                }
                (Player::Computer, _) => format!("{} is thinking…", name(board.to_move())),
                (Player::Human, _) if vs_computer => format!("Your move ({}).", board.to_move()),
                (Player::Human, _) => format!("{} to move.", board.to_move()),
            },
        }
    }

    fn tally_text(&self) -> String {
        let tally = self.session.tally();
        if self.settings.mode == Mode::VsComputer {
            format!(
                "You {} · Computer {} · Draws {}",
                tally.human, tally.computer, tally.draws
            )
        } else {
            format!("X {} · O {} · Draws {}", tally.x, tally.o, tally.draws)
        }
    }
}

impl eframe::App for TicTacToeApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.file_picked(ctx);
        self.receive();
        self.play_due_move();
        self.schedule(ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let mut commands = self.keyboard_commands(&ctx);

        egui::Panel::top("menu bar").show(ui, |ui| {
            commands.extend(menus::menu_bar(ui, &self.settings, &self.session));
        });
        egui::Panel::bottom("status").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                ui.heading(self.status_text());
            });
            ui.label(self.tally_text());
            ui.add_space(4.0);
        });
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(notice) = &self.notice {
                commands.extend(menus::notice_banner(ui, notice));
            }
            let response = BoardView::new(self.session.board())
                .scores(self.shown_scores())
                .focus(self.focus)
                .accepts_moves(self.session.human_to_move())
                .show(ui);
            commands.extend(response.clicked.map(Command::Play));
        });

        for command in commands {
            self.apply(&ctx, command);
        }
        self.schedule(&ctx);
    }

    /// Saves on the way out too (settings are also saved on every change), so quitting with
    /// Ctrl+Q, the menu or the window's close button keeps them.
    fn on_exit(&mut self) {
        self.save_settings();
    }
}
