//! "What is the minimax value of this move?": a number in the set's view.

use rand::rngs::StdRng;

use super::exercise::{Exercise, Form, Plan, QuizForm, Spec, numbers_words, telling_draw};
use crate::engine::board::{Board, Cell};
use crate::engine::minimax::{MoveScore, plain};
use crate::exercises::answer::{AnswerError, NUMBER_ACCEPTED, parse_number};
use crate::exercises::random::below;
use crate::exercises::slips;
use crate::exercises::telling;
use crate::explain::{formula, line_of_play};
use crate::view::{ScoreView, Seen, Shown};

/// How the kind is named and dealt.
pub fn spec<T: From<ValueKey>>() -> Spec<T> {
    Spec::on_positions("value", "a move's value", make::<T>)
}

/// The value of one move: plain minimax's score and line for it, and its number in the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueKey {
    pub seen: Seen,
    /// The move asked about, its score for the side to move and its line of play.
    pub scored: MoveScore,
    pub number: Shown,
}

fn make<T: From<ValueKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    telling_draw(rng, |rng| {
        let board = plan.position(rng);
        let moves: Vec<Cell> = board.legal_moves().collect();
        let cell = moves[below(rng, moves.len())];
        let key = value_key(&board, cell, plan.view);
        let tells = telling::value_tells(&board, cell, key.scored.score);
        ((board, key.into()), tells)
    })
}

/// The key of "the value of `cell` on `board`": plain minimax's score, shown in `view`.
pub fn value_key(board: &Board, cell: Cell, view: ScoreView) -> ValueKey {
    let seen = Seen::new(view, board);
    let scored = plain(board)
        .get(cell)
        .expect("the cell asked about is a legal move")
        .clone();
    let number = seen.number(scored.score, board.to_move(), 0);
    ValueKey {
        seen,
        scored,
        number,
    }
}

impl Exercise for ValueKey {
    fn prompt(&self, board: &Board, at: &str) -> String {
        format!(
            "{at}: what is the minimax value of {} playing {}, {}?",
            board.to_move(),
            self.scored.cell.human(),
            numbers_words(&self.seen)
        )
    }

    fn answer_text(&self) -> String {
        self.number.value().to_string()
    }

    fn accepted(&self, _board: &Board) -> String {
        NUMBER_ACCEPTED.to_string()
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        let number = parse_number(typed)?;
        let right = self.number.value();
        Ok((number == right, format!("the value is {right}")))
    }

    fn slip_feedback(&self, board: &Board, typed: &str) -> Vec<String> {
        slips::value_feedback(
            board,
            self.scored.cell,
            self.seen.view(),
            self.number.value(),
            typed,
        )
    }

    fn worked(&self, board: &Board) -> Vec<String> {
        vec![
            formula(&self.seen, self.number),
            format!(
                "Line of play: {}.",
                line_of_play(board.to_move(), &self.scored)
            ),
        ]
    }

    fn form(&self) -> Form<'_> {
        Form::Number {
            about: Some(self.scored.cell),
        }
    }

    fn quiz(&self, _board: &Board) -> QuizForm {
        QuizForm::Number(self.number.value())
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct Json {
            cell: String,
            value: i32,
            line: Vec<String>,
        }
        super::exercise::json(&Json {
            cell: crate::exercises::cell_names::cell_name(self.scored.cell),
            value: self.number.value(),
            line: super::exercise::cell_names(self.scored.pv.iter().copied()),
        })
    }
}
