//! The settings file on disk: reading it, keeping broken ones, and saving atomically.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::Settings;
use super::format::{checked_text, parse_bytes};
use super::problems::{Backup, Issue, SaveError, SettingsError, SettingsProblem};

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

/// The largest settings file the game reads. A real one is a few hundred bytes; anything near
/// this is not a settings file, and reading it all could take long or exhaust memory.
pub const MAX_FILE_SIZE: u64 = 1024 * 1024;

/// The file-system steps of loading and saving that can fail halfway. [`RealFiles`] does the
/// real thing; tests override one step to simulate a failure (no permission, a full disk,
/// a failed rename) and check that nothing is lost.
pub trait FileOps {
    /// Opens the settings file for reading.
    fn open(&mut self, path: &Path) -> io::Result<File> {
        File::open(path)
    }

    /// Writes all of `bytes` to the new, temporary file.
    fn write(&mut self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes)
    }

    /// Renames the finished temporary file over the settings file.
    fn rename(&mut self, from: &Path, to: &Path) -> io::Result<()> {
        fs::rename(from, to)
    }
}

/// The real file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFiles;

impl FileOps for RealFiles {}

/// What reading a settings file gave.
enum ReadOutcome {
    /// No file: a first run.
    Missing,
    Bytes(Vec<u8>),
    /// The file exists but was not read (the issue says why).
    NotRead(Issue),
}

fn unreadable(error: &io::Error) -> ReadOutcome {
    if error.kind() == io::ErrorKind::NotFound {
        ReadOutcome::Missing
    } else {
        ReadOutcome::NotRead(Issue::Unreadable {
            kind: error.kind(),
            detail: error.to_string(),
        })
    }
}

fn read_file(path: &Path, ops: &mut dyn FileOps) -> ReadOutcome {
    // Checked before opening: opening a FIFO would block the game, and the size must be known
    // before reading it all.
    let metadata = match fs::metadata(path) {
        Ok(metadata) => metadata,
        Err(error) => return unreadable(&error),
    };
    if metadata.is_dir() {
        return ReadOutcome::NotRead(Issue::IsDirectory);
    }
    if !metadata.is_file() {
        return ReadOutcome::NotRead(Issue::NotARegularFile);
    }
    if metadata.len() > MAX_FILE_SIZE {
        return ReadOutcome::NotRead(Issue::TooLarge {
            size: metadata.len(),
        });
    }
    let file = match ops.open(path) {
        Ok(file) => file,
        Err(error) => return unreadable(&error),
    };
    // The file may have been replaced or grown since the check above: read at most one byte
    // past the limit, which is enough to tell.
    let mut bytes = Vec::new();
    if let Err(error) = file.take(MAX_FILE_SIZE + 1).read_to_end(&mut bytes) {
        return unreadable(&error);
    }
    let size = bytes.len() as u64;
    if size > MAX_FILE_SIZE {
        return ReadOutcome::NotRead(Issue::TooLarge { size });
    }
    ReadOutcome::Bytes(bytes)
}

/// Reads a whole settings file and accepts it only if every part of it is valid: for "Load
/// settings…", where a bad file must change nothing. Unknown fields are still ignored and missing
/// ones still take their defaults. A missing file is an error here.
pub fn load_strict(path: &Path) -> Result<Settings, SettingsError> {
    let error = |issues| SettingsError {
        path: path.to_owned(),
        issues,
    };
    match read_file(path, &mut RealFiles) {
        ReadOutcome::Missing => {
            let detail = io::Error::from(io::ErrorKind::NotFound).to_string();
            Err(error(vec![Issue::Unreadable {
                kind: io::ErrorKind::NotFound,
                detail,
            }]))
        }
        ReadOutcome::NotRead(issue) => Err(error(vec![issue])),
        ReadOutcome::Bytes(bytes) => {
            let mut issues = Vec::new();
            let settings = parse_bytes(&bytes, &mut issues);
            if issues.is_empty() {
                Ok(settings)
            } else {
                Err(error(issues))
            }
        }
    }
}

/// `settings.ron` in the platform's config directory (`~/.config/tictactoe/` on Linux), or
/// `None` when the platform has no home directory to put it in.
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "tictactoe")
        .map(|dirs| dirs.config_dir().join("settings.ron"))
}

/// The file's directory, `.` for a bare file name.
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// The file to write for `path`: a symlink's target (so that a settings file kept elsewhere and
/// linked into the config directory stays linked), otherwise `path` itself.
fn resolve(path: &Path) -> PathBuf {
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if is_link {
        fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
    } else {
        path.to_owned()
    }
}

fn unix_seconds() -> u64 {
    // A clock before 1970 only makes the name less informative, not wrong.
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `settings.ron.broken-<seconds>`, then `-2`, `-3`… after it: the candidate names for a copy of
/// a broken file, in order.
fn backup_names(path: &Path) -> impl Iterator<Item = PathBuf> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let base = format!("{name}.broken-{}", unix_seconds());
    let dir = parent_dir(path).to_owned();
    (1..=1000u32).map(move |n| {
        if n == 1 {
            dir.join(&base)
        } else {
            dir.join(format!("{base}-{n}"))
        }
    })
}

