//! `tictactoe mcts`: Monte Carlo tree search from a position, each root move's visits and
//! estimate beside its exact value, as JSON; with `--trace` every iteration's four phases first.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use clap::Args;
use serde::Serialize;
use serde_json::{Value, json};

use super::args::{RulesArgs, number_in, preview, whole_number};
use super::error::{Error, Finished};
use super::position::Position;
use super::progress;
use crate::engine::board::{Board, Cell};
use crate::engine::fraction::Fraction;
use crate::engine::game_tree::{GameTree, Side};
use crate::engine::mcts::{Iteration, Mcts, Reward};
use crate::engine::minimax::{SearchControl, Solver};
use crate::engine::score::{Score, Verdict};
use crate::learn::mcts_report::{RootMove, TREE_NODES, tree_exact_values};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe mcts XX./OO./... --iterations 2000 --seed 7\n  \
                  tictactoe mcts ..../..../..../.... --iterations 20000 --c 0.7\n  \
                  tictactoe mcts '[[3,12,8],[2,4,6],[14,5,2]]' --iterations 500 --c 10 --trace\n\n\
                  Prints one JSON object: each root move with \"visits\" (N), \"total\" (W), \"mean\"\n\
                  (W/N), \"ucb1\" and \"exact\" (the solver's score, as analyze prints it; a tree's\n\
                  minimax value), all for the side to move; \"choice\", the most visited move, and\n\
                  whether it is an exact best move. On a board a playout scores 1 for a win, 0.5 for\n\
                  a draw and 0 for a loss; on a tree, the leaf's value as typed (not scaled), a chance\n\
                  node's outcome drawn by its probabilities, and \"exact\" is expectiminimax's value. --trace first writes one line\n\
                  an iteration: {\"iteration\":i,\"selected\":[..],\"added\":m,\"playout\":[..],\"reward\":r}."
)]
pub struct MctsArgs {
    /// The position: a board (e.g. XX./OO./...) or an abstract tree, chance nodes too, as
    /// `tree` takes them.
    pub board: String,

    /// How many iterations (selection, expansion, playout, backup) to run.
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = crate::cli::args::Checked(parse_iterations), allow_hyphen_values = true)]
    pub iterations: u64,

    /// The random numbers' seed: the same seed gives the same search, on every machine.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = crate::cli::args::Checked(parse_seed), allow_hyphen_values = true)]
    pub seed: u64,

    /// The exploration constant in UCB1 = W/N + c·√(ln N(parent) / N) (default √2; on a tree,
    /// whose rewards are its leaves, scale it to the leaves).
    #[arg(long, value_name = "C", value_parser = crate::cli::args::Checked(parse_c), allow_hyphen_values = true)]
    pub c: Option<f64>,

    /// The most nodes the search tree keeps: once reached, iterations go on without adding
    /// nodes, and the JSON says "full": true.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_TREE_NODES, value_parser = crate::cli::args::Checked(parse_tree_nodes), allow_hyphen_values = true)]
    pub max_tree_nodes: u64,

    /// Write every iteration's phases, one JSON line each, before the result (at most
    /// 100000 iterations).
    #[arg(long)]
    pub trace: bool,

    #[command(flatten)]
    pub rules: RulesArgs,
}

/// The most iterations a run takes: a few minutes on a 7×7 board.
pub const MAX_ITERATIONS: u64 = 10_000_000;
/// The most iterations `--trace` writes out.
pub const MAX_TRACED: u64 = 100_000;
/// The tree's default cap, the app's view's: see [`TREE_NODES`].
pub const DEFAULT_TREE_NODES: u64 = TREE_NODES as u64;
/// The highest cap accepted.
pub const MAX_TREE_NODES: u64 = 10_000_000;

fn parse_iterations(text: &str) -> Result<u64, String> {
    whole_number(text, "the iterations", "", 1..=MAX_ITERATIONS)
}

fn parse_seed(text: &str) -> Result<u64, String> {
    whole_number(text, "the seed", "", 0..=u64::MAX)
}

fn parse_c(text: &str) -> Result<f64, String> {
    // Not a number (NaN) and the infinities are outside the range.
    let expected = "a number from 0 to 1000000, like 1.41 or 0.5";
    number_in(text, 0.0..=1e6, "c", expected)
}

