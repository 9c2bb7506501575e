//! `tictactoe trace`: the events of a search, one JSON line each, in the order it makes them.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{RulesArgs, ViewArg, view_or_mover};
use super::error::{Error, Finished};
use super::position::Position;
use super::progress;
use super::report::LineJson;
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::minimax::{Observer, RootWindow, SearchControl, Stop};
use crate::engine::score::Score;
use crate::learn::pseudocode::{
    CodeStep, Event, Line, line_of, pseudocode, step_of, tree_pseudocode, tree_step_of,
};
use crate::learn::trace::{EventKind, TraceAlgorithm};
use crate::learn::tree_svg;
use crate::learn::view::{Seen, Shown};
use crate::learn::view::{SeenTree, ShowsSearch};

#[derive(Debug, Args)]
#[command(after_help = "Events, one JSON object a line:\n  \
    {\"event\":\"enter\",\"depth\":d,\"board\":B,\"role\":\"max\"|\"min\"} (alpha-beta adds \"alpha\", \"beta\")\n  \
    {\"event\":\"leaf\",\"depth\":d,\"board\":B,\"score\":s}\n  \
    {\"event\":\"return\",\"depth\":d,\"board\":B,\"score\":s}\n  \
    {\"event\":\"cutoff\",\"depth\":d,\"board\":B,\"alpha\":a,\"beta\":b,\"pruned\":[[r,c],...]}\n  \
    {\"event\":\"done\",\"algorithm\":..,\"root\":\"fresh\"|\"shared\" (alpha-beta),\"nodes\":N,\"moves\":[{\"row\",\"col\",\"score\"},...],\"best\":{\"row\",\"col\"}}\n  \
    {\"event\":\"stopped\",\"by\":\"max-lines\"|\"max-nodes\",\"limit\":N,\"lines\":L} (last, instead of done)\n\
With --pseudocode, enter, leaf, return and cutoff add \"code\": the line of pseudocode the event\n\
shows (the line the app's step-through highlights; a tree's, the textbook's code for trees).\n\
The last line is always done or stopped. A trace stops after --max-lines lines (default\n\
1,500,000: the whole of plain minimax on the empty 3x3) or --max-nodes positions, and then\n\
exits with status 2.\n\
Scores, roles and windows are the maximiser's: the side to move at the start (without --view,\n\
or --view mover), or X (--view x). The start's moves lead to depth 0.\n\
Alpha-beta's window starts at -(W+1), W+1 (W = 10 on 3x3): one beyond any score, for infinity.\n\
--root fresh (the default) gives each of the start's moves that whole window, as findBestMove\n\
does; --root shared searches the position with one window, as the textbook's alphabeta(root):\n\
on XOX/.O./X.. 25 positions and 15. Under shared, a move's score may be a bound (\"bound\").\n\
A tree's events name the node by the child numbers from the root, from 1 (\"node\":[2,1], the\n\
root []), where a board's name the board; the root is the first call, at depth 0; every number\n\
is MAX's; W is the largest leaf in magnitude; done gives \"value\" and \"line\".\n\n\
Examples:\n  tictactoe trace XOX/.O./X.. --algorithm alphabeta\n  \
tictactoe trace XOX/.O./X.. --algorithm alphabeta --root shared\n  \
tictactoe trace XOX/.O./X.. --view x\n  \
tictactoe trace '[[3,12,8],[2,4,6],[14,5,2]]' --algorithm alphabeta")]
pub struct TraceArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..). Or an
    /// abstract tree, as `tree` takes it (e.g. `[[3,12,8],[2,4,6],[14,5,2]]`, or a built-in
    /// tree's name such as three-ply), searched from its root.
    pub board: String,

    /// Plain minimax, or alpha-beta as the textbooks write it (no table: `analyze`'s
    /// alphabeta-classic, a name `trace` takes too).
    #[arg(long, value_enum, default_value_t = TraceAlgorithmArg::Plain)]
    pub algorithm: TraceAlgorithmArg,

    /// How alpha-beta treats a board's moves: `fresh` searches each with the whole window, as
    /// the articles' findBestMove does (every move's score exact: what `analyze` and the app's
    /// scores use), `shared` searches the position with one window, as the textbook's
    /// alphabeta(root) (the best so far is alpha for the next move: fewer positions, only the
    /// best move's score exact). A typed tree is always searched from its root with one window.
    #[arg(long, value_enum, value_name = "RULE", default_value_t = RootArg::Fresh)]
    pub root: RootArg,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Give up after visiting this many positions.
    #[arg(long, value_name = "N", default_value_t = crate::cli::args::default_max_nodes(), value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_nodes), allow_hyphen_values = true)]
    pub max_nodes: u64,

    /// Stop after writing this many event lines (then a last "stopped" line).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_LINES, value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_lines), allow_hyphen_values = true)]
    pub max_lines: u64,

    /// Who maximises: `mover` (the side to move at the start: what it prints without --view) or
    /// `x` (X, as the articles write minimax; every score is X's).
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,

    /// Add to each event the line of pseudocode it shows (as "code"), the line the app's
    /// step-through highlights.
    #[arg(long)]
    pub pseudocode: bool,

    /// `json`: the events, a line each. `svg`: the finished search drawn as the app draws it
    /// (a tree's in the tree lab, every node with its value or bound, pruned branches crossed,
    /// each cut-off's sentence under the legend; a board's as the step-through draws it at the
    /// end: the start and its moves' values).
    #[arg(long, value_enum, default_value_t = TraceFormat::Json)]
    pub format: TraceFormat,
}

