//! The desktop: threads, the platform's folders and native dialogs.

use std::sync::mpsc::{self, Sender};
use std::thread;

/// Serves requests on a thread of its own, in the order sent; requests sent while one is served
/// are handed over together, so that the server can keep only the newest. Dropping the handle
/// lets the thread finish what it was given, then end.
pub struct Server<R> {
    requests: Sender<R>,
}

impl<R: Send + 'static> Server<R> {
    /// Starts a thread named `name` that calls `serve` with every batch of requests.
    pub fn spawn(name: &str, mut serve: impl FnMut(Vec<R>) + Send + 'static) -> Server<R> {
        let (requests, inbox) = mpsc::channel::<R>();
        thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                while let Ok(first) = inbox.recv() {
                    serve(std::iter::once(first).chain(inbox.try_iter()).collect());
                }
            })
            .expect("the OS can start a thread");
        Server { requests }
    }

    /// Hands `request` to the server; `false` if its thread is gone.
    pub fn send(&self, request: R) -> bool {
        self.requests.send(request).is_ok()
    }
}

/// The game's window can be closed from its menu.
pub const CAN_QUIT: bool = true;

/// A desktop program has no address to link to.
pub fn page_address() -> Option<String> {
    None
}

/// The platform's folders for this program.
pub mod dirs {
    use std::path::PathBuf;

    fn project() -> Option<directories::ProjectDirs> {
        directories::ProjectDirs::from("", "", "tictactoe")
    }

    /// Where preferences are kept (`~/.config/tictactoe/` on Linux).
    pub fn config_dir() -> Option<PathBuf> {
        Some(project()?.config_dir().to_owned())
    }

    /// Where this machine's own files are kept (`%LOCALAPPDATA%\tictactoe\data\` on Windows).
    pub fn data_local_dir() -> Option<PathBuf> {
        Some(project()?.data_local_dir().to_owned())
    }
}

/// Pictures as PNG: an SVG document rasterised with resvg, its text in the fonts given (the app
/// gives its own, built into the program), so that the picture is the same on every machine
/// whatever fonts it has.
pub mod pictures {
    use resvg::{tiny_skia, usvg};

    /// How many pixels a PNG has for each of the SVG's: sharp on a projector.
    const SCALE: f32 = 2.0;
    /// The longest side of a PNG, in pixels: what image viewers and slide programs open.
    const MAX_SIDE: f32 = 16_384.0;
    /// The most pixels of a PNG: 40 million, 160 MB while it is drawn.
    const MAX_PIXELS: f32 = 40_000_000.0;
    /// The least scale a PNG is drawn at to fit those bounds: below it, its text is too small.
    const MIN_SCALE: f32 = 0.5;

    /// `svg` as a PNG image, twice its size, its text in `fonts` (TrueType or OpenType files'
    /// contents), `sans_serif` the family its sans-serif text takes.
    pub fn png(svg: &str, fonts: &[&[u8]], sans_serif: &str) -> Result<Vec<u8>, String> {
        let mut options = usvg::Options::default();
        let database = options.fontdb_mut();
        for font in fonts {
            database.load_font_data(font.to_vec());
        }
        database.set_sans_serif_family(sans_serif);
        let tree = usvg::Tree::from_str(svg, &options).map_err(|error| error.to_string())?;
        let (width, height) = (tree.size().width(), tree.size().height());
        // Twice the SVG's size, or as much less as keeps the image within the bounds, but never
        // so small that its text could not be read: then the SVG is the picture to export.
        let fit = (MAX_SIDE / width)
            .min(MAX_SIDE / height)
            .min((MAX_PIXELS / (width * height)).sqrt());
        let scale = SCALE.min(fit);
        if scale < MIN_SCALE {
            return Err(format!(
                "at {:.0} × {:.0} pixels it is larger than a PNG can be here (at most {MAX_SIDE} \
                 pixels a side and {} million pixels); export it as SVG instead",
                width * SCALE,
                height * SCALE,
                MAX_PIXELS / 1_000_000.0
            ));
        }
        let size = tree
            .size()
            .to_int_size()
            .scale_by(scale)
            .ok_or("the picture is too large")?;
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
            .ok_or("the picture is too large")?;
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        pixmap.encode_png().map_err(|error| error.to_string())
    }
}

/// Native file dialogs and message boxes (through rfd).
pub mod dialogs {
    use std::path::PathBuf;

    use crate::platform::file_exchange::FileQuestion;

