//! Step through the search itself, the way a debugger steps through a program: the real plain
//! minimax or textbook alpha-beta, call by call, with the call stack, the position of the current
//! call, what each call has learned, what alpha-beta prunes and why, counters, and the pseudocode
//! with the line being executed.
//!
//! The controller's worker records the search's events ([`TraceLog`]); the stepper applies them a
//! frame's worth at a time, so a long run never holds up a frame, and going back replays the
//! events from the nearest checkpoint. Every number is shown as [`Seen`] says, with depth counted
//! from the position the step-through started on.

use egui::{Color32, RichText, Ui};

use super::board_widget::BoardWidget;
use super::commands::{Command, StepCommand};
use super::controls::Mirrored;
use super::on_show::OnShow;
use super::texts::{self, thousands, window_bound};
use super::tree_drawing;
use super::tree_export;
use crate::engine::board::Board;
use crate::engine::minimax::Stop;
use crate::engine::score::Score;
use crate::game::TraceLog;
use crate::learn::pseudocode::{Event, Line, Step, line_of, pseudocode, step_of};
use crate::learn::search_picture::{Standing, search_picture};
use crate::learn::trace::{Child, EventKind, StepState, TraceAlgorithm, TraceEvent, cutoff_reason};
use crate::learn::view::{ScoreView, Seen};

mod view;

use view::positions_visited;

/// What the stepper is doing between frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Running {
    Paused,
    /// Playing events at `speed` a second.
    Playing,
    /// Until the call stack is at most this deep (step over: the next call is run whole).
    Over(usize),
    /// Until the call stack is shallower than this (step out: the current call returns).
    Out(usize),
    /// To the last event.
    ToEnd,
}

/// At most this many events are applied in one frame, so that a frame stays short.
const EVENTS_PER_FRAME: usize = 200_000;
/// A copy of the state is kept every this many events, so that going back is quick.
const CHECKPOINT_EVERY: usize = 1 << 15;

