//! Step through the search itself, the way a debugger steps through a program: the real plain
//! minimax or textbook alpha-beta, call by call, with the call stack, the position of the current
//! call, what each call has learned, what alpha-beta prunes and why, counters, and the pseudocode
//! with the line being executed.
//!
//! Events are read from a [`TraceRecorder`] a frame's worth at a time, so a long run never holds up
//! a frame; going back replays the events from the nearest checkpoint.

use egui::{Color32, RichText, Ui};

use super::board_widget::BoardWidget;
use crate::board::Board;
use crate::trace::{Child, EventKind, StepState, TraceAlgorithm, TraceRecorder, cutoff_reason};

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

/// A command from the stepper's controls or keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepCommand {
    Step,
    Back,
    StepOver,
    StepOut,
    PlayPause,
    RunToEnd,
    Restart,
    Algorithm(TraceAlgorithm),
    Speed(f32),
}

/// At most this many events are applied in one frame, so that a frame stays short.
const EVENTS_PER_FRAME: usize = 200_000;
/// A copy of the state is kept every this many events, so that going back is quick.
const CHECKPOINT_EVERY: usize = 1 << 15;

pub struct Stepper {
    recorder: TraceRecorder,
    /// Events applied to `state`.
    position: usize,
    state: StepState,
    checkpoints: Vec<(usize, StepState)>,
    running: Running,
    /// Events a second while playing.
    speed: f32,
    /// Events owed to the playing speed but not yet applied (fractions carry over).
    owed: f32,
}

impl Stepper {
    pub fn new(start: Board, algorithm: TraceAlgorithm) -> Stepper {
        Stepper {
            recorder: TraceRecorder::spawn(start, algorithm),
            position: 0,
            state: StepState::new(start),
            checkpoints: vec![(0, StepState::new(start))],
            running: Running::Paused,
            speed: 4.0,
            owed: 0.0,
        }
    }

    pub fn start(&self) -> Board {
        *self.recorder.start()
    }

    pub fn is_running(&self) -> bool {
        self.running != Running::Paused
    }

    /// Whether every event has been applied.
    pub fn at_end(&self) -> bool {
        self.recorder.is_complete() && self.position == self.recorder.events().len()
    }

    pub fn apply(&mut self, command: StepCommand) {
        match command {
            StepCommand::Step => {
                self.running = Running::Paused;
                self.forward(1, |_| false);
            }
            StepCommand::Back => {
                self.running = Running::Paused;
                self.seek(self.position.saturating_sub(1));
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
                self.seek(0);
            }
            StepCommand::Algorithm(algorithm) => *self = Stepper::new(self.start(), algorithm),
            StepCommand::Speed(speed) => self.speed = speed,
        }
    }

    /// Does this frame's share of a run; `dt` is the frame's duration in seconds. Returns whether
    /// another frame is wanted.
    pub fn tick(&mut self, dt: f32) -> bool {
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
        let reached = self.forward(wanted, |state| match running {
            Running::Over(depth) => state.stack.len() <= depth,
            Running::Out(depth) => state.stack.len() < depth || depth == 0,
            Running::Paused | Running::Playing | Running::ToEnd => false,
        });
        if self.at_end() || (reached && running != Running::Playing) {
            self.running = Running::Paused;
        }
        self.is_running()
    }

