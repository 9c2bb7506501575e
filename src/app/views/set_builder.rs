//! A teacher's set builder: the kinds of exercise (each with the levels it is dealt at, where a
//! kind has levels), how many items, the board, positions or the textbooks' trees, whose numbers,
//! and the seed; the items it deals listed, its code and link to copy, the set started, and its
//! quiz exported. What it builds is a [`SetCode`], the one every platform and `tictactoe
//! exercises --code` read: this only chooses its parts and shows what they make.

use egui::{RichText, Ui};

use crate::app::commands::{BuilderCommand, Command, QuizFormat};
use crate::app::controls::Mirrored;
use crate::app::view::{Given, View};
use crate::learn::exercises::{ExerciseSet, Kind, LEVELS, Levels, MAX_COUNT, SIZES, SetCode};
use crate::learn::view::ScoreView;

/// The width from which the choices and what they make go side by side.
const WIDE: f32 = 900.0;

/// How many items a new set has, as `tictactoe exercises` deals by default.
const FIRST_COUNT: usize = 8;

/// A kind as the builder offers it: chosen or not, and the levels it is dealt at.
#[derive(Debug, Clone, PartialEq, Eq)]
struct KindChoice {
    kind: Kind,
    chosen: bool,
    /// Each level, chosen or not (a kind that is the same at every level has them all).
    levels: [bool; LEVELS as usize],
}

/// The set being built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetBuilder {
    /// Every kind, in the order a set deals those chosen.
    kinds: Vec<KindChoice>,
    count: usize,
    size: usize,
    trees: bool,
    view: ScoreView,
    /// The seed as typed.
    seed: String,
    /// What was just copied, said until the next command.
    copied: Option<String>,
}

impl SetBuilder {
    /// The builder on the choices that make `code`.
    pub fn from_code(code: &SetCode) -> SetBuilder {
        // The set's kinds first, in its order (the order items take turns in), then the others.
        let others = Kind::ALL.iter().filter(|kind| !code.kinds.contains(kind));
        let kinds = code
            .kinds
            .iter()
            .chain(others)
            .map(|&kind| {
                let levels = code.levels.get(&kind);
                KindChoice {
                    kind,
                    chosen: code.kinds.contains(&kind),
                    levels: std::array::from_fn(|i| {
                        levels.is_none_or(|levels| levels.contains(i as u8 + 1))
                    }),
                }
            })
            .collect();
        SetBuilder {
            kinds,
            count: code.count,
            size: code.size,
            trees: code.trees,
            view: code.view,
            seed: code.seed.to_string(),
            copied: None,
        }
    }

    /// A set of every kind on the classic board, from `seed`, in `view`'s numbers.
    pub fn every_kind(seed: u64, view: ScoreView) -> SetBuilder {
        let code = SetCode::new(seed, Kind::FIRST_SET.to_vec(), FIRST_COUNT, 3, view)
            .expect("every kind on 3x3 is a valid set");
        SetBuilder::from_code(&code)
    }

    /// The set the choices make, or why they make none (one line).
    pub fn code(&self) -> Result<SetCode, String> {
        let seed: u64 = self.seed.trim().parse().map_err(|_| {
            format!(
                "The seed must be a whole number from 0 to {}, or press New seed.",
                u64::MAX
            )
        })?;
        let chosen: Vec<&KindChoice> = self.kinds.iter().filter(|k| k.chosen).collect();
        let kinds: Vec<Kind> = chosen.iter().map(|k| k.kind).collect();
        let mut code = SetCode::new(seed, kinds, self.count, self.size, self.view)
            .map_err(|e| capitalised(&e.to_string()))?
            .on_trees(self.trees);
        for choice in chosen {
            if choice.kind.level_words(false).is_empty() {
                continue;
            }
            let levels: Vec<u8> = (1..=LEVELS)
                .filter(|&level| choice.levels[usize::from(level - 1)])
                .collect();
            if levels.is_empty() {
                return Err(format!(
                    "Choose at least one level of {}.",
                    choice.kind.name()
                ));
            }
            code = code
                .with_levels(choice.kind, Levels::only(&levels))
                .map_err(|e| capitalised(&e.to_string()))?;
        }
        Ok(code)
    }

    /// The status bar's two lines while the builder is open: the set it makes, and the way back.
    pub fn status_lines(&self) -> (String, String) {
        let made = match self.code() {
            Ok(code) => format!(
                "Building a set: {} items of {} kind{}.",
                code.count,
                code.kinds.len(),
                if code.kinds.len() == 1 { "" } else { "s" }
            ),
            Err(problem) => format!("Building a set: {problem}"),
        };
        (made, "Close goes back to the game.".to_string())
    }

