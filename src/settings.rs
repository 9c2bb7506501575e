//! The player's preferences, saved as RON.
//!
//! # Where and how
//!
//! The file is `settings.ron` in the platform's config directory ([`default_path`]) unless the
//! game was given another one. [`Store::open`] loads it once at start-up and [`Store::save`]
//! writes it back atomically: a temporary file beside it is written, flushed and synced, then
//! renamed over the old one, so a crash or a full disk leaves either the old file or the new one,
//! never half of each.
//!
//! # Broken files
//!
//! Loading never fails. A file the game cannot fully accept (bad RON, a wrong or out-of-range
//! value, junk, too large, unreadable, a directory in its place) gives the defaults for whatever
//! could not be read, keeps every field that could, and comes with a [`SettingsProblem`] that
//! names the file, the line and column, and what was used instead. A missing file is a first run,
//! not a problem.
//!
//! The user's bytes are never lost. When the file could be read, its exact bytes are copied to
//! `settings.ron.broken-<unix-seconds>` right away at load time, before anything can write over
//! it, so the problem message can already say where the copy is (an existing identical copy is
//! reused, so starting the game again and again with the same broken file does not pile up
//! copies). When the file could not be read (no permission, too large), the game cannot copy
//! it; instead [`Store::save`] hard-links it (or, failing that, renames it) to such a name just
//! before putting the new file in place, and reports the name in [`Saved`]. If a copy cannot be
//! made, the save fails and the file stays as it is. A directory or a special file (a FIFO, a
//! device such as `/dev/null`) in place of the file is never touched: saving there fails with
//! [`SaveError::IsDirectory`] or [`SaveError::NotARegularFile`].

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::board::Mark;

/// Who makes the first move of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FirstPlayer {
    /// The human moves first.
    #[default]
    Human,
    /// The computer moves first.
    Computer,
    /// Human and computer take turns starting, game after game.
    Alternate,
}

impl FirstPlayer {
    /// Every choice, in menu order.
    pub const ALL: [FirstPlayer; 3] = [
        FirstPlayer::Human,
        FirstPlayer::Computer,
        FirstPlayer::Alternate,
    ];
}

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// A human against the computer.
    #[default]
    VsComputer,
    /// Two humans taking turns at the same screen.
    TwoPlayers,
    /// The computer plays both sides, for watching.
    ComputerVsComputer,
}

impl Mode {
    /// Every choice, in menu order.
    pub const ALL: [Mode; 3] = [Mode::VsComputer, Mode::TwoPlayers, Mode::ComputerVsComputer];
}

/// Light or dark colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    /// Dark colours.
    Dark,
    /// Light colours.
    Light,
    /// Follow the operating system's light or dark preference.
    #[default]
    System,
}

impl Theme {
    /// Every choice, in menu order.
    pub const ALL: [Theme; 3] = [Theme::Dark, Theme::Light, Theme::System];
}

/// Everything the game remembers between runs. Field names are what users see and edit in the
/// file; missing fields take their defaults and unknown ones are ignored.
///
/// A new field needs an entry in `FIELDS` below too (saving checks that the file reads back
/// the same, so a forgotten one fails the round-trip tests rather than going unnoticed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The file format's version, [`Settings::VERSION`] when this build wrote it.
    pub version: u32,
    /// Who starts a game.
    pub first_player: FirstPlayer,
    /// The human's mark against the computer.
    pub human_mark: Mark,
    /// Who plays.
    pub mode: Mode,
    /// How strong the computer plays.
    pub difficulty: Difficulty,
    /// Whether the computer's rating of every move is shown.
    pub show_scores: bool,
    /// Light or dark colours.
    pub theme: Theme,
    /// Only [`Settings::BOARD_SIZE`] for now.
    #[serde(deserialize_with = "deserialize_board_size")]
    pub board_size: u8,
    /// How long the computer pauses before it moves, at most [`Settings::MAX_AI_DELAY_MS`].
    #[serde(deserialize_with = "deserialize_ai_delay_ms")]
    pub ai_delay_ms: u32,
}

