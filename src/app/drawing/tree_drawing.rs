//! Trees drawn as the textbooks draw a search: the explorer's game tree
//! (`learn::tree_picture`, the picture `tictactoe tree --format svg` draws) and the step-through's
//! search around its current call (`learn::search_picture`), painted with egui. Each node is a
//! button a click or a screen reader can reach.

use egui::{
    Color32, CornerRadius, Pos2, Rect, RichText, Sense, Shape, Stroke, StrokeKind, Ui, Vec2, pos2,
};

use crate::engine::board::{Board, Cell, Mark, Outcome};
use crate::engine::game_tree::{GameTree, TreePosition};
use crate::engine::rules::Rules;
use crate::learn::search_picture::{SearchPicture, SearchSpot, Standing};
use crate::learn::tree_picture::{Picture, Spot, level_label};
use crate::learn::view::{Role, Seen, Shown};

use super::texts::window_bound;

const SLOT: f32 = 46.0;
const LEVEL: f32 = 70.0;
const RADIUS: f32 = 15.0;
/// Text sizes at 100%: a note (alpha-beta's window under a call), an edge's move, a node's
/// value, a level's label.
const NOTE_SIZE: f32 = 10.0;
const EDGE_SIZE: f32 = 11.0;
const VALUE_SIZE: f32 = 12.0;
const LABEL_SIZE: f32 = 11.0;
const LINE: Color32 = Color32::from_rgb(217, 130, 43);
/// A small board's side at 100%, and the gap between it and its node.
const BOARD: f32 = 30.0;
const BOARD_GAP: f32 = 4.0;

/// What a tree drawing shows: nodes placed by a layout, links between them.
pub struct Drawing {
    pub nodes: Vec<Node>,
    pub links: Vec<Link>,
    pub width: usize,
    /// Who moves at each level and its depth, from the top: "MAX: X to move (depth 0)".
    pub levels: Vec<String>,
}

