//! Graded exercises on board positions and the textbooks' abstract trees: a set made from a
//! seed, its kinds, its board and its length, the same wherever it is made; each item's answer
//! key taken from the engine (plain minimax, the reference; the computer's horizon for the
//! horizon kind; the alpha-beta trace for the prune kind, in `prune.rs`); typed answers read and
//! graded with feedback that works the right answer out.
//!
//! A set is named by a short code that round-trips through text, so a link or a command line
//! gives everyone the same set:
//!
//! ```
//! use tictactoe_learn::exercises::{Kind, SetCode, generate};
//! let code: SetCode = "v1-s7-k=value,horizon-n=4-3x3".parse().unwrap();
//! assert_eq!(code.kinds, [Kind::Value, Kind::Horizon]);
//! assert_eq!(code.to_string(), "v1-s7-k=value,horizon-n=4-3x3");
//! let set = generate(&code);
//! assert_eq!(set.items.len(), 4);
//! let first = &set.items[0];
//! let graded = first.grade(&first.answer_text()).unwrap();
//! assert!(graded.correct);
//! ```
//!
//! Each kind is a module of `kinds/` behind one trait ([`Exercise`]); the code is in `code.rs`,
//! the reading of typed answers in `answer.rs`; here are the items and sets, what every kind's
//! grading shares, and the summary. Nothing here knows egui; the app shows the prompts and
//! feedback (each answer [`Form`] drawn the same whatever the kind), `tictactoe exercises`
//! prints them.

mod answer;
mod cell_names;
mod code;
mod hand_in;
mod kinds;
pub mod prune;
mod quoted;
mod random;
mod seal;
pub mod slips;
mod telling;

pub use answer::{
    AnswerError, parse_cell, parse_cells, parse_labels, parse_number, parse_numbers, parse_window,
};
pub use cell_names::{cell_name, cells_text, path_name};
pub use code::{CODE_VERSION, Levels, MAX_COUNT, SIZES, SetCode, SetCodeError, parse_kinds};
pub use hand_in::{HAND_IN_TITLE, HandIn, HandInError, HandInGrade, ItemMark, Verdict, is_hand_in};
pub use kinds::{
    CHANCE_TREES, ChanceAsk, ChanceKey, Counts, EvalKey, Exploration, MctsAsk, MctsKey,
    close_enough, parse_fraction,
};
pub use kinds::{
    Exercise, Figure, Form, HorizonKey, Kind, LEVELS, MoveKey, Plan, QuizForm, Spec, Task, TreeKey,
    TreeNode, ValueKey, horizon_difficulty, horizon_key, tree_key, value_key,
};

use rand::SeedableRng;
// StdRng (ChaCha) gives the same numbers on every platform; SmallRng is another generator on
// 32-bit targets such as the browser's, which would deal the page another set.
use rand::rngs::StdRng;

use crate::engine::board::{Board, Geometry, Mark};
use crate::view::ScoreView;

/// One exercise of a set: the position, what is asked, and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// From 1, as the set lists it.
    pub number: usize,
    pub level: u8,
    pub board: Board,
    pub task: Task,
}

/// A whole set: its code and its items, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseSet {
    pub code: SetCode,
    pub items: Vec<Item>,
}

/// The set `code` names, its keys from plain minimax.
pub fn generate(code: &SetCode) -> ExerciseSet {
    let mut rng = StdRng::seed_from_u64(code.seed);
    let geometry = code.geometry();
    let items = (0..code.count)
        .map(|index| {
            let (kind, level) = (code.kind(index), code.level(index));
            let mover = code.mover(index);
            let (board, task) = deal(
                &mut rng,
                kind,
                (geometry, level),
                code.view,
                code.trees,
                mover,
            );
            Item {
                number: index + 1,
                level,
                board,
                task,
            }
        })
        .collect();
    ExerciseSet {
        code: code.clone(),
        items,
    }
}

/// One item of `kind` at `level` made from its own `seed`, outside any set: what a learner
/// practising freely is dealt next (a level up after successes, a missed kind again), the same
/// on every platform for the same seed. X is to move for an even seed, O for an odd one.
pub fn make_item(seed: u64, kind: Kind, level: u8, geometry: Geometry, view: ScoreView) -> Item {
    let mut rng = StdRng::seed_from_u64(seed);
    let level = level.clamp(1, LEVELS);
    let mover = match seed % 2 {
        0 => Mark::X,
        _ => Mark::O,
    };
    let (board, task) = deal(&mut rng, kind, (geometry, level), view, false, mover);
    Item {
        number: 1,
        level,
        board,
        task,
    }
}

