//! Depth-adjusted minimax scores: the one place that knows how they are encoded.
//!
//! A finished game at depth `d` (the root's moves lead to depth 0) is worth `W − d` to the side
//! that won and `d − W` to the side that lost, and a draw is worth 0, where `W` is
//! [`Geometry::win_score`] (10 on 3×3). So a faster win scores higher and a slower loss less
//! badly, and the depth can be read back from the score.
//!
//! ```
//! use tictactoe_engine::{Geometry, Score, Verdict};
//! let classic = Geometry::CLASSIC;
//! let score = Score::loss_at(5, classic.win_score());
//! assert_eq!(score.value(), -5);
//! assert_eq!(score.depth(classic), Some(5));
//! assert_eq!(score.verdict(classic), Verdict::Loss { moves: 3 });
//! // The same result seen by the winner, and from the position one move earlier.
//! assert_eq!(score.flipped().value(), 5);
//! assert_eq!(score.shifted(1).value(), -4);
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::Neg;

use crate::board::{Geometry, Mark, Outcome};

/// Where proven results start on the estimator's scale, which mixes heuristic estimates with
/// proven results in one `i32`: a proven win `s` is `PROVEN + s`, a proven loss `s − PROVEN`, a
/// proven draw 0, so every proven win ranks above every estimate and every proven loss below.
/// Estimates stay within `±PROVEN / 2` (see [`Score::among_estimates`]).
pub const PROVEN: i32 = 1_000_000;

/// Beyond every value of the estimator's scale: infinity for its alpha-beta windows.
pub const BEYOND_ESTIMATES: i32 = 2 * PROVEN;

/// A minimax score, seen from one side: positive when that side wins, negative when it loses,
/// 0 for a draw. The number is the one `tictactoe analyze` prints.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[repr(transparent)]
pub struct Score(i32);

impl Score {
    pub const DRAW: Score = Score(0);

    /// A score from its number, as `analyze` prints it.
    pub const fn new(value: i32) -> Score {
        Score(value)
    }

    /// The number, as `analyze` prints it.
    pub const fn value(self) -> i32 {
        self.0
    }

    /// A win on a board finished at `depth`, where `win` is [`Geometry::win_score`].
    #[inline]
    pub const fn win_at(depth: i32, win: i32) -> Score {
        Score(win - depth)
    }

    /// A loss on a board finished at `depth`.
    #[inline]
    pub const fn loss_at(depth: i32, win: i32) -> Score {
        Score(depth - win)
    }

    /// One beyond the best score there is (`W + 1`): stands for infinity in an alpha-beta window.
    #[inline]
    pub const fn infinity(win: i32) -> Score {
        Score(win + 1)
    }

    /// This proven score on the estimator's scale (see [`PROVEN`]): above every estimate when a
    /// win, below every one when a loss, 0 for a draw.
    #[inline]
    pub const fn among_estimates(self) -> i32 {
        match self.0 {
            v if v > 0 => PROVEN + v,
            v if v < 0 => v - PROVEN,
            _ => 0,
        }
    }

    /// The proven win or loss a value of the estimator's scale stands for, or `None` for an
    /// estimate (or a draw, which the scale cannot tell from an estimate of 0).
    #[inline]
    pub const fn from_estimates_scale(value: i32) -> Option<Score> {
        if value >= PROVEN / 2 {
            Some(Score(value - PROVEN))
        } else if value <= -PROVEN / 2 {
            Some(Score(value + PROVEN))
        } else {
            None
        }
    }

    /// Whether this is [`Score::infinity`] or its negation: a bound no result reaches.
    pub fn is_infinite(self, geometry: Geometry) -> bool {
        self.0.abs() > geometry.win_score()
    }

    /// The score of a finished game at `depth` for `side`, or `None` if the game goes on: the
    /// seeds' `evaluate`.
    #[inline]
    pub fn of_outcome(outcome: Outcome, side: Mark, depth: i32, win: i32) -> Option<Score> {
        match outcome {
            Outcome::Won { mark, .. } if mark == side => Some(Score::win_at(depth, win)),
            Outcome::Won { .. } => Some(Score::loss_at(depth, win)),
            Outcome::Draw => Some(Score::DRAW),
            Outcome::Ongoing => None,
        }
    }

