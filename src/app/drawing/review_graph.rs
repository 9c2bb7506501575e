//! The game as a graph, over the review's list: after every move the move's number and the best
//! number there was, the same two numbers the list shows ([`ReviewedMove::shown`]), a gap between
//! them drawn as a cliff in the move's class colour. Each point is a button: a click previews the
//! position before the move, as a click on the list's row does.

use egui::{Color32, Pos2, Rect, RichText, Sense, Stroke, Ui, vec2};

use super::board_widget::Palette;
use crate::app::commands::{Command, ReviewCommand};
use crate::app::controls::Mirrored;
use crate::game::GameRecord;
use crate::learn::review::{EstimatedMove, MoveClass, ReviewEntry, ReviewedMove, ShownValue};
use crate::learn::view::ScoreView;

const HEIGHT: f32 = 120.0;
/// Room left of the plot for the axis' numbers.
const AXIS_WIDTH: f32 = 28.0;

/// The accessible name of the graph's point for move `ply` (from 1): the list row's name, so a
/// screen reader hears the same numbers in both.
pub fn point_name(ply: usize, entry: &ReviewEntry, game: &GameRecord, view: ScoreView) -> String {
    match entry {
        ReviewEntry::Unsettled { stopped, .. } => format!(
            "Graph point, move {ply}: {} {}",
            game.moves[ply - 1].human(),
            if stopped.is_some() {
                "not settled"
            } else {
                "analysing"
            }
        ),
        ReviewEntry::Exact(m) => format!("Graph point, move {}", row_name(m, view)),
        ReviewEntry::Estimated(e) => format!("Graph point, move {}", estimate_name(e, view)),
    }
}

/// Draws the graph of `reviewed` (one entry per move of `game`, `None` while not analysed) and
/// pushes a preview command for a clicked point.
pub fn game_graph(
    ui: &mut Ui,
    game: &GameRecord,
    reviewed: &[ReviewEntry],
    previewed: Option<usize>,
    view: ScoreView,
    commands: &mut Vec<Command>,
) {
    if reviewed.is_empty() {
        return;
    }
    if reviewed
        .iter()
        .any(|entry| matches!(entry, ReviewEntry::Estimated(_)))
    {
        ui.add(
            egui::Label::new(
                "A hollow diamond is an estimate (evaluation points, not a score, held inside \
                 the axis); a cross, the best estimate. Estimates are not classed.",
            )
            .wrap(),
        );
    }
    let palette = Palette::of(ui);
    let width = ui.available_width().clamp(160.0, 420.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, HEIGHT), Sense::hover());
    let plot = Rect::from_min_max(rect.min + vec2(AXIS_WIDTH, 8.0), rect.max - vec2(6.0, 8.0));
    let win = game.start.geometry().win_score();
    let y_of = |value: i32| plot.center().y - value as f32 / win as f32 * plot.height() / 2.0;
    let step = plot.width() / reviewed.len() as f32;
    let x_of = |index: usize| plot.left() + (index as f32 + 0.5) * step;
    let painter = ui.painter_at(rect);
    let faint = ui.visuals().weak_text_color();
    painter.rect_stroke(plot, 2.0, Stroke::new(1.0, faint), egui::StrokeKind::Inside);
    painter.hline(plot.x_range(), y_of(0), Stroke::new(1.0, faint));
    let font = egui::FontId::proportional(10.0);
    for value in [win, 0, -win] {
        painter.text(
            Pos2::new(plot.left() - 4.0, y_of(value)),
            egui::Align2::RIGHT_CENTER,
            value.to_string(),
            font.clone(),
            faint,
        );
    }
    // In the articles' view every number is X's, so the points make one line; for the player to
    // move, each number is its own mover's and a line between them would mean nothing.
    if view == ScoreView::Articles {
        let line: Vec<Pos2> = reviewed
            .iter()
            .enumerate()
            .filter_map(|(i, entry)| match entry {
                ReviewEntry::Exact(m) => {
                    Some(Pos2::new(x_of(i), y_of(m.shown(view).score.value())))
                }
                _ => None,
            })
            .collect();
        painter.add(egui::Shape::line(line, Stroke::new(1.5, faint)));
    }
    let mut selected_name = None;
    for (index, m) in reviewed.iter().enumerate() {
        let ply = index + 1;
        let x = x_of(index);
        let selected = previewed == Some(ply);
        let name = point_name(ply, m, game, view);
        let hit = Rect::from_x_y_ranges(x - step / 2.0..=x + step / 2.0, plot.y_range());
        let response = ui
            .interact(
                hit,
                ui.make_persistent_id(("review graph point", ply)),
                Sense::click(),
            )
            .on_hover_text(&name)
            .mirrored(&name);
        response
            .widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &name));
        if response.clicked() {
            commands.push(ReviewCommand::Move(ply).into());
        }
        if selected || response.hovered() {
            painter.rect_filled(hit, 0.0, faint.gamma_multiply(0.25));
        }
        if selected {
            selected_name = Some(name);
        }
        let plot = Plot {
            y_of: &y_of,
            win,
            view,
            palette: &palette,
        };
        paint_point(ui, &painter, m, x, selected, &plot);
    }
    // On a touch screen nothing hovers: the tapped point's words go under the graph.
    if super::texts::touch(ui.ctx())
        && let Some(name) = selected_name
    {
        ui.add(egui::Label::new(RichText::new(name).strong()).wrap());
    }
}

