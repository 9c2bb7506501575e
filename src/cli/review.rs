//! `tictactoe review`: a game's moves, each with its score, the best score there was and its
//! class, as the app's review panel shows them.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::{EXIT_BAD_BOARD, EXIT_OK, MarkArg, outcome_name};
use crate::board::{Board, Cell, Geometry, Mark};
use crate::minimax::{Analysis, SearchControl, Solver};
use crate::review::{BadMove, Review};

#[derive(Debug, Args)]
#[command(
    after_help = "Cells are numbered 1 to N×N in reading order (1 2 3 / 4 5 6 / 7 8 9 on 3×3).\n\n\
                  Examples:\n  tictactoe review 5,1,9,3\n  tictactoe review 1,5,9 --first O\n  \
                  tictactoe review 6,11,7 --size 4"
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
}

#[derive(Serialize)]
struct Output {
    moves: Vec<MoveOutput>,
    outcome: &'static str,
}

#[derive(Serialize)]
struct MoveOutput {
    ply: usize,
    mark: String,
    row: usize,
    col: usize,
    score: i32,
    best_score: i32,
    class: &'static str,
}

/// Runs `review`. Returns the exit status.
pub fn review(args: &ReviewArgs, mut out: impl Write, mut err: impl Write) -> io::Result<i32> {
    let geometry = match Geometry::new(
        args.size,
        args.size,
        args.k.unwrap_or(Geometry::default_k(args.size, args.size)),
    ) {
        Ok(geometry) => geometry,
        Err(error) => {
            writeln!(err, "tictactoe review: {error}")?;
            return Ok(EXIT_BAD_BOARD);
        }
    };
    let cells = match parse_moves(&args.moves, geometry) {
        Ok(cells) => cells,
        Err(message) => {
            writeln!(err, "tictactoe review: {message}")?;
            return Ok(EXIT_BAD_BOARD);
        }
    };
    let start = Board::empty(geometry, Mark::from(args.first));
    let mut solver = Solver::new();
    let mut analyze = |board: &Board| -> Analysis {
        solver
            .analyze_with(board, &SearchControl::new(), &mut |_| {})
            .expect("nothing stops a search without a budget")
    };
    let review = match Review::of_game(&start, &cells, &mut analyze) {
        Ok(review) => review,
        Err(bad) => {
            writeln!(err, "tictactoe review: {}", describe(&bad, geometry))?;
            return Ok(EXIT_BAD_BOARD);
        }
    };
    let output = Output {
        moves: review
            .moves
            .iter()
            .map(|m| MoveOutput {
                ply: m.ply,
                mark: m.mark.to_string(),
                row: m.cell.row,
                col: m.cell.col,
                score: m.score.value(),
                best_score: m.best_score.value(),
                class: m.class.name(),
            })
            .collect(),
        outcome: outcome_name(review.outcome()),
    };
    serde_json::to_writer(&mut out, &output)?;
    writeln!(out)?;
    out.flush()?;
    Ok(EXIT_OK)
}

/// The cell numbered `n` (from 1, in reading order).
fn cell_number(geometry: Geometry, cell: Cell) -> usize {
    cell.row * geometry.cols() + cell.col + 1
}

fn describe(bad: &BadMove, geometry: Geometry) -> String {
    format!(
        "move {} (cell {}): {}",
        bad.ply,
        cell_number(geometry, bad.cell),
        match bad.reason {
            crate::board::PlayError::Occupied { mark, .. } =>
                format!("that cell already holds {mark}"),
            crate::board::PlayError::GameOver { outcome } => {
                format!("the game is already over ({})", outcome_name(outcome))
            }
            crate::board::PlayError::OffBoard { .. } => "that cell is off the board".to_string(),
        }
    )
}

/// "5,1,9,3" as cells; an error names the move that is wrong and why.
fn parse_moves(text: &str, geometry: Geometry) -> Result<Vec<Cell>, String> {
    let cells = geometry.cells();
    if text.trim().is_empty() {
        return Err("no moves given: list the cells played, e.g. 5,1,9,3".to_string());
    }
    text.split(',')
        .enumerate()
        .map(|(index, part)| {
            let ply = index + 1;
            let part = part.trim();
            let number: usize = part.parse().map_err(|_| {
                format!("move {ply} ({part:?}): not a cell number; cells are numbered 1 to {cells}")
            })?;
            if !(1..=cells).contains(&number) {
                return Err(format!(
                    "move {ply} ({number}): no such cell; cells are numbered 1 to {cells}"
                ));
            }
            Ok(geometry.cell(number - 1))
        })
        .collect()
}
