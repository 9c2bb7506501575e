//! `tictactoe analyze`: every legal move of a position rated by a search, one JSON line a board,
//! for one board or a batch read from standard input.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use clap::Args;

use super::args::{AlgorithmArg, RulesArgs, ViewArg, view_or_mover};
use super::error::{Error, Finished};
use super::progress;
use super::report::{ErrorJson, Report, UnsettledMove, write_report_seen};
use crate::engine::board::PasteError;
use crate::engine::minimax::{
    self, Algorithm, Estimator, MoveBound, Search, SearchControl, Solver, Stop, Stopped, ThinkTime,
};
use crate::learn::view::ScoreView;
use crate::platform::Instant;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe analyze XOX/.O./X..\n  tictactoe analyze .../.../... --to-move O --stats\n  \
                        tictactoe analyze XOX/.O./X.. --view x\n  \
                        tictactoe analyze ..../..../..../.... --k 3\n  \
                        tictactoe analyze ....../....../....../....../....../...... --time-limit 5\n  \
                        printf 'X../.../...\\nXX./OO./...\\n' | tictactoe analyze -\n\n\
                  With '-', each line is a board (blank lines are skipped); a line that is not \
                  one gives {\"board\": …, \"input_line\": N, \"error\": …} and exit status 1.\n\n\
                  Without --time-limit a search that passes --max-nodes is an error (exit 2, or an \
                  error line in a batch). With --time-limit, running out of time or of positions \
                  prints what was settled: \"complete\": false, and each unsettled move has \
                  \"score\": null, a \"bound\" when one is known and an \"estimate\" from a \
                  depth-limited search."
)]
pub struct AnalyzeArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..), or the
    /// articles' rows on separate lines ("x o x", "o o x", "_ _ _"), as a paste reads them; or '-'
    /// to read one position per line from standard input.
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
    #[arg(long, value_name = "N", default_value_t = crate::cli::args::default_max_nodes(), value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_nodes), allow_hyphen_values = true)]
    pub max_nodes: u64,

    /// Stop each board's search after this many seconds and print what it settled, with bounds
    /// and estimates for the rest (the last fifth of the time goes to the estimates). The solver
    /// then settles a best move first, as the app's computer does: "best" names it once no
    /// other move can beat it.
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::args::Checked(crate::cli::args::parse_seconds), allow_hyphen_values = true)]
    pub time_limit: Option<Duration>,

    /// Whose numbers the scores, bounds and estimates are: `mover` (the player to move
    /// maximises: what it prints without --view) or `x` (X maximises, as the articles write
    /// minimax: every number is X's, so on O's turn O's best move has the lowest).
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,
}

/// A batch line longer than this is not a board; it is reported without being kept in memory.
const MAX_LINE_BYTES: usize = 4096;

/// Runs `analyze`, reading standard input when the board is `-`, and with `progress` (for a
/// terminal) a line on standard error, rewritten a few times a second, telling how far a long
/// search without a time limit has got.
pub fn analyze(
    args: &AnalyzeArgs,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let mut engine = Engine::new(args);
    engine.progress = progress && args.time_limit.is_none();
    let finished = if args.board == "-" {
        analyze_lines(&mut engine, input, &mut out, &mut err)?
    } else {
        let report = engine
            .analyze(&args.board)
            .map_err(|error| Error::position(&args.board, error))?;
        write_report_seen(&mut out, &report, engine.stats, engine.view)?;
        Finished::Done
    };
    out.flush()?;
    Ok(finished)
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

impl Engine {
    fn new(args: &AnalyzeArgs) -> Engine {
        Engine {
            rules: args.rules,
            stats: args.stats,
            max_nodes: args.max_nodes,
            time_limit: args.time_limit,
            view: view_or_mover(args.view),
            progress: false,
            search: match (args.algorithm.into(), args.time_limit) {
                // As in the app, whose computer waits for a proven best move.
                (Algorithm::Solver, Some(_)) => Box::new(Solver::new().with_best_move_first(true)),
                (algorithm, _) => minimax::fresh(algorithm),
            },
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
        let status = || {
            let progress = control.progress();
            format!(
                "settled {} of {} moves, {} positions",
                progress.settled, progress.moves, progress.nodes
            )
        };
        let search = &mut self.search;
        let result = progress::while_running(self.progress, &status, || {
            search.analyze_with(&board, &control, &mut |_| {})
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

/// Why one board got no analysis.
#[derive(Debug, thiserror::Error)]
enum AnalyzeError {
    #[error(transparent)]
    Board(#[from] PasteError),
    #[error("{0} (raise --max-nodes to search further)")]
    TooLarge(Stop),
}

/// A batch stops after this many lines in a row that are not boards: its input is not a list of
/// boards (a binary file, `/dev/urandom`), and answering each would write without end.
const MAX_BAD_LINES_IN_A_ROW: u64 = 1000;

/// The most of a bad line, and of what is wrong with it, that its error line repeats: each error
/// line stays short whatever the input.
const MAX_ECHOED_CHARS: usize = 200;

fn analyze_lines(
    engine: &mut Engine,
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Finished> {
    let mut finished = Finished::Done;
    let mut line = Vec::new();
    let (mut number, mut bad_in_a_row) = (0, 0);
    while let Some(length) = read_line_capped(&mut input, &mut line, MAX_LINE_BYTES)? {
        number += 1;
        if bad_in_a_row >= MAX_BAD_LINES_IN_A_ROW {
            writeln!(
                err,
                "tictactoe analyze: stopped at input line {number}: the {MAX_BAD_LINES_IN_A_ROW} \
                 lines before it were not boards (a batch reads one board a line, like XOX/.O./X..)"
            )?;
            break;
        }
        let text = String::from_utf8_lossy(&line);
        // A blank line names no board (a file's last line ended twice, `\r\n` from Windows):
        // it is skipped, as the end of the input is.
        if length <= MAX_LINE_BYTES && text.trim().is_empty() {
            continue;
        }
        let result = if length > MAX_LINE_BYTES {
            Err(format!("line of {length} bytes is too long for a board"))
        } else if std::str::from_utf8(&line).is_err() {
            Err("line is not valid UTF-8".to_string())
        } else {
            engine.analyze(&text).map_err(|error| error.to_string())
        };
        match result {
            Ok(report) => {
                bad_in_a_row = 0;
                write_report_seen(out, &report, engine.stats, engine.view)?;
            }
            Err(message) => {
                (finished, bad_in_a_row) = (Finished::SomeLinesBad, bad_in_a_row + 1);
                let json = ErrorJson {
                    board: &shortened(&text),
                    input_line: number,
                    error: &shortened(&message),
                };
                serde_json::to_writer(&mut *out, &json)?;
                out.write_all(b"\n")?;
            }
        }
    }
    Ok(finished)
}

/// `text`'s first [`MAX_ECHOED_CHARS`] characters, and `…` when there were more.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(MAX_ECHOED_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// The longest line a batch reads to its end (to skip it as too long for a board) before it
/// stops reading: 16 MiB.
const MAX_SKIPPED_LINE_BYTES: usize = 16 * 1024 * 1024;

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
        if length > MAX_SKIPPED_LINE_BYTES {
            // Endless input with no line break (`< /dev/zero`): no board list goes on so long.
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "stopped reading standard input: a line went on past {MAX_SKIPPED_LINE_BYTES} \
                     bytes with no line break; a batch reads one board a line, like XOX/.O./X.."
                ),
            ));
        }
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
