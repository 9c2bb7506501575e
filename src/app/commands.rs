//! What the player can ask for, and how the app carries it out. Drawing code and the key map only
//! return [`Command`]s; [`TicTacToeApp::apply`] acts on them after drawing.

use egui::Context;

use super::editor::{Edit, Editor, Seating};
use super::explorer::{ExplorerKey, Path};
use super::preview::Preview;
use super::stepper::{StepCommand, Stepper};
use super::{Notice, TicTacToeApp};
use crate::engine::board::{Board, Cell};
use crate::learn::examples::examples;
use crate::learn::trace::TraceAlgorithm;
use crate::store::game_file::move_numbers;
use crate::store::settings::{Mode, Settings};

/// Something the player asked for, applied by the app after drawing.
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Play(Cell),
    /// A digit key: the cell numbered so in reading order (from 0), on the classic board.
    PlayDigit(usize),
    PlayFocused,
    MoveFocus {
        rows: isize,
        cols: isize,
    },
    NewGame,
    Undo,
    Redo,
    Quit,
    ToggleScores,
    /// Show or hide why the computer played its last move.
    ToggleReasoning,
    /// The first-run tip is read.
    DismissWelcome,
    ToggleExplorer,
    /// A key for the explorer, when it has the keyboard.
    Explore(ExplorerKey),
    /// Show an explorer node's position on the board.
    PreviewNode(Path),
    /// In two-player mode, play the moves that lead to an explorer node.
    PlayFromHere(Path),
    /// Replay the line of the cell whose score is being looked at.
    ReplayInspected,
    /// One step forward (1) or back (-1) in the replay.
    ReplayStep(isize),
    /// Leave a preview or a replay: the board shows the game again.
    BackToGame,
    /// Open or close the step-through of the search, for the position on show.
    ToggleStepper,
    Step(StepCommand),
    ChangeSettings(Box<Settings>),
    SaveSettingsAs,
    LoadSettings,
    ResetSettings,
    DismissNotice,
    /// Show or hide the game review (the move list).
    ToggleReview,
    /// Preview the position before move `ply` (from 1) of the reviewed game.
    ReviewMove(usize),
    /// Start a game from the position before move `ply` of the reviewed game.
    RetryFrom(usize),
    /// Review the game on the board again, not the one retried from.
    UnpinReview,
    /// Frame the best moves for the player to move.
    ToggleHint,
    /// Show what the opponent would play if it were its turn.
    ToggleThreat,
    TogglePractice,
    PracticeAnswer(Cell),
    PracticeNext,
    /// Open or close the position editor, on the position on show.
    ToggleEditor,
    Edit(Edit),
    /// Show a position with its scores (from the editor).
    AnalysePosition(Board),
    /// Start a game from a position, seated so.
    PlayPosition(Board, Seating),
    /// Put the position on show on the clipboard, in the command line's notation.
    CopyPosition,
    /// Take a position from pasted text (notation, or a board as the articles print it).
    PastePosition(String),
    /// Put the game's moves on the clipboard, as `tictactoe review` takes them.
    CopyMoves,
    /// Show one of the articles' examples with its scores.
    OpenExample(usize),
    SaveGame,
    OpenGame,
}

impl TicTacToeApp {
    /// Carries out one command.
    pub(super) fn apply(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::Play(cell) => self.play(cell),
            Command::PlayDigit(index) => {
                let geometry = self.controller.board().geometry();
                self.play(geometry.cell(index));
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
            Command::ToggleScores
            | Command::DismissWelcome
            | Command::ToggleExplorer
            | Command::ResetSettings => self.change_setting(ctx, &command),
            Command::ChangeSettings(settings) => self.change_settings(ctx, *settings),
            Command::SaveSettingsAs => {
                self.open_dialog(ctx, super::dialogs::Purpose::SaveSettingsAs)
            }
            Command::LoadSettings => self.open_dialog(ctx, super::dialogs::Purpose::LoadSettings),
            Command::DismissNotice => self.notice = None,
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
            Command::ReplayInspected | Command::ReplayStep(_) | Command::BackToGame => {
                self.apply_replay(&command)
            }
            Command::ToggleStepper => self.toggle_stepper(),
            Command::Step(step) => {
                if let Some(stepper) = &mut self.stepper {
                    stepper.apply(step, self.controller.trace());
                }
            }
            Command::ToggleReview
            | Command::ReviewMove(_)
            | Command::RetryFrom(_)
            | Command::UnpinReview => {
                self.apply_review(&command);
                self.make_room_for_side_panels(ctx);
            }
            Command::ToggleHint => self.coach.toggle_hint(&self.controller),
            Command::ToggleThreat => self.coach.toggle_threat(&self.controller),
            Command::TogglePractice => self.coach.toggle_practice(),
            Command::PracticeAnswer(cell) => self.coach.practice_answer(cell),
            Command::PracticeNext => self.coach.practice_next(),
            Command::ToggleEditor
            | Command::Edit(_)
            | Command::AnalysePosition(_)
            | Command::PlayPosition(..) => self.apply_editor(ctx, command),
            Command::CopyPosition
            | Command::PastePosition(_)
            | Command::CopyMoves
            | Command::OpenExample(_) => self.apply_clipboard(ctx, command),
            Command::SaveGame => self.open_dialog(ctx, super::dialogs::Purpose::SaveGame),
            Command::OpenGame => self.open_dialog(ctx, super::dialogs::Purpose::OpenGame),
        }
    }

