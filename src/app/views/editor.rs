//! The position editor: set up any position on the main board, cell by cell, with the side to
//! move, the board's size and how many in a row win. It is checked with the same rules and the
//! same messages as `tictactoe analyze`, and shows the problem instead of accepting it; a valid
//! position can be analysed (shown with its scores) or played from.

use egui::{RichText, Ui};

use crate::app::commands::{Brush, Command, Edit, EditorCommand, Seating};
use crate::app::drawing::board_widget::{BoardWidget, Palette, sketch_notation};
use crate::app::drawing::texts;
use crate::app::view::{Given, View};
use crate::engine::board::{Board, Geometry, Mark};
use crate::store::settings::Settings;

pub struct Editor {
    side: usize,
    k: usize,
    /// One per cell, in reading order.
    marks: Vec<Option<Mark>>,
    /// `None`: from the counts, as `analyze` infers it.
    to_move: Option<Mark>,
    brush: Brush,
}

impl Editor {
    /// An editor holding `board`, to change from there.
    pub fn from_board(board: &Board) -> Editor {
        let geometry = board.geometry();
        let marks: Vec<Option<Mark>> = geometry.all_cells().map(|cell| board.get(cell)).collect();
        let inferred =
            Board::parse_with(&sketch_notation(geometry, &marks), None, Some(geometry.k()))
                .map(|b| b.to_move());
        Editor {
            side: geometry.rows(),
            k: geometry.k(),
            marks,
            // Said only where the counts do not say it.
            to_move: (inferred != Ok(board.to_move())).then_some(board.to_move()),
            brush: Brush::Cycle,
        }
    }

    fn geometry(&self) -> Geometry {
        Geometry::new(self.side, self.side, self.k).expect("the editor offers only valid sizes")
    }

    /// The position, checked as `tictactoe analyze` checks it, or its message.
    pub fn position(&self) -> Result<Board, String> {
        let notation = sketch_notation(self.geometry(), &self.marks);
        Board::parse_with(&notation, self.to_move, Some(self.k)).map_err(|e| e.to_string())
    }

    /// The "from the counts" choice, naming whom the counts give the move to ("from the counts:
    /// X"), or saying the counts give it to nobody.
    fn counts_choice(&self) -> String {
        let notation = sketch_notation(self.geometry(), &self.marks);
        match Board::parse_with(&notation, None, Some(self.k)) {
            Ok(board) => format!("from the counts: {}", board.to_move()),
            Err(_) => "from the counts: none (not a valid position)".to_string(),
        }
    }

    pub fn apply(&mut self, edit: Edit) {
        match edit {
            Edit::Cell(cell) => {
                let index = self.geometry().index(cell);
                let mark = &mut self.marks[index];
                *mark = match (self.brush, *mark) {
                    (Brush::Cycle, None) => Some(Mark::X),
                    (Brush::Cycle, Some(Mark::X)) => Some(Mark::O),
                    (Brush::Cycle, Some(Mark::O)) => None,
                    (Brush::Place(placed), Some(here)) if placed == here => None,
                    (Brush::Place(placed), _) => Some(placed),
                    (Brush::Erase, _) => None,
                };
            }
            Edit::Brush(brush) => self.brush = brush,
            Edit::ToMove(mark) => self.to_move = mark,
            Edit::Size(side) => {
                let geometry = Geometry::with_default_k(side, side).expect("sizes from the menu");
                *self = Editor::from_board(&Board::empty(geometry, Mark::X));
            }
            Edit::K(k) => self.k = k,
            Edit::Clear => self.marks.iter_mut().for_each(|mark| *mark = None),
        }
    }

