//! `tictactoe review`: a game's moves, each with its score, the best score there was and its
//! class, as the app's review panel shows them.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

use clap::Args;
use serde::Serialize;

use super::args::{MarkArg, ViewArg, preview, view_or_mover};
use super::error::{Error, Finished, ReviewError};
use super::progress;
use crate::engine::board::{
    BadMoveNumber, Board, Cell, Geometry, Mark, MoveNumbers, MoveNumbersError,
};
use crate::engine::minimax::{SearchControl, Solver, Stop};
use crate::learn::practice::from_mistake;
use crate::learn::review::{BadMove, ReviewedMove, positions_before};
use crate::learn::view::{Seen, Shown};
use crate::store::game_file;

#[derive(Debug, Args)]
#[command(
    after_help = "Cells are numbered 1 to N×N in reading order (1 2 3 / 4 5 6 / 7 8 9 on 3×3).\n\n\
                  Examples:\n  tictactoe review 5,1,9,3\n  tictactoe review 1,5,9 --first O\n  \
                  tictactoe review 6,11,7 --size 4\n  tictactoe review 1,2,8 --view x\n  \
                  tictactoe review 9 --first X --from X../.O./...\n  \
                  tictactoe review --game saved.ron\n\n\
                  Each position before a move is searched with at most --max-nodes positions \
                  (default 20,000,000) and, with --time-limit, for at most that long. A move \
                  whose search stopped has \"score\": null (and \"best_score\", \"class\" \
                  null when they are not known), a \"bound\" when one is known, and the review \
                  \"complete\": false; standard error says how many moves were not settled."
)]
pub struct ReviewArgs {
    /// The cells played, in order, comma-separated (e.g. 5,1,9,3).
    #[arg(allow_hyphen_values = true, required_unless_present = "game")]
    pub moves: Option<String>,

    /// Review the game saved in FILE (Game > Save game… in the app) instead.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "first", "size", "k", "from"])]
    pub game: Option<std::path::PathBuf>,

    /// The position the game started from, when not the empty board (board notation; --first is
    /// the side to move there).
    #[arg(long, value_name = "BOARD")]
    pub from: Option<String>,

    /// Who moved first (with --from, the side to move there).
    #[arg(long, value_enum, default_value_t = MarkArg::X)]
    pub first: MarkArg,

    /// The board's side, 3 to 7 (5×5 and larger can take long to review exactly).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = crate::cli::args::Checked(crate::cli::args::parse_size), allow_hyphen_values = true)]
    pub size: usize,

    /// How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7).
    #[arg(long, value_name = "K", value_parser = crate::cli::args::Checked(crate::cli::args::parse_k), allow_hyphen_values = true)]
    pub k: Option<usize>,

    /// Give up on a position after visiting this many positions: that move's score (or the
    /// best score there was) is printed as null, with "complete": false.
    #[arg(long, value_name = "N", default_value_t = crate::cli::args::default_max_nodes(), value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_nodes), allow_hyphen_values = true)]
    pub max_nodes: u64,

    /// Stop each position's search after this many seconds, as --max-nodes stops it.
    #[arg(long, value_name = "SECONDS", value_parser = crate::cli::args::Checked(crate::cli::args::parse_seconds), allow_hyphen_values = true)]
    pub time_limit: Option<std::time::Duration>,

    /// Whose numbers each move's score and best score are, seen from the position before the
    /// move: `mover` (the player who made it: what it prints without --view) or `x` (X's, so an
    /// O move's best score is the lowest there was).
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,

    /// Give each move that was not best the practice position the app's Practice (P) deals from
    /// it: "practice": the position before the move, the task, the good moves (cell numbers)
    /// and the lesson.
    #[arg(long)]
    pub practice: bool,
}

#[derive(Serialize)]
struct Output {
    moves: Vec<MoveOutput>,
    outcome: &'static str,
    /// Only when a search stopped early, and then `false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    /// Why the review is incomplete, for the line on standard error.
    #[serde(skip)]
    stopped: Option<(usize, Stop)>,
}

