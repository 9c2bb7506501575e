//! The one layout of a drawn tree: a [`Sketch`] becomes a [`Scene`] of primitives (lines,
//! triangles, circles, rectangles, texts) with their places in pixels, their sizes, and their
//! colours as roles ([`Ink`], [`Fill`]). The app paints a scene with egui's painter (scaled to
//! its zoom); the SVG writer ([`tree_svg`](super::tree_svg)) writes the same scene, and the PNG
//! is that SVG rasterised. Nothing else places a node, an edge, a label or a small board, so the
//! picture on screen and the exported one agree by construction.
//!
//! Text is placed by a width estimate (a share of its size a character), the same for both: a
//! painter's own measure would make the app's layout differ from the file's.

use crate::engine::board::{Board, Mark};
use crate::tree_sketch::{Shape, Sketch, SketchNode};

/// Pixels between two leaves (where no note or small board needs more), between two levels,
/// and above the first level's centre.
pub const SLOT: f32 = 64.0;
const LEVEL: f32 = 96.0;
const TOP: f32 = 30.0;
/// A node's half height.
pub const RADIUS: f32 = 20.0;
/// A small board's side, and the gap between it and its node.
const BOARD: f32 = 36.0;
const BOARD_GAP: f32 = 6.0;
/// Pixels between two lines of a note, and of the legend.
const NOTE_LINE: f32 = 15.0;
const LEGEND_LINE: f32 = 18.0;
/// A character's width, as a share of the text's size: a sans-serif's average, a little over.
const CHAR: f32 = 0.58;
/// The left edge of the level labels and the legend.
const LEFT: f32 = 8.0;
/// How far along an edge (from its parent) its move is written: nearer the child, where the
/// edges fan out.
const LABEL_ALONG: f32 = 0.7;
/// Pixels between two leaves packed for a narrow screen ([`Packing::Narrow`]): a leaf's circle
/// and a little air, its value under it.
const NARROW_SLOT: f32 = 40.0;
/// The packed tree's margin on either side, where no level label stands: on a 390-point phone,
/// enough for the outer leaves' finger-sized targets to end inside the room.
const NARROW_MARGIN: f32 = 10.0;
/// How far along an edge a packed tree writes its move, and in what size: nearer still to the
/// child and a little smaller, so that two siblings' moves (`r2c2`, `r3c3`) stand apart.
const NARROW_LABEL_ALONG: f32 = 0.8;
const NARROW_EDGE: f32 = 12.0;

/// How a tree is packed across.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Packing {
    /// As the slides and the files draw a tree: leaves a [`SLOT`] apart, a node's letter beside
    /// it in a note's size, the level labels on the left.
    #[default]
    Roomy,
    /// For a narrow screen (a phone's exercise tree, tapped by its letters): leaves 40 pixels
    /// apart, not 64, a node's letter in it, larger than a value (a leaf's value under it), no
    /// level labels; scaled down to fit a phone, the letters still read.
    Narrow,
}

/// What a text is, for its size.
#[derive(Clone, Copy)]
enum Kind {
    /// A level's label.
    Label,
    /// An edge's move.
    Edge,
    /// A node's value.
    Value,
    /// A line of a note (alpha-beta's window).
    Note,
    /// A line of the legend.
    Legend,
    /// A node's letter in its node, and a lettered leaf's value under it, in a packed tree.
    Letter,
}

impl Kind {
    /// Its size in pixels.
    const fn size(self) -> f32 {
        match self {
            Kind::Label | Kind::Edge => 14.0,
            Kind::Value => 15.0,
            Kind::Note | Kind::Legend => 13.0,
            Kind::Letter => 17.0,
        }
    }
}

/// A point in the scene's pixels, from its top left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

const fn point(x: f32, y: f32) -> Point {
    Point { x, y }
}

