//! What every kind of exercise shares: the trait its key implements ([`Exercise`]), the forms
//! an answer takes in the app ([`Form`]) and in a quiz ([`QuizForm`]), how a kind is named and
//! dealt ([`Spec`], [`Plan`]), and the helpers the kinds' modules share.

use std::collections::BTreeSet;
use std::fmt;

use rand::rngs::StdRng;

use crate::engine::board::{Board, Cell, Geometry, Mark};
use crate::engine::game_tree::GameTree;
use crate::engine::minimax::Analysis;
use crate::exercises::answer::{AnswerError, answer_error, parse_numbers};
use crate::exercises::cell_names::{cell_name, cells_text};
use crate::exercises::prune::{PruneKey, TreeFillKey};
use crate::exercises::random::{TRIES, below};
use crate::tree_sketch::Sketch;
use crate::view::{ScoreView, Seen};

/// Levels run from 1 to this, growing along the set.
pub const LEVELS: u8 = 3;

/// What an item's key does, whatever its kind: everything the app, the command line and the
/// quiz ask of an item goes through here. `board` is the item's (an abstract tree's item has
/// the set's empty board, unused).
pub trait Exercise: fmt::Debug {
    /// Whether the item is on its board (not on an abstract tree).
    fn on_board(&self) -> bool {
        true
    }

    /// The tree the item asks about, one node a line (the app draws it); empty for an item on a
    /// board alone.
    fn figure(&self) -> Vec<String> {
        Vec::new()
    }

    /// The same tree on one line, for a quiz whose question is one line.
    fn figure_line(&self) -> Option<String> {
        None
    }

    /// The abstract tree the item is on, if it is.
    fn tree(&self) -> Option<&GameTree> {
        None
    }

    /// What the item asks, in one paragraph; `at` says who is to move on which board.
    fn prompt(&self, board: &Board, at: &str) -> String;

    /// The right answer as it would be typed.
    fn answer_text(&self) -> String;

    /// What a typed answer looks like, for a prompt or a message.
    fn accepted(&self, board: &Board) -> String;

    /// Whether `typed` is right, and the verdict that gives the right answer; `Err` when it
    /// cannot be read as an answer (the learner may type again).
    fn grade(&self, board: &Board, typed: &str) -> Result<(bool, String), AnswerError>;

    /// What a wrong answer missed or added, and the classic slip that gives it, if one does.
    fn slip_feedback(&self, board: &Board, typed: &str) -> Vec<String>;

    /// The right answer worked out, one sentence a line.
    fn worked(&self, board: &Board) -> Vec<String>;

    /// How the answer is given beyond typing it.
    fn form(&self) -> Form<'_>;

    /// The item as a quiz question.
    fn quiz(&self, board: &Board) -> QuizForm;

    /// The key as `tictactoe exercises --format json` prints it.
    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue>;
}

