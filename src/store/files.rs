//! Files the user keeps (settings, saved games): the steps both take to read one whole without
//! blocking or running out of memory, to save one so that the old file stays whole if anything
//! fails, and to write one as RON with a comment beside each field.

use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use tempfile::NamedTempFile;

use crate::platform::fs::{self, File};
use crate::platform::{owner, wall_clock};

/// Why a file could not be read whole.
#[derive(Debug)]
pub enum ReadProblem {
    IsDirectory,
    /// A FIFO, a device or a socket: opening it could block.
    NotARegularFile,
    TooLarge {
        size: u64,
    },
    Io(io::Error),
}

/// The bytes of the regular file at `path`, at most `max` of them, opened with `open`: the size
/// is checked before the file is opened (opening a FIFO would block), and again while reading,
/// in case it grew.
pub fn read_capped(
    path: &Path,
    max: u64,
    open: impl FnOnce(&Path) -> io::Result<File>,
) -> Result<Vec<u8>, ReadProblem> {
    match fs::metadata(path).map_err(ReadProblem::Io)? {
        m if m.is_dir() => return Err(ReadProblem::IsDirectory),
        m if !m.is_file() => return Err(ReadProblem::NotARegularFile),
        m if m.len() > max => return Err(ReadProblem::TooLarge { size: m.len() }),
        _ => {}
    }
    // One byte past the limit is enough to tell that it grew.
    let mut bytes = Vec::new();
    open(path)
        .map_err(ReadProblem::Io)?
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadProblem::Io)?;
    if bytes.len() as u64 > max {
        return Err(ReadProblem::TooLarge {
            size: bytes.len() as u64,
        });
    }
    Ok(bytes)
}

/// The absolute path of the file behind `path`'s symlinks (which stay links when it is saved).
/// On Windows the path keeps its usual form (`C:\Users\…`, not `\\?\C:\Users\…`), which
/// messages show and every program understands.
pub fn resolved(path: &Path) -> PathBuf {
    dunce::canonicalize(path)
        .or_else(|_| std::path::absolute(dangling_target(path)))
        .unwrap_or_else(|_| path.to_owned())
}

/// Where a chain of links that ends nowhere (a dangling link) points: saving creates that file,
/// so the link stays a link. A path that is no link, or a loop, is returned as it is.
fn dangling_target(path: &Path) -> PathBuf {
    let mut current = path.to_owned();
    // As many links as Linux follows before it calls it a loop.
    for _ in 0..40 {
        let is_link = fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            return current;
        }
        match fs::read_link(&current) {
            // A relative target is relative to the link's folder.
            Ok(target) => current = current.with_file_name("").join(target),
            Err(_) => return current,
        }
    }
    path.to_owned()
}

/// Why a file cannot be saved at a path, before anything is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetProblem {
    IsDirectory,
    NotARegularFile,
    /// The path names no file (`/`, `..`), or a folder (it ends with `/`).
    NoFileName,
    /// The file there is read-only: whoever made it so did not want it changed.
    ReadOnly,
    /// The file there belongs to another user or group, which a new file could not keep.
    OtherOwner,
    /// The file there is of another kind (a saved game where settings are saved, or the
    /// reverse), as the save's check of its contents says.
    OtherKind,
    /// The folder does not exist, where the save makes no folders; or its path goes up (`..`)
    /// from folders that do not exist either: making them would make folders only to go up
    /// from them.
    MissingFolder,
}

/// Where saving `path` writes (through links, so that a link stays a link), the folder that
/// holds it, and what is there now. A directory or a special file in its place is refused: a
/// rename over an empty directory succeeds on some systems, deleting it, and one over a device
/// (run as root) would replace the device. So is a read-only file, and a path that ends with a
/// separator (`dir/new/`), which names a folder, not a file.
fn save_target(path: &Path) -> Result<(PathBuf, PathBuf, Option<fs::Metadata>), TargetProblem> {
    let text = path.as_os_str().to_string_lossy();
    if text.ends_with(std::path::is_separator) {
        return Err(TargetProblem::NoFileName);
    }
    let target = resolved(path);
    let existing = fs::metadata(&target).ok();
    match &existing {
        Some(m) if m.is_dir() => return Err(TargetProblem::IsDirectory),
        Some(m) if !m.is_file() => return Err(TargetProblem::NotARegularFile),
        Some(m) if m.permissions().readonly() => return Err(TargetProblem::ReadOnly),
        _ => {}
    }
    let dir = target.parent().filter(|_| target.file_name().is_some());
    let dir = dir.ok_or(TargetProblem::NoFileName)?.to_owned();
    Ok((target, dir, existing))
}

/// What every temporary file a save makes ends with, so that one left by a save that was killed
/// can be told from anyone else's file and removed ([`remove_stale_temporaries`]).
const TEMP_SUFFIX: &str = ".tictactoe-save";