pub struct Node {
    /// Across in leaf slots, down in levels.
    pub x: f32,
    pub level: usize,
    /// A triangle up for the maximiser, down for the minimiser, a circle where the game is over.
    pub role: Option<Role>,
    pub value: Option<Shown>,
    /// A small text under the node (alpha-beta's window, a line each).
    pub note: Option<String>,
    pub emphasis: Emphasis,
    /// Pruned: drawn faint and crossed out.
    pub crossed: bool,
    /// Its moves are not drawn (not opened, not searched yet).
    pub dashed: bool,
    /// Its button's name.
    pub name: String,
    /// The position there, drawn small under the node when asked for ([`show_boards`]).
    pub board: Option<Board>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Emphasis {
    /// Minimax's line, or the search's path to the current call.
    Line,
    Plain,
}

impl Emphasis {
    fn on_line(on_line: bool) -> Emphasis {
        if on_line {
            Emphasis::Line
        } else {
            Emphasis::Plain
        }
    }
}

/// An edge's label: the move's row and column, from 1.
fn move_label(cell: Cell) -> String {
    format!("{},{}", cell.row + 1, cell.col + 1)
}

pub struct Link {
    pub from: usize,
    pub to: usize,
    pub label: String,
    pub emphasis: Emphasis,
    /// Minimax's choice at `from` (drawn stronger than the other moves).
    pub best: bool,
}

/// The explorer's tree: `names` are the nodes' button names, in the picture's order.
pub fn of_tree(picture: &Picture, names: Vec<String>, seen: &Seen) -> Drawing {
    let nodes = picture
        .spots
        .iter()
        .zip(names)
        .map(|(spot, name): (&Spot, String)| Node {
            x: spot.x,
            level: spot.level,
            role: spot.role,
            value: spot.value,
            note: None,
            emphasis: Emphasis::on_line(spot.on_line),
            crossed: false,
            dashed: !spot.opened && !spot.board.outcome().is_over(),
            name,
            board: Some(spot.board),
        })
        .collect();
    let links = picture
        .edges
        .iter()
        .map(|edge| Link {
            from: edge.from,
            to: edge.to,
            label: move_label(edge.cell),
            emphasis: Emphasis::on_line(edge.on_line),
            best: edge.best,
        })
        .collect();
    let boards = picture.spots.iter().map(|spot| (spot.level, spot.board));
    let levels = level_labels(picture.levels, seen, boards);
    Drawing {
        nodes,
        links,
        width: picture.width,
        levels,
    }
}

/// Each level's label, from the first position at that level among `boards` (level, board).
fn level_labels(
    levels: usize,
    seen: &Seen,
    boards: impl Iterator<Item = (usize, crate::engine::board::Board)>,
) -> Vec<String> {
    let mut labels = vec![String::new(); levels];
    let mut labelled = vec![false; levels];
    for (level, board) in boards {
        if level < levels && !labelled[level] {
            labelled[level] = true;
            labels[level] = level_label(&board, seen, level);
        }
    }
    labels
}

/// The step-through's search around its current call: the path to the current call in orange,
/// each call's window under it, pruned moves crossed out.
pub fn of_search(picture: &SearchPicture, seen: &Seen) -> Drawing {
    let start = picture.spots[0].board;
    let boards = picture.spots.iter().map(|spot| (spot.level, spot.board));
    let levels = level_labels(picture.levels, seen, boards);
    search_drawing(
        picture,
        levels,
        |number| window_bound(number, &start),
        move_label,
        search_node_name,
        |spot| Some(spot.board),
    )
}

/// A typed tree's search, drawn as [`of_search`] draws a board's: moves named by their place
/// among their siblings from 1 (as the textbooks count leaves), every level MAX or MIN with its
/// depth from the root, 0.
pub fn of_tree_search(picture: &SearchPicture<TreePosition<'_>>, tree: &GameTree) -> Drawing {
    let infinity = tree.root().infinity().value();
    let levels = (0..picture.levels)
        .map(|level| {
            let side = if level % 2 == 0 {
                tree.root_side()
            } else {
                tree.root_side().opponent()
            };
            format!("{} (depth {level})", side.name())
        })
        .collect();
    let bound = move |number: Shown| match number.value() {
        value if value >= infinity => "+inf".to_string(),
        value if value <= -infinity => "-inf".to_string(),
        value => value.to_string(),
    };
    search_drawing(
        picture,
        levels,
        bound,
        |index: usize| (index + 1).to_string(),
        tree_node_name,
        |_| None,
    )
}

/// A search's picture as a drawing: `bound` writes a window's number, `move_name` an edge's
/// move, `name` a node's button name (given its window in words).
fn search_drawing<G: Rules>(
    picture: &SearchPicture<G>,
    levels: Vec<String>,
    bound: impl Fn(Shown) -> String,
    move_name: impl Fn(G::Move) -> String,
    name: impl Fn(&SearchSpot<G>, Option<String>) -> String,
    board: impl Fn(&SearchSpot<G>) -> Option<Board>,
) -> Drawing {
    let window = |spot: &SearchSpot<G>| {
        spot.window
            .map(|(alpha, beta)| format!("α {}\nβ {}", bound(alpha), bound(beta)))
    };
    let on_path =
        |spot: &SearchSpot<G>| matches!(spot.standing, Standing::Waiting | Standing::Current);
    let nodes = picture
        .spots
        .iter()
        .map(|spot| Node {
            x: spot.x,
            level: spot.level,
            role: spot.role,
            value: spot.value,
            note: window(spot),
            emphasis: Emphasis::on_line(on_path(spot)),
            crossed: spot.standing == Standing::Pruned,
            dashed: false,
            name: name(spot, window(spot).map(|w| w.replace('\n', " "))),
            board: board(spot),
        })
        .collect();
    let links = picture
        .edges
        .iter()
        .map(|&(from, to)| {
            let spot = &picture.spots[to];
            let mv = spot.cell.expect("below the root, a move led here");
            Link {
                from,
                to,
                label: move_name(mv),
                emphasis: Emphasis::on_line(on_path(spot)),
                best: false,
            }
        })
        .collect();
    Drawing {
        nodes,
        links,
        width: picture.width,
        levels,
    }
}

/// What a node of a tree's search is, in words: "Node 2.1: returned 3, MIN moves next", "Node
/// 2.2: pruned (α 3 β 2)" (its place from the root, each child counted from 1).
fn tree_node_name(spot: &SearchSpot<TreePosition<'_>>, window: Option<String>) -> String {
    let path = spot.board.path();
    let place = if path.is_empty() {
        "The root".to_string()
    } else {
        let steps: Vec<String> = path.iter().map(|index| (index + 1).to_string()).collect();
        format!("Node {}", steps.join("."))
    };
    let what = call_words(spot, window);
    let next = match spot.role {
        Some(Role::Maximiser) => "MAX moves next",
        Some(Role::Minimiser) => "MIN moves next",
        None => "a leaf",
    };
    format!("{place}: {what}, {next}")
}

/// How much larger than at first a tree is drawn: the zoom under `key`, kept for as long as the
/// app runs.
fn zoom_of(ui: &Ui, key: egui::Id) -> Zoom {
    ui.data(|data| data.get_temp(key)).unwrap_or_default()
}

fn set_zoom(ui: &Ui, key: egui::Id, zoom: Zoom) {
    let zoom = Zoom {
        factor: zoom.factor.clamp(MIN_ZOOM, MAX_ZOOM),
        ..zoom
    };
    ui.data_mut(|data| data.insert_temp(key, zoom));
}

/// How large a drawing is drawn: a factor, or as large as fits the room it has (for a
/// projector), which shrinks as a search's drawing grows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub factor: f32,
    pub fit: bool,
}

