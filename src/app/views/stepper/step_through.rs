//! The step-through's state (which search, from where, its playback, how it is drawn), the
//! commands it takes, and its panel: the controls, the counters and the parts `view.rs` draws.

use egui::{Color32, RichText, Ui};

use super::playback::Playback;
use crate::app::commands::{Command, StepCommand};
use crate::app::controls::Mirrored;
use crate::app::drawing::texts::{self, thousands};
use crate::app::on_show::OnShow;
use crate::app::view::{Given, Needs, View};
use crate::engine::board::Board;
use crate::engine::minimax::Stop;
use crate::game::GameController;
use crate::game::TraceLog;
use crate::learn::trace::{StepState, TraceAlgorithm, TraceEvent};
use crate::learn::view::{ScoreView, Seen};

pub struct Stepper {
    /// The position the search starts on, and where it came from.
    pub(super) start: OnShow,
    pub(super) algorithm: TraceAlgorithm,
    /// The recorded search, played back.
    pub(super) playback: Playback,
    /// Whether the tree around the current call is drawn as a picture (else listed).
    pub(super) drawn: bool,
    /// Whether the drawing has the window to itself, below the controls.
    pub(super) drawing_only: bool,
}

/// The events recorded so far of the search the stepper shows (none if the log is another's).
fn events<'a>(
    log: Option<&'a TraceLog>,
    start: &Board,
    algorithm: TraceAlgorithm,
) -> &'a [TraceEvent] {
    log.filter(|log| log.board == *start && log.algorithm == algorithm)
        .map_or(&[], |log| &log.events)
}

impl Stepper {
    pub fn new(start: OnShow, algorithm: TraceAlgorithm) -> Stepper {
        let playback = Playback::new(StepState::new(start.board));
        Stepper {
            start,
            algorithm,
            playback,
            drawn: false,
            drawing_only: false,
        }
    }

    /// The trace the stepper needs the controller to record.
    pub fn trace_wanted(&self) -> (Board, TraceAlgorithm) {
        (self.start.board, self.algorithm)
    }

