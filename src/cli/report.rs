//! What `analyze` prints for a board, and how it is written: one line of JSON, every number seen
//! as `--view` says.

use std::io::{self, Write};

use serde::Serialize;

use crate::engine::board::{Cell, Mark};
use crate::engine::minimax::{self, Analysis, MoveBound, MoveScore, Valuation};
use crate::engine::score::Score;
use crate::learn::view::{ScoreView, Seen, Shown};

/// What `analyze` prints for one board: the moves it settled and, when the search stopped
/// early, what it knows of the others.
pub struct Report {
    pub analysis: Analysis,
    /// Empty when the analysis is complete.
    pub unsettled: Vec<UnsettledMove>,
    pub complete: bool,
}

impl Report {
    /// The report of a complete analysis.
    pub fn complete(analysis: Analysis) -> Report {
        Report {
            analysis,
            unsettled: Vec::new(),
            complete: true,
        }
    }
}

/// A move whose exact score a stopped search did not find.
pub struct UnsettledMove {
    pub bound: MoveBound,
    /// Whether `bound` says anything.
    pub bounded: bool,
    /// The estimator's view: how many plies it looked ahead and what it saw.
    pub estimate: Option<(u32, Valuation)>,
}
/// Writes one analysis as a line of JSON, every score the side to move's.
pub fn write_analysis(out: &mut impl Write, analysis: &Analysis, stats: bool) -> io::Result<()> {
    write_json(out, analysis, &[], stats, ScoreView::SideToMove)
}

/// Writes one report, complete or not, as a line of JSON, every score the side to move's.
pub fn write_report(out: &mut impl Write, report: &Report, stats: bool) -> io::Result<()> {
    write_report_seen(out, report, stats, ScoreView::SideToMove)
}

/// Writes one report as a line of JSON with its scores, bounds and estimates seen as `view`
/// says, from the report's own position (`analyze --view`).
pub fn write_report_seen(
    out: &mut impl Write,
    report: &Report,
    stats: bool,
    view: ScoreView,
) -> io::Result<()> {
    write_json(out, &report.analysis, &report.unsettled, stats, view)
}

fn write_json(
    out: &mut impl Write,
    analysis: &Analysis,
    unsettled: &[UnsettledMove],
    stats: bool,
    view: ScoreView,
) -> io::Result<()> {
    let board = &analysis.board;
    let notation = board.notation();
    let numbers = PositionNumbers {
        seen: Seen::new(view, board),
        mover: board.to_move(),
    };
    let json = AnalysisJson {
        board: notation.as_str(),
        to_move: board.to_move().symbol(),
        outcome: board.outcome().name(),
        moves: MovesJson {
            settled: &analysis.moves,
            unsettled,
            numbers,
        },
        best: best_settled(analysis, unsettled),
        complete: (!unsettled.is_empty()).then_some(false),
        stats: stats.then(|| StatsJson {
            algorithm: analysis.stats.algorithm.name(),
            nodes: analysis.stats.nodes,
            micros: analysis.stats.elapsed.as_micros() as u64,
        }),
    };
    // `?` turns serde_json's error back into the io::Error it wraps, so that a closed pipe is
    // still seen as one (and is not reported: see main).
    serde_json::to_writer(&mut *out, &json)?;
    out.write_all(b"\n")
}

/// The numbers `analyze` shows for the moves of one position: each through [`Seen`], from that
/// position.
struct PositionNumbers {
    seen: Seen,
    /// The side to move, who plays every move of the report.
    mover: Mark,
}

impl PositionNumbers {
    /// A move's number, from its score for the mover.
    fn number(&self, score: Score) -> Shown {
        self.seen.number(score, self.mover, 0)
    }

    /// The bounds on a move's number, from the bounds on its score.
    fn bound(&self, lower: Score, upper: Score) -> BoundJson {
        let (lower, upper) = self.seen.bounds(lower, upper, self.mover);
        BoundJson { lower, upper }
    }

    /// An estimate in evaluation points (not a score), as the maximiser sees it.
    fn points(&self, points: i32) -> i32 {
        self.seen.points(points)
    }
}

/// The first best settled move in row-major order, when no unsettled move can beat it.
fn best_settled(analysis: &Analysis, unsettled: &[UnsettledMove]) -> Option<Cell> {
    let bounds: Vec<MoveBound> = unsettled.iter().map(|m| m.bound).collect();
    let proven = minimax::proven_best(&analysis.board, &analysis.moves, &bounds);
    proven.first().map(|m| m.cell)
}

