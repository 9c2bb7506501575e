//! The board widget: one layout, one painter, every cell its own click target and accessible node.
//!
//! It draws any position, at any size down to a 48 px thumbnail, with or without scores, and
//! scopes its ids to itself, so several boards can be shown at once. A read-only board has no
//! click targets and one accessible name for the whole position.

use egui::{
    Align2, Color32, CornerRadius, FontId, IdSalt, Pos2, Rect, Response, Role, Sense, Stroke,
    StrokeKind, Ui, Vec2, Widget, WidgetInfo,
};

use crate::board::{Board, Cell, Geometry, Mark, Outcome};
use crate::minimax::{Analysis, MoveScore};
use crate::score::{Score, Verdict};

/// A board to draw: the position, and optionally the scores of its moves. The game's board is
/// `ui.add(BoardWidget::new(&board, "game board").scores(analysis).on_click(&mut clicked, true))`;
/// a thumbnail is `ui.add(BoardWidget::new(&child, ("node", 3)).side(48.0))`, read-only.
pub struct BoardWidget<'a> {
    board: &'a Board,
    id_salt: IdSalt,
    /// The side of the square board; `None` fills the space given, centred.
    side: Option<f32>,
    /// Scores to print on the empty cells; only used if they belong to `board`.
    scores: Option<&'a Analysis>,
    /// The keyboard's cell, highlighted.
    focus: Option<Cell>,
    /// Whether clicks play moves now (a human is to move).
    accepts_moves: bool,
    /// Where a click on a playable cell is reported; `None` makes the board read-only.
    clicked: Option<&'a mut Option<Cell>>,
}

/// Boards smaller than this on a side draw no score text, only the colours.
const SMALLEST_WITH_TEXT: f32 = 120.0;

/// Where everything goes: the board is a square centred in the space it is given.
struct Layout {
    rect: Rect,
    geometry: Geometry,
    cell_size: f32,
}

impl Layout {
    fn new(available: Rect, geometry: Geometry) -> Layout {
        let per_cell = (available.width() / geometry.cols() as f32)
            .min(available.height() / geometry.rows() as f32);
        let cell_size = per_cell.max(8.0);
        let size = Vec2::new(
            cell_size * geometry.cols() as f32,
            cell_size * geometry.rows() as f32,
        );
        Layout {
            rect: Rect::from_center_size(available.center(), size),
            geometry,
            cell_size,
        }
    }

    fn cell_rect(&self, cell: Cell) -> Rect {
        let min = self.rect.min + Vec2::new(cell.col as f32, cell.row as f32) * self.cell_size;
        Rect::from_min_size(min, Vec2::splat(self.cell_size))
    }
}

/// Colours that read well on the current theme.
struct Palette {
    grid: Color32,
    x: Color32,
    o: Color32,
    win: Color32,
    draw: Color32,
    loss: Color32,
    best: Color32,
    text: Color32,
}

impl Palette {
    fn of(ui: &Ui) -> Palette {
        let dark = ui.visuals().dark_mode;
        let pick = |on_dark: [u8; 3], on_light: [u8; 3]| {
            let [r, g, b] = if dark { on_dark } else { on_light };
            Color32::from_rgb(r, g, b)
        };
        Palette {
            grid: ui
                .visuals()
                .widgets
                .noninteractive
                .fg_stroke
                .color
                .gamma_multiply(0.6),
            x: pick([255, 112, 80], [214, 72, 40]),
            o: pick([77, 201, 230], [20, 130, 170]),
            win: pick([60, 190, 90], [30, 150, 60]),
            draw: pick([140, 150, 170], [120, 130, 150]),
            loss: pick([230, 70, 70], [200, 40, 40]),
            best: pick([255, 210, 60], [200, 140, 0]),
            text: ui.visuals().strong_text_color(),
        }
    }

    fn mark(&self, mark: Mark) -> Color32 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }
}

impl<'a> BoardWidget<'a> {
    /// A read-only board; `id_salt` tells it apart from other boards in the same `Ui`.
    pub fn new(board: &'a Board, id_salt: impl egui::AsIdSalt) -> Self {
        BoardWidget {
            board,
            id_salt: IdSalt::new(id_salt),
            side: None,
            scores: None,
            focus: None,
            accepts_moves: false,
            clicked: None,
        }
    }