/// What `trace` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    Json,
    Svg,
}

/// How many event lines `trace` writes at most unless told otherwise: enough for plain minimax
/// on the empty 3×3 (1,355,058 lines).
pub const DEFAULT_MAX_LINES: u64 = 1_500_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TraceAlgorithmArg {
    Plain,
    #[value(alias = "alphabeta-classic")]
    Alphabeta,
}

impl From<TraceAlgorithmArg> for TraceAlgorithm {
    fn from(algorithm: TraceAlgorithmArg) -> TraceAlgorithm {
        match algorithm {
            TraceAlgorithmArg::Plain => TraceAlgorithm::Plain,
            TraceAlgorithmArg::Alphabeta => TraceAlgorithm::AlphaBetaClassic,
        }
    }
}

/// How alpha-beta treats a board's root moves (`--root`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RootArg {
    Fresh,
    Shared,
}

/// The search `--algorithm` and `--root` name together.
fn traced(args: &TraceArgs) -> TraceAlgorithm {
    match (args.algorithm, args.root) {
        (TraceAlgorithmArg::Alphabeta, RootArg::Shared) => TraceAlgorithm::AlphaBetaShared,
        (algorithm, _) => TraceAlgorithm::from(algorithm),
    }
}

/// Runs `trace`, and with `progress` (for a terminal) a line on standard error telling how many
/// lines it has written, once it has run for a second.
pub fn trace(args: &TraceArgs, mut out: impl Write, progress: bool) -> Result<Finished, Error> {
    let board = match args.rules.position(&args.board, args.view.is_some()) {
        Ok(Position::Board(board)) => board,
        Ok(Position::Tree(tree)) if tree.has_chance() => {
            return Err(Error::position(
                &args.board,
                no_chance_trace(args.algorithm),
            ));
        }
        Ok(Position::Tree(tree)) if args.format == TraceFormat::Svg => {
            return tree_svg_out(args, &tree, out);
        }
        Ok(Position::Tree(tree)) => return trace_tree(args, &tree, out, progress),
        Err(message) => return Err(Error::position(&args.board, message)),
    };
    if args.algorithm == TraceAlgorithmArg::Plain && args.root == RootArg::Shared {
        return Err(Error::Usage(
            "--root shared is alpha-beta's (plain minimax has no window to share): add \
             --algorithm alphabeta"
                .to_string(),
        ));
    }
    if args.format == TraceFormat::Svg {
        return board_svg_out(args, &board, out);
    }
    let algorithm = traced(args);
    let control = SearchControl::with_node_budget(args.max_nodes);
    let seen = Seen::new(view_or_mover(args.view), &board);
    let written = AtomicU64::new(0);
    let code = args
        .pseudocode
        .then(|| pseudocode(algorithm, seen.role(board.to_move())));
    let mut lines = JsonLines {
        sink: LineSink::new(&mut out, &control, code, &written, args.max_lines),
        seen,
        start_mover: board.to_move(),
    };
    let status = || {
        format!(
            "{} lines, {} positions",
            written.load(Ordering::Relaxed),
            control.progress().nodes
        )
    };
    let result = progress::while_running(progress, &status, || {
        algorithm.run(&board, &control, &mut lines)
    });
    let result = cut_short(result, &control);
    if let Some(error) = lines.sink.error {
        return Err(error.into());
    }
    match result {
        Ok(analysis) => {
            // Under one shared window a move that could not beat the best before it returned
            // only a bound: at most that for the side to move, at least where it is shown
            // minimising.
            let mut best_before: Option<Score> = None;
            let root = algorithm.root_window();
            let done = EventJson::Done {
                algorithm: algorithm.name(),
                root: root.map(|root| match root {
                    RootWindow::Fresh => "fresh",
                    RootWindow::Shared => "shared",
                }),
                nodes: analysis.stats.nodes,
                moves: analysis
                    .moves
                    .iter()
                    .map(|m| {
                        let bounded = root == Some(RootWindow::Shared)
                            && best_before.is_some_and(|best| m.score <= best);
                        best_before = Some(best_before.map_or(m.score, |best| best.max(m.score)));
                        MoveJson {
                            row: m.cell.row,
                            col: m.cell.col,
                            // The root mover's score with depth from the root: the search's own.
                            score: seen.root_number(m.score),
                            bound: bounded.then_some(if seen.is_max(true) {
                                "at most"
                            } else {
                                "at least"
                            }),
                        }
                    })
                    .collect(),
                best: analysis.best().map(|m| m.cell),
            };
            write_line(&mut out, &done)?;
            out.flush()?;
            Ok(Finished::Done)
        }
        Err(stop) => stopped(args, stop, written.load(Ordering::Relaxed), out),
    }
}