    /// Whether a dialog can be shown: on Linux and the BSDs rfd needs the desktop portal (over
    /// the session bus) or the zenity program.
    pub fn available() -> bool {
        if !cfg!(any(
            target_os = "linux",
            target_os = "freebsd",
            target_os = "openbsd",
            target_os = "netbsd"
        )) {
            return true;
        }
        let has_session_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some();
        let has_zenity = std::env::var_os("PATH").is_some_and(|paths| {
            std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file())
        });
        has_session_bus || has_zenity
    }

    /// Asks `question` off the UI thread, so that the window keeps drawing, and gives the
    /// player's answer (`None`: cancelled) to `answer`.
    pub fn ask(question: FileQuestion, answer: impl FnOnce(Option<PathBuf>) + Send + 'static) {
        let ask = move || {
            let dialog = rfd::FileDialog::new()
                .add_filter(question.filter.0, &[question.filter.1])
                .set_file_name(question.file_name)
                .set_title(question.title);
            answer(if question.save {
                dialog.save_file()
            } else {
                dialog.pick_file()
            });
        };
        // macOS shows dialogs only from the main thread (they are modal there anyway).
        if cfg!(target_os = "macos") {
            ask();
        } else {
            std::thread::spawn(ask);
        }
    }

    /// Files are picked by path ([`ask`]), not handed over as text.
    pub const TRANSFERS: bool = false;

    /// A desktop program saves to a path the player picks ([`ask`]); it has no downloads.
    pub fn download(_file_name: &str, _text: &str) -> Result<(), String> {
        Err("a desktop program saves files where the player picks, not as downloads".into())
    }

    /// A desktop program saves pictures where the player picks ([`ask`]); it has no downloads.
    pub fn download_picture(_file_name: &str, _svg: &str, _png: bool) -> Result<(), String> {
        Err("a desktop program saves files where the player picks, not as downloads".into())
    }

    /// A desktop program saves files where the player picks ([`ask`]); it has no downloads.
    pub fn download_bytes(_file_name: &str, _bytes: &[u8], _mime: &str) -> Result<(), String> {
        Err("a desktop program saves files where the player picks, not as downloads".into())
    }

    /// A desktop program is not served from a site: there are no site files to fetch.
    pub fn fetch_site_files(
        _names: &'static [&'static str],
        answer: impl FnOnce(Result<Vec<Vec<u8>>, String>) + 'static,
    ) {
        answer(Err(
            "the desktop game has no web page to package: make the package with tictactoe \
             exercises --format scorm --site DIR"
                .into(),
        ));
    }

    /// A desktop program opens a path the player picks ([`ask`]); it has no uploads.
    pub fn upload(
        _question: FileQuestion,
        _max_bytes: u64,
        answer: impl FnOnce(Option<Result<crate::platform::file_exchange::Upload, String>>)
        + Send
        + 'static,
    ) {
        answer(Some(Err(
            "a desktop program opens files by path, not as uploads".into(),
        )));
    }

    /// Shows `message` in an error box titled `title`, and waits until it is closed.
    pub fn show_error(title: &str, message: String) {
        rfd::MessageDialog::new()
            .set_level(rfd::MessageLevel::Error)
            .set_title(title)
            .set_description(message)
            .set_buttons(rfd::MessageButtons::Ok)
            .show();
    }
}

/// Threads beyond the UI's and the servers': the command line's progress line beside its work,
/// and tests that wait for a worker.
pub mod threads {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    /// Runs `work` on this thread and `watch` on one of its own until both are done; `watch` is
    /// handed a flag that turns true once `work` has returned (or panicked).
    pub fn alongside<T>(work: impl FnOnce() -> T, watch: impl FnOnce(&AtomicBool) + Send) -> T {
        /// Raises the flag however `work` ends, so that `watch` never waits for ever.
        struct Raise<'a>(&'a AtomicBool);
        impl Drop for Raise<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| watch(&done));
            let _raise = Raise(&done);
            work()
        })
    }

    /// Scoped threads: the engine's.
    pub use tictactoe_engine::platform::threads::scope;

    /// Blocks this thread for `duration`.
    pub fn sleep(duration: Duration) {
        std::thread::sleep(duration);
    }

    /// Lets another thread run.
    pub fn yield_now() {
        std::thread::yield_now();
    }
}

/// The wall clock, for names and files' ages (intervals use [`crate::platform::Instant`]).
pub mod wall_clock {
    use std::time::{Duration, SystemTime, UNIX_EPOCH};

    /// Whole seconds since 1970 (0 when the clock is set before it).
    pub fn unix_seconds() -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())
    }

    /// How long ago the file was last changed, when the file system says and it is not in the
    /// future.
    pub fn age(metadata: &std::fs::Metadata) -> Option<Duration> {
        let modified = metadata.modified().ok()?;
        SystemTime::now().duration_since(modified).ok()
    }
}

/// The browser's storage: the desktop keeps its texts in files instead.
pub mod browser_storage {
    /// Whether there is a browser's storage to keep texts in.
    pub const AVAILABLE: bool = false;

    /// Nothing is kept here.
    pub fn get(_key: &str) -> Option<String> {
        None
    }

    /// Not kept: the desktop has files.
    pub fn set(_key: &str, _text: &str) -> Result<(), String> {
        Err("the desktop has no browser storage".into())
    }

    pub fn remove(_key: &str) {}
}
