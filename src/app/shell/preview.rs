//! What the main board shows instead of the game for a while: an explorer node's position, or a
//! line of play stepped through move by move. Nothing in a preview is ever played.

use egui::{RichText, Ui};

use crate::app::commands::{
    Command, EditorCommand, ExplorerCommand, Path, PreviewCommand, ReviewCommand, Seating,
};
use crate::app::drawing::texts;
use crate::app::on_show::{OnShow, Source, moves};
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::MoveScore;
use crate::engine::score::Score;
use crate::learn::tree::scores_along;
use crate::learn::view::ScoreView;
use crate::learn::view::Seen;

pub enum Preview {
    /// The position an explorer node leads to.
    Node { path: Path, board: Board },
    /// The position before move `ply` of the reviewed game, and the move played there.
    BeforeMove {
        ply: usize,
        board: Board,
        played: Cell,
    },
    /// A position set up in the editor, pasted or opened from the articles' examples, with its
    /// scores, and what it is.
    Position {
        board: Board,
        caption: Option<String>,
        /// What it is, as every view names it ("the pasted position").
        name: String,
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
            Preview::Node { board, .. }
            | Preview::BeforeMove { board, .. }
            | Preview::Position { board, .. } => *board,
            Preview::Replay {
                start, line, step, ..
            } => line[..*step].iter().fold(*start, |board, &cell| {
                board.after(cell).expect("a line of play is legal")
            }),
        }
    }

    /// The position shown, where it comes from, and where depth counts from (`root`, the
    /// explorer's root, for a node).
    pub fn on_show(&self, root: Board) -> OnShow {
        let source = match self {
            Preview::Node { path, .. } => Source::Node { path: path.clone() },
            Preview::BeforeMove { ply, played, .. } => Source::BeforeMove {
                ply: *ply,
                played: *played,
            },
            Preview::Replay { step, .. } => Source::Replay { step: *step },
            Preview::Position { name, .. } => Source::SetUp { name: name.clone() },
        };
        let origin = match self {
            Preview::Node { .. } => root,
            Preview::Replay { start, .. } => *start,
            Preview::BeforeMove { .. } | Preview::Position { .. } => self.board(),
        };
        OnShow {
            board: self.board(),
            source,
            origin,
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
                let strong = |ui: &mut Ui, text: String| {
                    ui.add(egui::Label::new(RichText::new(text).strong()).wrap());
                };
                match self {
                    Preview::BeforeMove { ply, .. } => {
                        strong(ui, self.headline(view));
                        ui.horizontal_wrapped(|ui| {
                            if ui.button("Retry from here").clicked() {
                                commands.push(ReviewCommand::RetryFrom(*ply).into());
                            }
                            back_button(ui, &mut commands);
                        });
                    }
                    Preview::Node { path, .. } => {
                        strong(ui, self.headline(view));
                        ui.horizontal_wrapped(|ui| {
                            back_button(ui, &mut commands);
                            if two_players
                                && !path.is_empty()
                                && ui.button("Play from here").clicked()
                            {
                                commands.push(ExplorerCommand::PlayFromHere(path.clone()).into());
                            }
                        });
                    }
                    Preview::Position { board, .. } => {
                        strong(ui, self.headline(view));
                        ui.horizontal_wrapped(|ui| {
                            ui.label("Play from here:");
                            for (seating, name) in [
                                (Seating::You(Mark::X), "you play X"),
                                (Seating::You(Mark::O), "you play O"),
                                (Seating::TwoPlayers, "two players"),
                            ] {
                                let playable = !board.outcome().is_over();
                                if ui.add_enabled(playable, egui::Button::new(name)).clicked() {
                                    commands.push(EditorCommand::Play(*board, seating).into());
                                }
                            }
                            if ui.button(texts::with_key(ui, "Edit", "E")).clicked() {
                                commands.push(EditorCommand::Toggle.into());
                            }
                            back_button(ui, &mut commands);
                        });
                    }
                    Preview::Replay { line, step, .. } => {
                        strong(ui, self.headline(view));
                        ui.horizontal_wrapped(|ui| {
                            if ui
                                .add_enabled(
                                    *step > 0,
                                    egui::Button::new(texts::with_key(ui, "< Back", ",")),
                                )
                                .clicked()
                            {
                                commands.push(PreviewCommand::ReplayStep(-1).into());
                            }
                            if ui
                                .add_enabled(
                                    *step < line.len(),
                                    egui::Button::new(texts::with_key(ui, "Next >", ".")),
                                )
                                .clicked()
                            {
                                commands.push(PreviewCommand::ReplayStep(1).into());
                            }
                            back_button(ui, &mut commands);
                        });
                    }
                }
            });
        commands
    }

    /// The banner's first line: what is shown instead of the game.
    pub fn headline(&self, view: ScoreView) -> String {
        match self {
            Preview::BeforeMove { ply, board, played } => format!(
                "Review: the position before move {ply}, where {} played {} (framed).",
                board.to_move(),
                played.human()
            ),
            Preview::Node { path, .. } => {
                let what = if path.is_empty() {
                    "the tree's root".to_string()
                } else {
                    format!("after {}", moves(path))
                };
                format!("Preview: {what}. Nothing has been played.")
            }
            Preview::Position { board, caption, .. } => position_text(board, caption.as_deref()),
            Preview::Replay { .. } => self.replay_text(view),
        }
    }

    /// Where a replay is: its start, or the move just replayed with its number, depth counted
    /// from where the replay starts (as the explorer counts it from the game's position).
    fn replay_text(&self, view: ScoreView) -> String {
        let Preview::Replay {
            start,
            line,
            scores,
            step,
        } = self
        else {
            return String::new();
        };
        if *step == 0 {
            return format!(
                "Replay: the start, {} to move. {} moves in this line.",
                start.to_move(),
                line.len()
            );
        }
        let mover = self.board().to_move().opponent();
        let seen = Seen::new(view, start);
        let number = seen.number(scores[step - 1], mover, *step as i32 - 1);
        format!(
            "Replay, move {step} of {}: {mover} {}, score {} for {}: {} (depth counted from \
             where the replay starts).",
            line.len(),
            line[step - 1].human(),
            number.value(),
            seen.maximiser(),
            crate::learn::explain::named_verdict(&seen, number),
        )
    }
}

/// What a set-up, pasted or opened position is, and who is to move in it.
fn position_text(board: &Board, caption: Option<&str>) -> String {
    let what = caption.unwrap_or("The position you set up.");
    let turn = match board.outcome() {
        crate::engine::board::Outcome::Ongoing => format!(" {} to move.", board.to_move()),
        _ => " The game is over there.".to_string(),
    };
    format!("{what}{turn} With its scores; nothing has been played.")
}

fn back_button(ui: &mut Ui, commands: &mut Vec<Command>) {
    if ui
        .button(texts::with_key(ui, "Back to game", "Esc"))
        .clicked()
    {
        commands.push(PreviewCommand::BackToGame.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_up_position_says_who_is_to_move() {
        let board: Board = "X../.O./...".parse().unwrap();
        assert_eq!(
            position_text(&board, None),
            "The position you set up. X to move. With its scores; nothing has been played."
        );
        let o_to_move = board.with_to_move(Mark::O);
        assert!(position_text(&o_to_move, Some("Pasted.")).starts_with("Pasted. O to move."));
        let won: Board = "XXX/OO./...".parse().unwrap();
        assert!(position_text(&won, None).contains("The game is over there."));
    }
}