/// A move, reviewed: `null` for what a stopped search did not find.
#[derive(Serialize)]
struct MoveOutput {
    ply: usize,
    mark: char,
    row: usize,
    col: usize,
    score: Option<Shown>,
    best_score: Option<Shown>,
    class: Option<&'static str>,
    /// What is known of an unsettled move's score, when anything is.
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<BoundJson>,
    /// With --practice, for a move that was not best.
    #[serde(skip_serializing_if = "Option::is_none")]
    practice: Option<PracticeJson>,
}

/// A move that was not best as a practice position (`learn::practice::from_mistake`).
#[derive(Serialize)]
struct PracticeJson {
    position: String,
    task: &'static str,
    /// Every move that keeps the best result, as cell numbers.
    good: Vec<usize>,
    lesson: &'static str,
}

#[derive(Serialize)]
struct BoundJson {
    lower: Shown,
    upper: Shown,
}

/// Runs `review`, and with `progress` (for a terminal) a line on standard error telling which move
/// it is searching, once it has run for a second.
pub fn review(
    args: &ReviewArgs,
    mut out: impl Write,
    mut err: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let searching = AtomicUsize::new(0);
    let status = || format!("reviewing move {}", searching.load(Ordering::Relaxed));
    let output = progress::while_running(progress, &status, || reviewed(args, &searching))?;
    serde_json::to_writer(&mut out, &output)?;
    writeln!(out)?;
    out.flush()?;
    if let Some((unsettled, stop)) = output.stopped {
        let hint = match stop {
            Stop::NodeBudget { .. } => " (raise --max-nodes to search further)",
            Stop::TimeLimit => " (raise --time-limit to search further)",
            Stop::Cancelled => "",
        };
        writeln!(
            err,
            "tictactoe review: {unsettled} of {} moves not settled: {stop}{hint}",
            output.moves.len()
        )?;
    }
    Ok(Finished::Done)
}

/// The game the arguments give: a saved game, or the moves from the empty board (or `--from`).
fn game(args: &ReviewArgs) -> Result<(Board, Vec<Cell>), ReviewError> {
    if let Some(path) = &args.game {
        let record = game_file::load(path)?;
        if record.moves.is_empty() {
            return Err(ReviewError::NoMovesInFile(path.clone()));
        }
        return Ok((record.start, record.moves));
    }
    let k = args.k.unwrap_or(Geometry::default_k(args.size, args.size));
    let geometry = Geometry::new(args.size, args.size, k)?;
    let start = match &args.from {
        None => Board::empty(geometry, Mark::from(args.first)),
        Some(text) => {
            let start = Board::parse_with(text, Some(Mark::from(args.first)), Some(k));
            let start = start.map_err(|error| ReviewError::From {
                text: preview(text),
                error,
            })?;
            if start.geometry() != geometry {
                return Err(ReviewError::StartSize {
                    rows: start.geometry().rows(),
                    cols: start.geometry().cols(),
                    size: args.size,
                });
            }
            start
        }
    };
    let cells = parse_moves(args.moves.as_deref().unwrap_or_default(), geometry)?;
    Ok((start, cells))
}

/// Each move with its ply and the position before it, every move checked before any is
/// searched: the first illegal one is the error, numbered as the command line numbers cells.
fn checked_steps(start: &Board, cells: &[Cell]) -> Result<Vec<(usize, Board, Cell)>, ReviewError> {
    let geometry = start.geometry();
    positions_before(start, cells)
        .collect::<Result<Vec<_>, BadMove>>()
        .map_err(|bad| {
            ReviewError::BadMove(BadMoveNumber {
                ply: bad.ply,
                number: geometry.cell_number(bad.cell) as i64,
                reason: Some(bad.reason),
                cells: geometry.cells(),
            })
        })
}

