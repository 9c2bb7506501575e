//! Trees as SVG pictures, for slides: `tictactoe tree --format svg` and the app's "Export SVG"
//! (and PNG, rasterised from it) write them. The tree as the textbooks draw a search: MAX nodes
//! as triangles pointing up, MIN nodes pointing down, finished games and leaves as circles, each
//! with its value; each edge labelled with its move; minimax's line drawn thick; every level
//! labelled with who moves there and its depth. The layouts are `learn::tree_picture`'s (a
//! board's game tree) and `learn::abstract_tree`'s (a typed tree); both become one [`Sketch`],
//! drawn by one writer, as does any drawing the app shows (a search's, with its crossed-out
//! pruned calls and their windows): the app builds a [`Sketch`] from the very drawing on show.
//!
//! Cells are named as the app names them, from 1 (`r3c1`: row 3, column 1): the picture is for
//! people beside the app, and the app, its explanations and the seeds' own figures count from 1.
//! Only the JSON that programs read (`analyze`, `tree`, `trace`) keeps `analyze`'s 0-based pairs.

use std::fmt::Write;

use crate::engine::board::{Board, Mark, Outcome};
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
/// A small board's side, and the gap between it and its node.
const BOARD: f32 = 36.0;
const BOARD_GAP: f32 = 6.0;
/// Pixels between two lines of a node's note (alpha-beta's window), and a character's width at
/// its size, for widening the slots to the widest note.
const NOTE_LINE: f32 = 13.0;
const NOTE_CHAR: f32 = 6.5;
const FAINT: &str = "#aaa";

/// What the writer draws: nodes, edges, a label a level and the legend.
#[derive(Debug, Clone, PartialEq)]
pub struct Sketch {
    pub nodes: Vec<SketchNode>,
    pub edges: Vec<SketchEdge>,
    /// Leaf slots across.
    pub width: usize,
    /// One label per level, from the top.
    pub levels: Vec<String>,
    pub legend: Vec<String>,
}

/// A node's shape: who moves there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Max,
    Min,
    /// A finished game, or a leaf of a typed tree.
    End,
}

/// A node: where it goes (across in leaf slots, down in levels) and what it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct SketchNode {
    pub x: f32,
    pub level: usize,
    pub shape: Shape,
    pub value: Option<i32>,
    /// The tooltip: the position or the node.
    pub title: String,
    /// Not opened: its value is known, its moves are not drawn.
    pub dashed: bool,
    /// On minimax's line, or on a search's path to its current call: drawn orange.
    pub on_line: bool,
    /// Pruned: drawn faint and crossed out.
    pub crossed: bool,
    /// A small text under the node, a line each (alpha-beta's window).
    pub note: Option<String>,
    /// The position, drawn small under the node.
    pub board: Option<Board>,
}

/// An edge from parent to child, with its move.
#[derive(Debug, Clone, PartialEq)]
pub struct SketchEdge {
    pub from: usize,
    pub to: usize,
    pub label: String,
    pub best: bool,
    pub on_line: bool,
}

/// A board's game tree `picture` as a sketch; `note` (a tree cut short) goes under it; with
/// `boards`, each node shows its position in a small board.
pub fn board_tree_sketch(
    picture: &Picture,
    seen: &Seen,
    note: Option<&str>,
    boards: bool,
) -> Sketch {
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
                crossed: false,
                note: None,
                board: boards.then_some(spot.board),
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
    let legend = [
        "Moves name cells as the app does, from 1: r3c1 is row 3, column 1.",
        "Thick: minimax's line. Dashed: a position whose moves are not drawn.",
    ];
    Sketch {
        nodes,
        edges,
        width: picture.width,
        levels,
        legend: board_legend(seen)
            .into_iter()
            .chain(legend.iter().map(|line| line.to_string()))
            .chain(note.map(str::to_string))
            .collect(),
    }
}

/// What a board's drawn tree or search needs said under it first: its shapes, whose values, how
/// depth counts.
pub fn board_legend(seen: &Seen) -> Vec<String> {
    let values = match seen.view() {
        ScoreView::SideToMove => "Values are the top player's.",
        ScoreView::Articles => "Values are X's (X maximises).",
    };
    [
        "Triangle up: the maximiser moves; down: the minimiser; circle: the game is over.",
        values,
        "Depth as minimax(board, depth, isMax) counts it: the top's moves lead to depth 0.",
    ]
    .iter()
    .map(|line| line.to_string())
    .collect()
}

