//! The textbooks' trees: a game tree typed in the notation of [`crate::engine::game_tree`]
//! (`[[3,12,8],[2,4,6],[14,5,2]]`) or one of the built-in figures, searched by plain minimax or
//! alpha-beta one call at a time and drawn as the textbooks draw a search: every call made with
//! the value it returned, every pruned move crossed out with the window that cut it, to the end.
//! The numbers are the engine's (`learn::trace::whole_trace`, `learn::search_picture`); this
//! only shows them.

use egui::{RichText, Ui};

use crate::app::commands::{Command, RandomTree, TreeLabCommand};
use crate::app::drawing::code_panel::code_lines;
use crate::app::drawing::texts::{self, MAX_TREE_CHARS};
use crate::app::drawing::tree_drawing::{self, Orange};
use crate::app::drawing::tree_export;
use crate::app::view::{Given, View};
use crate::engine::game_tree::{GameTree, MAX_NODES};
use crate::engine::minimax::expectiminimax;
use crate::learn::abstract_tree::{
    CHANCE_NO_ALPHA_BETA, CHANCE_PLACES, RANDOM_BRANCHINGS, RANDOM_DEPTHS, chance_value_text,
    random_tree, tree_examples,
};
use crate::learn::pseudocode::{self, line_of, tree_pseudocode, tree_step_of};
use crate::learn::search_picture::{SearchPicture, whole_search_picture};
use crate::learn::trace::{
    EventKind, Jump, Step, TraceAlgorithm, last_cutoff, reaching, whole_trace,
};
use crate::learn::tree_sketch::{self, Sketch};
use crate::learn::view::{SeenTree, ShowsSearch};

/// A tree being stepped through.
pub struct TreeLab {
    /// The notation as typed.
    text: String,
    /// The tree the text gives, or why it gives none.
    tree: Result<GameTree, String>,
    algorithm: TraceAlgorithm,
    /// Every step of the search, with the moves each cutoff skips.
    steps: Vec<(Step<usize>, Vec<usize>)>,
    /// How many steps are shown.
    position: usize,
    /// Whether the textbook's code is shown beside the drawing, its line highlighted.
    show_code: bool,
    /// The finished search's drawing: every step is laid out in the room it needs, so that no
    /// node moves and the scale holds for the whole run.
    finished: Option<Sketch>,
    /// The random tree's choices.
    random: RandomTree,
    /// Whether a click on a leaf chooses it for a new value (else it runs the search to it).
    editing_leaves: bool,
    /// The leaf whose value the leaf's field changes (its id, preorder).
    chosen_leaf: Option<usize>,
    /// The leaf's field as typed.
    leaf_value: String,
    /// Why the last value typed was not given to the leaf.
    leaf_problem: Option<String>,
}

/// The leaf's value field's id: a click on a leaf gives it the keyboard.
fn leaf_field_id() -> egui::Id {
    egui::Id::unique("tree lab leaf value")
}

/// A window less tall than this (in points) is a phone on its side: the notation's help folds.
const SHORT_SCREEN: f32 = 500.0;

/// The textbooks' first expectimax tree, the lab's button for it types.
pub const CHANCE_EXAMPLE: &str = "[chance[3, 12], chance[2, 4, 6]]";

impl TreeLab {
    /// The lab on `text` (a tree's notation or a built-in tree's name), searched by alpha-beta.
    pub fn new(text: &str) -> TreeLab {
        let mut lab = TreeLab {
            text: String::new(),
            tree: Err(String::new()),
            algorithm: TraceAlgorithm::AlphaBetaClassic,
            steps: Vec::new(),
            position: 0,
            show_code: true,
            finished: None,
            random: RandomTree {
                seed: 1,
                depth: 3,
                branching: 3,
                deal: false,
            },
            editing_leaves: false,
            chosen_leaf: None,
            leaf_value: String::new(),
            leaf_problem: None,
        };
        lab.read(text);
        lab
    }

    /// The tree's notation as typed.
    pub fn typed(&self) -> &str {
        &self.text
    }

    /// The tree the lab shows, if the text gives one.
    pub fn tree(&self) -> Option<&GameTree> {
        self.tree.as_ref().ok()
    }

