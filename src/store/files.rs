//! Files the user keeps (settings, saved games): the steps both take to read one whole without
//! blocking or running out of memory, to save one so that the old file stays whole if anything
//! fails, and to write one as RON with a comment beside each field.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

use crate::platform::fs::{self, File};

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
    NoFileName,
}

/// Where saving `path` writes (through links, so that a link stays a link), and the folder that
/// holds it. A directory or a special file in its place is refused: a rename over an empty
/// directory succeeds on some systems, deleting it, and one over a device (run as root) would
/// replace the device.
fn save_target(path: &Path) -> Result<(PathBuf, PathBuf), TargetProblem> {
    let target = resolved(path);
    match fs::metadata(&target) {
        Ok(m) if m.is_dir() => return Err(TargetProblem::IsDirectory),
        Ok(m) if !m.is_file() => return Err(TargetProblem::NotARegularFile),
        _ => {}
    }
    let dir = target.parent().filter(|_| target.file_name().is_some());
    let dir = dir.ok_or(TargetProblem::NoFileName)?.to_owned();
    Ok((target, dir))
}

/// A new temporary file in `dir`, with the permissions any new file there gets (0666 less the
/// umask), not tempfile's 0600. Dropping it deletes it.
fn temp_file_in(dir: &Path) -> io::Result<NamedTempFile> {
    // Elsewhere (Windows) a new file gets the folder's permissions whatever tempfile asks for.
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(dir)
}

/// Why a save failed before the old file could be replaced: nothing of the old file was touched.
#[derive(Debug)]
pub enum SaveProblem {
    /// The path is no place to save a file.
    Target(TargetProblem),
    /// Making the folder, or writing or syncing the temporary file, failed.
    Write(io::Error),
}

/// A save in progress: the new contents in a temporary file beside the file to replace, synced,
/// waiting for [`AtomicSave::replace`]. Dropping it deletes the temporary file, so that a save
/// given up on leaves the old file as it was. A symlink stays a link: the file it points to is
/// replaced.
pub struct AtomicSave {
    target: PathBuf,
    dir: PathBuf,
    temp: NamedTempFile,
}

impl AtomicSave {
    /// Writes the new contents with `write` to a temporary file beside where `path` is saved
    /// (through links, so that a link stays a link) and syncs it. With `make_folder`, a missing
    /// folder is made first.
    pub fn write(
        path: &Path,
        make_folder: bool,
        write: impl FnOnce(&mut File) -> io::Result<()>,
    ) -> Result<AtomicSave, SaveProblem> {
        let (target, dir) = save_target(path).map_err(SaveProblem::Target)?;
        if make_folder {
            fs::create_dir_all(&dir).map_err(SaveProblem::Write)?;
        }
        let write = |mut temp: NamedTempFile| {
            write(temp.as_file_mut())?;
            temp.as_file().sync_all().map(|()| temp)
        };
        let temp = temp_file_in(&dir).and_then(write);
        let temp = temp.map_err(SaveProblem::Write)?;
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

/// Saves `bytes` at `path` atomically, as [`AtomicSave`] does, with no step of its own; the
/// folder must exist. A failure while replacing is a [`SaveProblem::Write`] too.
pub fn save_atomically(path: &Path, bytes: &[u8]) -> Result<(), SaveProblem> {
    let save = AtomicSave::write(path, false, |file| file.write_all(bytes))?;
    save.replace(persist).map_err(SaveProblem::Write)
}

/// Makes a rename in `dir` durable; best effort (not every system allows it).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    let _ = File::open(dir).and_then(|dir| dir.sync_all());
    #[cfg(not(unix))]
    let _ = dir;
}

/// A RON error as one short line for a user: "expected comma" (not "Expected comma"), plain words
/// for nesting too deep (RON's own message advises a crate), control characters escaped, and
/// at most `MAX_DETAIL_CHARS` characters (a long name in the file is not repeated whole).
pub fn ron_detail(error: &ron::Error) -> String {
    if matches!(error, ron::Error::ExceededRecursionLimit) {
        return "the file nests brackets too deeply to be a settings or game file".to_owned();
    }
    let mut detail = String::new();
    for c in error.to_string().chars() {
        if detail.chars().count() >= MAX_DETAIL_CHARS {
            detail.push('…');
            break;
        }
        match c.is_control() {
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
