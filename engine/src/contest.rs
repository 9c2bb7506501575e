//! A match between two computer players on the classic 3×3 board: a minimax level
//! ([`Difficulty`]) or Monte Carlo tree search with a number of iterations a move. The first
//! move alternates, X in the first game, O in the second, and so on; every game's random numbers
//! come from the match's seed, so a seed replays the whole match.
//!
//! ```
//! use tictactoe_engine::contest::{Contestant, play_match};
//! let mcts: Contestant = "mcts:200".parse().unwrap();
//! let perfect: Contestant = "perfect".parse().unwrap();
//! let result = play_match(mcts, perfect, 2, 7, &mut |_| true).unwrap();
//! assert_eq!(result.games.len(), 2);
//! assert_eq!(result.o.losses, 0, "perfect play never loses");
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::ai::{AiPlayer, Difficulty, mcts_choice, position_seed};
use crate::board::{Board, Cell, Geometry, Mark, Outcome};
use crate::mcts::SplitMix;
use crate::minimax::{Analysis, Solver};

/// The most iterations a Monte Carlo contestant may run a move.
pub const MAX_MCTS_ITERATIONS: u64 = 1_000_000;

/// A computer player in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Contestant {
    /// A minimax level, choosing as the game's computer does at that level.
    Minimax(Difficulty),
    /// Monte Carlo tree search (UCT, c = √2), the move visited most after `iterations`.
    Mcts { iterations: u64 },
}

impl Contestant {
    /// What a contestant is written as: `easy`, `medium`, `hard`, `perfect` or `mcts:N`.
    pub const ACCEPTED: &'static str =
        "easy, medium, hard, perfect or mcts:N (N iterations a move, 1 to 1000000)";
}

impl From<Difficulty> for Contestant {
    fn from(difficulty: Difficulty) -> Contestant {
        match difficulty.mcts_iterations() {
            Some(iterations) => Contestant::Mcts { iterations },
            None => Contestant::Minimax(difficulty),
        }
    }
}

impl fmt::Display for Contestant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contestant::Minimax(difficulty) => f.write_str(&difficulty.name().to_ascii_lowercase()),
            Contestant::Mcts { iterations } => write!(f, "mcts:{iterations}"),
        }
    }
}

impl FromStr for Contestant {
    type Err = String;

    /// `easy`, `medium`, `hard`, `perfect` (any case) or `mcts:N`; the error says what is
    /// accepted.
    fn from_str(text: &str) -> Result<Contestant, String> {
        let lower = text.trim().to_ascii_lowercase();
        if let Some(level) = Difficulty::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(&lower))
        {
            return Ok(Contestant::Minimax(level));
        }
        let iterations = lower
            .strip_prefix("mcts:")
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|n| (1..=MAX_MCTS_ITERATIONS).contains(n));
        iterations
            .map(|iterations| Contestant::Mcts { iterations })
            .ok_or_else(|| format!("a player is {}", Contestant::ACCEPTED))
    }
}

/// Wins, draws and losses of one side of a match.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// The games this side moved first in.
    pub first: u64,
}

/// One game of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// Who moved first.
    pub first: Mark,
    /// `None` for a draw.
    pub winner: Option<Mark>,
    pub moves: Vec<Cell>,
}

/// A whole match: each game, and each side's tally (X is the first contestant, O the second).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    pub games: Vec<GameResult>,
    pub x: Tally,
    pub o: Tally,
}

/// Plays `games` games of `x` (playing X) against `o` (playing O) on 3×3, the first move
/// alternating (X first in the first game), seeded by `seed`. `go_on` is asked before each
/// move with the games finished so far; `None` once it says stop.
pub fn play_match(
    x: Contestant,
    o: Contestant,
    games: u64,
    seed: u64,
    go_on: &mut dyn FnMut(u64) -> bool,
) -> Option<MatchResult> {
    let mut seeds = SplitMix::new(seed);
    let mut solver = Solver::new();
    let mut analyses: HashMap<Board, Analysis> = HashMap::new();
    let mut result = MatchResult {
        games: Vec::new(),
        x: Tally::default(),
        o: Tally::default(),
    };
    for number in 0..games {
        let first = if number % 2 == 0 { Mark::X } else { Mark::O };
        let game_seed = seeds.next_u64();
        // Each side its own random numbers: the minimax levels' ties, MCTS's searches.
        let mut pickers = [
            AiPlayer::seeded(game_seed),
            AiPlayer::seeded(game_seed ^ 0x5555_5555_5555_5555),
        ];
        let mut board = Board::empty(Geometry::CLASSIC, first);
        let mut moves = Vec::new();
        while !board.outcome().is_over() {
            if !go_on(number) {
                return None;
            }
            let mover = board.to_move();
            let (player, side) = match mover {
                Mark::X => (x, 0),
                Mark::O => (o, 1),
            };
            let cell = match player {
                Contestant::Minimax(level) => {
                    let analysis = analyses
                        .entry(board)
                        .or_insert_with(|| solver.analyze(&board));
                    pickers[side].choose(analysis, level)
                }
                Contestant::Mcts { iterations } => {
                    let search_seed = position_seed(game_seed.wrapping_add(side as u64), &board);
                    mcts_choice(&board, iterations, search_seed, &mut |_| true)
                }
            }
            .expect("an unfinished board has a move");
            board.play(cell).expect("the players choose legal moves");
            moves.push(cell);
        }
        let winner = match board.outcome() {
            Outcome::Won { mark, .. } => Some(mark),
            _ => None,
        };
        for (mark, tally) in [(Mark::X, &mut result.x), (Mark::O, &mut result.o)] {
            match winner {
                None => tally.draws += 1,
                Some(w) if w == mark => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
            tally.first += u64::from(first == mark);
        }
        result.games.push(GameResult {
            first,
            winner,
            moves,
        });
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contestants_read_and_write_alike() {
        for text in [
            "easy",
            "medium",
            "hard",
            "perfect",
            "mcts:1",
            "mcts:1000000",
        ] {
            let contestant: Contestant = text.parse().unwrap();
            assert_eq!(contestant.to_string(), text);
        }
        assert_eq!(
            "Perfect".parse::<Contestant>(),
            Ok(Contestant::Minimax(Difficulty::Perfect))
        );
        for bad in ["mcts:0", "mcts:1000001", "mcts", "mcts:x", "insane", ""] {
            let error = bad.parse::<Contestant>().unwrap_err();
            assert!(error.contains("mcts:N"), "{bad}: {error}");
        }
    }
}