impl Settings {
    /// The version this build writes.
    pub const VERSION: u32 = 1;
    /// The only board size the game plays so far.
    pub const BOARD_SIZE: u8 = 3;
    /// The longest pause before a computer move that a file may ask for. Longer looks like a
    /// typo (seconds for milliseconds) and would make the game seem hung.
    pub const MAX_AI_DELAY_MS: u32 = 10_000;
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: Settings::VERSION,
            first_player: FirstPlayer::Human,
            human_mark: Mark::X,
            mode: Mode::VsComputer,
            difficulty: Difficulty::Perfect,
            show_scores: false,
            theme: Theme::System,
            board_size: 3,
            ai_delay_ms: 300,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Range-checked numbers
// ---------------------------------------------------------------------------------------------

/// What a file may say for `board_size`, in the words of the error messages.
const BOARD_SIZE_EXPECTED: &str = "3 (the only board size so far)";
/// What a file may say for `ai_delay_ms`, in the words of the error messages.
const AI_DELAY_EXPECTED: &str = "a whole number of milliseconds from 0 to 10000";

/// Accepts any integer the parser can read, so that an out-of-range value (even a negative one)
/// is reported by value rather than as a type mismatch, then checks the range.
struct RangedInt {
    expected: &'static str,
    range: std::ops::RangeInclusive<i64>,
}

impl<'de> Visitor<'de> for RangedInt {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<i64, E> {
        if self.range.contains(&value) {
            Ok(value)
        } else {
            Err(E::custom(format_args!(
                "expected {}, found {value}",
                self.expected
            )))
        }
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<i64, E> {
        match i64::try_from(value) {
            Ok(value) => self.visit_i64(value),
            Err(_) => Err(E::custom(format_args!(
                "expected {}, found {value}",
                self.expected
            ))),
        }
    }
}

fn deserialize_board_size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    let checker = RangedInt {
        expected: BOARD_SIZE_EXPECTED,
        range: i64::from(Settings::BOARD_SIZE)..=i64::from(Settings::BOARD_SIZE),
    };
    let value = deserializer.deserialize_any(checker)?;
    // The range check above guarantees the value fits; the error arm only keeps this total.
    u8::try_from(value).map_err(|_| de::Error::custom(BOARD_SIZE_EXPECTED))
}

fn deserialize_ai_delay_ms<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let checker = RangedInt {
        expected: AI_DELAY_EXPECTED,
        range: 0..=i64::from(Settings::MAX_AI_DELAY_MS),
    };
    let value = deserializer.deserialize_any(checker)?;
    u32::try_from(value).map_err(|_| de::Error::custom(AI_DELAY_EXPECTED))
}

/// Lets a field's checked deserializer run on its own, outside [`Settings`].
struct BoardSize(u8);

impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_board_size(deserializer).map(BoardSize)
    }
}

/// Lets a field's checked deserializer run on its own, outside [`Settings`].
struct AiDelay(u32);

impl<'de> Deserialize<'de> for AiDelay {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_ai_delay_ms(deserializer).map(AiDelay)
    }
}

// ---------------------------------------------------------------------------------------------
// The fields, one table for reading, writing and messages
// ---------------------------------------------------------------------------------------------

/// One field of the file. Reading, writing, the comments in the file and the error messages all
/// come from this one table, so they cannot drift apart.
struct Field {
    name: &'static str,
    /// What a valid value looks like, for messages: "one of Easy, Medium, Hard, Perfect".
    expected: fn() -> String,
    /// The comment written after the value, for people who edit the file.
    comment: fn() -> Option<String>,
    /// Parses the field's RON text (a whole document holding one value) into `settings`.
    read: fn(&mut Settings, &str) -> Result<(), ron::error::SpannedError>,
    /// The field's value as RON.
    write: fn(&Settings) -> Result<String, ron::Error>,
}

fn ron_value<T: DeserializeOwned>(text: &str) -> Result<T, ron::error::SpannedError> {
    ron::Options::default().from_str(text)
}

