//! Files in a browser: where no dialog gives a path, Save game and Save settings as… hand the
//! file's text to the browser as a download, and Open game and Load settings… take an upload.
//! Also the one way a text the player keeps (a hand-in, a quiz) is saved on the desktop or
//! downloaded on the page, and how that is said.

use std::path::{Path, PathBuf};

use egui::Context;

use super::notice::Notice;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::files::dialogs::Purpose;
use crate::platform::{self, Upload};
use crate::store::files::{self, SaveProblem, SaveRules, TargetProblem};
use crate::store::{game_file, settings, shown_path};

/// A text the player keeps from the app (a hand-in, a quiz): saved where they chose on the
/// desktop, handed to the browser as a download on the page; each returns what to say of it.
pub(super) struct KeptText<'a> {
    /// What it is, in words: "hand-in", "quiz".
    pub what: &'static str,
    /// What to do with it next, said after it is kept (": hand in that file"), or nothing.
    pub then: &'static str,
    /// What a file it is never saved over is not ("a hand-in", "text").
    pub kept_unless: &'static str,
    pub text: &'a str,
}

impl KeptText<'_> {
    /// Hands the text to the browser as a download named `name`.
    pub(super) fn download(&self, name: &str) -> String {
        match platform::dialogs::download(name, self.text) {
            Ok(()) => format!("The {} was downloaded as {name}{}.", self.what, self.then),
            Err(error) => format!("Nothing was saved: {error}."),
        }
    }

    /// Saves the text at `path` (the player's choice) as `rules` allow.
    pub(super) fn save(&self, path: &Path, rules: SaveRules) -> String {
        let path_shown = shown_path(path);
        match files::save_atomically(path, rules, self.text.as_bytes()) {
            Ok(()) => format!("The {} was saved to {path_shown}{}.", self.what, self.then),
            Err(problem) => format!(
                "The {} was not saved to {path_shown}: {}.",
                self.what,
                self.why_not_saved(problem)
            ),
        }
    }

    /// Why it was not saved, in words.
    fn why_not_saved(&self, problem: SaveProblem) -> String {
        match problem {
            SaveProblem::Target(TargetProblem::IsDirectory) => "it is a folder".into(),
            SaveProblem::Target(TargetProblem::NotARegularFile) => {
                "it is not a regular file".into()
            }
            SaveProblem::Target(TargetProblem::NoFileName) => "it names no file".into(),
            SaveProblem::Target(TargetProblem::ReadOnly) => "the file there is read-only".into(),
            SaveProblem::Target(TargetProblem::OtherOwner) => {
                "the file there belongs to someone else".into()
            }
            SaveProblem::Target(TargetProblem::OtherKind) => {
                format!("the file there is not {}, and is kept", self.kept_unless)
            }
            SaveProblem::Target(TargetProblem::MissingFolder) => "its folder is missing".into(),
            SaveProblem::Write(error) => error.to_string(),
        }
    }
}

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
