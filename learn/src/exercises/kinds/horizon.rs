//! "Which moves does the computer rate best?": the moves a computer that looks a few plies
//! ahead takes for the best, where a result further away looks like a draw to it.

use rand::rngs::StdRng;

use super::exercise::{
    Exercise, Form, Plan, QuizForm, Spec, cell_names, refuse_taken, telling_draw,
};
use crate::engine::ai::{AiPlayer, Difficulty};
use crate::engine::board::{Board, Cell};
use crate::engine::minimax::{Analysis, MoveScore, plain};
use crate::exercises::answer::{AnswerError, parse_cells};
use crate::exercises::cell_names::{cell_name, cells_text};
use crate::exercises::slips;
use crate::explain::{computer_reasoning, line_of_play, short_verdict};
use crate::view::{ScoreView, Seen};

/// How the kind is named and dealt.
pub fn spec<T: From<HorizonKey>>() -> Spec<T> {
    Spec {
        code: "horizon",
        name: "the horizon",
        // The same at every level (see `empty_cells`).
        levels: &[],
        tree_levels: &[],
        // Six at every level, whoever moves (for X, on a board where O started): only there does
        // the computer (at Hard) rate best a move that is not, while passing over another. Easy and
        // Medium never do (what they see of a move's result is exact, and a move they see no result
        // of is the best when another loses at once), and Hard sees every game with fewer empty
        // cells to its end and none with more.
        empty_cells: |_, _, _| 6,
        make: make::<T>,
    }
}

/// The computer each level of the horizon kind asks about: Hard, at every level. Easy and
/// Medium never rate best a move that is not (Easy sees only its own wins; Medium also the
/// reply's, and when a reply would win, the move that stops it is the best one), so an item on
/// them is answered by seeing to the end, or by naming every empty cell.
pub fn horizon_difficulty(_level: u8) -> Difficulty {
    Difficulty::Hard
}

/// What a computer looking `difficulty`'s plies ahead rates best, from the exact analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HorizonKey {
    pub view: ScoreView,
    pub difficulty: Difficulty,
    pub analysis: Analysis,
    /// The moves it rates best, in reading order: it plays one of them at random.
    pub plays: Vec<Cell>,
}

fn make<T: From<HorizonKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    telling_draw(rng, |rng| {
        let board = plan.position(rng);
        let key = horizon_key(&board, horizon_difficulty(plan.level), plan.view);
        let tells = key.tells();
        ((board, key.into()), tells)
    })
}

/// The key of "what does `difficulty` play on `board`": the moves the computer rates best
/// ([`AiPlayer::candidates`], the same function the game's computer chooses with), from plain
/// minimax's scores.
pub fn horizon_key(board: &Board, difficulty: Difficulty, view: ScoreView) -> HorizonKey {
    let analysis = plain(board);
    let plays = AiPlayer::candidates(&analysis, difficulty);
    HorizonKey {
        view,
        difficulty,
        analysis,
        plays,
    }
}

impl HorizonKey {
    /// The moves the horizon makes it misjudge: a win or loss it sees as a draw.
    pub fn misjudged(&self) -> Vec<&MoveScore> {
        let geometry = self.analysis.board.geometry();
        self.analysis
            .moves
            .iter()
            .filter(|m| self.difficulty.perceived_score(m.score, geometry) != m.score)
            .collect()
    }

    /// Whether the computer's choice differs from the best moves: it plays a move that is not
    /// best, or passes over a best one.
    pub fn hides_something(&self) -> bool {
        let best: Vec<Cell> = self.analysis.best_moves().map(|m| m.cell).collect();
        best != self.plays
    }

    /// Whether the item tells the horizon from the plain answers: some move looks best to the
    /// computer but is not (so seeing to the end answers otherwise), and some move does not
    /// look best (so "every empty cell" is wrong too).
    pub fn tells(&self) -> bool {
        let best: Vec<Cell> = self.analysis.best_moves().map(|m| m.cell).collect();
        let misled = self.plays.iter().any(|cell| !best.contains(cell));
        misled && self.plays.len() < self.analysis.moves.len()
    }
}

impl Exercise for HorizonKey {
    fn prompt(&self, _board: &Board, at: &str) -> String {
        let horizon = self.difficulty.horizon().unwrap_or(0);
        let plies = if horizon == 1 { "ply" } else { "plies" };
        format!(
            "{at}: the computer at {} looks {horizon} {plies} ahead (its own move counted); a \
             result further away looks like a draw to it. Which moves does it rate best? It \
             plays one of them at random; name them all.",
            self.difficulty.name()
        )
    }

    fn answer_text(&self) -> String {
        cells_text(&self.plays)
    }

    fn accepted(&self, _board: &Board) -> String {
        "type one or more cells separated by ';', like r1c1; r3c3".into()
    }

    fn grade(&self, board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        let cells = parse_cells(typed, board.geometry())?;
        refuse_taken(board, typed, &cells)?;
        let verdict = format!("it rates best {}", cells_text(&self.plays));
        Ok((cells == self.plays, verdict))
    }

    fn slip_feedback(&self, _board: &Board, typed: &str) -> Vec<String> {
        slips::horizon_feedback(&self.analysis, self.difficulty, &self.plays, typed)
    }

    fn worked(&self, board: &Board) -> Vec<String> {
        let mover = board.to_move();
        let mut lines = vec![format!(
            "It rates best {}, and plays one of them.",
            cells_text(&self.plays)
        )];
        if let Some(&chosen) = self.plays.first() {
            // The computer's own reasons, past their first two lines (the one move it played
            // and its random pick), which the line above says for all of them.
            lines.extend(
                computer_reasoning(
                    &self.analysis,
                    chosen,
                    &self.plays,
                    self.difficulty,
                    self.view,
                )
                .into_iter()
                .skip(2),
            );
        }
        let seen = Seen::new(self.view, board);
        if let Some(best) = self.analysis.best() {
            let number = seen.number(best.score, mover, 0);
            lines.push(format!(
                "Seeing to the end: {} scores {} ({}); {}.",
                cell_name(best.cell),
                number.value(),
                short_verdict(&seen, number),
                line_of_play(mover, best)
            ));
        }
        lines
    }

    fn form(&self) -> Form<'_> {
        Form::Cells {
            analysis: &self.analysis,
        }
    }

    fn quiz(&self, board: &Board) -> QuizForm {
        QuizForm::Ticks {
            right: cell_names(self.plays.iter().copied()),
            among: cell_names(board.legal_moves()),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct Json {
            difficulty: &'static str,
            looks_ahead: i32,
            plays: Vec<String>,
            best: Vec<String>,
        }
        super::exercise::json(&Json {
            difficulty: self.difficulty.name(),
            looks_ahead: self.difficulty.horizon().unwrap_or(0),
            plays: cell_names(self.plays.iter().copied()),
            best: cell_names(self.analysis.best_moves().map(|m| m.cell)),
        })
    }
}
