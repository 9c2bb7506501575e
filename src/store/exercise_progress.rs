//! A student's way through sets of exercises, kept until they start a set again: for each set
//! (by its code) the item on show and every answer graded, as typed. On the desktop a text
//! file beside the settings ([`file_path`]); on the web page the same text in the browser's
//! storage. The text is the answers file `tictactoe exercises --check` reads (`N=ANSWER` lines),
//! one block a set:
//!
//! ```text
//! # Tic-Tac-Toe: exercises in progress, kept until a set is started again.
//! set v1-s7-k=value,horizon-n=4-3x3
//! item 2
//! 1=-5
//! ```
//!
//! A text that cannot be read is never written over: on the desktop the file is renamed aside
//! (`exercises-in-progress.txt.broken-<unix-seconds>`), and the app says so in one line.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use crate::platform::{fs, wall_clock};
use crate::store::files;
use crate::store::shown_path;

/// The file's name, beside the settings file.
pub const FILE_NAME: &str = "exercises-in-progress.txt";

/// The largest file read: far more than many sets of a hundred answers need.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

const HEADER: &str = "# Tic-Tac-Toe: exercises in progress, kept until a set is started again.";

/// One set's progress.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetProgress {
    /// The item on show, from 1 (one past the last: the results).
    pub item: usize,
    /// Each item's graded answer, as typed, by the item's number (from 1).
    pub answers: BTreeMap<usize, String>,
}

impl SetProgress {
    /// Whether there is nothing to keep: no answer, on the first item.
    pub fn is_fresh(&self) -> bool {
        self.answers.is_empty() && self.item <= 1
    }
}

/// Every set's progress, by the set's code as it is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Progress {
    pub sets: BTreeMap<String, SetProgress>,
}

impl Progress {
    /// The text kept: a block a set, in the order of their codes.
    pub fn to_text(&self) -> String {
        let mut text = format!("{HEADER}\n");
        for (code, set) in &self.sets {
            text.push_str(&format!("\nset {code}\nitem {}\n", set.item));
            for (number, answer) in &set.answers {
                // A typed answer is one line; a pasted line break would end it.
                let answer = answer.replace(['\r', '\n'], " ");
                text.push_str(&format!("{number}={answer}\n"));
            }
        }
        text
    }

    /// Reads [`Progress::to_text`]'s text; `Err` names the first line it cannot read.
    pub fn from_text(text: &str) -> Result<Progress, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut progress = Progress::default();
        let mut current: Option<&mut SetProgress> = None;
        for (at, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            let problem = |what: &str| format!("line {}: {what}", at + 1);
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(code) = line.strip_prefix("set ") {
                let code = code.trim().to_string();
                if code.is_empty() || progress.sets.contains_key(&code) {
                    return Err(problem("a set named twice, or no code after \"set\""));
                }
                current = Some(progress.sets.entry(code).or_default());
                continue;
            }
            let Some(set) = current.as_deref_mut() else {
                return Err(problem("an answer before any \"set\" line"));
            };
            if let Some(item) = line.strip_prefix("item ") {
                set.item = item
                    .trim()
                    .parse()
                    .map_err(|_| problem("the item is not a whole number"))?;
                continue;
            }
            let Some((number, answer)) = line.split_once('=') else {
                return Err(problem("not a \"set\", \"item\" or N=ANSWER line"));
            };
            let number: usize = number
                .trim()
                .parse()
                .map_err(|_| problem("the item's number is not a whole number"))?;
            if set.answers.insert(number, answer.to_string()).is_some() {
                return Err(problem("an item answered twice"));
            }
        }
        Ok(progress)
    }
}

/// Where the progress file is kept beside the settings file `settings`: in the same folder.
pub fn file_path(settings: &Path) -> Option<PathBuf> {
    let folder = settings.parent()?;
    Some(folder.join(FILE_NAME))
}

/// What was read at start-up: the progress, and the one line to say if the file could not be
/// read (it was then kept aside, or left where it is if even that failed).
pub struct Loaded {
    pub progress: Progress,
    pub problem: Option<String>,
}

