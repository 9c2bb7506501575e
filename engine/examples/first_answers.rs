//! The solver, one thread, on the positions a player of the big boards meets first: the empty
//! 6×6 (k = 4) and 7×7 (k = 5), and the computer's answer (O to move) to each of X's first moves
//! up to the board's symmetry (6 on the 6×6, 10 on the 7×7). Each is searched from an empty
//! table until its best move is proven, as the computer at Perfect waits for it.
//!
//! The same code runs natively and as WebAssembly, so that the two can be compared on one
//! machine: `scripts/wasm-bench.sh` builds both (the engine optimised for speed, as in the web
//! page's build) and prints their times and ratio. Natively:
//!
//!     cargo run --profile timing -p tictactoe-engine --example first_answers
//!
//! As WebAssembly the example exports `positions` and `solve` to JavaScript (Node's V8, as in
//! Chromium), which times each call.

use tictactoe_engine::board::{Board, Cell, Geometry, Mark};
use tictactoe_engine::minimax::{SearchControl, Solver};

/// The positions, in order: a name and the board.
fn all() -> Vec<(String, Board)> {
    let mut out = Vec::new();
    for (size, k) in [(6, 4), (7, 5)] {
        let geometry = Geometry::new(size, size, k).expect("a board the game offers");
        let empty = Board::empty(geometry, Mark::X);
        out.push((format!("{size}x{size} k{k} empty"), empty));
        // One cell of each class under the board's eight symmetries: the top-left triangle of
        // the top-left quarter.
        let half = size.div_ceil(2);
        for row in 0..half {
            for col in row..half {
                let cell = Cell::new(row, col);
                let after = empty.after(cell).expect("an empty cell");
                out.push((format!("{size}x{size} k{k} X at {cell}"), after));
            }
        }
    }
    out
}

/// Searches position `index` as the computer at Perfect does (one thread, a best move settled
/// first, from an empty table) until its best move is proven; returns the positions searched.
fn solve_one(index: usize) -> u64 {
    let (_, board) = &all()[index];
    let control = SearchControl::new();
    let proven = Solver::new()
        .with_threads(1)
        .with_best_move_first(true)
        .until_proven_best(board, &control);
    assert!(
        !proven.is_empty(),
        "the search ended before proving a best move"
    );
    control.progress().nodes
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen::prelude::*;

    /// The positions' names, in order.
    #[wasm_bindgen]
    pub fn positions() -> Vec<String> {
        super::all().into_iter().map(|(name, _)| name).collect()
    }

    /// Searches position `index` until its best move is proven; returns the positions searched.
    #[wasm_bindgen]
    pub fn solve(index: usize) -> f64 {
        super::solve_one(index) as f64
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use tictactoe_engine::platform::Instant;
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(1, |runs| runs.parse().expect("RUNS: a number of runs"));
    for (index, (name, _)) in all().iter().enumerate() {
        let mut times = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let started = Instant::now();
            nodes = solve_one(index);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        println!("{name}\t{:.1}\t{nodes}", times[times.len() / 2]);
    }
}
