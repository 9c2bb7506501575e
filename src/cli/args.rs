//! The options the commands share: how a position is read (`--to-move`, `--k`), how scores are
//! seen (`--view`), which search runs, and the checks on the numbers they take.

use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::engine::board::{Board, MAX_SIDE, MIN_SIDE, Mark, PasteError};
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
    #[arg(long, value_name = "K", value_parser = crate::cli::args::Checked(crate::cli::args::parse_k), allow_hyphen_values = true)]
    pub k: Option<usize>,
}

impl RulesArgs {
    /// The position `text` gives, read with these options as `--position` and a paste read it
    /// (rows on separate lines too), in any shape `analyze` rates.
    pub fn board(&self, text: &str) -> Result<Board, PasteError> {
        Board::read_with(text, self.to_move.map(Mark::from), self.k)
    }
}

/// Every command's `--max-nodes` when none is given, as `--help` and the guide say; `review`
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

/// A value parser for an option whose text `check` reads: its message follows the option and
/// what was typed (shortened, on one line) as clap words its own, `invalid value '…' for
/// '--depth <N>': …`. Every numeric option takes one, so that they all say it alike; a value
/// that starts with `-` reaches `check` too (with `allow_hyphen_values`), instead of clap's tip
/// to write `-- -1`.
#[derive(Clone, Copy)]
pub struct Checked<T>(pub fn(&str) -> Result<T, String>);

impl<T: Clone + Send + Sync + 'static> clap::builder::TypedValueParser for Checked<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        (self.0)(&text).map_err(|reason| {
            let option = arg.map_or_else(String::new, |arg| format!(" for '{arg}'"));
            let message = format!("invalid value '{}'{option}: {reason}\n", typed(&text));
            clap::Error::raw(clap::error::ErrorKind::ValueValidation, message).with_cmd(cmd)
        })
    }
}

/// What was typed, for a message: its start when long, control characters escaped.
pub(super) fn typed(text: &str) -> String {
    let escaped: String = text
        .chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect();
    preview(&escaped)
}

/// [`typed`], or `''` for nothing.
pub(super) fn typed_or_empty(text: &str) -> String {
    match text.is_empty() {
        true => "''".to_owned(),
        false => typed(text),
    }
}

/// A whole number from `accepted`, or the one message every numeric option gives: `what` must be
/// a whole number (of `unit`) in the range, not what was typed.
pub(super) fn whole_number(
    text: &str,
    what: &str,
    unit: &str,
    accepted: std::ops::RangeInclusive<u64>,
) -> Result<u64, String> {
    let expected = format!(
        "a whole number{unit} from {} to {}",
        accepted.start(),
        accepted.end()
    );
    number_in(text, accepted, what, &expected)
}

/// A number from `accepted`, or the message every numeric option gives: "`what` must be
/// `expected`, not" what was typed.
pub(super) fn number_in<T: std::str::FromStr + PartialOrd>(
    text: &str,
    accepted: std::ops::RangeInclusive<T>,
    what: &str,
    expected: &str,
) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if accepted.contains(&n) => Ok(n),
        _ => Err(format!(
            "{what} must be {expected}, not {}",
            typed_or_empty(text)
        )),
    }
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
            typed_or_empty(text)
        )),
    }
}

/// `--max-nodes`: a budget of at least one position.
pub(super) fn parse_max_nodes(text: &str) -> Result<u64, String> {
    whole_number(text, "the budget", " of positions", 1..=u64::MAX)
}

/// `--k`: how many in a row win, a whole number (whether the board allows it is checked with
/// the board, as `analyze` checks it).
pub(super) fn parse_k(text: &str) -> Result<usize, String> {
    let k = whole_number(text, "how many in a row win", "", 3..=5).map(|k| k as usize);
    // A longer line is refused with the board, which names its size.
    k.or_else(|error| text.parse::<usize>().map_err(|_| error))
}

/// `tree --depth`: how many levels of moves to print.
pub(super) fn parse_depth(text: &str) -> Result<u32, String> {
    let max = u64::from(u32::MAX);
    whole_number(text, "the depth", " of levels", 0..=max).map(|depth| depth as u32)
}

/// `review --size`: the board's side.
pub(super) fn parse_size(text: &str) -> Result<usize, String> {
    let (min, max) = (MIN_SIDE as u64, MAX_SIDE as u64);
    whole_number(text, "the board's side", "", min..=max).map(|side| side as usize)
}

/// `tree --max-printed`: how many positions to print at most.
pub(super) fn parse_max_printed(text: &str) -> Result<u64, String> {
    whole_number(text, "the most positions printed", "", 0..=u64::MAX)
}

/// `trace --max-lines`: how many event lines to write at most.
pub(super) fn parse_max_lines(text: &str) -> Result<u64, String> {
    whole_number(text, "the most lines written", "", 0..=u64::MAX)
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
    /// Alpha-beta as the textbooks write it, without a table (`trace`'s alphabeta), each move
    /// searched with a fresh window
    AlphabetaClassic,
    /// Alpha-beta with a table and move ordering, each move searched with a fresh window
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
