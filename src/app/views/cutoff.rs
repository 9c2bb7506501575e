//! Cutting the search off: depth-limited minimax on the position on show, each empty cell with
//! the number it gives (the evaluation at the cutoff, open lines or 0, or a result proven inside
//! it) beside the cell's exact score, and the move it would play. The numbers are the engine's
//! (`minimax::depth_limited`, `minimax::cutoff_choice`), the ones `tictactoe cutoff` prints.

use egui::{RichText, Ui};

use crate::app::commands::{Command, CutoffCommand};
use crate::app::drawing::texts::{self, thousands};
use crate::app::view::{Given, Needs, View};
use crate::engine::board::{Board, Cell};
use crate::engine::minimax::{
    Analysis, Evaluation, SearchControl, Valuation, cutoff_choice, depth_limited,
};
use crate::engine::score::{Score, Verdict};
use crate::game::GameController;

/// The most positions one cutoff search visits: a 3×3 board to depth 8 from its first move,
/// a few milliseconds; deeper on an open board it says to look shallower.
pub const CUTOFF_NODES: u64 = 300_000;

/// The view's settings and what they give.
pub struct CutoffView {
    board: Board,
    plies: u32,
    evaluation: Evaluation,
    /// Each move's number, or why there is none.
    moves: Result<Vec<(Cell, Valuation)>, String>,
}

impl CutoffView {
    /// The view on `board`, two plies deep, judged by open lines.
    pub fn new(board: Board) -> CutoffView {
        let mut view = CutoffView {
            board,
            plies: 2,
            evaluation: Evaluation::OpenLines,
            moves: Ok(Vec::new()),
        };
        view.search();
        view
    }

    fn search(&mut self) {
        self.moves = if self.board.outcome().is_over() {
            Err("The game is over here: there is no move to rate.".to_string())
        } else {
            depth_limited(
                &self.board,
                self.plies,
                self.evaluation,
                &SearchControl::with_node_budget(CUTOFF_NODES),
            )
            .map_err(|_| {
                format!(
                    "More than {} positions at depth {}: choose a shallower depth.",
                    thousands(CUTOFF_NODES),
                    self.plies
                )
            })
        };
    }

    /// The deepest cutoff that means anything here: the empty cells.
    fn deepest(&self) -> u32 {
        self.board.legal_moves().count().max(1) as u32
    }

    pub fn apply(&mut self, command: CutoffCommand) {
        match command {
            CutoffCommand::Deeper => self.plies = (self.plies + 1).min(self.deepest()),
            CutoffCommand::Shallower => self.plies = self.plies.saturating_sub(1).max(1),
            CutoffCommand::OpenLines => self.evaluation = Evaluation::OpenLines,
            CutoffCommand::Zero => self.evaluation = Evaluation::Zero,
        }
        self.search();
    }