/// `--pseudocode` tags the JSON events; a picture has none to tag.
const PSEUDOCODE_NOT_DRAWN: &str =
    "--pseudocode tags the JSON events with their code lines; --format svg draws no events";

/// A typed tree's finished search as an SVG picture, as the tree lab draws it at its end.
fn tree_svg_out(args: &TraceArgs, tree: &GameTree, mut out: impl Write) -> Result<Finished, Error> {
    if args.pseudocode {
        return Err(Error::Usage(PSEUDOCODE_NOT_DRAWN.to_string()));
    }
    let algorithm = TraceAlgorithm::from(args.algorithm);
    out.write_all(tree_svg::tree_search_svg(tree, algorithm).as_bytes())?;
    out.flush()?;
    Ok(Finished::Done)
}

/// A board's finished search as an SVG picture, as the step-through draws it at its end; a
/// search that needs more than --max-nodes positions is refused in one line.
fn board_svg_out(args: &TraceArgs, board: &Board, mut out: impl Write) -> Result<Finished, Error> {
    if args.pseudocode {
        return Err(Error::Usage(PSEUDOCODE_NOT_DRAWN.to_string()));
    }
    let algorithm = traced(args);
    let control = SearchControl::with_node_budget(args.max_nodes);
    let seen = Seen::new(view_or_mover(args.view), board);
    match tree_svg::board_search_svg(board, algorithm, &control, &seen) {
        Ok(svg) => {
            out.write_all(svg.as_bytes())?;
            out.flush()?;
            Ok(Finished::Done)
        }
        Err(stop) => Err(Error::position(
            &args.board,
            format!("{stop} (raise --max-nodes to search further)"),
        )),
    }
}

/// Why a tree with chance nodes is not traced: alpha-beta does not apply to it, and the
/// step-through follows minimax and alpha-beta only.
fn no_chance_trace(algorithm: TraceAlgorithmArg) -> &'static str {
    match algorithm {
        TraceAlgorithmArg::Alphabeta => {
            "alpha-beta does not apply to chance nodes: a chance node's average can still move \
             anywhere until its last child is seen, so without bounds on the leaves no child \
             can be skipped (tictactoe tree prints the expectiminimax values)"
        }
        TraceAlgorithmArg::Plain => {
            "a tree with chance nodes is not traced call by call (tictactoe tree prints every \
             node's expectiminimax value)"
        }
    }
}

/// A search the line cap cancelled, as stopped even when it finished before it looked at its
/// control (a small search looks only every few thousand positions): its trace lacks lines.
fn cut_short<T>(result: Result<T, Stop>, control: &SearchControl) -> Result<T, Stop> {
    match result {
        Ok(_) if control.is_cancelled() => Err(Stop::Cancelled),
        result => result,
    }
}

