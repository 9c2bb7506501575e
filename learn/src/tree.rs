//! The game tree below a position, as minimax sees it: every move with its score, minimax's
//! choice at each level, and how each value comes about, in the words of the seed articles
//! (maximiser, minimiser, evaluate, depth). The explorer panel shows it ([`grow`], opened where
//! the player opened it, with [`how_value_comes_about`] under each open node); the preview takes
//! the scores along a line ([`scores_along`]). `tictactoe tree` prints the same tree, streaming it
//! as it searches.
//!
//! Depth follows the articles: the root's moves lead to depth 0 (`findBestMove` calls
//! `minimax(board, 0, false)`), so a node `n` moves below the root is at depth `n − 1`.

use std::borrow::Borrow;

use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::minimax::Analysis;
use crate::engine::score::Score;
use crate::explain;
use crate::view::{Seen, Shown};

/// A position of the tree, and its children when they were expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    pub board: Board,
    /// `None` below the depth asked for; empty for a finished game.
    pub children: Option<Vec<Branch>>,
}

/// A move from a node: its score for the side that plays it (as `analyze` prints it), whether it
/// is minimax's choice (the first best move in reading order) or ties with it, and the position
/// it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub cell: Cell,
    pub score: Score,
    pub best: bool,
    /// Scores as the best move does (true of the best move too).
    pub ties: bool,
    pub node: TreeNode,
}

/// The tree below `board`, opened where `open` says: given a node's path from `board` (the moves
/// that lead to it) and its position, `open` gives the node's analysis to open it with, or
/// `None` to leave it closed (below the depth wanted, or not searched yet). A finished game opens
/// with no moves.
pub fn grow<A: Borrow<Analysis>, E>(
    board: &Board,
    open: &mut impl FnMut(&[Cell], &Board) -> Result<Option<A>, E>,
) -> Result<TreeNode, E> {
    grow_at(board, &mut Vec::new(), open)
}

fn grow_at<A: Borrow<Analysis>, E>(
    board: &Board,
    path: &mut Vec<Cell>,
    open: &mut impl FnMut(&[Cell], &Board) -> Result<Option<A>, E>,
) -> Result<TreeNode, E> {
    let Some(analysis) = open(path, board)? else {
        return Ok(TreeNode {
            board: *board,
            children: None,
        });
    };
    let analysis = analysis.borrow();
    let best = analysis.best().map(|m| m.cell);
    let best_score = analysis.best_score();
    let mut children = Vec::with_capacity(analysis.moves.len());
    for m in &analysis.moves {
        let child = board.after(m.cell).expect("analysed moves are legal");
        path.push(m.cell);
        let node = grow_at(&child, path, open);
        path.pop();
        children.push(Branch {
            cell: m.cell,
            score: m.score,
            best: Some(m.cell) == best,
            ties: Some(m.score) == best_score,
            node: node?,
        });
    }
    Ok(TreeNode {
        board: *board,
        children: Some(children),
    })
}

impl TreeNode {
    /// Every node, as the tree reads down the page: this one, then each move's subtree in turn;
    /// each with the moves that lead to it from here and the branch that led to it (none here).
    pub fn nodes(&self) -> Vec<(Vec<Cell>, Option<&Branch>, &TreeNode)> {
        let mut nodes = Vec::new();
        self.collect(Vec::new(), None, &mut nodes);
        nodes
    }

    fn collect<'a>(
        &'a self,
        path: Vec<Cell>,
        from: Option<&'a Branch>,
        nodes: &mut Vec<(Vec<Cell>, Option<&'a Branch>, &'a TreeNode)>,
    ) {
        nodes.push((path.clone(), from, self));
        for branch in self.children.iter().flatten() {
            let mut below = path.clone();
            below.push(branch.cell);
            branch.node.collect(below, Some(branch), nodes);
        }
    }
}

