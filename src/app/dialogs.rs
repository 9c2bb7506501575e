//! Native file dialogs for settings ("Save settings as…", "Load settings…") and games ("Save
//! game…", "Open game…"), run off the UI thread so the window keeps drawing while one is open.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, Sender};

/// Which dialog, and so what to do with the file picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    SaveSettingsAs,
    LoadSettings,
    SaveGame,
    OpenGame,
}

/// The player's answer to a dialog: a file, or `None` if they cancelled.
pub struct Picked {
    pub purpose: Purpose,
    pub path: Option<PathBuf>,
}

pub struct FileDialogs {
    sender: Sender<Picked>,
    receiver: Receiver<Picked>,
    open: bool,
}

impl Default for FileDialogs {
    fn default() -> Self {
        let (sender, receiver) = mpsc::channel();
        FileDialogs {
            sender,
            receiver,
            open: false,
        }
    }
}

impl FileDialogs {
    /// Opens a dialog, unless one is open already. `Err` says why no dialog can be shown.
    pub fn open(&mut self, purpose: Purpose, ctx: &egui::Context) -> Result<(), String> {
        if self.open {
            return Ok(());
        }
        if !dialogs_available() {
            return Err(
                "No file dialog can be shown here: it needs xdg-desktop-portal or zenity."
                    .to_string(),
            );
        }
        self.open = true;
        let sender = self.sender.clone();
        let ctx = ctx.clone();
        let ask = move || {
            let (filter, name) = match purpose {
                Purpose::SaveSettingsAs | Purpose::LoadSettings => {
                    ("Settings (RON)", "settings.ron")
                }
                Purpose::SaveGame | Purpose::OpenGame => ("Games (RON)", "game.ron"),
            };
            let dialog = rfd::FileDialog::new()
                .add_filter(filter, &["ron"])
                .set_file_name(name);
            let path = match purpose {
                Purpose::SaveSettingsAs => dialog.set_title("Save settings as").save_file(),
                Purpose::LoadSettings => dialog.set_title("Load settings").pick_file(),
                Purpose::SaveGame => dialog.set_title("Save game").save_file(),
                Purpose::OpenGame => dialog.set_title("Open game").pick_file(),
            };
            let _ = sender.send(Picked { purpose, path });
            ctx.request_repaint();
        };
        // macOS shows dialogs only from the main thread (they are modal there anyway).
        if cfg!(target_os = "macos") {
            ask();
        } else {
            std::thread::spawn(ask);
        }
        Ok(())
    }

    /// The answer of the dialog, once the player has closed it.
    pub fn picked(&mut self) -> Option<Picked> {
        let picked = self.receiver.try_recv().ok()?;
        self.open = false;
        Some(picked)
    }
}

/// Whether rfd has a way to show a dialog: on Linux and the BSDs it needs the desktop portal (over
/// the session bus) or the zenity program.
fn dialogs_available() -> bool {
    if !cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "openbsd",
        target_os = "netbsd"
    )) {
        return true;
    }
    let has_session_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some();
    let has_zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    has_session_bus || has_zenity
}