/// How an item's answer is given beyond typing it, as data: the app draws each form, whatever
/// the kind that asks with it.
#[derive(Debug, Clone, Copy)]
pub enum Form<'a> {
    /// A whole number; `about` is the move asked about, marked on the board.
    Number { about: Option<Cell> },
    /// Whole numbers in the order the prompt lists.
    Numbers,
    /// One empty cell, clicked or typed; `analysis` is shown on the board once graded.
    Cell { analysis: &'a Analysis },
    /// Some empty cells, each click adding or taking one away; `analysis` as for a cell.
    Cells { analysis: &'a Analysis },
    /// Alpha-beta's search over the tree drawn: the pruned branches clicked, or a window typed.
    Search(&'a PruneKey),
    /// The inner values of the tree drawn, typed.
    Fill(&'a TreeFillKey),
    /// Typed only, as the prompt says (a letter, a fraction); the item's figure is shown as
    /// text.
    Typed,
    /// Typed (a letter or a fraction), on the kind's own tree drawn (a tree with chance nodes,
    /// the node asked about marked); its figure is shown as text too.
    Drawn(&'a dyn Figure),
}

/// A tree an item draws for its answer to be typed beside: the kind says what the picture
/// holds, laid out by learn's one layout and painted by the app's one painter.
pub trait Figure: fmt::Debug {
    /// The tree as it is drawn before the answer is graded (`revealed` false: nothing of the
    /// answer on it) and after.
    fn sketch(&self, revealed: bool) -> Sketch;
}

/// What a quiz question asks, before `learn::quiz` writes it as GIFT or Moodle XML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuizForm {
    /// A whole number, exactly.
    Number(i32),
    /// Choices to tick: the right ones among all of them.
    Ticks {
        right: Vec<String>,
        among: Vec<String>,
    },
    /// Each part matched to its value from one list; `ask` says what this form asks.
    Matching {
        ask: &'static str,
        pairs: Vec<(String, String)>,
        choices: Vec<String>,
    },
}

/// How a kind is named and dealt; `T` is what its items' keys are stored as (the registry's
/// `Task`, which each key converts into).
#[derive(Clone, Copy)]
pub struct Spec<T> {
    /// The word in a set code and on the command line.
    pub code: &'static str,
    /// The name a summary gives the kind.
    pub name: &'static str,
    /// What each level asks, in a few words, for a teacher choosing them (a set builder);
    /// empty for a kind whose items are the same at every level.
    pub levels: &'static [&'static str],
    /// The same on the textbooks' trees (a set's `-trees`), where the kind has them; empty for
    /// a kind whose items are always on positions.
    pub tree_levels: &'static [&'static str],
    /// How many empty cells an item has at a level with a side to move: see
    /// `Kind::empty_cells`.
    pub empty_cells: fn(u8, Geometry, Mark) -> usize,
    /// The item `plan` describes, drawn from the generator.
    pub make: fn(&mut StdRng, Plan) -> (Board, T),
}

impl<T> Spec<T> {
    /// A kind always on positions whose items grow with the level: 3 or 4 empty cells, then 5
    /// or 6, then 6 or 7.
    pub fn on_positions(
        code: &'static str,
        name: &'static str,
        make: fn(&mut StdRng, Plan) -> (Board, T),
    ) -> Spec<T> {
        Spec {
            code,
            name,
            levels: &[
                "3 or 4 empty cells",
                "5 or 6 empty cells",
                "6 or 7 empty cells",
            ],
            tree_levels: &[],
            empty_cells: |level, geometry, mover| by_level([3, 5, 7], 7, level, geometry, mover),
            make,
        }
    }

    /// A kind always on abstract trees, what it asks at each level in `levels`: the item's board
    /// is the set's empty one.
    pub fn on_abstract_trees(
        code: &'static str,
        name: &'static str,
        levels: &'static [&'static str],
        make: fn(&mut StdRng, Plan) -> (Board, T),
    ) -> Spec<T> {
        Spec {
            code,
            name,
            levels,
            tree_levels: &[],
            empty_cells: |_, geometry, _| geometry.cells(),
            make,
        }
    }
}

/// What an item is made from: its board's shape, level, view, whether the tree kinds are on
/// abstract trees, who is to move on its board and how many empty cells it has.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    pub geometry: Geometry,
    pub level: u8,
    pub view: ScoreView,
    pub trees: bool,
    pub mover: Mark,
    pub empty: usize,
}

impl Plan {
    /// A position of a game played at random from the empty board with the plan's empty cells
    /// and side to move, not over, with at least two moves to choose from.
    pub fn position(&self, rng: &mut StdRng) -> Board {
        random_position(rng, self.geometry, self.empty, self.mover)
    }

    /// An abstract tree's item has no position: its board is the set's empty one, unused.
    pub fn no_board(&self) -> Board {
        Board::empty(self.geometry, Mark::X)
    }
}

