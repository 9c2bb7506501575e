//! Beside the board: what the scores mean (the legend), the score of the cell being looked at as
//! the articles compute it, and why the computer played its last move. They draw and return
//! [`Command`]s; they change nothing.
//!
//! The legend is not a [`View`](crate::app::view::View): it is the board's key, not a view the
//! player opens. It is drawn beside or under the board whenever the position on show has scores
//! (or the computer's reasoning is asked for), whichever view is open, and what it says comes
//! from the shell's position on show (a preview, the cell being looked at, a touch screen), which
//! a view's `Given` does not carry.

use egui::{Color32, RichText, Ui};

use crate::app::commands::Command;
use crate::app::drawing::board_widget::{BoardWidget, Palette};
use crate::engine::ai::Difficulty;
use crate::engine::board::{Cell, Mark};
use crate::engine::minimax::{Analysis, Stop};
use crate::game::{Basis, ComputerMove, PartialScores};
use crate::learn::explain::{computer_reasoning, formula, line_of_play, score_rule};
use crate::learn::view::{Role, ScoreView, Seen};

/// What the legend needs to know.
pub struct LegendData<'a> {
    /// The scores shown, if any.
    pub scores: Option<&'a Analysis>,
    /// What is known while the scores are not complete.
    pub partial: Option<PartialScores<'a>>,
    pub view: ScoreView,
    /// The view rule for the position on show, depth kept from where it counts from.
    pub seen: Seen,
    /// The cell being looked at, if it has a score.
    pub inspected: Option<Cell>,
    /// A narrow window: fewer words.
    pub compact: bool,
    /// Where depth counts from, when the position on show is not the game's.
    pub depth_note: Option<String>,
    /// A touch screen: a tap picks a score to explain, and the explanation offers to play it.
    pub touch: bool,
    /// The cell explained can be played now (the game's board, the player's turn).
    pub playable: bool,
}

/// A coloured square (filled, or only framed) and its meaning.
fn swatch(ui: &mut Ui, color: Color32, framed: bool, meaning: &str) {
    let side = ui.text_style_height(&egui::TextStyle::Body) * 0.8;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    if framed {
        let stroke = egui::Stroke::new(side * 0.2, color);
        ui.painter()
            .rect_stroke(rect, 2.0, stroke, egui::StrokeKind::Inside);
    } else {
        ui.painter().rect_filled(rect, 2.0, color);
    }
    ui.label(meaning);
}

/// Whose numbers the scores are, as every panel that shows scores says it first; `mover` is to
/// move in the position on show.
fn whose_numbers(view: ScoreView, seen: &Seen, mover: Mark) -> String {
    let maximiser = seen.maximiser();
    match view {
        ScoreView::SideToMove if maximiser == mover && seen.plies_below() == 0 => {
            format!("Scores for the player to move, {mover}: {mover} maximises")
        }
        ScoreView::SideToMove => format!(
            "Scores for {maximiser}, the player to move where depth counts from: {maximiser} \
             maximises"
        ),
        ScoreView::Articles => {
            "Scores from X's side (the articles' view): X maximises, O minimises".to_string()
        }
    }
}

