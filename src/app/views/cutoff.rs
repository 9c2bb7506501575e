//! Cutting the search off: depth-limited minimax on the position on show, each empty cell with
//! the number it gives (the evaluation at the cutoff, open lines or 0, or a result proven inside
//! it) beside the cell's exact score, and the move it would play. The numbers are the engine's
//! (`minimax::depth_limited`, `minimax::cutoff_choice`), the ones `tictactoe cutoff` prints,
//! seen as the "Scores are seen" setting says. The search runs on the game's worker (up to
//! [`CUTOFF_LIMIT`] positions, a fraction of a second): the view says it is searching, with its
//! count of positions and a Stop, and shows the last numbers that came until the new ones do.

use std::time::Duration;

use egui::{RichText, Ui};

use crate::app::commands::{Command, CutoffCommand};
use crate::app::drawing::texts::{self, thousands};
use crate::app::view::{Given, Needs, View};
use crate::engine::board::{Board, Cell};
use crate::engine::minimax::{Analysis, Evaluation, Stop, Valuation, cutoff_choice};
use crate::engine::score::{Score, Verdict};
use crate::game::{CUTOFF_LIMIT, CutoffSearch, GameController};
use crate::learn::view::{ScoreView, Seen};

/// Each move's number, or why there is none.
type CutoffMoves = Result<Vec<(Cell, Valuation)>, Stop>;

/// How often the count of positions is redrawn while the search runs.
const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The view's settings and the numbers it shows.
pub struct CutoffView {
    board: Board,
    plies: u32,
    evaluation: Evaluation,
    /// The last search that came back and its numbers: shown until the one asked for now comes
    /// (the worker runs it; the window never waits for it).
    shown: Option<(CutoffSearch, CutoffMoves)>,
    /// The player stopped the search under way: none is asked for until they change the depth
    /// or the evaluation, or search again.
    stopped: bool,
}

/// What the view needs to know to draw, beside itself.
struct Known<'a> {
    analysis: Option<&'a Analysis>,
    seen: Seen,
    /// Positions the search asked for has visited, while it runs.
    progress: Option<u64>,
}

impl CutoffView {
    /// The view on `board`, two plies deep, judged by open lines.
    pub fn new(board: Board) -> CutoffView {
        CutoffView {
            board,
            plies: 2,
            evaluation: Evaluation::OpenLines,
            shown: None,
            stopped: false,
        }
    }

    /// The search the settings ask for.
    fn wanted(&self) -> CutoffSearch {
        CutoffSearch {
            board: self.board,
            plies: self.plies,
            evaluation: self.evaluation,
        }
    }

    /// The search to ask the worker for: none on a finished game, nor once stopped.
    fn asked(&self) -> Option<CutoffSearch> {
        (!self.board.outcome().is_over() && !self.stopped).then(|| self.wanted())
    }

