//! The command line: `tictactoe` opens the game, `tictactoe analyze` asks the engine about positions.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::board::{Board, BoardError, Cell, Mark, Outcome};
use crate::minimax::{self, Algorithm, Analysis, MoveScore, SearchControl, Searcher, Stop};

#[derive(Debug, Parser)]
#[command(
    name = "tictactoe",
    version,
    about = "Tic-Tac-Toe against a minimax AI that shows how it rates every move"
)]
pub struct Cli {
    /// Settings file to load and save (default: settings.ron in the platform's config directory).
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

mod trace;
mod tree;

pub use trace::{TraceAlgorithmArg, TraceArgs, trace};
pub use tree::{TreeArgs, TreeFormat, tree};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Rate every legal move of a position with minimax and print the result as JSON.
    Analyze(AnalyzeArgs),
    /// Print the game tree below a position with every move's score, as the explorer shows it.
    Tree(TreeArgs),
    /// Print every call a search makes, as JSON lines, as the step-through view shows them.
    Trace(TraceArgs),
}

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe analyze XOX/.O./X..\n  tictactoe analyze .../.../... --to-move O --stats\n  \
                        printf 'X../.../...\\nXX./OO./...\\n' | tictactoe analyze -"
)]
pub struct AnalyzeArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..), or '-' to
    /// read one position per line from standard input.
    pub board: String,

    /// Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X).
    #[arg(long, value_enum)]
    pub to_move: Option<MarkArg>,

    /// The search: plain minimax (the reference), textbook alpha-beta (no table), or alpha-beta
    /// with a table and move ordering (fast); all give the same scores.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Alphabeta)]
    pub algorithm: AlgorithmArg,

    /// Add the algorithm, positions visited and time taken.
    #[arg(long)]
    pub stats: bool,

    /// Give up on a board after visiting this many positions (open 4×4 and 5×5 boards can take
    /// very long; 3×3 needs at most 549,946 even with plain minimax).
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    pub max_nodes: u64,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    Plain,
    /// Alpha-beta as the textbooks write it, without a table.
    AlphabetaClassic,
    Alphabeta,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(algorithm: AlgorithmArg) -> Algorithm {
        match algorithm {
            AlgorithmArg::Plain => Algorithm::Plain,
            AlgorithmArg::AlphabetaClassic => Algorithm::AlphaBetaClassic,
            AlgorithmArg::Alphabeta => Algorithm::AlphaBeta,
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
    mut out: impl Write,
    mut err: impl Write,
) -> io::Result<i32> {
    let mut engine = Engine::new(args);
    let status = if args.board == "-" {
        analyze_lines(&mut engine, input, &mut out)?
    } else {
        match engine.analyze(&args.board) {
            Ok(analysis) => {
                write_analysis(&mut out, &analysis, engine.stats)?;
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

/// The search chosen on the command line, kept across the lines of a batch so that the fast
/// search's table is shared by all of them.
struct Engine {
    to_move: Option<Mark>,
    algorithm: Algorithm,
    stats: bool,
    max_nodes: u64,
    searcher: Searcher,
}

impl Engine {
    fn new(args: &AnalyzeArgs) -> Engine {
        Engine {
            to_move: args.to_move.map(Mark::from),
            algorithm: args.algorithm.into(),
            stats: args.stats,
            max_nodes: args.max_nodes,
            searcher: Searcher::new(),
        }
    }

    fn analyze(&mut self, text: &str) -> Result<Analysis, AnalyzeError> {
        let board = Board::parse_with_turn(text, self.to_move)?;
        let control = SearchControl::with_node_budget(self.max_nodes);
        let analysis = match self.algorithm {
            Algorithm::Plain => minimax::plain_with(&board, &control, &mut |_| {}),
            Algorithm::AlphaBetaClassic => minimax::analyze_with(&board, self.algorithm, &control),
            Algorithm::AlphaBeta => self.searcher.analyze_with(&board, &control, &mut |_| {}),
        };
        analysis.map_err(|stopped| AnalyzeError::TooLarge(stopped.reason))
    }
}

/// Why one board got no analysis.
#[derive(Debug)]
enum AnalyzeError {
    Board(BoardError),
    TooLarge(Stop),
}

impl From<BoardError> for AnalyzeError {
    fn from(error: BoardError) -> Self {
        AnalyzeError::Board(error)
    }
}

impl std::fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnalyzeError::Board(error) => write!(f, "{error}"),
            AnalyzeError::TooLarge(error) => {
                write!(f, "{error} (raise --max-nodes to search further)")
            }
        }
    }
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
            Ok(analysis) => write_analysis(out, &analysis, engine.stats)?,
            Err(message) => {
                status = EXIT_SOME_LINES_BAD;
                let json = ErrorJson {
                    board: &text,
                    error: &message,
                };
                serde_json::to_writer(&mut *out, &json).map_err(io::Error::other)?;
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

/// Writes one analysis as a line of JSON.
pub fn write_analysis(out: &mut impl Write, analysis: &Analysis, stats: bool) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &AnalysisJson { analysis, stats })
        .map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// The JSON form of an analysis, written straight from the analysis without copying it.
struct AnalysisJson<'a> {
    analysis: &'a Analysis,
    stats: bool,
}

impl Serialize for AnalysisJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let analysis = self.analysis;
        let mut map = serializer.serialize_map(None)?;
        let board = &analysis.board;
        let outcome = match board.outcome() {
            Outcome::Ongoing => "ongoing",
            Outcome::Won { mark: Mark::X, .. } => "X wins",
            Outcome::Won { mark: Mark::O, .. } => "O wins",
            Outcome::Draw => "draw",
        };
        map.serialize_entry("board", board.notation().as_str())?;
        map.serialize_entry("to_move", board.to_move().symbol().encode_utf8(&mut [0; 4]))?;
        map.serialize_entry("outcome", outcome)?;
        map.serialize_entry("moves", &MovesJson(&analysis.moves))?;
        map.serialize_entry("best", &analysis.best().map(|m| CellJson(m.cell)))?;
        if self.stats {
            let stats = &analysis.stats;
            map.serialize_entry(
                "stats",
                &StatsJson {
                    algorithm: stats.algorithm.name(),
                    nodes: stats.nodes,
                    micros: stats.elapsed.as_micros() as u64,
                },
            )?;
        }
        map.end()
    }
}

struct MovesJson<'a>(&'a [MoveScore]);

impl Serialize for MovesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(MoveJson))
    }
}

struct MoveJson<'a>(&'a MoveScore);

impl Serialize for MoveJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(4))?;
        map.serialize_entry("row", &self.0.cell.row)?;
        map.serialize_entry("col", &self.0.cell.col)?;
        map.serialize_entry("score", &self.0.score.value())?;
        map.serialize_entry("line", &PvJson(&self.0.pv))?;
        map.end()
    }
}

/// The principal variation, as `"line": [[row, col], ...]`.
struct PvJson<'a>(&'a [Cell]);

impl Serialize for PvJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(|cell| [cell.row, cell.col]))
    }
}

struct CellJson(Cell);

impl Serialize for CellJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("row", &self.0.row)?;
        map.serialize_entry("col", &self.0.col)?;
        map.end()
    }
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
