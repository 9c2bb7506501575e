//! The app's drawing of the review panel (M): the game as a graph and as a list, each move with
//! its number, the best number there was and its class, and what the session's own mistakes give
//! practice. Drawing only: the review itself is the controller's (`GameController::review`) and
//! the learning layer's (`crate::learn::review`); what the panel asks for comes back as commands.

use egui::{RichText, Ui};

use super::coaching::{Coach, Pinned};
use crate::app::commands::{Command, ReviewCommand};
use crate::app::controls::Mirrored;
use crate::app::drawing::board_widget::Palette;
use crate::app::drawing::review_graph::{class_color, estimate_name, plies, row_name};
use crate::app::drawing::texts;
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::Stop;
use crate::game::{GameController, GameRecord};
use crate::learn::review::EstimatedMove;
use crate::learn::review::{
    MoveClass, MoveReview, ReviewEntry, ReviewedMove, Unsettled, class_counts, summary,
};
use crate::learn::view::{ScoreView, Seen};

impl Coach {
    /// The move list: each move with its number and the best number there was, seen from the
    /// position before it, and its class. A click on a move previews the position before it.
    pub fn review_panel(
        &self,
        ui: &mut Ui,
        controller: &GameController,
        previewed: Option<usize>,
        view: ScoreView,
    ) -> Vec<Command> {
        let mut commands = Vec::new();
        if texts::title_and_close(ui, "Game review") {
            commands.push(ReviewCommand::Toggle.into());
        }
        let game = self.reviewed_game(controller);
        self.pinned_banner(ui, &mut commands);
        if game.moves.is_empty() {
            ui.label("No moves yet.");
            return commands;
        }
        let whose = match view {
            ScoreView::SideToMove => "for the side that moved",
            ScoreView::Articles => "X's (X maximises: O's best is the lowest)",
        };
        ui.add(
            egui::Label::new(format!(
                "Click a move to see the position before it. Scores are {whose}, with depth \
                 counted from the position before the move; best is the best score there was."
            ))
            .wrap(),
        );
        let reviewed = controller.review(&game);
        // Each number belongs to the player who moved; in the mover's view the dots alternate
        // sides, so a fall then a rise is one player's mistake and the other's answer.
        let reading = match view {
            ScoreView::SideToMove => {
                " Dots alternate X and O, each its mover's score: a drop then a rise is one \
                 side's mistake and the other's reply."
            }
            ScoreView::Articles => " Every dot is X's number: up is good for X, down for O.",
        };
        ui.add(
            egui::Label::new(format!(
                "The game as a graph: each move's score (a dot in its class's colour) and, where \
                 it was not best, the best score there was (a ring), joined to it by a line. \
                 Click a dot to see the position before the move.{reading}"
            ))
            .wrap(),
        );
        let entries: Vec<ReviewEntry> = reviewed
            .iter()
            .cloned()
            .zip(controller.estimated_review(&game))
            .map(|(review, estimated)| ReviewEntry::of(review, estimated))
            .collect();
        crate::app::drawing::review_graph::game_graph(
            ui,
            &game,
            &entries,
            previewed,
            view,
            &mut commands,
        );
        review_grid(ui, &game, &entries, previewed, view, &mut commands);
        let complete: Option<Vec<&ReviewedMove>> =
            reviewed.iter().map(MoveReview::reviewed).collect();
        if let Some(moves) = complete {
            for mark in [Mark::X, Mark::O] {
                let counts = class_counts(moves.iter().copied().filter(|m| m.mark == mark));
                if counts.iter().sum::<usize>() > 0 {
                    ui.label(format!("{mark}: {}.", summary(counts)));
                }
            }
        }
        if self.pinned.is_none() {
            ui.label(format!("Hints used this game: {}.", self.hinted.len()));
        }
        self.own_practice_lines(ui);
        commands
    }

    /// Over a game that is not the one being played: which game it is, and the way back.
    fn pinned_banner(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        match &self.pinned {
            Some((_, Pinned::RetriedFrom)) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label("The game you retried from.");
                    if ui.small_button("Review the game on the board").clicked() {
                        commands.push(ReviewCommand::Unpin.into());
                    }
                });
            }
            // "The game on the board" could be read as "this game, on the board"; the
            // opened game goes on the board only when asked, and leaving it says where to.
            Some((_, Pinned::Opened(what))) => {
                ui.horizontal_wrapped(|ui| {
                    ui.label(what.as_str());
                    if ui.small_button("Put this game on the board").clicked() {
                        commands.push(ReviewCommand::PutOnBoard.into());
                    }
                    if ui.small_button("Review the game you are playing").clicked() {
                        commands.push(ReviewCommand::Unpin.into());
                    }
                });
            }
            None => {}
        }
    }

    /// What the session's own mistakes give practice: how many positions, and the themes missed.
    fn own_practice_lines(&self, ui: &mut Ui) {
        if !self.own_mistakes.is_empty() {
            ui.add(
                egui::Label::new(format!(
                    "Your moves that were not best this session: {}, waiting in practice (P).",
                    self.own_mistakes.len()
                ))
                .wrap(),
            );
        }
        if let Some(themes) = self.themes.summary() {
            ui.add(egui::Label::new(format!("Themes you miss: {themes}.")).wrap());
        }
    }
}

