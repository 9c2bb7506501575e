//! `tictactoe tree`: the game tree the explorer panel draws, as JSON or Graphviz.

use std::io::{self, Write};

use clap::{Args, ValueEnum};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use super::{EXIT_BAD_BOARD, EXIT_OK, MarkArg, preview};
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
            serde_json::to_writer(
                &mut out,
                &NodeJson {
                    node: &root,
                    branch: None,
                },
            )
            .map_err(io::Error::other)?;
            out.write_all(b"\n")?;
        }
        TreeFormat::Dot => write_dot(&mut out, &root)?,
    }
    out.flush()?;
    Ok(EXIT_OK)
}

/// A node as JSON: its move (for a child), its position, and its children when expanded.
struct NodeJson<'a> {
    node: &'a TreeNode,
    branch: Option<&'a Branch>,
}

impl Serialize for NodeJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(branch) = self.branch {
            map.serialize_entry("row", &branch.cell.row)?;
            map.serialize_entry("col", &branch.cell.col)?;
            map.serialize_entry("score", &branch.score.value())?;
            map.serialize_entry("best", &branch.best)?;
        }
        let board = &self.node.board;
        map.serialize_entry("board", board.notation().as_str())?;
        map.serialize_entry("to_move", &board.to_move().to_string())?;
        map.serialize_entry("outcome", &board.outcome().to_string())?;
        if let Some(children) = &self.node.children {
            let children: Vec<NodeJson> = children
                .iter()
                .map(|branch| NodeJson {
                    node: &branch.node,
                    branch: Some(branch),
                })
                .collect();
            map.serialize_entry("children", &children)?;
        }
        map.end()
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
