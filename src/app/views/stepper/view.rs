//! The app's drawing of the step-through's parts: the position and the call stack, the tree
//! around the current call (listed, or drawn), the code with its line, and the step in words.
//! Drawing only: what is shown is the [`Stepper`]'s, and its playback's.

use egui::{Color32, RichText, Ui};

use super::step_through::{Stepper, positions_visited};
use crate::app::commands::{Command, StepCommand};
use crate::app::drawing::board_widget::BoardWidget;
use crate::app::drawing::texts::window_bound;
use crate::app::drawing::tree_drawing::{self, Orange};
use crate::app::drawing::tree_export;
use crate::engine::score::Score;
use crate::game::TraceLog;
use crate::learn::pseudocode::{CodeStep, Event, Line, line_of, pseudocode, step_of};
use crate::learn::search_picture::{Standing, search_picture};
use crate::learn::trace::{Child, EventKind, TraceAlgorithm};
use crate::learn::tree_sketch;
use crate::learn::view::Seen;

impl Stepper {
    /// "O maximises" or "X minimises": the role of a call's side to move, as shown.
    fn role(seen: &Seen, root_is_max: bool) -> String {
        let maximiser = seen.maximiser();
        if seen.is_max(root_is_max) {
            format!("{maximiser} maximises")
        } else {
            format!("{} minimises", maximiser.opponent())
        }
    }

    pub(super) fn position_and_stack(&self, ui: &mut Ui, seen: &Seen) {
        let state = self.playback.state();
        let board = state.board();
        let value = |score: Score| seen.root_number(score).value().to_string();
        let side = (ui.available_width() * 0.6).clamp(120.0, 260.0);
        let caption = match state.stack.last() {
            None => format!(
                "findBestMove: {} to move at the start (the {})",
                state.start.to_move(),
                seen.role(state.start.to_move()).name()
            ),
            Some(frame) => format!(
                "The current call: depth {}, {} to move: {}",
                frame.depth,
                board.to_move(),
                Self::role(seen, frame.is_max)
            ),
        };
        ui.add(egui::Label::new(RichText::new(caption).strong()).wrap());
        ui.add(
            BoardWidget::new(&board, "search board")
                .side(side)
                .preview(true),
        );
        ui.label(RichText::new("Call stack").strong());
        indented(
            ui,
            0,
            format!(
                "findBestMove: moves scored so far: {}",
                list_or_none(
                    root_values(&state.root_moves, self.algorithm, seen.is_max(true))
                        .into_iter()
                        .map(|(cell, bound, score)| format!(
                            "{} = {bound}{}",
                            cell.name(),
                            value(score)
                        ))
                )
            ),
        );
        for frame in &state.stack {
            let window = frame.window.map_or(String::new(), |(alpha, beta)| {
                let (alpha, beta) = seen.window(alpha, beta);
                format!(
                    ", α = {}, β = {}",
                    window_bound(alpha, &state.start),
                    window_bound(beta, &state.start)
                )
            });
            let best = frame.best.map_or("none yet".to_string(), value);
            indented(
                ui,
                frame.depth + 1,
                format!(
                    "depth {}: {} {} · {}{window} · best so far {best}",
                    frame.depth,
                    frame.board.to_move().opponent(),
                    frame.cell.name(),
                    Self::role(seen, frame.is_max),
                ),
            );
        }
        self.tree_around(ui, seen);
    }

    /// Each call under way with what its moves returned or why they were pruned: as a list, or
    /// drawn as the textbooks draw a search.
    fn tree_around(&self, ui: &mut Ui, seen: &Seen) {
        let value = |score: Score| seen.root_number(score).value().to_string();
        if self.drawn {
            // Drawn beside the code instead (see `search_drawing`).
            return;
        }
        ui.label(RichText::new("The tree around the current call").strong());
        let state = self.playback.state();
        for frame in &state.stack {
            let depth = frame.depth;
            indented(
                ui,
                depth,
                format!(
                    "{} {} (depth {}):",
                    frame.board.to_move().opponent(),
                    frame.cell.name(),
                    frame.depth
                ),
            );
            for child in &frame.children {
                match child {
                    Child::Returned { cell, score, .. } => {
                        indented(
                            ui,
                            depth + 2,
                            format!("{} returned {}", cell.name(), value(*score)),
                        );
                    }
                    Child::Pruned { cells, alpha, beta } => {
                        let cells: Vec<String> = cells.iter().map(|c| c.name()).collect();
                        let (alpha, beta) = seen.window(*alpha, *beta);
                        let geometry = state.start.geometry();
                        let role = seen.role(frame.board.to_move());
                        let sides = tree_sketch::Sides {
                            max: seen.maximiser().to_string(),
                            min: seen.maximiser().opponent().to_string(),
                        };
                        let reason = tree_sketch::cutoff_sentence(
                            &frame.cell.name(),
                            role,
                            &alpha.bound(geometry),
                            &beta.bound(geometry),
                            &cells,
                            &sides,
                        );
                        let text = RichText::new(format!("pruned {}: {reason}", cells.join(", ")))
                            .color(ui.visuals().weak_text_color());
                        indented(ui, depth + 2, text);
                    }
                }
            }
        }
    }

