//! The web page around the game: its address's query, its canvas, the text regions and the
//! buttons it mirrors for screen readers, and the hooks its tests listen on. The app decides what
//! the page shows; this module only knows the DOM.

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

/// The page's canvas, as eframe's web runner takes it.
pub use web_sys::HtmlCanvasElement as Canvas;

/// Runs `task` on the page's event loop.
pub fn spawn(task: impl Future<Output = ()> + 'static) {
    wasm_bindgen_futures::spawn_local(task);
}

/// The query the game starts on: the page's `window.tictactoeStartQuery` where the page set one
/// (the link kept by [`keep_link`], when the page reloads itself after the browser reset its
/// graphics), else the query of the page's address (`?position=…`), or "" when there is none.
pub fn query() -> String {
    let Some(window) = web_sys::window() else {
        return String::new();
    };
    js_sys::Reflect::get(&window, &"tictactoeStartQuery".into())
        .ok()
        .and_then(|query| query.as_string())
        .or_else(|| window.location().search().ok())
        .unwrap_or_default()
}

/// Keeps `query`, a link's query to where the game is now, in the `data-link` attribute of
/// `canvas`, for the page to reload into (see `assets/web/index.html`). Written only when it
/// changes.
pub fn keep_link(canvas: &Canvas, query: &str) {
    thread_local!(static KEPT: RefCell<String> = const { RefCell::new(String::new()) });
    KEPT.with_borrow_mut(|kept| {
        if kept != query && canvas.set_attribute("data-link", query).is_ok() {
            query.clone_into(kept);
        }
    });
}

/// Whether the page's main pointer is a finger (a phone or a tablet), as the CSS media query
/// `(pointer: coarse)` tells: a laptop with a touch screen still has a mouse first.
pub fn pointer_is_coarse() -> bool {
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

/// The `<canvas>` with this `id`, if the page has one.
pub fn canvas(id: &str) -> Option<Canvas> {
    element(id)?.dyn_into().ok()
}

/// Gives `canvas` its WebGL 2 context before eframe asks for one, without the multisampling a
/// browser gives by default: egui smooths its own edges (the desktop's window has none either),
/// and multisampling multiplies the work of every frame where the browser draws without a
/// graphics card, work taken from the search running beside it. eframe takes the context that
/// is there; where there is no WebGL 2 it makes its own WebGL 1 context.
pub fn draw_without_multisampling(canvas: &Canvas) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"antialias".into(), &false.into());
    let _ = canvas.get_context_with_context_options("webgl2", &options);
}

/// Sets the text of the element with this `id` (a live region announces each write, so the
/// caller writes only what changed); `false` when the page has no such element.
pub fn set_text(id: &str, text: &str) -> bool {
    let Some(region) = element(id) else {
        return false;
    };
    region.set_text_content(Some(text));
    true
}

/// Tells the page's `window.tictactoeFrameTimed(start, ms)`, where the page defines it (the
/// browser tests do), that a frame's work of `ms` milliseconds has just ended.
pub fn report_frame_time(ms: f64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hook = js_sys::Reflect::get(&window, &"tictactoeFrameTimed".into());
    if let Ok(hook) = hook.and_then(|hook| hook.dyn_into::<js_sys::Function>()) {
        let start = window.performance().map_or(0.0, |p| p.now() - ms);
        let _ = hook.call2(&window, &start.into(), &ms.into());
    }
}

/// Tells the page's `window.tictactoeFrameWanted(ms)`, where the page defines it (its
/// `index.html` does), that the game wants a frame drawn in `delay` (zero: at once). eframe's web
/// runner asks the browser for every display refresh, drawn or not; the page lets an idle game's
/// frames wait until an input, a resize or this call wakes them (see `assets/web/index.html`), so
/// every repaint the game asks for, from a frame or from outside one (the search worker's answer),
/// must reach it.
pub fn want_frame_in(delay: std::time::Duration) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hook = js_sys::Reflect::get(&window, &"tictactoeFrameWanted".into());
    if let Ok(hook) = hook.and_then(|hook| hook.dyn_into::<js_sys::Function>()) {
        let _ = hook.call1(&window, &(delay.as_secs_f64() * 1000.0).into());
    }
}

/// A button the page keeps over what it stands for on the canvas: its accessible name, and where
/// it is in the page's CSS pixels (left, top, width, height).
#[derive(Debug, Clone, PartialEq)]
pub struct MirroredButton {
    pub name: String,
    pub place: [f32; 4],
}

/// What a group of mirrored buttons says of itself.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MirroredGroup {
    /// Its `aria-label`, if it has one.
    pub label: Option<String>,
    /// Its `aria-description`, if it has one.
    pub description: Option<String>,
}

thread_local! {
    /// What each group's buttons carry now, by the group's id.
    static MIRRORED: RefCell<HashMap<String, (MirroredGroup, Vec<MirroredButton>)>> =
        RefCell::new(HashMap::new());
}

/// Keeps the element `group_id` holding one `<button>` per entry of `buttons`, named and placed
/// as they say, with the group's own label and description. Only what changed is written (a
/// screen reader hears every write); a new button calls `pressed` with its index when pressed.
pub fn mirror_buttons(
    group_id: &str,
    group: &MirroredGroup,
    buttons: &[MirroredButton],
    pressed: fn(usize),
) {
    MIRRORED.with_borrow_mut(|mirrored| {
        let (shown_group, shown) = mirrored.entry(group_id.to_string()).or_default();
        if shown_group == group && shown.as_slice() == buttons {
            return;
        }
        let Some(element) = element(group_id) else {
            return;
        };
        let Some(document) = web_sys::window().and_then(|window| window.document()) else {
            return;
        };
        for (attribute, (before, now)) in [
            ("aria-label", (&shown_group.label, &group.label)),
            (
                "aria-description",
                (&shown_group.description, &group.description),
            ),
        ] {
            if before != now {
                let _ = match now {
                    Some(text) => element.set_attribute(attribute, text),
                    None => element.remove_attribute(attribute),
                };
            }
        }
        let children = element.children();
        for index in children.length() as usize..buttons.len() {
            let Ok(button) = document.create_element("button") else {
                return;
            };
            let on_click = Closure::<dyn FnMut()>::new(move || pressed(index));
            let _ =
                button.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
            // The button lives as long as the page; so does what it calls.
            on_click.forget();
            let _ = element.append_child(&button);
        }
        while children.length() as usize > buttons.len() {
            if let Some(last) = children.item(children.length() - 1) {
                last.remove();
            }
        }
        for (index, wanted) in buttons.iter().enumerate() {
            let Some(button) = children.item(index as u32) else {
                continue;
            };
            let before = shown.get(index);
            if before.map(|b| &b.name) != Some(&wanted.name) {
                let _ = button.set_attribute("aria-label", &wanted.name);
                button.set_text_content(Some(&wanted.name));
            }
            if before.map(|b| b.place) != Some(wanted.place) {
                let [left, top, width, height] = wanted.place;
                let style = format!(
                    "left:{left:.0}px;top:{top:.0}px;width:{width:.0}px;height:{height:.0}px"
                );
                let _ = button.set_attribute("style", &style);
            }
        }
        group.clone_into(shown_group);
        buttons.clone_into(shown);
    });
}