fn parse_tree_nodes(text: &str) -> Result<u64, String> {
    whole_number(text, "the most tree nodes", "", 1..=MAX_TREE_NODES)
}

/// A root move as `mcts` prints it.
#[derive(Serialize)]
struct MoveJson {
    #[serde(flatten)]
    mv: Value,
    visits: u64,
    total: f64,
    mean: Option<f64>,
    ucb1: Option<f64>,
    /// The exact value for the side to move (a tree with chance nodes: expectiminimax's, a
    /// decimal where it is not whole); `None` if the exact search gave up.
    exact: Option<Value>,
    /// On a board: "win", "draw" or "loss" for the side to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<&'static str>,
}

/// Runs `mcts`, and with `progress` (for a terminal) the iterations so far on standard error.
pub fn mcts(
    args: &MctsArgs,
    out: impl Write,
    err: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let refuse = |problem: &str| Err(Error::position(&args.board, problem));
    if args.trace && args.iterations > MAX_TRACED {
        return refuse(&format!(
            "--trace writes at most {MAX_TRACED} iterations, not {}",
            args.iterations
        ));
    }
    match args.rules.position(&args.board, false) {
        Err(message) => refuse(&message),
        Ok(Position::Board(board)) if board.outcome().is_over() => refuse(
            "the game is over: there is no move to search (give a position with a move to play)",
        ),
        Ok(Position::Board(board)) => on_board(args, board, out, err, progress),
        Ok(Position::Tree(tree)) => on_tree(args, &tree, out, progress),
    }
}

fn on_board(
    args: &MctsArgs,
    board: Board,
    mut out: impl Write,
    mut err: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let c = args.c.unwrap_or(std::f64::consts::SQRT_2);
    let mut search = Mcts::new(board, args.seed, c, args.max_tree_nodes as usize);
    let cell_json = |cell: Cell| json!({"row": cell.row, "col": cell.col});
    let cell_pair = |cell: Cell| json!([cell.row, cell.col]);
    run(args, &mut search, &cell_pair, &mut out, progress)?;
    let control = SearchControl::with_node_budget(crate::cli::args::default_max_nodes());
    let exact = Solver::new()
        .analyze_with(&board, &control, &mut |_| {})
        .ok();
    if exact.is_none() {
        writeln!(
            err,
            "tictactoe mcts: {:?}: the exact values were not found within the solver's budget; \
             \"exact\" is null",
            preview(&args.board)
        )?;
    }
    let geometry = board.geometry();
    let outcome = |score: Score| match score.verdict(geometry) {
        Verdict::Win { .. } => "win",
        Verdict::Draw => "draw",
        Verdict::Loss { .. } => "loss",
    };
    let moves = root_moves(&search, board.legal_moves(), |row| {
        let score = exact.as_ref().and_then(|a| a.score_of(row.mv));
        MoveJson {
            mv: cell_json(row.mv),
            visits: row.visits,
            total: row.total,
            mean: row.mean,
            ucb1: row.ucb1,
            exact: score.map(|s| json!(s.value())),
            outcome: score.map(outcome),
        }
    });
    let choice = search.most_visited();
    let best = exact.as_ref().and_then(|a| a.best_score());
    let chosen = choice.and_then(|cell| exact.as_ref()?.score_of(cell));
    let same_outcome = chosen
        .zip(best)
        .map(|(chosen, best)| outcome(chosen) == outcome(best));
    let own = json!({
        "position": board.to_string(),
        "to_move": board.to_move().to_string(),
        "choice": choice.map(cell_json),
        "exact_best": chosen.zip(best).map(|(chosen, best)| chosen == best),
        "best_outcome": same_outcome,
    });
    write_summary(out, args, c, &search, moves, own)
}

