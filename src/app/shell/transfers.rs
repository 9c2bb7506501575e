//! Files in a browser: where no dialog gives a path, Save game and Save settings as… hand the
//! file's text to the browser as a download, and Open game and Load settings… take an upload.

use std::path::PathBuf;

use egui::Context;

use super::notice::Notice;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::files::dialogs::Purpose;
use crate::platform::{self, Upload};
use crate::store::{game_file, settings, shown_path};

impl TicTacToeApp {
    /// Saves as a download, or asks for an upload, for `purpose`.
    pub(super) fn transfer(&mut self, ctx: &Context, purpose: Purpose) {
        let name = purpose.file_name();
        let text = match purpose {
            Purpose::OpenGame | Purpose::LoadSettings | Purpose::OpenHandIn => {
                return self.dialogs.upload(purpose, ctx);
            }
            Purpose::SaveHandIn => return self.download_hand_in(),
            Purpose::ExportPicture(_) => return self.download_picture(),
            Purpose::ExportQuiz(_) => return self.download_quiz(),
            Purpose::SaveGame => game_file::to_text(&self.controller.record())
                .map_err(|error| format!("The game could not be saved: {error}")),
            Purpose::SaveSettingsAs => settings::to_ron(&self.settings)
                .map_err(|error| format!("The settings could not be saved: {error}")),
        };
        let said = text.and_then(|text| {
            platform::dialogs::download(name, &text)
                .map_err(|error| format!("Nothing was saved: {error}."))
        });
        self.notice = Some(Notice::new(match (said, purpose) {
            (Ok(()), Purpose::SaveGame) => format!(
                "The game was downloaded as {name}: Game > Open game… opens it again. {}",
                game_file::review_command(&self.controller.record())
            ),
            (Ok(()), _) => format!(
                "The settings were downloaded as {name}: Settings > Load settings… reads them."
            ),
            (Err(error), _) => error,
        }));
    }

    /// Acts on a file uploaded for `purpose` (or says why it could not be read); a file that is
    /// not fully valid changes nothing.
    pub(super) fn uploaded(
        &mut self,
        ctx: &Context,
        purpose: Purpose,
        upload: Result<Upload, String>,
    ) {
        let (path, text): (PathBuf, String) = match upload {
            Ok(Upload { name, text }) => (name.into(), text),
            Err(error) => {
                self.notice = Some(Notice::new(format!("Nothing was opened: {error}.")));
                return;
            }
        };
        // A name may hold anything; a notice shows it on one line.
        let name = shown_path(&path);
        match purpose {
            Purpose::OpenGame => match game_file::from_text(&text) {
                Ok(record) => self.show_opened_game(ctx, record, &name),
                Err(error) => {
                    self.notice =
                        Some(Notice::new(format!("Nothing was opened.\n{name}: {error}")));
                }
            },
            Purpose::LoadSettings => match settings::from_text_strict(&path, &text) {
                Ok(loaded) => {
                    self.change_settings(ctx, loaded);
                    self.notice = Some(Notice::new(format!("Settings loaded from {name}.")));
                }
                Err(error) => {
                    self.notice = Some(Notice::new(format!("Nothing was changed.\n{error}")));
                }
            },
            Purpose::OpenHandIn => self.hand_in_opened(text),
            // Nothing is uploaded to be saved.
            Purpose::SaveGame
            | Purpose::SaveSettingsAs
            | Purpose::ExportPicture(_)
            | Purpose::SaveHandIn
            | Purpose::ExportQuiz(_) => {}
        }
    }
}
