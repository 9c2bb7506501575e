//! What the app keeps of the LMS a page runs in (the set it started, its pass mark, what it was
//! told) and of a SCORM package being made; `hand_ins.rs` acts on it each frame.

use std::collections::HashMap;
use std::sync::mpsc::Receiver;

use crate::app::views::exercises::Exercises;
use crate::learn::exercises::SetCode;
use crate::learn::quiz::scorm::{DEFAULT_PASS_MARK, resumed_answers};
use crate::platform::lms;

/// What the app keeps of the LMS and of a package being made.
#[derive(Default)]
pub struct LmsLink {
    /// The set the LMS started the page on, and its pass mark, while the page runs in one.
    pub(super) reporting: Option<(SetCode, u8)>,
    /// What the LMS was last told, by element: only a change is told again.
    pub(super) told: HashMap<String, String>,
    /// What became of the package being made, once it is made (or could not be).
    pub(super) package: Option<Receiver<String>>,
}

impl LmsLink {
    /// Where the page runs in an LMS on a set (`exercises`): the pass mark from the LMS (the
    /// package's mastery score) or from the page's address, and the answers the LMS kept.
    pub fn start(exercises: Option<&mut Exercises>) -> LmsLink {
        let Some(exercises) = exercises else {
            return LmsLink::default();
        };
        if !lms::connected() {
            return LmsLink::default();
        }
        let code = exercises.code().clone();
        // In an LMS the LMS keeps the attempt: what this browser kept of the set (an earlier
        // attempt, or another student on a shared computer) does not carry over; the answers
        // the LMS kept do.
        *exercises = Exercises::new(code.clone());
        if let Some(answers) = resumed_answers(&lms::get("cmi.suspend_data"), &code) {
            exercises.resume(&answers);
        }
        let from_address = || {
            let query = lms::page_query();
            query
                .trim_start_matches('?')
                .split('&')
                .find_map(|part| part.strip_prefix("pass=")?.parse::<u8>().ok())
        };
        let pass = lms::get("cmi.student_data.mastery_score")
            .trim()
            .parse::<f64>()
            .ok()
            .map(|mark| mark.clamp(0.0, 100.0).round() as u8)
            .or_else(from_address)
            .unwrap_or(DEFAULT_PASS_MARK)
            .min(100);
        LmsLink {
            reporting: Some((code, pass)),
            ..LmsLink::default()
        }
    }
}
