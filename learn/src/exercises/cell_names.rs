//! How exercises name cells: `r2c3`, a line of play `r1c3 r2c1`, a list `r1c1; r3c3`.

use crate::engine::board::Cell;

/// A cell as exercises name it, from 1: `r2c3` ([`Cell::name`], as everywhere).
pub fn cell_name(cell: Cell) -> String {
    cell.name()
}

/// "r1c3" for a move, "r1c3 r2c1" for a reply after it.
pub fn path_name(path: &[Cell]) -> String {
    path.iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "r1c1; r3c3".
pub fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join("; ")
}
