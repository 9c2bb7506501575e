//! The explorer's tree drawn as the textbooks draw a search: `learn::tree_picture`'s layout
//! (the one `tictactoe tree --format svg` draws) painted with egui, each node a button a click or
//! a screen reader can reach.

use egui::{Color32, CornerRadius, Pos2, Rect, Sense, Shape, Stroke, StrokeKind, Ui, Vec2, pos2};

use crate::engine::board::Outcome;
use crate::learn::tree_picture::{Picture, Spot};
use crate::learn::view::Role;

const SLOT: f32 = 46.0;
const LEVEL: f32 = 70.0;
const RADIUS: f32 = 15.0;
const LINE: Color32 = Color32::from_rgb(217, 130, 43);

/// Draws `picture` (its nodes named by `names`, one per spot), `selected` spot ringed and, with
/// `reveal`, scrolled into view; returns the spot clicked, if any.
pub fn draw(
    ui: &mut Ui,
    picture: &Picture,
    names: &[String],
    selected: usize,
    reveal: bool,
) -> Option<usize> {
    let size = Vec2::new(
        picture.width as f32 * SLOT + SLOT,
        picture.levels as f32 * LEVEL + RADIUS,
    );
    let (area, _) = ui.allocate_exact_size(size, Sense::hover());
    let at = |spot: &Spot| {
        pos2(
            area.left() + SLOT * (spot.x + 1.0),
            area.top() + RADIUS + 4.0 + spot.level as f32 * LEVEL,
        )
    };
    let painter = ui.painter_at(area);
    let text_colour = ui.visuals().text_color();
    for edge in &picture.edges {
        let (from, to) = (&picture.spots[edge.from], &picture.spots[edge.to]);
        let stroke = match (edge.on_line, edge.best) {
            (true, _) => Stroke::new(3.0, LINE),
            (false, true) => Stroke::new(1.8, text_colour),
            (false, false) => Stroke::new(1.0, ui.visuals().weak_text_color()),
        };
        let (start, end) = (at(from) + Vec2::Y * RADIUS, at(to) - Vec2::Y * RADIUS);
        painter.line_segment([start, end], stroke);
        painter.text(
            start + (end - start) * 0.78,
            egui::Align2::CENTER_CENTER,
            format!("{},{}", edge.cell.row + 1, edge.cell.col + 1),
            egui::FontId::proportional(10.0),
            ui.visuals().weak_text_color(),
        );
    }
    let mut clicked = None;
    for (index, spot) in picture.spots.iter().enumerate() {
        let centre = at(spot);
        let rect = Rect::from_center_size(centre, Vec2::splat(RADIUS * 2.2));
        let response = ui.interact(
            rect,
            ui.scope_id().with(("tree node", index)),
            Sense::click(),
        );
        let name = names.get(index).cloned().unwrap_or_default();
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, true, index == selected, &name)
        });
        if response.clicked() {
            clicked = Some(index);
        }
        let stroke = Stroke::new(
            if spot.on_line { 2.5 } else { 1.5 },
            if spot.on_line { LINE } else { text_colour },
        );
        let fill = if response.hovered() {
            ui.visuals().widgets.hovered.bg_fill
        } else {
            ui.visuals().extreme_bg_color
        };
        paint_shape(&painter, spot, centre, fill, stroke);
        if index == selected {
            if reveal {
                ui.scroll_to_rect(rect.expand(SLOT), None);
            }
            painter.rect_stroke(
                rect.expand(2.0),
                CornerRadius::same(4),
                Stroke::new(1.5, ui.visuals().selection.stroke.color),
                StrokeKind::Outside,
            );
        }
        if let Some(value) = spot.value {
            painter.text(
                centre + Vec2::Y * 1.5,
                egui::Align2::CENTER_CENTER,
                value.value().to_string(),
                egui::FontId::proportional(12.0),
                text_colour,
            );
        }
        response.on_hover_text(name);
    }
    clicked
}

/// A triangle up where the maximiser moves, down where the minimiser moves, a circle where the
/// game is over.
fn paint_shape(painter: &egui::Painter, spot: &Spot, centre: Pos2, fill: Color32, stroke: Stroke) {
    let r = RADIUS;
    let points = match spot.role {
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

/// What a node is, in words, for its button's name: "O row 2, column 1: 8, the minimiser moves
/// next" (the move that led there, its value, who moves there).
pub fn node_name(spot: &Spot, move_name: Option<String>) -> String {
    let value = spot.value.map_or_else(
        || "not searched".to_string(),
        |value| value.value().to_string(),
    );
    let next = match (spot.board.outcome(), spot.role) {
        (Outcome::Ongoing, Some(Role::Maximiser)) => "the maximiser moves next".to_string(),
        (Outcome::Ongoing, _) => "the minimiser moves next".to_string(),
        (outcome, _) => outcome.to_string(),
    };
    match move_name {
        Some(played) => format!("{played}: {value}, {next}"),
        None => format!("The position: {value}, {next}"),
    }
}
