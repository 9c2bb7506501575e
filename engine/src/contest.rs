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

use serde::{Deserialize, Serialize};

use crate::ai::{AiPlayer, Difficulty, mcts_choice, position_seed};
use crate::board::{Board, Cell, Geometry, Mark, Outcome};
use crate::mcts::SplitMix;
use crate::minimax::{Analysis, Solver};

/// The most iterations a Monte Carlo contestant may run a move.
pub const MAX_MCTS_ITERATIONS: u64 = 1_000_000;

/// A computer player in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
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

/// A match played a move at a time: what a view steps a move a frame, and what
/// [`play_match`] plays to the end.
pub struct MatchPlay {
    x: Contestant,
    o: Contestant,
    games: u64,
    seeds: SplitMix,
    solver: Solver,
    analyses: HashMap<Board, Analysis>,
    result: MatchResult,
    game: Option<GameUnderWay>,
}

/// The game being played.
struct GameUnderWay {
    first: Mark,
    seed: u64,
    /// Each side its own random numbers: the minimax levels' ties.
    pickers: [AiPlayer; 2],
    board: Board,
    moves: Vec<Cell>,
}

impl MatchPlay {
    /// `games` games of `x` (playing X) against `o` (playing O) on 3×3, the first move
    /// alternating (X first in the first game), seeded by `seed`.
    pub fn new(x: Contestant, o: Contestant, games: u64, seed: u64) -> MatchPlay {
        MatchPlay {
            x,
            o,
            games,
            seeds: SplitMix::new(seed),
            solver: Solver::new(),
            analyses: HashMap::new(),
            result: MatchResult {
                games: Vec::new(),
                x: Tally::default(),
                o: Tally::default(),
            },
            game: None,
        }
    }

    /// The games finished so far and each side's tally.
    pub fn result(&self) -> &MatchResult {
        &self.result
    }

    /// How many games the match has.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Whether every game is played.
    pub fn is_done(&self) -> bool {
        self.result.games.len() as u64 >= self.games
    }

    /// Plays one move (starting the next game first if none is under way); nothing once the
    /// match is done.
    pub fn step(&mut self) {
        self.step_unless_stopped(&mut |_| true);
    }

    /// Plays one move as [`MatchPlay::step`] does, a Monte Carlo move asking `go_on` between
    /// its chunks of iterations (see [`mcts_choice`]); `false`, with the move not played, once
    /// it says stop. A move stopped and played again later is the same move.
    pub fn step_unless_stopped(&mut self, go_on: &mut dyn FnMut(u64) -> bool) -> bool {
        if self.is_done() {
            return true;
        }
        let number = self.result.games.len() as u64;
        let game = self.game.get_or_insert_with(|| {
            let first = if number.is_multiple_of(2) {
                Mark::X
            } else {
                Mark::O
            };
            let seed = self.seeds.next_u64();
            GameUnderWay {
                first,
                seed,
                pickers: [
                    AiPlayer::seeded(seed),
                    AiPlayer::seeded(seed ^ 0x5555_5555_5555_5555),
                ],
                board: Board::empty(Geometry::CLASSIC, first),
                moves: Vec::new(),
            }
        });
        let (player, side) = match game.board.to_move() {
            Mark::X => (self.x, 0),
            Mark::O => (self.o, 1),
        };
        let board = game.board;
        let cell = match player {
            Contestant::Minimax(level) => {
                let solver = &mut self.solver;
                let analysis = self
                    .analyses
                    .entry(board)
                    .or_insert_with(|| solver.analyze(&board));
                game.pickers[side].choose(analysis, level)
            }
            Contestant::Mcts { iterations } => {
                let search_seed = position_seed(game.seed.wrapping_add(side as u64), &board);
                match mcts_choice(&board, iterations, search_seed, go_on) {
                    Some(cell) => Some(cell),
                    None => return false,
                }
            }
        }
        .expect("an unfinished board has a move");
        game.board
            .play(cell)
            .expect("the players choose legal moves");
        game.moves.push(cell);
        if game.board.outcome().is_over() {
            let game = self.game.take().expect("a game under way");
            self.finish(game);
        }
        true
    }

    fn finish(&mut self, game: GameUnderWay) {
        let winner = match game.board.outcome() {
            Outcome::Won { mark, .. } => Some(mark),
            _ => None,
        };
        let first = game.first;
        for (mark, tally) in [(Mark::X, &mut self.result.x), (Mark::O, &mut self.result.o)] {
            match winner {
                None => tally.draws += 1,
                Some(w) if w == mark => tally.wins += 1,
                Some(_) => tally.losses += 1,
            }
            tally.first += u64::from(first == mark);
        }
        self.result.games.push(GameResult {
            first,
            winner,
            moves: game.moves,
        });
    }
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
    let mut play = MatchPlay::new(x, o, games, seed);
    while !play.is_done() {
        if !go_on(play.result.games.len() as u64) {
            return None;
        }
        play.step();
    }
    Some(play.result)
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
