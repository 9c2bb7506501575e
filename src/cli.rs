//! The command line: `tictactoe` opens the game, `tictactoe analyze` asks the engine about positions.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;

use crate::engine::board::{Board, BoardError, Cell, Mark};
use crate::engine::minimax::{
    self, Algorithm, Analysis, Estimator, MoveBound, MoveScore, Search, SearchControl, Stop,
    Stopped, ThinkTime, Valuation,
};
use crate::engine::score::Score;
use crate::learn::view::{ScoreView, Seen};
use crate::platform::Instant;

#[derive(Debug, Parser)]
#[command(
    name = "tictactoe",
    // The usage line says `tictactoe` whatever the program file is called (tictactoe.exe).
    bin_name = "tictactoe",
    version,
    about = "Tic-Tac-Toe against a minimax AI that shows how it rates every move"
)]
pub struct Cli {
    /// Settings file to load and save (default: settings.ron in the platform's config directory).
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,

    /// Open the game on this position (board notation, as `analyze` takes it, e.g. XOX/OOX/...).
    #[arg(long, value_name = "BOARD")]
    pub position: Option<String>,

    /// With --position: whose move it is (default: from the counts).
    #[arg(long, value_enum, requires = "position")]
    pub to_move: Option<MarkArg>,

    /// With --position: how many in a row win (default: the board's usual).
    #[arg(long, value_name = "K", requires = "position", value_parser = crate::cli::parse_k, allow_negative_numbers = true)]
    pub k: Option<usize>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The position `--position` gives, checked as `analyze` checks a board: `Err` is the one
    /// line to print (before any window opens).
    pub fn position(&self) -> Result<Option<Board>, String> {
        let Some(text) = &self.position else {
            return Ok(None);
        };
        Board::parse_with(text, self.to_move.map(Mark::from), self.k)
            .map(Some)
            .map_err(|error| format!("tictactoe --position: {:?}: {error}", preview(text)))
    }
}

mod progress;
mod review;
mod trace;
mod tree;

pub use review::{ReviewArgs, review, review_showing_progress};
pub use trace::{DEFAULT_MAX_LINES, TraceAlgorithmArg, TraceArgs, trace, trace_showing_progress};
pub use tree::{DEFAULT_MAX_PRINTED, TreeArgs, TreeFormat, tree, tree_showing_progress};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Rate every legal move of a position with minimax and print the result as JSON.
    Analyze(AnalyzeArgs),
    /// Print the game tree below a position with every move's score, as the explorer shows it.
    Tree(TreeArgs),
    /// Print every call a search makes, as JSON lines, as the step-through view shows them.
    Trace(TraceArgs),
    /// Review a game move by move: each move's score, the best score there was, and its class.
    Review(ReviewArgs),
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe analyze XOX/.O./X..\n  tictactoe analyze .../.../... --to-move O --stats\n  \
                        tictactoe analyze XOX/.O./X.. --view x\n  \
                        tictactoe analyze ..../..../..../.... --k 3\n  \
                        tictactoe analyze ....../....../....../....../....../...... --time-limit 5\n  \
                        printf 'X../.../...\\nXX./OO./...\\n' | tictactoe analyze -\n\n\
                  Without --time-limit a search that passes --max-nodes is an error (exit 2, or an \
                  error line in a batch). With --time-limit, running out of time or of positions \
                  prints what was settled: \"complete\": false, and each unsettled move has \
                  \"score\": null, a \"bound\" when one is known and an \"estimate\" from a \
                  depth-limited search."
)]
pub struct AnalyzeArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..), or '-' to
    /// read one position per line from standard input.
    pub board: String,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// The search: plain minimax (the reference), textbook alpha-beta (no table), alpha-beta with
    /// a table and move ordering (the teaching search) or the solver (the fastest); all give the
    /// same scores and lines.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Solver)]
    pub algorithm: AlgorithmArg,

    /// Add the algorithm, positions visited and time taken.
    #[arg(long)]
    pub stats: bool,

    /// Give up on a board after visiting this many positions (open 5×5 and larger boards can
    /// take very long; 3×3 needs at most 549,946 even with plain minimax).
    #[arg(long, value_name = "N", default_value_t = 20_000_000, value_parser = crate::cli::parse_max_nodes, allow_negative_numbers = true)]
    pub max_nodes: u64,

    /// Stop each board's search after this many seconds and print what it settled, with bounds
    /// and estimates for the rest (the last fifth of the time goes to the estimates).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub time_limit: Option<Duration>,

    /// Whose numbers the scores, bounds and estimates are: `mover` (the player to move
    /// maximises: what it prints without --view) or `x` (X maximises, as the articles write
    /// minimax: every number is X's, so on O's turn O's best move has the lowest).
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,
}

