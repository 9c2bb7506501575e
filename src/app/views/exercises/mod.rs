//! Graded exercises: a set named by its code, one item at a time (its prompt, its board, an
//! answer typed or a cell clicked), each answer graded with the engine's feedback, and at the
//! end the summary a student hands in. Sets, prompts, keys, grading and the summary are
//! `learn::exercises`'s; this only shows them and keeps the learner's place.

mod hand_in;

use egui::{Key, RichText, Ui};

use crate::app::commands::{Command, ExercisesCommand};
use crate::app::controls::Mirrored;
use crate::app::drawing::board_widget::{BoardWidget, Highlight, Palette, Spoken};
use crate::app::drawing::exercise_tree;
use crate::app::drawing::texts;
use crate::app::drawing::tree_drawing;
use crate::app::view::{Given, View};
use crate::engine::board::{Board, Cell};
use crate::engine::minimax::Analysis;
use crate::learn::exercises::prune::{Ask, PruneKey};
use crate::learn::exercises::{
    AnswerError, ExerciseSet, Figure, Form, Graded, HandIn, Item, Kind, SetCode, Summary,
    cells_text, generate, parse_cells,
};
use crate::learn::view::ScoreView;
use crate::store::exercise_progress::SetProgress;
use hand_in::HandInPanel;

/// How many items a set opened from the menu has (as `tictactoe exercises` deals by default).
const MENU_COUNT: usize = 8;

/// A set being answered.
pub struct Exercises {
    set: ExerciseSet,
    /// The code field as typed, and why it names no set (if it does not).
    code_text: String,
    code_problem: Option<String>,
    /// The item answered now (from 0); the set's length once every item is done.
    index: usize,
    /// Whether each item was answered right (`None`: not yet).
    results: Vec<Option<bool>>,
    /// Each item's graded answer, as typed: what is kept of the student's progress, and what
    /// a hand-in carries.
    given: Vec<Option<String>>,
    /// The answer field as typed.
    answer: String,
    /// What the last answer to the current item gave.
    feedback: Option<Result<Graded, AnswerError>>,
    /// Answers to the current item that could not be read: after each, the answer field takes
    /// the keyboard again, to be corrected.
    unreadable: usize,
    /// Whether the search is drawn over the item's tree (once graded).
    show_search: bool,
    /// What was just copied, said until the next command.
    copied: Option<String>,
    /// The hand-in and the teacher's tools.
    pub hand_in: HandInPanel,
}

impl Exercises {
    /// The set `code` names, from its first item.
    pub fn new(code: SetCode) -> Exercises {
        let set = generate(&code);
        Exercises {
            code_text: code.to_string(),
            code_problem: None,
            index: 0,
            results: vec![None; set.items.len()],
            given: vec![None; set.items.len()],
            answer: String::new(),
            feedback: None,
            unreadable: 0,
            show_search: false,
            copied: None,
            hand_in: HandInPanel::default(),
            set,
        }
    }

    /// The set with `answers` given again (`answers[i]` as typed for item `i + 1`), each graded,
    /// on the first item not answered: a set resumed where it was left.
    pub fn resume(&mut self, answers: &[Option<String>]) {
        for (i, item) in self.set.items.iter().enumerate() {
            let Some(Some(typed)) = answers.get(i) else {
                continue;
            };
            if let Ok(graded) = item.grade(typed) {
                self.results[i] = Some(graded.correct);
                self.given[i] = Some(typed.clone());
            }
        }
        self.index = self
            .results
            .iter()
            .position(Option::is_none)
            .unwrap_or(self.set.items.len());
        self.answer.clear();
        self.feedback = None;
    }

    /// The set.
    pub fn set(&self) -> &ExerciseSet {
        &self.set
    }

    /// Each item's answer as typed when graded (`None`: not yet).
    pub fn answers(&self) -> &[Option<String>] {
        &self.given
    }

    /// Whether each item was answered right (`None`: not yet).
    pub fn results(&self) -> &[Option<bool>] {
        &self.results
    }

    /// The hand-in of the answers given so far, under `name`.
    pub fn hand_in_of(&self, name: &str) -> HandIn {
        HandIn::new(name, &self.set.code, &self.given)
    }

    /// The same set, on item `number` (from 1; one past the last is the last): a set reopened
    /// where it was, its earlier items unanswered.
    pub fn at_item(mut self, number: usize) -> Exercises {
        let last = self.set.items.len().saturating_sub(1);
        self.index = number.saturating_sub(1).min(last);
        self
    }

    /// What is kept of the student's way through the set: the item on show and every answer
    /// graded, as typed.
    pub fn progress(&self) -> SetProgress {
        SetProgress {
            item: self.index + 1,
            answers: self
                .given
                .iter()
                .enumerate()
                .filter_map(|(i, given)| Some((i + 1, given.clone()?)))
                .collect(),
        }
    }

    /// The same set where `progress` left it: each answer kept graded again (the same key
    /// grades it the same), on the item it was on, its verdict shown if it was graded.
    pub fn resumed(mut self, progress: &SetProgress) -> Exercises {
        for (&number, typed) in &progress.answers {
            let Some(item) = self.set.items.get(number.wrapping_sub(1)) else {
                continue;
            };
            if let Ok(graded) = item.grade(typed) {
                self.results[number - 1] = Some(graded.correct);
                self.given[number - 1] = Some(typed.clone());
            }
        }
        self.index = progress.item.saturating_sub(1).min(self.set.items.len());
        if let Some(Some(typed)) = self.given.get(self.index) {
            self.answer = typed.clone();
            self.feedback = self.item().map(|item| item.grade(typed));
        }
        self
    }