    /// Says what was just copied, until the next command.
    pub fn copied(&mut self, said: String) {
        self.copied = Some(said);
    }

    /// Applies `command`; `fresh_seed` gives New seed its seed. Starting, copying and exporting
    /// are the app's: it opens the set, holds the clipboard and saves files.
    pub fn apply(&mut self, command: BuilderCommand, fresh_seed: impl FnOnce() -> u64) {
        self.copied = None;
        match command {
            BuilderCommand::Kind(kind, chosen) => {
                if let Some(choice) = self.kinds.iter_mut().find(|k| k.kind == kind) {
                    choice.chosen = chosen;
                }
                // Every kind chosen gets an item.
                let kinds = self.kinds.iter().filter(|k| k.chosen).count();
                self.count = self.count.max(kinds);
            }
            BuilderCommand::Level(kind, level, chosen) => {
                if let Some(choice) = self.kinds.iter_mut().find(|k| k.kind == kind)
                    && let Some(spot) = choice.levels.get_mut(usize::from(level.wrapping_sub(1)))
                {
                    *spot = chosen;
                }
            }
            BuilderCommand::Count(count) => {
                let kinds = self.kinds.iter().filter(|k| k.chosen).count();
                self.count = count.clamp(kinds.max(1), MAX_COUNT);
            }
            BuilderCommand::Size(size) => {
                if SIZES.contains(&size) {
                    self.size = size;
                }
            }
            BuilderCommand::Trees(trees) => self.trees = trees,
            BuilderCommand::View(view) => self.view = view,
            BuilderCommand::Seed(text) => self.seed = text,
            BuilderCommand::NewSeed => self.seed = fresh_seed().to_string(),
            BuilderCommand::CopyLink | BuilderCommand::Start | BuilderCommand::Export(_) => {}
        }
    }

    /// The items the set deals, one line each: its number, kind and level, and what the level
    /// asks.
    pub fn preview(code: &SetCode) -> Vec<String> {
        (0..code.count)
            .map(|index| {
                let (kind, level) = (code.kind(index), code.level(index));
                match kind.level_words(code.trees).get(usize::from(level - 1)) {
                    Some(words) => {
                        format!("{}. {}, level {level}: {words}", index + 1, kind.name())
                    }
                    None => format!("{}. {}", index + 1, kind.name()),
                }
            })
            .collect()
    }

    /// Lines that say what a choice leaves out: a kind with more levels chosen than it has
    /// items (a kind at every level grows with the set, whatever its length).
    fn warnings(&self, code: &SetCode) -> Vec<String> {
        let kinds = code.kinds.len();
        code.kinds
            .iter()
            .enumerate()
            .filter_map(|(at, &kind)| {
                let items = (code.count - at.min(code.count)).div_ceil(kinds);
                let levels = code.levels.get(&kind)?.list().len();
                (items < levels).then(|| {
                    format!(
                        "{} has {items} item{} for {levels} levels: raise the count to deal \
                         each level.",
                        capitalised(kind.name()),
                        if items == 1 { "" } else { "s" }
                    )
                })
            })
            .collect()
    }
}

/// `text` with its first letter a capital, for a line of its own.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A quiz of `set` as `tictactoe exercises --format gift|moodle` writes it: the same bytes.
pub fn quiz_text(set: &ExerciseSet, format: QuizFormat) -> String {
    let mut bytes = Vec::new();
    let written = match format {
        QuizFormat::Gift => crate::learn::quiz::write_gift(set, &mut bytes),
        QuizFormat::MoodleXml => crate::learn::quiz::write_moodle(set, &mut bytes),
    };
    written.expect("writing into memory does not fail");
    String::from_utf8(bytes).expect("a quiz is text")
}

impl View for SetBuilder {
    fn name(&self) -> &'static str {
        "Build a set of exercises"
    }

    fn ui(&mut self, ui: &mut Ui, _given: &mut Given<'_>) -> Vec<Command> {
        let mut commands = Vec::new();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| self.show(ui, &mut commands));
        commands
    }
}

/// A row of choices after `label`, `chosen` selected: the one clicked, if any.
fn one_of<T: PartialEq + Copy, const N: usize>(
    ui: &mut Ui,
    label: &str,
    chosen: T,
    choices: [(T, &str); N],
) -> Option<T> {
    ui.horizontal_wrapped(|ui| {
        ui.label(label);
        let mut clicked = None;
        for (choice, words) in choices {
            if ui
                .selectable_label(chosen == choice, words)
                .mirrored(words)
                .clicked()
            {
                clicked = Some(choice);
            }
        }
        clicked
    })
    .inner
}