/// How a position on the command line is read: whose move it is and how many in a row win.
/// `analyze`, `tree` and `trace` take these two options alike.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Args)]
pub struct RulesArgs {
    /// Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X).
    #[arg(long, value_enum)]
    pub to_move: Option<MarkArg>,

    /// How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7; at most 5).
    #[arg(long, value_name = "K", value_parser = crate::cli::parse_k, allow_negative_numbers = true)]
    pub k: Option<usize>,
}

impl RulesArgs {
    /// The position `text` gives, read with these options and checked with `analyze`'s rules.
    pub fn board(&self, text: &str) -> Result<Board, BoardError> {
        Board::parse_with(text, self.to_move.map(Mark::from), self.k)
    }
}

/// What `--time-limit` accepts, as every message about it says it.
const SECONDS_EXPECTED: &str = "a number of seconds above 0 and below 1000000000, like 5 or 0.5";

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds = text.parse::<f64>().ok();
    match seconds {
        Some(seconds) if seconds.is_finite() && seconds > 0.0 && seconds < 1e9 => {
            Ok(Duration::from_secs_f64(seconds))
        }
        _ => Err(format!(
            "the time limit must be {SECONDS_EXPECTED}, not {}",
            preview(text)
        )),
    }
}

/// `--max-nodes`: a budget of at least one position.
fn parse_max_nodes(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(nodes) if nodes >= 1 => Ok(nodes),
        _ => Err(format!(
            "the budget must be a whole number of positions from 1 to {}, not {}",
            u64::MAX,
            preview(text)
        )),
    }
}

