//! The tree of an alpha-beta or fill-in exercise, drawn as the textbooks draw it: a letter on
//! every node (how answers name them), MAX and MIN by shape, leaves with their values, a board's
//! moves on the edges. Each node is a button with a name for screen readers: clicking or tapping
//! one adds its letter to the answer, or takes it back. Once graded, "Show the search" draws the
//! trace over it: what each call returned, its window, the branches pruned crossed out.
//!
//! Its nodes stand where learn's one layout ([`scene`]) puts them, as in every other tree
//! picture: the exercise's tree becomes a [`Sketch`] that holds all the drawing shows (the letters, the
//! learner's picks, the pruned nodes, the notes), and the drawing is that sketch, its nodes at
//! their places in the scene scaled to the room, painted here in the exercise's own style (a
//! letter in each node, the marks on the branches, a finger-sized target on a touch screen).
//!

use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, Vec2};

use super::board_widget::Palette;
use crate::app::controls::Mirrored;
use crate::learn::exercises::prune::{PruneKey, TreeFillKey, label};
use crate::learn::tree_layout::{self, scene};
use crate::learn::tree_picture::tidy;
use crate::learn::tree_sketch::{Shape, Sketch, SketchEdge, SketchNode};
use crate::learn::view::Role;

/// A node of an exercise's tree before it is placed: its parent, the move on the edge from it
/// (a board's cell), and the sketch node it becomes (its place across still to be found, its
/// name still to be given).
struct Unplaced {
    parent: Option<usize>,
    edge: Option<String>,
    node: SketchNode,
}

/// The tree of an alpha-beta item; `chosen` are the nodes in the answer (`picked`); `reveal`
/// adds the trace's values, windows (`note`) and pruned branches (`crossed`, and `faint` below
/// them).
pub fn prune_sketch(key: &PruneKey, chosen: &[usize], reveal: bool) -> Sketch {
    let nodes = key.nodes.iter().enumerate().map(|(id, node)| {
        let note = reveal.then(|| {
            let returned = key.returned[id].map(|v| v.value().to_string());
            // Every searched node's window as the search left it, the root's too.
            let window = key.final_window(id).map(|w| key.window_text(w));
            match (returned, window, node.leaf) {
                (_, _, Some(_)) => None,
                (Some(v), Some(w), None) => Some(format!("{v} {w}")),
                (Some(v), None, None) => Some(v),
                (None, Some(w), None) => Some(w),
                (None, None, None) => None,
            }
        });
        Unplaced {
            parent: node.parent,
            edge: node.move_name.clone(),
            node: SketchNode {
                value: node.leaf.map(|v| v.value()),
                label: Some(node.label.clone()),
                picked: chosen.contains(&id),
                crossed: reveal && key.pruned.contains(&id),
                faint: reveal && key.returned[id].is_none(),
                note: note.flatten(),
                ..SketchNode::at(0.0, node.depth, Shape::of(node.role), String::new())
            },
        }
    });
    placed(nodes.collect())
}

/// The tree of a fill-in item on an abstract tree; `reveal` writes each inner node's value.
pub fn fill_sketch(key: &TreeFillKey, reveal: bool) -> Sketch {
    let nodes = key.tree.nodes().map(|node| {
        let role = (!node.is_leaf()).then(|| match node.side() {
            crate::engine::game_tree::Side::Max => Role::Maximiser,
            crate::engine::game_tree::Side::Min => Role::Minimiser,
        });
        Unplaced {
            parent: (node.id() > 0).then(|| {
                let path = node.path();
                let mut at = key.tree.root();
                for &step in &path[..path.len() - 1] {
                    at = at.child(step).expect("a path of the tree");
                }
                at.id()
            }),
            edge: None,
            node: SketchNode {
                value: node.leaf(),
                label: Some(label(node.id())),
                note: (reveal && !node.is_leaf()).then(|| key.values[node.id()].to_string()),
                ..SketchNode::at(0.0, node.depth(), Shape::of(role), String::new())
            },
        }
    });
    placed(nodes.collect())
}

