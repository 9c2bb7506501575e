//! What an empty cell shows of its move: a score as a coloured tile, or, while the search runs,
//! a bound or an estimate.

use egui::{Align2, Color32, CornerRadius, FontId, Rect, Stroke, StrokeKind, Vec2};

use super::paint::paint_dashed_frame;
use super::palette::Palette;
use crate::engine::minimax::{MoveBound, Valuation};
use crate::learn::explain::{bound_words, estimate_explanation, estimate_text, short_verdict};
use crate::learn::view::{Seen, Shown};

/// Cells smaller than this show no score, only its colour; smaller than `SMALLEST_WITH_WORDS`,
/// the number without the words under it.
const SMALLEST_WITH_NUMBER: f32 = 30.0;
const SMALLEST_WITH_WORDS: f32 = 64.0;

/// What the overlay shows on a move whose exact score is not known yet.
pub(super) enum UnsettledOverlay {
    Bound(MoveBound),
    /// The estimator's valuation, `depth` plies ahead.
    Estimate(Valuation, u32),
}

impl UnsettledOverlay {
    /// How a screen reader and the tooltip say it.
    pub(super) fn description(&self, seen: &Seen) -> String {
        let mover = seen.mover();
        match *self {
            UnsettledOverlay::Bound(bound) => format!(
                "not settled yet: {}",
                bound_words(&bound, mover, seen.geometry())
            ),
            UnsettledOverlay::Estimate(Valuation::Exact(score), depth) => {
                let number = seen.number(score, mover, 0);
                format!(
                    "score {} ({}), proven by a search {depth} plies ahead",
                    number.value(),
                    short_verdict(seen, number)
                )
            }
            UnsettledOverlay::Estimate(Valuation::Estimate(points), depth) => format!(
                "estimate {} points, {depth} plies ahead, not a proven score",
                estimate_text(seen, points)
            ),
        }
    }

    /// What pointing at the overlay explains beyond its name: for an estimate, what it counts
    /// and why its sign may change from one move to the next.
    pub(super) fn explanation(&self, seen: &Seen) -> Option<String> {
        match *self {
            UnsettledOverlay::Estimate(Valuation::Estimate(points), depth) => {
                Some(estimate_explanation(seen, points, depth))
            }
            _ => None,
        }
    }

    pub(super) fn paint(
        &self,
        painter: &egui::Painter,
        rect: Rect,
        palette: &Palette,
        seen: &Seen,
    ) {
        match *self {
            UnsettledOverlay::Estimate(Valuation::Exact(score), _) => {
                let number = seen.number(score, seen.mover(), 0);
                ScoreTile::new(seen, palette, number).paint(painter, rect, palette)
            }
            UnsettledOverlay::Estimate(Valuation::Estimate(points), _) => {
                // An estimate is no score: no colour of a result, a dashed frame, and a tilde.
                let size = rect.width();
                let tile = rect.shrink(size * 0.12);
                paint_dashed_frame(
                    painter,
                    tile,
                    Stroke::new((size * 0.025).max(1.0), palette.estimate),
                );
                if size >= SMALLEST_WITH_NUMBER {
                    painter.text(
                        rect.center(),
                        Align2::CENTER_CENTER,
                        estimate_text(seen, points),
                        FontId::proportional(size * 0.22),
                        palette.estimate,
                    );
                }
            }
            UnsettledOverlay::Bound(bound) => {
                let size = rect.width();
                let tile = rect.shrink(size * 0.12);
                painter.rect_stroke(
                    tile,
                    CornerRadius::same((size * 0.1).min(8.0) as u8),
                    Stroke::new((size * 0.02).max(1.0), palette.draw),
                    StrokeKind::Inside,
                );
                if size >= SMALLEST_WITH_WORDS {
                    let words = bound_words(&bound, seen.mover(), seen.geometry());
                    let galley = painter.layout(
                        words,
                        FontId::proportional(size * 0.12),
                        palette.text.gamma_multiply(0.8),
                        tile.width() * 0.9,
                    );
                    let at = tile.center() - galley.size() / 2.0;
                    painter.galley(at, galley, palette.text);
                }
            }
        }
    }
}

/// A score as a cell shows it: the number in the chosen view, a word or two, a colour, and a gold
/// frame on the best moves.
pub(super) struct ScoreTile {
    shown: Shown,
    words: String,
    color: Color32,
    best: bool,
}

impl ScoreTile {
    /// The tile of a shown number (not framed).
    pub(super) fn new(seen: &Seen, palette: &Palette, number: Shown) -> ScoreTile {
        ScoreTile {
            shown: number,
            words: short_verdict(seen, number),
            color: palette.score_color(seen, number),
            best: false,
        }
    }

    /// The same tile, with the gold frame of a best move when `best`.
    pub(super) fn framed_as_best(self, best: bool) -> ScoreTile {
        ScoreTile { best, ..self }
    }

    pub(super) fn paint(&self, painter: &egui::Painter, rect: Rect, palette: &Palette) {
        let size = rect.width();
        let tile = rect.shrink(size * 0.08);
        let rounding = CornerRadius::same((size * 0.1).min(8.0) as u8);
        painter.rect_filled(tile, rounding, self.color);
        if self.best {
            painter.rect_stroke(
                tile,
                rounding,
                Stroke::new(size * 0.04, palette.best),
                StrokeKind::Inside,
            );
        }
        if size < SMALLEST_WITH_NUMBER {
            return;
        }
        let center = rect.center();
        let with_words = size >= SMALLEST_WITH_WORDS;
        let number_at = if with_words {
            center - Vec2::new(0.0, size * 0.08)
        } else {
            center
        };
        painter.text(
            number_at,
            Align2::CENTER_CENTER,
            self.shown.value().to_string(),
            FontId::proportional(size * 0.3),
            palette.text,
        );
        if !with_words {
            return;
        }
        painter.text(
            center + Vec2::new(0.0, size * 0.2),
            Align2::CENTER_CENTER,
            &self.words,
            FontId::proportional(size * 0.12),
            palette.text,
        );
    }
}