fn exhausted() -> io::Error {
    io::Error::new(io::ErrorKind::AlreadyExists, "no free name for a copy")
}

/// An earlier copy of the same bytes beside `path`, so that starting the game again with the
/// same broken file does not make another one.
fn existing_copy(path: &Path, bytes: &[u8]) -> Option<PathBuf> {
    let prefix = format!("{}.broken-", path.file_name()?.to_string_lossy());
    let entries = fs::read_dir(parent_dir(path)).ok()?;
    // Bounded, so that a directory full of files cannot slow the start-up down.
    for entry in entries.flatten().take(1000) {
        if !entry.file_name().to_string_lossy().starts_with(&prefix) {
            continue;
        }
        let candidate = entry.path();
        let same_size = fs::symlink_metadata(&candidate)
            .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64);
        if same_size && fs::read(&candidate).is_ok_and(|content| content == bytes) {
            return Some(candidate);
        }
    }
    None
}

/// Writes `bytes` to a new `.broken-…` file beside `path`, never over an existing file.
fn write_copy(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    if let Some(copy) = existing_copy(path, bytes) {
        return Ok(copy);
    }
    for candidate in backup_names(path) {
        let mut file = match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        };
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        return match written {
            Ok(()) => Ok(candidate),
            Err(error) => {
                // A partial copy would look like the user's file but is not.
                drop(file);
                let _ = fs::remove_file(&candidate);
                Err(error)
            }
        };
    }
    Err(exhausted())
}

/// Keeps a file the game could not read under a new `.broken-…` name: a hard link where the
/// file system allows (the file stays in place until the new one replaces it), otherwise a
/// rename onto a name reserved first, since a rename would replace an existing file.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    for candidate in backup_names(path) {
        match fs::hard_link(path, &candidate) {
            Ok(()) => return Ok(candidate),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(_) => {}
        }
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
        return match fs::rename(path, &candidate) {
            Ok(()) => Ok(candidate),
            Err(error) => {
                let _ = fs::remove_file(&candidate);
                Err(error)
            }
        };
    }
    Err(exhausted())
}

/// A new, empty temporary file beside `target`, with a name no other file has.
fn create_temp(target: &Path) -> io::Result<(PathBuf, File)> {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let dir = parent_dir(target);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    for attempt in 0..100u32 {
        let temp = dir.join(format!(
            ".{name}.tmp-{}-{nanos}-{attempt}",
            std::process::id()
        ));
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
    Err(exhausted())
}

/// Something to keep before the file is written over.
enum Keep {
    Nothing,
    /// The file's bytes, read at load time; the copy failed then.
    Copy(Vec<u8>),
    /// The file could not be read; set it aside as it is.
    SetAside,
}

/// Writes `bytes` to `path` atomically. `keep` runs after the new contents are safely on disk
/// and before they replace the old file, so that a failed save never leaves a copy for nothing
/// and a failed copy never lets the old file be replaced.
fn write_atomic(
    path: &Path,
    bytes: &[u8],
    keep: &Keep,
    ops: &mut dyn FileOps,
) -> Result<Option<PathBuf>, SaveError> {
    let target = resolve(path);
    if target.file_name().is_none() {
        return Err(SaveError::NoFileName {
            path: path.to_owned(),
        });
    }
    // A rename over an empty directory succeeds on some systems, deleting it; one over a device
    // such as /dev/null (run as root) would replace the device.
    if let Ok(metadata) = fs::metadata(&target) {
        let path = path.to_owned();
        if metadata.is_dir() {
            return Err(SaveError::IsDirectory { path });
        }
        if !metadata.is_file() {
            return Err(SaveError::NotARegularFile { path });
        }
    }
    let dir = parent_dir(&target);
    fs::create_dir_all(dir).map_err(|source| SaveError::CreateDir {
        dir: dir.to_owned(),
        source,
    })?;

    let write_error = |source| SaveError::Write {
        path: path.to_owned(),
        source,
    };
    let (temp, mut file) = create_temp(&target).map_err(write_error)?;
    // From here on every failure removes the temporary file.
    let cleanup = |error: SaveError| {
        let _ = fs::remove_file(&temp);
        error
    };
    let written = ops
        .write(&mut file, bytes)
        .and_then(|()| file.flush())
        .and_then(|()| file.sync_all());
    drop(file);
    written.map_err(write_error).map_err(cleanup)?;

    let backup_error = |source| SaveError::Backup {
        path: path.to_owned(),
        source,
    };
    let backup = match keep {
        Keep::Nothing => None,
        Keep::Copy(original) => Some(
            write_copy(&target, original)
                .map_err(backup_error)
                .map_err(cleanup)?,
        ),
        // Gone since it was loaded: nothing left to keep.
        Keep::SetAside if fs::symlink_metadata(&target).is_err() => None,
        Keep::SetAside => Some(set_aside(&target).map_err(backup_error).map_err(cleanup)?),
    };

    if let Err(source) = ops.rename(&temp, &target) {
        // If the old file was renamed aside rather than linked, put it back.
        if let (Keep::SetAside, Some(copy)) = (keep, &backup)
            && fs::symlink_metadata(&target).is_err()
        {
            let _ = fs::rename(copy, &target);
        }
        return Err(cleanup(SaveError::Replace {
            path: path.to_owned(),
            source,
        }));
    }
    sync_dir(dir);
    Ok(backup)
}

/// Makes the rename itself durable. Best effort: not every system or file system allows it, and
/// the new file is complete either way.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Saves `settings` to `path` atomically, creating its directory if needed: for "Save
/// settings as…". Whatever was at `path` is replaced (the user chose it), unless it is a
/// directory.
pub fn save_to(path: &Path, settings: &Settings) -> Result<(), SaveError> {
    save_to_with(path, settings, &mut RealFiles)
}

/// [`save_to`] with the file-system steps supplied, for tests.
pub fn save_to_with(
    path: &Path,
    settings: &Settings,
    ops: &mut dyn FileOps,
) -> Result<(), SaveError> {
    let text = checked_text(settings)?;
    write_atomic(path, text.as_bytes(), &Keep::Nothing, ops).map(|_| ())
}

/// The game's settings file: loads it once, then saves over it, keeping the user's original
/// bytes if the game could not fully accept them.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    keep: Keep,
}