    /// Reads `text` as a tree (or a built-in tree's name) and traces it from the start.
    fn read(&mut self, text: &str) {
        text.clone_into(&mut self.text);
        let named = tree_examples()
            .iter()
            .find(|example| example.name == text.trim());
        self.tree = match named {
            Some(example) => Ok(example.tree()),
            None => text.parse::<GameTree>().map_err(|error| error.to_string()),
        };
        // A leaf chosen stays chosen while the new tree has a leaf there.
        let still_leaf = |id| {
            self.tree()
                .and_then(|tree| tree.node(id))
                .is_some_and(|node| node.is_leaf())
        };
        if !self.chosen_leaf.is_some_and(still_leaf) {
            self.chosen_leaf = None;
        }
        self.leaf_problem = None;
        self.retrace();
    }

    fn retrace(&mut self) {
        self.steps.clear();
        self.position = 0;
        self.finished = None;
        if let Ok(tree) = &self.tree
            && !tree.has_chance()
        {
            // A typed tree has at most 1,000 nodes: its whole trace is small and quick.
            self.steps = whole_trace(&tree.root(), self.algorithm);
            self.finished = Some(self.sketch_after(tree, self.steps.len()).1);
        }
    }

    /// The search's picture and drawing after `count` steps: the whole tree, drawn up front.
    fn sketch_after<'t>(
        &self,
        tree: &'t GameTree,
        count: usize,
    ) -> (
        SearchPicture<crate::engine::game_tree::TreePosition<'t>>,
        Sketch,
    ) {
        let shown = self.steps[..count]
            .iter()
            .map(|(step, pruned)| (*step, pruned.as_slice()));
        let picture = whole_search_picture(tree.root(), shown, &SeenTree::new(tree));
        let sketch = tree_sketch::tree_search(&picture, tree);
        (picture, sketch)
    }

    /// The steps alone, for the jumps.
    fn bare_steps(&self) -> Vec<Step<usize>> {
        self.steps.iter().map(|(step, _)| *step).collect()
    }

    pub fn apply(&mut self, command: TreeLabCommand) {
        match command {
            TreeLabCommand::Edit(text) => self.read(&text),
            TreeLabCommand::Algorithm(algorithm) => {
                self.algorithm = algorithm;
                self.retrace();
            }
            TreeLabCommand::Step => self.position = (self.position + 1).min(self.steps.len()),
            TreeLabCommand::Back => self.position = self.position.saturating_sub(1),
            TreeLabCommand::RunToEnd => self.position = self.steps.len(),
            TreeLabCommand::Restart => self.position = 0,
            TreeLabCommand::ShowCode(shown) => self.show_code = shown,
            TreeLabCommand::NextCutoff if self.algorithm == TraceAlgorithm::AlphaBetaClassic => {
                self.jump(Jump::NextCutoff)
            }
            TreeLabCommand::NextCutoff => {}
            TreeLabCommand::StepOver => self.jump(Jump::StepOver),
            TreeLabCommand::StepOut => self.jump(Jump::StepOut),
            TreeLabCommand::RunTo(node) => {
                let path = self
                    .tree()
                    .and_then(|tree| tree.node(node))
                    .map(|node| node.path());
                if let Some(to) = path.and_then(|path| reaching(&self.steps, &path)) {
                    self.position = to;
                }
            }
            TreeLabCommand::EditLeaves(on) => {
                self.editing_leaves = on;
                self.leaf_problem = None;
            }
            TreeLabCommand::ChooseLeaf(id) => {
                let value = self.tree().and_then(|tree| tree.node(id)?.leaf());
                if let Some(value) = value {
                    self.chosen_leaf = Some(id);
                    self.leaf_value = value.to_string();
                    self.leaf_problem = None;
                }
            }
            TreeLabCommand::LeafValue(text) => self.leaf_value = text,
            TreeLabCommand::SetLeaf => self.set_leaf(),
            // The app copies the link: it knows the page's address.
            TreeLabCommand::CopyLink => {}
            TreeLabCommand::Random(random) => {
                self.random = random;
                if random.deal {
                    self.read(&random_tree(random.seed, random.depth, random.branching));
                }
            }
        }
    }

    /// The chosen leaf takes the value typed: the tree's notation is written anew with it, and
    /// the search starts again on the new tree.
    fn set_leaf(&mut self) {
        let (Some(id), Some(tree)) = (self.chosen_leaf, self.tree()) else {
            return;
        };
        let typed = self.leaf_value.trim();
        let edited = typed
            .parse::<i32>()
            .map_err(|_| format!("{typed:?} is not a whole number"))
            .and_then(|value| tree.with_leaf(id, value).map_err(|error| error.to_string()));
        match edited {
            Ok(tree) => {
                self.text = tree.to_string();
                self.tree = Ok(tree);
                self.leaf_problem = None;
                self.retrace();
            }
            Err(problem) => self.leaf_problem = Some(format!("Not set: {problem}.")),
        }
    }

    fn jump(&mut self, jump: Jump) {
        self.position = jump.from(&self.bare_steps(), self.position);
    }

    pub fn show(&self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        if texts::title_and_close_key(ui, "A textbook's tree") {
            commands.push(Command::ToggleTreeLab);
        }
        let notation = "Leaves are MAX's values, children left to right, MAX at the root unless \
                        the tree starts with min: (e.g. [[3,12,8],[2,4,6],[14,5,2]]); chance[…] \
                        is a chance node, its children equally likely or each given its \
                        probability (chance[0.5: 3, 0.25: 12, 0.25: 6]).";
        // On a short screen (a phone on its side) the notation folds away, so that the search's
        // buttons stay where a finger can reach them without a swipe.
        if ui.ctx().content_rect().height() < SHORT_SCREEN {
            egui::CollapsingHeader::new("How a tree is typed")
                .id_salt("how a tree is typed")
                .show(ui, |ui| {
                    ui.add(egui::Label::new(notation).wrap());
                });
        } else {
            ui.add(egui::Label::new(notation).wrap());
        }
        if let Some(text) = texts::tree_field(ui, &self.text, "tree notation") {
            commands.push(TreeLabCommand::Edit(text).into());
        }
        if self.text.chars().count() >= MAX_TREE_CHARS {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!(
                    "The field keeps the first {MAX_TREE_CHARS} characters of what was typed or \
                     pasted: a tree has at most {MAX_NODES} nodes."
                ),
            );
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("The textbooks' figures:");
            for example in tree_examples() {
                if ui
                    .button(example.name)
                    .on_hover_text(example.sentence)
                    .clicked()
                {
                    commands.push(TreeLabCommand::Edit(example.name.to_string()).into());
                }
            }
            if ui
                .button("expectimax")
                .on_hover_text(
                    "MAX over two chance nodes, one a fair coin over 3 and 12, one a fair die \
                     over 2, 4 and 6: worth 7.5 and 4, so MAX takes the first, 7.5.",
                )
                .clicked()
            {
                commands.push(TreeLabCommand::Edit(CHANCE_EXAMPLE.to_string()).into());
            }
        });
        let tree = match &self.tree {
            Ok(tree) => tree,
            Err(problem) => {
                if !self.text.trim().is_empty() {
                    ui.colored_label(
                        ui.visuals().error_fg_color,
                        format!("Not a tree: {problem}."),
                    );
                }
                self.random_row(ui, &mut commands);
                return commands;
            }
        };
        if tree.has_chance() {
            self.chance_tree(ui, tree, &mut commands);
            return commands;
        }
        ui.horizontal_wrapped(|ui| {
            let mut chosen = self.algorithm;
            ui.radio_value(&mut chosen, TraceAlgorithm::Plain, "plain minimax");
            ui.radio_value(&mut chosen, TraceAlgorithm::AlphaBetaClassic, "alpha-beta");
            if chosen != self.algorithm {
                commands.push(TreeLabCommand::Algorithm(chosen).into());
            }
            let ahead = self.position < self.steps.len();
            for (words, key, command, enabled) in [
                ("Back", "Left", TreeLabCommand::Back, self.position > 0),
                ("Step", "Right", TreeLabCommand::Step, ahead),
                ("Step over", "Down", TreeLabCommand::StepOver, ahead),
                ("Step out", "Up", TreeLabCommand::StepOut, ahead),
                (
                    "Next cut-off",
                    "PgDn",
                    TreeLabCommand::NextCutoff,
                    ahead && self.algorithm == TraceAlgorithm::AlphaBetaClassic,
                ),
                (
                    "Run to end",
                    "End",
                    TreeLabCommand::RunToEnd,
                    self.position < self.steps.len(),
                ),
                (
                    "Restart",
                    "Home",
                    TreeLabCommand::Restart,
                    self.position > 0,
                ),
            ] {
                let button = egui::Button::new(texts::with_key(ui, words, key));
                if ui.add_enabled(enabled, button).clicked() {
                    commands.push(command.into());
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(self.progress());
            let mut code = self.show_code;
            if ui.checkbox(&mut code, "The code").changed() {
                commands.push(TreeLabCommand::ShowCode(code).into());
            }
            let mut editing = self.editing_leaves;
            if ui.checkbox(&mut editing, "Edit leaves").changed() {
                commands.push(TreeLabCommand::EditLeaves(editing).into());
            }
            let verb = if texts::touch(ui.ctx()) {
                "Tap"
            } else {
                "Click"
            };
            let hint = match self.editing_leaves {
                true => format!("{verb} a leaf to change its value."),
                false => format!("{verb} a node to run the search to it."),
            };
            ui.label(RichText::new(hint).weak());
        });
        if self.editing_leaves {
            self.leaf_row(ui, &mut commands);
        }
        // Under the search's controls, which a phone keeps in view.
        self.random_row(ui, &mut commands);
        self.mcts_button(ui, &mut commands);
        let (picture, sketch) = self.sketch_after(tree, self.position);
        self.cutoff_words(ui, tree, &picture);
        let code = tree_pseudocode(self.algorithm, tree.root_side());
        let active = line_of(&code, self.active_step(tree));
        // Beside the drawing where the window is wide; above it where it is narrow.
        if self.show_code && ui.available_width() > 900.0 {
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(ui.available_width().min(420.0));
                    code_lines(ui, &code, active);
                });
                ui.vertical(|ui| self.drawing(ui, &sketch, &mut commands));
            });
        } else {
            if self.show_code {
                code_lines(ui, &code, active);
            }
            self.drawing(ui, &sketch, &mut commands);
        }
        commands
    }

    /// Monte Carlo tree search on this tree, in its own view (which takes the lab's place).
    fn mcts_button(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let Some(tree) = self.tree() else {
            return;
        };
        if ui
            .button("Monte Carlo tree search on this tree")
            .on_hover_text("Its estimates beside the exact values, one iteration at a time")
            .clicked()
        {
            // In the notation (a built-in tree's name would say less in the view's field).
            commands.push(Command::MctsOnTree(tree.to_string()));
        }
    }

    /// A random tree to practise on: its depth, branching and seed, dealt with a button; its
    /// notation is the tree's field's, to copy.
    fn random_row(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.horizontal_wrapped(|ui| {
            ui.label("A random tree:");
            let mut random = RandomTree {
                deal: false,
                ..self.random
            };
            let mut changed = false;
            for (words, value, range) in [
                ("depth", &mut random.depth, RANDOM_DEPTHS),
                ("branching", &mut random.branching, RANDOM_BRANCHINGS),
            ] {
                let label = ui.label(words);
                changed |= ui
                    .add(egui::DragValue::new(value).range(range))
                    .labelled_by(label.id)
                    .changed();
            }
            let label = ui.label("seed");
            changed |= ui
                .add(egui::DragValue::new(&mut random.seed).range(0..=9999))
                .labelled_by(label.id)
                .changed();
            if changed {
                commands.push(TreeLabCommand::Random(random).into());
            }
            if ui
                .button("Deal")
                .on_hover_text("A tree of that depth and branching, the same for the same seed")
                .clicked()
            {
                commands.push(
                    TreeLabCommand::Random(RandomTree {
                        deal: true,
                        ..random
                    })
                    .into(),
                );
            }
            if ui
                .button("Copy the tree")
                .on_hover_text("The tree's notation, to paste in a slide or into tictactoe trace")
                .clicked()
            {
                ui.ctx().copy_text(self.text.clone());
            }
            if ui
                .button("Copy link")
                .on_hover_text("A link to the web page that opens this tree")
                .clicked()
            {
                commands.push(TreeLabCommand::CopyLink.into());
            }
        });
    }

    /// The chosen leaf's value, typed and set with Enter (or Set); wrapped, so that a phone's
    /// narrow screen is not widened.
    fn leaf_row(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let Some(id) = self.chosen_leaf else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(format!(
                "Leaf {} value:",
                crate::learn::exercises::prune::label(id)
            ));
            let mut value = self.leaf_value.clone();
            let field = egui::TextEdit::singleline(&mut value)
                .id(leaf_field_id())
                .char_limit(12)
                .desired_width(80.0);
            let field = ui.add(field).labelled_by(label.id);
            if field.changed() {
                commands.push(TreeLabCommand::LeafValue(value).into());
            }
            let entered =
                field.lost_focus() && ui.input(|input| input.key_pressed(egui::Key::Enter));
            if ui.button("Set").clicked() || entered {
                commands.push(TreeLabCommand::SetLeaf.into());
            }
        });
        if let Some(problem) = &self.leaf_problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    }

    /// The last cut-off in one sentence, in a room of fixed height (so that the drawing under it
    /// keeps its scale), said by a screen reader as it changes.
    fn cutoff_words(
        &self,
        ui: &mut Ui,
        tree: &GameTree,
        picture: &SearchPicture<crate::engine::game_tree::TreePosition<'_>>,
    ) {
        let done = &self.steps[..self.position];
        let last = last_cutoff(done).and_then(|(index, path)| {
            let mut node = tree.root();
            for child in path {
                node = node.child(child)?;
            }
            let cut = tree_sketch::tree_cutoffs(picture, tree)
                .into_iter()
                .find(|cut| cut.at == node.id())?;
            Some((index + 1 == self.position, cut.sentence))
        });
        let text = match last {
            Some((true, sentence)) => RichText::new(sentence).strong(),
            Some((false, sentence)) => RichText::new(format!("The last cut-off: {sentence}")),
            None if self.algorithm == TraceAlgorithm::AlphaBetaClassic => {
                RichText::new("No cut-off yet.").weak()
            }
            None => RichText::new("Plain minimax searches every node: no cut-offs.").weak(),
        };
        let lines = if ui.available_width() < 700.0 {
            4.0
        } else {
            2.0
        };
        let height = lines * ui.text_style_height(&egui::TextStyle::Body) + 4.0;
        let (room, _) = ui.allocate_exact_size(
            egui::vec2(ui.available_width(), height),
            egui::Sense::hover(),
        );
        let builder = egui::UiBuilder::new()
            .max_rect(room)
            .layout(egui::Layout::top_down(egui::Align::Min));
        ui.scope_builder(builder, |ui| {
            let said = ui.add(egui::Label::new(text).wrap());
            ui.ctx().accesskit_node_builder(said.id, |node| {
                node.set_live(egui::accesskit::Live::Polite);
            });
        });
    }

    /// A tree with chance nodes: its expectiminimax values drawn whole; the searches stepped
    /// through and their keys shown but disabled, with the reason.
    fn chance_tree(&self, ui: &mut Ui, tree: &GameTree, commands: &mut Vec<Command>) {
        // Scrolled as a whole, so that on a phone the drawing is not squeezed out of sight.
        texts::scrolled_to_fill(ui, "chance lab", |ui| {
            ui.horizontal_wrapped(|ui| {
                for words in ["plain minimax", "alpha-beta"] {
                    ui.add_enabled(false, egui::RadioButton::new(false, words))
                        .on_disabled_hover_text(CHANCE_NO_ALPHA_BETA);
                }
                for (words, key) in [
                    ("Back", "Left"),
                    ("Step", "Right"),
                    ("Run to end", "End"),
                    ("Restart", "Home"),
                ] {
                    let button = egui::Button::new(texts::with_key(ui, words, key));
                    ui.add_enabled(false, button)
                        .on_disabled_hover_text(CHANCE_NO_ALPHA_BETA);
                }
            });
            ui.add(
                egui::Label::new(
                    "Alpha-beta and the step-through do not apply here: no child of a chance node \
                         can be skipped.",
                )
                .wrap(),
            )
            .on_hover_text(CHANCE_NO_ALPHA_BETA);
            self.mcts_button(ui, commands);
            let root = expectiminimax(tree)[0].value;
            let exactly = if root.decimal(CHANCE_PLACES).starts_with('≈') {
                format!(" (exactly {root})")
            } else {
                String::new()
            };
            ui.add(
                egui::Label::new(format!(
                    "Expectiminimax: the root's value {}{exactly} · values to {CHANCE_PLACES} \
                         decimal places, ≈ where rounded",
                    chance_value_text(root)
                ))
                .wrap(),
            );
            let zoom = egui::Id::unique("textbook tree drawing");
            tree_drawing::fit_at_first(ui, zoom);
            tree_drawing::drawing_bar(ui, zoom, Orange::MinimaxLine);
            let sketch = tree_sketch::chance_tree(tree);
            // Folded, so that on a phone the drawing keeps the room under it.
            egui::CollapsingHeader::new("What the shapes and numbers mean")
                .id_salt("chance legend")
                .show(ui, |ui| {
                    ui.add(egui::Label::new(RichText::new(CHANCE_NO_ALPHA_BETA).small()).wrap());
                    for line in &sketch.legend {
                        ui.add(egui::Label::new(RichText::new(line).small()).wrap());
                    }
                });
            if let Some(export) = tree_export::export_bar(ui, zoom, &sketch, "tree") {
                commands.push(Command::ExportPicture(export));
            }
            tree_drawing::draw_in_the_rest(ui, "chance drawing", &sketch, zoom);
        });
    }

    /// The line of the code the search is at: its last step's, the first line before any.
    fn active_step(&self, tree: &GameTree) -> pseudocode::CodeStep {
        match self.steps[..self.position].last() {
            Some((step, _)) => tree_step_of(step.kind, step.depth, tree.root_side()),
            None => pseudocode::CodeStep::Start,
        }
    }

    /// The search so far on the whole tree, drawn up front, with its zoom and export bars; a
    /// node clicked runs the search to it.
    fn drawing(&self, ui: &mut Ui, sketch: &Sketch, commands: &mut Vec<Command>) {
        let sizing = self.finished.as_ref().unwrap_or(sketch);
        let zoom = egui::Id::unique("textbook tree drawing");
        // A textbook's tree is for the whole class to see: as large as the room allows.
        tree_drawing::fit_at_first(ui, zoom);
        tree_drawing::drawing_bar(ui, zoom, Orange::CallsUnderWay);
        if let Some(export) = tree_export::export_bar_sized(ui, zoom, sketch, sizing, "tree") {
            commands.push(Command::ExportPicture(export));
        }
        egui::ScrollArea::both()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                // The whole tree's spots are in preorder: a node's index is its id.
                // The leaf being edited is framed, and said selected to a screen reader.
                let chosen = self.chosen_leaf.filter(|_| self.editing_leaves);
                if let Some(node) =
                    tree_drawing::draw_sized(ui, sketch, sizing, zoom, chosen, false)
                {
                    let leaf = self
                        .tree()
                        .and_then(|tree| tree.node(node))
                        .is_some_and(|node| node.is_leaf());
                    if !self.editing_leaves {
                        commands.push(TreeLabCommand::RunTo(node).into());
                    } else if leaf {
                        commands.push(TreeLabCommand::ChooseLeaf(node).into());
                        // Ready to type the new value, from a click or from the keyboard.
                        ui.memory_mut(|memory| memory.request_focus(leaf_field_id()));
                    }
                }
            });
    }

    /// Where the search is: its step, calls, leaves and cutoffs so far, and its value at the end.
    fn progress(&self) -> String {
        let done = &self.steps[..self.position];
        let count = |kind| done.iter().filter(|(step, _)| step.kind == kind).count();
        let pruned: usize = done.iter().map(|(_, pruned)| pruned.len()).sum();
        let mut words = format!(
            "Step {} of {} · calls {} · leaves evaluated {} · cutoffs {} · moves pruned {}",
            self.position,
            self.steps.len(),
            count(EventKind::Enter),
            count(EventKind::Leaf),
            count(EventKind::Cutoff),
            pruned
        );
        if self.position == self.steps.len()
            && let Some(tree) = self.tree()
            && let Some((last, _)) = self.steps.last()
        {
            let value = SeenTree::new(tree).root_number(last.score()).value();
            words.push_str(&format!(" · the root's value: {value}"));
        }
        words
    }
}

