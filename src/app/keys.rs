//! The key map: one table of keys, where each applies, and the command it gives.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::commands::{
    ClipboardCommand, CoachCommand, Command, EditorCommand, ExplorerCommand, ExplorerKey,
    PreviewCommand, ReviewCommand, SettingCommand, StepCommand,
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
    pub practice: bool,
    /// The explorer has the keyboard: arrows and Enter move in the tree.
    pub explorer_keys: bool,
    /// Digits play cells: on the 3×3 board, when the game itself is shown.
    pub digits_play: bool,
}

/// Where a key applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    Always,
    /// While stepping through the search.
    Stepping,
    /// Whenever the step-through is closed.
    Playing,
    Practice,
    /// Arrows and Enter while the explorer has the keyboard.
    Tree,
    /// Arrows and Enter on the board otherwise.
    Board,
    /// Digits on the classic board.
    Digits,
}

impl Scope {
    fn applies(self, context: &KeyContext) -> bool {
        let playing = !context.stepping;
        match self {
            Scope::Always => true,
            Scope::Stepping => context.stepping,
            Scope::Playing => playing,
            Scope::Practice => playing && context.practice,
            Scope::Tree => playing && context.explorer_keys,
            Scope::Board => playing && !context.explorer_keys,
            Scope::Digits => playing && context.digits_play,
        }
    }
}

const DIGITS: [Key; 9] = [
    Key::Num1,
    Key::Num2,
    Key::Num3,
    Key::Num4,
    Key::Num5,
    Key::Num6,
    Key::Num7,
    Key::Num8,
    Key::Num9,
];

/// Every key, in the order they are looked at (Ctrl+Shift+Z before Ctrl+Z, which would also
/// match it).
fn table() -> Vec<(KeyboardShortcut, Scope, Command)> {
    let plain = |key| KeyboardShortcut::new(Modifiers::NONE, key);
    let mut table = vec![
        (plain(Key::D), Scope::Always, Command::ToggleStepper),
        (
            plain(Key::ArrowRight),
            Scope::Stepping,
            StepCommand::Step.into(),
        ),
        (
            plain(Key::ArrowLeft),
            Scope::Stepping,
            StepCommand::Back.into(),
        ),
        (
            plain(Key::ArrowDown),
            Scope::Stepping,
            StepCommand::StepOver.into(),
        ),
        (
            plain(Key::ArrowUp),
            Scope::Stepping,
            StepCommand::StepOut.into(),
        ),
        (
            plain(Key::Space),
            Scope::Stepping,
            StepCommand::PlayPause.into(),
        ),
        (
            plain(Key::End),
            Scope::Stepping,
            StepCommand::RunToEnd.into(),
        ),
        (
            plain(Key::Home),
            Scope::Stepping,
            StepCommand::Restart.into(),
        ),
        (plain(Key::Escape), Scope::Stepping, Command::ToggleStepper),
        (REDO, Scope::Playing, Command::Redo),
        (UNDO, Scope::Playing, Command::Undo),
        (NEW_GAME, Scope::Playing, Command::NewGame),
        (SAVE_GAME, Scope::Playing, Command::SaveGame),
        (OPEN_GAME, Scope::Playing, Command::OpenGame),
        (
            plain(Key::S),
            Scope::Playing,
            SettingCommand::ToggleScores.into(),
        ),
        (plain(Key::W), Scope::Playing, Command::ToggleReasoning),
        (
            plain(Key::T),
            Scope::Playing,
            SettingCommand::ToggleExplorer.into(),
        ),
        (
            plain(Key::R),
            Scope::Playing,
            PreviewCommand::ReplayInspected.into(),
        ),
        (
            plain(Key::H),
            Scope::Playing,
            CoachCommand::ToggleHint.into(),
        ),
        (
            plain(Key::G),
            Scope::Playing,
            CoachCommand::ToggleThreat.into(),
        ),
        (plain(Key::M), Scope::Playing, ReviewCommand::Toggle.into()),
        (
            plain(Key::P),
            Scope::Playing,
            CoachCommand::TogglePractice.into(),
        ),
        (plain(Key::E), Scope::Playing, EditorCommand::Toggle.into()),
        (
            plain(Key::N),
            Scope::Practice,
            CoachCommand::PracticeNext.into(),
        ),
        (
            plain(Key::Comma),
            Scope::Playing,
            PreviewCommand::ReplayStep(-1).into(),
        ),
        (
            plain(Key::Period),
            Scope::Playing,
            PreviewCommand::ReplayStep(1).into(),
        ),
        (
            plain(Key::Escape),
            Scope::Playing,
            PreviewCommand::BackToGame.into(),
        ),
    ];
    for (key, tree, rows, cols) in [
        (Key::ArrowUp, ExplorerKey::Up, -1, 0),
        (Key::ArrowDown, ExplorerKey::Down, 1, 0),
        (Key::ArrowLeft, ExplorerKey::Left, 0, -1),
        (Key::ArrowRight, ExplorerKey::Right, 0, 1),
    ] {
        table.push((plain(key), Scope::Tree, ExplorerCommand::Key(tree).into()));
        table.push((plain(key), Scope::Board, Command::MoveFocus { rows, cols }));
    }
    for key in [Key::Enter, Key::Space] {
        table.push((
            plain(key),
            Scope::Tree,
            ExplorerCommand::Key(ExplorerKey::Enter).into(),
        ));
        table.push((plain(key), Scope::Board, Command::PlayFocused));
    }
    for (index, key) in DIGITS.into_iter().enumerate() {
        table.push((plain(key), Scope::Digits, Command::PlayDigit(index)));
    }
    table
}

/// The commands the keys pressed this frame give, taken out of the input so that nothing else
/// acts on them; and copy and paste (Ctrl+C, Ctrl+V, which reach the app as events).
pub fn commands(input: &mut egui::InputState, context: &KeyContext) -> Vec<Command> {
    let mut commands: Vec<Command> = table()
        .into_iter()
        .filter(|(shortcut, scope, _)| scope.applies(context) && input.consume_shortcut(shortcut))
        .map(|(_, _, command)| command)
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
