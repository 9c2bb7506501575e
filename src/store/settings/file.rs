//! The settings file on disk: reading it, keeping broken ones, and saving atomically.

use std::io::ErrorKind::{self, NotFound};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use super::format::{Shape, UnknownFields, checked_text, edited_in_place, holds_no_setting};
use super::format::{parse_keeping, shape};
use super::preferences::Settings;
use super::problems::{Backup, Issue, MAX_FILE_SIZE, SaveError, SettingsError, SettingsProblem};
use crate::platform::fs::{self, File, OpenOptions};
use crate::platform::{dirs, wall_clock};
use crate::store::files::{self, AtomicSave, ReadProblem, SaveProblem, SaveRules, TargetProblem};
use crate::store::files::{remove_stale_temporaries, resolved};
use crate::store::game_shape::looks_like_game;

/// The steps of loading and saving that can fail halfway, for tests to make them fail.
pub trait FileOps {
    /// Opens the settings file for reading.
    fn open(&mut self, path: &Path) -> io::Result<File> {
        File::open(path)
    }
    /// Writes all of `bytes` to the new, temporary file.
    fn write(&mut self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes)
    }
    /// Puts the finished temporary file in place of the settings file, or deletes it.
    fn persist(&mut self, temp: NamedTempFile, to: &Path) -> io::Result<()> {
        files::persist(temp, to)
    }
}

/// The real file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFiles;

impl FileOps for RealFiles {}

/// A whole settings file's bytes; a missing file is [`Issue::Unreadable`] with `NotFound`.
// Large only where pointers take 64 bits (not on wasm32).
#[cfg_attr(
    target_pointer_width = "64",
    expect(clippy::result_large_err, reason = "once per load")
)]
fn read_file(path: &Path, ops: &mut dyn FileOps) -> Result<Vec<u8>, Issue> {
    files::read_capped(path, MAX_FILE_SIZE, |path| ops.open(path)).map_err(
        |problem| match problem {
            ReadProblem::IsDirectory => Issue::IsDirectory,
            ReadProblem::NotARegularFile => Issue::NotARegularFile,
            ReadProblem::TooLarge { size } => Issue::TooLarge { size },
            ReadProblem::Io(e) => Issue::Unreadable {
                kind: e.kind(),
                detail: e.to_string(),
            },
        },
    )
}

/// Reads a settings file, accepting it only if it is all valid: for "Load settings…".
pub fn load_strict(path: &Path) -> Result<Settings, SettingsError> {
    strictly(path, read_file(path, &mut RealFiles))
}

/// Reads the settings in `text`, a file named `name` (uploaded to the web page), accepting them
/// only if they are all valid, as [`load_strict`] does.
pub fn from_text_strict(name: &Path, text: &str) -> Result<Settings, SettingsError> {
    strictly(name, Ok(text.as_bytes().to_vec()))
}

/// The settings in `bytes` (read from `path`, or why not) if they are all valid.
///
/// A saved game, or any other file whose fields are none of them settings, is refused too: every
/// setting would take its default, so loading it would lose all of the player's settings for
/// nothing they chose. (`()` and `(version: 1)` are settings files that choose the defaults.)
fn strictly(path: &Path, bytes: Result<Vec<u8>, Issue>) -> Result<Settings, SettingsError> {
    let (mut issues, path) = (Vec::new(), path.to_owned());
    let (mut is_game, mut no_settings) = (false, false);
    let read = bytes.map(|bytes| {
        let text = String::from_utf8_lossy(&bytes);
        is_game = looks_like_game(&text);
        no_settings = holds_no_setting(&text);
        parse_keeping(&bytes, &mut issues, &mut Vec::new())
    });
    // Fields it does not know do not make a file wrong.
    issues.retain(|issue| !matches!(issue, Issue::UnknownField { .. }));
    if is_game {
        // A game's fields are not mistakes in settings: that it is a game says it all.
        issues = vec![Issue::GameFile];
    } else if no_settings && issues.is_empty() && read.is_ok() {
        issues.push(Issue::NoSettings);
    }
    match read.map_err(|issue| issues.push(issue)) {
        Ok(settings) if issues.is_empty() => Ok(settings),
        _ => Err(SettingsError { path, issues }),
    }
}

