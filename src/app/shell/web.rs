//! The web page: starts the game on the page's `<canvas id="game">`, on the position and the
//! view its link gives (`?position=XO./.X./..O&to_move=O&k=3&view=x&scores=on`, the position
//! read as `--position` is, with the same messages; see `link.rs`), and keeps the page's
//! `<div id="status">` and `<div id="notice">` equal to the status line and the notice over the
//! board, for screen readers and the browser tests.

use std::cell::RefCell;
use std::sync::Arc;

use super::options::AppOptions;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::controls::Control;
use crate::app::drawing::board_widget::Spoken;
use crate::app::files::link::Link;
use crate::platform::Instant;
use crate::platform::page::{self, MirroredButton, MirroredGroup};

/// Starts the game on the page. Called by the program's `main` in the browser.
pub fn start() {
    let options = AppOptions {
        open_on: Link::parse(&page::query()),
        status_mirror: Some(Arc::new(mirror_status)),
        board_mirror: Some(Arc::new(mirror_board)),
        pressed_cells: Some(Arc::new(|| PRESSED.with_borrow_mut(std::mem::take))),
        controls_mirror: Some(Arc::new(mirror_controls)),
        touch_screen: page::pointer_is_coarse(),
        ..AppOptions::default()
    };
    page::spawn(async move {
        let Some(canvas) = page::canvas("game") else {
            say_on_page("The page has no <canvas id=\"game\"> to draw the game on.");
            return;
        };
        page::draw_without_multisampling(&canvas);
        let kept_on = canvas.clone();
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    cc.egui_ctx.set_fonts(crate::app::web_fonts::definitions());
                    // Every repaint asked for, at once or after a delay, from inside a frame or
                    // outside one, wakes the page's frames (eframe keeps the callback for itself).
                    cc.egui_ctx
                        .set_repaint_observer(|info| page::want_frame_in(info.delay));
                    let repaint = cc.egui_ctx.clone();
                    CONTEXT.with_borrow_mut(|context| *context = Some(repaint));
                    Ok(Box::new(Timed {
                        app: TicTacToeApp::new(cc, options),
                        canvas: kept_on,
                    }))
                }),
            )
            .await;
        if let Err(error) = started {
            say_on_page(&format!("The game could not start: {error:?}"));
        }
    });
}

/// The game, timing its own work in every frame for the browser tests: where the page defines
/// `window.tictactoeFrameTimed(start, ms)`, it hears when each frame's logic and drawing began
/// and how long they took (not the browser's painting of the result), so that a long task of
/// ours can be told from slow software WebGL. After each frame it keeps the link to where the
/// game is on its canvas: when the browser resets the page's graphics, eframe cannot draw
/// again, and the page reloads itself into that link.
struct Timed {
    app: TicTacToeApp,
    canvas: page::Canvas,
}

impl Timed {
    fn timed(work: impl FnOnce()) {
        let started = Instant::now();
        work();
        page::report_frame_time(started.elapsed().as_secs_f64() * 1000.0);
    }
}

impl eframe::App for Timed {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        Timed::timed(|| self.app.logic(ctx, frame));
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        Timed::timed(|| self.app.ui(ui, frame));
        page::keep_link(&self.canvas, &self.app.link_to_here());
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.app.save(storage);
    }

    /// A control pressed on the page's mirror is pressed on the canvas: the pointer goes down and
    /// up at its centre in one frame, a click however long the frames take (egui takes a press
    /// and its release in one frame as a click).
    fn raw_input_hook(&mut self, ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        let Some(pos) = CONTROL_PRESS.with_borrow_mut(Option::take) else {
            return;
        };
        raw_input.events.push(egui::Event::PointerMoved(pos));
        for pressed in [true, false] {
            raw_input.events.push(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        raw_input.events.push(egui::Event::PointerGone);
        ctx.request_repaint();
    }

    fn on_exit(&mut self, gl: Option<&eframe::glow::Context>) {
        self.app.on_exit(gl);
    }
}

/// Keeps `<div id="status">` equal to the status line and `<div id="notice">` to the notice
/// over the board, writing each only when it changes (a live region announces every write).
fn mirror_status(status: &str, notice: &str) {
    thread_local!(static SHOWN: RefCell<[String; 2]> = const { RefCell::new([String::new(), String::new()]) });
    SHOWN.with_borrow_mut(|shown| {
        for ((id, text), shown) in [("status", status), ("notice", notice)]
            .into_iter()
            .zip(shown)
        {
            if shown != text && page::set_text(id, text) {
                text.clone_into(shown);
            }
        }
    });
}

thread_local! {
    /// The cells pressed on the page's cell buttons since the app last asked, by index.
    static PRESSED: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// The app's context, to wake it when a cell button is pressed.
    static CONTEXT: RefCell<Option<egui::Context>> = const { RefCell::new(None) };
    /// The controls the page's control buttons stand for now.
    static CONTROLS_SHOWN: RefCell<Vec<Control>> = const { RefCell::new(Vec::new()) };
    /// Where a control pressed on the page is to be pressed on the canvas.
    static CONTROL_PRESS: RefCell<Option<egui::Pos2>> = const { RefCell::new(None) };
}

/// Keeps `<div id="controls">` one button per key control of the open view, named as the
/// control is and placed over it (see [`crate::app::controls`]); pressing one presses the control
/// under it.
fn mirror_controls(controls: &[Control]) {
    let buttons: Vec<MirroredButton> = controls
        .iter()
        .map(|control| MirroredButton {
            name: control.name.clone(),
            place: place(control.rect),
        })
        .collect();
    CONTROLS_SHOWN.with_borrow_mut(|shown| {
        if shown.as_slice() != controls {
            controls.clone_into(shown);
        }
    });
    page::mirror_buttons("controls", &MirroredGroup::default(), &buttons, |index| {
        let centre = CONTROLS_SHOWN
            .with_borrow(|shown| shown.get(index).map(|control| control.rect.center()));
        if let Some(centre) = centre {
            CONTROL_PRESS.with_borrow_mut(|press| *press = Some(centre));
            wake();
        }
    });
}

/// Keeps `<div id="board">` a group named as the board on show, holding one button per cell
/// named as the desktop names it on the accessibility bus ("Row 1, column 1, empty, score 0,
/// draw, best move") and placed over the cell (egui's points are the page's CSS pixels), so that
/// a screen reader's exploration by touch finds it where the cell is drawn; pressing a button
/// plays that cell as a click on the board would.
fn mirror_board(spoken: &Spoken) {
    let group = MirroredGroup {
        label: Some(spoken.board.clone()),
        description: spoken.description.clone(),
    };
    let buttons: Vec<MirroredButton> = spoken
        .cells
        .iter()
        .enumerate()
        .map(|(index, name)| MirroredButton {
            name: name.clone(),
            place: spoken
                .rects
                .get(index)
                .map_or([0.0; 4], |&rect| place(rect)),
        })
        .collect();
    page::mirror_buttons("board", &group, &buttons, |index| {
        PRESSED.with_borrow_mut(|pressed| pressed.push(index));
        wake();
    });
}

/// A rectangle on the canvas as the page places a button: left, top, width, height.
fn place(rect: egui::Rect) -> [f32; 4] {
    [rect.left(), rect.top(), rect.width(), rect.height()]
}

/// Wakes the app to read what was pressed on the page.
fn wake() {
    CONTEXT.with_borrow(|context| {
        if let Some(context) = context {
            context.request_repaint();
        }
    });
}

/// Replaces the page's "Loading…" line with `message`.
fn say_on_page(message: &str) {
    page::set_text("loading", message);
}
