//! Settings in the app: applying a change (to the game, the theme, the panels), saving it off the
//! UI thread, and the "Save settings as…" and "Load settings…" dialogs.

use egui::{Context, ThemePreference};

use super::notice::Notice;
use super::preview::Preview;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::files::dialogs::{Answer, Purpose};
use crate::app::on_show::OnShow;
use crate::app::views::explorer::Explorer;
use crate::engine::board::Board;
use crate::game::{GameRecord, SetupChange};
use crate::platform;
use crate::store::settings::{self, ColorTheme, Settings};
use crate::store::{game_file, shown_path};

/// The width a window needs for a side panel (the explorer, the review) beside a board that still
/// reads.
const WIDTH_WITH_PANEL: f32 = 780.0;

impl TicTacToeApp {
    pub(super) fn open_dialog(&mut self, ctx: &Context, purpose: Purpose) {
        if !self.dialogs.available() && platform::dialogs::TRANSFERS {
            return self.transfer(ctx, purpose);
        }
        if let Err(reason) = self.dialogs.open(purpose, ctx) {
            // Games go in and out as text instead: the file's very text, on the clipboard.
            match purpose {
                Purpose::SaveGame => return self.copy_game(ctx, &reason),
                Purpose::OpenGame => {
                    self.notice = Some(Notice::new(format!(
                        "{reason} To open a saved game, paste its text here with Ctrl+V."
                    )));
                    return;
                }
                Purpose::ExportPicture(_) => {
                    self.picture_to_save = None;
                    self.notice = Some(Notice::new(format!("{reason} Nothing was saved.")));
                    return;
                }
                Purpose::SaveHandIn | Purpose::OpenHandIn => {
                    self.notice = Some(Notice::new(format!(
                        "{reason} Copy the hand-in instead, or paste one to check it."
                    )));
                    return;
                }
                Purpose::ExportQuiz(_) => {
                    self.quiz_to_save = None;
                    self.say_in_builder(format!(
                        "{reason} Nothing was saved: `tictactoe exercises --code CODE --format gift` writes the same quiz."
                    ));
                    return;
                }
                Purpose::SaveSettingsAs | Purpose::LoadSettings => {}
            }
            let saved_at = self.saver.as_ref().map_or(String::new(), |saver| {
                format!(
                    " Your settings are saved automatically in {}.",
                    shown_path(saver.path())
                )
            });
            self.notice = Some(Notice::new(format!("{reason}{saved_at}")));
        }
    }

    /// Acts on a file the player picked in a dialog.
    pub(super) fn file_picked(&mut self, ctx: &Context) {
        let Some(picked) = self.dialogs.picked() else {
            return;
        };
        let path = match picked.answer {
            None => {
                // Cancelled: a picture waiting for a path is not saved.
                if matches!(picked.purpose, Purpose::ExportPicture(_)) {
                    self.picture_to_save = None;
                }
                if matches!(picked.purpose, Purpose::ExportQuiz(_)) {
                    self.quiz_to_save = None;
                }
                return;
            }
            Some(Answer::Upload(upload)) => return self.uploaded(ctx, picked.purpose, upload),
            Some(Answer::Path(path)) => path,
        };
        match picked.purpose {
            Purpose::SaveSettingsAs => {
                self.notice = Some(Notice::new(
                    match settings::save_to(&path, &self.settings) {
                        Ok(()) => format!("Settings saved to {}.", shown_path(&path)),
                        Err(error) => error.to_string(),
                    },
                ));
            }
            Purpose::LoadSettings => self.load_settings(ctx, &path),
            Purpose::SaveGame => self.save_game(&path),
            Purpose::OpenGame => self.open_game(ctx, &path),
            Purpose::ExportPicture(_) => self.save_picture(&path),
            Purpose::SaveHandIn => self.save_hand_in(&path),
            Purpose::OpenHandIn => self.open_hand_in(&path),
            Purpose::ExportQuiz(_) => self.save_quiz(&path),
        }
    }

