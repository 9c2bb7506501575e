//! `tictactoe tree`: the game tree the explorer panel draws, as JSON or Graphviz.

use std::convert::Infallible;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{RulesArgs, ViewArg};
use super::error::{Error, Finished};
use super::position::Position;
use super::progress;
use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::game_tree::{GameTree, Side, TreePosition, probability_text};
use crate::engine::minimax::{Analysis, ExpectedValue, SearchControl, Solver, Stop};
use crate::engine::score::Score;
use crate::learn::abstract_tree::{self, CHANCE_PLACES, NodeValue};
use crate::learn::tree::{TreeNode, grow};
use crate::learn::tree_picture::picture;
use crate::learn::view::{ScoreView, Seen, Shown};
use crate::learn::{tree_sketch, tree_svg};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe tree XOX/.O./X..\n  tictactoe tree XOX/.O./X.. --depth 2\n  \
                  tictactoe tree XOX/.O./X.. --depth 2 --view x\n  \
                  tictactoe tree XOX/.O./X.. --depth 3 --format dot | dot -Tsvg > tree.svg\n  \
                  tictactoe tree '[[3,12,8],[2,4,6],[14,5,2]]'\n  \
                  tictactoe tree 'min:[[3,12,8],[2,4,6],[14,5,2]]' --format svg > tree.svg\n  \
                  tictactoe tree three-cutoffs\n\n\
                  A tree prints each node as {\"child\":i,\"best\":b,\"side\":\"max\"|\"min\",\"value\":v,\n\
                  \"children\":[...]}: i counts from 1, left to right; v is MAX's minimax value; a leaf\n\
                  has no side and no children; the root adds \"tree\", the notation.\n\n\
                  A tree with chance nodes (tictactoe tree '[chance[3,12],chance[2,4,6]]') prints\n\
                  expectiminimax's values: side \"chance\" at a chance node, its children with\n\
                  \"probability\" (exact, as 1/2), each value as a number and \"exact\" (a fraction)."
)]
pub struct TreeArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..). Or an
    /// abstract tree, as the textbooks draw them: nested lists of whole numbers, children left
    /// to right (e.g. `[[3,12,8],[2,4,6],[14,5,2]]`), MAX at the root unless it starts with min:
    /// (at most 1000 nodes, 12 levels below the root, leaves within ±999999999); or a built-in
    /// tree by name: three-ply, three-cutoffs, worst-order, best-order.
    pub board: String,

    /// How many levels of moves to print below the position (default: 1 for a board, the
    /// whole tree for a tree).
    #[arg(long, value_name = "N", value_parser = crate::cli::args::Checked(crate::cli::args::parse_depth), allow_hyphen_values = true)]
    pub depth: Option<u32>,

    /// JSON (one object), Graphviz `dot` with minimax's choices drawn bold, or an SVG picture
    /// (MAX and MIN levels, a value at each node, minimax's line drawn thick; its values are one
    /// search's, seen as --view says, `mover` without it).
    #[arg(long, value_enum, default_value_t = TreeFormat::Json)]
    pub format: TreeFormat,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Give up on a position after visiting this many positions in its search (each printed
    /// position's moves are searched with the exact engine, as `analyze` searches them).
    #[arg(long, value_name = "N", default_value_t = crate::cli::args::default_max_nodes(), value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_nodes), allow_hyphen_values = true)]
    pub max_nodes: u64,

    /// Stop after printing this many positions, and say so: the JSON's root gets
    /// "complete": false (Graphviz: a comment), with a line on standard error. The tree is
    /// written as it is searched, so memory stays small whatever the depth.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_PRINTED, value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_printed), allow_hyphen_values = true)]
    pub max_printed: u64,

    /// Every node's score as the value of the one search from the position given: `mover` (its
    /// player to move maximises) or `x` (X maximises), depth counted from the position given.
    /// Without it each score is the move's own, for the side that plays it, with depth counted
    /// from the node it is played on.
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,

    /// With --format svg, draw each position small under its node (a board's tree only).
    #[arg(long)]
    pub boards: bool,
}