    /// Applies up to `count` events, stopping after the first one whose state satisfies `stop`.
    /// Returns whether `stop` was satisfied.
    fn forward(&mut self, count: usize, stop: impl Fn(&StepState) -> bool) -> bool {
        let available = self.recorder.events().len() - self.position;
        if available < count {
            self.recorder.read(count - available, false);
        }
        for _ in 0..count {
            let Some(event) = self.recorder.events().get(self.position).copied() else {
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
    fn seek(&mut self, position: usize) {
        let (at, state) = self
            .checkpoints
            .iter()
            .rev()
            .find(|(at, _)| *at <= position)
            .cloned()
            .expect("the start is a checkpoint");
        self.state = state;
        for event in &self.recorder.events()[at..position] {
            self.state.apply(event);
        }
        self.position = position;
    }

    /// Draws the view.
    pub fn show(&self, ui: &mut Ui) -> (Vec<StepCommand>, bool) {
        let mut commands = Vec::new();
        let mut close = false;
        let algorithm = self.recorder.algorithm();
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Step through the search").strong());
            let mut chosen = algorithm;
            ui.radio_value(&mut chosen, TraceAlgorithm::Plain, "plain minimax");
            ui.radio_value(&mut chosen, TraceAlgorithm::AlphaBeta, "alpha-beta");
            if chosen != algorithm {
                commands.push(StepCommand::Algorithm(chosen));
            }
            if ui.button("Close (Esc)").clicked() {
                close = true;
            }
        });
        ui.horizontal_wrapped(|ui| {
            let mut button = |ui: &mut Ui, text: &str, command| {
                if ui.button(text).clicked() {
                    commands.push(command);
                }
            };
            button(ui, "Back (Left)", StepCommand::Back);
            button(ui, "Step (Right)", StepCommand::Step);
            button(ui, "Step over (Down)", StepCommand::StepOver);
            button(ui, "Step out (Up)", StepCommand::StepOut);
            let play = if self.running == Running::Playing {
                "Pause (Space)"
            } else {
                "Run (Space)"
            };
            button(ui, play, StepCommand::PlayPause);
            button(ui, "Run to end (End)", StepCommand::RunToEnd);
            button(ui, "Restart (Home)", StepCommand::Restart);
            let mut speed = self.speed;
            let slider = egui::Slider::new(&mut speed, 1.0..=2000.0)
                .logarithmic(true)
                .text("steps a second");
            if ui.add(slider).changed() {
                commands.push(StepCommand::Speed(speed));
            }
        });
        let state = &self.state;
        let total = if self.recorder.is_complete() {
            format!(" of {}", self.recorder.events().len())
        } else {
            String::new()
        };
        ui.label(format!(
            "Step {}{total} · calls {} · finished boards evaluated {} · cutoffs {}",
            self.position, state.calls, state.leaves, state.cutoffs
        ));
        ui.separator();
        let wide = ui.available_width() > 720.0;
        if wide {
            ui.columns(2, |columns| {
                egui::ScrollArea::vertical()
                    .id_salt("stack")
                    .show(&mut columns[0], |ui| self.position_and_stack(ui));
                egui::ScrollArea::vertical()
                    .id_salt("code")
                    .show(&mut columns[1], |ui| self.code_and_tree(ui));
            });
        } else {
            egui::ScrollArea::vertical().show(ui, |ui| {
                self.position_and_stack(ui);
                self.code_and_tree(ui);
            });
        }
        (commands, close)
    }

    fn role(&self, is_max: bool) -> String {
        let maximiser = self.state.maximiser();
        if is_max {
            format!("{maximiser} maximises")
        } else {
            format!("{} minimises", maximiser.opponent())
        }
    }

    fn position_and_stack(&self, ui: &mut Ui) {
        let state = &self.state;
        let board = state.board();
        let side = (ui.available_width() * 0.6).clamp(120.0, 260.0);
        let caption = match state.stack.last() {
            None => format!(
                "findBestMove: {} to move at the start (the maximiser)",
                state.start.to_move()
            ),
            Some(frame) => format!(
                "The current call: depth {}, {} to move: {}",
                frame.depth,
                board.to_move(),
                self.role(frame.is_max)
            ),
        };
        ui.label(RichText::new(caption).strong());
        ui.add(
            BoardWidget::new(&board, "search board")
                .side(side)
                .preview(true),
        );
        ui.label(RichText::new("Call stack").strong());
        ui.label(format!(
            "findBestMove: moves scored so far: {}",
            list_or_none(state.root_moves.iter().map(|(cell, score)| format!(
                "r{}c{} = {}",
                cell.row + 1,
                cell.col + 1,
                score.value()
            )))
        ));
        for frame in &state.stack {
            let window = frame.window.map_or(String::new(), |(alpha, beta)| {
                format!(
                    ", α = {}, β = {}",
                    shown(alpha, &state.start),
                    shown(beta, &state.start)
                )
            });
            let best = frame
                .best
                .map_or("none yet".to_string(), |best| best.value().to_string());
            indented(
                ui,
                frame.depth + 1,
                format!(
                    "depth {}: {} r{}c{} · {}{window} · best so far {best}",
                    frame.depth,
                    frame.board.to_move().opponent(),
                    frame.cell.row + 1,
                    frame.cell.col + 1,
                    self.role(frame.is_max),
                ),
            );
        }
        ui.label(RichText::new("The tree around the current call").strong());
        let maximiser = state.maximiser();
        for frame in &state.stack {
            let depth = frame.depth;
            indented(
                ui,
                depth,
                format!(
                    "{} r{}c{} (depth {}):",
                    frame.board.to_move().opponent(),
                    frame.cell.row + 1,
                    frame.cell.col + 1,
                    frame.depth
                ),
            );
            for child in &frame.children {
                match child {
                    Child::Returned { cell, score } => {
                        indented(
                            ui,
                            depth + 2,
                            format!(
                                "r{}c{} returned {}",
                                cell.row + 1,
                                cell.col + 1,
                                score.value()
                            ),
                        );
                    }
                    Child::Pruned { cells, alpha, beta } => {
                        let cells: Vec<String> = cells
                            .iter()
                            .map(|c| format!("r{}c{}", c.row + 1, c.col + 1))
                            .collect();
                        let reason = cutoff_reason(*alpha, *beta, frame.is_max, maximiser);
                        let text = RichText::new(format!("pruned {}: {reason}", cells.join(", ")))
                            .color(ui.visuals().weak_text_color());
                        indented(ui, depth + 2, text);
                    }
                }
            }
        }
    }

    fn code_and_tree(&self, ui: &mut Ui) {
        let active = self.active_line();
        let win = self.state.start.geometry().win_score();
        let code = pseudocode(self.recorder.algorithm());
        egui::Frame::group(ui.style()).show(ui, |ui| {
            // The code shrinks to fit its column (down to a size that still reads) rather than
            // hiding the ends of its lines; below that it scrolls.
            let widest = code
                .iter()
                .map(|line| line.chars().count())
                .max()
                .unwrap_or(1);
            let font = egui::TextStyle::Monospace.resolve(ui.style());
            let char_width = ui.fonts_mut(|fonts| fonts.glyph_width(&font, 'm'));
            let fitting = font.size * ui.available_width() / (widest as f32 * char_width);
            let size = fitting.clamp(9.0, font.size);
            egui::ScrollArea::horizontal().show(ui, |ui| {
                for (number, line) in code.iter().enumerate() {
                    let mut text = RichText::new(*line).monospace().size(size);
                    if Some(number) == active {
                        text = text
                            .background_color(ui.visuals().selection.bg_fill)
                            .color(ui.visuals().strong_text_color());
                    }
                    ui.add(egui::Label::new(text).extend());
                }
            });
        });
        ui.label(
            RichText::new(format!(
                "W = {win} here (the number of cells + 1). Scores are the maximiser's."
            ))
            .small(),
        );
        if self.at_end()
            && let Some(Ok(analysis)) = self.recorder.result()
            && let Some(best) = analysis.best()
        {
            ui.label(
                RichText::new(format!(
                    "Done: findBestMove plays row {}, column {} (score {}); {} positions visited.",
                    best.cell.row + 1,
                    best.cell.col + 1,
                    best.score.value(),
                    analysis.stats.nodes
                ))
                .color(Color32::from_rgb(230, 180, 40))
                .strong(),
            );
        }
    }

    /// The pseudocode line the last event executed.
    fn active_line(&self) -> Option<usize> {
        let alpha_beta = self.recorder.algorithm() == TraceAlgorithm::AlphaBeta;
        let (loop_line, eval) = if alpha_beta { (1, 20) } else { (1, 14) };
        let Some(last) = self.state.last else {
            return Some(0);
        };
        Some(match last.kind {
            EventKind::Enter => 5,
            EventKind::Leaf => {
                let score = last.score();
                eval + if score.is_win() {
                    1
                } else if score.is_loss() {
                    2
                } else {
                    3
                }
            }
            EventKind::Exit if self.state.stack.is_empty() => loop_line,
            EventKind::Exit => {
                let parent = self.state.stack.last().expect("not empty");
                match (alpha_beta, parent.is_max) {
                    (false, true) => 8,
                    (false, false) => 11,
                    (true, true) => 10,
                    (true, false) => 16,
                }
            }
            EventKind::Cutoff => {
                let frame_is_max = self.state.stack.last().is_some_and(|f| f.is_max);
                if frame_is_max { 11 } else { 17 }
            }
        })
    }
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

/// A window bound, with infinity written as such.
fn shown(score: crate::Score, start: &Board) -> String {
    if score.is_infinite(start.geometry()) {
        if score.is_win() { "+inf" } else { "-inf" }.to_string()
    } else {
        score.value().to_string()
    }
}

/// The algorithm in the seeds' shape and words, written for this product.
fn pseudocode(algorithm: TraceAlgorithm) -> Vec<&'static str> {
    match algorithm {
        TraceAlgorithm::Plain => vec![
            "function findBestMove(board):",
            "    for each empty cell: value = minimax(board + move, 0, false)",
            "    return the first move with the highest value",
            "",
            "function minimax(board, depth, isMax):",
            "    if the game is over: return evaluate(board, depth)",
            "    if isMax:",
            "        best = -infinity",
            "        for each empty cell: best = max(best, minimax(board + move, depth + 1, false))",
            "    else:",
            "        best = +infinity",
            "        for each empty cell: best = min(best, minimax(board + move, depth + 1, true))",
            "    return best",
            "",
            "function evaluate(board, depth):      # the game is over",
            "    if the maximiser has a line: return W - depth",
            "    if the minimiser has a line: return depth - W",
            "    return 0                           # a draw",
        ],
        TraceAlgorithm::AlphaBeta => vec![
            "function findBestMove(board):",
            "    for each empty cell: value = alphabeta(board + move, 0, false, -inf, +inf)",
            "    return the first move with the highest value",
            "",
            "function alphabeta(board, depth, isMax, alpha, beta):",
            "    if the game is over: return evaluate(board, depth)",
            "    if isMax:",
            "        best = -infinity",
            "        for each empty cell:",
            "            best = max(best, alphabeta(board + move, depth + 1, false, alpha, beta))",
            "            alpha = max(alpha, best)",
            "            if alpha >= beta: break    # the minimiser has better: prune the rest",
            "    else:",
            "        best = +infinity",
            "        for each empty cell:",
            "            best = min(best, alphabeta(board + move, depth + 1, true, alpha, beta))",
            "            beta = min(beta, best)",
            "            if alpha >= beta: break    # the maximiser has better: prune the rest",
            "    return best",
            "",
            "function evaluate(board, depth):      # the game is over",
            "    if the maximiser has a line: return W - depth",
            "    if the minimiser has a line: return depth - W",
            "    return 0                           # a draw",
        ],
    }
}