impl Default for Zoom {
    fn default() -> Zoom {
        Zoom {
            factor: 1.0,
            fit: false,
        }
    }
}

/// Makes the drawing under `key` fit its room from now on (unless the player zooms it), when no
/// zoom was chosen for it yet.
pub fn fit_at_first(ui: &Ui, key: egui::Id) {
    if ui.data(|data| data.get_temp::<Zoom>(key)).is_none() {
        set_zoom(
            ui,
            key,
            Zoom {
                factor: 1.0,
                fit: true,
            },
        );
    }
}

/// Whether the drawing under `key` shows each node's position in a small board.
pub fn show_boards(ui: &Ui, key: egui::Id) -> bool {
    ui.data(|data| data.get_temp(key.with("boards")))
        .unwrap_or(false)
}

pub fn set_show_boards(ui: &Ui, key: egui::Id, shown: bool) {
    ui.data_mut(|data| data.insert_temp(key.with("boards"), shown));
}

const MIN_ZOOM: f32 = 0.5;
const MAX_ZOOM: f32 = 4.0;

/// Over a drawing: its zoom (buttons; Ctrl+wheel and pinch on the drawing too) and what its
/// shapes mean. `key` names the drawing's zoom; `search` says whether it is a search, whose
/// orange line is the path to the running call and whose crossed nodes were pruned.
pub fn drawing_bar(ui: &mut Ui, key: egui::Id, search: bool) {
    let zoom = zoom_of(ui, key);
    let by = |factor: f32| Zoom { factor, fit: false };
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(zoom.factor > MIN_ZOOM, egui::Button::new("−"))
            .on_hover_text("Zoom out (Ctrl+wheel, pinch)")
            .clicked()
        {
            set_zoom(ui, key, by(zoom.factor / 1.25));
        }
        let label = format!("{:.0}%", zoom.factor * 100.0);
        if ui.button(label).on_hover_text("Back to 100%").clicked() {
            set_zoom(ui, key, by(1.0));
        }
        if ui
            .add_enabled(zoom.factor < MAX_ZOOM, egui::Button::new("+"))
            .on_hover_text("Zoom in (Ctrl+wheel, pinch)")
            .clicked()
        {
            set_zoom(ui, key, by(zoom.factor * 1.25));
        }
        let fit = egui::Button::new("Fit").selected(zoom.fit);
        if ui
            .add(fit)
            .on_hover_text("As large as the room allows")
            .clicked()
        {
            set_zoom(
                ui,
                key,
                Zoom {
                    fit: !zoom.fit,
                    ..zoom
                },
            );
        }
        ui.separator();
        legend_item(ui, Some(Role::Maximiser), false, "MAX moves");
        legend_item(ui, Some(Role::Minimiser), false, "MIN moves");
        legend_item(ui, None, false, "game over");
        if search {
            legend_item(ui, None, true, "pruned, with the window that cut it");
            ui.label(RichText::new("orange: the calls under way").color(LINE));
        } else {
            ui.label(RichText::new("orange: minimax's line").color(LINE));
        }
    });
}

