//! Helpers shared by the integration tests and the benches: building positions from notation,
//! enumerating every position a game can reach, sampling random ones, and waiting for a search on
//! another thread, using only the crate's public API.

// Each test binary compiles its own copy of this module and uses only part of it.
#![allow(dead_code)]

use rand::Rng;
use tictactoe::{Board, Cell, Mark};

// Positions from notation, every position a game can reach, random ones: the engine's tests'
// helpers, shared (a test binary that uses none of them would otherwise warn).
#[path = "../../engine/tests/common/mod.rs"]
mod positions;
#[allow(unused_imports)]
pub use positions::*;

/// A position from board notation with an explicit side to move.
pub fn board_with_turn(text: &str, to_move: Mark) -> Board {
    Board::parse_with_turn(text, Some(to_move))
        .unwrap_or_else(|error| panic!("{text:?} with {to_move} to move should parse: {error}"))
}

/// The same position with every X turned into O and back, and the other side to move.
pub fn swap_marks(position: &Board) -> Board {
    let swapped: String = position
        .to_string()
        .chars()
        .map(|ch| match ch {
            'X' => 'O',
            'O' => 'X',
            other => other,
        })
        .collect();
    board_with_turn(&swapped, position.to_move().opponent())
}

/// A search started on another thread, whose result a test can wait for with a bound, so that a
/// search that fails to stop fails the test instead of hanging it.
pub struct Background<T> {
    result: std::sync::mpsc::Receiver<T>,
}

impl<T: Send + 'static> Background<T> {
    pub fn spawn(search: impl FnOnce() -> T + Send + 'static) -> Background<T> {
        let (sender, result) = std::sync::mpsc::channel();
        #[allow(clippy::disallowed_methods, reason = "a test, not the seam")]
        std::thread::spawn(move || {
            let _ = sender.send(search());
        });
        Background { result }
    }

    /// The result, once the search returns; panics if it takes longer than `bound`.
    pub fn wait(self, bound: std::time::Duration) -> T {
        self.result
            .recv_timeout(bound)
            .unwrap_or_else(|error| panic!("the search did not return within {bound:?}: {error}"))
    }
}

/// A random game from `start`, to its end or `max_moves` moves, as cells.
pub fn random_game(start: &Board, max_moves: usize, rng: &mut impl Rng) -> Vec<Cell> {
    let mut board = *start;
    let mut moves = Vec::new();
    while !board.outcome().is_over() && moves.len() < max_moves {
        let legal: Vec<Cell> = board.legal_moves().collect();
        let cell = legal[rng.random_range(..legal.len())];
        board.play(cell).unwrap();
        moves.push(cell);
    }
    moves
}

/// What a command printed: its exit status, standard output and standard error.
pub struct Printed {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `tictactoe review ARGS…` run in-process, its arguments parsed as the binary parses them.
pub fn review_in_process(args: &[&str]) -> Printed {
    use clap::Parser;
    use tictactoe::cli::{Cli, Command};
    let words = ["tictactoe", "review"].iter().chain(args);
    let parsed = Cli::try_parse_from(words).unwrap_or_else(|error| panic!("{args:?}: {error}"));
    let Some(command @ Command::Review(_)) = parsed.command else {
        panic!("not a review command: {args:?}");
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = command.run_on(&b""[..], &mut out, &mut err, false);
    Printed {
        status,
        stdout: String::from_utf8(out).expect("output is UTF-8"),
        stderr: String::from_utf8(err).expect("errors are UTF-8"),
    }
}