/// A colour by what it draws; the app and the SVG writer each give every role a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// Values, edges' moves, the outline of a node.
    Text,
    /// The best move's edge, stronger than the others.
    Strong,
    /// Level labels, notes, the legend.
    Soft,
    /// Moves not chosen, pruned nodes.
    Faint,
    /// Minimax's line, or a search's path to its current call.
    Line,
    /// A small board's grid.
    Grid,
    /// A mark on a small board, in the board's own colour.
    Mark(Mark),
    /// The outline of a node the learner picked (an exercise's answer), in the best move's
    /// colour.
    Picked,
    /// The cross on a branch the search pruned (an exercise's tree), in a loss's colour.
    Cut,
}

/// A fill by what it fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// Inside a node's shape.
    Node,
    /// A small board's background.
    Paper,
}

/// Where a text stands against its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The point is the middle of its left edge.
    Left,
    /// The point is its centre.
    Centre,
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Line {
        from: Point,
        to: Point,
        width: f32,
        ink: Ink,
    },
    /// A closed shape (a node's triangle), filled and outlined.
    Polygon {
        points: Vec<Point>,
        fill: Fill,
        width: f32,
        ink: Ink,
        dashed: bool,
    },
    /// A circle, filled or not, outlined.
    Circle {
        centre: Point,
        radius: f32,
        fill: Option<Fill>,
        width: f32,
        ink: Ink,
        dashed: bool,
    },
    Rect {
        min: Point,
        max: Point,
        fill: Fill,
        ink: Ink,
    },
    Text {
        at: Point,
        anchor: Anchor,
        text: String,
        size: f32,
        ink: Ink,
        bold: bool,
        /// On a patch of the background, so that the edges under it do not strike it through.
        halo: bool,
    },
}

/// A node's part of the scene: where it is (for a click and a ring), what it is in words, and
/// what is drawn for it.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneNode {
    pub centre: Point,
    pub title: String,
    pub items: Vec<Item>,
}

/// A sketch laid out: the tree's size and everything drawn, in pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// The tree's size, without the legend (what the app shows).
    pub tree_size: Point,
    /// The whole picture's size, the legend under the tree included (what a file holds).
    pub size: Point,
    /// The level labels and the edges with their moves, drawn under the nodes.
    pub items: Vec<Item>,
    pub nodes: Vec<SceneNode>,
    /// The legend's lines under the tree.
    pub legend: Vec<Item>,
}

/// A text's width by the estimate both the app and the file are laid out with.
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * CHAR
}

/// The one layout: `sketch` as a scene, its nodes' positions drawn small under them if
/// `boards`.
pub fn scene(sketch: &Sketch, boards: bool) -> Scene {
    scene_sized(sketch, boards, sketch)
}

/// [`scene`], with its slots, levels and size as `sizing` needs them: a search stepped through
/// is laid out with the room its finished drawing needs (whose windows and notes are all there),
/// so that no node moves and the scale holds from the first step to the last. `sizing` has the
/// same levels and width as `sketch`, and notes at least as wide.
pub fn scene_sized(sketch: &Sketch, boards: bool, sizing: &Sketch) -> Scene {
    scene_packed(sketch, boards, sizing, Packing::Roomy)
}

