//! A set of exercises as a quiz a course imports: one question an item, shaped by what Moodle's
//! own importers accept (`questions.rs`), written as GIFT (`gift.rs`) or Moodle XML
//! (`moodle.rs`). The command line (`tictactoe exercises --format gift|moodle`) and the app's
//! export write the same bytes. A SCORM 1.2 package (`scorm.rs`, zipped by `zip.rs`) carries
//! the page itself with the set fixed, for an LMS's gradebook.

mod gift;
mod moodle;
mod questions;
pub mod scorm;
mod zip;

pub use gift::write_gift;
pub use moodle::write_moodle;
pub use questions::{Answer, Question, questions};
