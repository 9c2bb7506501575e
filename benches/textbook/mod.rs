//! The baseline of the solver's speed goals: the textbook exact search, as a course or a blog
//! post writes it. Negamax with alpha-beta, a transposition table (a hash map of exact values and
//! bounds, relative to the position), and moves tried centre first; each root move gets a full
//! window so that every move has its exact score. No lines of play, no symmetry, no threats.
//!
//! It only uses the crate's public API, so it is slower per position than it would be with the
//! bitboards; the benches print positions visited beside the times for that reason.

use std::collections::HashMap;

use tictactoe::{Board, Cell, Mark, Outcome, Score};

#[derive(Clone, Copy)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

pub struct Textbook {
    table: HashMap<(u64, u64, bool), (Score, Bound)>,
    pub nodes: u64,
}

const INFINITY: Score = Score::new(1_000);

impl Textbook {
    pub fn new() -> Textbook {
        Textbook {
            table: HashMap::new(),
            nodes: 0,
        }
    }

    /// Every legal move of `board` with its exact score, in row-major order.
    pub fn scores(&mut self, board: &Board) -> Vec<(Cell, Score)> {
        let order = centre_first(board);
        board
            .legal_moves()
            .map(|cell| {
                let child = board.after(cell).unwrap();
                let score = match child.outcome() {
                    Outcome::Won { .. } => Score::win_at(0, board.geometry().win_score()),
                    Outcome::Draw => Score::DRAW,
                    Outcome::Ongoing => -self.negamax(&child, &order, 0, -INFINITY, INFINITY),
                };
                (cell, score)
            })
            .collect()
    }

    fn negamax(
        &mut self,
        board: &Board,
        order: &[Cell],
        depth: i32,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.nodes += 1;
        let key = key(board);
        if let Some(&(relative, bound)) = self.table.get(&key) {
            let value = relative.shifted(depth);
            match bound {
                Bound::Exact => return value,
                Bound::Lower if value >= beta => return value,
                Bound::Upper if value <= alpha => return value,
                _ => {}
            }
        }
        let start = alpha;
        let win = board.geometry().win_score();
        let mut best = -INFINITY;
        for &cell in order {
            let Ok(child) = board.after(cell) else {
                continue;
            };
            let value = match child.outcome() {
                Outcome::Won { .. } => Score::win_at(depth + 1, win),
                Outcome::Draw => Score::DRAW,
                Outcome::Ongoing => -self.negamax(&child, order, depth + 1, -beta, -alpha),
            };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= start {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(key, (best.shifted(-depth), bound));
        best
    }
}

fn key(board: &Board) -> (u64, u64, bool) {
    let geometry = board.geometry();
    let (mut x, mut o) = (0, 0);
    for (index, cell) in geometry.all_cells().enumerate() {
        match board.get(cell) {
            Some(Mark::X) => x |= 1 << index,
            Some(Mark::O) => o |= 1 << index,
            None => {}
        }
    }
    (x, o, board.to_move() == Mark::X)
}

/// Every cell, nearest the centre first.
fn centre_first(board: &Board) -> Vec<Cell> {
    let geometry = board.geometry();
    let mut cells: Vec<Cell> = geometry.all_cells().collect();
    let distance = |cell: &Cell| {
        (2 * cell.row as i32 - geometry.rows() as i32 + 1).abs()
            + (2 * cell.col as i32 - geometry.cols() as i32 + 1).abs()
    };
    cells.sort_by_key(distance);
    cells
}
