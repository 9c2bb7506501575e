//! A student's way through a set kept as they go: on every change (an answer graded, the next
//! item, a set started again) the open set's progress is saved, in a file beside the settings on
//! the desktop and in the browser's storage on the page, and a set opened again (a reload, a
//! link, a restart) resumes where it was left. Nothing is written while nothing changes.

use std::path::{Path, PathBuf};

use crate::app::views::exercises::Exercises;
use crate::platform::{browser_storage, wall_clock};
use crate::store::exercise_progress::{self, Progress, SetProgress};

/// The key the progress is kept under in the browser's storage.
const STORAGE_KEY: &str = "tictactoe exercises in progress";

/// Where the progress is kept.
enum Place {
    File(PathBuf),
    Browser,
    Nowhere,
}

/// Every set's progress as kept, and the open set's as last seen.
pub struct ProgressKeeper {
    place: Place,
    kept: Progress,
    /// The open set's code and its progress when last kept (or found).
    seen: Option<(String, SetProgress)>,
}

impl ProgressKeeper {
    /// The progress kept beside the settings file `settings` (`None`: the page's storage, where
    /// there is one), and the one line to say if it could not be read.
    pub fn open(settings: Option<&Path>) -> (ProgressKeeper, Option<String>) {
        let place = match settings.and_then(exercise_progress::file_path) {
            Some(path) => Place::File(path),
            None if browser_storage::AVAILABLE => Place::Browser,
            None => Place::Nowhere,
        };
        let (kept, problem) = match &place {
            Place::File(path) => {
                let loaded = exercise_progress::load(path);
                (loaded.progress, loaded.problem)
            }
            Place::Browser => from_browser(),
            Place::Nowhere => (Progress::default(), None),
        };
        let keeper = ProgressKeeper {
            place,
            kept,
            seen: None,
        };
        (keeper, problem)
    }

    /// Follows the open set: one just opened resumes where it was left; a change is saved at
    /// once. Returns why a save failed, if it did.
    pub fn follow(&mut self, exercises: &mut Option<Exercises>) -> Option<String> {
        let Some(open) = exercises.as_ref() else {
            self.seen = None;
            return None;
        };
        let code = open.code().to_string();
        let now = open.progress();
        match &mut self.seen {
            Some((seen_code, seen)) if *seen_code == code => {
                if *seen == now {
                    return None;
                }
                *seen = now.clone();
            }
            _ => {
                // A set just opened: where it was left, if it was.
                if let Some(kept) = self.kept.sets.get(&code)
                    && let Some(open) = exercises.take()
                {
                    let resumed = open.resumed(kept);
                    self.seen = Some((code, resumed.progress()));
                    *exercises = Some(resumed);
                } else {
                    self.seen = Some((code, now));
                }
                return None;
            }
        }
        let before = self.kept.clone();
        match now.is_fresh() {
            true => self.kept.sets.remove(&code),
            false => self.kept.sets.insert(code, now),
        };
        if self.kept == before {
            return None;
        }
        self.save()
    }

    fn save(&self) -> Option<String> {
        match &self.place {
            Place::File(path) => exercise_progress::save(path, &self.kept).err(),
            Place::Browser if self.kept.sets.is_empty() => {
                browser_storage::remove(STORAGE_KEY);
                None
            }
            Place::Browser => browser_storage::set(STORAGE_KEY, &self.kept.to_text())
                .err()
                .map(|why| format!("The exercises in progress were not kept: {why}.")),
            Place::Nowhere => None,
        }
    }
}

/// The progress in the browser's storage; a text that cannot be read is moved aside to a key of
/// its own (`… .broken-<unix-seconds>`), never lost, and said in one line.
fn from_browser() -> (Progress, Option<String>) {
    let Some(text) = browser_storage::get(STORAGE_KEY) else {
        return (Progress::default(), None);
    };
    match Progress::from_text(&text) {
        Ok(progress) => (progress, None),
        Err(why) => {
            let aside = format!("{STORAGE_KEY}.broken-{}", wall_clock::unix_seconds());
            let said = match browser_storage::set(&aside, &text) {
                Ok(()) => {
                    browser_storage::remove(STORAGE_KEY);
                    format!(
                        "The exercises in progress could not be read ({why}): they were kept in \
                         the browser's storage as \"{aside}\", and the sets start afresh."
                    )
                }
                Err(error) => format!(
                    "The exercises in progress could not be read ({why}) nor kept aside \
                     ({error})."
                ),
            };
            (Progress::default(), Some(said))
        }
    }
}
