//! Monte Carlo tree search's numbers as the app's view and `tictactoe mcts` show them: each root
//! move's visits N, total W, estimate W/N and UCB1, taken from the search by one function
//! ([`root_moves`]) and written by one ([`RootMove::numbers`]), so that the view and the command
//! print the same numbers for the same seed, c and iterations (a test runs both and compares);
//! and the tree near the root as the view draws and exports it ([`mcts_sketch`]). On a textbook
//! tree: each root child's exact value ([`tree_exact_values`]) and the whole tree drawn with
//! the search's numbers on the nodes it has added ([`tree_mcts_sketch`]).

use crate::abstract_tree::{CHANCE_PLACES, children_ids, probability_words};
use crate::engine::board::{Board, Cell};
use crate::engine::fraction::Fraction;
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::mcts::{Iteration, Mcts, NodeStats, Reward};
use crate::engine::minimax::{SearchControl, Unobserved, expectiminimax, plain_game};
use crate::engine::rules::Rules;
use crate::tree_picture::tidy;
use crate::tree_sketch::{Shape, Sketch, SketchEdge, SketchNode, chance_level_label};

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

/// Each root child's exact value, left to right, for the side to move at the root (at a chance
/// root, the side that moves below it): minimax's, or with chance nodes expectiminimax's, exact
/// as a fraction. What `tictactoe mcts` prints as "exact" and the view writes beside each
/// child's estimate.
pub fn tree_exact_values(tree: &GameTree) -> Vec<Fraction> {
    let root = tree.root();
    if tree.has_chance() {
        let values = expectiminimax(tree);
        root.children()
            .map(|child| {
                let for_max = values[child.id()].value;
                match root.side() {
                    Side::Max => for_max,
                    Side::Min => Fraction::new(-for_max.numerator(), for_max.denominator())
                        .expect("a fraction's denominator is not 0"),
                }
            })
            .collect()
    } else {
        root.children()
            .map(|child| {
                let found = plain_game(&child, &SearchControl::new(), &mut Unobserved)
                    .expect("a search without a budget is not stopped");
                let for_child = found.value.value();
                Fraction::whole(i64::from(if child.side() == root.side() {
                    for_child
                } else {
                    -for_child
                }))
            })
            .collect()
    }
}

/// A tree's node as the MCTS view names it: "the root", "child 2.1".
pub fn tree_node_name(node: &TreePosition) -> String {
    let path: Vec<String> = node.path().iter().map(|i| (i + 1).to_string()).collect();
    if path.is_empty() {
        "the root".to_string()
    } else {
        format!("child {}", path.join("."))
    }
}

