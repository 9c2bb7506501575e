//! "The cutoff with an evaluation function": what the textbook's evaluation (open lines for X
//! minus open lines for O) gives for a position, and which move a depth-limited search that
//! judges the positions at its cutoff by it picks. The key is the engine's: [`open_lines`],
//! [`depth_limited`] and [`cutoff_choice`], the functions `tictactoe cutoff` and the cutoff view
//! use.
//!
//! The horizon kind (`horizon.rs`) asks another question: which moves the game's computer rates
//! best when it looks a few plies ahead with 0 beyond them (every best move, from exact scores
//! it cannot see past). Here the positions at the cutoff get a number of their own, and the
//! search plays one move, the first on a tie.

use rand::rngs::StdRng;

use super::exercise::{
    Exercise, Form, Plan, QuizForm, Spec, by_level, cell_names, refuse_taken, telling_draw,
};
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::{
    Analysis, Evaluation, SearchControl, Valuation, cutoff_choice, depth_limited, open_lines, plain,
};
use crate::exercises::answer::{
    AnswerError, NUMBER_ACCEPTED, cell_accepted, parse_cell, parse_number,
};
use crate::exercises::cell_names::{cell_name, cells_text};

/// How the kind is named and dealt.
pub fn spec<T: From<EvalKey>>() -> Spec<T> {
    Spec {
        code: "eval",
        name: "the evaluation function",
        levels: &[
            "the evaluation of a position",
            "the move a depth-1 search picks with it",
            "the move a depth-2 search picks with it",
        ],
        tree_levels: &[],
        // Depth 2 by hand is every move and every reply: four or five moves keep it to twenty
        // evaluations at most.
        empty_cells: |level, geometry, mover| by_level([6, 5, 4], 6, level, geometry, mover),
        make: make::<T>,
    }
}

/// What the item asks, with the engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalKey {
    /// 0: the evaluation of the position; 1 or 2: the move a search of that many plies picks.
    pub plies: u32,
    /// X's open lines minus O's, for the position.
    pub value: i32,
    /// Every legal move with what the depth-limited search makes of it, for the side to move
    /// (empty when the evaluation is asked).
    pub moves: Vec<(Cell, Valuation)>,
    /// The move it picks ([`cutoff_choice`]), when a move is asked.
    pub choice: Option<Cell>,
    /// The exact scores, shown beside once graded.
    pub analysis: Analysis,
}

fn make<T: From<EvalKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    let plies = u32::from(plan.level.saturating_sub(1));
    telling_draw(rng, |rng| {
        let board = plan.position(rng);
        let key = eval_key(&board, plies);
        let tells = key.tells(&board);
        ((board, key.into()), tells)
    })
}

/// The move a depth-limited search of `plies` picks on `board` with `evaluation`.
fn limited_choice(
    board: &Board,
    plies: u32,
    evaluation: Evaluation,
) -> (Vec<(Cell, Valuation)>, Option<Cell>) {
    // Two plies on a board of at most six empty cells: a few dozen positions.
    let moves = depth_limited(board, plies, evaluation, &SearchControl::new())
        .expect("an unlimited search finishes");
    let choice = cutoff_choice(&moves);
    (moves, choice)
}

/// The key of the item on `board`: the evaluation (`plies` 0) or the move a search of `plies`
/// picks with it.
pub fn eval_key(board: &Board, plies: u32) -> EvalKey {
    let (moves, choice) = match plies {
        0 => (Vec::new(), None),
        _ => limited_choice(board, plies, Evaluation::OpenLines),
    };
    EvalKey {
        plies,
        value: open_lines(board, Mark::X),
        moves,
        choice,
        analysis: plain(board),
    }
}

impl EvalKey {
    /// Whether a plausible wrong method answers otherwise: for the value, X's open lines alone
    /// or the sign the other way; for the move, the first empty cell, and the search with 0 at
    /// the cutoff (the horizon's), each pick another move.
    pub fn tells(&self, board: &Board) -> bool {
        match self.choice {
            None => self.value != 0 && self.value != open_lines_of(board, Mark::X),
            Some(choice) => {
                let first = board.legal_moves().next();
                let (_, zero) = limited_choice(board, self.plies, Evaluation::Zero);
                first != Some(choice) && zero != Some(choice)
            }
        }
    }

    /// A move's valuation in words, for the side that plays it.
    fn valuation_words(valuation: Valuation) -> String {
        match valuation {
            Valuation::Exact(score) if score.value() > 0 => format!("a win found ({score})"),
            Valuation::Exact(score) if score.value() < 0 => format!("a loss found ({score})"),
            Valuation::Exact(_) => "a draw found (0)".to_string(),
            Valuation::Estimate(value) => format!("evaluated {value}"),
        }
    }
}

/// The lines of k cells with no mark of `side`'s opponent: `side`'s open lines, counted over
/// every row, column and diagonal run of k cells, as the worked answer counts them.
fn open_lines_of(board: &Board, side: Mark) -> i32 {
    let geometry = board.geometry();
    let (rows, cols, k) = (
        geometry.rows() as i64,
        geometry.cols() as i64,
        geometry.k() as i64,
    );
    let mut open = 0;
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for row in 0..rows {
            for col in 0..cols {
                let (end_row, end_col) = (row + dr * (k - 1), col + dc * (k - 1));
                if !(0..rows).contains(&end_row) || !(0..cols).contains(&end_col) {
                    continue;
                }
                let blocked = (0..k).any(|i| {
                    let cell = Cell::new((row + dr * i) as usize, (col + dc * i) as usize);
                    board.get(cell) == Some(side.opponent())
                });
                open += i32::from(!blocked);
            }
        }
    }
    open
}

