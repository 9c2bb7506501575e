//! A set as a quiz, before it is written as GIFT (`gift.rs`) or Moodle XML (`moodle.rs`): one
//! question an item, whatever its kind, so that every item weighs the same in a course's
//! gradebook.
//!
//! Each answer is shaped by what Moodle's own importers accept (`question/format/gift/format.php`,
//! `question/format/xml/format.php`, and the checks of `question/format.php` and the question
//! types when they save):
//! - a value is a numerical question, its answer written with an explicit `=` and a tolerance
//!   (`=0:0`), because the GIFT reader drops a first answer that PHP's `empty()` calls empty,
//!   and `"0"` is one;
//! - a choice of cells or branches is a multiple-answer question: every right choice an equal
//!   share of 100%, every wrong one taking away one right choice's share (at most half), so one
//!   slip never zeroes the question and ticking everything does not pass it; every share is one
//!   of Moodle's grades, which the importer refuses otherwise;
//! - a tree to fill in, and an alpha-beta window, is one matching question: each node (or α
//!   and β) picks its value from one list. A Cloze question would ask the same with typed
//!   blanks, but Moodle gives a Cloze question one mark a blank (it ignores `defaultgrade`),
//!   and a 13-node tree would weigh 13 items. The list holds every value the tree shows and the
//!   ones the classic slips give, so it tells nothing away.

use std::collections::BTreeSet;

use crate::engine::board::Cell;
use crate::learn::exercises::prune::{Ask, PruneKey, label};
use crate::learn::exercises::{ExerciseSet, Item, Task, cell_name, path_name};

/// One question of the quiz: one item of the set.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    /// "Item 3 (alpha-beta)".
    pub title: String,
    /// A stable name for the question in a course's bank: the set's code and the item's number.
    pub idnumber: String,
    /// The item's prompt.
    pub prompt: String,
    /// What this question's form asks of it ("Here, choose each node's value from its list rather than type it."), or nothing.
    pub ask: String,
    /// The board and the tree drawn as text, one line each (empty when there is none).
    pub figure: Vec<String>,
    /// The answer worked out, shown once the question is answered.
    pub feedback: String,
    pub answer: Answer,
}

/// What a question takes, with its key.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A whole number, exactly.
    Numeric(i32),
    /// Choices, any number of which may be ticked, each with its share of the grade in percent
    /// (one of Moodle's grades, or its negative).
    Choices(Vec<(String, String)>),
    /// Each part (a node, or α and β) matched to its value; `choices` lists every value the
    /// dropdowns offer, the right ones among them.
    Matching {
        pairs: Vec<(String, String)>,
        choices: Vec<String>,
    },
}

/// The quiz's questions, one per item of `set`, in order.
pub fn questions(set: &ExerciseSet) -> Vec<Question> {
    set.items.iter().map(|item| question(set, item)).collect()
}

/// The shares of `right` right choices: equal ones where Moodle has the share (up to 10),
/// otherwise tenths and twentieths that add up to 100% (up to 20, more than any board here has
/// cells).
fn right_shares(right: usize) -> Vec<&'static str> {
    match right {
        0 => Vec::new(),
        1..=10 => vec![equal_share(right); right],
        _ => {
            let twentieths = (2 * right).saturating_sub(20).min(right);
            let mut shares = vec!["10"; right - twentieths];
            shares.extend(vec!["5"; twentieths]);
            shares
        }
    }
}

/// 100% split in `n` (1 to 10) as Moodle writes it.
fn equal_share(n: usize) -> &'static str {
    match n {
        1 => "100",
        2 => "50",
        3 => "33.33333",
        4 => "25",
        5 => "20",
        6 => "16.66667",
        7 => "14.28571",
        8 => "12.5",
        9 => "11.11111",
        _ => "10",
    }
}

