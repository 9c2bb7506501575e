//! Monte Carlo tree search on a textbook's tree, the MCTS view's second subject: a tree typed or
//! pasted in the view (or the tree lab's, when the view is opened from there), stepped as the
//! board is (1, 10, 100, 1,000 iterations a frame's worth at a time, Stop), the whole tree drawn
//! with each added node's N, W/N and UCB1 and the last iteration's four phases, each root
//! child's estimate beside its exact value (minimax's, expectiminimax's with chance nodes), the
//! estimates' plot converging to those values, and the child MCTS would pick. The search is the
//! engine's ([`TreeMcts`], which owns its tree, so that the view keeps it from frame to frame);
//! its numbers are written by `learn::mcts_report`, as `tictactoe mcts TREE` writes them.

use egui::{Color32, RichText, Ui};

use super::controls::{Asked, iterate, plot, run_controls};
use crate::app::commands::{Command, MctsCommand};
use crate::app::drawing::texts::{self, MAX_TREE_CHARS, Part};
use crate::app::drawing::tree_drawing::{self, Orange};
use crate::app::drawing::tree_export;
use crate::engine::fraction::Fraction;
use crate::engine::game_tree::{GameTree, TreePosition};
use crate::engine::mcts::{Iteration, Mcts, TreeMcts};
use crate::learn::abstract_tree::{CHANCE_PLACES, chance_value_text, tree_examples};
use crate::learn::mcts_report::{
    RootMove, TREE_NODES, root_moves, tree_exact_values, tree_mcts_sketch, tree_node_name,
};

/// Iterations a frame: an iteration on a typed tree (at most 12 levels) is a few steps down
/// and back, so a run of 1,000 takes four frames and none is held up.
const ITERATIONS_PER_FRAME: u64 = 250;
/// The tree the field holds when the view is opened from the menu.
pub(super) const FIRST_TREE: &str = "[[3,12,8],[2,4,6],[14,5,2]]";
/// The least height the tree's drawing takes, in points.
/// The plot's lines, a colour a root child (the first ones again past the sixth).
const COLOURS: [Color32; 6] = [
    Color32::from_rgb(40, 120, 220),
    Color32::from_rgb(220, 120, 30),
    Color32::from_rgb(60, 160, 80),
    Color32::from_rgb(200, 60, 160),
    Color32::from_rgb(130, 100, 60),
    Color32::from_rgb(20, 160, 170),
];

/// The search on a tree and what the view remembers of it.
pub(super) struct TreeRun {
    /// The notation as typed.
    text: String,
    /// The search on the tree the text gives, or why the text gives none.
    search: Result<TreeMcts, String>,
    /// Each root child's exact value, for the side to move at the root.
    exact: Vec<Fraction>,
    /// The last iteration run, drawn on the tree.
    last: Option<Iteration<usize>>,
    /// The seed, c and iterations to go the player asked.
    run: Asked,
    /// The root children's estimates (W/N, left to right) after so many iterations.
    history: Vec<(u64, Vec<Option<f64>>)>,
}

impl TreeRun {
    /// The search on `text` (a tree's notation or a built-in tree's name), seed 1 and c = √2, as
    /// `tictactoe mcts` starts.
    pub(super) fn new(text: &str) -> TreeRun {
        let mut run = TreeRun {
            text: String::new(),
            search: Err(String::new()),
            exact: Vec::new(),
            last: None,
            run: Asked::default(),
            history: Vec::new(),
        };
        run.read(text);
        run
    }

    /// Reads `text` as the tree to search, from the start.
    pub(super) fn read(&mut self, text: &str) {
        text.chars()
            .take(MAX_TREE_CHARS)
            .collect::<String>()
            .clone_into(&mut self.text);
        let named = tree_examples()
            .iter()
            .find(|example| example.name == text.trim());
        let tree = match named {
            Some(example) => Ok(example.tree()),
            None => self
                .text
                .parse::<GameTree>()
                .map_err(|error| error.to_string()),
        };
        self.exact = tree.as_ref().map(tree_exact_values).unwrap_or_default();
        self.search = tree.map(|tree| TreeMcts::new(tree, self.run.seed, self.run.c, TREE_NODES));
        self.forget_the_run();
    }

    /// The same tree searched again from nothing, with the seed and c now asked.
    fn restart(&mut self) {
        if let Ok(search) = &mut self.search {
            *search = TreeMcts::new(search.tree().clone(), self.run.seed, self.run.c, TREE_NODES);
        }
        self.forget_the_run();
    }