/// The legend, and the explanation of the cell being looked at; on a touch screen, with the
/// button that plays it.
pub fn legend(ui: &mut Ui, data: &LegendData<'_>) -> Option<Command> {
    let Some(analysis) = data.scores else {
        if let Some(partial) = data.partial {
            partial_legend(ui, &partial, data.view);
        }
        return None;
    };
    let palette = Palette::of(ui);
    let mover = analysis.board.to_move();
    let seen = data.seen;
    let maximiser = seen.maximiser();
    let strength = 0.6;
    ui.label(RichText::new(whose_numbers(data.view, &seen, mover)).strong());
    if let Some(note) = &data.depth_note {
        ui.label(RichText::new(note).italics());
    }
    let best_words = match (seen.role(mover), data.compact) {
        (Role::Maximiser, false) => {
            format!("the highest score: {mover}'s best move, even if it loses.")
        }
        (Role::Minimiser, false) => {
            format!("the lowest score: {mover}'s best move, even if it loses.")
        }
        (Role::Maximiser, true) => format!("{mover}'s best (the highest)"),
        (Role::Minimiser, true) => format!("{mover}'s best (the lowest)"),
    };
    let gold = |ui: &mut Ui| swatch(ui, palette.best, true, &format!("gold frame: {best_words}"));
    ui.horizontal_wrapped(|ui| {
        match data.view {
            ScoreView::SideToMove => {
                swatch(
                    ui,
                    palette.win.gamma_multiply(strength),
                    false,
                    &format!("{maximiser} wins"),
                );
                swatch(ui, palette.draw.gamma_multiply(strength), false, "draw");
                swatch(
                    ui,
                    palette.loss.gamma_multiply(strength),
                    false,
                    &format!("{maximiser} loses"),
                );
            }
            ScoreView::Articles => {
                swatch(
                    ui,
                    palette.x.gamma_multiply(strength),
                    false,
                    "X wins (high)",
                );
                swatch(ui, palette.draw.gamma_multiply(strength), false, "draw (0)");
                swatch(
                    ui,
                    palette.o.gamma_multiply(strength),
                    false,
                    "O wins (low)",
                );
            }
        }
        if data.compact {
            gold(ui);
        }
    });
    if !data.compact {
        ui.horizontal_wrapped(gold);
        for line in score_rule(&seen) {
            ui.add(egui::Label::new(line).wrap());
        }
        ui.label("Stronger colours are faster results.");
        ui.label(
            "Scores assume both sides play perfectly from here; equal scores are equally good \
             moves. Rows and columns count from 1 here (tictactoe analyze counts from 0).",
        );
    }
    ui.separator();
    explanation(ui, data, analysis)
}

/// The score of the cell being looked at, as the articles compute it, and its line of play; two
/// lines at least, so that the board does not jump as the pointer moves.
fn explanation(ui: &mut Ui, data: &LegendData<'_>, analysis: &Analysis) -> Option<Command> {
    let mut command = None;
    let mover = analysis.board.to_move();
    let seen = data.seen;
    let line_height = ui.text_style_height(&egui::TextStyle::Body);
    ui.set_min_height(ui.min_rect().height() + 2.0 * line_height + ui.spacing().item_spacing.y);
    match data.inspected.and_then(|cell| analysis.get(cell)) {
        Some(m) => {
            // First, where a small screen shows it without scrolling.
            if data.touch && data.playable {
                let play = egui::Button::new(format!("Play here ({})", m.cell.human()))
                    .min_size(egui::vec2(0.0, 44.0));
                if ui.add(play).clicked() {
                    command = Some(Command::PlayFocused);
                }
            }
            ui.label(
                RichText::new(format!(
                    "{mover} at {}: {}",
                    m.cell.human(),
                    formula(&seen, seen.number(m.score, mover, 0))
                ))
                .strong(),
            );
            ui.label(format!(
                "Line of play (the numbered dots): {}.",
                line_of_play(mover, m)
            ));
            // A losing side's moves often all lose as fast: the line then shows it not blocking.
            if m.score.value() != 0 && !m.pv.is_empty() {
                ui.label(
                    RichText::new(
                        "Where moves score alike the line takes the first in reading order, so \
                         a side that loses whatever it plays may not block.",
                    )
                    .weak(),
                );
            }
        }
        None => {
            ui.label(match (data.touch, data.compact) {
                (true, _) => "Tap a score to see how it is computed; tap it again to play there.",
                (false, true) => "Point at a score to see how it is computed.",
                (false, false) => {
                    "Point at a score (or move to it with the arrow keys) to see how it is \
                     computed."
                }
            });
        }
    }
    command
}

