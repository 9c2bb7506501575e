//! The solver in WebAssembly against the same solver natively: one thread, the same positions,
//! the positions searched counted by both (they must agree: the same search).
//!
//! In the browser's build (`scripts/wasm-bench.sh` builds it with the web page's profile and
//! runs it under Node.js): `solve(side, k)` analyses the empty board and returns the positions
//! searched. Natively, `cargo run --release --example wasm_bench -- 7 5` prints the same count and
//! the time.

use tictactoe::engine::minimax::Solver;
use tictactoe::{Board, Geometry, Mark};

/// Every move of the empty `side`×`side` board with `k` in a row, exact, on one thread: the
/// positions searched.
fn solve(side: usize, k: usize) -> u64 {
    let geometry = Geometry::new(side, side, k).expect("a board the game offers");
    let board = Board::empty(geometry, Mark::X);
    Solver::new().with_threads(1).analyze(&board).stats.nodes
}

#[cfg(target_arch = "wasm32")]
mod web {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// [`super::solve`], for JavaScript (positions as a float: exact below 2^53).
    #[wasm_bindgen]
    pub fn solve(side: usize, k: usize) -> f64 {
        super::solve(side, k) as f64
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|arg| arg.parse().expect("usage: wasm_bench SIDE K"))
        .collect();
    let [side, k] = args[..] else {
        panic!("usage: wasm_bench SIDE K");
    };
    let started = std::time::Instant::now();
    let nodes = solve(side, k);
    println!(
        "{side}×{side} k={k}: {nodes} positions in {:.3} s (native, one thread)",
        started.elapsed().as_secs_f64()
    );
}

#[cfg(target_arch = "wasm32")]
fn main() {}
