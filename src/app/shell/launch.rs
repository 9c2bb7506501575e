//! Opening the window: one renderer after another until one works, and when none does, a message
//! the user can see (a double-clicked program has no console to print to) and a log file.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use eframe::Renderer;

use super::options::AppOptions;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::platform;
use crate::store::window_state::WindowStateFile;

/// The renderers tried, in order: wgpu (Direct3D 12, Vulkan, Metal or OpenGL, whichever the
/// machine offers) and then plain OpenGL through glow, which still works where wgpu finds no
/// adapter or loses its device (old GPUs, virtual machines, remote desktops).
const RENDERERS: [Renderer; 2] = [Renderer::Wgpu, Renderer::Glow];

/// What a user reads about a renderer.
fn renderer_name(renderer: Renderer) -> &'static str {
    match renderer {
        Renderer::Wgpu => "wgpu (Direct3D, Vulkan, Metal or OpenGL)",
        Renderer::Glow => "OpenGL (glow)",
    }
}

/// Why no window opened: each renderer tried, with its error.
#[derive(Debug, thiserror::Error)]
#[error("every way of drawing it failed{}", self.attempts_listed())]
pub struct WindowFailure {
    pub attempts: Vec<(Renderer, String)>,
}

impl WindowFailure {
    /// One line per renderer tried, each starting on a new line.
    fn attempts_listed(&self) -> String {
        self.attempts
            .iter()
            .map(|(renderer, error)| format!("\n- {}: {error}", renderer_name(*renderer)))
            .collect()
    }
}

/// Why one renderer could not run the game.
#[derive(Debug)]
struct OpenError {
    message: String,
    /// Whether another renderer might do better: not when the window system itself is missing
    /// (no display), nor once the game has started (the player's game would start over).
    try_another: bool,
}

/// Tries `open` with each renderer in turn until one succeeds or one fails in a way another
/// renderer cannot help with.
fn first_that_opens(
    renderers: &[Renderer],
    mut open: impl FnMut(Renderer) -> Result<(), OpenError>,
) -> Result<(), WindowFailure> {
    let mut attempts = Vec::new();
    for &renderer in renderers {
        match open(renderer) {
            Ok(()) => return Ok(()),
            Err(error) => {
                attempts.push((renderer, error.message));
                if !error.try_another {
                    break;
                }
            }
        }
    }
    Err(WindowFailure { attempts })
}

/// Opens the game window and runs it until it is closed, falling back to the next renderer when
/// one cannot start. When none can, says so in a message box and in the start-up log.
pub fn run(mut options: AppOptions) -> Result<(), WindowFailure> {
    options.window_state = window_state_file(options.settings_path.as_deref());
    let result = first_that_opens(&RENDERERS, |renderer| {
        let started = Rc::new(Cell::new(false));
        let options = options.clone();
        let app_started = started.clone();
        eframe::run_native(
            "Tic-Tac-Toe",
            native_options(&options, renderer),
            Box::new(move |cc| {
                app_started.set(true);
                Ok(Box::new(TicTacToeApp::new(cc, options)))
            }),
        )
        .map_err(|error| {
            let try_another = !started.get() && !matches!(error, eframe::Error::WinitEventLoop(_));
            let display = std::env::var_os("DISPLAY");
            let message = with_display_hint(plain_error(&error.to_string()), display.as_deref());
            if try_another {
                eprintln!(
                    "tictactoe: {} could not open the window ({message}); trying the next renderer",
                    renderer_name(renderer)
                );
            }
            OpenError {
                message,
                try_another,
            }
        })
    });
    if let Err(failure) = &result {
        tell_the_user(failure);
    }
    result
}

/// An error as a user reads it: winit's OS errors name the source file of the machine that
/// built the program (`os error at /home/…/mod.rs:788: Failed to open connection to X server`,
/// `C:\…\mod.rs:788: …` on Windows), once for each error wrapped in another; every such
/// place is dropped.
fn plain_error(text: &str) -> String {
    const OS_ERROR: &str = "os error at ";
    let mut plain = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(OS_ERROR) {
        let Some(colon) = rest[at..].find(": ") else {
            break;
        };
        plain.push_str(&rest[..at]);
        rest = &rest[at + colon + 2..];
    }
    plain.push_str(rest);
    plain
}

/// What winit says when Xlib's `XOpenDisplay` fails: it gives no reason (the server refused or
/// dropped the connection, had too many clients, or rejected the authorisation), and winit lets
/// a process make its event loop only once, so the game cannot try again itself.
const NO_X_CONNECTION: &str = "Failed to open connection to X server";

/// `message`, and when it is winit's [`NO_X_CONNECTION`], the display asked for (`DISPLAY`) and
/// what the user can do: the failure is the X server's answer, often a passing one.
fn with_display_hint(message: String, display: Option<&std::ffi::OsStr>) -> String {
    if !message.contains(NO_X_CONNECTION) {
        return message;
    }
    let display = match display {
        Some(display) => format!("DISPLAY={}", crate::store::shown_path(Path::new(display))),
        None => "DISPLAY is not set".to_owned(),
    };
    format!(
        "{message} ({display}); check that an X server runs there and accepts this user, then \
         start the game again"
    )
}

