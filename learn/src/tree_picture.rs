//! The game tree as a picture: where each node of a [`TreeNode`] goes, what it shows and which
//! edges make minimax's line, for the textbook drawing of a search (MAX and MIN levels, a value
//! at each node, the move on each edge, the chosen path highlighted). Pure geometry in abstract
//! units: `tictactoe tree --format svg` draws it, and a panel can draw the same picture.
//!
//! The layout is the classic tidy one: leaves side by side in reading order, one slot each, a
//! parent centred over its first and last child, one level per ply.

use crate::engine::board::{Board, Cell, Outcome};
use crate::tree::TreeNode;
use crate::view::{Role, Seen, Shown};

/// A node of the picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    pub board: Board,
    /// Across, in leaf slots from 0; down, in levels from 0 (the root).
    pub x: f32,
    pub level: usize,
    /// The node's minimax value as `seen` shows it (depth counted from the root); `None` for a
    /// root that was not searched.
    pub value: Option<Shown>,
    /// Who moves at the node: the maximiser or the minimiser (`None`: the game is over there).
    pub role: Option<Role>,
    /// Whether its moves are drawn (else it is a leaf of the picture, finished or not opened).
    pub opened: bool,
    /// On minimax's line from the root: the first best move at every level.
    pub on_line: bool,
}

/// An edge of the picture: the move from one spot to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    pub cell: Cell,
    /// Minimax's choice at `from` (the first best move in reading order).
    pub best: bool,
    /// On minimax's line from the root.
    pub on_line: bool,
}

/// A tree laid out: its spots (the root first) and edges from parent to child, leaf slots
/// across (at least 1) and levels down. The game tree's [`Picture`] and the abstract trees'
/// [`AbstractPicture`](super::abstract_tree::AbstractPicture) are each one.
#[derive(Debug, Clone, PartialEq)]
pub struct Laid<S, E> {
    pub spots: Vec<S>,
    pub edges: Vec<E>,
    pub width: usize,
    pub levels: usize,
}

/// The whole picture: spots in the order the tree reads down the page (a node, then each move's
/// subtree), edges from parent to child.
pub type Picture = Laid<Spot, Edge>;

/// Lays out `root` with its values as `seen` shows them.
pub fn picture(root: &TreeNode, seen: &Seen) -> Picture {
    let mut picture = Picture {
        spots: Vec::new(),
        edges: Vec::new(),
        width: 0,
        levels: 0,
    };
    let root_value = best_value(root, seen, 0);
    place(root, root_value, 0, true, seen, &mut picture);
    let mut children = vec![Vec::new(); picture.spots.len()];
    for edge in &picture.edges {
        children[edge.from].push(edge.to);
    }
    let (across, width) = tidy(&children);
    for (spot, x) in picture.spots.iter_mut().zip(across) {
        spot.x = x;
    }
    picture.width = width;
    picture
}

/// The label of a level of a drawn tree whose positions there are like `board`, `level` plies
/// below the top: "MAX: X to move (depth 0)". Every position of a level has the same side to
/// move, finished or not; the top's moves lead to depth 0, as findBestMove calls
/// minimax(board, 0, false).
pub fn level_label(board: &Board, seen: &Seen, level: usize) -> String {
    let to_move = board.to_move();
    let role = match seen.role(to_move) {
        Role::Maximiser => "MAX",
        Role::Minimiser => "MIN",
    };
    let depth = match level {
        0 => "the top".to_string(),
        level => format!("depth {}", level - 1),
    };
    format!("{role}: {to_move} to move ({depth})")
}

/// The tidy layout of a tree given as each node's children in order (node 0 the root): each
/// node's place across, in leaf slots (leaves side by side in reading order, a parent centred over
/// its first and last child), and the slots in all (at least 1).
pub fn tidy(children: &[Vec<usize>]) -> (Vec<f32>, usize) {
    fn place(node: usize, children: &[Vec<usize>], across: &mut [f32], next: &mut usize) {
        let below = &children[node];
        if below.is_empty() {
            across[node] = *next as f32;
            *next += 1;
            return;
        }
        for &child in below {
            place(child, children, across, next);
        }
        across[node] = (across[below[0]] + across[below[below.len() - 1]]) / 2.0;
    }
    let mut across = vec![0.0; children.len()];
    let mut width = 0;
    if !children.is_empty() {
        place(0, children, &mut across, &mut width);
    }
    (across, width.max(1))
}

