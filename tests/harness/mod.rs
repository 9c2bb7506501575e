//! The desktop app in egui_kittest, driven through its accessibility tree as a player (or a
//! screen reader) would, for the UI tests. No test waits on real time: searches are awaited on
//! their channel, and the computer's pause runs on a clock the test moves.

// Each test binary compiles its own copy of this module and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::app::link::Link;
use tictactoe::app::{AppOptions, TicTacToeApp};
use tictactoe::engine::clock::{Clock, ManualClock};
use tictactoe::{Board, Cell, Mark};

pub struct Game {
    pub harness: Harness<'static, TicTacToeApp>,
    pub settings_path: PathBuf,
    /// Set when the test moves time itself.
    pub clock: Option<Arc<ManualClock>>,
    _dir: tempfile::TempDir,
}

/// Starts the app with a settings file holding `settings` (RON). No delay before the computer's
/// moves, a fixed theme and a fixed seed keep runs fast and repeatable.
pub fn start(settings: &str) -> Game {
    let (dir, settings_path) = settings_file(&format!("(ai_delay_ms: 0, theme: Dark, {settings})"));
    start_with_file(dir, settings_path, None)
}

pub fn settings_file(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let settings_path = dir.path().join("settings.ron");
    std::fs::write(&settings_path, text).unwrap();
    (dir, settings_path)
}

pub fn start_with_file(
    dir: tempfile::TempDir,
    settings_path: PathBuf,
    clock: Option<Arc<ManualClock>>,
) -> Game {
    start_with_options(dir, settings_path, clock, None, [460.0, 580.0])
}

/// Starts the app on `position`, as `tictactoe --position` does.
pub fn start_with_position(
    dir: tempfile::TempDir,
    settings_path: PathBuf,
    position: Board,
) -> Game {
    let options = AppOptions {
        settings_path: Some(settings_path.clone()),
        ai_seed: Some(7),
        open_on: Link {
            position: Some(position),
            ..Link::default()
        },
        ..AppOptions::default()
    };
    let harness = Harness::builder()
        .with_size([460.0, 580.0])
        .build_eframe(|cc| TicTacToeApp::new(cc, options));
    Game {
        harness,
        settings_path,
        clock: None,
        _dir: dir,
    }
}

/// Starts the app as [`start`] does, with a review budget of its own (positions per position of
/// a reviewed game), so that a big board's review ends at once.
pub fn start_with_review_budget(settings: &str, review_node_budget: u64) -> Game {
    start_adjusted(settings, |options| {
        options.review_node_budget = Some(review_node_budget);
    })
}

/// Starts the app as [`start`] does, with `adjust` making its own changes to the options.
pub fn start_adjusted(settings: &str, adjust: impl FnOnce(&mut AppOptions)) -> Game {
    start_sized(settings, [460.0, 580.0], adjust)
}

/// Starts the app as [`start_adjusted`] does, in a window of `size` from its first frame (as a
/// phone's page starts at the phone's size).
pub fn start_sized(settings: &str, size: [f32; 2], adjust: impl FnOnce(&mut AppOptions)) -> Game {
    let (dir, settings_path) = settings_file(&format!("(ai_delay_ms: 0, theme: Dark, {settings})"));
    let mut options = AppOptions {
        settings_path: Some(settings_path.clone()),
        ai_seed: Some(7),
        ..AppOptions::default()
    };
    adjust(&mut options);
    let harness = Harness::builder()
        .with_size(size)
        .build_eframe(|cc| TicTacToeApp::new(cc, options));
    let mut game = Game {
        harness,
        settings_path,
        clock: None,
        _dir: dir,
    };
    game.settle();
    game
}

/// Starts the app with a trace limit of its own (`None`: the app's) in a window of `size`.
pub fn start_with_options(
    dir: tempfile::TempDir,
    settings_path: PathBuf,
    clock: Option<Arc<ManualClock>>,
    trace_limit: Option<u64>,
    size: [f32; 2],
) -> Game {
    let options = AppOptions {
        settings_path: Some(settings_path.clone()),
        ai_seed: Some(7),
        clock: clock.clone().map(|clock| clock as Arc<dyn Clock>),
        trace_limit,
        ..AppOptions::default()
    };
    let harness = Harness::builder()
        .with_size(size)
        .build_eframe(|cc| TicTacToeApp::new(cc, options));
    let mut game = Game {
        harness,
        settings_path,
        clock,
        _dir: dir,
    };
    game.settle();
    game
}