/// What a wrong tick costs when `right` choices are right: one right choice's share, at most
/// half the question, so that a single slip never takes it all.
fn wrong_share(right: usize) -> &'static str {
    match right {
        0..=2 => "-50",
        3..=10 => match equal_share(right) {
            "33.33333" => "-33.33333",
            "25" => "-25",
            "20" => "-20",
            "16.66667" => "-16.66667",
            "14.28571" => "-14.28571",
            "12.5" => "-12.5",
            "11.11111" => "-11.11111",
            _ => "-10",
        },
        _ => "-10",
    }
}

/// Every one of `all` with its share: the right ones (`right`) share 100%, each wrong one costs
/// [`wrong_share`].
fn weighted(right: &[String], all: &[String]) -> Vec<(String, String)> {
    let mut shares = right_shares(right.len()).into_iter();
    let wrong = wrong_share(right.len());
    all.iter()
        .map(|choice| {
            let share = match right.contains(choice) {
                true => shares.next().unwrap_or("0"),
                false => wrong,
            };
            (choice.clone(), share.to_string())
        })
        .collect()
}

/// The board as text, rows and columns numbered as answers name them.
fn board_figure(item: &Item) -> Vec<String> {
    let geometry = item.board.geometry();
    let columns: Vec<String> = (1..=geometry.cols()).map(|c| c.to_string()).collect();
    let mut lines = vec![format!("  {}", columns.join(" "))];
    for row in 0..geometry.rows() {
        let cells: Vec<String> = (0..geometry.cols())
            .map(|col| {
                item.board
                    .get(Cell::new(row, col))
                    .map_or('.', |mark| mark.symbol())
                    .to_string()
            })
            .collect();
        lines.push(format!("{} {}", row + 1, cells.join(" ")));
    }
    lines
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

fn question(set: &ExerciseSet, item: &Item) -> Question {
    let mut figure = match item.on_board() {
        true => board_figure(item),
        false => Vec::new(),
    };
    figure.extend(item.figure());
    // Cells named as the prompts and the worked answers name them.
    let cells = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| cell_name(c)).collect() };
    let empty: Vec<Cell> = item.board.legal_moves().collect();
    let tick = "Tick every right choice: each wrong tick costs as much as a right one earns.";
    let (ask, answer) = match &item.task {
        Task::Value(key) => (String::new(), Answer::Numeric(key.number.value())),
        Task::Horizon(key) => (
            tick.to_string(),
            Answer::Choices(weighted(&cells(&key.plays), &cells(&empty))),
        ),
        Task::FindMove(key) => (
            tick.to_string(),
            Answer::Choices(weighted(&cells(&key.exercise.good), &cells(&empty))),
        ),
        Task::Tree(key) => {
            let values: Vec<i32> = key.nodes.iter().map(|n| n.number.value()).collect();
            let pairs = key
                .nodes
                .iter()
                .map(|n| (path_name(&n.path), n.number.value().to_string()))
                .collect();
            (
                "Here, choose each node's value from its list rather than type it.".to_string(),
                Answer::Matching {
                    pairs,
                    choices: number_choices(&values, &[], Some(item.board.geometry().win_score())),
                },
            )
        }
        Task::TreeFill(key) => {
            let values: Vec<i32> = key.order.iter().map(|&n| key.values[n]).collect();
            let leaves: Vec<i32> = key.tree.nodes().filter_map(|n| n.leaf()).collect();
            let pairs = key
                .order
                .iter()
                .map(|&n| (label(n), key.values[n].to_string()))
                .collect();
            (
                "Here, choose each node's value from its list rather than type it.".to_string(),
                Answer::Matching {
                    pairs,
                    choices: number_choices(&values, &leaves, None),
                },
            )
        }
        Task::Prune(key) => match key.ask {
            Ask::Pruned => {
                let (all, right) = prune_choices(key);
                (tick.to_string(), Answer::Choices(weighted(&right, &all)))
            }
            Ask::Window(_) => window_question(key),
        },
    };
    Question {
        title: format!("Item {} ({})", item.number, item.kind().name()),
        idnumber: idnumber(set, item),
        prompt: item.prompt(),
        ask,
        figure,
        feedback: item.worked().join(" "),
        answer,
    }
}

