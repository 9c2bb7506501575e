//! The menu bar and the notice banner. They draw and return [`Command`]s; they change nothing.

use egui::{Button, Key, KeyboardShortcut, Modifiers, Ui};

use super::keys::{NEW_GAME, OPEN_GAME, QUIT, REDO, SAVE_GAME, UNDO};
use crate::app::commands::{
    ClipboardCommand, CoachCommand, Command, EditorCommand, PreviewCommand, ReviewCommand,
    SettingCommand,
};
use crate::app::controls::Mirrored;
use crate::app::drawing::texts;
use crate::app::views::legend::difficulty_words;
use crate::engine::ai::Difficulty;
use crate::engine::board::Mark;
use crate::game::Session;
use crate::game::{FirstPlayer, Mode};
use crate::learn::examples::examples;
use crate::learn::view::ScoreView;
use crate::store::settings::{ColorTheme, Settings};

pub fn menu_bar(ui: &mut Ui, settings: &Settings, session: &Session) -> Vec<Command> {
    let mut commands = Vec::new();
    let mut edited = settings.clone();
    egui::MenuBar::new().ui(ui, |ui| {
        menu(ui, "Game", &mut |ui| game_menu(ui, session, &mut commands));
        menu(ui, "Players", &mut |ui| players_menu(ui, &mut edited));
        menu(ui, "Board", &mut |ui| board_menu(ui, &mut edited));
        menu(ui, "View", &mut |ui| {
            view_menu(ui, &mut edited, &mut commands)
        });
        menu(ui, "Settings", &mut |ui| settings_menu(ui, &mut commands));
    });
    if edited != *settings {
        commands.push(Command::ChangeSettings(Box::new(edited)));
    }
    commands
}

fn game_menu(ui: &mut Ui, session: &Session, commands: &mut Vec<Command>) {
    let ctx = ui.ctx().clone();
    let item = |ui: &mut Ui, text: &str, shortcut, enabled: bool| {
        ui.add_enabled(
            enabled,
            Button::new(text).shortcut_text(texts::shortcut(ui, &ctx.format_shortcut(shortcut))),
        )
        .mirrored(text)
        .clicked()
    };
    if item(ui, "New game", &NEW_GAME, true) {
        commands.push(Command::NewGame);
    }
    if item(ui, "Undo", &UNDO, session.can_undo()) {
        commands.push(Command::Undo);
    }
    if item(ui, "Redo", &REDO, session.can_redo()) {
        commands.push(Command::Redo);
    }
    ui.separator();
    let key = |ui: &mut Ui, text: &str, key: &str| {
        let key = texts::shortcut(ui, key);
        ui.add(Button::new(text).shortcut_text(key))
            .mirrored(text)
            .clicked()
    };
    if key(ui, "Hint: the best moves", "H") {
        commands.push(CoachCommand::ToggleHint.into());
    }
    if key(ui, "Threat: the opponent's best move", "G") {
        commands.push(CoachCommand::ToggleThreat.into());
    }
    if key(ui, "Game review", "M") {
        commands.push(ReviewCommand::Toggle.into());
    }
    if key(ui, "Practice positions", "P") {
        commands.push(CoachCommand::TogglePractice.into());
    }
    ui.separator();
    if key(ui, "Set up a position…", "E") {
        commands.push(EditorCommand::Toggle.into());
    }
    let copy = KeyboardShortcut::new(Modifiers::COMMAND, Key::C);
    if item(ui, "Copy position", &copy, true) {
        commands.push(ClipboardCommand::CopyPosition.into());
    }
    if crate::platform::page_address().is_some() && ui.button("Copy link").clicked() {
        commands.push(ClipboardCommand::CopyLink.into());
    }
    let paste = KeyboardShortcut::new(Modifiers::COMMAND, Key::V);
    if item(ui, "Paste position", &paste, true) {
        // The clipboard's text comes back as a paste event, handled as Ctrl+V is.
        ui.ctx()
            .send_viewport_cmd(egui::ViewportCommand::RequestPaste);
    }
    menu_button(ui, "The articles' examples", &mut |ui| {
        for (index, example) in examples().iter().enumerate() {
            let text = format!("{} ({})", example.title, example.notation);
            if ui.button(text).on_hover_text(example.sentence).clicked() {
                commands.push(Command::OpenExample(index));
            }
        }
    });
    ui.separator();
    if item(ui, "Save game…", &SAVE_GAME, true) {
        commands.push(Command::SaveGame);
    }
    if item(ui, "Open game…", &OPEN_GAME, true) {
        commands.push(Command::OpenGame);
    }
    if ui.button("Copy moves").clicked() {
        commands.push(ClipboardCommand::CopyMoves.into());
    }
    if crate::platform::CAN_QUIT {
        ui.separator();
        if item(ui, "Quit", &QUIT, true) {
            commands.push(Command::Quit);
        }
    }
}

