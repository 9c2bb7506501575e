//! The board widget: one layout, one painter, every cell its own click target and accessible node.
//!
//! It draws any position, at any size down to a 48 px thumbnail, with or without scores, and
//! scopes its ids to itself, so several boards can be shown at once. A read-only board has no
//! click targets and one accessible name for the whole position.

use egui::{
    Align2, Color32, CornerRadius, FontId, IdSalt, Pos2, Rect, Response, Role, Sense, Stroke,
    StrokeKind, Ui, Vec2, Widget, WidgetInfo,
};

use crate::engine::board::{Board, Cell, Geometry, Mark, Outcome};
use crate::engine::minimax::{Analysis, MoveBound, MoveScore, Valuation};
use crate::engine::score::Score;
use crate::game::PartialScores;
use crate::learn::explain::{bound_words, estimate_text, line_of_play, short_verdict};
use crate::learn::view::{ScoreView, Seen};

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
    /// What is known before the scores are complete: settled moves, bounds, estimates.
    partial: Option<PartialScores<'a>>,
    /// Whose side the scores are shown from.
    view: ScoreView,
    /// The computer's last move, marked.
    last_move: Option<Cell>,
    /// Marks the board as a preview: a position shown, not the game.
    preview: bool,
    /// Cells framed in a colour of their own (hints, threats).
    highlights: &'a [Highlight],
    /// Where the cell under the pointer (or else the focused one) is reported, when it has a
    /// score: its line of play is drawn on the board.
    inspected: Option<&'a mut Option<Cell>>,
    /// The keyboard's cell, highlighted.
    focus: Option<Cell>,
    /// Whether clicks play moves now (a human is to move).
    accepts_moves: bool,
    /// Where a click on a playable cell is reported; `None` makes the board read-only.
    clicked: Option<&'a mut Option<Cell>>,
    /// On a read-only board, what its cells' accessible names start with ("The position the
    /// computer saw"); without it the board has one name for the whole position.
    cell_names: Option<&'a str>,
    /// The move whose line of play is drawn when no cell is looked at.
    line_of: Option<Cell>,
    /// Marks drawn instead of the board's: a position being set up, which need not be one a game
    /// can reach (the board then only gives the size).
    sketch: Option<&'a [Option<Mark>]>,
}

/// A cell framed in a colour, and what the frame means (for screen readers).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Highlight {
    pub cell: Cell,
    pub color: Color32,
    pub label: &'static str,
}

/// Cells smaller than this show no score, only its colour; smaller than `SMALLEST_WITH_WORDS`,
/// the number without the words under it.
const SMALLEST_WITH_NUMBER: f32 = 30.0;
const SMALLEST_WITH_WORDS: f32 = 64.0;

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
pub(super) struct Palette {
    pub grid: Color32,
    pub x: Color32,
    pub o: Color32,
    pub win: Color32,
    pub draw: Color32,
    pub loss: Color32,
    pub best: Color32,
    pub text: Color32,
    /// Estimates, which are not scores.
    pub estimate: Color32,
}