    /// Draws the board as a square of this side, in points.
    pub fn side(mut self, side: f32) -> Self {
        self.side = Some(side);
        self
    }

    pub fn scores(mut self, analysis: Option<&'a Analysis>) -> Self {
        self.scores = analysis.filter(|analysis| analysis.board == *self.board);
        self
    }

    pub fn focus(mut self, focus: Option<Cell>) -> Self {
        self.focus = focus;
        self
    }

    /// Makes every cell a click target with an accessible name; a click on an empty cell while
    /// `accepts_moves` lands in `clicked`.
    pub fn on_click(mut self, clicked: &'a mut Option<Cell>, accepts_moves: bool) -> Self {
        self.clicked = Some(clicked);
        self.accepts_moves = accepts_moves;
        self
    }
}

impl Widget for BoardWidget<'_> {
    fn ui(mut self, ui: &mut Ui) -> Response {
        let geometry = self.board.geometry();
        let wanted = self.side.map_or(ui.available_size(), Vec2::splat);
        let (available, response) = ui.allocate_exact_size(wanted, Sense::hover());
        let margin = (available.width().min(available.height()) * 0.02).min(8.0);
        let layout = Layout::new(available.shrink(margin), geometry);
        let palette = Palette::of(ui);
        let painter = ui.painter_at(available);
        let best_score = self.scores.and_then(Analysis::best_score);
        let with_text = layout.cell_size * geometry.cols() as f32 >= SMALLEST_WITH_TEXT;
        let base_id = ui.make_persistent_id(self.id_salt);
        let mut clicked = self.clicked.take();
        let read_only = clicked.is_none();

        painter.rect_filled(
            layout.rect.expand(margin / 2.0),
            CornerRadius::same((layout.cell_size * 0.1).min(10.0) as u8),
            ui.visuals().extreme_bg_color,
        );

        for cell in geometry.all_cells() {
            let rect = layout.cell_rect(cell);
            let mark = self.board.get(cell);
            let score = self.scores.and_then(|analysis| analysis.get(cell));
            let mut hovered = false;
            if let Some(clicked) = clicked.as_deref_mut() {
                let mut cell_response =
                    ui.interact(rect, base_id.with((cell.row, cell.col)), Sense::click());
                let label = self.cell_label(cell, score, best_score);
                let playable = self.accepts_moves && mark.is_none();
                cell_response.widget_info(|| WidgetInfo::labeled(Role::Button, playable, &label));
                if let Some(score) = score {
                    cell_response = cell_response.on_hover_text(self.pv_description(score));
                }
                if cell_response.clicked() && playable {
                    *clicked = Some(cell);
                }
                hovered = playable && cell_response.hovered() && score.is_none();
            }

            match (mark, score) {
                (Some(mark), _) => paint_mark(&painter, rect, mark, palette.mark(mark), 1.0),
                (None, Some(score)) => paint_score(
                    &painter,
                    rect,
                    score.score,
                    best_score,
                    geometry,
                    &palette,
                    with_text,
                ),
                (None, None) => {}
            }
            if hovered {
                let to_move = self.board.to_move();
                paint_mark(&painter, rect, to_move, palette.mark(to_move), 0.25);
            }
            if self.focus == Some(cell) {
                let stroke = Stroke::new(3.0, ui.visuals().selection.stroke.color);
                painter.rect_stroke(
                    rect.shrink(5.0),
                    CornerRadius::same(6),
                    stroke,
                    StrokeKind::Inside,
                );
            }
        }

        paint_grid(&painter, &layout, palette.grid);
        if let Outcome::Won { line, .. } = self.board.outcome() {
            let (start, end) = (
                layout.cell_rect(line.start).center(),
                layout.cell_rect(line.end).center(),
            );
            let overshoot = (end - start).normalized() * layout.cell_size * 0.3;
            let stroke = Stroke::new(layout.cell_size * 0.06, palette.text.gamma_multiply(0.9));
            painter.line_segment([start - overshoot, end + overshoot], stroke);
        }
        if read_only {
            let label = format!("Board {}, {} to move", self.board, self.board.to_move());
            response.widget_info(|| WidgetInfo::labeled(Role::Image, true, &label));
        }
        response
    }
}