/// What a typed tree's drawing needs said under it first: its shapes, whose values, how depth
/// and children count.
pub fn tree_legend() -> Vec<String> {
    [
        "Triangle up: MAX moves; down: MIN; circle: a leaf.",
        "Values are MAX's, as the leaves are typed. Depth counted from the root, 0.",
        "Children numbered from 1, left to right, the order the search tries them.",
    ]
    .iter()
    .map(|line| line.to_string())
    .collect()
}

/// What a drawn search's shapes and colours mean, under [`board_legend`] or [`tree_legend`].
pub fn search_legend() -> Vec<String> {
    [
        "Orange: the calls under way. Crossed out: pruned, with the window that cut it.",
        "Under a call: its window, alpha over beta.",
    ]
    .iter()
    .map(|line| line.to_string())
    .collect()
}

/// Writes a board's game tree `picture` as a standalone SVG document: [`board_tree_sketch`]
/// without small boards, as `tictactoe tree --format svg` draws it.
pub fn board_tree_svg(picture: &Picture, seen: &Seen, note: Option<&str>, boards: bool) -> String {
    svg(&board_tree_sketch(picture, seen, note, boards))
}

/// A typed tree's `picture` as a standalone SVG document: values are MAX's, as the leaves are
/// typed, and the root is at depth 0, as the textbooks and `trace` count it.
pub fn typed_tree_svg(tree: &GameTree, picture: &AbstractPicture) -> String {
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
                crossed: false,
                note: None,
                board: None,
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
        .map(|level| tree_level_label(tree, level))
        .collect();
    let sketch = Sketch {
        nodes,
        edges,
        width: picture.width,
        levels,
        legend: tree_legend()
            .into_iter()
            .chain(["Thick: minimax's line.".to_string()])
            .collect(),
    };
    svg(&sketch)
}

/// The label of a typed tree's `level`: "MAX (depth 0)" at the root.
pub fn tree_level_label(tree: &GameTree, level: usize) -> String {
    let side = if level.is_multiple_of(2) {
        tree.root_side()
    } else {
        tree.root_side().opponent()
    };
    format!("{side} (depth {level})")
}

/// Where a sketch's parts go, in pixels: the slot's width (wider for long notes), a level's
/// height (taller for small boards) and the room under a node before its note.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    pub slot: f32,
    pub level: f32,
    /// From a node's centre down to the top of its small board, if it has one.
    pub board_top: f32,
}

impl Layout {
    /// The layout `sketch` is written with.
    pub fn of(sketch: &Sketch) -> Layout {
        let boards = sketch.nodes.iter().any(|node| node.board.is_some());
        let notes = sketch.nodes.iter().filter_map(|node| node.note.as_ref());
        let widest = notes
            .flat_map(|note| note.lines())
            .map(|line| line.chars().count())
            .max()
            .unwrap_or(0);
        let tallest = sketch
            .nodes
            .iter()
            .filter_map(|node| node.note.as_ref())
            .map(|note| note.lines().count())
            .max()
            .unwrap_or(0);
        let board_room = if boards { BOARD + BOARD_GAP } else { 0.0 };
        let note_room = tallest as f32 * NOTE_LINE;
        Layout {
            slot: SLOT.max(widest as f32 * NOTE_CHAR + 12.0).max(if boards {
                BOARD + 12.0
            } else {
                0.0
            }),
            level: LEVEL + board_room + (note_room - 40.0).max(0.0),
            board_top: RADIUS + BOARD_GAP,
        }
    }

    /// A node's centre, in the picture's pixels.
    pub fn centre(&self, x: f32, level: usize) -> (f32, f32) {
        (
            MARGIN + x * self.slot + self.slot / 2.0,
            30.0 + level as f32 * self.level,
        )
    }
}

/// The standalone SVG document of `sketch`.
pub fn svg(sketch: &Sketch) -> String {
    let mut out = String::new();
    write_sketch(&mut out, sketch).expect("writing to a String does not fail");
    out
}