fn players_menu(ui: &mut Ui, settings: &mut Settings) {
    menu(ui, "Who starts", &mut |ui| {
        if settings.mode == Mode::VsComputer {
            choice(ui, &mut settings.first_player, FirstPlayer::Human, "You");
            choice(
                ui,
                &mut settings.first_player,
                FirstPlayer::Computer,
                "Computer",
            );
        } else {
            // Without a human against the computer, "you" means the X or O of `human_mark`.
            let (x_first, o_first) = match settings.human_mark {
                Mark::X => (FirstPlayer::Human, FirstPlayer::Computer),
                Mark::O => (FirstPlayer::Computer, FirstPlayer::Human),
            };
            choice(ui, &mut settings.first_player, x_first, "X starts");
            choice(ui, &mut settings.first_player, o_first, "O starts");
        }
        choice(
            ui,
            &mut settings.first_player,
            FirstPlayer::Alternate,
            "Take turns",
        );
    });
    ui.add_enabled_ui(settings.mode == Mode::VsComputer, |ui| {
        menu(ui, "You play", &mut |ui| {
            choice(ui, &mut settings.human_mark, Mark::X, "X");
            choice(ui, &mut settings.human_mark, Mark::O, "O");
        });
    });
    menu(ui, "Mode", &mut |ui| {
        choice(
            ui,
            &mut settings.mode,
            Mode::VsComputer,
            "Against the computer",
        );
        choice(ui, &mut settings.mode, Mode::TwoPlayers, "Two players");
        choice(
            ui,
            &mut settings.mode,
            Mode::ComputerVsComputer,
            "Computer against computer",
        );
    });
    ui.add_enabled_ui(settings.mode != Mode::TwoPlayers, |ui| {
        menu(ui, "Difficulty", &mut |ui| {
            for difficulty in Difficulty::CHOICES {
                if difficulty == Difficulty::MONTE_CARLO[0] {
                    // Minimax's levels, then the Monte Carlo ones: two kinds of player.
                    ui.separator();
                }
                choice(
                    ui,
                    &mut settings.difficulty,
                    difficulty,
                    difficulty_words(difficulty),
                );
            }
        });
    });
}

fn board_menu(ui: &mut Ui, settings: &mut Settings) {
    let usual = Settings {
        in_a_row: 0,
        ..settings.clone()
    }
    .geometry()
    .k();
    for side in Settings::BOARD_SIZES {
        let text = format!("{side}×{side}");
        if ui
            .radio(settings.board_size == side, text.clone())
            .mirrored(chosen_name(&text, settings.board_size == side))
            .clicked()
            && settings.board_size != side
        {
            settings.board_size = side;
            settings.in_a_row = 0; // the usual length for the new size
        }
    }
    ui.separator();
    menu(ui, "In a row to win", &mut |ui| {
        let side = settings.board_size;
        for k in 3..=side.min(5) {
            let text = if usize::from(k) == usual {
                format!("{k} (the usual)")
            } else {
                k.to_string()
            };
            let chosen = settings.geometry().k() == usize::from(k);
            if ui
                .radio(chosen, text.clone())
                .mirrored(chosen_name(&text, chosen))
                .clicked()
            {
                settings.in_a_row = if usize::from(k) == usual { 0 } else { k };
            }
        }
    });
    menu(ui, "Computer's time on large boards", &mut |ui| {
        for seconds in [1, 2, 5, 10, 30] {
            let ms = seconds * 1000;
            choice(ui, &mut settings.think_time_ms, ms, format!("{seconds} s"));
        }
    });
}

fn view_menu(ui: &mut Ui, settings: &mut Settings, commands: &mut Vec<Command>) {
    let scores = Button::new("Show move scores")
        .selected(settings.show_scores)
        .shortcut_text(texts::shortcut(ui, "S"));
    if ui.add(scores).mirrored("Show move scores").clicked() {
        settings.show_scores = !settings.show_scores;
    }
    menu(ui, "Scores are seen", &mut |ui| {
        for view in ScoreView::ALL {
            choice(ui, &mut settings.score_view, view, view.name());
        }
    });
    if ui
        .add(Button::new("Why the computer played there").shortcut_text(texts::shortcut(ui, "W")))
        .mirrored("Why the computer played there")
        .clicked()
    {
        commands.push(Command::ToggleReasoning);
    }
    let explorer = Button::new("Game tree explorer")
        .selected(settings.explorer_open)
        .shortcut_text(texts::shortcut(ui, "T"));
    if ui.add(explorer).mirrored("Game tree explorer").clicked() {
        commands.push(SettingCommand::ToggleExplorer.into());
    }
    if ui
        .add(
            Button::new("Replay the line of the score looked at")
                .shortcut_text(texts::shortcut(ui, "R")),
        )
        .mirrored("Replay the line of the score looked at")
        .clicked()
    {
        commands.push(PreviewCommand::ReplayInspected.into());
    }
    if ui
        .add(Button::new("Step through the search").shortcut_text(texts::shortcut(ui, "D")))
        .mirrored("Step through the search")
        .clicked()
    {
        commands.push(Command::ToggleStepper);
    }
    if item(ui, "Monte Carlo tree search") {
        commands.push(Command::ToggleMcts);
    }
    if item(ui, "Cutting the search off (depth and evaluation)") {
        commands.push(Command::ToggleCutoff);
    }
    if item(ui, "A textbook's tree (minimax and alpha-beta)") {
        commands.push(Command::ToggleTreeLab);
    }
    if item(ui, "Exercises…") {
        commands.push(Command::ToggleExercises);
    }
    let presenter = Button::new("Presenter")
        .selected(settings.presenter)
        .shortcut_text(texts::shortcut(ui, "F5"));
    if ui
        .add(presenter)
        .on_hover_text(
            "Text, code and drawings large enough for a projector. Ctrl+plus and Ctrl+minus \
             zoom everything, Ctrl+0 resets.",
        )
        .mirrored("Presenter")
        .clicked()
    {
        settings.presenter = !settings.presenter;
    }
    if item(ui, "Build a set of exercises…") {
        commands.push(Command::ToggleBuilder);
    }
    menu(ui, "Theme", &mut |ui| {
        choice(ui, &mut settings.theme, ColorTheme::Dark, "Dark");
        choice(ui, &mut settings.theme, ColorTheme::Light, "Light");
        choice(
            ui,
            &mut settings.theme,
            ColorTheme::System,
            "Follow the system",
        );
    });
}