impl BoardWidget<'_> {
    /// The accessible name of a cell: where it is, what is on it, and its score when shown.
    fn cell_label(&self, cell: Cell, score: Option<&MoveScore>, best: Option<Score>) -> String {
        let content = self
            .board
            .get(cell)
            .map_or("empty".to_string(), |mark| mark.to_string());
        let mut label = format!("Row {}, column {}, {content}", cell.row + 1, cell.col + 1);
        if let Some(score) = score {
            let verdict = score.verdict(self.board.geometry());
            label.push_str(&format!(", score {}, {verdict}", score.score.value()));
            if Some(score.score) == best {
                label.push_str(", best move");
            }
        }
        label
    }

    /// The tooltip behind a score: the line of play that gives it.
    fn pv_description(&self, score: &MoveScore) -> String {
        let mover = self.board.to_move();
        let verdict = score.verdict(self.board.geometry());
        let mut text = format!("{mover} here scores {}: {verdict}.", score.score.value());
        if score.pv.is_empty() {
            text.push_str("\nThe game ends with this move.");
            return text;
        }
        text.push_str("\nBest play after it:");
        let mut side = mover.opponent();
        for cell in &score.pv {
            text.push_str(&format!("\n    {side}: {}", cell.human()));
            side = side.opponent();
        }
        text.push_str(&match verdict {
            Verdict::Win { .. } => format!("\n{mover} wins."),
            Verdict::Loss { .. } => format!("\n{} wins.", mover.opponent()),
            Verdict::Draw => "\nDraw.".to_string(),
        });
        text
    }
}

fn paint_grid(painter: &egui::Painter, layout: &Layout, color: Color32) {
    let stroke = Stroke::new((layout.cell_size * 0.035).max(1.5), color);
    let rect = layout.rect.shrink(layout.cell_size * 0.06);
    for col in 1..layout.geometry.cols() {
        let x = layout.rect.left() + col as f32 * layout.cell_size;
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            stroke,
        );
    }
    for row in 1..layout.geometry.rows() {
        let y = layout.rect.top() + row as f32 * layout.cell_size;
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            stroke,
        );
    }
}

fn paint_mark(painter: &egui::Painter, rect: Rect, mark: Mark, color: Color32, opacity: f32) {
    let size = rect.width();
    let stroke = Stroke::new(size * 0.1, color.gamma_multiply(opacity));
    let inner = rect.shrink(size * 0.24);
    match mark {
        Mark::X => {
            painter.line_segment([inner.left_top(), inner.right_bottom()], stroke);
            painter.line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        Mark::O => {
            painter.circle_stroke(rect.center(), inner.width() / 2.0, stroke);
        }
    }
}

fn paint_score(
    painter: &egui::Painter,
    rect: Rect,
    score: Score,
    best: Option<Score>,
    geometry: Geometry,
    palette: &Palette,
    with_text: bool,
) {
    let size = rect.width();
    let verdict = score.verdict(geometry);
    // Faster results are stronger colours: |score| is W minus the depth of the end.
    let urgency = score.value().unsigned_abs() as f32 / geometry.win_score() as f32;
    let (color, strength) = match verdict {
        Verdict::Win { .. } => (palette.win, 0.25 + 0.55 * urgency),
        Verdict::Loss { .. } => (palette.loss, 0.25 + 0.55 * urgency),
        Verdict::Draw => (palette.draw, 0.25),
    };
    let tile = rect.shrink(size * 0.08);
    let rounding = CornerRadius::same((size * 0.1).min(8.0) as u8);
    painter.rect_filled(tile, rounding, color.gamma_multiply(strength));
    if Some(score) == best {
        painter.rect_stroke(
            tile,
            rounding,
            Stroke::new(size * 0.04, palette.best),
            StrokeKind::Inside,
        );
    }
    if !with_text {
        return;
    }
    let center = rect.center();
    painter.text(
        center - Vec2::new(0.0, size * 0.08),
        Align2::CENTER_CENTER,
        score.to_string(),
        FontId::proportional(size * 0.3),
        palette.text,
    );
    painter.text(
        center + Vec2::new(0.0, size * 0.2),
        Align2::CENTER_CENTER,
        verdict.to_string(),
        FontId::proportional(size * 0.12),
        palette.text,
    );
}
