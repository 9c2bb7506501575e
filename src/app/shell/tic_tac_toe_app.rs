//! The app itself: its state, what starts it, and eframe's frame (take in the worker's answers,
//! draw the panels, carry out the commands they return). Carrying out a command is in
//! `apply.rs`; drawing the panels in `panels.rs`; files and settings in `settings_io.rs`,
//! `transfers.rs` and `tree_export.rs`.

use std::sync::Arc;
use std::time::Duration;

use crate::engine::ai::AiPlayer;
use crate::engine::board::{Board, Cell};
use crate::engine::clock::SystemClock;
use crate::engine::minimax::Analysis;
use crate::game::{ControllerOptions, GameController, Session};
use crate::store::settings::{self, Settings, Store};
use crate::store::window_state::{self, WindowState, WindowStateFile};

use super::keys;
use super::notice::Notice;
use super::open_views::OpenViews;
use super::options::{AppOptions, BoardMirror, PressedCells, StatusMirror};
use super::preview::Preview;
use super::progress_keeping::ProgressKeeper;
use crate::app::commands::{self, Command};
use crate::app::controls;
use crate::app::drawing::board_widget::Spoken;
use crate::app::drawing::texts;
use crate::app::files::dialogs::FileDialogs;
use crate::app::files::saver::SettingsSaver;
use crate::app::on_show::{OnShow, Source};
use crate::app::view::ViewKind;
use crate::app::views::coach::Coach;
use crate::app::views::exercises::Exercises;
use crate::app::views::explorer::Explorer;
use crate::app::views::tree_lab::TreeLab;

/// The key settings are kept under in eframe's storage, where there is no settings file.
const SETTINGS_KEY: &str = "tictactoe settings";

pub struct TicTacToeApp {
    pub(super) settings: Settings,
    /// Saves settings off the UI thread; `None` when there is no config directory to keep them in.
    pub(super) saver: Option<SettingsSaver>,
    /// The settings as saved, while a game set up for itself (`--position`, a position played
    /// from a preview) runs with others; `None` while they are `settings`.
    pub(super) saved_settings: Option<Settings>,
    /// The settings eframe's storage holds, where it keeps them (no settings file: the web page).
    pub(super) in_storage: Settings,
    pub(super) dialogs: FileDialogs,
    /// Where the window's size and position are written on the way out, and what they were when
    /// last seen ([`AppOptions::window_state`]).
    pub(super) window_state: Option<WindowStateFile>,
    pub(super) window_seen: Option<WindowState>,
    pub(super) controller: GameController,
    /// The cell the arrow keys point at.
    pub(super) focus: Option<Cell>,
    /// Whether the arrow keys moved `focus` since the board was drawn: the board then gives that
    /// cell the keyboard and accessibility focus, which a screen reader follows.
    pub(super) focus_moved: bool,
    /// A message for the player, shown until dismissed.
    pub(super) notice: Option<Notice>,
    /// The cell whose score is being looked at (hovered or focused), as the board last reported.
    pub(super) inspected: Option<Cell>,
    /// Whether the panel on the computer's last move is open.
    pub(super) show_reasoning: bool,
    /// The text size the window's size calls for, last applied.
    pub(super) text_scale: f32,
    /// Whether the sizes last applied were a touch screen's.
    pub(super) touch_sized: bool,
    /// Whether the sizes last applied were presenter mode's.
    pub(super) presenter_sized: bool,
    /// The window's width before a side panel widened it, given back when they close.
    pub(super) width_before_panels: Option<f32>,
    /// What the board shows instead of the game, if anything.
    pub(super) preview: Option<Preview>,
    /// The game's position last drawn: a change ends a preview and moves the explorer's root.
    pub(super) game_board: Board,
    /// A drawn tree's picture waiting for the path the player picks for it.
    pub(super) picture_to_save: Option<commands::PictureExport>,
    /// The views that are open: the explorer, the step-through, the editor, a textbook's tree,
    /// the graded exercises.
    pub(super) views: OpenViews,
    /// The game review, hints, threats and practice.
    pub(super) coach: Coach,
    /// Told the status line as it is drawn ([`AppOptions::status_mirror`]).
    pub(super) status_mirror: Option<StatusMirror>,
    /// Told the board's names as they are drawn ([`AppOptions::board_mirror`]).
    pub(super) board_mirror: Option<BoardMirror>,
    /// The cells pressed outside the canvas ([`AppOptions::pressed_cells`]).
    pub(super) pressed_cells: Option<PressedCells>,
    /// The LMS the page runs in, if any, and a SCORM package being made.
    pub(super) lms: super::lms_link::LmsLink,
    /// The students' way through sets of exercises, kept as they go.
    pub(super) progress: ProgressKeeper,
    /// A set's quiz waiting for the path the player picks for it: its file's name and text.
    pub(super) quiz_to_save: Option<(String, String)>,
}

