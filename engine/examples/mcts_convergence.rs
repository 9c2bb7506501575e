//! How often Monte Carlo tree search's most visited move has the exact best outcome (win, draw
//! or loss, from the solver), over random 3×3 and 4×4 positions, and how long an iteration takes
//! on the empty 7×7 board. A measurement, not a test:
//!
//! ```text
//! cargo run --release -p tictactoe-engine --example mcts_convergence -- [POSITIONS] [ITERATIONS]
//! ```
//!
//! POSITIONS of each size (default 100), ITERATIONS per search (default 20000). Seeds are fixed,
//! so a run prints the same figures every time (the timing aside).

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tictactoe_engine::board::{Board, Cell, Geometry, Mark};
use tictactoe_engine::mcts::Mcts;
use tictactoe_engine::minimax::Solver;
use tictactoe_engine::score::{Score, Verdict};

fn random_position(geometry: Geometry, empty: usize, rng: &mut SmallRng) -> Board {
    loop {
        let mut position = Board::empty(geometry, Mark::X);
        while !position.outcome().is_over() && geometry.cells() - position.marks_placed() > empty {
            let moves: Vec<Cell> = position.legal_moves().collect();
            position
                .play(moves[rng.random_range(..moves.len())])
                .expect("a legal move");
        }
        if !position.outcome().is_over() {
            return position;
        }
    }
}

fn class(score: Score, geometry: Geometry) -> u8 {
    match score.verdict(geometry) {
        Verdict::Win { .. } => 2,
        Verdict::Draw => 1,
        Verdict::Loss { .. } => 0,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let positions: usize = args.next().map_or(100, |a| a.parse().expect("POSITIONS"));
    let iterations: u64 = args
        .next()
        .map_or(20_000, |a| a.parse().expect("ITERATIONS"));
    let mut rng = SmallRng::seed_from_u64(61);
    for side in [3, 4] {
        let geometry = Geometry::new(side, side, side).expect("a square board");
        let (mut right, mut exact_best) = (0, 0);
        let started = Instant::now();
        for index in 0..positions {
            let empty = rng.random_range(3..=(side * side - 3));
            let position = random_position(geometry, empty, &mut rng);
            let analysis = Solver::new().analyze(&position);
            let best = analysis.best_score().expect("an open position has moves");
            let mut search = Mcts::new(position, index as u64, std::f64::consts::SQRT_2, 200_000);
            search.run(iterations);
            let chosen = analysis
                .score_of(search.most_visited().expect("a move"))
                .expect("a legal move");
            right += usize::from(class(chosen, geometry) == class(best, geometry));
            exact_best += usize::from(chosen == best);
        }
        println!(
            "{side}x{side}: {right} of {positions} most-visited moves have the best outcome \
             ({:.1} %), {exact_best} the exact best score; {:.1} s",
            100.0 * right as f64 / positions as f64,
            started.elapsed().as_secs_f64()
        );
    }
    let empty = Board::empty(Geometry::new(7, 7, 5).expect("7x7"), Mark::X);
    let mut search = Mcts::new(empty, 1, std::f64::consts::SQRT_2, 200_000);
    let started = Instant::now();
    search.run(20_000);
    let per = started.elapsed().as_secs_f64() / 20_000.0;
    println!(
        "7x7 empty board: {:.1} µs an iteration over 20000 ({} nodes)",
        per * 1e6,
        search.len()
    );
}