/// `--k`: how many in a row win, a whole number (whether the board allows it is checked with
/// the board, as `analyze` checks it).
fn parse_k(text: &str) -> Result<usize, String> {
    text.parse::<usize>().map_err(|_| {
        format!(
            "how many in a row win must be a whole number from 3 to 5, not {}",
            preview(text)
        )
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MarkArg {
    #[value(name = "X", alias = "x")]
    X,
    #[value(name = "O", alias = "o")]
    O,
}

impl From<MarkArg> for Mark {
    fn from(mark: MarkArg) -> Mark {
        match mark {
            MarkArg::X => Mark::X,
            MarkArg::O => Mark::O,
        }
    }
}

/// How scores are seen (`--view`): the two values of [`ScoreView`], the rule every view of the
/// app follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ViewArg {
    /// The player to move maximises: every number is theirs.
    Mover,
    /// X maximises and O minimises (the articles' view): every number is X's.
    // `X` too, as `--to-move` takes both cases of the mark.
    #[value(alias = "X")]
    X,
}

impl From<ViewArg> for ScoreView {
    fn from(view: ViewArg) -> ScoreView {
        match view {
            ViewArg::Mover => ScoreView::SideToMove,
            ViewArg::X => ScoreView::Articles,
        }
    }
}

/// The view asked for, or the player to move's: what `analyze`, `trace` and `review` print
/// without `--view` is exactly that view's numbers.
fn view_or_mover(view: Option<ViewArg>) -> ScoreView {
    view.map_or(ScoreView::SideToMove, ScoreView::from)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    Plain,
    /// Alpha-beta as the textbooks write it, without a table.
    AlphabetaClassic,
    Alphabeta,
    Solver,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(algorithm: AlgorithmArg) -> Algorithm {
        match algorithm {
            AlgorithmArg::Plain => Algorithm::Plain,
            AlgorithmArg::AlphabetaClassic => Algorithm::AlphaBetaClassic,
            AlgorithmArg::Alphabeta => Algorithm::AlphaBeta,
            AlgorithmArg::Solver => Algorithm::Solver,
        }
    }
}

/// Exit status: every board was analysed.
pub const EXIT_OK: i32 = 0;
/// Exit status: in batch mode, at least one line was not a valid board.
pub const EXIT_SOME_LINES_BAD: i32 = 1;
/// Exit status: the single board given was not valid.
pub const EXIT_BAD_BOARD: i32 = 2;

/// A batch line longer than this is not a board; it is reported without being kept in memory.
const MAX_LINE_BYTES: usize = 4096;

/// Runs `analyze`, reading standard input when the board is `-`. Returns the exit status.
pub fn analyze(
    args: &AnalyzeArgs,
    input: impl BufRead,
    out: impl Write,
    err: impl Write,
) -> io::Result<i32> {
    analyze_showing_progress(args, input, out, err, false)
}

/// [`analyze`], and with `progress` (for a terminal) a line on standard error, rewritten a few
/// times a second, telling how far a long search without a time limit has got.
pub fn analyze_showing_progress(
    args: &AnalyzeArgs,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
    progress: bool,
) -> io::Result<i32> {
    let mut engine = Engine::new(args);
    engine.progress = progress && args.time_limit.is_none();
    let status = if args.board == "-" {
        analyze_lines(&mut engine, input, &mut out)?
    } else {
        match engine.analyze(&args.board) {
            Ok(report) => {
                write_report_seen(&mut out, &report, engine.stats, engine.view)?;
                EXIT_OK
            }
            Err(error) => {
                writeln!(
                    err,
                    "tictactoe analyze: {:?}: {error}",
                    preview(&args.board)
                )?;
                EXIT_BAD_BOARD
            }
        }
    };
    out.flush()?;
    Ok(status)
}

/// The searches chosen on the command line, kept across the lines of a batch so that the fast
/// searches' tables are shared by all of them.
struct Engine {
    rules: RulesArgs,
    stats: bool,
    max_nodes: u64,
    time_limit: Option<Duration>,
    view: ScoreView,
    progress: bool,
    /// The search `algorithm` names, kept so that its table serves every line.
    search: Box<dyn Search + Send>,
    estimator: Estimator,
}

/// What `analyze` prints for one board: the moves it settled and, when the search stopped
/// early, what it knows of the others.
pub struct Report {
    pub analysis: Analysis,
    /// Empty when the analysis is complete.
    pub unsettled: Vec<UnsettledMove>,
    pub complete: bool,
}

impl Report {
    /// The report of a complete analysis.
    pub fn complete(analysis: Analysis) -> Report {
        Report {
            analysis,
            unsettled: Vec::new(),
            complete: true,
        }
    }
}

/// A move whose exact score a stopped search did not find.
pub struct UnsettledMove {
    pub bound: MoveBound,
    /// Whether `bound` says anything.
    pub bounded: bool,
    /// The estimator's view: how many plies it looked ahead and what it saw.
    pub estimate: Option<(u32, Valuation)>,
}

impl Engine {
    fn new(args: &AnalyzeArgs) -> Engine {
        Engine {
            rules: args.rules,
            stats: args.stats,
            max_nodes: args.max_nodes,
            time_limit: args.time_limit,
            view: view_or_mover(args.view),
            progress: false,
            search: minimax::fresh(args.algorithm.into()),
            estimator: Estimator::new(),
        }
    }

    fn analyze(&mut self, text: &str) -> Result<Report, AnalyzeError> {
        let board = self.rules.board(text)?;
        let started = Instant::now();
        let mut control = SearchControl::with_node_budget(self.max_nodes);
        let think = self.time_limit.map(ThinkTime::new);
        if let Some(think) = think {
            control = control.with_deadline(think.exact_deadline(started));
        }
        let done = AtomicBool::new(false);
        let result = std::thread::scope(|scope| {
            if self.progress {
                scope.spawn(|| show_progress(&control, &done, started));
            }
            let result = self.search.analyze_with(&board, &control, &mut |_| {});
            done.store(true, Ordering::Relaxed);
            result
        });
        match result {
            Ok(analysis) => Ok(Report {
                analysis,
                unsettled: Vec::new(),
                complete: true,
            }),
            Err(stopped) => match think {
                None => Err(AnalyzeError::TooLarge(stopped.reason)),
                Some(think) => Ok(self.partial(stopped, think.deadline(started))),
            },
        }
    }

    /// The report of a search stopped by `--time-limit` (or, with it, by `--max-nodes`): the
    /// settled moves, and bounds and estimates for the others, estimated until `deadline`.
    fn partial(&mut self, stopped: Stopped, deadline: Instant) -> Report {
        let analysis = *stopped.partial;
        let board = analysis.board;
        let geometry = board.geometry();
        let control = SearchControl::new().with_deadline(deadline);
        let estimate = self
            .estimator
            .estimate_with(&board, &control, None, &mut |_| {});
        let unsettled = board
            .legal_moves()
            .filter(|&cell| analysis.get(cell).is_none())
            .map(|cell| {
                let known = stopped.bounds.iter().find(|b| b.cell == cell).copied();
                UnsettledMove {
                    bound: known.unwrap_or(MoveBound::unknown(cell, geometry)),
                    bounded: known.is_some_and(|b| b.is_known(geometry)),
                    estimate: estimate.get(cell).map(|m| (estimate.depth, m.value)),
                }
            })
            .collect();
        Report {
            analysis,
            unsettled,
            complete: false,
        }
    }
}

/// Rewrites one line of standard error with the search's progress until `done`, then clears it.
fn show_progress(control: &SearchControl, done: &AtomicBool, started: Instant) {
    const FIRST: Duration = Duration::from_millis(500);
    const EVERY: Duration = Duration::from_millis(100);
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(EVERY.min(FIRST));
        let elapsed = started.elapsed();
        if elapsed < FIRST || done.load(Ordering::Relaxed) {
            continue;
        }
        let progress = control.progress();
        let mut err = io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[Ksettled {} of {} moves, {} positions, {:.1} s",
            progress.settled,
            progress.moves,
            progress.nodes,
            elapsed.as_secs_f64()
        );
        let _ = err.flush();
        shown = true;
    }
    if shown {
        let _ = write!(io::stderr().lock(), "\r\x1b[K");
    }
}

/// Why one board got no analysis.
#[derive(Debug, thiserror::Error)]
enum AnalyzeError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("{0} (raise --max-nodes to search further)")]
    TooLarge(Stop),
}

