//! How the app carries out what the player asked for: [`TicTacToeApp::apply`] acts on each
//! [`Command`] after drawing, one method per group of commands, each matching its group once.

use egui::Context;

use super::notice::Notice;
use super::open_views::OpenViews;
use super::preview::Preview;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::commands::{
    BuilderCommand, ClipboardCommand, CoachCommand, Command, EditorCommand, ExercisesCommand,
    ExplorerCommand, MctsCommand, PreviewCommand, ReviewCommand, Seating, SettingCommand,
    TreeLabCommand,
};
use crate::app::views::cutoff::CutoffView;
use crate::app::views::editor::Editor;
use crate::app::views::exercises::Exercises;
use crate::app::views::mcts::MctsView;
use crate::app::views::set_builder::SetBuilder;
use crate::app::views::stepper::Stepper;
use crate::app::views::tree_lab::TreeLab;
use crate::engine::board::{Board, Cell, Geometry, MoveNumbers};
use crate::game::Mode;
use crate::learn::examples::examples;
use crate::learn::trace::TraceAlgorithm;
use crate::store::settings::Settings;

impl TicTacToeApp {
    /// Carries out what the set builder asked: its choices are its own; the set started, its
    /// link copied and its quiz saved are the app's.
    fn apply_builder(&mut self, ctx: &Context, command: BuilderCommand) {
        let Some(builder) = &mut self.views.builder else {
            return;
        };
        let code = builder.code();
        match (command, code) {
            (BuilderCommand::Start, Ok(code)) => {
                self.views.builder = None;
                self.views.exercises = Some(Exercises::new(code));
            }
            (BuilderCommand::CopyLink, Ok(code)) => {
                let (text, said) = match crate::platform::page_address() {
                    Some(address) => {
                        let link = format!(
                            "{address}?{}",
                            crate::app::files::link::Link::exercises_query(&code)
                        );
                        (link.clone(), format!("Copied the link {link}"))
                    }
                    None => (code.to_string(), format!("Copied the set's code {code}")),
                };
                builder.copied(said);
                ctx.copy_text(text);
            }
            (BuilderCommand::Export(format), Ok(code)) => self.export_quiz(ctx, &code, format),
            (
                BuilderCommand::Start | BuilderCommand::CopyLink | BuilderCommand::Export(_),
                Err(_),
            ) => {}
            (command, _) => builder.apply(command, fresh_seed),
        }
    }