/// The start of the names of the temporary files that save `target`: a dot (hidden, as editors
/// hide theirs), its name (at most 64 bytes of it, so that the whole name fits every file
/// system), and a `~`.
fn temp_prefix(target: &Path) -> String {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let mut end = name.len().min(64);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}~", &name[..end])
}

/// A new temporary file in `dir` for saving `target`, named for it ([`temp_prefix`],
/// [`TEMP_SUFFIX`]), with the permissions any new file there gets (0666 less the umask), not
/// tempfile's 0600. Dropping it deletes it.
fn temp_file_in(dir: &Path, target: &Path) -> io::Result<NamedTempFile> {
    let prefix = temp_prefix(target);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    // Elsewhere (Windows) a new file gets the folder's permissions whatever tempfile asks for.
    if let Some(permissions) = owner::new_file_permissions() {
        builder.permissions(permissions);
    }
    builder.tempfile_in(dir)
}

/// How old a temporary file of ours must be to count as left behind: a save takes
/// milliseconds, so one this old belongs to no save still running (another instance's).
const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// Removes the temporary files that saves of `target` left behind when they were killed: regular
/// files beside it named as `temp_file_in` names them, untouched for `STALE_AFTER`. Nothing
/// else is touched; best effort. Returns how many were removed.
pub fn remove_stale_temporaries(target: &Path) -> usize {
    let (Some(dir), Some(_)) = (target.parent(), target.file_name()) else {
        return 0;
    };
    let prefix = temp_prefix(target);
    let ours = |name: &str| {
        name.strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(TEMP_SUFFIX))
            // tempfile's six random letters and digits.
            .is_some_and(|random| {
                random.len() == 6 && random.chars().all(|c| c.is_ascii_alphanumeric())
            })
    };
    let stale = |m: &fs::Metadata| {
        let age = wall_clock::age(m);
        m.is_file() && age.is_some_and(|age| age >= STALE_AFTER)
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    // Bounded, so that a folder full of files cannot slow the start-up down.
    let entries = fs::read_dir(dir).into_iter().flatten().flatten().take(1000);
    let mut removed = 0;
    for entry in entries {
        let name = entry.file_name();
        if ours(&name.to_string_lossy())
            && fs::symlink_metadata(entry.path()).is_ok_and(|m| stale(&m))
            && fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

/// Why a save failed before the old file could be replaced: nothing of the old file was touched.
#[derive(Debug)]
pub enum SaveProblem {
    /// The path is no place to save a file.
    Target(TargetProblem),
    /// Making the folder, or writing or syncing the temporary file, failed.
    Write(io::Error),
}

/// How a save treats what it finds where it saves.
#[derive(Debug, Clone, Copy)]
pub struct SaveRules {
    /// Make a missing folder (and the missing folders above it).
    pub make_folder: bool,
    /// Whether the file there is of another kind, never to be saved over
    /// ([`TargetProblem::OtherKind`]), from its bytes, or from why they could not be read whole
    /// (at most [`SaveRules::check_bytes`] of them are read).
    pub other_kind: fn(Result<&[u8], &ReadProblem>) -> bool,
    /// The most of the file in the way that is read to tell its kind.
    pub check_bytes: u64,
}

/// The most of a settings or game file read to tell its kind: more than any of them is.
pub const MAX_KIND_CHECK_BYTES: u64 = 1024 * 1024;

/// The kind check of settings and games: `other` on the text (its bytes that are not UTF-8
/// replaced); a file too large to be either is of another kind, and one that cannot be read
/// (write-only) of no kind it can be told to be.
pub fn text_of_other_kind(file: Result<&[u8], &ReadProblem>, other: fn(&str) -> bool) -> bool {
    match file {
        Ok(bytes) => other(&String::from_utf8_lossy(bytes)),
        Err(ReadProblem::TooLarge { .. }) => true,
        Err(_) => false,
    }
}

/// A save in progress: the new contents in a temporary file beside the file to replace, synced,
/// waiting for [`AtomicSave::replace`]. Dropping it deletes the temporary file, so that a save
/// given up on leaves the old file as it was. A symlink stays a link: the file it points to is
/// replaced. The new file keeps the old one's permissions and owner, or the save is refused.
pub struct AtomicSave {
    target: PathBuf,
    dir: PathBuf,
    temp: NamedTempFile,
}

impl AtomicSave {
    /// Writes the new contents with `write` to a temporary file beside where `path` is saved
    /// (through links, so that a link stays a link) and syncs it, following `rules`.
    pub fn write(
        path: &Path,
        rules: SaveRules,
        write: impl FnOnce(&mut File) -> io::Result<()>,
    ) -> Result<AtomicSave, SaveProblem> {
        let (target, dir, existing) = save_target(path).map_err(SaveProblem::Target)?;
        if existing.is_some() {
            let read = read_capped(&target, rules.check_bytes, |path| File::open(path));
            if (rules.other_kind)(read.as_deref()) {
                return Err(SaveProblem::Target(TargetProblem::OtherKind));
            }
        }
        // A link that points nowhere names a file someone meant to be elsewhere: its folders
        // are theirs to make.
        let dangling_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        let make_folder = rules.make_folder && !dangling_link;
        if !make_folder && !fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
            // Otherwise the temporary file's own path would be what the error names.
            return Err(SaveProblem::Target(TargetProblem::MissingFolder));
        }
        if make_folder && fs::metadata(&dir).is_err() {
            // `a/b/../c`: `b` would be made only to be gone up from. Folders are made only past
            // the last `..`, and only when the folders up to it exist.
            let components: Vec<Component> = dir.components().collect();
            let last_up = components.iter().rposition(|c| *c == Component::ParentDir);
            let up_to: PathBuf = components[..last_up.map_or(0, |at| at + 1)]
                .iter()
                .collect();
            if last_up.is_some() && fs::metadata(&up_to).is_err() {
                return Err(SaveProblem::Target(TargetProblem::MissingFolder));
            }
            fs::create_dir_all(&dir).map_err(SaveProblem::Write)?;
        }
        let temp = temp_file_in(&dir, &target)
            .map_err(|error| SaveProblem::Write(without_temporary_name(error)))?;
        // The new file is readable by whoever could read the old one, and no one else.
        if let Some(old) = &existing {
            let file = temp.as_file();
            file.set_permissions(old.permissions())
                .map_err(SaveProblem::Write)?;
            owner::copy_owner(file, old)
                .map_err(|_| SaveProblem::Target(TargetProblem::OtherOwner))?;
        }
        let write = |mut temp: NamedTempFile| {
            write(temp.as_file_mut())?;
            temp.as_file().sync_all().map(|()| temp)
        };
        let temp = write(temp).map_err(SaveProblem::Write)?;
        Ok(AtomicSave { target, dir, temp })
    }

    /// The file this save replaces (through links).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Puts the temporary file in place of the target with `persist` (normally [`persist`]) and
    /// makes the rename durable.
    pub fn replace(
        self,
        persist: impl FnOnce(NamedTempFile, &Path) -> io::Result<()>,
    ) -> io::Result<()> {
        persist(self.temp, &self.target)?;
        sync_dir(&self.dir);
        Ok(())
    }
}

/// Renames a finished temporary file over `to` (or deletes it, on failure).
pub fn persist(temp: NamedTempFile, to: &Path) -> io::Result<()> {
    temp.persist(to).map(drop).map_err(io::Error::from)
}

/// Saves `bytes` at `path` atomically, as [`AtomicSave`] does, with no step of its own. A
/// failure while replacing is a [`SaveProblem::Write`] too.
pub fn save_atomically(path: &Path, rules: SaveRules, bytes: &[u8]) -> Result<(), SaveProblem> {
    let save = AtomicSave::write(path, rules, |file| file.write_all(bytes))?;
    save.replace(persist).map_err(SaveProblem::Write)
}

/// Writes `bytes` as the program's own file at `path` (its log), never through a link: a link,
/// or anything but a regular file, in its place is left alone and nothing is written. The file
/// is replaced whole (a temporary file renamed over it, which replaces a name, never what a
/// link points to); the folder must exist.
pub fn write_own_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(m) if !m.is_file() => {
            let what = match m.file_type().is_symlink() {
                true => "it is a symbolic link, which the program did not make",
                false => "it is not a regular file",
            };
            return Err(io::Error::other(format!("not written: {what}")));
        }
        _ => {}
    }
    let dir = path.parent().filter(|dir| !dir.as_os_str().is_empty());
    let dir = dir.unwrap_or(Path::new("."));
    if fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(io::Error::other(
            "not written: its folder is a symbolic link, which the program did not make",
        ));
    }
    let mut temp = temp_file_in(dir, path).map_err(without_temporary_name)?;
    // Run by another user (root, in a user's folder), the new file would be that user's to
    // remove but not theirs: the program writes its own files in its own user's folders only.
    let (existing, dir_meta) = (fs::symlink_metadata(path).ok(), fs::metadata(dir)?);
    let new = temp.as_file().metadata()?;
    if !owner::same_owner(&new, &dir_meta) || existing.is_some_and(|m| !owner::same_owner(&new, &m))
    {
        return Err(io::Error::other(
            "not written: the folder or the file belongs to another user",
        ));
    }
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    persist(temp, path)
}

