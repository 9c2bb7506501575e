//! Coaching, from the engine's exact scores: a game reviewed move by move, how many of a side's
//! moves were best, and the opponent's threat. Nothing here knows egui; the app and
//! `tictactoe review` present it. Practice positions are in [`crate::practice`]; a played
//! game's record and a session's accuracy, which know the seating, are in the game layer above.
//!
//! Every number is exact: a move's score and the best score before it both come from the analysis
//! of the position before the move, both from the mover's side.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::board::{Board, Cell, Mark, Outcome, PlayError};
use crate::engine::minimax::{Analysis, Estimate, MoveBound, MoveScore, Stop, Valuation};
use crate::engine::score::{Score, Verdict};
use crate::view::{ScoreView, Seen, Shown};

/// How good a move was, from its score `s` and the best score `b` there was, both for the mover.
///
/// Every move has exactly one class: with `s == b` it is best; otherwise `s < b` and either the
/// result stayed the same but slower (both positive or both negative: an inaccuracy), or a won
/// game became a draw (`b > 0`, `s == 0`: a mistake), or a game not lost became lost (`b >= 0`,
/// `s < 0`: a blunder). A win can never become a draw from a loss, so nothing else is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveClass {
    Best,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    pub const ALL: [MoveClass; 4] = [
        MoveClass::Best,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move that scores `score` where `best` was available.
    pub fn of(score: Score, best: Score) -> MoveClass {
        debug_assert!(score <= best, "no move beats the best one");
        let (s, b) = (score.value(), best.value());
        if s >= b {
            MoveClass::Best
        } else if b >= 0 && s < 0 {
            MoveClass::Blunder
        } else if b > 0 && s == 0 {
            MoveClass::Mistake
        } else {
            // Both positive (a slower win) or both negative (a faster loss).
            MoveClass::Inaccuracy
        }
    }

    /// The name `tictactoe review` prints, and screen readers say.
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The sign chess annotators use: "" for best, "?!", "?", "??".
    pub fn sign(self) -> &'static str {
        match self {
            MoveClass::Best => "",
            MoveClass::Inaccuracy => "?!",
            MoveClass::Mistake => "?",
            MoveClass::Blunder => "??",
        }
    }

    /// What it means, in a sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            MoveClass::Best => "keeps the best result there was",
            MoveClass::Inaccuracy => "the same result, but a slower win or a faster loss",
            MoveClass::Mistake => "lets a won game go to a draw",
            MoveClass::Blunder => "turns a game that was not lost into a loss",
        }
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move of a game, reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewedMove {
    /// 1 for the first move of the game.
    pub ply: usize,
    pub mark: Mark,
    pub cell: Cell,
    /// The position before the move.
    pub before: Board,
    /// The move's score, for the mover.
    pub score: Score,
    /// The best score there was, for the mover.
    pub best_score: Score,
    pub class: MoveClass,
    /// The moves that had the best score, in row-major order.
    pub best_moves: Vec<Cell>,
}

impl ReviewedMove {
    /// Reviews playing `cell` on `before`, whose analysis is `analysis`. `None` if `cell` is not
    /// one of its moves.
    pub fn new(
        ply: usize,
        before: &Board,
        cell: Cell,
        analysis: &Analysis,
    ) -> Option<ReviewedMove> {
        let score = analysis.get(cell)?.score;
        let best_score = analysis.best_score()?;
        let best_moves = analysis.best_moves().map(|m| m.cell).collect();
        Some(ReviewedMove::of(
            ply,
            before,
            cell,
            (score, best_score),
            best_moves,
        ))
    }

    /// The review of `cell` played on `before` as move `ply`, which scored `score` where the best
    /// there was scored `best_score`, by `best_moves`.
    fn of(
        ply: usize,
        before: &Board,
        cell: Cell,
        (score, best_score): (Score, Score),
        best_moves: Vec<Cell>,
    ) -> ReviewedMove {
        ReviewedMove {
            ply,
            mark: before.to_move(),
            cell,
            before: *before,
            score,
            best_score,
            class: MoveClass::of(score, best_score),
            best_moves,
        }
    }