/// Where the window's size and position are kept beside the settings file `path`
/// (`settings.window.ron`): only beside a regular file, or one not made yet; `None` for a
/// directory, a device (`/dev/null`) or anything else the settings are never written to.
/// The window state is written by eframe, which follows links: `None` too when that file is a
/// link or anything but a regular file (the program never made it so), and for a path that ends
/// with a separator (`dir/new/` names a folder, not a file to put one beside).
pub fn window_state_path(path: &Path) -> Option<PathBuf> {
    if path
        .as_os_str()
        .to_string_lossy()
        .ends_with(std::path::is_separator)
    {
        return None;
    }
    let window = path.with_extension("window.ron");
    let ours = match fs::symlink_metadata(&window) {
        Ok(m) => m.is_file(),
        Err(error) => error.kind() == NotFound,
    };
    match fs::metadata(path) {
        Ok(m) if m.is_file() && ours => Some(window),
        Err(error) if error.kind() == NotFound && fs::symlink_metadata(path).is_err() && ours => {
            Some(window)
        }
        _ => None,
    }
}

/// `settings.ron` in the platform's config directory (`~/.config/tictactoe/` on Linux).
pub fn default_path() -> Option<PathBuf> {
    Some(dirs::config_dir()?.join("settings.ron"))
}

/// Keeps `bytes` (or the file at `path`: hard-linked, else renamed) as the first free name of
/// `settings.ron.broken-<unix-seconds>`, `-2`, `-3`… beside it, or finds one with the bytes.
fn keep_copy(path: &Path, bytes: Option<&[u8]>) -> io::Result<PathBuf> {
    let prefix = format!("{}.broken-", path.file_name().unwrap_or_default().display());
    let same = |copy: &Path, bytes: &[u8]| {
        let metadata = fs::symlink_metadata(copy);
        metadata.is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
            && fs::read(copy).is_ok_and(|content| content == bytes)
    };
    let dir = fs::read_dir(path.with_file_name(""));
    // Bounded, so that a directory full of files cannot slow the start-up down.
    let entries = dir.into_iter().flatten().flatten().take(1000);
    let mut copies = entries.filter(|e| e.file_name().to_string_lossy().starts_with(&prefix));
    if let Some(copy) = bytes.and_then(|bytes| copies.find(|e| same(&e.path(), bytes))) {
        return Ok(copy.path());
    }
    // A clock before 1970 (read as 0) only makes the name less informative, not wrong.
    let base = format!("{prefix}{}", wall_clock::unix_seconds());
    let names = std::iter::once(base.clone()).chain((2..=1000).map(|n| format!("{base}-{n}")));
    for copy in names.map(|name| path.with_file_name(name)) {
        let new = || OpenOptions::new().write(true).create_new(true).open(&copy);
        let kept = match bytes {
            Some(bytes) => new().and_then(|mut file| {
                // Readable by whoever could read the file, and no one else (a private file's
                // copy stays private).
                if let Ok(original) = fs::metadata(path) {
                    file.set_permissions(original.permissions())?;
                }
                file.write_all(bytes)?;
                file.sync_all()
            }),
            None => fs::hard_link(path, &copy).or_else(|error| match error.kind() {
                ErrorKind::AlreadyExists => Err(error),
                // No hard links here: a rename, onto a name reserved first.
                _ => new().and_then(|_| fs::rename(path, &copy)),
            }),
        };
        match kept {
            Err(error) if error.kind() == ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error).inspect_err(|_| drop(fs::remove_file(&copy))),
            Ok(()) => return Ok(copy),
        }
    }
    Err(io::Error::other("no free name for a copy"))
}