/// How many positions `tree` prints at most unless told otherwise.
pub const DEFAULT_MAX_PRINTED: u64 = 100_000;

/// The most positions whose moves an SVG picture draws, whatever `--max-printed` says: unlike
/// JSON and Graphviz, which are written as the tree is searched, a picture is laid out whole in
/// memory, and one with more nodes than this is past reading anyway. The empty 4×4 twenty levels
/// deep: 0.74 MB of SVG, 24 MB of memory in all (360 MB and growing without the cap).
pub const MAX_DRAWN: u64 = 1_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    Json,
    Dot,
    Svg,
}

/// Runs `tree`, and with `progress` (for a terminal) a line on standard error telling how many
/// positions it has printed, once it has run for a second.
pub fn tree(
    args: &TreeArgs,
    mut out: impl Write,
    mut err: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let board = match args.rules.position(&args.board, args.view.is_some()) {
        Ok(Position::Board(board)) => board,
        Ok(Position::Tree(tree)) => return write_textbook_tree(args, &tree, out),
        Err(message) => return Err(Error::position(&args.board, message)),
    };
    let depth = args.depth.unwrap_or(1);
    let printed = AtomicU64::new(0);
    let status = || format!("{} positions printed", printed.load(Ordering::Relaxed));
    let mut walk = Walk {
        solver: Solver::new(),
        max_nodes: args.max_nodes,
        max_printed: match args.format {
            TreeFormat::Svg => args.max_printed.min(MAX_DRAWN),
            TreeFormat::Json | TreeFormat::Dot => args.max_printed,
        },
        printed: &printed,
        scores: Scores {
            seen: args
                .view
                .map(|view| Seen::new(ScoreView::from(view), &board)),
        },
        halt: None,
        next_id: 0,
    };
    let written = progress::while_running(progress, &status, || {
        // The root is searched before anything is printed, so that a position too open to
        // search prints nothing.
        let analysis = match walk.analysis(&board, depth) {
            Ok(analysis) => analysis,
            Err(stop) => return Ok(Err(stop)),
        };
        match args.format {
            TreeFormat::Json => walk.json_node(&mut out, &board, None, depth, 0, analysis)?,
            TreeFormat::Dot => {
                writeln!(out, "digraph tree {{")?;
                writeln!(out, "  node [shape=box, fontname=\"monospace\"];")?;
                walk.dot_node(&mut out, &board, depth, 0, analysis)?;
                if let Some(halt) = &walk.halt {
                    writeln!(out, "  // incomplete: {}", halt.reason(args))?;
                }
                writeln!(out, "}}")?;
            }
            TreeFormat::Svg => {
                let seen = Seen::new(ScoreView::from(args.view.unwrap_or(ViewArg::Mover)), &board);
                let tree = walk.grown(&board, depth, analysis);
                let note = walk.halt.as_ref().map(|halt| halt.reason(args));
                let svg = tree_svg::board_tree_svg(
                    &picture(&tree, &seen),
                    &seen,
                    note.as_deref(),
                    args.boards,
                );
                out.write_all(svg.as_bytes())?;
            }
        }
        out.flush()?;
        io::Result::Ok(Ok(()))
    })?;
    if let Err(stop) = written {
        return Err(Error::position(
            &args.board,
            format!("{stop} (raise --max-nodes to search further)"),
        ));
    }
    match walk.halt {
        None => Ok(Finished::Done),
        // What was printed is whole: a note says where it stops.
        Some(Halt::Printed) => {
            writeln!(err, "tictactoe tree: {}", Halt::Printed.reason(args))?;
            Ok(Finished::Done)
        }
        Some(halt @ Halt::Search(_)) => Err(Error::Stopped(halt.reason(args))),
    }
}