    /// The number of the item on show, from 1 (one past the last once every item is done).
    pub fn item_number(&self) -> usize {
        self.index + 1
    }

    /// A set of every kind on the classic board, seen in `view`, from `seed`.
    pub fn every_kind(seed: u64, view: ScoreView) -> Exercises {
        let code = SetCode::new(seed, Kind::FIRST_SET.to_vec(), MENU_COUNT, 3, view)
            .expect("every kind on 3x3 is a valid set");
        Exercises::new(code)
    }

    /// The item answered now, if the set is not done.
    /// The board of the item on show, if one is (not the results).
    pub fn item_board(&self) -> Option<Board> {
        self.item().map(|item| item.board)
    }

    fn item(&self) -> Option<&Item> {
        self.set.items.get(self.index)
    }

    /// Whether the current item has been graded (right or wrong): it is then done.
    fn graded(&self) -> bool {
        matches!(self.feedback, Some(Ok(_)))
    }

    /// Says what was just copied (a link, the set's code), until the next command.
    pub fn copied(&mut self, said: String) {
        self.copied = Some(said);
    }

    /// The set's code.
    pub fn code(&self) -> &SetCode {
        &self.set.code
    }

    /// What the page's live region says: the verdict on the last answer with its explanation
    /// (or why the answer could not be read), the first line of the results at the end; `None`
    /// while an item waits.
    pub fn live_words(&self) -> Option<String> {
        if let Some(copied) = &self.copied {
            return Some(copied.clone());
        }
        match (&self.feedback, self.item()) {
            (_, None) => self.summary().lines().into_iter().next(),
            // The verdict and all that explains it, as a sighted learner reads them under it.
            (Some(Ok(graded)), Some(_)) => {
                (!graded.feedback.is_empty()).then(|| graded.feedback.join(" "))
            }
            (Some(Err(unreadable)), Some(_)) => Some(unreadable.to_string()),
            (None, Some(_)) => None,
        }
    }

    /// The status bar's two lines while the set is open: where the learner is in it, and how
    /// it goes so far (with the way back to the game).
    pub fn status_lines(&self, touch: bool) -> (String, String) {
        let count = self.set.items.len();
        let answered = self.results.iter().flatten().count();
        let right = self
            .results
            .iter()
            .flatten()
            .filter(|&&right| right)
            .count();
        // The code is in the view: a phone's status bar has room for a short line.
        let place = match self.item() {
            Some(item) => format!(
                "Exercises: item {} of {count}, {}.",
                item.number,
                item.kind().name()
            ),
            None => format!("Exercises done: {right} of {count} right."),
        };
        let back = match touch {
            true => "Close goes back to the game.",
            false => "Close (Esc) goes back to the game.",
        };
        let so_far = match answered {
            0 => format!("None answered yet. {back}"),
            _ => format!("{answered} answered, {right} right. {back}"),
        };
        (place, so_far)
    }

    pub fn summary(&self) -> Summary {
        Summary::of(&self.set, &self.results)
    }

    /// Applies `command`; `fresh_seed` gives a new set its seed.
    pub fn apply(&mut self, command: ExercisesCommand, fresh_seed: impl FnOnce() -> u64) {
        self.copied = None;
        if let ExercisesCommand::HandIn(command) = command {
            return self.hand_in.apply(command);
        }
        // The hand-in's and the teacher's parts stay as they are when another set opens.
        let panel = std::mem::take(&mut self.hand_in);
        self.apply_to_set(command, fresh_seed);
        self.hand_in = panel;
    }

    fn apply_to_set(&mut self, command: ExercisesCommand, fresh_seed: impl FnOnce() -> u64) {
        match command {
            ExercisesCommand::HandIn(_) => {}
            ExercisesCommand::EditCode(text) => {
                self.code_text = text;
                self.code_problem = None;
            }
            ExercisesCommand::OpenCode => match self.code_text.parse::<SetCode>() {
                // The set open already stays as it is, its answers with it (Start again clears
                // them).
                Ok(code) if code == self.set.code => {}
                Ok(code) => *self = Exercises::new(code),
                Err(error) => self.code_problem = Some(error.to_string()),
            },
            ExercisesCommand::StartAgain => *self = Exercises::new(self.set.code.clone()),
            ExercisesCommand::NewSet => {
                let code = SetCode {
                    seed: fresh_seed(),
                    ..self.set.code.clone()
                };
                *self = Exercises::new(code);
            }
            ExercisesCommand::AgainMissed => {
                let kinds = self.summary().missed_kinds();
                let code = &self.set.code;
                if let Ok(fresh) =
                    SetCode::new(fresh_seed(), kinds, code.count, code.size, code.view)
                {
                    *self = Exercises::new(fresh.on_trees(code.trees));
                }
            }
            ExercisesCommand::EditAnswer(text) => {
                if !self.graded() {
                    self.answer = text;
                }
            }
            ExercisesCommand::Submit => self.submit(),
            ExercisesCommand::Cell(cell) => self.cell_answer(cell),
            ExercisesCommand::Node(node) => self.node_answer(node),
            ExercisesCommand::ShowSearch => {
                if self.graded() {
                    self.show_search = !self.show_search;
                }
            }
            // The app puts the results and the link on the clipboard: it holds the context.
            ExercisesCommand::CopyResults | ExercisesCommand::CopyLink => {}
            ExercisesCommand::Next => {
                if self.graded() {
                    self.index += 1;
                    self.answer.clear();
                    self.feedback = None;
                    self.unreadable = 0;
                    self.show_search = false;
                }
            }
        }
    }