    /// The same result seen by the other side.
    #[inline]
    #[must_use]
    pub const fn flipped(self) -> Score {
        Score(-self.0)
    }

    /// The same result seen from a position `plies` moves earlier (or later, when negative): the
    /// end of the game is that much further away, so a win or a loss is worth that much less.
    ///
    /// This turns a score computed below a node of a tree (a child's analysis) into the score
    /// seen from any ancestor, and a transposition table's depth-free entry back into a score.
    ///
    /// A win stays a win and a loss a loss: shifting one to 0 or past it is a caller's bug (the
    /// game cannot end before it starts), caught in debug builds.
    #[inline]
    #[must_use]
    pub const fn shifted(self, plies: i32) -> Score {
        let shifted = match self.0 {
            v if v > 0 => v - plies,
            v if v < 0 => v + plies,
            _ => 0,
        };
        debug_assert!(
            (shifted > 0) == (self.0 > 0) && (shifted < 0) == (self.0 < 0),
            "Score::shifted would turn a win into a draw or a loss, or a loss into a draw or a win"
        );
        Score(shifted)
    }

    /// The same result seen by `viewer`, when `self` is seen by `owner`.
    #[must_use]
    pub fn seen_by(self, owner: Mark, viewer: Mark) -> Score {
        if owner == viewer {
            self
        } else {
            self.flipped()
        }
    }

    /// The next score up. A search with the null window `(s, s.above())` only tells whether a
    /// value is above `s`, which is far cheaper than finding it.
    #[inline]
    #[must_use]
    pub const fn above(self) -> Score {
        Score(self.0 + 1)
    }

    /// The next score down; see [`Score::above`].
    #[inline]
    #[must_use]
    pub const fn below(self) -> Score {
        Score(self.0 - 1)
    }

    pub fn is_win(self) -> bool {
        self.0 > 0
    }

    pub fn is_loss(self) -> bool {
        self.0 < 0
    }

    /// The depth of the finished board this score comes from (`W − |score|`), or `None` for a
    /// draw, which the score cannot place.
    pub fn depth(self, geometry: Geometry) -> Option<i32> {
        (self.0 != 0).then(|| geometry.win_score() - self.0.abs())
    }

    /// What the score means: who wins and with which of their moves.
    pub fn verdict(self, geometry: Geometry) -> Verdict {
        match self.depth(geometry) {
            None => Verdict::Draw,
            // Depth d is the mover's own move when even, the opponent's when odd.
            Some(depth) if self.0 > 0 => Verdict::Win {
                moves: (depth / 2 + 1) as u32,
            },
            Some(depth) => Verdict::Loss {
                moves: ((depth + 1) / 2) as u32,
            },
        }
    }

    /// The score as a player who looks `horizon` plies ahead (its own move counted) sees it: a win
    /// or a loss further away than that looks like a draw. `None` sees to the end.
    #[must_use]
    pub fn within_horizon(self, horizon: Option<i32>, geometry: Geometry) -> Score {
        match (horizon, self.depth(geometry)) {
            // The result at depth d comes with the move's (d + 1)-th ply.
            (Some(horizon), Some(depth)) if depth + 1 > horizon => Score::DRAW,
            _ => self,
        }
    }
}

impl Neg for Score {
    type Output = Score;

    #[inline]
    fn neg(self) -> Score {
        self.flipped()
    }
}

impl fmt::Display for Score {
    /// With a sign for wins and losses, as the overlay prints it: `+8`, `0`, `-7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            v => write!(f, "{v:+}"),
        }
    }
}

