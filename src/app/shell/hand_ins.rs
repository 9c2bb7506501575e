//! The app's side of a set's hand-in and of the LMS: the student's name kept in the settings,
//! the hand-in copied, saved (a download on the page) or opened to be checked, the SCORM
//! package made from the page's own files, and, where the page runs in an LMS, each answer, the
//! score and the status reported to it and the answers resumed from its suspend data. What is
//! reported, packaged and graded is `learn`'s; the LMS is reached through `platform::lms`.

use std::path::Path;
use std::sync::mpsc;

use egui::Context;

use super::notice::Notice;
use super::tic_tac_toe_app::TicTacToeApp;
use super::transfers::KeptText;
use crate::app::commands::HandInCommand;
use crate::app::files::dialogs::Purpose;
use crate::learn::exercises::is_hand_in;
use crate::learn::quiz::scorm::{self, SITE_FILES, lms_records};
use crate::platform::{self, lms};
use crate::store::files::{self, ReadProblem, SaveRules};
use crate::store::shown_path;

/// The largest hand-in file read: far more than a hundred answers need.
const MAX_HAND_IN_BYTES: u64 = 1 << 20;

impl TicTacToeApp {
    /// Carries out what the app does of a hand-in command (the panel keeps the rest).
    pub(super) fn hand_in_command(&mut self, ctx: &Context, command: HandInCommand) {
        match command {
            HandInCommand::EditName(name) => {
                let mut settings = self.settings.clone();
                settings.student_name = name;
                self.change_settings(ctx, settings);
            }
            HandInCommand::Copy => {
                let name = self.settings.student_name.clone();
                if let Some(exercises) = &mut self.views.exercises {
                    let hand_in = exercises.hand_in_of(&name);
                    ctx.copy_text(hand_in.text());
                    exercises.copied(format!(
                        "Copied the hand-in of {} ({} of {} items answered): paste it where your \
                         teacher asked.",
                        hand_in.name,
                        hand_in.answers.len(),
                        hand_in.code.count
                    ));
                }
            }
            HandInCommand::Save => self.open_dialog(ctx, Purpose::SaveHandIn),
            HandInCommand::OpenCheck => self.open_dialog(ctx, Purpose::OpenHandIn),
            HandInCommand::DownloadScorm => self.download_package(ctx),
            HandInCommand::ToggleHandIn
            | HandInCommand::ToggleTeacher
            | HandInCommand::EditCheck(_)
            | HandInCommand::EditPassMark(_) => {
                if let Some(exercises) = &mut self.views.exercises {
                    exercises.hand_in.apply(command);
                }
            }
        }
    }

    /// The hand-in as text, and the name it is saved under.
    fn hand_in_text(&self) -> Option<(String, String)> {
        let hand_in = self
            .views
            .exercises
            .as_ref()?
            .hand_in_of(&self.settings.student_name);
        Some((hand_in.text(), hand_in.file_name()))
    }

    /// Hands the hand-in to the browser as a download.
    pub(super) fn download_hand_in(&mut self) {
        let Some((text, name)) = self.hand_in_text() else {
            return;
        };
        let said = hand_in(&text).download(&name);
        self.say_in_exercises(said);
    }

    /// Saves the hand-in at `path`, never over a file that is not a hand-in.
    pub(super) fn save_hand_in(&mut self, path: &Path) {
        let Some((text, _)) = self.hand_in_text() else {
            return;
        };
        let rules = SaveRules {
            make_folder: false,
            other_kind: |file| files::text_of_other_kind(file, |text| !is_hand_in(text)),
            check_bytes: MAX_HAND_IN_BYTES,
        };
        let said = hand_in(&text).save(path, rules);
        self.say_in_exercises(said);
    }

    /// Reads the hand-in at `path` and checks it.
    pub(super) fn open_hand_in(&mut self, path: &Path) {
        let read = files::read_capped(path, MAX_HAND_IN_BYTES, |p| platform::fs::File::open(p));
        let text = match read {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(problem) => {
                let why = match problem {
                    ReadProblem::IsDirectory => "it is a folder".to_string(),
                    ReadProblem::NotARegularFile => "it is not a regular file".to_string(),
                    ReadProblem::TooLarge { size } => {
                        format!("it has {size} bytes, more than a hand-in")
                    }
                    ReadProblem::Io(error) => error.to_string(),
                };
                self.notice = Some(Notice::new(format!(
                    "{} could not be read: {why}.",
                    shown_path(path)
                )));
                return;
            }
        };
        self.hand_in_opened(text);
    }

    /// Checks a hand-in's text, opened or uploaded.
    pub(super) fn hand_in_opened(&mut self, text: String) {
        if let Some(exercises) = &mut self.views.exercises {
            exercises.hand_in.check_hand_in(text);
        }
    }

    /// Says `said` in the exercises' view, which covers the board and its notices.
    fn say_in_exercises(&mut self, said: String) {
        match &mut self.views.exercises {
            Some(exercises) => exercises.copied(said),
            None => self.notice = Some(Notice::new(said)),
        }
    }

    /// Fetches the page's own files and downloads them packaged with the set for an LMS.
    fn download_package(&mut self, ctx: &Context) {
        let Some(exercises) = &mut self.views.exercises else {
            return;
        };
        let pass = match exercises.hand_in.pass_mark() {
            Ok(pass) => pass,
            Err(problem) => {
                exercises.hand_in.package_said = Some(problem);
                return;
            }
        };
        let code = exercises.code().clone();
        exercises.hand_in.package_said = Some("Making the package…".into());
        let (sender, receiver) = mpsc::channel();
        self.lms.package = Some(receiver);
        let ctx = ctx.clone();
        platform::dialogs::fetch_site_files(&SITE_FILES, move |files| {
            let name = scorm::package_name(&code);
            let said = files
                .map(|files| scorm::package(&code, pass, &files))
                .and_then(|zip| {
                    platform::dialogs::download_bytes(&name, &zip, "application/zip")
                        .map(|()| zip.len())
                });
            let _ = sender.send(match said {
                Ok(bytes) => format!(
                    "Downloaded {name} ({} KB, pass mark {pass}): import it into your LMS as a \
                     SCORM 1.2 package.",
                    bytes / 1024
                ),
                Err(error) => format!("No package was made: {error}."),
            });
            ctx.request_repaint();
        });
    }

    /// Each frame: what became of a package being made, and, in an LMS, the set's answers so
    /// far told to it (only what changed) and committed.
    pub(super) fn lms_logic(&mut self) {
        if let Some(said) = self.lms.package.as_ref().and_then(|r| r.try_recv().ok()) {
            self.lms.package = None;
            if let Some(exercises) = &mut self.views.exercises {
                exercises.hand_in.package_said = Some(said);
            }
        }
        let Some((code, pass)) = &self.lms.reporting else {
            return;
        };
        let Some(exercises) = &self.views.exercises else {
            return;
        };
        // Only the set the LMS started: another opened in its frame is the student's own.
        if exercises.code() != code {
            return;
        }
        let records = lms_records(
            exercises.set(),
            exercises.answers(),
            exercises.results(),
            *pass,
        );
        let mut changed = false;
        for (name, value) in records {
            if self.lms.told.get(&name) != Some(&value) {
                lms::set(&name, &value);
                self.lms.told.insert(name, value);
                changed = true;
            }
        }
        if changed {
            lms::commit();
        }
    }
}

/// The hand-in `text`, as the player keeps it.
fn hand_in(text: &str) -> KeptText<'_> {
    KeptText {
        what: "hand-in",
        then: ": hand in that file",
        kept_unless: "a hand-in",
        text,
    }
}