fn native_options(options: &AppOptions, renderer: Renderer) -> eframe::NativeOptions {
    let icon = eframe::icon_data::from_png_bytes(include_bytes!("../../../assets/icon-256.png"))
        .expect("the embedded icon is a valid PNG");
    eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tic-Tac-Toe")
            .with_app_id("tictactoe")
            .with_icon(icon)
            .with_inner_size([460.0, 580.0])
            .with_min_inner_size([300.0, 380.0]),
        renderer,
        // eframe reads the window's size and position from this file at start-up, but never
        // writes it (it would write through a link, over any file): the game does, on the way
        // out (`store::window_state`).
        persist_window: false,
        persistence_path: options.window_state.as_ref().map(|file| file.path.clone()),
        ..Default::default()
    }
}

/// Where the window's size and position are kept: eframe's `app.ron` in the program's data
/// folder, or beside a settings file given on the command line (`settings.window.ron`), and then
/// only beside a regular file (never `/dev/null.window.ron`).
pub fn window_state_file(settings_path: Option<&Path>) -> Option<WindowStateFile> {
    match settings_path {
        None => Some(WindowStateFile {
            path: eframe::storage_dir("tictactoe")?.join("app.ron"),
            make_folder: true,
        }),
        Some(path) => Some(WindowStateFile {
            path: crate::store::settings::window_state_path(path)?,
            make_folder: false,
        }),
    }
}

/// Where the last start-up failure is written: the platform's local data folder
/// (`%LOCALAPPDATA%\tictactoe\data\tictactoe.log` on Windows).
fn log_path() -> Option<PathBuf> {
    Some(platform::dirs::data_local_dir()?.join("tictactoe.log"))
}

/// The message a user reads when the window cannot open.
fn failure_message(failure: &WindowFailure, log: Option<&Path>) -> String {
    let mut message = format!(
        "Tic-Tac-Toe could not open its window: {failure}\n\n\
         If the graphics driver is old, updating it usually helps; over a remote desktop or in a \
         virtual machine, turn on 3D acceleration."
    );
    if let Some(log) = log {
        message.push_str(&format!(
            "\n\nThis message is also in {}",
            crate::store::shown_path(log)
        ));
    }
    message
}

fn tell_the_user(failure: &WindowFailure) {
    let log = log_path().filter(|path| write_log(path, &failure_message(failure, None)));
    let message = failure_message(failure, log.as_deref());
    eprintln!("tictactoe: {message}");
    platform::dialogs::show_error("Tic-Tac-Toe", message);
}

/// Writes the log, never through a link in its place (anyone who can write the folder could make
/// it point at a file of the user's).
fn write_log(path: &Path, text: &str) -> bool {
    path.parent()
        .is_some_and(|dir| platform::fs::create_dir_all(dir).is_ok())
        && crate::store::files::write_own_file(path, format!("{text}\n").as_bytes()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn falls_back_to_the_next_renderer_when_one_cannot_start() {
        let mut tried = Vec::new();
        let result = first_that_opens(&RENDERERS, |renderer| {
            tried.push(renderer);
            match renderer {
                Renderer::Wgpu => Err(OpenError {
                    message: "no suitable adapter".into(),
                    try_another: true,
                }),
                Renderer::Glow => Ok(()),
            }
        });
        assert!(result.is_ok());
        assert_eq!(tried, [Renderer::Wgpu, Renderer::Glow]);
    }

    #[test]
    fn a_failure_no_renderer_can_help_with_ends_the_search() {
        let mut tried = Vec::new();
        let failure = first_that_opens(&RENDERERS, |renderer| {
            tried.push(renderer);
            Err(OpenError {
                message: "device lost".into(),
                try_another: false,
            })
        })
        .unwrap_err();
        assert_eq!(tried, [Renderer::Wgpu]);
        assert_eq!(failure.attempts.len(), 1);
    }

    #[test]
    fn when_none_works_the_message_names_each_renderer_its_error_and_the_log() {
        let failure = first_that_opens(&RENDERERS, |renderer| {
            Err(OpenError {
                message: format!("{renderer:?} failed"),
                try_another: true,
            })
        })
        .unwrap_err();
        let message = failure_message(&failure, Some(Path::new("/data/tictactoe.log")));
        assert!(message.contains("wgpu (Direct3D, Vulkan, Metal or OpenGL): Wgpu failed"));
        assert!(message.contains("OpenGL (glow): Glow failed"));
        assert!(message.ends_with("This message is also in /data/tictactoe.log"));
    }

    #[test]
    fn no_connection_to_the_x_server_names_the_display_and_what_to_do() {
        let message = "winit EventLoopError: Failed to open connection to X server".to_owned();
        let said = with_display_hint(message.clone(), Some(std::ffi::OsStr::new(":99")));
        assert_eq!(
            said,
            "winit EventLoopError: Failed to open connection to X server (DISPLAY=:99); check \
             that an X server runs there and accepts this user, then start the game again"
        );
        assert!(with_display_hint(message, None).contains("(DISPLAY is not set)"));
        let other = "no suitable adapter".to_owned();
        assert_eq!(with_display_hint(other.clone(), None), other);
    }

    #[test]
    fn errors_do_not_carry_the_builders_source_paths() {
        assert_eq!(
            plain_error(
                "winit EventLoopError: os error at /root/.cargo/registry/src/winit/mod.rs:788: \
                 Failed to open connection to X server"
            ),
            "winit EventLoopError: Failed to open connection to X server"
        );
        assert_eq!(plain_error("no suitable adapter"), "no suitable adapter");
        // An OS error wrapped in another, each with its place.
        assert_eq!(
            plain_error(
                "os error at /home/builder/winit/x11/mod.rs:788: os error at \
                 C:\\src\\winit\\x11.rs:12: Failed to open connection to X server"
            ),
            "Failed to open connection to X server"
        );
    }
}
