//! A set as a GIFT quiz (Moodle's text format): one question an item, as `questions.rs` shapes them,
//! each on one line, separated by a blank line as Moodle's reader splits them.

use std::io::{self, Write};

use super::questions::{Answer, Question, questions};
use crate::exercises::ExerciseSet;

/// Text made safe for GIFT: its special characters escaped, on one line (a line break would
/// end the question where a blank line follows).
pub(super) fn gift_text(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '~' | '=' | '#' | '{' | '}' | ':' | '\\' => {
                escaped.push('\\');
                escaped.push(c);
            }
            '\n' | '\r' => escaped.push(' '),
            _ => escaped.push(c),
        }
    }
    escaped
}

/// The answer block, without its braces: `#=5:0`, `~%50%a ~%-50%b`, `=B -> 3 = -> 7`.
fn answer_block(answer: &Answer) -> String {
    match answer {
        // The `=` and the tolerance keep a 0 from being read as no answer at all.
        Answer::Numeric(value) => format!("#={value}:0"),
        Answer::Choices(choices) => choices
            .iter()
            .map(|(text, share)| format!("~%{share}%{}", gift_text(text)))
            .collect::<Vec<_>>()
            .join(" "),
        Answer::Matching { pairs, choices } => {
            let mut parts: Vec<String> = pairs
                .iter()
                .map(|(part, value)| format!("={} -> {}", gift_text(part), gift_text(value)))
                .collect();
            // The values no part takes: an empty left side makes them choices in every list.
            parts.extend(
                choices
                    .iter()
                    .filter(|choice| !pairs.iter().any(|(_, value)| value == *choice))
                    .map(|choice| format!("= -> {}", gift_text(choice))),
            );
            parts.join(" ")
        }
    }
}

/// The set as a GIFT quiz: a category named for the set's code, then one question an item.
pub fn write_gift(set: &ExerciseSet, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "// Tic-Tac-Toe minimax exercises, set {}", set.code)?;
    writeln!(out, "$CATEGORY: tictactoe/{}", set.code)?;
    for (item, question) in set.items.iter().zip(questions(set)) {
        let Question {
            title,
            prompt,
            ask,
            feedback,
            answer,
            ..
        } = question;
        // GIFT has no room for a drawing: an abstract tree goes on one line in the text (a
        // board is in the prompt already).
        let tree = match item.exercise().figure_line() {
            Some(line) => format!(" The tree: {line}."),
            None => String::new(),
        };
        writeln!(out)?;
        writeln!(
            out,
            "::{}::{} {{{}####{}}}",
            gift_text(&title),
            gift_text(format!("{prompt}{tree} {ask}").trim_end()),
            answer_block(&answer),
            gift_text(&feedback)
        )?;
    }
    Ok(())
}
