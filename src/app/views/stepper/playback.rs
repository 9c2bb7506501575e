//! Playing a recorded search back: which of its events are applied, and how the next ones come
//! (a step, a step over or out of a call, a run at some speed, a run to the end). Going back
//! replays the events from the nearest checkpoint, and no frame applies more than its share, so
//! a long run never holds one up.

use crate::app::commands::StepCommand;
use crate::learn::trace::{EventKind, StepState, TraceEvent};

/// What the playback is doing between frames.
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
    /// Until a cut-off has been applied.
    ToCutoff,
}

/// At most this many events are applied in one frame, so that a frame stays short.
const EVENTS_PER_FRAME: usize = 200_000;
/// A copy of the state is kept every this many events, so that going back is quick.
const CHECKPOINT_EVERY: usize = 1 << 15;

/// A recorded search played back event by event, from the state before its first event.
#[derive(Debug, Clone)]
pub struct Playback {
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

impl Playback {
    /// Paused before the first event, the search's state `start`.
    pub fn new(start: StepState) -> Playback {
        Playback {
            position: 0,
            checkpoints: vec![(0, start.clone())],
            state: start,
            running: Running::Paused,
            speed: 4.0,
            owed: 0.0,
        }
    }

    /// How many events are applied.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The search's state after the events applied.
    pub fn state(&self) -> &StepState {
        &self.state
    }

    /// Events a second while playing.
    pub fn speed(&self) -> f32 {
        self.speed
    }

    /// Whether it plays at its speed (rather than being paused or running to a point).
    pub fn is_playing(&self) -> bool {
        self.running == Running::Playing
    }

    fn is_running(&self) -> bool {
        self.running != Running::Paused
    }

    /// Carries out one of the step-through's playback commands on the recorded `events`; the
    /// others (the algorithm, the drawing) are not the playback's and change nothing here.
    pub fn apply(&mut self, command: StepCommand, events: &[TraceEvent]) {
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
            StepCommand::NextCutoff => self.running = Running::ToCutoff,
            StepCommand::FinishCall(depth) => {
                // A call on the stack: until it returns (the stack shallower than it).
                if (1..=self.state.stack.len()).contains(&depth) {
                    self.running = Running::Out(depth);
                }
            }
            StepCommand::Restart => {
                self.running = Running::Paused;
                self.seek(events, 0);
            }
            StepCommand::Speed(speed) => self.speed = speed,
            StepCommand::Algorithm(_)
            | StepCommand::ToggleDrawing
            | StepCommand::ToggleDrawingOnly => {}
        }
    }