/// The names of enum values as serde writes them, so messages and comments always match what
/// the parser accepts.
fn variant_names<T: Serialize>(all: &[T]) -> Vec<String> {
    all.iter().filter_map(|v| ron::to_string(v).ok()).collect()
}

fn one_of<T: Serialize>(all: &[T]) -> String {
    format!("one of {}", variant_names(all).join(", "))
}

fn alternatives<T: Serialize>(all: &[T]) -> Option<String> {
    Some(variant_names(all).join(" | "))
}

const MARKS: [Mark; 2] = [Mark::X, Mark::O];

const FIELDS: [Field; 9] = [
    Field {
        name: "version",
        expected: || "a whole number".to_owned(),
        comment: || None,
        read: |s, t| ron_value(t).map(|v| s.version = v),
        write: |s| ron::to_string(&s.version),
    },
    Field {
        name: "first_player",
        expected: || one_of(&FirstPlayer::ALL),
        comment: || alternatives(&FirstPlayer::ALL),
        read: |s, t| ron_value(t).map(|v| s.first_player = v),
        write: |s| ron::to_string(&s.first_player),
    },
    Field {
        name: "human_mark",
        expected: || one_of(&MARKS),
        comment: || alternatives(&MARKS),
        read: |s, t| ron_value(t).map(|v| s.human_mark = v),
        write: |s| ron::to_string(&s.human_mark),
    },
    Field {
        name: "mode",
        expected: || one_of(&Mode::ALL),
        comment: || alternatives(&Mode::ALL),
        read: |s, t| ron_value(t).map(|v| s.mode = v),
        write: |s| ron::to_string(&s.mode),
    },
    Field {
        name: "difficulty",
        expected: || one_of(&Difficulty::ALL),
        comment: || alternatives(&Difficulty::ALL),
        read: |s, t| ron_value(t).map(|v| s.difficulty = v),
        write: |s| ron::to_string(&s.difficulty),
    },
    Field {
        name: "show_scores",
        expected: || "true or false".to_owned(),
        comment: || alternatives(&[true, false]),
        read: |s, t| ron_value(t).map(|v| s.show_scores = v),
        write: |s| ron::to_string(&s.show_scores),
    },
    Field {
        name: "theme",
        expected: || one_of(&Theme::ALL),
        comment: || alternatives(&Theme::ALL),
        read: |s, t| ron_value(t).map(|v| s.theme = v),
        write: |s| ron::to_string(&s.theme),
    },
    Field {
        name: "board_size",
        expected: || BOARD_SIZE_EXPECTED.to_owned(),
        comment: || Some("only 3 for now".to_owned()),
        read: |s, t| ron_value(t).map(|BoardSize(v)| s.board_size = v),
        write: |s| ron::to_string(&s.board_size),
    },
    Field {
        name: "ai_delay_ms",
        expected: || AI_DELAY_EXPECTED.to_owned(),
        comment: || Some("pause before a computer move, 0 to 10000".to_owned()),
        read: |s, t| ron_value(t).map(|AiDelay(v)| s.ai_delay_ms = v),
        write: |s| ron::to_string(&s.ai_delay_ms),
    },
];

/// The field names, as serde's struct deserialization wants them.
const FIELD_NAMES: [&str; FIELDS.len()] = {
    let mut names = [""; FIELDS.len()];
    let mut i = 0;
    while i < FIELDS.len() {
        names[i] = FIELDS[i].name;
        i += 1;
    }
    names
};

// ---------------------------------------------------------------------------------------------
// Problems
// ---------------------------------------------------------------------------------------------

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError {
    path: PathBuf,
    issues: Vec<Issue>,
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
    BeforeSave,
    /// No copy could be made (the reason is given); [`Store::save`] tries again and does not
    /// write over the file until a copy exists.
    Failed(String),
    /// A directory or a special file: the game never writes over or deletes it.
    NeverOverwritten,
}