/// What a node is called for a screen reader and a test: "Node E, MIN, move r1c2, leaf 4, in
/// your answer".
fn node_name(node: &SketchNode, edge: Option<&str>) -> String {
    let mut words = vec![format!(
        "Node {}",
        node.label.as_deref().unwrap_or_default()
    )];
    match node.shape {
        Shape::Max => words.push("MAX".to_string()),
        Shape::Min => words.push("MIN".to_string()),
        Shape::End | Shape::Chance => {}
    }
    if let Some(edge) = edge {
        words.push(format!("move {edge}"));
    }
    if let Some(leaf) = node.value {
        words.push(format!("leaf {leaf}"));
    }
    if node.picked {
        words.push("in your answer".to_string());
    }
    if node.crossed {
        words.push("pruned".to_string());
    }
    if let Some(note) = &node.note {
        words.push(format!("returned {note}"));
    }
    words.join(", ")
}

/// The nodes as a tree picture's sketch, everything the drawing shows as data: each node in its
/// slot (as [`tidy`] places every tree picture's) with its name, each edge with its move. Laid
/// out by [`scene`], as every tree picture is.
fn placed(unplaced: Vec<Unplaced>) -> Sketch {
    let mut children = vec![Vec::new(); unplaced.len()];
    for (id, node) in unplaced.iter().enumerate() {
        if let Some(parent) = node.parent {
            children[parent].push(id);
        }
    }
    let (across, width) = tidy(&children);
    let levels = unplaced.iter().map(|n| n.node.level).max().unwrap_or(0) + 1;
    let edges = unplaced
        .iter()
        .enumerate()
        .filter_map(|(id, node)| {
            let label = node.edge.clone().unwrap_or_default();
            Some(SketchEdge::of(node.parent?, id, label, false, false))
        })
        .collect();
    let nodes = unplaced
        .into_iter()
        .enumerate()
        .map(|(id, Unplaced { edge, node, .. })| SketchNode {
            x: across[id],
            title: node_name(&node, edge.as_deref()),
            ..node
        })
        .collect();
    Sketch {
        nodes,
        edges,
        width,
        // No level labels: the shapes say MAX and MIN, and the room goes to the tree.
        levels: vec![String::new(); levels],
        legend: Vec::new(),
    }
}

/// The drawn node's radius: a letter's room, at every scale.
const RADIUS: f32 = 15.0;
/// The widest a leaf's slot is drawn (the layout's slot scaled down to it).
const SLOT: f32 = 44.0;
/// Room under the lowest nodes for a leaf's value or a note, past what the layout keeps.
const UNDER: f32 = 24.0;
/// The side of a node's target on a touch screen, as the app's buttons there.
const TOUCH_TARGET: f32 = 44.0;