fn analyze_lines(
    engine: &mut Engine,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<i32> {
    let mut status = EXIT_OK;
    let mut line = Vec::new();
    while let Some(length) = read_line_capped(&mut input, &mut line, MAX_LINE_BYTES)? {
        let text = String::from_utf8_lossy(&line);
        let result = if length > MAX_LINE_BYTES {
            Err(format!("line of {length} bytes is too long for a board"))
        } else if std::str::from_utf8(&line).is_err() {
            Err("line is not valid UTF-8".to_string())
        } else {
            engine.analyze(&text).map_err(|error| error.to_string())
        };
        match result {
            Ok(report) => write_report_seen(out, &report, engine.stats, engine.view)?,
            Err(message) => {
                status = EXIT_SOME_LINES_BAD;
                let json = ErrorJson {
                    board: &text,
                    error: &message,
                };
                serde_json::to_writer(&mut *out, &json)?;
                out.write_all(b"\n")?;
            }
        }
    }
    Ok(status)
}

/// The start of a board argument, for an error message that stays one readable line whatever
/// was typed.
pub(crate) fn preview(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// Reads one line without its line ending into `line`, keeping at most `cap + 1` bytes of it.
/// Returns the line's full length, or `None` at the end of input.
fn read_line_capped(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<usize>> {
    line.clear();
    let mut length = 0;
    let mut saw_any = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        saw_any = true;
        let (chunk, found_end) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (&buffer[..end], true),
            None => (buffer, false),
        };
        let room = (cap + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len();
        let consumed = chunk.len() + found_end as usize;
        input.consume(consumed);
        if found_end {
            break;
        }
    }
    if !saw_any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') && length <= cap + 1 {
        line.pop();
        length -= 1;
    }
    Ok(Some(length))
}

/// Writes one analysis as a line of JSON, every score the side to move's.
pub fn write_analysis(out: &mut impl Write, analysis: &Analysis, stats: bool) -> io::Result<()> {
    write_json(out, analysis, &[], stats, ScoreView::SideToMove)
}

/// Writes one report, complete or not, as a line of JSON, every score the side to move's.
pub fn write_report(out: &mut impl Write, report: &Report, stats: bool) -> io::Result<()> {
    write_report_seen(out, report, stats, ScoreView::SideToMove)
}

/// Writes one report as a line of JSON with its scores, bounds and estimates seen as `view`
/// says, from the report's own position (`analyze --view`).
pub fn write_report_seen(
    out: &mut impl Write,
    report: &Report,
    stats: bool,
    view: ScoreView,
) -> io::Result<()> {
    write_json(out, &report.analysis, &report.unsettled, stats, view)
}

fn write_json(
    out: &mut impl Write,
    analysis: &Analysis,
    unsettled: &[UnsettledMove],
    stats: bool,
    view: ScoreView,
) -> io::Result<()> {
    let board = &analysis.board;
    let notation = board.notation();
    let shown = Shown {
        seen: Seen::new(view, board),
        mover: board.to_move(),
    };
    let json = AnalysisJson {
        board: notation.as_str(),
        to_move: board.to_move().symbol(),
        outcome: board.outcome().name(),
        moves: MovesJson {
            settled: &analysis.moves,
            unsettled,
            shown,
        },
        best: best_settled(analysis, unsettled),
        complete: (!unsettled.is_empty()).then_some(false),
        stats: stats.then(|| StatsJson {
            algorithm: analysis.stats.algorithm.name(),
            nodes: analysis.stats.nodes,
            micros: analysis.stats.elapsed.as_micros() as u64,
        }),
    };
    // `?` turns serde_json's error back into the io::Error it wraps, so that a closed pipe is
    // still seen as one (and is not reported: see main).
    serde_json::to_writer(&mut *out, &json)?;
    out.write_all(b"\n")
}

/// The numbers `analyze` shows for the moves of one position: each through [`Seen`], from that
/// position.
struct Shown {
    seen: Seen,
    /// The side to move, who plays every move of the report.
    mover: Mark,
}

impl Shown {
    /// A move's number, from its score for the mover.
    fn number(&self, score: Score) -> i32 {
        self.seen.number(score, self.mover, 0).value()
    }

    /// The bounds on a move's number, from the bounds on its score.
    fn bound(&self, lower: Score, upper: Score) -> BoundJson {
        let (lower, upper) = self.seen.bounds(lower, upper, self.mover);
        BoundJson {
            lower: lower.value(),
            upper: upper.value(),
        }
    }

    /// An estimate in evaluation points (not a score), as the maximiser sees it.
    fn points(&self, points: i32) -> i32 {
        self.seen.points(points)
    }
}

/// The first best settled move, when no unsettled move can beat it.
fn best_settled(analysis: &Analysis, unsettled: &[UnsettledMove]) -> Option<Cell> {
    let best = analysis.best()?;
    unsettled
        .iter()
        .all(|m| m.bound.upper <= best.score)
        .then_some(best.cell)
}

/// One line of `analyze`: the position, its moves, minimax's choice and, on request, the stats.
#[derive(Serialize)]
struct AnalysisJson<'a> {
    board: &'a str,
    to_move: char,
    outcome: &'static str,
    #[serde(serialize_with = "moves_in_order")]
    moves: MovesJson<'a>,
    /// `null` when there is no move, or when an unsettled move might beat the best settled one.
    best: Option<Cell>,
    /// Only when the search stopped early, and then `false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsJson>,
}