fn on_tree(
    args: &MctsArgs,
    tree: &GameTree,
    mut out: impl Write,
    progress: bool,
) -> Result<Finished, Error> {
    let c = args.c.unwrap_or(std::f64::consts::SQRT_2);
    let root = tree.root();
    let mut search = Mcts::new(root, args.seed, c, args.max_tree_nodes as usize);
    let child_number = |index: usize| json!(index + 1);
    run(args, &mut search, &child_number, &mut out, progress)?;
    // Each child's exact value, for the side to move at the root, as the app's view writes it.
    let exact = tree_exact_values(tree);
    let moves = root_moves(&search, 0..root.len(), |row| MoveJson {
        mv: json!({"child": row.mv + 1}),
        visits: row.visits,
        total: row.total,
        mean: row.mean,
        ucb1: row.ucb1,
        exact: Some(fraction_json(exact[row.mv])),
        outcome: None,
    });
    // At a chance root nobody chooses: no move to play, none best.
    let choice = search.most_visited().filter(|_| !root.is_chance());
    let best = exact.iter().max().copied();
    let own = json!({
        "tree": tree.to_string(),
        "to_move": match (root.is_chance(), root.side()) {
            (true, _) => "chance",
            (false, Side::Max) => "max",
            (false, Side::Min) => "min",
        },
        "choice": choice.map(|index| json!({"child": index + 1})),
        "exact_best": choice.map(|index| Some(exact[index]) == best),
    });
    write_summary(out, args, c, &search, moves, own)
}

/// Writes the search's last line: what every search's has (its iterations, seed, `c`, the
/// tree's size, the root's moves) and `own`, what a board's or a tree's adds (the keys come out
/// in order of name either way).
fn write_summary<G: Reward>(
    mut out: impl Write,
    args: &MctsArgs,
    c: f64,
    search: &Mcts<G>,
    moves: Vec<MoveJson>,
    own: Value,
) -> Result<Finished, Error> {
    let mut result = json!({
        "iterations": search.iterations(),
        "seed": args.seed,
        "c": c,
        "tree_nodes": search.len(),
        "full": search.is_full(),
        "moves": moves,
    });
    if let (Value::Object(all), Value::Object(own)) = (&mut result, own) {
        all.extend(own);
    }
    serde_json::to_writer(&mut out, &result)?;
    writeln!(out)?;
    out.flush()?;
    Ok(Finished::Done)
}

/// A value as JSON: a whole number as one, else a decimal (JSON's numbers are binary: a
/// fraction like 1/3 is as close as a double gets).
fn fraction_json(value: Fraction) -> Value {
    if value.denominator() == 1 {
        json!(value.numerator() as i64)
    } else {
        json!(value.to_f64())
    }
}

/// Every root move in move order, with the numbers the app's view shows
/// ([`crate::learn::mcts_report::root_moves`]).
fn root_moves<G: Reward>(
    search: &Mcts<G>,
    moves: impl Iterator<Item = G::Move>,
    json: impl Fn(&RootMove<G::Move>) -> MoveJson,
) -> Vec<MoveJson> {
    crate::learn::mcts_report::root_moves(search, moves)
        .iter()
        .map(json)
        .collect()
}

/// Runs the iterations, writing each one's phases with `--trace`.
fn run<G: Reward>(
    args: &MctsArgs,
    search: &mut Mcts<G>,
    move_json: &dyn Fn(G::Move) -> Value,
    out: &mut impl Write,
    progress: bool,
) -> io::Result<()> {
    let done = AtomicU64::new(0);
    let status = || format!("{} iterations", done.load(Ordering::Relaxed));
    let mut written = Ok(());
    progress::while_running(progress, &status, || {
        for number in 1..=args.iterations {
            let iteration = search.step();
            if args.trace && written.is_ok() {
                written = trace_line(out, number, &iteration, move_json);
            }
            if number % 1024 == 0 {
                done.store(number, Ordering::Relaxed);
            }
        }
    });
    written
}

fn trace_line<M: Copy>(
    out: &mut impl Write,
    number: u64,
    iteration: &Iteration<M>,
    move_json: &dyn Fn(M) -> Value,
) -> io::Result<()> {
    let line = json!({
        "iteration": number,
        "selected": iteration.selected.iter().map(|&m| move_json(m)).collect::<Vec<_>>(),
        "added": iteration.added.map(move_json),
        "playout": iteration.playout.iter().map(|&m| move_json(m)).collect::<Vec<_>>(),
        "reward": iteration.reward,
    });
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)
}
