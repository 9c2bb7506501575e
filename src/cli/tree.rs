//! `tictactoe tree`: the game tree the explorer panel draws, as JSON or Graphviz.

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::{EXIT_BAD_BOARD, EXIT_OK, RulesArgs, ViewArg, preview};
use crate::engine::board::Board;
use crate::engine::minimax::{SearchControl, Searcher};
use crate::learn::tree::{self, Branch, TreeNode};
use crate::learn::view::{ScoreView, Seen};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe tree XOX/.O./X..\n  tictactoe tree XOX/.O./X.. --depth 2\n  \
                  tictactoe tree XOX/.O./X.. --depth 2 --view x\n  \
                  tictactoe tree XOX/.O./X.. --depth 3 --format dot | dot -Tsvg > tree.svg"
)]
pub struct TreeArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..).
    pub board: String,

    /// How many levels of moves to print below the position.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub depth: u32,

    /// JSON (one object) or Graphviz `dot`, with minimax's choices drawn bold.
    #[arg(long, value_enum, default_value_t = TreeFormat::Json)]
    pub format: TreeFormat,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Give up on a position after visiting this many positions.
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    pub max_nodes: u64,

    /// Every node's score as the value of the one search from the position given: `mover` (its
    /// player to move maximises) or `x` (X maximises), depth counted from the position given.
    /// Without it each score is the move's own, for the side that plays it, with depth counted
    /// from the node it is played on.
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    Json,
    Dot,
}

/// Runs `tree`. Returns the exit status.
pub fn tree(args: &TreeArgs, mut out: impl Write, mut err: impl Write) -> io::Result<i32> {
    let board = match args.rules.board(&args.board) {
        Ok(board) => board,
        Err(error) => {
            writeln!(err, "tictactoe tree: {:?}: {error}", preview(&args.board))?;
            return Ok(EXIT_BAD_BOARD);
        }
    };
    let mut searcher = Searcher::new();
    let built = tree::build(&board, args.depth, &mut |position| {
        let control = SearchControl::with_node_budget(args.max_nodes);
        searcher.analyze_with(position, &control, &mut |_| {})
    });
    let root = match built {
        Ok(root) => root,
        Err(stopped) => {
            writeln!(
                err,
                "tictactoe tree: {:?}: {stopped} (raise --max-nodes to search further)",
                preview(&args.board)
            )?;
            return Ok(EXIT_BAD_BOARD);
        }
    };
    let scores = Scores {
        seen: args
            .view
            .map(|view| Seen::new(ScoreView::from(view), &root.board)),
    };
    match args.format {
        TreeFormat::Json => {
            serde_json::to_writer(&mut out, &NodeJson::of(&root, None, &scores, 0))?;
            out.write_all(b"\n")?;
        }
        TreeFormat::Dot => write_dot(&mut out, &root, &scores)?,
    }
    out.flush()?;
    Ok(EXIT_OK)
}

/// A node as JSON: its move (for a child), its position, and its children when expanded.
#[derive(Serialize)]
struct NodeJson {
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    branch: Option<BranchJson>,
    board: String,
    to_move: char,
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    children: Option<Vec<NodeJson>>,
}

/// The move that leads to a child node.
#[derive(Serialize)]
struct BranchJson {
    row: usize,
    col: usize,
    score: i32,
    best: bool,
}

/// The number printed for each move of the tree.
struct Scores {
    /// `--view`: the one search from the root, seen as it says; `None`: each move's own score.
    seen: Option<Seen>,
}

impl Scores {
    /// The number of `branch`, a move of `parent` played `plies` moves below the root (the
    /// root's own moves: 0).
    fn number(&self, parent: &Board, branch: &Branch, plies: i32) -> i32 {
        match &self.seen {
            Some(seen) => seen.number(branch.score, parent.to_move(), plies).value(),
            None => branch.score.value(),
        }
    }
}

impl NodeJson {
    /// `node`, `plies` moves below the root, and everything below it; `branch` is the move that
    /// led to it (none at the root).
    fn of(node: &TreeNode, branch: Option<BranchJson>, scores: &Scores, plies: i32) -> NodeJson {
        let board = &node.board;
        NodeJson {
            branch,
            board: board.notation().as_str().to_string(),
            to_move: board.to_move().symbol(),
            outcome: board.outcome().name(),
            children: node.children.as_ref().map(|children| {
                children
                    .iter()
                    .map(|child| {
                        let branch = BranchJson {
                            row: child.cell.row,
                            col: child.cell.col,
                            score: scores.number(board, child, plies),
                            best: child.best,
                        };
                        NodeJson::of(&child.node, Some(branch), scores, plies + 1)
                    })
                    .collect()
            }),
        }
    }
}

/// Graphviz: a box per position (its rows and who is to move), an arrow per move labelled with
/// its cell (from 0, as `analyze` prints it) and score; minimax's choices bold.
fn write_dot(out: &mut impl Write, root: &TreeNode, scores: &Scores) -> io::Result<()> {
    writeln!(out, "digraph tree {{")?;
    writeln!(out, "  node [shape=box, fontname=\"monospace\"];")?;
    let mut next_id = 0;
    write_dot_node(out, root, scores, 0, &mut next_id)?;
    writeln!(out, "}}")
}

/// Writes `node`, `plies` moves below the root, and everything below it; returns its id.
fn write_dot_node(
    out: &mut impl Write,
    node: &TreeNode,
    scores: &Scores,
    plies: i32,
    next_id: &mut usize,
) -> io::Result<usize> {
    let id = *next_id;
    *next_id += 1;
    let board = &node.board;
    let rows = board.to_string().replace('/', "\\n");
    let status = match board.outcome() {
        crate::engine::board::Outcome::Ongoing => format!("{} to move", board.to_move()),
        outcome => outcome.to_string(),
    };
    writeln!(out, "  n{id} [label=\"{rows}\\n{status}\"];")?;
    for branch in node.children.iter().flatten() {
        let child = write_dot_node(out, &branch.node, scores, plies + 1, next_id)?;
        let style = if branch.best {
            ", style=bold, penwidth=3"
        } else {
            ""
        };
        writeln!(
            out,
            "  n{id} -> n{child} [label=\"({}, {}) {}\"{style}];",
            branch.cell.row,
            branch.cell.col,
            scores.number(board, branch, plies)
        )?;
    }
    Ok(id)
}