/// [`scene_sized`], packed across as `packing` says.
pub fn scene_packed(sketch: &Sketch, boards: bool, sizing: &Sketch, packing: Packing) -> Scene {
    let narrow = packing == Packing::Narrow;
    let board_of = |node: &SketchNode| node.board.filter(|_| boards);
    let widest_note = sketch
        .nodes
        .iter()
        .chain(&sizing.nodes)
        .flat_map(note_lines)
        .map(|line| text_width(line, Kind::Note.size()))
        .fold(0.0, f32::max);
    let has_boards = sketch.nodes.iter().any(|node| board_of(node).is_some());
    let board_room = if has_boards { BOARD + BOARD_GAP } else { 0.0 };
    // Under a node: its small board and its note.
    let under = |node: &SketchNode| {
        let board = if board_of(node).is_some() {
            BOARD + BOARD_GAP
        } else {
            0.0
        };
        let value = if value_under(node, packing) {
            VALUE_LINE
        } else {
            0.0
        };
        board + value + note_lines(node).count() as f32 * NOTE_LINE
    };
    let tallest_note = sketch
        .nodes
        .iter()
        .chain(&sizing.nodes)
        .map(|node| note_lines(node).count() as f32 * NOTE_LINE)
        .fold(0.0, f32::max);
    let slot = (if narrow { NARROW_SLOT } else { SLOT })
        .max(widest_note + 12.0)
        .max(if has_boards { BOARD + 12.0 } else { 0.0 });
    // A chance node's average sits under it and its edges start below that: room for it.
    let average_room = sketch
        .nodes
        .iter()
        .filter(|node| node.shape == Shape::Chance)
        .map(|node| note_lines(node).count() as f32 * NOTE_LINE + BOARD_GAP)
        .fold(0.0, f32::max);
    let level_height = LEVEL + board_room + (tallest_note - 40.0).max(0.0) + average_room;
    let gutter = if narrow {
        NARROW_MARGIN
    } else {
        LEFT + 16.0
            + sketch
                .levels
                .iter()
                .map(|label| text_width(label, Kind::Label.size()))
                .fold(0.0, f32::max)
    };
    let centre = |x: f32, level: usize| {
        point(
            gutter + x * slot + slot / 2.0,
            TOP + level as f32 * level_height,
        )
    };

    let mut items = Vec::new();
    // A packed tree has no gutter for its levels' labels.
    let levels = if narrow { &[][..] } else { &sketch.levels[..] };
    for (level, label) in levels.iter().enumerate() {
        items.push(Item::Text {
            at: point(LEFT, centre(0.0, level).y),
            anchor: Anchor::Left,
            text: label.clone(),
            size: Kind::Label.size(),
            ink: Ink::Soft,
            bold: false,
            halo: false,
        });
    }
    for edge in &sketch.edges {
        let (from, to) = (&sketch.nodes[edge.from], &sketch.nodes[edge.to]);
        let (ink, width) = match (edge.on_line, edge.best) {
            (true, _) => (Ink::Line, 3.5),
            (false, true) => (Ink::Strong, 2.0),
            (false, false) => (Ink::Faint, 1.2),
        };
        let below = RADIUS + board_of(from).map_or(0.0, |_| BOARD_GAP + BOARD);
        let below = if from.shape == Shape::Chance {
            below + BOARD_GAP + note_lines(from).count() as f32 * NOTE_LINE
        } else {
            below
        };
        let start = centre(from.x, from.level);
        let start = point(start.x, start.y + below);
        let end = centre(to.x, to.level);
        let end = point(end.x, end.y - RADIUS);
        items.push(Item::Line {
            from: start,
            to: end,
            width,
            ink,
        });
        if edge.marked {
            branch_marks(&mut items, to, start, end);
        }
        let (along, size) = if narrow {
            (NARROW_LABEL_ALONG, NARROW_EDGE)
        } else {
            (LABEL_ALONG, Kind::Edge.size())
        };
        items.push(Item::Text {
            at: point(
                start.x + (end.x - start.x) * along,
                start.y + (end.y - start.y) * along,
            ),
            anchor: Anchor::Centre,
            text: edge.label.clone(),
            size,
            ink: Ink::Text,
            bold: false,
            halo: true,
        });
    }
    let nodes = sketch
        .nodes
        .iter()
        .map(|node| {
            let at = centre(node.x, node.level);
            SceneNode {
                centre: at,
                title: node.title.clone(),
                items: node_items(node, board_of(node), at, packing),
            }
        })
        .collect();

    let right = gutter + sketch.width as f32 * slot + if narrow { NARROW_MARGIN } else { 8.0 };
    let deepest = sketch.levels.len().saturating_sub(1);
    let under_last = sketch
        .nodes
        .iter()
        .chain(&sizing.nodes)
        .map(under)
        .fold(0.0, f32::max);
    let tree_bottom = centre(0.0, deepest).y + RADIUS + BOARD_GAP + under_last + 8.0;
    let legend_top = tree_bottom + 16.0;
    let legend: Vec<Item> = sketch
        .legend
        .iter()
        .enumerate()
        .map(|(index, line)| Item::Text {
            at: point(LEFT, legend_top + index as f32 * LEGEND_LINE),
            anchor: Anchor::Left,
            text: line.clone(),
            size: Kind::Legend.size(),
            ink: Ink::Soft,
            bold: false,
            halo: false,
        })
        .collect();
    let widest_legend = sketch
        .legend
        .iter()
        .map(|line| LEFT * 2.0 + text_width(line, Kind::Legend.size()))
        .fold(0.0, f32::max);
    let bottom = if legend.is_empty() {
        tree_bottom
    } else {
        legend_top + (legend.len() as f32 - 0.5) * LEGEND_LINE
    };
    Scene {
        tree_size: point(right, tree_bottom),
        size: point(right.max(widest_legend), bottom),
        items,
        nodes,
        legend,
    }
}