/// A textbook tree with MCTS's numbers on it: every node of the tree drawn where the tree lab
/// draws it; a node the search has added with W/N in it and N (and UCB1, where its parent
/// chooses) under it, the others faint with a leaf's value as typed; the last iteration's
/// four phases marked: its path (selection, and the node expansion added) in orange with
/// (+1) on each node backed up, the playout's random moves as dark edges down to the leaf it
/// reached, whose value is the reward.
pub fn tree_mcts_sketch(
    tree: &GameTree,
    search: &Mcts<TreePosition<'_>>,
    last: Option<&Iteration<usize>>,
) -> Sketch {
    let path: Vec<usize> = last
        .map(|last| last.selected.iter().copied().chain(last.added).collect())
        .unwrap_or_default();
    let played: Vec<usize> = last
        .map(|last| path.iter().chain(&last.playout).copied().collect())
        .unwrap_or_default();
    let (across, width) = tidy(&children_ids(tree));
    let nodes = tree
        .nodes()
        .map(|node| {
            let moves = node.path();
            let stats = search.stats(&moves);
            let on_path = last.is_some() && path.starts_with(&moves);
            let reached = last.is_some() && moves == played && node.is_leaf();
            let name = tree_node_name(&node);
            let kind = if node.is_leaf() {
                "a leaf".to_string()
            } else if node.is_chance() {
                "chance".to_string()
            } else {
                node.side().name().to_string()
            };
            let shape = if node.is_leaf() {
                Shape::End
            } else if node.is_chance() {
                Shape::Chance
            } else if node.side() == Side::Max {
                Shape::Max
            } else {
                Shape::Min
            };
            let mut lines = Vec::new();
            if let Some(stats) = stats {
                let backed = if on_path { " (+1)" } else { "" };
                lines.push(format!("N {}{backed}", stats.visits));
                if let Some(ucb1) = stats.ucb1 {
                    lines.push(format!("UCB1 {}", decimal(Some(ucb1))));
                }
                if on_path && moves.len() == path.len() && last.and_then(|l| l.added).is_some() {
                    lines.push("added".to_string());
                }
            }
            if reached {
                lines.push("playout's end".to_string());
            }
            // A leaf keeps its value as typed (its W/N is that value for the side that chose
            // it, which its title says); an inner node shows its W/N.
            let value_text = match (stats, node.leaf()) {
                (_, Some(leaf)) => Some(leaf.to_string()),
                (Some(stats), None) if !moves.is_empty() => Some(decimal(stats.mean())),
                _ => None,
            };
            let numbers = match stats {
                Some(stats) if moves.is_empty() => format!("N {}", stats.visits),
                Some(stats) => format!(
                    "N {}, W {}, W/N {}{}",
                    stats.visits,
                    stats.total,
                    decimal(stats.mean()),
                    stats
                        .ucb1
                        .map(|ucb1| format!(", UCB1 {}", decimal(Some(ucb1))))
                        .unwrap_or_default()
                ),
                None => "not in the search tree yet".to_string(),
            };
            let leaf = node
                .leaf()
                .map(|value| format!(", {value} for MAX"))
                .unwrap_or_default();
            let mut title = format!("Node {name} ({kind}{leaf}): {numbers}");
            for (line, words) in [
                (on_path, ", on the last iteration's path"),
                (reached, ", where the last playout ended"),
            ] {
                if line {
                    title.push_str(words);
                }
            }
            SketchNode {
                value_text,
                on_line: on_path,
                faint: stats.is_none() && !reached,
                note: (!lines.is_empty()).then(|| lines.join("\n")),
                ..SketchNode::at(across[node.id()], node.depth(), shape, title)
            }
        })
        .collect();
    let edges = tree
        .nodes()
        .flat_map(|parent| {
            let moves = parent.path();
            let mut edges = Vec::new();
            for (index, child) in parent.children().enumerate() {
                let mut to_child = moves.clone();
                to_child.push(index);
                let label = match child.probability() {
                    Some(probability) if parent.is_chance() => probability_words(probability),
                    _ => (index + 1).to_string(),
                };
                let on_path = last.is_some() && path.starts_with(&to_child);
                let in_playout = last.is_some() && !on_path && played.starts_with(&to_child);
                edges.push(SketchEdge::of(
                    parent.id(),
                    child.id(),
                    label,
                    in_playout,
                    on_path,
                ));
            }
            edges
        })
        .collect();
    let side = tree.root().side();
    Sketch {
        nodes,
        edges,
        width,
        levels: (0..=tree.height())
            .map(|level| chance_level_label(tree, level))
            .collect(),
        legend: vec![
            format!(
                "In a node: W/N, the mean of its playouts' leaves for the side that chose its move \
                 (a MIN node's children: the leaves negated; below a chance node, the chance \
                 node's chooser's), {PLACES} places; in a leaf: its value as typed. Faint: not \
                 in the search tree yet."
            ),
            "Under it: N, and UCB1 as its parent sees it (none below a chance node: chance \
             draws by the probabilities). Orange: the last iteration's path, (+1) its backup; \
             dark: its playout's random moves."
                .to_string(),
            format!(
                "Exact values are minimax's (expectiminimax's with chance nodes), {side}'s, to \
                 {CHANCE_PLACES} places."
            ),
        ],
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

    /// On a textbook tree every node is drawn: those the search added with their numbers, the
    /// others faint; the last iteration's path orange and backed up (+1), the node it added
    /// noted, its playout's moves dark down to the leaf it reached; a chance node's edges carry
    /// their probabilities and its outcomes no UCB1.
    #[test]
    fn the_tree_sketch_draws_the_whole_tree_with_the_last_iteration_s_phases() {
        let tree: GameTree = "[[3, [12, 8]], chance[0.25: 2, 0.75: [4, 6]]]"
            .parse()
            .unwrap();
        let mut search = Mcts::new(tree.root(), 1, 2.0, TREE_NODES);
        // The first iteration adds a child of the root and plays out below it.
        let last = search.step();
        assert_eq!((last.selected.len(), last.added.is_some()), (0, true));
        let sketch = tree_mcts_sketch(&tree, &search, Some(&last));
        assert_eq!(sketch.nodes.len(), tree.len());
        let added = last.added.unwrap();
        let child = tree.root().child(added).unwrap();
        let drawn = &sketch.nodes[child.id()];
        assert!(drawn.on_line && !drawn.faint);
        let ucb1 = decimal(search.stats(&[added]).unwrap().ucb1);
        let note = format!("N 1 (+1)\nUCB1 {ucb1}\nadded");
        assert_eq!(drawn.note.as_deref(), Some(note.as_str()));
        assert_eq!(sketch.nodes[0].note.as_deref(), Some("N 1 (+1)"));
        // The playout's moves: dark edges, on no path, down to the leaf it reached.
        let mut at = child;
        for &mv in &last.playout {
            let below = at.child(mv).unwrap();
            let edge = sketch
                .edges
                .iter()
                .find(|e| e.from == at.id() && e.to == below.id())
                .unwrap();
            assert!(edge.best && !edge.on_line, "{edge:?}");
            at = below;
        }
        assert!(at.is_leaf());
        let end = &sketch.nodes[at.id()];
        assert!(
            end.title.contains("where the last playout ended"),
            "{}",
            end.title
        );
        assert!(!last.playout.is_empty());
        assert!(!end.faint && end.note.as_deref() == Some("playout's end"));
        // Nodes the search has not added are faint; a leaf keeps its value as typed.
        let untouched = tree.root().child(1 - added).unwrap();
        assert!(sketch.nodes[untouched.id()].faint);
        assert!(
            sketch.nodes[untouched.id()]
                .title
                .ends_with("not in the search tree yet")
        );
        let chance = tree.root().child(1).unwrap();
        let labels: Vec<&str> = sketch
            .edges
            .iter()
            .filter(|e| e.from == chance.id())
            .map(|e| e.label.as_str())
            .collect();
        assert_eq!(labels, ["¼", "¾"]);
        // Run on: a chance node's outcomes have N but no UCB1.
        search.run(200);
        let sketch = tree_mcts_sketch(&tree, &search, None);
        let outcome = chance.child(1).unwrap();
        let note = sketch.nodes[outcome.id()].note.clone().unwrap();
        assert!(note.starts_with("N ") && !note.contains("UCB1"), "{note}");
        assert!(sketch.nodes.iter().all(|node| !node.on_line));
    }
}
