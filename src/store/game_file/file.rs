//! A game file on disk: reading it (never writing), and saving atomically.

use std::io::ErrorKind;
use std::path::Path;

use super::format::{from_text, to_text};
use super::problems::{
    GameFileError, GameFileProblem, GameSaveError, MAX_FILE_BYTES, Position, SaveReason,
};
use crate::game::GameRecord;
use crate::platform::fs::File;
use crate::store::files::{self, ReadProblem, SaveProblem, SaveRules, TargetProblem};
use crate::store::settings::looks_like_settings;

/// Reads and checks the game file at `path`. Nothing is written, whatever the outcome.
pub fn load(path: &Path) -> Result<GameRecord, GameFileError> {
    let error = |problem| GameFileError {
        path: path.to_owned(),
        problem,
    };
    let bytes = read_capped(path).map_err(error)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        error(GameFileProblem::NotUtf8 {
            at: position_at(&bytes[..e.valid_up_to()]),
        })
    })?;
    from_text(text).map_err(error)
}

/// The line and column just after `valid` (UTF-8 text).
fn position_at(valid: &[u8]) -> Position {
    let text = std::str::from_utf8(valid).unwrap_or_default();
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Position { line, col }
}

/// A file's bytes, if it is a regular file of at most [`MAX_FILE_BYTES`].
fn read_capped(path: &Path) -> Result<Vec<u8>, GameFileProblem> {
    files::read_capped(path, MAX_FILE_BYTES, |path| File::open(path)).map_err(|problem| {
        match problem {
            ReadProblem::IsDirectory => GameFileProblem::IsDirectory,
            ReadProblem::NotARegularFile => GameFileProblem::NotARegularFile,
            ReadProblem::TooLarge { size } => GameFileProblem::TooLarge { size },
            ReadProblem::Io(e) if e.kind() == ErrorKind::NotFound => GameFileProblem::NotFound,
            ReadProblem::Io(e) => GameFileProblem::Unreadable(e.to_string()),
        }
    })
}

/// Saves the game to `path` atomically: a temporary file beside it is written, synced and renamed
/// over it, so that the old file stays whole if anything fails. A symlink stays a link (the file
/// it points to is replaced), and the file keeps its permissions and owner; a directory, a
/// special file, a read-only file or a settings file in its place is refused.
pub fn save(path: &Path, record: &GameRecord) -> Result<(), GameSaveError> {
    let error = |reason| GameSaveError {
        path: path.to_owned(),
        reason,
    };
    let text = to_text(record).map_err(|p| error(SaveReason::Game(p)))?;
    let rules = SaveRules {
        make_folder: false,
        other_kind: |file| files::text_of_other_kind(file, looks_like_settings),
        check_bytes: files::MAX_KIND_CHECK_BYTES,
    };
    files::save_atomically(path, rules, text.as_bytes()).map_err(|problem| {
        error(match problem {
            SaveProblem::Target(TargetProblem::IsDirectory) => SaveReason::IsDirectory,
            SaveProblem::Target(TargetProblem::NotARegularFile) => SaveReason::NotARegularFile,
            SaveProblem::Target(TargetProblem::NoFileName) => SaveReason::NoFileName,
            SaveProblem::Target(TargetProblem::ReadOnly) => SaveReason::ReadOnly,
            SaveProblem::Target(TargetProblem::OtherOwner) => SaveReason::OtherOwner,
            SaveProblem::Target(TargetProblem::OtherKind) => SaveReason::SettingsFile,
            SaveProblem::Target(TargetProblem::MissingFolder) => SaveReason::MissingFolder,
            SaveProblem::Write(e) => SaveReason::Io(e),
        })
    })
}
