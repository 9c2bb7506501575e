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
//! Seal: 3bec494aae8feb3b
//! ```
//!
//! The answers' lines are those of an answers file (`N=ANSWER`), so the text reads as one too.
//! The seal is a keyed hash whose key is in the program (`seal.rs`): a seal, not a proof against
//! a student who reads the source. [`grade_hand_in`] is the one grading both the command line and
//! the app show.

use super::code::SetCode;
use super::kinds::Kind;
use super::quoted::quoted;
use super::seal::seal;
use super::{ExerciseSet, generate};

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

/// Reads and grades a hand-in against the set its own code names: the one grading the command
/// line prints and the app shows.
pub fn grade_hand_in(text: &str) -> Result<HandInGrade, HandInError> {
    let (hand_in, sealed) = HandIn::read(text)?;
    let set: ExerciseSet = generate(&hand_in.code);
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

#[cfg(test)]
mod tests {
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
                       Seal: 3bec494aae8feb3b\n";
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
