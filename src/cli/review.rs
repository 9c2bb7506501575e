//! `tictactoe review`: a game's moves, each with its score, the best score there was and its
//! class, as the app's review panel shows them.

use std::io::{self, Write};

use clap::Args;
use serde::Serialize;

use super::{EXIT_BAD_BOARD, EXIT_OK, MarkArg, ViewArg, view_or_mover};
use crate::engine::board::{
    BadMoveNumber, Board, BoardError, Cell, Geometry, Mark, MoveNumbers, MoveNumbersError,
};
use crate::engine::minimax::{Analysis, SearchControl, Solver};
use crate::learn::review::Review;
use crate::learn::view::Seen;
use crate::store::game_file::{self, GameFileError};

#[derive(Debug, Args)]
#[command(
    after_help = "Cells are numbered 1 to N×N in reading order (1 2 3 / 4 5 6 / 7 8 9 on 3×3).\n\n\
                  Examples:\n  tictactoe review 5,1,9,3\n  tictactoe review 1,5,9 --first O\n  \
                  tictactoe review 6,11,7 --size 4\n  tictactoe review 1,2,8 --view x\n  \
                  tictactoe review 9 --first X --from X../.O./...\n  \
                  tictactoe review --game saved.ron"
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
    /// No board of that size or k, or a start position `analyze` would refuse.
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("--from: the board is {found}×{found}, but --size is {size}")]
    StartSize { found: usize, size: usize },
    #[error("no moves given: list the cells played, e.g. 5,1,9,3")]
    NoMoves,
    #[error("move {ply} ({text:?}): not a cell number; cells are numbered 1 to {cells}")]
    NotANumber {
        ply: usize,
        text: String,
        cells: usize,
    },
    /// A number that is not a cell, or a move that cannot be played: as saved games say it.
    #[error("{0}")]
    BadMove(BadMoveNumber),
    #[error(transparent)]
    GameFile(#[from] GameFileError),
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

/// The game the arguments give: a saved game, or the moves from the empty board (or `--from`).
fn game(args: &ReviewArgs) -> Result<(Board, Vec<Cell>), ReviewError> {
    if let Some(path) = &args.game {
        let record = game_file::load(path)?;
        return Ok((record.start, record.moves));
    }
    let k = args.k.unwrap_or(Geometry::default_k(args.size, args.size));
    let geometry = Geometry::new(args.size, args.size, k)?;
    let start = match &args.from {
        None => Board::empty(geometry, Mark::from(args.first)),
        Some(text) => {
            let start = Board::parse_with(text, Some(Mark::from(args.first)), Some(k))?;
            if start.geometry() != geometry {
                return Err(ReviewError::StartSize {
                    found: start.geometry().rows(),
                    size: args.size,
                });
            }
            start
        }
    };
    let cells = parse_moves(args.moves.as_deref().unwrap_or_default(), geometry)?;
    Ok((start, cells))
}

/// The game's review, as it is printed.
fn reviewed(args: &ReviewArgs) -> Result<Output, ReviewError> {
    let (start, cells) = game(args)?;
    let geometry = start.geometry();
    let mut solver = Solver::new();
    let mut analyze = |board: &Board| -> Analysis {
        solver
            .analyze_with(board, &SearchControl::new(), &mut |_| {})
            .expect("nothing stops a search without a budget")
    };
    let view = view_or_mover(args.view);
    let review = Review::of_game(&start, &cells, &mut analyze)
        .map_err(|bad| BadMoveNumber {
            ply: bad.ply,
            number: geometry.cell_number(bad.cell) as i64,
            reason: Some(bad.reason),
            cells: geometry.cells(),
        })
        .map_err(ReviewError::BadMove)?;
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
        outcome: review.outcome().name(),
    })
}

/// "5,1,9,3" as cells; an error names the move that is wrong and why. Every number must be a
/// cell before any move is played.
fn parse_moves(text: &str, geometry: Geometry) -> Result<Vec<Cell>, ReviewError> {
    let numbers: MoveNumbers = text.parse().map_err(|error| match error {
        MoveNumbersError::Empty => ReviewError::NoMoves,
        MoveNumbersError::NotANumber { ply, text } => ReviewError::NotANumber {
            ply,
            text,
            cells: geometry.cells(),
        },
    })?;
    numbers.cells(geometry).map_err(ReviewError::BadMove)
}