impl Game {
    /// A finger's tap at `pos` as a touch screen sends it: the touch, then the pointer's press
    /// and release, then the pointer gone (no hover after a touch).
    pub fn tap_at(&mut self, pos: egui::Pos2) {
        for phase in [egui::TouchPhase::Start, egui::TouchPhase::End] {
            self.harness.event(egui::Event::Touch {
                device_id: egui::TouchDeviceId(1),
                id: egui::TouchId(1),
                phase,
                pos,
                force: None,
            });
            if phase == egui::TouchPhase::Start {
                self.harness.event(egui::Event::PointerMoved(pos));
            }
            self.harness.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed: phase == egui::TouchPhase::Start,
                modifiers: egui::Modifiers::NONE,
            });
            self.harness.run_steps(2);
        }
        self.harness.event(egui::Event::PointerGone);
        self.settle();
    }

    /// Every node the screen reader gets, with its name and where it is drawn.
    pub fn drawn(&self) -> Vec<(String, egui::Rect)> {
        self.harness
            .root()
            .children_recursive()
            .filter_map(|node| {
                let b = node.accesskit_node().bounding_box()?;
                let ppp = self.harness.ctx.pixels_per_point();
                let rect = egui::Rect::from_min_max(
                    egui::Pos2::new(b.x0 as f32 / ppp, b.y0 as f32 / ppp),
                    egui::Pos2::new(b.x1 as f32 / ppp, b.y1 as f32 / ppp),
                );
                let name = node
                    .accesskit_node()
                    .label()
                    .or_else(|| node.accesskit_node().value())
                    .unwrap_or_default();
                // A text field's text scrolls inside the field: its runs may be wider (a label's
                // runs are inside the label's rectangle, which is checked).
                let run = node.accesskit_node().role() == egui::accesskit::Role::TextRun;
                (!run && rect.width() > 0.0 && rect.height() > 0.0).then_some((name, rect))
            })
            .collect()
    }

    /// Runs frames until the computer has moved (or, with a test clock, waits for its pause) and
    /// every requested analysis has arrived.
    pub fn settle(&mut self) {
        for _ in 0..1000 {
            // Frames until nothing more is asked to be drawn, or a few if something keeps asking
            // (a search that answers meanwhile wakes the window).
            let _ = self.harness.try_run();
            let app = self.harness.state_mut();
            if !app.is_busy() {
                break;
            }
            // A computer's move waiting for its delay, with no search left to answer (an answer
            // arriving later would wake the window between the test's frames).
            if app.controller().computer_move().is_some() && !app.controller().is_searching() {
                if self.clock.is_some() {
                    break; // only the test moves this clock
                }
                continue; // due now: the next frame plays it
            }
            assert!(
                app.wait_for_search(Duration::from_secs(20)),
                "the search did not answer within 20 s"
            );
        }
    }

    /// The computer's last move in this game (it must have made one).
    pub fn last_computer_move(&self) -> tictactoe::game::ComputerMove {
        self.harness
            .state()
            .controller()
            .last_computer_move()
            .expect("the computer has moved")
            .clone()
    }

    pub fn board(&self) -> Board {
        *self.harness.state().session().board()
    }

    /// The position on show (a practice position, a preview, …), read from the board's accessible
    /// name ("Board XO./..., X to move") as a screen reader hears it.
    pub fn board_on_show(&self) -> Board {
        let label = self
            .harness
            .get_by_label_contains("Board ")
            .accesskit_node()
            .label()
            .unwrap_or_default();
        let text = label
            .trim_start_matches("Board ")
            .split(',')
            .next()
            .unwrap_or_default();
        let mover = if label.contains("X to move") {
            Mark::X
        } else {
            Mark::O
        };
        Board::parse_with_turn(text, Some(mover))
            .unwrap_or_else(|error| panic!("the board's name {label:?}: {error}"))
    }

    pub fn click_cell(&mut self, cell: Cell) {
        let label = format!("Row {}, column {}, empty", cell.row + 1, cell.col + 1);
        self.harness.get_by_label_contains(&label).click();
        self.settle();
    }

    pub fn press(&mut self, key: Key) {
        self.harness.key_press(key);
        self.settle();
    }

    pub fn press_with(&mut self, modifiers: Modifiers, key: Key) {
        self.harness.key_press_modifiers(modifiers, key);
        self.settle();
    }

    pub fn settings_file(&self) -> String {
        self.harness.state().flush_settings();
        std::fs::read_to_string(&self.settings_path).unwrap()
    }

    /// A snapshot of the window as the player sees it, with the pointer away from the board so
    /// that no hover effect depends on where the last click was.
    pub fn snapshot(&mut self, name: &str) {
        self.harness.event(egui::Event::PointerGone);
        self.harness.run();
        self.harness.snapshot(name);
    }
}

impl Game {
    /// The app started again over the same settings folder, as after a restart (or a reload of
    /// the page): this app is closed first, its saves finished.
    pub fn restarted(self, adjust: impl FnOnce(&mut AppOptions)) -> Game {
        let Game {
            harness,
            settings_path,
            clock,
            _dir,
        } = self;
        let size = harness.ctx.content_rect().size();
        harness.state().flush_settings();
        drop(harness);
        let mut options = AppOptions {
            settings_path: Some(settings_path.clone()),
            ai_seed: Some(7),
            ..AppOptions::default()
        };
        adjust(&mut options);
        let harness = Harness::builder()
            .with_size(size)
            .build_eframe(|cc| TicTacToeApp::new(cc, options));
        let mut game = Game {
            harness,
            settings_path,
            clock,
            _dir,
        };
        game.settle();
        game
    }
}