    /// Whether the numbers asked for have not come yet.
    fn waiting(&self) -> bool {
        !self.board.outcome().is_over()
            && self.shown.as_ref().map(|(search, _)| *search) != Some(self.wanted())
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
            CutoffCommand::Stop => {
                self.stopped = true;
                return;
            }
            CutoffCommand::Resume => {}
        }
        self.stopped = false;
    }

    fn show(&self, ui: &mut Ui, known: &Known<'_>) -> Vec<Command> {
        let mut commands = Vec::new();
        if texts::title_and_close_key(ui, "Cutting the search off") {
            commands.push(Command::ToggleCutoff);
        }
        texts::scrolled_to_fill(ui, "cutoff view", |ui| {
            self.contents(ui, known, &mut commands);
        });
        commands
    }

    fn contents(&self, ui: &mut Ui, known: &Known<'_>, commands: &mut Vec<Command>) {
        let notation = self.board.notation();
        ui.add(
            egui::Label::new(format!(
                "Minimax looks {} plies ahead from {} (the move itself counted) and judges the \
                 positions still open there by the evaluation; a game that ends inside the \
                 cutoff keeps its exact score. As tictactoe cutoff {} --depth {} --eval {} \
                 prints it.",
                self.plies,
                notation.as_str(),
                notation.as_str(),
                self.plies,
                eval_name(self.evaluation)
            ))
            .wrap(),
        );
        ui.add(egui::Label::new(seen_words(&known.seen)).wrap());
        self.settings(ui, commands);
        if self.board.outcome().is_over() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "The game is over here: there is no move to rate.",
            );
            return;
        }
        self.status(ui, known.progress, commands);
        let Some((search, moves)) = &self.shown else {
            return;
        };
        let moves = match moves {
            Ok(moves) => moves,
            Err(_) => {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!(
                        "More than {} positions at depth {}: choose a shallower depth.",
                        thousands(CUTOFF_LIMIT),
                        search.plies
                    ),
                );
                return;
            }
        };
        let choice = cutoff_choice(moves);
        self.cells(ui, moves, choice, known);
        ui.label(RichText::new("Each move: depth-limited minimax, and its exact score").strong());
        for (cell, valuation) in moves {
            ui.add(
                egui::Label::new(move_words(
                    &known.seen,
                    search.plies,
                    *cell,
                    *valuation,
                    known.analysis,
                ))
                .wrap(),
            );
        }
        if let Some(choice) = choice {
            let verdict = texts::exact_best_words(known.analysis, choice, |score| {
                outcome(&self.board, score).to_string()
            });
            ui.add(
                egui::Label::new(format!(
                    "Depth {} plays {} (the first with the best number): {verdict}.",
                    search.plies,
                    choice.name()
                ))
                .wrap(),
            );
        }
    }

    /// The depth and the evaluation.
    fn settings(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
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
    }

    /// While the numbers asked for have not come: the search under way and its Stop, or the
    /// stop and a way on; the numbers below stay the last search's, and say so.
    fn status(&self, ui: &mut Ui, progress: Option<u64>, commands: &mut Vec<Command>) {
        if !self.waiting() {
            return;
        }
        let below = match &self.shown {
            Some((search, _)) => format!(
                " The numbers below are still depth {}'s ({}).",
                search.plies,
                eval_name(search.evaluation)
            ),
            None => String::new(),
        };
        ui.horizontal_wrapped(|ui| {
            if self.stopped {
                ui.add(
                    egui::Label::new(format!(
                        "Stopped before depth {}'s numbers came.{below}",
                        self.plies
                    ))
                    .wrap(),
                );
                if ui.button("Search again").clicked() {
                    commands.push(CutoffCommand::Resume.into());
                }
            } else {
                ui.ctx().request_repaint_after(PROGRESS_EVERY);
                ui.add(
                    egui::Label::new(format!(
                        "Searching depth {}… {} positions so far, at most {}.{below}",
                        self.plies,
                        thousands(progress.unwrap_or(0)),
                        thousands(CUTOFF_LIMIT)
                    ))
                    .wrap(),
                );
                if ui.button("Stop").clicked() {
                    commands.push(CutoffCommand::Stop.into());
                }
            }
        });
    }

    /// The board, each empty cell with its number large, whether it was evaluated or proven, and
    /// its exact score small; the move chosen in bold.
    fn cells(
        &self,
        ui: &mut Ui,
        moves: &[(Cell, Valuation)],
        choice: Option<Cell>,
        known: &Known<'_>,
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
                                    let exact = known
                                        .analysis
                                        .and_then(|a| a.score_of(cell))
                                        .map_or("…".to_string(), |score| {
                                            exact_number(&known.seen, score).to_string()
                                        });
                                    let how = match valuation {
                                        Valuation::Exact(_) => "proven",
                                        Valuation::Estimate(_) => "evaluated",
                                    };
                                    let mut text = RichText::new(format!(
                                        "{}\n{how}\nexact {exact}",
                                        number(&known.seen, *valuation)
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

/// The `--eval` word `tictactoe cutoff` takes for `evaluation`.
fn eval_name(evaluation: Evaluation) -> &'static str {
    match evaluation {
        Evaluation::OpenLines => "open-lines",
        Evaluation::Zero => "zero",
    }
}

/// A valuation's number as the view's maximiser sees it: the evaluation, or the proven score.
/// The engine's (and `tictactoe cutoff`'s) are for the side that plays the move.
fn number(seen: &Seen, valuation: Valuation) -> i32 {
    match valuation {
        Valuation::Exact(score) => exact_number(seen, score),
        Valuation::Estimate(value) => seen.points(value),
    }
}

/// A move's exact score (for the side that plays it) as the view's maximiser sees it.
fn exact_number(seen: &Seen, score: Score) -> i32 {
    seen.number(score, seen.mover(), 0).value()
}

/// Whose numbers the view shows, and how they relate to what `tictactoe cutoff` prints.
fn seen_words(seen: &Seen) -> String {
    let mover = seen.mover();
    match seen.view() {
        ScoreView::SideToMove => format!(
            "Every number is {mover}'s, the side to move (Scores are seen: for the player to \
             move); higher is better for {mover}."
        ),
        ScoreView::Articles if seen.flips() => format!(
            "Every number is X's (Scores are seen: X maximises); tictactoe cutoff prints them \
             for {mover}, the side to move, with the sign turned."
        ),
        ScoreView::Articles => {
            "Every number is X's (Scores are seen: X maximises); higher is better for X.".into()
        }
    }
}

/// A result for the side that plays the move: "a win", "a draw", "a loss".
fn outcome(board: &Board, score: Score) -> &'static str {
    match score.verdict(board.geometry()) {
        Verdict::Win { .. } => "a win",
        Verdict::Draw => "a draw",
        Verdict::Loss { .. } => "a loss",
    }
}

/// "r1c2: depth 2 gives 1, evaluated at the cutoff · exact 0 (a draw)", the numbers seen by the
/// view's maximiser, the result named with its winner.
fn move_words(
    seen: &Seen,
    plies: u32,
    cell: Cell,
    valuation: Valuation,
    analysis: Option<&Analysis>,
) -> String {
    let how = match valuation {
        Valuation::Exact(_) => "proven inside the cutoff",
        Valuation::Estimate(_) => "evaluated at the cutoff",
    };
    let mover = seen.mover();
    let exact = match analysis.and_then(|a| a.score_of(cell)) {
        Some(score) => {
            let result = match score.verdict(seen.geometry()) {
                Verdict::Win { .. } => format!("{mover} wins"),
                Verdict::Draw => "a draw".to_string(),
                Verdict::Loss { .. } => format!("{} wins", mover.opponent()),
            };
            format!("exact {} ({result})", exact_number(seen, score))
        }
        None => "exact: being searched".to_string(),
    };
    format!(
        "{}: depth {plies} gives {}, {how} · {exact}",
        cell.name(),
        number(seen, valuation)
    )
}

impl View for CutoffView {
    fn name(&self) -> &'static str {
        "Cutting the search off"
    }

    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command> {
        let wanted = self.wanted();
        if let Some(moves) = given.controller.cutoff(&wanted) {
            self.shown = Some((wanted, moves.clone()));
        }
        let known = Known {
            analysis: given.controller.analysis(&self.board),
            seen: Seen::new(given.score_view, &self.board),
            progress: given.controller.cutoff_progress(&wanted),
        };
        self.show(ui, &known)
    }

    fn needs(&self, _controller: &GameController) -> Needs {
        let open = !self.board.outcome().is_over();
        Needs {
            analyses: if open { vec![self.board] } else { Vec::new() },
            cutoff: self.asked(),
            ..Needs::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::{SearchControl, depth_limited};

    /// Every name and value a screen reader gets of the view drawn once, as it is now.
    fn spoken(view: &CutoffView, progress: Option<u64>) -> Vec<String> {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        let known = Known {
            analysis: None,
            seen: Seen::new(ScoreView::SideToMove, &view.board),
            progress,
        };
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            view.show(ui, &known);
        });
        // Nothing draws the textures here.
        output.textures_delta.clear();
        let update = output.platform_output.accesskit_update.expect("a tree");
        update
            .nodes
            .iter()
            .flat_map(|(_, node)| [node.label(), node.value()])
            .flatten()
            .map(str::to_string)
            .collect()
    }

    fn says(spoken: &[String], part: &str) -> bool {
        spoken.iter().any(|words| words.contains(part))
    }

    /// A new depth is searched on the worker while the view goes on showing the last numbers and
    /// says so, with how far the search has got and a Stop; stopped, it asks for nothing more
    /// until the player searches again.
    #[test]
    fn the_last_numbers_stay_until_the_new_ones_come_and_a_stop_asks_for_nothing() {
        let board: Board = "X.O/.../...".parse().unwrap();
        let mut view = CutoffView::new(board);
        let asked = CutoffView::asked;
        assert!(view.waiting());
        let shown = spoken(&view, None);
        assert!(says(&shown, "Searching depth 2… 0 positions"), "{shown:?}");
        let depth_two = view.wanted();
        let moves = depth_limited(
            &board,
            2,
            Evaluation::OpenLines,
            &SearchControl::with_node_budget(CUTOFF_LIMIT),
        );
        view.shown = Some((depth_two, moves));
        assert!(!view.waiting());
        let shown = spoken(&view, None);
        assert!(says(&shown, "Depth 2 plays "), "{shown:?}");
        assert!(!says(&shown, "Searching"), "{shown:?}");

        view.apply(CutoffCommand::Deeper);
        assert!(view.waiting());
        let wanted = view.wanted();
        assert_eq!(wanted.plies, 3);
        assert_eq!(asked(&view), Some(wanted));
        let shown = spoken(&view, Some(12_345));
        assert!(
            says(
                &shown,
                "Searching depth 3… 12,345 positions so far, at most 300,000. The numbers \
                 below are still depth 2's (open-lines)."
            ),
            "{shown:?}"
        );
        assert!(says(&shown, "Depth 2 plays "), "{shown:?}");
        assert!(says(&shown, "Stop"), "{shown:?}");

        view.apply(CutoffCommand::Stop);
        assert_eq!(asked(&view), None, "stopped: nothing is asked for");
        let shown = spoken(&view, None);
        assert!(
            says(&shown, "Stopped before depth 3's numbers came."),
            "{shown:?}"
        );
        assert!(says(&shown, "Search again"), "{shown:?}");
        view.apply(CutoffCommand::Resume);
        assert_eq!(asked(&view), Some(wanted));
    }
}
