//! Where the window was and how large, kept between runs in the file eframe reads at start-up
//! (`app.ron` in the program's data folder, or `settings.window.ron` beside a settings file
//! given on the command line), in eframe's format: a RON map whose `window` entry is the
//! window's settings as RON text. The game writes it itself, by the rules every file it writes
//! follows, checked as it writes: never through a link, never over a file that is not such a map,
//! never into a folder of another user (as root, in a user's folder), and not at all when
//! nothing changed.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::platform::fs;
use crate::store::files::{self, ReadProblem};

/// The window as eframe restores it: its position and size when neither maximized nor full
/// screen, and whether it was either.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WindowState {
    /// The outer top-left corner in physical pixels, where the system tells it.
    pub position_pixels: Option<[f32; 2]>,
    /// Physical pixels per point on the window's monitor (without the game's zoom).
    pub scale_factor: f32,
    /// The inside of the window in points.
    pub inner_size_points: [f32; 2],
    pub maximized: bool,
    pub fullscreen: bool,
}

/// The window-state file, and whether its folder may be made (the program's own data folder)
/// or must exist (beside a settings file the user named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WindowStateFile {
    pub path: PathBuf,
    pub make_folder: bool,
}

/// The most of an existing file read: eframe's own files are a few kilobytes.
const MAX_BYTES: u64 = 256 * 1024;

/// The key eframe reads the window's settings from.
const WINDOW_KEY: &str = "window";

/// `state` as eframe's `WindowSettings` reads it.
fn window_settings_ron(state: &WindowState) -> String {
    let position = match state.position_pixels {
        Some([x, y]) => format!("Some((x:{x:?},y:{y:?}))"),
        None => "None".to_owned(),
    };
    let [w, h] = state.inner_size_points;
    format!(
        "(normal_geometry:(outer_position_pixels:{position},scale_factor:{:?},\
         inner_size_points:(x:{w:?},y:{h:?})),fullscreen:{},maximized:{})",
        state.scale_factor, state.fullscreen, state.maximized
    )
}

/// The text of the file with `state` in it: the entries `existing` has (eframe's own, an older
/// version's) kept, the window's replaced. `None` when `existing` is not such a map.
pub fn text_with(existing: Option<&str>, state: &WindowState) -> Option<String> {
    let mut map: BTreeMap<String, String> = match existing {
        Some(text) if !text.trim().is_empty() => ron::from_str(text).ok()?,
        _ => BTreeMap::new(),
    };
    map.insert(WINDOW_KEY.to_owned(), window_settings_ron(state));
    ron::ser::to_string_pretty(&map, ron::ser::PrettyConfig::default()).ok()
}

/// Why the window's state was not written; nothing was changed.
pub type NotWritten = String;

/// Writes `state` into `file` if it changed, by the rules in the [module docs](self). `Ok(true)`
/// when the file was written, `Ok(false)` when it already held this state.
pub fn save(file: &WindowStateFile, state: &WindowState) -> Result<bool, NotWritten> {
    let path = &file.path;
    let existing = match files::read_capped(path, MAX_BYTES, |path| fs::File::open(path)) {
        Ok(bytes) => Some(String::from_utf8(bytes).map_err(|_| "the file there is not text")?),
        Err(ReadProblem::Io(error)) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(ReadProblem::TooLarge { .. }) => return Err("the file there is too large".into()),
        Err(ReadProblem::IsDirectory) => return Err("a folder is in its place".into()),
        Err(ReadProblem::NotARegularFile) => return Err("it is not a regular file".into()),
        Err(ReadProblem::Io(error)) => return Err(error.to_string()),
    };
    let text = text_with(existing.as_deref(), state)
        .ok_or("the file there is not the game's window state")?;
    if existing.as_deref() == Some(text.as_str()) {
        return Ok(false);
    }
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty());
    if let Some(dir) = dir
        && file.make_folder
        && fs::symlink_metadata(dir).is_err()
    {
        fs::create_dir_all(dir).map_err(|error| error.to_string())?;
    }
    files::write_own_file(path, text.as_bytes()).map_err(|error| error.to_string())?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATE: WindowState = WindowState {
        position_pixels: Some([10.0, 20.5]),
        scale_factor: 1.25,
        inner_size_points: [460.0, 580.0],
        maximized: false,
        fullscreen: false,
    };

    #[test]
    fn other_entries_are_kept_and_the_window_replaced() {
        let old = text_with(Some("{\"egui\": \"(x: 1)\", \"window\": \"()\"}"), &STATE).unwrap();
        let map: BTreeMap<String, String> = ron::from_str(&old).unwrap();
        assert_eq!(map["egui"], "(x: 1)");
        assert_eq!(map["window"], window_settings_ron(&STATE));
        assert_eq!(text_with(Some("my notes"), &STATE), None);
        assert_eq!(text_with(Some("(a: 1)"), &STATE), None);
    }

    #[test]
    fn written_only_when_it_changed_never_over_notes_nor_making_folders() {
        let dir = tempfile::tempdir().unwrap();
        let file = WindowStateFile {
            path: dir.path().join("app.ron"),
            make_folder: false,
        };
        assert_eq!(save(&file, &STATE), Ok(true));
        assert_eq!(save(&file, &STATE), Ok(false));
        let notes = dir.path().join("notes.txt");
        fs::write(&notes, "my notes").unwrap();
        let file = WindowStateFile {
            path: notes.clone(),
            make_folder: false,
        };
        assert!(save(&file, &STATE).is_err());
        assert_eq!(fs::read_to_string(&notes).unwrap(), "my notes");
        // Links: tests/app.rs (the window state on exit) and tests/settings.rs.
        // A folder is made only where the program may make it.
        let missing = WindowStateFile {
            path: dir.path().join("sub").join("app.ron"),
            make_folder: false,
        };
        assert!(save(&missing, &STATE).is_err());
        assert!(fs::symlink_metadata(dir.path().join("sub")).is_err());
    }
}