fn settings_menu(ui: &mut Ui, commands: &mut Vec<Command>) {
    if item(ui, "Save settings as…") {
        commands.push(Command::SaveSettingsAs);
    }
    if item(ui, "Load settings…") {
        commands.push(Command::LoadSettings);
    }
    ui.separator();
    if item(ui, "Reset to defaults") {
        commands.push(SettingCommand::Reset.into());
    }
}

/// A menu's entry that does one thing: whether it was clicked.
fn item(ui: &mut Ui, words: &str) -> bool {
    ui.button(words).mirrored(words).clicked()
}

/// A menu of the menu bar, or a submenu inside one, named `name`, with `contents`, mirrored
/// for the page's screen readers under its name.
fn menu(ui: &mut Ui, name: &str, contents: &mut dyn FnMut(&mut Ui)) {
    let _ = menu_button(ui, name, contents).mirrored(name);
}

/// egui's `Ui::menu_button`, drawn by one copy of its code: it is generic over its contents, and
/// the web build (opt-level "z") wrote its body, about 10 KB of WebAssembly, into each of the
/// menus' 14 places.
#[inline(never)]
fn menu_button(ui: &mut Ui, name: &str, contents: &mut dyn FnMut(&mut Ui)) -> egui::Response {
    ui.menu_button(name, |ui| contents(ui)).response
}

/// A message across the top of the board, wrapped to its width, with a button to dismiss it.
/// A long message scrolls within a third of the window, so that the button stays in view.
pub fn notice_banner(ui: &mut Ui, notice: &str, dismiss: &str) -> Option<Command> {
    let mut clicked = false;
    let max_height = (ui.ctx().content_rect().height() / 3.0).max(48.0);
    egui::Frame::group(ui.style())
        .fill(ui.visuals().faint_bg_color)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            egui::ScrollArea::vertical()
                .id_salt("notice")
                .max_height(max_height)
                .show(ui, |ui| ui.add(egui::Label::new(notice).wrap()));
            clicked = ui.button(dismiss).mirrored(dismiss).clicked();
        });
    clicked.then_some(Command::DismissNotice)
}

/// The tip a new player sees until they dismiss it or show the scores.
pub fn welcome_banner(ui: &mut Ui, touch: bool) -> Option<Command> {
    let mut command = None;
    egui::Frame::group(ui.style())
        .fill(ui.visuals().faint_bg_color)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(
                egui::Label::new(if touch {
                    "Tip: show the scores to see how minimax rates every move you could play."
                } else {
                    "Tip: press S to see how minimax rates every move you could play."
                })
                .wrap(),
            );
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Show the scores")
                    .mirrored("Show the scores")
                    .clicked()
                {
                    command = Some(SettingCommand::ToggleScores.into());
                }
                if ui.button("Got it").mirrored("Got it").clicked() {
                    command = Some(SettingCommand::DismissWelcome.into());
                }
            });
        });
    command
}

/// A choice among values in a menu, mirrored for the page's screen readers with whether it is
/// the one chosen ("Two players, chosen").
fn choice<T: PartialEq>(
    ui: &mut Ui,
    current: &mut T,
    value: T,
    text: impl Into<String>,
) -> egui::Response {
    let text = text.into();
    let chosen = *current == value;
    ui.radio_value(current, value, text.clone())
        .mirrored(chosen_name(&text, chosen))
}

/// A choice's accessible name on the page: its words, and whether it is the one chosen.
fn chosen_name(text: &str, chosen: bool) -> String {
    if chosen {
        format!("{text}, chosen")
    } else {
        text.to_owned()
    }
}