/// What the overlay shows while the exact search runs or after it stopped.
fn partial_legend(ui: &mut Ui, partial: &PartialScores<'_>, view: ScoreView) {
    let palette = Palette::of(ui);
    let seen = Seen::new(view, &partial.board);
    ui.label(RichText::new("Not all scores are known yet").strong());
    ui.horizontal_wrapped(|ui| {
        ui.label("Exact score, settled, coloured by its result:");
        for (color, meaning) in exact_keys(&palette, &seen) {
            swatch(ui, color.gamma_multiply(0.6), false, &meaning);
        }
    });
    ui.horizontal_wrapped(|ui| {
        swatch(
            ui,
            palette.draw,
            true,
            "a bound (\"at least a draw\"): not settled yet;",
        );
        swatch(
            ui,
            palette.estimate,
            true,
            "~ an estimate: evaluation points, not a score, and never proven.",
        );
    });
    if let Some(estimate) = partial.estimate {
        ui.label(format!(
            "These estimates look {} plies ahead and judge the positions there by the lines each side \
             can still complete (1, 8, 64, 512 points for 1 to 4 marks in a line). {} of {} \
             moves have an exact score.",
            estimate.depth,
            partial.settled_count(),
            partial.board.legal_moves().count()
        ));
        ui.add(
            egui::Label::new(
                "Whoever plays the last of those plies has one more mark there, so an estimate \
                 leans their way and may change sign when the search looks one ply further. \
                 Point at an estimate to see which way it leans.",
            )
            .wrap(),
        );
    }
}

/// The keys for exact scores: one colour per result (a win for each side and a draw), taken from
/// the same function that colours the tiles, so an exact 0 and its key are the same grey.
fn exact_keys(palette: &Palette, seen: &Seen) -> Vec<(Color32, String)> {
    let maximiser = seen.maximiser();
    [
        (Some(maximiser), format!("{maximiser} wins,")),
        (None, "draw,".to_string()),
        (
            Some(maximiser.opponent()),
            format!("{} wins;", maximiser.opponent()),
        ),
    ]
    .into_iter()
    .map(|(winner, meaning)| (palette.winner_color(seen, winner), meaning))
    .collect()
}

/// Why the computer played its last move: the position it saw, with its scores, and its reasons.
pub fn reasoning(
    ui: &mut Ui,
    last: Option<(&ComputerMove, Option<&Analysis>)>,
    view: ScoreView,
) -> Option<Command> {
    let mut command = None;
    // Wrapping: in a narrow panel Close goes under the title, not past the panel's edge.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Why the computer played there").strong());
        if ui.small_button("Close").clicked() {
            command = Some(Command::ToggleReasoning);
        }
    });
    let Some((last, analysis)) = last else {
        ui.label("The computer has not moved in this game yet.");
        return command;
    };
    let where_ = format!("row {}, column {}", last.cell.row + 1, last.cell.col + 1);
    let among = match last.candidates.len() {
        0 | 1 => String::new(),
        n => format!(", picked at random among {n} moves it rated alike"),
    };
    if said_why_not_exact(ui, last, &where_, &among) {
        return command;
    }
    let Some(analysis) = analysis else {
        ui.label(format!(
            "It played {where_}; its scores are no longer known."
        ));
        return command;
    };
    let side = (ui.available_width() * 0.4).clamp(96.0, 180.0);
    let board = BoardWidget::new(&last.board, "reasoning board")
        .side(side)
        .scores(Some(analysis))
        .view(view)
        .last_move(Some(last.cell))
        .cell_names("The position the computer saw");
    // The words beside the board where they have room for a few words a line, under it where
    // they would not (a narrow panel beside the board, a phone).
    let beside = ui.available_width() >= side + 200.0;
    let layout = match beside {
        true => egui::Layout::left_to_right(egui::Align::Min),
        false => egui::Layout::top_down(egui::Align::Min),
    };
    ui.with_layout(layout, |ui| {
        ui.add(board);
        ui.vertical(|ui| {
            ui.label(
                "The position it saw, with the scores it computed (depth counted from that \
                 position):",
            );
            let seen = Seen::new(view, &last.board);
            ui.label(RichText::new(whose_numbers(view, &seen, last.board.to_move())).strong());
            for line in
                computer_reasoning(analysis, last.cell, &last.candidates, last.difficulty, view)
            {
                ui.label(line);
            }
        });
    });
    command
}