    /// The search's result, once every event is in and applied.
    pub(super) fn finished<'a>(
        &self,
        log: Option<&'a TraceLog>,
    ) -> Option<&'a Result<crate::engine::minimax::Analysis, Stop>> {
        let log =
            log.filter(|log| log.board == self.start.board && log.algorithm == self.algorithm)?;
        let result = log.result.as_ref()?;
        (self.playback.position() == log.events.len()).then_some(result)
    }

    pub fn apply(&mut self, command: StepCommand, log: Option<&TraceLog>) {
        match command {
            StepCommand::Algorithm(algorithm) => {
                *self = Stepper {
                    drawn: self.drawn,
                    drawing_only: self.drawing_only,
                    ..Stepper::new(self.start.clone(), algorithm)
                };
            }
            StepCommand::ToggleDrawing => self.drawn = !self.drawn,
            StepCommand::ToggleDrawingOnly => self.drawing_only = !self.drawing_only,
            playing => {
                let events = events(log, &self.start.board, self.algorithm);
                self.playback.apply(playing, events);
            }
        }
    }

    /// Does this frame's share of a run; `dt` is the frame's duration in seconds. Returns whether
    /// another frame is wanted.
    pub fn tick(&mut self, dt: f32, log: Option<&TraceLog>) -> bool {
        let events = events(log, &self.start.board, self.algorithm);
        let complete = self.finished_recording(log);
        self.playback.tick(dt, events, complete)
    }

    /// Draws the view.
    pub fn show(&self, ui: &mut Ui, log: Option<&TraceLog>, view: ScoreView) -> Vec<Command> {
        let mut commands = Vec::new();
        let seen = Seen::new(view, &self.start.board);
        if self.drawn && self.drawing_only && texts::presenter(ui.ctx()) {
            texts::compact_controls(ui);
        }
        self.controls(ui, &mut commands);
        let state = self.playback.state();
        let recorded = events(log, &self.start.board, self.algorithm).len();
        let total = match self.finished_recording(log) {
            true => format!(" of {}", thousands(recorded as u64)),
            false => String::new(),
        };
        ui.add(
            egui::Label::new(format!(
                "Step {}{total} · {} · finished boards evaluated {} · cutoffs {}",
                thousands(self.playback.position() as u64),
                positions_visited(state),
                thousands(state.leaves),
                thousands(state.cutoffs)
            ))
            .wrap(),
        );
        // With the drawing alone, its room is the point: the counters stay, the sentences go.
        let only_the_drawing = self.drawn && self.drawing_only;
        let maximiser = seen.maximiser();
        if !only_the_drawing {
            ui.add(
                egui::Label::new(format!(
                    "{maximiser} maximises: every value is {maximiser}'s, with depth counted \
                     from {}.",
                    self.start.name()
                ))
                .wrap(),
            );
            if let Some(rule) = root_rule(self.algorithm) {
                ui.add(egui::Label::new(rule).wrap());
            }
        }
        if let Some(Err(Stop::NodeBudget { limit })) = log.and_then(|log| log.result.as_ref()) {
            let text = format!(
                "{} needs more than {} positions here: the step-through stopped recording \
                 there, since it keeps every step in memory.{}",
                self.algorithm_name(),
                thousands(*limit),
                if self.algorithm == TraceAlgorithm::Plain {
                    " Alpha-beta needs far fewer."
                } else {
                    ""
                }
            );
            ui.add(
                egui::Label::new(RichText::new(text).color(Color32::from_rgb(230, 140, 40))).wrap(),
            );
        }
        ui.separator();
        let wide = ui.available_width() > 720.0;
        if self.drawn && self.drawing_only {
            commands.extend(self.search_drawing(ui, &seen, true));
        } else if wide {
            ui.columns(2, |columns| {
                egui::ScrollArea::both()
                    .id_salt("stack")
                    .auto_shrink([false, false])
                    .show(&mut columns[0], |ui| self.position_and_stack(ui, &seen));
                egui::ScrollArea::both()
                    .id_salt("code")
                    .auto_shrink([false, false])
                    .show(&mut columns[1], |ui| {
                        commands.extend(self.code_and_tree(ui, &seen, log));
                    });
            });
        } else {
            egui::ScrollArea::vertical().show(ui, |ui| {
                self.position_and_stack(ui, &seen);
                commands.extend(self.code_and_tree(ui, &seen, log));
            });
        }
        commands
    }

    /// The algorithm's choice, the buttons and the speed.
    fn controls(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        let mut step = |command| commands.push(Command::Step(command));
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Step through the search").strong());
            let mut chosen = self.algorithm;
            ui.radio_value(&mut chosen, TraceAlgorithm::Plain, "plain minimax");
            ui.radio_value(
                &mut chosen,
                TraceAlgorithm::AlphaBetaClassic,
                "alpha-beta, score each move",
            )
            .on_hover_text(ROOT_FRESH);
            ui.radio_value(
                &mut chosen,
                TraceAlgorithm::AlphaBetaShared,
                "alpha-beta, search the position",
            )
            .on_hover_text(ROOT_SHARED);
            if chosen != self.algorithm {
                step(StepCommand::Algorithm(chosen));
            }
            let mut drawn = self.drawn;
            if ui
                .checkbox(&mut drawn, "Draw the search")
                .mirrored("Draw the search")
                .changed()
            {
                step(StepCommand::ToggleDrawing);
            }
            let mut only = self.drawing_only;
            if self.drawn && ui.checkbox(&mut only, "Only the drawing").changed() {
                step(StepCommand::ToggleDrawingOnly);
            }
        });
        let mut close = false;
        ui.horizontal_wrapped(|ui| {
            let play = if self.playback.is_playing() {
                "Pause"
            } else {
                "Run"
            };
            for (text, key, command) in [
                ("Back", "Left", StepCommand::Back),
                ("Step", "Right", StepCommand::Step),
                ("Step over", "Down", StepCommand::StepOver),
                ("Step out", "Up", StepCommand::StepOut),
                (play, "Space", StepCommand::PlayPause),
                ("Run to end", "End", StepCommand::RunToEnd),
                ("Restart", "Home", StepCommand::Restart),
            ] {
                if ui
                    .button(texts::with_key(ui, text, key))
                    .mirrored(text)
                    .clicked()
                {
                    step(command);
                }
            }
            if ui
                .button(texts::with_key(ui, "Close", "Esc"))
                .mirrored("Close")
                .clicked()
            {
                close = true;
            }
        });
        ui.horizontal_wrapped(|ui| {
            if self.drawn && self.drawing_only {
                return;
            }
            let mut speed = self.playback.speed();
            let slider = egui::Slider::new(&mut speed, 1.0..=2000.0)
                .logarithmic(true)
                .text("steps a second");
            if ui.add(slider).changed() {
                step(StepCommand::Speed(speed));
            }
        });
        if close {
            commands.push(Command::ToggleStepper);
        }
    }

    fn algorithm_name(&self) -> &'static str {
        match self.algorithm {
            TraceAlgorithm::Plain => "Plain minimax",
            TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared => "Alpha-beta",
        }
    }

    /// Whether the search's every event is in.
    fn finished_recording(&self, log: Option<&TraceLog>) -> bool {
        log.is_some_and(|log| {
            log.board == self.start.board && log.algorithm == self.algorithm && log.result.is_some()
        })
    }
}

/// The two ways alpha-beta can treat the moves of the position it starts on, in a sentence each:
/// why the same alpha-beta visits 25 positions on `XOX/.O./X..` one way and 15 the other.
pub const ROOT_FRESH: &str = "Score each move: each move of this position is searched with a \
    fresh window (α = −∞, β = +∞), as the articles' findBestMove does, so every move's value is \
    exact, and each search prunes only inside its own move.";
pub const ROOT_SHARED: &str = "Search the position: one alphabeta(root) call, as the textbooks \
    write it: the best value found so far becomes α for the next move, so a move that cannot \
    beat it is cut short (its value is only a bound, \"at most\"), and fewer positions are \
    visited.";

/// Which root rule alpha-beta follows, for the line under the counters; `None` for plain minimax.
pub(super) fn root_rule(algorithm: TraceAlgorithm) -> Option<String> {
    let (this, other) = match algorithm {
        TraceAlgorithm::Plain => return None,
        TraceAlgorithm::AlphaBetaClassic => (ROOT_FRESH, "search the position"),
        TraceAlgorithm::AlphaBetaShared => (ROOT_SHARED, "score each move"),
    };
    Some(format!(
        "{this} Choose \"{other}\" above to compare the number of positions visited."
    ))
}

/// "positions visited 44 (the start and 43 calls)": the count the search reports, and the calls
/// the step-through shows.
pub(super) fn positions_visited(state: &StepState) -> String {
    format!(
        "positions visited {} (the start and {} calls)",
        thousands(state.calls + 1),
        thousands(state.calls)
    )
}

impl View for Stepper {
    fn name(&self) -> &'static str {
        "Step through the search"
    }

    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command> {
        self.show(ui, given.controller.trace(), given.score_view)
    }

    /// The search from where it started, recorded call by call.
    fn needs(&self, _controller: &GameController) -> Needs {
        Needs {
            trace: Some(self.trace_wanted()),
            ..Needs::default()
        }
    }

    fn shows_notices(&self) -> bool {
        true
    }
}
