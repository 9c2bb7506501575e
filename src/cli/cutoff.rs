//! `tictactoe cutoff`: depth-limited minimax with an evaluation function, each move's number
//! beside its exact score, as JSON.

use std::io::Write;

use clap::{Args, ValueEnum};
use serde_json::json;

use super::args::{RulesArgs, whole_number};
use super::error::{Error, Finished};
use crate::engine::minimax::{
    Evaluation, SearchControl, Solver, Valuation, cutoff_choice, depth_limited,
};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  tictactoe cutoff X../.O./... --depth 2\n  \
                  tictactoe cutoff X../.O./... --depth 1 --eval zero\n\n\
                  Prints one JSON object: each move with \"value\" (depth-limited minimax's number\n\
                  for the side that plays it), \"evaluated\" (true when that number is the\n\
                  evaluation of a position at the cutoff, false when a finished game inside it:\n\
                  then it is the depth-adjusted score, as analyze prints it) and \"exact\" (the\n\
                  solver's score); \"choice\", the first move with the best value, and whether it is\n\
                  an exact best move.")]
pub struct CutoffArgs {
    /// The position: a board, as `analyze` takes it (e.g. X../.O./...).
    pub board: String,

    /// How many plies to look ahead, the move itself counted: positions still open there are
    /// judged by the evaluation.
    #[arg(long, value_name = "D", value_parser = crate::cli::args::Checked(parse_plies), allow_hyphen_values = true)]
    pub depth: u32,

    /// The evaluation at the cutoff: `open-lines` (the side's open lines minus the opponent's,
    /// a line being open for a side while the opponent has no mark on it) or `zero` (nothing is
    /// known beyond the cutoff).
    #[arg(long, value_enum, default_value_t = EvalArg::OpenLines)]
    pub eval: EvalArg,

    #[command(flatten)]
    pub rules: RulesArgs,

    /// Give up after visiting this many positions.
    #[arg(long, value_name = "N", default_value_t = crate::cli::args::default_max_nodes(), value_parser = crate::cli::args::Checked(crate::cli::args::parse_max_nodes), allow_hyphen_values = true)]
    pub max_nodes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvalArg {
    OpenLines,
    Zero,
}

fn parse_plies(text: &str) -> Result<u32, String> {
    whole_number(text, "the depth", " of plies", 1..=49).map(|plies| plies as u32)
}

/// Runs `cutoff`.
pub fn cutoff(args: &CutoffArgs, mut out: impl Write) -> Result<Finished, Error> {
    let refuse = |problem: &str| Error::position(&args.board, problem);
    let board = args
        .rules
        .board(&args.board)
        .map_err(|error| refuse(&error.to_string()))?;
    if board.outcome().is_over() {
        return Err(refuse("the game is over: there is no move to rate"));
    }
    let evaluation = match args.eval {
        EvalArg::OpenLines => Evaluation::OpenLines,
        EvalArg::Zero => Evaluation::Zero,
    };
    let control = SearchControl::with_node_budget(args.max_nodes);
    let limited = depth_limited(&board, args.depth, evaluation, &control)
        .map_err(|stop| refuse(&format!("{stop} (raise --max-nodes or lower --depth)")))?;
    let exact = Solver::new()
        .analyze_with(
            &board,
            &SearchControl::with_node_budget(args.max_nodes),
            &mut |_| {},
        )
        .ok();
    let choice = cutoff_choice(&limited);
    let moves: Vec<_> = limited
        .iter()
        .map(|(cell, valuation)| {
            let (value, evaluated) = match valuation {
                Valuation::Exact(score) => (score.value(), false),
                Valuation::Estimate(value) => (*value, true),
            };
            json!({
                "row": cell.row,
                "col": cell.col,
                "value": value,
                "evaluated": evaluated,
                "exact": exact.as_ref().and_then(|a| a.score_of(*cell)).map(|s| s.value()),
            })
        })
        .collect();
    let best = exact.as_ref().and_then(|a| a.best_score());
    let chosen = choice.and_then(|cell| exact.as_ref()?.score_of(cell));
    let result = json!({
        "board": board.to_string(),
        "to_move": board.to_move().to_string(),
        "depth": args.depth,
        "eval": match args.eval { EvalArg::OpenLines => "open-lines", EvalArg::Zero => "zero" },
        "moves": moves,
        "choice": choice.map(|cell| json!({"row": cell.row, "col": cell.col})),
        "exact_best": chosen.zip(best).map(|(chosen, best)| chosen == best),
    });
    serde_json::to_writer(&mut out, &result)?;
    writeln!(out)?;
    out.flush()?;
    Ok(Finished::Done)
}