/// The last line of a trace that stopped, and the error that says why.
fn stopped(
    args: &TraceArgs,
    stop: Stop,
    lines: u64,
    mut out: impl Write,
) -> Result<Finished, Error> {
    // The line cap cancels the search; nothing else does.
    let (by, limit, message) = match stop {
        Stop::Cancelled => (
            "max-lines",
            args.max_lines,
            format!("stopped after writing {lines} lines (raise --max-lines to trace further)"),
        ),
        Stop::NodeBudget { limit } => (
            "max-nodes",
            limit,
            format!("{stop} (raise --max-nodes to search further)"),
        ),
        Stop::TimeLimit => ("time-limit", 0, stop.to_string()),
    };
    write_line(&mut out, &EventJson::Stopped { by, limit, lines })?;
    out.flush()?;
    Err(Error::position(&args.board, message))
}

/// Traces a typed tree from its root (depth 0, as the textbooks search it): the same events,
/// each naming its node by the child numbers that lead to it from the root (from 1), every
/// number MAX's, as the leaves are typed.
fn trace_tree(
    args: &TraceArgs,
    tree: &GameTree,
    mut out: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let algorithm = TraceAlgorithm::from(args.algorithm);
    let control = SearchControl::with_node_budget(args.max_nodes);
    let written = AtomicU64::new(0);
    let code = args
        .pseudocode
        .then(|| tree_pseudocode(algorithm, tree.root_side()));
    let mut lines = TreeLines {
        sink: LineSink::new(&mut out, &control, code, &written, args.max_lines),
        root_side: tree.root_side(),
        seen: SeenTree::new(tree),
    };
    let status = || format!("{} lines", written.load(Ordering::Relaxed));
    let result = progress::while_running(progress, &status, || {
        algorithm.run_game(&tree.root(), &control, &mut lines)
    });
    let result = cut_short(result, &control);
    if let Some(error) = lines.sink.error {
        return Err(error.into());
    }
    match result {
        Ok(found) => {
            let done = TreeEventJson::Done {
                algorithm: algorithm.name(),
                nodes: found.nodes,
                value: SeenTree::new(tree).root_number(found.value).value(),
                line: found.line.iter().map(|index| index + 1).collect(),
            };
            write_line(&mut out, &done)?;
            out.flush()?;
            Ok(Finished::Done)
        }
        Err(stop) => stopped(args, stop, written.load(Ordering::Relaxed), out),
    }
}