impl TicTacToeApp {
    pub fn new(cc: &eframe::CreationContext<'_>, options: AppOptions) -> TicTacToeApp {
        let wake_ctx = cc.egui_ctx.clone();
        let wake = move || wake_ctx.request_repaint();
        let settings_path = options
            .settings_path
            .clone()
            .or_else(settings::default_path);
        let (progress, progress_problem) = ProgressKeeper::open(settings_path.as_deref());
        let (saver, settings, notice) = match settings_path {
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
            // No folder for a settings file (the web page): eframe's storage keeps them.
            None => match cc.storage {
                Some(storage) => (
                    None,
                    storage
                        .get_string(SETTINGS_KEY)
                        .map_or_else(Settings::default, |text| settings::from_text(&text)),
                    None,
                ),
                None => (
                    None,
                    Settings::default(),
                    Some(Notice::new(
                        "No config directory was found: settings will not be saved.",
                    )),
                ),
            },
        };
        let notice = options
            .open_on
            .notice()
            .map(Notice::new)
            .or(notice)
            .or(progress_problem.clone().map(Notice::new));
        let controller = GameController::new(
            settings.game_setup(),
            ControllerOptions {
                play: settings.play(),
                ai: options
                    .ai_seed
                    .map_or_else(AiPlayer::from_entropy, AiPlayer::seeded),
                clock: options.clock.unwrap_or_else(|| Arc::new(SystemClock)),
                trace_limit: options.trace_limit.unwrap_or(crate::game::TRACE_LIMIT),
                review_budget: options
                    .review_node_budget
                    .unwrap_or(crate::learn::review::REVIEW_NODE_BUDGET),
            },
            wake,
        );
        let in_storage = settings.clone();
        let mut app = TicTacToeApp {
            settings,
            saver,
            saved_settings: None,
            in_storage,
            dialogs: FileDialogs::new(!options.no_file_dialogs),
            window_state: options.window_state.clone(),
            window_seen: None,
            picture_to_save: None,
            controller,
            focus: None,
            focus_moved: false,
            notice,
            inspected: None,
            show_reasoning: false,
            text_scale: 0.0,
            touch_sized: false,
            presenter_sized: false,
            width_before_panels: None,
            preview: None,
            game_board: Board::default(),
            views: OpenViews {
                tree_lab: options.open_on.tree.as_deref().map(TreeLab::new),
                exercises: options
                    .open_on
                    .exercises
                    .map(|code| Exercises::new(code).at_item(options.open_on.item.unwrap_or(1))),
                ..OpenViews::default()
            },
            coach: Coach::new(options.ai_seed.unwrap_or_else(rand::random)),
            status_mirror: options.status_mirror,
            board_mirror: options.board_mirror,
            pressed_cells: options.pressed_cells,
            lms: Default::default(),
            progress,
            quiz_to_save: None,
        };
        // A set opened by a link or `--exercises` resumes where it was left; it covers the
        // board's notices, so a progress that could not be read is said in it too.
        app.follow_progress();
        if let (Some(problem), Some(exercises)) = (progress_problem, &mut app.views.exercises) {
            exercises.copied(problem);
        }
        app.lms = super::lms_link::LmsLink::start(app.views.exercises.as_mut());
        app.apply_theme(&cc.egui_ctx);
        // A blinking cursor repaints the whole window twice a second for as long as a text
        // field has focus (the exercises' answer box has it by default): a steady cursor lets an
        // idle window draw nothing.
        cc.egui_ctx
            .all_styles_mut(|style| style.visuals.text_cursor.blink = false);
        if options.touch_screen {
            texts::note_touch_screen(&cc.egui_ctx);
        }
        if let Some(mirror) = options.controls_mirror {
            cc.egui_ctx
                .add_plugin(controls::ControlsMirrorPlugin { mirror });
        }
        if options.open_on.view.is_some() || options.open_on.scores.is_some() {
            let mut shown = app.settings.clone();
            shown.score_view = options.open_on.view.unwrap_or(shown.score_view);
            shown.show_scores = options.open_on.scores.unwrap_or(shown.show_scores);
            app.settings_for_one_game(&cc.egui_ctx, shown);
        }
        if let Some(board) = options.open_on.position {
            let seating = match app.settings.mode {
                crate::game::Mode::TwoPlayers => commands::Seating::TwoPlayers,
                _ => commands::Seating::You(board.to_move()),
            };
            app.play_position(&cc.egui_ctx, board, seating);
        }
        app.game_board = *app.controller.board();
        if app.settings.explorer_open {
            let (root, name) = app
                .position_to_explore()
                .unwrap_or_else(|| (app.game_board, OnShow::game(app.game_board).name()));
            app.views.explorer = Some(Explorer::new(root, name));
        }
        app
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

    /// The views open now, in the registry's order ([`ViewKind::ALL`]).
    pub fn open_views(&self) -> Vec<ViewKind> {
        self.views.open()
    }

    /// An open view's name, as it says it over its contents; `None` while it is closed.
    pub fn view_name(&self, kind: ViewKind) -> Option<&'static str> {
        self.views.get(kind).map(|view| view.name())
    }