/// The practice position a reviewed move that was not best gives (`--practice`), if any.
fn practice_of(m: &ReviewedMove, geometry: Geometry) -> Option<PracticeJson> {
    let exercise = from_mistake(m)?;
    Some(PracticeJson {
        position: exercise.board.to_string(),
        task: exercise.from_game.map_or("", |own| own.goal.task()),
        good: exercise
            .good
            .iter()
            .map(|&c| geometry.cell_number(c))
            .collect(),
        lesson: exercise.lesson.name(),
    })
}

/// The game's review, as it is printed; `searching` is the move being searched.
fn reviewed(args: &ReviewArgs, searching: &AtomicUsize) -> Result<Output, ReviewError> {
    let (start, cells) = game(args)?;
    let geometry = start.geometry();
    let steps = checked_steps(&start, &cells)?;
    let mut solver = Solver::new();
    let view = view_or_mover(args.view);
    let mut stopped = None;
    let mut unsettled = 0;
    let mut moves = Vec::with_capacity(steps.len());
    for (ply, before, cell) in steps {
        searching.store(ply, Ordering::Relaxed);
        let mut control = SearchControl::with_node_budget(args.max_nodes);
        if let Some(limit) = args.time_limit {
            control = control.with_time_limit(limit);
        }
        let mark = before.to_move();
        let seen = Seen::new(view, &before);
        let number = |score| seen.number(score, mark, 0);
        let reviewed = match solver.analyze_with(&before, &control, &mut |_| {}) {
            Ok(analysis) => Ok(ReviewedMove::new(ply, &before, cell, &analysis)
                .expect("a legal move of an ongoing game is among its analysed moves")),
            // What the search settled, reviewed as the app's review does: the move's score, and
            // the best settled score once no unsettled move can beat it.
            Err(stop) => {
                ReviewedMove::from_partial(ply, &before, cell, &stop.partial.moves, &stop.bounds)
                    .inspect_err(|_| {
                        unsettled += 1;
                        stopped.get_or_insert(stop.reason);
                    })
            }
        };
        let output = match reviewed {
            Ok(m) => {
                let shown = m.shown(view);
                let practice = args.practice.then(|| practice_of(&m, geometry)).flatten();
                MoveOutput {
                    ply,
                    mark: mark.symbol(),
                    row: cell.row,
                    col: cell.col,
                    score: Some(shown.score),
                    best_score: Some(shown.best),
                    class: Some(m.class.name()),
                    bound: None,
                    practice,
                }
            }
            Err(known) => MoveOutput {
                ply,
                mark: mark.symbol(),
                row: cell.row,
                col: cell.col,
                score: known.score.map(number),
                best_score: known.best_score.map(number),
                class: None,
                bound: known.bound.map(|b| {
                    let (lower, upper) = seen.bounds(b.lower, b.upper, mark);
                    BoundJson { lower, upper }
                }),
                practice: None,
            },
        };
        moves.push(output);
    }
    let end = cells.iter().fold(start, |board, &cell| {
        board.after(cell).expect("every move was checked above")
    });
    Ok(Output {
        moves,
        outcome: end.outcome().name(),
        complete: stopped.map(|_| false),
        stopped: stopped.map(|stop| (unsettled, stop)),
    })
}

/// "5,1,9,3" as cells; an error names the move that is wrong and why. Every number must be a
/// cell before any move is played.
fn parse_moves(text: &str, geometry: Geometry) -> Result<Vec<Cell>, ReviewError> {
    // A byte-order mark (a file saved by a Windows editor, read with `$(cat …)`) is no move.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let numbers: MoveNumbers = text.parse().map_err(|error| match error {
        MoveNumbersError::Empty => ReviewError::NoMoves,
        MoveNumbersError::NotANumber { ply, text } => ReviewError::NotANumber {
            ply,
            text: preview(&text),
            cells: geometry.cells(),
        },
    })?;
    numbers.cells(geometry).map_err(ReviewError::BadMove)
}
