//! "Find the move": Practice's positions, where one move keeps the best result and the rest
//! cost something.

use rand::rngs::StdRng;

use super::exercise::{
    Exercise, Form, Plan, QuizForm, Spec, cell_names, refuse_taken, telling_draw,
};
use crate::engine::board::Board;
use crate::engine::minimax::{Analysis, plain};
use crate::exercises::answer::{AnswerError, cell_accepted, parse_cell};
use crate::exercises::cell_names::cell_name;
use crate::exercises::slips;
use crate::exercises::telling;
use crate::explain::{formula, line_of_play, short_verdict};
use crate::practice::{self, Goal};
use crate::view::{ScoreView, Seen};

/// How the kind is named and dealt.
pub fn spec<T: From<MoveKey>>() -> Spec<T> {
    Spec::on_positions("move", "find the move", make::<T>)
}

/// Practice's "find the move": the position's one good move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveKey {
    pub view: ScoreView,
    pub exercise: practice::Exercise,
    pub analysis: Analysis,
}

fn make<T: From<MoveKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    telling_draw(rng, |rng| {
        loop {
            // Practice's positions (one good move, the rest costly) are common at every level;
            // a position without one is passed over.
            let board = plan.position(rng);
            let analysis = plain(&board);
            if let Some(exercise) = practice::exercise(&analysis) {
                let tells = telling::move_tells(&board, exercise.answer);
                let key = MoveKey {
                    view: plan.view,
                    exercise,
                    analysis,
                };
                return ((board, key.into()), tells);
            }
        }
    })
}

impl Exercise for MoveKey {
    fn prompt(&self, _board: &Board, at: &str) -> String {
        let goal = Goal::of(self.analysis.best_score().unwrap_or_default());
        format!("{at}: {}.", goal.task())
    }

    fn answer_text(&self) -> String {
        cell_name(self.exercise.answer)
    }

    fn accepted(&self, board: &Board) -> String {
        cell_accepted(board.geometry())
    }

    fn grade(&self, board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        let cell = parse_cell(typed, board.geometry())?;
        refuse_taken(board, typed, &[cell])?;
        let mut verdict = format!("the move is {}", cell_name(self.exercise.answer));
        if !self.exercise.is_good(cell) {
            let seen = Seen::new(self.view, board);
            if let Some(played) = self.analysis.get(cell) {
                let number = seen.number(played.score, board.to_move(), 0);
                verdict.push_str(&format!(
                    "; {} scores {} ({})",
                    cell_name(cell),
                    number.value(),
                    short_verdict(&seen, number)
                ));
            }
        }
        Ok((self.exercise.is_good(cell), verdict))
    }

    fn slip_feedback(&self, board: &Board, typed: &str) -> Vec<String> {
        slips::move_feedback(board, self.view, &self.exercise.good, typed)
    }

    fn worked(&self, board: &Board) -> Vec<String> {
        let seen = Seen::new(self.view, board);
        let Some(best) = self.analysis.get(self.exercise.answer) else {
            return Vec::new();
        };
        let number = seen.number(best.score, board.to_move(), 0);
        vec![
            format!(
                "{} ({}): {}",
                cell_name(best.cell),
                self.exercise.lesson.name(),
                formula(&seen, number)
            ),
            format!("Line of play: {}.", line_of_play(board.to_move(), best)),
        ]
    }

    fn form(&self) -> Form<'_> {
        Form::Cell {
            analysis: &self.analysis,
        }
    }

    fn quiz(&self, board: &Board) -> QuizForm {
        QuizForm::Ticks {
            right: cell_names(self.exercise.good.iter().copied()),
            among: cell_names(board.legal_moves()),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct Json {
            good: Vec<String>,
            lesson: &'static str,
        }
        super::exercise::json(&Json {
            good: cell_names(self.exercise.good.iter().copied()),
            lesson: self.exercise.lesson.name(),
        })
    }
}