    fn show(&self, ui: &mut Ui, analysis: Option<&Analysis>) -> Vec<Command> {
        let mut commands = Vec::new();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Cutting the search off").strong());
            if ui.button(texts::with_key(ui, "Close", "Esc")).clicked() {
                commands.push(Command::ToggleCutoff);
            }
        });
        egui::ScrollArea::vertical()
            .id_salt("cutoff view")
            .auto_shrink([false, false])
            .show(ui, |ui| self.contents(ui, analysis, &mut commands));
        commands
    }

    fn contents(&self, ui: &mut Ui, analysis: Option<&Analysis>, commands: &mut Vec<Command>) {
        ui.add(
            egui::Label::new(format!(
                "Minimax looks {} plies ahead from {} (the move itself counted) and judges the \
                 positions still open there by the evaluation, for the side to move; a game that \
                 ends inside the cutoff keeps its exact score. As tictactoe cutoff {} --depth {} \
                 --eval {} prints it.",
                self.plies,
                self.board.notation().as_str(),
                self.board.notation().as_str(),
                self.plies,
                match self.evaluation {
                    Evaluation::OpenLines => "open-lines",
                    Evaluation::Zero => "zero",
                }
            ))
            .wrap(),
        );
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(self.plies > 1, egui::Button::new("Shallower"))
                .clicked()
            {
                commands.push(CutoffCommand::Shallower.into());
            }
            ui.label(format!("Depth {}", self.plies));
            if ui
                .add_enabled(self.plies < self.deepest(), egui::Button::new("Deeper"))
                .clicked()
            {
                commands.push(CutoffCommand::Deeper.into());
            }
            ui.separator();
            ui.label("At the cutoff:");
            if ui
                .radio(
                    self.evaluation == Evaluation::OpenLines,
                    "open lines (mine minus theirs)",
                )
                .clicked()
            {
                commands.push(CutoffCommand::OpenLines.into());
            }
            if ui
                .radio(self.evaluation == Evaluation::Zero, "0 (the horizon's)")
                .clicked()
            {
                commands.push(CutoffCommand::Zero.into());
            }
        });
        let moves = match &self.moves {
            Ok(moves) => moves,
            Err(problem) => {
                ui.colored_label(ui.visuals().warn_fg_color, problem);
                return;
            }
        };
        let choice = cutoff_choice(moves);
        self.cells(ui, moves, choice, analysis);
        ui.label(RichText::new("Each move: depth-limited minimax, and its exact score").strong());
        for (cell, valuation) in moves {
            ui.add(
                egui::Label::new(move_words(
                    &self.board,
                    self.plies,
                    *cell,
                    *valuation,
                    analysis,
                ))
                .wrap(),
            );
        }
        if let Some(choice) = choice {
            let verdict = match (
                analysis.and_then(|a| a.score_of(choice)),
                analysis.and_then(Analysis::best_score),
            ) {
                (Some(chosen), Some(best)) if chosen == best => "an exact best move".to_string(),
                (Some(chosen), Some(best)) => format!(
                    "not an exact best move: {} where the best is {}",
                    outcome(&self.board, chosen),
                    outcome(&self.board, best)
                ),
                _ => "its exact score is being searched".to_string(),
            };
            ui.add(
                egui::Label::new(format!(
                    "Depth {} plays {} (the first with the best number): {verdict}.",
                    self.plies,
                    choice.name()
                ))
                .wrap(),
            );
        }
    }

    /// The board, each empty cell with its number large, whether it was evaluated or proven, and
    /// its exact score small; the move chosen in bold.
    fn cells(
        &self,
        ui: &mut Ui,
        moves: &[(Cell, Valuation)],
        choice: Option<Cell>,
        analysis: Option<&Analysis>,
    ) {
        let geometry = self.board.geometry();
        let side = (ui.available_width() / geometry.cols() as f32 - 6.0).clamp(40.0, 96.0);
        egui::Grid::new("cutoff cells")
            .spacing([4.0, 4.0])
            .show(ui, |ui| {
                for row in 0..geometry.rows() {
                    for col in 0..geometry.cols() {
                        let cell = Cell::new(row, col);
                        let text = match self.board.get(cell) {
                            Some(mark) => RichText::new(mark.to_string()).size(side * 0.4),
                            None => match moves.iter().find(|(c, _)| *c == cell) {
                                Some((_, valuation)) => {
                                    let exact = analysis
                                        .and_then(|a| a.score_of(cell))
                                        .map_or("…".to_string(), |s| s.value().to_string());
                                    let how = match valuation {
                                        Valuation::Exact(_) => "proven",
                                        Valuation::Estimate(_) => "evaluated",
                                    };
                                    let mut text = RichText::new(format!(
                                        "{}\n{how}\nexact {exact}",
                                        number(*valuation)
                                    ));
                                    if Some(cell) == choice {
                                        text = text.strong().underline();
                                    }
                                    text
                                }
                                None => RichText::new(""),
                            },
                        };
                        egui::Frame::group(ui.style()).show(ui, |ui| {
                            ui.set_min_size(egui::vec2(side, side * 0.8));
                            ui.centered_and_justified(|ui| {
                                ui.add(egui::Label::new(text).selectable(false));
                            });
                        });
                    }
                    ui.end_row();
                }
            });
    }
}

/// A valuation's number: the evaluation, or the proven score.
fn number(valuation: Valuation) -> i32 {
    match valuation {
        Valuation::Exact(score) => score.value(),
        Valuation::Estimate(value) => value,
    }
}

fn outcome(board: &Board, score: Score) -> &'static str {
    match score.verdict(board.geometry()) {
        Verdict::Win { .. } => "a win",
        Verdict::Draw => "a draw",
        Verdict::Loss { .. } => "a loss",
    }
}

/// "r1c2: depth 2 gives 1, evaluated at the cutoff · exact 0 (a draw)".
fn move_words(
    board: &Board,
    plies: u32,
    cell: Cell,
    valuation: Valuation,
    analysis: Option<&Analysis>,
) -> String {
    let how = match valuation {
        Valuation::Exact(_) => "proven inside the cutoff",
        Valuation::Estimate(_) => "evaluated at the cutoff",
    };
    let exact = match analysis.and_then(|a| a.score_of(cell)) {
        Some(score) => format!("exact {} ({})", score.value(), outcome(board, score)),
        None => "exact: being searched".to_string(),
    };
    format!(
        "{}: depth {plies} gives {}, {how} · {exact}",
        cell.name(),
        number(valuation)
    )
}

impl View for CutoffView {
    fn name(&self) -> &'static str {
        "Cutting the search off"
    }

    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command> {
        let analysis = given.controller.analysis(&self.board);
        self.show(ui, analysis)
    }

    fn needs(&self, _controller: &GameController) -> Needs {
        Needs {
            analyses: if self.board.outcome().is_over() {
                Vec::new()
            } else {
                vec![self.board]
            },
            ..Needs::default()
        }
    }
}
