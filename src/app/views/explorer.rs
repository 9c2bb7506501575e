//! The game-tree explorer: the position on the board as the root, each node a row with a small
//! board, the move that led to it, its score and verdict, whose turn it is and whether minimax
//! maximises or minimises there; expanded nodes say how their value comes about. Nodes are
//! analysed lazily by the controller's worker; the tree itself, what is open and what each move
//! scores, is [`tree::grow`]'s.
//!
//! Every number is the one search's from the root (the game's position), as [`Seen`] shows it:
//! the root's side to move maximises (or X, in the articles' view) and depth counts from the
//! root. The explorer keeps its own state (what is expanded and selected); what it asks of the
//! app (a preview, playing from a node) comes back as [`Command`]s, and the searches it needs (the
//! nodes' analyses, the root's counts) are the controller's.

use std::collections::HashSet;
use std::convert::Infallible;

use egui::{Color32, RichText, Sense, Ui};

use crate::app::commands::{Command, ExplorerCommand, ExplorerKey, Path, SettingCommand};
use crate::app::controls::Mirrored;
use crate::app::drawing::board_widget::BoardWidget;
use crate::app::drawing::texts::{self, thousands};
use crate::app::drawing::tree_drawing::{self, Orange};
use crate::app::on_show::moves;
use crate::app::view::{Given, Needs, View};
use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::minimax::Stop;
use crate::engine::score::Score;
use crate::game::GameController;
use crate::learn::explain::named_verdict;
use crate::learn::tree::{self, TreeNode, how_value_comes_about};
use crate::learn::tree_picture;
use crate::learn::tree_sketch;
use crate::learn::view::{ScoreView, Seen};

pub struct Explorer {
    root: Board,
    /// Which position the root is, in words: "the game's position", "the position before
    /// move 4", "the pasted position, not the game's".
    root_name: String,
    expanded: HashSet<Path>,
    selected: Path,
    /// Whether the arrow keys move in the tree (after a click in it or opening it) rather than on
    /// the board.
    pub has_keyboard: bool,
    /// Whether the tree is drawn as a picture (triangles and edges) rather than listed.
    drawn: bool,
    /// The node the drawing last scrolled into view: a new selection is scrolled to once.
    revealed: Option<Path>,
    /// Whether a key moved the selection since the tree was drawn: the selected row then takes
    /// the keyboard (and accessibility) focus.
    selection_moved: bool,
}

/// One visible row.
struct Row {
    path: Path,
    board: Board,
    /// The move that led here: its cell, its score for the side that played it, whether it is
    /// minimax's choice, whether it ties with it.
    from: Option<(Cell, Score, bool, bool)>,
}

impl Explorer {
    pub fn new(root: Board, root_name: String) -> Explorer {
        Explorer {
            root,
            root_name,
            expanded: HashSet::from([Vec::new()]),
            selected: Vec::new(),
            has_keyboard: true,
            drawn: false,
            revealed: None,
            selection_moved: false,
        }
    }

    /// The position at the root: the one on show when the explorer last followed the board.
    pub fn root(&self) -> Board {
        self.root
    }

    /// Starts again from `root`, the new position on show (named `name`), if it changed.
    pub fn follow(&mut self, root: Board, name: String) {
        if root != self.root {
            self.root = root;
            self.expanded = HashSet::from([Vec::new()]);
            self.selected = Vec::new();
        }
        self.root_name = name;
    }

    /// The position a path leads to.
    pub fn board_at(&self, path: &[Cell]) -> Board {
        path.iter().fold(self.root, |board, &cell| {
            board.after(cell).expect("a path in the tree is legal")
        })
    }

    /// The positions of expanded nodes whose moves are not scored yet: the controller searches
    /// them.
    pub fn wanted(&self, controller: &GameController) -> Vec<Board> {
        self.rows(controller)
            .into_iter()
            .filter(|row| self.expanded.contains(&row.path))
            .map(|row| row.board)
            .filter(|board| controller.analysis(board).is_none())
            .collect()
    }