/// An item of `kind` at `level` on a board of `geometry`, drawn from `rng` by the kind's spec:
/// on its board `mover` is to move with as many empty cells as the kind has at that level
/// (`trees`: on an abstract tree instead, where the kind has one).
fn deal(
    rng: &mut StdRng,
    kind: Kind,
    (geometry, level): (Geometry, u8),
    view: ScoreView,
    trees: bool,
    mover: Mark,
) -> (Board, Task) {
    let plan = Plan {
        geometry,
        level,
        view,
        trees,
        mover,
        empty: kind.empty_cells(level, geometry, mover),
    };
    (kind.spec().make)(rng, plan)
}

/// A graded answer: whether it was right, and the right answer worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    pub correct: bool,
    /// The first line says right or not and gives the answer; the rest work it out.
    pub feedback: Vec<String>,
}

impl Item {
    /// What the item's key does: its kind's [`Exercise`].
    pub fn exercise(&self) -> &dyn Exercise {
        self.task.exercise()
    }

    pub fn kind(&self) -> Kind {
        self.task.kind()
    }

    /// Whether the item is on its board (not on an abstract tree, whose board is unused).
    pub fn on_board(&self) -> bool {
        self.exercise().on_board()
    }

    /// The tree the item asks about, one node a line, for a text or a quiz (the app draws it);
    /// empty for an item on a board alone.
    pub fn figure(&self) -> Vec<String> {
        self.exercise().figure()
    }

    /// How the answer is given beyond typing it.
    pub fn form(&self) -> Form<'_> {
        self.exercise().form()
    }

    /// What the item asks, in one paragraph.
    pub fn prompt(&self) -> String {
        let geometry = self.board.geometry();
        let mover = self.board.to_move();
        let at = match geometry == Geometry::CLASSIC {
            true => format!("{mover} to move on {}", self.board),
            false => format!(
                "{mover} to move on {} ({} in a row wins)",
                self.board,
                geometry.k()
            ),
        };
        self.exercise().prompt(&self.board, &at)
    }

    /// The right answer as it would be typed.
    pub fn answer_text(&self) -> String {
        self.exercise().answer_text()
    }

    /// What a typed answer to this item looks like, for a prompt or a message.
    pub fn accepted(&self) -> String {
        self.exercise().accepted(&self.board)
    }

    /// Grades `typed`: `Err` when it cannot be read as an answer to this item (the learner may
    /// type again), else right or wrong with the answer worked out.
    pub fn grade(&self, typed: &str) -> Result<Graded, AnswerError> {
        let exercise = self.exercise();
        let (correct, verdict) = exercise.grade(&self.board, typed)?;
        let mut feedback = vec![match correct {
            true => format!("Right: {verdict}."),
            false => format!("Not quite: {verdict}."),
        }];
        if !correct {
            feedback.extend(exercise.slip_feedback(&self.board, typed));
        }
        feedback.extend(self.worked());
        Ok(Graded { correct, feedback })
    }

    /// The right answer worked out, one sentence a line: the formula and the line of play, each
    /// node's value from its replies, the horizon's hidden results.
    pub fn worked(&self) -> Vec<String> {
        self.exercise().worked(&self.board)
    }
}

/// Reads and grades a hand-in against the set its own code names: the one grading the command
/// line prints and the app shows.
pub fn grade_hand_in(text: &str) -> Result<HandInGrade, HandInError> {
    let (hand_in, sealed) = HandIn::read(text)?;
    let set = generate(&hand_in.code);
    let items: Vec<ItemMark> = set
        .items
        .iter()
        .map(|item| {
            let typed = hand_in
                .answers
                .iter()
                .find(|(n, _)| *n == item.number)
                .map(|(_, typed)| typed.clone());
            let verdict = match &typed {
                None => Verdict::NotAnswered,
                Some(typed) => match item.grade(typed) {
                    Ok(graded) if graded.correct => Verdict::Right,
                    Ok(_) => Verdict::Wrong,
                    Err(_) => Verdict::Unreadable,
                },
            };
            ItemMark {
                number: item.number,
                kind: item.kind(),
                typed,
                verdict,
                answer: item.answer_text(),
            }
        })
        .collect();
    Ok(HandInGrade {
        right: items.iter().filter(|m| m.verdict == Verdict::Right).count(),
        name: hand_in.name,
        code: hand_in.code,
        sealed,
        items,
    })
}