    fn submit(&mut self) {
        let Some(item) = self.item() else { return };
        if self.graded() {
            return;
        }
        let graded = item.grade(&self.answer);
        match &graded {
            Ok(graded) => {
                self.results[self.index] = Some(graded.correct);
                self.given[self.index] = Some(self.answer.clone());
            }
            Err(_) => self.unreadable += 1,
        }
        self.feedback = Some(graded);
    }

    /// A cell clicked on the board: the answer to "find the move"; one cell more (or less) of
    /// the horizon's list.
    fn cell_answer(&mut self, cell: Cell) {
        let Some(item) = self.item() else { return };
        if self.graded() {
            return;
        }
        match item.form() {
            Form::Cell { .. } => {
                self.answer = cells_text(&[cell]);
                self.submit();
            }
            Form::Cells { .. } => {
                let mut cells =
                    parse_cells(&self.answer, item.board.geometry()).unwrap_or_default();
                match cells.iter().position(|&c| c == cell) {
                    Some(at) => {
                        cells.remove(at);
                    }
                    None => {
                        cells.push(cell);
                        crate::learn::short_sort::sort_short_by_key(&mut cells, |&cell| cell);
                    }
                }
                self.answer = cells_text(&cells);
            }
            Form::Number { .. }
            | Form::Numbers
            | Form::Search(_)
            | Form::Fill(_)
            | Form::Typed
            | Form::Drawn(_) => {}
        }
    }

    /// A node of the tree clicked or tapped: in the pruned branches typed, or out again.
    fn node_answer(&mut self, node: usize) {
        let Some(item) = self.item() else { return };
        if self.graded() {
            return;
        }
        let Form::Search(key) = item.form() else {
            return;
        };
        if key.ask != Ask::Pruned || node == 0 || node >= key.nodes.len() {
            return;
        }
        let mut nodes = chosen_nodes(key, &self.answer);
        match nodes.iter().position(|&n| n == node) {
            Some(at) => {
                nodes.remove(at);
            }
            None => {
                nodes.push(node);
                nodes.sort_unstable();
            }
        }
        self.answer = match nodes.is_empty() {
            true => String::new(),
            false => key.labels(&nodes),
        };
    }