    /// The editor in place of the board: its choices, the board, and what is wrong if anything.
    pub fn show(&self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let mut edit = |e| commands.push(EditorCommand::Edit(e).into());
        ui.horizontal_wrapped(|ui| {
            ui.heading("Set up a position");
            ui.label("Click a cell to change it.");
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("Board:");
            for side in Settings::BOARD_SIZES.map(usize::from) {
                if ui
                    .radio(self.side == side, format!("{side}×{side}"))
                    .clicked()
                {
                    edit(Edit::Size(side));
                }
            }
            ui.label("In a row:");
            for k in 3..=self.side.min(5) {
                if ui.radio(self.k == k, k.to_string()).clicked() {
                    edit(Edit::K(k));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("A click:");
            for (brush, name) in [
                (Brush::Cycle, "cycles empty, X, O"),
                (Brush::Place(Mark::X), "places X"),
                (Brush::Place(Mark::O), "places O"),
                (Brush::Erase, "empties"),
            ] {
                if ui.radio(self.brush == brush, name).clicked() {
                    edit(Edit::Brush(brush));
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label("To move:");
            for (to_move, name) in [
                (None, self.counts_choice()),
                (Some(Mark::X), "X".to_string()),
                (Some(Mark::O), "O".to_string()),
            ] {
                if ui.radio(self.to_move == to_move, name).clicked() {
                    edit(Edit::ToMove(to_move));
                }
            }
            if ui.button("Clear").clicked() {
                edit(Edit::Clear);
            }
        });
        let position = self.position();
        self.actions(ui, &position, &mut commands);
        let palette = Palette::of(ui);
        if let Err(problem) = &position {
            let text = format!("Not a position a game can reach: {problem}");
            ui.add(egui::Label::new(RichText::new(text).color(palette.loss)).wrap());
        }
        let empty = Board::empty(self.geometry(), self.to_move.unwrap_or(Mark::X));
        let mut clicked = None;
        ui.add(
            BoardWidget::new(&empty, "editor board")
                .sketch(&self.marks)
                .on_click(&mut clicked, true),
        );
        commands.extend(clicked.map(|cell| EditorCommand::Edit(Edit::Cell(cell)).into()));
        commands
    }

    /// Analyse, play from here (in a seat), or leave.
    fn actions(&self, ui: &mut Ui, position: &Result<Board, String>, commands: &mut Vec<Command>) {
        let valid = position
            .as_ref()
            .ok()
            .filter(|board| !board.outcome().is_over());
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(position.is_ok(), egui::Button::new("Analyse"))
                .clicked()
                && let Ok(board) = position
            {
                commands.push(EditorCommand::Analyse(*board).into());
            }
            ui.label("Play from here:");
            for (seating, name) in [
                (Seating::You(Mark::X), "you play X"),
                (Seating::You(Mark::O), "you play O"),
                (Seating::TwoPlayers, "two players"),
            ] {
                if ui
                    .add_enabled(valid.is_some(), egui::Button::new(name))
                    .clicked()
                    && let Some(board) = valid
                {
                    commands.push(EditorCommand::Play(*board, seating).into());
                }
            }
            if ui.button(texts::with_key(ui, "Cancel", "Esc")).clicked() {
                commands.push(EditorCommand::Toggle.into());
            }
        });
    }
}

impl View for Editor {
    fn name(&self) -> &'static str {
        "Set up a position"
    }

    fn ui(&mut self, ui: &mut Ui, _given: &mut Given<'_>) -> Vec<Command> {
        self.show(ui)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Cell;

    #[test]
    fn the_editor_checks_with_analyzes_rules_and_messages() {
        let mut editor = Editor::from_board(&Board::classic());
        // GfG's example: X O X / O O X / _ _ _, X to move.
        for (index, clicks) in [1, 2, 1, 2, 2, 1].into_iter().enumerate() {
            for _ in 0..clicks {
                editor.apply(Edit::Cell(Geometry::CLASSIC.cell(index)));
            }
        }
        assert_eq!(editor.position().unwrap().to_string(), "XOX/OOX/...");
        assert_eq!(
            editor.position().unwrap().to_move(),
            Mark::X,
            "from the counts"
        );
        assert_eq!(editor.counts_choice(), "from the counts: X");
        editor.apply(Edit::ToMove(Some(Mark::O)));
        assert_eq!(
            editor.position().unwrap().to_move(),
            Mark::O,
            "O may have started"
        );
        editor.apply(Edit::Brush(Brush::Place(Mark::X)));
        editor.apply(Edit::Cell(Cell::new(2, 0)));
        let analyze = Board::parse_with("XOX/OOX/X..", Some(Mark::O), None).unwrap();
        assert_eq!(editor.position(), Ok(analyze));
        editor.apply(Edit::Cell(Cell::new(2, 1)));
        let analyze = Board::parse_with("XOX/OOX/XX.", Some(Mark::O), None).unwrap_err();
        assert_eq!(editor.position().unwrap_err(), analyze.to_string());
        assert_eq!(
            editor.counts_choice(),
            "from the counts: none (not a valid position)"
        );
        // An empty board with O to move is said; with X, it is the counts' choice.
        assert_eq!(Editor::from_board(&Board::classic()).to_move, None);
        let o_first = Board::classic().with_to_move(Mark::O);
        assert_eq!(Editor::from_board(&o_first).to_move, Some(Mark::O));
        editor.apply(Edit::Size(4));
        editor.apply(Edit::K(3));
        let board = editor.position().unwrap();
        assert_eq!((board.geometry().rows(), board.geometry().k()), (4, 3));
        assert_eq!(board.marks_placed(), 0);
    }
}