/// A small shape of the drawing and what it means.
fn legend_item(ui: &mut Ui, role: Option<Role>, crossed: bool, meaning: &str) {
    let side = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    let stroke = Stroke::new(1.5, ui.visuals().text_color());
    let r = side * 0.4;
    paint_shape(
        ui.painter(),
        role,
        rect.center(),
        r,
        ui.visuals().extreme_bg_color,
        stroke,
    );
    if crossed {
        let d = r * 0.9;
        let c = rect.center();
        ui.painter()
            .line_segment([c + Vec2::new(-d, -d), c + Vec2::new(d, d)], stroke);
        ui.painter()
            .line_segment([c + Vec2::new(-d, d), c + Vec2::new(d, -d)], stroke);
    }
    ui.label(meaning);
}

/// Draws `drawing` at the zoom under `key`, the `selected` node ringed and, with `reveal`,
/// scrolled into view; returns the node clicked, if any.
pub fn draw(
    ui: &mut Ui,
    drawing: &Drawing,
    key: egui::Id,
    selected: Option<usize>,
    reveal: bool,
) -> Option<usize> {
    let mut zoom = zoom_of(ui, key);
    let faint = ui.visuals().weak_text_color();
    let text_colour = ui.visuals().text_color();
    let boards = show_boards(ui, key) && drawing.nodes.iter().any(|node| node.board.is_some());
    if zoom.fit {
        // As large as the room allows: measured at 100%, then scaled to the room.
        let room = ui.available_size();
        let at_one = Measures::of(ui, drawing, &Scale::new(1.0), boards).size;
        let factor = (room.x / at_one.x).min(room.y / at_one.y) * 0.98;
        let factor = factor.clamp(MIN_ZOOM, MAX_ZOOM);
        if (factor - zoom.factor).abs() > 0.01 {
            zoom.factor = factor;
            set_zoom(ui, key, zoom);
        }
    }
    let scale = Scale::new(zoom.factor);
    let Measures {
        notes,
        labels,
        gutter,
        slot,
        size,
    } = Measures::of(ui, drawing, &scale, boards);
    let board_room = if boards {
        scale.of(BOARD + BOARD_GAP)
    } else {
        0.0
    };
    let (level, radius) = (scale.of(LEVEL) + board_room, scale.of(RADIUS));
    let (area, _) = ui.allocate_exact_size(size, Sense::hover());
    // Ctrl+wheel and pinch over the drawing (its nodes included) zoom it, from the next frame.
    if ui.rect_contains_pointer(area) {
        let delta = ui.input(|input| input.zoom_delta());
        if delta != 1.0 {
            set_zoom(
                ui,
                key,
                Zoom {
                    factor: zoom.factor * delta,
                    fit: false,
                },
            );
        }
    }
    let at = |node: &Node| {
        pos2(
            area.left() + gutter + slot * (node.x + 1.0),
            area.top() + radius + 4.0 + node.level as f32 * level,
        )
    };
    let painter = ui.painter_at(area);
    for (index, label) in labels.into_iter().enumerate() {
        let y = area.top() + radius + 4.0 + index as f32 * level - label.size().y / 2.0;
        painter.galley(pos2(area.left() + 2.0, y), label, text_colour);
    }
    for link in &drawing.links {
        let (from, to) = (&drawing.nodes[link.from], &drawing.nodes[link.to]);
        let stroke = match (link.emphasis, link.best) {
            (Emphasis::Line, _) => Stroke::new(scale.of(3.0), LINE),
            (Emphasis::Plain, true) => Stroke::new(scale.of(1.8), text_colour),
            (Emphasis::Plain, false) => Stroke::new(scale.of(1.0), faint),
        };
        let below_from = radius + from.board.filter(|_| boards).map_or(0.0, |_| board_room);
        let (start, end) = (at(from) + Vec2::Y * below_from, at(to) - Vec2::Y * radius);
        painter.line_segment([start, end], stroke);
        // On a patch of the background, so that the edge does not strike it through.
        let label = painter.layout_no_wrap(link.label.clone(), scale.font(EDGE_SIZE), text_colour);
        let label_rect =
            egui::Align2::CENTER_CENTER.anchor_size(start + (end - start) * 0.78, label.size());
        painter.rect_filled(label_rect.expand(1.0), 2.0, ui.visuals().panel_fill);
        painter.galley(label_rect.min, label, text_colour);
    }
    let mut clicked = None;
    // On a touch screen nothing hovers: a tapped node keeps its words open beside it until it
    // or another node is tapped.
    let touch = super::texts::touch(ui.ctx());
    let tapped_key = key.with("tapped node");
    let mut tapped: Option<usize> = ui.data(|data| data.get_temp(tapped_key)).flatten();
    for (index, (node, note)) in drawing.nodes.iter().zip(notes).enumerate() {
        let centre = at(node);
        let rect = Rect::from_center_size(centre, Vec2::splat(radius * 2.2));
        let id = ui.scope_id().with(("tree node", index));
        let response = ui.interact(rect, id, Sense::click());
        let is_selected = selected == Some(index);
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, true, is_selected, &node.name)
        });
        if response.clicked() {
            clicked = Some(index);
            if touch {
                tapped = (tapped != Some(index)).then_some(index);
                ui.data_mut(|data| data.insert_temp(tapped_key, tapped));
            }
        }
        let fill = if response.hovered() {
            ui.visuals().widgets.hovered.bg_fill
        } else {
            ui.visuals().extreme_bg_color
        };
        if is_selected && reveal {
            ui.scroll_to_rect(rect.expand(slot), None);
        }
        paint_node(ui, &painter, node, rect, &scale, fill, is_selected);
        let mut under = radius + 2.0;
        if let Some(board) = node.board.filter(|_| boards) {
            let top = centre + Vec2::Y * (radius + scale.of(BOARD_GAP));
            paint_board(ui, &painter, &board, top, scale.of(BOARD));
            under += board_room;
        }
        if let Some(note) = note {
            // On a patch of the background, over the edges that leave the node.
            let top = centre + Vec2::Y * under;
            let note_rect = egui::Align2::CENTER_TOP.anchor_size(top, note.size());
            painter.rect_filled(note_rect.expand(1.0), 2.0, ui.visuals().extreme_bg_color);
            painter.galley(note_rect.min, note, faint);
        }
        if touch && tapped == Some(index) {
            response.show_tooltip_text(&node.name);
        } else {
            response.on_hover_text(&node.name);
        }
    }
    clicked
}

