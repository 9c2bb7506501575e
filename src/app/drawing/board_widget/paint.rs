//! The shapes the board is drawn with: the grid, the marks, the ring on the last move, the
//! numbered dots of a line of play and the dashed frame of an estimate.

use egui::{Align2, Color32, FontId, Pos2, Rect, Stroke, Vec2};

use super::layout::Layout;
use super::palette::Palette;
use crate::engine::board::Mark;
use crate::engine::minimax::MoveScore;

/// A rectangle drawn in dashes.
pub(super) fn paint_dashed_frame(painter: &egui::Painter, rect: Rect, stroke: Stroke) {
    let corners = [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
        rect.left_top(),
    ];
    let dash = (rect.width() / 12.0).max(2.0);
    painter.extend(egui::Shape::dashed_line(&corners, stroke, dash, dash * 0.7));
}

/// A small ring in the corner of the computer's last move.
pub(super) fn paint_last_move(painter: &egui::Painter, rect: Rect, color: Color32) {
    let size = rect.width();
    let center = rect.right_bottom() - Vec2::splat(size * 0.14);
    painter.circle_filled(center, size * 0.06, color.gamma_multiply(0.8));
}

/// The line of play of `m` as numbered dots in the corners of its cells (1 is the move itself),
/// coloured by the side that plays it, so that the scores under them stay readable.
pub(super) fn paint_pv(
    painter: &egui::Painter,
    layout: &Layout,
    mover: Mark,
    m: &MoveScore,
    palette: &Palette,
) {
    let mut side = mover;
    for (ply, &cell) in std::iter::once(&m.cell).chain(&m.pv).enumerate() {
        let rect = layout.cell_rect(cell);
        let size = rect.width();
        let center = rect.left_top() + Vec2::splat(size * 0.17);
        let radius = size * 0.12;
        painter.circle_filled(center, radius, palette.mark(side).gamma_multiply(0.9));
        painter.text(
            center,
            Align2::CENTER_CENTER,
            (ply + 1).to_string(),
            FontId::proportional(radius * 1.3),
            Color32::WHITE,
        );
        side = side.opponent();
    }
}

pub(super) fn paint_grid(painter: &egui::Painter, layout: &Layout, color: Color32) {
    let stroke = Stroke::new((layout.cell_size * 0.035).max(1.5), color);
    let rect = layout.rect.shrink(layout.cell_size * 0.06);
    for col in 1..layout.geometry.cols() {
        let x = layout.rect.left() + col as f32 * layout.cell_size;
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            stroke,
        );
    }
    for row in 1..layout.geometry.rows() {
        let y = layout.rect.top() + row as f32 * layout.cell_size;
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            stroke,
        );
    }
}

pub(super) fn paint_mark(
    painter: &egui::Painter,
    rect: Rect,
    mark: Mark,
    color: Color32,
    opacity: f32,
) {
    let size = rect.width();
    let stroke = Stroke::new(size * 0.1, color.gamma_multiply(opacity));
    let inner = rect.shrink(size * 0.24);
    match mark {
        Mark::X => {
            painter.line_segment([inner.left_top(), inner.right_bottom()], stroke);
            painter.line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        Mark::O => {
            painter.circle_stroke(rect.center(), inner.width() / 2.0, stroke);
        }
    }
}