/// Places `node` (and everything below it) `level` plies below the root; returns its index.
fn place(
    node: &TreeNode,
    value: Option<Shown>,
    level: usize,
    on_line: bool,
    seen: &Seen,
    picture: &mut Picture,
) -> usize {
    let index = picture.spots.len();
    let board = node.board;
    let children = node.children.as_deref().unwrap_or_default();
    picture.spots.push(Spot {
        board,
        x: 0.0,
        level,
        value,
        role: (board.outcome() == Outcome::Ongoing).then(|| seen.role(board.to_move())),
        opened: !children.is_empty(),
        on_line,
    });
    picture.levels = picture.levels.max(level + 1);
    for branch in children {
        let value = seen.number(branch.score, board.to_move(), level as i32);
        let child_on_line = on_line && branch.best;
        let child = place(
            &branch.node,
            Some(value),
            level + 1,
            child_on_line,
            seen,
            picture,
        );
        picture.edges.push(Edge {
            from: index,
            to: child,
            cell: branch.cell,
            best: branch.best,
            on_line: child_on_line,
        });
    }
    index
}

/// The root's value: its best move's number, as `seen` shows it.
fn best_value(root: &TreeNode, seen: &Seen, plies: i32) -> Option<Shown> {
    let board = root.board;
    let best = root.children.as_ref()?.iter().find(|branch| branch.best)?;
    Some(seen.number(best.score, board.to_move(), plies))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;
    use crate::tree::grow;
    use crate::view::ScoreView;

    fn tree(board: &Board, depth: usize) -> TreeNode {
        grow(board, &mut |path: &[Cell], node: &Board| {
            Ok::<_, ()>((path.len() < depth && !node.outcome().is_over()).then(|| plain(node)))
        })
        .unwrap()
    }

    #[test]
    fn leaves_sit_side_by_side_and_parents_over_their_children() {
        let board: Board = "XOX/.O./X..".parse().unwrap();
        let seen = Seen::new(ScoreView::SideToMove, &board);
        let picture = picture(&tree(&board, 2), &seen);
        let leaves: Vec<&Spot> = picture.spots.iter().filter(|s| !s.opened).collect();
        assert_eq!(leaves.len(), picture.width);
        for (slot, leaf) in leaves.iter().enumerate() {
            assert_eq!(leaf.x, slot as f32, "leaves in reading order");
        }
        for spot in picture.spots.iter().enumerate().filter(|(_, s)| s.opened) {
            let children: Vec<f32> = picture
                .edges
                .iter()
                .filter(|e| e.from == spot.0)
                .map(|e| picture.spots[e.to].x)
                .collect();
            let middle = (children[0] + children[children.len() - 1]) / 2.0;
            assert_eq!(spot.1.x, middle);
            assert!(children.iter().all(|&x| x >= children[0]));
        }
        assert_eq!(picture.levels, 3);
        assert_eq!(picture.edges.len(), picture.spots.len() - 1);
    }

    /// Each node's value is minimax's for that node, from the root's search: the maximiser's
    /// nodes take their children's highest value, the minimiser's their lowest, and one line of
    /// first best moves runs from the root to a leaf.
    #[test]
    fn values_are_minimax_at_every_level_and_one_line_is_marked() {
        for text in ["XOX/.O./X..", "X../.O./..X", "XO./.X./..O"] {
            let board: Board = text.parse().unwrap();
            for view in ScoreView::ALL {
                let seen = Seen::new(view, &board);
                let picture = picture(&tree(&board, 9), &seen);
                for (index, spot) in picture.spots.iter().enumerate() {
                    let children: Vec<Shown> = picture
                        .edges
                        .iter()
                        .filter(|e| e.from == index)
                        .map(|e| picture.spots[e.to].value.unwrap())
                        .collect();
                    let Some(role) = spot.role else { continue };
                    let best = match role {
                        Role::Maximiser => children.iter().max(),
                        Role::Minimiser => children.iter().min(),
                    };
                    assert_eq!(
                        spot.value,
                        best.copied(),
                        "{text} {view:?} {:?}",
                        spot.board
                    );
                }
                let line: Vec<&Spot> = picture.spots.iter().filter(|s| s.on_line).collect();
                // From the root, one node a level, to the end of the game.
                assert_eq!(line[0], &picture.spots[0]);
                assert!(line.windows(2).all(|w| w[0].level + 1 == w[1].level));
                assert!(line.last().unwrap().board.outcome().is_over(), "{text}");
                assert!(line.iter().all(|s| s.value == picture.spots[0].value));
                let edges = picture.edges.iter().filter(|e| e.on_line).count();
                assert_eq!(edges, line.len() - 1);
            }
        }
    }
}