impl Palette {
    pub fn of(ui: &Ui) -> Palette {
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
            estimate: pick([190, 150, 255], [110, 60, 190]),
        }
    }

    pub fn mark(&self, mark: Mark) -> Color32 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// A number's tile colour. For the player to move: green when the maximiser wins, red when
    /// it loses. In the articles' view: the winner's colour. Grey for a draw; faster results are
    /// stronger.
    pub fn score_color(&self, seen: &Seen, number: Score) -> Color32 {
        let Some((winner, _)) = seen.result(number) else {
            return self.draw.gamma_multiply(0.25);
        };
        // |score| is W minus the depth of the end.
        let urgency = number.value().unsigned_abs() as f32 / seen.geometry().win_score() as f32;
        let color = match seen.view() {
            ScoreView::SideToMove if winner == seen.maximiser() => self.win,
            ScoreView::SideToMove => self.loss,
            ScoreView::Articles => self.mark(winner),
        };
        color.gamma_multiply(0.25 + 0.55 * urgency)
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
            partial: None,
            view: ScoreView::SideToMove,
            last_move: None,
            preview: false,
            highlights: &[],
            inspected: None,
            focus: None,
            accepts_moves: false,
            clicked: None,
            cell_names: None,
            line_of: None,
            sketch: None,
        }
    }

    /// Draws these marks, one per cell in reading order, instead of the board's.
    pub fn sketch(mut self, marks: &'a [Option<Mark>]) -> Self {
        self.sketch = Some(marks);
        self
    }

    /// The mark drawn on a cell.
    fn mark(&self, cell: Cell) -> Option<Mark> {
        match self.sketch {
            Some(marks) => marks
                .get(self.board.geometry().index(cell))
                .copied()
                .flatten(),
            None => self.board.get(cell),
        }
    }

    /// Draws this move's line of play while no cell is looked at.
    pub fn line_of(mut self, cell: Option<Cell>) -> Self {
        self.line_of = cell;
        self
    }

    /// Gives a read-only board's cells accessible names of their own, after `prefix`, so that a
    /// screen reader reads its scores as it reads the game's.
    pub fn cell_names(mut self, prefix: &'a str) -> Self {
        self.cell_names = Some(prefix);
        self
    }

    pub fn view(mut self, view: ScoreView) -> Self {
        self.view = view;
        self
    }

    /// Draws a frame that says the position is shown, not played.
    pub fn preview(mut self, preview: bool) -> Self {
        self.preview = preview;
        self
    }

    pub fn last_move(mut self, cell: Option<Cell>) -> Self {
        self.last_move = cell;
        self
    }

    pub fn highlights(mut self, cells: &'a [Highlight]) -> Self {
        self.highlights = cells;
        self
    }

    /// Reports the cell being looked at (hovered, or else focused) when it has a score, and
    /// draws that move's line of play on the board as numbered dots.
    pub fn inspected(mut self, inspected: &'a mut Option<Cell>) -> Self {
        self.inspected = Some(inspected);
        self
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

    /// What to show while the scores are not complete (used only for cells `scores` has no
    /// score for, and only if it belongs to the board).
    pub fn partial(mut self, partial: Option<PartialScores<'a>>) -> Self {
        self.partial = partial.filter(|partial| partial.board == *self.board);
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
        painter.rect_filled(
            layout.rect.expand(margin / 2.0),
            CornerRadius::same((layout.cell_size * 0.1).min(10.0) as u8),
            ui.visuals().extreme_bg_color,
        );
        let mut hovered_score = None;
        for cell in geometry.all_cells() {
            let rect = layout.cell_rect(cell);
            let ghost = self.interact(ui, cell, rect, &mut hovered_score);
            self.paint_cell(ui, &painter, &palette, cell, rect, ghost);
        }
        self.paint_board(ui, &painter, &palette, &layout, margin);

        // The move being looked at: under the pointer, or else the keyboard's cell.
        let focused_score = self.focus.filter(|&cell| self.settled(cell).is_some());
        let inspected = hovered_score.or(focused_score);
        let line = inspected
            .or(self.line_of)
            .and_then(|cell| self.settled(cell));
        let mover = self.board.to_move();
        if let Some(m) = line {
            paint_pv(&painter, &layout, mover, m, &palette);
        }
        if let Some(out) = self.inspected {
            if *out != inspected {
                ui.ctx().request_repaint(); // the explanation beside the board follows
            }
            *out = inspected;
        }
        let what = if self.preview {
            "Preview board"
        } else {
            "Board"
        };
        let label = match self.sketch {
            Some(marks) => format!(
                "Position being set up: {}",
                sketch_notation(self.board.geometry(), marks)
            ),
            None => format!("{what} {}, {} to move", self.board, mover),
        };
        response.widget_info(|| WidgetInfo::labeled(Role::Image, true, &label));
        // The numbered dots, for a screen reader: the line of play drawn.
        if let Some(m) = line {
            let description = format!("Line of play shown: {}", line_of_play(mover, m));
            ui.ctx()
                .accesskit_node_builder(response.id, |node| node.set_description(description));
        }
        response
    }
}

