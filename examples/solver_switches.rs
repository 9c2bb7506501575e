//! What the solver's switches cost, measured: the empty 6×6 (four in a row) with the depth after
//! the proof and without, and with strategy stealing and without, each on one thread, with the
//! positions searched and the time. (The empty 7×7 with five in a row takes 0.2 s with strategy
//! stealing and more than four minutes without it.) Scores are the same either way
//! (`engine/tests/solver.rs` holds them to it); this prints what each switch saves.
//!
//!     cargo run --profile timing --example solver_switches

use std::time::Instant;

use tictactoe::engine::minimax::Solver;
use tictactoe::{Board, Geometry, Mark};

fn measure(name: &str, side: usize, k: usize, solver: Solver) {
    let empty = Board::empty(
        Geometry::new(side, side, k).expect("a board the game has"),
        Mark::X,
    );
    let started = Instant::now();
    let analysis = solver.with_threads(1).analyze(&empty);
    println!(
        "{side}×{side} k={k}, {name}: {} positions, {:.2} s",
        analysis.stats.nodes,
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    for on in [true, false] {
        let solver = Solver::new().with_depth_after_proof(on);
        measure(&format!("depth after the proof {on}"), 6, 4, solver);
    }
    for on in [true, false] {
        let solver = Solver::new().with_strategy_stealing(on);
        measure(&format!("strategy stealing {on}"), 6, 4, solver);
    }
}