/// α and β, each matched to its value among every number the tree shows and both infinities,
/// written as the app writes them.
fn window_question(key: &PruneKey) -> (String, Answer) {
    let Ask::Window(node) = key.ask else {
        unreachable!("asked of a window item")
    };
    let (alpha, beta) = key.final_window(node).expect("asked of a searched node");
    let mut values: BTreeSet<i32> = key
        .nodes
        .iter()
        .filter_map(|n| n.leaf.map(|leaf| leaf.value()))
        .collect();
    values.extend([alpha.value(), beta.value(), -key.infinity, key.infinity]);
    let choices = values.into_iter().map(|v| key.number_text(v)).collect();
    (
        "Here, choose α and β from their lists rather than type them.".to_string(),
        Answer::Matching {
            pairs: vec![
                ("α".to_string(), key.number_text(alpha.value())),
                ("β".to_string(), key.number_text(beta.value())),
            ],
            choices,
        },
    )
}

/// The choices of "which branches are pruned": every node but the root (which is always
/// searched), and "none", with the right ones.
fn prune_choices(key: &PruneKey) -> (Vec<String>, Vec<String>) {
    let mut all: Vec<String> = (1..key.nodes.len()).map(|n| key.node_words(n)).collect();
    all.push("none".to_string());
    let mut right: Vec<String> = key.pruned.iter().map(|&n| key.node_words(n)).collect();
    if right.is_empty() {
        right.push("none".to_string());
    }
    (all, right)
}

/// A name for the question that stays the same each time the set is exported, so that a
/// course's bank keeps one copy: the code and the item's number, or, where that would pass
/// Moodle's 100 characters, a digest of the code.
fn idnumber(set: &ExerciseSet, item: &Item) -> String {
    let code = set.code.to_string();
    let id = format!("{code}/{}", item.number);
    if id.len() <= 100 {
        return id;
    }
    // FNV-1a: the same on every platform and every run.
    let digest = code.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("tictactoe-{digest:016x}/{}", item.number)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moodle's grades for an answer (`question_bank::fraction_options_full`, in percent): the only
    /// shares its importer accepts.
    const MOODLE_GRADES: [&str; 21] = [
        "100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30",
        "25", "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "0",
    ];

    fn percent(share: &str) -> f64 {
        share.parse().unwrap()
    }

    #[test]
    fn right_shares_add_up_to_the_whole_and_are_moodle_grades() {
        for right in 1..=20 {
            let shares = right_shares(right);
            assert_eq!(shares.len(), right);
            let total: f64 = shares.iter().map(|s| percent(s)).sum();
            assert!((total - 100.0).abs() < 0.001, "{right}: {total}");
            for share in shares.iter().chain([&wrong_share(right)]) {
                let plain = share.trim_start_matches('-');
                assert!(MOODLE_GRADES.contains(&plain), "{right}: {share}");
            }
        }
    }

    #[test]
    fn one_slip_never_zeroes_a_question() {
        for right in 1..=20 {
            let shares: Vec<f64> = right_shares(right).iter().map(|s| percent(s)).collect();
            let all: f64 = shares.iter().sum();
            // Every right choice and one wrong one.
            assert!(all + percent(wrong_share(right)) > 0.0, "{right}");
            // One right choice missed.
            let smallest = shares.iter().copied().fold(f64::INFINITY, f64::min);
            if right > 1 {
                assert!(all - smallest > 0.0, "{right}");
            }
        }
    }

    #[test]
    fn dropdowns_offer_the_slips_and_at_least_three_values() {
        assert_eq!(number_choices(&[5], &[], Some(10)), ["-5", "4", "5", "6"]);
        assert_eq!(number_choices(&[10], &[], Some(10)), ["-10", "9", "10"]);
        assert_eq!(number_choices(&[3, 3], &[3], None), ["1", "2", "3"]);
        assert_eq!(number_choices(&[2], &[2, 9, 1], None), ["1", "2", "9"]);
    }
}
