//! The key map: one table of keys, where each applies, and the command it gives.

use egui::{Key, KeyboardShortcut, Modifiers};

use crate::app::commands::{
    ClipboardCommand, CoachCommand, Command, EditorCommand, ExercisesCommand, ExplorerCommand,
    ExplorerKey, PreviewCommand, ReviewCommand, SettingCommand, StepCommand, TreeLabCommand,
};

pub const NEW_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
pub const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);
pub const SAVE_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
pub const OPEN_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);

/// What is open, which decides what a key means.
#[derive(Debug, Clone, Copy, Default)]
pub struct KeyContext {
    /// The step-through covers the board: only its keys work.
    pub stepping: bool,
    /// A textbook's tree covers the board: only its keys work.
    pub tree_lab: bool,
    /// The graded exercises cover the board: only their keys work.
    pub exercises: bool,
    /// The set builder covers the board: no key of the game works.
    pub builder: bool,
    pub practice: bool,
    /// The explorer has the keyboard: arrows and Enter move in the tree.
    pub explorer_keys: bool,
    /// Digits play cells: on the 3×3 board, when the game itself is shown.
    pub digits_play: bool,
    /// Monte Carlo tree search covers the board: Esc closes it, the board's keys wait.
    pub mcts: bool,
    /// The cutoff view covers the board: Esc closes it, the board's keys wait.
    pub cutoff: bool,
}

/// Where a key applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Whatever is open (a text field with the keyboard still gets every key).
    Anywhere,
    Always,
    /// While stepping through the search.
    Stepping,
    /// While a textbook's tree is open.
    TreeLab,
    /// While the graded exercises are open (and no text field has the keyboard).
    Exercises,
    /// Whenever the step-through is closed.
    Playing,
    Practice,
    /// Arrows and Enter while the explorer has the keyboard.
    Tree,
    /// Arrows and Enter on the board otherwise.
    Board,
    /// Digits on the classic board.
    Digits,
    /// While Monte Carlo tree search is open.
    Mcts,
    /// While the cutoff view is open.
    Cutoff,
}

impl Scope {
    fn applies(self, context: &KeyContext) -> bool {
        let covered = context.tree_lab
            || context.exercises
            || context.builder
            || context.mcts
            || context.cutoff;
        let playing = !context.stepping && !covered;
        match self {
            Scope::Anywhere => true,
            Scope::Always => !covered,
            Scope::Stepping => context.stepping && !covered,
            Scope::TreeLab => context.tree_lab,
            Scope::Exercises => context.exercises && !context.tree_lab && !context.builder,
            Scope::Playing => playing,
            Scope::Practice => playing && context.practice,
            Scope::Tree => playing && context.explorer_keys,
            Scope::Board => playing && !context.explorer_keys,
            Scope::Digits => playing && context.digits_play,
            Scope::Mcts => context.mcts && !context.tree_lab && !context.exercises,
            Scope::Cutoff => context.cutoff && !context.tree_lab && !context.exercises,
        }
    }
}

const fn plain(key: Key) -> KeyboardShortcut {
    KeyboardShortcut::new(Modifiers::NONE, key)
}

