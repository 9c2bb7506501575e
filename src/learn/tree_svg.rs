//! Drawn trees as SVG pictures, for slides: `tictactoe tree --format svg` and the app's "Export
//! SVG" (and PNG, rasterised from it) write them. The writer draws a [`Scene`], the one layout
//! the app paints too ([`tree_layout`](super::tree_layout)): it only gives each colour role a
//! colour on white paper (the app's light theme's, the marks in the board's colours) and writes
//! each item as an element, a node's items in a group with its title as the tooltip.

use std::fmt::Write;

use crate::engine::board::{Board, Mark};
use crate::engine::game_tree::GameTree;
use crate::engine::minimax::{SearchControl, Stop};
use crate::learn::abstract_tree::AbstractPicture;
use crate::learn::search_picture::{search_picture, whole_search_picture};
use crate::learn::trace::{StepState, TraceAlgorithm, trace, whole_trace};
use crate::learn::tree_layout::{Anchor, Fill, Ink, Item, Point, Scene, scene, scene_sized};
use crate::learn::tree_picture::Picture;
use crate::learn::tree_sketch::{self, Sketch, position_title};
use crate::learn::view::Seen;
use crate::learn::view::SeenTree;

/// How far below a text's middle its baseline is, as a share of its size.
pub const BASELINE: f32 = 0.35;

/// A colour role's colour on white paper.
pub fn ink(ink: Ink) -> &'static str {
    match ink {
        Ink::Text => "#222",
        Ink::Strong => "#444",
        Ink::Soft => "#555",
        Ink::Faint => "#aaa",
        Ink::Line => "#d9822b",
        Ink::Grid => "#999",
        // The board's own colours on a light theme: X red, O blue.
        Ink::Mark(Mark::X) => "#d64828",
        Ink::Mark(Mark::O) => "#1482aa",
    }
}

fn fill(fill: Fill) -> &'static str {
    match fill {
        Fill::Node => "#f4f4f4",
        Fill::Paper => "white",
    }
}

/// A board's game tree `picture` as a standalone SVG document, as `tictactoe tree --format svg`
/// draws it: each node titled with its position; `note` (a tree cut short) under the legend;
/// with `boards`, each position drawn small under its node.
pub fn board_tree_svg(picture: &Picture, seen: &Seen, note: Option<&str>, boards: bool) -> String {
    let titles = picture
        .spots
        .iter()
        .map(|spot| position_title(&spot.board))
        .collect();
    svg(
        &tree_sketch::board_tree(picture, seen, titles, note),
        boards,
    )
}

/// A typed tree's `picture` as a standalone SVG document.
pub fn typed_tree_svg(tree: &GameTree, picture: &AbstractPicture) -> String {
    svg(&tree_sketch::typed_tree(tree, picture), false)
}

/// A typed tree's whole search by `algorithm`, finished, as the tree lab draws it at its end
/// (and `tictactoe trace TREE --format svg` writes it): every node with its value, a bound where
/// alpha-beta cut, pruned branches crossed, each cut-off's sentence after the legend.
pub fn tree_search_svg(tree: &GameTree, algorithm: TraceAlgorithm) -> String {
    svg(&tree_search_sketch(tree, algorithm), false)
}

/// The sketch of [`tree_search_svg`]: the tree lab's drawing after the search's last step.
pub fn tree_search_sketch(tree: &GameTree, algorithm: TraceAlgorithm) -> Sketch {
    let steps = whole_trace(&tree.root(), algorithm);
    let shown = steps
        .iter()
        .map(|(step, pruned)| (*step, pruned.as_slice()));
    let picture = whole_search_picture(tree.root(), shown, &SeenTree::new(tree));
    tree_sketch::tree_search(&picture, tree)
}

/// A board's search by `algorithm` under `control`, finished, as the step-through draws it at
/// its end (the start and its moves' values, as `seen` shows them); or why it stopped.
pub fn board_search_svg(
    board: &Board,
    algorithm: TraceAlgorithm,
    control: &SearchControl,
    seen: &Seen,
) -> Result<String, Stop> {
    let mut state = StepState::new(*board);
    trace(board, algorithm, control, |event| state.apply(&event))?;
    let picture = search_picture(&state, seen);
    Ok(svg(&tree_sketch::board_search(&picture, seen), false))
}

/// The standalone SVG document of `sketch`, laid out as the app lays it out.
pub fn svg(sketch: &Sketch, boards: bool) -> String {
    write_scene(&scene(sketch, boards))
}

/// The standalone SVG document of `sketch` laid out in the room `sizing` needs
/// ([`scene_sized`]), as the app lays out a search stepped through.
pub fn svg_sized(sketch: &Sketch, boards: bool, sizing: &Sketch) -> String {
    write_scene(&scene_sized(sketch, boards, sizing))
}

/// The standalone SVG document of `scene`.
pub fn write_scene(scene: &Scene) -> String {
    let mut out = String::new();
    write_all(&mut out, scene).expect("writing to a String does not fail");
    out
}

fn write_all(out: &mut String, scene: &Scene) -> std::fmt::Result {
    let (width, height) = (scene.size.x.ceil(), scene.size.y.ceil());
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    )?;
    writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")?;
    for item in &scene.items {
        write_item(out, item)?;
    }
    for node in &scene.nodes {
        writeln!(out, "<g>")?;
        writeln!(out, "<title>{}</title>", escape(&node.title))?;
        for item in &node.items {
            write_item(out, item)?;
        }
        writeln!(out, "</g>")?;
    }
    for item in &scene.legend {
        write_item(out, item)?;
    }
    writeln!(out, "</svg>")
}

fn write_item(out: &mut String, item: &Item) -> std::fmt::Result {
    let dash = |dashed: bool| {
        if dashed {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        }
    };
    match item {
        Item::Line {
            from,
            to,
            width,
            ink: colour,
        } => writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"/>",
            from.x,
            from.y,
            to.x,
            to.y,
            ink(*colour)
        ),
        Item::Polygon {
            points,
            fill: inside,
            width,
            ink: colour,
            dashed,
        } => {
            let points: Vec<String> = points.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
            writeln!(
                out,
                "<polygon points=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"{}/>",
                points.join(" "),
                fill(*inside),
                ink(*colour),
                dash(*dashed)
            )
        }
        Item::Circle {
            centre,
            radius,
            fill: inside,
            width,
            ink: colour,
            dashed,
        } => writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"{}/>",
            centre.x,
            centre.y,
            inside.map_or("none", fill),
            ink(*colour),
            dash(*dashed)
        ),
        Item::Rect {
            min,
            max,
            fill: inside,
            ink: colour,
        } => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"{}\"/>",
            min.x,
            min.y,
            max.x - min.x,
            max.y - min.y,
            fill(*inside),
            ink(*colour)
        ),
        Item::Text {
            at,
            anchor,
            text,
            size,
            ink: colour,
            bold,
            halo,
        } => {
            let Point { x, y } = *at;
            let anchor = match anchor {
                Anchor::Left => "",
                Anchor::Centre => " text-anchor=\"middle\"",
            };
            let bold = if *bold { " font-weight=\"bold\"" } else { "" };
            // A halo of the paper's colour, so that the edges under it do not strike it through.
            let halo = if *halo {
                " stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\""
            } else {
                ""
            };
            writeln!(
                out,
                "<text x=\"{x}\" y=\"{}\" font-size=\"{size}\" fill=\"{}\"{anchor}{bold}{halo}>{}</text>",
                y + size * BASELINE,
                ink(*colour),
                escape(text)
            )
        }
    }
}

/// Text made safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