impl View for TreeLab {
    fn name(&self) -> &'static str {
        "A textbook's tree"
    }

    fn ui(&mut self, ui: &mut Ui, _given: &mut Given<'_>) -> Vec<Command> {
        self.show(ui)
    }

    fn shows_notices(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::tree_svg;

    /// At the end of a run the tree lab draws, and exports, exactly what `tictactoe trace
    /// three-cutoffs --algorithm alphabeta --format svg` writes (its golden file): one sketch,
    /// one layout.
    #[test]
    fn the_lab_s_finished_drawing_is_what_trace_writes_as_svg() {
        let mut lab = TreeLab::new("three-cutoffs");
        lab.apply(TreeLabCommand::RunToEnd);
        let tree = lab.tree().unwrap().clone();
        let (_, sketch) = lab.sketch_after(&tree, lab.position);
        let drawn = tree_svg::svg_sized(&sketch, false, lab.finished.as_ref().unwrap());
        let written = tree_svg::tree_search_svg(&tree, TraceAlgorithm::AlphaBetaClassic);
        assert_eq!(drawn, written);
        let golden = include_str!("../../../tests/fixtures/golden/trace_typed_cutoffs_svg.stdout");
        assert_eq!(drawn, golden);
        assert!(drawn.contains(">≥ 7</text>") && drawn.contains(">≤ 2</text>"));
    }
}
