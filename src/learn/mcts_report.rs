//! Monte Carlo tree search's numbers as the app's view and `tictactoe mcts` show them: each root
//! move's visits N, total W, estimate W/N and UCB1, taken from the search by one function
//! ([`root_moves`]) and written by one ([`RootMove::numbers`]), so that the view and the command
//! print the same numbers for the same seed, c and iterations (a test runs both and compares).

use crate::engine::mcts::{Mcts, Reward};

/// The most nodes the search tree keeps, in the view and by default in `tictactoe mcts`: about
/// 50 MB of nodes on the empty 7×7 (measured: 13 MB for 50,000), less on smaller boards. Once
/// reached, iterations go on without adding nodes, and both say so.
pub const TREE_NODES: usize = 200_000;

/// Decimal places of W/N and UCB1 where they are written for people (the JSON keeps every
/// digit).
pub const PLACES: usize = 3;

/// A root move's numbers after some iterations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RootMove<M> {
    pub mv: M,
    /// N: the iterations through the move (0 if the search has not added it yet).
    pub visits: u64,
    /// W: their rewards added up, for the side to move at the root.
    pub total: f64,
    /// W/N, `None` before any visit.
    pub mean: Option<f64>,
    /// UCB1 as the root sees the move now, `None` before any visit.
    pub ucb1: Option<f64>,
}

/// Every root move in `moves`' order, with its numbers if the search has added it.
pub fn root_moves<G: Reward>(
    search: &Mcts<G>,
    moves: impl Iterator<Item = G::Move>,
) -> Vec<RootMove<G::Move>> {
    let children = search.children(&[]);
    moves
        .map(|mv| {
            let stats = children.iter().find(|child| child.mv == Some(mv));
            RootMove {
                mv,
                visits: stats.map_or(0, |s| s.visits),
                total: stats.map_or(0.0, |s| s.total),
                mean: stats.and_then(|s| s.mean()),
                ucb1: stats.and_then(|s| s.ucb1),
            }
        })
        .collect()
}

/// A number to [`PLACES`] places, or "–" where there is none yet.
pub fn decimal(number: Option<f64>) -> String {
    number.map_or_else(|| "–".to_string(), |x| format!("{x:.PLACES$}"))
}

impl<M> RootMove<M> {
    /// "N 12 · W 7.5 · W/N 0.625 · UCB1 1.204": the numbers the view writes beside the move.
    pub fn numbers(&self) -> String {
        format!(
            "N {} · W {} · W/N {} · UCB1 {}",
            self.visits,
            self.total,
            decimal(self.mean),
            decimal(self.ucb1)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;

    #[test]
    fn every_root_move_is_listed_with_the_search_s_counts() {
        let board: Board = "XX./OO./...".parse().unwrap();
        let mut search = Mcts::new(board, 1, std::f64::consts::SQRT_2, TREE_NODES);
        search.run(3);
        let moves = root_moves(&search, board.legal_moves());
        assert_eq!(moves.len(), 5);
        assert_eq!(moves.iter().map(|m| m.visits).sum::<u64>(), 3);
        let unvisited = moves.iter().find(|m| m.visits == 0).unwrap();
        assert_eq!(unvisited.numbers(), "N 0 · W 0 · W/N – · UCB1 –");
        let row = RootMove {
            mv: (),
            visits: 8,
            total: 5.5,
            mean: Some(0.6875),
            ucb1: Some(1.2041),
        };
        assert_eq!(row.numbers(), "N 8 · W 5.5 · W/N 0.688 · UCB1 1.204");
    }
}
