//! A set's hand-in and the teacher's tools, drawn in the exercises' view: the student's name and
//! the hand-in to copy or save; a hand-in pasted or opened, graded as `tictactoe exercises
//! --check` grades it (`learn::exercises::grade_hand_in`); on the page, the set as a SCORM 1.2
//! package for an LMS. The texts and the grading are `learn`'s; this only shows them.

use egui::{RichText, Ui};

use crate::app::commands::{Command, ExercisesCommand, HandInCommand};
use crate::app::controls::Mirrored;
use crate::learn::exercises::{HandInError, HandInGrade, grade_hand_in};
use crate::learn::quiz::scorm::DEFAULT_PASS_MARK;

/// What the hand-in's and the teacher's parts keep between frames.
pub struct HandInPanel {
    /// Whether the hand-in is shown before the set is done (at the end it always is).
    pub student_open: bool,
    /// Whether the teacher's part is shown.
    pub teacher_open: bool,
    /// The hand-in to check, as pasted, and its grade.
    check_text: String,
    check: Option<Result<HandInGrade, HandInError>>,
    /// The package's pass mark as typed.
    pass_mark: String,
    /// What became of the last package asked for (made, or why not), said under its button.
    pub package_said: Option<String>,
}

impl Default for HandInPanel {
    fn default() -> Self {
        HandInPanel {
            student_open: false,
            teacher_open: false,
            check_text: String::new(),
            check: None,
            pass_mark: DEFAULT_PASS_MARK.to_string(),
            package_said: None,
        }
    }
}

fn command(command: HandInCommand) -> Command {
    Command::Exercises(ExercisesCommand::HandIn(command))
}

impl HandInPanel {
    /// Applies what the panel itself keeps; the app carries out the rest (the name, the
    /// clipboard, files, the package).
    pub fn apply(&mut self, command: HandInCommand) {
        match command {
            HandInCommand::ToggleHandIn => self.student_open = !self.student_open,
            HandInCommand::ToggleTeacher => self.teacher_open = !self.teacher_open,
            HandInCommand::EditCheck(text) => self.check_hand_in(text),
            HandInCommand::EditPassMark(text) => {
                self.pass_mark = text;
                self.package_said = None;
            }
            HandInCommand::EditName(_)
            | HandInCommand::Copy
            | HandInCommand::Save
            | HandInCommand::OpenCheck
            | HandInCommand::DownloadScorm => {}
        }
    }

    /// Grades `text` as a hand-in (pasted, or a file's text), as the command line does.
    pub fn check_hand_in(&mut self, text: String) {
        self.check = match text.trim().is_empty() {
            true => None,
            false => Some(grade_hand_in(&text)),
        };
        self.teacher_open = true;
        self.check_text = text;
    }

    /// The pass mark typed, if it is one: a whole number from 0 to 100.
    pub fn pass_mark(&self) -> Result<u8, String> {
        match self.pass_mark.trim().parse::<u8>() {
            Ok(mark) if mark <= 100 => Ok(mark),
            _ => Err(format!(
                "The pass mark is a whole number from 0 to 100, not \"{}\".",
                self.pass_mark.trim()
            )),
        }
    }

    /// The buttons that open the two parts, for the set's bar.
    pub fn menu_buttons(&self, ui: &mut Ui, done: bool, commands: &mut Vec<Command>) {
        if !done {
            let button = egui::Button::new("Hand in").selected(self.student_open);
            if ui.add(button).mirrored("Hand in").clicked() {
                commands.push(command(HandInCommand::ToggleHandIn));
            }
        }
        let words = "For the teacher";
        let button = egui::Button::new(words).selected(self.teacher_open);
        if ui.add(button).mirrored(words).clicked() {
            commands.push(command(HandInCommand::ToggleTeacher));
        }
    }

