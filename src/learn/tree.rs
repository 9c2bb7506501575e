//! The game tree below a position, as minimax sees it: every move with its score, minimax's
//! choice at each level, and how each value comes about, in the words of the seed articles
//! (maximiser, minimiser, evaluate, depth). `tictactoe tree` prints it; the explorer panel
//! walks its own tree for now and borrows the words ([`how_value_comes_about`]) and the preview
//! the scores along a line ([`scores_along`]).
//!
//! Depth follows the articles: the root's moves lead to depth 0 (`findBestMove` calls
//! `minimax(board, 0, false)`), so a node `n` moves below the root is at depth `n − 1`.

use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::minimax::Analysis;
use crate::engine::score::Score;
use crate::learn::explain;
use crate::learn::view::Seen;

/// A position of the tree, and its children when they were expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    pub board: Board,
    /// `None` below the depth asked for; empty for a finished game.
    pub children: Option<Vec<Branch>>,
}

/// A move from a node: its score for the side that plays it (as `analyze` prints it), whether it
/// is minimax's choice (the first best move in reading order), and the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub cell: Cell,
    pub score: Score,
    pub best: bool,
    pub node: TreeNode,
}

/// The tree below `board`, `depth` levels deep (1: its moves), with each expanded node's moves
/// scored by `analyze`.
pub fn build<E>(
    board: &Board,
    depth: u32,
    analyze: &mut impl FnMut(&Board) -> Result<Analysis, E>,
) -> Result<TreeNode, E> {
    if depth == 0 {
        return Ok(TreeNode {
            board: *board,
            children: None,
        });
    }
    let analysis = analyze(board)?;
    let best = analysis.best().map(|m| m.cell);
    let children = analysis
        .moves
        .iter()
        .map(|m| {
            let child = board.after(m.cell).expect("analysed moves are legal");
            Ok(Branch {
                cell: m.cell,
                score: m.score,
                best: Some(m.cell) == best,
                node: build(&child, depth - 1, analyze)?,
            })
        })
        .collect::<Result<_, E>>()?;
    Ok(TreeNode {
        board: *board,
        children: Some(children),
    })
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
            let numbers: Vec<Score> = analysis
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
    use crate::learn::view::ScoreView;

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

    #[test]
    fn a_tree_marks_the_first_best_move_at_every_level() {
        let root = board("XOX/.O./X..");
        let tree = build(&root, 2, &mut |b| Ok::<_, ()>(plain(b))).unwrap();
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