    /// Does this frame's share of a run; `dt` is the frame's duration in seconds, `complete`
    /// whether `events` is the whole search (a run stops at its end). Returns whether another
    /// frame is wanted.
    pub fn tick(&mut self, dt: f32, events: &[TraceEvent], complete: bool) -> bool {
        let running = self.running;
        let wanted = match running {
            Running::Paused => return false,
            Running::Playing => {
                self.owed += self.speed * dt.min(0.25);
                let whole = self.owed.floor();
                self.owed -= whole;
                whole as usize
            }
            Running::Over(_) | Running::Out(_) | Running::ToEnd | Running::ToCutoff => {
                EVENTS_PER_FRAME
            }
        };
        // Step over: at least one event, then until the stack is back at its depth; step out:
        // until the current call has returned.
        let reached = self.forward(events, wanted, |state| match running {
            Running::Over(depth) => state.stack.len() <= depth,
            Running::Out(depth) => state.stack.len() < depth || depth == 0,
            Running::ToCutoff => state
                .last
                .is_some_and(|step| step.kind == EventKind::Cutoff),
            Running::Paused | Running::Playing | Running::ToEnd => false,
        });
        let finished = complete && self.position == events.len();
        if finished || (reached && running != Running::Playing) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::minimax::SearchControl;
    use crate::learn::trace::{TraceAlgorithm, trace, whole_board_trace};

    /// Every event of plain minimax from the position `notation`, and the state before the
    /// first.
    fn recorded(notation: &str) -> (StepState, Vec<TraceEvent>) {
        let board: Board = notation.parse().unwrap();
        let mut events = Vec::new();
        trace(&board, TraceAlgorithm::Plain, &SearchControl::new(), |e| {
            events.push(e)
        })
        .unwrap();
        (StepState::new(board), events)
    }

    /// The state after the first `count` events, applied one by one.
    fn after(start: &StepState, events: &[TraceEvent], count: usize) -> String {
        let mut state = start.clone();
        for event in &events[..count] {
            state.apply(event);
        }
        format!("{state:?}")
    }

    #[test]
    fn back_and_restart_give_the_states_the_events_lead_to() {
        let (start, events) = recorded("XO./.X./O..");
        assert!(events.len() > 10);
        let mut playback = Playback::new(start.clone());
        for _ in 0..7 {
            playback.apply(StepCommand::Step, &events);
        }
        assert_eq!(playback.position(), 7);
        assert_eq!(format!("{:?}", playback.state()), after(&start, &events, 7));
        playback.apply(StepCommand::Back, &events);
        assert_eq!(playback.position(), 6);
        assert_eq!(format!("{:?}", playback.state()), after(&start, &events, 6));
        playback.apply(StepCommand::Restart, &events);
        assert_eq!(playback.position(), 0);
        assert_eq!(format!("{:?}", playback.state()), format!("{start:?}"));
    }

    #[test]
    fn going_back_past_a_checkpoint_replays_from_it() {
        // A search long enough for checkpoints beyond the start's.
        let (start, events) = recorded("X../.../...");
        assert!(events.len() > 2 * CHECKPOINT_EVERY);
        let mut playback = Playback::new(start.clone());
        playback.apply(StepCommand::RunToEnd, &events);
        while playback.tick(0.016, &events, true) {}
        assert_eq!(playback.position(), events.len());
        assert!(playback.checkpoints.len() > 2);
        // Back across the second checkpoint, one step at a time.
        let past = 2 * CHECKPOINT_EVERY + 2;
        playback.seek(&events, past);
        for _ in 0..4 {
            playback.apply(StepCommand::Back, &events);
        }
        assert_eq!(playback.position(), past - 4);
        let expected = after(&start, &events, past - 4);
        assert_eq!(format!("{:?}", playback.state()), expected);
    }

    /// Next cut-off stops just past each cut-off the trace records, in turn, however far away;
    /// a call on the stack clicked runs until it has returned, and nothing further.
    #[test]
    fn next_cut_off_and_a_clicked_call_stop_where_the_trace_says() {
        let board: Board = "..O/.../.X.".parse().unwrap();
        let events = whole_board_trace(&board, TraceAlgorithm::AlphaBetaClassic);
        assert_eq!(events.len(), 5744);
        let cuts: Vec<usize> = (0..events.len())
            .filter(|&i| events[i].kind == EventKind::Cutoff)
            .map(|i| i + 1)
            .collect();
        let mut playback = Playback::new(StepState::new(board));
        for &cut in &cuts[..3] {
            playback.apply(StepCommand::NextCutoff, &events);
            while playback.tick(0.016, &events, true) {}
            assert_eq!(playback.position(), cut);
        }
        // The first call on the stack (a move of the start) clicked: run until it returns.
        let depth = playback.state().stack.len();
        assert!(depth >= 2);
        let returned_at = (playback.position()..events.len())
            .find(|&i| events[i].kind == EventKind::Exit && events[i].depth == 0)
            .unwrap()
            + 1;
        playback.apply(StepCommand::FinishCall(1), &events);
        while playback.tick(0.016, &events, true) {}
        assert_eq!(playback.position(), returned_at);
        assert!(playback.state().stack.is_empty());
    }

    #[test]
    fn step_over_runs_the_next_call_whole_and_step_out_leaves_the_current_one() {
        let (start, events) = recorded("XO./.X./O..");
        let mut playback = Playback::new(start);
        // Into the first call, and the one below it.
        playback.apply(StepCommand::Step, &events);
        playback.apply(StepCommand::Step, &events);
        let depth = playback.state().stack.len();
        assert!(depth >= 1);
        playback.apply(StepCommand::StepOver, &events);
        // Reached within the frame, so the run pauses there.
        assert!(!playback.tick(0.016, &events, true));
        assert!(playback.position() > 2);
        assert!(playback.state().stack.len() <= depth);
        playback.apply(StepCommand::Step, &events);
        let (inside, at) = (playback.state().stack.len(), playback.position());
        playback.apply(StepCommand::StepOut, &events);
        assert!(!playback.tick(0.016, &events, true));
        assert!(playback.position() > at);
        assert!(playback.state().stack.len() < inside || inside == 0);
    }

    #[test]
    fn playing_applies_the_events_the_speed_owes_and_carries_fractions_over() {
        let (start, events) = recorded("XO./.X./O..");
        let mut playback = Playback::new(start);
        playback.apply(StepCommand::Speed(10.0), &events);
        playback.apply(StepCommand::PlayPause, &events);
        assert!(playback.is_playing());
        // 10 a second for 0.15 s is 1.5 events: one now, the half carried to the next frame.
        assert!(playback.tick(0.15, &events, true));
        assert_eq!(playback.position(), 1);
        assert!(playback.tick(0.15, &events, true));
        assert_eq!(playback.position(), 3);
        playback.apply(StepCommand::PlayPause, &events);
        assert!(!playback.tick(0.15, &events, true));
        assert_eq!(playback.position(), 3);
    }

    #[test]
    fn a_run_to_the_end_of_a_complete_recording_pauses_there() {
        let (start, events) = recorded("XO./.X./O..");
        let mut playback = Playback::new(start);
        playback.apply(StepCommand::RunToEnd, &events);
        assert!(!playback.tick(0.016, &events, true));
        assert_eq!(playback.position(), events.len());
        // A recording still coming in: the run waits for more events.
        let mut waiting = Playback::new(recorded("XO./.X./O..").0);
        waiting.apply(StepCommand::RunToEnd, &events[..5]);
        assert!(waiting.tick(0.016, &events[..5], false));
        assert_eq!(waiting.position(), 5);
    }
}
