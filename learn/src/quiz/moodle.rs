//! A set as a Moodle XML quiz: one question an item, as `questions.rs` shapes them (numerical,
//! multiple-answer, or matching), with the board and the tree drawn as text in the question
//! and the worked answer as general feedback.

use std::io::{self, Write};

use super::questions::{Answer, Question, questions};
use crate::exercises::ExerciseSet;

/// `&`, `<`, `>` and quotes escaped, for XML (and for HTML inside it, escaped again).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than the line breaks are not XML.
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// The question's text as HTML: the prompt, then the tree or board drawn in a `<pre>`.
fn question_html(prompt: &str, figure: &[String]) -> String {
    let mut html = format!("<p>{}</p>", escaped(prompt));
    if !figure.is_empty() {
        html.push_str("<pre>");
        html.push_str(&escaped(&figure.join("\n")));
        html.push_str("</pre>");
    }
    html
}

/// The set as Moodle XML: a category named for the set's code, then one question an item.
pub fn write_moodle(set: &ExerciseSet, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        "<!-- Tic-Tac-Toe minimax exercises, set {} -->",
        set.code
    )?;
    writeln!(out, "<quiz>")?;
    writeln!(out, r#"  <question type="category">"#)?;
    writeln!(
        out,
        "    <category><text>$course$/tictactoe/{}</text></category>",
        escaped(&set.code.to_string())
    )?;
    writeln!(out, "  </question>")?;
    for question in questions(set) {
        write_question(&question, out)?;
    }
    writeln!(out, "</quiz>")
}

fn write_question(question: &Question, out: &mut impl Write) -> io::Result<()> {
    let kind = match question.answer {
        Answer::Numeric(_) => "numerical",
        Answer::Choices(_) => "multichoice",
        Answer::Matching { .. } => "matching",
    };
    let mut text = question_html(&question.prompt, &question.figure);
    if !question.ask.is_empty() {
        text.push_str(&format!("<p>{}</p>", escaped(&question.ask)));
    }
    writeln!(out, r#"  <question type="{kind}">"#)?;
    writeln!(
        out,
        "    <name><text>{}</text></name>",
        escaped(&question.title)
    )?;
    writeln!(
        out,
        r#"    <questiontext format="html"><text>{}</text></questiontext>"#,
        escaped(&text)
    )?;
    writeln!(
        out,
        r#"    <generalfeedback format="html"><text>{}</text></generalfeedback>"#,
        escaped(&question_html(&question.feedback, &[]))
    )?;
    writeln!(out, "    <defaultgrade>1</defaultgrade>")?;
    writeln!(
        out,
        "    <idnumber>{}</idnumber>",
        escaped(&question.idnumber)
    )?;
    match &question.answer {
        Answer::Numeric(value) => writeln!(
            out,
            r#"    <answer fraction="100"><text>{value}</text><tolerance>0</tolerance></answer>"#
        )?,
        Answer::Choices(choices) => {
            // Several may be ticked, whatever the number of right ones, so that the form tells
            // nothing of how many there are.
            writeln!(out, "    <single>false</single>")?;
            writeln!(out, "    <shuffleanswers>false</shuffleanswers>")?;
            writeln!(out, "    <answernumbering>none</answernumbering>")?;
            for (choice, share) in choices {
                writeln!(
                    out,
                    r#"    <answer fraction="{share}" format="html"><text>{}</text></answer>"#,
                    escaped(&escaped(choice))
                )?;
            }
        }
        Answer::Matching { pairs, choices } => {
            // Shuffled, or the list's order would follow the parts' and give the answers away.
            writeln!(out, "    <shuffleanswers>true</shuffleanswers>")?;
            for (part, value) in pairs {
                writeln!(
                    out,
                    r#"    <subquestion format="html"><text>{}</text><answer><text>{}</text></answer></subquestion>"#,
                    escaped(&escaped(part)),
                    escaped(value)
                )?;
            }
            // The values no part takes: an empty part makes them choices in every list.
            for choice in choices
                .iter()
                .filter(|c| !pairs.iter().any(|(_, v)| v == *c))
            {
                writeln!(
                    out,
                    r#"    <subquestion format="html"><text></text><answer><text>{}</text></answer></subquestion>"#,
                    escaped(choice)
                )?;
            }
        }
    }
    writeln!(out, "  </question>")
}
