//! What can be wrong with a settings file, and why saving can fail.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

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

impl From<ron::error::Position> for Position {
    fn from(p: ron::error::Position) -> Self {
        Position {
            line: p.line,
            column: p.col,
        }
    }
}

/// One thing wrong with a settings file. Its `Display` says what is wrong; what the game does
/// about it is added by [`SettingsProblem`]'s `Display`, since [`load_strict`] does nothing.
///
/// [`load_strict`]: super::load_strict
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Issue {
    /// A directory is where the file should be.
    IsDirectory,
    /// A FIFO, socket or device; it is not opened, so the game cannot hang on it.
    NotARegularFile,
    /// Larger than [`MAX_FILE_SIZE`]; not read at all.
    TooLarge {
        /// The file's size in bytes.
        size: u64,
    },
    /// Opening or reading failed: no permission, an I/O error, or (for [`load_strict`]) no file.
    ///
    /// [`load_strict`]: super::load_strict
    Unreadable {
        /// What kind of failure, e.g. [`io::ErrorKind::PermissionDenied`].
        kind: io::ErrorKind,
        /// The system's description of it.
        detail: String,
    },
    /// Nothing but whitespace.
    Empty,
    /// Bytes that are not UTF-8, the first at `at`. They were replaced and the rest was read.
    NotUtf8 {
        /// Where the first invalid byte is.
        at: Position,
    },
    /// RON that could not be parsed past `at`, or that is not a `( … )` of settings. The fields
    /// before that point were read (`kept` says how many, known or not).
    Syntax {
        /// Where the parser stopped.
        at: Position,
        /// The parser's description, e.g. "expected comma".
        detail: String,
        /// How many fields were read before it.
        kept: usize,
    },
    /// A value not among an enum's choices.
    UnknownVariant {
        /// Where the value starts.
        at: Position,
        /// The field's name.
        field: &'static str,
        /// The value as written (shortened, control characters escaped).
        found: String,
        /// The choices: "one of Easy, Medium, Hard, Perfect".
        expected: String,
        /// The default used instead, as RON.
        default: String,
        /// The choice spelled the same but for case (`hard` for `Hard`), if any.
        suggestion: Option<String>,
    },
    /// A value of the wrong type or out of range.
    InvalidValue {
        /// Where the value starts.
        at: Position,
        /// The field's name.
        field: &'static str,
        /// The value as written (shortened, control characters escaped).
        found: String,
        /// What a valid value looks like: "true or false".
        expected: String,
        /// The default used instead, as RON.
        default: String,
    },
    /// The same field more than once; the first one counts.
    DuplicateField {
        /// Where the second value starts.
        at: Position,
        /// The field's name.
        field: &'static str,
    },
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
            Issue::Syntax { kept: 0, .. } => "using default settings".to_owned(),
            Issue::Syntax { .. } => {
                "kept the settings before this point, the rest use their defaults".to_owned()
            }
            _ => "using default settings".to_owned(),
        }
    }
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Issue::IsDirectory => f.write_str("this is a directory, not a settings file"),
            Issue::NotARegularFile => f.write_str("this is not a regular file"),
            Issue::TooLarge { size } => write!(
                f,
                "the file is {size} bytes, more than a settings file can be ({MAX_FILE_SIZE} bytes)"
            ),
            Issue::Unreadable { detail, .. } => write!(f, "cannot read the file: {detail}"),
            Issue::Empty => f.write_str("the file is empty"),
            Issue::NotUtf8 { at } => write!(f, "{at}: the file is not UTF-8 text"),
            Issue::Syntax { at, detail, .. } => write!(f, "{at}: {detail}"),
            Issue::UnknownVariant {
                at,
                field,
                found,
                expected,
                suggestion,
                ..
            } => {
                write!(
                    f,
                    "{at}: unknown variant \"{found}\" for {field}, expected {expected}"
                )?;
                match suggestion {
                    Some(suggestion) => write!(f, " (did you mean {suggestion}?)"),
                    None => Ok(()),
                }
            }
            Issue::InvalidValue {
                at,
                field,
                found,
                expected,
                ..
            } => write!(f, "{at}: {field} must be {expected}, found {found}"),
            Issue::DuplicateField { at, field } => {
                write!(f, "{at}: {field} appears more than once")
            }
        }
    }
}

/// Why [`load_strict`] refused a file: the file and everything wrong with it, one per line.
///
/// [`load_strict`]: super::load_strict
#[derive(Debug, Clone, PartialEq, Eq)]
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

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, issue) in self.issues.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{}: {issue}", self.path.display())?;
        }
        Ok(())
    }
}

impl std::error::Error for SettingsError {}