impl fmt::Debug for Keep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Keep::Nothing => f.write_str("Nothing"),
            Keep::Copy(bytes) => write!(f, "Copy({} bytes)", bytes.len()),
            Keep::SetAside => f.write_str("SetAside"),
        }
    }
}

/// What [`Store::open`] gives: the store to save through, the settings to play with, and what
/// went wrong, if anything (`None` also for a missing file).
#[derive(Debug)]
pub struct Loaded {
    /// Saves to the same file.
    pub store: Store,
    /// The file's settings, with defaults for whatever could not be read.
    pub settings: Settings,
    /// What was wrong with the file, to show the user; `None` for a good or missing file.
    pub problem: Option<SettingsProblem>,
}

/// What a successful [`Store::save`] did besides saving.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Saved {
    /// Where the file that was there before was set aside, when this save had to do that (see
    /// [`Backup::BeforeSave`] and [`Backup::Failed`]); tell the user.
    pub backup: Option<PathBuf>,
}

impl Store {
    /// Loads the settings file at `path`. Never fails: see the [module docs](super).
    pub fn open(path: impl Into<PathBuf>) -> Loaded {
        Store::open_with(path, &mut RealFiles)
    }

    /// [`Store::open`] with the file-system steps supplied, for tests.
    pub fn open_with(path: impl Into<PathBuf>, ops: &mut dyn FileOps) -> Loaded {
        let path = path.into();
        let (settings, issues, keep, backup) = match read_file(&path, ops) {
            ReadOutcome::Missing => (Settings::default(), Vec::new(), Keep::Nothing, None),
            ReadOutcome::NotRead(issue) => {
                let (keep, backup) = match issue {
                    Issue::IsDirectory | Issue::NotARegularFile => {
                        (Keep::Nothing, Backup::NeverOverwritten)
                    }
                    _ => (Keep::SetAside, Backup::BeforeSave),
                };
                (Settings::default(), vec![issue], keep, Some(backup))
            }
            ReadOutcome::Bytes(bytes) => {
                let mut issues = Vec::new();
                let settings = parse_bytes(&bytes, &mut issues);
                if issues.is_empty() {
                    (settings, issues, Keep::Nothing, None)
                } else if bytes.iter().all(u8::is_ascii_whitespace) {
                    (settings, issues, Keep::Nothing, Some(Backup::NotNeeded))
                } else {
                    // Copied now, before anything can write over the file.
                    match write_copy(&resolve(&path), &bytes) {
                        Ok(copy) => (settings, issues, Keep::Nothing, Some(Backup::Kept(copy))),
                        Err(error) => (
                            settings,
                            issues,
                            Keep::Copy(bytes),
                            Some(Backup::Failed(error.to_string())),
                        ),
                    }
                }
            }
        };
        let problem = backup.map(|backup| SettingsProblem {
            error: SettingsError {
                path: path.clone(),
                issues,
            },
            backup,
        });
        Loaded {
            store: Store { path, keep },
            settings,
            problem,
        }
    }

    /// The settings file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `settings` atomically over the file, creating its directory if needed. On the first
    /// save after loading a file that could not be read, the old file is set aside first (see
    /// [`Saved::backup`]); if that fails, nothing is written.
    pub fn save(&mut self, settings: &Settings) -> Result<Saved, SaveError> {
        self.save_with(settings, &mut RealFiles)
    }

    /// [`Store::save`] with the file-system steps supplied, for tests.
    pub fn save_with(
        &mut self,
        settings: &Settings,
        ops: &mut dyn FileOps,
    ) -> Result<Saved, SaveError> {
        let text = checked_text(settings)?;
        let backup = write_atomic(&self.path, text.as_bytes(), &self.keep, ops)?;
        // The old file is kept (or replaced by one the game wrote): nothing more to keep.
        self.keep = Keep::Nothing;
        Ok(Saved { backup })
    }
}