    /// Reviews playing `cell` on `before` from what a search running (or stopped) has found:
    /// the moves it settled and bounds on others. `Err` says what is known when the move's score
    /// or the best score there was is not. The best moves are the settled ones with the best
    /// score (an unsettled move whose bound reaches it may be one too).
    pub fn from_partial(
        ply: usize,
        before: &Board,
        cell: Cell,
        settled: &[MoveScore],
        bounds: &[MoveBound],
    ) -> Result<ReviewedMove, Unsettled> {
        let score = settled.iter().find(|m| m.cell == cell).map(|m| m.score);
        let best_score = best_settled_score(before, settled, bounds);
        let (Some(score), Some(best_score)) = (score, best_score) else {
            return Err(Unsettled {
                score,
                best_score,
                bound: bounds
                    .iter()
                    .find(|b| b.cell == cell && score.is_none())
                    .copied(),
            });
        };
        let mut best_moves: Vec<Cell> = settled
            .iter()
            .filter(|m| m.score == best_score)
            .map(|m| m.cell)
            .collect();
        crate::short_sort::sort_short_by_key(&mut best_moves, |c| (c.row, c.col));
        Ok(ReviewedMove::of(
            ply,
            before,
            cell,
            (score, best_score),
            best_moves,
        ))
    }
}

/// The positions a review searches before each move, at most: `tictactoe review`'s default
/// `--max-nodes`, and the app's review (M) of a game on a big board. A 7×7 game's review ends
/// within minutes, with what the searches settled.
pub const REVIEW_NODE_BUDGET: u64 = 20_000_000;

/// The best score there was on `before`, from what a search running (or stopped) has found: the
/// best settled score, once no move left unsettled can beat it (a move with no bound in `bounds`
/// can score anything, up to a win on the spot).
pub fn best_settled_score(
    before: &Board,
    settled: &[MoveScore],
    bounds: &[MoveBound],
) -> Option<Score> {
    let best = settled.iter().map(|m| m.score).max()?;
    let geometry = before.geometry();
    let beaten = before
        .legal_moves()
        .filter(|&cell| settled.iter().all(|m| m.cell != cell))
        .any(|cell| {
            let bound = bounds.iter().find(|b| b.cell == cell);
            bound
                .map_or(MoveBound::unknown(cell, geometry), |b| *b)
                .upper
                > best
        });
    (!beaten).then_some(best)
}

/// What is known of a move whose review is not complete: its position's search is running, or
/// stopped before it settled both the move's score and the best score there was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Unsettled {
    /// The move's score, for the mover, if settled.
    pub score: Option<Score>,
    /// The best score there was, for the mover, if known ([`best_settled_score`]).
    pub best_score: Option<Score>,
    /// A bound on the move's score while it is not settled, when one is known.
    pub bound: Option<MoveBound>,
}

/// One move of a game as its review stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveReview {
    /// Every number is known.
    Reviewed(ReviewedMove),
    /// Not yet: the position before the move, what is known so far, and why its position's
    /// search ended (`None` while it runs or waits to run).
    Unsettled {
        before: Board,
        known: Unsettled,
        stopped: Option<Stop>,
    },
}

impl MoveReview {
    pub fn reviewed(&self) -> Option<&ReviewedMove> {
        match self {
            MoveReview::Reviewed(m) => Some(m),
            MoveReview::Unsettled { .. } => None,
        }
    }
}

/// A reviewed move's two numbers as the review shows them (its list and its graph): the move's
/// and the best there was, seen in one view from the position before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShownScores {
    pub score: Shown,
    pub best: Shown,
}

impl ReviewedMove {
    /// The move's number and the best number there was in `view`, depth counted from the
    /// position before the move: the numbers the review's list, its graph and
    /// `tictactoe review` print.
    pub fn shown(&self, view: ScoreView) -> ShownScores {
        let seen = Seen::new(view, &self.before);
        ShownScores {
            score: seen.number(self.score, self.mark, 0),
            best: seen.number(self.best_score, self.mark, 0),
        }
    }
}