/// One line of `analyze`: the position, its moves, minimax's choice and, on request, the stats.
#[derive(Serialize)]
struct AnalysisJson<'a> {
    board: &'a str,
    to_move: char,
    outcome: &'static str,
    #[serde(serialize_with = "moves_in_order")]
    moves: MovesJson<'a>,
    /// `null` when there is no move, or when an unsettled move might beat the best settled one.
    best: Option<Cell>,
    /// Only when the search stopped early, and then `false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    complete: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stats: Option<StatsJson>,
}

/// The moves of a report, written in row-major order.
struct MovesJson<'a> {
    settled: &'a [MoveScore],
    /// Empty when the analysis is complete.
    unsettled: &'a [UnsettledMove],
    numbers: PositionNumbers,
}

/// The moves, settled and unsettled merged back into row-major order. A complete analysis's
/// moves are written straight from it, without collecting them first: a batch writes one
/// analysis per line, tens of thousands of them.
fn moves_in_order<S: serde::Serializer>(
    moves: &MovesJson,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let numbers = &moves.numbers;
    let settled = moves.settled.iter().map(|m| MoveJson::settled(m, numbers));
    if moves.unsettled.is_empty() {
        return serializer.collect_seq(settled);
    }
    let mut all: Vec<MoveJson> = settled
        .chain(
            moves
                .unsettled
                .iter()
                .map(|m| MoveJson::unsettled(m, numbers)),
        )
        .collect();
    all.sort_by_key(|m| (m.row, m.col));
    serializer.collect_seq(all)
}

/// A move: settled, with its score and line; or unsettled, with `null` for both and what is
/// known of it.
#[derive(Serialize)]
struct MoveJson<'a> {
    row: usize,
    col: usize,
    score: Option<Shown>,
    line: Option<LineJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<BoundJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<EstimateJson>,
}

impl<'a> MoveJson<'a> {
    fn settled(m: &'a MoveScore, numbers: &PositionNumbers) -> MoveJson<'a> {
        MoveJson {
            row: m.cell.row,
            col: m.cell.col,
            score: Some(numbers.number(m.score)),
            line: Some(LineJson(&m.pv)),
            bound: None,
            estimate: None,
        }
    }

    fn unsettled(m: &UnsettledMove, numbers: &PositionNumbers) -> MoveJson<'a> {
        MoveJson {
            row: m.bound.cell.row,
            col: m.bound.cell.col,
            score: None,
            line: None,
            bound: m
                .bounded
                .then(|| numbers.bound(m.bound.lower, m.bound.upper)),
            estimate: m.estimate.map(|(depth, value)| match value {
                Valuation::Exact(score) => EstimateJson {
                    depth,
                    value: None,
                    proven: Some(numbers.number(score)),
                },
                Valuation::Estimate(points) => EstimateJson {
                    depth,
                    value: Some(numbers.points(points)),
                    proven: None,
                },
            }),
        }
    }
}

/// A line of play, as `[[row, col], ...]`.
#[derive(Serialize)]
#[serde(transparent)]
pub(super) struct LineJson<'a>(#[serde(serialize_with = "cell_pairs")] pub(super) &'a [Cell]);

/// Cells as `[row, col]` pairs: shorter than `{"row", "col"}` objects, for lists of cells.
fn cell_pairs<S: serde::Serializer>(cells: &[Cell], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(cells.iter().map(|cell| [cell.row, cell.col]))
}

#[derive(Serialize)]
struct BoundJson {
    lower: Shown,
    upper: Shown,
}

/// `{"depth": 4, "value": 37}` (heuristic units) or `{"depth": 4, "proven": 13}` (a score the
/// depth-limited search proved).
#[derive(Serialize)]
struct EstimateJson {
    depth: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proven: Option<Shown>,
}

/// A batch line that is not a board: the line as read, its number in the input (from 1,
/// counting blank lines too) and what is wrong with it.
#[derive(Serialize)]
pub(super) struct ErrorJson<'a> {
    pub(super) board: &'a str,
    pub(super) input_line: u64,
    pub(super) error: &'a str,
}

#[derive(Serialize)]
struct StatsJson {
    algorithm: &'static str,
    nodes: u64,
    micros: u64,
}
