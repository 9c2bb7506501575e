//! What the main board shows instead of the game for a while: an explorer node's position, or a
//! line of play stepped through move by move. Nothing in a preview is ever played.

use egui::{RichText, Ui};

use super::Command;
use super::explorer::{Path, path_text};
use crate::board::{Board, Cell};
use crate::minimax::MoveScore;
use crate::score::Score;
use crate::tree::scores_along;
use crate::view::ScoreView;
use crate::view::Seen;

pub enum Preview {
    /// The position an explorer node leads to.
    Node { path: Path, board: Board },
    /// The position before move `ply` of the reviewed game, with what was played there.
    BeforeMove {
        ply: usize,
        board: Board,
        played: String,
    },
    /// A line of play from `start`, shown after its first `step` moves.
    Replay {
        start: Board,
        line: Vec<Cell>,
        /// Each move's score for the side that plays it.
        scores: Vec<Score>,
        step: usize,
    },
}

impl Preview {
    /// The replay of `first`, played on `start`, and its line of play, before its first move.
    pub fn replay(start: Board, first: &MoveScore) -> Preview {
        let line: Vec<Cell> = std::iter::once(first.cell)
            .chain(first.pv.iter().copied())
            .collect();
        let scores = scores_along(first.score, line.len());
        Preview::Replay {
            start,
            line,
            scores,
            step: 0,
        }
    }

    /// The position the board shows.
    pub fn board(&self) -> Board {
        match self {
            Preview::Node { board, .. } | Preview::BeforeMove { board, .. } => *board,
            Preview::Replay {
                start, line, step, ..
            } => line[..*step].iter().fold(*start, |board, &cell| {
                board.after(cell).expect("a line of play is legal")
            }),
        }
    }

    /// Moves a replay `by` steps, within its line.
    pub fn step(&mut self, by: isize) {
        if let Preview::Replay { line, step, .. } = self {
            *step = step.saturating_add_signed(by).min(line.len());
        }
    }

    /// The strip over the board: what is shown, how to move in it and how to get back.
    pub fn banner(&self, ui: &mut Ui, two_players: bool, view: ScoreView) -> Vec<Command> {
        let mut commands = Vec::new();
        egui::Frame::group(ui.style())
            .fill(ui.visuals().selection.bg_fill.gamma_multiply(0.35))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                match self {
                    Preview::BeforeMove { ply, played, .. } => {
                        ui.add(
                            egui::Label::new(
                                RichText::new(format!(
                                    "Review: the position before move {ply}, where {played}."
                                ))
                                .strong(),
                            )
                            .wrap(),
                        );
                        ui.horizontal_wrapped(|ui| {
                            if ui.button("Retry from here").clicked() {
                                commands.push(Command::RetryFrom(*ply));
                            }
                            if ui.button("Back to game (Esc)").clicked() {
                                commands.push(Command::BackToGame);
                            }
                        });
                    }
                    Preview::Node { path, .. } => {
                        let what = if path.is_empty() {
                            "the tree's root".to_string()
                        } else {
                            format!("after {}", path_text(path))
                        };
                        ui.add(
                            egui::Label::new(
                                RichText::new(format!("Preview: {what}. Nothing has been played."))
                                    .strong(),
                            )
                            .wrap(),
                        );
                        ui.horizontal_wrapped(|ui| {
                            if ui.button("Back to game (Esc)").clicked() {
                                commands.push(Command::BackToGame);
                            }
                            if two_players
                                && !path.is_empty()
                                && ui.button("Play from here").clicked()
                            {
                                commands.push(Command::PlayFromHere(path.clone()));
                            }
                        });
                    }
                    Preview::Replay {
                        start,
                        line,
                        scores,
                        step,
                    } => {
                        let text = if *step == 0 {
                            format!(
                                "Replay: the start, {} to move. {} moves in this line.",
                                start.to_move(),
                                line.len()
                            )
                        } else {
                            let played = self.board();
                            let mover = played.to_move().opponent();
                            // Depth counts from the replay's start, as in the explorer.
                            let seen = Seen::new(view, start);
                            let number = seen.number(scores[step - 1], mover, *step as i32 - 1);
                            format!(
                                "Replay, move {step} of {}: {mover} {}, score {} for {}: {} \
                                 (depth counted from where the replay starts).",
                                line.len(),
                                line[step - 1].human(),
                                number.value(),
                                seen.maximiser(),
                                crate::explain::named_verdict(&seen, number),
                            )
                        };
                        ui.add(egui::Label::new(RichText::new(text).strong()).wrap());
                        ui.horizontal_wrapped(|ui| {
                            if ui
                                .add_enabled(*step > 0, egui::Button::new("< Back (,)"))
                                .clicked()
                            {
                                commands.push(Command::ReplayStep(-1));
                            }
                            if ui
                                .add_enabled(*step < line.len(), egui::Button::new("Next (.) >"))
                                .clicked()
                            {
                                commands.push(Command::ReplayStep(1));
                            }
                            if ui.button("Back to game (Esc)").clicked() {
                                commands.push(Command::BackToGame);
                            }
                        });
                    }
                }
            });
        commands
    }
}