    /// Carries out one command.
    pub(super) fn apply(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::Play(cell) => self.tapped_or_clicked(ctx, cell),
            Command::PlayDigit(index) => {
                // The exercise's board when the exercises are open (the page's cell buttons
                // mirror it then), else the board on show.
                if let Some(exercises) = &mut self.views.exercises {
                    if let Some(board) = exercises.item_board() {
                        let cell = board.geometry().cell(index);
                        exercises.apply(ExercisesCommand::Cell(cell), fresh_seed);
                    }
                } else {
                    let geometry = self.on_show().board.geometry();
                    self.play(geometry.cell(index));
                }
            }
            Command::PlayFocused => {
                if let Some(cell) = self.focus {
                    self.play(cell);
                }
            }
            Command::MoveFocus { rows, cols } => self.move_focus(rows, cols),
            Command::NewGame => {
                self.controller.new_game();
                self.notice.take_if(|notice| notice.until_next_game);
            }
            Command::Undo => _ = self.controller.undo(),
            Command::Redo => _ = self.controller.redo(),
            Command::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Command::ToggleReasoning => self.show_reasoning = !self.show_reasoning,
            Command::Setting(setting) => self.change_setting(ctx, setting),
            Command::ChangeSettings(settings) => self.change_settings(ctx, *settings),
            Command::SaveSettingsAs => {
                self.open_dialog(ctx, crate::app::files::dialogs::Purpose::SaveSettingsAs)
            }
            Command::LoadSettings => {
                self.open_dialog(ctx, crate::app::files::dialogs::Purpose::LoadSettings)
            }
            Command::DismissNotice => self.notice = None,
            Command::Explorer(command) => self.apply_explorer(ctx, command),
            Command::Preview(command) => self.apply_preview(command),
            Command::ToggleStepper => self.toggle_stepper(),
            Command::Step(step) => {
                if let Some(stepper) = &mut self.views.stepper {
                    stepper.apply(step, self.controller.trace());
                }
            }
            Command::Review(command) => {
                self.apply_review(command);
                self.make_room_for_side_panels(ctx);
            }
            Command::Coach(command) => self.apply_coach(command),
            Command::Editor(command) => self.apply_editor(ctx, command),
            Command::Clipboard(command) => self.apply_clipboard(ctx, command),
            Command::OpenExample(index) => self.open_example(index),
            Command::SaveGame => {
                self.open_dialog(ctx, crate::app::files::dialogs::Purpose::SaveGame)
            }
            Command::OpenGame => {
                self.open_dialog(ctx, crate::app::files::dialogs::Purpose::OpenGame)
            }
            Command::ToggleTreeLab => {
                self.open_or_close(|v| &mut v.tree_lab, |_| TreeLab::new("three-ply"));
                self.views.exercises = None;
            }
            Command::ExportPicture(export) => self.export_picture(ctx, export),
            Command::ToggleExercises => {
                self.open_or_close(
                    |v| &mut v.exercises,
                    |app| Exercises::every_kind(fresh_seed(), app.settings.score_view),
                );
                self.views.tree_lab = None;
            }
            Command::Exercises(ExercisesCommand::CopyResults) => {
                if let Some(exercises) = &self.views.exercises {
                    ctx.copy_text(exercises.summary().lines().join("\n"));
                }
            }
            Command::Exercises(ExercisesCommand::CopyLink) => {
                if let Some(exercises) = &mut self.views.exercises {
                    // On the page, a link that opens the set; on the desktop, which has no
                    // address, its code (for View › Exercises or `tictactoe exercises --code`).
                    let code = exercises.code();
                    let (text, said) = match crate::platform::page_address() {
                        Some(address) => {
                            let link = format!(
                                "{address}?{}",
                                crate::app::files::link::Link::exercises_query(code)
                            );
                            (link.clone(), format!("Copied the link {link}"))
                        }
                        None => (code.to_string(), format!("Copied the set's code {code}")),
                    };
                    // Said in the exercises' view, which covers the board and its notices.
                    exercises.copied(said);
                    ctx.copy_text(text);
                }
            }
            Command::Exercises(ExercisesCommand::HandIn(command)) => {
                self.hand_in_command(ctx, command)
            }
            Command::Exercises(command) => {
                if let Some(exercises) = &mut self.views.exercises {
                    exercises.apply(command, fresh_seed);
                }
            }
            Command::ToggleBuilder => {
                self.views.builder = match self.views.builder.take() {
                    Some(_) => None,
                    // On the open set's choices, to change them; else a set of every kind.
                    None => Some(match self.views.exercises.take() {
                        Some(exercises) => SetBuilder::from_code(exercises.code()),
                        None => SetBuilder::every_kind(fresh_seed(), self.settings.score_view),
                    }),
                };
                self.views.tree_lab = None;
            }
            Command::Builder(command) => self.apply_builder(ctx, command),
            Command::TreeLab(TreeLabCommand::CopyLink) => {
                if let Some(lab) = &self.views.tree_lab {
                    // The page's link opens the tree for everyone; the desktop, which has no
                    // address, copies the part to put after the page's.
                    let query = crate::app::files::link::Link::tree_query(lab.typed());
                    let (text, said) = match crate::platform::page_address() {
                        Some(address) => {
                            let link = format!("{address}?{query}");
                            (link.clone(), format!("Copied the link {link}"))
                        }
                        None => (
                            format!("?{query}"),
                            format!(
                                "Copied the tree's part of a link, ?{query} (put it after the web \
                                 page's address)."
                            ),
                        ),
                    };
                    self.notice = Some(Notice::new(said));
                    ctx.copy_text(text);
                }
            }
            Command::TreeLab(command) => {
                if let Some(lab) = &mut self.views.tree_lab {
                    lab.apply(command);
                }
            }
            Command::ToggleMcts => {
                // From the tree lab, on the lab's tree (the lab would cover the view).
                let lab_tree = self
                    .views
                    .tree_lab
                    .as_ref()
                    .map(|lab| lab.typed().to_string());
                match lab_tree {
                    Some(text) if self.views.mcts.is_none() => {
                        self.apply(ctx, Command::MctsOnTree(text));
                    }
                    _ => self
                        .open_or_close(|v| &mut v.mcts, |app| MctsView::new(app.on_show().board)),
                }
            }
            Command::MctsOnTree(text) => {
                // The lab's tree goes with it into the view's field: the lab, which would
                // cover the view, closes.
                self.views.tree_lab = None;
                match &mut self.views.mcts {
                    Some(view) => view.show_tree(&text),
                    None => {
                        self.views.mcts = Some(MctsView::on_tree(self.on_show().board, &text));
                    }
                }
            }
            Command::Mcts(command) => {
                if command == MctsCommand::PlayMatch {
                    // Played again from its first game, not taken from the last time.
                    self.controller.forget_match();
                }
                if let Some(view) = &mut self.views.mcts {
                    view.apply(command);
                }
            }
            Command::ToggleCutoff => {
                self.open_or_close(
                    |v| &mut v.cutoff,
                    |app| CutoffView::new(app.on_show().board),
                );
            }
            Command::Cutoff(command) => {
                if let Some(view) = &mut self.views.cutoff {
                    view.apply(command);
                }
            }
        }
    }

    /// The tree explorer: its keys, a node's position previewed, or played up to.
    fn apply_explorer(&mut self, ctx: &Context, command: ExplorerCommand) {
        match command {
            ExplorerCommand::Key(key) => {
                if let Some(explorer) = &mut self.views.explorer
                    && let Some(command) = explorer.key(key, &self.controller)
                {
                    self.apply(ctx, command);
                }
            }
            ExplorerCommand::PreviewNode(path) => {
                if let Some(explorer) = &self.views.explorer {
                    let board = explorer.board_at(&path);
                    self.preview = Some(Preview::Node { path, board });
                }
            }
            ExplorerCommand::PlayFromHere(path) => {
                self.preview = None;
                for cell in path {
                    self.controller.play(cell);
                }
            }
        }
    }

    /// The coach: hints, threats, practice positions.
    fn apply_coach(&mut self, command: CoachCommand) {
        match command {
            CoachCommand::ToggleHint => self.coach.toggle_hint(&self.controller),
            CoachCommand::ToggleThreat => self.coach.toggle_threat(&self.controller),
            CoachCommand::TogglePractice => self.coach.toggle_practice(),
            CoachCommand::PracticeAnswer(cell) => self.coach.practice_answer(cell),
            CoachCommand::PracticeNext => self.coach.practice_next(),
        }
    }

    /// The position editor: open or close it, edit, analyse the position, play from it.
    fn apply_editor(&mut self, ctx: &Context, command: EditorCommand) {
        match command {
            EditorCommand::Toggle => {
                self.open_or_close(
                    |v| &mut v.editor,
                    |app| Editor::from_board(&app.on_show().board),
                );
            }
            EditorCommand::Edit(edit) => {
                if let Some(editor) = &mut self.views.editor {
                    editor.apply(edit);
                }
            }
            EditorCommand::Analyse(board) => {
                self.views.editor = None;
                self.preview = Some(Preview::Position {
                    board,
                    caption: None,
                    name: "the position set up in the editor".to_string(),
                });
            }
            EditorCommand::Play(board, seating) => self.play_position(ctx, board, seating),
        }
    }

    /// Positions and moves in and out as text.
    fn apply_clipboard(&mut self, ctx: &Context, command: ClipboardCommand) {
        match command {
            ClipboardCommand::CopyPosition => {
                let text = self.on_show().board.copy_text();
                self.notice = Some(Notice::new(format!(
                    "Copied {text} (paste it after tictactoe analyze, or back here with Ctrl+V)."
                )));
                ctx.copy_text(text);
            }
            ClipboardCommand::CopyLink => {
                if let Some(address) = crate::platform::page_address() {
                    let query = crate::app::files::link::Link::query(
                        &self.on_show().board,
                        self.settings.score_view,
                        self.settings.show_scores,
                    );
                    let link = format!("{address}?{query}");
                    self.notice = Some(Notice::new(format!("Copied the link {link}")));
                    ctx.copy_text(link);
                }
            }
            ClipboardCommand::PastePosition(text) => match Board::paste(&text) {
                Ok(board) => {
                    self.views.editor = None;
                    self.preview = Some(Preview::Position {
                        board,
                        caption: Some("The position you pasted.".to_string()),
                        name: "the pasted position".to_string(),
                    });
                }
                Err(problem) => match crate::store::game_file::from_text(&text) {
                    // A game file's text: the game, in the review.
                    Ok(record) => self.open_pasted_game(ctx, record),
                    // Text that says it is a game is told what is wrong with it as a game.
                    Err(game_problem) if text.contains("moves:") => {
                        self.notice =
                            Some(Notice::new(format!("Nothing was pasted: {game_problem}")));
                    }
                    Err(_) => {
                        self.notice = Some(Notice::new(format!("Nothing was pasted: {problem}")));
                    }
                },
            },
            ClipboardCommand::CopyMoves => {
                let record = self.controller.record();
                let text = MoveNumbers::of(record.start.geometry(), &record.moves).to_string();
                self.notice = Some(Notice::new(format!(
                    "Copied the moves {text} (for tictactoe review)."
                )));
                ctx.copy_text(text);
            }
        }
    }

    /// Shows one of the articles' examples with its scores.
    fn open_example(&mut self, index: usize) {
        if let Some(example) = examples().get(index) {
            self.views.editor = None;
            self.preview = Some(Preview::Position {
                board: example.board(),
                caption: Some(format!("{}. {}", example.title, example.sentence)),
                name: format!("the example \"{}\"", example.title),
            });
        }
    }

    /// Starts a game from `board`, seated as asked; the board's size and k become the settings'.
    pub(super) fn play_position(&mut self, ctx: &Context, board: Board, seating: Seating) {
        let geometry = board.geometry();
        let mut settings = self.settings.clone();
        settings.board_size = geometry.rows() as u8;
        settings.in_a_row = if geometry.k() == Geometry::default_k(geometry.rows(), geometry.cols())
        {
            0
        } else {
            geometry.k() as u8
        };
        match seating {
            Seating::You(mark) => {
                settings.mode = Mode::VsComputer;
                settings.human_mark = mark;
            }
            Seating::TwoPlayers => settings.mode = Mode::TwoPlayers,
        }
        self.settings_for_one_game(ctx, settings);
        self.views.editor = None;
        self.preview = None;
        self.controller
            .start_from(self.settings.game_setup(), &board);
        self.notice.take_if(|notice| notice.until_next_game);
    }

    /// A click plays `cell`. On a touch screen, where nothing can be pointed at without
    /// playing it, a tap on a score first picks it (the legend explains it and offers to play
    /// it) and a second tap plays it.
    fn tapped_or_clicked(&mut self, ctx: &Context, cell: Cell) {
        let on_show = self.on_show();
        let explained = on_show.is_game()
            && self.coach.practice.is_none()
            && self
                .scores_on_show(&on_show)
                .is_some_and(|scores| scores.get(cell).is_some());
        if self.touch(ctx) && explained && self.focus != Some(cell) {
            self.focus = Some(cell);
            self.focus_moved = true;
            return;
        }
        self.play(cell);
    }

    /// A move for the human on the board on show: the game's, or practice's answer; nothing while
    /// a preview or the editor is on show.
    fn play(&mut self, cell: Cell) {
        if self.coach.practice.is_some() {
            self.coach.practice_answer(cell);
        } else if self.preview.is_none() && self.views.editor.is_none() {
            self.controller.play(cell);
        }
    }

    fn move_focus(&mut self, rows: isize, cols: isize) {
        if let Some(explorer) = &mut self.views.explorer {
            explorer.has_keyboard = false;
        }
        let geometry = self.on_show().board.geometry();
        let center = Cell::new(geometry.rows() / 2, geometry.cols() / 2);
        self.focus_moved = true;
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

    /// The commands that change one setting.
    fn change_setting(&mut self, ctx: &Context, command: SettingCommand) {
        let mut settings = self.settings.clone();
        match command {
            SettingCommand::ToggleScores => {
                settings.show_scores = !settings.show_scores;
                settings.welcome_hint = false;
            }
            SettingCommand::DismissWelcome => settings.welcome_hint = false,
            SettingCommand::ToggleExplorer => {
                let open = self.views.explorer.is_none();
                self.open_explorer(ctx, open);
                // Remembered, so that the next start opens it again.
                settings.explorer_open = open;
            }
            SettingCommand::TogglePresenter => settings.presenter = !settings.presenter,
            SettingCommand::Reset => settings = Settings::default(),
        }
        self.change_settings(ctx, settings);
    }

    /// Line replay: start it on the move looked at, step in it, leave it (or any preview).
    fn apply_preview(&mut self, command: PreviewCommand) {
        match command {
            PreviewCommand::ReplayInspected => {
                let shown = self.controller.shown_scores();
                if self.preview.is_none()
                    && let Some(m) = self.inspected.and_then(|cell| shown?.get(cell))
                {
                    self.preview = Some(Preview::replay(*self.controller.board(), m));
                }
            }
            PreviewCommand::ReplayStep(by) => {
                if let Some(preview) = &mut self.preview {
                    preview.step(by);
                }
            }
            PreviewCommand::BackToGame => {
                if self.views.editor.take().is_some() {
                    return;
                }
                if self.preview.take().is_none()
                    && let Some(explorer) = &mut self.views.explorer
                {
                    explorer.has_keyboard = false;
                }
            }
        }
    }

    /// The review panel: open or close it, preview the position before a move, retry from there.
    fn apply_review(&mut self, command: ReviewCommand) {
        match command {
            ReviewCommand::Toggle => {
                self.coach.show_review = !self.coach.show_review;
                if !self.coach.show_review {
                    self.preview
                        .take_if(|preview| matches!(preview, Preview::BeforeMove { .. }));
                }
            }
            ReviewCommand::Move(ply) => {
                let game = self.coach.reviewed_game(&self.controller);
                let before = game.positions_before();
                if let (Some(&board), Some(&played)) =
                    (before.get(ply - 1), game.moves.get(ply - 1))
                {
                    self.preview = Some(Preview::BeforeMove { ply, board, played });
                }
            }
            ReviewCommand::RetryFrom(ply) => {
                self.preview = None;
                self.coach.retry(&mut self.controller, ply);
            }
            ReviewCommand::Unpin => self.coach.unpin(),
            ReviewCommand::PutOnBoard => {
                self.preview = None;
                self.coach.put_on_board(&mut self.controller);
            }
        }
    }

    /// The step-through opens on the position on show, with plain minimax first.
    fn toggle_stepper(&mut self) {
        self.open_or_close(
            |v| &mut v.stepper,
            |app| Stepper::new(app.on_show(), TraceAlgorithm::Plain),
        );
    }

    /// Closes the view in `slot` if it is open, or opens the one `open` makes.
    fn open_or_close<V>(
        &mut self,
        slot: fn(&mut OpenViews) -> &mut Option<V>,
        open: impl FnOnce(&Self) -> V,
    ) {
        if slot(&mut self.views).take().is_none() {
            let opened = open(self);
            *slot(&mut self.views) = Some(opened);
        }
    }
}

/// A new exercise set's seed: short, so that its code is easy to read out and type.
fn fresh_seed() -> u64 {
    rand::random::<u32>().into()
}