    /// The hand-in: the student's name, then Copy and Save (or Download); `answered` of
    /// `items` items are in it.
    pub fn student(
        &self,
        ui: &mut Ui,
        name: &str,
        (answered, items): (usize, usize),
        commands: &mut Vec<Command>,
    ) {
        ui.separator();
        ui.label(RichText::new("Hand in").strong());
        let mut typed = name.to_string();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Your name:");
            let edit = egui::TextEdit::singleline(&mut typed)
                .desired_width(220.0_f32.min(ui.available_width() - 16.0).max(60.0))
                .hint_text("First and last name")
                .id_salt("hand-in name");
            let response = ui.add(edit).labelled_by(label.id).mirrored("Your name");
            if response.changed() {
                commands.push(command(HandInCommand::EditName(typed.clone())));
            }
        });
        let named = !name.trim().is_empty();
        ui.horizontal_wrapped(|ui| {
            let copy = "Copy the hand-in";
            if ui
                .add_enabled(named, egui::Button::new(copy))
                .mirrored(copy)
                .clicked()
            {
                commands.push(command(HandInCommand::Copy));
            }
            let save = match crate::platform::page_address() {
                Some(_) => "Download the hand-in",
                None => "Save the hand-in…",
            };
            if ui
                .add_enabled(named, egui::Button::new(save))
                .mirrored(save)
                .clicked()
            {
                commands.push(command(HandInCommand::Save));
            }
        });
        let words = match (named, answered < items) {
            (false, _) => "Type your name to hand in.".to_string(),
            (true, true) => format!(
                "{answered} of {items} items answered: the hand-in has your answers so far."
            ),
            (true, false) => "Every answer as you typed it, sealed: your teacher grades it with \
                              \"Check a hand-in\" or tictactoe exercises --check, and sees if \
                              it was edited."
                .to_string(),
        };
        ui.add(egui::Label::new(RichText::new(words).weak()).wrap());
    }

    /// The teacher's part: a hand-in checked, and on the page the SCORM package.
    pub fn teacher(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.separator();
        ui.label(RichText::new("Check a hand-in").strong());
        let mut text = self.check_text.clone();
        let label = ui.label("Paste a hand-in, or open its file:");
        let edit = egui::TextEdit::multiline(&mut text)
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .hint_text("Tic-Tac-Toe exercises: a hand-in …")
            .id_salt("hand-in to check");
        let response = ui
            .add(edit)
            .labelled_by(label.id)
            .mirrored("The hand-in to check");
        if response.changed() {
            commands.push(command(HandInCommand::EditCheck(text)));
        }
        let open = match crate::platform::page_address() {
            Some(_) => "Open a hand-in's file",
            None => "Open a hand-in's file…",
        };
        if ui.button(open).mirrored(open).clicked() {
            commands.push(command(HandInCommand::OpenCheck));
        }
        match &self.check {
            None => {}
            Some(Err(error)) => {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!("Not a hand-in that can be graded: {error}."),
                );
            }
            Some(Ok(grade)) => {
                for (i, line) in grade.lines().into_iter().enumerate() {
                    let text = match i {
                        0..=2 => RichText::new(line).strong(),
                        3 if !grade.sealed => {
                            RichText::new(line).color(ui.visuals().error_fg_color)
                        }
                        _ => RichText::new(line),
                    };
                    ui.add(egui::Label::new(text).wrap());
                }
            }
        }
        // A package is the page's own files: only the page has them to hand.
        if crate::platform::page_address().is_none() {
            return;
        }
        ui.separator();
        ui.label(RichText::new("The set for an LMS").strong());
        let mut mark = self.pass_mark.clone();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Pass mark (out of 100):");
            let edit = egui::TextEdit::singleline(&mut mark)
                .desired_width(40.0)
                .id_salt("scorm pass mark");
            let response = ui.add(edit).labelled_by(label.id).mirrored("Pass mark");
            if response.changed() {
                commands.push(command(HandInCommand::EditPassMark(mark.clone())));
            }
            let words = "Download for an LMS (SCORM 1.2)";
            if ui.button(words).mirrored(words).clicked() {
                commands.push(command(HandInCommand::DownloadScorm));
            }
        });
        let said = match (&self.package_said, self.pass_mark()) {
            (_, Err(problem)) => Some(problem),
            (said, Ok(_)) => said.clone(),
        };
        let words = said.unwrap_or_else(|| {
            "A zip to import into Moodle, Canvas, Blackboard or any LMS that plays SCORM 1.2: \
             this page with the set, which reports each answer, the score and passed or failed \
             to the LMS's gradebook."
                .to_string()
        });
        ui.add(egui::Label::new(RichText::new(words).weak()).wrap());
    }
}