    /// Loads the settings in `path` (Settings > Load settings…), and says how it went. A file
    /// that is not fully valid settings (a broken one, a saved game) changes nothing: neither
    /// the settings in effect nor the file.
    pub fn load_settings(&mut self, ctx: &Context, path: &std::path::Path) {
        match settings::load_strict(path) {
            Ok(loaded) => {
                self.change_settings(ctx, loaded);
                self.notice = Some(Notice::new(format!(
                    "Settings loaded from {}.",
                    shown_path(path)
                )));
            }
            Err(error) => {
                self.notice = Some(Notice::new(format!("Nothing was changed.\n{error}")));
            }
        }
    }

    /// Saves the game under way to `path` (Game > Save game…), and says how it went.
    pub fn save_game(&mut self, path: &std::path::Path) {
        let record = self.controller.record();
        self.notice = Some(Notice::new(match game_file::save(path, &record) {
            Ok(()) => format!(
                "Game saved to {}. {}",
                shown_path(path),
                game_file::review_command(&record)
            ),
            Err(error) => error.to_string(),
        }));
    }

    /// Puts the game under way on the clipboard as the text a game file holds, when no file
    /// dialog can be shown (`reason` says why): pasted back with Ctrl+V it opens in the review,
    /// and saved into a file it is a game file.
    pub fn copy_game(&mut self, ctx: &Context, reason: &str) {
        let record = self.controller.record();
        self.notice = Some(Notice::new(match game_file::to_text(&record) {
            Ok(text) => {
                ctx.copy_text(text);
                format!(
                    "{reason} The game was copied as text instead: paste it into a file to keep \
                     it (tictactoe review --game FILE reads it), or back here with Ctrl+V to \
                     open it."
                )
            }
            Err(error) => format!("The game could not be copied: {error}"),
        }));
    }

    /// Opens a game pasted as text (a game file's text) in the review.
    pub(super) fn open_pasted_game(&mut self, ctx: &Context, record: crate::game::GameRecord) {
        self.views.editor = None;
        self.coach
            .show_game(record, "The game you pasted.".to_string());
        self.make_room_for_side_panels(ctx);
    }

    /// Opens the game saved in `path` in the review (Game > Open game…); a file that cannot be
    /// read changes nothing and says why.
    pub fn open_game(&mut self, ctx: &Context, path: &std::path::Path) {
        match game_file::load(path) {
            Ok(record) => {
                let name = path.file_name().map_or_else(
                    || shown_path(path),
                    |name| shown_path(std::path::Path::new(name)),
                );
                self.show_opened_game(ctx, record, &name);
            }
            Err(error) => {
                self.notice = Some(Notice::new(format!("Nothing was opened.\n{error}")));
            }
        }
    }

    /// Shows a game opened from the file `name` (picked in a dialog, or uploaded) in the review.
    /// What was said before (a save that failed, say) is not about this game, and the position
    /// editor gives way to the review.
    pub(super) fn show_opened_game(&mut self, ctx: &Context, record: GameRecord, name: &str) {
        self.notice = None;
        self.views.editor = None;
        self.coach
            .show_game(record, format!("The game opened from {name}."));
        self.make_room_for_side_panels(ctx);
    }

    /// Shows what became of the saves that finished since the last frame.
    pub(super) fn saves_finished(&mut self) {
        let Some(saver) = &self.saver else { return };
        while let Some(result) = saver.try_result() {
            match result {
                Ok(saved) => {
                    if let Some(backup) = saved.backup {
                        self.notice = Some(Notice::new(format!(
                            "Your old settings file was kept as {}.",
                            shown_path(&backup)
                        )));
                    }
                }
                Err(error) => self.notice = Some(Notice::new(error.to_string())),
            }
        }
    }

    /// Applies edited settings: the game's setup changes a game only before its first move;
    /// otherwise it waits for the next game, and the player is told so.
    pub(super) fn change_settings(&mut self, ctx: &Context, settings: Settings) {
        self.apply_settings(ctx, settings, true);
    }