/// The moves of a report, written in row-major order.
struct MovesJson<'a> {
    settled: &'a [MoveScore],
    /// Empty when the analysis is complete.
    unsettled: &'a [UnsettledMove],
    shown: Shown,
}

/// The moves, settled and unsettled merged back into row-major order. A complete analysis's
/// moves are written straight from it, without collecting them first: a batch writes one
/// analysis per line, tens of thousands of them.
fn moves_in_order<S: serde::Serializer>(
    moves: &MovesJson,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let shown = &moves.shown;
    let settled = moves.settled.iter().map(|m| MoveJson::settled(m, shown));
    if moves.unsettled.is_empty() {
        return serializer.collect_seq(settled);
    }
    let mut all: Vec<MoveJson> = settled
        .chain(
            moves
                .unsettled
                .iter()
                .map(|m| MoveJson::unsettled(m, shown)),
        )
        .collect();
    all.sort_by_key(|m| (m.row, m.col));
    serializer.collect_seq(all)
}

/// A move: settled, with its score and line; or unsettled, with `null` for both and what is
/// known of it.
#[derive(Serialize)]
struct MoveJson<'a> {
    row: usize,
    col: usize,
    score: Option<i32>,
    line: Option<LineJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<BoundJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<EstimateJson>,
}

