//! The settings file on disk: reading it, keeping broken ones, and saving atomically.

use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tempfile::NamedTempFile;

use super::Settings;
use super::format::{checked_text, parse_bytes};
use super::problems::{Backup, Issue, SaveError, SettingsError, SettingsProblem};

/// The largest settings file the game reads. A real one is a few hundred bytes; anything near
/// this is not a settings file, and reading it all could take long or exhaust memory.
pub const MAX_FILE_SIZE: u64 = 1024 * 1024;

/// The file-system steps of loading and saving that can fail halfway. [`RealFiles`] does the
/// real thing; tests override one step to simulate a failure (no permission, a full disk, a
/// failed replace) and check that nothing is lost.
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
        temp.persist(to).map(drop).map_err(io::Error::from)
    }
}

/// The real file system.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFiles;

impl FileOps for RealFiles {}

/// A whole settings file's bytes; a missing file is [`Issue::Unreadable`] with `NotFound`.
fn read_file(path: &Path, ops: &mut dyn FileOps) -> Result<Vec<u8>, Issue> {
    let unreadable = |e: io::Error| Issue::Unreadable {
        kind: e.kind(),
        detail: e.to_string(),
    };
    let too_large = |size| (size > MAX_FILE_SIZE).then_some(Issue::TooLarge { size });
    // Checked before opening: opening a FIFO would block the game, and the size must be known
    // before reading it all.
    let metadata = fs::metadata(path).map_err(unreadable)?;
    let issue = match () {
        () if metadata.is_dir() => Some(Issue::IsDirectory),
        () if !metadata.is_file() => Some(Issue::NotARegularFile),
        () => too_large(metadata.len()),
    };
    issue.map_or(Ok(()), Err)?;
    // It may have grown since: one byte past the limit is enough to tell.
    let mut bytes = Vec::new();
    let mut file = ops.open(path).map_err(unreadable)?.take(MAX_FILE_SIZE + 1);
    file.read_to_end(&mut bytes).map_err(unreadable)?;
    too_large(bytes.len() as u64).map_or(Ok(bytes), Err)
}

/// Reads a whole settings file and accepts it only if every part of it is valid: for "Load
/// settings…", where a bad file must change nothing. Unknown fields are still ignored and missing
/// ones still take their defaults. A missing file is an error here.
pub fn load_strict(path: &Path) -> Result<Settings, SettingsError> {
    let mut issues = Vec::new();
    match read_file(path, &mut RealFiles) {
        Ok(bytes) => {
            let settings = parse_bytes(&bytes, &mut issues);
            if issues.is_empty() {
                return Ok(settings);
            }
        }
        Err(issue) => issues.push(issue),
    }
    let path = path.to_owned();
    Err(SettingsError { path, issues })
}

/// `settings.ron` in the platform's config directory (`~/.config/tictactoe/` on Linux), or
/// `None` when the platform has no home directory to put it in.
pub fn default_path() -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "tictactoe")?;
    Some(dirs.config_dir().join("settings.ron"))
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
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_symlink() => fs::canonicalize(path).unwrap_or(path.to_owned()),
        _ => path.to_owned(),
    }
}

/// An earlier copy of `bytes` beside `path`, so that starting the game again and again with the
/// same broken file does not pile up copies.
fn existing_copy(path: &Path, bytes: &[u8]) -> Option<PathBuf> {
    let prefix = format!("{}.broken-", path.file_name()?.to_string_lossy());
    // Bounded, so that a directory full of files cannot slow the start-up down.
    let entries = fs::read_dir(parent_dir(path)).ok()?.flatten().take(1000);
    let candidates = entries.filter(|e| e.file_name().to_string_lossy().starts_with(&prefix));
    candidates.map(|e| e.path()).find(|copy| {
        let metadata = fs::symlink_metadata(copy);
        metadata.is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
            && fs::read(copy).is_ok_and(|content| content == bytes)
    })
}

/// Keeps the file at `path` under the first free name of `settings.ron.broken-<unix-seconds>`,
/// then `-2`, `-3`…: `keep` makes the copy, and fails with `AlreadyExists` if the name is taken.
fn keep_as(path: &Path, mut keep: impl FnMut(&Path) -> io::Result<()>) -> io::Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    // A clock before 1970 only makes the name less informative, not wrong.
    let now = SystemTime::now().duration_since(UNIX_EPOCH);
    let base = format!("{name}.broken-{}", now.map_or(0, |d| d.as_secs()));
    for n in 1..=1000 {
        let copy = parent_dir(path).join(if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        match keep(&copy) {
            Err(error) if error.kind() == ErrorKind::AlreadyExists => continue,
            result => return result.map(|()| copy),
        }
    }
    Err(io::Error::new(
        ErrorKind::AlreadyExists,
        "no free name for a copy",
    ))
}

/// Writes `bytes` to a new `.broken-…` file beside `path` (or finds an identical one), never
/// over an existing file and never leaving a partial copy.
fn write_copy(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    if let Some(copy) = existing_copy(path, bytes) {
        return Ok(copy);
    }
    keep_as(path, |copy| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(copy)?;
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        drop(file);
        written.inspect_err(|_| drop(fs::remove_file(copy)))
    })
}

/// Keeps a file the game could not read under a new `.broken-…` name: a hard link where the
/// file system allows (the file stays in place until the new one replaces it), otherwise a
/// rename onto a name reserved first, since a rename would replace an existing file.
fn set_aside(path: &Path) -> io::Result<PathBuf> {
    keep_as(path, |copy| match fs::hard_link(path, copy) {
        Err(error) if error.kind() != ErrorKind::AlreadyExists => {
            drop(OpenOptions::new().write(true).create_new(true).open(copy)?);
            fs::rename(path, copy).inspect_err(|_| drop(fs::remove_file(copy)))
        }
        linked => linked,
    })
}