    /// Every visible row, in order: the root, then the children of each expanded node (once
    /// they are scored).
    fn rows(&self, controller: &GameController) -> Vec<Row> {
        let tree = self.tree(controller);
        let rows = tree.nodes().into_iter().map(|(path, from, node)| Row {
            path,
            board: node.board,
            from: from.map(|b| (b.cell, b.score, b.best, b.ties)),
        });
        rows.collect()
    }

    /// The tree as far as it is expanded and scored.
    fn tree(&self, controller: &GameController) -> TreeNode {
        let open = &mut |path: &[Cell], board: &Board| {
            let open = self.expanded.contains(path);
            Ok::<_, Infallible>(open.then(|| controller.analysis(board)).flatten())
        };
        let Ok(tree) = tree::grow(&self.root, open);
        tree
    }

    /// Moves the selection or expands, as the key asks. Returns a command for Enter.
    pub fn key(&mut self, key: ExplorerKey, controller: &GameController) -> Option<Command> {
        let rows = self.rows(controller);
        let at = rows.iter().position(|row| row.path == self.selected)?;
        self.selection_moved = true;
        match key {
            ExplorerKey::Up => self.selected = rows[at.saturating_sub(1)].path.clone(),
            ExplorerKey::Down => self.selected = rows[(at + 1).min(rows.len() - 1)].path.clone(),
            ExplorerKey::Right => {
                let row = &rows[at];
                if row.board.outcome().is_over() {
                } else if self.expanded.insert(row.path.clone()) {
                    // Now expanded; its children show once analysed.
                } else if let Some(child) =
                    rows.get(at + 1).filter(|r| r.path.len() > row.path.len())
                {
                    self.selected = child.path.clone();
                }
            }
            ExplorerKey::Left => {
                let path = self.selected.clone();
                if !self.expanded.remove(&path) {
                    self.selected.pop();
                }
            }
            ExplorerKey::Enter => {
                return Some(ExplorerCommand::PreviewNode(self.selected.clone()).into());
            }
        }
        None
    }