/// Saves `settings` atomically (a temporary file beside `path`, written, synced, persisted over
/// it). A settings file there is edited in place ([`edited_in_place`]): its comments, layout and
/// unknown fields stay, and a file that already holds these settings is not written at all. A
/// file that is not settings (notes, a picture, a game, through a link or not) is never written
/// over. With `set_aside`, the file there is kept under a `.broken-…` name once the new contents
/// are on disk, before they replace it: returns where.
fn save(
    path: &Path,
    settings: &Settings,
    unknown: &[(String, String)],
    set_aside: bool,
    ops: &mut dyn FileOps,
) -> Saving {
    let path = path.to_owned();
    let target = resolved(&path);
    let current = match files::read_capped(&target, MAX_FILE_SIZE, |path| File::open(path)) {
        Ok(bytes) => Some(bytes),
        // Too large to be settings: never saved over.
        Err(ReadProblem::TooLarge { .. }) => return Err(SaveError::NotSettings(path)),
        Err(_) => None,
    };
    let mut set_aside = set_aside;
    let text = match current.as_deref().map(std::str::from_utf8) {
        Some(Ok(current)) => match shape(current) {
            Shape::Other if looks_like_game(current) => return Err(SaveError::GameFile(path)),
            Shape::Other => return Err(SaveError::NotSettings(path)),
            _ if set_aside => checked_text(settings, unknown)?,
            _ => match edited_in_place(current, settings) {
                // Already these settings: nothing to write.
                Some(edited) if edited == current => return Ok(None),
                Some(edited) => edited,
                None => {
                    // Written anew: a file that read with no problem (so was not copied at load)
                    // is kept first, comments and all.
                    set_aside = parse_clean(current.as_bytes()).is_some();
                    checked_text(settings, unknown)?
                }
            },
        },
        // Not UTF-8: settings with a stray byte (copied at load), or something else.
        Some(Err(_)) => match shape(&String::from_utf8_lossy(current.as_deref().unwrap_or(&[]))) {
            Shape::Other => return Err(SaveError::NotSettings(path)),
            _ => checked_text(settings, unknown)?,
        },
        None => checked_text(settings, unknown)?,
    };
    let write = |file: &mut File| ops.write(file, text.as_bytes());
    let rules = SaveRules {
        make_folder: true,
        // Checked again as the save writes: the file may have changed (or become a link)
        // since it was read above.
        other_kind: |file| files::text_of_other_kind(file, |text| shape(text) == Shape::Other),
        check_bytes: files::MAX_KIND_CHECK_BYTES,
    };
    let save = AtomicSave::write(&path, rules, write).map_err(|problem| {
        let path = path.clone();
        match problem {
            SaveProblem::Target(TargetProblem::IsDirectory) => SaveError::IsDirectory(path),
            SaveProblem::Target(TargetProblem::NotARegularFile) => SaveError::NotARegularFile(path),
            SaveProblem::Target(TargetProblem::NoFileName) => SaveError::NoFileName(path),
            SaveProblem::Target(TargetProblem::ReadOnly) => SaveError::ReadOnly(path),
            SaveProblem::Target(TargetProblem::OtherOwner) => SaveError::OtherOwner(path),
            SaveProblem::Target(TargetProblem::OtherKind) => SaveError::NotSettings(path),
            SaveProblem::Target(TargetProblem::MissingFolder) => SaveError::MissingFolder(path),
            SaveProblem::Write(e) => SaveError::Write(path, e),
        }
    })?;
    let target = save.target().to_owned();

    // A file gone since it was loaded leaves nothing to keep.
    let set_aside = set_aside && fs::symlink_metadata(&target).is_ok();
    let backup = set_aside.then(|| keep_copy(&target, None)).transpose();
    let backup = backup.map_err(|e| SaveError::Backup(path.clone(), e))?;

    if let Err(error) = save.replace(|temp, to| ops.persist(temp, to)) {
        // If the old file was renamed aside rather than linked, put it back.
        if let Some(copy) = &backup
            && fs::symlink_metadata(&target).is_err()
        {
            let _ = fs::rename(copy, &target);
        }
        return Err(SaveError::Replace(path, error));
    }
    Ok(backup)
}

/// The settings in `bytes` if they read with no problem but unknown fields (nothing a rewrite
/// could lose but comments and layout).
fn parse_clean(bytes: &[u8]) -> Option<Settings> {
    let mut issues = Vec::new();
    let settings = parse_keeping(bytes, &mut issues, &mut Vec::new());
    let clean = issues
        .iter()
        .all(|issue| matches!(issue, Issue::UnknownField { .. }));
    clean.then_some(settings)
}

type Saving = Result<Option<PathBuf>, SaveError>;

/// Saves `settings` to `path` atomically, for "Save settings as…".
pub fn save_to(path: &Path, settings: &Settings) -> Result<(), SaveError> {
    save_to_with(path, settings, &mut RealFiles)
}

/// [`save_to`] with the file-system steps supplied, for tests.
pub fn save_to_with(path: &Path, s: &Settings, ops: &mut dyn FileOps) -> Result<(), SaveError> {
    save(path, s, &[], false, ops).map(drop)
}

/// The game's settings file: loaded once, then saved over, keeping the bytes of a broken one.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    /// Whether the file is to be set aside before the next save: one that could not be read, or
    /// whose copy could not be made when it was loaded.
    set_aside: bool,
    /// The fields of the file this version does not know, written back by every save.
    unknown: UnknownFields,
}