    /// Applies settings for the game about to start from a set-up position only: they are in
    /// effect, but what is saved stays as it was (`--position` never changes the saved seating).
    pub(super) fn settings_for_one_game(&mut self, ctx: &Context, settings: Settings) {
        self.apply_settings(ctx, settings, false);
    }

    /// [`TicTacToeApp::change_settings`]; with `save` false, nothing of this change is saved.
    fn apply_settings(&mut self, ctx: &Context, settings: Settings, save: bool) {
        let old = std::mem::replace(&mut self.settings, settings);
        let new = self.settings.clone();
        let record = self.controller.record();
        let setup = new.game_setup();
        let from_position = record.moves.is_empty()
            && record.start != Board::empty(record.start.geometry(), record.start.to_move());
        let change = if from_position
            && setup != self.controller.session().setup()
            && setup.geometry == record.start.geometry()
        {
            // A set-up position not played yet stays on the board with the new seating.
            self.controller.start_from(setup, &record.start);
            SetupChange::Applied
        } else {
            self.controller.change_setup(setup)
        };
        match change {
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
        self.controller.set_play_options(new.play());
        if old.theme != new.theme {
            self.apply_theme(ctx);
        }
        // Whether the explorer is open is the open views' to say; the setting only remembers it
        // for the next start, so that a settings file loaded (or reset) opens or closes it.
        if save && new.explorer_open != self.views.explorer.is_some() {
            self.open_explorer(ctx, new.explorer_open);
        }
        if !save {
            self.saved_settings.get_or_insert(old);
        } else if old != new {
            // What a one-game setup set stays unsaved unless changed now.
            if let Some(saved) = &mut self.saved_settings {
                *saved = saved.with_changes(&old, &new);
            }
            if let Some(saver) = &self.saver {
                saver.save(self.settings_to_save());
            }
        }
    }

    /// The player's own settings: those in effect, but for what a one-game setup (a link, a
    /// position, an example, an opened game) set for its game only.
    pub(super) fn settings_to_save(&self) -> &Settings {
        self.saved_settings.as_ref().unwrap_or(&self.settings)
    }

    /// Opens the explorer on the position on show, or closes it with a preview of one of its
    /// nodes.
    pub(super) fn open_explorer(&mut self, ctx: &Context, open: bool) {
        if open {
            let (root, name) = self.position_to_explore().unwrap_or_else(|| {
                let board = *self.controller.board();
                (board, OnShow::game(board).name())
            });
            self.views.explorer = Some(Explorer::new(root, name));
        } else {
            self.views.explorer = None;
            self.preview
                .take_if(|preview| matches!(preview, Preview::Node { .. }));
        }
        self.make_room_for_side_panels(ctx);
    }

    /// A narrow window widens to make room for a side panel (the explorer, the review) beside
    /// the board, and gets its width back once they are closed, unless the player resized it
    /// meanwhile.
    pub(super) fn make_room_for_side_panels(&mut self, ctx: &Context) {
        let width = ctx.content_rect().width();
        let panels_open = self.views.explorer.is_some() || self.coach.show_review;
        match self.width_before_panels {
            None if panels_open && width < WIDTH_WITH_PANEL => {
                self.width_before_panels = Some(width);
                resize_width(ctx, WIDTH_WITH_PANEL);
            }
            Some(before) if !panels_open => {
                self.width_before_panels = None;
                if (width - WIDTH_WITH_PANEL).abs() < 1.0 {
                    resize_width(ctx, before);
                }
            }
            _ => {}
        }
    }

    pub(super) fn apply_theme(&self, ctx: &Context) {
        ctx.set_theme(match self.settings.theme {
            ColorTheme::Dark => ThemePreference::Dark,
            ColorTheme::Light => ThemePreference::Light,
            ColorTheme::System => ThemePreference::System,
        });
    }
}

fn resize_width(ctx: &Context, width: f32) {
    let height = ctx.content_rect().height();
    ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(egui::vec2(width, height)));
}