/// How the graph places and colours its points: a number's height, the axis' reach (W), the
/// view the numbers are seen in, the colours.
struct Plot<'a> {
    y_of: &'a dyn Fn(i32) -> f32,
    win: i32,
    view: ScoreView,
    palette: &'a Palette,
}

/// One point of the graph: an exact move's dot in its class's colour (with the cliff from the
/// best there was), an estimate's hollow diamond, or a grey ring where nothing is settled yet.
fn paint_point(
    ui: &Ui,
    painter: &egui::Painter,
    entry: &ReviewEntry,
    x: f32,
    selected: bool,
    plot: &Plot,
) {
    let Plot {
        y_of,
        win,
        view,
        palette,
    } = *plot;
    let faint = ui.visuals().weak_text_color();
    let m = match entry {
        ReviewEntry::Exact(m) => m,
        ReviewEntry::Unsettled { .. } => {
            // Not settled (yet): a hollow grey ring on the zero line, no number claimed.
            painter.circle_stroke(Pos2::new(x, y_of(0)), 3.0, Stroke::new(1.0, faint));
            return;
        }
        ReviewEntry::Estimated(e) => {
            // An estimate: a hollow diamond, never a dot, at its value held inside the axis
            // (points are not a score); the best estimate a small cross.
            let (value, best) = e.shown(view);
            let y = |shown: ShownValue| match shown {
                ShownValue::Exact(score) => y_of(score.value()),
                ShownValue::Points(points) => y_of(points.clamp(-win, win)),
            };
            let stroke = Stroke::new(1.5, ui.visuals().text_color());
            if best != value {
                let at = Pos2::new(x, y(best));
                painter.line_segment([at - vec2(3.0, 0.0), at + vec2(3.0, 0.0)], stroke);
                painter.line_segment([at - vec2(0.0, 3.0), at + vec2(0.0, 3.0)], stroke);
            }
            let at = Pos2::new(x, y(value));
            let r = if selected { 6.0 } else { 4.5 };
            let diamond = vec![
                at + vec2(0.0, -r),
                at + vec2(r, 0.0),
                at + vec2(0.0, r),
                at + vec2(-r, 0.0),
            ];
            painter.add(egui::Shape::closed_line(diamond, stroke));
            return;
        }
    };
    let shown = m.shown(view);
    let (score, best) = (y_of(shown.score.value()), y_of(shown.best.value()));
    let color = class_color(m.class, palette);
    if shown.score != shown.best {
        // The cliff: from the best there was down to what was played.
        painter.line_segment(
            [Pos2::new(x, best), Pos2::new(x, score)],
            Stroke::new(2.0, color),
        );
        painter.circle_stroke(Pos2::new(x, best), 4.0, Stroke::new(1.5, palette.win));
    }
    let radius = if selected { 5.5 } else { 4.0 };
    painter.circle_filled(Pos2::new(x, score), radius, color);
    if selected {
        painter.circle_stroke(
            Pos2::new(x, score),
            radius + 1.5,
            Stroke::new(1.5, ui.visuals().strong_text_color()),
        );
    }
}

/// A reviewed move as the list's row and the graph's point name it, after "Move ":
/// "3: X at row 1, column 2, score 0, best 8: mistake".
pub(crate) fn row_name(m: &ReviewedMove, view: ScoreView) -> String {
    let shown = m.shown(view);
    format!(
        "{}: {} at {}, score {}, best {}: {}",
        m.ply,
        m.mark,
        m.cell.human(),
        shown.score.value(),
        shown.best.value(),
        m.class
    )
}

pub(crate) fn class_color(class: MoveClass, palette: &Palette) -> Color32 {
    match class {
        MoveClass::Best => palette.win,
        MoveClass::Inaccuracy => palette.best,
        MoveClass::Mistake => Color32::from_rgb(240, 140, 40),
        MoveClass::Blunder => palette.loss,
    }
}

/// An estimated move as the list's row and the graph's point name it, after "Move ":
/// "12: X at row 3, column 4, estimate ≈ 5 points, best ≈ 9 points, 3 plies ahead: not
/// classed".
pub(crate) fn estimate_name(e: &EstimatedMove, view: ScoreView) -> String {
    let (value, best) = e.shown(view);
    format!(
        "{}: {} at {}, estimate {}, best {}, {} ahead: not classed",
        e.ply,
        e.mark,
        e.cell.human(),
        value.text(),
        best.text(),
        plies(e.depth)
    )
}

/// "1 ply", "3 plies".
pub(crate) fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}