pub struct Stepper {
    /// The position the search starts on, and where it came from.
    start: OnShow,
    algorithm: TraceAlgorithm,
    /// Events applied to `state`.
    position: usize,
    state: StepState,
    checkpoints: Vec<(usize, StepState)>,
    running: Running,
    /// Events a second while playing.
    speed: f32,
    /// Events owed to the playing speed but not yet applied (fractions carry over).
    owed: f32,
    /// Whether the tree around the current call is drawn as a picture (else listed).
    drawn: bool,
    /// Whether the drawing has the window to itself, below the controls.
    drawing_only: bool,
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
        let board = start.board;
        Stepper {
            start,
            algorithm,
            position: 0,
            state: StepState::new(board),
            checkpoints: vec![(0, StepState::new(board))],
            running: Running::Paused,
            speed: 4.0,
            owed: 0.0,
            drawn: false,
            drawing_only: false,
        }
    }

    /// The trace the stepper needs the controller to record.
    pub fn trace_wanted(&self) -> (Board, TraceAlgorithm) {
        (self.start.board, self.algorithm)
    }

    fn is_running(&self) -> bool {
        self.running != Running::Paused
    }

    /// The search's result, once every event is in and applied.
    fn finished<'a>(
        &self,
        log: Option<&'a TraceLog>,
    ) -> Option<&'a Result<crate::engine::minimax::Analysis, Stop>> {
        let log =
            log.filter(|log| log.board == self.start.board && log.algorithm == self.algorithm)?;
        let result = log.result.as_ref()?;
        (self.position == log.events.len()).then_some(result)
    }

    pub fn apply(&mut self, command: StepCommand, log: Option<&TraceLog>) {
        let events = events(log, &self.start.board, self.algorithm);
        match command {
            StepCommand::Step => {
                self.running = Running::Paused;
                self.forward(events, 1, |_| false);
            }
            StepCommand::Back => {
                self.running = Running::Paused;
                self.seek(events, self.position.saturating_sub(1));
            }
            StepCommand::StepOver => self.running = Running::Over(self.state.stack.len()),
            StepCommand::StepOut => {
                self.running = Running::Out(self.state.stack.len());
            }
            StepCommand::PlayPause => {
                self.running = if self.running == Running::Paused {
                    Running::Playing
                } else {
                    Running::Paused
                };
                self.owed = 0.0;
            }
            StepCommand::RunToEnd => self.running = Running::ToEnd,
            StepCommand::Restart => {
                self.running = Running::Paused;
                self.seek(events, 0);
            }
            StepCommand::Algorithm(algorithm) => {
                *self = Stepper {
                    drawn: self.drawn,
                    drawing_only: self.drawing_only,
                    ..Stepper::new(self.start.clone(), algorithm)
                };
            }
            StepCommand::Speed(speed) => self.speed = speed,
            StepCommand::ToggleDrawing => self.drawn = !self.drawn,
            StepCommand::ToggleDrawingOnly => self.drawing_only = !self.drawing_only,
        }
    }

    /// Does this frame's share of a run; `dt` is the frame's duration in seconds. Returns whether
    /// another frame is wanted.
    pub fn tick(&mut self, dt: f32, log: Option<&TraceLog>) -> bool {
        let events = events(log, &self.start.board, self.algorithm);
        let running = self.running;
        let wanted = match running {
            Running::Paused => return false,
            Running::Playing => {
                self.owed += self.speed * dt.min(0.25);
                let whole = self.owed.floor();
                self.owed -= whole;
                whole as usize
            }
            Running::Over(_) | Running::Out(_) | Running::ToEnd => EVENTS_PER_FRAME,
        };
        // Step over: at least one event, then until the stack is back at its depth; step out:
        // until the current call has returned.
        let reached = self.forward(events, wanted, |state| match running {
            Running::Over(depth) => state.stack.len() <= depth,
            Running::Out(depth) => state.stack.len() < depth || depth == 0,
            Running::Paused | Running::Playing | Running::ToEnd => false,
        });
        if self.finished(log).is_some() || (reached && running != Running::Playing) {
            self.running = Running::Paused;
        }
        self.is_running()
    }

    /// Applies up to `count` events, stopping after the first one whose state satisfies `stop`.
    /// Returns whether `stop` was satisfied.
    fn forward(
        &mut self,
        events: &[TraceEvent],
        count: usize,
        stop: impl Fn(&StepState) -> bool,
    ) -> bool {
        for _ in 0..count {
            let Some(event) = events.get(self.position).copied() else {
                return false;
            };
            self.state.apply(&event);
            self.position += 1;
            if self.position.is_multiple_of(CHECKPOINT_EVERY)
                && self
                    .checkpoints
                    .last()
                    .is_some_and(|(at, _)| *at < self.position)
            {
                self.checkpoints.push((self.position, self.state.clone()));
            }
            if stop(&self.state) {
                return true;
            }
        }
        false
    }

    /// Goes to the state after `position` events, replaying from the nearest checkpoint.
    fn seek(&mut self, events: &[TraceEvent], position: usize) {
        let position = position.min(events.len());
        let (at, state) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(at, _)| *at <= position)
            .cloned()
            .expect("the start is a checkpoint");
        self.state = state;
        for event in &events[at..position] {
            self.state.apply(event);
        }
        self.position = position;
    }

    /// Draws the view.
    pub fn show(&self, ui: &mut Ui, log: Option<&TraceLog>, view: ScoreView) -> Vec<Command> {
        let mut commands = Vec::new();
        let seen = Seen::new(view, &self.start.board);
        self.controls(ui, &mut commands);
        let state = &self.state;
        let recorded = events(log, &self.start.board, self.algorithm).len();
        let total = match self.finished_recording(log) {
            true => format!(" of {}", thousands(recorded as u64)),
            false => String::new(),
        };
        ui.add(
            egui::Label::new(format!(
                "Step {}{total} · {} · finished boards evaluated {} · cutoffs {}",
                thousands(self.position as u64),
                positions_visited(state),
                thousands(state.leaves),
                thousands(state.cutoffs)
            ))
            .wrap(),
        );
        let maximiser = seen.maximiser();
        ui.add(
            egui::Label::new(format!(
                "{maximiser} maximises: every value is {maximiser}'s, with depth counted from {}.",
                self.start.name()
            ))
            .wrap(),
        );
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
            ui.radio_value(&mut chosen, TraceAlgorithm::AlphaBetaClassic, "alpha-beta");
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
            let play = if self.running == Running::Playing {
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
            let mut speed = self.speed;
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
            TraceAlgorithm::AlphaBetaClassic => "Alpha-beta",
        }
    }

    /// Whether the search's every event is in.
    fn finished_recording(&self, log: Option<&TraceLog>) -> bool {
        log.is_some_and(|log| {
            log.board == self.start.board && log.algorithm == self.algorithm && log.result.is_some()
        })
    }
}