    /// No iteration run or to run: the last one, those asked for and the plot's history.
    fn forget_the_run(&mut self) {
        self.last = None;
        self.run.pending = 0;
        self.history.clear();
    }

    pub(super) fn apply(&mut self, command: MctsCommand) {
        if self.run.take(command, self.search.is_ok()) {
            self.restart();
        }
    }

    /// Runs a frame's worth of the iterations asked for.
    fn advance(&mut self) {
        let Ok(run) = &mut self.search else {
            return;
        };
        let now = self.run.this_frame(ITERATIONS_PER_FRAME);
        if now == 0 {
            return;
        }
        let children = run.tree().root().len();
        let (last, history) = (&mut self.last, &mut self.history);
        run.with_search(|search| iterate(search, now, last, history, || 0..children));
    }

    pub(super) fn show(&mut self, ui: &mut Ui, commands: &mut Vec<Command>) {
        self.advance();
        if self.run.pending > 0 {
            ui.ctx().request_repaint();
        }
        texts::numbers_beside_drawing(ui, "mcts tree view", |ui, part| match part {
            Part::Numbers => self.numbers(ui, commands),
            Part::Drawing => self.drawing(ui, commands),
        });
    }

    /// The tree's field, the settings and buttons, the last iteration in words, each root
    /// child's numbers beside its exact value, MCTS's choice and the plot.
    fn numbers(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        if let Some(text) = texts::tree_field(ui, &self.text, "mcts tree notation") {
            commands.push(Command::MctsOnTree(text));
        }
        let run = match &self.search {
            Ok(run) => run,
            Err(problem) => {
                let problem = if self.text.trim().is_empty() {
                    "nothing typed (type one, e.g. [[3,12,8],[2,4,6],[14,5,2]])".to_string()
                } else {
                    problem.clone()
                };
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!("Not a tree: {problem}."),
                );
                return;
            }
        };
        let tree = run.tree();
        let search = run.search();
        ui.add(egui::Label::new(self.command_words(tree)).wrap());
        run_controls(ui, &self.run, &search, Some(tree.len()), commands);
        if let Some(last) = &self.last {
            ui.add(egui::Label::new(iteration_words(tree, last)).wrap());
        }
        let root = tree.root();
        ui.label(
            RichText::new("Each child of the root: MCTS's numbers, and its exact value").strong(),
        );
        ui.add(
            egui::Label::new(
                RichText::new(format!(
                    "All for {} at the root: W/N is the mean of the leaves its playouts reached; \
                     the exact value is {} to {CHANCE_PLACES} places.",
                    root.side(),
                    if tree.has_chance() {
                        "expectiminimax's"
                    } else {
                        "minimax's"
                    }
                ))
                .small(),
            )
            .wrap(),
        );
        for row in root_moves(&search, 0..root.len()) {
            ui.add(egui::Label::new(row_words(&root, &row, self.exact[row.mv])).wrap());
        }
        ui.add(egui::Label::new(self.choice_words(&root, &search)).wrap());
        self.plot(ui);
    }

    /// How to get the same numbers from the command line.
    fn command_words(&self, tree: &GameTree) -> String {
        format!(
            "UCT on the tree: selection by UCB1 = W/N + c·√(ln N(parent) / N) (at a chance node \
             the child is drawn by its probability), expansion of one untried child, a random \
             playout to a leaf (its value the reward, for MAX; negated for MIN), backup. The \
             leaves are not scaled: give c in their units. The same seed, c and iterations give \
             the same numbers as tictactoe mcts '{tree}'{} --iterations N.",
            self.run.options()
        )
    }

    /// The child MCTS would pick and whether it is an exact best one.
    fn choice_words(&self, root: &TreePosition, search: &Mcts<TreePosition<'_>>) -> String {
        if root.is_chance() {
            return "The root is a chance node: nobody chooses there, chance draws the child, \
                    so MCTS has no move to pick."
                .to_string();
        }
        let Some(choice) = search.most_visited() else {
            return "MCTS would pick: none yet (run an iteration)".to_string();
        };
        let best = self.exact.iter().max().copied();
        let chosen = self.exact[choice];
        let verdict = match best {
            Some(best) if best == chosen => "an exact best move".to_string(),
            Some(best) => format!(
                "not an exact best move: it is worth {} where the best is worth {}",
                chance_value_text(chosen),
                chance_value_text(best)
            ),
            None => "no exact value".to_string(),
        };
        format!(
            "MCTS would pick child {} (the most visited): {verdict}.",
            choice + 1
        )
    }

    /// The whole tree, with its zoom and export bars.
    fn drawing(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let Ok(run) = &self.search else {
            return;
        };
        let search = run.search();
        let sketch = tree_mcts_sketch(run.tree(), &search, self.last.as_ref());
        let zoom = egui::Id::unique("mcts tree of a textbook");
        // A textbook's tree is for the whole class to see, as in the tree lab: as large as the
        // room allows, but never smaller than its words read (its counts under each node make
        // it wide): wider than the room, it scrolls.
        let room = egui::vec2(
            ui.available_width(),
            ui.clip_rect().bottom() - ui.cursor().top(),
        );
        tree_drawing::fit_room(ui, zoom, &sketch, room, 0.9, 1.5);
        tree_drawing::drawing_bar(ui, zoom, Orange::LastIteration);
        for line in &sketch.legend {
            ui.add(egui::Label::new(RichText::new(line).small()).wrap());
        }
        if let Some(export) = tree_export::export_bar(ui, zoom, &sketch, "mcts-tree") {
            commands.push(Command::ExportPicture(export));
        }
        tree_drawing::draw_in_the_rest(ui, "mcts textbook tree", &sketch, zoom);
    }

    /// The root children's estimates over the iterations, a colour each, with each one's exact
    /// value as a dotted line of its colour, so that a learner sees them settle on it (or not).
    fn plot(&self, ui: &mut Ui) {
        ui.label("W/N of each child over the iterations; dotted at the height of its exact value");
        // From the lowest to the highest of the exact values and the estimates so far, so that
        // the lines spread over the plot (the leaves' whole range would squeeze them).
        let values = self.exact.iter().map(|exact| exact.to_f64()).chain(
            self.history
                .iter()
                .flat_map(|(_, means)| means.iter().copied().flatten()),
        );
        let (low, high) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), v| {
            (low.min(v), high.max(v))
        });
        let margin = ((high - low) * 0.05).max(0.5);
        let (low, high) = (low - margin, high + margin);
        let lines: Vec<(Color32, Option<f64>)> = (self.exact.iter().enumerate())
            .map(|(index, exact)| (COLOURS[index % COLOURS.len()], Some(exact.to_f64())))
            .collect();
        plot(
            ui,
            &self.history,
            &lines,
            (low, high),
            (trim(high), trim(low)),
        );
        ui.horizontal_wrapped(|ui| {
            for (index, exact) in self.exact.iter().enumerate() {
                ui.colored_label(
                    COLOURS[index % COLOURS.len()],
                    format!(
                        "— child {} (exact {})",
                        index + 1,
                        chance_value_text(*exact)
                    ),
                );
            }
        });
    }
}