impl SetBuilder {
    fn show(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(self.name()).strong());
            if ui.button("Close").mirrored("Close").clicked() {
                commands.push(Command::ToggleBuilder);
            }
        });
        ui.add(
            egui::Label::new(
                "Choose what the set asks; every student who opens its code or link gets the \
                 same items.",
            )
            .wrap(),
        );
        ui.separator();
        // Side by side where there is room (the choices, and what they make), else one under
        // the other.
        if ui.available_width() >= WIDE {
            ui.columns(2, |columns| {
                self.choices(&mut columns[0], commands);
                self.outcome(&mut columns[1], commands);
                columns[1].separator();
                self.items(&mut columns[1]);
            });
        } else {
            // On a phone the set's code and what to do with it first, in sight at once; the
            // choices under them, then the items.
            self.outcome(ui, commands);
            ui.separator();
            self.choices(ui, commands);
            ui.separator();
            self.items(ui);
        }
    }

    /// The set's parts, each chosen.
    fn choices(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let mut push = |command: BuilderCommand| commands.push(command.into());
        ui.label(RichText::new("Kinds").strong());
        let mut pushed = Vec::new();
        for choice in &self.kinds {
            let kind = choice.kind;
            let mut chosen = choice.chosen;
            let on_4x4 = kind == Kind::Horizon && self.size != 3;
            let name = capitalised(kind.name());
            let response = ui
                .add_enabled(!on_4x4 || chosen, egui::Checkbox::new(&mut chosen, &name))
                .mirrored(name.clone());
            if response.changed() {
                pushed.push(BuilderCommand::Kind(kind, chosen));
            }
            if on_4x4 {
                ui.indent(("4x4", kind.code()), |ui| {
                    ui.add(egui::Label::new(RichText::new("on 3×3 boards only").weak()).wrap());
                });
            }
            // Levels that ask the same (the tree kind below positions) are not a choice.
            let words = kind.level_words(self.trees);
            let differ = words.iter().any(|w| *w != words[0]);
            if choice.chosen && differ {
                ui.indent(("levels", kind.code()), |ui| {
                    for (at, words) in kind.level_words(self.trees).iter().enumerate() {
                        let level = at as u8 + 1;
                        let mut on = choice.levels[at];
                        let label = format!("Level {level}: {words}");
                        let response = ui
                            .add(egui::Checkbox::new(&mut on, &label))
                            .mirrored(format!("{name}, level {level}"));
                        if response.changed() {
                            pushed.push(BuilderCommand::Level(kind, level, on));
                        }
                    }
                });
            }
        }
        for command in pushed {
            push(command);
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Items:");
            let mut count = self.count;
            let response = ui
                .add(egui::DragValue::new(&mut count).range(1..=MAX_COUNT))
                .labelled_by(label.id)
                .mirrored("Items");
            if response.changed() {
                push(BuilderCommand::Count(count));
            }
            for step in [-1i64, 1] {
                let words = if step < 0 {
                    "Fewer items"
                } else {
                    "More items"
                };
                let sign = if step < 0 { "−" } else { "+" };
                let button = ui.button(sign).on_hover_text(words);
                if button.clicked() {
                    let next = (self.count as i64 + step).max(1) as usize;
                    push(BuilderCommand::Count(next));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Board:");
            for size in SIZES {
                let words = format!("{size}×{size}");
                let response = ui
                    .selectable_label(self.size == size, &words)
                    .mirrored(format!("Board {words}"));
                if response.clicked() {
                    push(BuilderCommand::Size(size));
                }
            }
            ui.label(RichText::new("(3 or 4 in a row: the board's usual k)").weak());
        });
        let trees = [(false, "below positions"), (true, "on textbook trees")];
        if let Some(trees) = one_of(ui, "Tree and alpha-beta items:", self.trees, trees) {
            push(BuilderCommand::Trees(trees));
        }
        let views = [
            (ScoreView::SideToMove, "the side to move's"),
            (ScoreView::Articles, "X's (X maximises)"),
        ];
        if let Some(view) = one_of(ui, "Numbers:", self.view, views) {
            push(BuilderCommand::View(view));
        }
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("Seed:");
            let mut seed = self.seed.clone();
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut seed)
                        .desired_width(160.0)
                        .id_salt("set builder seed"),
                )
                .labelled_by(label.id);
            if response.changed() {
                push(BuilderCommand::Seed(seed));
            }
            if ui.button("New seed").mirrored("New seed").clicked() {
                push(BuilderCommand::NewSeed);
            }
        });
    }

    /// What the choices make: the code and link, the set started, copied or exported, and the
    /// items it deals.
    fn outcome(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let mut push = |command: BuilderCommand| commands.push(command.into());
        let code = match self.code() {
            Ok(code) => code,
            Err(problem) => {
                ui.colored_label(ui.visuals().error_fg_color, problem);
                return;
            }
        };
        ui.add(egui::Label::new(format!("Set code: {code}")).wrap());
        if let Some(address) = crate::platform::page_address() {
            let link = format!(
                "{address}?{}",
                crate::app::files::link::Link::exercises_query(&code)
            );
            ui.add(egui::Label::new(format!("Link: {link}")).wrap());
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(RichText::new("Start the set").strong())
                .mirrored("Start the set")
                .clicked()
            {
                push(BuilderCommand::Start);
            }
            let words = match crate::platform::page_address() {
                Some(_) => "Copy the link",
                None => "Copy the set's code",
            };
            if ui.button(words).mirrored(words).clicked() {
                push(BuilderCommand::CopyLink);
            }
        });
        if let Some(copied) = &self.copied {
            ui.add(egui::Label::new(RichText::new(copied).weak()).wrap());
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("The quiz, for Moodle and other courses:");
            for (format, words) in [
                (QuizFormat::Gift, "Export GIFT…"),
                (QuizFormat::MoodleXml, "Export Moodle XML…"),
            ] {
                if ui.button(words).mirrored(words).clicked() {
                    push(BuilderCommand::Export(format));
                }
            }
        });
        for warning in self.warnings(&code) {
            ui.add(egui::Label::new(RichText::new(warning).weak()).wrap());
        }
    }

    /// The items the set deals, listed.
    fn items(&self, ui: &mut Ui) {
        let Ok(code) = self.code() else { return };
        ui.label(RichText::new(format!("The {} items it deals", code.count)).strong());
        for line in SetBuilder::preview(&code) {
            ui.add(egui::Label::new(line).wrap());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::exercises::generate;

    #[test]
    fn choices_make_a_code_that_reads_back_as_the_same_set() {
        let mut builder = SetBuilder::every_kind(1, ScoreView::SideToMove);
        for &kind in Kind::ALL {
            let wanted = [Kind::Value, Kind::Tree, Kind::Prune].contains(&kind);
            builder.apply(BuilderCommand::Kind(kind, wanted), || 0);
        }
        builder.apply(BuilderCommand::Level(Kind::Prune, 1, false), || 0);
        builder.apply(BuilderCommand::Level(Kind::Prune, 3, false), || 0);
        builder.apply(BuilderCommand::Count(3), || 0);
        builder.apply(BuilderCommand::Trees(true), || 0);
        builder.apply(BuilderCommand::NewSeed, || 2025);
        let code = builder.code().unwrap();
        assert_eq!(
            code.to_string(),
            "v1-s2025-k=value,tree,prune@2-n=3-3x3-trees"
        );
        let read: SetCode = code.to_string().parse().unwrap();
        assert_eq!(read, code);
        assert_eq!(generate(&read), generate(&code));
        assert_eq!(SetBuilder::from_code(&read).code(), Ok(code.clone()));
        let preview = SetBuilder::preview(&code);
        assert_eq!(preview.len(), 3);
        assert!(preview[2].starts_with("3. alpha-beta's cut-offs, level 2: α and β"));
        // Too few items for every kind: the count rises to one each.
        builder.apply(BuilderCommand::Count(1), || 0);
        assert_eq!(builder.code().unwrap().count, 3);
        // A kind with no level left is named.
        builder.apply(BuilderCommand::Level(Kind::Prune, 2, false), || 0);
        assert_eq!(
            builder.code(),
            Err("Choose at least one level of alpha-beta's cut-offs.".to_string())
        );
        builder.apply(BuilderCommand::Seed("x".into()), || 0);
        assert!(builder.code().unwrap_err().starts_with("The seed must be"));
    }

    #[test]
    fn every_kind_and_level_of_a_code_comes_back_in_the_builder() {
        for text in [
            "v1-s7-k=value,horizon-n=4-3x3",
            "v1-s9-k=prune@13,tree@2,move-n=12-4x4-view=x",
            "v1-s0-k=value,tree,horizon,move,prune-n=100-3x3-trees",
            "v1-s3-k=chance@3,eval,mcts@12-n=9-3x3",
        ] {
            let code: SetCode = text.parse().unwrap();
            let builder = SetBuilder::from_code(&code);
            assert_eq!(builder.code().map(|c| c.to_string()), Ok(text.to_string()));
            // Every kind the registry has is listed, chosen or not.
            let listed: Vec<Kind> = builder.kinds.iter().map(|k| k.kind).collect();
            assert!(Kind::ALL.iter().all(|kind| listed.contains(kind)), "{text}");
        }
    }
}
