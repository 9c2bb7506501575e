//! The web page: starts the game on the page's `<canvas id="game">`, on the position its link
//! gives (`?position=XO./.X./..O&to_move=O&k=3`, read as `--position` is, with the same
//! messages), and keeps the page's `<div id="status">` equal to the status line, for screen
//! readers and the browser tests.

use std::cell::RefCell;
use std::sync::Arc;

use wasm_bindgen::JsCast;

use super::{AppOptions, TicTacToeApp};
use crate::engine::board::{Board, Mark};
use crate::platform::Instant;

/// Starts the game on the page. Called by the program's `main` in the browser.
pub fn start() {
    let (position, start_notice) = match link_position() {
        Ok(position) => (position, None),
        Err(message) => (None, Some(message)),
    };
    let options = AppOptions {
        position,
        start_notice,
        status_mirror: Some(Arc::new(mirror_status)),
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
                Box::new(|cc| Ok(Box::new(Timed(TicTacToeApp::new(cc, options))))),
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

    fn on_exit(&mut self, gl: Option<&eframe::glow::Context>) {
        self.0.on_exit(gl);
    }
}

/// The position the page's link asks for, if any; `Err` says why it cannot be played.
fn link_position() -> Result<Option<Board>, String> {
    let Some(query) = web_sys::window().and_then(|w| w.location().search().ok()) else {
        return Ok(None);
    };
    let params = web_sys::UrlSearchParams::new_with_str(&query).map_err(|_| "a bad link")?;
    let Some(text) = params.get("position") else {
        return Ok(None);
    };
    let to_move = match params.get("to_move").as_deref() {
        None => None,
        Some("X" | "x") => Some(Mark::X),
        Some("O" | "o") => Some(Mark::O),
        Some(other) => {
            return Err(format!(
                "This link's to_move={other} is not X or O: the game starts as usual."
            ));
        }
    };
    let k = match params.get("k") {
        None => None,
        Some(k) => Some(k.parse::<usize>().map_err(|_| {
            format!(
                "This link's k={k} is not a number of marks in a row: the game starts as usual."
            )
        })?),
    };
    Board::parse_with(&text, to_move, k)
        .map(Some)
        .map_err(|error| format!("This link's position {text:?} cannot be played: {error}"))
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Keeps `<div id="status">` equal to the status line, writing only when it changes (a live
/// region announces every write).
fn mirror_status(text: &str) {
    thread_local!(static SHOWN: RefCell<String> = const { RefCell::new(String::new()) });
    SHOWN.with_borrow_mut(|shown| {
        if shown != text
            && let Some(status) = element("status")
        {
            status.set_text_content(Some(text));
            text.clone_into(shown);
        }
    });
}

/// Replaces the page's "Loading…" line with `message`.
fn say_on_page(message: &str) {
    if let Some(loading) = element("loading") {
        loading.set_text_content(Some(message));
    }
}