    /// The position editor: open or close it, edit, analyse the position, play from it.
    fn apply_editor(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::ToggleEditor => {
                self.editor = match self.editor.take() {
                    Some(_) => None,
                    None => Some(Editor::from_board(&self.on_show().board)),
                };
            }
            Command::Edit(edit) => {
                if let Some(editor) = &mut self.editor {
                    editor.apply(edit);
                }
            }
            Command::AnalysePosition(board) => {
                self.editor = None;
                self.preview = Some(Preview::Position {
                    board,
                    caption: None,
                });
            }
            Command::PlayPosition(board, seating) => self.play_position(ctx, board, seating),
            _ => {}
        }
    }

    /// Positions and moves in and out as text, and the articles' examples.
    fn apply_clipboard(&mut self, ctx: &Context, command: Command) {
        match command {
            Command::CopyPosition => {
                let text = self.on_show().board.copy_text();
                self.notice = Some(Notice::new(format!(
                    "Copied {text} (paste it after tictactoe analyze, or back here with Ctrl+V)."
                )));
                ctx.copy_text(text);
            }
            Command::PastePosition(text) => match Board::paste(&text) {
                Ok(board) => {
                    self.editor = None;
                    self.preview = Some(Preview::Position {
                        board,
                        caption: Some("The position you pasted.".to_string()),
                    });
                }
                Err(problem) => {
                    self.notice = Some(Notice::new(format!("Nothing was pasted: {problem}")));
                }
            },
            Command::CopyMoves => {
                let record = self.controller.record();
                let text = move_numbers(record.start.geometry(), &record.moves);
                self.notice = Some(Notice::new(format!(
                    "Copied the moves {text} (for tictactoe review)."
                )));
                ctx.copy_text(text);
            }
            Command::OpenExample(index) => {
                if let Some(example) = examples().get(index) {
                    self.editor = None;
                    self.preview = Some(Preview::Position {
                        board: example.board(),
                        caption: Some(format!("{}. {}", example.title, example.sentence)),
                    });
                }
            }
            _ => {}
        }
    }

    /// Starts a game from `board`, seated as asked; the board's size and k become the settings'.
    pub(super) fn play_position(&mut self, ctx: &Context, board: Board, seating: Seating) {
        let geometry = board.geometry();
        let mut settings = self.settings.clone();
        settings.board_size = geometry.rows() as u8;
        settings.in_a_row = if geometry.k()
            == crate::engine::board::Geometry::default_k(geometry.rows(), geometry.cols())
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
        self.change_settings(ctx, settings);
        self.editor = None;
        self.preview = None;
        self.controller
            .start_from(self.settings.game_setup(), &board);
        self.notice.take_if(|notice| notice.until_next_game);
    }

    /// A move for the human on the game's board; nothing while another position is on show.
    fn play(&mut self, cell: Cell) {
        if self.preview.is_none() && self.coach.practice.is_none() && self.editor.is_none() {
            self.controller.play(cell);
        }
    }

    fn move_focus(&mut self, rows: isize, cols: isize) {
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

    /// The commands that change one setting.
    fn change_setting(&mut self, ctx: &Context, command: &Command) {
        let mut settings = self.settings.clone();
        match command {
            Command::ToggleScores => {
                settings.show_scores = !settings.show_scores;
                settings.welcome_hint = false;
            }
            Command::DismissWelcome => settings.welcome_hint = false,
            Command::ToggleExplorer => settings.explorer_open = !settings.explorer_open,
            Command::ResetSettings => settings = Settings::default(),
            _ => return,
        }
        self.change_settings(ctx, settings);
    }

    /// Line replay: start it on the move looked at, step in it, leave it (or any preview).
    fn apply_replay(&mut self, command: &Command) {
        match command {
            Command::ReplayInspected => {
                let shown = self.controller.shown_scores();
                if self.preview.is_none()
                    && let Some(m) = self.inspected.and_then(|cell| shown?.get(cell))
                {
                    self.preview = Some(Preview::replay(*self.controller.board(), m));
                }
            }
            Command::ReplayStep(by) => {
                if let Some(preview) = &mut self.preview {
                    preview.step(*by);
                }
            }
            Command::BackToGame => {
                if self.editor.take().is_some() {
                    return;
                }
                if self.preview.take().is_none()
                    && let Some(explorer) = &mut self.explorer
                {
                    explorer.has_keyboard = false;
                }
            }
            _ => {}
        }
    }

    /// The review panel: open or close it, preview the position before a move, retry from there.
    fn apply_review(&mut self, command: &Command) {
        match *command {
            Command::ToggleReview => {
                self.coach.show_review = !self.coach.show_review;
                if !self.coach.show_review {
                    self.preview
                        .take_if(|preview| matches!(preview, Preview::BeforeMove { .. }));
                }
            }
            Command::ReviewMove(ply) => {
                let game = self.coach.reviewed_game(&self.controller);
                let before = game.positions_before();
                if let (Some(&board), Some(&played)) =
                    (before.get(ply - 1), game.moves.get(ply - 1))
                {
                    self.preview = Some(Preview::BeforeMove { ply, board, played });
                }
            }
            Command::RetryFrom(ply) => {
                self.preview = None;
                self.coach.retry(&mut self.controller, ply);
            }
            Command::UnpinReview => self.coach.unpin(),
            _ => {}
        }
    }

    /// The step-through opens on the position on show, with plain minimax first.
    fn toggle_stepper(&mut self) {
        self.stepper = match self.stepper.take() {
            Some(_) => None,
            None => Some(Stepper::new(self.on_show(), TraceAlgorithm::Plain)),
        };
    }
}
