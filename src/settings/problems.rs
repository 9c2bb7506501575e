//! What can be wrong with a settings file, and why saving can fail.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::MAX_FILE_SIZE;

/// A line and column in a settings file, both counted from 1 (columns in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// One thing wrong with a settings file. Its `Display` says what is wrong; what the game does
/// about it is added by [`SettingsProblem`]'s, since [`load_strict`](super::load_strict) does
/// nothing about it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Issue {
    /// A directory is where the file should be.
    #[error("this is a directory, not a settings file")]
    IsDirectory,
    /// A FIFO, socket or device; it is not opened, so the game cannot hang on it.
    #[error("this is not a regular file")]
    NotARegularFile,
    /// Larger than [`MAX_FILE_SIZE`] bytes (`size`); not read at all.
    #[error("the file is {size} bytes, more than a settings file can be ({MAX_FILE_SIZE} bytes)")]
    TooLarge { size: u64 },
    /// Opening or reading failed: no permission, an I/O error, or (when loading strictly) no
    /// file. `detail` is the system's description.
    #[error("cannot read the file: {detail}")]
    Unreadable { kind: io::ErrorKind, detail: String },
    /// Nothing but whitespace.
    #[error("the file is empty")]
    Empty,
    /// Bytes that are not UTF-8, the first at `at`. They were replaced and the rest was read.
    #[error("{at}: the file is not UTF-8 text")]
    NotUtf8 { at: Position },
    /// RON that could not be parsed past `at`, or that is not a `( … )` of settings. The `kept`
    /// fields before that point (known or not) were read.
    #[error("{at}: {detail}")]
    Syntax {
        at: Position,
        detail: String,
        kept: usize,
    },
    /// A value (`found`, as written, shortened) not among an enum's choices (`expected`: "one
    /// of Easy, Medium, Hard, Perfect"); `default` (as RON) was used instead. `suggestion` is
    /// the choice spelled the same but for case (`Hard` for `hard`), if any.
    #[error("{at}: unknown variant \"{found}\" for {field}, expected {expected}{}",
        .suggestion.as_ref().map(|s| format!(" (did you mean {s}?)")).unwrap_or_default())]
    UnknownVariant {
        at: Position,
        field: &'static str,
        found: String,
        expected: String,
        default: String,
        suggestion: Option<String>,
    },
    /// A value of the wrong type or out of range, like [`Issue::UnknownVariant`].
    #[error("{at}: {field} must be {expected}, found {found}")]
    InvalidValue {
        at: Position,
        field: &'static str,
        found: String,
        expected: String,
        default: String,
    },
    /// The same field more than once, the second value at `at`; the first one counts.
    #[error("{at}: {field} appears more than once")]
    DuplicateField { at: Position, field: &'static str },
}

impl Issue {
    /// Where in the file the issue is, for the ones that have a place.
    pub fn position(&self) -> Option<Position> {
        match self {
            Issue::NotUtf8 { at }
            | Issue::Syntax { at, .. }
            | Issue::UnknownVariant { at, .. }
            | Issue::InvalidValue { at, .. }
            | Issue::DuplicateField { at, .. } => Some(*at),
            _ => None,
        }
    }

    /// What the game did about it when loading leniently.
    fn consequence(&self) -> String {
        match self {
            Issue::UnknownVariant { default, .. } | Issue::InvalidValue { default, .. } => {
                format!("using {default}")
            }
            Issue::DuplicateField { .. } => "using the first one".to_owned(),
            Issue::NotUtf8 { .. } => "reading the rest anyway".to_owned(),
            Issue::Syntax { kept: 1.., .. } => {
                "kept the settings before this point, the rest use their defaults".to_owned()
            }
            _ => "using default settings".to_owned(),
        }
    }
}

/// One line per issue: "<file>: <issue>", and " — <consequence>" when loading leniently.
fn lines(path: &Path, issues: &[Issue], consequences: bool) -> String {
    let line = |issue: &Issue| match consequences {
        true => format!("{}: {issue} — {}\n", path.display(), issue.consequence()),
        false => format!("{}: {issue}", path.display()),
    };
    let lines: Vec<String> = issues.iter().map(line).collect();
    lines.join(if consequences { "" } else { "\n" })
}

/// Why [`load_strict`](super::load_strict) refused a file: the file and everything wrong with
/// it, one per line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", lines(.path, .issues, false))]
pub struct SettingsError {
    pub(super) path: PathBuf,
    pub(super) issues: Vec<Issue>,
}