    /// Opens or closes a view, as its menu entry or key does.
    pub fn toggle_view(&mut self, ctx: &egui::Context, kind: ViewKind) {
        self.apply(ctx, kind.toggle());
    }

    /// Whether a search is running or the computer's move waits for its moment.
    pub fn is_busy(&self) -> bool {
        self.controller.is_busy()
    }

    /// The analysis the overlay shows now on the game's board, if any.
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
        self.controller.wait_for_worker(timeout)
    }

    /// Waits until every settings save asked for so far is on disk (for tests).
    pub fn flush_settings(&self) {
        if let Some(saver) = &self.saver {
            saver.flush();
        }
    }

    /// A link's query that opens the app where it is now: the game's position, seen in the view
    /// on show with the scores on or off, the open set of exercises (on its item) and textbook's
    /// tree. The web page keeps it, so that a reload (after the browser reset its graphics)
    /// lands here.
    pub fn link_to_here(&self) -> String {
        use crate::app::files::link::Link;
        let record = self.controller.record();
        let view = Link::view_query(self.settings.score_view, self.settings.show_scores);
        // A game not begun is left to the settings, which seat the players as they were; a
        // linked position seats the player on the side to move.
        let begun = !record.moves.is_empty()
            || record.start != Board::empty(record.start.geometry(), record.start.to_move());
        let mut query = if begun {
            format!("{}&{view}", self.controller.board().link_query())
        } else {
            view
        };
        if let Some(lab) = &self.views.tree_lab {
            query = format!("{query}&{}", Link::tree_query(lab.typed()));
        }
        if let Some(exercises) = &self.views.exercises {
            query = format!(
                "{query}&{}",
                Link::exercise_item_query(exercises.code(), exercises.item_number())
            );
        }
        query
    }

    /// The position the board shows, and where it comes from: practice, a preview, or the game.
    pub fn on_show(&self) -> OnShow {
        if let Some(board) = self.coach.practice_board() {
            return OnShow::at(board, Source::Practice);
        }
        match &self.preview {
            Some(preview) => {
                let root = self
                    .views
                    .explorer
                    .as_ref()
                    .map_or(*self.controller.board(), |explorer| explorer.root());
                preview.on_show(root)
            }
            None => OnShow::game(*self.controller.board()),
        }
    }

    /// The position the explorer starts from, with its name: the position on show (the game's,
    /// a pasted or linked one, an example, the editor's, a review's), the start of a replay;
    /// `None` while the board shows one of the explorer's own nodes, whose root stays.
    pub(super) fn position_to_explore(&self) -> Option<(Board, String)> {
        let on_show = self.on_show();
        match on_show.source {
            Source::Node { .. } => None,
            Source::Replay { .. } => Some((
                on_show.origin,
                OnShow::at(on_show.origin, Source::Replay { step: 0 }).name(),
            )),
            _ => Some((on_show.board, on_show.name())),
        }
    }

    /// The scores shown on the position on show: the game's as the overlay wants them, a
    /// preview's when scores are on, a practice position's once answered.
    pub(super) fn scores_on_show(&self, on_show: &OnShow) -> Option<&Analysis> {
        let wanted = match on_show.source {
            Source::Game => return self.controller.shown_scores(),
            Source::Practice => self.coach.practice_answered(),
            // Set up to be analysed: its scores are the point.
            Source::SetUp { .. } => true,
            _ => self.settings.show_scores,
        };
        wanted
            .then(|| self.controller.analysis(&on_show.board))
            .flatten()
    }

    /// Keeps the open set's progress as it changes, and resumes a set just opened where it was
    /// left; a save that failed is said.
    pub(super) fn follow_progress(&mut self) {
        if let Some(problem) = self.progress.follow(&mut self.views.exercises) {
            if let Some(exercises) = &mut self.views.exercises {
                exercises.copied(problem.clone());
            }
            self.notice = Some(Notice::new(problem));
        }
    }

    /// Keeps previews and the explorer about the game on the board, and tells the controller
    /// what the panels need: analyses, counts, practice positions, a trace.
    pub(super) fn follow_the_game(&mut self) {
        let board = *self.controller.board();
        if board != self.game_board {
            self.game_board = board;
            self.preview = None;
            self.inspected = None;
        }
        self.coach.follow(&self.controller);
        let mut wanted = self.coach.wanted();
        if let Some(preview) = &self.preview {
            wanted.push(preview.board());
        }
        let to_explore = self.position_to_explore();
        if let (Some(explorer), Some((root, name))) = (&mut self.views.explorer, to_explore) {
            explorer.follow(root, name);
        }
        let needs = self.views.needs(&self.controller);
        wanted.extend(needs.analyses);
        self.controller.want_analyses(wanted);
        let reviewed = self.coach.review_wanted(&self.controller);
        self.controller.want_review(reviewed.as_ref());
        self.controller.want_counts(needs.counts);
        self.controller.want_exercises(self.coach.wants_exercises());
        self.controller.want_trace(needs.trace);
        self.controller.want_cutoff(needs.cutoff);
        self.controller.want_match(needs.matched);
    }
}