/// What became of the bytes of a file the game could not fully accept.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Backup {
    /// Nothing worth keeping: the file was empty or only whitespace.
    NotNeeded,
    /// An exact copy of the file is here.
    Kept(PathBuf),
    /// The file could not be read; [`Store::save`] sets it aside under a `.broken-…` name
    /// before writing over it and reports the name in [`Saved::backup`].
    ///
    /// [`Store::save`]: super::Store::save
    /// [`Saved::backup`]: super::Saved::backup
    BeforeSave,
    /// No copy could be made (the reason is given); [`Store::save`] tries again and does not
    /// write over the file until a copy exists.
    ///
    /// [`Store::save`]: super::Store::save
    Failed(String),
    /// A directory or a special file: the game never writes over or deletes it.
    NeverOverwritten,
}

/// Why the settings file was not (fully) used, with what the game did about it. Loading goes on
/// with defaults for what could not be read; show [`Display`](fmt::Display) to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
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

impl fmt::Display for SettingsProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.error.path.display();
        for issue in &self.error.issues {
            writeln!(f, "{path}: {issue} — {}", issue.consequence())?;
        }
        match &self.backup {
            Backup::NotNeeded => Ok(()),
            Backup::Kept(copy) => write!(f, "Your file was kept as {}.", copy.display()),
            Backup::BeforeSave => write!(
                f,
                "Before saving over it, the game will set it aside as {}.broken-<time>.",
                path
            ),
            Backup::Failed(reason) => write!(
                f,
                "A copy of your file could not be made ({reason}); \
                 the game will not save over it until one can be."
            ),
            Backup::NeverOverwritten => write!(
                f,
                "The game will not write over it, so it cannot save its settings there \
                 until it is moved away."
            ),
        }
    }
}

impl std::error::Error for SettingsProblem {}

/// Why settings could not be saved. The file that was there before is unchanged.
#[derive(Debug)]
#[non_exhaustive]
pub enum SaveError {
    /// A directory is where the file should be; it is left alone.
    IsDirectory {
        /// The settings file's path.
        path: PathBuf,
    },
    /// A FIFO, socket or device (`/dev/null`) is where the file should be; it is left alone.
    NotARegularFile {
        /// The settings file's path.
        path: PathBuf,
    },
    /// The path does not name a file (`/`, `..`).
    NoFileName {
        /// The path given.
        path: PathBuf,
    },
    /// The directory for the file could not be created.
    CreateDir {
        /// The directory.
        dir: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// Creating, writing or syncing the new contents beside the file failed.
    Write {
        /// The settings file's path.
        path: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// Putting the new file in place of the old one failed.
    Replace {
        /// The settings file's path.
        path: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// The file about to be written over could not be set aside first (see [`Backup`]).
    Backup {
        /// The settings file's path.
        path: PathBuf,
        /// Why not.
        source: io::Error,
    },
    /// A setting holds a value that the game would refuse when loading it back.
    InvalidSetting {
        /// The field's name.
        field: &'static str,
        /// Its value, as RON.
        value: String,
        /// What a valid value looks like.
        expected: String,
    },
    /// The settings could not be written as RON that reads back the same (a bug).
    Format(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::IsDirectory { path } => write!(
                f,
                "cannot save settings to {}: it is a directory",
                path.display()
            ),
            SaveError::NotARegularFile { path } => write!(
                f,
                "cannot save settings to {}: it is not a regular file",
                path.display()
            ),
            SaveError::NoFileName { path } => write!(
                f,
                "cannot save settings to {}: that is not a file name",
                path.display()
            ),
            SaveError::CreateDir { dir, source } => write!(
                f,
                "cannot save settings: cannot create the directory {}: {source}",
                dir.display()
            ),
            SaveError::Write { path, source } => write!(
                f,
                "cannot save settings to {}: writing failed: {source}",
                path.display()
            ),
            SaveError::Replace { path, source } => write!(
                f,
                "cannot save settings to {}: replacing the old file failed: {source}",
                path.display()
            ),
            SaveError::Backup { path, source } => write!(
                f,
                "did not save settings to {}: a copy of the file there could not be kept: {source}",
                path.display()
            ),
            SaveError::InvalidSetting {
                field,
                value,
                expected,
            } => write!(
                f,
                "cannot save settings: {field} must be {expected}, but is {value}"
            ),
            SaveError::Format(detail) => write!(f, "cannot save settings: {detail}"),
        }
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SaveError::CreateDir { source, .. }
            | SaveError::Write { source, .. }
            | SaveError::Replace { source, .. }
            | SaveError::Backup { source, .. } => Some(source),
            _ => None,
        }
    }
}
