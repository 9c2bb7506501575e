//! A set's quiz saved from the app: GIFT or Moodle XML, the same bytes as `tictactoe exercises
//! --format gift|moodle`, where the player picks in a dialog on the desktop and as a download
//! in a browser.

use super::notice::Notice;
use super::tic_tac_toe_app::TicTacToeApp;
use super::transfers::KeptText;
use crate::app::commands::QuizFormat;
use crate::app::files::dialogs::Purpose;
use crate::app::views::set_builder::quiz_text;
use crate::learn::exercises::{SetCode, generate};
use crate::store::files::{self, ReadProblem, SaveRules};

impl TicTacToeApp {
    /// Saves the quiz of the set `code` names: in a dialog on the desktop, as a download in a
    /// browser.
    pub(super) fn export_quiz(&mut self, ctx: &egui::Context, code: &SetCode, format: QuizFormat) {
        let text = quiz_text(&generate(code), format);
        let name = format!("quiz-{code}.{}", format.extension());
        self.quiz_to_save = Some((name, text));
        self.open_dialog(ctx, Purpose::ExportQuiz(format));
    }

    /// Hands the quiz waiting to be saved to the browser as a download.
    pub(super) fn download_quiz(&mut self) {
        let Some((name, text)) = self.quiz_to_save.take() else {
            return;
        };
        let said = quiz(&text).download(&name);
        self.say_in_builder(said);
    }

    /// Saves the quiz waiting to be saved at `path`, the player's choice: over nothing but a
    /// text file.
    pub(super) fn save_quiz(&mut self, path: &std::path::Path) {
        let Some((_, text)) = self.quiz_to_save.take() else {
            return;
        };
        let rules = SaveRules {
            make_folder: false,
            other_kind: not_text,
            check_bytes: files::MAX_KIND_CHECK_BYTES,
        };
        let said = quiz(&text).save(path, rules);
        self.say_in_builder(said);
    }

    /// Says `words` where the player is looking: in the builder, which covers the board and its
    /// notices, or over the board.
    pub(super) fn say_in_builder(&mut self, words: String) {
        match &mut self.views.builder {
            Some(builder) => builder.copied(words),
            None => self.notice = Some(Notice::new(words)),
        }
    }
}

/// The quiz `text`, as the player keeps it.
fn quiz(text: &str) -> KeptText<'_> {
    KeptText {
        what: "quiz",
        then: "",
        kept_unless: "text",
        text,
    }
}

/// Whether the file in the way is anything but text (a picture, a program): never saved over.
fn not_text(file: Result<&[u8], &ReadProblem>) -> bool {
    match file {
        Ok(bytes) => std::str::from_utf8(bytes).is_err() || bytes.contains(&0),
        Err(ReadProblem::TooLarge { .. }) => true,
        Err(_) => false,
    }
}