impl<'a> MoveJson<'a> {
    fn settled(m: &'a MoveScore, shown: &Shown) -> MoveJson<'a> {
        MoveJson {
            row: m.cell.row,
            col: m.cell.col,
            score: Some(shown.number(m.score)),
            line: Some(LineJson(&m.pv)),
            bound: None,
            estimate: None,
        }
    }

    fn unsettled(m: &UnsettledMove, shown: &Shown) -> MoveJson<'a> {
        MoveJson {
            row: m.bound.cell.row,
            col: m.bound.cell.col,
            score: None,
            line: None,
            bound: m.bounded.then(|| shown.bound(m.bound.lower, m.bound.upper)),
            estimate: m.estimate.map(|(depth, value)| match value {
                Valuation::Exact(score) => EstimateJson {
                    depth,
                    value: None,
                    proven: Some(shown.number(score)),
                },
                Valuation::Estimate(points) => EstimateJson {
                    depth,
                    value: Some(shown.points(points)),
                    proven: None,
                },
            }),
        }
    }
}

/// A line of play, as `[[row, col], ...]`.
#[derive(Serialize)]
#[serde(transparent)]
pub(crate) struct LineJson<'a>(#[serde(serialize_with = "cell_pairs")] pub(crate) &'a [Cell]);

/// Cells as `[row, col]` pairs: shorter than `{"row", "col"}` objects, for lists of cells.
pub(crate) fn cell_pairs<S: serde::Serializer>(
    cells: &[Cell],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(cells.iter().map(|cell| [cell.row, cell.col]))
}

#[derive(Serialize)]
struct BoundJson {
    lower: i32,
    upper: i32,
}

/// `{"depth": 4, "value": 37}` (heuristic units) or `{"depth": 4, "proven": 13}` (a score the
/// depth-limited search proved).
#[derive(Serialize)]
struct EstimateJson {
    depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proven: Option<i32>,
}

/// A batch line that is not a board: the line as read and what is wrong with it.
#[derive(Serialize)]
struct ErrorJson<'a> {
    board: &'a str,
    error: &'a str,
}

#[derive(Serialize)]
struct StatsJson {
    algorithm: &'static str,
    nodes: u64,
    micros: u64,
}