/// Halfway down a marked branch to `child`: a bar across it where the learner picked the
/// child, a cross over it where the search pruned it.
fn branch_marks(items: &mut Vec<Item>, child: &SketchNode, start: Point, end: Point) {
    let middle = point((start.x + end.x) / 2.0, (start.y + end.y) / 2.0);
    let (dx, dy) = (11.0, -7.0);
    let across = |dx: f32, dy: f32, width: f32, ink: Ink| Item::Line {
        from: point(middle.x - dx, middle.y - dy),
        to: point(middle.x + dx, middle.y + dy),
        width,
        ink,
    };
    if child.picked {
        items.push(across(dx, dy, 4.0, Ink::Text));
    }
    if child.crossed {
        items.push(across(dx, dy, 3.5, Ink::Cut));
        items.push(across(-dy, dx, 3.5, Ink::Cut));
    }
}

/// The height of a lettered leaf's value written under it in a packed tree.
const VALUE_LINE: f32 = 20.0;

/// Whether `node`'s value is written under it, its letter in it: a lettered node's in a packed
/// tree, where the letter takes the node.
fn value_under(node: &SketchNode, packing: Packing) -> bool {
    packing == Packing::Narrow
        && node.label.is_some()
        && (node.value.is_some() || node.value_text.is_some())
}

/// The lines of a node's note.
fn note_lines(node: &SketchNode) -> impl Iterator<Item = &str> {
    node.note.iter().flat_map(|note| note.lines())
}

