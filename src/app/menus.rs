//! The menu bar and the notice banner. They draw and return [`Command`]s; they change nothing.

use egui::{Button, Ui};

use super::{NEW_GAME, QUIT, REDO, UNDO};
use crate::ai::Difficulty;
use crate::board::{Cell, Mark};
use crate::game::Session;
use crate::settings::{FirstPlayer, Mode, Settings, Theme};

/// Something the player asked for, applied by the app after drawing.
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Play(Cell),
    PlayFocused,
    MoveFocus { rows: isize, cols: isize },
    NewGame,
    Undo,
    Redo,
    Quit,
    ToggleScores,
    ChangeSettings(Box<Settings>),
    SaveSettingsAs,
    LoadSettings,
    ResetSettings,
    DismissNotice,
}

pub fn menu_bar(ui: &mut Ui, settings: &Settings, session: &Session) -> Vec<Command> {
    let mut commands = Vec::new();
    let mut edited = settings.clone();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("Game", |ui| game_menu(ui, session, &mut commands));
        ui.menu_button("Players", |ui| players_menu(ui, &mut edited));
        ui.menu_button("View", |ui| view_menu(ui, &mut edited));
        ui.menu_button("Settings", |ui| settings_menu(ui, &mut commands));
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
            Button::new(text).shortcut_text(ctx.format_shortcut(shortcut)),
        )
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
    if item(ui, "Quit", &QUIT, true) {
        commands.push(Command::Quit);
    }
}

fn players_menu(ui: &mut Ui, settings: &mut Settings) {
    ui.menu_button("Who starts", |ui| {
        ui.radio_value(&mut settings.first_player, FirstPlayer::Human, "You");
        ui.radio_value(
            &mut settings.first_player,
            FirstPlayer::Computer,
            "Computer",
        );
        ui.radio_value(
            &mut settings.first_player,
            FirstPlayer::Alternate,
            "Take turns",
        );
    });
    ui.menu_button("You play", |ui| {
        ui.radio_value(&mut settings.human_mark, Mark::X, "X");
        ui.radio_value(&mut settings.human_mark, Mark::O, "O");
    });
    ui.menu_button("Mode", |ui| {
        ui.radio_value(&mut settings.mode, Mode::VsComputer, "Against the computer");
        ui.radio_value(&mut settings.mode, Mode::TwoPlayers, "Two players");
        ui.radio_value(
            &mut settings.mode,
            Mode::ComputerVsComputer,
            "Computer against computer",
        );
    });
    ui.menu_button("Difficulty", |ui| {
        for difficulty in Difficulty::ALL {
            ui.radio_value(&mut settings.difficulty, difficulty, difficulty.name());
        }
    });
}

fn view_menu(ui: &mut Ui, settings: &mut Settings) {
    let scores = Button::new("Show move scores")
        .selected(settings.show_scores)
        .shortcut_text("S");
    if ui.add(scores).clicked() {
        settings.show_scores = !settings.show_scores;
    }
    ui.menu_button("Theme", |ui| {
        ui.radio_value(&mut settings.theme, Theme::Dark, "Dark");
        ui.radio_value(&mut settings.theme, Theme::Light, "Light");
        ui.radio_value(&mut settings.theme, Theme::System, "Follow the system");
    });
}

fn settings_menu(ui: &mut Ui, commands: &mut Vec<Command>) {
    if ui.button("Save settings as…").clicked() {
        commands.push(Command::SaveSettingsAs);
    }
    if ui.button("Load settings…").clicked() {
        commands.push(Command::LoadSettings);
    }
    ui.separator();
    if ui.button("Reset to defaults").clicked() {
        commands.push(Command::ResetSettings);
    }
}

/// A message across the top of the board, with a button to dismiss it.
pub fn notice_banner(ui: &mut Ui, notice: &str) -> Option<Command> {
    let mut command = None;
    egui::Frame::group(ui.style())
        .fill(ui.visuals().faint_bg_color)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Dismiss").clicked() {
                    command = Some(Command::DismissNotice);
                }
                ui.label(notice);
            });
        });
    command
}