/// Why a move played on something less than every move's exact score was played there (proven
/// best, an estimate, a depth-limited search), said in `ui`; `false` for a move played on exact
/// scores, which the position and its scores explain instead.
fn said_why_not_exact(ui: &mut Ui, last: &ComputerMove, where_: &str, among: &str) -> bool {
    match last.basis {
        Basis::Exact => false,
        Basis::ProvenBest => {
            ui.add(
                egui::Label::new(format!(
                    "It played {where_} as soon as that move was proven best: its exact score \
                     was known, and every other move had been shown to score no more, so it did \
                     not wait for their exact scores{among}."
                ))
                .wrap(),
            );
            true
        }
        Basis::Unproven { depth, reason } => {
            let why = match reason {
                Stop::TimeLimit => {
                    "the exact search had not finished when its think time ran out".to_string()
                }
                other => format!("the exact search gave up ({other})"),
            };
            ui.add(
                egui::Label::new(format!(
                    "It played {where_} without proof: {why}, so it played the move with the \
                     best estimate, looking {depth} plies ahead and judging the positions there \
                     with the evaluation function (moves already proven counted with their \
                     exact scores){among}."
                ))
                .wrap(),
            );
            true
        }
        Basis::MonteCarlo { iterations } => {
            ui.add(
                egui::Label::new(format!(
                    "It played {where_} as Monte Carlo tree search: {} iterations of \
                     UCT (c = √2) from the position, each ending in a random playout, and \
                     {where_} was the move it visited most. Its choice rests on those playouts, \
                     not on minimax's scores (View › Monte Carlo tree search shows such a \
                     search step by step).",
                    crate::app::drawing::texts::thousands(iterations)
                ))
                .wrap(),
            );
            true
        }
        Basis::DepthLimited { depth } => {
            ui.label(format!(
                "At {} on a large board it searches {depth} plies ahead and judges the \
                 positions there with the evaluation function; {where_} looked best{among}.",
                last.difficulty.name()
            ));
            true
        }
    }
}

/// What a difficulty sees, for the menu.
pub fn difficulty_words(difficulty: Difficulty) -> &'static str {
    match difficulty {
        Difficulty::Easy => "Easy: sees 1 ply (its own move)",
        Difficulty::Medium => "Medium: sees 2 plies (its move and your reply)",
        Difficulty::Hard => "Hard: sees 4 plies",
        Difficulty::Perfect => "Perfect: sees to the end of the game",
        Difficulty::MctsThousand => "MCTS, 1,000 iterations: plays out random games",
        Difficulty::MctsTenThousand => "MCTS, 10,000 iterations: plays out random games",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::{Board, Geometry, Mark};
    use crate::engine::score::Score;

    #[test]
    fn every_exact_tile_on_7x7_has_its_colour_among_the_keys() {
        let palette = Palette::themed(true, Color32::GRAY, Color32::WHITE);
        let board = Board::empty(Geometry::new(7, 7, 4).unwrap(), Mark::X);
        for view in ScoreView::ALL {
            let seen = Seen::new(view, &board);
            let keys = exact_keys(&palette, &seen);
            let win = board.geometry().win_score();
            // An exact 0 (a draw), a win and a loss, as the tiles colour them (X, to move, is
            // the one maximising in every view).
            let numbers = [0, win - 3, 3 - win].map(|value| seen.root_number(Score::new(value)));
            for number in numbers {
                let tile = palette.result_color(&seen, number);
                assert!(
                    keys.iter().any(|(key, _)| *key == tile),
                    "{view:?}: the tile of {} has no key",
                    number.value()
                );
            }
            let draw_key = keys.iter().find(|(_, meaning)| meaning.starts_with("draw"));
            assert_eq!(draw_key.map(|(color, _)| *color), Some(palette.draw));
        }
    }
}