/// `error` without the temporary file's name that tempfile adds (`… at path
/// "/home/…/.settings.ron~a1B2c3.tictactoe-save"`): the user knows only the file they saved.
fn without_temporary_name(error: io::Error) -> io::Error {
    let text = error.to_string();
    match text.find(" at path ") {
        Some(at) => io::Error::new(error.kind(), text[..at].to_owned()),
        None => error,
    }
}

/// Makes a rename in `dir` durable; best effort (not every system allows it).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    let _ = File::open(dir).and_then(|dir| dir.sync_all());
    #[cfg(not(unix))]
    let _ = dir;
}

/// The value typed at `at` in `text` (a number, a word, a quoted text), shortened and made safe
/// for a one-line message.
pub fn token_at(text: &str, at: ron::error::Position) -> String {
    let Some(line) = text.split('\n').nth(at.line.saturating_sub(1)) else {
        return "nothing".to_owned();
    };
    // RON points past a minus sign, at the digits.
    let mut from = at.col.saturating_sub(1);
    if from > 0 && line.chars().nth(from - 1) == Some('-') {
        from -= 1;
    }
    let rest: String = line.chars().skip(from).collect();
    let rest = rest.trim_start();
    let token: String = match rest.strip_prefix('"') {
        Some(quoted) => format!("\"{}\"", quoted.split('"').next().unwrap_or("")),
        None => rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '+' | '_' | '.'))
            .collect(),
    };
    if token.is_empty() {
        return "nothing".to_owned();
    }
    shown_token(&token)
}

