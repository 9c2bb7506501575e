//! What every view is, after egui's demo library: a name, what it draws (returning the commands
//! the player gave, never changing the app while it draws), and what it needs searched about the
//! position it shows. The shell keeps the open views in one place and asks each the same
//! questions; no view names another.

use egui::Ui;

use crate::app::commands::{Command, EditorCommand, SettingCommand};
use crate::app::drawing::board_widget::Spoken;
use crate::engine::board::Board;
use crate::game::{CutoffSearch, GameController, MatchSearch};
use crate::learn::trace::TraceAlgorithm;
use crate::learn::view::ScoreView;

/// What a view is given as it draws.
pub struct Given<'a> {
    /// The game and everything known of it.
    pub controller: &'a GameController,
    /// How scores are seen, which every view obeys at once.
    pub score_view: ScoreView,
    /// What a screen reader hears of a board the view draws in the board's place.
    pub spoken: &'a mut Spoken,
    /// The student's name, for an exercise set's hand-in.
    pub student_name: &'a str,
}

/// What a view needs searched, asked of the controller every frame.
#[derive(Debug, Default, PartialEq)]
pub struct Needs {
    /// Positions whose moves it shows with their scores.
    pub analyses: Vec<Board>,
    /// The position whose search it counts nodes of.
    pub counts: Option<Board>,
    /// The search it steps through, recorded call by call.
    pub trace: Option<(Board, TraceAlgorithm)>,
    /// The depth-limited search whose numbers it shows.
    pub cutoff: Option<CutoffSearch>,
    /// The match between computer players it plays.
    pub matched: Option<MatchSearch>,
}

impl Needs {
    /// Both views' needs (a second count or trace is the first's, as only one view asks).
    pub fn and(mut self, other: Needs) -> Needs {
        self.analyses.extend(other.analyses);
        self.counts = self.counts.or(other.counts);
        self.trace = self.trace.or(other.trace);
        self.cutoff = self.cutoff.or(other.cutoff);
        self.matched = self.matched.or(other.matched);
        self
    }
}

/// A view: the shell draws it where it goes (in the board's place or beside the board).
pub trait View {
    /// Its name, as its heading says it.
    fn name(&self) -> &'static str;

    /// Draws it and returns what the player asked for.
    fn ui(&mut self, ui: &mut Ui, given: &mut Given<'_>) -> Vec<Command>;

    /// What it needs searched while it is open.
    fn needs(&self, _controller: &GameController) -> Needs {
        Needs::default()
    }

    /// Whether a notice (a picture saved, say) goes over it, as it goes over the board.
    fn shows_notices(&self) -> bool {
        false
    }
}

/// Every view that can be opened and closed, in the order they take the board's place when
/// more than one is open (the explorer goes beside the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ViewKind {
    Exercises,
    TreeLab,
    Stepper,
    Editor,
    Explorer,
    Builder,
    Mcts,
    Cutoff,
}

impl ViewKind {
    /// The registry: every view, in the order above.
    pub const ALL: [ViewKind; 8] = [
        ViewKind::Exercises,
        ViewKind::TreeLab,
        ViewKind::Stepper,
        ViewKind::Editor,
        ViewKind::Explorer,
        ViewKind::Builder,
        ViewKind::Mcts,
        ViewKind::Cutoff,
    ];

    /// The command that opens or closes it, as its menu entry and key give.
    pub fn toggle(self) -> Command {
        match self {
            ViewKind::Exercises => Command::ToggleExercises,
            ViewKind::TreeLab => Command::ToggleTreeLab,
            ViewKind::Stepper => Command::ToggleStepper,
            ViewKind::Editor => EditorCommand::Toggle.into(),
            ViewKind::Explorer => SettingCommand::ToggleExplorer.into(),
            ViewKind::Builder => Command::ToggleBuilder,
            ViewKind::Mcts => Command::ToggleMcts,
            ViewKind::Cutoff => Command::ToggleCutoff,
        }
    }

    /// Whether it is drawn in the board's place.
    pub fn covers_the_board(self) -> bool {
        self != ViewKind::Explorer
    }
}