/// A score read as a result: who wins and how soon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side that plays the move wins with its `moves`-th move, this one counted (1: right now).
    Win {
        moves: u32,
    },
    Draw,
    /// The opponent wins with its `moves`-th move from here (1: its very next move).
    Loss {
        moves: u32,
    },
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Win { moves: 1 } => write!(f, "wins now"),
            Verdict::Win { moves } => write!(f, "wins in {moves}"),
            Verdict::Draw => write!(f, "draw"),
            Verdict::Loss { moves } => write!(f, "loses in {moves}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: Geometry = Geometry::CLASSIC;

    #[test]
    fn terminal_results_encode_their_depth() {
        for depth in 0..9 {
            let win = Score::win_at(depth, 10);
            let loss = Score::loss_at(depth, 10);
            assert_eq!(win.value(), 10 - depth);
            assert_eq!(loss.value(), depth - 10);
            assert_eq!(win.depth(CLASSIC), Some(depth));
            assert_eq!(loss.depth(CLASSIC), Some(depth));
            assert_eq!(win.flipped(), loss);
        }
        assert_eq!(Score::DRAW.depth(CLASSIC), None);
    }

    #[test]
    fn verdicts_count_each_sides_own_moves() {
        let verdict = |v| Score::new(v).verdict(CLASSIC);
        assert_eq!(verdict(10), Verdict::Win { moves: 1 });
        assert_eq!(verdict(8), Verdict::Win { moves: 2 });
        assert_eq!(verdict(6), Verdict::Win { moves: 3 });
        assert_eq!(verdict(0), Verdict::Draw);
        assert_eq!(verdict(-9), Verdict::Loss { moves: 1 });
        assert_eq!(verdict(-7), Verdict::Loss { moves: 2 });
        assert_eq!(verdict(-5), Verdict::Loss { moves: 3 });
        assert_eq!(verdict(-5).to_string(), "loses in 3");
        assert_eq!(verdict(10).to_string(), "wins now");
    }

    #[test]
    fn shifting_moves_the_end_further_away_and_back() {
        let score = Score::new(7);
        assert_eq!(score.shifted(2).value(), 5);
        assert_eq!(score.shifted(2).shifted(-2), score);
        assert_eq!(Score::new(-7).shifted(3).value(), -4);
        assert_eq!(Score::DRAW.shifted(4), Score::DRAW);
        // As far as it can go: a win at the last ply before the root.
        assert_eq!(Score::new(7).shifted(6).value(), 1);
        assert_eq!(Score::new(-7).shifted(6).value(), -1);
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "Score::shifted would turn")]
    fn shifting_a_win_past_zero_is_caught() {
        let _ = Score::new(3).shifted(3);
    }

    #[cfg(debug_assertions)]
    #[test]
    #[should_panic(expected = "Score::shifted would turn")]
    fn shifting_a_loss_past_zero_is_caught() {
        let _ = Score::new(-3).shifted(5);
    }

    #[test]
    fn a_horizon_hides_results_beyond_it() {
        // A win now (depth 0) is seen with a horizon of 1; a loss at depth 1 needs 2.
        assert_eq!(Score::new(10).within_horizon(Some(1), CLASSIC).value(), 10);
        assert_eq!(Score::new(-9).within_horizon(Some(1), CLASSIC), Score::DRAW);
        assert_eq!(Score::new(-9).within_horizon(Some(2), CLASSIC).value(), -9);
        assert_eq!(Score::new(7).within_horizon(Some(4), CLASSIC).value(), 7);
        assert_eq!(Score::new(6).within_horizon(Some(4), CLASSIC), Score::DRAW);
        assert_eq!(Score::new(-1).within_horizon(None, CLASSIC).value(), -1);
    }

    #[test]
    fn proven_scores_rank_beyond_every_estimate_and_come_back() {
        for value in [10, 1, -1, -10, 60, -60] {
            let score = Score::new(value);
            let ranked = score.among_estimates();
            assert!(ranked.abs() >= PROVEN / 2, "{value} ranks among estimates");
            assert_eq!(ranked > 0, score.is_win());
            assert_eq!(Score::from_estimates_scale(ranked), Some(score));
        }
        assert_eq!(Score::DRAW.among_estimates(), 0);
        assert_eq!(Score::from_estimates_scale(0), None);
        assert_eq!(Score::from_estimates_scale(PROVEN / 2 - 1), None);
        // A faster win ranks higher, a slower loss less badly, as the scores themselves do.
        assert!(Score::new(9).among_estimates() > Score::new(8).among_estimates());
        assert!(Score::new(-5).among_estimates() > Score::new(-9).among_estimates());
        assert!(BEYOND_ESTIMATES > Score::new(PROVEN / 2).among_estimates());
    }

    #[test]
    fn signs_print_as_the_overlay_shows_them() {
        assert_eq!(Score::new(8).to_string(), "+8");
        assert_eq!(Score::new(-7).to_string(), "-7");
        assert_eq!(Score::DRAW.to_string(), "0");
    }
}