/// A student's results on a set: per kind, how many were right, and the items missed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub code: SetCode,
    /// Every kind of the set, in the set's order.
    pub per_kind: Vec<KindScore>,
    /// The numbers of the items answered wrong or not at all.
    pub missed: Vec<usize>,
    pub right: usize,
}

/// How a learner did on one kind of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindScore {
    pub kind: Kind,
    pub right: usize,
    pub items: usize,
}

impl Summary {
    /// The summary of `set` when `results[i]` says whether item `i + 1` was right (`None`: not
    /// answered).
    pub fn of(set: &ExerciseSet, results: &[Option<bool>]) -> Summary {
        let mut per_kind: Vec<KindScore> = set
            .code
            .kinds
            .iter()
            .map(|&kind| KindScore {
                kind,
                right: 0,
                items: 0,
            })
            .collect();
        let mut missed = Vec::new();
        for (i, item) in set.items.iter().enumerate() {
            let right = results.get(i).copied().flatten() == Some(true);
            if let Some(score) = per_kind.iter_mut().find(|s| s.kind == item.kind()) {
                score.items += 1;
                score.right += usize::from(right);
            }
            if !right {
                missed.push(item.number);
            }
        }
        Summary {
            code: set.code.clone(),
            right: set.items.len() - missed.len(),
            per_kind,
            missed,
        }
    }

    /// The kinds with an item missed, most missed first (ties in the set's order): what a
    /// learner practising freely is dealt again.
    pub fn missed_kinds(&self) -> Vec<Kind> {
        let mut missed: Vec<&KindScore> =
            self.per_kind.iter().filter(|s| s.right < s.items).collect();
        crate::short_sort::sort_short_by_key(&mut missed, |s| std::cmp::Reverse(s.items - s.right));
        missed.into_iter().map(|s| s.kind).collect()
    }