/// One line of a typed tree's trace: a board's events, with `node` (the child numbers from the
/// root, from 1) where a board's have `board`.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
enum TreeEventJson {
    Enter {
        depth: i32,
        node: Vec<usize>,
        role: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        alpha: Option<i32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        beta: Option<i32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Leaf {
        depth: i32,
        node: Vec<usize>,
        score: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Return {
        depth: i32,
        node: Vec<usize>,
        score: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Cutoff {
        depth: i32,
        node: Vec<usize>,
        alpha: i32,
        beta: i32,
        /// The children skipped, from 1.
        pruned: Vec<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Done {
        algorithm: &'static str,
        nodes: u64,
        /// The root's value.
        value: i32,
        /// Minimax's line: the child taken at each level, from 1.
        line: Vec<usize>,
    },
}

/// Where a trace's lines go, boards' and typed trees' alike: at most `max_lines` of them (then
/// the search is stopped), and a write error stops the search and is kept for the caller.
struct LineSink<'a, W> {
    out: &'a mut W,
    control: &'a SearchControl,
    /// The pseudocode whose lines the events show, with `--pseudocode`.
    code: Option<Vec<Line>>,
    /// Event lines written so far, and how many may be.
    written: &'a AtomicU64,
    max_lines: u64,
    error: Option<io::Error>,
}

impl<'a, W: Write> LineSink<'a, W> {
    fn new(
        out: &'a mut W,
        control: &'a SearchControl,
        code: Option<Vec<Line>>,
        written: &'a AtomicU64,
        max_lines: u64,
    ) -> Self {
        LineSink {
            out,
            control,
            code,
            written,
            max_lines,
            error: None,
        }
    }

    /// The line of the pseudocode that `step` is, trimmed, with `--pseudocode`.
    fn code(&self, step: CodeStep) -> Option<&'static str> {
        let code = self.code.as_ref()?;
        let line = line_of(code, step)?;
        Some(code[line].text.trim())
    }

    fn line(&mut self, event: &impl Serialize) {
        if self.error.is_some() || self.control.is_cancelled() {
            return;
        }
        if self.written.load(Ordering::Relaxed) >= self.max_lines {
            self.control.cancel();
            return;
        }
        self.written.fetch_add(1, Ordering::Relaxed);
        if let Err(error) = write_line(self.out, event) {
            self.error = Some(error);
            self.control.cancel();
        }
    }
}

/// Writes each event of a tree's search as a line of JSON, in MAX's numbers.
struct TreeLines<'a, W> {
    sink: LineSink<'a, W>,
    /// The side to move at the root: the search's own maximiser.
    root_side: Side,
    /// How its numbers are shown: MAX's.
    seen: SeenTree,
}

impl<W: Write> TreeLines<'_, W> {
    /// The line of the tree's pseudocode an event of `kind` at `depth` shows, trimmed, with
    /// `--pseudocode`.
    fn code(&self, kind: EventKind, depth: i32) -> Option<&'static str> {
        self.sink.code(tree_step_of(kind, depth, self.root_side))
    }

    fn number(&self, score: Score) -> i32 {
        self.seen.root_number(score).value()
    }

    /// The window in MAX's numbers: for a MIN root, the search's (α, β) turned round.
    fn window(&self, alpha: Score, beta: Score) -> (i32, i32) {
        let (alpha, beta) = self.seen.window(alpha, beta);
        (alpha.value(), beta.value())
    }

    fn line(&mut self, event: TreeEventJson) {
        self.sink.line(&event);
    }

    /// A leaf's or a return's line: a node and its value.
    fn scored(&mut self, kind: EventKind, depth: i32, node: &TreePosition<'_>, score: Score) {
        let (node, score) = (numbered(node.path()), self.number(score));
        let code = self.code(kind, depth);
        self.line(if kind == EventKind::Leaf {
            TreeEventJson::Leaf {
                depth,
                node,
                score,
                code,
            }
        } else {
            TreeEventJson::Return {
                depth,
                node,
                score,
                code,
            }
        });
    }
}

fn numbered(path: Vec<usize>) -> Vec<usize> {
    path.into_iter().map(|index| index + 1).collect()
}

impl<'t, W: Write> Observer<TreePosition<'t>> for TreeLines<'_, W> {
    fn enter(
        &mut self,
        depth: i32,
        node: &TreePosition<'t>,
        _: Option<usize>,
        is_max: bool,
        window: Option<(Score, Score)>,
    ) {
        let window = window.map(|(alpha, beta)| self.window(alpha, beta));
        let max = is_max == (self.root_side == Side::Max);
        self.line(TreeEventJson::Enter {
            depth,
            node: numbered(node.path()),
            role: if max { "max" } else { "min" },
            alpha: window.map(|(alpha, _)| alpha),
            beta: window.map(|(_, beta)| beta),
            code: self.code(EventKind::Enter, depth),
        });
    }

    fn leaf(&mut self, depth: i32, node: &TreePosition<'t>, score: Score) {
        self.scored(EventKind::Leaf, depth, node, score);
    }

    fn exit(&mut self, depth: i32, node: &TreePosition<'t>, score: Score) {
        self.scored(EventKind::Exit, depth, node, score);
    }

    fn cutoff(
        &mut self,
        depth: i32,
        node: &TreePosition<'t>,
        alpha: Score,
        beta: Score,
        pruned: &[usize],
    ) {
        let (alpha, beta) = self.window(alpha, beta);
        self.line(TreeEventJson::Cutoff {
            depth,
            node: numbered(node.path()),
            alpha,
            beta,
            pruned: pruned.iter().map(|index| index + 1).collect(),
            code: self.code(EventKind::Cutoff, depth),
        });
    }
}