impl eframe::App for TicTacToeApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.file_picked(ctx);
        self.saves_finished();
        self.lms_logic();
        // Take in what the worker answered first, so that this frame draws it.
        self.controller.update();
        self.controller.take_news();
        self.follow_the_game();
        if let Some(stepper) = &mut self.views.stepper
            && stepper.tick(ctx.input(|input| input.stable_dt), self.controller.trace())
        {
            ctx.request_repaint();
        }
        if let Some(due) = self.controller.update() {
            ctx.request_repaint_after(due);
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if self.window_state.is_some() {
            self.window_seen = Some(window_seen(&ctx, self.window_seen));
        }
        // Only this frame's controls are mirrored.
        controls::take(&ctx);
        self.scale_text(&ctx);
        let context = self.key_context();
        // A text field with the keyboard (a tree being typed) gets every key.
        let mut commands = if ctx.text_edit_focused() {
            Vec::new()
        } else {
            ctx.input_mut(|input| keys::commands(input, &context))
        };
        if let Some(pressed) = &self.pressed_cells {
            commands.extend(pressed().into_iter().map(Command::PlayDigit));
        }
        commands.extend(self.menu_panel(ui));
        self.status_panel(ui);
        // What a screen reader hears of the board, where the board panel does not draw it: the
        // exercise's board, or none (the step-through, a textbook's tree, the editor).
        let mut spoken = Spoken::default();
        let covering = self.views.covering();
        if let Some(kind) = covering {
            commands.extend(self.covering_panel(ui, kind, &mut spoken));
        } else {
            commands.extend(self.review_panel(ui));
            commands.extend(self.explorer_panel(ui));
            commands.extend(self.legend_panel(ui));
            commands.extend(self.board_panel(ui));
        }
        if covering.is_some()
            && let Some(mirror) = &self.board_mirror
        {
            mirror(&spoken);
        }
        for command in commands {
            self.apply(&ctx, command);
        }
        self.follow_progress();
        // Commands and the panels may have made a move or opened something that needs a search:
        // ask for it this frame.
        self.follow_the_game();
        if let Some(due) = self.controller.update() {
            ctx.request_repaint_after(due);
        }
        // Answers taken in after the panels were drawn are drawn next frame (the worker's wake
        // came while this frame ran, so nothing else would ask for one).
        if self.controller.take_news() {
            ctx.request_repaint();
        }
    }

    /// egui's memory (which panels were open, scroll positions) is not kept between runs: eframe
    /// would write it into the window-state file itself, through a link or over any file.
    fn persist_egui_memory(&self) -> bool {
        false
    }

    /// Where there is no settings file (the web page), settings go into eframe's storage, which
    /// eframe asks for now and then and when the page is left.
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.saver.is_some() {
            return;
        }
        // Written only when the player changed a setting, so that a visit that changed nothing
        // (a link's visit included) leaves the stored text as it was, byte for byte.
        if *self.settings_to_save() != self.in_storage
            && let Ok(text) = settings::to_ron(self.settings_to_save())
        {
            storage.set_string(SETTINGS_KEY, text);
            self.in_storage = self.settings_to_save().clone();
        }
    }

    /// Every change of a setting asked for its save when it was made: quitting only waits for
    /// them, so that a visit that changed no setting leaves the file as it was, byte for byte.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        if let Some(saver) = &self.saver {
            saver.flush();
        }
        if let (Some(file), Some(state)) = (&self.window_state, &self.window_seen)
            && let Err(why) = window_state::save(file, state)
        {
            // The window opens at its usual place next time; nothing else depends on it.
            eprintln!(
                "tictactoe: the window's size and position were not kept in {}: {why}",
                crate::store::shown_path(&file.path)
            );
        }
    }
}