    /// The summary to hand in, one fact a line.
    pub fn lines(&self) -> Vec<String> {
        let total: usize = self.per_kind.iter().map(|s| s.items).sum();
        let mut lines = vec![format!(
            "Set {}: {} of {total} right.",
            self.code, self.right
        )];
        for score in &self.per_kind {
            lines.push(format!(
                "{}: {} of {}",
                score.kind.name(),
                score.right,
                score.items
            ));
        }
        lines.push(match self.missed.is_empty() {
            true => "Missed: none.".to_string(),
            false => {
                let numbers: Vec<String> = self.missed.iter().map(|n| n.to_string()).collect();
                format!("Missed: {}.", numbers.join(", "))
            }
        });
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;
    use crate::view::{Role, Seen};

    const CLASSIC: Geometry = Geometry::CLASSIC;

    #[test]
    fn levels_grow_along_the_set_and_kinds_take_turns() {
        let code = SetCode::new(3, Kind::ALL.to_vec(), 15, 3, ScoreView::SideToMove).unwrap();
        let set = generate(&code);
        let levels: Vec<u8> = set.items.iter().map(|i| i.level).collect();
        assert_eq!(levels, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
        for (i, item) in set.items.iter().enumerate() {
            assert_eq!(item.kind(), Kind::ALL[i % Kind::ALL.len()]);
            assert_eq!(
                item.board.empty_cells().count(),
                item.kind()
                    .empty_cells(item.level, CLASSIC, item.board.to_move())
            );
        }
        let shape = |set: &ExerciseSet| -> Vec<(Board, String, String)> {
            set.items
                .iter()
                .map(|i| (i.board, i.prompt(), i.answer_text()))
                .collect()
        };
        assert_eq!(
            shape(&generate(&code)),
            shape(&set),
            "the same code, the same set"
        );
    }

    #[test]
    fn an_item_alone_is_made_from_its_seed_at_its_level() {
        for &kind in Kind::ALL {
            for level in 1..=LEVELS {
                let item = make_item(9, kind, level, CLASSIC, ScoreView::Articles);
                let again = make_item(9, kind, level, CLASSIC, ScoreView::Articles);
                assert_eq!(
                    (item.board, item.answer_text()),
                    (again.board, again.answer_text())
                );
                assert_eq!(item.kind(), kind);
                assert_eq!(
                    item.board.empty_cells().count(),
                    kind.empty_cells(level, CLASSIC, item.board.to_move())
                );
                assert!(item.grade(&item.answer_text()).unwrap().correct);
            }
        }
    }

    #[test]
    fn a_summary_counts_each_kind_and_lists_the_items_missed() {
        let code = SetCode::new(
            4,
            vec![Kind::Value, Kind::FindMove],
            5,
            3,
            ScoreView::SideToMove,
        )
        .unwrap();
        let set = generate(&code);
        // Items 1, 3, 5 are values, 2 and 4 find-the-move.
        let summary = Summary::of(
            &set,
            &[Some(true), Some(false), None, Some(false), Some(true)],
        );
        assert_eq!(summary.right, 2);
        assert_eq!(summary.missed, [2, 3, 4]);
        assert_eq!(summary.missed_kinds(), [Kind::FindMove, Kind::Value]);
        assert_eq!(
            summary.lines(),
            [
                "Set v1-s4-k=value,move-n=5-3x3: 2 of 5 right.",
                "a move's value: 2 of 3",
                "find the move: 0 of 2",
                "Missed: 2, 3, 4.",
            ]
        );
    }

    #[test]
    fn a_tree_is_plain_minimax_two_plies_down_and_each_move_the_best_of_its_replies() {
        // X to move, three cells left.
        let board: Board = "XOX/OO./X.X".parse().unwrap();
        for view in ScoreView::ALL {
            let key = tree_key(&board, view);
            let seen = Seen::new(view, &board);
            for node in &key.nodes {
                let parent = match node.path.as_slice() {
                    [_] => board,
                    [first, _] => board.after(*first).unwrap(),
                    _ => unreachable!(),
                };
                let exact = plain(&parent)
                    .get(*node.path.last().unwrap())
                    .unwrap()
                    .clone();
                assert_eq!(node.scored, exact);
                let plies = node.path.len() as i32 - 1;
                assert_eq!(
                    node.number,
                    seen.number(exact.score, parent.to_move(), plies)
                );
                let replies: Vec<i32> = key
                    .nodes
                    .iter()
                    .filter(|n| {
                        n.path.len() == 2 && node.path.len() == 1 && n.path[0] == node.path[0]
                    })
                    .map(|n| n.number.value())
                    .collect();
                if !replies.is_empty() {
                    let chooser = seen.role(board.to_move().opponent());
                    let want = match chooser {
                        Role::Maximiser => replies.iter().max(),
                        Role::Minimiser => replies.iter().min(),
                    };
                    assert_eq!(Some(&node.number.value()), want, "{view:?}");
                }
            }
        }
    }

    /// The α and β question is the alpha-beta kind's level 2: in a set whose levels grow along
    /// its length, an alpha-beta item among other kinds lands in the middle third only in a long
    /// set (at 3 items of 3 kinds, never). Its level chosen, it is dealt at any count.
    #[test]
    fn alpha_and_beta_are_asked_at_any_count_once_their_level_is_chosen() {
        use crate::exercises::prune::Ask;
        let asks_window = |code: &str| -> Vec<bool> {
            let set = generate(&code.parse().unwrap());
            set.items
                .iter()
                .filter(|item| item.kind() == Kind::Prune)
                .map(|item| matches!(item.form(), Form::Search(key) if matches!(key.ask, Ask::Window(_))))
                .collect()
        };
        for seed in 0..4 {
            assert_eq!(
                asks_window(&format!("v1-s{seed}-k=value,tree,prune-n=3-3x3")),
                [false]
            );
            assert_eq!(
                asks_window(&format!("v1-s{seed}-k=value,tree,prune@2-n=3-3x3")),
                [true]
            );
            assert_eq!(
                asks_window(&format!("v1-s{seed}-k=value,tree,prune@2-n=3-3x3-trees")),
                [true]
            );
            assert_eq!(
                asks_window(&format!("v1-s{seed}-k=prune@2-n=2-3x3")),
                [true, true]
            );
            assert_eq!(
                asks_window(&format!("v1-s{seed}-k=value,prune@12-n=4-3x3")),
                [false, true]
            );
        }
    }
}

/// The hand-in (`hand_in.rs`) read, sealed and graded.
#[cfg(test)]
mod hand_in_tests {
    use super::*;

    const CODE: &str = "v1-s7-k=value,horizon-n=4-3x3";

    fn key(code: &SetCode) -> Vec<Option<String>> {
        generate(code)
            .items
            .iter()
            .map(|item| Some(item.answer_text()))
            .collect()
    }

    #[test]
    fn a_hand_in_round_trips_and_grades_every_item_against_its_own_set() {
        let code: SetCode = CODE.parse().unwrap();
        let mut answers = key(&code);
        answers[1] = Some("r1c1".into());
        answers[2] = None;
        let text = HandIn::new("Ada  Lovelace\n", &code, &answers).text();
        assert!(text.starts_with(&format!(
            "{HAND_IN_TITLE}\nName: Ada Lovelace\nSet: {CODE}\n"
        )));
        let grade = grade_hand_in(&text).unwrap();
        assert!(grade.sealed);
        assert_eq!(grade.right, 2);
        let verdicts: Vec<Verdict> = grade.items.iter().map(|m| m.verdict).collect();
        assert_eq!(
            verdicts,
            [
                Verdict::Right,
                Verdict::Wrong,
                Verdict::NotAnswered,
                Verdict::Right
            ]
        );
        assert_eq!(grade.lines()[2], "Score: 2 of 4 right.");
        let nameless = HandIn::new(" ", &code, &answers).text();
        assert!(grade_hand_in(&nameless).unwrap().sealed, "{nameless}");
        // Mail's line ends and blank lines change nothing.
        let mailed = format!("\n{}\n", text.replace('\n', "\r\n\r\n"));
        assert_eq!(grade_hand_in(&mailed).unwrap(), grade);
    }

    #[test]
    fn the_guides_example_is_sealed() {
        let example = "Tic-Tac-Toe exercises: a hand-in\nName: Ada Lovelace\n\
                       Set: v1-s7-k=value,horizon-n=4-3x3\n1=-9\n2=r1c1; r1c2; r2c1; r2c2\n\
                       Seal: 3bec-494a-ae8f-eb3b\n";
        let grade = grade_hand_in(example).unwrap();
        assert!(grade.sealed);
        assert_eq!(grade.right, 2);
    }

    #[test]
    fn an_edited_hand_in_is_graded_and_flagged() {
        let code: SetCode = CODE.parse().unwrap();
        let mut answers = key(&code);
        answers[0] = Some("99".into());
        let text = HandIn::new("Ada", &code, &answers).text();
        let honest = grade_hand_in(&text).unwrap();
        assert!(honest.sealed && honest.right == 3);
        let right = generate(&code).items[0].answer_text();
        let edited = text.replace("1=99", &format!("1={right}"));
        let grade = grade_hand_in(&edited).unwrap();
        assert_eq!(grade.right, 4, "graded as it now reads");
        assert!(!grade.sealed);
        assert!(
            grade.lines()[3].starts_with("Edited:"),
            "{:?}",
            grade.lines()
        );
        let unsealed: String = text
            .lines()
            .filter(|l| !l.starts_with("Seal:"))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(!grade_hand_in(&unsealed).unwrap().sealed);
    }

    #[test]
    fn a_hand_in_of_another_set_is_graded_against_its_own_code() {
        let other: SetCode = "v1-s8-k=move-n=3-3x3".parse().unwrap();
        let text = HandIn::new("Ada", &other, &key(&other)).text();
        let grade = grade_hand_in(&text).unwrap();
        assert_eq!((grade.code, grade.right), (other, 3));
    }

    #[test]
    fn a_malformed_hand_in_is_refused_in_one_line_that_says_where() {
        let code: SetCode = CODE.parse().unwrap();
        let text = HandIn::new("Ada", &code, &key(&code)).text();
        let cases = [
            ("", "it is empty, not a hand-in"),
            ("1=5\n", "it is not a hand-in: its first line is \"1=5\""),
            (
                &text.replace("Set: v1-s7", "Set: v9-s7"),
                "line 3: the set's code:",
            ),
            (
                &text.replace("2=", "9="),
                "line 5: \"9\" is not an item of the set",
            ),
            (&text.replace("2=", "2 "), "line 5: \"2 "),
            (
                &text.replace("3=", "2="),
                "line 6: item 2 is answered twice",
            ),
            (&format!("{text}5=1\n"), "line 9: nothing follows the seal"),
            (
                &text.replace("Name: Ada\n", ""),
                "line 2: a hand-in's line 2 is \"Name: …\"",
            ),
        ];
        for (text, start) in cases {
            let error = grade_hand_in(text).unwrap_err().to_string();
            assert!(error.starts_with(start), "{error:?} for {text:?}");
            assert!(!error.contains('\n'), "{error:?}");
        }
    }
}