    /// The tree around the current call, drawn as the textbooks draw a search: the path to the
    /// running call in orange, each call's window under it, pruned moves crossed out.
    /// With `fill`, it takes all the room there is (the window, for a projector).
    pub(super) fn search_drawing(&self, ui: &mut Ui, seen: &Seen, fill: bool) -> Option<Command> {
        if !fill {
            ui.label(RichText::new("The tree around the current call").strong());
        }
        let picture = search_picture(self.playback.state(), seen);
        let current = picture
            .spots
            .iter()
            .position(|spot| spot.standing == Standing::Current);
        let zoom = egui::Id::unique("search drawing");
        // Given the window, the drawing opens as large as fits it, whatever its zoom was.
        let filled = zoom.with("had the window");
        if fill && !ui.data(|data| data.get_temp::<bool>(filled).unwrap_or(false)) {
            tree_drawing::fit_now(ui, zoom);
        }
        ui.data_mut(|data| data.insert_temp(filled, fill));
        tree_drawing::drawing_bar(ui, zoom, Orange::CallsUnderWay);
        let sketch = tree_sketch::board_search(&picture, seen);
        let export = tree_export::export_bar(ui, zoom, &sketch, "search");
        if let Some(sentence) = self.cutoff_sentence(seen) {
            ui.add(egui::Label::new(RichText::new(sentence).strong()).wrap());
        }
        let verb = if crate::app::drawing::texts::touch(ui.ctx()) {
            "Tap"
        } else {
            "Click"
        };
        ui.label(RichText::new(format!("{verb} an orange call to run until it returns.")).weak());
        let scroll = if fill {
            egui::ScrollArea::both().auto_shrink([false, false])
        } else {
            egui::ScrollArea::horizontal()
        };
        let clicked = scroll
            .id_salt("search drawing")
            .show(ui, |ui| {
                tree_drawing::draw(ui, &sketch, zoom, current, true)
            })
            .inner;
        // A call under way clicked: run until it returns.
        let finish = clicked
            .map(|index| &picture.spots[index])
            .filter(|spot| matches!(spot.standing, Standing::Waiting | Standing::Current))
            .filter(|spot| spot.level > 0)
            .map(|spot| Command::Step(StepCommand::FinishCall(spot.level)));
        export.map(Command::ExportPicture).or(finish)
    }

    /// The cut-off just made, in one sentence (as the drawing and `trace --format svg` say it),
    /// when the last step is one.
    pub(super) fn cutoff_sentence(&self, seen: &Seen) -> Option<String> {
        let state = self.playback.state();
        if state.last?.kind != EventKind::Cutoff {
            return None;
        }
        let picture = search_picture(state, seen);
        let current = picture
            .spots
            .iter()
            .position(|spot| spot.standing == Standing::Current)?;
        tree_sketch::board_cutoffs(&picture, seen)
            .into_iter()
            .find(|cut| cut.at == current)
            .map(|cut| cut.sentence)
    }

    pub(super) fn code_and_tree(
        &self,
        ui: &mut Ui,
        seen: &Seen,
        log: Option<&TraceLog>,
    ) -> Option<Command> {
        let win = self.start.board.geometry().win_score();
        let code = pseudocode(self.algorithm, seen.role(self.start.board.to_move()));
        let active = line_of(&code, self.active_step(seen));
        // What a screen reader says at each step: the line the search is at and the step's value;
        // a live region, so it is read as it changes.
        let now = ui.add(egui::Label::new(self.announcement(seen, &code, active)).wrap());
        ui.ctx().accesskit_node_builder(now.id, |node| {
            node.set_live(egui::accesskit::Live::Polite);
        });
        crate::app::drawing::code_panel::code_lines(ui, &code, active);
        ui.add(
            egui::Label::new(
                RichText::new(format!(
                    "W = {win} here (the number of cells + 1). Values are {}'s.",
                    seen.maximiser()
                ))
                .small(),
            )
            .wrap(),
        );
        if let Some(Ok(analysis)) = self.finished(log)
            && let Some(best) = analysis.best()
        {
            let mover = self.start.board.to_move();
            let text = format!(
                "Done: findBestMove plays {} (value {}); {}.",
                best.cell.human(),
                seen.number(best.score, mover, 0).value(),
                positions_visited(self.playback.state())
            );
            ui.add(
                egui::Label::new(
                    RichText::new(text)
                        .color(Color32::from_rgb(230, 180, 40))
                        .strong(),
                )
                .wrap(),
            );
        }
        if self.drawn {
            return self.search_drawing(ui, seen, false);
        }
        None
    }