/// One line of a trace.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
enum EventJson<'a> {
    Enter {
        depth: i32,
        board: &'a str,
        role: &'static str,
        /// Alpha-beta's window; plain minimax has none.
        #[serde(skip_serializing_if = "Option::is_none")]
        alpha: Option<Shown>,
        #[serde(skip_serializing_if = "Option::is_none")]
        beta: Option<Shown>,
        /// The line of pseudocode the event shows (`--pseudocode`).
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Leaf {
        depth: i32,
        board: &'a str,
        score: Shown,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Return {
        depth: i32,
        board: &'a str,
        score: Shown,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Cutoff {
        depth: i32,
        board: &'a str,
        alpha: Shown,
        beta: Shown,
        pruned: LineJson<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
    },
    Done {
        algorithm: &'static str,
        /// Alpha-beta's root rule on a board: "fresh" or "shared" (`--root`).
        #[serde(skip_serializing_if = "Option::is_none")]
        root: Option<&'static str>,
        nodes: u64,
        moves: Vec<MoveJson>,
        best: Option<Cell>,
    },
    /// The search stopped before it was done: by which bound, its limit, and how many lines
    /// came before this one.
    Stopped {
        by: &'static str,
        limit: u64,
        lines: u64,
    },
}

/// A root move's score in the `done` event.
#[derive(Serialize)]
struct MoveJson {
    row: usize,
    col: usize,
    score: Shown,
    /// Under `--root shared`, "at most" or "at least" where the score is only a bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<&'static str>,
}

fn write_line(out: &mut impl Write, event: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, event)?;
    out.write_all(b"\n")
}

/// Writes each event as a line of JSON, its numbers seen by the maximiser `seen` names. A write
/// error stops the search.
struct JsonLines<'a, W> {
    sink: LineSink<'a, W>,
    /// The search scores for the side to move at the start; this says how that is shown.
    seen: Seen,
    /// The side to move at the start: the search's own maximiser.
    start_mover: Mark,
}

impl<W: Write> JsonLines<'_, W> {
    /// The line of the pseudocode that `event` shows, trimmed, with `--pseudocode`.
    fn code(&self, event: Event) -> Option<&'static str> {
        self.sink.code(step_of(event, &self.seen))
    }

    fn line(&mut self, event: EventJson) {
        self.sink.line(&event);
    }

    /// A leaf's or a return's line: a board and its score, in the maximiser's numbers.
    fn scored(
        &mut self,
        leaf: bool,
        depth: i32,
        board: &Board,
        score: Score,
        code: Option<&'static str>,
    ) {
        let board = board.notation();
        let (board, score) = (board.as_str(), self.seen.root_number(score));
        self.line(if leaf {
            EventJson::Leaf {
                depth,
                board,
                score,
                code,
            }
        } else {
            EventJson::Return {
                depth,
                board,
                score,
                code,
            }
        });
    }
}

impl<W: Write> Observer for JsonLines<'_, W> {
    fn enter(
        &mut self,
        depth: i32,
        board: &Board,
        _: Option<Cell>,
        is_max: bool,
        window: Option<(Score, Score)>,
    ) {
        let code = self.code(Event::Enter);
        let board = board.notation();
        let window = window.map(|(alpha, beta)| self.seen.window(alpha, beta));
        self.line(EventJson::Enter {
            depth,
            board: board.as_str(),
            role: if self.seen.is_max(is_max) {
                "max"
            } else {
                "min"
            },
            alpha: window.map(|(alpha, _)| alpha),
            beta: window.map(|(_, beta)| beta),
            code,
        });
    }

    fn leaf(&mut self, depth: i32, board: &Board, score: Score) {
        let code = self.code(Event::Leaf { score });
        self.scored(true, depth, board, score, code);
    }

    fn exit(&mut self, depth: i32, board: &Board, score: Score) {
        // The caller made the move that led to `board`.
        let code = self.code(Event::Return {
            to_root: depth == 0,
            caller_is_max: board.to_move() != self.start_mover,
        });
        self.scored(false, depth, board, score, code);
    }

    fn cutoff(&mut self, depth: i32, board: &Board, alpha: Score, beta: Score, pruned: &[Cell]) {
        let code = self.code(Event::Cutoff {
            is_max: board.to_move() == self.start_mover,
        });
        let board = board.notation();
        let (alpha, beta) = self.seen.window(alpha, beta);
        self.line(EventJson::Cutoff {
            depth,
            board: board.as_str(),
            alpha,
            beta,
            pruned: LineJson(pruned),
            code,
        });
    }
}