impl Exercise for EvalKey {
    fn prompt(&self, board: &Board, at: &str) -> String {
        let k = board.geometry().k();
        let open = format!(
            "a line of {k} cells is open for a side while the other side has no mark on it"
        );
        match self.plies {
            0 => format!(
                "{at}: the evaluation function counts open lines ({open}). What does open lines \
                 for X minus open lines for O give for this position? Type a whole number."
            ),
            plies => {
                let mover = board.to_move();
                let ply_words = match plies {
                    1 => "1 ply (its own move)".to_string(),
                    n => format!("{n} plies (its own move and the replies)"),
                };
                format!(
                    "{at}: a search looks {ply_words} ahead and judges each position still open \
                     there by an evaluation function, {}'s open lines minus {}'s ({open}). \
                     A game won inside the cutoff beats every evaluation (a quicker win more), a \
                     lost one is below every evaluation, a draw counts 0; {mover} takes the \
                     highest, {} the lowest. Which move does the search pick? On a tie, the \
                     first in reading order.",
                    mover,
                    mover.opponent(),
                    mover.opponent()
                )
            }
        }
    }

    fn answer_text(&self) -> String {
        match self.choice {
            Some(cell) => cell_name(cell),
            None => self.value.to_string(),
        }
    }

    fn accepted(&self, board: &Board) -> String {
        match self.choice {
            Some(_) => cell_accepted(board.geometry()),
            None => NUMBER_ACCEPTED.to_string(),
        }
    }

    fn grade(&self, board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        match self.choice {
            None => {
                let number = parse_number(typed)?;
                Ok((
                    number == self.value,
                    format!("the evaluation is {}", self.value),
                ))
            }
            Some(choice) => {
                let cell = parse_cell(typed, board.geometry())?;
                refuse_taken(board, typed, &[cell])?;
                Ok((
                    cell == choice,
                    format!("a depth-{} search picks {}", self.plies, cell_name(choice)),
                ))
            }
        }
    }

    fn slip_feedback(&self, board: &Board, typed: &str) -> Vec<String> {
        match self.choice {
            None => match parse_number(typed) {
                Ok(n) if n == open_lines_of(board, Mark::X) => {
                    vec!["You counted X's open lines and left out O's.".to_string()]
                }
                Ok(n) if n == -self.value => {
                    vec!["You took O's open lines minus X's: it is X's minus O's.".to_string()]
                }
                _ => Vec::new(),
            },
            Some(choice) => match parse_cell(typed, board.geometry()) {
                Ok(cell)
                    if cell != choice
                        && limited_choice(board, self.plies, Evaluation::Zero).1 == Some(cell) =>
                {
                    vec![
                        "That is the move with 0 at the cutoff (the horizon's search): here \
                         each open position has the evaluation's number."
                            .to_string(),
                    ]
                }
                _ => Vec::new(),
            },
        }
    }

    fn worked(&self, board: &Board) -> Vec<String> {
        let x = open_lines_of(board, Mark::X);
        let o = open_lines_of(board, Mark::O);
        let mut lines = vec![format!(
            "X has {x} open lines (no O on them), O has {o} (no X on them): {x} - {o} = {}.",
            self.value
        )];
        if let Some(choice) = self.choice {
            let mover = board.to_move();
            let each: Vec<String> = self
                .moves
                .iter()
                .map(|&(cell, valuation)| {
                    format!(
                        "{} {}",
                        cell_name(cell),
                        EvalKey::valuation_words(valuation)
                    )
                })
                .collect();
            lines.push(format!(
                "For {mover}, looking {} plies ahead: {}.",
                self.plies,
                each.join("; ")
            ));
            lines.push(format!(
                "The highest is {} (the first in reading order on a tie).",
                cell_name(choice)
            ));
            let best: Vec<Cell> = self.analysis.best_moves().map(|m| m.cell).collect();
            let exact = match best.contains(&choice) {
                true => "one of them",
                false => "not one of them: the cutoff misleads it",
            };
            lines.push(format!(
                "Seeing to the end, the best moves are {}; the search's move is {exact}.",
                cells_text(&best)
            ));
        }
        lines
    }

    fn form(&self) -> Form<'_> {
        match self.choice {
            Some(_) => Form::Cell {
                analysis: &self.analysis,
            },
            None => Form::Number { about: None },
        }
    }

    fn quiz(&self, board: &Board) -> QuizForm {
        match self.choice {
            Some(choice) => QuizForm::Ticks {
                right: cell_names([choice]),
                among: cell_names(board.legal_moves()),
            },
            None => QuizForm::Number(self.value),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct MoveJson {
            cell: String,
            exact: Option<i32>,
            evaluated: Option<i32>,
        }
        #[derive(serde::Serialize)]
        struct Json {
            evaluation: i32,
            plies: u32,
            moves: Vec<MoveJson>,
            choice: Option<String>,
        }
        super::exercise::json(&Json {
            evaluation: self.value,
            plies: self.plies,
            moves: self
                .moves
                .iter()
                .map(|&(cell, valuation)| MoveJson {
                    cell: cell_name(cell),
                    exact: valuation.exact().map(|s| s.value()),
                    evaluated: match valuation {
                        Valuation::Estimate(v) => Some(v),
                        Valuation::Exact(_) => None,
                    },
                })
                .collect(),
            choice: self.choice.map(cell_name),
        })
    }
}
