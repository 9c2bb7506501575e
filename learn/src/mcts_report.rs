//! Monte Carlo tree search's numbers as the app's view and `tictactoe mcts` show them: each root
//! move's visits N, total W, estimate W/N and UCB1, taken from the search by one function
//! ([`root_moves`]) and written by one ([`RootMove::numbers`]), so that the view and the command
//! print the same numbers for the same seed, c and iterations (a test runs both and compares);
//! and the tree near the root as the view draws and exports it ([`mcts_sketch`]).

use crate::engine::board::{Board, Cell};
use crate::engine::mcts::{Iteration, Mcts, NodeStats, Reward};
use crate::engine::rules::Rules;
use crate::tree_picture::tidy;
use crate::tree_sketch::{Shape, Sketch, SketchEdge, SketchNode};

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

/// The tree near the root as a sketch: the root, its children, and the children of the child
/// the last iteration went through; that iteration's path in orange, the node it added noted.
pub fn mcts_sketch(board: &Board, search: &Mcts<Board>, last: Option<&Iteration<Cell>>) -> Sketch {
    let path: Vec<Cell> = last
        .map(|last| last.selected.iter().copied().chain(last.added).collect())
        .unwrap_or_default();
    let added = last.and_then(|last| last.added);
    // Nodes: (moves from the root, stats).
    let mut nodes: Vec<(Vec<Cell>, NodeStats<Cell>)> = vec![(Vec::new(), search.root())];
    let mut children: Vec<Vec<usize>> = vec![Vec::new()];
    for stats in in_move_order(board, search.children(&[])) {
        let mv = stats.mv.expect("a child has a move");
        let id = nodes.len();
        children[0].push(id);
        nodes.push((vec![mv], stats));
        children.push(Vec::new());
        if path.first() == Some(&mv) {
            let below = Rules::after(board, mv);
            for grandchild in in_move_order(&below, search.children(&[mv])) {
                let id2 = nodes.len();
                children[id].push(id2);
                nodes.push((
                    vec![mv, grandchild.mv.expect("a child has a move")],
                    grandchild,
                ));
                children.push(Vec::new());
            }
        }
    }
    let (across, width) = tidy(&children);
    let sketch_nodes = nodes
        .iter()
        .enumerate()
        .map(|(id, (moves, stats))| {
            let position = moves.iter().fold(*board, |b, &mv| Rules::after(&b, mv));
            let on_path = path.starts_with(moves);
            let is_added = on_path && moves.len() == path.len() && added.is_some();
            let backed = if on_path && last.is_some() {
                " (+1)"
            } else {
                ""
            };
            // W/N is in the node; under it N and UCB1, two short lines, so that the edges below
            // keep room for their moves.
            let mut note = format!("N {}{backed}", stats.visits);
            if !moves.is_empty() {
                note.push_str(&format!("\nUCB1 {}", decimal(stats.ucb1)));
            }
            if is_added {
                note.push_str("\nadded");
            }
            let shape = if position.outcome().is_over() {
                Shape::End
            } else if moves.len() % 2 == 0 {
                Shape::Max
            } else {
                Shape::Min
            };
            let name = if moves.is_empty() {
                "root".to_string()
            } else {
                moves.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
            };
            let title = format!(
                "Node {name}: {}{}",
                note.replace('\n', ", "),
                if moves.is_empty() {
                    String::new()
                } else {
                    format!(", W/N {}", decimal(stats.mean()))
                }
            );
            SketchNode {
                value_text: (!moves.is_empty()).then(|| decimal(stats.mean())),
                on_line: on_path && last.is_some(),
                note: Some(note),
                board: Some(position),
                ..SketchNode::at(across[id], moves.len(), shape, title)
            }
        })
        .collect();
    let edges = nodes
        .iter()
        .enumerate()
        .skip(1)
        .map(|(id, (moves, _))| {
            let parent = children
                .iter()
                .position(|list| list.contains(&id))
                .expect("every node but the root has a parent");
            let mv = *moves.last().expect("a child has a move");
            SketchEdge::of(
                parent,
                id,
                mv.name(),
                false,
                path.starts_with(moves) && last.is_some(),
            )
        })
        .collect();
    let levels = (0..=children.iter().filter(|c| !c.is_empty()).count().min(2))
        .map(|level| match level {
            0 => format!("{} to move (the root)", board.to_move()),
            1 => format!("after {}'s move", board.to_move()),
            _ => format!("after {}'s reply", board.to_move().opponent()),
        })
        .collect();
    Sketch {
        nodes: sketch_nodes,
        edges,
        width,
        levels,
        legend: vec![
            "In a node: W/N, the share of its playouts won (a draw a half) by the side that chose its move."
                .to_string(),
            "Under it: N, and UCB1 as its parent sees it. Orange: the last iteration's path, (+1) its backup."
                .to_string(),
            "Drawn: the root's moves, and the replies below the move the last iteration went through."
                .to_string(),
        ],
    }
}

/// `children` in the board's move order, for a drawing that does not reshuffle as moves are
/// added.
fn in_move_order(board: &Board, children: Vec<NodeStats<Cell>>) -> Vec<NodeStats<Cell>> {
    board
        .legal_moves()
        .filter_map(|cell| {
            children
                .iter()
                .find(|child| child.mv == Some(cell))
                .copied()
        })
        .collect()
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

    /// The last iteration's path is orange, each node on it backed up (+1), the node it added
    /// noted; every root move the search has added is drawn with its N and UCB1, and the
    /// replies below the path's first move too.
    #[test]
    fn the_sketch_marks_the_last_iteration_s_path_and_its_numbers() {
        let board = Board::classic();
        let mut search = Mcts::new(board, 1, std::f64::consts::SQRT_2, TREE_NODES);
        search.run(19);
        let last = search.step();
        assert_eq!((last.selected.len(), last.added.is_some()), (1, true));
        let sketch = mcts_sketch(&board, &search, Some(&last));
        let first = last.selected[0];
        let added = last.added.unwrap();
        assert_eq!(sketch.nodes[0].note.as_deref(), Some("N 20 (+1)"));
        let name = |moves: &[Cell]| {
            let names: Vec<String> = moves.iter().map(|cell| cell.name()).collect();
            format!("Node {}: ", names.join(" "))
        };
        let on_path: Vec<&str> = sketch
            .nodes
            .iter()
            .filter(|node| node.on_line)
            .map(|node| node.title.as_str())
            .collect();
        assert_eq!(on_path.len(), 3, "{on_path:?}");
        assert!(on_path[1].starts_with(&name(&[first])), "{on_path:?}");
        assert!(
            on_path[2].starts_with(&name(&[first, added])),
            "{on_path:?}"
        );
        assert!(on_path[2].contains("N 1 (+1), UCB1 "), "{on_path:?}");
        let added_node = sketch.nodes.iter().find(|n| n.title == on_path[2]).unwrap();
        assert!(added_node.note.as_deref().unwrap().ends_with("\nadded"));
        let root_moves = sketch.nodes.iter().filter(|n| n.level == 1).count();
        assert_eq!(root_moves, search.children(&[]).len());
        let child = search.stats(&[first]).unwrap();
        let drawn = sketch
            .nodes
            .iter()
            .find(|n| n.title.starts_with(&name(&[first])))
            .unwrap();
        assert_eq!(drawn.value_text, Some(decimal(child.mean())));
        assert_eq!(
            sketch.edges.iter().filter(|e| e.on_line).count(),
            2,
            "root to its move, that move to the node added"
        );
    }
}