/// Why the settings file was not (fully) used, with what the game did about it. Loading goes on
/// with defaults for what could not be read; show [`Display`](fmt::Display) to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsProblem {
    error: SettingsError,
    backup: Backup,
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

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/// The largest settings file the game reads. A real one is a few hundred bytes; anything near
/// this is not a settings file, and reading it all could take long or exhaust memory.
pub const MAX_FILE_SIZE: u64 = 1024 * 1024;

/// Collects the top-level fields as raw RON text without interpreting them, so that one bad
/// value costs only that field, and the fields before a syntax error survive it (they are pushed
/// as they are read, before the error stops the parse).
struct RawFields<'a, 'de> {
    out: &'a mut Vec<(String, &'de ron::value::RawValue)>,
}

impl<'de> DeserializeSeed<'de> for RawFields<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("Settings", &FIELD_NAMES, self)
    }
}

impl<'de> Visitor<'de> for RawFields<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("settings in parentheses, like (difficulty: Hard)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value::<&'de ron::value::RawValue>()?;
            self.out.push((key, value));
        }
        Ok(())
    }
}

/// The line and column of byte `offset` in `text`.
fn position_at(text: &str, offset: usize) -> Position {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Position { line, column }
}

/// Where `inner`, a slice borrowed from `outer`, starts in it.
fn offset_in(outer: &str, inner: &str) -> Option<usize> {
    let start = inner.as_ptr().addr().checked_sub(outer.as_ptr().addr())?;
    (start.checked_add(inner.len())? <= outer.len()).then_some(start)
}

