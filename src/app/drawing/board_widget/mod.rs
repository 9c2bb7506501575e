//! The board widget: one layout, one painter, every cell its own click target and accessible node.
//!
//! It draws any position, at any size down to a 48 px thumbnail, with or without scores, and
//! scopes its ids to itself, so several boards can be shown at once. A read-only board has no
//! click targets and one accessible name for the whole position.

mod layout;
mod paint;
mod palette;
mod tiles;

use egui::{
    Color32, CornerRadius, IdSalt, Rect, Response, Role, Sense, Stroke, StrokeKind, Ui, Vec2,
    Widget, WidgetInfo,
};

use crate::app::controls;
use crate::engine::board::{Board, Cell, Geometry, Mark, Outcome};
use crate::engine::minimax::{Analysis, MoveScore};
use crate::game::PartialScores;
use crate::learn::explain::{line_of_play, short_verdict};
use crate::learn::view::{ScoreView, Seen};
use layout::Layout;
use paint::{paint_grid, paint_last_move, paint_mark, paint_pv};
pub(in crate::app) use palette::Palette;
use tiles::{ScoreTile, UnsettledOverlay};

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
    /// Where depth counts from, when not from this board (a replay's start, the explorer's root).
    seen: Option<Seen>,
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
    /// Whether the keyboard's cell takes the keyboard (and so the accessibility) focus now.
    take_focus: bool,
    /// Where the cell holding the keyboard focus is reported (reached with Tab or the arrows).
    keyboard_cell: Option<&'a mut Option<Cell>>,
    /// Where the board's and its cells' accessible names are reported, as drawn.
    spoken: Option<&'a mut Spoken>,
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
            seen: None,
            last_move: None,
            preview: false,
            highlights: &[],
            inspected: None,
            focus: None,
            take_focus: false,
            keyboard_cell: None,
            spoken: None,
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

    /// Shows the numbers as `seen` says: its view, with depth kept from where it counts from.
    pub fn seen(mut self, seen: Seen) -> Self {
        self.view = seen.view();
        self.seen = Some(seen);
        self
    }

    /// The view rule for this board.
    fn seen_rule(&self) -> Seen {
        self.seen
            .unwrap_or_else(|| Seen::new(self.view, self.board))
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

    /// Gives the keyboard's cell the keyboard focus, which AccessKit reports to screen readers
    /// (after the arrow keys moved it; every frame would take the focus back from Tab).
    pub fn take_focus(mut self, take: bool) -> Self {
        self.take_focus = take;
        self
    }

    /// Reports the cell that holds the keyboard focus, if one does.
    /// Reports the names a screen reader hears: the board's and each cell's, in reading order.
    pub fn spoken(mut self, spoken: &'a mut Spoken) -> Self {
        self.spoken = Some(spoken);
        self
    }

    pub fn keyboard_cell(mut self, cell: &'a mut Option<Cell>) -> Self {
        self.keyboard_cell = Some(cell);
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

/// The cell the player points at: the one under the pointer when the pointer last moved. A board
/// that moves under a still pointer (a practice answer's feedback above it, an explanation
/// under it that grows) brings another cell there, which the player did not point at; taking
/// that one would also change the words that moved the board, and so on.
fn pointed_at(ui: &Ui, id: egui::Id, under_pointer: Option<Cell>) -> Option<Cell> {
    // A finger points at nothing without pressing it: on a touch screen a tap picks the cell
    // to explain (the keyboard's cell), and the press itself explains nothing, else the
    // explanation's room would move the board before the finger lifts.
    if super::texts::touch(ui.ctx()) {
        return None;
    }
    let key = id.with("pointed at");
    let pointer = ui.input(|input| input.pointer.hover_pos());
    let remembered: Option<(Option<egui::Pos2>, Option<Cell>)> = ui.data(|data| data.get_temp(key));
    let pointed = match remembered {
        _ if pointer.is_none() => None,
        Some((at, pointed)) if at == pointer => pointed,
        _ => under_pointer,
    };
    ui.data_mut(|data| data.insert_temp(key, (pointer, pointed)));
    pointed
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
        let mut hovered = None;
        for cell in geometry.all_cells() {
            let rect = layout.cell_rect(cell);
            let ghost = self.interact(ui, cell, rect, &mut hovered);
            self.paint_cell(ui, &painter, &palette, cell, rect, ghost);
        }
        self.paint_board(ui, &painter, &palette, &layout, margin);

        // The move being looked at: the one pointed at, or else the keyboard's cell.
        let pointed = pointed_at(ui, ui.make_persistent_id(self.id_salt), hovered);
        let hovered_score = pointed.filter(|&cell| self.settled(cell).is_some());
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
        if let Some(spoken) = self.spoken.as_deref_mut() {
            spoken.board = label.clone();
        }
        // The numbered dots, for a screen reader: the line of play drawn.
        if let Some(m) = line {
            let description = format!("Line of play shown: {}", line_of_play(mover, m));
            if let Some(spoken) = self.spoken.as_deref_mut() {
                spoken.description = Some(description.clone());
            }
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
        hovered: &mut Option<Cell>,
    ) -> bool {
        let id = ui
            .make_persistent_id(self.id_salt)
            .with((cell.row, cell.col));
        let score = self.settled(cell);
        let mut label = self.cell_label(cell, score);
        let seen = self.seen_rule();
        let unsettled = score.is_none().then(|| self.unsettled(cell)).flatten();
        if let Some(unsettled) = &unsettled {
            label.push_str(&format!(", {}", unsettled.description(&seen)));
        }
        if let Some(spoken) = self.spoken.as_deref_mut() {
            spoken.cells.push(label.clone());
            spoken.rects.push(rect);
        }
        let explanation = unsettled.as_ref().and_then(|u| u.explanation(&seen));
        // An editor's cells can always be clicked; a game's only when empty.
        let playable = self.accepts_moves && (self.sketch.is_some() || self.mark(cell).is_none());
        let Some(clicked) = self.clicked.as_deref_mut() else {
            if let Some(prefix) = self.cell_names {
                let label = format!("{prefix}: {}{}", label[..1].to_lowercase(), &label[1..]);
                let response = ui.interact(rect, id, Sense::hover());
                response.widget_info(|| WidgetInfo::labeled(Role::Cell, true, &label));
                explain(ui, &response, explanation);
            }
            return false;
        };
        let response = ui.interact(rect, id, Sense::click());
        response.widget_info(|| WidgetInfo::labeled(Role::Button, playable, &label));
        // The page mirrors the board's cells as a group of their own.
        controls::mirrored_elsewhere(&response);
        let response = explain(ui, &response, explanation);
        if self.take_focus && self.focus == Some(cell) {
            response.request_focus();
        }
        if response.has_focus()
            && let Some(out) = self.keyboard_cell.as_deref_mut()
        {
            *out = Some(cell);
        }
        if response.clicked() && playable {
            *clicked = Some(cell);
        }
        if response.hovered() {
            *hovered = Some(cell);
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
        let seen = self.seen_rule();
        let mover = self.board.to_move();
        match (self.mark(cell), self.settled(cell)) {
            (Some(mark), _) => paint_mark(painter, rect, mark, palette.mark(mark), 1.0),
            (None, Some(score)) => {
                let tile = ScoreTile::new(&seen, palette, seen.number(score.score, mover, 0));
                let best = Some(score.score) == self.scores.and_then(Analysis::best_score);
                tile.framed_as_best(best).paint(painter, rect, palette);
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
            let seen = self.seen_rule();
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
/// What a screen reader hears of a board: its name ("Board XO./.../..., X to move"), its
/// description (the line of play drawn on it, if any) and each cell's name ("Row 1, column 1,
/// empty, score 0, draw, best move") with where the cell is drawn, in reading order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spoken {
    pub board: String,
    pub description: Option<String>,
    pub cells: Vec<String>,
    pub rects: Vec<Rect>,
}

/// Pointing at a cell shows its explanation, and a screen reader reads it as the cell's
/// description.
fn explain(ui: &Ui, response: &Response, explanation: Option<String>) -> Response {
    let Some(explanation) = explanation else {
        return response.clone();
    };
    let description = explanation.clone();
    ui.ctx()
        .accesskit_node_builder(response.id, |node| node.set_description(description));
    response.clone().on_hover_text(explanation)
}

/// Marks in board notation: rows of `X`, `O` and `.` joined by `/`.
pub(crate) fn sketch_notation(geometry: Geometry, marks: &[Option<Mark>]) -> String {
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