/// Every key, in the order they are looked at (Ctrl+Shift+Z before Ctrl+Z, which would also
/// match it). The digits 1 to 9 play the cells in reading order.
#[rustfmt::skip] // one key a line, in columns
const KEYS: &[(KeyboardShortcut, Scope, Command)] = &[
    (plain(Key::ArrowRight), Scope::TreeLab,  Command::TreeLab(TreeLabCommand::Step)),
    (plain(Key::ArrowLeft),  Scope::TreeLab,  Command::TreeLab(TreeLabCommand::Back)),
    (plain(Key::End),        Scope::TreeLab,  Command::TreeLab(TreeLabCommand::RunToEnd)),
    (plain(Key::Home),       Scope::TreeLab,  Command::TreeLab(TreeLabCommand::Restart)),
    (plain(Key::ArrowDown),  Scope::TreeLab,  Command::TreeLab(TreeLabCommand::StepOver)),
    (plain(Key::ArrowUp),    Scope::TreeLab,  Command::TreeLab(TreeLabCommand::StepOut)),
    (plain(Key::PageDown),   Scope::TreeLab,  Command::TreeLab(TreeLabCommand::NextCutoff)),
    (plain(Key::Escape),     Scope::TreeLab,  Command::ToggleTreeLab),
    (plain(Key::N),          Scope::Exercises, Command::Exercises(ExercisesCommand::Next)),
    (plain(Key::Escape),     Scope::Exercises, Command::ToggleExercises),
    (plain(Key::Escape),     Scope::Mcts,     Command::ToggleMcts),
    (plain(Key::Escape),     Scope::Cutoff,   Command::ToggleCutoff),
    (plain(Key::D),          Scope::Always,   Command::ToggleStepper),
    (plain(Key::F5),         Scope::Anywhere, Command::Setting(SettingCommand::TogglePresenter)),
    (plain(Key::ArrowRight), Scope::Stepping, Command::Step(StepCommand::Step)),
    (plain(Key::ArrowLeft),  Scope::Stepping, Command::Step(StepCommand::Back)),
    (plain(Key::ArrowDown),  Scope::Stepping, Command::Step(StepCommand::StepOver)),
    (plain(Key::ArrowUp),    Scope::Stepping, Command::Step(StepCommand::StepOut)),
    (plain(Key::Space),      Scope::Stepping, Command::Step(StepCommand::PlayPause)),
    (plain(Key::End),        Scope::Stepping, Command::Step(StepCommand::RunToEnd)),
    (plain(Key::Home),       Scope::Stepping, Command::Step(StepCommand::Restart)),
    (plain(Key::PageDown),   Scope::Stepping, Command::Step(StepCommand::NextCutoff)),
    (plain(Key::Escape),     Scope::Stepping, Command::ToggleStepper),
    (REDO,                   Scope::Playing,  Command::Redo),
    (UNDO,                   Scope::Playing,  Command::Undo),
    (NEW_GAME,               Scope::Playing,  Command::NewGame),
    (SAVE_GAME,              Scope::Playing,  Command::SaveGame),
    (OPEN_GAME,              Scope::Playing,  Command::OpenGame),
    (plain(Key::S),          Scope::Playing,  Command::Setting(SettingCommand::ToggleScores)),
    (plain(Key::W),          Scope::Playing,  Command::ToggleReasoning),
    (plain(Key::T),          Scope::Playing,  Command::Setting(SettingCommand::ToggleExplorer)),
    (plain(Key::R),          Scope::Playing,  Command::Preview(PreviewCommand::ReplayInspected)),
    (plain(Key::H),          Scope::Playing,  Command::Coach(CoachCommand::ToggleHint)),
    (plain(Key::G),          Scope::Playing,  Command::Coach(CoachCommand::ToggleThreat)),
    (plain(Key::M),          Scope::Playing,  Command::Review(ReviewCommand::Toggle)),
    (plain(Key::P),          Scope::Playing,  Command::Coach(CoachCommand::TogglePractice)),
    (plain(Key::E),          Scope::Playing,  Command::Editor(EditorCommand::Toggle)),
    (plain(Key::N),          Scope::Practice, Command::Coach(CoachCommand::PracticeNext)),
    (plain(Key::Comma),      Scope::Playing,  Command::Preview(PreviewCommand::ReplayStep(-1))),
    (plain(Key::Period),     Scope::Playing,  Command::Preview(PreviewCommand::ReplayStep(1))),
    (plain(Key::Escape),     Scope::Playing,  Command::Preview(PreviewCommand::BackToGame)),
    (plain(Key::ArrowUp),    Scope::Tree,     Command::Explorer(ExplorerCommand::Key(ExplorerKey::Up))),
    (plain(Key::ArrowUp),    Scope::Board,    Command::MoveFocus { rows: -1, cols: 0 }),
    (plain(Key::ArrowDown),  Scope::Tree,     Command::Explorer(ExplorerCommand::Key(ExplorerKey::Down))),
    (plain(Key::ArrowDown),  Scope::Board,    Command::MoveFocus { rows: 1, cols: 0 }),
    (plain(Key::ArrowLeft),  Scope::Tree,     Command::Explorer(ExplorerCommand::Key(ExplorerKey::Left))),
    (plain(Key::ArrowLeft),  Scope::Board,    Command::MoveFocus { rows: 0, cols: -1 }),
    (plain(Key::ArrowRight), Scope::Tree,     Command::Explorer(ExplorerCommand::Key(ExplorerKey::Right))),
    (plain(Key::ArrowRight), Scope::Board,    Command::MoveFocus { rows: 0, cols: 1 }),
    (plain(Key::Enter),      Scope::Tree,     Command::Explorer(ExplorerCommand::Key(ExplorerKey::Enter))),
    (plain(Key::Enter),      Scope::Board,    Command::PlayFocused),
    (plain(Key::Space),      Scope::Tree,     Command::Explorer(ExplorerCommand::Key(ExplorerKey::Enter))),
    (plain(Key::Space),      Scope::Board,    Command::PlayFocused),
    (plain(Key::Num1),       Scope::Digits,   Command::PlayDigit(0)),
    (plain(Key::Num2),       Scope::Digits,   Command::PlayDigit(1)),
    (plain(Key::Num3),       Scope::Digits,   Command::PlayDigit(2)),
    (plain(Key::Num4),       Scope::Digits,   Command::PlayDigit(3)),
    (plain(Key::Num5),       Scope::Digits,   Command::PlayDigit(4)),
    (plain(Key::Num6),       Scope::Digits,   Command::PlayDigit(5)),
    (plain(Key::Num7),       Scope::Digits,   Command::PlayDigit(6)),
    (plain(Key::Num8),       Scope::Digits,   Command::PlayDigit(7)),
    (plain(Key::Num9),       Scope::Digits,   Command::PlayDigit(8)),
];

/// The commands the keys pressed this frame give, taken out of the input so that nothing else
/// acts on them; and copy and paste (Ctrl+C, Ctrl+V, which reach the app as events).
pub fn commands(input: &mut egui::InputState, context: &KeyContext) -> Vec<Command> {
    let mut commands: Vec<Command> = KEYS
        .iter()
        .filter(|(shortcut, scope, _)| scope.applies(context) && input.consume_shortcut(shortcut))
        .map(|(_, _, command)| command.clone())
        .collect();
    if Scope::Playing.applies(context) {
        commands.extend(input.events.iter().filter_map(|event| match event {
            egui::Event::Copy => Some(ClipboardCommand::CopyPosition.into()),
            egui::Event::Paste(text) => Some(ClipboardCommand::PastePosition(text.clone()).into()),
            _ => None,
        }));
    }
    commands
}