/// A move of a game whose position has no exact analysis, only an estimate (a large board whose
/// exact search ran out of time): what the estimator thought of the move and of its best move.
/// Never classed: an estimate cannot say that a move lost anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EstimatedMove {
    /// 1 for the first move of the game.
    pub ply: usize,
    pub mark: Mark,
    pub cell: Cell,
    /// The position before the move.
    pub before: Board,
    pub value: Valuation,
    /// The estimator's best move's valuation.
    pub best: Valuation,
    /// How many plies the estimator looked ahead, the move itself counted.
    pub depth: u32,
}

/// One of an estimated move's two values as the review shows it: an exact number (a result the
/// estimator proved) or evaluation points, never a score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShownValue {
    Exact(Shown),
    Points(i32),
}

impl ShownValue {
    /// "8" for a proven number, "≈ 12 points" for an estimate.
    pub fn text(self) -> String {
        match self {
            ShownValue::Exact(score) => score.value().to_string(),
            ShownValue::Points(points) => format!("≈ {points} points"),
        }
    }
}

impl EstimatedMove {
    /// Playing `cell` on `before` as `estimate` (of `before`) values it; `None` if `cell` is not
    /// among its moves.
    pub fn new(ply: usize, before: &Board, cell: Cell, estimate: &Estimate) -> Option<Self> {
        Some(EstimatedMove {
            ply,
            mark: before.to_move(),
            cell,
            before: *before,
            value: estimate.moves.iter().find(|m| m.cell == cell)?.value,
            best: estimate.best()?.value,
            depth: estimate.depth,
        })
    }

    /// The move's value and the best value in `view`, seen as [`ReviewedMove::shown`] sees exact
    /// numbers (estimates through [`Seen::points`]).
    pub fn shown(&self, view: ScoreView) -> (ShownValue, ShownValue) {
        let seen = Seen::new(view, &self.before);
        let show = |value: Valuation| match value {
            Valuation::Exact(score) => ShownValue::Exact(seen.number(score, self.mark, 0)),
            Valuation::Estimate(points) => ShownValue::Points(seen.points(points)),
        };
        (show(self.value), show(self.best))
    }
}

/// What the review knows of one move: its exact review, else an estimate, else what its
/// position's search has settled so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewEntry {
    Exact(ReviewedMove),
    Estimated(EstimatedMove),
    /// As [`MoveReview::Unsettled`]: the position before the move, what is known, and why its
    /// search ended (`None` while it runs or waits to run).
    Unsettled {
        before: Board,
        known: Unsettled,
        stopped: Option<Stop>,
    },
}

impl ReviewEntry {
    /// The exact review if there is one, else the estimate if there is one, else what is known.
    pub fn of(review: MoveReview, estimated: Option<EstimatedMove>) -> ReviewEntry {
        match (review, estimated) {
            (MoveReview::Reviewed(m), _) => ReviewEntry::Exact(m),
            (MoveReview::Unsettled { .. }, Some(e)) => ReviewEntry::Estimated(e),
            (
                MoveReview::Unsettled {
                    before,
                    known,
                    stopped,
                },
                None,
            ) => ReviewEntry::Unsettled {
                before,
                known,
                stopped,
            },
        }
    }
}

/// A move list that cannot be played, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("move {ply} ({}): {reason}", cell.human())]
pub struct BadMove {
    /// 1 for the first move.
    pub ply: usize,
    pub cell: Cell,
    pub reason: PlayError,
}

/// A whole game reviewed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    pub moves: Vec<ReviewedMove>,
    /// The position after the last move.
    pub end: Board,
}