/// Why the tree printed is not the whole tree asked for.
enum Halt {
    /// `--max-printed` positions were printed.
    Printed,
    /// A position's search passed `--max-nodes`.
    Search(Stop),
}

impl Halt {
    /// One line: what stopped the tree and what would print more.
    fn reason(&self, args: &TreeArgs) -> String {
        match self {
            Halt::Printed if args.format == TreeFormat::Svg && args.max_printed > MAX_DRAWN => {
                format!(
                    "stopped after drawing {MAX_DRAWN} positions, the most a picture holds; lower \
                     --depth, or use --format json or dot to print more"
                )
            }
            Halt::Printed => format!(
                "stopped after printing {} positions (--max-printed); raise it or lower --depth \
                 to print the whole tree",
                args.max_printed
            ),
            Halt::Search(stop) => format!("{stop} (raise --max-nodes to search further)"),
        }
    }
}

/// The tree, written as it is searched: one position's analysis at a time, depth first, so that
/// memory stays that of one line of play however large the tree.
struct Walk<'a> {
    /// The exact engine `analyze` uses, its table shared by every position of the tree.
    solver: Solver,
    max_nodes: u64,
    max_printed: u64,
    printed: &'a AtomicU64,
    scores: Scores,
    halt: Option<Halt>,
    next_id: usize,
}

