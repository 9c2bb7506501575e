//! Where everything goes on the board.

use egui::{Rect, Vec2};

use crate::engine::board::{Cell, Geometry};

/// Where everything goes: the board is a square centred in the space it is given.
pub(super) struct Layout {
    pub(super) rect: Rect,
    pub(super) geometry: Geometry,
    pub(super) cell_size: f32,
}

impl Layout {
    pub(super) fn new(available: Rect, geometry: Geometry) -> Layout {
        let per_cell = (available.width() / geometry.cols() as f32)
            .min(available.height() / geometry.rows() as f32);
        let cell_size = per_cell.max(8.0);
        let size = Vec2::new(
            cell_size * geometry.cols() as f32,
            cell_size * geometry.rows() as f32,
        );
        Layout {
            rect: Rect::from_center_size(available.center(), size),
            geometry,
            cell_size,
        }
    }

    pub(super) fn cell_rect(&self, cell: Cell) -> Rect {
        let min = self.rect.min + Vec2::new(cell.col as f32, cell.row as f32) * self.cell_size;
        Rect::from_min_size(min, Vec2::splat(self.cell_size))
    }
}