impl Review {
    /// Plays `moves` from `start` and reviews each one with `analyze`.
    pub fn of_game(
        start: &Board,
        moves: &[Cell],
        analyze: &mut dyn FnMut(&Board) -> Analysis,
    ) -> Result<Review, BadMove> {
        let reviewed = positions_before(start, moves)
            .map(|step| {
                let (ply, before, cell) = step?;
                let analysis = analyze(&before);
                Ok(ReviewedMove::new(ply, &before, cell, &analysis)
                    .expect("a legal move of an ongoing game is among its analysed moves"))
            })
            .collect::<Result<Vec<_>, BadMove>>()?;
        let end = reviewed.last().map_or(*start, |m| {
            m.before.after(m.cell).expect("reviewed moves are legal")
        });
        Ok(Review {
            moves: reviewed,
            end,
        })
    }

    pub fn outcome(&self) -> Outcome {
        self.end.outcome()
    }

    /// How many moves of each class (of `mark`'s moves, or of all), in [`MoveClass::ALL`]'s
    /// order.
    pub fn counts(&self, mark: Option<Mark>) -> [usize; 4] {
        class_counts(
            self.moves
                .iter()
                .filter(|m| mark.is_none_or(|mark| m.mark == mark)),
        )
    }

    /// One line: "2 inaccuracies, 1 blunder", or "every move was best".
    pub fn summary(&self, mark: Option<Mark>) -> String {
        summary(self.counts(mark))
    }

    /// The share of `mark`'s moves that were best, if it moved.
    pub fn accuracy(&self, mark: Mark) -> Option<Accuracy> {
        let counts = self.counts(Some(mark));
        let moves: usize = counts.iter().sum();
        (moves > 0).then_some(Accuracy {
            best: counts[0],
            moves,
        })
    }
}

/// How many of `moves` are of each class, in [`MoveClass::ALL`]'s order.
pub fn class_counts<'a>(moves: impl IntoIterator<Item = &'a ReviewedMove>) -> [usize; 4] {
    let mut counts = [0; 4];
    for m in moves {
        counts[MoveClass::ALL.iter().position(|&c| c == m.class).unwrap()] += 1;
    }
    counts
}

/// "2 inaccuracies, 1 blunder" from the counts of [`Review::counts`].
pub fn summary(counts: [usize; 4]) -> String {
    let parts: Vec<String> = MoveClass::ALL[1..]
        .iter()
        .zip(&counts[1..])
        .filter(|&(_, &n)| n > 0)
        .map(|(class, &n)| match (class, n) {
            (MoveClass::Inaccuracy, 1) => "1 inaccuracy".to_string(),
            (MoveClass::Inaccuracy, n) => format!("{n} inaccuracies"),
            (class, 1) => format!("1 {class}"),
            (class, n) => format!("{n} {class}s"),
        })
        .collect();
    if parts.is_empty() {
        "every move was best".to_string()
    } else {
        parts.join(", ")
    }
}

/// Best moves out of all moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Accuracy {
    pub best: usize,
    pub moves: usize,
}

impl std::ops::AddAssign for Accuracy {
    fn add_assign(&mut self, other: Accuracy) {
        self.best += other.best;
        self.moves += other.moves;
    }
}

impl Accuracy {
    /// The share of best moves, in percent rounded to the nearest (100 before any move): 2 of 3
    /// is 67 %.
    pub fn percent(self) -> u32 {
        (200 * self.best + self.moves)
            .checked_div(2 * self.moves)
            .unwrap_or(100) as u32
    }

    /// One move's share: best or not.
    pub fn of_move(m: &ReviewedMove) -> Accuracy {
        Accuracy {
            best: usize::from(m.class == MoveClass::Best),
            moves: 1,
        }
    }
}

/// Each move of `moves` played from `start` with its ply (from 1) and the position before it;
/// an illegal move ends the walk with its error.
pub fn positions_before<'a>(
    start: &Board,
    moves: &'a [Cell],
) -> impl Iterator<Item = Result<(usize, Board, Cell), BadMove>> + 'a {
    let mut board = Ok(*start);
    moves.iter().enumerate().map_while(move |(index, &cell)| {
        let before = board.as_ref().ok().copied()?;
        let ply = index + 1;
        board = before
            .after(cell)
            .map_err(|reason| BadMove { ply, cell, reason });
        Some(
            board
                .as_ref()
                .map(|_| (ply, before, cell))
                .map_err(Clone::clone),
        )
    })
}