impl SettingsError {
    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What is wrong with it; never empty.
    pub fn issues(&self) -> &[Issue] {
        &self.issues
    }
}

/// What became of the bytes of a file the game could not fully accept.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Backup {
    /// Nothing worth keeping: the file was empty or only whitespace.
    NotNeeded,
    /// An exact copy of the file is here.
    Kept(PathBuf),
    /// The file could not be read; [`Store::save`](super::Store::save) sets it aside under a
    /// `.broken-…` name before writing over it and reports the name in
    /// [`Saved::backup`](super::Saved::backup).
    BeforeSave,
    /// No copy could be made (the reason is given); [`Store::save`](super::Store::save) tries
    /// again and does not write over the file until a copy exists.
    Failed(String),
    /// A directory or a special file: the game never writes over or deletes it.
    NeverOverwritten,
}

/// The last line of a [`SettingsProblem`]: what became of the file's bytes.
fn backup_line(backup: &Backup, path: &Path) -> String {
    match backup {
        Backup::NotNeeded => String::new(),
        Backup::Kept(copy) => format!("Your file was kept as {}.", copy.display()),
        Backup::BeforeSave => format!(
            "Before saving over it, the game will set it aside as {}.broken-<time>.",
            path.display()
        ),
        Backup::Failed(reason) => format!(
            "A copy of your file could not be made ({reason}); \
             the game will not save over it until one can be."
        ),
        Backup::NeverOverwritten => "The game will not write over it, so it cannot save its \
                                     settings there until it is moved away."
            .to_owned(),
    }
}

/// Why the settings file was not (fully) used, with what the game did about it. Loading goes on
/// with defaults for what could not be read; show `Display` to the user.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}{}", lines(&.error.path, &.error.issues, true), backup_line(.backup, &.error.path))]
pub struct SettingsProblem {
    pub(super) error: SettingsError,
    pub(super) backup: Backup,
}

impl SettingsProblem {
    /// The settings file.
    pub fn path(&self) -> &Path {
        &self.error.path
    }

    /// Everything wrong with the file; never empty.
    pub fn issues(&self) -> &[Issue] {
        &self.error.issues
    }

    /// What became of the file's bytes.
    pub fn backup(&self) -> &Backup {
        &self.backup
    }

    /// Where a copy of the file was kept, if it was at load time.
    pub fn backup_path(&self) -> Option<&Path> {
        match &self.backup {
            Backup::Kept(path) => Some(path),
            _ => None,
        }
    }
}

/// Why settings could not be saved. The file that was there before is unchanged. `path` is the
/// settings file's.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SaveError {
    /// A directory is where the file should be; it is left alone.
    #[error("cannot save settings to {}: it is a directory", .path.display())]
    IsDirectory { path: PathBuf },
    /// A FIFO, socket or device (`/dev/null`) is where the file should be; it is left alone.
    #[error("cannot save settings to {}: it is not a regular file", .path.display())]
    NotARegularFile { path: PathBuf },
    /// The path does not name a file (`/`, `..`).
    #[error("cannot save settings to {}: that is not a file name", .path.display())]
    NoFileName { path: PathBuf },
    /// The directory for the file could not be created.
    #[error("cannot save settings: cannot create the directory {}: {source}", .dir.display())]
    CreateDir { dir: PathBuf, source: io::Error },
    /// Creating, writing or syncing the new contents beside the file failed.
    #[error("cannot save settings to {}: writing failed: {source}", .path.display())]
    Write { path: PathBuf, source: io::Error },
    /// Putting the new file in place of the old one failed.
    #[error("cannot save settings to {}: replacing the old file failed: {source}", .path.display())]
    Replace { path: PathBuf, source: io::Error },
    /// The file about to be written over could not be set aside first (see [`Backup`]).
    #[error("did not save settings to {}: a copy of the file there could not be kept: {source}",
        .path.display())]
    Backup { path: PathBuf, source: io::Error },
    /// A setting holds a value (as RON) that the game would refuse when loading it back.
    #[error("cannot save settings: {field} must be {expected}, but is {value}")]
    InvalidSetting {
        field: &'static str,
        value: String,
        expected: String,
    },
    /// The settings could not be written as RON that reads back the same (a bug).
    #[error("cannot save settings: {0}")]
    Format(String),
}