/// What [`Store::open`] gives: the store, the settings to play with, and what was wrong, if any.
#[derive(Debug)]
pub struct Loaded {
    pub store: Store,
    pub settings: Settings,
    pub problem: Option<SettingsProblem>,
}

/// What [`Store::save`] did besides saving: where it set aside the old file, if it had to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Saved {
    pub backup: Option<PathBuf>,
}

impl Store {
    /// Loads the settings file at `path`. Never fails: see the [module docs](super).
    pub fn open(path: impl Into<PathBuf>) -> Loaded {
        Store::open_with(path, &mut RealFiles)
    }
    /// [`Store::open`] with the file-system steps supplied, for tests.
    pub fn open_with(path: impl Into<PathBuf>, ops: &mut dyn FileOps) -> Loaded {
        let (path, mut issues) = (path.into(), Vec::new());
        // A save killed halfway left its temporary file behind; no save of this file is running
        // now that has not finished long ago.
        remove_stale_temporaries(&resolved(&path));
        let read = read_file(&path, ops).inspect_err(|issue| issues.push(issue.clone()));
        // A saved game given as the settings file: none of its fields is a setting, and it is
        // never saved over (the save checks again).
        let is_game = read
            .as_ref()
            .is_ok_and(|bytes| looks_like_game(&String::from_utf8_lossy(bytes)));
        let mut unknown = Vec::new();
        let settings = match &read {
            Ok(_) if is_game => Ok(Settings::default()),
            _ => read
                .as_ref()
                .map(|bytes| parse_keeping(bytes, &mut issues, &mut unknown)),
        };
        if is_game {
            issues.push(Issue::GameFile);
        }
        let settings = settings.unwrap_or_default();
        let only_unknown = issues
            .iter()
            .all(|issue| matches!(issue, Issue::UnknownField { .. }));
        // Notes, a picture, another program's file: not settings, never saved over (the save
        // checks again).
        let not_settings = read
            .as_ref()
            .is_ok_and(|bytes| shape(&String::from_utf8_lossy(bytes)) == Shape::Other);
        let backup = match read {
            Err(Issue::Unreadable { kind: NotFound, .. }) => None, // a first run
            Err(Issue::IsDirectory | Issue::NotARegularFile | Issue::TooLarge { .. }) => {
                Some(Backup::NeverOverwritten)
            }
            Ok(_) if is_game || not_settings => Some(Backup::NeverOverwritten),
            // Unreadable and read-only (chmod 000): a save refuses it, so it is never set aside.
            Err(_) if fs::metadata(&path).is_ok_and(|m| m.permissions().readonly()) => {
                Some(Backup::NeverOverwritten)
            }
            Err(_) => Some(Backup::BeforeSave),
            Ok(_) if issues.is_empty() => None,
            // Nothing to copy: every save writes them back.
            Ok(_) if only_unknown => Some(Backup::KeptOnSave),
            Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace) => Some(Backup::NotNeeded),
            // Copied now, before anything can write over the file.
            Ok(bytes) => Some(match keep_copy(&resolved(&path), Some(&bytes)) {
                Ok(copy) => Backup::Kept(copy),
                Err(error) => Backup::Failed(error.to_string()),
            }),
        };
        // A file not read or not copied is set aside by the next save, as it is by then.
        let set_aside = matches!(backup, Some(Backup::BeforeSave | Backup::Failed(_)));
        let error = SettingsError {
            path: path.clone(),
            issues,
        };
        let problem = backup.map(|backup| SettingsProblem { error, backup });
        Loaded {
            store: Store {
                path,
                set_aside,
                unknown,
            },
            settings,
            problem,
        }
    }
    /// The settings file.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// Saves `settings` atomically over the file, first keeping the old one if it was broken; if
    /// that fails, nothing is written.
    pub fn save(&mut self, settings: &Settings) -> Result<Saved, SaveError> {
        self.save_with(settings, &mut RealFiles)
    }
    /// [`Store::save`] with the file-system steps supplied, for tests.
    pub fn save_with(&mut self, s: &Settings, ops: &mut dyn FileOps) -> Result<Saved, SaveError> {
        let backup = save(&self.path, s, &self.unknown, self.set_aside, ops)?;
        // The old file is kept (or replaced by one the game wrote): nothing more to keep.
        self.set_aside = false;
        Ok(Saved { backup })
    }
}
