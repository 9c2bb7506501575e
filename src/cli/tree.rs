//! `tictactoe tree`: the game tree the explorer panel draws, as JSON or Graphviz.

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::{EXIT_BAD_BOARD, EXIT_OK, MarkArg, outcome_name, preview};
use crate::board::{Board, Mark};
use crate::minimax::{SearchControl, Searcher};
use crate::tree::{self, Branch, TreeNode};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe tree XOX/.O./X..\n  tictactoe tree XOX/.O./X.. --depth 2\n  \
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

    /// Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X).
    #[arg(long, value_enum)]
    pub to_move: Option<MarkArg>,

    /// Give up on a position after visiting this many positions.
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    pub max_nodes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    Json,
    Dot,
}

/// Runs `tree`. Returns the exit status.
pub fn tree(args: &TreeArgs, mut out: impl Write, mut err: impl Write) -> io::Result<i32> {
    let to_move = args.to_move.map(Mark::from);
    let board = match Board::parse_with_turn(&args.board, to_move) {
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
    match args.format {
        TreeFormat::Json => {
            serde_json::to_writer(&mut out, &NodeJson::of(&root, None))?;
            out.write_all(b"\n")?;
        }
        TreeFormat::Dot => write_dot(&mut out, &root)?,
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

impl NodeJson {
    /// `node` and everything below it; `branch` is the move that led to it (none at the root).
    fn of(node: &TreeNode, branch: Option<&Branch>) -> NodeJson {
        let board = &node.board;
        NodeJson {
            branch: branch.map(|branch| BranchJson {
                row: branch.cell.row,
                col: branch.cell.col,
                score: branch.score.value(),
                best: branch.best,
            }),
            board: board.notation().as_str().to_string(),
            to_move: board.to_move().symbol(),
            outcome: outcome_name(board.outcome()),
            children: node.children.as_ref().map(|children| {
                children
                    .iter()
                    .map(|branch| NodeJson::of(&branch.node, Some(branch)))
                    .collect()
            }),
        }
    }
}

/// Graphviz: a box per position (its rows and who is to move), an arrow per move labelled with
/// its cell (from 0, as `analyze` prints it) and score; minimax's choices bold.
fn write_dot(out: &mut impl Write, root: &TreeNode) -> io::Result<()> {
    writeln!(out, "digraph tree {{")?;
    writeln!(out, "  node [shape=box, fontname=\"monospace\"];")?;
    let mut next_id = 0;
    write_dot_node(out, root, &mut next_id)?;
    writeln!(out, "}}")
}

fn write_dot_node(out: &mut impl Write, node: &TreeNode, next_id: &mut usize) -> io::Result<usize> {
    let id = *next_id;
    *next_id += 1;
    let board = &node.board;
    let rows = board.to_string().replace('/', "\\n");
    let status = match board.outcome() {
        crate::board::Outcome::Ongoing => format!("{} to move", board.to_move()),
        outcome => outcome.to_string(),
    };
    writeln!(out, "  n{id} [label=\"{rows}\\n{status}\"];")?;
    for branch in node.children.iter().flatten() {
        let child = write_dot_node(out, &branch.node, next_id)?;
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
            branch.score.value()
        )?;
    }
    Ok(id)
}