/// `token` shortened to 40 characters, its control characters escaped.
pub fn shown_token(token: &str) -> String {
    let mut shown = String::new();
    for c in token.chars().take(40) {
        match c.is_control() || c == char::REPLACEMENT_CHARACTER {
            true => shown.extend(c.escape_default()),
            false => shown.push(c),
        }
    }
    if token.chars().count() > 40 {
        shown.push('…');
    }
    shown
}

/// A RON error as one short line for a user: "expected comma" (not "Expected comma"), plain words
/// for nesting too deep (RON's own message advises a crate), control characters (and the
/// replacement character a byte that is not UTF-8 became) escaped, and
/// at most `MAX_DETAIL_CHARS` characters (a long name in the file is not repeated whole).
pub fn ron_detail(error: &ron::Error) -> String {
    match error {
        ron::Error::ExceededRecursionLimit => {
            return "the file nests brackets too deeply to be a settings or game file".to_owned();
        }
        // RON's own advice (`r#0`) is for Rust programmers.
        ron::Error::SuggestRawIdentifier(name) => {
            let name: String = name
                .chars()
                .take(40)
                .flat_map(char::escape_default)
                .collect();
            return format!(
                "\"{name}\" is not a field name; a field's name is a word, like version"
            );
        }
        _ => {}
    }
    let mut detail = String::new();
    for c in error.to_string().chars() {
        if detail.chars().count() >= MAX_DETAIL_CHARS {
            detail.push('…');
            break;
        }
        // A byte that was not UTF-8 was read as U+FFFD, which the game's font cannot draw.
        match c.is_control() || c == char::REPLACEMENT_CHARACTER {
            true => detail.extend(c.escape_default()),
            false => detail.push(c),
        }
    }
    // "Expected comma" reads better after "line 4, column 5:" as "expected comma".
    if let Some(first) = detail.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    detail
}

/// The name of the field whose value is at `at` in RON `text`: the last `name:` before it.
pub fn field_before(text: &str, at: ron::error::Position) -> Option<String> {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(at.line.saturating_sub(1))
        .map(str::len)
        .sum();
    let line = text.get(line_start..)?;
    let col = line
        .char_indices()
        .nth(at.col.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    let before = &text[..line_start + col];
    let (head, _) = before.rsplit_once(':')?;
    let head = head.trim_end();
    let start = head
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let name = &head[start..];
    (!name.is_empty()).then(|| name.to_owned())
}

/// The longest RON error detail shown.
const MAX_DETAIL_CHARS: usize = 160;

/// A RON struct's fields for people, one a line (`    name: value,`), each with its comment
/// (`// …`) in one column, `gap` spaces past the longest line; a field without a comment is the
/// line alone.
pub fn commented_fields<C: AsRef<str>>(fields: &[(&str, String, Option<C>)], gap: usize) -> String {
    let lines: Vec<String> = fields
        .iter()
        .map(|(name, value, _)| format!("    {name}: {value},"))
        .collect();
    let width = lines.iter().map(String::len).max().unwrap_or(0) + gap;
    let mut text = String::new();
    for (line, (_, _, comment)) in lines.iter().zip(fields) {
        match comment {
            Some(comment) => {
                let comment = comment.as_ref();
                text.push_str(&format!("{line:<width$}// {comment}"));
            }
            None => text.push_str(line),
        }
        text.push('\n');
    }
    text
}
