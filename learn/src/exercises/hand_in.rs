//! A hand-in: the student's name, the set's code and every answer as typed, as a short text a
//! teacher re-grades (`tictactoe exercises --check FILE`, or the app's "Check a hand-in"), with
//! a seal that tells if the text was edited by hand:
//!
//! ```text
//! Tic-Tac-Toe exercises: a hand-in
//! Name: Ada Lovelace
//! Set: v1-s7-k=value,horizon-n=4-3x3
//! 1=-9
//! 2=r1c1; r1c2; r2c1; r2c2
//! Seal: 3bec-494a-ae8f-eb3b
//! ```
//!
//! The answers' lines are those of an answers file (`N=ANSWER`), so the text reads as one too.
//! The seal is a keyed hash whose key is in the program (`seal.rs`): a seal, not a proof against
//! a student who reads the source. The one grading both the command line and the app show,
//! `grade_hand_in`, is the folder's (`mod.rs`), beside the sets it grades against.

use super::code::SetCode;
use super::kinds::Kind;
use super::quoted::quoted;
use super::seal::seal;

/// A hand-in's first line.
pub const HAND_IN_TITLE: &str = "Tic-Tac-Toe exercises: a hand-in";

/// Whether `text` is a hand-in (its first line says so), not an answers file or another text.
pub fn is_hand_in(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines().map(str::trim).find(|line| !line.is_empty()) == Some(HAND_IN_TITLE)
}

/// What a student hands in: who, which set, and the answers as typed (items not answered are
/// left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandIn {
    pub name: String,
    pub code: SetCode,
    /// Item numbers (from 1) and what was typed, in the set's order.
    pub answers: Vec<(usize, String)>,
}

/// Why a text could not be read as a hand-in: one line that says where and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct HandInError(String);

/// What a line of a hand-in is read as: what was typed on one line, as one line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl HandIn {
    /// The hand-in of `name` on the set `code`, whose item `i + 1` was answered `answers[i]`
    /// (`None`: not answered).
    pub fn new(name: &str, code: &SetCode, answers: &[Option<String>]) -> HandIn {
        HandIn {
            name: one_line(name),
            code: code.clone(),
            answers: answers
                .iter()
                .enumerate()
                .filter_map(|(i, typed)| {
                    let typed = one_line(typed.as_deref()?);
                    (!typed.is_empty()).then_some((i + 1, typed))
                })
                .collect(),
        }
    }

    /// The lines the seal covers.
    fn body(&self) -> Vec<String> {
        let mut lines = vec![
            HAND_IN_TITLE.to_string(),
            format!("Name: {}", self.name),
            format!("Set: {}", self.code),
        ];
        lines.extend(self.answers.iter().map(|(n, typed)| format!("{n}={typed}")));
        // As a hand-in is read: without spaces at a line's end (an empty name's).
        lines
            .iter()
            .map(|line| line.trim_end().to_string())
            .collect()
    }

    /// The hand-in as text, sealed, each line ended by a newline.
    pub fn text(&self) -> String {
        let body = self.body();
        let seal = seal(&body.join("\n"));
        let mut text = body.join("\n");
        text.push_str(&format!("\nSeal: {seal}\n"));
        text
    }

    /// A file name for the hand-in: the student's name and the set's seed, in letters a file
    /// system takes.
    pub fn file_name(&self) -> String {
        let name: String = self
            .name
            .chars()
            .map(|c| match c.is_alphanumeric() {
                true => c,
                false => '-',
            })
            .collect();
        let name = name.trim_matches('-');
        match name.is_empty() {
            true => format!("hand-in-s{}.txt", self.code.seed),
            false => format!("hand-in-{name}-s{}.txt", self.code.seed),
        }
    }

    /// Reads a hand-in, and whether its seal matches its text. Blank lines, a byte-order mark
    /// and Windows line ends (as mail and editors may add) are not part of it.
    pub fn read(text: &str) -> Result<(HandIn, bool), HandInError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty())
            .collect();
        let refuse = |at: usize, problem: String| Err(HandInError(format!("line {at}: {problem}")));
        let Some(&(_, first)) = lines.first() else {
            return Err(HandInError("it is empty, not a hand-in".into()));
        };
        if first != HAND_IN_TITLE {
            return Err(HandInError(format!(
                "it is not a hand-in: its first line is {}, not \"{HAND_IN_TITLE}\"",
                quoted(first)
            )));
        }
        let field = |index: usize, name: &str| -> Result<String, HandInError> {
            match lines.get(index) {
                Some(&(at, line)) => match line.strip_prefix(name) {
                    Some(value) => Ok(value.trim().to_string()),
                    None => Err(HandInError(format!(
                        "line {at}: a hand-in's line {} is \"{name} …\", not {}",
                        index + 1,
                        quoted(line)
                    ))),
                },
                None => Err(HandInError(format!("it ends before its \"{name} …\" line"))),
            }
        };
        let name = field(1, "Name:")?;
        let code_text = field(2, "Set:")?;
        let code: SetCode = match code_text.parse() {
            Ok(code) => code,
            Err(error) => return refuse(lines[2].0, format!("the set's code: {error}")),
        };
        let items = code.count;
        let mut answers: Vec<(usize, String)> = Vec::new();
        let mut sealed_with = None;
        for &(at, line) in &lines[3..] {
            if sealed_with.is_some() {
                return refuse(at, "nothing follows the seal".into());
            }
            if let Some(value) = line.strip_prefix("Seal:") {
                sealed_with = Some(value.trim().to_string());
                continue;
            }
            let Some((number, typed)) = line.split_once('=') else {
                return refuse(
                    at,
                    format!("{} is not an answer: write N=ANSWER", quoted(line)),
                );
            };
            let number = match number.trim().parse::<usize>() {
                Ok(n) if (1..=items).contains(&n) => n,
                _ => {
                    return refuse(
                        at,
                        format!(
                            "{} is not an item of the set: its items are 1 to {items}",
                            quoted(number.trim())
                        ),
                    );
                }
            };
            if answers.iter().any(|&(n, _)| n == number) {
                return refuse(at, format!("item {number} is answered twice"));
            }
            answers.push((number, typed.trim().to_string()));
        }
        let hand_in = HandIn {
            name,
            code,
            answers,
        };
        // The seal of the lines as read, so that a hand-in whose answers were reordered or
        // respaced by hand is caught too.
        let read: Vec<&str> = lines[..lines.len() - usize::from(sealed_with.is_some())]
            .iter()
            .map(|&(_, line)| line)
            .collect();
        let sealed = sealed_with.is_some_and(|given| given == seal(&read.join("\n")));
        Ok((hand_in, sealed))
    }
}