/// Reads the progress file at `path`; a missing file is no progress. A file that cannot be read
/// is renamed aside, never deleted or written over.
pub fn load(path: &Path) -> Loaded {
    let fresh = |problem| Loaded {
        progress: Progress::default(),
        problem,
    };
    let bytes = match files::read_capped(path, MAX_FILE_BYTES, |path| fs::File::open(path)) {
        Ok(bytes) => bytes,
        Err(files::ReadProblem::Io(error)) if error.kind() == io::ErrorKind::NotFound => {
            return fresh(None);
        }
        Err(problem) => {
            let why = match problem {
                files::ReadProblem::IsDirectory => "it is a folder".to_string(),
                files::ReadProblem::NotARegularFile => "it is not a regular file".to_string(),
                files::ReadProblem::TooLarge { size } => format!("it is too large ({size} bytes)"),
                files::ReadProblem::Io(error) => error.to_string(),
            };
            return fresh(Some(format!(
                "The exercises in progress in {} could not be read ({why}): they are not kept \
                 this time.",
                shown_path(path)
            )));
        }
    };
    let read = std::str::from_utf8(&bytes)
        .map_err(|_| "it is not text".to_string())
        .and_then(Progress::from_text);
    match read {
        Ok(progress) => Loaded {
            progress,
            problem: None,
        },
        Err(why) => fresh(Some(match keep_aside(path) {
            Ok(kept) => format!(
                "The exercises in progress could not be read ({why}): the file was kept as {}, \
                 and the sets start afresh.",
                shown_path(&kept)
            ),
            Err(error) => format!(
                "The exercises in progress in {} could not be read ({why}) nor kept aside \
                 ({error}): they are not saved this time.",
                shown_path(path)
            ),
        })),
    }
}

/// Renames the file at `path` to the first free `NAME.broken-<unix-seconds>` (`-2`, `-3`…).
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().display().to_string();
    let base = format!("{name}.broken-{}", wall_clock::unix_seconds());
    let names = std::iter::once(base.clone()).chain((2..=1000).map(|n| format!("{base}-{n}")));
    for kept in names.map(|name| path.with_file_name(name)) {
        if fs::symlink_metadata(&kept).is_ok() {
            continue;
        }
        fs::rename(path, &kept)?;
        return Ok(kept);
    }
    Err(io::Error::other("no free name to keep it under"))
}

/// Writes `progress` to `path` whole (a temporary file renamed over it, never through a link);
/// with no set in progress, the file is removed instead.
pub fn save(path: &Path, progress: &Progress) -> Result<(), String> {
    let failed = |error: io::Error| {
        format!(
            "The exercises in progress were not saved to {}: {error}.",
            shown_path(path)
        )
    };
    if progress.sets.is_empty() {
        return match fs::remove_file(path) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => Err(failed(error)),
            _ => Ok(()),
        };
    }
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        fs::create_dir_all(folder).map_err(failed)?;
    }
    files::write_own_file(path, progress.to_text().as_bytes()).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Progress {
        let mut progress = Progress::default();
        progress.sets.insert(
            "v1-s7-k=value,horizon-n=4-3x3".into(),
            SetProgress {
                item: 3,
                answers: BTreeMap::from([(1, "-5".into()), (2, "r1c1; r3c3".into())]),
            },
        );
        progress.sets.insert(
            "v1-s8-k=prune@2-n=2-3x3-trees".into(),
            SetProgress {
                item: 1,
                answers: BTreeMap::from([(1, "α=3, β=inf".into())]),
            },
        );
        progress
    }

    #[test]
    fn progress_round_trips_through_its_text_each_set_apart() {
        let progress = example();
        let text = progress.to_text();
        assert!(text.contains("set v1-s7-k=value,horizon-n=4-3x3\nitem 3\n1=-5\n2=r1c1; r3c3\n"));
        assert_eq!(Progress::from_text(&text), Ok(progress));
        for (bad, says) in [
            ("1=5\n", "line 1: an answer before"),
            ("set v1-s1-k=value-n=1-3x3\nitem x\n", "line 2: the item"),
            ("set a\n1=2\n1=3\n", "line 3: an item answered twice"),
            ("set a\nset a\n", "line 2: a set named twice"),
            ("set a\nhello\n", "line 2: not a"),
        ] {
            let error = Progress::from_text(bad).unwrap_err();
            assert!(error.starts_with(says), "{bad:?}: {error}");
        }
    }

    #[test]
    fn a_file_that_cannot_be_read_is_kept_aside_and_said() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        assert_eq!(load(&path).progress, Progress::default());
        assert_eq!(load(&path).problem, None, "no file is no progress");
        save(&path, &example()).unwrap();
        assert_eq!(load(&path).progress, example());
        fs::write(&path, "not progress at all\n").unwrap();
        let loaded = load(&path);
        assert_eq!(loaded.progress, Progress::default());
        let said = loaded.problem.unwrap();
        assert!(
            said.contains("was kept as") && !said.contains('\n'),
            "{said}"
        );
        assert!(!path.exists(), "renamed, not left to be written over");
        let kept: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(kept.len(), 1);
        assert!(kept[0].starts_with("exercises-in-progress.txt.broken-"));
        let bytes = fs::read(dir.path().join(&kept[0])).unwrap();
        assert_eq!(bytes, b"not progress at all\n", "kept whole");
        // Nothing in progress: no file.
        save(&path, &example()).unwrap();
        save(&path, &Progress::default()).unwrap();
        assert!(!path.exists());
    }
}