/// A node: its shape by role, its value in it; crossed out when pruned; its small board and its
/// note under it. Packed narrow, a lettered node has its letter in it and its value under it.
fn node_items(node: &SketchNode, board: Option<Board>, at: Point, packing: Packing) -> Vec<Item> {
    let ink = match (node.crossed || node.faint, node.on_line) {
        (true, _) => Ink::Faint,
        (false, true) => Ink::Line,
        (false, false) => Ink::Text,
    };
    let width = match (node.picked, node.on_line) {
        (true, _) => 3.5,
        (false, true) => 2.5,
        (false, false) => 1.5,
    };
    // A pick is outlined in its own colour, whatever else the node is.
    let outline = if node.picked { Ink::Picked } else { ink };
    let r = RADIUS;
    let triangle = |tip: f32, base: f32| Item::Polygon {
        points: vec![
            point(at.x, at.y + tip),
            point(at.x + r, at.y + base),
            point(at.x - r, at.y + base),
        ],
        fill: Fill::Node,
        width,
        ink: outline,
        dashed: node.dashed,
    };
    let mut items = vec![match node.shape {
        Shape::Max => triangle(-r, r * 0.8),
        Shape::Min => triangle(r, -r * 0.8),
        Shape::End => Item::Circle {
            centre: at,
            radius: r * 0.85,
            fill: Some(Fill::Node),
            width,
            ink: outline,
            dashed: node.dashed,
        },
        Shape::Chance => Item::Circle {
            centre: at,
            radius: r * 1.1,
            fill: Some(Fill::Node),
            width,
            ink: outline,
            dashed: node.dashed,
        },
    }];
    if node.shape == Shape::Chance {
        // The inner ring of the double circle that tells chance from a leaf.
        items.push(Item::Circle {
            centre: at,
            radius: r * 0.9,
            fill: None,
            width: 1.0,
            ink,
            dashed: false,
        });
    }
    if node.crossed {
        let d = r * 0.9;
        for (from, to) in [((-d, -d), (d, d)), ((-d, d), (d, -d))] {
            items.push(Item::Line {
                from: point(at.x + from.0, at.y + from.1),
                to: point(at.x + to.0, at.y + to.1),
                width: 2.0,
                ink: Ink::Faint,
            });
        }
    }
    // A chance node's value is a decimal written out (≈-12.333); the others are whole numbers,
    // or the bounds alpha-beta returned.
    let value = match (&node.value_text, node.value) {
        (Some(text), _) => Some((text.clone(), text.chars().count() > 4)),
        (None, Some(value)) => Some((node.bound.write(value), false)),
        (None, None) => None,
    };
    // A triangle's middle is a little towards its base.
    let lower = match node.shape {
        Shape::Max => 3.0,
        Shape::Min => -3.0,
        Shape::End | Shape::Chance => 0.0,
    };
    let mut below = at.y + r + BOARD_GAP;
    let under = value_under(node, packing);
    if let Some((value, _)) = value.as_ref().filter(|_| under) {
        items.push(Item::Text {
            at: point(at.x, below + VALUE_LINE / 2.0 - 2.0),
            anchor: Anchor::Centre,
            text: value.clone(),
            size: Kind::Letter.size(),
            ink,
            bold: true,
            halo: true,
        });
        below += VALUE_LINE;
    }
    if let Some((value, long)) = value.filter(|_| !under) {
        // A long decimal in a smaller size, to stay near its node.
        let size = if long {
            Kind::Note.size() - 1.0
        } else {
            Kind::Value.size()
        };
        items.push(Item::Text {
            at: point(at.x, at.y + lower),
            anchor: Anchor::Centre,
            text: value,
            size,
            ink,
            bold: true,
            // Over a cross, on a patch of the background: a pruned leaf's value stays legible.
            halo: node.crossed,
        });
    }
    match (&node.label, packing) {
        (None, _) => {}
        // In the node, as large as a value: on a phone the letters are what is tapped and typed.
        (Some(label), Packing::Narrow) => items.push(Item::Text {
            at: point(at.x, at.y + lower),
            anchor: Anchor::Centre,
            text: label.clone(),
            size: Kind::Letter.size(),
            ink,
            bold: true,
            // Over a cross, on a patch of the background, as a pruned leaf's value.
            halo: node.crossed,
        }),
        // Up and to the left of the shape, where the edges from above do not run.
        (Some(label), Packing::Roomy) => items.push(Item::Text {
            at: point(at.x - r - 6.0, at.y - r * 0.6),
            anchor: Anchor::Centre,
            text: label.clone(),
            size: Kind::Note.size(),
            ink: Ink::Soft,
            bold: false,
            halo: false,
        }),
    }
    if let Some(board) = board {
        small_board(&mut items, &board, point(at.x - BOARD / 2.0, below));
        below += BOARD + BOARD_GAP;
    }
    for (index, line) in note_lines(node).enumerate() {
        items.push(Item::Text {
            at: point(at.x, below + NOTE_LINE / 2.0 + index as f32 * NOTE_LINE),
            anchor: Anchor::Centre,
            text: line.to_string(),
            size: Kind::Note.size(),
            ink: Ink::Soft,
            bold: false,
            halo: true,
        });
    }
    items
}