    /// Draws the set; `spoken` gets what a screen reader hears of the item's board.
    pub fn show(&self, ui: &mut Ui, spoken: &mut Spoken, name: &str) -> Vec<Command> {
        let mut commands = Vec::new();
        // The answer and Check, then Next, in a bar under the item that never scrolls away: on
        // any screen a finger reaches them without a swipe, however long the prompt, the verdict
        // or the tree. The bar is as tall as it was last frame (a frame whose bar changed height
        // is laid out again), the item scrolls in the rest.
        let whole = ui.available_rect_before_wrap();
        let bar_id = egui::Id::unique("exercise answer bar height");
        let bar_height = match self.item() {
            Some(_) => ui.data(|data| data.get_temp::<f32>(bar_id)).unwrap_or(0.0),
            None => 0.0,
        };
        let split = (whole.max.y - bar_height).max(whole.min.y);
        let above = egui::Rect::from_min_max(whole.min, egui::pos2(whole.max.x, split));
        // A scroll of its own per item, and once it is graded: the new view is not moved on by
        // what the last one was scrolled, swiped or flung to, but starts at its top (the item's
        // title), and once graded shows the verdict.
        let shown = (self.set.code.to_string(), self.index, self.graded());
        ui.scope_builder(egui::UiBuilder::new().max_rect(above), |ui| {
            egui::ScrollArea::vertical()
                .id_salt(("exercises", shown))
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    self.code_bar(ui, &mut commands);
                    if let Some(copied) = &self.copied {
                        ui.add(egui::Label::new(RichText::new(copied).weak()).wrap());
                    }
                    ui.separator();
                    match self.item() {
                        Some(item) => {
                            if self.hand_in.student_open {
                                self.hand_in_view(ui, name, &mut commands);
                            }
                            if self.hand_in.teacher_open {
                                self.hand_in.teacher(ui, &mut commands);
                            }
                            if self.hand_in.student_open || self.hand_in.teacher_open {
                                ui.separator();
                            }
                            self.item_view(ui, item, &mut commands, spoken)
                        }
                        None => {
                            self.summary_view(ui, &mut commands);
                            self.hand_in_view(ui, name, &mut commands);
                            if self.hand_in.teacher_open {
                                self.hand_in.teacher(ui, &mut commands);
                            }
                        }
                    }
                });
        });
        if let Some(item) = self.item() {
            let below = egui::Rect::from_min_max(egui::pos2(whole.min.x, split), whole.max);
            let bar = ui.scope_builder(egui::UiBuilder::new().max_rect(below), |ui| {
                ui.separator();
                self.answer_bar(ui, item, &mut commands);
            });
            let height = bar.response.rect.height();
            if (height - bar_height).abs() > 0.5 {
                ui.data_mut(|data| data.insert_temp(bar_id, height));
                ui.ctx()
                    .request_discard("the exercise's answer bar changed height");
            }
        }
        commands
    }

    /// The title, the set's code with a field for another, and a fresh set.
    fn code_bar(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Exercises").strong());
            if ui
                .button(texts::with_key(ui, "Close", "Esc"))
                .mirrored("Close")
                .clicked()
            {
                commands.push(Command::ToggleExercises);
            }
        });
        // The code on a line of its own, never after another widget in a wrapping row: there
        // egui lays a word longer than the row (a set's code on a phone) out past the row's left
        // edge (emilk/egui#8560), and every row under it follows, off the screen.
        ui.add(egui::Label::new(format!("Set {}", self.set.code)).wrap());
        if !self.progress().is_fresh() {
            ui.horizontal_wrapped(|ui| {
                let words = "Start again";
                let button = ui
                    .button(words)
                    .on_hover_text("Back to item 1, your answers to this set cleared")
                    .mirrored(words);
                if button.clicked() {
                    commands.push(ExercisesCommand::StartAgain.into());
                }
                ui.add(
                    egui::Label::new(
                        RichText::new(
                            "Your answers are kept until you start again, which clears them.",
                        )
                        .weak(),
                    )
                    .wrap(),
                );
            });
        }
        let mut text = self.code_text.clone();
        let room = ui.available_width();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Set code:");
            let edit = egui::TextEdit::singleline(&mut text)
                .desired_width(field_width(ui, room, 340.0))
                .hint_text("v1-s1234-k=value,horizon-n=10-3x3")
                .id_salt("exercise set code");
            let response = ui.add(edit).labelled_by(label.id);
            if response.changed() {
                commands.push(ExercisesCommand::EditCode(text.clone()).into());
            }
            let entered = response.lost_focus() && ui.input(|input| input.key_pressed(Key::Enter));
            if ui.button("Open the set").mirrored("Open the set").clicked() || entered {
                commands.push(ExercisesCommand::OpenCode.into());
            }
            if ui.button("New set").mirrored("New set").clicked() {
                commands.push(ExercisesCommand::NewSet.into());
            }
            // A teacher's way to choose the kinds, levels and board of a set like this one.
            if ui.button("Build a set…").mirrored("Build a set…").clicked() {
                commands.push(Command::ToggleBuilder);
            }
            // At the end, the results have their own, beside "Copy the results".
            if self.item().is_some() {
                copy_link_button(ui, commands);
            }
            self.hand_in
                .menu_buttons(ui, self.item().is_none(), commands);
        });
        if let Some(problem) = &self.code_problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    }

    fn item_view(
        &self,
        ui: &mut Ui,
        item: &Item,
        commands: &mut Vec<Command>,
        spoken: &mut Spoken,
    ) {
        let header = ui.label(
            RichText::new(format!(
                "Item {} of {} · {}, level {}",
                item.number,
                self.set.items.len(),
                item.kind().name(),
                item.level
            ))
            .strong(),
        );
        let item_key = (self.set.code.to_string(), item.number);
        let mut asked = header
            .rect
            .union(ui.add(egui::Label::new(item.prompt()).wrap()).rect);
        let how = how_to_answer(item, texts::touch(ui.ctx()));
        if !item.on_board() && !how.is_empty() && !self.graded() {
            asked = asked.union(ui.label(how).rect);
        }
        if item.on_board() && !self.graded() {
            let words = format!(
                "Rows and columns count from 1 at the top left: r2c3 is row 2, column 3. {how}"
            );
            asked = asked.union(ui.add(egui::Label::new(words).wrap()).rect);
        }
        // A new item (after Next, or the first) comes into sight from its title down to how it
        // is answered, wherever the last one ended; at once, so that a finger aims at where
        // things are. Where the words are taller than the view, from the title.
        if !self.graded() && frames_shown(ui, "exercise item shown", &item_key) < SETTLING {
            bring_into_view(ui, asked);
        }
        match &self.feedback {
            None => {}
            Some(Err(unreadable)) => {
                let said = ui.colored_label(ui.visuals().error_fg_color, unreadable.to_string());
                // Said where the answer bar's user sees it.
                let key = (item_key.0.clone(), item_key.1, self.unreadable);
                if frames_shown(ui, "exercise unreadable shown", &key) < SETTLING {
                    bring_into_view(ui, said.rect);
                }
            }
            Some(Ok(graded)) => {
                let palette = Palette::of(ui);
                let color = if graded.correct {
                    palette.win
                } else {
                    palette.loss
                };
                let mut lines = graded.feedback.iter();
                let mut verdict = None;
                if let Some(first) = lines.next() {
                    let first = RichText::new(first).color(color).strong();
                    verdict = Some(ui.add(egui::Label::new(first).wrap()).rect);
                }
                for line in lines {
                    let rect = ui.add(egui::Label::new(line).wrap()).rect;
                    verdict = verdict.map(|verdict| verdict.union(rect));
                }
                // The view that explains the answer, one tap away: the search drawn over the
                // tree.
                if matches!(item.form(), Form::Search(_) | Form::Fill(_)) {
                    let words = match (self.show_search, item.form()) {
                        (true, Form::Search(_)) => "Hide the search",
                        (false, Form::Search(_)) => "Show the search",
                        (true, _) => "Hide the values",
                        (false, _) => "Show the values",
                    };
                    let button = egui::Button::new(words).selected(self.show_search);
                    if ui.add(button).mirrored(words).clicked() {
                        commands.push(ExercisesCommand::ShowSearch.into());
                    }
                }
                // The verdict comes into sight, from its first line if it is taller than the
                // view (Next waits in the bar under it).
                if let Some(verdict) = verdict
                    && frames_shown(ui, "exercise verdict shown", &item_key) < SETTLING
                {
                    bring_into_view(ui, verdict);
                }
            }
        }
        // Under the prompt and the verdict, so that a small screen shows the words first.
        if item.on_board() {
            self.board(ui, item, commands, spoken);
        }
        self.tree(ui, item, commands);
    }

    /// The answer field and Check; once graded, the answer as given and Next (or the results).
    /// The field, its label and the button on one row where the row has room for a field a few
    /// words wide; the label above them on a narrow screen.
    fn answer_bar(&self, ui: &mut Ui, item: &Item, commands: &mut Vec<Command>) {
        let item_key = (self.set.code.to_string(), item.number);
        let graded = self.graded();
        let last = self.index + 1 == self.set.items.len();
        let (words, key) = match (graded, last) {
            (false, _) => ("Check", "Enter"),
            (true, false) => ("Next", "N"),
            (true, true) => ("See the results", "N"),
        };
        let button_words = texts::with_key(ui, words, key);
        let width_of = |ui: &Ui, text: &str, style: egui::TextStyle| {
            egui::WidgetText::from(text)
                .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, style)
                .size()
                .x
        };
        let spacing = ui.spacing().item_spacing.x;
        let button_width = width_of(ui, &button_words, egui::TextStyle::Button)
            + 2.0 * ui.spacing().button_padding.x;
        let label_width = width_of(ui, "Your answer:", egui::TextStyle::Body);
        let inline = ui.available_width() >= label_width + button_width + 2.0 * spacing + 160.0;
        let above = (!inline).then(|| ui.label("Your answer:"));
        let mut answer = self.answer.clone();
        ui.horizontal(|ui| {
            let label = above.unwrap_or_else(|| ui.label("Your answer:"));
            let room = ui.available_width() - button_width - spacing;
            let edit = egui::TextEdit::singleline(&mut answer)
                .desired_width(field_width(ui, room, 300.0))
                .hint_text(item.accepted())
                .id_salt("exercise answer")
                .interactive(!graded);
            let response = ui.add(edit).labelled_by(label.id);
            // A new item's field has the keyboard, so that the answer is typed at once; so has
            // the field after an answer that could not be read, to be corrected. Once the
            // layout has settled.
            let focus_key = (item_key.0.clone(), item_key.1, self.unreadable);
            if frames_shown(ui, "exercise answer focused", &focus_key) == SETTLING - 1 {
                response.request_focus();
            }
            // On the page: a tap where the mirror says gives the field the keyboard.
            let response = match graded {
                true => response,
                false => response.mirrored("Your answer"),
            };
            if response.changed() {
                commands.push(ExercisesCommand::EditAnswer(answer.clone()).into());
            }
            let entered = response.lost_focus() && ui.input(|input| input.key_pressed(Key::Enter));
            // Check, then in its place Next: the same spot for the same finger.
            let button = ui.button(button_words).mirrored(words);
            match graded {
                false if button.clicked() || entered => {
                    commands.push(ExercisesCommand::Submit.into());
                }
                true if button.clicked() => commands.push(ExercisesCommand::Next.into()),
                _ => {}
            }
        });
    }

    /// The item's tree, if it has one: nodes to click for the pruned branches.
    fn tree(&self, ui: &mut Ui, item: &Item, commands: &mut Vec<Command>) {
        let sketch = match item.form() {
            Form::Search(key) => {
                exercise_tree::prune_sketch(key, &chosen_nodes(key, &self.answer), self.show_search)
            }
            Form::Fill(key) => exercise_tree::fill_sketch(key, self.show_search),
            Form::Drawn(figure) => {
                self.drawn_tree(ui, item, figure);
                return;
            }
            _ => {
                // A kind answered by typing alone shows its figure (if it has one) as text.
                figure_lines(ui, item);
                return;
            }
        };
        let clickable = !self.graded()
            && matches!(
                item.form(),
                Form::Search(PruneKey {
                    ask: Ask::Pruned,
                    ..
                })
            );
        let salt = (self.set.code.to_string(), item.number);
        if self.show_search {
            let words = match item.form() {
                Form::Search(_) => {
                    "Under each node: what its call returned and (α, β) as the search left it. \
                     A red cross: a branch alpha-beta pruned (faint below it); a bar: a branch \
                     in your answer."
                }
                _ => "Under each inner node: its minimax value.",
            };
            ui.add(egui::Label::new(RichText::new(words).weak()).wrap());
        }
        // As large as the room, within sizes whose letters still read; larger, it scrolls.
        let zoom = egui::Id::unique(("exercise tree zoom", &salt));
        let room = egui::vec2(ui.available_width(), ui.clip_rect().height());
        // On a phone, packed narrow with its letters in its nodes, to show whole. The search's
        // notes widen the tree: then as small as a chance item's tree (its notes some 9 points
        // high), with nothing left to tap.
        let [least, narrow_least] = match self.show_search {
            true => [CHANCE_TREE_LEAST; 2],
            false => [LETTERED_TREE_LEAST, LETTERED_TREE_NARROW_LEAST],
        };
        let sizes = [least, narrow_least, CHANCE_TREE_MOST];
        tree_drawing::fit_lettered(ui, zoom, &sketch, room, sizes);
        // A scroll of its own per item: the next tree starts at its left, not where the last
        // one was swiped to.
        egui::ScrollArea::horizontal()
            .id_salt(("exercise tree", &salt))
            .show(ui, |ui| {
                let clicks = tree_drawing::Clicks::Pick { open: clickable };
                if let Some(node) = tree_drawing::draw_with(ui, &sketch, &sketch, zoom, clicks) {
                    commands.push(ExercisesCommand::Node(node).into());
                }
            });
    }

    /// A chance item's tree drawn as the tree lab draws a chance tree (its values and averages
    /// once the answer is graded), then the same tree as text, one node a line, which a screen
    /// reader reads as it is. As large as the room, within sizes whose words still read; larger,
    /// it scrolls.
    fn drawn_tree(&self, ui: &mut Ui, item: &Item, figure: &dyn Figure) {
        let graded = self.graded();
        let sketch = figure.sketch(graded);
        let words = match graded {
            false => {
                "Triangle up: MAX; down: MIN; double circle: chance, each child's probability on \
                 its edge; circle: a leaf and its value. Outlined: the node asked about."
            }
            true => {
                "Under each chance node: its average, probability times value added up; in each \
                 inner node: its value; orange: MAX's and MIN's choices from the root."
            }
        };
        ui.add(egui::Label::new(RichText::new(words).weak()).wrap());
        let salt = (self.set.code.to_string(), item.number);
        let zoom = egui::Id::unique(("exercise chance tree", &salt));
        // The whole tree in sight where it can be: as wide as the room, as tall as the view.
        let room = egui::vec2(ui.available_width(), ui.clip_rect().height());
        tree_drawing::fit_room(ui, zoom, &sketch, room, CHANCE_TREE_LEAST, CHANCE_TREE_MOST);
        // A scroll of its own per item: the next tree starts at its left.
        egui::ScrollArea::horizontal()
            .id_salt(("exercise tree", &salt))
            .show(ui, |ui| {
                tree_drawing::draw(ui, &sketch, zoom, None, false);
            });
        figure_lines(ui, item);
    }

    /// The item's board: read-only for numbers, clickable for cells.
    fn board(&self, ui: &mut Ui, item: &Item, commands: &mut Vec<Command>, spoken: &mut Spoken) {
        let takes_cells = matches!(item.form(), Form::Cell { .. } | Form::Cells { .. });
        // Beside a tree to click, the board is only its start: small, to leave the room to it.
        let largest = match item.form() {
            Form::Search(_) => 150.0,
            _ => 260.0,
        };
        let side = ui.available_width().clamp(100.0, largest);
        let mut clicked = None;
        let analysis = self.graded().then(|| key_analysis(item)).flatten();
        let highlights = self.highlights(ui, item);
        let board = BoardWidget::new(&item.board, ("exercise board", item.number))
            .side(side)
            .view(self.set.code.view)
            .highlights(&highlights)
            .scores(analysis)
            .spoken(spoken);
        if takes_cells {
            ui.add(board.on_click(&mut clicked, !self.graded()));
        } else {
            ui.add(board);
        }
        commands.extend(clicked.map(|cell| ExercisesCommand::Cell(cell).into()));
    }

    /// The end of the set: the score per kind and the items missed, to copy and hand in.
    fn summary_view(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let summary = self.summary();
        ui.label(RichText::new("Results").strong());
        for line in summary.lines() {
            ui.add(egui::Label::new(line).wrap());
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Copy the results")
                .mirrored("Copy the results")
                .clicked()
            {
                commands.push(ExercisesCommand::CopyResults.into());
            }
            copy_link_button(ui, commands);
            let again = egui::Button::new("Again with the kinds I missed");
            if ui
                .add_enabled(!summary.missed_kinds().is_empty(), again)
                .mirrored("Again with the kinds I missed")
                .clicked()
            {
                commands.push(ExercisesCommand::AgainMissed.into());
            }
        });
    }
}