/// A position of a game played at random from the empty board with `empty` empty cells and
/// `mover` to move, not over, with at least two moves to choose from. X starts, unless `mover`
/// could then not be to move with that many empty cells: then O starts.
fn random_position(rng: &mut StdRng, geometry: Geometry, empty: usize, mover: Mark) -> Board {
    let empty = empty.clamp(2, geometry.cells());
    let starter = match (geometry.cells() - empty) % 2 {
        0 => mover,
        _ => mover.opponent(),
    };
    loop {
        let mut board = Board::empty(geometry, starter);
        while board.empty_cells().count() > empty && !board.outcome().is_over() {
            let moves: Vec<Cell> = board.legal_moves().collect();
            board = board
                .after(moves[below(rng, moves.len())])
                .expect("a legal move plays");
        }
        if !board.outcome().is_over() {
            return board;
        }
    }
}

/// The first item `draw` makes that a plausible wrong method answers wrongly (`draw` says
/// whether it does), or the last of `TRIES`: the set stays the same, only how long making it
/// takes is bounded.
pub fn telling_draw<T>(
    rng: &mut StdRng,
    mut draw: impl FnMut(&mut StdRng) -> ((Board, T), bool),
) -> (Board, T) {
    let mut tries = 0;
    loop {
        let (item, tells) = draw(rng);
        tries += 1;
        if tells || tries >= TRIES {
            return item;
        }
    }
}

/// Whose numbers the values are and how depth counts, in words, the same for every kind:
/// "in X's numbers (X maximises; …)". Depth counts as the articles, `analyze` and the explorer
/// count it, so that every number of an exercise is the one they show.
pub fn numbers_words(seen: &Seen) -> String {
    let win = seen.geometry().win_score();
    format!(
        "in {}'s numbers ({} maximises; a win is {win} - depth, a loss depth - {win}, a draw 0, \
         where depth is the number of moves played after the first move from this position: 0 \
         if that move ends the game)",
        seen.maximiser(),
        seen.maximiser()
    )
}

/// An answer naming a cell that is not empty cannot be a move: refused, naming the choices.
pub fn refuse_taken(board: &Board, typed: &str, cells: &[Cell]) -> Result<(), AnswerError> {
    let empty: Vec<Cell> = board.legal_moves().collect();
    match cells.iter().find(|cell| !empty.contains(cell)) {
        None => Ok(()),
        Some(&taken) => Err(answer_error(
            typed,
            match cells.len() {
                1 => "is not an empty cell".to_string(),
                _ => format!("names {}, which is not empty", cell_name(taken)),
            },
            format!("choose among {}", cells_text(&empty)),
        )),
    }
}

/// The values a dropdown offers for whole numbers `right`: those, and what the classic slips
/// make of them (the other side's sign, one off) where `bound` says scores go no further, in
/// order. `shown` adds the values the figure shows (a tree's leaves), which any node could take.
fn number_choices(right: &[i32], shown: &[i32], slips: Option<i32>) -> Vec<String> {
    let mut values: BTreeSet<i32> = right.iter().chain(shown).copied().collect();
    if let Some(bound) = slips {
        for &v in right {
            values.extend([-v, v - 1, v + 1].into_iter().filter(|s| s.abs() <= bound));
        }
    }
    // A list of one or two looks like a hint: pad it with neighbours.
    let mut next = values.iter().min().copied().unwrap_or(0) - 1;
    while values.len() < 3 {
        values.insert(next);
        next -= 1;
    }
    values.into_iter().map(|v| v.to_string()).collect()
}

/// Cells named as the prompts and the worked answers name them.
pub fn cell_names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(cell_name).collect()
}

/// A kind's JSON key, written once.
#[cfg(not(target_arch = "wasm32"))]
pub fn json(key: &impl serde::Serialize) -> Box<serde_json::value::RawValue> {
    serde_json::value::to_raw_value(key).expect("a key is plain data")
}

