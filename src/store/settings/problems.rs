//! What can be wrong with a settings file, read or saved, and what the game did about it: each
//! problem one line naming the file.

use std::io;
use std::path::{Path, PathBuf};

use ron::error::Position;
use thiserror::Error;

use crate::store::shown_path::shown_path;

/// The largest settings file the game reads (a real one is a few hundred bytes).
pub const MAX_FILE_SIZE: u64 = 1024 * 1024;

/// One thing wrong with a settings file. `found` is a value as written, shortened; `expected`
/// what a valid one looks like; `default` the RON used instead.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Issue {
    #[error("this is a directory, not a settings file")]
    IsDirectory,
    /// A FIFO, socket or device; it is not opened, so the game cannot hang on it.
    #[error("this is not a regular file")]
    NotARegularFile,
    /// Larger than [`MAX_FILE_SIZE`]: not read at all.
    #[error("the file is {size} bytes, more than a settings file can be ({MAX_FILE_SIZE} bytes)")]
    TooLarge { size: u64 },
    /// Opening or reading failed: no permission, an I/O error, or (loading strictly) no file.
    #[error("cannot read the file: {detail}")]
    Unreadable { kind: io::ErrorKind, detail: String },
    #[error("the file is empty")]
    Empty,
    /// Bytes that are not UTF-8, the first at `at`. They were replaced and the rest was read.
    #[error("line {}, column {}: the file is not UTF-8 text", .at.line, .at.col)]
    NotUtf8 { at: Position },
    /// RON that could not be parsed past `at`; the `kept` fields before it were read.
    #[error("line {}, column {}: {detail}", .at.line, .at.col)]
    Syntax {
        at: Position,
        detail: String,
        kept: usize,
    },
    /// A value not among an enum's choices, with the choice spelled the same but for case.
    #[error("line {}, column {}: unknown variant \"{found}\" for {field}, expected {expected}{}",
        .at.line, .at.col,
        .suggestion.as_ref().map(|s| format!(" (did you mean {s}?)")).unwrap_or_default())]
    UnknownVariant {
        at: Position,
        field: String,
        found: String,
        expected: String,
        default: String,
        suggestion: Option<String>,
    },
    #[error("line {}, column {}: {field} must be {expected}, found {found}", .at.line, .at.col)]
    InvalidValue {
        at: Position,
        field: String,
        found: String,
        expected: String,
        default: String,
    },
    /// A field this version does not know (misspelt, or from a newer version): kept through
    /// saves, written back as it was.
    #[error("line {}, column {}: {field} is not a setting this version knows", .at.line, .at.col)]
    UnknownField { at: Position, field: String },
    /// `in_a_row` longer than the board's side: the usual length for the size is used.
    #[error("line {}, column {}: in_a_row {in_a_row} does not fit board_size {board_size}, \
        which allows at most {board_size} in a row", .at.line, .at.col)]
    InARowTooLong {
        at: Position,
        in_a_row: u8,
        board_size: u8,
        usual: usize,
    },
    /// A saved game, not settings: nothing in it is read as a setting, and nothing is saved
    /// over it.
    #[error("this is a saved game, not a settings file")]
    GameFile,
    /// RON whose fields are none of them settings (another program's file): read strictly, it
    /// would set every setting to its default.
    #[error("the file holds no setting this version knows")]
    NoSettings,
    /// The same field again, its second value at `at`.
    #[error("line {}, column {}: {field} appears more than once", .at.line, .at.col)]
    DuplicateField { at: Position, field: String },
}

/// Why [`load_strict`](super::load_strict) refused a file: "`file`: `issue`" for each issue
/// (never none).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", lines(.path, .issues, |_| String::new()).trim_end())]
#[non_exhaustive]
pub struct SettingsError {
    pub path: PathBuf,
    pub issues: Vec<Issue>,
}

/// "`file`: `issue``then`" and a line break for each issue.
fn lines(path: &Path, issues: &[Issue], then: impl Fn(&Issue) -> String) -> String {
    let line = |issue| format!("{}: {issue}{}\n", shown_path(path), then(issue));
    issues.iter().map(line).collect()
}

/// What became of the bytes of a file the game could not fully accept.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Backup {
    /// Nothing worth keeping: the file was empty or only whitespace.
    NotNeeded,
    /// An exact copy of the file is here.
    Kept(PathBuf),
    /// The file could not be read; saving sets it aside (under a `.broken-…` name) first.
    BeforeSave,
    /// No copy could be made (for this reason); saving sets the file aside first, or fails.
    Failed(String),
    /// A directory or a special file: the game never writes over or deletes it.
    NeverOverwritten,
    /// Only fields this version does not know: nothing is lost, as saving writes them back.
    KeptOnSave,
}