/// What a drawing needs laid out at a scale: its notes and level labels, the gutter left of it
/// for the labels, the width of a leaf's slot, and its size.
struct Measures {
    notes: Vec<Option<std::sync::Arc<egui::Galley>>>,
    labels: Vec<std::sync::Arc<egui::Galley>>,
    gutter: f32,
    slot: f32,
    size: Vec2,
}

impl Measures {
    /// The notes (alpha-beta's window) go under their nodes, whole: the slots are widened to the
    /// widest, and the drawing grows by their height below its last level. The level labels go
    /// left of the tree.
    fn of(ui: &Ui, drawing: &Drawing, scale: &Scale, boards: bool) -> Measures {
        let faint = ui.visuals().weak_text_color();
        let text_colour = ui.visuals().text_color();
        let notes: Vec<Option<std::sync::Arc<egui::Galley>>> = drawing
            .nodes
            .iter()
            .map(|node| {
                node.note.as_ref().map(|note| {
                    ui.painter()
                        .layout_no_wrap(note.clone(), scale.font(NOTE_SIZE), faint)
                })
            })
            .collect();
        let labels: Vec<std::sync::Arc<egui::Galley>> = drawing
            .levels
            .iter()
            .map(|label| {
                ui.painter()
                    .layout_no_wrap(label.clone(), scale.font(LABEL_SIZE), text_colour)
            })
            .collect();
        let widest = notes
            .iter()
            .flatten()
            .map(|g| g.size().x)
            .fold(0.0, f32::max);
        let tallest = notes
            .iter()
            .flatten()
            .map(|g| g.size().y)
            .fold(0.0, f32::max);
        let gutter = labels.iter().map(|g| g.size().x).fold(0.0, f32::max) + scale.of(12.0);
        let slot = scale.of(SLOT).max(widest + 8.0);
        let board_room = if boards { BOARD + BOARD_GAP } else { 0.0 };
        let size = Vec2::new(
            gutter + drawing.width as f32 * slot + slot,
            drawing.levels.len() as f32 * scale.of(LEVEL + board_room) + scale.of(RADIUS) + tallest,
        );
        Measures {
            notes,
            labels,
            gutter,
            slot,
            size,
        }
    }
}

