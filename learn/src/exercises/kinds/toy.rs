//! A toy kind, for the tests only: "how many empty cells has the board?". It shows what a new
//! kind is: this one file and its line in the registry (`kinds/mod.rs`). The quiz's tests
//! (`quiz/mod.rs`) deal, key, grade and export it through the paths every kind takes.

use rand::rngs::StdRng;

use super::exercise::{Exercise, Form, Plan, QuizForm, Spec};
use crate::engine::board::Board;
use crate::exercises::answer::{AnswerError, NUMBER_ACCEPTED, parse_number};

/// How the kind is named and dealt.
pub fn spec<T: From<ToyKey>>() -> Spec<T> {
    Spec::on_positions("toy", "a toy count", make::<T>)
}

/// The number of empty cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToyKey {
    pub empty: usize,
}

fn make<T: From<ToyKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    let board = plan.position(rng);
    let empty = board.empty_cells().count();
    (board, ToyKey { empty }.into())
}

impl Exercise for ToyKey {
    fn prompt(&self, _board: &Board, at: &str) -> String {
        format!("{at}: how many cells are empty?")
    }

    fn answer_text(&self) -> String {
        self.empty.to_string()
    }

    fn accepted(&self, _board: &Board) -> String {
        NUMBER_ACCEPTED.to_string()
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        let number = parse_number(typed)?;
        let verdict = format!("{} cells are empty", self.empty);
        Ok((usize::try_from(number) == Ok(self.empty), verdict))
    }

    fn slip_feedback(&self, _board: &Board, typed: &str) -> Vec<String> {
        match parse_number(typed) {
            Ok(n) if usize::try_from(n) == Ok(9 - self.empty) => {
                vec!["You counted the marks.".to_string()]
            }
            _ => Vec::new(),
        }
    }

    fn worked(&self, board: &Board) -> Vec<String> {
        vec![format!("{board} has {} dots.", self.empty)]
    }

    fn form(&self) -> Form<'_> {
        Form::Number { about: None }
    }

    fn quiz(&self, _board: &Board) -> QuizForm {
        QuizForm::Number(self.empty as i32)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        super::exercise::json(&serde_json::json!({ "empty": self.empty }))
    }
}