/// The review's rows: move, class sign, the move's number and the best number there was, and the
/// class; each row wraps to the panel's width.
fn review_grid(
    ui: &mut Ui,
    game: &GameRecord,
    entries: &[ReviewEntry],
    previewed: Option<usize>,
    view: ScoreView,
    commands: &mut Vec<Command>,
) {
    let palette = Palette::of(ui);
    for (index, entry) in entries.iter().enumerate() {
        let ply = index + 1;
        let cell = game.moves[index];
        let m = match entry {
            ReviewEntry::Exact(m) => m,
            ReviewEntry::Unsettled {
                before,
                known,
                stopped,
            } => {
                let (line, details) = unsettled_text(ply, cell, before, known, *stopped, view);
                ui.label(line);
                if let Some(details) = details {
                    ui.horizontal_wrapped(|ui| {
                        ui.add_space(16.0);
                        ui.label(details);
                    });
                }
                continue;
            }
            ReviewEntry::Estimated(e) => {
                estimated_row(ui, ply, cell, e, previewed == Some(ply), view, commands);
                continue;
            }
        };
        // Printed as the board prints them: the number, with no sign for a win.
        let shown = m.shown(view);
        let (score, best) = (shown.score.value(), shown.best.value());
        let color = class_color(m.class, &palette);
        let text = format!("{ply}. {} {}{}", m.mark, cell.human(), m.class.sign());
        let name = format!("Move {}", row_name(m, view));
        let selected = previewed == Some(ply);
        let response = ui
            .selectable_label(selected, RichText::new(text).color(color))
            .on_hover_text(m.class.meaning())
            .mirrored(&name);
        response
            .widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &name));
        if response.clicked() {
            commands.push(ReviewCommand::Move(ply).into());
        }
        ui.horizontal_wrapped(|ui| {
            ui.add_space(16.0);
            ui.label(format!("{score} (best {best})"));
            class_badge(ui, m.class, &palette);
        });
        // On a touch screen nothing hovers: the tapped move's row says what its class means.
        if selected && texts::touch(ui.ctx()) {
            ui.horizontal_wrapped(|ui| {
                ui.add_space(16.0);
                ui.add(egui::Label::new(RichText::new(m.class.meaning()).small()).wrap());
            });
        }
    }
}

/// The row of a move reviewed from an estimate only: its number and the best there was, how far
/// the estimate looked, and that it is not exact.
fn estimated_row(
    ui: &mut Ui,
    ply: usize,
    cell: Cell,
    e: &EstimatedMove,
    selected: bool,
    view: ScoreView,
    commands: &mut Vec<Command>,
) {
    let name = format!("Move {}", estimate_name(e, view));
    let response = ui
        .selectable_label(
            selected,
            format!("{ply}. {} {} (estimate)", e.mark, cell.human()),
        )
        .on_hover_text("Not exact: the exact search ran out of time here.")
        .mirrored(&name);
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &name));
    if response.clicked() {
        commands.push(ReviewCommand::Move(ply).into());
    }
    let (value, best) = e.shown(view);
    ui.horizontal_wrapped(|ui| {
        ui.add_space(16.0);
        ui.label(format!(
            "{} (best {}), {} ahead: an estimate, not classed",
            value.text(),
            best.text(),
            plies(e.depth)
        ));
    });
    if selected && texts::touch(ui.ctx()) {
        ui.horizontal_wrapped(|ui| {
            ui.add_space(16.0);
            ui.label(RichText::new("Not exact: the exact search ran out of time here.").small());
        });
    }
}

/// The row of a move whose review is not complete: "12. X row 4, column 4 analysing…" while its
/// position is searched (or waits to be), "… not settled" once the search stopped; then what is
/// known, as `tictactoe review` prints it: the move's score or a bound on it, the best score
/// when known, and why the search stopped.
pub fn unsettled_text(
    ply: usize,
    cell: Cell,
    before: &Board,
    known: &Unsettled,
    stopped: Option<Stop>,
    view: ScoreView,
) -> (String, Option<String>) {
    let mark = before.to_move();
    let state = if stopped.is_some() {
        "not settled"
    } else {
        "analysing…"
    };
    let line = format!("{ply}. {mark} {} {state}", cell.human());
    let seen = Seen::new(view, before);
    let number = |score| seen.number(score, mark, 0).value();
    let mut parts = Vec::new();
    match (known.score, known.bound) {
        (Some(score), _) => parts.push(format!("score {}", number(score))),
        (None, Some(bound)) => {
            let (lower, upper) = seen.bounds(bound.lower, bound.upper, mark);
            parts.push(format!("score from {} to {}", lower.value(), upper.value()));
        }
        (None, None) if stopped.is_some() => parts.push("score not settled".to_string()),
        (None, None) => {}
    }
    match known.best_score {
        Some(best) => parts.push(format!("best {}", number(best))),
        None if stopped.is_some() => parts.push("best not settled".to_string()),
        None => {}
    }
    match stopped {
        Some(Stop::NodeBudget { limit }) => parts.push(format!(
            "the search stopped after {} positions",
            crate::app::drawing::texts::thousands(limit)
        )),
        Some(Stop::TimeLimit) => parts.push("the search ran out of time".to_string()),
        Some(Stop::Cancelled) | None => {}
    }
    let details = (!parts.is_empty()).then(|| parts.join(", "));
    (line, details)
}

/// A painted dot in the class's colour and its name, so the class reads without the colour.
fn class_badge(ui: &mut Ui, class: MoveClass, palette: &Palette) {
    ui.horizontal(|ui| {
        let side = ui.text_style_height(&egui::TextStyle::Body) * 0.6;
        let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
        ui.painter()
            .circle_filled(rect.center(), side / 2.0, class_color(class, palette));
        ui.label(class.name());
    });
}