impl Walk<'_> {
    /// The analysis of `board` when its moves are printed (`levels` left, the game not over).
    fn analysis(&mut self, board: &Board, levels: u32) -> Result<Option<Analysis>, Stop> {
        if levels == 0 || board.outcome().is_over() {
            return Ok(None);
        }
        let control = SearchControl::with_node_budget(self.max_nodes);
        self.solver
            .analyze_with(board, &control, &mut |_| {})
            .map(Some)
            .map_err(|stopped| stopped.reason)
    }

    /// The tree below `board` (whose own analysis is `analysis`), `levels` levels of moves,
    /// held whole for a picture: as many positions as the walk may print.
    fn grown(&mut self, board: &Board, levels: u32, analysis: Option<Analysis>) -> TreeNode {
        self.printed.fetch_add(1, Ordering::Relaxed);
        let mut root = Some(analysis);
        let grown = grow(board, &mut |path: &[Cell], node: &Board| {
            if let Some(analysis) = root.take() {
                return Ok::<_, Infallible>(analysis);
            }
            let wanted = levels.saturating_sub(path.len() as u32);
            if wanted == 0 || node.outcome().is_over() || !self.may_print() {
                return Ok(None);
            }
            match self.analysis(node, wanted) {
                Ok(analysis) => Ok(analysis),
                Err(stop) => {
                    self.halt = Some(Halt::Search(stop));
                    Ok(None)
                }
            }
        });
        match grown {
            Ok(tree) => tree,
        }
    }

    /// Counts one more position printed; false (and the walk halts) when the cap is reached.
    fn may_print(&mut self) -> bool {
        if self.halt.is_some() {
            return false;
        }
        if self.printed.load(Ordering::Relaxed) >= self.max_printed {
            self.halt = Some(Halt::Printed);
            return false;
        }
        self.printed.fetch_add(1, Ordering::Relaxed);
        true
    }

    /// The moves of `board` with their analyses searched one by one; `None` when halted.
    fn child(
        &mut self,
        board: &Board,
        cell: Cell,
        levels: u32,
    ) -> Option<(Board, Option<Analysis>)> {
        if !self.may_print() {
            return None;
        }
        let child = board.after(cell).expect("analysed moves are legal");
        match self.analysis(&child, levels) {
            Ok(analysis) => Some((child, analysis)),
            Err(stop) => {
                self.halt = Some(Halt::Search(stop));
                // The child is printed without its moves.
                Some((child, None))
            }
        }
    }

    /// Writes `board` as a JSON object, `levels` levels of moves below it; `branch` is the move
    /// that led to it (none at the root), `analysis` its own.
    fn json_node(
        &mut self,
        out: &mut impl Write,
        board: &Board,
        branch: Option<BranchJson>,
        levels: u32,
        plies: i32,
        analysis: Option<Analysis>,
    ) -> io::Result<()> {
        if plies == 0 {
            self.printed.fetch_add(1, Ordering::Relaxed);
        }
        out.write_all(b"{")?;
        if let Some(branch) = branch {
            let text = serde_json::to_string(&branch)?;
            out.write_all(&text.as_bytes()[1..text.len() - 1])?;
            out.write_all(b",")?;
        }
        write!(out, "\"board\":")?;
        serde_json::to_writer(&mut *out, board.notation().as_str())?;
        write!(
            out,
            ",\"to_move\":\"{}\",\"outcome\":\"{}\"",
            board.to_move().symbol(),
            board.outcome().name()
        )?;
        let expanded = levels > 0 && (analysis.is_some() || board.outcome().is_over());
        if expanded {
            out.write_all(b",\"children\":[")?;
            if let Some(analysis) = &analysis {
                let best = analysis.best().map(|m| m.cell);
                for (index, m) in analysis.moves.iter().enumerate() {
                    let Some((child, below)) = self.child(board, m.cell, levels - 1) else {
                        break;
                    };
                    if index > 0 {
                        out.write_all(b",")?;
                    }
                    let branch = BranchJson {
                        row: m.cell.row,
                        col: m.cell.col,
                        score: self.scores.number(board, m.score, plies),
                        best: Some(m.cell) == best,
                    };
                    self.json_node(out, &child, Some(branch), levels - 1, plies + 1, below)?;
                }
            }
            out.write_all(b"]")?;
        }
        if plies == 0 && self.halt.is_some() {
            out.write_all(b",\"complete\":false")?;
        }
        out.write_all(b"}")?;
        if plies == 0 {
            out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Graphviz: a box per position (its rows and who is to move), an arrow per move labelled
    /// with its cell (from 0, as `analyze` prints it) and score; minimax's choices bold. Writes
    /// `board`, `plies` moves below the root, and everything below it; returns its id.
    fn dot_node(
        &mut self,
        out: &mut impl Write,
        board: &Board,
        levels: u32,
        plies: i32,
        analysis: Option<Analysis>,
    ) -> io::Result<usize> {
        if plies == 0 {
            self.printed.fetch_add(1, Ordering::Relaxed);
        }
        let id = self.next_id;
        self.next_id += 1;
        let rows = board.to_string().replace('/', "\\n");
        let status = match board.outcome() {
            Outcome::Ongoing => format!("{} to move", board.to_move()),
            outcome => outcome.to_string(),
        };
        writeln!(out, "  n{id} [label=\"{rows}\\n{status}\"];")?;
        let Some(analysis) = analysis else {
            return Ok(id);
        };
        let best = analysis.best().map(|m| m.cell);
        for m in &analysis.moves {
            let Some((child, below)) = self.child(board, m.cell, levels - 1) else {
                break;
            };
            let child = self.dot_node(out, &child, levels - 1, plies + 1, below)?;
            let style = if Some(m.cell) == best {
                ", style=bold, penwidth=3"
            } else {
                ""
            };
            writeln!(
                out,
                "  n{id} -> n{child} [label=\"({}, {}) {}\"{style}];",
                m.cell.row,
                m.cell.col,
                self.scores.number(board, m.score, plies).value()
            )?;
        }
        Ok(id)
    }
}

/// The move that leads to a child node.
#[derive(Serialize)]
struct BranchJson {
    row: usize,
    col: usize,
    score: Shown,
    best: bool,
}

/// The number printed for each move of the tree.
struct Scores {
    /// `--view`: the one search from the root, seen as it says; `None`: each move's own score.
    seen: Option<Seen>,
}

impl Scores {
    /// The number of a move scoring `score`, a move of `parent` played `plies` moves below the root (the
    /// root's own moves: 0).
    fn number(&self, parent: &Board, score: Score, plies: i32) -> Shown {
        match &self.seen {
            Some(seen) => seen.number(score, parent.to_move(), plies),
            // Each move's own score is what its parent's view for the side to move shows.
            None => Seen::new(ScoreView::SideToMove, parent).number(score, parent.to_move(), 0),
        }
    }
}

/// Prints a textbook tree, `--depth` levels of it (all without it): every node's value (MAX's)
/// and the choice at each, as JSON, Graphviz or a picture; with chance nodes, expectiminimax's
/// exact values and each chance child's probability (drawn as the app's tree lab draws it).
fn write_textbook_tree(
    args: &TreeArgs,
    tree: &GameTree,
    mut out: impl Write,
) -> Result<Finished, Error> {
    let levels = args.depth.unwrap_or(u32::MAX);
    if tree.has_chance() {
        let values = crate::engine::minimax::expectiminimax(tree);
        match args.format {
            TreeFormat::Json | TreeFormat::Dot => {
                write_values(args.format, tree, &values[..], levels, &mut out)?
            }
            TreeFormat::Svg => {
                out.write_all(tree_svg::svg(&tree_sketch::chance_tree(tree), false).as_bytes())?;
            }
        }
    } else {
        let values = abstract_tree::values(tree);
        match args.format {
            TreeFormat::Json | TreeFormat::Dot => {
                write_values(args.format, tree, &values[..], levels, &mut out)?
            }
            TreeFormat::Svg => {
                let picture = abstract_tree::picture(tree);
                out.write_all(tree_svg::typed_tree_svg(tree, &picture).as_bytes())?;
            }
        }
    }
    out.flush()?;
    Ok(Finished::Done)
}

/// `tree`'s nodes and `values` as JSON on one line, or as a Graphviz graph.
fn write_values<V: TextbookValues + ?Sized>(
    format: TreeFormat,
    tree: &GameTree,
    values: &V,
    levels: u32,
    out: &mut impl Write,
) -> io::Result<()> {
    if format == TreeFormat::Json {
        let mut json = textbook_node_json(tree.root(), values, levels, None);
        json.tree = Some(tree.to_string());
        serde_json::to_writer(&mut *out, &json)?;
        writeln!(out)
    } else {
        writeln!(out, "digraph tree {{")?;
        writeln!(out, "  node [fontname=\"sans-serif\"];")?;
        textbook_node_dot(out, tree.root(), values, levels)?;
        writeln!(out, "}}")
    }
}

/// The values a textbook tree is printed with, by node id: minimax's whole numbers, or
/// expectiminimax's fractions where the tree has chance nodes. One writer prints both.
trait TextbookValues {
    /// A leaf's shape in Graphviz: a circle, unless chance nodes are circles.
    const LEAF_SHAPE: &'static str;
    /// The node's value as JSON's `value`, and exactly (`15/2`) where it is a fraction.
    fn json(&self, id: usize) -> (ValueJson, Option<String>);
    /// The node's value as its Graphviz label.
    fn label(&self, id: usize) -> String;
    /// At a MAX or MIN node, the first child from the left with its value.
    fn best(&self, id: usize) -> Option<usize>;
}

impl TextbookValues for [NodeValue] {
    const LEAF_SHAPE: &'static str = "circle";
    fn json(&self, id: usize) -> (ValueJson, Option<String>) {
        (ValueJson::Whole(self[id].value), None)
    }
    fn label(&self, id: usize) -> String {
        self[id].value.to_string()
    }
    fn best(&self, id: usize) -> Option<usize> {
        self[id].best
    }
}

impl TextbookValues for [ExpectedValue] {
    const LEAF_SHAPE: &'static str = "box";
    fn json(&self, id: usize) -> (ValueJson, Option<String>) {
        let value = self[id].value;
        (ValueJson::Nearest(value.to_f64()), Some(value.to_string()))
    }
    fn label(&self, id: usize) -> String {
        self[id].value.decimal(CHANCE_PLACES)
    }
    fn best(&self, id: usize) -> Option<usize> {
        self[id].best
    }
}

/// A node's value in JSON: minimax's whole number, or the nearest number to an
/// expectiminimax value.
#[derive(Serialize)]
#[serde(untagged)]
enum ValueJson {
    Whole(i32),
    Nearest(f64),
}

/// A node of a textbook tree as `tree` prints it.
#[derive(Serialize)]
struct TextbookNodeJson {
    /// The notation, at the root.
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<String>,
    /// Which child of its parent, from 1 (none at the root).
    #[serde(skip_serializing_if = "Option::is_none")]
    child: Option<usize>,
    /// Below a chance node: this child's probability, exact (`1/2`, `0.25`).
    #[serde(skip_serializing_if = "Option::is_none")]
    probability: Option<String>,
    /// Below MAX or MIN: whether this is the first child with the parent's value.
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<bool>,
    /// "max", "min" or "chance" at an inner node; none at a leaf.
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<&'static str>,
    /// MAX's value (with chance nodes, the nearest number).
    value: ValueJson,
    /// With chance nodes, the value exactly: a whole number or a fraction in lowest terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    exact: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    children: Option<Vec<TextbookNodeJson>>,
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Max => "max",
        Side::Min => "min",
    }
}