/// Draws `sketch` (made by [`prune_sketch`] or [`fill_sketch`]) and returns the node clicked or tapped, if any.
/// `clickable` is false once the answer is graded. The scale is the room's for the layout's own
/// slot: where the search's notes widen the slots, the tree grows wider with them (and scrolls).
pub fn draw(
    ui: &mut Ui,
    sketch: &Sketch,
    salt: impl std::hash::Hash + std::fmt::Debug,
    clickable: bool,
) -> Option<usize> {
    let scene = scene(sketch, false);
    // Narrow screens get narrower slots, down to what a finger can still tap (a wide tree then
    // scrolls sideways); a node is a finger's size on a touch screen.
    let touch = super::texts::touch(ui.ctx());
    let (narrowest, hit) = match touch {
        true => (TOUCH_TARGET + 2.0, TOUCH_TARGET),
        false => (34.0, RADIUS * 2.4),
    };
    let room = ui.available_width() / sketch.width.max(1) as f32;
    let scale = room.clamp(narrowest, SLOT.max(narrowest)) / tree_layout::SLOT;
    let size = Vec2::new(scene.tree_size.x, scene.tree_size.y) * scale + Vec2::Y * UNDER;
    let (area, _) = ui.allocate_exact_size(size, Sense::hover());
    let at = |id: usize| -> Pos2 {
        let centre = scene.nodes[id].centre;
        area.min + Vec2::new(centre.x, centre.y) * scale
    };
    let palette = Palette::of(ui);
    let text = ui.visuals().text_color();
    let faint = ui.visuals().weak_text_color();
    let painter = ui.painter_at(area);
    for edge in &sketch.edges {
        let child = &sketch.nodes[edge.to];
        let start = at(edge.from) + Vec2::Y * RADIUS;
        let end = at(edge.to) - Vec2::Y * RADIUS;
        painter.line_segment([start, end], Stroke::new(1.2, faint));
        let middle = start + (end - start) * 0.5;
        // The learner's cut: a bar across the branch; the search's: a cross in the colour of a
        // loss, over it.
        let across = Vec2::new(8.0, -5.0);
        if child.picked {
            painter.line_segment([middle - across, middle + across], Stroke::new(3.0, text));
        }
        if child.crossed {
            let stroke = Stroke::new(2.5, palette.loss);
            painter.line_segment([middle - across, middle + across], stroke);
            painter.line_segment([middle - across.rot90(), middle + across.rot90()], stroke);
        }
        if !edge.label.is_empty() {
            let font = egui::FontId::proportional(10.0);
            let galley = painter.layout_no_wrap(edge.label.clone(), font, faint);
            // On a patch of the background, two thirds down the edge: apart from its
            // neighbours', which part from it there.
            let rect = egui::Align2::CENTER_CENTER
                .anchor_size(start + (end - start) * 0.66, galley.size());
            painter.rect_filled(rect.expand(1.0), 2.0, ui.visuals().panel_fill);
            painter.galley(rect.min, galley, faint);
        }
    }
    let mut clicked = None;
    for (id, node) in sketch.nodes.iter().enumerate() {
        let centre = at(id);
        let rect = Rect::from_center_size(centre, Vec2::splat(hit));
        let response = ui.interact(
            rect,
            ui.scope_id().with(("exercise tree node", &salt, id)),
            if clickable && id > 0 {
                Sense::click()
            } else {
                Sense::hover()
            },
        );
        let name = &node.title;
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, clickable, node.picked, name)
        });
        // On the page, a node to pick is a button a screen reader and a finger reach.
        let response = match clickable && id > 0 {
            true => response.mirrored(name.clone()),
            false => response,
        };
        if response.clicked() {
            clicked = Some(id);
        }
        let fill = match response.hovered() && clickable {
            true => ui.visuals().widgets.hovered.bg_fill,
            false => ui.visuals().extreme_bg_color,
        };
        // A node in the answer has a thick outline in the colour of the best move; a node the
        // search never reached is faint.
        let ink = if node.faint { faint } else { text };
        let stroke = match node.picked {
            true => Stroke::new(3.5, palette.best),
            false => Stroke::new(1.5, ink),
        };
        paint_shape(&painter, centre, node.shape, fill, stroke);
        if let Some(letter) = &node.label {
            let font = egui::FontId::proportional(13.0);
            painter.text(centre, egui::Align2::CENTER_CENTER, letter, font, ink);
        }
        let below = centre + Vec2::Y * (RADIUS + 2.0);
        let under = match (node.value, &node.note) {
            (Some(leaf), _) => Some((leaf.to_string(), ink, 14.0)),
            (None, Some(note)) => Some((note.clone(), palette.best, 11.0)),
            (None, None) => None,
        };
        if let Some((words, colour, size)) = under {
            let galley = painter.layout_no_wrap(words, egui::FontId::proportional(size), colour);
            let rect = egui::Align2::CENTER_TOP.anchor_size(below, galley.size());
            painter.rect_filled(rect.expand(1.0), 2.0, ui.visuals().panel_fill);
            painter.galley(rect.min, galley, colour);
        }
    }
    clicked
}

/// MAX a triangle pointing up, MIN one pointing down (as the textbooks draw them), a leaf a
/// square.
fn paint_shape(painter: &egui::Painter, centre: Pos2, shape: Shape, fill: Color32, stroke: Stroke) {
    let r = RADIUS;
    let points = match shape {
        Shape::Max => vec![
            centre + Vec2::new(0.0, -r * 1.1),
            centre + Vec2::new(r * 1.1, r * 0.75),
            centre + Vec2::new(-r * 1.1, r * 0.75),
        ],
        Shape::Min => vec![
            centre + Vec2::new(-r * 1.1, -r * 0.75),
            centre + Vec2::new(r * 1.1, -r * 0.75),
            centre + Vec2::new(0.0, r * 1.1),
        ],
        Shape::End | Shape::Chance => {
            painter.rect(
                Rect::from_center_size(centre, Vec2::splat(r * 1.5)),
                2.0,
                fill,
                stroke,
                egui::StrokeKind::Middle,
            );
            return;
        }
    };
    painter.add(egui::Shape::convex_polygon(points, fill, stroke));
}
