//! File dialogs (the platform's) for settings ("Save settings as…", "Load settings…") and games ("Save
//! game…", "Open game…"), run off the UI thread so the window keeps drawing while one is open. In
//! a browser, files to open come as uploads instead ([`FileDialogs::upload`]).

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};

use crate::app::commands::{PictureFormat, QuizFormat};
use crate::platform::{self, FileQuestion, Upload};
use crate::store::{game_file, settings};

/// Which dialog, and so what to do with the file picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    SaveSettingsAs,
    LoadSettings,
    SaveGame,
    OpenGame,
    /// A drawn tree's picture, waiting in the app for a path.
    ExportPicture(PictureFormat),
    /// An exercise set's hand-in, to save.
    SaveHandIn,
    /// A hand-in to check.
    OpenHandIn,
    /// A set's quiz, waiting in the app for a path.
    ExportQuiz(QuizFormat),
}

impl Purpose {
    /// What the dialog asks.
    fn question(self) -> FileQuestion {
        let settings = ("Settings (RON)", "ron");
        let games = ("Games (RON)", "ron");
        let hand_ins = ("Hand-ins (text)", "txt");
        let (title, filter, file_name, save) = match self {
            Purpose::SaveSettingsAs => ("Save settings as", settings, "settings.ron", true),
            Purpose::LoadSettings => ("Load settings", settings, "settings.ron", false),
            Purpose::SaveGame => ("Save game", games, "game.ron", true),
            Purpose::OpenGame => ("Open game", games, "game.ron", false),
            Purpose::ExportPicture(format) => {
                let (kind, file_name) = match format {
                    PictureFormat::Svg => ("SVG pictures", "tree.svg"),
                    PictureFormat::Png => ("PNG pictures", "tree.png"),
                };
                (
                    "Export the picture",
                    (kind, format.extension()),
                    file_name,
                    true,
                )
            }
            Purpose::SaveHandIn => ("Save the hand-in", hand_ins, "hand-in.txt", true),
            Purpose::OpenHandIn => ("Open a hand-in", hand_ins, "hand-in.txt", false),
            Purpose::ExportQuiz(QuizFormat::Gift) => (
                "Export the quiz (GIFT)",
                ("GIFT quizzes", "txt"),
                "quiz.txt",
                true,
            ),
            Purpose::ExportQuiz(QuizFormat::MoodleXml) => (
                "Export the quiz (Moodle XML)",
                ("Moodle XML quizzes", "xml"),
                "quiz.xml",
                true,
            ),
        };
        FileQuestion {
            title,
            filter,
            file_name,
            save,
        }
    }

    /// The largest file of its kind.
    pub fn max_bytes(self) -> u64 {
        match self {
            Purpose::SaveSettingsAs | Purpose::LoadSettings => settings::MAX_FILE_SIZE,
            Purpose::SaveGame
            | Purpose::OpenGame
            | Purpose::ExportPicture(_)
            | Purpose::SaveHandIn
            | Purpose::OpenHandIn
            | Purpose::ExportQuiz(_) => game_file::MAX_FILE_BYTES,
        }
    }

    /// The name a download of this kind gets.
    pub fn file_name(self) -> &'static str {
        self.question().file_name
    }
}

/// What the player gave: a path picked in a dialog, or a file uploaded to the page.
pub enum Answer {
    Path(PathBuf),
    /// The file's name and text, or why it could not be read.
    Upload(Result<Upload, String>),
}

/// The player's answer to a dialog: `None` if they cancelled.
pub struct Picked {
    pub purpose: Purpose,
    pub answer: Option<Answer>,
}

pub struct FileDialogs {
    sender: Sender<Picked>,
    receiver: Receiver<Picked>,
    open: bool,
    /// Whether dialogs may be shown at all (where the platform can show them).
    allowed: bool,
}

impl FileDialogs {
    /// The platform's dialogs, or (`allowed` false) none, as where none can be shown.
    pub fn new(allowed: bool) -> Self {
        let (sender, receiver) = mpsc::channel();
        FileDialogs {
            sender,
            receiver,
            open: false,
            allowed,
        }
    }

    /// Whether a dialog can be shown.
    pub fn available(&self) -> bool {
        self.allowed && platform::dialogs::available()
    }

    /// Opens a dialog, unless one is open already. `Err` says why no dialog can be shown.
    pub fn open(&mut self, purpose: Purpose, ctx: &egui::Context) -> Result<(), String> {
        if self.open {
            return Ok(());
        }
        if !self.available() {
            return Err(
                "No file dialog can be shown here: it needs xdg-desktop-portal or zenity."
                    .to_string(),
            );
        }
        self.open = true;
        let sender = self.sender.clone();
        let ctx = ctx.clone();
        platform::dialogs::ask(purpose.question(), move |path| {
            let answer = path.map(Answer::Path);
            let _ = sender.send(Picked { purpose, answer });
            ctx.request_repaint();
        });
        Ok(())
    }

    /// Asks the browser for a file to upload, unless a question is open already.
    pub fn upload(&mut self, purpose: Purpose, ctx: &egui::Context) {
        if self.open {
            return;
        }
        self.open = true;
        let sender = self.sender.clone();
        let ctx = ctx.clone();
        platform::dialogs::upload(purpose.question(), purpose.max_bytes(), move |upload| {
            let answer = upload.map(Answer::Upload);
            let _ = sender.send(Picked { purpose, answer });
            ctx.request_repaint();
        });
    }

    /// The answer of the dialog, once the player has closed it.
    pub fn picked(&mut self) -> Option<Picked> {
        let picked = self.receiver.try_recv().ok()?;
        self.open = false;
        Some(picked)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A picture's dialog offers its format's files under the format's own name.
    #[test]
    fn a_picture_is_saved_as_a_file_of_its_format() {
        for (format, filter, file_name) in [
            (PictureFormat::Svg, ("SVG pictures", "svg"), "tree.svg"),
            (PictureFormat::Png, ("PNG pictures", "png"), "tree.png"),
        ] {
            let question = Purpose::ExportPicture(format).question();
            assert_eq!(question.title, "Export the picture");
            assert_eq!(question.filter, filter);
            assert_eq!(question.file_name, file_name);
            assert!(question.save);
        }
    }
}