/// The window's state as the system tells it this frame; while it is maximized or full screen,
/// the position and size it had before (`last`), to which it is restored.
fn window_seen(ctx: &egui::Context, last: Option<WindowState>) -> WindowState {
    // Asked before `input`, whose lock theirs would wait on.
    let (zoom, content, pixels_per_point) = (
        ctx.zoom_factor(),
        ctx.content_rect(),
        ctx.pixels_per_point(),
    );
    ctx.input(|input| {
        let viewport = input.viewport();
        let (maximized, fullscreen) = (
            viewport.maximized.unwrap_or(false),
            viewport.fullscreen.unwrap_or(false),
        );
        // Where the system does not say (a window with no system behind it, in tests), what
        // egui draws with.
        let scale_factor = viewport
            .native_pixels_per_point
            .unwrap_or(pixels_per_point / zoom);
        let inner = viewport.inner_rect.unwrap_or(content);
        let pixels_per_point = scale_factor * zoom;
        let normal = WindowState {
            position_pixels: viewport.outer_rect.map(|outer| {
                [
                    outer.min.x * pixels_per_point,
                    outer.min.y * pixels_per_point,
                ]
            }),
            scale_factor,
            inner_size_points: [inner.width(), inner.height()],
            maximized,
            fullscreen,
        };
        match last {
            Some(last) if maximized || fullscreen => WindowState {
                maximized,
                fullscreen,
                ..last
            },
            _ => normal,
        }
    })
}