/// Sizes at a zoom.
struct Scale(f32);

impl Scale {
    fn new(zoom: f32) -> Scale {
        Scale(zoom)
    }

    fn of(&self, size: f32) -> f32 {
        size * self.0
    }

    fn font(&self, size: f32) -> egui::FontId {
        egui::FontId::proportional(size * self.0)
    }
}

/// A node: its shape, its value in it, its note beside it, crossed out or underlined dashed as
/// it says, ringed when selected.
fn paint_node(
    ui: &Ui,
    painter: &egui::Painter,
    node: &Node,
    rect: Rect,
    scale: &Scale,
    fill: Color32,
    selected: bool,
) {
    let radius = scale.of(RADIUS);
    let centre = rect.center();
    let faint = ui.visuals().weak_text_color();
    let colour = match (node.emphasis, node.crossed) {
        (_, true) => faint,
        (Emphasis::Line, false) => LINE,
        (Emphasis::Plain, false) => ui.visuals().text_color(),
    };
    let width = if node.emphasis == Emphasis::Line {
        2.5
    } else {
        1.5
    };
    let stroke = Stroke::new(scale.of(width), colour);
    paint_shape(painter, node.role, centre, radius, fill, stroke);
    if node.dashed {
        painter.add(Shape::dashed_line(
            &[
                centre + Vec2::new(-radius, radius + 3.0),
                centre + Vec2::new(radius, radius + 3.0),
            ],
            Stroke::new(1.0, faint),
            3.0,
            3.0,
        ));
    }
    if node.crossed {
        let d = radius * 0.9;
        painter.line_segment(
            [centre + Vec2::new(-d, -d), centre + Vec2::new(d, d)],
            stroke,
        );
        painter.line_segment(
            [centre + Vec2::new(-d, d), centre + Vec2::new(d, -d)],
            stroke,
        );
    }
    if selected {
        painter.rect_stroke(
            rect.expand(2.0),
            CornerRadius::same(4),
            Stroke::new(1.5, ui.visuals().selection.stroke.color),
            StrokeKind::Outside,
        );
    }
    if let Some(value) = node.value {
        painter.text(
            centre + Vec2::Y * 1.5,
            egui::Align2::CENTER_CENTER,
            value.value().to_string(),
            scale.font(VALUE_SIZE),
            colour,
        );
    }
}

/// `board` small, `side` wide at most, its top's middle at `top`: its grid and its marks.
fn paint_board(ui: &Ui, painter: &egui::Painter, board: &Board, top: Pos2, side: f32) {
    let geometry = board.geometry();
    let (rows, cols) = (geometry.rows(), geometry.cols());
    let cell = side / rows.max(cols) as f32;
    let size = Vec2::new(cell * cols as f32, cell * rows as f32);
    let rect = egui::Align2::CENTER_TOP.anchor_size(top, size);
    let grid = Stroke::new(1.0, ui.visuals().weak_text_color());
    painter.rect_filled(rect, 0.0, ui.visuals().extreme_bg_color);
    painter.rect_stroke(rect, 0.0, grid, StrokeKind::Inside);
    for col in 1..cols {
        let x = rect.left() + col as f32 * cell;
        painter.line_segment([pos2(x, rect.top()), pos2(x, rect.bottom())], grid);
    }
    for row in 1..rows {
        let y = rect.top() + row as f32 * cell;
        painter.line_segment([pos2(rect.left(), y), pos2(rect.right(), y)], grid);
    }
    let r = cell * 0.3;
    // The marks in the board's own colours.
    let palette = super::board_widget::Palette::of(ui);
    for place in geometry.all_cells() {
        let centre = rect.min + Vec2::new(place.col as f32 + 0.5, place.row as f32 + 0.5) * cell;
        match board.get(place) {
            Some(Mark::X) => {
                let stroke = Stroke::new(1.5, palette.mark(Mark::X));
                painter.line_segment([centre - Vec2::splat(r), centre + Vec2::splat(r)], stroke);
                painter.line_segment(
                    [centre + Vec2::new(-r, r), centre + Vec2::new(r, -r)],
                    stroke,
                );
            }
            Some(Mark::O) => {
                let stroke = Stroke::new(1.5, palette.mark(Mark::O));
                painter.circle_stroke(centre, r, stroke);
            }
            None => {}
        }
    }
}

