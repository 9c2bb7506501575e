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

use crate::engine::board::Cell;
use crate::exercises::{ExerciseSet, Item, QuizForm};

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

fn question(set: &ExerciseSet, item: &Item) -> Question {
    let mut figure = match item.on_board() {
        true => board_figure(item),
        false => Vec::new(),
    };
    figure.extend(item.figure());
    let tick = "Tick every right choice: each wrong tick costs as much as a right one earns.";
    let (ask, answer) = match item.exercise().quiz(&item.board) {
        QuizForm::Number(value) => (String::new(), Answer::Numeric(value)),
        QuizForm::Ticks { right, among } => {
            (tick.to_string(), Answer::Choices(weighted(&right, &among)))
        }
        QuizForm::Matching {
            ask,
            pairs,
            choices,
        } => (ask.to_string(), Answer::Matching { pairs, choices }),
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
}