fn write_sketch(out: &mut String, sketch: &Sketch) -> std::fmt::Result {
    let layout = Layout::of(sketch);
    let x = |slot: f32| layout.centre(slot, 0).0;
    let y = |level: usize| layout.centre(0.0, level).1;
    // Wide enough for the legend's lines, however narrow the tree.
    let width = (MARGIN + sketch.width as f32 * layout.slot + layout.slot / 2.0).max(600.0);
    // Under the last level: its nodes, their small boards and their notes.
    let under = sketch
        .nodes
        .iter()
        .map(|node| {
            let board = if node.board.is_some() {
                BOARD + BOARD_GAP
            } else {
                0.0
            };
            let note = node.note.as_ref().map_or(0, |note| note.lines().count());
            board + note as f32 * NOTE_LINE
        })
        .fold(0.0, f32::max);
    let legend_top = y(sketch.levels.len().saturating_sub(1)) + RADIUS + 36.0 + under;
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
            y(from.level) + RADIUS + from.board.map_or(0.0, |_| BOARD_GAP + BOARD),
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
        write_node(out, node, layout.centre(node.x, node.level))?;
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

/// A node: its shape by role, its value in it, and what it is as a tooltip; crossed out when
/// pruned, its small board and its note under it.
fn write_node(out: &mut String, node: &SketchNode, (cx, cy): (f32, f32)) -> std::fmt::Result {
    let stroke = match (node.crossed, node.on_line) {
        (true, _) => FAINT,
        (false, true) => LINE_COLOUR,
        (false, false) => "#333",
    };
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
        let fill = if node.crossed { " fill=\"#888\"" } else { "" };
        writeln!(
            out,
            "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\"{fill}>{value}</text>",
            cy + 4.5,
        )?;
    }
    if node.crossed {
        let d = RADIUS * 0.9;
        for (from, to) in [((-d, -d), (d, d)), ((-d, d), (d, -d))] {
            writeln!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#777\" stroke-width=\"2\"/>",
                cx + from.0,
                cy + from.1,
                cx + to.0,
                cy + to.1
            )?;
        }
    }
    let mut below = cy + RADIUS + BOARD_GAP;
    if let Some(board) = &node.board {
        write_board(out, board, cx - BOARD / 2.0, below)?;
        below += BOARD + BOARD_GAP;
    }
    if let Some(note) = &node.note {
        for (index, line) in note.lines().enumerate() {
            writeln!(
                out,
                "<text x=\"{cx}\" y=\"{}\" font-size=\"11\" fill=\"#555\" text-anchor=\"middle\" \
                 stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
                below + 8.0 + index as f32 * NOTE_LINE,
                escape(line)
            )?;
        }
    }
    writeln!(out, "</g>")
}

/// A small board, its top left corner at (`left`, `top`), at most [`BOARD`] on its longer side:
/// its grid and its marks.
fn write_board(out: &mut String, board: &Board, left: f32, top: f32) -> std::fmt::Result {
    let geometry = board.geometry();
    let (rows, cols) = (geometry.rows(), geometry.cols());
    let cell = BOARD / rows.max(cols) as f32;
    let (width, height) = (cell * cols as f32, cell * rows as f32);
    let left = left + (BOARD - width) / 2.0;
    writeln!(
        out,
        "<rect x=\"{left}\" y=\"{top}\" width=\"{width}\" height=\"{height}\" fill=\"white\" stroke=\"#999\"/>"
    )?;
    for col in 1..cols {
        let at = left + col as f32 * cell;
        writeln!(
            out,
            "<line x1=\"{at}\" y1=\"{top}\" x2=\"{at}\" y2=\"{}\" stroke=\"#bbb\"/>",
            top + height
        )?;
    }
    for row in 1..rows {
        let at = top + row as f32 * cell;
        writeln!(
            out,
            "<line x1=\"{left}\" y1=\"{at}\" x2=\"{}\" y2=\"{at}\" stroke=\"#bbb\"/>",
            left + width
        )?;
    }
    for place in geometry.all_cells() {
        let (cx, cy) = (
            left + (place.col as f32 + 0.5) * cell,
            top + (place.row as f32 + 0.5) * cell,
        );
        let r = cell * 0.3;
        match board.get(place) {
            Some(Mark::X) => writeln!(
                out,
                "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#1f5fbf\" stroke-width=\"1.5\"/>",
                cx - r,
                cy - r,
                cx + r,
                cy + r,
                cx - r,
                cy + r,
                cx + r,
                cy - r
            )?,
            Some(Mark::O) => writeln!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.5\"/>"
            )?,
            None => {}
        }
    }
    Ok(())
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

/// Text made safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
