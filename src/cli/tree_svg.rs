//! `tictactoe tree --format svg`: the tree as the textbooks draw a search, for slides: MAX nodes
//! as triangles pointing up, MIN nodes pointing down, finished games as circles, each with its
//! value; each edge labelled with its move; minimax's line drawn thick. The layout is
//! `learn::tree_picture`'s.

use std::io::{self, Write};

use crate::engine::board::Outcome;
use crate::learn::tree_picture::{Picture, Spot};
use crate::learn::view::{Role, ScoreView, Seen};

/// Pixels between two leaves, between two levels, and left of the tree for the level labels.
const SLOT: f32 = 64.0;
const LEVEL: f32 = 96.0;
const MARGIN: f32 = 200.0;
const RADIUS: f32 = 20.0;
const LINE_COLOUR: &str = "#d9822b";

/// Writes `picture` as a standalone SVG document; `note` (a tree cut short) goes under it.
pub(in crate::cli) fn write_svg(
    out: &mut impl Write,
    picture: &Picture,
    seen: &Seen,
    note: Option<&str>,
) -> io::Result<()> {
    // Wide enough for the legend's lines, however narrow the tree.
    let width = (MARGIN + picture.width as f32 * SLOT + SLOT / 2.0).max(560.0);
    let height = LEVEL * picture.levels as f32 + 90.0;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"13\">"
    )?;
    writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")?;
    for level in 0..picture.levels {
        if let Some(label) = level_label(picture, seen, level) {
            writeln!(
                out,
                "<text x=\"8\" y=\"{}\" fill=\"#555\">{}</text>",
                y(level) + 4.0,
                escape(&label)
            )?;
        }
    }
    for edge in &picture.edges {
        let (from, to) = (&picture.spots[edge.from], &picture.spots[edge.to]);
        let (stroke, width) = match (edge.on_line, edge.best) {
            (true, _) => (LINE_COLOUR, 3.5),
            (false, true) => ("#444", 2.0),
            (false, false) => ("#aaa", 1.2),
        };
        writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{stroke}\" stroke-width=\"{width}\"/>",
            x(from),
            y(from.level) + RADIUS,
            x(to),
            y(to.level) - RADIUS
        )?;
        // The move, from 0 as `analyze` prints it, nearer the child, where the edges fan out.
        let along = |a: f32, b: f32| a + (b - a) * 0.62;
        writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" fill=\"#666\" text-anchor=\"middle\">({}, {})</text>",
            along(x(from), x(to)),
            along(y(from.level), y(to.level)),
            edge.cell.row,
            edge.cell.col
        )?;
    }
    for spot in &picture.spots {
        write_spot(out, spot)?;
    }
    let legend = [
        "Triangle up: the maximiser moves; down: the minimiser; circle: the game is over.",
        match seen.view() {
            ScoreView::SideToMove => "Values are the top player's, depth counted from the top.",
            ScoreView::Articles => "Values are X's (X maximises), depth counted from the top.",
        },
        "Thick: minimax's line. Dashed: a position whose moves are not drawn.",
    ];
    let mut text_y = height - 62.0;
    for line in legend.into_iter().chain(note) {
        writeln!(
            out,
            "<text x=\"8\" y=\"{text_y}\" fill=\"#333\">{}</text>",
            escape(line)
        )?;
        text_y += 18.0;
    }
    writeln!(out, "</svg>")
}

/// A node: its shape by role, its value in it, and its position as a tooltip.
fn write_spot(out: &mut impl Write, spot: &Spot) -> io::Result<()> {
    let (cx, cy) = (x(spot), y(spot.level));
    let stroke = if spot.on_line { LINE_COLOUR } else { "#333" };
    let dash = if spot.opened || spot.board.outcome().is_over() {
        ""
    } else {
        // Not opened: its value is known, its moves are not drawn.
        " stroke-dasharray=\"4 3\""
    };
    let status = match spot.board.outcome() {
        Outcome::Ongoing => format!("{} to move", spot.board.to_move()),
        outcome => outcome.to_string(),
    };
    writeln!(out, "<g>")?;
    writeln!(
        out,
        "<title>{} ({status})</title>",
        escape(spot.board.notation().as_str())
    )?;
    let shape = match spot.role {
        Some(Role::Maximiser) => format!(
            "<polygon points=\"{},{} {},{} {},{}\"",
            cx,
            cy - RADIUS,
            cx - RADIUS,
            cy + RADIUS * 0.8,
            cx + RADIUS,
            cy + RADIUS * 0.8
        ),
        Some(Role::Minimiser) => format!(
            "<polygon points=\"{},{} {},{} {},{}\"",
            cx,
            cy + RADIUS,
            cx - RADIUS,
            cy - RADIUS * 0.8,
            cx + RADIUS,
            cy - RADIUS * 0.8
        ),
        None => format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"", RADIUS * 0.85),
    };
    writeln!(
        out,
        "{shape} fill=\"#f4f4f4\" stroke=\"{stroke}\" stroke-width=\"2\"{dash}/>"
    )?;
    if let Some(value) = spot.value {
        writeln!(
            out,
            "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>",
            cy + 4.5,
            value.value()
        )?;
    }
    writeln!(out, "</g>")
}

/// "MAX: X to move" for the level's first node that is still being played.
fn level_label(picture: &Picture, seen: &Seen, level: usize) -> Option<String> {
    let spot = picture
        .spots
        .iter()
        .find(|spot| spot.level == level && spot.role.is_some())?;
    let role = match seen.role(spot.board.to_move()) {
        Role::Maximiser => "MAX",
        Role::Minimiser => "MIN",
    };
    // The root's moves lead to depth 0, as findBestMove calls minimax(board, 0, false).
    let depth = match level {
        0 => "the position".to_string(),
        level => format!("depth {}", level - 1),
    };
    Some(format!(
        "{role}: {} to move ({depth})",
        spot.board.to_move()
    ))
}

fn x(spot: &Spot) -> f32 {
    MARGIN + spot.x * SLOT + SLOT / 2.0
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