/// Why the settings file was not (fully) used, and what the game did about it; for the user.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}{}", lines(&.error.path, &.error.issues, consequence), self.last_line())]
#[non_exhaustive]
pub struct SettingsProblem {
    pub error: SettingsError,
    pub backup: Backup,
}

/// " — " and what the game did about an issue when loading leniently.
fn consequence(issue: &Issue) -> String {
    let done = match issue {
        Issue::UnknownVariant { default, .. } | Issue::InvalidValue { default, .. } => default,
        Issue::DuplicateField { .. } => "the first one",
        Issue::UnknownField { .. } => return " — kept in the file as it is".into(),
        Issue::InARowTooLong { usual, .. } => {
            return format!(" — using 0, the usual {usual} in a row for the size");
        }
        Issue::NotUtf8 { .. } => return " — reading the rest anyway".into(),
        Issue::Syntax { kept: 1.., .. } => {
            return " — kept the settings before this point, the rest use their defaults".into();
        }
        _ => "default settings",
    };
    format!(" — using {done}")
}

impl SettingsProblem {
    /// Where a copy of the file was kept, if it was at load time.
    pub fn backup_path(&self) -> Option<&Path> {
        match &self.backup {
            Backup::Kept(path) => Some(path),
            _ => None,
        }
    }
    fn last_line(&self) -> String {
        match &self.backup {
            Backup::NotNeeded | Backup::KeptOnSave => String::new(),
            Backup::Kept(copy) => format!("Your file was kept as {}.", shown_path(copy)),
            Backup::BeforeSave => format!(
                "Before saving over it, the game will set it aside as {}.broken-<time>.",
                shown_path(&self.error.path)
            ),
            Backup::Failed(reason) => format!(
                "A copy of your file could not be made ({reason}); \
                 the game will not save over it until one can be."
            ),
            Backup::NeverOverwritten => "The game will not write over it, so it cannot save \
                its settings there until it is moved away."
                .to_owned(),
        }
    }
}

/// Why settings could not be saved; what was there is unchanged. The path is the settings file.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SaveError {
    #[error("cannot save settings to {}: it is a directory", shown_path(.0))]
    IsDirectory(PathBuf),
    /// A FIFO, socket or device (`/dev/null`), left alone.
    #[error("cannot save settings to {}: it is not a regular file", shown_path(.0))]
    NotARegularFile(PathBuf),
    /// The path does not name a file (`/`, `..`, `dir/new/`).
    #[error("cannot save settings to {}: that is not a file name", shown_path(.0))]
    NoFileName(PathBuf),
    /// The file is read-only (mode 0444, or the read-only attribute).
    #[error("did not save settings to {}: the file is read-only; it was left as it is",
        shown_path(.0))]
    ReadOnly(PathBuf),
    /// The file belongs to another user or group, which the new file could not be given.
    #[error("did not save settings to {}: the file belongs to another user, which a new file \
        could not keep; it was left as it is", shown_path(.0))]
    OtherOwner(PathBuf),
    /// The file is a saved game (given as the settings file by mistake).
    #[error("did not save settings to {}: it is a saved game, not a settings file; it was left \
        as it is", shown_path(.0))]
    GameFile(PathBuf),
    /// The file there does not read as settings (notes, a picture, another program's file, too
    /// large to be settings), whether the path names it or a link points to it.
    #[error("did not save settings to {}: the file there is not a settings file; it was left \
        as it is", shown_path(.0))]
    NotSettings(PathBuf),
    /// The folder is missing and its path goes up (`..`) through folders that are missing too.
    #[error("cannot save settings to {}: its folder does not exist", shown_path(.0))]
    MissingFolder(PathBuf),
    /// Creating the directory, or creating, writing or syncing the new file beside the old one.
    #[error("cannot save settings to {}: writing failed: {}", shown_path(.0), .1)]
    Write(PathBuf, #[source] io::Error),
    #[error("cannot save settings to {}: replacing the old file failed: {}", shown_path(.0), .1)]
    Replace(PathBuf, #[source] io::Error),
    #[error("did not save settings to {}: a copy of the file there could not be kept: {}",
        shown_path(.0), .1)]
    Backup(PathBuf, #[source] io::Error),
    /// A value (as RON) that the game would refuse when loading it.
    #[error("cannot save settings: {field} must be {expected}, but is {value}")]
    InvalidSetting {
        field: String,
        value: String,
        expected: String,
    },
    /// The settings could not be written as RON that reads back the same (a bug).
    #[error("cannot save settings: {0}")]
    Format(String),
}