/// A triangle up where the maximiser moves, down where the minimiser moves, a circle where the
/// game is over.
fn paint_shape(
    painter: &egui::Painter,
    role: Option<Role>,
    centre: Pos2,
    r: f32,
    fill: Color32,
    stroke: Stroke,
) {
    let points = match role {
        Some(Role::Maximiser) => vec![
            centre + Vec2::new(0.0, -r),
            centre + Vec2::new(r, r * 0.8),
            centre + Vec2::new(-r, r * 0.8),
        ],
        Some(Role::Minimiser) => vec![
            centre + Vec2::new(0.0, r),
            centre + Vec2::new(-r, -r * 0.8),
            centre + Vec2::new(r, -r * 0.8),
        ],
        None => {
            painter.circle(centre, r * 0.85, fill, stroke);
            return;
        }
    };
    painter.add(Shape::convex_polygon(points, fill, stroke));
}

/// What a node of the explorer's tree is, in words, for its button's name: "O row 2, column 1:
/// 8, the minimiser moves next" (the move that led there, its value, who moves there).
pub fn node_name(spot: &Spot, move_name: Option<String>) -> String {
    let value = spot.value.map_or_else(
        || "not searched".to_string(),
        |value| value.value().to_string(),
    );
    let next = next_words(spot.board.outcome(), spot.role);
    match move_name {
        Some(played) => format!("{played}: {value}, {next}"),
        None => format!("The position: {value}, {next}"),
    }
}

/// Where a call of a search stands, in words: "returned 8", "pruned (α 8 β 10)", "running now,
/// best so far 0 (α 0 β 11)" (`window` in words).
fn call_words<G: Rules>(spot: &SearchSpot<G>, window: Option<String>) -> String {
    let window = window.map_or_else(String::new, |window| format!(" ({window})"));
    let value = |words: &str| {
        spot.value
            .map_or_else(String::new, |value| format!(", {words} {}", value.value()))
    };
    match spot.standing {
        Standing::Returned => match spot.value {
            Some(value) => format!("returned {}", value.value()),
            None => "returned".to_string(),
        },
        Standing::Waiting => format!("waiting{}{window}", value("best so far")),
        Standing::Current => format!("running now{}{window}", value("best so far")),
        Standing::Pruned => format!("pruned{window}"),
    }
}

/// What a node of the search is, in words: "Call O row 2, column 1: returned 8", "… pruned
/// (α 8 β 10)", "… under way, best so far 0 (α 0 β 11)".
fn search_node_name(spot: &SearchSpot, window: Option<String>) -> String {
    let what = call_words(spot, window);
    let place = match spot.cell {
        Some(cell) => format!(
            "Call {} row {}, column {}",
            spot.board.to_move().opponent(),
            cell.row + 1,
            cell.col + 1
        ),
        None => "findBestMove".to_string(),
    };
    format!(
        "{place}: {what}, {}",
        next_words(spot.board.outcome(), spot.role)
    )
}

fn next_words(outcome: Outcome, role: Option<Role>) -> String {
    match (outcome, role) {
        (Outcome::Ongoing, Some(Role::Maximiser)) => "the maximiser moves next".to_string(),
        (Outcome::Ongoing, _) => "the minimiser moves next".to_string(),
        (outcome, _) => outcome.to_string(),
    }
}