/// A small board, its top left corner at `corner`, at most [`BOARD`] on its longer side: its
/// grid and its marks, each in its mark's colour.
fn small_board(items: &mut Vec<Item>, board: &Board, corner: Point) {
    let geometry = board.geometry();
    let (rows, cols) = (geometry.rows(), geometry.cols());
    let cell = BOARD / rows.max(cols) as f32;
    let (width, height) = (cell * cols as f32, cell * rows as f32);
    let (left, top) = (corner.x + (BOARD - width) / 2.0, corner.y);
    items.push(Item::Rect {
        min: point(left, top),
        max: point(left + width, top + height),
        fill: Fill::Paper,
        ink: Ink::Grid,
    });
    let grid = |from, to| Item::Line {
        from,
        to,
        width: 1.0,
        ink: Ink::Grid,
    };
    for col in 1..cols {
        let x = left + col as f32 * cell;
        items.push(grid(point(x, top), point(x, top + height)));
    }
    for row in 1..rows {
        let y = top + row as f32 * cell;
        items.push(grid(point(left, y), point(left + width, y)));
    }
    let r = cell * 0.3;
    for place in geometry.all_cells() {
        let (x, y) = (
            left + (place.col as f32 + 0.5) * cell,
            top + (place.row as f32 + 0.5) * cell,
        );
        match board.get(place) {
            Some(mark @ Mark::X) => {
                for (dy0, dy1) in [(-r, r), (r, -r)] {
                    items.push(Item::Line {
                        from: point(x - r, y + dy0),
                        to: point(x + r, y + dy1),
                        width: 1.5,
                        ink: Ink::Mark(mark),
                    });
                }
            }
            Some(mark @ Mark::O) => items.push(Item::Circle {
                centre: point(x, y),
                radius: r,
                fill: None,
                width: 1.5,
                ink: Ink::Mark(mark),
                dashed: false,
            }),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree_sketch::{Shape, SketchEdge};

    fn node(x: f32, level: usize, note: Option<&str>) -> SketchNode {
        SketchNode {
            value: Some(1),
            note: note.map(str::to_string),
            board: Some(Board::default()),
            ..SketchNode::at(x, level, Shape::End, String::new())
        }
    }

    fn sketch(note: Option<&str>) -> Sketch {
        Sketch {
            nodes: vec![node(0.5, 0, None), node(0.0, 1, note), node(1.0, 1, None)],
            edges: (1..3)
                .map(|to| SketchEdge {
                    from: 0,
                    to,
                    label: format!("{to}"),
                    best: false,
                    on_line: false,
                    marked: false,
                })
                .collect(),
            width: 2,
            levels: vec!["MAX (depth 0)".into(), "MIN (depth 1)".into()],
            legend: vec!["A line of the legend.".into()],
        }
    }

    /// Nodes sit in their slots, the parent over the middle of its children, each level lower
    /// than the one above; a long note widens every slot so that notes never overlap.
    #[test]
    fn nodes_keep_their_slots_and_long_notes_widen_them() {
        let plain = scene(&sketch(None), false);
        let [root, left, right] = [0, 1, 2].map(|i| plain.nodes[i].centre);
        assert_eq!(root.x, (left.x + right.x) / 2.0);
        assert!(left.y > root.y && left.y == right.y);
        let noted = scene(&sketch(Some("α -infinity and more\nβ 2")), false);
        let gap = noted.nodes[2].centre.x - noted.nodes[1].centre.x;
        assert!(gap > right.x - left.x);
        assert!(gap >= text_width("α -infinity and more", Kind::Note.size()));
    }

    /// A marked branch (an exercise's tree) carries its child's pick as a bar across it and its
    /// prune as a cross in a loss's ink; the pick's outline is in its own ink. An unmarked
    /// branch (every other picture's) carries neither, whatever its child is.
    #[test]
    fn a_marked_branch_carries_its_childs_pick_and_prune() {
        let mut picked = sketch(None);
        picked.nodes[1].picked = true;
        picked.nodes[2].crossed = true;
        let lines = |scene: &Scene, ink: Option<Ink>| {
            let items = scene.items.iter();
            let edges = items
                .filter(|item| matches!(item, Item::Line { .. }))
                .count();
            let inked = scene
                .items
                .iter()
                .filter(|item| matches!(item, Item::Line { ink: i, .. } if Some(*i) == ink));
            (edges, inked.count())
        };
        // Unmarked: the two edges only.
        let plain = scene(&picked, false);
        assert_eq!(lines(&plain, Some(Ink::Cut)), (2, 0));
        for edge in &mut picked.edges {
            edge.marked = true;
        }
        let marked = scene(&picked, false);
        // Two edges, a bar on the first, a cross (two lines) on the second.
        assert_eq!(lines(&marked, Some(Ink::Cut)), (5, 2));
        let outline = |node: &SceneNode| match &node.items[0] {
            Item::Polygon { ink, .. } | Item::Circle { ink, .. } => *ink,
            _ => panic!("a node's shape first"),
        };
        assert_eq!(outline(&marked.nodes[1]), Ink::Picked);
        assert_eq!(outline(&marked.nodes[0]), Ink::Text);
    }

    /// Packed narrow, a lettered tree is narrower across, without a gutter for level labels;
    /// each letter is in its node, as large as a value, and a lettered leaf's value is under it
    /// (on a patch of the background); the roomy layout keeps the letter beside the node.
    #[test]
    fn a_tree_packed_narrow_has_its_letters_in_its_nodes_and_values_under_them() {
        let mut lettered = sketch(None);
        for (node, letter) in lettered.nodes.iter_mut().zip(["A", "B", "C"]) {
            node.label = Some(letter.to_string());
            node.board = None;
        }
        let roomy = scene(&lettered, false);
        let narrow = scene_packed(&lettered, false, &lettered, Packing::Narrow);
        assert!(narrow.tree_size.x < roomy.tree_size.x);
        let gap = |scene: &Scene| scene.nodes[2].centre.x - scene.nodes[1].centre.x;
        assert_eq!((gap(&roomy), gap(&narrow)), (SLOT, NARROW_SLOT));
        let texts = |scene: &Scene, node: usize| -> Vec<(String, Point, f32, bool)> {
            scene.nodes[node]
                .items
                .iter()
                .filter_map(|item| match item {
                    Item::Text {
                        text,
                        at,
                        size,
                        halo,
                        ..
                    } => Some((text.clone(), *at, *size, *halo)),
                    _ => None,
                })
                .collect()
        };
        let leaf = narrow.nodes[1].centre;
        let [value, letter] = texts(&narrow, 1).try_into().expect("a value and a letter");
        assert_eq!((letter.0.as_str(), letter.1, letter.2), ("B", leaf, 17.0));
        assert_eq!((value.0.as_str(), value.2, value.3), ("1", 17.0, true));
        assert!(value.1.x == leaf.x && value.1.y - value.2 / 2.0 > leaf.y + RADIUS);
        // No level labels across the top of a packed tree; the roomy one has them.
        let labels = |scene: &Scene| {
            let texts = scene.items.iter().filter_map(|item| match item {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            });
            texts.filter(|text| text.starts_with("M")).count()
        };
        assert_eq!((labels(&roomy), labels(&narrow)), (2, 0));
        // Roomy: the value in the leaf, the letter beside it in a note's size.
        let roomy_leaf = roomy.nodes[1].centre;
        let [value, letter] = texts(&roomy, 1).try_into().expect("a value and a letter");
        assert_eq!((value.0.as_str(), value.1), ("1", roomy_leaf));
        assert_eq!((letter.0.as_str(), letter.2), ("B", Kind::Note.size()));
        assert!(letter.1.x < roomy_leaf.x - RADIUS);
        // The tree's room under its lowest nodes holds the values written under them.
        assert!(narrow.tree_size.y >= value_bottom(&narrow));
    }

    /// The lowest a packed tree's words reach.
    fn value_bottom(scene: &Scene) -> f32 {
        scene
            .nodes
            .iter()
            .flat_map(|node| &node.items)
            .filter_map(|item| match item {
                Item::Text { at, size, .. } => Some(at.y + size / 2.0),
                _ => None,
            })
            .fold(0.0, f32::max)
    }

    /// Small boards push the next level down and the edges start under them; without them the
    /// scene has no board at all.
    #[test]
    fn small_boards_make_room_under_their_nodes() {
        let without = scene(&sketch(None), false);
        let with = scene(&sketch(None), true);
        assert!(with.nodes[1].centre.y - with.nodes[0].centre.y >= LEVEL + BOARD);
        let rects = |scene: &Scene| {
            let items = scene.nodes.iter().flat_map(|node| &node.items);
            items
                .filter(|item| matches!(item, Item::Rect { .. }))
                .count()
        };
        assert_eq!((rects(&without), rects(&with)), (0, 3));
        let Item::Line { from, .. } = &with.items[2] else {
            panic!("the first edge's line")
        };
        assert!(from.y >= with.nodes[0].centre.y + RADIUS + BOARD);
        // The legend is under the tree, in the whole picture's size only.
        assert!(with.size.y > with.tree_size.y);
    }
}