impl<'a> BoardWidget<'a> {
    /// The exact score of a move, complete or settled while the search runs.
    fn settled(&self, cell: Cell) -> Option<&'a MoveScore> {
        let partial = self.partial;
        self.scores
            .and_then(|analysis| analysis.get(cell))
            .or_else(|| partial?.settled.iter().find(|m| m.cell == cell))
    }

    /// A cell's accessible node and, on a playable board, its click: reported in `clicked`, and
    /// a hovered score in `hovered_score`. Returns whether a faint mark shows where a click would
    /// play.
    fn interact(
        &mut self,
        ui: &mut Ui,
        cell: Cell,
        rect: Rect,
        hovered_score: &mut Option<Cell>,
    ) -> bool {
        let id = ui
            .make_persistent_id(self.id_salt)
            .with((cell.row, cell.col));
        let score = self.settled(cell);
        let mut label = self.cell_label(cell, score);
        let seen = Seen::new(self.view, self.board);
        let unsettled = score.is_none().then(|| self.unsettled(cell)).flatten();
        if let Some(unsettled) = &unsettled {
            label.push_str(&format!(", {}", unsettled.description(&seen)));
        }
        // An editor's cells can always be clicked; a game's only when empty.
        let playable = self.accepts_moves && (self.sketch.is_some() || self.mark(cell).is_none());
        let Some(clicked) = self.clicked.as_deref_mut() else {
            if let Some(prefix) = self.cell_names {
                let label = format!("{prefix}: {}{}", label[..1].to_lowercase(), &label[1..]);
                let response = ui.interact(rect, id, Sense::hover());
                response.widget_info(|| WidgetInfo::labeled(Role::Cell, true, &label));
            }
            return false;
        };
        let response = ui.interact(rect, id, Sense::click());
        response.widget_info(|| WidgetInfo::labeled(Role::Button, playable, &label));
        if response.clicked() && playable {
            *clicked = Some(cell);
        }
        if response.hovered() && score.is_some() {
            *hovered_score = Some(cell);
        }
        playable && response.hovered() && score.is_none() && unsettled.is_none()
    }

    /// A cell: its mark, or its score, bound or estimate; frames for highlights and the focus.
    fn paint_cell(
        &self,
        ui: &Ui,
        painter: &egui::Painter,
        palette: &Palette,
        cell: Cell,
        rect: Rect,
        ghost: bool,
    ) {
        let seen = Seen::new(self.view, self.board);
        let mover = self.board.to_move();
        match (self.mark(cell), self.settled(cell)) {
            (Some(mark), _) => paint_mark(painter, rect, mark, palette.mark(mark), 1.0),
            (None, Some(score)) => {
                let tile = ScoreTile::new(&seen, palette, seen.number(score.score, mover, 0));
                let best = Some(score.score) == self.scores.and_then(Analysis::best_score);
                ScoreTile { best, ..tile }.paint(painter, rect, palette);
            }
            (None, None) => {
                if let Some(unsettled) = self.unsettled(cell) {
                    unsettled.paint(painter, rect, palette, &seen);
                }
            }
        }
        if ghost {
            paint_mark(painter, rect, mover, palette.mark(mover), 0.25);
        }
        if self.last_move == Some(cell) {
            paint_last_move(painter, rect, palette.text);
        }
        for highlight in self.highlights.iter().filter(|h| h.cell == cell) {
            painter.rect_stroke(
                rect.shrink(rect.width() * 0.05),
                CornerRadius::same(6),
                Stroke::new(rect.width() * 0.06, highlight.color),
                StrokeKind::Inside,
            );
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

    /// The grid, the preview's frame and the winning line.
    fn paint_board(
        &self,
        ui: &Ui,
        painter: &egui::Painter,
        palette: &Palette,
        layout: &Layout,
        margin: f32,
    ) {
        paint_grid(painter, layout, palette.grid);
        if self.preview {
            let stroke = Stroke::new(margin.max(3.0), ui.visuals().selection.stroke.color);
            painter.rect_stroke(
                layout.rect.expand(margin / 2.0),
                CornerRadius::same(8),
                stroke,
                StrokeKind::Inside,
            );
        }
        if let Outcome::Won { line, .. } = self.board.outcome() {
            let (start, end) = (
                layout.cell_rect(line.start).center(),
                layout.cell_rect(line.end).center(),
            );
            let overshoot = (end - start).normalized() * layout.cell_size * 0.3;
            let stroke = Stroke::new(layout.cell_size * 0.06, palette.text.gamma_multiply(0.9));
            painter.line_segment([start - overshoot, end + overshoot], stroke);
        }
    }
}

/// What the overlay shows on a move whose exact score is not known yet.
enum UnsettledOverlay {
    Bound(MoveBound),
    /// The estimator's valuation, `depth` plies ahead.
    Estimate(Valuation, u32),
}

impl UnsettledOverlay {
    /// How a screen reader and the tooltip say it.
    fn description(&self, seen: &Seen) -> String {
        let mover = seen.root_mover();
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

    fn paint(&self, painter: &egui::Painter, rect: Rect, palette: &Palette, seen: &Seen) {
        match *self {
            UnsettledOverlay::Estimate(Valuation::Exact(score), _) => {
                let number = seen.number(score, seen.root_mover(), 0);
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
                    let words = bound_words(&bound, seen.root_mover(), seen.geometry());
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

/// A rectangle drawn in dashes.
fn paint_dashed_frame(painter: &egui::Painter, rect: Rect, stroke: Stroke) {
    let corners = [
        rect.left_top(),
        rect.right_top(),
        rect.right_bottom(),
        rect.left_bottom(),
        rect.left_top(),
    ];
    let dash = (rect.width() / 12.0).max(2.0);
    painter.extend(egui::Shape::dashed_line(&corners, stroke, dash, dash * 0.7));
}

impl BoardWidget<'_> {
    /// What is known of an empty cell with no exact score: a bound from the running search,
    /// else an estimate.
    fn unsettled(&self, cell: Cell) -> Option<UnsettledOverlay> {
        let partial = self.partial?;
        if let Some(bound) = partial.bounds.iter().find(|b| b.cell == cell)
            && bound.is_known(self.board.geometry())
        {
            return Some(UnsettledOverlay::Bound(*bound));
        }
        let estimate = partial.estimate?;
        let m = estimate.get(cell)?;
        Some(UnsettledOverlay::Estimate(m.value, estimate.depth))
    }

    /// The accessible name of a cell: where it is, what is on it, and its score when shown.
    fn cell_label(&self, cell: Cell, score: Option<&MoveScore>) -> String {
        let best = self.scores.and_then(Analysis::best_score);
        let content = self
            .mark(cell)
            .map_or("empty".to_string(), |mark| mark.to_string());
        let mut label = format!("Row {}, column {}, {content}", cell.row + 1, cell.col + 1);
        if self.last_move == Some(cell) {
            label.push_str(", the computer's last move");
        }
        for highlight in self.highlights.iter().filter(|h| h.cell == cell) {
            label.push_str(", ");
            label.push_str(highlight.label);
        }
        if let Some(score) = score {
            let seen = Seen::new(self.view, self.board);
            let number = seen.number(score.score, self.board.to_move(), 0);
            label.push_str(&format!(
                ", score {}, {}",
                number.value(),
                short_verdict(&seen, number)
            ));
            if Some(score.score) == best {
                label.push_str(", best move");
            }
        }
        label
    }
}

/// A score as a cell shows it: the number in the chosen view, a word or two, a colour, and a gold
/// frame on the best moves.
struct ScoreTile {
    shown: Score,
    words: String,
    color: Color32,
    best: bool,
}

impl ScoreTile {
    /// The tile of a shown number (not framed).
    fn new(seen: &Seen, palette: &Palette, number: Score) -> ScoreTile {
        ScoreTile {
            shown: number,
            words: short_verdict(seen, number),
            color: palette.score_color(seen, number),
            best: false,
        }
    }

    fn paint(&self, painter: &egui::Painter, rect: Rect, palette: &Palette) {
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

/// Marks in board notation: rows of `X`, `O` and `.` joined by `/`.
pub(super) fn sketch_notation(geometry: Geometry, marks: &[Option<Mark>]) -> String {
    marks
        .chunks(geometry.cols())
        .map(|row| {
            row.iter()
                .map(|mark| mark.map_or('.', Mark::symbol))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A small ring in the corner of the computer's last move.
fn paint_last_move(painter: &egui::Painter, rect: Rect, color: Color32) {
    let size = rect.width();
    let center = rect.right_bottom() - Vec2::splat(size * 0.14);
    painter.circle_filled(center, size * 0.06, color.gamma_multiply(0.8));
}

/// The line of play of `m` as numbered dots in the corners of its cells (1 is the move itself),
/// coloured by the side that plays it, so that the scores under them stay readable.
fn paint_pv(
    painter: &egui::Painter,
    layout: &Layout,
    mover: Mark,
    m: &MoveScore,
    palette: &Palette,
) {
    let mut side = mover;
    for (ply, &cell) in std::iter::once(&m.cell).chain(&m.pv).enumerate() {
        let rect = layout.cell_rect(cell);
        let size = rect.width();
        let center = rect.left_top() + Vec2::splat(size * 0.17);
        let radius = size * 0.12;
        painter.circle_filled(center, radius, palette.mark(side).gamma_multiply(0.9));
        painter.text(
            center,
            Align2::CENTER_CENTER,
            (ply + 1).to_string(),
            FontId::proportional(radius * 1.3),
            Color32::WHITE,
        );
        side = side.opponent();
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