impl Exercises {
    /// The hand-in of the answers so far.
    fn hand_in_view(&self, ui: &mut Ui, name: &str, commands: &mut Vec<Command>) {
        let answered = self.given.iter().flatten().count();
        self.hand_in
            .student(ui, name, (answered, self.set.items.len()), commands);
    }

    /// The move a value is asked of; the cells of the answer, once graded in the colour of
    /// right or wrong.
    fn highlights(&self, ui: &Ui, item: &Item) -> Vec<Highlight> {
        let palette = Palette::of(ui);
        if let Form::Number { about: Some(cell) } = item.form() {
            return vec![Highlight {
                cell,
                color: palette.best,
                label: "the move asked about",
            }];
        }
        let color = match &self.feedback {
            Some(Ok(graded)) if graded.correct => palette.win,
            Some(Ok(_)) => palette.loss,
            _ => palette.text,
        };
        let takes_cells = matches!(item.form(), Form::Cell { .. } | Form::Cells { .. });
        let cells = match takes_cells {
            true => parse_cells(&self.answer, item.board.geometry()).unwrap_or_default(),
            false => Vec::new(),
        };
        cells
            .into_iter()
            .filter(|&cell| item.board.get(cell).is_none())
            .map(|cell| Highlight {
                cell,
                color,
                label: "in your answer",
            })
            .collect()
    }
}

