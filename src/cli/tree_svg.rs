//! `tictactoe tree --format svg`: the tree as the textbooks draw a search, for slides: MAX nodes
//! as triangles pointing up, MIN nodes pointing down, finished games and leaves as circles, each
//! with its value; each edge labelled with its move; minimax's line drawn thick; every level
//! labelled with who moves there and its depth. The layouts are `learn::tree_picture`'s (a
//! board's game tree) and `learn::abstract_tree`'s (a typed tree); both become one [`Sketch`],
//! drawn by one writer.
//!
//! Cells are named as the app names them, from 1 (`r3c1`: row 3, column 1): the picture is for
//! people beside the app, and the app, its explanations and the seeds' own figures count from 1.
//! Only the JSON that programs read (`analyze`, `tree`, `trace`) keeps `analyze`'s 0-based pairs.

use std::io::{self, Write};

use crate::engine::board::Outcome;
use crate::engine::game_tree::{GameTree, Side};
use crate::learn::abstract_tree::AbstractPicture;
use crate::learn::tree_picture::{Picture, Spot, level_label};
use crate::learn::view::{Role, ScoreView, Seen};

/// Pixels between two leaves, between two levels, and left of the tree for the level labels.
const SLOT: f32 = 64.0;
const LEVEL: f32 = 96.0;
const MARGIN: f32 = 200.0;
const RADIUS: f32 = 20.0;
const LINE_COLOUR: &str = "#d9822b";
/// Pixels between two lines of the legend.
const LEGEND_LINE: f32 = 18.0;

/// What the writer draws: nodes, edges, a label a level and the legend.
struct Sketch {
    nodes: Vec<SketchNode>,
    edges: Vec<SketchEdge>,
    /// Leaf slots across.
    width: usize,
    /// One label per level, from the top.
    levels: Vec<String>,
    legend: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Max,
    Min,
    /// A finished game, or a leaf of a typed tree.
    End,
}

struct SketchNode {
    x: f32,
    level: usize,
    shape: Shape,
    value: Option<i32>,
    /// The tooltip: the position or the node.
    title: String,
    /// Not opened: its value is known, its moves are not drawn.
    dashed: bool,
    on_line: bool,
}

struct SketchEdge {
    from: usize,
    to: usize,
    label: String,
    best: bool,
    on_line: bool,
}

/// Writes a board's game tree `picture` as a standalone SVG document; `note` (a tree cut short)
/// goes under it.
pub(in crate::cli) fn write_svg(
    out: &mut impl Write,
    picture: &Picture,
    seen: &Seen,
    note: Option<&str>,
) -> io::Result<()> {
    let shape = |role| match role {
        Some(Role::Maximiser) => Shape::Max,
        Some(Role::Minimiser) => Shape::Min,
        None => Shape::End,
    };
    let nodes = picture
        .spots
        .iter()
        .map(|spot| {
            let status = match spot.board.outcome() {
                Outcome::Ongoing => format!("{} to move", spot.board.to_move()),
                outcome => outcome.to_string(),
            };
            SketchNode {
                x: spot.x,
                level: spot.level,
                shape: shape(spot.role),
                value: spot.value.map(|value| value.value()),
                title: format!("{} ({status})", spot.board.notation().as_str()),
                dashed: !spot.opened && !spot.board.outcome().is_over(),
                on_line: spot.on_line,
            }
        })
        .collect();
    let edges = picture
        .edges
        .iter()
        .map(|edge| SketchEdge {
            from: edge.from,
            to: edge.to,
            label: format!("r{}c{}", edge.cell.row + 1, edge.cell.col + 1),
            best: edge.best,
            on_line: edge.on_line,
        })
        .collect();
    let levels = (0..picture.levels)
        .map(|level| board_level_label(picture, seen, level))
        .collect();
    let values = match seen.view() {
        ScoreView::SideToMove => "Values are the top player's.",
        ScoreView::Articles => "Values are X's (X maximises).",
    };
    let legend = [
        "Triangle up: the maximiser moves; down: the minimiser; circle: the game is over.",
        values,
        "Depth as minimax(board, depth, isMax) counts it: the top's moves lead to depth 0.",
        "Moves name cells as the app does, from 1: r3c1 is row 3, column 1.",
        "Thick: minimax's line. Dashed: a position whose moves are not drawn.",
    ];
    let sketch = Sketch {
        nodes,
        edges,
        width: picture.width,
        levels,
        legend: legend
            .iter()
            .map(|line| line.to_string())
            .chain(note.map(str::to_string))
            .collect(),
    };
    write_sketch(out, &sketch)
}