/// A tree's values typed in the order listed: each node's name with its value, and what the
/// tree has that many of ("nodes", "inner nodes"). The tree kinds, on a position and on an
/// abstract tree, answer the same way.
pub struct NumbersInOrder {
    pub nodes: Vec<(String, i32)>,
    pub what: &'static str,
}

impl NumbersInOrder {
    /// The values as they would be typed.
    pub fn answer_text(&self) -> String {
        let numbers: Vec<String> = self.nodes.iter().map(|(_, v)| v.to_string()).collect();
        numbers.join(", ")
    }

    pub fn accepted(&self) -> String {
        format!(
            "type {} whole numbers in the order listed, separated by commas",
            self.nodes.len()
        )
    }

    /// Whether `typed` gives every value, and the verdict: every value, or each one wrong.
    pub fn grade(&self, typed: &str) -> Result<(bool, String), AnswerError> {
        let numbers = parse_numbers(typed)?;
        if numbers.len() != self.nodes.len() {
            return Err(answer_error(
                typed,
                format!(
                    "has {} numbers, but the tree has {} {}",
                    numbers.len(),
                    self.nodes.len(),
                    self.what
                ),
                self.accepted(),
            ));
        }
        let wrong: Vec<String> = self
            .nodes
            .iter()
            .zip(&numbers)
            .filter(|&((_, right), typed)| right != typed)
            .map(|((name, right), typed)| format!("{name} is {right}, not {typed}"))
            .collect();
        let verdict = match wrong.is_empty() {
            true => format!("the values are {}", self.answer_text()),
            false => wrong.join("; "),
        };
        Ok((wrong.is_empty(), verdict))
    }

    /// As a quiz: each node matched to its value from one list, the values the figure shows
    /// (`shown`) and the slips within `bound` among them.
    pub fn quiz(&self, shown: &[i32], bound: Option<i32>) -> QuizForm {
        let values: Vec<i32> = self.nodes.iter().map(|&(_, v)| v).collect();
        QuizForm::Matching {
            ask: "Here, choose each node's value from its list rather than type it.",
            pairs: self
                .nodes
                .iter()
                .map(|(name, value)| (name.clone(), value.to_string()))
                .collect(),
            choices: number_choices(&values, shown, bound),
        }
    }

    /// The key as JSON: each node with its value, in order.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct NodeJson<'a> {
            path: &'a str,
            value: i32,
        }
        #[derive(serde::Serialize)]
        struct Json<'a> {
            nodes: Vec<NodeJson<'a>>,
        }
        json(&Json {
            nodes: self
                .nodes
                .iter()
                .map(|(path, value)| NodeJson {
                    path,
                    value: *value,
                })
                .collect(),
        })
    }
}

/// The empty cells of a kind whose table by level is `by_level`, at most `most`: the table is
/// for the side whose turn it is at the table's count; the other side gets one cell more (one
/// move fewer played), or one fewer at the kind's largest.
pub fn by_level(
    by_level: [usize; LEVELS as usize],
    most: usize,
    level: u8,
    geometry: Geometry,
    mover: Mark,
) -> usize {
    let table = by_level[usize::from(level.clamp(1, LEVELS) - 1)];
    // X is to move when an even number of marks is on the board.
    let x_to_move = (geometry.cells() - table).is_multiple_of(2);
    if x_to_move == (mover == Mark::X) {
        table
    } else if table < most {
        table + 1
    } else {
        table - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dropdowns_offer_the_slips_and_at_least_three_values() {
        assert_eq!(number_choices(&[5], &[], Some(10)), ["-5", "4", "5", "6"]);
        assert_eq!(number_choices(&[10], &[], Some(10)), ["-10", "9", "10"]);
        assert_eq!(number_choices(&[3, 3], &[3], None), ["1", "2", "3"]);
        assert_eq!(number_choices(&[2], &[2, 9, 1], None), ["1", "2", "9"]);
    }
}