/// The item's figure as text, one node a line, which a screen reader reads as it is.
fn figure_lines(ui: &mut Ui, item: &Item) {
    for line in item.figure() {
        ui.label(RichText::new(line).monospace());
    }
}

/// The smallest and the largest a chance item's tree is drawn, in times the app's 100%: at
/// the smallest its probabilities and values are still some 9 points high.
const CHANCE_TREE_LEAST: f32 = 0.9;
const CHANCE_TREE_MOST: f32 = 1.5;
/// The smallest an alpha-beta or fill-in item's tree is drawn, in times the app's 100%: its
/// letters, which the answers are written in, some 10 points high, its leaves' slots 48 points
/// apart (more than a finger's 44). Narrower than that, it is packed narrow.
const LETTERED_TREE_LEAST: f32 = 1.0;
/// The smallest a lettered tree packed narrow for a phone is drawn: its letters, in its nodes,
/// some 10 points high (a 12-leaf textbook tree fits a 320-point phone), its leaves' slots 24
/// points apart, their targets a finger's 44 points, a tap going to the nearest node.
const LETTERED_TREE_NARROW_LEAST: f32 = 0.8;

/// The engine's analysis an item's key holds, shown on its board once it is graded.
fn key_analysis(item: &Item) -> Option<&Analysis> {
    match item.form() {
        Form::Cell { analysis } | Form::Cells { analysis } => Some(analysis),
        Form::Number { .. }
        | Form::Numbers
        | Form::Search(_)
        | Form::Fill(_)
        | Form::Typed
        | Form::Drawn(_) => None,
    }
}