    /// Draws the panel.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        controller: &GameController,
        view: ScoreView,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        if texts::title_and_close(ui, "Game tree") {
            commands.push(SettingCommand::ToggleExplorer.into());
        }
        let seen = Seen::new(view, &self.root);
        let maximiser = seen.maximiser();
        ui.add(
            egui::Label::new(format!(
                "{maximiser} maximises: every number is {maximiser}'s, in the one search from the \
                 root ({}), with depth counted from there.",
                self.root_name
            ))
            .wrap(),
        );
        self.counts_line(ui, controller);
        if !crate::app::drawing::texts::touch(ui.ctx()) {
            ui.label(
                RichText::new(
                    "Arrows move, Right/Left open and close, Enter previews on the board, Esc \
                     returns.",
                )
                .small(),
            );
        }
        let switch = if self.drawn {
            "Show as a list"
        } else {
            "Draw as a tree"
        };
        if ui.small_button(switch).mirrored(switch).clicked() {
            self.drawn = !self.drawn;
        }
        ui.separator();
        if self.drawn {
            commands.extend(self.drawing(ui, controller, &seen));
            return commands;
        }
        let rows = self.rows(controller);
        egui::ScrollArea::vertical().show(ui, |ui| {
            for row in &rows {
                self.row(ui, row, controller, view, &mut commands);
            }
        });
        self.selection_moved = false;
        commands
    }

    /// The tree drawn as the textbooks draw a search (the picture `tictactoe tree --format svg`
    /// draws): a click on a node selects it and opens or closes it, as Right and Left do.
    fn drawing(
        &mut self,
        ui: &mut Ui,
        controller: &GameController,
        seen: &Seen,
    ) -> Option<Command> {
        let tree = self.tree(controller);
        let picture = tree_picture::picture(&tree, seen);
        let nodes = tree.nodes();
        let names: Vec<String> = picture
            .spots
            .iter()
            .zip(&nodes)
            .map(|(spot, (_, from, node))| {
                let played = from.map(|branch| {
                    let mover = node.board.to_move().opponent();
                    let cell = branch.cell;
                    format!("{mover} {}", cell.human())
                });
                tree_sketch::node_name(spot, played)
            })
            .collect();
        let selected = nodes
            .iter()
            .position(|(path, ..)| *path == self.selected)
            .unwrap_or(0);
        let reveal = self.revealed.as_ref() != Some(&self.selected);
        self.revealed = Some(self.selected.clone());
        let zoom = egui::Id::unique("explorer's drawing");
        tree_drawing::drawing_bar(ui, zoom, Orange::MinimaxLine);
        let sketch = tree_sketch::board_tree(&picture, seen, names, None);
        let export = crate::app::drawing::tree_export::export_bar(ui, zoom, &sketch, "game-tree");
        egui::ScrollArea::both().show(ui, |ui| {
            if let Some(clicked) = tree_drawing::draw(ui, &sketch, zoom, Some(selected), reveal) {
                let path = nodes[clicked].0.clone();
                // On a touch screen the first tap on a node selects it and shows its words; a
                // second opens or closes it. A click does both at once.
                let opens = !crate::app::drawing::texts::touch(ui.ctx()) || clicked == selected;
                if opens
                    && !self.expanded.remove(&path)
                    && !nodes[clicked].2.board.outcome().is_over()
                {
                    self.expanded.insert(path.clone());
                }
                self.selected = path;
                self.has_keyboard = true;
            }
        });
        export.map(Command::ExportPicture)
    }

    fn counts_line(&self, ui: &mut Ui, controller: &GameController) {
        let Some(counts) = controller.counts(&self.root) else {
            if !self.root.outcome().is_over() {
                ui.label("Counting the positions each search visits…");
            }
            return;
        };
        let count = |result: Result<u64, Stop>| match result {
            Ok(nodes) => thousands(nodes),
            Err(Stop::NodeBudget { limit }) => format!("more than {}", thousands(limit)),
            Err(Stop::Cancelled | Stop::TimeLimit) => "—".to_string(),
        };
        ui.add(
            egui::Label::new(format!(
                "Positions searched to score these moves: plain minimax {}, alpha-beta {} \
                 scoring each move or {} searching the position, alpha-beta with a table {}.",
                count(counts.plain),
                count(counts.alpha_beta),
                count(counts.alpha_beta_shared),
                count(counts.alpha_beta_table)
            ))
            .wrap(),
        )
        .on_hover_text(format!(
            "Alpha-beta scoring each move: a fresh window (−∞, +∞) for each move, as the \
             articles' findBestMove, so every move's value is exact. Searching the position: one \
             window for the whole search, as the textbook's alphabeta(root), so a move that \
             cannot beat the best so far is cut short and only the best move's value is exact. \
             The step-through ({}) steps through either.",
            crate::app::drawing::texts::shortcut(ui, "D")
        ));
    }

    fn row(
        &mut self,
        ui: &mut Ui,
        row: &Row,
        controller: &GameController,
        view: ScoreView,
        commands: &mut Vec<Command>,
    ) {
        let seen = Seen::new(view, &self.root);
        let plies = row.path.len() as i32;
        let indent = 14.0 * plies as f32;
        let thumb = 48.0;
        let selected = row.path == self.selected;
        let expanded = self.expanded.contains(&row.path);
        let analysis = controller.analysis(&row.board);
        let label = self.row_label(row, view);
        let finished = row.board.outcome().is_over();
        let fill = if selected {
            ui.visuals().selection.bg_fill.gamma_multiply(0.5)
        } else {
            Color32::TRANSPARENT
        };
        egui::Frame::NONE
            .fill(fill)
            .corner_radius(4.0)
            .inner_margin(2.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.add_space(indent);
                    if finished {
                        ui.add_space(22.0);
                    } else {
                        self.toggle(ui, row, expanded);
                    }
                    // The node itself, the thumbnail and its words, is one click target.
                    let node = ui.horizontal(|ui| {
                        ui.add(BoardWidget::new(&row.board, ("tree node", &row.path)).side(thumb));
                        ui.vertical(|ui| self.node_words(ui, row, view));
                    });
                    let response = ui
                        .interact(
                            node.response.rect,
                            ui.make_persistent_id(("tree row", &row.path)),
                            Sense::click(),
                        )
                        .mirrored(&label);
                    response.widget_info(|| {
                        egui::WidgetInfo::selected(egui::Role::Button, true, selected, &label)
                    });
                    if selected && self.selection_moved {
                        response.request_focus();
                    }
                    if response.gained_focus() && !selected {
                        // Reached with Tab: the arrows go on from this row.
                        self.selected = row.path.clone();
                        self.has_keyboard = true;
                    }
                    if response.clicked() {
                        self.selected = row.path.clone();
                        self.has_keyboard = true;
                        commands.push(ExplorerCommand::PreviewNode(row.path.clone()).into());
                    }
                });
            });
        if finished || expanded {
            let how = how_value_comes_about(&row.board, analysis, &seen, plies);
            let waiting = !finished && analysis.is_none();
            ui.horizontal(|ui| {
                ui.add_space(indent + 22.0);
                let text = if waiting {
                    format!("{how} (searching…)")
                } else {
                    how
                };
                ui.add(egui::Label::new(RichText::new(text).small()).wrap());
            });
        }
    }

    /// The button that opens or closes a node.
    fn toggle(&mut self, ui: &mut Ui, row: &Row, expanded: bool) {
        let (text, what) = if expanded {
            ("-", "Collapse")
        } else {
            ("+", "Expand")
        };
        let toggle = ui
            .add_sized([20.0, 20.0], egui::Button::new(text))
            .on_hover_text(format!("{what} this node"))
            .mirrored(format!("{what} node {}", path_name(&row.path)));
        toggle.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Button,
                true,
                format!("{what} node {}", path_name(&row.path)),
            )
        });
        if toggle.clicked() {
            if expanded {
                self.expanded.remove(&row.path);
            } else {
                self.expanded.insert(row.path.clone());
            }
        }
    }

    /// The move that led to a node, its score and verdict, and whose turn it is there.
    fn node_words(&self, ui: &mut Ui, row: &Row, view: ScoreView) {
        let seen = Seen::new(view, &self.root);
        let plies = row.path.len() as i32;
        match row.from {
            None => {
                ui.label(RichText::new(format!("The root: {}", self.root_name)).strong());
            }
            Some((cell, score, best, ties)) => {
                let mover = row.board.to_move().opponent();
                let shown = seen.number(score, mover, plies - 1);
                let words = named_verdict(&seen, shown);
                ui.label(RichText::new(format!("{mover} {}", cell.human())).strong());
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{} · {words}", shown.value()));
                    if best {
                        ui.label(
                            RichText::new("minimax's choice")
                                .color(Color32::from_rgb(230, 180, 40))
                                .strong(),
                        );
                    } else if ties {
                        ui.label(RichText::new("ties").color(Color32::from_rgb(200, 160, 60)));
                    }
                });
            }
        }
        let status = match row.board.outcome() {
            Outcome::Ongoing => {
                let to_move = row.board.to_move();
                format!("{to_move} to move · {}", seen.role(to_move).name())
            }
            outcome => outcome.to_string(),
        };
        ui.label(RichText::new(status).small());
    }

    /// The row's accessible name: the move, its score in the view, and minimax's verdict on it.
    fn row_label(&self, row: &Row, view: ScoreView) -> String {
        let seen = Seen::new(view, &self.root);
        match row.from {
            None => format!("Tree root: {}, {} to move", row.board, row.board.to_move()),
            Some((cell, score, best, ties)) => {
                let mover = row.board.to_move().opponent();
                let plies = row.path.len() as i32 - 1;
                let shown = seen.number(score, mover, plies);
                let mut label = format!(
                    "Tree node {}: {mover} {}, score {}",
                    moves(&row.path),
                    cell.human(),
                    shown.value()
                );
                if best {
                    label.push_str(", minimax's choice");
                } else if ties {
                    label.push_str(", ties with minimax's choice");
                }
                label
            }
        }
    }
}

/// A node's short name: its path, or "root".
fn path_name(path: &[Cell]) -> String {
    if path.is_empty() {
        "root".to_string()
    } else {
        moves(path)
    }
}

impl View for Explorer {
    fn name(&self) -> &'static str {
        "Game tree"
    }

    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command> {
        self.show(ui, given.controller, given.score_view)
    }

    /// The analyses of the nodes it has open, and the counts of the search from its root.
    fn needs(&self, controller: &GameController) -> Needs {
        Needs {
            analyses: self.wanted(controller),
            counts: Some(self.root),
            ..Needs::default()
        }
    }
}
