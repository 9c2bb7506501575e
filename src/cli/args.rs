//! The options the commands share: how a position is read (`--to-move`, `--k`), how scores are
//! seen (`--view`), which search runs, and the checks on the numbers they take.

use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::engine::board::{Board, BoardError, Mark};
use crate::engine::minimax::Algorithm;
use crate::learn::review::REVIEW_NODE_BUDGET;
use crate::learn::view::ScoreView;

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

/// Every command's `--max-nodes` when none is given, as `--help` and the README say; `review`
/// spends it on each position, as the app's review does ([`REVIEW_NODE_BUDGET`]).
pub const DEFAULT_MAX_NODES: u64 = 20_000_000;
const _: () = assert!(DEFAULT_MAX_NODES == REVIEW_NODE_BUDGET);

/// The variable a debug build's tests lower the default budget with.
pub const TEST_DEFAULT_MAX_NODES_VAR: &str = "TICTACTOE_TEST_DEFAULT_MAX_NODES";

/// The `--max-nodes` a command runs with when none is given: [`DEFAULT_MAX_NODES`]. Spending it
/// on the largest board takes a debug build minutes, so there (and only there) the tests may
/// lower it with `TICTACTOE_TEST_DEFAULT_MAX_NODES`, to check in seconds that each command ends
/// on its default budget and says so. An optimised build reads no such variable.
pub fn default_max_nodes() -> u64 {
    if cfg!(debug_assertions)
        && let Some(nodes) = std::env::var(TEST_DEFAULT_MAX_NODES_VAR)
            .ok()
            .and_then(|text| parse_max_nodes(&text).ok())
    {
        return nodes;
    }
    DEFAULT_MAX_NODES
}

/// What `--time-limit` accepts, as every message about it says it.
const SECONDS_EXPECTED: &str = "a number of seconds above 0 and below 1000000000, like 5 or 0.5";

pub(super) fn parse_seconds(text: &str) -> Result<Duration, String> {
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
pub(super) fn parse_max_nodes(text: &str) -> Result<u64, String> {
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
pub(super) fn parse_k(text: &str) -> Result<usize, String> {
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
pub(super) fn view_or_mover(view: Option<ViewArg>) -> ScoreView {
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

/// The start of a board argument, for an error message that stays one readable line whatever
/// was typed.
pub(super) fn preview(text: &str) -> String {
    crate::engine::board::typed_start(text)
}