/// Something to keep before the file is written over.
#[derive(Debug)]
enum Keep {
    Nothing,
    /// The file's bytes, read at load time; the copy failed then.
    Copy(Vec<u8>),
    /// The file could not be read; set it aside as it is.
    SetAside,
}

/// Writes `bytes` to `path` atomically: a temporary file beside it is written, synced, then
/// persisted over it. `keep` is kept after the new contents are safely on disk and before they
/// replace the old file, so that a failed save never leaves a copy for nothing and a failed copy
/// never lets the old file be replaced.
fn write_atomic(
    path: &Path,
    bytes: &[u8],
    keep: &Keep,
    ops: &mut dyn FileOps,
) -> Result<Option<PathBuf>, SaveError> {
    let (target, path) = (resolve(path), path.to_owned());
    // A rename over an empty directory succeeds on some systems, deleting it; one over a device
    // such as /dev/null (run as root) would replace the device.
    match fs::metadata(&target) {
        _ if target.file_name().is_none() => return Err(SaveError::NoFileName { path }),
        Ok(m) if m.is_dir() => return Err(SaveError::IsDirectory { path }),
        Ok(m) if !m.is_file() => return Err(SaveError::NotARegularFile { path }),
        _ => {}
    }
    let dir = parent_dir(&target).to_owned();
    if let Err(source) = fs::create_dir_all(&dir) {
        return Err(SaveError::CreateDir { dir, source });
    }

    // A new file with the permissions of any new file there (0666 less the umask), not 0600. It
    // is deleted when dropped, on any failure below.
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let write = |mut temp: NamedTempFile| {
        ops.write(temp.as_file_mut(), bytes)?;
        temp.as_file().sync_all().map(|()| temp)
    };
    let temp = builder.tempfile_in(&dir).and_then(write);
    let temp = temp.map_err(|source| SaveError::Write {
        path: path.clone(),
        source,
    })?;

    let backup = match keep {
        Keep::Nothing => Ok(None),
        Keep::Copy(original) => write_copy(&target, original).map(Some),
        // Gone since it was loaded: nothing left to keep.
        Keep::SetAside if fs::symlink_metadata(&target).is_err() => Ok(None),
        Keep::SetAside => set_aside(&target).map(Some),
    };
    let backup = backup.map_err(|source| SaveError::Backup {
        path: path.clone(),
        source,
    })?;

    if let Err(source) = ops.persist(temp, &target) {
        // If the old file was renamed aside rather than linked, put it back.
        if let (Keep::SetAside, Some(copy)) = (keep, &backup)
            && fs::symlink_metadata(&target).is_err()
        {
            let _ = fs::rename(copy, &target);
        }
        return Err(SaveError::Replace { path, source });
    }
    // Makes the rename itself durable; best effort (not every system allows it).
    #[cfg(unix)]
    let _ = File::open(dir).and_then(|dir| dir.sync_all());
    Ok(backup)
}

/// Saves `settings` to `path` atomically, creating its directory if needed: for "Save
/// settings as…". Whatever was at `path` is replaced (the user chose it), unless it is a
/// directory or not a regular file.
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
    write_atomic(path, text.as_bytes(), &Keep::Nothing, ops).map(drop)
}

/// The game's settings file: loads it once, then saves over it, keeping the user's original
/// bytes if the game could not fully accept them.
#[derive(Debug)]
pub struct Store {
    path: PathBuf,
    keep: Keep,
}

/// What [`Store::open`] gives: the store to save through, the settings to play with (defaults
/// for whatever could not be read), and what was wrong with the file, to show the user (`None`
/// for a good or missing file).
#[derive(Debug)]
pub struct Loaded {
    pub store: Store,
    pub settings: Settings,
    pub problem: Option<SettingsProblem>,
}

/// What a successful [`Store::save`] did besides saving: where the file that was there before
/// was set aside, when this save had to do that (see [`Backup::BeforeSave`] and
/// [`Backup::Failed`]); tell the user.
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
        let path = path.into();
        let (mut issues, mut keep, mut settings) = (Vec::new(), Keep::Nothing, Settings::default());
        let backup = match read_file(&path, ops) {
            Err(Issue::Unreadable {
                kind: ErrorKind::NotFound,
                ..
            }) => None, // a first run
            Err(issue) => {
                let never = matches!(issue, Issue::IsDirectory | Issue::NotARegularFile);
                issues.push(issue);
                if never {
                    Some(Backup::NeverOverwritten)
                } else {
                    keep = Keep::SetAside;
                    Some(Backup::BeforeSave)
                }
            }
            Ok(bytes) => {
                settings = parse_bytes(&bytes, &mut issues);
                if issues.is_empty() {
                    None
                } else if bytes.iter().all(u8::is_ascii_whitespace) {
                    Some(Backup::NotNeeded)
                } else {
                    // Copied now, before anything can write over the file.
                    Some(match write_copy(&resolve(&path), &bytes) {
                        Ok(copy) => Backup::Kept(copy),
                        Err(error) => {
                            keep = Keep::Copy(bytes);
                            Backup::Failed(error.to_string())
                        }
                    })
                }
            }
        };
        let error = SettingsError {
            path: path.clone(),
            issues,
        };
        let problem = backup.map(|backup| SettingsProblem { error, backup });
        let store = Store { path, keep };
        Loaded {
            store,
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
