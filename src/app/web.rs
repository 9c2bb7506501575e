//! The web page: starts the game on the page's `<canvas id="game">`, on the position and the
//! view its link gives (`?position=XO./.X./..O&to_move=O&k=3&view=x&scores=on`, the position
//! read as `--position` is, with the same messages; see `link.rs`), and keeps the page's
//! `<div id="status">` and `<div id="notice">` equal to the status line and the notice over the
//! board, for screen readers and the browser tests.

use std::cell::RefCell;
use std::sync::Arc;

use wasm_bindgen::JsCast;

use super::controls::Control;
use super::link::Link;
use super::{AppOptions, Spoken, TicTacToeApp};
use crate::platform::Instant;

/// Starts the game on the page. Called by the program's `main` in the browser.
pub fn start() {
    let link = page_link();
    let start_notice = link.notice();
    let options = AppOptions {
        position: link.position,
        score_view: link.view,
        show_scores: link.scores,
        start_notice,
        status_mirror: Some(Arc::new(mirror_status)),
        board_mirror: Some(Arc::new(mirror_board)),
        pressed_cells: Some(Arc::new(|| PRESSED.with_borrow_mut(std::mem::take))),
        controls_mirror: Some(Arc::new(mirror_controls)),
        touch_screen: primary_pointer_is_coarse(),
        tree: link.tree,
        exercises: link.exercises,
        ..AppOptions::default()
    };
    wasm_bindgen_futures::spawn_local(async move {
        let Some(canvas) = element("game").and_then(|e| e.dyn_into().ok()) else {
            say_on_page("The page has no <canvas id=\"game\"> to draw the game on.");
            return;
        };
        let started = eframe::WebRunner::new()
            .start(
                canvas,
                eframe::WebOptions::default(),
                Box::new(|cc| {
                    let repaint = cc.egui_ctx.clone();
                    CONTEXT.with_borrow_mut(|context| *context = Some(repaint));
                    Ok(Box::new(Timed(TicTacToeApp::new(cc, options))))
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
/// ours can be told from slow software WebGL.
struct Timed(TicTacToeApp);

impl Timed {
    fn timed(work: impl FnOnce()) {
        let started = Instant::now();
        work();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let Some(window) = web_sys::window() else {
            return;
        };
        let hook = js_sys::Reflect::get(&window, &"tictactoeFrameTimed".into());
        if let Ok(hook) = hook.and_then(|hook| hook.dyn_into::<js_sys::Function>()) {
            let start = window.performance().map_or(0.0, |p| p.now() - ms);
            let _ = hook.call2(&window, &start.into(), &ms.into());
        }
    }
}

impl eframe::App for Timed {
    fn logic(&mut self, ctx: &egui::Context, frame: &mut eframe::Frame) {
        Timed::timed(|| self.0.logic(ctx, frame));
    }

    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        Timed::timed(|| self.0.ui(ui, frame));
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.0.save(storage);
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
        self.0.on_exit(gl);
    }
}

/// What the page's link asks for (see [`Link`]).
fn page_link() -> Link {
    let query = web_sys::window()
        .and_then(|window| window.location().search().ok())
        .unwrap_or_default();
    Link::parse(&query)
}

/// Whether the page's main pointer is a finger (a phone or a tablet), as the CSS media query
/// `(pointer: coarse)` tells: a laptop with a touch screen still has a mouse first.
fn primary_pointer_is_coarse() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let query = js_sys::Reflect::get(&window, &"matchMedia".into())
        .and_then(|match_media| match_media.dyn_into::<js_sys::Function>())
        .and_then(|match_media| match_media.call1(&window, &"(pointer: coarse)".into()));
    query
        .and_then(|list| js_sys::Reflect::get(&list, &"matches".into()))
        .is_ok_and(|matches| matches.as_bool() == Some(true))
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
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
            if shown != text
                && let Some(region) = element(id)
            {
                region.set_text_content(Some(text));
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
    /// The names the page's board buttons carry now.
    static BOARD_SHOWN: RefCell<Spoken> = RefCell::new(Spoken::default());
    /// The controls the page's control buttons stand for now.
    static CONTROLS_SHOWN: RefCell<Vec<Control>> = const { RefCell::new(Vec::new()) };
    /// Where a control pressed on the page is to be pressed on the canvas.
    static CONTROL_PRESS: RefCell<Option<egui::Pos2>> = const { RefCell::new(None) };
}

/// Keeps `<div id="controls">` one button per key control of the open view, named as the
/// control is and placed over it (see [`crate::app::controls`]); pressing one presses the control
/// under it. Written only where something changed.
fn mirror_controls(controls: &[Control]) {
    CONTROLS_SHOWN.with_borrow_mut(|shown| {
        if shown.as_slice() == controls {
            return;
        }
        let Some(group) = element("controls") else {
            return;
        };
        let Some(document) = web_sys::window().and_then(|window| window.document()) else {
            return;
        };
        let buttons = group.children();
        for index in buttons.length() as usize..controls.len() {
            let Ok(button) = document.create_element("button") else {
                return;
            };
            let pressed = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
                let centre = CONTROLS_SHOWN
                    .with_borrow(|shown| shown.get(index).map(|control| control.rect.center()));
                if let Some(centre) = centre {
                    CONTROL_PRESS.with_borrow_mut(|press| *press = Some(centre));
                    CONTEXT.with_borrow(|context| {
                        if let Some(context) = context {
                            context.request_repaint();
                        }
                    });
                }
            });
            let _ =
                button.add_event_listener_with_callback("click", pressed.as_ref().unchecked_ref());
            // The button lives as long as the page; so does what it calls.
            pressed.forget();
            let _ = group.append_child(&button);
        }
        while buttons.length() as usize > controls.len() {
            if let Some(last) = buttons.item(buttons.length() - 1) {
                last.remove();
            }
        }
        for (index, control) in controls.iter().enumerate() {
            let Some(button) = buttons.item(index as u32) else {
                continue;
            };
            let before = shown.get(index);
            if before.map(|c| &c.name) != Some(&control.name) {
                let _ = button.set_attribute("aria-label", &control.name);
                button.set_text_content(Some(&control.name));
            }
            if before.map(|c| c.rect) != Some(control.rect) {
                let rect = control.rect;
                let style = format!(
                    "left:{:.0}px;top:{:.0}px;width:{:.0}px;height:{:.0}px",
                    rect.left(),
                    rect.top(),
                    rect.width(),
                    rect.height()
                );
                let _ = button.set_attribute("style", &style);
            }
        }
        controls.clone_into(shown);
    });
}

/// Keeps `<div id="board">` a group named as the board on show, holding one button per cell
/// named as the desktop names it on the accessibility bus ("Row 1, column 1, empty, score 0,
/// draw, best move"): a screen reader reads the cells and their scores, and pressing a button
/// plays that cell as a click on the board would. Written only where a name changed.
fn mirror_board(spoken: &Spoken) {
    BOARD_SHOWN.with_borrow_mut(|shown| {
        if *shown == *spoken {
            return;
        }
        let Some(group) = element("board") else {
            return;
        };
        let Some(document) = web_sys::window().and_then(|window| window.document()) else {
            return;
        };
        if shown.board != spoken.board {
            let _ = group.set_attribute("aria-label", &spoken.board);
        }
        if shown.description != spoken.description {
            match &spoken.description {
                Some(description) => {
                    let _ = group.set_attribute("aria-description", description);
                }
                None => {
                    let _ = group.remove_attribute("aria-description");
                }
            }
        }
        let buttons = group.children();
        // As many buttons as cells: new ones press their own index.
        for index in buttons.length() as usize..spoken.cells.len() {
            let Ok(button) = document.create_element("button") else {
                return;
            };
            let pressed = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
                PRESSED.with_borrow_mut(|pressed| pressed.push(index));
                CONTEXT.with_borrow(|context| {
                    if let Some(context) = context {
                        context.request_repaint();
                    }
                });
            });
            let _ =
                button.add_event_listener_with_callback("click", pressed.as_ref().unchecked_ref());
            // The button lives as long as the page; so does what it calls.
            pressed.forget();
            let _ = group.append_child(&button);
        }
        while buttons.length() as usize > spoken.cells.len() {
            if let Some(last) = buttons.item(buttons.length() - 1) {
                last.remove();
            }
        }
        for (index, name) in spoken.cells.iter().enumerate() {
            let Some(button) = buttons.item(index as u32) else {
                continue;
            };
            if shown.cells.get(index) != Some(name) {
                let _ = button.set_attribute("aria-label", name);
                button.set_text_content(Some(name));
            }
            // Over the cell it names (egui's points are the page's CSS pixels), so that a
            // screen reader's exploration by touch finds it where the cell is drawn.
            if let Some(rect) = spoken.rects.get(index)
                && shown.rects.get(index) != Some(rect)
            {
                let style = format!(
                    "left:{:.0}px;top:{:.0}px;width:{:.0}px;height:{:.0}px",
                    rect.left(),
                    rect.top(),
                    rect.width(),
                    rect.height()
                );
                let _ = button.set_attribute("style", &style);
            }
        }
        spoken.clone_into(shown);
    });
}

/// Replaces the page's "Loading…" line with `message`.
fn say_on_page(message: &str) {
    if let Some(loading) = element("loading") {
        loading.set_text_content(Some(message));
    }
}