/// How an item's answer is given beyond typing it: on the board or the tree, in the words of a
/// touch screen ("Tap") or of a mouse ("Click").
fn how_to_answer(item: &Item, touch: bool) -> &'static str {
    match (item.form(), touch) {
        (Form::Cells { .. }, false) => {
            "Click the cells to add or remove them, then Check; or type them."
        }
        (Form::Cells { .. }, true) => {
            "Tap the cells to add or remove them, then Check; or type them."
        }
        (Form::Cell { .. }, false) => "Click the cell, or type it.",
        (Form::Cell { .. }, true) => "Tap the cell, or type it.",
        (
            Form::Search(PruneKey {
                ask: Ask::Pruned, ..
            }),
            false,
        ) => "Click the top of each pruned branch (again to take it back), or type the letters.",
        (
            Form::Search(PruneKey {
                ask: Ask::Pruned, ..
            }),
            true,
        ) => "Tap the top of each pruned branch (again to take it back), or type the letters.",
        _ => "",
    }
}

/// How many frames have shown `key` to `what` before this one: a scroll to something just
/// shown is asked again while the layout settles (the first frame after a change of text size,
/// or of the screen's, lays the view out before the styles apply), and the next frames are
/// asked for.
fn frames_shown<K>(ui: &Ui, what: &'static str, key: &K) -> u32
where
    K: Clone + PartialEq + Send + Sync + 'static,
{
    let id = egui::Id::unique(what);
    let seen = ui.data(|data| data.get_temp::<(K, u32)>(id));
    let frames = match seen {
        Some((last, frames)) if &last == key => frames,
        _ => 0,
    };
    ui.data_mut(|data| data.insert_temp(id, (key.clone(), frames.saturating_add(1))));
    if frames < SETTLING {
        ui.ctx().request_repaint();
    }
    frames
}

/// Scrolls the view the least that shows `rect` whole (from its top where it is taller than the
/// view), asked as where `rect` should end up (its top or its bottom at the view's edge), never
/// as a distance to move: egui lays out the frame after a scroll is asked before the scroll moves
/// it, so a distance asked again in that frame, while the layout settles, would be moved twice
/// (and a prompt or Next flung past the view's edge).
fn bring_into_view(ui: &Ui, rect: egui::Rect) {
    let view = ui.clip_rect();
    let align = if rect.height() > view.height() || rect.top() < view.top() {
        egui::Align::TOP
    } else if rect.bottom() > view.bottom() {
        egui::Align::BOTTOM
    } else {
        return;
    };
    ui.scroll_to_rect_animation(rect, Some(align), egui::style::ScrollAnimation::none());
}

/// The frames a new item's layout takes to settle.
const SETTLING: u32 = 3;

/// A text field's width (its text, without its margins) in `room` points of a row: `widest` at
/// most, and never past the row's end on a narrow screen.
fn field_width(ui: &Ui, room: f32, widest: f32) -> f32 {
    let margins = ui.spacing().button_padding.x * 2.0 + 4.0;
    (room - margins).clamp(60.0, widest)
}

/// "Copy link" on the page (a link that opens the set for everyone); "Copy the set's code" on
/// the desktop, which has no address to link to.
fn copy_link_button(ui: &mut Ui, commands: &mut Vec<Command>) {
    let words = match crate::platform::page_address() {
        Some(_) => "Copy link",
        None => "Copy the set's code",
    };
    if ui.button(words).mirrored(words).clicked() {
        commands.push(ExercisesCommand::CopyLink.into());
    }
}

/// The nodes the answer typed so far names (none while it names no node of the tree).
fn chosen_nodes(key: &PruneKey, answer: &str) -> Vec<usize> {
    match answer.trim().is_empty() {
        true => Vec::new(),
        false => crate::learn::exercises::parse_labels(answer, key).unwrap_or_default(),
    }
}

impl View for Exercises {
    fn name(&self) -> &'static str {
        "Exercises"
    }

    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command> {
        self.show(ui, given.spoken, given.student_name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(exercises: &mut Exercises, text: &str) {
        exercises.apply(ExercisesCommand::EditAnswer(text.to_string()), || 0);
        exercises.apply(ExercisesCommand::Submit, || 0);
    }

    #[test]
    fn an_item_is_passed_only_once_graded_and_a_graded_answer_stands() {
        let code: SetCode = "v1-s5-k=value,tree-n=2-3x3".parse().unwrap();
        let set = generate(&code);
        let mut exercises = Exercises::new(code);
        exercises.apply(ExercisesCommand::Next, || 0);
        answer(&mut exercises, "not a number");
        exercises.apply(ExercisesCommand::Next, || 0);
        assert_eq!(exercises.index, 0, "an unreadable answer is not an answer");
        assert!(matches!(exercises.feedback, Some(Err(_))));
        let wrong = set.items[0].grade("99").unwrap();
        assert!(!wrong.correct);
        answer(&mut exercises, "99");
        // Typing the key after the grade changes nothing: the first graded answer counts.
        answer(&mut exercises, &set.items[0].answer_text());
        assert_eq!(exercises.results, [Some(false), None]);
        exercises.apply(ExercisesCommand::Next, || 0);
        answer(&mut exercises, &set.items[1].answer_text());
        exercises.apply(ExercisesCommand::Next, || 0);
        assert_eq!(exercises.item(), None);
        assert_eq!(exercises.summary().missed, [1]);
        // Again with the kinds missed: values only, as long, from the seed given.
        exercises.apply(ExercisesCommand::AgainMissed, || 42);
        assert_eq!(
            exercises.set.code.to_string(),
            "v1-s42-k=value-n=2-3x3",
            "the kinds missed, from a fresh seed"
        );
    }

    #[test]
    fn again_with_the_kinds_missed_keeps_the_sets_trees() {
        let code: SetCode = "v1-s5-k=tree,prune-n=2-3x3-trees".parse().unwrap();
        let mut exercises = Exercises::new(code);
        answer(&mut exercises, "0");
        exercises.apply(ExercisesCommand::Next, || 0);
        answer(&mut exercises, "none");
        exercises.apply(ExercisesCommand::Next, || 0);
        exercises.apply(ExercisesCommand::AgainMissed, || 8);
        assert!(exercises.set.code.trees, "{}", exercises.set.code);
        assert!(exercises.set.code.to_string().starts_with("v1-s8-k="));
    }

    #[test]
    fn nodes_clicked_build_the_pruned_branches_and_a_second_click_takes_one_back() {
        let code: SetCode = "v1-s7-k=prune-n=1-3x3-trees".parse().unwrap();
        let mut exercises = Exercises::new(code);
        let Form::Search(key) = exercises.set.items[0].form() else {
            panic!("an alpha-beta item");
        };
        let key = key.clone();
        exercises.apply(ExercisesCommand::Node(5), || 0);
        exercises.apply(ExercisesCommand::Node(2), || 0);
        assert_eq!(exercises.answer, key.labels(&[2, 5]), "in preorder");
        exercises.apply(ExercisesCommand::Node(5), || 0);
        assert_eq!(exercises.answer, key.labels(&[2]));
        // The root is always searched: it is not a branch to name.
        exercises.apply(ExercisesCommand::Node(0), || 0);
        assert_eq!(exercises.answer, key.labels(&[2]));
        assert_eq!(exercises.feedback, None, "the answer waits for Check");
    }

    #[test]
    fn cells_clicked_build_the_horizons_list_and_a_second_click_takes_one_back() {
        let code: SetCode = "v1-s3-k=horizon-n=1-3x3".parse().unwrap();
        let mut exercises = Exercises::new(code);
        let board = exercises.set.items[0].board;
        let empty: Vec<Cell> = board.legal_moves().collect();
        let (first, second) = (empty[1], empty[0]);
        exercises.apply(ExercisesCommand::Cell(first), || 0);
        exercises.apply(ExercisesCommand::Cell(second), || 0);
        assert_eq!(
            exercises.answer,
            cells_text(&[second, first]),
            "in reading order"
        );
        exercises.apply(ExercisesCommand::Cell(second), || 0);
        assert_eq!(exercises.answer, cells_text(&[first]));
        assert_eq!(exercises.feedback, None, "the horizon waits for Check");
    }
}
