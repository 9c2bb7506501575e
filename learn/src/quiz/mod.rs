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

#[cfg(test)]
mod tests {
    use super::{write_gift, write_moodle};
    use crate::exercises::{Exercise, Form, Item, Kind, KindScore, Summary, Task, generate};

    /// The toy kind (`exercises/kinds/toy.rs`, registered for the tests only) goes through every
    /// path a kind takes, though nothing outside its file and its registry line names it: dealt
    /// from a set code beside another kind, keyed, graded with its slip, summed up, its JSON
    /// key, and written as GIFT and Moodle XML. (The command line and the app print and draw an
    /// item through the same trait and forms, whatever the kind.)
    #[test]
    fn a_kind_in_one_file_is_dealt_graded_and_exported_through_the_common_paths() {
        const CODE: &str = "v1-s5-k=toy,value-n=4-3x3";
        let set = generate(&CODE.parse().unwrap());
        let kinds: Vec<Kind> = set.items.iter().map(Item::kind).collect();
        assert_eq!(kinds, [Kind::Toy, Kind::Value, Kind::Toy, Kind::Value]);
        let toy = &set.items[0];
        let empty = toy.board.empty_cells().count();
        let (geometry, mover) = (toy.board.geometry(), toy.board.to_move());
        assert_eq!(empty, Kind::Toy.empty_cells(toy.level, geometry, mover));
        assert_eq!(toy.answer_text(), empty.to_string());
        assert_eq!(
            toy.prompt(),
            format!(
                "{mover} to move on {}: how many cells are empty?",
                toy.board
            )
        );
        assert!(matches!(toy.form(), Form::Number { about: None }));
        let right = toy.grade(&empty.to_string()).unwrap();
        assert_eq!(
            right.feedback,
            [
                format!("Right: {empty} cells are empty."),
                format!("{} has {empty} dots.", toy.board)
            ]
        );
        let marks = (9 - empty).to_string();
        let wrong = toy.grade(&marks).unwrap();
        assert!(!wrong.correct);
        assert_eq!(wrong.feedback[1], "You counted the marks.");
        assert!(toy.grade("many").is_err(), "an unreadable answer");

        let Task::Toy(key) = &toy.task else {
            panic!("a toy item holds a toy key: {:?}", toy.task);
        };
        assert_eq!(
            Exercise::key_json(key).get(),
            format!(r#"{{"empty":{empty}}}"#)
        );
        let mut gift = Vec::new();
        write_gift(&set, &mut gift).unwrap();
        let gift = String::from_utf8(gift).unwrap();
        assert!(
            gift.contains("::Item 1 (a toy count)::") && gift.contains(&format!("#={empty}:0")),
            "{gift}"
        );
        let mut moodle = Vec::new();
        write_moodle(&set, &mut moodle).unwrap();
        let moodle = String::from_utf8(moodle).unwrap();
        assert!(moodle.contains("Item 1 (a toy count)"), "{moodle}");
        let summary = Summary::of(&set, &[Some(true), None, Some(false), None]);
        assert_eq!(
            summary.per_kind[0],
            KindScore {
                kind: Kind::Toy,
                right: 1,
                items: 2
            }
        );
    }
}