/// How many bytes of whitespace and comments `text` starts with (a raw value keeps comments
/// that sit before it, but its position is where the value itself starts).
fn skip_trivia(text: &str) -> usize {
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        if let Some(comment) = trimmed.strip_prefix("//") {
            rest = comment.find('\n').map_or("", |i| &comment[i..]);
        } else if trimmed.starts_with("/*") {
            // RON block comments nest.
            let mut depth = 0usize;
            let mut i = 0;
            let bytes = trimmed.as_bytes();
            while i < bytes.len() {
                if bytes[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if bytes[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            // `i` is after an ASCII `*/` or at the end, so it is a char boundary.
            rest = trimmed.get(i..).unwrap_or("");
        } else {
            return text.len() - trimmed.len();
        }
    }
}

/// The user's text for a value, made safe and short for a one-line message.
fn shown(text: &str) -> String {
    const LIMIT: usize = 40;
    let first_line = text.lines().next().unwrap_or("").trim();
    let mut out = String::new();
    for (i, c) in first_line.chars().enumerate() {
        if i == LIMIT {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if first_line.len() < text.trim().len() && !out.ends_with('…') {
        out.push('…');
    }
    out
}

/// "Expected comma" reads better after "line 4, column 5:" as "expected comma".
fn lowercase_first(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Reads the settings in `text`, keeping every field it can and listing what it could not.
fn parse_text(text: &str, issues: &mut Vec<Issue>) -> Settings {
    let mut settings = Settings::default();
    // A byte-order mark (as some Windows editors write) is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        issues.push(Issue::Empty);
        return settings;
    }

    let mut raw = Vec::new();
    let syntax = |error: ron::error::SpannedError, kept: usize| Issue::Syntax {
        // The span's end is where the parser stopped: at the offending character, or the end of
        // the file (its start can be whitespace before that, or the value before a missing comma).
        at: error.span.end.into(),
        detail: lowercase_first(&error.code.to_string()),
        kept,
    };
    match ron::Deserializer::from_str_with_options(text, &ron::Options::default()) {
        Err(error) => issues.push(syntax(error, 0)),
        Ok(mut deserializer) => {
            let result = RawFields { out: &mut raw }
                .deserialize(&mut deserializer)
                .and_then(|()| deserializer.end());
            if let Err(code) = result {
                issues.push(syntax(deserializer.span_error(code), raw.len()));
            }
        }
    }

    let mut seen = [false; FIELDS.len()];
    for (key, value) in raw {
        let Some(index) = FIELDS.iter().position(|f| f.name == key) else {
            // Unknown fields are ignored so that files from newer and older versions load.
            continue;
        };
        let field = &FIELDS[index];
        let value = value.get_ron();
        let start = skip_trivia(value);
        let at = offset_in(text, value).map_or(Position { line: 0, column: 0 }, |offset| {
            position_at(text, offset + start)
        });
        if std::mem::replace(&mut seen[index], true) {
            issues.push(Issue::DuplicateField {
                at,
                field: field.name,
            });
            continue;
        }
        if let Err(error) = (field.read)(&mut settings, value) {
            let default = (field.write)(&Settings::default()).unwrap_or_default();
            issues.push(match error.code {
                ron::Error::NoSuchEnumVariant {
                    found, expected, ..
                } => Issue::UnknownVariant {
                    at,
                    field: field.name,
                    found: shown(&found),
                    expected: (field.expected)(),
                    default,
                    suggestion: expected
                        .iter()
                        .find(|choice| choice.eq_ignore_ascii_case(&found))
                        .map(|choice| (*choice).to_owned()),
                },
                _ => Issue::InvalidValue {
                    at,
                    field: field.name,
                    found: shown(value.get(start..).unwrap_or(value)),
                    expected: (field.expected)(),
                    default,
                },
            });
        }
    }
    // In file order, as people read them (the syntax error that ended the parse came first).
    issues.sort_by_key(|issue| issue.position().map(|at| (at.line, at.column)));
    settings
}

/// Reads settings from a file's bytes: UTF-8 problems are reported, then the rest is read.
fn parse_bytes(bytes: &[u8], issues: &mut Vec<Issue>) -> Settings {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_text(text, issues),
        Err(error) => {
            let valid = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or("");
            issues.push(Issue::NotUtf8 {
                at: position_at(valid, valid.len()),
            });
            parse_text(&String::from_utf8_lossy(bytes), issues)
        }
    }
}

/// Writes settings as pretty RON with the allowed values in comments, for people who edit it.
///
/// Fails only if a value cannot be written as RON, which the settings' plain types rule out.
pub fn to_ron(settings: &Settings) -> Result<String, ron::Error> {
    let mut lines = Vec::with_capacity(FIELDS.len());
    for field in &FIELDS {
        let line = format!("    {}: {},", field.name, (field.write)(settings)?);
        lines.push((line, (field.comment)()));
    }
    // Align the comments in one column, two spaces after the longest line.
    let width = lines
        .iter()
        .map(|(line, _)| line.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut out = String::from(
        "// Tic-Tac-Toe settings. A missing line takes its default; unknown lines are ignored.\n\
         // The game rewrites this file when settings change, without your own comments.\n(\n",
    );
    for (line, comment) in lines {
        match comment {
            Some(comment) => out.push_str(&format!("{line:<width$}// {comment}\n")),
            None => out.push_str(&format!("{line}\n")),
        }
    }
    out.push_str(")\n");
    Ok(out)
}

/// The text to save, checked by reading it back: the game never writes a file that it would
/// not load back exactly as `settings`.
fn checked_text(settings: &Settings) -> Result<String, SaveError> {
    let text = to_ron(settings).map_err(|e| SaveError::Format(e.to_string()))?;
    let mut issues = Vec::new();
    let read_back = parse_text(&text, &mut issues);
    if let Some(issue) = issues.into_iter().next() {
        return Err(match issue {
            Issue::InvalidValue {
                field,
                found,
                expected,
                ..
            }
            | Issue::UnknownVariant {
                field,
                found,
                expected,
                ..
            } => SaveError::InvalidSetting {
                field,
                value: found,
                expected,
            },
            other => SaveError::Format(format!("the written settings do not read back: {other}")),
        });
    }
    if read_back != *settings {
        return Err(SaveError::Format(
            "the written settings read back differently".to_owned(),
        ));
    }
    Ok(text)
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

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
    /// Loads the settings file at `path`. Never fails: see the [module docs](self).
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