    /// The step in one sentence for a screen reader: "Now at line 7: best = max(best, value).
    /// r3c2 returned -9." The line is the one highlighted in the code, the value as shown.
    fn announcement(&self, seen: &Seen, code: &[Line], active: Option<usize>) -> String {
        let line = match active {
            Some(number) => {
                // A line that opens a block ends in a colon; the sentence ends in a full stop.
                let text = code[number].text.trim().trim_end_matches(':');
                format!("Now at line {}: {text}.", number + 1)
            }
            None => "Now at the start.".to_string(),
        };
        let Some(last) = self.playback.state().last else {
            return line;
        };
        let board = &self.start.board;
        let value = seen.root_number(last.score()).value();
        let window = || {
            let (alpha, beta) = seen.window(last.window().0, last.window().1);
            format!(
                " α = {}, β = {}.",
                window_bound(alpha, board),
                window_bound(beta, board)
            )
        };
        let alpha_beta = self.algorithm.prunes();
        let what = match last.kind {
            EventKind::Enter if alpha_beta => {
                format!(" A call starts at depth {}.{}", last.depth, window())
            }
            EventKind::Enter => format!(" A call starts at depth {}.", last.depth),
            EventKind::Leaf => format!(" The board is finished: value {value}."),
            EventKind::Exit => format!(" The call returns {value}."),
            EventKind::Cutoff => match self.cutoff_sentence(seen) {
                Some(sentence) => format!(" {sentence}"),
                None => format!(" α ≥ β: the other moves are pruned.{}", window()),
            },
        };
        format!("{line}{what}")
    }

    /// The step of the search the last event showed, in the code as shown (see [`step_of`]).
    fn active_step(&self, seen: &Seen) -> CodeStep {
        let Some(last) = self.playback.state().last else {
            return CodeStep::Start;
        };
        let event = match last.kind {
            EventKind::Enter => Event::Enter,
            EventKind::Leaf => Event::Leaf {
                score: last.score(),
            },
            EventKind::Exit => Event::Return {
                to_root: self.playback.state().stack.is_empty(),
                caller_is_max: self
                    .playback
                    .state()
                    .stack
                    .last()
                    .is_some_and(|caller| caller.is_max),
            },
            EventKind::Cutoff => Event::Cutoff {
                is_max: self
                    .playback
                    .state()
                    .stack
                    .last()
                    .is_some_and(|frame| frame.is_max),
            },
        };
        step_of(event, seen)
    }
}

/// The root moves' values as far as the search knows them: under one shared window a move that
/// could not beat the best so far returned only a bound (at most that, for the side to move; at
/// least, where the side to move is shown minimising). `root_is_max` says how the root's side
/// is shown.
fn root_values(
    root_moves: &[(crate::engine::board::Cell, Score)],
    algorithm: TraceAlgorithm,
    root_is_max: bool,
) -> Vec<(crate::engine::board::Cell, &'static str, Score)> {
    let mut best: Option<Score> = None;
    root_moves
        .iter()
        .map(|&(cell, score)| {
            let bounded = algorithm == TraceAlgorithm::AlphaBetaShared
                && best.is_some_and(|best| score <= best);
            best = Some(best.map_or(score, |best| best.max(score)));
            let bound = match (bounded, root_is_max) {
                (false, _) => "",
                (true, true) => "≤ ",
                (true, false) => "≥ ",
            };
            (cell, bound, score)
        })
        .collect()
}

/// A label indented by `levels` steps.
fn indented(ui: &mut Ui, levels: i32, text: impl Into<egui::WidgetText>) {
    ui.horizontal(|ui| {
        ui.add_space(12.0 * levels as f32);
        ui.add(egui::Label::new(text).wrap());
    });
}

fn list_or_none(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    if items.is_empty() {
        "none yet".to_string()
    } else {
        items.join(", ")
    }
}