/// How one item of a hand-in was graded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Right,
    Wrong,
    /// Typed, but not an answer to the item.
    Unreadable,
    NotAnswered,
}

/// One item of a hand-in, graded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemMark {
    pub number: usize,
    pub kind: Kind,
    pub typed: Option<String>,
    pub verdict: Verdict,
    /// The right answer as it would be typed.
    pub answer: String,
}

/// A hand-in graded: the student, the set, whether the seal holds, each item and the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandInGrade {
    pub name: String,
    pub code: SetCode,
    /// Whether the seal matches the text: `false` when it was edited by hand (or has no seal).
    pub sealed: bool,
    pub items: Vec<ItemMark>,
    pub right: usize,
}

impl HandInGrade {
    /// The grade, one fact a line: who, the set, the score, the seal, then each item.
    pub fn lines(&self) -> Vec<String> {
        let name = match self.name.is_empty() {
            true => "(no name given)",
            false => &self.name,
        };
        let mut lines = vec![
            format!("Name: {name}"),
            format!("Set: {}", self.code),
            format!("Score: {} of {} right.", self.right, self.items.len()),
            match self.sealed {
                true => "Seal: intact, the text is as the program wrote it.".to_string(),
                false => "Edited: the seal does not match the text, which was changed by hand \
                          after the program wrote it."
                    .to_string(),
            },
        ];
        for mark in &self.items {
            let typed = mark
                .typed
                .as_deref()
                .map_or(String::new(), |t| format!(", typed {}", quoted(t)));
            let verdict = match mark.verdict {
                Verdict::Right => "right".to_string(),
                Verdict::Wrong => format!("wrong; the answer: {}", mark.answer),
                Verdict::Unreadable => format!("not an answer; the answer: {}", mark.answer),
                Verdict::NotAnswered => format!("not answered; the answer: {}", mark.answer),
            };
            let item = format!("Item {} ({})", mark.number, mark.kind.name());
            let verdict = match mark.verdict {
                Verdict::NotAnswered => format!("{item}: {verdict}."),
                _ => format!("{item}{typed}: {verdict}."),
            };
            lines.push(verdict);
        }
        lines
    }
}
