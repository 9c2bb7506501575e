//! The browser: one thread (the page's), no folders, no blocking dialogs. Searches run in a Web
//! Worker ([`WebWorker`]): a second copy of this program, spoken to in messages of bytes.

use std::cell::RefCell;

use js_sys::Uint8Array;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{
    DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType,
};

/// Serves each request at once, on the caller's thread, before [`Server::send`] returns (for
/// quick work: the searches go to a [`WebWorker`]).
pub struct Server<R> {
    serve: RefCell<Box<dyn FnMut(Vec<R>) + Send>>,
}

impl<R: Send + 'static> Server<R> {
    /// A server that calls `serve` with each request as it is sent (`name` is for threads).
    pub fn spawn(_name: &str, serve: impl FnMut(Vec<R>) + Send + 'static) -> Server<R> {
        Server {
            serve: RefCell::new(Box::new(serve)),
        }
    }

    /// Serves `request` now; `false` if the server is busy (a request sent while serving).
    pub fn send(&self, request: R) -> bool {
        match self.serve.try_borrow_mut() {
            Ok(mut serve) => {
                serve(vec![request]);
                true
            }
            Err(_) => false,
        }
    }
}

/// A Web Worker running this same program: `worker.js`, beside the page, loads it there, and its
/// `main` finds itself in a worker (see [`in_web_worker`]) and serves the page's messages
/// ([`serve_page`]). Dropping the handle stops the worker at once, whatever it is doing.
pub struct WebWorker {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl WebWorker {
    /// Starts a worker that will call `on_message` with each message it sends; `Err` says why
    /// the browser could not start it.
    pub fn start(mut on_message: impl FnMut(Vec<u8>) + 'static) -> Result<WebWorker, String> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("worker.js", &options)
            .map_err(|error| format!("the browser cannot start a Web Worker: {error:?}"))?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(message) = bytes(&event) {
                on_message(message);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(|event: ErrorEvent| {
            dialogs::show_error("Search worker", event.message());
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        // First this program, compiled already, so that the worker need not fetch and compile
        // it again; then the messages.
        worker
            .post_message(&wasm_bindgen::module())
            .map_err(|error| format!("the Web Worker cannot be given the program: {error:?}"))?;
        Ok(WebWorker {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends `message` to the worker.
    pub fn post(&self, message: &[u8]) {
        if let Err(error) = self.worker.post_message(&Uint8Array::from(message)) {
            dialogs::show_error(
                "Search worker",
                format!("a request was not sent: {error:?}"),
            );
        }
    }
}

impl Drop for WebWorker {
    fn drop(&mut self) {
        // Messages already on their way must not reach the closures, which go with the handle.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// On the page: calls `f` once `delay` has passed, from the page's event loop (at once if the
/// page has no window to keep time).
pub fn call_later(delay: std::time::Duration, f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return f();
    };
    let callback = Closure::once_into_js(f);
    let millis = i32::try_from(delay.as_millis()).unwrap_or(i32::MAX);
    if let Err(error) = window
        .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), millis)
    {
        dialogs::show_error("Timer", format!("the page cannot set a timer: {error:?}"));
    }
}

/// Whether this program runs in a Web Worker (else on the page).
pub fn in_web_worker() -> bool {
    js_sys::global().is_instance_of::<DedicatedWorkerGlobalScope>()
}

/// In a Web Worker: calls `serve` with each message the page sends, for as long as the worker
/// lives.
pub fn serve_page(mut serve: impl FnMut(Vec<u8>) + 'static) {
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(message) = bytes(&event) {
            serve(message);
        }
    });
    worker_scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker's handler lives as long as the worker.
    on_message.forget();
}

/// In a Web Worker: sends `message` to the page.
pub fn post_to_page(message: &[u8]) {
    if let Err(error) = worker_scope().post_message(&Uint8Array::from(message)) {
        dialogs::show_error(
            "Search worker",
            format!("an answer was not sent: {error:?}"),
        );
    }
}

/// The bytes a message between the page and its worker carries (`None` for anything else).
fn bytes(event: &MessageEvent) -> Option<Vec<u8>> {
    Some(event.data().dyn_into::<Uint8Array>().ok()?.to_vec())
}

fn worker_scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// A page is closed by its browser, not by a menu of its own.
pub const CAN_QUIT: bool = false;

/// The page's address without its query (`https://example.org/tictactoe/index.html`), which a
/// link to a position starts with.
pub fn page_address() -> Option<String> {
    let location = web_sys::window()?.location();
    Some(format!(
        "{}{}",
        location.origin().ok()?,
        location.pathname().ok()?
    ))
}

/// A browser has no folders: settings live in eframe's storage.
pub mod dirs {
    use std::path::PathBuf;

    pub fn config_dir() -> Option<PathBuf> {
        None
    }

    pub fn data_local_dir() -> Option<PathBuf> {
        None
    }
}

/// PNG pictures: the browser draws its own, on a canvas, as it downloads them
/// ([`dialogs::download_picture`]), rather than the page carrying a rasteriser.
pub mod pictures {
    /// Not here: see [`super::dialogs::download_picture`].
    pub fn png(_svg: &str, _fonts: &[&[u8]], _sans_serif: &str) -> Result<Vec<u8>, String> {
        Err("a browser draws its PNG pictures as it downloads them".into())
    }
}

/// No blocking dialogs in a browser: files come as uploads and go as downloads.
pub mod dialogs {
    use std::cell::RefCell;
    use std::path::PathBuf;
    use std::rc::Rc;

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::{Closure, JsValue};
    use web_sys::{
        Blob, BlobPropertyBag, CanvasRenderingContext2d, HtmlAnchorElement, HtmlCanvasElement,
        HtmlImageElement, HtmlInputElement, Url,
    };

    use crate::platform::file_exchange::{FileQuestion, Upload};

    /// No dialog gives a path here.
    pub fn available() -> bool {
        false
    }

    /// Answers `None`, as if the player cancelled.
    pub fn ask(_question: FileQuestion, answer: impl FnOnce(Option<PathBuf>) + Send + 'static) {
        answer(None);
    }

    /// Files are handed over as text: [`download`] and [`upload`].
    pub const TRANSFERS: bool = true;

    /// Hands `text` to the browser as a download named `file_name`.
    pub fn download(file_name: &str, text: &str) -> Result<(), String> {
        let (link, url) = blob_link(file_name, text_blob(text, "text/plain;charset=utf-8")?)?;
        click(&link, url);
        Ok(())
    }

    /// Hands `bytes` to the browser as a download named `file_name`, of type `mime`.
    pub fn download_bytes(file_name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
        let options = BlobPropertyBag::new();
        options.set_type(mime);
        let array = js_sys::Uint8Array::from(bytes);
        let parts = js_sys::Array::of1(&array);
        let blob =
            Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(refused)?;
        let (link, url) = blob_link(file_name, blob)?;
        click(&link, url);
        Ok(())
    }

    /// Fetches the page's own files `names` (beside the page, from its origin) and gives their
    /// bytes, in order, to `answer`; `Err` names the first that could not be had.
    pub fn fetch_site_files(
        names: &'static [&'static str],
        answer: impl FnOnce(Result<Vec<Vec<u8>>, String>) + 'static,
    ) {
        wasm_bindgen_futures::spawn_local(async move {
            let mut files = Vec::new();
            for name in names {
                match fetch_bytes(name).await {
                    Ok(bytes) => files.push(bytes),
                    Err(error) => {
                        return answer(Err(format!("{name} could not be fetched: {error}")));
                    }
                }
            }
            answer(Ok(files));
        });
    }

    async fn fetch_bytes(name: &str) -> Result<Vec<u8>, String> {
        let window = web_sys::window().ok_or("no window")?;
        let shown = |error: JsValue| format!("{error:?}");
        let response = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str(name))
            .await
            .map_err(shown)?;
        let response: web_sys::Response = response.dyn_into().map_err(shown)?;
        if !response.ok() {
            return Err(format!("the server answered {}", response.status()));
        }
        let buffer = wasm_bindgen_futures::JsFuture::from(response.array_buffer().map_err(shown)?)
            .await
            .map_err(shown)?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    /// What the browser says when it refuses a download.
    fn refused(error: JsValue) -> String {
        format!("the browser refused the download: {error:?}")
    }

    /// A blob holding `text`, of type `mime`.
    fn text_blob(text: &str, mime: &str) -> Result<Blob, String> {
        let options = BlobPropertyBag::new();
        options.set_type(mime);
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        Blob::new_with_str_sequence_and_options(&parts, &options).map_err(refused)
    }

    /// Downloads what `link` points at, then lets go of its address `url`.
    fn click(link: &HtmlAnchorElement, url: String) {
        link.set_href(&url);
        link.click();
        release_later(url);
    }

    /// A link that downloads as `file_name`, and the address of `blob` (to be let go with
    /// [`release_later`] once the link is clicked, or revoked).
    fn blob_link(file_name: &str, blob: Blob) -> Result<(HtmlAnchorElement, String), String> {
        let document = web_sys::window()
            .and_then(|window| window.document())
            .ok_or("the page has no document to download from")?;
        let url = Url::create_object_url_with_blob(&blob).map_err(refused)?;
        let link: HtmlAnchorElement = document
            .create_element("a")
            .map_err(refused)?
            .unchecked_into();
        link.set_download(file_name);
        Ok((link, url))
    }

    /// Hands the picture `svg` to the browser as a download named `file_name`: the SVG itself,
    /// or with `png` the browser's own rendering of it on a canvas, twice its size (as the
    /// desktop's PNG). The browser draws it once the image has loaded: a failure then is told
    /// to the console.
    pub fn download_picture(file_name: &str, svg: &str, png: bool) -> Result<(), String> {
        let (link, url) = blob_link(file_name, text_blob(svg, "image/svg+xml")?)?;
        let document = web_sys::window()
            .and_then(|window| window.document())
            .ok_or("the page has no document to draw the picture in")?;
        if !png {
            click(&link, url);
            return Ok(());
        }
        let image = HtmlImageElement::new().map_err(refused)?;
        let canvas: HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(refused)?
            .unchecked_into();
        let drawn = image.clone();
        let svg_url = url.clone();
        let draw = Closure::once_into_js(move || {
            let scale = 2.0;
            canvas.set_width((drawn.natural_width() as f64 * scale) as u32);
            canvas.set_height((drawn.natural_height() as f64 * scale) as u32);
            let painted = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .map(|context| context.unchecked_into::<CanvasRenderingContext2d>())
                .ok_or_else(|| JsValue::from_str("no 2D canvas"))
                .and_then(|context| {
                    context.scale(scale, scale)?;
                    context.draw_image_with_html_image_element(&drawn, 0.0, 0.0)?;
                    canvas.to_data_url_with_type("image/png")
                });
            match painted {
                Ok(png) => {
                    link.set_href(&png);
                    link.click();
                }
                Err(error) => web_sys::console::error_1(&error),
            }
            let _ = Url::revoke_object_url(&svg_url);
        });
        image.set_onload(Some(draw.unchecked_ref()));
        image.set_src(&url);
        Ok(())
    }

    /// Lets the blob behind `url` go once a download has taken it, a moment after the click.
    fn release_later(url: String) {
        let release = Closure::once_into_js(move || {
            let _ = Url::revoke_object_url(&url);
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                release.unchecked_ref(),
                10_000,
            );
        }
    }

    /// Asks the player for a file with the browser's file chooser and gives its name and text
    /// to `answer`: `None` if they cancelled, `Err` if it could not be read or is larger than
    /// `max_bytes`.
    pub fn upload(
        question: FileQuestion,
        max_bytes: u64,
        answer: impl FnOnce(Option<Result<Upload, String>>) + Send + 'static,
    ) {
        let answer = Rc::new(RefCell::new(Some(answer)));
        let give = {
            let answer = Rc::clone(&answer);
            move |given: Option<Result<Upload, String>>| {
                if let Some(answer) = answer.borrow_mut().take() {
                    answer(given);
                }
            }
        };
        let Some(input) = web_sys::window()
            .and_then(|window| window.document())
            .and_then(|document| document.create_element("input").ok())
            .map(|element| element.unchecked_into::<HtmlInputElement>())
        else {
            give(Some(Err("the page cannot show a file chooser".into())));
            return;
        };
        input.set_type("file");
        input.set_accept(&format!(".{},text/plain", question.filter.1));
        let give = Rc::new(give);
        let chosen = {
            let (input, give) = (input.clone(), Rc::clone(&give));
            Closure::<dyn FnMut()>::new(move || {
                let Some(file) = input.files().and_then(|files| files.get(0)) else {
                    return give(None);
                };
                let name = file.name();
                if file.size() > max_bytes as f64 {
                    return give(Some(Err(format!(
                        "{name} is {} bytes, more than such a file can be ({max_bytes} bytes)",
                        file.size()
                    ))));
                }
                let give = Rc::clone(&give);
                wasm_bindgen_futures::spawn_local(async move {
                    let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
                    give(Some(match text.ok().and_then(|text| text.as_string()) {
                        Some(text) => Ok(Upload { name, text }),
                        None => Err(format!("{name} could not be read as text")),
                    }));
                });
            })
        };
        let cancelled = {
            let give = Rc::clone(&give);
            Closure::<dyn FnMut()>::new(move || give(None))
        };
        input.set_onchange(Some(chosen.as_ref().unchecked_ref()));
        input.set_oncancel(Some(cancelled.as_ref().unchecked_ref()));
        // The chooser answers once; its handlers live until then.
        chosen.forget();
        cancelled.forget();
        input.click();
    }

    /// Writes `message` to the browser's console, as an error.
    pub fn show_error(title: &str, message: String) {
        web_sys::console::error_1(&format!("{title}: {message}").into());
    }
}

/// A page has one thread: nothing runs beside its work.
pub mod threads {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// Runs `work`; `watch` does not run, as there is no thread to run it on.
    pub fn alongside<T>(work: impl FnOnce() -> T, _watch: impl FnOnce(&AtomicBool) + Send) -> T {
        work()
    }

    /// Scoped threads: the engine's (a browser has one core, so a search never spawns one).
    pub use tictactoe_engine::platform::threads::scope;

    /// A page cannot block: waits by reading the clock until `duration` has passed.
    pub fn sleep(duration: Duration) {
        let start = web_time::Instant::now();
        while start.elapsed() < duration {}
    }

    /// There is no other thread to let run.
    pub fn yield_now() {}
}

/// The browser's wall clock (std's panics in a browser).
pub mod wall_clock {
    use std::time::Duration;

    /// Whole seconds since 1970, from `Date.now()`.
    pub fn unix_seconds() -> u64 {
        (js_sys::Date::now() / 1000.0).max(0.0) as u64
    }

    /// A page has no files with ages.
    pub fn age(_metadata: &std::fs::Metadata) -> Option<Duration> {
        None
    }
}

/// The browser's own storage for the page (`localStorage`): texts kept under a key across a
/// reload, a closed tab and a restart of the browser.
pub mod browser_storage {
    /// Whether there is a browser's storage to keep texts in.
    pub const AVAILABLE: bool = true;

    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok()?
    }

    /// The text kept under `key`, if any.
    pub fn get(key: &str) -> Option<String> {
        storage()?.get_item(key).ok()?
    }

    /// Keeps `text` under `key`; `Err` says why the browser refused (storage full or off).
    pub fn set(key: &str, text: &str) -> Result<(), String> {
        let storage = storage().ok_or("the browser keeps no storage for this page")?;
        storage
            .set_item(key, text)
            .map_err(|error| format!("the browser refused to keep it: {error:?}"))
    }

    pub fn remove(key: &str) {
        if let Some(storage) = storage() {
            let _ = storage.remove_item(key);
        }
    }
}