/// What the opponent would do if it were its turn now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threat {
    /// The side that threatens: the one not to move.
    pub mark: Mark,
    /// Its best move (the first in row-major order).
    pub cell: Cell,
    /// That move's score, for `mark`.
    pub score: Score,
}

impl Threat {
    /// The opponent's best move on `board` as if it were its turn, from the analysis of
    /// the board with the other side to move ([`Board::with_to_move`]). `None` when the game is over.
    pub fn of(passed: &Analysis) -> Option<Threat> {
        let best = passed.best()?;
        Some(Threat {
            mark: passed.board.to_move(),
            cell: best.cell,
            score: best.score,
        })
    }

    /// "O would win at row 2, column 3", "O would play row 1, column 1: then O wins with its 2nd
    /// move", or "… : a draw".
    pub fn describe(&self, board: &Board) -> String {
        let geometry = board.geometry();
        let (mark, at) = (self.mark, self.cell.human());
        match self.score.verdict(geometry) {
            Verdict::Win { moves: 1 } => format!("{mark} would win at {at}"),
            Verdict::Win { moves } => format!(
                "{mark} would play {at}: then {mark} wins with its {} move",
                crate::explain::ordinal(moves)
            ),
            Verdict::Draw => format!("{mark} would play {at}: then a draw with best play"),
            Verdict::Loss { .. } => format!(
                "{mark} would play {at}, but {} still wins with best play",
                mark.opponent()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;

    #[test]
    fn the_classes_follow_the_issue_on_every_pair_of_scores() {
        let class = |s: i32, b: i32| MoveClass::of(Score::new(s), Score::new(b));
        assert_eq!(class(8, 8), MoveClass::Best);
        assert_eq!(class(-7, -7), MoveClass::Best);
        assert_eq!(class(0, 0), MoveClass::Best);
        assert_eq!(class(6, 8), MoveClass::Inaccuracy);
        assert_eq!(class(-9, -7), MoveClass::Inaccuracy);
        assert_eq!(class(0, 8), MoveClass::Mistake);
        assert_eq!(class(-9, 0), MoveClass::Blunder);
        assert_eq!(class(-9, 8), MoveClass::Blunder);
        // Every pair with s <= b on 3×3 has exactly the class the definitions give.
        for b in -10..=10 {
            for s in -10..=b {
                let expected = if s == b {
                    MoveClass::Best
                } else if (s > 0 && b > 0) || (s < 0 && b < 0) {
                    MoveClass::Inaccuracy
                } else if b > 0 && s == 0 {
                    MoveClass::Mistake
                } else {
                    assert!(b >= 0 && s < 0, "({s}, {b}) falls in no class");
                    MoveClass::Blunder
                };
                assert_eq!(class(s, b), expected, "s = {s}, b = {b}");
            }
        }
    }

    #[test]
    fn a_partial_search_reviews_a_move_once_nothing_unsettled_can_beat_the_best() {
        let board: Board = "XX./OO./...".parse().unwrap();
        let exact = plain(&board);
        let settled = |cells: &[Cell]| -> Vec<MoveScore> {
            cells
                .iter()
                .map(|&c| exact.get(c).unwrap().clone())
                .collect()
        };
        let (win, block) = (Cell::new(0, 2), Cell::new(1, 2));
        // A win on the spot: nothing can beat it, whatever is not settled.
        let m = ReviewedMove::from_partial(1, &board, win, &settled(&[win]), &[]).unwrap();
        assert_eq!(
            (m.class, m.best_moves.clone()),
            (MoveClass::Best, vec![win])
        );
        // A draw settled, the win not: the best score is not known, nor the class.
        let unsettled = ReviewedMove::from_partial(1, &board, block, &settled(&[block]), &[]);
        assert_eq!(
            unsettled,
            Err(Unsettled {
                score: Some(Score::DRAW),
                best_score: None,
                bound: None
            })
        );
        // Every other move bounded at most a draw: the draw is the best there was.
        let bounds: Vec<MoveBound> = board
            .legal_moves()
            .filter(|&c| c != block)
            .map(|cell| MoveBound {
                cell,
                lower: Score::loss_at(1, 10),
                upper: Score::DRAW,
            })
            .collect();
        assert_eq!(
            best_settled_score(&board, &settled(&[block]), &bounds),
            Some(Score::DRAW)
        );
        // The move's own bound is reported while its score is not settled.
        let unsettled = ReviewedMove::from_partial(1, &board, win, &settled(&[block]), &bounds);
        assert_eq!(unsettled.unwrap_err().bound, Some(bounds[0]));
    }

    #[test]
    fn an_estimated_move_shows_points_seen_as_exact_numbers_are() {
        use crate::engine::minimax::MoveEstimate;
        // O to move: in the articles' view every value is X's, so O's points are negated.
        let before: Board = "X../.../...".parse().unwrap();
        let estimate = Estimate {
            board: before,
            depth: 3,
            moves: vec![
                MoveEstimate {
                    cell: Cell::new(0, 1),
                    value: Valuation::Estimate(-4),
                },
                MoveEstimate {
                    cell: Cell::new(1, 1),
                    value: Valuation::Estimate(12),
                },
                MoveEstimate {
                    cell: Cell::new(2, 2),
                    value: Valuation::Exact(Score::new(-7)),
                },
            ],
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
        };
        let played = EstimatedMove::new(2, &before, Cell::new(0, 1), &estimate).unwrap();
        assert_eq!(played.mark, Mark::O);
        assert_eq!(
            played.shown(ScoreView::SideToMove),
            (ShownValue::Points(-4), ShownValue::Points(12))
        );
        assert_eq!(
            played.shown(ScoreView::Articles),
            (ShownValue::Points(4), ShownValue::Points(-12))
        );
        let proven = EstimatedMove::new(2, &before, Cell::new(2, 2), &estimate).unwrap();
        assert_eq!(
            proven.shown(ScoreView::Articles).0,
            ShownValue::Exact(Shown::expected(7))
        );
        assert_eq!(ShownValue::Points(-12).text(), "≈ -12 points");
        assert_eq!(
            EstimatedMove::new(2, &before, Cell::new(0, 0), &estimate),
            None
        );
        // An exact review wins over an estimate, and an estimate over what is not settled.
        let exact = ReviewedMove::new(2, &before, Cell::new(0, 1), &plain(&before)).unwrap();
        let unsettled = MoveReview::Unsettled {
            before,
            known: Unsettled {
                score: None,
                best_score: None,
                bound: None,
            },
            stopped: None,
        };
        assert!(matches!(
            ReviewEntry::of(MoveReview::Reviewed(exact), Some(played.clone())),
            ReviewEntry::Exact(_)
        ));
        assert!(matches!(
            ReviewEntry::of(unsettled.clone(), Some(played)),
            ReviewEntry::Estimated(_)
        ));
        assert!(matches!(
            ReviewEntry::of(unsettled, None),
            ReviewEntry::Unsettled { stopped: None, .. }
        ));
    }

    #[test]
    fn summaries_count_what_was_not_best() {
        assert_eq!(summary([5, 0, 0, 0]), "every move was best");
        assert_eq!(summary([3, 2, 0, 1]), "2 inaccuracies, 1 blunder");
        assert_eq!(summary([1, 1, 2, 0]), "1 inaccuracy, 2 mistakes");
    }

    #[test]
    fn a_threat_names_the_winning_cell() {
        // X to move; O threatens the middle column.
        let board: Board = "XOX/.O./X.."
            .parse::<Board>()
            .unwrap()
            .with_to_move(Mark::X);
        let passed = plain(&board.with_to_move(Mark::O));
        let threat = Threat::of(&passed).unwrap();
        assert_eq!(threat.mark, Mark::O);
        assert_eq!(threat.cell, Cell::new(2, 1));
        assert_eq!(threat.describe(&board), "O would win at row 3, column 2");
    }
}
