//! Helpers for the engine's integration tests, and the game's (`tests/common/` takes them in):
//! positions from notation, every position a game can reach, random ones, using only the engine's
//! public API.

// Each test binary compiles its own copy of this module and uses only part of it.
#![allow(dead_code)]

use std::collections::HashSet;

use rand::Rng;
use tictactoe_engine::{Board, Cell, Geometry, Mark};

/// A position from board notation, with the side to move inferred from the counts.
pub fn board(text: &str) -> Board {
    text.parse()
        .unwrap_or_else(|error| panic!("{text:?} should parse: {error}"))
}

pub fn cell(row: usize, col: usize) -> Cell {
    Cell::new(row, col)
}

/// Every distinct position (marks and side to move) reachable from `start`, `start` included,
/// in breadth-first order, finished positions included.
pub fn reachable_from(start: Board) -> Vec<Board> {
    let mut seen = HashSet::from([start]);
    let mut order = vec![start];
    let mut next = 0;
    while next < order.len() {
        let position = order[next];
        next += 1;
        for cell in position.legal_moves() {
            let child = position.after(cell).expect("legal moves are playable");
            if seen.insert(child) {
                order.push(child);
            }
        }
    }
    order
}

/// Every distinct position of the classic game when `first` moves first, finished ones included.
pub fn classic_positions(first: Mark) -> Vec<Board> {
    reachable_from(Board::empty(Geometry::CLASSIC, first))
}

/// The positions of the classic game, `first` moving first, in which someone still has to move.
pub fn open_classic_positions(first: Mark) -> Vec<Board> {
    classic_positions(first)
        .into_iter()
        .filter(|position| !position.outcome().is_over())
        .collect()
}

/// An ongoing position of `geometry` with exactly `empty` open cells, reached by playing random
/// legal moves from the empty board (`first` moving first); games that end early are replayed.
///
/// The tests pass `rand::rngs::SmallRng::seed_from_u64(seed)`, so the positions are the same on
/// every run with the `rand` of `Cargo.lock` on one kind of machine (`SmallRng`'s stream may change
/// with its version, and differs between 32- and 64-bit targets).
pub fn random_open_position(
    geometry: Geometry,
    first: Mark,
    empty: usize,
    rng: &mut impl Rng,
) -> Board {
    loop {
        let mut position = Board::empty(geometry, first);
        while !position.outcome().is_over() && geometry.cells() - position.marks_placed() > empty {
            let moves: Vec<Cell> = position.legal_moves().collect();
            position
                .play(moves[rng.random_range(..moves.len())])
                .expect("legal moves are playable");
        }
        if !position.outcome().is_over() {
            return position;
        }
    }
}