/// How the value of `node`, reached `plies` moves below the position on show, comes about, in
/// the seeds' words and with the numbers `seen` shows: "O to move (minimiser): min(9, 0, 9, 9) =
/// 0", or at a finished game "X wins at depth 2: 10 - 2 = 8". `analysis` is the node's own,
/// `None` for a finished game.
pub fn how_value_comes_about(
    node: &Board,
    analysis: Option<&Analysis>,
    seen: &Seen,
    plies: i32,
) -> String {
    let to_move = node.to_move();
    match node.outcome() {
        Outcome::Ongoing => {
            let Some(analysis) = analysis else {
                return format!("{to_move} to move: not searched yet.");
            };
            let numbers: Vec<Shown> = analysis
                .moves
                .iter()
                .map(|m| seen.number(m.score, to_move, plies))
                .collect();
            let values: Vec<String> = numbers.iter().map(|n| n.value().to_string()).collect();
            let best = seen.best_of(to_move, numbers).unwrap_or_default();
            let role = seen.role(to_move);
            format!(
                "{to_move} to move ({}): {}({}) = {}",
                role.name(),
                role.pick(),
                values.join(", "),
                best.value()
            )
        }
        outcome => {
            // The move that led here scores the outcome at depth 0 for the side that made it; the
            // node is `plies` moves below the position on show, so its depth is one less.
            let mover = to_move.opponent();
            let win = node.geometry().win_score();
            let own = Score::of_outcome(outcome, mover, 0, win).expect("the game is over");
            let number = seen.number(own, mover, plies - 1);
            match (seen.result(number), explain::depth_sum(seen, number)) {
                (Some((winner, depth)), Some(sum)) => {
                    format!("{winner} wins at depth {depth}: {sum} = {}", number.value())
                }
                _ => format!("A draw at depth {}: 0", plies - 1),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;
    use crate::view::ScoreView;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    #[test]
    fn a_finished_node_is_evaluated_at_its_depth() {
        // O to move; O's (2,1) completes the middle column with the root's own move: depth 0.
        let root = board("XOX/.O./X..");
        let node = root.after(Cell::new(2, 1)).unwrap();
        let text = |view| how_value_comes_about(&node, None, &Seen::new(view, &root), 1);
        assert_eq!(
            text(ScoreView::SideToMove),
            "O wins at depth 0: 10 - 0 = 10"
        );
        // X maximises in the articles' view: O's win is X's loss.
        assert_eq!(text(ScoreView::Articles), "O wins at depth 0: 0 - 10 = -10");
    }

    #[test]
    fn a_nodes_value_is_the_max_or_min_of_its_childrens_and_its_parents_number_for_the_move() {
        // O to move on XOX/.O./X..: its moves score (1,0) 8, (1,2) -9, (2,1) 10, (2,2) -9.
        let root = board("XOX/.O./X..");
        let analysis = plain(&root);
        let mover = Seen::new(ScoreView::SideToMove, &root);
        let text = how_value_comes_about(&root, Some(&analysis), &mover, 0);
        assert_eq!(text, "O to move (maximiser): max(8, -9, 10, -9) = 10");
        let articles = Seen::new(ScoreView::Articles, &root);
        let text = how_value_comes_about(&root, Some(&analysis), &articles, 0);
        assert_eq!(text, "O to move (minimiser): min(-8, 9, -10, 9) = -10");
        // One level down, after O's (1,0) (which scores 8 for O), X is to move and minimises:
        // its moves' numbers, one ply deeper, and their min is that 8.
        for (cell, score) in [(Cell::new(1, 0), 8), (Cell::new(1, 2), -9)] {
            let child = root.after(cell).unwrap();
            let analysis = plain(&child);
            let text = how_value_comes_about(&child, Some(&analysis), &mover, 1);
            assert!(text.starts_with("X to move (minimiser): min("), "{text}");
            assert!(text.ends_with(&format!(") = {score}")), "{text}");
            let text = how_value_comes_about(&child, Some(&analysis), &articles, 1);
            assert!(text.starts_with("X to move (maximiser): max("), "{text}");
            assert!(text.ends_with(&format!(") = {}", -score)), "{text}");
        }
    }

    /// The tree two levels deep, each open node searched with plain minimax.
    fn two_levels(root: &Board) -> TreeNode {
        let open = &mut |path: &[Cell], b: &Board| Ok::<_, ()>((path.len() < 2).then(|| plain(b)));
        grow(root, open).unwrap()
    }

    #[test]
    fn a_tree_marks_the_first_best_move_at_every_level() {
        let root = board("XOX/.O./X..");
        let tree = two_levels(&root);
        let children = tree.children.as_ref().unwrap();
        let best: Vec<Cell> = children.iter().filter(|b| b.best).map(|b| b.cell).collect();
        assert_eq!(best, [Cell::new(2, 1)]);
        for branch in children {
            let grandchildren = branch.node.children.as_ref().unwrap();
            assert_eq!(
                grandchildren.is_empty(),
                branch.node.board.outcome().is_over()
            );
            for grandchild in grandchildren {
                assert_eq!(grandchild.node.children, None, "below the depth asked for");
            }
        }
    }

    #[test]
    fn moves_that_score_as_the_best_one_tie_with_it() {
        // X to move on the empty board: every move draws, and the first is minimax's choice.
        let root = board(".../.../...");
        let open = &mut |path: &[Cell], b: &Board| Ok::<_, ()>(path.is_empty().then(|| plain(b)));
        let tree = grow(&root, open).unwrap();
        let children = tree.children.unwrap();
        assert!(children.iter().all(|b| b.ties));
        let best: Vec<Cell> = children.iter().filter(|b| b.best).map(|b| b.cell).collect();
        assert_eq!(best, [Cell::new(0, 0)]);
        // O to move on XOX/.O./X..: only (2,1) wins, the others do not tie.
        let tree = two_levels(&board("XOX/.O./X.."));
        let ties: Vec<Cell> = tree
            .children
            .unwrap()
            .iter()
            .filter(|b| b.ties)
            .map(|b| b.cell)
            .collect();
        assert_eq!(ties, [Cell::new(2, 1)]);
    }

    #[test]
    fn the_nodes_read_down_the_page_with_their_paths() {
        let root = board("XOX/.O./X..");
        // Only the root and its second move are open.
        let open = &mut |path: &[Cell], b: &Board| {
            Ok::<_, ()>((path.is_empty() || path == [Cell::new(1, 2)]).then(|| plain(b)))
        };
        let tree = grow(&root, open).unwrap();
        let nodes = tree.nodes();
        let paths: Vec<&[Cell]> = nodes.iter().map(|(path, _, _)| path.as_slice()).collect();
        let opened = root.after(Cell::new(1, 2)).unwrap();
        let mut expected = vec![vec![], vec![Cell::new(1, 0)], vec![Cell::new(1, 2)]];
        expected.extend(opened.legal_moves().map(|cell| vec![Cell::new(1, 2), cell]));
        expected.extend([vec![Cell::new(2, 1)], vec![Cell::new(2, 2)]]);
        assert_eq!(paths, expected);
        for (path, from, node) in &nodes {
            assert_eq!(from.map(|b| b.cell), path.last().copied());
            let replayed = path.iter().fold(root, |b, &cell| b.after(cell).unwrap());
            assert_eq!(node.board, replayed);
        }
    }
}

/// The scores of a line of play for the side that plays each move: the first move scores
/// `first` for its mover; each reply, seen by the side that plays it, is the same result from one
/// ply nearer its end (see [`Score::shifted`]).
pub fn scores_along(first: Score, moves: usize) -> Vec<Score> {
    std::iter::successors(Some(first), |&previous| {
        Some(previous.flipped().shifted(-1))
    })
    .take(moves)
    .collect()
}

#[cfg(test)]
mod line_tests {
    use super::*;
    use crate::engine::minimax::plain;

    #[test]
    fn the_scores_along_a_line_are_each_movers_own() {
        // Every move of every line of play is minimax's choice, so its score is the best score of
        // the position it is played from.
        let root: Board = "X../.O./...".parse().unwrap();
        for m in plain(&root).moves {
            let mut position = root;
            let line: Vec<Cell> = std::iter::once(m.cell)
                .chain(m.pv.iter().copied())
                .collect();
            for (&cell, score) in line.iter().zip(scores_along(m.score, line.len())) {
                let analysis = plain(&position);
                assert_eq!(analysis.score_of(cell), Some(score), "{position:?} {cell}");
                position.play(cell).unwrap();
            }
        }
    }
}