/// Writes a typed tree's `picture` as a standalone SVG document: values are MAX's, as the leaves
/// are typed, and the root is at depth 0, as the textbooks and `trace` count it.
pub(in crate::cli) fn write_tree_svg(
    out: &mut impl Write,
    tree: &GameTree,
    picture: &AbstractPicture,
) -> io::Result<()> {
    let nodes = picture
        .spots
        .iter()
        .map(|spot| {
            let node = tree.node(spot.node).expect("a spot is a node of its tree");
            let path: Vec<String> = node.path().iter().map(|i| (i + 1).to_string()).collect();
            let name = if path.is_empty() {
                "the root".to_string()
            } else {
                format!("child {}", path.join("."))
            };
            SketchNode {
                x: spot.x,
                level: spot.level,
                shape: match spot.side {
                    Some(Side::Max) => Shape::Max,
                    Some(Side::Min) => Shape::Min,
                    None => Shape::End,
                },
                value: Some(spot.value),
                title: match spot.side {
                    Some(side) => format!("{name} ({side})"),
                    None => format!("{name} (a leaf)"),
                },
                dashed: false,
                on_line: spot.on_line,
            }
        })
        .collect();
    let edges = picture
        .edges
        .iter()
        .map(|edge| SketchEdge {
            from: edge.from,
            to: edge.to,
            label: (edge.child + 1).to_string(),
            best: edge.best,
            on_line: edge.on_line,
        })
        .collect();
    let levels = (0..picture.levels)
        .map(|level| {
            let side = if level % 2 == 0 {
                tree.root_side()
            } else {
                tree.root_side().opponent()
            };
            format!("{side} (depth {level})")
        })
        .collect();
    let legend = [
        "Triangle up: MAX moves; down: MIN; circle: a leaf.",
        "Values are MAX's, as the leaves are typed. Depth counted from the root, 0.",
        "Children numbered from 1, left to right, the order the search tries them.",
        "Thick: minimax's line.",
    ];
    let sketch = Sketch {
        nodes,
        edges,
        width: picture.width,
        levels,
        legend: legend.iter().map(|line| line.to_string()).collect(),
    };
    write_sketch(out, &sketch)
}

fn write_sketch(out: &mut impl Write, sketch: &Sketch) -> io::Result<()> {
    // Wide enough for the legend's lines, however narrow the tree.
    let width = (MARGIN + sketch.width as f32 * SLOT + SLOT / 2.0).max(600.0);
    let legend_top = y(sketch.levels.len().saturating_sub(1)) + RADIUS + 36.0;
    let height = legend_top + LEGEND_LINE * sketch.legend.len() as f32;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"13\">"
    )?;
    writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")?;
    for (level, label) in sketch.levels.iter().enumerate() {
        writeln!(
            out,
            "<text x=\"8\" y=\"{}\" fill=\"#555\">{}</text>",
            y(level) + 4.0,
            escape(label)
        )?;
    }
    for edge in &sketch.edges {
        let (from, to) = (&sketch.nodes[edge.from], &sketch.nodes[edge.to]);
        let (stroke, width) = match (edge.on_line, edge.best) {
            (true, _) => (LINE_COLOUR, 3.5),
            (false, true) => ("#444", 2.0),
            (false, false) => ("#aaa", 1.2),
        };
        writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
            x(from.x),
            y(from.level) + RADIUS,
            x(to.x),
            y(to.level) - RADIUS
        )?;
        // Nearer the child, where the edges fan out; dark and as large as the values, to be read
        // from the back of a room.
        let along = |a: f32, b: f32| a + (b - a) * 0.62;
        writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\" \
             stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
            along(x(from.x), x(to.x)),
            along(y(from.level), y(to.level)),
            escape(&edge.label)
        )?;
    }
    for node in &sketch.nodes {
        write_node(out, node)?;
    }
    let mut text_y = legend_top;
    for line in &sketch.legend {
        writeln!(
            out,
            "<text x=\"8\" y=\"{text_y}\" fill=\"#333\">{}</text>",
            escape(line)
        )?;
        text_y += LEGEND_LINE;
    }
    writeln!(out, "</svg>")
}

/// A node: its shape by role, its value in it, and what it is as a tooltip.
fn write_node(out: &mut impl Write, node: &SketchNode) -> io::Result<()> {
    let (cx, cy) = (x(node.x), y(node.level));
    let stroke = if node.on_line { LINE_COLOUR } else { "#333" };
    let dash = if node.dashed {
        " stroke-dasharray=\"4 3\""
    } else {
        ""
    };
    writeln!(out, "<g>")?;
    writeln!(out, "<title>{}</title>", escape(&node.title))?;
    let shape = match node.shape {
        Shape::Max => format!(
            "<polygon points=\"{},{} {},{} {},{}\"",
            cx,
            cy - RADIUS,
            cx - RADIUS,
            cy + RADIUS * 0.8,
            cx + RADIUS,
            cy + RADIUS * 0.8
        ),
        Shape::Min => format!(
            "<polygon points=\"{},{} {},{} {},{}\"",
            cx,
            cy + RADIUS,
            cx - RADIUS,
            cy - RADIUS * 0.8,
            cx + RADIUS,
            cy - RADIUS * 0.8
        ),
        Shape::End => format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"", RADIUS * 0.85),
    };
    writeln!(
        out,
        "{shape} fill=\"#f4f4f4\" stroke=\"{stroke}\" stroke-width=\"2\"{dash}/>"
    )?;
    if let Some(value) = node.value {
        writeln!(
            out,
            "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{value}</text>",
            cy + 4.5,
        )?;
    }
    writeln!(out, "</g>")
}

/// "MAX: X to move (depth 0)" for every level, the last included, as the app labels its drawn
/// trees ([`level_label`]): every position of a level has the same side to move, finished or
/// not.
fn board_level_label(picture: &Picture, seen: &Seen, level: usize) -> String {
    let spot: &Spot = picture
        .spots
        .iter()
        .find(|spot| spot.level == level)
        .expect("every level has a spot");
    level_label(&spot.board, seen, level)
}

fn x(slot: f32) -> f32 {
    MARGIN + slot * SLOT + SLOT / 2.0
}

fn y(level: usize) -> f32 {
    30.0 + level as f32 * LEVEL
}

/// Text made safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