fn textbook_node_json<V: TextbookValues + ?Sized>(
    node: TreePosition,
    values: &V,
    levels: u32,
    from: Option<(usize, Option<bool>)>,
) -> TextbookNodeJson {
    let best = values.best(node.id());
    let children = (!node.is_leaf() && levels > 0).then(|| {
        node.children()
            .enumerate()
            .map(|(index, child)| {
                let chosen = best.map(|best| best == index);
                textbook_node_json(child, values, levels - 1, Some((index + 1, chosen)))
            })
            .collect()
    });
    let side = match (node.is_leaf(), node.is_chance()) {
        (true, _) => None,
        (false, true) => Some("chance"),
        (false, false) => Some(side_name(node.side())),
    };
    let (value, exact) = values.json(node.id());
    TextbookNodeJson {
        tree: None,
        child: from.map(|(child, _)| child),
        probability: node.probability().map(probability_text),
        best: from.and_then(|(_, best)| best),
        side,
        value,
        exact,
        children,
    }
}

/// Graphviz: MAX a triangle, MIN one upside down, a chance node a circle, a leaf a circle (a
/// box where chance nodes are circles), each with its value; a chance child's edge labelled with
/// its probability, a MAX or MIN child's with its number (from 1); the choices bold.
fn textbook_node_dot<V: TextbookValues + ?Sized>(
    out: &mut impl Write,
    node: TreePosition,
    values: &V,
    levels: u32,
) -> io::Result<()> {
    let shape = match (node.is_leaf(), node.is_chance(), node.side()) {
        (true, _, _) => V::LEAF_SHAPE,
        (false, true, _) => "circle",
        (false, false, Side::Max) => "triangle",
        (false, false, Side::Min) => "invtriangle",
    };
    writeln!(
        out,
        "  n{} [shape={shape}, label=\"{}\"];",
        node.id(),
        values.label(node.id())
    )?;
    if levels == 0 {
        return Ok(());
    }
    let best = values.best(node.id());
    for (index, child) in node.children().enumerate() {
        textbook_node_dot(out, child, values, levels - 1)?;
        let label = match child.probability() {
            Some(probability) if node.is_chance() => probability_text(probability),
            _ => (index + 1).to_string(),
        };
        let style = if Some(index) == best {
            ", style=bold, penwidth=3"
        } else {
            ""
        };
        writeln!(
            out,
            "  n{} -> n{} [label=\"{label}\"{style}];",
            node.id(),
            child.id()
        )?;
    }
    Ok(())
}