/// The plot's axis: to one place.
fn trim(value: f64) -> String {
    format!("{value:.1}")
}

/// "child 1: N 12 · W 40 · W/N 3.333 · UCB1 4.012 · exact 3".
fn row_words(root: &TreePosition, row: &RootMove<usize>, exact: Fraction) -> String {
    let child = root.child(row.mv).expect("a root move is a child");
    format!(
        "{}: {} · exact {}",
        tree_node_name(&child),
        row.numbers(),
        chance_value_text(exact)
    )
}

/// The last iteration's four phases in words.
fn iteration_words(tree: &GameTree, last: &Iteration<usize>) -> String {
    let mut at = tree.root();
    let mut selected = Vec::new();
    for &index in &last.selected {
        // Below a chance node the child was drawn by its probability, not chosen by UCB1.
        let drawn = at.is_chance();
        at = at.child(index).expect("a selected move is a child");
        let name = tree_node_name(&at);
        selected.push(match drawn {
            true => format!("{name} (drawn by chance)"),
            false => name,
        });
    }
    let selected = if selected.is_empty() {
        "selection stayed at the root".to_string()
    } else {
        format!("selected {}", selected.join(", then "))
    };
    let added = match last.added {
        Some(index) => {
            at = at.child(index).expect("an added move is a child");
            format!("added {}", tree_node_name(&at))
        }
        None => "added nothing (a leaf, or the tree is full)".to_string(),
    };
    for &index in &last.playout {
        at = at.child(index).expect("a playout's move is a child");
    }
    let side = tree.root().side();
    let moves = match last.playout.len() {
        1 => "1 random move".to_string(),
        moves => format!("{moves} random moves"),
    };
    format!(
        "The last iteration: {selected}; {added}; a playout of {moves} reached {} (leaf {}), \
         reward {} for {side} at the root; every node on the path got N + 1 and W + the reward \
         for the side that chose its move.",
        tree_node_name(&at),
        at.leaf()
            .map_or_else(|| "–".to_string(), |leaf| leaf.to_string()),
        last.reward
    )
}
