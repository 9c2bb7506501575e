//! `tictactoe review`: a game's moves, each with its score, the best score there was and its
//! class, as the app's review panel shows them.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::{EXIT_BAD_BOARD, EXIT_OK, MarkArg, ViewArg, outcome_name, view_or_mover};
use crate::board::{Board, BoardError, Cell, Geometry, Mark, PlayError};
use crate::minimax::{Analysis, SearchControl, Solver};
use crate::review::Review;
use crate::view::Seen;

#[derive(Debug, Args)]
#[command(
    after_help = "Cells are numbered 1 to N×N in reading order (1 2 3 / 4 5 6 / 7 8 9 on 3×3).\n\n\
                  Examples:\n  tictactoe review 5,1,9,3\n  tictactoe review 1,5,9 --first O\n  \
                  tictactoe review 6,11,7 --size 4\n  tictactoe review 1,2,8 --view x"
)]
pub struct ReviewArgs {
    /// The cells played, in order, comma-separated (e.g. 5,1,9,3).
    #[arg(allow_hyphen_values = true)]
    pub moves: String,

    /// Who moved first.
    #[arg(long, value_enum, default_value_t = MarkArg::X)]
    pub first: MarkArg,

    /// The board's side, 3 to 7 (5×5 and larger can take long to review exactly).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub size: usize,

    /// How many in a row win (default: 3 on 3×3, 4 on 4×4 to 6×6, 5 on 7×7).
    #[arg(long, value_name = "K")]
    pub k: Option<usize>,

    /// Whose numbers each move's score and best score are, seen from the position before the
    /// move: `mover` (the player who made it: what it prints without --view) or `x` (X's, so an
    /// O move's best score is the lowest there was).
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,
}

#[derive(Serialize)]
struct Output {
    moves: Vec<MoveOutput>,
    outcome: &'static str,
}

#[derive(Serialize)]
struct MoveOutput {
    ply: usize,
    mark: char,
    row: usize,
    col: usize,
    score: i32,
    best_score: i32,
    class: &'static str,
}

/// Why a game could not be reviewed.
#[derive(Debug, thiserror::Error)]
enum ReviewError {
    /// No board of that size or k.
    #[error(transparent)]
    Geometry(#[from] BoardError),
    #[error("no moves given: list the cells played, e.g. 5,1,9,3")]
    NoMoves,
    #[error("move {ply} ({text:?}): not a cell number; cells are numbered 1 to {cells}")]
    NotANumber {
        ply: usize,
        text: String,
        cells: usize,
    },
    #[error("move {ply} ({number}): no such cell; cells are numbered 1 to {cells}")]
    NoSuchCell {
        ply: usize,
        number: usize,
        cells: usize,
    },
    #[error("move {ply} (cell {number}): {}", unplayable(.reason))]
    Unplayable {
        ply: usize,
        number: usize,
        reason: PlayError,
    },
}

/// Why a cell could not be played, in the review's words.
fn unplayable(reason: &PlayError) -> String {
    match reason {
        PlayError::Occupied { mark, .. } => format!("that cell already holds {mark}"),
        PlayError::GameOver { outcome } => {
            format!("the game is already over ({})", outcome_name(*outcome))
        }
        PlayError::OffBoard { .. } => "that cell is off the board".to_string(),
    }
}

/// Runs `review`. Returns the exit status.
pub fn review(args: &ReviewArgs, mut out: impl Write, mut err: impl Write) -> io::Result<i32> {
    match reviewed(args) {
        Ok(output) => {
            serde_json::to_writer(&mut out, &output)?;
            writeln!(out)?;
            out.flush()?;
            Ok(EXIT_OK)
        }
        Err(error) => {
            writeln!(err, "tictactoe review: {error}")?;
            Ok(EXIT_BAD_BOARD)
        }
    }
}

/// The game's review, as it is printed.
fn reviewed(args: &ReviewArgs) -> Result<Output, ReviewError> {
    let k = args.k.unwrap_or(Geometry::default_k(args.size, args.size));
    let geometry = Geometry::new(args.size, args.size, k)?;
    let cells = parse_moves(&args.moves, geometry)?;
    let start = Board::empty(geometry, Mark::from(args.first));
    let mut solver = Solver::new();
    let mut analyze = |board: &Board| -> Analysis {
        solver
            .analyze_with(board, &SearchControl::new(), &mut |_| {})
            .expect("nothing stops a search without a budget")
    };
    let view = view_or_mover(args.view);
    let review =
        Review::of_game(&start, &cells, &mut analyze).map_err(|bad| ReviewError::Unplayable {
            ply: bad.ply,
            number: cell_number(geometry, bad.cell),
            reason: bad.reason,
        })?;
    Ok(Output {
        moves: review
            .moves
            .iter()
            .map(|m| {
                let seen = Seen::new(view, &m.before);
                MoveOutput {
                    ply: m.ply,
                    mark: m.mark.symbol(),
                    row: m.cell.row,
                    col: m.cell.col,
                    score: seen.number(m.score, m.mark, 0).value(),
                    best_score: seen.number(m.best_score, m.mark, 0).value(),
                    class: m.class.name(),
                }
            })
            .collect(),
        outcome: outcome_name(review.outcome()),
    })
}

/// The cell numbered `n` (from 1, in reading order).
fn cell_number(geometry: Geometry, cell: Cell) -> usize {
    cell.row * geometry.cols() + cell.col + 1
}

/// "5,1,9,3" as cells; an error names the move that is wrong and why.
fn parse_moves(text: &str, geometry: Geometry) -> Result<Vec<Cell>, ReviewError> {
    let cells = geometry.cells();
    if text.trim().is_empty() {
        return Err(ReviewError::NoMoves);
    }
    text.split(',')
        .enumerate()
        .map(|(index, part)| {
            let ply = index + 1;
            let part = part.trim();
            let number: usize = part.parse().map_err(|_| ReviewError::NotANumber {
                ply,
                text: part.to_string(),
                cells,
            })?;
            if !(1..=cells).contains(&number) {
                return Err(ReviewError::NoSuchCell { ply, number, cells });
            }
            Ok(geometry.cell(number - 1))
        })
        .collect()
}
